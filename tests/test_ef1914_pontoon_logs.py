"""The Eastern Front in WW1: pontoon bridges (issue 26) in logs the real VASSAL engine recorded, all in ONE engine start
(tests/engine_logs.py), each from a composed save, and in composed saves read without the engine.

Rulebook: The Eastern Front in WW1: 1914, Twilight in the East, Living Rules (June 2014). 18.0 Pontoon Bridges is lost;
the words the expectations rest on:
- 2.2 "Bridge: Bridges exist wherever a roadway or RR line crosses a river hexside and wherever a Pontoon bridge has
  been laid."
- 8.1.3 "A unit crossing a river at a Bridge, Pontoon Bridge or Ferry disregards the river hexside's MP cost, and pays
  only the Bridge or Ferry's MP cost."
- 14.1 a supply line may "Not be traced over a Grand or Major river hexside except where a bridge, pontoon bridge, or
  ferry crossing is located. PLAY NOTE: The Pontoon Bridge Phase occurs just prior to the Supply Phase; place pontoon
  bridges to keep units in supply."
- 5.4 "Pontoon Bridge Phase: Place pontoon bridges (18.0)"; then the Supply Phase, the RR Engineering Phase, the
  Movement Phase. 14.0 "The supply state of a player's units is determined once per GT during the friendly Supply Phase".
- 8.1 "as long as the unit does not spend more movement points than are available to it"; 8.3 forced marches are for
  infantry and cavalry only, so a Corps Train has its MA and no more.

Map facts (maps/ef1914, authored; the costs from map.yaml): 25.71, 25.72, 25.73 and 26.74 are clear (2 MP), a Major
river (+2) lies on 25.73/26.74 and bends round 26.74 (26.73/26.74, 25.74/26.74 too), no bridge, ferry, road or RR line
within six hexes; the map's bridge costs +0 (authored, "a bridge adds nothing to the cost of the hex entered").
The Russian XX Corps Train ru-ct-20 has MA 6. Its move 25.71 -> 26.74 costs 25.72 (2) + 25.73 (2) + 26.74 (2 + 2 for
the river) = 8 MP at best (any way to 26.74 crosses that river), more than 6: too long (8.1). Across a pontoon on
25.73/26.74: 2 + 2 + 2 + 0 = 6 MP: legal.
28/20 (ru-28-20) in 76.45 is one hex from the Russian RR hex 77.45 across a Grand river hexside with no crossing within
five hexes and no RR hex on its bank within six (tests/test_ef1914_supply_fidelity.py): Out of Supply; with a pontoon on
76.45/77.45 its supply line is the RR hex next to it: In Supply (14.2.3: within three hexes).
DECISION (modgen.rules.ef1914_pontoon): a pontoon marker at a hex centre (where a counter dropped on the map lands)
bridges every river hexside of its hex; one the save shows on a hexside bridges that hexside.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from modgen.check.logcheck import check_log
from modgen.check.reader import read_state
from modgen.plugins import plugin_for
from modgen.rules.ef1914 import SUPPLY_TITLE
from modgen.rules.ef1914_pontoon import NOTE_TITLE, pontoon_sides
from modgen.vmod.compose import Composer
from tests.conftest import require_engine
from tests.engine_logs import engine_logs
from tests.test_rules_ef1914_supply import blank

MAIN = "Main Map"
NEXT = {"op": "turn-next"}
TRAIN, START, GOAL, BANK = "ru-ct-20", "25.71", "26.74", "25.73"  # the train's move; BANK/GOAL: the Major river hexside
DIV, DIV_HEX, RAIL = "ru-28-20", "76.45", "77.45"  # 28/20 across the Grand river from the RR hex
PARK = "70.40"  # a clear hex without a river hexside, far from both: a pontoon parked there bridges nothing
TOO_LONG = (4, "8.1", "Move longer than the movement allowance", (TRAIN,))


def _drop(g, hex_id: str) -> dict:
    _, x, y = g.map.centre(hex_id)
    return {"op": "move", "piece": g.gpid("marker", "pontoon"), "map": MAIN, "x": x, "y": y}


def _move(g, unit: str, hex_id: str) -> dict:
    _, x, y = g.map.centre(hex_id)
    return {"op": "move", "piece": g.gpid("unit", unit), "map": MAIN, "x": x, "y": y}


def plan(g) -> dict[str, tuple[str, list, list]]:
    """name -> (the save it starts from, the logged actions, the findings expected: (step, rule, title, units))."""
    return {
        # From the Russian Pontoon Bridge Phase, no pontoon laid: Next (1: Supply), Next (2: the RR Engineering Phase,
        # where the markers must state the Supply Phase's supply: 28/20 Out of Supply and unmarked, 14.4), Next (3:
        # Movement), the train's move (4): 8 MP of 6 (8.1).
        "without": ("parked", [NEXT] * 3 + [_move(g, TRAIN, GOAL)], [(2, "14.4", SUPPLY_TITLE, (DIV,)), TOO_LONG]),
        # The pontoon dropped on 28/20's hex in the Pontoon Bridge Phase (1): it bridges 76.45/77.45, so at the end of
        # the Supply Phase (the RR Engineering Phase opens at 3) 28/20 is In Supply, as its lack of markers says: nothing
        # breaks.
        "laid-for-supply": ("parked", [_drop(g, DIV_HEX)] + [NEXT] * 3, []),
        # The pontoon dropped on 25.73 (1): it bridges 25.73/26.74; 28/20 is still Out of Supply at the end of the Supply
        # Phase (the RR Engineering Phase opens at 3); the train's move across (5) costs 6 MP: legal.
        "laid-for-move": ("parked", [_drop(g, BANK)] + [NEXT] * 3 + [_move(g, TRAIN, GOAL)], [(3, "14.4", SUPPLY_TITLE, (DIV,))]),
        # From the Movement Phase, the pontoon on the hexside 25.73/26.74 since before the log: the move (1) is legal,
        # and no pontoon was laid in the log (no note).
        "on-hexside": ("on-side", [_move(g, TRAIN, GOAL)], []),
    }


@pytest.fixture(scope="module")
def logs(ef_game, ef_module, tmp_path_factory) -> dict[str, Path]:
    require_engine()
    tmp = tmp_path_factory.mktemp("ef_pontoon_logs")
    composer = Composer(ef_game)

    def base():
        return blank(ef_game).unit(TRAIN, START).marker("out-of-supply", START, under=TRAIN).set_scenario("campaign")
    saves = {"parked": composer.write(base().unit(DIV, DIV_HEX).marker("pontoon", PARK).set_turn(3, "russian", "Pontoon Bridge"),
                                      tmp / "parked.vsav"),
             "on-side": composer.write(base().marker_on_hexside("pontoon", BANK, GOAL).set_turn(3, "russian", "Movement"),
                                       tmp / "on-side.vsav")}
    return engine_logs(ef_module, {k: (saves[s], [], acts) for k, (s, acts, _) in plan(ef_game).items()}, tmp)  # one start


def _lines(report) -> str:
    return "\n".join(f"step {f.step}: {f.finding.rule} {f.finding.title} {f.finding.units}: {f.finding.message}"
                     for f in report.findings + report.notes)


@pytest.mark.parametrize("name", ["without", "laid-for-supply", "laid-for-move", "on-hexside"])
def test_each_log_reports_exactly_what_breaks_a_rule(logs, ef_game, ef_module, name):
    report = check_log(logs[name], ef_module)
    got = [(f.step, f.finding.rule, f.finding.title, f.finding.units) for f in report.findings]
    assert got == plan(ef_game)[name][2], _lines(report)


def test_the_move_too_long_without_the_pontoon_is_priced_across_the_river(logs, ef_module):
    report = check_log(logs["without"], ef_module)
    move = next(f for f in report.findings if f.finding.rule == "8.1")
    assert move.path_cost == 8 and move.path[-2:] == (BANK, GOAL), _lines(report)


def test_laying_a_pontoon_is_noted_as_not_checkable(logs, ef_module):
    """18.0 is lost: where, when and by whom a pontoon may be laid is a note at the last step of the phase it was laid
    in (the Pontoon Bridge Phase's is the drop, step 1: the Next at step 2 opens the Supply Phase), naming what it
    bridges; a pontoon there before the log gets no note."""
    for name, bridged in (("laid-for-supply", "76.45/76.46, 76.45/77.45"), ("laid-for-move", "25.73/26.74")):
        report = check_log(logs[name], ef_module)
        notes = [n for n in report.notes if n.finding.rule == "18.0"]
        assert [(n.step, n.finding.title) for n in notes] == [(1, NOTE_TITLE)], _lines(report)
        assert f"bridging {bridged}" in notes[0].finding.message and "not checkable" in notes[0].finding.message
    assert not [n for n in check_log(logs["on-hexside"], ef_module).notes if n.finding.rule == "18.0"]


# ----------------------------------------------------------------------------- without the engine
def _supply(ef_game, ef_module, tmp_path, pos):
    pos.unit(DIV, DIV_HEX).set_turn(3, "russian", "RR Engineering").set_scenario("campaign")
    state = read_state(Composer(ef_game).write(pos, tmp_path / "s.vsav"), module=ef_module)
    return state, plugin_for("ef1914").supply(state)[DIV]


def test_supply_is_traced_across_a_pontoon_on_the_grand_river(ef_game, ef_module, tmp_path):
    """14.1 "except where a bridge, pontoon bridge, or ferry crossing is located": 28/20 Out of Supply without it,
    In Supply from the RR hex across the pontoon (0 hexes counted for the source, 1 for 28/20's hex)."""
    _, without = _supply(ef_game, ef_module, tmp_path, blank(ef_game))
    assert without.state == "out"
    state, across = _supply(ef_game, ef_module, tmp_path, blank(ef_game).marker_on_hexside("pontoon", DIV_HEX, RAIL))
    assert pontoon_sides(state) == {frozenset((DIV_HEX, RAIL)): "bridge"}
    assert across.state == "in" and across.path == (DIV_HEX, RAIL), across


def test_a_pontoon_on_a_hexside_without_a_river_bridges_nothing(ef_game, ef_module, tmp_path):
    """A pontoon off the river (8.1.3: "A unit crossing a river at a ... Pontoon Bridge") changes nothing."""
    assert not ef_game.map.side_features(START, "25.72")
    state, s = _supply(ef_game, ef_module, tmp_path, blank(ef_game).marker_on_hexside("pontoon", START, "25.72"))
    assert pontoon_sides(state) == {} and s.state == "out"


def test_the_map_facts_the_expectations_rest_on(ef_game):
    m = ef_game.map
    assert {m.terrain[h] for h in (START, "25.72", BANK, GOAL, PARK)} == {"clear"}
    assert m.side_features(BANK, GOAL) == {"major_river"} and m.side_features(DIV_HEX, RAIL) == {"grand_river"}
    assert not any(m.side_features(PARK, n) for n in m.neighbours(PARK))
    assert ef_game.units[TRAIN].front.ma == 6 and m.hexside_types["bridge"].move == "+0"
    assert m.hexside_types["major_river"].move == "+2"


def test_the_engine_keeps_a_pontoon_on_its_hexside(logs, ef_module):
    """The save's pontoon on 25.73/26.74 is still read on that hexside (not at a hex centre) after the engine loaded it
    and the log ran: the legal move of "on-hexside" rests on that hexside alone."""
    end = check_log(logs["on-hexside"], ef_module).phases[-1].end
    assert [mk.hexside for mk in end.markers if mk.marker.kind == "pontoon"] == [frozenset((BANK, GOAL))]
    assert pontoon_sides(end) == {frozenset((BANK, GOAL)): "bridge"}
