"""Conformance: every key command a piece carries prints its chat line, and a moved unit is marked
until its side's next player turn, in the real engine, for every shipped game.

Why: in play by e-mail the log is all the opponent sees. VASSAL prints nothing for a Layer flip, a
Mask or a Send to Location by itself, so a step loss or a hidden unit would leave no trace; modgen's
pieces carry Report Actions (modgen/vmod/reports.py) worded by the game's `texts:`. The expected lines
below are worked out from the game's texts and the names the module gives its pieces (the printed
name, or the mask's "<nationality> unit" while hidden, which the opponent must never see through),
never copied from the engine's output.

One engine run per game (two at a time: the machine is shared) plays, from the game's first set-up:
a unit dragged to a free hex, then flipped, restored, hidden, flipped and restored while hidden,
revealed and eliminated; a second unit dragged to another free hex, the turn tracker's Next pressed
through more than a whole game turn, then that unit deleted; a marker dragged to a third hex, turned
over (when it has a back), hidden, revealed and deleted.
"""

from __future__ import annotations

import zipfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from modgen.engine import EngineResult, run_engine
from modgen.model import Game
from modgen.vassal.commands import iter_leaves
from modgen.vassal.module import read_module
from modgen.vassal.pieces import decode_piece
from modgen.vassal.savefile import PieceRecord, read_game_data
from modgen.vassal.sequence import decode
from modgen.vmod.piecedefs import DELETE_KEY, ELIMINATE_KEY, FLIP_KEY, MASK_KEY, unit_piece_name

from .conftest import REPO, built, loaded, require_engine

GAMES = ("galicia1914", "holland44", "owc1914", "ef1914")
MAIN = "Main Map"


def _masked_by(rec: PieceRecord) -> str | None:
    owners = [t.state_fields[0] for t in rec.piece.find("obs;") if t.state_fields and t.state_fields[0] not in ("", "null")]
    return owners[0] if owners else None


def _has_layer(rec: PieceRecord, name: str) -> bool:
    return any(f";{name};" in t.type for t in rec.piece.find("emb2;"))


def _property(rec: PieceRecord, name: str) -> str | None:
    """A fixed property of the piece's Marker trait (UnitId, MarkerId)."""
    for t in rec.piece.find("mark;"):
        names, values = decode(t.type[len("mark;"):], ","), decode(t.state, ",")
        if name in names:
            return values[names.index(name)]
    return None


def _side_of(game: Game, rec: PieceRecord) -> str:
    return game.side(game.units[_property(rec, "UnitId")].side).name


@dataclass
class Played:
    """One game's run: what was played, and what the engine answered."""

    game: Game
    side: str  # the side the harness plays (the roster's first)
    unit: PieceRecord  # flipped, hidden, revealed and eliminated
    mover: PieceRecord  # moved, then deleted after the turns
    marker: PieceRecord | None
    hexes: list[str]
    actions: list[dict[str, Any]]
    res: EngineResult


def _free_hexes(game: Game, pieces: list[PieceRecord], n: int) -> list[tuple[str, int, int]]:
    occupied = {(r.x, r.y) for r in pieces if r.map == MAIN}
    out = []
    for h in reversed(game.map.hex_ids()):
        _, x, y = game.map.centre(h)
        if (x, y) not in occupied:
            out.append((h, x, y))
        if len(out) == n:
            return out
    raise AssertionError("no free hexes")


def _play(game_id: str, module: Path) -> Played:
    game = loaded(game_id)
    side = game.sides[0].name
    setup, setup_file = next((n, f) for n, f in read_module(module).setups.items() if f)
    with zipfile.ZipFile(module) as z:
        start = read_game_data(z.read(setup_file), setup_file)
    # units the harness's side may work, on any map: unmasked, or masked by that side. The unit worked is of that
    # side (a player hides and flips his own), one with a reduced side if any; the one moved is of the
    # other side where one is unmasked, so the other side's turn must clear it, not the harness's
    workable = [r for r in start.pieces if r.map and _property(r, "UnitId") and _masked_by(r) in (None, side)]
    own = [r for r in workable if _side_of(game, r) == side]
    unit = next((r for r in own if _has_layer(r, "Step")), own[0])
    # where one is masked by its own side, that one: the player pressing Next cannot see it, and
    # its marker must clear all the same
    theirs = [r for r in start.pieces if r.map and _property(r, "UnitId") and _side_of(game, r) != side]
    mover = next((r for r in theirs if _masked_by(r)), next((r for r in workable if _side_of(game, r) != side),
                                                             next(r for r in own if r.id != unit.id)))
    markers = [r for r in start.pieces if _property(r, "MarkerId") and _masked_by(r) in (None, side)]
    marker = next((r for r in markers if _has_layer(r, "Face")), markers[0] if markers else None)
    spots = _free_hexes(game, start.pieces, 3)
    acts: list[dict[str, Any]] = [{"op": "move", "piece": unit.id, "map": MAIN, "x": spots[0][1], "y": spots[0][2]}]
    if _masked_by(unit):
        acts.append({"op": "key", "piece": unit.id, "key": MASK_KEY})
    flips = [FLIP_KEY] * 2 if _has_layer(unit, "Step") else []
    acts += [{"op": "key", "piece": unit.id, "key": k} for k in (*flips, MASK_KEY, *flips, MASK_KEY, ELIMINATE_KEY)]
    acts.append({"op": "move", "piece": mover.id, "map": MAIN, "x": spots[1][1], "y": spots[1][2]})
    acts += [{"op": "turn-next"}] * (2 * len(game.turns.phases) + 1)
    acts.append({"op": "key", "piece": mover.id, "key": DELETE_KEY})
    if marker is not None:
        acts.append({"op": "move", "piece": marker.id, "map": MAIN, "x": spots[2][1], "y": spots[2][2]})
        if _masked_by(marker):
            acts.append({"op": "key", "piece": marker.id, "key": MASK_KEY})
        turn = [FLIP_KEY] if _has_layer(marker, "Face") else []
        acts += [{"op": "key", "piece": marker.id, "key": k} for k in (*turn, MASK_KEY, MASK_KEY, DELETE_KEY)]
    res = run_engine(module, setup=setup, images=False, actions=acts)
    return Played(game, side, unit, mover, marker, [h for h, _, _ in spots], acts, res)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Played]:
    require_engine()
    modules = {g: built(tmp_path_factory, REPO, g) for g in GAMES}
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = {g: pool.submit(_play, g, modules[g]) for g in GAMES}
        return {g: run.result() for g, run in runs.items()}


def _say(text: str, **values: str) -> str:
    """A report text with its placeholders filled, as the chat shows it (ReportState prefixes `* `)."""
    return "* " + text.format(**values)


def _unit_lines(p: Played) -> list[str]:
    """The chat lines of the unit's key commands, in the order played, from the texts."""
    game, texts = p.game, p.game.texts
    unit = game.units[_property(p.unit, "UnitId")]
    name, hidden_name = unit_piece_name(game, unit), f"{game.nationalities[unit.nationality].name} unit"
    hex_id = p.hexes[0]
    lines = [_say(texts.report_revealed, side=p.side, unit=name, hex=hex_id)] if _masked_by(p.unit) else []
    flips = unit.back is not None
    for hidden in (False, True):
        if hidden:
            lines.append(_say(texts.report_hidden, side=p.side, hex=hex_id))
        if flips:
            shown = hidden_name if hidden else name
            lines.append(_say(texts.report_reduced, unit=shown, hex=hex_id))
            lines.append(_say(texts.report_restored, unit=shown, hex=hex_id))
    lines.append(_say(texts.report_revealed, side=p.side, unit=name, hex=hex_id))
    lines.append(_say(texts.report_eliminated, unit=name, **{"from": hex_id}))
    return lines


def _key_chats(p: Played, piece: PieceRecord) -> list[str]:
    records = [a for a in p.res.of_kind("action") if a["op"] == "key" and a["piece"] == piece.id]
    assert all(len(a["chat"]) == 1 for a in records), [a["chat"] for a in records]
    return [a["chat"][0] for a in records]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_engine_plays_every_action_cleanly(played: dict[str, Played], game_id: str) -> None:
    res = played[game_id].res
    assert res.ok, "the engine reported problems:\n" + res.describe()
    done = res.of_kind("actions")[-1]
    assert (done["done"], done["failed"]) == (len(played[game_id].actions), 0)


@pytest.mark.parametrize("game_id", GAMES)
def test_each_key_command_of_a_unit_prints_its_line(played: dict[str, Played], game_id: str) -> None:
    p = played[game_id]
    assert _key_chats(p, p.unit) == _unit_lines(p)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hidden_unit_is_never_named(played: dict[str, Played], game_id: str) -> None:
    """Rule of hidden units: the opponent learns that a unit was hidden or flipped, and where, not which."""
    p = played[game_id]
    unit = p.game.units[_property(p.unit, "UnitId")]
    name = unit_piece_name(p.game, unit)
    chats = _key_chats(p, p.unit)
    hide = chats.index(_say(p.game.texts.report_hidden, side=p.side, hex=p.hexes[0]))
    reveal = len(chats) - 2  # the last reveal, before the elimination
    assert hide < reveal and not any(name in line for line in chats[hide:reveal])


@pytest.mark.parametrize("game_id", GAMES)
def test_deleting_a_unit_names_the_hex_it_left(played: dict[str, Played], game_id: str) -> None:
    p = played[game_id]
    unit = p.game.units[_property(p.mover, "UnitId")]
    name = f"{p.game.nationalities[unit.nationality].name} unit" if _masked_by(p.mover) else unit_piece_name(p.game, unit)
    assert _key_chats(p, p.mover) == [_say(p.game.texts.report_removed, unit=name, hex=p.hexes[1])]


@pytest.mark.parametrize("game_id", GAMES)
def test_each_key_command_of_a_marker_prints_its_line(played: dict[str, Played], game_id: str) -> None:
    p = played[game_id]
    if p.marker is None:
        pytest.skip(f"{game_id}'s first set-up places no marker the first side may work")
    texts, marker = p.game.texts, p.game.markers[_property(p.marker, "MarkerId")]
    face = marker.back.name if marker.back is not None else marker.front.name
    hex_id = p.hexes[2]
    lines = [_say(texts.report_revealed, side=p.side, unit=marker.front.name, hex=hex_id)] if _masked_by(p.marker) else []
    if marker.back is not None:
        lines.append(_say(texts.report_marker_flipped, unit=face, hex=hex_id))
    lines += [_say(texts.report_marker_hidden, side=p.side, hex=hex_id),
              _say(texts.report_revealed, side=p.side, unit=face, hex=hex_id),
              _say(texts.report_removed, unit=face, hex=hex_id)]
    assert _key_chats(p, p.marker) == lines


def _moved_states(p: Played, record: dict[str, Any], piece: PieceRecord, prefix: str = "markmoved;") -> list[str]:
    """The state of the piece's trait `prefix` each ChangePiece of `record`'s logged steps gives `piece`
    (Mark When Moved: `true` shows the marker)."""
    index = next(i for i, t in enumerate(piece.piece.traits) if t.prefix == prefix)
    out = []
    for step in record.get("logged", []):
        for leaf, _ in iter_leaves(step):
            if leaf.startswith(f"D/{piece.id}/"):
                new_state = decode(leaf[2:], "/")[1]
                out.append(decode_piece(piece.piece.type, new_state).traits[index].state)
    return out


def _turn(record: dict[str, Any]) -> tuple[str, str]:
    """(side, phase) of the tracker's text `<turn> - <side> - <phase>` (the module's turnFormat)."""
    _, side, phase = record["turn"].rsplit(" - ", 2)
    return side, phase


@pytest.mark.parametrize("game_id", GAMES)
def test_a_dragged_unit_is_marked_until_its_side_s_next_player_turn(played: dict[str, Played], game_id: str) -> None:
    p = played[game_id]
    acts = p.res.of_kind("action")
    move = next(a for a in acts if a["op"] == "move" and a["piece"] == p.mover.id)
    assert move["to"]["location"] == p.hexes[1]
    assert _moved_states(p, move, p.mover) == ["true"]
    side = _side_of(p.game, p.mover)
    turns = [a for a in acts if a["op"] == "turn-next"]
    start = next(i for i, a in enumerate(turns) if _turn(a) == (side, p.game.turns.phases[0]))
    # nothing touches the marker before its side's player turn begins (the other side's start included)
    assert all(_moved_states(p, a, p.mover) == [] for a in turns[:start])
    assert _moved_states(p, turns[start], p.mover) == ["false"]
    assert all(_moved_states(p, a, p.mover) == [] for a in turns[start + 1:])



@pytest.mark.parametrize("game_id", GAMES)
def test_the_movement_trail_records_the_move_and_clears_with_the_marker(played: dict[str, Played], game_id: str) -> None:
    """The trail (shown when the player's preference is set) holds the dragged unit's path until the
    moved marker clears: Footprint state `visible;startMap;N;x,y...`, the points the unit left."""
    p = played[game_id]
    acts = p.res.of_kind("action")
    move = next(a for a in acts if a["op"] == "move" and a["piece"] == p.mover.id)
    (trail,) = _moved_states(p, move, p.mover, "footprint;")
    points = decode(trail, ";")
    # the trail keeps the points the unit left (Footprint draws from them to where it stands)
    assert points[2] == "1" and points[3] == f"{move['from']['x']},{move['from']['y']}"
    side = _side_of(p.game, p.mover)
    cleared = next(a for a in acts if a["op"] == "turn-next" and _turn(a) == (side, p.game.turns.phases[0]))
    # cleared: the trail starts again where the unit stands, with nothing behind it to draw
    after = _moved_states(p, cleared, p.mover, "footprint;")
    assert after and decode(after[-1], ";")[2:] == ["1", f"{move['to']['x']},{move['to']['y']}"], after
