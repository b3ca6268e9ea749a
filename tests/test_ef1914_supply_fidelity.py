"""The Eastern Front in WW1, supply as the rules' words give it (issue 23), on saves the real VASSAL
engine wrote: each position is written with the module's pieces, loaded in VASSAL and saved again by
it, and the checker reads VASSAL's save.

Rulebook: The Eastern Front in WW1: 1914, Twilight in the East, Rule Book, Living Rules (June 2014).
Every expectation below was reasoned from the quoted words before the checker ran.

1. When the markers are compared. 14.0: "The supply state of a player's units is determined once per
   GT during the friendly Supply Phase; once a unit is determined to be in Low Supply or Out of Supply,
   it remains so until its status is checked anew during the next friendly Supply Phase." Units move
   after the Supply Phase, so a marker states the position of that phase: compared in a save of the
   position right after it (the RR Engineering Phase, before anything moves), pending while the
   Supply Phase is played, information once units have moved (Movement Phase on).
2. A corps is its nationality's. 14.3.1: "A Corps Train unit may be a supply source for all the
   formations in its corps (those with the same formation identifier)"; 3.8: every Corps Train and
   formation has "a corresponding Attachment marker bearing the same unique identifier": the German
   and the A-H XVII Corps are two corps, so a German train never supplies an A-H division of "17".
3. Bridges. 2.2: "Bridges exist wherever a roadway or RR line crosses a river hexside"; 14.1: a
   supply line may "Not be traced over a Grand or Major river hexside except where a bridge, pontoon
   bridge, or ferry crossing is located."
4. A scenario's set-up is legal: every unit of every scenario's set-up traces In Supply (14.4), so a
   set-up with no supply markers breaks nothing at any phase of GT 1.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from modgen.check.reader import read_state
from modgen.check.run import check_states
from modgen.plugins import plugin_for
from modgen.regions import hex_distances
from modgen.rules import ef1914_lines
from modgen.vmod.compose import Composer, Position, from_scenario
from tests.engine_saves import engine_positions
from tests.test_rules_ef1914_supply import blank, place

RU_DIV, RU_DIV2 = "ru-28-20", "ru-29-20"  # 28/20 and 29/20, Russian infantry divisions of XX Corps
AH_17, DE_17 = "ah-19-17", "de-35-17"  # 19/17 of the A-H XVII Corps, 35/17 of the German XVII Corps
AH_TRAIN_17, DE_TRAIN_17 = "ah-ct-17", "de-ct-17"
AH_DEPOT = "ah-dep-jar"  # the A-H First Army's Jaroslau depot (tag army-ah-1)
SCENARIOS = ("tannenberg", "galicia", "campaign")
MARKER_MOMENTS = {  # name -> (GT, player turn, phase) of a save showing 28/20 marked Out of Supply while In Supply
    "marker-supply": (3, "russian", "Supply"),
    "marker-rr-engineering": (3, "russian", "RR Engineering"),
    "marker-movement": (3, "russian", "Movement"),
    "marker-attack": (3, "russian", "Attack"),
    "marker-cp-rr-engineering": (3, "cp", "RR Engineering"),
}
UNBRIDGED = ("76.45", "77.45")  # a Russian hex and the RR hex across a Grand River hexside from it (see below)


def _in_supply_marked_out(game) -> Position:
    """28/20 two hexes from a Russian RR line on open ground (14.2.3: In Supply within three hexes),
    bearing an Out of Supply marker."""
    hex_id, _ = place(game, "russian", 2)
    return blank(game).unit(RU_DIV, hex_id).marker("out-of-supply", hex_id, under=RU_DIV)


def _train_and_division(game, train: str, division: str) -> Position:
    """A Central Powers division seven hexes from the nearest RR line, on open ground, and a Corps
    Train on its Extended side on that RR hex (9 hexes of range, 14.2.2 (2): In Supply on a RR
    line joined to a friendly map edge). No depot, no fortress: the train is the only source
    within reach (a RR line 7 hexes away supplies nothing, 14.2.3)."""
    hex_id, rail = place(game, "cp", 7)
    return blank(game).unit(division, hex_id).unit(train, rail, reduced=True)


def _depot_and_division(game, division: str) -> Position:
    """A Central Powers division five hexes from the nearest RR line, a station (14.2.3: Low Supply from
    the line), and the A-H First Army's Jaroslau depot on that station (14.2.1: In Supply, a LOC along
    the line to a friendly edge; range 7 on open ground). No Attachment marker is on the displays."""
    hex_id, station = place(game, "cp", 5, station=True)
    return blank(game).unit(division, hex_id).unit(AH_DEPOT, station)


def _unbridged(game) -> Position:
    """28/20 across the river from the RR hex, 29/20 on it (the RR hex is a source: 0 hexes, In)."""
    return blank(game).unit(RU_DIV, UNBRIDGED[0]).unit(RU_DIV2, UNBRIDGED[1])


def _positions(game) -> dict[str, Position]:
    out: dict[str, Position] = {}
    for name, moment in MARKER_MOMENTS.items():
        out[name] = _in_supply_marked_out(game).set_turn(*moment).set_scenario("tannenberg")
    for name, (train, division) in {"ah-div-de-train": (DE_TRAIN_17, AH_17), "ah-div-ah-train": (AH_TRAIN_17, AH_17),
                                    "de-div-ah-train": (AH_TRAIN_17, DE_17)}.items():
        out[name] = _train_and_division(game, train, division).set_turn(3, "cp", "RR Engineering").set_scenario("galicia")
    for name, division in {"de-div-ah-depot": DE_17, "ah-div-ah-depot": AH_17}.items():
        out[name] = _depot_and_division(game, division).set_turn(3, "cp", "RR Engineering").set_scenario("galicia")
    out["unbridged"] = _unbridged(game).set_turn(3, "russian", "RR Engineering").set_scenario("tannenberg")
    for sc in SCENARIOS:
        out[f"setup-{sc}"] = from_scenario(game, game.scenarios[sc]).set_turn(1, "russian", "RR Engineering")
    return out


@pytest.fixture(scope="module")
def saves(ef_game, ef_module, tmp_path_factory) -> dict[str, Path]:
    """Every position of this file, written and saved again by the engine in one run."""
    folder = tmp_path_factory.mktemp("ef_supply_fidelity")
    return engine_positions(Composer(ef_game), ef_module, folder, _positions(ef_game))


@pytest.fixture(scope="module")
def checked(saves, ef_module):
    """name -> (state, supply by unit, report) of the engine's save."""
    out = {}
    rules = plugin_for("ef1914")
    for name, path in saves.items():
        state = read_state(path, module=ef_module)
        out[name] = (state, rules.supply(state), check_states([state]))
    return out


def marker_findings(report, status: str) -> list:
    return [f for f in report.findings + report.notes if f.rule == "14.4" and f.status == status]


# ----------------------------------------------------------------- 1. when the markers are compared (14.0)
def test_marker_pending_while_the_supply_phase_is_played(checked):
    """In the Russian Supply Phase the markers are being set: the disagreement is pending, not an error."""
    _, supply, report = checked["marker-supply"]
    assert supply[RU_DIV].state == "in"
    assert marker_findings(report, "error") == []
    assert [f.units for f in marker_findings(report, "pending")] == [(RU_DIV,)]


def test_marker_an_error_right_after_the_supply_phase(checked):
    """The RR Engineering Phase follows the Supply Phase and no unit moves in it: the position is the
    Supply Phase's, and 28/20 (In Supply) bearing an Out of Supply marker is an error."""
    _, supply, report = checked["marker-rr-engineering"]
    assert supply[RU_DIV].state == "in"
    assert [f.units for f in marker_findings(report, "error")] == [(RU_DIV,)]


@pytest.mark.parametrize("name", ["marker-movement", "marker-attack", "marker-cp-rr-engineering"])
def test_marker_information_once_units_have_moved(checked, name):
    """From the Movement Phase on (and in the other side's player turn) units have moved since the
    Supply Phase that fixed the state, which "remains so until its status is checked anew during the
    next friendly Supply Phase": the disagreement is information, never an error or pending."""
    _, _, report = checked[name]
    assert marker_findings(report, "error") == [] and marker_findings(report, "pending") == []
    assert [f.units for f in marker_findings(report, "info")] == [(RU_DIV,)]


# ----------------------------------------------------------------- 2. a corps is its nationality's (14.3.1)
def test_a_german_train_does_not_supply_an_a_h_division_of_the_same_corps_number(checked):
    """The German XVII Corps train (Extended, 9 hexes) 7 hexes from the A-H 19/17: not its corps, and
    no other source within reach: Out of Supply."""
    _, supply, _ = checked["ah-div-de-train"]
    assert supply[DE_TRAIN_17].state == "in"
    assert supply[AH_17].state == "out", supply[AH_17]


def test_an_a_h_train_does_not_supply_a_german_division_of_the_same_corps_number(checked):
    _, supply, _ = checked["de-div-ah-train"]
    assert supply[AH_TRAIN_17].state == "in"
    assert supply[DE_17].state == "out", supply[DE_17]


def test_the_own_corps_train_supplies(checked):
    """14.4 (4): "Place a Low Supply marker on all combat and artillery units that trace supply from a
    Corps Train unit on its extended mode side": the A-H XVII train, Extended, supplies 19/17: Low."""
    _, supply, _ = checked["ah-div-ah-train"]
    assert supply[AH_17].state == "low" and AH_TRAIN_17 in (supply[AH_17].source or "")


def test_an_a_h_army_depot_does_not_supply_a_german_division(checked):
    """14.3.2: a depot supplies "units ... attached to the depot's army". A German division is never
    attached to the A-H First Army by default (no display shows it there): the Jaroslau depot five hexes
    away does not supply it, and the RR line five hexes away gives Low Supply (14.2.3)."""
    _, supply, _ = checked["de-div-ah-depot"]
    assert supply[AH_DEPOT].state == "in"
    assert supply[DE_17].state == "low" and AH_DEPOT not in (supply[DE_17].source or ""), supply[DE_17]


def test_an_a_h_depot_supplies_an_a_h_division_whose_army_the_save_does_not_show(checked):
    """The same place with the A-H 19/17: its army is not on the displays of this save; DECISION
    (modgen.rules.ef1914_supply.serves): a depot of its own nationality may supply it: In Supply."""
    _, supply, _ = checked["ah-div-ah-depot"]
    assert supply[AH_17].state == "in" and AH_DEPOT in (supply[AH_17].source or ""), supply[AH_17]


# ----------------------------------------------------------------- 3. bridges (2.2, 14.1)
def test_the_ostroleka_road_bridge_carries_the_vi_corps_supply(checked):
    """The Tannenberg set-up: the Russian VI Corps train in 51.38, its Ostroleka depot in 51.40 across
    the Narew (a Major River). The road north from Ostroleka crosses the river there: a bridge (2.2), so
    the supply line crosses it (14.1): two hexes, within the depot's range: In Supply from the depot."""
    state, supply, _ = checked["setup-tannenberg"]
    m = state.game.map
    assert "major_river" in m.side_features("51.40", "51.39")
    assert frozenset(("51.40", "51.39")) in m.road_links()
    s = supply["ru-ct-6"]
    assert s.state == "in" and "ru-dep-ost" in (s.source or ""), s
    assert set(s.path[-2:]) == {"51.39", "51.40"}  # the line crosses on the bridge


def test_a_grand_river_without_a_crossing_blocks_supply(checked):
    """28/20 in 76.45, one hex from a Russian RR hex (77.45) across a Grand River hexside. Within 5
    hexes of 76.45 no river hexside is crossed by a road, RR line, bridge or ferry, and no RR hex lies
    within 6 hexes on its own side: every supply line of at most 6 hexes (14.2.3) would cross the
    river where 14.1 forbids it: Out of Supply, though the RR hex is adjacent."""
    state, supply, _ = checked["unbridged"]
    m = state.game.map
    here, rail = UNBRIDGED
    assert rail in m.rail_hexes() and "grand_river" in m.side_features(here, rail)
    assert _no_crossing_near(m, here)
    assert supply[RU_DIV2].state == "in"  # on the RR hex: the line is a source, joined to a Russian edge
    assert supply[RU_DIV].state == "out", supply[RU_DIV]


def _no_crossing_near(m, start: str) -> bool:
    """From `start`, walking without crossing a river that blocks supply: no RR hex within 6 hexes,
    and no crossing (road, RR, bridge, ferry) of such a river from a hex within 5."""
    roads, rails = m.road_links(), m.rail_links()

    def wall(a: str, b: str) -> bool:
        return any(t.blocks_supply for t in m.side_types(a, b))

    seen, frontier = {start}, [start]
    for _ in range(6):
        nxt = []
        for a in frontier:
            for b in m.neighbours(a):
                side = frozenset((a, b))
                if wall(a, b):
                    if side in roads or side in rails or m.crossing(a, b):
                        return False
                    continue
                if b not in seen:
                    if b in m.rail_hexes():
                        return False
                    seen.add(b)
                    nxt.append(b)
        frontier = nxt
    return True


def test_the_trace_reads_a_road_crossing_as_a_bridge_without_bridge_data():
    """2.2 is the trace's own reading: with every bridge feature taken out of the map data, the road
    crossing of the Narew at Ostroleka is still a supply step, and a river hexside with no road or
    RR link is not (unit test of the map tables, no save)."""
    from modgen.loader import load_game

    m = load_game(Path(__file__).resolve().parents[1], "ef1914").map
    bare = dataclasses.replace(m, hexside_features=[f for f in m.hexside_features if f.type != "bridge"],
                               hexsides={})
    assert not bare.crossing("51.40", "51.39")
    steps = ef1914_lines.steps_of(bare)
    assert "51.39" in {s.to for s in steps["51.40"]}
    assert "52.40" not in {s.to for s in steps["51.40"]}  # the Narew, no road or RR across it there
    assert "major_river" in bare.side_features("51.40", "52.40")


def test_every_road_and_rail_crossing_of_a_river_is_a_bridge_in_the_data(ef_game):
    """2.2 in the map data too (movement reads the bridges): every road or RR link across a river hexside
    lies on a bridge."""
    m = ef_game.map
    links = m.road_links() | m.rail_links()
    missing = [tuple(sorted(k)) for k, types in m.hexsides.items()
               if k in links and any(t.endswith("_river") for t in types) and "bridge" not in types]
    assert missing == []


# ----------------------------------------------------------------- 4. the set-ups are legal
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_set_up_unit_traces_in_supply(checked, scenario):
    """A scenario's set-up is legal by definition: at GT 1, after the Russian Supply Phase, every
    unit on the map traces In Supply, so no supply marker (the set-up places none) disagrees."""
    _, supply, report = checked[f"setup-{scenario}"]
    short = {u: (s.state, s.source) for u, s in supply.items() if s.state != "in"}
    assert short == {}
    assert report.findings == [] and [f for f in report.notes if f.status == "pending"] == []


def test_the_a_h_x_corps_train_draws_on_the_jaroslau_depot(checked):
    """The Galicia set-up: the A-H X Corps train (43.78) is five hexes from the Jaroslau depot (42.83),
    both on the San's right bank (17.4 speaks of "The RR Bridge at Jaroslau": the line from the west
    crosses the San there): In Supply from the depot of its army."""
    _, supply, _ = checked["setup-galicia"]
    s = supply["ah-ct-10"]
    assert s.state == "in" and "ah-dep-jar" in (s.source or ""), s


def test_unbridged_spot_is_where_the_tests_think(ef_game):
    """The negative case's precondition, without a save: the map has not moved under it."""
    m = ef_game.map
    assert hex_distances([UNBRIDGED[0]], m.neighbours, 1).get(UNBRIDGED[1]) == 1
