"""The names a modgen module gives its windows, layers and boxes: one place for both sides.

The module writer names them and the save reader finds pieces by them. Both import this
module; the reader never imports the writer, so a change to how modules are written cannot
silently change how saves are read.
"""

from __future__ import annotations

import re

MAIN_MAP = "Main Map"  # the window of the hex map
TRACKS_MAP = "Tracks"  # the display window a game gets when it declares none (modgen.displays)

STEP_LAYER = "Step"  # a unit's Layer trait: level 1 full strength, 2 reduced
FACE_LAYER = "Face"  # a two-sided marker's Layer trait: level 1 front, 2 back
LAYER_NAME_FIELD = 18  # the emb2 type field holding the layer name (modgen.vassal.pieces.layer order)

# The module global property holding the id of the scenario a game started from: each predefined
# setup sets it, VASSAL keeps it in every save continued from there, the checker reads it.
SCENARIO_PROPERTY = "Scenario"

# The moved marker (Mark When Moved): its image, drawn by the art, and where the piece trait puts it,
# over the top right corner of a counter of the game's counter size.
MOVED_IMAGE = "moved.png"
MOVED_SIZE = 18


def moved_offset(counter: int) -> tuple[int, int]:
    """Where the moved marker stands from a counter's centre: over its top right corner."""
    return counter // 2 - MOVED_SIZE + 4, -counter // 2 - 4


UNIT_ID_PROPERTY = "UnitId"
FACTORS_PROPERTY = "Factors"  # a unit's factor row as printed ("4-5-6", the side up's): the stack viewer shows it
MARKER_ID_PROPERTY = "MarkerId"

# The checker's findings drawn on the map (`modgen check --annotate`): a piece per finding, in a Game
# Piece Layer of its own above the units, which a toolbar button hides. A piece's layer is its
# MAP_LAYER_PROPERTY: every unit's and marker's Marker says UNITS_LAYER, the finding marker's says
# FINDINGS_LAYER (modgen.vmod.navigation.findings_layer). The reader skips pieces of FINDING_KIND: a
# checked save reads as the original.
MAP_LAYER_PROPERTY = "MapLayer"
UNITS_LAYER, FINDINGS_LAYER = "Units", "Findings"
FINDING_IMAGE = "finding.png"
FINDING_KIND = "finding"  # also the finding marker's item id: its gpid is game.gpid(FINDING_KIND, FINDING_KIND)
FINDING_PROPERTIES = ("Kind", "Rule", "Finding")  # the finding marker's Marker trait: kind, rule number, words


def finding_size(counter: int) -> int:
    """The finding ring's width: round a counter of the game's size (and the moved marker on its corner)."""
    return counter + 2 * MOVED_SIZE


def turn_property(label: str) -> str:
    """The turn tracker's property holding the game turn: its label without spaces ("GT", "Stage")."""
    return label.replace(" ", "")


def entry_box_name(area: str) -> str:
    """The Tracks box of an off-map entry area."""
    return f"Entry {area}"


def vp_box_name(vp: int) -> str:
    """The box of a VP track holding the value vp."""
    return f"VP {vp}"


VP_BOX = re.compile(r"^VP (-?\d+)$")  # a tug-of-war track runs below zero


def eliminated_box_name(side_name: str) -> str:
    """The box a side's eliminated units are sent to."""
    return f"Eliminated {side_name}"
