"""Ostatnia Wojna Cesarzy turn logs recorded by the real VASSAL engine (``run_engine(actions=...)``) from the
predefined set-up of scenario C (Ofensywa Hindenburga, stage 8, Allied Supply phase), checked step by step.
Rulebook: Ostatnia Wojna Cesarzy (NOVINA, 1997), Polish text; English glosses in brackets.

The rules' words the expectations rest on:
- 5.1.1 "jednostki piechoty ... 3PM, jednostki kawalerii ... 4PM" (infantry 3 MP, cavalry 4 MP).
- 5.1.2 "Wchodząc na pole zawierające teren czysty - 1 PM; ... teren trudny (lasy, pojezierza, pogórza) - 1 PM;
  ... teren bardzo trudny (błota, puszcze, góry) - 2 PM; Przechodząc przez dużą rzekę, dodatkowo - 1 PM;
  Przechodząc przez grzbiet górski, dodatkowo - 1 PM" (clear 1, difficult 1, very difficult 2, a large river or a
  mountain ridge +1). 5.1.3 "Przejście przez małą rzekę ... nie powoduje wydawania dodatkowych PM" (a small river
  costs nothing). 5.1.5: other lines (borders, fronts) cost nothing.
- 5.1.6 "Jednostka nie może wejść na kolejne pole, jeżeli koszt tego wejścia jest wyższy niż ilość pozostałych jej
  jeszcze PM" (a unit may not enter a hex costing more than its MP left): no minimum move.
- 5.1.4 "nie mogą ... wchodzić na pola zajęte przez jednostki przeciwnika" (never enter hexes held by the enemy).
- 6 "LINIA KONTROLI to odcinek łączący heksy przyległe do pola zajmowanego przez jednostkę" (a line of control
  joins the hexes next to the unit's hex). 6.2.1 "Przejście przez linię kontroli przeciwnika kosztuje dodatkowo
  1PM, jeśli jednostka wchodzi na teren czysty, trudny lub przechodzi przez małą rzekę" (+1 MP entering clear or
  difficult terrain or across a small river). 6.2.2 "Przejście przez linię kontroli przeciwnika związane z
  przekroczeniem dużej rzeki, grzbietu górskiego lub wejściem na teren bardzo trudny jest niedozwolone" (with a
  large river, a mountain ridge or into very difficult terrain: prohibited).

Map and set-up facts (maps/owc1914, counters/owc1914/scenarios/c_hindenburg.yaml; test_map_facts checks them):
Russian IX Corps (ru-9, lines of control) holds 3412, XI (ru-11) 3613, XXIV (ru-24) 3816; 3411 and 3311 (clear)
and 3511 (foothills) are next to 3412, so 3411/3311 and 3411/3511 are lines of IX; 3915 and 3916 (mountains) are
next to 3816, their hexside a mountain ridge (and a small river); 4317, 4318, 4319 are mountains; 2805, 2806 clear.

Log "legal" (steps 1-6 press Next to the Allied Normal movement phase, past the reserve movement phases):
  7 A-H X Corps (ah-10) 3410 -> 3411 -> 3311: small river +0, 3411 clear 1, 3311 clear 1 + IX's line +1 = 3 = 3 MP.
  8 A-H II Corps (ah-2) 3411 -> 3511: foothills 1 + IX's line +1 = 2.
  9 German XVII Corps (de-17) 2804 -> 2805 -> 2806: clear 1 + clear 1, rivers and border +0 = 2.
  Nothing to report.
Log "broken" (the same phase, continued; step 5 presses Next):
  1 A-H XII Corps (ah-12) 4317 -> 4319: two mountain hexes, 2 + 2 = 4 > 3 MP: 5.1.6.
  2 A-H XIV Corps (ah-14) 3610 -> 3311: by 3510 and 3411, 1 + 1 + 1 = 3 MP of terrain, but 3411/3311 is IX's line:
    +1 = 4 > 3, and no path avoids a line within 3 MP: too long only because of 6.2.1's +1, so 6.2.1 (as a
    move too long only through an enemy ZOC's cost cites the ZOC rule in the other games).
  3 A-H VII Corps (ah-7) 3915 -> 3916: mountains 2 + ridge 1 = 3 MP, within its 3 MP, but the hexside is XXIV's
    line with a mountain ridge, into very difficult terrain: 6.2.2; the way round (by 4016) costs 5.
  4 A-H IX Corps (ah-9) 3612 -> 3613, held by the Russian XI Corps: 5.1.4.

Log "reserves" (the set-up afresh; steps 1-10 press Next through the Allied player-turn to the Russian "Own reserves
after Supply", a reserve movement phase: game.yaml turns.phases, 4.2.4's slots). The rules' words:
- 4.1 "Jednostka uważana jest za ODWÓD, jeśli nie przylega do żadnych jednostek, twierdz ani przyczółków mostowych
  przeciwnika" (a reserve is next to no enemy unit, fortress or bridgehead); 5 "W fazie ruchu odwodów można przesuwać
  tylko te jednostki, które na jej początku były odwodami" (in the reserve movement phase only the units that were
  reserves at its start may move).
- 18 "Jednostki, które w fazie ruchu lub ruchu odwodów nie wykonują normalnego ruchu, mogą być przerzucane za pomocą
  kolei" (units making no normal move in a movement or reserve movement phase may be railed); 18.1 between two towns
  linked by rail, none of them nor any hex of the route in contact with the enemy; 18.4 one transport within one
  front; 18.4.1 "Gracz rosyjski może wykorzystać w każdej fazie ruchu (zarówno zwykłej, jak i ruchu odwodów) 3
  transporty, lub może wykorzystać w danej fazie 6 transportów, ale nie może wtedy wykonywać przerzutów kolejowych w
  najbliższej fazie ruchu" (the Russians use 3 transports in each movement phase, normal or reserve, or 6, but then
  no rail transports in the next movement phase).
  11-14 four Russian rail transports, each between two stations on the Polish front (one transport each), no hex of
        the route next to an Allied unit: II Corps (ru-2) Warszawa 2411 -> Brześć 2417 and XXIII (ru-23) Warszawa ->
        Białystok 2016 (main lines), LXXII (ru-72) Modlin 2310 -> Warszawa -> Łuków 2514, LXXXI (ru-81) Dęblin 2713 ->
        Radom -> Kielce 3010 (ordinary lines). 18.3's capacity holds: Warszawa (a main line) loads 2, Modlin and Dęblin
        1 each; Warszawa-Łuków carries 2 on a main line, Dęblin-Kielce 1 on an ordinary one; Brześć, Białystok and
        Łuków unload 1 each, Kielce 1. Each is further than 3 hexes (no march of 3 MP explains it): legal, 4
        transports, more than 3 and within 6 (18.4.1).
  15    XIV Corps (ru-14) 3114 -> 3014 (clear, next to no Allied unit: a reserve): a march of 1 MP, legal.
  16    X Corps (ru-10) 3512 -> 3511: 3512 is next to the A-H IX Corps in 3612, no reserve: 4.1, at this step.
  17-21 Next to the Russian Normal movement phase (the reserve phases of the other slots unused).
  22    Novikov's cavalry (ru-kkn) Kielce 3010 -> Warszawa 2411 by rail (one transport, 9 hexes of ordinary line
        through Radom and Dęblin, clear of the enemy): the next movement phase after one of 4 transports: 18.4.1, at
        this step. Noted, not reported: whether the Russians' movement phase before the log used more than 3 (18.4.1,
        at the first transport, step 11).

Log "hiding" (the set-up afresh; steps 1-6 Next to the Allied Normal movement phase). 16: "Nie rozbite jednostki obu
graczy, które na końcu fazy ruchów zwykłych nie są w kontakcie z przeciwnikiem (jednostką, twierdzą lub przyczółkiem
mostowym), mogą być odwrócone awersem do spodu" (unbroken units not in contact with the enemy at the end of the Normal
movement phase may be turned face down); 3: "na koniec - utajnianie (16)" (at the phase's end: hiding).
  7  German XVII Corps (de-17) 2804 -> 2805 (clear, 1 MP).
  8  XVII Corps hidden in 2805: no Russian unit, fortress or bridgehead next to it: legal.
  9  A-H II Corps (ah-2) hidden in Tarnów 3411, next to the Russian IX Corps in 3412: 16, at this step.
  10 Next (the phase ends with both face down).

Log "rail-limit" (the set-up afresh; steps 1-6 Next to the Allied Normal movement phase). 18.4.2 "Sprzymierzeni mogą
wykorzystać w każdej fazie ruchu (zarówno zwykłej, jak i ruchu odwodów) 5 transportów, lub mogą wykorzystać w danej
fazie 10 transportów" (the Allies use 5 transports a movement phase, or 10); 18.4 one transport within a front, one
more for each further front on which the route covers more than one hex. Six A-H units railed from Galician stations
clear of the Russians to German stations of the Polish front, 2 transports each: the first four cover more than one
hex on the Galician front (to Kraków, then 3408) and on the Polish front (Sosnowiec on); from Kraków itself the
Galician front is one hex (Kraków - 3408, as in 18.4's Poznań - Kraków example), but on this map's railways Bydgoszcz
and Piła are reached only through the East Prussian front (Toruń - Grudziądz - Tczew - ...): Polish and East
Prussian, 2.
  7  X Corps (ah-10) Bochnia 3410 -> Poznań 2301: 2.        8  XIV (ah-14) Nowy Sącz 3610 -> Leszno 2601: 4.
  9  XI (ah-11) Humenne 3913 -> Gniezno 2203: 6.             10 IV (ah-4) Munkacz 4216 -> Inowrocław 2104: 8.
  11 V (ah-5) Kraków 3409 -> Bydgoszcz 2004: 10, the most.
  12 Kummer's corps (ah-kummer) Kraków -> Piła 1901: 12, beyond 10: 18.4.2, at this step.
  Stations (18.3): Kraków loads 2 (a main line), each other station loads or unloads 1. Segments (18.3 "Po odcinku
  magistrali mogą być w danej fazie przerzucane dwie jednostki, po odcinku linii zwykłej jedna jednostka", two units a
  phase along a main line's segment, one along an ordinary line's), counted where every route clear of the enemy
  (18.1) passes the segment: on this map's railways the Allies reach Germany from Galicia by the main line Opole
  (3103) - Wrocław only (the way round through Russian Poland passes Russian fortresses: tests/test_owc1914_segments),
  so the third to the sixth transports break 18.3 there, at steps 9, 11 and 12; from Humenne and Munkacz, with the
  Russians next to Przemyśl (XIX Corps in 3514) and to 3413 (IX Corps), the routes run through Hungary along the
  ordinary line from Ujhely (4213) by 4212 to Miszkolc: IV Corps is its second unit, so step 10 names that segment
  first. Noted, not reported: the movement phase before the log (18.4.2), at the first transport.
"""

from __future__ import annotations

from dataclasses import replace

from pathlib import Path

import pytest

from modgen.check.logcheck import check_log
from modgen.check.reader import read_state
from modgen.check.paths import MoveCosts, cheapest_path, judge_move
from modgen.engine import run_engine
from modgen.plugin_api import MoveLimits, PhaseLog, UnitMove
from modgen.plugins import plugin_for
from modgen.rules.owc1914_log import combat, enemy_lines
from modgen.vmod.compose import Composer, Position
from modgen.vmod.piecedefs import MASK_KEY

from .conftest import loaded, require_engine
from .test_log_check import NEXT, _move, _setup_named

SCENARIO = "c_hindenburg"


def to_phase(g, phase: str, side: str = "allies") -> list:
    """Next from the set-up (the Allied Supply phase) to `phase` of `side`'s player-turn (game.yaml turns.phases)."""
    phases = list(g.turns.phases)
    return [NEXT] * (len(phases) * list(g.turns.player_turns).index(side) + phases.index(phase))


def legal(g) -> list:
    return [*to_phase(g, "Normal movement"), _move(g, "ah-10", "3311"), _move(g, "ah-2", "3511"), _move(g, "de-17", "2806")]


def hiding(g) -> list:
    """The log "hiding" (its steps: see the module's text)."""
    return [*to_phase(g, "Normal movement"), _move(g, "de-17", "2805"), _mask(g, "de-17"), _mask(g, "ah-2"), NEXT]


RAIL_LIMIT = [("ah-10", "2301"), ("ah-14", "2601"), ("ah-11", "2203"), ("ah-4", "2104"), ("ah-5", "2004"),
              ("ah-kummer", "1901")]


def rail_limit(g) -> list:
    """The log "rail-limit" (its steps: see the module's text)."""
    return [*to_phase(g, "Normal movement"), *[_move(g, u, h) for u, h in RAIL_LIMIT]]


def _mask(g, unit: str) -> dict:
    return {"op": "key", "piece": g.gpid("unit", unit), "key": MASK_KEY}  # the owner's Hide (16)


def reserves(g) -> list:
    """The log "reserves" (its steps: see the module's text)."""
    return [*to_phase(g, "Own reserves after Supply", "russia"),
            _move(g, "ru-2", "2417"), _move(g, "ru-23", "2016"), _move(g, "ru-72", "2514"), _move(g, "ru-81", "3010"),
            _move(g, "ru-14", "3014"), _move(g, "ru-10", "3511"),
            *[NEXT] * (g.turns.phases.index("Normal movement") - g.turns.phases.index("Own reserves after Supply")),
            _move(g, "ru-kkn", "2411")]


def broken(g) -> list:
    return [_move(g, "ah-12", "4319"), _move(g, "ah-14", "3311"), _move(g, "ah-7", "3916"), _move(g, "ah-9", "3613"), NEXT]


@pytest.fixture(scope="module")
def recorded(owc_module: Path, tmp_path_factory) -> dict[str, Path]:
    """Every log in one engine start: "legal" from the set-up, then "broken" in the same Normal movement phase, then
    "reserves", "hiding" and "rail-limit", each from the set-up afresh."""
    require_engine()
    g = loaded("owc1914")
    tmp = tmp_path_factory.mktemp("owc-logs")
    out = {k: tmp / f"{k}.vlog" for k in ("legal", "broken", "reserves", "hiding", "rail-limit")}
    setup = _setup_named(owc_module, g.scenarios[SCENARIO].name)
    actions = [{"op": "begin-log", "file": str(out["legal"])}, *legal(g), {"op": "end-log"},
               {"op": "begin-log", "file": str(out["broken"])}, *broken(g), {"op": "end-log"},
               {"op": "new-game", "setup": setup},  # "reserves" from the set-up afresh (tests/engine_logs.py)
               {"op": "begin-log", "file": str(out["reserves"])}, *reserves(g), {"op": "end-log"},
               {"op": "new-game", "setup": setup},
               {"op": "begin-log", "file": str(out["hiding"])}, *hiding(g), {"op": "end-log"},
               {"op": "new-game", "setup": setup},
               {"op": "begin-log", "file": str(out["rail-limit"])}, *rail_limit(g), {"op": "end-log"}]
    res = run_engine(owc_module, setup=setup, images=False, actions=actions, timeout=240)
    assert res.ok, res.describe()
    games = [r for r in res.of_kind("action") if r.get("op") == "new-game"]
    assert len(games) == 3 and all(r["game_started"] for r in games), games
    assert all(p.is_file() for p in out.values())
    return out


def _lines(report) -> str:
    return "\n".join(f"step {f.step}: {f.finding.rule} {f.finding.title} {f.finding.units}: {f.finding.message}"
                     for f in report.findings + report.notes)


def test_map_facts() -> None:
    """The terrain, hexsides and set-up the docstring's expectations rest on (no engine)."""
    g = loaded("owc1914")
    m = g.map
    setup = {p.unit: p.hex for p in g.scenarios[SCENARIO].setup}
    assert (setup["ru-9"], setup["ru-11"], setup["ru-24"]) == ("3412", "3613", "3816")
    assert [m.terrain[h] for h in ("3311", "3411", "3511", "2805", "2806")] == ["clear", "clear", "foothills", "clear", "clear"]
    assert {m.terrain[h] for h in ("3915", "3916", "4317", "4318", "4319")} == {"mountains"}
    assert "mountain_ridge" in m.side_features("3915", "3916")
    for a, b in (("3411", "3311"), ("3411", "3511")):
        assert a in m.neighbours("3412") and b in m.neighbours("3412") and b in m.neighbours(a)
    assert "3915" in m.neighbours("3816") and "3916" in m.neighbours("3816")


def test_legal_turn_checks_clean(recorded, owc_module) -> None:
    report = check_log(recorded["legal"], owc_module)
    assert not report.findings, _lines(report)
    moved = {mv.unit for ph in report.phases for mv in ph.moves}
    assert moved == {"ah-10", "ah-2", "de-17"}
    assert not [n for n in report.notes if n.finding.title == "Moves not checkable"], _lines(report)


def test_each_broken_move_at_its_step_with_its_rule(recorded, owc_module) -> None:
    report = check_log(recorded["broken"], owc_module)
    got = [(f.step, f.finding.rule, f.finding.title, f.finding.units) for f in report.findings]
    assert got == [
        (1, "5.1.6", "Move longer than the movement allowance", ("ah-12",)),
        (2, "6.2.1", "Move too long with the cost of crossing enemy lines of control", ("ah-14",)),
        (3, "6.2.2", "Move across a closed hexside", ("ah-7",)),
        (4, "5.1.4", "Move into a prohibited hex", ("ah-9",)),
    ], _lines(report)
    by_unit = {f.finding.units[0]: f for f in report.findings}
    assert by_unit["ah-12"].path_cost == 4
    assert by_unit["ah-14"].path_cost == 4 and by_unit["ah-14"].path[-2:] == ("3411", "3311")
    assert "mountain ridge" in by_unit["ah-7"].finding.message and "XXIV in 3816" in by_unit["ah-7"].finding.message
    assert "3613 is occupied by an enemy unit" in by_unit["ah-9"].finding.message


def test_reserve_phase_and_rail_transports_each_at_its_step(recorded, owc_module) -> None:
    report = check_log(recorded["reserves"], owc_module)
    got = [(f.step, f.finding.rule, f.finding.title, f.finding.units) for f in report.findings]
    assert got == [
        (16, "4.1", "Move by a unit that may not move", ("ru-10",)),
        (22, "18.4.1", "Rail transport in the phase after a double allotment", ("ru-kkn",)),
    ], _lines(report)
    phases = {p.phase: p for p in report.phases if p.side == "russia"}
    assert {mv.unit for mv in phases["Own reserves after Supply"].moves} == {"ru-2", "ru-23", "ru-72", "ru-81", "ru-14", "ru-10"}
    assert "next to the enemy unit in 3612" in report.findings[0].finding.message
    notes = [(n.step, n.finding.rule, n.finding.title) for n in report.notes]
    assert notes == [(11, "18.4.1", "Rail transport not checkable")], _lines(report)


def test_hiding_in_contact_at_its_step(recorded, owc_module) -> None:
    report = check_log(recorded["hiding"], owc_module)
    got = [(f.step, f.finding.rule, f.finding.title, f.finding.units) for f in report.findings]
    assert got == [(9, "16", "Hidden in contact with the enemy", ("ah-2",))], _lines(report)
    assert "the enemy unit in 3412" in report.findings[0].finding.message
    end = next(p for p in report.phases if p.phase == "Normal movement").end
    assert {u.id for u in end.units_on_map() if u.masked} >= {"de-17", "ah-2"}  # the engine hid both


def test_rail_transport_beyond_the_phase_limit_at_its_step(recorded, owc_module) -> None:
    report = check_log(recorded["rail-limit"], owc_module)
    got = [(f.step, f.finding.rule, f.finding.title, f.finding.units) for f in report.findings]
    segment = "More units railed along a line segment than it takes"
    assert got == [(9, "18.3", segment, ("ah-11",)), (10, "18.3", segment, ("ah-4",)), (11, "18.3", segment, ("ah-5",)),
                   (12, "18.3", segment, ("ah-kummer",)),
                   (12, "18.4.2", "Rail transports beyond the phase's limit", ("ah-kummer",))], _lines(report)
    assert [f.finding.hexes for f in report.findings[:4]] == [("3003", "3103"), ("4212", "4213"), ("3003", "3103"),
                                                             ("3003", "3103")]
    assert "12 transports this phase, more than 10" in report.findings[-1].finding.message
    assert [(n.step, n.finding.rule, n.finding.title) for n in report.notes] == [
        (7, "18.4.2", "Rail transport not checkable")], _lines(report)
    ph = next(p for p in report.phases if p.phase == "Normal movement")
    assert {mv.unit for mv in ph.moves} == {u for u, _ in RAIL_LIMIT}


def test_the_line_alone_makes_ah14_too_long(recorded, owc_module) -> None:
    """The same search without the lines' +1 (6.2.1) finds 3 MP: the move breaks 5.1.6 only through 6.2.1."""
    report = check_log(recorded["broken"], owc_module)
    ph = next(p for p in report.phases if p.phase == "Normal movement")
    u = next(x for x in ph.start.units if x.id == "ah-14")
    plugin_limits = plugin_for("owc1914").move_limits(ph.start, u)
    assert frozenset(("3411", "3311")) in enemy_lines(ph.start, u)
    free = MoveLimits(plugin_limits.allowance, closed=plugin_limits.closed, closed_sides=plugin_limits.closed_sides)
    path = cheapest_path(MoveCosts(ph.start.game.map, u.unit), ph.start.game.movement, free, "3610", "3311")
    assert path is not None and path.cost == 3 == plugin_limits.allowance


def _limits_on(game, module: Path, tmp_path: Path, mover: str, placed: dict[str, str], moment=(5, "russia", "Normal movement"),
               hidden: dict[str, str] | None = None):
    """A composed position (no engine): the plugin's move limits for `mover` in it."""
    pos = Position(game, scenario="campaign")
    for s in game.sides:
        pos.set_vp(s.id, 0)
    for uid, h in placed.items():
        pos.unit(uid, h)
    for uid, h in (hidden or {}).items():
        pos.unit(uid, h, masked=True)
    pos.set_turn(*moment)
    state = read_state(Composer(game).write(pos, tmp_path / "s.vsav"), module=module)
    u = next(x for x in state.units_on_map() if x.id == mover)
    return state, u, plugin_for("owc1914").move_limits(state, u)


def test_6_2_3_example_novikov_and_deblin(owc_game, owc_module, tmp_path) -> None:
    """6.2.3's example: "Korpus Kawalerii Nowikowa wchodząc na heks 2814 oraz do Dębina nie ponosi dodatkowych
    kosztów, gdyż heksy 2913 i 2814 są oddzielone od austriackiego V Korpusu Wisłą, natomiast Dębin jest rosyjską
    twierdzą ... Heks 2712 nie jest już niczym oddzielony od jednostki przeciwnika i wejście na niego wymaga
    wydania dodatkowego PM" (Novikov's cavalry pays nothing more entering 2814 and Dęblin: 2913 and 2814 are cut
    off from the A-H V Corps by the Vistula, Dęblin is a Russian fortress; 2712 is cut off by nothing: +1 MP).
    V Corps in 2813 (the map's reading of the example), Novikov in 2913. DECISION: the example does not say from
    where 2712 is entered; on this map Dęblin-2712 crosses the Vistula (with a line: 6.2.2, prohibited), so it is
    read as from 2812, a hexside of V's ring that nothing cuts off: +1."""
    state, u, lim = _limits_on(owc_game, owc_module, tmp_path, "ru-kkn", {"ah-5": "2813", "ru-kkn": "2913"})
    assert state.game.map.terrain["2713"] == "fortress"
    assert lim.allowance == 4  # 5.1.1 cavalry
    assert frozenset(("2913", "2814")) not in lim.side_costs and frozenset(("2913", "2814")) not in lim.closed_sides
    assert frozenset(("2814", "2713")) not in lim.side_costs and frozenset(("2814", "2713")) not in lim.closed_sides
    assert lim.side_costs.get(frozenset(("2812", "2712"))) == 1.0
    assert "2813" in lim.closed  # 5.1.4: V Corps' hex


def test_6_2_2_example_pavlov_may_not_enter_the_swamp_across_a_line(owc_game, owc_module, tmp_path) -> None:
    """6.2.2 "Przejście przez linię kontroli przeciwnika związane z ... wejściem na teren bardzo trudny jest
    niedozwolone" (crossing an enemy line of control into very difficult terrain is prohibited), and its example:
    "Rosyjski XXIV Korpus wchodząc na heks 3819 musi wydać dodatkowo 1PM ze względu na obecność linii kontroli
    austriackiego III Korpusu. Obecność małej rzeki nie powoduje dodatkowych kosztów w PM, ani nie zmienia wpływu linii
    kontroli. Korpus Kawalerii Pawłowa nie może wejść z heksu 3619 na heks 3618, gdyż linia kontroli blokuje wejście na
    błota, jako teren bardzo trudny" (the Russian XXIV Corps entering 3819 pays 1 MP more for the A-H III Corps' line;
    the small river costs nothing and does not change the line; Pavlov's cavalry corps may not enter 3618 from 3619:
    the line blocks entering the swamp). III stands in 3718, the hex next to 3618, 3619, 3818 and 3819 (the upper
    Dniestr, a small river there: tools/author_owc_map.py). The other way, out of the swamp into clear 3619, is
    6.2.1's "wchodzi na teren czysty": +1 MP."""
    state, u, lim = _limits_on(owc_game, owc_module, tmp_path, "ru-kkp", {"ah-3": "3718", "ru-kkp": "3619"})
    m = state.game.map
    assert (m.terrain["3618"], m.terrain["3619"]) == ("swamp", "clear")
    assert "large_river" not in m.side_features("3718", "3618") | m.side_features("3718", "3619")
    assert lim.closed_steps[("3619", "3618")][0] == "6.2.2" and ("3618", "3619") not in lim.closed_steps
    assert lim.side_costs[frozenset(("3618", "3619"))] == 1.0
    costs = MoveCosts(m, u.unit)
    # the cavalry's 4 MP reach 3618 round the line, by Lwów 3518 (clear 1 + swamp 2; 3518 is not next to 3718): legal;
    # with another A-H corps in Lwów only the closed step is left, and it is the finding
    assert judge_move(costs, state.game.movement, lim, "3619", "3618", ["3618"]).legal
    state, u, lim = _limits_on(owc_game, owc_module, tmp_path, "ru-kkp", {"ah-3": "3718", "ah-4": "3518", "ru-kkp": "3619"})
    v = judge_move(MoveCosts(m, u.unit), state.game.movement, lim, "3619", "3618", ["3618"])
    assert not v.legal and v.rule == "6.2.2" and v.title == "Move across a closed hexside", v
    # XXIV into 3819 from 3818 across the small river (the Stryj) and III's line: +1 MP, not prohibited
    state, u, lim = _limits_on(owc_game, owc_module, tmp_path, "ru-24", {"ah-3": "3718", "ru-24": "3818"})
    assert m.side_features("3818", "3819") == {"small_river"} and m.terrain["3819"] == "foothills"
    assert lim.side_costs[frozenset(("3818", "3819"))] == 1.0 and frozenset(("3818", "3819")) not in lim.closed_sides
    v = judge_move(MoveCosts(m, u.unit), state.game.movement, lim, "3818", "3819", ["3819"])
    assert v.legal and v.path is not None and v.path.cost == 2


def test_hidden_units_have_no_lines_and_move_3(owc_game, owc_module, tmp_path) -> None:
    """16.3 "Jednostki utajnione nie posiadają linii kontroli. ... Jednostki utajnione posiadają ruchomość 3PM"
    (hidden units have no lines of control; hidden units move 3 MP): a hidden V Corps makes no line by Dęblin, and
    a hidden army HQ (21.2: MP = its command range, 2) moves 3."""
    _, _, lim = _limits_on(owc_game, owc_module, tmp_path, "ru-kkn", {"ru-kkn": "2913"}, hidden={"ah-5": "2813"})
    assert frozenset(("2812", "2712")) not in lim.side_costs
    _, hq, lim = _limits_on(owc_game, owc_module, tmp_path, "ah-hq-1", {}, hidden={"ah-hq-1": "3409"},
                            moment=(5, "allies", "Normal movement"))
    assert hq.masked and hq.unit.front.ma == 2 and lim.allowance == 3


def test_every_unit_moves_by_5_1_1_21_2_16_3() -> None:
    """5.1.1 "jednostki piechoty ... 3PM, jednostki kawalerii ... 4PM" (infantry 3, cavalry 4); 21.2 "Sztaby armii
    posiadają możliwości marszowe równe ich zasięgowi dowodzenia" (an army HQ's MP equal its command range); 16.3
    hidden units (patrols are only ever hidden, 17.1) move 3."""
    g = loaded("owc1914")
    for u in g.units.values():
        if u.type == "hq":
            assert u.front.ma == int(u.front.value("range")), u.id
        elif u.type == "cavalry":
            assert u.front.ma == 4, u.id
        else:  # infantry, fortress corps, landsturm, Legion brigades (infantry tags), patrols
            assert u.front.ma == 3, u.id


def test_moves_outside_the_movement_phases_are_noted_not_judged(owc_game, owc_module, tmp_path) -> None:
    """9 and 10 move units in the attack phases (retreats, pursuits): a move there is noted as not checked (game.yaml
    movement: combat_phases), never reported as a breach."""
    state, _, _ = _limits_on(owc_game, owc_module, tmp_path, "ah-5", {"ah-5": "2813"}, moment=(5, "allies", "Supply"))
    ph = PhaseLog(5, "allies", "Supply", state, state, 1, 2, moves=[UnitMove(2, "ah-5", "allies", "2813", "2812", True)])
    findings, notes, vp = combat(ph)
    assert findings == [] and vp == []
    assert [(n.step, n.finding.title, n.finding.units) for n in notes] == [(1, "Moves not checked", ("ah-5",))]
    assert "retreats and pursuits (9, 10)" in notes[0].finding.message
