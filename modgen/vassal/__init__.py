"""VASSAL's file formats, byte for byte: piece strings, saves, logs and module archives.

modgen both writes modules/saves that the real engine must load and reads saves the
engine wrote, so everything here follows VASSAL's own encoders (SequenceEncoder,
Decorator, BasicCommandEncoder, GameState) rather than a looser reading of the format.
Each module cites the VASSAL source it follows (repository vassalengine/vassal, by class).
"""
