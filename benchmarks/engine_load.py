"""The real VASSAL engine opening each shipped module, then its largest predefined setup.

Prints, per module: the map's pixel size, seconds from the JVM's start until the module is built and
its player window shown, seconds until the largest setup (most bytes of save) has loaded and the game
started, the CPU seconds the JVM had used at those two moments (steadier than wall time on a shared
machine: the JVM uses more than one core, so an idle machine's wall time is at most about this), and
the java process's peak RSS (VmHWM, polled every 20 ms). One engine start per module,
one at a time (the machine is shared). The harness draws nothing extra (`--no-images`): what is
timed is what a player waits for. Target: every module and setup open in under 6 s.
Run: MODGEN_ENGINE_DIR=... .venv/bin/python benchmarks/engine_load.py [BUILD_DIR] [--runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from modgen.engine import ENGINE_36_ARTIFACTS, HARNESS_ARTIFACTS, _command, engine_available  # noqa: E402
from modgen.vassal.module import read_module  # noqa: E402

GAMES = ("galicia1914", "holland44", "owc1914", "ef1914")


def largest_setup(vmod: Path) -> tuple[str, int]:
    """The predefined setup whose save is the largest entry of the module: (name, bytes)."""
    module = read_module(vmod)
    with zipfile.ZipFile(vmod) as z:
        held = {i.filename: i.file_size for i in z.infolist()}
    sizes = {name: held[entry] for name, entry in module.setups.items() if entry in held}
    name = max(sizes, key=lambda n: (sizes[n], n))
    return name, sizes[name]


def map_pixels(vmod: Path) -> int:
    """Pixels of every board image of the main map (what VASSAL must decode and tile)."""
    module = read_module(vmod)
    return sum(b.width * b.height for b in module.maps[0].boards)


def _descendants(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2:].split()
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


TICK = os.sysconf("SC_CLK_TCK")


def _java(root: int) -> tuple[int, float]:
    """Peak RSS (VmHWM, kB) of the largest java process under root, and the CPU seconds of all of them."""
    best, cpu = 0, 0.0
    for pid in _descendants(root):
        try:
            if Path(f"/proc/{pid}/comm").read_text().strip() != "java":
                continue
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    best = max(best, int(line.split()[1]))
            stat = Path(f"/proc/{pid}/stat").read_text()
            fields = stat[stat.rindex(")") + 2:].split()
            cpu += (int(fields[11]) + int(fields[12])) / TICK  # utime + stime
        except OSError:
            continue
    return best, cpu


def measure(vmod: Path, setup: str, timeout: float = 120.0) -> dict[str, float]:
    """One engine start: seconds to the module, to the setup, and peak java RSS in MB."""
    with tempfile.TemporaryDirectory(prefix="modgen-bench-home-", ignore_cleanup_errors=True) as home:
        cmd = _command(vmod.resolve(), None, setup, None, None, int(timeout) - 15,
                       (*ENGINE_36_ARTIFACTS, *HARNESS_ARTIFACTS), False, home)
        start = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                                text=True, start_new_session=True,
                                env={**os.environ, "JAVA_TOOL_OPTIONS": f"-Duser.home={home}"})
        peak, cpu = [0], [0.0]
        done = threading.Event()

        def poll() -> None:
            while not done.is_set():
                hwm, used = _java(proc.pid)
                peak[0], cpu[0] = max(peak[0], hwm), max(cpu[0], used)
                time.sleep(0.02)

        poller = threading.Thread(target=poll, daemon=True)
        poller.start()
        seen: dict[str, float] = {}
        problems: list[str] = []
        try:
            assert proc.stdout is not None
            for line in proc.stdout:
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError:
                    continue
                kind = rec.get("kind")
                if kind in ("module", "setup") and kind not in seen:
                    seen[kind] = time.monotonic() - start
                    seen[kind + "_cpu"] = max(cpu[0], _java(proc.pid)[1])
                if kind == "problem":
                    problems.append(rec.get("message", ""))
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        done.set()
        poller.join()
    nan = float("nan")
    return {"module_s": seen.get("module", nan), "setup_s": seen.get("setup", nan), "module_cpu": seen.get("module_cpu", nan),
            "setup_cpu": seen.get("setup_cpu", nan), "peak_mb": peak[0] / 1024, "problems": len(problems)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build", nargs="?", default=str(REPO / "build"), help="folder holding <game>.vmod")
    ap.add_argument("--runs", type=int, default=1, help="engine starts per module; the best time is printed")
    ap.add_argument("--games", default=",".join(GAMES))
    args = ap.parse_args(argv)
    reason = engine_available()
    if reason:
        print(f"engine unavailable: {reason}", file=sys.stderr)
        return 2
    print(f"{'module':14} {'map Mpx':>7} {'setup (largest)':34} {'module s':>8} {'+setup s':>8} "
          f"{'CPU s':>6} {'+setup':>6} {'peak MB':>8}")
    for game in args.games.split(","):
        vmod = Path(args.build) / f"{game}.vmod"
        setup, _ = largest_setup(vmod)
        runs = [measure(vmod, setup) for _ in range(args.runs)]
        best = min(runs, key=lambda r: r["setup_s"])
        lean = min(runs, key=lambda r: r["setup_cpu"])
        flag = f"  {best['problems']} problems" if best["problems"] else ""
        print(f"{game:14} {map_pixels(vmod) / 1e6:7.1f} {setup[:34]:34} {best['module_s']:8.2f} {best['setup_s']:8.2f} "
              f"{lean['module_cpu']:6.1f} {lean['setup_cpu']:6.1f} {max(r['peak_mb'] for r in runs):8.0f}{flag}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
