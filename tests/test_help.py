"""The Help menu's pages and the navigation aids, as the builder writes them (no engine: the engine's
side is tests/test_conformance_help.py).

The key card is read from the traits the pieces carry, so it must list exactly the menu commands
with a key; the rules reference lists every rule the game's checker reports; About shows the
credits and the approximate data; `rules_pdf` is a URL or a PDF beside game.yaml, copied into the
module with a Help entry; the overview goes only on maps larger than a screen; every unit carries a
Text Label on Ctrl+L without its gpid changing.
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest
from lxml import etree
from markupsafe import escape

from modgen.conventions import FINDING_KIND
from modgen.build import build_game, piece_defs
from modgen.errors import DataError
from modgen.layout import tracks_layout
from modgen.loader import load_game
from modgen.plugins import rules_for
from modgen.vmod.help import PDF_ENTRY, help_pages, key_card, key_name, piece_commands
from modgen.vmod.dropline import HOOK_PROPERTY, HOOK_TEXT
from modgen.vmod.warnings import HOOK_LABEL_KEY
from modgen.vmod.piecedefs import LABEL_KEY

from .conftest import MINI, REPO

P = "VASSAL.build.module."


@pytest.mark.parametrize("stroke, name", [
    ("70,130", "Ctrl+F"), ("67,520", "Alt+C"), ("84,195", "Ctrl+Shift+T"), ("84,650", "Ctrl+Alt+T"),
    ("49,520", "Alt+1"), ("61440,0", "F13"), ("0,0", ""), ("", ""),
])
def test_key_names_read_as_a_player_reads_them(stroke: str, name: str) -> None:
    assert key_name(stroke) == name


@pytest.fixture(scope="module")
def galicia():
    game = load_game(REPO, "galicia1914")
    defs = piece_defs(game, tracks_layout(game, list(game.scenarios.values())))
    return game, defs


def test_the_key_card_is_the_menu_commands_the_pieces_carry(galicia) -> None:
    game, defs = galicia
    card = {group["title"].split(" (")[0]: group["rows"] for group in key_card(game, defs)}
    units = {r["key"]: r for r in card["Units"]}
    states = {key_name(m.on_unit.keystroke) for m in game.markers.values() if m.on_unit is not None}  # markers.yaml on_unit
    assert states == {"Ctrl+Shift+C", "Ctrl+Shift+S"}  # CE and supply (its keys as the data declares them)
    assert set(units) == {"Ctrl+D", "Ctrl+E", "Ctrl+M", "Ctrl+L", "Ctrl+F"} | states
    assert units["Ctrl+L"]["carried"] == "all"
    two_sided = sum(1 for u in game.units.values() if u.back is not None)
    assert units["Ctrl+F"]["carried"] == f"{two_sided} of {len(game.units)}"
    # no private key (the reports' F13-F21, the trail keys) is on the card
    assert not any(r["key"].startswith("F") for rows in card.values() for r in rows)
    a_unit = defs[("unit", next(iter(game.units)))]
    assert {c.key for c in piece_commands(a_unit.piece)} <= set(units)


def test_the_pages_say_what_the_data_and_the_checker_say(galicia) -> None:
    game, defs = galicia
    pages = {p.title: p for p in help_pages(game, defs, [c.name for c in game.charts], [])}
    about, rules = pages[f"About {game.title}"].html, pages["Rules reference"].html
    assert "Game design: Michael Resch" in about and "Module version 1.0.0" in about
    approx_units = sum(1 for u in game.units.values() if u.provenance.approximate)
    assert f"<td>Units</td><td>{approx_units} of {len(game.units)}</td>" in about
    for phase in game.turns.phases:
        assert f"<li>{phase}</li>" in rules
    for timing in rules_for(game).report.timings:
        assert f"<td>{escape(timing.label)}</td>" in rules
    assert "At most 6 steps in a hex." in rules
    assert all(etree.HTML(p.html) is not None for p in pages.values())


def _mini(tmp_path: Path, extra: str) -> Path:
    root = tmp_path / "data"
    shutil.copytree(MINI, root)
    game_yaml = root / "counters" / "mini" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + extra)
    return root


def test_a_rules_pdf_beside_game_yaml_is_in_the_module_with_its_help_entry(tmp_path: Path) -> None:
    root = _mini(tmp_path, "rules_pdf: rules/the-rules.pdf\n")
    (root / "counters" / "mini" / "rules").mkdir()
    (root / "counters" / "mini" / "rules" / "the-rules.pdf").write_bytes(b"%PDF-1.4 test")
    path = build_game(root, "mini", tmp_path / "out", use_cache=False).path
    with zipfile.ZipFile(path) as z:
        assert z.read(PDF_ENTRY) == b"%PDF-1.4 test"
        doc = etree.fromstring(z.read("buildFile.xml"))
    pdf = doc.findall(f".//{P}documentation.BrowserPDFFile")
    assert [(e.get("title"), e.get("pdfFile")) for e in pdf] == [("Rules (PDF)", PDF_ENTRY)]
    # a small map: no overview window; the main map has its Flare
    assert doc.find(f".//{P}map.GlobalMap") is None
    assert doc.find(f"./{P}Map/{P}map.Flare") is not None


def test_a_missing_rules_pdf_is_refused_with_its_field(tmp_path: Path) -> None:
    root = _mini(tmp_path, "rules_pdf: nowhere.pdf\n")
    with pytest.raises(DataError, match="rules_pdf: no file 'nowhere.pdf'"):
        build_game(root, "mini", tmp_path / "out", use_cache=False)


@pytest.mark.parametrize("value", ["../outside.pdf", "/abs/rules.pdf", "rules.txt", "ftp://x/rules.pdf"])
def test_a_rules_pdf_that_is_neither_a_url_nor_a_pdf_beside_game_yaml_is_refused(tmp_path: Path, value: str) -> None:
    root = _mini(tmp_path, f"rules_pdf: {value!r}\n")
    with pytest.raises(DataError, match=r"game.yaml:\d+: rules_pdf: .*http\(s\) URL"):
        load_game(root, "mini")


def test_a_rules_url_is_linked_not_copied(tmp_path: Path) -> None:
    root = _mini(tmp_path, "rules_pdf: https://example.com/rules.pdf\ncredits: {designer: A. Designer}\n")
    game = load_game(root, "mini")
    defs = piece_defs(game, tracks_layout(game, list(game.scenarios.values())))
    about = help_pages(game, defs, [], [])[0].html
    assert '<a href="https://example.com/rules.pdf">' in about and "Game design: A. Designer" in about


def test_every_unit_has_a_text_label_on_ctrl_l_and_keeps_its_gpid(galicia) -> None:
    game, defs = galicia
    for (kind, item_id), d in defs.items():
        labels = d.piece.find("label;")
        assert d.gpid == game.gpid(kind, item_id)
        if kind == FINDING_KIND:  # the checker's finding marker: its label holds the finding (modgen check --annotate)
            assert len(labels) == 1 and labels[0].fields[0] == LABEL_KEY and not d.piece.find("obs;")
            continue
        # a unit's name hook for its drop warnings (dropline) is a Text Label too: a key nothing sends, no menu,
        # a constant text that draws nothing (a no-break space, which VASSAL does not trim; centred, no background)
        hooks = [t for t in labels if t.fields[15] == HOOK_PROPERTY]
        labels = [t for t in labels if t not in hooks]
        assert all(t.fields[0] == HOOK_LABEL_KEY and t.fields[1] == "" and t.state == HOOK_TEXT == "\u00a0" and t.fields[3] == ""
                   and (t.fields[5], t.fields[9]) == ("c", "c") for t in hooks)
        assert len(labels) == (1 if kind == "unit" else 0)
        if labels:
            assert labels[0].fields[0] == LABEL_KEY and labels[0].state == ""
            mask = next(i for i, t in enumerate(d.piece.traits) if t.prefix == "obs;")
            assert d.piece.traits.index(labels[0]) > mask, "the label is inside the mask"
            # the hook outside the mask and the player's label: "NAME (label) [! ...]", "German unit [! ...]" hidden
            assert all(d.piece.traits.index(t) < mask for t in hooks)
