"""Conformance: a unit's state set by its key in the real engine is read by `modgen check` as the
marker counter under the unit was (markers.yaml `on_unit`, modgen.unitstates), for every shipped game.

Per game, one engine start: it loads a save we write of a position where the state matters to a
finding (reasoned from the rules' words below), with the unit unmarked; the harness presses the
state's key on the unit (as a player does, from the piece's menu key) and saves (File > Save As).
`modgen check` of that engine-written save must give exactly the findings of the same position with
the marker counter under the unit instead. Each press's chat line is the game's text.

- Galicia 11.4: a unit in supply marked Low Supply is wrongly marked (GT 3, A-H Supply Phase). Also
  a second unit's CE pressed twice (CE -2, the back) and a third unit's supply stepped round to none.
- Holland '44 18.1: a unit in supply marked Out of Supply, after the Supply Phase.
- Ostatnia Wojna Cesarzy 16: hidden units are never broken; a hidden Broken unit is an error.
- The Eastern Front 14.4: a unit in supply marked Out of Supply (after the Russian Supply Phase).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pytest

from modgen.check.reader import read_state
from modgen.check.run import check_states
from modgen.engine import EngineResult, run_engine
from modgen.model import Game
from modgen.vmod.compose import Composer, Position
from modgen.vmod.piecedefs import unit_piece_name

from .conftest import REPO, built, loaded, require_engine


@dataclass
class Case:
    """One game's position: the unit whose state decides a finding, and further presses to check."""

    scenario: str | None
    moment: tuple[int, str, str]
    place: Callable[[Game], tuple[str, str]]  # -> (unit, hex)
    marker: str
    masked: bool = False
    side: str | None = None  # the side the harness plays (a hidden unit's owner presses its keys)
    rule: str = ""
    extra: list[tuple[str, str, str, int]] = field(default_factory=list)  # (unit, hex, marker, presses)


def _holland(game: Game) -> tuple[str, str]:
    return next(u.id for u in game.units.values() if u.side == "allied" and u.type == "infantry"), "1404"


def _owc(game: Game) -> tuple[str, str]:
    from .test_rules_owc1914 import open_russia

    return "ru-1", open_russia(game)


def _ef(game: Game) -> tuple[str, str]:
    from .test_rules_ef1914_supply import RU_DIV, place

    return RU_DIV, place(game, "russian", 2)[0]


CASES = {
    "galicia1914": Case(None, (3, "ah", "Supply"), lambda g: ("ah-inf-25", "16.19"), "supply", rule="11.4",
                        extra=[("ah-inf-4", "17.20", "ce1", 2), ("ah-inf-3", "17.22", "supply", 3)]),
    "holland44": Case("campaign", (3, "allied", "Traffic Marker"), _holland, "oos", rule="18.1"),
    "owc1914": Case("campaign", (3, "russia", "Repeat attacks"), _owc, "broken", masked=True, side="Russia", rule="16"),
    "ef1914": Case("tannenberg", (3, "russian", "RR Engineering"), _ef, "out-of-supply", rule="14.4"),
}


def _position(game: Game, case: Case) -> Position:
    pos = Position(game, scenario=case.scenario)
    for s in game.sides:
        pos.set_vp(s.id, 0)
    unit, hex_id = case.place(game)
    pos.unit(unit, hex_id, masked=case.masked)
    for other, h, _, _ in case.extra:
        pos.unit(other, h)
    return pos.set_turn(*case.moment)


def _findings(path: Path, module: Path) -> list[tuple]:
    report = check_states([read_state(path, module=module)])
    return sorted((f.rule, f.title, f.hexes, f.units, f.message, f.status) for f in report.findings + report.notes)


@dataclass
class Played:
    game: Game
    case: Case
    module: Path
    engine_save: Path
    counter_save: Path
    presses: dict[str, tuple[str, str, str, int]]  # piece id -> (unit, hex, marker, presses)
    res: EngineResult


def _play(game_id: str, module: Path, folder: Path) -> Played:
    game, case = loaded(game_id), CASES[game_id]
    unit, hex_id = case.place(game)
    composer = Composer(game)
    start = composer.write(_position(game, case), folder / "start.vsav")
    marked = _position(game, case).marker(case.marker, hex_id, under=unit)
    for other, h, m, n in case.extra:  # the counters the extra presses leave: n % 3 == 2 the back, 1 the front
        level = n % (2 + (game.markers[m].back is not None))
        if level:
            marked.marker(m, h, back=level == 2, under=other)
    counter = composer.write(marked, folder / "counter.vsav")
    ids = {u.unit.id: u.piece_id for u in read_state(start, module=module).units}
    presses = {ids[u]: (u, h, m, n) for u, h, m, n in [(unit, hex_id, case.marker, 1), *case.extra]}
    actions = [{"op": "key", "piece": pid, "key": game.markers[m].on_unit.keystroke}
               for pid, (_, _, m, n) in presses.items() for _ in range(n)]
    engine_save = folder / "engine.vsav"
    res = run_engine(module, save=start, side=case.side, images=False, actions=actions, save_as=engine_save)
    return Played(game, case, module, engine_save, counter, presses, res)


@pytest.fixture(scope="module", params=list(CASES))
def played(request, tmp_path_factory: pytest.TempPathFactory) -> Played:
    require_engine()
    module = built(tmp_path_factory, REPO, request.param)
    return _play(request.param, module, tmp_path_factory.mktemp(f"states-{request.param}"))


def test_the_engine_presses_every_state_key_cleanly(played: Played) -> None:
    assert played.res.ok, "the engine reported problems:\n" + played.res.describe()
    done = played.res.of_kind("actions")[-1]
    assert done["failed"] == 0 and played.res.of_kind("saved"), played.res.describe()


def test_a_state_set_by_its_key_is_checked_as_the_marker_was(played: Played) -> None:
    counter = _findings(played.counter_save, played.module)
    assert played.case.rule in [f[0] for f in counter], counter  # the state matters here
    assert _findings(played.engine_save, played.module) == counter


def test_each_press_is_read_back_and_reported(played: Played) -> None:
    """Each press steps the layer (none, front, back, none) and prints the game's line for the step."""
    game, texts = played.game, played.game.texts
    state = read_state(played.engine_save, module=played.module)
    chats = [a["chat"] for a in played.res.of_kind("action") if a["op"] == "key"]
    expected_chats = []
    for unit, hex_id, marker_id, n in played.presses.values():
        marker = game.markers[marker_id]
        faces = [f.name for f in (marker.front, marker.back) if f is not None]
        levels = [(i % (len(faces) + 1)) for i in range(1, n + 1)]  # 1 front, 2 back, 0 none
        u = game.units[unit]
        shown = f"{game.nationalities[u.nationality].name} unit" if played.case.masked and unit == played.case.place(game)[0] \
            else unit_piece_name(game, u)
        for level in levels:
            text = texts.report_state_set.replace("{state}", faces[level - 1]) if level else \
                texts.report_state_cleared.replace("{state}", faces[-1])
            expected_chats.append(["* " + text.format(unit=shown, hex=hex_id)])
        got = [(m.marker.id, m.face) for m in state.unit(unit).markers if m.layer]
        assert got == ([(marker_id, faces[levels[-1] - 1])] if levels[-1] else []), (unit, got)
    assert chats == expected_chats


def test_a_log_reads_a_state_set_by_its_key(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    """A turn's log (.vlog) replays the key press: Galicia 11.4, ah-inf-25 in supply marked Low Supply by
    its layer during the Supply Phase is reported at the step that ends the phase (Next), as a marker
    counter would be; ah-inf-4, Low-Supply and left unmarked, is reported there too."""
    from modgen.check.logcheck import check_log

    require_engine()
    module = built(tmp_path_factory, REPO, "galicia1914")
    game = loaded("galicia1914")
    pos = Position(game)
    for s in game.sides:
        pos.set_vp(s.id, 0)
    start = Composer(game).write(pos.unit("ah-inf-25", "16.19").unit("ah-inf-4", "17.20").set_turn(3, "ah", "Supply"),
                                 tmp_path / "start.vsav")
    pid = next(u.piece_id for u in read_state(start, module=module).units if u.unit.id == "ah-inf-25")
    log = tmp_path / "turn.vlog"
    res = run_engine(module, save=start, images=False, actions=[
        {"op": "begin-log", "file": str(log)}, {"op": "key", "piece": pid, "key": game.markers["supply"].on_unit.keystroke},
        {"op": "turn-next"}, {"op": "end-log"}])
    assert res.ok, res.describe()
    found = sorted((f.step, f.finding.rule, f.finding.units, f.finding.status) for f in check_log(log, module=module).findings)
    assert found == [(2, "11.4", ("ah-inf-25",), "error"), (2, "11.4", ("ah-inf-4",), "error")]
