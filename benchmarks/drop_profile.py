"""Where the time of a drop goes in VASSAL, with the warnings (issue 25) and without: a profile.

Each game's module is built as benchmarks/warnings.py's builds (without the warnings; "floor", their drop
line testing no rule; with them: build_variants). In one engine start per build, the harness's
`drop-loop` drops the set-up's units (benchmarks/warnings.py's drop_targets) for --rounds rounds, each
onto another empty hex, while Java Flight Recorder samples the threads every millisecond; the loop
writes the recording when it ends. Of the event thread's samples inside PieceMover.performDrop, the
script prints the share in each of the parts below (a sample counts in every part on its stack, so
shares overlap), and the median drop of the loop.

Why a profile and not only a stopwatch: on this 2-core machine a drop's median moves 5-10 points between
engine starts, so a stopwatch can say that the warnings cost a drop 20-40% but not where; the shares
say which part of VASSAL's drop the warnings add to, and so what no change to the module can remove.
Needs the JDK's `jfr` tool (the JDK the harness is compiled with).
Run: MODGEN_ENGINE_DIR=... .venv/bin/python benchmarks/drop_profile.py [--games a,b] [--rounds N]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from engine_load import largest_setup  # noqa: E402
from modgen.conventions import MAIN_MAP  # noqa: E402
from modgen.engine import ENGINE_36_ARTIFACTS, engine_available, run_engine  # noqa: E402

# benchmarks/warnings.py, by its path: its name is the standard library's `warnings`, already imported
_spec = importlib.util.spec_from_file_location("warnings_benchmark", REPO / "benchmarks" / "warnings.py")
_bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_bench)
VARIANTS, build_variants, drop_targets = _bench.VARIANTS, _bench.build_variants, _bench.drop_targets

ROUNDS = 40
ROOT = "VASSAL.build.module.map.PieceMover.performDrop"
# (what the share is of, the method whose frames on a sample's stack count it)
PARTS = (
    ("the move's chat line shown (Chatter.show)", "VASSAL.build.module.Chatter.show"),
    ("the moved unit's name (MoveSummary.getPieceName)", "VASSAL.build.module.map.MovementReporter$MoveSummary.getPieceName"),
    ("  of it, BeanShell (ExpressionInterpreter.evaluate)", "VASSAL.script.ExpressionInterpreter.evaluate"),
    ("    of it, parsing `_xyzzy=_plugh();` anew (bsh.Parser.Line)", "bsh.Parser.Line"),
    ("    of it, the expression's own work (bsh.BshMethod.invoke)", "bsh.BshMethod.invoke"),
    ("the unit marked moved (PieceMover.markMoved)", "VASSAL.build.module.map.PieceMover.markMoved"),
    ("the drop's target stack (Map.findAnyPiece)", "VASSAL.build.module.Map.findAnyPiece"),
    ("pieces' states copied (Decorator.getState)", "VASSAL.counters.Decorator.getState"),
    ("any Calculated Property (CalculatedProperty.getProperty)", "VASSAL.counters.CalculatedProperty.getProperty"),
)
SETTINGS = """<?xml version="1.0" encoding="UTF-8"?>
<configuration version="2.0" label="modgen drop profile">
  <event name="jdk.ExecutionSample"><setting name="enabled">true</setting><setting name="period">1 ms</setting></event>
</configuration>
"""


def profile(vmod: Path, game_id: str, rounds: int, work: Path) -> tuple[float, int, Counter]:
    """(median ms of the loop's drops, samples inside performDrop, samples per part): one engine start."""
    setup, _ = largest_setup(vmod)
    targets = drop_targets(vmod, game_id, setup)
    recording, settings = work / f"{vmod.parent.name}.jfr", work / "drop.jfc"
    settings.write_text(SETTINGS)
    loop = {"op": "drop-loop", "map": MAIN_MAP, "pieces": [p for p, _ in targets], "points": [list(xy) for _, xy in targets],
            "rounds": rounds}
    before = os.environ.get("JAVA_TOOL_OPTIONS")
    os.environ["JAVA_TOOL_OPTIONS"] = (f"-XX:FlightRecorderOptions:stackdepth=1024 -XX:StartFlightRecording=settings={settings}"
                                      f" -Xlog:jfr+startup=error -Dmodgen.jfr.dump={recording}")
    try:
        res = run_engine(vmod, setup=setup, images=False, actions=[loop], timeout=900, ignore=[*ENGINE_36_ARTIFACTS, "Picked up JAVA_TOOL_OPTIONS"])
    finally:
        if before is None:
            del os.environ["JAVA_TOOL_OPTIONS"]
        else:
            os.environ["JAVA_TOOL_OPTIONS"] = before
    if not res.ok:
        raise SystemExit(res.describe())
    (done,) = [a for a in res.of_kind("action") if a["op"] == "drop-loop"]
    drops = done["drop_ms"][len(targets):]  # the first round warms the JVM
    printed = subprocess.run(["jfr", "print", "--json", "--stack-depth", "1024", "--events", "jdk.ExecutionSample", str(recording)],
                             capture_output=True, text=True, check=True).stdout
    inside, parts = 0, Counter()
    for event in json.loads(printed)["recording"]["events"]:
        frames = event["values"]["stackTrace"]["frames"]
        names = {f'{f["method"]["type"]["name"].replace("/", ".")}.{f["method"]["name"]}' for f in frames}
        if ROOT not in names:
            continue
        inside += 1
        parts.update(label for label, method in PARTS if method in names)
    return statistics.median(drops), inside, parts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="galicia1914")
    ap.add_argument("--rounds", type=int, default=ROUNDS, help="rounds of drops of every unit of the set-up")
    args = ap.parse_args(argv)
    missing = engine_available() or (None if shutil.which("jfr") else "no `jfr` tool (the JDK's)")
    if missing:
        print(missing)
        return 1
    with tempfile.TemporaryDirectory(prefix="modgen-bench-drop-") as tmp:
        for game_id in args.games.split(","):
            modules = build_variants(game_id, Path(tmp) / game_id)
            found = {variant: profile(modules[variant], game_id, args.rounds, Path(tmp)) for variant in VARIANTS}
            print(f"{game_id}: share of a drop's samples (performDrop) | " + " | ".join(VARIANTS))
            print(f"  {'median drop (ms)':<58} | " + " | ".join(f"{found[v][0]:7.3f}" for v in VARIANTS))
            print(f"  {'samples':<58} | " + " | ".join(f"{found[v][1]:7d}" for v in VARIANTS))
            for label, _ in PARTS:
                print(f"  {label:<58} | " + " | ".join(f"{100 * found[v][2][label] / max(1, found[v][1]):6.1f}%" for v in VARIANTS))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
