"""The Eastern Front in WW1: attachment (6.2, 3.8) on Army Organizational Displays written as real
saves and read back through the built module (the pattern of tests/test_rules_ef1914.py).

TABLE was written from the rules text (The Eastern Front in WW1: 1914, Twilight in the East, Living Rules (June 2014), 3.8, 6.1, 6.2)
before the checker ran on it; each case says why. The displays (counters/ef1914/game.yaml): one grid
per army, rows = corps tracks + "Independent", columns = Combat Effectiveness Status 0-4. Limits
as printed on the markers (markers.yaml): German I, XI, XVII Corps 2; Russian VI Corps 2, IV Corps 3;
KN (First Army's Cavalry Corps) "4 cav"; Russian Fourth Army 5; First Army 3+C.

Moments: attachment is set in the owner's Attachment Phase (reinforcements' markers placed in the
Reinforcement Phase before it) and lasts to the next one: a limit broken is pending from the start
of the owner's Reinforcement Phase to the end of his Attachment Phase, an error at any other moment.
A formation off its corps' track is judged against its Corps Train as it stood in the Attachment
Phase: pending in that phase, an error up to the owner's Movement Phase, information afterwards.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from modgen.check.reader import read_state
from modgen.check.run import check_states
from modgen.layout import tracks_layout
from modgen.loader import load_game
from modgen.rules import ef1914_attachment
from modgen.vmod.compose import Composer, Position, from_scenario

REPO = Path(__file__).resolve().parents[1]
G = "ef1914"
OPEN = "44.30"  # an open hex far from any enemy
MINE = {rt.title for rt in ef1914_attachment.TIMINGS}


def on(g, pos: Position, part: str, row: str, *markers: str, column: str = "0") -> Position:
    """Put markers in one box of an army display: row `row`, Combat Effectiveness Status `column`."""
    box = tracks_layout(g, list(g.scenarios.values())).part_box(part, f"{row}/{column}").name
    for m in markers:
        pos.move_marker_to_box(m, box)
    return pos


def blank(g) -> Position:
    pos = Position(g, scenario="tannenberg")
    for s in g.sides:
        pos.set_vp(s.id, 0)
    return pos


def att(*units: str) -> tuple[str, ...]:
    return tuple(f"att-{u}" for u in units)


# ---------------------------------------------------------------- corps limits (3.8, 6.2)
def p_corps_full(g):  # two divisions of I Corps on its track: 2 = limit 2
    return on(g, blank(g), "de8", "I Corps", *att("de-1-1", "de-2-1"))


def p_corps_over(g):  # the same + 70 lw (a brigade, no corps ID): 2 1/2 > 2
    return on(g, p_corps_full(g), "de8", "I Corps", *att("de-70lw"), column="2")


def p_corps_brigade(g):  # IV Corps (limit 3): two divisions and the 5 rf brigade = 2 1/2
    return on(g, blank(g), "ru1", "IV Corps", *att("ru-30-4", "ru-40-4", "ru-5rf-4"))


# ---------------------------------------------------------------- cavalry (3.8, 6.2)
def p_cav_corps(g):  # KN's four cavalry divisions on the Cavalry Corps track (4 cav), 1 c independent
    pos = on(g, blank(g), "ru1", "Cavalry Corps", *att("ru-1gc", "ru-2gc", "ru-2c", "ru-3c"))
    return on(g, pos, "ru1", "Independent", *att("ru-1c"))


def p_cav_on_infantry_corps(g):  # German 1 c (no corps ID) on XI Corps: 1 <= 2, but a cavalry formation
    return on(g, blank(g), "de8", "XI Corps", *att("de-1c"))


def p_infantry_on_cav_corps(g):  # 25/3 on the Cavalry Corps track; 3 Corps' train is not on the map
    return on(g, blank(g), "ru1", "Cavalry Corps", *att("ru-25-3"))


# ---------------------------------------------------------------- own corps track (6.2 and its EXCEPTION)
def p_off_track_train_away(g):  # 1/1 on XVII Corps' track; the 1 Corps Train not on the map
    return on(g, blank(g), "de8", "XVII Corps", *att("de-1-1"))


def p_off_track_train_here(g):  # the same with the 1 Corps Train on the map, out of Rail Mode
    return p_off_track_train_away(g).unit("de-ct-1", OPEN)


def p_off_track_train_entrained(g):  # ... on the map but entrained: it has not detrained, not arrived
    return p_off_track_train_here(g).marker("rail-mode", OPEN, under="de-ct-1")


def p_independent_train_here(g):  # 1/1 independent while its train is on the map
    return on(g, blank(g), "de8", "Independent", *att("de-1-1")).unit("de-ct-1", OPEN)


def p_own_track_train_here(g):
    return on(g, blank(g), "de8", "I Corps", *att("de-1-1")).unit("de-ct-1", OPEN)


# ---------------------------------------------------------------- corps markers (6.2)
def p_corps_marker_home(g):
    return on(g, blank(g), "de8", "I Corps", "corps-de-1", *att("de-1-1"))


def p_corps_marker_independent(g):
    return on(g, blank(g), "de8", "Independent", "corps-de-1")


def p_corps_marker_elsewhere(g):
    return on(g, blank(g), "de8", "I Corps", "corps-de-17")


# ---------------------------------------------------------------- army limits (6.1, 6.2)
RU4 = {"Grenadier Corps": "ru-1gr-g", "XIV Corps": "ru-18-14", "XVI Corps": "ru-41-16", "Guard Corps": "ru-1gd-gd",
       "III Caucasian Corps": "ru-21-3k", "XVIII Corps": "ru-23-18"}


def p_army_five(g):  # Fourth Army (Limit 5): five corps tracks in use
    pos = blank(g)
    for row, u in list(RU4.items())[:5]:
        on(g, pos, "ru4", row, *att(u))
    return pos


def p_army_six(g):  # all six corps tracks of its display in use: 6 > 5 (the display has one track too many)
    return on(g, p_army_five(g), "ru4", "XVIII Corps", *att(RU4["XVIII Corps"]))


def p_army_plus_c(g):  # First Army (3+C): III, IV, XX and the Cavalry Corps: 3 corps + 1 Cavalry Corps
    pos = p_cav_corps(g)
    on(g, pos, "ru1", "III Corps", *att("ru-25-3"))
    on(g, pos, "ru1", "IV Corps", *att("ru-30-4"))
    return on(g, pos, "ru1", "XX Corps", *att("ru-28-20"))


# ---------------------------------------------------------------- cross-nationality (6.2)
def p_one_reserve_under_ah(g):  # 3 r (German reserve division, no corps ID) on A-H First Army
    return on(g, blank(g), "ah1", "Independent", *att("de-3r"))


def p_two_reserves_under_ah(g):  # 3 r and 1 r/1 R (its 1 R Corps Train not on the map)
    return on(g, p_one_reserve_under_ah(g), "ah1", "Independent", *att("de-1r-1r"))


def p_active_under_ah(g):  # 1/1, an active division (its train not on the map)
    return on(g, blank(g), "ah1", "Independent", *att("de-1-1"))


def p_lw_under_ah(g):  # the 3 LW Corps' two divisions on its track of the A-H First Army display
    return on(g, blank(g), "ah1", "Landwehr Corps", *att("de-3lw-lw", "de-4lw-lw"))


def p_lw_marker_under_ah(g):  # the 3 LW Corps' own marker on its track, no division shown
    return on(g, blank(g), "ah1", "Landwehr Corps", "corps-de-lw")


def p_one_ah_cav_under_de(g):
    return on(g, blank(g), "de8", "Independent", *att("ah-3c"))


def p_two_ah_cav_under_de(g):
    return on(g, p_one_ah_cav_under_de(g), "de8", "Independent", *att("ah-9c"))


def p_ah_infantry_under_de(g):  # 5/1 (A-H I Corps, its train not on the map)
    return on(g, blank(g), "de8", "Independent", *att("ah-5-1"))


POSITIONS = {name[2:]: fn for name, fn in globals().items() if name.startswith("p_")}

LIMIT = "3.8/6.2: a division counts one, a brigade one-half, toward the corps' Attachment Limit"
CAV = "3.8/6.2: cavalry formations can ONLY be attached to a Cavalry Corps or as Independent formations"
OWN = ("6.2: formations with a corps designation must be on the indicated corps track, EXCEPT while its Corps Train "
       "has not arrived on map")
CMK = ("6.2: corps markers may not be placed on an Independent track; a track represents the corps whose marker is "
       "in its Corps Box")
ARMY = ("6.2: the number of corps tracks (the army marker's limit) is the maximum number of corps attached; +C: one "
        "Cavalry Corps")
CROSS = ("6.2: at most one German RESERVE division under an A-H command; the 3 LW Corps only in GTs 4-18; at most "
         "one A-H cavalry division under a German army")
CP_ATTACK, CP_SUPPLY = (3, "cp", "Attack"), (3, "cp", "Supply")


@dataclass(frozen=True)
class Case:
    position: str
    moment: tuple[int, str, str]
    expect: tuple[tuple[str, str, tuple[str, ...]], ...]  # (title, status, units); () = clean
    why: str


def f(title: str, status: str, *units: str) -> tuple[str, str, tuple[str, ...]]:
    return (title, status, tuple(sorted(units)))


OVER = "Corps over its Attachment Limit"
CAVBAD, NONCAV = "Cavalry formation on a non-cavalry corps track", "Non-cavalry formation on a Cavalry Corps track"
OFF = "Formation off its corps' track"
CM_IND, CM_OTHER = "Corps marker on an Independent track", "Corps marker on another corps' track"
ARMY_OVER = "Army over its Attachment Limit"
DE_AH, AH_DE = "German formation attached to an A-H command", "A-H formation attached to a German army"

TABLE = [
    # corps limits
    Case("corps_full", CP_ATTACK, (), LIMIT + ": 1/1 + 2/1 = 2, I Corps' limit 2"),
    Case("corps_over", CP_ATTACK, (f(OVER, "error", "de-1-1", "de-2-1", "de-70lw"),), LIMIT + ": 2 + 1/2 > 2"),
    Case("corps_over", (3, "cp", "Attachment"), (f(OVER, "pending", "de-1-1", "de-2-1", "de-70lw"),), LIMIT),
    Case("corps_over", (4, "russian", "Movement"), (f(OVER, "error", "de-1-1", "de-2-1", "de-70lw"),),
         LIMIT + ": the CP attachment of GT 3 holds through the Russian player turn"),
    Case("corps_brigade", CP_ATTACK, (), LIMIT + ": 1 + 1 + 1/2 <= IV Corps' limit 3"),
    # cavalry
    Case("cav_corps", CP_ATTACK, (), CAV + ": KN's limit is underscored; 4 divisions = its limit 4; 1 c independent"),
    Case("cav_on_infantry_corps", CP_ATTACK, (f(CAVBAD, "error", "de-1c"),), CAV),
    Case("cav_on_infantry_corps", (3, "cp", "Attachment"), (f(CAVBAD, "pending", "de-1c"),), CAV),
    Case("infantry_on_cav_corps", CP_ATTACK, (f(NONCAV, "error", "ru-25-3"),),
         CAV + " (a Cavalry Corps can only attach cavalry); 25/3 off its track is excused: 3 Corps' train is not "
         "on the map"),
    # own corps track
    Case("off_track_train_away", CP_SUPPLY, (), OWN + ": the 1 Corps Train is not on the map"),
    Case("off_track_train_entrained", CP_SUPPLY, (), OWN + ": on the map but entrained: it has not detrained"),
    Case("off_track_train_here", (3, "cp", "Attachment"), (f(OFF, "pending", "de-1-1"),), OWN + ": being set now"),
    Case("off_track_train_here", CP_SUPPLY, (f(OFF, "error", "de-1-1"),),
         OWN + ": after the Attachment Phase, before Movement, the train stands where it stood then"),
    Case("off_track_train_here", CP_ATTACK, (f(OFF, "info", "de-1-1"),),
         OWN + ": after Movement the train may have arrived since the Attachment Phase: not compared"),
    Case("independent_train_here", CP_SUPPLY, (f(OFF, "error", "de-1-1"),),
         OWN + ": an Independent track is no exception"),
    Case("own_track_train_here", CP_SUPPLY, (), OWN),
    # corps markers
    Case("corps_marker_home", CP_ATTACK, (), CMK),
    Case("corps_marker_independent", CP_ATTACK, (f(CM_IND, "error", "de-ct-1"),), CMK),
    Case("corps_marker_elsewhere", CP_ATTACK, (f(CM_OTHER, "error", "de-ct-17"),), CMK + ": the row is I Corps'"),
    # army limits
    Case("army_five", (3, "russian", "Attack"), (), ARMY + ": 5 corps, limit 5"),
    Case("army_six", (3, "russian", "Attack"), (f(ARMY_OVER, "error", *RU4.values()),), ARMY + ": 6 corps > 5"),
    Case("army_six", (3, "russian", "Attachment"), (f(ARMY_OVER, "pending", *RU4.values()),), ARMY),
    Case("army_plus_c", (3, "russian", "Attack"), (), ARMY + ": 3 corps and the Cavalry Corps in the +C slot"),
    # cross-nationality
    Case("one_reserve_under_ah", CP_ATTACK, (), CROSS + ": one reserve division"),
    Case("two_reserves_under_ah", CP_ATTACK, (f(DE_AH, "error", "de-3r", "de-1r-1r"),), CROSS + ": two"),
    Case("active_under_ah", CP_ATTACK, (f(DE_AH, "error", "de-1-1"),),
         CROSS + " (DECISION: the sentences list all that may cross; 1/1 is neither)"),
    Case("lw_under_ah", (5, "cp", "Attack"), (), CROSS + ": GT 5 is within 4-18"),
    Case("lw_under_ah", (2, "cp", "Attack"), (f(DE_AH, "error", "de-3lw-lw", "de-4lw-lw"),), CROSS + ": GT 2 < 4"),
    Case("lw_under_ah", (19, "russian", "Movement"), (),
         CROSS + ": the Russians move first; the CP displays show the attachment set in GT 18"),
    Case("lw_under_ah", (19, "cp", "Attachment"), (f(DE_AH, "pending", "de-3lw-lw", "de-4lw-lw"),),
         CROSS + ": GT 19's attachment is being set: it must leave"),
    Case("lw_under_ah", (19, "cp", "Attack"), (f(DE_AH, "error", "de-3lw-lw", "de-4lw-lw"),), CROSS + ": GT 19 > 18"),
    Case("lw_marker_under_ah", (2, "cp", "Attack"), (f(DE_AH, "error", "de-ct-lw"),),
         CROSS + ": the corps itself is attached (its marker names its train, same ID)"),
    Case("lw_marker_under_ah", (4, "cp", "Attack"), (), CROSS + ": GT 4 is the first allowed"),
    Case("one_ah_cav_under_de", CP_ATTACK, (), CROSS + ": one A-H cavalry division"),
    Case("two_ah_cav_under_de", CP_ATTACK, (f(AH_DE, "error", "ah-3c", "ah-9c"),), CROSS + ": two"),
    Case("ah_infantry_under_de", CP_ATTACK, (f(AH_DE, "error", "ah-5-1"),), CROSS + " (DECISION as for 1/1)"),
]


@pytest.mark.parametrize("case", TABLE, ids=lambda c: f"{c.position}-{c.moment[0]}-{c.moment[1]}-{c.moment[2]}")
def test_table(case, ef_game, ef_module, tmp_path):
    pos = POSITIONS[case.position](ef_game).set_turn(*case.moment)
    path = Composer(ef_game).write(pos, tmp_path / f"{case.position}.vsav")
    report = check_states([read_state(path, module=ef_module)])
    got = {(x.title, x.status, tuple(sorted(x.units))) for x in report.findings + report.notes if x.title in MINE}
    assert got == set(case.expect), (case.why, [x for x in report.findings + report.notes if x.title in MINE])


def test_findings_name_markers_display_and_row(ef_game, ef_module, tmp_path):
    pos = p_corps_over(ef_game).set_turn(*CP_ATTACK)
    st = read_state(Composer(ef_game).write(pos, tmp_path / "s.vsav"), module=ef_module)
    (found,) = ef1914_attachment.findings(st)
    assert found.rule == "6.2"
    for word in ("att-de-1-1", "att-de-2-1", "att-de-70lw", "(de8)", "row 'I Corps'", "corps-de-1", "2.5"):
        assert word in found.message, (word, found.message)


QUOTED = [  # sentences of 6.1 and 6.2 as the text prints them (copied from The Eastern Front in WW1: 1914, Twilight in the East, Living Rules (June 2014) when
    # written; the project reads nothing beside itself), each quoted by a timing's words
    "Once an attachment is set during an Attachment Phase, that attachment cannot be changed until the next friendly "
    "Attachment Phase",
    "Each division-sized formation counts as one, and each brigade-sized formation counts one-half",
    "Cavalry formations can ONLY be attached to a Cavalry Corps or as Independent formations",
    "Formations with a corps designation in their ID (3.3.1) must have their Attachment marker placed on the "
    "indicated corps Attachment Track",
    "can be placed on an Independent track or the track of a Corps other than its own until the arrival of its own "
    "Corps Train unit on map",
    "Corps Attachment markers may not be placed on an Independent Attachment Track",
    "the number of Corps tracks found is the maximum number of corps that may be attached to that Army",
    "This is denoted on the Army marker with a +C to the right of the Attachment Limit",
    "A maximum of one German RESERVE division can be attached to an A-H command at any one point in the game",
    "the 3 LW Corps and its two divisions can be attached to an A-H army command during GTs 4 through 18",
    "A maximum of one A-H cavalry division can be attached to a German army command at any one time in the game",
]


def norm(text: str) -> str:
    """Letters, digits and '+' only: the text lost its apostrophes ("army s") in transcription."""
    return " ".join(re.sub(r"[^a-z0-9+]+", " ", text.lower()).split())


def test_every_title_has_a_timing_quoting_the_rulebook():
    phases = set(load_game(REPO, G).turns.phases)
    for rt in ef1914_attachment.TIMINGS:
        assert rt.rule == "6.2" and rt.title and rt.timing.phase == "Attachment", rt
        assert all(not ph or ph in phases for ph in (rt.timing.opens, rt.timing.until)), rt
        quoted = [q for q in QUOTED if norm(q) in norm(rt.words)]
        assert QUOTED[0] in quoted and len(quoted) >= 2, rt.title
    assert all(any(norm(q) in norm(rt.words) for rt in ef1914_attachment.TIMINGS) for q in QUOTED)
    assert {c.expect[0][0] for c in TABLE if c.expect} == MINE


def test_every_display_row_names_a_corps_with_a_limit(ef_game):
    """The row -> corps table covers every corps track of every army display (a renamed row shows here)."""

    class S:
        game = ef_game

    for part, army in ef1914_attachment.armies(S()).items():  # type: ignore[arg-type]
        assert army.marker is not None and army.limit is not None, part
        for row in army.rows:
            if row != "Independent":
                c = ef1914_attachment.row_corps(S(), army, row)  # type: ignore[arg-type]
                assert c is not None and c.marker is not None and c.limit is not None, (part, row)


@pytest.mark.parametrize("scenario", ["tannenberg", "galicia", "campaign"])
def test_shipped_set_ups_break_no_attachment_rule(scenario, ef_game, ef_module, tmp_path):
    """The 3 LW Corps enters on GT 4 (6.2: under an A-H army only during GTs 4 through 18), so no set-up
    puts German formations on an A-H display."""
    pos = from_scenario(ef_game, ef_game.scenarios[scenario])
    st = read_state(Composer(ef_game).write(pos, tmp_path / f"{scenario}.vsav"), module=ef_module)
    assert ef1914_attachment.findings(st) == []
