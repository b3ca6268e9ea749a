"""The Eastern Front in WW1, supply markers in a turn's log (issue 23): logs the real VASSAL engine
recorded (``run_engine(actions=...)``: the turn tracker's Next pressed from a save), checked step by
step.

Rulebook: The Eastern Front in WW1: 1914, Twilight in the East, Rule Book, Living Rules (June 2014),
14.0: "The supply state of a player's units is determined once per GT during the friendly Supply
Phase; once a unit is determined to be in Low Supply or Out of Supply, it remains so until its status
is checked anew during the next friendly Supply Phase."

Reasoned before the checker ran: 28/20 stands two hexes from a Russian RR line (14.2.3: In Supply)
and bears an Out of Supply marker. A log that plays the Russian Supply Phase through to its end shows
the marker disagreeing with the position of that phase: one error, at the step that pressed Next to
end the Supply Phase (step 2: Pontoon Bridge -> Supply is step 1). A log that starts in the Movement
Phase shows a marker set in a Supply Phase whose position units have left since: no error at any step.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from modgen.check.logcheck import check_log
from modgen.rules.ef1914 import SUPPLY_TITLE
from modgen.vmod.compose import Composer
from tests.conftest import require_engine
from tests.engine_logs import engine_logs
from tests.test_rules_ef1914_supply import blank, place

RU_DIV = "ru-28-20"
NEXT = {"op": "turn-next"}
LOGS = {  # name -> (moment of the save the log starts from, Next presses, the findings expected)
    "through-supply": ((3, "russian", "Pontoon Bridge"), 4, [(2, "14.4", SUPPLY_TITLE, (RU_DIV,))]),
    "after-movement-began": ((3, "russian", "Movement"), 2, []),
}


@pytest.fixture(scope="module")
def logs(ef_game, ef_module, tmp_path_factory) -> dict[str, Path]:
    """Both logs, recorded by the engine (one start, tests/engine_logs.py) from saves of the marked 28/20."""
    require_engine()
    tmp = tmp_path_factory.mktemp("ef_supply_logs")
    hex_id, _ = place(ef_game, "russian", 2)
    composer = Composer(ef_game)
    jobs = {}
    for name, (moment, presses, _) in LOGS.items():
        pos = blank(ef_game).unit(RU_DIV, hex_id).marker("out-of-supply", hex_id, under=RU_DIV)
        pos.set_turn(*moment).set_scenario("tannenberg")
        jobs[name] = (composer.write(pos, tmp / f"{name}.vsav"), presses)
    return engine_logs(ef_module, {k: (save, [], [NEXT] * presses) for k, (save, presses) in jobs.items()}, tmp)  # one start


@pytest.mark.parametrize("name", list(LOGS))
def test_the_marker_is_an_error_only_at_the_end_of_the_supply_phase(logs, ef_module, name):
    report = check_log(logs[name], ef_module)
    got = [(f.step, f.finding.rule, f.finding.title, f.finding.units) for f in report.findings]
    assert got == LOGS[name][2], "\n".join(f"step {f.step}: {f.finding.rule} {f.finding.title}: {f.finding.message}"
                                          for f in report.findings)
