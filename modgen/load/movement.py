"""game.yaml `movement:` (modgen.movement): the numbers a log's moves are checked against."""

from __future__ import annotations

from typing import Optional

from ..movement import MovementRules, ZocCosts
from .nodes import Node
from .schema import flag, integer, must, number, obj, text, texts

MOVEMENT = obj("How units move, for checking logs (the TEC gives terrain costs): phases, ZOC costs, minimum and "
               "extended moves, each with the rule number a finding cites.", {
    "phases": must(texts("the phases (turns.phases names) in which the phasing side's units move by their MA")),
    "rule": must(text('the movement allowance rule ("4.1")')),
    "who_rule": text("the rule saying only the phasing side moves in those phases (the sequence of play)"),
    "prohibited_rule": text("the rule of terrain a unit may not enter or cross (default: TEC)"),
    "zoc": obj("Enemy zones of control and movement.", {
        "enter": number("extra MP to enter an EZOC hex"),
        "leave": number("extra MP to leave an EZOC hex (EZOC to EZOC pays both, unless `between` says otherwise)"),
        "between": number("extra MP for a step from one EZOC hex straight into another, instead of leave + enter"),
        "stop": flag("a unit entering an EZOC ends its move there"),
        "rule": must(text("the rule number")),
    }),
    "minimum": obj("A unit may always move this many hexes whatever the cost; it then spends no other MP.", {
        "hexes": must(integer("hexes", 1, 3)),
        "rule": must(text("the rule number")),
    }),
    "extended": obj("More MP for a unit that neither starts nor ends any hex next to an enemy unit.", {
        "bonus": must(number("extra MP")),
        "rule": must(text("the rule number")),
    }),
    "entry_phases": texts("the phases in which reinforcements arrive on the map"),
    "entry_rule": text("the reinforcement rule an early or misplaced arrival breaks"),
    "combat_phases": texts("the phases in which units move only by combat results (retreats, advances)"),
    "counter_phases": texts("the phases in which the NON-phasing side's units move by their MA (a counter movement "
                            "phase; the rules plugin's move_limits may give them a smaller allowance there)"),
    "reciprocity": obj("A unit may move from hex A to hex B only if the TEC would also let it move from B to A.", {
        "rule": must(text("the rule number")),
    }),
})


def read_movement(g: Node, phases: tuple[str, ...]) -> Optional[MovementRules]:
    """The declared movement rules, or None when game.yaml declares none (logs' moves then go unchecked)."""
    m = g.child("movement", None)
    if m is None:
        return None
    for key in ("phases", "entry_phases", "combat_phases", "counter_phases"):
        for line, value, _ in m.texts(key, []):
            if value not in phases:
                raise m.fail(key, f"{value!r} is not one of turns.phases ({', '.join(phases)})", line)
    z = m.child("zoc", None)
    zoc = ZocCosts(_number(z, "enter"), _number(z, "leave"), z.flag("stop"), z.text("rule"),
                   _number(z, "between") if z.get("between", (int, float), None) is not None else None) if z else ZocCosts()
    mini = m.child("minimum", None)
    ext = m.child("extended", None)
    return MovementRules(
        tuple(v for _, v, _ in m.texts("phases")), m.text("rule"), m.text("who_rule", ""),
        m.text("prohibited_rule", "TEC"), zoc,
        mini.integer("hexes", lo=1, hi=3) if mini else 0, mini.text("rule") if mini else "",
        _number(ext, "bonus") if ext else 0.0, ext.text("rule") if ext else "",
        tuple(v for _, v, _ in m.texts("entry_phases", [])), m.text("entry_rule", ""),
        tuple(v for _, v, _ in m.texts("combat_phases", [])), tuple(v for _, v, _ in m.texts("counter_phases", [])),
        m.child("reciprocity").text("rule") if m.child("reciprocity", None) is not None else "")


def _number(n: Node, key: str) -> float:
    value = n.get(key, (int, float), 0)
    if isinstance(value, bool) or value < 0:
        raise n.fail(key, "must be a number of MP, 0 or more")
    return float(value)
