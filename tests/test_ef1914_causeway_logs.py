"""The Eastern Front in WW1: the causeways' limit (8.1.6) in a log the real VASSAL engine recorded (issue 26), all its
logs in ONE engine start from the Tannenberg set-up, each checked step by step with modgen.check.

Rulebook: The Eastern Front in WW1: 1914, Twilight in the East, Living Rules (June 2014). The words the expectations
rest on:
- 8.1.6 "A player may move across a causeway only if both hexes on each side of the causeway are friendly controlled
  (4.3). The maximum number of units that may move across a causeway in each movement phase is the following: Four
  Asset Units; or One Brigade Formation + 2 Asset Units; or One Division Formation + 1 Asset Unit. PLAY NOTE: There
  are three causeways on the map; all three enter hex [lost] (near Lötzen)."
- 7.0 Formation Definition: "If a combat unit has a corresponding Attachment marker, it is termed a formation; if it
  does not, it is an Asset Unit" (counters/ef1914/markers.yaml: att-de-36r-1r, att-de-3r; none for Bacmeister, III).
- 8.1 "Units move by tracing a path through adjacent hexes"; 8.3 "A player may increase an infantry unit's MA by up to
  3 MPs" (a forced march: legal, noted).

Map facts (maps/ef1914, authored): the three causeways are the hexsides 49.27/49.28, 49.27/50.27 and 49.27/50.28 of
the Lötzen hex 49.27, across lake hexsides otherwise closed; the way round the lakes runs by 49.24 (48.27 -> 50.27:
12 MP round, 4 MP through Lötzen). Every hex named is clear (2 MP, 4.1 EXAMPLE 1), no Russian unit within six hexes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from modgen.check.logcheck import check_log
from modgen.engine import run_engine
from modgen.rules.ef1914_causeway import TITLE
from modgen.vassal.module import read_module

from .conftest import loaded, require_engine

NEXT = {"op": "turn-next"}
MAIN = "Main Map"
CAUSEWAY = frozenset(("49.27", "50.27"))


def _move(g, unit: str, hex_id: str) -> dict:
    _, x, y = g.map.centre(hex_id)
    return {"op": "move", "piece": g.gpid("unit", unit), "map": MAIN, "x": x, "y": y}


def plan(g) -> list[tuple[str, list, list]]:
    """(log name or "" for actions not logged, actions, findings expected: (step, rule, title, units))."""
    return [
        # Unlogged: the division formations 36r/1r (MA 7) to 46.28 and 3r (MA 7) to 46.27; fifteen Nexts from the
        # set-up's first phase to the Central Powers' Movement Phase of GT 1 (MA 7 + 3 by forced march = 10 MP).
        ("", [_move(g, "de-36r-1r", "46.28"), _move(g, "de-3r", "46.27")] + [NEXT] * 15, []),
        # Step 1: 36r/1r 46.28 -> 50.26, 47.28 48.28 (2 + 2), the RR line 48.28 - 49.27 - 50.27 as a roadway (8.1.4:
        # 1 1/2 + 1 1/2), 50.26 (2): 9 MP, legal by forced march; through 49.27/50.27 only (by 49.27/50.28 or 49.28 it
        # costs more than 10, round the lakes more still): a division formation across that causeway.
        # Step 2: 3r 46.27 -> 51.26, 47.26 48.27 (2 + 2), 49.27 (the road 48.27 - 49.27, 2), 50.27 (1 1/2), 51.26 (2):
        # 9 1/2 MP, legal alone, again only across 49.27/50.27: a second division formation there, more than "One
        # Division Formation + 1 Asset Unit": 8.1.6 at step 2.
        # Step 3: Bacmeister (III, an Asset Unit) 47.26 -> 50.27, 5 1/2 MP through Lötzen, over any of the three
        # causeways (49.27/50.28 then 50.27: 8 MP; 49.27/49.28: 10): with 36r/1r alone at 49.27/50.27, within the
        # limit whichever it took ("One Division Formation + 1 Asset Unit").
        ("limit", [_move(g, "de-36r-1r", "50.26"), _move(g, "de-3r", "51.26"), _move(g, "de-bacmeister", "50.27")],
         [(2, "8.1.6", TITLE, ("de-3r",))]),
    ]


@pytest.fixture(scope="module")
def recorded(ef_module: Path, tmp_path_factory) -> dict[str, Path]:
    """Every log of the plan, recorded in one engine start (each log begins where the last ended)."""
    require_engine()
    g = loaded("ef1914")
    setup = next(n for n, f in read_module(ef_module).setups.items() if f and g.scenarios["tannenberg"].name in n)
    tmp = tmp_path_factory.mktemp("ef-causeway-logs")
    actions: list = []
    out: dict[str, Path] = {}
    for name, acts, _ in plan(g):
        if not name:
            actions += acts
            continue
        out[name] = tmp / f"{name}.vlog"
        actions += [{"op": "begin-log", "file": str(out[name])}, *acts, {"op": "end-log"}]
    res = run_engine(ef_module, setup=setup, images=False, actions=actions, timeout=300)
    assert res.ok, res.describe()
    return out


CASES = [(name, want) for name, _, want in plan(loaded("ef1914")) if name]


def _lines(report) -> str:
    return "\n".join(f"step {f.step}: {f.finding.rule} {f.finding.title} {f.finding.units}: {f.finding.message}"
                     for f in report.findings + report.notes)


@pytest.mark.parametrize("name,want", CASES, ids=[c[0] for c in CASES])
def test_each_log_reports_exactly_the_step_that_breaks_a_rule(recorded, ef_module, name, want):
    report = check_log(recorded[name], ef_module)
    got = [(f.step, f.finding.rule, f.finding.title, f.finding.units) for f in report.findings]
    assert got == want, _lines(report)


def test_the_crossings_within_the_limit_are_noted_with_the_control_the_log_cannot_show(recorded, ef_module):
    """8.1.6 "only if both hexes on each side of the causeway are friendly controlled (4.3)": control is not in a log,
    so each counted crossing is a note; the forced marches (8.3) are noted as ever; 3r's finding names the causeway
    and the division formation already across."""
    report = check_log(recorded["limit"], ef_module)
    notes = sorted((n.step, n.finding.rule, n.finding.units) for n in report.notes)
    assert notes == [(1, "8.1.6", ("de-36r-1r",)), (1, "8.3", ("de-36r-1r",)), (2, "8.3", ("de-3r",)),
                     (3, "8.1.6", ("de-bacmeister",))], _lines(report)
    cw = next(n for n in report.notes if n.finding.rule == "8.1.6" and n.step == 1).finding.message
    assert "49.27/50.27" in cw and "control (4.3) is not in the log" in cw
    over = report.findings[0].finding.message
    assert "de-36r-1r (division formation)" in over and "crossed 49.27/50.27," in over and "One Division Formation" in over
