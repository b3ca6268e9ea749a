"""What a Report Action prints, read from the traits modgen writes, without an engine: the format with
each `$X_Report$` Calculated Property replaced by its words for a layer level.

Why: a state's or a flip's report is one Report Action whose words come from a Calculated Property
of the level the key left (modgen.vmod.reports); the engine tests (test_conformance_chat,
test_conformance_state_layers) print them in VASSAL, these helpers let the module's own tests read
the lines it holds."""

from __future__ import annotations

import re

from modgen.vassal.pieces import Trait
from modgen.vassal.sequence import decode

_BRANCH = re.compile(r'(\w+)==(\d+) \? "((?:[^"\\]|\\.)*)"')
_DEFAULT = re.compile(r': "((?:[^"\\]|\\.)*)"\}$')


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def level_words(expression: str) -> dict[int, str]:
    """`{L==2 ? "a" : L==3 ? "b" : "c"}` -> {2: "a", 3: "b", 1: "c"} (level 1, the default, last)."""
    words = {int(level): _unquote(text) for _, level, text in _BRANCH.findall(expression)}
    default = _DEFAULT.search(expression)
    assert default, expression
    words[1] = _unquote(default.group(1))
    return words


def report_lines(traits: list[Trait], key: str) -> dict[int, str]:
    """The lines the Report Action on `key` prints, by the level of the layer its words follow."""
    report = next(t for t in traits if t.prefix == "report;" and key in decode(t.fields[0], ","))
    fmt = report.fields[1]
    calcs = {t.fields[0]: t.fields[1] for t in traits if t.prefix == "calcProp;"}
    words = [name for name in re.findall(r"\$(\w+_Report)\$", fmt) if name in calcs]
    if not words:
        return {0: fmt}
    assert len(words) == 1, fmt
    return {level: fmt.replace(f"${words[0]}$", text) for level, text in level_words(calcs[words[0]]).items()}
