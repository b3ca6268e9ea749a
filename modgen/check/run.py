"""Check saves end to end (read, rules, VP) and check the shipped samples against their pins."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

from ..errors import SaveError
from ..plugin_api import Finding
from .logcheck import check_log
from .reader import read_state
from .report import CheckReport, expected_keys, rule_sort_key
from .states import check_states

__all__ = ["check_saves", "check_samples", "check_states", "read_expectation", "SampleOutcome"]


def check_saves(paths: Sequence[str | Path], module: Optional[Path] = None, module_dirs: Sequence[Path] = ()) -> CheckReport:
    """Check saves of one game; the module is `module`, or the one matching the saves (see reader.find_module)."""
    states = [read_state(p, module, module_dirs) for p in paths]
    return check_states(states)


@dataclass
class SampleOutcome:
    path: Path
    ok: bool
    message: str


def check_samples(samples_dir: Path, module_dirs: Sequence[Path]) -> list[SampleOutcome]:
    """Every save under samples/ against `<name>.expected.json` (see docs/samples.md): exactly its
    pinned errors and, where the file pins them, exactly its pending and information notes; a save
    without the file must be clean."""
    out: list[SampleOutcome] = [check_sample_log(log, module_dirs) for log in sorted(samples_dir.rglob("*.vlog"))]
    for save in sorted(samples_dir.rglob("*.vsav")):
        expected_path = save.with_name(save.stem + ".expected.json")
        report = check_saves([save], None, module_dirs)
        got = expected_keys(report.findings)
        if not expected_path.exists():
            ok = not got
            out.append(SampleOutcome(save, ok, "clean" if ok else f"expected clean, got {len(got)} finding(s): {got}"))
            continue
        want = read_expectation(expected_path)
        problems = _differ("errors", want.errors, got)
        if want.notes is not None:
            problems += _differ("notes", want.notes, sorted(
                (f.key() | {"status": f.status} for f in report.notes), key=_note_order))
        if problems:
            out.append(SampleOutcome(save, False, f"findings differ from {expected_path.name}: " + "; ".join(problems)))
        else:
            notes = f" and {len(want.notes)} note(s)" if want.notes else ""
            out.append(SampleOutcome(save, True, f"{len(got)} pinned finding(s){notes}, as expected"))
    return out


def check_sample_log(log: Path, module_dirs: Sequence[Path]) -> SampleOutcome:
    """A sample log against `<name>.expected.json` (its `findings`, each with the `step` that breaks
    the rule); a log without the file must be clean."""
    report = check_log(log, None, module_dirs)
    got = [{"step": f.step, **f.finding.key()} for f in report.findings]
    expected_path = log.with_name(log.stem + ".expected.json")
    if not expected_path.exists():
        ok = not got
        return SampleOutcome(log, ok, f"clean, {report.steps} steps" if ok else f"expected clean, got {got}")
    try:
        items = json.loads(expected_path.read_text(encoding="utf-8"))["findings"]
        want = [{"step": i["step"], **_finding(i).key()} for i in items]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise SaveError(str(expected_path), f"not a sample expectation ({type(exc).__name__}: {exc}); see docs/samples.md") from None
    problems = _differ("findings", want, got)
    if problems:
        return SampleOutcome(log, False, f"findings differ from {expected_path.name}: " + "; ".join(problems))
    return SampleOutcome(log, True, f"{len(got)} pinned finding(s) at steps {', '.join(str(g['step']) for g in got)}, as expected")


@dataclass
class Expectation:
    """A sample's pinned verdict: its errors, and its notes (None: not pinned)."""

    errors: list[dict]
    notes: Optional[list[dict]]


def read_expectation(path: Path) -> Expectation:
    """`<name>.expected.json`: an object with `findings` (errors) and `notes` (pending and
    information, each with its `status`), each item with the rule's `words` and `why` the position
    breaks it; or, as older samples have it, a bare list of errors. Only rule, title, hexes, units
    (and a note's status) are compared: the reasoning is for the reader."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        items, notes = (doc, None) if isinstance(doc, list) else (doc["findings"], doc.get("notes"))
        errors = expected_keys_from_json(items)
        pinned = None if notes is None else sorted((_finding(n).key() | {"status": n["status"]} for n in notes), key=_note_order)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise SaveError(str(path), f"not a sample expectation ({type(exc).__name__}: {exc}); see docs/samples.md") from None
    return Expectation(errors, pinned)


def _finding(item: dict) -> Finding:
    """A pinned item as the Finding it stands for (only what check-samples compares)."""
    return Finding(item["rule"], item["title"], tuple(item.get("hexes", ())), tuple(item.get("units", ())))


def _note_order(k: dict) -> tuple:
    return (rule_sort_key(k["rule"]), k["title"], k["hexes"], k["units"], k["status"])


def _differ(what: str, want: list[dict], got: list[dict]) -> list[str]:
    missing = [w for w in want if w not in got]
    extra = [g for g in got if g not in want]
    return [f"{what}: missing {missing}, unexpected {extra}"] if missing or extra else []


def expected_keys_from_json(items: list[dict]) -> list[dict]:
    return expected_keys([_finding(i) for i in items])
