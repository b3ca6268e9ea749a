"""Ostatnia Wojna Cesarzy (owc1914): the counters, markers and scenarios (counters/owc1914, written by
tools/author_owc_counters.py; game.yaml by hand) against what the rulebook fixes: the sides and colours
(2.1.1), stacking (5.3, 17.1), the stage dates (3.2, 40), the d12 (1.3), the patrols (17, B.4), the
values and hexes its examples give, the scenarios' lengths and start supply (A, B, C.4, 29.1), and that
every set-up and arrival hex is a land hex of the map (maps/owc1914, authored separately)."""

from __future__ import annotations

from collections import Counter
from datetime import date, timedelta
from pathlib import Path

import pytest

from modgen.loader import load_game

REPO = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not (REPO / "maps" / "owc1914" / "map.yaml").exists(),
                                reason="maps/owc1914 not written yet (the owc1914 map is authored separately)")

DATES = ["16.VIII", "22.VIII", "28.VIII", "3.IX", "9.IX", "15.IX", "21.IX", "27.IX", "3.X", "9.X", "15.X", "21.X",
         "27.X", "2.XI", "8.XI", "14.XI", "20.XI", "26.XI", "2.XII", "8.XII", "14.XII", "20.XII", "26.XII"]
ROMAN = {"VIII": 8, "IX": 9, "X": 10, "XI": 11, "XII": 12}


@pytest.fixture(scope="module")
def g():
    return load_game(REPO, "owc1914")


def land(g, h: str) -> bool:
    t = g.map.terrain.get(h)
    return t is not None and not g.map.terrain_types[t].prohibited


def test_sides_nationalities_dice(g):
    assert [s.id for s in g.sides] == ["allies", "russia"]
    nats = {n.id: n for n in g.nationalities.values()} if isinstance(g.nationalities, dict) else {n.id: n for n in g.nationalities}
    assert {k: v.side for k, v in nats.items()} == {"ah": "allies", "de": "allies", "leg": "allies", "ru": "russia"}
    assert [(d.n, d.sides) for d in g.dice] == [(1, 12)]


def test_unit_counts(g):
    by_side = Counter(u.side for u in g.units.values())
    assert by_side == {"allies": 80, "russia": 76}
    assert Counter(u.nationality for u in g.units.values()) == {"de": 38, "ah": 39, "leg": 3, "ru": 76}
    patrols = Counter(u.side for u in g.units.values() if u.type == "patrol")
    assert patrols == {"allies": 8, "russia": 6}                                   # 17
    assert sum(1 for u in g.units.values() if u.type == "legion") == 3
    assert all(u.back is None for u in g.units.values())                           # 2.1: one-sided counters


def test_values_the_rules_give(g):
    u = g.units
    sp_res = {k: (u[k].front.attack, u[k].front.defense) for k in u}
    assert sp_res["de-1"][0] + sp_res["de-1dk"][0] == 4                            # 7.3
    assert sp_res["de-11"] == (3, 10)                                              # 33.3.1, 9.5.1
    assert sp_res["de-thorn"] == (2, 7) and sp_res["de-3r"] == (1, 10)             # 8.6.1
    assert sp_res["de-20"][1] > 9                                                  # 8.3
    assert sp_res["ah-17"][0] + sp_res["ah-11"][0] + sp_res["ah-hauer"][0] == 5   # 7.4.4
    assert sp_res["ru-21"][0] == 3                                                 # 7.4.4
    assert sp_res["ru-20"] == (2, 9)                                               # 7.3, 25.2
    assert sp_res["ru-1"][0] == sp_res["ru-13"][0] == 2                            # 7.4.3
    assert sp_res["ru-3"][1] == 9 and sp_res["ru-26"][1] == 7                      # 21.3
    assert sp_res["ru-4"][1] == 9 and sp_res["ru-72"][1] == 7                      # 8.3
    assert sp_res["ru-17"][1] == 9 and sp_res["ru-81"][1] == 7                     # 8.4
    assert sp_res["ru-23"][1] == sp_res["ru-2k"][1] == 9                           # 9.4
    assert sp_res["ah-43"][1] == 9                                                 # 9.3
    assert u["ru-hq-1"].front.value("range") == 2                                  # 21.3
    # second line = resilience 5 or 7, white print (2.1.1, 8.4)
    for x in u.values():
        if x.type not in ("hq", "patrol"):
            assert bool(x.mark("second_line")) == (x.front.defense in (5, 7)), x.id
    # infantry 3 MP, cavalry 4, an HQ its range (5.1.1, 21.2)
    for x in u.values():
        want = 4 if x.type == "cavalry" else x.front.value("range") if x.type == "hq" else 3
        assert x.front.ma == want, x.id


def test_split_corps_and_c5_substitutes(g):
    u = g.units
    for corps, divs in (("ru-23", ("ru-3g-23", "ru-2-23", "ru-1bs")), ("ru-5s", ("ru-12s-5s", "ru-50-5s", "ru-79")),
                        ("ah-kummer", ("ah-95lst", "ah-106lst", "ah-nikic"))):
        assert u[corps].mark("star")
        for d in divs:
            assert u[d].mark("star") and u[d].formation == u[corps].name
            assert (u[d].front.attack, u[d].front.defense) == (1, u[corps].front.defense)   # 27: 2 - 9 -> 1 - 9 + 1 - 9


def test_stacking(g):
    assert g.stacking.units == 4 and g.stacking.limit is None                      # 5.3
    for s in g.scenarios.values():
        over = {h: n for h, n in Counter(p.hex for p in s.setup).items() if n > 4}
        assert not over, (s.id, over)


def test_stage_track(g):
    assert g.turns.count == 23 and list(g.turns.names) == DATES
    days = [date(1914, ROMAN[m], int(d)) for d, m in (x.split(".") for x in DATES)]
    assert all(b - a == timedelta(days=6) for a, b in zip(days, days[1:]))         # 3: a stage is 6 days
    assert list(g.turns.player_turns) == ["allies", "russia"]                      # 3: Allies first


SCEN = {  # id: (first stage, last stage, set-up allies/russia, arrivals allies/russia)
    "campaign": (1, 23, (30, 34), (40, 30)),
    "a_galicia": (2, 5, (15, 16), (3, 3)),  # 1.4: A plays rules 1-15, so no army HQs (21) or patrols (17)
    "b_steamroller": (14, 17, (18, 24), (12, 8)),  # B.1: Grudziądz's fortress corps is off the Polish front
    "c_hindenburg": (8, 13, (28, 35), (10, 13)),
}


@pytest.mark.parametrize("sid", sorted(SCEN))
def test_scenario_counts_and_length(g, sid):
    s = g.scenarios[sid]
    first, last, setup, arrivals = SCEN[sid]
    assert s.turns == last and last - first + 1 == {"campaign": 23, "a_galicia": 4, "b_steamroller": 4, "c_hindenburg": 6}[sid]
    assert {t for t, _ in s.skip} == set(range(1, first))
    stage = [m for m in s.markers if m.marker == "stage"]
    assert len(stage) == 1 and stage[0].box == first
    sides = Counter(g.units[p.unit].side for p in s.setup)
    assert (sides["allies"], sides["russia"]) == setup
    arr = Counter(g.units[r.unit].side for r in s.reinforcements)
    assert (arr["allies"], arr["russia"]) == arrivals
    assert all(first <= r.turn <= last for r in s.reinforcements)
    placed = [p.unit for p in s.setup] + [r.unit for r in s.reinforcements]
    assert len(placed) == len(set(placed))


def test_patrols_per_scenario(g):
    for sid, (al, ru) in {"campaign": (8, 6), "a_galicia": (0, 0), "c_hindenburg": (8, 6), "b_steamroller": (6, 4)}.items():
        s = g.scenarios[sid]
        pats = Counter(g.units[r.unit].side for r in s.reinforcements if g.units[r.unit].type == "patrol")
        assert (pats["allies"], pats["russia"]) == (al, ru), sid                    # 17, B.4
        assert all("hidden" in g.units[r.unit].tags for r in s.reinforcements if g.units[r.unit].type == "patrol")



def test_scenario_a_has_no_army_hq_and_no_patrol(g):
    """1.4: "W scenariuszu „Bitwa Galicyjska” obowiązują tylko reguły 1-15" (A plays rules 1-15 only): army HQs (21)
    and patrols (17) are not in A's game, neither set up nor brought in."""
    s = g.scenarios["a_galicia"]
    types = {g.units[u].type for u in [p.unit for p in s.setup] + [r.unit for r in s.reinforcements]}
    assert not types & {"hq", "patrol"}, types


def test_hexes_on_the_map_and_on_land(g):
    for s in g.scenarios.values():
        for p in s.setup:
            assert p.hex in g.map.terrain and land(g, p.hex), (s.id, p.unit, p.hex)
        for r in s.reinforcements:
            for h in r.hexes:
                assert h in g.map.terrain and land(g, h), (s.id, r.unit, h)


def test_hexes_the_text_names(g):
    camp = {p.unit: p.hex for p in g.scenarios["campaign"].setup}
    assert camp["ru-hq-1"] == "1119"                                               # 25.2: the 1st Army HQ on 1119
    assert camp["de-kg"] == "1210"                                                 # Korpus "Królewiec" in Królewiec 1210
    assert camp["ah-kummer"] == "3409"                                             # Kraków 3409
    towns = {t.name: t.hex for t in g.map.towns}
    for name, h in (("Warszawa", "2411"), ("Kowno", "1117"), ("Poznań", "2301"), ("Kraków", "3409"), ("Lwów", "3518"), ("Królewiec", "1210")):
        if name in towns:
            assert towns[name] == h, name


def test_supply_and_reinforcement_track_markers(g):
    def at(sid, prefix):
        return {m.marker: (m.track, m.label) for m in g.scenarios[sid].markers if m.marker.startswith(prefix)}
    assert at("campaign", "supply-") == {                                         # 29.1
        "supply-allies-g": ("supply_allies", "12"), "supply-allies-p": ("supply_allies", "7"), "supply-allies-w": ("supply_allies", "12"),
        "supply-russia-g": ("supply_russia", "12"), "supply-russia-p": ("supply_russia", "7"), "supply-russia-w": ("supply_russia", "16")}
    assert at("c_hindenburg", "supply-") == {                                     # C.4
        "supply-allies-g": ("supply_allies", "8"), "supply-allies-p": ("supply_allies", "16"),
        "supply-russia-g": ("supply_russia", "14"), "supply-russia-p": ("supply_russia", "8")}
    assert not at("a_galicia", "supply-") and not at("b_steamroller", "supply-")  # rule 22 is not in A or B
    rt = Counter(m.label for m in g.scenarios["campaign"].markers if m.marker == "reinf-track")
    assert rt == {"22.VIII": 1, "21.IX": 7, "27.IX": 1, "3.X": 1}                   # 33.3.1
    assert g.markers["reinf-track"].count == 10


def test_campaign_and_a_set_up_on_own_territory_and_no_enemy_fortress(g):
    side_of = {}
    for a in g.map.areas:
        if a.id.startswith("territory-"):
            for h in a.hexes:
                side_of[h] = "russia" if "russia" in a.id else "romania" if "romania" in a.id else "allies"
    fortress = {h: side_of.get(h) for a in g.map.areas if a.id.startswith(("fortress-", "bridgehead-")) for h in a.hexes}
    for sid in ("campaign", "a_galicia"):
        for p in g.scenarios[sid].setup:
            assert side_of.get(p.hex) == g.units[p.unit].side, (sid, p.unit, p.hex)
    for s in g.scenarios.values():
        captured = {"3415", "3920"} if s.id == "c_hindenburg" else set()       # C.6: Jarosław and Halicz bridgeheads taken
        for p in s.setup:
            owner = fortress.get(p.hex)
            assert owner is None or owner == g.units[p.unit].side or p.hex in captured, (s.id, p.unit, p.hex)
        hexes = {}
        for p in s.setup:
            hexes.setdefault(p.hex, set()).add(g.units[p.unit].side)
        assert all(len(v) == 1 for v in hexes.values()), s.id                   # 5.1.4: never both sides in a hex
