"""Time and peak memory of `modgen check` on a 2000-piece Galicia save (target: < 0.5 s).

Run: .venv/bin/python benchmarks/check.py [N] [--module build/galicia1914.vmod]
Every unit of the game is on the map (random legal-ish hexes, fixed seed) and markers
(CE, supply, captured) fill the rest, under units and alone. The module and game data are
loaded first and not timed: a PBEM player checks many saves with one module.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from modgen.vmod.compose import Composer, Position  # noqa: E402
from modgen.check.reader import load_context, state_from_save  # noqa: E402
from modgen.check.run import check_states  # noqa: E402
from modgen.loader import load_game  # noqa: E402
from modgen.vassal.savefile import read_game  # noqa: E402


def position(game, n: int) -> Position:
    rng = random.Random(1914)
    pos = Position(game).set_turn(5, "ah", "Supply")
    pos.set_vp("ah", 12).set_vp("russian", 9)
    hexes = [h for h in game.map.hex_ids() if not game.map.terrain_types[game.map.terrain[h]].prohibited]
    units = sorted(game.units)
    for uid in units:
        pos.unit(uid, rng.choice(hexes))
    markers = ["ce1", "supply", "captured-ah", "captured-ru"]
    count = len(units)
    while count < n:
        h = rng.choice(hexes)
        here = [i.id for i in pos.hexes.get(h, []) if i.kind == "unit"]
        mk = rng.choice(markers)
        if here and mk in ("ce1", "supply"):
            pos.marker(mk, h, back=rng.random() < 0.5, under=rng.choice(here))
        else:
            pos.marker(mk, h)
        count += 1
    return pos


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("n", nargs="?", type=int, default=2000)
    ap.add_argument("--module", default=str(ROOT / "build" / "galicia1914.vmod"))
    args = ap.parse_args()
    game = load_game(ROOT, "galicia1914")
    ctx = load_context(Path(args.module))  # module + game data: loaded once, not timed
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.vsav"
        Composer(game).write(position(game, args.n), path)
        size = path.stat().st_size

        def once():
            t0 = time.perf_counter()
            saved = read_game(path)
            t1 = time.perf_counter()
            st = state_from_save(saved, ctx)
            t2 = time.perf_counter()
            report = check_states([st])
            t3 = time.perf_counter()
            return (t1 - t0, t2 - t1, t3 - t2), st, report

        runs = [once() for _ in range(5)]
        best = min(runs, key=lambda r: sum(r[0]))
        (read_s, state_s, rules_s), st, report = best
        tracemalloc.start()
        once()
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    total = read_s + state_s + rules_s
    print(f"{len(st.units) + len(st.markers)} pieces ({len(st.units_on_map())} units on the map), save {size / 1e3:.0f} kB")
    print(f"check: {total * 1000:.0f} ms best of 5 (read save {read_s * 1000:.0f} ms, state {state_s * 1000:.0f} ms, "
          f"rules + supply of every unit + VP {rules_s * 1000:.0f} ms); {len(report.findings)} findings")
    print(f"peak memory during one check (tracemalloc): {peak / 1e6:.1f} MB")
    print("target < 500 ms:", "met" if total < 0.5 else "NOT met")


if __name__ == "__main__":
    main()
