"""Maps of several sheets: boards VASSAL lays edge to edge, read as one map.

A board's `seams` are the edges where it joins the next sheet: there it has no margin and its image
is cut so that the hex lattice runs on into that sheet (geometry.build_geometry). This module
decides which hexes meet across a seam, geometrically: hexes of two joined sheets whose centres lie
one hex apart in map pixels. It proves that VASSAL names every hex near a seam by its id whichever
sheet a point of it lies on (each board names points with its own HexGridNumbering, so the sheets
must share one numbering), lays out the sheets a scenario chooses as VASSAL's Map does, and cuts
the map down to the sheets in play.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import replace
from typing import Iterable, Optional, Sequence

from .geometry import GeometryError
from .model import Board, MapData, Route

OPPOSITE = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}
LINK_TOLERANCE = 0.06  # centres this close to one hex apart (in hex sizes) are neighbours
SAMPLE = 0.35  # proof points this far from a hex centre (in hex sizes) lie inside VASSAL's cell of the hex
REACH = 1.5  # hexes whose centre lies this near a seam (in hex sizes) may have neighbours across it
ONE_NUMBERING = ("across a seam the sheets need one numbering that continues (the next sheet's lines or "
                 "positions start where this one's end)")


# --------------------------------------------------------------------------- layout


def origins(boards: Sequence[Board], names: Optional[Iterable[str]] = None) -> dict[str, tuple[int, int]]:
    """The top-left corner of each chosen board in map pixels, as VASSAL's Map lays them out
    (Map.setBoardBoundaries: the widths of the chosen boards left of it in its row, the heights of
    those above it in its column). Leaving a sheet out moves the sheets after it."""
    keep = None if names is None else set(names)
    chosen = [b for b in boards if keep is None or b.name in keep]
    return {b.name: (sum(o.geometry.width for o in chosen if o.row == b.row and o.column < b.column),
                     sum(o.geometry.height for o in chosen if o.column == b.column and o.row < b.row)) for b in chosen}


def rect(board: Board, origin: Optional[tuple[int, int]] = None) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) of a board in map pixels; right and bottom are outside it."""
    ox, oy = board.origin if origin is None else origin
    return ox, oy, ox + board.geometry.width, oy + board.geometry.height


def map_centre(board: Board, hex_id: str) -> tuple[int, int]:
    x, y = board.geometry.centre(hex_id)
    return x + board.origin[0], y + board.origin[1]


def check_sheets(boards: Sequence[Board], names: Sequence[str]) -> Optional[str]:
    """Why a scenario cannot use just these sheets, or None: every name a board, and the chosen
    sheets where they are on the whole map relative to each other (VASSAL packs them anew)."""
    known = [b.name for b in boards]
    for name in names:
        if name not in known:
            return f"no board named {name!r} (boards: {', '.join(known)})"
    if len(set(names)) != len(names):
        return "a sheet is named twice"
    packed = origins(boards, names)
    first = next(b for b in boards if b.name in packed)
    dx, dy = first.origin[0] - packed[first.name][0], first.origin[1] - packed[first.name][1]
    for b in boards:
        if b.name in packed and (b.origin[0] - packed[b.name][0], b.origin[1] - packed[b.name][1]) != (dx, dy):
            return (f"without the other sheets VASSAL would put board {b.name} at {packed[b.name]}, not beside "
                    f"{first.name} as on the whole map: choose sheets that keep their places")
    return None


class SheetLayout:
    """The sheets a scenario (or a save) uses, at VASSAL's places for them: hex centres and hexside
    midpoints in that map's pixels."""

    def __init__(self, m: MapData, names: Sequence[str] = ()) -> None:
        self.map = m
        self.origin = origins(m.boards, names or None)

    def centre(self, hex_id: str) -> tuple[str, int, int]:
        """(board name, x, y) of a hex centre."""
        board = self.map.board_of[hex_id]
        x, y = board.geometry.centre(hex_id)
        ox, oy = self.origin[board.name]
        return board.name, x + ox, y + oy

    def hexside_point(self, a: str, b: str) -> tuple[int, int]:
        """The midpoint of the hexside a/b: where a hexside marker sits."""
        _, ax, ay = self.centre(a)
        _, bx, by = self.centre(b)
        return (ax + bx) // 2, (ay + by) // 2


# --------------------------------------------------------------------------- seams


def _abut(p: Board, side: str, q: Board) -> bool:
    """q touches p's edge `side` along a stretch (not just at a corner)."""
    pl, pt, pr, pb = rect(p)
    ql, qt, qr, qb = rect(q)
    if side in ("left", "right"):
        edge = pl == qr if side == "left" else pr == ql
        return edge and min(pb, qb) > max(pt, qt)
    edge = pt == qb if side == "top" else pb == qt
    return edge and min(pr, qr) > max(pl, ql)


def joins(boards: Sequence[Board]) -> list[tuple[Board, str, Board]]:
    """(board, side, board beyond) for every seam: the two boards abut there and both call that edge a seam."""
    return [(p, side, q) for p in boards for side in p.geometry.spec.seams for q in boards
            if q is not p and _abut(p, side, q) and OPPOSITE[side] in q.geometry.spec.seams]


def check_layout(boards: Sequence[Board]) -> None:
    """Boards never overlap, and every seam meets a sheet with a seam there and the same hexes."""
    for i, p in enumerate(boards):
        pl, pt, pr, pb = rect(p)
        for q in boards[i + 1:]:
            ql, qt, qr, qb = rect(q)
            if min(pr, qr) > max(pl, ql) and min(pb, qb) > max(pt, qt):
                raise GeometryError(f"boards {p.name} and {q.name} overlap on the map ({max(pl, ql)},{max(pt, qt)} to "
                                    f"{min(pr, qr)},{min(pb, qb)}): VASSAL would draw one over the other")
    for p in boards:
        for side in p.geometry.spec.seams:
            beyond = [q for q in boards if q is not p and _abut(p, side, q)]
            if not beyond:
                raise GeometryError(f"board {p.name}: its {side} edge is a seam, but no board lies beyond it "
                                    f"(place the next sheet there with column/row)")
            for q in beyond:
                if OPPOSITE[side] not in q.geometry.spec.seams:
                    raise GeometryError(f"board {p.name}'s {side} seam meets board {q.name}, whose {OPPOSITE[side]} edge is no seam")
                a, b = p.geometry.spec, q.geometry.spec
                if (a.hexes, a.hex_size) != (b.hexes, b.hex_size):
                    raise GeometryError(f"boards {p.name} and {q.name} meet at a seam but their hexes differ "
                                        f"({a.hexes} of {a.hex_size} px, {b.hexes} of {b.hex_size} px)")


def _seam_hexes(board: Board) -> list[tuple[str, float, float]]:
    """(hex, x, y in map pixels) of the board's hexes near one of its seams."""
    left, top, right, bottom = rect(board)
    reach = REACH * board.geometry.spec.hex_size
    gaps = {"left": lambda x, y: x - left, "right": lambda x, y: right - x, "top": lambda x, y: y - top, "bottom": lambda x, y: bottom - y}
    out = []
    for h in board.geometry.raw_of:
        x, y = map_centre(board, h)
        if any(gaps[s](x, y) <= reach for s in board.geometry.spec.seams):
            out.append((h, x, y))
    return out


def seam_links(boards: Sequence[Board]) -> dict[str, tuple[str, ...]]:
    """Hex -> the hexes adjacent to it across a seam: on another sheet joined to its own (through
    seams, also diagonally where four sheets meet), centres one hex apart in map pixels."""
    group = {b.name: b.name for b in boards}

    def find(n: str) -> str:
        while group[n] != n:
            n = group[n]
        return n

    for p, _, q in joins(boards):
        group[find(p.name)] = find(q.name)
    cells: dict[tuple[int, int], list[tuple[str, str, float, float]]] = {}
    order: dict[str, int] = {}
    for b in boards:
        size = b.geometry.spec.hex_size
        for h, x, y in _seam_hexes(b):
            order[h] = len(order)
            cells.setdefault((math.floor(x / size), math.floor(y / size)), []).append((h, b.name, x, y))
    links: dict[str, set[str]] = {}
    for b in boards:
        size = b.geometry.spec.hex_size
        for h, x, y in _seam_hexes(b):
            cx, cy = math.floor(x / size), math.floor(y / size)
            for i in (-1, 0, 1):
                for j in (-1, 0, 1):
                    for other, name, ox, oy in cells.get((cx + i, cy + j), ()):
                        if name == b.name or find(name) != find(b.name):
                            continue
                        if abs(math.hypot(ox - x, oy - y) - size) <= LINK_TOLERANCE * size:
                            links.setdefault(h, set()).add(other)
    return {h: tuple(sorted(links[h], key=order.__getitem__)) for h in sorted(links, key=order.__getitem__)}


def name_at(boards: Sequence[Board], x: int, y: int) -> tuple[Optional[Board], str]:
    """The board under a map point and the name its grid gives the point (Map.locationName)."""
    for b in boards:
        left, top, right, bottom = rect(b)
        if left <= x < right and top <= y < bottom:
            return b, b.geometry.grid.location_name(x - left, y - top)
    return None, "offboard"


def prove_seams(boards: Sequence[Board], links: dict[str, tuple[str, ...]]) -> None:
    """VASSAL names every point of a hex near a seam by the hex's id, on whichever sheet the point
    lies (sampled around the centre, inside the hex), and a hexside midpoint on the seam by one of
    its two hexes: so a piece dropped on a half hex, or a marker on a seam hexside, reads right."""
    board_of = {h: b for b in boards for h in b.geometry.raw_of}
    for h, across in links.items():
        board = board_of[h]
        size = board.geometry.spec.hex_size
        cx, cy = map_centre(board, h)
        for k in range(12):
            ang = math.radians(30 * k + 15)
            x, y = round(cx + SAMPLE * size * math.cos(ang)), round(cy + SAMPLE * size * math.sin(ang))
            where, name = name_at(boards, x, y)
            if name != h:
                raise GeometryError(f"hex {h} of board {board.name}: VASSAL names its point ({x},{y}) on board "
                                    f"{where.name if where else '(none)'} {name!r}; {ONE_NUMBERING}")
        for n in across:
            nx, ny = map_centre(board_of[n], n)
            x, y = (cx + nx) // 2, (cy + ny) // 2
            where, name = name_at(boards, x, y)
            if name not in (h, n):
                raise GeometryError(f"the hexside {h}/{n} across a seam: VASSAL names its midpoint {name!r}; {ONE_NUMBERING}")


def join_sheets(boards: Sequence[Board]) -> dict[str, tuple[str, ...]]:
    """Check the layout and the seams, and return the links across them (GeometryError if wrong)."""
    check_layout(boards)
    links = seam_links(boards)
    board_of = {h: b.name for b in boards for h in b.geometry.raw_of}
    for p, side, q in joins(boards):
        if not any(board_of[n] == q.name for h in p.geometry.raw_of for n in links.get(h, ())):
            raise GeometryError(
                f"the hexes of boards {p.name} and {q.name} do not line up across their seam ({p.name}'s {side} edge): "
                f"give them the same hexes, hex_size, outer_lines and margin at the edges the seam runs between, "
                f"and a numbering that continues from one sheet to the other")
    prove_seams(boards, links)
    return links


# --------------------------------------------------------------------------- the map in play


def _runs(routes: Sequence[Route], on: set[str]) -> list[Route]:
    out = []
    for route in routes:
        run: list[str] = []
        for h in (*route.hexes, None):
            if h is not None and h in on:
                run.append(h)
                continue
            if len(run) > 1:
                out.append(replace(route, hexes=tuple(run)))
            run = []
    return out


def in_play(m: MapData, names: Iterable[str]) -> MapData:
    """The map cut down to the named sheets: their hexes, and what lies on them (routes that leave
    them split where they leave). The map itself when every sheet is named."""
    keep = frozenset(names)
    if keep >= {b.name for b in m.boards}:
        return m
    cached = _IN_PLAY.get((id(m), keep))
    if cached is not None and cached[0] is m:
        return cached[1]  # one object per cut: the tables rules plugins keep per map (neighbours, supply steps) serve every save
    on = {h for h, b in m.board_of.items() if b.name in keep}
    cut = replace(
        m,
        boards=[b for b in m.boards if b.name in keep],
        terrain={h: t for h, t in m.terrain.items() if h in on},
        hexside_features=[replace(f, sides=tuple(s for s in f.sides if s <= on)) for f in m.hexside_features],
        railroads=_runs(m.railroads, on),
        roads=_runs(m.roads, on),
        towns=[t for t in m.towns if t.hex in on],
        areas=[replace(a, hexes=tuple(h for h in a.hexes if h in on)) for a in m.areas],
        supply_sources={s: tuple(h for h in hexes if h in on) for s, hexes in m.supply_sources.items()},
        entry_areas=[replace(e, hexes=tuple(h for h in e.hexes if h in on)) for e in m.entry_areas],
        across={h: kept for h, ns in m.across.items() if h in on and (kept := tuple(n for n in ns if n in on))},
        board_of={},
        hexsides={},
    )
    _IN_PLAY[(id(m), keep)] = (m, cut)
    return cut


_IN_PLAY: dict[tuple[int, frozenset[str]], tuple[MapData, MapData]] = {}  # (map, sheets) -> (map, the map cut down)


def distance(m: MapData, a: str, b: str) -> Optional[int]:
    """Hexes between a and b along the map's adjacency (across seams too); None if unconnected."""
    seen, todo = {a: 0}, deque([a])
    while todo:
        h = todo.popleft()
        if h == b:
            return seen[h]
        for n in m.neighbours(h):
            if n not in seen:
                seen[n] = seen[h] + 1
                todo.append(n)
    return None


def overlapping(m: MapData, board: Board) -> list[str]:
    """Hexes of the sheets beyond this board's seams whose centre lies within a hex of its image: the
    half hexes at its seams, and the ends of routes and hexsides that cross them."""
    left, top, right, bottom = rect(board)
    out = []
    for b in m.boards:
        if b is board or not (board.geometry.spec.seams and b.geometry.spec.seams):
            continue
        r = b.geometry.spec.hex_size
        for h in b.geometry.raw_of:
            x, y = map_centre(b, h)
            if left - r < x < right + r and top - r < y < bottom + r:
                out.append(h)
    return out


def map_size(boards: Sequence[Board]) -> tuple[int, int, int, int]:
    """(left, top, width, height) of the boxes the boards cover, in map pixels."""
    rects = [rect(b) for b in boards]
    left, top = min(r[0] for r in rects), min(r[1] for r in rects)
    return left, top, max(r[2] for r in rects) - left, max(r[3] for r in rects) - top
