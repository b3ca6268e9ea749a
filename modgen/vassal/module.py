"""Reading a VASSAL module archive (.vmod): metadata, maps and grids, piece slots, setups.

The checker needs the module's view of the world to interpret a save: which boards a
map has, their pixel sizes and grids (to name a saved pixel as the engine does,
Map.locationName), and the palette pieces (gpid → definition). Everything is read
with the engine's defaults for missing attributes, so an absent attribute means what
it means to VASSAL.
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence

from lxml import etree

from modgen.errors import ModgenError, SaveError
from modgen.hexgrid import HexGrid, Numbering
from modgen.vassal.archive import DEFAULT_LIMIT, Archive
from modgen.vassal.pieces import Piece, decode_piece, expand_prototypes, parse_add_piece
from modgen.vassal.savefile import BoardPick, parse_xml

P = "VASSAL.build."
MAP_CLASSES = {P + "module.Map", P + "module.PrivateMap", P + "module.PlayerHand"}
BOARD = P + "module.map.boardPicker.Board"
HEXGRID = P + "module.map.boardPicker.board.HexGrid"
HEXNUM = P + "module.map.boardPicker.board.mapgrid.HexGridNumbering"
ZONEDGRID = P + "module.map.boardPicker.board.ZonedGrid"
ZONE = P + "module.map.boardPicker.board.mapgrid.Zone"
ZONEPROP = P + "module.properties.ZoneProperty"
PIECESLOT = P + "widget.PieceSlot"
SETUPSTACK = P + "module.map.SetupStack"
DEFAULT_DY = 64.0
DEFAULT_DX = math.sqrt(3.0) / 2.0 * DEFAULT_DY  # VASSAL's HexGrid default: a regular hex, √3/2·dy


@dataclass
class ZoneInfo:
    name: str
    path: list[tuple[int, int]]
    location_format: str = "$name$"
    use_parent_grid: bool = False
    grid: Optional[HexGrid] = None
    properties: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        xs, ys = [p[0] for p in self.path], [p[1] for p in self.path]
        # the polygon's bounding box: most points of a board lie outside most of its zones
        self._box = (min(xs), min(ys), max(xs), max(ys)) if self.path else (0, 0, -1, -1)

    def contains(self, x: int, y: int) -> bool:
        x0, y0, x1, y1 = self._box
        return x0 <= x <= x1 and y0 <= y <= y1 and HexGrid._inside(self.path, x, y)


@dataclass
class BoardInfo:
    name: str
    image: str
    width: int
    height: int
    reversible: bool = False
    grid: Optional[HexGrid] = None  # a HexGrid with numbering (the only kind that names hexes here)
    grid_kind: Optional[str] = None  # element class of the board's grid, if any
    zones: list[ZoneInfo] = field(default_factory=list)


@dataclass
class MapInfo:
    name: str  # mapName: the id written in saves
    component_id: str  # Map0, Map1, ... in document order
    edge_width: int = 0
    edge_height: int = 0
    boards: list[BoardInfo] = field(default_factory=list)

    def board(self, name: str) -> BoardInfo:
        for b in self.boards:
            if b.name == name:
                return b
        raise KeyError(name)


@dataclass
class SlotInfo:
    """A PieceSlot. `piece` is what placing it puts on the map (prototypes expanded, PieceCloner), which is
    what saves hold; `defined` is the slot's own chain, `prototype;NAME` traits and all."""

    gpid: str
    entry_name: str
    piece: Piece
    palette_path: list[str]
    text: str
    defined: Optional[Piece] = None


@dataclass
class TurnLevelInfo:
    kind: str  # "counter" or "list"
    name: str
    property: str
    attributes: dict[str, str]
    children: list["TurnLevelInfo"] = field(default_factory=list)


@dataclass
class TurnTrackerInfo:
    id: str
    name: str
    attributes: dict[str, str]
    levels: list[TurnLevelInfo]


@dataclass
class ModuleInfo:
    path: str
    name: str
    version: str
    vassal_version: str
    description: str
    next_piece_slot_id: Optional[int]
    moduledata: dict[str, str]
    maps: list[MapInfo]
    slots: dict[str, SlotInfo]
    setup_stack_slots: list[SlotInfo]
    prototypes: dict[str, Piece]
    setups: dict[str, Optional[str]]
    global_properties: dict[str, str]
    turn_trackers: list[TurnTrackerInfo]
    sides: list[str]

    def map(self, name: str) -> MapInfo:
        for m in self.maps:
            if m.name == name:
                return m
        raise KeyError(name)


def read_module(path: str | Path, limit: int = DEFAULT_LIMIT) -> ModuleInfo:
    """Parse a .vmod; any defect becomes a SaveError naming the archive entry."""
    spath = str(path)
    try:
        with Archive(spath, limit) as arc:
            return _read(arc, spath)
    except ModgenError:
        raise
    except (ValueError, KeyError, IndexError, TypeError, OverflowError, RecursionError) as exc:
        raise SaveError(spath, f"unreadable module ({type(exc).__name__}: {exc})") from None


def _read(arc: Archive, path: str) -> ModuleInfo:
    moduledata: dict[str, str] = {}
    if arc.has("moduledata"):
        root = parse_xml(arc.read("moduledata", 1024 * 1024), arc.where("moduledata"))
        for child in root:
            if isinstance(child.tag, str) and not child.get("lang"):
                moduledata.setdefault(child.tag, (child.text or "").strip())
    entry = _buildfile_entry(arc, moduledata)
    where = arc.where(entry)
    root = parse_xml(arc.read(entry), where)
    if root.tag not in (P + "GameModule", "VASSAL.launch.BasicModule"):
        raise SaveError(where, f"root element is {root.tag!r}, not a VASSAL.build.GameModule")
    nps = root.get("nextPieceSlotId")
    try:
        next_id = int(nps) if nps is not None else None
    except ValueError:
        raise SaveError(where, f"nextPieceSlotId {nps!r} is not an integer") from None
    maps: list[MapInfo] = []
    for el in root.iter(*MAP_CLASSES):
        maps.append(_map(arc, el, len(maps), where))
    prototypes: dict[str, Piece] = {}
    for el in root.iter(P + "module.PrototypeDefinition"):
        _, t, s = _piece_text(el, where)
        prototypes[el.get("name", "")] = decode_piece(t, s)  # PrototypesContainer.add: the last of a name wins
    slots: dict[str, SlotInfo] = {}
    setup_slots: list[SlotInfo] = []
    for el in root.iter(PIECESLOT):
        slot = _slot(el, where, prototypes)
        if any(a.tag == SETUPSTACK for a in el.iterancestors()):
            setup_slots.append(slot)
        else:
            slots.setdefault(slot.gpid, slot)
    setups: dict[str, Optional[str]] = {}
    for el in root.iter(P + "module.PredefinedSetup"):
        if el.get("isMenu", "false").lower() == "true":
            continue
        use_file = el.get("useFile", "true").lower() == "true"
        setups[el.get("name", "")] = el.get("file") if use_file else None
    globals_: dict[str, str] = {}
    for el in root.iter(P + "module.properties.GlobalProperty"):
        globals_.setdefault(el.get("name", ""), el.get("initialValue", ""))
    trackers = [
        TurnTrackerInfo(f"TurnTracker{i}", el.get("name", ""), dict(el.attrib), _turn_levels(el))
        for i, el in enumerate(root.iter(P + "module.turn.TurnTracker"))
    ]
    sides = [(e.text or "").strip() for r in root.iter(P + "module.PlayerRoster") for e in r.iter("entry")]
    return ModuleInfo(
        path=path, name=root.get("name", "Unnamed module"), version=root.get("version", "0.0"),
        vassal_version=root.get("VassalVersion", ""), description=root.get("description", ""),
        next_piece_slot_id=next_id, moduledata=moduledata, maps=maps, slots=slots,
        setup_stack_slots=setup_slots, prototypes=prototypes, setups=setups,
        global_properties=globals_, turn_trackers=trackers, sides=sides)


def _buildfile_entry(arc: Archive, moduledata: dict[str, str]) -> str:
    """buildFile.xml, or the legacy buildFile for modules declaring VassalVersion < 3.5 (GameModule.java:712)."""
    vv = moduledata.get("VassalVersion")
    legacy = False
    if vv is not None:
        parts = (vv.split(".") + ["0", "0"])[:2]
        try:
            legacy = (int(parts[0] or 0), int("".join(ch for ch in parts[1] if ch.isdigit()) or 0)) < (3, 5)
        except ValueError:
            legacy = False
    order = ["buildFile", "buildFile.xml"] if legacy else ["buildFile.xml", "buildFile"]
    for name in order:
        if arc.has(name):
            return name
    raise SaveError(arc.path, "no buildFile.xml (or legacy buildFile) entry: not a VASSAL module")


def _bool(v: Optional[str], default: bool) -> bool:
    return default if v is None else v.lower() == "true"


def _int(el: etree._Element, name: str, default: int, where: str) -> int:
    v = el.get(name)
    if v is None:
        return default
    try:
        return int(v)
    except ValueError:
        raise SaveError(where, f"{el.tag.rsplit('.', 1)[-1]}@{name}={v!r} is not an integer") from None


def _float(el: etree._Element, name: str, default: float, where: str) -> float:
    v = el.get(name)
    if v is None:
        return default
    try:
        return float(v)
    except ValueError:
        raise SaveError(where, f"{el.tag.rsplit('.', 1)[-1]}@{name}={v!r} is not a number") from None


def _map(arc: Archive, el: etree._Element, index: int, where: str) -> MapInfo:
    m = MapInfo(el.get("mapName", "Main Map"), f"Map{index}", _int(el, "edgeWidth", 0, where),
                _int(el, "edgeHeight", 0, where))
    for b in el.iter(BOARD):
        m.boards.append(_board(arc, b, where))
    return m


def _board(arc: Archive, el: etree._Element, where: str) -> BoardInfo:
    image = el.get("image", "") or ""
    size = image_size(arc, image) if image else None
    if size is None:
        size = (_int(el, "width", 0, where), _int(el, "height", 0, where))
    board = BoardInfo(el.get("name", ""), image, size[0], size[1], _bool(el.get("reversible"), False))
    for child in el:
        if not isinstance(child.tag, str):
            continue
        if child.tag == HEXGRID:
            board.grid_kind = "HexGrid"
            board.grid = _hexgrid(child, size[0], size[1], where)
        elif child.tag == ZONEDGRID:
            board.grid_kind = "ZonedGrid"
            for sub in child:
                if sub.tag == HEXGRID:
                    board.grid = _hexgrid(sub, size[0], size[1], where)
                elif sub.tag == ZONE:
                    board.zones.append(_zone(sub, where))
        elif child.tag.startswith(P + "module.map.boardPicker.board."):
            board.grid_kind = child.tag.rsplit(".", 1)[-1]
    return board


def _zone(el: etree._Element, where: str) -> ZoneInfo:
    pts: list[tuple[int, int]] = []
    for pair in (el.get("path") or "").split(";"):
        if not pair.strip():
            continue
        try:
            xs, ys = pair.split(",")
            pts.append((int(xs), int(ys)))
        except ValueError:
            raise SaveError(where, f"Zone {el.get('name')!r}: bad path point {pair!r}") from None
    z = ZoneInfo(el.get("name", ""), pts, el.get("locationFormat", "$name$"),
                 _bool(el.get("useParentGrid"), False))
    xs = [p[0] for p in pts] or [0]
    ys = [p[1] for p in pts] or [0]
    for child in el:
        if child.tag == HEXGRID:
            z.grid = _hexgrid(child, max(xs) - min(xs), max(ys) - min(ys), where)
        elif child.tag == ZONEPROP:
            z.properties[child.get("name", "")] = child.get("initialValue", "")
    return z


def _hexgrid(el: etree._Element, width: int, height: int, where: str) -> Optional[HexGrid]:
    """HexGrid with VASSAL's defaults; setting dy resets dx to √3/2·dy while dx is still the default."""
    dx = _float(el, "dx", DEFAULT_DX, where)
    dy = DEFAULT_DY
    if el.get("dy") is not None:
        dy = _float(el, "dy", DEFAULT_DY, where)
        if dx == DEFAULT_DX:
            dx = math.sqrt(3.0) / 2.0 * dy
    num_el = next((c for c in el if c.tag == HEXNUM), None)
    if num_el is None:
        return None
    n = Numbering(
        first=(num_el.get("first") or "H")[:1], sep=num_el.get("sep", ""),
        h_type=(num_el.get("hType") or "N")[:1], v_type=(num_el.get("vType") or "N")[:1],
        h_leading=_int(num_el, "hLeading", 1, where), v_leading=_int(num_el, "vLeading", 1, where),
        h_off=_int(num_el, "hOff", 1, where), v_off=_int(num_el, "vOff", 1, where),
        h_descend=_bool(num_el.get("hDescend"), False), v_descend=_bool(num_el.get("vDescend"), False),
        stagger=_bool(num_el.get("stagger"), True),
        location_format=num_el.get("locationFormat", "$gridLocation$"))
    return HexGrid(dx, dy, _int(el, "x0", 0, where), _int(el, "y0", 32, where),
                   _bool(el.get("sideways"), False), width, height, n)


def image_size(arc: Archive, image: str) -> Optional[tuple[int, int]]:
    """Pixel size from the PNG (IHDR) or GIF header of images/NAME; None if absent or another format."""
    entry = "images/" + image
    if not arc.has(entry):
        return None
    head = arc.read(entry)[:32]
    if head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR":
        w, h = struct.unpack(">II", head[16:24])
        return int(w), int(h)
    if head[:6] in (b"GIF87a", b"GIF89a"):
        w, h = struct.unpack("<HH", head[6:10])
        return int(w), int(h)
    return None


def _piece_text(el: etree._Element, where: str) -> tuple[Optional[str], str, str]:
    """Builder.getText: the element's own text, trimmed; then the AddPiece string."""
    text = "".join(el.xpath("text()")).strip()
    if not text:
        raise SaveError(where, f"{el.tag.rsplit('.', 1)[-1]} {el.get('entryName') or el.get('name')!r} has no piece text")
    try:
        return parse_add_piece(text)
    except ValueError:
        raise SaveError(where, f"{el.tag.rsplit('.', 1)[-1]} {el.get('entryName') or el.get('name')!r}: piece text does not start with +/") from None


def _slot(el: etree._Element, where: str, prototypes: dict[str, Piece]) -> SlotInfo:
    _, t, s = _piece_text(el, where)
    path = [a.get("entryName") or a.get("name") or "" for a in reversed(list(el.iterancestors()))
            if a.getparent() is not None and (a.get("entryName") is not None or a.get("name") is not None)]
    text = "".join(el.xpath("text()")).strip()
    defined = decode_piece(t, s)
    return SlotInfo(el.get("gpid", ""), el.get("entryName", ""), expand_prototypes(defined, prototypes), path, text, defined)


def _turn_levels(el: etree._Element) -> list[TurnLevelInfo]:
    out = []
    for child in el:
        if child.tag in (P + "module.turn.CounterTurnLevel", P + "module.turn.ListTurnLevel"):
            kind = "counter" if child.tag.endswith("CounterTurnLevel") else "list"
            out.append(TurnLevelInfo(kind, child.get("name", ""), child.get("property", ""),
                                     dict(child.attrib), _turn_levels(child)))
    return out


# --------------------------------------------------------------------------- locations


def board_layout(m: MapInfo, picks: Optional[Sequence[BoardPick]] = None) -> list[tuple[BoardInfo, int, int, bool]]:
    """Each chosen board with its origin in map pixels (Map.java: edge + boards left/above in its row/column)."""
    if picks is None:
        if len(m.boards) != 1:
            raise ModgenError(m.name, f"map has {len(m.boards)} boards; pass the save's board picks")
        picks = [BoardPick(m.boards[0].name)]
    chosen = []
    for p in picks:
        try:
            chosen.append((m.board(p.board), p))
        except KeyError:
            raise ModgenError(m.name, f"save picks unknown board {p.board!r}") from None
    out = []
    for b, p in chosen:
        ox = m.edge_width + sum(o.width for o, q in chosen if q.row == p.row and q.column < p.column)
        oy = m.edge_height + sum(o.height for o, q in chosen if q.column == p.column and q.row < p.row)
        out.append((b, ox, oy, p.reversed))
    return out


def map_location(module: ModuleInfo, map_name: str, x: int, y: int,
                 picks: Optional[Sequence[BoardPick]] = None) -> str:
    """Map.locationName: the containing board's grid name for the point, else `offboard`."""
    found = board_point(module, map_name, x, y, picks)
    return _board_location(*found) if found else "offboard"


def board_point(module: ModuleInfo, map_name: str, x: int, y: int,
                picks: Optional[Sequence[BoardPick]] = None) -> Optional[tuple[BoardInfo, int, int]]:
    """The board under a map point and the point in that board's own pixels (reversed boards too)."""
    m = module.map(map_name)
    for board, ox, oy, rev in board_layout(m, picks):
        if ox <= x < ox + board.width and oy <= y < oy + board.height:
            lx, ly = x - ox, y - oy
            if rev:
                lx, ly = board.width - lx, board.height - ly
            return board, lx, ly
    return None


def _board_location(board: BoardInfo, x: int, y: int) -> str:
    for z in board.zones:
        if z.contains(x, y):
            grid = board.grid if z.use_parent_grid else z.grid
            grid_name = grid.location_name(x, y) if grid is not None else ""
            return z.location_format.replace("$name$", z.name).replace("$gridLocation$", grid_name)
    if board.grid is None:
        if board.grid_kind not in (None, "HexGrid", "ZonedGrid"):
            raise ModgenError(board.name, f"{board.grid_kind} location names are not implemented")
        return "offboard"
    return board.grid.location_name(x, y)


def hex_zones(board: BoardInfo) -> dict[str, ZoneInfo]:
    """Each hex of the board's grid named as VASSAL names it -> the zone holding its centre, for the
    zones that name their points by that grid (useParentGrid): what zone property a piece on the hex
    reads, whether a module has a zone per hex or one per group of hexes. The first zone wins, as in
    ZonedGrid.findZone."""
    grid = board.grid
    zones = [z for z in board.zones if z.use_parent_grid and z.path]
    if grid is None or not zones:
        return {}
    bucket = 128  # centres by square of the board, so that a zone tests only the centres near it
    near: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for raw in grid.raw_hexes():
        x, y = grid.centre(*raw)
        near.setdefault((x // bucket, y // bucket), []).append((x, y))
    out: dict[str, ZoneInfo] = {}
    for z in zones:
        x0, y0, x1, y1 = z._box
        for bx in range(x0 // bucket, x1 // bucket + 1):
            for by in range(y0 // bucket, y1 // bucket + 1):
                for x, y in near.get((bx, by), ()):
                    if z.contains(x, y):
                        name = z.location_format.replace("$name$", z.name).replace("$gridLocation$", grid.location_name(x, y))
                        out.setdefault(name, z)
    return out
