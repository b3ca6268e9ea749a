"""Regions of a hex map: the hexes a flood fill reaches from a seed without crossing a wall.

Borders that split a map into countries, a region a feature must close (features.yaml
`bounded_by`), the home country a rules plugin reads: one fill serves all of them; and one count
of hexes between places (a command range, "n hexes from a railway").
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Iterable, Optional


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


def hex_distances(starts: Iterable[str], neighbours: Callable[[str], Iterable[str]],
                  radius: Optional[int] = None) -> dict[str, int]:
    """Hexes from the nearest of `starts` (0 for the starts themselves) over `neighbours`, breadth
    first; with a radius, only the hexes at most that far."""
    out = {h: 0 for h in starts}
    todo = deque(sorted(out))
    while todo:
        h = todo.popleft()
        if radius is not None and out[h] >= radius:
            continue
        for n in neighbours(h):
            if n not in out:
                out[n] = out[h] + 1
                todo.append(n)
    return out
