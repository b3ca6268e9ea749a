"""A save with a fault VASSAL allows is still checked: a unit's second piece, a piece off the hexes.

VASSAL lets a player drag a counter from the palette a second time or paste a copy, and drop a
marker just past the last printed hex. Neither is a position any rulebook allows, and neither may
hide the rest of the position from the opponent: the checker reports each as a finding (rule
"Save", every moment) naming the places involved, and checks everything else as usual. The saves
go through the real engine (loaded and saved again by it), as a player's would.
"""

from __future__ import annotations

import json

import pytest

from modgen.check.run import check_saves
from modgen.cli import main
from modgen.vmod.compose import Item, from_scenario

from .engine_saves import engine_positions

SWAMP = "10.07"  # Galicia TEC: "Swamp: Prohibited" (tests/test_log_paths.py enters it from 10.06: prohibited)
FREE = "11.02"  # a clear hex no unit stands on at set-up


@pytest.fixture(scope="module")
def saves(game, composer, galicia_module, tmp_path_factory):
    assert game.map.terrain[SWAMP] == "swamp"
    twice = from_scenario(game).unit("ru-inf-45", SWAMP)
    twice.hexes.setdefault(FREE, []).append(Item("unit", "ru-inf-18"))  # a second piece of a unit set up in 14.25
    off = from_scenario(game).unit("ru-inf-45", SWAMP).at_pixel("Main Map", 3, 3, "marker", "ce1")
    folder = tmp_path_factory.mktemp("faults")
    return engine_positions(composer, galicia_module, folder, {"twice": twice, "off": off})


def _keys(report):
    return {(f.rule, f.title, f.hexes, f.units) for f in report.findings}


def test_a_unit_in_the_save_twice_is_a_finding_naming_both_places(saves, galicia_module):
    report = check_saves([saves["twice"]], galicia_module)
    found = [f for f in report.findings if f.rule == "Save"]
    assert [(f.title, f.units) for f in found] == [("Unit in the save twice", ("ru-inf-18",))]
    assert set(found[0].hexes) == {"14.25", FREE} and "14.25" in found[0].message and FREE in found[0].message
    # the rest of the position is checked: the unit moved into the swamp breaks the TEC
    assert any(f.rule == "TEC" and f.units == ("ru-inf-45",) for f in report.findings)


def test_a_marker_off_the_hexes_is_a_finding_and_the_save_is_checked(saves, galicia_module):
    report = check_saves([saves["off"]], galicia_module)
    found = [f for f in report.findings if f.rule == "Save"]
    assert [(f.title, f.units, f.hexes) for f in found] == [("Piece off the map's hexes", ("ce1",), ())]
    assert any(f.rule == "TEC" and f.units == ("ru-inf-45",) for f in report.findings)


def test_the_command_reports_them_with_exit_1_not_2(saves, galicia_module, capsys):
    for name in ("twice", "off"):
        code = main(["check", str(saves[name]), "--module", str(galicia_module), "--json"])
        out = capsys.readouterr().out
        assert code == 1, name
        assert any(f["rule"] == "Save" for f in json.loads(out)["saves"][0]["findings"]), name
