"""Shared paths and built modules (built once per session: a build is the expensive step)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures" / "vassal-3.8"  # engine-written saves, copied in: see its README
MINI = REPO / "tests" / "data" / "mini"


@pytest.fixture()
def mini_copy(tmp_path: Path) -> Path:
    """A copy of the mini game's data to edit (loader and schema tests)."""
    shutil.copytree(MINI, tmp_path / "root")
    return tmp_path / "root"


def refused(root: Path):
    """The DataError loading the mini game at root raises."""
    from modgen.errors import DataError
    from modgen.loader import load_game

    with pytest.raises(DataError) as info:
        load_game(root, "mini")
    return info.value


_SHIPPED_BUILDS: dict[str, Path] = {}  # game id -> its module, built once per test process


def built(tmp_path_factory, root: Path, game_id: str) -> Path:
    """A game's module built into a fresh folder. A build is the expensive step (the Eastern Front draws
    91 million pixels of map), so a shipped game's module, whose data no test changes, is built once per
    test process and shared; a game from another root (a test's altered copy) is built each time.
    Tests read the module; one that must change it copies it first."""
    from modgen.build import build_game

    shipped = Path(root).resolve() == REPO.resolve()
    if shipped and game_id in _SHIPPED_BUILDS and _SHIPPED_BUILDS[game_id].is_file():
        return _SHIPPED_BUILDS[game_id]
    path = build_game(root, game_id, tmp_path_factory.mktemp(game_id)).path
    if shipped:
        _SHIPPED_BUILDS[game_id] = path
    return path


def loaded(game_id: str):
    from modgen.loader import load_game

    return load_game(REPO, game_id)


@pytest.fixture(scope="session")
def mini_module(tmp_path_factory) -> Path:
    return built(tmp_path_factory, MINI, "mini")


@pytest.fixture(scope="session")
def galicia_module(tmp_path_factory) -> Path:
    return built(tmp_path_factory, REPO, "galicia1914")


@pytest.fixture(scope="session")
def ef_game():
    """The Eastern Front's game as loaded from the data tree."""
    return loaded("ef1914")


@pytest.fixture(scope="session")
def ef_module(tmp_path_factory) -> Path:
    """The Eastern Front's module, built once for every test file that reads saves through it."""
    return built(tmp_path_factory, REPO, "ef1914")


@pytest.fixture(scope="session")
def owc_game():
    return loaded("owc1914")


@pytest.fixture(scope="session")
def owc_module(tmp_path_factory) -> Path:
    """Ostatnia Wojna Cesarzy's module, built once for every test file that reads saves through it."""
    return built(tmp_path_factory, REPO, "owc1914")


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def skip_or_fail(reason: str) -> None:
    """Skip loudly on a developer machine; fail in CI, which must never skip the engine tests."""
    if in_ci():
        pytest.fail(f"CI is set but {reason}", pytrace=False)
    pytest.skip(reason)


def require_engine() -> None:
    from modgen.engine import engine_available

    reason = engine_available()
    if reason is not None:
        skip_or_fail(f"the VASSAL engine is unavailable: {reason}")


@pytest.fixture(scope="module")
def game():
    """The Galicia game model (the checker tests' subject)."""
    from modgen.loader import load_game

    return load_game(REPO, "galicia1914")


@pytest.fixture(scope="module")
def composer(game):
    """Writes Galicia positions as real saves for the checker tests."""
    from modgen.vmod.compose import Composer

    return Composer(game)


@pytest.fixture(scope="session")
def holland_module(tmp_path_factory) -> Path:
    return built(tmp_path_factory, REPO, "holland44")


@pytest.fixture(scope="module")
def holland():
    """The Holland '44 game model."""
    from modgen.loader import load_game

    return load_game(REPO, "holland44")


def position_runner(composer, module: Path, game_id: str, folder: Path):
    """go(pos) writes a Position as a real save, reads it back through the module and applies
    the game's rules: (state, findings, supply)."""
    from modgen.check.reader import read_state
    from modgen.plugins import plugin_for

    counter = iter(range(10_000))

    def go(pos):
        path = folder / f"p{next(counter)}.vsav"
        composer.write(pos, path)
        st = read_state(path, module=module)
        rules = plugin_for(game_id)
        return st, rules.check(st), rules.supply(st)

    return go


def in_engine_per_game(tmp_path_factory, games, name: str, job) -> dict[str, dict]:
    """Each game's module built, then `job(game_id, module, save path)` run for each, two engines at a time:
    {game_id: the job's dict with the module added}."""
    from concurrent.futures import ThreadPoolExecutor

    require_engine()
    modules = {g: built(tmp_path_factory, REPO, g) for g in games}
    folder = tmp_path_factory.mktemp(name)
    with ThreadPoolExecutor(max_workers=2) as pool:
        jobs = {g: pool.submit(job, g, modules[g], folder / f"{g}.vsav") for g in games}
        return {g: {**j.result(), "module": modules[g]} for g, j in jobs.items()}
