"""Write the sample saves under samples/<game>/ (deterministic: same data, same bytes).

    .venv/bin/python samples/make_samples.py [--build build]

start.vsav   the scenario's set-up as a real save (savedata + moduledata): must check clean.
illegal.vsav GT 3, Russian Movement Phase, with deliberate violations (see ILLEGAL below);
             its findings are pinned in illegal.expected.json (reviewed by hand, not written here).
reinforcements.vsav  GT 4, Russian Reinforcement Phase: two A-H divisions pushed next to the Lublin -
             Lukow railway and the Russian GT 4 arrivals placed, three where 14.0 / 14.1 forbid (PLACED);
             pinned in reinforcements.expected.json.
Saves name the module in build/ (its name and version) and use its piece definitions.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from modgen.vmod.compose import Composer, Position, from_scenario  # noqa: E402
from modgen.check.reader import module_identity  # noqa: E402
from modgen.loader import load_game  # noqa: E402
from modgen.model import Game  # noqa: E402
from modgen.vassal.module import read_module  # noqa: E402

GAME = "galicia1914"

# What illegal.vsav breaks, rule by rule (the pinned list must show each of these, nothing else)
ILLEGAL = """\
5.1  8.14: four full A-H divisions (8 steps)
5.3  2.05: Landsturm brigade ah-ls-110 (attack 1) on top of ah-inf-35 (attack 5)
13.0 3.15: Russian ru-inf-3 in Fortress Przemysl (its garrison ah-ls-111, ah-ls-93 eliminated)
4.5  5.01: A-H cavalry ah-cav-5 in hex-row X.01 on GT 3
TEC  swamp: ah-inf-27 in the swamp hex nearest 8.16
14.0 4.01: ru-inf-48 (arrives GT 4) on the map on GT 3
2.1  7.08: ah-ls-105 (released GT 4) off its set-up hex 7.09 on GT 3
11.4 15.03: ru-inf-42 in supply, but an Out-of-Supply marker under it
15.1 Russia records 0 VP with two non-Ersatz A-H units eliminated
"""


def nearest(game: Game, hexes: list[str], to: str) -> str:
    geo = game.map.boards[0].geometry
    return min(sorted(hexes), key=lambda h: geo.distance(h, to))


def illegal_position(game: Game) -> Position:
    pos = from_scenario(game)
    sc = next(iter(game.scenarios.values()))
    # GT 2 reinforcements have arrived (except the Przemysl garrison brigade ah-ls-97)
    for r in sc.reinforcements:
        if r.turn == 2 and r.unit != "ah-ls-97":
            pos.unit(r.unit, r.hexes[0])
    pos.set_turn(3, "russian", "Movement")
    pos.move_marker_to_box("gt", f"{game.turns.label} 3", back=True)  # 3.1: flipped to its Russian side

    for uid in ("ah-inf-25", "ah-inf-13", "ah-inf-41"):  # 5.1
        pos.unit(uid, "8.14")
    pos.in_box("Eliminated Austria-Hungary", "unit", "ah-ls-111")  # 13.0 (and 15.1 VP for Russia)
    pos.in_box("Eliminated Austria-Hungary", "unit", "ah-ls-93")
    pos.unit("ru-inf-3", "3.15")
    pos.unit("ah-cav-5", "5.01")  # 4.5
    swamp = [h for h, t in game.map.terrain.items() if game.map.terrain_types[t].prohibited]
    pos.unit("ah-inf-27", nearest(game, swamp, "8.16"))  # TEC
    pos.unit("ru-inf-48", "4.01")  # 14.0
    pos.unit("ah-ls-105", "7.08")  # 2.1
    for h in list(pos.hexes):
        pos.restack(h)
    pos.unit("ah-ls-110", "2.05")  # 5.3: on top, after the restacking
    pos.marker("supply", "15.03", back=True, under="ru-inf-42")  # 11.4
    pos.marker("supply", "3.15", back=True, under="ru-inf-3")  # correctly marked: out of supply in Przemysl
    pos.set_vp("russian", 0)
    pos.set_vp("ah", 0)
    pos.description = "Deliberately illegal position (modgen check sample)"
    return pos


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
    module = read_module(vmod)
    composer = Composer(game)
    unknown = [d.gpid for d in composer.defs.values() if d.gpid not in module.slots]
    if unknown or (name, version) != (game.title, game.version):
        print(f"{vmod}: does not match the game data (rebuild it)", file=sys.stderr)
        return 2
    out = ROOT / "samples" / GAME
    out.mkdir(parents=True, exist_ok=True)
    start = from_scenario(game)
    start.description = "Campaign set-up (modgen check sample)"
    composer.write(start, out / "start.vsav", module_name=name, module_version=version)
    composer.write(illegal_position(game), out / "illegal.vsav", module_name=name, module_version=version)
    composer.write(reinforcements_position(game), out / "reinforcements.vsav", module_name=name, module_version=version)
    print(f"wrote {out / 'start.vsav'}, {out / 'illegal.vsav'} and {out / 'reinforcements.vsav'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
