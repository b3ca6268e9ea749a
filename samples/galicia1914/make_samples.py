"""Write Galicia's reinforcement sample save (deterministic: same data, same bytes).

    .venv/bin/python samples/galicia1914/make_samples.py [--build build]

reinforcements.vsav  GT 4, Russian Reinforcement Phase: the campaign set-up, the GT marker on GT 4, two
                     A-H divisions pushed next to the Lublin - Lukow railway, and the Russian GT 4 arrivals
                     placed, three of them where Battle for Galicia 1914 (rules of play, English edition)
                     14.0 / 14.1 forbid; its findings are pinned in reinforcements.expected.json (reasoned
                     from the rules by hand, not written here).
(start.vsav and illegal.vsav are written by samples/make_samples.py.)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from modgen.check.reader import module_identity  # noqa: E402
from modgen.loader import load_game  # noqa: E402
from modgen.model import Game  # noqa: E402
from modgen.vmod.compose import Composer, Position, from_scenario  # noqa: E402

GAME = "galicia1914"
PLACED = {  # the Russian GT 4 arrivals: unit -> hex (what each breaks, if anything)
    "ru-inf-48": "5.01",  # 14.0: "48 - 3.01 or 4.01"
    "ru-inf-3rf": "4.01",  # legal
    "ru-inf-23": "16.19",  # 14.0/14.1: an RR hex, but not on the line between 16.26 & 19.23
    "ru-inf-80r": "19.23",  # 14.1: on the line, in the EZOC of ah-inf-4 (19.22), while 16.24 qualifies clear
    "ru-inf-37": "16.24",  # legal
    "ru-cav-4-5dcs": "18.16",  # legal: on the line between 19.17 & 19.16
}


def reinforcements_position(game: Game) -> Position:
    pos = from_scenario(game).set_turn(4, "russian", "Reinforcement")
    pos.move_marker_to_box("gt", f"{game.turns.label} 4", back=True)  # 3.1: advanced, flipped to its Russian side
    pos.unit("ah-inf-4", "19.22").unit("ah-inf-13", "18.22")  # ZOC: 19.23; 17.22, 17.23, 18.23
    for uid, hex_id in PLACED.items():
        pos.unit(uid, hex_id)
    for h in list(pos.hexes):
        pos.restack(h)
    pos.set_vp("russian", 0)
    pos.set_vp("ah", 0)
    pos.description = "Reinforcements placed where 14.0 / 14.1 forbid (modgen check sample)"
    return pos


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=str(ROOT / "build"))
    args = ap.parse_args(argv)
    vmod = Path(args.build) / f"{GAME}.vmod"
    if not vmod.exists():
        print(f"{vmod}: not built; run `python -m modgen build {GAME}` first", file=sys.stderr)
        return 2
    game = load_game(ROOT, GAME)
    name, version = module_identity(vmod)
    if (name, version) != (game.title, game.version):
        print(f"{vmod}: does not match the game data (rebuild it)", file=sys.stderr)
        return 2
    out = ROOT / "samples" / GAME / "reinforcements.vsav"
    Composer(game).write(reinforcements_position(game), out, module_name=name, module_version=version)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
