"""The plugin API: what a game's rules plugin receives, returns and declares.

One low module that the checker core and every rules plugin import; nothing else in modgen
imports a plugin. A plugin reads a GameState (modgen.gamestate) and returns Findings, each
unit's SupplyStatus (if the game has per-unit supply) and a VPReport; it declares how the
report shows them (ReportSpec): its supply states with names and colours, or none at all, the
title of its victory section, sections of its own, and when each of its rules holds (Timing).

A plugin is found by game id: modgen's own in modgen.rules, any other through the entry-point
group `modgen.games` (see modgen.plugins), so a game can ship as a package of its own.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Optional, Protocol, TypeVar

from .gamestate import GameState

T = TypeVar("T")


ERROR, PENDING, INFO = "error", "pending", "info"  # Finding.status


@dataclass(frozen=True)
class Finding:
    """One breach of a rule: its number as printed ("5.1", "TEC"), a short stable title, where.

    A plugin reports what the position breaks, whatever the moment; the checker core sets
    `status` from the rule's declared Timing and the save's moment (modgen.check.timing): an
    error where the rule holds, "pending" where the position may still change before it
    applies (`when` says by when it must hold), "info" where it is not applied (`when` says why).
    `save` names the save whose moment counts, for findings over several saves (VP)."""

    rule: str
    title: str
    hexes: tuple[str, ...] = ()
    units: tuple[str, ...] = ()
    message: str = ""
    status: str = ERROR
    when: str = ""
    save: str = ""

    def key(self) -> dict[str, Any]:
        """What a pinned expectation compares (the message may be reworded)."""
        return {"rule": self.rule, "title": self.title, "hexes": list(self.hexes), "units": list(self.units)}


ALWAYS, END_OF_PHASE, DURING_PHASE, END_OF_TURN, FIXED_IN_PHASE = (
    "always", "end_of_phase", "during_phase", "end_of_turn", "fixed_in_phase")
OWNER, PHASING = "owner", "phasing"  # Timing.whose


@dataclass(frozen=True)
class Timing:
    """When a rule holds, as its words say.

    A save is a moment of a turn: (game turn, player turn, phase) as its turn tracker shows it.
    The tracker shows the phase being played, so a save "in phase X" is taken DURING X: a rule
    that holds at the end of X is not yet applied in it, and holds in a save of any later phase.

    kind (the phases named must be the game's turns.phases):
      always          holds at every moment ("a unit can never enter ...").
      end_of_phase    holds at the end of `phase`: from the start of `opens` (default `phase`)
                      to the end of `phase` of the bound side's player turn the position is
                      still open to change (pending); at every other moment it holds.
      during_phase    holds only while `phase` of the bound side is played; elsewhere: info.
      end_of_turn     holds from the end of game turn `turn` on; until then: pending.
      fixed_in_phase  a state set in `phase` that lasts until the side's next such phase
                      (supply markers): pending during `phase`; compared with the position
                      after it in the same player turn, up to (not including) `until` (default:
                      to the end of the player turn); at any other moment the units may have
                      moved since: info, or compared with a save of that phase in a sequence.
    whose: OWNER, the player turn of the side owning the finding's units ("at the end of any
    friendly Movement Phase"; the other side's stacks answer to its own last phase, already
    ended); PHASING, the player turn being played, whoever owns the units."""

    kind: str = ALWAYS
    phase: str = ""
    whose: str = OWNER
    opens: str = ""
    until: str = ""
    turn: Optional[int] = None


@dataclass(frozen=True)
class RuleTiming:
    """A rule's timing, with the rulebook's words it rests on; `title` narrows it to the findings
    of that title (two findings of one rule may hold at different moments); `name` is what the
    report calls the rule (default: the title); `scenarios`: a scenario's own rule, which the report
    leaves out of saves of other scenarios."""

    rule: str
    timing: Timing
    words: str
    title: str = ""
    name: str = ""
    scenarios: tuple[str, ...] = ()  # the scenario ids it belongs to (a scenario's own rule); () = every scenario

    @property
    def label(self) -> str:
        return f"{self.rule} {self.name or self.title}".strip()

    def covers(self, f: Finding) -> bool:
        return f.rule == self.rule and self.title in ("", f.title)


@dataclass(frozen=True)
class SupplyState:
    """A supply state a game knows, as the report, JSON and picture show it."""

    id: str  # what SupplyStatus.state holds
    name: str  # "In-Supply"
    colour: str  # "#1ea03c": the unit's dot on the checker's picture
    legend: str  # "In-Supply, path 0-8 hexes": the picture's legend


@dataclass(frozen=True)
class ReportSection:
    """A section a plugin adds to the report: a title and its lines, with JSON-able details."""

    title: str
    lines: tuple[str, ...]
    data: Any = None


@dataclass(frozen=True)
class Overlay:
    """Something the checker's picture draws for a plugin, with its legend line: hexes shaded
    (an encircled pocket, isolated units), hexsides drawn as lines (lines of control)."""

    legend: str
    colour: str  # "#RRGGBB"
    hexes: tuple[str, ...] = ()
    hexsides: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class ReportSpec:
    """How a game's check reads: which supply states exist (none: no per-unit supply, as in a
    game with supply pools per front), what a supply path length counts, the victory title."""

    supply_states: tuple[SupplyState, ...] = ()
    supply_length: str = ""
    victory_title: str = "Victory"
    timings: tuple[RuleTiming, ...] = ()  # every rule with a timing; a rule not listed holds always
    supply_marker_rule: str = ""  # the rule comparing SupplyStatus.marker with .state (a FIXED_IN_PHASE timing)

    def timing_of(self, f: Finding) -> Timing:
        """The timing declared for the finding's rule (and title); ALWAYS when none is."""
        found = next((t for t in self.timings if t.covers(f)), None)
        return found.timing if found else Timing()

    def supply_state(self, state_id: str) -> SupplyState:
        """The declared state; an undeclared id is shown as itself in grey rather than failing."""
        found = next((s for s in self.supply_states if s.id == state_id), None)
        return found or SupplyState(state_id, state_id, "#808080", state_id)


@dataclass(frozen=True)
class SupplyStatus:
    """A unit's supply state now, and what its markers say (11.x)."""

    unit: str
    side: str
    hex: str
    state: str  # the id of one of the plugin's declared SupplyStates
    length: Optional[int]  # hexes entered from the unit to the source; None: no path
    source: Optional[str]
    path: tuple[str, ...]  # unit hex first, source last
    marker: str  # the state the unit's supply markers show (a declared SupplyState id)

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["path"] = list(self.path)
        return d


@dataclass
class VPLine:
    gt: int
    side: str
    source: str  # "Capture <town> (<hex>)", "Occupy …", "Eliminated <unit id>"
    vp: float  # some games score half VP

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class TownHold:
    town: str
    hex: str
    vp_side: str  # the side that earns VP for it
    holder: str  # side holding it now (occupied, or last passed through)
    occupied_by: Optional[str]
    captured_gt: Optional[int]

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class VPReport:
    """VP by source over a sequence of saves, against what the saves record."""

    sides: dict[str, str]  # id -> name
    towns: list[TownHold]
    lines: list[VPLine]
    provable: dict[str, int]  # lower bound at the last save
    recorded: dict[str, int]  # recorded in the last save
    baseline: dict[str, int]  # recorded in the first save (VP before it cannot be recomputed)
    unknown: list[str]  # VP sources a save cannot reveal
    findings: list[Finding] = field(default_factory=list)
    outcome: list[str] = field(default_factory=list)  # automatic victory, the winner at the end
    unprovable: str = ""  # why recorded VP may exceed what the saves prove

    def text_lines(self) -> list[str]:
        out = []
        for t in self.towns:
            occ = f"occupied by {self.sides[t.occupied_by]}" if t.occupied_by else "unoccupied"
            cap = f", captured GT {t.captured_gt}" if t.captured_gt else ""
            out.append(f"{t.town} ({t.hex}): held by {self.sides[t.holder]}, {occ}{cap}")
        for sid, name in self.sides.items():
            mine = [ln for ln in self.lines if ln.side == sid]
            by_source = ", ".join(f"GT {ln.gt} {ln.source} {ln.vp:+g}" for ln in mine) or "nothing since the first save"
            out.append(f"{name}: recorded {self.recorded.get(sid, 0)}, first save {self.baseline.get(sid, 0)}, "
                       f"provable at least {self.provable.get(sid, 0)}; earned: {by_source}")
            extra = self.recorded.get(sid, 0) - self.provable.get(sid, 0)
            if extra > 0:
                why = f" ({self.unprovable})" if self.unprovable else ""
                out.append(f"  {extra:g} recorded VP of {name} are not provable from the saves{why}")
        out.extend(f"cannot be seen in a save: {u}" for u in self.unknown)
        out.extend(self.outcome)
        return out

    def as_dict(self) -> dict[str, Any]:
        return {
            "towns": [t.as_dict() for t in self.towns],
            "lines": [ln.as_dict() for ln in self.lines],
            "provable": self.provable, "recorded": self.recorded, "baseline": self.baseline,
            "unknown": self.unknown, "outcome": self.outcome,
        }


class RulesPlugin(Protocol):
    """What the checker asks of a game's rules."""

    game_id: str
    report: ReportSpec

    def check(self, state: GameState) -> list[Finding]:
        """Every rule the position breaks (including supply-marker disagreements)."""

    def supply(self, state: GameState) -> dict[str, SupplyStatus]:
        """Supply state of every unit on the map, by unit id ({} for a game without per-unit supply)."""

    def victory(self, states: list[GameState]) -> VPReport:
        """VP over saves of one game, in play order."""

    def sections(self, states: list[GameState]) -> list[ReportSection]:
        """Sections of the game's own (supply pools, lines of control...); [] when it has none."""

    # optional: overlays(state) -> list[Overlay], what the checker's picture draws of the game's own
    # (a plugin without the method draws nothing more: see overlays_of)
    # optional: restrictions(game) -> list[movement.Restriction], the units held on their set-up hex until
    # a release turn, per scenario: the plugin's own check reads them, and the module warns by them when
    # such a unit is dropped off its hex early (modgen.vmod.warnings; finding title movement.BEFORE_RELEASE).
    # The module also warns by the RuleTimings titled stacking.OVERSTACKED, stacking.BOTH_SIDES and
    # movement.ARRIVED_EARLY: their rule number and timing are the warning's.


# --------------------------------------------------------------------------- logs
# A log's phase as the checker hands it to a plugin's optional log hooks:
#   move_limits(state, unit) -> MoveLimits | None   what the rules add to the TEC for one unit's move
#   off_turn_move(phase, before, after, moves) -> bool   a non-phasing move the rules allow (reaction)
#   off_turn_refusal(phase, before, after, moves) -> Finding | None   why the rules refuse such a move
#   combat(phase) -> (findings, notes, vp lines)     each roll paired with the attack it resolves
#   arrival_elsewhere(phase, unit) -> bool           an arrival off its entry hexes that the rules place another way
#   counted_crossings(phase, crossed) -> [StepFinding]  the moves that must have crossed MoveLimits.counted_sides:
#                                                   (step, before, after, ways), each way a set of those sides
#   log_phases(phases) -> (findings, notes)          every phase of the log in play order, with or without moves:
#                                                   what counts over phases (transports a phase, one reserve
#                                                   phase a player-turn) or holds at a phase's end whatever moved


@dataclass
class MoveLimits:
    """What the rules say of one unit's move in one phase, beyond the TEC: its allowance (or why
    it may not move at all), the hexes in an enemy ZOC for it, hexes and hexsides a rule closes
    (rule number, why), extra MP a rule adds to crossing a hexside (a line the enemy controls), the
    EZOC-to-EZOC cost into a hex where a rule makes it other than the declared one (a friendly unit
    there), links a rule lets a unit move along at a road's rate and the hexside types a step along a
    road does not pay, road movement only for a unit moving alone and its extra cost into hexes
    friendly units hold, and the hexes next to an enemy unit (extended movement)."""

    allowance: float
    ezoc: frozenset[str] = frozenset()
    closed: dict[str, tuple[str, str]] = field(default_factory=dict)
    closed_sides: dict[frozenset[str], tuple[str, str]] = field(default_factory=dict)
    near_enemy: frozenset[str] = frozenset()
    held: tuple[str, str] = ()  # (rule, why) when the unit may not move at all this phase
    side_costs: dict[frozenset[str], float] = field(default_factory=dict)  # extra MP a rule adds to crossing a hexside
    side_rule: tuple[str, str] = ()  # (rule, what the sides are): a move too long only because of side_costs breaks it
    closed_steps: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)  # (from, to) a rule closes one way only
    zoc_between: dict[str, float] = field(default_factory=dict)  # hex -> the EZOC-to-EZOC cost into it where a rule lowers it there
    road_links: dict[frozenset[str], float] = field(default_factory=dict)  # more links a unit may move along at a road's rate (a railway as a roadway)
    road_ignores: frozenset[str] = frozenset()  # hexside type ids a step along a road (or road_links) does not pay
    # goals another mode of movement reaches that the search over hexes does not (rail): hex -> (rule, title,
    # why) when a rule refuses that goal, rule "" when the mode reaches it legally; judged only when no path on foot does
    other_modes: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    # a goal of other_modes listed in mode_refusals is reached by that mode only from the hexes of mode_entries (a
    # station to entrain at): entry hex -> {goal: MP the unit must still have on arriving there on foot}; when no entry
    # is in reach with them, the move breaks mode_refusals[goal] (rule, title, why)
    mode_entries: dict[str, dict[str, float]] = field(default_factory=dict)
    mode_refusals: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    # a task a marker shows, done after the move: marker kind -> (MP, rule, title, why), MP None when the rules forbid
    # it the unit; the core prices it for a unit that ends its phase alone in its hex with such a marker it lacked
    marked_costs: dict[str, tuple[Optional[float], str, str, str]] = field(default_factory=dict)
    # marker kind -> (rule, note): a unit ending its phase alone under such a marker it lacked is still moving by a mode
    # the search does not price (in Rail Mode on its way): its move is not judged, only noted
    marked_unjudged: dict[str, tuple[str, str]] = field(default_factory=dict)
    mode_note: tuple[str, str] = ()  # (rule, note) for a move legal only by the other mode: what the log cannot confirm
    forced: float = 0.0  # extra MP a forced march may add to the allowance (a roll the log may not show)
    forced_rule: str = ""
    # road movement only for a unit moving alone: (rule, why); the core prices a unit the log shows moving in a
    # stack off-road (off_road True, set by the core) and cites this rule when only a road would make its move fit
    road_alone: tuple[str, str] = ()
    off_road: bool = False
    # hex -> {unit id: extra MP a step along a road (or road_links) into the hex pays for that unit standing there};
    # the core counts the units the log shows there all phase; a step may always be priced off-road instead
    road_enter: dict[str, dict[str, float]] = field(default_factory=dict)
    road_enter_rule: tuple[str, str] = ()  # (rule, what road_enter is): a move too long only by road_enter cites it
    # hexsides a rule lets only so many units cross in a phase (a causeway): the core hands the plugin's
    # counted_crossings hook each legal move that no legal way clear of them explains, with the sides it may have used
    counted_sides: frozenset[frozenset[str]] = frozenset()
    # hexside -> the id of a crossing type (map.yaml hexside_types with `over`) a rule lays there for this phase (a
    # pontoon bridge marker): the core prices the side with it in place of the map's crossings where that is cheaper
    laid_crossings: dict[frozenset[str], str] = field(default_factory=dict)


@dataclass(frozen=True)
class Roll:
    """A die roll the module's dice button reported in the log, at a step."""

    step: int
    dice: str  # the game's dice name ("2d6")
    total: int


@dataclass(frozen=True)
class UnitMove:
    """A unit dropped somewhere at a step: from and to are hexes, or box names in brackets."""

    step: int
    unit: str
    side: str
    frm: str
    to: str
    on_map: bool  # `to` is a hex of the main map


@dataclass
class PhaseLog:
    """The steps of one phase of a log: the game at its start and end, the units' drops, the rolls;
    `changed` holds the units whose piece changed (flipped, marked) at each step."""

    gt: Optional[int]
    side: Optional[str]
    phase: Optional[str]
    start: GameState
    end: GameState
    first_step: int
    last_step: int
    moves: list[UnitMove] = field(default_factory=list)
    rolls: list[Roll] = field(default_factory=list)
    changed: list[tuple[int, str]] = field(default_factory=list)  # (step, unit id)

    def label(self) -> str:
        side = self.start.game.side(self.side).name if self.side else "?"
        return f"GT {self.gt} {side} {self.phase or '?'}"


@dataclass(frozen=True)
class StepFinding:
    """A finding of a log at the step (1-based, as VASSAL's Step forward counts) that broke the
    rule; for a move, the cheapest path found and its cost."""

    step: int
    finding: Finding
    path: tuple[str, ...] = ()
    path_cost: Optional[float] = None

    def as_dict(self) -> dict[str, Any]:
        d = {"step": self.step, **self.finding.key(), "message": self.finding.message}
        if self.path:
            d["path"], d["path_cost"] = list(self.path), self.path_cost
        return d


def overlays_of(plugin: object, state: GameState) -> list[Overlay]:
    """The plugin's overlays for a save; [] for a plugin that declares none."""
    method = getattr(plugin, "overlays", None)
    return list(method(state)) if callable(method) else []


def once(state: GameState, key: str, compute: Callable[[], T]) -> T:
    """A value computed once per state: supply is read by check, supply and victory alike."""
    if key not in state.memo:
        state.memo[key] = compute()
    return state.memo[key]
