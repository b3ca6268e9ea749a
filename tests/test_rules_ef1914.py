"""The Eastern Front in WW1: each checker rule on small positions written as real saves and read
back through the built module.

TABLE was written from the rules text (The Eastern Front in WW1: 1914, Twilight in the East, Living Rules (June 2014), 4.1, 4.2, 3.3.5,
9.5, 9.8, 9.9, 12.1, 12.4) before the checker ran on it. A save is a moment of a turn (GT, player
turn, phase shown by the turn tracker: the save is taken during that phase). A breach at a moment
where the rule holds is an error; before it holds (the owner's own Movement Phase for 4.2's
"at the END of any friendly movement phase"), pending; "clean" means no finding at all.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

import pytest

from modgen.check.reader import read_state
from modgen.check.run import check_states
from modgen.loader import load_game
from modgen.plugins import plugin_for
from modgen.rules import ef1914_attachment, ef1914_positions
from modgen.rules.ef1914 import TIMINGS
from modgen.vmod.compose import Composer, Position, from_scenario

REPO = Path(__file__).resolve().parents[1]
G = "ef1914"

# hexes (maps/ef1914): any open hex for stacking; Grodno 28.33 has 27.32 across a plain hexside and
# 29.33 across the Niemen (grand river, with a bridge: 4.1, a ZOC does not cross it even at bridges)
OPEN = "44.30"
GRODNO, GRODNO_PLAIN, GRODNO_RIVER = "28.33", "27.32", "29.33"
KOVNO, KOVNO_NEXT = "27.16", "27.17"  # ru-56r-26r (dot, release GT 2) begins on the Kovno fortress
KONIGSBERG = "61.17"  # de-kg (dot without a number) begins on the Konigsberg fortress complex
ALLENSTEIN = "62.30"  # de-allenstein (dot without a number) begins in Allenstein, no fortress there
GER_DIVS = ("de-1-1", "de-2-1", "de-35-17", "de-36-17")
GER_GUNS = ("de-hv-1", "de-hv-17", "de-hv-1r")


def blank(game, scenario="tannenberg") -> Position:
    pos = Position(game, scenario=scenario)
    for s in game.sides:
        pos.set_vp(s.id, 0)
    return pos


def p_start(g):
    return from_scenario(g, g.scenarios["tannenberg"])


def p_four_divisions(g):
    pos = blank(g)
    for u in GER_DIVS:
        pos.unit(u, OPEN)
    return pos


def p_three_and_a_half(g):  # 3 full divisions + a corps train (1/2)
    pos = blank(g)
    for u in GER_DIVS[:3]:
        pos.unit(u, OPEN)
    return pos.unit("de-ct-1", OPEN)


def p_three_and_reduced(g):  # 3 full + a reduced division (1/2)
    pos = blank(g)
    for u in GER_DIVS[:3]:
        pos.unit(u, OPEN)
    return pos.unit(GER_DIVS[3], OPEN, reduced=True)


def p_halves_to_three(g):  # 2 full + reduced division (1/2) + cavalry division (1/2) = 3
    pos = blank(g)
    for u in GER_DIVS[:2]:
        pos.unit(u, OPEN)
    return pos.unit(GER_DIVS[2], OPEN, reduced=True).unit("de-1c", OPEN)


def p_free_units(g):  # 3 full + two regiments + 2 artillery: the units not counted, 2 guns allowed
    pos = blank(g)
    for u in GER_DIVS[:3] + ("de-masurian", "de-bacmeister") + GER_GUNS[:2]:
        pos.unit(u, OPEN)
    return pos


def p_four_one_entrained(g):  # 4 full divisions, one under a Rail Mode marker (8.2.4: does not count)
    pos = p_four_divisions(g)
    return pos.marker("rail-mode", OPEN, under=GER_DIVS[3])


def p_three_guns(g):
    pos = blank(g).unit(GER_DIVS[0], OPEN)
    for u in GER_GUNS:
        pos.unit(u, OPEN)
    return pos


def p_both_sides(g):
    return blank(g).unit("de-1-1", OPEN).unit("ru-28-20", OPEN)


def p_gun_in_ezoc(g):
    return blank(g).unit("ru-28-20", GRODNO).unit("de-hv-1", GRODNO_PLAIN)


def p_gun_covered(g):
    return blank(g).unit("ru-28-20", GRODNO).unit("de-hv-1", GRODNO_PLAIN).unit("de-1-1", GRODNO_PLAIN)


def p_gun_across_river(g):
    return blank(g).unit("ru-28-20", GRODNO).unit("de-hv-1", GRODNO_RIVER)


def p_gun_by_fortress(g):  # the Grodno fortress on its set-up hex projects a ZOC (4.1)
    return blank(g).unit("ru-f-grodno", GRODNO).unit("de-hv-1", GRODNO_PLAIN)


def p_gun_by_enemy_gun(g):  # artillery projects no ZOC
    return blank(g).unit("ru-hv-2a", GRODNO).unit("de-hv-1", GRODNO_PLAIN)


def p_gun_by_entrained(g):  # a unit in Rail Mode projects no ZOC
    return blank(g).unit("ru-28-20", GRODNO).marker("rail-mode", GRODNO, under="ru-28-20").unit("de-hv-1", GRODNO_PLAIN)


def p_train_in_ezoc(g):
    return blank(g).unit("de-1c", GRODNO).unit("ru-ct-20", GRODNO_PLAIN)


def p_train_covered(g):
    return blank(g).unit("de-1c", GRODNO).unit("ru-ct-20", GRODNO_PLAIN).unit("ru-2c", GRODNO_PLAIN)


def p_depot_adjacent(g):  # any enemy unit, here an artillery unit with no ZOC, and across the river
    return blank(g).unit("ru-dep-vir", GRODNO).unit("de-hv-1", GRODNO_RIVER)


def p_depot_two_away(g):
    far = next(n for n in g.map.neighbours(GRODNO_RIVER) if n not in g.map.neighbours(GRODNO) and n != GRODNO)
    return blank(g).unit("ru-dep-vir", GRODNO).unit("de-hv-1", far)


def p_fortress_moved(g):
    return blank(g).unit("ru-f-grodno", GRODNO_PLAIN)


def p_fortress_home(g):
    return blank(g).unit("ru-f-grodno", GRODNO)


def p_garrison_out(g):
    return blank(g).unit("ru-f-kovno", KOVNO).unit("ru-56r-26r", KOVNO_NEXT)


def p_kg_out(g):
    return blank(g).unit("de-kg-main", KONIGSBERG).unit("de-kg", "61.18")


def p_city_garrison_out(g):
    return blank(g).unit("de-allenstein", "62.31")


def p_city_garrison_home(g):
    return blank(g).unit("de-allenstein", ALLENSTEIN)


POSITIONS = {name[2:]: fn for name, fn in globals().items() if name.startswith("p_")}

STACK = "4.2: no more than THREE division-sized infantry units plus TWO artillery units at the END of any friendly movement phase"
NEVER_ENEMY = "4.2: units enter and pass through stacks of FRIENDLY units; enemy hexes are attacked, never entered"
ART = "9.5: an artillery unit may NEVER be in an EZOC unless the hex is occupied by a friendly combat unit"
ZOC = "4.1: only Combat units and Fortresses project a ZOC; not units in Rail Mode; not across Major and Grand River hexsides, even at bridges"
TRAIN = "9.8: the INSTANT a Corps Train not stacked with a friendly combat unit is in an EZOC it must retreat"
DEPOT = "9.9: a Depot unit may NEVER be adjacent to an enemy unit"
FORT = "12.1: a fortress unit may NEVER move"
GARRISON = "3.3.5, 12.4: a unit with the dot that begins stacked on a fortress unit may not leave it until the GT in the dot"
RESTRICT = "3.3.5: a unit with the dot begins immobile (or as a city garrison) until the GT in the dot; no number: never"


@dataclass(frozen=True)
class Case:
    position: str
    moment: tuple[int, str, str]
    rule: str  # "" for a clean case
    verdict: str  # error | pending | clean
    why: str


TABLE = [
    # the set-up itself
    Case("start", (1, "russian", "Movement"), "", "clean", "the Tannenberg set-up, the first phase of play"),
    Case("start", (1, "cp", "Attack"), "", "clean", "the set-up breaks no stacking, ZOC or set-up rule at any moment"),
    # 4.2 stacking: 4 German full divisions in one hex
    Case("four_divisions", (3, "cp", "Movement"), "4.2", "pending", STACK + ": during the CP Movement Phase"),
    Case("four_divisions", (3, "cp", "Counter Movement"), "4.2", "error", STACK + ": the CP Movement Phase has ended"),
    Case("four_divisions", (3, "cp", "Attack"), "4.2", "error", STACK),
    Case("four_divisions", (3, "russian", "Movement"), "4.2", "error", STACK + ": CP's GT 2 Movement Phase ended"),
    Case("four_divisions", (4, "cp", "Supply"), "4.2", "error", STACK + ": nothing has moved since GT 3's phase"),
    Case("three_and_a_half", (3, "cp", "Attack"), "4.2", "error", STACK + "; supply units count as half"),
    Case("three_and_reduced", (3, "cp", "Attack"), "4.2", "error", STACK + "; a reduced division counts as half"),
    Case("halves_to_three", (3, "cp", "Attack"), "", "clean", "2 + 1/2 (reduced) + 1/2 (cavalry division) = 3"),
    Case("free_units", (3, "cp", "Attack"), "", "clean", "regiments do not count; two artillery units are allowed"),
    Case("four_one_entrained", (3, "cp", "Attack"), "", "clean", "4.2: units bearing a Rail Mode marker do not count"),
    Case("three_guns", (3, "cp", "Movement"), "4.2", "pending", STACK + ": during the CP Movement Phase"),
    Case("three_guns", (3, "cp", "Attack"), "4.2", "error", STACK + ": three artillery units"),
    # units of both sides in one hex: never
    Case("both_sides", (3, "cp", "Movement"), "4.2", "error", NEVER_ENEMY + ", even mid-movement"),
    Case("both_sides", (3, "russian", "Attack"), "4.2", "error", NEVER_ENEMY),
    # 9.5 artillery in an EZOC
    Case("gun_in_ezoc", (3, "cp", "Movement"), "9.5", "error", ART + ": 'never', also mid-movement"),
    Case("gun_in_ezoc", (3, "russian", "Attack"), "9.5", "error", ART),
    Case("gun_covered", (3, "cp", "Attack"), "", "clean", ART + ": a German division is in the hex"),
    Case("gun_across_river", (3, "cp", "Attack"), "", "clean", ZOC + ": the Niemen at Grodno, bridged"),
    Case("gun_by_fortress", (3, "cp", "Attack"), "9.5", "error", ZOC + ": a Fortress projects one"),
    Case("gun_by_enemy_gun", (3, "cp", "Attack"), "", "clean", ZOC + ": artillery projects none"),
    Case("gun_by_entrained", (3, "cp", "Attack"), "", "clean", ZOC + ": a unit in Rail Mode projects none"),
    # 9.8 corps trains in an EZOC
    Case("train_in_ezoc", (3, "russian", "Movement"), "9.8", "error", TRAIN),
    Case("train_in_ezoc", (3, "cp", "Attack"), "9.8", "error", TRAIN),
    Case("train_covered", (3, "cp", "Attack"), "", "clean", TRAIN + ": a Russian cavalry division is with it"),
    # 9.9 depots adjacent to any enemy unit
    Case("depot_adjacent", (3, "cp", "Movement"), "9.9", "error", DEPOT + " (any unit; adjacency, whatever the hexside)"),
    Case("depot_two_away", (3, "cp", "Attack"), "", "clean", DEPOT + ": two hexes away"),
    # 12.1 fortress units
    Case("fortress_moved", (1, "russian", "Movement"), "12.1", "error", FORT),
    Case("fortress_moved", (9, "cp", "Attack"), "12.1", "error", FORT),
    Case("fortress_home", (9, "cp", "Attack"), "", "clean", FORT + ": on its set-up hex 28.33"),
    # 3.3.5 / 12.4 movement restrictions and garrisons
    Case("garrison_out", (1, "russian", "Movement"), "12.4", "error", GARRISON + ": 56 r/26 R, dot 2, on GT 1"),
    Case("garrison_out", (2, "russian", "Movement"), "", "clean", GARRISON + ": released on GT 2"),
    Case("kg_out", (10, "cp", "Attack"), "12.4", "error", GARRISON + ": KG's dot has no number"),
    Case("city_garrison_out", (5, "cp", "Attack"), "3.3.5", "error", RESTRICT + ": Allenstein, never released"),
    Case("city_garrison_home", (14, "cp", "Attack"), "", "clean", RESTRICT + ": in Allenstein"),
]


# The rules of this file's table: those of modgen/rules/ef1914.py itself. Supply (14.4), the position
# bookkeeping and attachment rules have test files of their own (test_rules_ef1914_*.py).
BASE_TIMINGS = tuple(rt for rt in TIMINGS if rt not in ef1914_positions.TIMINGS + ef1914_attachment.TIMINGS
                     and rt.rule != "14.4")
BASE_RULES = {rt.rule for rt in BASE_TIMINGS}


def verdicts(report, rule: str) -> set[str]:
    return {f.status for f in report.findings + report.notes if f.rule == rule}


@pytest.mark.parametrize("case", TABLE, ids=lambda c: f"{c.position}-{c.moment[0]}-{c.moment[1]}-{c.moment[2]}")
def test_table(case, ef_game, ef_module, tmp_path):
    pos = POSITIONS[case.position](ef_game).set_turn(*case.moment)
    path = Composer(ef_game).write(pos, tmp_path / f"{case.position}.vsav")
    report = check_states([read_state(path, module=ef_module)])
    rules = {f.rule for f in report.findings + report.notes} & BASE_RULES
    if case.verdict == "clean":
        assert rules == set(), (case.why, report.findings + report.notes)
        return
    assert rules == {case.rule}, (case.why, report.findings + report.notes)
    assert verdicts(report, case.rule) == {case.verdict}, case.why


def test_every_rule_with_a_timing_has_a_pending_and_an_error_case():
    for rt in BASE_TIMINGS:
        if rt.timing.kind == "always":
            continue
        got = {c.verdict for c in TABLE if c.rule == rt.rule}
        assert {"pending", "error"} <= got, rt.rule


def test_every_finding_has_a_declared_timing():
    """What tests/test_rule_timing.py asks of the seed games' plugins, asked of this one."""
    from .test_rule_timing import emitted

    spec = plugin_for(G).report
    found = set().union(*(emitted(p) for p in sorted((REPO / "modgen" / "rules").glob(f"{G}*.py"))))
    assert len(found) >= 9
    for rule, title in sorted(found):
        assert [rt for rt in spec.timings if rt.rule == rule and (not rt.title or title.startswith(rt.title))], (rule, title)
    phases = set(load_game(REPO, G).turns.phases)
    for rt in spec.timings:
        for ph in (rt.timing.phase, rt.timing.opens, rt.timing.until):
            assert not ph or ph in phases, (rt.rule, ph)
        assert rt.words.strip(), rt.rule
    assert {s.id for s in spec.supply_states} == {"in", "low", "out"} and spec.supply_marker_rule == "14.4"


def test_unknown_scenario_skips_the_set_up_rules(ef_game, ef_module, tmp_path):
    """With no scenario the set-up hexes are unknown: 3.3.5, 12.1 and 12.4 are skipped, and a
    report section says so."""
    pos = p_fortress_moved(ef_game).unit("de-allenstein", "62.31").set_turn(5, "cp", "Attack")
    st = read_state(Composer(ef_game).write(pos, tmp_path / "s.vsav"), module=ef_module)
    rules = plugin_for(G)
    assert {f.rule for f in rules.check(st)} == {"12.1", "3.3.5"}
    unknown = dataclasses.replace(st, scenario=None, memo={})
    assert rules.check(unknown) == []
    section = [s for s in rules.sections([unknown]) if s.title.startswith("Set-up hexes")]
    assert section and "not checked" in section[0].lines[0]


def test_report_traces_supply_and_says_the_victory_schedule_is_lost(ef_game, ef_module, tmp_path):
    pos = p_start(ef_game).set_turn(1, "russian", "Movement")
    st = read_state(Composer(ef_game).write(pos, tmp_path / "s.vsav"), module=ef_module)
    rules = plugin_for(G)
    supply = rules.supply(st)
    assert set(supply) == {u.unit.id for u in st.units_on_map()
                           if u.unit.type in ("infantry", "cavalry", "artillery") or u.unit.has("supply_unit")
                           or u.unit.has("fortress")}
    titles = [s.title for s in rules.sections([st])]
    assert any(t.startswith("Supply (14.0)") for t in titles)
    vp = rules.victory([st])
    text = "\n".join(vp.text_lines())
    assert "27.0" in text and "not in the rules text" in text and "maps/ef1914/features.yaml" in text
    assert "VP marker Central Powers VP (x1)" in text and "VP marker Russian VP x10 (x10)" in text


def test_a_phase_name_with_a_comma_reads_back(ef_game, ef_module, tmp_path):
    """5.4's first phase is "Reinforcement, Withdrawal and Activation": the module's turn tracker
    lists phases as VASSAL's SequenceEncoder(',') does, the comma escaped, so the save's moment
    reads back as the phase named, not an unknown one."""
    phase = ef_game.turns.phases[0]
    assert "," in phase
    st = read_state(Composer(ef_game).write(blank(ef_game).set_turn(3, "cp", phase), tmp_path / "s.vsav"), module=ef_module)
    assert (st.turn, st.phasing_side, st.phase) == (3, "cp", phase)
