"""counters/<game>/markers.yaml: the markers (counters that are not units)."""

from __future__ import annotations

from ..model import Marker, MarkerFace
from ..unitstates import RESERVED_KEYS, STATE_KEY, STATE_LEVELS, STATE_SLOTS, OnUnit
from .collect import item
from .nodes import Node, _colour
from .schema import colour, document, integer, items, must, obj, provenance, text, texts

MARKER = obj("A marker.", {
    "id": must(text("stable id: piece ids in saved games derive from it")),
    "name": must(text("the name of the front")),
    "text": texts("lines printed on the front"),
    "back": obj("A flip side, if any.", {
        "name": must(text("the name of the back")),
        "text": texts("lines printed on the back"),
    }),
    "colour": colour("counter colour (default #ffffff)"),
    "kind": text("free tag the rules plugin reads (turn, vp, ...)"),
    "count": integer("how many the counter mix has (the palette is unlimited in VASSAL)", 0),
    "side": text("the game.yaml sides id the marker belongs to, if any"),
    "value": integer("a VP marker (kind: vp): what each box of the VP track counts, 10 for a tens marker (default 1)", 1),
    "on_unit": obj("A marker the rules apply to one unit (its supply, its cohesion): every unit also gets it as a "
                   "state layer, drawn as a small badge on the unit, stepped by a key (front, back, none) and reported "
                   "in the chat; the checker reads the layer as this marker on that unit.", {
        "key": must(text("the key that steps the state: Ctrl+Shift+<letter or digit>, the command named after the marker")),
        "label": text("the badge's text for the front (default: the front's printed text, shrunk to fit)"),
        "back_label": text("the badge's text for the back (two-sided markers; default: the back's printed text)"),
    }),
})
SCHEMA = document("markers", "modgen counters/<game>/markers.yaml", obj("The markers.", {
    "markers": must(items("every marker", MARKER)),
    **provenance("the markers (kinds, counts)"),
}))


def read_markers(m: Node, side_ids: list[str]) -> dict[str, Marker]:
    m.provenance()  # checked like every file's; markers carry none (nothing downstream reads it)
    out: dict[str, Marker] = {}
    first_line: dict[str, int | None] = {}
    for n in m.nodes("markers"):
        with item(n, "id", "marker"):
            mid = n.text("id")
            if mid in out:
                n.fail("id", f"duplicate marker id {mid!r} (first at line {first_line[mid]})")
            first_line[mid] = n.line
            front = MarkerFace(n.text("name"), tuple(x for _, x, _ in n.texts("text", [])))
            back = None
            if n.has("back"):
                b = n.child("back")
                back = MarkerFace(b.text("name"), tuple(x for _, x, _ in b.texts("text", [])))
            kind = n.text("kind", "")
            if n.has("value") and kind != "vp":
                n.fail("value", "only VP markers (kind: vp) have a value")
            out[mid] = Marker(mid, front, back, _colour(n, "colour", "#ffffff"), kind, n.integer("count", None, lo=0), n.choice("side", side_ids, None),
                              n.integer("value", 1, lo=1), _on_unit(n, front, back, out))
    return out


def _on_unit(n: Node, front: MarkerFace, back: MarkerFace | None, earlier: dict[str, Marker]) -> OnUnit | None:
    """A marker's `on_unit`: a key of its own (two states on one key could not be told apart)."""
    o = n.child("on_unit", None)
    if o is None:
        return None
    key = o.text("key")
    found = STATE_KEY.match(key)
    if not found:
        o.fail("key", f"{key!r}: a state key is Ctrl+Shift+<letter or digit>, e.g. Ctrl+Shift+S")
    if found.group(1) in RESERVED_KEYS:
        o.fail("key", f"{key} is {RESERVED_KEYS[found.group(1)]} in every module")
    other = next((m.id for m in earlier.values() if m.on_unit is not None and m.on_unit.key == key), None)
    if other is not None:
        o.fail("key", f"{key} already steps marker {other!r}")
    if sum(1 for m in earlier.values() if m.on_unit is not None) >= STATE_SLOTS:
        o.fail(None, f"a game has at most {STATE_SLOTS} unit states (their badges down a counter's edge)")
    levels = sum(2 if m.back is None else 3 for m in earlier.values() if m.on_unit is not None) + (2 if back is None else 3)
    if levels > STATE_LEVELS:
        o.fail(None, f"the unit states of a game have at most {STATE_LEVELS} levels (a one-sided marker 2, a two-sided 3)")
    if o.has("back_label") and back is None:
        o.fail("back_label", "the marker has no back")
    label = o.text("label", " ".join(front.text) or front.name)
    back_label = o.text("back_label", (" ".join(back.text) or back.name) if back is not None else "")
    return OnUnit(key, label, back_label)
