"""The Eastern Front in WW1: supply lines over the map (14.1), game-wide tables computed once per
map (legal supply steps with their costs, home countries) and the searches that the supply
procedure (modgen.rules.ef1914_supply) runs on them."""

from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass, field
from typing import Iterable, Optional

from ..model import MapData
from ..regions import flood_fill
from .common import neighbour_tables

Q = 4  # costs in quarter hexes
RR_IN, RR_LOW = 3 * Q, 6 * Q  # 14.2.3: In Supply within three hexes of the RR hex, Low within six
ISOLATION_ENEMY_HEXES = 6  # 14.4.1: "nor through more than six enemy controlled hexes"
BOYEN_RANGE = 3 * Q  # 14.2.4: "a supply line of up to three hexes to the Fortress Boyen"
AUTUMN_FROM_GT = 28  # 8.1 play note: Summer TEC GTs 1-27, Autumn from GT 28
CAVALRY_GUESTS = 2  # 14.3.1: "any two cavalry formations (even if not attached to that corps)"
BLOCKED_TERRAIN = ("high_mountain", "sea", "lake")  # 14.1: not through High Mountain or Baltic Sea hexes
TERRAIN_COST = {"rough": 6, "mountain": 8, "wetlands": 8}  # 14.1.1, quarters; anything else 4
# DECISION (14.1.1, wetlands): "treated as Clear terrain during Freeze weather (20.0)"; the weather
# is not on the map (20.0 is lost), so wetlands always count 2. Likewise the +1 for Grand/Major
# river crossings "during High Water weather (20.1) and Autumn" is added in Autumn only.

IN, LOW, OUT, ISOLATED = "in", "low", "out", "isolated"
RANK = {IN: 0, LOW: 1, OUT: 2, ISOLATED: 2}


@dataclass(frozen=True)
class Step:
    """Entering `to` from a hex: its cost off road and rail, and what the move runs along."""

    to: str
    cost: int  # quarters: terrain, ridge
    road: bool  # along a contiguous roadway (14.1.1: rough, mountain, wetlands count 1; no ridge +1)
    rail: int  # 0: no RR link; else the quarters of the link (1 double, 2 single)
    river: bool  # crosses a Grand/Major river at a bridge or ferry (+1 in Autumn unless along RR)


_STEPS: dict[int, tuple[MapData, dict[str, tuple[Step, ...]]]] = {}
_LAID: dict[tuple[int, frozenset[frozenset[str]]], tuple[MapData, dict[str, tuple[Step, ...]]]] = {}
Sides = frozenset[frozenset[str]]  # hexsides a pontoon bridge marker bridges (modgen.rules.ef1914_pontoon)


def steps_of(m: MapData, laid: Sides = frozenset()) -> dict[str, tuple[Step, ...]]:
    """Every legal supply step of the map, computed once: hexsides a supply line never crosses
    (14.1: lake hexsides, Grand/Major rivers except at a bridge, pontoon bridge or ferry) and hexes it
    never enters (High Mountain, Baltic Sea, lakes) are left out. `laid`: the hexsides the save's
    pontoon bridges bridge (14.1 "except where a bridge, pontoon bridge, or ferry crossing is located"),
    their steps added to the map's (once per map and set of hexsides)."""
    cached = _STEPS.get(id(m))
    if cached is None or cached[0] is not m:
        cached = (m, _compute_steps(m, frozenset()))
        _STEPS[id(m)] = cached
    if not laid:
        return cached[1]
    over = _LAID.get((id(m), laid))
    if over is None or over[0] is not m:
        base = dict(cached[1])
        extra = _compute_steps(m, laid, {h for side in laid for h in side})
        for h, steps in extra.items():
            have = {st.to for st in base.get(h, ())}
            base[h] = base.get(h, ()) + tuple(st for st in steps if st.to not in have)
        over = (m, base)
        _LAID[(id(m), laid)] = over
    return over[1]


def _compute_steps(m: MapData, laid: Sides, only: Optional[set[str]] = None) -> dict[str, tuple[Step, ...]]:
    """The supply steps out of every hex (of `only`, if given), a hexside of `laid` bridged."""
    nbrs, _ = neighbour_tables(m)
    rail_kind: dict[frozenset[str], int] = {}
    for route in m.railroads:
        q = 1 if route.kind.startswith("double") else 2
        for a, b in zip(route.hexes, route.hexes[1:]):
            key = frozenset((a, b))
            rail_kind[key] = min(q, rail_kind.get(key, q))
    roads = m.road_links()
    out: dict[str, tuple[Step, ...]] = {}
    for h, ns in nbrs.items():
        if only is not None and h not in only:
            continue
        steps = []
        for n in ns:
            if m.terrain.get(n) in BLOCKED_TERRAIN:
                continue
            types = m.side_features(h, n)
            blocks = any(m.hexside_types[t].blocks_supply for t in types if t in m.hexside_types)
            crossing = bridged(m, h, n, roads, rail_kind) or frozenset((h, n)) in laid
            if blocks and not crossing:
                continue
            cost = TERRAIN_COST.get(m.terrain.get(n, ""), Q) + (Q if "ridge" in types else 0)
            steps.append(Step(n, cost, frozenset((h, n)) in roads, rail_kind.get(frozenset((h, n)), 0),
                              blocks and crossing))
        out[h] = tuple(steps)
    return out


def bridged(m: MapData, a: str, b: str, roads: set[frozenset[str]], rails: dict[frozenset[str], int]) -> bool:
    """A bridge or ferry the map has on the hexside a/b. 2.2: "Bridges exist wherever a roadway or RR
    line crosses a river hexside": a road or RR link across the hexside is a bridge whether or not
    the map data draws one there; a ferry (or a bridge with no road) must be data. (Pontoon bridges
    are the save's: steps_of's `laid`.)"""
    side = frozenset((a, b))
    return side in roads or side in rails or m.crossing(a, b)


def home_countries(m: MapData) -> dict[str, str]:
    """Hex -> the side whose home country it is (absent: no side's, or the borders leave it open)."""
    key = ("home", id(m))
    cached = _HOME.get(key)
    if cached is not None and cached[0] is m:
        return cached[1]
    nbrs, _ = neighbour_tables(m)
    walls = {side for f in m.hexside_features if f.type == "border" for side in f.sides}
    region: dict[str, int] = {}
    for start in sorted(nbrs):
        if start not in region:
            rid = len(region)
            region.update((h, rid) for h in flood_fill(start, nbrs.__getitem__, walls))
    owners: dict[int, set[str]] = {}
    for side, edge in m.supply_sources.items():
        for h in edge:
            if h in region:
                owners.setdefault(region[h], set()).add(side)
    out = {h: next(iter(owners[r])) for h, r in region.items() if len(owners.get(r, ())) == 1}
    _HOME[key] = (m, out)
    return out


_HOME: dict[tuple[str, int], tuple[MapData, dict[str, str]]] = {}


@dataclass
class Source:
    """Where a unit's supply comes from, as the report names it."""

    kind: str  # depot, train, rail, fortress
    hex: str
    unit: Optional[str]
    extended: bool = False


@dataclass
class Reach:
    """Hexes a source reaches within its range: quarters used and the previous hex, per hex."""

    source: Source
    cost: dict[str, int] = field(default_factory=dict)
    prev: dict[str, Optional[str]] = field(default_factory=dict)

    def path(self, h: str) -> tuple[str, ...]:
        """Unit hex first, source last."""
        out = [h]
        while self.prev.get(out[-1]) is not None:
            out.append(self.prev[out[-1]])  # type: ignore[arg-type]
        return tuple(out)


def spread(m: MapData, starts: Iterable[str], limit: int, passable: set[str] | None, blocked: set[str],
           operational: set[str], autumn: bool, laid: Sides = frozenset()) -> tuple[dict[str, int], dict[str, Optional[str]]]:
    """Dijkstra from `starts` (cost 0) over supply steps, entering no `blocked` hex, up to `limit`
    quarters (14.1). A step along a RR link costs the link's quarters when both hexes are friendly
    operational RR; along a road 1 hex; otherwise the terrain's cost. `laid`: the pontoon bridges' hexsides."""
    steps = steps_of(m, laid)
    cost: dict[str, int] = {}
    prev: dict[str, Optional[str]] = {}
    heap: list[tuple[int, str]] = []
    for s in sorted(set(starts)):
        cost[s] = 0
        prev[s] = None
        heap.append((0, s))
    heapq.heapify(heap)
    while heap:
        c, h = heapq.heappop(heap)
        if c > cost.get(h, c):
            continue
        on_rail = h in operational
        for st in steps.get(h, ()):
            n = st.to
            if n in blocked or (passable is not None and n not in passable):
                continue
            if st.rail and on_rail and n in operational:
                step = st.rail
            else:
                step = Q if st.road else st.cost
                if st.river and autumn:
                    step += Q
            nc = c + step
            if nc <= limit and nc < cost.get(n, limit + 1):
                cost[n] = nc
                prev[n] = h
                heapq.heappush(heap, (nc, n))
    return cost, prev


def rail_links_within(m: MapData, hexes: set[str]) -> dict[str, list[str]]:
    """RR links between two hexes of `hexes`, as a neighbour list per hex."""
    links: dict[str, list[str]] = {}
    for link in m.rail_links():
        a, b = tuple(link)
        if a in hexes and b in hexes:
            links.setdefault(a, []).append(b)
            links.setdefault(b, []).append(a)
    return links


def rail_component(m: MapData, hexes: set[str], edge: set[str]) -> set[str]:
    """The hexes of `hexes` joined to a hex of `edge` by contiguous RR links inside `hexes`."""
    return linked(rail_links_within(m, hexes), {h for h in hexes if h in edge})


def linked(links: dict[str, list[str]], starts: set[str]) -> set[str]:
    """The hexes `links` joins to any of `starts`, the starts included."""
    seen, todo = set(starts), list(starts)
    while todo:
        h = todo.pop()
        for n in links.get(h, ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def isolation_counts(m: MapData, rail: set[str], blocked: set[str], enemy_land: set[str],
                     laid: Sides = frozenset()) -> dict[str, int]:
    """Fewest enemy-controlled hexes a supply line of any length crosses from each hex to a friendly
    operational RR hex (14.4.1), not entering `blocked` hexes (0-1 breadth-first search)."""
    steps = steps_of(m, laid)
    best: dict[str, int] = {h: 0 for h in rail if h not in blocked}
    queue = deque(sorted(best))
    while queue:
        h = queue.popleft()
        c = best[h]
        # the line runs from the unit to the RR hex: entering h from n counts h if enemy-controlled
        add = 1 if h in enemy_land else 0
        for st in steps.get(h, ()):
            n = st.to
            if n in blocked:
                continue
            nc = c + add
            if nc < best.get(n, ISOLATION_ENEMY_HEXES + 1):
                best[n] = nc
                (queue.appendleft if add == 0 else queue.append)(n)
    return best
