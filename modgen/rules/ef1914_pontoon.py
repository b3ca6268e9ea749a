"""The Eastern Front in WW1: pontoon bridges as a save shows them (18.0 is lost; what the surviving text says of them).

Source: The Eastern Front in WW1: 1914, Twilight in the East, Living Rules (June 2014). 18.0 Pontoon Bridges (18.1
General Rule, 18.2 Placement Procedure) is lost from the surviving text; these words survive:
- 2.2 Conventions: "Bridge: Bridges exist wherever a roadway or RR line crosses a river hexside and wherever a Pontoon
  bridge has been laid."
- 5.4: "Pontoon Bridge Phase: Place pontoon bridges (18.0)".
- 8.1.3: "A unit crossing a river at a Bridge, Pontoon Bridge or Ferry disregards the river hexside's MP cost, and pays
  only the Bridge or Ferry's MP cost. CLARIFICATION: If a hex adjacent to a river hexside crossed by a Ferry (or pontoon
  bridge) contains a roadway WITH A SPUR POINTING TO THE FERRY, the roadway is considered to be connected to the river
  bank."
- 14.1: a supply line may "Not be traced over a Grand or Major river hexside except where a bridge, pontoon bridge, or
  ferry crossing is located. PLAY NOTE: The Pontoon Bridge Phase occurs just prior to the Supply Phase; place pontoon
  bridges to keep units in supply."

A pontoon bridge is the marker of kind `pontoon` (counters/ef1914/markers.yaml, authored: the counter mix is lost).
- DECISION (what it is): 2.2 makes a laid pontoon a bridge, so it is priced as the map's bridge (map.yaml hexside type
  `bridge`, laid for the phase: MoveLimits.laid_crossings) and a supply line crosses a Grand or Major river there
  (14.1). Where a ferry lies too the cheaper crossing counts. The spur CLARIFICATION names pontoons, but the map's
  spurs point to ferries (features.yaml `road_spur`): a pontoon elsewhere is entered at the terrain's cost ("Units using
  a Ferry to cross a river into a hex with no roadway spur must pay the terrain cost of the hex").
- DECISION (which hexside): a marker the save reads on a hexside (off its hex centre: modgen.check.reader) bridges that
  hexside if a river lies there (the types the map's bridge may lie on). A marker at a hex centre names no one hexside
  (a counter dropped on the map snaps to a hex centre in the module): reading 1, it bridges nothing; reading 2, it
  bridges every river hexside of its hex. Reading 2: a checker that refused such a crossing would report legal moves
  and supply lines. A marker on a hexside without a river bridges nothing.
- DECISION (whose): 2.2 names no owner: a pontoon bridge serves both sides, as a bridge does. ZOCs still stop at Major
  and Grand rivers (4.1, "even at bridges": modgen.rules.ef1914).
- Not checkable (18.0 lost): where, when, by whom and how many pontoon bridges may be laid, and when they are taken up:
  a log that lays, moves or takes up one gets a note saying so (pontoon_notes), never a finding.
"""

from __future__ import annotations

from ..gamestate import GameState, MarkerState
from ..plugin_api import INFO, Finding, PhaseLog, StepFinding, once
from .common import neighbour_tables

PONTOON = "pontoon"  # markers.yaml kind
BRIDGE = "bridge"  # map.yaml hexside type a laid pontoon counts as (2.2)
NOTE_TITLE = "Pontoon bridge placement not checkable"
LOST = ("18.0 (Pontoon Bridges: its General Rule and Placement Procedure) is lost from the surviving text: where, when "
        "and by whom a pontoon bridge may be laid is not checkable")


def _river_sides(state: GameState, mk: MarkerState) -> list[frozenset[str]]:
    """The river hexsides the marker bridges (the module's DECISION on which hexside)."""
    m = state.game.map
    bridge = m.hexside_types.get(BRIDGE)
    if bridge is None or mk.hex is None:
        return []
    if mk.hexside is not None:
        sides = [mk.hexside]
    else:
        nbrs, _ = neighbour_tables(m)
        sides = [frozenset((mk.hex, n)) for n in nbrs.get(mk.hex, ())]
    return [s for s in sides if m.side_features(*sorted(s)) & set(bridge.on)]


def pontoon_sides(state: GameState) -> dict[frozenset[str], str]:
    """Hexside -> the crossing type laid there (MoveLimits.laid_crossings): every river hexside a pontoon marker on
    the map bridges, once per state."""
    def compute() -> dict[frozenset[str], str]:
        return {s: BRIDGE for mk in state.markers if mk.marker.kind == PONTOON for s in _river_sides(state, mk)}
    return once(state, "ef1914:pontoons", compute)


def _where(state: GameState, mk: MarkerState) -> str:
    if mk.hex is None:
        return "off the map"
    sides = _river_sides(state, mk)
    at = "/".join(sorted(mk.hexside)) if mk.hexside is not None else mk.hex
    if not sides:
        return f"at {at}, where it bridges no river hexside"
    return f"at {at}, bridging {', '.join('/'.join(sorted(s)) for s in sorted(sides, key=sorted))}"


def pontoon_notes(phases: list[PhaseLog]) -> list[StepFinding]:
    """A note at the last step of each phase in which a pontoon marker was laid, moved or taken up (the log records
    the marker's drop, which the core does not read; a phase's start and end are compared)."""
    out: list[StepFinding] = []
    for ph in phases:
        def spots(state: GameState) -> dict[str, tuple]:
            return {mk.piece_id: (mk.hex, mk.hexside) for mk in state.markers if mk.marker.kind == PONTOON and mk.hex}
        before, after = spots(ph.start), spots(ph.end)
        ends = {mk.piece_id: mk for mk in ph.end.markers if mk.marker.kind == PONTOON}
        starts = {mk.piece_id: mk for mk in ph.start.markers if mk.marker.kind == PONTOON}
        for pid in sorted(set(before) | set(after)):
            if before.get(pid) == after.get(pid):
                continue
            if pid in after:
                what, hexes = f"a pontoon bridge laid {_where(ph.end, ends[pid])}", (after[pid][0],)
            else:
                what, hexes = f"a pontoon bridge taken up {_where(ph.start, starts[pid])}", (before[pid][0],)
            out.append(StepFinding(step=ph.last_step, finding=Finding(
                "18.0", NOTE_TITLE, hexes, (), f"{ph.label()}: {what}; {LOST} (5.4: \"Pontoon Bridge Phase: Place "
                "pontoon bridges (18.0)\")", status=INFO)))
    return out
