"""The Eastern Front in WW1: marker and stack bookkeeping a save shows (13.x IPs, 11.1 step
losses, 4.2.5 stack order, 8.2.4 entrained units next to the enemy). Read by modgen.rules.ef1914.

Source: The Eastern Front in WW1: 1914, Twilight in the East, Rule Book, Living Rules (June 2014). Where the text leaves a
reading open, the choice is marked DECISION.

How the data encodes what these rules read (counters/ef1914/markers.yaml, units.yaml, maps/ef1914):
  IP marker      kind ip; ip-<nat>-1 (Level 1 / back Level 2), ip-<nat>-3 (Level 3 / back Level 4),
                 nat de, ah, ru (the national colour); marker.side the side; ip-ruined (no side):
                 front "IP Ruined", back "Level 3 IP" (a printed IP rebuilt, 13.5)
  printed IP     a map area whose id starts with `printed-ip-` (13.5: no marker needed)
  step loss      kind step_loss, faces "Step Loss 1".."Step Loss 6" (the number is the face's)
  steps          a unit's printed attack = printed STEPS, `reduced:` its half-strength back side
                 (supply units' backs are Extended Mode, not a reduced side; 3.6: one step)
  demoralized    a Disordered D1/D2 marker (7.4: "Disordered units are simply Demoralized units");
                 the CE status on the Army Organizational Displays is not read here
  CS 1/2         kind cs_half, either face; Rail Mode: kind rail_mode, front face (back: Destination)
"""

from __future__ import annotations

import re
from typing import Optional

from ..gamestate import GameState, MarkerState, UnitState
from ..plugin_api import Finding, RuleTiming, Timing
from .common import neighbour_tables
from .ef1914_units import rail_mode as entrained

# ------------------------------------------------------------------ 13.x Improved Positions
RUINED = "ip-ruined"  # markers.yaml: front IP Ruined, back Level 3 IP
PRINTED_IP = "printed-ip-"  # map areas of the IPs printed on the map (13.5)
NATIONALITY = {"de": "German", "ah": "A-H", "ru": "Russian"}
L3_FROM = {"de": 22, "ah": 25, "ru": 25}  # 13.1 Combat Experience Limitation
# DECISION (13.1): the GT of the Level 4 limit is lost from the text: "no unit may begin constructing a
# Level 4 IP until GT IP Effects on Movement ..." (the number and the next heading ran together). Readings:
# (a) take the earliest GT the text itself allows a Level 4 to be built: 13.5 says of a rebuilt printed IP
# "It may be increased to Level 4 (after GT 20) through the normal building process", so building Level 4
# was open after GT 20: GT 21; (b) guess a later GT (after the Level 3 GTs). Taken: (a), which flags only
# what no reading of the lost number allows. A Level 4 is built by upgrading a Level 3 ("An infantry
# formation can upgrade a Level 2 or 3 IP one level to a Level 3 or 4 IP"), so a national Level 4 marker
# is also not allowed before that nationality's Level 3 GT, except on a printed IP, where the Level 3 comes
# from the rebuilt printed IP ("the IP immediately becomes a Level 3 IP") and not from the national limit.
L4_FROM = 21
L4_NOTE = (f"the Level 4 GT is lost from the rules text (13.1 'until GT [lost]'); this checker takes GT "
           f"{L4_FROM}, after 13.5's 'increased to Level 4 (after GT 20)'")
IP_WORDS_ONE = ("13.0: There are four levels of IPs: 1 thru 4. 13.1: An infantry unit can upgrade a Level 1 IP to "
                "Level 2 by expending an additional 7 MPs. An infantry formation can upgrade a Level 2 or 3 IP one "
                "level to a Level 3 or 4 IP (respectively) by expending 7 MPs.")
IP_WORDS_REMOVAL = ("13.4: Once placed, an IP marker remains in a hex, until the instant all friendly units leave "
                    "the hex, at which time the marker is immediately removed from play. 13.1: Use an IP marker of "
                    "the appropriate national color when placing it on the map.")
IP_WORDS_LEVEL = ("13.1 Combat Experience Limitation: IMPORTANT No German unit may begin constructing a Level 3 IP "
                  "until GT 22; no Russian or A-H unit may begin constructing a Level 3 IP until GT 25; and no unit "
                  "may begin constructing a Level 4 IP until GT [the number is lost from the text].")
IP_WORDS_RUINED = ("13.5 Ruined IPs: An IP printed on the map is ruined the instant an enemy unit enters the hex it "
                   "occupies. Place an orange IP Ruined marker upon the hex.")
# DECISION (13.0): the text has no sentence "one IP per hex"; but a hex's IP has one level and is
# upgraded in place ("upgrade a Level 1 IP to Level 2"), so two IP markers in a hex show two levels at
# once: never legal. The ruined marker on its IP Ruined face is no IP (it records a ruined printed
# IP) and is not counted; on its Level 3 IP face it is one.
# DECISION (13.4): "friendly units" are the marker's side's: a German IP marker held by A-H units only
# stays (they are friendly units); an IP marker in a hex of the other side's units is one whose
# friendly units left (13.4: removed "the instant"), so it is an error like one in an empty hex.
# The IP Ruined marker (either face) is exempt: it records the printed IP's state, which 13.5
# changes only when an enemy unit enters; it is allowed only on a printed IP.

# ------------------------------------------------------------------ 11.1 step losses
STEP_WORDS = ("11.1: For units containing more than one step, mark their step losses with a step loss marker placed "
              "under the unit. When the original step strength minus the marker s number is equal to the reduced "
              "step strength (back side) of the unit, flip the unit over. When the reduced step strength minus the "
              "marker s number equals the total steps available to the unit, remove it from play. No unit may "
              "suffer more step losses than it has available. Units with only one step are removed when they lose "
              "one step. 3.3: All Asset Units and a small number of formations do not have a reduced side.")
# DECISION (11.1): what a step loss marker under a flipped unit counts. Readings: (a) all steps lost
# since full strength (3.3: "a Step Loss marker is placed beneath a unit to indicate the number of steps
# lost"); (b) the steps lost since the flip, counted from the back's printed steps (11.1: "When the
# reduced step strength minus the marker s number equals [zero] ... remove it from play"; 3.3: "The
# current attack strength is determined by subtracting the number of step losses suffered from the steps
# printed on the counter"). Taken: (b), the only one both 11.1 sentences and 3.3's strength sentence
# agree with: a unit's current steps are the steps printed on its face up minus its markers; a unit on
# its front must flip when front - marker reaches the back's printed steps (so its marker is then less
# than front - back); a flipped unit may carry any marker below its back's steps. Several step loss
# markers under one unit add up (the markers go to 6; a 12-step division may lose 11).
STEP_NOTE = "step loss markers count the steps lost since the face shown (11.1; a flipped unit's count restarts)"

# ------------------------------------------------------------------ 4.2.5 order of stacking
ORDER_WORDS = ("4.2.5 Order of Stacking: The top unit in a stack (the unit revealed to the opponent) is dependent upon "
               "the stack s contents. If one of the following units is present it must be placed on top in this "
               "order of priority: Hex with an IP: largest infantry, largest cavalry, any fortress unit, any "
               "artillery, any supply, any other; any other hex: largest cavalry, largest infantry, any fortress "
               "unit, any artillery, any supply, any other. For this rule the largest unit is defined as the unit "
               "with the most steps. EXCEPTION: Demoralized units and units bearing Combat Strength 1/2 markers are "
               "considered the smallest of their type in a stack.")
# DECISION (4.2.5), what is ordered: (a) the top unit only: "The top unit in a stack (the unit revealed
# to the opponent) is dependent upon the stack s contents. If one of the following units is present it
# must be placed on top in this order of priority"; the chart's rows are that priority (no infantry:
# the largest cavalry goes on top, ...); (b) the whole stack top to bottom in the chart's rows, with
# every unit not the largest of its type among "any other" at the bottom (a second division below the
# artillery and supply). Taken: (a), the sentence's own words; the rest of the stack is free. Ties are
# free: any of the equally largest units may be on top; demoralized and CS 1/2 units all count as the
# smallest (size 0), so any of them may be on top when only such units of the type are there.
# DECISION (4.2.5), when: (a) at every moment: the sentence has no moment, unlike the stacking limit
# just before it ("at the END of any friendly movement phase"), and the top unit is what the opponent
# sees, also mid-movement (cavalry reaction, 9.1, answers what moves adjacent); (b) only once each
# movement phase has ended, since moving units "pass through" friendly stacks. Taken: (a); a save
# taken while a unit passes through a stack shows it on top, which the message names.
# DECISION (4.2.5): "Demoralized" is read from Disordered markers only (7.4: "Disordered units are
# simply Demoralized units"); a formation demoralized on its Attachment track is not seen here.

# ------------------------------------------------------------------ 8.2.4 entrained units
RAIL_WORDS = ("8.2.4 Units in Rail Mode (Entrained Units): A unit in Rail Mode is considered entrained. ... If an "
              "enemy combat or artillery unit moves adjacent to it, it must displace, moving along a friendly "
              "operational RR line, up to 15 hexes toward its intended destination. 8.2.3 (5) Detraining: ... If an "
              "enemy unit moves adjacent, remove the MPs Expended marker and replace it with a Combat Strength 1/2 "
              "marker.")
# DECISION (8.2.4): the words cover an enemy unit moving adjacent; they say nothing of an entrained
# unit that moves by rail next to the enemy, but its destination must be "a minimum of three hexes away
# from enemy units" and it may not entrain in an EZOC. Readings: (a) an entrained unit never stays
# adjacent to an enemy combat or artillery unit: whoever moved, it displaces; (b) only enemy moves count
# (a save cannot tell who moved). Taken: (a), at every moment, as the plugin reads 9.9's same words
# ("if an enemy unit moves adjacent it must displace"). Adjacent is any of the six hexsides (not a ZOC:
# rivers do not matter); an enemy unit in Rail Mode is still a combat or artillery unit and counts.
# A unit that has begun to detrain (8.2.3 point 5: an en/detraining MPs Expended marker or a CS 1/2
# marker on it) does not displace: the enemy's approach costs it the MPs and gives it CS 1/2 instead.
ADJACENT_TYPES = ("infantry", "cavalry", "artillery")  # 2.1: combat units are infantry and cavalry
DETRAIN_MARKERS = ("mp-train",)

TIMINGS: tuple[RuleTiming, ...] = (
    RuleTiming("13.0", Timing(), IP_WORDS_ONE, title="More than one IP in a hex"),
    RuleTiming("13.4", Timing(), IP_WORDS_REMOVAL, title="IP marker in a hex without units"),
    RuleTiming("13.4", Timing(), IP_WORDS_REMOVAL, title="IP marker of the other side"),
    RuleTiming("13.1", Timing(), IP_WORDS_LEVEL, title="IP level not yet allowed"),
    RuleTiming("13.5", Timing(), IP_WORDS_RUINED, title="IP Ruined marker off a printed IP"),
    RuleTiming("11.1", Timing(), STEP_WORDS, title="Step losses eliminate the unit"),
    RuleTiming("11.1", Timing(), STEP_WORDS, title="Unit not flipped to its reduced side"),
    RuleTiming("4.2.5", Timing(), ORDER_WORDS, title="Wrong unit on top of the stack"),
    RuleTiming("8.2.4", Timing(), RAIL_WORDS, title="Entrained unit adjacent to an enemy unit"),
)


def findings(state: GameState) -> list[Finding]:
    """Every breach of the rules of this module in one save."""
    return _ips(state) + _step_losses(state) + _stack_order(state) + _entrained(state)


# ------------------------------------------------------------------ helpers
def face_number(m: MarkerState) -> Optional[int]:
    """The number a marker's face up shows ("Step Loss 3" -> 3, "German IP Level 4" -> 4)."""
    found = re.search(r"(\d+)\s*$", m.face)
    return int(found.group(1)) if found else None


def ip_nationality(m: MarkerState) -> Optional[str]:
    """de, ah or ru from a national IP marker's id (ip-de-3); None for the ruined marker."""
    found = re.match(r"ip-([a-z]+)-\d+$", m.marker.id)
    return found.group(1) if found else None


def printed_ip_hexes(state: GameState) -> set[str]:
    return {h for a in state.game.map.areas if a.id.startswith(PRINTED_IP) for h in a.hexes}


def ip_markers(state: GameState) -> dict[str, list[MarkerState]]:
    """IP markers (national and ruined) on the map, by hex."""
    out: dict[str, list[MarkerState]] = {}
    for m in state.markers:
        if m.marker.kind == "ip" and m.hex is not None:
            out.setdefault(m.hex, []).append(m)
    return out


def is_ip(m: MarkerState) -> bool:
    """The marker shows an IP: any national IP marker; the ruined marker on its Level 3 IP face."""
    return m.marker.id != RUINED or m.back


def ip_hexes(state: GameState) -> set[str]:
    """Hexes with an IP in effect: an IP marker, or a printed IP with no IP Ruined marker (face up)."""
    markers = ip_markers(state)
    out = {h for h, ms in markers.items() if any(is_ip(m) for m in ms)}
    ruined = {h for h, ms in markers.items() if any(not is_ip(m) for m in ms)}
    return out | (printed_ip_hexes(state) - ruined)


def count(n: int, what: str) -> str:
    """`1 step`, `6 steps`, `2 step losses`."""
    return f"{n} {what}" if n == 1 else f"{n} {what}{'es' if what.endswith('s') else 's'}"


def sorted_ids(units: list[UnitState]) -> tuple[str, ...]:
    return tuple(sorted(u.unit.id for u in units))


# ------------------------------------------------------------------ 13.x
def _ips(state: GameState) -> list[Finding]:
    by_hex = state.by_hex()
    printed = printed_ip_hexes(state)
    out: list[Finding] = []
    for h, ms in sorted(ip_markers(state).items()):
        units = by_hex.get(h, [])
        shown = [m for m in ms if is_ip(m)]
        if len(shown) > 1:
            faces = ", ".join(sorted(m.face for m in shown))
            out.append(Finding("13.0", "More than one IP in a hex", (h,), sorted_ids(units),
                               f"{len(shown)} IP markers in {h} ({faces}): a hex holds one IP, upgraded in place"))
        for m in sorted(ms, key=lambda x: x.marker.id):
            if m.marker.id == RUINED:
                if h not in printed:
                    out.append(Finding("13.5", "IP Ruined marker off a printed IP", (h,), sorted_ids(units),
                                       f"an IP Ruined marker ({m.face}) is in {h}, where no IP is printed on the map"))
                continue
            out += _ip_marker(state, h, m, units, h in printed)
    return out


def _ip_marker(state: GameState, h: str, m: MarkerState, units: list[UnitState], printed: bool) -> list[Finding]:
    game = state.game
    out: list[Finding] = []
    side = m.marker.side
    friendly = [u for u in units if u.side == side]
    if not units:
        out.append(Finding("13.4", "IP marker in a hex without units", (h,), (),
                           f"{m.face} is in {h}, with no unit: it is removed the instant all friendly units leave"))
    elif not friendly:
        sides = ", ".join(sorted({game.side(u.side).name for u in units}))
        owner = game.side(side).name if side else "no side"
        out.append(Finding("13.4", "IP marker of the other side", (h,), sorted_ids(units),
                           f"{m.face} ({owner}) is in {h}, held by {sides} units: it went the instant its "
                           f"side's units left"))
    level, nat = face_number(m), ip_nationality(m)
    if level is None or nat not in L3_FROM or state.turn is None:
        return out
    earliest = {1: 1, 2: 1, 3: L3_FROM[nat], 4: L4_FROM if printed else max(L4_FROM, L3_FROM[nat])}.get(level, 1)
    if state.turn < earliest:
        why = (f"no {NATIONALITY[nat]} unit may begin a Level 3 IP until GT {L3_FROM[nat]}" if level == 3 else
               f"Level 4 is built on a Level 3 ({NATIONALITY[nat]} from GT {L3_FROM[nat]}); {L4_NOTE}")
        if level == 4 and printed:
            why = L4_NOTE + "; on a printed IP the Level 3 is the rebuilt printed one"
        out.append(Finding("13.1", "IP level not yet allowed", (h,), sorted_ids(units),
                           f"{m.face} in {h} on GT {state.turn}: earliest GT {earliest} ({why})"))
    return out


# ------------------------------------------------------------------ 11.1
def printed_steps(u: UnitState) -> int:
    """Steps printed on the face shown (3.6: a supply unit has one step, whatever its counter shows)."""
    if u.unit.has("supply_unit"):
        return 1
    return u.attack


def has_reduced_side(u: UnitState) -> bool:
    """A back that is a half-strength side (supply units' backs are Extended Mode)."""
    return u.unit.back is not None and not u.unit.has("supply_unit") and u.unit.back.attack < u.unit.front.attack


def step_losses(u: UnitState) -> int:
    return sum(face_number(m) or 0 for m in u.markers if m.marker.kind == "step_loss")


def current_steps(u: UnitState) -> int:
    return printed_steps(u) - step_losses(u)


def _step_losses(state: GameState) -> list[Finding]:
    out: list[Finding] = []
    for u in sorted(state.units_on_map(), key=lambda x: (x.hex, x.unit.id)):
        lost = step_losses(u)
        if not lost:
            continue
        face = "reduced" if u.reduced else "full-strength"
        steps = printed_steps(u)
        if lost >= steps:
            out.append(Finding("11.1", "Step losses eliminate the unit", (u.hex,), (u.unit.id,),
                               f"{u.unit.id} shows {count(lost, 'step loss')} on its {face} side of "
                               f"{count(steps, 'step')}: a unit with no steps left is removed from play ({STEP_NOTE})"))
        elif not u.reduced and has_reduced_side(u) and steps - lost <= u.unit.back.attack:  # type: ignore[union-attr]
            back = u.unit.back.attack  # type: ignore[union-attr]
            out.append(Finding("11.1", "Unit not flipped to its reduced side", (u.hex,), (u.unit.id,),
                               f"{u.unit.id} is on its full-strength side ({count(steps, 'step')}) with "
                               f"{count(lost, 'step loss')}: at {count(steps - back, 'loss')} it flips to its "
                               f"reduced side ({count(back, 'step')}), its marker then counting the losses beyond "
                               f"({STEP_NOTE})"))
    return out


# ------------------------------------------------------------------ 4.2.5
IP_HEX_ORDER = ("infantry", "cavalry", "fortress", "artillery", "supply", "other")
OTHER_HEX_ORDER = ("cavalry", "infantry", "fortress", "artillery", "supply", "other")
LARGEST = ("infantry", "cavalry")  # the chart's "largest" rows; the others are "any"


def order_type(u: UnitState) -> str:
    t = u.unit.type
    if t in ("infantry", "cavalry", "artillery"):
        return t
    if u.unit.has("fortress"):
        return "fortress"
    if u.unit.has("supply_unit"):
        return "supply"
    return "other"


def impaired(u: UnitState) -> bool:
    """Demoralized (a Disordered marker) or bearing a CS 1/2 marker (either face)."""
    return any(m.marker.kind in ("disorder", "cs_half") for m in u.markers)


def order_size(u: UnitState) -> int:
    """Steps for 4.2.5 ("the unit with the most steps"); demoralized and CS 1/2 units the smallest."""
    return 0 if impaired(u) else current_steps(u)


def _stack_order(state: GameState) -> list[Finding]:
    ips = ip_hexes(state)
    out: list[Finding] = []
    for h, units in sorted(state.by_hex().items()):
        if len(units) < 2 or len({u.side for u in units}) > 1:
            continue  # units of both sides: 4.2's finding
        order = IP_HEX_ORDER if h in ips else OTHER_HEX_ORDER
        present = {order_type(u) for u in units}
        kind = next(k for k in order if k in present)
        candidates = [u for u in units if order_type(u) == kind]
        if kind in LARGEST:
            biggest = max(order_size(u) for u in candidates)
            candidates = [u for u in candidates if order_size(u) == biggest]
        top = units[-1]
        if top in candidates:
            continue
        hex_kind = "a hex with an IP" if h in ips else "a hex without an IP"
        want = f"the largest {kind} unit" if kind in LARGEST else f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} unit"
        names = ", ".join(sorted(f"{u.unit.id} ({count(order_size(u), 'step')})" if kind in LARGEST else u.unit.id
                                 for u in candidates))
        out.append(Finding("4.2.5", "Wrong unit on top of the stack", (h,), sorted_ids(units),
                           f"{top.unit.id} ({order_type(top)}) is on top in {h}, {hex_kind}: {want} goes on top "
                           f"({names}); demoralized and CS 1/2 units count as the smallest (legal only while a "
                           f"moving unit passes through the stack)"))
    return out


# ------------------------------------------------------------------ 8.2.4
def detraining(u: UnitState) -> bool:
    """8.2.3 point 5: begun to detrain (en/detraining MPs Expended marker) or hit while doing so (CS 1/2)."""
    return any(m.marker.id in DETRAIN_MARKERS or m.marker.kind == "cs_half" for m in u.markers)


def _entrained(state: GameState) -> list[Finding]:
    nbrs, _ = neighbour_tables(state.game.map)
    by_hex = state.by_hex()
    out: list[Finding] = []
    for u in sorted(state.units_on_map(), key=lambda x: (x.hex, x.unit.id)):
        if not entrained(u) or detraining(u):
            continue
        near = sorted(n for n in nbrs.get(u.hex, ())  # type: ignore[arg-type]
                      if any(v.side != u.side and v.unit.type in ADJACENT_TYPES for v in by_hex.get(n, [])))
        if near:
            enemies = sorted(v.unit.id for n in near for v in by_hex[n]
                             if v.side != u.side and v.unit.type in ADJACENT_TYPES)
            out.append(Finding("8.2.4", "Entrained unit adjacent to an enemy unit", (u.hex,), (u.unit.id,),
                               f"{u.unit.id} is in Rail Mode in {u.hex}, adjacent to enemy combat or artillery units "
                               f"({', '.join(enemies)} in {', '.join(near)}): it must displace up to 15 hexes along "
                               f"a friendly operational RR line toward its destination"))
    return out
