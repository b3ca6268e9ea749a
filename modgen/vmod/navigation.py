"""Getting around a module: the overview window of a large map, the toolbar menus grouping the display
and chart windows, the Game Piece Inventory, Flare and the Notes window (buildFile values).

Why: a map of some 5,000 x 6,000 px with a dozen display windows, each adding its own toolbar button,
leaves a player scrolling and hunting; a corps among 500 counters is found through the inventory.
"""

from __future__ import annotations

from ..conventions import FINDINGS_LAYER, MAP_LAYER_PROPERTY, UNIT_ID_PROPERTY, UNITS_LAYER
from ..model import Game
from ..vassal.sequence import encode
from .help import key_name

OVERVIEW_OVER = (1600, 1000)  # a main map larger than this (about a screen) gets an overview window
OVERVIEW_SIDE = 400  # px: the overview's longer side
OVERVIEW_KEY = "79,520"  # Alt+O
INVENTORY_KEY = "73,520"  # Alt+I
NOTES_KEY = "78,520"  # Alt+N
CHARTS_KEY = "72,520"  # Alt+H: opens the Charts menu
DISPLAYS_KEY = "68,520"  # Alt+D: opens the Displays menu
FINDINGS_KEY = "70,520"  # Alt+F: shows or hides the findings of an annotated save
DISPLAYS_MENU, CHARTS_MENU, INVENTORY, NOTES, OVERVIEW = "Displays", "Charts", "Inventory", "Notes", "Overview"


def map_size(game: Game) -> tuple[int, int]:
    """The main map in pixels: its boards side by side as VASSAL lays them out."""
    boards = game.map.boards
    return (max(b.origin[0] + b.geometry.width for b in boards), max(b.origin[1] + b.geometry.height for b in boards))


def overview(game: Game) -> dict[str, str] | None:
    """The main map's overview window (GlobalMap), or None for a map that fits a screen."""
    w, h = map_size(game)
    if w <= OVERVIEW_OVER[0] and h <= OVERVIEW_OVER[1]:
        return None
    scale = round(OVERVIEW_SIDE / max(w, h), 3)
    return {"text": OVERVIEW, "tooltip": "Show/hide the overview of the whole map", "hotkey": OVERVIEW_KEY, "scale": repr(scale)}


def toolbar_menus(display_buttons: list[str], chart_buttons: list[str], charts_tooltip: str) -> list[dict[str, str]]:
    """The Displays and Charts toolbar menus: ToolbarMenu takes the toolbar buttons whose text it
    lists (a StringArrayConfigurer value, `,` separated) off the toolbar into its menu."""
    menus = []
    for name, tooltip, key, buttons in ((DISPLAYS_MENU, "The display windows", DISPLAYS_KEY, display_buttons),
                                        (CHARTS_MENU, charts_tooltip, CHARTS_KEY, chart_buttons)):
        if buttons:
            menus.append({"name": name, "tooltip": tooltip, "hotkey": key, "buttons": encode(buttons, ",")})
    return menus


def inventory(game: Game) -> dict[str, str]:
    """The Game Piece Inventory: every unit, by side then nationality, each with where it stands
    (the map window and the hex or box), sorted by name (which carries the formation)."""
    return {
        "name": INVENTORY, "tooltip": "Find a unit: every unit by side and nationality, with its location",
        "hotkey": INVENTORY_KEY,
        "include": "{" + UNIT_ID_PROPERTY + '!=""}',
        "group_by": encode(["Side", "Nationality"], ","),
        "leaf_format": "$PieceName$ - $CurrentMap$ $LocationName$",
        "non_leaf_format": "$PropertyValue$",
        "sort_format": "$PieceName$",
    }


def notes() -> dict[str, str]:
    return {"name": NOTES, "tooltip": "Notes: scenario, public, private and delayed (secret) notes, kept in the save",
            "hotkey": NOTES_KEY}


def flare() -> dict[str, str]:
    return {"name": "Flare", "key": "keyAlt", "report": "* $PlayerSide$ points at $location$"}


def toolbar_keys(game: Game, display_windows: list[tuple[str, str]], dice: list[tuple[str, str]],
                 clear_moved: tuple[str, str], has_overview: bool) -> list[dict[str, str]]:
    """The keys of the module's windows and buttons, for the key card (what, key)."""
    rows = [("Counter palette", "67,520"), ("Turn tracker", "84,520"), ("Turn tracker: next", "84,195"),
            ("Turn tracker: previous", "84,650"), (f"{CHARTS_MENU} menu", CHARTS_KEY), (f"{DISPLAYS_MENU} menu", DISPLAYS_KEY),
            (INVENTORY, INVENTORY_KEY), (NOTES, NOTES_KEY), ("Findings of modgen check: show / hide", FINDINGS_KEY),
            clear_moved, *dice, *display_windows]
    if has_overview:
        rows.append((f"{OVERVIEW} (main map)", OVERVIEW_KEY))
    return [{"what": what, "key": key_name(key)} for what, key in rows if key_name(key)]


def findings_layer() -> dict:
    """The main map's Game Piece Layers: units and markers under the checker's findings (`modgen check
    --annotate`), and a toolbar button that hides the findings. A piece is in the layer its MapLayer
    names: every unit's and marker's Marker says Units, the finding marker's Findings. The map's own
    MapLayer property (Units) is what a piece of an older build reads once on the map (BasicPiece reads a
    property a piece lacks from its zone, then its map); it cannot be the only source: a stack read from
    a save is put in its layer before its pieces know their map, and VASSAL puts a piece whose layer it
    cannot tell in the top one (the engine drew the units over the findings until each piece said its own)."""
    return {"property": MAP_LAYER_PROPERTY, "order": encode([UNITS_LAYER, FINDINGS_LAYER], ","),
            "button": {"name": "Findings", "text": "Findings", "layers": FINDINGS_LAYER, "hotkey": FINDINGS_KEY,
                       "tooltip": "Show or hide the findings of modgen check (an annotated save)",
                       "command": "Switch Layer between Active and Inactive"}}
