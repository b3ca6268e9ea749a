"""game.yaml `checks:` (modgen.declared_rules): the rules modgen check applies to a game with no plugin."""

from __future__ import annotations

from typing import Optional

from ..declared_rules import CHECKED, HOLDS, DeclaredChecks, DeclaredRule
from .nodes import Node
from .schema import choice, must, obj, text

_RULE = {
    "rule": must(text('the rule number as printed ("5.1", "TEC")')),
    "words": text("the rulebook's words the check rests on (shown in the report's rule list)"),
    "holds": choice("when it holds: always (default) | end_of_phase (with phase) | end_of_turn", HOLDS),
    "phase": text("end_of_phase: the phase (turns.phases) at whose end of the owner's player turn it holds"),
}
CHECKS = obj("Rules modgen check applies when the game has no rules plugin of its own; each is checked only if "
             "declared, and cites its rule number.", {key: obj(f"Declared rule: {what}.", dict(_RULE)) for key, what in CHECKED.items()})


def read_checks(g: Node, phases: tuple[str, ...]) -> Optional[DeclaredChecks]:
    """The declared rules, or None when game.yaml declares none."""
    c = g.child("checks", None)
    if c is None:
        return None
    found: dict[str, DeclaredRule] = {}
    for key in CHECKED:
        n = c.child(key, None)
        if n is None:
            continue
        holds = n.choice("holds", HOLDS, "always")
        phase = n.text("phase", "")
        if holds == "end_of_phase" and not phase:
            n.fail("phase", "end_of_phase needs the phase it holds at the end of")
        if phase and phase not in phases:
            n.fail("phase", f"{phase!r} is not one of turns.phases ({', '.join(phases)})")
        found[key] = DeclaredRule(n.text("rule"), n.text("words", ""), holds, phase)
    return DeclaredChecks(**found)
