"""Conformance: the modules modgen builds are accepted by the real VASSAL engine, piece for piece.

For each game (the mini test game; duo, two boards numbered apart; sheets, four sheets in one numbering
whose scenarios use all or some of them, so boards sit at other places; galicia1914; holland44):

* the built module loads with zero problems (every image resolves; only the 3.6-vs-3.7 "Version
  Mismatch" dialog is tolerated, see ``ENGINE_36_ARTIFACTS``);
* each predefined setup starts (the harness answers VASSAL's game-setup wizard with the first side)
  and the engine places every piece exactly where our own setup save says (id, map, x, y), and names
  its location as our data does: the hex for Main Map pieces, the GT/VP/reinforcement box (a zone of
  the Tracks map, see ``modgen/layout.py``) for the others;
* a save written by ``modgen.vassal.savefile.write_game`` (the setup plus moved, stacked, flipped and
  masked pieces) decodes in the engine with the same pieces at the same places and the same states.

The engine is VASSAL 3.6 (``conformance/install-engine.sh``); as documented in
``test_conformance_engine.py`` it re-encodes piece *types* without 3.7-only trait fields, so types are
compared by trait identifiers; states are compared exactly.

Without the engine these tests skip with the reason; under CI (``CI`` set) they fail instead.
Each game's module goes through ONE engine start (the harness's ``--resave-list`` with ``--dump-each``):
the load and image check, then each predefined setup and the round-trip save in turn, each reported on
its own (``EngineResult.before_items``/``items``), games one after the other, in the module-scoped
``bench`` fixture.
"""

from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass, field, replace
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest

from .conftest import built as built_module, require_engine

from modgen.conventions import FACE_LAYER, LAYER_NAME_FIELD, STEP_LAYER
from modgen.build import setup_file_name
from modgen.loader import discover_games, load_game
from modgen.engine import SETUP_SOURCE, EngineResult, run_engine
from modgen.errors import DataError
from modgen.gamefile import ENTRY as GAME_ENTRY, game_from_json
from modgen.model import Game, Scenario
from modgen.vassal.module import ModuleInfo, read_module
from modgen.vassal.pieces import BasicState, Piece, Trait, decode_piece
from modgen.vassal.savefile import SaveContent, SavedGame, StackSpec, read_game_data, write_game
from modgen.conventions import entry_box_name, vp_box_name
from modgen.layout import tracks_layout
from modgen.sheets import SheetLayout, name_at
from modgen.vmod.setup import PieceIds, hexside_point

REPO = Path(__file__).resolve().parents[1]
MAIN_MAP = "Main Map"
TRACKS_MAP = "Tracks"

def duo_root() -> Path:
    """The mini game on two boards side by side (hex ids prefixed A and B), one unit on board B:
    a multi-board map for the engine to lay out."""
    root = Path(tempfile.mkdtemp(prefix="modgen-duo-"))
    mini = REPO / "tests" / "data" / "mini"
    shutil.copytree(mini / "maps" / "mini", root / "maps" / "duo")
    shutil.copytree(mini / "counters" / "mini", root / "counters" / "duo")
    map_yaml = root / "maps" / "duo" / "map.yaml"
    text = map_yaml.read_text()
    board = text[text.index("  - name: Mini"):text.index("terrain_types:")]
    boards = [board.replace("name: Mini", f"name: Duo {p}").replace("pos_digits: 2}", f'pos_digits: 2, id_prefix: "{p}"}}')
              for p in "AB"]
    map_yaml.write_text("boards:\n" + "".join(boards) + text[text.index("terrain_types:"):])
    for path in (root / "maps" / "duo" / "terrain.yaml", root / "maps" / "duo" / "features.yaml",
                 root / "counters" / "duo" / "scenarios" / "s1.yaml"):
        path.write_text(re.sub(r'"(\d\.\d\d)"', r'"A\1"', path.read_text()))
    s1 = root / "counters" / "duo" / "scenarios" / "s1.yaml"
    s1.write_text(s1.read_text().replace('{unit: bl-1, hex: "A5.05"}', '{unit: bl-1, hex: "B3.04"}'))
    game_yaml = root / "counters" / "duo" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("id: mini", "id: duo").replace("title: ", "title: Duo "))
    return root


# game id -> data root: the test games, then every game of the repository's data, found as `modgen
# build` finds them (a new game is tested without editing this file)
GAMES: dict[str, Path] = {
    "mini": REPO / "tests" / "data" / "mini",
    "duo": duo_root(),
    "sheets": REPO / "tests" / "data" / "sheets",  # four sheets in one numbering, scenarios on some of them
    "third": REPO / "tests" / "data" / "third",  # made up: declared display windows, one-sided counters, two sheets
    **{game_id: REPO for game_id in discover_games(REPO)},
}




# ---- what our data says ------------------------------------------------------------------------


def expected_locations(game: Game, scenario: Scenario) -> dict[str, tuple[str, str]]:
    """piece id (gpid) -> (map, location name) as our data defines the scenario's start."""
    turn = game.turns.label
    out: dict[str, tuple[str, str]] = {}
    for p in scenario.setup:
        out[game.gpid("unit", p.unit)] = (MAIN_MAP, p.hex) if p.hex else (TRACKS_MAP, entry_box_name(p.area))
    for r in scenario.reinforcements:
        side = game.side(game.units[r.unit].side).name
        out[game.gpid("unit", r.unit)] = (TRACKS_MAP, f"{side} {turn} {r.turn}")
    for gpid, m in _marker_ids(game, scenario):  # a marker placed again gets gpid-1, gpid-2
        if m.hex:
            out[gpid] = (MAIN_MAP, m.hex)
        elif m.hexside:  # the midpoint lies on the hexside: VASSAL names one of its two hexes (on a seam: of either sheet)
            out[gpid] = (MAIN_MAP, name_at(game.map.boards, *hexside_point(game, *m.hexside))[1])
        elif m.area:
            out[gpid] = (TRACKS_MAP, entry_box_name(m.area))
        elif m.track == "turn":
            out[gpid] = (TRACKS_MAP, f"{turn} {m.box}")
        elif m.track == "vp":
            out[gpid] = (TRACKS_MAP, vp_box_name(int(m.box or 0)))
        else:  # a box of a declared display part: `<title> <label>` (a grid's `<title> <row> <column>`) in its window
            window, part = next((d.name, p) for d in game.displays for p in d.parts if p.id == m.track)
            out[gpid] = (window, " ".join([part.title or part.id, *m.label.split("/")]))
    return out


def _marker_ids(game: Game, scenario: Scenario) -> list[tuple[str, Any]]:
    """(piece id, placement) of the scenario's markers, repeated markers numbered as the setup does."""
    piece_id = PieceIds()
    return [(piece_id(game.gpid("marker", m.marker)), m) for m in scenario.markers]


@dataclass
class Built:
    game_id: str
    path: Path
    game: Game
    module: ModuleInfo
    setups: dict[str, SavedGame]  # setup name -> our own reading of the setup save in the module
    scenarios: dict[str, Scenario]  # setup name -> scenario
    # the save written for the round trip, and what the engine must show for it
    save: Path | None = None
    save_setup: str = ""  # the setup it starts from
    save_expect: dict[str, dict[str, Any]] = field(default_factory=dict)  # piece id -> map/x/y/state/type[/location]
    save_stacks: dict[str, list[str]] = field(default_factory=dict)  # stack id -> piece ids, bottom first
    save_changes: dict[str, str] = field(default_factory=dict)  # change -> piece id


def _build(game_id: str, tmp_path_factory: pytest.TempPathFactory) -> Built:
    path = built_module(tmp_path_factory, GAMES[game_id], game_id)  # a shipped game's is shared with other tests
    game = load_game(GAMES[game_id], game_id)
    module = read_module(path)
    by_file = {setup_file_name(s.id): s for s in game.scenarios.values()}
    setups: dict[str, SavedGame] = {}
    scenarios: dict[str, Scenario] = {}
    with zipfile.ZipFile(path) as z:
        for name, entry in module.setups.items():
            assert entry is not None, f"{game_id}: setup {name!r} has no file"
            setups[name] = read_game_data(z.read(entry), entry)
            assert entry in by_file, f"{game_id}: setup {name!r} ({entry}) matches no scenario"
            scenarios[name] = by_file[entry]
    assert setups, f"{game_id}: the module has no predefined setup"
    return Built(game_id, path, game, module, setups, scenarios)


# ---- a save written by our writer: the first setup with a few changes ---------------------------


def _flip_layer(piece: Piece) -> list[Trait]:
    """The piece's Step or Face layer, by name (a unit's state layers, markers.yaml on_unit, are others)."""
    return [t for t in piece.find("emb2;") if t.fields[LAYER_NAME_FIELD] in (STEP_LAYER, FACE_LAYER)]


def _with_state(piece: Piece, prefix: str, state: str) -> Piece:
    """A copy with the state of its (single) trait `prefix` replaced; of the Layers, the Step or Face layer."""
    chosen = _flip_layer(piece) if prefix == "emb2;" else piece.find(prefix)
    assert len(chosen) == 1, piece.type
    return Piece([Trait(t.type, state) if t in chosen else t for t in piece.traits])


def make_save(b: Built, out: Path) -> None:
    """Setup 1 plus: a unit moved to an empty hex, one moved onto another stack, one sent to its
    side's Eliminated box, one flipped (Layer state "2"), one masked (Mask state "<side>;|0")."""
    game = b.game
    name = next(iter(b.setups))
    sg, scenario = b.setups[name], b.scenarios[name]
    layout = tracks_layout(game, list(game.scenarios.values()))
    unit_of = {game.gpid("unit", u): u for u in game.units}

    pieces: dict[str, Piece] = {r.id: r.piece for r in sg.pieces}
    order = [r.id for r in sg.pieces]
    where: dict[str, tuple[str, int, int]] = {r.id: (r.map, r.x, r.y) for r in sg.pieces}
    stacks: dict[str, list[str]] = {s.id: list(s.piece_ids) for s in sg.stacks}
    # expected engine view: changed pieces get a location from our data; the others keep theirs
    changed: dict[str, dict[str, Any]] = {}

    def stack_of(pid: str) -> str:
        return next(sid for sid, ids in stacks.items() if pid in ids)

    def place(pid: str, map_name: str, x: int, y: int, onto: str | None) -> None:
        old = stack_of(pid)
        stacks[old].remove(pid)
        if not stacks[old]:
            del stacks[old]
        bs = pieces[pid].basic_state
        pieces[pid] = pieces[pid].with_basic_state(BasicState(map_name, x, y, bs.gpid, bs.properties))
        where[pid] = (map_name, x, y)
        if onto is None:
            stacks[f"8{len(changed) + 1:012d}"] = [pid]  # one new stack per change: unique ids
        else:
            stacks[onto].append(pid)  # on top

    main_units = [game.gpid("unit", p.unit) for p in scenario.setup if p.hex]
    assert len(main_units) >= 3, f"{b.game_id}: too few units set up to exercise a save"
    occupied = {where[p][1:] for p in order if where[p][0] == MAIN_MAP}
    sheets = set(scenario.sheets) or {bd.name for bd in game.map.boards}  # a scenario may use some sheets only
    free_hex = next(h for h in reversed(game.map.hex_ids())
                    if game.map.board_of[h].name in sheets and game.map.centre(h)[1:] not in occupied)

    # 1. move a unit to an empty hex
    mover = main_units[0]
    _, x, y = game.map.centre(free_hex)
    place(mover, MAIN_MAP, x, y, None)
    changed[mover] = {"map": MAIN_MAP, "x": x, "y": y, "location": free_hex}
    # 2. move a unit onto another unit's stack (a different hex)
    target = next(u for u in main_units[1:] if where[u] != where[main_units[-1]])
    joiner = main_units[-1]
    target_hex = next(p.hex for p in scenario.setup if game.gpid("unit", p.unit) == target)
    _, x, y = where[target]
    place(joiner, MAIN_MAP, x, y, stack_of(target))
    changed[joiner] = {"map": MAIN_MAP, "x": x, "y": y, "location": target_hex}
    changes = {"moved to an empty hex": mover, "moved onto a stack": joiner}
    # 3. send a reinforcement to its side's Eliminated box
    if scenario.reinforcements:
        r = scenario.reinforcements[0]
        pid = game.gpid("unit", r.unit)
        box = layout.eliminated_box(game.units[r.unit].side)
        x, y = box.slot(0)
        place(pid, TRACKS_MAP, x, y, None)
        changed[pid] = {"map": TRACKS_MAP, "x": x, "y": y, "location": box.name}
        changes["eliminated"] = pid
    # 4. flip a two-step unit (Layer "emb2;" level 2); a game of one-sided units flips a two-faced marker,
    #    a game with neither flips nothing
    two_sided = [p for p in order if _flip_layer(pieces[p]) and p not in changed]
    flipped = next((p for p in two_sided if p in unit_of), next(iter(two_sided), None))
    if flipped is not None:
        pieces[flipped] = _with_state(pieces[flipped], "emb2;", "2")
    # 5. mask an unmasked unit for its own side (preferably one not changed yet)
    maskable = [
        p for p in order
        if p in unit_of and p != flipped and pieces[p].find("obs;") and pieces[p].find("obs;")[0].state.startswith("null")
    ]
    masked = next((p for p in maskable if p not in changed), maskable[0])
    side_name = game.side(game.units[unit_of[masked]].side).name
    pieces[masked] = _with_state(pieces[masked], "obs;", f"{side_name};|0")
    changes.update(masked=masked, **({"flipped": flipped} if flipped else {}))

    content = SaveContent(
        pieces=[(pid, pieces[pid]) for pid in order],
        stacks=[StackSpec(sid, ids) for sid, ids in stacks.items()],
        boards=dict(sg.boards),
        module_name=b.module.name,
        module_version=b.module.version,
        description="modgen conformance round trip",
    )
    b.save = out / f"{b.game_id}_roundtrip.vsav"
    write_game(b.save, content)
    for pid in order:
        m, x, y = where[pid]
        exp: dict[str, Any] = {"map": m, "x": x, "y": y, "state": pieces[pid].state, "type": pieces[pid].type}
        exp.update(changed.get(pid, {}))
        b.save_expect[pid] = exp
    b.save_setup = name
    b.save_stacks = {sid: list(ids) for sid, ids in stacks.items()}
    b.save_changes = changes


# ---- one batch of engine runs, shared by all tests ----------------------------------------------


@dataclass
class Bench:
    built: dict[str, Built]
    skipped: dict[str, str]  # game id -> why it was not built
    runs: dict[tuple[str, ...], EngineResult]


@pytest.fixture(scope="module")
def bench(tmp_path_factory: pytest.TempPathFactory) -> Bench:
    require_engine()
    built: dict[str, Built] = {}
    skipped: dict[str, str] = {}
    for gid in GAMES:
        out = tmp_path_factory.mktemp(gid)
        try:
            built[gid] = _build(gid, tmp_path_factory)
        except DataError as exc:  # galicia data is still being finished
            skipped[gid] = f"{gid} data does not load: {exc}"
            continue
        make_save(built[gid], out)
    runs: dict[tuple[str, ...], EngineResult] = {}
    for gid, b in built.items():  # one engine start a game, one game at a time
        runs.update(_engine_runs(b))
    return Bench(built, skipped, runs)


def _engine_runs(b: Built) -> dict[tuple[str, ...], EngineResult]:
    """The module loaded with its image check, then each setup and the round-trip save, in one start:
    ("load", gid), ("setup", gid, name) and ("save", gid) -> what the engine reported of each alone
    (an item the run never reached reports the whole run's problems)."""
    assert b.save is not None
    items = [(f"{SETUP_SOURCE}{name}", None) for name in b.setups] + [(b.save, None)]
    res = run_engine(b.path, resave=items, dump_each=True, timeout=120 + 20 * len(items))
    parts = res.items()

    def part(source: str) -> EngineResult:
        if source in parts:
            return parts[source]
        never = {"kind": "problem", "level": "error", "source": "harness", "message": f"the run never reached {source}"}
        return replace(res, problems=[*res.problems, never], returncode=res.returncode or 1)

    runs = {("load", b.game_id): res.before_items(), ("save", b.game_id): part(str(b.save.resolve()))}
    runs.update({("setup", b.game_id, name): part(f"{SETUP_SOURCE}{name}") for name in b.setups})
    return runs


def _game(bench: Bench, gid: str) -> Built:
    if gid in bench.skipped:
        pytest.skip(bench.skipped[gid])
    return bench.built[gid]


def _assert_clean(res: EngineResult, what: str) -> None:
    assert res.ok, f"{what}: the engine reported problems:\n" + res.describe()
    assert res.summary.get("errors") == 0 and res.summary.get("warnings") == 0, res.describe()


def _trait_ids(type_: str) -> list[str]:
    """Outermost-first trait identifiers of a piece type (3.6 drops 3.7-only trait fields)."""
    return [part.lstrip("\\").split(";", 1)[0] for part in type_.split("\t")]


# ---- tests ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("gid", list(GAMES))
def test_module_loads_without_problems(bench: Bench, gid: str) -> None:
    b = _game(bench, gid)
    res = bench.runs[("load", gid)]
    _assert_clean(res, f"{gid} module")
    images = res.of_kind("images")
    assert images and images[0]["bad"] == 0 and images[0]["referenced"] > 0, images
    mod = res.of_kind("module")[0]
    assert mod["name"] == b.module.name and mod["maps"] == len(b.module.maps)
    # the only thing tolerated is the 3.6 version dialog, and it must really be the one seen
    for rec in res.of_kind("ignored"):
        assert rec["message"].startswith("Version Mismatch"), rec
    # The module carries modgen's game description for the checker; VASSAL must ignore it silently
    # (the load above was clean with the entry in the archive, and the entry reads back as the game).
    with zipfile.ZipFile(b.path) as z:
        assert game_from_json(z.read(GAME_ENTRY), GAME_ENTRY) == b.game


@pytest.mark.parametrize("gid", list(GAMES))
def test_setups_start_and_place_every_piece_as_our_save(bench: Bench, gid: str) -> None:
    """Engine vs our reader of the same setup save: same ids, maps and pixels; the wizard got a side."""
    b = _game(bench, gid)
    for name, ours in b.setups.items():
        res = bench.runs[("setup", gid, name)]
        _assert_clean(res, f"{gid} setup {name!r}")
        started = res.of_kind("setup")
        assert started and started[0]["game_started"] is True, res.describe()
        wizard = res.of_kind("wizard")
        assert wizard and wizard[0]["side"] == b.module.sides[0] == started[0]["my_side"], wizard
        got = {p["id"]: p for p in res.pieces}
        exp = {r.id: r for r in ours.pieces}
        assert sorted(got) == sorted(exp), f"{gid} {name!r}: piece ids differ"
        bad = [
            f"{pid} {got[pid]['name']!r}: engine {got[pid]['map']} {got[pid]['x']},{got[pid]['y']}"
            f" / ours {r.map} {r.x},{r.y}"
            for pid, r in exp.items()
            if (got[pid]["map"], got[pid]["x"], got[pid]["y"]) != (r.map, r.x, r.y)
        ]
        assert not bad, f"{gid} {name!r}: misplaced pieces:\n" + "\n".join(bad)
        # stacks: same members, same order (bottom first)
        for st in ours.stacks:
            keys = {(got[pid]["map"], got[pid]["stack"]) for pid in st.piece_ids}
            assert len(keys) == 1, f"{gid} {name!r}: stack {st.id} split by the engine: {keys}"
            assert [got[pid]["stack_pos"] for pid in st.piece_ids] == list(range(len(st.piece_ids))), st


@pytest.mark.parametrize("gid", list(GAMES))
def test_setup_locations_are_the_hexes_and_boxes_of_our_data(bench: Bench, gid: str) -> None:
    """Engine location names vs the scenario data: hex ids on the Main Map, zone names on Tracks."""
    b = _game(bench, gid)
    for name, scenario in b.scenarios.items():
        res = bench.runs[("setup", gid, name)]
        expected = expected_locations(b.game, scenario)
        placed = SheetLayout(b.game.map, scenario.sheets)  # the scenario's sheets where VASSAL lays them
        on_sides = {pid: placed.hexside_point(*m.hexside) for pid, m in _marker_ids(b.game, scenario) if m.hexside}
        got = {p["id"]: p for p in res.pieces}
        assert sorted(got) == sorted(expected), f"{gid} {name!r}: engine pieces vs scenario data differ"
        bad = []
        for pid, (map_name, loc) in expected.items():
            p = got[pid]
            if (p["map"], p["location"]) != (map_name, loc):
                bad.append(f"{pid} {p['name']!r}: engine {p['map']} {p['location']!r} at {p['x']},{p['y']}"
                           f" / data {map_name} {loc!r}")
            elif map_name == MAIN_MAP and pid in on_sides:
                if (p["x"], p["y"]) != on_sides[pid]:
                    bad.append(f"{pid} {p['name']!r}: engine {p['x']},{p['y']} / hexside midpoint {on_sides[pid]}")
            elif map_name == MAIN_MAP:
                board, x, y = placed.centre(loc)
                if (p["board"], p["x"], p["y"]) != (board, x, y):
                    bad.append(f"{pid} {p['name']!r}: engine {p['board']} {p['x']},{p['y']}"
                               f" / centre of {loc}: {board} {x},{y}")
        assert not bad, f"{gid} {name!r}: {len(bad)} of {len(expected)} pieces not where the data says:\n" + "\n".join(bad)


@pytest.mark.parametrize("gid", list(GAMES))
def test_our_save_decodes_in_the_engine(bench: Bench, gid: str) -> None:
    """write_game output (setup + moved/stacked/eliminated/flipped/masked pieces) loads identically."""
    b = _game(bench, gid)
    res = bench.runs[("save", gid)]
    _assert_clean(res, f"{gid} save {b.save}")
    assert res.of_kind("save")[0]["game_started"] is True, res.describe()
    expect, changed = b.save_expect, b.save_changes
    setup_loc = {p["id"]: p["location"] for p in bench.runs[("setup", gid, b.save_setup)].pieces}
    got = {p["id"]: p for p in res.pieces}
    assert sorted(got) == sorted(expect), f"{gid}: piece ids differ"
    bad = []
    for pid, e in expect.items():
        g = got[pid]
        loc = e.get("location", setup_loc.get(pid))  # unchanged pieces: where the setup had them
        want = (e["map"], e["x"], e["y"], loc, e["state"])
        have = (g["map"], g["x"], g["y"], g["location"], g["state"])
        if want != have:
            bad.append(f"{pid} {g['name']!r}:\n    engine {have}\n    ours   {want}")
        if _trait_ids(g["type"]) != _trait_ids(e["type"]):
            bad.append(f"{pid} {g['name']!r}: traits {_trait_ids(g['type'])} / ours {_trait_ids(e['type'])}")
    assert not bad, f"{gid}: {len(bad)} pieces differ (changes made: {changed}):\n" + "\n".join(bad)
    for sid, ids in b.save_stacks.items():
        keys = {(got[pid]["map"], got[pid]["stack"]) for pid in ids}
        assert len(keys) == 1, f"{gid}: stack {sid} {ids} split by the engine: {keys}"
        assert [got[pid]["stack_pos"] for pid in ids] == list(range(len(ids))), f"{gid}: stack {sid} order"
    # the changes really are in the engine's view (decoded with our own piece decoder)
    if "flipped" in changed:
        flipped = decode_piece(got[changed["flipped"]]["type"], got[changed["flipped"]]["state"])
        assert _flip_layer(flipped)[0].state == "2", _flip_layer(flipped)
    masked = decode_piece(got[changed["masked"]]["type"], got[changed["masked"]]["state"])
    assert masked.find("obs;")[0].state.endswith(";|0"), masked.find("obs;")


def test_one_run_is_split_per_item_each_with_its_own_problems() -> None:
    """EngineResult.items/before_items (what the bench relies on): an item's problem fails that item only,
    and a run that never finished fails every part."""
    from modgen.engine import _parse

    lines = [
        {"kind": "module", "name": "M"}, {"kind": "images", "bad": 0},
        {"kind": "resave", "save": "setup:A", "file": ""}, {"kind": "setup", "name": "A"}, {"kind": "piece", "id": "1"},
        {"kind": "resave", "save": "/x.vsav", "file": ""},
        {"kind": "problem", "level": "warning", "source": "log", "message": "w"}, {"kind": "piece", "id": "2"},
        {"kind": "summary", "errors": 0, "warnings": 1, "exit": 1},
    ]
    out = "".join(json.dumps(r) + "\n" for r in lines)
    res = _parse(out, "", 1, [])
    head, items = res.before_items(), res.items()
    assert head.ok and [r["kind"] for r in head.records] == ["module", "images"]
    assert list(items) == ["setup:A", "/x.vsav"]
    assert items["setup:A"].ok and [p["id"] for p in items["setup:A"].pieces] == ["1"]
    assert items["setup:A"].summary["warnings"] == 0
    assert not items["/x.vsav"].ok and items["/x.vsav"].summary["warnings"] == 1
    unfinished = _parse(out.rsplit("\n", 2)[0] + "\n", "", 3, [])  # killed before its summary
    assert not unfinished.before_items().ok and not any(p.ok for p in unfinished.items().values())
