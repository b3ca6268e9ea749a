"""Scenario -> predefined setup save: every unit on its set-up hex or entry area, every marker
on its hex, hexside or track box.

Pieces are placed by pixel (VASSAL's own hex centre), never by grid-location name,
because VASSAL resolves names off by one on descending grids. Piece and stack ids
derive from identity, so a rebuild writes the same save.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict

from ..model import Game, Scenario
from ..vassal import pieces as vp
from ..vassal.savefile import BoardPick, SaveContent, StackSpec
from ..vassal.sequence import encode
from ..conventions import MAIN_MAP, TRACKS_BOARD, TRACKS_MAP
from ..layout import TracksLayout
from .piecedefs import PieceDef

MASKED_OPTIONS = "|0"


def stack_id(map_name: str, x: int, y: int) -> str:
    digest = hashlib.sha256(f"stack/{map_name}/{x}/{y}".encode()).digest()
    return "9" + str(int.from_bytes(digest[:8], "big") % 10**12).zfill(12)


def _placed(defn: PieceDef, map_name: str, x: int, y: int, masked_by: str | None = None) -> vp.Piece:
    piece = defn.piece.with_basic_state(vp.BasicState(map_name, x, y, defn.gpid, {}))
    if masked_by is None:
        return piece
    traits = []
    for t in piece.traits:
        if t.prefix == "obs;":
            t = vp.Trait(t.type, encode([masked_by, MASKED_OPTIONS], ";"))
        traits.append(t)
    return vp.Piece(traits)


class PieceIds:
    """Piece ids for placements: the gpid, then gpid-1, gpid-2... for further copies of one
    piece (a Blown marker on four bridges). Ids must be unique in a save; the gpid stays."""

    def __init__(self) -> None:
        self._copies: dict[str, int] = defaultdict(int)

    def __call__(self, gpid: str) -> str:
        n = self._copies[gpid]
        self._copies[gpid] += 1
        return gpid if n == 0 else f"{gpid}-{n}"


def board_picks(game: Game) -> list[BoardPick]:
    """The main map's boards in their grid cells, as a save's SetBoards command lists them."""
    return [BoardPick(b.name, b.column, b.row) for b in game.map.boards]


def hidden_at_setup(game: Game, unit_id: str, top: bool) -> bool:
    """Whether the set-up hides this unit from the opponent (game.yaml `hidden`)."""
    if game.hidden == "below_top":
        return not top
    return game.hidden == "tags" and game.units[unit_id].has("hidden")


def hexside_point(game: Game, a: str, b: str) -> tuple[int, int]:
    """The midpoint of the hexside a/b in map pixels: where a hexside marker sits."""
    _, ax, ay = game.map.centre(a)
    _, bx, by = game.map.centre(b)
    return (ax + bx) // 2, (ay + by) // 2


def scenario_save(game: Game, scenario: Scenario, defs: dict[tuple[str, str], PieceDef], layout: TracksLayout, module_name: str) -> SaveContent:
    """The setup as SaveContent (no savedata/moduledata: it lives inside the module)."""
    by_hex: dict[str, list[str]] = defaultdict(list)
    for p in scenario.setup:
        if p.hex:
            by_hex[p.hex].append(p.unit)

    pieces: list[tuple[str, vp.Piece]] = []
    stacks: list[StackSpec] = []
    order = {h: i for i, h in enumerate(game.map.hex_ids())}
    for hex_id in sorted(by_hex, key=order.__getitem__):
        # 5.3: the unit with the largest printed attack strength on top (stacks list bottom first)
        units = sorted(by_hex[hex_id], key=lambda u: (game.units[u].front.attack, u))
        board, x, y = game.map.centre(hex_id)
        ids = []
        for i, uid in enumerate(units):
            defn = defs[("unit", uid)]
            hidden = hidden_at_setup(game, uid, top=i == len(units) - 1)
            side_name = game.side(game.units[uid].side).name
            pieces.append((defn.gpid, _placed(defn, MAIN_MAP, x, y, side_name if hidden else None)))
            ids.append(defn.gpid)
        stacks.append(StackSpec(stack_id(MAIN_MAP, x, y), ids))

    slots: dict[str, int] = defaultdict(int)
    piece_id = PieceIds()

    def on_tracks(box_name: str, kind: str, item: str, stack_with: list[str] | None = None, masked_by: str | None = None) -> None:
        box = layout.box(box_name)
        x, y = box.slot(0 if stack_with is not None else slots[box_name])
        if stack_with is None:
            slots[box_name] += 1
        defn = defs[(kind, item)]
        pid = piece_id(defn.gpid)
        pieces.append((pid, _placed(defn, TRACKS_MAP, x, y, masked_by)))
        if stack_with is not None:
            stack_with.append(pid)
        else:
            stacks.append(StackSpec(stack_id(TRACKS_MAP, x, y), [pid]))

    for p in sorted((p for p in scenario.setup if p.area), key=lambda p: (p.area, p.unit)):
        unit = game.units[p.unit]
        hidden = hidden_at_setup(game, p.unit, top=True)
        on_tracks(layout.entry_box(p.area).name, "unit", p.unit, masked_by=game.side(unit.side).name if hidden else None)
    for r in sorted(scenario.reinforcements, key=lambda r: (r.turn, r.unit)):
        box = layout.reinforcement_box(game.units[r.unit].side, r.turn)
        on_tracks(box.name, "unit", r.unit)

    shared: dict[str, list[str]] = defaultdict(list)
    for m in scenario.markers:
        if m.hex or m.hexside:
            x, y = game.map.centre(m.hex)[1:] if m.hex else hexside_point(game, *m.hexside)
            defn = defs[("marker", m.marker)]
            pid = piece_id(defn.gpid)
            pieces.append((pid, _placed(defn, MAIN_MAP, x, y)))
            here = next((st for st in stacks if st.id == stack_id(MAIN_MAP, x, y)), None)
            if here is not None:  # a marker on an occupied hex joins its stack, on top
                here.piece_ids.append(pid)
            else:
                stacks.append(StackSpec(stack_id(MAIN_MAP, x, y), [pid]))
            continue
        if m.area:
            on_tracks(layout.entry_box(m.area).name, "marker", m.marker)
            continue
        box = layout.turn_box(m.box) if m.track == "turn" else layout.vp_box(m.box)
        on_tracks(box.name, "marker", m.marker, shared[box.name])
    for box_name, ids in shared.items():
        x, y = layout.box(box_name).slot(0)
        stacks.append(StackSpec(stack_id(TRACKS_MAP, x, y), ids))

    return SaveContent(
        pieces=pieces,
        stacks=stacks,
        boards={MAIN_MAP: board_picks(game), TRACKS_MAP: [BoardPick(TRACKS_BOARD)]},
        module_name=module_name,
        module_version=game.version,
        include_metadata=False,
    )
