"""Ostatnia Wojna Cesarzy: units that attacked may not make a normal move (5), as far as a log shows it.

Source: Ostatnia Wojna Cesarzy (NOVINA, 1997), the Polish rules (authoritative); English glosses in brackets.
  5     "W fazie ruchu zwykłego gracz nie może przesuwać oddziałów, które już w danym posunięciu atakowały" (in the
        Normal movement phase the player may not move units that have already attacked in this player-turn).
  3.1   the player-turn's order: "FAZA ATAKÓW ZWYKŁYCH: ataki (7), odwroty (9), sprawdzanie odporności (8), pościgi
        (10)" (the Normal attacks phase: attacks, retreats, resilience checks, pursuits), then "FAZA RUCHU ZWYKŁEGO".
  10    "Jeżeli atak zakończył się powodzeniem i jednostki atakowane wycofały się, jednostki atakujące mogą wykonać
        dodatkowy ruch na odległość 2PM. Pierwszym polem pościgu musi być pole atakowane" (if the attack succeeded and
        the attacked units retreated, the attacking units may move 2 MP more; the first hex of the pursuit must be the
        attacked hex).
  9     "W razie udanego ataku wszystkie broniące się jednostki winny natychmiast się wycofać, każda o 2 heksy" (after a
        successful attack every defending unit retreats 2 hexes).
A log shows the attack phase's 1d12 rolls and its drops, never which units attacked (the module has no attack
declaration). It does show the drops: in the phasing player's Normal attacks phase the non-phasing side moves only by
retreat (9; 12.1's delaying action is a retreat too) and the phasing side only by pursuit (10), save 26.2 below. So a
phasing unit whose move there starts at the hex a defender has just left, next to its own, pursued, and "jednostki
atakujące" (the attacking units) alone pursue: it attacked. If it then moves in the same player-turn's Normal movement
phase, that move breaks 5, reported at the step of its last drop there.

DECISIONS (each the reading that never reports a legal move):
- A pursuit is read where the unit's first drop in the Normal attacks phase is a hex next to its start that a unit of
  the non-phasing side left (a retreat, or a removal from the map) at an earlier step of the phase, or is two hexes
  from its start and next to such a hex (10's 2 MP with the attacked hex first: "Pierwszym polem pościgu musi być pole
  atakowane"). Any other move of a phasing unit in that phase proves no attack.
- Does a phasing unit move in the attacks phase for another reason? 26.2: "Nie obsadzone wojskami polowymi
  przyczółki mostowe mogą być zajmowane bez walki od tyłu, zarówno w fazie ruchu, jak i ataków" (bridgeheads held by
  no field troops may be taken without combat from the rear, in the movement phase and in the attacks phase too): a
  move with a bridgehead hex among its drops, or whose vacated hex is one, where the scenario plays 26 (1.4: from C
  on), may be such an occupation and proves no attack. 25.2's fortress taken with no
  field unit in it leaves no retreat in the log: not read as a pursuit either.
- 5 bars the Normal movement phase only ("W fazie ruchu zwykłego"): a reserve movement phase is judged by 4.1 alone.
- "przesuwać" (to move) read as a march (5 is the chapter PRZEMARSZE, marches): a rail or sea transport of a pursuer
  (a move no march within its MP explains, as owc1914_rail reads it, or one into the secret concentration's box, 20)
  is noted, not reported. 18's "Jednostki, które ... nie wykonują normalnego ruchu, mogą być przerzucane" (units that
  make no normal move may be railed) keeps the other reading (no move at all) open.
Not checkable: a unit that attacked and did not pursue (a failed attack, one that did not follow up, a capitulation).
Noted once a log, at the first move in a Normal movement phase by a unit not known to have pursued, when its player-
turn's Normal attacks phase shows an attack's trace (a roll, a move, a piece changed: every attack leaves one, 7.3
"Teraz gracz atakujący rzuca kostką", the attacker rolls; 12.1's declined combat a retreat; 16.4's hopeless attack
the attackers' BROKEN markers) or is not in the log.
"""

from __future__ import annotations

from typing import Callable, Optional

from ..gamestate import GameState, UnitState
from ..plugin_api import INFO, Finding, PhaseLog, RuleTiming, StepFinding, Timing
from .owc1914_lines import area_hexes, rule_in_play
from .owc1914_rail import hex_gap

ATTACKS = "Normal attacks"  # game.yaml turns.phases: 3.1's "FAZA ATAKÓW ZWYKŁYCH"
MOVEMENT = "Normal movement"  # "FAZA RUCHU ZWYKŁEGO"
TITLE = "Move by a unit that attacked this player-turn"
QUOTE = ("5: \"W fazie ruchu zwykłego gracz nie może przesuwać oddziałów, które już w danym posunięciu atakowały\" (in the "
         "Normal movement phase units that attacked this player-turn may not move)")

LOG_TIMINGS = (
    RuleTiming("5", Timing(), "5: in the Normal movement phase the units that attacked in this player-turn do not move "
               "(a log shows it for the units that pursued, 10)."),
)


def pursuers(ph: PhaseLog) -> dict[str, tuple[int, str]]:
    """In a Normal attacks phase: unit id -> (step, attacked hex) of the phasing units the log shows pursuing (10)."""
    state = ph.start
    m = state.game.map
    start = {u.id: u for u in state.units}
    left: dict[str, int] = {}  # hex -> the first step a non-phasing unit left it
    drops: dict[str, list] = {}
    for mv in ph.moves:
        u = start.get(mv.unit)
        if u is None or u.hex is None:
            continue
        if u.side != ph.side:
            if mv.frm == u.hex and mv.to != u.hex:
                left.setdefault(u.hex, mv.step)
        elif mv.on_map:
            drops.setdefault(mv.unit, []).append(mv)
    bridgeheads = set(area_hexes(m, "bridgehead-")) if rule_in_play(state, 26) else set()
    out: dict[str, tuple[int, str]] = {}
    for uid, mvs in drops.items():
        here = start[uid].hex or ""
        away = [mv for mv in mvs if mv.to != here]  # a unit picked up and set down where it stood has not moved yet
        if not away or bridgeheads & {mv.to for mv in mvs}:
            continue  # 26.2 (see the DECISION)
        first = away[0]
        for h in sorted(m.neighbours(here)):
            if left.get(h, first.step) >= first.step or h in bridgeheads:
                continue
            if first.to == h or (hex_gap(state, here, first.to) == 2 and first.to in m.neighbours(h)):
                out[uid] = (first.step, h)
                break
    return out


def traced(ph: PhaseLog) -> bool:
    """Whether an attack phase shows any attack's trace: a roll, a move, a piece changed."""
    return bool(ph.rolls or ph.moves or ph.changed)


class Attackers:
    """The pursuers of each player-turn's Normal attacks phase, over a log in play order (the rules plugin keeps one
    while a log is checked). `allowance(state, unit)` is the unit's MP (owc1914_log)."""

    def __init__(self) -> None:
        self.known: dict[tuple[int, int], dict[str, tuple[int, str]]] = {}  # player-turn -> pursuers
        self.quiet: set[tuple[int, int]] = set()  # player-turns whose Normal attacks phase shows no attack
        self.noted = False

    def phase(self, ph: PhaseLog, allowance: Callable[[GameState, UnitState], float]) -> tuple[list, list]:
        turn = ph.start.turn_index[:2]
        if ph.phase == ATTACKS:
            self.known[turn] = pursuers(ph)
            if not traced(ph):
                self.quiet.add(turn)
            return [], []
        if ph.phase != MOVEMENT:
            return [], []
        found = self.known.get(turn, {})
        findings: list[StepFinding] = []
        notes: list[StepFinding] = []
        start = {u.id: u for u in ph.start.units}
        end = {u.id: u for u in ph.end.units}
        last: dict[str, int] = {}
        for mv in ph.moves:
            last[mv.unit] = mv.step
        for uid, step in sorted(last.items(), key=lambda kv: (kv[1], kv[0])):
            before, after = start.get(uid), end.get(uid)
            if before is None or after is None or before.side != ph.side or before.hex is None:
                continue
            if uid not in found:
                if before.hex != after.hex and turn not in self.quiet and not self.noted:
                    self.noted = True
                    notes.append(StepFinding(step, Finding("5", "Attackers not checkable", (), (uid,),
                        f"{uid} moved in {ph.label()}: whether it (or any unit moving in a Normal movement phase of this "
                        "log) attacked in its player-turn's Normal attacks phase without pursuing is not in the log (it "
                        f"shows rolls, not attackers); {QUOTE}. Checked: the units the log shows pursuing (10)",
                        status=INFO)))
                continue
            moved = _moved(ph, before, after, allowance)
            if moved is None:
                continue
            pstep, attacked = found[uid]
            msg = (f"{uid} moved {before.hex} -> {after.hex or 'off the map'} in {ph.label()}; at step {pstep} it pursued "
                   f"into {attacked} in the Normal attacks phase (10: \"jednostki atakujące mogą wykonać dodatkowy ruch na "
                   "odległość 2PM. Pierwszym polem pościgu musi być pole atakowane\", only the attacking units pursue, "
                   "the attacked hex first), so it attacked")
            if moved:
                findings.append(StepFinding(step, Finding("5", TITLE, (before.hex,), (uid,), f"{msg}. {QUOTE}")))
            else:
                notes.append(StepFinding(step, Finding("5", "Transport of a unit that attacked", (before.hex,), (uid,),
                    f"{msg}; read as a rail or sea transport, which 5's \"przesuwać\" (move) is read not to bar (18: units "
                    "that make no normal move may be railed): not reported", status=INFO)))
        return findings, notes


def _moved(ph: PhaseLog, before: UnitState, after: UnitState, allowance) -> Optional[bool]:
    """True for a march away from its hex, False for a transport (see the DECISION), None for no move."""
    if after.hex is None:
        return False  # 20: into the secret concentration's box (or eliminated): no march
    if after.hex == before.hex:
        return None
    return hex_gap(ph.start, before.hex or "", after.hex) <= allowance(ph.start, before)
