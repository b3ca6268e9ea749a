"""The Eastern Front in WW1, supply (14.1-14.4.1): small positions written as real saves, read back
through the built module, each unit's traced state and the marker findings compared with what the
rules' words give.

The positions stand where the map makes the supply line's length plain: every hex within reach of
the unit is clear terrain with no road, river or ridge, so a supply line costs one per hex entered
(14.1.1) and its length is the hex distance. The tests find such places on the real map and assert
that precondition, so a change of the map data fails here loudly instead of silently moving a case.

14.2.3 (RR lines): "Combat and artillery units ... are In Supply if within three hexes of the RR
line hex; or are in Low Supply if further than three hexes but within six hexes of the RR line hex."
14.4 (4): "Place a Low Supply marker on all combat and artillery units that trace supply from a Corps
Train unit on its extended mode side, or that trace to a RR line hex at ranges between 4 and 6
hexes. Place an Out of Supply marker on all combat and artillery units that cannot trace a valid
supply line." 14.4.1: an Out of Supply unit is Isolated if it cannot trace a line of any length to a
friendly operational RR hex "nor through more than six enemy controlled hexes".
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from modgen.check.reader import read_state
from modgen.check.run import check_states
from modgen.plugins import plugin_for
from modgen.regions import hex_distances
from modgen.rules.ef1914_lines import home_countries
from modgen.vmod.compose import Composer, Position

REPO = Path(__file__).resolve().parents[1]
RU_DIV, RU_TRAIN, OTHER_TRAIN = "ru-28-20", "ru-ct-20", "ru-ct-3"  # 28/20 of XX Corps; XX and III Corps trains
MINOR_DEPOT = "ru-dep-vir"


@pytest.fixture(scope="module")
def game(ef_game):
    return ef_game


@pytest.fixture(scope="module")
def module(ef_module) -> Path:
    return ef_module


def distances(m, starts) -> dict[str, int]:
    """Plain hex distance from the nearest of `starts` over the map's neighbours."""
    return hex_distances(starts, m.neighbours)


def open_ground(m, centre: str, radius: int) -> bool:
    """Every non-rail hex within `radius` of centre is clear, off every road, with no hexside feature."""
    rails, roads = m.rail_hexes(), m.road_hexes()
    near = hex_distances([centre], m.neighbours, radius)
    for h in near:
        if h in rails:
            continue
        if m.terrain.get(h) != "clear" or h in roads:
            return False
        if any(m.side_features(h, n) for n in m.neighbours(h) if n in near and n not in rails):
            return False
    return True


@lru_cache(maxsize=None)
def spot(game_id: int, side: str, rail_distance: int, station: bool = False) -> tuple[str, str]:
    """(unit hex, its nearest RR hex): a hex of the side's home country exactly `rail_distance`
    hexes from the nearest RR hex (a station, if asked), all on open ground; the first in hex order."""
    m = GAMES[game_id].map
    home = home_countries(m)
    rails = m.rail_hexes()
    stations = {t.hex for t in m.towns} & rails
    dist = distances(m, rails)
    for h in sorted(m.hex_ids()):
        if home.get(h) != side or dist.get(h) != rail_distance or not open_ground(m, h, rail_distance):
            continue
        nearest = sorted(r for r, d in distances(m, [h]).items() if r in rails and d == rail_distance)
        if not all(home.get(r) == side for r in nearest):
            continue
        if station:
            nearest = [r for r in nearest if r in stations]
            if not nearest:
                continue
        return h, nearest[0]
    raise AssertionError(f"no open hex {rail_distance} from a RR line in {side} home country")


GAMES: dict[int, object] = {}


def place(game, side: str, rail_distance: int, station: bool = False) -> tuple[str, str]:
    GAMES[id(game)] = game
    return spot(id(game), side, rail_distance, station)


def supply_of(game, module, pos: Position, tmp_path, moment=(3, "russian", "RR Engineering")):
    """The supply traced and the report of the position at `moment`: by default the Russian RR Engineering
    Phase, right after the Russian Supply Phase and before any unit moves, where 14.0 compares the
    markers with the position (tests/test_ef1914_supply_fidelity.py: the other moments)."""
    pos.set_turn(*moment)
    pos.set_scenario("tannenberg")
    path = Composer(game).write(pos, tmp_path / "s.vsav")
    state = read_state(path, module=module)
    return plugin_for("ef1914").supply(state), check_states([state])


def blank(game) -> Position:
    pos = Position(game)
    for s in game.sides:
        pos.set_vp(s.id, 0)
    return pos


def supply_findings(report, status: str) -> list:
    return [f for f in report.findings + report.notes if f.rule == "14.4" and f.status == status]


# ----------------------------------------------------------------- RR lines (14.2.3)
@pytest.mark.parametrize("distance,expected", [(2, "in"), (3, "in"), (4, "low"), (6, "low"), (7, "out")])
def test_rr_line_range(game, module, tmp_path, distance, expected):
    """14.2.3: In within three hexes of a RR hex joined to a friendly edge, Low at 4-6, beyond: no line."""
    hex_id, _ = place(game, "russian", distance)
    supply, _ = supply_of(game, module, blank(game).unit(RU_DIV, hex_id), tmp_path)
    assert supply[RU_DIV].state == expected, (hex_id, supply[RU_DIV])
    if expected != "out":
        assert supply[RU_DIV].length == distance


def test_out_of_supply_at_home_is_not_isolated(game, module, tmp_path):
    """14.4.1: a line of ANY length reaches a friendly RR hex through no enemy-controlled hex."""
    hex_id, _ = place(game, "russian", 7)
    supply, report = supply_of(game, module, blank(game).unit(RU_DIV, hex_id), tmp_path)
    assert supply[RU_DIV].state == "out"
    section = next(s for s in report.sections if s.title.startswith("Supply"))
    assert RU_DIV not in section.data["isolated"]


# ----------------------------------------------------------------- markers (14.4 (4)), timing
def test_unmarked_low_supply_is_an_error_after_the_supply_phase(game, module, tmp_path):
    hex_id, _ = place(game, "russian", 5)
    _, report = supply_of(game, module, blank(game).unit(RU_DIV, hex_id), tmp_path, (3, "russian", "RR Engineering"))
    errors = supply_findings(report, "error")
    assert [f.units for f in errors] == [(RU_DIV,)]


def test_unmarked_low_supply_is_pending_during_the_supply_phase(game, module, tmp_path):
    hex_id, _ = place(game, "russian", 5)
    _, report = supply_of(game, module, blank(game).unit(RU_DIV, hex_id), tmp_path, (3, "russian", "Supply"))
    assert supply_findings(report, "error") == []
    assert [f.units for f in supply_findings(report, "pending")] == [(RU_DIV,)]


def test_marked_low_supply_is_clean(game, module, tmp_path):
    hex_id, _ = place(game, "russian", 5)
    pos = blank(game).unit(RU_DIV, hex_id).marker("low-supply", hex_id, under=RU_DIV)
    _, report = supply_of(game, module, pos, tmp_path)
    assert supply_findings(report, "error") == []


def test_marked_out_of_supply_but_in_supply_is_an_error(game, module, tmp_path):
    hex_id, _ = place(game, "russian", 2)
    pos = blank(game).unit(RU_DIV, hex_id).marker("out-of-supply", hex_id, under=RU_DIV)
    _, report = supply_of(game, module, pos, tmp_path)
    assert [f.units for f in supply_findings(report, "error")] == [(RU_DIV,)]


# ----------------------------------------------------------------- corps trains (14.2.2, 14.3.1)
def test_own_corps_train_gives_in_supply_where_the_rr_line_gives_low(game, module, tmp_path):
    """The train stands on the RR hex (14.2.2 (2): In Supply there); 28/20 is 5 hexes away, within
    its range: In Supply from the train, though the RR line alone would give Low."""
    hex_id, rail = place(game, "russian", 5)
    supply, _ = supply_of(game, module, blank(game).unit(RU_DIV, hex_id).unit(RU_TRAIN, rail), tmp_path)
    assert supply[RU_TRAIN].state == "in"
    assert supply[RU_DIV].state == "in" and RU_TRAIN in (supply[RU_DIV].source or "")


def test_another_corps_train_does_not_supply(game, module, tmp_path):
    """14.3.1: a Corps Train supplies the formations of its corps (and those attached to its track)."""
    hex_id, rail = place(game, "russian", 5)
    supply, _ = supply_of(game, module, blank(game).unit(RU_DIV, hex_id).unit(OTHER_TRAIN, rail), tmp_path)
    assert supply[RU_DIV].state == "low"


def test_extended_train_gives_low_supply(game, module, tmp_path):
    """14.4 (4): Low Supply for units tracing to a Corps Train on its Extended side."""
    if game.units[RU_TRAIN].back is None:
        pytest.skip("the corps train has no Extended side in the data")
    hex_id, rail = place(game, "russian", 5)
    pos = blank(game).unit(RU_DIV, hex_id).unit(RU_TRAIN, rail, reduced=True)
    supply, _ = supply_of(game, module, pos, tmp_path)
    assert supply[RU_DIV].state == "low"


# ----------------------------------------------------------------- depots (14.2.1)
def test_depot_on_a_station_with_a_loc_supplies_beyond_the_rr_range(game, module, tmp_path):
    """14.2.1: a depot on a RR station hex with a LOC is In Supply; 28/20 seven hexes away is beyond
    the RR line's six but within the depot's range (7 or more): In Supply."""
    hex_id, station = place(game, "russian", 7, station=True)
    assert (game.units[MINOR_DEPOT].front.value("sr") or 0) >= 7
    supply, _ = supply_of(game, module, blank(game).unit(RU_DIV, hex_id).unit(MINOR_DEPOT, station), tmp_path)
    assert supply[MINOR_DEPOT].state == "in"
    assert supply[RU_DIV].state == "in" and MINOR_DEPOT in (supply[RU_DIV].source or "")


def test_depot_off_the_railway_has_no_loc(game, module, tmp_path):
    """14.2.1: "To be In Supply a depot unit ... must be stacked in a RR station hex"."""
    hex_id, _ = place(game, "russian", 2)
    supply, report = supply_of(game, module, blank(game).unit(MINOR_DEPOT, hex_id), tmp_path)
    assert supply[MINOR_DEPOT].state == "out"
    assert [f.units for f in supply_findings(report, "error")] == [(MINOR_DEPOT,)]


def test_relocating_depot_supplies_nothing(game, module, tmp_path):
    """8.2.7 / 14.2.1: "A depot unit cannot provide supply while marked as Relocating or Consolidating"."""
    hex_id, station = place(game, "russian", 7, station=True)
    pos = blank(game).unit(RU_DIV, hex_id).unit(MINOR_DEPOT, station).marker("depot-reloc", station, under=MINOR_DEPOT)
    supply, _ = supply_of(game, module, pos, tmp_path)
    assert supply[RU_DIV].state == "out"


# ----------------------------------------------------------------- blocking and isolation (14.1, 14.4.1)
def test_enemy_unit_on_the_only_short_line_blocks_it(game, module, tmp_path):
    """14.1: "A supply line may not pass through a hex occupied by an enemy unit or an EZOC"; a ring
    of German infantry round 28/20 two hexes off the RR line: every line passes an EZOC hex with
    no Russian unit in it (the hexes next to 28/20 are in the Germans' ZOC), so Out of Supply."""
    hex_id, _ = place(game, "russian", 2)
    m = game.map
    ring = m.neighbours(hex_id)
    germans = ["de-1-1", "de-2-1", "de-35-17", "de-36-17", "de-1r-1r", "de-36r-1r"]
    pos = blank(game).unit(RU_DIV, hex_id)
    far = sorted(h for h, d in distances(m, [hex_id]).items() if d == 2)
    # one German for each ring hex: a hex two away next to it (6 Germans cover the 6 ring hexes)
    placed: list[str] = []
    for n in ring:
        if not any(n in m.neighbours(h) for h in placed):
            placed.append(next(h for h in far if n in m.neighbours(h) and h not in placed))
    assert len(placed) <= len(germans)
    for g, h in zip(germans, placed):
        pos.unit(g, h)
    assert all(any(n in m.neighbours(h) for h in placed) for n in ring)  # every ring hex is in an EZOC
    supply, _ = supply_of(game, module, pos, tmp_path)
    assert supply[RU_DIV].state == "out"


def test_deep_in_enemy_country_is_isolated(game, module, tmp_path):
    """14.4.1 with the DECISION that enemy home-country hexes are enemy-controlled: a Russian
    division eight or more hexes inside Germany crosses more than six enemy-controlled hexes on any
    line to a Russian RR hex: Out of Supply and Isolated."""
    m = game.map
    home = home_countries(m)
    russia = [h for h, s in home.items() if s == "russian"]
    dist = distances(m, russia)
    hex_id = next(h for h in sorted(m.hex_ids()) if home.get(h) == "cp" and dist.get(h, 0) >= 9
                  and m.terrain.get(h) == "clear")
    supply, report = supply_of(game, module, blank(game).unit(RU_DIV, hex_id), tmp_path)
    assert supply[RU_DIV].state == "out"
    section = next(s for s in report.sections if s.title.startswith("Supply"))
    assert RU_DIV in section.data["isolated"]


# ----------------------------------------------------------------- other sources (14.2.4, 14.3.1, 14.7)
def test_fortress_with_a_supply_symbol_supplies_units_next_to_it(game, module, tmp_path):
    """14.2.4: "Any friendly combat or artillery unit stacked on or adjacent to such a Fortress's hex is
    considered In Supply" (Brest-Litowsk prints the symbol). 28/20, seven hexes from any RR line, is
    Out of Supply alone and In Supply next to the fortress unit (moved there for the test: 12.1 aside)."""
    hex_id, _ = place(game, "russian", 7)
    assert game.units["ru-f-brest"].has("supply_symbol")
    alone, _ = supply_of(game, module, blank(game).unit(RU_DIV, hex_id), tmp_path)
    beside = sorted(game.map.neighbours(hex_id))[0]
    near, _ = supply_of(game, module, blank(game).unit(RU_DIV, hex_id).unit("ru-f-brest", beside), tmp_path)
    assert alone[RU_DIV].state == "out"
    assert near[RU_DIV].state == "in" and "fortress" in (near[RU_DIV].source or "")


def test_fortress_boyen_supplies_only_the_white_triangle_units_within_three_hexes(game, module, tmp_path):
    """14.2.4 EXCEPTION: Fortress Boyen supplies only Lotzen, Masurian and Bacmeister, by a supply line
    of up to three hexes; 35/17 beside them gets nothing from it."""
    hex_id, _ = place(game, "cp", 7)
    two = sorted(h for h, d in distances(game.map, [hex_id]).items() if d == 2)[0]
    pos = blank(game).unit("de-lotzen-fort", hex_id).unit("de-masurian", two).unit("de-35-17", two)
    supply, _ = supply_of(game, module, pos, tmp_path, (3, "cp", "Attack"))
    assert supply["de-masurian"].state == "in" and "Boyen" in (supply["de-masurian"].source or "")
    assert "Boyen" not in (supply["de-35-17"].source or "") and supply["de-35-17"].state != "in"


def test_a_corps_train_takes_two_guest_cavalry_formations(game, module, tmp_path):
    """14.3.1: a Corps Train supplies "any two cavalry formations (even if not attached to that corps)".
    Three independent Russian cavalry divisions seven hexes from the RR line (beyond the RR's six)
    and within the III Corps train's range (7): two are In Supply from it, the third Out. DECISION
    (modgen.rules.ef1914_supply): the two are taken in unit-id order."""
    hex_id, rail = place(game, "russian", 7)
    assert (game.units[OTHER_TRAIN].front.value("sr") or 0) >= 7
    pos = blank(game).unit(OTHER_TRAIN, rail)
    for c in ("ru-1c", "ru-6c", "ru-15c"):
        pos.unit(c, hex_id)
    supply, _ = supply_of(game, module, pos, tmp_path)
    assert supply[OTHER_TRAIN].state == "in"
    states = {c: supply[c].state for c in ("ru-1c", "ru-6c", "ru-15c")}
    assert states == {"ru-15c": "in", "ru-1c": "in", "ru-6c": "out"}


def test_bukowina_supply_serves_three_a_h_units(game, module, tmp_path):
    """14.7: "Only three A-H units ... may receive Bukowina Supply during a specific Supply Phase", by a
    path of at most 10 hexes to the holding box's edge hexes. The map's railways are taken out of the
    game read back (every other source with them), so the box is the only source: of four A-H
    infantry units on a box hex (stacking aside), three are In Supply and the fourth Out."""
    import dataclasses

    from modgen.rules.ef1914_supply import trace

    box = game.map.entry_area("BK")
    four = sorted((u for u in game.units.values() if u.nationality == "ah" and u.type == "infantry"), key=lambda u: u.id)[:4]
    assert len(four) == 4
    pos = blank(game)
    for u in four:
        pos.unit(u.id, box.hexes[2])
    pos.set_turn(3, "cp", "Attack")
    state = read_state(Composer(game).write(pos, tmp_path / "b.vsav"), module=module)
    state.game = dataclasses.replace(state.game, map=dataclasses.replace(state.game.map, railroads=[]))
    states = sorted(trace(state)[u.id].state for u in four)
    assert states == ["in", "in", "in", "out"]


def test_the_picture_shades_the_hex_of_an_isolated_unit(game, module, tmp_path):
    """The plugin's overlay (plugin_api.Overlay) reaches the checker's picture: the hex of the
    Isolated 28/20 deep in Germany is shaded purple, a hex two away is not."""
    from modgen.check.picture import draw_picture, whole_map

    m = game.map
    home = home_countries(m)
    dist = distances(m, [h for h, s in home.items() if s == "russian"])
    hex_id = next(h for h in sorted(m.hex_ids()) if home.get(h) == "cp" and dist.get(h, 0) >= 9
                  and m.terrain.get(h) == "clear")
    _, report = supply_of(game, module, blank(game).unit(RU_DIV, hex_id), tmp_path)
    assert [ov.hexes for ov in report.saves[-1].overlays] == [(hex_id,)]
    img = draw_picture(report)
    _, at = whole_map(game)
    (ax, ay), (bx, by) = at(hex_id), at(m.neighbours(hex_id)[0])
    size = ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5  # centre to centre: the hex's size on the picture
    other = sorted(h for h, d in distances(m, [hex_id]).items() if d == 2)[0]

    def tint(h: str) -> tuple[int, int, int]:
        x, y = at(h)
        return img.getpixel((round(x - size * 0.25), round(y - size * 0.1)))

    r, g, b = tint(hex_id)
    assert g < r and g < b, (r, g, b)  # purple over the pale land colour
    r2, g2, b2 = tint(other)
    assert g2 >= r2 - 20, (r2, g2, b2)  # no shading


def test_every_depot_names_an_army_display_of_the_game(game):
    """14.3.2: a depot serves its own army; the `army-<display id>` tag must name one of the army
    displays, or the depot would silently serve no unit of any army."""
    displays = {d.id for d in game.displays}
    depots = [u for u in game.units.values() if u.has("depot")]
    assert depots
    for u in depots:
        armies = [t[len("army-"):] for t in u.tags if t.startswith("army-")]
        assert len(armies) == 1 and armies[0] in displays, (u.id, armies)
