"""Battle for Galicia 1914 (rules of play, English edition): what a log's moves need beyond the
TEC: movement limits (4.1, 4.5, 13.0, 2.1) and cavalry reaction movement (12.1). Combat is
galicia1914_combat.

The core (modgen.check.logcheck) joins a unit's drops and finds its cheapest path; this module
tells it what the rules add to the TEC for one unit, and which off-turn moves are reactions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..gamestate import GameState, UnitState
from ..plugin_api import Finding, MoveLimits, PhaseLog, UnitMove
from .common import neighbour_tables, zoc_hexes

RUSSIAN = "russian"
X01_OPEN_GT = 6  # 4.5: "until after GT 5"
RELEASE_MARK = "release_gt"
REACTION_PHASES = ("Movement", "Reinforcement")  # 12.1: "during an enemy Movement Phase (and enemy Reinforcement Phase)"


def _areas(state: GameState) -> tuple[set[str], set[str]]:
    m = state.game.map
    przemysl = set(m.area("przemysl").hexes) if m.area("przemysl") else set()
    restricted = set(m.area("ah_restricted").hexes) if m.area("ah_restricted") else set()
    return przemysl, restricted


def allowance(u: UnitState) -> int:
    face = u.unit.back if u.reduced and u.unit.back is not None else u.unit.front
    return face.ma


def move_limits(state: GameState, u: UnitState) -> MoveLimits:
    """4.1 the unit's MA; never into an enemy-occupied hex (4.1), Fortress Przemysl for Russians
    (13.0), hex-row X.01 for A-H units until after GT 5 (4.5). 6.3: friendly units do not negate
    an EZOC for movement; 6.1: no ZOC across a river hexside."""
    m = state.game.map
    enemy = {e.hex for e in state.units_on_map() if e.side != u.side}
    closed = {h: ("4.1", f"{h} is occupied by an enemy unit") for h in enemy}
    przemysl, restricted = _areas(state)
    if u.side == RUSSIAN:
        closed.update({h: ("13.0", "a Russian unit can never enter Fortress Przemysl") for h in przemysl})
    elif state.turn is not None and state.turn < X01_OPEN_GT:
        closed.update({h: ("4.5", f"no A-H unit may move into {h} (hex-row X.01) until after GT 5") for h in restricted})
    release = u.unit.mark(RELEASE_MARK)
    held: tuple[str, str] = ()
    if release and state.turn is not None and state.turn < int(release):
        held = ("2.1", f"its movement-restriction dot releases it on GT {release}")  # not even the minimum move
    return MoveLimits(allowance(u), frozenset(zoc_hexes(m, enemy)), closed, held=held)


TRIGGERS = ("Trigger 1, an enemy unit moves adjacent to a cavalry unit that is not already adjacent to any enemy "
            "unit; Trigger 2, an enemy unit moves from one hex adjacent to a cavalry unit into another hex that is "
            "adjacent to that cavalry unit or any other friendly unit")
REACTION_TITLE = "Cavalry reaction without a 12.1 trigger"


@dataclass(frozen=True)
class Trigger:
    """An enemy move that lets a cavalry unit react (12.1.1): the step, the unit, where it went and
    where it came from (None: placed from a box, 14.0 play note)."""

    step: int
    unit: str
    to: str
    was: Optional[str]
    number: int  # 1 or 2


def off_turn_move(ph: PhaseLog, before: UnitState, after: UnitState, moves: list[UnitMove]) -> bool:
    """12.1 Cavalry Reaction Movement: in the enemy's Movement or Reinforcement Phase, a cavalry
    unit moves one hex after an enemy move triggered it (12.1.1), not into an EZOC but that of the
    triggering unit (friendly units negate EZOCs here, 12.1.3), and under Trigger 2 not into the
    hex the enemy just left (12.1.2). DECISION: the trigger is read from the log's earlier drops in
    the phase (which one the player announced is not recorded), so any of them will do."""
    return reaction_refused(ph, before, after, moves) is None


def off_turn_refusal(ph: PhaseLog, before: UnitState, after: UnitState, moves: list[UnitMove]) -> Optional[Finding]:
    """The finding for a non-phasing cavalry move in a phase 12.1 names that it does not allow,
    saying why (no trigger found, which triggers 12.1.1 gives); None for any other unit or phase,
    whose move breaks 3.2 as the core words it."""
    if before.unit.type != "cavalry" or ph.phase not in REACTION_PHASES or before.hex is None or after.hex is None:
        return None
    why = reaction_refused(ph, before, after, moves)
    if why is None:
        return None
    return Finding("12.1", REACTION_TITLE if why.startswith("no 12.1.1 trigger") else "Cavalry reaction not allowed",
                   (after.hex,), (before.id,), f"{before.id} ({ph.start.game.side(before.side).name}) moved "
                   f"{before.hex} -> {after.hex} in {ph.label()}: {why}")


def reaction_refused(ph: PhaseLog, before: UnitState, after: UnitState, moves: list[UnitMove]) -> Optional[str]:
    """Why 12.1 does not allow this move (None: it does)."""
    if before.unit.type != "cavalry" or ph.phase not in REACTION_PHASES or before.hex is None or after.hex is None:
        return "only cavalry may react (12.1), in the enemy's Movement or Reinforcement Phase"
    nbrs, _ = neighbour_tables(ph.start.game.map)
    if after.hex not in nbrs[before.hex]:
        return f"12.1.2: a reacting cavalry unit \"may immediately move one hex\"; {after.hex} is not next to {before.hex}"
    triggers = _triggers(ph, before, moves[0].step)
    if not triggers:
        return (f"no 12.1.1 trigger found before its move (step {moves[0].step}): {TRIGGERS}; no enemy move "
                f"earlier in the phase did either")
    refusals = [_destination_refused(ph, before, after, t) for t in triggers]
    if any(r is None for r in refusals):
        return None
    return f"after the trigger at step {triggers[-1].step} ({triggers[-1].unit} to {triggers[-1].to}), {refusals[-1]}"


def _triggers(ph: PhaseLog, cav: UnitState, first_step: int) -> list[Trigger]:
    """The enemy drops before the cavalry's move that trigger it (12.1.1), in the order made."""
    nbrs, _ = neighbour_tables(ph.start.game.map)
    near = set(nbrs[cav.hex])
    where = {u.id: u.hex for u in ph.start.units}
    out: list[Trigger] = []
    for mv in ph.moves:
        if mv.step >= first_step:
            break
        was = where.get(mv.unit)
        enemies_near = {where[u.id] for u in ph.start.units if u.side != cav.side and where.get(u.id) in near}
        where[mv.unit] = mv.to if mv.on_map else None
        if mv.side == cav.side or not mv.on_map or mv.to == was:
            continue
        friends = {where[u.id] for u in ph.start.units if u.side == cav.side and u.id != cav.id and where.get(u.id)}
        if mv.to in near and not enemies_near:
            out.append(Trigger(mv.step, mv.unit, mv.to, was, 1))
        elif was in near and (mv.to in near or any(mv.to in nbrs[f] for f in friends)):
            out.append(Trigger(mv.step, mv.unit, mv.to, was, 2))
    return out


def _destination_refused(ph: PhaseLog, cav: UnitState, after: UnitState, t: Trigger) -> Optional[str]:
    """12.1.2 / 12.1.3 on the hex reacted into, with the units where they stood after the trigger."""
    m = ph.start.game.map
    where = {u.id: u.hex for u in ph.start.units}
    for mv in ph.moves:
        if mv.step > t.step:
            break
        where[mv.unit] = mv.to if mv.on_map else None
    enemy = {where[u.id] for u in ph.start.units if u.side != cav.side and where.get(u.id)}
    others = {where[u.id] for u in ph.start.units if u.side != cav.side and u.id != t.unit and where.get(u.id)}
    friendly = {where[u.id] for u in ph.start.units if u.side == cav.side and u.id != cav.id and where.get(u.id)}
    if after.hex in enemy:
        return f"{after.hex} is enemy-occupied (4.1)"
    if t.number == 2 and after.hex == t.was:
        return f"12.1.2: under Trigger 2 not \"into the hex the enemy unit has just vacated\" ({t.was})"
    if after.hex in zoc_hexes(m, others) - friendly:
        return f"12.1.3: {after.hex} is in the ZOC of an enemy unit other than the one that triggered the move"
    return None
