"""Ostatnia Wojna Cesarzy: lines of control (6) and encirclement (6.3, 8.6, 18.5, 38.1) on the map.

Source: Ostatnia Wojna Cesarzy (NOVINA, 1997), the Polish rules, through an English digest. A line
of control (LoC) is a hexside between two hexes that both touch the LoC unit: the six edges of
the ring round its hex (6.1; the examples of 6.2.3 and 10 cross them between two neighbours).

How the data tells what these rules read (counters/owc1914, maps/owc1914):
  LoC unit       a unit with the `loc` counter mark, face up (16.3: hidden units have none)
  territory      areas territory-germany / -austria-hungary / -russia / -romania
  fortresses     areas fortress-*, bridgehead-* (a trench marker's back on the hex: captured, 25.3)
  ports          areas port-* (38.1)
  cuts a LoC     hexside types that block ZOC in map.yaml (large river, lake, sea coast, high ridge,
                 Romanian border: "cuts lines of control", 6.2.3)
  enemy LoC for  lake, sea coast, high ridge and Romanian border hexsides (6.3): the hexside types
  encirclement   that prohibit every unit (`prohibits: ["*"]`)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..gamestate import GameState, UnitState
from ..model import MapData
from ..plugin_api import once
from .common import neighbour_tables

OWN_LANDS = {"allies": ("territory-germany", "territory-austria-hungary"), "russia": ("territory-russia",)}
ROMANIA = "territory-romania"


def area_hexes(m: MapData, prefix: str) -> dict[str, str]:
    """Hex -> area id, for the areas whose id starts with prefix (territory-, fortress-, bridgehead-, port-)."""
    return {h: a.id for a in m.areas if a.id.startswith(prefix) for h in a.hexes}


def territory(m: MapData) -> dict[str, str]:
    """Hex -> the territory area id it lies in."""
    return area_hexes(m, "territory-")


def owner_of(territory_id: Optional[str]) -> Optional[str]:
    """The side whose own (or allied) territory this is; None for Romania or no territory."""
    return next((s for s, lands in OWN_LANDS.items() if territory_id in lands), None)


def scenario_letter(state: GameState) -> str:
    """The scenario as the rules name it: a, b, c or campaign (ids a_galicia, b_steamroller, ...)."""
    sc = state.scenario
    return "" if sc is None else sc.id.split("_")[0]


# 1.4 (SCENARIUSZE): "W scenariuszu „Bitwa Galicyjska” obowiązują tylko reguły 1-15, w scenariuszu „Rosyjski
# Walec” dodatkowo reguły 16-21, a w „Ofensywie Hindenburga” 22-27" (in A only rules 1-15 hold, in B rules 16-21
# as well, in C 22-27 as well); the campaign holds them all (40: "all the rules learnt so far"). The last
# numbered rule each scenario plays (its own lettered rules, A.1-C.7, besides):
LAST_RULE = {"a": 15, "b": 21, "c": 27}


def rule_in_play(state: GameState, number: int) -> bool:
    """Whether the numbered rule (22 for 22.x) is one the save's scenario plays (1.4); a save that records
    no scenario plays them all, as the campaign does."""
    return number <= LAST_RULE.get(scenario_letter(state), number)


def has_loc(u: UnitState) -> bool:
    """6.1: printed with the LoC symbol, and face up (16.3: a hidden unit has no lines of control)."""
    return bool(u.unit.mark("loc")) and not u.masked


def loc_hexsides(m: MapData, hex_id: str) -> list[tuple[str, str]]:
    """The ring edges round a LoC unit's hex (6.1). DECISION (6.2.3: a line is ignored when both
    hexes are cut off from the LoC unit by a lake, large river, high ridge...): reading 1, an edge
    whose two hexes are both cut off from the unit's hex carries no line; reading 2, either one cut
    off. Taken: reading 1, the rule's "both"."""
    nbrs, zoc = neighbour_tables(m)
    around = nbrs.get(hex_id, ())
    reach = set(zoc.get(hex_id, ()))
    out = []
    for i, a in enumerate(around):
        for b in around[i + 1:]:
            if b in nbrs.get(a, ()) and (a in reach or b in reach):
                out.append(tuple(sorted((a, b))))
    return out  # type: ignore[return-value]


def lines_of_control(state: GameState) -> dict[str, set[frozenset[str]]]:
    """Side -> every hexside carrying a line of control of its units (once per save: the check, the
    encirclement of each side, the picture and the report all read it)."""
    def compute() -> dict[str, set[frozenset[str]]]:
        m = state.game.map
        out: dict[str, set[frozenset[str]]] = {s.id: set() for s in state.game.sides}
        for u in state.units_on_map():
            if has_loc(u):
                out[u.side].update(frozenset(e) for e in loc_hexsides(m, u.hex or ""))
        return out
    return once(state, "lines_of_control", compute)


@dataclass
class Pocket:
    """Hexes a flood fill from a unit reaches without crossing what encloses it (6.3)."""

    hexes: frozenset[str]
    encircled: bool
    port: Optional[str]  # 38.1: a German pocket holding a port is not encircled
    isolated: bool  # 8.6: enclosed by enemy units, sea, lakes or high ridges alone


class Encirclement:
    """6.3 for one side in one save, read with 18.5 and 38.1 (the reading taken here): a flood
    fill from a unit's hex; a hex with an own unit is always entered; an empty hex is entered unless
    the move crosses an enemy LoC (one the entered hex's own units would cancel), a lake, sea coast,
    high ridge or Romanian border hexside, or the hex holds an enemy unit, an uncaptured enemy
    fortress or bridgehead, or a railway the enemy can use (18.5). The unit is not encircled if the
    fill reaches a map-edge hex of own or allied territory.
    DECISION (18.5, "a railway the enemy can currently use: no hex of its route in contact with the
    other side"): read hex by hex, a railway hex of enemy territory with no own unit in or next to
    it."""

    def __init__(self, state: GameState, side: str, captured: set[str]) -> None:
        self.state, self.side, self.m = state, side, state.game.map
        m = self.m
        nbrs, _ = neighbour_tables(m)
        self.nbrs = nbrs
        land = territory(m)
        own_lands = set(OWN_LANDS.get(side, ()))
        self.own = {u.hex for u in state.units_on_map() if u.side == side}
        self.enemy = {u.hex for u in state.units_on_map() if u.side != side}
        enemy_loc: set[frozenset[str]] = set()
        for s, edges in lines_of_control(state).items():
            if s != side:
                enemy_loc |= edges
        self.enemy_loc = enemy_loc
        self.walls = {k for k, types in m.hexsides.items() if any(m.hexside_types[t].prohibits == ("*",) for t in types
                                                                 if t in m.hexside_types)}
        forts = {**area_hexes(m, "fortress-"), **area_hexes(m, "bridgehead-")}
        self.enemy_forts = {h for h in forts if land.get(h) not in own_lands and land.get(h) and h not in captured}
        near_own = self.own | {n for h in self.own for n in nbrs.get(h, ())}
        self.enemy_rail = {h for h in m.rail_hexes() if land.get(h) and land.get(h) not in own_lands
                           and land.get(h) != ROMANIA and h not in near_own}
        self.exits = {h for h, ns in nbrs.items() if len(ns) < 6 and land.get(h) in own_lands}
        self.ports = area_hexes(m, "port-")
        self.sea = {h for h, t in m.terrain.items() if m.terrain_types.get(t) is not None and m.terrain_types[t].prohibited}
        self._memo: dict[str, Pocket] = {}

    def pocket(self, hex_id: str) -> Pocket:
        if hex_id in self._memo:
            return self._memo[hex_id]
        seen, todo = {hex_id}, [hex_id]
        out = False
        while todo:
            h = todo.pop()
            if h in self.exits:
                out = True
            for n in self.nbrs.get(h, ()):
                if n in seen or n in self.sea:
                    continue
                edge = frozenset((h, n))
                if edge in self.walls:
                    continue
                if n not in self.own:
                    if n in self.enemy or n in self.enemy_forts or n in self.enemy_rail or edge in self.enemy_loc:
                        continue
                seen.add(n)
                todo.append(n)
        port = next((self.ports[h] for h in sorted(seen) if h in self.ports), None)
        german = any(u.unit.nationality == "de" for u in self.state.units_on_map() if u.hex in seen and u.side == self.side)
        encircled = not out and not (port and german)
        pocket = Pocket(frozenset(seen), encircled, port if german else None, self._isolated(hex_id))
        for h in seen:
            if h in self.own:
                self._memo[h] = pocket
        return pocket

    def _isolated(self, hex_id: str) -> bool:
        """8.6: a hex enclosed on every side by enemy units, sea, lakes or high ridges."""
        for n in self.nbrs.get(hex_id, ()):
            edge = frozenset((hex_id, n))
            if not (n in self.enemy or n in self.sea or edge in self.walls):
                return False
        return len(self.nbrs.get(hex_id, ())) == 6
