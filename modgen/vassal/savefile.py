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
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterable, Iterator, Optional, Sequence

from lxml import etree

from modgen.atomic import write_atomic
from modgen.errors import ModgenError, SaveError
from modgen.vassal.archive import DEFAULT_LIMIT, Archive, zip_bytes
from modgen.vassal.names import display_name
from modgen.vassal.obfuscation import deobfuscate, obfuscate
from modgen.vassal.loader import (BoardPick, GlobalValue, Loader, Player, TurnLevelState, TurnState,
                                  parse_turn_state)
from modgen.vassal.pieces import Piece, add_piece_command
from modgen.vassal.position import PieceRecord, StackRecord
from modgen.vassal.sequence import ESC, TAB, encode

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
    with unreadable(spath, "save"), Archive(spath, limit) as arc:
        return _read(arc, spath, replay, limit)


@contextmanager
def unreadable(path: str, what: str) -> Iterator[None]:
    """What goes wrong reading a crafted or damaged save or log, as one SaveError naming the file
    (our own ModgenErrors pass as they are)."""
    try:
        yield
    except ModgenError:
        raise
    except RecursionError:
        raise SaveError(path, "commands nested too deeply") from None
    except (ValueError, KeyError, IndexError, TypeError, OverflowError, MemoryError) as exc:
        raise SaveError(path, f"unreadable {what} ({type(exc).__name__}: {exc})") from None


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
    where, text, savedata, moduledata = read_parts(arc, path, limit)
    state = Loader(where, replay)
    state.run(text)
    return snapshot(state, path, text, savedata, moduledata)


def read_parts(arc: Archive, path: str, limit: int) -> tuple[str, str, dict[str, str], dict[str, str]]:
    """(where, savedGame text, savedata, moduledata) of an open save or log."""
    if not arc.has(SAVED_GAME):
        raise SaveError(path, "no savedGame entry: not a VASSAL save or log")
    where = arc.where(SAVED_GAME)
    text = deobfuscate(arc.read(SAVED_GAME), where, limit)
    savedata = _metadata(arc, SAVEDATA) if arc.has(SAVEDATA) else {}
    moduledata = _metadata(arc, MODULEDATA) if arc.has(MODULEDATA) else {}
    return where, text, savedata, moduledata


def snapshot(state: Loader, path: str, text: str, savedata: dict[str, str], moduledata: dict[str, str]) -> SavedGame:
    """The game as the loader has built it so far; pieces are copied, so later commands leave it alone."""
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
        pieces=[replace(r, properties=dict(r.properties)) for r in pos.ordered_pieces()],
        stacks=[replace(s, piece_ids=list(s.piece_ids)) for s in pos.stacks.values()],
        boards=dict(state.boards),
        turns=dict(state.turns),
        global_properties=dict(state.globals),
        players=list(state.players),
        other=list(state.other),
        log=list(state.log),
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


def save_bytes(game: SaveContent, key: int = FIXED_KEY, text: Optional[str] = None) -> bytes:
    """The whole .vsav as bytes: fixed entry order, DEFLATED, 1980-01-01 timestamps; `text` is the
    savedGame's restore command when it is not encode_game_text(game) (a command added to it)."""
    text = encode_game_text(game) if text is None else text
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
