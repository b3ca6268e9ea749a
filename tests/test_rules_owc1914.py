"""Ostatnia Wojna Cesarzy: each checker rule on small positions written as real saves and read back
through the built module. Expectations were written from the rules (the Polish rulebook through
its English digest: 5.3, 5.1.4, A.3, 25, 13, 16, 17.1, 21, 21.2, 37.5, 6, 6.3, 8.6) before the
checker ran on them. A save is a moment of a stage: (stage, player-turn, phase), taken during
that phase.
"""

from __future__ import annotations

import pytest

from modgen.check.reader import read_state
from modgen.check.run import check_states
from modgen.plugins import plugin_for
from modgen.regions import hex_distances
from modgen.rules.owc1914_lines import territory
from modgen.vmod.compose import Composer, Position

G = "owc1914"
RU_CORPS = ("ru-1", "ru-2", "ru-3", "ru-4", "ru-5")  # Russian corps printed with lines of control
DE_CORPS = ("de-1", "de-17", "de-20", "de-1r", "de-woyrsch", "de-11")


def ring(m, h: str, radius: int) -> dict[str, int]:
    return hex_distances([h], m.neighbours, radius)


HARMLESS = {"front", "small_river"}  # hexsides that neither cut a line of control nor stop a unit


def open_russia(game, radius: int = 2, within: str = "") -> str:
    """A clear hex of Russian territory whose hexes within `radius` are clear land (the centre no town),
    with no hexside feature but front boundaries and small rivers: ground where only the pieces decide
    (found on the map, not hard-coded)."""
    m = game.map
    land = territory(m)
    towns = {t.hex for t in m.towns}
    inside = set(next(a for a in m.areas if a.id == within).hexes) if within else set(m.hex_ids())
    for h in sorted(m.hex_ids()):
        if land.get(h) != "territory-russia" or not set(ring(m, h, radius)) <= inside:
            continue
        near = ring(m, h, radius)
        if h not in towns and all(m.terrain.get(x) == "clear" and land.get(x) == "territory-russia"
               and len(m.neighbours(x)) == 6 and not any(m.side_features(x, n) - HARMLESS for n in m.neighbours(x))
               for x in near):
            return h
    raise AssertionError("no open Russian ground")


def blank(game, scenario: str = "campaign") -> Position:
    pos = Position(game, scenario=scenario)
    for s in game.sides:
        pos.set_vp(s.id, 0)
    return pos


def report_of(game, module, pos: Position, tmp_path, moment=(3, "russia", "Repeat attacks")):
    pos.set_turn(*moment)
    path = Composer(game).write(pos, tmp_path / "s.vsav")
    state = read_state(path, module=module)
    return state, check_states([state])


def verdicts(report) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for f in report.findings + report.notes:
        out.setdefault(f.rule, set()).add(f.status)
    return out


# ----------------------------------------------------------------- 5.3 stacking, 5.1.4
@pytest.mark.parametrize("moment,status", [
    ((3, "russia", "Normal movement"), "pending"),  # the Russian move may still leave the hex
    ((3, "russia", "Repeat attacks"), "error"),  # right after that movement: the limit holds
    ((4, "allies", "Normal attacks"), "info"),  # an Allied attack may have made it by a retreat (9.6)
])
def test_five_russian_units_in_a_hex(owc_game, owc_module, tmp_path, moment, status):
    """5.3: no unit may voluntarily enter a hex holding 4 units; a retreat may over-stack (a warning)."""
    h = open_russia(owc_game)
    pos = blank(owc_game)
    for u in RU_CORPS:
        pos.unit(u, h)
    _, report = report_of(owc_game, owc_module, pos, tmp_path, moment)
    assert verdicts(report) == {"5.3": {status}}


def test_four_units_and_a_patrol_are_five(owc_game, owc_module, tmp_path):
    """17.1: patrols count for stacking."""
    h = open_russia(owc_game)
    pos = blank(owc_game)
    for u in RU_CORPS[:4]:
        pos.unit(u, h)
    pos.unit("ru-pat-1", h, masked=True)
    _, report = report_of(owc_game, owc_module, pos, tmp_path)
    assert verdicts(report) == {"5.3": {"error"}}


def test_both_sides_in_one_hex(owc_game, owc_module, tmp_path):
    h = open_russia(owc_game)
    _, report = report_of(owc_game, owc_module, blank(owc_game).unit("ru-1", h).unit("de-1", h), tmp_path)
    assert "error" in verdicts(report)["5.1.4"]


# ----------------------------------------------------------------- fortresses (A.3, 25), Romania (13)
def fortress(game, area_id: str) -> str:
    return next(a for a in game.map.areas if a.id == area_id).hexes[0]


@pytest.mark.parametrize("scenario,rule,place", [("campaign", "25", "fortress-krolewiec"), ("a_galicia", "A.3", "fortress-przemysl")])
def test_russian_unit_in_an_enemy_fortress(owc_game, owc_module, tmp_path, scenario, rule, place):
    """A.3 (scenarios A, B): enemy fortress hexes cannot be entered; 25 (from C): only by taking it.
    (Przemyśl for A: inside A's play area, A.1.)"""
    h = fortress(owc_game, place)
    _, report = report_of(owc_game, owc_module, blank(owc_game, scenario).unit("ru-1", h), tmp_path)
    assert verdicts(report) == {rule: {"error"}}


def test_a_captured_fortress_may_be_held(owc_game, owc_module, tmp_path):
    """25.3: a flipped trench marker marks a captured fortress: the Russians may stand in it."""
    h = fortress(owc_game, "fortress-krolewiec")
    pos = blank(owc_game).unit("ru-1", h).marker("trench", h, back=True)
    _, report = report_of(owc_game, owc_module, pos, tmp_path)
    assert verdicts(report) == {}


def test_own_fortress_is_no_breach(owc_game, owc_module, tmp_path):
    h = fortress(owc_game, "fortress-krolewiec")
    _, report = report_of(owc_game, owc_module, blank(owc_game).unit("de-kg", h), tmp_path)
    assert verdicts(report) == {}


def test_romania_is_never_entered(owc_game, owc_module, tmp_path):
    h = next(a for a in owc_game.map.areas if a.id == "territory-romania").hexes[0]
    _, report = report_of(owc_game, owc_module, blank(owc_game).unit("ru-8", h), tmp_path)
    assert verdicts(report) == {"13": {"error"}}


# ----------------------------------------------------------------- hiding (16, 17.1, 21.2)
def test_hidden_broken_unit(owc_game, owc_module, tmp_path):
    """16: only unbroken units turn face down."""
    h = open_russia(owc_game)
    pos = blank(owc_game).unit("ru-1", h, masked=True).marker("broken", h, under="ru-1")
    _, report = report_of(owc_game, owc_module, pos, tmp_path)
    assert verdicts(report) == {"16": {"error"}}


def test_russian_hq_never_hidden_german_may_hide(owc_game, owc_module, tmp_path):
    """21.2: Russian HQs are never hidden; German and A-H HQs may be."""
    h = open_russia(owc_game)
    far = sorted(x for x, d in ring(owc_game.map, h, 2).items() if d == 2)[0]
    pos = blank(owc_game).unit("ru-hq-1", h, masked=True).unit("de-hq-8", far, masked=True)
    _, report = report_of(owc_game, owc_module, pos, tmp_path)
    assert verdicts(report) == {"21.2": {"error"}}
    assert [f.units for f in report.findings] == [("ru-hq-1",)]


def test_face_up_patrol(owc_game, owc_module, tmp_path):
    """17.1: a patrol is in play only face down; a revealed one is removed."""
    h = open_russia(owc_game)
    _, report = report_of(owc_game, owc_module, blank(owc_game).unit("ru-pat-1", h), tmp_path)
    assert verdicts(report) == {"17.1": {"error"}}
    _, hidden = report_of(owc_game, owc_module, blank(owc_game).unit("ru-pat-1", h, masked=True), tmp_path)
    assert verdicts(hidden) == {}


def test_scenario_b_allows_six_allied_patrols(owc_game, owc_module, tmp_path):
    """B.4: 6 Allied and 4 Russian patrols (8 and 6 elsewhere): seven hidden Allied patrols break it."""
    h = open_russia(owc_game, within="front-polish")
    spots = sorted(x for x, d in ring(owc_game.map, h, 2).items())[:7]
    pos = blank(owc_game, "b_steamroller")
    for i, x in enumerate(spots, 1):
        pos.unit(f"al-pat-{i}", x, masked=True)
    _, report = report_of(owc_game, owc_module, pos, tmp_path)
    assert verdicts(report) == {"B.4": {"error"}}
    pos.remove("al-pat-7")
    _, ok = report_of(owc_game, owc_module, pos, tmp_path)
    assert verdicts(ok) == {}


# ----------------------------------------------------------------- lines of control, encirclement, command
def test_a_face_up_loc_unit_draws_its_six_ring_hexsides(owc_game, owc_module, tmp_path):
    """6.1: a line of control is a hexside between two hexes that both touch the LoC unit: six on open
    ground; 16.3: a hidden unit has none."""
    h = open_russia(owc_game)
    st, _ = report_of(owc_game, owc_module, blank(owc_game).unit("ru-1", h), tmp_path)
    overlays = plugin_for(G).overlays(st)
    edges = [ov.hexsides for ov in overlays if ov.hexsides]
    assert len(edges) == 1 and len(edges[0]) == 6
    assert all(a in owc_game.map.neighbours(h) and b in owc_game.map.neighbours(h) for a, b in edges[0])
    st2, _ = report_of(owc_game, owc_module, blank(owc_game).unit("ru-1", h, masked=True), tmp_path)
    assert [ov for ov in plugin_for(G).overlays(st2) if ov.hexsides] == []


def test_surrounded_unit_is_encircled_and_isolated(owc_game, owc_module, tmp_path):
    """6.3: enclosed on every side by enemy units; 8.6: an isolated hex, enclosed by enemy units alone."""
    h = open_russia(owc_game)
    pos = blank(owc_game).unit("ru-1", h)
    for g, n in zip(DE_CORPS, owc_game.map.neighbours(h)):
        pos.unit(g, n)
    st, report = report_of(owc_game, owc_module, pos, tmp_path)
    enc = plugin_for(G).encirclement(st)
    assert enc["ru-1"] == (True, True)
    section = next(s for s in report.sections if s.title.startswith("Encirclement"))
    assert section.data["encircled"]["russia"] == [h] and section.data["isolated"] == [h]


def test_a_lone_unit_at_home_is_not_encircled(owc_game, owc_module, tmp_path):
    h = open_russia(owc_game)
    st, _ = report_of(owc_game, owc_module, blank(owc_game).unit("ru-1", h), tmp_path)
    assert plugin_for(G).encirclement(st)["ru-1"] == (False, False)


def test_command_range(owc_game, owc_module, tmp_path):
    """21: commanded within the command range (in hexes) of an own army HQ (1st Army: range 2)."""
    m = owc_game.map
    h = open_russia(owc_game)
    two = sorted(x for x, d in ring(m, h, 3).items() if d == 2)[0]
    three = sorted(x for x, d in ring(m, h, 3).items() if d == 3)[0]
    assert owc_game.units["ru-hq-1"].front.value("range") == 2
    pos = blank(owc_game).unit("ru-hq-1", h).unit("ru-1", two).unit("ru-2", three)
    st, _ = report_of(owc_game, owc_module, pos, tmp_path)
    cmd = plugin_for(G).commanded(st)
    assert cmd["ru-1"] == "ru-hq-1" and cmd["ru-2"] is None


# ----------------------------------------------------------------- victory (15, 36, A.6)
def saves(game, module, tmp_path, positions):
    from modgen.check.run import check_states as run

    states = []
    for i, (pos, moment) in enumerate(positions):
        pos.set_turn(*moment)
        states.append(read_state(Composer(game).write(pos, tmp_path / f"v{i}.vsav"), module=module))
    return run(states)


def test_scenario_a_scores_lwow_for_russia_at_each_stage_end(owc_game, owc_module, tmp_path):
    """A.6: Russian VP for Lwów 6, scored at the end of a stage (15): one stage end (stage 2) lies
    between a save of stage 2 and one of stage 3, with a Russian corps in Lwów in both."""
    lwow = next(t.hex for t in owc_game.map.towns if t.id == "lwow")
    pos = lambda: blank(owc_game, "a_galicia").unit("ru-8", lwow)  # noqa: E731
    report = saves(owc_game, owc_module, tmp_path, [(pos(), (2, "allies", "Supply")), (pos(), (3, "allies", "Supply"))])
    assert [(ln.gt, ln.side, ln.vp) for ln in report.victory.lines] == [(2, "russia", 6)]


def test_campaign_war_objectives_score_the_difference(owc_game, owc_module, tmp_path):
    """36: the side holding more objectives on enemy soil than the enemy on its own scores the
    difference: a Russian corps holds Królewiec (2 stars in the data), the Allies hold nothing."""
    kr = next(t for t in owc_game.map.towns if t.id == "krolewiec")
    pos = lambda: blank(owc_game).unit("ru-3", kr.hex)  # noqa: E731
    report = saves(owc_game, owc_module, tmp_path, [(pos(), (5, "allies", "Supply")), (pos(), (6, "allies", "Supply"))])
    assert [(ln.gt, ln.side, ln.vp) for ln in report.victory.lines if "(36)" in ln.source] == [(5, "russia", kr.vp.hold)]


def test_a_hidden_unit_captures_no_war_objective(owc_game, owc_module, tmp_path):
    """36: hidden units cannot capture War Objectives."""
    kr = next(t for t in owc_game.map.towns if t.id == "krolewiec")
    pos = lambda: blank(owc_game).unit("ru-3", kr.hex, masked=True)  # noqa: E731
    report = saves(owc_game, owc_module, tmp_path, [(pos(), (5, "allies", "Supply")), (pos(), (6, "allies", "Supply"))])
    assert [ln for ln in report.victory.lines if "(36)" in ln.source] == []


@pytest.mark.parametrize("hq_in_germany,allied_vp", [(False, 3), (True, 0)])
def test_east_prussia_freed_scores_3_for_the_allies(owc_game, owc_module, tmp_path, hq_in_germany, allied_vp):
    """37.3: "if at the end of a stage no Russian army HQ stands on German territory, the Allies receive
    3 VP": the 1st Army HQ in Russia at the stage 5 end gives them 3, in Germany (Królewiec's
    neighbour) nothing."""
    m = owc_game.map
    land = territory(m)
    kr = next(t.hex for t in m.towns if t.id == "krolewiec")
    german = next(n for n in sorted(m.neighbours(kr)) if land.get(n) == "territory-germany" and m.terrain.get(n) != "sea")
    hq_hex = german if hq_in_germany else open_russia(owc_game)
    pos = lambda: blank(owc_game).unit("ru-hq-1", hq_hex)  # noqa: E731
    report = saves(owc_game, owc_module, tmp_path, [(pos(), (5, "allies", "Supply")), (pos(), (6, "allies", "Supply"))])
    assert sum(ln.vp for ln in report.victory.lines if "(37.3)" in ln.source and ln.side == "allies") == allied_vp


@pytest.mark.parametrize("level,breach", [(13, False), (14, True)])
def test_a_front_gains_at_most_8_zap_a_stage(owc_game, owc_module, tmp_path, level, breach):
    """22: at most 8 ZAP to one front a stage. Between a save of stage 3 and one of stage 4 (after the
    Attacks phase of each) lies one Allied Supply phase: the Galician level may rise from 5 to 13, not 14."""
    box = "Allied supply (22) {}"

    def pos(lv):
        p = blank(owc_game)
        p.move_marker_to_box("supply-allies-g", box.format(lv))
        return p

    report = saves(owc_game, owc_module, tmp_path, [(pos(5), (3, "allies", "Normal attacks")),
                                                    (pos(level), (4, "allies", "Normal attacks"))])
    found = [f for f in report.findings if f.rule == "22"]
    assert bool(found) == breach, found


@pytest.mark.parametrize("scenario,start", [("a_galicia", (2, "allies")), ("campaign", (1, "allies"))])
def test_a_scenario_setup_starts_on_its_first_stage(owc_game, owc_module, tmp_path, scenario, start):
    """A starts on stage 2 (22.VIII): its predefined setup sets the stage tracker there, so the players
    need not step over the stages it skips; the campaign starts on stage 1, the track's start."""
    import zipfile

    with zipfile.ZipFile(owc_module) as zf:
        (tmp_path / "setup.vsav").write_bytes(zf.read(f"setup_{scenario}.vsav"))
    state = read_state(tmp_path / "setup.vsav", module=owc_module)
    assert (state.turn, state.phasing_side) == start


@pytest.mark.parametrize("moment,status", [((4, "russia", "Repeat attacks"), "error"), ((4, "allies", "Supply"), "info")])
def test_scenario_b_is_played_on_the_polish_front(owc_game, owc_module, tmp_path, moment, status):
    """B.1: "Gra toczy się na froncie polskim. Jednostki nie mogą dobrowolnie opuszczać tego terenu":
    a Russian corps in Lwów (the Galician front) right after its own movement breaks it; in the Allied
    turn it may have been driven out by a retreat (it must return): a warning."""
    lwow = next(t.hex for t in owc_game.map.towns if t.id == "lwow")
    polish = next(a for a in owc_game.map.areas if a.id == "front-polish")
    assert lwow not in polish.hexes
    pos = blank(owc_game, "b_steamroller").unit("ru-8", lwow)
    _, report = report_of(owc_game, owc_module, pos, tmp_path, moment)
    assert verdicts(report) == {"B.1": {status}}


def test_scenario_a_includes_the_polish_front_east_of_the_vistula_only(owc_game, owc_module, tmp_path):
    """A.1: the Galician front and the part of the Polish front east of the Vistula: Lublin is inside,
    Łódź (west of the Vistula) is not."""
    towns = {t.id: t.hex for t in owc_game.map.towns}
    pos = blank(owc_game, "a_galicia").unit("ru-8", towns["lublin"]).unit("ru-9", towns["lodz"])
    _, report = report_of(owc_game, owc_module, pos, tmp_path, (3, "russia", "Repeat attacks"))
    assert [(f.rule, f.units) for f in report.findings] == [("A.1", ("ru-9",))]


@pytest.mark.parametrize("scenario", ["a_galicia", "b_steamroller", "c_hindenburg", "campaign"])
def test_every_set_up_breaks_no_rule(owc_game, owc_module, tmp_path, scenario):
    """The shipped set-ups: no error, and every unit inside its scenario's play area (A.1, B.1, C.1)."""
    from modgen.vmod.compose import from_scenario

    pos = from_scenario(owc_game, owc_game.scenarios[scenario])
    state = read_state(Composer(owc_game).write(pos, tmp_path / "s.vsav"), module=owc_module)
    report = check_states([state])
    assert report.findings == [] and [f for f in report.notes if f.rule.endswith(".1")] == []


def test_the_allies_taking_riga_win_crushingly(owc_game, owc_module, tmp_path):
    """39: the Allies win a crushing victory if they take Riga (the Russians: Budapest, Poznań or Wrocław)."""
    riga = next(t.hex for t in owc_game.map.towns if t.id == "ryga")
    report = saves(owc_game, owc_module, tmp_path, [(blank(owc_game).unit("de-1", riga), (9, "allies", "Supply"))])
    assert any(line.startswith("39: the Allies hold Ryga") for line in report.victory.outcome), report.victory.outcome
    quiet = saves(owc_game, owc_module, tmp_path, [(blank(owc_game).unit("de-1", open_russia(owc_game)), (9, "allies", "Supply"))])
    assert not any(line.startswith("39:") for line in quiet.victory.outcome)


def test_a_move_across_a_lake_is_caught_between_two_saves(owc_game, owc_module, tmp_path):
    """5.1.4: units never cross lakes or high-mountain ridges: a corps one hex across a lake hexside in the
    next save crossed it (a one-hex move has one path)."""
    m = owc_game.map
    a, b = sorted(next((tuple(sorted(f.sides[0])) for f in m.hexside_features if f.type == "lake")))
    assert "*" in m.hexside_types["lake"].prohibits
    report = saves(owc_game, owc_module, tmp_path, [(blank(owc_game).unit("de-1", a), (3, "allies", "Supply")),
                                                    (blank(owc_game).unit("de-1", b), (3, "allies", "Repeat attacks"))])
    assert [(f.rule, f.hexes, f.units) for f in report.findings if f.rule == "5.1.4"] == [("5.1.4", (a, b), ("de-1",))]


def test_every_rule_the_plugin_emits_has_a_declared_timing():
    """Each Finding's rule (literal in the source, or one of the per-scenario rules) has a RuleTiming
    with the rulebook's words, and every phase a timing names is one of the game's."""
    import re

    from modgen.rules.owc1914 import HEX_RULES, PATROL_LIMITS, PLAY_AREAS, TIMINGS

    from .conftest import REPO

    text = "".join(p.read_text(encoding="utf-8") for p in sorted((REPO / "modgen" / "rules").glob("owc1914*.py")))
    literal = set(re.findall(r'Finding\(\s*"([^"]+)"', text))
    per_scenario = (set(HEX_RULES.values()) | {"25"} | {f"{x.upper()}.1" for x in PLAY_AREAS}
                    | {rule for rule, _ in PATROL_LIMITS.values()})
    declared = {rt.rule for rt in TIMINGS}
    assert len(literal) >= 9 and literal | per_scenario <= declared, (literal | per_scenario) - declared
    from modgen.loader import load_game

    game_phases = set(load_game(REPO, G).turns.phases)
    for rt in TIMINGS:
        assert rt.words.strip() and rt.timing.phase in game_phases | {""}, rt


def test_a_scenarios_own_rule_is_not_listed_in_other_scenarios(owc_game, owc_module, tmp_path):
    """RuleTiming.scenarios: the report's "not yet applied" list names B.1 in a save of B, not of the campaign."""
    from modgen.check.timing import not_applied

    spec = plugin_for(G).report
    for scenario, listed in (("b_steamroller", True), ("campaign", False)):
        st, _ = report_of(owc_game, owc_module, blank(owc_game, scenario), tmp_path, (15, "allies", "Supply"))
        assert any(n.rule.startswith("B.1") for n in not_applied(spec, st)) == listed, scenario


@pytest.mark.parametrize("hidden,encircled", [(False, True), (True, False)])
def test_lines_of_control_alone_encircle(owc_game, owc_module, tmp_path, hidden, encircled):
    """6.1 and 6.3: six German corps on the six hexes two away from a Russian corps that touch two of its
    neighbours each. Their rings hold every edge between two neighbours of the Russian and every edge
    from a neighbour outward to the hexes straight beyond it, so every way out crosses a German line of
    control: encircled, though no German stands next to it (so not an isolated hex, 8.6). Face down
    (16.3: hidden units have no lines of control) they leave the ways between them open."""
    m = owc_game.map
    h = open_russia(owc_game)
    around = set(m.neighbours(h))
    corners = sorted(x for x, d in ring(m, h, 2).items() if d == 2 and len(around & set(m.neighbours(x))) == 2)
    assert len(corners) == 6
    pos = blank(owc_game).unit("ru-1", h)
    for g, x in zip(DE_CORPS, corners):
        pos.unit(g, x, masked=hidden)
    st, _ = report_of(owc_game, owc_module, pos, tmp_path)
    assert plugin_for(G).encirclement(st)["ru-1"] == (encircled, False)
