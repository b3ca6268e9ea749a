"""`modgen engine MODULE [SAVE ...]`: the real engine's verdict in one command; a module missing
an image fails with the image named (the clean path is walked in tests/test_first_game.py)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from modgen.build import build_game
from modgen.scaffold import Shape, new_game

from .conftest import REPO, require_engine


def _modgen(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "modgen", *args], capture_output=True, text=True, cwd=REPO, timeout=600)


def test_a_module_missing_an_image_fails_in_every_run_naming_it(tmp_path: Path) -> None:
    require_engine()
    new_game(tmp_path, "demo", Shape())
    built = build_game(tmp_path, "demo", tmp_path / "build").path
    broken = tmp_path / "broken.vmod"
    with zipfile.ZipFile(built) as src, zipfile.ZipFile(broken, "w") as dst:
        for info in src.infolist():
            if info.filename != "images/unit_rd-1_b.png":  # rd-1's reduced face
                dst.writestr(info, src.read(info.filename))
    done = _modgen("engine", str(broken))
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "module: 1 problem(s), 0 misplaced" and "unit_rd-1_b.png" in lines[1]
    assert lines[-1] == "0 of 2 engine run(s) clean"


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    done = _modgen("engine", str(tmp_path / "none.vmod"))
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "no such module" in done.stderr


def test_saves_a_moment_apart_are_clean_and_a_module_manager_s_error_would_count(tmp_path: Path) -> None:
    """Each save makes VASSAL 3.6 start its module manager, a JVM of its own; two at once race on its key
    file and one logs an EOFException (4 of 12 engine starts of twelve logs each, before the harness ran them
    one at a time). Twelve logs ended a moment apart give no problem, and nothing in the harness's ignore
    list would hide that EOFException if it came back."""
    import re

    from modgen.engine import HARNESS_ARTIFACTS, run_engine
    from modgen.vassal.module import read_module

    require_engine()
    new_game(tmp_path, "demo", Shape())
    built = build_game(tmp_path, "demo", tmp_path / "build").path
    setup = next(n for n, f in read_module(built).setups.items() if f)
    logs = [tmp_path / f"turn-{k}.vlog" for k in range(12)]
    actions = [a for log in logs for a in ({"op": "begin-log", "file": str(log)}, {"op": "turn-next"}, {"op": "end-log"})]
    res = run_engine(built, setup=setup, images=False, actions=actions, timeout=300)
    assert res.ok, res.describe()
    assert all(log.is_file() for log in logs)
    race = ("VASSAL: IO error\njava.io.EOFException\n\tat java.base/java.io.RandomAccessFile.readInt(RandomAccessFile.java:842)\n"
            "\tat VASSAL.launch.ModuleManager.main(ModuleManager.java:204)")
    for record in (race, *race.split("\n")):
        assert not any(re.search(p, record.strip(), re.DOTALL) for p in HARNESS_ARTIFACTS), record
