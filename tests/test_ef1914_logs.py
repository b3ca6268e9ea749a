"""The Eastern Front in WW1, a turn's moves in logs the real VASSAL engine recorded (issue 26):
``run_engine(setup=..., actions=[begin-log, move, turn-next, ..., end-log] * 11)``, all eleven logs in
ONE engine start from the Tannenberg set-up (with unlogged moves between them setting up a position),
each checked step by step with modgen.check.

Rulebook: The Eastern Front in WW1: 1914, Twilight in the East, Living Rules (June 2014). The words
the expectations rest on:
- 8.0 "Friendly units can NEVER enter hexes containing enemy units." 8.1 "A unit may be moved as
  many or as few hexes as desired as long as the unit does not spend more movement points than are
  available to it."
- 3.3 "Movement Allowance (MA): The number of movement points available to a unit during a Movement
  Phase. ... This number is halved during the Counter Movement Phase. EXAMPLE: If a unit's MA is 7,
  the unit would have a movement allowance of 3-1/2 during the Counter Movement Phase". 5.4 "Counter
  Movement Phase: The non-phasing player may now perform all activities with his units that were
  allowed in the preceding phasing player's Movement Phase ... Reduce the movement allowance of all
  non-phasing units by half during this phase."
- 4.1 "It costs +1 MP to enter or exit an EZOC. It costs +6 MPs to move from one EZOC to another
  EZOC ... These MP costs are in addition to any terrain costs of movement. Friendly units do not
  negate the presence of EZOCs in a hex during movement." EXAMPLE 1: "2 MPs for clear terrain".
- The TEC is lost; the authored one (maps/ef1914/map.yaml, approximate) makes a Lake hex Prohibited.
- 8.1.1 "A unit may only move from hex A to hex B if it could also move from hex B to hex A."; 8.1 "Units moving
  in stacks cannot receive the benefits of Road Movement (8.1.4)"; 8.1.4a the road's extra MP per friendly unit in
  the hex entered; 8.2 (1) entraining at a friendly RR Station not in an EZOC, 1 MP per RCP (the RCPs and MAs
  below are the counters', units.yaml); 8.4 Prepared Attack (each quoted where a log uses it).

- 8.1.4 "Units can move along adjacent contiguous roadway or RR line hexes in order to avoid paying MP
  costs for the other terrain in the hex and hexside terrain features (except river hexsides)": the
  railway 38.19-39.19 below is priced as a roadway (1 1/2, the authored primary road's rate).

Map facts (maps/ef1914, the Tannenberg set-up): every hex named below is clear, with no hexside
feature, road or railway on the paths used but the railway 38.19-39.19. Russian 25/3 (MA 7) stands in 38.19, German 1/1 (MA 7)
in 40.19: two hexes apart. 39.19 is next to both; 38.19's and 40.19's other neighbours meet only at
39.19. German 1R/1R (MA 7) in 48.23 is six hexes from 46.18, no Russian unit within two hexes of
the way. German Masurian (MA 7) in 51.30 is next to the lake hex 50.31. Russian 40/4 (MA 7) in
37.24 is four hexes from 33.24, and 30/4 (MA 7) in 37.22 two from 35.22, no German unit within three hexes. Russian 1/13
in 58.38 is three hexes from 55.38; German 36/17 in 44.22 (forest) is next to 44.21; neither way
comes near an enemy unit.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from modgen.check.logcheck import check_log
from modgen.rules.ef1914_log import ENTRAIN_TITLE, RAIL_TITLE, REPULSE_TITLE
from modgen.rules.ef1914_rail import CAPACITY_TITLE
from modgen.vassal.module import read_module

from .conftest import loaded
from .engine_logs import record_plan

NEXT = {"op": "turn-next"}
MAIN = "Main Map"


def _move(g, unit: str, hex_id: str) -> dict:
    _, x, y = g.map.centre(hex_id)
    return {"op": "move", "piece": g.gpid("unit", unit), "map": MAIN, "x": x, "y": y}


def plan(g) -> list[tuple[str, list, list]]:
    """(log name or "" for actions not logged, actions, findings expected: (step, rule, title, units))."""
    return [
        # GT 1 from the set-up's first phase: steps 1-5 Next to the Russian Movement Phase. Step 6: 25/3
        # 38.19 -> 39.19 along the railway, entering 1/1's ZOC: 1 1/2 + 1 = 2 1/2 MP of 7. Step 7: 1/13
        # 58.38 -> 55.38, three clear hexes, 6 MP of 7. Step 8: 2/23 from the station 63.39 (Mlawa, no
        # EZOC) to the station 35.40, far beyond its MA on foot: a rail move (8.2) to a station more than
        # two hexes from every German unit. Step 9 Next: the German Counter Movement Phase; step 10: 36/17
        # 44.22 -> 44.21, one clear hex, 2 MP of 3 1/2. Step 11 Next to the Attack Phase. Nothing breaks a rule.
        ("legal", [NEXT] * 5 + [_move(g, "ru-25-3", "39.19"), _move(g, "ru-1-13", "55.38"), _move(g, "ru-2-23", "35.40"),
                                NEXT, _move(g, "de-36-17", "44.21"), NEXT], []),
        # Attack, Counter Attack, Post-Combat, then the Central Powers' turn to its Movement Phase.
        ("", [NEXT] * 8, []),
        # 1R/1R 48.23 -> 46.18: six hexes at 2 MP each (clear, or the secondary road 48.21-48.19 at the same
        # 2), 12 MP: more than its MA 7 even with the 3 MP of a forced march (8.1, 8.3), at step 1.
        ("too_long", [_move(g, "de-1r-1r", "46.18")],
         [(1, "8.1", "Move longer than the movement allowance", ("de-1r-1r",))]),
        # 1/1 starts its phase in 25/3's ZOC (40.19) and ends in it again (38.19): two clear hexes, 4 MP
        # without the ZOC, but 39.19 is enemy-held, so the cheapest way is 40.18, 39.18, 38.19: 6 MP of
        # terrain + 1 (leave) + 1 (enter 39.18) + 6 (EZOC 39.18 to EZOC 38.19) = 14 MP > 7: too long only
        # by the EZOC costs (4.1), at step 1.
        ("ezoc", [_move(g, "de-1-1", "38.19")],
         [(1, "4.1", "Move too long with enemy ZOC costs", ("de-1-1",))]),
        # Masurian 51.30 -> 50.31, a Lake hex: prohibited (TEC), at step 1.
        ("prohibited", [_move(g, "de-masurian", "50.31")],
         [(1, "TEC", "Move into a prohibited hex", ("de-masurian",))]),
        ("", [_move(g, "de-masurian", "51.30")], []),  # put back, unlogged: the next log starts legal
        # 8.1 "Units moving in stacks cannot receive the benefits of Road Movement (8.1.4)"; 8.1.4 "A unit may gain the
        # benefits of Road Movement only if moving individually". Unlogged: the corps train 1 and the artillery hv 1
        # (MA 7, no forced march: 8.3 "Artillery units, Supply units ... cannot perform a Forced March") stacked in
        # 46.20 on the Insterburg road (no RR Station: no rail move). Logged, moved together as a stack (each picked up
        # in turn, their drops overlapping): 46.20 -> 48.19 -> 50.19, four clear hexes along the primary road: 6 MP
        # by road (+1/2 into 48.19 for the depot there, 8.1.4a, or 2 off the road: 6 1/2), 8 MP off it: more than 7.
        # Each reported at its last drop (steps 3 and 4) with 8.1.4.
        ("", [_move(g, "de-ct-1", "46.20"), _move(g, "de-hv-1", "46.20")], []),
        ("stack_road", [_move(g, "de-ct-1", "48.19"), _move(g, "de-hv-1", "48.19"), _move(g, "de-ct-1", "50.19"),
                        _move(g, "de-hv-1", "50.19")],
         [(3, "8.1.4", "Road movement by a stack", ("de-ct-1",)), (4, "8.1.4", "Road movement by a stack", ("de-hv-1",))]),
        # 8.1.4a "A unit using Road Movement to enter a hex containing other friendly units pays additional MPs for every
        # such unit in the hex: +1 MP for every division-sized infantry unit on its front." Unlogged: the corps train
        # 20 (MA 7, no forced march) to 54.33 on the forest railway 54.33-48.33 (no station at 54.33 nor 50.33), the
        # full-strength divisions 3R into 52.33 and 36R/1R into 51.33. Logged: 20 alone 54.33 -> 50.33, four forest
        # hexes along the RR line: 1 1/2 each (6 MP) but +1 into 52.33 and 51.33: 8 MP (3 each off the line: 12), more
        # than 7 only by the friendly divisions: 8.1.4a, at step 1.
        ("", [_move(g, "de-ct-20", "54.33"), _move(g, "de-3r", "52.33"), _move(g, "de-36r-1r", "51.33")], []),
        ("road_friends", [_move(g, "de-ct-20", "50.33")],
         [(1, "8.1.4a", "Move too long with the cost of friendly units in the hexes entered by road (8.1.4a)", ("de-ct-20",))]),
        # 8.1.1 "A unit may only move from hex A to hex B if it could also move from hex B to hex A." Unlogged: Masurian
        # set down in the Lake hex 50.31 (prohibited, TEC). Logged: 50.31 -> 51.30, a clear hex next to it: the way
        # back into the lake is prohibited, so the step out is too: 8.1.1 at step 1.
        ("", [_move(g, "de-masurian", "50.31")], []),
        ("reciprocity", [_move(g, "de-masurian", "51.30")],
         [(1, "8.1.1", "Move out of terrain it could not enter", ("de-masurian",))]),
        # 8.5 Repulse, the only move the side not moving makes two hexes in a movement phase: "A successful Repulse
        # causes: The entire defending STACK to retreat two hexes"; "a player with a friendly Combat unit adjacent to
        # an enemy-occupied hex announces his intention to perform a Repulse". Logged, the Central Powers' Movement
        # Phase: step 1: 25/3 39.19 -> 37.19, two hexes, next to 1/1 (38.19 since the "ezoc" log): a Repulse's
        # retreat, legal. Step 2: 1/13 55.38 -> 53.38, two hexes, no German combat unit next to 55.38: no Repulse
        # explains it: 8.5 at step 2.
        ("repulse", [_move(g, "ru-25-3", "37.19"), _move(g, "ru-1-13", "53.38")],
         [(2, "8.5", REPULSE_TITLE, ("ru-1-13",))]),
        # 8.2.6 "The number of RCPs that can en/detrain in one station during a Movement Phase is limited to 8".
        # Unlogged: 1R/1R (RCP 4) to the station 48.19 (Insterburg). Logged: three rail moves (no path on foot) to
        # Bromberg 86.38, each ending out of Rail Mode (detrained): 2 Lw (RCP 2) from 55.20 by the station 54.19,
        # 1R/1R from 48.19, 36/17 (RCP 4) from 44.21 by the station 44.20 (2 MP on foot + 4 to entrain, of 7), the
        # largest last, on top (4.2.5): 2 + 4 + 4 = 10 RCP detrained at 86.38: the third arrival (step 3) takes it past 8.
        ("", [_move(g, "de-1r-1r", "48.19")], []),
        ("capacity", [_move(g, "de-2lw", "86.38"), _move(g, "de-1r-1r", "86.38"), _move(g, "de-36-17", "86.38")],
         [(3, "8.2", CAPACITY_TITLE, ("de-2lw", "de-1r-1r", "de-36-17"))]),
        # put everything back, unlogged
        ("", [_move(g, "ru-25-3", "39.19"), _move(g, "ru-1-13", "55.38"), _move(g, "de-36-17", "44.21"),
              _move(g, "de-1r-1r", "46.18"), _move(g, "de-2lw", "55.20")], []),
        ("", [_move(g, "de-ct-1", "44.20"), _move(g, "de-hv-1", "44.20"), _move(g, "de-ct-20", "65.33"),
              _move(g, "de-hv-20", "65.33"), _move(g, "de-3r", "51.28"), _move(g, "de-36r-1r", "47.25")], []),
        # Unlogged: the cavalry division 2 (MA 12, RCP 2) to the station 35.40, with 2/23.
        ("", [_move(g, "ru-2c", "35.40")], []),
        # Step 1 Next: the Russian Counter Movement Phase (MA halved: 3 1/2; 8.3 "a maximum of 6-1/2 MPs during a
        # Counter Movement Phase" by forced march). Step 2: 40/4 37.24 -> 33.24, four clear hexes, 8 MP: within
        # its MA 7 but more than 3 1/2 + 3 (3.3, 5.4, 8.3), at step 2. Step 3: 2c by rail (6 MP: 2 to entrain, 1 per
        # RCP) from the station 35.40 to the station 36.19, two hexes from 1/1 (38.19 since the "ezoc" log): not "a
        # minimum of three hexes away from enemy units" (8.2), at step 3. Step 4: 30/4 37.22 -> 35.22, two clear
        # hexes, 4 MP: more than 3 1/2, within 6 1/2: a forced march, legal; its roll is not checkable (a note).
        ("counter", [NEXT, _move(g, "ru-40-4", "33.24"), _move(g, "ru-2c", "36.19"), _move(g, "ru-30-4", "35.22")],
         [(2, "8.1", "Move longer than the movement allowance", ("ru-40-4",)),
          (3, "8.2", RAIL_TITLE, ("ru-2c",))]),
        # 8.2 (1) "To use railroad movement a unit must enter Rail Mode in a hex containing a friendly RR Station (see
        # 2.2) that is not in an EZOC. To entrain a unit must expend one MP for each RCP in the unit." Unlogged: 2/1 to
        # 32.18, next to the station 31.18; the cavalry 3c (MA 12, 6 here; RCP 2) into 31.18, 1c into 29.33, one
        # clear hex from the station 28.33 (Grodno) across the Niemen's railway bridge. Logged, the same Counter
        # Movement Phase: step 1: 3c 31.18 -> 15.20 (Vilna line, far beyond 6 + 6 MP on foot): its station is in
        # 2/1's ZOC and no other station is within its 6 MP: 8.2 at step 1. Step 2: 1c 29.33 -> 13.20: 2 MP to
        # walk into 28.33, 2 to entrain, then by rail to Vilna: legal. Step 3: 2/23 (RCP 5) 35.40 -> 28.33 by rail:
        # entraining takes 5 MP, more than its 3 1/2: 8.2 at step 3.
        ("", [_move(g, "de-2-1", "32.18"), _move(g, "ru-3c", "31.18"), _move(g, "ru-1c", "29.33")], []),
        ("rail", [_move(g, "ru-3c", "15.20"), _move(g, "ru-1c", "13.20"), _move(g, "ru-2-23", "28.33")],
         [(1, "8.2", ENTRAIN_TITLE, ("ru-3c",)), (3, "8.2", ENTRAIN_TITLE, ("ru-2-23",))]),
    ]


@pytest.fixture(scope="module")
def recorded(ef_module: Path, tmp_path_factory) -> dict[str, Path]:
    """Every log of the plan, recorded in one engine start (each log begins where the last ended)."""
    g = loaded("ef1914")
    setup = next(n for n, f in read_module(ef_module).setups.items() if f and g.scenarios["tannenberg"].name in n)
    return record_plan(ef_module, setup, plan(g), tmp_path_factory.mktemp("ef-logs"), timeout=400)


def _lines(report) -> str:
    return "\n".join(f"step {f.step}: {f.finding.rule} {f.finding.title} {f.finding.units}: {f.finding.message}"
                     for f in report.findings)


CASES = [(name, want) for name, _, want in plan(loaded("ef1914")) if name]


@pytest.mark.parametrize("name,want", CASES, ids=[c[0] for c in CASES])
def test_each_log_reports_exactly_the_step_that_breaks_a_rule(recorded, ef_module, name, want):
    report = check_log(recorded[name], ef_module)
    got = [(f.step, f.finding.rule, f.finding.title, f.finding.units) for f in report.findings]
    assert got == want, _lines(report)


def test_the_costs_named_are_the_rules(recorded, ef_module):
    """The cheapest paths and allowances the findings give, as reasoned above."""
    by = {name: check_log(recorded[name], ef_module).findings for name, _ in CASES if name != "legal"}
    assert by["too_long"][0].path_cost == 12 and "allowance 7 + 3 by forced march (8.3)" in by["too_long"][0].finding.message
    ezoc = by["ezoc"][0]
    assert ezoc.path_cost == 14 and ezoc.path == ("40.19", "40.18", "39.18", "38.19")
    assert "6 terrain + 8 enemy ZOC" in ezoc.finding.message
    assert by["counter"][0].path_cost == 8 and "allowance 3.5 + 3 by forced march" in by["counter"][0].finding.message
    assert "Counter Movement" in by["counter"][0].finding.message
    assert "Lake" in by["prohibited"][0].finding.message
    assert "36.19 is fewer than three hexes from the enemy unit in 38.19" in by["counter"][1].finding.message
    assert "it stood at the RR Station 31.18, in an enemy ZOC" in by["rail"][0].finding.message
    assert "with 5 MP left to entrain" in by["rail"][1].finding.message
    assert by["stack_road"][0].path_cost == 8 and "only road movement (6.5 MP" in by["stack_road"][0].finding.message
    assert by["road_friends"][0].path_cost == 8 and "8 MP, 6 without friendly units" in by["road_friends"][0].finding.message
    assert "Lake" in by["reciprocity"][0].finding.message
    assert "no enemy combat unit stood or was set down next to it" in by["repulse"][0].finding.message


def test_a_forced_march_is_legal_and_noted_with_its_extra_mp(recorded, ef_module):
    """8.3: 30/4's 4 MP in the Counter Movement Phase is 1/2 MP beyond 3 1/2: a forced march; the
    Effectiveness Check it needs is a roll the log may not show: a note, not a finding."""
    notes = [n for n in check_log(recorded["counter"], ef_module).notes if n.finding.units == ("ru-30-4",)]
    assert [(n.step, n.finding.rule, n.finding.title) for n in notes] == [(4, "8.3", "Move not checkable")]
    assert "0.5 beyond the allowance 3.5" in notes[0].finding.message and "not checkable" in notes[0].finding.message


def test_the_legal_turn_shows_its_phases_and_moves(recorded, ef_module):
    report = check_log(recorded["legal"], ef_module)
    phases = [(p.phase, p.side, len(p.moves)) for p in report.phases]
    assert ("Movement", "russian", 3) in phases and ("Counter Movement", "russian", 1) in phases


# ----------------------------------------------------------------------------- move limits, without the engine
# The position after samples/ef1914/turn.vlog (the "legal" log above, recorded by the engine): 25/3 in 39.19,
# next to 1/1 (40.19); 27/3 in 38.20, next to 39.19. Read with the module built from the data tree.

@pytest.fixture(scope="module")
def after_legal(ef_module: Path):
    from modgen.check.logcheck import check_log as check
    return check(Path(__file__).resolve().parents[1] / "samples" / "ef1914" / "turn.vlog", ef_module).phases[-1].end


def _limits(state, unit_id: str, phase: str = ""):
    from dataclasses import replace
    from modgen.rules.ef1914_log import move_limits
    if phase:
        state = replace(state, phase=phase, memo={})
    return move_limits(state, next(u for u in state.units if u.id == unit_id))


def test_ezoc_to_ezoc_into_a_hex_a_friendly_combat_unit_holds_costs_3(after_legal):
    """4.1: "if the new hex is occupied by a friendly combat unit, the extra cost is only +3 MPs":
    39.19 (25/3) is in 1/1's ZOC, so for 27/3 a step from an EZOC into it costs +3; not for 25/3 itself."""
    assert _limits(after_legal, "ru-27-3").zoc_between == {"39.19": 3.0}
    assert "39.19" not in _limits(after_legal, "ru-25-3").zoc_between


def test_the_allowance_is_halved_in_the_counter_movement_phase(after_legal):
    """3.3: "If a unit's MA is 7, the unit would have a movement allowance of 3-1/2 during the Counter
    Movement Phase"."""
    assert _limits(after_legal, "ru-27-3", "Movement").allowance == 7
    assert _limits(after_legal, "ru-27-3", "Counter Movement").allowance == 3.5


def test_units_that_may_not_move(after_legal):
    """12.1 "a fortress unit may never move"; 12.4 a fortress garrison (the dot, set up on a one-hex
    fortress) stays until its release GT; 3.3.5 a city garrison (Allenstein's dot) is immobile; a depot
    moves only by rail ("R" MA): not judged (None)."""
    assert _limits(after_legal, "ru-f-kovno").held[0] == "12.1"
    assert _limits(after_legal, "ru-56r-26r").held[0] == "12.4"  # dot 2, GT 1
    assert _limits(after_legal, "de-allenstein").held[0] == "3.3.5"
    assert _limits(after_legal, "de-dep-all") is None
    assert _limits(after_legal, "ru-27-3").held == ()


def test_a_russian_rail_move_across_gauges_needs_the_mp_to_trans_ship(after_legal):
    """8.2 (4): "Any Russian unit moving in Rail Mode that switches gauges must stop and trans-ship ... Trans-shipping
    between gauges can only occur at a RR Station hex served by both gauges and costs 1 MP per RCP in the unit."
    2/23 (RCP 5, MA 7) at Bialystok 35.40 (purple lines): Grodno 28.33 on purple lines needs its 5 MP to entrain;
    Kutno 74.51 on the black Warsaw - Bromberg line needs a change of gauge at Warsaw 57.52 (served by both):
    5 + 5 = 10 MP, more than 7: reported with 8.2; Grodno is legal."""
    from modgen.check.paths import MoveCosts, judge_move
    from modgen.rules.ef1914_log import TRANS_SHIP_TITLE
    from dataclasses import replace
    u = next(x for x in after_legal.units if x.id == "ru-2-23")
    assert u.hex == "35.40"
    state = replace(after_legal, phase="Movement", memo={})
    limits = _limits(state, "ru-2-23")
    assert limits.mode_entries["35.40"]["28.33"] == 5 and limits.mode_entries["35.40"]["74.51"] == 10
    costs, rules = MoveCosts(state.game.map, u.unit), state.game.movement
    assert judge_move(costs, rules, limits, "35.40", "28.33", ["28.33"]).legal
    v = judge_move(costs, rules, limits, "35.40", "74.51", ["74.51"])
    assert (v.legal, v.rule, v.title) == (False, "8.2", TRANS_SHIP_TITLE) and "5 to trans-ship" in v.why


def test_a_legal_rail_move_is_noted_with_what_the_log_cannot_show(recorded, ef_module):
    """8.2: "ONE RAIL POINT (RP) ALLOWS ONE RAIL COST POINT (RCP) TO ENTER RAIL MODE"; the RPs each Inter-Phase
    are "listed on the GT Track" (lost), so a rail move's RPs are not checkable: a note at its step, no finding
    (the "legal" log's 2/23 at step 8, the "rail" log's 1c at step 2)."""
    for name, step, unit in (("legal", 8, "ru-2-23"), ("rail", 2, "ru-1c")):
        notes = [n for n in check_log(recorded[name], ef_module).notes if n.finding.units == (unit,)]
        assert [(n.step, n.finding.rule, n.finding.title) for n in notes] == [(step, "8.2", "Move not checkable")]
        assert "Rail Points" in notes[0].finding.message and "not checkable" in notes[0].finding.message


def test_a_prepared_attack_costs_3_mp_in_the_movement_phase_only_and_only_infantry_and_artillery(after_legal):
    """8.4: "During the Movement Phase a unit may expend three MPs and place a Prepared Attack marker. ... Once a
    unit has placed a Prepared Attack marker it may not expend any more MPs during that phase. Important: Units
    cannot place Prepared Attack markers during the Counter Movement Phase." Restrictions: "Only non-demoralized
    infantry and artillery units can place Prepared Attack markers; Cavalry units cannot do so." 40/4 (MA 7) 37.24 ->
    33.24, four clear hexes, 8 MP: legal by forced march (10), too long with a Prepared Attack's 3 MP (8 + 3 > 10)."""
    from dataclasses import replace
    from modgen.check.paths import MoveCosts, judge_move
    from modgen.rules.ef1914_log import PA_FORBIDDEN, PA_TITLE
    state = replace(after_legal, phase="Movement", memo={})
    u = next(x for x in state.units if x.id == "ru-40-4")
    limits = _limits(state, "ru-40-4")
    costs, rules = MoveCosts(state.game.map, u.unit), state.game.movement
    assert judge_move(costs, rules, limits, "37.24", "33.24", ["33.24"]).legal
    v = judge_move(costs, rules, limits, "37.24", "33.24", ["33.24"], ("prepared_attack",))
    assert (v.legal, v.rule, v.title) == (False, "8.4", PA_TITLE) and "8 MP + 3 MP" in v.why
    assert judge_move(costs, rules, limits, "37.24", "35.24", ["35.24"], ("prepared_attack",)).legal  # 4 + 3
    assert _limits(after_legal, "ru-40-4", "Counter Movement").marked_costs["prepared_attack"][:3] == (None, "8.4", PA_FORBIDDEN)
    assert _limits(state, "ru-2c").marked_costs["prepared_attack"][0] is None  # cavalry


def test_a_unit_that_ends_its_phase_in_rail_mode_is_on_its_way_not_judged(after_legal):
    """8.2 (4): "A unit must be moved up to the maximum number of hexes permitted by the Railroad Movement Rate for
    each MP expended": a unit that entrained and ends the phase under a Rail Mode marker is still travelling; its
    move is noted, not judged (40/4 37.24 -> 30.24, seven clear hexes: far beyond 7 + 3 MP on foot)."""
    from dataclasses import replace
    from modgen.check.paths import MoveCosts, judge_move
    state = replace(after_legal, phase="Movement", memo={})
    u = next(x for x in state.units if x.id == "ru-40-4")
    limits = _limits(state, "ru-40-4")
    costs, rules = MoveCosts(state.game.map, u.unit), state.game.movement
    assert not judge_move(costs, rules, limits, "37.24", "30.24", ["30.24"]).legal
    v = judge_move(costs, rules, limits, "37.24", "30.24", ["30.24"], ("rail_mode",))
    assert v.legal and v.rule == "8.2" and "Rail Mode" in v.note
