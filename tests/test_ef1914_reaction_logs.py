"""The Eastern Front in WW1: cavalry reactions (9.1) in logs the real VASSAL engine recorded (issue 26), all in ONE
engine start (tests/engine_logs.py), each from a composed save.

Rulebook: The Eastern Front in WW1: 1914, Twilight in the East, Living Rules (June 2014), 9.1 Cavalry Reaction
Movement: "Trigger 1: an enemy unit moves adjacent to a cavalry unit that is not already adjacent to any enemy unit,
or Trigger 2: an enemy unit moves from one hex adjacent to a cavalry unit into another hex that is adjacent to that
same cavalry unit or any other friendly unit. ... the friendly cavalry unit may immediately move one hex."
"Cavalry units that are both Demoralized (7.3) and Out of Supply cannot exercise Cavalry Reaction"; 7.4 PLAY NOTE
"Disordered units are simply Demoralized units". 8.1 / 8.3: the German infantry division 1/1 has MA 7 and may add 3
by forced march: 10 MP, at most 6 hexes at the map's cheapest 1 1/2 MP a hex (the primary road, authored).

The saves: the Central Powers' Movement Phase of GT 1; the Russian cavalry divisions 2 in 33.24 and 3 in 25.30, the
German 1/1 in 33.28, four hexes south of 33.24 along the clear column 33.xx and seven or more from every hex next to
25.30; no other unit. 1/1 moves to 33.25, next to 2c (three clear hexes, 6 MP + 1 entering its ZOC: 7).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from modgen.check.logcheck import check_log
from modgen.rules.ef1914_reaction import REACTION_TITLE
from modgen.vmod.compose import Composer
from tests.conftest import require_engine
from tests.engine_logs import engine_logs
from tests.test_rules_ef1914_supply import blank

MAIN = "Main Map"
LOGS = {  # name -> (markers under 2c, the logged moves, the findings expected)
    # Step 1: 1/1 to 33.25, next to 2c (Trigger 1); step 2: 2c reacts one hex, to 33.23: legal. Step 3: 3c moves one
    # hex, 25.30 -> 25.29: no German unit could have come next to it (1/1, the only one to move, is 7 hexes or more
    # from every hex next to 25.30, more than 6): 9.1 at step 3.
    "trigger": ((), [("de-1-1", "33.25"), ("ru-2c", "33.23"), ("ru-3c", "25.29")],
                [(3, "9.1", REACTION_TITLE, ("ru-3c",))]),
    # 2c under a Disorder and an Out of Supply marker: triggered as above, but "cannot exercise Cavalry Reaction":
    # 9.1 at step 2.
    "demoralized": (("disorder", "out-of-supply"), [("de-1-1", "33.25"), ("ru-2c", "33.23")],
                    [(2, "9.1", REACTION_TITLE, ("ru-2c",))]),
}


@pytest.fixture(scope="module")
def logs(ef_game, ef_module, tmp_path_factory) -> dict[str, Path]:
    require_engine()
    tmp = tmp_path_factory.mktemp("ef_reaction_logs")
    composer = Composer(ef_game)
    jobs = {}
    for name, (markers, moves, _) in LOGS.items():
        pos = blank(ef_game).unit("ru-2c", "33.24").unit("ru-3c", "25.30").unit("de-1-1", "33.28")
        for marker in markers:
            pos.marker(marker, "33.24", under="ru-2c")
        pos.set_turn(1, "cp", "Movement").set_scenario("tannenberg")
        acts = []
        for unit, hex_id in moves:
            _, x, y = ef_game.map.centre(hex_id)
            acts.append({"op": "move", "piece": ef_game.gpid("unit", unit), "map": MAIN, "x": x, "y": y})
        jobs[name] = (composer.write(pos, tmp / f"{name}.vsav"), acts)
    return engine_logs(ef_module, {k: (save, [], acts) for k, (save, acts) in jobs.items()}, tmp)  # one start


@pytest.mark.parametrize("name", list(LOGS))
def test_a_cavalry_reaction_stands_only_where_the_log_allows_one(logs, ef_module, name):
    report = check_log(logs[name], ef_module)
    got = [(f.step, f.finding.rule, f.finding.title, f.finding.units) for f in report.findings]
    assert got == LOGS[name][2], "\n".join(f"step {f.step}: {f.finding.rule} {f.finding.title}: {f.finding.message}"
                                          for f in report.findings)


def test_the_findings_say_why(logs, ef_module):
    no_trigger = check_log(logs["trigger"], ef_module).findings[0].finding.message
    assert "no unit of the side moving could have come next to it" in no_trigger and "25.30 -> 25.29" in no_trigger
    demoralized = check_log(logs["demoralized"], ef_module).findings[0].finding.message
    assert "Disorder and an Out of Supply marker" in demoralized
