"""Conformance: the movement trail preference, in the real engine.

VASSAL keeps a trail's visibility per player, outside the game state, so the module turns each
player's trails on when a game opens (a Startup Global Key Command whose filter reads the
preference: sent only when it is set) and a save cannot show it: the harness's ``trails`` op asks
the engine's Footprint traits. Two engine starts of Galicia's module, the preference off (VASSAL's
default) and set as File > Preferences sets it (``--pref``): every unit carries a trail; no trail
shows without the preference, every one with it.
"""

from __future__ import annotations

import pytest

from modgen.engine import run_engine
from modgen.loader import load_game
from modgen.vmod.reports import TRAILS_PREFERENCE

from .conftest import REPO, built, require_engine

GAME = "galicia1914"


@pytest.fixture(scope="module")
def trails(tmp_path_factory) -> dict[bool, dict]:
    """The `trails` record with the preference off (False) and on (True)."""
    require_engine()
    game = load_game(REPO, GAME)
    module = built(tmp_path_factory, REPO, GAME)
    out = {}
    for on in (False, True):
        args = ["--pref", f"{TRAILS_PREFERENCE}=true"] if on else []
        res = run_engine(module, setup=game.primary_scenario.name, actions=[{"op": "trails"}], images=False,
                         harness_args=args)
        assert res.ok, res.describe()
        (rec,) = [r for r in res.of_kind("action") if r["op"] == "trails"]
        out[on] = rec
    return out


def test_every_unit_on_the_map_carries_a_trail(trails) -> None:
    game = load_game(REPO, GAME)
    on_map = sum(1 for p in game.primary_scenario.setup if p.hex)
    assert trails[False]["carried"] == trails[True]["carried"] >= on_map > 0


def test_no_trail_shows_unless_the_player_s_preference_is_set(trails) -> None:
    assert trails[False]["shown"] == 0
    assert trails[True]["shown"] == trails[True]["carried"]
