"""docs/first-game.md, run as written: a new game goes from `modgen new` to a module the real
engine loads cleanly, with a clean and an illegal sample save, using only the commands and edits
the page gives (no file under modgen/ read or changed).

The page's ```sh blocks are run line by line in an empty folder, in page order, interleaved with
its edits (`- in `FILE`, change `OLD` to `NEW``); a line's `# exit N` comment is the exit status
it must end with (0 otherwise). Every prompt is answered y (the --pin step).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from .conftest import REPO, require_engine

PAGE = REPO / "docs" / "first-game.md"
EDIT = re.compile(r"^- in `([^`]+)`, change `([^`]+)` to `([^`]+)`$")
BLOCK = re.compile(r"^```sh\n(.*?)^```$", re.S | re.M)


def steps(text: str) -> list[tuple[str, ...]]:
    """("run", line, expected exit) and ("edit", file, old, new) in the page's order."""
    found: list[tuple[int, tuple[str, ...]]] = []
    for m in BLOCK.finditer(text):
        offset = m.start(1)
        for line in m.group(1).splitlines():
            if line.strip():
                code = re.search(r"#\s*exit (\d)", line)
                found.append((offset, ("run", line.split("#")[0].strip(), code.group(1) if code else "0")))
            offset += len(line) + 1
    pos = 0
    for line in text.splitlines(keepends=True):
        if m := EDIT.match(line.rstrip("\n")):
            found.append((pos, ("edit", m.group(1), m.group(2), m.group(3))))
        pos += len(line)
    return [s for _, s in sorted(found, key=lambda f: f[0])]


def test_the_page_has_the_steps_the_issue_asks_for() -> None:
    commands = [s[1].split()[:2] for s in steps(PAGE.read_text()) if s[0] == "run"]
    for wanted in (["modgen", "new"], ["modgen", "validate"], ["modgen", "build"], ["modgen", "preview"],
                   ["modgen", "engine"], ["modgen", "sample"], ["modgen", "check"], ["modgen", "check-samples"]):
        assert wanted in commands, wanted
    assert any(s[0] == "edit" for s in steps(PAGE.read_text()))


@pytest.fixture(scope="module")
def walked(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, subprocess.CompletedProcess]]:
    """Every step of the page run in an empty folder: (the folder, each command's result)."""
    require_engine()
    root = tmp_path_factory.mktemp("first-game")
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    results: dict[str, subprocess.CompletedProcess] = {}
    for step in steps(PAGE.read_text()):
        if step[0] == "edit":
            path = root / step[1]
            text = path.read_text()
            assert text.count(step[2]) == 1, (step, "the page's edit must name text that is in the file once")
            path.write_text(text.replace(step[2], step[3]))
            continue
        _, line, code = step
        done = subprocess.run(["bash", "-c", line], cwd=root, env=env, input="y\n" * 10, capture_output=True, text=True, timeout=600)
        assert done.returncode == int(code), f"{line}: exit {done.returncode}, not {code}\n{done.stdout}\n{done.stderr}"
        assert "Traceback" not in done.stderr, line
        results[line] = done
    return root, results


def _result(results: dict[str, subprocess.CompletedProcess], start: str) -> subprocess.CompletedProcess:
    return next(r for line, r in results.items() if line.startswith(start))


def test_the_module_and_every_sample_load_cleanly_in_the_engine(walked) -> None:
    root, results = walked
    alone = _result(results, "modgen engine build/mygame.vmod").stdout.splitlines()
    assert alone[-1] == "2 of 2 engine run(s) clean", alone
    with_saves = [r for line, r in results.items() if line.startswith("modgen engine") and ".vsav" in line]
    lines = with_saves[0].stdout.splitlines()
    assert lines[-1] == "4 of 4 engine run(s) clean", lines
    assert "samples/mygame/lake.vsav: ok (3 pieces where modgen reads them)" in lines


def test_the_clean_sample_is_clean_and_the_illegal_one_breaks_the_lake_rule(walked) -> None:
    """Reasoned from the page's rules before the checker ran: `prohibited: {rule: "TEC"}` and a lake
    of `move: Prohibited` at 0505/0506; rd-1 moved to 0505 stands in a prohibited hex, nothing else
    changes (bl-1 stays alone in 1309, one unit a hex, no reinforcements)."""
    root, results = walked
    assert "0 finding(s) in 1 save(s)" in _result(results, "modgen check samples/mygame/start.vsav").stdout
    pinned = json.loads((root / "samples" / "mygame" / "lake.expected.json").read_text())
    assert [(f["rule"], f["title"], f["hexes"], f["units"]) for f in pinned["findings"]] == [
        ("TEC", "Unit on prohibited terrain", ["0505"], ["rd-1"])]
    checked = _result(results, "modgen check-samples").stdout
    assert "lake.vsav: 1 pinned finding(s), as expected" in checked and "start.vsav: clean" in checked


def test_the_walk_used_only_the_data_tree_and_the_commands(walked) -> None:
    """What the author's folder holds at the end: the game's data, its build and its samples."""
    root, _ = walked
    assert sorted(p.name for p in root.iterdir()) == ["build", "counters", "maps", "samples"]
    with zipfile.ZipFile(root / "build" / "mygame.vmod") as z:
        assert "setup_s1.vsav" in z.namelist() and "images/map_mygame.png" in z.namelist()
    assert 'lake: ["0505", "0506"]' in (root / "maps" / "mygame" / "terrain.yaml").read_text()
