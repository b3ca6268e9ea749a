"""A made-up third game ("Pocket War", tests/data/third) goes through the same core as the seed
games, with no line of the core naming it: two sheets in one numbering, one-sided counters with
a Loss marker, declared display windows (supply pool tracks, a grid, a private reserve box), a
tug-of-war VP track, and a plugin (tests/third_rules.py) with supply pools instead of per-unit
supply. The expected verdicts below are read from the plugin's rule texts (its docstring)."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from modgen import plugins
from modgen.build import build_game
from modgen.check.report import json_report, text_report
from modgen.check.run import check_saves
from modgen.layout import tracks_layout
from modgen.loader import load_game
from modgen.vmod.compose import Composer, from_scenario

from .conftest import REPO
from .third_rules import ThirdRules

THIRD = REPO / "tests" / "data" / "third"


@pytest.fixture(scope="module")
def third():
    plugins.register("third", ThirdRules)
    yield load_game(THIRD, "third")
    plugins.unregister("third")


@pytest.fixture(scope="module")
def third_module(tmp_path_factory, third) -> Path:
    return build_game(THIRD, "third", tmp_path_factory.mktemp("third")).path


def test_no_line_of_the_core_names_the_game():
    pattern = re.compile(r"pocket war|\bthird_rules\b|['\"]third['\"]|supply_red|red_reserve", re.I)
    hits = [f"{p.relative_to(REPO)}:{i}" for p in (REPO / "modgen").rglob("*") if p.suffix in (".py", ".j2")
            for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert hits == []


def test_the_module_has_its_declared_windows(third_module):
    with zipfile.ZipFile(third_module) as z:
        root = etree.fromstring(z.read("buildFile.xml"))
        names = set(z.namelist())
    maps = {m.get("mapName"): m for m in root.iter("VASSAL.build.module.Map", "VASSAL.build.module.PrivateMap")}
    assert list(maps) == ["Main Map", "Tracks", "Supply", "Red Reserve"]
    private = maps["Red Reserve"]
    assert private.tag == "VASSAL.build.module.PrivateMap" and private.get("side") == "Red" and private.get("visible") == "false"
    zones = {z.get("name") for z in maps["Supply"].iter("VASSAL.build.module.map.boardPicker.board.mapgrid.Zone")}
    assert {"Supply Red 0", "Supply Red 10", "Supply Blue 5", "Headquarters North Ready", "Headquarters South Spent"} <= zones
    vp_zones = {z.get("name") for z in maps["Tracks"].iter("VASSAL.build.module.map.boardPicker.board.mapgrid.Zone")}
    assert {"VP -10", "VP 0", "VP 10"} <= vp_zones and "VP 11" not in vp_zones
    boards = [b.get("name") for b in maps["Main Map"].iter("VASSAL.build.module.map.boardPicker.Board")]
    assert boards == ["West", "East"]
    assert {"images/display_supply.png", "images/display_red-reserve.png", "images/tracks.png"} <= names


def test_units_are_one_sided(third):
    assert all(u.back is None for u in third.units.values())


def test_hexes_meet_across_the_seam(third):
    # 0603 is on the West sheet's last column, 0703 on the East sheet's first: neighbours.
    assert third.map.board_of["0603"].name == "West" and third.map.board_of["0703"].name == "East"
    assert "0703" in third.map.neighbours("0603") and "0603" in third.map.neighbours("0703")


@pytest.fixture(scope="module")
def check(third, third_module, tmp_path_factory):
    composer = Composer(third)
    folder = tmp_path_factory.mktemp("third-saves")
    counter = iter(range(1000))

    def go(pos):
        path = folder / f"s{next(counter)}.vsav"
        composer.write(pos, path)
        return check_saves([path], third_module)

    return go


def test_the_start_is_clean_and_the_report_shows_the_pools(third, check):
    report = check(from_scenario(third))
    assert report.findings == []
    text = text_report(report, supply=True)
    assert "== Supply pools (8.1-8.2)" in text
    # Red: pool 6, three units on the map (1, 2, 3) draw 1 each -> 3 left; Blue: pool 5, two units -> 3 left.
    assert "Red: pool 6, 3 units on the map draw 1 each (8.2): 3 left" in text
    assert "Blue: pool 5, 2 units on the map draw 1 each (8.2): 3 left" in text
    assert "supply:" not in text and "supply of every unit" not in text  # no per-unit supply in this game
    data = json.loads(json_report(report))
    assert data["supply_states"] == {} and data["sections"][0]["data"]["red"] == {"pool": 6, "drawing": 3}
    assert "== Victory (9.1)" in text


def test_three_units_in_a_hex_break_4_1(third, check):
    pos = from_scenario(third)
    pos.unit("b-2", "0503")  # joins r-1 ... and a third unit
    pos.unit("r-2", "0503")
    keys = [(f.rule, f.hexes) for f in check(pos).findings]
    assert ("4.1", ("0503",)) in keys


def test_two_loss_markers_on_a_unit_break_6_2(third, check):
    pos = from_scenario(third)
    pos.marker("loss", "0504", under="r-2")
    pos.marker("loss", "0504", under="r-2")
    found = [f for f in check(pos).findings if f.rule == "6.2"]
    assert [(f.hexes, f.units) for f in found] == [(("0504",), ("r-2",))]


def test_one_loss_marker_is_legal(third, check):
    pos = from_scenario(third)
    pos.marker("loss", "0504", under="r-2")
    assert check(pos).findings == []


def test_a_missing_pool_marker_breaks_8_1(third, check):
    pos = from_scenario(third)
    for store in (pos.shared, pos.boxes):
        for items in store.values():
            items[:] = [i for i in items if i.id != "supply-blue"]
    found = [f for f in check(pos).findings if f.rule == "8.1"]
    assert len(found) == 1 and "Blue has 0 markers" in found[0].message


def test_a_pool_marker_moved_along_its_track_is_read(third, check):
    layout = tracks_layout(third, list(third.scenarios.values()))
    pos = from_scenario(third).move_marker_to_box("supply-red", layout.part_box("supply_red", "2").name)
    text = text_report(check(pos))
    assert "Red: pool 2, 3 units on the map draw 1 each (8.2): 1 short" in text


def test_the_picture_draws_both_sheets(third, check, tmp_path):
    from PIL import Image

    from modgen.check.picture import write_picture

    pos = from_scenario(third)
    pos.unit("b-2", "0803")
    pos.unit("r-4", "0803")  # three units on the East sheet: a finding there
    report = check(pos)
    write_picture(report, tmp_path / "p.png")
    img = Image.open(tmp_path / "p.png")
    west, east = third.map.boards
    assert img.width >= west.geometry.width + east.geometry.width - 2 * 72  # both sheets, side by side
