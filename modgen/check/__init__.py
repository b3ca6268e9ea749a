"""The sidecar checker: read a PBEM save into the state the rules see, check it, report.

reader.py turns a save (plus its module) into a GameState; modgen.rules holds the rules
plugins (one per game) that find illegal positions, trace supply and add up VP;
report.py and picture.py present the result; run.py ties them together for the CLI.
"""
