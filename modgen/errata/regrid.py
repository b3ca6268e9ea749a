"""Pieces of a save carried to the same hex when the rebuilt module's grid changed (`refresh --old-module`).

A save holds map pixels, not hexes: after a rebuild with larger hexes (or wider margins, or boards of
another size ahead of a board in the map), the old pixels name other hexes. With the old module at hand
every piece is carried by what it stood on:

* on a board's hex grid: to the hex of the same name on the new grid, at the same offset from the hex
  centre scaled by the ratio of the hex sizes (a hexside marker stays on its hexside);
* in a display box (a zone with its own name and no grid): to the box of the same name, at the same
  offset scaled by the ratio of the box sizes (an unchanged box keeps the piece where it was);
* elsewhere on a board: at the same fraction of the board's width and height.

Without the old module, a save whose pieces do not sit on the new grid (hex centres, hexside midpoints)
was written with another grid, and refreshing it would put its pieces on the wrong hexes: that is an
error naming the pieces, never a silent misplacement.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from modgen.errors import ModgenError
from modgen.hexgrid import HexGrid
from modgen.vassal.module import BoardInfo, ModuleInfo, ZoneInfo, board_layout, board_point
from modgen.vassal.savefile import BoardPick

Placed = tuple[BoardInfo, int, int, bool]  # board, origin x, origin y, reversed


@dataclass(frozen=True)
class Moved:
    """Where a piece goes on the new module and, when it could not be carried by name, why."""

    x: int
    y: int
    note: str = ""


def _box(z: ZoneInfo) -> tuple[int, int, int, int]:
    xs, ys = [p[0] for p in z.path], [p[1] for p in z.path]
    return min(xs), min(ys), max(xs), max(ys)


def _own_zone(board: BoardInfo, x: int, y: int) -> Optional[ZoneInfo]:
    """The display box under a board point: a zone naming its own place (not one of the grid's hexes)."""
    return next((z for z in board.zones if not z.use_parent_grid and z.path and z.contains(x, y)), None)


def _hex_centre(grid: HexGrid, x: int, y: int) -> tuple[int, int]:
    """The centre of the hex VASSAL names for a point (HexGrid.locationName's rounding)."""
    c, r = grid.raw_column(x, y), grid.raw_row(x, y)
    return grid.centre(c, r)


class Regrid:
    """Maps points of OLD's maps onto NEW's maps, board by board, for one save's board picks."""

    def __init__(self, old: ModuleInfo, new: ModuleInfo, picks: dict[str, Sequence[BoardPick]]) -> None:
        self.old, self.new, self.picks = old, new, picks
        self._names: dict[int, dict[str, tuple[int, int]]] = {}

    def _on_old(self, map_name: str, x: int, y: int) -> Optional[tuple[BoardInfo, int, int]]:
        """The old module's board under the point, and the point in that board's pixels."""
        try:
            return board_point(self.old, map_name, x, y, self.picks.get(map_name))
        except (KeyError, ModgenError):
            return None

    def _new_layout(self, map_name: str) -> Optional[list[Placed]]:
        try:
            return board_layout(self.new.map(map_name), self.picks.get(map_name))
        except (KeyError, ModgenError):
            return None

    def centres(self, grid: HexGrid) -> dict[str, tuple[int, int]]:
        """Hex name -> centre on a grid (every hex whose centre lies on its board)."""
        key = id(grid)
        if key not in self._names:
            out: dict[str, tuple[int, int]] = {}
            for c, r in grid.raw_hexes():
                x, y = grid.centre(c, r)
                out.setdefault(grid.location_name(x, y), (x, y))
            self._names[key] = out
        return self._names[key]

    def place(self, map_name: Optional[str], x: int, y: int) -> Moved:
        """The new map point for a piece at (x, y) of map_name in the old module."""
        found = self._on_old(map_name, x, y) if map_name else None
        new_layout = self._new_layout(map_name) if found else None
        if found is None or new_layout is None:
            return Moved(x, y)
        board, lx, ly = found
        target = next((p for p in new_layout if p[0].name == board.name), None)
        if target is None:
            return Moved(x, y, f"board {board.name!r} is not in the new module; left at {x},{y}")
        nb, nox, noy, nrev = target
        nx, ny, note = self._on_board(board, nb, lx, ly)
        if nrev:
            nx, ny = nb.width - nx, nb.height - ny
        return Moved(nox + nx, noy + ny, note)

    def _on_board(self, old: BoardInfo, new: BoardInfo, x: int, y: int) -> tuple[int, int, str]:
        zone = _own_zone(old, x, y)
        if zone is not None:
            twin = next((z for z in new.zones if z.name == zone.name and z.path), None)
            if twin is None:
                return (*_scaled(x, y, (0, 0, old.width, old.height), (0, 0, new.width, new.height)),
                        f"box {zone.name!r} is not in the new module; placed in proportion to the board")
            return (*_scaled(x, y, _box(zone), _box(twin)), "")
        if old.grid is not None and new.grid is not None:
            name = old.grid.location_name(x, y)
            centre = self.centres(new.grid).get(name)
            if centre is not None:
                cx, cy = _hex_centre(old.grid, x, y)
                k = new.grid.dy / old.grid.dy
                return centre[0] + round((x - cx) * k), centre[1] + round((y - cy) * k), ""
            return (*_scaled(x, y, (0, 0, old.width, old.height), (0, 0, new.width, new.height)),
                    f"hex {name!r} is not on the new board {new.name!r}; placed in proportion to the board")
        return (*_scaled(x, y, (0, 0, old.width, old.height), (0, 0, new.width, new.height)), "")


def _scaled(x: int, y: int, src: tuple[int, int, int, int], dst: tuple[int, int, int, int]) -> tuple[int, int]:
    """A point of box src at the same fraction of box dst (the same point when the boxes are equal)."""
    sw, sh = max(1, src[2] - src[0]), max(1, src[3] - src[1])
    dw, dh = dst[2] - dst[0], dst[3] - dst[1]
    if (sw, sh) == (dw, dh):
        return dst[0] + x - src[0], dst[1] + y - src[1]
    return dst[0] + round((x - src[0]) * dw / sw), dst[1] + round((y - src[1]) * dh / sh)


# --------------------------------------------------------------------------- without the old module


def _fits(grid: HexGrid, x: int, y: int) -> bool:
    """A point a piece of this grid's module stands on: a hex centre, or a hexside's midpoint."""
    cx, cy = grid.snap_to_centre(x, y)
    if (cx, cy) == (x, y):
        return True
    c, r = grid.raw_column(cx, cy), grid.raw_row(cx, cy)
    for nc, nr in HexGrid.neighbours_raw(c, r):
        nx, ny = grid.centre(nc, nr)
        if abs((cx + nx) / 2 - x) <= 1 and abs((cy + ny) / 2 - y) <= 1:
            return True
    return False


def misfits(new: ModuleInfo, picks: dict[str, Sequence[BoardPick]],
            pieces: Sequence[tuple[str, str, Optional[str], int, int]]) -> list[str]:
    """Pieces (id, name, map, x, y) on a hex grid of NEW standing neither on a hex centre nor on a hexside:
    the save was written with another grid."""
    out: list[str] = []
    for pid, name, map_name, x, y in pieces:
        if map_name is None:
            continue
        try:
            found = board_point(new, map_name, x, y, picks.get(map_name))
        except (KeyError, ModgenError):
            continue
        if found is None:
            continue
        board, lx, ly = found
        if board.grid is not None and _own_zone(board, lx, ly) is None and not _fits(board.grid, lx, ly):
            out.append(f"{name} [id {pid}] at {map_name} {x},{y}")
    return out


__all__ = ["Moved", "Regrid", "misfits"]
