"""Holland '44: the supply trace of 18.3 (part 1 to a road, part 2 along roads to a source, 18.5).

Why a module of its own: the trace is the plugin's largest piece of search (two breadth-first
walks per side and supply head) and one concern, read by the OOS marker check (18.1) and the
victory conditions (26.3, S1.3); kept apart, holland44.py stays the plugin's entry point and under
the line limit. holland44.Holland44Rules.supply runs it once per save.
"""

from __future__ import annotations

from collections import deque
from typing import Optional

from ..gamestate import GameState, UnitState
from ..model import MapData
from ..plugin_api import SupplyStatus
from .common import neighbour_tables, friend_and_foe, occupied_by_side, zoc_hexes
from .holland44_zoc import Bond, cohesion

PART1_MAX = 4  # 18.3: up to 4 hexes from the unit to a road


def marked_oos(u: UnitState) -> bool:
    return any(m.marker.kind == "supply" for m in u.markers)


def trace_supply(state: GameState, bonds: list[Bond]) -> dict[str, SupplyStatus]:
    """18.3 for every unit on the map: part 1, at most 4 hexes to a road hex of part 2;
    part 2, along connected roads to a friendly entry area (or, for airborne units, to
    their division's supply head, 18.5).

    Part 1 enters no enemy-occupied hex and no uncancelled EZOC (a friendly unit cancels it
    in its hex), crosses no enemy ZOC bond and no blocks_supply hexside (major river) save
    by a bridge or ferry. Part 2 enters no enemy-occupied hex or uncancelled EZOC and
    crosses no blown bridge. DECISIONS: a road crossing a river or canal hexside needs a
    bridge there; length counts hexes entered in part 1; engineer ferries are not modelled.
    """
    game = state.game
    m = game.map
    on_map = state.units_on_map()
    occupied = occupied_by_side(on_map)
    blown = {mk.hexside for mk in state.markers if mk.marker.kind == "bridge_blown" and mk.hexside}
    out: dict[str, SupplyStatus] = {}
    for side in game.sides:
        mine = [u for u in on_map if u.side == side.id]
        if not mine:
            continue
        friendly, enemy = friend_and_foe(occupied, side.id)
        enemy_zoc_units = [u.hex for u in on_map if u.side != side.id and cohesion(u) != "full_retreat"]
        ezoc = zoc_hexes(m, enemy_zoc_units) - friendly
        bond_hexes = {b.hex for b in bonds if b.side != side.id and b.hex}
        bond_sides = {b.hexside for b in bonds if b.side != side.id and b.hexside}
        closed = enemy | ezoc
        area_seeds = {}
        for area in m.entry_areas:
            if area.owner_on(state.turn) == side.id:
                for h in area.hexes:
                    area_seeds.setdefault(h, f"entry area {area.id}")
        road_net = (_road_network(m, area_seeds, closed, blown), area_seeds)
        heads: dict[str, list[tuple[dict[str, tuple[str, ...]], dict[str, str]]]] = {}
        for head in (u for u in mine if u.unit.has("supply_head")):
            seed = {head.hex: f"supply head {head.unit.name}"}
            heads.setdefault(head.unit.formation or "", []).append((_road_network(m, seed, closed - {head.hex}, blown), seed))
        for u in mine:
            nets = [road_net]
            if u.unit.has("airborne"):
                nets += heads.get(u.unit.formation or "", [])
            best: Optional[tuple[tuple[str, ...], tuple[str, ...], str]] = None
            for net, labels in nets:
                part1 = _part1(m, u, net, closed, bond_hexes, bond_sides)
                if part1 is not None and (best is None or len(part1) < len(best[0])):
                    road = net[part1[-1]]
                    best = (part1, road, labels[road[-1]])
            marker = "out" if marked_oos(u) else "in"
            if best is None:
                out[u.unit.id] = SupplyStatus(u.unit.id, u.side, u.hex, "out", None, None, (), marker)
                continue
            part1, road, label = best
            out[u.unit.id] = SupplyStatus(u.unit.id, u.side, u.hex, "in", len(part1) - 1, label, part1 + road[1:], marker)
    return out


def _road_network(m: MapData, seeds: dict[str, str], closed: set[str], blown: set[frozenset[str]]) -> dict[str, tuple[str, ...]]:
    """Road hexes joined to a seed along connected roads: hex -> road path to the seed (hex first)."""
    links: dict[str, list[str]] = {}
    for link in m.road_links():
        if link in blown:
            continue
        a, b = tuple(link)
        if not m.crossing(a, b) and any(t.prohibits for t in m.side_types(a, b)):
            continue  # a road over a river or canal needs its bridge
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    paths: dict[str, tuple[str, ...]] = {}
    queue: deque[str] = deque()
    for h in sorted(seeds):
        if h not in closed:
            paths[h] = (h,)
            queue.append(h)
    while queue:
        h = queue.popleft()
        for n in sorted(links.get(h, ())):
            if n not in paths and n not in closed:
                paths[n] = (n, *paths[h])
                queue.append(n)
    return {h: p for h, p in paths.items() if h in links or h in seeds}


def _part1(m: MapData, u: UnitState, net: dict[str, tuple[str, ...]], closed: set[str],
           bond_hexes: set[str], bond_sides: set[frozenset[str]]) -> Optional[tuple[str, ...]]:
    """Shortest path of at most PART1_MAX hexes entered from the unit to a hex of net."""
    nbrs, _ = neighbour_tables(m)
    start = u.hex
    if start in net:
        return (start,)
    prev: dict[str, Optional[str]] = {start: None}
    frontier = [start]
    for _ in range(PART1_MAX):
        nxt = []
        for h in frontier:
            for n in nbrs[h]:
                if n in prev or n in closed or n in bond_hexes or frozenset((h, n)) in bond_sides:
                    continue
                if not m.crossing(h, n) and any(t.blocks_supply for t in m.side_types(h, n)):
                    continue
                prev[n] = h
                if n in net:
                    path = [n]
                    while prev[path[-1]] is not None:
                        path.append(prev[path[-1]])
                    return tuple(reversed(path))
                nxt.append(n)
        frontier = sorted(nxt)
    return None
