"""counters/<game>/scenarios/*.yaml: one scenario a file (set-up, reinforcements, markers)."""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable

from ..errors import DataError
from ..displays import DECLARED_PARTS, Display
from ..model import MapData, Marker, MarkerPlacement, Placement, Reinforcement, Scenario, TurnTrack, Unit
from ..sheets import check_sheets
from .mapfile import unknown_hex
from .collect import item, skip_if_refused
from .nodes import Node
from .schema import by_id, document, hex_id, hex_ids, integer, items, must, obj, provenance, text


def _either(*keys: tuple[str, ...]) -> list[dict]:
    return [{"required": list(k)} for k in keys]


PAIR = {"minItems": 2, "maxItems": 2}
SETUP = obj("A unit on the map (or in an entry area) at start: `hex` or `area`.", {
    "unit": must(text("a units.yaml id")),
    "hex": hex_id("its set-up hex"),
    "area": text("a features.yaml entry_areas id: waiting in that entry area"),
}, anyOf=_either(("hex",), ("area",)))
REINFORCEMENT = obj("An arrival: `hexes`, `railroad_between`, `area` or `drop`.", {
    "unit": must(text("a units.yaml id")),
    "turn": must(integer("the turn it arrives", 1)),
    "hexes": hex_ids("allowed entry hexes"),
    "railroad_between": hex_ids("arrives by rail anywhere on the line between two hexes") | PAIR,
    "area": text("enters from this features.yaml entry_areas id"),
    "drop": text("lands at the drop hexes with this label (features.yaml areas `label`)"),
    "note": text("a note printed on the reinforcement chart"),
    "later": items("if it does not arrive on `turn`: a later turn it may arrive on instead, and where", obj(
        "A later arrival: its turn and entry hexes.", {
            "turn": must(integer("the later turn", 1)),
            "hexes": must(hex_ids("its entry hexes on that turn")),
        })),
}, anyOf=_either(("hexes",), ("railroad_between",), ("area",), ("drop",)))
AT = obj("Where: a `hex`, a `hexside`, an entry `area`, or a `track` box.", {
    "hex": hex_id("on this hex"),
    "hexside": hex_ids("on the hexside between two adjacent hexes") | PAIR,
    "area": text("in this features.yaml entry_areas id"),
    "track": text("on a track: turn | vp | the id of a track, boxes or grid part of game.yaml displays"),
    "box": text("the box (with `track`): a turn or VP number, or a declared part's label"),
    "row": text("a grid part's row (with `track` and `box`)"),
}, anyOf=_either(("hex",), ("hexside",), ("area",), ("track", "box")))
SCHEMA = document("scenario", "modgen counters/<game>/scenarios/<id>.yaml", obj("One scenario.", {
    "id": must(text("stable id")),
    "name": must(text("as printed")),
    "description": text("a paragraph for the module"),
    "turns": must(integer("game turns the scenario lasts (at most game.yaml turns.count)", 1)),
    "first_player_turn": must(text("the game.yaml sides id who moves first")),
    "same_as": text("set-up, reinforcements and markers of another scenario (arrivals after the last turn are dropped)"),
    "sheets": items("the map.yaml boards this scenario plays on (default: all); its hexes lie on them, and they keep "
                    "their places on the whole map", text("a map.yaml board name"), minItems=1, uniqueItems=True),
    "vp": by_id("side id -> the VP it has when the scenario begins (default 0)", integer("VP at start", 0)),
    "skip": items("player turns skipped", obj("A player turn that does not happen.", {
        "turn": must(integer("game turn", 1)),
        "side": must(text("the game.yaml sides id whose player turn is skipped")),
    })),
    "setup": items("units on the map at start", SETUP),
    "reinforcements": items("arrivals: turn and where they enter", REINFORCEMENT),
    "markers": items("markers placed at start, on a track box, a hex, a hexside or an entry area", obj("A marker placed at start.", {
        "marker": must(text("a markers.yaml id")),
        "at": must(AT),
    })),
    **provenance("the set-up and arrivals"),
}))


def read_scenarios(opened: Iterable[Node], units: dict[str, Unit], markers: dict[str, Marker], game_map: MapData,
                   side_ids: list[str], turns: TurnTrack, displays: tuple[Display, ...] = ()) -> dict[str, Scenario]:
    """Every scenario; opened gives each file's Node in turn (each is read before the next opens)."""
    out: dict[str, Scenario] = {}
    files: dict[str, str] = {}  # scenario id -> the file that gave it first
    borrowed: list[tuple[Node, str, str]] = []
    for s in opened:
        with item(s, "id", "scenario"):
            sid = s.text("id")
            if sid in out:
                s.fail("id", f"duplicate scenario id {sid!r} (first in {files[sid]})")
            files[sid] = s.file
            s.provenance()  # checked like every file's; a scenario carries none (nothing downstream reads it)
            out[sid] = _scenario(s, sid, units, markers, game_map, side_ids, turns, displays)
            if s.has("same_as"):
                borrowed.append((s, sid, s.text("same_as")))
    for s, sid, source in borrowed:
        with item(s):
            skip_if_refused("scenario", source)
            base = out.get(source)
            if base is None or any(b[1] == source for b in borrowed):
                s.fail("same_as", f"{source!r} is not a scenario with its own set-up")
            mine = out[sid]
            if mine.setup or mine.reinforcements or mine.markers:
                s.fail("same_as", "a scenario with same_as has no setup, reinforcements or markers of its own")
            arrivals = tuple(r for r in base.reinforcements if r.turn <= mine.turns)
            if mine.sheets:  # its own sheets: the borrowed set-up must lie on them
                used = {p.hex for p in base.setup if p.hex} | {h for r in arrivals for h in (*r.hexes, *(r.railroad_between or ()))}
                used |= {h for m in base.markers for h in ((m.hex,) if m.hex else m.hexside or ())}
                if off := sorted(h for h in used if game_map.board_of[h].name not in mine.sheets):
                    s.fail("sheets", f"the set-up of {source} uses hexes on other sheets: {', '.join(off[:6])}")
            out[sid] = replace(mine, setup=base.setup, reinforcements=arrivals, markers=base.markers,
                               skip=mine.skip or tuple(k for k in base.skip if k[0] <= mine.turns), sheets=mine.sheets or base.sheets,
                               vp=mine.vp or base.vp)
    return out


def _scenario(s: Node, sid: str, units, markers, game_map: MapData, side_ids, turns: TurnTrack, displays: tuple[Display, ...]) -> Scenario:
    parts = {p.id: p for d in displays for p in d.parts if p.kind in DECLARED_PARTS}
    count = s.integer("turns", lo=1, hi=turns.count)
    skip = []
    for n in s.nodes("skip", []):
        skip.append((n.integer("turn", lo=1, hi=count), n.choice("side", side_ids)))
    placed: dict[str, int | None] = {}
    drops = {a.label for a in game_map.areas if a.label}
    sheets = tuple(v for _, v, _ in s.texts("sheets", []))
    if sheets and (why := check_sheets(game_map.boards, sheets)):
        s.fail("sheets", why)

    def off_sheets(h: str) -> str | None:
        board = game_map.board_of[h].name
        if sheets and board not in sheets:
            return f"hex {h} is on board {board}, which the scenario's sheets ({', '.join(sheets)}) leave out"
        return None

    def unit_ref(n: Node) -> str:
        uid = n.text("unit")
        skip_if_refused("unit", uid)
        if uid not in units:
            n.fail("unit", f"unknown unit {uid!r}")
        if uid in placed:
            n.fail("unit", f"unit {uid} is already set up or arriving (line {placed[uid]})")
        placed[uid] = n.line
        return uid

    def hex_of(n: Node, key: str) -> str:
        h = n.hex_text(key)
        if h not in game_map.board_of:
            n.fail(key, unknown_hex(h, game_map.boards))
        if why := off_sheets(h):
            n.fail(key, why)
        return h

    def area_of(n: Node) -> str:
        return n.choice("area", [e.id for e in game_map.entry_areas])

    setup = []
    for n in s.nodes("setup", []):
        with item(n):
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
        with item(n):
            uid = unit_ref(n)
            hexes = _entry_hexes(n, game_map, off_sheets)
            rr = None
            if n.has("railroad_between"):
                ends = [v for _, v, _ in n.texts("railroad_between", hex_id=True)]
                if len(ends) != 2 or any(e not in game_map.board_of for e in ends):
                    n.fail("railroad_between", "two known hex IDs expected")
                if why := off_sheets(ends[0]) or off_sheets(ends[1]):
                    n.fail("railroad_between", why)
                rr = (ends[0], ends[1])
            area = area_of(n) if n.has("area") else None
            drop = n.choice("drop", drops) if n.has("drop") else None
            if not hexes and rr is None and area is None and drop is None:
                n.fail(None, "a reinforcement needs 'hexes', 'railroad_between', 'area' or 'drop'")
            turn = n.integer("turn", lo=1, hi=count)
            reinf.append(Reinforcement(uid, turn, tuple(hexes), rr, n.text("note", ""), area, drop,
                                       _later(n, turn, count, game_map, off_sheets)))
    mk = []
    for n in s.nodes("markers", []):
        with item(n):
            mid = n.text("marker")
            skip_if_refused("marker", mid)
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
                if why := off_sheets(pair[0]) or off_sheets(pair[1]):
                    at.fail("hexside", why)
                mk.append(MarkerPlacement(mid, hexside=(pair[0], pair[1])))
            elif at.has("area"):
                mk.append(MarkerPlacement(mid, area=area_of(at)))
            elif at.text("track") in parts:
                part = parts[at.text("track")]
                if part.kind == "grid":
                    row = at.choice("row", part.rows)
                    label = f"{row}/{at.choice('box', part.labels)}"
                else:
                    label = at.choice("box", part.labels)
                mk.append(MarkerPlacement(mid, track=part.id, label=label))
            else:
                track = at.choice("track", ("turn", "vp", *parts))
                if track == "turn":
                    box = at.integer("box", lo=1, hi=turns.count)
                else:
                    vp = next((p for d in displays for p in d.parts if p.kind == "vp_track"), None)
                    if vp is None:
                        at.fail("track", "the game's displays have no vp_track part")
                    box = at.integer("box", lo=vp.first, hi=vp.last)
                mk.append(MarkerPlacement(mid, track=track, box=box))
    return Scenario(
        sid, s.text("name"), count, s.choice("first_player_turn", side_ids), tuple(skip), tuple(setup), tuple(reinf), tuple(mk), s.text("description", ""),
        sheets=sheets, vp=_start_vp(s, side_ids),
    )


def _start_vp(s: Node, side_ids: list[str]) -> tuple[tuple[str, int], ...]:
    """`vp: {side: n}`: each side's VP at the start, a whole number of 0 or more (unlisted sides: 0)."""
    out = []
    for side, value, line, _ in s.entries("vp", {}):
        if side not in side_ids:
            raise DataError(s.file, line, f"vp.{side}", f"unknown side {side!r} (expected one of: {', '.join(side_ids)})")
        if type(value) is not int or value < 0:
            raise DataError(s.file, line, f"vp.{side}", f"expected a whole number of VP, 0 or more, got {value!r}")
        out.append((side, value))
    return tuple(out)


def _later(n: Node, turn: int, count: int, game_map: MapData, off_sheets) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """A reinforcement's later arrivals ("must enter on GT 6, or else arrives on GT 7 at ..."): each
    after the arrival's own turn, on the track, at known hexes of the sheets in play."""
    out = []
    for k in n.nodes("later", []):
        out.append((k.integer("turn", lo=turn + 1, hi=count), _entry_hexes(k, game_map, off_sheets)))
    return tuple(out)


def _entry_hexes(n: Node, game_map: MapData, off_sheets) -> tuple[str, ...]:
    """An arrival's `hexes`: known hexes on the sheets the scenario plays on."""
    hexes = []
    for line, value, path in n.texts("hexes", [], hex_id=True):
        if value not in game_map.board_of:
            raise DataError(n.file, line, path, unknown_hex(value, game_map.boards))
        if why := off_sheets(value):
            raise DataError(n.file, line, path, why)
        hexes.append(value)
    return tuple(hexes)
