"""A marker a game's rules treat as the state of one unit (Out of Supply, Disrupted, Broken ...),
declared in markers.yaml `on_unit:`, may be shown as a Layer on the unit instead of a counter on it.

Why: a stack of units each carrying a status counter is hard to read and to handle; community
modules draw the state on the unit. Both forms stay valid (the marker counter is still in the
palette), so the checker reads either as the same marker on the same unit (modgen.check.reader).
The layer's levels are: level 1 no state, level 2 the marker's front, level 3 its back (a
two-sided marker such as Low Supply / Out of Supply); each press of the key steps to the next.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

STATE_KEY = re.compile(r"^Ctrl\+Shift\+([A-Z0-9])$")
# Ctrl+Shift+letters the module already binds: the Clear moved button (M), the turn tracker (T)
RESERVED_KEYS = {"M": "the Clear moved button", "T": "the turn tracker"}
STATE_SLOTS = 5  # badges down a counter's edge: at most this many states in one game
STATE_LEVELS = 12  # every state's levels (with "none") in one game: the private report keys a unit has for them
CTRL_SHIFT = 195  # the modifiers VASSAL writes for Ctrl+Shift (old and new masks: 2|1|128|64)


@dataclass(frozen=True)
class OnUnit:
    """How a marker is shown as a unit's state: the key that steps it, the labels of its badge."""

    key: str  # "Ctrl+Shift+S" as declared
    label: str  # the badge's text for the front
    back_label: str = ""  # the badge's text for the back (a two-sided marker)

    @property
    def keystroke(self) -> str:
        """The key as VASSAL stores a NamedKeyStroke: `code,modifiers`."""
        found = STATE_KEY.match(self.key)
        assert found, self.key  # the loader refuses any other key
        return f"{ord(found.group(1))},{CTRL_SHIFT}"


def state_layer_name(marker_id: str) -> str:
    """The unit's Layer trait for a state marker: a name that is also a valid BeanShell property
    prefix (`State_low_supply_Level`), so report triggers can test it."""
    return "State_" + re.sub(r"\W", "_", marker_id)


def state_image(marker_id: str, back: bool) -> str:
    """The badge image the layer draws for the marker's front or back."""
    return f"state_{marker_id}_{'b' if back else 'f'}.png"


# The badges: small labelled squares down the left edge of the counter from its top left corner,
# overhanging the edge (the moved marker sits on the top right corner), so they hide no factor.
BADGE_W, BADGE_H = 26, 14


def badge_offset(slot: int, counter: int) -> tuple[int, int]:
    """The Layer's offset (of the badge's centre from the counter's centre) of the slot-th state."""
    return -counter // 2 - BADGE_W // 2 + 4, -counter // 2 + BADGE_H // 2 - 3 + slot * (BADGE_H + 1)
