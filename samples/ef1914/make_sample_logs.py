"""Record samples/ef1914/turn.vlog with the real VASSAL engine (conformance harness): the legal turn of
tests/test_ef1914_logs.py (GT 1 from the Tannenberg set-up: the Russian Movement Phase with a rail move, the German
Counter Movement Phase; that test says why each step is legal). It checks clean.

    MODGEN_ENGINE_DIR=... .venv/bin/python samples/ef1914/make_sample_logs.py [--build build]

A log holds the date it was written, so two recordings differ in bytes.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from modgen.engine import run_engine  # noqa: E402
from modgen.loader import load_game  # noqa: E402
from modgen.vassal.module import read_module  # noqa: E402
from tests.test_ef1914_logs import plan  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=str(ROOT / "build"))
    module = Path(ap.parse_args().build) / "ef1914.vmod"
    g = load_game(ROOT, "ef1914")
    legal = next(acts for name, acts, _ in plan(g) if name == "legal")
    setup = next(n for n, f in read_module(module).setups.items() if f and g.scenarios["tannenberg"].name in n)
    out = ROOT / "samples/ef1914/turn.vlog"
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / out.name
        res = run_engine(module, setup=setup, images=False,
                         actions=[{"op": "begin-log", "file": str(log)}, *legal, {"op": "end-log"}])
        if not res.ok:
            raise SystemExit(f"{out}: the engine reported problems:\n{res.describe()}")
        shutil.copyfile(log, out)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
