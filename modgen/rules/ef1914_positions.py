"""The Eastern Front in WW1: marker and stack bookkeeping a save shows (13.x IPs, 11.1 step
losses, 4.2.5 stack order, 8.2.4 entrained units next to the enemy). Read by modgen.rules.ef1914."""

from __future__ import annotations

from ..gamestate import GameState
from ..plugin_api import Finding, RuleTiming

TIMINGS: tuple[RuleTiming, ...] = ()


def findings(state: GameState) -> list[Finding]:
    """Every breach of the rules of this module in one save."""
    return []
