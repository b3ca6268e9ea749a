"""What the build writes parses back to the data it came from (buildFile, pieces, grid, setups)."""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from modgen.build import build_game, setup_file_name
from modgen.loader import load_game
from modgen.vassal.module import hex_zones, map_location, read_module
from modgen.vassal.savefile import read_game_data
from modgen.layout import tracks_layout
from modgen.conventions import LAYER_NAME_FIELD, MAIN_MAP, STEP_LAYER, TRACKS_MAP
from modgen.vmod.piecedefs import DROP_ANSWERS_TYPE

from .conftest import MINI, REPO

P = "VASSAL.build."


def games(request) -> tuple:
    if request.param == "mini":
        return load_game(MINI, "mini"), request.getfixturevalue("mini_module")
    return load_game(REPO, "galicia1914"), request.getfixturevalue("galicia_module")


@pytest.fixture(params=["mini", "galicia1914"])
def built(request):
    return games(request)


def buildfile(path: Path) -> etree._Element:
    with zipfile.ZipFile(path) as zf:
        return etree.fromstring(zf.read("buildFile.xml"))


def test_root_and_moduledata_agree(built):
    game, path = built
    root = buildfile(path)
    assert root.tag == P + "GameModule"
    assert root.get("name") == game.title and root.get("version") == game.version
    assert root.get("VassalVersion") == "3.7.0"
    info = read_module(path)
    assert info.moduledata["name"] == game.title and info.moduledata["VassalVersion"] == "3.7.0"
    gpids = [int(g) for g in info.slots]
    assert max(gpids) < int(root.get("nextPieceSlotId"))
    assert info.sides == [s.name for s in game.sides]


def test_every_piece_slot_decodes_to_its_unit(built):
    game, path = built
    info = read_module(path)
    by_gpid = {game.gpid("unit", u): game.units[u] for u in game.units}
    seen = set()
    for gpid, slot in info.slots.items():
        unit = by_gpid.get(gpid)
        if unit is None:
            continue
        seen.add(unit.id)
        traits = {t.prefix: t for t in slot.piece.traits if t.prefix != "emb2;"}  # Layers by name: Step, the states
        traits.update({"emb2;": t for t in slot.piece.traits if t.prefix == "emb2;" and t.fields[LAYER_NAME_FIELD] == STEP_LAYER})
        marker = traits["mark;"]
        props = dict(zip(marker.fields[0].split(","), marker.state.split(",")))
        assert props["UnitId"] == unit.id and props["Side"] == game.side(unit.side).name
        assert props["Type"] == game.unit_types[unit.type].name and props[game.formation_label] == (unit.formation or "")
        assert slot.piece.basic_state.gpid == gpid
        calc = {t.fields[0]: t.fields[1] for t in slot.piece.traits if t.prefix == "calcProp;"}
        if unit.back is None:
            assert (props["Attack"], props["Defense"], props["MA"], props["AV"]) == tuple(
                str(v) for v in (unit.front.attack, unit.front.defense, unit.front.ma, unit.front.value("av")))
            assert "emb2;" not in traits
        else:
            for name, full, red in (("Attack", unit.front.attack, unit.back.attack), ("Defense", unit.front.defense, unit.back.defense),
                                    ("MA", unit.front.ma, unit.back.ma), ("AV", unit.front.value("av"), unit.back.value("av"))):
                if full == red:  # the same on both sides: a Marker property, no Calculated Property
                    assert name not in calc and props[name] == str(full), (unit.id, name)
                else:
                    assert re.fullmatch(rf"\{{Step_Level==2 \? {red} : {full}\}}", calc[name]), (unit.id, name, calc[name])
            layer = traits["emb2;"]
            assert layer.fields[15] == f"unit_{unit.id}_f.png,unit_{unit.id}_b.png"
            assert layer.state == "1"
        assert traits["obs;"].fields[5] == "side:"  # masked by side (5.4)
    assert seen == set(game.units)


def test_every_referenced_image_is_in_the_archive(built):
    _, path = built
    root = buildfile(path)
    with zipfile.ZipFile(path) as zf:
        names = set(zf.namelist())
    info = read_module(path)
    wanted = set()
    for slot in info.slots.values():
        for t in slot.piece.traits:
            if t.prefix == "piece;" and t.fields[2]:
                wanted.add(t.fields[2])
            if t.prefix == "emb2;":
                wanted.update(i for i in t.fields[15].split(",") if i)
            if t.prefix == "obs;":
                wanted.add(t.fields[1])
    wanted.update(b.get("image") for b in root.iter(P + "module.map.boardPicker.Board"))
    wanted.update(c.get("fileName") for c in root.iter(P + "widget.Chart"))
    missing = sorted(w for w in wanted if f"images/{w}" not in names)
    assert missing == []
    for setup in root.iter(P + "module.PredefinedSetup"):
        assert setup.get("file") in names


def test_grid_names_every_data_hex_like_vassal(built):
    game, path = built
    info = read_module(path)
    board = info.map(MAIN_MAP).boards[0]
    for hex_id in game.map.hex_ids():
        _, x, y = game.map.centre(hex_id)
        assert board.grid.location_name(x, y) == hex_id
        assert map_location(info, MAIN_MAP, x, y) == hex_id  # through the zones too


def test_terrain_zones_carry_the_terrain(built):
    """Each hex lies in the zone of its own terrain (java.awt.Polygon's test, as ZonedGrid.findZone),
    the default terrain in none; touching hexes of one terrain share one zone."""
    game, path = built
    info = read_module(path)
    board = info.map(MAIN_MAP).boards[0]
    held = hex_zones(board)
    for hex_id, terrain in game.map.terrain.items():
        _, x, y = game.map.centre(hex_id)
        holding = [z for z in board.zones if z.contains(x, y)]
        if terrain == "clear":
            assert holding == [] and hex_id not in held
            continue
        assert len(holding) == 1 and held[hex_id] is holding[0]
        assert holding[0].properties["Terrain"] == game.map.terrain_types[terrain].name
        for n in game.map.neighbours(hex_id):
            if game.map.terrain[n] == terrain:
                assert held[n] is held[hex_id], f"{hex_id} and {n} touch, both {terrain}, in two zones"


def test_setup_puts_every_unit_on_its_data_hex(built):
    game, path = built
    info = read_module(path)
    layout = tracks_layout(game, list(game.scenarios.values()))
    for scenario in game.scenarios.values():
        with zipfile.ZipFile(path) as zf:
            saved = read_game_data(zf.read(setup_file_name(scenario.id)), setup_file_name(scenario.id))
        by_gpid = {p.gpid: p for p in saved.pieces}
        for placement in scenario.setup:
            rec = by_gpid[game.gpid("unit", placement.unit)]
            assert rec.map == MAIN_MAP
            assert map_location(info, MAIN_MAP, rec.x, rec.y) == placement.hex
        for r in scenario.reinforcements:
            rec = by_gpid[game.gpid("unit", r.unit)]
            box = layout.reinforcement_box(game.units[r.unit].side, r.turn)
            assert rec.map == TRACKS_MAP and map_location(info, TRACKS_MAP, rec.x, rec.y) == box.name
        # 5.3: highest printed attack on top; 5.4: only the top unit visible to the opponent
        for stack in saved.stacks:
            if stack.map != MAIN_MAP:
                continue
            units = [by_gpid_piece(saved, pid) for pid in stack.piece_ids]
            attacks = [attack_of(game, p) for p in units]
            assert attacks == sorted(attacks)
            masks = [next(t.state for t in p.piece.traits if t.prefix == "obs;") for p in units]
            assert masks[-1] == "null;" and all(m.endswith(";|0") for m in masks[:-1])
        placed = {game.gpid("unit", p.unit) for p in scenario.setup} | {game.gpid("unit", r.unit) for r in scenario.reinforcements}
        assert placed <= set(by_gpid)


def by_gpid_piece(saved, piece_id):
    return saved.piece(piece_id)


def attack_of(game, rec) -> int:
    marker = next(t for t in rec.piece.traits if t.prefix == "mark;" and t.type != DROP_ANSWERS_TYPE)
    props = dict(zip(marker.fields[0].split(","), marker.state.split(",")))
    return game.units[props["UnitId"]].front.attack


def test_two_builds_give_identical_bytes(tmp_path):
    a = build_game(MINI, "mini", tmp_path / "a").path.read_bytes()
    b = build_game(MINI, "mini", tmp_path / "b").path.read_bytes()
    assert a == b


def test_gpids_come_from_identity_not_order(tmp_path):
    root = tmp_path / "root"
    shutil.copytree(MINI, root)
    units = root / "counters/mini/units.yaml"
    lines = units.read_text().splitlines()
    head = [line for line in lines if not line.startswith("  - ")]
    items = [line for line in lines if line.startswith("  - ")]
    units.write_text("\n".join(head + items[::-1]) + "\n")
    before = {s.entry_name: g for g, s in read_module(build_game(MINI, "mini", tmp_path / "a").path).slots.items()}
    after = {s.entry_name: g for g, s in read_module(build_game(root, "mini", tmp_path / "b").path).slots.items()}
    assert before == after


def test_palette_groups_units_by_side_and_formation(built):
    game, path = built
    root = buildfile(path)
    tabs = [w.get("entryName") for w in root.find(P + "module.PieceWindow").find(P + "widget.TabWidget")]
    assert tabs == [s.name for s in game.sides] + ["Markers"]


def test_every_box_slot_lies_in_its_own_zone(built):
    """A counter put in a track box must be named by that box."""
    game, path = built
    info = read_module(path)
    layout = tracks_layout(game, list(game.scenarios.values()))
    for box in layout.boxes:
        for i in range(box.cols * max(1, (box.h - 24) // box.pitch)):
            x, y = box.slot(i)
            assert map_location(info, TRACKS_MAP, x, y) == box.name, (box.name, i)


def test_images_drawn_by_a_pool_are_the_images_drawn_in_one_process(tmp_path):
    """The drawing processes change nothing: one process or one per core, the same bytes."""
    one = build_game(REPO, "galicia1914", tmp_path / "one", use_cache=False, workers=1)
    pool = build_game(REPO, "galicia1914", tmp_path / "pool", use_cache=False, workers=2)
    assert one.path.read_bytes() == pool.path.read_bytes()
    for kind in ("counters", "map"):
        assert (tmp_path / "one" / f"galicia1914-{kind}.png").read_bytes() == (tmp_path / "pool" / f"galicia1914-{kind}.png").read_bytes()


def test_spawned_drawing_processes_and_a_warm_cache_give_the_same_module(tmp_path, monkeypatch):
    """Where processes are spawned (not forked), the builder works out the keys and the buildFile is
    sent to a worker with its arguments; with a warm cache, the keys come from forked workers and
    images from the pack: every way gives the bytes of one process drawing everything."""
    import modgen.images as images

    one = build_game(REPO, "galicia1914", tmp_path / "one", use_cache=False, workers=1).path.read_bytes()
    forked = build_game(REPO, "galicia1914", tmp_path / "forked", workers=2)
    (tmp_path / "forked" / ".cache" / "galicia1914.stamp").unlink()  # not up to date: built again, all from the pack
    warm = build_game(REPO, "galicia1914", tmp_path / "forked", workers=2)
    assert warm.drawn == 0 and warm.reused > 200
    monkeypatch.setattr(images, "start_method", lambda: "spawn")
    spawned = build_game(REPO, "galicia1914", tmp_path / "spawned", use_cache=False, workers=2).path.read_bytes()
    assert one == forked.path.read_bytes() == warm.path.read_bytes() == spawned


def test_a_one_hex_terrain_erratum_redraws_only_the_sheet_showing_it(tmp_path):
    """Each sheet's picture is keyed by what it shows: woods on a hex of one sheet, away from the
    seams, redraws that sheet and the map overview, nothing else; the result equals a cold build."""
    import shutil

    from modgen.loader import load_game
    from modgen.sheets import overlapping

    root = tmp_path / "data"
    shutil.copytree(REPO / "tests" / "data" / "sheets", root)
    out = tmp_path / "out"
    first = build_game(root, "sheets", out)
    game = load_game(root, "sheets")
    board = game.map.boards[0]
    elsewhere = {h for b in game.map.boards[1:] for h in overlapping(game.map, b)}
    hex_id = next(h for h in board.geometry.raw_of if h not in elsewhere and game.map.terrain[h] == "clear")
    terrain = root / "maps" / "sheets" / "terrain.yaml"
    terrain.write_text(terrain.read_text().replace('woods: ["', f'woods: ["{hex_id}", "', 1))
    again = build_game(root, "sheets", out)
    assert first.drawn > 10 and again.drawn == 2, (first.drawn, again.drawn)  # the sheet and the overview
    cold = build_game(root, "sheets", tmp_path / "cold", use_cache=False)
    assert again.path.read_bytes() == cold.path.read_bytes()


def test_parsed_files_cache_gives_the_same_game_and_survives_damage(tmp_path):
    """A build's parsed-file cache: the game loaded through it equals a fresh load, a damaged entry
    is parsed again, and an edited file is parsed again (its bytes are in the key)."""
    import shutil

    from modgen.loader import ParsedFiles, load_game

    root = tmp_path / "data"
    shutil.copytree(REPO / "tests" / "data" / "mini", root)
    parsed = ParsedFiles(tmp_path / "parsed", "salt")
    first = load_game(root, "mini", parsed)
    entries = sorted((tmp_path / "parsed").glob("*.pickle"))
    assert len(entries) >= 6 and first == load_game(root, "mini")
    assert load_game(root, "mini", parsed) == first  # from the cache
    entries[0].write_bytes(b"not a pickle")
    assert load_game(root, "mini", parsed) == first
    units = root / "counters" / "mini" / "units.yaml"
    units.write_text(units.read_text().replace("attack: 4", "attack: 5", 1))
    assert load_game(root, "mini", parsed) == load_game(root, "mini") != first


def test_counters_in_a_box_do_not_overlap(built):
    """Slots are a counter and a gap apart, and a VP box is at least a counter wide: on a track no counter
    covers its neighbour's factors or a box's number (the slots grew with the counters, issue 24)."""
    game, _ = built
    layout = tracks_layout(game, list(game.scenarios.values()))
    for box in layout.boxes:
        if box.kind == "vp":
            assert min(box.w, box.h) >= game.counter_size, box
            continue
        slots = [box.slot(i) for i in range(min(box.cols, 2))]
        if len(slots) == 2 and box.w >= 2 * box.pitch:
            assert slots[1][0] - slots[0][0] >= game.counter_size + 4, box
