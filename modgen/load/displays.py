"""game.yaml `displays:`: the off-map windows of a game (see modgen.displays).

A game that declares none gets the default Tracks window. One that declares its own must place
every part the build fills from the game (turn track, reinforcements, eliminated units; entry
areas when the map has them) exactly once, since the setups and the Eliminate command put
pieces in them; the VP track is optional (a game may keep its VP on a declared track).
"""

from __future__ import annotations

from ..conventions import MAIN_MAP
from ..displays import DECLARED_PARTS, FILLED_PARTS, PART_KINDS, Display, DisplayPart, default_displays
from .nodes import Node
from .schema import choice, integer, items, must, obj, text, texts

PART = obj("A part of a display window: a part modgen fills from the game, or boxes the game declares.", {
    "kind": must(choice("what the part is", PART_KINDS)),
    "id": text("declared parts: the id scenarios place markers by (`track: <id>`, `box: <label>`)"),
    "title": text("the heading above the part"),
    "labels": texts("track and boxes: a box per label; grid: the column labels"),
    "rows": texts("grid: the row labels"),
    "slots": integer("counters a box holds side by side (default 1)", 1, 24),
    "per_row": integer("track: boxes in a row before it wraps (default 10)", 1, 50),
    "side": text("a sides id: the boxes are tinted in its colour"),
    "first": integer("vp_track: the lowest value (default 0; below zero for a tug-of-war track)", -999, 999),
    "last": integer("vp_track: the highest value (default 59)", -999, 999),
})
DISPLAYS = items("off-map display windows (default: one Tracks window with the turn track, VP track, "
                 "reinforcements, entry areas and eliminated units)", obj("A display window.", {
    "id": must(text("stable id")),
    "name": must(text("the window's title and toolbar button (its VASSAL map name)")),
    "private_to": text("a sides id: only that side sees the window (a secret box)"),
    "tooltip": text("the toolbar button's tooltip"),
    "parts": must(items("the parts, top to bottom", PART)),
}))
REQUIRED = ("turn_track", "reinforcements", "eliminated")


def read_displays(g: Node, side_ids: list[str], has_entry_areas: bool) -> tuple[Display, ...]:
    if not g.has("displays"):
        return default_displays()
    out: list[Display] = []
    filled: dict[str, int] = {}
    part_ids: dict[str, int] = {}
    display_lines: dict[str, int | None] = {}
    for n in g.nodes("displays"):
        did, name = n.text("id"), n.text("name")
        if any(d.id == did for d in out):
            n.fail("id", f"duplicate display id {did!r} (first at line {display_lines[did]})")
        display_lines[did] = n.line
        if name == MAIN_MAP or any(d.name == name for d in out):
            n.fail("name", f"{name!r} is already the name of a window")
        parts = []
        for p in n.nodes("parts"):
            kind = p.choice("kind", PART_KINDS)
            if kind in FILLED_PARTS:
                if kind in filled:
                    p.fail("kind", f"a {kind} part is already in the displays (line {filled[kind]})")
                filled[kind] = p.line
            part = DisplayPart(
                kind, p.text("id", ""), p.text("title", ""), tuple(x for _, x, _ in p.texts("labels", [])),
                tuple(x for _, x, _ in p.texts("rows", [])), p.integer("slots", 1, lo=1, hi=24), p.integer("per_row", 10, lo=1, hi=50),
                p.choice("side", side_ids) if p.has("side") else None, p.integer("first", 0, lo=-999, hi=999),
                p.integer("last", 59, lo=-999, hi=999),
            )
            if kind in DECLARED_PARTS:
                if not part.id:
                    p.fail("id", f"a {kind} part needs an id (scenarios place markers by it)")
                if part.id in part_ids:
                    p.fail("id", f"duplicate part id {part.id!r} (line {part_ids[part.id]})")
                part_ids[part.id] = p.line
                if not part.labels:
                    p.fail("labels", f"a {kind} part needs labels (one box each)")
                if kind == "grid" and not part.rows:
                    p.fail("rows", "a grid needs rows")
                if len(set(part.labels)) != len(part.labels) or len(set(part.rows)) != len(part.rows):
                    p.fail("labels", "labels (and rows) must be unique within a part")
            if part.last < part.first:
                p.fail("last", f"the track runs from first ({part.first}) to last ({part.last}): last must not be lower")
            parts.append(part)
        private = n.choice("private_to", side_ids) if n.has("private_to") else None
        out.append(Display(did, name, tuple(parts), private, n.text("tooltip", "")))
    missing = [k for k in REQUIRED + (("entry_areas",) if has_entry_areas else ()) if k not in filled]
    if missing:
        g.fail("displays", f"no {', '.join(missing)} part: every game needs one (setups and the Eliminate command use it)")
    return tuple(out)
