"""read_game/write_game against saves and logs written by the real engine."""

import json
import zipfile
from pathlib import Path

import pytest

from modgen.build import build_game
from modgen.errors import SaveError
from modgen.vassal.archive import zip_bytes, zip_bytes_by_zipfile
from modgen.vassal.commands import leaves
from modgen.vassal.module import map_location, read_module
from modgen.vassal.names import display_name
from modgen.vassal.obfuscation import deobfuscate, obfuscate
from modgen.vassal.savefile import (BoardPick, SaveContent, StackSpec, encode_game_text,
                                    read_game, read_game_data, save_bytes, write_game)

from .conftest import FIXTURES as FIX
from .conftest import REPO
KITCHEN = read_module(FIX / "kitchen.vmod")
TINY = read_module(FIX / "tiny.vmod")


def expected(name: str) -> list[dict]:
    return [json.loads(l) for l in (FIX / name).read_text("utf-8").splitlines()]


def scenario_1914():
    data = zipfile.ZipFile(FIX / "kitchen.vmod").read("scenario_1914.vsav")
    return read_game_data(data, "kitchen.vmod!scenario_1914.vsav")


CASES = [
    ("kitchen_start.vsav", "kitchen_start.expected.jsonl", True, KITCHEN, "Russia"),
    ("kitchen_flipped.vsav", "kitchen_flipped.expected.jsonl", True, KITCHEN, "Russia"),
    ("kitchen_flipped.vsav", "kitchen_flipped.observer.expected.jsonl", True, KITCHEN, None),
    ("kitchen_moves.vlog", "kitchen_moves.expected.jsonl", False, KITCHEN, "Russia"),
    ("kitchen_moves.vlog", "kitchen_moves.replayed.expected.jsonl", True, KITCHEN, "Russia"),
    ("tiny_placed.vsav", "tiny_placed.expected.jsonl", True, TINY, None),
    ("scenario_1914.vsav", "kitchen_setup_1914.expected.jsonl", True, KITCHEN, "Russia"),
]


@pytest.mark.parametrize("save,exp,replay,module,side", CASES, ids=[c[1] for c in CASES])
def test_every_piece_matches_the_engine_dump(save, exp, replay, module, side):
    game = scenario_1914() if save == "scenario_1914.vsav" else read_game(FIX / save, replay=replay)
    want = [e for e in expected(exp) if e["kind"] == "piece"]
    got = {p.id: p for p in game.pieces}
    assert sorted(got) == sorted(e["id"] for e in want)
    for e in want:
        p = got[e["id"]]
        assert (p.map, p.x, p.y, p.type, p.state, p.stack_pos) == (
            e["map"], e["x"], e["y"], e["type"], e["state"], e["stack_pos"]), e["id"]
        assert map_location(module, p.map, p.x, p.y, game.boards.get(p.map)) == e["location"], e["id"]
        assert display_name(p.piece, side) == e["name"], e["id"]
    if "replayed" not in exp:  # a replay keeps emptied stacks, so only loaded games share draw order
        assert [p.id for p in game.pieces] == [e["id"] for e in want]


def test_components_of_flipped_and_replayed_agree():
    for g in (read_game(FIX / "kitchen_flipped.vsav"), read_game(FIX / "kitchen_moves.vlog")):
        assert g.turns["TurnTracker0"].raw == "0|6;0;true;12;1\\;0\\;0\\;true,true"
        assert g.turns["TurnTracker0"].active_values() == [6, 1]
        assert g.global_properties["VP_Russia"].value == "7"
        assert g.boards == {"Main Map": [BoardPick("Galicia")], "Eliminated": [BoardPick("Eliminated Box")]}
        assert [(p.id, p.name, p.side) for p in g.players] == [("pw-russia", "Tester", "Russia")]
        assert (g.module_name, g.module_version, g.vassal_version) == ("KitchenSink", "1.2", "3.8.0-SNAPSHOT")
    start = read_game(FIX / "kitchen_start.vsav")
    assert start.turns["TurnTracker0"].active_values() == [1, 0]
    assert start.global_properties["VP_Russia"].value == "0"
    log = read_game(FIX / "kitchen_moves.vlog", replay=False)
    assert log.is_log and log.turns["TurnTracker0"].active_values() == [1, 0]
    assert len(log.stacks) == 14


def test_stream_bytes_and_obfuscation():
    raw = (FIX / "kitchen_start.savedGame.raw").read_bytes()
    data = zipfile.ZipFile(FIX / "kitchen_start.vsav").read("savedGame")
    assert deobfuscate(data).encode("utf-8") == raw
    assert deobfuscate(data.upper().replace(b"!VCSK", b"!VCSK")) == raw.decode("utf-8")
    assert obfuscate("begin_save\x1b", 0x41) == b"!VCSK41232426282f1e322037245a"
    assert deobfuscate(b"plain text") == "plain text"
    for bad in (b"!VCSK4", b"!VCSK41232", b"!VCSK41zz", b"!VCSKzz00", b"\xff\xfe"):
        with pytest.raises(SaveError):
            deobfuscate(bad)


def start_content(game, **kw) -> SaveContent:
    return SaveContent(
        pieces=[(p.id, p.piece) for p in sorted(game.pieces, key=lambda p: _stream_order(game).index(p.id))],
        stacks=[StackSpec(s.id, s.piece_ids, s.layer) for s in game.stacks],
        boards=game.boards, turns={k: v.raw for k, v in game.turns.items()},
        global_properties=list(game.global_properties.values()),
        module_name="KitchenSink", module_version="1.2", **kw)


def _stream_order(game) -> list[str]:
    return [c.split("/")[1] for c in leaves(game.text) if c.startswith("+/")]


def test_writing_kitchen_start_reproduces_the_engine_stream():
    game = read_game(FIX / "kitchen_start.vsav")
    text = encode_game_text(start_content(game))
    ours = [c for c in leaves(text)]
    theirs = [c for c in leaves(game.text) if not c.startswith(("PLAYER\t", "UNMASK\t"))]
    assert ours == theirs
    # and the nesting/escaping too, once PLAYER/UNMASK lines are taken out of the engine text
    engine = game.text
    for line in ["PLAYER\tpw-russia\tTester\tRussia\x1b", "PLAYER\tpw-russia\tTester\tRussia\x1b", "UNMASK\tnull\x1b"]:
        engine = engine.replace(line, "", 1)
    assert text == engine


def test_write_read_back_and_determinism(tmp_path):
    game = read_game(FIX / "kitchen_flipped.vsav")
    content = start_content(game, date_saved=1700000000000)
    a, b = tmp_path / "a.vsav", tmp_path / "b.vsav"
    write_game(a, content)
    write_game(b, content)
    assert a.read_bytes() == b.read_bytes()
    assert not list(tmp_path.glob(".*tmp"))
    z = zipfile.ZipFile(a)
    assert [i.filename for i in z.infolist()] == ["savedGame", "savedata", "moduledata"]
    assert all(i.date_time == (1980, 1, 1, 0, 0, 0) and i.compress_type == zipfile.ZIP_DEFLATED for i in z.infolist())
    assert z.read("savedGame").startswith(b"!VCSK")
    back = read_game(a)
    assert [(p.id, p.type, p.state, p.stack_pos) for p in back.pieces] == \
        [(p.id, p.type, p.state, p.stack_pos) for p in game.pieces]
    assert back.turns["TurnTracker0"].raw == game.turns["TurnTracker0"].raw
    assert back.global_properties == game.global_properties
    assert (back.module_name, back.module_version, back.vassal_version) == ("KitchenSink", "1.2", "3.7.0")


def test_setup_without_metadata_and_setup_stack(tmp_path):
    tiny = read_game(FIX / "tiny_placed.vsav")
    content = SaveContent(pieces=[(p.id, p.piece) for p in tiny.pieces],
                          stacks=[StackSpec(s.id, s.piece_ids) for s in tiny.stacks],
                          boards={"Main Map": [BoardPick("Board A")]}, setup_stack=True, include_metadata=False)
    data = save_bytes(content)
    assert zipfile.ZipFile(__import__("io").BytesIO(data)).namelist() == ["savedGame"]
    g = read_game_data(data, "setup.vsav")
    assert g.setup_stack and len(g.pieces) == 3
    assert "SETUP_STACK\t" in leaves(encode_game_text(content))


def test_writer_rejects_inconsistent_stacks():
    game = read_game(FIX / "tiny_placed.vsav")
    pieces = [(p.id, p.piece) for p in game.pieces]
    with pytest.raises(ValueError):
        encode_game_text(SaveContent(pieces=pieces, stacks=[StackSpec("s", ["nope"])]))
    with pytest.raises(ValueError):  # pieces at different points in one stack
        encode_game_text(SaveContent(pieces=pieces, stacks=[StackSpec("s", [p.id for p in game.pieces])]))


def _zip(tmp_path, entries: dict, name="x.vsav") -> Path:
    p = tmp_path / name
    with zipfile.ZipFile(p, "w", zipfile.ZIP_DEFLATED) as z:
        for k, v in entries.items():
            z.writestr(k, v)
    return p


GOOD = (FIX / "tiny_placed.savedGame.txt").read_bytes()


@pytest.mark.parametrize("label,entries,fragment", [
    ("missing savedGame", {"savedata": b"<data/>"}, "no savedGame"),
    ("odd obfuscation", {"savedGame": b"!VCSK41abc"}, "odd number"),
    ("bad key", {"savedGame": b"!VCSKzz0000"}, "key"),
    ("not utf-8", {"savedGame": b"begin_save\x1b\xff\xfe"}, "UTF-8"),
    ("unknown stack id", {"savedGame": b"begin_save\x1b+/1/stack/Main Map;1;2;999;@@1\x1bend_save"}, "unknown piece id"),
    ("non-integer x", {"savedGame": b"begin_save\x1b+/1/piece;;;;A/Main Map;1.5;2;1;0\x1bend_save"}, "non-integer"),
    ("bad move", {"savedGame": b"begin_save\x1bM/1/Main Map/x/2/null/Main Map/1/2/null/p\x1bend_save"}, "non-integer"),
    ("bad savedata xml", {"savedGame": GOOD, "savedata": b"<data><oops></data>"}, "bad XML"),
])
def test_bad_saves_give_one_clear_save_error(tmp_path, label, entries, fragment):
    p = _zip(tmp_path, entries)
    with pytest.raises(SaveError) as err:
        read_game(p)
    assert fragment in str(err.value) and str(p) in str(err.value)
    assert "\n" not in str(err.value)


def test_not_a_zip_truncated_and_missing(tmp_path):
    junk = tmp_path / "junk.vsav"
    junk.write_bytes(b"hello, not a zip")
    trunc = tmp_path / "trunc.vsav"
    trunc.write_bytes((FIX / "kitchen_start.vsav").read_bytes()[:1500])
    for p, msg in ((junk, "not a zip"), (trunc, ""), (tmp_path / "none.vsav", "not found")):
        with pytest.raises(SaveError) as err:
            read_game(p)
        assert msg in str(err.value)


def test_zip_bomb_is_refused_by_declared_and_actual_size(tmp_path):
    big = b"begin_save\x1b" + b" " * (3 * 1024 * 1024)
    p = _zip(tmp_path, {"savedGame": big})
    with pytest.raises(SaveError) as err:
        read_game(p, limit=1024 * 1024)
    assert "savedGame" in str(err.value) and "limit" in str(err.value)
    # a lying header: patch the declared size in the central directory to something small
    data = bytearray(p.read_bytes())
    cd = data.rfind(b"PK\x01\x02")
    data[cd + 24: cd + 28] = (100).to_bytes(4, "little")
    lh = data.find(b"PK\x03\x04")
    data[lh + 22: lh + 26] = (100).to_bytes(4, "little")
    p.write_bytes(bytes(data))
    with pytest.raises(SaveError):
        read_game(p, limit=1024 * 1024)


def test_undo_markers_are_no_ops_and_the_logged_inverse_is_executed(tmp_path):
    base = (FIX / "tiny_placed.savedGame.txt").read_text("utf-8")
    pid = "1795332862387"
    new = "Red\tMain Map;250;200;2;1;UniqueID;" + pid
    old = "Blue\tMain Map;250;200;2;1;UniqueID;" + pid
    from modgen.vassal.sequence import encode as enc
    change = "D/" + enc([pid, new, old], "/")
    undo = "D/" + enc([pid, old, new], "/")
    log = base + "\x1bLOG\t" + change + "\x1b" + enc(["LOG\tUNDO\ttrue", "LOG\t" + undo, "LOG\tUNDO\tfalse"], "\x1b")
    p = _zip(tmp_path, {"savedGame": obfuscate(log, 7)}, "u.vlog")
    g = read_game(p)
    assert g.piece(pid).piece.traits[0].state == "Blue"
    assert read_game(p, replay=False).piece(pid).piece.traits[0].state == "Blue"


def test_an_empty_savedata_version_falls_back_to_the_moduledata_version(tmp_path):
    """VASSAL 3.6 saves with `<version/>` empty in savedata: the module's version is moduledata's."""
    (tmp_path / "ours.vsav").write_bytes(save_bytes(SaveContent(pieces=[], module_name="Kitchen", module_version="1.2")))
    src = zipfile.ZipFile(tmp_path / "ours.vsav")
    with zipfile.ZipFile(tmp_path / "engine36.vsav", "w") as z:
        for name in src.namelist():
            data = src.read(name)
            if name == "savedata":
                data = data.replace(b"<version>1.2</version>", b"<version/>")
            z.writestr(name, data)
    saved = read_game(tmp_path / "engine36.vsav")
    assert (saved.module_name, saved.module_version) == ("Kitchen", "1.2")


def test_zip_bytes_are_the_bytes_zipfile_writes(tmp_path):
    """zip_bytes assembles the zip itself; it must give exactly what zipfile.writestr gives for the
    same entries (stored PNGs, deflated text, an empty entry, a non-ASCII name), and read back."""
    module = build_game(REPO, "galicia1914", tmp_path, use_cache=False).path
    with zipfile.ZipFile(module) as z:
        entries = [(n, z.read(n)) for n in z.namelist()]
    entries += [("empty", b""), ("notes/été.txt", "là".encode() * 50)]
    ours = zip_bytes(entries)
    assert ours == zip_bytes_by_zipfile(entries)
    (tmp_path / "x.zip").write_bytes(ours)
    with zipfile.ZipFile(tmp_path / "x.zip") as z:
        assert z.testzip() is None and [(n, z.read(n)) for n in z.namelist()] == entries
