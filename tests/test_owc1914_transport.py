"""Ostatnia Wojna Cesarzy: rail and sea transports (18, 38) and the reserve movement phases (4.2) counted over a log's
phases, on composed positions (no engine: the engine-recorded log is tests/test_owc1914_logs.py's "reserves").
Rulebook: Ostatnia Wojna Cesarzy (NOVINA, 1997), Polish text; English glosses in brackets.
"""

from __future__ import annotations

from pathlib import Path

from modgen.check.reader import read_state
from modgen.plugin_api import PhaseLog, UnitMove
from modgen.plugins import plugin_for
from modgen.rules import owc1914_rail as rail
from modgen.rules.owc1914_reserve import Reserves
from modgen.vmod.compose import Composer, Position

SEGMENT = "More units railed along a line segment than it takes"  # 18.3 (modgen/rules/owc1914_segments)


def _state(game, module: Path, path: Path, placed: dict[str, str], moment, hidden=()):
    pos = Position(game, scenario="campaign")
    for s in game.sides:
        pos.set_vp(s.id, 0)
    for uid, h in placed.items():
        pos.unit(uid, h, masked=uid in hidden)
    pos.set_turn(*moment)
    return read_state(Composer(game).write(pos, path), module=module)


def _phase(game, module, tmp_path: Path, before: dict[str, str], moves: list[tuple[str, str]], moment, n=[0],
           hidden_after=()) -> PhaseLog:
    """A phase of a log: the position `before`, then each (unit, hex) move at steps 1, 2, ...; `hidden_after`: units
    face down at its end."""
    n[0] += 1
    after = dict(before)
    after.update(dict(moves))
    start = _state(game, module, tmp_path / f"a{n[0]}.vsav", before, moment)
    end = _state(game, module, tmp_path / f"b{n[0]}.vsav", after, moment, hidden_after)
    side = {u.id: u.side for u in start.units}
    steps = [UnitMove(i + 1, uid, side[uid], before[uid], h, True) for i, (uid, h) in enumerate(moves)]
    return PhaseLog(moment[0], moment[1], moment[2], start, end, 1, len(moves), moves=steps)


def test_18_4_examples(owc_game, owc_module, tmp_path) -> None:
    """18.4's example: "Jednostka przerzucana z Warszawy (2411) do Kowna (1117) wykorzystuje dwa transporty. Jednostka
    przerzucana z Poznania (2301) do Krakowa (3409) wykorzystuje jeden transport, ponieważ na froncie galicyjskim
    pokonuje tylko 1 heks. Jednostka przerzucana z Lwowa (3518) do Królewca (1210) wykorzystuje 3 transporty" (Warszawa
    - Kowno 2 transports, Poznań - Kraków 1, Lwów - Królewiec 3), on an empty map."""
    state = _state(owc_game, owc_module, tmp_path / "s.vsav", {}, (5, "allies", "Normal movement"))
    st = rail.stations(state)
    for a, b, n in (("2411", "1117", 2), ("2301", "3409", 1), ("3518", "1210", 3)):
        assert a in st and b in st
        assert rail.transports_to(state, "russia", a, set())[b] == n, (a, b)
        assert rail.transports_to(state, "allies", a, set())[b] == n, (a, b)


def test_transports_beyond_the_allied_limit(owc_game, owc_module, tmp_path) -> None:
    """18.4.2 "Sprzymierzeni mogą wykorzystać w każdej fazie ruchu ... 5 transportów, lub ... 10 transportów" (the Allies
    use 5 transports a movement phase, or 10): two A-H corps railed Lwów (3518) -> Królewiec (1210), 3 transports each
    (18.4's example), then two Przemyśl (3515) -> Elbląg (1507), 3 each too (18.4: the route covers more than one hex
    on each of the Galician, Polish and East Prussian fronts, as Lwów's), no Russian unit on the map: 3, 6, 9 are
    within 10, the fourth makes 12: 18.4.2 at its step (step 4), the others legal. Each station loads or unloads 2,
    all on main lines (18.3: "wolno wylądować albo załadować dwie jednostki"). Every route of the four passes the main
    line Opole (3103) - Wrocław, 2 units a phase (18.3, tests/test_owc1914_segments.py): the third and the fourth
    break 18.3 at their steps (3, 4)."""
    before = {"ah-2": "3518", "ah-3": "3518", "ah-4": "3515", "ah-6": "3515"}
    to = {"ah-2": "1210", "ah-3": "1210", "ah-4": "1507", "ah-6": "1507"}
    ph = _phase(owc_game, owc_module, tmp_path, before, list(to.items()), (5, "allies", "Normal movement"))
    plugin = plugin_for("owc1914")
    u = next(x for x in ph.start.units_on_map() if x.id == "ah-2")
    assert plugin.move_limits(ph.start, u).other_modes["1210"] == ("", "", "")  # a rail transport, not "too long"
    assert rail.transports_to(ph.start, "allies", "3515", set())["1507"] == 3
    findings, notes = plugin.log_phases([ph])
    assert [(f.step, f.finding.rule, f.finding.title, f.finding.units) for f in findings] == [
        (3, "18.3", SEGMENT, ("ah-4",)), (4, "18.3", SEGMENT, ("ah-6",)),
        (4, "18.4.2", "Rail transports beyond the phase's limit", ("ah-6",))]
    assert "12 transports this phase, more than 10" in findings[-1].finding.message
    # before the log: the movement phase before (18.4.2) and the player-turn's attacks (5: owc1914_attacks)
    assert [(n.step, n.finding.rule) for n in notes] == [(1, "5"), (1, "18.4.2")]


def test_18_3_station_capacity(owc_game, owc_module, tmp_path) -> None:
    """18.3 "Na stacji, do której prowadzi choć jedna magistrala, wolno wylądować albo załadować dwie jednostki" (a
    station a main line leads to loads or unloads two units a phase): three A-H corps railed Lwów -> Królewiec (both on
    main lines): the third breaks 18.3 twice at its step, loaded at Lwów and unloaded at Królewiec, and a third time on
    the main line Opole (3103) - Wrocław every route passes (2 units a phase, tests/test_owc1914_segments.py). 18.3.1 "Na
    terytorium przeciwnika magistrale kolejowe są traktowane jak linie zwykłe": Warszawa (a main line, Russian
    territory) takes 1 Allied unit, 2 Russian."""
    before = {"ah-2": "3518", "ah-3": "3518", "ah-4": "3518"}
    ph = _phase(owc_game, owc_module, tmp_path, before, [(u, "1210") for u in before], (5, "allies", "Normal movement"))
    findings, _ = plugin_for("owc1914").log_phases([ph])
    assert [(f.step, f.finding.rule, f.finding.title, f.finding.hexes) for f in findings] == [
        (3, "18.3", "More units loaded at a station than it takes", ("3518",)),
        (3, "18.3", "More units unloaded at a station than it takes", ("1210",)),
        (3, "18.3", SEGMENT, ("3003", "3103"))]
    assert (rail.station_capacity(ph.start, "allies", "2411"), rail.station_capacity(ph.start, "russia", "2411")) == (1, 2)


def test_the_next_movement_phase_after_a_double_allotment(owc_game, owc_module, tmp_path) -> None:
    """18.4.2 "... lub mogą wykorzystać w danej fazie 10 transportów, ale nie mogą wtedy wykonywać przerzutów kolejowych
    w najbliższej fazie ruchu" (or 10 in a phase, but then no rail transports in the next movement phase): two corps
    Lwów -> Królewiec (6 transports) in the Allied reserve phase after Supply, then one Królewiec -> Lwów in the Normal
    movement of the same player-turn: 18.4.2 there; a rail transport in the Normal movement of the next stage is
    legal again."""
    plugin = plugin_for("owc1914")
    first = _phase(owc_game, owc_module, tmp_path, {"ah-2": "3518", "ah-3": "3518"}, [("ah-2", "1210"), ("ah-3", "1210")],
                   (5, "allies", "Own reserves after Supply"))
    then = _phase(owc_game, owc_module, tmp_path, {"ah-2": "1210", "ah-3": "1210"}, [("ah-2", "3518")],
                  (5, "allies", "Normal movement"))
    later = _phase(owc_game, owc_module, tmp_path, {"ah-2": "3518", "ah-3": "1210"}, [("ah-3", "3518")],
                   (6, "allies", "Normal movement"))
    got = plugin.log_phases([first, then, later])[0]  # the three phases as one log's, in play order
    assert [(f.step, f.finding.rule, f.finding.title, f.finding.units) for f in got] == [
        (1, "18.4.2", "Rail transport in the phase after a double allotment", ("ah-2",))]  # in `then` only


def test_sea_transport(owc_game, owc_module, tmp_path) -> None:
    """38 "Jednostki niemieckie mogą być przerzucane pomiędzy portami na Bałtyku. ... W jednym etapie można przerzucić
    morzem jedną jednostkę" (German units may be shipped between Baltic ports; one unit a stage). A Russian corps in
    1309 is next to Królewiec (1210), so no rail transport leaves it (18.1: "Żadna z nich ... nie mogą być w kontakcie
    z przeciwnikiem", neither town in contact with the enemy); it blockades no port alone (38.2 needs 1209 and 1309
    for Królewiec, 1408 or 1308 for Elbląg) and is not next to Elbląg (1507). Two German corps going Królewiec ->
    Elbląg, 4 hexes, more than their 3 MP, go by sea: the first legal, the second 38 at its step.
    38.2 "Porty w Królewcu i Elblągu nie mogą być używane, jeśli Rosjanie zajmują Pilawę" (Królewiec and Elbląg are
    unusable while the Russians hold Pilawa 1208): with a Russian unit there the shipping is refused, 38.2."""
    placed = {"de-17": "1210", "de-1": "1210", "ru-1": "1309"}
    ph = _phase(owc_game, owc_module, tmp_path, placed, [("de-17", "1507"), ("de-1", "1507")], (5, "allies", "Normal movement"))
    plugin = plugin_for("owc1914")
    u = next(x for x in ph.start.units_on_map() if x.id == "de-17")
    assert plugin.move_limits(ph.start, u).other_modes["1507"] == ("", "", "")
    assert rail.rail_goals(ph.start, u, set())["1507"][0] == "18.1"  # no rail transport from a town in contact
    findings, _ = plugin.log_phases([ph])
    assert [(f.step, f.finding.rule, f.finding.title, f.finding.units) for f in findings] == [
        (2, "38", "More than one sea transport in a stage", ("de-1",))]
    blocked = _state(owc_game, owc_module, tmp_path / "p.vsav", {**placed, "ru-2": "1208"}, (5, "allies", "Normal movement"))
    u = next(x for x in blocked.units_on_map() if x.id == "de-17")
    assert plugin.move_limits(blocked, u).other_modes["1507"][0] == "38.2"


def test_one_reserve_phase_a_player_turn(owc_game, owc_module, tmp_path) -> None:
    """4.2 "Każdy z graczy może wykonać jedną fazę ruchu odwodów na posunięcie. ... Jeśli jednak gracz wykona swą fazę
    ruchu odwodów w posunięciu przeciwnika nie może wykonać fazy ruchu odwodów w najbliższym własnym posunięciu" (one
    reserve movement phase a player-turn; one made in the opponent's player-turn bars it in the next own); 4.2.3 "Nie
    można wykonać własnej fazy ruchu odwodów bezpośrednio po fazie ruchu odwodów przeciwnika" (not one's own right after
    the opponent's). Russian and Allied units far apart (every unit a reserve, 4.1)."""
    far = {"ru-1": "1119", "ah-2": "3409"}

    def phase(moment, moves):
        return _phase(owc_game, owc_module, tmp_path, far, moves, moment)
    ledger = Reserves()
    ru, ah = [("ru-1", "1118")], [("ah-2", "3408")]
    assert ledger.phase(phase((5, "allies", "Own reserves after Supply"), ah)) == []
    got = ledger.phase(phase((5, "allies", "Enemy reserves after Supply"), ru))  # the Russians right after the Allies
    assert [(f.finding.rule, f.finding.units) for f in got] == [("4.2.3", ("russia",))]
    got = ledger.phase(phase((5, "allies", "Own reserves after movement"), ah))  # the Allies' second in their turn
    assert [(f.finding.rule, f.finding.title) for f in got] == [("4.2", "A second reserve movement phase in a player-turn")]
    got = ledger.phase(phase((5, "russia", "Own reserves after attacks"), ru))  # after theirs in the Allied turn
    assert [(f.finding.rule, f.finding.title) for f in got] == [
        ("4.2", "A reserve movement phase after one in the enemy's player-turn")]
    assert ledger.phase(phase((6, "russia", "Own reserves after Supply"), ru)) == []  # a stage later: allowed again


def test_hiding_only_at_the_end_of_normal_movement(owc_game, owc_module, tmp_path) -> None:
    """16: units hide "na końcu fazy ruchów zwykłych" (at the end of the Normal movement phase) when "nie są w
    kontakcie z przeciwnikiem" (not in contact with the enemy). A-H II Corps far from any Russian unit turned face down
    in the Allied Supply phase (with a move in it, 9 retreats: noted): 16 at its move's step; in the Normal movement
    phase, legal; a unit entering play in it may hide wherever (16: "mogą być od razu utajnione")."""
    plugin = plugin_for("owc1914")
    far = {"ah-2": "3409", "ru-1": "1119"}
    supply = _phase(owc_game, owc_module, tmp_path, far, [("ah-2", "3408")], (5, "allies", "Supply"), hidden_after=("ah-2",))
    findings, _ = plugin.log_phases([supply])
    assert [(f.step, f.finding.rule, f.finding.title) for f in findings] == [
        (1, "16", "Hidden outside the end of Normal movement")]
    normal = _phase(owc_game, owc_module, tmp_path, far, [("ah-2", "3408")], (5, "allies", "Normal movement"),
                    hidden_after=("ah-2",))
    assert plugin_for("owc1914").log_phases([normal])[0] == []


def test_18_1_no_transport_from_a_town_in_contact(owc_game, owc_module, tmp_path) -> None:
    """18.1 "Przerzut odbywać się może tylko pomiędzy dwiema miejscowościami mającymi połączenie kolejowe. Żadna z nich
    ani żaden heks na trasie przerzutu nie mogą być w kontakcie z przeciwnikiem" (only between two towns linked by rail,
    neither of them nor any hex of the route in contact with the enemy). A-H II Corps in Kraków (3409) railed to Poznań
    (2301): legal with no Russian near; with a Russian corps in 3410, next to Kraków, refused with 18.1 (not "too
    long"), at the move."""
    from modgen.check.paths import MoveCosts, judge_move

    plugin = plugin_for("owc1914")
    for placed, rule in (({"ah-2": "3409"}, ""), ({"ah-2": "3409", "ru-1": "3410"}, "18.1")):
        state = _state(owc_game, owc_module, tmp_path / f"c{len(placed)}.vsav", placed, (5, "allies", "Normal movement"))
        u = next(x for x in state.units_on_map() if x.id == "ah-2")
        lim = plugin.move_limits(state, u)
        v = judge_move(MoveCosts(state.game.map, u.unit), state.game.movement, lim, "3409", "2301", ["2301"])
        assert (v.legal, v.rule) == (not rule, rule), v
        if rule:
            assert v.title == "Rail transport" and "3409 (Kraków) is in contact with the enemy" in v.why


def test_arrivals_take_a_transport_each(owc_game, owc_module, tmp_path) -> None:
    """19 "Wprowadzenie każdej jednostki (także patrolu) wymaga jednego transportu" (each arrival takes one transport):
    in the campaign's stage 13 two A-H corps railed Lwów -> Królewiec and one Przemyśl -> Elbląg (3 transports each,
    18.4's example and test_transports_beyond_the_allied_limit: 9), then
    the 52nd Division (arriving in stage 12, delayed: 19 "Gracz może opóźnić wprowadzenie") and Korps Hofmann (stage
    13) enter at Munkacz (4216): 10, then 11, more than the Allies' 10 (18.4.2) at Hofmann's step. The three railed
    corps all pass the main line Opole (3103) - Wrocław (2 units a phase, 18.3): the third at its step; the arrivals'
    routes are not in the log (19: from the board's edge)."""
    from modgen.vmod.compose import tracks_layout

    layout = tracks_layout(owc_game, list(owc_game.scenarios.values()))
    moment = (13, "allies", "Normal movement")
    corps = {"ah-2": "3518", "ah-3": "3518", "ah-4": "3515"}
    dest = {"ah-2": "1210", "ah-3": "1210", "ah-4": "1507"}

    def position(arrived: bool, moved: bool):
        pos = Position(owc_game, scenario="campaign")
        for s in owc_game.sides:
            pos.set_vp(s.id, 0)
        for uid, h in corps.items():
            pos.unit(uid, dest[uid] if moved else h)
        for uid in ("ah-52", "ah-hofmann"):
            arrival = owc_game.scenarios["campaign"].arrival_of(uid)
            if arrived:
                pos.unit(uid, "4216")
            else:
                pos.in_box(layout.reinforcement_box("allies", arrival.turn).name, "unit", uid)
        return pos.set_turn(*moment)
    start = read_state(Composer(owc_game).write(position(False, False), tmp_path / "a.vsav"), module=owc_module)
    end = read_state(Composer(owc_game).write(position(True, True), tmp_path / "b.vsav"), module=owc_module)
    moves = [UnitMove(i + 1, uid, "allies", "", to, True) for i, (uid, to) in
             enumerate([*dest.items(), ("ah-52", "4216"), ("ah-hofmann", "4216")])]
    ph = PhaseLog(*moment, start, end, 1, 5, moves=moves)
    assert {u.id for u in start.units if u.hex is None} >= {"ah-52", "ah-hofmann"}
    findings, _ = plugin_for("owc1914").log_phases([ph])
    assert [(f.step, f.finding.rule, f.finding.units, f.finding.hexes) for f in findings] == [
        (3, "18.3", ("ah-4",), ("3003", "3103")), (5, "18.4.2", ("ah-hofmann",), ("4216",))]
    assert "11 transports this phase" in findings[-1].finding.message


def test_shipped_from_a_port_next_to_the_enemy_is_broken(owc_game, owc_module, tmp_path) -> None:
    """38 "Jednostka przerzucana z takiego portu [sąsiadującego z jednostkami przeciwnika] jest automatycznie rozbita,
    jeśli port ten nie jest twierdzą" (a unit shipped from a port next to enemy units is broken at once unless the port
    is a fortress). A Russian corps in 1608, next to Elbląg (1507, no fortress, and no blockade hex: 38.2 names 1408
    and 1308), so the German XVII Corps goes Elbląg -> Królewiec (1210) by sea (no rail transport leaves a town in
    contact, 18.1): with no BROKEN marker at the phase's end, 38 at its step; with it, legal."""
    plugin = plugin_for("owc1914")
    placed = {"de-17": "1507", "ru-1": "1608"}
    ph = _phase(owc_game, owc_module, tmp_path, placed, [("de-17", "1210")], (5, "allies", "Normal movement"))
    u = next(x for x in ph.start.units_on_map() if x.id == "de-17")
    assert plugin.move_limits(ph.start, u).other_modes["1210"] == ("", "", "")
    findings, _ = plugin.log_phases([ph])
    assert [(f.step, f.finding.rule, f.finding.title) for f in findings] == [
        (1, "38", "Shipped from a port next to the enemy, not broken")]
    pos = Position(owc_game, scenario="campaign")
    for s in owc_game.sides:
        pos.set_vp(s.id, 0)
    pos.unit("de-17", "1210").state("de-17", "broken").unit("ru-1", "1608").set_turn(5, "allies", "Normal movement")
    ph.end = read_state(Composer(owc_game).write(pos, tmp_path / "broken.vsav"), module=owc_module)
    assert plugin_for("owc1914").log_phases([ph])[0] == []


def test_a_patrol_set_on_a_hidden_unit_arrives_off_its_towns(owc_game, owc_module, tmp_path) -> None:
    """17.2 "Na koniec fazy ruchów zwykłych obaj gracze mogą ustawiać patrole na każdej ze swych utajnionych
    jednostek" (at the end of the Normal movement phase both players may set patrols on their hidden units): the
    campaign's Russian patrol 1 (its arrival towns Kowno, Warszawa, Lublin, Dubno) set in 2608 on the face-down
    Russian XIX Corps is no "Reinforcement off its entry hexes"; set in 2608 where no own hidden unit stands, it is."""
    from modgen.check.logcheck import _arrival
    from modgen.vmod.compose import tracks_layout

    layout = tracks_layout(owc_game, list(owc_game.scenarios.values()))
    moment = (2, "russia", "Normal movement")
    arrival = owc_game.scenarios["campaign"].arrival_of("ru-pat-1")
    assert "2608" not in arrival.hexes

    def phase(hidden_corps: bool, name: str) -> PhaseLog:
        def position(arrived: bool):
            pos = Position(owc_game, scenario="campaign")
            for s in owc_game.sides:
                pos.set_vp(s.id, 0)
            pos.unit("ru-19", "2608", masked=hidden_corps)
            if arrived:
                pos.unit("ru-pat-1", "2608", masked=True)
            else:
                pos.in_box(layout.reinforcement_box("russia", arrival.turn).name, "unit", "ru-pat-1")
            return pos.set_turn(*moment)
        start = read_state(Composer(owc_game).write(position(False), tmp_path / f"{name}-a.vsav"), module=owc_module)
        end = read_state(Composer(owc_game).write(position(True), tmp_path / f"{name}-b.vsav"), module=owc_module)
        return PhaseLog(*moment, start, end, 1, 1, moves=[UnitMove(1, "ru-pat-1", "russia", "", "2608", True)])

    plugin = plugin_for("owc1914")
    for hidden_corps, expected in ((True, []), (False, ["Reinforcement off its entry hexes"])):
        ph = phase(hidden_corps, str(hidden_corps))
        before = next(u for u in ph.start.units if u.id == "ru-pat-1")
        after = next(u for u in ph.end.units if u.id == "ru-pat-1")
        got = _arrival(ph, owc_game.movement, before, after, 1, plugin)
        assert [f.finding.title for f in got] == expected, hidden_corps
