"""One sample log recorded by the real VASSAL engine (conformance harness), for the samples' scripts:
the predefined set-up whose name holds the scenario's, the actions between begin-log and end-log."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from modgen.engine import run_engine
from modgen.vassal.module import read_module


def record(module: Path, scenario_name: str, actions: list, out: Path) -> None:
    setup = next(n for n, f in read_module(module).setups.items() if f and scenario_name in n)
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / out.name
        res = run_engine(module, setup=setup, images=False,
                         actions=[{"op": "begin-log", "file": str(log)}, *actions, {"op": "end-log"}])
        if not res.ok:
            raise SystemExit(f"{out}: the engine reported problems:\n{res.describe()}")
        shutil.copyfile(log, out)
    print(f"wrote {out}")
