"""The rules plugin of a game with no plugin of its own: the rules its game.yaml declares (`checks:`,
modgen.declared_rules), each under its own rule number and timing.

A new game is checked from its first build: stacking by the game's limit, both sides in one hex,
prohibited terrain, early reinforcements. What a game adds beyond these (supply, victory points,
its own exceptions) is a plugin of its own (README, "Adding a game"), which then replaces this one.
The VP section shows what the saves record and who holds each VP hex; computing VP needs the
game's own rules.
"""

from __future__ import annotations

from typing import Optional

from ..declared_rules import CHECKED, DeclaredChecks, DeclaredRule
from ..gamestate import GameState, UnitState
from ..model import Game
from ..movement import ARRIVED_EARLY
from ..stacking import BOTH_SIDES, FREE_STACKING, OVERSTACKED, breach
from ..plugin_api import (ALWAYS, END_OF_PHASE, Finding, ReportSection, ReportSpec, RuleTiming, SupplyStatus, Timing,
                          TownHold, VPReport)
from .common import both_sides, saves_out_of_order, stack_steps, unit_ids

TITLES = {  # the finding title of each declared check (a title narrows a rule's timing)
    "stacking": OVERSTACKED,
    "enemies": BOTH_SIDES,
    "prohibited": "Unit on prohibited terrain",
    "arrivals": ARRIVED_EARLY,
}


class DeclaredRules:
    """What game.yaml `checks:` declares, as a RulesPlugin (modgen.plugin_api)."""

    def __init__(self, game: Game) -> None:
        self.game_id = game.id
        self.checks = game.checks or DeclaredChecks()
        self.report = ReportSpec(victory_title="Victory points (as recorded: the game has no rules plugin to compute them)",
                                 timings=tuple(_timing(key, r) for key, r in self.checks.declared().items()))

    def check(self, state: GameState) -> list[Finding]:
        found = self.checks.declared()
        out: list[Finding] = []
        for hex_id, units in state.by_hex().items():
            if "enemies" in found and (mixed := both_sides(state.game, hex_id, units, found["enemies"].rule)):
                out.append(mixed)
            if "stacking" in found and (why := _over_limit(state.game, units)):
                out.append(Finding(found["stacking"].rule, TITLES["stacking"], (hex_id,), unit_ids(units), f"{hex_id}: {why}"))
        for u in state.units_on_map():
            if "prohibited" in found:
                out += _prohibited(state.game, u, found["prohibited"].rule)
            if "arrivals" in found:
                out += _early(state, u, found["arrivals"].rule)
        return out

    def supply(self, state: GameState) -> dict[str, SupplyStatus]:
        return {}  # supply is a game's own rule: a plugin's

    def victory(self, states: list[GameState]) -> VPReport:
        first, last = states[0], states[-1]
        game = last.game
        towns = []
        for t in (t for t in game.map.towns if t.vp):
            here = last.by_hex().get(t.hex)
            occupant = here[-1].side if here else None
            owner = next((s.id for s in game.sides if s.id != t.vp.side), t.vp.side)  # the side the VP are won from
            towns.append(TownHold(t.name, t.hex, t.vp.side, occupant or owner, occupant, None))
        return VPReport({s.id: s.name for s in game.sides}, towns, [], dict(last.vp_recorded), dict(last.vp_recorded),
                        dict(first.vp_recorded), [], saves_out_of_order(states, "sequence of play"))

    def sections(self, states: list[GameState]) -> list[ReportSection]:
        lines = tuple(f"{r.rule} {TITLES[key]}: {r.words or CHECKED[key]}" for key, r in self.checks.declared().items())
        return [ReportSection("Rules checked (declared in game.yaml checks:, no rules plugin)",
                              lines or ("none declared: add game.yaml checks: (docs/data-format.md)",))]


def _timing(key: str, r: DeclaredRule) -> RuleTiming:
    timing = Timing(END_OF_PHASE, r.phase) if r.holds == END_OF_PHASE else Timing(r.holds or ALWAYS)
    return RuleTiming(r.rule, timing, r.words or CHECKED[key], title=TITLES[key])


def _over_limit(game: Game, units: list[UnitState]) -> Optional[str]:
    """Why the stack breaks the game's stacking limit, or None."""
    free = sum(1 for u in units if u.unit.has(FREE_STACKING))
    return breach(game.stacking, stack_steps(game, units), len(units), free)


def _prohibited(game: Game, u: UnitState, rule: str) -> list[Finding]:
    terrain = game.map.terrain_types.get(game.map.terrain.get(u.hex or "", ""))
    if terrain is None or not terrain.closed_to(u.unit.tags):
        return []
    return [Finding(rule, TITLES["prohibited"], (u.hex,), (u.unit.id,), f"{u.unit.id} is in {terrain.name} hex {u.hex}: prohibited")]


def _early(state: GameState, u: UnitState, rule: str) -> list[Finding]:
    """A unit arrives at the start of its side's player turn of its turn (at its entry phase, if
    game.yaml `movement:` names one): on the map before that, it is early."""
    arrival = state.scenario.arrival_of(u.unit.id) if state.scenario else None
    if arrival is None:
        return []
    game = state.game
    phases = list(game.turns.phases)
    entry = game.movement.entry_phases[0] if game.movement and game.movement.entry_phases else phases[0]
    due = (arrival.turn, list(game.turns.player_turns).index(u.side), phases.index(entry))
    if state.turn_index >= due:
        return []
    return [Finding(rule, TITLES["arrivals"], (u.hex,), (u.unit.id,),
                    f"{u.unit.id} arrives on {game.turns.label} {arrival.turn}, but is on {u.hex} at {state.label}")]
