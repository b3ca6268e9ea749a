"""What an author reads when data is wrong: a duplicate names where the first one is, an unknown
hex names the hex IDs the map has (issue 17's error details)."""

from __future__ import annotations

from pathlib import Path

from modgen.load.mapfile import unknown_hex
from modgen.loader import load_game

from .conftest import REPO, refused


def test_a_duplicate_unit_id_names_the_line_of_the_first(mini_copy: Path) -> None:
    root = mini_copy
    units = root / "counters" / "mini" / "units.yaml"
    units.write_text(units.read_text().replace("{id: rd-2,", "{id: rd-1,", 1))
    err = refused(root)
    assert (err.line, err.field) == (5, "units[1].id")
    assert "duplicate unit id 'rd-1' (first at line 4)" in err.message


def test_a_duplicate_marker_id_names_the_line_of_the_first(mini_copy: Path) -> None:
    root = mini_copy
    markers = root / "counters" / "mini" / "markers.yaml"
    text = markers.read_text()
    first = next(line for line in text.splitlines() if "id:" in line)
    mid = first.split("id:")[1].split(",")[0].strip().strip('"')
    second = next(line for line in text.splitlines()[text.splitlines().index(first) + 1:] if "id:" in line)
    other = second.split("id:")[1].split(",")[0].strip().strip('"')
    markers.write_text(text.replace(f"id: {other}", f"id: {mid}", 1))
    err = refused(root)
    assert f"duplicate marker id {mid!r} (first at line {text.splitlines().index(first) + 1})" in err.message


def test_an_unknown_hex_names_the_hex_ids_the_map_has(mini_copy: Path) -> None:
    root = mini_copy
    scenario = root / "counters" / "mini" / "scenarios" / "s1.yaml"
    scenario.write_text(scenario.read_text().replace('hex: "2.02"', 'hex: "9.99"', 1))
    err = refused(root)
    assert err.message.endswith("unknown hex ID '9.99': the map's hex IDs run 1.01 to 6.08")


def test_an_unknown_hex_on_a_map_of_several_sheets_names_each_sheet() -> None:
    game = load_game(REPO / "tests" / "data" / "sheets", "sheets")
    message = unknown_hex("99.99", game.map.boards)
    assert "6.95 to 10.99 on North-West" in message and "1.100 to 5.104 on South-East" in message
