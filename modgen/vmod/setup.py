"""Scenario -> predefined setup save: every unit on its set-up hex or entry area, every marker
on its hex, hexside or track box.

Pieces are placed by pixel (VASSAL's own hex centre), never by grid-location name,
because VASSAL resolves names off by one on descending grids. Piece and stack ids
derive from identity, so a rebuild writes the same save.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict

from ..model import Game, MarkerPlacement, Scenario
from ..vassal import pieces as vp
from ..vassal.savefile import BoardPick, GlobalValue, SaveContent, StackSpec
from ..vassal.sequence import encode
from ..sheets import SheetLayout
from ..conventions import MAIN_MAP, SCENARIO_PROPERTY
from ..layout import Box, TracksLayout
from .piecedefs import PieceDef

MASKED_OPTIONS = "|0"


def turn_state(game: Game, turn: int, side: str, phase: str) -> str:
    """TurnTracker state `0|GT;0;false;-1;PT;0;0;actives;PH;0;0;actives` (VASSAL's getState nesting)."""
    n_sides, n_phases = len(game.turns.player_turns), len(game.turns.phases)
    phase_level = encode([str(game.turns.phases.index(phase)), "0", "0", ",".join(["true"] * n_phases)], ";")
    player_level = encode([str(game.turns.player_turns.index(side)), "0", "0", ",".join(["true"] * n_sides), phase_level], ";")
    gt_level = encode([str(turn), "0", "false", "-1", player_level], ";")
    return encode(["0", gt_level], "|")


def scenario_start(game: Game, scenario: Scenario) -> tuple[int, str]:
    """The scenario's first player turn that is played: (turn, side). Turn 1 begins with its
    first_player_turn; a scenario that skips its first player turns (one starting on a later turn of
    the game's track) begins at the first one it does not skip."""
    order = list(game.turns.player_turns)
    skip = set(scenario.skip)
    for turn in range(1, scenario.turns + 1):
        sides = order[order.index(scenario.first_player_turn):] if turn == 1 and scenario.first_player_turn in order else order
        for side in sides:
            if (turn, side) not in skip:
                return turn, side
    return 1, scenario.first_player_turn


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


def board_picks(game: Game, sheets: tuple[str, ...] = ()) -> list[BoardPick]:
    """The main map's boards in their grid cells, as a save's SetBoards command lists them: a
    scenario's sheets (all boards by default) keep their cells, and VASSAL packs them anew."""
    return [BoardPick(b.name, b.column, b.row) for b in game.map.boards if not sheets or b.name in sheets]


def setup_stack(game: Game, unit_ids: list[str]) -> list[str]:
    """A set-up hex's units, bottom first (as stacks are listed), in game.yaml's setup_stack_order:
    as the scenario lists them (as_listed: the first at the bottom), or by printed attack strength,
    the largest on top (attack; equal attacks by unit id)."""
    if game.setup_stack_order == "attack":
        return sorted(unit_ids, key=lambda u: (game.units[u].front.attack, u))
    return list(unit_ids)


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


def marker_box(layout: TracksLayout, m: MarkerPlacement) -> Box:
    """The display box a marker starts in: a turn or VP box, or a box of a declared part."""
    if m.track == "turn":
        return layout.turn_box(m.box)
    if m.track == "vp":
        return layout.vp_box(m.box)
    return layout.part_box(m.track, m.label)


def display_picks(layout: TracksLayout) -> dict[str, list[BoardPick]]:
    """Each display window shows its one board."""
    return {w.name: [BoardPick(w.name)] for w in layout.windows}


def scenario_save(game: Game, scenario: Scenario, defs: dict[tuple[str, str], PieceDef], layout: TracksLayout, module_name: str) -> SaveContent:
    """The setup as SaveContent (no savedata/moduledata: it lives inside the module). It sets the
    module's Scenario property to the scenario id: VASSAL keeps the value in every save of the game."""
    by_hex: dict[str, list[str]] = defaultdict(list)
    for p in scenario.setup:
        if p.hex:
            by_hex[p.hex].append(p.unit)

    pieces: list[tuple[str, vp.Piece]] = []
    stacks: list[StackSpec] = []
    order = {h: i for i, h in enumerate(game.map.hex_ids())}
    placed = SheetLayout(game.map, scenario.sheets)  # where VASSAL puts the scenario's sheets
    for hex_id in sorted(by_hex, key=order.__getitem__):
        units = setup_stack(game, by_hex[hex_id])
        board, x, y = placed.centre(hex_id)
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
        pieces.append((pid, _placed(defn, box.window, x, y, masked_by)))
        if stack_with is not None:
            stack_with.append(pid)
        else:
            stacks.append(StackSpec(stack_id(box.window, x, y), [pid]))

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
            x, y = placed.centre(m.hex)[1:] if m.hex else placed.hexside_point(*m.hexside)
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
        box = marker_box(layout, m)
        on_tracks(box.name, "marker", m.marker, shared[box.name])
    for box_name, ids in shared.items():
        box = layout.box(box_name)
        x, y = box.slot(0)
        stacks.append(StackSpec(stack_id(box.window, x, y), ids))

    start = scenario_start(game, scenario)
    # a scenario starting later than the track's first player turn sets the tracker (others leave it at
    # the module's start, so their setups stay as they were)
    turns = ({} if start == (1, game.turns.player_turns[0])
             else {"TurnTracker0": turn_state(game, start[0], start[1], game.turns.phases[0])})
    return SaveContent(
        pieces=pieces,
        stacks=stacks,
        turns=turns,
        boards={MAIN_MAP: board_picks(game, scenario.sheets), **display_picks(layout)},
        global_properties=[GlobalValue(SCENARIO_PROPERTY, scenario.id)],
        module_name=module_name,
        module_version=game.version,
        include_metadata=False,
    )
