"""A checked log as text and JSON: each phase, each step's moves and rolls, the rules broken."""

from __future__ import annotations

import json

from .logcheck import LogReport


def log_text(report: LogReport) -> str:
    game = report.game
    by_step: dict[int, list] = {}
    for f in report.findings:
        by_step.setdefault(f.step, []).append(f)
    out = [f"{report.path}: {game.title} {game.version}, {report.steps} steps, {len(report.phases)} phases"]
    for ph in report.phases:
        out.append(f"{ph.label()} (steps {ph.first_step}-{ph.last_step})")
        events = [(m.step, f"{m.unit} {m.frm} -> {m.to}") for m in ph.moves]
        events += [(r.step, f"roll {r.dice} = {r.total}") for r in ph.rolls]
        for step, text in sorted(events, key=lambda e: e[0]):
            out.append(f"  step {step}: {text}")
            for f in by_step.pop(step, []):
                out.append(f"    BREAKS {f.finding.rule} {f.finding.title}: {f.finding.message}")
    for step, fs in sorted(by_step.items()):
        for f in fs:
            out.append(f"  step {step}: BREAKS {f.finding.rule} {f.finding.title}: {f.finding.message}")
    out.append(f"{len(report.findings)} finding(s)" if report.findings else "No rule broken by any step.")
    for n in report.notes:
        out.append(f"not checkable (step {n.step}): {n.finding.message}")
    for ln in report.vp:
        out.append(f"VP from the log: {game.side(ln.side).name} {ln.vp:+g} on GT {ln.gt}: {ln.source}")
    if report.victory is not None:
        out.append("Victory, first to last position of the log:")
        out.extend(f"  {line}" for line in report.victory.text_lines())
    return "\n".join(out) + "\n"


def log_json(report: LogReport) -> str:
    return json.dumps(report.as_dict(), indent=2, ensure_ascii=False) + "\n"
