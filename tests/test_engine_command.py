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


def test_the_launcher_s_own_race_on_saving_is_not_counted_other_io_errors_are() -> None:
    """Two saves a moment apart race in VASSAL's module manager (modgen.engine.HARNESS_ARTIFACTS): that one
    message, as VASSAL logs it, is ignored; any other IO error still counts."""
    import re

    from modgen.engine import HARNESS_ARTIFACTS

    race = ("VASSAL: IO error\njava.io.EOFException\n\tat java.base/java.io.RandomAccessFile.readInt(RandomAccessFile.java:842)\n"
            "\tat VASSAL.launch.ModuleManager.main(ModuleManager.java:204)")
    other = "VASSAL: IO error\njava.io.FileNotFoundException: /x/y.vlog (No such file or directory)"
    assert any(re.search(p, race, re.DOTALL) for p in HARNESS_ARTIFACTS)
    assert not any(re.search(p, other, re.DOTALL) for p in HARNESS_ARTIFACTS)
    # as two records (the log's head line, then the exception with its trace): both ignored; another
    # exception after the head line is a record of its own and still counts
    head, trace = race.split("\n", 1)
    assert all(any(re.search(p, r, re.DOTALL) for p in HARNESS_ARTIFACTS) for r in (head, trace))
    assert not any(re.search(p, other.split("\n", 1)[1], re.DOTALL) for p in HARNESS_ARTIFACTS)
