"""Reading and writing VASSAL saved games (.vsav) and logs (.vlog).

A save is a zip whose `savedGame` entry holds the ESC command tree of
GameState.getRestoreCommand (normally `!VCSK`-obfuscated), plus `savedata` and
`moduledata` metadata. A log is the same with `LOG→cmd` entries after `end_save`.
read_game executes the leaf commands like the engine (see position.py) so that the
result equals the engine's own dump; write_game emits the engine's order and escapes
deterministically (fixed key, fixed zip times) so identical input gives identical bytes.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional, Sequence

from lxml import etree

from modgen.atomic import write_atomic
from modgen.errors import ModgenError, SaveError
from modgen.vassal.archive import DEFAULT_LIMIT, Archive, zip_bytes
from modgen.vassal.commands import iter_leaves
from modgen.vassal.names import display_name
from modgen.vassal.obfuscation import deobfuscate, obfuscate
from modgen.vassal.pieces import Piece, add_piece_command, parse_add_piece
from modgen.vassal.position import PieceRecord, Position, StackRecord
from modgen.vassal.sequence import ESC, TAB, Decoder, decode, encode, java_parse_int

SAVED_GAME = "savedGame"
SAVEDATA = "savedata"
MODULEDATA = "moduledata"
FIXED_KEY = 0x5A

__all__ = [
    "BoardPick", "GlobalValue", "Player", "TurnLevelState", "TurnState", "SavedGame", "SaveContent",
    "StackSpec", "read_game", "read_game_data", "write_game", "encode_game_text", "save_bytes",
    "display_name", "parse_turn_state",
]


# --------------------------------------------------------------------------- result types


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


@dataclass
class SavedGame:
    """A save or log as the engine sees it after loading (and, for logs, replaying)."""

    path: str
    is_log: bool
    module_name: str
    module_version: str
    vassal_version: str
    module_vassal_version: str
    date_saved: str
    description: str
    pieces: list[PieceRecord]
    stacks: list[StackRecord]
    boards: dict[str, list[BoardPick]]
    turns: dict[str, TurnState]
    global_properties: dict[str, GlobalValue]
    players: list[Player]
    other: list[str]
    log: list[str]
    setup_stack: bool
    text: str

    def piece(self, piece_id: str) -> PieceRecord:
        for p in self.pieces:
            if p.id == piece_id:
                return p
        raise KeyError(piece_id)

    def name_of(self, rec: PieceRecord, viewer_side: Optional[str] = None, viewer_id: Optional[str] = None) -> str:
        return display_name(rec.piece, viewer_side, viewer_id)


# --------------------------------------------------------------------------- reading


def read_game(path: str | Path, *, replay: bool = True, limit: int = DEFAULT_LIMIT) -> SavedGame:
    """Read a .vsav/.vlog. For logs, replay=False stops at the header position (before any step)."""
    spath = str(path)
    try:
        with Archive(spath, limit) as arc:
            return _read(arc, spath, replay, limit)
    except ModgenError:
        raise
    except RecursionError:
        raise SaveError(spath, "commands nested too deeply") from None
    except (ValueError, KeyError, IndexError, TypeError, OverflowError, MemoryError) as exc:
        raise SaveError(spath, f"unreadable save ({type(exc).__name__}: {exc})") from None


def read_game_data(data: bytes, name: str, *, replay: bool = True, limit: int = DEFAULT_LIMIT) -> SavedGame:
    """Like read_game, for a save held in memory (e.g. a predefined setup inside a module)."""
    with tempfile.TemporaryDirectory() as tmp:
        p = Path(tmp) / "game.vsav"
        p.write_bytes(data)
        try:
            g = read_game(p, replay=replay, limit=limit)
        except SaveError as exc:
            raise SaveError(exc.where.replace(str(p), name), exc.message) from None
    g.path = name
    return g


def _read(arc: Archive, path: str, replay: bool, limit: int) -> SavedGame:
    if not arc.has(SAVED_GAME):
        raise SaveError(path, "no savedGame entry: not a VASSAL save or log")
    where = arc.where(SAVED_GAME)
    text = deobfuscate(arc.read(SAVED_GAME), where, limit)
    savedata = _metadata(arc, SAVEDATA) if arc.has(SAVEDATA) else {}
    moduledata = _metadata(arc, MODULEDATA) if arc.has(MODULEDATA) else {}
    state = _Loader(where, replay)
    state.run(text)
    pos = state.pos
    pos.finish()
    return SavedGame(
        path=path,
        is_log=bool(state.log),
        module_name=moduledata.get("name", ""),
        # VASSAL 3.6 writes savedata <version/> empty; the module's version is then its moduledata's
        module_version=savedata.get("version") or moduledata.get("version", ""),
        vassal_version=savedata.get("VassalVersion", ""),
        module_vassal_version=moduledata.get("VassalVersion", ""),
        date_saved=savedata.get("dateSaved", ""),
        description=savedata.get("description", ""),
        pieces=pos.ordered_pieces(),
        stacks=[s for s in pos.stacks.values()],
        boards=state.boards,
        turns=state.turns,
        global_properties=state.globals,
        players=state.players,
        other=state.other,
        log=state.log,
        setup_stack=state.setup_stack,
        text=text,
    )


def _metadata(arc: Archive, entry: str) -> dict[str, str]:
    """Children of `<data>` as name → text (first occurrence; `lang` variants skipped)."""
    data = arc.read(entry, 1024 * 1024)
    root = parse_xml(data, arc.where(entry))
    out: dict[str, str] = {}
    for child in root:
        if not isinstance(child.tag, str) or child.get("lang"):
            continue
        out.setdefault(child.tag, (child.text or "").strip())
    return out


def parse_xml(data: bytes, where: str) -> etree._Element:
    """lxml with entities, DTD loading and network access off (the data comes from users)."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise SaveError(where, f"bad XML ({exc})") from None
    if root is None:
        raise SaveError(where, "empty XML document")
    return root


class _Loader:
    """Executes leaf commands in order, tracking the position and the components' state."""

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
        try:
            for leaf, _depth in iter_leaves(text):
                self.index += 1
                self.leaf(leaf, logged=False)
        except ValueError as exc:
            raise SaveError(self.at(), str(exc)) from None

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


# --------------------------------------------------------------------------- writing


@dataclass(frozen=True)
class StackSpec:
    """A stack to write: its id and piece ids bottom first (map and position come from the pieces)."""

    id: str
    piece_ids: Sequence[str]
    layer: str = "@@1"


@dataclass
class SaveContent:
    """Everything write_game needs. Pieces carry map/x/y in their BasicPiece state."""

    pieces: Sequence[tuple[str, Piece]]
    stacks: Sequence[StackSpec] = ()
    boards: dict[str, Sequence[BoardPick]] = field(default_factory=dict)
    turns: dict[str, str] = field(default_factory=dict)  # tracker id (TurnTracker0) -> raw state
    global_properties: Sequence[GlobalValue] = ()
    setup_stack: bool = False
    module_name: str = ""
    module_version: str = "0.0"
    vassal_version: str = "3.7.0"
    module_description: str = ""
    date_saved: int = 0
    description: str = ""
    include_metadata: bool = True
    moduledata: Optional[bytes] = None  # exact module moduledata to copy, if available
    extra_commands: Sequence[str] = ()


def encode_game_text(game: SaveContent) -> str:
    """The savedGame text in the engine's order (§5.3/§5.7): begin_save, version slot, pieces, components, end_save.

    Pieces block: off-map pieces, then per map (first appearance order) its pieces then its
    stacks — a stack must follow its pieces. Stacks take map and position from their first piece.
    """
    by_id = {pid: p for pid, p in game.pieces}
    map_of: dict[str, Optional[str]] = {}
    xy: dict[str, tuple[int, int]] = {}
    maps: list[Optional[str]] = []
    for pid, p in game.pieces:
        bs = p.basic_state
        map_of[pid] = bs.map
        xy[pid] = (bs.x, bs.y)
        if bs.map is not None and bs.map not in maps:
            maps.append(bs.map)
    stacked: set[str] = set()
    stacks_by_map: dict[Optional[str], list[str]] = {}
    for st in game.stacks:
        if not st.piece_ids:
            raise ValueError(f"stack {st.id!r} has no pieces")
        for pid in st.piece_ids:
            if pid not in by_id:
                raise ValueError(f"stack {st.id!r} names unknown piece {pid!r}")
            if pid in stacked:
                raise ValueError(f"piece {pid!r} is in two stacks")
            stacked.add(pid)
        first = st.piece_ids[0]
        m = map_of[first]
        if m is None:
            raise ValueError(f"stack {st.id!r} is not on a map")
        x, y = xy[first]
        for pid in st.piece_ids:
            if (map_of[pid], *xy[pid]) != (m, x, y):
                raise ValueError(f"stack {st.id!r}: piece {pid!r} is not at {m};{x};{y}")
        state = encode([m, str(x), str(y), *st.piece_ids, st.layer], ";")
        stacks_by_map.setdefault(m, []).append(add_piece_command(st.id, ("stack", state)))
    adds: list[str] = [add_piece_command(pid, p) for pid, p in game.pieces if map_of[pid] is None]
    for m in maps:
        adds.extend(add_piece_command(pid, p) for pid, p in game.pieces if map_of[pid] == m)
        adds.extend(stacks_by_map.get(m, []))
    tokens: list[str] = ["begin_save", "", encode([""] + adds, ESC)]
    for g in game.global_properties:
        tokens.append("GlobalProperty" + TAB + encode(["", g.name, g.value, g.container], ";"))
    for m, picks in game.boards.items():
        parts = [m + "BoardPicker"]
        for b in picks:
            parts += [b.board + ("/rev" if b.reversed else ""), str(b.column), str(b.row)]
        tokens.append(encode(parts, TAB))
    for tid, raw in game.turns.items():
        tokens.append(encode(["TURN" + tid, raw], TAB))
    if game.setup_stack:
        tokens.append("SETUP_STACK" + TAB)
    tokens.extend(game.extra_commands)
    tokens.append("end_save")
    return encode(tokens, ESC)


def metadata_xml(children: Iterable[tuple[str, str]]) -> bytes:
    """`<data version="1">` as AbstractMetaData.save writes it (2-space indent, empty elements short)."""
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>', '<data version="1">']
    for tag, text in children:
        if text:
            lines.append(f"  <{tag}>{_xml_escape(text)}</{tag}>")
        else:
            lines.append(f"  <{tag}/>")
    lines.append("</data>")
    return ("\n".join(lines) + "\n").encode("utf-8")


def _xml_escape(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def save_bytes(game: SaveContent, key: int = FIXED_KEY) -> bytes:
    """The whole .vsav as bytes: fixed entry order, DEFLATED, 1980-01-01 timestamps."""
    text = encode_game_text(game)
    entries: list[tuple[str, bytes]] = [(SAVED_GAME, obfuscate(text, key))]
    if game.include_metadata:
        savedata = [("version", game.module_version), ("extra1", ""), ("extra2", ""),
                    ("VassalVersion", game.vassal_version), ("dateSaved", str(game.date_saved))]
        if game.description:
            savedata.append(("description", game.description))
        entries.append((SAVEDATA, metadata_xml(savedata)))
        moduledata = game.moduledata or metadata_xml([
            ("version", game.module_version), ("extra1", ""), ("extra2", ""),
            ("VassalVersion", game.vassal_version), ("dateSaved", str(game.date_saved)),
            ("description", game.module_description), ("name", game.module_name)])
        entries.append((MODULEDATA, moduledata))
    return zip_bytes(entries)


def write_game(path: str | Path, game: SaveContent, key: int = FIXED_KEY) -> None:
    """Write a save atomically (temp file beside it, fsynced, renamed over `path`)."""
    write_atomic(path, save_bytes(game, key))
