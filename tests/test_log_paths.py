"""The move judge of the log checker (modgen.check.paths) on Galicia's real map and TEC.

Expected costs are read off the TEC (clear 1, woods 2, river +2, swamp prohibited) and rule
6.3 (+1 MP to enter or to leave an EZOC, +2 from EZOC to EZOC) and 4.3 (one hex always)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from modgen.check.paths import MoveCosts, cheapest_path, judge_move, read_cost
from modgen.plugin_api import MoveLimits

from .conftest import loaded


@pytest.fixture(scope="module")
def galicia():
    return loaded("galicia1914")


def test_tec_texts_read_as_costs():
    assert read_cost("1").value == 1 and not read_cost("1").add
    assert read_cost("+2").value == 2 and read_cost("+2").add
    assert read_cost("1/2").value == 0.5
    c = read_cost("+2, stop")
    assert (c.value, c.add, c.stop) == (2, True, True)
    assert read_cost("Prohibited").value is None
    assert read_cost("see 19.3.2").known is False


def _beyond(game) -> str:
    """A clear hex two hexes from 11.02 through 11.03, no hexside feature on the way."""
    m = game.map
    return next(n for n in m.neighbours("11.03") if n not in m.neighbours("11.02") and n != "11.02"
                and m.terrain[n] == "clear" and not m.side_features("11.03", n))


def _unit(game, ma):
    u = game.units["ru-inf-18"]
    return replace(u, front=replace(u.front, ma=ma))


def test_open_ground_costs_one_a_hex(galicia):
    costs, rules = MoveCosts(galicia.map, _unit(galicia, 4)), galicia.movement
    # 11.02 and all its neighbours are clear, no hexside features: 11.02 -> 11.03 -> (beyond) = 2 MP
    beyond = _beyond(galicia)
    path = cheapest_path(costs, rules, MoveLimits(4), "11.02", beyond)
    assert path is not None and path.cost == 2 and len(path.hexes) == 3


def test_river_and_woods_costs(galicia):
    costs = MoveCosts(galicia.map, _unit(galicia, 4))
    assert costs.enter("1.11", "1.12")[0] == 1 + 2  # clear + river hexside
    assert costs.enter("1.01", "1.02")[0] == 2  # woods
    assert costs.enter("10.06", "10.07")[0] is None  # swamp: prohibited


def test_a_bridge_costs_its_own_plus_one_instead_of_the_river(galicia):
    # TEC: "Bridge +1 ... ignore River cost (4.2.1)"; River +2. The San at Przemysl (3.15/3.16) and
    # the Wieprz at Krasnostaw (15.19/16.18) carry bridges between clear hexes: 1 + 1, not 1 + 2 or 1 + 1 + 1.
    costs = MoveCosts(galicia.map, _unit(galicia, 4))
    for a, b in (("3.15", "3.16"), ("15.19", "16.18")):
        assert {t.id for t in galicia.map.side_types(a, b)} == {"bridge", "river"}
        assert costs.enter(a, b)[0] == 1 + 1
        assert costs.enter(b, a)[0] == 1 + 1
    # the Nisko bridge (San, 7.21/8.21) into woods: woods 2 + bridge 1
    assert costs.enter("8.21", "7.21")[0] == 2 + 1


def test_a_crossing_a_rule_lays_for_the_phase_is_priced_like_the_map_s(galicia):
    """MoveLimits.laid_crossings: a crossing type laid on a hexside for the phase (a pontoon bridge) replaces the cost
    of what it lies on, as the map's bridges do (TEC: River +2, "Bridge +1 ... ignore River cost (4.2.1)").
    1.11/1.12 is a river between clear hexes, no bridge: 1 + 2; with a bridge laid there 1 + 1, both ways. Laid on
    a side without a river (11.02/11.03) it changes nothing; laid where the map has a bridge (3.15/3.16) the
    bridge is not paid twice."""
    costs = MoveCosts(galicia.map, _unit(galicia, 4))
    assert {t.id for t in galicia.map.side_types("1.11", "1.12")} == {"river"}
    laid = MoveLimits(4, laid_crossings={frozenset(("1.11", "1.12")): "bridge", frozenset(("11.02", "11.03")): "bridge",
                                         frozenset(("3.15", "3.16")): "bridge"})
    assert costs.enter("1.11", "1.12")[0] == 1 + 2
    assert costs.enter("1.11", "1.12", laid)[0] == costs.enter("1.12", "1.11", laid)[0] == 1 + 1
    assert costs.enter("11.02", "11.03", laid)[0] == costs.enter("11.02", "11.03")[0] == 1
    assert costs.enter("3.15", "3.16", laid)[0] == 1 + 1
    path = cheapest_path(costs, galicia.movement, laid, "1.11", "1.12")
    assert path.hexes == ("1.11", "1.12") and path.cost == 2


def test_ezoc_costs_one_to_enter_one_to_leave(galicia):
    costs, rules = MoveCosts(galicia.map, _unit(galicia, 4)), galicia.movement
    m = galicia.map
    a, b = "11.02", "11.03"
    ezoc = frozenset({b})
    into = cheapest_path(costs, rules, MoveLimits(4, ezoc=ezoc), a, b)
    assert into.cost == 2 and into.zoc_cost == 1  # clear 1 + enter 1
    out = cheapest_path(costs, rules, MoveLimits(4, ezoc=frozenset({a})), a, b)
    assert out.cost == 2 and out.zoc_cost == 1  # clear 1 + leave 1
    both = cheapest_path(costs, rules, MoveLimits(4, ezoc=frozenset({a, b})), a, b)
    assert both.cost == 3 and both.zoc_cost == 2  # EZOC to EZOC +2
    assert m.terrain[a] == m.terrain[b] == "clear"


def test_a_declared_ezoc_to_ezoc_cost_replaces_leave_plus_enter(galicia):
    """A game may price a step from one EZOC hex into another on its own (`zoc.between`; e.g. +6
    where entering and leaving cost +1 each): only that step, not a step into or out of one."""
    zoc = replace(galicia.movement.zoc, between=6.0)
    rules = replace(galicia.movement, zoc=zoc)
    costs = MoveCosts(galicia.map, _unit(galicia, 9))
    a, b = "11.02", "11.03"
    ring = frozenset({a, b, *galicia.map.neighbours(a)})  # no way round: every neighbour of a is in an EZOC too
    both = cheapest_path(costs, rules, MoveLimits(9, ezoc=ring), a, b)
    assert both.hexes == (a, b) and both.cost == 1 + 6 and both.zoc_cost == 6
    into = cheapest_path(costs, rules, MoveLimits(9, ezoc=frozenset({b})), a, b)
    assert into.cost == 1 + 1 and into.zoc_cost == 1


def test_a_rule_s_lower_ezoc_to_ezoc_cost_into_a_hex_replaces_the_declared_one(galicia):
    """MoveLimits.zoc_between: a plugin's EZOC-to-EZOC cost into one hex (e.g. +3 instead of +6 into a
    hex a friendly unit holds): only a step from an EZOC into that hex; entering it from outside any
    EZOC still costs the declared enter cost."""
    rules = replace(galicia.movement, zoc=replace(galicia.movement.zoc, between=6.0))
    costs = MoveCosts(galicia.map, _unit(galicia, 9))
    a, b = "11.02", "11.03"
    ring = frozenset({a, b, *galicia.map.neighbours(a)})
    lowered = cheapest_path(costs, rules, MoveLimits(9, ezoc=ring, zoc_between={b: 3.0}), a, b)
    assert lowered.hexes == (a, b) and lowered.cost == 1 + 3 and lowered.zoc_cost == 3
    elsewhere = cheapest_path(costs, rules, MoveLimits(9, ezoc=ring, zoc_between={a: 3.0}), a, b)
    assert elsewhere.cost == 1 + 6  # the lower cost is into a, not into b
    into = cheapest_path(costs, rules, MoveLimits(9, ezoc=frozenset({b}), zoc_between={b: 3.0}), a, b)
    assert into.cost == 1 + 1  # not EZOC to EZOC: the enter cost


def test_a_rule_s_road_links_and_the_hexsides_a_road_step_skips(galicia):
    """MoveLimits.road_links: a link a unit may move along at a road's rate (a railway as a roadway);
    MoveLimits.road_ignores: hexside types a step along a road (or such a link) does not pay.
    1.11/1.12 is clear across a river (1 + 2, test_river_and_woods_costs); 11.02/11.03 clear."""
    costs = MoveCosts(galicia.map, _unit(galicia, 4))
    assert costs.enter("11.02", "11.03", MoveLimits(4, road_links={frozenset(("11.02", "11.03")): 0.5}))[0] == 0.5
    assert costs.enter("11.02", "11.03", MoveLimits(4))[0] == 1
    link = {frozenset(("1.11", "1.12")): 0.5}
    assert costs.enter("1.11", "1.12", MoveLimits(4, road_links=link))[0] == 0.5 + 2  # the river still paid
    assert costs.enter("1.11", "1.12", MoveLimits(4, road_links=link, road_ignores=frozenset({"river"})))[0] == 0.5
    assert costs.enter("1.11", "1.12", MoveLimits(4, road_ignores=frozenset({"river"})))[0] == 1 + 2  # no road: paid


def test_a_goal_another_mode_reaches_is_judged_by_its_rule_only_when_no_path_on_foot_does(galicia):
    """MoveLimits.other_modes: goals another mode of movement (rail) reaches, legal (rule "") or with
    the rule that refuses them; a goal in reach on foot stays legal whatever the other mode says."""
    rules = replace(galicia.movement, minimum_hexes=0)
    costs = MoveCosts(galicia.map, _unit(galicia, 1))
    far = _beyond(galicia)  # 2 MP from 11.02: beyond an allowance of 1
    assert not judge_move(costs, rules, MoveLimits(1), "11.02", far, [far]).legal
    assert judge_move(costs, rules, MoveLimits(1, other_modes={far: ("", "", "")}), "11.02", far, [far]).legal
    refused = judge_move(costs, rules, MoveLimits(1, other_modes={far: ("9.9", "Too near", "why")}), "11.02", far, [far])
    assert (refused.legal, refused.rule, refused.title, refused.why) == (False, "9.9", "Too near", "why")
    near = MoveLimits(1, other_modes={"11.03": ("9.9", "Too near", "why")})
    assert judge_move(costs, rules, near, "11.02", "11.03", ["11.03"]).legal  # 1 MP on foot


def test_a_forced_march_makes_a_move_legal_with_a_note_up_to_its_extra_mp(galicia):
    """MoveLimits.forced: extra MP a forced march may add (its roll not in the log): a move within
    allowance + forced is legal with a note naming the MP beyond; beyond it, the finding names both."""
    rules = replace(galicia.movement, minimum_hexes=0)
    costs = MoveCosts(galicia.map, _unit(galicia, 1))
    far = _beyond(galicia)  # 2 MP from 11.02
    v = judge_move(costs, rules, MoveLimits(1, forced=1, forced_rule="8.3"), "11.02", far, [far])
    assert v.legal and "1 beyond the allowance 1" in v.note and "(8.3)" in v.note
    assert not judge_move(costs, rules, MoveLimits(1), "11.02", far, [far]).note
    short = judge_move(costs, rules, MoveLimits(0.5, forced=1, forced_rule="8.3"), "11.02", far, [far])
    assert not short.legal and "allowance 0.5 + 1 by forced march (8.3)" in short.why


def test_a_rule_s_extra_cost_to_cross_a_hexside_is_paid_on_that_side_only(galicia):
    """MoveLimits.side_costs: a plugin's extra MP for crossing one hexside (a line of control).
    11.02 and 11.03 are clear and share a neighbour: 2 MP round it, 1 MP straight across."""
    rules = galicia.movement
    costs = MoveCosts(galicia.map, _unit(galicia, 4))
    a, b = "11.02", "11.03"
    cheap = cheapest_path(costs, rules, MoveLimits(4, side_costs={frozenset((a, b)): 0.5}), b, a)
    assert cheap.hexes == (b, a) and cheap.cost == 1.5
    dear = MoveLimits(4, side_costs={frozenset((a, b)): 3.0})
    round_it = cheapest_path(costs, rules, dear, a, b)
    assert len(round_it.hexes) == 3 and round_it.cost == 2
    no_minimum = replace(rules, minimum_hexes=0)  # Galicia's one hex whatever the cost (4.3) aside
    assert not judge_move(costs, no_minimum, replace(dear, allowance=1), a, b, [b]).legal


def test_a_move_only_the_ezoc_makes_too_long_cites_6_3(galicia):
    rules = galicia.movement
    costs = MoveCosts(galicia.map, _unit(galicia, 2))
    beyond = _beyond(galicia)
    ezoc = frozenset(galicia.map.neighbours("11.02")) | {"11.02"}
    v = judge_move(costs, rules, MoveLimits(2, ezoc=ezoc), "11.02", beyond, [beyond])
    assert not v.legal and v.rule == "6.3"
    assert judge_move(costs, rules, MoveLimits(2), "11.02", beyond, [beyond]).legal


def test_minimum_move_alone_is_legal_but_not_with_more_movement(galicia):
    rules = galicia.movement
    costs = MoveCosts(galicia.map, _unit(galicia, 1))
    # 1.01 -> 1.02 is woods (2 MP) for a unit of MA 1: legal only as a minimum move (4.3)
    assert judge_move(costs, rules, MoveLimits(1), "1.01", "1.02", ["1.02"]).legal
    onward = next(n for n in galicia.map.neighbours("1.02") if n not in galicia.map.neighbours("1.01") and n != "1.01"
                  and costs.enter("1.02", n)[0] is not None)
    v = judge_move(costs, rules, MoveLimits(1), "1.01", onward, ["1.02", onward])
    assert not v.legal and v.rule == "4.3"


def _at_cost(costs, rules, start: str, mp: float) -> str:
    """A hex whose cheapest path from start costs exactly mp (searched with no allowance limit)."""
    m = costs.m
    return next(h for h in sorted(m.terrain) if (p := cheapest_path(costs, rules, MoveLimits(99), start, h))
                is not None and p.cost == mp)


def test_an_over_long_move_names_the_extended_allowance_where_it_applied(galicia):
    # A game declaring an extended allowance (Holland '44 8.2: +2 MP for a unit that neither starts nor
    # enters a hex next to an enemy unit): a 7-hex move of a unit with allowance 4 clear of the enemy
    # breaks the extended allowance 6, and the finding must name 6, not 4.
    rules = replace(galicia.movement, extended_bonus=2, extended_rule="8.2")
    costs = MoveCosts(galicia.map, _unit(galicia, 4))
    six, seven = _at_cost(costs, rules, "11.02", 6), _at_cost(costs, rules, "11.02", 7)
    assert judge_move(costs, rules, MoveLimits(4), "11.02", six, [six]).legal  # 6 MP: the extended allowance
    v = judge_move(costs, rules, MoveLimits(4), "11.02", seven, [seven])
    assert not v.legal and v.rule == galicia.movement.rule
    assert "extended allowance 6 (4 + 2, 8.2)" in v.why and v.path.cost == 7
    # next to an enemy unit at the start, the plain allowance is the one broken, and the message says so
    near = MoveLimits(4, near_enemy=frozenset({"11.02"}))
    v = judge_move(costs, rules, near, "11.02", six, [six])
    assert not v.legal and "more than the allowance 4" in v.why and "extended" not in v.why


def test_prohibited_goal_and_closed_hexes(galicia):
    rules = galicia.movement
    costs = MoveCosts(galicia.map, _unit(galicia, 4))
    v = judge_move(costs, rules, MoveLimits(4), "10.06", "10.07", ["10.07"])
    assert not v.legal and v.rule == "TEC" and v.title == "Move into a prohibited hex"
    v = judge_move(costs, rules, MoveLimits(4, closed={"11.03": ("13.0", "fortress")}), "11.02", "11.03", ["11.03"])
    assert not v.legal and v.rule == "13.0"


def test_the_rules_worked_combat_example():
    """8.x example: attack 13 against defense 8 is the 1.5:1 column; a roll of 9 there is +2/-1."""
    from modgen.rules.galicia1914_combat import ODDS, crt_result, odds_column

    col = odds_column(13, 8)
    assert ODDS[col] == (1.5, 1)
    crt = next(c for c in loaded("galicia1914").charts if c.id == "crt")
    row = next(r for r in crt.rows if r[0] == "9")
    assert row[col + 1] == "+2/-1" and crt_result(row[col + 1]).defender_retreat == 0
    assert crt_result("+1.R1/-2").attacker_retreat == 1 and crt_result("-/R3").defender_retreat == 3
    assert odds_column(1, 4) == -1 and ODDS[odds_column(10, 1)] == (4, 1)
    assert odds_column(3, 2) == 4 and odds_column(2, 3) == 1  # 1.5:1; 0.67 rounds down to 1:2


def test_command_limits_of_an_attack(galicia):
    """7.2: all of one Corps plus one unit, or two independent units; 7.5: no cavalry with infantry."""
    from modgen.gamestate import UnitState
    from modgen.rules.galicia1914_combat import command_ok

    def st(uid):
        return UnitState(galicia.units[uid], uid, "Main Map", "1.01", None, False, False, None, None, 0)

    inf = [u for u in galicia.units.values() if u.type == "infantry"]
    by_corps: dict = {}
    for u in inf:
        by_corps.setdefault(u.formation, []).append(u.id)
    corps = next(ids for f, ids in by_corps.items() if f and len(ids) >= 2)
    other = next(ids for f, ids in by_corps.items() if f and ids != corps)
    independents = by_corps.get(None, [])
    assert command_ok([st(i) for i in corps])
    assert command_ok([st(i) for i in corps] + [st(other[0])])
    assert not command_ok([st(i) for i in corps] + [st(other[0]), st(other[-1])]) or len(other) == 1
    cav = next(u.id for u in galicia.units.values() if u.type == "cavalry")
    assert not command_ok([st(corps[0]), st(cav)])
    if len(independents) >= 3:
        assert command_ok([st(i) for i in independents[:2]]) and not command_ok([st(i) for i in independents[:3]])


def test_a_neighbour_across_a_closed_hexside_is_legal_when_a_way_round_fits(galicia):
    """A drop on the next hex across a closed hexside is a move round it when one fits the MP: only
    when none does is the closed hexside the finding. 11.02 and 11.03 share a clear neighbour."""
    rules = replace(galicia.movement, minimum_hexes=0)
    costs = MoveCosts(galicia.map, _unit(galicia, 4))
    a, b = "11.02", "11.03"
    closed = {frozenset((a, b)): ("9.9", "a line closes it")}
    assert judge_move(costs, rules, MoveLimits(2, closed_sides=closed), a, b, [b]).legal
    v = judge_move(costs, rules, MoveLimits(1, closed_sides=closed), a, b, [b])
    assert not v.legal and v.rule == "9.9" and v.title == "Move across a closed hexside"


def test_a_move_too_long_only_through_a_rule_s_hexside_costs_cites_that_rule(galicia):
    """MoveLimits.side_rule: the rule whose hexside costs alone make a move too long (as an enemy
    ZOC's cost does for the ZOC rule); a move too long without them still cites the allowance."""
    rules = replace(galicia.movement, minimum_hexes=0)
    costs = MoveCosts(galicia.map, _unit(galicia, 4))
    a = "11.02"
    sides = {frozenset((a, n)): 1.0 for n in galicia.map.neighbours(a)}  # every way out of 11.02 pays +1
    limits = MoveLimits(1, side_costs=sides, side_rule=("9.8", "lines"))
    v = judge_move(costs, rules, limits, a, "11.03", ["11.03"])
    assert not v.legal and v.rule == "9.8" and "without crossing lines" in v.why
    beyond = _beyond(galicia)  # two hexes: 2 MP even without the sides, over 1
    assert judge_move(costs, rules, limits, a, beyond, [beyond]).rule == rules.rule


def test_a_step_a_rule_closes_one_way_is_open_the_other_way(galicia):
    """MoveLimits.closed_steps: (from, to) closed one way only (entering terrain a rule forbids across
    a line); the way back is an ordinary step, and a way round still counts."""
    rules = replace(galicia.movement, minimum_hexes=0)
    costs = MoveCosts(galicia.map, _unit(galicia, 4))
    a, b = "11.02", "11.03"
    limits = MoveLimits(1, closed_steps={(a, b): ("9.7", "one way")})
    v = judge_move(costs, rules, limits, a, b, [b])
    assert not v.legal and v.rule == "9.7" and v.title == "Move across a closed hexside"
    assert judge_move(costs, rules, limits, b, a, [a]).legal
    assert judge_move(costs, rules, replace(limits, allowance=2), a, b, [b]).legal  # round by the shared neighbour


def _road_line(game) -> tuple[str, str, str]:
    """11.02, 11.03 and a clear hex beyond: 2 MP on foot (test_open_ground_costs_one_a_hex)."""
    return "11.02", "11.03", _beyond(game)


def test_a_stack_is_priced_off_road_and_cites_the_rule_when_only_a_road_fits(galicia):
    """MoveLimits.road_alone / off_road: road movement only for a unit moving alone; the core sets off_road
    for a unit the log shows moving in a stack, and cites road_alone when only the road would have fitted."""
    rules = replace(galicia.movement, minimum_hexes=0)
    costs = MoveCosts(galicia.map, _unit(galicia, 1))
    a, b, c = _road_line(galicia)
    links = {frozenset((a, b)): 0.5, frozenset((b, c)): 0.5}
    alone = MoveLimits(1, road_links=links, road_alone=("9.4", "alone only"))
    assert judge_move(costs, rules, alone, a, c, [c]).legal  # 1/2 + 1/2 by road
    v = judge_move(costs, rules, replace(alone, off_road=True), a, c, [c])
    assert (v.legal, v.rule, v.title) == (False, "9.4", "Road movement by a stack")
    assert v.path.cost == 2 and "only road movement (1 MP" in v.why
    plain = judge_move(costs, rules, replace(alone, off_road=True, road_alone=()), a, c, [c])
    assert (plain.legal, plain.rule) == (False, rules.rule)


def test_a_road_step_into_a_hex_friendly_units_hold_pays_their_cost_or_goes_off_road(galicia):
    """MoveLimits.road_enter: extra MP a road step into a hex pays for the units there; the step may be
    made off the road instead (clear 1); a move too long only by them cites road_enter_rule."""
    rules = replace(galicia.movement, minimum_hexes=0)
    costs = MoveCosts(galicia.map, _unit(galicia, 1))
    a, b, c = _road_line(galicia)
    links = {frozenset((a, b)): 0.25, frozenset((b, c)): 0.25}
    assert costs.enter(a, b, MoveLimits(1, road_links=links, road_enter={b: {"x": 0.5}}))[0] == 0.75
    assert costs.enter(a, b, MoveLimits(1, road_links=links, road_enter={b: {"x": 0.5, "y": 0.5}}))[0] == 1  # off the road
    limits = MoveLimits(1, road_links=links, road_enter={b: {"x": 1.0}, c: {"y": 0.5}}, road_enter_rule=("9.5", "friends"))
    v = judge_move(costs, rules, limits, a, c, [c])  # 1 (off the road into b) + 3/4 into c
    assert (v.legal, v.rule, v.title) == (False, "9.5", "Move too long with the cost of friends")
    assert v.path.cost == 1.75 and "1.75 MP, 0.5 without friends" in v.why


def test_reciprocity_closes_a_step_whose_way_back_is_prohibited(galicia):
    """MovementRules.reciprocal_rule: a unit may step from A to B only if it could step from B to A: out
    of the swamp 10.07 (prohibited, test_river_and_woods_costs) to 10.06 only without the rule."""
    costs = MoveCosts(galicia.map, _unit(galicia, 4))
    rules = replace(galicia.movement, minimum_hexes=0)
    assert judge_move(costs, rules, MoveLimits(4), "10.07", "10.06", ["10.06"]).legal
    v = judge_move(costs, replace(rules, reciprocal_rule="9.6"), MoveLimits(4), "10.07", "10.06", ["10.06"])
    assert (v.legal, v.rule, v.title) == (False, "9.6", "Move out of terrain it could not enter")
    assert judge_move(costs, replace(rules, reciprocal_rule="9.6"), MoveLimits(4), "11.02", "11.03", ["11.03"]).legal


def test_another_mode_from_entry_hexes_needs_one_in_reach_with_its_mp_in_hand(galicia):
    """MoveLimits.mode_entries / mode_refusals: a goal with a refusal is reached by the other mode only from an
    entry hex a path on foot reaches with the MP that entry needs for that goal still in hand."""
    rules = replace(galicia.movement, minimum_hexes=0)
    costs = MoveCosts(galicia.map, _unit(galicia, 3))
    a, b, c = _road_line(galicia)
    far = "1.11"  # far beyond 3 MP on foot from 11.02
    refusal = {far: ("9.9", "No entry", "why")}
    base = MoveLimits(3, other_modes={far: ("", "", "")}, mode_refusals=refusal)
    assert judge_move(costs, rules, replace(base, mode_entries={b: {far: 2}}), a, far, [far]).legal  # 1 MP + 2
    v = judge_move(costs, rules, replace(base, mode_entries={b: {far: 2.5}}), a, far, [far])
    assert (v.legal, v.rule, v.title) == (False, "9.9", "No entry")
    assert judge_move(costs, rules, replace(base, mode_entries={c: {far: 1}}), a, far, [far]).legal  # 2 MP + 1
    assert not judge_move(costs, rules, replace(base, mode_entries={}), a, far, [far]).legal
    assert judge_move(costs, rules, replace(base, mode_refusals={}), a, far, [far]).legal  # no refusal: as before
    noted = judge_move(costs, rules, replace(base, mode_entries={b: {far: 2}}, mode_note=("9.9", "RP lost")), a, far, [far])
    assert (noted.legal, noted.rule, noted.note) == (True, "9.9", "RP lost")
    assert noted.by_mode and not judge_move(costs, rules, base, a, b, [b]).by_mode  # the plugin's other_mode_moves gets it


def test_a_task_a_marker_shows_is_priced_after_the_move_or_refused(galicia):
    """MoveLimits.marked_costs: marker kind -> (MP, rule, title, why) of a task done after the move (judge_move's
    `marked`: the kinds the unit took on); the move must fit the allowance less its MP (citing the task's rule
    when the move alone fits); MP None: the rules forbid the unit the task."""
    rules = replace(galicia.movement, minimum_hexes=0)
    costs = MoveCosts(galicia.map, _unit(galicia, 4))
    a, b, c = _road_line(galicia)  # 2 MP on foot
    limits = MoveLimits(4, marked_costs={"pa": (3.0, "9.1", "Too long with a task", "3 MP")})
    assert judge_move(costs, rules, limits, a, c, [c]).legal
    assert judge_move(costs, rules, limits, a, b, [b], ("pa",)).legal  # 1 + 3
    v = judge_move(costs, rules, limits, a, c, [c], ("pa",))
    assert (v.legal, v.rule, v.title) == (False, "9.1", "Too long with a task") and "2 MP + 3 MP" in v.why
    assert judge_move(costs, rules, limits, a, c, [c], ("other",)).legal
    no = MoveLimits(4, marked_costs={"pa": (None, "9.2", "Forbidden", "not this unit")})
    assert (judge_move(costs, rules, no, a, b, [b], ("pa",)).rule, judge_move(costs, rules, no, a, b, [b]).legal) == ("9.2", True)


def test_a_unit_ending_under_a_marker_of_another_mode_is_noted_not_judged(galicia):
    """MoveLimits.marked_unjudged: marker kind -> (rule, note): a move ending under such a new marker (in Rail Mode
    on its way) is not priced: legal with the note; without the marker it is judged as ever."""
    rules = replace(galicia.movement, minimum_hexes=0)
    costs = MoveCosts(galicia.map, _unit(galicia, 1))
    far = _beyond(galicia)  # 2 MP
    limits = MoveLimits(1, marked_unjudged={"train": ("9.3", "on its way")})
    assert not judge_move(costs, rules, limits, "11.02", far, [far]).legal
    v = judge_move(costs, rules, limits, "11.02", far, [far], ("train",))
    assert (v.legal, v.rule, v.note) == (True, "9.3", "on its way")


def test_a_legal_move_must_have_crossed_counted_hexsides_only_when_no_way_clear_of_them_fits(galicia):
    """MoveLimits.counted_sides (a causeway a rule lets only so many units cross in a phase) and forced_crossings:
    the log shows drops, not the way taken, so a move counts only when no legal way clear of every counted side
    fits; then each counted side that alone (the others closed) leaves the move legal is one way it may have gone,
    or, when none alone does, the counted sides of its cheapest path together. 11.02 -> 11.03 (clear, no hexside
    features): 1 MP straight, 2 MP round by 10.02 or 12.02, 3 MP by 10.02 and 10.03."""
    from modgen.check.paths import forced_crossings
    rules = replace(galicia.movement, minimum_hexes=0)
    costs = MoveCosts(galicia.map, _unit(galicia, 4))
    a, b = "11.02", "11.03"
    straight, by_10, by_12 = frozenset((a, b)), frozenset(("10.02", b)), frozenset(("12.02", b))

    def ways(limits, start=a, goal=b):
        v = judge_move(costs, rules, limits, start, goal, [goal])
        assert v.legal
        return forced_crossings(costs, rules, limits, start, goal, [goal], (), v.path)
    assert ways(MoveLimits(2, counted_sides=frozenset({straight}))) == ()  # round by 10.02 in 2 MP: not counted
    assert ways(MoveLimits(1, counted_sides=frozenset({straight}))) == (frozenset({straight}),)
    three = frozenset({straight, by_10, by_12})
    assert set(ways(MoveLimits(2, counted_sides=three))) == {frozenset({s}) for s in three}  # any one of them
    assert ways(MoveLimits(3, counted_sides=three)) == ()  # 11.02 10.02 10.03 11.03 is clear of them
    assert ways(MoveLimits(1, counted_sides=three)) == (frozenset({straight}),)
    # 11.02 -> 10.03 in 2 MP runs by 10.02 (closed here) or through 11.03, over two counted sides together
    both = frozenset({straight, frozenset((b, "10.03"))})
    closed = {"10.02": ("9.9", "held")}
    assert ways(MoveLimits(2, counted_sides=both, closed=closed), a, "10.03") == (both,)
    assert ways(MoveLimits(2, counted_sides=both), a, "10.03") == ()  # by 10.02
