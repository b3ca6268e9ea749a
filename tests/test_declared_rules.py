"""A game without a rules plugin is checked by what its game.yaml `checks:` declares
(modgen.rules.declared): each rule under its own number, at the moment its `holds:` says.

The game is `modgen new`'s, whose declarations read (counters/demo/game.yaml):
  stacking   5.1, end of a Movement Phase: "at most 4 steps in a hex at the end of a Movement Phase"
  enemies    5.2, always: "a unit never enters a hex holding an enemy unit"
  prohibited TEC, always: "Lake: prohibited"
  arrivals   8.1, always: "reinforcements enter in their own turn"
with, added here, rd-2 and rd-3 (2 steps each) set up together in 0303 (4 steps: the limit, legal),
rd-4 arriving on turn 3, and a lake in 0505. Each expected finding below is read from those words.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from modgen.build import build_game
from modgen.check.run import check_saves
from modgen.plugin_api import PENDING
from modgen.plugins import plugin_for, rules_for
from modgen.rules.declared import DeclaredRules
from modgen.sample import SampleSpec, write_sample
from modgen.scaffold import Shape, new_game

UNITS = """  - {id: rd-2, name: "2", nationality: rd, type: infantry, size: XX, attack: 4, defense: 4, ma: 4, reduced: {attack: 2, defense: 2}}
  - {id: rd-3, name: "3", nationality: rd, type: infantry, size: XX, attack: 4, defense: 4, ma: 4, reduced: {attack: 2, defense: 2}}
  - {id: rd-4, name: "4", nationality: rd, type: infantry, size: XX, attack: 4, defense: 4, ma: 4, reduced: {attack: 2, defense: 2}}
"""


def make_demo(root: Path) -> Path:
    """`modgen new`'s game under root with the additions the docstring names; its module built."""
    new_game(root, "demo", Shape())
    units = root / "counters" / "demo" / "units.yaml"
    units.write_text(units.read_text() + UNITS)
    scenario = root / "counters" / "demo" / "scenarios" / "s1.yaml"
    text = scenario.read_text().replace('setup:\n', 'setup:\n  - {unit: rd-2, hex: "0303"}\n  - {unit: rd-3, hex: "0303"}\n')
    scenario.write_text(text.replace("reinforcements: []", 'reinforcements:\n  - {unit: rd-4, turn: 3, hexes: ["0101"]}\n#'))
    terrain = root / "maps" / "demo" / "terrain.yaml"
    terrain.write_text(terrain.read_text().replace("lake: []", 'lake: ["0505"]'))
    return build_game(root, "demo", root / "build").path


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("declared")
    return root, make_demo(root)


def _check(demo, tmp_path: Path, at: str, *moves: str):
    root, module = demo
    save = write_sample(root, "demo", SampleSpec("s1", at, moves), tmp_path / "s.vsav")
    result = check_saves([save], module).saves[0]
    return ([(f.rule, f.title, f.hexes, tuple(sorted(f.units))) for f in result.findings],
            [(f.rule, f.status) for f in result.notes])


def test_a_game_without_a_plugin_gets_the_declared_rules(demo) -> None:
    root, module = demo
    from modgen.loader import load_game

    game = load_game(root, "demo")
    assert plugin_for("demo") is None and isinstance(rules_for(game), DeclaredRules)
    assert [t.rule for t in rules_for(game).report.timings] == ["5.1", "5.2", "TEC", "8.1"]


def test_the_set_up_is_legal(demo, tmp_path: Path) -> None:
    assert _check(demo, tmp_path, "1,red,Combat") == ([], [])


def test_over_stacking_is_pending_during_the_movement_phase_and_an_error_after_it(demo, tmp_path: Path) -> None:
    """rd-1 joins rd-2 and rd-3 in 0303: 6 steps, over 4. "At the end of a Movement Phase": while
    Red's Movement Phase is played the stack may still move on (pending); in its Combat Phase it is a breach."""
    during = _check(demo, tmp_path, "1,red,Movement", "rd-1=0303")
    assert during == ([], [("5.1", PENDING)])
    after = _check(demo, tmp_path, "1,red,Combat", "rd-1=0303")
    assert after == ([("5.1", "Over-stacked", ("0303",), ("rd-1", "rd-2", "rd-3"))], [])


def test_both_sides_in_one_hex_and_a_unit_in_the_lake_are_errors_at_any_moment(demo, tmp_path: Path) -> None:
    enemies = _check(demo, tmp_path, "1,red,Movement", "rd-1=1309")
    assert enemies[0] == [("5.2", "Units of both sides in one hex", ("1309",), ("bl-1", "rd-1"))]
    lake = _check(demo, tmp_path, "1,red,Movement", "rd-1=0505")
    assert lake[0] == [("TEC", "Unit on prohibited terrain", ("0505",), ("rd-1",))]


def test_a_reinforcement_is_early_before_its_turn_and_not_on_it(demo, tmp_path: Path) -> None:
    """rd-4 arrives on turn 3: on the map on turn 2 it is early (8.1); in Red's turn 3 it is not."""
    early = _check(demo, tmp_path, "2,red,Combat", "rd-4=0101")
    assert early[0] == [("8.1", "Reinforcement on the map before its turn", ("0101",), ("rd-4",))]
    assert _check(demo, tmp_path, "3,red,Movement", "rd-4=0101")[0] == []


def test_a_game_that_declares_nothing_is_checked_for_nothing_and_says_so(tmp_path: Path) -> None:
    new_game(tmp_path, "bare", Shape())
    game_yaml = tmp_path / "counters" / "bare" / "game.yaml"
    text = game_yaml.read_text()
    game_yaml.write_text(text[:text.index("checks:")] + text[text.index("movement:"):])
    module = build_game(tmp_path, "bare", tmp_path / "build").path
    save = write_sample(tmp_path, "bare", SampleSpec("s1", "1,red,Combat", ("rd-1=1309",)), tmp_path / "s.vsav")
    report = check_saves([save], module)
    assert report.findings == [] and report.saves[0].findings == []
    assert report.sections[0].lines == ("none declared: add game.yaml checks: (docs/data-format.md)",)


def test_a_new_game_s_findings_are_annotated_on_its_map(demo, tmp_path: Path) -> None:
    """`modgen check --annotate` in a game without a plugin: rd-1 in the lake (TEC "Lake: prohibited")
    gets the module's finding ring on 0505, and the annotated copy checks as the original."""
    from modgen.check.annotate import annotate_save
    from modgen.conventions import FINDING_KIND
    from modgen.vassal.savefile import read_game

    root, module = demo
    save = write_sample(root, "demo", SampleSpec("s1", "1,red,Movement", ("rd-1=0505",)), tmp_path / "lake.vsav")
    report = check_saves([save], module)
    assert annotate_save(report, tmp_path / "lake.checked.vsav") == 1
    again = check_saves([tmp_path / "lake.checked.vsav"], module)
    assert [f.key() for f in again.findings] == [f.key() for f in report.findings]
    game = report.saves[0].state.game
    (ring,) = [p for p in read_game(tmp_path / "lake.checked.vsav").pieces if p.gpid == game.gpid(FINDING_KIND, FINDING_KIND)]
    (finding,) = report.findings
    assert (finding.rule, finding.hexes) == ("TEC", ("0505",))
    assert (ring.x, ring.y) == game.map.centre("0505")[1:] and ring.piece.find("label;")[0].state == f"TEC {finding.title}"
