"""The shipped samples: start is the module's own set-up and clean; illegal gives exactly its pins."""

from __future__ import annotations

import json

import pytest
from pathlib import Path

from modgen.check.reader import read_state
from modgen.check.report import expected_keys
from modgen.check.run import check_samples, check_saves, read_expectation
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
    """The errors and the notes pinned with their reasoning (docs/samples.md). At GT 3 during the
    Russian Movement Phase the 11.4 marker comparison is information only: the status was fixed in
    the Supply Phase and the unit may have moved since (11.0)."""
    report = check_saves([SAMPLES / "illegal.vsav"], galicia_module)
    want = read_expectation(SAMPLES / "illegal.expected.json")
    assert expected_keys(report.findings) == want.errors
    assert sorted({f["rule"] for f in want.errors}) == sorted(["2.1", "4.5", "5.1", "5.3", "13.0", "14.0", "15.1", "TEC"])
    assert [(f.rule, f.status) for f in report.notes] == [("11.4", "info")]
    doc = json.loads((SAMPLES / "illegal.expected.json").read_text())
    assert all(item["words"] and item["why"] for item in doc["findings"] + doc["notes"])


def test_check_samples_all_ok(galicia_module):
    outcomes = check_samples(SAMPLES, [galicia_module.parent])
    assert [o.path.name for o in outcomes] == ["turn-illegal.vlog", "turn.vlog", "illegal.vsav", "reinforcements.vsav", "start.vsav"]
    assert all(o.ok for o in outcomes), outcomes


def test_a_sample_log_whose_findings_differ_from_its_pin_fails(galicia_module, tmp_path):
    """check-samples compares a log's findings, step by step, with its pin."""
    import shutil

    log = tmp_path / "turn-illegal.vlog"
    shutil.copyfile(SAMPLES / "turn-illegal.vlog", log)
    doc = json.loads((SAMPLES / "turn-illegal.expected.json").read_text())
    doc["findings"][0]["step"] = 2
    (tmp_path / "turn-illegal.expected.json").write_text(json.dumps(doc))
    (outcome,) = check_samples(tmp_path, [galicia_module.parent])
    assert not outcome.ok and "'step': 2" in outcome.message and "'step': 3" in outcome.message


def test_holland_samples(holland_module):
    """Holland '44: the clean start and the illegal position with its 6 pinned errors; its two 18.1
    marker disagreements are pending, as the save is taken during the Allied Supply Phase (18.1)."""
    outcomes = check_samples(REPO / "samples" / "holland44", [holland_module.parent])
    assert [o.path.name for o in outcomes] == ["turn.vlog", "illegal.vsav", "start.vsav"] and all(o.ok for o in outcomes), outcomes
    report = check_saves([REPO / "samples" / "holland44" / "illegal.vsav"], holland_module)
    assert sorted({f.rule for f in report.findings}) == ["19.4", "27.3.1", "5.7.1", "6.1", "8.6.2"]
    assert sorted((f.rule, f.status) for f in report.notes) == [("18.1", "pending"), ("18.1", "pending")]


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


def test_a_bad_expectation_file_is_one_clear_error(tmp_path, galicia_module):
    import shutil

    from modgen.errors import SaveError

    shutil.copy2(SAMPLES / "start.vsav", tmp_path / "start.vsav")
    (tmp_path / "start.expected.json").write_text('{"findings": [{"rule": "5.1"}]}')
    with pytest.raises(SaveError, match=r"start.expected.json: not a sample expectation \(KeyError: 'title'\); see docs/samples.md"):
        check_samples(tmp_path, [galicia_module.parent])
