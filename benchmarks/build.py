"""Build speed on a synthetic game of 2000 counters: cold, no change, one-counter errata.

Prints times and peak memory; targets (2-core machine): cold < 3 s, no-change < 0.2 s,
one-counter errata < 0.5 s. The synthetic map has four Galicia-sized boards (19 x 26 hexes,
ids prefixed A-D) in a 2 x 2 grid. Run: .venv/bin/python benchmarks/build.py
"""

from __future__ import annotations

import random
import re
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from modgen.build import build_game  # noqa: E402

GAME = "synthetic"
N_UNITS = 2000
BOARDS = "ABCD"
BOARD = """  - name: Synthetic {p}
    hexes: rows
    hex_size: 104
    lines: 19
    per_line: 26
    margin: 36
    outer_lines: odd
    column: {col}
    row: {row}
    numbering: {{line_from: bottom, pos_from: right, line_first: true, sep: ".", line_digits: 1, pos_digits: 2, id_prefix: "{p}"}}
"""


def write_game(root: Path) -> None:
    """A synthetic game from the mini test game's files, scaled up to 2000 units on four boards."""
    mini = REPO / "tests" / "data" / "mini"
    shutil.copytree(mini / "maps" / "mini", root / "maps" / GAME)
    shutil.copytree(mini / "counters" / "mini", root / "counters" / GAME)
    map_yaml = root / "maps" / GAME / "map.yaml"
    text = map_yaml.read_text()
    boards = "".join(BOARD.format(p=p, col=i % 2, row=i // 2) for i, p in enumerate(BOARDS))
    map_yaml.write_text("boards:\n" + boards + text[text.index("terrain_types:"):])
    for name in ("terrain.yaml", "features.yaml"):  # the mini game's hexes, on board A
        path = root / "maps" / GAME / name
        path.write_text(re.sub(r'"(\d\.\d\d)"', r'"A\1"', path.read_text()).replace('blue: ["A6.05"]', 'blue: ["A19.05"]'))
    scenario = root / "counters" / GAME / "scenarios" / "s1.yaml"
    scenario.write_text(re.sub(r'"(\d\.\d\d)"', r'"A\1"', scenario.read_text()))
    game_yaml = root / "counters" / GAME / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("id: mini", f"id: {GAME}"))
    rng = random.Random(7)
    units, setup = ["approximate: true", 'source: "synthetic benchmark data"', "units:"], []
    hexes = [f"{p}{line}.{pos:02d}" for p in BOARDS for line in range(1, 20) for pos in range(1, 27)]
    free = [h for h in hexes if h not in ("A5.07",)]
    for i in range(N_UNITS):
        nat = "rd" if i % 2 == 0 else "bl"
        a, d = rng.randint(1, 8), rng.randint(1, 8)
        reduced = f", reduced: {{attack: {max(0, a - 2)}, defense: {max(0, d - 2)}}}" if i % 3 else ""
        units.append(f'  - {{id: u{i:04d}, name: "{i}", nationality: {nat}, type: infantry, size: XX, formation: "{i % 40}", '
                     f"attack: {a}, defense: {d}, ma: 4, av: {rng.randint(0, 5)}{reduced}}}")
        setup.append(f'  - {{unit: u{i:04d}, hex: "{free[i % len(free)]}"}}')
    (root / "counters" / GAME / "units.yaml").write_text("\n".join(units) + "\n")
    scenario = root / "counters" / GAME / "scenarios" / "s1.yaml"
    text = scenario.read_text()
    head, tail = text.split("setup:\n")[0], text.split("markers:\n")[1]
    scenario.write_text(head + "setup:\n" + "\n".join(setup) + "\nreinforcements: []\nmarkers:\n" + tail)


def timed(label: str, root: Path, out: Path) -> float:
    started = time.perf_counter()
    result = build_game(root, GAME, out)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # process peak so far (tracemalloc would triple the times)
    what = "up to date" if result.up_to_date else f"{result.drawn} images drawn, {result.reused} reused"
    print(f"{label:22} {seconds:7.2f} s   peak RSS {peak / 1e6:6.1f} MB   {result.size / 1e6:5.1f} MB module, {what}")
    return seconds


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "data"
        write_game(root)
        out = Path(tmp) / "build"
        cold = timed("cold build", root, out)
        same = timed("no-change rebuild", root, out)
        units = root / "counters" / GAME / "units.yaml"
        units.write_text(units.read_text().replace("id: u0001, name: \"1\"", "id: u0001, name: \"1A\"", 1))
        errata = timed("one-counter errata", root, out)
        print(f"targets: cold < 3 s {'met' if cold < 3 else 'NOT met'}; no-change < 0.2 s {'met' if same < 0.2 else 'NOT met'}; "
              f"errata < 0.5 s {'met' if errata < 0.5 else 'NOT met'}")
        print("save write/read of 2000 pieces: see benchmarks/save_io.py")


if __name__ == "__main__":
    main()
