"""`modgen engine MODULE [SAVE ...]`: the real VASSAL engine loads a module, each of its set-ups
and each save given, and says whether every piece stands where modgen reads it.

A module is done when VASSAL loads it with no error and no warning, every image resolves, and
every set-up puts each piece on the hex the data names. An author checks that with one command
instead of a test suite: each run is one line (its problems under it), and each unit or marker
the engine places elsewhere than modgen's own reading of the same file is named with both places.
The engine (conformance/install-engine.sh, `make engine`) must be installed.
"""

from __future__ import annotations

import zipfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence

from .build import setup_file_name
from .check.reader import load_context, read_state, state_from_save
from .engine import EngineResult, engine_available, run_engine
from .errors import ModgenError
from .gamestate import GameState
from .vassal.savefile import read_game_data

@dataclass
class EngineRun:
    """One load by the engine: the module alone, a predefined set-up, or a save."""

    label: str
    problems: list[str] = field(default_factory=list)  # the engine's errors and warnings, unresolved images
    misplaced: list[str] = field(default_factory=list)  # pieces the engine places elsewhere than modgen reads
    pieces: int = 0  # pieces compared

    @property
    def ok(self) -> bool:
        return not self.problems and not self.misplaced

    def lines(self) -> list[str]:
        head = f"{self.label}: " + ("ok" if self.ok else f"{len(self.problems)} problem(s), {len(self.misplaced)} misplaced")
        if self.pieces:
            head += f" ({self.pieces} pieces where modgen reads them)" if self.ok else f" of {self.pieces} pieces"
        return [head, *(f"  {p}" for p in self.problems), *(f"  {m}" for m in self.misplaced)]


def check_in_engine(module: Path, saves: Sequence[Path] = (), workers: int = 2) -> list[EngineRun]:
    """The module alone, each of its scenarios' set-ups, then each save, loaded by the engine."""
    why = engine_available()
    if why is not None:
        raise ModgenError(str(module), f"the VASSAL engine is not installed here ({why}): run `make engine`")
    ctx = load_context(module)
    jobs: list[tuple[str, dict, Optional[GameState]]] = [("module", {}, None)]
    with zipfile.ZipFile(module) as z:
        names = set(z.namelist())
        for sid, scenario in sorted(ctx.game.scenarios.items()):
            entry = setup_file_name(sid)
            if entry in names:
                state = state_from_save(read_game_data(z.read(entry), entry), ctx)
                jobs.append((f"set-up {scenario.name!r}", {"setup": scenario.name}, state))
    for save in saves:
        jobs.append((str(save), {"save": save}, read_state(save, module)))
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        results = list(pool.map(lambda job: run_engine(module, **job[1]), jobs))
    return [_judge(label, result, state) for (label, _, state), result in zip(jobs, results)]


def _judge(label: str, result: EngineResult, state: Optional[GameState]) -> EngineRun:
    run = EngineRun(label, [f"{p.get('level')}/{p.get('source')}: {p.get('message')}" for p in result.problems])
    if result.returncode != 0 and not result.problems:
        run.problems.append(f"the engine harness exited {result.returncode}: " + " | ".join(result.stderr.splitlines()[-3:]))
    if state is None:
        return run
    engine = {p["id"]: p for p in result.pieces}
    mine = [(u.piece_id, u.id, u.map, u.hex or u.box) for u in state.units]
    mine += [(m.piece_id, m.marker.id, m.map, m.hex or m.box) for m in state.markers]
    for piece_id, name, map_name, where in mine:
        if map_name is None:
            continue  # not on any map (a pool): nothing the engine shows
        run.pieces += 1
        got = engine.get(piece_id)
        if got is None:
            run.misplaced.append(f"{name}: modgen reads it on {map_name} {where}; the engine has no such piece")
        elif (got.get("map"), got.get("location")) != (map_name, where) and where is not None:
            run.misplaced.append(f"{name}: modgen reads {map_name} {where}; the engine shows {got.get('map')} {got.get('location')!r}")
    return run
