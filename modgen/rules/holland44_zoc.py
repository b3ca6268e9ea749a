"""Holland '44: ZOC bonds (7.4) and the cohesion they depend on (14.3).

Why a module of its own: the bonds are one concern, read by two others (the supply trace of
holland44_supply, 18.3, and a log's moves in holland44_log, 7.4.1), and worked out once per
position; kept apart, holland44.py stays the plugin's entry point and under the line limit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..gamestate import GameState, UnitState
from ..model import MapData, Unit
from ..plugin_api import once
from .common import neighbour_tables


def cohesion(u: UnitState) -> str:
    """good | disrupted | full_retreat, from the unit's Disrupted marker (back: Full Retreat)."""
    marks = [m for m in u.markers if m.marker.kind == "cohesion"]
    if not marks:
        return "good"
    return "full_retreat" if any(m.back for m in marks) else "disrupted"


@dataclass(frozen=True)
class Bond:
    """A ZOC bond (7.4) of one side: a hex, or a hexside (two hexes), between units a and b."""

    side: str
    a: str
    b: str
    hex: Optional[str] = None
    hexside: Optional[frozenset[str]] = None


def bonds(state: GameState) -> list[Bond]:
    """Every ZOC bond of the position, worked out once per state: supply reads them, and a log's
    check reads them for each unit that moves."""
    return once(state, "bonds", lambda: _negated_by(state, _bond_candidates(state), None))


def bonds_against(state: GameState, mover: UnitState) -> list[Bond]:
    """The bonds a moving unit meets: 7.4.3 negation by units of its side other than itself.

    7.4.3 (digest, reconstructed): "a friendly unit in the bond hex cancels a hex bond; for a
    hexside bond, a friendly unit in one of the two hexes next to the hexside"; the OCR keeps a
    bracketed aside on each ("(...unit...)") that the digest does not read. Reading 1: any
    unit of the mover's side negates, the mover included; then a unit standing beside a
    hexside bond negates it by standing there and may always cross it, and 7.2's proviso (a
    unit that starts in an EZOC may move into another "provided it does not cross a ZOC
    Bond") and 7.4.2 (enemy units may not cross a hexside bond) say nothing. Reading 2, taken
    (DECISION): the negating unit is another unit than the one moving; the bond must be
    negated by a unit that holds the hex. Units that start in the mover's hex negate it too
    (the log does not show whether they moved with it; the checker gives them the benefit)."""
    return _negated_by(state, _bond_candidates(state), mover)


def _negated_by(state: GameState, candidates: list[tuple[Bond, tuple[str, ...]]],
                mover: Optional[UnitState]) -> list[Bond]:
    """The candidate bonds that no unit of another side (the mover aside) negates (7.4.3)."""
    by_side: dict[str, set[str]] = {}
    for u in state.units_on_map():
        if mover is None or u.unit.id != mover.unit.id:
            by_side.setdefault(u.side, set()).add(u.hex or "")
    others = {side.id: set().union(*(h for s, h in by_side.items() if s != side.id)) for side in state.game.sides}
    return [bond for bond, cancel in candidates if not others[bond.side] & set(cancel)]


def _bond_candidates(state: GameState) -> list[tuple[Bond, tuple[str, ...]]]:
    return once(state, "bond_candidates", lambda: _bond_pairs(state))


def _bond_pairs(state: GameState) -> list[tuple[Bond, tuple[str, ...]]]:
    """7.4: Good Order units two hexes apart bond through the hex (in line) or the hexside
    between them, with the hexes where a unit of the other side would cancel it (7.4.3: the
    bond hex, or the two hexes beside the bonded hexside); no bond into terrain a bonding unit
    could not enter (7.4.6). DECISION: unknown units, supply heads and disrupted or
    retreating units form none."""
    game = state.game
    m = game.map
    nbrs, _ = neighbour_tables(m)
    out: list[tuple[Bond, tuple[str, ...]]] = []
    for side in game.sides:
        bonders = {u.hex: u for u in state.units_on_map() if u.side == side.id and cohesion(u) == "good"
                   and not (u.unit.has("unknown") or u.unit.has("supply_head"))}
        hexes = sorted(bonders)
        for i, a in enumerate(hexes):
            ring = set(nbrs[a])
            for b in hexes[i + 1:]:
                between = ring & set(nbrs[b])
                if not between or b in ring:
                    continue  # not two hexes apart
                ua, ub = bonders[a], bonders[b]
                if len(between) == 1:
                    mid = next(iter(between))
                    if _can_enter(m, ua.unit, a, mid) and _can_enter(m, ub.unit, b, mid):
                        out.append((Bond(side.id, a, b, hex=mid), (mid,)))
                    continue
                p, q = sorted(between)
                if all(any(_can_enter(m, u.unit, h, x) for x in (p, q)) for u, h in ((ua, a), (ub, b))):
                    out.append((Bond(side.id, a, b, hexside=frozenset((p, q))), (p, q)))
    return out


def _can_enter(m: MapData, unit: Unit, src: str, dst: str) -> bool:
    if m.terrain_types[m.terrain[dst]].closed_to(unit.tags):
        return False
    if m.crossing(src, dst):
        return True
    return not any(t.prohibits_tags(unit.tags) for t in m.side_types(src, dst))
