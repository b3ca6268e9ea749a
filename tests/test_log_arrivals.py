"""A reinforcement that may arrive on a later turn instead (scenario data `later:`), in logs the real
VASSAL engine recorded (Battle for Galicia 1914, rules of play, English edition, 14.0 and the
reinforcement schedule).

The schedule: GT 6 "40 ls must enter at 1.01, or else arrives on GT 7 (A-H player's choice)"; GT 7
"40 ls at 1.03, 1.05 or 1.07 (if it did not enter on GT 6)". 14.0: "Upon arrival, place the unit ON
THE MAP in the hex specified or choose one of the hexes specified". So on GT 7, in the A-H
Reinforcement Phase, 40 ls placed on 1.05 is legal, and placed on 1.01 (its GT 6 hex) is off the
hexes its GT 7 arrival names: 14.0, at that step. The log checker once knew only the GT 6 hex and
reported the legal GT 7 entry.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from modgen.check.logcheck import check_log
from modgen.sample import SampleSpec, write_sample

from .conftest import REPO, loaded, require_engine
from .engine_logs import engine_logs
from .test_log_check import NEXT, _move


@pytest.fixture(scope="module")
def logs(galicia_module: Path, tmp_path_factory) -> dict[str, Path]:
    require_engine()
    g = loaded("galicia1914")
    arrival = g.scenarios["campaign"].arrival_of("ah-ls-40")
    assert (arrival.turn, arrival.hexes, arrival.later) == (6, ("1.01",), ((7, ("1.03", "1.05", "1.07")),))
    tmp = tmp_path_factory.mktemp("arrivals")
    start = write_sample(REPO, "galicia1914", SampleSpec("campaign", "7,ah,Reinforcement"), tmp / "gt7.vsav")
    moves = {"later_hex": "1.05", "first_hex": "1.01"}
    return engine_logs(galicia_module, {name: (start, [], [_move(g, "ah-ls-40", hex_id), NEXT])
                                        for name, hex_id in moves.items()}, tmp)  # one engine start


def test_the_later_arrival_on_its_own_hexes_is_legal(logs, galicia_module) -> None:
    report = check_log(logs["later_hex"], galicia_module)
    assert [(m.step, m.unit, m.to) for ph in report.phases for m in ph.moves] == [(1, "ah-ls-40", "1.05")]
    assert report.findings == [], [(f.step, f.finding.rule, f.finding.message) for f in report.findings]


def test_the_later_arrival_on_its_first_turns_hex_breaks_14_0(logs, galicia_module) -> None:
    report = check_log(logs["first_hex"], galicia_module)
    got = [(f.step, f.finding.rule, f.finding.title, f.finding.units) for f in report.findings]
    assert got == [(1, "14.0", "Reinforcement off its entry hexes", ("ah-ls-40",))], report.findings
    assert "1.03, 1.05, 1.07" in report.findings[0].finding.message
