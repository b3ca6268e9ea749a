"""Battle for Galicia 1914: where a reinforcement is placed (rules of play, English edition, 14.0
and 14.1). When it may arrive (not before its GT) is galicia1914's early-arrival check.

14.0: "Upon arrival, place the unit ON THE MAP in the hex specified or choose one of the hexes
specified. ... If a unit's scheduled entry hex(es) is enemy occupied, the reinforcing unit may enter
at the nearest friendly map edge hex (that is not enemy occupied) expending MPs to enter the map."
14.1: "All RR line hexes connected by a contiguous RR line between the two hexes listed are eligible
with the following restrictions: The RR line hex must be a valid supply source (11.2), and it may not
be in an EZOC unless no other qualifying hex exists."

Placement happens in the owner's Reinforcement Phase (3.2 step 2) and the owner's units do not move
before his Movement Phase, so a save (or a log's position) taken in that phase of the unit's arrival
GT shows the hex it was placed on; at any later moment it may have moved on, and nothing is judged.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ..gamestate import GameState, UnitState
from ..model import MapData, Reinforcement
from ..plugin_api import Finding
from .common import rail_network, zoc_hexes

REINFORCEMENT_PHASE = "Reinforcement"
OFF_SCHEDULE = "Reinforcement placed off its scheduled hexes"
IN_EZOC = "Rail reinforcement placed in an EZOC while another hex qualifies"


@dataclass(frozen=True)
class Ground:
    """The position a side's arrivals are judged against: enemy-occupied hexes, their ZOC, and
    the hexes of the side's own units that were there before this phase's arrivals."""

    enemy: frozenset[str]
    ezoc: frozenset[str]
    friendly: frozenset[str]


def placement_findings(state: GameState) -> list[Finding]:
    """14.0 / 14.1 for every unit of the phasing side arriving this GT, in its Reinforcement Phase.

    DECISION: the arrivals are judged against the position without this phase's arrivals (the
    order they were placed in is not in a save, so one arrival's hex never qualifies another),
    with the enemy units where the save shows them."""
    scenario = state.scenario
    if scenario is None or state.phase != REINFORCEMENT_PHASE or state.phasing_side is None or state.turn is None:
        return []
    arriving = [u for u in state.units_on_map() if u.side == state.phasing_side
                and (a := scenario.arrival_of(u.unit.id)) is not None and a.turn == state.turn]
    if not arriving:
        return []
    ground = _ground(state, {u.unit.id for u in arriving})
    out: list[Finding] = []
    for u in arriving:
        out += _judge(state.game.map, u, scenario.arrival_of(u.unit.id), ground)
    return out


def _ground(state: GameState, arriving: set[str]) -> Ground:
    side = state.phasing_side
    before = [u for u in state.units_on_map() if u.unit.id not in arriving]
    enemy = frozenset(u.hex for u in before if u.side != side)
    friendly = frozenset(u.hex for u in before if u.side == side)
    return Ground(enemy, frozenset(zoc_hexes(state.game.map, enemy)), friendly)


def _judge(m: MapData, u: UnitState, arrival: Reinforcement, ground: Ground) -> list[Finding]:
    if arrival.railroad_between is None:
        return _listed(u, arrival, ground)
    return _by_rail(m, u, arrival, ground)


def _listed(u: UnitState, arrival: Reinforcement, ground: Ground) -> list[Finding]:
    """14.0: on the hex specified, or one of the hexes specified."""
    allowed = set(arrival.hexes)
    if not allowed or u.hex in allowed or allowed <= ground.enemy:
        return []  # every scheduled hex enemy-occupied: not judged (DECISION below)
    free = sorted(allowed - ground.enemy)
    return [Finding("14.0", OFF_SCHEDULE, (u.hex,), (u.unit.id,),
                    f"{u.unit.id} arrives on GT {arrival.turn} at {_either(sorted(allowed))} (14.0: \"place the unit "
                    f"ON THE MAP in the hex specified or choose one of the hexes specified\"), but was placed on "
                    f"{u.hex}; free: {', '.join(free)}")]


def _by_rail(m: MapData, u: UnitState, arrival: Reinforcement, ground: Ground) -> list[Finding]:
    """14.1: a hex of the RR line between the two hexes (plus any hex listed with them) that is a
    valid supply source (11.2); in an EZOC only when no other such hex exists."""
    a, b = arrival.railroad_between
    # DECISION: a hex listed with the line ("between 19.23 & 19.16 plus hex 19.17") is one more RR
    # entry hex of the same listing, so 14.1's restrictions bind it too (19.17 is an RR hex).
    eligible = rail_stretch(m, a, b) | set(arrival.hexes)
    qualifying = eligible & rail_sources(m, u.side, ground)
    if not qualifying:
        return []  # no hex qualifies: not judged (DECISION below)
    stretch = f"any contiguous RR line hex between {a} & {b}" + (f" plus {', '.join(arrival.hexes)}" if arrival.hexes else "")
    if u.hex not in qualifying:
        why = "is not on that RR line" if u.hex not in eligible else "is not a valid supply source (11.2) now"
        return [Finding("14.0", OFF_SCHEDULE, (u.hex,), (u.unit.id,),
                        f"{u.unit.id} arrives on GT {arrival.turn} on {stretch} (14.1); {u.hex} {why}; "
                        f"qualifying: {', '.join(sorted(qualifying))}")]
    # DECISION: "in an EZOC" is read literally: a friendly unit in the hex does not take it out of
    # the EZOC here. 6.2 and 12.1.3 say friendly units negate an EZOC "for supply purposes" and "for
    # purposes of this rule"; 14.1 says no such thing (and 6.3: they do not negate it for movement).
    clear = sorted(qualifying - ground.ezoc)
    if u.hex in ground.ezoc and clear:
        return [Finding("14.1", IN_EZOC, (u.hex,), (u.unit.id,),
                        f"{u.unit.id} was placed on {u.hex}, in an enemy ZOC; 14.1: \"it may not be in an EZOC "
                        f"unless no other qualifying hex exists\", and {', '.join(clear)} qualify outside any EZOC")]
    return []


# DECISION: when every scheduled hex is enemy-occupied (or no RR hex
# qualifies), 14.0 lets the unit "enter at the nearest friendly map edge hex ... expending MPs to
# enter the map": it enters by moving, so where it then stands is not a placement on a named hex,
# and it is not judged here (as the log checker does not judge it either).


def rail_sources(m: MapData, side: str, ground: Ground) -> set[str]:
    """11.2 for `side`: the friendly map-edge supply hexes not enemy-occupied, and every RR hex
    joined to one by a contiguous RR line, an RR hex "blocked by the presence of an enemy unit or if
    it is in an EZOC unless the hex is occupied by a friendly unit"."""
    seeds = [h for h in m.supply_sources.get(side, ()) if h not in ground.enemy]
    return rail_network(m, seeds, set(ground.enemy) | (set(ground.ezoc) - ground.friendly))


def rail_stretch(m: MapData, a: str, b: str) -> set[str]:
    """The RR line hexes between a and b: every hex on a shortest RR route from a to b.

    DECISION: "all RR line hexes connected by a contiguous RR line between the two hexes listed"
    could be read as every RR hex joined to either end (the whole network) or as the line joining
    the two. The schedule's "between 19.23 & 19.16 plus hex 19.17" settles it: 19.17 is joined to
    that network but not on the line between the two, so the line joining them is taken; where
    two routes are equally short, both are."""
    da, db = _rail_distances(m, a), _rail_distances(m, b)
    if b not in da:
        return {a, b}
    return {h for h in da if h in db and da[h] + db[h] == da[b]}


def _rail_distances(m: MapData, start: str) -> dict[str, int]:
    links: dict[str, list[str]] = {}
    for link in m.rail_links():
        x, y = tuple(link)
        links.setdefault(x, []).append(y)
        links.setdefault(y, []).append(x)
    dist = {start: 0}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in links.get(h, ()):
            if n not in dist:
                dist[n] = dist[h] + 1
                todo.append(n)
    return dist


def _either(hexes: list[str]) -> str:
    return hexes[0] if len(hexes) == 1 else ", ".join(hexes[:-1]) + " or " + hexes[-1]
