"""VP recorded beyond what can have been earned by a save's moment, or since the save before it
(Battle for Galicia 1914, rules of play, English edition, 15.0 and 15.1), on saves the real VASSAL
engine wrote; and a scenario's starting VP as data (scenarios/*.yaml `vp:`).

The rules' words the expectations rest on:
- 15.0 "During play each player will add VPs as they are earned according to the VP Schedule found
  in 15.1. The current quantity of VP accumulated by a specific player is recorded on the VP Track."
  The campaign starts both sides at 0 (scenario `vp: {ah: 0, russian: 0}`, both VP markers in box 0).
- 15.1 "(1) Attacks: During GTs 1 through 9, each attack conducted by friendly INFANTRY units earns
  1 VP." Attacks are made in the phasing player's Combat Phase (3.2 step 4, 7.0), and 7.0: "No unit
  may attack or be attacked more than once per Combat Phase": at most one attack per enemy unit.
  "(2) Towns: ... These VPs are recorded at the end of a player's turn." "(3) Eliminated Units:
  Each eliminated enemy unit earns 1 VP. EXCEPTION: Eliminated "Ersatz Units" (2.1) are worth no VP."
- 3.0 "GT 1 consists of an A-H Player Turn only (skip the Russian Player Turn on GT1)."

Campaign facts used (counters/galicia1914): 30 Russian units and 32 A-H infantry units are set up
on the map; 105 ls is not an Ersatz unit, 110 ls is.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from modgen.check.run import check_saves
from modgen.rules.galicia1914_vp import ABOVE_TITLE, GROWTH_TITLE
from modgen.vmod.compose import Position, from_scenario

from .conftest import refused
from .engine_saves import engine_positions


def campaign(game, turn: int, side: str, phase: str, vp: dict[str, int]) -> Position:
    pos = from_scenario(game).set_turn(turn, side, phase).move_marker_to_box("gt", f"GT {turn}")  # 3.1 A
    for s in game.sides:
        pos.set_vp(s.id, vp.get(s.id, 0))
    return pos


def positions(game) -> dict[str, Position]:
    out = {
        # GT 1, A-H Supply Phase: no Combat Phase, no end of a player turn, no unit eliminated:
        # nothing of 15.1 can have been earned, so 3 A-H VP are 3 too many.
        "gt1_supply": campaign(game, 1, "ah", "Supply", {"ah": 3}),
        # GT 1, A-H Combat Phase: each of the 30 Russian units may have been attacked once, by infantry:
        # 30 VP at most. 30 can have been earned; 31 cannot.
        "gt1_combat_30": campaign(game, 1, "ah", "Combat", {"ah": 30}),
        "gt1_combat_31": campaign(game, 1, "ah", "Combat", {"ah": 31}),
    }
    for name, vp in (("gt2_russian_1", 1), ("gt2_russian_2", 2)):
        # GT 2, Russian Movement Phase: Russia has had no Combat Phase and no end of a player turn
        # (GT 1 has none of its); 105 ls eliminated earns 1, 110 ls (Ersatz) none: at most 1.
        pos = campaign(game, 2, "russian", "Movement", {"russian": vp})
        pos.in_box("Eliminated Austria-Hungary", "unit", "ah-ls-105")
        pos.in_box("Eliminated Austria-Hungary", "unit", "ah-ls-110")
        out[name] = pos
    # The same, 105 ls's counter deleted rather than boxed (it is missing from the save): it may have been
    # eliminated, so Russia's 1 VP may have been earned (DECISION in the plugin: a missing unit may have scored).
    pos = campaign(game, 2, "russian", "Movement", {"russian": 1}).remove("ah-ls-105")
    out["gt2_russian_deleted_1"] = pos
    # GT 3, Russia: 5 VP in its Supply Phase; 8 in its Movement Phase or in its Combat Phase. Alone each
    # is below the most it can have earned (GT 2's Russian Combat Phase and Record VPs step are past).
    out["gt3_supply_5"] = campaign(game, 3, "russian", "Supply", {"russian": 5})
    out["gt3_movement_8"] = campaign(game, 3, "russian", "Movement", {"russian": 8})
    out["gt3_combat_8"] = campaign(game, 3, "russian", "Combat", {"russian": 8})
    return out


WANT = {  # name -> the sides reported for recording more VP than can have been earned
    "gt1_supply": ["Austria-Hungary"],
    "gt1_combat_30": [],
    "gt1_combat_31": ["Austria-Hungary"],
    "gt2_russian_1": [],
    "gt2_russian_2": ["Russia"],
    "gt2_russian_deleted_1": [],
    "gt3_supply_5": [],
    "gt3_movement_8": [],
    "gt3_combat_8": [],
}


@pytest.fixture(scope="module")
def saves(game, composer, galicia_module, tmp_path_factory) -> dict[str, Path]:
    """Every position written, then loaded and saved again by the engine (one batch)."""
    return engine_positions(composer, galicia_module, tmp_path_factory.mktemp("vp"), positions(game))


@pytest.mark.parametrize("name", sorted(WANT))
def test_vp_above_what_can_have_been_earned(saves, galicia_module, name: str) -> None:
    report = check_saves([saves[name]], galicia_module)
    above = [f for f in report.findings if f.title == ABOVE_TITLE]
    assert [f.rule for f in above] == ["15.1"] * len(WANT[name])
    assert sorted(f.message.split("): ")[1].split(" has ")[0] for f in above) == WANT[name]
    assert [f for f in report.findings if f.title != ABOVE_TITLE] == [], [f.message for f in report.findings]


def test_the_message_gives_the_bound_by_source(saves, galicia_module) -> None:
    (f,) = check_saves([saves["gt1_combat_31"]], galicia_module).findings
    assert "31 VP recorded, but at most 30" in f.message and "1 Combat Phase(s) at most 30" in f.message
    (f,) = check_saves([saves["gt2_russian_2"]], galicia_module).findings
    assert "at most 1 can have been earned" in f.message and "eliminated enemy units 1" in f.message


@pytest.mark.parametrize("later,grew", [("gt3_movement_8", True), ("gt3_combat_8", False)])
def test_vp_grown_beyond_what_can_have_been_earned_since_the_save_before(saves, galicia_module, later, grew) -> None:
    """Between GT 3's Russian Supply Phase and its Movement Phase Russia has had no Combat Phase
    (15.1(1) attacks), no Record VPs step (15.1(2) towns) and no A-H unit was eliminated (15.1(3)):
    its 5 VP cannot have become 8. Once its Combat Phase has begun, three attacks by Russian
    infantry earn the three VP."""
    report = check_saves([saves["gt3_supply_5"], saves[later]], galicia_module)
    grown = [f for f in report.findings if f.rule == "15.1"]
    assert [(f.title, Path(f.save).name) for f in grown] == ([(GROWTH_TITLE, saves[later].name)] if grew else [])
    assert [f for f in report.findings if f.rule != "15.1"] == []
    if grew:
        assert "at most 5 can have been earned since" in grown[0].message


# ---------------------------------------------------------------- the scenario's starting VP (data)

def _with_vp(root: Path, line: str) -> None:
    path = root / "counters" / "mini" / "scenarios" / "s1.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("skip: [", f"{line}\nskip: [", 1), encoding="utf-8")


def test_starting_vp_is_read(mini_copy: Path) -> None:
    from modgen.loader import load_game

    _with_vp(mini_copy, "vp: {red: 2}")
    sc = load_game(mini_copy, "mini").scenarios["s1"]
    assert sc.vp == (("red", 2),)  # blue, unlisted, starts at 0


@pytest.mark.parametrize("line,field,words", [
    ("vp: {green: 1}", "vp.green", "unknown side 'green'"),
    ("vp: {red: -1}", "vp.red", "-1"),
])
def test_bad_starting_vp_is_named(mini_copy: Path, line: str, field: str, words: str) -> None:
    _with_vp(mini_copy, line)
    err = refused(mini_copy)
    assert err.field == field and words in str(err) and err.line == 5
