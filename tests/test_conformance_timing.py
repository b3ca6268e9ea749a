"""Conformance: the harness's timing ops, which the benchmarks read (benchmarks/warnings.py,
benchmarks/drop_profile.py), in the real engine on Galicia's set-up.

- `move` times VASSAL's drop (`drop_ms`) and the drop as the player sees it, its repaint painted
  (`shown_ms`): the second holds the first;
- `repaint` paints the map's window whole, `count` times;
- `drop-loop` drops each piece of its list onto the point its round gives it, as `move` drops one: the
  pieces end where the last round put them, on those hexes.
"""

from __future__ import annotations

import pytest

from modgen.conventions import MAIN_MAP
from modgen.engine import run_engine
from modgen.loader import load_game

from .conftest import REPO, built, require_engine

GAME = "galicia1914"


@pytest.fixture(scope="module")
def timed(tmp_path_factory) -> dict:
    require_engine()
    game = load_game(REPO, GAME)
    scenario = game.primary_scenario
    occupied = {p.hex for p in scenario.setup if p.hex}
    closed = {t for t, kind in game.map.terrain_types.items() if kind.prohibited or kind.prohibited_for}
    free = [h for h in game.map.hex_ids() if h not in occupied and game.map.terrain[h] not in closed]
    hexes = [free[len(free) // 3], free[2 * len(free) // 3], free[len(free) // 2]]
    units = [p.unit for p in scenario.setup if p.hex][:2]
    gpids = [game.gpid("unit", u) for u in units]
    points = [list(game.map.centre(h)[1:]) for h in hexes[:2]]
    x, y = game.map.centre(hexes[2])[1:]
    actions = [
        {"op": "repaint", "map": MAIN_MAP, "count": 3},
        {"op": "drop-loop", "map": MAIN_MAP, "pieces": gpids, "points": points, "rounds": 2},
        {"op": "move", "piece": gpids[0], "map": MAIN_MAP, "x": x, "y": y},
    ]
    res = run_engine(built(tmp_path_factory, REPO, GAME), setup=scenario.name, images=False, actions=actions)
    assert res.ok, res.describe()
    records = {a["op"]: a for a in res.of_kind("action")}
    return {"records": records, "hexes": hexes, "points": points}


def test_a_move_times_the_drop_and_the_drop_shown(timed) -> None:
    move = timed["records"]["move"]
    assert move["to"]["location"] == timed["hexes"][2]
    assert 0 < move["drop_ms"] <= move["shown_ms"]


def test_repaint_paints_the_map_window_count_times(timed) -> None:
    repaint = timed["records"]["repaint"]
    assert len(repaint["paint_ms"]) == 3 and all(t > 0 for t in repaint["paint_ms"])
    assert repaint["visible"]["width"] > 0 and repaint["visible"]["height"] > 0


def test_a_drop_loop_leaves_each_piece_where_its_last_round_dropped_it(timed) -> None:
    loop = timed["records"]["drop-loop"]
    assert len(loop["drop_ms"]) == 4 and all(t > 0 for t in loop["drop_ms"])
    # round 1 of 2: piece k onto point (k + 1) mod 2
    hexes, points = timed["hexes"], timed["points"]
    assert [(e["map"], e["location"], [e["x"], e["y"]]) for e in loop["ended"]] == [
        (MAIN_MAP, hexes[1], points[1]), (MAIN_MAP, hexes[0], points[0])]
