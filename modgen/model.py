"""The game model: what a game is, independent of files, art and VASSAL. The loader builds it from data files; art,
the buildFile and saves are rendered from it; the checker reads saves back into it. Nothing here knows any particular game."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property

from .declared_rules import DeclaredChecks
from .displays import Display, default_displays
from .mapmodel import (  # noqa: F401  (re-exported: the model's names in one place)
    Provenance, TerrainType, HexsideType, RoadType, Board, VPValue, Town, Area, Ownership, EntryArea, Route, HexsideFeature, MapData,
)
from .movement import MovementRules
from .presentation import FACTORS, CounterMark, Credits, ModuleTexts, UnitValue
from .unitstates import OnUnit

GPID_BASE, GPID_SPAN = 100_000_000, 900_000_000
NEXT_PIECE_SLOT_ID = GPID_BASE + GPID_SPAN  # above every gpid; fits a Java int

def stable_gpid(game_id: str, kind: str, item_id: str) -> str:
    """A piece-slot id from identity alone, so a rebuild keeps it and Refresh Counters works."""
    digest = hashlib.sha256(f"{game_id}/{kind}/{item_id}".encode()).digest()
    return str(GPID_BASE + int.from_bytes(digest[:8], "big") % GPID_SPAN)


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
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Morale:
    id: str
    name: str
    colour: str | None = None


@dataclass(frozen=True)
class StepRule:
    type: str
    size: str
    full: int
    reduced: int | None = None


@dataclass(frozen=True)
class Stacking:
    limit: int | None  # steps per hex (with the steps table)
    steps: tuple[StepRule, ...]
    units: int | None = None  # units per hex ...
    free_units: int = 0  # ... plus this many free-stacking units
    max_steps: int | None = None  # steps per hex, never more
    # the module's stacking warning stays silent on a stack holding a unit with one of these tags or a
    # marker of one of these kinds (units the game counts its own way); `modgen check` judges it
    unwarned_tags: tuple[str, ...] = ()
    unwarned_markers: tuple[str, ...] = ()

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
    names: tuple[str, ...] = ()  # one per turn ("17 Sep PM")
    night: tuple[int, ...] = ()

    def name_of(self, turn: int) -> str:
        return self.names[turn - 1] if 0 < turn <= len(self.names) else ""

    def is_night(self, turn: int | None) -> bool:
        return turn in self.night


@dataclass(frozen=True)
class Chart:
    id: str
    name: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()
    provenance: Provenance = Provenance()
    replaces: tuple[str, ...] = ()  # charts modgen draws from the data that this printed one stands for

DATA_CHARTS = ("tec", "vp_towns", "reinforcements")  # the charts a build draws from the data itself

@dataclass(frozen=True)
class Dice:
    name: str
    n: int
    sides: int


@dataclass(frozen=True)
class Values:
    """One face's printed numbers; `extra` holds the game's declared unit_values (AV, armor...)."""

    attack: int
    defense: int
    ma: int
    extra: tuple[tuple[str, int], ...] = ()

    def value(self, key: str) -> int | None:
        return dict(self.extra).get(key)


@dataclass(frozen=True)
class Unit:
    id: str
    name: str
    nationality: str
    side: str
    type: str
    size: str
    formation: str | None
    front: Values
    back: Values | None
    provenance: Provenance = Provenance()
    exact: tuple[str, ...] = ()
    steps: int | None = None  # full side; None: from the game's steps table
    back_steps: int | None = None
    morale: str | None = None
    tags: frozenset[str] = frozenset()  # the unit type's tags and the unit's own
    marks: tuple[tuple[str, bool | int | str], ...] = ()  # the game's counter marks this unit carries, by id
    short: str | None = field(default=None, metadata={"omit_default": True})  # printed where the name does not fit

    def has(self, tag: str) -> bool:
        return tag in self.tags

    def mark(self, mark_id: str) -> bool | int | str | None:
        """The value of a counter mark (game.yaml `counter_marks`), None when the unit has none."""
        return dict(self.marks).get(mark_id)

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
    value: int = 1  # a VP marker: what one box of the VP track counts (10 for a tens marker)
    on_unit: OnUnit | None = field(default=None, metadata={"omit_default": True})  # shown as a unit's state layer too

    @property
    def name(self) -> str:
        return self.front.name


@dataclass(frozen=True)
class Placement:
    unit: str
    hex: str | None
    area: str | None = None  # an entry area


@dataclass(frozen=True)
class Reinforcement:
    unit: str
    turn: int
    hexes: tuple[str, ...] = ()
    railroad_between: tuple[str, str] | None = None
    note: str = ""
    area: str | None = None  # enters from this entry area
    drop: str | None = None  # lands at the hexes labelled with this drop code
    later: tuple[tuple[int, tuple[str, ...]], ...] = field(default=(), metadata={"omit_default": True})  # (turn, hexes) if not on `turn`


@dataclass(frozen=True)
class MarkerPlacement:
    marker: str
    track: str | None = None
    box: int | None = None
    hex: str | None = None
    hexside: tuple[str, str] | None = None
    area: str | None = None
    label: str | None = None  # a box of a declared display part (track: the part id)


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
    sheets: tuple[str, ...] = field(default=(), metadata={"omit_default": True})  # the boards in play; () = all
    vp: tuple[tuple[str, int], ...] = field(default=(), metadata={"omit_default": True})  # (side, VP at start); else 0

    def arrival_of(self, unit_id: str) -> Reinforcement | None:
        return self._arrivals.get(unit_id)

    def setup_hex(self, unit_id: str) -> str | None:
        return self._setup_hexes.get(unit_id)

    @cached_property
    def _arrivals(self) -> dict[str, Reinforcement]:
        return {r.unit: r for r in self.reinforcements}

    @cached_property
    def _setup_hexes(self) -> dict[str, str]:
        return {p.unit: p.hex for p in self.setup if p.hex}

    def setup_area(self, unit_id: str) -> str | None:
        return self._setup_areas.get(unit_id)

    _setup_areas = cached_property(lambda self: {p.unit: p.area for p in self.setup if p.area})  # unit -> entry area


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
    formation_label: str = "Formation"
    morale: dict[str, Morale] = field(default_factory=dict)
    unit_values: dict[str, UnitValue] = field(default_factory=dict)
    hidden: str = "below_top"  # which set-up units are hidden: below_top | tags | none
    counter_marks: dict[str, CounterMark] = field(default_factory=dict)
    texts: ModuleTexts = ModuleTexts()
    setup_stack_order: str = "as_listed"  # one of STACK_ORDERS
    counter_factors: tuple[str, ...] = field(default=FACTORS, metadata={"omit_default": True})  # the factor row
    displays: tuple[Display, ...] = field(default_factory=default_displays)  # off-map windows
    movement: MovementRules | None = field(default=None, metadata={"omit_default": True})  # for checking logs
    checks: DeclaredChecks | None = field(default=None, metadata={"omit_default": True})  # rules of a game with no plugin
    counter_size: int = field(default=72, metadata={"omit_default": True})  # px at 100%: game.yaml, else from the hexes
    credits: Credits | None = field(default=None, metadata={"omit_default": True})  # the About page's credits
    rules_pdf: str = field(default="", metadata={"omit_default": True})  # the publisher's rules: a file beside game.yaml, or a URL

    def side(self, side_id: str) -> Side:
        return next(s for s in self.sides if s.id == side_id)

    def gpid(self, kind: str, item_id: str) -> str:
        return stable_gpid(self.id, kind, item_id)

    def unit_steps(self, unit: Unit, reduced: bool) -> int | None:
        if unit.steps is not None:
            return unit.back_steps if reduced and unit.back is not None else unit.steps
        table = self.stacking.steps_of(unit.type, unit.size, reduced)
        if table is not None or self.stacking.steps:
            return table
        return 1 if reduced or unit.back is None else 2

    @property
    def primary_scenario(self) -> Scenario:
        """The scenario whose set-up the counters print: the longest, then the first by id."""
        return max(sorted(self.scenarios.values(), key=lambda s: s.id), key=lambda s: s.turns)
