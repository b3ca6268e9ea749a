"""Build speed on a synthetic game of 2000 counters: cold, no change, one-counter and one-hex
errata; Galicia and Holland '44 cold; how the times grow with the number of counters.

Prints times and peak memory (the builder's process and the largest drawing process); targets
(2-core machine): cold < 3 s and < 200 MB, no-change < 0.2 s, one-counter erratum < 0.5 s, one-hex
terrain erratum < 1 s, Galicia and Holland '44 cold < 1 s each. The synthetic map has four
Galicia-sized boards (19 x 26 hexes, ids prefixed A-D) in a 2 x 2 grid.
Run: .venv/bin/python benchmarks/build.py [--quick]   (--quick: no growth table)
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


def write_game(root: Path, n_units: int = N_UNITS) -> None:
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
    for i in range(n_units):
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


def peaks() -> tuple[float, float]:
    """Peak RSS in MB of this process and of the largest child (the drawing processes) so far."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
    return own / 1e6, child / 1e6


def timed(label: str, root: Path, out: Path, game: str = GAME, quiet: bool = False) -> float:
    started = time.perf_counter()
    result = build_game(root, game, out)
    seconds = time.perf_counter() - started
    own, child = peaks()  # tracemalloc would triple the times
    what = "up to date" if result.up_to_date else f"{result.drawn} images drawn, {result.reused} reused"
    if not quiet:
        print(f"{label:22} {seconds:7.2f} s   peak RSS {own:6.1f} MB (drawing processes {child:5.1f} MB)   "
              f"{result.size / 1e6:5.1f} MB module, {what}")
    return seconds


def one_counter_erratum(root: Path, game: str = GAME) -> None:
    units = root / "counters" / game / "units.yaml"
    units.write_text(units.read_text().replace("id: u0001, name: \"1\"", "id: u0001, name: \"1A\"", 1))


def one_hex_erratum(root: Path, game: str = GAME) -> None:
    """A clear hex of sheet A, away from the seams, becomes woods."""
    terrain = root / "maps" / game / "terrain.yaml"
    terrain.write_text(terrain.read_text().replace("woods: [", 'woods: ["A10.13", ', 1))


def growth(tmp: Path) -> None:
    print("growth (cold build, one-counter erratum), seconds:")
    print(f"{'counters':>9} {'cold':>7} {'erratum':>8} {'cold per 1000':>14}")
    for n in (250, 500, 1000, 2000, 4000):
        root, out = tmp / f"g{n}" / "data", tmp / f"g{n}" / "build"
        write_game(root, n)
        cold = timed("", root, out, quiet=True)
        one_counter_erratum(root)
        errata = timed("", root, out, quiet=True)
        print(f"{n:>9} {cold:7.2f} {errata:8.2f} {cold / n * 1000:14.2f}")


def main() -> None:
    quick = "--quick" in sys.argv[1:]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "data"
        write_game(root)
        out = Path(tmp) / "build"
        cold = timed("cold build", root, out)
        memory = max(peaks())
        same = timed("no-change rebuild", root, out)
        one_counter_erratum(root)
        errata = timed("one-counter erratum", root, out)
        one_hex_erratum(root)
        hex_errata = timed("one-hex erratum", root, out)
        games = {g: timed(f"{g} cold", REPO, Path(tmp) / g, game=g) for g in ("galicia1914", "holland44")}
        met = {
            "cold < 3 s": cold < 3, "memory < 200 MB": memory < 200, "no-change < 0.2 s": same < 0.2,
            "one-counter erratum < 0.5 s": errata < 0.5, "one-hex erratum < 1 s": hex_errata < 1,
            **{f"{g} cold < 1 s": t < 1 for g, t in games.items()},
        }
        print("targets: " + "; ".join(f"{k} {'met' if ok else 'NOT met'}" for k, ok in met.items()))
        if not quick:
            growth(Path(tmp))
        print("save write/read of 2000 pieces: see benchmarks/save_io.py")


if __name__ == "__main__":
    main()
