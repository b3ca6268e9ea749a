"""Galicia turn logs recorded by the real VASSAL engine (``run_engine(actions=...)``), checked step by
step: a move into an enemy-occupied hex, and cavalry reaction movement (Battle for Galicia 1914,
rules of play, English edition, 4.1, 5.3, 12.1).

The rules' words the expectations rest on:
- 4.1 "A unit can never enter a hex occupied by an enemy unit."
- 5.3 "The unit with the largest attack strength (printed on the counter) must always be the
  top-most unit in a stack." 5.4: "Only the top unit in a stack (see 5.3) is visible to an opponent":
  a stack is one side's units (DECISION in the plugin), so 5.3 never weighs one side's unit against
  the other's in a hex holding both.
- 12.1 "During an enemy Movement Phase (and enemy Reinforcement Phase) friendly cavalry type units
  may exercise the option of Cavalry Reaction Movement." 12.1.1 "Trigger 1 - an enemy unit moves
  adjacent to a cavalry unit that is not already adjacent to any enemy unit; OR Trigger 2 - an enemy
  unit moves from one hex adjacent to a cavalry unit into another hex that is adjacent to that
  cavalry unit or any other friendly unit." 12.1.2 "the friendly cavalry unit may immediately move
  one hex". 12.1.3 "Units may not move by Cavalry Reaction into an EZOC other than the ZOC of the
  unit which triggered the move." Play note: "Cavalry Reaction Movement is the only time that
  non-active units may voluntarily move during the opponent's Movement Phase."

All logs start from the campaign set-up (GT 1, A-H Supply Phase); steps 1-2 press Next to the A-H
Movement Phase. Map facts: 11.23 is next to 12.23 (13 Cav) and 10.22 (3 Kav, MA 8); 11.22 is next
to 12.22 but not to 12.23; 12.16 (7 Cav) has no A-H unit within two hexes; 13.24 is next to no A-H
unit.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from modgen.check.logcheck import check_log
from modgen.rules.galicia1914_log import REACTION_TITLE, off_turn_refusal

from .conftest import loaded, require_engine
from .engine_logs import engine_logs
from .test_log_check import NEXT, _move, _setup_named

MOVEMENT = [NEXT, NEXT]  # Supply -> Reinforcement -> Movement


def logs(g) -> dict[str, list]:
    return {
        # step 3: A-H 3 Kav (attack 1) enters 12.23, held by Russian 13 Cav (attack 2): 4.1, once, at step 3;
        # no 5.3: each side's units in the hex are one unit, the top of its own stack.
        "enemy_hex": MOVEMENT + [_move(g, "ah-cav-3", "12.23"), NEXT],
        # step 3: Russian 7 Cav moves 12.16 -> 12.17 in the A-H Movement Phase, no A-H unit having moved:
        # no 12.1.1 trigger -> 12.1, saying no trigger was found.
        "no_trigger": MOVEMENT + [_move(g, "ru-cav-7", "12.17"), NEXT],
        # step 3: 3 Kav 10.22 -> 11.23, next to 13 Cav, which was next to no A-H unit: Trigger 1; step 4:
        # 13 Cav reacts one hex to 13.24, in no EZOC: legal (as in tests/test_log_check.py's legal turn).
        "trigger1": MOVEMENT + [_move(g, "ah-cav-3", "11.23"), _move(g, "ru-cav-13", "13.24"), NEXT],
        # step 3: 14 Inf 9.22 -> 11.22 (next to 12.22, not to 12.23); step 4: 3 Kav -> 11.23, Trigger 1 for
        # 13 Cav; step 5: 13 Cav reacts into 12.22, in the ZOC of 14 Inf, not the triggering unit: 12.1.3.
        "other_ezoc": MOVEMENT + [_move(g, "ah-inf-14", "11.22"), _move(g, "ah-cav-3", "11.23"),
                                  _move(g, "ru-cav-13", "12.22"), NEXT],
    }


@pytest.fixture(scope="module")
def recorded(galicia_module: Path, tmp_path_factory) -> dict[str, Path]:
    require_engine()
    g = loaded("galicia1914")
    setup = _setup_named(galicia_module, g.scenarios["campaign"].name)
    tmp = tmp_path_factory.mktemp("galicia-logs")
    return engine_logs(galicia_module, {k: (setup, [], acts) for k, acts in logs(g).items()}, tmp)  # one engine start


def _lines(report) -> str:
    return "\n".join(f"step {f.step}: {f.finding.rule} {f.finding.title} {f.finding.units}: {f.finding.message}"
                     for f in report.findings)


def test_move_into_an_enemy_hex_breaks_4_1_and_not_5_3(recorded, galicia_module) -> None:
    report = check_log(recorded["enemy_hex"], galicia_module)
    got = [(f.step, f.finding.rule, f.finding.units) for f in report.findings]
    assert (3, "4.1", ("ah-cav-3",)) in got, _lines(report)
    assert not [f for f in report.findings if f.finding.rule == "5.3"], _lines(report)


def test_move_into_an_enemy_hex_is_reported_once(recorded, galicia_module) -> None:
    report = check_log(recorded["enemy_hex"], galicia_module)
    assert [(f.step, f.finding.rule) for f in report.findings] == [(3, "4.1")], _lines(report)


def test_reaction_after_trigger_1_is_legal(recorded, galicia_module) -> None:
    report = check_log(recorded["trigger1"], galicia_module)
    assert report.findings == [], _lines(report)


def _refusal(path: Path, module: Path, unit: str):
    """The plugin's finding for the unit's off-turn move in the log's A-H Movement Phase."""
    ph = next(p for p in check_log(path, module).phases if p.phase == "Movement")
    before = next(u for u in ph.start.units if u.id == unit)
    after = next(u for u in ph.end.units if u.id == unit)
    return off_turn_refusal(ph, before, after, [m for m in ph.moves if m.unit == unit])


def test_no_trigger_is_named_with_the_triggers_12_1_gives(recorded, galicia_module) -> None:
    f = _refusal(recorded["no_trigger"], galicia_module, "ru-cav-7")
    assert (f.rule, f.title, f.units, f.hexes) == ("12.1", REACTION_TITLE, ("ru-cav-7",), ("12.17",))
    assert "no 12.1.1 trigger found" in f.message and "Trigger 1" in f.message and "Trigger 2" in f.message


def test_reaction_into_another_units_ezoc_is_refused_by_12_1_3(recorded, galicia_module) -> None:
    f = _refusal(recorded["other_ezoc"], galicia_module, "ru-cav-13")
    assert (f.rule, f.title, f.units) == ("12.1", "Cavalry reaction not allowed", ("ru-cav-13",))
    assert "12.1.3" in f.message and "step 4" in f.message


@pytest.mark.parametrize("case,want", [
    ("no_trigger", [(3, "12.1", REACTION_TITLE, ("ru-cav-7",))]),
    ("other_ezoc", [(5, "12.1", "Cavalry reaction not allowed", ("ru-cav-13",))]),
])
def test_refused_reactions_in_the_log_report(recorded, galicia_module, case: str, want: list) -> None:
    report = check_log(recorded[case], galicia_module)
    assert [(f.step, f.finding.rule, f.finding.title, f.finding.units) for f in report.findings] == want, _lines(report)
