"""The Makefile's venv rule: a .venv made by another Python is made again, and an old Python is
refused with a line saying which one is needed (dry runs in a copy: nothing is installed)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import REPO

PY_ID = "%d.%d.%d" % sys.version_info[:3]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy2(REPO / name, tmp_path / name)
    return tmp_path


def dry_run(project: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["make", "-n", "build", f"PYTHON={sys.executable}", *args], cwd=project,
                          capture_output=True, text=True, timeout=60)


def test_venv_made_by_another_python_is_made_again(project):
    venv = project / ".venv"
    venv.mkdir()
    (venv / ".made-by-python-3.9.2").touch()
    (venv / ".installed").touch()
    res = dry_run(project)
    assert "rm -rf .venv" in res.stdout and "-m venv .venv" in res.stdout, res.stdout + res.stderr


def test_venv_of_this_python_is_kept(project):
    venv = project / ".venv"
    venv.mkdir()
    (venv / f".made-by-python-{PY_ID}").touch()
    (venv / ".installed").touch()
    res = dry_run(project)
    assert "rm -rf .venv" not in res.stdout and "pip install" not in res.stdout, res.stdout


def test_old_python_is_refused_with_the_version_needed(project, tmp_path):
    # A Python that says it is 3.9: the real interpreter running the Makefile's `-c` code with
    # version_info replaced, so the Makefile's own check is what decides.
    fake = tmp_path / "python3.9"
    fake.write_text(f"""#!/bin/sh
[ "$1" = "-c" ] || exit 99
exec {sys.executable} -c "import sys; sys.version_info = (3, 9, 2, 'final', 0); exec(sys.argv[1])" "$2"
""")
    fake.chmod(0o755)
    res = subprocess.run(["make", "build", f"PYTHON={fake}"], cwd=project, capture_output=True, text=True, timeout=60)
    assert res.returncode != 0
    assert "modgen needs Python 3.11 or newer" in res.stderr and "is 3.9" in res.stderr, res.stderr
    assert not (project / ".venv").exists()
