"""The shipped samples: start is the module's own set-up and clean; illegal gives exactly its pins."""

from __future__ import annotations

import json
from pathlib import Path

from modgen.check.reader import read_state
from modgen.check.report import expected_keys
from modgen.check.run import check_samples, check_saves
from modgen.vassal.archive import Archive
from modgen.vassal.savefile import read_game_data

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "samples" / "galicia1914"


def test_start_is_the_modules_setup(galicia_module):
    with Archive(galicia_module) as arc:
        setup = read_game_data(arc.read("setup_campaign.vsav"), "setup")
    st = read_state(SAMPLES / "start.vsav", module=galicia_module)
    ours = {u.unit.id: u.hex for u in st.units if u.hex}
    theirs = {}
    from modgen.check.reader import load_context, state_from_save

    ctx = load_context(galicia_module)
    for u in state_from_save(setup, ctx).units:
        if u.hex:
            theirs[u.unit.id] = u.hex
    assert ours == theirs and len(ours) == 71
    assert (st.turn, st.phasing_side, st.phase) == (1, "ah", "Supply")


def test_start_is_clean(galicia_module):
    report = check_saves([SAMPLES / "start.vsav"], galicia_module)
    assert report.findings == []


def test_illegal_findings_pinned(galicia_module):
    report = check_saves([SAMPLES / "illegal.vsav"], galicia_module)
    want = json.loads((SAMPLES / "illegal.expected.json").read_text())
    assert expected_keys(report.findings) == want
    assert sorted({f["rule"] for f in want}) == sorted(["2.1", "4.5", "5.1", "5.3", "11.4", "13.0", "14.0", "15.1", "TEC"])


def test_check_samples_all_ok(galicia_module):
    outcomes = check_samples(SAMPLES, [galicia_module.parent])
    assert [o.path.name for o in outcomes] == ["illegal.vsav", "start.vsav"] and all(o.ok for o in outcomes)


def test_holland_samples(holland_module):
    """Holland '44: the clean start and the illegal position with its 8 pinned findings."""
    outcomes = check_samples(REPO / "samples" / "holland44", [holland_module.parent])
    assert [o.path.name for o in outcomes] == ["illegal.vsav", "start.vsav"] and all(o.ok for o in outcomes), outcomes
    report = check_saves([REPO / "samples" / "holland44" / "illegal.vsav"], holland_module)
    assert sorted({f.rule for f in report.findings}) == ["18.1", "19.4", "27.3.1", "5.7.1", "6.1", "8.6.2"]


def test_samples_are_reproducible(tmp_path, galicia_module):
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_samples", REPO / "samples" / "make_samples.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    from modgen.vmod.compose import Composer
    from modgen.loader import load_game
    from modgen.vassal.savefile import save_bytes

    game = load_game(REPO, "galicia1914")
    data = save_bytes(Composer(game).content(mod.illegal_position(game)))
    assert data == (SAMPLES / "illegal.vsav").read_bytes()
