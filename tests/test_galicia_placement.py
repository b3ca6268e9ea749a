"""Where a Galicia reinforcement is placed (Battle for Galicia 1914, rules of play, English
edition, 14.0 and 14.1), on saves the real VASSAL engine wrote and on an engine-recorded log.

The rules' words the expectations rest on:
- 3.2 "2. REINFORCEMENT PHASE: The phasing player places any available reinforcements on the map
  (14.0)." "3. MOVEMENT PHASE: The phasing player may move his units": so a save taken in the
  owner's Reinforcement Phase of a unit's arrival GT shows the hex it was placed on; later the
  unit may have moved, and its hex says nothing of its placement.
- 14.0 "Upon arrival, place the unit ON THE MAP in the hex specified or choose one of the hexes
  specified." "If a unit's scheduled entry hex(es) is enemy occupied, the reinforcing unit may enter
  at the nearest friendly map edge hex (that is not enemy occupied) expending MPs to enter the map."
- 14.1 "All RR line hexes connected by a contiguous RR line between the two hexes listed are
  eligible with the following restrictions: The RR line hex must be a valid supply source (11.2),
  and it may not be in an EZOC unless no other qualifying hex exists."
- 11.2 "1. A friendly map edge hex with a supply symbol printed in it. 2. A hex containing a RR line
  connected to a friendly map edge supply source hex by a contiguous path of connected RR line
  hexes. The RR line hex is blocked by the presence of an enemy unit or if it is in an EZOC unless
  the hex is occupied by a friendly unit."

Map facts used (maps/galicia1914/features.yaml): the RR line between 16.26 and 19.23 is 16.26,
16.25, 16.24, 16.23, 16.22, 17.23, 18.23, 19.23; between 19.17 and 19.16 it is 19.17, 18.17, 18.16,
19.16; 16.19 is on the Lublin - Chelm line, joined to that network but not between 16.26 and 19.23.
16.26, 19.23, 19.17 and 19.16 are Russian map-edge supply hexes. ZOCs (6.1, none across a river):
an A-H unit on 19.22 reaches 19.23 (18.21, 19.21); on 18.22 it reaches 17.22, 17.23, 18.23 (not
19.23: a river); on 18.16 it reaches 17.16, 17.17, 18.15, 18.17, 19.16, 19.17.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from modgen.check.logcheck import check_log
from modgen.check.run import check_saves
from modgen.rules.galicia1914_arrivals import IN_EZOC, OFF_SCHEDULE
from modgen.vmod.compose import Position

from .conftest import loaded, require_engine
from .engine_saves import engine_positions
from .test_log_check import NEXT, _move, _record, _setup_named, _to_box


def blank(game, turn: int, side: str, phase: str) -> Position:
    pos = Position(game).set_turn(turn, side, phase)
    for s in game.sides:
        pos.set_vp(s.id, 0)
    return pos


def positions(game) -> dict[str, Position]:
    """Each position and, in its comments, the verdict reasoned from the rules."""
    out: dict[str, Position] = {}
    # GT 4, Russian Reinforcement Phase, no A-H unit near: no EZOC, every RR hex of a line a source.
    p = blank(game, 4, "russian", "Reinforcement")
    p.unit("ru-inf-48", "5.01")  # "48 - 3.01 or 4.01": 5.01 is neither -> 14.0
    p.unit("ru-inf-3rf", "4.01")  # "3 rf - 3.01 or 4.01": legal
    p.unit("ru-inf-23", "16.19")  # "23 - any contiguous RR line hex between 16.26 & 19.23": 16.19 is not -> 14.0
    p.unit("ru-inf-37", "16.24")  # on that line, a valid source, no EZOC: legal
    p.unit("ru-cav-4-5dcs", "18.16")  # "between 19.17 & 19.16": 18.16 is on it: legal
    p.unit("ru-inf-13", "9.05")  # arrived on GT 3 (8.01 or 7.01) and may have moved since: not judged
    out["russian_gt4"] = p
    # The same GT, with A-H units making EZOCs on the RR lines.
    p = blank(game, 4, "russian", "Reinforcement")
    p.unit("ah-inf-4", "19.22").unit("ah-inf-13", "18.22").unit("ah-inf-25", "18.16")
    p.unit("ru-inf-80r", "19.23")  # a map-edge supply hex (11.2 type 1) in an EZOC, while 16.24 qualifies clear -> 14.1
    p.unit("ru-inf-37", "18.23")  # an RR hex in an EZOC, no friendly unit: blocked, not a valid supply source -> 14.0
    p.unit("ru-inf-18", "17.23").unit("ru-inf-23", "17.23").restack("17.23")  # friendly-occupied: a valid source,
    # but in an EZOC (18.22) while 16.24 qualifies clear -> 14.1 ("in an EZOC": a friendly unit does not negate it here)
    p.unit("ru-cav-4-5dcs", "19.16")  # 19.17 and 19.16 (edge sources) in an EZOC, 18.17 blocked, 18.16 enemy:
    # "unless no other qualifying hex exists" -> legal
    out["russian_gt4_ezoc"] = p
    # The Movement Phase after: the units may have moved (3.2 step 3), so nothing is judged.
    p = blank(game, 4, "russian", "Movement")
    p.unit("ru-inf-48", "5.01").unit("ru-inf-23", "16.19")
    out["russian_gt4_movement"] = p
    # GT 4, A-H Reinforcement Phase.
    p = blank(game, 4, "ah", "Reinforcement")
    p.unit("ah-ls-95", "13.26")  # "95 ls - 11.25 or 12.25" -> 14.0
    p.unit("ah-ls-100", "12.25")  # legal
    p.unit("ah-m-14", "6.10")  # "14 m - 6.10": legal
    p.unit("ru-inf-5", "2.11").unit("ah-m-4", "1.11")  # "4 m - 2.11", enemy-occupied: it enters at a map edge hex
    # by moving (14.0), not judged as a placement
    p.unit("ru-inf-48", "9.05")  # a Russian arrival of GT 4, not the phasing side's: not judged here
    out["ah_gt4"] = p
    return out


WANT = {
    "russian_gt4": [("14.0", OFF_SCHEDULE, ("ru-inf-23",)), ("14.0", OFF_SCHEDULE, ("ru-inf-48",))],
    "russian_gt4_ezoc": [("14.0", OFF_SCHEDULE, ("ru-inf-37",)), ("14.1", IN_EZOC, ("ru-inf-23",)),
                         ("14.1", IN_EZOC, ("ru-inf-80r",))],
    "russian_gt4_movement": [],
    "ah_gt4": [("14.0", OFF_SCHEDULE, ("ah-ls-95",))],
}


@pytest.fixture(scope="module")
def saves(game, composer, galicia_module, tmp_path_factory) -> dict[str, Path]:
    """Every position written, then loaded and saved again by the engine (one batch)."""
    return engine_positions(composer, galicia_module, tmp_path_factory.mktemp("placement"), positions(game))


@pytest.mark.parametrize("name", sorted(WANT))
def test_placement(saves, galicia_module, name: str) -> None:
    report = check_saves([saves[name]], galicia_module)
    got = sorted((f.rule, f.title, f.units) for f in report.findings if f.rule in ("14.0", "14.1"))
    assert got == sorted(WANT[name]), "\n".join(f"{f.rule} {f.title}: {f.message}" for f in report.findings)


def test_placement_is_the_only_finding(saves, galicia_module) -> None:
    """Nothing else in these positions breaks a rule (the arrivals of the phase are not compared
    with supply markers, 11.0: their status is determined in the next friendly Supply Phase)."""
    for name, path in saves.items():
        report = check_saves([path], galicia_module)
        assert {f.rule for f in report.findings} <= {"14.0", "14.1"}, [(f.rule, f.message) for f in report.findings]


def test_messages_say_what_the_schedule_allows(saves, galicia_module) -> None:
    by_unit = {f.units[0]: f.message for f in check_saves([saves["russian_gt4_ezoc"]], galicia_module).findings}
    assert "not a valid supply source" in by_unit["ru-inf-37"] and "16.24" in by_unit["ru-inf-37"]
    assert "EZOC" in by_unit["ru-inf-80r"] and "16.24" in by_unit["ru-inf-80r"]
    wrong_line = {f.units[0]: f.message for f in check_saves([saves["russian_gt4"]], galicia_module).findings}
    assert "not on that RR line" in wrong_line["ru-inf-23"] and "3.01 or 4.01" in wrong_line["ru-inf-48"]


# ---------------------------------------------------------------- in a log

def gt4_russian_reinforcement(g) -> list:
    """From the campaign set-up (GT 1, A-H Supply) to GT 4's Russian Reinforcement Phase, the GT
    marker advanced at each new GT (3.1 A): 29 actions."""
    a_turn = [NEXT] * 5
    acts = [NEXT] * 5  # GT 1 A-H Reinforcement ... GT 2 Russian Supply (GT 1 has no Russian player turn)
    for gt in (2, 3):
        acts += [_to_box(g, "gt", f"GT {gt}")] + a_turn + a_turn  # Russian, then A-H player turn
    return acts + [_to_box(g, "gt", "GT 4"), NEXT]


@pytest.fixture(scope="module")
def placement_log(galicia_module, tmp_path_factory) -> Path:
    require_engine()
    g = loaded("galicia1914")
    acts = gt4_russian_reinforcement(g)
    assert len(acts) == 29
    acts += [_move(g, "ru-inf-48", "5.01"), _move(g, "ru-inf-23", "16.19"), _move(g, "ru-inf-37", "16.24"), NEXT]
    setup = _setup_named(galicia_module, g.scenarios["campaign"].name)
    return _record(galicia_module, setup, acts, tmp_path_factory.mktemp("placement-log") / "gt4.vlog")


def test_placement_in_a_log(placement_log, galicia_module) -> None:
    """Step 30: 48 placed on 5.01, not its 3.01 or 4.01 (14.0), at its drop; step 31: 23 placed on
    16.19, a railroad hex but not on its line between 16.26 and 19.23 (14.1): reported with the
    Reinforcement Phase's last position (step 32, 37 placed legally on 16.24), since a log's
    positions go through the save's rules at each phase end; each once."""
    report = check_log(placement_log, galicia_module)
    got = [(f.step, f.finding.rule, f.finding.units) for f in report.findings]
    assert got == [(30, "14.0", ("ru-inf-48",)), (32, "14.0", ("ru-inf-23",))], \
        "\n".join(f"step {f.step}: {f.finding.rule} {f.finding.title}: {f.finding.message}" for f in report.findings)
    assert report.phases[-2].label() == "GT 4 Russia Reinforcement"


# ---------------------------------------------------------------- the schedule itself

@pytest.mark.parametrize("pick", [0, -1])
def test_every_scheduled_hex_is_a_legal_placement(game, composer, galicia_module, tmp_path, pick: int) -> None:
    """Each GT's arrivals of each side placed, from the campaign set-up, on the first (then the last)
    hex their schedule names (an RR listing: a hex of its line): 14.0 and 14.1 find nothing. These
    30 positions check the data against the rule, not the save format (the engine-written saves
    above do that), so they are written by the composer alone: 30 engine runs would be too many."""
    from modgen.check.reader import read_state
    from modgen.plugins import plugin_for
    from modgen.rules.galicia1914_arrivals import rail_stretch
    from modgen.vmod.compose import from_scenario

    sc, rules = game.scenarios["campaign"], plugin_for("galicia1914")
    for turn in range(2, sc.turns + 1):
        for side in ("russian", "ah"):
            arrivals = [r for r in sc.reinforcements if r.turn == turn and game.units[r.unit].side == side]
            if not arrivals:
                continue
            pos = from_scenario(game).set_turn(turn, side, "Reinforcement").move_marker_to_box("gt", f"GT {turn}")
            for r in arrivals:
                line = sorted(rail_stretch(game.map, *r.railroad_between)) if r.railroad_between else []
                pos.unit(r.unit, (sorted(r.hexes) + line)[pick])
            st = read_state(composer.write(pos, tmp_path / f"gt{turn}-{side}.vsav"), module=galicia_module)
            assert [f.message for f in rules.check(st) if f.rule in ("14.0", "14.1")] == [], (turn, side)
