"""Every YAML example in docs/data-format.md is valid data: each block is checked against the
schema of the file its section describes (a block shows part of a file, so only the fields it has
are checked, not the fields a whole file must have), with the loader's own check, so the docs
cannot drift from what the loader accepts. A units example is checked with the unit values and
counter marks the game.yaml example declares, as the loader does."""

from __future__ import annotations

import copy

import pytest
import yaml

from modgen.errors import DataError
from modgen.load import features, game, mapfile, markers, scenarios, terrain, units
from modgen.load.schema import check
from modgen.yamlsrc import load_yaml

from .conftest import REPO

DOC = REPO / "docs" / "data-format.md"
FILES = {"map.yaml": mapfile.SCHEMA, "terrain.yaml": terrain.SCHEMA, "features.yaml": features.SCHEMA,
         "game.yaml": game.SCHEMA, "units.yaml": None, "markers.yaml": markers.SCHEMA, "scenarios": scenarios.SCHEMA}


def blocks() -> list[tuple[int, str, str]]:
    """(line, the data file its section is about, YAML text) of every ```yaml block."""
    out, current = [], ""
    lines = DOC.read_text(encoding="utf-8").split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#"):
            named = next((f for f in FILES if f in line), None)
            current = named or current
        if line.strip() == "```yaml":
            j = lines.index("```", i + 1)
            text = "\n".join(lines[i + 1:j])
            if text.strip() and not text.lstrip().startswith("# yaml-language-server"):
                out.append((i + 1, current, text))
            i = j
        i += 1
    return out


def _fragment(schema: dict) -> dict:
    """The file's schema without the fields a whole file must have."""
    out = copy.deepcopy(schema)
    out.pop("required", None)
    return out


def _declared(kind: str) -> dict:
    """What the docs' game.yaml examples declare (unit values, counter marks), merged."""
    found: dict = {}
    for _, file, text in blocks():
        if file == "game.yaml":
            found.update((yaml.safe_load(text) or {}).get(kind) or {})
    return found


@pytest.mark.parametrize("line,file,text", blocks(), ids=lambda v: str(v) if isinstance(v, int) else None)
def test_each_example_is_valid_data(tmp_path, line: int, file: str, text: str) -> None:
    assert file, f"docs/data-format.md:{line}: a YAML example outside any file's section"
    path = tmp_path / "example.yaml"
    path.write_text(text, encoding="utf-8")
    data = load_yaml(path, f"docs/data-format.md:{line}")
    schema = FILES[file]
    if file == "units.yaml":
        marks = {k: m.get("value", "flag") for k, m in _declared("counter_marks").items()}
        schema = units.schema(list(_declared("unit_values")), marks)
        if isinstance(data, list):
            data = {"units": data}
    try:
        check(data, _fragment(schema), f"docs/data-format.md:{line}")
    except DataError as exc:
        pytest.fail(f"the example at docs/data-format.md:{line} ({file}) is refused: {exc}")


def test_the_examples_are_found() -> None:
    found = {file for _, file, _ in blocks()}
    assert found == set(FILES), found
    assert len(blocks()) >= 14


def test_the_required_fields_table_is_the_schemas() -> None:
    """docs/data-format.md's table of required files and fields is what the schemas require."""
    from modgen.load.schemas import required_markdown

    text = DOC.read_text(encoding="utf-8")
    shown = text.split("<!-- required:begin -->\n")[1].split("<!-- required:end -->")[0]
    assert shown == required_markdown(), "docs/data-format.md is stale: paste modgen.load.schemas.required_markdown()"
