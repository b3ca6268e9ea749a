"""The Eastern Front map data (maps/ef1914, written by tools/author_ef1914_map.py): what the rules fix
(The Eastern Front in WW1, Living Rules (June 2014), 8.2's rail movement example: the single-track
Rastenburg 52.27 - Angerburg 49.24 line of 4 hexes, Bromberg 86.38 43 rail hexes from Rastenburg;
3.7: three causeways all entering one hex near Lotzen) and what the rules plugins read from it
(railway kinds by track and gauge, closed national borders, printed IPs)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from modgen.regions import flood_fill, hex_distances
from modgen.errors import DataError
from modgen.loader import load_game

REPO = Path(__file__).resolve().parents[1]
RAIL_KINDS = {"double_european", "single_european", "double_russian", "single_russian", "narrow"}
KONIGSBERG, WARSAW, TARNOPOL = "61.17", "57.52", "12.91"
RASTENBURG, ANGERBURG, BROMBERG = "52.27", "49.24", "86.38"


@pytest.fixture(scope="module")
def m():
    return load_game(REPO, "ef1914").map


def rail_distance(m, a: str, b: str) -> int | None:
    """Hexes from a to b along the railways' links (breadth first over rail links only)."""
    links: dict[str, set[str]] = {}
    for x, y in (tuple(link) for link in m.rail_links()):
        links.setdefault(x, set()).add(y)
        links.setdefault(y, set()).add(x)
    return hex_distances([a], lambda h: links.get(h, ())).get(b)


def country(m, seed: str) -> set[str]:
    """Every hex reachable from seed over hex neighbours without crossing a national border hexside."""
    walls = {s for f in m.hexside_features if f.type == "border" for s in f.sides}
    return flood_fill(seed, m.neighbours, walls)


def town(m, town_id: str) -> str:
    return next(t.hex for t in m.towns if t.id == town_id)


def test_every_railway_has_a_track_and_gauge_kind(m):
    assert set(m.rail_types) == RAIL_KINDS
    assert {r.kind for r in m.railroads} == RAIL_KINDS
    assert all(r.kind in RAIL_KINDS for r in m.railroads)


def test_rastenburg_angerburg_is_a_single_track_line_of_four_hexes(m):
    line = next(r for r in m.railroads if set(r.hexes[::len(r.hexes) - 1]) == {RASTENBURG, ANGERBURG})
    assert line.kind == "single_european"
    assert len(line.hexes) - 1 == 4
    assert rail_distance(m, RASTENBURG, ANGERBURG) == 4


def test_bromberg_is_43_rail_hexes_from_rastenburg_by_double_track(m):
    assert rail_distance(m, BROMBERG, RASTENBURG) == 43
    thorn_line = next(r for r in m.railroads if r.hexes[0] == BROMBERG and town(m, "thorn") in r.hexes)
    assert thorn_line.kind == "double_european"
    for place in ("thorn", "deutsch-eylau", "allenstein"):
        assert town(m, place) in thorn_line.hexes


def test_gauges_follow_the_1914_borders(m):
    russia = country(m, WARSAW)
    for r in m.railroads:
        if r.kind.endswith("_russian"):  # Russian gauge only inside Russia (a border station may end it)
            assert sum(h not in russia for h in r.hexes) <= 1, r.name
    vienna = next(r for r in m.railroads if r.name.startswith("Warsaw - Vienna"))
    assert vienna.kind == "double_european" and WARSAW in vienna.hexes and "72.63" in vienna.hexes  # Piotrkow
    assert any(r.kind == "narrow" for r in m.railroads)


def test_every_railway_reaches_a_friendly_map_edge(m):
    """14.4: a depot's line of communication runs along the rails to a friendly edge; a line cut off from
    every edge of its gauge could never be one (Russian gauge: a Russian edge; European: any edge)."""
    for gauge, edge in (("_russian", set(m.supply_sources["russian"])),
                        ("_european", set(m.supply_sources["russian"]) | set(m.supply_sources["cp"]))):
        links: dict[str, set[str]] = {}
        for r in m.railroads:
            if r.kind.endswith(gauge):
                for a, b in zip(r.hexes, r.hexes[1:]):
                    links.setdefault(a, set()).add(b)
                    links.setdefault(b, set()).add(a)
        seen = {h for h in links if h in edge}
        todo = list(seen)
        while todo:
            for n in links[todo.pop()]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert set(links) == seen, (gauge, sorted(set(links) - seen)[:5])


def test_national_borders_are_closed(m):
    germany, russia, austria = country(m, KONIGSBERG), country(m, WARSAW), country(m, TARNOPOL)
    assert not germany & russia and not germany & austria and not russia & austria
    assert {"98.48", "81.40"} <= germany  # Posen, Thorn
    assert {"31.55", "27.16"} <= russia  # Brest-Litowsk, Kovno
    assert {town(m, "lemberg"), town(m, "przemysl")} <= austria
    land = {h for h in m.hex_ids() if not m.terrain_types[m.terrain[h]].prohibited}
    rest = land - germany - russia - austria  # Romania's tip at Herta (south-east corner) only
    assert len(rest) < 20 and all(int(h.split(".")[1]) >= 100 for h in rest)


def test_main_roads_by_kind(m):
    assert set(m.road_types) == {"primary", "secondary"}
    hexes = {kind: {h for r in m.roads if r.kind == kind for h in r.hexes} for kind in m.road_types}
    assert len(hexes["primary"]) >= 150 and len(hexes["secondary"]) >= 150
    for r in m.roads:
        assert not any(m.terrain_types[m.terrain[h]].prohibited for h in r.hexes), r.name


def test_three_causeways_enter_one_hex_near_lotzen(m):
    sides = [s for f in m.hexside_features if f.type == "causeway" for s in f.sides]
    assert len(sides) == 3
    (common,) = set.intersection(*(set(s) for s in sides))
    assert common == town(m, "lotzen")
    assert all("lake_side" in m.hexsides[s] for s in sides)


def test_ferries_cross_major_or_grand_rivers_without_a_bridge(m):
    ferries = [s for f in m.hexside_features if f.type == "ferry" for s in f.sides]
    assert len(ferries) >= 5
    for s in ferries:
        assert m.hexsides[s] & {"major_river", "grand_river"} and "bridge" not in m.hexsides[s]


def test_escarpments_have_hexsides_and_hexes(m):
    sides = [s for f in m.hexside_features if f.type == "escarpment" for s in f.sides]
    high = {h for h, t in m.terrain.items() if t == "escarpment"}
    assert len(sides) >= 50 and high
    assert all(any(h in s for s in sides) for h in high)  # an escarpment hex lies on an escarpment hexside


def test_printed_ips_are_areas_with_a_symbol(m):
    ips = [a for a in m.areas if a.id.startswith("printed-ip-")]
    assert {a.id for a in ips} >= {"printed-ip-angerapp", "printed-ip-lotzen"}
    assert all(a.symbol == "entrenchment" and a.hexes for a in ips)
    assert all(not m.terrain_types[m.terrain[h]].prohibited for a in ips for h in a.hexes)


def test_set_up_hexes_stay_on_land():
    game = load_game(REPO, "ef1914")
    for sc in game.scenarios.values():
        for item in sc.setup:
            h = getattr(item, "hex", None)
            if h:
                assert not game.map.terrain_types[game.map.terrain[h]].prohibited, (sc.id, item)


def test_an_unknown_rail_kind_is_an_error_with_file_and_line(tmp_path):
    for part in ("counters", "maps"):
        shutil.copytree(REPO / part / "ef1914", tmp_path / part / "ef1914")
    features = tmp_path / "maps" / "ef1914" / "features.yaml"
    text = features.read_text()
    features.write_text(text.replace("kind: single_european", "kind: standard_gauge", 1))
    line = next(i for i, x in enumerate(features.read_text().splitlines(), 1) if "standard_gauge" in x)
    with pytest.raises(DataError) as err:
        load_game(tmp_path, "ef1914")
    assert err.value.line == line and "standard_gauge" in str(err.value) and "features.yaml" in err.value.file
