"""counters/<game>/game.yaml: title and version, sides, nationalities, unit types and sizes,
stacking, the turn track, charts and dice; and the Game made of it and every other file."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..displays import Display
from ..errors import DataError
from ..model import (
    DATA_CHARTS, Chart, Dice, Game, MapData, Marker, Morale, Nationality, Scenario, Side, Stacking, StepRule,
    CounterMark, TurnTrack, Unit, UnitType, UnitValue, stable_gpid,
)
from .collect import item, skip_if_refused
from .nodes import Node, _as_text, _colour, _list_items, _words
from .schema import by_id, choice, colour, document, flag, integer, items, must, obj, provenance, text, texts, words
from .displays import DISPLAYS
from .declared_rules import CHECKS, read_checks
from .movement import MOVEMENT, read_movement
from .presentation import (
    COUNTER_FACTORS, COUNTER_MARKS, COUNTER_SIZE, CREDITS, RULES_PDF, SETUP_STACK_ORDER, TEXTS, read_counter_factors,
    read_counter_marks, read_counter_size, read_credits, read_rules_pdf, read_stack_order, read_texts,
)
from .units import UNIT_FIELDS

SYMBOLS = (
    "infantry", "cavalry", "armour", "artillery", "mechanized", "airborne", "glider", "headquarters", "engineer", "recon",
    "marines", "antitank", "antiaircraft", "bridging", "supply", "machinegun", "assault_gun", "dummy",
)
HIDDEN = ("below_top", "tags", "none")

STACKING = obj("The stacking limit: `limit` (steps, with the steps table), `units` or `max_steps`.", {
    "limit": integer("steps per hex, counted with the steps table", 1),
    "steps": items("steps a unit counts, by type and size", obj("The steps of one type and size of unit.", {
        "type": must(text("a unit_types id")),
        "size": must(text("a sizes id")),
        "full": must(integer("steps of the full side", 0)),
        "reduced": integer("steps of the reduced side", 0),
    })),
    "units": integer("units per hex", 1),
    "free_units": integer("... plus this many units tagged free_stacking (default 0)", 0),
    "max_steps": integer("steps per hex, never more", 1),
    "unwarned_tags": words("unit tags the game counts its own way: the module's stacking warning is silent on a stack "
                           "holding such a unit (modgen check still judges it)"),
    "unwarned_markers": words("marker kinds that change how a unit counts (a rail mode): the module's stacking warning "
                              "is silent on a stack holding one (modgen check still judges it)"),
}, anyOf=[{"required": ["limit"]}, {"required": ["units"]}, {"required": ["max_steps"]}])
TURNS = obj("The turn track.", {
    "count": must(integer("game turns", 1, 999)),
    "label": text('what a turn is called on the track (default "Turn")'),
    "player_turns": must(texts("sides ids: the order of player turns within a game turn")),
    "phases": must(texts("the phases of a player turn")),
    "names": texts("one per turn, printed on the turn track"),
    "night": items("night turns (dark boxes, rules read them)", {"type": "integer", "minimum": 1}),
})
CHART = obj("A table printed on the aid card, a grid of strings.", {
    "id": must(text("stable id")),
    "name": must(text("its title")),
    "columns": must(texts("column headings")),
    "rows": must(items("rows, each a list of as many cells as there are columns", texts("a row of cells"))),
    "notes": texts("notes printed under the table"),
    "replaces": items("charts modgen draws from the data (tec, vp_towns, reinforcements) that this printed table stands for",
                      choice("a chart modgen draws from the data", DATA_CHARTS)),
    **provenance("the chart"),
})
SCHEMA = document("game", "modgen counters/<game>/game.yaml", obj("The game: title, sides, unit types, stacking, turns, charts.", {
    "id": must(text("the game id: the name of its folders")),
    "title": must(text("the title")),
    "version": must(text('module version, quoted ("1.0.0"); bump on errata')),
    "description": text("a paragraph for the module"),
    "scale": text('"12 km per hex, 2 days per turn"'),
    "sides": must(items("player sides, in VASSAL's roster order", obj("A player side.", {
        "id": must(text("stable id")),
        "name": must(text("its name")),
    }), minItems=2)),
    "nationalities": must(items("nationalities; a unit's side follows from its nationality", obj("A nationality.", {
        "id": must(text("stable id")),
        "side": must(text("a sides id")),
        "name": must(text("its name")),
        "colour": must(colour("counter colour")),
        "text": colour("counter text colour (default #ffffff)"),
    }))),
    "unit_types": must(by_id("unit type id -> unit type", obj("A unit type.", {
        "name": must(text("its name")),
        "symbol": must(choice("the NATO symbol drawn", SYMBOLS)),
        "two_colour": flag("symbol in two colours"),
        "tags": words("tags every unit of the type carries"),
    }))),
    "sizes": must(by_id("size id (XX, X...) -> what it is called (division, brigade...)", {"type": ["string", "number"]})),
    "morale": by_id("morale ratings, best first; units name one", obj("A morale rating.", {
        "name": must(text("its name")),
        "colour": colour("its colour"),
    })),
    "unit_values": by_id("numbers printed besides attack-defense-MA, per face; units give them by this id", obj("A printed unit value.", {
        "name": must(text("its name")),
        "property": must(text("the VASSAL piece property")),
        "show": must(choice("box: boxed left of the symbol; corner: top right", ("box", "corner"))),
        "hide_zero": flag("print nothing when the value is 0"),
        "prefix": text('printed before the number ("R" for a range: R3)'),
    })),
    "counter_marks": COUNTER_MARKS,
    "texts": TEXTS,
    "setup_stack_order": SETUP_STACK_ORDER,
    "counter_factors": COUNTER_FACTORS,
    "counter_size": COUNTER_SIZE,
    "stacking": must(STACKING),
    "turns": must(TURNS),
    "charts": items("tables printed on the aid card", CHART),
    "dice": items("dice", obj("A die roll.", {
        "name": must(text("its name (1d6)")),
        "n": must(integer("number of dice", 1, 20)),
        "sides": must(integer("sides of each die", 2, 100)),
    })),
    "formation_label": text('what the formation box is called (palette groups; default "Formation")'),
    "displays": DISPLAYS,
    "movement": MOVEMENT,
    "checks": CHECKS,
    "credits": CREDITS,
    "rules_pdf": RULES_PDF,
    "hidden": choice("which units a set-up hides from the opponent: below_top (default) | tags (units tagged `hidden`) | none", HIDDEN),
}))


@dataclass(frozen=True)
class GameHead:
    """What game.yaml gives the counter files: everything but the title, read last."""

    sides: list[Side]
    side_ids: list[str]
    nationalities: dict[str, Nationality]
    unit_types: dict[str, UnitType]
    sizes: dict[str, str]
    morale: dict[str, Morale]
    unit_values: dict[str, UnitValue]
    stacking: Stacking
    turns: TurnTrack
    charts: list[Chart]
    dice: list[Dice]
    counter_marks: dict[str, CounterMark] = field(default_factory=dict)


def read_head(g: Node, game_id: str) -> GameHead:
    gid = g.text("id")
    if gid != game_id:
        g.fail("id", f"game id {gid!r} does not match its folder {game_id!r}")
    sides = [Side(n.text("id"), n.text("name")) for n in g.nodes("sides")]
    side_ids = [s.id for s in sides]
    if len(set(side_ids)) != len(side_ids) or len(sides) < 2:
        g.fail("sides", "at least two sides with unique ids")
    nationalities = {}
    nat_lines: dict[str, int | None] = {}
    for n in g.nodes("nationalities"):
        with item(n, "id", "nationality"):
            nat = Nationality(n.text("id"), n.choice("side", side_ids), n.text("name"), _colour(n, "colour"), _colour(n, "text", "#ffffff"))
            if nat.id in nationalities:
                n.fail("id", f"duplicate nationality {nat.id!r} (first at line {nat_lines[nat.id]})")
            nat_lines[nat.id] = n.line
            nationalities[nat.id] = nat
    unit_types = {}
    for tid, n in g.mapping("unit_types"):
        with item(n, kind="unit_type", ident=tid):
            unit_types[tid] = UnitType(tid, n.text("name"), n.choice("symbol", SYMBOLS), n.flag("two_colour"), _words(n, "tags"))
    sizes = {k: _as_text(v, w, g.file, line, f"sizes.{k}") for k, v, line, w in g.entries("sizes")}
    morale = {mid: Morale(mid, n.text("name"), _colour(n, "colour", None)) for mid, n in g.mapping("morale", {})}
    unit_values = {
        vid: UnitValue(vid, n.text("name"), n.text("property"), n.choice("show", ("box", "corner")), n.flag("hide_zero"), n.text("prefix", ""))
        for vid, n in g.mapping("unit_values", {})
    }
    for vid, _, line, _ in g.entries("unit_values", {}):
        if vid in UNIT_FIELDS:
            g.fail(f"unit_values.{vid}", f"{vid!r} is already a unit field", line)
    st = g.child("stacking")
    steps = []
    for n in st.nodes("steps", []):
        with item(n):
            skip_if_refused("unit_type", str(n.data.get("type")))
            steps.append(
                StepRule(n.choice("type", unit_types), n.choice("size", sizes), n.integer("full", lo=0), n.integer("reduced", None, lo=0))
            )
    stacking = Stacking(
        st.integer("limit", None, lo=1), tuple(steps), st.integer("units", None, lo=1), st.integer("free_units", 0, lo=0), st.integer("max_steps", None, lo=1),
        _words(st, "unwarned_tags"), _words(st, "unwarned_markers"),
    )
    if stacking.limit is None and stacking.units is None and stacking.max_steps is None:
        st.fail(None, "give a stacking limit: limit (steps), units or max_steps")
    turns = _turns(g, g.child("turns"), side_ids)
    marks = read_counter_marks(g, UNIT_FIELDS | set(unit_values), {v.property for v in unit_values.values()})
    return GameHead(sides, side_ids, nationalities, unit_types, sizes, morale, unit_values, stacking, turns, _charts(g), _dice(g), marks)


def _turns(g: Node, tn: Node, side_ids: list[str]) -> TurnTrack:
    player_turns = []
    for line, value, path in tn.texts("player_turns"):
        if value not in side_ids:
            raise DataError(g.file, line, path, f"unknown side {value!r}")
        player_turns.append(value)
    count = tn.integer("count", lo=1, hi=999)
    names = tuple(x for _, x, _ in tn.texts("names", []))
    if names and len(names) != count:
        tn.fail("names", f"{len(names)} names for {count} turns")
    night = []
    for line, value, path, _ in tn.items("night", []):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= count:
            raise DataError(g.file, line, path, f"night turns are turn numbers 1-{count}, got {value!r}")
        night.append(value)
    return TurnTrack(count, tn.text("label", "Turn"), tuple(player_turns), tuple(p for _, p, _ in tn.texts("phases")), names, tuple(night))


def _charts(g: Node) -> list[Chart]:
    charts = []
    for n in g.nodes("charts", []):
        replaces = tuple(x for _, x, _ in n.texts("replaces", []))
        for bad in sorted(set(replaces) - set(DATA_CHARTS)):
            n.fail("replaces", f"{bad!r} is not a chart modgen draws from the data (those are: {', '.join(DATA_CHARTS)})")
        chart_id = n.text("id")
        shadowed = next((k for k in DATA_CHARTS if chart_id == k or chart_id.startswith(f"{k}_") and k == "reinforcements"), None)
        if shadowed and shadowed not in replaces:
            n.fail("id", f"{chart_id!r} is the name of the {shadowed} chart modgen draws from the data; "
                         f"rename it, or add `replaces: [{shadowed}]` to print this one instead")
        columns = tuple(c for _, c, _ in n.texts("columns"))
        rows = []
        for line, row, path, _ in n.items("rows"):
            if not isinstance(row, list):
                raise DataError(g.file, line, path, "a chart row is a list of cells")
            if len(row) != len(columns):
                raise DataError(g.file, line, path, f"row has {len(row)} cells, the chart has {len(columns)} columns")
            rows.append(tuple(_as_text(c, w, g.file, ln, p) for ln, c, p, w in _list_items(n, row, path, line)))
        charts.append(Chart(chart_id, n.text("name"), columns, tuple(rows), tuple(x for _, x, _ in n.texts("notes", [])), n.provenance(), replaces))
    return charts


def _dice(g: Node) -> list[Dice]:
    return [Dice(n.text("name"), n.integer("n", lo=1, hi=20), n.integer("sides", lo=2, hi=100)) for n in g.nodes("dice", [])]


def make_game(g: Node, head: GameHead, units: dict[str, Unit], markers: dict[str, Marker], scenarios: dict[str, Scenario],
              game_map: MapData, displays: tuple[Display, ...]) -> Game:
    """The Game of game.yaml's head and the other files; its title and the rest are read here, last."""
    game = Game(
        g.text("id"),
        g.text("title"),
        g.text("version"),
        g.text("description", ""),
        g.text("scale", ""),
        head.sides,
        head.nationalities,
        head.unit_types,
        head.sizes,
        head.stacking,
        head.turns,
        head.charts,
        head.dice,
        units,
        markers,
        scenarios,
        game_map,
        g.text("formation_label", "Formation"),
        head.morale,
        head.unit_values,
        g.choice("hidden", HIDDEN, "below_top"),
        counter_marks=head.counter_marks,
        texts=read_texts(g),
        setup_stack_order=read_stack_order(g),
        counter_factors=read_counter_factors(g),
        movement=read_movement(g, head.turns.phases),
        checks=read_checks(g, head.turns.phases),
        counter_size=read_counter_size(g, game_map),
        credits=read_credits(g),
        rules_pdf=read_rules_pdf(g),
    )
    game.displays = displays
    _check_gpids(game, g)
    return game


def _check_gpids(game: Game, g: Node) -> None:
    seen: dict[str, str] = {}
    for kind, ids in (("unit", game.units), ("marker", game.markers)):
        for item_id in ids:
            gp = stable_gpid(game.id, kind, item_id)
            if gp in seen:
                g.fail("id", f"{kind} {item_id} and {seen[gp]} hash to the same piece id {gp}: rename one")
            seen[gp] = f"{kind} {item_id}"


def check_unwarned(g: Node, units: dict[str, Unit], markers: dict[str, Marker]) -> None:
    """game.yaml `stacking.unwarned_tags` / `unwarned_markers` name tags some unit carries and marker kinds
    markers.yaml has: a misspelt one would leave the module warning of stacks the checker counts its own way."""
    st = g.child("stacking")
    if st is None:
        return
    known = {"unwarned_tags": {t for u in units.values() for t in u.tags},
             "unwarned_markers": {m.kind for m in markers.values()}}
    what = {"unwarned_tags": "no unit carries the tag", "unwarned_markers": "markers.yaml has no marker of kind"}
    for key, names in known.items():
        for line, value, path, _ in st.items(key, []):
            if value not in names:
                raise DataError(g.file, line, path, f"{what[key]} {value!r} (known: {', '.join(sorted(names)) or 'none'})")
