"""VASSAL's file formats, byte for byte: piece strings, saves, logs and module archives.

modgen both writes modules/saves that the real engine must load and reads saves the
engine wrote, so everything here follows VASSAL's own encoders (SequenceEncoder,
Decorator, BasicCommandEncoder, GameState) rather than a looser reading of the format.
See /work/shared/reference/vassal-format.md for the citations.
"""
