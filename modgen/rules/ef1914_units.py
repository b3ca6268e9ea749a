"""The Eastern Front in WW1: what kind of unit a piece is, as several of the plugin's rules read it."""

from __future__ import annotations

from ..gamestate import GameState, UnitState
from ..plugin_api import once
from .common import neighbour_tables

COMBAT_TYPES = ("infantry", "cavalry")  # 2.1: a combat unit is any infantry or cavalry unit


def rail_mode(u: UnitState) -> bool:
    """8.2.4: an entrained unit bears a Rail Mode marker (its back is the Destination marker)."""
    return any(m.marker.kind == "rail_mode" and not m.back for m in u.markers)


def is_artillery(u: UnitState) -> bool:
    return u.unit.type == "artillery"


def is_combat(u: UnitState) -> bool:
    return u.unit.type in COMBAT_TYPES


def projects_zoc(u: UnitState) -> bool:
    """4.1: combat units and Fortresses (not Forts, artillery or supply units, nor units in Rail Mode)."""
    if rail_mode(u):
        return False
    return is_combat(u) or (u.unit.type == "fortress" and not u.unit.has("fort"))


def zoc_of(state: GameState, side: str) -> dict[str, list[str]]:
    """Hexes in the ZOC of the side's units -> the hexes of the units projecting it (4.1: not
    across lake or sea hexsides, nor Major/Grand River hexsides even at bridges: the map's
    hexside types that block ZOC). Once per save and side: the rules near the enemy and the supply
    trace of each side read it."""
    def compute() -> dict[str, list[str]]:
        _, zoc = neighbour_tables(state.game.map)
        out: dict[str, list[str]] = {}
        for u in state.units_on_map():
            if u.side == side and projects_zoc(u):
                for h in zoc.get(u.hex, ()):
                    out.setdefault(h, [])
                    if u.hex not in out[h]:
                        out[h].append(u.hex)
        return out
    return once(state, f"zoc:{side}", compute)


def enemy_zoc(state: GameState, side: str) -> dict[str, list[str]]:
    """Hexes in the ZOC of the side's enemies -> the hexes of the enemy units projecting it."""
    out: dict[str, list[str]] = {}
    for other in (s.id for s in state.game.sides if s.id != side):
        for h, srcs in zoc_of(state, other).items():
            out.setdefault(h, []).extend(x for x in srcs if x not in out[h])
    return out
