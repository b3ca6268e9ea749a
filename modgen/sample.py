"""`modgen sample`: a save written from the command line, for sample saves and bug reports.

A scenario's set-up, moved to a moment of the game and changed by a few moves, written as the
set-up saves are written (the module's own piece definitions, named by its title and version), so
`modgen check` and VASSAL read it as they read a player's save. No script and no internal API:
an author pins a sample, a player shows a checker bug, in one line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import DataError, ModgenError
from .load.mapfile import unknown_hex
from .load.schema import by_id, check, integer, must, obj, text
from .loader import load_game
from .load.nodes import Node
from .yamlsrc import load_yaml
from .vmod.compose import Composer, from_scenario


@dataclass(frozen=True)
class SampleSpec:
    scenario: str
    at: str = ""  # "TURN,SIDE,PHASE" (side id or name, phase as the turn track names it)
    moves: tuple[str, ...] = ()  # "UNIT=HEX"
    markers: tuple[str, ...] = ()  # "MARKER=HEX"
    where: tuple[tuple[str, str], ...] = ()  # (item text, "file:line") of what a position file gave

    def source(self, text: str) -> str:
        """Where an item came from, for its error: its position file's line, or the text itself."""
        return dict(self.where).get(text, text)

    def plus(self, other: "SampleSpec") -> "SampleSpec":
        """This spec with another's scenario and moment, if given, and its moves after this one's."""
        return SampleSpec(other.scenario or self.scenario, other.at or self.at, self.moves + other.moves,
                          self.markers + other.markers, self.where + other.where)


POSITION = obj("A position for modgen sample: a scenario's set-up at a moment, with units and markers moved.", {
    "scenario": text("the scenario id whose set-up it starts from"),
    "at": obj("The moment of the game.", {
        "turn": must(integer("the game turn", 1)),
        "side": must(text("the side (id or name) whose player turn it is")),
        "phase": must(text("the phase, as turns.phases names it")),
    }),
    "moves": by_id("unit id -> hex ID (quoted)", {"type": "string"}),
    "markers": by_id("marker id -> hex ID (quoted)", {"type": "string"}),
})


def read_position(path: Path) -> SampleSpec:
    """A position file (docs/samples.md): each of its items remembers its line for its error."""
    shown = str(path)
    data = load_yaml(path, shown)
    if not isinstance(data, dict):
        raise DataError(shown, None, None, "a position file is a mapping: scenario, at, moves, markers")
    check(data, POSITION, shown)
    n = Node(shown, data, "")
    where: list[tuple[str, str]] = []
    at = ""
    if (a := n.child("at", None)) is not None:
        at = f"{a.integer('turn', lo=1)},{a.text('side')},{a.text('phase')}"
        where.append((at, f"{shown}:{n.line_of('at')}: at"))
    pairs: dict[str, tuple[str, ...]] = {}
    for key in ("moves", "markers"):
        items = n.child(key, None)
        found = [(k, items.hex_text(k), items.line_of(k)) for k in items.data] if items is not None else []
        pairs[key] = tuple(f"{k}={h}" for k, h, _ in found)
        where += [(f"{k}={h}", f"{shown}:{line}: {key}.{k}") for k, h, line in found]
    return SampleSpec(n.text("scenario", ""), at, pairs["moves"], pairs["markers"], tuple(where))


def write_sample(root: Path, game_id: str, spec: SampleSpec, out: Path) -> Path:
    game = load_game(root, game_id)
    if not spec.scenario:
        raise ModgenError(game_id, "no scenario: give --scenario ID (or scenario: in the position file)")
    scenario = game.scenarios.get(spec.scenario)
    if scenario is None:
        raise ModgenError(spec.scenario, f"no scenario {spec.scenario!r} in {game_id}; scenarios: {', '.join(game.scenarios)}")
    pos = from_scenario(game, scenario)
    if spec.at:
        turn, side, phase = _moment(game, spec.at, spec.source(spec.at))
        pos.set_turn(turn, side, phase)
        for placed in scenario.markers:  # the turn marker goes with the turn tracker, as a player moves it
            if placed.track == "turn":
                pos.move_marker_to_box(placed.marker, f"{game.turns.label} {turn}")
    for item in spec.moves:
        unit, hex_id = _pair(item, "--move UNIT=HEX")
        if unit not in game.units:
            raise ModgenError(spec.source(item), f"--move: no unit {unit!r} in {game_id}")
        pos.unit(unit, _hex(game, hex_id, spec.source(item)))
    for item in spec.markers:
        marker, hex_id = _pair(item, "--marker MARKER=HEX")
        if marker not in game.markers:
            raise ModgenError(spec.source(item), f"--marker: no marker {marker!r} in {game_id}; markers: {', '.join(game.markers)}")
        pos.marker(marker, _hex(game, hex_id, spec.source(item)))
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


def _moment(game, at: str, where: str) -> tuple[int, str, str]:
    parts = [p.strip() for p in at.split(",", 2)]  # a phase name may hold commas ("Reinforcement, Withdrawal ...")
    if len(parts) != 3 or not parts[0].isdigit():
        raise ModgenError(where, "--at is TURN,SIDE,PHASE (e.g. 3,russian,Movement)")
    turn = int(parts[0])
    if not 1 <= turn <= game.turns.count:
        raise ModgenError(where, f"--at: turn {turn} is not on the turn track (1 to {game.turns.count})")
    side = next((s.id for s in game.sides if parts[1] in (s.id, s.name)), None)
    if side is None:
        raise ModgenError(where, f"--at: no side {parts[1]!r}; sides: {', '.join(s.id for s in game.sides)}")
    if parts[2] not in game.turns.phases:
        raise ModgenError(where, f"--at: no phase {parts[2]!r}; phases: {', '.join(game.turns.phases)}")
    return turn, side, parts[2]
