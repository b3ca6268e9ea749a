"""Holland '44: the rules' own numbers in the data, and each checker rule on a small
constructed position written as a real save and read back through the module."""

from __future__ import annotations

from pathlib import Path

import pytest

from modgen.vmod.compose import Composer, Position
from modgen.check.run import check_states
from modgen.plugins import plugin_for
from modgen.rules.holland44 import Bond

from .conftest import position_runner

REPO = Path(__file__).resolve().parents[1]
VP_HEXES = {"2608", "2707", "2708", "2914", "4301", "5320", "5321", "5606", "6122", "6222", "6223", "3524", "3225"}


@pytest.fixture(scope="module")
def composer(holland):
    return Composer(holland)


@pytest.fixture()
def run(composer, holland_module, tmp_path):
    return position_runner(composer, holland_module, "holland44", tmp_path)


def blank(game, turn=3, side="allied", phase="Movement", scenario="campaign") -> Position:
    pos = Position(game, scenario=scenario).set_turn(turn, side, phase)
    for s in game.sides:
        pos.set_vp(s.id, 0)
    return pos


def rules_of(findings) -> list[str]:
    return sorted(f.rule for f in findings)


def open_hex(game, terrain="clear", road: bool | None = None, far_from: tuple[str, ...] = ()) -> str:
    """An interior hex of the given terrain (on or off a road), away from the listed hexes."""
    m = game.map
    roads = m.road_hexes()
    for h in sorted(m.hex_ids()):
        if m.terrain[h] != terrain or m.board_of[h].geometry.is_edge(h):
            continue
        if road is not None and (h in roads) != road:
            continue
        if any(m.board_of[h].geometry.distance(h, f) < 6 for f in far_from):
            continue
        if any(m.side_features(h, n) for n in m.neighbours(h)):
            continue
        return h
    raise AssertionError(f"no {terrain} hex (road={road})")


def units(game, side, n, pred=lambda u: True) -> list[str]:
    found = [u.id for u in game.units.values() if u.side == side and pred(u)]
    assert len(found) >= n
    return found[:n]


# ---------------------------------------------------------------- the rules' numbers


def test_exact_numbers_from_the_rules(holland):
    m = holland.map
    vp = {t.hex: t.vp for t in m.towns if t.vp}
    assert set(vp) == VP_HEXES and all(v.hold == 1 and v.side == "allied" for v in vp.values())
    assert len(vp) == 13  # 3 Eindhoven + Helmond + 's-Hertogenbosch + 2 Nijmegen + Tiel + 3 Arnhem + Overloon + Venray
    never = {s for f in m.hexside_features if "never_blown" in f.tags for s in f.sides}
    assert never == {frozenset(p) for p in (("6122", "6022"), ("5321", "5421"), ("6123", "6124"))}
    bridges = {s for f in m.hexside_features if m.hexside_types[f.type].on for s in f.sides}
    for pair in (("4816", "4817"), ("1402", "1502"), ("1306", "1407"), ("1307", "1408"), ("1109", "1210"), ("1303", "1404")):
        assert frozenset(pair) in bridges, pair
    assert m.area("drop-a1").hexes == ("3909",) and m.area("drop-a2").hexes == ("4008",)
    assert m.terrain["6325"] == "polder_woods"
    assert "6314" in m.area("unknown-start").hexes
    assert holland.stacking.units == 2 and holland.stacking.free_units == 1 and holland.stacking.max_steps == 9
    assert holland.turns.count == 20 and holland.turns.night == (2, 5, 8, 11, 14, 17, 20)
    assert holland.scenarios["short"].turns == 11 and holland.scenarios["campaign"].turns == 20
    assert holland.scenarios["short"].setup == holland.scenarios["campaign"].setup
    assert all(r.turn <= 11 for r in holland.scenarios["short"].reinforcements)
    u = holland.units["us-501-1"]
    assert u.steps == 3 and u.mark("drop") == "A2"
    arrival = holland.scenarios["campaign"].arrival_of("us-501-1")
    assert arrival.turn == 1 and arrival.drop == "A2"
    owners = {a.id: (a.owner_on(6), a.owner_on(7)) for a in m.entry_areas}
    assert owners["A"] == owners["L"] == ("german", "allied")
    assert all(owners[k] == ("allied", "allied") for k in "MNO")
    assert all(owners[k] == ("german", "german") for k in "BCDEFGHIJK")


def test_hex_numbering_follows_the_rules_adjacencies(holland):
    """Hexsides the rules name are pairs of adjacent hexes: the CCRR grid parity is right."""
    m = holland.map
    for a, b in (("1306", "1407"), ("1307", "1408"), ("1109", "1210"), ("1303", "1404"), ("1402", "1502"),
                 ("6122", "6022"), ("5321", "5421"), ("6123", "6124"), ("4816", "4817")):
        assert b in m.neighbours(a), (a, b)
    assert "2707" in m.neighbours("2608") and "2708" in m.neighbours("2608")


def test_regions_are_closed_by_their_rivers(holland):
    m = holland.map
    rhine, waal = set(m.area("north-of-lower-rhine").hexes), set(m.area("north-of-waal").hexes)
    assert "6516" in rhine and "6122" in rhine and "6022" not in rhine
    assert rhine < waal and "5421" in waal and "5321" not in waal
    assert 0 < len(rhine) < len(waal) < len(m.hex_ids())


# ---------------------------------------------------------------- stacking 6.x


def test_two_units_plus_one_free_stacking(holland, run):
    h = open_hex(holland)
    inf = units(holland, "allied", 3, lambda u: not u.has("free_stacking") and not u.has("supply_head"))
    art = units(holland, "allied", 2, lambda u: u.has("free_stacking") and u.has("artillery"))
    pos = blank(holland).unit(inf[0], h).unit(inf[1], h).unit(art[0], h)
    _, f, _ = run(pos)
    assert "6.1" not in rules_of(f)
    _, f, _ = run(pos.unit(art[1], h))  # a second free-stacking unit counts normally
    assert [x.hexes for x in f if x.rule == "6.1"] == [(h,)]
    _, f, _ = run(blank(holland).unit(inf[0], h).unit(inf[1], h).unit(inf[2], h))
    over = [x for x in f if x.rule == "6.1"]
    assert len(over) == 1 and "3 units" in over[0].message  # 3 x 3 steps = 9: the step limit holds


def test_nine_steps_never(holland, run):
    h = open_hex(holland)
    three = units(holland, "allied", 4, lambda u: u.steps == 3)
    pos = blank(holland)
    for u in three[:3]:
        pos.unit(u, h)
    _, f, _ = run(pos)
    assert not any("steps" in x.message for x in f)  # 9 steps is allowed
    _, f, _ = run(pos.unit(three[3], h))
    assert any(x.rule == "6.1" and "12 steps" in x.message for x in f)


def test_unknown_units_do_not_stack_but_one_a_hex(holland, run):
    h = open_hex(holland)
    ger = units(holland, "german", 2, lambda u: not u.has("free_stacking") and not u.has("unknown"))
    unk = units(holland, "german", 2, lambda u: u.has("unknown"))
    _, f, _ = run(blank(holland).unit(ger[0], h).unit(ger[1], h).unit(unk[0], h))
    assert "6.1" not in rules_of(f) and "25.2" not in rules_of(f)
    _, f, _ = run(blank(holland).unit(unk[0], h).unit(unk[1], h))
    assert rules_of(f) == ["25.2"]


def test_both_sides_in_one_hex(holland, run):
    h = open_hex(holland)
    a, g = units(holland, "allied", 1)[0], units(holland, "german", 1)[0]
    _, f, _ = run(blank(holland).unit(a, h).unit(g, h))
    assert "6.5" in rules_of(f)


# ---------------------------------------------------------------- terrain, entry areas, bridges


def test_vehicles_enter_marsh_only_by_road(holland, run):
    tank = units(holland, "allied", 1, lambda u: u.has("vehicle") and u.type == "armour")[0]
    inf = units(holland, "allied", 1, lambda u: not u.has("vehicle") and u.type == "infantry")[0]
    off = open_hex(holland, "marsh", road=False)
    _, f, _ = run(blank(holland).unit(tank, off).unit(inf, open_hex(holland, "marsh", road=False, far_from=(off,))))
    found = [x for x in f if x.rule == "8.6.2"]
    assert [x.units for x in found] == [(tank,)]
    on = next(h for h in holland.map.road_hexes() if holland.map.terrain[h] in ("marsh", "polder", "woods"))
    _, f, _ = run(blank(holland).unit(tank, on))
    assert "8.6.2" not in rules_of(f)


def test_units_in_enemy_entry_areas(holland, run):
    ger = units(holland, "german", 1)[0]
    al = units(holland, "allied", 1)[0]
    pos = blank(holland, turn=3).in_box("Entry O", "unit", ger).in_box("Entry A", "unit", al)
    st, f, _ = run(pos)
    assert st.unit(ger).area == "O" and st.unit(ger).id not in st.off_map
    assert sorted(x.units for x in f if x.rule == "19.4") == sorted([(ger,), (al,)])
    pos.set_turn(7, "allied", "Movement")  # A belongs to the Allies from Turn 7
    _, f, _ = run(pos)
    assert [x.units for x in f if x.rule == "19.4"] == [(ger,)]


def test_bridge_markers(holland, run):
    pos = blank(holland).marker_on_hexside("blown", "6122", "6022").marker_on_hexside("intact", "4816", "4817")
    st, f, _ = run(pos)
    sides = {m.marker.id: m.hexside for m in st.markers if m.marker.kind.startswith("bridge")}
    assert sides == {"blown": frozenset(("6122", "6022")), "intact": frozenset(("4816", "4817"))}
    assert rules_of(f) == ["5.7.1"]
    h = open_hex(holland)
    _, f, _ = run(blank(holland).marker_on_hexside("blown", h, holland.map.neighbours(h)[0]))
    assert rules_of(f) == ["5.2"]


def timed(st, rule: str) -> list[str]:
    """The statuses the checker gives the rule's findings at the save's moment (modgen.check.timing)."""
    report = check_states([st])
    return [f.status for f in report.findings + report.notes if f.rule == rule]


def test_play_balance_units_leave_on_turn_3(holland, run):
    """27.3.1: the plugin reports Segler on the map at any turn; the checker makes it pending until
    the end of Turn 2 (it "may act only on Turns 1-2") and an error from Turn 3."""
    seg = units(holland, "german", 1, lambda u: u.has("play_balance"))[0]
    h = open_hex(holland)
    st, f, _ = run(blank(holland, turn=2).unit(seg, h))
    assert rules_of(f) == ["27.3.1"] and timed(st, "27.3.1") == ["pending"]
    st, f, _ = run(blank(holland, turn=3).unit(seg, h))
    assert rules_of(f) == ["27.3.1"] and timed(st, "27.3.1") == ["error"]


# ---------------------------------------------------------------- ZOC bonds and supply


def _line_of_three(game, h):
    """Three hexes in a straight line starting at h (same column)."""
    m = game.map
    col, row = int(h[:2]), int(h[2:])
    line = [f"{col:02d}{row + k:02d}" for k in range(3)]
    assert all(x in m.board_of for x in line)
    return line


def test_zoc_bonds(holland, run):
    plugin = plugin_for("holland44")
    h = open_hex(holland)
    a, mid, b = _line_of_three(holland, h)
    g1, g2 = units(holland, "german", 2, lambda u: not u.has("unknown") and not u.has("supply_head") and not u.has("free_stacking"))
    st, _, _ = run(blank(holland).unit(g1, a).unit(g2, b))
    assert Bond("german", a, b, hex=mid) in plugin.bonds(st)
    st, _, _ = run(blank(holland).unit(g1, a).unit(g2, b).marker("disrupted", b, under=g2))
    assert plugin.bonds(st) == []  # 14.2: disrupted units form no bonds
    al = units(holland, "allied", 1)[0]
    st, _, _ = run(blank(holland).unit(g1, a).unit(g2, b).unit(al, mid))
    assert plugin.bonds(st) == []  # 7.4.3: an enemy unit in the bond hex negates it


def test_supply_along_roads_to_an_entry_area_and_cut(holland, run):
    m = holland.map
    supply_probe = units(holland, "allied", 1, lambda u: u.type == "infantry")[0]
    road_hexes = sorted(m.road_hexes())
    st, _, sup = run(blank(holland).unit(supply_probe, "1404"))  # Joe's Bridge, the XXX Corps road
    s = sup[supply_probe]
    assert s.state == "in" and s.source.startswith("entry area"), s
    assert s.path[0] == "1404" and s.path[-1] in {h for a in m.entry_areas if a.owner_on(3) == "allied" for h in a.hexes}
    # surround it: every neighbour German-occupied
    pos = blank(holland).unit(supply_probe, "1404")
    ger = units(holland, "german", 6, lambda u: not u.has("unknown"))
    for g, n in zip(ger, m.neighbours("1404")):
        pos.unit(g, n)
    _, _, sup = run(pos)
    assert sup[supply_probe].state == "out" and sup[supply_probe].length is None
    assert road_hexes


def test_oos_marker_compared_in_the_supply_phase(holland, run):
    inf = units(holland, "allied", 1, lambda u: u.type == "infantry")[0]
    pos = blank(holland, phase="Supply").unit(inf, "1404").marker("oos", "1404", under=inf)
    st, f, sup = run(pos)
    assert sup[inf].state == "in" and rules_of(f) == ["18.1"]
    assert timed(st, "18.1") == ["pending"]  # the markers are being set
    st, f, _ = run(pos.set_turn(3, "allied", "Traffic Marker"))
    assert rules_of(f) == ["18.1"] and timed(st, "18.1") == ["error"]  # after the Supply Phase
    # markers change only in the Supply Phase: elsewhere the plugin still sees the disagreement,
    # and the checker reports it as information (the unit may have moved since)
    st, f, _ = run(pos.set_turn(3, "allied", "Movement"))
    assert rules_of(f) == ["18.1"] and timed(st, "18.1") == ["info"]


# ---------------------------------------------------------------- victory 26.x


def test_victory_hexes_held_and_eliminations(holland, run):
    plugin = plugin_for("holland44")
    al = units(holland, "allied", 3, lambda u: u.type == "infantry")
    pos = blank(holland, turn=20, side="german", phase="Supply")
    for u, h in zip(al, ("6122", "6222", "6223")):
        pos.unit(u, h)
    three = units(holland, "allied", 2, lambda u: u.steps == 3 and u.id not in al)
    one = units(holland, "allied", 1, lambda u: (u.steps or 1) <= 2 and not u.has("supply_head"))[0]
    for u in (*three, one):
        pos.in_box(f"Eliminated {holland.side('allied').name}", "unit", u)
    st, _, _ = run(pos)
    report = plugin.victory([st])
    allied = sum(ln.vp for ln in report.lines if ln.side == "allied" and ln.source.startswith("Hold"))
    german = sum(ln.vp for ln in report.lines if ln.side == "german")
    assert allied == 3 and german == 2.5
    end = [o for o in report.outcome if o.startswith(holland.scenarios["campaign"].name)]
    assert end and end[0].endswith(f"{holland.side('allied').name} win")  # 3 VP against 2.5
    # the hexes stay Allied after the units move on (last passed through), until a German unit enters
    pos2 = blank(holland, turn=20, side="german", phase="Supply").unit(al[0], "6516")
    pos2.unit(units(holland, "german", 1)[0], "6222")
    st2, _, _ = run(pos2)
    holds = {t.hex: t.holder for t in plugin.victory([st, st2]).towns}
    assert holds["6122"] == "allied" and holds["6222"] == "german" and holds["6223"] == "allied"


def test_zoc_bonds_close_hexes_and_hexsides_to_a_move(holland, run):
    """7.4.1 (digest): enemy units may not cross a hexside bond, and a unit that starts in an EZOC may not
    move into a bond hex; the log checker's move judge gets both from the plugin's move limits."""
    from modgen.check.paths import MoveCosts, judge_move

    plugin = plugin_for("holland44")
    m = holland.map
    h = open_hex(holland)
    a, mid, b = _line_of_three(holland, h)
    g1, g2 = units(holland, "german", 2, lambda u: not u.has("unknown") and not u.has("supply_head") and not u.has("free_stacking"))
    al = units(holland, "allied", 1, lambda u: u.type == "infantry")[0]
    beside = sorted(set(m.neighbours(mid)) - {a, b})[0]  # next to the bond hex, so next to a or b: in an EZOC
    st, _, _ = run(blank(holland).unit(g1, a).unit(g2, b).unit(al, beside))
    u = next(x for x in st.units if x.id == al)
    limits = plugin.move_limits(st, u)
    assert beside in limits.ezoc and limits.closed[mid][0] == "7.4"
    v = judge_move(MoveCosts(m, u.unit), holland.movement, limits, beside, mid, [mid])
    assert not v.legal and v.rule == "7.4"
    # two hexes apart, not in line: the bond is the hexside between the two hexes next to both
    c = next(x for x in m.neighbours(beside) if x not in m.neighbours(a) and x != a and m.terrain[x] == "clear"
             and len(set(m.neighbours(a)) & set(m.neighbours(x))) == 2)
    p, q = sorted(set(m.neighbours(a)) & set(m.neighbours(c)))
    far = open_hex(holland, far_from=(a, c))  # an Allied unit in p or q would negate the bond (7.4.3)
    st, _, _ = run(blank(holland).unit(g1, a).unit(g2, c).unit(al, far))
    u = next(x for x in st.units if x.id == al)
    limits = plugin.move_limits(st, u)
    assert limits.closed_sides[frozenset((p, q))][0] == "7.4"
    v = judge_move(MoveCosts(m, u.unit), holland.movement, limits, p, q, [q])  # a move that reached p goes on to q
    assert not v.legal and v.rule == "7.4" and v.title == "Move across a closed hexside"
