"""A game made with `modgen new` warns as the shipped games do (issue 25), from what its game.yaml
`checks:` declares, in the real engine. The declarations (counters/demo/game.yaml, as tests/
test_declared_rules.py reads them): stacking 5.1 "at most 4 steps in a hex at the end of a Movement Phase";
enemies 5.2, always; prohibited TEC "Lake: prohibited"; arrivals 8.1, "reinforcements enter in their own
turn". Added here as there: rd-2 and rd-3 (2 steps each) in 0303, rd-4 arriving on turn 3, a lake in 0505.

In Red's Movement Phase of turn 1: rd-1 joins 0303 (6 steps: over 4, legal while moving), rd-4 is dropped
on 0707 two turns early (8.1 at once), then into the lake 0505 (TEC at once); Next ends the Movement
Phase: one 5.1 warning for 0303. The engine's save of that moment holds each warned finding.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from modgen.check.run import check_saves
from modgen.engine import run_engine
from modgen.loader import load_game
from modgen.vassal.module import read_module
from modgen.vassal.savefile import read_game_data

from .conftest import require_engine
from .test_conformance_chat import MAIN, _property
from .test_conformance_warnings import _warnings
from .test_declared_rules import make_demo


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict:
    require_engine()
    root = tmp_path_factory.mktemp("newgame")
    module = make_demo(root)
    game = load_game(root, "demo")
    setup, setup_file = next((n, f) for n, f in read_module(module).setups.items() if f)
    with zipfile.ZipFile(module) as z:
        start = read_game_data(z.read(setup_file), setup_file)
    piece = {_property(r, "UnitId"): r for r in start.pieces if _property(r, "UnitId")}

    def drop(uid: str, hex_id: str) -> dict:
        _, x, y = game.map.centre(hex_id)
        return {"op": "move", "piece": piece[uid].id, "map": MAIN, "x": x, "y": y}

    out = root / "played.vsav"
    res = run_engine(module, setup=setup, images=False, side="Red", save_as=out,
                     actions=[drop("rd-1", "0303"), drop("rd-4", "0707"), drop("rd-4", "0505"), {"op": "turn-next"}])
    return {"res": res, "save": out, "module": module}


def test_a_new_game_warns_from_its_declared_checks_each_at_its_moment(played) -> None:
    res = played["res"]
    assert res.ok, res.describe()
    stack, early, lake, leave = res.of_kind("action")
    assert _warnings(stack) == [], stack["chat"]
    assert _warnings(early) == ["* ! 8.1 Reinforcement on the map before its turn: RD 4 in 0707"], early["chat"]
    assert sorted(_warnings(lake)) == ["* ! 8.1 Reinforcement on the map before its turn: RD 4 in 0505",
                                       "* ! TEC Unit in prohibited terrain (Lake): RD 4 in 0505"], lake["chat"]
    (line,) = _warnings(leave)
    assert line == "* ! 5.1 Over-stacked: 6 steps in 0303, limit 4 steps (end of Red Movement)", line


def test_a_new_game_s_warnings_are_its_checker_s_findings(played) -> None:
    found = {(f.rule, f.hexes) for f in check_saves([played["save"]], played["module"]).saves[0].findings}
    assert {("5.1", ("0303",)), ("TEC", ("0505",)), ("8.1", ("0505",))} <= found, sorted(found)
