"""The Eastern Front in WW1 ("1914, Twilight in the East"): a log's rail moves (8.2 Railroad Movement).

Source: The Eastern Front in WW1: 1914, Twilight in the East, Living Rules (June 2014), 2.2, 3.3, 8.2.
VASSAL records drops, not the Rail Mode marker's moment: a move no path on foot explains, ending at a
RR Station the side's operational RR lines join to a station the unit could entrain at, is read as a
rail move. The plugin names, for the core (MoveLimits.other_modes, mode_entries, mode_refusal):
- the stations it may entrain at: "(1) Entraining: To use railroad movement a unit must enter Rail Mode
  in a hex containing a friendly RR Station (see 2.2) that is not in an EZOC. To entrain a unit must
  expend one MP for each RCP in the unit" (EXAMPLE: "This leaves the unit with 3 remaining MPs to use for
  railroad movement"); "While entraining, a unit cannot expend MPs to perform a Forced March": the walk
  there and the RCP MPs come out of the MA alone;
- the gauge: "IMPORTANT TRANS-SHIPPING: Any Russian unit moving in Rail Mode that switches gauges must stop
  and trans-ship before continuing to move ... Trans-shipping between gauges can only occur at a RR Station
  hex served by both gauges and costs 1 MP per RCP in the unit"; "No railroad movement is allowed over
  narrow-track lines" (map.yaml rail types: *_russian purple, *_european black, narrow);
- the destination: "(3) ... any RR Station in friendly controlled territory, a minimum of three hexes away
  from enemy units".
Not checkable from a log (reported nowhere, never guessed): the Rail Points spent (the per-Inter-Phase
allotments the GT Track prints are lost, 4.7), the capacity of the stations units entrained at (8.2.6: a
unit may have walked to one of several; the stations they detrained at are counted, other_mode_moves), the rail MP (the GT's Railroad Movement Rate is
authored, only two survive), and whether the destination is friendly controlled (4.3 is lost).
DECISION (8.2 (5), 8.9): detraining may be carried over to the next phase under an MPs Expended marker, so
the MP to detrain are not required in the phase; a unit that began the phase under an MPs Expended marker
may have entrained in part already (the marker's count is not modelled): its entraining MP are not required.
DECISION (17.2 is lost): gauge and trans-shipping are judged for Russian units only (the rule's words);
the Central Powers' operational lines (their home countries' and those converted to a railhead) are one gauge.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction
from typing import Optional

from ..gamestate import GameState, UnitState
from ..plugin_api import Finding, PhaseLog, StepFinding, once
from .common import neighbour_tables
from .ef1914_supply import _SideTrace

RAIL_MIN_DISTANCE = 3  # 8.2 (3): "a minimum of three hexes away from enemy units"
RAIL_TITLE = "Rail movement to a station near the enemy"
ENTRAIN_TITLE = "Rail movement without a station to entrain at"
TRANS_SHIP_TITLE = "Rail movement across gauges"
CAPACITY_TITLE = "RR Station capacity exceeded"
# 8.2.6 RR Station Capacity: "The number of RCPs that can en/detrain in one station during a Movement Phase is limited
# to 8; during a Counter Movement Phase it is limited to 4." (game.yaml turns.phases)
CAPACITY = {"Movement": 8.0, "Counter Movement": 4.0}
ROAD_RATE = 1.5  # the cheapest MP a hex on foot (the primary road, map.yaml): bounds the stations a walk may reach
RUSSIAN = "russian"  # game.yaml side whose units trans-ship between gauges


def gauge_of(kind: str) -> Optional[str]:
    """A railroad kind's gauge ("russian" purple, "european" black), None for narrow track (no rail movement)."""
    if kind == "narrow":
        return None
    return "russian" if kind.endswith("_russian") else "european"


def rcp_of(u: UnitState) -> Optional[float]:
    """3.3: "Every unit's RCP value is found to the right of the unit type symbol in a black box. An * denotes a
    RCP value of one-half (1/2)"; None when the unit has none."""
    v = u.unit.mark("rcp")
    if v is None or v is False or str(v).strip() == "":
        return None
    if str(v).strip() == "*":
        return 0.5
    try:
        return float(Fraction(str(v).strip()))
    except (ValueError, ZeroDivisionError):
        return None


def _rail_net(state: GameState, side: str) -> tuple[dict[str, list[tuple[str, str]]], set[str], dict[str, str]]:
    """The side's rail net for 8.2: RR links (neighbour, gauge) between friendly operational RR hexes (as the
    supply trace reads them, 14.x), narrow track left out; its RR Stations (2.2: "a RR Platform, City, Town or
    Village symbol is CONNECTED to a RR line"); the stations fewer than three hexes from an enemy unit -> that
    unit's hex. Once per save and side."""
    def compute() -> tuple[dict[str, list[tuple[str, str]]], set[str], dict[str, str]]:
        trace = _SideTrace(state, side)
        op = trace.operational
        links: dict[str, list[tuple[str, str]]] = {}
        for route in state.game.map.railroads:
            gauge = gauge_of(route.kind)
            if gauge is None:
                continue
            for a, b in zip(route.hexes, route.hexes[1:]):
                if a in op and b in op:
                    links.setdefault(a, []).append((b, gauge))
                    links.setdefault(b, []).append((a, gauge))
        stations = trace.stations & op
        nbrs, _ = neighbour_tables(state.game.map)
        near: dict[str, str] = {}
        for e in sorted(x.hex for x in state.units_on_map() if x.side != side and x.hex):
            ring, seen = {e}, {e}
            for _ in range(RAIL_MIN_DISTANCE - 1):
                ring = {n for h in ring for n in nbrs[h]} - seen
                seen |= ring
            for h in seen & stations:
                near.setdefault(h, e)
        return links, stations, near
    return once(state, f"ef1914:rail-net:{side}", compute)


def trans_ships(state: GameState, side: str, entry: str, gauges: bool) -> dict[str, int]:
    """The stations joined by rail to `entry` -> the fewest gauge changes on the way (0-1 search over (hex,
    gauge); a change only at a station served by both gauges). `gauges` False: every line one gauge."""
    def compute() -> dict[str, int]:
        links, stations, _ = _rail_net(state, side)
        best: dict[tuple[str, str], int] = {}
        todo: deque[tuple[int, str, str]] = deque()
        for g in {g for _, g in links.get(entry, ())} if gauges else {""}:
            best[(entry, g)] = 0
            todo.append((0, entry, g))
        while todo:
            k, h, g = todo.popleft()
            if best.get((h, g), k + 1) < k:
                continue
            served = {lg for _, lg in links.get(h, ())}
            if gauges and h in stations and len(served) > 1:
                for other in served - {g}:
                    if best.get((h, other), k + 2) > k + 1:
                        best[(h, other)] = k + 1
                        todo.append((k + 1, h, other))
            for n, lg in links.get(h, ()):
                if gauges and lg != g:
                    continue
                if best.get((n, g), k + 1) > k:
                    best[(n, g)] = k
                    todo.appendleft((k, n, g))
        out: dict[str, int] = {}
        for (h, _), k in best.items():
            if h in stations:
                out[h] = min(k, out.get(h, k))
        return out
    return once(state, f"ef1914:rail-from:{side}:{gauges}:{entry}", compute)


def rail_limits(state: GameState, u: UnitState, ezoc: set[str], allowance: float) \
        -> tuple[dict[str, tuple[str, str, str]], dict[str, dict[str, float]], dict[str, tuple[str, str, str]]]:
    """For MoveLimits: the stations a rail move may end at (each legal, or refused by 8.2 (3)); the stations the
    unit may entrain at -> {destination: MP it must still have there: 1 per RCP to entrain and 1 per RCP for each
    trans-shipment}; and for each destination the finding when no such station is in reach on foot."""
    rcp = rcp_of(u)
    if u.hex is None or rcp is None:
        return {}, {}, {}
    links, stations, near = _rail_net(state, u.side)
    nbrs, _ = neighbour_tables(state.game.map)
    ring, seen = {u.hex}, {u.hex}
    for _ in range(int(allowance // ROAD_RATE)):
        ring = {n for h in ring for n in nbrs[h]} - seen
        seen |= ring
    candidates = sorted(h for h in seen & stations if h in links)
    entraining = 0.0 if any(m.marker.kind == "mp_expended" for m in u.markers) else rcp
    gauges = u.side == RUSSIAN
    goals: dict[str, tuple[str, str, str]] = {}
    entries: dict[str, dict[str, float]] = {}
    fewest: dict[str, int] = {}  # destination -> fewest gauge changes from a station out of an EZOC
    for e in candidates:
        changes = trans_ships(state, u.side, e, gauges)
        for h in changes:
            if h not in goals and h != e:
                goals[h] = _destination(h, near)
        if e not in ezoc:
            entries[e] = {h: entraining + rcp * k for h, k in changes.items() if h != e}
            for h, k in changes.items():
                fewest[h] = min(k, fewest.get(h, k))
    where = (f"it stood at the RR Station {u.hex}, in an enemy ZOC; " if u.hex in stations and u.hex in ezoc else "")
    entrain = ("8.2 (1): \"a unit must enter Rail Mode in a hex containing a friendly RR Station (see 2.2) that is not in an "
               "EZOC. To entrain a unit must expend one MP for each RCP in the unit\"")
    refusals: dict[str, tuple[str, str, str]] = {}
    for h in goals:
        k = fewest.get(h, 0)
        if k and entraining + rcp * k > allowance >= entraining:
            refusals[h] = ("8.2", TRANS_SHIP_TITLE, f"read as a rail move (no path on foot within the allowance): every rail "
                           f"way to {h} changes gauge ({k} time(s)): {entraining:g} MP to entrain and {rcp:g} to trans-ship "
                           f"each time (1 per RCP) is more than its allowance {allowance:g} (8.2 (4): \"Any Russian unit moving "
                           "in Rail Mode that switches gauges must stop and trans-ship ... costs 1 MP per RCP in the unit\")")
        else:
            refusals[h] = ("8.2", ENTRAIN_TITLE, f"read as a rail move (no path on foot within the allowance): {where}no "
                           f"friendly RR Station out of an EZOC joined by rail to {h} is in reach on foot with {entraining:g} MP "
                           f"left to entrain (1 per RCP) and {rcp:g} for each change of gauge ({entrain})")
    return goals, entries, refusals


RAIL_NOTE = ("8.2", "read as a rail move (no path on foot within the allowance); not checkable from the log: the Rail "
             "Points it spent (1 RP per RCP; the allotments the GT Track prints are lost, 4.7), the capacity of the station "
             "it entrained at (8 RCP a Movement Phase, 4 a Counter Movement Phase), its rail MP at the GT's Railroad Movement Rate "
             "(authored) and whether its destination is friendly controlled (4.3)")


def _destination(h: str, near: dict[str, str]) -> tuple[str, str, str]:
    if h in near:
        return ("8.2", RAIL_TITLE, f"read as a rail move (no path on foot within the allowance): its destination {h} is "
                f"fewer than three hexes from the enemy unit in {near[h]} (8.2: \"a minimum of three hexes away from "
                "enemy units\")")
    return ("", "", "")


def other_mode_moves(ph: PhaseLog, moves: list[tuple[int, UnitState, UnitState]]) -> list[StepFinding]:
    """8.2.6 RR Station Capacity, at the stations units detrained at: a unit read as moving by rail that ends the phase
    at its destination out of Rail Mode detrained there, all its RCPs in this phase (one that began it entrained is
    not judged, modgen.rules.ef1914_log). Reported at the step of the arrival that takes a station past its limit.
    DECISION: a station is counted only where no Rail Mode marker lies in its hex at the phase's end (a marker in a
    stack may be any unit's); the stations units entrained at are not counted (a unit may have walked to one of
    several)."""
    cap = CAPACITY.get(ph.phase or "")
    if cap is None:
        return []
    entrained = {m.hex for m in ph.end.markers if m.marker.kind == "rail_mode" and not m.back and m.hex}
    entrained |= {u.hex for u in ph.end.units_on_map() if any(m.marker.kind == "rail_mode" for m in u.markers)}
    by_station: dict[str, list[tuple[int, UnitState]]] = {}
    for step, _, after in sorted(moves, key=lambda m: m[0]):
        if after.hex is not None and after.hex not in entrained:
            by_station.setdefault(after.hex, []).append((step, after))
    out: list[StepFinding] = []
    for h, arrivals in sorted(by_station.items()):
        total = 0.0
        for k, (step, u) in enumerate(arrivals):
            total += rcp_of(u) or 0.0
            if total > cap:
                units = tuple(a.id for _, a in arrivals[:k + 1])
                finding = Finding("8.2", CAPACITY_TITLE, (h,), units, f"{', '.join(units)} detrained at {h} in "
                                  f"{ph.label()}: {total:g} RCP, more than the {cap:g} a station takes in a {ph.phase} "
                                  "Phase (8.2.6: \"The number of RCPs that can en/detrain in one station during a Movement "
                                  "Phase is limited to 8; during a Counter Movement Phase it is limited to 4\")")
                out.append(StepFinding(step=step, finding=finding))
                break
    return out
