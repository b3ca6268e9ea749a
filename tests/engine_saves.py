"""Positions as saves the real VASSAL engine wrote: a rules test's save goes through VASSAL.

Why: a rules test must check what a player's save holds, not only what our writer writes. The
position is written with the module's own piece definitions (modgen.vmod.compose), loaded in the
real engine and saved again by it (File > Save As): the checker then reads the engine's bytes.
Runs go two at a time (the machine has two cores); one run takes 3-5 s.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Mapping, Sequence

from tests.conftest import require_engine


def engine_written(module: Path, saves: Sequence[Path], workers: int = 2) -> dict[Path, Path]:
    """Each save loaded in the engine and saved again by it, as `<name>.engine.vsav` beside it;
    a run with any engine problem fails the test that asked for it, naming the save."""
    from modgen.engine import run_engine

    require_engine()

    def one(save: Path) -> tuple[Path, Path]:
        out = save.with_name(save.stem + ".engine.vsav")
        res = run_engine(module, save=save, save_as=out, images=False)
        assert res.ok and out.is_file(), f"the engine did not re-save {save.name}:\n{res.describe()}"
        return save, out

    with ThreadPoolExecutor(max_workers=workers) as pool:
        return dict(pool.map(one, saves))


def engine_positions(composer, module: Path, folder: Path, positions: Mapping[str, object]) -> dict[str, Path]:
    """Named Positions written by `composer`, then saved again by the engine: name -> engine's save."""
    folder.mkdir(parents=True, exist_ok=True)
    ours = {name: composer.write(pos, folder / f"{name}.vsav") for name, pos in positions.items()}
    theirs = engine_written(module, list(ours.values()))
    return {name: theirs[path] for name, path in ours.items()}
