"""`modgen refresh SAVE --module NEW -o OUT`: a saved game carried over to a rebuilt module.

Like VASSAL's Refresh Counters (GameRefresher + GpIdChecker.createUpdatedPiece), offline and
for every piece: each piece is matched to the new module's palette slot by its gpid; the new
piece is the slot's definition (prototypes expanded) with the game state carried trait by
trait, outermost first:

* a trait whose type is unchanged takes the old trait's state (VASSAL's rule);
* otherwise a Layer, Text Label, Dynamic/Calculated Property or Mask takes the state of the old
  trait of the same kind and name (VASSAL's "use layer/label name" options), and a trait kind
  that occurs once in both pieces takes the old one's state (so a Mask whose image changed
  stays masked by the same owner);
* Marker traits never take old state: their values are the new definition's (the errata), but for
  values the definition leaves empty (a finding marker's rule and words, set per piece);
* the BasicPiece keeps its whole state: map, x, y, gpid and persistent properties.

Unlike the engine, masked pieces are refreshed too (the owner is carried), since no player's
view is involved. A Layer level above the new layer's level count is clamped and reported.

Pieces whose gpid is not in the new module are kept exactly as they were and reported.
With the old module (`--old-module`), pieces and stacks whose grid or box changed are carried to the
same hex or box of the new module (modgen/errata/regrid.py); without it, a save whose pieces do not
stand on the new module's grid is refused rather than refreshed onto the wrong hexes.
Everything that is not a piece (stacks, board picks, turn tracker, global properties,
players, notes, any other command) is copied verbatim, in order. Logs (.vlog) are refused:
step to the end in VASSAL and save, then refresh the save.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Optional

from modgen.errors import ModgenError, SaveError
from modgen.vassal.archive import Archive
from modgen.vassal.commands import iter_leaves
from modgen.vassal.module import ModuleInfo, map_location, read_module
from modgen.vassal.pieces import BasicState, Piece, Trait, add_piece_command, decode_piece, parse_add_piece
from modgen.vassal.savefile import SaveContent, SavedGame, read_game, read_game_data, save_bytes, write_game
from modgen.vassal.sequence import decode, encode

from .common import trait_key, trait_label
from .regrid import Regrid, misfits

# Traits that carry game state worth reporting when the new definition has no place for it.
STATEFUL = ("emb2;", "emb;", "obs;", "label;", "PROP;", "restrict;", "hide;", "rotate;", "pivot;", "TableInfo;",
            "markmoved;")
NAMED = ("emb2;", "emb;", "label;", "PROP;", "calcProp;", "obs;", "sendto;")


@dataclass
class PieceOutcome:
    id: str
    gpid: str
    name: str
    map: Optional[str]
    location: str
    status: str  # refreshed | unchanged | missing
    notes: list[str] = field(default_factory=list)


@dataclass
class RefreshResult:
    save: str
    module: str
    out: str
    module_name: str
    old_version: str
    new_version: str
    pieces: list[PieceOutcome]

    moved: int = 0  # pieces carried to new pixels (refresh with the old module, when the grid changed)

    def count(self, status: str) -> int:
        return sum(1 for p in self.pieces if p.status == status)

    @property
    def missing(self) -> list[PieceOutcome]:
        return [p for p in self.pieces if p.status == "missing"]

    def summary(self) -> str:
        moved = f", {self.moved} carried to the new grid" if self.moved else ""
        return (f"{self.out}: {self.count('refreshed')} pieces refreshed, {self.count('unchanged')} unchanged, "
                f"{self.count('missing')} not in the new module{moved} "
                f"({self.module_name} {self.old_version or '?'} -> {self.new_version})")

    def to_json(self) -> str:
        return json.dumps({
            "save": self.save, "module": self.module, "out": self.out, "module_name": self.module_name,
            "old_version": self.old_version, "new_version": self.new_version,
            "refreshed": self.count("refreshed"), "unchanged": self.count("unchanged"), "missing": self.count("missing"),
            "moved": self.moved,
            "pieces": [p.__dict__ for p in self.pieces],
        }, indent=2, ensure_ascii=False) + "\n"


# --------------------------------------------------------------------------- one piece


def carry_state(old: Piece, new_def: Piece) -> tuple[Piece, list[str]]:
    """The new definition with the old piece's state, trait by trait; notes on what could not be carried."""
    old_traits = old.traits[:-1]
    new_traits = new_def.traits[:-1]
    source: dict[int, int] = {}  # new trait index -> old trait index
    used: set[int] = set()

    def claim(ni: int, pred) -> None:
        for oi, ot in enumerate(old_traits):
            if oi not in used and ot.prefix == new_traits[ni].prefix and pred(ot):
                source[ni] = oi
                used.add(oi)
                return

    carriable = [i for i, t in enumerate(new_traits) if t.prefix != "mark;"]
    for ni in carriable:  # 1. identical type (GpIdChecker.findState)
        claim(ni, lambda ot, t=new_traits[ni]: ot.type == t.type)
    for ni in carriable:  # 2. same kind and name (Layer name, label description, property name)
        if ni not in source and new_traits[ni].prefix in NAMED and trait_key(new_traits[ni]):
            claim(ni, lambda ot, k=trait_key(new_traits[ni]): trait_key(ot) == k)
    for ni in carriable:  # 3. a kind that occurs once in each piece
        t = new_traits[ni]
        if ni not in source and sum(1 for x in new_traits if x.prefix == t.prefix) == 1 \
                and sum(1 for x in old_traits if x.prefix == t.prefix) == 1:
            claim(ni, lambda ot: True)

    notes: list[str] = []
    out: list[Trait] = []
    for ni, t in enumerate(new_traits):
        state = t.state
        if ni in source:
            carried = old_traits[source[ni]].state
            if carried != "":  # an empty state is not copied (GpIdChecker.copyState)
                state = carried
            if t.prefix == "emb2;":
                state, note = _clamp_layer(t, state)
                if note:
                    notes.append(note)
        if t.prefix == "mark;":
            state = _placeholders_kept(t, old_traits, state)
        out.append(Trait(t.type, state))
    for oi, ot in enumerate(old_traits):
        if oi not in used and ot.prefix in STATEFUL and ot.prefix != "mark;":
            notes.append(f"{trait_label(ot)} state {ot.state!r} dropped: the new counter has no such trait")
    old_bs = BasicState.parse(old.basic.state)
    new_bs = BasicState.parse(new_def.basic.state)
    bs = BasicState(old_bs.map, old_bs.x, old_bs.y, new_bs.gpid or old_bs.gpid, dict(old_bs.properties))
    out.append(Trait(new_def.basic.type, bs.encode()))
    return Piece(out), notes


def _placeholders_kept(t: Trait, old_traits: list[Trait], state: str) -> str:
    """A Marker's values are the new definition's, except those it leaves empty: a placeholder each
    piece fills (the checker's finding marker: its rule and words, set per finding by `modgen check
    --annotate`), which keeps the old piece's value when the old Marker names the same properties."""
    names, values = decode(t.type[len("mark;"):], ","), decode(state, ",")
    if "" not in values:
        return state
    old = next((o for o in old_traits if o.prefix == "mark;" and o.type == t.type), None)
    if old is None:
        return state
    before = decode(old.state, ",")
    if len(before) != len(names) or len(values) != len(names):
        return state
    return encode([b if v == "" else v for v, b in zip(values, before)], ",")


def _clamp_layer(t: Trait, state: str) -> tuple[str, Optional[str]]:
    f = t.fields
    images = decode(f[15], ",") if len(f) > 15 and f[15] else []
    parts = decode(state, ";")
    try:
        level = int(parts[0])
    except (ValueError, IndexError):
        return state, None
    if images and abs(level) > len(images):
        new = len(images) if level > 0 else -len(images)
        return encode([str(new)] + parts[1:], ";"), f"{trait_label(t)} level {level} clamped to {new} (the new layer has {len(images)})"
    return state, None


# --------------------------------------------------------------------------- a save


def _same_file(a: Path, b: Path) -> bool:
    try:
        if a.exists() and b.exists():
            return os.path.samefile(a, b)
    except OSError:
        pass
    return a.resolve() == b.resolve()


def refresh_save(save: str | Path, module_path: str | Path, out: str | Path,
                 old_module: str | Path | None = None) -> RefreshResult:
    """Write OUT: SAVE with every piece on NEW's definitions (see the module docstring); with OLD, the
    module SAVE was written with, every piece on the same hex or box of NEW."""
    save, module_path, out = Path(save), Path(module_path), Path(out)
    if _same_file(save, out):
        raise ModgenError(str(out), "refusing to overwrite the input save; give another -o")
    if _same_file(module_path, out):
        raise ModgenError(str(out), "refusing to overwrite the module; give another -o")
    if out.is_dir():
        raise ModgenError(str(out), "is a directory; -o takes the refreshed save's file name")
    if not out.parent.is_dir():
        raise ModgenError(str(out), f"no such directory {str(out.parent)!r}")
    sg = read_game(save)
    if sg.is_log:
        raise SaveError(str(save), "is a log (.vlog): step to its end in VASSAL and save a game, then refresh that save")
    module = read_module(module_path)
    regrid = _regrid(sg, module, old_module)
    with Archive(module_path) as arc:
        moduledata = arc.read("moduledata", 1024 * 1024) if arc.has("moduledata") else None

    def definition(gpid: str) -> Optional[Piece]:
        slot = module.slots.get(gpid)
        return None if slot is None else slot.piece  # prototypes expanded by read_module, as placing does

    outcomes: dict[str, PieceOutcome] = {}
    commands: list[str] = []
    for leaf, _depth in iter_leaves(sg.text):
        if leaf in ("begin_save", "end_save", ""):
            continue
        if not leaf.startswith("+/"):
            commands.append(leaf)
            continue
        pid, type_, state = parse_add_piece(leaf)
        if type_ == "stack" and pid is not None and regrid is not None:
            commands.append(add_piece_command(pid, ("stack", _moved_stack(state, regrid))))
            continue
        if type_ == "stack" or pid is None:
            commands.append(leaf)
            continue
        old = decode_piece(type_, state)
        if not old.basic.is_basic:  # a Deck or another container: not a palette piece
            commands.append(leaf)
            continue
        gpid = BasicState.parse(old.basic.state, f"{save} piece {pid}").gpid
        new_def = definition(gpid) if gpid else None
        moved_to, where = _moved_piece(old, regrid)
        if new_def is None:
            outcomes[pid] = PieceOutcome(pid, gpid, old.basic_name, None, "", "missing",
                                         ["no gpid" if not gpid else f"gpid {gpid} is not in the new module"] + where)
            commands.append(leaf if moved_to is old else add_piece_command(pid, moved_to))
            continue
        new, notes = carry_state(moved_to, new_def)
        same = (new.type, new.state) == (old.type, old.state)
        outcomes[pid] = PieceOutcome(pid, gpid, new.basic_name, None, "", "unchanged" if same else "refreshed", notes + where)
        commands.append(leaf if same else add_piece_command(pid, new))

    matched = sum(1 for o in outcomes.values() if o.status != "missing")
    if outcomes and not matched and sg.module_name and sg.module_name != module.name:
        raise ModgenError(str(save), f"is a save of {sg.module_name!r}, not of {module.name!r} (no piece matches the module)")
    content = SaveContent(
        pieces=(), stacks=(), boards={}, turns={}, global_properties=(), setup_stack=False,
        module_name=module.name, module_version=module.version,
        vassal_version=sg.vassal_version or "3.7.0", module_description=module.description,
        date_saved=_int(sg.date_saved), description=sg.description, include_metadata=True,
        moduledata=moduledata, extra_commands=commands,
    )
    expected = {p.id: (p.map, *_new_xy(regrid, p.map, p.x, p.y), p.stack, p.stack_pos) for p in sg.pieces}
    _verify(sg, save_bytes(content), str(out), expected)
    write_game(out, content)

    result = RefreshResult(str(save), str(module_path), str(out), module.name, sg.module_version, module.version, [])
    for rec in sg.pieces:
        o = outcomes.get(rec.id)
        if o is None:
            continue
        x, y = _new_xy(regrid, rec.map, rec.x, rec.y)
        result.moved += (x, y) != (rec.x, rec.y)
        o.map = rec.map
        o.location = _location(module, sg, rec.map, x, y)
        result.pieces.append(o)
    return result


def _regrid(sg: SavedGame, module: ModuleInfo, old_module: str | Path | None) -> Optional[Regrid]:
    """The old module's grids mapped onto the new; without them, a save off the new grid is refused."""
    if old_module is not None:
        old = read_module(old_module)
        if old.name != module.name or (sg.module_name and sg.module_name != old.name):
            raise ModgenError(str(old_module), f"is a module of {old.name!r}; the save is of {sg.module_name or module.name!r} "
                                               "(--old-module names the module the save was written with)")
        return Regrid(old, module, sg.boards)
    off = misfits(module, sg.boards, [(p.id, p.piece.basic_name, p.map, p.x, p.y) for p in sg.pieces])
    if off:
        raise ModgenError(sg.path, f"{len(off)} pieces stand off the new module's hex grid (not on a hex centre or "
                                   f"hexside), e.g. {'; '.join(off[:3])}: the save was written with another grid. "
                                   "Give the module it was written with: --old-module OLD.vmod")
    return None


def _new_xy(regrid: Optional[Regrid], map_name: Optional[str], x: int, y: int) -> tuple[int, int]:
    if regrid is None:
        return x, y
    moved = regrid.place(map_name, x, y)
    return moved.x, moved.y


def _moved_piece(old: Piece, regrid: Optional[Regrid]) -> tuple[Piece, list[str]]:
    """The piece at its place on the new grid (the same object when it does not move) and a note if guessed."""
    if regrid is None:
        return old, []
    bs = BasicState.parse(old.basic.state)
    moved = regrid.place(bs.map, bs.x, bs.y)
    if (moved.x, moved.y) == (bs.x, bs.y):
        return old, [moved.note] if moved.note else []
    return old.with_basic_state(replace(bs, x=moved.x, y=moved.y)), [moved.note] if moved.note else []


def _moved_stack(state: str, regrid: Regrid) -> str:
    """A stack's state `MAP;X;Y;ids...` with its position on the new grid."""
    parts = decode(state, ";")
    if len(parts) < 3 or parts[0] == "null":
        return state
    try:
        x, y = int(parts[1]), int(parts[2])
    except ValueError:
        return state
    moved = regrid.place(parts[0], x, y)
    return encode([parts[0], str(moved.x), str(moved.y), *parts[3:]], ";")


def _int(s: str) -> int:
    try:
        return int(s)
    except (TypeError, ValueError):
        return 0


def _location(module: ModuleInfo, sg: SavedGame, map_name: Optional[str], x: int, y: int) -> str:
    if map_name is None:
        return "off-map"
    try:
        return map_location(module, map_name, x, y, sg.boards.get(map_name))
    except (ModgenError, KeyError):
        return f"{x},{y}"


def _verify(before: SavedGame, data: bytes, name: str, expected: dict[str, tuple]) -> None:
    """The refreshed save reads back with every piece where it should be (id, map, x, y, stack and order)."""
    after = read_game_data(data, name)
    a, b = expected, {p.id: (p.map, p.x, p.y, p.stack, p.stack_pos) for p in after.pieces}
    if a != b:
        lost = sorted(set(a) ^ set(b)) or sorted(k for k in a if a[k] != b.get(k))
        raise ModgenError(name, f"internal error: the refreshed save would move or lose pieces {lost[:5]}; nothing written")
    if [p.id for p in before.pieces] != [p.id for p in after.pieces]:
        raise ModgenError(name, "internal error: the refreshed save would change the drawing order; nothing written")


def text_report(result: RefreshResult) -> tuple[str, str]:
    """(stdout summary line, stderr details: pieces not in the new module, state that could not be carried)."""
    err: list[str] = []
    if result.missing:
        err.append(f"{len(result.missing)} pieces not in the new module (kept unchanged):")
        err.extend(f"  {p.name} [id {p.id}, gpid {p.gpid or '-'}] at {p.map or 'off-map'} {p.location}".rstrip() for p in result.missing)
    noted = [p for p in result.pieces if p.notes and p.status != "missing"]
    if noted:
        err.append(f"{len(noted)} pieces with state that could not be carried:")
        err.extend(f"  {p.name} [id {p.id}]: {'; '.join(p.notes)}" for p in noted)
    return result.summary() + "\n", ("\n".join(err) + "\n") if err else ""


__all__ = ["carry_state", "refresh_save", "RefreshResult", "PieceOutcome", "text_report"]
