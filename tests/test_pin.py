"""`modgen check SAVE --pin`: the expectation holds only the findings the author confirmed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from .conftest import REPO


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "modgen", *args], input=stdin, capture_output=True, text=True, cwd=REPO)


def test_pinned_findings_are_the_confirmed_ones_and_check_samples_holds_them(galicia_module: Path, tmp_path: Path) -> None:
    save = tmp_path / "przemysl.vsav"
    assert run("sample", "galicia1914", "--scenario", "campaign", "--at", "3,russian,Movement", "--move", "ru-inf-3=3.15",
               "-o", str(save), "--root", str(REPO)).returncode == 0
    # the two errors (4.1, 13.0) confirmed, the 11.4 information note not
    pinned = run("check", str(save), "--module", str(galicia_module), "--pin", stdin="y\ny\nn\n")
    assert pinned.returncode == 0, pinned.stderr
    assert pinned.stdout.count("pin it") == 3
    doc = json.loads((tmp_path / "przemysl.expected.json").read_text())
    assert sorted(f["rule"] for f in doc["findings"]) == ["13.0", "4.1"] and "notes" not in doc
    assert all(f["words"] == "" and f["why"] == "" for f in doc["findings"])  # the author's to write
    samples = run("check-samples", "--samples", str(tmp_path), "--modules", str(galicia_module.parent))
    assert samples.returncode == 0 and "2 pinned finding(s)" in samples.stdout, samples.stdout
    again = run("check", str(save), "--module", str(galicia_module), "--pin", stdin="y\ny\ny\n")
    assert again.returncode == 2 and "--force" in again.stderr
    # an author who does not confirm 13.0 pins a verdict the checker then fails against
    refused = run("check", str(save), "--module", str(galicia_module), "--pin", "--force", stdin="y\nn\nn\n")
    assert refused.returncode == 0
    samples = run("check-samples", "--samples", str(tmp_path), "--modules", str(galicia_module.parent))
    assert samples.returncode == 1 and "13.0" in samples.stdout
