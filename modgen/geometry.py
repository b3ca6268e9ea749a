"""From a rulebook's description of a hex board to VASSAL HexGrid parameters.

Designers describe a board as printed: hexes in rows or columns, how many, and how the
rulebook numbers them ("row from the bottom, then two-digit position from the right").
This module chooses VASSAL's grid and numbering attributes so that VASSAL itself names
every hex exactly as printed, and proves it by naming every hex with VASSAL's formulas.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .hexgrid import HexGrid, Numbering

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class BoardSpec:
    """A board as the rulebook describes it (see docs/data-format.md)."""

    name: str
    hexes: str  # "rows" (pointy-top, horizontal rows) or "columns" (flat-top, vertical columns)
    hex_size: int  # px between neighbouring centres along a line
    lines: int  # number of rows (or columns)
    per_line: int  # hexes per row (or column)
    margin: int
    outer_lines: str  # "odd" or "even": lines whose first hex lies half a hex nearer the numbering edge
    line_from: str  # rows: bottom|top ; columns: left|right
    pos_from: str  # rows: left|right ; columns: top|bottom
    line_first: bool = True
    sep: str = "."
    line_digits: int = 1
    pos_digits: int = 2
    line_start: int = 1
    pos_start: int = 1
    id_prefix: str = ""
    # edges (left|right|top|bottom) where the board joins the next sheet: no margin there, and the hex
    # lattice runs on into the next sheet (see build_geometry); stored only when there are some
    seams: tuple[str, ...] = field(default=(), metadata={"omit_default": True})


@dataclass(frozen=True)
class BoardGeometry:
    """A board's VASSAL grid plus every printed hex: id -> raw (c, r) and pixel centre."""

    spec: BoardSpec
    grid: HexGrid
    width: int
    height: int
    raw_of: dict[str, tuple[int, int]] = field(metadata={"derived": True})
    id_of: dict[tuple[int, int], str] = field(metadata={"derived": True})
    lattice: dict[str, tuple[int, int]] = field(metadata={"derived": True})  # id -> (line, pos) as printed

    def centre(self, hex_id: str) -> tuple[int, int]:
        return self.grid.centre(*self.raw_of[hex_id])

    def corners(self, hex_id: str) -> list[tuple[float, float]]:
        """Corner points of a hex around VASSAL's centre, in board pixels (map art and zones)."""
        x, y = self.centre(hex_id)
        r = self.spec.hex_size / SQRT3
        start = 30 if self.spec.hexes == "rows" else 0
        return [(x + r * math.cos(math.radians(start + 60 * k)), y + r * math.sin(math.radians(start + 60 * k))) for k in range(6)]

    def side_segment(self, a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
        """The edge shared by two adjacent hexes, in board pixels."""
        ax, ay = self.centre(a)
        bx, by = self.centre(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        length = math.hypot(bx - ax, by - ay)
        px, py = -(by - ay) / length, (bx - ax) / length
        half = self.spec.hex_size / SQRT3 / 2
        return (mx + px * half, my + py * half), (mx - px * half, my - py * half)

    def neighbours(self, hex_id: str) -> list[str]:
        """The printed hexes adjacent to hex_id (fewer than six on an edge)."""
        return [self.id_of[n] for n in self.grid.neighbours_raw(*self.raw_of[hex_id]) if n in self.id_of]

    def distance(self, a: str, b: str) -> int:
        return self.grid.raw_distance(self.raw_of[a], self.raw_of[b])

    def hex_at(self, x: int, y: int) -> str | None:
        """The printed hex VASSAL names at a board-local point, or None off the printed grid."""
        if not self.grid.on_board(x, y):
            return None
        name = self.grid.location_name(x, y)
        return name if name in self.raw_of else None

    def is_edge(self, hex_id: str) -> bool:
        return len(self.neighbours(hex_id)) < 6


class GeometryError(ValueError):
    """The numbering asked for cannot be expressed by VASSAL's HexGridNumbering."""


def format_hex_id(spec: BoardSpec, line: int, pos: int) -> str:
    line_s = str(line).rjust(spec.line_digits, "0")
    pos_s = str(pos).rjust(spec.pos_digits, "0")
    body = line_s + spec.sep + pos_s if spec.line_first else pos_s + spec.sep + line_s
    return spec.id_prefix + body


def seam_edges(spec: BoardSpec) -> tuple[bool, bool, bool, bool]:
    """Which ends of the grid's frame are seams: (across low, across high, along low, along high).
    Across the lines is x for columns (left, right) and y for rows (top, bottom); along is the other."""
    s = set(spec.seams)
    if spec.hexes == "rows":
        return "top" in s, "bottom" in s, "left" in s, "right" in s
    return "left" in s, "right" in s, "top" in s, "bottom" in s


def _seamed_frame(spec: BoardSpec, c0: int, dx: float, radius: float) -> tuple[int, int, int, int, int]:
    """(c0, x0, y0, across, along) of a board with seams: no margin at a seam, and the cut placed so
    that the lattice runs on into the next sheet with the same spacing and every hex centre stays
    inside its own sheet. Across the lines the cut lies half-way between this sheet's edge line and
    the next sheet's first (dx/2 from either). Along the lines the lines alternate by half a hex, so
    the cut lies a quarter hex beyond the centres nearest to it: a sheet with seams at both ends of
    its lines is exactly `per_line` hexes long, and two sheets joined there continue one lattice."""
    size = spec.hex_size
    low_x, high_x, low_y, high_y = seam_edges(spec)
    if low_x and c0 == 1:
        c0 = -1  # the same parity, so x0 stays positive
    lead = dx / 2 if low_x else spec.margin + radius  # from the edge to the first line's centres
    x0 = round(lead - c0 * dx)
    last = x0 + (c0 + spec.lines - 1) * dx  # the far line's centres
    across = round(last + dx / 2) if high_x else math.ceil(last + radius + spec.margin)
    quarter = size // 4
    y0 = quarter if low_y else round(spec.margin + size / 2)
    along = y0 + spec.per_line * size + (-quarter if high_y else spec.margin)
    return c0, x0, y0, across, along


def build_geometry(spec: BoardSpec) -> BoardGeometry:
    """Choose VASSAL's HexGrid/HexGridNumbering for spec and verify every hex name."""
    rows = spec.hexes == "rows"
    size = float(spec.hex_size)
    dy = size  # along a line
    dx = size * SQRT3 / 2.0  # between lines
    radius = size / SQRT3
    along = math.ceil(2 * spec.margin + (spec.per_line + 0.5) * size)
    across = math.ceil(2 * spec.margin + (spec.lines - 1) * dx + 2 * radius)
    width, height = (along, across) if rows else (across, along)

    # Lines are VASSAL's raw columns c (counted down for rows, right for columns); odd c
    # are shifted half a hex toward increasing r. Outer lines must be the shifted ones
    # when positions are numbered from the far (high r) edge, the unshifted ones otherwise.
    descending_lines = spec.line_from in ("bottom", "right")
    descending_pos = spec.pos_from in ("right", "bottom")
    first_line_outer = (spec.line_start % 2 == 1) == (spec.outer_lines == "odd")
    c_of_first = spec.lines - 1 if descending_lines else 0
    want_odd_c = first_line_outer == descending_pos
    c0 = 0 if (c_of_first % 2 == 1) == want_odd_c else 1
    x0 = round(spec.margin + radius - c0 * dx)
    y0 = round(spec.margin + size / 2)
    if spec.seams:
        c0, x0, y0, across, along = _seamed_frame(spec, c0, dx, radius)
        width, height = (along, across) if rows else (across, along)

    lattice: dict[str, tuple[int, int]] = {}
    raw_of: dict[str, tuple[int, int]] = {}
    for i in range(spec.lines):
        c = c0 + (spec.lines - 1 - i if descending_lines else i)
        for j in range(spec.per_line):
            r = spec.per_line - 1 - j if descending_pos else j
            line, pos = spec.line_start + i, spec.pos_start + j
            hex_id = format_hex_id(spec, line, pos)
            lattice[hex_id] = (line, pos)
            raw_of[hex_id] = (c, r)

    numbering = Numbering(
        first="H" if spec.line_first else "V",
        sep=spec.sep,
        h_leading=max(spec.line_digits - 1, 0),
        v_leading=max(spec.pos_digits - 1, 0),
        h_off=0,
        v_off=0,
        h_descend=descending_lines if not rows else descending_pos,
        v_descend=descending_pos if not rows else descending_lines,
        stagger=False,
        location_format=(spec.id_prefix.replace("$", "") + "$gridLocation$") if spec.id_prefix else "$gridLocation$",
    )
    probe = HexGrid(dx, dy, x0, y0, rows, width, height, numbering)
    # In VASSAL's numbering the "column" part comes from raw c and the "row" part from raw r.
    ref = next(iter(raw_of))
    px, py = probe.centre(*raw_of[ref])
    line, pos = lattice[ref]
    numbering = Numbering(
        **{**numbering.__dict__, "h_off": line - probe.column(px, py), "v_off": pos - probe.row(px, py)}
    )
    grid = HexGrid(dx, dy, x0, y0, rows, width, height, numbering)

    for hex_id, (c, r) in raw_of.items():
        x, y = grid.centre(c, r)
        if not grid.on_board(x, y) or grid.location_name(x, y) != hex_id:
            raise GeometryError(
                f"board {spec.name}: VASSAL would name hex {hex_id} at ({x},{y}) "
                f"{grid.location_name(x, y)!r}; this numbering cannot be expressed"
            )
    id_of = {raw: hex_id for hex_id, raw in raw_of.items()}
    return BoardGeometry(spec, grid, width, height, raw_of, id_of, lattice)
