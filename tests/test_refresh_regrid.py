"""Games in progress carried over to modules with larger hexes (`modgen refresh --old-module`).

Issue 24 made the Eastern Front's and Ostatnia Wojna Cesarzy's hexes 96 px (they were 56 and 60, with
30 px margins, now 48); here the older grid is 80 px (OLD_GRID). A save written with the previous module holds the old pixels; refreshed onto the
new module with the old one at hand, every piece must stand on the same hex (or box) as before, the real
engine must load the refreshed save cleanly, and the checker must find what it found before. Without
the old module, such a save is refused (exit 2) rather than refreshed onto the wrong hexes.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO, built, require_engine
from tests.engine_saves import engine_written

# hex_size, margin of an older grid. The modules before issue 24 had 56 and 60 px hexes, which cannot hold
# counters with legible text any more (the loader refuses them); their own engine-written saves are
# refreshed in tests/test_previous_build.py. Here an 80 px grid stands for any older grid.
OLD_GRID = {"ef1914": (80, 30), "owc1914": (80, 30)}
OLD_HEX = OLD_GRID["ef1914"][0]


def old_data(tmp: Path, game_id: str) -> Path:
    """A copy of the game's data with the hex size and margin it had before (the previous build's data)."""
    root = tmp / f"{game_id}-old"
    for part in ("counters", "maps"):
        shutil.copytree(REPO / part / game_id, root / part / game_id)
    map_yaml = root / "maps" / game_id / "map.yaml"
    text = map_yaml.read_text(encoding="utf-8")
    size, margin = OLD_GRID[game_id]
    text, n_size = re.subn(r"(?m)^(\s+hex_size:) 96$", rf"\1 {size}", text)
    text, n_margin = re.subn(r"(?m)^(\s+margin:) 48$", rf"\1 {margin}", text)
    assert n_size == n_margin >= 1, "the shipped map.yaml no longer has 96 px hexes and 48 px margins"
    map_yaml.write_text(text, encoding="utf-8")
    return root


def hexes_of(save: Path, module: Path) -> dict[str, str]:
    """Piece id -> where it stands as VASSAL names it (map and hex or box), read from the save's pixels."""
    from modgen.errata.refresh import _location
    from modgen.vassal.module import read_module
    from modgen.vassal.savefile import read_game

    info, sg = read_module(module), read_game(save)
    return {p.id: f"{p.map}:{_location(info, sg, p.map, p.x, p.y)}" for p in sg.pieces}


def findings(save: Path, module: Path) -> list[dict]:
    from modgen.check.report import expected_keys
    from modgen.check.run import check_saves

    return expected_keys(check_saves([save], module).findings)


def refresh(save: Path, new: Path, out: Path, old: Path | None) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "modgen", "refresh", str(save), "--module", str(new), "-o", str(out)]
    return subprocess.run(cmd + (["--old-module", str(old)] if old else []), capture_output=True, text=True, cwd=REPO)


@pytest.fixture(scope="module")
def ef(tmp_path_factory):
    """The previous and the new Eastern Front module, and saves of the previous one."""
    from modgen.loader import load_game
    from modgen.vmod.compose import Composer, from_scenario

    tmp = tmp_path_factory.mktemp("regrid-ef")
    root = old_data(tmp, "ef1914")
    old = built(tmp_path_factory, root, "ef1914")
    new = built(tmp_path_factory, REPO, "ef1914")
    game = load_game(root, "ef1914")
    bad = from_scenario(game, game.scenarios["tannenberg"]).set_turn(3, "cp", "Attack")
    for u in ("de-1r-1r", "de-36r-1r", "de-3r"):  # 4.2: four division-equivalents in 44.22
        bad.unit(u, "44.22")
    bad.unit("de-thorn", "81.41")  # 12.1: the Thorn fortress off its set-up hex
    bad.unit("de-kg", "61.18")  # 12.4: KG out of the Konigsberg fortress hex
    ours = Composer(game).write(bad, tmp / "illegal.vsav")
    # the engine writes both saves with the previous module (one start): a player's games in progress
    from modgen.engine import run_engine

    require_engine()
    campaign, illegal = tmp / "campaign.vsav", tmp / "illegal.engine.vsav"
    res = run_engine(old, resave=[("setup:The Grand Campaign (all sheets, GT 1-45)", campaign), (ours, illegal)],
                     images=False, timeout=300)
    assert res.ok and campaign.is_file() and illegal.is_file(), res.describe()
    return {"old": old, "new": new, "saves": [campaign, illegal], "tmp": tmp}


def test_refreshed_pieces_stand_on_their_hexes_and_the_engine_loads_them(ef):
    """Every piece of both saves (five sheets, tracks, army displays) on the same hex or box as before;
    the engine loads and re-saves the refreshed saves without a problem."""
    refreshed = []
    for save in ef["saves"]:
        out = ef["tmp"] / (save.stem + ".refreshed.vsav")
        run = refresh(save, ef["new"], out, ef["old"])
        assert run.returncode == 0, run.stderr
        assert "carried to the new grid" in run.stdout, run.stdout
        refreshed.append(out)
    engine_saved = engine_written(ef["new"], refreshed)  # one engine start, both saves; clean or it fails
    for save, out in zip(ef["saves"], refreshed):
        before, after = hexes_of(save, ef["old"]), hexes_of(engine_saved[out], ef["new"])
        assert before.keys() == after.keys()
        moved = [p for p in before if before[p] != after[p]]
        assert not moved, [(p, before[p], after[p]) for p in moved[:5]]
        on_map = [p for p in before if before[p].startswith("Main Map:") and "offboard" not in before[p]]
        assert len(on_map) > 50, "the save should hold a set-up's units on the map"
        # the old pixels read on the new module name other hexes: the carry was needed
        unmoved = hexes_of(save, ef["new"])
        assert sum(unmoved[p] != before[p] for p in on_map) > 0.9 * len(on_map)


def test_refreshed_saves_check_as_before(ef):
    """`modgen check` on the refreshed save with the new module finds what it found on the old save with
    the old module (the illegal position's three breaches among them)."""
    for save in ef["saves"]:
        out = ef["tmp"] / (save.stem + ".check.vsav")
        assert refresh(save, ef["new"], out, ef["old"]).returncode == 0
        old_findings, new_findings = findings(save, ef["old"]), findings(out, ef["new"])
        assert new_findings == old_findings
    illegal = findings(ef["saves"][1], ef["old"])
    assert {f["rule"] for f in illegal} >= {"4.2", "12.1", "12.4"}, illegal


def test_a_save_of_the_old_grid_without_the_old_module_is_refused(ef, tmp_path):
    """Without --old-module the pieces would be read on the wrong hexes: exit 2, naming the cure."""
    run = refresh(ef["saves"][1], ef["new"], tmp_path / "out.vsav", None)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "--old-module" in run.stderr and "off the new module's hex grid" in run.stderr
    assert not (tmp_path / "out.vsav").exists()
    other = refresh(ef["saves"][1], ef["new"], tmp_path / "out.vsav", REPO / "tests" / "fixtures" / "vassal-3.8" / "kitchen.vmod")
    assert other.returncode == 2 and "--old-module names the module the save was written with" in other.stderr, other.stderr
    assert not (tmp_path / "out.vsav").exists()


def test_offset_within_a_hex_is_scaled_and_unchanged_grids_keep_every_pixel(ef):
    """A piece 10 px right and 6 px above its hex centre stays off-centre in the same hex, scaled by the
    hex sizes (96/OLD_HEX); with the same module as old and new, nothing moves."""
    from modgen.errata.regrid import Regrid
    from modgen.vassal.module import board_layout, read_module
    from modgen.vassal.savefile import read_game

    old, new = read_module(ef["old"]), read_module(ef["new"])
    picks = read_game(ef["saves"][1]).boards
    (board, ox, oy, _), = [p for p in board_layout(old.map("Main Map"), picks["Main Map"]) if p[0].name == "South-East"]
    names = Regrid(old, new, picks).centres(board.grid)
    cx, cy = names["20.80"]
    to = Regrid(old, new, picks).place("Main Map", ox + cx + 10, oy + cy - 6)
    (nboard, nox, noy, _), = [p for p in board_layout(new.map("Main Map"), picks["Main Map"]) if p[0].name == "South-East"]
    ncx, ncy = Regrid(old, new, picks).centres(nboard.grid)["20.80"]
    assert (to.x - nox, to.y - noy) == (ncx + round(10 * 96 / OLD_HEX), ncy - round(6 * 96 / OLD_HEX))
    same = Regrid(old, old, picks)
    assert same.place("Main Map", ox + cx + 10, oy + cy - 6) == type(to)(ox + cx + 10, oy + cy - 6)


def test_owc_save_of_the_old_grid_refreshes_onto_the_same_hexes(tmp_path_factory, tmp_path):
    """Ostatnia Wojna Cesarzy (one board, boxes in other windows): our writer's save of the old module, with
    six breaches, refreshed: same hexes, same findings."""
    from modgen.loader import load_game
    from modgen.vmod.compose import Composer, from_scenario

    root = old_data(tmp_path, "owc1914")
    old, new = built(tmp_path_factory, root, "owc1914"), built(tmp_path_factory, REPO, "owc1914")
    game = load_game(root, "owc1914")
    bad = from_scenario(game, game.scenarios["campaign"]).set_turn(3, "russia", "Repeat attacks")
    for u in ("ru-1", "ru-2", "ru-4", "ru-5"):  # 5.3: five units in 1216
        bad.unit(u, "1216")
    bad.unit("ru-6", "2301")  # 25: in an uncaptured German fortress
    save = Composer(game).write(bad, tmp_path / "illegal.vsav")
    out = tmp_path / "refreshed.vsav"
    run = refresh(save, new, out, old)
    assert run.returncode == 0, run.stderr
    assert hexes_of(out, new) == hexes_of(save, old)
    before = findings(save, old)
    assert before and findings(out, new) == before
