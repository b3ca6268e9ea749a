"""read_module and map_location on the fixture modules."""

import json
import zipfile

import pytest

from modgen.errors import SaveError
from modgen.vassal.module import map_location, read_module
from modgen.vassal.savefile import BoardPick

from .conftest import FIXTURES as FIX


def test_kitchen_module():
    m = read_module(FIX / "kitchen.vmod")
    assert (m.name, m.version, m.vassal_version, m.next_piece_slot_id) == ("KitchenSink", "1.2", "3.7.0", 100)
    assert m.moduledata["name"] == "KitchenSink"
    assert [(x.name, x.component_id) for x in m.maps] == [("Main Map", "Map0"), ("Eliminated", "Map1")]
    g = m.map("Main Map").board("Galicia")
    assert (g.width, g.height, g.image) == (1200, 900, "galicia.png")
    assert (g.grid.dx, g.grid.dy, g.grid.x0, g.grid.y0) == (62.35382907247958, 72.0, 42, 36)
    assert g.grid.numbering.first == "V" and g.grid.numbering.v_off == -1
    e = m.map("Eliminated").board("Eliminated Box")
    assert (e.width, e.height, e.grid) == (600, 300, None)
    assert len(m.slots) == 19 and m.slots["11"].entry_name == "RU II Corps"
    assert m.slots["11"].palette_path == ["Counters", "Counters", "Russia"]
    assert m.slots["50"].piece.basic_name == "CE -1"
    assert list(m.prototypes) == ["Unit Common"]
    assert m.setups == {"New Game": None, "August 1914": "scenario_1914.vsav"}
    assert m.global_properties == {"VP_Russia": "0"}
    assert m.sides == ["Russia", "Austria-Hungary"]
    tt = m.turn_trackers[0]
    assert tt.id == "TurnTracker0" and tt.levels[0].kind == "counter"
    assert tt.levels[0].children[0].attributes["list"] == "Russian,Austro-Hungarian"


def test_kitchen_grid_names_all_768_points():
    m = read_module(FIX / "kitchen.vmod")
    n = 0
    for line in (FIX / "kitchen_grid.expected.jsonl").read_text().splitlines():
        e = json.loads(line)
        if "x" not in e:
            continue
        n += 1
        assert map_location(m, "Main Map", e["x"], e["y"]) == e["location"], e
    assert n == 768
    assert map_location(m, "Eliminated", 120, 150) == "offboard"


def test_tiny_modules():
    t = read_module(FIX / "tiny.vmod")
    assert t.name == "TinyOracle" and list(t.slots) == ["1", "2"]
    assert map_location(t, "Main Map", 100, 80) == "0302"
    assert map_location(t, "Main Map", 250, 200) == "0705"
    assert map_location(t, "Main Map", 500, 80) == "offboard"
    t2 = read_module(FIX / "tiny2.vmod")
    assert t2.setups == {"New Game": None, "Scenario 1": "scenario1.vsav"}
    assert [s.gpid for s in t2.setup_stack_slots] == ["3"] and "3" not in t2.slots


def test_board_layout_with_edges_and_picks(tmp_path):
    src = zipfile.ZipFile(FIX / "tiny.vmod")
    xml = src.read("buildFile.xml").decode().replace('mapName="Main Map"', 'mapName="Main Map" edgeWidth="10" edgeHeight="5"')
    p = tmp_path / "e.vmod"
    with zipfile.ZipFile(p, "w") as z:
        for i in src.infolist():
            z.writestr(i.filename, xml if i.filename == "buildFile.xml" else src.read(i.filename))
    m = read_module(p)
    assert map_location(m, "Main Map", 110, 85) == "0302"
    assert map_location(m, "Main Map", 5, 85) == "offboard"
    # two copies side by side: the second board starts at 10 + 400
    two = [BoardPick("Board A", 0, 0), BoardPick("Board A", 1, 0)]
    assert map_location(m, "Main Map", 410 + 100, 85, two) == "0302"
    # a reversed board mirrors the point
    assert map_location(m, "Main Map", 10 + 300, 5 + 220, [BoardPick("Board A", reversed=True)]) == "0302"


@pytest.mark.parametrize("entries,fragment", [
    ({"moduledata": b"<data/>"}, "no buildFile"),
    ({"buildFile.xml": b"<VASSAL.build.GameModule"}, "bad XML"),
    ({"buildFile.xml": b"<Other/>"}, "not a VASSAL"),
    ({"buildFile.xml": b'<VASSAL.build.GameModule nextPieceSlotId="x"/>'}, "nextPieceSlotId"),
])
def test_bad_modules(tmp_path, entries, fragment):
    p = tmp_path / "bad.vmod"
    with zipfile.ZipFile(p, "w") as z:
        for k, v in entries.items():
            z.writestr(k, v)
    with pytest.raises(SaveError) as err:
        read_module(p)
    assert fragment in str(err.value)


def test_legacy_buildfile_is_read_for_old_modules(tmp_path):
    p = tmp_path / "old.vmod"
    with zipfile.ZipFile(p, "w") as z:
        z.writestr("moduledata", "<data><VassalVersion>3.2.17</VassalVersion><name>Old</name></data>")
        z.writestr("buildFile", '<VASSAL.build.GameModule name="Old" version="2"/>')
        z.writestr("buildFile.xml", '<VASSAL.build.GameModule name="New"/>')
    assert read_module(p).name == "Old"
