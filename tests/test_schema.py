"""Every data file has a JSON Schema: the loader refuses unknown keys with file:line:field and a
did-you-mean, the shipped data validates, and docs/schema/ is what the definitions write."""

from __future__ import annotations

from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from modgen.load.schemas import SCHEMAS, rendered
from modgen.yamlsrc import load_yaml

from .conftest import MINI, REPO, refused
from .test_loader import edit, line_of

GAME, UNITS, MARKERS, S1 = "counters/mini/game.yaml", "counters/mini/units.yaml", "counters/mini/markers.yaml", "counters/mini/scenarios/s1.yaml"
MAP, TERRAIN, FEATURES = "maps/mini/map.yaml", "maps/mini/terrain.yaml", "maps/mini/features.yaml"


def data_files(root: Path) -> list[tuple[str, Path]]:
    return [(name, path) for name, (_, pattern) in SCHEMAS.items() for path in sorted(root.glob(pattern))]


@pytest.mark.parametrize("rel,old,new,line,field,message", [
    (S1, "reinforcements:", "reinforcments:", 10, "reinforcments", "unknown field 'reinforcments' (did you mean 'reinforcements'?)"),
    (UNITS, "type: cavalry, size: XX", "type: cavalry, sise: XX", 6, "units[2].sise", "unknown field 'sise' (did you mean 'size'?)"),
    # a unit's unit_values ids (game.yaml) are its keys too
    (UNITS, "ma: 4, av: 3,", "ma: 4, avv: 3,", 4, "units[0].avv", "unknown field 'avv' (did you mean 'av'?)"),
    (UNITS, "reduced: {attack: 2, defense: 2}}", "reduced: {attack: 2, defence: 2}}", 4, "units[0].reduced.defence",
     "unknown field 'defence' (did you mean 'defense'?)"),
    (GAME, "stacking:\n", "stackng_limit: 6\nstacking:\n", 17, "stackng_limit", "unknown field 'stackng_limit' (did you mean 'stacking'?)"),
    (GAME, "  limit: 6", "  limt: 6", 18, "stacking.limt", "unknown field 'limt' (did you mean 'limit'?)"),
    (GAME, "symbol: cavalry, two_colour: true}", "symbol: cavalry, two_color: true}", 13, "unit_types.cavalry.two_color",
     "unknown field 'two_color' (did you mean 'two_colour'?)"),
    (GAME, 'notes: ["a note"]', 'note: ["a note"]', 29, "charts[0].note", "unknown field 'note' (did you mean 'notes'?)"),
    (MAP, "    hex_size: 80", "    hex_sise: 80", 4, "boards[0].hex_sise", "unknown field 'hex_sise' (did you mean 'hex_size'?)"),
    (MAP, "line_digits: 1,", "line_digit: 1,", 9, "boards[0].numbering.line_digit", "unknown field 'line_digit' (did you mean 'line_digits'?)"),
    (MAP, "blocks_zoc: true", "block_zoc: true", 15, "hexside_types.river.block_zoc", "unknown field 'block_zoc' (did you mean 'blocks_zoc'?)"),
    (TERRAIN, "default: clear", "defualt: clear", 3, "defualt", "unknown field 'defualt' (did you mean 'default'?)"),
    (FEATURES, 'hex: "5.05", size: city', 'hex: "5.05", sise: city', 10, "towns[1].sise", "unknown field 'sise' (did you mean 'size'?)"),
    (FEATURES, '{from: "2.01", to: "4.01"}', '{from: "2.01", too: "4.01"}', 13, "areas[1].hexes[0].too", "unknown field 'too' (did you mean 'to'?)"),
    (FEATURES, "supply_sources:", "suply_sources:", 14, "suply_sources", "unknown field 'suply_sources' (did you mean 'supply_sources'?)"),
    (MARKERS, 'colour: "#dddddd"', 'color: "#dddddd"', 3, "markers[1].color", "unknown field 'color' (did you mean 'colour'?)"),
    (MARKERS, 'back: {name: "CE -2", text:', 'back: {name: "CE -2", txt:', 2, "markers[0].back.txt", "unknown field 'txt' (did you mean 'text'?)"),
])
def test_a_misspelt_key_is_refused_with_file_line_field_and_did_you_mean(mini_copy, rel, old, new, line, field, message):
    edit(mini_copy, rel, old, new)
    key = field.rsplit(".", 1)[-1]
    assert f"{key}:" in (mini_copy / rel).read_text().splitlines()[line - 1], "test setup: the misspelt key is on that line"
    err = refused(mini_copy)
    assert (err.file, err.line, err.field) == (rel, line, field)
    assert err.message == f"{field}: {message}"


def test_a_misspelt_key_on_its_own_line_is_named_not_the_missing_one(mini_copy):
    # the board starts on line 2 and now lacks hex_size: the misspelling on line 4 is what to report
    edit(mini_copy, MAP, "    hex_size: 80", "    hex_sise: 80")
    assert line_of(mini_copy, MAP, "- name: Mini") == 2
    err = refused(mini_copy)
    assert err.line == 4 and "missing" not in err.message and "did you mean 'hex_size'" in err.message


def test_an_unknown_key_with_nothing_close_lists_the_allowed_ones(mini_copy):
    edit(mini_copy, MARKERS, "markers:", "wibble: 1\nmarkers:")
    err = refused(mini_copy)
    assert (err.file, err.line, err.field) == (MARKERS, 1, "wibble")
    assert err.message == "wibble: unknown field 'wibble' (allowed: approximate, markers, source)"


def test_the_first_unknown_key_in_document_order_is_reported(mini_copy):
    edit(mini_copy, S1, "  - {unit: bl-9, turn: 3,", "  - {unit: bl-9, trun: 3,")
    edit(mini_copy, S1, "skip:", "skp:")
    err = refused(mini_copy)
    assert (err.line, err.field) == (line_of(mini_copy, S1, "skp:"), "skp")


def test_a_comma_in_unquoted_flow_text_is_explained(mini_copy):
    edit(mini_copy, GAME, "{name: Cavalry, symbol:", "{name: Cavalry (light, heavy), symbol:")
    err = refused(mini_copy)
    assert (err.file, err.line, err.field) == (GAME, line_of(mini_copy, GAME, "Cavalry (light"), "unit_types.cavalry.heavy)")
    assert err.message.endswith("unknown field 'heavy)' (in { } a comma ends unquoted text: quote the value before it)")


def test_a_bare_boolean_key_gets_the_quoting_hint(mini_copy):
    edit(mini_copy, MAP, "blocks_zoc: true", "on: true")
    err = refused(mini_copy)
    assert (err.line, err.field) == (line_of(mini_copy, MAP, "on: true"), "hexside_types.river.on")
    assert "YAML reads a bare on/off/yes/no key as true or false: quote it" in err.message


def test_a_missing_key_keeps_the_loaders_message(mini_copy):
    edit(mini_copy, UNITS, '{id: rd-2, name: "2", ', "{id: rd-2, ")
    err = refused(mini_copy)
    assert (err.file, err.line, err.field) == (UNITS, line_of(mini_copy, UNITS, "id: rd-2"), "units[1]")
    assert err.message == "units[1]: missing field 'name'"


@pytest.mark.parametrize("root,game", [(REPO, "galicia1914"), (REPO, "holland44"), (MINI, "mini")])
def test_every_shipped_data_file_validates_against_its_schema(root, game):
    files = [(n, p) for n, p in data_files(root) if game in p.parts]
    assert {n for n, _ in files} == set(SCHEMAS), "a kind of data file has no file to check"
    for name, path in files:
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in Draft202012Validator(SCHEMAS[name][0]).iter_errors(load_yaml(path))]
        assert errors == [], (str(path), errors[:5])


def test_schemas_are_valid_and_every_field_is_described():
    def walk(schema: dict, where: str) -> None:
        for key, sub in schema.get("properties", {}).items():
            assert sub.get("description"), f"{where}.{key} has no description"
            walk(sub, f"{where}.{key}")
        for key in ("items", "additionalProperties"):
            if isinstance(schema.get(key), dict):
                walk(schema[key], f"{where}[]")
        if schema.get("type") == "object" and "properties" in schema:
            assert schema.get("additionalProperties") is not True and "additionalProperties" in schema, where

    for name, (schema, _) in SCHEMAS.items():
        Draft202012Validator.check_schema(schema)
        walk(schema, name)


def test_docs_schema_files_are_the_ones_the_definitions_write():
    folder = REPO / "docs" / "schema"
    want = rendered()
    have = {p.name: p.read_text(encoding="utf-8") for p in folder.glob("*.json")}
    assert set(have) == set(want), "run: python -m modgen.load.schemas docs/schema"
    for name, text in want.items():
        assert have[name] == text, f"docs/schema/{name} is stale: run python -m modgen.load.schemas docs/schema"
