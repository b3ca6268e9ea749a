"""Off-map displays: windows of boxes, tracks and grids beside the map, declared by each game.

A game's `displays:` in game.yaml lists its windows; each is a column of parts laid out top to
bottom. The parts modgen fills from the game itself (the turn track, the VP track, the boxes
where reinforcements wait, the entry areas, the eliminated units) sit beside parts the game
names freely: a track of labelled boxes (supply levels, a tug-of-war VP track), a set of boxes
(a secret concentration box), a grid of rows by columns (an army organisation display: corps by
combat effectiveness). A window may be private to one side, hidden from the others (VASSAL's
PrivateMap). A game that declares nothing gets one window, "Tracks", with the filled parts.
"""

from __future__ import annotations

from dataclasses import dataclass

from .conventions import TRACKS_MAP

# Parts modgen fills from the game's own data, and parts a game declares box by box.
FILLED_PARTS = ("turn_track", "vp_track", "reinforcements", "entry_areas", "eliminated")
DECLARED_PARTS = ("track", "boxes", "grid")
PART_KINDS = FILLED_PARTS + DECLARED_PARTS


@dataclass(frozen=True)
class DisplayPart:
    """One part of a display window."""

    kind: str  # one of PART_KINDS
    id: str = ""  # how scenarios place markers in it (declared parts)
    title: str = ""  # the heading printed above it ("" for the filled parts: their own heading)
    labels: tuple[str, ...] = ()  # track and boxes: one box per label; grid: the column labels
    rows: tuple[str, ...] = ()  # grid: the row labels
    slots: int = 1  # counters a box holds side by side
    per_row: int = 10  # track: boxes in a row before the track wraps
    side: str | None = None  # boxes tinted in this side's colour
    first: int = 0  # vp_track: the lowest value (negative for a tug-of-war track)
    last: int = 59  # vp_track: the highest value


@dataclass(frozen=True)
class Display:
    """A window of parts; `private_to` a side id makes it that side's alone."""

    id: str
    name: str  # window title and toolbar button
    parts: tuple[DisplayPart, ...]
    private_to: str | None = None
    tooltip: str = ""
    hotkey: str = ""


def default_displays() -> tuple[Display, ...]:
    """What a game without `displays:` gets: the one Tracks window of every filled part."""
    return (Display("tracks", TRACKS_MAP, tuple(DisplayPart(kind) for kind in FILLED_PARTS),
                    tooltip="Turn and VP tracks, reinforcements by turn, eliminated units", hotkey="82,520"),)
