"""Ostatnia Wojna Cesarzy: the capacity of rail line segments (18.3) where every route of a transport passes the
segment, on composed positions of the campaign (no engine: the engine-recorded log is tests/test_owc1914_logs.py's
"rail-limit"). Rulebook: Ostatnia Wojna Cesarzy (NOVINA, 1997), Polish text; English glosses in brackets.

- 18.3 "Po odcinku magistrali mogą być w danej fazie przerzucane dwie jednostki, po odcinku linii zwykłej jedna
  jednostka. Nie ma limitu jednostek przerzucanych przez miejscowości" (two units a phase along a segment of a main
  line, one along a segment of an ordinary line; no limit through towns).
- 18.3.1 "Na terytorium przeciwnika magistrale kolejowe są traktowane jak linie zwykłe" (in enemy territory main lines
  count as ordinary ones).
- 18.1 "Żadna z nich ani żaden heks na trasie przerzutu nie mogą być w kontakcie z przeciwnikiem" (no hex of the route
  in contact with the enemy): the routes a unit may have taken avoid the hexes next to enemy units and fortresses.
The log shows no route: a segment is counted only when no route between the two stations avoids it.
"""

from __future__ import annotations

from modgen.plugins import plugin_for
from modgen.rules import owc1914_rail as rail
from modgen.rules.owc1914_segments import capacity, known_links, route

from .test_owc1914_transport import _phase, _state

TITLE = "More units railed along a line segment than it takes"
MODLIN_WARSZAWA = frozenset(("2310", "2411"))
OPOLE = frozenset(("3003", "3103"))


def _segment_findings(ph):
    findings, _ = plugin_for("owc1914").log_phases([ph])
    return [(f.step, f.finding.rule, f.finding.title, f.finding.units, f.finding.hexes) for f in findings]


def test_an_ordinary_segment_takes_one(owc_game, owc_module, tmp_path) -> None:
    """Modlin (2310) - Warszawa (2411) is a link of an ordinary railway only (the map's railways), and no route from
    Modlin, nor from Mława (2010) up the line through Modlin, to the stations east of Warszawa avoids it (the lines north
    run into East Prussia; 18.1 keeps the routes off the German fortresses' contact). Two Russian corps railed Mława ->
    Siedlce (2414) and Modlin -> Łuków (2514), both further than 3 hexes: the second is one unit more than the segment
    takes, 18.3 at its step (2). The stations hold (Mława and Modlin load 1, Siedlce and Łuków unload 1) and 2
    transports are within 3 (18.4.1)."""
    ph = _phase(owc_game, owc_module, tmp_path, {"ru-1": "2010", "ru-2": "2310"}, [("ru-1", "2414"), ("ru-2", "2514")],
                (5, "russia", "Normal movement"))
    state = ph.start
    m = state.game.map
    assert {r.kind for r in m.railroads if any({x, y} == set(MODLIN_WARSZAWA) for x, y in zip(r.hexes, r.hexes[1:]))} == {
        "ordinary"}
    assert capacity(state, "russia", MODLIN_WARSZAWA) == 1
    links, near = rail.rail_links(state, "russia"), set(rail.contact(state, "russia", set()))
    for a, b in (("2010", "2414"), ("2310", "2514")):
        assert route(links, a, b, near) and not route(links, a, b, near, MODLIN_WARSZAWA)
        assert rail.hex_gap(state, a, b) > 3
    assert _segment_findings(ph) == [(2, "18.3", TITLE, ("ru-2",), ("2310", "2411"))]


def test_a_segment_with_a_detour_is_not_counted(owc_game, owc_module, tmp_path) -> None:
    """Warszawa - Siedlce - Łuków - Brześć is a main line (2 units a phase), but Warszawa -> Brześć (2417) may also go
    round by Białystok (2016): no link of the direct line is known to be used. Two corps railed Warszawa -> Brześć and
    one Modlin -> Łuków (its only known link Modlin - Warszawa, once): three units may have run Warszawa - Łuków, but
    the log cannot say so: nothing reported (the stations hold: Warszawa and Brześć, on main lines, load and unload 2,
    Modlin and Łuków 1; 3 transports, 18.4.1)."""
    ph = _phase(owc_game, owc_module, tmp_path, {"ru-1": "2411", "ru-2": "2411", "ru-3": "2310"},
                [("ru-1", "2417"), ("ru-2", "2417"), ("ru-3", "2514")], (5, "russia", "Normal movement"))
    state = ph.start
    links, near = rail.rail_links(state, "russia"), set(rail.contact(state, "russia", set()))
    assert "2016" in route(links, "2411", "2417", near, frozenset(("2411", "2412")))  # round by Białystok
    assert known_links(links, "2411", "2417", near) == []
    assert known_links(links, "2310", "2514", near) == [MODLIN_WARSZAWA]
    assert _segment_findings(ph) == []


def test_a_main_line_segment_takes_two(owc_game, owc_module, tmp_path) -> None:
    """On this map's railways the Allies reach Germany from Galicia by the main line Opole (3103) - Wrocław (2901) only:
    the other way, round through Russian Poland, passes Warszawa (next to the fortress of Modlin), the fortresses of
    Grodno and Kowno (18.1: in contact with the enemy). Three A-H corps railed Bochnia (3410) -> Poznań (2301), Nowy Sącz (3610) -> Leszno (2601) and Lwów
    (3518) -> Królewiec (1210): the third is one more than 3103/3003 takes, 18.3 at its step (3)."""
    placed = {"ah-2": "3410", "ah-3": "3610", "ah-4": "3518"}
    to = [("ah-2", "2301"), ("ah-3", "2601"), ("ah-4", "1210")]
    ph = _phase(owc_game, owc_module, tmp_path, placed, to, (5, "allies", "Normal movement"))
    state = ph.start
    links, near = rail.rail_links(state, "allies"), set(rail.contact(state, "allies", set()))
    detour = route(links, "3410", "2301", set(), OPOLE)
    assert {"2411", "1717", "1117"} <= set(detour) and set(detour) & near  # Warszawa by Modlin, Grodno, Kowno
    assert all(OPOLE in known_links(links, placed[u], h, near) for u, h in to)
    assert capacity(state, "allies", OPOLE) == 2
    assert _segment_findings(ph) == [(3, "18.3", TITLE, ("ah-4",), ("3003", "3103"))]


def test_main_lines_in_enemy_territory_take_one(owc_game, owc_module, tmp_path) -> None:
    """18.3.1: Warszawa - 2412 (a main line in Russia) takes 2 Russian units a phase and 1 Allied."""
    state = _state(owc_game, owc_module, tmp_path / "e.vsav", {}, (5, "allies", "Normal movement"))
    link = frozenset(("2411", "2412"))
    assert (capacity(state, "russia", link), capacity(state, "allies", link)) == (2, 1)
