"""The Eastern Front in WW1: attachment (6.x) as the army organisation displays show it.
Read by modgen.rules.ef1914."""

from __future__ import annotations

from ..gamestate import GameState
from ..plugin_api import Finding, RuleTiming

TIMINGS: tuple[RuleTiming, ...] = ()


def findings(state: GameState) -> list[Finding]:
    """Every breach of the rules of this module in one save."""
    return []
