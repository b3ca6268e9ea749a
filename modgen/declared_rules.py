"""Rules a game declares in its game.yaml (`checks:`) for modgen check to apply when no rules
plugin of its own is installed: a new game is checked from its first build.

What is declared is what most hex-and-counter games share and the data already says: the
stacking limit (game.yaml `stacking`), units of both sides in one hex, terrain the TEC makes
prohibited, reinforcements on the map before their turn. Each carries the rule number the report
cites, the rulebook's words, and when it holds. Anything beyond that (supply, ZOC in a save,
victory conditions) needs a plugin (README, "Adding a game").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

HOLDS = ("always", "end_of_phase", "end_of_turn")  # plugin_api.Timing kinds a declared rule may name
CHECKED = {  # what each declared check holds to: the schema's description and the report's default words
    "stacking": "no hex holds more than the stacking limit (game.yaml stacking)",
    "enemies": "no hex holds units of both sides",
    "prohibited": "no unit stands on terrain whose TEC move is Prohibited to it",
    "arrivals": "no reinforcement is on the map before its turn",
}


@dataclass(frozen=True)
class DeclaredRule:
    """One declared rule: its number as printed, its words, and when it holds."""

    rule: str
    words: str = ""
    holds: str = "always"  # one of HOLDS
    phase: str = ""  # end_of_phase: the phase (turns.phases) at whose end it holds


@dataclass(frozen=True)
class DeclaredChecks:
    stacking: Optional[DeclaredRule] = None  # over game.yaml's stacking limit
    enemies: Optional[DeclaredRule] = None  # units of both sides in one hex
    prohibited: Optional[DeclaredRule] = None  # a unit on terrain closed to it (TEC move: Prohibited)
    arrivals: Optional[DeclaredRule] = None  # a reinforcement on the map before its turn

    def declared(self) -> dict[str, DeclaredRule]:
        """The rules declared, by what they check."""
        return {k: v for k, v in vars(self).items() if v is not None}
