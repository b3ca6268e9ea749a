"""Record Ostatnia Wojna Cesarzy's sample logs with the real VASSAL engine (conformance harness).

    .venv/bin/python samples/owc1914/make_sample_logs.py [--build build]

turn.vlog          scenario C (Ofensywa Hindenburga) set-up, stage 8, the Allied player-turn: Next six times to
                   the Normal movement phase (past the reserve movement phases, game.yaml turns.phases), three legal
                   moves (tests/test_owc1914_logs.py says why each is legal), Next to the reserve phase after it: clean.
turn-illegal.vlog  the same start, four moves that break 5.1.6 (twice: terrain, then only by an enemy line of
                   control, 6.2.1), 6.2.2 and 5.1.4, then Next; pinned in turn-illegal.expected.json (reasoned by
                   hand from the rules, not written here).
A log holds the date it was written, so two recordings differ in bytes; `make build` checks the committed
ones against the module it builds (modgen check-samples).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from modgen.loader import load_game  # noqa: E402
from samples.recording import record  # noqa: E402
from tests.test_log_check import NEXT  # noqa: E402
from tests.test_owc1914_logs import SCENARIO, broken, legal, to_phase  # noqa: E402

HERE = Path(__file__).resolve().parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=str(ROOT / "build"))
    module = Path(ap.parse_args().build) / "owc1914.vmod"
    game = load_game(ROOT, "owc1914")
    name = game.scenarios[SCENARIO].name
    record(module, name, [*legal(game), NEXT], HERE / "turn.vlog")
    record(module, name, [*to_phase(game, "Normal movement"), *broken(game)], HERE / "turn-illegal.vlog")


if __name__ == "__main__":
    main()
