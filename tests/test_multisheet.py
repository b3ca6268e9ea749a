"""Maps of several sheets as one map: a global numbering, adjacency across seams, scenarios on some
of the sheets, and pictures of every sheet.

The test game `tests/data/sheets` has four sheets (2 x 2) in one numbering `C.RR`: columns 1-10
from the east, growing westward, rows 95-104 from the north (two and three digits). Its map must
behave exactly as the same 10 x 10 hexes on one board: the same hex ids, neighbours and distances;
and VASSAL must name every hex by its id on whichever sheet a point of it lies.
"""

from __future__ import annotations

import io
import itertools
import shutil
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from modgen import plugins
from modgen.build import build_game, setup_file_name
from modgen.check.picture import RING, draw_picture
from modgen.check.reader import load_context, state_from_save
from modgen.check.run import check_saves, check_states
from modgen.errors import DataError
from modgen.gamefile import game_from_json, game_json
from modgen.gamestate import GameState
from modgen.geometry import BoardSpec, GeometryError, build_geometry
from modgen.loader import load_game
from modgen.model import Board
from modgen.plugin_api import Finding, ReportSpec, SupplyState, SupplyStatus, VPReport
from modgen.rules.common import trace_to_sources
from modgen.sheets import SheetLayout, check_layout, distance, in_play, join_sheets, name_at, origins
from modgen.vassal.savefile import BoardPick, read_game_data, write_game
from modgen.vmod.compose import Composer, Item, from_scenario

from .conftest import REPO
from .test_conformance_modules import duo_root

ROOT = REPO / "tests" / "data" / "sheets"
NAMES = ["North-West", "North-East", "South-West", "South-East"]
WHOLE = (704, 816)  # the four 352 x 408 sheets laid out 2 x 2


def one_board() -> Board:
    """The same hexes as the sheets game, printed on one board."""
    spec = BoardSpec("One", "columns", 72, 10, 10, 30, "odd", "right", "top", True, ".", 1, 2, 1, 95)
    return Board("One", build_geometry(spec))


@pytest.fixture(scope="module")
def game():
    return load_game(ROOT, "sheets")


@pytest.fixture(scope="module")
def module(tmp_path_factory) -> Path:
    return build_game(ROOT, "sheets", tmp_path_factory.mktemp("sheets"), use_cache=False).path


def setup_state(module: Path, scenario_id: str) -> GameState:
    """Our checker's reading of the module's predefined setup of a scenario."""
    entry = setup_file_name(scenario_id)
    with zipfile.ZipFile(module) as z:
        saved = read_game_data(z.read(entry), entry)
    return state_from_save(saved, load_context(module))


# ---- global numbering --------------------------------------------------------------------------


def test_ids_continue_across_the_sheets_in_two_and_three_digits(game):
    m = game.map
    assert [b.name for b in m.boards] == NAMES
    assert set(m.hex_ids()) == {f"{c}.{r}" for c in range(1, 11) for r in range(95, 105)}
    assert m.board_of["1.95"].name == "North-East" and m.board_of["10.104"].name == "South-West"
    assert m.board_of["6.99"].name == "North-West" and m.board_of["5.100"].name == "South-East"
    for board in m.boards:  # VASSAL's own name of every hex centre, board by board
        for h in board.geometry.raw_of:
            assert board.geometry.grid.location_name(*board.geometry.centre(h)) == h


def test_each_sheets_grid_numbers_on_into_the_next_sheet(game):
    """VASSAL names points with the grid of the board under them: the north-east sheet's grid,
    carried one column west and one row south of its hexes, gives the ids of the next sheets."""
    ne = game.map.boards[1].geometry
    x, y = ne.centre("5.97")
    assert ne.grid.location_name(round(x - ne.grid.dx), y + 36) in ("6.97", "6.98")
    x, y = ne.centre("3.99")
    assert ne.grid.location_name(x, y + 72) == "3.100"  # beyond the board: South-East's hex


@pytest.mark.parametrize("hexes,line_from,pos_from", [
    ("columns", "right", "top"), ("columns", "left", "bottom"), ("rows", "bottom", "right"), ("rows", "top", "left")])
@pytest.mark.parametrize("line_start,pos_start", [(0, 1), (31, 1), (52, 96), (11, 98)])
def test_any_first_number_in_either_direction(hexes, line_from, pos_from, line_start, pos_start):
    """line_start/pos_start take any first number, in either direction, and pos_digits is a minimum
    width: 98, 99, 100... are proven hex by hex against VASSAL's naming (build_geometry raises else)."""
    spec = BoardSpec("B", hexes, 64, 4, 5, 20, "odd", line_from, pos_from, True, ".", 1, 2, line_start, pos_start)
    geo = build_geometry(spec)
    want = {f"{line}.{pos:02d}" for line in range(line_start, line_start + 4) for pos in range(pos_start, pos_start + 5)}
    assert set(geo.raw_of) == want
    if pos_start == 98:
        assert {"11.98", "11.99", "11.100", "11.102"} <= set(geo.raw_of)


# ---- adjacency across seams --------------------------------------------------------------------


def test_the_sheets_have_the_adjacency_and_distances_of_one_board(game):
    m, one = game.map, one_board().geometry
    assert set(m.hex_ids()) == set(one.raw_of)
    for h in m.hex_ids():
        assert sorted(m.neighbours(h)) == sorted(one.neighbours(h)), h
    for a, b in itertools.product(["1.95", "5.99", "6.100", "10.104", "3.103"], ["6.97", "5.100", "10.95", "1.104"]):
        assert distance(m, a, b) == one.distance(a, b), (a, b)


def test_seam_hexes_have_their_neighbours_across_and_the_outer_edges_none(game):
    m, one = game.map, one_board().geometry
    board = {h: m.board_of[h].name for h in m.hex_ids()}
    across = m.across
    # every hex of a sheet's edge line facing a seam has neighbours on the sheet beyond
    for h in ("5.95", "5.97", "5.104", "6.95", "6.101", "1.99", "10.99", "1.100", "10.100"):
        assert across[h] and all(board[n] != board[h] for n in across[h]), h
    # where four sheets meet, the corner hex has neighbours on the three other sheets
    assert set(across["6.99"]) == {"5.99", "6.100", "7.100", "5.100"}
    assert {board[n] for n in across["6.99"]} == {"North-East", "South-West", "South-East"}
    # a hex has fewer than six neighbours only on the outer edge of the whole map
    edge = {h for h in one.raw_of if one.is_edge(h)}
    assert {h for h in m.hex_ids() if len(m.neighbours(h)) < 6} == edge
    assert not any(h.startswith(("1.", "10.")) and h.endswith((".95", ".104")) and len(m.neighbours(h)) > 4 for h in m.hex_ids())


def cut(hexes: str, line_from: str, pos_from: str, outer: str, size: int) -> tuple[list[Board], Board]:
    """A 7 x 6 board and the same hexes cut into 2 x 2 sheets (4 + 3 lines, 3 + 3 positions),
    each sheet in the cell its numbers put it in, with seams on its inner edges."""
    def spec(name, lines, per_line, line_start, pos_start, seams=()):
        return BoardSpec(name, hexes, size, lines, per_line, 24, outer, line_from, pos_from, True, ".", 1, 2,
                         line_start, pos_start, seams=seams)

    whole = Board("whole", build_geometry(spec("whole", 7, 6, 10, 98)))
    low_line_first = line_from in ("left", "top")  # lower line numbers in the first column (row)
    low_pos_first = pos_from in ("left", "top")
    sheets = []
    for i, (lines, line_start) in enumerate(((4, 10), (3, 14))):
        for j, (per_line, pos_start) in enumerate(((3, 98), (3, 101))):
            a = i if low_line_first else 1 - i  # cell across the lines
            b = j if low_pos_first else 1 - j  # cell along them
            column, row = (a, b) if hexes == "columns" else (b, a)
            seams = ("right" if column == 0 else "left", "bottom" if row == 0 else "top")
            s = spec(f"S{i}{j}", lines, per_line, line_start, pos_start, seams)
            sheets.append(Board(s.name, build_geometry(s), column, row))
    at = origins(sheets)
    return [replace(b, origin=at[b.name]) for b in sheets], whole


@pytest.mark.parametrize("hexes,line_from,pos_from", [
    (h, lf, pf) for h in ("columns", "rows")
    for lf in (("left", "right") if h == "columns" else ("top", "bottom"))
    for pf in (("top", "bottom") if h == "columns" else ("left", "right"))])
@pytest.mark.parametrize("outer", ["odd", "even"])
@pytest.mark.parametrize("size", [64, 75])
def test_a_board_cut_into_sheets_keeps_its_adjacency(hexes, line_from, pos_from, outer, size):
    """Any orientation, numbering direction, stagger and hex size: the cut map's neighbours (on a
    sheet and across seams, diagonal corners included) are the uncut board's, and join_sheets'
    proof that VASSAL names every point near a seam by the global numbering passes."""
    sheets, whole = cut(hexes, line_from, pos_from, outer, size)
    links = join_sheets(sheets)
    board_of = {h: b for b in sheets for h in b.geometry.raw_of}
    assert set(board_of) == set(whole.geometry.raw_of)
    for h, b in board_of.items():
        mine = set(b.geometry.neighbours(h)) | set(links.get(h, ()))
        assert mine == set(whole.geometry.neighbours(h)), (h, sorted(mine), sorted(whole.geometry.neighbours(h)))
    for b in sheets:  # every centre on its own sheet, named by it
        for h in b.geometry.raw_of:
            x, y = b.geometry.centre(h)
            assert name_at(sheets, x + b.origin[0], y + b.origin[1]) == (b, h)


# ---- what the loader refuses ---------------------------------------------------------------------


def variant(tmp_path: Path, path: str, old: str, new: str) -> Path:
    root = tmp_path / "data"
    shutil.copytree(ROOT, root)
    f = root / path
    text = f.read_text()
    assert text.count(old) >= 1, old
    f.write_text(text.replace(old, new, 1))
    return root


MAP = "maps/sheets/map.yaml"


@pytest.mark.parametrize("old,new,message", [
    ("    seams: [right, bottom]\n", "    seams: [right]\n", "South-West's top seam meets board North-West, whose bottom edge is no seam"),
    ("line_start: 1, pos_start: 95}", "line_start: 11, pos_start: 95}", "one numbering"),
    ("    outer_lines: odd\n    numbering: {line_from: right, pos_from: top, sep: \".\", line_digits: 1, pos_digits: 2, line_start: 1, pos_start: 95}",
     "    outer_lines: even\n    numbering: {line_from: right, pos_from: top, sep: \".\", line_digits: 1, pos_digits: 2, line_start: 1, pos_start: 95}",
     "do not line up across their seam"),
    ("line_start: 1, pos_start: 100}", "line_start: 1, pos_start: 99}", "hex ID 1.99 is on boards North-East and South-East"),
    ("    seams: [left, top]\n", "    seams: [left, top, bottom]\n", "South-East: its bottom edge is a seam, but no board lies beyond it"),
])
def test_the_loader_refuses_seams_that_do_not_join(tmp_path, old, new, message):
    root = variant(tmp_path, MAP, old, new)
    with pytest.raises(DataError) as err:
        load_game(root, "sheets")
    assert message in str(err.value) and "map.yaml" in str(err.value)


def test_boards_may_not_overlap():
    def board(name, lines, per_line, column, row):
        return Board(name, build_geometry(BoardSpec(name, "columns", 64, lines, per_line, 10, "odd", "left", "top")), column, row)

    boards = [board("A", 3, 3, 0, 0), board("B", 3, 6, 1, 0), board("C", 6, 3, 0, 1)]  # B tall, C wide
    boards = [replace(b, origin=origins(boards)[b.name]) for b in boards]
    with pytest.raises(GeometryError, match="boards B and C overlap"):
        check_layout(boards)


SCENARIO = "counters/sheets/scenarios/s2.yaml"


@pytest.mark.parametrize("old,new,message", [
    ("sheets: [North-East]", "sheets: [North-Eats]", "no board named 'North-Eats'"),
    ('{unit: bl-1, hex: "1.99"}', '{unit: bl-1, hex: "1.100"}', "hex 1.100 is on board South-East, which the scenario's sheets (North-East) leave out"),
    ('hexes: ["5.95"]', 'hexes: ["6.95"]', "hex 6.95 is on board North-West"),
    ("sheets: [North-East]", "sheets: [North-East, South-West]", "VASSAL would put board South-West at (0, 0)"),
])
def test_the_loader_refuses_a_scenario_off_its_sheets(tmp_path, old, new, message):
    root = variant(tmp_path, SCENARIO, old, new)
    with pytest.raises(DataError) as err:
        load_game(root, "sheets")
    assert message in str(err.value) and "s2.yaml" in str(err.value)


def test_a_range_runs_across_a_seam(game):
    band = game.map.area("band")
    assert band.hexes == ("3.97", "3.98", "3.99", "3.100", "3.101", "3.102")
    assert {game.map.board_of[h].name for h in band.hexes} == {"North-East", "South-East"}


# ---- scenarios on some of the sheets -------------------------------------------------------------


def test_scenario_sheets_are_read(game):
    assert game.scenarios["s1"].sheets == ()
    assert game.scenarios["s2"].sheets == ("North-East",)
    assert game.scenarios["s3"].sheets == ("North-East", "South-East")


def test_a_scenario_on_some_sheets_lays_them_out_as_vassal(game, module):
    """Leaving sheets out moves the others (VASSAL packs the chosen boards): s2's only sheet is at
    the map's origin, s3's two sheets one above the other; pieces sit at those sheets' centres."""
    ne_h = game.map.boards[1].geometry.height
    assert SheetLayout(game.map).origin["North-East"] == (352, 0)
    assert SheetLayout(game.map, ("North-East",)).origin == {"North-East": (0, 0)}
    assert SheetLayout(game.map, ("North-East", "South-East")).origin == {"North-East": (0, 0), "South-East": (0, ne_h)}
    for sid, picks in (("s1", [BoardPick(n, c, r) for n, c, r in (("North-West", 0, 0), ("North-East", 1, 0), ("South-West", 0, 1), ("South-East", 1, 1))]),
                       ("s2", [BoardPick("North-East", 1, 0)]),
                       ("s3", [BoardPick("North-East", 1, 0), BoardPick("South-East", 1, 1)])):
        entry = setup_file_name(sid)
        with zipfile.ZipFile(module) as z:
            saved = read_game_data(z.read(entry), entry)
        assert saved.boards["Main Map"] == picks
        placed = SheetLayout(game.map, game.scenarios[sid].sheets)
        unit_at = {game.gpid("unit", p.unit): placed.centre(p.hex)[1:] for p in game.scenarios[sid].setup}
        for rec in saved.pieces:
            if rec.id in unit_at:
                assert (rec.x, rec.y) == unit_at[rec.id], (sid, rec.id)
        state = setup_state(module, sid)  # the checker reads the board offsets from the save
        assert {u.unit.id: u.hex for u in state.units if u.hex} == {p.unit: p.hex for p in game.scenarios[sid].setup}


def test_the_checker_sees_only_the_sheets_in_play(module):
    s1, s2, s3 = (setup_state(module, s) for s in ("s1", "s2", "s3"))
    assert len(s1.game.map.hex_ids()) == 100 and len(s2.game.map.hex_ids()) == 25 and len(s3.game.map.hex_ids()) == 50
    m = s3.game.map
    assert [b.name for b in m.boards] == ["North-East", "South-East"]
    assert m.supply_sources == {"red": ("1.97",), "blue": ()}
    assert [r.hexes for r in m.railroads] == [("1.97", "2.97", "3.98", "4.98", "5.99")]  # cut where it leaves
    assert sorted(m.neighbours("5.99")) == ["4.98", "4.99", "5.100", "5.98"]  # no neighbours on sheets not in play
    assert m.area("band").hexes == ("3.97", "3.98", "3.99", "3.100", "3.101", "3.102")


def test_the_map_in_play(game):
    m = game.map
    assert in_play(m, NAMES) is m
    ne = in_play(m, ["North-East"])
    assert len(ne.hex_ids()) == 25 and ne.across == {} and [t.id for t in ne.towns] == ["northby"]
    assert [f.sides for f in ne.hexside_features if f.name == "Cross River"] == [()]  # its hexsides need South-East
    assert sorted(ne.neighbours("5.97")) == ["4.96", "4.97", "5.96", "5.98"]  # the seam is now the map's edge


def test_hexside_markers_on_a_seam_read_back(module):
    for sid, side in (("s1", {"5.97", "6.97"}), ("s2", {"3.97", "3.98"}), ("s3", {"3.99", "3.100"})):
        blown = [m for m in setup_state(module, sid).markers if m.marker.id == "blown"]
        assert len(blown) == 1 and blown[0].hexside == frozenset(side), sid


def test_game_description_round_trip_and_one_board_games_unchanged(game):
    assert game_from_json(game_json(game), "sheets") == game
    galicia = game_json(load_game(REPO, "galicia1914")).decode()
    assert '"seams"' not in galicia and '"sheets"' not in galicia and '"across"' not in galicia


# ---- supply across seams, and the checker's picture ------------------------------------------------


class SheetsRules:
    """A test plugin: a finding for every unit on the map's last board (the sheets game's South-East),
    supply traced to the side's sources along the map's adjacency (across seams)."""

    game_id = "sheets"
    report = ReportSpec(supply_states=(SupplyState("in", "In supply", "#1ea03c", "in supply"),
                                       SupplyState("out", "Out of supply", "#d02020", "out of supply")))

    def check(self, state):
        last = state.game.map.boards[-1]
        return [Finding("1.1", "On the last sheet", (u.hex,), (u.id,)) for u in state.units_on_map()
                if state.game.map.board_of[u.hex] is last]

    def supply(self, state):
        out = {}
        for side in state.game.sides:
            traces = trace_to_sources(state.game.map, state.game.map.supply_sources.get(side.id, ()), set(), set(), 0)
            for u in state.units_on_map():
                if u.side == side.id:
                    t = traces.get(u.hex)
                    out[u.id] = SupplyStatus(u.id, u.side, u.hex, "in" if t else "out", t.length if t else None,
                                             t.path[-1] if t else None, t.path if t else (), "in")
        return out

    def victory(self, states):
        return VPReport({s.id: s.name for s in states[-1].game.sides}, [], [], {}, {}, {}, [])

    def sections(self, states):
        return []


@pytest.fixture()
def rules():
    for gid in ("sheets", "duo"):
        plugins.register(gid, SheetsRules)
    yield
    for gid in ("sheets", "duo"):
        plugins.unregister(gid)


def test_supply_traces_across_seams(module, rules, game):
    supply = SheetsRules().supply(setup_state(module, "s1"))
    path = supply["rd-3"].path  # from 6.100 (South-West) to red's source 1.97 (North-East)
    assert supply["rd-3"].state == "in" and path[0] == "6.100" and path[-1] == "1.97"
    assert len({game.map.board_of[h].name for h in path}) >= 2 and len(path) - 1 == distance(game.map, "6.100", "1.97")
    assert supply["bl-1"].state == "in"  # 9.101 to blue's 10.102, both on South-West
    alone = SheetsRules().supply(setup_state(module, "s2"))  # blue's source lies on a sheet not in play
    assert alone["bl-1"].state == "out" and alone["rd-1"].state == "in"


def write_position(game, module: Path, path: Path, moves: dict[str, str]) -> Path:
    """s1's setup with units moved to other hexes, as a save of the module."""
    pos = from_scenario(game, game.scenarios["s1"])
    for unit, hex_id in moves.items():
        for items in pos.hexes.values():
            items[:] = [i for i in items if i.id != unit]
        pos.hexes.setdefault(hex_id, []).append(Item("unit", unit))
    info = load_context(module).module
    write_game(path, Composer(game).content(pos, info.name, info.version))
    return path


def map_part(img) -> tuple[int, int]:
    """The size of the map in a check picture: the map sits at the top left, on the page colour
    of the board art, the legend strip below it on white (modgen.check.picture)."""
    white = (255, 255, 255)
    width = next(x for x in range(img.width - 1, -1, -1) if img.getpixel((x, 1)) != white) + 1
    height = next(y for y in range(img.height - 1, -1, -1) if img.getpixel((1, y)) != white) + 1
    return width, height


def test_check_picture_draws_every_sheet(game, module, rules, tmp_path):
    """Before: a unit on the second board was a KeyError. Now the picture is the whole map, with the
    finding on the south-east sheet ringed where that hex lies on the map."""
    save = write_position(game, module, tmp_path / "moved.vsav", {"bl-9": "4.103"})
    report = check_saves([save], module)
    assert [f.hexes for f in report.findings] == [("2.103",), ("4.103",)]
    img = draw_picture(report)
    assert map_part(img) == WHOLE
    _, x, y = game.map.centre("4.103")
    ring = [img.getpixel((round(x + dx), round(y + dy))) for dx, dy in ((40, 0), (-40, 0), (0, 40), (0, -40))]
    assert any(p[0] > 200 and p[1] < 40 and p[2] < 40 for p in ring), ring  # RING red around the hex
    assert RING == (220, 0, 0)


def test_check_picture_with_a_unit_on_the_second_of_two_separate_boards(rules, tmp_path):
    """The issue's case: two boards numbered apart (A..., B...), a unit on board B: no KeyError, both
    boards drawn side by side, the unit's finding ringed on board B."""
    root = duo_root()
    game = load_game(root, "duo")
    module = build_game(root, "duo", tmp_path, use_cache=False).path
    save = tmp_path / "duo.vsav"
    info = load_context(module).module
    write_game(save, Composer(game).content(from_scenario(game), info.name, info.version))
    report = check_saves([save], module)
    assert [f.hexes for f in report.findings] == [("B3.04",)]
    a, b = game.map.boards
    img = draw_picture(report)
    assert map_part(img) == (a.geometry.width + b.geometry.width, a.geometry.height)
    _, x, y = game.map.centre("B3.04")
    assert x > a.geometry.width
    ring = [img.getpixel((round(x + dx), round(y + dy))) for dx, dy in ((45, 0), (-45, 0), (0, 45), (0, -45))]
    assert any(p[0] > 200 and p[1] < 40 and p[2] < 40 for p in ring), ring


def test_check_picture_of_a_save_on_one_sheet(module, rules):
    state = setup_state(module, "s2")
    report = check_states([state])
    img = draw_picture(report)
    assert map_part(img) == (352, 408)  # the one sheet in play


# ---- the proof-reading overview and the map art ---------------------------------------------------


def test_the_map_overview_shows_the_whole_map(module):
    pic = Image.open(module.parent / "sheets-map.png")
    assert pic.width == 1400 and abs(pic.height - round(1400 * WHOLE[1] / WHOLE[0])) <= 1


def test_the_sheets_art_completes_the_half_hexes_at_seams(game, module):
    """A hex at a seam is drawn on both sheets: the woods of 5.98 (North-East, at the seam with
    North-West) colour the tip of it that lies on the North-West sheet's image."""
    with zipfile.ZipFile(module) as z:
        nw = Image.open(io.BytesIO(z.read("images/map_north-west.png"))).convert("RGB")
    _, x, y = game.map.centre("5.98")  # map pixels; North-West's origin is (0, 0)
    woods = (0xA3, 0xC2, 0x8A)
    tip = nw.getpixel((nw.width - 3, y + 20))
    assert sum(abs(a - b) for a, b in zip(tip, woods)) < 60, tip
