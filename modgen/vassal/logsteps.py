"""A VASSAL log (.vlog) step by step, as the player steps through it.

BasicLogger writes the position when logging began (`begin_save` ... `end_save`), then one
top-level `LOG` token per command the player sent (a drag and drop, a key command, a die roll,
"next phase"); its sub-commands nest inside it. Pressing "Step forward" executes one such
token (BasicLogger.step), so step N here is the N-th press. For each step this module records
what it did, read from the commands themselves: pieces moved (MovePiece carries both the old
and the new place), changed, added and removed, chat lines (die rolls are reported in chat), and
whether the turn tracker moved. It keeps a copy of the whole game only where asked (`keep`),
because copying every piece at every step would cost more than the checking does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

from modgen.vassal.archive import DEFAULT_LIMIT, Archive
from modgen.vassal.commands import iter_leaves
from modgen.vassal.loader import Loader
from modgen.vassal.savefile import SavedGame, read_parts, snapshot, unreadable
from modgen.vassal.sequence import ESC, decode, java_parse_int

__all__ = ["Move", "LogStep", "GameLog", "read_log"]

LOG_PREFIX = "LOG\t"
CHAT_PREFIX = "CHAT"


@dataclass(frozen=True)
class Move:
    """A MovePiece: the piece id, where it was and where it went (map None: off every map)."""

    piece: str
    from_map: Optional[str]
    from_x: int
    from_y: int
    to_map: Optional[str]
    to_x: int
    to_y: int


@dataclass
class LogStep:
    """One step of the log: the commands it ran and what they did."""

    index: int  # 1-based: the N-th "Step forward"
    commands: list[str] = field(default_factory=list)  # leaf commands, LOG prefix removed
    moves: list[Move] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)  # piece ids whose state changed (ChangePiece)
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    chats: list[str] = field(default_factory=list)
    turn: bool = False  # the turn tracker changed (a new phase, player turn or game turn)

    @property
    def touched(self) -> list[str]:
        """Every piece id the step moved, changed, added or removed, in order, once each."""
        out = dict.fromkeys([m.piece for m in self.moves] + self.changed + self.added + self.removed)
        return list(out)


@dataclass
class GameLog:
    """A log: the game before its first step, its steps, and copies of the game after chosen steps."""

    path: str
    start: SavedGame
    steps: list[LogStep]
    after: dict[int, SavedGame]  # step index -> the game just after it (0: before any step)
    end: SavedGame


def read_log(path: str | Path, keep: Callable[[LogStep, Optional[LogStep]], bool] = lambda s, n: False,
             limit: int = DEFAULT_LIMIT) -> GameLog:
    """Read a log step by step. `keep(step, next_step)` says after which steps to copy the game
    (next_step is None after the last); the start and the end are always kept."""
    spath = str(path)
    with unreadable(spath, "log"):
        with Archive(spath, limit) as arc:
            where, text, savedata, moduledata = read_parts(arc, spath, limit)
        return _replay(spath, where, text, savedata, moduledata, keep)


def _replay(path: str, where: str, text: str, savedata: dict[str, str], moduledata: dict[str, str],
            keep: Callable[[LogStep, Optional[LogStep]], bool]) -> GameLog:
    tokens = decode(text, ESC)
    first_step = next((i for i, t in enumerate(tokens) if _first_leaf(t).startswith(LOG_PREFIX)), len(tokens))
    loader = Loader(where, replay=True)
    for token in tokens[:first_step]:
        loader.run_leaves(token)
    start = snapshot(loader, path, text, savedata, moduledata)
    steps = [_describe(i + 1, t) for i, t in enumerate(tokens[first_step:])]
    after: dict[int, SavedGame] = {0: start}
    for i, step in enumerate(steps):
        loader.run_leaves(tokens[first_step + i])
        nxt = steps[i + 1] if i + 1 < len(steps) else None
        if nxt is None or keep(step, nxt):
            after[step.index] = snapshot(loader, path, text, savedata, moduledata)
    end = after[steps[-1].index] if steps else start
    return GameLog(path, start, steps, after, end)


def _first_leaf(token: str) -> str:
    return next((leaf for leaf, _ in iter_leaves(token)), "")


def _describe(index: int, token: str) -> LogStep:
    step = LogStep(index)
    for leaf, _ in iter_leaves(token):
        if not leaf.startswith(LOG_PREFIX):
            continue
        for cmd, _ in iter_leaves(leaf[len(LOG_PREFIX):]):
            step.commands.append(cmd)
            _note(step, cmd)
    return step


def _note(step: LogStep, cmd: str) -> None:
    if cmd.startswith("M/"):
        t = decode(cmd[2:], "/")
        if len(t) >= 9:
            # MovePiece: id / new map / x / y / new under / old map / old x / old y / old under / player
            step.moves.append(Move(t[0], _map(t[5]), _int(t[6]), _int(t[7]), _map(t[1]), _int(t[2]), _int(t[3])))
    elif cmd.startswith("D/"):
        step.changed.append(decode(cmd[2:], "/")[0])
    elif cmd.startswith("+/"):
        pid = decode(cmd[2:], "/")[0]
        step.added.append(pid)
    elif cmd.startswith("-/"):
        step.removed.append(cmd[2:])
    elif cmd.startswith(CHAT_PREFIX):
        step.chats.append(cmd[len(CHAT_PREFIX):])
    elif cmd.startswith("TURN"):
        step.turn = True


def _map(s: str) -> Optional[str]:
    return None if s == "null" else s


def _int(s: str) -> int:
    try:
        return java_parse_int(s)
    except ValueError:
        return 0
