"""Battle for Galicia 1914: what a log's moves need beyond the TEC: movement limits (4.1, 4.5,
13.0, 2.1) and cavalry reaction movement (12.1). Combat is galicia1914_combat.

The core (modgen.check.logcheck) joins a unit's drops and finds its cheapest path; this module
tells it what the rules add to the TEC for one unit, and which off-turn moves are reactions.
"""

from __future__ import annotations

from ..gamestate import GameState, UnitState
from ..plugin_api import MoveLimits, PhaseLog, UnitMove
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


def off_turn_move(ph: PhaseLog, before: UnitState, after: UnitState, moves: list[UnitMove]) -> bool:
    """12.1 Cavalry Reaction Movement: in the enemy's Movement or Reinforcement Phase, a cavalry
    unit moves one hex once an enemy unit has moved next to it (Trigger 1), or from one hex next
    to it into another next to it or to another friendly unit (Trigger 2); not into an EZOC but
    that of the triggering unit (friendly units negate EZOCs here, 12.1.3), and under Trigger 2
    not into the hex the enemy just left. DECISION: the trigger is read from the log's earlier
    drops in the phase; which trigger the player claimed is not recorded, so either will do."""
    if before.unit.type != "cavalry" or ph.phase not in REACTION_PHASES or before.hex is None or after.hex is None:
        return False
    m = ph.start.game.map
    nbrs, _ = neighbour_tables(m)
    if after.hex not in nbrs[before.hex]:
        return False
    first = moves[0].step
    where = {u.id: u.hex for u in ph.start.units}
    for mv in ph.moves:
        if mv.step >= first:
            break
        was = where.get(mv.unit)
        where[mv.unit] = mv.to if mv.on_map else None
        if mv.side == before.side or not mv.on_map or mv.to not in nbrs[before.hex]:
            continue
        others = {where[u.id] for u in ph.start.units if u.side != before.side and u.id != mv.unit and where.get(u.id)}
        friendly = {where[u.id] for u in ph.start.units if u.side == before.side and u.id != before.id and where.get(u.id)}
        if after.hex in zoc_hexes(m, others) - friendly or after.hex in others or after.hex == mv.to:
            continue
        if was is not None and was in nbrs[before.hex] and after.hex == was:
            continue  # Trigger 2: not into the hex the enemy just left
        return True
    return False
