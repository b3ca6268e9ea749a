"""Executing a savedGame's commands: the position and the components' state they build.

GameState.loadGame decodes the stream and executes it; a log's `LOG` entries are the steps
BasicLogger replays one by one (each top-level `LOG` token is one step of "Step forward").
Loader does the same in Python; savefile reads whole saves with it, logsteps a log step by step.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from modgen.errors import SaveError
from modgen.vassal.commands import iter_leaves
from modgen.vassal.pieces import parse_add_piece
from modgen.vassal.position import Position
from modgen.vassal.sequence import TAB, Decoder, decode, java_parse_int


@dataclass(frozen=True)
class BoardPick:
    """One board of a SetBoards command: name, reversed (`/rev`), grid cell column and row."""

    board: str
    column: int = 0
    row: int = 0
    reversed: bool = False


@dataclass(frozen=True)
class GlobalValue:
    name: str
    value: str
    container: str = "Module"


@dataclass(frozen=True)
class Player:
    """A PlayerRoster entry; `id` is the player's password (GameModule user id)."""

    id: str
    name: str
    side: str


@dataclass
class TurnLevelState:
    """One turn level: current value/index, active sub-level, kind-specific fields, children."""

    current: int
    sub: int
    fields: list[str]
    children: list["TurnLevelState"]


@dataclass
class TurnState:
    """`TURN<id>→STATE`: raw text plus the parsed levels (top-level index, then each level)."""

    tracker_id: str
    raw: str
    top_index: int = 0
    levels: list[TurnLevelState] = field(default_factory=list)

    def active_values(self) -> list[int]:
        """Current value of each active level, outermost first (counter value or list index)."""
        out: list[int] = []
        if not self.levels or not 0 <= self.top_index < len(self.levels):
            return out
        level: Optional[TurnLevelState] = self.levels[self.top_index]
        while level is not None:
            out.append(level.current)
            level = level.children[level.sub] if 0 <= level.sub < len(level.children) else None
        return out


class Loader:
    """Executes leaf commands in order, tracking the position and the components' state.

    `run` executes a whole stream; `run_leaves` one part of it (a log's step), so a reader can
    look at the position between steps."""

    def __init__(self, where: str, replay: bool) -> None:
        self.where = where
        self.replay = replay
        self.pos = Position()
        self.boards: dict[str, list[BoardPick]] = {}
        self.turns: dict[str, TurnState] = {}
        self.globals: dict[str, GlobalValue] = {}
        self.players: list[Player] = []
        self.other: list[str] = []
        self.log: list[str] = []
        self.setup_stack = False
        self.index = 0

    def run(self, text: str) -> None:
        self.run_leaves(text)

    def run_leaves(self, text: str) -> list[str]:
        """Execute every leaf command of `text` (the whole stream, or one step of a log); return them."""
        done: list[str] = []
        try:
            for leaf, _depth in iter_leaves(text):
                self.index += 1
                self.leaf(leaf, logged=False)
                done.append(leaf)
        except ValueError as exc:
            raise SaveError(self.at(), str(exc)) from None
        return done

    def at(self) -> str:
        return f"{self.where} command {self.index}"

    def leaf(self, cmd: str, logged: bool) -> None:
        if cmd.startswith("LOG\t"):
            self.log.append(cmd)
            if self.replay:
                for inner, _ in iter_leaves(cmd[4:]):
                    self.leaf(inner, logged=True)
            return
        if cmd.startswith("UNDO\t") or cmd == "" or cmd == "null":
            return  # undo markers, NullCommand, and commands without encoder (`LOG→null`)
        if cmd == "begin_save":
            if not logged:
                index = self.index
                self.__init__(self.where, self.replay)  # GameState.setup(false): clear
                self.index = index
            return
        if cmd == "end_save":
            return
        if cmd.startswith("+/"):
            pid, type_, state = parse_add_piece(cmd)
            self.pos.add(pid, type_, state, self.at())
            return
        if cmd.startswith("-/"):
            self.pos.remove(cmd[2:])
            return
        if cmd.startswith("D/"):
            d = Decoder(cmd[2:], "/")
            pid = d.next("") or ""
            new = d.next("") or ""
            old = d.next(None)
            self.pos.change(pid, new, old, self.at())
            return
        if cmd.startswith("M/"):
            self._move(cmd)
            return
        self._component(cmd)

    def _move(self, cmd: str) -> None:
        t = decode(cmd[2:], "/")
        if len(t) < 9:
            raise SaveError(self.at(), f"move command with {len(t)} fields, expected 10")
        try:
            x, y = java_parse_int(t[2]), java_parse_int(t[3])
            java_parse_int(t[6]), java_parse_int(t[7])
        except ValueError:
            raise SaveError(self.at(), "non-integer coordinates in move command") from None

        def un(s: str) -> Optional[str]:
            return None if s == "null" else s

        self.pos.move(t[0], un(t[1]), x, y, un(t[4]), un(t[5]), t[9] if len(t) > 9 else None, self.at())

    def _component(self, cmd: str) -> None:
        head, _, rest = cmd.partition(TAB)
        if head.endswith("BoardPicker") and _:
            self.boards[head[: -len("BoardPicker")]] = self._boards(rest)
        elif head.startswith("TURN") and _:
            self.turns[head[4:]] = parse_turn_state(head[4:], rest)
        elif head == "GlobalProperty" and _:
            f = decode(rest, ";")
            if len(f) >= 3:
                name, value = f[1], f[2]
                container = f[3] if len(f) > 3 else "Module"
                self.globals[name] = GlobalValue(name, value, container)
        elif head == "MutableProperty" and _:
            f = decode(rest, TAB)
            if len(f) >= 3:
                container = f[3] if len(f) > 3 else "Module"
                self.globals[f[0]] = GlobalValue(f[0], f[2], container)
            self.other.append(cmd)
        elif head == "PLAYER" and _:
            f = decode(rest, TAB)
            if len(f) >= 3:
                p = Player(f[0], f[1], f[2])
                self.players = [q for q in self.players if q.id != p.id] + [p]
        elif head == "PYREMOVE":
            self.players = [q for q in self.players if q.id != rest]
        elif head == "SETUP_STACK":
            self.setup_stack = True
        else:
            self.other.append(cmd)

    def _boards(self, rest: str) -> list[BoardPick]:
        d = Decoder(rest, TAB)
        picks: list[BoardPick] = []
        while d.has_more():
            name = d.next("") or ""
            rev = name.endswith("/rev")
            if rev:
                name = name[: -len("/rev")]
            col, row = d.next_int(0), d.next_int(0)
            picks.append(BoardPick(name, col, row, rev))
        return picks


def parse_turn_state(tracker_id: str, raw: str) -> TurnState:
    """TurnTracker state: `TOP|LEVEL|LEVEL…`, each level `current;sub;f1;f2;child…` (children `;`-escaped)."""
    parts = decode(raw, "|")
    st = TurnState(tracker_id, raw)
    try:
        st.top_index = java_parse_int(parts[0]) if parts and parts[0] else 0
    except ValueError:
        return st
    st.levels = [lvl for lvl in (_turn_level(p, 0) for p in parts[1:]) if lvl is not None]
    return st


def _turn_level(text: str, depth: int) -> Optional[TurnLevelState]:
    f = decode(text, ";")
    if len(f) < 2 or depth > 20:
        return None
    try:
        cur, sub = java_parse_int(f[0]), java_parse_int(f[1])
    except ValueError:
        return None
    kids = [k for k in (_turn_level(c, depth + 1) for c in f[4:]) if k is not None]
    return TurnLevelState(cur, sub, f[2:4], kids)


