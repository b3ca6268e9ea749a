"""A game's stacking limit (game.yaml `stacking`) applied to one stack: the one reading of it that
`modgen validate` warns by (set-up hexes) and the declared rules check by (saves)."""

from __future__ import annotations

from typing import Optional

from .model import Stacking

FREE_STACKING = "free_stacking"  # the unit tag of a unit that stacks free, up to Stacking.free_units
# The finding titles of the two rules every hex-and-counter game has. A rules plugin declares its rule
# number and timing for each in a RuleTiming of that title; the module's warnings read them there.
OVERSTACKED = "Over-stacked"
BOTH_SIDES = "Units of both sides in one hex"


def limit_words(st: Stacking) -> str:
    """The limit as the rules say it: "6 steps", "2 units plus 1 free-stacking, never more than 9 steps"."""
    parts = []
    if st.limit is not None:
        parts.append(f"{st.limit} steps")
    if st.units is not None:
        parts.append(f"{st.units} units" + (f" plus {st.free_units} free-stacking" if st.free_units else ""))
    if st.max_steps is not None:
        parts.append(f"never more than {st.max_steps} steps")
    return ", ".join(parts) or "none"


def breach(st: Stacking, steps: int, units: int, free: int) -> Optional[str]:
    """Why a stack of `units` units, `free` of them tagged free_stacking, and `steps` steps breaks the
    limit (steps with the steps table, units plus free-stacking units, never more than max_steps),
    or None."""
    if st.limit is not None and steps > st.limit:
        return f"{steps} steps, limit {st.limit}"
    if st.max_steps is not None and steps > st.max_steps:
        return f"{steps} steps, never more than {st.max_steps}"
    if st.units is not None and units - min(free, st.free_units) > st.units:
        extra = f" plus {st.free_units} free-stacking" if st.free_units else ""
        return f"{units} units, limit {st.units}{extra}"
    return None
