"""`modgen validate`: legal data that is likely a mistake, each warning with file, line and field."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from modgen.loader import load_game
from modgen.validate import warnings

from .conftest import REPO


def _warned(root: Path) -> list[str]:
    return [str(w) for w in warnings(root, load_game(root, "mini"))]


def test_the_shipped_games_have_no_warnings() -> None:
    for game_id in ("galicia1914", "holland44", "ef1914", "owc1914"):
        assert [str(w) for w in warnings(REPO, load_game(REPO, game_id))] == [], game_id


def test_an_unplaced_unit_an_overstacked_setup_and_a_capital_id_are_named(mini_copy: Path) -> None:
    units = mini_copy / "counters" / "mini" / "units.yaml"
    text = units.read_text()
    # a unit no scenario places, with a capital in its id (line 9: the sixth unit)
    units.write_text(text + '  - {id: rd-Extra, name: "X", nationality: rd, type: infantry, size: X, attack: 1, defense: 1, ma: 3}\n')
    scenario = mini_copy / "counters" / "mini" / "scenarios" / "s1.yaml"
    # 2.02 holds rd-1 and rd-2 (full divisions, 2 steps each); bl-1 (2) and the cavalry rd-c (1) set up
    # there as well make 7 steps, over the game's limit of 6 (game.yaml stacking)
    s = scenario.read_text().replace('{unit: bl-1, hex: "5.05"}', '{unit: bl-1, hex: "2.02"}')
    s = s.replace("reinforcements:\n  - {unit: rd-c, turn: 2, hexes: [\"1.01\", \"1.02\"]}\n",
                  "reinforcements:\n").replace("setup:\n", "setup:\n  - {unit: rd-c, hex: \"2.02\"}\n")
    scenario.write_text(s)
    found = _warned(mini_copy)
    assert any(w.startswith("counters/mini/units.yaml:9: units[5].id: warning: unit rd-Extra is neither set up") for w in found), found
    assert any("units[5].id: warning: unit id 'rd-Extra' has capitals" in w for w in found), found
    over = [w for w in found if "over the game's stacking limit" in w]
    assert len(over) == 1 and over[0].startswith("counters/mini/scenarios/s1.yaml:") and "4 units (7 steps) set up in 2.02" in over[0]


def test_validate_command_exit_codes(mini_copy: Path, tmp_path: Path) -> None:
    ok = subprocess.run([sys.executable, "-m", "modgen", "validate", "--root", str(mini_copy)], capture_output=True, text=True, cwd=REPO)
    assert ok.returncode == 0 and "mini: data valid, 0 warning(s)" in ok.stdout
    units = mini_copy / "counters" / "mini" / "units.yaml"
    units.write_text(units.read_text().replace("attack: 5", "attack: five", 1))
    bad = subprocess.run([sys.executable, "-m", "modgen", "validate", "--root", str(mini_copy)], capture_output=True, text=True, cwd=REPO)
    assert bad.returncode == 2 and "units.yaml:4" in bad.stderr
    assert bad.stderr.splitlines()[-1] == "mini: 1 error(s) in the data" and bad.stderr.count("\n") == 2
