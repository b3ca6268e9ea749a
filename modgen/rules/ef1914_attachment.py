"""The Eastern Front in WW1: attachment (6.x) as the Army Organizational Displays show it.
Read by modgen.rules.ef1914.

What one save shows: each army's display is a `grid` part (game.yaml `displays:`), one row per
corps track plus "Independent", one column per Combat Effectiveness Status box 0-4; a marker in
one of its boxes has MarkerState.part = (part id, "<row>/<column>"). A formation's attachment
marker is "att-<unit id>" (kind `attachment`); a corps' is kind `corps_attachment`, its text
printing the Attachment Limit ("Limit 2"; the underscored limit of a Cavalry Corps is written
"Limit 4 cav"); the army marker "army-<display id>" prints the army's ("Limit 6", "Limit 3+C").

Checked (6.2, 3.8), each with the words it rests on in TIMINGS:
  corps limit       division-equivalents on a corps track (XX 1, X 1/2) <= the corps' limit
  cavalry           cavalry formations only on a Cavalry Corps track or the Independent track;
                    no other formation on a Cavalry Corps track
  own corps         a formation bearing a corps ID on that corps' track (the exception: its
                    Corps Train not on the map, still entrained, or eliminated)
  corps markers     never on an Independent track, nor on another corps' track
  army limit        corps attached to an army (a corps row holding an attachment marker or the
                    corps marker) <= the army's limit; "+C": one of them a Cavalry Corps only
  cross-nationality German formations under an A-H army, A-H formations under a German army

Not checked, as one save cannot show it:
  * 6.1 Attachment Restrictions, Corps Train units inside an army's Area of Attachment <= the
    army's Attachment Limit: an Area of Attachment is the hexes between two boundary lines
    running "mostly straight" along hexsides with "only one major bend" from the enemy Front
    Line to seven hexes behind the friendly one; the save holds only the two boundary markers and
    the Army marker, not the lines, so which hexes (and trains) lie in the area is not known.
    For the same reason 6.1's "All formations attached to an Army must place their Attachment
    markers on that army's organizational display" (and its Flexibility Exception) is not checked.
  * 6.1 "Every corps MUST BE attached to an army", and whether every formation's marker is on
    a display at all (reinforcements' markers wait off the displays).
  * 6.2 "Asset units may only be attached to Formations of the same nationality": an Asset Unit's
    attachment follows from where it stands (6.4.1), it is no placement a player makes.
  * 6.2's Optional Rule (two formations per nationality re-assigned away from their corps):
    optional rules are not in play (a finding's message names it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from ..gamestate import GameState, MarkerState, UnitState
from ..model import Marker, Unit
from ..plugin_api import END_OF_PHASE, FIXED_IN_PHASE, Finding, RuleTiming, Timing

RULE = "6.2"  # the sub-case numbers of 6.2 were lost in the text (the Sequence of Play cites "6.2.1")
ATTACHMENT = "Attachment"  # game.yaml turns.phases
INDEPENDENT = "Independent"  # the Independent track's row
CAVALRY_ROW = "Cavalry Corps"  # the "+C" track of an army: a Cavalry Corps only (6.1)
ATT_PREFIX = "att-"
COMBAT = ("infantry", "cavalry")
HALVES = {"XX": 2, "X": 1}  # 3.8: a division counts one, a brigade one-half
ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50}

# Row names that do not spell "<Roman number> [qualifier] Corps": the corps ID printed on the
# formations' counters, and the nationality when it is not the army's (None: the army's). The
# 3 LW Corps (German, `LW` on its counters) has its track on the A-H First Army display.
NAMED_ROWS: dict[str, tuple[Optional[str], str]] = {
    "Gd Res. Corps": (None, "GR"),  # German Guard Reserve Corps: 1 gr/GR, 3 g/GR
    "Landwehr Corps": ("de", "LW"),  # German 3 LW Corps: 3 lw/LW, 4 lw/LW
    "Grenadier Corps": (None, "G"),  # Russian Grenadier Corps: 1 gr/G, 2 gr/G
    "Guard Corps": (None, "Gd"),  # Russian Guard Corps
}
# The qualifier words of a row name as the counters abbreviate them after the corps number.
QUALIFIERS = {"Reserve": "R", "Siberian": "S", "Caucasian": "K"}  # "Caucasian": K(avkaz), as printed
THREE_LW_CORPS = ("de", "LW")
LW_FIRST, LW_LAST = 4, 18  # 6.2: "during GTs 4 through 18"
DE_AH = "German formation attached to an A-H command"
AH_DE = "A-H formation attached to a German army"
RESERVE_TOKENS = ("r", "gr")  # a German RESERVE division: "1 r/1 R", "3 r", "1 gr/GR" (Guard Reserve)

ATT_WORDS = ("6.1: Once an attachment is set during an Attachment Phase, that attachment cannot be changed until the "
             "next friendly Attachment Phase. 5.4: Place all friendly reinforcements indicated by the scenario for the "
             "current GT on the map and organizational displays. [Attachment Phase:] Next adjust the location of "
             "formations' Attachment markers by moving them to the desired Corps or Independent Attachment Tracks.")
# DECISION (timing): what the displays show is set in the owner's Attachment Phase (reinforcements'
# markers are placed in the Reinforcement Phase just before it) and lasts until the next one. The
# limits below are open to change from the start of the owner's Reinforcement Phase to the end of
# his Attachment Phase (pending) and hold at every other moment. 6.1's FLEXIBILITY EXCEPTION ("units
# inside the wrong army's Area of Attachment ... must be corrected at the earliest opportunity")
# concerns where units stand on the map against the areas, which is not checked here (docstring);
# it does not excuse a display breaking a corps' or an army's limit.
SET = Timing(END_OF_PHASE, ATTACHMENT, opens="Reinforcement, Withdrawal and Activation")
# DECISION (own corps track): 6.2 lets a formation sit off its corps' track "until the arrival of its
# own Corps Train unit on map (i.e., after it detrains and moves within extended range of the
# front)". Reading 1: attachment changes only in an Attachment Phase (6.1), so the formation must
# be on its track from the first friendly Attachment Phase after the train arrived; the placement
# is judged against the train as it stood in that phase. Reading 2: the formation must be on its
# track the instant its train is on the map. Reading 2 contradicts 6.1's "cannot be changed until
# the next friendly Attachment Phase": we take reading 1. A save shows the train as it stood in
# the Attachment Phase only from that phase up to the owner's Movement Phase (trains detrain and
# move then): a FIXED_IN_PHASE timing, pending in the Attachment Phase, compared up to Movement,
# information at other moments. "Within extended range of the front" is not traced: a train on the
# map and out of Rail Mode counts as arrived, and the message says so.
OWN_TRACK = Timing(FIXED_IN_PHASE, ATTACHMENT, until="Movement")

LIMIT_WORDS = ("3.8: The Attachment Limit represents the maximum number of division-sized formations that may be "
               "Attached (subordinated) to that corps. Each division-sized formation counts as one, and each "
               "brigade-sized formation counts one-half (1/2) toward the total Attachment Limit permitted. 6.2: The "
               "maximum number of division-sized formations that may be attached to a corps may not exceed that corps' "
               "Attachment Limit (3.8.3). (Brigade-sized formations count as half a division-sized formation.)")
CAV_WORDS = ("3.8: If the Attachment Limit bears an underscore the corps is a Cavalry Corps and can only attach "
             "cavalry type formations. Only Cavalry Corps may attach cavalry formations; any other corps may not "
             "attach cavalry formations. 6.2: Cavalry formations can ONLY be attached to a Cavalry Corps or as "
             "Independent formations.")
OWN_WORDS = ("6.2: Formations with a corps designation in their ID (3.3.1) must have their Attachment marker placed on the "
             "indicated corps Attachment Track. EXCEPTION: A formation belonging to a corps whose Corps Train unit has "
             "not yet arrived on map, or has been eliminated, can be placed on an Independent track or the track of a "
             "Corps other than its own until the arrival of its own Corps Train unit on map (i.e., after it detrains "
             "and moves within extended range of the front).")
CORPS_MARKER_WORDS = ("6.2: To designate that a specific Corps Track represents a specific corps, place the "
                      "corps Attachment marker in the Corps Box. Corps Attachment markers may not be placed on an "
                      "Independent Attachment Track.")
ARMY_WORDS = ("6.2: the number of Corps tracks found is the maximum number of corps that may be attached to that Army. "
              "(This Attachment Limit is also found on the army's Army marker.) 6.1: Some Corps Attachment Tracks may "
              "only have a Cavalry Corps. This is denoted on the Army marker with a +C to the right of the Attachment "
              "Limit.")
CROSS_WORDS = ("6.2 Cross-Nationality Attachment Limits: A maximum of one German RESERVE division can be attached "
               "to an A-H command at any one point in the game. Exception: the 3 LW Corps and its two divisions can be "
               "attached to an A-H army command during GTs 4 through 18. A maximum of one A-H cavalry division can be "
               "attached to a German army command at any one time in the game.")
# DECISION (cross-nationality): reading 1: the sentences limit only what they name (German
# reserve divisions, A-H cavalry divisions), anything else may cross freely; then the 3 LW Corps
# exception would grant nothing (its divisions are Landwehr, not reserve). Reading 2: they list
# all that may cross: under an A-H army at most one German reserve division and, during GTs 4-18,
# the 3 LW Corps with its two divisions; under a German army at most one A-H cavalry division. We
# take reading 2, the only one giving the exception a meaning. "Attached to an A-H command" is read
# as a marker on an A-H army's display (whatever its track); the GT is that of the owner's latest
# Attachment Phase (the attachment the display shows was set then).

TIMINGS: tuple[RuleTiming, ...] = (
    RuleTiming(RULE, SET, f"{LIMIT_WORDS} {ATT_WORDS}", title="Corps over its Attachment Limit"),
    RuleTiming(RULE, SET, f"{CAV_WORDS} {ATT_WORDS}", title="Cavalry formation on a non-cavalry corps track"),
    RuleTiming(RULE, SET, f"{CAV_WORDS} {ATT_WORDS}", title="Non-cavalry formation on a Cavalry Corps track"),
    RuleTiming(RULE, OWN_TRACK, f"{OWN_WORDS} {ATT_WORDS}", title="Formation off its corps' track"),
    RuleTiming(RULE, SET, f"{CORPS_MARKER_WORDS} {ATT_WORDS}", title="Corps marker on an Independent track"),
    RuleTiming(RULE, SET, f"{CORPS_MARKER_WORDS} {ATT_WORDS}", title="Corps marker on another corps' track"),
    RuleTiming(RULE, SET, f"{ARMY_WORDS} {ATT_WORDS}", title="Army over its Attachment Limit"),
    RuleTiming(RULE, SET, f"{CROSS_WORDS} {ATT_WORDS}", title=DE_AH),
    RuleTiming(RULE, SET, f"{CROSS_WORDS} {ATT_WORDS}", title=AH_DE),
)


# ------------------------------------------------------------------ what the data says


@dataclass(frozen=True)
class Corps:
    nationality: str
    id: str  # the corps ID printed on its formations and its Corps Train ("1 R")
    marker: Optional[Marker]  # its corps attachment marker, if the game has it
    limit: Optional[int]  # the Attachment Limit printed on the marker (division-equivalents)
    cavalry: bool  # the limit is underscored ("cav" in the data)

    @property
    def name(self) -> str:
        return f"{self.marker.id} ({' '.join(self.marker.front.text)})" if self.marker else f"corps {self.id}"


@dataclass(frozen=True)
class Army:
    display: str  # display id ("de-8")
    part: str  # grid part id ("de8")
    title: str  # "Eighth Army"
    nationality: str
    rows: tuple[str, ...]
    marker: Optional[Marker]
    limit: Optional[int]
    plus_c: bool

    def where(self, row: str) -> str:
        return f"{self.title} display ({self.part}), row '{row}'"


def roman(s: str) -> Optional[int]:
    if not s or any(c not in ROMAN for c in s):
        return None
    vals = [ROMAN[c] for c in s]
    return sum(-v if i + 1 < len(vals) and v < vals[i + 1] else v for i, v in enumerate(vals))


def corps_marker_id(nationality: str, corps_id: str) -> str:
    """The corps attachment marker of a corps ID: `corps-de-1r` for the German `1 R`."""
    return f"corps-{nationality}-{corps_id.lower().replace(' ', '')}"


def corps_of(state: GameState, nationality: str, corps_id: str) -> Corps:
    marker = state.game.markers.get(corps_marker_id(nationality, corps_id))
    limit, cavalry = None, False
    if marker is not None:
        m = re.search(r"Limit\s*_?(\d+)_?\s*(cav)?", " ".join(marker.front.text))
        if m:
            limit, cavalry = int(m.group(1)), bool(m.group(2))
    return Corps(nationality, corps_id, marker, limit, cavalry)


def cavalry_corps(state: GameState, nationality: str) -> list[Corps]:
    out = []
    for m in state.game.markers.values():
        prefix = f"corps-{nationality}-"
        if m.kind == "corps_attachment" and m.id.startswith(prefix):
            for u in state.game.units.values():  # the corps ID as its formations print it
                if u.nationality == nationality and u.formation and corps_marker_id(nationality, u.formation) == m.id:
                    c = corps_of(state, nationality, u.formation)
                    if c.cavalry:
                        out.append(c)
                    break
    return out


def row_corps(state: GameState, army: Army, row: str) -> Optional[Corps]:
    """The corps whose track the row is: "III Siberian Corps" of a Russian army is `3 S`; None
    for the Independent track or a name this module cannot read."""
    if row == INDEPENDENT:
        return None
    if row in NAMED_ROWS:
        nat, cid = NAMED_ROWS[row]
        return corps_of(state, nat or army.nationality, cid)
    if row == CAVALRY_ROW:  # the army's "+C" track: its nation's Cavalry Corps, when it has one only
        found = cavalry_corps(state, army.nationality)
        return found[0] if len(found) == 1 else None
    words = row.split()
    if len(words) < 2 or words[-1] != "Corps" or roman(words[0]) is None:
        return None
    if any(w not in QUALIFIERS for w in words[1:-1]):
        return None
    return corps_of(state, army.nationality, " ".join([str(roman(words[0]))] + [QUALIFIERS[w] for w in words[1:-1]]))


def armies(state: GameState) -> dict[str, Army]:
    """Grid part id -> its army: the display's id names the nationality ("de-8") and the Army marker."""
    nations = set(state.game.nationalities)
    out: dict[str, Army] = {}
    for d in state.game.displays:
        nat = d.id.split("-")[0]
        for p in d.parts:
            if p.kind != "grid" or INDEPENDENT not in p.rows or nat not in nations:
                continue
            marker = state.game.markers.get(f"army-{d.id}")
            m = re.search(r"Limit\s*(\d+)\s*(\+\s*C)?", " ".join(marker.front.text)) if marker else None
            out[p.id] = Army(d.id, p.id, p.title or p.id, nat, tuple(p.rows), marker,
                             int(m.group(1)) if m else None, bool(m and m.group(2)))
    return out


# ------------------------------------------------------------------ what the save shows


@dataclass(frozen=True)
class Placed:
    marker: MarkerState
    unit: Optional[Unit]  # the formation of an attachment marker


Where = dict[tuple[str, str], list[Placed]]  # (part id, row) -> the markers in the row


def placements(state: GameState, known: dict[str, Army]) -> Where:
    """(part id, row) -> the attachment and corps markers in the row's boxes, by marker id."""
    out: Where = {}
    for m in state.markers:
        if m.part is None or m.part[0] not in known or m.marker.kind not in ("attachment", "corps_attachment"):
            continue
        row = m.part[1].rsplit("/", 1)[0]
        unit = state.game.units.get(m.marker.id[len(ATT_PREFIX):]) if m.marker.kind == "attachment" else None
        out.setdefault((m.part[0], row), []).append(Placed(m, unit))
    for v in out.values():
        v.sort(key=lambda p: p.marker.marker.id)
    return out


def formations(placed: list[Placed]) -> list[Placed]:
    return [p for p in placed if p.unit is not None and p.unit.type in COMBAT]


def ids(placed: list[Placed]) -> str:
    return ", ".join(p.marker.marker.id for p in placed)


def uids(placed: list[Placed]) -> tuple[str, ...]:
    return tuple(sorted(p.unit.id for p in placed if p.unit is not None))


def train_of(state: GameState, corps: Corps) -> Optional[UnitState]:
    return next((u for u in state.units if u.unit.type == "corps_train" and u.unit.nationality == corps.nationality
                 and u.unit.formation == corps.id), None)


def train_unit_id(state: GameState, corps: Corps) -> tuple[str, ...]:
    found = [u.id for u in state.game.units.values() if u.type == "corps_train" and u.nationality == corps.nationality
             and u.formation == corps.id]
    return tuple(sorted(found))


def entrained(u: UnitState) -> bool:
    return any(m.marker.kind == "rail_mode" and not m.back for m in u.markers)


def attachment_turn(state: GameState, side: str) -> Optional[int]:
    """The GT of the side's latest Attachment Phase begun at the save's moment: what its displays show."""
    if state.turn is None:
        return None
    order, phases = list(state.game.turns.player_turns), list(state.game.turns.phases)
    if side not in order or ATTACHMENT not in phases or state.phase not in phases:
        return state.turn
    gt, pt, ph = state.turn_index
    return gt if (pt, ph) >= (order.index(side), phases.index(ATTACHMENT)) else gt - 1


def fmt(halves: int) -> str:
    return f"{halves / 2:g}"


# ------------------------------------------------------------------ the checks


def findings(state: GameState) -> list[Finding]:
    """Every breach of the rules of this module in one save."""
    known = armies(state)
    if not known:
        return []
    placed = placements(state, known)
    out: list[Finding] = []
    for (part, row), here in sorted(placed.items()):
        army = known[part]
        corps = row_corps(state, army, row)
        out += _track(state, army, row, corps, here)
        out += _own_corps(state, army, row, corps, here, known)
    for army in sorted(known.values(), key=lambda a: a.part):
        out += _army_limit(state, army, placed)
        out += _cross_nationality(state, army, placed)
    return out


def _track(state: GameState, army: Army, row: str, corps: Optional[Corps], here: list[Placed]) -> list[Finding]:
    """One track: the corps' limit, cavalry on it, corps markers on it."""
    out: list[Finding] = []
    where = army.where(row)
    forms = formations(here)
    for p in (p for p in here if p.marker.marker.kind == "corps_attachment"):
        m = p.marker.marker
        nat, cid = _corps_key(state, m)
        trains = train_unit_id(state, Corps(nat, cid, m, None, False)) if cid else ()
        if corps is None and row == INDEPENDENT:
            out.append(Finding("6.2", "Corps marker on an Independent track", (), trains,
                               f"{m.id} is on the {where}: corps Attachment markers may not be placed on an "
                               f"Independent Attachment Track"))
        elif corps is not None and corps.marker is not None and m.id != corps.marker.id:
            out.append(Finding("6.2", "Corps marker on another corps' track", (), trains,
                               f"{m.id} is on the {where}, the track of {corps.name}"))
    if corps is None:
        return out
    halves = sum(HALVES.get(p.unit.size, 0) for p in forms if p.unit)
    if corps.limit is not None and halves > 2 * corps.limit:
        out.append(Finding("6.2", "Corps over its Attachment Limit", (), uids(forms),
                           f"{where}: {ids(forms)} make {fmt(halves)} division-equivalents (brigades 1/2); the "
                           f"Attachment Limit of {corps.name} is {corps.limit}"))
    cavalry = corps.cavalry if corps.marker is not None else row == CAVALRY_ROW
    wrong = [p for p in forms if (p.unit.type == "cavalry") != cavalry]  # type: ignore[union-attr]
    if wrong and cavalry:
        out.append(Finding("6.2", "Non-cavalry formation on a Cavalry Corps track", (), uids(wrong),
                           f"{ids(wrong)} on the {where}: {corps.name} is a Cavalry Corps (underscored limit) and "
                           f"can only attach cavalry formations"))
    elif wrong:
        out.append(Finding("6.2", "Cavalry formation on a non-cavalry corps track", (), uids(wrong),
                           f"{ids(wrong)} on the {where}: cavalry formations can only be attached to a Cavalry "
                           f"Corps or as Independent formations, and {corps.name} is no Cavalry Corps"))
    return out


def _corps_key(state: GameState, marker: Marker) -> tuple[str, str]:
    """(nationality, corps ID) of a corps marker, read back from the formations or trains bearing it."""
    for u in state.game.units.values():
        if u.formation and corps_marker_id(u.nationality, u.formation) == marker.id:
            return u.nationality, u.formation
    return "", ""


def _own_corps(state: GameState, army: Army, row: str, corps: Optional[Corps], here: list[Placed],
               known: dict[str, Army]) -> list[Finding]:
    """Formations bearing a corps ID on a track other than their corps' (6.2 and its exception)."""
    out: list[Finding] = []
    for p in formations(here):
        u = p.unit
        assert u is not None
        if not u.formation or (corps is not None and (corps.nationality, corps.id) == (u.nationality, u.formation)):
            continue
        own = corps_of(state, u.nationality, u.formation)
        train = train_of(state, own)
        trains = train_unit_id(state, own)
        if trains and (train is None or train.hex is None or entrained(train)):
            continue  # 6.2 EXCEPTION: its Corps Train has not arrived on the map (or was eliminated)
        tracks = [known[q].where(r) for q in sorted(known) for r in known[q].rows
                  if r != INDEPENDENT and (c := row_corps(state, known[q], r)) is not None
                  and (c.nationality, c.id) == (own.nationality, own.id)]
        home = " or ".join(tracks) if tracks else "no display's track"
        why = (f"its Corps Train {train.id} is on the map in {train.hex}, out of Rail Mode (legal only until the "
               f"first friendly Attachment Phase after it moved within extended range of the front)"
               if train is not None and train.hex else "its corps has no Corps Train unit: the exception cannot apply")
        out.append(Finding("6.2", "Formation off its corps' track", (), (u.id,),
                           f"{p.marker.marker.id} ({u.name}, corps {u.formation}) is on the {army.where(row)}, not "
                           f"on its corps' track ({home}): {why}; 6.2's Optional Rule (two formations per "
                           f"nationality re-assigned) is not in play"))
    return out


def _attached_corps(state: GameState, army: Army, placed: Where) -> list[tuple[str, Corps, list[Placed]]]:
    """The corps the display shows attached: a corps row holding an attachment or corps marker."""
    out = []
    for row in army.rows:
        here = placed.get((army.part, row), [])
        corps = row_corps(state, army, row)
        if row != INDEPENDENT and here and corps is not None:
            out.append((row, corps, here))
    return out


def _army_limit(state: GameState, army: Army, placed: Where) -> list[Finding]:
    if army.limit is None:
        return []
    attached = _attached_corps(state, army, placed)
    cav = [a for a in attached if a[1].cavalry]
    other = [a for a in attached if not a[1].cavalry]
    total = army.limit + (1 if army.plus_c else 0)
    over = len(attached) > total or (army.plus_c and len(other) > army.limit)
    if not over:
        return []
    shown = "; ".join(f"'{row}' ({ids(here)})" for row, _, here in attached)
    units = tuple(sorted(u for _, _, here in attached for u in uids(here)))
    limit = f"{army.limit}+C" if army.plus_c else str(army.limit)
    extra = f" ({len(other)} not Cavalry Corps, {len(cav)} Cavalry Corps)" if army.plus_c else ""
    return [Finding("6.2", "Army over its Attachment Limit", (), units,
                    f"{army.title} display ({army.part}) shows {len(attached)} corps attached{extra}: {shown}; the "
                    f"Attachment Limit of {army.marker.id if army.marker else 'the army'} is {limit}")]


def is_reserve_division(u: Unit) -> bool:
    own = u.name.split("/")[0].split()
    return u.size == "XX" and u.type == "infantry" and any(t in RESERVE_TOKENS for t in own[1:])


def _cross_nationality(state: GameState, army: Army, placed: Where) -> list[Finding]:
    on = [(row, p) for row in army.rows for p in formations(placed.get((army.part, row), []))]
    out: list[Finding] = []
    if army.nationality == "ah":
        german = [(row, p) for row, p in on if p.unit and p.unit.nationality == "de"]
        gt = attachment_turn(state, state.game.nationalities["ah"].side)
        lw = [(r, p) for r, p in german if p.unit and (p.unit.nationality, p.unit.formation) == THREE_LW_CORPS]
        lw_ok = gt is None or LW_FIRST <= gt <= LW_LAST
        reserve = [(r, p) for r, p in german if (r, p) not in lw and p.unit and is_reserve_division(p.unit)]
        other = [(r, p) for r, p in german if (r, p) not in lw and (r, p) not in reserve]
        lw_marker = [(r, p) for r in army.rows for p in placed.get((army.part, r), [])
                     if p.marker.marker.id == corps_marker_id(*THREE_LW_CORPS)]
        if (lw or lw_marker) and not lw_ok:
            out.append(_cross(army, lw + lw_marker, f"the 3 LW Corps and its divisions may be attached to an A-H army only "
                                        f"during GTs {LW_FIRST} through {LW_LAST}; the attachment shown was set on "
                                        f"GT {gt}", DE_AH))
        if len(reserve) > 1:
            out.append(_cross(army, reserve, f"{len(reserve)} German RESERVE divisions: at most one may be attached "
                                             f"to an A-H command", DE_AH))
        if other:
            out.append(_cross(army, other, "no German formation but one RESERVE division (and the 3 LW Corps in GTs "
                                           "4-18) may be attached to an A-H command",
                              DE_AH))
    elif army.nationality == "de":
        ah = [(row, p) for row, p in on if p.unit and p.unit.nationality == "ah"]
        cav = [(r, p) for r, p in ah if p.unit and p.unit.type == "cavalry" and p.unit.size == "XX"]
        other = [(r, p) for r, p in ah if (r, p) not in cav]
        if len(cav) > 1:
            out.append(_cross(army, cav, f"{len(cav)} A-H cavalry divisions: at most one may be attached to a German "
                                         f"army command", AH_DE))
        if other:
            out.append(_cross(army, other, "no A-H formation but one cavalry division may be attached to a German "
                                           "army command", AH_DE))
    return out


def _cross(army: Army, found: list[tuple[str, Placed]], why: str, title: str) -> Finding:
    shown = "; ".join(f"{p.marker.marker.id} on row '{row}'" for row, p in found)
    units = tuple(sorted(p.unit.id if p.unit else _corps_train_id(p) for _, p in found))
    message = f"{army.title} display ({army.part}): {shown}: {why}"
    if title == DE_AH:
        return Finding("6.2", DE_AH, (), units, message)
    return Finding("6.2", AH_DE, (), units, message)


def _corps_train_id(p: Placed) -> str:
    """A corps marker stands for its corps: the finding names its Corps Train (same ID, 2.1)."""
    return p.marker.marker.id.replace("corps-", "", 1).replace("-", "-ct-", 1)
