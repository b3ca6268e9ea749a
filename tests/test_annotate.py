"""`modgen check SAVE --annotate OUT.vsav` (issue 25): a copy of a checked save with a finding marker on
each finding's hex and the report in the chat, which opens in VASSAL and checks as the original.

The sample saves' findings are pinned in their .expected.json, reasoned from the rules; here the
annotated copy must carry exactly those findings as markers, on the hexes the findings name, and
leave every unit and marker of the game where it was - read by our reader and by the real engine.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from modgen.check.annotate import annotate_save
from modgen.check.run import check_saves
from modgen.cli import main
from modgen.conventions import FINDING_KIND, FINDINGS_LAYER, MAIN_MAP, MAP_LAYER_PROPERTY, UNITS_LAYER
from modgen.vassal.module import read_module
from modgen.vassal.savefile import read_game
from modgen.vassal.sequence import decode
from modgen.vmod.piecedefs import DROP_ANSWERS_TYPE

from .conftest import REPO, built, require_engine

ILLEGAL = {g: REPO / "samples" / g / "illegal.vsav" for g in ("galicia1914", "holland44", "owc1914", "ef1914")}


@pytest.fixture(scope="module")
def annotated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path, Path]]:
    """Per game: (module, the sample save, its annotated copy), the copy written by the CLI."""
    out = {}
    for game_id, save in ILLEGAL.items():
        module = built(tmp_path_factory, REPO, game_id)
        folder = tmp_path_factory.mktemp(f"annotated-{game_id}")
        copy = folder / "illegal.annotated.vsav"
        assert main(["check", str(save), "--module", str(module), "--annotate", str(copy)]) == 1  # findings: exit 1
        out[game_id] = (module, save, copy)
    return out


def _placed(report) -> list[tuple[str, str, str]]:
    return sorted((f.hexes[0], f.rule, f.title) for f in report.saves[-1].findings if f.hexes)


@pytest.mark.parametrize("game_id", list(ILLEGAL))
def test_an_annotated_save_checks_as_the_original(annotated, game_id: str) -> None:
    module, save, copy = annotated[game_id]
    before, after = check_saves([save], module), check_saves([copy], module)
    assert [f.key() for f in after.findings] == [f.key() for f in before.findings]
    a, b = before.saves[0].state, after.saves[0].state
    assert [(u.unit.id, u.map, u.hex, u.box, u.reduced, u.masked) for u in a.units] == \
           [(u.unit.id, u.map, u.hex, u.box, u.reduced, u.masked) for u in b.units]
    assert sorted((m.marker.id, m.map, m.hex, m.box) for m in a.markers) == sorted((m.marker.id, m.map, m.hex, m.box) for m in b.markers)


@pytest.mark.parametrize("game_id", list(ILLEGAL))
def test_each_finding_with_a_hex_is_a_marker_on_that_hex(annotated, game_id: str) -> None:
    module, save, copy = annotated[game_id]
    report = check_saves([save], module)
    game = report.saves[0].state.game
    saved, original = read_game(copy), read_game(save)
    gpid = game.gpid(FINDING_KIND, FINDING_KIND)
    rings = [r for r in saved.pieces if r.gpid == gpid]
    assert len(rings) == len(_placed(report)) > 0  # every sample named here has findings on the map
    got = []
    for r in rings:
        (marker,) = r.piece.find("mark;")
        props = dict(zip(decode(marker.type[len("mark;"):], ","), decode(marker.state, ",")))
        where = next(h for h in game.map.hex_ids() if game.map.centre(h)[1:] == (r.x, r.y))
        assert r.map == MAIN_MAP and props[MAP_LAYER_PROPERTY] == FINDINGS_LAYER and props["Kind"] == FINDING_KIND
        label = r.piece.find("label;")[0].state
        assert label.startswith(props["Rule"] + " ")
        got.append((where, props["Rule"], label[len(props["Rule"]) + 1:]))
    assert sorted(got) == _placed(report)
    assert [p.id for p in saved.pieces if p.gpid != gpid] == [p.id for p in original.pieces]  # nothing else added


def _rings(path: Path, gpid: str) -> list[tuple[int, int, str, dict[str, str]]]:
    out = []
    for r in read_game(path).pieces:
        if r.gpid == gpid:
            (marker,) = r.piece.find("mark;")
            props = dict(zip(decode(marker.type[len("mark;"):], ","), decode(marker.state, ",")))
            out.append((r.x, r.y, r.piece.find("label;")[0].state, props))
    return sorted(out, key=lambda x: (x[0], x[1], x[2]))


@pytest.mark.parametrize("game_id", ["galicia1914", "ef1914"])
def test_modgen_refresh_keeps_the_finding_markers(annotated, game_id: str, tmp_path: Path) -> None:
    """`modgen refresh` (an offline Refresh Counters onto the module, as after errata) keeps every ring on
    its hex with its label and its Marker's rule and words: values the definition leaves empty are the
    piece's own, not errata to replace."""
    module, save, copy = annotated[game_id]
    refreshed = tmp_path / "refreshed.vsav"
    assert main(["refresh", str(copy), "--module", str(module), "-o", str(refreshed)]) == 0
    game = check_saves([save], module).saves[0].state.game
    gpid = game.gpid(FINDING_KIND, FINDING_KIND)
    before, after = _rings(copy, gpid), _rings(refreshed, gpid)
    assert after == before and len(after) > 0
    assert all(props["Rule"] and props["Finding"] and label.startswith(props["Rule"] + " ") for _, _, label, props in after)
    again = check_saves([refreshed], module)
    assert [f.key() for f in again.findings] == [f.key() for f in check_saves([save], module).findings]


def test_the_module_puts_findings_in_a_layer_above_the_units(annotated) -> None:
    """The main map's Game Piece Layers: Units, then Findings (drawn later, above); every piece is in
    Units by the map's own MapLayer property; a toolbar button switches the Findings layer."""
    import zipfile

    from lxml import etree

    module = annotated["galicia1914"][0]
    root = etree.fromstring(zipfile.ZipFile(module).read("buildFile.xml"))
    main_map = next(m for m in root.iter("VASSAL.build.module.Map") if m.get("mapName") == MAIN_MAP)
    layers = main_map.find("VASSAL.build.module.map.LayeredPieceCollection")
    assert layers.get("property") == MAP_LAYER_PROPERTY and layers.get("layerOrder") == f"{UNITS_LAYER},{FINDINGS_LAYER}"
    button = layers.find("VASSAL.build.module.map.LayerControl")
    assert button.get("layers") == FINDINGS_LAYER and button.get("command") == "Switch Layer between Active and Inactive"
    props = {p.get("name"): p.get("initialValue") for p in main_map.iter("VASSAL.build.module.properties.GlobalProperty")}
    assert props[MAP_LAYER_PROPERTY] == UNITS_LAYER
    assert sum(1 for _ in root.iter("VASSAL.build.module.map.LayeredPieceCollection")) == 1  # the main map only
    for slot in read_module(module).slots.values():  # every piece says its layer (a stack is layered before its map is known)
        props = {}
        for marker in slot.piece.find("mark;"):  # outermost first, as VASSAL reads a property
            for name, value in zip(decode(marker.type[len("mark;"):], ","), decode(marker.state, ",")):
                props.setdefault(name, value)
        assert props[MAP_LAYER_PROPERTY] == (FINDINGS_LAYER if props.get("Kind") == FINDING_KIND else UNITS_LAYER), slot.entry_name


def test_the_checked_save_is_never_overwritten(annotated, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    module, save, _ = annotated["galicia1914"]
    copy = tmp_path / "illegal.vsav"
    shutil.copy(save, copy)
    before = copy.read_bytes()
    assert main(["check", str(copy), "--module", str(module), "--annotate", str(copy)]) == 2
    assert "never overwritten" in capsys.readouterr().err and copy.read_bytes() == before
    assert main(["check", str(copy), "--module", str(module), "--annotate", str(tmp_path / "x.png")]) == 2
    assert "--annotate must name a .vsav file" in capsys.readouterr().err


def test_a_module_without_the_finding_marker_is_refused(tmp_path: Path) -> None:
    """A save of a module built before --annotate: its module has no finding marker to place."""
    from modgen.errors import ModgenError

    fixtures = REPO / "tests" / "fixtures" / "previous-build"
    save = fixtures / "galicia1914.vsav"
    module = next(fixtures.glob("galicia1914*.vmod"), None)
    if module is None:
        pytest.skip("the previous build's fixture holds no module")
    report = check_saves([save], module)
    with pytest.raises(ModgenError, match="no finding marker"):
        annotate_save(report, tmp_path / "out.vsav")
    assert not (tmp_path / "out.vsav").exists()


def test_annotated_saves_open_in_the_engine_with_each_marker_on_its_hex(annotated) -> None:
    """The real engine loads each annotated sample cleanly: every unit and marker where our reader
    reads it, each finding marker on its finding's hex, the report's lines in the chat."""
    for game_id, (res, report) in _opened(annotated).items():
        state = report.saves[0].state
        gpid = state.game.gpid(FINDING_KIND, FINDING_KIND)
        rings = sorted(p["location"] for p in res.pieces if p.get("gpid") == gpid)
        assert rings == sorted(h for h, _, _ in _placed(report)), game_id
        chat = [c["text"] for c in res.of_kind("chat")]
        assert any(f"modgen check: {len(report.saves[0].findings)} finding(s)" in line for line in chat), chat[-5:]


LOGS = {g: REPO / "samples" / g / "turn-illegal.vlog" for g in ("galicia1914", "owc1914")}


@pytest.fixture(scope="module")
def annotated_logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path, Path]]:
    """Per game with an illegal sample log: (module, the log, a save of its annotated final position)."""
    out = {}
    for game_id, log in LOGS.items():
        module = built(tmp_path_factory, REPO, game_id)
        copy = tmp_path_factory.mktemp(f"annotated-log-{game_id}") / "final.vsav"
        assert main(["check", str(log), "--module", str(module), "--annotate", str(copy)]) == 1  # the pinned steps
        out[game_id] = (module, log, copy)
    return out


@pytest.mark.parametrize("game_id", list(LOGS))
def test_a_log_s_final_position_is_annotated_with_the_steps_that_broke_rules(annotated_logs, game_id: str) -> None:
    """The save holds the position after the log's last step (each unit where the log leaves it) and a
    ring on the first hex of each breaking step's finding (the sample's pin reasons each from the rules)."""
    from modgen.check.logcheck import check_log

    module, log, copy = annotated_logs[game_id]
    report = check_log(log, module)
    last = report.phases[-1].end
    state = check_saves([copy], module).saves[0].state
    assert sorted((u.unit.id, u.map, u.hex, u.box, u.reduced, u.masked) for u in state.units) == \
           sorted((u.unit.id, u.map, u.hex, u.box, u.reduced, u.masked) for u in last.units)
    assert (state.turn, state.phasing_side, state.phase) == (last.turn, last.phasing_side, last.phase)
    gpid = state.game.gpid(FINDING_KIND, FINDING_KIND)
    rings = []
    for r in read_game(copy).pieces:
        if r.gpid == gpid:
            rings.append(next(h for h in state.game.map.hex_ids() if state.game.map.centre(h)[1:] == (r.x, r.y)))
    assert sorted(rings) == sorted(sf.finding.hexes[0] for sf in report.findings if sf.finding.hexes) != []


def test_an_annotated_log_position_opens_in_the_engine(annotated_logs) -> None:
    for res, _ in _opened(annotated_logs).values():
        assert any("step(s) of turn-illegal.vlog break a rule" in c["text"] for c in res.of_kind("chat"))


def _opened(copies: dict[str, tuple[Path, Path, Path]]) -> dict:
    """Each annotated copy loaded by the real engine (two at a time): game -> (the engine's result, our check of
    the copy), having asserted that the engine loaded it cleanly with every unit on the hex our reader reads."""
    from concurrent.futures import ThreadPoolExecutor

    from modgen.engine import run_engine

    require_engine()
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = {g: pool.submit(run_engine, m, save=c, images=False) for g, (m, _, c) in copies.items()}
        results = {g: r.result() for g, r in runs.items()}
    out = {}
    for game_id, res in results.items():
        module, _, copy = copies[game_id]
        assert res.ok, f"{game_id}:\n{res.describe()}"
        report = check_saves([copy], module)
        engine = {p["id"]: p for p in res.pieces}
        for u in report.saves[0].state.units:
            if u.map is not None and u.hex is not None:
                assert (engine[u.piece_id]["map"], engine[u.piece_id]["location"]) == (u.map, u.hex), (game_id, u.unit.id)
        out[game_id] = (res, report)
    return out
