"""Write Ostatnia Wojna Cesarzy's sample saves with our writer: a legal start and an illegal position.

start.vsav: the 1914 Campaign set-up, stage 1 (16.VIII), the Allied Supply phase: clean.
illegal.vsav: the same set-up in stage 3, the Russian Repeat attacks phase, with six breaches, pinned
in illegal.expected.json (reasoned from the rules text before the checker ran).
Run from the repository root: .venv/bin/python samples/owc1914/make_samples.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from modgen.loader import load_game  # noqa: E402
from modgen.vmod.compose import Composer, from_scenario  # noqa: E402

HERE = Path(__file__).resolve().parent


def main() -> None:
    game = load_game(ROOT, "owc1914")
    composer = Composer(game)
    scenario = game.scenarios["campaign"]
    start = from_scenario(game, scenario).set_turn(1, "allies", "Supply")
    start.description = "Ostatnia Wojna Cesarzy, the 1914 Campaign, stage 1 (16.VIII), Allied Supply phase: the set-up"
    composer.write(start, HERE / "start.vsav")

    bad = from_scenario(game, scenario).set_turn(3, "russia", "Repeat attacks")
    bad.description = "Ostatnia Wojna Cesarzy, the 1914 Campaign, stage 3, Russian Repeat attacks phase: six breaches"
    # 5.3: four more Russian corps join III Corps in 1216: five units in one hex
    for u in ("ru-1", "ru-2", "ru-4", "ru-5"):
        bad.unit(u, "1216")
    # 13: Russian VIII Corps in 4624, a hex of Romania
    bad.unit("ru-8", "4624")
    # 25: Russian VI Corps in Poznań 2301, an uncaptured German fortress
    bad.unit("ru-6", "2301")
    # 16: German XVII Corps (1413) face down under a BROKEN marker
    bad.unit("de-17", "1413", masked=True).marker("broken", "1413", under="de-17")
    # 21.2: the Russian 1st Army HQ (1119) face down
    bad.unit("ru-hq-1", "1119", masked=True)
    # 17.1: an Allied patrol face up in Piła 1901
    bad.unit("al-pat-1", "1901")
    composer.write(bad, HERE / "illegal.vsav")


if __name__ == "__main__":
    main()
