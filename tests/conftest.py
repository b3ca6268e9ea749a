"""Shared paths and built modules (built once per session: a build is the expensive step)."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
FIXTURES = SHARED / "fixtures" / "vassal-3.8"
MINI = REPO / "tests" / "data" / "mini"


@pytest.fixture(scope="session")
def mini_module(tmp_path_factory) -> Path:
    from modgen.build import build_game

    out = tmp_path_factory.mktemp("mini")
    return build_game(MINI, "mini", out).path


@pytest.fixture(scope="session")
def galicia_module(tmp_path_factory) -> Path:
    from modgen.build import build_game

    out = tmp_path_factory.mktemp("galicia")
    return build_game(REPO, "galicia1914", out).path
