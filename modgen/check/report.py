"""Findings and the report: text grouped by rule, and JSON with the same content.

A finding names the rule (its number in the rulebook), the hexes and units involved and
what is wrong, so a player can answer "is this position legal?" without opening VASSAL.

The text report is read in an e-mail: the findings come first and alone (the per-unit supply
table only on request), units are named as printed on their counters, columns take their
widths from the content, and lines wrap before LINE_WIDTH. The JSON keeps unit ids and maps
them to printed names in `names`.
"""

from __future__ import annotations

import json
import re
import textwrap
from dataclasses import asdict, dataclass, field
from typing import Any, Optional

from ..gamestate import GameState, unit_names
from ..plugin_api import INFO, PENDING, Finding, ReportSection, ReportSpec
from .timing import known_moment, possessive


@dataclass
class SaveResult:
    """One save checked: its state, findings, and every on-map unit's supply."""

    state: GameState
    findings: list[Finding]  # errors: the rules that hold at the save's moment
    supply: dict[str, Any]  # unit id -> rules.SupplyStatus
    notes: list[Finding] = field(default_factory=list)  # pending and information (Finding.status)
    not_applied: list[Any] = field(default_factory=list)  # timing.NotApplied: rules not applied at this moment
    overlays: list[Any] = field(default_factory=list)  # plugin_api.Overlay: what the picture draws of the game's own


@dataclass
class CheckReport:
    saves: list[SaveResult]
    victory: Any  # rules.VPReport
    extra: list[Finding] = field(default_factory=list)  # findings across saves (VP)
    spec: ReportSpec = field(default_factory=ReportSpec)  # what the game's plugin declares of its report
    sections: list[ReportSection] = field(default_factory=list)  # the plugin's own sections
    extra_notes: list[Finding] = field(default_factory=list)  # findings across saves, pending or information

    @property
    def findings(self) -> list[Finding]:
        """The errors: what sets the exit status and what the samples pin."""
        return [f for s in self.saves for f in s.findings] + list(self.extra)

    @property
    def notes(self) -> list[Finding]:
        """Pending and information: never an error."""
        return [f for s in self.saves for f in s.notes] + list(self.extra_notes)




def rule_sort_key(rule: str) -> tuple:
    parts = []
    for p in rule.replace("(", ".").replace(")", "").split("."):
        parts.append((0, int(p), "") if p.isdigit() else (1, 0, p))
    return tuple(parts)


def _group(findings: list[Finding]) -> dict[str, list[Finding]]:
    out: dict[str, list[Finding]] = {}
    for f in sorted(findings, key=lambda f: (rule_sort_key(f.rule), f.hexes, f.units)):
        out.setdefault(f.rule, []).append(f)
    return out


LINE_WIDTH = 100  # an e-mail line: unit lists and messages wrap before it
MESSAGE_MIN = 40  # a wrapped column is never narrower


class Names:
    """Unit id -> the name printed on its counter, for the text report.

    Messages come from the rules plugins with unit ids in them; an id is replaced by the name
    only where it stands as a whole token (not inside a longer id, a file name or a path), and
    only ids that cannot be an ordinary word (they carry a digit, `-` or `_`) are replaced."""

    def __init__(self, names: dict[str, str]) -> None:
        self.names = names
        ids = sorted((i for i in names if re.search(r"[\d_-]", i)), key=lambda i: (-len(i), i))
        self._pattern = (re.compile(r"(?<![\w./\\-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-]|\.\w)")
                         if ids else None)

    def __call__(self, unit_id: Optional[str]) -> str:
        return "-" if not unit_id else self.names.get(unit_id, unit_id)

    def ids_in(self, text: str) -> set[str]:
        """The unit ids in_text replaces in text."""
        return set() if self._pattern is None else {m.group(1) for m in self._pattern.finditer(text)}

    def in_text(self, text: str, glue: bool = False) -> str:
        """text with unit ids replaced by printed names; glue=True joins a name's words with
        no-break spaces (textwrap never breaks a line there), for wrap()."""
        if self._pattern is None:
            return text
        return self._pattern.sub(lambda m: self.names[m.group(1)].replace(" ", NBSP) if glue else self.names[m.group(1)],
                                 text)


NBSP = "\u00a0"


def wrap(text: str, width: int, **kw: Any) -> list[str]:
    """textwrap.wrap that breaks only at plain spaces (a glued name stays on one line)."""
    return [line.replace(NBSP, " ") for line in
            textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False, **kw)]


def report_names(report: CheckReport) -> dict[str, str]:
    """Printed names of every unit of the report's game (empty for a report of no save)."""
    return unit_names(report.saves[0].state.game) if report.saves else {}


def _wrap_items(items: list[str], width: int) -> list[str]:
    """Comma-separated items on lines of at most width (an item longer than width stands alone)."""
    lines: list[str] = []
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "")
        if lines and len(lines[-1]) + 1 + len(piece) <= width:
            lines[-1] += " " + piece
        else:
            lines.append(piece)
    return lines


def _columns(rows: list[list[list[str]]], indent: str, align: str, seps: Optional[list[str]] = None) -> list[list[str]]:
    """Rows of cells (each cell a list of lines) as text, every column at one offset: the text
    lines of each row. Widths come from the content; `align` has one letter per column (`<`
    left, `>` right), `seps` the text between columns (two spaces); the last column is not
    padded, so no line ends in spaces."""
    if not rows:
        return []
    n = len(rows[0])
    seps = seps or ["  "] * (n - 1)
    widths = [max(len(line) for row in rows for line in row[c]) for c in range(n)]
    out: list[list[str]] = []
    for row in rows:
        lines = []
        for k in range(max(len(cell) for cell in row)):
            line = indent
            for c, cell in enumerate(row):
                text = cell[k] if k < len(cell) else ""
                if c == n - 1:
                    line += text
                else:
                    line += (f"{text:>{widths[c]}}" if align[c] == ">" else f"{text:<{widths[c]}}") + seps[c]
            lines.append(line.rstrip())
        out.append(lines)
    return out


def _finding_rows(findings: list[Finding], names: Names, indent: str) -> list[list[str]]:
    """Findings as a table: `[rule] hexes  what`, the rule right-aligned so the hexes and the
    third column start at one offset. The third column is the message with units named as
    printed, preceded by the units' names when the message does not name them all. The text
    lines of each finding.

    Column widths come from all the findings given, so a long name never pushes a column out
    of line; unit lists and messages wrap before LINE_WIDTH."""
    if not findings:
        return []
    tags = [f"[{f.rule}]" for f in findings]
    hexes = [",".join(f.hexes) or "-" for f in findings]
    offset = len(indent) + max(map(len, tags)) + 1 + max(map(len, hexes)) + 2
    width = max(LINE_WIDTH - offset, MESSAGE_MIN)
    rows = []
    for f, tag, where in zip(findings, tags, hexes):
        text = f.message or f.title
        text = f"{text}; {f.when}" if f.when else text  # by when a pending rule must hold, why a note is no error
        named = names.ids_in(text)
        units = [] if all(u in named for u in f.units) else _wrap_items([names(u) for u in f.units], width)
        message = wrap(names.in_text(text, glue=True), width)
        rows.append([[tag], [where], units + message])
    return _columns(rows, indent, "><<", [" ", "  "])


def _finding_groups(findings: list[Finding], names: Names, indent: str) -> list[str]:
    """Findings grouped by rule: a `rule title` line, then the group's rows (aligned over all groups)."""
    groups = _group(findings)
    rows = iter(_finding_rows([f for group in groups.values() for f in group], names, indent + "  "))
    lines: list[str] = []
    for rule, group in groups.items():
        titles = {g.title for g in group}
        lines.append(f"{indent}{rule} {group[0].title}" if len(titles) == 1 else f"{indent}{rule}")
        for _ in group:
            lines.extend(next(rows))
    return lines


def _supply_rows(res: SaveResult, spec: ReportSpec, names: Names, indent: str) -> list[str]:
    """Every on-map unit's supply: printed name, hex, state, path, and the marker when it disagrees."""
    rows = [[["unit"], ["hex"], ["supply"], ["path"], [""]]]
    for s in sorted(res.supply.values(), key=lambda s: (s.side, s.unit)):
        length = "no path" if s.length is None else f"path {s.length}"
        src = f" to {s.source}" if s.source else ""
        mark = "" if s.marker == s.state else f"<- marker says {spec.supply_state(s.marker).name}"
        rows.append([[names(s.unit)], [s.hex], [spec.supply_state(s.state).name], [length + src], [mark]])
    return [line for row in _columns(rows, indent, "<<<<<") for line in row]


def _unit_list(ids: list[str], names: Names) -> str:
    return ", ".join(names(u).replace(" ", NBSP) for u in ids)


def _moment_lines(res: SaveResult) -> list[str]:
    """Which moment of the turn the save is at, and the rules therefore not yet applied."""
    st = res.state
    if not known_moment(st):
        return ["   moment: unknown (the turn tracker shows no phase of the game): every rule applied"]
    side = st.game.side(st.phasing_side).name if st.phasing_side else "?"
    lines = wrap(f"moment: {st.game.turns.label} {st.turn}, during {possessive(side)} {st.phase} phase "
                 f"(the phase its turn tracker shows)", LINE_WIDTH, initial_indent="   ", subsequent_indent="     ")
    if res.not_applied:
        lines.append("   not yet applied at this moment:")
        for na in res.not_applied:
            whose = f" ({', '.join(na.sides)})" if na.sides else ""
            lines.extend(wrap(f"{na.rule}{whose}: {na.when}", LINE_WIDTH,
                              initial_indent="     ", subsequent_indent="       "))
    return lines


def _note_lines(notes: list[Finding], names: Names, what: str) -> list[str]:
    """Pending findings, then information: their own sections, never errors."""
    lines: list[str] = []
    pending = [f for f in notes if f.status == PENDING]
    info = [f for f in notes if f.status == INFO]
    if pending:
        lines.append(f"   {len(pending)} {what}pending (the position may still change before the rule applies):")
        lines.extend(_finding_groups(pending, names, "   "))
    if info:
        lines.append(f"   {len(info)} {what}note(s) (rules not applied at this moment, for information):")
        lines.extend(_finding_groups(info, names, "   "))
    return lines


def text_report(report: CheckReport, supply: bool = False) -> str:
    """The report for a player reading an e-mail: per save a short header and the findings by
    rule, then VP and the total. The per-unit supply table only with supply=True (by default one
    line of supply totals stands for it). Units are named as printed on their counters."""
    names = Names(report_names(report))
    lines: list[str] = []
    for res in report.saves:
        st = res.state
        lines.append(f"== {st.save_path}: {st.game.title} {st.module.version}, {st.moment}")
        missing = st.reported_missing
        lines.extend(wrap(f"units: {len(st.units_on_map())} on the map, {len(st.off_map)} waiting, "
                          f"{len(st.eliminated)} eliminated"
                          + (f", {len(missing)} missing from the save ({_unit_list(missing, names)})" if missing else ""),
                          LINE_WIDTH, initial_indent="   ", subsequent_indent="     "))
        lines.extend(_moment_lines(res))
        if res.findings:
            lines.append(f"   {len(res.findings)} finding(s):")
            lines.extend(_finding_groups(res.findings, names, "   "))
        else:
            lines.append("   no findings: the position is legal at this moment, as far as a save can show")
        spec = report.spec
        if spec.supply_states:  # a game without per-unit supply has no such line
            counts = {s.id: sum(1 for u in res.supply.values() if u.state == s.id) for s in spec.supply_states}
            lines.append("   supply: " + ", ".join(f"{spec.supply_state(k).name} {n}" for k, n in counts.items()))
        if supply and spec.supply_states:
            lines.extend(wrap(f"supply of every unit on the map (path length = {spec.supply_length}):", LINE_WIDTH,
                              initial_indent="   ", subsequent_indent="     "))
            lines.extend(_supply_rows(res, spec, names, "     "))
        lines.extend(_note_lines(res.notes, names, ""))
    vp = report.victory
    if vp is not None:
        lines.append(f"== {report.spec.victory_title}")
        for line in vp.text_lines():
            lines.extend(wrap(names.in_text(line, glue=True), LINE_WIDTH, initial_indent="   ", subsequent_indent="     "))
    if report.extra:
        lines.append(f"   {len(report.extra)} VP finding(s):")
        lines.extend(_finding_groups(report.extra, names, "   "))
    lines.extend(_note_lines(report.extra_notes, names, "VP "))
    for section in report.sections:
        lines.append(f"== {section.title}")
        for line in section.lines:
            lines.extend(wrap(names.in_text(line, glue=True), LINE_WIDTH, initial_indent="   ", subsequent_indent="     "))
    total = len(report.findings)
    pending = sum(1 for f in report.notes if f.status == PENDING)
    info = len(report.notes) - pending
    lines.append(f"== {total} finding(s) in {len(report.saves)} save(s)"
                 + (f"; {pending} pending and {info} note(s), not errors at the saves' moments" if report.notes else ""))
    return "\n".join(lines) + "\n"


def _finding_json(f: Finding) -> dict[str, Any]:
    return asdict(f) | {"hexes": list(f.hexes), "units": list(f.units)}


def json_report(report: CheckReport) -> str:
    """The same content with unit ids; `names` maps every unit id to its printed name."""
    saves = []
    for res in report.saves:
        st = res.state
        saves.append({
            "save": st.save_path,
            "module": {"name": st.module.name, "version": st.module.version},
            "scenario": st.scenario.id if st.scenario else None,
            "turn": st.turn, "phasing_side": st.phasing_side, "phase": st.phase,
            "findings": [_finding_json(f) for f in res.findings],
            "pending": [_finding_json(f) for f in res.notes if f.status == PENDING],
            "info": [_finding_json(f) for f in res.notes if f.status == INFO],
            "moment_known": known_moment(st),
            "not_applied": [asdict(na) for na in res.not_applied],
            "supply": {u: s.as_dict() for u, s in sorted(res.supply.items())},
            "vp_recorded": st.vp_recorded,
            "eliminated": st.eliminated,
            "waiting": st.off_map,
            "missing": st.reported_missing,
            "not_in_play": st.not_in_play,
        })
    out = {"saves": saves,
           "victory": report.victory.as_dict() if report.victory is not None else None,
           "vp_findings": [_finding_json(f) for f in report.extra],
           "vp_notes": [_finding_json(f) for f in report.extra_notes],
           "supply_states": {s.id: {"name": s.name, "colour": s.colour, "legend": s.legend} for s in report.spec.supply_states},
           "sections": [{"title": s.title, "lines": list(s.lines), "data": s.data} for s in report.sections],
           "finding_count": len(report.findings),
           "pending_count": sum(1 for f in report.notes if f.status == PENDING),
           "info_count": sum(1 for f in report.notes if f.status == INFO),
           "names": dict(sorted(report_names(report).items()))}
    return json.dumps(out, indent=2, sort_keys=False) + "\n"


def expected_keys(findings: list[Finding]) -> list[dict[str, Any]]:
    return sorted((f.key() for f in findings), key=lambda k: (rule_sort_key(k["rule"]), k["title"], k["hexes"], k["units"]))

