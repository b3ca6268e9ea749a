"""counters/<game>/units.yaml: the combat units (the order of battle)."""

from __future__ import annotations

from typing import Iterable

from ..art.counters import id_left, printed_name
from ..model import CounterMark, Game, Morale, Nationality, Unit, UnitType, UnitValue, Values
from .collect import failed_before, item, skip_if_refused
from .nodes import Node, _words
from .schema import document, flag, integer, items, must, obj, provenance, text, texts, words

FACTOR = (0, 99)
MARK_NUMBER = (0, 999)


def schema(unit_values: Iterable[str] | None = None, counter_marks: dict[str, str] | None = None) -> dict:
    """units.yaml's schema; a unit's other keys are game.yaml's unit_values ids (numbers per face) and
    counter_marks ids (mark id -> its value type: flag, integer or text), so the loader names them and
    an editor, which cannot know them, takes any number, flag or text for them."""
    values = list(unit_values or ())
    value = integer("a game.yaml unit_values id: the number printed (default 0)", *FACTOR)
    extra: dict | bool = False if unit_values is not None else value
    unit_extra: dict | bool = False if unit_values is not None else {
        "type": ["integer", "boolean", "string"],
        "description": "a game.yaml unit_values id (a number) or counter_marks id (a flag, number or text)",
    }
    own = {v: value for v in values}
    marks = {
        m: {"flag": flag, "integer": lambda d: integer(d, *MARK_NUMBER), "text": text}[kind]("a game.yaml counter_marks id")
        for m, kind in (counter_marks or {}).items()
    }
    reduced = obj("The reduced (back) side; omit for one-step units.", {
        "attack": must(integer("attack strength", *FACTOR)),
        "defense": must(integer("defense strength", *FACTOR)),
        "ma": integer("movement allowance (default: the full side's)", *FACTOR),
        "steps": integer("steps of the back (default: the full side's steps - 1)", 1, 8),
        **own,
    }, extra)
    unit = obj("A combat unit: one counter.", {
        "id": must(text("stable id: piece ids in saved games derive from it")),
        "name": must(text("as printed (historical ID)")),
        "nationality": must(text("a game.yaml nationalities id (the side follows from it)")),
        "type": must(text("a game.yaml unit_types id")),
        "size": must(text("a game.yaml sizes id (XX, X...)")),
        "short": text("a shorter name printed where the name does not fit the counter at a legible size"),
        "formation": text("the formation box (a corps, a division); omit for independent units"),
        "attack": must(integer("attack strength", *FACTOR)),
        "defense": must(integer("defense strength", *FACTOR)),
        "ma": must(integer("movement allowance", *FACTOR)),
        "reduced": reduced,
        **provenance("the unit's values"),
        "exact": texts("the fields the rules do give (name, formation...)"),
        "steps": integer("steps of the full side; default: the stacking steps table, else 2 with a reduced side, 1 without", 1, 9),
        "morale": text("a game.yaml morale id"),
        "tags": words("tags besides those of the unit type"),
        **own,
        **marks,
    }, unit_extra)
    return document("units", "modgen counters/<game>/units.yaml", obj("The combat units (the order of battle).", {
        "units": must(items("every combat unit", unit)),
        **provenance("the units' values"),
    }))


UNIT_FIELDS = set(schema()["properties"]["units"]["items"]["properties"])


def read_units(u: Node, nationalities: dict[str, Nationality], unit_types: dict[str, UnitType], sizes: dict[str, str],
               morale: dict[str, Morale], unit_values: dict[str, UnitValue],
               counter_marks: dict[str, CounterMark] | None = None) -> dict[str, Unit]:
    prov = u.provenance()
    units: dict[str, Unit] = {}
    first_line: dict[str, int | None] = {}
    for n in u.nodes("units"):
        with item(n, "id", "unit"):
            uid = n.text("id")
            if uid in units:
                n.fail("id", f"duplicate unit id {uid!r} (first at line {first_line[uid]})")
            first_line[uid] = n.line
            skip_if_refused("nationality", str(n.data.get("nationality")))  # its error is the nationality's
            skip_if_refused("unit_type", str(n.data.get("type")))
            nat = n.choice("nationality", nationalities)
            extra = tuple((k, n.integer(k, 0, lo=0, hi=99)) for k in unit_values)
            front = Values(n.integer("attack", lo=0, hi=99), n.integer("defense", lo=0, hi=99), n.integer("ma", lo=0, hi=99), extra)
            back = None
            steps = n.integer("steps", None, lo=1, hi=9)
            back_steps = None
            if n.has("reduced"):
                r = n.child("reduced")
                back_extra = tuple((k, r.integer(k, v, lo=0, hi=99)) for k, v in extra)
                back = Values(r.integer("attack", lo=0, hi=99), r.integer("defense", lo=0, hi=99), r.integer("ma", front.ma, lo=0, hi=99), back_extra)
                if steps is not None:
                    if steps < 2:
                        n.fail("steps", "a unit with a reduced side has at least 2 steps")
                    back_steps = r.integer("steps", steps - 1, lo=1, hi=steps - 1)
            elif steps is not None and steps > 1:
                n.fail("steps", f"{steps} steps need a reduced side ('reduced:')")
            utype = n.choice("type", unit_types)
            units[uid] = Unit(
                uid,
                n.text("name"),
                nat,
                nationalities[nat].side,
                utype,
                n.choice("size", sizes),
                n.text("formation", None),
                front,
                back,
                n.provenance(prov),
                tuple(x for _, x, _ in n.texts("exact", [])),
                steps,
                back_steps,
                n.choice("morale", morale, None),
                frozenset(unit_types[utype].tags) | frozenset(_words(n, "tags")),
                _marks(n, counter_marks or {}),
                n.text("short", None),
            )
    if not units and not failed_before():
        u.fail("units", "no units")
    return units


def _marks(n: Node, counter_marks: dict[str, CounterMark]) -> tuple[tuple[str, bool | int | str], ...]:
    """The counter marks a unit carries, in game.yaml's order: a flag when true, a number or text when given."""
    out: list[tuple[str, bool | int | str]] = []
    for mid, mark in counter_marks.items():
        if mark.value == "flag":
            value: bool | int | str | None = n.flag(mid) or None
        elif mark.value == "integer":
            value = n.integer(mid, None, *MARK_NUMBER)
        else:
            value = n.text(mid, None)
            if value and mark.colours and value not in dict(mark.colours):
                n.fail(mid, f"{value!r} is none of the {mid} mark's colours ({', '.join(dict(mark.colours))})")
        if value is not None and value != "":
            out.append((mid, value))
    return tuple(out)


def check_printed_names(u: Node, game: Game) -> None:
    """Refuse a unit whose name, and short name if it has one, does not fit its counter at a
    legible size (the art's floors): a squeezed name is no name."""
    for n in u.nodes("units"):
        unit = game.units.get(str(n.data.get("id")))
        if unit is not None and printed_name(game, unit, id_left(game, unit)) is None:
            with item(n, "id", "unit"):
                which = (f"neither its name {unit.name!r} nor its short {unit.short!r} fits" if unit.short
                         else f"its name {unit.name!r} does not fit")
                n.fail("short" if unit.short else "name", f"{which} the {game.counter_size} px counter at a legible size: "
                       f"give the unit a shorter `short:` name (or make the map's hexes larger: counters are 85% of them)")
