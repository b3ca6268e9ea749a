"""The cheapest legal path of a move, under the TEC and the game's declared movement rules.

VASSAL records where a piece was dropped, not the way it went; a move is legal if some path
from where the unit started its phase to where it ended it fits its movement allowance. The
search is Dijkstra over hexes: entering a hex costs its terrain's TEC `move` (a road's rate
along a road), crossing a hexside adds the hexside's (a bridge's or ferry's own cost replaces
the cost of what it crosses; a crossing a rule lays for the phase, a pontoon bridge, too:
MoveLimits.laid_crossings), and enemy zones of control add the declared enter and leave
costs, or end the move (modgen.movement), an EZOC-to-EZOC step into some hexes at a lower cost
the plugin names (MoveLimits.zoc_between). Where the game declares reciprocity
(movement.reciprocity) a step is open only if the TEC would open the step back. A road step may
pay extra for units in the hex entered (MoveLimits.road_enter: then priced off the road where
cheaper); a unit moving in a stack where roads serve only units moving alone is priced off-road
(road_alone, off_road). Another mode (rail) may reach a goal no path on foot does, from entry hexes
a walk reaches with the MP that mode needs in hand (other_modes, mode_entries, mode_refusals); a
task a marker shows after the move (a prepared attack) takes its MP from the allowance
(marked_costs). A legal move no legal way clear of some hexsides explains must have crossed them
(forced_crossings: a causeway a rule limits per phase, counted_sides). The rules plugin adds what
data cannot say: which hexes are in an enemy ZOC for this unit, which hexes and hexsides a rule
closes (enemy units, a fortress, a ZOC bond), and the unit's allowance this phase.
"""

from __future__ import annotations

import heapq
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Optional

from ..model import HexsideType, MapData, Unit
from ..movement import MovementRules
from ..plugin_api import MoveLimits

CLOSED = None  # a cost that forbids the step

_NUMBER = re.compile(r"^\s*(\+)?\s*(\d+)(?:\s*/\s*(\d+))?\s*(,\s*stop)?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Cost:
    """A TEC entry read as a number: `add` for a hexside's "+2", `stop` for "+2, stop";
    value None: prohibited, or not a cost this checker can read (`known` False)."""

    value: Optional[float]
    add: bool = False
    stop: bool = False
    known: bool = True


def read_cost(text: str) -> Cost:
    """"1", "1/2", "+2", "+2, stop" are costs; "Prohibited" forbids; "-" costs nothing; anything
    else ("see 19.3.2") is not a cost the checker can read, and forbids the step."""
    t = text.strip()
    m = _NUMBER.match(t)
    if m:
        value = float(Fraction(int(m.group(2)), int(m.group(3) or 1)))
        return Cost(value, add=bool(m.group(1)), stop=bool(m.group(4)))
    low = t.lower()
    if low in ("-", "", "none", "road"):
        return Cost(0.0, add=True)  # a bridge carrying a road: the road's rate applies, nothing more
    if low.startswith("prohibited") or low in ("p", "na", "n/a"):
        return Cost(None)
    return Cost(None, known=False)


@dataclass(frozen=True)
class Path:
    hexes: tuple[str, ...]
    cost: float
    zoc_cost: float  # of which for entering and leaving enemy zones of control


@dataclass
class Verdict:
    """A move judged: legal or not, the rule broken and why, and the cheapest path found."""

    legal: bool
    rule: str = ""
    title: str = ""
    why: str = ""
    path: Optional[Path] = None
    note: str = ""  # a legal move's note: what it needed that the log cannot confirm (a forced march's roll)
    by_mode: bool = False  # legal only by another mode of movement (MoveLimits.other_modes: rail)


class MoveCosts:
    """The TEC of one map read as numbers, for one unit's tags."""

    def __init__(self, m: MapData, unit: Unit) -> None:
        self.m, self.tags = m, unit.tags
        self.road_rate: dict[frozenset[str], float] = {}
        for route in m.roads:
            rt = m.road_types.get(route.kind)
            rate = read_cost(rt.move).value if rt else None
            if rate is None:
                continue
            for pair in zip(route.hexes, route.hexes[1:]):
                key = frozenset(pair)
                self.road_rate[key] = min(rate, self.road_rate.get(key, rate))

    def enter(self, a: str, b: str, limits: Optional[MoveLimits] = None) -> tuple[Optional[float], bool, str]:
        """(cost of entering b from a, whether the unit must stop there, why not if it may not);
        `limits`: the plugin's road links, the hexsides a road step does not pay, the extra cost of a
        road step into a hex friendly units hold (the step then priced off-road where that is cheaper),
        and off_road (no road movement for this move)."""
        m = self.m
        terrain = m.terrain_types[m.terrain[b]]
        if terrain.closed_to(self.tags):
            return CLOSED, False, f"{terrain.name} is prohibited terrain"
        road: Optional[float] = None
        laid = limits.laid_crossings.get(frozenset((a, b))) if limits is not None else None
        if limits is None or not limits.off_road:
            key = frozenset((a, b))
            rates = [r for r in (self.road_rate.get(key), limits.road_links.get(key) if limits else None) if r is not None]
            road = min(rates) if rates else None
        road_only = bool(self.tags & set(terrain.road_only))
        if road is None and road_only:
            return CLOSED, False, f"{terrain.name} may be entered only along a road"
        off = read_cost(terrain.move).value
        if road is None:
            if off is None:
                return CLOSED, False, f"{terrain.name}: TEC cost {terrain.move!r}"
            side, stop, why = self.hexside(a, b, laid=laid)
            return (CLOSED, False, why) if side is None else (off + side, stop, "")
        side, stop, why = self.hexside(a, b, limits.road_ignores if limits is not None else frozenset(), laid)
        if side is None:
            return CLOSED, False, why
        extra = sum(limits.road_enter[b].values()) if limits is not None and b in limits.road_enter else 0.0
        if extra and off is not None and not road_only:  # the step may be made off the road instead
            full, full_stop, _ = self.hexside(a, b, laid=laid)
            if full is not None and off + full < road + side + extra:
                return off + full, full_stop, ""
        return road + side + extra, stop, ""

    def restricted(self, h: str) -> bool:
        """Whether the unit may not enter h from some neighbour whatever the way (its terrain is closed
        to it, or open only along a road): a step out of h may then break reciprocity."""
        terrain = self.m.terrain_types[self.m.terrain[h]]
        return terrain.closed_to(self.tags) or bool(self.tags & set(terrain.road_only)) or read_cost(terrain.move).value is None

    def hexside(self, a: str, b: str, ignore: frozenset[str] = frozenset(),
                laid: Optional[str] = None) -> tuple[Optional[float], bool, str]:
        """(extra cost of crossing the hexside a/b, whether it ends the move, why not); `ignore`: hexside
        types not paid (a road step under a rule that lets it skip them); `laid`: a crossing type the plugin lays
        on the hexside this phase (MoveLimits.laid_crossings, a pontoon bridge): where it lies on a type of the
        side, the side is also priced with it in place of the map's crossings, and the cheaper open way counts."""
        types = [t for t in self.m.side_types(a, b) if t.id not in ignore]
        found = self._priced(types, a, b)
        extra = self.m.hexside_types.get(laid) if laid is not None else None
        if extra is not None and extra.on and any(t.id in extra.on for t in types):
            other = self._priced([t for t in types if not t.on] + [extra], a, b)
            if other[0] is not None and (found[0] is None or other[0] < found[0]):
                return other
        return found

    def _priced(self, types: list[HexsideType], a: str, b: str) -> tuple[Optional[float], bool, str]:
        """The crossing of hexside types `types` at a/b (hexside's result)."""
        crossings = [t for t in types if t.on]
        covered = {o for t in crossings for o in t.on}
        total, stop = 0.0, False
        for t in types:
            if t.on or t.id in covered:
                continue  # a crossing is priced below, once; its own cost replaces the river's
            c = read_cost(t.move)
            if t.prohibits_tags(self.tags) and not crossings or c.value is None:
                return CLOSED, False, f"{t.name} hexside {a}/{b} may not be crossed"
            total += c.value
            stop = stop or c.stop
        for t in crossings:
            c = read_cost(t.move)
            if c.value is None:
                return CLOSED, False, f"{t.name} at {a}/{b}: TEC {t.move!r} (not a movement cost)"
            total += c.value
        return total, stop, ""


def _steps(costs: MoveCosts, rules: MovementRules, limits: MoveLimits, here: str, with_zoc: bool,
           avoid: frozenset[str]):
    """Each open step out of `here`: (next hex, its MP with the ZOC's, the ZOC's part, whether it ends the move)."""
    back = bool(rules.reciprocal_rule) and costs.restricted(here)  # reciprocity: each step out must be open back in
    for nxt in costs.m.neighbours(here):
        if nxt in limits.closed or nxt in avoid or frozenset((here, nxt)) in limits.closed_sides \
                or (here, nxt) in limits.closed_steps:
            continue
        if back and costs.enter(nxt, here, limits)[0] is None:
            continue
        step, stop, _ = costs.enter(here, nxt, limits)
        if step is None:
            continue
        step += limits.side_costs.get(frozenset((here, nxt)), 0.0)
        extra = rules.zoc.step(here in limits.ezoc, nxt in limits.ezoc, limits.zoc_between.get(nxt)) if with_zoc else 0.0
        yield nxt, step + extra, extra, stop


def cheapest_path(costs: MoveCosts, rules: MovementRules, limits: MoveLimits, start: str, goal: str,
                  *, with_zoc: bool = True, avoid: frozenset[str] = frozenset()) -> Optional[Path]:
    """The cheapest legal path start -> goal (None: none at any cost). `with_zoc` False prices
    the same search without ZOC costs and stops (to tell a move the ZOC makes too long)."""
    zoc = rules.zoc
    best: dict[str, float] = {start: 0.0}
    parent: dict[str, str] = {}
    zoc_paid: dict[str, float] = {start: 0.0}
    heap: list[tuple[float, str]] = [(0.0, start)]
    while heap:
        cost, here = heapq.heappop(heap)
        if cost > best.get(here, float("inf")):
            continue
        if here == goal:
            return Path(_trace(parent, goal), cost, zoc_paid[goal])
        if here != start and with_zoc and zoc.stop and here in limits.ezoc:
            continue  # entered an enemy ZOC: the move ends here
        for nxt, step, extra, stop in _steps(costs, rules, limits, here, with_zoc, avoid):
            total = cost + step
            if total < best.get(nxt, float("inf")):
                if stop and nxt != goal:
                    continue  # a hexside that ends the move (a canal) only to the goal
                best[nxt], parent[nxt] = total, here
                zoc_paid[nxt] = zoc_paid[here] + extra
                heapq.heappush(heap, (total, nxt))
    return None


def reach(costs: MoveCosts, rules: MovementRules, limits: MoveLimits, start: str, budget: float) -> dict[str, float]:
    """The cheapest cost of every hex a legal path from start reaches within `budget` MP."""
    best: dict[str, float] = {start: 0.0}
    heap: list[tuple[float, str]] = [(0.0, start)]
    while heap:
        cost, here = heapq.heappop(heap)
        if cost > best.get(here, float("inf")):
            continue
        if here != start and rules.zoc.stop and here in limits.ezoc:
            continue
        for nxt, step, _, stop in _steps(costs, rules, limits, here, True, frozenset()):
            total = cost + step
            if total <= budget and total < best.get(nxt, float("inf")):
                best[nxt] = total
                if not stop:
                    heapq.heappush(heap, (total, nxt))
    return best


def _trace(parent: dict[str, str], goal: str) -> tuple[str, ...]:
    out = [goal]
    while out[-1] in parent:
        out.append(parent[out[-1]])
    return tuple(reversed(out))


def judge_move(costs: MoveCosts, rules: MovementRules, limits: MoveLimits, start: str, goal: str,
               drops: list[str], marked: tuple[str, ...] = ()) -> Verdict:
    """Is start -> goal a legal move? `drops` are the unit's drop hexes this phase, the goal last; `marked`:
    the marker kinds the unit took on in the phase (a task MoveLimits.marked_costs prices after the move)."""
    unjudged = [limits.marked_unjudged[k] for k in marked if k in limits.marked_unjudged]
    if unjudged and not limits.held:  # it ended the phase moving by a mode the search does not price
        return Verdict(True, rule=unjudged[0][0], note=unjudged[0][1])
    tasks = [limits.marked_costs[k] for k in marked if k in limits.marked_costs]
    if tasks and not limits.held:
        return _judge_with_tasks(costs, rules, limits, start, goal, drops, tasks)
    if limits.held:  # even set down where it stood: the log shows it moved
        return Verdict(False, limits.held[0], "Move by a unit that may not move", limits.held[1])
    if goal == start:
        return Verdict(True)
    if goal in limits.closed:
        rule, why = limits.closed[goal]
        return Verdict(False, rule, "Move into a prohibited hex", why)
    terrain = costs.m.terrain_types[costs.m.terrain[goal]]
    if terrain.closed_to(costs.tags):
        return Verdict(False, rules.prohibited_rule, "Move into a prohibited hex", f"{terrain.name} is prohibited terrain")
    adjacent = goal in costs.m.neighbours(start)
    blocked: Optional[Verdict] = None  # the step straight to a neighbouring goal is closed: reported unless a way round fits
    if adjacent:
        closed_side = limits.closed_sides.get(frozenset((start, goal))) or limits.closed_steps.get((start, goal))
        step, _, why = costs.enter(start, goal, limits)
        if closed_side:
            blocked = Verdict(False, closed_side[0], "Move across a closed hexside", closed_side[1])
        elif step is None:
            blocked = Verdict(False, rules.prohibited_rule, "Move into a prohibited hex", why)
    path = cheapest_path(costs, rules, limits, start, goal)
    if path is not None and path.cost <= limits.allowance:
        return Verdict(True, path=path)
    if path is not None and limits.forced and path.cost <= limits.allowance + limits.forced:
        return Verdict(True, path=path, note=f"a forced march ({limits.forced_rule}): cheapest path costs {path.cost:g} MP, "
                       f"{path.cost - limits.allowance:g} beyond the allowance {limits.allowance:g} (at most "
                       f"+{limits.forced:g}); its Effectiveness Check roll is not checkable from the log")
    if goal in limits.other_modes:  # no path on foot: another mode the plugin names (rail) may reach it
        refusal = limits.mode_refusals.get(goal)
        if refusal and not _mode_entry(costs, rules, limits, start, goal):
            return Verdict(False, *refusal)
        rule, title, why = limits.other_modes[goal]
        if not rule:  # legal, with what the log cannot confirm of that mode (the rule of the note)
            note_rule, note = limits.mode_note or ("", "")
            return Verdict(True, rule=note_rule, note=note, by_mode=True)
        return Verdict(False, rule, title, why)
    if adjacent and rules.minimum_hexes >= 1 and blocked is None:
        return Verdict(True, path=Path((start, goal), step or 0.0, 0.0))  # minimum movement
    ext: Optional[Path] = None
    extended = bool(rules.extended_bonus) and start not in limits.near_enemy and goal not in limits.near_enemy
    if extended:
        ext = cheapest_path(costs, rules, limits, start, goal, avoid=limits.near_enemy)
        if ext is not None and ext.cost <= limits.allowance + rules.extended_bonus:
            return Verdict(True, path=ext)
    if blocked is not None:
        return blocked
    forced = f" + {limits.forced:g} by forced march ({limits.forced_rule})" if limits.forced else ""
    if limits.off_road and limits.road_alone:  # moved in a stack: would road movement have made it fit?
        road = cheapest_path(costs, rules, replace(limits, off_road=False), start, goal)
        if road is not None and road.cost <= limits.allowance + limits.forced:
            priced = f"its cheapest path costs {path.cost:g} MP" if path is not None else "no path fits"
            return Verdict(False, limits.road_alone[0], "Road movement by a stack",
                           f"{limits.road_alone[1]}: off the roads {priced}, more than the allowance {limits.allowance:g}"
                           f"{forced}; only road movement ({road.cost:g} MP, {' '.join(road.hexes)}) would fit", path or road)
    if path is None and rules.reciprocal_rule and costs.restricted(start):
        terrain = costs.m.terrain_types[costs.m.terrain[start]]
        return Verdict(False, rules.reciprocal_rule, "Move out of terrain it could not enter",
                       f"it stood in {start} ({terrain.name}), which it may not enter: a unit may move from one hex to "
                       "another only if it could also move back")
    free = cheapest_path(costs, rules, limits, start, goal, with_zoc=False)
    if path is None:
        if free is not None and rules.zoc.rule:
            return Verdict(False, rules.zoc.rule, "Move on after entering an enemy ZOC",
                           "every path enters an enemy ZOC before the end of the move", free)
        return Verdict(False, rules.rule, "No legal path", f"no legal path from {start} to {goal}")
    minimum = _minimum_first(costs, rules, limits, start, drops)
    if minimum:
        return Verdict(False, rules.minimum_rule, "Minimum move and other movement",
                       f"moved one hex to {minimum} by minimum movement (it costs more than the allowance "
                       f"{limits.allowance:g} MP), then on: a unit using minimum movement spends no other MP", path)
    if free is not None and free.cost <= limits.allowance + limits.forced and rules.zoc.rule:
        return Verdict(False, rules.zoc.rule, "Move too long with enemy ZOC costs",
                       f"cheapest path costs {path.cost:g} MP ({path.cost - path.zoc_cost:g} terrain + "
                       f"{path.zoc_cost:g} enemy ZOC), more than the allowance {limits.allowance:g}{forced}", path)
    if limits.side_rule and limits.side_costs:
        plain = cheapest_path(costs, rules, replace(limits, side_costs={}), start, goal)
        if plain is not None and plain.cost <= limits.allowance + limits.forced:
            return Verdict(False, limits.side_rule[0], f"Move too long with the cost of crossing {limits.side_rule[1]}",
                           f"cheapest path costs {path.cost:g} MP, {plain.cost:g} without crossing {limits.side_rule[1]}; "
                           f"more than the allowance {limits.allowance:g}{forced}", path)
    if limits.road_enter_rule and limits.road_enter:
        plain = cheapest_path(costs, rules, replace(limits, road_enter={}), start, goal)
        if plain is not None and plain.cost <= limits.allowance + limits.forced:
            what = limits.road_enter_rule[1]
            return Verdict(False, limits.road_enter_rule[0], f"Move too long with the cost of {what}",
                           f"cheapest path costs {path.cost:g} MP, {plain.cost:g} without {what}; more than the "
                           f"allowance {limits.allowance:g}{forced}", path)
    if ext is not None:  # the extended allowance applied: name it, and the path it allows
        return Verdict(False, rules.rule, "Move longer than the movement allowance",
                       f"cheapest path clear of hexes next to enemy units costs {ext.cost:g} MP, more than the "
                       f"extended allowance {limits.allowance + rules.extended_bonus:g} ({limits.allowance:g} + "
                       f"{rules.extended_bonus:g}, {rules.extended_rule})", ext)
    beside = (f"; the extended allowance ({rules.extended_rule}) needs a path clear of hexes next to enemy units "
              "and there is none" if extended else "")
    return Verdict(False, rules.rule, "Move longer than the movement allowance",
                   f"cheapest path costs {path.cost:g} MP, more than the allowance {limits.allowance:g}{forced}{beside}", path)


def forced_crossings(costs: MoveCosts, rules: MovementRules, limits: MoveLimits, start: str, goal: str, drops: list[str],
                     marked: tuple[str, ...], path: Optional[Path]) -> tuple[frozenset[frozenset[str]], ...]:
    """The hexsides of MoveLimits.counted_sides a legal move must have crossed, `path` its cheapest: () when that path
    crosses none of them or some legal way avoids them all (the log shows drops, not the way taken); else each way it
    may have crossed them: a counted side that alone, the others closed, leaves the move legal, or, when none alone
    does, the counted sides the path crosses, together."""
    counted = limits.counted_sides
    if not counted or path is None or not {frozenset(p) for p in zip(path.hexes, path.hexes[1:])} & counted:
        return ()

    def legal_without(shut: frozenset[frozenset[str]]) -> bool:
        closed = {**limits.closed_sides, **{s: ("", "") for s in shut}}
        return judge_move(costs, rules, replace(limits, closed_sides=closed), start, goal, drops, marked).legal
    if legal_without(counted):
        return ()
    alone = tuple(frozenset({s}) for s in sorted(counted, key=sorted) if legal_without(counted - {s}))
    return alone or (frozenset({frozenset(p) for p in zip(path.hexes, path.hexes[1:])} & counted),)


def _judge_with_tasks(costs: MoveCosts, rules: MovementRules, limits: MoveLimits, start: str, goal: str,
                      drops: list[str], tasks: list[tuple[Optional[float], str, str, str]]) -> Verdict:
    """A move followed by tasks a marker shows (MP, rule, title, why): a task the rules forbid the unit (MP None)
    breaks its rule; else the move must fit the allowance less the tasks' MP, citing the task's rule when the
    move alone fits."""
    for mp, rule, title, why in tasks:
        if mp is None:
            return Verdict(False, rule, title, why)
    spent = sum(mp for mp, _, _, _ in tasks if mp is not None)
    less = judge_move(costs, rules, replace(limits, allowance=limits.allowance - spent), start, goal, drops)
    if less.legal or not judge_move(costs, rules, limits, start, goal, drops).legal:
        return less
    _, rule, title, why = tasks[0]
    cost = f"{less.path.cost:g} MP" if less.path is not None else "its move"
    return Verdict(False, rule, title, f"{why}: {cost} + {spent:g} MP is more than the allowance {limits.allowance:g}"
                   + (f" + {limits.forced:g} by forced march ({limits.forced_rule})" if limits.forced else ""), less.path)


def _mode_entry(costs: MoveCosts, rules: MovementRules, limits: MoveLimits, start: str, goal: str) -> str:
    """A hex where the other mode may begin (MoveLimits.mode_entries) that a path on foot reaches with the MP
    the mode needs there to reach `goal` still in hand, else ''."""
    need = {e: by[goal] for e, by in limits.mode_entries.items() if goal in by and by[goal] <= limits.allowance}
    if not need:
        return ""
    costs_to = reach(costs, rules, limits, start, limits.allowance - min(need.values()))
    return next((e for e in sorted(need) if e in costs_to and costs_to[e] + need[e] <= limits.allowance), "")


def _minimum_first(costs: MoveCosts, rules: MovementRules, limits: MoveLimits, start: str, drops: list[str]) -> str:
    """The first drop, if it was one hex from the start at more than the allowance (a minimum move)
    and the unit moved on afterwards; else ''."""
    if rules.minimum_hexes < 1 or len(drops) < 2:
        return ""
    first = drops[0]
    if first not in costs.m.neighbours(start):
        return ""
    path = cheapest_path(costs, rules, limits, start, first)
    return first if path is None or path.cost > limits.allowance else ""
