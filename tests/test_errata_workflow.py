"""Issue 5's workflow end to end on Galicia: build, a game in progress, errata, rebuild, diff, refresh, check."""

from __future__ import annotations

import json
import shutil

from modgen.build import build_game
from modgen.cli import main
from modgen.vassal.savefile import read_game

from .conftest import REPO


def test_errata_rebuild_diff_refresh_check(tmp_path, capsys):
    root = tmp_path / "data"
    for part in ("counters", "maps"):
        shutil.copytree(REPO / part / "galicia1914", root / part / "galicia1914")
    old = build_game(root, "galicia1914", tmp_path / "old").path
    game_in_progress = tmp_path / "turn3.vsav"
    shutil.copy(REPO / "samples" / "galicia1914" / "start.vsav", game_in_progress)

    # errata: two counters and one hex, and a new version
    game_yaml = root / "counters/galicia1914/game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace('version: "1.0.0"', 'version: "1.0.1"'))
    units = root / "counters/galicia1914/units.yaml"
    text = units.read_text()
    for uid in ("ah-inf-5", "ru-inf-18"):  # block style: "  - id: X" then "    defense: N"
        at = text.index("defense: ", text.index(f"  - id: {uid}\n"))
        end = text.index("\n", at)
        text = text[:at] + f"defense: {int(text[at + 9:end]) + 1}" + text[end:]
    units.write_text(text)
    terrain = root / "maps/galicia1914/terrain.yaml"
    assert '"12.10"' not in terrain.read_text()  # clear before the errata
    terrain.write_text(terrain.read_text().replace("  woods: [\n", '  woods: [\n    "12.10",\n', 1))
    new = build_game(root, "galicia1914", tmp_path / "new").path
    capsys.readouterr()

    assert main(["diff", str(old), str(new), "--json"]) == 1
    diff = json.loads(capsys.readouterr().out)
    text_diff = json.dumps(diff)
    assert "ah-inf-5" in text_diff and "ru-inf-18" in text_diff and "12.10" in text_diff

    refreshed = tmp_path / "turn3-1.0.1.vsav"
    assert main(["refresh", str(game_in_progress), "--module", str(new), "-o", str(refreshed)]) == 0
    assert "0 not in the new module" in capsys.readouterr().out
    before, after = read_game(game_in_progress), read_game(refreshed)
    assert [(p.id, p.map, p.x, p.y, p.stack_pos) for p in before.pieces] == [(p.id, p.map, p.x, p.y, p.stack_pos) for p in after.pieces]
    assert after.module_version == "1.0.1"

    assert main(["check", str(refreshed), "--module", str(new), "--json"]) in (0, 1)
    report = json.loads(capsys.readouterr().out)
    assert report  # the checker reads the refreshed game against the new module
