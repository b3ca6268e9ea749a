"""What a game declares instead of the core knowing it (modgen/presentation.py): counter marks and
their piece properties, unit value prefixes, terrain textures, module texts, the set-up stack
order and VP marker values; each refused with file, line and field when wrong."""

from __future__ import annotations


import pytest

from modgen.check.reader import _vp_track
from modgen.gamestate import MarkerState
from modgen.loader import load_game
from modgen.vassal.sequence import decode
from modgen.vmod.compose import Composer, from_scenario
from modgen.vmod.piecedefs import DROP_ANSWERS_TYPE

from .conftest import MINI, REPO, position_runner, refused
from .test_loader import edit

GAME, UNITS, MARKERS, MAP = "counters/mini/game.yaml", "counters/mini/units.yaml", "counters/mini/markers.yaml", "maps/mini/map.yaml"
MARKS = "  ersatz: {name: Ersatz, style: ring_attack, value: flag, property: Ersatz}"


def unit_properties(composer: Composer, unit_id: str) -> dict[str, str]:
    """The fixed properties (the Marker trait) of a unit's piece."""
    trait = next(t for t in composer.defs[("unit", unit_id)].piece.traits if t.prefix == "mark;" and t.type != DROP_ANSWERS_TYPE)
    return dict(zip(decode(trait.fields[0], ","), decode(trait.state, ",")))


# -- counter marks ---------------------------------------------------------------------------------


def test_units_carry_the_declared_marks():
    game = load_game(MINI, "mini")
    assert list(game.counter_marks) == ["ersatz", "white_symbol", "release_gt"]
    assert game.units["bl-9"].marks == (("ersatz", True), ("white_symbol", True))
    assert game.units["bl-1"].mark("release_gt") == 2 and game.units["bl-1"].mark("ersatz") is None
    assert game.units["rd-1"].marks == ()


def test_pieces_get_properties_only_for_the_marks_their_game_declares():
    galicia, holland = load_game(REPO, "galicia1914"), load_game(REPO, "holland44")
    g = unit_properties(Composer(galicia), next(u.id for u in galicia.units.values() if u.mark("release_gt")))
    assert g["Ersatz"] == "false" and g["WhiteSymbol"] in ("true", "false") and int(g["ReleaseGT"]) > 0
    assert "Drop" not in g
    h = Composer(holland)
    para = unit_properties(h, "us-501-1")
    assert para["Drop"] == "A2" and not {"Ersatz", "WhiteSymbol", "ReleaseGT"} & set(para)
    tank = next(u.id for u in holland.units.values() if u.mark("drop") is None)
    assert unit_properties(h, tank)["Drop"] == ""


def test_a_mark_a_game_does_not_declare_is_an_unknown_field(mini_copy):
    edit(mini_copy, UNITS, "ersatz: true, white_symbol: true}", "ersatz: true, white_symbol: true, drop: A1}")
    err = refused(mini_copy)
    assert err.field == "units[4].drop" and "unknown field 'drop'" in err.message


@pytest.mark.parametrize("old,new,field,message", [
    (MARKS, "  ersatz: {name: Ersatz, style: ring_attack, value: integer, property: Ersatz}",
     "counter_marks.ersatz.value", "a ring_attack mark shows flag, not integer"),
    (MARKS, "  ersatz: {name: Ersatz, style: ring, value: flag, property: Ersatz}", "counter_marks.ersatz.style", "unknown value 'ring'"),
    (MARKS, "  ersatz: {name: Ersatz, style: white_symbol, value: flag, property: Ersatz}",
     "counter_marks.white_symbol.style", "a counter has one place for it"),
    (MARKS, "  ersatz: {name: Ersatz, style: ring_attack, value: flag, property: AV}", "counter_marks.ersatz.property", "'AV'"),
    (MARKS, "  av: {name: Ersatz, style: ring_attack, value: flag, property: Ersatz}", "counter_marks.av", "already a unit field or a unit_values id"),
    (MARKS, "  attack: {name: Ersatz, style: ring_attack, value: flag, property: Ersatz}", "counter_marks.attack", "already a unit field"),
])
def test_a_bad_mark_declaration_is_refused(mini_copy, old, new, field, message):
    edit(mini_copy, GAME, old, new)
    err = refused(mini_copy)
    assert err.file == GAME and err.field == field and message in err.message


def test_a_mark_value_of_the_wrong_kind_is_refused(mini_copy):
    edit(mini_copy, UNITS, "release_gt: 2}", "release_gt: soon}")
    err = refused(mini_copy)
    assert err.field == "units[3].release_gt" and "expected int" in err.message


# -- texts, stack order, textures, VP values -------------------------------------------------------


def test_module_texts_default_to_neutral_words():
    mini, galicia, holland = load_game(MINI, "mini"), load_game(REPO, "galicia1914"), load_game(REPO, "holland44")
    assert (mini.texts.mask, mini.texts.turn_tracker, mini.texts.charts) == ("hidden from the opponent", "Turn tracker", "Charts")
    assert galicia.texts.mask == "Rule 5.4: hidden from the opponent" and galicia.texts.turn_tracker.endswith("(3.1)")
    assert holland.texts.mask.startswith("Rule 25") and holland.texts.marker_mask == "hidden from the opponent"


def test_set_up_stacks_follow_the_declared_order(mini_copy):
    assert [i.id for i in from_scenario(load_game(MINI, "mini")).hexes["2.02"]] == ["rd-2", "rd-1"]  # attack: 5 on top of 3
    edit(mini_copy, GAME, "setup_stack_order: attack", "setup_stack_order: as_listed")
    assert [i.id for i in from_scenario(load_game(mini_copy, "mini")).hexes["2.02"]] == ["rd-1", "rd-2"]  # as the scenario lists


def test_terrain_textures_are_declared(mini_copy):
    game = load_game(MINI, "mini")
    assert {t.id: t.texture for t in game.map.terrain_types.values()} == {"clear": None, "woods": "trees", "swamp": "marsh"}
    edit(mini_copy, MAP, "texture: trees", "texture: forest")
    err = refused(mini_copy)
    assert err.field == "terrain_types.woods.texture" and "unknown value 'forest'" in err.message


def test_vp_markers_count_by_their_declared_value(mini_copy, galicia_module, tmp_path):
    game = load_game(REPO, "galicia1914")
    tens, ones = game.markers["vp-ah-10"], game.markers["vp-ah-1"]
    assert (tens.value, ones.value) == (10, 1)
    at = [MarkerState(tens, "t", "Tracks", None, "VP 3", False, False, None, None, 0),
          MarkerState(ones, "o", "Tracks", None, "VP 7", False, False, None, None, 1)]
    assert _vp_track(at) == {"ah": 37}
    # a save written with 37 VP puts the tens marker in box 3 and the units marker in box 7: read back, 37
    run = position_runner(Composer(game), galicia_module, "galicia1914", tmp_path)
    state, _, _ = run(from_scenario(game).set_vp("ah", 37).set_vp("russian", 5))
    assert state.vp_track == {"ah": 37, "russian": 5}
    edit(mini_copy, MARKERS, "kind: ce}", "kind: ce, value: 10}")
    err = refused(mini_copy)
    assert err.field == "markers[0].value" and "only VP markers" in err.message


def test_unit_values_print_their_prefix():
    holland = load_game(REPO, "holland44")
    assert holland.unit_values["range"].prefix == "R" and holland.unit_values["armor"].prefix == ""


# -- styles a game may opt into: a coloured, underlined or bracketed boxed value, a corner square, a tinted symbol --


STYLED = MARKS + """
  heavy: {name: Heavy, style: box_colour, value: flag, property: Heavy, colour: "#c81414"}
  high: {name: High trajectory, style: box_underline, value: flag, property: High}
  defend: {name: Defend only, style: box_parentheses, value: flag, property: DefendOnly}
  out: {name: Withdrawal, style: corner_square, value: text, property: Withdrawal}
  group: {name: Set-up group, style: symbol_field, value: text, property: Group, colours: {North: "#d9b25a", South: "#f6eca0"}}"""


def test_opt_in_styles_draw_within_their_slots(mini_copy):
    from .test_counter_art import layout_problems
    from modgen.art.counters import CounterText, unit_canvas

    edit(mini_copy, GAME, MARKS, STYLED)
    edit(mini_copy, UNITS, "reduced: {attack: 2, defense: 2}, release_gt: 2}",
         "reduced: {attack: 2, defense: 2}, release_gt: 2, heavy: true, high: true, defend: true, out: S, group: North}")
    game = load_game(mini_copy, "mini")
    unit = game.units["bl-1"]
    assert dict(unit.marks) == {"release_gt": 2, "heavy": True, "high": True, "defend": True, "out": "S", "group": "North"}
    assert unit_properties(Composer(game), "bl-1")["Group"] == "North"
    canvas = unit_canvas(game, unit, unit.front, False, CounterText("12.103"))
    assert layout_problems(canvas.layout, canvas.size) == []
    names = {e.name: e for e in canvas.layout}
    k = canvas.k  # the layout is in real pixels, the design grid's 72 units drawn at the game's counter size
    assert {"out square", "out", "av box", "av"} <= set(names) and names["setup"].size >= 7
    assert names["av box"].box[2] - names["av box"].box[0] > 13 * k  # "(2)" widens the box
    image = canvas.finish()
    assert image.getpixel((round(36 * k), round(24 * k))) == (0xd9, 0xb2, 0x5a)  # the symbol's field
    ink = names["av"].box
    assert any(image.getpixel((x, y)) == (0xc8, 0x14, 0x14)
               for x in range(int(ink[0]), int(ink[2]) + 1) for y in range(int(ink[3]), round(35 * k)))


def test_a_symbol_field_value_must_name_one_of_its_colours(mini_copy):
    edit(mini_copy, GAME, MARKS, STYLED)
    edit(mini_copy, UNITS, "release_gt: 2}", "release_gt: 2, group: East}")
    err = refused(mini_copy)
    assert err.field == "units[3].group" and "none of the group mark's colours" in err.message
    edit(mini_copy, GAME, ', colours: {North: "#d9b25a", South: "#f6eca0"}}', "}")
    err = refused(mini_copy)
    assert err.file == GAME and err.field == "counter_marks.group.colours"


def test_counter_factors_print_only_the_values_named(mini_copy):
    """game.yaml counter_factors: a game whose counters print no movement allowance (Ostatnia Wojna
    Cesarzy's "SP - resilience") names the values of the factor row; the default stays attack-defense-MA."""
    from modgen.art.counters import CounterText, unit_canvas

    from .test_counter_art import layout_problems

    game = load_game(mini_copy, "mini")
    unit = game.units["bl-1"]
    default = {e.name for e in unit_canvas(game, unit, unit.front, False, CounterText("")).layout}
    assert {"attack", "dash 1", "defense", "dash 2", "MA"} <= default
    edit(mini_copy, "counters/mini/game.yaml", "setup_stack_order: attack", "setup_stack_order: attack\ncounter_factors: [attack, defense]")
    game = load_game(mini_copy, "mini")
    canvas = unit_canvas(game, game.units["bl-1"], unit.front, False, CounterText(""))
    names = {e.name for e in canvas.layout}
    assert {"attack", "dash 1", "defense"} <= names and not {"dash 2", "MA"} & names
    assert layout_problems(canvas.layout, canvas.size) == []


def test_counter_factors_refuse_an_unknown_value(mini_copy):
    edit(mini_copy, "counters/mini/game.yaml", "setup_stack_order: attack", "setup_stack_order: attack\ncounter_factors: [attack, speed]")
    err = refused(mini_copy)
    assert err.file.endswith("game.yaml") and "counter_factors" in str(err) and "speed" in str(err)
