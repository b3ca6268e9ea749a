"""A helper the map-authoring tools share: straightening a railway drawn through station hexes."""

from __future__ import annotations

from typing import Callable, Iterable


def straighten(chain: list[str], pinned: set[str], neighbours: Callable[[str], Iterable[str]]) -> list[str]:
    """Drop out-and-back steps (a, b, a) and needless zig-zags (a hex whose neighbours on the
    chain touch each other), never a pinned (station) hex. Edits chain in place and returns it."""
    changed = True
    while changed:
        changed = False
        for i in range(1, len(chain) - 1):
            a, b, c = chain[i - 1], chain[i], chain[i + 1]
            if a == c:
                del chain[i:i + 2]
                changed = True
                break
            if b not in pinned and c in neighbours(a):
                del chain[i]
                changed = True
                break
    return chain
