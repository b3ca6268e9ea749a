"""Battle for Galicia 1914: the most VP a side can have earned by a save's moment, and between two
saves of a sequence (rules of play, English edition, 15.0 and 15.1), so that VP recorded beyond it
are reported, the first save's included (its VP were once taken as a baseline whatever they were).

15.0: "During play each player will add VPs as they are earned according to the VP Schedule found
in 15.1." VP start at the scenario's starting VP (scenario data, `vp:`) and grow only by 15.1:
(1) "During GTs 1 through 9, each attack conducted by friendly INFANTRY units earns 1 VP" (in the
side's Combat Phases; 7.0: "No unit may attack or be attacked more than once per Combat Phase");
(2) towns: "Capture" points the GT a town is first captured, "Occupy" points each GT thereafter,
"recorded at the end of a player's turn" (the Record VPs step); (3) "Each eliminated enemy unit
earns 1 VP", Ersatz units none. A save shows (3) (but for counters deleted, not boxed); (1) and (2) only bounded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..gamestate import GameState
from ..plugin_api import Finding

ATTACK_VP_LAST_GT = 9  # 15.1(1)
COMBAT_PHASE, RECORD_PHASE = "Combat", "Record VPs"
ERSATZ_MARK = "ersatz"
ABOVE_TITLE = "VP recorded above what can have been earned"
GROWTH_TITLE = "VP recorded grew more than can have been earned since the save before"


@dataclass(frozen=True)
class Ceiling:
    """The most VP a side can hold at a moment, by source, from a base: the scenario's starting VP,
    or the VP recorded in an earlier save."""

    base: str  # "start", or the earlier save
    start: int
    eliminated: int  # eliminated enemy units but Ersatz, as the save shows them (since the base)
    missing: int  # of them, units missing from the save, which may have been eliminated and deleted
    combat_phases: int  # the side's Combat Phases of GT 1-9 in play since the base
    attacks: int  # at most this many attack VP in them
    record_steps: int  # the side's Record VPs steps in play since the base
    towns: int  # at most this many town VP in them

    @property
    def total(self) -> int:
        return self.start + self.eliminated + self.attacks + self.towns

    def words(self) -> str:
        gone = f" ({self.missing} of them missing from the save)" if self.missing else ""
        return (f"{self.base} {self.start}, eliminated enemy units {self.eliminated}{gone}, infantry attacks in "
                f"{self.combat_phases} Combat Phase(s) at most {self.attacks}, towns in {self.record_steps} "
                f"Record VPs step(s) at most {self.towns}")


def ceiling_findings(states: list[GameState]) -> list[Finding]:
    """Each save whose recorded VP exceed what can have been earned by its moment (15.0/15.1), and
    each save whose VP grew beyond what can have been earned since the save before it; a save of an
    unknown scenario or moment is not judged (its starting VP or moment is unknown)."""
    out: list[Finding] = []
    above: set[tuple[str, str]] = set()  # (save, side) already reported above the ceiling from the start
    for st in (st for st in states if _judged(st)):
        for side in st.game.sides:
            cap, rec = ceiling(st, side.id), st.vp_recorded.get(side.id, 0)
            if rec > cap.total:
                above.add((st.save_path, side.id))
                out.append(Finding("15.1", ABOVE_TITLE, (), (),
                                   f"{st.save_path} ({st.label}): {side.name} has {rec} VP recorded, but at most "
                                   f"{cap.total} can have been earned by this moment ({cap.words()})", save=st.save_path))
    for a, b in zip(states, states[1:]):
        if not (_judged(a) and _judged(b)) or b.turn_index < a.turn_index:
            continue  # saves out of order: 3.1's finding
        for side in b.game.sides:
            cap, rec = ceiling(b, side.id, since=a), b.vp_recorded.get(side.id, 0)
            if rec > cap.total and (b.save_path, side.id) not in above:
                out.append(Finding("15.1", GROWTH_TITLE, (), (),
                                   f"{b.save_path} ({b.label}): {side.name} has {rec} VP recorded, but at most "
                                   f"{cap.total} can have been earned since {a.save_path} ({a.label}) ({cap.words()})",
                                   save=b.save_path))
    return out


def _judged(st: GameState) -> bool:
    return st.scenario is not None and st.turn is not None and st.phasing_side is not None \
        and st.phase in st.game.turns.phases


def ceiling(st: GameState, side: str, since: Optional[GameState] = None) -> Ceiling:
    """The most VP `side` can hold at the save's moment (15.0, 15.1 (1)-(3)): from the scenario's
    start, or from the VP recorded in the earlier save `since`.

    Attacks a Combat Phase: at most one per friendly infantry unit and one per enemy unit (7.0:
    none attacks or is attacked twice). DECISION: the units in play now (on the map or eliminated)
    bound every earlier phase: a unit on the map then is on it now or eliminated (10.3.4:
    eliminated units cannot return). Towns: from the start, each of the side's towns at most its
    Capture points and then its Occupy points at every later Record VPs step; since a save, at most
    the larger of the two at each step (which the town earned before is not known)."""
    game = st.game
    units = game.units
    before = _gone(since) if since is not None else set()
    scoring = [u for u in _gone(st) - before if units[u].side != side and not units[u].mark(ERSATZ_MARK)]
    missing = sum(1 for u in scoring if u not in st.eliminated)
    in_play = [u.unit for u in st.units_on_map()] + [units[u] for u in sorted(_gone(st))]
    infantry = sum(1 for u in in_play if u.side == side and u.type == "infantry")
    targets = sum(1 for u in in_play if u.side != side)
    combats = _steps_in_play(st, side, COMBAT_PHASE, ATTACK_VP_LAST_GT, since)
    records = _steps_in_play(st, side, RECORD_PHASE, game.turns.count, since)
    mine = [t.vp for t in game.map.towns if t.vp and t.vp.side == side]
    if since is None:
        towns = sum(v.capture + v.occupy * (records - 1) for v in mine) if records else 0
        base, start = "start", start_vp(st, side)
    else:
        towns = records * sum(max(v.capture, v.occupy) for v in mine)
        base, start = f"recorded in {since.save_path}", since.vp_recorded.get(side, 0)
    return Ceiling(base, start, len(scoring), missing, combats, combats * min(infantry, targets), records, towns)


def _gone(st: GameState) -> set[str]:
    """Units that may have been eliminated: in an eliminated box, or missing from the save though its
    scenario brings them. DECISION: a player may delete an eliminated counter instead of moving it to
    the box, so a missing unit may have earned its VP (the save's missing units are reported apart)."""
    return {u for u in (*st.eliminated, *st.reported_missing) if u in st.game.units}


def start_vp(st: GameState, side: str) -> int:
    """The side's VP when the save's scenario began (scenario data `vp:`, default 0; 0 when unknown)."""
    return dict(st.scenario.vp).get(side, 0) if st.scenario is not None else 0


def _steps_in_play(st: GameState, side: str, phase: str, last_gt: int, since: Optional[GameState]) -> int:
    """How many of the side's `phase` (GT 1 to last_gt, skipped player turns left out) have begun
    at the save's moment (a save taken in the phase counts it: VP are added "as they are earned"),
    and, with `since`, were not over at that earlier save's moment (one it was taken in counts)."""
    game = st.game
    phases = list(game.turns.phases)
    order = list(game.turns.player_turns)
    if phase not in phases or side not in order:
        return 0
    skips = set(st.scenario.skip) if st.scenario else set()
    keys = [(gt, order.index(side), phases.index(phase)) for gt in range(1, last_gt + 1) if (gt, side) not in skips]
    return sum(1 for k in keys if k <= st.turn_index and (since is None or since.turn_index <= k))
