"""Findings and the report: text grouped by rule, and JSON with the same content.

A finding names the rule (its number in the rulebook), the hexes and units involved and
what is wrong, so a player can answer "is this position legal?" without opening VASSAL.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any, Optional

from .state import GameState


@dataclass(frozen=True)
class Finding:
    rule: str  # rule number as printed, e.g. "5.1", "13.0", "TEC"
    title: str  # short, stable: what kind of violation
    hexes: tuple[str, ...] = ()
    units: tuple[str, ...] = ()
    message: str = ""

    def key(self) -> dict[str, Any]:
        """What a pinned expectation compares (the message may be reworded)."""
        return {"rule": self.rule, "title": self.title, "hexes": list(self.hexes), "units": list(self.units)}


@dataclass
class SaveResult:
    """One save checked: its state, findings, and every on-map unit's supply."""

    state: GameState
    findings: list[Finding]
    supply: dict[str, Any]  # unit id -> rules.SupplyStatus


@dataclass
class CheckReport:
    saves: list[SaveResult]
    victory: Any  # rules.VPReport
    extra: list[Finding] = field(default_factory=list)  # findings across saves (VP)
    supply_states: dict[str, str] = field(default_factory=dict)  # the game's supply states -> legend text
    supply_length: str = ""  # what a supply path length counts, in the game's rules

    @property
    def findings(self) -> list[Finding]:
        return [f for s in self.saves for f in s.findings] + list(self.extra)


SUPPLY_NAMES = {"in": "In-Supply", "low": "Low-Supply", "out": "Out-of-Supply"}


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


def _finding_line(f: Finding) -> str:
    where = ",".join(f.hexes) or "-"
    units = ", ".join(f.units) or "-"
    return f"  [{f.rule}] {where:<11} {units}: {f.message or f.title}"


def text_report(report: CheckReport) -> str:
    lines: list[str] = []
    for res in report.saves:
        st = res.state
        lines.append(f"== {st.save_path}: {st.game.title} {st.module.version}, {st.label}")
        lines.append(f"   units: {len(st.units_on_map())} on the map, {len(st.off_map)} waiting, "
                     f"{len(st.eliminated)} eliminated, {len(st.missing)} not in the save"
                     + (f" ({', '.join(st.missing)})" if st.missing else ""))
        if res.findings:
            lines.append(f"   {len(res.findings)} finding(s):")
            for rule, group in _group(res.findings).items():
                lines.append(f"  {rule} {group[0].title}" if len({g.title for g in group}) == 1 else f"  {rule}")
                lines.extend(_finding_line(f) for f in group)
        else:
            lines.append("   no findings: the position is legal as far as a save can show")
        lines.append(f"   supply (path length = {report.supply_length}):")
        for s in sorted(res.supply.values(), key=lambda s: (s.side, s.unit)):
            length = "no path" if s.length is None else f"path {s.length}"
            src = f" to {s.source}" if s.source else ""
            mark = "" if s.marker == s.state else f"   <- marker says {SUPPLY_NAMES[s.marker]}"
            lines.append(f"     {s.unit:<16} {s.hex:<6} {SUPPLY_NAMES[s.state]:<14} {length}{src}{mark}")
        counts = {k: sum(1 for s in res.supply.values() if s.state == k) for k in report.supply_states}
        lines.append("   supply totals: " + ", ".join(f"{SUPPLY_NAMES[k]} {n}" for k, n in counts.items()))
    vp = report.victory
    if vp is not None:
        lines.append("== Victory points (15.1)")
        lines.extend("   " + line for line in vp.text_lines())
    if report.extra:
        lines.append(f"   {len(report.extra)} VP finding(s):")
        lines.extend(_finding_line(f) for f in report.extra)
    total = len(report.findings)
    lines.append(f"== {total} finding(s) in {len(report.saves)} save(s)")
    return "\n".join(lines) + "\n"


def json_report(report: CheckReport) -> str:
    saves = []
    for res in report.saves:
        st = res.state
        saves.append({
            "save": st.save_path,
            "module": {"name": st.module.name, "version": st.module.version},
            "turn": st.turn, "phasing_side": st.phasing_side, "phase": st.phase,
            "findings": [asdict(f) | {"hexes": list(f.hexes), "units": list(f.units)} for f in res.findings],
            "supply": {u: s.as_dict() for u, s in sorted(res.supply.items())},
            "vp_recorded": st.vp_recorded,
            "eliminated": st.eliminated,
            "waiting": st.off_map,
            "missing": st.missing,
        })
    out = {"saves": saves,
           "victory": report.victory.as_dict() if report.victory is not None else None,
           "vp_findings": [asdict(f) | {"hexes": list(f.hexes), "units": list(f.units)} for f in report.extra],
           "finding_count": len(report.findings)}
    return json.dumps(out, indent=2, sort_keys=False) + "\n"


def expected_keys(findings: list[Finding]) -> list[dict[str, Any]]:
    return sorted((f.key() for f in findings), key=lambda k: (rule_sort_key(k["rule"]), k["title"], k["hexes"], k["units"]))


def unit_label(u: Optional[str]) -> str:
    return u or "-"
