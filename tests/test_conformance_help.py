"""Conformance: the Help menu and the navigation aids of every shipped game open in the real engine.

For each shipped game, one engine start (the harness's ``--actions``, ``open`` and ``windows`` ops, see
``conformance/src/modgen/conformance/HarnessOpen.java``) starts the primary scenario's set-up and then,
as a player would:

* opens every Help menu entry the buildFile lists (HelpFile.showWindow): each opens its window, the page
  it names is in the archive, and by the last action the window shows the page's text;
* clicks the toolbar's Displays and Charts menus: each lists exactly the module's display windows /
  charts, and one of its items opens (or closes) that window;
* opens the Game Piece Inventory (a tree holding at least every unit of the set-up), the Notes window,
  and, on a map larger than a screen, the overview (GlobalMap) of the main map;
* finds Flare on the main map among the loaded module's components;
* gives a unit a Text Label with Ctrl+L (the harness answers the prompt): the label is in the piece's
  state and name.

Zero problems throughout (the run's summary), so nothing opened with an error or a warning. Without the
engine these tests skip with the reason; under CI (``CI`` set) they fail instead.
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from modgen.engine import EngineResult, run_engine
from modgen.loader import load_game
from modgen.model import Game
from modgen.vassal.sequence import decode
from modgen.vmod.navigation import OVERVIEW_OVER, map_size
from modgen.vmod.piecedefs import LABEL_KEY

from .conftest import REPO, built, require_engine

GAMES = ("galicia1914", "holland44", "owc1914", "ef1914")
LABEL = "attack 0512"
P = "VASSAL.build.module."


@dataclass
class Run:
    game: Game
    module: Path
    entries: set[str]
    root: Any  # the buildFile
    result: EngineResult
    unit: str  # the gpid of the labelled unit

    def actions(self) -> dict[int, dict[str, Any]]:
        return {r["line"]: r for r in self.result.of_kind("action")}


def _help_files(root: Any) -> list[tuple[str, str]]:
    return [(e.get("title"), e.get("fileName")) for e in root.iter(P + "documentation.HelpFile")]


def _menu(root: Any, name: str) -> list[str]:
    menus = [e for e in root.iter(P + "ToolbarMenu") if e.get("name") == name]
    assert len(menus) == 1, f"one {name} toolbar menu"
    return decode(menus[0].get("menuItems"), ",")  # a StringArrayConfigurer value: a `,` in a name is escaped


def _actions(game: Game, root: Any, unit: str) -> list[dict[str, Any]]:
    acts: list[dict[str, Any]] = [{"op": "open", "help": title} for title, _ in _help_files(root)]
    acts += [{"op": "open", "button": "Displays", "item": _menu(root, "Displays")[0]},
             {"op": "open", "button": "Charts", "item": _menu(root, "Charts")[0]},
             {"op": "open", "button": "Inventory"}, {"op": "open", "button": "Notes"}]
    if root.find(f".//{P}map.GlobalMap") is not None:
        acts.append({"op": "open", "button": "Overview"})
    acts += [{"op": "key", "piece": unit, "key": LABEL_KEY, "input": LABEL}, {"op": "windows"}]
    return acts


@pytest.fixture(scope="module", params=GAMES)
def run(request, tmp_path_factory) -> Run:
    """One game's module, built fresh, and its one engine run (games one after the other)."""
    require_engine()
    game = load_game(REPO, request.param)
    module = built(tmp_path_factory, REPO, request.param)
    with zipfile.ZipFile(module) as z:
        entries = set(z.namelist())
        root = etree.fromstring(z.read("buildFile.xml"))
    sc = game.primary_scenario
    unit = game.gpid("unit", next(p.unit for p in sc.setup if p.hex))
    result = run_engine(module, setup=sc.name, actions=_actions(game, root, unit), images=False, timeout=300)
    return Run(game, module, entries, root, result, unit)


def test_no_problem_opening_anything(run: Run) -> None:
    assert run.result.summary.get("errors") == 0 and run.result.summary.get("warnings") == 0, run.result.describe()
    done = run.result.of_kind("actions")
    assert done and done[0]["failed"] == 0, run.result.describe()


def test_every_help_entry_opens_its_page_from_the_archive(run: Run) -> None:
    helps = _help_files(run.root)
    assert [t for t, _ in helps] == [f"About {run.game.title}", "Key commands", "Rules reference"]
    opened = {a["help"]: a for a in run.actions().values() if a.get("op") == "open" and "help" in a}
    for title, file in helps:
        assert file in run.entries, f"{title}: {file} is not in the module"
        assert opened[title]["url"].endswith("!/" + file)
        assert [w["class"] for w in opened[title]["opened"]] == [P + "documentation.HelpWindow"]
    shown = {w["title"]: w for w in _last(run)["windows"]}
    for title, _ in helps:
        assert shown[title]["text_lengths"][0] > 200, f"{title}: the page shows no text"


def _last(run: Run) -> dict[str, Any]:
    return max(run.actions().values(), key=lambda a: a["line"])


def test_the_toolbar_menus_group_the_display_and_chart_windows(run: Run) -> None:
    acts = [a for a in run.actions().values() if a.get("button") in ("Displays", "Charts")]
    assert len(acts) == 2
    windows = [e.get("buttonName") for e in run.root if e.tag in (P + "Map", P + "PrivateMap") and e.get("buttonName")]
    charts = [e.get("text") for e in run.root.iter(P + "ChartWindow")]
    for act in acts:
        assert act["menu_items"] == (windows if act["button"] == "Displays" else charts)
        assert act["opened"] or act["closed"], f"{act['button']} > {act['item']} opened no window"
    assert charts and all(len(list(w.iter("VASSAL.build.widget.Chart"))) == 1 for w in run.root.iter(P + "ChartWindow"))


def test_inventory_notes_overview_and_flare_are_there_and_open(run: Run) -> None:
    acts = {a.get("button"): a for a in run.actions().values() if a.get("op") == "open"}
    tree = acts["Inventory"]["opened"][0]["tree_rows"]
    placed = sum(1 for p in run.game.primary_scenario.setup)
    assert tree and tree[0] >= placed + len(run.game.sides), "the inventory lists every unit of the set-up"
    assert [w["title"] for w in acts["Notes"]["opened"]] == ["Notes"]
    big = any(a > b for a, b in zip(map_size(run.game), OVERVIEW_OVER))
    assert ("Overview" in acts) == big
    if big:
        assert acts["Overview"]["overview_visible"] is True
    comps = _last(run)["components"]
    assert {"class": "Flare", "name": "Flare", "map": "Main Map"} in comps
    assert sum(c["class"] == "GlobalMap" for c in comps) == (1 if big else 0)
    assert {c["class"] for c in comps} >= {"Inventory", "NotesWindow", "ToolbarMenu", "HelpFile"}


def test_ctrl_l_sets_a_units_text_label(run: Run) -> None:
    key = next(a for a in run.actions().values() if a.get("op") == "key")
    answered = run.result.of_kind("input")
    assert [r["answer"] for r in answered] == [LABEL]
    assert key["changed"] and LABEL in key["state_after"]
    assert key["name_after"] == f"{key['name']} ({LABEL})"
    # the chat line of game.yaml's report_labelled (default "{side} labels {unit} in {hex}"), worked out from the
    # harness's side (the roster's first), the unit's name with its label and its set-up hex
    hex_id = next(p.hex for p in run.game.primary_scenario.setup if p.hex and run.game.gpid("unit", p.unit) == run.unit)
    expected = run.game.texts.report_labelled.format(side=run.game.sides[0].name, unit=key["name_after"], hex=hex_id)
    chat = [r["text"] for r in run.result.of_kind("chat")]
    assert any(line.endswith(expected) for line in chat), (expected, chat)
