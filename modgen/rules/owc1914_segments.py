"""Ostatnia Wojna Cesarzy: the capacity of rail line segments (18.3), where a log shows the segment a transport used.

Source: Ostatnia Wojna Cesarzy (NOVINA, 1997), the Polish rules (authoritative); English glosses in brackets.
  18.3   "Linie kolejowe dzielą się na magistrale i linie zwykłe. Po odcinku magistrali mogą być w danej fazie
         przerzucane dwie jednostki, po odcinku linii zwykłej jedna jednostka. Nie ma limitu jednostek przerzucanych
         przez miejscowości" (railways are main lines and ordinary lines; two units a phase may be railed along a
         segment of a main line, one along a segment of an ordinary line; no limit on the units railed through towns).
  18.3.1 "Na terytorium przeciwnika magistrale kolejowe są traktowane jak linie zwykłe, natomiast po liniach zwykłych
         nie można dokonywać przerzutów" (in enemy territory main lines count as ordinary lines, and ordinary lines
         carry no transports).
The log shows where a railed unit entrained and detrained, not its route. The segment used is known where every rail
route the unit may have taken between the two stations passes it: those are counted, the rest is not checkable.

DECISIONS (each the reading that never reports a legal move):
- "odcinek" (a segment): one link of the line between two neighbouring hexes of its railway. A stretch between towns
  or junctions is the same count: a train on it passes each of its links.
- A link on both a main and an ordinary railway of the data is a main line's. A link in enemy territory (both its hexes,
  as owc1914_rail reads 18.3.1) takes one unit.
- The routes the unit may have taken: every route on the side's rail net (18.3.1) clear of the hexes in contact with the
  enemy (18.1), however long and whatever transports it takes (18.4 counts transports; it makes no route illegal).
  A link is known to be used when no such route avoids it; stations next to each other on a line are no exception
  where a detour round another line exists. Transports with a route the log leaves open are not counted on any link
  (a lower bound: what is counted was certainly used), nor arrivals (19: from the board's edge, by no route shown).
"""

from __future__ import annotations

from collections import deque
from typing import Optional

from ..gamestate import GameState
from .owc1914_lines import OWN_LANDS, territory

Link = frozenset[str]


def route(links: dict[str, list[str]], a: str, b: str, avoid: set[str], skip: Optional[Link] = None) -> list[str]:
    """A route a -> b over `links` never entering `avoid` nor crossing `skip` (hexes, a first); [] when none."""
    parent: dict[str, str] = {a: a}
    todo = deque([a])
    while todo:
        h = todo.popleft()
        if h == b:
            out = [b]
            while out[-1] != a:
                out.append(parent[out[-1]])
            return out[::-1]
        for n in links.get(h, ()):
            if n in parent or n in avoid or (skip is not None and frozenset((h, n)) == skip):
                continue
            parent[n] = h
            todo.append(n)
    return []


def known_links(links: dict[str, list[str]], a: str, b: str, avoid: set[str]) -> list[Link]:
    """The links every route a -> b clear of `avoid` passes, in the order of one such route."""
    first = route(links, a, b, avoid)
    steps = [frozenset(p) for p in zip(first, first[1:])]
    return [k for k in steps if not route(links, a, b, avoid, k)]


def capacity(state: GameState, side: str, link: Link) -> int:
    """18.3: units a phase along a link: 2 on a main line, 1 on an ordinary one or in enemy territory (18.3.1)."""
    m = state.game.map
    a, b = sorted(link)
    main = any(r.kind == "main" and any({x, y} == {a, b} for x, y in zip(r.hexes, r.hexes[1:])) for r in m.railroads)
    land = territory(m)
    own = set(OWN_LANDS.get(side, ()))
    hostile = all(land.get(h) not in own for h in (a, b))
    return 2 if main and not hostile else 1


class SegmentLoad:
    """The units railed along each link in one phase, counted where the link is known (see the DECISION)."""

    def __init__(self) -> None:
        self.used: dict[Link, list[str]] = {}

    def add(self, state: GameState, side: str, uid: str, links: dict[str, list[str]], a: str, b: str,
            avoid: set[str]) -> list[tuple[Link, int, list[str]]]:
        """Count the transport uid a -> b; the links it overfills: (link, capacity, the units railed along it)."""
        over = []
        for k in known_links(links, a, b, avoid):
            self.used.setdefault(k, []).append(uid)
            most = capacity(state, side, k)
            if len(self.used[k]) > most:
                over.append((k, most, list(self.used[k])))
        return over
