"""Declared display windows: what the loader refuses, and the default every other game gets."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from modgen.displays import FILLED_PARTS, default_displays
from modgen.errors import DataError
from modgen.layout import tracks_layout
from modgen.loader import load_game

from .conftest import MINI, REPO

THIRD = REPO / "tests" / "data" / "third"


def edited(tmp_path: Path, file: str, old: str, new: str) -> Path:
    root = tmp_path / "third"
    shutil.copytree(THIRD, root)
    path = root / file
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    return root


GAME = "counters/third/game.yaml"
SCENARIO = "counters/third/scenarios/meeting.yaml"


@pytest.mark.parametrize("file,old,new,message", [
    (GAME, "      - {kind: eliminated}\n", "", r"displays: no eliminated part"),
    (GAME, "      - {kind: reinforcements}\n", "      - {kind: reinforcements}\n      - {kind: turn_track}\n",
     r"kind: a turn_track part is already in the displays \(line \d+\)"),
    (GAME, "    name: Supply\n", "    name: Tracks\n", r"name: 'Tracks' is already the name of a window"),
    (GAME, "rows: [North, South], ", "", r"rows: a grid needs rows"),
    (GAME, "{kind: boxes, id: red_reserve,", "{kind: boxes,", r"id: a boxes part needs an id"),
    (GAME, "    private_to: red\n", "    private_to: green\n", r"private_to: .*green"),
    (GAME, "{kind: turn_track}", "{kind: turn_trak}", r"kind: .*turn_trak"),
    (SCENARIO, '{track: supply_red, box: "6"}', '{track: supply_red, box: "11"}', r"box: .*'11'"),
    (SCENARIO, "{track: hq, row: North, box: Ready}", "{track: hq, row: East, box: Ready}", r"row: .*'East'"),
    (SCENARIO, "{track: turn, box: 1}", "{track: turn, box: 9}", r"box: 9 is above the maximum 6"),
    (SCENARIO, "{track: vp, box: 0}", "{track: vp, box: -11}", r"box: -11 is below the minimum -10"),
    (SCENARIO, "{track: vp, box: 0}", "{track: vpp, box: 0}", r"track: .*'vpp'"),
])
def test_bad_displays_are_refused_with_file_and_line(tmp_path, file, old, new, message):
    root = edited(tmp_path, file, old, new)
    with pytest.raises(DataError, match=message) as exc:
        load_game(root, "third")
    assert exc.value.file.endswith(file.split("/")[-1]) and exc.value.line


def test_a_game_without_displays_gets_the_tracks_window():
    game = load_game(MINI, "mini")
    assert game.displays == default_displays()
    (window,) = tracks_layout(game, list(game.scenarios.values())).windows
    assert window.name == "Tracks" and [p.kind for p in window.display.parts] == list(FILLED_PARTS)
    kinds = {b.kind for b in window.boxes}
    assert {"turn", "vp", "reinforcements", "eliminated"} <= kinds


def test_every_box_name_is_unique_in_its_window():
    game = load_game(THIRD, "third")
    for window in tracks_layout(game, list(game.scenarios.values())).windows:
        names = [b.name for b in window.boxes]
        assert len(names) == len(set(names)), window.name
        assert all(b.window == window.name for b in window.boxes)
        for b in window.boxes:  # every box lies inside its window's image
            assert 0 <= b.x and b.x + b.w <= window.width and 0 <= b.y and b.y + b.h <= window.height, b
