"""What the module's warnings (issue 25) cost a player: each game's module built with them ("with"), without
them ("without": modgen.vmod.warnings.without_warnings) and with them but a drop line that tests no rule
("floor": modgen.vmod.dropline.trivial_drop_line, one BeanShell evaluation a drop, the least any drop
warning that reads the preference or the stack costs in VASSAL 3.6), then in the real engine, one build
after the other:
- the time to open the module and its largest setup (benchmarks/engine_load.py's measure), the median of
  --runs engine starts (the median, not the best: on a shared machine one lucky start of one build moved
  the best of three by 5 points);
- the time VASSAL takes to drop a unit (the harness's "drop_ms" of a move: PieceMover.performDrop, with the
  move's chat line and its warnings, without the harness's own record of the move), the median of --drops
  drops, each a unit's first drop of the game (see play_times), the median of --runs engine starts, the
  two builds taking turns;
- the drop as the player sees it ("shown_ms": the drop, then the repaint it asks for, of the map and the
  chat, painted at once), the same medians;
- a repaint of the map's window whole at the module's zoom, as when a player scrolls (the best of
  REPAINTS after WARM_REPAINTS: what drawing the pieces costs, the warnings' traits among them), the
  median of --runs starts;
- the time "Check position" takes on the set-up (with the warnings only).
Target: the warnings add under 10% to the load and to a drop. The "added" rows compare each build with
"without".
Run: MODGEN_ENGINE_DIR=... .venv/bin/python benchmarks/warnings.py [--runs N] [--games a,b]
"""

from __future__ import annotations

import argparse
import contextlib
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
from modgen.vmod.dropline import trivial_drop_line  # noqa: E402
from modgen.vmod.warnings import arrival_turns, restrictions_of, without_warnings  # noqa: E402

DROPS = 200
REPAINTS = 200  # whole repaints of the map per engine start
WARM_REPAINTS = 50  # the first ones, left out: they warm the JVM's compilers
VARIANTS = ("without", "floor", "with")


def drop_targets(vmod: Path, game_id: str, setup: str) -> list[tuple[str, tuple[int, int]]]:
    """(piece id, map point) for each unit of the set-up that a drop may move without a warning: on the main
    map, neither held in place nor brought in later, each onto its own empty hex of open terrain, spread
    over the map."""
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
    return [(rec.id, game.map.centre(h)[1:]) for rec, h in zip(units, open_hexes[step::step])]


def build_variants(game_id: str, out: Path) -> dict[str, Path]:
    """The game's module built as each of VARIANTS, under `out`."""
    builds = {"without": without_warnings, "floor": trivial_drop_line, "with": contextlib.nullcontext}
    modules = {}
    for variant in VARIANTS:
        with builds[variant]():
            build_game(REPO, game_id, out / variant, use_cache=False)
        modules[variant] = out / variant / f"{game_id}.vmod"
    return modules


def play_times(vmod: Path, game_id: str, setup: str, check: bool, drops: int = DROPS) -> dict[str, float | None]:
    """One engine start: the median ms of a drop ("drop") and of a drop shown ("shown"), the best ms of a
    whole repaint of the map ("repaint"), the ms of Check position ("check", None unless `check`). Each
    drop is of another unit of the set-up (drop_targets), as in a player's turn. (Dropping one unit over
    and over measures a unit whose movement trail grows by a point a drop: VASSAL copies the whole state of
    a piece, trail and all, several times for every key a drop fires, so such a drop slows as the run
    goes.) Units the scenario holds in place or brings in later are left out: their drops warn, by design."""
    one_round = [{"op": "move", "piece": piece, "map": MAIN_MAP, "x": x, "y": y}
                 for piece, (x, y) in drop_targets(vmod, game_id, setup)]
    # a first round warms the JVM; each round after a New Game, so that every drop is a unit's first
    rounds = 1 + -(-drops // len(one_round))
    acts = [{"op": "repaint", "map": MAIN_MAP, "count": REPAINTS}]
    acts += [a for r in range(rounds) for a in [*([{"op": "new-game", "setup": setup}] if r else []), *one_round]]
    if check:
        acts.append({"op": "button", "button": "Check position"})
    res = run_engine(vmod, setup=setup, images=False, actions=acts, timeout=600)
    if not res.ok:
        raise SystemExit(res.describe())
    done = res.of_kind("action")
    moves = [a for a in done if a["op"] == "move"][len(one_round):]
    (painted,) = [a["paint_ms"][WARM_REPAINTS:] for a in done if a["op"] == "repaint"]
    checked = [a["ms"] for a in done if a["op"] == "button"]
    return {"drop": statistics.median(a["drop_ms"] for a in moves), "shown": statistics.median(a["shown_ms"] for a in moves),
            "repaint": min(painted), "check": checked[0] if checked else None}


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
    print(f"{'game':<12} {'variant':<9} {'module s':>8} {'setup s':>8} {'drop ms':>8} {'shown ms':>8} {'paint ms':>8} {'check ms':>9}")
    with tempfile.TemporaryDirectory(prefix="modgen-bench-warn-") as tmp:
        for game_id in args.games.split(","):
            modules = build_variants(game_id, Path(tmp) / game_id)
            setup, _ = largest_setup(modules["with"])
            loads: dict[str, list[dict]] = {v: [] for v in VARIANTS}
            timed: dict[str, list[dict[str, float | None]]] = {v: [] for v in VARIANTS}
            for run in range(args.runs):  # the builds interleaved, each first in turn: the machine's drift falls on all
                for variant in VARIANTS[run % len(VARIANTS):] + VARIANTS[:run % len(VARIANTS)]:
                    loads[variant].append(measure(modules[variant], setup))
                    timed[variant].append(play_times(modules[variant], game_id, setup, variant == "with", args.drops))
            rows = {}
            for variant in VARIANTS:
                check = min((t["check"] for t in timed[variant] if t["check"] is not None), default=None)
                rows[variant] = (statistics.median(m["module_s"] for m in loads[variant]),
                                 statistics.median(m["setup_s"] for m in loads[variant]),
                                 *(statistics.median(t[k] for t in timed[variant]) for k in ("drop", "shown", "repaint")))
                print(f"{game_id:<12} {variant:<9} " + " ".join(f"{v:8.2f}" for v in rows[variant])
                      + f" {'' if check is None else f'{check:9.1f}'}", flush=True)
            for variant in VARIANTS[1:]:
                added = [100 * (b - a) / a for a, b in zip(rows["without"], rows[variant])]
                print(f"{game_id:<12} {variant + ' +':<9} " + " ".join(f"{v:7.1f}%" for v in added), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
