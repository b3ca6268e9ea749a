"""Record the Eastern Front's sample logs with the real VASSAL engine (conformance harness).

turn.vlog          the legal turn of tests/test_ef1914_logs.py (GT 1 from the Tannenberg set-up: the Russian
                   Movement Phase with a rail move, the German Counter Movement Phase; that test says why each step
                   is legal). It checks clean.
turn-illegal.vlog  the same turn on to the Central Powers' Movement Phase (steps 1-19, legal), then three moves of
                   that test's logs, each breaking one rule: an over-long move (8.1), a move too long only by the EZOC
                   costs (4.1), a move into a Lake hex (TEC); pinned in turn-illegal.expected.json (reasoned by hand
                   from the rules, as the test's comments are, not written here).

    MODGEN_ENGINE_DIR=... .venv/bin/python samples/ef1914/make_sample_logs.py [--build build]

A log holds the date it was written, so two recordings differ in bytes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from modgen.loader import load_game  # noqa: E402
from samples.recording import record  # noqa: E402
from tests.test_ef1914_logs import plan  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=str(ROOT / "build"))
    module = Path(ap.parse_args().build) / "ef1914.vmod"
    g = load_game(ROOT, "ef1914")
    steps = plan(g)
    legal = next(acts for name, acts, _ in steps if name == "legal")
    record(module, g.scenarios["tannenberg"].name, legal, ROOT / "samples/ef1914/turn.vlog")
    to_central_powers = next(acts for name, acts, _ in steps[1:] if name == "")
    broken = [a for name in ("too_long", "ezoc", "prohibited") for a in next(acts for n, acts, _ in steps if n == name)]
    record(module, g.scenarios["tannenberg"].name, [*legal, *to_central_powers, *broken], ROOT / "samples/ef1914/turn-illegal.vlog")

if __name__ == "__main__":
    main()
