"""The game state the rules see: units and markers by hex or track box, turn, VP recorded.

It is the save interpreted with the module and the game data, nothing more: no rule is
applied here, so every game's rules plugin can read the same state.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Optional

from .model import Game, Marker, Scenario, Unit
from .vassal.module import ModuleInfo



@dataclass
class MarkerState:
    """A marker piece: which marker, which face up, where, and the unit it sits under, if any."""

    marker: Marker
    piece_id: str
    map: Optional[str]
    hex: Optional[str]
    box: Optional[str]
    back: bool  # the marker's back face is up (e.g. "Out of Supply", "CE -2")
    masked: bool
    stack: Optional[str]
    stack_pos: Optional[int]
    order: int  # drawing order over the whole save (higher = drawn later = on top)
    unit: Optional[str] = None  # unit id the marker belongs to, if it shares a stack with units
    hexside: Optional[frozenset[str]] = None  # the hexside it sits on (bridge markers), if off the hex centre
    area: Optional[str] = None  # entry area id, if in an entry-area box
    part: Optional[tuple[str, str]] = None  # (part id, box label), if in a box of a declared display part
    layer: bool = False  # a unit's state layer (markers.yaml on_unit), not a counter: piece_id is the unit's

    @property
    def face(self) -> str:
        return self.marker.back.name if self.back and self.marker.back else self.marker.front.name


@dataclass
class UnitState:
    """A combat unit piece: side up, mask, where it is (hex on the main map or Tracks box)."""

    unit: Unit
    piece_id: str
    map: Optional[str]
    hex: Optional[str]
    box: Optional[str]
    reduced: bool
    masked: bool
    stack: Optional[str]
    stack_pos: Optional[int]
    order: int
    markers: list[MarkerState] = field(default_factory=list)
    area: Optional[str] = None  # entry area id, if waiting in an entry-area box
    part: Optional[tuple[str, str]] = None  # (part id, box label), if in a box of a declared display part

    @property
    def id(self) -> str:
        return self.unit.id

    @property
    def side(self) -> str:
        return self.unit.side

    @property
    def on_map(self) -> bool:
        return self.hex is not None

    @property
    def attack(self) -> int:
        """Printed attack strength of the side up (markers that change it are not counted)."""
        values = self.unit.back if self.reduced and self.unit.back else self.unit.front
        return values.attack


@dataclass(frozen=True)
class PieceProblem:
    """What a save holds that no game allows but VASSAL does: a unit's second piece (a second palette
    drag, a paste), a piece dropped off the map's hexes. The rest of the save is still read; the
    checker reports each as a finding naming the places (modgen.check.states)."""

    kind: str  # TWICE or OFF_GRID
    item: str  # the unit or marker id
    hexes: tuple[str, ...]  # the hexes involved, where there are any
    message: str


TWICE, OFF_GRID = "twice", "off_grid"  # PieceProblem.kind


@dataclass
class GameState:
    """One save as the rules see it."""

    game: Game
    module: ModuleInfo
    save_path: str
    turn: Optional[int]  # current GT from the turn tracker
    phasing_side: Optional[str]  # side id of the current player turn
    phase: Optional[str]  # phase name
    turn_index: tuple[int, int, int]  # (GT, player-turn index, phase index): orders saves of one game
    units: list[UnitState]
    markers: list[MarkerState]
    vp_recorded: dict[str, int]  # side -> VP on the VP track (markers), else the VP_<side> property
    vp_properties: dict[str, int]  # side -> VP_<side> global property, where present
    vp_track: dict[str, int]  # side -> VP read from the track markers, where present
    eliminated: list[str]  # unit ids in an "Eliminated <Side>" box
    off_map: dict[str, str]  # unit id -> where it waits (reinforcement box, other Tracks box)
    missing: list[str]  # unit ids of the game that are not in the save at all (raw; see reported_missing)
    scenario: Optional[Scenario] = None  # the scenario played (the save's Scenario property); None: unknown
    scenario_recorded: str = ""  # the Scenario property as the save records it ("" when absent or empty)
    problems: list[PieceProblem] = field(default_factory=list)  # pieces read around, reported as findings
    memo: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)  # plugin_api.once

    def units_on_map(self) -> list[UnitState]:
        return [u for u in self.units if u.hex is not None]

    def by_hex(self) -> dict[str, list[UnitState]]:
        """Units per hex, in drawing order (last = top)."""
        out: dict[str, list[UnitState]] = {}
        for u in sorted(self.units_on_map(), key=lambda u: u.order):
            out.setdefault(u.hex, []).append(u)  # type: ignore[arg-type]
        return out

    @property
    def reported_missing(self) -> list[str]:
        """Units absent from the save that should be in it: the save's scenario sets them up or brings
        them as reinforcements (any scenario of the game when the save's is unknown)."""
        expected = scenario_units(self.game, self.scenario)
        return [u for u in self.missing if u in expected]

    @property
    def not_in_play(self) -> list[str]:
        """Units absent from the save that the scenario does not bring (replacements such as remnants):
        they enter play only by a rule, so their absence is no error."""
        expected = scenario_units(self.game, self.scenario)
        return [u for u in self.missing if u not in expected]

    @property
    def scenario_note(self) -> Optional[str]:
        """The one report line of a save whose scenario is unknown (None when it is known)."""
        if self.scenario is not None:
            return None
        what = (f"records {self.scenario_recorded!r}, which is no scenario of {self.game.title}"
                if self.scenario_recorded else "records none")
        return f"scenario unknown: the save {what}; only rules common to all scenarios applied"

    def unit(self, unit_id: str) -> UnitState:
        return next(u for u in self.units if u.unit.id == unit_id)

    @property
    def label(self) -> str:
        """`GT 3, Russia, Movement` for reports."""
        gt = f"{self.game.turns.label} {self.turn}" if self.turn is not None else "GT ?"
        side = self.game.side(self.phasing_side).name if self.phasing_side else "?"
        return f"{gt}, {side}, {self.phase or '?'}"

    @property
    def moment(self) -> str:
        """`S2 The Campaign Game (Turns 1-20), Turn 12, Allies, Movement` for report headers: the
        scenario played (`scenario unknown`), then the label."""
        return f"{self.scenario.name if self.scenario else 'scenario unknown'}, {self.label}"


def scenario_units(game: Game, scenario: Optional[Scenario] = None) -> frozenset[str]:
    """Unit ids the scenario (by default: any scenario of the game) sets up or brings as a reinforcement."""
    out: set[str] = set()
    for sc in [scenario] if scenario is not None else game.scenarios.values():
        out.update(p.unit for p in sc.setup)
        out.update(r.unit for r in sc.reinforcements)
    return frozenset(out)


def printed_name(unit: Unit) -> str:
    """The unit as its counter prints it: the ID, then the formation from the box beside it
    (`18 [14]`, `Segler [10SS]`, `5 AGRA`)."""
    return f"{unit.name} [{unit.formation}]" if unit.formation else unit.name


def unit_names(game: Game) -> dict[str, str]:
    """Unit id -> printed name for every unit of the game; a printed name two units share gets
    the id in parentheses (`11 [11] (ru-inf-11)`), so a name in a report names one counter."""
    base = {uid: printed_name(u) for uid, u in game.units.items()}
    shared = Counter(base.values())
    return {uid: f"{name} ({uid})" if shared[name] > 1 else name for uid, name in base.items()}
