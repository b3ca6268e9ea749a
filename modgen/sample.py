"""`modgen sample`: a save written from the command line, for sample saves and bug reports.

A scenario's set-up, moved to a moment of the game and changed by a few moves, written as the
set-up saves are written (the module's own piece definitions, named by its title and version), so
`modgen check` and VASSAL read it as they read a player's save. No script and no internal API:
an author pins a sample, a player shows a checker bug, in one line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import ModgenError
from .load.mapfile import unknown_hex
from .loader import load_game
from .vmod.compose import Composer, from_scenario


@dataclass(frozen=True)
class SampleSpec:
    scenario: str
    at: str = ""  # "TURN,SIDE,PHASE" (side id or name, phase as the turn track names it)
    moves: tuple[str, ...] = ()  # "UNIT=HEX"
    markers: tuple[str, ...] = ()  # "MARKER=HEX"


def write_sample(root: Path, game_id: str, spec: SampleSpec, out: Path) -> Path:
    game = load_game(root, game_id)
    scenario = game.scenarios.get(spec.scenario)
    if scenario is None:
        raise ModgenError(spec.scenario, f"no scenario {spec.scenario!r} in {game_id}; scenarios: {', '.join(game.scenarios)}")
    pos = from_scenario(game, scenario)
    if spec.at:
        turn, side, phase = _moment(game, spec.at)
        pos.set_turn(turn, side, phase)
        for placed in scenario.markers:  # the turn marker goes with the turn tracker, as a player moves it
            if placed.track == "turn":
                pos.move_marker_to_box(placed.marker, f"{game.turns.label} {turn}")
    for text in spec.moves:
        unit, hex_id = _pair(text, "--move UNIT=HEX")
        if unit not in game.units:
            raise ModgenError(text, f"--move: no unit {unit!r} in {game_id}")
        pos.unit(unit, _hex(game, hex_id, text))
    for text in spec.markers:
        marker, hex_id = _pair(text, "--marker MARKER=HEX")
        if marker not in game.markers:
            raise ModgenError(text, f"--marker: no marker {marker!r} in {game_id}; markers: {', '.join(game.markers)}")
        pos.marker(marker, _hex(game, hex_id, text))
    pos.description = f"modgen sample: {scenario.name}" + (f" at {spec.at}" if spec.at else "")
    return Composer(game).write(pos, out, module_name=game.title, module_version=game.version)


def _pair(text: str, form: str) -> tuple[str, str]:
    left, sep, right = text.partition("=")
    if not sep or not left.strip() or not right.strip():
        raise ModgenError(text, f"expected {form}")
    return left.strip(), right.strip()


def _hex(game, hex_id: str, text: str) -> str:
    if hex_id not in game.map.board_of:
        raise ModgenError(text, unknown_hex(hex_id, game.map.boards))
    return hex_id


def _moment(game, at: str) -> tuple[int, str, str]:
    parts = [p.strip() for p in at.split(",")]
    if len(parts) != 3 or not parts[0].isdigit():
        raise ModgenError(at, "--at is TURN,SIDE,PHASE (e.g. 3,russian,Movement)")
    turn = int(parts[0])
    if not 1 <= turn <= game.turns.count:
        raise ModgenError(at, f"--at: turn {turn} is not on the turn track (1 to {game.turns.count})")
    side = next((s.id for s in game.sides if parts[1] in (s.id, s.name)), None)
    if side is None:
        raise ModgenError(at, f"--at: no side {parts[1]!r}; sides: {', '.join(s.id for s in game.sides)}")
    if parts[2] not in game.turns.phases:
        raise ModgenError(at, f"--at: no phase {parts[2]!r}; phases: {', '.join(game.turns.phases)}")
    return turn, side, parts[2]
