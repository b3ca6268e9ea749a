"""`modgen sample`: a save from the command line that the checker reads as a player's save."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from .conftest import REPO


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "modgen", *args], capture_output=True, text=True, cwd=REPO)


def test_a_sample_at_a_moment_with_a_move_checks_as_the_rules_say(galicia_module: Path, tmp_path: Path) -> None:
    """GT 3, the Russian Movement Phase, the Russian 3rd Division moved into Przemysl (3.15), where the
    A-H garrison stands: 13.0 "A Russian unit can never enter hex 3.15" and 4.1 "A unit can never
    enter a hex occupied by an enemy unit"; the turn marker moved with the tracker (no 3.1)."""
    out = tmp_path / "bug.vsav"
    made = run("sample", "galicia1914", "--scenario", "campaign", "--at", "3,russian,Movement",
               "--move", "ru-inf-3=3.15", "-o", str(out), "--root", str(REPO))
    assert made.returncode == 0 and out.is_file(), made.stderr
    checked = run("check", str(out), "--module", str(galicia_module), "--json")
    assert checked.returncode == 1
    found = {(f["rule"], tuple(f["units"])) for s in json.loads(checked.stdout)["saves"] for f in s["findings"]}
    assert ("13.0", ("ru-inf-3",)) in found
    assert {rule for rule, _ in found} == {"13.0", "4.1"}


def test_sample_refuses_bad_arguments_in_one_line(tmp_path: Path) -> None:
    for args, says in ((["--scenario", "nope"], "no scenario 'nope'"),
                       (["--scenario", "campaign", "--at", "99,russian,Movement"], "not on the turn track"),
                       (["--scenario", "campaign", "--move", "ru-inf-3=9.99"], "unknown hex ID '9.99'"),
                       (["--scenario", "campaign", "--move", "nobody=3.15"], "no unit 'nobody'")):
        res = run("sample", "galicia1914", *args, "-o", str(tmp_path / "x.vsav"), "--root", str(REPO))
        assert res.returncode == 2 and says in res.stderr and res.stderr.count("\n") == 1, res.stderr
        assert not (tmp_path / "x.vsav").exists()


def test_a_position_file_gives_the_same_save_as_the_options(galicia_module: Path, tmp_path: Path) -> None:
    """The docs/samples.md example as a file, and the same position as options: one position, one verdict."""
    position = tmp_path / "bug.yaml"
    position.write_text('scenario: campaign\nat: {turn: 3, side: russian, phase: Movement}\nmoves:\n  ru-inf-3: "3.15"\nmarkers: {}\n')
    from_file = run("sample", "galicia1914", "--position", str(position), "-o", str(tmp_path / "a.vsav"), "--root", str(REPO))
    from_options = run("sample", "galicia1914", "--scenario", "campaign", "--at", "3,russian,Movement",
                       "--move", "ru-inf-3=3.15", "-o", str(tmp_path / "b.vsav"), "--root", str(REPO))
    assert from_file.returncode == 0 and from_options.returncode == 0, from_file.stderr
    verdicts = []
    for save in ("a.vsav", "b.vsav"):
        checked = run("check", str(tmp_path / save), "--module", str(galicia_module), "--json")
        verdicts.append(sorted((f["rule"], tuple(f["units"])) for s in json.loads(checked.stdout)["saves"] for f in s["findings"]))
    assert verdicts[0] == verdicts[1] and ("13.0", ("ru-inf-3",)) in verdicts[0]


def test_a_bad_position_file_names_its_line(tmp_path: Path) -> None:
    for text, says in (('scenario: campaign\nmoves:\n  ru-inf-3: 0315\n', ':3: moves.ru-inf-3: YAML reads the unquoted 0315'),
                       ('scenario: campaign\nmoves:\n  ru-inf-3: "3.15"\n  nobody: "3.15"\n', ':4: moves.nobody: --move: no unit'),
                       ('scenario: campaign\nmove: {}\n', ":2: move: unknown field 'move' (did you mean 'moves'?)")):
        position = tmp_path / "p.yaml"
        position.write_text(text)
        res = run("sample", "galicia1914", "--position", str(position), "-o", str(tmp_path / "x.vsav"), "--root", str(REPO))
        assert res.returncode == 2 and f"{position}{says}" in res.stderr and res.stderr.count("\n") == 1, res.stderr
        assert not (tmp_path / "x.vsav").exists()
