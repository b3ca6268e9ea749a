"""Regions of a hex map: the hexes a flood fill reaches from a seed without crossing a wall.

Borders that split a map into countries, a region a feature must close (features.yaml
`bounded_by`), the home country a rules plugin reads: one fill serves all of them.
"""

from __future__ import annotations

from typing import Callable, Iterable


def flood_fill(seed: str, neighbours: Callable[[str], Iterable[str]], walls: set[frozenset[str]]) -> set[str]:
    """Every hex reachable from seed over `neighbours` without crossing a hexside in `walls`."""
    seen, todo = {seed}, [seed]
    while todo:
        h = todo.pop()
        for n in neighbours(h):
            if n not in seen and frozenset((h, n)) not in walls:
                seen.add(n)
                todo.append(n)
    return seen
