"""Bad data is refused with the file, line and field; good data loads completely."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from modgen.errors import DataError
from modgen.loader import load_game

from .conftest import MINI, REPO


def edit(root: Path, rel: str, old: str, new: str) -> None:
    path = root / rel
    text = path.read_text()
    assert old in text, f"test setup: {old!r} not in {rel}"
    path.write_text(text.replace(old, new, 1))


def line_of(root: Path, rel: str, needle: str) -> int:
    lines = (root / rel).read_text().splitlines()
    return next(i + 1 for i, line in enumerate(lines) if needle in line)


def test_mini_game_loads_completely():
    game = load_game(MINI, "mini")
    assert [s.id for s in game.sides] == ["red", "blue"]
    assert len(game.map.hex_ids()) == 48
    assert game.map.terrain["5.07"] == "swamp"
    assert game.map.side_features("2.03", "3.03") == frozenset({"river", "bridge"})
    assert [a.hexes for a in game.map.areas if a.id == "band"] == [("2.01", "3.01", "4.01")]
    assert game.units["rd-1"].back.attack == 2 and game.units["rd-1"].back.ma == 4  # MA defaults to the front's
    assert game.scenarios["s1"].reinforcements[1].railroad_between == ("4.01", "1.01")


def test_galicia_loads_with_the_rules_numbers():
    game = load_game(REPO, "galicia1914")
    towns = {t.hex: t for t in game.map.towns}
    assert towns["16.22"].name == "Lublin" and (towns["16.22"].vp.capture, towns["16.22"].vp.occupy) == (10, 2)
    assert towns["7.09"].vp.side == "russian" and (towns["7.09"].vp.capture, towns["7.09"].vp.occupy) == (10, 1)
    assert towns["18.17"].vp.occupy == 1  # the digest's conflict, decided for the two aid cards
    assert game.stacking.limit == 6
    assert game.turns.count == 12
    restricted = next(a for a in game.map.areas if a.id == "ah_restricted")
    assert restricted.hexes == tuple(f"{n}.01" for n in range(3, 12))
    sc = game.scenarios["campaign"]
    assert sc.first_player_turn == "ah" and (1, "russian") in sc.skip


@pytest.mark.parametrize(
    "rel,old,new,needle,field,message",
    [
        ("counters/mini/scenarios/s1.yaml", 'hex: "2.02"}', 'hex: "9.99"}', "rd-1", "setup[0].hex", "unknown hex ID '9.99'"),
        ("maps/mini/terrain.yaml", "woods:", "forest:", "forest", "terrain.forest", "unknown terrain 'forest'"),
        ("counters/mini/scenarios/s1.yaml", "unit: rd-2,", "unit: rd-77,", "rd-77", "setup[1].unit", "unknown unit 'rd-77'"),
        ("counters/mini/units.yaml", "id: rd-2,", "id: rd-1,", "id: rd-1, name: \"2\"", "units[1].id", "duplicate unit id 'rd-1'"),
        ("counters/mini/units.yaml", "attack: 5,", "attack: -5,", "attack: -5", "units[0].attack", "below the minimum 0"),
        ("counters/mini/units.yaml", "ma: 8,", "ma: 800,", "ma: 800", "units[2].ma", "above the maximum 99"),
        ("maps/mini/features.yaml", 'hex: "5.05"', 'hex: "7.05"', "Beta", "towns[1].hex", "unknown hex ID '7.05'"),
        ("maps/mini/features.yaml", '["2.03", "2.04"]', '["2.03", "5.05"]', "Test River", "hexsides[0].sides[1]", "not adjacent"),
        ("maps/mini/features.yaml", '"2.01", "3.01"', '"2.01", "3.03"', "Test Line", "railroads[0].hexes[2]", "not adjacent to the previous hex"),
        ("counters/mini/scenarios/s1.yaml", 'hex: "5.05"', 'hex: "5.07"', "bl-1", "setup[2].hex", "prohibited terrain"),
        ("counters/mini/game.yaml", 'colour: "#a04030"', 'colour: "red"', "Redland", "nationalities[0].colour", "#rrggbb"),
        ("counters/mini/units.yaml", "type: cavalry", "type: dragoons", "dragoons", "units[2].type", "unknown value 'dragoons'"),
        ("maps/mini/map.yaml", 'colour: "#a3c28a"', 'colour: "green"', "woods", "terrain_types.woods.colour", "#rrggbb"),
        ("counters/mini/game.yaml", "symbol: cavalry,", "symbol: lancers,", "lancers", "unit_types.cavalry.symbol", "unknown value 'lancers'"),
    ],
)
def test_each_kind_of_bad_data_names_file_line_and_field(mini_copy, rel, old, new, needle, field, message):
    edit(mini_copy, rel, old, new)
    with pytest.raises(DataError) as info:
        load_game(mini_copy, "mini")
    err = info.value
    assert err.file == rel
    assert err.line == line_of(mini_copy, rel, needle)
    assert err.field == field
    assert message in err.message


def test_unquoted_hex_id_is_refused(mini_copy):
    edit(mini_copy, "counters/mini/scenarios/s1.yaml", 'hex: "2.02"}', "hex: 2.02}")
    with pytest.raises(DataError, match="quoted"):
        load_game(mini_copy, "mini")


def test_yaml_syntax_error_names_the_line(mini_copy):
    edit(mini_copy, "counters/mini/units.yaml", "units:", "units: [")
    with pytest.raises(DataError) as info:
        load_game(mini_copy, "mini")
    assert info.value.file == "counters/mini/units.yaml" and info.value.line is not None


def test_duplicate_yaml_key_is_refused(mini_copy):
    edit(mini_copy, "counters/mini/game.yaml", 'version: "0.1"', 'version: "0.1"\nversion: "0.2"')
    with pytest.raises(DataError, match="duplicate key"):
        load_game(mini_copy, "mini")


def test_approximate_data_needs_a_source(mini_copy):
    edit(mini_copy, "maps/mini/terrain.yaml", 'source: "test data"\n', "")
    with pytest.raises(DataError, match="source"):
        load_game(mini_copy, "mini")


def test_cli_bad_data_exits_2_with_one_line_and_writes_nothing(mini_copy, tmp_path):
    edit(mini_copy, "counters/mini/scenarios/s1.yaml", 'hex: "2.02"}', 'hex: "9.99"}')
    out = tmp_path / "out"
    proc = subprocess.run(
        [sys.executable, "-m", "modgen", "build", "mini", "--root", str(mini_copy), "--out", str(out), "--quiet"],
        capture_output=True, text=True, cwd=REPO,
    )
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr
    assert lines[0].startswith("modgen: counters/mini/scenarios/s1.yaml:")
    assert not out.exists() or not any(out.iterdir())


@pytest.mark.parametrize("key,written,message", [
    ("unwarned_tags", "cavalri", "no unit carries the tag 'cavalri'"),
    ("unwarned_markers", "rail", "markers.yaml has no marker of kind 'rail'"),
])
def test_a_misspelt_unwarned_tag_or_marker_kind_names_its_line(mini_copy, key, written, message):
    """game.yaml stacking.unwarned_*: a name nothing carries would leave the module warning of stacks the
    checker counts its own way, so it is refused, at its line in game.yaml."""
    edit(mini_copy, "counters/mini/game.yaml", "stacking:\n  limit: 6\n", f"stacking:\n  limit: 6\n  {key}: [{written}]\n")
    with pytest.raises(DataError) as info:
        load_game(mini_copy, "mini")
    err = info.value
    assert err.file == "counters/mini/game.yaml" and err.line == line_of(mini_copy, "counters/mini/game.yaml", written)
    assert err.field == f"stacking.{key}[0]" and message in err.message


def test_unwarned_names_that_exist_load(mini_copy):
    edit(mini_copy, "counters/mini/game.yaml", "stacking:\n  limit: 6\n", "stacking:\n  limit: 6\n  unwarned_markers: [ce]\n")
    assert load_game(mini_copy, "mini").stacking.unwarned_markers == ("ce",)
