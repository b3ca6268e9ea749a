"""Battle for Galicia 1914: what a log shows beyond a save: movement limits (4.x, 6.3, 13.0),
cavalry reaction movement (12.1), each attack's odds and CRT result (8.x, 9.1-9.3), attack VP (15.1).

The core (modgen.check.logcheck) joins a unit's drops and finds its cheapest path; this module
tells it what the rules add to the TEC for one unit, which off-turn moves are reactions, and
judges each combat it can pair with the attacker's 2d6 roll.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from math import ceil
from typing import Optional

from ..gamestate import GameState, UnitState
from ..plugin_api import Finding, MoveLimits, PhaseLog, Roll, StepFinding, UnitMove, VPLine
from ..regions import hex_distances
from .common import neighbour_tables, zoc_hexes

RUSSIAN, AH = "russian", "ah"
X01_OPEN_GT = 6  # 4.5: "until after GT 5"
RELEASE_MARK = "release_gt"
CRT_DICE, LRT_DICE = "2d6", "1d6"
REACTION_PHASES = ("Movement", "Reinforcement")  # 12.1: "during an enemy Movement Phase (and enemy Reinforcement Phase)"
ATTACK_VP_LAST_GT = 9  # 15.1(1)
ODDS_COLUMNS = (1 / 3, 1 / 2, 1.5 / 2, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0)  # the CRT's columns, 1:3 ... 4:1
HALVING_SIDES = ("river", "ridge")  # TEC: attacking across halves strength and AV, rounding up
_PART = re.compile(r"^(?P<drm>[+-]\d+|-)?(?:\.?R(?P<r>\d+))?$")


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


# --------------------------------------------------------------------------- combat


@dataclass(frozen=True)
class CrtResult:
    text: str  # "+1/-1.R1"
    attacker_drm: int
    attacker_retreat: int
    defender_drm: int
    defender_retreat: int


def crt_result(cell: str) -> CrtResult:
    att, _, dfn = cell.partition("/")
    a, d = _part(att), _part(dfn)
    return CrtResult(cell, a[0], a[1], d[0], d[1])


def _part(text: str) -> tuple[int, int]:
    t = text.strip()
    m = _PART.match(t)
    if not m:
        raise ValueError(f"unreadable CRT result {text!r}")
    drm = m.group("drm")
    return (int(drm) if drm and drm != "-" else 0), int(m.group("r") or 0)


def _strength(u: UnitState, attacking: bool) -> int:
    """Printed attack or defense of its face, less its CE marker (-1/-2, 10.1) and supply (Low -1, Out -2, 11.1)."""
    face = u.unit.back if u.reduced and u.unit.back is not None else u.unit.front
    value = face.attack if attacking else face.defense
    for mk in u.markers:
        if mk.marker.kind == "combat_effect":
            value -= 2 if mk.back else 1
        elif mk.marker.kind == "supply":
            value -= 2 if mk.back else 1
    return value


def odds_column(attack: float, defense: float) -> int:
    """8.1: the ratio rounded down to the next listed column, in the defender's favour; -1 below 1:3."""
    ratio = attack / defense
    col = -1
    for i, c in enumerate(ODDS_COLUMNS):
        if ratio + 1e-9 >= c:
            col = i
    return col


def combat(ph: PhaseLog) -> tuple[list[StepFinding], list[StepFinding], list[VPLine]]:
    """Each 2d6 roll of the Combat Phase resolves one attack (9.1: the attacker rolls 2d6); the
    defender is the first non-phasing unit that changes after it, the attackers the phasing
    units next to the defender's hex that have not attacked yet in the phase.
    DECISION: a log does not say which adjacent units were withheld (7.4); all are counted, so
    an attack with withheld units is checked at odds at least as high as the real ones."""
    game = ph.start.game
    chart = next((c for c in game.charts if c.id == "crt"), None)
    findings: list[StepFinding] = []
    notes: list[StepFinding] = []
    vp: list[VPLine] = []
    crt_rolls = [r for r in ph.rolls if r.dice == CRT_DICE]
    used: set[str] = set()
    for k, roll in enumerate(crt_rolls):
        until = crt_rolls[k + 1].step if k + 1 < len(crt_rolls) else 10**9
        got = _one_attack(ph, chart, roll, until, used)
        if isinstance(got, str):
            notes.append(StepFinding(roll.step, Finding("9.1", "Combat not checkable", message=f"2d6 = {roll.total} at step {roll.step}: {got}")))
            continue
        f, attackers, hex_id = got
        findings += f
        if ph.gt is not None and ph.gt <= ATTACK_VP_LAST_GT and any(u.unit.type == "infantry" for u in attackers):
            vp.append(VPLine(ph.gt, ph.side or "", f"Attack on {hex_id} (step {roll.step})", 1))
    return findings, notes, vp


def _positions(ph: PhaseLog, before_step: int) -> dict[str, Optional[str]]:
    where: dict[str, Optional[str]] = {u.id: u.hex for u in ph.start.units}
    for mv in ph.moves:
        if mv.step >= before_step:
            break
        where[mv.unit] = mv.to if mv.on_map else None
    return where


def _one_attack(ph: PhaseLog, chart, roll: Roll, until: int, used: set[str]):
    game = ph.start.game
    m = game.map
    nbrs, _ = neighbour_tables(m)
    units = {u.id: u for u in ph.start.units}
    where = _positions(ph, roll.step)
    window = [mv for mv in ph.moves if roll.step < mv.step < until]
    touched = sorted([(mv.step, mv.unit) for mv in window] + [c for c in ph.changed if roll.step < c[0] < until])
    touched = [uid for _, uid in touched]
    defender = next((uid for uid in touched if units[uid].side != ph.side and where.get(uid)), None)
    if chart is None:
        return "the game data has no CRT (chart id crt)"
    if defender is None:
        return "no defending unit moved or changed before the next roll: the attack cannot be paired"
    target = where[defender]
    defenders = [units[uid] for uid, h in where.items() if h == target and units[uid].side != ph.side]
    attackers = [units[uid] for uid, h in where.items() if h in nbrs[target] and units[uid].side == ph.side
                 and uid not in used and _strength(units[uid], True) > 0]
    if not attackers:
        return f"no phasing unit next to {target} can have attacked it"
    used.update(u.id for u in attackers)
    attack = 0
    for u in attackers:
        s = _strength(u, True)
        crossing = m.side_features(where[u.id], target)
        attack += ceil(s / 2) if crossing & set(HALVING_SIDES) and not m.crossing(where[u.id], target) else s
    strengths = [_strength(u, False) for u in defenders]
    defense = sum(s for s in strengths if s > 0) or 1  # 7.x: a lone unit of 0 or less defends at 1
    col = odds_column(attack, defense)
    przemysl = set(m.area("przemysl").hexes) if m.area("przemysl") else set()
    near_fortress = bool(set(nbrs[target]) & przemysl) or target in przemysl
    if near_fortress:  # 13.0: two shifts in the A-H units' favour
        col += -2 if defenders[0].side == AH else 2
    col = min(col, len(ODDS_COLUMNS) - 1)
    label = f"attack {attack} against defense {defense} on {target}"
    if col < 0:
        return [StepFinding(roll.step, Finding("8.1", "Attack below 1:3", (target,), tuple(u.id for u in attackers),
                                               f"{label}: a final ratio below 1:3 is not allowed"))], attackers, target
    row = next((r for r in chart.rows if r[0] == str(roll.total)), None)
    if row is None:
        return f"2d6 = {roll.total} is no CRT row"
    result = crt_result(row[col + 1])
    return _retreats(ph, result, roll, label, target, defenders, attackers, window, where), attackers, target


def _retreats(ph: PhaseLog, result: CrtResult, roll: Roll, label: str, target: str, defenders: list[UnitState],
              attackers: list[UnitState], window: list[UnitMove], where: dict[str, Optional[str]]) -> list[StepFinding]:
    """9.2: a defender with R# ends # hexes away (one more to avoid an over-stack), or is
    eliminated; without R it stays. 9.3: only attackers advance, only into the vacated hex."""
    m = ph.start.game.map
    nbrs, _ = neighbour_tables(m)
    out: list[StepFinding] = []
    end = dict(where)
    last_step: dict[str, int] = {}
    for mv in window:
        end[mv.unit] = mv.to if mv.on_map else None
        last_step[mv.unit] = mv.step
    why = f"{label}, 2d6 = {roll.total}: CRT {result.text}"

    def distance(a: str, b: str) -> int:
        return hex_distances([a], lambda h: nbrs[h], radius=6).get(b, 99)

    for u in defenders:
        now = end.get(u.id)
        step = last_step.get(u.id, roll.step)
        if now is None:
            continue  # eliminated
        d = distance(target, now)
        want = result.defender_retreat
        surrounded = all(n in {where[a.id] for a in attackers} or n in _enemy_hexes(ph, u, where) for n in nbrs[target])
        if want and d == 0 and surrounded:
            continue  # 9.2.3: unable to retreat (CE losses instead)
        if d == want + 1 and want and _overstack_beyond(ph, u, target, now, want, end, distance):
            continue  # 9.2: one more hex to avoid an over-stack in the last hex
        if d != want:
            out.append(StepFinding(step, Finding("9.2", "Combat result not applied", (target, now), (u.id,),
                                                 f"{why}: defender {u.id} ended {d} hex(es) from {target}, "
                                                 f"the result calls for {want}")))
    vacated = all(end.get(u.id) != target for u in defenders)
    for u in attackers:
        now = end.get(u.id)
        step = last_step.get(u.id, roll.step)
        if now is None or now == where[u.id]:
            if result.attacker_retreat and now is not None:
                out.append(StepFinding(roll.step, Finding("9.2", "Combat result not applied", (where[u.id],), (u.id,),
                                                     f"{why}: attacker {u.id} must retreat {result.attacker_retreat}")))
            continue
        d = distance(where[u.id], now)
        if result.attacker_retreat:
            if d != result.attacker_retreat:
                out.append(StepFinding(step, Finding("9.2", "Combat result not applied", (now,), (u.id,),
                                                     f"{why}: attacker {u.id} moved {d} hex(es), the result calls for "
                                                     f"a retreat of {result.attacker_retreat}")))
        elif not (vacated and now == target):
            out.append(StepFinding(step, Finding("9.3", "Advance other than into the vacated hex", (now,), (u.id,),
                                                 f"{why}: attacker {u.id} moved to {now}; it may only advance into "
                                                 f"{target}, and only once the defenders left it")))
    return out


def _overstack_beyond(ph: PhaseLog, u: UnitState, target: str, now: str, want: int, end: dict[str, Optional[str]],
                      distance) -> bool:
    """Would every hex `want` hexes from the fight, next to where the unit ended, have been
    over-stacked by it (5.1: six steps)? Then its extra hex is the 9.2 exception."""
    game = ph.start.game
    limit = game.stacking.limit
    units = {x.id: x for x in ph.start.units}
    mine = game.unit_steps(u.unit, u.reduced) or 1
    last = [c for c in game.map.neighbours(now) if distance(target, c) == want]
    if limit is None or not last:
        return False
    def steps_at(h: str) -> int:
        return sum(game.unit_steps(units[i].unit, units[i].reduced) or 1 for i, at in end.items()
                   if at == h and units[i].side == u.side and i != u.id)
    return all(steps_at(c) + mine > limit for c in last)


def _enemy_hexes(ph: PhaseLog, u: UnitState, where: dict[str, Optional[str]]) -> set[str]:
    return {h for uid, h in where.items() if h and next((x for x in ph.start.units if x.id == uid)).side != u.side}
