"""`modgen preview GAME [--watch]`: the pictures after each edit, the data's errors instead when it
has some, and the watcher going on after them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from modgen.preview import Preview, preview, watch
from modgen.scaffold import Shape, new_game

from .conftest import REPO


def test_preview_draws_the_pictures_and_names_them(tmp_path: Path) -> None:
    new_game(tmp_path, "demo", Shape())
    first = preview(tmp_path, "demo", tmp_path / "build")
    assert first.errors == () and {p.name for p in first.pictures} == {"demo-map.png", "demo-counters.png"}
    again = preview(tmp_path, "demo", tmp_path / "build")
    assert again.up_to_date and {p.name for p in again.pictures} == {"demo-map.png", "demo-counters.png"}


def test_watch_redraws_after_an_edit_reports_bad_data_and_goes_on(tmp_path: Path) -> None:
    """Each report triggers the next edit: a lake (the map changes), then a typo (errors, no
    pictures), then the typo mended (pictures again)."""
    new_game(tmp_path, "demo", Shape())
    out = tmp_path / "build"
    terrain = tmp_path / "maps" / "demo" / "terrain.yaml"
    units = tmp_path / "counters" / "demo" / "units.yaml"
    reports: list[Preview] = []
    maps: list[bytes] = []
    edits = [
        lambda: terrain.write_text(terrain.read_text().replace("lake: []", 'lake: ["0505"]')),
        lambda: units.write_text(units.read_text().replace("ma: 4", "mа: 4", 1)),  # a Cyrillic a: an unknown key
        lambda: units.write_text(units.read_text().replace("mа: 4", "ma: 4", 1)),
    ]

    def report(result: Preview) -> None:
        reports.append(result)
        maps.append((out / "demo-map.png").read_bytes())
        if len(reports) <= len(edits):
            edits[len(reports) - 1]()

    runs = watch(tmp_path, "demo", out, report, stop=lambda: len(reports) > len(edits), poll=0.05, settle=0.05)
    assert runs == 4
    assert reports[0].errors == () and reports[1].errors == () and reports[3].errors == ()
    assert maps[1] != maps[0]  # the lake drawn
    assert len(reports[2].errors) == 1 and "units.yaml:6: units[0]" in reports[2].errors[0] and "unknown field" in reports[2].errors[0]
    assert reports[2].pictures == () and "error(s) in the data: pictures not redrawn" in reports[2].lines()[-1]


def test_preview_command_once(tmp_path: Path) -> None:
    new_game(tmp_path, "demo", Shape())
    done = subprocess.run([sys.executable, "-m", "modgen", "preview", "demo", "--root", str(tmp_path), "--out", str(tmp_path / "b")],
                          capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].startswith("pictures redrawn in ")
    assert (tmp_path / "b" / "demo-map.png").is_file()
