"""VASSAL's hex grid arithmetic, reimplemented exactly.

A module only works if VASSAL names every hex as the rulebook does, and the checker
only works if it turns a saved pixel into the same hex name VASSAL shows. So this
module follows VASSAL's own formulas (HexGrid, HexGridNumbering, RegularGridNumbering),
Java integer truncation and rounding included, rather than textbook hex maths.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterator

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SQRT3_2 = math.sqrt(3.0) / 2.0


def java_round(v: float) -> int:
    """Java's Math.round: floor(v + 0.5)."""
    return math.floor(v + 0.5)


def java_int(v: float) -> int:
    """Java's (int) cast: truncate toward zero."""
    return int(v)


def _float32(v: float) -> float:
    import struct

    return struct.unpack("f", struct.pack("f", v))[0]


@dataclass(frozen=True)
class Numbering:
    """Attributes of VASSAL's HexGridNumbering (names as in buildFile.xml)."""

    first: str = "H"
    sep: str = ""
    h_type: str = "N"
    v_type: str = "N"
    h_leading: int = 1
    v_leading: int = 1
    h_off: int = 1
    v_off: int = 1
    h_descend: bool = False
    v_descend: bool = False
    stagger: bool = True
    location_format: str = "$gridLocation$"


def format_part(value: int, kind: str, leading: int) -> str:
    """RegularGridNumbering.getName(int, char, int)."""
    out = "-" if value < 0 else ""
    value = abs(value)
    if kind == "A":
        while True:
            out += ALPHABET[value % 26]
            value -= 26
            if value < 0:
                return out
    while leading > 0 and value < 10 ** leading:
        out += "0"
        leading -= 1
    return out + str(value)


@dataclass(frozen=True)
class HexGrid:
    """A VASSAL HexGrid with its numbering, on a board of the given pixel size.

    Raw coordinates (c, r) are VASSAL's: in the grid's own frame (x and y swapped when
    `sideways`), c counts columns from x0 and odd columns sit dy/2 further along.
    """

    dx: float
    dy: float
    x0: int
    y0: int
    sideways: bool
    width: int
    height: int
    numbering: Numbering = field(default_factory=Numbering)

    # -- frame -------------------------------------------------------------
    def _rot(self, x: int, y: int) -> tuple[int, int]:
        return (y, x) if self.sideways else (x, y)

    # -- raw coordinates -------------------------------------------------------
    def centre(self, c: int, r: int) -> tuple[int, int]:
        """Pixel centre of raw hex (c, r): HexGrid's hexX/hexY for a centre."""
        gx = java_int(self.dx * c + self.x0)
        if c % 2 == 0:
            gy = java_int(self.dy * r + self.y0)
        else:
            gy = java_int(self.dy * r + java_int(self.dy / 2) + self.y0)
        return self._rot(gx, gy)

    def raw_column(self, x: int, y: int) -> int:
        px, _ = self._rot(x, y)
        return math.floor((px - self.x0) / self.dx + 0.5)

    def raw_row(self, x: int, y: int) -> int:
        px, py = self._rot(x, y)
        nx = java_round((px - self.x0) / self.dx)
        if nx % 2 == 0:
            return java_round((py - self.y0) / self.dy)
        return java_round((py - self.y0 - self.dy / 2) / self.dy)

    # -- numbering -------------------------------------------------------------
    @cached_property
    def max_rows(self) -> int:
        return math.floor(self.height / self.dx + 0.5)

    @cached_property
    def max_columns(self) -> int:
        return math.floor(self.width / self.dy + 0.5)

    def column(self, x: int, y: int) -> int:
        n = self.numbering
        col = self.raw_column(x, y)
        if n.v_descend and self.sideways:
            col = self.max_rows - col
        if n.h_descend and not self.sideways:
            col = self.max_columns - col
        return col

    def row(self, x: int, y: int) -> int:
        n = self.numbering
        ny = self.raw_row(x, y)
        if n.v_descend and not self.sideways:
            ny = self.max_rows - ny
        if n.h_descend and self.sideways:
            ny = self.max_columns - ny
        if n.stagger and self.raw_column(x, y) % 2 != 0:
            descending = n.h_descend if self.sideways else n.v_descend
            ny += -1 if descending else 1
        return ny

    def name(self, row: int, col: int) -> str:
        n = self.numbering
        row_name = format_part(row + n.v_off, n.v_type, n.v_leading)
        col_name = format_part(col + n.h_off, n.h_type, n.h_leading)
        grid = col_name + n.sep + row_name if n.first == "H" else row_name + n.sep + col_name
        return (
            n.location_format.replace("$gridLocation$", grid)
            .replace("$row$", row_name)
            .replace("$column$", col_name)
        )

    def location_name(self, x: int, y: int) -> str:
        """The name VASSAL gives a board-local point (Board.locationName)."""
        return self.name(self.row(x, y), self.column(x, y))

    def on_board(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    # -- snapping --------------------------------------------------------------
    def _hexagon(self, cx: int, cy: int) -> list[tuple[int, int]]:
        """HexGrid.getSingleHexShape vertices in the grid frame (float32 maths)."""
        x, y = _float32(cx), _float32(cy)
        dxf, dyf = _float32(self.dx), _float32(self.dy)
        r = _float32(2.0 * dxf / 3.0)
        half_r = _float32(0.5 * r)
        half_dy = _float32(0.5 * dyf)
        y2 = _float32(y - half_dy)
        y5 = _float32(y + half_dy)
        x2 = _float32(x - half_r)
        x3 = _float32(x + half_r)
        return [
            (java_round(_float32(x - r)), java_round(y)),
            (java_round(x2), java_round(y2)),
            (java_round(x3) + 1, java_round(y2)),
            (java_round(_float32(x + r)) + 1, java_round(y)),
            (java_round(x3) + 1, java_round(y5) + 1),
            (java_round(x2), java_round(y5) + 1),
        ]

    @staticmethod
    def _inside(poly: list[tuple[int, int]], x: float, y: float) -> bool:
        """java.awt.Polygon.contains: even-odd crossings, half-open edges."""
        xs = [p[0] for p in poly]
        ys = [p[1] for p in poly]
        if not (min(xs) <= x < max(xs) and min(ys) <= y < max(ys)):
            return False
        hits = 0
        lastx, lasty = poly[-1]
        for curx, cury in poly:
            if cury == lasty:
                lastx, lasty = curx, cury
                continue
            if curx < lastx:
                if x >= lastx:
                    lastx, lasty = curx, cury
                    continue
                leftx = curx
            else:
                if x >= curx:
                    lastx, lasty = curx, cury
                    continue
                leftx = lastx
            if cury < lasty:
                if y < cury or y >= lasty:
                    lastx, lasty = curx, cury
                    continue
                if x < leftx:
                    hits += 1
                    lastx, lasty = curx, cury
                    continue
                t1, t2 = x - curx, y - cury
            else:
                if y < lasty or y >= cury:
                    lastx, lasty = curx, cury
                    continue
                if x < leftx:
                    hits += 1
                    lastx, lasty = curx, cury
                    continue
                t1, t2 = x - lastx, y - lasty
            if t1 < (t2 / (lasty - cury) * (lastx - curx)):
                hits += 1
            lastx, lasty = curx, cury
        return (hits & 1) != 0

    def snap(self, x: int, y: int) -> tuple[int, int]:
        """Map.snapTo on this board: off-board points stay; a snap one pixel off the edge moves back."""
        if not self.on_board(x, y):
            return x, y
        sx, sy = self.snap_to_centre(x, y)
        if not self.on_board(sx, sy):
            sx = self.width - 1 if sx == self.width else 0 if sx == -1 else sx
            sy = self.height - 1 if sy == self.height else 0 if sy == -1 else sy
        return sx, sy

    def snap_to_centre(self, x: int, y: int) -> tuple[int, int]:
        """The hex centre VASSAL 3.7+ snaps a point to (hexagon-exact snapping)."""
        px, py = self._rot(x, y)
        c = math.floor((px - self.x0 + self.dx / 2) / self.dx)
        if c % 2 == 0:
            r = math.floor((py - self.y0 + self.dy / 2) / self.dy)
            others = [(c - 1, r - 1), (c - 1, r), (c + 1, r - 1), (c + 1, r)]
        else:
            r = math.floor((py - self.y0) / self.dy)
            others = [(c - 1, r), (c - 1, r + 1), (c + 1, r), (c + 1, r + 1)]
        for cc, rr in [(c, r)] + others:
            gx, gy = self._rot(*self.centre(cc, rr))
            if self._inside(self._hexagon(gx, gy), px, py):
                return self.centre(cc, rr)
        return self.centre(c, r)

    # -- topology ---------------------------------------------------------------
    @staticmethod
    def neighbours_raw(c: int, r: int) -> list[tuple[int, int]]:
        """The six raw neighbours of (c, r), in a fixed order."""
        if c % 2 == 0:
            return [(c, r - 1), (c + 1, r - 1), (c + 1, r), (c, r + 1), (c - 1, r), (c - 1, r - 1)]
        return [(c, r - 1), (c + 1, r), (c + 1, r + 1), (c, r + 1), (c - 1, r + 1), (c - 1, r)]

    def raw_hexes(self) -> Iterator[tuple[int, int]]:
        """Every raw hex whose centre lies on the board, in raw order."""
        gw, gh = (self.height, self.width) if self.sideways else (self.width, self.height)
        c_max = math.ceil((gw - self.x0) / self.dx) + 1
        r_max = math.ceil((gh - self.y0) / self.dy) + 1
        for c in range(-2, c_max + 1):
            for r in range(-2, r_max + 1):
                x, y = self.centre(c, r)
                if self.on_board(x, y):
                    yield c, r

    @staticmethod
    def raw_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
        """Hex distance between raw hexes (odd columns shifted +1/2)."""

        def cube(c: int, r: int) -> tuple[int, int, int]:
            q = c
            s_r = r - (c - (c & 1)) // 2
            return q, s_r, -q - s_r

        a1, b1, c1 = cube(*a)
        a2, b2, c2 = cube(*b)
        return max(abs(a1 - a2), abs(b1 - b2), abs(c1 - c2))
