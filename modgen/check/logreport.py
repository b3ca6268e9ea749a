"""A checked log as text and JSON: each phase, each step's moves and rolls, the rules broken."""

from __future__ import annotations

import json

from ..gamestate import unit_names
from .logcheck import LogReport
from .report import Names


def log_text(report: LogReport) -> str:
    """Unit ids become the names printed on the counters, as in a save's report (JSON keeps ids)."""
    game = report.game
    names = Names(unit_names(game))
    by_step: dict[int, list] = {}
    for f in report.findings:
        by_step.setdefault(f.step, []).append(f)
    out = [f"{report.path}: {game.title} {game.version}, {report.steps} steps, {len(report.phases)} phases"]
    for ph in report.phases:
        span = f"steps {ph.first_step}-{ph.last_step}" if ph.last_step >= ph.first_step else "no step"
        out.append(f"{ph.label()} ({span})")
        events = [(m.step, f"{names(m.unit)} {m.frm} -> {m.to}") for m in ph.moves]
        events += [(r.step, f"roll {r.dice} = {r.total}") for r in ph.rolls]
        for step, text in sorted(events, key=lambda e: e[0]):
            out.append(f"  step {step}: {text}")
            for f in by_step.pop(step, []):
                out.append(f"    BREAKS {f.finding.rule} {f.finding.title}: {names.in_text(f.finding.message)}")
    for step, fs in sorted(by_step.items()):
        for f in fs:
            out.append(f"  step {step}: BREAKS {f.finding.rule} {f.finding.title}: {names.in_text(f.finding.message)}")
    out.append(f"{len(report.findings)} finding(s)" if report.findings else "No rule broken by any step.")
    for n in report.notes:
        out.append(f"not checkable (step {n.step}): {names.in_text(n.finding.message)}")
    for ln in report.vp:
        out.append(f"VP from the log: {game.side(ln.side).name} {ln.vp:+g} on GT {ln.gt}: {ln.source}")
    if report.victory is not None:
        out.append("Victory, first to last position of the log:")
        out.extend(f"  {line}" for line in report.victory.text_lines())
    return "\n".join(out) + "\n"


def log_json(report: LogReport) -> str:
    return json.dumps(report.as_dict(), indent=2, ensure_ascii=False) + "\n"
