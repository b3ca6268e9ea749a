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
from modgen.rules.ef1914_causeway import TITLE
from modgen.vassal.module import read_module

from .conftest import loaded
from .engine_logs import record_plan

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
        # Unlogged too: the Corps Train 1 R (MA 7, a supply unit, no forced march) to 48.27.
        ("", [_move(g, "de-36r-1r", "46.28"), _move(g, "de-3r", "46.27"), _move(g, "de-ct-1r", "48.27")] + [NEXT] * 15, []),
        # Step 1: 36r/1r 46.28 -> 50.26, 47.28 48.28 (2 + 2), the RR line 48.28 - 49.27 - 50.27 as a roadway (8.1.4:
        # 1 1/2 + 1 1/2), 50.26 (2): 9 MP, legal by forced march; through 49.27/50.27 only (by 49.27/50.28 or 49.28 it
        # costs more than 10, round the lakes more still): a division formation across that causeway.
        # Step 2: 3r 46.27 -> 51.26, 47.26 48.27 (2 + 2), 49.27 (the road 48.27 - 49.27, 2), 50.27 (1 1/2), 51.26 (2):
        # 9 1/2 MP, legal alone, again only across 49.27/50.27: a second division formation there, more than "One
        # Division Formation + 1 Asset Unit": 8.1.6 at step 2.
        # Step 3: Bacmeister (III, an Asset Unit) 47.26 -> 50.27, 5 1/2 MP through Lötzen, over any of the three
        # causeways (49.27/50.28 then 50.27: 8 MP; 49.27/49.28: 10): with 36r/1r alone at 49.27/50.27, within the
        # limit whichever it took ("One Division Formation + 1 Asset Unit").
        # Step 4: the Corps Train 1 R 48.27 -> 51.27 through Lötzen (2 + 1 1/2 + 2 = 5 1/2 MP of 7; round the lakes more
        # than 12): a supply unit, neither formation nor Asset Unit (6.4 "Supply units are not asset units"), which the
        # limit does not count: noted as not checkable, no finding.
        ("limit", [_move(g, "de-36r-1r", "50.26"), _move(g, "de-3r", "51.26"), _move(g, "de-bacmeister", "50.27"),
                   _move(g, "de-ct-1r", "51.27")],
         [(2, "8.1.6", TITLE, ("de-3r",))]),
    ]


@pytest.fixture(scope="module")
def recorded(ef_module: Path, tmp_path_factory) -> dict[str, Path]:
    """Every log of the plan, recorded in one engine start (each log begins where the last ended)."""
    g = loaded("ef1914")
    setup = next(n for n, f in read_module(ef_module).setups.items() if f and g.scenarios["tannenberg"].name in n)
    return record_plan(ef_module, setup, plan(g), tmp_path_factory.mktemp("ef-causeway-logs"), timeout=300)


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
    so each counted crossing is a note; so is the supply unit's, which the limit does not count; the forced marches
    (8.3) are noted as ever; 3r's finding names the causeway and the division formation already across."""
    report = check_log(recorded["limit"], ef_module)
    notes = sorted((n.step, n.finding.rule, n.finding.units) for n in report.notes)
    assert notes == [(1, "8.1.6", ("de-36r-1r",)), (1, "8.3", ("de-36r-1r",)), (2, "8.3", ("de-3r",)),
                     (3, "8.1.6", ("de-bacmeister",)), (4, "8.1.6", ("de-ct-1r",))], _lines(report)
    train = next(n for n in report.notes if n.step == 4).finding.message
    assert "neither a formation nor an Asset Unit" in train and "not checkable" in train
    cw = next(n for n in report.notes if n.finding.rule == "8.1.6" and n.step == 1).finding.message
    assert "49.27/50.27" in cw and "control (4.3) is not in the log" in cw
    over = report.findings[0].finding.message
    assert "de-36r-1r (division formation)" in over and "crossed 49.27/50.27," in over and "One Division Formation" in over


# ----------------------------------------------------------------------------- without the engine
# The position after samples/ef1914/turn.vlog (a log the engine recorded from the Tannenberg set-up), read with the
# module built from the data tree, on the whole map; no unit stands within ten hexes of the ferries below.

@pytest.fixture(scope="module")
def after_legal(ef_module: Path):
    return check_log(Path(__file__).resolve().parents[1] / "samples" / "ef1914" / "turn.vlog", ef_module).phases[-1].end


def _judge(state, unit_id: str, start: str, goal: str, **change):
    from dataclasses import replace
    from modgen.check.paths import MoveCosts, cheapest_path
    from modgen.rules.ef1914_log import move_limits
    state = replace(state, game=loaded("ef1914"), phase="Movement", memo={})  # every sheet: the Galicia sheets' ferries too
    u = next(x for x in state.units if x.id == unit_id)
    limits = replace(move_limits(state, u), **change)
    return cheapest_path(MoveCosts(state.game.map, u.unit), state.game.movement, limits, start, goal)


def test_a_ferry_with_a_road_spur_is_crossed_at_the_road_rate(after_legal):
    """8.1.3: "A unit crossing a river at a Bridge, Pontoon Bridge or Ferry disregards the river hexside's MP cost, and
    pays only the Bridge or Ferry's MP cost. CLARIFICATION: If a hex adjacent to a river hexside crossed by a Ferry ...
    contains a roadway WITH A SPUR POINTING TO THE FERRY, the roadway is considered to be connected to the river bank.
    Units using a Ferry to cross a river into a hex with a roadway spur can choose to pay the roadway MP cost to enter
    that hex. ... CLARIFICATION: Only one side of the crossing needs to have a spur." The ferry 46.76/47.76 (a Major
    river) has its spur in 47.76, on the secondary road Kielce - Sandomierz (authored, features.yaml); both hexes are
    forest (3 MP, authored), the secondary road 2 MP and the ferry +1 (authored, map.yaml). Into 47.76 across the
    ferry: 2 + 1 = 3 MP, not the forest's 3 + 1; the other way too (DECISION in ef1914_log._road_links: the road rate
    both ways, "Only one side of the crossing needs to have a spur"). A stack pays the forest (8.1: "Units moving in
    stacks cannot receive the benefits of Road Movement"). The ferry 25.23/26.23 (the Niemen, a Grand river, its spur
    in 26.23 on the Grodno - Kovno road) between clear hexes: 2 + 1 either way, the clear cost being the road's."""
    for a, b in (("46.76", "47.76"), ("47.76", "46.76")):
        path = _judge(after_legal, "ru-27-3", a, b)
        assert path.hexes == (a, b) and path.cost == 2 + 1
        assert _judge(after_legal, "ru-27-3", a, b, off_road=True).cost == 3 + 1
    for a, b in (("25.23", "26.23"), ("26.23", "25.23")):
        assert _judge(after_legal, "ru-27-3", a, b).cost == 2 + 1
    # a ferry without a spur (49.72/50.72 on the Vistula, clear, no road): the terrain's 2 + 1
    assert _judge(after_legal, "ru-27-3", "49.72", "50.72").cost == 2 + 1


def test_the_limit_s_three_loads_and_how_units_count():
    """8.1.6: "Four Asset Units; or One Brigade Formation + 2 Asset Units; or One Division Formation + 1 Asset Unit"
    (DECISION: nothing else, so not two formations); 7.0 a formation is a combat unit with an Attachment marker, an
    Asset Unit one without (and 6.4 "All artillery units ... are Asset Units ... Supply units are not asset units")."""
    from modgen.rules.ef1914_causeway import ASSET, BRIGADE, DIVISION, fits
    assert fits([ASSET] * 4) and not fits([ASSET] * 5)
    assert fits([BRIGADE, ASSET, ASSET]) and not fits([BRIGADE, ASSET, ASSET, ASSET])
    assert fits([DIVISION, ASSET]) and not fits([DIVISION, ASSET, ASSET])
    assert not fits([BRIGADE, BRIGADE]) and not fits([DIVISION, DIVISION]) and not fits([DIVISION, BRIGADE])


def test_crossings_break_the_limit_only_when_no_sharing_out_over_the_causeways_fits():
    """DECISION (ef1914_causeway): "across a causeway" read per causeway; a move counts on one of the causeways it may
    have used (those that alone leave it legal), so two division formations that each could have used another
    causeway break nothing; on the one causeway both had to use, they do."""
    from modgen.rules.ef1914_causeway import ASSET, DIVISION, shared_out
    a, b, c = (frozenset({frozenset(("49.27", x))}) for x in ("49.28", "50.27", "50.28"))
    assert shared_out([(DIVISION, (a, b)), (DIVISION, (b, c))])
    assert not shared_out([(DIVISION, (b,)), (DIVISION, (b,))])
    assert shared_out([(DIVISION, (b,)), (ASSET, (a, b, c)), (ASSET, (b, c))])
    assert not shared_out([(DIVISION, (b,)), (ASSET, (b,)), (ASSET, (b,))])
    assert not shared_out([(DIVISION, (a,)), (DIVISION, (b,)), (DIVISION, (c,)), (DIVISION, (a, b, c))])
    assert shared_out([(ASSET, (a | b,))] * 4) and not shared_out([(ASSET, (a | b,))] * 5)  # a move over two causeways counts on both


def test_formations_assets_and_supply_units_as_the_counters_say(after_legal):
    from modgen.rules.ef1914_causeway import ASSET, BRIGADE, DIVISION, kind_of
    kinds = {u.id: kind_of(after_legal, u) for u in after_legal.units}
    assert kinds["de-36r-1r"] == kinds["ru-2c"] == DIVISION  # an infantry and a cavalry division, each with its marker
    assert kinds["de-70lw"] == BRIGADE
    assert kinds["de-bacmeister"] == kinds["de-hv-1r"] == kinds["de-lotzen"] == ASSET  # III, artillery, X without a marker
    assert kinds["de-ct-1r"] == ""  # a Corps Train: a supply unit
