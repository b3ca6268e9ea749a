"""Warnings the module prints in the chat as a player moves, generated from the same declarations as the
checker's findings (issue 25): what a rule says once gives both, so they cannot drift.

Built so far: a unit dropped on terrain closed to it (map.yaml `prohibited`, `prohibited_for` by unit tag)
warns at once, under the game's `movement.prohibited_rule` with the title of the save checker's finding
(modgen.movement.prohibited_title, modgen.rules.common.prohibited_terrain). How: the main map applies
MOVED_KEY to every piece a player moves (Map `moveKey`); a unit closed to some terrain has a Trigger
Action on that key whose property match reads the Terrain of the hex it stands on (its zone's property,
modgen.vmod.terrainzones) and fires a Report Action. The module preference WARNINGS_PREFERENCE turns them off.
"""

from __future__ import annotations

from ..model import Game, Unit
from ..movement import prohibited_title
from ..vassal import pieces as vp
from ..vassal.pieces import beanshell_string
from .reports import FIRST_PRIVATE_KEY

CTRL = 130  # the modifiers VASSAL writes for Ctrl (old and new masks)
MOVED_KEY = f"{FIRST_PRIVATE_KEY},{CTRL}"  # Ctrl+F13: the key the main map sends each piece a player moves
PROHIBITED_KEY = f"{FIRST_PRIVATE_KEY + 1},{CTRL}"  # Ctrl+F14: fires the prohibited-terrain warning
WARNINGS_PREFERENCE = "RulesWarnings"  # the module's Boolean preference (a global property true/false)
TERRAIN_PROPERTY = "Terrain"  # a hex's terrain name: its zone's property, else the map's (modgen.vmod.buildfile)


def closed_terrain(game: Game, unit: Unit) -> list[str]:
    """The names of the terrain types closed to the unit, in the map's order."""
    return [t.name for t in game.map.terrain_types.values() if t.closed_to(unit.tags)]


def drop_warnings(game: Game, unit: Unit) -> list[vp.Trait]:
    """The unit's warning on a drop onto terrain closed to it: a Report Action and the Trigger Action
    that fires it; none for a unit no terrain is closed to, or a game that declares no prohibited rule."""
    names = closed_terrain(game, unit)
    rule = game.movement.prohibited_rule if game.movement else ""
    if not names or not rule:
        return []
    match = " || ".join(f"{TERRAIN_PROPERTY}=={beanshell_string(n)}" for n in names)
    text = f"! {rule} {prohibited_title(f'${TERRAIN_PROPERTY}$')}: $newPieceName$ in $location$"
    return [
        vp.report_action([PROHIBITED_KEY], text, description=f"Warn: {rule} prohibited terrain"),
        vp.trigger_action([MOVED_KEY], [PROHIBITED_KEY], f"{{{WARNINGS_PREFERENCE}==true && ({match})}}",
                          name=f"Warn: {rule} prohibited terrain"),
    ]


def warned_rules(game: Game) -> list[tuple[str, str]]:
    """(rule, what) of each warning the module prints, for the Help page."""
    if not game.movement or not game.movement.prohibited_rule:
        return []
    if not any(closed_terrain(game, u) for u in game.units.values()):
        return []
    closed = [t.name if t.prohibited else f"{t.name} for {', '.join(t.prohibited_for)}"
              for t in game.map.terrain_types.values() if t.prohibited or t.prohibited_for]
    return [(game.movement.prohibited_rule, f"a unit is dropped on terrain closed to it ({', '.join(closed)})")]
