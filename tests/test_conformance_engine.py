"""Conformance: the real VASSAL engine accepts the fixture modules, and the harness catches breakage.

The engine is VASSAL 3.6.0-SNAPSHOT (``conformance/install-engine.sh``); the fixtures were written by
VASSAL 3.8.0-SNAPSHOT. Known 3.6-vs-3.8 differences, checked or tolerated below:

* The modules declare VassalVersion 3.7.0, so 3.6 shows a "Version Mismatch" dialog. ``run_engine``
  ignores it by default (``ENGINE_36_ARTIFACTS``); we assert it is still seen, as an "ignored" record.
* 3.6 re-encodes piece *types* without the trait fields added in 3.7 (e.g. ``markmoved`` loses its
  trailing ``;false;;;;``, ``obs`` and ``label`` lose their last fields), so types are compared by
  trait identifiers only. Positions, location names, stacking, names and states are identical.
* 3.6 asks "Start new Logfile?" when a game loads; that is a user preference the harness turns off.
* A game without a PLAYER line for us (a new game, a setup without one) makes 3.6 show its game-setup
  wizard; the harness answers it like a user picking a side (``side=``, default the first side).

Without the engine these tests skip with the reason; under CI (``CI`` set) they fail instead.
"""

from __future__ import annotations

import json
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

import pytest

from modgen.engine import EngineResult, run_engine

from .conftest import FIXTURES as FIX
from .conftest import require_engine

REPO = Path(__file__).resolve().parents[1]


def _expected(name: str) -> list[dict[str, Any]]:
    with open(FIX / name, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


# ---- deliberately broken modules, derived from tiny.vmod --------------------------------------

RED_SLOT = "+/null/piece;;;red.png;Red Unit/null;0;0;1;0"


def _variant(src: Path, dst: Path, edit: Callable[[str], str] | None = None, drop: tuple[str, ...] = ()) -> Path:
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            if info.filename in drop:
                continue
            data = zin.read(info.filename)
            if info.filename == "buildFile.xml" and edit is not None:
                new = edit(data.decode("utf-8"))
                assert new != data.decode("utf-8"), f"edit did not change {dst.name}"
                data = new.encode("utf-8")
            zout.writestr(info.filename, data)
    return dst


def _replace(old: str, new: str) -> Callable[[str], str]:
    return lambda text: text.replace(old, new)


# name -> (edit, dropped entries, a fragment the problem messages must contain)
BROKEN: dict[str, tuple[Callable[[str], str] | None, tuple[str, ...], str]] = {
    "missing_image": (None, ("images/red.png",), "red.png"),
    # A PieceSlot whose text lacks the "/STATE" part: the decoder throws and the load is aborted.
    "piece_without_state": (_replace(RED_SLOT, "+/null/piece;;;red.png;Red Unit"), (), "PieceSlot"),
    # An unknown trait identifier inside the piece definition.
    "unknown_trait": (
        _replace(RED_SLOT, "+/null/nosuchtrait;1;2\tpiece;;;red.png;Red Unit/x\tnull;0;0;1;0"),
        (),
        "nosuchtrait",
    ),
    # A slot text that is not a piece command at all.
    "garbage_piece": (_replace(RED_SLOT, "garbage text"), (), "garbage text"),
    # A prototype that does not exist (3.6 itself is silent: the harness checks with VASSAL's lookup).
    "unknown_prototype": (
        _replace(RED_SLOT, "+/null/prototype;NoSuchProto\tpiece;;;red.png;Red Unit/\tnull;0;0;1;0"),
        (),
        "NoSuchProto",
    ),
    "unknown_element_class": (
        _replace("<VASSAL.build.module.Chatter/>", '<VASSAL.build.module.Chatter/><VASSAL.build.module.NoSuchThing name="x"/>'),
        (),
        "NoSuchThing",
    ),
    "bad_next_piece_slot_id": (_replace('nextPieceSlotId="3"', 'nextPieceSlotId="x"'), (), "NumberFormatException"),
    # dy="" fails Double.valueOf; VASSAL's Builder reports it as "failed to load class ...HexGrid".
    "empty_hexgrid_dy": (_replace('dy="40.0"', 'dy=""'), (), "HexGrid"),
}


# ---- one batch of engine runs, shared by all tests (each engine start costs ~5 s) -------------


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, EngineResult]:
    require_engine()
    tmp = tmp_path_factory.mktemp("broken")
    jobs: dict[str, Callable[[], EngineResult]] = {
        "kitchen_1914": lambda: run_engine(FIX / "kitchen.vmod", setup="August 1914", password="pw-russia"),
        "kitchen_start": lambda: run_engine(FIX / "kitchen.vmod", save=FIX / "kitchen_start.vsav", password="pw-russia"),
        "tiny2_scenario1": lambda: run_engine(FIX / "tiny2.vmod", setup="Scenario 1"),
        # "New Game" has no save: nobody holds a side, so VASSAL shows the game-setup wizard.
        "kitchen_new_ah": lambda: run_engine(FIX / "kitchen.vmod", setup="New Game", side="Austria-Hungary", images=False),
        "kitchen_new_bad_side": lambda: run_engine(FIX / "kitchen.vmod", setup="New Game", side="Prussia", images=False),
    }
    for name, (edit, drop, _) in BROKEN.items():
        path = _variant(FIX / "tiny.vmod", tmp / f"{name}.vmod", edit, drop)
        jobs[name] = lambda path=path: run_engine(path)
    with ThreadPoolExecutor(max_workers=3) as pool:
        futures = {name: pool.submit(job) for name, job in jobs.items()}
        return {name: fut.result() for name, fut in futures.items()}


def _place(p: dict[str, Any]) -> tuple[Any, ...]:
    return (p["name"], p["map"], p["x"], p["y"], p["location"])


def _trait_ids(type_: str) -> list[str]:
    """Outermost-first trait identifiers of a piece type, e.g. ['report', 'delete', ..., 'piece']."""
    # Each nested level is escaped once more (leading backslashes); the id precedes the first ';'.
    return [part.lstrip("\\").split(";", 1)[0] for part in type_.split("\t")]


def _assert_clean(res: EngineResult) -> None:
    assert res.ok, "the engine reported problems:\n" + res.describe()
    assert res.summary.get("errors") == 0 and res.summary.get("warnings") == 0


def test_kitchen_setup_1914_matches_fixture(runs: dict[str, EngineResult]) -> None:
    res = runs["kitchen_1914"]
    _assert_clean(res)
    assert res.of_kind("setup") and res.of_kind("setup")[0]["game_started"] is True
    images = res.of_kind("images")[0]
    assert images["bad"] == 0 and images["referenced"] == 22
    expected = [r for r in _expected("kitchen_setup_1914.expected.jsonl") if r["kind"] == "piece"]
    assert sorted(map(_place, res.pieces)) == sorted(map(_place, expected))
    # Stacking is the same too: same pieces, same order, bottom first.
    got_stacks = {(p["map"], p["stack"], p["stack_pos"]): p["name"] for p in res.pieces}
    exp_stacks = {(p["map"], p["stack"], p["stack_pos"]): p["name"] for p in expected}
    assert got_stacks == exp_stacks


def test_kitchen_start_save_matches_fixture(runs: dict[str, EngineResult]) -> None:
    res = runs["kitchen_start"]
    _assert_clean(res)
    expected = {p["id"]: p for p in _expected("kitchen_start.expected.jsonl") if p["kind"] == "piece"}
    got = {p["id"]: p for p in res.pieces}
    assert got.keys() == expected.keys()  # a save keeps its piece ids
    for pid, e in expected.items():
        g = got[pid]
        assert (g["map"], g["x"], g["y"], g["location"]) == (e["map"], e["x"], e["y"], e["location"]), pid
        assert (g["name"], g["stack_pos"]) == (e["name"], e["stack_pos"]), pid
        assert g["state"] == e["state"], pid
        # 3.6 drops the 3.7-only trait fields when it re-encodes a type: compare trait ids only.
        assert _trait_ids(g["type"]) == _trait_ids(e["type"]), pid
    # The global state came through too.
    assert [r["name"] for r in res.of_kind("map")] == ["Main Map", "Eliminated"]


def test_version_mismatch_dialog_is_seen_but_not_counted(runs: dict[str, EngineResult]) -> None:
    """Proves the dialog hook works: 3.6 shows a modal dialog for a 3.7.0 module, and we caught it."""
    ignored = runs["kitchen_start"].of_kind("ignored")
    assert any(r["source"] == "dialog" and r["message"].startswith("Version Mismatch") for r in ignored), ignored


def test_tiny2_scenario_matches_fixture(runs: dict[str, EngineResult]) -> None:
    res = runs["tiny2_scenario1"]
    _assert_clean(res)
    expected = [r for r in _expected("tiny2_scenario1.expected.jsonl") if r["kind"] == "piece"]
    # 4 pieces: the embedded save has no SETUP_STACK line, so the at-start stack is created again.
    assert sorted(map(_place, res.pieces)) == sorted(map(_place, expected))


def test_setup_wizard_is_answered_with_the_chosen_side(runs: dict[str, EngineResult]) -> None:
    res = runs["kitchen_new_ah"]
    _assert_clean(res)
    (wizard,) = res.of_kind("wizard")
    assert [s["class"] for s in wizard["steps"]] == ["VASSAL.build.module.PlayerRoster"], wizard
    assert wizard["side"] == wizard["my_side"] == "Austria-Hungary", wizard
    (setup,) = res.of_kind("setup")
    assert setup["game_started"] is True and setup["my_side"] == "Austria-Hungary", setup
    # A password the kitchen setup knows claims its side: no wizard then.
    assert not runs["kitchen_1914"].of_kind("wizard")


def test_setup_wizard_rejects_a_side_not_offered(runs: dict[str, EngineResult]) -> None:
    res = runs["kitchen_new_bad_side"]
    assert res.returncode != 0 and not res.of_kind("wizard"), res.describe()
    text = "\n".join(p["message"] for p in res.problems)
    assert 'side "Prussia" is not offered' in text and "the game did not start" in text, res.describe()


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_module_is_reported(runs: dict[str, EngineResult], name: str) -> None:
    res = runs[name]
    fragment = BROKEN[name][2]
    assert res.returncode != 0, f"{name}: harness exited 0\n" + res.describe()
    assert res.problems, f"{name}: no problem reported\n" + res.describe()
    text = "\n".join(f"{p.get('message')}\n{p.get('detail', '')}" for p in res.problems)
    assert fragment in text, f"{name}: no problem mentions {fragment!r}\n" + res.describe()
