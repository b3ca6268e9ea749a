"""Every error in a game's data at once (modgen.load.collect): validate and build list them all,
each with file, line and field, and leave out what only repeats one already reported."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from modgen.errors import DataErrors
from modgen.loader import load_game
from modgen.scaffold import Shape, new_game

from .conftest import REPO


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1))


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """A new game with seven errors in four files, one of each kind an author makes."""
    new_game(tmp_path, "demo", Shape())
    counters, maps = tmp_path / "counters" / "demo", tmp_path / "maps" / "demo"
    _edit(maps / "features.yaml", "towns: []", 'towns:\n  - {id: a, name: A, hex: "0202"}\n'
                                               '  - {id: b, name: B, hex: "7777"}\n  - {id: c, name: C, hex: "0303", colour: red}')
    _edit(counters / "units.yaml", "attack: 4, defense: 4, ma: 4, reduced", "attack: 400, defense: 4, ma: 4, reduced")
    _edit(counters / "units.yaml", "nationality: bl", "nationality: xx")
    units = counters / "units.yaml"
    units.write_text(units.read_text() + '  - {id: rd-2, name: "2", nationality: rd, type: tank, size: XX, attack: 4, defense: 4, ma: 4}\n')
    _edit(counters / "scenarios" / "s1.yaml", "box: 1}", "box: 9}")
    _edit(counters / "scenarios" / "s1.yaml", "reinforcements: []",
          'reinforcements:\n  - {unit: rd-2, turn: 2, hexes: ["0202"]}\n  - {unit: nobody, turn: 2, hexes: ["0202"]}')
    return tmp_path


EXPECTED = [  # in the order the loader reads the files: the map's first
    "maps/demo/features.yaml:8: towns[2].colour: unknown field 'colour'",
    "maps/demo/features.yaml:7: towns[1].hex: unknown hex ID '7777': the map's hex IDs run 0101 to 1410",
    "counters/demo/units.yaml:6: units[0].attack: 400 is above the maximum 99",
    "counters/demo/units.yaml:7: units[1].nationality: unknown value 'xx'",
    "counters/demo/units.yaml:8: units[2].type: unknown value 'tank'",
    "counters/demo/scenarios/s1.yaml:11: reinforcements[1].unit: unknown unit 'nobody'",
    "counters/demo/scenarios/s1.yaml:13: markers[0].at.box: 9 is above the maximum 6",
]


def test_load_reports_every_error_in_every_file(broken: Path) -> None:
    with pytest.raises(DataErrors) as caught:
        load_game(broken, "demo")
    lines = caught.value.lines()
    assert len(lines) == len(EXPECTED)
    for line, expected in zip(lines, EXPECTED):
        assert line.startswith(expected), (line, expected)
    assert str(caught.value) == lines[0]  # read as one error, it is the first, where loading stopped before


def test_a_refused_unit_is_not_reported_again_where_a_scenario_names_it(broken: Path) -> None:
    """bl-1 (bad nationality) is set up and rd-2 (bad type) arrives: neither line is an error of its own."""
    with pytest.raises(DataErrors) as caught:
        load_game(broken, "demo")
    assert not [line for line in caught.value.lines() if "bl-1" in line or "rd-2" in line]


def test_validate_and_build_print_them_all_and_write_nothing(broken: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    validate = subprocess.run([sys.executable, "-m", "modgen", "validate", "--root", str(broken)],
                              capture_output=True, text=True, cwd=REPO)
    assert validate.returncode == 2 and "Traceback" not in validate.stderr
    assert validate.stderr.splitlines()[-1] == "demo: 7 error(s) in the data"
    assert all(any(line.startswith(e) for line in validate.stderr.splitlines()) for e in EXPECTED)
    build = subprocess.run([sys.executable, "-m", "modgen", "build", "demo", "--root", str(broken), "--out", str(out)],
                           capture_output=True, text=True, cwd=REPO)
    assert build.returncode == 2 and build.stderr.splitlines()[-1] == "modgen: 7 errors in the data"
    assert all(any(line == f"modgen: {e}" or line.startswith(f"modgen: {e}") for line in build.stderr.splitlines()) for e in EXPECTED)
    assert list(out.iterdir()) == []


def test_a_fixed_game_loads_after_the_errors_are_mended(broken: Path) -> None:
    """The errors are the whole story: mend each and the game loads (nothing hidden behind them)."""
    counters, maps = broken / "counters" / "demo", broken / "maps" / "demo"
    _edit(maps / "features.yaml", ', colour: red}', '}')
    _edit(maps / "features.yaml", '"7777"', '"0505"')
    _edit(counters / "units.yaml", "attack: 400", "attack: 4")
    _edit(counters / "units.yaml", "nationality: xx", "nationality: bl")
    _edit(counters / "units.yaml", "type: tank", "type: infantry")
    _edit(counters / "scenarios" / "s1.yaml", "box: 9}", "box: 1}")
    _edit(counters / "scenarios" / "s1.yaml", "unit: nobody", "unit: rd-1")
    with pytest.raises(DataErrors) as caught:  # rd-1 is set up already: found only now that the lines before it read
        load_game(broken, "demo")
    assert caught.value.lines() == ["counters/demo/scenarios/s1.yaml:11: reinforcements[1].unit: unit rd-1 is already set up or arriving (line 7)"]
    _edit(counters / "scenarios" / "s1.yaml", '\n  - {unit: rd-1, turn: 2, hexes: ["0202"]}', "")
    assert set(load_game(broken, "demo").units) == {"rd-1", "bl-1", "rd-2"}


def test_a_refused_nationality_or_unit_type_does_not_make_its_units_errors(tmp_path: Path) -> None:
    """game.yaml's nationalities and unit types are read one by one too; the units and set-ups that
    name a refused one are not errors of their own (they are right once it is mended)."""
    new_game(tmp_path, "demo", Shape())
    game_yaml = tmp_path / "counters" / "demo" / "game.yaml"
    _edit(game_yaml, 'colour: "#a04030"', 'colour: "red"')
    _edit(game_yaml, "symbol: infantry}", "symbol: foot}")
    with pytest.raises(DataErrors) as caught:
        load_game(tmp_path, "demo")
    lines = caught.value.lines()
    assert len(lines) == 2, lines
    assert lines[0].startswith("counters/demo/game.yaml:12: nationalities[0].colour: colour must be #rrggbb")
    assert lines[1].startswith("counters/demo/game.yaml:15: unit_types.infantry.symbol: unknown value 'foot'")
