"""VASSAL's grid formulas, checked against points named and snapped by the real engine."""

from __future__ import annotations

import json

import pytest

from modgen.hexgrid import HexGrid, Numbering, format_part

from .conftest import FIXTURES

KITCHEN = HexGrid(
    dx=62.35382907247958, dy=72.0, x0=42, y0=36, sideways=False, width=1200, height=900,
    numbering=Numbering(first="V", sep=".", h_descend=True, v_descend=True, h_leading=1, v_leading=0, h_off=2, v_off=-1),
)


def engine_points() -> list[dict]:
    lines = (FIXTURES / "kitchen_grid.expected.jsonl").read_text().splitlines()
    return [d for d in map(json.loads, lines) if d.get("kind") == "grid"]


def test_fixture_has_all_points():
    assert len(engine_points()) == 768


def test_location_names_match_engine_on_every_point():
    wrong = []
    for d in engine_points():
        name = KITCHEN.location_name(d["x"], d["y"]) if KITCHEN.on_board(d["x"], d["y"]) else "offboard"
        if name != d["location"]:
            wrong.append((d["x"], d["y"], d["location"], name))
    assert wrong == []


def test_snapping_matches_engine_on_every_point():
    wrong = [(d["x"], d["y"]) for d in engine_points() if list(KITCHEN.snap(d["x"], d["y"])) != [d["snap_x"], d["snap_y"]]]
    assert wrong == []


def test_every_centre_is_named_as_the_readme_says():
    assert KITCHEN.location_name(42, 36) == "13.19"
    assert KITCHEN.location_name(665, 468) == "7.09"
    assert KITCHEN.location_name(1102, 864) == "1.02"
    assert KITCHEN.centre(10, 6) == (665, 468)


@pytest.mark.parametrize(
    "point,name",
    [((150, 296), "0305"), ((206, 264), "0405"), ((40, 40), "0101"), ((95, 8), "0201")],
)
def test_default_numbering_checks_of_the_format_notes(point, name):
    grid = HexGrid(dx=55.42562584220407, dy=64.0, x0=40, y0=40, sideways=False, width=2000, height=2000)
    assert grid.location_name(*point) == name


def test_vassal36_engine_check_points():
    grid = HexGrid(dx=60.0, dy=69.28, x0=35, y0=35, sideways=False, width=2000, height=2000,
                   numbering=Numbering(h_off=0, v_off=0, stagger=False))
    assert grid.location_name(215, 347) == "0304"


@pytest.mark.parametrize("value,kind,leading,text", [
    (0, "A", 0, "A"), (25, "A", 0, "Z"), (26, "A", 0, "AA"), (27, "A", 0, "BB"), (52, "A", 0, "AAA"),
    (5, "N", 1, "05"), (5, "N", 2, "005"), (50, "N", 2, "050"), (7, "N", 0, "7"), (-3, "N", 1, "-03"),
])
def test_part_names_follow_regular_grid_numbering(value, kind, leading, text):
    assert format_part(value, kind, leading) == text


def test_neighbours_are_at_hex_distance_one():
    for c in range(0, 6):
        for r in range(0, 6):
            for n in HexGrid.neighbours_raw(c, r):
                assert HexGrid.raw_distance((c, r), n) == 1
