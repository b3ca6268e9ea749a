"""Write The Eastern Front in WW1's sample saves with our writer: a legal start and an illegal position.

start.vsav: the Tannenberg set-up, GT 1, the Russian Reinforcement, Withdrawal and Activation Phase (the
first phase of play, before either side's first Supply Phase has set supply markers): clean.
illegal.vsav: the same set-up on GT 3, Central Powers Attack Phase, with eight breaches, pinned in
illegal.expected.json (reasoned from the rules text before the checker ran); its two supply markers are
information there (14.0: a supply state is fixed in the friendly Supply Phase, and units have moved since).
supply.vsav: the same two supply markers on GT 3 in the Central Powers RR Engineering Phase, right after the CP
Supply Phase and before anything moves: there they are compared, two errors (supply.expected.json).
Run from the repository root: .venv/bin/python samples/ef1914/make_samples.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from modgen.vmod.compose import Composer, from_scenario  # noqa: E402
from modgen.loader import load_game  # noqa: E402

HERE = Path(__file__).resolve().parent
# 4.2.5's order in a hex without an IP, bottom first: anything else, supply, artillery, fortress, infantry,
# cavalry on top; the largest (most steps) of a kind above the smaller ones
STACK_RANK = {"corps_train": 1, "minor_depot": 1, "major_depot": 1, "artillery": 2, "fortress": 3, "fort": 3,
              "infantry": 4, "cavalry": 5}


def in_stack_order(pos, hex_id: str) -> None:
    """Reorder a hex of units (no markers) as 4.2.5 stacks them, so that only the breach meant is shown."""
    units = pos.game.units
    pos.hexes[hex_id].sort(key=lambda it: (STACK_RANK.get(units[it.id].type, 0), units[it.id].front.attack))
    pos.restack(hex_id)


def main() -> None:
    game = load_game(ROOT, "ef1914")
    composer = Composer(game)
    scenario = game.scenarios["tannenberg"]
    first_phase = game.turns.phases[0]
    start = from_scenario(game, scenario).set_turn(1, "russian", first_phase)
    start.description = f"The Eastern Front in WW1, Tannenberg, GT 1, Russian {first_phase} Phase: the set-up"
    composer.write(start, HERE / "start.vsav")

    bad = from_scenario(game, scenario).set_turn(3, "cp", "Attack")
    bad.description = "The Eastern Front in WW1, Tannenberg, GT 3, CP Attack Phase: eight breaches of the rules"
    # 4.2: three more full German divisions join 36/17 in 44.22 (four division-equivalents)
    for u in ("de-1r-1r", "de-36r-1r", "de-3r"):
        bad.unit(u, "44.22")
    # 4.2: hv 1 and hv 1 R join hv 17 (with 35/17 and the 17 Corps Train) in 46.23: three artillery units
    for u in ("de-hv-1", "de-hv-1r"):
        bad.unit(u, "46.23")
    # 9.5: the Russian hv 2A alone in 63.36, next to the German 37/20 in 63.35 (plain hexside)
    bad.unit("ru-hv-2a", "63.36")
    # 9.9: the Virbalis depot in 39.19, next to the German 1/1 in 40.19
    bad.unit("ru-dep-vir", "39.19")
    # 12.1: the Thorn fortress one hex from its set-up hex 81.40
    bad.unit("de-thorn", "81.41")
    # 12.4: KG (garrison dot without a number) out of the Konigsberg fortress hex 61.17
    bad.unit("de-kg", "61.18")
    for hex_id in ("44.22", "46.23"):
        in_stack_order(bad, hex_id)
    # 14.4: the Insterburg depot, on its station with its LOC (the double-track line west to the map edge), is
    # marked Out of Supply
    bad.marker("out-of-supply", "48.19", under="de-dep-ins")
    # 14.4 / 14.4.1: 70 lw, alone in 55.45, nine hexes inside Russian Poland and twelve from any German RR line,
    # carries no Out of Supply marker
    bad.unit("de-70lw", "55.45")
    composer.write(bad, HERE / "illegal.vsav")

    markers = from_scenario(game, scenario).set_turn(3, "cp", "RR Engineering")
    markers.description = ("The Eastern Front in WW1, Tannenberg, GT 3, CP RR Engineering Phase: two supply markers "
                           "that disagree with the Supply Phase's position")
    markers.marker("out-of-supply", "48.19", under="de-dep-ins")
    markers.unit("de-70lw", "55.45")
    composer.write(markers, HERE / "supply.vsav")


if __name__ == "__main__":
    main()
