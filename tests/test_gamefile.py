"""The game description a module carries: the model round-trips exactly, the bytes are stable,
and a damaged or foreign description is one clear error."""

from __future__ import annotations

import json
import zipfile

import pytest

from modgen.errors import ModgenError
from modgen.gamefile import ENTRY, FORMAT, game_from_json, game_json, read_game_description
from modgen.loader import load_game

from .conftest import FIXTURES, MINI, REPO


@pytest.mark.parametrize("root,gid", [(REPO, "galicia1914"), (REPO, "holland44"), (MINI, "mini")])
def test_model_round_trips_exactly(root, gid):
    game = load_game(root, gid)
    data = game_json(game)
    back = game_from_json(data, "x")
    assert back == game
    assert game_json(back) == data  # stable: what is read writes the same bytes
    # derived lookups are rebuilt, not stored
    assert back.map.board_of.keys() == game.map.board_of.keys()
    placed = next(pl for sc in game.scenarios.values() for pl in sc.setup if pl.hex)
    assert any(sc.setup_hex(placed.unit) == placed.hex for sc in back.scenarios.values())


def test_description_is_small_and_deterministic():
    a = game_json(load_game(REPO, "holland44"))
    b = game_json(load_game(REPO, "holland44"))
    assert a == b
    assert len(a) < 400_000  # 1740 hexes, 220 units: about 260 KB raw, 28 KB in the zip


def test_built_module_carries_its_game(galicia_module):
    with zipfile.ZipFile(galicia_module) as z:
        info = z.getinfo(ENTRY)
        assert info.compress_type == zipfile.ZIP_DEFLATED and info.compress_size < 40_000
    game = read_game_description(str(galicia_module), "Battle for Galicia 1914", "1.0.0")
    assert game == load_game(REPO, "galicia1914")


def test_foreign_module_is_refused_in_one_line():
    with pytest.raises(ModgenError, match="foreign module.*no modgen/game.json"):
        read_game_description(str(FIXTURES / "kitchen.vmod"), "KitchenSink", "1.2")


@pytest.mark.parametrize("data,match", [
    (b"{not json", "not a modgen game description"),
    (json.dumps({"format": 999, "game": {}}).encode(), "format 999"),
    (json.dumps({"format": FORMAT, "game": {"id": "x"}}).encode(), "damaged game description"),
    (json.dumps([1, 2]).encode(), "no 'game'"),
])
def test_bad_descriptions_are_errors(data, match):
    with pytest.raises(ModgenError, match=match) as exc:
        game_from_json(data, "m.vmod!modgen/game.json")
    assert str(exc.value).startswith("m.vmod!modgen/game.json: ")
