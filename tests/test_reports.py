"""The chat lines of the pieces' key commands and the moved marker, as modgen writes them
(modgen/vmod/reports.py); tests/test_conformance_chat.py plays them in the real engine.

Why here too: the engine tests say the lines come out; these say what the module holds (the texts a
game gives, the order of the traits a Report Action depends on, the buildFile's clearing of moved
markers) and that a wrong text is refused with its file and field, without an engine.
"""

from __future__ import annotations

import re

import pytest

from modgen.conventions import STEP_LAYER
from modgen.loader import load_game
from modgen.presentation import REPORT_TEXTS, ModuleTexts
from modgen.vassal.sequence import decode
from modgen.vmod.buildfile import clear_moved
from modgen.vmod.compose import Composer
from modgen.vmod.piecedefs import DELETE_KEY, ELIMINATE_KEY, FLIP_KEY, MASK_KEY
from modgen.vmod.reports import CLEAR_MOVED_KEY, REPORT_NAME, report_format
from modgen.vmod.piecedefs import DROP_ANSWERS_TYPE

from .conftest import MINI, REPO, refused
from .reportlines import report_lines
from .test_loader import edit

GAME = "counters/mini/game.yaml"
SHIPPED = ("galicia1914", "holland44", "owc1914", "ef1914")


def test_placeholders_become_the_properties_vassal_fills_in():
    assert report_format("{unit} eliminated in {from}") == "$newPieceName$ eliminated in $oldLocation$"
    assert report_format("{side} hides a unit in {hex}") == "$PlayerSide$ hides a unit in $location$"
    assert report_format("{unit} reduced in {hex}", "$BasicName$") == "$BasicName$ reduced in $location$"


@pytest.mark.parametrize("game_id", SHIPPED)
def test_shipped_games_print_plain_english_by_default(game_id):
    """No shipped game.yaml names a report text: each prints the defaults."""
    texts = load_game(REPO, game_id).texts
    assert all(getattr(texts, k) == getattr(ModuleTexts(), k) for k in REPORT_TEXTS)


def test_a_game_words_its_own_reports(mini_copy):
    edit(mini_copy, GAME, "turns: {", 'texts: {report_reduced: "{unit} loses a step in {hex}"}\nturns: {')
    game = load_game(mini_copy, "mini")
    assert game.texts.report_reduced == "{unit} loses a step in {hex}"
    unit = next(u for u in game.units.values() if u.back is not None)
    traits = Composer(game).defs[("unit", unit.id)].piece.traits
    lines = report_lines(traits, FLIP_KEY)
    assert lines[2] == "$ReportName$ loses a step in $location$"  # the reduced side
    assert lines[1] == report_format(ModuleTexts().report_restored, "$ReportName$")  # the default
    name = next(t.fields[1] for t in traits if t.prefix == "calcProp;" and t.fields[0] == REPORT_NAME)
    mask = next(t for t in traits if t.prefix == "obs;").fields[4]
    assert name == f'{{ObscuredToOthers==true ? "{mask}" : BasicName}}'  # the opponent never reads a hidden unit's name


def test_texts_differing_in_a_placeholder_keep_a_report_per_side(mini_copy):
    """A Calculated Property cannot read ReportState's own properties ($location$ ...): texts whose
    placeholders differ by side get a Report Action and a Trigger Action per side and visibility."""
    edit(mini_copy, GAME, "turns: {", 'texts: {report_reduced: "{hex}: {unit} loses a step"}\nturns: {')
    game = load_game(mini_copy, "mini")
    unit = next(u for u in game.units.values() if u.back is not None)
    traits = Composer(game).defs[("unit", unit.id)].piece.traits
    formats = [t.fields[1] for t in traits if t.prefix == "report;"]
    assert "$location$: $BasicName$ loses a step" in formats and "$location$: $newPieceName$ loses a step" in formats
    triggers = [t for t in traits if t.prefix == "macro;" and decode(t.fields[4], ",") == [FLIP_KEY]]
    assert len(triggers) == 4


@pytest.mark.parametrize("text, message", [
    ("{unit} lost at {place}", "{place} is not one of {unit}, {hex}, {from}, {side}"),
    ("{unit} costs $5", "may not hold `$`"),
])
def test_a_report_text_naming_what_the_module_cannot_fill_is_refused(mini_copy, text, message):
    edit(mini_copy, GAME, "turns: {", f'texts: {{report_eliminated: "{text}"}}\nturns: {{')
    err = refused(mini_copy)
    assert err.field == "texts.report_eliminated" and message in err.message and err.line


def _prefixes(traits) -> list[str]:
    return [t.prefix for t in traits]


def test_reports_sit_outside_what_they_report_and_triggers_inside():
    """ReportState reports after the traits inside it; a Trigger Action tests the state the traits
    outside it have just set. So: reports and Delete's trigger first, the triggers after the Step layer."""
    game = load_game(REPO, "galicia1914")
    unit = next(u for u in game.units.values() if u.back is not None)
    traits = Composer(game).defs[("unit", unit.id)].piece.traits
    order = _prefixes(traits)
    last_report = max(i for i, p in enumerate(order) if p == "report;")
    # outermost: what VASSAL asks of every stack on a drop (piecedefs.drop_answers), NoStack and IgnoreGrid first
    assert order[0] == "immob;" and traits[0].fields[:3] == ["", "N", "L"]  # selected, moved and stacked as any piece
    assert traits[1].type == DROP_ANSWERS_TYPE
    assert order[2] == "macro;" and traits[2].fields[2] == DELETE_KEY  # the menu's Delete, reported first
    for prefix in ("sendto;", "markmoved;", "obs;", "emb2;"):
        assert order.index(prefix) > last_report, prefix
    triggers = [i for i, p in enumerate(order) if p == "macro;" and decode(traits[i].fields[4], ",") in ([FLIP_KEY], [MASK_KEY])]
    step = next(i for i, t in enumerate(traits) if t.prefix == "emb2;" and t.fields[18] == STEP_LAYER)
    assert len(triggers) == 2 and min(triggers) > step > order.index("obs;")  # hiding, revealing
    flip = [i for i, p in enumerate(order) if p == "report;" and decode(traits[i].fields[0], ",") == [FLIP_KEY]]
    assert len(flip) == 1  # one report of the flip, its words from the Step level it left:
    assert report_lines(traits, FLIP_KEY) == {2: "$ReportName$ reduced in $location$",
                                              1: "$ReportName$ restored to full strength in $location$"}
    elimination = next(t for t in traits if t.prefix == "report;" and decode(t.fields[0], ",") == [ELIMINATE_KEY])
    assert elimination.fields[1] == "$newPieceName$ eliminated in $oldLocation$"


def test_the_moved_marker_is_cleared_only_by_its_private_key():
    game = load_game(REPO, "galicia1914")
    traits = Composer(game).defs[("unit", next(iter(game.units)))].piece.traits
    moved = next(t for t in traits if t.prefix == "markmoved;")
    assert moved.fields[3] == "" and moved.fields[4] == CLEAR_MOVED_KEY and moved.state == "false"  # no menu item


def test_the_turn_tracker_clears_the_phasing_side_at_its_first_phase():
    game = load_game(REPO, "ef1914")
    clear = clear_moved(game)
    assert clear["turn_match"] == '{Phase=="Reinforcement, Withdrawal and Activation"}'
    assert clear["filter"] == "{Moved==true && Side==PlayerTurn}" and clear["key"] == CLEAR_MOVED_KEY
    assert re.fullmatch(r"\d+,\d+", clear["button_key"])


def test_the_trail_preference_turns_each_player_s_trails_on_when_a_game_opens(galicia_module):
    """VASSAL keeps a trail's visibility per player: the module's Boolean preference is read by a
    trigger on each unit when a Startup Global Key Command sends it the trails key."""
    import zipfile

    from modgen.vmod.reports import TRAIL_ON_KEY, TRAILS_KEY, TRAILS_PREFERENCE

    xml = zipfile.ZipFile(galicia_module).read("buildFile.xml").decode()
    assert f'<VASSAL.preferences.BooleanPreference default="false"' in xml and f'name="{TRAILS_PREFERENCE}"' in xml
    # the command is sent only to pieces when the preference is set (the filter): sent to every piece, it
    # made VASSAL read every property of every piece at each game start (a second on the Eastern Front)
    assert re.search(rf'<VASSAL.build.module.StartupGlobalKeyCommand [^>]*filter="{{{TRAILS_PREFERENCE}==true}}" '
                     rf'hotkey="{TRAILS_KEY}"', xml)
    game = load_game(REPO, "galicia1914")
    traits = Composer(game).defs[("unit", next(iter(game.units)))].piece.traits
    trail = next(t for t in traits if t.prefix == "footprint;")
    assert trail.fields[2] == "false" and trail.fields[12] == TRAIL_ON_KEY and trail.fields[14] == CLEAR_MOVED_KEY
    trigger = next(t for t in traits if t.prefix == "macro;" and decode(t.fields[4], ",") == [TRAILS_KEY])
    assert trigger.fields[3] == f"{{{TRAILS_PREFERENCE}==true}}" and decode(trigger.fields[5], ",") == [TRAIL_ON_KEY]
