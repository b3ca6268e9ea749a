"""Time `modgen check TURN.vlog` on a 300-step log of each game with one (target: under 2 s).

Run: .venv/bin/python benchmarks/log_check.py [STEPS] [--game ID ...] [--module VMOD]

The logs: a genuine one the VASSAL engine recorded per game, samples/<game>/turn.vlog (Galicia: GT 1
Austria-Hungary, 13 steps, 5 phases, a cavalry reaction, an attack with three rolls; the Eastern Front:
GT 1 Russia from the Tannenberg set-up, 11 steps, 7 phases, a rail move, moves in the Movement and the
Counter Movement Phase; Ostatnia Wojna Cesarzy: scenario C, stage 8, the Allies, 6 steps, 4 phases,
three moves, two across a Russian line of control), with drops added to its Movement Phase until it has STEPS steps (default
300): units of the side moving, standing alone away from the enemy, each set down on a clear free
neighbouring hex and back again (a player trying a move), and once out for good: every unit ends one
hex from where it began, a legal move the checker still prices. Every added step is a MovePiece as
the engine writes it; the header, the phases and the combat stay the engine's.

Timed, best of 5, median and the first run: check_log in-process (the module's context loaded once
first, as a PBEM player checking several logs with one module has it), and `modgen check` as a
subprocess (a cold start: Python, imports, the module read from disk). The module: --module, else a
fresh build of the data tree into a temporary folder (not timed).
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from modgen.build import build_game  # noqa: E402
from modgen.check.logcheck import check_log  # noqa: E402
from modgen.check.reader import load_context  # noqa: E402
from modgen.loader import load_game  # noqa: E402
from modgen.regions import hex_distances  # noqa: E402
from modgen.vassal.archive import zip_bytes  # noqa: E402
from modgen.vassal.obfuscation import deobfuscate, obfuscate  # noqa: E402
from modgen.vassal.savefile import read_game  # noqa: E402
from modgen.vassal.sequence import ESC, decode, encode  # noqa: E402

TARGET_S = 2.0


@dataclass(frozen=True)
class Sample:
    """A game's recorded turn and what the added drops need to know of it."""

    moving: str  # the side whose Movement Phase the log records
    enemy: str
    movement_end: int  # the recorded Movement Phase's last drop, in steps from the log's first


SAMPLES = {
    "galicia1914": Sample("ah", "russian", 6),
    "ef1914": Sample("russian", "cp", 8),
    "owc1914": Sample("allies", "russia", 5),
}


def longer_log(game_id: str, steps: int, out: Path) -> int:
    """The game's sample log with drops added to its Movement Phase until it has `steps` steps; returns how many."""
    game, sample = load_game(REPO, game_id), SAMPLES[game_id]
    fixture = REPO / "samples" / game_id / "turn.vlog"
    with zipfile.ZipFile(fixture) as z:
        entries = {n: z.read(n) for n in z.namelist()}
    text = deobfuscate(entries["savedGame"], "savedGame")
    tokens = decode(text, ESC)
    first_step = next(i for i, t in enumerate(tokens) if t.startswith("LOG\t"))
    have = len(tokens) - first_step
    start = read_game(fixture, replay=False)
    gpid_unit = {game.gpid("unit", u): u for u in game.units}
    pieces = {gpid_unit[r.gpid]: r for r in start.pieces if r.gpid in gpid_unit and r.map == "Main Map"}
    enemies = [r for u, r in pieces.items() if game.units[u].side == sample.enemy]
    centre = {h: game.map.centre(h)[1:] for h in game.map.hex_ids()}
    at = {tuple(centre[h]): h for h in centre}
    enemy_hexes = [at[(r.x, r.y)] for r in enemies if (r.x, r.y) in at]
    near = hex_distances(enemy_hexes, game.map.neighbours, radius=3)
    count = {}
    for r in pieces.values():
        count[(r.x, r.y)] = count.get((r.x, r.y), 0) + 1
    movers = sorted(u for u, r in pieces.items() if game.units[u].side == sample.moving and at.get((r.x, r.y)) not in near
                    and count[(r.x, r.y)] == 1  # alone: a drop back does not reorder a stack
                    and (r.x, r.y) in at and game.units[u].type == "infantry"
                    and int(game.units[u].mark("release_gt") or 0) <= 1)  # free to move on GT 1 (its release dot)
    added: list[str] = []
    k = 0
    while len(added) < steps - have:
        unit = movers[k % len(movers)]
        rec = pieces[unit]
        here = at[(rec.x, rec.y)]
        taken = {at.get((r.x, r.y)) for r in pieces.values()}
        free = [n for n in game.map.neighbours(here) if game.map.terrain[n] == "clear" and n not in near and n not in taken]
        out_only = k // len(movers) == 1  # each unit's second round: it stays out (a real move)
        for n in ((free[k % len(free)],) if out_only else (free[k % len(free)], here)) if free else ():
            x, y = centre[n]
            added.append(encode([f"LOG\tM/{rec.id}/Main Map/{x}/{y}/null/Main Map/{rec.x}/{rec.y}/null/modgen-harness"], ESC))
            rec.x, rec.y = x, y
        k += 1
    added = added[: steps - have]
    movement_end = first_step + sample.movement_end  # after the recorded phase's last drop, before its Next
    tokens = tokens[:movement_end] + added + tokens[movement_end:]
    entries["savedGame"] = obfuscate(encode(tokens, ESC), 0x5A)
    out.write_bytes(zip_bytes(list(entries.items())))
    return len(tokens) - first_step


def timed(fn, runs: int = 5) -> list[float]:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("steps", nargs="?", type=int, default=300)
    ap.add_argument("--game", action="append", choices=sorted(SAMPLES), help="default: every game with a sample turn")
    ap.add_argument("--module", type=Path, help="the module (with one --game)")
    args = ap.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}, Python {platform.python_version()}")
    for game_id in args.game or list(SAMPLES):
        bench(game_id, args.steps, args.module)


def bench(game_id: str, steps: int, module_path: Path | None) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        module = module_path or build_game(REPO, game_id, Path(tmp)).path
        log = Path(tmp) / "turn300.vlog"
        n = longer_log(game_id, steps, log)
        load_context(module)
        first = timed(lambda: check_log(log, module), 1)[0]
        runs = timed(lambda: check_log(log, module))
        report = check_log(log, module)
        moves = sum(len(p.moves) for p in report.phases)
        cpu0 = time.process_time()
        check_log(log, module)
        cpu_in = time.process_time() - cpu0
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        cold = timed(lambda: subprocess.run([sys.executable, "-m", "modgen", "check", str(log), "--module", str(module)],
                                            capture_output=True, cwd=REPO), 3)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu_cold = (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) / 3
    print(f"{game_id} log: {n} steps, {len(report.phases)} phases, {moves} unit drops, {len(report.findings)} findings")
    print(f"check_log in-process: first {first:.3f} s, best {min(runs):.3f} s, median {statistics.median(runs):.3f} s")
    print(f"modgen check (subprocess, cold): best {min(cold):.3f} s, median {statistics.median(cold):.3f} s")
    print(f"CPU time (what a busy machine's load does not inflate): in-process {cpu_in:.3f} s, cold {cpu_cold:.3f} s a run")
    worst = max(first, statistics.median(cold))
    print(f"target {TARGET_S} s: {'met' if worst < TARGET_S else 'NOT met'} (slowest of first in-process run and cold median: {worst:.3f} s)")


if __name__ == "__main__":
    main()
