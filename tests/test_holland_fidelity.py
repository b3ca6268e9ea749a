"""Holland '44, issue 23 (rules fidelity): each class of position the hand adjudication disagreed
on, written as a save, loaded and saved again by the real VASSAL engine, then checked.

Rulebook: Holland '44: Operation Market-Garden, 2nd edition (GMT Games, 2024), known through an OCR
of its Japanese translation and an English digest of it. Every expectation below is reasoned from
the rule's words, quoted beside it, and from the map data (hexes named in the comments):

- 22.2.3 "STACKING: up to 9 steps may land in each hex" (the overstack a landing makes "must be
  fixed by the end of the Movement Phase"). Four 3-step battalions that land on Turn 1 in one hex
  are 12 landed steps: broken while they land, the Allied Airlanding Phase (an error there); in
  the Movement Phase they may have moved since, so it is information, and 6.1's 9 steps (end of
  the Movement Phase) is pending. Three of them (9 steps) break nothing. Steps that landed on an
  earlier turn do not count: 9 steps landed on Turn 1 and a 1-step unit landing on Turn 3 are 1
  landed step (6.1's 9 steps pending).
- 19.4 "no stacking limit" in entry areas: five units in the box of area M are over no limit.
  The map-edge hexes beside an area are map hexes (see Holland44Rules._entry_areas, DECISION):
  three battalions on 1101, beside area M, are over 6.1's 2 units once the Movement Phase ends.
- 19.4 "units may not enter enemy entry areas"; 19.2.1-19.2.2: M, N, O Allied, B-K German, A and L
  German on Turns 1-6 and Allied from Turn 7. A German unit in the box of O on Turn 3; an Allied
  unit in L's box on Turn 6 and a German one in A's on Turn 7. An Allied unit on 4301
  ('s-Hertogenbosch, an Allied VP hex of 26.5.1 on the map edge beside German area C) is not in C.
- 5.7.2 "the Grave bridge (4816/4817) cannot be blown during the Turn 1 Allied player-turn": a
  Blown marker on it in Turn 1's Allied Movement Phase, or in the German Artillery Resupply Phase
  that follows (before the German Bridge Phase, 5.5, could blow it), breaks it; in the German
  Bridge Phase of Turn 1 or on Turn 3 it may have been blown (5.5, 5.4). A Blown marker on the
  Lommel bridge (1402/1502) on Turn 1 is no 5.7.2 matter.
- Each scenario's set-up, and the same position at each phase of its first game turn (the turn
  tracker pressed on, nothing moved), checks with no error and only the two 27.3.1 notes on 1408:
  "Segler and Richter may act only on Turns 1-2 and are removed at the start of Turn 3" (pending).

Turn logs (the engine records them from the short game's set-up; moves before "begin-log" set the
position and are not in the log; steps count the actions after it):
- 7.4.2 "enemy units may not cross a hexside bond"; 7.2 "a unit that starts in an EZOC may move
  into another EZOC (and stop), provided it does not cross a ZOC Bond". German Heinke on 1114 and
  Roestel on 1216 (two hexes apart, not in line) bond through the hexside 1115/1215; 1/502 on 1115
  moves to 1215 (1 clear hex + 2 to leave the EZOC = 3 MP of MA 6): it crosses the bond, and it
  cannot negate the bond it crosses by standing beside it (7.4.3, DECISION in
  Holland44Rules.bonds_against): 7.4 at step 4. With 2/502 standing on 1215 the bond is negated by
  another unit (7.4.3): clean.
- 8.2 "+2 MPs to MA" when the unit neither starts nor enters a hex next to an enemy unit. 1/506 and
  2/506 (MA 6) start on 1219, far from any German unit; no main road (1/2 MP) lies within 7 hexes,
  so every hex entered costs at least 1 MP. 1/506 -> 1227, 8 clear hexes up the column with no
  hexside feature: 8 MP, legal only by 8.2 (6 + 2). 2/506 -> 1228, 9 hexes away: at least 9 MP,
  over the extended allowance 8: 8.1 at step 5, and the message names the extended allowance 8.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from modgen.check.logcheck import check_log
from modgen.check.run import check_saves, check_states
from modgen.check.reader import read_state
from modgen.gamestate import GameState
from modgen.setups import at_moment as at  # the same position, the turn tracker at another moment
from modgen.vassal.module import read_module
from modgen.vmod.compose import Composer, Position, from_scenario

from .engine_logs import engine_logs
from .engine_saves import engine_positions

MAIN = "Main Map"
NEXT = {"op": "turn-next"}
LANDING_T1 = ("us-501-1", "us-501-2", "us-501-3", "us-502-1")  # 3 steps each, dropped on Turn 1
LANDING_HEX, NINE_HEX = "3308", "3310"
GRAVE, LOMMEL = ("4816", "4817"), ("1402", "1502")
PLAY_BALANCE = [("27.3.1", ("1408",), ("de-10ss-richter",)), ("27.3.1", ("1408",), ("de-10ss-segler",))]


def blank(game, turn: int, side: str, phase: str, scenario: str = "campaign") -> Position:
    pos = Position(game, scenario=scenario).set_turn(turn, side, phase)
    for s in game.sides:
        pos.set_vp(s.id, 0)
    return pos


def statuses(state: GameState, rule: str) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """(status, hexes, units) of each finding and note of the rule at the state's moment."""
    report = check_states([state])
    return sorted((f.status, f.hexes, f.units) for f in report.findings + report.notes if f.rule == rule)


def positions(game) -> dict[str, Position]:
    landing = blank(game, 1, "allied", "Airlanding")
    for u in LANDING_T1:
        landing.unit(u, LANDING_HEX)
    for u in ("us-502-2", "us-502-3", "us-506-1"):
        landing.unit(u, NINE_HEX)
    earlier = blank(game, 3, "allied", "Airlanding")
    for u in ("us-501-1", "us-501-2", "us-501-3", "us-377"):  # 9 steps landed on Turn 1, us-377 (1 step) on Turn 3
        earlier.unit(u, LANDING_HEX)
    entry = blank(game, 3, "allied", "Movement").in_box("Entry O", "unit", "de-10ss-heinke")
    for u in ("gb-15-44", "gb-15-227", "gb-cg-5", "gb-ig-3", "gb-wg-1"):
        entry.in_box("Entry M", "unit", u)
    for u in ("gb-para-1", "gb-para-2", "gb-para-3"):
        entry.unit(u, "1101")
    entry.unit("us-505-1", "4301").in_box("Entry L", "unit", "us-505-2").in_box("Entry A", "unit", "de-10ss-roestel")
    grave = blank(game, 1, "allied", "Movement").marker_on_hexside("blown", *GRAVE).marker_on_hexside("blown", *LOMMEL)
    return {
        "setup-campaign": from_scenario(game, game.scenarios["campaign"]).set_turn(1, "allied", "Artillery Resupply"),
        "setup-short": from_scenario(game, game.scenarios["short"]).set_turn(1, "allied", "Artillery Resupply"),
        "landing": landing, "earlier": earlier, "entry": entry, "grave": grave,
    }


@pytest.fixture(scope="module")
def saves(holland, holland_module: Path, tmp_path_factory) -> dict[str, GameState]:
    """Every position of this file, loaded and saved again by the engine (one batch), read back."""
    written = engine_positions(Composer(holland), holland_module, tmp_path_factory.mktemp("h44"), positions(holland))
    return {name: read_state(path, module=holland_module) for name, path in written.items()}


# ---------------------------------------------------------------- 22.2.3 landing


def test_more_than_nine_steps_landing_in_a_hex_is_22_2_3_while_they_land(saves) -> None:
    st = saves["landing"]
    assert statuses(st, "22.2.3") == [("error", (LANDING_HEX,), LANDING_T1)]  # 12 landed steps; NINE_HEX: 9
    nine = [f for f in check_states([st]).notes if f.rule == "6.1" and f.title == "More than 9 steps in a hex"]
    assert [(f.status, f.hexes) for f in nine] == [("pending", (LANDING_HEX,))]
    moved = at(st, 1, "allied", "Movement")  # the landed units may have moved since they landed
    assert statuses(moved, "22.2.3") == [("info", (LANDING_HEX,), LANDING_T1)]
    after = at(st, 1, "allied", "Combat")  # 6.1's 9 steps hold from the end of the Movement Phase
    assert ("error", (LANDING_HEX,)) in [(s, h) for s, h, _ in statuses(after, "6.1")]


def test_steps_landed_on_an_earlier_turn_do_not_count_for_22_2_3(saves) -> None:
    st = saves["earlier"]
    assert statuses(st, "22.2.3") == []
    nine = [f for f in check_states([st]).notes if f.rule == "6.1" and f.title == "More than 9 steps in a hex"]
    assert [(f.status, f.hexes) for f in nine] == [("pending", (LANDING_HEX,))]  # 10 steps, fixed by the Movement Phase's end


# ---------------------------------------------------------------- 19.4 entry areas


def test_entry_area_boxes_have_no_stacking_limit_and_the_map_edge_hexes_have(saves) -> None:
    st = at(saves["entry"], 3, "allied", "Combat")  # after the Allied Movement Phase: 6.1 holds
    over = [(s, h, u) for s, h, u in statuses(st, "6.1")]
    assert over == [("error", ("1101",), ("gb-para-1", "gb-para-2", "gb-para-3"))]  # none for the five in box M


def test_units_in_enemy_entry_areas_by_the_owner_of_the_turn(saves) -> None:
    st = saves["entry"]
    on3 = [u for _, _, u in statuses(st, "19.4")]
    assert on3 == [("de-10ss-heinke",), ("us-505-2",)]  # O Allied; L German on Turn 3; not us-505-1 on 4301
    on6 = [u for _, _, u in statuses(at(st, 6, "allied", "Movement"), "19.4")]
    assert on6 == [("de-10ss-heinke",), ("us-505-2",)]
    on7 = [u for _, _, u in statuses(at(st, 7, "allied", "Movement"), "19.4")]
    assert on7 == [("de-10ss-heinke",), ("de-10ss-roestel",)]  # A and L Allied from Turn 7


# ---------------------------------------------------------------- 5.7.2 Grave


def test_grave_bridge_blown_in_the_turn_1_allied_player_turn(saves) -> None:
    st = saves["grave"]
    want = [("error", GRAVE, ())]
    assert statuses(st, "5.7.2") == want  # the Lommel bridge's Blown marker is no 5.7.2 matter
    assert statuses(at(st, 1, "german", "Artillery Resupply"), "5.7.2") == want  # before any German Bridge Phase
    assert statuses(at(st, 1, "german", "Bridge"), "5.7.2") == []  # 5.5: the German may blow it now
    assert statuses(at(st, 3, "allied", "Movement"), "5.7.2") == []


# ---------------------------------------------------------------- every scenario's set-up


@pytest.mark.parametrize("scenario", ["campaign", "short"])
def test_each_scenario_set_up_is_clean_at_every_phase_of_its_first_turn(saves, holland, scenario: str) -> None:
    st = saves[f"setup-{scenario}"]
    assert st.scenario is not None and st.scenario.id == scenario
    moments = [(1, side, phase) for side in holland.turns.player_turns for phase in holland.turns.phases]
    for turn, side, phase in moments:
        report = check_states([at(st, turn, side, phase)])
        assert report.findings == [], (side, phase, [f.message for f in report.findings])
        pending = sorted((f.rule, f.hexes, f.units) for f in report.notes if f.status == "pending")
        assert pending == PLAY_BALANCE, (side, phase, pending)


def test_the_engine_written_set_up_save_itself(saves, holland_module: Path) -> None:
    """The same through the command's path (modgen.check.run.check_saves on the engine's file)."""
    report = check_saves([saves["setup-campaign"].save_path], holland_module)
    assert report.findings == []


# ---------------------------------------------------------------- turn logs: 7.4 and 8.2


def _move(game, unit: str, hex_id: str) -> dict[str, Any]:
    _, x, y = game.map.centre(hex_id)
    return {"op": "move", "piece": game.gpid("unit", unit), "map": MAIN, "x": x, "y": y}


TO_MOVEMENT = [NEXT, NEXT, NEXT]  # Artillery Resupply -> Bridge -> Airlanding -> Movement


def log_cases(game) -> dict[str, tuple[list, list, list]]:
    """name -> (moves before the log, the logged actions, the expected findings)."""
    bond = [_move(game, "de-10ss-heinke", "1114"), _move(game, "de-10ss-roestel", "1216"), _move(game, "us-502-1", "1115")]
    cross = TO_MOVEMENT + [_move(game, "us-502-1", "1215"), NEXT]
    return {
        "bond-crossed": (bond, cross, [(4, "7.4", "Move across a closed hexside", ("us-502-1",))]),
        "bond-negated": (bond + [_move(game, "us-502-2", "1215")], cross, []),
        "extended": ([_move(game, "us-506-1", "1219"), _move(game, "us-506-2", "1219")],
                     TO_MOVEMENT + [_move(game, "us-506-1", "1227"), _move(game, "us-506-2", "1228"), NEXT],
                     [(5, "8.1", "Move longer than the movement allowance", ("us-506-2",))]),
    }


@pytest.fixture(scope="module")
def logs(holland, holland_module: Path, tmp_path_factory) -> dict[str, tuple[Path, list]]:
    """Each log recorded by the engine from the short game's set-up (one engine start, tests/engine_logs.py)."""
    tmp = tmp_path_factory.mktemp("h44logs")
    setup = next(n for n, f in read_module(holland_module).setups.items() if f and holland.scenarios["short"].name in n)
    cases = log_cases(holland)
    logs = engine_logs(holland_module, {k: (setup, before, actions) for k, (before, actions, _) in cases.items()}, tmp)
    return {k: (logs[k], cases[k][2]) for k in cases}


@pytest.mark.parametrize("case", ["bond-crossed", "bond-negated", "extended"])
def test_each_log_reports_its_broken_step(logs, holland_module: Path, case: str) -> None:
    log, want = logs[case]
    report = check_log(log, holland_module)
    got = [(f.step, f.finding.rule, f.finding.title, f.finding.units) for f in report.findings]
    assert got == want, "\n".join(f"step {f.step}: {f.finding.rule} {f.finding.title}: {f.finding.message}" for f in report.findings)


def test_an_over_long_extended_move_names_the_extended_allowance(logs, holland_module: Path) -> None:
    """Issue 23: the over-long move named "the allowance 6" where the extended allowance 8 applied."""
    (f,) = check_log(logs["extended"][0], holland_module).findings
    assert "extended allowance 8" in f.finding.message, f.finding.message
    assert "the allowance 6" not in f.finding.message
