"""How a game's units move, as its game.yaml declares it (`movement:`), for the log checker.

The terrain and hexside costs are the TEC's (map.yaml `move`); what this adds is what a TEC does
not say: in which phases the phasing side moves by its units' movement allowance, what entering
and leaving an enemy zone of control costs or forbids, whether a unit may always move a minimum
number of hexes, and an extended allowance away from the enemy. Each carries the rule number a
finding cites. What differs beyond numbers (who exerts a ZOC, which hexes a rule closes, ZOC
bonds, reaction movement) the game's rules plugin says.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ZocCosts:
    """Entering and leaving an enemy ZOC: extra MP, and whether a unit entering one stops there."""

    enter: float = 0.0
    leave: float = 0.0
    stop: bool = False
    rule: str = ""
    between: float | None = None  # a step from one EZOC hex straight into another, instead of leave + enter

    def step(self, from_ezoc: bool, to_ezoc: bool, between: float | None = None) -> float:
        """Extra MP of one step, by whether it leaves and whether it enters an enemy ZOC; `between`:
        this step's own EZOC-to-EZOC cost, where a rule sets one for the hex entered."""
        between = self.between if between is None else between
        if from_ezoc and to_ezoc and between is not None:
            return between
        return (self.leave if from_ezoc else 0.0) + (self.enter if to_ezoc else 0.0)


@dataclass(frozen=True)
class MovementRules:
    phases: tuple[str, ...]  # the phases in which the phasing side's units move by their MA
    rule: str  # the movement allowance rule an over-long move breaks
    who_rule: str = ""  # the sequence of play: only the phasing side moves, in those phases
    prohibited_rule: str = ""  # terrain a unit may not enter or cross
    zoc: ZocCosts = ZocCosts()
    minimum_hexes: int = 0  # a unit may always move this many hexes, whatever the cost
    minimum_rule: str = ""  # ... and then spends no other MP
    extended_bonus: float = 0.0  # extra MP for a unit that starts and stays clear of enemy units
    extended_rule: str = ""
    entry_phases: tuple[str, ...] = ()  # the phases in which reinforcements arrive
    entry_rule: str = ""
    combat_phases: tuple[str, ...] = ()  # units move then only as combat results say (retreat, advance)
    counter_phases: tuple[str, ...] = ()  # the NON-phasing side moves by its MA (a counter movement phase); the phasing side only as off_turn_move allows
    reciprocal_rule: str = ""  # a unit may step from A to B only if the TEC would let it step from B to A (the rule cited)


ARRIVED_EARLY = "Reinforcement on the map before its turn"  # the finding's title, and the module's warning's
BEFORE_RELEASE = "Movement-restricted unit moved before its release turn"  # likewise


@dataclass(frozen=True)
class Restriction:
    """A unit held on its set-up hex until its release turn, in one scenario, under `rule`: what a rules
    plugin's `restrictions(game)` declares and its own check reads, so that the module's warning on a drop
    (modgen.vmod.warnings) and the checker's finding (title BEFORE_RELEASE) rest on one reading."""

    unit: str
    scenario: str
    home: str
    release: int
    rule: str


def prohibited_title(terrain_name: str) -> str:
    """The title of a unit standing on terrain closed to it (map.yaml `prohibited` / `prohibited_for`), cited
    under `movement.prohibited_rule`: the save checker's finding and the module's warning on a drop say the same."""
    return f"Unit in prohibited terrain ({terrain_name})"
