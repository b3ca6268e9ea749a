"""What the module's warnings (issue 25) cost a player: each game's module built with them and without
them (modgen.vmod.warnings.without_warnings), then in the real engine, one build after the other:
- the time to open the module and its largest setup (benchmarks/engine_load.py's measure), the median of
  --runs engine starts (the median, not the best: on a shared machine one lucky start of one build moved
  the best of three by 5 points);
- the time VASSAL takes to drop a unit (the harness's "drop_ms" of a move: PieceMover.performDrop, with the
  move's chat line and its warnings, without the harness's own record of the move), the median of --drops
  drops, each a unit's first drop of the game (see drop_times), the median of --runs engine starts, the
  two builds taking turns;
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
from modgen.vmod.warnings import arrival_turns, restrictions_of, without_warnings  # noqa: E402

DROPS = 200
VARIANTS = ("without", "with")


def drop_times(vmod: Path, game_id: str, setup: str, check: bool, drops: int = DROPS) -> tuple[float, float | None]:
    """(median ms of a drop, ms of Check position or None): one engine start. Each drop is of another unit
    of the set-up, onto an empty hex of open terrain, as in a player's turn. (Dropping one unit over and
    over measures a unit whose movement trail grows by a point a drop: VASSAL copies the whole state of a
    piece, trail and all, several times for every key a drop fires, so such a drop slows as the run goes.)
    Units the scenario holds in place or brings in later are left out: their drops warn, by design."""
    game = load_game(REPO, game_id)
    with zipfile.ZipFile(vmod) as z:
        start = read_game_data(z.read(read_module(vmod).setups[setup]), setup)
    occupied = {(r.x, r.y) for r in start.pieces if r.map == MAIN_MAP}
    by_gpid = {game.gpid("unit", uid): unit for uid, unit in game.units.items()}  # the checker's reading of a piece
    units = [r for r in start.pieces if r.map == MAIN_MAP and (u := by_gpid.get(r.gpid)) is not None
             and not restrictions_of(game, u) and not arrival_turns(game, u)]
    closed = {t for t, kind in game.map.terrain_types.items() if kind.prohibited or kind.prohibited_for}
    open_hexes = [h for h in game.map.hex_ids() if game.map.centre(h)[1:] not in occupied and game.map.terrain[h] not in closed]
    step = max(1, len(open_hexes) // (len(units) + 1))
    one_round = [{"op": "move", "piece": rec.id, "map": MAIN_MAP, "x": game.map.centre(h)[1], "y": game.map.centre(h)[2]}
                 for rec, h in zip(units, open_hexes[step::step])]
    # a first round warms the JVM; each round after a New Game, so that every drop is a unit's first
    rounds = 1 + -(-drops // len(one_round))
    acts = [a for r in range(rounds) for a in [*([{"op": "new-game", "setup": setup}] if r else []), *one_round]]
    if check:
        acts.append({"op": "button", "button": "Check position"})
    res = run_engine(vmod, setup=setup, images=False, actions=acts, timeout=600)
    if not res.ok:
        raise SystemExit(res.describe())
    done = res.of_kind("action")
    moves = [a["drop_ms"] for a in done if a["op"] == "move"][len(one_round):]
    checked = [a["ms"] for a in done if a["op"] == "button"]
    return statistics.median(moves), (checked[0] if checked else None)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="engine starts per module (the median printed)")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--drops", type=int, default=DROPS, help="drops timed per engine start (the median taken)")
    args = ap.parse_args(argv)
    missing = engine_available()
    if missing:
        print(missing)
        return 1
    print(f"{'game':<12} {'variant':<9} {'module s':>8} {'setup s':>8} {'drop ms':>8} {'check ms':>9}")
    with tempfile.TemporaryDirectory(prefix="modgen-bench-warn-") as tmp:
        for game_id in args.games.split(","):
            modules = {}
            for variant in VARIANTS:
                out = Path(tmp) / variant
                if variant == "with":
                    build_game(REPO, game_id, out, use_cache=False)
                else:
                    with without_warnings():
                        build_game(REPO, game_id, out, use_cache=False)
                modules[variant] = out / f"{game_id}.vmod"
            setup, _ = largest_setup(modules["with"])
            loads: dict[str, list[dict]] = {v: [] for v in VARIANTS}
            timed: dict[str, list[tuple[float, float | None]]] = {v: [] for v in VARIANTS}
            for run in range(args.runs):  # the builds interleaved, in turn first: the machine's drift falls on both
                for variant in (VARIANTS if run % 2 == 0 else VARIANTS[::-1]):
                    loads[variant].append(measure(modules[variant], setup))
                    timed[variant].append(drop_times(modules[variant], game_id, setup, variant == "with", args.drops))
            rows = {}
            for variant in VARIANTS:
                drop = statistics.median(t[0] for t in timed[variant])
                check = min((t[1] for t in timed[variant] if t[1] is not None), default=None)
                rows[variant] = (statistics.median(m["module_s"] for m in loads[variant]),
                                 statistics.median(m["setup_s"] for m in loads[variant]), drop)
                print(f"{game_id:<12} {variant:<9} {rows[variant][0]:8.2f} {rows[variant][1]:8.2f} {drop:8.2f} "
                      f"{'' if check is None else f'{check:9.1f}'}", flush=True)
            (m0, s0, d0), (m1, s1, d1) = rows["without"], rows["with"]
            print(f"{game_id:<12} {'added':<9} {100 * (m1 - m0) / m0:7.1f}% {100 * (s1 - s0) / s0:7.1f}% {100 * (d1 - d0) / d0:7.1f}%",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
