"""Check a turn's log (.vlog) step by step: who moved, from where to where, in which phase, and
every rule each step breaks, with the step's number as VASSAL's "Step forward" counts it.

The log is cut into phases where the turn tracker moves. In a phase the core joins all of a
unit's drops (VASSAL records drops, not paths; a player may set a unit down and pick it up
again) and judges the unit's move from where it stood when the phase began to where it stands
when it ends, at the step of its last drop:
- in a movement phase (game.yaml `movement.phases`), a phasing unit's move needs a legal path
  within its allowance (modgen.check.paths, limits from the plugin's `move_limits`); a
  non-phasing unit may move only where the plugin's `off_turn_move` allows (reaction movement); the
  legal moves no legal way clear of hexsides a rule counts explains (MoveLimits.counted_sides, a
  causeway) go to the plugin's `counted_crossings`, which judges the phase's count;
  in a counter movement phase (`movement.counter_phases`) the sides' roles are swapped: the
  non-phasing side moves by its allowance, the phasing side only as `off_turn_move` allows;
- a unit coming onto the map from a box is an arrival: in an entry phase, not before its
  scenario turn, on its entry hexes;
- in a combat phase units move only by combat results: the plugin's `combat` pairs each roll
  with the attack it resolves and judges the result applied (no such hook: not checkable);
- in any other phase a unit moving on the map breaks the sequence of play.
A unit picked up again later in its phase is not "moved twice": the games checked do not make a
unit finish its move before another starts (units move "maintaining a running total of expended
MPs"), so its drops are priced together, as one move.

The position is checked too, at the moments the rules hold: each phase's last position at its own
moment (reported at the phase's last step) and, for the rules that hold at the end of a phase
(stacking, markers fixed in it), at the next phase's first moment (reported at the step that
pressed Next); a breach is reported once, where it first shows, not again while it lasts. The VP the log shows beyond a save (the plugin's combat hook, e.g.
attacks) are added to the victory report over the log's first and last positions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Optional, Sequence

from ..conventions import MAIN_MAP
from ..errors import SaveError
from ..gamestate import GameState, UnitState
from ..model import Reinforcement
from ..movement import MovementRules
from ..plugin_api import END_OF_PHASE, END_OF_TURN, FIXED_IN_PHASE, INFO, Finding, MoveLimits, PhaseLog, Roll, StepFinding, UnitMove, VPLine
from ..plugins import rules_for
from ..vassal.logsteps import GameLog, LogStep, read_log
from ..vassal.loader import BoardPick
from ..vassal.module import map_location
from .paths import MoveCosts, forced_crossings, judge_move
from .reader import Context, find_module, load_context, state_from_save
from .states import check_states

PHASE_END_KINDS = (END_OF_PHASE, END_OF_TURN, FIXED_IN_PHASE)  # rules that hold once a phase has ended
ROLL = re.compile(r"\*\*\s*(?P<name>[^=*]+?)\s*=\s*(?P<result>\d+(?:\s*,\s*\d+)*)\s*\*\*\*")


@dataclass
class LogReport:
    path: str
    game: Any
    phases: list[PhaseLog]
    findings: list[StepFinding]
    notes: list[StepFinding]  # not checkable, and why
    vp: list[VPLine]
    steps: int = 0
    victory: Any = None  # plugin_api.VPReport over the first and last positions, with the log's VP
    final: Any = None  # the game as VASSAL has it after the last step (a SavedGame): what --annotate writes

    def as_dict(self) -> dict[str, Any]:
        return {
            "log": self.path, "game": self.game.id, "steps": self.steps,
            "phases": [{"label": p.label(), "first_step": p.first_step, "last_step": p.last_step,
                        "moves": [m.__dict__ for m in p.moves], "rolls": [r.__dict__ for r in p.rolls]} for p in self.phases],
            "findings": [f.as_dict() for f in self.findings],
            "notes": [f.as_dict() for f in self.notes],
            "vp": [ln.as_dict() for ln in self.vp],
            "victory": self.victory.as_dict() if self.victory is not None else None,
        }


def check_log(path: str | Path, module: Optional[Path] = None, module_dirs: Sequence[Path] = ()) -> LogReport:
    """Replay a log and judge every step (SaveError for an unreadable or foreign log)."""
    log = read_log(path, keep=lambda step, nxt: step.turn or (nxt is not None and nxt.turn))
    if not log.steps:
        raise SaveError(str(path), "no steps: not a log (or an empty one); a save is checked without steps")
    ctx = load_context(Path(module) if module is not None else find_module(log.start, module_dirs))
    plugin = rules_for(ctx.game)
    phases = _phases(log, ctx)
    findings: list[StepFinding] = []
    notes: list[StepFinding] = []
    vp: list[VPLine] = []
    rules = ctx.game.movement
    for ph in phases:
        if rules is None:
            continue
        got = _judge_phase(ph, rules, plugin)
        findings += [f for f in got if f.finding.status != INFO]
        notes += [f for f in got if f.finding.status == INFO]  # legal, with what the log cannot confirm (a roll)
        combat = getattr(plugin, "combat", None)
        if ph.phase in rules.combat_phases and (ph.rolls or any(m.on_map for m in ph.moves)):
            if callable(combat):
                f, n, v = combat(ph)
                findings += f
                notes += n
                vp += v
            else:
                notes.append(StepFinding(ph.first_step, Finding("", "Combat not checkable", message=
                                         f"{ph.label()}: this game's rules plugin does not check combat")))
    whole = getattr(plugin, "log_phases", None)
    if rules is not None and callable(whole):  # what only the whole log shows: counts over phases, a phase without moves
        f, n = whole(phases)
        findings += f
        notes += n
    if rules is None:
        notes.append(StepFinding(1, Finding("", "Moves not checkable", message=
                                 "the game declares no movement rules (game.yaml movement:)")))
    findings += _positions_at_phase_ends(phases, findings, plugin.report)
    findings.sort(key=lambda f: f.step)
    victory = check_states([phases[0].start, phases[-1].end]).victory
    _add_log_vp(victory, vp)
    return LogReport(str(path), ctx.game, phases, findings, notes, vp, len(log.steps), victory, log.end)


def _positions_at_phase_ends(phases: list[PhaseLog], moves: list[StepFinding], spec: Any) -> list[StepFinding]:
    """The save checker's errors on each phase's last position, at two moments: the phase's own
    (what holds while it is played: a GT marker moved after the tracker's Next is on time) and the
    next phase's first (what holds at the end of a phase: stacking, markers fixed in it); each
    breach once, where it first shows, unless a step already reported it for its units."""
    by_moves = [(f.finding.rule, set(f.finding.units)) for f in moves]
    seen: set[tuple] = set()
    out: list[StepFinding] = []
    moments: list[tuple[int, GameState, str, bool]] = []
    for k, ph in enumerate(phases):
        moments.append((ph.last_step, ph.end, f"at the end of {ph.label()}", False))
        if k + 1 < len(phases):
            nxt = phases[k + 1]
            moments.append((nxt.first_step, nxt.start, f"when {ph.label()} ended", True))
    for step, state, when, ended in moments:
        for f in check_states([state]).findings:
            key = (f.rule, f.title, f.hexes, f.units)
            if ended and spec.timing_of(f).kind not in PHASE_END_KINDS:
                continue  # a rule of every moment: judged on the phase's own position
            if key in seen or any(rule == f.rule and units & set(f.units) for rule, units in by_moves):
                continue  # a step already reported this rule for one of its units (a move into an enemy hex)
            seen.add(key)
            out.append(StepFinding(step, replace(f, message=f"{when}: {f.message}")))
    return out


def _add_log_vp(victory: Any, lines: list[VPLine]) -> None:
    """The log's own VP lines (attacks...) into the victory report: its lines and what is provable."""
    for ln in lines:
        victory.lines.append(ln)
        victory.provable[ln.side] = victory.provable.get(ln.side, 0) + ln.vp


def _phases(log: GameLog, ctx: Context) -> list[PhaseLog]:
    """Cut the log where the turn tracker moves; each piece read with the module's grid."""
    states: dict[int, GameState] = {i: state_from_save(saved, ctx) for i, saved in log.after.items()}
    cuts = [0] + [s.index for s in log.steps if s.turn]
    last = log.steps[-1].index
    out: list[PhaseLog] = []
    for k, begin in enumerate(cuts):
        stop = cuts[k + 1] - 1 if k + 1 < len(cuts) else last
        steps = [s for s in log.steps if begin < s.index <= stop]
        start, end = states[begin], states[stop] if stop in states else states[begin]
        ph = PhaseLog(start.turn, start.phasing_side, start.phase, start, end, begin or 1, stop)  # a phase begins with its Next step
        _read_steps(ph, steps, ctx, log.start.boards)
        out.append(ph)
    return out


def _read_steps(ph: PhaseLog, steps: list[LogStep], ctx: Context, picks: dict[str, list[BoardPick]]) -> None:
    units_by_piece = {u.piece_id: u for u in ph.start.units} | {u.piece_id: u for u in ph.end.units}
    dice = {d.name for d in ctx.game.dice}
    module = ph.start.module  # its maps and grids name a drop point
    for step in steps:
        for pid in step.changed:
            if pid in units_by_piece:
                ph.changed.append((step.index, units_by_piece[pid].id))
        for mv in step.moves:
            u = units_by_piece.get(mv.piece)
            if u is None:
                continue
            to, on_map = _where(ctx, module, picks, mv.to_map, mv.to_x, mv.to_y)
            frm, _ = _where(ctx, module, picks, mv.from_map, mv.from_x, mv.from_y)
            ph.moves.append(UnitMove(step.index, u.id, u.side, frm, to, on_map))
        for chat in step.chats:
            m = ROLL.search(chat.replace("&lt;", "<").replace("&gt;", ">"))
            if m and m.group("name").strip() in dice:
                total = sum(int(v) for v in m.group("result").split(","))
                ph.rolls.append(Roll(step.index, m.group("name").strip(), total))


def _where(ctx: Context, module: Any, picks: dict[str, list[BoardPick]], map_name: Optional[str],
           x: int, y: int) -> tuple[str, bool]:
    if map_name is None or map_name not in {m.name for m in module.maps}:
        return "[off the map]", False
    name = map_location(module, map_name, x, y, picks.get(map_name))
    if map_name == MAIN_MAP and name in ctx.hex_names:
        return name, True
    return f"[{name or map_name}]", False


def _judge_phase(ph: PhaseLog, rules: MovementRules, plugin: Any) -> list[StepFinding]:
    out: list[StepFinding] = []
    by_unit: dict[str, list[UnitMove]] = {}
    for m in ph.moves:
        by_unit.setdefault(m.unit, []).append(m)
    start_units = {u.id: u for u in ph.start.units}
    end_units = {u.id: u for u in ph.end.units}
    mover = _mover(ph, rules)
    stacked = _moved_in_stacks(by_unit, start_units)
    by_mode: list[tuple[int, UnitState, UnitState]] = []  # moves legal only by another mode (rail)
    crossed: list[tuple[int, UnitState, UnitState, tuple]] = []  # moves that must have crossed counted hexsides
    for unit_id, moves in by_unit.items():
        before, after = start_units.get(unit_id), end_units.get(unit_id)
        if before is None or after is None:
            continue
        last = moves[-1].step
        if after.hex is None:
            continue  # eliminated, or put back in a box: not a move on the map
        if before.hex is None:
            out += _arrival(ph, rules, before, after, last, plugin)
            continue
        if before.side != mover:
            if _off_turn_ok(plugin, ph, before, after, moves):
                continue  # a move the rules allow the other side (reaction)
            refused = _off_turn_refusal(plugin, ph, before, after, moves)
            if refused is not None:  # a move of a kind the rules allow, refused with their reason
                out.append(StepFinding(last, refused))
                continue
        if ph.phase in rules.phases or ph.phase in rules.counter_phases:
            if before.side == mover:
                out += _movement(ph, rules, plugin, before, after, moves, unit_id in stacked, set(by_unit), by_mode, crossed)
            else:
                title = "Move by the non-phasing side" if mover == ph.side else "Move by the phasing side in a counter movement phase"
                out.append(StepFinding(last, Finding(rules.who_rule, title, (after.hex,), (unit_id,),
                                       f"{unit_id} ({ph.start.game.side(before.side).name}) moved {before.hex} -> "
                                       f"{after.hex} in {ph.label()}")))
        elif ph.phase in rules.combat_phases:
            continue  # retreats and advances: the plugin's combat check
        elif before.hex != after.hex:
            out.append(StepFinding(last, Finding(rules.who_rule, "Move outside the movement phase", (after.hex,), (unit_id,),
                                   f"{unit_id} moved {before.hex} -> {after.hex} in {ph.label()}")))
    hook = getattr(plugin, "other_mode_moves", None)
    if by_mode and callable(hook):  # what the phase's moves by that mode break together (a station's capacity)
        out += hook(ph, by_mode)
    counted = getattr(plugin, "counted_crossings", None)
    if crossed and callable(counted):  # what the phase's crossings of hexsides a rule counts break together (a causeway's limit)
        out += counted(ph, crossed)
    return out


def _mover(ph: PhaseLog, rules: MovementRules) -> Optional[str]:
    """The side whose units move by their MA in this phase: the phasing side, or in a counter
    movement phase (movement.counter_phases) the other one (of two sides)."""
    if ph.phase not in rules.counter_phases:
        return ph.side
    others = [s.id for s in ph.start.game.sides if s.id != ph.side]
    return others[0] if len(others) == 1 else ph.side


def _moved_in_stacks(by_unit: dict[str, list[UnitMove]], start: dict[str, UnitState]) -> set[str]:
    """The units the log shows moving in a stack all the way: another unit of their side began the
    phase in the same hex and moved at the same time (their drops' steps overlap: a unit finishes its
    move before another starts, so overlapping drops are one stack's), set down where this one was,
    in the same order, this one's drops being all or the first of the other's (dropped off on the way).
    A unit that went on beyond the others' drops may have moved alone from there: not counted."""
    def path(moves: list[UnitMove]) -> list[str]:
        out: list[str] = []
        for m in moves:
            if m.on_map and (not out or out[-1] != m.to):
                out.append(m.to)
        return out
    out: set[str] = set()
    paths = {uid: path(moves) for uid, moves in by_unit.items()}
    for uid, moves in by_unit.items():
        u, mine = start.get(uid), paths[uid]
        if u is None or u.hex is None or not mine:
            continue
        for vid, other in by_unit.items():
            v = start.get(vid)
            if vid == uid or v is None or v.side != u.side or v.hex != u.hex:
                continue
            if paths[vid][:len(mine)] == mine and moves[0].step <= other[-1].step and other[0].step <= moves[-1].step:
                out.add(uid)
                break
    return out


def _movement(ph: PhaseLog, rules: MovementRules, plugin: Any, before: UnitState, after: UnitState,
              moves: list[UnitMove], stacked: bool = False, moved: frozenset[str] | set[str] = frozenset(),
              by_mode: Optional[list[tuple[int, UnitState, UnitState]]] = None,
              crossed: Optional[list[tuple[int, UnitState, UnitState, tuple]]] = None) -> list[StepFinding]:
    """`stacked`: the log shows the unit moving in a stack (priced off-road where the rules allow roads
    only to a unit moving alone); `moved`: the units that moved in the phase (a road's extra cost for
    the units in a hex counts only those the log shows there all phase); `by_mode` collects (step,
    before, after) of a move legal only by another mode (the plugin's other_mode_moves judges them together); `crossed`
    (step, before, after, ways) of a legal move that must have crossed MoveLimits.counted_sides (counted_crossings)."""
    limits_of = getattr(plugin, "move_limits", None)
    limits: Optional[MoveLimits] = limits_of(ph.start, before) if callable(limits_of) else None
    last = moves[-1].step
    if limits is None:
        return []
    if limits.road_enter:
        limits = replace(limits, road_enter={h: kept for h, by in limits.road_enter.items()
                                             if (kept := {k: v for k, v in by.items() if k not in moved})})
    if stacked and limits.road_alone:
        limits = replace(limits, off_road=True)
    drops = [m.to for m in moves if m.on_map]
    costs = MoveCosts(ph.start.game.map, before.unit)
    marked = _marked(ph, before, after) if limits.marked_costs or limits.marked_unjudged else ()
    verdict = judge_move(costs, rules, limits, before.hex, after.hex, drops, marked)
    if crossed is not None and verdict.legal and limits.counted_sides:
        ways = forced_crossings(costs, rules, limits, before.hex, after.hex, drops, marked, verdict.path)
        if ways:
            crossed.append((last, before, after, ways))
    if verdict.by_mode and by_mode is not None:
        by_mode.append((last, before, after))
    if verdict.legal and verdict.note:
        return [StepFinding(last, Finding(verdict.rule or limits.forced_rule, "Move not checkable", (before.hex, after.hex), (before.id,),
                                          f"{before.id} {before.hex} -> {after.hex} in {ph.label()}: {verdict.note}",
                                          status=INFO), verdict.path.hexes if verdict.path else (),
                            verdict.path.cost if verdict.path else None)]
    if verdict.legal:
        return []
    return [StepFinding(last, Finding(verdict.rule, verdict.title, (before.hex, after.hex), (before.id,),
                                      f"{before.id} {before.hex} -> {after.hex} in {ph.label()}: {verdict.why}"
                                      + (f"; cheapest path {' '.join(verdict.path.hexes)}" if verdict.path else "")),
                        verdict.path.hexes if verdict.path else (), verdict.path.cost if verdict.path else None)]


def _marked(ph: PhaseLog, before: UnitState, after: UnitState) -> tuple[str, ...]:
    """The marker kinds a unit took on in the phase, read only when it ends the phase alone in its hex (a
    marker in a stack may be another unit's)."""
    if sum(1 for u in ph.end.units_on_map() if u.hex == after.hex) != 1:
        return ()
    had = {m.marker.kind for m in before.markers}
    return tuple(sorted({m.marker.kind for m in after.markers if m.marker.kind} - had))


def _off_turn_ok(plugin: Any, ph: PhaseLog, before: UnitState, after: UnitState, moves: list[UnitMove]) -> bool:
    hook = getattr(plugin, "off_turn_move", None)
    return bool(callable(hook) and hook(ph, before, after, moves))


def entry_hexes_on(arrival: Reinforcement, turn: Optional[int]) -> tuple[str, ...]:
    """Where an arrival enters on a turn: its own hexes, or those of the latest of its later turns
    reached ("must enter at 1.01 on GT 6, or else arrives on GT 7 at 1.03, 1.05 or 1.07")."""
    hexes = arrival.hexes
    for later, there in sorted(arrival.later):
        if turn is not None and turn >= later:
            hexes = there
    return hexes


def _off_turn_refusal(plugin: Any, ph: PhaseLog, before: UnitState, after: UnitState,
                      moves: list[UnitMove]) -> Optional[Finding]:
    """The plugin's own finding for a non-phasing move its rules could allow but do not (a cavalry
    reaction without a trigger), or None: the core's words (the sequence of play) then apply."""
    hook = getattr(plugin, "off_turn_refusal", None)
    return hook(ph, before, after, moves) if callable(hook) else None


def _arrival(ph: PhaseLog, rules: MovementRules, before: UnitState, after: UnitState, step: int,
             plugin: Any = None) -> list[StepFinding]:
    """A unit put onto the map from a box: in an entry phase, not before its turn, on its hexes, unless the
    plugin's `arrival_elsewhere` says the rules place it there another way (a patrol on a hidden unit)."""
    game, scenario = ph.start.game, ph.start.scenario
    rule = rules.entry_rule or rules.who_rule
    arrival = scenario.arrival_of(before.id) if scenario else None
    where = (after.hex,)
    if arrival is None:
        return []
    if rules.entry_phases and ph.phase not in rules.entry_phases:
        return [StepFinding(step, Finding(rule, "Reinforcement outside the reinforcement phase", where, (before.id,),
                                          f"{before.id} entered at {after.hex} in {ph.label()}"))]
    if ph.gt is not None and ph.gt < arrival.turn:
        return [StepFinding(step, Finding(rule, "Reinforcement before its turn", where, (before.id,),
                                          f"{before.id} entered at {after.hex} on GT {ph.gt}; it arrives on GT {arrival.turn}"))]
    allowed = set(entry_hexes_on(arrival, ph.gt))
    if arrival.railroad_between:
        allowed |= game.map.rail_hexes()
    enemy = {u.hex for u in ph.start.units_on_map() if u.side != before.side}
    if allowed and allowed <= enemy:
        return []  # every entry hex enemy-occupied: the rules send it elsewhere (a map edge), not judged here
    elsewhere = getattr(plugin, "arrival_elsewhere", None)
    if allowed and after.hex not in allowed and ph.side == before.side and not (callable(elsewhere) and elsewhere(ph, after)):
        return [StepFinding(step, Finding(rule, "Reinforcement off its entry hexes", where, (before.id,),
                                          f"{before.id} entered at {after.hex} on GT {ph.gt}; its entry then: "
                                          f"{', '.join(sorted(entry_hexes_on(arrival, ph.gt))) or 'a railroad hex'}"))]
    return []
