"""Rules helpers any hex-and-counter game can use: ZOC, supply tracing, stacking sums."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Iterable, Optional

from ..gamestate import GameState, UnitState
from ..plugin_api import Finding
from ..model import Game, MapData
from ..movement import prohibited_title
from ..stacking import BOTH_SIDES

_NEIGHBOURS: dict[int, tuple[MapData, dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]] = {}


def neighbour_tables(m: MapData) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """(all neighbours, neighbours a ZOC reaches) per hex, computed once per map.

    A ZOC stops at a hexside carrying any feature whose type blocks ZOC (e.g. river),
    whatever else is on that hexside (a bridge does not reopen it).
    """
    cached = _NEIGHBOURS.get(id(m))
    if cached is not None and cached[0] is m:
        return cached[1], cached[2]
    blocking = {t.id for t in m.hexside_types.values() if t.blocks_zoc}
    nbrs = {h: tuple(m.neighbours(h)) for h in m.hex_ids()}
    zoc = {h: tuple(n for n in ns if not (m.side_features(h, n) & blocking)) for h, ns in nbrs.items()}
    _NEIGHBOURS[id(m)] = (m, nbrs, zoc)
    return nbrs, zoc


def zoc_hexes(m: MapData, occupied: Iterable[str]) -> set[str]:
    """Hexes in the ZOC of units in `occupied` (each unit's six neighbours, less blocked hexsides)."""
    _, zoc = neighbour_tables(m)
    out: set[str] = set()
    for h in occupied:
        out.update(zoc.get(h, ()))
    return out


def occupied_by_side(units: Iterable[UnitState]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for u in units:
        if u.hex is not None:
            out.setdefault(u.side, set()).add(u.hex)
    return out


def friend_and_foe(occupied: dict[str, set[str]], side: str) -> tuple[set[str], set[str]]:
    """The hexes a side's units hold, and those its enemies hold (from occupied_by_side)."""
    enemy = set().union(*(h for s, h in occupied.items() if s != side))
    return occupied.get(side, set()), enemy


def rail_network(m: MapData, seeds: Iterable[str], blocked: set[str]) -> set[str]:
    """Seeds plus every railroad hex joined to one by a contiguous railroad of unblocked hexes."""
    links: dict[str, list[str]] = {}
    for link in m.rail_links():
        a, b = tuple(link)
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    out = set(seeds)
    todo = list(out)
    while todo:
        h = todo.pop()
        for n in links.get(h, ()):
            if n not in out and n not in blocked:
                out.add(n)
                todo.append(n)
    return out


@dataclass(frozen=True)
class Trace:
    """Shortest legal path from a hex to a source: hexes entered, and the path itself."""

    length: int
    path: tuple[str, ...]  # start hex first, source last


def trace_to_sources(m: MapData, sources: Iterable[str], impassable: set[str], ezoc: set[str],
                     max_ezoc: int = 1) -> dict[str, Trace]:
    """For every hex, the shortest path to any source entering no impassable hex and at most
    `max_ezoc` hexes of `ezoc`. Length counts hexes entered (the start hex not, the source yes).

    One backward breadth-first search from all sources over (hex, EZOC hexes used) states,
    so the cost does not grow with the number of units.
    """
    nbrs, _ = neighbour_tables(m)
    dist: dict[tuple[str, int], int] = {}
    nxt: dict[tuple[str, int], Optional[tuple[str, int]]] = {}
    queue: deque[tuple[str, int]] = deque()
    for s in sorted(sources):  # sorted: ties between equal paths resolve the same in every run
        if s in impassable or s not in nbrs:
            continue
        dist[(s, 0)] = 0
        nxt[(s, 0)] = None
        queue.append((s, 0))
    while queue:
        state = queue.popleft()
        n, k = state
        # a path reaching n from a neighbour enters n: n must be enterable, and costs its EZOC
        if n in impassable:
            continue
        k2 = k + (1 if n in ezoc else 0)
        if k2 > max_ezoc:
            continue
        d = dist[state] + 1
        for h in nbrs[n]:
            st = (h, k2)
            if st not in dist:
                dist[st] = d
                nxt[st] = state
                queue.append(st)
    best: dict[str, tuple[int, tuple[str, int]]] = {}
    for (h, k), d in dist.items():
        if h not in best or d < best[h][0]:
            best[h] = (d, (h, k))
    out: dict[str, Trace] = {}
    for h, (d, st) in best.items():
        path = [h]
        cur = nxt[st]
        while cur is not None:
            path.append(cur[0])
            cur = nxt[cur]
        out[h] = Trace(d, tuple(path))
    return out


def steps_of(game: Game, u: UnitState) -> int:
    """Stacking steps of a unit with its current side up (0 if the game gives none)."""
    return game.unit_steps(u.unit, u.reduced) or 0


def stack_steps(game: Game, units: Iterable[UnitState]) -> int:
    return sum(steps_of(game, u) for u in units)


def unit_ids(units: Iterable[UnitState]) -> tuple[str, ...]:
    return tuple(u.unit.id for u in units)


def both_sides(game: Game, hex_id: str, units: list[UnitState], rule: str) -> Optional[Finding]:
    """Units of more than one side in a hex: every hex-and-counter game forbids it, under its own rule number."""
    sides = {u.side for u in units}
    if len(sides) < 2:
        return None
    return Finding(rule, BOTH_SIDES, (hex_id,), unit_ids(units),
                   f"{', '.join(game.side(s).name for s in sorted(sides))} units share {hex_id}")


def saves_out_of_order(states: list[GameState], rule: str) -> list[Finding]:
    """A sequence of saves of one game must be in play order (turn, player turn, phase)."""
    return [Finding(rule, "Saves out of order", (), (), f"{b.save_path} ({b.label}) comes before {a.save_path} ({a.label})")
            for a, b in zip(states, states[1:]) if b.turn_index < a.turn_index]


def prohibited_terrain(state: GameState) -> list[Finding]:
    """Units standing on terrain closed to them (map.yaml `prohibited`, `prohibited_for` by unit tag), under the
    game's `movement.prohibited_rule`: one declaration for the save checker and the module's warning on a drop."""
    rules = state.game.movement
    if rules is None or not rules.prohibited_rule:
        return []
    m = state.game.map
    out: list[Finding] = []
    for u in sorted(state.units_on_map(), key=lambda x: x.id):
        t = m.terrain_types.get(m.terrain.get(u.hex or "", ""))
        if t is not None and t.closed_to(u.unit.tags):
            out.append(Finding(rules.prohibited_rule, prohibited_title(t.name), (u.hex or "",), (u.unit.id,),
                               f"{u.unit.id} is in {t.name} hex {u.hex}, which it may not enter ({rules.prohibited_rule})"))
    return out
