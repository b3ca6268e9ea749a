"""Write positions as real saves (our writer, not mocks): samples, tests and benchmarks.

A Position lists what stands in each hex and each Tracks box, bottom first, plus the turn
tracker, the VP properties and the scenario played (the Scenario property, which a predefined
setup sets); `save()` turns it into SaveContent exactly as VASSAL would hold it (one stack per
hex at VASSAL's hex centre, pieces from the module's definitions).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from ..model import Game, Scenario
from ..vassal import pieces as vp
from ..vassal.savefile import GlobalValue, SaveContent, StackSpec, write_game
from ..vassal.sequence import encode
from ..conventions import FACE_LAYER, LAYER_NAME_FIELD, MAIN_MAP, SCENARIO_PROPERTY, STEP_LAYER, entry_box_name
from ..layout import Box, TracksLayout, tracks_layout
from ..unitstates import state_layer_name
from .piecedefs import PieceDef, marker_def, unit_def
from .setup import (  # noqa: F401  (turn_state: the saves' tracker state, re-exported)
    PieceIds, board_picks, display_picks, hexside_point, hidden_at_setup, marker_box, scenario_start, setup_stack, turn_state,
)

MASKED = "|0"


@dataclass
class Item:
    """One piece to place: a unit or a marker, which side up, masked or not."""

    kind: str  # unit | marker
    id: str
    back: bool = False  # unit reduced / marker back face
    masked: bool = False
    states: dict[str, int] = field(default_factory=dict)  # a unit's state layers: marker id -> level (2 front, 3 back)


@dataclass
class Position:
    game: Game
    hexes: dict[str, list[Item]] = field(default_factory=dict)
    boxes: dict[str, list[Item]] = field(default_factory=dict)  # box name -> items, one slot each
    shared: dict[str, list[Item]] = field(default_factory=dict)  # box name -> items in one stack
    pixels: list[tuple[str, int, int, Item]] = field(default_factory=list)  # raw placements
    turn: int = 1
    side: str = ""
    phase: str = ""
    vp: dict[str, int] = field(default_factory=dict)
    description: str = ""
    scenario: Optional[str] = None  # scenario id recorded in the save (Scenario property); None: not recorded

    # -- placing -----------------------------------------------------------------
    def unit(self, unit_id: str, hex_id: str, reduced: bool = False, masked: bool = False) -> "Position":
        """Put a unit on top of the hex's stack."""
        if unit_id not in self.game.units:
            raise KeyError(unit_id)
        self.remove(unit_id)
        self.hexes.setdefault(hex_id, []).append(Item("unit", unit_id, reduced, masked))
        return self

    def marker(self, marker_id: str, hex_id: str, back: bool = False, under: Optional[str] = None) -> "Position":
        """Put a marker in a hex: directly under unit `under`, else on top of the stack."""
        items = self.hexes.setdefault(hex_id, [])
        item = Item("marker", marker_id, back)
        if under is not None:
            i = next(i for i, it in enumerate(items) if it.kind == "unit" and it.id == under)
            items.insert(i, item)
        else:
            items.append(item)
        return self

    def state(self, unit_id: str, marker_id: str, back: bool = False) -> "Position":
        """Set a unit's state layer (markers.yaml on_unit) to the marker's front or back, as its key does."""
        item = next(i for items in (*self.hexes.values(), *self.boxes.values()) for i in items
                    if i.kind == "unit" and i.id == unit_id)
        item.states[marker_id] = 3 if back else 2
        return self

    def in_box(self, box: str, kind: str, item_id: str, back: bool = False) -> "Position":
        self.remove(item_id) if kind == "unit" else None
        self.boxes.setdefault(box, []).append(Item(kind, item_id, back))
        return self

    def at_pixel(self, map_name: str, x: int, y: int, kind: str, item_id: str) -> "Position":
        self.remove(item_id) if kind == "unit" else None
        self.pixels.append((map_name, x, y, Item(kind, item_id)))
        return self

    def remove(self, unit_id: str) -> "Position":
        for store in (self.hexes, self.boxes):
            for items in store.values():
                items[:] = [i for i in items if not (i.kind == "unit" and i.id == unit_id)]
        self.pixels = [p for p in self.pixels if not (p[3].kind == "unit" and p[3].id == unit_id)]
        return self

    def restack(self, hex_id: str) -> "Position":
        """The set-up order again (game.yaml setup_stack_order: by printed attack, the strongest on top,
        or as they are), and the set-up's masking (game.yaml hidden). Markers stay directly under the
        unit they were under."""
        items = self.hexes.get(hex_id, [])
        groups: list[list[Item]] = []
        pending: list[Item] = []
        for it in items:
            pending.append(it)
            if it.kind == "unit":
                groups.append(pending)
                pending = []
        units = self.game.units

        def attack(g: list[Item]) -> int:
            u = units[g[-1].id]
            return (u.back if g[-1].back and u.back else u.front).attack

        if self.game.setup_stack_order == "attack":
            groups.sort(key=attack)  # stable: equal attacks keep their order
        flat = [it for g in groups for it in g] + pending
        unit_items = [it for it in flat if it.kind == "unit"]
        for it in unit_items:
            it.masked = hidden_at_setup(self.game, it.id, top=it is unit_items[-1])
        self.hexes[hex_id] = flat
        return self

    def marker_on_hexside(self, marker_id: str, a: str, b: str, back: bool = False) -> "Position":
        """A marker at the midpoint of the hexside a/b (bridge markers)."""
        x, y = hexside_point(self.game, a, b)
        self.pixels.append((MAIN_MAP, x, y, Item("marker", marker_id, back)))
        return self

    def move_marker_to_box(self, marker_id: str, box: str, back: bool = False) -> "Position":
        for store in (self.shared, self.boxes):
            for items in store.values():
                items[:] = [i for i in items if i.id != marker_id]
        self.shared.setdefault(box, []).append(Item("marker", marker_id, back))
        return self

    def where(self, unit_id: str) -> Optional[str]:
        for h, items in self.hexes.items():
            if any(i.kind == "unit" and i.id == unit_id for i in items):
                return h
        return None

    def set_turn(self, turn: int, side: str, phase: str) -> "Position":
        self.turn, self.side, self.phase = turn, side, phase
        return self

    def set_scenario(self, scenario_id: Optional[str]) -> "Position":
        """The scenario the save records (None: a save that records none, as a game begun without a setup)."""
        if scenario_id is not None and scenario_id not in self.game.scenarios:
            raise KeyError(scenario_id)
        self.scenario = scenario_id
        return self

    def set_vp(self, side: str, vp: int) -> "Position":
        """VP on the track (both markers) and in the VP_<side> property."""
        self.vp[side] = vp
        return self


def from_scenario(game: Game, scenario: Optional[Scenario] = None) -> Position:
    """The scenario's setup as a Position (same stacks and order as the module's setup)."""
    sc = scenario or game.primary_scenario
    pos = Position(game)
    layout = tracks_layout(game, list(game.scenarios.values()))
    order = {h: i for i, h in enumerate(game.map.hex_ids())}
    by_hex: dict[str, list[str]] = {}
    for p in sc.setup:
        if p.hex:
            by_hex.setdefault(p.hex, []).append(p.unit)
    for hex_id in sorted(by_hex, key=order.__getitem__):
        units = setup_stack(game, by_hex[hex_id])
        for i, uid in enumerate(units):
            pos.hexes.setdefault(hex_id, []).append(Item("unit", uid, False, hidden_at_setup(game, uid, i == len(units) - 1)))
    for p in sorted((p for p in sc.setup if p.area), key=lambda p: (p.area, p.unit)):
        pos.boxes.setdefault(entry_box_name(p.area), []).append(Item("unit", p.unit, False, hidden_at_setup(game, p.unit, True)))
    for r in sorted(sc.reinforcements, key=lambda r: (r.turn, r.unit)):
        pos.boxes.setdefault(layout.reinforcement_box(game.units[r.unit].side, r.turn).name, []).append(Item("unit", r.unit))
    for m in sc.markers:
        if m.hex:
            pos.marker(m.marker, m.hex)
        elif m.hexside:
            pos.marker_on_hexside(m.marker, *m.hexside)
        elif m.area:
            pos.in_box(entry_box_name(m.area), "marker", m.marker)
        else:
            pos.shared.setdefault(marker_box(layout, m).name, []).append(Item("marker", m.marker))
    pos.scenario = sc.id
    pos.set_turn(*scenario_start(game, sc), game.turns.phases[0])
    for s in game.sides:
        pos.vp[s.id] = 0
    return pos


def slot_in(box: Box, i: int) -> tuple[int, int]:
    """The box's i-th slot, or its centre when the slot falls outside the box.

    Box.slot puts slot 0 of a VP box (54 px high) below the box, inside "VP n+10"; the
    module's own setup has that defect (reported), our saves must not copy it.
    """
    x, y = box.slot(i)
    if box.x <= x < box.x + box.w and box.y <= y < box.y + box.h:
        return x, y
    return box.x + box.w // 2, box.y + box.h // 2


class Composer:
    """Turns Positions of one game into SaveContent with the module's piece definitions."""

    def __init__(self, game: Game) -> None:
        self.game = game
        scenarios = list(game.scenarios.values())
        self.layout: TracksLayout = tracks_layout(game, scenarios)
        self.defs: dict[tuple[str, str], PieceDef] = {}
        for u in game.units.values():
            self.defs[("unit", u.id)] = unit_def(game, game.primary_scenario, u, self.layout)
        for m in game.markers.values():
            self.defs[("marker", m.id)] = marker_def(game, m)

    def _piece(self, item: Item, map_name: str, x: int, y: int) -> vp.Piece:
        defn = self.defs[(item.kind, item.id)]
        piece = defn.piece.with_basic_state(vp.BasicState(map_name, x, y, defn.gpid, {}))
        layer_name = STEP_LAYER if item.kind == "unit" else FACE_LAYER
        states = {state_layer_name(m): level for m, level in item.states.items()}
        traits = []
        for t in piece.traits:
            if t.prefix == "emb2;" and len(t.fields) > LAYER_NAME_FIELD and t.fields[LAYER_NAME_FIELD] == layer_name:
                t = vp.Trait(t.type, "2" if item.back else "1")
            elif t.prefix == "emb2;" and len(t.fields) > LAYER_NAME_FIELD and t.fields[LAYER_NAME_FIELD] in states:
                t = vp.Trait(t.type, str(states[t.fields[LAYER_NAME_FIELD]]))
            elif t.prefix == "obs;" and item.masked and item.kind == "unit":
                side = self.game.side(self.game.units[item.id].side).name
                t = vp.Trait(t.type, encode([side, MASKED], ";"))
            traits.append(t)
        return vp.Piece(traits)

    def content(self, pos: Position, module_name: Optional[str] = None, module_version: Optional[str] = None) -> SaveContent:
        game = self.game
        pieces: list[tuple[str, vp.Piece]] = []
        stacks: list[StackSpec] = []
        piece_ids = PieceIds()

        def pid(item: Item) -> str:
            return piece_ids(self.defs[(item.kind, item.id)].gpid)

        def stack(map_name: str, x: int, y: int, items: list[Item]) -> None:
            if not items:
                return
            ids = []
            for item in items:
                i = pid(item)
                pieces.append((i, self._piece(item, map_name, x, y)))
                ids.append(i)
            digest = hashlib.sha256(f"stack/{map_name}/{x}/{y}/{ids[0]}".encode()).digest()
            stacks.append(StackSpec("9" + str(int.from_bytes(digest[:8], "big") % 10**12).zfill(12), ids))

        order = {h: i for i, h in enumerate(game.map.hex_ids())}
        for hex_id in sorted(pos.hexes, key=lambda h: order.get(h, -1)):
            _board, x, y = game.map.centre(hex_id)
            stack(MAIN_MAP, x, y, pos.hexes[hex_id])
        for box_name, items in pos.boxes.items():
            box = self.layout.box(box_name)
            for i, item in enumerate(items):
                x, y = slot_in(box, i)
                stack(box.window, x, y, [item])
        shared = {k: list(v) for k, v in pos.shared.items()}
        for side, vp_total in pos.vp.items():
            vp_markers = [m for m in game.markers.values() if m.kind == "vp" and m.side == side]
            boxes, left = {}, vp_total
            for marker in sorted(vp_markers, key=lambda m: -m.value):  # tens (value 10) first, then units
                boxes[marker.id], left = divmod(left, marker.value)
            for marker in vp_markers:
                for items in shared.values():
                    items[:] = [i for i in items if i.id != marker.id]
                shared.setdefault(f"VP {boxes[marker.id]}", []).append(Item("marker", marker.id))
        for box_name, items in shared.items():
            box = self.layout.box(box_name)
            x, y = slot_in(box, 0)
            stack(box.window, x, y, items)
        for map_name, x, y, item in pos.pixels:
            stack(map_name, x, y, [item])
        return SaveContent(
            pieces=pieces, stacks=stacks,
            boards={MAIN_MAP: board_picks(game), **display_picks(self.layout)},
            turns={"TurnTracker0": turn_state(game, pos.turn, pos.side or game.turns.player_turns[0], pos.phase or game.turns.phases[0])},
            global_properties=[GlobalValue(f"VP_{s}", str(v)) for s, v in pos.vp.items()]
            + ([GlobalValue(SCENARIO_PROPERTY, pos.scenario)] if pos.scenario is not None else []),
            module_name=module_name or game.title, module_version=module_version or game.version,
            vassal_version="3.7.0", description=pos.description,
        )

    def write(self, pos: Position, path: str | Path, **kw: str) -> Path:
        write_game(path, self.content(pos, **kw))
        return Path(path)
