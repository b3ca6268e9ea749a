"""A bridge in a turn log costs what the TEC says, once (Battle for Galicia 1914, rules of play, English
edition, TEC and 4.2.1), in a log the real VASSAL engine recorded.

The TEC: "River +2" (hexside) and "Bridge +1 ... ignore River cost (4.2.1)"; clear terrain 1. The log
checker once added a bridge's +1 twice (once as a hexside, once as a crossing), so every bridge cost +2
like the river it cancels, and a move that crossed one with its whole allowance was called too long.

Map facts (maps/galicia1914): 6.16, 6.17, 7.18 and 7.19 are clear; 6.16/6.17 and 6.17/7.18 have no
hexside feature; 7.18/7.19 is the San with the Lezajsk bridge. A-H 39 Inf (MA 4) sets up in 6.16 in the
campaign; no Russian unit stands within two hexes of that path at GT 1. So 6.16 -> 6.17 -> 7.18 -> 7.19
costs 1 + 1 + (1 + 1) = 4 MP: exactly its allowance, a legal move (4.1 "a unit may move up to its MA").
"""

from __future__ import annotations

from pathlib import Path

from modgen.check.logcheck import check_log

from .conftest import loaded, require_engine
from .test_log_check import NEXT, _move, _record, _setup_named


def test_a_move_over_a_bridge_with_the_whole_allowance_is_legal(galicia_module: Path, tmp_path: Path) -> None:
    require_engine()
    g = loaded("galicia1914")
    assert g.units["ah-inf-39"].front.ma == 4
    assert g.scenarios["campaign"].setup_hex("ah-inf-39") == "6.16"
    assert {t.id for t in g.map.side_types("7.18", "7.19")} == {"bridge", "river"}
    log = _record(galicia_module, _setup_named(galicia_module, g.scenarios["campaign"].name),
                  [NEXT, NEXT, _move(g, "ah-inf-39", "7.19"), NEXT], tmp_path / "bridge.vlog")
    report = check_log(log, galicia_module)
    moved = [m for ph in report.phases for m in ph.moves if m.unit == "ah-inf-39"]
    assert [(m.step, m.frm, m.to) for m in moved] == [(3, "6.16", "7.19")]
    assert report.findings == [], [(f.step, f.finding.rule, f.finding.message) for f in report.findings]
