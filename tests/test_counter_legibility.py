"""Counters sized for the map and legible at 100% zoom (issue 24), measured on every face of every game.

Every unit face (front and back), marker face and mask of every shipped game is drawn as the build
draws it, and its recorded layout (modgen.art.canvas.Element: real pixels, each text with the font
size it was drawn at and its role) is measured:

- the counter is at most 85% of the smallest hex's height (flat to flat), so the hex shows round it;
- combat factors are drawn at 12 px or more, unit IDs and names at 8 or more, nothing under 7;
- Holland '44's long names ("101 Supply Head", "LS Nederland", "SS-Wach 3" of Tettau) print whole
  or as their `short:` name, at 8 px or more, never squeezed.

The counter size is the one the game derives from its hexes (or declares), so the test follows the
map: a map whose hexes are too small for a legible counter fails here.
"""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest

from modgen.art.canvas import FACTOR_FLOOR, NAME_FLOOR, TEXT_FLOOR
from modgen.errors import DataError
from modgen.loader import discover_games, load_game
from modgen.vassal.module import read_module
from tests.test_counter_art import game_faces

ROOT = Path(__file__).resolve().parents[1]
GAMES = discover_games(ROOT)
SHIPPED = {"galicia1914", "holland44", "owc1914", "ef1914"}


def smallest_hex(game) -> int:
    return min(b.geometry.spec.hex_size for b in game.map.boards)


def measure(game) -> dict[str, tuple[float, str]]:
    """The smallest font drawn, by role, with the face and text it was found on."""
    low: dict[str, tuple[float, str]] = {}
    for what, face, canvas in game_faces(game):
        assert canvas.size == game.counter_size, what
        for e in canvas.layout:
            if e.kind == "text" and (e.role not in low or e.size < low[e.role][0]):
                low[e.role] = (e.size, f"{what} {face} {e.name!r}")
    return low


def test_the_shipped_games_are_measured():
    assert SHIPPED <= set(GAMES)


@pytest.mark.parametrize("game_id", sorted(SHIPPED))
def test_every_counter_fits_its_hex_and_is_legible(game_id):
    game = load_game(ROOT, game_id)
    hexes = smallest_hex(game)
    assert game.counter_size <= 0.85 * hexes, f"{game.counter_size} px counters on {hexes} px hexes"
    low = measure(game)
    print(f"{game_id}: {game.counter_size} px counters on {hexes} px hexes ({game.counter_size / hexes:.0%}); "
          + ", ".join(f"smallest {role} {size:g} px ({where})" for role, (size, where) in sorted(low.items())))
    assert low["factor"][0] >= FACTOR_FLOOR, low["factor"]
    assert low["name"][0] >= NAME_FLOOR, low["name"]
    assert min(size for size, _ in low.values()) >= TEXT_FLOOR, low


def test_hollands_long_names_print_unsqueezed():
    game = load_game(ROOT, "holland44")
    names = {"us-sh-101": "101 Supply Head", "de-tet-lsn": "LS Nederland", "de-tet-helle": "SS-Wach 3"}
    for what, face, canvas in game_faces(game):
        uid = what.removeprefix("unit ")
        if uid not in names:
            continue
        unit = game.units[uid]
        ids = [e for e in canvas.layout if e.kind == "text" and e.name.startswith("ID")]
        printed = " ".join(e.name for e in ids)
        assert printed in ("ID", "ID 1 ID 2"), (uid, printed)
        assert all(e.size >= NAME_FLOOR and e.role == "name" for e in ids), (uid, [e.size for e in ids])
        assert names[uid] == unit.name or unit.short, uid
        formation = [e for e in canvas.layout if e.kind == "text" and e.name == "formation"]
        assert formation and formation[0].size >= TEXT_FLOOR, uid


def test_the_counter_size_is_85_percent_of_the_hex_unless_declared(tmp_path):
    mini = ROOT / "tests" / "data" / "mini"
    game = load_game(mini, "mini")
    assert game.counter_size == math.floor(0.85 * smallest_hex(game))
    root = tmp_path / "root"
    shutil.copytree(mini, root)
    yaml = root / "counters" / "mini" / "game.yaml"
    text = yaml.read_text()
    yaml.write_text(text + "counter_size: 60\n")
    assert load_game(root, "mini").counter_size == 60
    yaml.write_text(text + "counter_size: 69\n")
    with pytest.raises(DataError) as info:
        load_game(root, "mini")
    err = info.value
    assert err.file.endswith("game.yaml") and err.line == len(text.splitlines()) + 1 and err.field == "counter_size"
    assert "85%" in str(err) and "at most 68" in str(err)


def test_a_name_that_does_not_fit_asks_for_a_short_name(tmp_path):
    root = tmp_path / "root"
    shutil.copytree(ROOT / "tests" / "data" / "mini", root)
    units = root / "counters" / "mini" / "units.yaml"
    text = units.read_text()
    long = "Kampfgruppe Oberkommando Nord"
    units.write_text(text.replace('{id: rd-2, name: "2",', f'{{id: rd-2, name: "{long}",'))
    with pytest.raises(DataError) as info:
        load_game(root, "mini")
    line = next(i for i, row in enumerate(units.read_text().splitlines(), 1) if long in row)
    err = info.value
    assert (err.file.endswith("units.yaml"), err.line, err.field) == (True, line, "units[1].name"), str(err)
    assert "does not fit the 68 px counter" in str(err) and "short:" in str(err)
    units.write_text(text.replace('{id: rd-2, name: "2",', f'{{id: rd-2, name: "{long}", short: "KG Nord",'))
    game = load_game(root, "mini")
    faces = {what: canvas for what, face, canvas in game_faces(game) if face == "front"}
    printed = [e for e in faces["unit rd-2"].layout if e.kind == "text" and e.name == "ID"]
    assert len(printed) == 1 and printed[0].size >= NAME_FLOOR


def test_the_stack_viewer_magnifies_and_says_each_piece(galicia_module):
    """The mouse-over stack viewer of every map: zoom 1.5, a line under each piece naming it
    ($PieceName$: VASSAL adds "(reduced)" for a unit's reduced side, the mask's name for a hidden one)
    and giving a unit's factors as its counter prints them: each unit piece carries `Factors`, fixed
    or following its side up (verified in VASSAL 3.6: a flip's report read [2-2-4], then [4-4-4])."""
    import zipfile

    from lxml import etree

    from modgen.vmod.piecedefs import factor_row, unit_piece_name

    with zipfile.ZipFile(galicia_module) as z:
        root = etree.fromstring(z.read("buildFile.xml"))
    viewers = root.iter("VASSAL.build.module.map.CounterDetailViewer")
    attrs = [dict(v.attrib) for v in viewers]
    assert len(attrs) == len(list(root.iter("VASSAL.build.module.Map"))) + len(list(root.iter("VASSAL.build.module.PrivateMap")))
    assert all(a["zoomlevel"] == "1.5" and a["showtext"] == "true" and a["counterReportFormat"] == "$PieceName$ $Factors$"
               for a in attrs), attrs
    game = load_game(ROOT, "galicia1914")
    # each slot's piece as placing it makes it (prototypes expanded), in VASSAL's type encoding
    slots = {s.entry_name: s.piece.type + "\n" + s.piece.state for s in read_module(galicia_module).slots.values()}
    assert {int(s.get("width")) for s in root.iter("VASSAL.build.widget.PieceSlot")} == {game.counter_size}
    unit = game.units["ru-inf-18"]
    text = next(t for name, t in slots.items() if name.startswith("RU 18 "))
    full, reduced = factor_row(game, unit.front), factor_row(game, unit.back)
    assert f'calcProp;Factors;{{Step_Level==2 ? "{reduced}" : "{full}"}};' in text
    one_sided = next(u for u in game.units.values() if u.back is None)
    text = next(t for name, t in slots.items() if name == unit_piece_name(game, one_sided))
    marker = next(part for part in text.split("\t") if part.startswith("mark;") and "Factors" in part)  # its fixed properties
    assert "Factors" in marker and factor_row(game, one_sided.front) in text and "calcProp;Factors" not in text
