"""The checker knows which scenario a save is of: the module's Scenario global property, set by
each predefined setup and kept by VASSAL in every save, read back into GameState.scenario, and
each plugin's end-of-game, victory and reinforcement rules follow it.

What the rules say (Holland '44: Operation Market-Garden, 2nd edition, section 22, written down before the
tests were run):
* S1, The Short Game, 11 turns. S1.3: at the Turn 11 Victory Check the Allies win if at least
  4 steps of Allied ground units north of the Waal trace supply to an Allied entry area;
  otherwise Germany wins. Its report at Turn 11 names that result, and nothing of 26.4.
* S2, The Campaign Game, 20 turns, victory per section 26: automatic victory at any Victory
  Check (26.2, 26.3), and after Turn 20 the side with more VP wins, a tie going to Germany
  (26.4). At Turn 12 the game goes on: the report says Turn 12 of 20 and the 26.4 rule, names
  no winner, and says nothing of the Short Game.
* A save recording no scenario: one line "scenario unknown: the save records none; only rules
  common to all scenarios applied"; no end-of-game line of either scenario, no reinforcement
  finding (Galicia 14.0 reads the scenario's schedule).
"""

from __future__ import annotations

import zipfile
from dataclasses import replace
from pathlib import Path

import pytest
from lxml import etree

from modgen.build import setup_file_name
from modgen.check.reader import read_state
from modgen.check.report import json_report, text_report
from modgen.check.run import check_saves
from modgen.conventions import SCENARIO_PROPERTY
from modgen.model import Reinforcement
from modgen.plugins import plugin_for
from modgen.vassal.savefile import read_game, read_game_data
from modgen.vmod.compose import Composer, Position, from_scenario

UNKNOWN = "scenario unknown: the save records none; only rules common to all scenarios applied"
NORTH_OF_WAAL = "5421"  # a road hex just north of the Nijmegen road bridge
FOUR_STEPS = ("gb-cg-5", "gb-ig-3")  # two 2-step British infantry battalions: ground units (S1.3)


@pytest.fixture(scope="module")
def holland_composer(holland):
    return Composer(holland)


def write(composer, pos: Position, path: Path) -> Path:
    composer.write(pos, path)
    return path


def holland_position(game, scenario, turn: int, north: bool = True) -> Position:
    """Allied Supply Phase of `turn`; with north, 4 steps of British infantry north of the Waal."""
    pos = Position(game, scenario=scenario).set_turn(turn, "allied", "Supply")
    for s in game.sides:
        pos.set_vp(s.id, 0)
    if north:
        for u in FOUR_STEPS:
            pos.unit(u, NORTH_OF_WAAL)
    return pos


def outcome(module: Path, save: Path) -> list[str]:
    state = read_state(save, module=module)
    return plugin_for(state.game.id).victory([state]).outcome


# ---------------------------------------------------------------- recorded in the modules


@pytest.mark.parametrize("module_fixture, game_fixture", [("galicia_module", "game"), ("holland_module", "holland")])
def test_the_module_declares_the_property_and_every_setup_sets_it(module_fixture, game_fixture, request):
    module, game = request.getfixturevalue(module_fixture), request.getfixturevalue(game_fixture)
    with zipfile.ZipFile(module) as z:
        root = etree.fromstring(z.read("buildFile.xml"))
        declared = [gp for gp in root.findall("VASSAL.build.module.properties.GlobalProperties/"
                                             "VASSAL.build.module.properties.GlobalProperty")
                    if gp.get("name") == SCENARIO_PROPERTY]
        assert len(declared) == 1 and declared[0].get("isNumeric") == "false" and declared[0].get("initialValue") == ""
        for sc in game.scenarios.values():
            saved = read_game_data(z.read(setup_file_name(sc.id)), setup_file_name(sc.id))
            assert saved.global_properties[SCENARIO_PROPERTY].value == sc.id
            assert saved.global_properties[SCENARIO_PROPERTY].container == "Module"


def test_the_composer_records_the_scenario_or_nothing(holland, holland_composer, holland_module, tmp_path):
    for sc in holland.scenarios.values():
        path = write(holland_composer, from_scenario(holland, sc), tmp_path / f"{sc.id}.vsav")
        assert read_game(path).global_properties[SCENARIO_PROPERTY].value == sc.id
        assert read_state(path, module=holland_module).scenario == sc
    path = write(holland_composer, Position(holland), tmp_path / "none.vsav")
    assert SCENARIO_PROPERTY not in read_game(path).global_properties
    st = read_state(path, module=holland_module)
    assert st.scenario is None and st.scenario_note == UNKNOWN
    with pytest.raises(KeyError):
        Position(holland).set_scenario("S3")


def test_the_shipped_samples_carry_their_scenario(holland_module, galicia_module):
    root = Path(__file__).resolve().parents[1] / "samples"
    for game, module in (("holland44", holland_module), ("galicia1914", galicia_module)):
        for name in ("start.vsav", "illegal.vsav"):
            saved = read_game(root / game / name)
            assert saved.global_properties[SCENARIO_PROPERTY].value == "campaign", (game, name)
            assert read_state(root / game / name, module=module).scenario.id == "campaign"


# ---------------------------------------------------------------- Holland '44: S1 and S2


def test_campaign_save_at_turn_12_gets_the_campaign_report(holland, holland_composer, holland_module, tmp_path):
    """The issue's case: an S2 save at Turn 12 was reported as 'Short Game ... Germany win'."""
    path = write(holland_composer, holland_position(holland, "campaign", 12, north=False), tmp_path / "s2-t12.vsav")
    lines = outcome(holland_module, path)
    campaign, short = holland.scenarios["campaign"], holland.scenarios["short"]
    assert f"{campaign.name}: Turn 12 of 20; after Turn 20 the side with more VP wins, a tie goes to Germany (26.4)" in lines
    assert not any(short.name in ln or "Short Game" in ln for ln in lines), lines
    assert not any(ln.endswith(" win") for ln in lines), lines
    text = text_report(check_saves([path], holland_module))
    assert "S2 The Campaign Game (Turns 1-20), Turn 12, Allies, Supply" in text.splitlines()[0]
    assert "Short Game" not in text and "scenario unknown" not in text


def test_short_game_save_at_its_last_turn_gets_s1s_report(holland, holland_composer, holland_module, tmp_path):
    short = holland.scenarios["short"]
    won = write(holland_composer, holland_position(holland, "short", 11), tmp_path / "s1-won.vsav")
    st = read_state(won, module=holland_module)
    supply = plugin_for("holland44").supply(st)
    assert all(supply[u].state == "in" and supply[u].source.startswith("entry area") for u in FOUR_STEPS)  # the premise
    lines = outcome(holland_module, won)
    assert (f"{short.name}: at the Turn 11 Victory Check (S1.3), 4 steps of supplied Allied ground units "
            f"north of the Waal (needs 4): Allies win") in lines
    assert not any("26.4" in ln for ln in lines), lines
    lost = write(holland_composer, holland_position(holland, "short", 11, north=False), tmp_path / "s1-lost.vsav")
    assert (f"{short.name}: at the Turn 11 Victory Check (S1.3), 0 steps of supplied Allied ground units "
            f"north of the Waal (needs 4): Germany win") in outcome(holland_module, lost)
    # the same position in the campaign at Turn 11: the game goes on, S1.3 decides nothing
    s2 = write(holland_composer, holland_position(holland, "campaign", 11), tmp_path / "s2-t11.vsav")
    lines = outcome(holland_module, s2)
    assert not any("S1.3" in ln or ln.endswith(" win") for ln in lines), lines
    # before its last turn S1 says where it stands
    early = write(holland_composer, holland_position(holland, "short", 5), tmp_path / "s1-t5.vsav")
    assert (f"{short.name}: Turn 5 of 11; 4 steps of supplied Allied ground units north of the Waal now "
            f"(S1.3: Allies need 4 at the Turn 11 Victory Check)") in outcome(holland_module, early)


def test_save_without_a_scenario_gets_one_line_and_no_end_of_game(holland, holland_composer, holland_module, tmp_path):
    for turn in (11, 20):
        path = write(holland_composer, holland_position(holland, None, turn), tmp_path / f"none-{turn}.vsav")
        lines = outcome(holland_module, path)
        assert lines.count(UNKNOWN) == 1
        assert not any(ln.startswith(tuple(sc.name for sc in holland.scenarios.values())) for ln in lines), lines
        assert not any(ln.endswith(" win") for ln in lines), lines
        text = text_report(check_saves([path], holland_module))
        assert text.count("scenario unknown: the save records none") == 1
        assert "scenario unknown, Turn" in text.splitlines()[0]
    assert '"scenario": null' in json_report(check_saves([path], holland_module))


def test_automatic_victory_is_common_to_all_scenarios(holland, holland_composer, holland_module, tmp_path):
    """26.2 (12 German VP) is judged at any Victory Check whatever the scenario (DECISION, see the plugin)."""
    allied = [u.id for u in holland.units.values() if u.side == "allied" and u.steps == 3
              and not u.has("supply_head") and not u.has("remnant")][:12]
    assert len(allied) == 12
    for scenario in ("short", "campaign", None):
        pos = holland_position(holland, scenario, 6, north=False)
        for u in allied:
            pos.in_box(f"Eliminated {holland.side('allied').name}", "unit", u)
        lines = outcome(holland_module, write(holland_composer, pos, tmp_path / f"auto-{scenario}.vsav"))
        assert any(ln.startswith("26.2: Germany automatic victory") for ln in lines), (scenario, lines)


# ---------------------------------------------------------------- Galicia: the schedule is the save's scenario's


def test_galicia_arrivals_follow_the_saves_scenario(game, composer, galicia_module, tmp_path):
    """14.0 reads the save's scenario (Galicia has one: a save recording none is of it); a save naming
    no scenario of the game gets the notice and no 14.0; another scenario's schedule is its own."""
    rules = plugin_for("galicia1914")
    sc = next(iter(game.scenarios.values()))
    early = sc.arrival_of("ru-inf-48")  # arrives GT 4 (as in the illegal sample)
    assert early is not None and early.turn == 4
    pos = from_scenario(game).set_turn(3, "russian", "Movement").unit(early.unit, early.hexes[0])

    def findings(p: Position, name: str):
        st = read_state(write(composer, p, tmp_path / name), module=galicia_module)
        return st, [f for f in rules.check(st) if f.rule == "14.0"]

    st, found = findings(pos, "recorded.vsav")
    assert st.scenario == sc and [f.units for f in found] == [(early.unit,)]
    pos.scenario = None  # an old save: the game's only scenario
    st, found = findings(pos, "none.vsav")
    assert st.scenario == sc and [f.units for f in found] == [(early.unit,)]
    pos.scenario = "no-such-scenario"
    st, found = findings(pos, "bogus.vsav")
    assert st.scenario is None and found == []
    note = (f"scenario unknown: the save records 'no-such-scenario', which is no scenario of {game.title}; "
            f"only rules common to all scenarios applied")
    assert st.scenario_note == note and rules.victory([st]).outcome == [note]
    # a scenario bringing the unit on GT 2: the state's scenario decides, not the game's first one
    other = replace(sc, id="alt", reinforcements=tuple(replace(r, turn=2) if r.unit == early.unit else r
                                                      for r in sc.reinforcements))
    assert isinstance(other.arrival_of(early.unit), Reinforcement) and other.arrival_of(early.unit).turn == 2
    st, _ = findings(pos, "alt.vsav")
    assert [f for f in rules.check(replace(st, scenario=other, memo={})) if f.rule == "14.0"] == []


# ---------------------------------------------------------------- the real engine keeps it


def harness_current() -> None:
    """The engine tests below need the harness's --save-as: skip (fail in CI) while it is older than its source."""
    from modgen.engine import HARNESS_CLASS, engine_dir

    from .conftest import skip_or_fail

    compiled = engine_dir() / "classes" / (HARNESS_CLASS.replace(".", "/") + ".class")
    source = Path(__file__).resolve().parents[1] / "conformance" / "src" / (HARNESS_CLASS.replace(".", "/") + ".java")
    if compiled.stat().st_mtime < source.stat().st_mtime:
        skip_or_fail("the conformance harness is older than its source: run `bash conformance/install-engine.sh`")


def test_the_engine_keeps_the_scenario_from_the_setup_through_its_saves(holland, holland_module, tmp_path):
    """VASSAL itself starts S1 from the New Game menu, saves it (File > Save As), loads that save and
    saves again: every save it writes records S1, and the checker reads it."""
    from modgen.engine import SETUP_SOURCE, run_engine

    from .conftest import require_engine

    require_engine()
    harness_current()
    short = holland.scenarios["short"]
    first, second = tmp_path / "engine-1.vsav", tmp_path / "engine-2.vsav"
    # one engine start: New Game > S1 saved as `first`, then `first` loaded and saved as `second`
    run = run_engine(holland_module, resave=[(f"{SETUP_SOURCE}{short.name}", first), (first, second)],
                     dump_each=True, images=False)
    assert run.ok, run.describe()
    items = run.items()
    res = items[f"{SETUP_SOURCE}{short.name}"]
    assert res.ok and res.of_kind("saved"), res.describe()
    assert {r["name"]: r["value"] for r in res.of_kind("global")}[SCENARIO_PROPERTY] == "short"
    res = items[str(first.resolve())]
    assert res.ok and res.of_kind("saved"), res.describe()
    for path in (first, second):
        saved = read_game(path)
        assert saved.vassal_version.startswith("3.6") and saved.global_properties[SCENARIO_PROPERTY].value == "short"
        assert read_state(path, module=holland_module).scenario == short
    # the module loaded, before any set-up: the property is empty, the scenario unknown
    res = run.before_items()
    assert {r["name"]: r["value"] for r in res.of_kind("global")}[SCENARIO_PROPERTY] == ""
