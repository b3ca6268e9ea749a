"""Hidden units in the real engine's own view (issue 14: "hidden pieces unreadable to the opponent").

Ostatnia Wojna Cesarzy's units hide face down by their owner (16); the sample illegal.vsav holds
German XVII Corps and the Russian 1st Army HQ face down. The engine loads it once as each side:
the owner reads the unit's name, the opponent only the national back's.
"""

from __future__ import annotations

import pytest

from modgen.loader import load_game

from .conftest import REPO, require_engine

SAVE = REPO / "samples" / "owc1914" / "illegal.vsav"


@pytest.fixture(scope="module")
def views(owc_module):
    require_engine()
    from modgen.engine import run_engine

    game = load_game(REPO, "owc1914")
    out = {}
    for side in ("Allies", "Russia"):
        result = run_engine(owc_module, save=SAVE, side=side, images=False)
        assert result.ok, result.describe()
        out[side] = {p["gpid"]: p["name"] for p in result.pieces if p.get("gpid")}
    return game, out


@pytest.mark.parametrize("unit,owner,opponent", [("de-17", "Allies", "Russia"), ("ru-hq-1", "Russia", "Allies")])
def test_a_hidden_unit_is_named_to_its_owner_only(views, unit, owner, opponent):
    game, seen = views
    gpid = game.gpid("unit", unit)
    name = game.units[unit].name
    nation = game.nationalities[game.units[unit].nationality].name
    assert name in seen[owner][gpid], seen[owner][gpid]
    assert name not in seen[opponent][gpid] and nation in seen[opponent][gpid], seen[opponent][gpid]


def test_a_face_up_unit_is_named_to_both(views):
    game, seen = views
    gpid = game.gpid("unit", "ru-3")
    assert game.units["ru-3"].name in seen["Allies"][gpid] and game.units["ru-3"].name in seen["Russia"][gpid]
