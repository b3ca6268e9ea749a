"""Board descriptions become VASSAL grids that name every hex exactly as the rulebook does."""

from __future__ import annotations

import pytest

from modgen.geometry import BoardSpec, build_geometry

GALICIA = BoardSpec(name="Galicia", hexes="rows", hex_size=104, lines=19, per_line=26, margin=36,
                    outer_lines="odd", line_from="bottom", pos_from="right")


def test_galicia_numbering_names_every_hex_like_the_rulebook():
    geo = build_geometry(GALICIA)
    assert len(geo.raw_of) == 19 * 26
    for hex_id in geo.raw_of:
        x, y = geo.centre(hex_id)
        assert geo.grid.location_name(x, y) == hex_id


def test_galicia_rule_example_adjacency():
    """12.1's example: 13.15 is adjacent to 14.15 and 14.14, and those two to each other."""
    geo = build_geometry(GALICIA)
    assert {"14.14", "14.15"} <= set(geo.neighbours("13.15"))
    assert "14.14" in geo.neighbours("14.15")


def test_galicia_orientation_row_one_south_01_east():
    geo = build_geometry(GALICIA)
    (x1, y1), (x2, y2) = geo.centre("1.01"), geo.centre("19.26")
    assert y1 > y2 and x1 > x2  # 1.01 bottom right, 19.26 top left
    assert geo.is_edge("3.01") and geo.is_edge("19.10") and not geo.is_edge("7.09")


@pytest.mark.parametrize("spec,hex_id,neighbours", [
    (BoardSpec("H", "rows", 80, 70, 30, 20, "odd", "bottom", "left", sep="", line_digits=2, pos_digits=2), "5320",
     {"5319", "5219", "5220", "5321", "5420", "5419"}),
    (BoardSpec("O", "columns", 80, 30, 20, 20, "odd", "left", "top", sep="", line_digits=2, pos_digits=2), "0101", {"0201", "0102"}),
    (BoardSpec("T", "columns", 64, 10, 8, 10, "even", "right", "bottom", sep="", line_digits=2, pos_digits=2), "0505", None),
    (BoardSpec("P", "rows", 64, 8, 10, 10, "even", "top", "left", sep="-", line_digits=1, pos_digits=1, id_prefix="A"), "A3-4", None),
])
def test_other_numbering_styles_are_expressible(spec, hex_id, neighbours):
    geo = build_geometry(spec)
    for h in geo.raw_of:
        assert geo.grid.location_name(*geo.centre(h)) == h
    if neighbours is not None:
        assert set(geo.neighbours(hex_id)) == neighbours
    assert hex_id in geo.raw_of
