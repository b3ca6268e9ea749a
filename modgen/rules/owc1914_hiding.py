"""Ostatnia Wojna Cesarzy: units hidden during a log's phase (16), judged at the moment the rules give.

Source: Ostatnia Wojna Cesarzy (NOVINA, 1997), the Polish rules (authoritative); English glosses in brackets.
  16    "Nie rozbite jednostki obu graczy, które na końcu fazy ruchów zwykłych nie są w kontakcie z przeciwnikiem
        (jednostką, twierdzą lub przyczółkiem mostowym), mogą być odwrócone awersem do spodu. ... Wszystkie jednostki
        wchodzące do gry w jej trakcie lub rozpoczynające ją bez kontaktu z przeciwnikiem mogą być od razu utajnione"
        (unbroken units of both players not in contact with the enemy - a unit, fortress or bridgehead - at the end of
        the Normal movement phase may be turned face down; units entering play may be hidden at once).
  3     the Normal movement phase ends "na koniec - utajnianie (16) i umieszczanie patroli (17.2)" (at its end: hiding
        and placing patrols).
How a log shows it: a unit face up at the phase's start and face down (VASSAL's mask) at its end.
DECISIONS: the moment is the Normal movement phase's last position (a unit hidden in it is judged where it stands
when the phase ends); a unit entering play in the phase may be hidden wherever it enters (16's "od razu", at once).
Broken units hidden: the save check's 16 (a hidden unit is never broken), not repeated here. Not judged: a phase
with no move on the map (the checker hands the plugin only phases with moves or rolls).
"""

from __future__ import annotations

from ..plugin_api import Finding, PhaseLog, StepFinding
from .owc1914_lines import rule_in_play
from .owc1914_rail import contact

NORMAL_MOVEMENT = "Normal movement"  # game.yaml turns.phases: the phase at whose end units hide (3, 16)


def hidden_in_phase(ph: PhaseLog, captured: set[str]) -> list[StepFinding]:
    """16: each unit turned face down in the phase, outside the end of Normal movement or in contact with the enemy."""
    if not rule_in_play(ph.start, 16):
        return []  # 1.4: scenario A plays no hiding; the save check reports hidden units there
    start = {u.id: u for u in ph.start.units}
    last: dict[str, int] = {}
    for step, uid in ph.changed:
        last[uid] = step
    for mv in ph.moves:
        last[mv.unit] = max(last.get(mv.unit, 0), mv.step)
    out: list[StepFinding] = []
    for u in sorted(ph.end.units_on_map(), key=lambda x: x.id):
        was = start.get(u.id)
        if not u.masked or was is None or was.masked or was.hex is None:
            continue  # face up, hidden already, or entering play (16: "mogą być od razu utajnione")
        step = last.get(u.id, ph.last_step)
        where = (u.hex or "",)
        if ph.phase != NORMAL_MOVEMENT:
            out.append(StepFinding(step, Finding("16", "Hidden outside the end of Normal movement", where, (u.id,),
                f"{u.id} in {u.hex} was turned face down in {ph.label()}: 16, units hide \"na końcu fazy ruchów "
                "zwykłych\" (at the end of the Normal movement phase)")))
            continue
        near = contact(ph.end, u.side, captured)
        if u.hex in near:
            out.append(StepFinding(step, Finding("16", "Hidden in contact with the enemy", where, (u.id,),
                f"{u.id} in {u.hex} was turned face down in {ph.label()} and stands next to {near[u.hex]} when it "
                "ends: 16, only units that \"nie są w kontakcie z przeciwnikiem\" (are not in contact with the enemy) "
                "hide")))
    return out
