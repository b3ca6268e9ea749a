"""counters/<game>/markers.yaml: the markers (counters that are not units)."""

from __future__ import annotations

from ..model import Marker, MarkerFace
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
                              n.integer("value", 1, lo=1))
    return out
