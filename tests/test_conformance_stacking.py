"""Stacking is warned when its rule holds, in the real engine (issue 25): an over-stack made during the
owner's Movement Phase prints nothing while the units move and one warning for the hex when the turn
tracker leaves that phase; "Check position" on each scenario's set-up and a legal turn print none; and
the warning is the finding `modgen check` reports for the engine's save of that moment.

The rules, and when they hold (the expectations below rest on these words, not on the module):
- Battle for Galicia 1914, 5.1: "No more than six STEPS can occupy a hex at the END of any friendly
  Movement Phase".
- The Eastern Front in WW1 (Living Rules, June 2014), 4.2: "No more than THREE division-sized infantry
  units plus TWO artillery units can occupy a hex at the END of any friendly movement phase"; reduced
  divisions and brigades count half (the data counts half-divisions: limit 6).
- Ostatnia Wojna Cesarzy (NOVINA, 1997), 5.3: no unit may voluntarily enter a hex holding 4 units; the
  checker holds it to the end of Normal movement (modgen.rules.owc1914, DECISION at 5.3).
- Holland '44 (digest), 6.1: 2 units plus 1 free-stacking unit per hex, never more than 9 steps, "check
  at the end of each Movement Phase".
Each over-stack here is made of units that count at their least (reduced side, if any) and still break
the limit, dropped on an empty hex of open terrain.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from modgen.check.run import check_saves
from modgen.engine import run_engine
from modgen.stacking import FREE_STACKING, breach
from modgen.vassal.module import read_module
from modgen.vassal.savefile import read_game_data
from modgen.vmod.warnings import closed_terrain, restrictions_of

from .conftest import in_engine_per_game, loaded
from .test_conformance_chat import MAIN, _masked_by, _property
from .test_conformance_warnings import _warnings

RULES = {  # game -> (rule, the phase at whose end it holds), from the rulebooks' words above
    "galicia1914": ("5.1", "Movement"),
    "ef1914": ("4.2", "Movement"),
    "owc1914": ("5.3", "Normal movement"),
    "holland44": ("6.1", "Movement"),
}
GAMES = tuple(RULES)


def _least_steps(game, unit) -> int:
    return min(s for s in (game.unit_steps(unit, False), game.unit_steps(unit, True)) if s is not None) if game.unit_steps(unit, False) is not None else 0


def _over_stack(game, start, side_id: str) -> list:
    """Visible units of the side on the map, as few as break the limit counted at their least, or []."""
    st = game.stacking
    mine, steps = [], 0
    for rec in start.pieces:
        uid = _property(rec, "UnitId")
        if rec.map != MAIN or not uid or _masked_by(rec) is not None:
            continue
        unit = game.units[uid]
        if unit.side != side_id or unit.has(FREE_STACKING) or any(unit.has(t) for t in st.unwarned_tags):
            continue
        if restrictions_of(game, unit):  # held on its set-up hex: moving it warns of that (its own test)
            continue
        mine.append((rec, unit))
        steps += _least_steps(game, unit)
        if breach(st, steps, len(mine), 0):
            return mine
    return []


def _plan(game_id: str, module: Path) -> dict:
    """The actions of one engine start: every set-up checked; a legal player turn; an over-stack."""
    game = loaded(game_id)
    rule, phase = RULES[game_id]
    setups = [(n, f) for n, f in read_module(module).setups.items() if f]
    first, first_file = setups[0]
    with zipfile.ZipFile(module) as z:
        start = read_game_data(z.read(first_file), first_file)
    scenario = next(s for s in game.scenarios.values() if s.name == first or first.startswith(s.name))
    occupied = {(r.x, r.y) for r in start.pieces if r.map == MAIN}
    order = list(game.turns.player_turns)
    for side_id in order[order.index(scenario.first_player_turn):] + order[:order.index(scenario.first_player_turn)]:
        side, mine = game.side(side_id), _over_stack(game, start, side_id)
        if mine:
            break
    assert mine, f"{game_id}: no side has the units on the map to over-stack"
    turns_before = (order.index(side.id) - order.index(scenario.first_player_turn)) % len(order)
    closed = set().union(*(closed_terrain(game, u) for _, u in mine))
    empty = [h for h in game.map.hex_ids() if game.map.centre(h)[1:] not in occupied
             and game.map.terrain_types[game.map.terrain[h]].name not in closed]
    target, elsewhere = empty[len(empty) // 2], empty[len(empty) // 3]
    to_phase = [{"op": "turn-next"}] * (turns_before * len(game.turns.phases) + game.turns.phases.index(phase))
    rest = [{"op": "turn-next"}] * (len(game.turns.phases) - game.turns.phases.index(phase))

    def drop(rec, hex_id):
        _, x, y = game.map.centre(hex_id)
        return {"op": "move", "piece": rec.id, "map": MAIN, "x": x, "y": y}

    acts: list[dict] = [{"op": "button", "button": "Check position", "tag": "setup:" + first}]
    for name, _ in setups[1:]:
        acts += [{"op": "new-game", "setup": name}, {"op": "button", "button": "Check position", "tag": "setup:" + name}]
    acts += [{"op": "new-game", "setup": first}, *to_phase, drop(mine[0][0], elsewhere), *rest]  # a legal turn
    acts += [{"op": "new-game", "setup": first}, *to_phase, *(drop(r, target) for r, _ in mine), {"op": "turn-next", "tag": "leave"}]
    return {"game": game, "side": side, "rule": rule, "phase": phase, "target": target, "units": [u.id for _, u in mine],
            "setups": [n for n, _ in setups], "acts": acts, "first": first,
            "nexts": len(to_phase) + len(rest)}


def _run(game_id: str, module: Path, out: Path) -> dict:
    plan = _plan(game_id, module)
    res = run_engine(module, setup=plan["first"], images=False, side=plan["side"].name,
                     actions=[{k: v for k, v in a.items() if k != "tag"} for a in plan["acts"]], save_as=out, timeout=400)
    return {**plan, "res": res, "save": out, "module": module}


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    return in_engine_per_game(tmp_path_factory, GAMES, "stacking", _run)


def _actions(run: dict) -> list[dict]:
    res = run["res"]
    assert res.ok, res.describe()
    return [a for a in res.of_kind("action")]


@pytest.mark.parametrize("game_id", GAMES)
def test_check_position_on_every_set_up_warns_of_nothing(runs, game_id: str) -> None:
    checks = [a for a in _actions(runs[game_id]) if a["op"] == "button"]
    assert len(checks) == len(runs[game_id]["setups"])
    for setup, a in zip(runs[game_id]["setups"], checks):
        assert a["chat"][0].startswith("* - Check position") and _warnings(a) == [], (setup, a["chat"])


@pytest.mark.parametrize("game_id", GAMES)
def test_a_legal_turn_warns_of_nothing(runs, game_id: str) -> None:
    acts = _actions(runs[game_id])
    starts = [i for i, a in enumerate(acts) if a["op"] == "new-game" and a.get("setup") == runs[game_id]["first"]]
    legal = acts[starts[-2] + 1:starts[-1]]
    assert [a["op"] for a in legal].count("turn-next") == runs[game_id]["nexts"]  # to the end of the side's player turn
    assert all(_warnings(a) == [] for a in legal), [a["chat"] for a in legal]


@pytest.mark.parametrize("game_id", GAMES)
def test_an_over_stack_warns_once_when_the_phase_ends_not_while_moving(runs, game_id: str) -> None:
    run = runs[game_id]
    acts = _actions(run)
    last = acts[max(i for i, a in enumerate(acts) if a["op"] == "new-game") + 1:]
    moving, leave = last[:-1], last[-1]
    assert [a["op"] for a in moving].count("move") == len(run["units"])
    assert all(_warnings(a) == [] for a in moving), [a["chat"] for a in moving]
    (line,) = _warnings(leave)
    assert line.startswith(f"* ! {run['rule']} Over-stacked: ") and f" in {run['target']}, " in line, line
    assert line.endswith(f"(end of {run['side'].name} {run['phase']})"), line


@pytest.mark.parametrize("game_id", GAMES)
def test_the_stacking_warning_is_the_checker_s_finding_for_the_engine_s_save(runs, game_id: str) -> None:
    """Agreement: every warning printed is a finding `modgen check` reports for the same save, same rule."""
    run = runs[game_id]
    (line,) = _warnings(_actions(run)[-1])
    rule = line[len("* ! "):].split(" ", 1)[0]
    found = {(f.rule, f.hexes) for f in check_saves([run["save"]], run["module"]).saves[0].findings}
    assert (rule, (run["target"],)) in found, sorted(found)
