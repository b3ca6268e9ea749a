"""Ostatnia Wojna Cesarzy: what a log's moves need beyond the TEC (maps/owc1914 map.yaml, 5.1.2-5.1.5).

Source: Ostatnia Wojna Cesarzy (NOVINA, 1997), the Polish rules (authoritative). The core
(modgen.check.paths) finds a move's cheapest path; this module tells it, for one unit in one
Normal movement phase:
  allowance   5.1.1 "jednostki piechoty ... 3PM, jednostki kawalerii ... 4PM" (infantry 3 MP, cavalry
              4 MP); 21.2 an army HQ's MP equal its command range; 16.3 "Jednostki utajnione posiadają
              ruchomość 3PM" (hidden units move 3): units.yaml `ma` holds each of these.
  closed      5.1.4 "nie mogą ... wchodzić na pola zajęte przez jednostki przeciwnika" (never enter hexes
              held by enemy units); an uncaptured enemy fortress or bridgehead (A.3, B.3; 25, 26 from C);
              13 Romania is never entered.
  side_costs  6.2.1 "Przejście przez linię kontroli przeciwnika kosztuje dodatkowo 1PM, jeśli jednostka
              wchodzi na teren czysty, trudny lub przechodzi przez małą rzekę" (crossing an enemy line of
              control costs 1 MP more entering clear or difficult terrain or across a small river).
  closed_sides 6.2.2 "Przejście przez linię kontroli przeciwnika związane z przekroczeniem dużej rzeki,
              grzbietu górskiego lub wejściem na teren bardzo trudny jest niedozwolone" (crossing it together
              with a large river, a mountain ridge or entering very difficult terrain is prohibited).

DECISIONS (where the text or the core leaves a choice; each taken the way that never reports a legal move):
- 6.2.3: a line is ignored "jeśli oba heksy ... są oddzielone od jednostki z linią kontroli przez jezioro,
  dużą rzekę, grzbiet wysokogórski, twierdzę, przyczółek mostowy lub zajmowany przez inną własną
  jednostkę rejon umocniony" (if both hexes are cut off from the LoC unit by a lake, large river, high
  ridge, fortress, bridgehead, or a fortified region held by another own unit). Read: a hex is cut off
  when a blocking hexside lies between it and the LoC unit (owc1914_lines.loc_hexsides), when it is a
  fortress or bridgehead hex (the example: Dębin, a Russian fortress), or when it lies on a fortified
  region's hexsides and another unit of the mover's side held it at the start of the phase.
- 6.2.2 depends on the direction (entering very difficult terrain) where 6.2.1 does not: a line between
  very difficult and other terrain is closed one way (closed_steps: into the very difficult hex, the
  rule's example "Korpus Kawalerii Pawłowa nie może wejść z heksu 3619 na heks 3618, gdyż linia kontroli
  blokuje wejście na błota", Pavlov's cavalry may not enter the swamp 3618 from 3619) and costs +1 MP the
  other way (6.2.1: entering clear or difficult terrain). Two hexes of very difficult terrain, a large river (a bridge included: 5.1.3 removes the river's MP, not the
  river; 7.4.2 "a bridge does not help") or a mountain ridge: closed both ways.
- 6.2.2 "Wyjątki" (exceptions): "na heksie, na który wchodzi jednostka, inny własny oddział rozpoczyna daną
  fazę. Ruch taki kosztuje całość PM" (another own unit began the phase in the hex entered; such a move
  costs all MP) and 21.5 (an unbroken unit in its army HQ's command range moving toward it, which is
  then broken): a line with an own unit at the start of the phase on either side, or (where the scenario
  plays 21) for a commanded unbroken unit a line whose two hexes lie at different distances from its HQ,
  is not closed and costs nothing more (the core cannot end a move there or break the unit).
- 6.2.1 counts a line once however many enemy units make that hexside a line of control.
- 16.3: a unit hidden at the start moves 3 MP (an HQ too, whatever its range); a hidden cavalry unit 4 (16.3:
  "Utajnione jednostki kawalerii mogą wykonać ruch kosztem 4PM, jeśli zostaną ujawnione", if revealed: it may
  reveal itself in its own phase, 16.2).
Rail (18, 19) and sea (38) transport: owc1914_rail (other_modes: a move no march explains, between two stations
linked by rail, or two Baltic ports for a German unit); the reserve movement phases (4): owc1914_reserve (held: a
unit that was no reserve at the phase's start).
5 "W fazie ruchu zwykłego gracz nie może przesuwać oddziałów, które już w danym posunięciu atakowały" (units that
attacked this player-turn may not make a normal move): owc1914_attacks, for the units the log shows pursuing (10); a
log shows the attack phases' 1d12 rolls, never which units attacked (the module has no attack declaration).
"""

from __future__ import annotations

from typing import Optional

from ..gamestate import GameState, UnitState
from ..plugin_api import Finding, MoveLimits, PhaseLog, StepFinding, VPLine
from ..regions import hex_distances
from .common import neighbour_tables
from .owc1914_rail import rail_goals, sea_goals
from .owc1914_reserve import not_reserve
from .owc1914_lines import ROMANIA, area_hexes, has_loc, loc_hexsides, owner_of, rule_in_play, territory

VERY_DIFFICULT = ("primeval_forest", "swamp", "mountains")  # 5.1.2: "teren bardzo trudny (błota, puszcze, góry)"
CLOSING_SIDES = ("large_river", "mountain_ridge")  # 6.2.2: "dużej rzeki, grzbietu górskiego"
FORTIFIED = "fortified_region"
ROMANIAN_BORDER = "romanian_border"
HIDDEN_MP = 3  # 16.3


def allowance(state: GameState, u: UnitState) -> float:
    """5.1.1 and 21.2 (units.yaml `ma`); 16.3 a hidden unit 3, a hidden cavalry unit 4 (see the DECISION)."""
    if u.masked and not u.unit.has("cavalry"):
        return float(HIDDEN_MP)
    return float(u.unit.front.ma)


def broken(u: UnitState) -> bool:
    return any(mk.marker.kind == "broken" for mk in u.markers)


def move_limits(state: GameState, u: UnitState, captured: set[str], fort_rule: str,
                commanded: dict[str, Optional[str]]) -> MoveLimits:
    """The limits of one unit's Normal movement (see the module's text)."""
    m = state.game.map
    land = territory(m)
    enemies = [e for e in state.units_on_map() if e.side != u.side]
    closed = {e.hex or "": ("5.1.4", f"{e.hex} is occupied by an enemy unit") for e in enemies}
    forts = {**area_hexes(m, "fortress-"), **area_hexes(m, "bridgehead-")}
    for h, area in forts.items():
        owner = owner_of(land.get(h))
        if owner and owner != u.side and h not in captured:
            closed.setdefault(h, (fort_rule, f"{h} ({area}) is an uncaptured enemy fortress or bridgehead"))
    for h, t in land.items():
        if t == ROMANIA:
            closed.setdefault(h, ("13", f"{h} is in Romania, never entered"))
    sides: dict[frozenset[str], tuple[str, str]] = {}
    for k, types in m.hexsides.items():
        if ROMANIAN_BORDER in types:
            sides[frozenset(k)] = ("13", "the Romanian border may not be crossed")
    costs: dict[frozenset[str], float] = {}
    steps: dict[tuple[str, str], tuple[str, str]] = {}
    exempt = _exempt(state, u, commanded)
    for edge, (maker, closing) in enemy_lines(state, u).items():
        if edge in sides:
            continue
        if not closing:
            costs[edge] = 1.0  # 6.2.1, both ways; entering very difficult terrain across it is closed below
            into = [h for h in sorted(edge) if m.terrain.get(h) in VERY_DIFFICULT]
            if into and not exempt(edge):
                (vd,), (other,) = into, sorted(edge - {into[0]})
                steps[(other, vd)] = ("6.2.2", f"an enemy line of control ({maker}) lies on {other}/{vd}: entering "
                                               f"very difficult terrain ({vd}) across it is prohibited")
        elif not exempt(edge):
            a, b = sorted(edge)
            sides[edge] = ("6.2.2", f"an enemy line of control ({maker}) lies on {a}/{b} with {closing}: "
                                    "crossing it there is prohibited")
    modes = {**rail_goals(state, u, captured), **sea_goals(state, u)}
    held = not_reserve(state, u, captured)  # 4.1, 5: in a reserve movement phase only its reserves move
    # a move too long only through the lines' +1 breaks 6.2.1, as one too long only through an enemy ZOC
    # breaks the ZOC rule in the other games
    return MoveLimits(allowance(state, u), closed=closed, other_modes=modes, closed_sides=sides, side_costs=costs,
                      side_rule=("6.2.1", "enemy lines of control"), closed_steps=steps, held=held or ())


def enemy_lines(state: GameState, u: UnitState) -> dict[frozenset[str], tuple[str, str]]:
    """Each hexside carrying an enemy line of control for the mover (6.1, less 6.2.3), with the unit
    making it and what closes it (6.2.2: '' when crossing it costs +1 MP, 6.2.1)."""
    m = state.game.map
    _, reach = neighbour_tables(m)
    forts = set(area_hexes(m, "fortress-")) | set(area_hexes(m, "bridgehead-"))
    friends = {f.hex for f in state.units_on_map() if f.side == u.side and f.id != u.id}
    fortified = {h for k, types in m.hexsides.items() if FORTIFIED in types for h in k}
    out: dict[frozenset[str], tuple[str, str]] = {}
    for e in sorted(state.units_on_map(), key=lambda x: x.id):
        if e.side == u.side or not has_loc(e) or e.hex is None:
            continue
        near = set(reach.get(e.hex, ()))

        def cut(h: str) -> bool:
            return h not in near or h in forts or (h in fortified and h in friends)
        for a, b in loc_hexsides(m, e.hex):
            edge = frozenset((a, b))
            if edge in out or (cut(a) and cut(b)):
                continue
            out[edge] = (f"{e.unit.name} in {e.hex}", _closing(state, a, b))
    return out


def _closing(state: GameState, a: str, b: str) -> str:
    """What makes crossing a line on a/b prohibited (6.2.2), '' for +1 MP (see the DECISION)."""
    m = state.game.map
    found = [m.hexside_types[t].name for t in sorted(m.side_features(a, b)) if t in CLOSING_SIDES]
    if found:
        return found[0]
    if m.terrain.get(a) in VERY_DIFFICULT and m.terrain.get(b) in VERY_DIFFICULT:
        return "very difficult terrain on both sides"
    return ""


def _exempt(state: GameState, u: UnitState, commanded: dict[str, Optional[str]]):
    """Whether 6.2.2's exceptions may open a closed line (see the DECISION)."""
    friends = {f.hex for f in state.units_on_map() if f.side == u.side and f.id != u.id}
    hq_id = commanded.get(u.id)
    hq = next((x for x in state.units_on_map() if x.id == hq_id), None)
    dist: dict[str, int] = {}
    if hq is not None and hq.hex and rule_in_play(state, 21) and not broken(u):
        dist = hex_distances([hq.hex], state.game.map.neighbours)

    def exempt(edge: frozenset[str]) -> bool:
        a, b = sorted(edge)
        if a in friends or b in friends:
            return True
        return bool(dist) and dist.get(a) != dist.get(b)
    return exempt


NOT_JUDGED = "moves in this phase are not judged: retreats and pursuits (9, 10) are not checked"


def combat(ph: PhaseLog) -> tuple[list[StepFinding], list[StepFinding], list[VPLine]]:
    """The phases other than Normal movement (game.yaml `combat_phases`): their moves noted as not judged."""
    moved = sorted({mv.unit for mv in ph.moves if mv.on_map})
    if not moved:
        return [], [], []
    return [], [StepFinding(ph.first_step, Finding("", "Moves not checked", units=tuple(moved),
                                                   message=f"{ph.label()}: {NOT_JUDGED}"))], []
