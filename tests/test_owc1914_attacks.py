"""Ostatnia Wojna Cesarzy: a unit that attacked makes no normal move (5), as far as a log shows it (its pursuit, 10).
Rulebook: Ostatnia Wojna Cesarzy (NOVINA, 1997), Polish text; English glosses in brackets.

The rules' words the expectations rest on:
- 5 "W fazie ruchu zwykłego gracz nie może przesuwać oddziałów, które już w danym posunięciu atakowały" (in the Normal
  movement phase the player may not move units that have already attacked in this player-turn).
- 3.1 "FAZA ATAKÓW ZWYKŁYCH: ataki (7), odwroty (9), sprawdzanie odporności (8), pościgi (10)", then "FAZA RUCHU
  ZWYKŁEGO" (the Normal attacks phase: attacks, retreats, resilience checks, pursuits; then Normal movement).
- 9 "W razie udanego ataku wszystkie broniące się jednostki winny natychmiast się wycofać, każda o 2 heksy" (after a
  successful attack every defending unit retreats 2 hexes); 9.2 the Russians' right direction is east.
- 10 "Jeżeli atak zakończył się powodzeniem i jednostki atakowane wycofały się, jednostki atakujące mogą wykonać
  dodatkowy ruch na odległość 2PM. Pierwszym polem pościgu musi być pole atakowane" (the attacking units may move 2 MP
  more, the attacked hex first): a phasing unit entering the hex a defender left pursued, so it attacked.
- 26.2 "Nie obsadzone wojskami polowymi przyczółki mostowe mogą być zajmowane bez walki od tyłu, zarówno w fazie ruchu,
  jak i ataków" (empty bridgeheads may be taken without combat, in the attacks phase too): no proof of an attack.

Engine logs (scenario C's set-up, stage 8, the Allied Supply phase; one engine start, the second log from the set-up
afresh). The set-up: A-H II Corps (ah-2) in 3411 with ah-6 and the 4th Army HQ, the Russian IX Corps (ru-9) in 3412
(clear, next to 3411), the Russian 3rd Army HQ in 3414 (clear, two hexes east of 3412 by 3413), A-H X Corps (ah-10) in
3410 (not next to 3412). Steps 1-3 press Next to the Allied Normal attacks phase.
Log "pursuit":
  4  the 1d12 roll of II Corps' attack on IX Corps (its odds are not judged: the log shows no attackers).
  5  IX Corps retreats 3412 -> 3414 (9: 2 hexes, east).
  6  II Corps pursues 3411 -> 3412 (10: the attacked hex first).
  7-9 Next to the Allied Normal movement phase (past the reserve phases after attacks).
  10 II Corps 3412 -> 3411 (clear, 1 MP; 3411/3412 is no Russian line of control: no Russian unit in 3311 or 3511,
     the hexes next to both): a legal march by 5.1, but II Corps attacked: 5, at this step. Nothing else.
Log "clean": steps 1-9 as "pursuit"; 10 X Corps 3410 -> 3411 (forest to clear, 1 MP, no line): X Corps is not next
  to 3412 and did not pursue; II Corps stays in 3412. No finding; noted once: whether X Corps attacked without pursuing
  is not in the log (the attack phase shows a roll).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from modgen.check.logcheck import check_log
from modgen.engine import run_engine
from modgen.plugins import plugin_for
from modgen.rules.owc1914_attacks import TITLE, pursuers

from .conftest import loaded, require_engine
from .test_log_check import NEXT, _move, _setup_named
from .test_owc1914_logs import SCENARIO, to_phase
from .test_owc1914_transport import _phase

ROLL = {"op": "roll", "button": "1d12", "values": [2]}


def attack(g) -> list:
    """Steps 1-9 of both logs: the attack, the retreat, the pursuit, Next to Normal movement."""
    between = g.turns.phases.index("Normal movement") - g.turns.phases.index("Normal attacks")
    return [*to_phase(g, "Normal attacks"), ROLL, _move(g, "ru-9", "3414"), _move(g, "ah-2", "3412"), *[NEXT] * between]


@pytest.fixture(scope="module")
def recorded(owc_module: Path, tmp_path_factory) -> dict[str, Path]:
    require_engine()
    g = loaded("owc1914")
    tmp = tmp_path_factory.mktemp("owc-attacks")
    out = {k: tmp / f"{k}.vlog" for k in ("pursuit", "clean")}
    setup = _setup_named(owc_module, g.scenarios[SCENARIO].name)
    actions = [{"op": "begin-log", "file": str(out["pursuit"])}, *attack(g), _move(g, "ah-2", "3411"), {"op": "end-log"},
               {"op": "new-game", "setup": setup},
               {"op": "begin-log", "file": str(out["clean"])}, *attack(g), _move(g, "ah-10", "3411"), {"op": "end-log"}]
    res = run_engine(owc_module, setup=setup, images=False, actions=actions, timeout=240)
    assert res.ok, res.describe()
    assert all(p.is_file() for p in out.values())
    return out


def _lines(report) -> str:
    return "\n".join(f"step {f.step}: {f.finding.rule} {f.finding.title} {f.finding.units}: {f.finding.message}"
                     for f in report.findings + report.notes)


def test_set_up_facts() -> None:
    """The map and set-up the expectations rest on (no engine)."""
    g = loaded("owc1914")
    m = g.map
    setup = {p.unit: p.hex for p in g.scenarios[SCENARIO].setup}
    assert (setup["ah-2"], setup["ah-10"], setup["ru-9"], setup["ru-hq-3"]) == ("3411", "3410", "3412", "3414")
    assert "3412" in m.neighbours("3411") and "3412" not in m.neighbours("3410") and "3413" in m.neighbours("3414")
    assert {m.terrain[h] for h in ("3411", "3412", "3413", "3414")} == {"clear"}
    assert not {"3311", "3511"} & set(setup.values())  # no line of control on 3411/3412
    assert g.turns.phases.index("Normal attacks") == 3


def test_a_pursuer_moving_in_normal_movement_breaks_5(recorded, owc_module) -> None:
    report = check_log(recorded["pursuit"], owc_module)
    got = [(f.step, f.finding.rule, f.finding.title, f.finding.units) for f in report.findings]
    assert got == [(10, "5", TITLE, ("ah-2",))], _lines(report)
    msg = report.findings[0].finding.message
    assert "at step 6 it pursued into 3412" in msg and "3412 -> 3411" in msg
    assert not [n for n in report.notes if n.finding.title == "Attackers not checkable"], _lines(report)


def test_a_pursuer_staying_put_is_clean_and_the_rest_noted_once(recorded, owc_module) -> None:
    report = check_log(recorded["clean"], owc_module)
    assert not report.findings, _lines(report)
    noted = [(n.step, n.finding.rule, n.finding.units) for n in report.notes if n.finding.title == "Attackers not checkable"]
    assert noted == [(10, "5", ("ah-10",))], _lines(report)


def test_what_reads_as_a_pursuit(owc_game, owc_module, tmp_path) -> None:
    """Composed phases (no engine), the Allied Normal attacks phase of stage 8. IX Corps retreats from 3412 (step 1);
    II Corps, next to it in 3411, drops in 3413 beyond it (step 2: two hexes from 3411 and next to 3412, 10's 2 MP with
    3412 first); X Corps in 3410, not next to 3412, drops in 3311 (step 3): no pursuit, the log cannot say why it moved
    (not judged here). A unit entering the vacated hex before the retreat's drop pursued nothing."""
    moment = (8, "allies", "Normal attacks")
    ph = _phase(owc_game, owc_module, tmp_path, {"ru-9": "3412", "ah-2": "3411", "ah-10": "3410"},
                [("ru-9", "3414"), ("ah-2", "3413"), ("ah-10", "3311")], moment)
    assert pursuers(ph) == {"ah-2": (2, "3412")}
    early = _phase(owc_game, owc_module, tmp_path, {"ru-9": "3412", "ah-2": "3411"}, [("ah-2", "3412"), ("ru-9", "3414")],
                   moment)
    assert pursuers(early) == {}


def test_a_pursuer_railed_is_noted_not_reported(owc_game, owc_module, tmp_path) -> None:
    """DECISION (modgen/rules/owc1914_attacks): 5's "przesuwać" read as a march; a pursuer's move no march within its
    3 MP explains (3412 -> 3408, 4 hexes) is read as a transport: noted, not reported; a march the next stage is not
    this player-turn's (5: "w danym posunięciu"): it is noted once as not checkable."""
    plugin = plugin_for("owc1914")
    fight = _phase(owc_game, owc_module, tmp_path, {"ru-9": "3412", "ah-2": "3411"}, [("ru-9", "3414"), ("ah-2", "3412")],
                   (8, "allies", "Normal attacks"))
    far = _phase(owc_game, owc_module, tmp_path, {"ru-9": "3414", "ah-2": "3412"}, [("ah-2", "3408")],
                 (8, "allies", "Normal movement"))
    later = _phase(owc_game, owc_module, tmp_path, {"ru-9": "3414", "ah-2": "3412"}, [("ah-2", "3411")],
                   (9, "allies", "Normal movement"))
    findings, notes = plugin.log_phases([fight, far, later])
    assert [f for f in findings if f.finding.rule == "5"] == []
    assert [(n.step, n.finding.title) for n in notes if n.finding.rule == "5"] == [
        (1, "Transport of a unit that attacked"), (1, "Attackers not checkable")]  # stage 9's attack phase is not shown


def test_an_attack_phase_with_no_trace_leaves_nothing_unchecked(owc_game, owc_module, tmp_path) -> None:
    """Every attack leaves a trace in the log: 7.3 "Teraz gracz atakujący rzuca kostką" (the attacker rolls the die),
    12.1's declined combat is a retreat (a move), 16.4's hopeless attack breaks the attackers (a marker). A Normal
    attacks phase with no roll, move or change had no attack: a move in the Normal movement phase after it is not
    noted under 5."""
    plugin = plugin_for("owc1914")
    quiet = _phase(owc_game, owc_module, tmp_path, {"ru-9": "3412", "ah-10": "3410"}, [], (8, "allies", "Normal attacks"))
    move = _phase(owc_game, owc_module, tmp_path, {"ru-9": "3412", "ah-10": "3410"}, [("ah-10", "3411")],
                  (8, "allies", "Normal movement"))
    findings, notes = plugin.log_phases([quiet, move])
    assert [f for f in findings if f.finding.rule == "5"] == [] and [n for n in notes if n.finding.rule == "5"] == []
