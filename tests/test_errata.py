"""Errata end to end: build, play a few moves, publish errata, rebuild, `diff`, `refresh` the save.

For the mini game and Battle for Galicia: a save "in the middle of a game" is written from the
module's own setup (a unit moved to an empty hex, one moved onto another stack, one flipped, one
masked, a CE marker stacked under a unit, a persistent property, a global property, a player);
the data tree is copied, two counters' values and one hex's terrain changed and the version
bumped; the rebuilt module must keep every gpid, `diff` must report exactly those changes, and
`refresh` must give a save whose pieces sit where they were, in the same stacks and order, with
the same Layer level and Mask state, but carrying the new module's definitions. If the VASSAL
engine is installed, the refreshed saves are loaded in it too (skip otherwise; fail under CI).
"""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from .conftest import require_engine

from modgen.build import build_game
from modgen.cli import main
from modgen.loader import load_game
from modgen.model import Game
from modgen.vmod.piecedefs import factor_row
from modgen.vassal.module import ModuleInfo, read_module
from modgen.vassal.pieces import BasicState, Piece, Trait
from modgen.vassal.savefile import GlobalValue, SaveContent, SavedGame, StackSpec, read_game, read_game_data, write_game
from modgen.vassal.sequence import TAB, encode

REPO = Path(__file__).resolve().parents[1]
MAIN, TRACKS = "Main Map", "Tracks"


@dataclass
class Errata:
    """One game's errata: which counters change which value, which hex becomes woods."""

    game_id: str
    root: Path
    counters: dict[str, tuple[str, int]]  # unit id -> (field, new value)
    hex: str
    flip: str  # unit ids exercised by the save
    mask: str
    joiner_side: str  # the side a PLAYER line gives away (the engine run joins as the other)


GAMES = {
    "mini": Errata("mini", REPO / "tests" / "data" / "mini", {"rd-1": ("attack", 6), "bl-1": ("defense", 3)}, "4.02",
                   "rd-1", "bl-1", "Red"),
    "galicia1914": Errata("galicia1914", REPO, {"ru-inf-18": ("attack", 7), "ru-inf-45": ("defense", 5)}, "12.10",
                          "ru-inf-18", "ru-inf-45", "Austria-Hungary"),
}
PROPERTY = {"Attack": "attack", "Defense": "defense"}


# ---- errata applied to a copy of the data ------------------------------------------------------


def copy_data(src: Path, game_id: str, dst: Path) -> Path:
    for kind in ("counters", "maps"):
        shutil.copytree(src / kind / game_id, dst / kind / game_id)
    return dst


def set_unit_value(text: str, unit_id: str, field_name: str, value: int) -> str:
    """Change the first (full-side) `field: N` of one unit, block or flow YAML alike."""
    start = re.search(rf"id: {re.escape(unit_id)}\b", text)
    assert start, unit_id
    end = re.compile(r"\n\s*- (\{\s*)?id:").search(text, start.end())
    stop = end.start() if end else len(text)
    block = text[start.start():stop]
    new = re.sub(rf"\b{field_name}: \d+", f"{field_name}: {value}", block, count=1)
    assert new != block, (unit_id, field_name)
    return text[:start.start()] + new + text[stop:]


def apply_errata(e: Errata, root: Path, *, remove: str | None = None) -> None:
    units = root / "counters" / e.game_id / "units.yaml"
    text = units.read_text()
    for uid, (fname, value) in e.counters.items():
        text = set_unit_value(text, uid, fname, value)
    if remove:
        text = re.sub(rf"\n\s*- \{{id: {re.escape(remove)},[^\n]*", "", text)
        sc = next((root / "counters" / e.game_id / "scenarios").glob("*.yaml"))
        sc.write_text(re.sub(rf"\n\s*- \{{unit: {re.escape(remove)},[^\n]*", "", sc.read_text()))
    units.write_text(text)
    terrain = root / "maps" / e.game_id / "terrain.yaml"
    t = terrain.read_text()
    new = re.sub(r"(woods:\s*\[\s*)", rf'\g<1>"{e.hex}", ', t, count=1)
    assert new != t
    terrain.write_text(new)
    game = root / "counters" / e.game_id / "game.yaml"
    g = game.read_text()
    new = re.sub(r'^version: "([^"]*)"', r'version: "\1-errata1"', g, count=1, flags=re.M)
    assert new != g
    game.write_text(new)


# ---- a save in the middle of a game ------------------------------------------------------------


def marker_values(piece: Piece) -> dict[str, str]:
    from modgen.errata.diff import piece_values

    return piece_values(piece)[0]


def with_state(piece: Piece, prefix: str, state: str) -> Piece:
    """The piece with its one trait `prefix` in `state`; of the Layers, the Step or Face layer (a unit's
    state layers, markers.yaml on_unit, stay as they are)."""
    from modgen.conventions import FACE_LAYER, LAYER_NAME_FIELD, STEP_LAYER

    def chosen(t: Trait) -> bool:
        return t.prefix == prefix and (prefix != "emb2;" or t.fields[LAYER_NAME_FIELD] in (STEP_LAYER, FACE_LAYER))

    assert len([t for t in piece.traits if chosen(t)]) == 1, piece.type
    return Piece([Trait(t.type, state) if chosen(t) else t for t in piece.traits])


def setup_of(module_path: Path, module: ModuleInfo) -> SavedGame:
    entry = next(iter(module.setups.values()))
    with zipfile.ZipFile(module_path) as z:
        return read_game_data(z.read(entry), entry)


def midgame_save(e: Errata, game: Game, module_path: Path, out: Path) -> dict[str, str]:
    """Write out: the module's setup plus moves, a flip, a mask and a CE marker; returns what was done."""
    module = read_module(module_path)
    sg = setup_of(module_path, module)
    pieces = {r.id: r.piece for r in sg.pieces}
    order = [r.id for r in sg.pieces]
    stacks = {s.id: list(s.piece_ids) for s in sg.stacks}
    unit_of = {pid: marker_values(p).get("UnitId") for pid, p in pieces.items()}
    pid_of = {u: pid for pid, u in unit_of.items() if u}

    def stack_of(pid: str) -> str:
        return next(sid for sid, ids in stacks.items() if pid in ids)

    def place(pid: str, x: int, y: int, onto: str | None, new_id: str) -> None:
        old = stack_of(pid)
        stacks[old].remove(pid)
        if not stacks[old]:
            del stacks[old]
        bs = pieces[pid].basic_state
        pieces[pid] = pieces[pid].with_basic_state(BasicState(MAIN, x, y, bs.gpid, bs.properties))
        if onto is None:
            stacks[new_id] = [pid]
        else:
            stacks[onto].append(pid)

    main_units = [pid for pid in order if unit_of.get(pid) and pieces[pid].basic_state.map == MAIN]
    done: dict[str, str] = {}
    flip, mask = pid_of[e.flip], pid_of[e.mask]
    occupied = {(pieces[p].basic_state.x, pieces[p].basic_state.y) for p in order if pieces[p].basic_state.map == MAIN}
    free = next(h for h in reversed(game.map.hex_ids()) if game.map.centre(h)[1:] not in occupied)
    mover = next(p for p in main_units if p not in (flip, mask))
    _, x, y = game.map.centre(free)
    place(mover, x, y, None, "8000000000001")
    done["moved"] = mover
    target = stack_of(flip)
    units = [p for p in order if unit_of.get(p)]  # a unit from another hex, or a reinforcement, joins
    joiner = next(p for p in reversed(units) if p not in (flip, mask, mover) and p not in stacks[target])
    bs = pieces[flip].basic_state
    place(joiner, bs.x, bs.y, target, "")
    done["joined"] = joiner
    pieces[flip] = with_state(pieces[flip], "emb2;", "2")
    done["flipped"] = flip
    side = next(s.name for s in game.sides if s.id == game.units[e.mask].side)
    pieces[mask] = with_state(pieces[mask], "obs;", encode([side, "|0"], ";"))
    done["masked"] = mask
    # a BasicPiece persistent property on the mover
    mb = pieces[mover].basic_state
    pieces[mover] = pieces[mover].with_basic_state(BasicState(mb.map, mb.x, mb.y, mb.gpid, {"Moved": "true"}))
    # a CE marker (flipped to its back) under the flipped unit
    ce = next(s for s in module.slots.values() if marker_values(s.piece).get("Kind") in ("ce", "combat_effect"))
    marker = ce.piece.with_basic_state(BasicState(MAIN, bs.x, bs.y, ce.gpid, {}))
    if marker.find("emb2;"):
        marker = with_state(marker, "emb2;", "2")
    pieces["1700000000001"] = marker
    order.append("1700000000001")
    stacks[target].insert(0, "1700000000001")
    done["marker"] = "1700000000001"
    content = SaveContent(
        pieces=[(pid, pieces[pid]) for pid in order],
        stacks=[StackSpec(sid, ids) for sid, ids in stacks.items()],
        boards=dict(sg.boards),
        global_properties=[GlobalValue(f"VP_{game.sides[0].id}", "3")],
        module_name=module.name,
        module_version=module.version,
        description="errata test: in the middle of a game",
        extra_commands=[encode(["PLAYER", "pw-first", "Alice", e.joiner_side], TAB)],
    )
    write_game(out, content)
    return done


# ---- the scenario, once per game -----------------------------------------------------------------


@dataclass
class Scenario:
    e: Errata
    old_game: Game
    new_game: Game
    old_module: Path
    new_module: Path
    save: Path
    done: dict[str, str]
    refreshed: Path
    new_data: Path
    refresh_code: int = -1
    refresh_out: str = ""
    refresh_err: str = ""
    extra: dict[str, object] = field(default_factory=dict)


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def scenarios(tmp_path_factory: pytest.TempPathFactory, mini_module: Path, galicia_module: Path) -> dict[str, Scenario]:
    out: dict[str, Scenario] = {}
    for gid, e in GAMES.items():
        tmp = tmp_path_factory.mktemp(f"errata-{gid}")
        old_module = {"mini": mini_module, "galicia1914": galicia_module}[gid]
        data = copy_data(e.root, gid, tmp / "data")
        apply_errata(e, data)
        new_module = build_game(data, gid, tmp / "new", use_cache=False).path
        old_game, new_game = load_game(e.root, gid), load_game(data, gid)
        save = tmp / "midgame.vsav"
        done = midgame_save(e, old_game, old_module, save)
        out[gid] = Scenario(e, old_game, new_game, old_module, new_module, save, done, tmp / "refreshed.vsav", data)
    return out


@pytest.fixture(scope="module")
def refreshed(scenarios: dict[str, Scenario]) -> dict[str, Scenario]:
    from modgen.errata.refresh import refresh_save, text_report

    for s in scenarios.values():
        before = s.save.read_bytes()
        result = refresh_save(s.save, s.new_module, s.refreshed)
        s.refresh_out, s.refresh_err = text_report(result)
        s.extra["result"] = result
        assert s.save.read_bytes() == before, "refresh changed its input"
    return scenarios


# ---- diff --------------------------------------------------------------------------------------


@pytest.mark.parametrize("gid", list(GAMES))
def test_rebuild_keeps_every_gpid(scenarios: dict[str, Scenario], gid: str) -> None:
    s = scenarios[gid]
    old, new = read_module(s.old_module), read_module(s.new_module)
    assert set(old.slots) == set(new.slots)
    assert {g: old.slots[g].entry_name for g in old.slots} == {g: new.slots[g].entry_name for g in new.slots}
    assert [r.id for r in setup_of(s.old_module, old).pieces] == [r.id for r in setup_of(s.new_module, new).pieces]


@pytest.mark.parametrize("gid", list(GAMES))
def test_diff_reports_exactly_the_errata(scenarios: dict[str, Scenario], gid: str, capsys: pytest.CaptureFixture[str]) -> None:
    s = scenarios[gid]
    code, out, err = _run(["diff", str(s.old_module), str(s.new_module), "--json"], capsys)
    assert code == 1, err
    d = json.loads(out)
    assert d["identical"] is False
    assert d["version"] == {"old": s.old_game.version, "new": s.new_game.version}
    c = d["counters"]
    assert c["added"] == c["removed"] == c["renamed"] == []
    got = {ch["id"]: ch["values"] for ch in c["changed"]}
    expected = {}
    for uid, (fname, value) in s.e.counters.items():
        prop = next(k for k, v in PROPERTY.items() if v == fname)
        old_value = getattr(s.old_game.units[uid].front, fname)
        expected[uid] = {prop: [str(old_value), str(value)]}
        # the factor row the stack viewer shows follows (a calculated property's literal on a two-sided unit)
        rows = [factor_row(g, g.units[uid].front) for g in (s.old_game, s.new_game)]
        expected[uid]["Factors"] = [f'"{r}"' for r in rows] if s.new_game.units[uid].back is not None else rows
    assert got == expected
    assert all(ch["images"] for ch in c["changed"]), "the printed factors changed, so the artwork did"
    old_t = s.old_game.map.terrain_types[s.old_game.map.terrain[s.e.hex]].name
    assert [(h["hex"], h["property"], h["old"], h["new"]) for h in d["hexes"]] == [(s.e.hex, "Terrain", old_t, "Woods")]
    assert d["setups"] == [] and d["other"] == []
    assert [b["board"] for b in d["boards"]] == [f"{s.old_game.map.boards[0].name} (Main Map)"]
    # a reinforcement chart prints the units' values; nothing else may change
    assert all(ch["name"].startswith("Reinforcements") and ch["change"] == "changed" for ch in d["charts"]), d["charts"]
    # and the text report says the same, briefly
    code, text, _ = _run(["diff", str(s.old_module), str(s.new_module)], capsys)
    assert code == 1
    assert f"version {s.old_game.version} -> {s.new_game.version}" in text
    assert f"{s.e.hex}: {old_t} -> Woods" in text
    for uid in s.e.counters:
        assert f"[{uid}]" in text
    assert len(text.splitlines()) <= 12, text


def test_diff_identical_and_unreadable(scenarios: dict[str, Scenario], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = scenarios["mini"]
    code, out, _ = _run(["diff", str(s.old_module), str(s.old_module)], capsys)
    assert code == 0 and "no differences" in out
    bad = tmp_path / "bad.vmod"
    bad.write_bytes(b"not a zip")
    code, out, err = _run(["diff", str(s.old_module), str(bad)], capsys)
    assert code == 2 and err.count("\n") == 1 and "bad.vmod" in err
    code, _, err = _run(["diff", str(s.old_module), str(tmp_path)], capsys)
    assert code == 2 and err.count("\n") == 1


def test_diff_of_data_trees(scenarios: dict[str, Scenario], capsys: pytest.CaptureFixture[str]) -> None:
    s = scenarios["mini"]
    code, out, err = _run(["diff", str(s.e.root), str(s.new_data), "--game", "mini", "--json"], capsys)
    assert code == 1, err
    d = json.loads(out)
    assert {ch["id"] for ch in d["counters"]["changed"]} == set(s.e.counters)
    assert [h["hex"] for h in d["hexes"]] == [s.e.hex]
    assert d["hexsides"] == d["railroads"] == d["roads"] == d["towns"] == d["areas"] == d["tec"] == []
    code, _, _ = _run(["diff", str(s.e.root), str(s.e.root), "--game", "mini"], capsys)
    assert code == 0


def test_diff_data_tree_hexside_railroad_town(scenarios: dict[str, Scenario], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = scenarios["mini"]
    data = copy_data(s.e.root, "mini", tmp_path / "data")
    f = data / "maps" / "mini" / "features.yaml"
    t = f.read_text()
    t = t.replace('["2.03", "2.04"]]}', '["2.03", "2.04"], ["3.04", "3.05"]]}', 1)
    t = t.replace('"3.01", "4.01"]}', '"3.01", "4.01", "5.01"]}', 1)
    t = t.replace('{id: beta, name: Beta, hex: "5.05"', '{id: beta, name: Beta, hex: "5.04"', 1)
    f.write_text(t)
    u = data / "counters" / "mini" / "units.yaml"  # a new display name: a rename, not removed + added
    u.write_text(u.read_text().replace('{id: rd-2, name: "2",', '{id: rd-2, name: "2a",', 1))
    sc = data / "counters" / "mini" / "scenarios" / "s1.yaml"  # a new set-up hex and a later arrival
    sc.write_text(sc.read_text().replace('{unit: rd-2, hex: "2.02"}', '{unit: rd-2, hex: "3.02"}', 1)
                  .replace("{unit: rd-c, turn: 2,", "{unit: rd-c, turn: 3,", 1))
    code, out, err = _run(["diff", str(s.e.root), str(data), "--game", "mini", "--json"], capsys)
    assert code == 1, err
    d = json.loads(out)
    assert d["hexsides"] == [{"type": "river", "hexes": ["3.04", "3.05"], "change": "added"}]
    assert d["railroads"] == [{"hexes": ["4.01", "5.01"], "change": "added"}]
    assert d["towns"] == [{"id": "beta", "name": "Beta", "change": "changed", "fields": {"hex": ["5.05", "5.04"]}}]
    c = d["counters"]
    assert [(r["id"], r["old_name"], r["name"]) for r in c["renamed"]] == [("rd-2", "RD 2 (I)", "RD 2a (I)")]
    assert c["added"] == c["removed"] == c["changed"] == []  # new artwork explained by the name and set-up
    assert sorted((x["id"], x["old"], x["new"]) for x in d["setups"]) == [
        ("rd-2", ["2.02"], ["3.02"]), ("rd-c", ["Red GT 2"], ["Red GT 3"])]
    code, text, _ = _run(["diff", str(s.e.root), str(data), "--game", "mini"], capsys)
    assert "RD 2 (I) -> RD 2a (I) [rd-2]" in text and "RD 3 c [rd-c]: Red GT 2 -> Red GT 3" in text, text


# ---- refresh -----------------------------------------------------------------------------------


def _layer_states(piece: Piece) -> dict[str, str]:
    from modgen.errata.common import trait_key

    return {trait_key(t): t.state for t in piece.find("emb2;")}


@pytest.mark.parametrize("gid", list(GAMES))
def test_refresh_keeps_the_game_and_takes_the_new_definitions(refreshed: dict[str, Scenario], gid: str) -> None:
    s = refreshed[gid]
    result = s.extra["result"]
    assert result.missing == [] and s.refresh_err == ""
    before, after = read_game(s.save), read_game(s.refreshed)
    new = read_module(s.new_module)
    assert after.module_version == new.version and after.module_name == new.name
    assert [p.id for p in after.pieces] == [p.id for p in before.pieces]
    assert result.count("refreshed") + result.count("unchanged") == len(before.pieces)
    assert result.count("refreshed") >= len(s.e.counters)  # at least the errata counters
    for b, a in zip(before.pieces, after.pieces):
        assert (a.id, a.map, a.x, a.y, a.stack, a.stack_pos, a.gpid) == (b.id, b.map, b.x, b.y, b.stack, b.stack_pos, b.gpid)
        assert a.properties == b.properties
        assert _layer_states(a.piece) == _layer_states(b.piece), a.id
        assert [t.state for t in a.piece.find("obs;")] == [t.state for t in b.piece.find("obs;")], a.id
        slot = new.slots[a.gpid].piece
        assert a.piece.type == slot.type, f"{a.id}: not the new module's definition"
        assert a.piece.find("mark;") == slot.find("mark;")
        assert a.piece.find("calcProp;") == slot.find("calcProp;")
    assert [(st.id, st.piece_ids) for st in after.stacks] == [(st.id, st.piece_ids) for st in before.stacks]
    assert after.boards == before.boards and after.global_properties == before.global_properties
    assert after.players == before.players and after.players and after.turns == before.turns
    assert after.other == before.other
    # the errata are in the pieces: the flipped unit's reduced and full values follow the new data
    flip = after.piece(s.done["flipped"])
    assert _layer_states(flip.piece)["Step"] == "2"
    uid = s.e.flip
    fname, value = s.e.counters[uid]
    prop = next(k for k, v in PROPERTY.items() if v == fname)
    calc = next(t for t in flip.piece.find("calcProp;") if t.fields[0] == prop)
    assert calc.fields[1].endswith(f": {value}}}"), calc
    masked = after.piece(s.done["masked"])
    assert masked.piece.find("obs;")[0].state.split(";")[0] != "null"
    assert after.piece(s.done["marker"]).stack_pos == 0
    assert "pieces refreshed" in s.refresh_out and "0 not in the new module" in s.refresh_out


def test_refresh_refuses_to_overwrite_its_input(refreshed: dict[str, Scenario], capsys: pytest.CaptureFixture[str]) -> None:
    s = refreshed["mini"]
    before = s.save.read_bytes()
    code, _, err = _run(["refresh", str(s.save), "--module", str(s.new_module), "-o", str(s.save)], capsys)
    assert code == 2 and "overwrite" in err and err.count("\n") == 1
    same = s.save.parent / "." / s.save.name
    code, _, _ = _run(["refresh", str(s.save), "--module", str(s.new_module), "-o", str(same)], capsys)
    assert code == 2 and s.save.read_bytes() == before
    code, out, err = _run(["refresh", str(s.save), "--module", str(s.new_module), "-o", str(s.save.parent / "again.vsav")], capsys)
    assert code == 0 and err == "" and out.count("\n") == 1
    assert (s.save.parent / "again.vsav").read_bytes() == s.refreshed.read_bytes()  # deterministic


def test_refresh_reports_pieces_missing_from_the_new_module(scenarios: dict[str, Scenario], tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    s = scenarios["mini"]
    gone = "bl-9"
    data = copy_data(s.e.root, "mini", tmp_path / "data")
    apply_errata(s.e, data, remove=gone)
    module = build_game(data, "mini", tmp_path / "new", use_cache=False).path
    gpid = s.old_game.gpid("unit", gone)
    out = tmp_path / "refreshed.vsav"
    code, text, err = _run(["refresh", str(s.save), "--module", str(module), "-o", str(out)], capsys)
    assert code == 1
    assert "1 not in the new module" in text and gpid in err
    before, after = read_game(s.save), read_game(out)
    assert [p.id for p in after.pieces] == [p.id for p in before.pieces]
    kept = after.piece(gpid)
    assert (kept.type, kept.state) == (before.piece(gpid).type, before.piece(gpid).state)
    code, js, _ = _run(["refresh", str(s.save), "--module", str(module), "-o", str(out), "--json"], capsys)
    rep = json.loads(js)
    assert rep["missing"] == 1 and [p["gpid"] for p in rep["pieces"] if p["status"] == "missing"] == [gpid]
    # and diff names the removal
    code, js, _ = _run(["diff", str(s.old_module), str(module), "--json"], capsys)
    assert [c["id"] for c in json.loads(js)["counters"]["removed"]] == [gone]


def test_carry_state_by_layer_name_and_unique_mask() -> None:
    """A new Layer type (images renamed) still takes the level by name; a changed Mask still its owner."""
    from modgen.errata.refresh import carry_state
    from modgen.vassal import pieces as vp

    def unit(images: list[str], mask_image: str, level: int, owner: str | None, label: str) -> Piece:
        return vp.piece_from([
            vp.mask("77,130", mask_image, masked_by=owner),
            vp.layer("Step", images, level=level),
            vp.text_label(label, description="Note"),
            vp.marker(["A"], ["1" if owner else "2"]),
            vp.basic_piece("U", gpid="7", map="Main Map", x=5, y=6, properties={"k": "v"}),
        ])

    old = unit(["a.png", "b.png", "c.png"], "m.png", 3, "Russia", "dug in")
    new_def = unit(["a2.png", "b2.png"], "m2.png", 1, None, "")
    new, notes = carry_state(old, new_def)
    assert new.find("obs;")[0].state == old.find("obs;")[0].state
    assert new.find("emb2;")[0].state == "2" and any("clamped" in n for n in notes)
    assert new.find("label;")[0].state == "dug in"
    assert new.find("mark;") == new_def.find("mark;")
    assert new.basic_state == old.basic_state and new.basic.type == new_def.basic.type


# ---- the real engine ---------------------------------------------------------------------------



def test_refreshed_saves_load_in_the_engine(refreshed: dict[str, Scenario]) -> None:
    from modgen.engine import run_engine

    require_engine()

    def run(s: Scenario):
        side = next(x for x in read_module(s.new_module).sides if x != s.e.joiner_side)
        return run_engine(s.new_module, save=s.refreshed, side=side, images=False)

    with ThreadPoolExecutor(max_workers=len(refreshed)) as pool:
        runs = dict(zip(refreshed, pool.map(run, refreshed.values())))
    for gid, res in runs.items():
        s = refreshed[gid]
        assert res.ok, f"{gid}: the engine reported problems:\n" + res.describe()
        ours = read_game(s.refreshed)
        got = {p["id"]: p for p in res.pieces}
        assert sorted(got) == sorted(p.id for p in ours.pieces), f"{gid}: piece ids differ"
        bad = [f"{p.id}: engine {got[p.id]['map']} {got[p.id]['x']},{got[p.id]['y']} / ours {p.map} {p.x},{p.y}"
               for p in ours.pieces if (got[p.id]["map"], got[p.id]["x"], got[p.id]["y"]) != (p.map, p.x, p.y)]
        assert not bad, f"{gid}: misplaced pieces:\n" + "\n".join(bad)
        for st in ours.stacks:
            assert len({got[pid]["stack"] for pid in st.piece_ids}) == 1, f"{gid}: stack {st.id} split"
            assert [got[pid]["stack_pos"] for pid in st.piece_ids] == list(range(len(st.piece_ids))), f"{gid}: stack {st.id} order"
        states = [p.id for p in ours.pieces if got[p.id]["state"] != p.piece.state]
        assert not states, f"{gid}: the engine sees other states for {states[:5]}"
