"""Ostatnia Wojna Cesarzy: the reserve movement phase (4) in a log.

Source: Ostatnia Wojna Cesarzy (NOVINA, 1997), the Polish rules (authoritative); English glosses in brackets.
  4.1   "Jednostka uważana jest za ODWÓD, jeśli nie przylega do żadnych jednostek, twierdz ani przyczółków mostowych
        przeciwnika, lub jeśli jest utajniona (reg. 16)" (a unit is a RESERVE if it is next to no enemy unit,
        fortress or bridgehead, or if it is hidden); 4.1.1 units apart across a lake, sea or high ridge are not next
        to each other.
  5     "W fazie ruchu odwodów można przesuwać tylko te jednostki, które na jej początku były odwodami (reg.4.1)" (in
        the reserve movement phase only the units that were reserves at its start may move).
  4.2   "Każdy z graczy może wykonać jedną fazę ruchu odwodów na posunięcie. ... Jeśli jednak gracz wykona swą fazę
        ruchu odwodów w posunięciu przeciwnika nie może wykonać fazy ruchu odwodów w najbliższym własnym posunięciu"
        (each player may make one reserve movement phase a player-turn, in his own or the opponent's; one made in the
        opponent's player-turn bars it in his next own player-turn).
  4.2.3 "Nie można wykonać własnej fazy ruchu odwodów bezpośrednio po fazie ruchu odwodów przeciwnika" (not one's own
        reserve phase directly after the opponent's).
The tracker's phases (game.yaml turns.phases: DECISION there): "Own reserves after ..." the phasing player's,
"Enemy reserves after ..." the opponent's, each of 4.2.4's slots. A player made a reserve phase when his units
moved in it (DECISION: a reserve phase with no move is read as not made; the log cannot tell the two apart).
Hidden units are reserves where the scenario plays 16 (1.4: from B on).
"""

from __future__ import annotations

from typing import Optional

from ..gamestate import GameState, UnitState
from ..plugin_api import Finding, PhaseLog, StepFinding
from .owc1914_lines import rule_in_play
from .owc1914_rail import contact, reserve_phase


def not_reserve(state: GameState, u: UnitState, captured: set[str]) -> Optional[tuple[str, str]]:
    """In a reserve movement phase: (rule, why) when the unit was no reserve at the phase's start (4.1, 5); else None."""
    if not reserve_phase(state.phase) or u.hex is None:
        return None
    if u.masked and rule_in_play(state, 16):
        return None  # 16.3: "Wszystkie są odwodami, nawet jeśli przylegają do przeciwnika" (all are reserves)
    near = contact(state, u.side, captured)
    if u.hex not in near:
        return None
    return ("4.1", f"{u.id} in {u.hex} was no reserve at the start of the reserve movement phase: it is next to "
                   f"{near[u.hex]} (4.1: a reserve \"nie przylega do żadnych jednostek, twierdz ani przyczółków mostowych "
                   "przeciwnika\", is next to no enemy unit, fortress or bridgehead; 5: \"W fazie ruchu odwodów można "
                   "przesuwać tylko te jednostki, które na jej początku były odwodami\", only those move)")


class Reserves:
    """The reserve phases each side made over a log, in play order (4.2, 4.2.3)."""

    def __init__(self) -> None:
        self.made: dict[str, list[tuple[tuple[int, int, int], str, Optional[str]]]] = {}  # side -> (moment, phase, player-turn)

    def phase(self, ph: PhaseLog) -> list[StepFinding]:
        if not reserve_phase(ph.phase):
            return []
        start = {u.id: u for u in ph.start.units}
        first: dict[str, int] = {}
        for mv in ph.moves:
            u = start.get(mv.unit)
            if u is not None and mv.on_map:
                first.setdefault(u.side, mv.step)
        out: list[StepFinding] = []
        game = ph.start.game
        order = list(game.turns.player_turns)
        now = ph.start.turn_index
        for side, step in sorted(first.items(), key=lambda kv: kv[1]):
            name = game.side(side).name
            past = self.made.get(side, [])
            same = [p for m, p, pt in past if m[:2] == now[:2]]
            if same:
                out.append(StepFinding(step, Finding("4.2", "A second reserve movement phase in a player-turn", (), (side,),
                    f"{name} moved units in {ph.label()} after its reserve movement phase ({same[0]}) of this "
                    "player-turn: 4.2 \"Każdy z graczy może wykonać jedną fazę ruchu odwodów na posunięcie\" (one a "
                    "player-turn)")))
            elif past and ph.side == side and side in order:
                m, p, pt = past[-1]
                own_before = (m[0], order.index(side)) if order.index(side) > m[1] else (m[0] + 1, order.index(side))
                if pt != side and now[:2] == own_before:
                    out.append(StepFinding(step, Finding("4.2", "A reserve movement phase after one in the enemy's player-turn",
                        (), (side,), f"{name} moved units in {ph.label()}, its own player-turn, after its reserve movement "
                        f"phase in the opponent's ({p}, stage {m[0]}): 4.2 \"nie może wykonać fazy ruchu odwodów w "
                        "najbliższym własnym posunięciu\" (not in his next own player-turn)")))
            others = [p for s, ps in self.made.items() if s != side for m, p, pt in ps
                      if m[:2] == now[:2] and m[2] == now[2] - 1 and reserve_phase(p)]
            if others:
                out.append(StepFinding(step, Finding("4.2.3", "A reserve movement phase right after the enemy's", (), (side,),
                    f"{name} moved units in {ph.label()}, right after the opponent's reserve movement phase "
                    f"({others[0]}): 4.2.3 \"Nie można wykonać własnej fazy ruchu odwodów bezpośrednio po fazie ruchu "
                    "odwodów przeciwnika\"")))
            self.made.setdefault(side, []).append((now, ph.phase or "", ph.side))
        return out
