"""The loader lives in modgen/load/ (one module a data file, each with its JSON Schema);
this module keeps the old import path working."""

from __future__ import annotations

from .load import GameLoader, Node, ParsedFiles, discover_games, load_game
from .load.game import SYMBOLS
from .load.mapfile import HEXSIDE_STYLES
from .load.units import UNIT_FIELDS

__all__ = ["GameLoader", "HEXSIDE_STYLES", "Node", "ParsedFiles", "SYMBOLS", "UNIT_FIELDS", "discover_games", "load_game"]
