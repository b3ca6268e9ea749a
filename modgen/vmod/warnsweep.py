"""The module's side of its warnings (modgen.vmod.warnings has the units' side): when the turn tracker
leaves the phase at whose end the stacking rule holds, and when a player presses "Check position".

VASSAL has no "for each hex" loop, so a check is a chain of module components fired in order by a
Do Action Button: a Global Key Command sends the units' key only to units whose own stack breaks the rule
(its filter sums the stack with VASSAL's SumStack): the filter, not each unit, does the work, so a check
costs one expression per piece and no unit's properties are read unless it warns. The first unit of a
hex warns and marks itself (a Layer that draws nothing), so the others of that hex stay silent; a second
sweep then unmarks it. "Check position" also names itself in a global property while it runs (the
moment its warnings name). At a phase's end nothing changes unless a hex warns, so a log records no
step for a check that finds nothing. The turn tracker starts the chain with a Turn
Global Hotkey on the state after the phase, once per side (the side's units only: the rule holds at the
end of the owner's phase). "Check position" runs the stacking sweep, then has every unit whose drop
warnings hold where it stands print them (modgen.vmod.dropline.check_line).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..conventions import MAIN_MAP
from ..model import Game
from ..stacking import OVERSTACKED
from ..vassal.pieces import beanshell_string, property_changer
from ..vassal.sequence import encode
from .dropline import DROP_WARNINGS, drop_line
from .warnings import (CHECK_KEY, CHECKING, IS_MARKED, STACK_KEY, STACK_SKIP, WARNED_KEY, WARNINGS_PREFERENCE, on_side,
                       over_limit, phase_ending, rule_timing)

F13 = 61440
CTRL_ALT, CTRL_ALT_SHIFT = 650, 715  # module keys no player types: F13-F24 with these modifiers
RESET_KEY = f"{F13},{CTRL_ALT}"  # unmarks the units that warned for their hex
CHECKING_ON_KEY = f"{F13 + 1},{CTRL_ALT}"  # CHECKING = CHECK_TEXT
CHECKING_OFF_KEY = f"{F13 + 4},{CTRL_ALT}"  # CHECKING = ""
SWEEP_STACK_KEY = f"{F13 + 2},{CTRL_ALT}"  # every over-stacked unit gets STACK_KEY
SWEEP_CHECK_KEY = f"{F13 + 3},{CTRL_ALT}"  # units whose drop warnings hold where they stand get CHECK_KEY
# F13+5 with Ctrl+Alt is free: it was the sweep of hexes holding both sides, before the check printed drop lines
CHECK_BUTTON_KEY = "67,585"  # Alt+Shift+C: "Check position"
CHECK_TEXT = "Check position"
MAX_SIDES = 4


@dataclass(frozen=True)
class Sweep:
    """A Global Key Command with no button of its own, fired by `hotkey`: `key` to the pieces `filter` accepts."""

    name: str
    hotkey: str
    key: str
    filter: str


@dataclass(frozen=True)
class Chain:
    """A Do Action Button: `hotkeys` fired in order; a toolbar button only when `text` is given."""

    name: str
    hotkey: str
    hotkeys: str  # encoded list
    text: str = ""
    tooltip: str = ""
    report: str = ""


@dataclass(frozen=True)
class Changer:
    """A Change Property button (no toolbar button): `hotkey` sets the global property to `value`."""

    hotkey: str
    changer: str  # encoded PropertyChanger


@dataclass(frozen=True)
class Checks:
    properties: list[dict]  # global properties with their changers
    chains: list[Chain]
    sweeps: list[Sweep]
    turn_hotkeys: list[dict]  # {name, hotkey, match}


def _side_keys(i: int) -> tuple[str, str]:
    """(chain, sweep) hotkeys of the i-th side's end-of-phase check."""
    assert i < MAX_SIDES, "more sides than module keys for them"
    return f"{F13 + i},{CTRL_ALT_SHIFT}", f"{F13 + 4 + i},{CTRL_ALT_SHIFT}"


def phase_after(game: Game, side_id: str, phase: str) -> Optional[tuple[str, str]]:
    """(player turn's side id, phase) the tracker shows right after `phase` of `side_id`'s player turn."""
    order, phases = game.turns.player_turns, game.turns.phases
    if phase not in phases or side_id not in order:
        return None
    i = phases.index(phase)
    if i + 1 < len(phases):
        return side_id, phases[i + 1]
    return order[(order.index(side_id) + 1) % len(order)], phases[0]


def _unit_on_main_map(who: str, condition: str) -> str:
    """BeanShell: a unit (`who`: its SideId test) on the main map, with the warnings on, where `condition` holds."""
    return f"{{{WARNINGS_PREFERENCE}==true && {who} && CurrentMap=={beanshell_string(MAIN_MAP)} && {condition}}}"


def _sides_in_stack(game: Game) -> str:
    """BeanShell: how many sides have units in the piece's stack."""
    return " + ".join(f'(SumStack("{on_side(s.id)}")>0 ? 1 : 0)' for s in game.sides)


def _stack_filter(game: Game, side_id: Optional[str]) -> str:
    """BeanShell: a unit (of `side_id`, else of any side) whose stack breaks the limit, with no unit of
    another side in it (that is the both-sides warning) and nothing the game counts its own way."""
    if side_id is None:
        who = 'SideId!=""'
        alone = _sides_in_stack(game) + "==1"
    else:
        who = f"SideId=={beanshell_string(side_id)}"
        alone = " && ".join(f'SumStack("{on_side(s.id)}")==0' for s in game.sides if s.id != side_id) or "true"
    return _unit_on_main_map(who, f'SumStack("{STACK_SKIP}")==0 && ({alone}) && ({over_limit(game.stacking)})')


def _check_filter() -> str:
    """BeanShell: a piece whose drop warnings hold where it stands (modgen.vmod.dropline: its DROP_WARNINGS
    read the warnings preference and the map); a piece without them reads "" and is left out."""
    return f'{{{DROP_WARNINGS}!=""}}'


def module_checks(game: Game) -> Optional[Checks]:
    """The components of the module's warnings, or None when the game's rules declare none it can warn by."""
    stack = rule_timing(game, OVERSTACKED)
    lines = any(drop_line(game, u) for u in game.units.values())  # some unit prints its drop warnings on a check
    if stack is None and not lines:
        return None
    sweeps: list[Sweep] = []
    check_keys = [CHECKING_ON_KEY]
    chains: list[Chain] = []
    turn_hotkeys: list[dict] = []
    if stack is not None:
        sweeps.append(Sweep(f"{CHECK_TEXT}: stacking", SWEEP_STACK_KEY, STACK_KEY, _stack_filter(game, None)))
        check_keys.append(SWEEP_STACK_KEY)
        phase = phase_ending(stack)
        for i, side_id in enumerate(s.id for s in game.sides):
            after = phase_after(game, side_id, phase) if phase else None
            if after is None:
                continue
            chain_key, sweep_key = _side_keys(i)
            name = game.side(side_id).name
            sweeps.append(Sweep(f"Stacking at the end of {name} {phase}", sweep_key, STACK_KEY, _stack_filter(game, side_id)))
            # the sweep, then the units that warned unmarked: nothing changed, and nothing logged, unless a hex warned
            chains.append(Chain(f"Stacking at the end of {name} {phase}", chain_key, encode([sweep_key, RESET_KEY], ",")))
            match = f"{{PlayerTurn=={beanshell_string(game.side(after[0]).name)} && Phase=={beanshell_string(after[1])}}}"
            turn_hotkeys.append({"name": f"Check stacking: end of {name} {phase}", "hotkey": chain_key, "match": match})
    if lines:
        sweeps.append(Sweep(f"{CHECK_TEXT}: units where they stand", SWEEP_CHECK_KEY, CHECK_KEY, _check_filter()))
        check_keys.append(SWEEP_CHECK_KEY)
    check_keys += [*([RESET_KEY] if stack is not None else []), CHECKING_OFF_KEY]
    chains.insert(0, Chain(CHECK_TEXT, CHECK_BUTTON_KEY, encode(check_keys, ","), text=CHECK_TEXT,
                           tooltip="Run every warning the module knows over the whole map now",
                           report=f"- {CHECK_TEXT} ($PlayerName$): every warning the module prints, over the whole map"))
    if stack is not None:
        sweeps.append(Sweep("Warnings: unmark the units that warned", RESET_KEY, WARNED_KEY, IS_MARKED))
    properties = [
        {"name": CHECKING, "initial": "", "description": "Check position while that button runs",
         "changers": [Changer(CHECKING_ON_KEY, property_changer("P", CHECK_TEXT)), Changer(CHECKING_OFF_KEY, property_changer("P", ""))]},
    ]
    return Checks(properties, chains, sweeps, turn_hotkeys)
