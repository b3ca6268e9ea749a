"""Every scenario's own set-up against its own rules, at each phase of its first game turn.

A scenario's set-up is legal by definition: the publisher put each unit there. If the checker
finds its set-up breaking a rule, the data or the rule's code is wrong, and a player would meet
that finding in the first save of every game. So the set-up is checked as the save it is, and
again at each phase of its first game turn with nothing moved (the turn tracker pressed on, as a
player would), since a rule that holds at the end of a phase is not applied at the set-up's own
moment. `modgen validate` reports what this finds as warnings; the test suite requires none.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterator, Optional

from .check.reader import read_state
from .check.states import check_states
from .gamestate import GameState
from .model import Game, Scenario
from .plugin_api import ERROR, Finding
from .vmod.compose import Composer, from_scenario
from .vmod.setup import scenario_start


@dataclass(frozen=True)
class SetupFinding:
    """A finding of a scenario's untouched set-up at one moment of its first game turn."""

    scenario: str
    moment: str  # the state's label: "GT 1, Russia, Movement"
    finding: Finding

    def __str__(self) -> str:
        f = self.finding
        where = f" in {', '.join(f.hexes)}" if f.hexes else ""
        return (f"scenario {self.scenario}: its set-up breaks {f.rule} ({f.title}){where} at {self.moment}"
                f"{'' if f.status == ERROR else f' ({f.status})'}: {f.message}")


def first_turn_moments(game: Game, scenario: Scenario) -> list[tuple[int, str, str]]:
    """(GT, side, phase) of each phase of the scenario's first game turn, from its first played
    player turn on, skipping the player turns the scenario skips."""
    turn, first_side = scenario_start(game, scenario)
    order = list(game.turns.player_turns)
    sides = order[order.index(first_side):] if first_side in order else order
    return [(turn, side, phase) for side in sides if (turn, side) not in scenario.skip for phase in game.turns.phases]


def at_moment(state: GameState, turn: int, side: str, phase: str) -> GameState:
    """The same position with the turn tracker at (turn, side, phase): nothing moved."""
    game = state.game
    porder = list(game.turns.player_turns).index(side)
    return replace(state, turn=turn, phasing_side=side, phase=phase,
                   turn_index=(turn, porder, list(game.turns.phases).index(phase)), memo={})


def moments_of(state: GameState) -> Iterator[GameState]:
    """The set-up save itself, then each phase of its scenario's first game turn."""
    yield state
    if state.scenario is not None:
        for turn, side, phase in first_turn_moments(state.game, state.scenario):
            yield at_moment(state, turn, side, phase)


def findings_of_setup(state: GameState, *, pending: bool = True) -> list[SetupFinding]:
    """Each error (and, with `pending`, each pending note) of a set-up save at any of its moments,
    once, at the first moment it shows."""
    out: list[SetupFinding] = []
    seen: set[tuple] = set()
    for st in moments_of(state):
        report = check_states([st])
        for f in report.findings + [n for n in report.notes if pending and n.status != "info"]:
            key = (f.rule, f.title, f.hexes, f.units, f.status)
            if key not in seen:
                seen.add(key)
                out.append(SetupFinding(state.scenario.id if state.scenario else "?", st.label, f))
    return out


def scenario_setups(game: Game, module: Path, scenarios: Optional[list[str]] = None) -> list[SetupFinding]:
    """Every scenario's set-up written as its module's set-up is (modgen.vmod.compose), read through
    the module, and checked at each moment of its first game turn: the errors found."""
    composer = Composer(game)
    out: list[SetupFinding] = []
    with tempfile.TemporaryDirectory(prefix="modgen-setups-") as folder:
        for sc in game.scenarios.values():
            if scenarios is not None and sc.id not in scenarios:
                continue
            path = composer.write(from_scenario(game, sc), Path(folder) / f"{sc.id}.vsav")
            out += findings_of_setup(read_state(path, module), pending=False)
    return out
