"""Counter art fits: every text of every face of every game stays on the counter and off the rest.

Every unit face (front and back), marker face and mask of every game under the repository is drawn
the way the build draws it, and its recorded layout (modgen.art.canvas.Element) is checked:

- a text's ink lies inside the counter within its 1 px border, with no tolerance: ink on the
  border is overdrawn by it, and ink past it is cut off ("Walthe", "ffmann");
- a text overlaps no other text and no mark (symbol, step pips, bands, morale bar): overlap means
  a shared area of more than zero, so boxes may touch but not cross;
- a text may lie in a box (formation box, value box, release dot, ersatz ring, side band) only if
  it is the text that box was drawn to hold, and then it lies wholly inside it; areas (background
  colour such as the cavalry's lower half) hold anything;
- a text is drawn at its role's floor or larger (FLOORS, real pixels at 100%: factors 12 px, IDs
  and names 8, the rest 7): shrinking to fit stops there;
- marks and boxes lie on the counter and do not overlap one another (pips, bands, dots, rings).

Boxes are rectangles: a text in the corner of the ersatz ring's square passes although the ring
is round; the ring's widest point is level with the factors, where the check does bite.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest

from modgen.art.canvas import COUNTER, FLOORS, Canvas, Element
from modgen.art.counters import BORDER, CounterText, id_left, marker_canvas, mask_canvas, printed_name, unit_canvas
from modgen.loader import discover_games, load_game
from modgen.model import Game
from modgen.vmod.piecedefs import setup_text

ROOT = Path(__file__).resolve().parents[1]


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 0 and min(a[3], b[3]) - max(a[1], b[1]) > 0


def within(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    return inner[0] >= outer[0] and inner[1] >= outer[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def show(e: Element) -> str:
    return f"{e.kind} {e.name!r} ({', '.join(f'{v:g}' for v in e.box)})"


def layout_problems(layout: list[Element], size: int = COUNTER) -> list[str]:
    """Every way the texts of one face fail to fit, one line each naming the elements concerned."""
    problems: list[str] = []
    border = BORDER * size / COUNTER  # the outline scales with the counter
    counter = (border, border, size - border, size - border)
    boxes = {e.name: e for e in layout if e.kind == "box"}
    for i, t in enumerate(layout):
        if t.kind != "text":
            continue
        if not within(t.box, counter):
            problems.append(f"{show(t)} leaves the counter {counter}")
        if t.size < FLOORS[t.role] - 1e-9:
            problems.append(f"{show(t)} shrunk to {t.size:g} px, below its floor {FLOORS[t.role]:g}")
        if t.inside is not None:
            holder = boxes.get(t.inside)
            if holder is None:
                problems.append(f"{show(t)} is drawn for box {t.inside!r}, which is not drawn")
            elif not within(t.box, holder.box):
                problems.append(f"{show(t)} leaves its {show(holder)}")
        for j, e in enumerate(layout):
            if e.kind == "area" or (e.kind == "text" and j <= i) or (e.kind == "box" and e.name == t.inside):
                continue
            if overlap(t.box, e.box):
                problems.append(f"{show(t)} overlaps {show(e)}")
    shapes = [e for e in layout if e.kind in ("mark", "box")]
    for i, a in enumerate(shapes):
        if not within(a.box, (0, 0, size, size)):
            problems.append(f"{show(a)} leaves the counter")
        problems += [f"{show(a)} overlaps {show(b)}" for b in shapes[i + 1 :] if overlap(a.box, b.box)]
    return problems


def game_faces(game: Game):
    """(what, face, canvas) for every face the build draws, drawn the way module_entries draws it."""
    first = game.primary_scenario
    for unit in game.units.values():
        info = CounterText(setup_text(game, first, unit))
        for reduced, values in ((False, unit.front), (True, unit.back)):
            if values is not None:
                yield f"unit {unit.id}", "back" if reduced else "front", unit_canvas(game, unit, values, reduced, info)
    for marker in game.markers.values():
        for back, face in ((False, marker.front), (True, marker.back)):
            if face is not None:
                yield f"marker {marker.id}", "back" if back else "front", marker_canvas(marker, face, game)
    for nat in game.nationalities.values():
        yield f"mask {nat.id}", "front", mask_canvas(game, nat)


GAMES = discover_games(ROOT)


def test_games_are_found():
    assert {"galicia1914", "holland44"} <= set(GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_text_fits_its_counter(game_id):
    game = load_game(ROOT, game_id)
    failures: list[str] = []
    faces = 0
    for what, face, canvas in game_faces(game):
        faces += 1
        failures += [f"{game_id} {what} {face}: {p}" for p in layout_problems(canvas.layout, canvas.size)]
    assert faces >= len(game.units) + len(game.markers)
    assert not failures, f"{len(failures)} problems on {faces} faces:\n" + "\n".join(failures[:60])


def test_layout_records_exact_text_ink():
    """The recorded box is the text's real ink: a wider text gets a wider box, and "-" is flat."""
    c = Canvas()
    c.text(36, 30, "-", 14, (0, 0, 0), name="dash")
    c.text(36, 50, "Walther", 10, (0, 0, 0), name="word")
    dash, word = c.layout
    assert dash.box[3] - dash.box[1] < 3 and 3 < dash.box[2] - dash.box[0] < 7
    assert 40 < word.box[2] - word.box[0] < 46 and word.size == 10


def test_checker_catches_an_overlong_text():
    """A text that cannot shrink enough runs off the counter, and the check says so."""
    c = Canvas()
    c.text(36, 36, "Oberkommando der Wehrmacht", 10, (0, 0, 0), anchor="mm", name="ID")
    problems = layout_problems(c.layout)
    assert any("'ID'" in p and "leaves the counter" in p for p in problems), problems


def test_checker_catches_overlaps_and_stray_box_text():
    c = Canvas()
    c.text(30, 30, "Hoffmann", 10, (0, 0, 0), name="ID")
    c.text(40, 31, "Walther", 9, (0, 0, 0), name="formation", inside="formation box")
    c.rect(46, 24, 70, 38, fill=(90, 90, 90), kind="box", name="formation box")
    c.ellipse(40, 32, 1.7, fill=(0, 0, 0), kind="mark", name="pip 1")
    problems = layout_problems(c.layout)
    assert any("'ID'" in p and "overlaps text 'formation'" in p for p in problems), problems
    assert any("'ID'" in p and "overlaps mark 'pip 1'" in p for p in problems), problems
    assert any("'formation'" in p and "leaves its box 'formation box'" in p for p in problems), problems
    assert any("'ID'" in p and "overlaps box 'formation box'" in p for p in problems), problems


def test_long_ids_are_drawn_whole():
    """Units built with long IDs: wrapped beside the formation box or shrunk to the name floor, never
    run off the counter or into the box; an ID that does not fit at the floor prints the unit's short
    name, and with none the counter has no legible name (validate refuses it)."""
    game = load_game(ROOT, "holland44")
    unit = game.units["de-fj-hoffmann"]
    for name, formation in (("rmnts Hoffmann", "Walther"), ("SS-Wach 3", "Tettau"), ("LS Nederland", "Tettau")):
        long = replace(unit, name=name, formation=formation)
        canvas = unit_canvas(game, long, long.front, False, CounterText("6720"))
        ids = [e for e in canvas.layout if e.kind == "text" and e.name.startswith("ID")]
        assert "".join(e.name for e in ids) in ("ID", "ID 1ID 2")
        assert layout_problems(canvas.layout, canvas.size) == [], name
    for name, formation in (("Kampfgruppe von der Heydte", "Walther"), ("Fallschirmjägerregimentsgruppe", None)):
        word = replace(unit, name=name, formation=formation)
        assert printed_name(game, word, id_left(game, word)) is None, name
    short = replace(word, short="FJR Gruppe")
    assert printed_name(game, short, id_left(game, short)) == "FJR Gruppe"
    canvas = unit_canvas(game, short, short.front, False, CounterText("6720"))
    assert [e.name for e in canvas.layout if e.kind == "text" and e.name.startswith("ID")] == ["ID"]
    assert layout_problems(canvas.layout, canvas.size) == []


def test_faces_are_deterministic():
    """Drawing a face twice gives the same PNG bytes and the same layout."""
    game = load_game(ROOT, "holland44")
    picks = [u for u in game.units.values() if u.id in ("de-fj-hoffmann", "de-107-pg", "us-501-1")]
    for unit in picks:
        info = CounterText(setup_text(game, game.primary_scenario, unit))
        runs = []
        for _ in range(2):
            canvas = unit_canvas(game, unit, unit.front, False, info)
            buf = io.BytesIO()
            canvas.finish().save(buf, "PNG", compress_level=6)
            runs.append((buf.getvalue(), canvas.layout))
        assert runs[0] == runs[1]
