"""Write Holland '44's sample saves with our writer: a legal start and an illegal position.

start.vsav: the campaign set-up, Turn 1, Allied Movement Phase: clean.
illegal.vsav: the same with eight findings, pinned in illegal.expected.json.
Run from the repository root: .venv/bin/python samples/holland44/make_samples.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from modgen.vmod.compose import Composer, from_scenario  # noqa: E402
from modgen.loader import load_game  # noqa: E402

HERE = Path(__file__).resolve().parent


def main() -> None:
    game = load_game(ROOT, "holland44")
    composer = Composer(game)
    start = from_scenario(game, game.scenarios["campaign"]).set_turn(1, "allied", "Movement")
    start.description = "Holland '44 campaign, Turn 1, Allied Movement Phase: the set-up"
    composer.write(start, HERE / "start.vsav")

    bad = from_scenario(game, game.scenarios["campaign"]).set_turn(3, "allied", "Supply")
    bad.description = "Holland '44, Turn 3, Allied Supply Phase: eight findings of the rules"
    # 6.1: three British battalions and two free-stacking artillery units in one hex (a clear hex)
    for u in ("gb-cg-5", "gb-ig-3", "gb-wg-1", "gb-gds-55", "gb-gds-153"):
        bad.unit(u, "2005")
    # 8.6.2: a tank in the Peel marsh, off the road
    bad.unit("gb-ig-2", "3116")
    # 19.4: a German unit in Allied entry area O
    bad.in_box("Entry O", "unit", "de-10ss-heinke")
    # 5.7.1: the Nijmegen road bridge can never be blown
    bad.marker_on_hexside("blown", "5321", "5421")
    # 27.3.1: Segler is removed at the start of Turn 3
    # (it stays on 1408 from the set-up)
    # 18.1: an Allied unit on Hell's Highway marked Out of Supply in the Supply Phase
    bad.unit("gb-gg-1", "1703").marker("oos", "1703", under="gb-gg-1")
    composer.write(bad, HERE / "illegal.vsav")


if __name__ == "__main__":
    main()
