"""Data files -> game model, refusing anything wrong with its file, line and field.

Nothing downstream re-checks the data: if the loader accepts it, every hex ID exists,
every reference resolves, every value is in range, and the numbering is one VASSAL
can name exactly.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from .errors import DataError
from .geometry import BoardSpec, GeometryError, build_geometry
from .model import (
    Area,
    Board,
    DATA_CHARTS,
    Chart,
    Dice,
    EntryArea,
    Game,
    HexsideFeature,
    HexsideType,
    MapData,
    Marker,
    MarkerFace,
    Morale,
    Ownership,
    RoadType,
    MarkerPlacement,
    Nationality,
    Placement,
    Provenance,
    Reinforcement,
    Route,
    Scenario,
    Side,
    Stacking,
    StepRule,
    TerrainType,
    Town,
    TurnTrack,
    Unit,
    UnitType,
    UnitValue,
    Values,
    VPValue,
    stable_gpid,
)
from .yamlsrc import LDict, LList, line_of, load_yaml, written_key, written_of

_MISSING = object()


class Node:
    """A YAML mapping with its file and path, for typed field access with precise errors."""

    def __init__(self, file: str, data: Any, path: str, line: int | None = None) -> None:
        self.file, self.data, self.path = file, data, path
        self.line = line if line is not None else line_of(data)
        if not isinstance(data, dict):
            self.fail(None, f"expected a mapping, got {_kind(data)}")

    def fail(self, key: str | None, message: str, line: int | None = None) -> DataError:
        field = f"{self.path}.{key}" if key and self.path else (key or self.path or None)
        raise DataError(self.file, line or (line_of(self.data, key) if key else self.line), field, message)

    def line_of(self, key: str) -> int | None:
        return line_of(self.data, key)

    def has(self, key: str) -> bool:
        return key in self.data and self.data[key] is not None

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = _MISSING) -> Any:
        if key not in self.data or self.data[key] is None:
            if default is _MISSING:
                self.fail(None, f"missing field '{key}'")
            return default
        value = self.data[key]
        if kind is int and isinstance(value, bool):
            self.fail(key, f"expected a whole number, got {value!r}")
        if not isinstance(value, kind):
            want = " or ".join(k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,)))
            self.fail(key, f"expected {want}, got {_kind(value)} {value!r}")
        return value

    def text(self, key: str, default: Any = _MISSING, hex_id: bool = False) -> str:
        """A text field (id, name, version, reference): see _as_text."""
        value, written = self.data.get(key), written_of(self.data, key)
        if value is None and not (written and default is _MISSING):
            return self.get(key, str, default)  # absent or empty: the default, or 'missing field'
        if isinstance(value, (list, dict)):
            self.get(key, (str, int, float))  # refused as before: expected str or int or float
        return _as_text(value, written, self.file, self.line_of(key), self._sub(key), hex_id)

    def hex_text(self, key: str) -> str:
        return self.text(key, hex_id=True)

    def integer(self, key: str, default: Any = _MISSING, lo: int | None = None, hi: int | None = None) -> Any:
        value = self.get(key, int, default)
        if value is not None and value is not default:
            if lo is not None and value < lo:
                self.fail(key, f"{value} is below the minimum {lo}")
            if hi is not None and value > hi:
                self.fail(key, f"{value} is above the maximum {hi}")
        return value

    def flag(self, key: str, default: bool = False) -> bool:
        return self.get(key, bool, default)

    def choice(self, key: str, options: tuple[str, ...] | list[str] | dict, default: Any = _MISSING) -> Any:
        value = self.text(key, default)
        if value is not default and value not in options:
            self.fail(key, f"unknown value {value!r} (expected one of: {', '.join(sorted(options))})")
        return value

    def child(self, key: str, default: Any = _MISSING) -> "Node | None":
        value = self.get(key, dict, default)
        return None if value is None or value is default else Node(self.file, value, self._sub(key), self.line_of(key))

    def items(self, key: str, default: Any = _MISSING) -> list[tuple[int | None, Any, str, str | None]]:
        """(line, value, path, written) of each item of a list field; written: see written_of."""
        value = self.get(key, list, default)
        if value is None or value is default:
            return []
        return _list_items(self, value, self._sub(key), self.line_of(key))

    def texts(self, key: str, default: Any = _MISSING, hex_id: bool = False) -> list[tuple[int | None, str, str]]:
        """(line, text, path) of each item of a list of texts: see _as_text."""
        return [(ln, _as_text(v, w, self.file, ln, p, hex_id), p) for ln, v, p, w in self.items(key, default)]

    def nodes(self, key: str, default: Any = _MISSING) -> list["Node"]:
        return [Node(self.file, v, p, ln) for ln, v, p, _ in self.items(key, default)]

    def mapping(self, key: str, default: Any = _MISSING) -> list[tuple[str, "Node"]]:
        return [(k, Node(self.file, v, self._sub(k), ln)) for k, v, ln, _ in self.entries(key, default)]

    def entries(self, key: str, default: Any = _MISSING) -> list[tuple[str, Any, int | None, str | None]]:
        """(key as text, raw value, line, written) of each entry of a mapping field; written: see written_of."""
        value = self.get(key, dict, default)
        if value is None or value is default:
            return []
        out = []
        for k, v in value.items():
            line, shown = line_of(value, k), written_key(value, k) or str(k)
            out.append((_as_text(k, written_key(value, k), self.file, line, self._sub(f"{key}.{shown}")), v, line, written_of(value, k)))
        return out

    def provenance(self, parent: Provenance | None = None) -> Provenance:
        approx = self.flag("approximate", parent.approximate if parent else False)
        source = self.text("source", parent.source if parent else "")
        if approx and not source:
            self.fail("approximate", "approximate data needs a one-line 'source' note")
        return Provenance(approx, source)

    def unknown_keys(self, allowed: set[str]) -> None:
        for key in self.data:
            if key not in allowed:
                hint = " (YAML reads a bare on/off/yes/no key as true or false: quote it)" if isinstance(key, bool) else ""
                self.fail(written_key(self.data, key) or str(key), f"unknown field{hint} (allowed: {', '.join(sorted(allowed))})")

    def _sub(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key


def _kind(value: Any) -> str:
    return {dict: "a mapping", LDict: "a mapping", list: "a list", LList: "a list"}.get(type(value), type(value).__name__)


def _misread(value: Any, written: str | None) -> str | None:
    """The quoting hint when YAML read unquoted text as something else, changing it
    (`1.10` -> 1.1, `no` -> false, `0507` -> 327, `2:1` -> 121, `~` -> null, dates); else None."""
    if written is None or isinstance(value, str):
        return None
    if isinstance(value, (int, float)) and str(value) == written:
        return None  # `12` reads back as 12: nothing lost
    if isinstance(value, bool):
        reading = f"the boolean {str(value).lower()}"
    elif isinstance(value, (int, float)):
        reading = f"the number {value!r}"
    elif value is None:
        reading = "null (no value)"
    else:
        reading = f"a {type(value).__name__}"
    return f'YAML reads the unquoted {written} as {reading}; write "{written}"'


def _as_text(value: Any, written: str | None, file: str, line: int | None, field: str, hex_id: bool = False) -> str:
    """The one place a YAML value becomes text (ids, names, version, references, hex IDs).

    A string is kept. Unquoted text that YAML read as something else is refused with a hint
    quoting what was written (written: see yamlsrc.written_of): `version: 1.10` would be 1.1,
    a unit `no` would be False, a hex `0507` would be 327. A number whose text survives
    (`name: 12`) becomes that text, except as a hex ID, which must always be quoted."""
    if isinstance(value, str):
        return value
    hint = _misread(value, written)
    if hint:
        raise DataError(file, line, field, hint)
    if isinstance(value, (int, float)):
        if hex_id:
            raise DataError(file, line, field, f'hex IDs must be quoted strings (got {value!r}; write "{written or value}")')
        return str(value)
    if value is None:
        raise DataError(file, line, field, "empty value: expected text")
    raise DataError(file, line, field, f"expected text, got {_kind(value)} {value!r}")


class GameLoader:
    """Loads one game from counters/<id>/ and maps/<id>/ under a data root."""

    def __init__(self, root: Path, game_id: str) -> None:
        self.root = root
        self.game_id = game_id
        self.counters = root / "counters" / game_id
        self.maps = root / "maps" / game_id

    def _open(self, path: Path) -> Node:
        shown = str(path.relative_to(self.root)) if path.is_relative_to(self.root) else str(path)
        data = load_yaml(path, shown)
        if data is None:
            raise DataError(shown, None, None, "file is empty")
        return Node(shown, data, "")

    # -- map ----------------------------------------------------------------
    def load_map(self) -> MapData:
        m = self._open(self.maps / "map.yaml")
        boards: list[Board] = []
        for b in m.nodes("boards"):
            boards.append(self._board(b))
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
                    m.fail("boards", f"hex ID {h} is on boards {board_of[h].name} and {board.name}: use id_prefix")
                board_of[h] = board

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
        for tid, n in m.mapping("terrain_types"):
            n.unknown_keys({"name", "move", "combat", "colour", "prohibited", "road_only", "prohibited_for"})
        for tid, n in m.mapping("hexside_types", {}):
            # YAML 1.1 reads a bare `on:` key as true: an unknown-key check catches such slips
            n.unknown_keys({"name", "move", "combat", "blocks_zoc", "note", "style", "colour", "width", "prohibits", "over", "blocks_supply"})
            for line, value, path in n.texts("over", []):
                if value not in hexside_types or hexside_types[value].on:
                    raise DataError(m.file, line, path, f"{value!r} is not a hexside type a crossing can lie on")
        road_types = {
            tid: RoadType(tid, n.text("name"), n.text("move", ""), _colour(n, "colour"), _number(n, "width") or 4.0)
            for tid, n in m.mapping("road_types", {})
        }

        def hex_ref(node: Node, value: Any, line: int | None, path: str, written: str | None = None) -> str:
            value = _as_text(value, written, node.file, line, path, hex_id=True)
            if value not in board_of:
                raise DataError(node.file, line, path, f"unknown hex ID {value!r}")
            return value

        t = self._open(self.maps / "terrain.yaml")
        t_prov = t.provenance()
        default = t.choice("default", terrain_types)
        terrain = {h: default for h in board_of}
        seen: dict[str, tuple[str, int | None]] = {}
        for tid, hexes, tline, _ in t.entries("terrain", {}):
            if tid not in terrain_types:
                t.fail(f"terrain.{tid}", f"unknown terrain {tid!r} (map.yaml defines: {', '.join(terrain_types)})", tline)
            for line, value, path, written in _list_items(t, hexes, f"terrain.{tid}", tline):
                h = hex_ref(t, value, line, path, written)
                if h in seen:
                    raise DataError(t.file, line, path, f"hex {h} already has terrain {seen[h][0]} (line {seen[h][1]})")
                seen[h] = (tid, line)
                terrain[h] = tid

        f = self._open(self.maps / "features.yaml")
        f_prov = f.provenance()
        features: list[HexsideFeature] = []
        for n in f.nodes("hexsides", []):
            ftype = n.choice("type", hexside_types)
            sides = []
            for line, pair, path, _ in n.items("sides"):
                if not isinstance(pair, list) or len(pair) != 2:
                    raise DataError(f.file, line, path, "a hexside is a pair of two adjacent hex IDs")
                a = hex_ref(f, pair[0], line, path, written_of(pair, 0))
                b = hex_ref(f, pair[1], line, path, written_of(pair, 1))
                if b not in board_of[a].geometry.neighbours(a):
                    raise DataError(f.file, line, path, f"hexes {a} and {b} are not adjacent")
                sides.append(frozenset((a, b)))
            features.append(HexsideFeature(ftype, n.text("name", ftype), tuple(sides), _words(n, "tags"), n.text("note", "")))

        def routes(key: str) -> list[Route]:
            out = []
            for n in f.nodes(key, []):
                hexes: list[str] = []
                for line, value, path, written in n.items("hexes"):
                    h = hex_ref(f, value, line, path, written)
                    if hexes and h not in board_of[hexes[-1]].geometry.neighbours(hexes[-1]):
                        raise DataError(f.file, line, path, f"{h} is not adjacent to the previous hex {hexes[-1]}")
                    hexes.append(h)
                if len(hexes) < 2:
                    n.fail("hexes", "a route needs at least two hexes")
                kind = n.choice("kind", road_types, "") if key == "roads" and road_types else n.text("kind", "")
                out.append(Route(n.text("name"), tuple(hexes), kind))
            return out

        railroads, roads = routes("railroads"), routes("roads")
        towns: list[Town] = []
        town_ids: set[str] = set()
        town_hexes: dict[str, str] = {}
        side_ids = self._side_ids()
        for n in f.nodes("towns", []):
            tid = n.text("id")
            if tid in town_ids:
                n.fail("id", f"duplicate town id {tid!r}")
            town_ids.add(tid)
            h = hex_ref(f, n.hex_text("hex"), n.line_of("hex"), f"{n.path}.hex")
            if h in town_hexes:
                n.fail("hex", f"hex {h} already holds town {town_hexes[h]}")
            town_hexes[h] = tid
            vp = None
            if n.has("vp"):
                v = n.child("vp")
                vp = VPValue(v.choice("side", side_ids), v.integer("capture", 0, lo=0), v.integer("occupy", 0, lo=0), v.integer("hold", 0, lo=0))
                if not (vp.capture or vp.occupy or vp.hold):
                    v.fail(None, "a VP hex needs capture, occupy or hold VP")
            towns.append(Town(tid, n.text("name"), h, n.choice("size", ("city", "town", "village"), "town"), vp, n.provenance(f_prov)))
        types_on: dict[frozenset[str], set[str]] = {}
        for ft in features:
            for s in ft.sides:
                types_on.setdefault(s, set()).add(ft.type)
        for n, ft in zip(f.nodes("hexsides", []), features):
            allowed = hexside_types[ft.type].on
            for s in ft.sides if allowed else ():
                if not types_on[s] & set(allowed):
                    n.fail("sides", f"{ft.name} at {'/'.join(sorted(s))} is not on a {' or '.join(allowed)} hexside")

        areas: list[Area] = []
        for n in f.nodes("areas", []):
            hexes: list[str] = []
            if n.has("region"):
                hexes = self._region(n.child("region"), board_of, features, hex_ref)
            for line, value, path, written in n.items("hexes", [] if hexes else _MISSING):
                if isinstance(value, dict):
                    r = Node(f.file, value, path, line)
                    hexes.extend(self._range(r, board_of))
                else:
                    hexes.append(hex_ref(f, value, line, path, written))
            shade = _colour(n, "shade") if n.has("shade") else None
            areas.append(Area(n.text("id"), n.text("name"), tuple(hexes), shade, n.choice("symbol", ("fortress", "none"), None), n.text("label", None)))
        if len({a.id for a in areas}) != len(areas):
            f.fail("areas", "area ids must be unique")

        entry_areas: list[EntryArea] = []
        for n in f.nodes("entry_areas", []):
            eid = n.text("id")
            if any(e.id == eid for e in entry_areas):
                n.fail("id", f"duplicate entry area {eid!r}")
            hexes = []
            for line, value, path, written in n.items("hexes"):
                h = hex_ref(f, value, line, path, written)
                if not board_of[h].geometry.is_edge(h):
                    raise DataError(f.file, line, path, f"entry area {eid} touches {h}, which is not a map-edge hex")
                hexes.append(h)
            owners = []
            for o in n.nodes("owners"):
                first = o.integer("from", lo=1)
                last = o.integer("to", None, lo=first)
                if owners and (owners[-1].last is None or first <= owners[-1].last):
                    o.fail("from", "owners must follow each other in turn order without overlap")
                owners.append(Ownership(o.choice("side", side_ids), first, last))
            if not owners:
                n.fail("owners", "an entry area needs at least one owner")
            entry_areas.append(EntryArea(eid, n.text("name", f"Entry area {eid}"), tuple(hexes), tuple(owners)))

        supply: dict[str, tuple[str, ...]] = {}
        for side, listed, sline, _ in f.entries("supply_sources", {}):
            if side not in side_ids:
                f.fail(f"supply_sources.{side}", f"unknown side {side!r}", sline)
            hexes = []
            for line, value, path, written in _list_items(f, listed, f"supply_sources.{side}", sline):
                h = hex_ref(f, value, line, path, written)
                if not board_of[h].geometry.is_edge(h):
                    raise DataError(f.file, line, path, f"supply source {h} is not a map-edge hex")
                hexes.append(h)
            supply[side] = tuple(hexes)

        for tid, town_hex in ((t.id, t.hex) for t in towns):
            if terrain_types[terrain[town_hex]].prohibited:
                f.fail("towns", f"town {tid} lies on prohibited terrain {terrain[town_hex]} at {town_hex}")
        return MapData(
            boards, terrain_types, hexside_types, terrain, features, railroads, roads, towns, areas, supply, t_prov, f_prov,
            road_types, entry_areas, tec_prov,
        )

    def _region(self, r: Node, board_of: dict[str, Board], features: list[HexsideFeature], hex_ref) -> list[str]:
        """Hexes reachable from a seed without crossing the named hexside features."""
        seed = hex_ref(r, r.hex_text("seed"), r.line_of("seed"), f"{r.path}.seed")
        names = [v for _, v, _ in r.texts("bounded_by")]
        known = {ft.name for ft in features}
        for line, value, path in r.texts("bounded_by"):
            if value not in known:
                raise DataError(r.file, line, path, f"no hexside feature named {value!r}")
        walls = {s for ft in features if ft.name in names for s in ft.sides}
        seen, todo = {seed}, [seed]
        while todo:
            h = todo.pop()
            for nb in board_of[h].geometry.neighbours(h):
                if nb not in seen and frozenset((h, nb)) not in walls:
                    seen.add(nb)
                    todo.append(nb)
        if len(seen) == len(board_of):
            r.fail("bounded_by", f"the region from {seed} leaks: it reaches all {len(seen)} hexes of the map")
        order = {h: i for i, h in enumerate(board_of)}
        return sorted(seen, key=order.__getitem__)

    def _board(self, b: Node) -> Board:
        num = b.child("numbering")
        spec = BoardSpec(
            name=b.text("name"),
            hexes=b.choice("hexes", ("rows", "columns")),
            hex_size=b.integer("hex_size", lo=16, hi=1000),
            lines=b.integer("lines", lo=1, hi=500),
            per_line=b.integer("per_line", lo=1, hi=500),
            margin=b.integer("margin", 0, lo=0, hi=2000),
            outer_lines=b.choice("outer_lines", ("odd", "even"), "odd"),
            line_from=num.choice("line_from", ("bottom", "top", "left", "right")),
            pos_from=num.choice("pos_from", ("bottom", "top", "left", "right")),
            line_first=num.flag("line_first", True),
            sep=num.text("sep", ""),
            line_digits=num.integer("line_digits", 1, lo=1, hi=4),
            pos_digits=num.integer("pos_digits", 2, lo=1, hi=4),
            line_start=num.integer("line_start", 1, lo=0),
            pos_start=num.integer("pos_start", 1, lo=0),
            id_prefix=num.text("id_prefix", ""),
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

    def _range(self, r: Node, board_of: dict[str, Board]) -> list[str]:
        a, b = r.hex_text("from"), r.hex_text("to")
        for key, h in (("from", a), ("to", b)):
            if h not in board_of:
                r.fail(key, f"unknown hex ID {h!r}")
        geo = board_of[a].geometry
        if board_of[b] is not board_of[a]:
            r.fail("to", "a range must stay on one board")
        (la, pa), (lb, pb) = geo.lattice[a], geo.lattice[b]
        if la != lb and pa != pb:
            r.fail(None, f"{a}..{b} is not along one line or one position")
        inv = {v: k for k, v in geo.lattice.items()}
        if la == lb:
            return [inv[(la, p)] for p in range(min(pa, pb), max(pa, pb) + 1)]
        return [inv[(line, pa)] for line in range(min(la, lb), max(la, lb) + 1)]

    def _game_file(self) -> Node:
        """game.yaml, parsed once: the map needs its side ids, the game everything else."""
        if not hasattr(self, "_game_node"):
            self._game_node = self._open(self.counters / "game.yaml")
        return self._game_node

    def _side_ids(self) -> tuple[str, ...]:
        return tuple(n.text("id") for n in self._game_file().nodes("sides"))

    # -- game ----------------------------------------------------------------
    def load(self) -> Game:
        game_map = self.load_map()
        g = self._game_file()
        gid = g.text("id")
        if gid != self.game_id:
            g.fail("id", f"game id {gid!r} does not match its folder {self.game_id!r}")
        sides = [Side(n.text("id"), n.text("name")) for n in g.nodes("sides")]
        side_ids = [s.id for s in sides]
        if len(set(side_ids)) != len(side_ids) or len(sides) < 2:
            g.fail("sides", "at least two sides with unique ids")
        nationalities = {}
        for n in g.nodes("nationalities"):
            nat = Nationality(n.text("id"), n.choice("side", side_ids), n.text("name"), _colour(n, "colour"), _colour(n, "text", "#ffffff"))
            if nat.id in nationalities:
                n.fail("id", f"duplicate nationality {nat.id!r}")
            nationalities[nat.id] = nat
        unit_types = {
            tid: UnitType(tid, n.text("name"), n.choice("symbol", SYMBOLS), n.flag("two_colour"), _words(n, "tags"))
            for tid, n in g.mapping("unit_types")
        }
        sizes = {k: _as_text(v, w, g.file, line, f"sizes.{k}") for k, v, line, w in g.entries("sizes")}
        morale = {mid: Morale(mid, n.text("name"), _colour(n, "colour", None)) for mid, n in g.mapping("morale", {})}
        unit_values = {
            vid: UnitValue(vid, n.text("name"), n.text("property"), n.choice("show", ("box", "corner")), n.flag("hide_zero"))
            for vid, n in g.mapping("unit_values", {})
        }
        for vid, _, line, _ in g.entries("unit_values", {}):
            if vid in UNIT_FIELDS:
                g.fail(f"unit_values.{vid}", f"{vid!r} is already a unit field", line)
        st = g.child("stacking")
        steps = []
        for n in st.nodes("steps", []):
            steps.append(
                StepRule(n.choice("type", unit_types), n.choice("size", sizes), n.integer("full", lo=0), n.integer("reduced", None, lo=0))
            )
        stacking = Stacking(
            st.integer("limit", None, lo=1), tuple(steps), st.integer("units", None, lo=1), st.integer("free_units", 0, lo=0), st.integer("max_steps", None, lo=1)
        )
        if stacking.limit is None and stacking.units is None and stacking.max_steps is None:
            st.fail(None, "give a stacking limit: limit (steps), units or max_steps")
        tn = g.child("turns")
        player_turns = []
        for line, value, path in tn.texts("player_turns"):
            if value not in side_ids:
                raise DataError(g.file, line, path, f"unknown side {value!r}")
            player_turns.append(value)
        count = tn.integer("count", lo=1, hi=999)
        names = tuple(x for _, x, _ in tn.texts("names", []))
        if names and len(names) != count:
            tn.fail("names", f"{len(names)} names for {count} turns")
        night = []
        for line, value, path, _ in tn.items("night", []):
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= count:
                raise DataError(g.file, line, path, f"night turns are turn numbers 1-{count}, got {value!r}")
            night.append(value)
        turns = TurnTrack(count, tn.text("label", "Turn"), tuple(player_turns), tuple(p for _, p, _ in tn.texts("phases")), names, tuple(night))
        charts = []
        for n in g.nodes("charts", []):
            n.unknown_keys({"id", "name", "columns", "rows", "notes", "replaces", "approximate", "source"})
            replaces = tuple(x for _, x, _ in n.texts("replaces", []))
            for bad in sorted(set(replaces) - set(DATA_CHARTS)):
                n.fail("replaces", f"{bad!r} is not a chart modgen draws from the data (those are: {', '.join(DATA_CHARTS)})")
            chart_id = n.text("id")
            shadowed = next((k for k in DATA_CHARTS if chart_id == k or chart_id.startswith(f"{k}_") and k == "reinforcements"), None)
            if shadowed and shadowed not in replaces:
                n.fail("id", f"{chart_id!r} is the name of the {shadowed} chart modgen draws from the data; "
                             f"rename it, or add `replaces: [{shadowed}]` to print this one instead")
            columns = tuple(c for _, c, _ in n.texts("columns"))
            rows = []
            for line, row, path, _ in n.items("rows"):
                if not isinstance(row, list):
                    raise DataError(g.file, line, path, "a chart row is a list of cells")
                if len(row) != len(columns):
                    raise DataError(g.file, line, path, f"row has {len(row)} cells, the chart has {len(columns)} columns")
                rows.append(tuple(_as_text(c, w, g.file, ln, p) for ln, c, p, w in _list_items(n, row, path, line)))
            charts.append(Chart(chart_id, n.text("name"), columns, tuple(rows), tuple(x for _, x, _ in n.texts("notes", [])), n.provenance(), replaces))
        dice = [Dice(n.text("name"), n.integer("n", lo=1, hi=20), n.integer("sides", lo=2, hi=100)) for n in g.nodes("dice", [])]

        self._morale, self._unit_values = morale, unit_values
        units = self._units(nationalities, unit_types, sizes, game_map, gid)
        markers = self._markers(side_ids, gid)
        scenarios = self._scenarios(units, markers, game_map, side_ids, turns)
        game = Game(
            gid,
            g.text("title"),
            g.text("version"),
            g.text("description", ""),
            g.text("scale", ""),
            sides,
            nationalities,
            unit_types,
            sizes,
            stacking,
            turns,
            charts,
            dice,
            units,
            markers,
            scenarios,
            game_map,
            g.text("formation_label", "Formation"),
            morale,
            unit_values,
            g.choice("hidden", ("below_top", "tags", "none"), "below_top"),
        )
        self._check_gpids(game, g)
        return game

    def _units(self, nationalities, unit_types, sizes, game_map, gid) -> dict[str, Unit]:
        u = self._open(self.counters / "units.yaml")
        prov = u.provenance()
        units: dict[str, Unit] = {}
        for n in u.nodes("units"):
            uid = n.text("id")
            if uid in units:
                n.fail("id", f"duplicate unit id {uid!r}")
            nat = n.choice("nationality", nationalities)
            n.unknown_keys(UNIT_FIELDS | set(self._unit_values))
            extra = tuple((k, n.integer(k, 0, lo=0, hi=99)) for k in self._unit_values)
            front = Values(n.integer("attack", lo=0, hi=99), n.integer("defense", lo=0, hi=99), n.integer("ma", lo=0, hi=99), extra)
            back = None
            steps = n.integer("steps", None, lo=1, hi=9)
            back_steps = None
            if n.has("reduced"):
                r = n.child("reduced")
                r.unknown_keys({"attack", "defense", "ma", "steps"} | set(self._unit_values))
                back_extra = tuple((k, r.integer(k, v, lo=0, hi=99)) for k, v in extra)
                back = Values(r.integer("attack", lo=0, hi=99), r.integer("defense", lo=0, hi=99), r.integer("ma", front.ma, lo=0, hi=99), back_extra)
                if steps is not None:
                    if steps < 2:
                        n.fail("steps", "a unit with a reduced side has at least 2 steps")
                    back_steps = r.integer("steps", steps - 1, lo=1, hi=steps - 1)
            elif steps is not None and steps > 1:
                n.fail("steps", f"{steps} steps need a reduced side ('reduced:')")
            utype = n.choice("type", unit_types)
            units[uid] = Unit(
                uid,
                n.text("name"),
                nat,
                nationalities[nat].side,
                utype,
                n.choice("size", sizes),
                n.text("formation", None),
                front,
                back,
                n.flag("ersatz"),
                n.flag("white_symbol"),
                n.integer("release_gt", None, lo=1, hi=999),
                n.provenance(prov),
                tuple(x for _, x, _ in n.texts("exact", [])),
                steps,
                back_steps,
                n.choice("morale", self._morale, None),
                n.text("drop", None),
                frozenset(unit_types[utype].tags) | frozenset(_words(n, "tags")),
            )
        if not units:
            u.fail("units", "no units")
        return units

    def _markers(self, side_ids, gid) -> dict[str, Marker]:
        m = self._open(self.counters / "markers.yaml")
        out: dict[str, Marker] = {}
        for n in m.nodes("markers"):
            mid = n.text("id")
            if mid in out:
                n.fail("id", f"duplicate marker id {mid!r}")
            front = MarkerFace(n.text("name"), tuple(x for _, x, _ in n.texts("text", [])))
            back = None
            if n.has("back"):
                b = n.child("back")
                back = MarkerFace(b.text("name"), tuple(x for _, x, _ in b.texts("text", [])))
            out[mid] = Marker(mid, front, back, _colour(n, "colour", "#ffffff"), n.text("kind", ""), n.integer("count", None, lo=0), n.choice("side", side_ids, None))
        return out

    def _scenarios(self, units, markers, game_map: MapData, side_ids, turns: TurnTrack) -> dict[str, Scenario]:
        folder = self.counters / "scenarios"
        files = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
        if not files:
            raise DataError(str(folder.relative_to(self.root)), None, None, "no scenario files (*.yaml)")
        out: dict[str, Scenario] = {}
        borrowed: list[tuple[Node, str, str]] = []
        for path in files:
            s = self._open(path)
            sid = s.text("id")
            if sid in out:
                s.fail("id", f"duplicate scenario id {sid!r}")
            out[sid] = self._scenario(s, sid, units, markers, game_map, side_ids, turns)
            if s.has("same_as"):
                borrowed.append((s, sid, s.text("same_as")))
        for s, sid, source in borrowed:
            base = out.get(source)
            if base is None or any(b[1] == source for b in borrowed):
                s.fail("same_as", f"{source!r} is not a scenario with its own set-up")
            mine = out[sid]
            if mine.setup or mine.reinforcements or mine.markers:
                s.fail("same_as", "a scenario with same_as has no setup, reinforcements or markers of its own")
            arrivals = tuple(r for r in base.reinforcements if r.turn <= mine.turns)
            out[sid] = replace(mine, setup=base.setup, reinforcements=arrivals, markers=base.markers,
                               skip=mine.skip or tuple(k for k in base.skip if k[0] <= mine.turns))
        return out

    def _scenario(self, s: Node, sid: str, units, markers, game_map: MapData, side_ids, turns: TurnTrack) -> Scenario:
        count = s.integer("turns", lo=1, hi=turns.count)
        skip = []
        for n in s.nodes("skip", []):
            skip.append((n.integer("turn", lo=1, hi=count), n.choice("side", side_ids)))
        placed: dict[str, int | None] = {}
        drops = {a.label for a in game_map.areas if a.label}

        def unit_ref(n: Node) -> str:
            uid = n.text("unit")
            if uid not in units:
                n.fail("unit", f"unknown unit {uid!r}")
            if uid in placed:
                n.fail("unit", f"unit {uid} is already set up or arriving (line {placed[uid]})")
            placed[uid] = n.line
            return uid

        def hex_of(n: Node, key: str) -> str:
            h = n.hex_text(key)
            if h not in game_map.board_of:
                n.fail(key, f"unknown hex ID {h!r}")
            return h

        def area_of(n: Node) -> str:
            return n.choice("area", [e.id for e in game_map.entry_areas])

        setup = []
        for n in s.nodes("setup", []):
            uid = unit_ref(n)
            if n.has("area"):
                setup.append(Placement(uid, None, area_of(n)))
                continue
            h = hex_of(n, "hex")
            terrain = game_map.terrain_types[game_map.terrain[h]]
            if terrain.closed_to(units[uid].tags):
                n.fail("hex", f"unit {uid} set up on prohibited terrain ({terrain.name}) at {h}")
            setup.append(Placement(uid, h))
        reinf = []
        for n in s.nodes("reinforcements", []):
            uid = unit_ref(n)
            hexes = []
            for line, value, path in n.texts("hexes", [], hex_id=True):
                if value not in game_map.board_of:
                    raise DataError(s.file, line, path, f"unknown hex ID {value!r}")
                hexes.append(value)
            rr = None
            if n.has("railroad_between"):
                ends = [v for _, v, _ in n.texts("railroad_between", hex_id=True)]
                if len(ends) != 2 or any(e not in game_map.board_of for e in ends):
                    n.fail("railroad_between", "two known hex IDs expected")
                rr = (ends[0], ends[1])
            area = area_of(n) if n.has("area") else None
            drop = n.choice("drop", drops) if n.has("drop") else None
            if not hexes and rr is None and area is None and drop is None:
                n.fail(None, "a reinforcement needs 'hexes', 'railroad_between', 'area' or 'drop'")
            reinf.append(Reinforcement(uid, n.integer("turn", lo=1, hi=count), tuple(hexes), rr, n.text("note", ""), area, drop))
        mk = []
        for n in s.nodes("markers", []):
            mid = n.text("marker")
            if mid not in markers:
                n.fail("marker", f"unknown marker {mid!r}")
            at = n.child("at")
            if at.has("hex"):
                mk.append(MarkerPlacement(mid, hex=hex_of(at, "hex")))
            elif at.has("hexside"):
                pair = [v for _, v, _ in at.texts("hexside", hex_id=True)]
                if len(pair) != 2 or any(h not in game_map.board_of for h in pair):
                    at.fail("hexside", "a hexside is a pair of two known hex IDs")
                if pair[1] not in game_map.neighbours(pair[0]):
                    at.fail("hexside", f"hexes {pair[0]} and {pair[1]} are not adjacent")
                mk.append(MarkerPlacement(mid, hexside=(pair[0], pair[1])))
            elif at.has("area"):
                mk.append(MarkerPlacement(mid, area=area_of(at)))
            else:
                mk.append(MarkerPlacement(mid, track=at.choice("track", ("turn", "vp")), box=at.integer("box", lo=0, hi=999)))
        return Scenario(
            sid, s.text("name"), count, s.choice("first_player_turn", side_ids), tuple(skip), tuple(setup), tuple(reinf), tuple(mk), s.text("description", "")
        )

    def _check_gpids(self, game: Game, g: Node) -> None:
        seen: dict[str, str] = {}
        for kind, ids in (("unit", game.units), ("marker", game.markers)):
            for item in ids:
                gp = stable_gpid(game.id, kind, item)
                if gp in seen:
                    g.fail("id", f"{kind} {item} and {seen[gp]} hash to the same piece id {gp}: rename one")
                seen[gp] = f"{kind} {item}"


SYMBOLS = (
    "infantry", "cavalry", "armour", "artillery", "mechanized", "airborne", "glider", "headquarters", "engineer", "recon",
    "marines", "antitank", "antiaircraft", "bridging", "supply", "machinegun", "assault_gun", "dummy",
)
HEXSIDE_STYLES = ("water", "ridge", "bridge", "ferry", "boundary")
UNIT_FIELDS = {
    "id", "name", "nationality", "type", "size", "formation", "attack", "defense", "ma", "reduced", "ersatz",
    "white_symbol", "release_gt", "approximate", "source", "exact", "steps", "morale", "drop", "tags",
}


def _words(n: Node, key: str) -> tuple[str, ...]:
    """A list of plain words (tags, type ids)."""
    out = []
    for line, value, path, written in n.items(key, []):
        if not isinstance(value, str) or not value:
            raise DataError(n.file, line, path, _misread(value, written) or f"expected a word, got {value!r}")
        out.append(value)
    return tuple(out)


def _number(n: Node, key: str) -> float | None:
    value = n.get(key, (int, float), None)
    return None if value is None else float(value)


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


def _colour(n: Node, key: str, default: Any = _MISSING) -> str:
    value = n.text(key, default)
    if value is default:
        return value
    if not (isinstance(value, str) and value.startswith("#") and len(value) in (7, 9)):
        n.fail(key, f"colour must be #rrggbb, got {value!r}")
    try:
        int(value[1:], 16)
    except ValueError:
        n.fail(key, f"colour must be #rrggbb, got {value!r}")
    return value


def _list_items(n: Node, value: Any, path: str, line: int | None) -> list[tuple[int | None, Any, str, str | None]]:
    """(line, value, path, written) of each item; written: see yamlsrc.written_of."""
    if not isinstance(value, list):
        raise DataError(n.file, line, path, f"expected a list, got {_kind(value)}")
    lines = value.item_lines if isinstance(value, LList) else [line] * len(value)
    return [(lines[i], v, f"{path}[{i}]", written_of(value, i)) for i, v in enumerate(value)]


def load_game(root: Path, game_id: str) -> Game:
    """Load and validate one game's data; raises DataError on the first problem."""
    if not (root / "counters" / game_id).is_dir():
        raise DataError(f"counters/{game_id}", None, None, f"no such game {game_id!r}")
    return GameLoader(root, game_id).load()


def discover_games(root: Path) -> list[str]:
    """Every game with both a counters/ and a maps/ folder, sorted."""
    counters = root / "counters"
    return sorted(p.name for p in counters.iterdir() if p.is_dir() and (root / "maps" / p.name).is_dir()) if counters.is_dir() else []

