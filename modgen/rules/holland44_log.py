"""Holland '44: what a log's moves need beyond the TEC: 7.2 enemy ZOCs (stop on entering, +2 MP
to leave: declared in game.yaml), 7.4 ZOC bonds, 8.2 extended movement away from the enemy.

DECISION: tactical movement (8.3.1, one or two hexes whatever the cost) and infiltration (8.3.2)
are not recognised: a move they explain is reported with its cheapest path, for the players to
confirm. Units in Full Retreat project no ZOC (14.3); unknown units and supply heads form no bonds.
"""

from __future__ import annotations

from ..gamestate import GameState, UnitState
from ..plugin_api import MoveLimits
from .common import neighbour_tables, zoc_hexes


def move_limits(state: GameState, u: UnitState, bonds: list, cohesion) -> MoveLimits:
    """8.1 MA; 7.2 EZOC; 7.4.1 no crossing an enemy hexside bond, and from an EZOC no entering
    an enemy hex bond; never into an enemy-occupied hex."""
    m = state.game.map
    nbrs, _ = neighbour_tables(m)
    enemy = [e for e in state.units_on_map() if e.side != u.side]
    enemy_hexes = {e.hex for e in enemy}
    ezoc = frozenset(zoc_hexes(m, [e.hex for e in enemy if cohesion(e) != "full_retreat"]))
    closed = {h: ("8.1", f"{h} is occupied by an enemy unit") for h in enemy_hexes}
    sides: dict[frozenset[str], tuple[str, str]] = {}
    for b in bonds:
        if b.side == u.side:
            continue
        if b.hexside is not None:
            sides[b.hexside] = ("7.4", f"an enemy ZOC bond ({b.a}-{b.b}) lies on the hexside")
        elif b.hex is not None and u.hex in ezoc:
            closed.setdefault(b.hex, ("7.4", f"{b.hex} is an enemy ZOC bond hex ({b.a}-{b.b}), and the unit started in an EZOC"))
    near = frozenset(n for h in enemy_hexes for n in nbrs[h])
    face = u.unit.back if u.reduced and u.unit.back is not None else u.unit.front
    return MoveLimits(face.ma, ezoc, closed, sides, near)
