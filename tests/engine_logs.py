"""Turn logs recorded by the real VASSAL engine, many through one engine start.

Why: a start of the engine with a module costs seconds (Galicia's about 5, the Eastern Front's more, more
under load), and a log test file records several logs. The harness's ``new-game`` action starts a
predefined set-up afresh in the same engine (File > New Game), ``load-game`` loads a save (File > Load
Game), the game before closed unsaved: each log begins from the position a start of its own would give,
and one start serves them all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping, Sequence, Union

from tests.conftest import require_engine

Start = Union[str, Path]  # a predefined set-up's name, or a save


def record_plan(module: Path, setup: str, plan: Sequence[tuple[str, Sequence, object]], folder: Path,
                timeout: float) -> dict[str, Path]:
    """A plan of (name, actions, expected) played in order in one engine start from the set-up: a named
    entry is recorded as folder/<name>.vlog, an unnamed one is played between the logs (each log begins
    where the last ended)."""
    from modgen.engine import run_engine

    require_engine()
    actions: list = []
    out: dict[str, Path] = {}
    for name, acts, _ in plan:
        if not name:
            actions += acts
            continue
        out[name] = folder / f"{name}.vlog"
        actions += [{"op": "begin-log", "file": str(out[name])}, *acts, {"op": "end-log"}]
    res = run_engine(module, setup=setup, images=False, actions=actions, timeout=timeout)
    assert res.ok, res.describe()
    return out


def engine_logs(module: Path, logs: Mapping[str, tuple[Start, Sequence, Sequence]], folder: Path) -> dict[str, Path]:
    """name -> (where the log starts: a set-up's name or a save, actions before the log, the logged actions):
    each log recorded (begin-log, the actions, end-log) into `folder`/<name>.vlog, all in one engine start."""
    from modgen.engine import run_engine

    require_engine()
    actions: list = []
    out: dict[str, Path] = {}
    first: Start | None = None
    for name, (start, before, logged) in logs.items():
        out[name] = folder / f"{name}.vlog"
        if first is None:
            first = start  # the harness's own --setup/--save
        elif isinstance(start, Path):
            actions.append({"op": "load-game", "save": str(start.resolve())})
        else:
            actions.append({"op": "new-game", "setup": start})
        actions += [*before, {"op": "begin-log", "file": str(out[name])}, *logged, {"op": "end-log"}]
    at = {"save": first} if isinstance(first, Path) else {"setup": first}
    res = run_engine(module, **at, images=False, actions=actions, timeout=120 + 30 * len(logs))
    assert res.ok, res.describe()
    games = [r for r in res.of_kind("action") if r.get("op") in ("new-game", "load-game")]
    assert len(games) == len(logs) - 1 and all(r["game_started"] for r in games), games
    for name, log in out.items():
        assert log.is_file(), f"the engine wrote no log {name}:\n{res.describe()}"
    return out
