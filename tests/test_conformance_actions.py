"""Conformance: genuine VASSAL logs, recorded by the real engine playing a turn (``run_engine(actions=...)``).

The harness's ``--actions`` has VASSAL 3.6 carry out a player's GUI actions through its own code paths
(File > Begin Logfile, a drag and drop, a right-click menu key command, a DiceButton click with loaded
dice, the turn tracker's Next, File > End Logfile), so the .vlog is what a real player's log holds: one
``LOG`` step per ``GameModule.sendAndLog``. Our reader (``modgen.vassal.savefile.read_game``) must replay
that log to exactly the position the engine reaches replaying it (a third run loads the .vlog and presses
Step forward to the end). A second run checks that actions which cannot be done are problems with their
line numbers.

A VASSAL 3.6 quirk shows here: BasicPiece persistent properties set while playing (a drop's
``OldMap``/``OldX``/... from ``Decorator.putOldProperties``, a right-click key command's ``ClickedX``/
``ClickedY`` from ``KeyBuffer.keyCommand``) travel as ``SetPersistentPropertyCommand``s, which 3.6's
``BasicCommandEncoder`` cannot encode: the log holds ``LOG<TAB>null`` in their place (one per property).
The player's own engine has them; a replay of the log (the engine's and ours) does not. The flipped
piece's ``D`` command even carries ``ClickedX``/``ClickedY`` in both its new and old state (the old state is
taken after they were set), so ``mergeState`` leaves the BasicPiece as it was.

Galicia is built fresh (the ``galicia_module`` fixture), so the module matches the data tree whose grid
code (``game.map.centre``) gives the target hex's pixel. Without the engine these tests skip with the
reason; under CI (``CI`` set) they fail instead.
"""

from __future__ import annotations

import zipfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from modgen.engine import EngineResult, run_engine
from modgen.vassal.commands import iter_leaves
from modgen.vassal.module import read_module
from modgen.vassal.savefile import SavedGame, read_game, read_game_data
from modgen.vassal.sequence import ESC, decode

from .conftest import loaded, require_engine

MAIN = "Main Map"
FLIP = "70,130"  # the counters' Step layer key (Ctrl+F), see the module's buildFile


def _step_level(rec: Any) -> str:
    """State of the piece's Step layer (Layer trait ``emb2``; its state is the active level)."""
    steps = [t for t in rec.piece.find("emb2;") if ";Step;" in t.type]
    assert len(steps) == 1, f"{rec.id}: expected one Step layer"
    return steps[0].state


@dataclass
class Recorded:
    setup: str
    start: SavedGame  # the setup save, as our reader sees it
    mover: str
    flipper: str
    hex_id: str
    point: tuple[int, int]
    log: Path
    res: EngineResult
    bad: EngineResult
    replay: EngineResult  # the engine loading the .vlog and stepping through it


@pytest.fixture(scope="module")
def recorded(galicia_module: Path, tmp_path_factory: pytest.TempPathFactory) -> Recorded:
    require_engine()
    tmp = tmp_path_factory.mktemp("actions")
    info = read_module(galicia_module)
    setup, setup_file = next((n, f) for n, f in info.setups.items() if f)
    with zipfile.ZipFile(galicia_module) as z:
        start = read_game_data(z.read(setup_file), setup_file)
    # two unmasked full-strength units in different stacks: one moves, the other flips
    units = [
        r for r in start.pieces
        if r.map == MAIN and any(";Step;" in t.type for t in r.piece.find("emb2;")) and _step_level(r) == "1"
        and all(t.state.startswith("null") for t in r.piece.find("obs;"))
    ]
    mover = units[0]
    flipper = next(r for r in units[1:] if r.stack != mover.stack)
    game = loaded("galicia1914")
    occupied = {(r.x, r.y) for r in start.pieces if r.map == MAIN}
    hex_id = next(h for h in reversed(game.map.hex_ids()) if game.map.centre(h)[1:] not in occupied)
    _, x, y = game.map.centre(hex_id)
    log = tmp / "turn.vlog"
    actions: list[dict[str, Any]] = [
        {"op": "begin-log", "file": str(log)},
        {"op": "move", "piece": mover.id, "map": MAIN, "x": x, "y": y},
        {"op": "key", "piece": flipper.id, "key": FLIP},
        {"op": "roll", "button": "2d6", "values": [3, 4]},
        {"op": "turn-next"},
        {"op": "end-log"},
    ]
    bad: list[dict[str, Any] | str] = [
        '{"op": "move", "piece": }',  # 1: not JSON
        {"op": "key", "piece": "no-such-piece", "key": FLIP},  # 2
        {"op": "roll", "button": "7d6", "values": [1]},  # 3: no such DiceButton
        {"op": "roll", "button": "2d6", "values": [6, 6]},  # 4: fine
        {"op": "teleport", "piece": mover.id},  # 5: unknown op
        {"op": "end-log"},  # 6: no log was begun
        {"op": "roll", "button": "2d6", "values": [1, 2, 3]},  # 7: three values for two dice
    ]
    with ThreadPoolExecutor(max_workers=2) as pool:
        good = pool.submit(run_engine, galicia_module, setup=setup, images=False, actions=actions)
        wrong = pool.submit(run_engine, galicia_module, setup=setup, images=False, actions=bad)
        res, bad_res = good.result(), wrong.result()
        replay = run_engine(galicia_module, save=log, images=False, actions=[{"op": "step", "all": True}])
    return Recorded(setup, start, mover.id, flipper.id, hex_id, (x, y), log, res, bad_res, replay)


def _actions(res: EngineResult) -> dict[str, dict[str, Any]]:
    return {a["op"]: a for a in res.of_kind("action")}


def _steps(saved: SavedGame) -> list[str]:
    """The log's top-level entries after the saved position: one per sendAndLog, each a LOG step."""
    tokens = decode(saved.text, ESC)
    return tokens[tokens.index("end_save") + 1:]


def test_the_engine_does_every_action_cleanly(recorded: Recorded) -> None:
    res = recorded.res
    assert res.ok, "the engine reported problems:\n" + res.describe()
    acts = res.of_kind("action")
    assert [a["op"] for a in acts] == ["begin-log", "move", "key", "roll", "turn-next", "end-log"]
    assert res.of_kind("actions")[-1]["done"] == 6 and res.of_kind("actions")[-1]["failed"] == 0
    by_op = _actions(res)
    for op in ("move", "key", "roll", "turn-next"):
        assert by_op[op]["steps"] == 1, f"{op} should be one sendAndLog: {by_op[op]}"
    assert by_op["begin-log"]["file"] == str(recorded.log)
    end = by_op["end-log"]
    assert end["steps"] == 4 and end["bytes"] == recorded.log.stat().st_size > 0


def test_move_is_a_drop_on_the_hex_centre(recorded: Recorded) -> None:
    move = _actions(recorded.res)["move"]
    x, y = recorded.point
    assert move["to"] == {"map": MAIN, "x": x, "y": y, "location": recorded.hex_id}
    start = recorded.start.piece(recorded.mover)
    assert (move["from"]["map"], move["from"]["x"], move["from"]["y"]) == (start.map, start.x, start.y)
    # the auto-report (GlobalOptions autoReport="Always") says where from and to, by the engine's names
    assert move["chat"] == [f"* {move['name']} moves {move['from']['location']} -> {recorded.hex_id} *"]
    assert move["stack_size"] == 1  # a free hex: a new stack of its own


def test_roll_uses_the_loaded_dice_and_the_engine_reports_it(recorded: Recorded) -> None:
    roll = _actions(recorded.res)["roll"]
    assert [d["face"] for d in roll["drawn"]] == [3, 4] and all(d["loaded"] for d in roll["drawn"])
    # DiceButton.formatResult prefixes "*" to a report starting with "*": "** $name$ = ..." → "*** 2d6 = 7 ..."
    assert roll["chat"] == ["*** 2d6 = 7 *** <Tester>"]


def test_read_game_replays_the_engine_log(recorded: Recorded) -> None:
    saved = read_game(recorded.log)
    assert saved.is_log and saved.vassal_version.startswith("3.6.")
    x, y = recorded.point
    moved = saved.piece(recorded.mover)
    assert (moved.map, moved.x, moved.y) == (MAIN, x, y)
    assert _step_level(saved.piece(recorded.flipper)) == "2"
    turn = _actions(recorded.res)["turn-next"]
    assert turn["state"] != turn["old_state"]
    assert [t.raw for t in saved.turns.values()] == [turn["state"]]
    assert "2d6 = 7" in saved.text
    # without replay the log's header is the position when the log began: the setup's
    header = read_game(recorded.log, replay=False)
    before = header.piece(recorded.mover)
    start = recorded.start.piece(recorded.mover)
    assert (before.map, before.x, before.y) == (start.map, start.x, start.y)
    assert _step_level(header.piece(recorded.flipper)) == "1"


def _persistent(state: str) -> list[str]:
    """Names of the BasicPiece persistent properties in a piece state (map;x;y;gpid;N;k1;v1;...)."""
    fields = state.rpartition("\t")[2].split(";")
    return fields[5::2]


def _without_persistent(state: str) -> str:
    head, _, basic = state.rpartition("\t")
    return head + "\t" + ";".join(basic.split(";")[:4] + ["0"]) if _persistent(state) else state


def test_read_game_replays_the_log_as_the_engine_does(recorded: Recorded) -> None:
    rep = recorded.replay
    assert rep.ok, "the engine reported problems replaying the log:\n" + rep.describe()
    step = rep.of_kind("action")[0]
    assert (step["stepped"], step["remaining"]) == (4, 0)
    saved = read_game(recorded.log)
    engine = {p["id"]: (p["map"], p["x"], p["y"], p["state"]) for p in rep.pieces}
    ours = {r.id: (r.map, r.x, r.y, r.piece.state) for r in saved.pieces}
    assert ours == engine
    # the player's own engine ended at the same places and states, but for the persistent properties
    # 3.6 could not log (see the module docstring)
    live = {p["id"]: (p["map"], p["x"], p["y"], _without_persistent(p["state"])) for p in recorded.res.pieces}
    assert ours == live
    persistent = {p["id"]: sorted(_persistent(p["state"])) for p in recorded.res.pieces if _persistent(p["state"])}
    assert persistent == {
        recorded.mover: ["OldBoard", "OldLocationName", "OldMap", "OldX", "OldY", "OldZone"],
        recorded.flipper: ["ClickedX", "ClickedY"],
    }
    assert not any(_persistent(r.piece.state) for r in saved.pieces)


def test_one_log_step_per_action(recorded: Recorded) -> None:
    saved = read_game(recorded.log)
    steps = _steps(saved)
    assert len(steps) == 4, [s[:80] for s in steps]
    leaves = [[leaf for leaf, _ in iter_leaves(s)] for s in steps]
    assert all(leaf.startswith("LOG\t") for step in leaves for leaf in step)
    # 3.6 writes each SetPersistentPropertyCommand it cannot encode as LOG<TAB>null: 6 Old* properties
    # on the drop, ClickedX/ClickedY on the menu choice
    assert [step.count("LOG\tnull") for step in leaves] == [6, 2, 0, 0]
    commands = [[leaf[len("LOG\t"):] for leaf in step if leaf != "LOG\tnull"] for step in leaves]
    move, key, roll, turn = commands
    # the drop marks the piece moved (Mark When Moved: a ChangePiece before the move), then moves it
    assert move[0].startswith(f"D/{recorded.mover}/")
    assert move[1].startswith(f"M/{recorded.mover}/{MAIN}/{recorded.point[0]}/{recorded.point[1]}/")
    assert any(c.startswith("+/") and "/stack/" in c for c in move)
    assert move[-1].startswith("CHAT* ") and recorded.hex_id in move[-1]
    # the flip, then its Report Action's chat line (modgen.vmod.reports)
    assert len(key) == 2 and key[0].startswith(f"D/{recorded.flipper}/")
    assert key[1].startswith("CHAT* ") and " reduced in " in key[1]
    assert roll[0] == "CHAT*** 2d6 = 7 *** <Tester>"
    assert roll[1].startswith("MutableProperty\t2d6_result\t") and roll[1].endswith("\t7\tModule")
    assert turn[0].startswith("CHAT* <Tester> Turn Updated from ")
    assert turn[1] == "TURNTurnTracker0\t" + _actions(recorded.res)["turn-next"]["state"]


def test_actions_that_cannot_be_done_are_problems_with_their_line(recorded: Recorded) -> None:
    bad = recorded.bad
    assert bad.returncode == 1, bad.describe()
    errors = [p for p in bad.problems if p.get("source") == "actions"]
    assert [p["line"] for p in errors] == [1, 2, 3, 5, 6, 7], bad.describe()
    assert all(p["level"] == "error" for p in errors)
    text = {p["line"]: p["message"] for p in errors}
    assert "bad JSON" in text[1]
    assert "no-such-piece" in text[2]
    assert "7d6" in text[3] and "2d6" in text[3]  # names the buttons there are
    assert "teleport" in text[5]
    assert "no log" in text[6]
    assert "rolls 2 dice, 3 values" in text[7]
    assert [a["line"] for a in bad.of_kind("action")] == [4]
    assert bad.of_kind("actions")[-1]["done"] == 1 and bad.of_kind("actions")[-1]["failed"] == 6
