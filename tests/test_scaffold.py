"""`modgen new`: a new game's files load, build into a module whose set-up puts each unit on the
hex the scenario names, and VASSAL loads it cleanly; bad ids and existing games are refused."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from modgen.build import build_game
from modgen.check.reader import load_context, state_from_save
from modgen.loader import load_game
from modgen.scaffold import Shape, new_game
from modgen.vassal.savefile import read_game_data

from .conftest import REPO, require_engine

SHAPES = [Shape("columns", 14, 10, "0101"), Shape("rows", 14, 10, "0101"), Shape("columns", 9, 7, "7.09"),
          Shape("rows", 12, 8, "7.09")]


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s.hexes}-{s.columns}x{s.rows}-{s.numbering}")
def test_a_new_game_builds_with_its_units_on_their_hexes(tmp_path: Path, shape: Shape) -> None:
    new_game(tmp_path, "demo", shape)
    game = load_game(tmp_path, "demo")
    assert len(game.map.hex_ids()) == shape.columns * shape.rows
    assert shape.hex_id(1, 1) in game.map.board_of  # the first hex of the first line
    module = build_game(tmp_path, "demo", tmp_path / "build").path
    ctx = load_context(module)
    with zipfile.ZipFile(module) as z:
        saved = read_game_data(z.read("setup_s1.vsav"), "setup_s1.vsav")
    state = state_from_save(saved, ctx)
    placed = {u.unit.id: u.hex for u in state.units}
    want = {p.unit: p.hex for p in game.scenarios["s1"].setup}
    assert placed == want and len(want) == 2


def test_new_refuses_a_bad_id_and_an_existing_game_writing_nothing(tmp_path: Path) -> None:
    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "modgen", "new", *args, "--root", str(tmp_path)],
                              capture_output=True, text=True, cwd=REPO)

    bad = run("Demo Game")
    assert bad.returncode == 2 and "lower-case word" in bad.stderr and not (tmp_path / "counters").exists()
    assert run("demo", "--size", "1x99").returncode == 2
    assert run("demo").returncode == 0
    again = run("demo")
    assert again.returncode == 2 and "exists already" in again.stderr and "Traceback" not in again.stderr


def test_vassal_loads_a_new_game_cleanly(tmp_path: Path) -> None:
    """The engine: the module and its set-up, no error and no warning, every image found."""
    require_engine()
    from modgen.engine import run_engine

    new_game(tmp_path, "demo", Shape())
    module = build_game(tmp_path, "demo", tmp_path / "build").path
    res = run_engine(module, setup="Scenario 1")
    assert res.ok, res.describe()
    assert len(res.of_kind("piece")) >= 3  # two units and the turn marker
