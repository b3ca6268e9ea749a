"""Terrain zones: the touching hexes of one terrain on a board, as one VASSAL Zone each.

Why: a piece reads its hex's terrain as the zone property `Terrain`, and VASSAL finds a piece's
zone by testing every zone's polygon in turn; it also compares every zone property with every
other when it writes a game (each property is a command encoder of its own). With one zone per
hex the Eastern Front had 2,692 zones: a second more to open the module and its set-up. Merged,
it has a few dozen, and each hex still lies in the zone of its own terrain.

A zone's polygon is the outline of its hexes. Where the hexes ring other hexes, the outline has
holes: each hole's loop is joined to the outer loop by a bridge walked there and back. VASSAL tests
a point with java.awt.Polygon's even-odd rule, under which a bridge crosses nothing twice-over,
so the polygon holds exactly the points inside the outer loop and outside every hole.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ..geometry import BoardGeometry

Raw = tuple[int, int]
Vertex = frozenset[Raw]  # a hex corner, named by the three hexes (printed or not) that meet there


@dataclass(frozen=True)
class TerrainZone:
    name: str
    terrain: str  # terrain type id
    hexes: tuple[str, ...]
    path: tuple[tuple[int, int], ...]  # the polygon VASSAL tests, board pixels

    def path_text(self) -> str:
        """The polygon as a Zone's `path` attribute."""
        return ";".join(f"{x},{y}" for x, y in self.path)


def terrain_zones(geometry: BoardGeometry, terrain: Mapping[str, str], names: Mapping[str, str]) -> list[TerrainZone]:
    """One zone per group of touching hexes of the same terrain, for the board's hexes that
    `terrain` lists (hex id -> terrain id; hexes left out are in no zone). `names` gives a
    terrain's display name, which names its zones ("Forest 3"). Hexes in board order, then
    groups in the order of their first hex: the same data gives the same zones."""
    groups = _touching_groups(geometry, terrain)
    counts: dict[str, int] = {}
    zones = []
    for terrain_id, hexes in groups:
        counts[terrain_id] = counts.get(terrain_id, 0) + 1
        zones.append(TerrainZone(f"{names[terrain_id]} {counts[terrain_id]}", terrain_id, tuple(hexes),
                                 _outline(geometry, hexes)))
    return zones


def _touching_groups(geometry: BoardGeometry, terrain: Mapping[str, str]) -> list[tuple[str, list[str]]]:
    """Connected groups of same-terrain hexes of this board, each in board order."""
    order = {h: i for i, h in enumerate(geometry.raw_of)}
    seen: set[str] = set()
    groups = []
    for start in geometry.raw_of:
        if start in seen or start not in terrain:
            continue
        kind, todo, group = terrain[start], [start], [start]
        seen.add(start)
        while todo:
            for n in geometry.neighbours(todo.pop()):
                if n not in seen and terrain.get(n) == kind:
                    seen.add(n)
                    todo.append(n)
                    group.append(n)
        groups.append((kind, sorted(group, key=order.__getitem__)))
    return groups


def _outline(geometry: BoardGeometry, hexes: list[str]) -> tuple[tuple[int, int], ...]:
    """The group's boundary loops, joined into one polygon through bridges to the first loop's start."""
    edges: set[tuple[Vertex, Vertex]] = set()
    for hex_id in hexes:
        corners = _corner_vertices(geometry, hex_id)
        for k in range(6):
            edge = (corners[k], corners[(k + 1) % 6])
            if (edge[1], edge[0]) in edges:  # the side two hexes of the group share: inside
                edges.discard((edge[1], edge[0]))
            else:
                edges.add(edge)
    following = dict(edges)  # a hex group's outline never pinches: each corner has one way on
    point = {v: _vertex_point(geometry, v) for v in following}
    loops = []
    while following:
        start = min(following, key=point.__getitem__)
        loop, v = [start], following.pop(start)
        while v != start:
            loop.append(v)
            v = following.pop(v)
        loops.append([point[u] for u in loop])
    loops.sort(key=lambda lp: lp[0])
    outer, holes = loops[0], loops[1:]
    path = list(outer)
    for hole in holes:
        path += [outer[0], *hole, hole[0]]
    if holes:
        path.append(outer[0])
    return tuple(path)


def _corner_vertices(geometry: BoardGeometry, hex_id: str) -> list[Vertex]:
    """A hex's six corners, in the order geometry.corners draws them, each named by its hexes."""
    raw = geometry.raw_of[hex_id]
    around = [(n, geometry.grid.centre(*n)) for n in geometry.grid.neighbours_raw(*raw)]
    out = []
    for cx, cy in geometry.corners(hex_id):
        nearest = sorted(around, key=lambda nc: (nc[1][0] - cx) ** 2 + (nc[1][1] - cy) ** 2)[:2]
        out.append(frozenset({raw, nearest[0][0], nearest[1][0]}))
    return out


def _vertex_point(geometry: BoardGeometry, v: Vertex) -> tuple[int, int]:
    """The corner three hexes share is the centre of their centres."""
    centres = [geometry.grid.centre(*raw) for raw in sorted(v)]
    return round(sum(x for x, _ in centres) / 3), round(sum(y for _, y in centres) / 3)
