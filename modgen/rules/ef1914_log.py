"""The Eastern Front in WW1 ("1914, Twilight in the East"): what a log's moves need beyond the TEC.

Source: The Eastern Front in WW1: 1914, Twilight in the East, Living Rules (June 2014), 3.3, 4.1,
5.4, 8.0, 8.1, 12.1, 12.4. The core (modgen.check.logcheck) joins a unit's drops and finds its
cheapest path (modgen.check.paths); this module tells it, for one unit in one phase, its movement
allowance, the hexes in an enemy ZOC, the hexes it may not enter, the lower EZOC-to-EZOC costs
into hexes friendly units hold, road movement along RR lines and past escarpments and ridges
(8.1.4) and across a ferry with a road spur (8.1.3), the pontoon bridges laid (2.2, 8.1.3,
modgen.rules.ef1914_pontoon), the causeways a phase counts (8.1.6, modgen.rules.ef1914_causeway), and whether it may move at all; log_phases judges a Prepared
Attack marker a unit took on without moving (8.4). In the Counter Movement Phase
(game.yaml movement.counter_phases) the non-phasing player moves (5.4), at half the allowance;
off_turn_move names the moves the other side may make in a movement phase.

A move no path on foot explains, ending at a RR Station the side's operational RR lines join to a
station the unit could entrain at, is read as a rail move (8.2, modgen.rules.ef1914_rail: the
station to entrain at, out of an EZOC and in reach on foot with 1 MP per RCP left, the gauge, the
destination). Road movement (8.1.4) serves only a unit moving alone: the core prices a unit the
log shows moving in a stack off-road; a road step into a hex other friendly units hold pays 8.1.4a's
extra MP. 8.1.1's reciprocity is game.yaml's (movement.reciprocity).
Not judged (the move is left unchecked, never guessed): units in Rail Mode at the phase's start
and rail-only units (8.2; an "R" MA, 3.3); the reactions and displacements of
off_turn_move beyond their kind and distance.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Optional

from ..gamestate import GameState, UnitState
from ..plugin_api import Finding, MoveLimits, PhaseLog, StepFinding, UnitMove, once
from .common import neighbour_tables
from .ef1914_causeway import causeway_sides
from .ef1914_pontoon import pontoon_notes, pontoon_sides
from .ef1914_positions import ip_hexes
from .ef1914_rail import ENTRAIN_TITLE, RAIL_NOTE, RAIL_TITLE, TRANS_SHIP_TITLE, rail_limits  # noqa: F401 (titles: the tests' words)
from .ef1914_units import enemy_zoc, is_artillery, is_combat, rail_mode

MOVEMENT, COUNTER_MOVEMENT = "Movement", "Counter Movement"  # game.yaml turns.phases (5.4)
NEVER = 99  # game.yaml: a Movement Restriction dot without a number, never released
RELEASE_MARK = "release_gt"
FRIENDLY_COMBAT_BETWEEN = 3.0  # 4.1: "if the new hex is occupied by a friendly combat unit, the extra cost is only +3 MPs"
FRIENDLY_IP_BETWEEN = 2.0  # 4.1: "if the new hex is occupied by a friendly unit in an IP the extra cost is only +2 MPs"


def allowance(state: GameState, u: UnitState) -> float:
    """3.3: "Movement Allowance (MA): The number of movement points available to a unit during a
    Movement Phase. ... This number is halved during the Counter Movement Phase. EXAMPLE: If a
    unit's MA is 7, the unit would have a movement allowance of 3-1/2"; 5.4: "(Retain fractional
    Movement Points ...)". The MA printed on the side the unit shows."""
    face = u.unit.back if u.reduced and u.unit.back is not None else u.unit.front
    ma = float(face.ma)
    return ma / 2 if state.phase == COUNTER_MOVEMENT else ma


def _fortress_complex(state: GameState, u: UnitState) -> set[str]:
    """The hexes of the fortress complex a garrison stands in (12.1: "Two or more fortress units
    bearing the same ID"; one unit, one hex); empty when no friendly fortress unit shares its hex."""
    here = [f for f in state.units_on_map() if f.hex == u.hex and f.side == u.side and f.unit.has("fortress")]
    if not here:
        return set()
    names = {f.unit.name for f in here}
    return {f.hex for f in state.units_on_map() if f.side == u.side and f.unit.has("fortress") and f.unit.name in names}


def _held(state: GameState, u: UnitState) -> tuple[tuple[str, str], set[str]]:
    """(rule, why) when the unit may not move at all, else (); and the complex a fortress garrison
    may move within (12.4), else an empty set."""
    if u.unit.has("fortress"):
        return ("12.1", "a fortress unit may never move (3.7: its set-up hex is printed on its back)"), set()
    if allowance(state, u) <= 0:
        return ("3.3", "\"A unit without an MA is immobile\""), set()
    release = u.unit.mark(RELEASE_MARK)
    if not isinstance(release, int) or isinstance(release, bool) or state.turn is None or state.turn >= release:
        return (), set()
    until = "never released" if release >= NEVER else f"released on GT {release}"
    complex_ = _fortress_complex(state, u)
    if len(complex_) > 1:
        return (), complex_  # 12.4: "it may move within a multi-hex complex"
    if complex_:
        return ("12.4", f"a fortress garrison may not leave its fortress until the GT in its dot ({until})"), set()
    # DECISION (3.3.5): "it begins the scenario immobile OR as a city garrison": either way it does not move
    # until its release GT (the log cannot show a retreat that would release a garrison: none is in a movement phase).
    return ("3.3.5", f"its Movement Restriction dot keeps it immobile ({until})"), set()


def _between_costs(state: GameState, u: UnitState, ezoc: set[str]) -> dict[str, float]:
    """4.1's lower EZOC-to-EZOC costs into hexes friendly units hold: +2 with a friendly unit in an IP,
    +3 with a friendly combat unit. DECISION: the friendly units where they stood when the phase
    began (the log records drops, not the order in which the stacks formed)."""
    ips = ip_hexes(state)
    out: dict[str, float] = {}
    for f in state.units_on_map():
        if f.side != u.side or f.unit.id == u.unit.id or f.hex not in ezoc:
            continue
        if f.hex in ips:
            out[f.hex] = FRIENDLY_IP_BETWEEN
        elif is_combat(f):
            out[f.hex] = min(out.get(f.hex, FRIENDLY_COMBAT_BETWEEN), FRIENDLY_COMBAT_BETWEEN)
    return out


ROAD_IGNORES = frozenset({"escarpment", "ridge"})  # map.yaml hexside types other than rivers (8.1.4)


def _rail_road_links(state: GameState) -> dict[frozenset[str], float]:
    """8.1.4: "Units can move along adjacent contiguous roadway or RR line hexes in order to avoid paying
    MP costs for the other terrain in the hex and hexside terrain features (except river hexsides - see
    8.1.3). This is termed Road Movement." The rate along a RR line is in the lost TEC. DECISION: the
    cheapest roadway's (the map's primary road, 1 1/2 MP, itself derived from 4.1 EXAMPLE 2): a checker
    that prices it dearer would report legal moves along railways. Once per map."""
    m = state.game.map

    def compute() -> dict[frozenset[str], float]:
        rates = [_rate(rt.move) for rt in m.road_types.values()]
        rate = min((r for r in rates if r is not None), default=None)
        if rate is None:
            return {}
        return {frozenset(pair): rate for route in m.railroads for pair in zip(route.hexes, route.hexes[1:])}
    return once(state, "ef1914:rail-road-links", compute)


SPUR = "road_spur"  # features.yaml tag of a ferry with a roadway spur pointing to it (8.1.3)


def _road_links(state: GameState) -> dict[frozenset[str], float]:
    """The links a unit may move along at a road's rate: the RR lines (_rail_road_links) and the ferries with a roadway
    spur. 8.1.3 CLARIFICATION: "If a hex adjacent to a river hexside crossed by a Ferry (or pontoon bridge) contains a
    roadway WITH A SPUR POINTING TO THE FERRY, the roadway is considered to be connected to the river bank. Units using
    a Ferry to cross a river into a hex with a roadway spur can choose to pay the roadway MP cost to enter that hex.
    Units using a Ferry to cross a river into a hex with no roadway spur must pay the terrain cost of the hex.
    CLARIFICATION: Only one side of the crossing needs to have a spur. For instance, units may use the road rate when
    crossing between hexes [lost] and [lost]." DECISION: reading 1, the road rate only into the hex with the spur (the
    second sentence); reading 2, the road rate both ways across a ferry with a spur on one side (the last). Read 2:
    the spur's roadway rate (the cheapest roadway in either hex) both ways; the ferry's own cost is paid on top
    (map.yaml, 8.1.3 "pays only the Bridge or Ferry's MP cost"). A checker that priced the crossing dearer would
    report legal moves. Once per state."""
    def compute() -> dict[frozenset[str], float]:
        m = state.game.map
        out = dict(_rail_road_links(state))
        for f in m.hexside_features:
            if f.type != "ferry" or SPUR not in f.tags:
                continue
            for side in f.sides:
                rates = [r for route in m.roads if side & set(route.hexes) and route.kind in m.road_types
                         and (r := _rate(m.road_types[route.kind].move)) is not None]
                if rates:
                    out[side] = min(rates + [out.get(side, min(rates))])
        return out
    return once(state, "ef1914:road-links", compute)


def _rate(text: str) -> Optional[float]:
    """A road type's cost as map.yaml writes it ("3/2", "2"); None when it is not a number."""
    try:
        return float(Fraction(text.strip()))
    except (ValueError, ZeroDivisionError):
        return None


ROAD_ALONE = ("8.1.4", "8.1.4: \"A unit may gain the benefits of Road Movement only if moving individually (i.e., units "
              "cannot use Road Movement moving as part of a stack this includes Asset Units)\"; the log shows it moving in a stack")
ROAD_FRIENDS = ("8.1.4a", "friendly units in the hexes entered by road (8.1.4a)")


def road_cost_of(f: UnitState) -> float:
    """8.1.4a: "A unit using Road Movement to enter a hex containing other friendly units pays additional MPs for every
    such unit in the hex: +1 MP for every division-sized infantry unit on its front. +1/2 MP per brigade-sized infantry
    unit, reduced division-sized infantry unit or any size cavalry, supply, or artillery unit. There is no additional
    MP cost due to any other type of unit." (Its EXAMPLE: an infantry regiment Asset Unit adds nothing.)"""
    if f.unit.type == "infantry":
        return {"XX": 0.5 if f.reduced else 1.0, "X": 0.5}.get(f.unit.size, 0.0)
    if f.unit.type == "cavalry" or is_artillery(f) or f.unit.has("supply_unit"):
        return 0.5
    return 0.0


def _road_enter(state: GameState, u: UnitState) -> dict[str, dict[str, float]]:
    """8.1.4a's extra MP by road into each hex other friendly units hold, per unit. DECISION: entrained units (Rail
    Mode, 8.2.4: "not actually in one specific hex") add nothing; the core counts only the units the log shows
    in the hex all phase (modgen.check.logcheck), never one that may have left before the unit passed."""
    out: dict[str, dict[str, float]] = {}
    for f in state.units_on_map():
        if f.side == u.side and f.unit.id != u.unit.id and not rail_mode(f) and (mp := road_cost_of(f)):
            out.setdefault(f.hex, {})[f.unit.id] = mp  # type: ignore[index]
    return out


# 8.3: "A player may increase an infantry unit's MA by up to 3 MPs, and a cavalry unit's MA by up to 6 MPs per
# movement phase. EXAMPLE: An infantry unit has a MA of 7; therefore the unit could expend up to a maximum of
# 10 MPs during a Movement Phase and a maximum of 6-1/2 MPs during a Counter Movement Phase." Its Effectiveness
# Check (2d6) and the Forced March Results Table (lost) are not read: a move within the extra MP is legal, with a
# note that the roll is not checkable.
FORCED_MARCH = {"infantry": 3.0, "cavalry": 6.0}
# 8.2 (4): "A unit must be moved up to the maximum number of hexes permitted by the Railroad Movement Rate for each MP
# expended"; a unit out of MPs stays in Rail Mode on the line (8.2.4 "Entrained units are not actually in one specific
# hex"): one that ends its phase under a Rail Mode marker it lacked is on its way, not judged (its rail MP, at the
# GT's authored rate, and its destination, not on the map, are not checkable).
EN_ROUTE = {"rail_mode": ("8.2", "entrained in the phase and still in Rail Mode at its end (8.2 (4)): a rail move under way; "
                          "its destination, Rail Points and rail MP are not checkable from the log")}
PREPARED_ATTACK_MP = 3.0  # 8.4: "During the Movement Phase a unit may expend three MPs and place a Prepared Attack marker"
PA_TITLE = "Move too long with a Prepared Attack's 3 MP"
PA_FORBIDDEN = "Prepared Attack marker the rules forbid"


def _prepared_attack(state: GameState, u: UnitState) -> dict[str, tuple[Optional[float], str, str, str]]:
    """8.4 Prepared Attack, as the log shows it (a Prepared Attack marker the unit did not have when the phase
    began): "During the Movement Phase a unit may expend three MPs and place a Prepared Attack marker. ... Once a
    unit has placed a Prepared Attack marker it may not expend any more MPs during that phase. Important: Units
    cannot place Prepared Attack markers during the Counter Movement Phase." 8.4 Restrictions: "Only non-demoralized infantry
    and artillery units can place Prepared Attack markers; Cavalry units cannot do so." 8.3 PLAY NOTE: "Units may
    use a Forced March to place a Prepared Attack marker" (the forced march stays). Demoralized: a Disorder marker
    (7.4 "Disordered units are simply Demoralized units"); a formation demoralized on its Attachment track is not
    read. Not checkable: the marker's facing (not modelled), so neither its target nor the artillery's condition
    ("only if a friendly infantry unit has already placed a Prepared Attack marker pointing to the same hex")."""
    if state.phase == COUNTER_MOVEMENT:
        return {"prepared_attack": (None, "8.4", PA_FORBIDDEN, "\"Units cannot place Prepared Attack markers during the "
                                    "Counter Movement Phase\"")}
    if u.unit.type != "infantry" and not is_artillery(u):
        return {"prepared_attack": (None, "8.4", PA_FORBIDDEN, f"a {u.unit.type} unit: \"Only non-demoralized infantry "
                                    "and artillery units can place Prepared Attack markers; Cavalry units cannot do so\"")}
    if any(m.marker.kind == "disorder" for m in u.markers):
        return {"prepared_attack": (None, "8.4", PA_FORBIDDEN, "a Disordered unit (7.4: \"Disordered units are simply "
                                    "Demoralized units\"): \"Only non-demoralized infantry and artillery units can place "
                                    "Prepared Attack markers\"")}
    return {"prepared_attack": (PREPARED_ATTACK_MP, "8.4", PA_TITLE, "8.4: \"a unit may expend three MPs and place a "
                                "Prepared Attack marker ... it may not expend any more MPs during that phase\"")}


def move_limits(state: GameState, u: UnitState) -> Optional[MoveLimits]:
    """8.1 the unit's MA (3.3 halved in the Counter Movement Phase); 8.0 "Friendly units can NEVER
    enter hexes containing enemy units"; 4.1 the EZOC hexes ("Friendly units do not negate the
    presence of EZOCs in a hex during movement"; none across lake, sea, Major or Grand river
    hexsides) and the lower EZOC-to-EZOC costs; 12.1, 12.4, 3.3.5 units that may not move; 8.1.6 the causeways,
    whose crossings a phase counts (modgen.rules.ef1914_causeway); 2.2, 8.1.3 the pontoon bridges laid,
    priced as bridges (modgen.rules.ef1914_pontoon).
    None (not judged): a unit in Rail Mode or moving only by rail (8.2, the depots' "R" MA)."""
    if rail_mode(u) or u.unit.has("depot"):
        return None
    held, complex_ = _held(state, u)
    enemy = {e.hex for e in state.units_on_map() if e.side != u.side}
    closed = {h: ("8.0", f"{h} is occupied by an enemy unit") for h in enemy}
    if complex_:
        nbrs, _ = neighbour_tables(state.game.map)
        ring = {n for h in complex_ for n in nbrs[h]} - complex_
        closed.update({h: ("12.4", "a fortress garrison may move only within its fortress complex "
                                   f"({', '.join(sorted(complex_))}) until the GT in its dot") for h in ring if h not in closed})
    ezoc = set(enemy_zoc(state, u.side))
    ma = allowance(state, u)
    goals, entries, refusals = ({}, {}, {}) if held else rail_limits(state, u, ezoc, ma)
    return MoveLimits(ma, frozenset(ezoc), closed, held=held,
                      zoc_between=_between_costs(state, u, ezoc), road_links=_road_links(state),
                      road_ignores=ROAD_IGNORES, other_modes=goals, mode_entries=entries, mode_refusals=refusals,
                      mode_note=RAIL_NOTE, marked_costs=_prepared_attack(state, u), marked_unjudged=EN_ROUTE,
                      forced=FORCED_MARCH.get(u.unit.type, 0.0), forced_rule="8.3",
                      road_alone=ROAD_ALONE, road_enter=_road_enter(state, u), road_enter_rule=ROAD_FRIENDS,
                      counted_sides=causeway_sides(state), laid_crossings=pontoon_sides(state))


REPULSE_TITLE = "Two-hex retreat without a Repulse"
NO_REPULSE_ACROSS = frozenset({"major_river", "grand_river"})  # map.yaml hexside types: 8.5 "cannot be conducted over"


def _reaction(ph: PhaseLog, before: UnitState, after: UnitState) -> bool:
    """A move 5.4 / 9.x allow the non-active side in the active side's Movement Phase, not judged
    further here: 9.1 a cavalry unit's one-hex reaction (the reactions no trigger can explain are
    refused by modgen.rules.ef1914_reaction, which the plugin answers with); 9.5.1 artillery
    displacing and 9.8.1 corps trains retreating (involuntary); 8.2.4 an entrained unit displacing "up to 15 hexes" along a RR line; 8.5 a stack
    retreating two hexes from a successful Repulse (_repulse_refused)."""
    if before.hex is None or after.hex is None:
        return False
    nbrs, _ = neighbour_tables(ph.start.game.map)
    one = after.hex in nbrs[before.hex]
    two = not one and any(after.hex in nbrs[n] for n in nbrs[before.hex])
    if before.unit.type == "cavalry" and one:
        return True
    if is_artillery(before) or before.unit.has("supply_unit") or rail_mode(before):
        return True
    return two and _repulse_refused(ph, before) is None


def _repulse_refused(ph: PhaseLog, before: UnitState) -> Optional[str]:
    """Why a two-hex move of a unit of the side not moving cannot be the retreat of a successful Repulse (None: it
    can). 8.5: "a player with a friendly Combat unit adjacent to an enemy-occupied hex announces his intention to
    perform a Repulse"; "A hex containing an enemy fortress unit may not be the target of a Repulse. A Repulse cannot
    be conducted over a Major or Grand River" (DECISION: a bridge does not lift it, the rule names no exception).
    DECISION: the repulsing unit may have come next to the hex during the phase: any hex an enemy combat unit stood
    in when the phase began or was set down in during it counts (the log's order of drops is not read)."""
    state, m = ph.start, ph.start.game.map
    if any(f.hex == before.hex and f.side == before.side and f.unit.has("fortress") for f in state.units_on_map()):
        return "its hex holds a fortress unit (8.5: \"A hex containing an enemy fortress unit may not be the target of a Repulse\")"
    combat = {u.id for u in state.units if u.side != before.side and is_combat(u)}
    spots = {u.hex for u in state.units_on_map() if u.id in combat} | {mv.to for mv in ph.moves if mv.unit in combat and mv.on_map}
    nbrs, _ = neighbour_tables(m)
    if any(n in spots and not {t.id for t in m.side_types(before.hex, n)} & NO_REPULSE_ACROSS for n in nbrs[before.hex]):  # type: ignore[index]
        return None
    return ("no enemy combat unit stood or was set down next to it in the phase but across a Major or Grand River (8.5: "
            "\"a player with a friendly Combat unit adjacent to an enemy-occupied hex\" may Repulse; \"A Repulse cannot be "
            "conducted over a Major or Grand River\")")


def off_turn_move(ph: PhaseLog, before: UnitState, after: UnitState, moves: list[UnitMove]) -> bool:
    """A move of the side not moving by its MA that the rules allow: in a movement phase (8.0: the
    Movement Phase and the Counter Movement Phase), the reactions and displacements of _reaction.
    PLAY NOTE (9.1): "Cavalry Reaction Movement is the only time nonactive units may voluntarily
    move during the movement phases"."""
    return ph.phase in (MOVEMENT, COUNTER_MOVEMENT) and _reaction(ph, before, after)


def off_turn_refusal(ph: PhaseLog, before: UnitState, after: UnitState, moves: list[UnitMove]) -> Optional[Finding]:
    """8.5's finding for a two-hex move of the side not moving, in a movement phase, that no Repulse explains (a
    unit other than cavalry, artillery, supply and entrained units, whose moves _reaction names); None otherwise
    (the core's words, the sequence of play, apply)."""
    if ph.phase not in (MOVEMENT, COUNTER_MOVEMENT) or before.hex is None or after.hex is None:
        return None
    if is_artillery(before) or before.unit.has("supply_unit") or rail_mode(before):
        return None
    nbrs, _ = neighbour_tables(ph.start.game.map)
    if after.hex in nbrs[before.hex] or not any(after.hex in nbrs[n] for n in nbrs[before.hex]):
        return None
    why = _repulse_refused(ph, before)
    if why is None:
        return None
    return Finding("8.5", REPULSE_TITLE, (after.hex,), (before.id,), f"{before.id} ({ph.start.game.side(before.side).name}) "
                   f"moved {before.hex} -> {after.hex} in {ph.label()}: read as the retreat of a successful Repulse (8.5: "
                   f"\"The entire defending STACK to retreat two hexes\"), but {why}")


def _took_on(before: UnitState, after: UnitState, kind: str) -> bool:
    return any(m.marker.kind == kind for m in after.markers) and not any(m.marker.kind == kind for m in before.markers)


def log_phases(phases: list[PhaseLog]) -> tuple[list[StepFinding], list[StepFinding]]:
    """The notes: a pontoon bridge laid or taken up (18.0 is lost: not checkable, modgen.rules.ef1914_pontoon).
    The findings: 8.4 for a unit that did not move: a Prepared Attack marker it lacked when a movement phase began, on it alone in
    its hex when the phase ends (the core prices the marker of a unit that moved: MoveLimits.marked_costs). Refused as
    for a unit that moved (_prepared_attack: not in the Counter Movement Phase, only infantry and artillery not
    Disordered); else its 3 MP must fit the allowance, a forced march allowed (8.3 PLAY NOTE: "Units may use a Forced
    March to place a Prepared Attack marker"). Read only for the side moving by its MA in the phase, and not for a unit
    that may not move at all or is not judged (Rail Mode). Reported at the phase's last step: the log records the
    marker's drop, which the core does not read (it reads units' drops)."""
    out: list[StepFinding] = []
    for ph in phases:
        if ph.phase not in (MOVEMENT, COUNTER_MOVEMENT) or ph.side is None:
            continue
        mover = ph.side if ph.phase == MOVEMENT else next((s.id for s in ph.start.game.sides if s.id != ph.side), None)
        moved = {m.unit for m in ph.moves}
        start = {u.id: u for u in ph.start.units}
        ends = ph.end.units_on_map()
        for after in ends:
            before = start.get(after.id)
            if before is None or before.hex != after.hex or after.id in moved or after.side != mover \
                    or sum(1 for u in ends if u.hex == after.hex) != 1 or not _took_on(before, after, "prepared_attack"):
                continue
            limits = move_limits(ph.start, before)
            if limits is None or limits.held:
                continue
            mp, _, _, why = limits.marked_costs["prepared_attack"]
            what = f"{after.id} at {after.hex} in {ph.label()}, without moving, took on a Prepared Attack marker"
            if mp is None:
                out.append(StepFinding(step=ph.last_step, finding=Finding("8.4", PA_FORBIDDEN, (after.hex,), (after.id,),
                                                                          f"{what}: {why}")))
            elif mp > limits.allowance + limits.forced:
                out.append(StepFinding(step=ph.last_step, finding=Finding("8.4", PA_TITLE, (after.hex,), (after.id,),
                                       f"{what}: {why}: {mp:g} MP is more than the allowance {limits.allowance:g}"
                                       + (f" + {limits.forced:g} by forced march (8.3)" if limits.forced else ""))))
    return out, pontoon_notes(phases)
