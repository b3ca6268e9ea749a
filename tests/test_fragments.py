"""A long list file read entry by entry (modgen.load.fragments) gives exactly what a whole-file
parse gives, lines and as-written texts included; after an erratum only the changed entry is
parsed; any shape it cannot cut safely is left to the whole-file parse."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from modgen.gamefile import game_json
from modgen.load import ParsedFiles, fragments, units
from modgen.loader import load_game
from modgen.yamlsrc import LDict, LList, parse_yaml

from .conftest import REPO


def dump(value: Any) -> Any:
    """Everything a parse gives: values, and each mapping's and list's lines and as-written texts."""
    if isinstance(value, LDict):
        return {"line": value.line, "key_lines": sorted(value.key_lines.items(), key=str), "written": sorted(value.written.items(), key=str),
                "written_keys": sorted(value.written_keys.items(), key=str), "items": [(k, dump(v)) for k, v in value.items()]}
    if isinstance(value, LList):
        return {"line": value.line, "item_lines": value.item_lines, "written": sorted(value.written.items()), "items": [dump(v) for v in value]}
    return value


def units_text(n: int) -> str:
    head = "# a comment\napproximate: true\nsource: \"made up\"\nunits:\n"
    rows = [f'  - {{id: u{i:04d}, name: "{i}", nationality: a, type: infantry, size: XX, attack: {i % 9}, defense: 2, ma: 4}}\n'
            + ("    # a note under the entry\n" if i % 7 == 0 else "") for i in range(n)]
    return head + "".join(rows) + "\n# the end\n"


SCHEMA = units.schema([], {})  # a game without unit values or marks: no other keys


def test_every_long_list_file_shipped_reads_the_same_by_entries() -> None:
    """Every data file of the shipped games with a list long enough to cut, read with its loader schema."""
    from modgen.load import features, game, mapfile, markers, scenarios, terrain

    fixed = {"map.yaml": mapfile.SCHEMA, "terrain.yaml": terrain.SCHEMA, "features.yaml": features.SCHEMA,
             "game.yaml": game.SCHEMA, "markers.yaml": markers.SCHEMA}
    cut = []
    for path in sorted((REPO / "counters").rglob("*.yaml")) + sorted((REPO / "maps").rglob("*.yaml")):
        text = path.read_text()
        if fragments.split(text) is None:
            continue
        schema = (units.schema(*_declared(path)) if path.name == "units.yaml" else
                  scenarios.SCHEMA if path.parent.name == "scenarios" else fixed[path.name])
        got = fragments.read(text, path.name, schema, fragments.EntryCache(None, "t"))
        if got is not None:
            assert dump(got) == dump(parse_yaml(text, path.name)), path
            cut.append(path.relative_to(REPO))
    assert {"galicia1914", "holland44", "ef1914"} <= {p.parts[1] for p in cut if p.name == "units.yaml"}, cut


def _declared(path: Path) -> tuple[dict, dict]:
    from modgen.loader import load_game as load

    game = load(REPO, path.parent.name)
    return game.unit_values, {k: m.value for k, m in game.counter_marks.items()}


def test_an_erratum_parses_only_the_changed_entry_and_moved_lines_follow() -> None:
    text = units_text(200)
    first = fragments.EntryCache(None, "t")
    fragments.read(text, "u.yaml", SCHEMA, first)
    assert first.parsed == 200
    edited = text.replace("id: u0100, name: \"100\"", "id: u0100, name: \"100A\"")
    again = fragments.EntryCache(first.used, "t")
    got = fragments.read(edited, "u.yaml", SCHEMA, again)
    assert again.parsed == 1 and dump(got) == dump(parse_yaml(edited, "u.yaml"))
    inserted = text.replace("units:\n", 'units:\n  - {id: new, name: "n", nationality: a, type: infantry, size: XX, attack: 1, defense: 1, ma: 1}\n\n')
    third = fragments.EntryCache(first.used, "t")
    got = fragments.read(inserted, "u.yaml", SCHEMA, third)
    assert third.parsed == 1 and dump(got) == dump(parse_yaml(inserted, "u.yaml"))  # every later line moved by 2


@pytest.mark.parametrize("change, why", [
    (lambda t: t.replace("units:\n", "units: [\n", 1), "not a block list"),
    (lambda t: t.replace("attack: 1,", "attack: &one 1,", 1).replace("attack: 2,", "attack: *one,", 1), "an alias to another entry"),
    (lambda t: t.replace("{id: u0005,", "{id: u0005, bogus: red,", 1), "an entry the schema refuses"),
    (lambda t: t.replace('name: "7"', 'name: "7"\n', 1).replace("  - {id: u0008", "- {id: u0008", 1), "an entry at another indentation"),
    (lambda t: t.replace("attack: 3,", "attack: [3,", 1), "an entry that does not parse"),
    (lambda t: "%YAML 1.1\n---\n" + t, "a document marker"),
])
def test_shapes_it_cannot_cut_safely_go_to_the_whole_file_parse(change, why) -> None:
    text = change(units_text(100))
    assert fragments.read(text, "u.yaml", SCHEMA, fragments.EntryCache(None, "t")) is None, why


def test_a_short_list_is_parsed_whole() -> None:
    assert fragments.split(units_text(fragments.MIN_ENTRIES - 1)) is None
    assert fragments.split(units_text(fragments.MIN_ENTRIES)) is not None


def test_the_game_after_an_erratum_is_the_game_read_without_any_cache(tmp_path: Path) -> None:
    for part in ("counters", "maps"):
        shutil.copytree(REPO / part / "holland44", tmp_path / part / "holland44")
    cache = tmp_path / "parsed"
    load_game(tmp_path, "holland44", ParsedFiles(cache, "salt"))
    path = tmp_path / "counters" / "holland44" / "units.yaml"
    path.write_text(path.read_text().replace("attack: 5", "attack: 6", 1))
    parsed = ParsedFiles(cache, "salt")
    cached = load_game(tmp_path, "holland44", parsed)
    plain = load_game(tmp_path, "holland44")
    assert json.loads(game_json(cached)) == json.loads(game_json(plain))


def test_a_changed_file_that_is_not_utf8_is_refused_as_a_whole_parse_refuses_it(tmp_path: Path) -> None:
    """The entry path reads text only as UTF-8: a byte that is not is the whole parse's error to
    report, not a replacement character in a unit's name."""
    from modgen.errors import DataError

    for part in ("counters", "maps"):
        shutil.copytree(REPO / part / "holland44", tmp_path / part / "holland44")
    load_game(tmp_path, "holland44", ParsedFiles(tmp_path / "parsed", "salt"))
    path = tmp_path / "counters" / "holland44" / "units.yaml"
    path.write_bytes(path.read_bytes().replace(b'name: "', b'name: "\xff', 1))
    with pytest.raises(DataError, match="not UTF-8 text"):
        load_game(tmp_path, "holland44", ParsedFiles(tmp_path / "parsed", "salt"))
