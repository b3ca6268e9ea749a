"""When a rule holds: each finding's status at the moment of its save.

A save is a moment of a turn, read from its turn tracker: (game turn, player turn, phase). The
tracker shows the phase being played, so a save in phase X is taken during X: a rule holding
"at the end of X" is not yet applied there and holds in any later phase (modgen.plugin_api.Timing).
The plugins report what a position breaks whatever the moment; here each finding becomes an
error where its rule holds, a pending note (with by when it must hold) where the position may
still change before the rule applies, or information where the rule is not applied.

Supply markers set in a phase (a FIXED_IN_PHASE timing, ReportSpec.supply_marker_rule) are
compared with the position only where it is still the position of that phase; later, a save
of that phase in the same sequence gives the state the markers must show.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional, Sequence

from ..gamestate import GameState
from ..plugin_api import (
    ALWAYS, DURING_PHASE, END_OF_PHASE, END_OF_TURN, ERROR, FIXED_IN_PHASE, INFO, PENDING, PHASING, Finding, ReportSpec,
    SupplyStatus, Timing,
)

_RANK = {ERROR: 0, PENDING: 1, INFO: 2}


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def known_moment(state: GameState) -> bool:
    """The save's turn tracker gives a turn, a phasing side and one of the game's phases."""
    return state.turn is not None and state.phasing_side is not None and state.phase in state.game.turns.phases


def _phase_index(state: GameState, phase: str) -> Optional[int]:
    phases = list(state.game.turns.phases)
    return phases.index(phase) if phase in phases else None


def status_at(timing: Timing, state: GameState, side: Optional[str], each: bool = False) -> tuple[str, str]:
    """(status, when) of a breach of a rule with this timing by units of `side` (None: no side)
    at the save's moment; each=True words `when` for every side alike. A save whose moment is
    unknown, or a timing naming a phase the game lacks, gets every rule applied (error), as
    before timings existed."""
    if timing.kind == ALWAYS or not known_moment(state):
        return ERROR, ""
    game = state.game
    now = _phase_index(state, state.phase or "")
    bound = state.phasing_side if timing.whose == PHASING or side is None else side
    mine = bound == state.phasing_side  # the bound side's player turn is being played
    who = "each side's" if each else possessive(game.side(bound).name) if bound else "the"
    at = f"{game.turns.label} {state.turn}"
    if timing.kind == END_OF_TURN and timing.turn is not None:
        if state.turn is not None and state.turn <= timing.turn:
            return PENDING, f"must hold from the end of {game.turns.label} {timing.turn}"
        return ERROR, ""
    end = _phase_index(state, timing.phase)
    if end is None or now is None:
        return ERROR, ""
    if timing.kind == END_OF_PHASE:
        start = _phase_index(state, timing.opens or timing.phase)
        start = end if start is None else start
        if mine and start <= now <= end:
            return PENDING, f"must hold at the end of {who} {timing.phase} phase ({at})"
        return ERROR, ""
    if timing.kind == DURING_PHASE:
        if mine and now == end:
            return ERROR, ""
        return INFO, f"applies only during {who} {timing.phase} phase"
    if timing.kind == FIXED_IN_PHASE:
        until = _phase_index(state, timing.until) if timing.until else None
        until = len(game.turns.phases) if until is None else until
        if mine and now == end:
            return PENDING, f"set in {who} {timing.phase} phase: must agree at its end ({at})"
        if mine and end < now < until:
            return ERROR, ""
        return INFO, (f"set in {who} last {timing.phase} phase; the units may have moved since, "
                      f"so what the save shows now is information, not compared")
    return ERROR, ""


def sides_of(f: Finding, state: GameState) -> list[Optional[str]]:
    """The sides owning the finding's units ([None] for a finding naming no unit of the game)."""
    units = state.game.units
    sides = sorted({units[u].side for u in f.units if u in units})
    return list(sides) or [None]


def classify(f: Finding, spec: ReportSpec, state: GameState) -> Finding:
    """The finding with its status and `when` at the save's moment (the strictest over its sides)."""
    timing = spec.timing_of(f)
    best = min((status_at(timing, state, side) for side in sides_of(f, state)), key=lambda sw: _RANK[sw[0]])
    return replace(f, status=best[0], when=best[1])


@dataclass
class NotApplied:
    """A rule not applied at a save's moment: for which sides, and why."""

    rule: str  # the rule as the report names it: number and name
    status: str
    sides: list[str]
    when: str


def not_applied(spec: ReportSpec, state: GameState, compared: frozenset[str] = frozenset()) -> list[NotApplied]:
    """Every declared rule that does not hold at the save's moment for some side (the report's
    header says so, whether or not the position breaks it); `compared`: sides whose supply
    markers were compared with a save of the phase that set them (so they are applied)."""
    out: list[NotApplied] = []
    if not known_moment(state):
        return out
    played = state.scenario.id if state.scenario is not None else None
    for rt in spec.timings:
        if rt.timing.kind == ALWAYS or (rt.scenarios and played not in rt.scenarios):
            continue
        if rt.timing.kind == END_OF_TURN:
            sides: list[Optional[str]] = [None]  # a moment of the game turn, whoever's units
        else:
            sides = [s.id for s in state.game.sides] if rt.timing.whose != PHASING else [state.phasing_side]
        by_status: dict[str, list[tuple[str, str]]] = {}
        for sid in sides:
            status, when = status_at(rt.timing, state, sid)
            if status != ERROR and not (sid in compared and rt.rule == spec.supply_marker_rule):
                by_status.setdefault(status, []).append((state.game.side(sid).name if sid else "", when))
        for status, found in by_status.items():
            when = found[0][1] if len(found) == 1 else status_at(rt.timing, state, None, each=True)[1]
            out.append(NotApplied(rt.label, status, [name for name, _ in found if name], when))
    return out


# ---------------------------------------------------------------- supply markers over a sequence


def fixing_turn(state: GameState, side: str, phase_index: int) -> Optional[tuple[int, int]]:
    """(game turn, player-turn index) of the side's latest player turn whose fixing phase has
    begun at the save's moment: the markers the save shows were set there."""
    order = list(state.game.turns.player_turns)
    if side not in order or state.turn is None:
        return None
    gt, pt, ph = state.turn_index
    mine = order.index(side)
    if (pt, ph) >= (mine, phase_index):
        return gt, mine
    return gt - 1, mine


def in_fixing_window(state: GameState, side: str, timing: Timing) -> bool:
    """The save shows the position of the side's fixing phase: taken in it, or after it in the
    same player turn before `until`."""
    if not known_moment(state) or state.phasing_side != side:
        return False
    fix = _phase_index(state, timing.phase)
    until = _phase_index(state, timing.until) if timing.until else None
    now = _phase_index(state, state.phase or "")
    if fix is None or now is None:
        return False
    return fix <= now < (len(state.game.turns.phases) if until is None else until)


def reference_save(states: Sequence[GameState], j: int, side: str, timing: Timing) -> Optional[int]:
    """The latest earlier save of the sequence showing the position of the fixing phase whose
    markers save j shows (None when the sequence has none)."""
    fix = _phase_index(states[j], timing.phase)
    if fix is None:
        return None
    key = fixing_turn(states[j], side, fix)
    for i in range(j - 1, -1, -1):
        st = states[i]
        if in_fixing_window(st, side, timing) and st.turn_index[:2] == key:
            return i
    return None


def _state_name(spec: ReportSpec, status: SupplyStatus) -> str:
    length = "no path" if status.length is None else f"path {status.length}"
    return f"{spec.supply_state(status.state).name} ({length})"


def against_reference(spec: ReportSpec, states: Sequence[GameState], supplies: Sequence[dict[str, SupplyStatus]],
                      j: int, side: str, timing: Timing, title: str) -> Optional[list[Finding]]:
    """Save j's supply markers of the side's units against the state traced in the save of the
    phase that set them; None when the sequence holds no such save."""
    i = reference_save(states, j, side, timing)
    if i is None:
        return None
    ref, now = states[i], states[j]
    out: list[Finding] = []
    for uid, s in sorted(supplies[j].items()):
        was = supplies[i].get(uid)
        if s.side != side or was is None or s.marker == was.state:
            continue
        out.append(Finding(spec.supply_marker_rule, title, (s.hex,), (uid,),
                           f"{uid} is marked {spec.supply_state(s.marker).name}, but was {_state_name(spec, was)} "
                           f"in {ref.save_path} ({ref.label}), the position of {possessive(now.game.side(side).name)} "
                           f"{timing.phase} phase that set its markers"))
    return out


def timed_findings(spec: ReportSpec, states: Sequence[GameState], raw: Sequence[list[Finding]],
                   supplies: Sequence[dict[str, SupplyStatus]], j: int) -> tuple[list[Finding], frozenset[str]]:
    """Save j's findings with their status; supply markers outside the position of the phase
    that set them are compared with a save of that phase, where the sequence holds one (the
    sides so compared come second)."""
    st = states[j]
    out = [classify(f, spec, st) for f in raw[j]]
    compared: set[str] = set()
    rt = next((t for t in spec.timings if t.rule == spec.supply_marker_rule and t.timing.kind == FIXED_IN_PHASE), None)
    if rt is None or not known_moment(st):
        return out, frozenset()
    title = rt.title or "Supply marker disagrees with the supply traced when it was set"
    for side in (s.id for s in st.game.sides):
        if in_fixing_window(st, side, rt.timing):
            continue  # the position is that of the phase: compared as it stands (or pending)
        found = against_reference(spec, states, supplies, j, side, rt.timing, title)
        if found is not None:
            out = [f for f in out if not (rt.covers(f) and side in sides_of(f, st))] + found
            compared.add(side)
    return out, frozenset(compared)
