"""What a game declares about how it is printed and shown, from fixed sets the painters know:
printed unit values, counter marks and their drawing styles, terrain textures, the order of
set-up stacks, and the texts a module shows (tooltips, mask descriptions). The core draws and
writes by these declarations; which game prints what is data (game.yaml, map.yaml), never code.
"""

from __future__ import annotations

from dataclasses import dataclass, field

TERRAIN_TEXTURES = ("trees", "marsh", "polder")  # what the map painter draws over a terrain's colour
MARK_STYLES = {  # how the counter painter draws a mark -> the value types it can show
    "ring_attack": ("flag",),  # a ring round the attack strength
    "white_symbol": ("flag",),  # the type symbol on a white field
    "corner_dot": ("integer", "text"),  # a coloured dot top right with the value in it
    "symbol_right_text": ("integer", "text"),  # the value right of the type symbol
    "corner_square": ("integer", "text"),  # a square top right (left of a corner_dot) with the value in it
    "symbol_field": ("flag", "text"),  # the type symbol on a coloured field: the mark's colour, or its `colours` by value
    "box_colour": ("flag",),  # the boxed value (show: box) in the mark's colour (default red)
    "box_underline": ("flag",),  # the boxed value underlined
    "box_parentheses": ("flag",),  # the boxed value in parentheses
}
MARK_VALUES = ("flag", "integer", "text")
STACK_ORDERS = ("as_listed", "attack")  # set-up stacks: the scenario's order, or strongest attack on top
FACTORS = ("attack", "defense", "ma")  # the factor row's printed values, in order (game.yaml counter_factors)


@dataclass(frozen=True)
class UnitValue:
    """A number printed on counters besides attack-defense-MA (an artillery value, an armor rating)."""

    id: str
    name: str
    property: str  # the VASSAL piece property
    show: str  # box: boxed left of the symbol | corner: top right
    hide_zero: bool = False  # print nothing when the value is 0 (no armor rating)
    prefix: str = ""  # printed before the number ("R" for a range: R3)


@dataclass(frozen=True)
class CounterMark:
    """A mark a game prints on some counters (a ring, a dot with a turn, a code), declared in
    game.yaml `counter_marks`; units carry it by id, pieces get it as the property `property`."""

    id: str
    name: str
    style: str  # a MARK_STYLES key
    property: str  # the VASSAL piece property
    value: str  # flag | integer | text
    colour: str | None = None  # the style's own colour when None
    colours: tuple[tuple[str, str], ...] = field(default=(), metadata={"omit_default": True})  # text value -> colour (symbol_field)

    def colour_of(self, value: bool | int | str) -> str | None:
        """The colour a unit's value draws in: the `colours` entry for a text value, else the mark's colour."""
        return dict(self.colours).get(str(value), self.colour) if self.colours else self.colour

    def property_value(self, value: bool | int | str | None) -> str:
        """The piece property's text: true/false for a flag, 0 for a number not given, else the text."""
        if self.value == "flag":
            return "true" if value else "false"
        if value is None:
            return "0" if self.value == "integer" else ""
        return str(value)


@dataclass(frozen=True)
class ModuleTexts:
    """What a module shows in its own words: the rules a game names, or neutral texts."""

    mask: str = "hidden from the opponent"  # a unit's mask trait
    marker_mask: str = "hidden from the opponent"  # a marker's mask trait
    turn_tracker: str = "Turn tracker"  # the turn tracker button's tooltip
    charts: str = "Charts"  # the charts button's tooltip
    # chat lines of the key commands (REPORT_PLACEHOLDERS name the unit, the hexes and the side), so a
    # play-by-e-mail log shows every step loss, elimination and hidden unit
    report_reduced: str = "{unit} reduced in {hex}"  # Ctrl+F to the reduced side
    report_restored: str = "{unit} restored to full strength in {hex}"  # Ctrl+F back to the full side
    report_eliminated: str = "{unit} eliminated in {from}"  # Ctrl+E: the hex it left
    report_hidden: str = "{side} hides a unit in {hex}"  # Ctrl+M on a unit: never its name
    report_revealed: str = "{side} reveals {unit} in {hex}"  # Ctrl+M again
    report_removed: str = "{unit} removed from {hex}"  # Ctrl+D, a unit or a marker
    report_labelled: str = "{side} labels {unit} in {hex}"  # Ctrl+L: {unit} then carries the label, or the mask's name
    report_marker_flipped: str = "Marker turned to {unit} in {hex}"  # Ctrl+F on a two-sided marker
    report_marker_hidden: str = "{side} hides a marker in {hex}"  # Ctrl+M on a marker
    report_state_set: str = "{unit} in {hex}: {state}"  # a unit state's key (markers.yaml on_unit) sets a state
    report_state_cleared: str = "{unit} in {hex}: no longer {state}"  # ... and clears it
    clear_moved: str = "Clear moved"  # the toolbar button clearing the phasing side's moved markers


REPORT_PLACEHOLDERS = {  # what a report text may name -> what it means
    "unit": "the piece as the opponent may see it: its name, or its mask's name while it is hidden",
    "hex": "where it is after the command",
    "from": "where it was before (the hex an eliminated unit left)",
    "side": "the side of the player who gave the command",
}
STATE_PLACEHOLDER = "state"  # the unit state's texts only: the marker face set or cleared (its name)
REPORT_TEXTS = tuple(f for f in ModuleTexts.__dataclass_fields__ if f.startswith("report_"))


@dataclass(frozen=True)
class Credits:
    """Who made the game and the module, as the rulebook's credits give them (the About page shows
    them); `rulebook` names the rulebook they come from, by title and edition."""

    designer: str = ""
    publisher: str = ""
    rulebook: str = ""
    module: str = ""
    others: tuple[str, ...] = ()  # "Map Art: ...", one role a line
