"""Warnings the module prints in the chat as a player moves, generated from the same declarations as the
checker's findings (issue 25): what a rule says once gives both, so they cannot drift.

- A unit dropped where a rule forbids it warns at once, in the chat line VASSAL prints for the move
  (modgen.vmod.dropline): on terrain closed to it (map.yaml `prohibited`, `prohibited_for` by unit tag),
  under the game's `movement.prohibited_rule` with the title of the save checker's finding
  (modgen.movement.prohibited_title, modgen.rules.common.prohibited_terrain); on a hex holding units of
  another side (the RuleTiming titled BOTH_SIDES; each unit carries `OnSide_<side>` for every side, 1 for
  its own, which VASSAL's SumStack sums over its stack); a reinforcement before its turn; a
  movement-restricted unit off its set-up hex before its release turn.
- "Check position" (a toolbar button) runs every warning over the map now: the stacking sweep, then each
  unit whose drop warnings hold where it stands prints them in a line of its own, as its move's line
  would (modgen.vmod.dropline: one Report Action, CHECK_KEY).
- Stacking is judged when its rule says it holds (the RuleTiming titled OVERSTACKED: the end of a phase of
  the owner's player turn), once per hex: see modgen.vmod.warnsweep for the turn tracker's part.
The module preference WARNINGS_PREFERENCE turns them all off.
"""

from __future__ import annotations

import functools
from contextlib import contextmanager
from typing import Callable, ContextManager, Iterator, Optional, TypeVar

from ..conventions import MAIN_MAP, turn_property
from ..model import Game, Stacking, Unit
from ..movement import ARRIVED_EARLY, Restriction
from ..stacking import BOTH_SIDES, FREE_STACKING, OVERSTACKED, limit_words
from ..vassal import pieces as vp
from .reports import FIRST_PRIVATE_KEY

CTRL = 130  # the modifiers VASSAL writes for Ctrl (old and new masks)
# Ctrl+F13 is free: it was the key the main map sent each piece a player moved (Map `moveKey`), the drops'
# warnings' hook, until they moved into the move's chat line (modgen.vmod.dropline: a drop is twice as fast).
# Ctrl+F14 and Ctrl+F20-F22 are free too: the check's Report and Trigger Actions of each warning, one pair a
# rule on every unit, until a check printed the drop line's warnings (modgen.vmod.dropline.check_line)
HOOK_LABEL_KEY = f"{FIRST_PRIVATE_KEY + 6},{CTRL}"  # Ctrl+F19: the drop line's hook label's key, sent by nothing
STACK_KEY = f"{FIRST_PRIVATE_KEY + 2},{CTRL}"  # Ctrl+F15: sent to the units of an over-stacked hex (warnsweep)
CHECK_KEY = f"{FIRST_PRIVATE_KEY + 3},{CTRL}"  # Ctrl+F16: "Check position" has a unit print its drop warnings
STACK_REPORT_KEY = f"{FIRST_PRIVATE_KEY + 4},{CTRL}"  # Ctrl+F17: prints the stacking warning
WARNED_KEY = f"{FIRST_PRIVATE_KEY + 5},{CTRL}"  # Ctrl+F18: marks (and unmarks) the unit that warned for its hex (once per hex)
# Ctrl+F23 is free: it set the stacking warning's words into a global property, now Calculated Properties
WARNINGS_PREFERENCE = "RulesWarnings"  # the module's Boolean preference (a global property true/false)
WARNED_MARK = "StackWarned"  # a Layer with no image: active on the unit that has just warned for its hex
WARNED_HERE = "StackWarnedHere"  # Calculated Property: 1 while the unit's WARNED_MARK is active, else 0
NOT_WARNED_HERE = f'{{SumStack("{WARNED_HERE}")==0}}'  # no unit of the stack has warned yet (once per hex)
IS_MARKED = f'{{SideId!="" && {WARNED_HERE}==1}}'  # a unit marked: the module's sweep unmarks it after the check
CHECKING = "RulesChecking"  # global property: "Check position" while that button runs, else empty
STACK_UNITS, STACK_FREE, STACK_SKIP, STEPS = "StackUnits", "StackFree", "StackSkip", "Steps"  # Marker properties
STACK_COUNT = "StackCount"  # Calculated Property: what the unit's stack holds, "8 steps" (the stacking warning's words)
STACK_MOMENT = "StackMoment"  # Calculated Property: when the stacking warning is given, "end of Red Movement"
ON_SIDE = "OnSide_"  # + side id: 1 on each unit of that side


def rule_timing(game: Game, title: str) -> Optional[object]:
    """The RuleTiming (modgen.plugin_api) the game's rules declare for the findings of `title`: its
    rules plugin's, else the one its game.yaml `checks:` declares (modgen.rules.declared)."""
    if not _enabled[0]:
        return None
    for t in declared_timings(game):
        if getattr(t, "title", "") == title:
            return t
    return None


_enabled = [True]  # off only inside `without_warnings()` (benchmarks/warnings.py builds a module both ways)


@contextmanager
def switched(cell: list[bool], value: bool) -> Iterator[None]:
    """cell[0] is `value` inside the block, then what it was: a build-time switch of the benchmarks (this
    one and modgen.vmod.dropline.trivial_drop_line). Not thread-safe: one build at a time."""
    before, cell[0] = cell[0], value
    try:
        yield
    finally:
        cell[0] = before


def without_warnings() -> ContextManager[None]:
    """Build modules with no warning in them: the same module as before issue 25's warnings, to measure
    what they cost (benchmarks/warnings.py)."""
    return switched(_enabled, False)


def warnings_enabled() -> bool:
    return _enabled[0]


T = TypeVar("T")


def per_game(fn: Callable[[Game], T]) -> Callable[[Game], T]:
    """fn(game), kept for the last game asked: every unit of a module asks the same game's (a build makes
    one game's module at a time), and each answer reads all the game's units or rules."""
    last: list[tuple[Game, T]] = []

    @functools.wraps(fn)
    def answer(game: Game) -> T:
        if not (last and last[0][0] is game):
            last[:] = [(game, fn(game))]
        return last[0][1]
    return answer


@per_game
def _declared(game: Game) -> tuple[tuple, tuple]:
    """(every RuleTiming the game's rules declare, every Restriction its plugin declares)."""
    from ..plugins import rules_for  # the plugins import the rules packages: only when a module is made

    rules = rules_for(game)
    spec = getattr(rules, "report", None)
    timings = tuple(getattr(spec, "timings", ()) or ())
    restrictions = tuple(rules.restrictions(game)) if hasattr(rules, "restrictions") else ()
    return timings, restrictions


PHASE_END_KINDS = ("end_of_phase", "fixed_in_phase")  # plugin_api.Timing kinds that hold when a phase ends


def phase_ending(rule: object) -> str:
    """The phase at whose end a RuleTiming holds (the stacking check runs when the tracker leaves it), or ""
    when it holds at no phase's end (then only "Check position" judges it)."""
    timing = getattr(rule, "timing", None)
    return getattr(timing, "phase", "") if getattr(timing, "kind", "") in PHASE_END_KINDS else ""


def declared_timings(game: Game) -> tuple:
    """Every RuleTiming the game's rules declare (its report's rule list: the Help page's too, with or
    without the warnings)."""
    return _declared(game)[0]


def restrictions_of(game: Game, unit: Unit) -> list[Restriction]:
    """The plugin's Restrictions of the unit (movement.Restriction), in every scenario."""
    return [r for r in _declared(game)[1] if r.unit == unit.id] if _enabled[0] else []


Term = tuple[str, str, str]  # (property, operator: = != < >, value): one test of a condition


def closed_terrain(game: Game, unit: Unit) -> list[str]:
    """The names of the terrain types closed to the unit, in the map's order."""
    return [t.name for t in game.map.terrain_types.values() if t.closed_to(unit.tags)]


def on_side(side_id: str) -> str:
    return ON_SIDE + side_id


def unit_properties(game: Game, unit: Unit) -> dict[str, str]:
    """What a unit adds to its Marker for the warnings: how it counts for stacking and its side."""
    st = game.stacking
    skip = any(unit.has(t) for t in st.unwarned_tags)
    free = unit.has(FREE_STACKING)
    out = {STACK_UNITS: "0" if skip or free else "1", STACK_FREE: "1" if free and not skip else "0",
           STACK_SKIP: "1" if skip else "0", **sides_of(game, unit.side)}
    return out


def sides_of(game: Game, side_id: str | None) -> dict[str, str]:
    """`OnSide_<side>` for every side: 1 for the piece's own, else 0. Every unit and marker carries them all:
    when a piece in the stack has no such property, VASSAL's SumStack fails to read a number from it and
    pays for a Java exception (JFR: most of the time of the both-sides warning on a drop)."""
    return {on_side(s.id): "1" if s.id == side_id else "0" for s in game.sides}


def marker_properties(game: Game, kind: str) -> dict[str, str]:
    """What a marker adds to its Marker for the warnings: whether the stacking warning leaves its stack
    out, and 0 on every side (SumStack reads a number from it)."""
    return {STACK_SKIP: "1" if kind in game.stacking.unwarned_markers else "0", **sides_of(game, None)}


def over_limit(st: Stacking) -> str:
    """BeanShell: the stack breaks the stacking limit, read as modgen.stacking.breach reads it."""
    parts = []
    if st.limit is not None:
        parts.append(f'SumStack("{STEPS}")>{st.limit}')
    if st.max_steps is not None:
        parts.append(f'SumStack("{STEPS}")>{st.max_steps}')
    if st.units is not None:
        free = f'SumStack("{STACK_FREE}")'
        parts.append(f'SumStack("{STACK_UNITS}")+({free}>{st.free_units} ? {free}-{st.free_units} : 0)>{st.units}')
    return " || ".join(parts) or "false"


def stack_count_text(st: Stacking) -> tuple[str, str]:
    """(BeanShell string of what the stack holds, the limit in words) for the warning."""
    units = f'(SumStack("{STACK_UNITS}")+SumStack("{STACK_FREE}")) + " units"'
    steps = f'SumStack("{STEPS}") + " steps"'
    if st.units is not None and st.max_steps is not None:
        count = f'{units} + ", " + {steps}'
    else:
        count = units if st.units is not None else steps
    return count, f"limit {limit_words(st)}"


def unit_warnings(game: Game, unit: Unit) -> list[vp.Trait]:
    """The unit's part of the stacking check: a Report Action, the Calculated Properties of the warning's
    words, the Trigger Action, and the mark of the unit that warned for its hex. (Its part of "Check
    position" is its drop line's: modgen.vmod.dropline.check_line.)"""
    stacking = stack_warnings(game, unit)
    if not stacking:
        return []
    # warn once per hex: the unit that warns marks itself, and the others of its stack see the mark. A Layer
    # and a Calculated Property, not a Set Global Property of the hex: VASSAL builds an editor's configurers
    # for each Set Global Property of a piece whenever it reads the piece (opening a module, a set-up)
    return [*stacking,
            vp.layer(WARNED_MARK, [""], [""], activate_key=WARNED_KEY, always_active=False,
                     description="Warn once per hex: this unit has warned (draws nothing)"),
            vp.calculated_property(WARNED_HERE, f"{{{WARNED_MARK}_Active ? 1 : 0}}")]


def arrival_turns(game: Game, unit: Unit) -> dict[str, int]:
    """Scenario id -> the turn the scenario brings the unit in."""
    out = {}
    for sc in game.scenarios.values():
        arrival = sc.arrival_of(unit.id)
        if arrival is not None:
            out[sc.id] = arrival.turn
    return out


def early_conditions(game: Game, unit: Unit) -> list[list[Term]]:
    """The game is before the unit's arrival, as modgen.rules.declared reads it: its side's player turn of
    its turn, at the entry phase (game.yaml movement.entry_phases, else the first phase), in the scenario the
    module's Scenario property names (or the only one, when a save names none); the unit on the main map."""
    turn_prop = turn_property(game.turns.label)
    order, phases = list(game.turns.player_turns), list(game.turns.phases)
    entry = game.movement.entry_phases[0] if game.movement and game.movement.entry_phases else phases[0]
    before: list[list[Term]] = [[("PlayerTurn", "=", game.side(s).name)] for s in order[:order.index(unit.side)]]
    before += [[("PlayerTurn", "=", game.side(unit.side).name), ("Phase", "=", p)] for p in phases[:phases.index(entry)]]
    out: list[list[Term]] = []
    for sc_id, turn in arrival_turns(game, unit).items():
        for named in _scenario_terms(game, sc_id):
            where: list[Term] = [("CurrentMap", "=", MAIN_MAP), named]
            out += [[*where, (turn_prop, "<", str(turn))], *([*where, (turn_prop, "=", str(turn)), *b] for b in before)]
    return out


def _scenario_terms(game: Game, sc_id: str) -> list[Term]:
    """The Scenario property naming the scenario: its id, or nothing in a game of one scenario."""
    return [("Scenario", "=", sc_id), ("Scenario", "=", "")] if len(game.scenarios) == 1 else [("Scenario", "=", sc_id)]


def release_conditions(game: Game, unit: Unit) -> list[list[Term]]:
    """The unit stands on the main map off its set-up hex before its release turn, in the scenario the
    module's Scenario property names: the plugin's Restrictions (movement.Restriction), the checker's reading."""
    turn_prop = turn_property(game.turns.label)
    return [[("CurrentMap", "=", MAIN_MAP), named, (turn_prop, "<", str(r.release)), ("LocationName", "!=", r.home)]
            for r in restrictions_of(game, unit) for named in _scenario_terms(game, r.scenario)]


def stack_warnings(game: Game, unit: Unit) -> list[vp.Trait]:
    """A unit's part of the stacking check: the module's sweep (modgen.vmod.warnsweep) sends STACK_KEY to
    the units of over-stacked hexes only; the first of each hex prints the warning and marks itself
    (WARNED_MARK), so the others of that hex stay silent (VASSAL visits a stack's pieces one after another);
    the module's next sweep unmarks it."""
    timing = rule_timing(game, OVERSTACKED)
    if timing is None:
        return []
    rule = getattr(timing, "rule")
    count, limit = stack_count_text(game.stacking)
    # The words' parts that read the stack are Calculated Properties of the unit, which the report reads as
    # $...$ with the unit as their source (a BeanShell expression in the report's own text would see the
    # report's properties only, and SumStack there no stack); the hex is the report's own $location$ (as a
    # BeanShell value a hex id such as 0303 would turn into the number 303). Not a Set Global Property: VASSAL
    # builds an editor's configurers for each of those a piece carries when it reads the piece (the load
    # benchmark: two of them a unit were most of what the warnings added to opening a module), while a
    # Calculated Property costs nothing until it is read (no move key: a drop reads none of them).
    # The moment: the end of the owner's phase the rule names, unless "Check position" is running.
    phase = phase_ending(timing)
    moment = f'{CHECKING}=="" ? "end of " + Side + " {phase}" : {CHECKING}' if phase else CHECKING
    return [
        vp.report_action([STACK_REPORT_KEY], f"! {rule} {OVERSTACKED}: ${STACK_COUNT}$ in $location$, {limit} (${STACK_MOMENT}$)",
                         description=f"Warn: {rule} {OVERSTACKED.lower()}"),
        vp.calculated_property(STACK_COUNT, f"{{{count}}}"),
        vp.calculated_property(STACK_MOMENT, f"{{{moment}}}"),
        vp.trigger_action([STACK_KEY], [STACK_REPORT_KEY, WARNED_KEY], NOT_WARNED_HERE,
                          name=f"Warn: {rule} {OVERSTACKED.lower()}, once per hex"),
    ]


def warned_rules(game: Game) -> list[tuple[str, str]]:
    """(rule, what) of each warning the module prints, for the Help page."""
    out: list[tuple[str, str]] = []
    stack = rule_timing(game, OVERSTACKED)
    if stack is not None:
        phase = phase_ending(stack)
        when = f"at the end of the owner's {phase} phase" if phase else "when Check position is pressed"
        out.append((getattr(stack, "rule"), f"a hex over the stacking limit ({stack_count_text(game.stacking)[1]}), "
                                            f"{when}, once per hex"))
    enemies = rule_timing(game, BOTH_SIDES)
    if enemies is not None:
        out.append((getattr(enemies, "rule"), "a unit is dropped on a hex holding units of another side"))
    early = rule_timing(game, ARRIVED_EARLY)
    if early is not None and any(arrival_turns(game, u) for u in game.units.values()):
        out.append((getattr(early, "rule"), "a reinforcement is dropped on the map before its turn"))
    held = [r for u in game.units.values() for r in restrictions_of(game, u)]
    if held:
        out.append((held[0].rule, "a movement-restricted unit is dropped off its set-up hex before its release turn"))
    if game.movement and game.movement.prohibited_rule and any(closed_terrain(game, u) for u in game.units.values()):
        closed = [t.name if t.prohibited else f"{t.name} for {', '.join(t.prohibited_for)}"
                  for t in game.map.terrain_types.values() if t.prohibited or t.prohibited_for]
        out.append((game.movement.prohibited_rule, f"a unit is dropped on terrain closed to it ({', '.join(closed)})"))
    return out
