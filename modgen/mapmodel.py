"""The map part of the game model: terrain, hexsides, towns, areas and routes on the hex boards. Split from
modgen.model (which re-exports every name) to keep each module small; like it, it knows no particular game."""

from __future__ import annotations

from dataclasses import dataclass, field

from .geometry import BoardGeometry


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
    road_only: tuple[str, ...] = ()  # unit tags that may enter only along a road
    prohibited_for: tuple[str, ...] = ()  # unit tags that may never enter
    texture: str | None = None  # drawn over the colour: one of TERRAIN_TEXTURES

    def closed_to(self, tags: frozenset[str]) -> bool:
        return self.prohibited or bool(tags & set(self.prohibited_for))


@dataclass(frozen=True)
class HexsideType:
    id: str
    name: str
    move: str
    combat: str
    blocks_zoc: bool = False
    note: str = ""
    style: str = ""  # how the map draws it: water | ridge | bridge | ferry | boundary
    colour: str | None = None
    width: float | None = None
    prohibits: tuple[str, ...] = ()  # unit tags that may not cross it ("*": every unit) save by a crossing
    on: tuple[str, ...] = ()  # a crossing (bridge, ferry): the hexside types it must lie on
    blocks_supply: bool = False

    def prohibits_tags(self, tags: frozenset[str]) -> bool:
        return "*" in self.prohibits or bool(tags & set(self.prohibits))


@dataclass(frozen=True)
class RoadType:
    id: str
    name: str
    move: str
    colour: str
    width: float
    dashed: bool = field(default=False, metadata={"omit_default": True})  # drawn dashed (a narrow-gauge railway, a track)


@dataclass(frozen=True)
class Board:
    """One board of the main map; boards sit in a grid of columns and rows, as VASSAL lays them out."""

    name: str
    geometry: BoardGeometry
    column: int = 0
    row: int = 0
    origin: tuple[int, int] = (0, 0)  # top-left corner in map pixels (Map.java: boards left of / above it)


@dataclass(frozen=True)
class VPValue:
    side: str
    capture: int = 0  # once, when captured
    occupy: int = 0  # while occupied
    hold: int = 0  # while held: occupied or last passed through


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
    label: str | None = None  # printed in each hex (drop codes, "?")


@dataclass(frozen=True)
class Ownership:
    side: str
    first: int
    last: int | None = None  # None: to the end of the game


@dataclass(frozen=True)
class EntryArea:
    """An off-map box: units wait and enter there, supply traces to it while it is friendly."""

    id: str
    name: str
    hexes: tuple[str, ...]  # the map-edge hexes it touches
    owners: tuple[Ownership, ...]

    def owner_on(self, turn: int | None) -> str | None:
        t = turn if turn is not None else 1
        return next((o.side for o in self.owners if o.first <= t and (o.last is None or t <= o.last)), None)


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
    tags: tuple[str, ...] = ()
    note: str = ""


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
    road_types: dict[str, RoadType] = field(default_factory=dict)
    entry_areas: list[EntryArea] = field(default_factory=list)
    tec_provenance: Provenance = Provenance()
    board_of: dict[str, Board] = field(default_factory=dict, metadata={"derived": True})
    hexsides: dict[frozenset[str], frozenset[str]] = field(default_factory=dict, metadata={"derived": True})
    across: dict[str, tuple[str, ...]] = field(default_factory=dict, metadata={"omit_default": True})  # neighbours on a sheet beyond a seam (sheets.py)
    rail_types: dict[str, RoadType] = field(default_factory=dict, metadata={"omit_default": True})  # kinds of `railroads` (map.yaml)

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
        return self.board_of[hex_id].geometry.neighbours(hex_id) + list(self.across.get(hex_id, ()))

    def centre(self, hex_id: str) -> tuple[str, int, int]:
        """(board name, x, y) of a hex centre, in map pixels (the board's origin added)."""
        board = self.board_of[hex_id]
        x, y = board.geometry.centre(hex_id)
        return board.name, x + board.origin[0], y + board.origin[1]

    def side_features(self, a: str, b: str) -> frozenset[str]:
        return self.hexsides.get(frozenset((a, b)), frozenset())

    def rail_hexes(self) -> set[str]:
        return {h for route in self.railroads for h in route.hexes}

    def rail_links(self) -> set[frozenset[str]]:
        return {frozenset(p) for route in self.railroads for p in zip(route.hexes, route.hexes[1:])}

    def area(self, area_id: str) -> Area | None:
        return next((a for a in self.areas if a.id == area_id), None)

    def entry_area(self, area_id: str) -> EntryArea | None:
        return next((a for a in self.entry_areas if a.id == area_id), None)

    def side_types(self, a: str, b: str) -> list[HexsideType]:
        return [self.hexside_types[t] for t in sorted(self.side_features(a, b))]

    def crossing(self, a: str, b: str) -> bool:
        """A bridge or ferry (a hexside type with `on`) lies on the hexside a/b."""
        return any(t.on for t in self.side_types(a, b))

    def road_links(self) -> set[frozenset[str]]:
        return {frozenset(p) for route in self.roads for p in zip(route.hexes, route.hexes[1:])}

    def road_hexes(self) -> set[str]:
        return {h for route in self.roads for h in route.hexes}
