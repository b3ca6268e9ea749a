"""Every scenario's own set-up checks clean, as VASSAL starts it, through its first game turn.

A scenario's set-up is legal by definition: the publisher put each unit there. For every scenario
of every shipped game and of the test games, the real engine starts the module's predefined set-up
(New Game) and saves it (a game's set-ups one after another in one engine start); the checker reads that save at its own moment and again at each phase of
the scenario's first game turn with nothing moved (the turn tracker pressed on, as a player would).
No error may show, and no pending note but those the scenario's own rules explain (EXPLAINED,
each with the rule's words). `modgen validate` reports the same as warnings (tested on a new game).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from modgen import plugins
from modgen.check.reader import read_state
from modgen.setups import findings_of_setup, first_turn_moments
from modgen.engine import SETUP_SOURCE, run_engine
from modgen.loader import load_game
from modgen.vassal.module import read_module

from .conftest import REPO, built, require_engine
from .third_rules import ThirdRules

GAMES = {"galicia1914": REPO, "holland44": REPO, "owc1914": REPO, "ef1914": REPO,
         "mini": REPO / "tests" / "data" / "mini", "sheets": REPO / "tests" / "data" / "sheets",
         "third": REPO / "tests" / "data" / "third"}

# (game, rule, title) -> why the scenario's own rules make it a pending note at set-up
EXPLAINED = {
    ("holland44", "27.3.1", "Play-balance unit still on the map"):
        "Holland '44 (2nd edition) 27.3.1: the two 10th SS play-balance units set up on the map and are removed "
        "at the start of Turn 3; until then the note says when they must be gone, which is the scenario's own rule",
}


MODULES: dict[Path, Path] = {}  # folder of a game's engine saves -> the game's module


@pytest.fixture(scope="module")
def engine_setups(tmp_path_factory) -> dict[tuple[str, str], Path]:
    """(game, scenario id) -> the save the engine wrote right after starting that predefined set-up
    (every set-up of a game through one engine start: File > New Game, then File > Save As, in turn)."""
    require_engine()
    plugins.register("third", ThirdRules)
    jobs: list[tuple[str, Path, list[tuple[str, str, Path]]]] = []
    for gid, root in GAMES.items():
        module = built(tmp_path_factory, root, gid)  # a shipped game's module is shared with the other tests
        out = tmp_path_factory.mktemp(gid)
        names = {entry: name for name, entry in read_module(module).setups.items()}
        jobs.append((gid, module, [(sc.id, f"{SETUP_SOURCE}{names[f'setup_{sc.id}.vsav']}", out / f"{sc.id}.engine.vsav")
                                   for sc in load_game(root, gid).scenarios.values()]))
        MODULES[out] = module

    def start(job: tuple[str, Path, list[tuple[str, str, Path]]]) -> dict[tuple[str, str], Path]:
        gid, module, setups = job
        res = run_engine(module, resave=[(src, saved) for _, src, saved in setups], images=False, timeout=180)
        problems = res.resaved()
        for sid, src, saved in setups:
            assert problems.get(src) == [] and saved.is_file(), f"{gid} {sid}: the engine did not start and save {src!r}:\n{res.describe()}"
        assert res.ok, res.describe()
        return {(gid, sid): saved for sid, _, saved in setups}

    try:
        with ThreadPoolExecutor(max_workers=2) as pool:
            yield {k: v for found in pool.map(start, jobs) for k, v in found.items()}
    finally:
        plugins.unregister("third")


def _module_of(saved: Path) -> Path:
    return MODULES[saved.parent]


def test_every_scenario_of_every_game_is_covered(engine_setups) -> None:
    want = {(gid, sid) for gid, root in GAMES.items() for sid in load_game(root, gid).scenarios}
    assert set(engine_setups) == want and len(want) >= 13


@pytest.mark.parametrize("gid", list(GAMES))
def test_each_set_up_checks_clean_through_its_first_game_turn(engine_setups, gid: str) -> None:
    plugins.register("third", ThirdRules)
    try:
        problems = []
        for (g, sid), saved in sorted(engine_setups.items()):
            if g != gid:
                continue
            state = read_state(saved, _module_of(saved))
            assert state.scenario is not None and state.scenario.id == sid, "the engine's save keeps the scenario"
            # exactly this scenario's units on the map (nothing left from the set-up started before it)
            placed = {u.id: u.hex for u in state.units_on_map()}
            assert placed == {p.unit: p.hex for p in state.scenario.setup if p.hex}, (gid, sid)
            assert first_turn_moments(state.game, state.scenario), "a first game turn with phases"
            for sf in findings_of_setup(state):
                if (gid, sf.finding.rule, sf.finding.title) in EXPLAINED and sf.finding.status == "pending":
                    continue
                problems.append(str(sf))
        assert problems == [], "\n".join(problems)
    finally:
        plugins.unregister("third")


def test_validate_warns_of_a_set_up_that_breaks_its_own_rule(tmp_path: Path) -> None:
    # A new game (modgen new) declares "5.1: at most 4 steps in a hex at the end of a Movement Phase"
    # (holds: end_of_phase). Its scenario s1 sets up rd-1 (a two-step division) in 0202; two more such
    # divisions there make 6 steps, so at the end of Red's first Movement Phase the set-up breaks 5.1:
    # validate must name the scenario's file, the scenario, the hex and the rule.
    subprocess.run([sys.executable, "-m", "modgen", "new", "demo", "--root", str(tmp_path)], check=True,
                   capture_output=True, cwd=REPO)
    units = tmp_path / "counters" / "demo" / "units.yaml"
    more = "".join(f'  - {{id: rd-{i}, name: "{i}", nationality: rd, type: infantry, size: XX, attack: 4, defense: 4, '
                   f'ma: 4, reduced: {{attack: 2, defense: 2}}}}\n' for i in (2, 3))
    units.write_text(units.read_text(encoding="utf-8") + more, encoding="utf-8")
    sc_file = tmp_path / "counters" / "demo" / "scenarios" / "s1.yaml"
    text = sc_file.read_text(encoding="utf-8")
    sc_file.write_text(text.replace("setup:\n", 'setup:\n  - {unit: rd-2, hex: "0202"}\n  - {unit: rd-3, hex: "0202"}\n', 1),
                       encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "modgen", "validate", "--root", str(tmp_path)],
                          capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr
    warned = [w for w in done.stdout.splitlines() if "its set-up breaks" in w]
    assert len(warned) == 1, done.stdout
    assert warned[0].startswith("counters/demo/scenarios/s1.yaml: setup: warning: scenario s1: its set-up breaks 5.1")
    assert "(Over-stacked) in 0202 at Turn 1, Red, Combat" in warned[0]  # the first moment after the Movement Phase
    shutil.rmtree(tmp_path / "counters")
