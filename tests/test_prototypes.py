"""Prototypes (issue 24): the traits a group of pieces shares are defined once, and nothing placed changes.

For every shipped game the module is built as `modgen build` builds it, and the module of the build
before prototypes ("previous") is made from the same data with prototypes off (its buildFile writes
every palette piece in full, as modules were written before). Then:
- every palette slot of the new module, expanded as placing it does, is trait for trait the piece the
  previous module's slot holds, with the same gpid; and our expansion is the piece definition itself;
- the buildFile is smaller (the figures are printed), and writing it again gives the same bytes;
- the real engine (VASSAL 3.6) loads both modules with no problem, and each slot piece it expands
  (PieceCloner, the harness's `slot` records) is the same in both, as are the setup's pieces;
- `modgen refresh` of a save of the previous module onto the new one leaves every piece unchanged.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from modgen.build import image_jobs, module_texts
from modgen.layout import tracks_layout
from modgen.loader import load_game
from modgen.vassal.module import read_module
from modgen.vassal.pieces import Piece, Trait, basic_piece, decode_piece, expand_prototypes, prototype
from modgen.vmod.prototypes import Group, factor

from .conftest import REPO, built, require_engine

GAMES = ["galicia1914", "holland44", "owc1914", "ef1914"]


# ---- the transform, on pieces made up here ----------------------------------------------------------


def _t(name: str, size: int = 200) -> Trait:
    return Trait(f"report;{name};" + "x" * size, "-1")


def _piece(*traits: Trait, gpid: str = "1") -> Piece:
    return Piece([*traits, basic_piece("n", gpid=gpid)])


def test_factor_defines_a_shared_run_once_and_expands_back():
    a, b, c, d, own = _t("a"), _t("b"), _t("c"), _t("d"), _t("own")
    pieces = {i: _piece(a, b, _t(f"u{i}"), c, d, gpid=str(i)) for i in range(5)}
    pieces[5] = _piece(a, b, own, c, gpid="5")  # no d: the group shares (a, b) and c, not (c, d)
    protos, out = factor(pieces, [Group("Red units", tuple(range(6)))])
    by_name = {p.name: Piece([*p.traits, basic_piece("")]) for p in protos}
    assert [(p.name, [t.type.split(";")[1] for t in p.traits]) for p in protos] == [
        ("Red units", ["a", "b"]), ("Red units 2", ["c", "d"])]  # (c, d) in five saves more than c in six
    assert out[0].traits[0] == prototype("Red units") and out[0].traits[2] == prototype("Red units 2")
    assert out[5].traits[:4] == [prototype("Red units"), own, c, pieces[5].basic]
    for i, p in pieces.items():
        assert expand_prototypes(out[i], by_name).traits == p.traits


def test_factor_leaves_alone_what_is_not_shared_enough():
    a = _t("a", 20)
    twice = _t("t")
    pieces = {i: _piece(a, twice, twice, gpid=str(i)) for i in range(4)}
    protos, out = factor(pieces, [Group("all", tuple(range(4))), Group("one", (0,))])
    assert protos == [] and all(out[i].traits == pieces[i].traits for i in pieces)  # a: too short; twice: held twice


def test_a_prototype_name_with_a_semicolon_round_trips():
    ref = prototype("A; B")
    assert ref.type == "prototype;A\\; B"
    p = expand_prototypes(Piece([ref, basic_piece("n")]), {"A; B": Piece([_t("a"), basic_piece("")])})
    assert [t.type.split(";")[1] for t in p.traits[:-1]] == ["a"]


# ---- every shipped game -------------------------------------------------------------------------------


def _previous(module: Path, game_id: str, out: Path) -> tuple[Path, int, int]:
    """The module as built before prototypes (same entries, the buildFile written in full), and the
    sizes of both buildFiles. Also checks that the new module's buildFile is what module_texts writes."""
    game = load_game(REPO, game_id)
    layout = tracks_layout(game, list(game.scenarios.values()))
    _, charts, boards, displays = image_jobs(game, layout)
    new, _ = module_texts(game, layout, charts, boards, displays)
    old, _ = module_texts(game, layout, charts, boards, displays, prototypes=False)
    with zipfile.ZipFile(module) as src, zipfile.ZipFile(out, "w") as dst:
        assert src.read("buildFile.xml") == new
        for info in src.infolist():
            dst.writestr(info, old if info.filename == "buildFile.xml" else src.read(info.filename))
    return out, len(old), len(new)


@pytest.fixture(scope="module", params=GAMES)
def pair(request, tmp_path_factory) -> tuple[str, Path, Path, int, int]:
    """(game id, new module, previous module, previous buildFile bytes, new buildFile bytes)."""
    folder = tmp_path_factory.mktemp(request.param)
    module = built(tmp_path_factory, REPO, request.param)
    previous, before, after = _previous(module, request.param, folder / f"{request.param}-previous.vmod")
    return request.param, module, previous, before, after


def test_every_slot_expands_to_the_previous_piece_with_the_same_gpid(pair):
    game_id, module, previous, _, _ = pair
    new, old = read_module(module), read_module(previous)
    assert old.prototypes == {} and new.prototypes
    assert list(new.slots) == list(old.slots)
    assert [s.entry_name for s in new.slots.values()] == [s.entry_name for s in old.slots.values()]
    used: set[str] = set()
    defined = sum(len(s.defined.traits) for s in new.slots.values() if s.defined is not None)
    assert defined < sum(len(s.piece.traits) for s in old.slots.values()) * 0.6
    for gpid, slot in new.slots.items():
        before = old.slots[gpid].piece
        used.update(t.type[len("prototype;"):] for t in slot.defined.traits if t.prefix == "prototype;")
        assert len(slot.piece.traits) == len(before.traits), slot.entry_name
        for mine, theirs in zip(slot.piece.traits, before.traits):  # trait by trait: type and state
            assert (mine.type, mine.state) == (theirs.type, theirs.state), (slot.entry_name, mine.prefix)
        assert slot.piece.basic_state.gpid == gpid == before.basic_state.gpid
        # the same, read from the text as written (decode both)
        assert decode_piece(slot.piece.type, slot.piece.state).traits == before.traits
    assert used == set(new.prototypes), "every prototype is used by some slot"
    for name, proto in new.prototypes.items():  # a plain definition: traits around a nameless BasicPiece
        assert proto.basic.type == "piece;;;;" and proto.basic.state == "null;0;0;;0", name
        assert not any(t.prefix == "prototype;" for t in proto.traits), name


def test_the_buildfile_is_smaller(pair):
    """(The build's buildFile is the one module_texts writes again here, in this process: _previous.)"""
    game_id, module, _, before, after = pair
    print(f"\n{game_id}: buildFile.xml {before:,} -> {after:,} bytes ({100 * (before - after) // before}% smaller), "
          f"{len(read_module(module).prototypes)} prototypes")
    assert after < before * 0.9
    with zipfile.ZipFile(module) as z:  # the set-ups hold the pieces written in full, as the engine writes them
        for name in z.namelist():
            if name.startswith("setup_"):
                assert b"prototype;" not in z.read(name)


def test_refresh_of_a_save_of_the_previous_build_is_as_onto_the_previous_module(pair, tmp_path):
    """The engine-written save of the previous build (tests/fixtures/previous-build: a game in progress, a
    unit reduced or hidden) refreshed onto the new module gives the bytes a refresh onto the module built
    without prototypes gives: the same outcome for every piece, the same pieces written."""
    from modgen.errata.refresh import refresh_save

    game_id, module, previous, _, _ = pair
    save = REPO / "tests" / "fixtures" / "previous-build" / f"{game_id}.vsav"
    grids = REPO / "tests" / "fixtures" / "previous-build" / f"{game_id}.grids.vmod"  # games whose hexes grew since
    onto_new = refresh_save(save, module, tmp_path / "new.vsav", old_module=grids)
    onto_old = refresh_save(save, previous, tmp_path / "old.vsav", old_module=grids)
    assert onto_new.pieces and onto_new.count("missing") == 0
    assert [(p.id, p.status, p.notes) for p in onto_new.pieces] == [(p.id, p.status, p.notes) for p in onto_old.pieces]
    assert (tmp_path / "new.vsav").read_bytes() == (tmp_path / "old.vsav").read_bytes()


def _slot_records(result) -> dict[str, tuple[str, str]]:
    return {r["gpid"]: (r["type"], r["state"]) for r in result.of_kind("slot")}


def _piece_records(result) -> list[tuple]:
    return [(r["id"], r["map"], r["x"], r["y"], r["type"], r["state"]) for r in result.of_kind("piece")]


# The engine's own expansion is checked on the two games whose prototypes differ most in kind (Galicia: one
# nationality per side; Holland '44: many nationalities, morale and masks by tag); the transform knows no game,
# and every slot of every game is compared without the engine above. Two engine loads of the Eastern Front
# would cost a minute of the suite for the same code path.
ENGINE_GAMES = ("galicia1914", "holland44")


def test_the_engine_expands_every_slot_to_the_previous_piece_and_refresh_changes_nothing(pair, tmp_path):
    from modgen.engine import run_engine
    from modgen.errata.refresh import refresh_save

    require_engine()
    game_id, module, previous, _, _ = pair
    if game_id not in ENGINE_GAMES:
        pytest.skip(f"the engine's expansion is checked on {', '.join(ENGINE_GAMES)} (see ENGINE_GAMES)")
    setup = next(n for n, f in read_module(module).setups.items() if f)
    saved = tmp_path / "previous.vsav"
    old = run_engine(previous, setup=setup, save_as=saved, timeout=240)
    new = run_engine(module, setup=setup, timeout=240)
    assert old.ok, old.describe()
    assert new.ok, new.describe()  # no warning at load: the prototypes are found and drawn
    theirs, mine = _slot_records(old), _slot_records(new)
    assert len(mine) == len(read_module(module).slots) and set(mine) == set(theirs)
    for gpid, (type_, state) in mine.items():
        got, want = decode_piece(type_, state).traits, decode_piece(*theirs[gpid]).traits
        assert [t.prefix for t in got] == [t.prefix for t in want], gpid
        assert got == want, gpid
    assert _piece_records(new) == _piece_records(old)
    assert any("prototype;" in r["defined"] for r in new.of_kind("slot"))

    # a save the engine wrote with the previous module, refreshed onto the new one: as onto the previous
    onto_new = refresh_save(saved, module, tmp_path / "new.vsav")
    onto_old = refresh_save(saved, previous, tmp_path / "old.vsav")
    assert [(p.id, p.status, p.notes) for p in onto_new.pieces] == [(p.id, p.status, p.notes) for p in onto_old.pieces]
    assert onto_new.count("missing") == 0
    assert (tmp_path / "new.vsav").read_bytes() == (tmp_path / "old.vsav").read_bytes()
    # the module's own set-up (written in full, as by the build before): every piece unchanged
    with zipfile.ZipFile(previous) as z:
        setup_save = tmp_path / "setup.vsav"
        setup_save.write_bytes(z.read(read_module(previous).setups[setup]))
    ours = refresh_save(setup_save, module, tmp_path / "setup-new.vsav")
    assert ours.pieces and all(p.status == "unchanged" for p in ours.pieces), [p for p in ours.pieces if p.status != "unchanged"]
