"""The edges a new user meets first: where output goes, what the commands say about themselves,
two games in one diff, the module found beside a save, and charts listed once."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from modgen import __version__
from modgen.cli import main
from modgen.errors import DataError
from modgen.loader import load_game

from .conftest import MINI, REPO

GALICIA_SAMPLES = REPO / "samples" / "galicia1914"


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code: int, err: str, *needles: str) -> None:
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("modgen: ") and "Traceback" not in err, err
    for n in needles:
        assert n in err, (n, err)


# ---- output paths ------------------------------------------------------------------------------


def test_build_out_naming_a_file_is_refused(tmp_path, capsys):
    target = tmp_path / "galicia.vmod"
    target.write_bytes(b"not mine")
    code, _, err = run(["build", "mini", "--root", str(MINI), "--out", str(target), "--quiet"], capsys)
    one_line_error(code, err, "--out", "file")
    assert target.read_bytes() == b"not mine"


def test_build_out_in_a_missing_folder_creates_nothing(tmp_path, capsys):
    out = tmp_path / "no" / "such" / "dir"
    code, _, err = run(["build", "mini", "--root", str(MINI), "--out", str(out), "--quiet"], capsys)
    one_line_error(code, err, str(tmp_path / "no"), "does not exist")
    assert not (tmp_path / "no").exists()


def test_build_names_every_file_it_wrote(tmp_path, capsys):
    code, out, _ = run(["build", "mini", "--root", str(MINI), "--out", str(tmp_path / "b"), "--quiet"], capsys)
    assert code == 0
    written = sorted(p.name for p in (tmp_path / "b").iterdir() if p.is_file())
    assert written == ["mini-counters.png", "mini-map.png", "mini.vmod"]
    for name in written:
        assert str(tmp_path / "b" / name) in out


def test_build_of_an_unknown_game_names_the_games(tmp_path, capsys):
    code, _, err = run(["build", "nosuch", "--root", str(MINI), "--out", str(tmp_path), "--quiet"], capsys)
    one_line_error(code, err, "nosuch", "mini")


def test_build_without_data_names_root(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(["build"], capsys)
    one_line_error(code, err, "--root", "counters/")


@pytest.mark.parametrize("picture,needle", [("map.jpg", ".png"), ("missing/dir/map.png", "does not exist"), (".", "folder")])
def test_check_picture_path_is_refused_before_anything_is_written(picture, needle, galicia_module, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(["check", str(GALICIA_SAMPLES / "start.vsav"), "--module", str(galicia_module), "--picture", picture], capsys)
    one_line_error(code, err, needle)
    assert out == "" and list(tmp_path.iterdir()) == []


def test_check_picture_names_the_file(galicia_module, tmp_path, capsys):
    pic = tmp_path / "turn.png"
    code, _, err = run(["check", str(GALICIA_SAMPLES / "start.vsav"), "--module", str(galicia_module), "--picture", str(pic)], capsys)
    assert code == 0 and pic.is_file() and err == f"wrote {pic}\n"


def test_refresh_into_a_missing_folder_is_refused(galicia_module, tmp_path, capsys):
    out = tmp_path / "nope" / "out.vsav"
    code, _, err = run(["refresh", str(GALICIA_SAMPLES / "start.vsav"), "--module", str(galicia_module), "-o", str(out)], capsys)
    one_line_error(code, err, "does not exist")
    assert not (tmp_path / "nope").exists()


# ---- what the commands say about themselves --------------------------------------------------


def test_version():
    res = subprocess.run([sys.executable, "-m", "modgen", "--version"], capture_output=True, text=True)
    assert res.returncode == 0 and res.stdout.strip() == f"modgen {__version__}"


def test_build_help_lists_the_games_found():
    res = subprocess.run([sys.executable, "-m", "modgen", "build", "--help"], capture_output=True, text=True, cwd=REPO)
    assert res.returncode == 0
    assert "galicia1914, holland44" in res.stdout
    res = subprocess.run([sys.executable, "-m", "modgen", "build", "--help", "--root", str(MINI)], capture_output=True, text=True)
    assert "Games found in" in res.stdout and "mini." in res.stdout


# ---- diff of two games -----------------------------------------------------------------------


def test_diff_of_two_games_is_one_line(galicia_module, mini_module, capsys):
    code, out, err = run(["diff", str(galicia_module), str(mini_module)], capsys)
    one_line_error(code, err, "different games", "Battle for Galicia 1914", "Mini Game")
    assert out == ""


def test_diff_of_two_data_trees_of_different_games_is_one_line(tmp_path, capsys):
    other = tmp_path / "other"
    shutil.copytree(MINI, other)
    for part in ("counters", "maps"):
        (other / part / "mini").rename(other / part / "maxi")
    code, _, err = run(["diff", str(MINI), str(other)], capsys)
    one_line_error(code, err, "different games", "'mini'", "'maxi'")


# ---- the module found beside the save --------------------------------------------------------


def test_module_is_found_in_the_saves_folder(galicia_module, tmp_path, capsys, monkeypatch):
    folder = tmp_path / "pbem"
    folder.mkdir()
    shutil.copy2(galicia_module, folder / "any-name.vmod")
    shutil.copy2(GALICIA_SAMPLES / "illegal.vsav", folder / "turn3.vsav")
    monkeypatch.chdir(tmp_path)  # neither the data tree nor a build folder here
    code, out, err = run(["check", str(folder / "turn3.vsav")], capsys)
    assert code == 1, err
    assert "[13.0] 3.15" in out


def test_module_of_another_version_names_both_versions(galicia_module, tmp_path, capsys, monkeypatch):
    folder = tmp_path / "pbem"
    folder.mkdir()
    shutil.copy2(galicia_module, folder / "galicia1914.vmod")
    with zipfile.ZipFile(GALICIA_SAMPLES / "start.vsav") as z, zipfile.ZipFile(folder / "old.vsav", "w") as out:
        for info in z.infolist():
            data = z.read(info)
            if info.filename in ("moduledata", "savedata"):  # VASSAL writes the module version in both
                data = data.replace(b"<version>1.0.0</version>", b"<version>0.9.1</version>")
            out.writestr(info, data)
    monkeypatch.chdir(tmp_path)
    code, _, err = run(["check", str(folder / "old.vsav")], capsys)
    one_line_error(code, err, "version 0.9.1", "version 1.0.0")


# ---- charts are listed once ------------------------------------------------------------------


@pytest.mark.parametrize("gid", ["galicia1914", "holland44", "mini"])
def test_charts_window_lists_no_chart_twice(gid, galicia_module, holland_module, mini_module):
    module = {"galicia1914": galicia_module, "holland44": holland_module, "mini": mini_module}[gid]
    with zipfile.ZipFile(module) as z:
        root = etree.fromstring(z.read("buildFile.xml"))
        names = set(z.namelist())
    charts = [(c.get("chartName"), c.get("fileName")) for c in root.iter("VASSAL.build.widget.Chart")]
    assert charts
    assert len({n for n, _ in charts}) == len(charts), charts
    assert len({f for _, f in charts}) == len(charts), charts  # no chart shows another's image
    assert all(f"images/{f}" in names for _, f in charts)


def _mini_with_chart(tmp_path: Path, chart: str) -> Path:
    root = tmp_path / "mini"
    shutil.copytree(MINI, root)
    game = root / "counters" / "mini" / "game.yaml"
    text = game.read_text()
    game.write_text(text.replace("charts:\n", "charts:\n" + chart, 1))
    return root


def test_a_chart_named_like_a_data_chart_must_replace_it(tmp_path):
    root = _mini_with_chart(tmp_path, '  - {id: tec, name: My TEC, columns: [a], rows: [["1"]]}\n')
    with pytest.raises(DataError, match=r"game.yaml:\d+: .*id: 'tec' .*replaces: \[tec\]"):
        load_game(root, "mini")


def test_replaces_names_only_data_charts(tmp_path):
    root = _mini_with_chart(tmp_path, '  - {id: t, name: T, replaces: [crt], columns: [a], rows: [["1"]]}\n')
    with pytest.raises(DataError, match="replaces: 'crt' is not a chart modgen draws"):
        load_game(root, "mini")
