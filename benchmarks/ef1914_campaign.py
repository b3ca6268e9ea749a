"""Time `modgen check --supply` on a 2000-piece save of the Eastern Front campaign (target: < 1 s).

Run: .venv/bin/python benchmarks/ef1914_campaign.py [N] [--module VMOD] [--build] [--seed S]

The save is the `campaign` scenario of ef1914 (five sheets, 11,100 hexes): every set-up unit on
its set-up hex, every reinforcement on the first land hex of its arrival (the turn is the last
arrival's, Russian Supply Phase, so the supply markers are compared), then markers from
counters/ef1914/markers.yaml: step losses, MPs Expended, disorder, Low / Out of Supply, Rail Mode,
CS 1/2, Prepared Attack, AP, depot and artillery markers under the units they mark; IPs, Railheads,
Destinations, army markers and boundaries loose on land hexes near their side's units. Each
marker first up to its printed `count` (the counter mix); the mix holds fewer than 2000 pieces,
so the rest are further copies of the on-map markers, as many of each as the mix's share (the
script says how far past the mix it went). Seeded, no time in the save: two runs write the same bytes.

Timed, best of 5, median and the first run, the module's context loaded once first (a PBEM player
checks many saves with one module; `load_context` caches it in-process); (d) runs first, so its first
run has every cache a plugin keeps across saves cold, as a single `modgen check` has:
  (a) read the save into a GameState        modgen.check.reader.read_state
  (b) the plugin's check()                   plugin_for("ef1914").check(state)
  (c) the plugin's supply() of every unit    plugin_for("ef1914").supply(state)
  (d) `modgen check SAVE --module VMOD --supply`, in-process (modgen.cli.main, report to a buffer)
  (e) the same as a subprocess: a cold start (Python, imports, the module read from disk)
The target is on (d), its first run and its median: read + check with supply. The plugin is called
through its public API only, so the figures are of whatever supply the plugin has now (an empty
supply() shows as 0 units). Other work on the machine shows as a spread between best and median:
the load average is printed with the machine.

The module: --module; else build/ef1914*.vmod when it is newer than the game data and modgen's
sources; else (or with --build) a fresh build into a temporary folder (not timed).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from modgen.check.reader import load_context, read_state  # noqa: E402
from modgen.layout import part_box_name  # noqa: E402
from modgen.model import Game  # noqa: E402
from modgen.plugins import plugin_for  # noqa: E402
from modgen.vmod.compose import Composer, Item, Position, from_scenario  # noqa: E402

GAME, SCENARIO = "ef1914", "campaign"
TARGET_S = 1.0
RUNS = 5

# Marker kinds by where they go: under a unit (11.1: markers go under the unit they mark), on a
# hex (IPs, railheads, destinations, armies), or left in their boxes (attachments, tracks).
UNDER_UNIT = ("step_loss", "mp_expended", "disorder", "supply", "rail_mode", "cs_half", "prepared_attack",
              "attack", "ap", "artillery_displaced", "depot", "incomplete_corps_train")
ON_HEX = ("ip", "railhead", "army", "army_boundary")


# --------------------------------------------------------------------------- the module


def newest_source() -> float:
    paths = [ROOT / "counters" / GAME, ROOT / "maps" / GAME, ROOT / "modgen"]
    return max(p.stat().st_mtime for d in paths for p in d.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def find_module(arg: str | None, force_build: bool, tmp: Path) -> tuple[Path, str]:
    """The module to check against, and how it was found."""
    if arg:
        return Path(arg), "given"
    if not force_build:
        built = sorted((ROOT / "build").glob(f"{GAME}*.vmod"), key=lambda p: p.stat().st_mtime)
        if built and built[-1].stat().st_mtime >= newest_source():
            return built[-1], "build/, up to date"
    from modgen.build import build_game

    t0 = time.perf_counter()
    result = build_game(ROOT, GAME, tmp, None, use_cache=False)
    return result.path, f"built fresh in {time.perf_counter() - t0:.1f} s"


# --------------------------------------------------------------------------- the save


def land(game: Game, h: str) -> bool:
    return h in game.map.terrain and not game.map.terrain_types[game.map.terrain[h]].prohibited


def near(game: Game, rng: random.Random, h: str, steps: int) -> str:
    """A land hex a short random walk from h."""
    for _ in range(steps):
        options = [n for n in game.map.neighbours(h) if land(game, n)]
        if not options:
            break
        h = rng.choice(sorted(options))
    return h


def position(game: Game, n: int, seed: int) -> tuple[Position, dict]:
    """The campaign at its last arrival's turn, every unit on the map, markers up to n pieces."""
    rng = random.Random(seed)
    sc = game.scenarios[SCENARIO]
    pos = from_scenario(game, sc)  # set-up units on their hexes, the scenario's markers in their boxes
    land_hexes = sorted(h for h in game.map.hex_ids() if land(game, h))
    arrived: set[str] = set()
    for r in sorted(sc.reinforcements, key=lambda r: (r.turn, r.unit)):
        h = next((h for h in r.hexes if land(game, h)), None) or rng.choice(land_hexes)
        pos.unit(r.unit, h)
        arrived.add(h)
    for h in sorted(arrived):
        pos.restack(h)
    last_turn = max((r.turn for r in sc.reinforcements), default=1)
    pos.set_turn(last_turn, sc.first_player_turn, "Supply")
    pos.description = f"benchmark: ef1914 {SCENARIO}, seed {seed}"

    units = game.units
    unit_hex = {i.id: h for h, items in pos.hexes.items() for i in items if i.kind == "unit"}
    by_side: dict[str, list[str]] = {}
    for uid in sorted(unit_hex):
        by_side.setdefault(units[uid].side, []).append(uid)
    # a few units reduced (their step-loss markers go under them below)
    for h, items in pos.hexes.items():
        for it in items:
            if it.kind == "unit" and units[it.id].back is not None and rng.random() < 0.2:
                it.back = True
    rail = sorted(h for h in game.map.rail_hexes() if land(game, h))

    vp_markers = sum(1 for m in game.markers.values() if m.kind == "vp" and m.side in pos.vp)  # the Composer sets them all

    def pieces() -> int:
        in_boxes = sum(1 for v in pos.shared.values() for i in v if game.markers[i.id].kind != "vp")
        return sum(len(v) for v in [*pos.hexes.values(), *pos.boxes.values()]) + in_boxes + vp_markers + len(pos.pixels)

    def fits(marker, uid: str) -> bool:
        u = units[uid]
        if marker.side and marker.side != u.side:
            return False
        if marker.kind == "depot":
            return u.has("depot")
        if marker.kind == "artillery_displaced":
            return u.has("artillery")
        if marker.kind == "incomplete_corps_train":
            return u.type == "corps_train"
        return True

    def place(marker) -> None:
        back = marker.back is not None and rng.random() < 0.5
        if marker.kind in UNDER_UNIT and not (marker.kind == "rail_mode" and back):
            pool = [u for u in (by_side.get(marker.side) if marker.side else unit_hex) if fits(marker, u)]
            uid = rng.choice(pool if pool else sorted(unit_hex))
            pos.marker(marker.id, unit_hex[uid], back=back, under=uid)
            return
        # on a hex: railheads and destinations on railways, the rest near a unit of the side
        side_units = by_side.get(marker.side) if marker.side else sorted(unit_hex)
        if marker.kind in ("railhead", "rail_mode"):
            h = rng.choice(rail)
        else:
            h = near(game, rng, unit_hex[rng.choice(side_units)], rng.randint(0, 3))
        pos.marker(marker.id, h, back=back)

    # the Player Turn markers (5.1), in the Sequence of Play track's box of this phase, if the module has the track
    track = next((p for d in game.displays for p in d.parts if p.kind == "track" and p.id == "player_turn"), None)
    phases = game.turns.phases
    if track is not None and len(track.labels) == len(phases):
        box = part_box_name(track, track.labels[phases.index(pos.phase)])
        for mid in sorted(m.id for m in game.markers.values() if m.kind == "player_turn"):
            pos.shared.setdefault(box, []).append(Item("marker", mid))
    loose = [m for m in sorted(game.markers.values(), key=lambda m: m.id) if m.kind in UNDER_UNIT + ON_HEX]
    mix: list = [m for m in loose for _ in range(m.count)]
    rng.shuffle(mix)
    placed_in_mix = 0
    for m in mix:
        if pieces() >= n:
            break
        place(m)
        placed_in_mix += 1
    # past the counter mix: more copies, drawn in proportion to the mix
    extra = 0
    while pieces() < n:
        place(rng.choice(mix))
        extra += 1
    info = {"mix": sum(m.count for m in loose), "in_mix": placed_in_mix, "extra": extra}
    return pos, info


# --------------------------------------------------------------------------- timing


def cpu_now() -> float:
    """CPU seconds of this process and its finished children: unlike the wall clock, not inflated when
    other work shares the machine."""
    try:
        import resource

        kids = resource.getrusage(resource.RUSAGE_CHILDREN)
        return time.process_time() + kids.ru_utime + kids.ru_stime
    except ImportError:  # not on Windows
        return time.process_time()


def timed(fn, runs: int = RUNS, fresh=None) -> tuple[float, float, float, object, float, float]:
    """Best, median and first of `runs` calls of fn(state) (or fn()), the last result, the best CPU time
    and the first call's.

    With `fresh`, each call gets a state read afresh (untimed), so nothing a plugin caches on a state
    carries over; caches a plugin keeps per module, across states, are cold in the first call only,
    as in a single `modgen check`."""
    times, cpu, out = [], [], None
    for _ in range(runs):
        args = (fresh(),) if fresh else ()
        c0, t0 = cpu_now(), time.perf_counter()
        out = fn(*args)
        times.append(time.perf_counter() - t0)
        cpu.append(cpu_now() - c0)
    return min(times), statistics.median(times), times[0], out, min(cpu), cpu[0]


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = ", load average %.1f" % os.getloadavg()[0] if hasattr(os, "getloadavg") else ""
    return f"{os.cpu_count()} cores ({cpu}), Python {platform.python_version()}, {platform.system()}{load}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", nargs="?", type=int, default=2000, help="pieces in the save (default 2000)")
    ap.add_argument("--module", default=None, help="the ef1914 module (default: build/ef1914*.vmod if up to date, else a fresh build)")
    ap.add_argument("--build", action="store_true", help="build the module afresh into a temporary folder")
    ap.add_argument("--seed", type=int, default=1914)
    ap.add_argument("--keep", default=None, metavar="FILE.vsav", help="also copy the save here")
    args = ap.parse_args()

    from modgen.cli import main as cli_main

    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        module, how = find_module(args.module, args.build, tmp / "build")
        ctx = load_context(module)  # module + game description: loaded once, not timed
        game = ctx.game
        pos, info = position(game, args.n, args.seed)
        save = tmp / f"{GAME}-{SCENARIO}-bench.vsav"
        Composer(game).write(pos, save, module_name=ctx.module.name, module_version=ctx.module.version)
        if args.keep:
            Path(args.keep).write_bytes(save.read_bytes())
        plugin = plugin_for(game.id)

        def cli() -> int:
            with contextlib.redirect_stdout(io.StringIO()):
                return cli_main(["check", str(save), "--module", str(module), "--supply"])

        in_process = timed(cli)
        if in_process[3] not in (0, 1):
            raise SystemExit(f"modgen check exited {in_process[3]} on the benchmark save")
        read = timed(lambda: read_state(save, module))
        state = read[3]
        check = timed(lambda st: plugin.check(st), fresh=lambda: read_state(save, module))
        supply = timed(lambda st: plugin.supply(st), fresh=lambda: read_state(save, module))

        cmd = [sys.executable, "-m", "modgen", "check", str(save), "--module", str(module), "--supply"]
        sub = timed(lambda: subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True))
        if sub[3].returncode not in (0, 1):
            raise SystemExit(f"modgen check (subprocess) exited {sub[3].returncode}: {sub[3].stderr.strip()[-400:]}")

        units_on_map = len(state.units_on_map())
        pieces = len(state.units) + len(state.markers)
        statuses = supply[3] or {}
        findings = check[3] or []
        print(f"ef1914 `{SCENARIO}` save: {pieces} pieces, {units_on_map} of {len(game.units)} units on the map, "
              f"{len(state.markers)} markers, save {save.stat().st_size / 1e3:.0f} kB; module {module.name} ({how})")
        over = f"; {info['extra']} beyond the counter mix" if info["extra"] else ""
        print(f"markers placed from markers.yaml: {info['in_mix']} within the counter mix of {info['mix']} on-map markers{over}")
        print(f"plugin: check() {len(findings)} findings; supply() states for {len(statuses)} units")
        print(f"machine: {machine()}")
        print()
        rows = [("(a) read save -> GameState", read), ("(b) plugin check()", check), ("(c) plugin supply(), every unit", supply),
                ("(d) modgen check --supply, in-process", in_process), ("(e) modgen check --supply, subprocess", sub)]
        print(f"{'':40} {'wall clock: best of 5':>21} {'median':>10} {'first run':>10} {'CPU: best':>10} {'first':>10}")
        for label, (best, median, first, _, cpu, cpu_first) in rows:
            print(f"{label:40} {best * 1000:>18.0f} ms {median * 1000:>7.0f} ms {first * 1000:>7.0f} ms "
                  f"{cpu * 1000:>7.0f} ms {cpu_first * 1000:>7.0f} ms")
        abc = [read, check, supply]
        print(f"{'(a)+(b)+(c)':40} {sum(r[0] for r in abc) * 1000:>18.0f} ms "
              + " ".join(f"{sum(r[i] for r in abc) * 1000:>7.0f} ms" for i in (1, 2, 4, 5)))
        worst = max(in_process[2], in_process[1])
        print()
        print(f"target < {TARGET_S:.0f} s for read + check with supply, (d) with the module loaded: "
              + ("met" if worst < TARGET_S else "NOT met") + f" on the wall clock (first run {in_process[2]:.2f} s, median "
              + f"{in_process[1]:.2f} s), CPU {in_process[5]:.2f} s first run, {in_process[4]:.2f} s best")
        print(f"a whole `modgen check` process (e), Python start and the module read included: {sub[0]:.2f} s wall, "
              f"{sub[4]:.2f} s CPU")


if __name__ == "__main__":
    main()
