"""Unquoted text that YAML 1.1 silently turns into something else is refused where a string
is meant, naming the file and line of the value and quoting what was written."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from modgen.errors import DataError
from modgen.loader import load_game

from .conftest import REPO, refused
from .test_loader import edit, line_of

GAME, UNITS, S1 = "counters/mini/game.yaml", "counters/mini/units.yaml", "counters/mini/scenarios/s1.yaml"
FEATURES, MAP = "maps/mini/features.yaml", "maps/mini/map.yaml"


def hint(err: DataError) -> str:
    """The message after the field."""
    prefix = f"{err.field}: "
    assert err.message.startswith(prefix)
    return err.message[len(prefix):]


def test_unquoted_version_with_a_trailing_zero(mini_copy):
    edit(mini_copy, GAME, 'version: "0.1"', "version: 1.10")
    err = refused(mini_copy)
    assert (err.file, err.line, err.field) == (GAME, line_of(mini_copy, GAME, "version:"), "version")
    assert hint(err) == 'YAML reads the unquoted 1.10 as the number 1.1; write "1.10"'
    edit(mini_copy, GAME, "version: 1.10", 'version: "1.10"')
    assert load_game(mini_copy, "mini").version == "1.10"


@pytest.mark.parametrize("word,reading", [("no", "false"), ("on", "true")])
def test_unit_id_read_as_a_boolean_is_blamed_on_the_units_file(mini_copy, word, reading):
    # the scenario quotes the id correctly: the error must name units.yaml, not s1.yaml
    edit(mini_copy, UNITS, "id: rd-2,", f"id: {word},")
    edit(mini_copy, S1, "unit: rd-2,", f'unit: "{word}",')
    err = refused(mini_copy)
    assert (err.file, err.line, err.field) == (UNITS, line_of(mini_copy, UNITS, f"id: {word},"), "units[1].id")
    assert hint(err) == f'YAML reads the unquoted {word} as the boolean {reading}; write "{word}"'
    edit(mini_copy, UNITS, f"id: {word},", f'id: "{word}",')
    assert word in load_game(mini_copy, "mini").units


def test_reference_to_a_unit_yes_read_as_a_boolean(mini_copy):
    edit(mini_copy, UNITS, "id: rd-2,", 'id: "yes",')
    edit(mini_copy, S1, "unit: rd-2,", "unit: yes,")
    err = refused(mini_copy)
    assert (err.file, err.line, err.field) == (S1, line_of(mini_copy, S1, "unit: yes,"), "setup[1].unit")
    assert hint(err) == 'YAML reads the unquoted yes as the boolean true; write "yes"'


def test_octal_looking_setup_hex_quotes_the_text_as_written(mini_copy):
    edit(mini_copy, S1, 'hex: "2.02"}', "hex: 0507}")
    err = refused(mini_copy)
    assert (err.file, err.line, err.field) == (S1, line_of(mini_copy, S1, "hex: 0507}"), "setup[0].hex")
    assert hint(err) == 'YAML reads the unquoted 0507 as the number 327; write "0507"'


def four_digit_ids(root: Path) -> None:
    """Renumber the mini map CCRR-style ("2.02" -> "0202"), as many wargames print them."""
    edit(root, MAP, 'sep: ".", line_digits: 1', 'sep: "", line_digits: 2')
    for path in root.rglob("*.yaml"):
        path.write_text(re.sub(r'"(\d)\.(\d\d)"', r'"0\1\2"', path.read_text()))


def test_four_digit_map_loads_with_quoted_ids(mini_copy):
    four_digit_ids(mini_copy)
    game = load_game(mini_copy, "mini")
    assert game.map.terrain["0507"] == "swamp" and game.scenarios["s1"].setup[0].hex == "0202"


@pytest.mark.parametrize(
    "rel,old,new,needle,field,message",
    [
        (S1, 'hex: "0202"}', "hex: 0202}", "hex: 0202}", "setup[0].hex", 'YAML reads the unquoted 0202 as the number 130; write "0202"'),
        (FEATURES, 'red: ["0103"]', "red: [0103]", "red: [0103]", "supply_sources.red[0]", 'YAML reads the unquoted 0103 as the number 67; write "0103"'),
        (FEATURES, 'hex: "0505"', "hex: 0505", "hex: 0505", "towns[1].hex", 'YAML reads the unquoted 0505 as the number 325; write "0505"'),
        ("maps/mini/terrain.yaml", 'swamp: ["0507"]', "swamp: [0507]", "swamp: [0507]", "terrain.swamp[0]", 'YAML reads the unquoted 0507 as the number 327; write "0507"'),
        (S1, '["0101", "0102"]', '[0101, "0102"]', "rd-c", "reinforcements[0].hexes[0]", 'YAML reads the unquoted 0101 as the number 65; write "0101"'),
    ],
)
def test_octal_looking_four_digit_hex_ids(mini_copy, rel, old, new, needle, field, message):
    four_digit_ids(mini_copy)
    edit(mini_copy, rel, old, new)
    err = refused(mini_copy)
    assert (err.file, err.line, err.field) == (rel, line_of(mini_copy, rel, needle), field)
    assert hint(err) == message


@pytest.mark.parametrize(
    "rel,old,new,needle,field,message",
    [
        (GAME, 'version: "0.1"', "version: 2024-01-01", "version:", "version", 'YAML reads the unquoted 2024-01-01 as a date; write "2024-01-01"'),
        (GAME, "sizes: {XX: division, X: brigade}", "sizes: {XX: division, X: brigade, no: company}", "sizes:", "sizes.no",
         'YAML reads the unquoted no as the boolean false; write "no"'),
        (GAME, 'columns: ["2d6", "1:1", "2:1"]', 'columns: ["2d6", "1:1", 2:1]', "columns:", "charts[0].columns[2]",
         'YAML reads the unquoted 2:1 as the number 121; write "2:1"'),
        (GAME, "player_turns: [red, blue]", "player_turns: [red, off]", "player_turns", "turns.player_turns[1]",
         'YAML reads the unquoted off as the boolean false; write "off"'),
        (FEATURES, "hexsides:", "hexsides:\n  - {type: river, name: No, sides: [[\"2.03\", \"2.04\"]]}", "name: No", "hexsides[0].name",
         'YAML reads the unquoted No as the boolean false; write "No"'),
    ],
)
def test_other_text_fields_read_as_something_else(mini_copy, rel, old, new, needle, field, message):
    edit(mini_copy, rel, old, new)
    err = refused(mini_copy)
    assert (err.file, err.line, err.field) == (rel, line_of(mini_copy, rel, needle), field)
    assert hint(err) == message


def test_numbers_whose_text_survives_still_load(mini_copy):
    # `name: 2` reads back as "2", `version: 2.5` as "2.5": nothing lost, nothing refused
    edit(mini_copy, UNITS, 'id: rd-2, name: "2"', "id: rd-2, name: 2")
    edit(mini_copy, GAME, 'version: "0.1"', "version: 2.5")
    game = load_game(mini_copy, "mini")
    assert game.units["rd-2"].name == "2" and game.version == "2.5"


def test_cli_refuses_unquoted_version_in_one_line_and_writes_nothing(mini_copy, tmp_path):
    edit(mini_copy, GAME, 'version: "0.1"', "version: 1.10")
    out = tmp_path / "out"
    proc = subprocess.run(
        [sys.executable, "-m", "modgen", "build", "mini", "--root", str(mini_copy), "--out", str(out), "--quiet"],
        capture_output=True, text=True, cwd=REPO,
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    line = line_of(mini_copy, GAME, "version:")
    assert proc.stderr.strip().splitlines() == [
        f'modgen: {GAME}:{line}: version: YAML reads the unquoted 1.10 as the number 1.1; write "1.10"'
    ]
    assert not out.exists() or not any(out.iterdir())
