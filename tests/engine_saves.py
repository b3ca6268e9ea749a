"""Positions as saves the real VASSAL engine wrote: a rules test's save goes through VASSAL.

Why: a rules test must check what a player's save holds, not only what our writer writes. The
position is written with the module's own piece definitions (modgen.vmod.compose), loaded in the
real engine and saved again by it (File > Save As): the checker then reads the engine's bytes.
All the saves of one call go through one engine start (the harness's --resave-list): a start takes
3-5 s, each further save well under one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping, Sequence

from tests.conftest import require_engine


def engine_written(module: Path, saves: Sequence[Path]) -> dict[Path, Path]:
    """Each save loaded in the engine and saved again by it, as `<name>.engine.vsav` beside it, all
    through one engine start (File > Load Game, then File > Save As, save after save); a save with any
    engine problem fails the test that asked for it, naming the save."""
    from modgen.engine import run_engine

    require_engine()
    pairs = [(save, save.with_name(save.stem + ".engine.vsav")) for save in saves]
    res = run_engine(module, resave=pairs, images=False, timeout=120 + 15 * len(pairs))
    problems = res.resaved()
    for save, out in pairs:
        assert str(save.resolve()) in problems, f"the engine never loaded {save.name}:\n{res.describe()}"
        assert problems[str(save.resolve())] == [] and out.is_file(), \
            f"the engine did not re-save {save.name} cleanly: {problems[str(save.resolve())]}"
    assert res.ok, res.describe()
    return dict(pairs)


def engine_positions(composer, module: Path, folder: Path, positions: Mapping[str, object]) -> dict[str, Path]:
    """Named Positions written by `composer`, then saved again by the engine: name -> engine's save."""
    folder.mkdir(parents=True, exist_ok=True)
    ours = {name: composer.write(pos, folder / f"{name}.vsav") for name, pos in positions.items()}
    theirs = engine_written(module, list(ours.values()))
    return {name: theirs[path] for name, path in ours.items()}
