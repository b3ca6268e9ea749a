"""The Eastern Front in WW1, modgen/rules/ef1914_positions.py: 13.x IP markers, 11.1 step losses,
4.2.5 order of stacking and 8.2.4 entrained units, each on small positions written as real saves
and read back through the built module (the approach of tests/test_rules_ef1914.py).

Every expectation in TABLE was reasoned from the rules text (The Eastern Front in WW1: 1914, Twilight in the East, Living Rules (June 2014))
before the checker ran on it; the reasoning is the case's `why`, and the comment above a group
quotes the words it rests on. Where the text is open the module's DECISION is named. A save is a
moment of a turn (GT, player turn, phase: taken during that phase). Every rule of this module holds
at every moment (its words: "the instant", "must be placed", "must displace", a GT limit), so a
breach is an error in any phase, also mid-movement where 4.2's stacking limit is still pending.
A case compares the findings of this module's rules and of the rules it names (other rules of the
plugin, such as 14.x supply, are not this file's matter): "clean" means none of those.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from modgen.check.reader import read_state
from modgen.check.run import check_states
from modgen.loader import load_game
from modgen.plugins import plugin_for
from modgen.rules import ef1914_positions as P
from modgen.vmod.compose import Composer, Position

from .test_rules_ef1914 import GER_DIVS, GRODNO, GRODNO_RIVER, OPEN, REPO, blank

G = "ef1914"


# OPEN (44.30) has no printed IP; its neighbours: 44.29 ... Two hexes from it: 44.28.
NEXT, TWO_AWAY = "44.29", "44.28"


def printed(g) -> str:
    """A hex of the Angerapp line, an IP printed on the map (13.5): read from the map, not hard-coded."""
    return next(a for a in g.map.areas if a.id == "printed-ip-angerapp").hexes[0]


# ------------------------------------------------------------------ 13.x IPs
# 13.4: "an IP marker remains in a hex, until the instant all friendly units leave the hex, at which
# time the marker is immediately removed from play" -> never in an empty hex, never in a hex held only
# by the other side (its friendly units left). 13.0/13.1: a hex's IP has one level, upgraded in place
# (DECISION: two IP markers in a hex never). 13.1: German L3 not before GT 22, Russian and A-H L3 not
# before GT 25; L4 "until GT [lost]": DECISION L4_FROM = 21 (13.5: rebuilt printed IPs "may be increased
# to Level 4 (after GT 20)"), and a national L4 needs that nationality's L3 first (off printed IPs).
# 13.5: the orange IP Ruined marker goes on a printed IP hex "the instant an enemy unit enters"; it
# records the ruin, so it needs no unit, but it has no place off a printed IP.
def p_ip_held(g):  # a German L1 on top of a German division
    return blank(g).unit("de-1-1", OPEN).marker("ip-de-1", OPEN)


def p_ip_empty(g):
    return blank(g).marker("ip-de-1", OPEN)


def p_ip_ah_by_germans(g):  # an A-H L2 held by a German division: friendly units are the side's
    return blank(g).unit("de-1-1", OPEN).marker("ip-ah-1", OPEN, back=True)


def p_ip_russian_by_germans(g):
    return blank(g).unit("de-1-1", OPEN).marker("ip-ru-1", OPEN)


def p_ip_two(g):  # German L1 and L2 markers in one hex
    return blank(g).unit("de-1-1", OPEN).marker("ip-de-1", OPEN).marker("ip-de-1", OPEN, back=True)


def p_ip_de_l3(g):
    return blank(g).unit("de-1-1", OPEN).marker("ip-de-3", OPEN)


def p_ip_de_l4(g):
    return blank(g).unit("de-1-1", OPEN).marker("ip-de-3", OPEN, back=True)


def p_ip_de_l4_printed(g):
    return blank(g).unit("de-1-1", printed(g)).marker("ip-de-3", printed(g), back=True)


def p_ip_ru_l3(g):
    return blank(g).unit("ru-28-20", OPEN).marker("ip-ru-3", OPEN)


def p_ip_ah_l3(g):
    return blank(g).unit("ah-5-1", OPEN).marker("ip-ah-3", OPEN)


def p_ruined_on_printed(g):  # no unit: the ruin lasts
    return blank(g).marker("ip-ruined", printed(g))


def p_ruined_off_printed(g):
    return blank(g).marker("ip-ruined", OPEN)


# ------------------------------------------------------------------ 11.1 step losses
# 11.1: "When the original step strength minus the marker s number is equal to the reduced step
# strength (back side) of the unit, flip the unit over. When the reduced step strength minus the marker
# s number equals [zero] ..., remove it from play. No unit may suffer more step losses than it has
# available. Units with only one step are removed when they lose one step." DECISION: the marker counts
# the losses since the face shown (restarting at the flip). de-1-1: 12 steps, back 6; de-1c: 3, back 2
# (3.3: "3 step cavalry formations flip after the first step loss"); ah-46lw-1: 9, back 5 (odd: flips
# "just before losing half", at 4); de-masurian: 2-step regiment, no reduced side; de-hv-1: 1 step.
def p_loss(unit: str, marker: str, back: bool = False, reduced: bool = False, extra: str = ""):
    def make(g):
        pos = blank(g).unit(unit, OPEN, reduced=reduced).marker(marker, OPEN, back=back, under=unit)
        return pos.marker(extra, OPEN, under=unit) if extra else pos
    return make


POS_LOSS = {
    "div_front_5": p_loss("de-1-1", "step-loss-5"),  # 12 - 5 = 7 > 6: stays on its front
    "div_front_6": p_loss("de-1-1", "step-loss-5", back=True),  # 12 - 6 = 6 = back: must have flipped
    "div_back_5": p_loss("de-1-1", "step-loss-5", reduced=True),  # back 6 - 5 = 1 step left
    "div_back_6": p_loss("de-1-1", "step-loss-5", back=True, reduced=True),  # back 6 - 6 = 0: eliminated
    "div_back_5_and_1": p_loss("de-1-1", "step-loss-5", reduced=True, extra="step-loss"),  # markers add: 6
    "cav_front_1": p_loss("de-1c", "step-loss"),  # 3 - 1 = 2 = back: must have flipped
    "cav_back_1": p_loss("de-1c", "step-loss", reduced=True),  # back 2 - 1 = 1 left
    "odd_front_3": p_loss("ah-46lw-1", "step-loss-3"),  # 9 - 3 = 6 > 5
    "odd_front_4": p_loss("ah-46lw-1", "step-loss-3", back=True),  # 9 - 4 = 5 = back: must have flipped
    "regiment_1": p_loss("de-masurian", "step-loss"),  # 2 - 1 = 1; no reduced side, never flips
    "gun_1": p_loss("de-hv-1", "step-loss"),  # one step, lost: removed
}


# ------------------------------------------------------------------ 4.2.5 order of stacking
# 4.2.5: "If one of the following units is present it must be placed on top in this order of priority":
# hex with an IP: largest infantry, largest cavalry, fortress, artillery, supply, other; any other hex:
# largest cavalry, largest infantry, ...; "the largest unit is defined as the unit with the most steps";
# "Demoralized units and units bearing Combat Strength 1/2 markers are considered the smallest of their
# type". DECISION: the top unit only; ties free; Disordered = demoralized. Units listed bottom first.
def p_stack(units: tuple[str, ...], hex_of=lambda g: OPEN, markers: tuple[tuple[str, bool, str], ...] = ()):
    """Units bottom to top, then markers (id, back, under unit or "" for the top of the stack)."""
    def make(g):
        h = hex_of(g)
        pos = blank(g)
        for u in units:
            pos.unit(u, h)
        for mid, back, under in markers:
            pos.marker(mid, h, back=back, under=under or None)
        return pos
    return make


INF, CAV = "de-1-1", "de-1c"  # 12-step infantry division, 3-step cavalry division
POS_ORDER = {
    "open_cav_top": p_stack((INF, CAV)),
    "open_inf_top": p_stack((CAV, INF)),  # no IP: the largest cavalry goes on top
    "ip_inf_top": p_stack((CAV, INF), markers=(("ip-de-1", False, ""),)),
    "ip_cav_top": p_stack((INF, CAV), markers=(("ip-de-1", False, ""),)),  # IP: the largest infantry on top
    "printed_inf_top": p_stack((CAV, INF), printed),
    "printed_cav_top": p_stack((INF, CAV), printed),  # a printed IP is an IP: infantry on top
    "ruined_cav_top": p_stack((INF, CAV), printed, (("ip-ruined", False, ""),)),  # ruined: no IP, cavalry on top
    "rebuilt_cav_top": p_stack((INF, CAV), printed, (("ip-ruined", True, ""),)),  # Level 3 IP face: an IP again
    "smaller_inf_top": p_stack(("de-1-1", "de-1r-1r")),  # 10 steps over 12
    "larger_inf_top": p_stack(("de-1r-1r", "de-1-1")),
    "tie_inf": p_stack(("de-1-1", "de-2-1")),  # 12 and 12: either
    "worn_inf_top": p_stack(("de-1r-1r", "de-1-1"), markers=(("step-loss-3", False, "de-1-1"),)),  # 9 over 10
    "demoralized_top": p_stack(("de-3lw-lw", "de-1-1"), markers=(("disorder", False, "de-1-1"),)),  # 4.2.5's example
    "demoralized_below": p_stack(("de-1-1", "de-3lw-lw"), markers=(("disorder", False, "de-1-1"),)),
    "cs_half_top": p_stack(("de-1r-1r", "de-1-1"), markers=(("cs-half", True, "de-1-1"),)),
    "gun_over_train": p_stack(("de-ct-1", "de-hv-1")),
    "train_over_gun": p_stack(("de-hv-1", "de-ct-1")),  # artillery before supply
    "fortress_top": p_stack(("ru-hv-2a", "ru-f-grodno"), lambda g: GRODNO),
    "gun_over_fortress": p_stack(("ru-f-grodno", "ru-hv-2a"), lambda g: GRODNO),  # fortress before artillery
}


def p_overstack_inf_top(g):  # 4 German divisions (4.2: over the limit) with their cavalry under them
    pos = blank(g).unit(CAV, OPEN)
    for u in GER_DIVS:
        pos.unit(u, OPEN)
    return pos


# ------------------------------------------------------------------ 8.2.4 entrained units
# 8.2.4: "If an enemy combat or artillery unit moves adjacent to it, it must displace" (DECISION: never
# adjacent, whoever moved; any hexside, rivers included: adjacency, not ZOC); 8.2.3 (5): a unit that
# has begun to detrain gets CS 1/2 instead. Combat units are infantry and cavalry (2.1).
def p_rail(enemy: str, where: str = NEXT, here: str = OPEN, face_back: bool = False, extra: str = ""):
    def make(g):
        pos = blank(g).unit("de-1-1", here).marker("rail-mode", here, back=face_back, under="de-1-1")
        if extra:
            pos.marker(extra, here, under="de-1-1")
        return pos.unit(enemy, where)
    return make


POS_RAIL = {
    "rail_by_infantry": p_rail("ru-28-20"),
    "rail_by_gun": p_rail("ru-hv-2a"),
    "rail_by_train": p_rail("ru-ct-20"),  # a supply unit is no combat or artillery unit
    "rail_two_away": p_rail("ru-28-20", TWO_AWAY),
    "destination_face": p_rail("ru-28-20", face_back=True),  # the Destination face: not in Rail Mode
    "rail_across_river": p_rail("ru-28-20", GRODNO, GRODNO_RIVER),  # the Niemen: adjacent all the same
    "detraining": p_rail("ru-28-20", extra="mp-train"),
    "detraining_cs_half": p_rail("ru-28-20", extra="cs-half"),
}

POSITIONS = {name[2:]: fn for name, fn in globals().items() if name.startswith("p_") and name[2:] not in
             ("loss", "stack", "rail")}
POSITIONS.update(POS_LOSS)
POSITIONS.update(POS_ORDER)
POSITIONS.update(POS_RAIL)

IP_EMPTY = ("13.4", "IP marker in a hex without units")
IP_OTHER = ("13.4", "IP marker of the other side")
IP_TWO = ("13.0", "More than one IP in a hex")
IP_LEVEL = ("13.1", "IP level not yet allowed")
RUINED = ("13.5", "IP Ruined marker off a printed IP")
ELIMINATED = ("11.1", "Step losses eliminate the unit")
NOT_FLIPPED = ("11.1", "Unit not flipped to its reduced side")
TOP = ("4.2.5", "Wrong unit on top of the stack")
RAIL = ("8.2.4", "Entrained unit adjacent to an enemy unit")
OVERSTACK = ("4.2", "Over-stacked")
ATTACK = (3, "cp", "Attack")


@dataclass(frozen=True)
class Case:
    position: str
    moment: tuple[int, str, str]
    expected: tuple[tuple[str, str, str], ...]  # (rule, title, status); () = clean
    why: str


def err(*keys: tuple[str, str]) -> tuple[tuple[str, str, str], ...]:
    return tuple((r, t, "error") for r, t in keys)


TABLE = [
    # 13.4
    Case("ip_held", ATTACK, (), "13.4: its friendly unit is in the hex; Level 1 has no GT limit"),
    Case("ip_empty", ATTACK, err(IP_EMPTY), "13.4: removed the instant all friendly units leave"),
    Case("ip_empty", (3, "cp", "Movement"), err(IP_EMPTY), "13.4: 'the instant': also mid-movement"),
    Case("ip_empty", (3, "russian", "Counter Movement"), err(IP_EMPTY), "13.4: at any moment, whoever moves"),
    Case("ip_ah_by_germans", ATTACK, (), "13.4: German units are friendly units of an A-H IP"),
    Case("ip_russian_by_germans", ATTACK, err(IP_OTHER), "13.4: the Russian units left, so the marker went"),
    # 13.0
    Case("ip_two", ATTACK, err(IP_TWO), "13.1: one IP per hex, upgraded in place (DECISION)"),
    # 13.1 levels
    Case("ip_de_l3", (21, "cp", "Movement"), err(IP_LEVEL), "13.1: no German Level 3 until GT 22"),
    Case("ip_de_l3", (22, "cp", "Movement"), (), "13.1: German Level 3 from GT 22"),
    Case("ip_ru_l3", (24, "russian", "Attack"), err(IP_LEVEL), "13.1: no Russian Level 3 until GT 25"),
    Case("ip_ru_l3", (25, "russian", "Movement"), (), "13.1: Russian Level 3 from GT 25"),
    Case("ip_ah_l3", (24, "cp", "Attack"), err(IP_LEVEL), "13.1: no A-H Level 3 until GT 25 (GT 22 is the Germans')"),
    Case("ip_de_l4", (21, "cp", "Attack"), err(IP_LEVEL), "13.1: a German Level 4 is built on a Level 3, GT 22 on"),
    Case("ip_de_l4", (22, "cp", "Attack"), (), "13.1: L3 from GT 22, L4 from GT 21 (DECISION): both open"),
    Case("ip_de_l4_printed", (20, "cp", "Attack"), err(IP_LEVEL), "13.5: Level 4 'after GT 20' only (DECISION)"),
    Case("ip_de_l4_printed", (21, "cp", "Attack"), (), "13.5: a rebuilt printed IP may go to Level 4 after GT 20"),
    # 13.5
    Case("ruined_on_printed", ATTACK, (), "13.5: the Ruined marker stays on its printed IP, units or not"),
    Case("ruined_off_printed", ATTACK, err(RUINED), "13.5: only a printed IP can be ruined"),
    # 11.1
    Case("div_front_5", ATTACK, (), "11.1: 12 - 5 = 7, more than the back's 6"),
    Case("div_front_6", ATTACK, err(NOT_FLIPPED), "11.1: 12 - 6 = the back's 6: flip"),
    Case("div_front_6", (3, "russian", "Movement"), err(NOT_FLIPPED), "11.1: the flip is not put off to a phase"),
    Case("div_back_5", ATTACK, (), "11.1: 6 - 5 = 1 step left on the back"),
    Case("div_back_6", ATTACK, err(ELIMINATED), "11.1: 6 - 6 = 0: removed from play"),
    Case("div_back_5_and_1", ATTACK, err(ELIMINATED), "11.1: two markers, 5 + 1 = 6 losses: removed"),
    Case("cav_front_1", ATTACK, err(NOT_FLIPPED), "3.3: 3-step cavalry flips after the first step loss"),
    Case("cav_back_1", ATTACK, (), "11.1: 2 - 1 = 1 step left"),
    Case("odd_front_3", ATTACK, (), "11.1: 9 - 3 = 6, more than the back's 5"),
    Case("odd_front_4", ATTACK, err(NOT_FLIPPED), "3.3: odd-step formations flip just before half: 9 - 4 = 5"),
    Case("regiment_1", ATTACK, (), "3.3: no reduced side, never flips; 1 step of 2 left"),
    Case("gun_1", ATTACK, err(ELIMINATED), "11.1: units with only one step are removed when they lose one"),
    # 4.2.5
    Case("open_cav_top", ATTACK, (), "4.2.5: no IP: largest cavalry on top"),
    Case("open_inf_top", ATTACK, err(TOP), "4.2.5: no IP: the cavalry must be on top"),
    Case("open_inf_top", (3, "cp", "Movement"), err(TOP), "4.2.5: no moment named: also mid-movement (DECISION)"),
    Case("ip_inf_top", ATTACK, (), "4.2.5: IP hex: largest infantry on top"),
    Case("ip_cav_top", ATTACK, err(TOP), "4.2.5: IP hex: the infantry must be on top"),
    Case("printed_inf_top", ATTACK, (), "4.2.5, 13.5: a printed IP is an IP"),
    Case("printed_cav_top", ATTACK, err(TOP), "4.2.5, 13.5: a printed IP is an IP: infantry on top"),
    Case("ruined_cav_top", ATTACK, (), "13.5: a ruined printed IP is no IP: cavalry on top"),
    Case("rebuilt_cav_top", ATTACK, err(TOP), "13.5: rebuilt (Level 3 IP face): an IP again, infantry on top"),
    Case("smaller_inf_top", ATTACK, err(TOP), "4.2.5: the 12-step division, the largest, goes on top"),
    Case("larger_inf_top", ATTACK, (), "4.2.5: largest infantry on top; the rest of the stack is free"),
    Case("tie_inf", ATTACK, (), "4.2.5: two 12-step divisions: either is the largest (ties free)"),
    Case("worn_inf_top", ATTACK, err(TOP), "4.2.5: most steps now: 12 - 3 = 9 is smaller than 10"),
    Case("demoralized_top", ATTACK, err(TOP), "4.2.5's example: the demoralized unit counts as the smallest"),
    Case("demoralized_below", ATTACK, (), "4.2.5's example: the non-demoralized unit on top"),
    Case("cs_half_top", ATTACK, err(TOP), "4.2.5: a unit under a CS 1/2 marker (either face) is the smallest"),
    Case("gun_over_train", ATTACK, (), "4.2.5: artillery before supply"),
    Case("train_over_gun", ATTACK, err(TOP), "4.2.5: artillery before supply"),
    Case("fortress_top", ATTACK, (), "4.2.5: a fortress unit before artillery"),
    Case("gun_over_fortress", ATTACK, err(TOP), "4.2.5: a fortress unit before artillery"),
    # timing: the same save, 4.2 pending and 4.2.5 an error during the CP Movement Phase; both errors after it
    Case("overstack_inf_top", (3, "cp", "Movement"), (OVERSTACK + ("pending",),) + err(TOP),
         "4.2 holds at the END of the movement phase (pending); 4.2.5 names no moment (error)"),
    Case("overstack_inf_top", ATTACK, err(OVERSTACK, TOP), "both hold once the CP Movement Phase has ended"),
    # 8.2.4
    Case("rail_by_infantry", ATTACK, err(RAIL), "8.2.4: an enemy combat unit adjacent: it must displace"),
    Case("rail_by_infantry", (3, "russian", "Movement"), err(RAIL), "8.2.4: at once, also in the enemy's movement"),
    Case("rail_by_gun", ATTACK, err(RAIL), "8.2.4: an enemy artillery unit adjacent"),
    Case("rail_by_train", ATTACK, (), "8.2.4: a Corps Train is neither a combat nor an artillery unit"),
    Case("rail_two_away", ATTACK, (), "8.2.4: not adjacent"),
    Case("destination_face", ATTACK, (), "8.2.4: the Destination face marks no entrained unit"),
    Case("rail_across_river", ATTACK, err(RAIL), "8.2.4: adjacent across the Niemen (adjacency, not ZOC)"),
    Case("detraining", ATTACK, (), "8.2.3 (5): begun to detrain: CS 1/2 instead of displacing"),
    Case("detraining_cs_half", ATTACK, (), "8.2.3 (5): its MPs Expended marker already replaced by CS 1/2"),
]


OWN_RULES = {rt.rule for rt in P.TIMINGS}  # a case compares the findings of these rules and of those it expects


def report_of(g, module, name: str, moment, tmp_path):
    pos: Position = POSITIONS[name](g).set_turn(*moment)
    path = Composer(g).write(pos, tmp_path / f"{name}.vsav")
    return check_states([read_state(path, module=module)])


@pytest.mark.parametrize("case", TABLE, ids=lambda c: f"{c.position}-{c.moment[0]}-{c.moment[1]}-{c.moment[2]}")
def test_table(case, ef_game, ef_module, tmp_path):
    report = report_of(ef_game, ef_module, case.position, case.moment, tmp_path)
    scope = OWN_RULES | {rule for rule, _, _ in case.expected}
    got = sorted({(f.rule, f.title, f.status) for f in report.findings + report.notes if f.rule in scope})
    assert got == sorted(set(case.expected)), (case.why, report.findings + report.notes)


def test_every_position_is_in_the_table():
    assert set(POSITIONS) == {c.position for c in TABLE}


def test_findings_name_the_hex_and_units(ef_game, ef_module, tmp_path):
    """A finding names where it is and whose: the stack's hex and units, the entrained unit."""
    report = report_of(ef_game, ef_module, "open_inf_top", ATTACK, tmp_path)
    (f,) = report.findings
    assert f.hexes == (OPEN,) and f.units == tuple(sorted((INF, CAV)))
    report = report_of(ef_game, ef_module, "rail_by_infantry", ATTACK, tmp_path)
    (f,) = report.findings
    assert f.hexes == (OPEN,) and f.units == ("de-1-1",) and NEXT in f.message


def test_level_4_finding_says_its_gt_is_lost(ef_game, ef_module, tmp_path):
    """13.1's Level 4 GT is lost from the text: the finding says the GT is this checker's reading."""
    report = report_of(ef_game, ef_module, "ip_de_l4_printed", (20, "cp", "Attack"), tmp_path)
    (f,) = report.findings
    assert "lost" in f.message and str(P.L4_FROM) in f.message


def test_every_finding_has_a_declared_timing_with_the_rules_words():
    from .test_rule_timing import emitted

    spec = plugin_for(G).report
    found = emitted(REPO / "modgen" / "rules" / "ef1914_positions.py")
    assert len(found) == len(P.TIMINGS) == 9
    for rule, title in sorted(found):
        assert [rt for rt in spec.timings if rt.rule == rule and title.startswith(rt.title)], (rule, title)
    # the rules' words each timing quotes (checked against The Eastern Front in WW1: 1914, Twilight in the East, Living Rules (June 2014) when written)
    quoted = ("until the instant all friendly units leave the hex", "may begin constructing a Level 3 IP until GT 22",
              "ruined the instant an enemy unit enters the hex", "flip the unit over",
              "it must be placed on top in this order of priority", "it must displace")
    for words in quoted:
        assert any(words in rt.words for rt in P.TIMINGS), words
    phases = set(load_game(REPO, G).turns.phases)
    for rt in P.TIMINGS:
        assert all(not ph or ph in phases for ph in (rt.timing.phase, rt.timing.opens, rt.timing.until))
