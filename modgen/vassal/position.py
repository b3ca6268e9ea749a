"""The game position a stream of leaf commands builds, executed as VASSAL's commands execute.

Loading a save runs AddPiece for every piece and then for every stack (a stack's state
pulls its pieces in by id, VASSAL/counters/Stack.java setState). Replaying a log adds
ChangePiece (Decorator.mergeState: only traits whose state differs between OLD and
NEW are touched), MovePiece (VASSAL/command/MovePiece.java: merge onto the piece
underneath, else onto a stack at the point, and to the bottom when nothing is
underneath) and RemovePiece. An UNDO in a log is not an instruction to revert: the
engine logs `UNDO→true`, then the *inverse commands themselves*, then `UNDO→false`
(BasicLogger.undo), so executing every logged command in order already yields the
undone position and the markers are no-ops.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from modgen.errors import SaveError
from modgen.vassal.pieces import BasicState, Piece, Trait, decode_piece
from modgen.vassal.sequence import TAB, Decoder, decode, encode, java_parse_int


@dataclass
class PieceRecord:
    """A piece on the table: its id, decoded traits and where it is."""

    id: str
    piece: Piece
    map: Optional[str]
    x: int
    y: int
    gpid: str
    properties: dict[str, str]
    stack: Optional[str] = None
    stack_pos: Optional[int] = None

    @property
    def type(self) -> str:
        return self.piece.type

    @property
    def state(self) -> str:
        return self.piece.state

    @property
    def basic_name(self) -> str:
        return self.piece.basic_name


@dataclass
class StackRecord:
    """A stack: map, position and piece ids bottom first, plus the raw layer marker (`@@1`)."""

    id: str
    map: Optional[str]
    x: int
    y: int
    piece_ids: list[str] = field(default_factory=list)
    layer: str = "@@1"

    def state(self) -> str:
        tokens = [self.map if self.map is not None else "null", str(self.x), str(self.y),
                  *self.piece_ids, self.layer]
        return encode(tokens, ";")


class Position:
    """Pieces, stacks and per-map drawing order; mutated by execute_* methods."""

    def __init__(self) -> None:
        self.pieces: dict[str, PieceRecord] = {}
        self.stacks: dict[str, StackRecord] = {}
        # map -> top-level ids in drawing order (dicts: O(1) removal, insertion order kept)
        self.order: dict[Optional[str], dict[str, None]] = {}
        self._top: dict[str, Optional[str]] = {}  # top-level id -> its map
        self._parent: dict[str, str] = {}  # piece id -> stack id
        self._auto = 0

    # -- containers ------------------------------------------------------------
    def _detach(self, pid: str) -> None:
        sid = self._parent.pop(pid, None)
        if sid is not None and sid in self.stacks:
            ids = self.stacks[sid].piece_ids
            if pid in ids:
                ids.remove(pid)
        self._untop(pid)

    def _untop(self, item_id: str) -> None:
        if item_id in self._top:
            self.order.get(self._top.pop(item_id), {}).pop(item_id, None)

    def _append_top(self, map_id: Optional[str], item_id: str) -> None:
        if map_id is None:
            return
        self.order.setdefault(map_id, {})[item_id] = None
        self._top[item_id] = map_id

    def _set_location(self, rec: PieceRecord, map_id: Optional[str], x: int, y: int) -> None:
        """Move a piece's BasicPiece state to map/x/y, re-encoding only if something changed."""
        if (rec.map, rec.x, rec.y) == (map_id, x, y):
            return
        bs = BasicState.parse(rec.piece.basic.state)
        bs.map, bs.x, bs.y = map_id, x, y
        rec.piece = rec.piece.with_basic_state(bs)
        rec.map, rec.x, rec.y = map_id, x, y

    def _insert(self, sid: str, pid: str, index: Optional[int] = None) -> None:
        stack = self.stacks[sid]
        self._detach(pid)
        ids = stack.piece_ids
        ids.insert(len(ids) if index is None else max(0, min(index, len(ids))), pid)
        self._parent[pid] = sid
        self._set_location(self.pieces[pid], stack.map, stack.x, stack.y)

    # -- AddPiece ------------------------------------------------------------------
    def add(self, pid: Optional[str], type_: str, state: str, where: str) -> None:
        if pid is None:
            raise SaveError(where, "AddPiece without an id")
        if type_ == "stack":
            self._add_stack(pid, state, where)
            return
        if pid in self.pieces or pid in self.stacks:
            self.remove(pid)
        piece = decode_piece(type_, state)
        rec = self._record(pid, piece, where)
        self.pieces[pid] = rec
        self._append_top(rec.map, pid)

    def _record(self, pid: str, piece: Piece, where: str) -> PieceRecord:
        bs = BasicState.parse(piece.basic.state, where)
        return PieceRecord(pid, piece, bs.map, bs.x, bs.y, bs.gpid, bs.properties)

    def _parse_stack_state(self, state: str, where: str) -> tuple[Optional[str], int, int, list[str], Optional[str]]:
        d = Decoder(state, ";")
        map_id = d.next("null")
        if map_id == "null":
            x = y = 0
        else:
            xs, ys = d.next("0") or "0", d.next("0") or "0"
            try:
                x, y = java_parse_int(xs), java_parse_int(ys)
            except ValueError:
                raise SaveError(where, f"non-integer stack position {xs!r},{ys!r}") from None
        ids: list[str] = []
        layer: Optional[str] = None
        for tok in d.rest():
            if tok in self.pieces:
                ids.append(tok)
            elif tok.startswith("@@"):
                layer = tok
            else:
                raise SaveError(where, f"stack names unknown piece id {tok!r}")
        return (None if map_id == "null" else map_id), x, y, ids, layer

    def _add_stack(self, sid: str, state: str, where: str) -> None:
        if sid in self.pieces:
            raise SaveError(where, f"stack id {sid!r} is already a piece id")
        if sid in self.stacks:
            self._drop_stack(sid)
        map_id, x, y, ids, layer = self._parse_stack_state(state, where)
        self.stacks[sid] = StackRecord(sid, map_id, x, y, [], layer or "@@1")
        for pid in ids:
            self._insert(sid, pid)
        self._append_top(map_id, sid)

    def _set_stack_state(self, sid: str, state: str, where: str) -> None:
        map_id, x, y, ids, layer = self._parse_stack_state(state, where)
        stack = self.stacks[sid]
        for pid in list(stack.piece_ids):
            if pid not in ids:
                stack.piece_ids.remove(pid)
                self._parent.pop(pid, None)
        if map_id != stack.map:
            self._untop(sid)
            self._append_top(map_id, sid)
        stack.map, stack.x, stack.y = map_id, x, y
        if layer is not None:
            stack.layer = layer
        stack.piece_ids = []
        for pid in ids:
            self._insert(sid, pid)

    def _drop_stack(self, sid: str) -> None:
        stack = self.stacks.pop(sid)
        for pid in stack.piece_ids:
            self._parent.pop(pid, None)
        self._untop(sid)

    # -- RemovePiece -------------------------------------------------------------
    def remove(self, pid: str) -> None:
        """RemovePiece: out of its stack and map; a removed stack takes its pieces off the maps."""
        if pid in self.stacks:
            stack = self.stacks[pid]
            for child in list(stack.piece_ids):
                rec = self.pieces.get(child)
                if rec is not None:
                    rec.map = None  # parent gone: getMap() of its pieces is now null
            self._drop_stack(pid)
            return
        if pid in self.pieces:
            self._detach(pid)
            del self.pieces[pid]

    # -- ChangePiece ---------------------------------------------------------------
    def change(self, pid: str, new: str, old: Optional[str], where: str) -> None:
        if pid in self.stacks:
            cur = self.stacks[pid].state()
            merged = new if old is None or old == cur else self._merge_stack(pid, new, old)
            self._set_stack_state(pid, merged, where)
            return
        rec = self.pieces.get(pid)
        if rec is None:
            return  # ChangePiece.executeCommand ignores unknown ids
        traits = rec.piece.traits
        if old is None:
            new_piece = decode_piece(rec.piece.type, new)
        else:
            new_states = _split_states(new, len(traits), where)
            old_states = _split_states(old, len(traits), where)
            out = []
            for t, n, o in zip(traits, new_states, old_states):
                out.append(Trait(t.type, n) if n != o else t)
            new_piece = Piece(out)
        self._apply_piece_state(rec, new_piece, where)

    def _apply_piece_state(self, rec: PieceRecord, piece: Piece, where: str) -> None:
        bs = BasicState.parse(piece.basic.state, where)
        in_stack = rec.id in self._parent
        rec.piece = piece
        rec.gpid, rec.properties = bs.gpid, bs.properties
        if bs.map != rec.map:
            self._detach(rec.id)
            rec.map, rec.x, rec.y = bs.map, bs.x, bs.y
            self._append_top(bs.map, rec.id)
        elif in_stack:
            stack = self.stacks[self._parent[rec.id]]
            self._set_location(rec, stack.map, stack.x, stack.y)
        else:
            rec.x, rec.y = bs.x, bs.y

    def _merge_stack(self, sid: str, new: str, old: str) -> str:
        """Stack.mergeState: keep pieces that joined since OLD, right above their old neighbour."""
        n, o = decode(new, ";"), decode(old, ";")
        head, new_contents = n[:3], n[3:]
        old_contents = o[3:]
        current = self.stacks[sid].piece_ids
        for i, cid in enumerate(current):
            if cid not in new_contents and cid not in old_contents:
                idx = -1 if i == 0 else (new_contents.index(current[i - 1]) if current[i - 1] in new_contents else -1)
                new_contents.insert(idx + 1, cid)
        return encode(head + new_contents, ";")

    # -- MovePiece ---------------------------------------------------------------
    def move(self, pid: str, new_map: Optional[str], x: int, y: int, new_under: Optional[str],
             old_map: Optional[str], player: Optional[str], where: str) -> None:
        rec = self.pieces.get(pid)
        if rec is None:
            return
        if new_map is None:
            self._detach(pid)
            rec.map = None
            return
        under = self.pieces.get(new_under) if new_under is not None else None
        if under is not None and (under.map, under.x, under.y) == (new_map, x, y):
            self._merge_onto(under, rec)
            return
        target = None
        if self._stacks_ok(rec):
            for item in list(self.order.get(new_map, {})):
                st = self.stacks.get(item)
                if st is not None and (st.x, st.y) == (x, y) and st.piece_ids:
                    target = st
                    break
                other = self.pieces.get(item)
                if other is not None and item != pid and (other.x, other.y) == (x, y) and self._stacks_ok(other):
                    self._merge_onto(other, rec)
                    self._to_bottom_if(new_under, rec)
                    return
        if target is not None:
            self._insert(target.id, pid)
        else:
            # stackOrPlacePiece: a piece already in a stack is placed top-level (Map.placeAt);
            # a loose one gets a fresh stack whose id the engine invents (not in the stream).
            self._detach(pid)
            self._set_location(rec, new_map, x, y)
            if self._stacks_ok(rec) and pid not in self._parent:
                self._auto += 1
                sid = f"~auto{self._auto}"
                self.stacks[sid] = StackRecord(sid, new_map, x, y, [])
                self._append_top(new_map, sid)
                self._insert(sid, pid)
            else:
                self._append_top(new_map, pid)
        self._to_bottom_if(new_under, rec)

    def _to_bottom_if(self, new_under: Optional[str], rec: PieceRecord) -> None:
        if new_under is None and rec.id in self._parent:
            self._insert(self._parent[rec.id], rec.id, 0)

    def _merge_onto(self, fixed: PieceRecord, moving: PieceRecord) -> None:
        """StackMetrics.merge(fixed, moving): moving goes right above fixed, in fixed's stack."""
        sid = self._parent.get(fixed.id)
        if sid is None:
            self._auto += 1
            sid = f"~auto{self._auto}"
            top = list(self.order.get(fixed.map, {}))
            idx = top.index(fixed.id) if fixed.id in top else len(top)
            self.stacks[sid] = StackRecord(sid, fixed.map, fixed.x, fixed.y, [])
            self._insert(sid, fixed.id)
            top = [i for i in top if i != fixed.id]
            top.insert(idx, sid)
            self.order[fixed.map] = dict.fromkeys(top)
            self._top[sid] = fixed.map
        if moving.id == fixed.id:
            return
        self._detach(moving.id)
        ids = self.stacks[sid].piece_ids
        self._insert(sid, moving.id, ids.index(fixed.id) + 1)

    @staticmethod
    def _stacks_ok(rec: PieceRecord) -> bool:
        """Does Not Stack (`immob;`) with stacking field other than `L` keeps a piece out of stacks."""
        for t in rec.piece.traits:
            if t.prefix == "immob;":
                f = t.fields
                return (f[2] if len(f) > 2 and f[2] else "R") == "L"
        return True

    # -- results -------------------------------------------------------------------
    def finish(self) -> None:
        """Drop emptied stacks (the engine keeps them as empty draw slots) and number stack positions."""
        for sid in [s for s, st in self.stacks.items() if not st.piece_ids]:
            self._drop_stack(sid)
        for rec in self.pieces.values():
            rec.stack, rec.stack_pos = None, None
        for st in self.stacks.values():
            for i, pid in enumerate(st.piece_ids):
                rec = self.pieces[pid]
                rec.stack, rec.stack_pos = st.id, i

    def ordered_pieces(self) -> list[PieceRecord]:
        """Pieces per map in drawing order (stack contents bottom first), then off-map ones by id."""
        out: list[PieceRecord] = []
        seen: set[str] = set()
        for map_id, items in self.order.items():
            for item in items:
                ids = self.stacks[item].piece_ids if item in self.stacks else [item]
                for pid in ids:
                    if pid in self.pieces and pid not in seen:
                        seen.add(pid)
                        out.append(self.pieces[pid])
        rest = [p for pid, p in self.pieces.items() if pid not in seen]
        return out + sorted(rest, key=lambda p: p.id)


def _split_states(state: str, n: int, where: str) -> list[str]:
    """Split a nested STATE into n trait states (outermost first), as Decorator.mergeState walks it."""
    out: list[str] = []
    s = state
    for i in range(n - 1):
        toks = decode(s, TAB)
        if len(toks) < 2:
            raise SaveError(where, f"piece state has {i + 1} parts, the piece has {n} traits")
        out.append(toks[0])
        s = toks[1]
    out.append(s)
    return out
