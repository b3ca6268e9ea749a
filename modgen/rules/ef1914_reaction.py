"""The Eastern Front in WW1: a cavalry unit's reaction (9.1) as a log shows it.

Source: The Eastern Front in WW1: 1914, Twilight in the East, Living Rules (June 2014), 9.1 Cavalry Reaction Movement:
"During an enemy movement phase friendly Cavalry type units may exercise the option of Cavalry Reaction Movement.
Reaction movement may be Triggered in two ways: Trigger 1: an enemy unit moves adjacent to a cavalry unit that is not
already adjacent to any enemy unit, or Trigger 2: an enemy unit moves from one hex adjacent to a cavalry unit into
another hex that is adjacent to that same cavalry unit or any other friendly unit." ... "the friendly cavalry unit may
immediately move one hex." ... "Demoralized & Out of Supply Cavalry: Cavalry units that are both Demoralized (7.3) and
Out of Supply cannot exercise Cavalry Reaction."

modgen.rules.ef1914_log accepts a one-hex move of a cavalry unit of the side not moving as a reaction; this module
refuses it where the log shows it cannot be one:
- Either trigger needs an enemy unit next to the cavalry unit during its move. The log shows drops, not paths, nor
  when a unit passed (a reaction comes in the middle of the enemy's move, before its drop): a reaction is refused only
  when no unit of the side moving in the phase could have come next to the cavalry unit's hex at all, that is when
  each of them, from where it stood when the phase began, is more hexes away from every hex next to it than its
  allowance with a forced march (8.3) pays for at the cheapest cost a hex can have (the cheapest terrain or roadway
  of the map: no terrain, hexside or EZOC is read, so the bound is never too short). A unit the log shows coming
  from off the map, in Rail Mode, or set down beyond that bound or at a RR Station (2.2: a town on a RR line; it may
  have come by rail) could have passed anywhere: then nothing is refused.
- Demoralized and Out of Supply: a Disorder marker (7.4 PLAY NOTE "Disordered units are simply Demoralized units")
  and an Out of Supply marker on it when the phase began. A formation demoralized on its Attachment track only is not
  read (the displays), so such a reaction stands.
Not read: the reaction's other restrictions ("Units may not move by Cavalry Reaction into an EZOC other than the ZOC
of the unit which triggered the move"; Trigger 2's "not into the hex the enemy unit has just vacated"): which unit
triggered it is not in the log.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Optional

from ..gamestate import GameState, UnitState
from ..plugin_api import Finding, PhaseLog, UnitMove, once
from ..regions import hex_distances
from . import ef1914_log
from .common import neighbour_tables
from .ef1914_units import rail_mode

REACTION_TITLE = "Cavalry reaction the rules do not allow"


def _cheapest_hex(state: GameState) -> Optional[float]:
    """The least MP entering a hex can cost on the map: its cheapest terrain or roadway (a railway as a roadway is at
    the cheapest roadway's rate, ef1914_log._rail_road_links); None when no cost is a number. Once per map."""
    def compute() -> Optional[float]:
        m = state.game.map
        costs = [c for c in (_number(t.move) for t in list(m.terrain_types.values()) + list(m.road_types.values()))
                 if c is not None and c > 0]
        return min(costs, default=None)
    return once(state, "ef1914:cheapest-hex", compute)


def _number(text: str) -> Optional[float]:
    try:
        return float(Fraction(text.strip()))
    except (ValueError, ZeroDivisionError):
        return None


def _bound(state: GameState, u: UnitState) -> Optional[int]:
    """The most hexes the unit's move on foot could span (its allowance and forced march at the cheapest hex cost);
    None: not bounded (in Rail Mode, a depot moving by rail only, no cost on the map)."""
    cheapest = _cheapest_hex(state)
    if rail_mode(u) or u.unit.has("depot") or not cheapest:
        return None
    return math.floor((ef1914_log.allowance(state, u) + ef1914_log.FORCED_MARCH.get(u.unit.type, 0.0)) / cheapest + 1e-9)


def _mover(ph: PhaseLog) -> Optional[str]:
    if ph.phase == ef1914_log.COUNTER_MOVEMENT:
        return next((s.id for s in ph.start.game.sides if s.id != ph.side), None)
    return ph.side


def _could_come_next_to(ph: PhaseLog, hex_id: str) -> bool:
    """Whether some unit of the side moving in the phase may have stood next to `hex_id` during its move (see the
    module's words)."""
    mover = _mover(ph)
    nbrs, _ = neighbour_tables(ph.start.game.map)
    start = {u.id: u for u in ph.start.units}
    drops: dict[str, list[UnitMove]] = {}
    for mv in ph.moves:
        if mv.side == mover:
            drops.setdefault(mv.unit, []).append(mv)
    m = ph.start.game.map
    stations = {t.hex for t in m.towns} & m.rail_hexes()  # 2.2, as the supply trace reads them
    bounds: dict[str, int] = {}
    for uid, mvs in drops.items():
        u = start.get(uid)
        bound = _bound(ph.start, u) if u is not None and u.hex is not None else None
        if bound is None:
            return True  # an arrival, or in Rail Mode: not bounded
        near = hex_distances([u.hex], lambda h: nbrs.get(h, ()), radius=bound)  # type: ignore[list-item]
        if any(mv.on_map and (mv.to not in near or mv.to in stations) for mv in mvs):
            return True  # set down beyond its reach on foot, or at a RR Station: maybe by rail, anywhere along a line
        bounds[uid] = bound
    if not bounds:
        return False
    around = hex_distances(nbrs.get(hex_id, ()), lambda h: nbrs.get(h, ()), radius=max(bounds.values()))
    return any(around.get(start[uid].hex or "", math.inf) <= bound for uid, bound in bounds.items())


def refused(ph: PhaseLog, before: UnitState) -> Optional[str]:
    """Why a one-hex move of a cavalry unit of the side not moving cannot be a reaction (9.1); None: it may be one."""
    kinds = {(m.marker.kind, m.marker.id) for m in before.markers}
    if any(k == "disorder" for k, _ in kinds) and any(i == "out-of-supply" for _, i in kinds):
        return ("it bore a Disorder and an Out of Supply marker (9.1: \"Cavalry units that are both Demoralized (7.3) and "
                "Out of Supply cannot exercise Cavalry Reaction\"; 7.4: \"Disordered units are simply Demoralized units\")")
    if before.hex is not None and not _could_come_next_to(ph, before.hex):
        return ("no unit of the side moving could have come next to it in the phase (9.1 Trigger 1: \"an enemy unit "
                "moves adjacent to a cavalry unit\", Trigger 2: \"an enemy unit moves from one hex adjacent to a cavalry "
                "unit\"): each stood further from it than its allowance and forced march can cover")
    return None


def _one_hex_cavalry(ph: PhaseLog, before: UnitState, after: UnitState) -> bool:
    if ph.phase not in (ef1914_log.MOVEMENT, ef1914_log.COUNTER_MOVEMENT) or before.hex is None or after.hex is None:
        return False
    nbrs, _ = neighbour_tables(ph.start.game.map)
    return before.unit.type == "cavalry" and not rail_mode(before) and after.hex in nbrs[before.hex]


def off_turn_move(ph: PhaseLog, before: UnitState, after: UnitState, moves: list[UnitMove]) -> bool:
    """ef1914_log.off_turn_move, less the cavalry reactions refused here."""
    if _one_hex_cavalry(ph, before, after) and refused(ph, before) is not None:
        return False
    return ef1914_log.off_turn_move(ph, before, after, moves)


def off_turn_refusal(ph: PhaseLog, before: UnitState, after: UnitState, moves: list[UnitMove]) -> Optional[Finding]:
    """9.1's finding for a one-hex cavalry move of the side not moving that cannot be a reaction; else
    ef1914_log.off_turn_refusal (8.5's for a two-hex move no Repulse explains)."""
    if _one_hex_cavalry(ph, before, after):
        why = refused(ph, before)
        if why is not None:
            return Finding("9.1", REACTION_TITLE, (after.hex or "",), (before.id,), f"{before.id} "
                           f"({ph.start.game.side(before.side).name}) moved {before.hex} -> {after.hex} in {ph.label()}: "
                           f"read as a cavalry reaction (9.1: \"the friendly cavalry unit may immediately move one hex\"), "
                           f"but {why}")
    return ef1914_log.off_turn_refusal(ph, before, after, moves)
