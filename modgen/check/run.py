"""Check saves end to end (read, rules, VP) and check the shipped samples against their pins."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

from ..errors import SaveError
from ..gamestate import GameState
from ..plugin_api import Finding
from ..plugins import plugin_for
from .reader import read_state
from .report import CheckReport, SaveResult, expected_keys


def rules_for(state: GameState):
    plugin = plugin_for(state.game.id)
    if plugin is None:
        raise SaveError(state.save_path, f"no rules plugin for game {state.game.id!r}")
    return plugin


def check_states(states: Sequence[GameState]) -> CheckReport:
    """Rules on each state, then VP over all of them (they must be saves of one game)."""
    if not states:
        raise SaveError("", "no saves given")
    first = states[0]
    for st in states[1:]:
        if st.game.id != first.game.id or st.module.version != first.module.version:
            raise SaveError(st.save_path, f"is a save of {st.module.name} {st.module.version}, "
                                          f"but {first.save_path} is of {first.module.name} {first.module.version}")
    plugin = rules_for(first)
    results = [SaveResult(st, plugin.check(st), plugin.supply(st)) for st in states]
    vp = plugin.victory(list(states))
    return CheckReport(results, vp, list(vp.findings), plugin.report, plugin.sections(list(states)))


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
    """Every save under samples/: clean unless `<name>.expected.json` pins its findings exactly."""
    out: list[SampleOutcome] = []
    for save in sorted(samples_dir.rglob("*.vsav")):
        expected_path = save.with_name(save.stem + ".expected.json")
        report = check_saves([save], None, module_dirs)
        got = expected_keys(report.findings)
        if expected_path.exists():
            want = json.loads(expected_path.read_text(encoding="utf-8"))
            want = expected_keys_from_json(want)
            if got == want:
                out.append(SampleOutcome(save, True, f"{len(got)} pinned finding(s), as expected"))
            else:
                missing = [w for w in want if w not in got]
                extra = [g for g in got if g not in want]
                out.append(SampleOutcome(save, False, f"findings differ from {expected_path.name}: "
                                                      f"missing {missing}, unexpected {extra}"))
        elif got:
            out.append(SampleOutcome(save, False, f"expected clean, got {len(got)} finding(s): {got}"))
        else:
            out.append(SampleOutcome(save, True, "clean"))
    return out


def expected_keys_from_json(items: list[dict]) -> list[dict]:
    return expected_keys([Finding(i["rule"], i["title"], tuple(i.get("hexes", ())), tuple(i.get("units", ()))) for i in items])
