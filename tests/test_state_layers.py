"""A unit's state as a layer on the unit (markers.yaml `on_unit`, modgen.unitstates): the module gives
every unit a Layer per declared state, stepped by its key and reported in the chat, and the checker
reads a set layer as that marker on that unit, so the rules give the same findings as for the marker
counter under the unit. Saves written by our writer (modgen.vmod.compose) with the module's own piece
definitions; tests/test_conformance_state_layers.py presses the keys in the real engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from modgen.check.reader import read_state
from modgen.check.run import check_states
from modgen.conventions import LAYER_NAME_FIELD
from modgen.loader import load_game
from modgen.plugins import plugin_for
from modgen.unitstates import BADGE_H, BADGE_W, STATE_SLOTS, badge_offset, state_layer_name
from modgen.vassal.archive import Archive
from modgen.vassal.module import read_module
from modgen.vmod.compose import Composer, Position
from modgen.vmod.piecedefs import unit_def
from modgen.vmod.reports import report_format

from .conftest import REPO, refused
from .reportlines import report_lines

GAMES = ("galicia1914", "holland44", "owc1914", "ef1914")
DECLARED = {  # the markers each shipped game declares a unit state (report: why these and not the others)
    "galicia1914": ["ce1", "supply"],
    "holland44": ["disrupted", "oos", "engaged", "scattered"],
    "owc1914": ["broken"],
    "ef1914": ["cs-half", "disorder", "low-supply", "out-of-supply"],
}


class _Games(dict):
    """Each game loaded when a test first asks for it."""

    def __missing__(self, game_id: str):
        self[game_id] = load_game(REPO, game_id)
        return self[game_id]


@pytest.fixture(scope="module")
def games():
    return _Games()


def blank(game, scenario=None) -> Position:
    pos = Position(game, scenario=scenario)
    for s in game.sides:
        pos.set_vp(s.id, 0)
    return pos


def findings(game, module: Path, pos: Position, path: Path) -> list[tuple]:
    Composer(game).write(pos, path)
    report = check_states([read_state(path, module=module)])
    return sorted((f.rule, f.title, f.hexes, f.units, f.message, f.status) for f in report.findings + report.notes)


def both(game, module, tmp_path, make, unit: str, hex_id: str, marker: str, back: bool = False) -> tuple[list, list]:
    """The findings of a position with the marker counter under the unit, and with the unit's layer instead."""
    counter = findings(game, module, make().marker(marker, hex_id, back=back, under=unit), tmp_path / "counter.vsav")
    layer = findings(game, module, make().state(unit, marker, back=back), tmp_path / "layer.vsav")
    return counter, layer


# ----------------------------------------------------------------- data


def test_each_shipped_game_declares_its_unit_states(games):
    for g, want in DECLARED.items():
        assert [m.id for m in games[g].markers.values() if m.on_unit is not None] == want, g


MINI_MARKERS = ("counters", "mini", "markers.yaml")


def with_states(root: Path, ce: str, gt: str = "") -> None:
    """The mini game's CE (two-sided) and GT markers declaring the given `on_unit` flow mappings."""
    path = root.joinpath(*MINI_MARKERS)
    text = path.read_text(encoding="utf-8").replace("kind: ce}", f"kind: ce, on_unit: {ce}}}")
    if gt:
        text = text.replace("kind: turn}", f"kind: turn, on_unit: {gt}}}")
    path.write_text(text, encoding="utf-8")


def test_a_declared_state_loads(mini_copy):
    with_states(mini_copy, "{key: Ctrl+Shift+C, back_label: CE2}")
    ce = load_game(mini_copy, "mini").markers["ce"]
    assert (ce.on_unit.keystroke, ce.on_unit.label, ce.on_unit.back_label) == ("67,195", "CE -1", "CE2")


@pytest.mark.parametrize("ce,gt,message", [
    ("{key: Ctrl+S}", "", "Ctrl+Shift+<letter or digit>"),
    ("{key: Ctrl+Shift+M}", "", "Clear moved"),
    ("{key: Ctrl+Shift+C}", "{key: Ctrl+Shift+C}", "already steps marker 'ce'"),
])
def test_a_bad_state_key_is_refused_with_its_field(mini_copy, ce, gt, message):
    with_states(mini_copy, ce, gt)
    err = refused(mini_copy)
    assert err.field.endswith("on_unit.key") and message in err.message and err.line, err


# ----------------------------------------------------------------- module


def test_every_unit_has_a_layer_per_state_stepped_by_its_key_and_reported(games):
    game = games["galicia1914"]
    composer = Composer(game)
    unit = next(iter(game.units.values()))
    piece = unit_def(game, game.primary_scenario, unit, composer.layout).piece
    layers = {t.fields[LAYER_NAME_FIELD]: t for t in piece.find("emb2;")}
    ce = layers[state_layer_name("ce1")]
    assert ce.fields[15] == ",state_ce1_f.png,state_ce1_b.png" and ce.fields[27] == "67,195"  # none, CE -1, CE -2; Ctrl+Shift+C
    assert ce.fields[3] == "CE -1 / CE -2"  # the menu command, named after the marker
    assert "Step" in layers  # the step layer is still there, by its name
    supply = report_lines(piece.traits, layers[state_layer_name("supply")].fields[27])  # its report, on its key
    assert supply == {2: report_format("{unit} in {hex}: Low Supply -1"), 3: report_format("{unit} in {hex}: Out of Supply -2"),
                      1: report_format("{unit} in {hex}: no longer Out of Supply -2")}
    order = [t.fields[LAYER_NAME_FIELD] if t.prefix == "emb2;" else t.prefix for t in piece.traits]
    mask, step = order.index("obs;"), order.index("Step")
    assert mask < order.index(state_layer_name("ce1")) < order.index(state_layer_name("supply")) < step  # hidden with the unit


def test_the_module_carries_the_badges(galicia_module):
    with Archive(str(galicia_module)) as arc:
        names = set(arc.names())
    badges = {"images/state_ce1_f.png", "images/state_ce1_b.png", "images/state_supply_f.png", "images/state_supply_b.png"}
    assert badges <= names
    units = [s.piece for s in read_module(galicia_module).slots.values() if "UnitId" in s.piece.type]  # prototypes expanded
    assert len(units) == 127
    for b in badges:  # on every unit of the palette
        assert all(b.removeprefix("images/") in piece.type for piece in units), b


@pytest.mark.parametrize("counter", [72, 81, 88])  # the shipped games' counter sizes, and the art's design size
def test_the_badges_stand_on_the_left_edge_clear_of_the_factors(counter):
    """Every slot's badge lies left of the boxed value (x 5 on the counter) and within the counter's height."""
    half = counter // 2
    for slot in range(STATE_SLOTS):
        x, y = badge_offset(slot, counter)
        right, top, bottom = half + x + BADGE_W / 2, half + y - BADGE_H / 2, half + y + BADGE_H / 2
        assert right <= 4 and top >= -4 and bottom <= counter, (slot, right, top, bottom)


# ----------------------------------------------------------------- reader


def test_a_set_layer_reads_as_the_marker_on_its_unit(games, galicia_module, tmp_path):
    game = games["galicia1914"]
    pos = blank(game).unit("ah-inf-4", "17.20", reduced=True).state("ah-inf-4", "supply", back=True).state("ah-inf-4", "ce1")
    pos.unit("ah-inf-25", "17.20")
    path = Composer(game).write(pos, tmp_path / "s.vsav")
    st = read_state(path, module=galicia_module)
    u = st.unit("ah-inf-4")
    assert u.reduced  # the Step layer is read by its name as before
    got = sorted((m.marker.id, m.face, m.hex, m.unit, m.layer) for m in u.markers)
    assert got == [("ce1", "CE -1", "17.20", "ah-inf-4", True), ("supply", "Out of Supply -2", "17.20", "ah-inf-4", True)]
    assert st.unit("ah-inf-25").markers == []  # another unit of the stack gets none
    assert sorted(m.marker.id for m in st.markers if m.layer) == ["ce1", "supply"]


def test_a_unit_without_its_layers_set_carries_no_state(games, galicia_module, tmp_path):
    game = games["galicia1914"]
    path = Composer(game).write(blank(game).unit("ah-inf-4", "17.20"), tmp_path / "s.vsav")
    assert read_state(path, module=galicia_module).unit("ah-inf-4").markers == []


# ----------------------------------------------------------------- same findings, both forms


def test_galicia_supply_layer_is_judged_as_the_marker(games, galicia_module, tmp_path):
    """11.4: a unit in supply marked Low Supply is wrongly marked, whichever form the mark takes."""
    game = games["galicia1914"]

    def make():
        return blank(game).unit("ah-inf-25", "16.19").set_turn(3, "ah", "Supply")

    counter, layer = both(game, galicia_module, tmp_path, make, "ah-inf-25", "16.19", "supply")
    assert [f[0] for f in counter] == ["11.4"] and layer == counter


def test_holland_oos_layer_is_judged_as_the_marker(games, holland_module, tmp_path):
    """18.1: a unit in supply marked Out of Supply."""
    game = games["holland44"]
    inf = next(u.id for u in game.units.values() if u.side == "allied" and u.type == "infantry")

    def make():
        return blank(game, "campaign").unit(inf, "1404").set_turn(3, "allied", "Traffic Marker")

    counter, layer = both(game, holland_module, tmp_path, make, inf, "1404", "oos")
    assert "18.1" in [f[0] for f in counter] and layer == counter


def test_holland_disrupted_layer_forms_no_bond(games, holland_module, tmp_path):
    """14.2: disrupted units form no ZOC bonds, a layer as a marker."""
    from .test_rules_holland import _line_of_three, open_hex, units

    game = games["holland44"]
    a, _, b = _line_of_three(game, open_hex(game))
    g1, g2 = units(game, "german", 2, lambda u: not u.has("unknown") and not u.has("supply_head") and not u.has("free_stacking"))
    plugin = plugin_for("holland44")
    bonds = []
    for i, pos in enumerate((blank(game, "campaign").unit(g1, a).unit(g2, b),
                             blank(game, "campaign").unit(g1, a).unit(g2, b).marker("disrupted", b, under=g2),
                             blank(game, "campaign").unit(g1, a).unit(g2, b).state(g2, "disrupted"))):
        path = Composer(game).write(pos.set_turn(3, "allied", "Movement"), tmp_path / f"b{i}.vsav")
        bonds.append(plugin.bonds(read_state(path, module=holland_module)))
    assert bonds[0] and bonds[1] == bonds[2] == []


def test_owc_broken_layer_is_judged_as_the_marker(games, owc_module, tmp_path):
    """16: only unbroken units turn face down: a hidden unit with a Broken layer breaks it too."""
    from .test_rules_owc1914 import open_russia

    game = games["owc1914"]
    h = open_russia(game)

    def make():
        return blank(game, "campaign").unit("ru-1", h, masked=True).set_turn(3, "russia", "Repeat attacks")

    counter, layer = both(game, owc_module, tmp_path, make, "ru-1", h, "broken")
    assert [f[0] for f in counter] == ["16"] and layer == counter


def test_ef1914_out_of_supply_layer_is_judged_as_the_marker(games, ef_module, tmp_path):
    """14.4: a unit in supply marked Out of Supply."""
    from .test_rules_ef1914_supply import RU_DIV, place

    game = games["ef1914"]
    hex_id, _ = place(game, "russian", 2)

    def make():
        return blank(game, "tannenberg").unit(RU_DIV, hex_id).set_turn(3, "russian", "RR Engineering")

    counter, layer = both(game, ef_module, tmp_path, make, RU_DIV, hex_id, "out-of-supply")
    assert "14.4" in [f[0] for f in counter] and layer == counter
