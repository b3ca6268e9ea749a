"""The game model: what a game is, independent of files, art and VASSAL.

The loader builds it from data files; art, the buildFile and saves are rendered from it;
the checker reads saves back into it. Nothing here knows any particular game.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property

from .geometry import BoardGeometry

GPID_BASE = 100_000_000
GPID_SPAN = 900_000_000
NEXT_PIECE_SLOT_ID = GPID_BASE + GPID_SPAN  # above every gpid; fits a Java int


def stable_gpid(game_id: str, kind: str, item_id: str) -> str:
    """A piece-slot id from identity alone, so a rebuild keeps it and Refresh Counters works."""
    digest = hashlib.sha256(f"{game_id}/{kind}/{item_id}".encode()).digest()
    return str(GPID_BASE + int.from_bytes(digest[:8], "big") % GPID_SPAN)


@dataclass(frozen=True)
class Provenance:
    """Whether data is as printed, or authored and to be replaced by printed values."""

    approximate: bool = False
    source: str = ""


@dataclass(frozen=True)
class TerrainType:
    id: str
    name: str
    move: str
    combat: str
    colour: str
    prohibited: bool = False


@dataclass(frozen=True)
class HexsideType:
    id: str
    name: str
    move: str
    combat: str
    blocks_zoc: bool = False
    note: str = ""


@dataclass(frozen=True)
class Board:
    name: str
    geometry: BoardGeometry


@dataclass(frozen=True)
class VPValue:
    side: str
    capture: int
    occupy: int


@dataclass(frozen=True)
class Town:
    id: str
    name: str
    hex: str
    size: str = "town"
    vp: VPValue | None = None
    provenance: Provenance = Provenance()


@dataclass(frozen=True)
class Area:
    id: str
    name: str
    hexes: tuple[str, ...]
    shade: str | None = None
    symbol: str | None = None


@dataclass(frozen=True)
class Route:
    """A railroad or road: hexes in order, each adjacent to the previous."""

    name: str
    hexes: tuple[str, ...]
    kind: str = ""


@dataclass(frozen=True)
class HexsideFeature:
    type: str
    name: str
    sides: tuple[frozenset[str], ...]


@dataclass
class MapData:
    boards: list[Board]
    terrain_types: dict[str, TerrainType]
    hexside_types: dict[str, HexsideType]
    terrain: dict[str, str]  # hex -> terrain id
    hexside_features: list[HexsideFeature]
    railroads: list[Route]
    roads: list[Route]
    towns: list[Town]
    areas: list[Area]
    supply_sources: dict[str, tuple[str, ...]]
    terrain_provenance: Provenance = Provenance()
    features_provenance: Provenance = Provenance()
    board_of: dict[str, Board] = field(default_factory=dict, metadata={"derived": True})
    hexsides: dict[frozenset[str], frozenset[str]] = field(default_factory=dict, metadata={"derived": True})

    def __post_init__(self) -> None:
        if not self.board_of:
            self.board_of = {h: b for b in self.boards for h in b.geometry.raw_of}
        if not self.hexsides:
            acc: dict[frozenset[str], set[str]] = {}
            for feature in self.hexside_features:
                for side in feature.sides:
                    acc.setdefault(side, set()).add(feature.type)
            self.hexsides = {k: frozenset(v) for k, v in acc.items()}

    def hex_ids(self) -> list[str]:
        return list(self.board_of)

    def neighbours(self, hex_id: str) -> list[str]:
        return self.board_of[hex_id].geometry.neighbours(hex_id)

    def centre(self, hex_id: str) -> tuple[str, int, int]:
        """(board name, x, y) of a hex centre, in board pixels."""
        board = self.board_of[hex_id]
        x, y = board.geometry.centre(hex_id)
        return board.name, x, y

    def side_features(self, a: str, b: str) -> frozenset[str]:
        return self.hexsides.get(frozenset((a, b)), frozenset())

    def rail_hexes(self) -> set[str]:
        return {h for route in self.railroads for h in route.hexes}

    def rail_links(self) -> set[frozenset[str]]:
        return {frozenset(p) for route in self.railroads for p in zip(route.hexes, route.hexes[1:])}

    def area(self, area_id: str) -> Area | None:
        return next((a for a in self.areas if a.id == area_id), None)


@dataclass(frozen=True)
class Side:
    id: str
    name: str


@dataclass(frozen=True)
class Nationality:
    id: str
    side: str
    name: str
    colour: str
    text: str


@dataclass(frozen=True)
class UnitType:
    id: str
    name: str
    symbol: str
    two_colour: bool = False


@dataclass(frozen=True)
class StepRule:
    type: str
    size: str
    full: int
    reduced: int | None = None


@dataclass(frozen=True)
class Stacking:
    limit: int
    steps: tuple[StepRule, ...]

    def steps_of(self, unit_type: str, size: str, reduced: bool) -> int | None:
        for rule in self.steps:
            if rule.type == unit_type and rule.size == size:
                return rule.reduced if reduced and rule.reduced is not None else rule.full
        return None


@dataclass(frozen=True)
class TurnTrack:
    count: int
    label: str
    player_turns: tuple[str, ...]
    phases: tuple[str, ...]


@dataclass(frozen=True)
class Chart:
    id: str
    name: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Dice:
    name: str
    n: int
    sides: int


@dataclass(frozen=True)
class Values:
    attack: int
    defense: int
    ma: int
    av: int


@dataclass(frozen=True)
class Unit:
    id: str
    name: str
    nationality: str
    side: str
    type: str
    size: str
    corps: str | None
    front: Values
    back: Values | None
    ersatz: bool = False
    white_symbol: bool = False
    release_gt: int | None = None
    provenance: Provenance = Provenance()
    exact: tuple[str, ...] = ()

    @property
    def two_sided(self) -> bool:
        return self.back is not None


@dataclass(frozen=True)
class MarkerFace:
    name: str
    text: tuple[str, ...]


@dataclass(frozen=True)
class Marker:
    id: str
    front: MarkerFace
    back: MarkerFace | None
    colour: str
    kind: str
    count: int | None = None
    side: str | None = None

    @property
    def name(self) -> str:
        return self.front.name


@dataclass(frozen=True)
class Placement:
    unit: str
    hex: str


@dataclass(frozen=True)
class Reinforcement:
    unit: str
    turn: int
    hexes: tuple[str, ...] = ()
    railroad_between: tuple[str, str] | None = None
    note: str = ""


@dataclass(frozen=True)
class MarkerPlacement:
    marker: str
    track: str | None = None
    box: int | None = None
    hex: str | None = None


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    turns: int
    first_player_turn: str
    skip: tuple[tuple[int, str], ...]
    setup: tuple[Placement, ...]
    reinforcements: tuple[Reinforcement, ...]
    markers: tuple[MarkerPlacement, ...]
    description: str = ""

    def arrival_of(self, unit_id: str) -> Reinforcement | None:
        return self._arrivals.get(unit_id)

    def setup_hex(self, unit_id: str) -> str | None:
        return self._setup_hexes.get(unit_id)

    @cached_property
    def _arrivals(self) -> dict[str, Reinforcement]:
        return {r.unit: r for r in self.reinforcements}

    @cached_property
    def _setup_hexes(self) -> dict[str, str]:
        return {p.unit: p.hex for p in self.setup}


@dataclass
class Game:
    id: str
    title: str
    version: str
    description: str
    scale: str
    sides: list[Side]
    nationalities: dict[str, Nationality]
    unit_types: dict[str, UnitType]
    sizes: dict[str, str]
    stacking: Stacking
    turns: TurnTrack
    charts: list[Chart]
    dice: list[Dice]
    units: dict[str, Unit]
    markers: dict[str, Marker]
    scenarios: dict[str, Scenario]
    map: MapData

    def side(self, side_id: str) -> Side:
        return next(s for s in self.sides if s.id == side_id)

    def gpid(self, kind: str, item_id: str) -> str:
        return stable_gpid(self.id, kind, item_id)

    def unit_steps(self, unit: Unit, reduced: bool) -> int | None:
        return self.stacking.steps_of(unit.type, unit.size, reduced)
