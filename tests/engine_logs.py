"""Turn logs recorded by the real VASSAL engine, many through one engine start.

Why: a start of the engine with a module costs seconds (Galicia's about 5, more under load); a log test
file records several logs from the same set-up. The harness's ``new-game`` action starts the set-up
afresh in the same engine (File > New Game, the game before closed unsaved), so each log begins from the
position a start of its own would give, and one start serves them all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping, Sequence

from tests.conftest import require_engine


def engine_logs(module: Path, setup: str, logs: Mapping[str, tuple[Sequence, Sequence]], folder: Path) -> dict[str, Path]:
    """name -> (actions before the log, the logged actions): each log recorded from the predefined set-up
    `setup` (begin-log, the actions, end-log) into `folder`/<name>.vlog; all in one engine start, in order."""
    from modgen.engine import run_engine

    require_engine()
    actions: list = []
    out: dict[str, Path] = {}
    for name, (before, logged) in logs.items():
        out[name] = folder / f"{name}.vlog"
        if actions:
            actions.append({"op": "new-game", "setup": setup})
        actions += [*before, {"op": "begin-log", "file": str(out[name])}, *logged, {"op": "end-log"}]
    res = run_engine(module, setup=setup, images=False, actions=actions, timeout=120 + 30 * len(logs))
    assert res.ok, res.describe()
    games = [r for r in res.of_kind("action") if r.get("op") == "new-game"]
    assert len(games) == len(logs) - 1 and all(r["game_started"] for r in games), games
    for name, log in out.items():
        assert log.is_file(), f"the engine wrote no log {name}:\n{res.describe()}"
    return out
