"""Games in progress survive the rebuild: saves written by the previous build refresh onto the new module.

`tests/fixtures/previous-build/` holds, for each shipped game, a save the real engine wrote with the module
modgen built before issue 24 (larger hexes for some games, new counter art, new traits): the game's largest
set-up with one unit reduced (Ctrl+F), or hidden (Ctrl+M) where the counters have one side. Beside it, that
module's grids and game description (`<game>.grids.vmod`: board images blank, same sizes).

What must hold, reasoned from what a player expects of Refresh Counters, not from modgen's output:
- `modgen refresh SAVE --module NEW --old-module OLD` rewrites every piece with the new definitions (none
  missing: gpids are unchanged) and puts each unit on the hex it stood on, even where the hex grid grew;
- the reduced (or hidden) unit is still reduced (hidden);
- `modgen check` finds in the refreshed save what it found in the old one with the old module: nothing,
  since each save is a scenario's own set-up (clean at its moment: tests/test_scenario_setups.py) with one
  unit lighter than the set-up (a reduced unit has fewer steps; 5.x-style stacking limits only count down);
- the real engine loads the refreshed save with no problem.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from modgen.check.reader import is_masked, layer_level
from modgen.cli import main as modgen_main
from modgen.conventions import MAIN_MAP, STEP_LAYER
from modgen.vassal.module import map_location, read_module
from modgen.vassal.savefile import read_game

from .conftest import REPO, built
from .engine_saves import engine_written

FIXTURES = REPO / "tests" / "fixtures" / "previous-build"
GAMES = ("galicia1914", "holland44", "owc1914", "ef1914")


def _unit_hexes(save: Path, module: Path) -> dict[str, str]:
    """gpid -> hex of every unit on the main map, named by the module's own grids."""
    info = read_module(module)
    game = read_game(save)
    picks = game.boards.get(MAIN_MAP)
    return {p.gpid: map_location(info, MAIN_MAP, p.x, p.y, picks)
            for p in game.pieces if p.map == MAIN_MAP and "UnitId" in p.piece.type}


def _findings(save: Path, module: Path, capsys: pytest.CaptureFixture[str]) -> list[tuple[str, str]]:
    capsys.readouterr()
    modgen_main(["check", str(save), "--module", str(module), "--json"])
    report = json.loads(capsys.readouterr().out)
    return sorted((f.get("rule", ""), f.get("hex", "")) for s in report["saves"] for f in s["findings"])


@pytest.fixture(scope="module", params=GAMES)
def carried(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    gid = request.param
    tmp = tmp_path_factory.mktemp(f"previous-{gid}")
    new = built(tmp_path_factory, REPO, gid)
    old_save = shutil.copy(FIXTURES / f"{gid}.vsav", tmp / "old.vsav")
    out = tmp / "refreshed.vsav"
    code = modgen_main(["refresh", str(old_save), "--module", str(new), "--old-module",
                        str(FIXTURES / f"{gid}.grids.vmod"), "-o", str(out)])
    assert code == 0, f"{gid}: refresh exited {code}"
    return {"gid": gid, "old": Path(old_save), "old_module": FIXTURES / f"{gid}.grids.vmod", "new": new, "out": out}


def test_every_unit_stays_on_its_hex(carried: dict[str, Path]) -> None:
    before = _unit_hexes(carried["old"], carried["old_module"])
    after = _unit_hexes(carried["out"], carried["new"])
    assert before and "offboard" not in before.values()
    moved = {g: (before[g], after.get(g)) for g in before if after.get(g) != before[g]}
    assert not moved, f"{carried['gid']}: units not on their hex after refresh (gpid: before, after): {moved}"


def test_the_step_losses_and_hidden_units_are_carried(carried: dict[str, Path]) -> None:
    old, new = read_game(carried["old"]), read_game(carried["out"])
    states = {p.gpid: p.piece for p in new.pieces}

    def marked(piece) -> tuple[bool, bool]:  # (on its reduced side, masked by someone)
        return layer_level(piece, STEP_LAYER) == 2, is_masked(piece)

    differs = {p.gpid: (marked(p.piece), marked(states[p.gpid])) for p in old.pieces if marked(p.piece) != marked(states[p.gpid])}
    assert not differs, f"{carried['gid']}: (reduced, hidden) before and after refresh differ: {differs}"
    assert any(marked(p.piece)[0] for p in old.pieces) or any(marked(p.piece)[1] for p in old.pieces)


def test_checks_as_before(carried: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert _findings(carried["old"], carried["old_module"], capsys) == []
    assert _findings(carried["out"], carried["new"], capsys) == []


def test_the_engine_loads_the_refreshed_save(carried: dict[str, Path]) -> None:
    engine_written(carried["new"], [carried["out"]])
