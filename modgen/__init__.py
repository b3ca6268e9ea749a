"""modgen: compile declarative hex-and-counter game data into VASSAL modules, and check saved games."""

__version__ = "0.2.0"
