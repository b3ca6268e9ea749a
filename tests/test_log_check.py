"""`modgen check TURN.vlog` on genuine logs: the real engine plays a turn from a module's set-up
(``run_engine(actions=...)``: drops, loaded dice, the turn tracker's Next, File > End Logfile), then
the checker replays the log step by step.

Every expected verdict below is reasoned from the rules and the map data, before the checker ran
(step numbers count the actions after "begin-log", one log step each, as VASSAL's Step forward):

Galicia (campaign set-up: GT 1, Austria-Hungary's Supply Phase; GT 1 is A-H only):
- legal turn: A-H cavalry 3 Kav 10.22 -> 11.23 (clear 1 + enter the EZOC of Russian 13 Cav at 12.23
  +1 = 2 of MA 8); 13 Cav reacts 12.23 -> 13.24 (12.1 Trigger 1: an enemy moved next to it; 13.24 is
  next to no A-H unit); A-H 14 Inf 9.22 -> 11.22 via 10.22 (clear 1, clear 1 + EZOC of 14 Cav at 12.21
  +1 = 3 of MA 4); 44 Inf 9.13 -> 7.13 (two clear hexes, far from any Russian: 2 of 4). Combat: 14 Inf
  (attack 5, halved across the 11.22/12.21 ridge: 3) against 14 Cav (defense 2): 3:2 is the 1.5:1
  column; 2d6 = 6 there is "+1/-1.R1": 14 Cav retreats one hex (to 13.21) and 14 Inf advances into
  12.21. Clean; 15.1(1): the infantry attack earns A-H 1 VP on GT 1.
- over-long: 44 Inf (MA 4) to a clear hex five hexes away: at least 5 MP (4.1).
- prohibited: 6 Kav 10.15 -> 10.16, swamp: prohibited terrain (TEC).
- EZOC costs: 14 Inf 9.22 -> 12.24: 4 clear hexes (9.22-10.22-10.23-11.24-12.24) fit MA 4, but 11.24 and
  12.24 are in 13 Cav's ZOC (12.23): +1 to enter 11.24, +2 from it to 12.24 (7 MP); every other way also
  crosses the ZOC or a river: 6.3.
- minimum move: GT 1, 14 Inf 9.22 -> 11.23 (3 MP, legal); GT 2 begins with the GT marker advanced (3.1
  A). GT 2 A-H Movement: 11.23 -> 12.22 costs clear 1
  + ridge 2 + EZOC to EZOC 2 = 5 > MA 4, a move only 4.3 allows, "then cannot expend MPs"; it moves on to
  13.22: 4.3 at that step (step 17: A-H's GT 2 player turn begins with one more step, the clearing of
  the moved marker 14 Inf got in GT 1).
- non-phasing: Russian 3 Inf 17.12 -> 17.13 in A-H's Movement Phase; infantry cannot react (12.1): 3.2.
- early arrival: in GT 1's Reinforcement Phase, 1 ls (due GT 2 at 8.24) is placed on 8.24: 14.0.
- arrivals on GT 2 (the GT marker advanced, 3.1 A): in A-H's Reinforcement Phase 36 ls (due at 8.22) is
  placed on the empty 7.23: 14.0; 1 ls on
  8.24 is right; in the Movement Phase 26 Inf (due GT 2 at 5.16) is placed: outside the phase (3.2 step
  2, 14.0).
- over-stack: four full A-H divisions (2 steps each, 5.1) move next door into 8.13 (1 or 2 clear hexes
  each: 4 Inf from 8.14, 13 Inf from 7.14, 44 Inf from 9.13, 25 Inf from 9.15 via 9.14): 8 steps. "No more
  than six steps ... at the END of any friendly Movement Phase": reported when the phase ends, at the
  step that pressed Next (7), not while the units were still moving.
- wrong combat result: as the legal turn, but 14 Cav ends two hexes away (13.20) on an R1: 9.2.

Holland '44 (short game: Turn 1, Allied Artillery Resupply Phase):
- legal turn: Airlanding: 2/502 on drop zone B (3306), 1/506 on C (3206). Movement: 2/502 3306 -> 3308 (2
  clear hexes, MA 6); 1/506 3206 -> 3207, next to the German flak at 3107: entering an EZOC costs 0 and
  ends the move (7.2). Clean.
- non-phasing: the German flak at 3107 moves in the Allied Movement Phase: 3.0.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from modgen.check.logcheck import check_log
from modgen.engine import run_engine
from modgen.layout import tracks_layout
from modgen.regions import hex_distances
from modgen.vassal.module import read_module

from .conftest import REPO, loaded, require_engine
from .engine_logs import engine_logs

MAIN = "Main Map"


def _move(game, unit: str, hex_id: str) -> dict[str, Any]:
    _, x, y = game.map.centre(hex_id)
    return {"op": "move", "piece": game.gpid("unit", unit), "map": MAIN, "x": x, "y": y}


NEXT = {"op": "turn-next"}


def _to_box(game, marker: str, box: str) -> dict[str, Any]:
    """Drop a marker on a box of the game's display windows (its centre)."""
    b = tracks_layout(game, list(game.scenarios.values())).box(box)
    return {"op": "move", "piece": game.gpid("marker", marker), "map": b.window, "x": b.x + b.w // 2, "y": b.y + b.h // 2}


def _roll(dice: str, *values: int) -> dict[str, Any]:
    return {"op": "roll", "button": dice, "values": list(values)}


def _far_clear_hex(game, start: str, distance: int) -> str:
    """A clear hex exactly `distance` hexes from start, three or more from every set-up unit but the mover's hex."""
    sc = game.scenarios["campaign"]
    occupied = [p.hex for p in sc.setup if p.hex and p.hex != start]
    near = hex_distances(occupied, game.map.neighbours, radius=2)
    ring = hex_distances([start], game.map.neighbours, radius=distance)
    return min(h for h, d in ring.items() if d == distance and game.map.terrain[h] == "clear" and h not in near)


def galicia_logs(g) -> dict[str, tuple[list, list]]:
    movement = [NEXT, NEXT]  # Supply -> Reinforcement -> Movement
    legal_moves = [_move(g, "ah-cav-3", "11.23"), _move(g, "ru-cav-13", "13.24"), _move(g, "ah-inf-14", "11.22"),
                   _move(g, "ah-inf-44", "7.13")]
    combat = [NEXT, _roll("2d6", 3, 3), _roll("1d6", 2), _roll("1d6", 2)]
    far = _far_clear_hex(g, "9.13", 5)
    # Combat, Record VPs, GT 2 (3.1 A: advance the GT marker), Russian 5 phases, A-H Supply, Reinforcement, Movement
    to_gt2_ah_movement = [NEXT, NEXT, NEXT, _to_box(g, "gt", "GT 2")] + [NEXT] * 7
    return {
        "legal": (movement + legal_moves + combat + [_move(g, "ru-cav-14", "13.21"), _move(g, "ah-inf-14", "12.21"), NEXT], []),
        "overlong": (movement + [_move(g, "ah-inf-44", far)], [(3, "4.1", "Move longer than the movement allowance", ("ah-inf-44",))]),
        "prohibited": (movement + [_move(g, "ah-cav-6", "10.16")], [(3, "TEC", "Move into a prohibited hex", ("ah-cav-6",))]),
        "ezoc": (movement + [_move(g, "ah-inf-14", "12.24")], [(3, "6.3", "Move too long with enemy ZOC costs", ("ah-inf-14",))]),
        "minimum": (movement + [_move(g, "ah-inf-14", "11.23")] + to_gt2_ah_movement
                    + [_move(g, "ah-inf-14", "12.22"), _move(g, "ah-inf-14", "13.22")],
                    # 17: A-H's GT 2 player turn begins by clearing the moved marker 14 Inf got in GT 1
                    # (the turn tracker's Turn Global Hotkey runs a Global Key Command: a log step of its own)
                    [(17, "4.3", "Minimum move and other movement", ("ah-inf-14",))]),
        "nonphasing": (movement + [_move(g, "ru-inf-3", "17.13")], [(3, "3.2", "Move by the non-phasing side", ("ru-inf-3",))]),
        "early": ([NEXT, _move(g, "ah-ls-1", "8.24")], [(2, "14.0", "Reinforcement before its turn", ("ah-ls-1",))]),
        "arrivals": ([NEXT] * 5 + [_to_box(g, "gt", "GT 2")] + [NEXT] * 6
                     + [_move(g, "ah-ls-36", "7.23"), _move(g, "ah-ls-1", "8.24"), NEXT, _move(g, "ah-inf-26", "5.16")],
                     [(13, "14.0", "Reinforcement off its entry hexes", ("ah-ls-36",)),
                      (16, "14.0", "Reinforcement outside the reinforcement phase", ("ah-inf-26",))]),
        "overstack": (movement + [_move(g, u, "8.13") for u in ("ah-inf-4", "ah-inf-13", "ah-inf-44", "ah-inf-25")] + [NEXT],
                      # steps 2-6 the movement and the four drops; 7 the module's own stacking warning, printed as
                      # the tracker leaves the Movement Phase (a log step of its own); 8 the tracker's Combat: the
                      # first moment of the next phase, where 5.1 ("at the END of any friendly Movement Phase") holds
                      [(8, "5.1", "Over-stacked", ("ah-inf-4", "ah-inf-13", "ah-inf-44", "ah-inf-25"))]),
        "wrong_result": (movement + legal_moves + combat + [_move(g, "ru-cav-14", "13.20"), NEXT],
                         [(11, "9.2", "Combat result not applied", ("ru-cav-14",))]),
    }


def holland_logs(g) -> dict[str, tuple[list, list]]:
    to_airlanding = [NEXT, NEXT]  # Artillery Resupply -> Bridge -> Airlanding
    drops = [_move(g, "us-502-1", "3306"), _move(g, "us-506-1", "3206")]
    return {
        "legal": (to_airlanding + drops + [NEXT, _move(g, "us-502-1", "3308"), _move(g, "us-506-1", "3207"), NEXT, NEXT], []),
        "nonphasing": (to_airlanding + [NEXT, _move(g, "de-flak-son", "3108")],
                       [(4, "3.0", "Move by the non-phasing side", ("de-flak-son",))]),
    }


def _record(module: Path, setup: str, actions: list, log: Path) -> Path:
    res = run_engine(module, setup=setup, images=False,
                     actions=[{"op": "begin-log", "file": str(log)}, *actions, {"op": "end-log"}])
    assert res.ok, res.describe()
    assert log.is_file()
    return log


def _setup_named(module: Path, scenario_name: str) -> str:
    return next(n for n, f in read_module(module).setups.items() if f and scenario_name in n)


@pytest.fixture(scope="module")
def logs(galicia_module: Path, holland_module: Path, tmp_path_factory) -> dict[str, tuple[Path, Path, list]]:
    """Every log of both games, recorded by the engine (one start a game, tests/engine_logs.py)."""
    require_engine()
    tmp = tmp_path_factory.mktemp("logs")
    galicia, holland = loaded("galicia1914"), loaded("holland44")
    jobs: dict[str, tuple[Path, str, list, list]] = {}
    g_setup = _setup_named(galicia_module, galicia.scenarios["campaign"].name)
    h_setup = _setup_named(holland_module, holland.scenarios["short"].name)
    for name, (actions, want) in galicia_logs(galicia).items():
        jobs[f"galicia-{name}"] = (galicia_module, g_setup, actions, want)
    for name, (actions, want) in holland_logs(holland).items():
        jobs[f"holland-{name}"] = (holland_module, h_setup, actions, want)
    logs: dict[str, Path] = {}
    for mod, setup in ((galicia_module, g_setup), (holland_module, h_setup)):  # one engine start a game
        logs.update(engine_logs(mod, {k: (setup, [], actions) for k, (m, _, actions, _) in jobs.items() if m == mod}, tmp))
    return {k: (logs[k], jobs[k][0], jobs[k][3]) for k in jobs}


CASES = [f"galicia-{k}" for k in ("legal", "overlong", "prohibited", "ezoc", "minimum", "nonphasing", "early", "arrivals",
                                  "overstack", "wrong_result")] + \
        [f"holland-{k}" for k in ("legal", "nonphasing")]


@pytest.mark.parametrize("case", CASES)
def test_each_log_reports_exactly_its_broken_step(logs, case: str) -> None:
    log, module, want = logs[case]
    report = check_log(log, module)
    got = [(f.step, f.finding.rule, f.finding.title, f.finding.units) for f in report.findings]
    assert got == want, "\n".join(f"step {f.step}: {f.finding.rule} {f.finding.title}: {f.finding.message}" for f in report.findings)


def test_the_legal_galicia_turn_earns_its_attack_vp(logs) -> None:
    log, module, _ = logs["galicia-legal"]
    report = check_log(log, module)
    assert [(ln.gt, ln.side, ln.vp) for ln in report.vp] == [(1, "ah", 1)]
    assert [n.finding.title for n in report.notes] == ["Losses not checkable"]  # the LRT (9.4) is not judged
    phases = [p.phase for p in report.phases]
    assert phases == ["Supply", "Reinforcement", "Movement", "Combat", "Record VPs"]
    moves = [(m.step, m.unit, m.frm, m.to) for p in report.phases for m in p.moves]
    assert moves[:4] == [(3, "ah-cav-3", "10.22", "11.23"), (4, "ru-cav-13", "12.23", "13.24"),
                         (5, "ah-inf-14", "9.22", "11.22"), (6, "ah-inf-44", "9.13", "7.13")]
    rolls = [(r.step, r.dice, r.total) for p in report.phases for r in p.rolls]
    assert rolls == [(8, "2d6", 6), (9, "1d6", 2), (10, "1d6", 2)]


def test_the_over_long_move_names_its_cheapest_path(logs) -> None:
    log, module, _ = logs["galicia-overlong"]
    (f,) = check_log(log, module).findings
    assert f.path[0] == "9.13" and len(f.path) == 6 and f.path_cost >= 5


def test_cli_checks_a_log_with_text_json_and_picture(logs, tmp_path: Path) -> None:
    log, module, _ = logs["galicia-ezoc"]
    picture = tmp_path / "turn.png"
    run = subprocess.run([sys.executable, "-m", "modgen", "check", str(log), "--module", str(module), "--picture", str(picture)],
                         capture_output=True, text=True, cwd=REPO)
    assert run.returncode == 1, run.stderr
    assert "step 3: 14 [5] 9.22 -> 12.24" in run.stdout and "BREAKS 6.3" in run.stdout
    assert picture.stat().st_size > 10_000
    run = subprocess.run([sys.executable, "-m", "modgen", "check", str(logs["galicia-legal"][0]), "--module", str(module), "--json"],
                         capture_output=True, text=True, cwd=REPO)
    assert run.returncode == 0, run.stdout + run.stderr
    doc = json.loads(run.stdout)
    assert doc["findings"] == [] and doc["vp"][0]["vp"] == 1
