"""The installed package works: a wheel, installed into a fresh venv outside the checkout, builds
a module from `--root`, and checks a save with nothing but the module beside it.

No network: the wheel is built without build isolation (the test venv has setuptools), and the
fresh venv borrows the test venv's third-party packages through a .pth file (not its modgen,
which is an editable install whose finder that .pth does not run).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from modgen.check.report import json_report
from modgen.check.run import check_saves

from .conftest import REPO


def run(cmd: list[str], cwd: Path, **kw) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=300, env=env, **kw)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    src = tmp_path_factory.mktemp("src") / "modgen"
    # A copy of what git tracks (or would), so build/ and .venv of the checkout never leak into the wheel.
    files = run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], REPO).stdout.split("\0")
    if not any(files):
        pytest.skip("not a git checkout")
    for rel in filter(None, files):
        if (REPO / rel).is_file():
            (src / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / rel, src / rel)
    res = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(src)], src)
    assert res.returncode == 0, res.stderr
    (whl,) = out.glob("modgen-*.whl")
    return whl


@pytest.fixture(scope="module")
def fresh_venv(tmp_path_factory, wheel) -> Path:
    venv = tmp_path_factory.mktemp("venv")
    res = run([sys.executable, "-m", "venv", "--without-pip", str(venv)], venv)
    assert res.returncode == 0, res.stderr
    py = venv / "bin" / "python"
    res = run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "--no-index", "-q", str(wheel)], venv)
    assert res.returncode == 0, res.stderr
    site = Path(run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], venv).stdout.strip())
    (site / "borrowed-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return venv


def test_wheel_carries_templates_and_fonts(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "modgen/templates/buildFile.xml.j2" in names
    assert "modgen/art/fonts/DejaVuSans-Bold.ttf" in names
    assert not any(n.startswith(("counters/", "maps/", "tests/", "build/")) for n in names)


def test_installed_modgen_builds_from_root_and_checks_with_module_only(fresh_venv, tmp_path):
    modgen = str(fresh_venv / "bin" / "modgen")
    where = run([str(fresh_venv / "bin" / "python"), "-c", "import modgen; print(modgen.__file__)"], tmp_path)
    assert str(fresh_venv) in where.stdout, where.stdout + where.stderr  # the wheel's copy, not the checkout's

    data = tmp_path / "data"
    for part in ("counters", "maps"):
        shutil.copytree(REPO / part / "galicia1914", data / part / "galicia1914")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    res = run([modgen, "build", "--root", str(data), "--out", str(tmp_path / "out"), "--quiet"], elsewhere)
    assert res.returncode == 0, res.stderr
    module = tmp_path / "out" / "galicia1914.vmod"
    assert module.is_file() and str(module) in res.stdout

    # Without --root, in a folder with no data: one line naming --root, exit 2.
    res = run([modgen, "build"], elsewhere)
    assert res.returncode == 2 and "--root" in res.stderr and "Traceback" not in res.stderr

    # A player's folder: the module and the opponent's save, nothing else; the module is found by
    # the save's module name and version, and the findings are those of the checkout.
    player = tmp_path / "player"
    player.mkdir()
    shutil.copy2(module, player / "galicia1914.vmod")
    shutil.copy2(REPO / "samples" / "galicia1914" / "illegal.vsav", player / "turn3.vsav")
    res = run([modgen, "check", "turn3.vsav", "--json"], player)
    assert res.returncode == 1, res.stderr
    got = json.loads(res.stdout)["saves"][0]["findings"]
    want = json.loads(json_report(check_saves([REPO / "samples" / "galicia1914" / "illegal.vsav"], module)))["saves"][0]["findings"]
    # 7 errors and the VP finding across saves; 11.4 is information at the save's moment (Russian Movement)
    assert got == want and len(got) == 7
    assert json.loads(res.stdout)["finding_count"] == 8

    res = run([modgen, "--version"], player)
    assert res.returncode == 0 and res.stdout.startswith("modgen ")
