"""Prototypes: the trait runs a group of palette pieces shares, defined once in the buildFile.

A palette piece repeats every trait of its chain: a nationality's units all carry the same report
actions, the same Eliminate, the same moved marker and mask. VASSAL lets a module define such a run
once, as a PrototypeDefinition, and a piece then carries `prototype;NAME` where the run was. Placing
a piece (PieceCloner.clonePiece) replaces that trait by a copy of the prototype's traits, each with
the type and state of the definition (UsePrototype.buildPrototype), so the piece on the map, in a
save and after Refresh Counters, is trait for trait the chain written out in full. The BasicPiece
(and with it the gpid) stays in the slot.

The transform knows no game: it is given pieces and named groups of them, in the order they should
be tried (narrow groups first: the run a nationality's units share is longer than the one all units
share). In each group, again and again, the run of traits that saves most becomes a prototype: a
run that all the group's members hold, or all of a part of them that holds some trait the others
lack (a nationality's units with a reduced side share their flip reports), in the same order and
next to each other, when defining it once saves MIN_SAVING characters over repeating it. Traits
already moved into a prototype stay where they are: prototypes do not nest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Mapping, Sequence

from ..vassal.pieces import PROTOTYPE_PREFIX, Piece, Trait, add_piece_command, basic_piece, prototype

MIN_SAVING = 400  # characters: below that a prototype is more to read than it saves
DEFINITION_COST = 120  # characters of a PrototypeDefinition element besides its traits


@dataclass(frozen=True)
class Group:
    """Pieces that may share traits, named as a module designer would name their prototype."""

    name: str
    members: tuple[Hashable, ...]


@dataclass(frozen=True)
class PrototypeDef:
    """One PrototypeDefinition: its name and its traits (outermost first, no BasicPiece)."""

    name: str
    traits: tuple[Trait, ...]

    @property
    def text(self) -> str:
        """The definition as VASSAL stores it: an AddPiece of the traits around a nameless BasicPiece."""
        return add_piece_command(None, Piece([*self.traits, basic_piece("")]))


def factor(pieces: Mapping[Hashable, Piece], groups: Sequence[Group]) -> tuple[list[PrototypeDef], dict[Hashable, Piece]]:
    """The prototypes, and each piece with its shared runs replaced by `prototype;NAME` traits.

    Expanding a returned piece with the returned prototypes gives back the given piece exactly.
    """
    chains = _Chains(pieces)
    made: list[PrototypeDef] = []
    used: set[str] = set()
    for group in groups:
        members = [m for m in group.members if m in pieces]
        while True:
            best = _best_run(members, chains, group.name)
            if best is None:
                break
            part, run = best
            name = _unique(group.name, used)
            chains.replace(part, run, prototype(name))
            made.append(PrototypeDef(name, chains.traits_of(run)))
    return made, chains.pieces()


class _Chains:
    """Each piece's chain as trait numbers (one number for each distinct trait: type and state), with
    where each movable trait stands, kept up to date as runs are replaced."""

    def __init__(self, pieces: Mapping[Hashable, Piece]) -> None:
        self.number: dict[Trait, int] = {}
        self.trait: list[Trait] = []
        self.movable: list[bool] = []
        self.size: list[int] = []
        self.chain = {k: [self._number(t) for t in p.traits] for k, p in pieces.items()}
        self.where = {k: self._positions(c) for k, c in self.chain.items()}

    def _number(self, t: Trait) -> int:
        n = self.number.get(t)
        if n is None:
            n = self.number[t] = len(self.trait)
            self.trait.append(t)
            self.movable.append(not t.is_basic and t.prefix != PROTOTYPE_PREFIX)
            self.size.append(len(t.type) + len(t.state) + 2)
        return n

    def _positions(self, chain: list[int]) -> dict[int, int]:
        """Where each movable trait stands, for traits held once (one held twice stays where it is)."""
        seen: dict[int, int] = {}
        twice: set[int] = set()
        for i, t in enumerate(chain):
            if self.movable[t]:
                if t in seen:
                    twice.add(t)
                seen[t] = i
        return {t: i for t, i in seen.items() if t not in twice} if twice else seen

    def replace(self, part: Sequence[Hashable], run: tuple[int, ...], ref: Trait) -> None:
        r = self._number(ref)
        for m in part:
            chain = self.chain[m]
            start = self.where[m][run[0]]
            assert tuple(chain[start:start + len(run)]) == run, "a shared run is consecutive in every member"
            self.chain[m] = chain = [*chain[:start], r, *chain[start + len(run):]]
            self.where[m] = self._positions(chain)

    def traits_of(self, run: Sequence[int]) -> tuple[Trait, ...]:
        return tuple(self.trait[t] for t in run)

    def pieces(self) -> dict[Hashable, Piece]:
        return {k: Piece(list(self.traits_of(c))) for k, c in self.chain.items()}


def _best_run(members: list[Hashable], chains: _Chains, name: str) -> tuple[list[Hashable], tuple[int, ...]] | None:
    """The run that saves most, with the members sharing it: the whole group, or a part of it."""
    best: tuple[int, list[Hashable], tuple[int, ...]] | None = None
    for part in [members, *_parts(members, chains)] if len(members) > 1 else ():
        for run in _shared_runs(chains, part):
            saving = _saving(sum(chains.size[t] for t in run), len(part), name)
            if saving >= MIN_SAVING and (best is None or saving > best[0]):
                best = (saving, part, run)
    return None if best is None else (best[1], best[2])


def _parts(members: list[Hashable], chains: _Chains) -> list[list[Hashable]]:
    """The sets of members that hold some trait the others lack (the units of a nationality that have
    a reduced side share its flip reports), largest first: each may share runs of its own."""
    holders: dict[int, list[Hashable]] = {}
    for m in members:
        for t in chains.where[m]:
            holders.setdefault(t, []).append(m)
    order = {m: i for i, m in enumerate(members)}
    parts = {tuple(h) for h in holders.values() if 1 < len(h) < len(members)}
    return [list(p) for p in sorted(parts, key=lambda p: (-len(p), [order[m] for m in p]))]


def _unique(name: str, used: set[str]) -> str:
    """The group's name; a group with several runs numbers the later ones ("Red units 2")."""
    out, n = name, 1
    while out in used:
        n += 1
        out = f"{name} {n}"
    used.add(out)
    return out


def _shared_runs(chains: _Chains, part: Sequence[Hashable]) -> list[tuple[int, ...]]:
    """The maximal runs of traits that every member of the part holds, consecutive and in the same order."""
    where = [chains.where[m] for m in part]
    runs: list[tuple[int, ...]] = []
    run: list[int] = []
    for t in chains.chain[part[0]]:
        if not all(t in w for w in where):
            if run:
                runs.append(tuple(run))
            run = []
            continue
        if run and not all(w[t] == w[run[-1]] + 1 for w in where):
            runs.append(tuple(run))
            run = []
        run.append(t)
    if run:
        runs.append(tuple(run))
    return runs


def _saving(size: int, members: int, name: str) -> int:
    """Characters saved (about: TAB escapes aside): the run written once instead of in every member,
    less a reference to it in each."""
    return (members - 1) * size - members * (len(PROTOTYPE_PREFIX) + len(name) + 6) - DEFINITION_COST
