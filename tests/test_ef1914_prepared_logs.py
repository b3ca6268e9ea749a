"""The Eastern Front in WW1: a Prepared Attack marker placed on a unit that did not move (8.4), in logs the real VASSAL
engine recorded (issue 26), all in ONE engine start (tests/engine_logs.py), each from a composed save.

Rulebook: The Eastern Front in WW1: 1914, Twilight in the East, Living Rules (June 2014), 8.4: "During the Movement
Phase a unit may expend three MPs and place a Prepared Attack marker. ... Important: Units cannot place Prepared
Attack markers during the Counter Movement Phase." Restrictions: "Only non-demoralized infantry and artillery units
can place Prepared Attack markers; Cavalry units cannot do so." 5.4: in the Counter Movement Phase the non-phasing
player moves. (A unit that moved and took on the marker: tests/test_ef1914_logs.py, priced by the core.)

The saves: the Russian infantry division 27/3 (MA 7) in 33.24 and the cavalry division 2 in 33.26, each alone in its
hex, the German 1/1 in 45.19 (far from both), one Prepared Attack marker in the empty hex 33.28; each log drops that
marker on one unit (step 1) and nothing else moves.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from modgen.check.logcheck import check_log
from modgen.rules.ef1914_log import PA_FORBIDDEN
from modgen.vmod.compose import Composer
from tests.conftest import require_engine
from tests.engine_logs import engine_logs
from tests.test_rules_ef1914_supply import blank

MAIN = "Main Map"
LOGS = {  # name -> (moment of the save, the unit the marker is dropped on, the findings expected)
    # The Russian Movement Phase: 27/3 spends 3 of its 7 MP without moving: legal.
    "infantry": ((1, "russian", "Movement"), "33.24", []),
    # The same phase, the cavalry division 2: "Cavalry units cannot do so": 8.4 at step 1.
    "cavalry": ((1, "russian", "Movement"), "33.26", [(1, "8.4", PA_FORBIDDEN, ("ru-2c",))]),
    # The Central Powers' turn, its Counter Movement Phase (the Russians move): "Units cannot place Prepared Attack
    # markers during the Counter Movement Phase": 8.4 at step 1.
    "counter": ((1, "cp", "Counter Movement"), "33.24", [(1, "8.4", PA_FORBIDDEN, ("ru-27-3",))]),
}


@pytest.fixture(scope="module")
def logs(ef_game, ef_module, tmp_path_factory) -> dict[str, Path]:
    require_engine()
    tmp = tmp_path_factory.mktemp("ef_prepared_logs")
    composer = Composer(ef_game)
    jobs = {}
    for name, (moment, target, _) in LOGS.items():
        pos = blank(ef_game).unit("ru-27-3", "33.24").unit("ru-2c", "33.26").unit("de-1-1", "45.19")
        pos.marker("prepared-attack", "33.28").set_turn(*moment).set_scenario("tannenberg")
        _, x, y = ef_game.map.centre(target)
        drop = {"op": "move", "piece": ef_game.gpid("marker", "prepared-attack"), "map": MAIN, "x": x, "y": y}
        jobs[name] = (composer.write(pos, tmp / f"{name}.vsav"), [drop])
    return engine_logs(ef_module, {k: (save, [], acts) for k, (save, acts) in jobs.items()}, tmp)  # one start


@pytest.mark.parametrize("name", list(LOGS))
def test_a_prepared_attack_marker_on_a_unit_that_did_not_move(logs, ef_module, name):
    report = check_log(logs[name], ef_module)
    got = [(f.step, f.finding.rule, f.finding.title, f.finding.units) for f in report.findings]
    assert got == LOGS[name][2], "\n".join(f"step {f.step}: {f.finding.rule} {f.finding.title}: {f.finding.message}"
                                          for f in report.findings)
    assert all(f.finding.hexes == (LOGS[name][1],) and "without moving" in f.finding.message for f in report.findings)
