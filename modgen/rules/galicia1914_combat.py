"""Battle for Galicia 1914: each attack a log shows, paired with the attacker's 2d6 roll (8.3),
its odds recomputed (8.1, 8.2, 7.7, 7.8, 13.0) and the retreats and advances it was resolved
with judged against the CRT (9.1-9.3); the attacks by infantry earn VP (15.1(1)).

Pairing: a 2d6 roll in the Combat Phase resolves one attack; the defender is the first
non-phasing unit that moves or changes after it (before the next 2d6), the defending hex its hex.
A log does not say which adjacent units attacked and which were withheld (7.2, 7.3, 7.5, 7.6).
DECISION: the result applied is accepted when some legal choice explains it: any attackers next to
the hex that may attack together (one Corps plus one unit, or two independent units, 7.2; never
cavalry with infantry, 7.5; strength above 0, 7.4) against any defenders of the hex the command
limits allow (7.3). The LRT (9.4) is not judged: its CE reductions are markers placed by hand,
and its DRMs include the retreat priorities (9.2.1), which a log cannot show; it is listed as
not checkable.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import combinations
from math import ceil
from typing import Iterable, Optional

from ..gamestate import UnitState
from ..plugin_api import Finding, PhaseLog, Roll, StepFinding, VPLine
from ..regions import hex_distances
from .common import neighbour_tables, zoc_hexes

AH = "ah"
CRT_DICE = "2d6"
ATTACK_VP_LAST_GT = 9  # 15.1(1): "during GTs 1-9"
ODDS = ((1, 3), (1, 2), (1.5, 2), (1, 1), (1.5, 1), (2, 1), (2.5, 1), (3, 1), (4, 1))  # the CRT's columns
HALVING_SIDES = frozenset({"river", "ridge"})  # 7.7: halved across a River or Ridge hexside, fractions up
FLANK_SHIFT, FORTRESS_SHIFT = 2, 2  # 7.8, 13.0
_PART = re.compile(r"^(?P<drm>[+-]\d+|-)?(?:\.?R(?P<r>\d+))?$")


@dataclass(frozen=True)
class CrtResult:
    text: str  # "+1/-1.R1": attacker / defender
    attacker_retreat: int
    defender_retreat: int


def crt_result(cell: str) -> CrtResult:
    att, _, dfn = cell.partition("/")
    return CrtResult(cell, _retreat(att), _retreat(dfn))


def _retreat(text: str) -> int:
    m = _PART.match(text.strip())
    if not m:
        raise ValueError(f"unreadable CRT result {text!r}")
    return int(m.group("r") or 0)


def strength(u: UnitState, attacking: bool) -> int:
    """Printed attack or defense of its face, less its CE marker (-1, or -2 flipped: 10.1) and its
    supply marker (Low-Supply -1, Out-of-Supply -2: 11.1)."""
    face = u.unit.back if u.reduced and u.unit.back is not None else u.unit.front
    value = face.attack if attacking else face.defense
    for mk in u.markers:
        if mk.marker.kind in ("combat_effect", "supply"):
            value -= 2 if mk.back else 1
    return value


def odds_column(attack: float, defense: float) -> int:
    """8.1: the ratio rounded to the next listed column in the defender's favour; -1 below 1:3."""
    col = -1
    for i, (a, d) in enumerate(ODDS):
        if attack * d >= defense * a:
            col = i
    return col


def command_ok(units: Iterable[UnitState]) -> bool:
    """7.2 / 7.3: all the units of one Corps plus one unit, or two independent units; 7.5: never
    cavalry together with infantry."""
    group = list(units)
    if len({u.unit.type for u in group}) > 1:
        return False
    corps = [u.unit.formation for u in group]
    if not any(corps):
        return len(group) <= 2
    return any(sum(1 for c in corps if c != f) <= 1 for f in set(c for c in corps if c))


def combat(ph: PhaseLog) -> tuple[list[StepFinding], list[StepFinding], list[VPLine]]:
    chart = next((c for c in ph.start.game.charts if c.id == "crt"), None)
    findings: list[StepFinding] = []
    notes: list[StepFinding] = []
    vp: list[VPLine] = []
    rolls = [r for r in ph.rolls if r.dice == CRT_DICE]
    attacked: set[str] = set()
    for k, roll in enumerate(rolls):
        until = rolls[k + 1].step if k + 1 < len(rolls) else ph.last_step + 1
        got = _attack(ph, chart, roll, until, attacked)
        if isinstance(got, str):
            notes.append(StepFinding(roll.step, Finding("8.3", "Combat not checkable", message=f"2d6 = {roll.total} at step {roll.step}: {got}")))
            continue
        found, infantry, hex_id = got
        findings += found
        if ph.gt is not None and ph.gt <= ATTACK_VP_LAST_GT and infantry:
            vp.append(VPLine(ph.gt, ph.side or "", f"Attack on {hex_id} (step {roll.step}, 15.1)", 1))
    if rolls:
        notes.append(StepFinding(rolls[0].step, Finding("9.4", "Losses not checkable", message=
                                 "the LRT's CE reductions (9.4) are not judged: the retreat priorities behind its DRMs (9.2.1) are not in a log")))
    return findings, notes, vp


def _positions(ph: PhaseLog, before_step: int) -> dict[str, Optional[str]]:
    where: dict[str, Optional[str]] = {u.id: u.hex for u in ph.start.units}
    for mv in ph.moves:
        if mv.step >= before_step:
            break
        where[mv.unit] = mv.to if mv.on_map else None
    return where


def _attack(ph: PhaseLog, chart, roll: Roll, until: int, attacked: set[str]):
    """One attack: (findings, whether infantry can have attacked, the defending hex), or why it cannot be judged."""
    if chart is None:
        return "the game data has no CRT (chart id crt)"
    units = {u.id: u for u in ph.start.units}
    where = _positions(ph, roll.step)
    window = [mv for mv in ph.moves if roll.step < mv.step < until]
    touched = sorted([(mv.step, mv.unit) for mv in window] + [c for c in ph.changed if roll.step < c[0] < until])
    defender = next((uid for _, uid in touched if units[uid].side != ph.side and where.get(uid)), None)
    if defender is None:
        return "no defending unit moved or changed before the next 2d6: the attack cannot be paired with its units"
    m = ph.start.game.map
    nbrs, _ = neighbour_tables(m)
    target = where[defender]
    defenders = [units[u] for u, h in where.items() if h == target and units[u].side != ph.side]
    adjacent = [units[u] for u, h in where.items() if h in nbrs[target] and units[u].side == ph.side]
    row = next((r for r in chart.rows if r[0] == str(roll.total)), None)
    if row is None:
        return f"2d6 = {roll.total} is no CRT row"
    found: list[StepFinding] = []
    again = sorted(u.id for u in defenders if u.id in attacked)
    if again:
        found.append(StepFinding(roll.step, Finding("7.0", "Unit attacked twice in a Combat Phase", (target,), tuple(again),
                                                    f"{', '.join(again)} in {target} was attacked before in this phase")))
    attacked.update(u.id for u in defenders)
    results = _possible_results(ph, row, target, adjacent, defenders, where)
    if not results:
        found.append(StepFinding(roll.step, Finding("8.2", "Attack below 1:3", (target,), tuple(u.id for u in adjacent),
                                                    f"no attackers next to {target} reach 1:3 against its defenders")))
        return found, False, target
    found += _judge(ph, results, roll, target, defenders, adjacent, window, where)
    infantry = any(u.unit.type == "infantry" for u in adjacent)
    return found, infantry, target


def _possible_results(ph: PhaseLog, row, target: str, adjacent: list[UnitState], defenders: list[UnitState],
                      where: dict[str, Optional[str]]) -> dict[str, CrtResult]:
    """Every CRT result some legal choice of attackers and defenders gets with this roll, by a
    description of that choice (column and units)."""
    m = ph.start.game.map
    nbrs, _ = neighbour_tables(m)
    przemysl = set(m.area("przemysl").hexes) if m.area("przemysl") else set()
    near_fortress = target in przemysl or bool(set(nbrs[target]) & przemysl)
    able = [u for u in adjacent if strength(u, True) > 0]
    flank = _FlankTest(ph, target, defenders[0].side, where, przemysl)
    out: dict[str, CrtResult] = {}
    for d in _choices(defenders):
        values = [strength(u, False) for u in d]
        defense = sum(v for v in values if v > 0) or 1  # 7.4: a lone unit of 0 or less defends at one
        for n in range(1, len(able) + 1):
            for a in combinations(able, n):
                if not command_ok(a):
                    continue
                attack = sum(_halved(m, where[u.id], target, strength(u, True)) for u in a)
                col = odds_column(attack, defense)
                if col < 0:
                    continue
                if flank.flanked(a):
                    col += FLANK_SHIFT
                if near_fortress:
                    col += -FORTRESS_SHIFT if d[0].side == AH else FORTRESS_SHIFT
                col = min(col, len(ODDS) - 1)
                if col < 0:
                    continue  # 8.2: below 1:3 after the shifts
                a_, d_ = ODDS[col]
                label = f"{a_:g}:{d_:g} ({attack} against {defense}: {', '.join(u.id for u in a)} on {', '.join(u.id for u in d)})"
                out.setdefault(label, crt_result(row[col + 1]))
    return out


def _choices(defenders: list[UnitState]) -> list[tuple[UnitState, ...]]:
    """7.3: the defenders the command limits allow; all of them when they may all defend."""
    if command_ok(defenders):
        return [tuple(defenders)]
    return [c for n in range(len(defenders), 0, -1) for c in combinations(defenders, n) if command_ok(c)] or [tuple(defenders)]


def _halved(m, frm: str, target: str, value: int) -> int:
    """7.7: across a River or Ridge hexside the strength is halved, fractions rounded up (a bridge too: "see River")."""
    return ceil(value / 2) if m.side_features(frm, target) & HALVING_SIDES else value


class _FlankTest:
    """7.8: five of the six hexes next to the defender enemy-occupied or in the ZOC of an attacking
    unit, none of them friendly-occupied or next to Fortress Przemysl; a map-edge hex has fewer than
    six. What does not depend on which units attack is worked out once per attack."""

    def __init__(self, ph: PhaseLog, target: str, side: str, where: dict[str, Optional[str]], przemysl: set[str]) -> None:
        self.m = ph.start.game.map
        nbrs, _ = neighbour_tables(self.m)
        self.ring = nbrs[target]
        side_of = {u.id: u.side for u in ph.start.units}
        self.where = where
        own = {h for u, h in where.items() if h and side_of[u] == side}
        enemy = {h for u, h in where.items() if h and side_of[u] != side}
        near_fortress = przemysl | {n for p in przemysl for n in nbrs.get(p, ())}
        # the ring hexes that count whatever the attackers, and those only an attacker's ZOC can make count
        self.held = {n for n in self.ring if n in enemy and n not in own and n not in near_fortress}
        self.open = [n for n in self.ring if n not in enemy and n not in own and n not in near_fortress]

    def flanked(self, attackers) -> bool:
        if len(self.ring) < 6:
            return False
        zoc = zoc_hexes(self.m, [self.where[u.id] for u in attackers])
        return len(self.held) + sum(1 for n in self.open if n in zoc) >= 5


def _judge(ph: PhaseLog, results: dict[str, CrtResult], roll: Roll, target: str, defenders: list[UnitState],
           adjacent: list[UnitState], window, where: dict[str, Optional[str]]) -> list[StepFinding]:
    """9.2: defenders end R hexes away (one more to avoid an over-stack; none if they cannot
    retreat), or are eliminated; without an R they stay. 9.3: only attackers advance, only into
    the vacated hex; an attacker R result moves the attackers R hexes."""
    m = ph.start.game.map
    nbrs, _ = neighbour_tables(m)
    end = dict(where)
    last: dict[str, int] = {}
    for mv in window:
        end[mv.unit] = mv.to if mv.on_map else None
        last[mv.unit] = mv.step
    allowed_def = {r.defender_retreat for r in results.values()}
    allowed_att = {r.attacker_retreat for r in results.values()}
    said = "; ".join(f"{k}: {r.text}" for k, r in list(results.items())[:3]) + (" ..." if len(results) > 3 else "")
    why = f"2d6 = {roll.total} at step {roll.step} against {target}, CRT {said}"

    def distance(a: str, b: str) -> int:
        return hex_distances([a], lambda h: nbrs[h], radius=8).get(b, 99)

    out: list[StepFinding] = []
    side_of = {u.id: u.side for u in ph.start.units}
    defending = {d.id for d in defenders}
    enemy_of_defender = {where[u.id] for u in adjacent} | {h for u, h in end.items() if h and u not in defending
                                                            and side_of[u] == ph.side}
    for u in defenders:
        now = end.get(u.id)
        if now is None:
            continue  # eliminated
        d = distance(target, now)
        if d in allowed_def:
            continue
        if d == 0 and all(n in enemy_of_defender for n in nbrs[target]):
            continue  # 9.2.3: unable to retreat (CE reductions instead)
        if d - 1 in allowed_def and d - 1 > 0 and _overstacked_short(ph, u, target, now, d - 1, end, distance):
            continue  # 9.2: one more hex to avoid an over-stack in the last hex
        want = " or ".join(str(r) for r in sorted(allowed_def))
        out.append(StepFinding(last.get(u.id, roll.step), Finding("9.2", "Combat result not applied", (target, now), (u.id,),
                                                                   f"{why}: defender {u.id} ended {d} hex(es) from {target}; "
                                                                   f"the result calls for {want}")))
    vacated = all(end.get(u.id) != target for u in defenders)
    for u in adjacent:
        now, was = end.get(u.id), where[u.id]
        if now is None or now == was:
            continue
        d = distance(was, now)
        if d in allowed_att - {0}:
            continue  # the attackers' retreat
        if now == target and vacated and d == 1:
            continue  # 9.3: advance into the vacated hex
        out.append(StepFinding(last.get(u.id, roll.step), Finding("9.3", "Attacker moved other than by the result", (now,), (u.id,),
                                                                   f"{why}: attacker {u.id} moved {was} -> {now}; it may only advance "
                                                                   f"into {target} once the defenders left it, or retreat as the result says")))
    return out


def _overstacked_short(ph: PhaseLog, u: UnitState, target: str, now: str, want: int, end: dict[str, Optional[str]],
                       distance) -> bool:
    """Would every hex `want` hexes from the fight next to where the unit ended have been
    over-stacked by it (5.1)? Then its extra hex is the 9.2 exception."""
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
