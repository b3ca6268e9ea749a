"""When a rule holds: the same position checked at moments of the turn, through `modgen check`.

A save is a moment of a turn (game turn, player turn, phase), and the turn tracker shows the phase
being played: a save in phase X is taken during X. TABLE below was written from the rulebooks
(Battle for Galicia 1914, English rules of play; Holland '44: Operation Market-Garden, 2nd edition) before the checker ran on it: for every
rule with a timing, a position at a moment before the rule holds (pending, exit 0) and at a moment
it holds (error, exit 1); for supply markers also moments where they are not compared (info).
Rules that hold always need no such pair.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from modgen.check.timing import status_at
from modgen.cli import main
from modgen.loader import load_game
from modgen.movement import ARRIVED_EARLY, BEFORE_RELEASE
from modgen.stacking import BOTH_SIDES, OVERSTACKED
from modgen.plugin_api import ALWAYS, DURING_PHASE, END_OF_PHASE, END_OF_TURN, FIXED_IN_PHASE, OWNER, PHASING, Timing
from modgen.plugins import plugin_for
from modgen.vmod.compose import Composer, Position

REPO = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Case:
    game: str
    rule: str
    position: str  # a key of POSITIONS
    moment: tuple[int, str, str]  # turn, phasing side, phase shown by the turn tracker
    verdict: str  # error (exit 1) | pending | info | clean (exit 0)
    why: str  # the rule's words that decide it


G, H = "galicia1914", "holland44"
STACK_51 = "5.1: no more than six STEPS at the END of any friendly Movement Phase or retreat/advance after combat"
ARRIVE = "14.0: reinforcements are placed ON THE MAP in the Reinforcement Phase, before the Movement Phase"
SUPPLY_110 = "11.0: Supply Status is determined during the friendly Supply Phase and lasts until the next one"
VP_151 = "15.1(2): town VPs are recorded at the end of a player's turn; 15.0: VPs are added as they are earned"
H_STACK = "6.1 / 22.2.3: any overstack must be fixed by the end of the Movement Phase; 9 steps: checked at its end"
LANDING = "22.2.3: up to 9 steps may land in each hex"
H_SUPPLY = "18.1: at the end of each player-turn (Supply Phase) units are checked and OOS markers placed or removed"

TABLE = [
    # Galicia 5.1: the A-H stack in 8.14 (four full divisions, 8 steps)
    Case(G, "5.1", "g_overstack", (3, "ah", "Movement"), "pending", STACK_51),
    Case(G, "5.1", "g_overstack", (3, "ah", "Reinforcement"), "pending", ARRIVE + "; may be over-stacked until moved"),
    Case(G, "5.1", "g_overstack", (3, "ah", "Combat"), "error", STACK_51 + ": the A-H Movement Phase has ended"),
    Case(G, "5.1", "g_overstack", (3, "russian", "Movement"), "error", STACK_51 + ": the A-H stacks' own phase ended"),
    Case(G, "5.1", "g_overstack", (4, "ah", "Supply"), "error", STACK_51 + ": nothing has moved since it ended"),
    # Galicia 11.1: one supply marker a unit (Low-Supply -1 / Out-of-Supply -2 are one counter)
    Case(G, "11.1", "g_two_markers", (3, "ah", "Supply"), "pending", "3.2: in the Supply Phase units are marked"),
    Case(G, "11.1", "g_two_markers", (3, "ah", "Reinforcement"), "error", "3.2: the Supply Phase is over"),
    Case(G, "11.1", "g_two_markers", (3, "russian", "Movement"), "error", "3.2: the A-H Supply Phase is long over"),
    # Galicia 11.4: an A-H unit In-Supply (path 8) marked Low-Supply
    Case(G, "11.4", "g_wrong_marker", (3, "ah", "Supply"), "pending", SUPPLY_110 + ": still being determined"),
    Case(G, "11.4", "g_wrong_marker", (3, "ah", "Reinforcement"), "error", SUPPLY_110 + ": no unit has moved yet"),
    Case(G, "11.4", "g_wrong_marker", (3, "ah", "Movement"), "info", SUPPLY_110 + ": the unit may have moved"),
    Case(G, "11.4", "g_wrong_marker", (3, "russian", "Combat"), "info", SUPPLY_110 + ": set in the last A-H phase"),
    Case(G, "11.4", "g_wrong_marker", (4, "ah", "Supply"), "pending", SUPPLY_110 + ": the next phase redoes it"),
    # Galicia 15.1: Russia records 0 VP with a non-Ersatz A-H unit eliminated
    Case(G, "15.1", "g_vp_short", (3, "ah", "Combat"), "pending", VP_151 + ": VPs of this combat may follow"),
    Case(G, "15.1", "g_vp_short", (3, "ah", "Record VPs"), "pending", VP_151 + ": being recorded"),
    Case(G, "15.1", "g_vp_short", (3, "russian", "Movement"), "error", VP_151 + ": earned before this player turn"),
    Case(G, "15.1", "g_vp_short", (4, "russian", "Reinforcement"), "error", VP_151),
    # Holland 6.1: three Allied units (no free-stacking one) in a clear hex
    Case(H, "6.1", "h_overstack", (3, "allied", "Airlanding"), "pending", H_STACK + "; airlanded units may land on it"),
    Case(H, "6.1", "h_overstack", (3, "allied", "Movement"), "pending", H_STACK),
    Case(H, "6.1", "h_overstack", (3, "allied", "Combat"), "error", H_STACK + ": the Allied Movement Phase ended"),
    Case(H, "6.1", "h_overstack", (3, "allied", "Bridge"), "error", H_STACK + ": the last Allied one ended on Turn 2"),
    Case(H, "6.1", "h_overstack", (3, "german", "Movement"), "error", H_STACK + ": Allied stacks answer to their own"),
    # Holland 22.2.3: four 3-step parachute battalions the campaign drops on Turn 1 in one hex (12 steps landed)
    Case(H, "22.2.3", "h_landing", (1, "allied", "Airlanding"), "error", LANDING + ": they land now"),
    Case(H, "22.2.3", "h_landing", (1, "allied", "Movement"), "info", LANDING + ": the landing is over; 6.1 judges the stack"),
    # Holland 6.1, nine steps: four 3-step Allied units (12 steps)
    Case(H, "6.1", "h_twelve_steps", (4, "allied", "Movement"), "pending", H_STACK),
    Case(H, "6.1", "h_twelve_steps", (4, "allied", "Recovery"), "error", H_STACK),
    # Holland 25.2: two unknown units in a hex
    Case(H, "25.2", "h_two_unknowns", (3, "german", "Movement"), "pending", "25.2/6.1: limited to 1 per hex; " + H_STACK),
    Case(H, "25.2", "h_two_unknowns", (3, "german", "Combat"), "error", "25.2/6.1: limited to 1 per hex; " + H_STACK),
    Case(H, "25.2", "h_two_unknowns", (4, "allied", "Movement"), "error", "25.2: the German Movement Phase ended"),
    # Holland 18.2.2: two Allied supply heads in a hex
    Case(H, "18.2.2", "h_two_heads", (3, "allied", "Airlanding"), "pending", "18.2.2: placed at a drop hex; 1 per hex (6.1)"),
    Case(H, "18.2.2", "h_two_heads", (3, "allied", "Supply"), "error", "18.2.2: 1 per hex once the Movement Phase ended"),
    # Holland 27.3.1: Segler on the map
    Case(H, "27.3.1", "h_segler", (1, "allied", "Movement"), "pending", "27.3.1: may act on Turns 1-2"),
    Case(H, "27.3.1", "h_segler", (2, "german", "Traffic Marker"), "pending", "27.3.1: removed at the start of Turn 3"),
    Case(H, "27.3.1", "h_segler", (3, "allied", "Artillery Resupply"), "error", "27.3.1: removed at the start of Turn 3"),
    # Holland 18.1: an Allied unit on the road at Joe's Bridge (in supply) marked Out of Supply
    Case(H, "18.1", "h_wrong_oos", (3, "allied", "Supply"), "pending", H_SUPPLY + ": being checked"),
    Case(H, "18.1", "h_wrong_oos", (3, "allied", "Traffic Marker"), "error", H_SUPPLY + ": the check is over"),
    Case(H, "18.1", "h_wrong_oos", (3, "allied", "Movement"), "info", H_SUPPLY + ": set last turn, units moved since"),
    Case(H, "18.1", "h_wrong_oos", (3, "german", "Movement"), "info", H_SUPPLY + ": set in the Allied player-turn"),
    # Holland 18.1 for the German side: a German unit in supply marked Out of Supply
    Case(H, "18.1", "h_german_wrong_oos", (3, "german", "Supply"), "pending", H_SUPPLY),
    Case(H, "18.1", "h_german_wrong_oos", (3, "german", "Traffic Marker"), "error", H_SUPPLY),
    Case(H, "18.1", "h_german_wrong_oos", (4, "allied", "Combat"), "info", H_SUPPLY),
]


# ---------------------------------------------------------------- the positions


def open_hex(game, avoid: tuple[str, ...] = ()) -> str:
    """An interior clear hex with no hexside feature, away from `avoid`."""
    m = game.map
    for h in sorted(m.hex_ids()):
        geo = m.board_of[h].geometry
        if m.terrain[h] != "clear" or geo.is_edge(h) or any(m.side_features(h, n) for n in m.neighbours(h)):
            continue
        if any(geo.distance(h, a) < 6 for a in avoid):
            continue
        return h
    raise AssertionError("no open hex")


def blank(game) -> Position:
    pos = Position(game)
    for s in game.sides:
        pos.set_vp(s.id, 0)
    return pos


def galicia_positions(game) -> dict:
    def overstack():
        pos = blank(game)
        for u in ("ah-inf-4", "ah-inf-25", "ah-inf-13", "ah-inf-41"):
            pos.unit(u, "8.14")
        return pos.restack("8.14")

    def two_markers():  # 17.20 is Low-Supply (path 9): two Low markers agree with it, 11.4 is silent
        return blank(game).unit("ah-inf-4", "17.20").marker("supply", "17.20", under="ah-inf-4").marker(
            "supply", "17.20", under="ah-inf-4")

    def wrong_marker():  # 16.19 is In-Supply (path 8)
        return blank(game).unit("ah-inf-25", "16.19").marker("supply", "16.19", under="ah-inf-25")

    def vp_short():
        return blank(game).unit("ah-inf-4", "16.19").in_box("Eliminated Austria-Hungary", "unit", "ah-ls-111")

    return {"g_overstack": overstack, "g_two_markers": two_markers, "g_wrong_marker": wrong_marker, "g_vp_short": vp_short}


def holland_positions(game) -> dict:
    units = game.units.values()
    plain = [u.id for u in units if u.side == "allied" and not (u.has("free_stacking") or u.has("supply_head"))
             and u.type == "infantry"]
    three = [u.id for u in units if u.side == "allied" and u.steps == 3]
    unknown = [u.id for u in units if u.has("unknown")]
    heads = [u.id for u in units if u.has("supply_head")]
    h = open_hex(game)

    def stack(ids):
        pos = blank(game)
        for u in ids:
            pos.unit(u, h)
        return pos

    def german_in_supply():
        """A German infantry unit on its set-up hex that traces supply (checked by the test)."""
        sc = game.primary_scenario
        ger = next(p for p in sc.setup if p.hex and game.units[p.unit].side == "german"
                   and game.units[p.unit].type == "infantry" and not game.units[p.unit].has("unknown")
                   and not game.units[p.unit].has("play_balance"))
        return blank(game).unit(ger.unit, ger.hex).marker("oos", ger.hex, under=ger.unit)

    inf = plain[0]
    return {
        "h_overstack": lambda: stack(plain[:3]),
        "h_twelve_steps": lambda: stack(three[:4]),
        "h_two_unknowns": lambda: stack(unknown[:2]),
        "h_two_heads": lambda: stack(heads[:2]),
        "h_segler": lambda: blank(game).unit("de-10ss-segler", h),
        "h_landing": lambda: stack(("us-501-1", "us-501-2", "us-501-3", "us-502-1")).set_scenario("campaign"),
        "h_wrong_oos": lambda: blank(game).unit(inf, "1404").marker("oos", "1404", under=inf),
        "h_german_wrong_oos": german_in_supply,
    }


@pytest.fixture(scope="module")
def worlds(game, holland):
    return {G: (game, Composer(game), galicia_positions(game)), H: (holland, Composer(holland), holland_positions(holland))}


def modules(galicia_module, holland_module) -> dict:
    return {G: galicia_module, H: holland_module}


def check_cli(paths: list[Path], module: Path, capsys) -> tuple[int, dict]:
    code = main(["check", *map(str, paths), "--module", str(module), "--json"])
    out, err = capsys.readouterr()
    assert err == "", err
    return code, json.loads(out)


def statuses(data: dict, rule: str) -> set[str]:
    """The statuses the report gives findings of `rule` (over every save and the VP findings)."""
    found = set()
    for save in data["saves"]:
        found |= {"error" for f in save["findings"] if f["rule"] == rule}
        found |= {"pending" for f in save["pending"] if f["rule"] == rule}
        found |= {"info" for f in save["info"] if f["rule"] == rule}
    found |= {"error" for f in data["vp_findings"] if f["rule"] == rule}
    found |= {f["status"] for f in data["vp_notes"] if f["rule"] == rule}
    return found


def case_id(c: Case) -> str:
    return f"{c.game}-{c.rule}-{c.position}-GT{c.moment[0]}-{c.moment[1]}-{c.moment[2].replace(' ', '')}-{c.verdict}"


@pytest.mark.parametrize("case", TABLE, ids=case_id)
def test_verdict_at_the_moment(case, worlds, galicia_module, holland_module, tmp_path, capsys):
    game, composer, positions = worlds[case.game]
    pos = positions[case.position]().set_turn(*case.moment)
    path = composer.write(pos, tmp_path / f"{case.position}.vsav")
    code, data = check_cli([path], modules(galicia_module, holland_module)[case.game], capsys)
    others = {f["rule"] for s in data["saves"] for f in s["findings"]} | {f["rule"] for f in data["vp_findings"]}
    assert others - {case.rule} == set(), f"the position breaks more than {case.rule}: {others}"
    want = set() if case.verdict == "clean" else {case.verdict}
    assert statuses(data, case.rule) == want, (case.why, data["saves"][0]["not_applied"])
    assert code == (1 if case.verdict == "error" else 0), case.why
    if case.verdict == "pending":
        note = next(f for s in data["saves"] for f in s["pending"] + data["vp_notes"] if f["rule"] == case.rule)
        assert note["when"].startswith("must ") or "must agree" in note["when"], note  # by when it must hold


def test_the_table_covers_every_rule_with_a_timing():
    """Each rule (and title) a plugin declares with a timing other than always has a pending and an
    error case in TABLE (a rule of one phase only: an error and an info case); the supply-marker rules
    also an info case."""
    for game_id in (G, H):
        spec = plugin_for(game_id).report
        for rt in spec.timings:
            if rt.timing.kind == ALWAYS:
                continue
            verdicts = {c.verdict for c in TABLE if c.game == game_id and c.rule == rt.rule}
            if rt.timing.kind == DURING_PHASE:  # applied only while its phase is played: error, else info
                assert {"error", "info"} <= verdicts, (game_id, rt.rule, verdicts)
                continue
            assert {"pending", "error"} <= verdicts, (game_id, rt.rule, verdicts)
            if rt.timing.kind == FIXED_IN_PHASE:
                assert "info" in verdicts, (game_id, rt.rule)


# ---------------------------------------------------------------- every finding has a declared timing

FINDING = re.compile(r'Finding\(\s*"([^"]+)",\s*(f?"[^"]*"|[A-Z_]+)')
HELPER = re.compile(r'saves_out_of_order\([^)]*"([^"]+)"\)')
BOTH = re.compile(r'both_sides\([^)]*"([^"]+)"\)')  # common.both_sides: a finding titled BOTH_SIDES


def emitted(path: Path) -> set[tuple[str, str]]:
    """(rule, title) of every Finding the plugin's source can emit (f-string titles by their start)."""
    text = path.read_text(encoding="utf-8")
    consts = dict(re.findall(r'^([A-Z_]+) = "([^"]*)"$', text, re.M))
    consts.update(OVERSTACKED=OVERSTACKED, BOTH_SIDES=BOTH_SIDES, ARRIVED_EARLY=ARRIVED_EARLY,
                  BEFORE_RELEASE=BEFORE_RELEASE)  # the shared titles (modgen.stacking, modgen.movement)
    out = set()
    for rule, title in FINDING.findall(text):
        out.add((rule, consts.get(title, title.lstrip("f").strip('"').split("{")[0])))
    out |= {(rule, "") for rule in HELPER.findall(text)}
    out |= {(rule, BOTH_SIDES) for rule in BOTH.findall(text)}
    lines = text.splitlines()
    for i, line in enumerate(lines):  # Finding(rule, ...) in a loop over (tag, "rule", ...) tuples
        if re.search(r"Finding\(\s*[a-z_]+\s*,", line):
            loop = next((x for x in reversed(lines[max(0, i - 4):i]) if x.strip().startswith("for ")), "")
            rules = re.findall(r'"(\d+(?:\.\d+)+)"', loop)
            assert rules, f"{path.name}:{i + 1}: a Finding whose rule this test cannot read"
            out |= {(rule, "") for rule in rules}
    return out


@pytest.mark.parametrize("game_id", [G, H])
def test_every_finding_a_plugin_emits_has_a_declared_timing(game_id):
    spec = plugin_for(game_id).report
    found = emitted(REPO / "modgen" / "rules" / f"{game_id}.py")
    assert len(found) >= 8
    for rule, title in sorted(found):
        declared = [rt for rt in spec.timings if rt.rule == rule and (not rt.title or title.startswith(rt.title))]
        assert declared, f"{game_id}: Finding {rule} {title!r} has no declared timing"
    phases = set(load_game(REPO, game_id).turns.phases)
    for rt in spec.timings:
        for ph in (rt.timing.phase, rt.timing.opens, rt.timing.until):
            assert not ph or ph in phases, (game_id, rt.rule, ph)
        assert rt.words.strip(), rt.rule
    assert spec.supply_marker_rule in {rt.rule for rt in spec.timings if rt.timing.kind == FIXED_IN_PHASE}


# ---------------------------------------------------------------- supply markers over a sequence of saves


def test_a_unit_that_moved_keeps_its_marker_legally(worlds, galicia_module, tmp_path, capsys):
    """11.0, the issue's case: A-H Low-Supply at 17.20 in its Supply Phase, marked Low (right);
    in the Movement Phase it moves to 16.19 (In-Supply now) still marked Low: legal. Alone, the
    second save shows the traced state as information; with the first, it is compared with the
    position of the phase and agrees."""
    game, composer, _ = worlds[G]
    supply = blank(game).unit("ah-inf-4", "17.20").marker("supply", "17.20", under="ah-inf-4").set_turn(3, "ah", "Supply")
    moved = blank(game).unit("ah-inf-4", "16.19").marker("supply", "16.19", under="ah-inf-4").set_turn(3, "ah", "Combat")
    a = composer.write(supply, tmp_path / "a.vsav")
    b = composer.write(moved, tmp_path / "b.vsav")
    code, data = check_cli([b], galicia_module, capsys)
    assert code == 0 and statuses(data, "11.4") == {"info"}
    code, data = check_cli([a, b], galicia_module, capsys)
    assert code == 0 and statuses(data, "11.4") == set(), data["saves"][1]["info"]
    # compared with the Supply Phase save: the header no longer says A-H markers are not applied
    assert not [n for n in data["saves"][1]["not_applied"] if n["rule"].startswith("11.4") and "Austria-Hungary" in n["sides"]]


def test_a_wrong_marker_is_found_against_the_supply_phase(worlds, galicia_module, tmp_path, capsys):
    """The reverse: In-Supply at 16.19 in the Supply Phase but marked Low, then moved to 17.20
    (Low-Supply now, so the marker agrees with the position it stands in): wrong, as the save of
    the Supply Phase shows; and still wrong in the Russian player turn that follows (11.0: the
    status lasts until the next A-H Supply Phase)."""
    game, composer, _ = worlds[G]
    supply = blank(game).unit("ah-inf-4", "16.19").marker("supply", "16.19", under="ah-inf-4").set_turn(3, "ah", "Supply")
    moved = blank(game).unit("ah-inf-4", "17.20").marker("supply", "17.20", under="ah-inf-4")
    a = composer.write(supply, tmp_path / "a.vsav")
    b = composer.write(moved.set_turn(3, "ah", "Combat"), tmp_path / "b.vsav")
    c = composer.write(moved.set_turn(4, "russian", "Movement"), tmp_path / "c.vsav")
    code, data = check_cli([b], galicia_module, capsys)
    assert code == 0  # alone: the marker agrees with the position now
    code, data = check_cli([a, b, c], galicia_module, capsys)
    assert code == 1
    assert [f["rule"] for f in data["saves"][0]["pending"]] == ["11.4"]  # in the phase itself
    for save in data["saves"][1:]:
        wrong = [f for f in save["findings"] if f["rule"] == "11.4"]
        assert len(wrong) == 1 and "a.vsav" in wrong[0]["message"] and wrong[0]["units"] == ["ah-inf-4"], save["findings"]
    code, data = check_cli([a, composer.write(blank(game).unit("ah-inf-4", "17.20").marker(
        "supply", "17.20", under="ah-inf-4").set_turn(4, "ah", "Reinforcement"), tmp_path / "d.vsav")], galicia_module, capsys)
    assert code == 0  # GT 4's own Supply Phase set it anew: the GT 3 save no longer speaks for it


def test_holland_markers_against_the_supply_phase(worlds, holland_module, tmp_path, capsys):
    """18.1: in supply at Joe's Bridge in the Allied Supply Phase and not marked; surrounded in the
    German Movement Phase: still correctly unmarked (the markers change in the next Allied
    Supply Phase only)."""
    game, composer, _ = worlds[H]
    inf = next(u.id for u in game.units.values() if u.side == "allied" and u.type == "infantry"
               and not u.has("supply_head"))
    supply = blank(game).unit(inf, "1404").set_turn(3, "allied", "Supply")
    cut = blank(game).unit(inf, "1404")
    ger = [u.id for u in game.units.values() if u.side == "german" and u.type == "infantry"
           and not (u.has("unknown") or u.has("play_balance"))]
    for g, n in zip(ger, game.map.neighbours("1404")):
        cut.unit(g, n)
    cut.set_turn(3, "german", "Movement")
    a = composer.write(supply, tmp_path / "a.vsav")
    b = composer.write(cut, tmp_path / "b.vsav")
    code, data = check_cli([b], holland_module, capsys)
    assert code == 0 and [f["units"] for f in data["saves"][0]["info"] if f["rule"] == "18.1"] == [[inf]]
    code, data = check_cli([a, b], holland_module, capsys)
    assert code == 0 and statuses(data, "18.1") == set()


# ---------------------------------------------------------------- the moment model itself


@pytest.fixture(scope="module")
def state_at(game, galicia_module, tmp_path_factory):
    """A Galicia GameState at a given moment (the position does not matter to status_at)."""
    from modgen.check.reader import read_state

    composer = Composer(game)
    folder = tmp_path_factory.mktemp("moments")
    cache = {}

    def at(turn, side, phase):
        key = (turn, side, phase)
        if key not in cache:
            path = composer.write(blank(game).set_turn(*key), folder / f"{turn}-{side}-{phase}.vsav")
            cache[key] = read_state(path, module=galicia_module)
        return cache[key]

    return at


@pytest.mark.parametrize("timing,moment,side,want", [
    (Timing(), (3, "ah", "Movement"), "ah", "error"),
    # a save in phase X is taken during X: "at the end of Movement" is pending in it, holds after it
    (Timing(END_OF_PHASE, "Movement"), (3, "ah", "Reinforcement"), "ah", "error"),
    (Timing(END_OF_PHASE, "Movement"), (3, "ah", "Movement"), "ah", "pending"),
    (Timing(END_OF_PHASE, "Movement"), (3, "ah", "Combat"), "ah", "error"),
    (Timing(END_OF_PHASE, "Movement"), (3, "russian", "Movement"), "ah", "error"),
    (Timing(END_OF_PHASE, "Movement", whose=PHASING), (3, "russian", "Movement"), "ah", "pending"),
    (Timing(END_OF_PHASE, "Movement", whose=OWNER), (3, "russian", "Movement"), "russian", "pending"),
    (Timing(DURING_PHASE, "Combat"), (3, "ah", "Combat"), "ah", "error"),
    (Timing(DURING_PHASE, "Combat"), (3, "ah", "Movement"), "ah", "info"),
    (Timing(END_OF_TURN, turn=5), (5, "ah", "Record VPs"), "ah", "pending"),
    (Timing(END_OF_TURN, turn=5), (6, "russian", "Supply"), "ah", "error"),
    (Timing(FIXED_IN_PHASE, "Supply", until="Combat"), (3, "ah", "Movement"), "ah", "error"),
    (Timing(FIXED_IN_PHASE, "Supply", until="Combat"), (3, "ah", "Combat"), "ah", "info"),
    (Timing(END_OF_PHASE, "No such phase"), (3, "ah", "Movement"), "ah", "error"),  # undeclared phase: applied
])
def test_status_at(state_at, timing, moment, side, want):
    assert status_at(timing, state_at(*moment), side)[0] == want


def test_mid_movement_report_says_the_moment_and_what_is_not_applied(worlds, galicia_module, tmp_path, capsys):
    game, composer, positions = worlds[G]
    pos = positions["g_overstack"]().set_turn(3, "ah", "Movement")
    path = composer.write(pos, tmp_path / "mid.vsav")
    code = main(["check", str(path), "--module", str(galicia_module)])
    out = capsys.readouterr().out
    assert code == 0
    assert "moment: GT 3, during Austria-Hungary's Movement phase" in out
    flat = " ".join(out.split())  # lines wrap at 100 characters
    assert ("not yet applied at this moment: 5.1 Stacking limit (Austria-Hungary): must hold at the end "
            "of Austria-Hungary's Movement phase (GT 3)") in flat, out
    assert "no findings" in out and "1 pending" in out and "[5.1] 8.14" in out
    assert out.index("no findings") < out.index("1 pending")
