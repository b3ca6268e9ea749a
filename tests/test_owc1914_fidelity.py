"""Ostatnia Wojna Cesarzy, issue 23 (hand adjudication against `modgen check`): four classes of position, each
on saves written by the real VASSAL engine (tests/engine_saves.py: our save loaded and saved again by it).

Every expectation below was written from the rule text before the checker ran on the saves: Ostatnia Wojna
Cesarzy (NOVINA, 1997), the Polish rules (authoritative), quoted with an English gloss.

  17, B.4  the number of patrols: the finding names the rule that sets the number and the patrols' hexes
  37.3     "+3 Allied VP at each stage end while no Russian army HQ stands in Germany", in the VP section
  B.5.2    the Russian strategic victory at the west edge: only for a commanded unit, decided here
  1.4, 22  supply pools only where the scenario plays rule 22, and only for the fronts in play
and, of the same layering (1.4): no hiding, patrols or HQs in A; 37.5 in the campaign only; B.3 cited in B;
C's own VP for besieged Przemyśl and low pools at its end (C.7, C.7.1). 15 engine saves, one engine batch.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from modgen.check.run import check_saves
from modgen.rules.owc1914_lines import territory
from modgen.vmod.compose import Composer, from_scenario

from .engine_saves import engine_positions
from .test_rules_owc1914 import blank, open_russia, ring

B = "b_steamroller"
B_MOMENT = (15, "russia", "Repeat attacks")  # scenario B plays stages 14-17; a Russian phase of its second stage
WEST_EDGE, HQ_NEAR = "2701", "2703"  # a clear hex of Germany in the map's first column (Polish front), one 2 hexes east
GERMANS = ("de-1", "de-17", "de-20", "de-1r", "de-woyrsch")
SUPPLY_BOX, RU_SUPPLY_BOX = "Allied supply (22) {}", "Russian supply (22) {}"
RU_SIX = ("ru-1", "ru-2", "ru-3", "ru-4", "ru-5", "ru-6")


def patrol_spots(game) -> tuple[list[str], list[str]]:
    """Seven hexes of open Polish-front ground: four for Allied patrols, three for Russian ones."""
    h = open_russia(game, within="front-polish")
    spots = sorted(ring(game.map, h, 2))[:7]
    return spots[:4], spots[4:]


def fortress(game, area_id: str) -> str:
    return next(a for a in game.map.areas if a.id == area_id).hexes[0]


def a_spots(game) -> list[str]:
    """Four towns of scenario A's play area (A.1; A.6 names them): the Allied patrol's in A-H Galicia."""
    towns = {t.id: t.hex for t in game.map.towns}
    return [towns[t] for t in ("lublin", "lwow", "chelm", "kowel")]


def przemysl(game) -> str:
    return next(t.hex for t in game.map.towns if t.id == "przemysl")


def german_hex_near_krolewiec(game) -> str:
    m = game.map
    land = territory(m)
    kr = next(t.hex for t in m.towns if t.id == "krolewiec")
    return next(n for n in sorted(m.neighbours(kr)) if land.get(n) == "territory-germany" and m.terrain.get(n) != "sea")


def positions(game) -> dict[str, object]:
    """Every position of this file, by name: one engine run for all of them."""
    out: dict[str, object] = {}
    allied, russian = patrol_spots(game)
    # B.4: seven Allied patrols (2+2+2+1) and five Russian (2+2+1), all face down; and (B.5.2) a Russian corps on
    # the west edge with its HQ two hexes east, far from the patrols (one save for both: the engine runs are few)
    pos = blank(game, B).unit("ru-1", WEST_EDGE).unit("ru-hq-1", HQ_NEAR)
    for i, h in enumerate([allied[0], allied[0], allied[1], allied[1], allied[2], allied[2], allied[3]], 1):
        pos.unit(f"al-pat-{i}", h, masked=True)
    for i, h in enumerate([russian[0], russian[0], russian[1], russian[1], russian[2]], 1):
        pos.unit(f"ru-pat-{i}", h, masked=True)
    out["b_patrols_edge"] = pos.set_turn(*B_MOMENT)
    # 37.3: the Russian 1st Army HQ in Russia at the start of stage 5 and in its last phase (the Russian Repeat
    # attacks), then in Germany at the start of stage 6 (with the A-H I Corps in German East Prussia, 37.5)
    home, prussia = open_russia(game), german_hex_near_krolewiec(game)
    out["ep_home_5"] = blank(game).unit("ru-hq-1", home).unit("ah-1", prussia).set_turn(5, "allies", "Supply")
    out["ep_home_5_end"] = blank(game).unit("ru-hq-1", home).unit("ah-1", prussia).set_turn(5, "russia", "Repeat attacks")
    # (and, for 17, the campaign's full mix: eight Allied and six Russian patrols, face down)
    pos = blank(game).unit("ru-hq-1", german_hex_near_krolewiec(game))
    for i in range(1, 9):
        pos.unit(f"al-pat-{i}", allied[(i - 1) % 4], masked=True)
    for i in range(1, 7):
        pos.unit(f"ru-pat-{i}", russian[(i - 1) % 3], masked=True)
    out["ep_germany_6"] = pos.set_turn(6, "allies", "Supply")
    # B.5.2: a Russian corps on the west edge alone; and with its HQ two hexes east, ringed by five German corps
    out["edge_alone"] = blank(game, B).unit("ru-1", WEST_EDGE).unit("de-1", fortress(game, "fortress-modlin"))
    out["edge_alone"].set_turn(*B_MOMENT)  # (and the German I Corps in Modlin, a Russian fortress: B.3)
    pos = blank(game, B).unit("ru-1", WEST_EDGE).unit("ru-hq-1", HQ_NEAR)
    for g, n in zip(GERMANS, game.map.neighbours(WEST_EDGE)):
        pos.unit(g, n)
    out["edge_encircled"] = pos.set_turn(*B_MOMENT)
    # 1.4: scenario A with a hidden corps, a hidden patrol and a face-up HQ, besides a face-up corps
    out["a_layer"] = blank(game, "a_galicia")
    for uid, h, masked in zip(("ru-8", "al-pat-1", "ru-hq-4", "ru-9"), a_spots(game), (True, True, False, False)):
        out["a_layer"].unit(uid, h, masked=masked)
    out["a_layer"].set_turn(3, "russia", "Repeat attacks")
    # 1.4 and 22: each scenario's set-up at its first moment
    for sid in ("a_galicia", "b_steamroller", "c_hindenburg", "campaign"):
        out[f"setup_{sid}"] = from_scenario(game, game.scenarios[sid])
    # C: the Galician and East Prussian Allied pools rise between two stages (one Allied Supply phase between);
    # the Russian 1st Army HQ stands in Russian Poland (C.1's play area), the A-H I Corps in German East Prussia
    for name, stage, g, w in (("c_pools_9", 9, 5, 5), ("c_pools_10", 10, 14, 20)):
        pos = blank(game, "c_hindenburg").unit("ru-hq-1", open_russia(game, within="front-polish"))
        pos.unit("ah-1", german_hex_near_krolewiec(game))
        pos.move_marker_to_box("supply-allies-g", SUPPLY_BOX.format(g))
        pos.move_marker_to_box("supply-allies-w", SUPPLY_BOX.format(w))
        pos.move_marker_to_box("supply-russia-g", RU_SUPPLY_BOX.format(5))
        out[name] = pos.set_turn(stage, "allies", "Normal attacks")
    # C.7, C.7.1: C's last stage (13); six Russian corps round Przemyśl; Russian Galician pool 5, Allied Polish 6
    pos = blank(game, "c_hindenburg")
    for uid, n in zip(RU_SIX, game.map.neighbours(przemysl(game))):
        pos.unit(uid, n)
    for marker, box in (("supply-allies-g", SUPPLY_BOX.format(10)), ("supply-allies-p", SUPPLY_BOX.format(6)),
                        ("supply-russia-g", RU_SUPPLY_BOX.format(5)), ("supply-russia-p", RU_SUPPLY_BOX.format(12))):
        pos.move_marker_to_box(marker, box)
    out["c_end_13"] = pos.set_turn(13, "russia", "Normal attacks")
    return out


@pytest.fixture(scope="module")
def saves(owc_game, owc_module, tmp_path_factory) -> dict[str, Path]:
    return engine_positions(Composer(owc_game), owc_module, tmp_path_factory.mktemp("owc23"), positions(owc_game))


@pytest.fixture(scope="module")
def check(saves, owc_module):
    def go(*names: str):
        return check_saves([saves[n] for n in names], owc_module)
    return go


# ----------------------------------------------------------------- 1. the number of patrols (17, B.4)
def test_scenario_b_counts_patrols_by_b4_and_names_their_hexes(check, owc_game):
    """B.4: "Dla potrzeb tego scenariusza liczba patroli możliwych do wykorzystania jest ograniczona do 6 dla
    Sprzymierzonych i do 4 dla Rosjan" (in this scenario the patrols that may be used are limited to 6 Allied and 4
    Russian). Seven Allied and five Russian patrols break B.4 (not 17.1, which is about revealed patrols), once for
    each side, naming the hexes the patrols stand in."""
    allied, russian = patrol_spots(owc_game)
    report = check("b_patrols_edge")
    got = [(f.rule, f.title, f.hexes, f.units, f.status) for f in report.findings]
    assert got == [
        ("B.4", "Too many patrols", tuple(sorted(allied)), tuple(sorted(f"al-pat-{i}" for i in range(1, 8))), "error"),
        ("B.4", "Too many patrols", tuple(sorted(russian)), tuple(sorted(f"ru-pat-{i}" for i in range(1, 6))), "error"),
    ]


def test_the_campaign_allows_eight_allied_and_six_russian_patrols(check):
    """17: "Sprzymierzeni dysponują ośmioma jednostkami patroli, Rosjanie sześcioma" (the Allies have eight patrol
    units, the Russians six): the whole mix on the map, face down, breaks nothing (17.1: "Patrole uczestniczą w grze
    tylko wtedy, gdy są utajnione", patrols are in play only hidden). The module holds no ninth Allied or seventh
    Russian patrol, so a save can break 17's number only in scenario B, whose B.4 is lower."""
    report = check("ep_germany_6")
    assert [f for f in report.findings + report.notes if f.rule in ("17", "17.1", "B.4")] == []


def test_scenario_a_plays_no_hiding_patrols_or_hqs(check, owc_game):
    """1.4: "W scenariuszu „Bitwa Galicyjska” obowiązują tylko reguły 1-15" (A plays rules 1-15 only): hiding (16),
    patrols (17) and army HQs (21) are not in its game. A hidden corps, a patrol (hidden, as 17.1 keeps it) and an
    army HQ on the map are each reported under 1.4, none under the rules A does not play (16, 17, 17.1, 21.2); a
    face-up corps beside them breaks nothing."""
    spots = a_spots(owc_game)
    report = check("a_layer")
    got = {(f.rule, f.title, f.hexes, f.units, f.status) for f in report.findings + report.notes}
    assert got == {("1.4", "Not in the scenario's rules", (h,), (u,), "error")
                   for u, h in zip(("ru-8", "al-pat-1", "ru-hq-4"), spots)}


# ----------------------------------------------------------------- 2. 37.3 in the VP section
def east_prussia_vp(lines) -> list[tuple[int, str, float]]:
    return [(ln.gt, ln.side, ln.vp) for ln in lines if "37.3" in ln.source]


def test_no_russian_hq_in_germany_scores_3_allied_vp_at_the_stage_end(check):
    """37.3: "Jeśli na końcu etapu na terytorium niemieckim nie ma żadnego rosyjskiego sztabu armii, Sprzymierzeni
    otrzymują 3 punkty zwycięstwa" (if at the end of a stage no Russian army HQ is on German territory, the Allies
    receive 3 VP). Saves of stage 5 with the 1st Army HQ in Russia (at the start and in the last phase, the Russian
    Repeat attacks), then of stage 6 with it in Germany: the end of stage 5 lies between the last two, and the HQ
    stood in Russia when it came: the Allies score 3 VP, once, beside the other stage-end VP."""
    report = check("ep_home_5", "ep_home_5_end", "ep_germany_6")
    assert east_prussia_vp(report.victory.lines) == [(5, "allies", 3)]
    assert report.victory.provable["allies"] == 3


def test_a_save_in_the_last_phase_is_before_the_stage_end(check):
    """3: a stage ends after the Russian player-turn's last phase; a save in that phase is taken during it (the
    tracker shows the phase being played), so no stage end lies between a save of the stage's start and it: 37.3 has
    not scored yet, and the save shows it only as "if the stage ended now"."""
    report = check("ep_home_5", "ep_home_5_end")
    assert east_prussia_vp(report.victory.lines) == []
    assert any(ln.startswith("if the stage ended now") and "(37.3) +3" in ln for ln in report.victory.outcome)


def test_one_save_shows_what_37_3_would_score_if_the_stage_ended_now(check):
    """37.3 scores at the end of each stage: one save of stage 5 shows, in the VP section's "if the stage ended now"
    line, the Allies' 3 VP, as it shows the places held; with the HQ in Germany (next to Królewiec), none."""
    text = "\n".join(check("ep_home_5").victory.text_lines())
    now = [ln for ln in text.splitlines() if ln.startswith("if the stage ended now")]
    assert len(now) == 1 and "Allies" in now[0] and "37.3" in now[0] and "+3" in now[0], text
    assert "37.3" not in "\n".join(check("ep_germany_6").victory.text_lines())


def test_37_3_is_a_campaign_rule_only(check):
    """1.4: "w „Ofensywie Hindenburga” [obowiązują dodatkowo reguły] 22-27" (scenario C adds rules 22-27): 37 is a
    campaign rule, so a C game with no Russian HQ in Germany over a stage end scores no 37.3 VP."""
    report = check("c_pools_9", "c_pools_10")
    assert east_prussia_vp(report.victory.lines) == []
    assert "37.3" not in "\n".join(report.victory.text_lines())


# ----------------------------------------------------------------- 3. B.5.2, decided by command (21)
def b52(report) -> list[str]:
    return [ln for ln in report.victory.outcome if ln.startswith("B.5.2")]


def command_section(report):
    return next(s for s in report.sections if s.title.startswith("Command"))


def test_a_commanded_corps_on_the_west_edge_wins_scenario_b(check):
    """B.5.2: "Gra kończy się rosyjskim zwycięstwem strategicznym, jeśli przynajmniej jedna dowodzona rosyjska
    jednostka dojdzie do zachodniego brzegu mapy" (the game ends in a Russian strategic victory if at least one
    commanded Russian unit reaches the west map edge). 21.1: "Jednostka jest DOWODZONA, jeśli znajduje się w zasięgu
    dowodzenia własnego sztabu armii i żadne z nich nie jest okrążone" (a unit is commanded within its own army HQ's
    range, neither encircled): I Corps in 2701 (the first column), the 1st Army HQ (range 2) two hexes east, no
    enemy: the command section shows every Russian unit commanded, and the victory is decided, not conditional."""
    report = check("b_patrols_edge")
    assert command_section(report).data["uncommanded"]["russia"] == []
    lines = b52(report)
    assert len(lines) == 1 and "ru-1" in lines[0] and "a Russian strategic victory" in lines[0], lines
    assert "if commanded" not in " ".join(report.victory.outcome)


def test_an_uncommanded_corps_on_the_west_edge_wins_nothing(check):
    """B.5.2 asks a commanded unit; with no HQ on the map I Corps is not commanded (21.1): no strategic victory."""
    report = check("edge_alone")
    assert command_section(report).data["uncommanded"]["russia"] == ["ru-1"]
    lines = b52(report)
    assert len(lines) == 1 and "no strategic victory" in lines[0] and "ru-1" in lines[0], lines


def test_an_encircled_corps_in_range_of_its_hq_wins_nothing(check):
    """21.1: "... i żadne z nich nie jest okrążone" (and neither is encircled); 6.3: "Jako wrogie linii kontroli
    traktowane są ... brzegi planszy na terytorium przeciwnika" (the map edges in enemy territory count as enemy lines
    of control): I Corps in 2701 with five German corps on its five neighbours is encircled, so not commanded though
    its HQ is two hexes away: no strategic victory."""
    report = check("edge_encircled")
    assert "ru-1" in command_section(report).data["uncommanded"]["russia"]
    lines = b52(report)
    assert len(lines) == 1 and "no strategic victory" in lines[0], lines


# ----------------------------------------------------------------- 4. supply pools where 22 is played (1.4)
def pools(report):
    return next((s for s in report.sections if s.title.startswith("Supply pools")), None)


@pytest.mark.parametrize("scenario,fronts,command", [
    ("a_galicia", None, False),  # 1.4: "obowiązują tylko reguły 1-15" (only rules 1-15): no 21, no 22
    ("b_steamroller", None, True),  # 1.4: "dodatkowo reguły 16-21" (16-21 as well): command, still no 22
    ("c_hindenburg", ["allies-g", "allies-p", "russia-g", "russia-p"], True),  # C.1: Polish and Galician fronts only
    ("campaign", [f"{s}-{f}" for s in ("allies", "russia") for f in "gpw"], True),  # 40: every rule, every front
])
def test_supply_pools_only_where_the_scenario_plays_rule_22(check, scenario, fronts, command):
    """1.4: "W scenariuszu „Bitwa Galicyjska” obowiązują tylko reguły 1-15, w scenariuszu „Rosyjski Walec” dodatkowo
    reguły 16-21, a w „Ofensywie Hindenburga” 22-27" (A plays rules 1-15 only, B 16-21 as well, C 22-27 as well). The
    pools (22) are reported from C on; in C only for the fronts of its play area (C.1: "Gra toczy się na frontach:
    polskim i galicyjskim", the game is played on the Polish and Galician fronts; C.4 gives their start levels only),
    in the campaign for all three (29.1). The command section (21) from B on. Each set-up still checks clean."""
    report = check(f"setup_{scenario}")
    section = pools(report)
    assert (section and sorted(section.data)) == (fronts and sorted(fronts))
    if scenario == "c_hindenburg":
        assert section.data == {"allies-g": 8, "allies-p": 16, "russia-g": 14, "russia-p": 8}  # C.4
        assert not any("East Prussian" in ln for ln in section.lines)
    assert any(s.title.startswith("Command") for s in report.sections) == command
    assert report.findings == []


def test_scenario_c_judges_the_income_of_its_own_fronts_only(check):
    """22: "Gracz może przydzielić na jeden front nie więcej niż 8 ZAP na etap" (at most 8 ZAP to one front a stage).
    Between the Allied Normal attacks of stages 9 and 10 lies one Allied Supply phase: the Galician level from 5 to 14
    (+9) breaks it; the East Prussian marker moved from 5 to 20 is on a track C does not play (C.1, C.4): no finding."""
    report = check("c_pools_9", "c_pools_10")
    found = [f for f in report.findings if f.rule == "22"]
    assert len(found) == 1 and "Galician" in found[0].message and "East Prussian" not in found[0].message, found


def test_37_5_holds_in_the_campaign_only(check):
    """37.5: "Wojska austro-węgierskie i Legiony nie mogą dobrowolnie przechodzić na terytorium Niemiec na Froncie
    Wschodniopruskim" (A-H troops and the Legions may not voluntarily cross into German territory on the East Prussian
    front), a campaign rule (1.4: C plays 1-27). The A-H I Corps next to Królewiec: in the campaign a 37.5 warning (a
    note in the Allied Supply phase: a retreat may have put it there); in C no 37.5 at all, only C.1's play area
    (the East Prussian front is outside it: "Gra toczy się na frontach: polskim i galicyjskim")."""
    campaign = check("ep_home_5")
    assert [(f.rule, f.units) for f in campaign.findings + campaign.notes if f.rule == "37.5"] == [("37.5", ("ah-1",))]
    c = check("c_pools_9")
    assert [f for f in c.findings + c.notes if f.rule == "37.5"] == []
    assert ("C.1", ("ah-1",)) in [(f.rule, f.units) for f in c.findings + c.notes]


def test_scenario_b_cites_b3_for_an_enemy_fortress(check):
    """B.3: "Obowiązują identyczne reguły ataku na fortyfikacje jak w regule A.3" (the same fortification rules as A.3
    hold), A.3: "Jednostki gracza nie mogą wchodzić na heksy zawierające twierdze i przyczółki mostowe przeciwnika"
    (a player's units may not enter hexes with enemy fortresses and bridgeheads). A.3 is A's own rule ("obowiązują
    tylko w tym scenariuszu"), so in B the German I Corps in Modlin, a Russian fortress, breaks B.3."""
    report = check("edge_alone")
    assert [(f.rule, f.units, f.status) for f in report.findings] == [("B.3", ("de-1",), "error")]


def test_scenario_c_scores_besieged_przemysl_and_low_pools_at_its_end(check, owc_game):
    """C.7 (Russian objectives): "Przemyśl w okrążeniu 1PZ" (Przemyśl encircled: 1 VP), a place scored at each stage
    end (15); 6.3: "w okrążeniu, jeżeli jest ze wszystkich stron otoczona przez jednostki ... przeciwnika" (encircled
    when enclosed on every side by enemy units): six Russian corps on its six neighbours. C.7.1: "posiadanie przez
    przeciwnika na końcu gry poziomu zaopatrzenia poniżej 7 - 5PZ za front" (the enemy holding supply below 7 at the
    end of the game: 5 VP a front): in stage 13, C's last (6 stages from 27.IX), the Russian Galician pool at 5 scores
    the Allies 5, the Allied Polish pool at 6 scores the Russians 5; the Allied Galician 10 and Russian Polish 12
    nothing. So the line "if the stage ended now" holds the three."""
    now = next(ln for ln in check("c_end_13").victory.outcome if ln.startswith("if the stage ended now"))
    parts = [p.strip() for p in now.split(":", 1)[1].split(";")]
    ours = sorted(p for p in parts if "C.7" in p)
    assert ours == sorted([f"Russia Przemyśl ({przemysl(owc_game)}) encircled (C.7) +1",
                           "Allies Russia supply 5 on the Galician front at the game's end, below 7 (C.7.1) +5",
                           "Russia Allies supply 6 on the Polish front at the game's end, below 7 (C.7.1) +5"]), now


def test_low_pools_score_only_at_the_game_end_and_przemysl_only_when_besieged(check):
    """C.7.1 scores "na końcu gry" (at the end of the game): the Russian Galician pool at 5 over the end of stage 9
    scores nothing; Przemyśl with no Russian round it is not encircled (C.7)."""
    report = check("c_pools_9", "c_pools_10")
    scored = [ln.source for ln in report.victory.lines] + report.victory.outcome
    assert not [x for x in scored if "(C.7.1)" in x or "encircled (C.7)" in x], scored
