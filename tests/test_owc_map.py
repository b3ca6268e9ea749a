"""Ostatnia Wojna Cesarzy map data (maps/owc1914, written by tools/author_owc_map.py on the grid of
tools/owc_geo.py): what the rulebook fixes (the town hexes of 18.4.1, the adjacencies and terrain of
its examples, the Szawle-Kiejdany railway of 18.5, the ports and blockade hexes of 38, fortress and
fortified-region strengths, the War Objective stars of 36.1) and what the rules need from the map
(closed state borders, the three fronts, railways that lead somewhere, towns on land)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from modgen.loader import load_game
from modgen.regions import flood_fill

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import owc_geo  # noqa: E402

TOWN_HEXES = {"warszawa": "2411", "kowno": "1117", "poznan": "2301", "krakow": "3409", "lwow": "3518", "krolewiec": "1210"}


@pytest.fixture(scope="module")
def m():
    return load_game(REPO, "owc1914").map


def town(m, town_id: str) -> str:
    return next(t.hex for t in m.towns if t.id == town_id)


def types_on(m, a: str, b: str) -> set[str]:
    return set(m.hexsides.get(frozenset((a, b)), ()))


def sides_of(m, h: str, kind: str) -> list[str]:
    return [n for n in m.neighbours(h) if kind in types_on(m, h, n)]


def area(m, area_id: str) -> set[str]:
    return set(next(a.hexes for a in m.areas if a.id == area_id))


def land(m) -> set[str]:
    return {h for h in m.hex_ids() if not m.terrain_types[m.terrain[h]].prohibited}


# -- the grid --------------------------------------------------------------------------------------
def test_the_fit_puts_every_named_town_in_its_hex_within_half_a_hex():
    for h, place, lat, lon in owc_geo.NAMED:
        assert owc_geo.hex_of(lat, lon) == h, place
        assert owc_geo.residual(h, lat, lon) < 0.5, place


def test_the_towns_the_rules_number_are_in_their_hexes(m):
    for tid, h in TOWN_HEXES.items():
        assert town(m, tid) == h, tid


@pytest.mark.parametrize("a,b", [("2206", "2106"), ("3713", "3714"), ("3619", "3618"), ("2913", "2814"),
                                 ("1209", "1210"), ("1309", "1210"), ("2507", "2608")])
def test_the_adjacencies_the_rules_use_hold(m, a, b):
    assert b in m.neighbours(a)


def test_the_grid_is_offset_as_the_rules_need(m):
    # odd rows sit half a hex east: 2913 touches 2813 and 2814, 1210 touches 1109/1110 and 1309/1310
    assert set(m.neighbours("2913")) == {"2912", "2914", "2813", "2814", "3013", "3014"}
    assert set(m.neighbours("1210")) == {"1209", "1211", "1109", "1110", "1309", "1310"}


# -- what the examples say is there --------------------------------------------------------------
def test_terrain_of_the_rule_examples(m):
    assert m.terrain["3618"] == "swamp"  # 6.2.2
    assert m.terrain["3815"] == "mountains" and m.terrain["3816"] == "foothills"  # 5.1.2
    assert m.terrain["4119"] == "mountains" and m.terrain["4219"] == "mountains"  # 9.3
    assert m.terrain_types[m.terrain["3714"]].move == "2"  # 5.1.2: one MP left on 3713 does not reach 3714


def test_hexsides_of_the_rule_examples(m):
    assert {"large_river", "bridge"} <= types_on(m, "2206", "2106")  # 5.1.3: a bridge over the large river
    assert "large_river" in types_on(m, "2005", town(m, "inowroclaw"))  # 5.1.3
    assert sides_of(m, town(m, "inowroclaw"), "small_river")  # 5.1.3: Goltz crosses a small river into it
    assert sides_of(m, "2205", "lake")  # 5.1.3: a lake keeps XXV Res. Corps out of 2205
    assert sides_of(m, "3815", "mountain_ridge") and sides_of(m, "3816", "mountain_ridge")  # 5.1.2
    assert sides_of(m, "4219", "mountain_ridge")  # 9.3
    assert sides_of(m, "3819", "small_river")  # 6.2.2
    # 6.2.3: the Vistula parts 2913 and 2814 from 2813, not 2712; Dęblin (a fortress) is next to 2814
    assert "large_river" in types_on(m, "2813", "2814") and "large_river" in types_on(m, "2813", "2913")
    assert "large_river" not in types_on(m, "2813", "2712")
    deblin = town(m, "deblin")
    assert deblin in m.neighbours("2814") and deblin in m.neighbours("2813") and m.terrain[deblin] == "fortress"


def test_lakes_high_ridges_coast_and_romania_cannot_be_crossed(m):
    for kind in ("lake", "high_ridge", "sea", "romanian_border"):
        assert m.hexside_types[kind].prohibits == ("*",), kind
        assert any(f.type == kind for f in m.hexside_features), kind


def test_szawle_kiejdany_railway_runs_through_0716_and_0817(m):
    line = next(r for r in m.railroads if "Szawle - Kiejdany" in r.name)
    assert {"0716", "0817", town(m, "szawle"), town(m, "kiejdany")} <= set(line.hexes)


def test_ports_and_blockade_hexes(m):
    ports = {a.id for a in m.areas if a.id.startswith("port-")}
    assert ports == {"port-krolewiec", "port-elblag", "port-pilawa"}
    sea = {h for h in m.hex_ids() if m.terrain[h] == "sea"}
    assert set(m.neighbours(town(m, "pilawa"))) & sea  # Pilawa on the open sea; Królewiec and Elbląg behind it
    for h in ("1209", "1309", "1308", "1408"):  # 38.2: the Russians can hold them
        assert h in land(m)
    assert "1408" in m.neighbours(town(m, "elblag"))


def test_fortress_strengths(m):
    assert area(m, "fortress-kowno") == {"1117"}
    labels = {a.id: a.label for a in m.areas}
    assert labels["fortress-kowno"] == "2"  # 25.2 example
    assert labels["fortified-warszawa"] == "2" and labels["fortified-lwow"] == "2"  # 24.1
    for tid in ("krakow", "przemysl", "torun", "grudziadz", "krolewiec", "deblin", "brzesc", "modlin"):
        assert m.terrain[town(m, tid)] == "fortress", tid
    assert {"bridgehead-jaroslaw", "bridgehead-halicz"} <= {a.id for a in m.areas}


def test_war_objectives(m):
    stars = {t.id: t.vp.hold for t in m.towns if t.vp}
    assert stars["lwow"] + stars["stanislawow"] == 4 and stars["lodz"] == 1  # 36.1 example
    russia = area(m, "territory-russia")
    for t in m.towns:
        if t.vp:
            assert t.vp.side == ("allies" if t.hex in russia else "russia"), t.id


# -- what the rules need ---------------------------------------------------------------------------
def test_the_countries_separate_by_flood_fill(m):
    walls = {s for f in m.hexside_features if f.type in ("border", "romanian_border", "sea") for s in f.sides}
    germany = flood_fill(town(m, "poznan"), m.neighbours, walls)
    russia = flood_fill(town(m, "warszawa"), m.neighbours, walls)
    austria = flood_fill(town(m, "krakow"), m.neighbours, walls)
    assert not germany & russia and not germany & austria and not russia & austria
    assert {town(m, t) for t in ("krolewiec", "torun", "wroclaw", "katowice")} <= germany
    assert {town(m, t) for t in ("kowno", "brzesc", "lodz", "ryga")} <= russia
    assert {town(m, t) for t in ("lwow", "przemysl", "budapeszt", "czerniowce")} <= austria
    assert area(m, "territory-germany") == germany and area(m, "territory-russia") == russia
    assert area(m, "territory-austria-hungary") == austria
    rest = land(m) - germany - russia - austria
    assert rest == area(m, "territory-romania") and len(rest) < 12
    assert "1119" in russia  # 21: the Russian 1st Army HQ


def test_the_three_fronts(m):
    w, p, g = (area(m, f"front-{x}") for x in ("east-prussian", "polish", "galician"))
    assert not w & p and not w & g and not p & g
    assert {"1117", "1210"} <= w and {"2411", "2301"} <= p and {"3409", "3518"} <= g  # 14
    assert set(m.neighbours("3409")) & p  # Kraków is one hex inside the Galician front (18.4.1)
    assert land(m) - area(m, "territory-romania") == w | p | g


def test_every_railway_reaches_a_map_edge_or_another_railway(m):
    rail_hexes = [set(r.hexes) for r in m.railroads]
    for i, r in enumerate(m.railroads):
        others = set().union(*(h for j, h in enumerate(rail_hexes) if j != i))
        for end in (r.hexes[0], r.hexes[-1]):
            coastal = any(m.terrain[n] == "sea" for n in m.neighbours(end))  # a port: Libawa
            assert len(m.neighbours(end)) < 6 or end in others or coastal, (r.name, end)
    assert {r.kind for r in m.railroads} == {"main", "ordinary"}


def test_no_town_on_water(m):
    for t in m.towns:
        assert m.terrain[t.hex] != "sea", t.id
        assert not m.terrain_types[m.terrain[t.hex]].prohibited, t.id


def test_hungarian_plain_is_clear_austro_hungarian_land_south_of_the_carpathians(m):
    plain = area(m, "hungarian-plain")
    assert town(m, "budapeszt") in plain and town(m, "lwow") not in plain
    assert plain <= area(m, "territory-austria-hungary")
    assert all(m.terrain[h] in ("clear", "fortress") for h in plain)
