"""maps/<game>/features.yaml: hexsides, railroads, roads, towns, areas, entry areas and supply
sources; with map.yaml and terrain.yaml, the whole map."""

from __future__ import annotations

from typing import Callable

from ..errors import DataError
from ..model import Area, EntryArea, HexsideFeature, MapData, Ownership, Provenance, Route, Town, VPValue
from ..regions import flood_fill
from ..yamlsrc import written_of
from .mapfile import MapTypes, unknown_hex
from .collect import item
from .nodes import _MISSING, Node, _colour, _list_items, _words
from .schema import by_id, choice, colour, document, hex_id, hex_ids, integer, items, must, obj, provenance, text, texts, words

HEXSIDE = obj("A hexside feature: a named list of hexsides of one hexside type.", {
    "type": must(text("a map.yaml hexside_types id")),
    "name": text("its name (default: the type); areas' `region.bounded_by` names it"),
    "sides": must(items("the hexsides, each a pair of two adjacent hex IDs",
                        items("a hexside: two adjacent hex IDs", {"type": "string"}, minItems=2, maxItems=2))),
    "tags": words("free tags rules plugins read (e.g. never_blown)"),
    "note": text("a note (e.g. the rule number)"),
})


def _route(what: str, kind: str) -> dict:
    return obj(what, {
        "name": must(text("its name")),
        "hexes": must(hex_ids("the hexes in order, each adjacent to the previous (at least two)")),
        "kind": text(kind),
    })


VP = obj("Victory points of the hex.", {
    "side": must(text("the side (game.yaml sides id) that scores them")),
    "capture": integer("VP for capturing the hex (default 0)", 0),
    "occupy": integer("VP for occupying it (default 0)", 0),
    "hold": integer("VP while the side holds the hex (occupied or last passed through; default 0)", 0),
})
TOWN = obj("A town, city or village.", {
    "id": must(text("stable id")),
    "name": must(text("as printed")),
    "hex": must(hex_id("its hex")),
    "size": choice("city|town|village (drawing only; default town)", ("city", "town", "village")),
    "vp": VP,
    **provenance("the town"),
})
AREA_SYMBOLS = ("fortress", "entrenchment", "none")  # what the map draws in each hex of an area
RANGE = {
    "type": ["string", "object"],
    "description": 'a quoted hex ID, or a range {from: "3.01", to: "11.01"} along one line or position of the numbering',
    "properties": {"from": hex_id("the first hex of the range"), "to": hex_id("the last hex of the range")},
    "required": ["from", "to"],
    "additionalProperties": False,
}
AREA = obj("A named set of hexes for rules and drawing (`hexes`, a `region`, or both).", {
    "id": must(text("stable id")),
    "name": must(text("its name")),
    "hexes": items("hexes and ranges (needed unless `region` is given)", RANGE),
    "region": obj("every hex reachable from seed without crossing a hexside of the named hexside features", {
        "seed": must(hex_id("a hex inside the region")),
        "bounded_by": must(texts("names of hexside features (`hexsides` names) that bound the region")),
    }),
    "shade": colour("shade drawn over its hexes"),
    "symbol": choice("fortress | entrenchment (a printed field fortification) | none", AREA_SYMBOLS),
    "label": text("printed in each of its hexes (a drop label, e.g. A1)"),
})
ENTRY_AREA = obj("An off-map box units enter from and supply traces to.", {
    "id": must(text("stable id (scenarios name it in `area:`)")),
    "name": text('its name (default "Entry area <id>")'),
    "hexes": must(hex_ids("the map-edge hexes the box touches")),
    "owners": must(items("who owns it, in turn order", obj("An owner for a span of turns.", {
        "side": must(text("a game.yaml sides id")),
        "from": must(integer("the first turn", 1)),
        "to": integer("the last turn (omitted: to the end)", 1),
    }), minItems=1)),
})
SCHEMA = document("features", "modgen maps/<game>/features.yaml", obj(
    "Hexsides, railroads, roads, towns, areas, entry areas and supply sources.", {
        "hexsides": items("hexside features (rivers, ridges, bridges...)", HEXSIDE),
        "railroads": items("railroad lines", _route("A railroad line.", "a map.yaml rail_types id (for games with rail types; else a free tag)")),
        "roads": items("roads", _route("A road.", "a map.yaml road_types id (for games with road types)")),
        "towns": items("towns, cities and villages", TOWN),
        "areas": items("named hex sets for rules and drawing", AREA),
        "entry_areas": items("off-map boxes units enter from and supply traces to", ENTRY_AREA),
        "supply_sources": by_id("side -> map-edge hexes with a printed supply symbol", hex_ids("supply source hexes")),
        **provenance("the features"),
    }))


def read_features(f: Node, types: MapTypes, terrain: dict[str, str], t_prov: Provenance,
                  side_ids: Callable[[], tuple[str, ...]]) -> MapData:
    """The rest of the map; side_ids reads game.yaml when the towns need it."""
    hexside_types, road_types, hex_ref = types.hexside_types, types.road_types, types.hex_ref
    f_prov = f.provenance()
    features: list[HexsideFeature] = []
    feature_nodes: list[Node] = []  # each feature's entry (one refused is in neither list)
    for n in f.nodes("hexsides", []):
        with item(n):
            ftype = n.choice("type", hexside_types)
            sides = []
            for line, pair, path, _ in n.items("sides"):
                if not isinstance(pair, list) or len(pair) != 2:
                    raise DataError(f.file, line, path, "a hexside is a pair of two adjacent hex IDs")
                a = hex_ref(f, pair[0], line, path, written_of(pair, 0))
                b = hex_ref(f, pair[1], line, path, written_of(pair, 1))
                if b not in types.neighbours(a):
                    raise DataError(f.file, line, path, f"hexes {a} and {b} are not adjacent")
                sides.append(frozenset((a, b)))
            features.append(HexsideFeature(ftype, n.text("name", ftype), tuple(sides), _words(n, "tags"), n.text("note", "")))
            feature_nodes.append(n)

    def routes(key: str) -> list[Route]:
        out = []
        for n in f.nodes(key, []):
            with item(n):
                hexes: list[str] = []
                for line, value, path, written in n.items("hexes"):
                    h = hex_ref(f, value, line, path, written)
                    if hexes and h not in types.neighbours(hexes[-1]):
                        raise DataError(f.file, line, path, f"{h} is not adjacent to the previous hex {hexes[-1]}")
                    hexes.append(h)
                if len(hexes) < 2:
                    n.fail("hexes", "a route needs at least two hexes")
                kinds = road_types if key == "roads" else types.rail_types
                if key == "railroads" and kinds and not n.has("kind"):
                    n.fail(None, f"a railroad needs a kind: one of {', '.join(kinds)} (map.yaml rail_types)")
                kind = n.choice("kind", kinds, "") if kinds else n.text("kind", "")
                out.append(Route(n.text("name"), tuple(hexes), kind))
        return out

    railroads, roads = routes("railroads"), routes("roads")
    towns: list[Town] = []
    town_ids: dict[str, int | None] = {}  # id -> the line it was first given at
    town_hexes: dict[str, str] = {}
    sides_of_game = side_ids()
    for n in f.nodes("towns", []):
        with item(n, "id", "town"):
            tid = n.text("id")
            if tid in town_ids:
                n.fail("id", f"duplicate town id {tid!r} (first at line {town_ids[tid]})")
            town_ids[tid] = n.line
            h = hex_ref(f, n.hex_text("hex"), n.line_of("hex"), f"{n.path}.hex")
            if h in town_hexes:
                n.fail("hex", f"hex {h} already holds town {town_hexes[h]}")
            town_hexes[h] = tid
            vp = None
            if n.has("vp"):
                v = n.child("vp")
                vp = VPValue(v.choice("side", sides_of_game), v.integer("capture", 0, lo=0), v.integer("occupy", 0, lo=0), v.integer("hold", 0, lo=0))
                if not (vp.capture or vp.occupy or vp.hold):
                    v.fail(None, "a VP hex needs capture, occupy or hold VP")
            towns.append(Town(tid, n.text("name"), h, n.choice("size", ("city", "town", "village"), "town"), vp, n.provenance(f_prov)))
    types_on: dict[frozenset[str], set[str]] = {}
    for ft in features:
        for s in ft.sides:
            types_on.setdefault(s, set()).add(ft.type)
    for n, ft in zip(feature_nodes, features):
        with item(n):
            allowed = hexside_types[ft.type].on
            for s in ft.sides if allowed else ():
                if not types_on[s] & set(allowed):
                    n.fail("sides", f"{ft.name} at {'/'.join(sorted(s))} is not on a {' or '.join(allowed)} hexside")

    areas: list[Area] = []
    for n in f.nodes("areas", []):
        with item(n, "id", "area"):
            hexes: list[str] = []
            if n.has("region"):
                hexes = _region(n.child("region"), types, features)
            for line, value, path, written in n.items("hexes", [] if hexes else _MISSING):
                if isinstance(value, dict):
                    r = Node(f.file, value, path, line)
                    hexes.extend(_range(r, types))
                else:
                    hexes.append(hex_ref(f, value, line, path, written))
            shade = _colour(n, "shade") if n.has("shade") else None
            areas.append(Area(n.text("id"), n.text("name"), tuple(hexes), shade, n.choice("symbol", AREA_SYMBOLS, None), n.text("label", None)))
    if len({a.id for a in areas}) != len(areas):
        f.fail("areas", "area ids must be unique")

    entry_areas: list[EntryArea] = []
    entry_lines: dict[str, int | None] = {}
    for n in f.nodes("entry_areas", []):
        with item(n, "id", "entry_area"):
            eid = n.text("id")
            if eid in entry_lines:
                n.fail("id", f"duplicate entry area {eid!r} (first at line {entry_lines[eid]})")
            entry_lines[eid] = n.line
            hexes = []
            for line, value, path, written in n.items("hexes"):
                h = hex_ref(f, value, line, path, written)
                if not types.is_edge(h):
                    raise DataError(f.file, line, path, f"entry area {eid} touches {h}, which is not a map-edge hex")
                hexes.append(h)
            owners = []
            for o in n.nodes("owners"):
                first = o.integer("from", lo=1)
                last = o.integer("to", None, lo=first)
                if owners and (owners[-1].last is None or first <= owners[-1].last):
                    o.fail("from", "owners must follow each other in turn order without overlap")
                owners.append(Ownership(o.choice("side", sides_of_game), first, last))
            if not owners:
                n.fail("owners", "an entry area needs at least one owner")
            entry_areas.append(EntryArea(eid, n.text("name", f"Entry area {eid}"), tuple(hexes), tuple(owners)))

    supply: dict[str, tuple[str, ...]] = {}
    for side, listed, sline, _ in f.entries("supply_sources", {}):
        if side not in sides_of_game:
            f.fail(f"supply_sources.{side}", f"unknown side {side!r}", sline)
        hexes = []
        for line, value, path, written in _list_items(f, listed, f"supply_sources.{side}", sline):
            h = hex_ref(f, value, line, path, written)
            if not types.is_edge(h):
                raise DataError(f.file, line, path, f"supply source {h} is not a map-edge hex")
            hexes.append(h)
        supply[side] = tuple(hexes)

    for tid, town_hex in ((t.id, t.hex) for t in towns):
        if types.terrain_types[terrain[town_hex]].prohibited:
            f.fail("towns", f"town {tid} lies on prohibited terrain {terrain[town_hex]} at {town_hex}")
    return MapData(
        types.boards, types.terrain_types, hexside_types, terrain, features, railroads, roads, towns, areas, supply, t_prov, f_prov,
        road_types, entry_areas, types.provenance, across=types.across, rail_types=types.rail_types,
    )


def _region(r: Node, types: MapTypes, features: list[HexsideFeature]) -> list[str]:
    """Hexes reachable from a seed without crossing the named hexside features."""
    board_of = types.board_of
    seed = types.hex_ref(r, r.hex_text("seed"), r.line_of("seed"), f"{r.path}.seed")
    names = [v for _, v, _ in r.texts("bounded_by")]
    known = {ft.name for ft in features}
    for line, value, path in r.texts("bounded_by"):
        if value not in known:
            raise DataError(r.file, line, path, f"no hexside feature named {value!r}")
    walls = {s for ft in features if ft.name in names for s in ft.sides}
    seen = flood_fill(seed, types.neighbours, walls)
    if len(seen) == len(board_of):
        r.fail("bounded_by", f"the region from {seed} leaks: it reaches all {len(seen)} hexes of the map")
    order = {h: i for i, h in enumerate(board_of)}
    return sorted(seen, key=order.__getitem__)


def _range(r: Node, types: MapTypes) -> list[str]:
    board_of = types.board_of
    a, b = r.hex_text("from"), r.hex_text("to")
    for key, h in (("from", a), ("to", b)):
        if h not in board_of:
            r.fail(key, unknown_hex(h, types.boards))
    # one numbering: the boards with the same id_prefix (sheets numbered on from each other)
    one = [o for o in types.boards if o.geometry.spec.id_prefix == board_of[a].geometry.spec.id_prefix]
    if board_of[b] not in one:
        r.fail("to", "a range must stay within one numbering (these boards have different id_prefix)")
    (la, pa), (lb, pb) = board_of[a].geometry.lattice[a], board_of[b].geometry.lattice[b]
    if la != lb and pa != pb:
        r.fail(None, f"{a}..{b} is not along one line or one position")
    inv = {v: k for o in one for k, v in o.geometry.lattice.items()}
    if la == lb:
        wanted = [(la, p) for p in range(min(pa, pb), max(pa, pb) + 1)]
    else:
        wanted = [(line, pa) for line in range(min(la, lb), max(la, lb) + 1)]
    for line, pos in wanted:
        if (line, pos) not in inv:
            r.fail(None, f"{a}..{b} passes line {line}, position {pos}, which no board has")
    return [inv[w] for w in wanted]
