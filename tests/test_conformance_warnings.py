"""The module warns in the chat as a player moves (issue 25), in the real engine: a unit dropped on terrain
closed to it warns at once, in the move's chat line, under the rule and title the save checker gives the
same position; a legal drop prints no warning.

The rule's words, per game (map.yaml `prohibited` / `prohibited_for`, game.yaml `movement.prohibited_rule`):
Galicia's TEC "Swamp: Prohibited"; the Eastern Front's authored TEC (Lake, Baltic Sea:
prohibited; High Mountain for artillery); Ostatnia Wojna Cesarzy 5.1.4 ("never cross lakes"), its sea.
Each drop here is onto the first hex of the map whose terrain is closed to the unit moved, so the expected
warning is that rule and "Unit in prohibited terrain (<that terrain>)", then the same finding from
`modgen check` on the save the engine writes after the drop.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

from modgen.check.run import check_saves
from modgen.engine import run_engine
from modgen.movement import prohibited_title
from modgen.vassal.module import read_module
from modgen.vassal.savefile import SavedGame, read_game_data
from modgen.vmod.piecedefs import MASK_KEY, unit_piece_name
from modgen.stacking import BOTH_SIDES
from modgen.vmod.warnings import closed_terrain, restrictions_of, rule_timing

from .conftest import REPO, built, in_engine_per_game, loaded, require_engine
from .test_conformance_chat import MAIN, _masked_by, _property

GAMES = ("galicia1914", "owc1914", "ef1914")  # Holland '44's TEC closes no terrain: its units carry no such warning


def test_a_game_whose_tec_closes_no_terrain_carries_no_warning() -> None:
    from modgen.vmod.dropline import ZONE_NOTE, drop_line
    from modgen.vmod.warnings import warned_rules

    game = loaded("holland44")
    assert not any(ZONE_NOTE in t.type for u in game.units.values() for t in drop_line(game, u))
    assert [rule for rule, what in warned_rules(game) if "terrain" in what] == []  # it warns of stacking and enemies only


def test_the_floor_build_tests_no_rule_and_ends_with_its_block() -> None:
    """benchmarks/warnings.py's "floor": inside trivial_drop_line() each unit's drop line keeps its traits but
    its expression tests nothing; after it, the rules are back."""
    from modgen.vmod.dropline import DROP_WARNINGS, TRIVIAL_EXPRESSION, drop_line, trivial_drop_line

    game = loaded("galicia1914")
    unit = next(u for u in game.units.values() if closed_terrain(game, u))
    calc = f"calcProp;{DROP_WARNINGS};"
    with trivial_drop_line():
        floor = drop_line(game, unit)
    after = drop_line(game, unit)
    assert [t.type for t in floor if t.type.startswith(calc)] == [calc + TRIVIAL_EXPRESSION + ";"]
    (real,) = [t.type for t in after if t.type.startswith(calc)]
    assert "Closed_" in real and "SumStack" in real
    assert floor[0].type == after[0].type  # the same hook label: only the expression differs


def _first_setup(module: Path) -> tuple[str, SavedGame]:
    """(menu name, decoded save) of the module's first predefined set-up."""
    setup, setup_file = next((n, f) for n, f in read_module(module).setups.items() if f)
    with zipfile.ZipFile(module) as z:
        return setup, read_game_data(z.read(setup_file), setup_file)


def _drops(game_id: str, module: Path, out: Path) -> dict:
    """A unit the harness's side may move: dropped on a free open hex (no warning), then on the first hex
    whose terrain is closed to it (one warning); the engine saves the game after the second drop."""
    game = loaded(game_id)
    side = game.sides[0].name
    setup, start = _first_setup(module)
    occupied = {(r.x, r.y) for r in start.pieces if r.map == MAIN}
    for rec in start.pieces:
        uid = _property(rec, "UnitId")
        if rec.map != MAIN or not uid or _masked_by(rec) not in (None, side):
            continue
        unit = game.units[uid]
        closed = set(closed_terrain(game, unit))
        bad = next((h for h in game.map.hex_ids() if game.map.terrain_types[game.map.terrain[h]].name in closed
                    and game.map.centre(h)[1:] not in occupied), None)
        if bad is None:
            continue
        good = next(h for h in reversed(game.map.hex_ids()) if game.map.terrain_types[game.map.terrain[h]].name not in closed
                    and game.map.centre(h)[1:] not in occupied)
        acts = [{"op": "move", "piece": rec.id, "map": MAIN, "x": game.map.centre(h)[1], "y": game.map.centre(h)[2]}
                for h in (good, bad)]
        res = run_engine(module, setup=setup, images=False, actions=acts, save_as=out)
        return {"game": game, "unit": uid, "good": good, "bad": bad, "res": res, "save": out,
                "terrain": game.map.terrain_types[game.map.terrain[bad]].name}
    raise AssertionError(f"{game_id}: no movable unit with terrain closed to it")


@pytest.fixture(scope="module")
def dropped(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    return in_engine_per_game(tmp_path_factory, GAMES, "warnings", _drops)


_MOVE_LINE = re.compile(r"^\* (?P<names>.*?) moves (?P<start>.*) -> (?P<to>.*) \*$")  # the map's move format
_BRACKETED = re.compile(r" \[! ([^\]]+)\]")
_NAMES = re.compile(r", (?![^\[]*\])")  # the commas between the names of pieces moved together
_CHECK_LINE = re.compile(r"^\* ! (?P<name>[^\[]*? \[! .*\]) in (?P<to>[^ ]+)$")  # dropline.CHECK_LINE


def _warnings(record: dict) -> list[str]:
    """The module's warnings among the chat lines an engine action recorded, each as "* ! RULE Title: NAME in
    HEX": so a phase's stacking lines read; a drop's are bracketed after the unit's name in the move's line
    ("* NAME [! RULE Title] moves A -> B *", modgen.vmod.dropline), and a check's in its line for the unit
    ("* ! NAME [! RULE Title] in HEX", dropline.check_line): read here into the same form, one a warning."""
    out = []
    for line in record.get("chat", []):
        move, check = _MOVE_LINE.match(line), _CHECK_LINE.match(line)
        if check:
            out += [f"* ! {w}: {_BRACKETED.sub('', check['name'])} in {check['to']}" for w in _BRACKETED.findall(check["name"])]
        elif line.startswith("* ! "):
            out.append(line)
        elif move and "[! " in move["names"]:
            for name in _NAMES.split(move["names"]):
                out += [f"* ! {w}: {_BRACKETED.sub('', name)} in {move['to']}" for w in _BRACKETED.findall(name)]
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_a_drop_on_prohibited_terrain_warns_at_once_and_a_legal_drop_does_not(dropped, game_id: str) -> None:
    d = dropped[game_id]
    res = d["res"]
    assert res.ok, res.describe()
    moves = [a for a in res.of_kind("action") if a["op"] == "move"]
    assert len(moves) == 2 and _warnings(moves[0]) == [], moves[0]["chat"]
    rule = d["game"].movement.prohibited_rule
    (line,) = _warnings(moves[1])
    assert line.startswith(f"* ! {rule} {prohibited_title(d['terrain'])}: ") and line.endswith(f" in {d['bad']}"), line


@pytest.mark.parametrize("game_id", GAMES)
def test_the_warning_is_the_checker_s_finding_for_the_same_save(dropped, game_id: str) -> None:
    """Agreement: the engine's save after the drop, checked by modgen, holds the finding the warning named."""
    d = dropped[game_id]
    (line,) = _warnings([a for a in d["res"].of_kind("action") if a["op"] == "move"][1])
    rule, title = line[len("* ! "):].split(" ", 1)[0], line[len("* ! "):].split(" ", 1)[1].split(": ")[0]
    found = [(f.rule, f.title, f.hexes, f.units) for f in check_saves([d["save"]], d["module"]).saves[0].findings]
    assert (rule, title, (d["bad"],), (d["unit"],)) in found, found


@pytest.fixture(scope="module")
def early(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """Battle for Galicia 1914, 14.0: a reinforcement is placed "ON THE MAP" in its side's Reinforcement Phase
    of its GT; the scenario brings ah-inf-17 in on GT 3, so on the map in GT 1 it is early. Dropped from
    its arrival box on GT 1, then "Check position" pressed; the engine saves the game."""
    require_engine()
    game = loaded("galicia1914")
    module = built(tmp_path_factory, REPO, "galicia1914")
    setup, start = _first_setup(module)
    rec = next(r for r in start.pieces if _property(r, "UnitId") == "ah-inf-17")
    assert rec.map != MAIN and game.primary_scenario.arrival_of("ah-inf-17").turn == 3
    hex_id = "5.05"
    _, x, y = game.map.centre(hex_id)
    out = tmp_path_factory.mktemp("early") / "early.vsav"
    res = run_engine(module, setup=setup, images=False, side="Austria-Hungary", save_as=out,
                     actions=[{"op": "move", "piece": rec.id, "map": MAIN, "x": x, "y": y},
                              {"op": "button", "button": "Check position"}])
    return {"res": res, "hex": hex_id, "save": out, "module": module}


def test_a_reinforcement_dropped_before_its_turn_warns_at_once_and_on_a_check(early) -> None:
    res = early["res"]
    assert res.ok, res.describe()
    move, check = res.of_kind("action")
    want = f"* ! 14.0 Reinforcement on the map before its turn: AH 17 (7) in {early['hex']}"
    assert _warnings(move) == [want] and _warnings(check) == [want], (move["chat"], check["chat"])


def test_the_early_arrival_warning_is_the_checker_s_finding(early) -> None:
    found = [(f.rule, f.title, f.hexes, f.units) for f in check_saves([early["save"]], early["module"]).saves[0].findings]
    assert ("14.0", "Reinforcement on the map before its turn", (early["hex"],), ("ah-inf-17",)) in found, found


RELEASED = {  # game -> (unit, its set-up hex, a hex beside it, the rule): the rulebooks' words, read here
    # Battle for Galicia 1914, 2.1: "If a unit bears a Movement Restriction Indicator dot it begins the game
    # immobile" until the GT the dot names: ru-inf-69r (dot 3) set up in 18.02 (the campaign)
    "galicia1914": ("ru-inf-69r", "18.02", "17.03", "2.1"),
    # The Eastern Front in WW1 (Living Rules, June 2014), 3.3.5: a Movement Restriction dot holds the unit on
    # its set-up hex until its GT (a dot without a number: never); de-allenstein set up in 62.30
    "ef1914": ("de-allenstein", "62.30", "61.30", "3.3.5"),
}


@pytest.fixture(scope="module")
def released(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    """Per game: the restricted unit dropped beside its set-up hex (warns), back on it (silent), "Check position"
    (silent), beside it again and "Check position" (warns); the engine saves the game."""
    require_engine()
    out = {}
    for game_id, (uid, home, beside, rule) in RELEASED.items():
        game = loaded(game_id)
        module = built(tmp_path_factory, REPO, game_id)
        setup, start = _first_setup(module)
        rec = next(r for r in start.pieces if _property(r, "UnitId") == uid)
        assert rec.map == MAIN and game.map.centre(home)[1:] == (rec.x, rec.y)

        def drop(h: str) -> dict:
            return {"op": "move", "piece": rec.id, "map": MAIN, "x": game.map.centre(h)[1], "y": game.map.centre(h)[2]}

        save = tmp_path_factory.mktemp(f"released-{game_id}") / "moved.vsav"
        check = {"op": "button", "button": "Check position"}
        res = run_engine(module, setup=setup, images=False, side=game.side(game.units[uid].side).name, save_as=save,
                         actions=[drop(beside), drop(home), check, drop(beside), check])
        out[game_id] = {"res": res, "save": save, "module": module, "game": game}
    return out


@pytest.mark.parametrize("game_id", list(RELEASED))
def test_a_restricted_unit_moved_before_its_release_warns_and_back_home_does_not(released, game_id: str) -> None:
    uid, home, beside, rule = RELEASED[game_id]
    res = released[game_id]["res"]
    assert res.ok, res.describe()
    away, back, check_home, away_again, check_away = res.of_kind("action")
    name = unit_piece_name(released[game_id]["game"], released[game_id]["game"].units[uid])
    want = [f"* ! {rule} Movement-restricted unit moved before its release turn: {name} in {beside}"]
    assert _warnings(away) == want and _warnings(away_again) == want and _warnings(check_away) == want
    assert _warnings(back) == [] and _warnings(check_home) == []


@pytest.mark.parametrize("game_id", list(RELEASED))
def test_the_release_warning_is_the_checker_s_finding(released, game_id: str) -> None:
    uid, home, beside, rule = RELEASED[game_id]
    report = check_saves([released[game_id]["save"]], released[game_id]["module"])
    found = [(f.rule, f.title, f.hexes[0], f.units) for f in report.saves[0].findings]
    assert (rule, "Movement-restricted unit moved before its release turn", beside, (uid,)) in found, found


ALL_GAMES = ("galicia1914", "owc1914", "ef1914", "holland44")


def _enemy_drop(game_id: str, module: Path, out: Path) -> dict:
    """A unit (unmasked, held by no movement restriction) dropped on a free hex (no both-sides warning),
    then onto a hex the set-up gives the other side (warns), then "Check position" (each unit of that hex
    warns); the engine saves the game. A unit brought from its arrival box may warn of its early arrival too."""
    game = loaded(game_id)
    hex_at = {game.map.centre(h)[1:]: h for h in game.map.hex_ids()}
    for setup, setup_file in ((n, f) for n, f in read_module(module).setups.items() if f):
        with zipfile.ZipFile(module) as z:
            start = read_game_data(z.read(setup_file), setup_file)
        units = [(r, game.units[_property(r, "UnitId")]) for r in start.pieces if _property(r, "UnitId") in game.units]
        on_map = [(r, u) for r, u in units if r.map == MAIN and (r.x, r.y) in hex_at]
        occupied = {(r.x, r.y) for r in start.pieces if r.map == MAIN}
        # a unit on the map first; else one from an arrival box (Holland '44 sets up only the Germans)
        for mover, unit in sorted(((r, u) for r, u in units if _masked_by(r) is None and not restrictions_of(game, u)),
                                  key=lambda ru: ru[0].map != MAIN):
            closed = set(closed_terrain(game, unit))
            enemy_at = next((hex_at[(r.x, r.y)] for r, u in on_map if u.side != unit.side
                             and game.map.terrain_types[game.map.terrain[hex_at[(r.x, r.y)]]].name not in closed), None)
            if enemy_at is not None:
                break
        else:
            continue
        break
    else:
        raise AssertionError(f"{game_id}: no set-up with an unmasked unit and a hex of the other side")
    side = game.side(unit.side)
    free = next(h for h in reversed(game.map.hex_ids()) if game.map.centre(h)[1:] not in occupied
                and game.map.terrain_types[game.map.terrain[h]].name not in closed)

    def drop(h: str) -> dict:
        return {"op": "move", "piece": mover.id, "map": MAIN, "x": game.map.centre(h)[1], "y": game.map.centre(h)[2]}

    res = run_engine(module, setup=setup, images=False, side=side.name, save_as=out,
                     actions=[drop(free), drop(enemy_at), {"op": "button", "button": "Check position"}])
    there = sum(1 for r, _ in on_map if hex_at[(r.x, r.y)] == enemy_at) + 1  # the set-up's units of that hex, and the mover
    return {"game": game, "unit": _property(mover, "UnitId"), "hex": enemy_at, "res": res, "save": out, "units": there}


@pytest.fixture(scope="module")
def among_enemies(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    return in_engine_per_game(tmp_path_factory, ALL_GAMES, "enemies", _enemy_drop)


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_a_drop_among_the_other_side_s_units_warns_and_so_does_each_unit_of_the_hex_on_a_check(among_enemies, game_id: str) -> None:
    """Each game's rule for one side's units in a hex the other holds (the plugin's RuleTiming titled
    "Units of both sides in one hex"): the dropped unit warns in its own name; on "Check position" every
    unit of that hex, of either side, stands where the rule is broken, and each says so in its line."""
    d = among_enemies[game_id]
    assert d["res"].ok, d["res"].describe()
    free, among, check = d["res"].of_kind("action")
    rule = rule_timing(d["game"], BOTH_SIDES).rule
    name = unit_piece_name(d["game"], d["game"].units[d["unit"]])
    def both(record: dict) -> list[str]:
        return [w for w in _warnings(record) if f" {BOTH_SIDES}: " in w]

    assert both(free) == [], free["chat"]
    assert both(among) == [f"* ! {rule} {BOTH_SIDES}: {name} in {d['hex']}"], among["chat"]
    lines = both(check)
    assert len(lines) == d["units"] and all(w.startswith(f"* ! {rule} {BOTH_SIDES}: ") and w.endswith(f" in {d['hex']}")
                                            for w in lines), check["chat"]
    assert f"* ! {rule} {BOTH_SIDES}: {name} in {d['hex']}" in lines, lines


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_the_both_sides_warning_is_the_checker_s_finding(among_enemies, game_id: str) -> None:
    d = among_enemies[game_id]
    rule = rule_timing(d["game"], BOTH_SIDES).rule
    found = [(f.rule, f.title, f.hexes) for f in check_saves([d["save"]], d["module"]).saves[0].findings]
    assert (rule, BOTH_SIDES, (d["hex"],)) in found, found


@pytest.fixture(scope="module")
def hidden_among_enemies(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """Battle for Galicia 1914, 4.1 ("Units of both sides in one hex"), 5.4 (a unit may be hidden from the
    opponent): ah-inf-38 hidden by its owner (Ctrl+M), then dropped on a hex the campaign gives the Russians."""
    require_engine()
    game = loaded("galicia1914")
    module = built(tmp_path_factory, REPO, "galicia1914")
    setup, start = _first_setup(module)
    rec = next(r for r in start.pieces if _property(r, "UnitId") == "ah-inf-38")
    russian = next(r for r in start.pieces if r.map == MAIN and _property(r, "SideId") == "russian")
    res = run_engine(module, setup=setup, images=False, side="Austria-Hungary",
                     actions=[{"op": "key", "piece": rec.id, "key": MASK_KEY},
                              {"op": "move", "piece": rec.id, "map": MAIN, "x": russian.x, "y": russian.y}])
    hex_id = next(h for h in game.map.hex_ids() if game.map.centre(h)[1:] == (russian.x, russian.y))
    return {"res": res, "hex": hex_id, "mask": f"{game.nationalities[game.units['ah-inf-38'].nationality].name} unit"}


def test_a_hidden_unit_warns_under_its_mask_s_name(hidden_among_enemies) -> None:
    """The move's line names a hidden unit by its mask for everyone (VASSAL's MovementReporter hides all
    masked pieces): its warning still follows, the rule and the hex being what the opponent sees anyway."""
    d = hidden_among_enemies
    assert d["res"].ok, d["res"].describe()
    _, move = d["res"].of_kind("action")
    assert _warnings(move) == [f"* ! 4.1 {BOTH_SIDES}: {d['mask']} in {d['hex']}"], move["chat"]
