"""What the module's warnings (issue 25) cost a player: each game's module built with them and without
them (modgen.vmod.warnings.without_warnings), then in the real engine, one build after the other:
- the time to open the module and its largest setup (benchmarks/engine_load.py's measure, best of N);
- the time VASSAL takes to drop a unit (the harness's "ms" of a move: the drop, the map's move key, every
  trigger and report it fires), the median of --drops drops of one unit between two empty hexes (the first
  four left out: they warm the JVM), the best of --runs engine starts (one start's median varies by a third
  from the next on a shared machine);
- the time "Check position" takes on the set-up (with the warnings only).
Target: the warnings add under 10% to the load and to a drop.
Run: MODGEN_ENGINE_DIR=... .venv/bin/python benchmarks/warnings.py [--runs N] [--games a,b]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from engine_load import GAMES, largest_setup, measure  # noqa: E402
from modgen.build import build_game  # noqa: E402
from modgen.conventions import MAIN_MAP  # noqa: E402
from modgen.engine import engine_available, run_engine  # noqa: E402
from modgen.loader import load_game  # noqa: E402
from modgen.vassal.module import read_module  # noqa: E402
from modgen.vassal.savefile import read_game_data  # noqa: E402
from modgen.vmod.warnings import without_warnings  # noqa: E402

DROPS = 40


def drop_times(vmod: Path, game_id: str, setup: str, check: bool, drops: int = DROPS) -> tuple[float, float | None]:
    """(median ms of a drop, ms of Check position or None): one engine start."""
    game = load_game(REPO, game_id)
    with zipfile.ZipFile(vmod) as z:
        start = read_game_data(z.read(read_module(vmod).setups[setup]), setup)
    occupied = {(r.x, r.y) for r in start.pieces if r.map == MAIN_MAP}
    piece = next(r for r in start.pieces if r.map == MAIN_MAP and "UnitId" in r.piece.type)
    open_hexes = [h for h in game.map.hex_ids() if game.map.centre(h)[1:] not in occupied
                  and not game.map.terrain_types[game.map.terrain[h]].prohibited]
    a, b = open_hexes[len(open_hexes) // 3], open_hexes[2 * len(open_hexes) // 3]
    acts = [{"op": "move", "piece": piece.id, "map": MAIN_MAP, "x": game.map.centre(h)[1], "y": game.map.centre(h)[2]}
            for h in [a, b] * (drops // 2)]
    if check:
        acts.append({"op": "button", "button": "Check position"})
    res = run_engine(vmod, setup=setup, images=False, actions=acts, timeout=300)
    if not res.ok:
        raise SystemExit(res.describe())
    done = res.of_kind("action")
    moves = [a["ms"] for a in done if a["op"] == "move"]
    checked = [a["ms"] for a in done if a["op"] == "button"]
    return statistics.median(moves[4:]), (checked[0] if checked else None)  # the first drops warm the JVM


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="engine starts per module for the load time (best printed)")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--drops", type=int, default=DROPS, help="drops of one unit timed per module (the median printed)")
    args = ap.parse_args(argv)
    missing = engine_available()
    if missing:
        print(missing)
        return 1
    print(f"{'game':<12} {'variant':<9} {'module s':>8} {'setup s':>8} {'drop ms':>8} {'check ms':>9}")
    with tempfile.TemporaryDirectory(prefix="modgen-bench-warn-") as tmp:
        for game_id in args.games.split(","):
            rows = {}
            for variant in ("without", "with"):
                out = Path(tmp) / variant
                if variant == "without":
                    with without_warnings():
                        build_game(REPO, game_id, out, use_cache=False)
                else:
                    build_game(REPO, game_id, out, use_cache=False)
                vmod = out / f"{game_id}.vmod"
                setup, _ = largest_setup(vmod)
                loads = [measure(vmod, setup) for _ in range(args.runs)]
                timed = [drop_times(vmod, game_id, setup, variant == "with", args.drops) for _ in range(args.runs)]
                drop, check = min(t[0] for t in timed), min((t[1] for t in timed if t[1] is not None), default=None)
                rows[variant] = (min(m["module_s"] for m in loads), min(m["setup_s"] for m in loads), drop)
                print(f"{game_id:<12} {variant:<9} {rows[variant][0]:8.2f} {rows[variant][1]:8.2f} {drop:8.2f} "
                      f"{'' if check is None else f'{check:9.1f}'}", flush=True)
            (m0, s0, d0), (m1, s1, d1) = rows["without"], rows["with"]
            print(f"{game_id:<12} {'added':<9} {100 * (m1 - m0) / m0:7.1f}% {100 * (s1 - s0) / s0:7.1f}% {100 * (d1 - d0) / d0:7.1f}%",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
