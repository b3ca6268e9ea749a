"""game.yaml's declarations of how the game is printed and shown (modgen/presentation.py): the
counters' size, the counter marks units carry, the texts a module shows, and the order of set-up stacks."""

from __future__ import annotations

import math
import re

from ..model import MapData
from ..presentation import (FACTORS, MARK_STYLES, MARK_VALUES, REPORT_PLACEHOLDERS, REPORT_TEXTS, STACK_ORDERS, STATE_PLACEHOLDER,
                            CounterMark, Credits, ModuleTexts)
from ..errors import DataError
from .nodes import Node, _colour
from .schema import by_id, choice, colour, integer, items, must, obj, text, texts

COUNTER_MARKS = by_id(
    "marks a counter prints besides its values (a ring, a dot, a code); units give them by this id",
    obj("A counter mark: how it is drawn, what a unit gives, the piece property it becomes.", {
        "name": must(text("its name")),
        "style": must(choice(
            "how the counter shows it: ring_attack (a ring round the attack strength), white_symbol (the type symbol "
            "on a white field), corner_dot (a coloured dot top right with the value in it), symbol_right_text "
            "(the value right of the type symbol), corner_square (a square top right, left of a corner_dot, with the value "
            "in it), symbol_field (the type symbol on a field of the mark's colour, or of its `colours` entry for the "
            "unit's text), box_colour (the boxed unit value in the mark's colour, default red), box_underline (the boxed "
            "value underlined), box_parentheses (the boxed value in parentheses)", MARK_STYLES)),
        "value": must(choice("what a unit gives: flag (true/false; ring_attack, white_symbol, symbol_field, box_colour, "
                             "box_underline, box_parentheses), integer or text (corner_dot, symbol_right_text, "
                             "corner_square; symbol_field: text naming one of its `colours`)", MARK_VALUES)),
        "property": must(text("the VASSAL piece property every unit of the game gets (flag: true/false, integer: 0 when "
                              "not given, text: empty when not given)")),
        "colour": colour("the mark's colour (default: the ring and text in the counter's text colour, the dot red, "
                         "the symbol's field white, the square white, the boxed value red)"),
        "colours": by_id("a symbol_field text mark: each value a unit may give -> its field colour",
                         colour("the field colour")),
    }),
)
TEXTS = obj("What the module shows in the game's own words; each defaults to a neutral text.", {
    "mask": text('the description of a unit\'s mask (Ctrl+M) (default "hidden from the opponent")'),
    "marker_mask": text('the description of a marker\'s mask (default "hidden from the opponent")'),
    "turn_tracker": text('the turn tracker button\'s tooltip (default "Turn tracker")'),
    "charts": text('the charts button\'s tooltip (default "Charts")'),
    **{key: text(f"the chat line of {what} (default \"{getattr(ModuleTexts(), key)}\"); it may name "
                 + ", ".join(f"{{{k}}}" for k in REPORT_PLACEHOLDERS))
       for key, what in (
           ("report_reduced", "a unit flipped to its reduced side (Ctrl+F)"),
           ("report_restored", "a unit flipped back to its full side (Ctrl+F)"),
           ("report_eliminated", "a unit eliminated (Ctrl+E)"),
           ("report_hidden", "a unit hidden (Ctrl+M); it should not name the unit"),
           ("report_revealed", "a unit revealed (Ctrl+M)"),
           ("report_removed", "a unit or marker deleted (Ctrl+D)"),
           ("report_labelled", "a unit's text label set (Ctrl+L)"),
           ("report_marker_flipped", "a marker turned over (Ctrl+F)"),
           ("report_marker_hidden", "a marker hidden (Ctrl+M)"),
       )},
    **{key: text(f"the chat line of {what} (default \"{getattr(ModuleTexts(), key)}\"); it may name "
                 + ", ".join(f"{{{k}}}" for k in (*REPORT_PLACEHOLDERS, STATE_PLACEHOLDER)) + " (the marker's name)")
       for key, what in (
           ("report_state_set", "a unit state set by its key (markers.yaml on_unit)"),
           ("report_state_cleared", "a unit state cleared by its key"),
       )},
    "clear_moved": text('the toolbar button clearing the phasing side\'s moved markers (default "Clear moved")'),
})
SETUP_STACK_ORDER = choice(
    "the order of the units in a set-up stack: as_listed (default: as the scenario lists them, the first at the "
    "bottom) | attack (the largest printed attack strength on top)", STACK_ORDERS)


COUNTER_FACTORS = items(
    "the values the counters' factor row prints, in order, joined by dashes (default attack, defense, ma; "
    "a game whose counters print no movement allowance: attack, defense)", choice("a printed value", FACTORS),
    minItems=1, uniqueItems=True)


COUNTER_SIZE = integer("the counters' size in pixels at 100% zoom: at most 85% of the smallest hex's height "
                       "(flat to flat); default: that 85%, rounded down", 24, 400)
HEX_SHARE = 0.85  # a counter's largest share of the hex it stands in: the hex's edges stay visible


def read_counter_size(g: Node, game_map: MapData) -> int:
    """game.yaml counter_size, else the largest that leaves the smallest hex's edges visible
    (HEX_SHARE of its flat-to-flat height); a declared size larger than that is refused."""
    hexes = min(b.geometry.spec.hex_size for b in game_map.boards)
    most = math.floor(HEX_SHARE * hexes)
    size = g.integer("counter_size", None, lo=24, hi=400)
    if size is None:
        return most
    if size > most:
        g.fail("counter_size", f"{size} px is more than {HEX_SHARE:.0%} of the smallest hex ({hexes} px): at most {most}")
    return size


def read_counter_factors(g: Node) -> tuple[str, ...]:
    out = []
    for line, value, path in g.texts("counter_factors", []):
        if value not in FACTORS or value in out:
            raise DataError(g.file, line, path, f"{value!r}: each of {', '.join(FACTORS)} at most once")
        out.append(value)
    return tuple(out) or FACTORS


def read_counter_marks(g: Node, taken: set[str], properties: set[str]) -> dict[str, CounterMark]:
    """game.yaml counter_marks; `taken`: the unit fields and unit_values ids a mark id may not be,
    `properties`: the piece properties already given (the unit_values')."""
    marks: dict[str, CounterMark] = {}
    styles: dict[str, str] = {}
    for mid, n in g.mapping("counter_marks", {}):
        if mid in taken:
            n.fail(None, f"{mid!r} is already a unit field or a unit_values id")
        prop = n.text("property")
        if prop in properties or any(m.property == prop for m in marks.values()):
            n.fail("property", f"another unit value or mark is the piece property {prop!r}")
        style, value = n.choice("style", MARK_STYLES), n.choice("value", MARK_VALUES)
        if value not in MARK_STYLES[style]:
            n.fail("value", f"a {style} mark shows {' or '.join(MARK_STYLES[style])}, not {value}")
        if style in styles:
            n.fail("style", f"{mid!r} and {styles[style]!r} are both {style}: a counter has one place for it")
        styles[style] = mid
        cn = n.child("colours", None)
        colours = tuple((k, _colour(cn, k)) for k, *_ in n.entries("colours", {})) if cn is not None else ()
        if (style == "symbol_field" and value == "text") != bool(colours):
            n.fail("colours", "a symbol_field mark of text values names their colours in `colours`; no other mark has them")
        marks[mid] = CounterMark(mid, n.text("name"), style, prop, value, _colour(n, "colour", None), colours)
    return marks


def read_texts(g: Node) -> ModuleTexts:
    n = g.child("texts", None)
    if n is None:
        return ModuleTexts()
    default = ModuleTexts()
    texts = {k: n.text(k, getattr(default, k)) for k in ModuleTexts.__dataclass_fields__}
    for key in REPORT_TEXTS:
        _check_report(n, key, texts[key], (STATE_PLACEHOLDER,) if key.startswith("report_state_") else ())
    return ModuleTexts(**texts)


def _check_report(n: Node, key: str, value: str, more: tuple[str, ...] = ()) -> None:
    """A report text names only the placeholders the module can fill, and no `$`: VASSAL would read
    `$...$` as a property of its own, so the chat line would not say what the text says."""
    if "$" in value:
        n.fail(key, "a report text may not hold `$`")
    for name in re.findall(r"\{([^{}]*)\}", value):
        if name not in REPORT_PLACEHOLDERS and name not in more:
            n.fail(key, f"{{{name}}} is not one of {', '.join('{' + k + '}' for k in (*REPORT_PLACEHOLDERS, *more))}")


def read_stack_order(g: Node) -> str:
    return g.choice("setup_stack_order", STACK_ORDERS, "as_listed")


CREDITS = obj("Who made the game and the module, as the rulebook's credits give them (the About page shows them).", {
    "designer": text("the game's designer(s)"),
    "publisher": text("the publisher, with the year"),
    "rulebook": text("the rulebook the credits come from, by title and edition"),
    "module": text("who made the VASSAL module (default: generated by modgen)"),
    "others": texts('further roles, one a line ("Map Art: ...")'),
})
RULES_PDF = text("the publisher's rules: a PDF file beside game.yaml (copied into the module, a Help menu entry) "
                 "or an http(s) URL (linked from the Help pages)")


def read_credits(g: Node) -> Credits | None:
    n = g.child("credits", None)
    if n is None:
        return None
    return Credits(n.text("designer", ""), n.text("publisher", ""), n.text("rulebook", ""), n.text("module", ""),
                   tuple(x for _, x, _ in n.texts("others", [])))


def read_rules_pdf(g: Node) -> str:
    """A URL, or a plain relative path of a .pdf inside the game's folder (the build copies it)."""
    value = g.text("rules_pdf", "")
    if not value or re.match(r"https?://\S+$", value):
        return value
    parts = value.replace("\\", "/").split("/")
    if value.startswith("/") or ":" in value or ".." in parts or not value.lower().endswith(".pdf"):
        g.fail("rules_pdf", f"{value!r}: give an http(s) URL or a .pdf file beside game.yaml (a relative path, no '..')")
    return "/".join(parts)
