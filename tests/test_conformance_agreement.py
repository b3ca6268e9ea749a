"""Agreement between the module's warnings and `modgen check` (issue 25), in the real engine, on a set of
positions per game: the shipped sample saves, legal (the set-ups) and illegal (breaches made by hand,
each reasoned from the rules and pinned in samples/<game>/*.expected.json).

Each save is opened in VASSAL and "Check position" pressed; then the same save is checked by modgen:
- every warning the module prints is a finding modgen reports for that save, same rule, same hex (an
  error, or a pending note: "Check position" judges the position now, the checker by the rule's moment);
- every error of a kind the module warns about (over-stacked, both sides in one hex, prohibited terrain)
  is warned about, except a stack the game counts its own way (game.yaml stacking.unwarned_tags /
  unwarned_markers) or one holding both sides (the both-sides warning covers it);
- the set-ups (start.vsav) print no warning at all.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from modgen.check.run import check_saves
from modgen.engine import run_engine
from modgen.movement import prohibited_title
from modgen.stacking import BOTH_SIDES, OVERSTACKED

from .conftest import REPO, built, loaded, require_engine
from .test_conformance_warnings import _warnings

GAMES = ("galicia1914", "ef1914", "owc1914", "holland44")
PROHIBITED = prohibited_title("")  # "Unit in prohibited terrain ()": its start names the kind


def _samples(game_id: str) -> list[Path]:
    saves = sorted((REPO / "samples" / game_id).glob("*.vsav"))
    return sorted(saves, key=lambda p: p.name != "start.vsav")  # the set-up first


def _run(game_id: str, module: Path) -> dict:
    saves = _samples(game_id)
    acts: list[dict] = [{"op": "button", "button": "Check position"}]
    for save in saves[1:]:
        acts += [{"op": "load-game", "save": str(save)}, {"op": "button", "button": "Check position"}]
    res = run_engine(module, save=saves[0], images=False, actions=acts, timeout=400)
    return {"saves": saves, "res": res, "module": module}


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    require_engine()
    modules = {g: built(tmp_path_factory, REPO, g) for g in GAMES}
    with ThreadPoolExecutor(max_workers=2) as pool:
        jobs = {g: pool.submit(_run, g, modules[g]) for g in GAMES}
        return {g: j.result() for g, j in jobs.items()}


def _warned(run: dict) -> dict[Path, set[tuple[str, str]]]:
    """Per save: (rule, hex) of each warning "Check position" printed (read as "* ! RULE Title: ... in HEX...")."""
    res = run["res"]
    assert res.ok, res.describe()
    checks = [a for a in res.of_kind("action") if a["op"] == "button"]
    assert len(checks) == len(run["saves"])
    out: dict[Path, set[tuple[str, str]]] = {}
    for save, a in zip(run["saves"], checks):
        found = set()
        for line in _warnings(a):
            rule, rest = line[len("* ! "):].split(" ", 1)
            where = rest.rsplit(" in ", 1)[1].split(",")[0].strip()
            found.add((rule, where))
        out[save] = found
    return out


def _unwarned_hexes(result) -> set[str]:
    """Hexes holding what the game counts its own way, or units of two sides."""
    game = result.state.game
    st = game.stacking
    out = set()
    for hex_id, units in result.state.by_hex().items():
        if len({u.side for u in units}) > 1 or any(u.unit.has(t) for u in units for t in st.unwarned_tags):
            out.add(hex_id)
    for m in getattr(result.state, "markers", ()) or ():
        if getattr(m, "kind", "") in st.unwarned_markers and getattr(m, "hex", None):
            out.add(m.hex)
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_every_warning_is_a_finding_of_modgen_check_for_the_same_save(runs, game_id: str) -> None:
    run = runs[game_id]
    for save, warned in _warned(run).items():
        result = check_saves([save], run["module"]).saves[0]
        reported = {(f.rule, h) for f in [*result.findings, *result.notes] for h in f.hexes}
        assert warned <= reported, (save.name, sorted(warned - reported), sorted(reported))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_error_of_a_warned_kind_is_warned(runs, game_id: str) -> None:
    run = runs[game_id]
    warned_any = False
    for save, warned in _warned(run).items():
        result = check_saves([save], run["module"]).saves[0]
        skip = _unwarned_hexes(result)
        want = set()
        for f in result.findings:
            if f.title == OVERSTACKED and f.hexes[0] not in skip:
                want.add((f.rule, f.hexes[0]))
            elif f.title == BOTH_SIDES or f.title.startswith(PROHIBITED[:-2]):
                want.add((f.rule, f.hexes[0]))
        assert want <= warned, (save.name, sorted(want - warned))
        warned_any |= bool(warned)
    assert warned_any or game_id == "owc1914", f"{game_id}: no sample breaks a rule the module warns about"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_set_up_warns_of_nothing(runs, game_id: str) -> None:
    run = runs[game_id]
    warned = _warned(run)
    assert warned[run["saves"][0]] == set(), sorted(warned[run["saves"][0]])
    assert run["saves"][0].name == "start.vsav" and loaded(game_id).id == game_id
