"""`modgen check SAVE --pin`: a sample's `.expected.json`, written only from findings the author
confirmed one by one (docs/samples.md).

A pinned verdict is only worth something if a person reasoned it from the rules; the checker's
output copied into a file would pin its own mistakes. So each finding is shown with its rule,
hexes, units and message and must be answered `y` to be pinned; the file gets empty `words` and
`why` for the author to fill in from the rulebook.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, TextIO

from ..atomic import write_atomic
from ..errors import ModgenError
from ..plugin_api import Finding
from .report import CheckReport


def expectation_path(save: Path) -> Path:
    return save.with_name(save.stem + ".expected.json")


def pin(report: CheckReport, save: Path, ask: Callable[[str], str], out: TextIO, force: bool = False) -> Path:
    """Ask about each finding (errors, then pending and information notes); write what was confirmed."""
    target = expectation_path(save)
    if target.exists() and not force:
        raise ModgenError(str(target), "exists already: pass --force to replace it (check-samples compares with it)")
    state = report.saves[0].state
    confirmed: dict[str, list[dict]] = {"findings": [], "notes": []}
    candidates = [("findings", f) for f in report.findings] + [("notes", f) for f in report.notes]
    for n, (kind, f) in enumerate(candidates, 1):
        out.write(f"\n[{n}/{len(candidates)}] {'error' if kind == 'findings' else f.status}: {f.rule} {f.title}\n"
                  f"    hexes: {', '.join(f.hexes) or '-'}; units: {', '.join(f.units) or '-'}\n    {f.message}\n")
        out.flush()
        if ask("pin it (the rules say so)? [y/N] ").strip().lower() in ("y", "yes"):
            confirmed[kind].append(_item(f, kind == "notes"))
    doc = {"save": save.name, "moment": state.label, "about": "", "findings": confirmed["findings"]}
    if confirmed["notes"]:
        doc["notes"] = confirmed["notes"]
    write_atomic(target, (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    out.write(f"\npinned {len(confirmed['findings'])} finding(s) and {len(confirmed['notes'])} note(s) of "
              f"{len(candidates)}: fill in each item's `words` (the rule) and `why` (how the position breaks it)\n")
    return target


def _item(f: Finding, note: bool) -> dict:
    item = {**f.key(), "words": "", "why": ""}
    if note:
        item["status"] = f.status
    return item
