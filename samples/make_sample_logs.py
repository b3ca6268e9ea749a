"""Record the sample logs under samples/<game>/ with the real VASSAL engine (conformance harness).

    .venv/bin/python samples/make_sample_logs.py [--build build]

turn.vlog          a legal turn (the tests' legal logs: tests/test_log_check.py says why each step is legal)
turn-illegal.vlog  Galicia, GT 1 A-H: four moves that break four rules; pinned in turn-illegal.expected.json
                   (reasoned by hand from the rules, not written here)
A log holds the date it was written, so two recordings differ in bytes; `make build` checks the
committed ones against the modules it builds (modgen check-samples).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from modgen.loader import load_game  # noqa: E402
from samples.recording import record  # noqa: E402
from tests.test_log_check import NEXT, _far_clear_hex, _move, galicia_logs, holland_logs  # noqa: E402


def illegal_galicia(g) -> list:
    """Movement Phase of GT 1 (A-H): 44 Inf five clear hexes (4.1), 14 Inf into 12.24 through 13 Cav's
    ZOC (6.3), the Russian 3 Inf moves (3.2), 6 Kav into swamp 10.16 (TEC); then Combat, Record VPs."""
    return [NEXT, NEXT, _move(g, "ah-inf-44", _far_clear_hex(g, "9.13", 5)), _move(g, "ah-inf-14", "12.24"),
            _move(g, "ru-inf-3", "17.13"), _move(g, "ah-cav-6", "10.16"), NEXT, NEXT]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=str(ROOT / "build"))
    build = Path(ap.parse_args().build)
    galicia, holland = load_game(ROOT, "galicia1914"), load_game(ROOT, "holland44")
    g_mod, h_mod = build / "galicia1914.vmod", build / "holland44.vmod"
    campaign, short = galicia.scenarios["campaign"].name, holland.scenarios["short"].name
    record(g_mod, campaign, galicia_logs(galicia)["legal"][0], ROOT / "samples/galicia1914/turn.vlog")
    record(g_mod, campaign, illegal_galicia(galicia), ROOT / "samples/galicia1914/turn-illegal.vlog")
    record(h_mod, short, holland_logs(holland)["legal"][0], ROOT / "samples/holland44/turn.vlog")


if __name__ == "__main__":
    main()
