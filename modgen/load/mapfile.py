"""maps/<game>/map.yaml: the boards and their hex numbering, and the terrain, hexside, road and
rail types (the TEC) that terrain.yaml and features.yaml refer to."""

from __future__ import annotations

import re

from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import DataError
from ..geometry import BoardSpec, GeometryError, build_geometry
from ..model import Board, HexsideType, Provenance, RoadType, TerrainType
from ..sheets import join_sheets
from ..presentation import TERRAIN_TEXTURES
from .nodes import Node, _as_text, _colour, _number, _words
from .schema import by_id, choice, colour, document, flag, integer, items, must, number, obj, provenance, text, words

HEXSIDE_STYLES = ("water", "ridge", "bridge", "ferry", "boundary")
SIDES = ("bottom", "top", "left", "right")

NUMBERING = obj("How the hexes are numbered: the printed hex IDs, exactly.", {
    "line_from": must(choice("where line 1 is: rows bottom|top; columns left|right", SIDES)),
    "pos_from": must(choice("where position 1 is along a line: rows left|right; columns top|bottom", SIDES)),
    "line_first": flag("the ID starts with the line number (default true)"),
    "sep": text('between the two parts ("" for 0101 style; default "")'),
    "line_digits": integer("zero-padded width of the line number (default 1)", 1, 4),
    "pos_digits": integer("zero-padded width of the position number (default 2)", 1, 4),
    "line_start": integer("the first line number (default 1)", 0),
    "pos_start": integer("the first position number (default 1)", 0),
    "id_prefix": text('before every ID, e.g. "A" when several boards would share IDs'),
})
BOARD = obj("One VASSAL board: a hex field.", {
    "name": must(text("VASSAL board name")),
    "hexes": must(choice("rows: pointy-top hexes in horizontal rows; columns: flat-top, vertical columns", ("rows", "columns"))),
    "hex_size": must(integer("pixels between neighbouring hex centres along a row (column)", 16, 1000)),
    "lines": must(integer("number of rows (columns)", 1, 500)),
    "per_line": must(integer("hexes in each row (column)", 1, 500)),
    "margin": integer("pixels around the hex field (default 0)", 0, 2000),
    "outer_lines": choice("lines whose first hex sits half a hex nearer the edge numbering starts from (default odd)", ("odd", "even")),
    "numbering": must(NUMBERING),
    "column": integer("the board's column when there are several (default: left to right)", 0, 20),
    "row": integer("the board's row when there are several (default 0)", 0, 20),
    "seams": items("edges where this sheet joins the next one (left, right, top, bottom): no margin there, the hexes "
                   "run on into the sheet beyond and are adjacent across; the sheet beyond has a seam on its facing edge",
                   choice("an edge of the board", SIDES), uniqueItems=True),
})
TERRAIN_TYPE = obj("A terrain type of the TEC, in the rulebook's words.", {
    "name": must(text("as the TEC names it")),
    "move": must(text('movement cost, as printed ("1", "2", "Prohibited")')),
    "combat": text("combat effect, as printed"),
    "colour": must(colour("map colour")),
    "prohibited": flag("no unit may enter"),
    "road_only": words("unit tags that may enter this terrain only along a road"),
    "prohibited_for": words("unit tags that may never enter it"),
    "texture": choice("what the map draws over the colour: trees, marsh or polder (default none)", TERRAIN_TEXTURES),
    "note": text("what the rules say of the printed entry (a lost cost's words)"),
    **provenance("this entry's cost"),
})
HEXSIDE_TYPE = obj("A hexside type of the TEC (river, ridge, bridge...).", {
    "name": must(text("as the TEC names it")),
    "move": must(text('movement cost, as printed ("+2", "Prohibited")')),
    "combat": text("combat effect, as printed"),
    "blocks_zoc": flag("zones of control do not extend across it (rules plugins read it)"),
    "note": text("a note printed with the TEC"),
    "style": choice("how the map draws it", HEXSIDE_STYLES),
    "colour": colour("drawing colour"),
    "width": number("drawing width in pixels"),
    "prohibits": words('unit tags that may not cross except by a bridge or ferry on the same hexside ("*" = all)'),
    "over": words("a hexside of this type must lie on a hexside carrying one of these types (a crossing)"),
    "blocks_supply": flag("supply does not trace across it (rules plugins read it)"),
    **provenance("this entry's cost"),
})
def _route_type(what: str, names: str, move: str, dashed: str) -> dict:
    """A kind of road or railroad in features.yaml: how the map key names it and draws it."""
    return obj(what, {
        "name": must(text(names)),
        "move": text(move),
        "colour": must(colour("drawing colour")),
        "width": number("drawing width in pixels (default 4)"),
        "dashed": flag(dashed),
        "note": text("what the rules say of the printed entry (a lost cost's words)"),
        **provenance("this entry's cost"),
    })


ROAD_TYPE = _route_type("A kind of road in features.yaml `roads`, drawn widest first.", "as the TEC names it",
                        "movement cost along it, as printed", "drawn dashed (default false)")
RAIL_TYPE = _route_type("A kind of railroad in features.yaml `railroads` (track class, gauge), drawn widest first.",
                        "as the TEC / map key names it", "movement or supply cost along it, as printed",
                        "drawn dashed, without cross-ties (e.g. narrow gauge; default false)")
SCHEMA = document("map", "modgen maps/<game>/map.yaml", obj("Boards and their hex numbering; terrain, hexside, road and rail types.", {
    "boards": must({"type": "array", "description": "the boards of the map", "items": BOARD, "minItems": 1}),
    "terrain_types": must(by_id("the TEC: terrain id -> terrain type", TERRAIN_TYPE)),
    "hexside_types": by_id("hexside id -> hexside type", HEXSIDE_TYPE),
    "road_types": by_id("kinds of `roads` in features.yaml", ROAD_TYPE),
    "rail_types": by_id("kinds of `railroads` in features.yaml: with it every railroad names its `kind` and is drawn by it",
                        RAIL_TYPE),
    **provenance("the TEC (terrain_types / hexside_types / road_types / rail_types)"),
}))


@dataclass(frozen=True)
class MapTypes:
    """What map.yaml gives the other map files: the boards and hex IDs, and the types they name."""

    boards: list[Board]
    board_of: dict[str, Board]
    terrain_types: dict[str, TerrainType]
    hexside_types: dict[str, HexsideType]
    road_types: dict[str, RoadType]
    provenance: Provenance
    across: dict[str, tuple[str, ...]] = field(default_factory=dict)  # neighbours beyond a seam (sheets.seam_links)
    rail_types: dict[str, RoadType] = field(default_factory=dict)  # kinds of railroads (optional)

    def neighbours(self, hex_id: str) -> list[str]:
        """The hexes adjacent to hex_id, on its own sheet and across a seam."""
        return self.board_of[hex_id].geometry.neighbours(hex_id) + list(self.across.get(hex_id, ()))

    def is_edge(self, hex_id: str) -> bool:
        """On the map's edge: fewer than six neighbours (a seam is no edge)."""
        return len(self.neighbours(hex_id)) < 6

    def hex_ref(self, node: Node, value: Any, line: int | None, path: str, written: str | None = None) -> str:
        value = _as_text(value, written, node.file, line, path, hex_id=True)
        if value not in self.board_of:
            raise DataError(node.file, line, path, unknown_hex(value, self.boards))
        return value


def _natural(hex_id: str) -> tuple:
    """Sort key reading the digit runs of a hex ID as numbers ("2.10" after "2.9")."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", hex_id))


def unknown_hex(hex_id: str, boards: list[Board]) -> str:
    """'unknown hex ID' with the IDs the map has, sheet by sheet: first and last in reading order."""
    spans = []
    for b in boards:
        ids = sorted(b.geometry.raw_of, key=_natural)
        spans.append(f"{ids[0]} to {ids[-1]}" + (f" on {b.name}" if len(boards) > 1 else ""))
    return f"unknown hex ID {hex_id!r}: the map's hex IDs run {'; '.join(spans)}"


def read_map(m: Node) -> MapTypes:
    boards: list[Board] = []
    for b in m.nodes("boards"):
        boards.append(_board(b))
    if not boards:
        m.fail("boards", "at least one board is needed")
    boards = _arrange(m, boards)
    names = [b.name for b in boards]
    if len(set(names)) != len(names):
        m.fail("boards", "board names must be unique")
    board_of: dict[str, Board] = {}
    for board in boards:
        for h in board.geometry.raw_of:
            if h in board_of:
                m.fail("boards", f"hex ID {h} is on boards {board_of[h].name} and {board.name}: hex IDs are unique across "
                                 "the map (a numbering that continues from sheet to sheet, or an id_prefix per board)")
            board_of[h] = board
    try:
        across = join_sheets(boards)
    except GeometryError as exc:
        m.fail("boards", str(exc))

    tec_prov = m.provenance()
    terrain_types = {
        tid: TerrainType(
            tid,
            n.text("name"),
            n.text("move"),
            n.text("combat", ""),
            _colour(n, "colour"),
            n.flag("prohibited"),
            _words(n, "road_only"),
            _words(n, "prohibited_for"),
            n.choice("texture", TERRAIN_TEXTURES, None),
        )
        for tid, n in m.mapping("terrain_types")
    }
    hexside_types = {
        tid: HexsideType(
            tid, n.text("name"), n.text("move"), n.text("combat", ""), n.flag("blocks_zoc"), n.text("note", ""),
            n.choice("style", HEXSIDE_STYLES, ""), _colour(n, "colour", None), _number(n, "width"),
            _words(n, "prohibits"), _words(n, "over"), n.flag("blocks_supply"),
        )
        for tid, n in m.mapping("hexside_types", {})
    }
    for tid, n in m.mapping("hexside_types", {}):
        for line, value, path in n.texts("over", []):
            if value not in hexside_types or hexside_types[value].on:
                raise DataError(m.file, line, path, f"{value!r} is not a hexside type a crossing can lie on")
    for key in ("terrain_types", "hexside_types", "road_types", "rail_types"):
        for _, n in m.mapping(key, {}):
            n.provenance(tec_prov)  # an entry's own approximate/source (the file's by default) is checked like the file's
    road_types, rail_types = _route_types(m, "road_types"), _route_types(m, "rail_types")
    return MapTypes(boards, board_of, terrain_types, hexside_types, road_types, tec_prov, across, rail_types)


def _route_types(m: Node, key: str) -> dict[str, RoadType]:
    """road_types or rail_types: kinds of routes, each drawn in its colour and width."""
    return {
        tid: RoadType(tid, n.text("name"), n.text("move", ""), _colour(n, "colour"), _number(n, "width") or 4.0, n.flag("dashed"))
        for tid, n in m.mapping(key, {})
    }


def _board(b: Node) -> Board:
    num = b.child("numbering")
    spec = BoardSpec(
        name=b.text("name"),
        hexes=b.choice("hexes", ("rows", "columns")),
        hex_size=b.integer("hex_size", lo=16, hi=1000),
        lines=b.integer("lines", lo=1, hi=500),
        per_line=b.integer("per_line", lo=1, hi=500),
        margin=b.integer("margin", 0, lo=0, hi=2000),
        outer_lines=b.choice("outer_lines", ("odd", "even"), "odd"),
        line_from=num.choice("line_from", SIDES),
        pos_from=num.choice("pos_from", SIDES),
        line_first=num.flag("line_first", True),
        sep=num.text("sep", ""),
        line_digits=num.integer("line_digits", 1, lo=1, hi=4),
        pos_digits=num.integer("pos_digits", 2, lo=1, hi=4),
        line_start=num.integer("line_start", 1, lo=0),
        pos_start=num.integer("pos_start", 1, lo=0),
        id_prefix=num.text("id_prefix", ""),
        seams=_seams(b),
    )
    rows = spec.hexes == "rows"
    if rows and (spec.line_from not in ("bottom", "top") or spec.pos_from not in ("left", "right")):
        num.fail(None, "hexes in rows: line_from is bottom|top and pos_from left|right")
    if not rows and (spec.line_from not in ("left", "right") or spec.pos_from not in ("top", "bottom")):
        num.fail(None, "hexes in columns: line_from is left|right and pos_from top|bottom")
    try:
        return Board(spec.name, build_geometry(spec), b.integer("column", 0, lo=0, hi=20), b.integer("row", 0, lo=0, hi=20))
    except GeometryError as exc:
        b.fail("numbering", str(exc))


def _seams(b: Node) -> tuple[str, ...]:
    seams: list[str] = []
    for line, value, path in b.texts("seams", []):
        if value not in SIDES or value in seams:
            raise DataError(b.file, line, path, f"{value!r} is no edge of the board or named twice (edges: {', '.join(SIDES)})")
        seams.append(value)
    return tuple(seams)


def _arrange(m: Node, boards: list[Board]) -> list[Board]:
    """Boards in their grid cells with VASSAL's origins (Map.java: widths to the left in the
    row, heights above in the column). Without column/row, boards go left to right."""
    if len(boards) > 1 and all(b.column == 0 and b.row == 0 for b in boards):
        boards = [replace(b, column=i) for i, b in enumerate(boards)]
    cells = [(b.column, b.row) for b in boards]
    if len(set(cells)) != len(cells):
        m.fail("boards", "two boards share a column and row")
    out = []
    for b in boards:
        ox = sum(o.geometry.width for o in boards if o.row == b.row and o.column < b.column)
        oy = sum(o.geometry.height for o in boards if o.column == b.column and o.row < b.row)
        out.append(replace(b, origin=(ox, oy)))
    return out
