"""A drop's warnings in the chat line VASSAL prints for the move (issue 25):
"* AH 38 (12) [! TEC Unit in prohibited terrain (Swamp)] moves 1.04 -> 3.05 *".

Why there: VASSAL 3.6 gives a module one hook on a drop, the map's key for moved pieces (Map `moveKey`),
and that key costs a drop more than all the rest of it: before it is sent, VASSAL snapshots every property
of the piece (PieceMover.applyKeyAfterMove), and the key walks down all its traits, each Layer copying the
piece's whole state twice (JFR: the key alone added 58-108% to a drop, answered by no trait). The move's
line costs nothing more: VASSAL already asks the moved unit for its name to print it
(MovementReporter.MoveSummary.getPieceName). So the unit's name carries its warnings:
- a Text Label whose name format appends the Calculated Property DROP_WARNINGS to the name. Its text is
  HOOK_TEXT, a no-break space: VASSAL 3.6 applies a label's name format only while its text is not empty
  (Labeler.getName), and reads the text of every unit it draws (Labeler.draw), so a constant costs
  nothing: a text read from a property (`$NoText$`, as it was) walked the unit's traits each time and
  made a repaint of a shipped game's map 34-69% slower than without warnings (benchmarks/warnings.py's
  repaint; now +1-21%). Centred on the counter, it draws nothing (a blank, no background). It has a
  key, HOOK_LABEL_KEY, that nothing sends and no menu offers: VASSAL 3.6 unites the box of a label
  without a key with the piece's shape in a new Area each time the shape is asked (Labeler.getShape: a
  selection's border, a mouse-over, a click);
- DROP_WARNINGS is one BeanShell expression, its parts each a bracketed "[! RULE Title]":
  terrain closed to the unit reads a property of the hex's terrain zone (ZONE_NOTE + the unit's class of
  closed terrain: the warning's words in the zones of that terrain, empty on the map: buildfile), so no
  terrain is tested in BeanShell; units of another side in the stack are SumStack of their `OnSide_`
  properties; a reinforcement before its turn and a restricted unit off its set-up hex are the conditions
  the checks' plain matches test (modgen.vmod.warnings), written in BeanShell.
The name carries its warnings wherever VASSAL shows it while they hold (the stack viewer, other reports).
Outside the Mask: a hidden unit warns too, under the mask's name ("German unit [! ...]"), as a check's line
names it; the rule and the hex are what the opponent may see. The module preference turns them off.
"Check position" prints the same: each unit whose warnings hold where it stands prints its name and hex
(check_line: "* AH 38 (12) [! TEC Unit in prohibited terrain (Swamp)] in 3.05"): one Report Action a unit,
where there had been a Report and a Trigger Action a rule, so a check and a drop cannot disagree.
"""

from __future__ import annotations

import re
from typing import ContextManager

from ..model import Game, Unit
from ..movement import ARRIVED_EARLY, BEFORE_RELEASE, prohibited_title
from ..stacking import BOTH_SIDES
from ..conventions import MAIN_MAP
from ..vassal import pieces as vp
from ..vassal.pieces import beanshell_string
from .warnings import (CHECK_KEY, HOOK_LABEL_KEY, WARNINGS_PREFERENCE, Term, arrival_turns, closed_terrain, early_conditions,
                       on_side, per_game, release_conditions, restrictions_of, rule_timing, switched, warnings_enabled)

DROP_WARNINGS = "DropWarnings"  # Calculated Property: the unit's warnings where it stands, "" when none
# the hook label's text: not empty, so VASSAL applies its name format; a no-break space, so nothing shows and
# VASSAL keeps it (Labeler.mySetState trims a plain space to nothing: String.trim stops at U+0020)
HOOK_TEXT = "\u00a0"
ZONE_NOTE = "Closed_"  # + the index of a class of closed terrain: a zone's (or the map's) warning words
HOOK_PROPERTY = "DropWarningsLabel"  # the hook label's own property name (the unit's label is TextLabel)
TRIVIAL_EXPRESSION = '{""}'  # what DROP_WARNINGS is inside `trivial_drop_line()`: BeanShell all the same

_trivial = [False]  # on only inside `trivial_drop_line()`


def trivial_drop_line() -> ContextManager[None]:
    """Build modules whose DROP_WARNINGS tests no rule (TRIVIAL_EXPRESSION), every other trait as with the
    warnings: what it adds to a drop is the floor of any drop warning that reads the preference or the
    stack in VASSAL 3.6, one BeanShell evaluation (a new bsh Interpreter that parses `_xyzzy=_plugh();`,
    then calls the expression: JFR, benchmarks/drop_profile.py). benchmarks/warnings.py prints it as the
    "floor" build."""
    return switched(_trivial, True)


def bracket(rule: str, title: str) -> str:
    """One warning as the move's line carries it, after the unit's name."""
    return f" [! {rule} {title}]"


def bsh_value(text: str) -> str:
    """A BeanShell literal equal to what VASSAL makes of a property's text (ExpressionInterpreter.wrap, 3.6):
    true and false are booleans, what Integer.valueOf reads is a number (hex 0303 is 303), the rest a string
    (but not a text with a decimal point, which BeanShell may read as a number: see _off_home)."""
    if text in ("true", "false"):
        return text
    if re.fullmatch(r"[+-]?\d+", text) and -2 ** 31 <= int(text) < 2 ** 31:
        return str(int(text))
    return beanshell_string(text)


def beanshell_any(conjunctions: list[list[Term]]) -> str:
    """Conditions (modgen.vmod.warnings.early_conditions, release_conditions) in BeanShell: `||` between the
    conjunctions, `&&` within each."""
    ops = {"=": "=="}
    return " || ".join("(" + " && ".join(f"{p}{ops.get(op, op)}{bsh_value(v)}" for p, op, v in c) + ")" for c in conjunctions)


def _off_home(game: Game, conjunctions: list[list[Term]]) -> str:
    """The release conditions in BeanShell, the unit's hex tested by its coordinates, not by LocationName:
    VASSAL's BeanShell reads a hex id with a decimal point as a number, so 62.30 would not equal "62.30"
    (the unit snaps to its hex's centre, where the set-up put it: game.map.centre)."""
    out = []
    for conjunction in conjunctions:
        (home,) = [v for p, _, v in conjunction if p == "LocationName"]
        _, x, y = game.map.centre(home)
        rest = beanshell_any([[t for t in conjunction if t[0] != "LocationName"]])
        out.append(f"({rest} && (CurrentX!={x} || CurrentY!={y}))")
    return " || ".join(out)


def closure_classes(game: Game) -> list[tuple[str, ...]]:
    """The distinct sets of terrain names closed to some unit, in a fixed order: class k's warning words
    are the zone property ZONE_NOTE + k. None when the game declares no prohibited rule."""
    if not (game.movement and game.movement.prohibited_rule) or not warnings_enabled():
        return []
    return _closed_sets(game)


@per_game
def _closed_sets(game: Game) -> list[tuple[str, ...]]:
    """Every unit asks (drop_line), and every terrain zone (terrain_notes): read the units once a game."""
    return sorted({tuple(closed_terrain(game, u)) for u in game.units.values()} - {()})


def terrain_notes(game: Game, terrain_name: str) -> dict[str, str]:
    """The zone properties of a hex of `terrain_name`: each class of closed terrain's warning words there."""
    rule = game.movement.prohibited_rule if game.movement else ""
    return {f"{ZONE_NOTE}{k}": bracket(rule, prohibited_title(terrain_name)) if terrain_name in names else ""
            for k, names in enumerate(closure_classes(game))}


def drop_line(game: Game, unit: Unit) -> list[vp.Trait]:
    """The unit's name hook (a Text Label) and its DROP_WARNINGS; none when no rule can warn of its drop."""
    if not warnings_enabled():
        return []
    parts = []
    closed, classes = tuple(closed_terrain(game, unit)), closure_classes(game)
    if closed in classes:
        parts.append(f"{ZONE_NOTE}{classes.index(closed)}")
    enemies = rule_timing(game, BOTH_SIDES)
    others = [s.id for s in game.sides if s.id != unit.side]
    if enemies is not None and others:
        present = "+".join(f'SumStack("{on_side(o)}")' for o in others)
        parts.append(f'({present}>0 ? {beanshell_string(bracket(getattr(enemies, "rule"), BOTH_SIDES))} : "")')
    early = rule_timing(game, ARRIVED_EARLY)
    if early is not None and arrival_turns(game, unit):
        words = beanshell_string(bracket(getattr(early, "rule"), ARRIVED_EARLY))
        parts.append(f'({beanshell_any(early_conditions(game, unit))} ? {words} : "")')
    held = restrictions_of(game, unit)
    if held:
        words = beanshell_string(bracket(held[0].rule, BEFORE_RELEASE))
        parts.append(f'({_off_home(game, release_conditions(game, unit))} ? {words} : "")')
    if not parts:
        return []
    expression = TRIVIAL_EXPRESSION if _trivial[0] else (
        f"{{{WARNINGS_PREFERENCE}==true && CurrentMap=={beanshell_string(MAIN_MAP)} ? " + " + ".join(parts) + ' : ""}')
    return [
        vp.text_label(HOOK_TEXT, key=HOOK_LABEL_KEY, menu="", v_pos="c", v_just="c", name_format=f"$pieceName$${DROP_WARNINGS}$",
                      property_name=HOOK_PROPERTY, description="Warnings in the move's chat line (draws nothing)"),
        vp.calculated_property(DROP_WARNINGS, expression),
    ]


# "* AH 38 (12) [! TEC Unit in prohibited terrain (Swamp)] in 3.05", in the colour VASSAL's chat gives a line
# that starts with "!" (dropping the "!"), as the stacking warning's
CHECK_LINE = "! $newPieceName$ in $location$"


def check_line(hook: list[vp.Trait]) -> list[vp.Trait]:
    """The unit's part of "Check position", given its drop_line: a Report Action that prints its name, its
    warnings in it, and its hex. The check sends CHECK_KEY only to units whose DROP_WARNINGS are not empty
    (modgen.vmod.warnsweep)."""
    if not hook:
        return []
    return [vp.report_action([CHECK_KEY], CHECK_LINE, description="Warn on a check: the unit's warnings where it stands")]
