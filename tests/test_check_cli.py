"""`modgen check` end to end: exit codes, one-line errors, JSON, picture, foreign modules."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from modgen.vmod.compose import from_scenario
from modgen.cli import main
from modgen.vassal import pieces as vp
from modgen.vassal.obfuscation import obfuscate
from modgen.vassal.savefile import SaveContent, save_bytes, write_game

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "samples" / "galicia1914"
from .conftest import FIXTURES



def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code, err):
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("modgen: ") and "Traceback" not in err


def test_samples_exit_codes(galicia_module, capsys):
    build = str(galicia_module.parent)
    code, out, err = run(["check", str(SAMPLES / "start.vsav"), "--build", build], capsys)
    assert code == 0 and "no findings" in out and err == ""
    code, out, _ = run(["check", str(SAMPLES / "illegal.vsav"), "--build", build], capsys)
    assert code == 1 and "[13.0] 3.15" in out and "[5.1] 8.14" in out


def test_check_samples_command(galicia_module, capsys):
    code, out, _ = run(["check-samples", "--build", str(galicia_module.parent), "--samples", str(SAMPLES)], capsys)
    assert code == 0 and out.count("ok  ") == 5  # three saves, two logs


def test_json_has_the_same_content(galicia_module, capsys):
    code, out, _ = run(["check", str(SAMPLES / "illegal.vsav"), "--module", str(galicia_module), "--json"], capsys)
    data = json.loads(out)
    assert code == 1 and data["finding_count"] == 8  # 11.4 is information in a Movement Phase save (11.0)
    assert [f["rule"] for f in data["saves"][0]["info"]] == ["11.4"] and data["info_count"] == 1
    save = data["saves"][0]
    assert (save["turn"], save["phasing_side"], save["phase"]) == (3, "russian", "Movement")
    assert save["supply"]["ru-inf-42"]["marker"] == "out" and save["supply"]["ru-inf-42"]["state"] == "in"
    assert data["victory"]["unknown"] and data["vp_findings"][0]["rule"] == "15.1"


def test_picture_written_atomically(galicia_module, capsys, tmp_path):
    pic = tmp_path / "out.png"
    code, _, _ = run(["check", str(SAMPLES / "illegal.vsav"), "--module", str(galicia_module), "--picture", str(pic)], capsys)
    assert code == 1 and pic.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.png"]
    bad = tmp_path / "bad.vsav"
    bad.write_bytes(b"junk")
    pic2 = tmp_path / "never.png"
    code, _, err = run(["check", str(bad), "--module", str(galicia_module), "--picture", str(pic2)], capsys)
    one_line_error(code, err)
    assert not pic2.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["bad.vsav", "out.png"]


def _zip(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for k, v in entries.items():
            zf.writestr(k, v)
    return buf.getvalue()


def _bad_saves(game, composer, tmp_path) -> dict[str, Path]:
    start = (SAMPLES / "start.vsav").read_bytes()
    out: dict[str, bytes] = {
        "not_a_zip": b"this is not a save",
        "truncated": start[: len(start) // 2],
        "wrong_header": _zip({"savedGame": b"PK!? not an obfuscated VASSAL command stream \x00\x01"}),
        "garbage_commands": _zip({"savedGame": obfuscate("begin_save\x1b+/1/\tbroken\\/\x1bM/only/3\x1bend_save", 0x5A)}),
        "oversized": _zip({"savedGame": b"\0" * (65 * 1024 * 1024)}),
    }
    content = composer.content(from_scenario(game))
    pid, piece = content.pieces[0]
    bs = piece.basic_state
    unknown = SaveContent(**{**content.__dict__, "pieces": [(pid, piece.with_basic_state(vp.BasicState(bs.map, bs.x, bs.y, "123456789", {})))] + list(content.pieces[1:])})
    out["unknown_piece"] = save_bytes(unknown)
    other = from_scenario(game)
    out["other_version"] = save_bytes(composer.content(other, module_version="0.9"))
    paths = {}
    for name, data in out.items():
        p = tmp_path / f"{name}.vsav"
        p.write_bytes(data)
        paths[name] = p
    return paths


def test_bad_saves_exit_2_with_one_line(game, composer, galicia_module, tmp_path, capsys):
    paths = _bad_saves(game, composer, tmp_path)
    expect = {"unknown_piece": "gpid '123456789'", "other_version": "version 0.9", "oversized": "limit",
              "not_a_zip": "not a zip", "truncated": "", "wrong_header": "begin_save", "garbage_commands": "command"}
    for name, p in paths.items():
        code, out, err = run(["check", str(p), "--module", str(galicia_module)], capsys)
        one_line_error(code, err)
        assert out == "", name
        assert expect[name] in err, (name, err)


def test_a_unit_far_off_the_map_is_a_finding_not_a_refusal(game, composer, galicia_module, tmp_path, capsys):
    # a piece off the hexes is reported (tests/test_save_faults.py), however far off
    p = composer.write(from_scenario(game).at_pixel("Main Map", 99999, 12, "unit", "ah-inf-4"), tmp_path / "far.vsav")
    code, out, _ = run(["check", str(p), "--module", str(galicia_module)], capsys)
    assert code == 1 and "AH 4 (2)" in out and "off the map's hexes" in out


def test_version_mismatch_without_module_names_both(game, composer, galicia_module, tmp_path, capsys):
    p = tmp_path / "old.vsav"
    write_game(p, composer.content(from_scenario(game), module_version="0.9"))
    code, _, err = run(["check", str(p), "--build", str(galicia_module.parent)], capsys)
    one_line_error(code, err)
    assert "0.9" in err and game.version in err


@pytest.mark.parametrize("save", ["kitchen_start.vsav", "kitchen_flipped.vsav", "kitchen_moves.vlog", "tiny_placed.vsav"])
def test_foreign_module_fixtures(save, capsys):
    code, _, err = run(["check", str(FIXTURES / save), "--module", str(FIXTURES / "kitchen.vmod")], capsys)
    one_line_error(code, err)
    assert "foreign" in err or "not of" in err


def test_several_saves_carry_vp(game, composer, galicia_module, tmp_path, capsys):
    pos = from_scenario(game)
    composer.write(pos, tmp_path / "t1.vsav")
    pos.in_box("Eliminated Austria-Hungary", "unit", "ah-ls-105").set_turn(2, "russian", "Movement")
    composer.write(pos, tmp_path / "t2.vsav")  # Russia records nothing: at least 1 VP earned
    code, out, _ = run(["check", str(tmp_path / "t1.vsav"), str(tmp_path / "t2.vsav"), "--module", str(galicia_module)], capsys)
    assert code == 1 and "at least 1 are earned" in out


def test_report_is_the_same_under_any_hash_seed(galicia_module):
    """Supply paths of equal length tie-break the same way in every run (sources were a set)."""
    import os
    import subprocess
    import sys

    outs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        res = subprocess.run([sys.executable, "-m", "modgen", "check", str(SAMPLES / "illegal.vsav"), "--module", str(galicia_module)],
                             capture_output=True, text=True, env=env, cwd=REPO)
        assert res.returncode == 1, res.stderr
        outs.append(res.stdout)
    assert outs[0] == outs[1]
