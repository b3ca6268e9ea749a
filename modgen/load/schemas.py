"""The JSON Schema of every data file, as files: docs/schema/<name>.schema.json for editors.

    python -m modgen.load.schemas [FOLDER]     # writes them (default docs/schema)

They are written from the loader modules' definitions, never by hand; tests/test_schema.py
checks that the files in docs/schema/ are what this writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from . import features, game, mapfile, markers, scenarios, terrain, units

# file name -> (schema, the data files it describes)
SCHEMAS: dict[str, tuple[dict, str]] = {
    "game": (game.SCHEMA, "counters/*/game.yaml"),
    "units": (units.schema(), "counters/*/units.yaml"),
    "markers": (markers.SCHEMA, "counters/*/markers.yaml"),
    "scenario": (scenarios.SCHEMA, "counters/*/scenarios/*.yaml"),
    "map": (mapfile.SCHEMA, "maps/*/map.yaml"),
    "terrain": (terrain.SCHEMA, "maps/*/terrain.yaml"),
    "features": (features.SCHEMA, "maps/*/features.yaml"),
}


def required(schema: dict, path: str = "") -> list[str]:
    """The fields a file must have: its required keys, and inside each required object or list of
    objects, theirs (`sides[].id`: every item of `sides` needs an `id`)."""
    out: list[str] = []
    props = schema.get("properties", {})
    needed = schema.get("required", [])
    for key in needed:
        out.append(path + key)
        sub = props.get(key, {})
        if sub.get("type") == "object" and "properties" in sub:
            out += required(sub, f"{path}{key}.")
        items = sub.get("items")
        if sub.get("type") == "array" and isinstance(items, dict) and "properties" in items:
            out += required(items, f"{path}{key}[].")
    return out


def required_markdown() -> str:
    """The table docs/data-format.md shows under "Required files and fields" (tests keep it so)."""
    rows = ["| file | required fields |", "|---|---|"]
    for schema, files in SCHEMAS.values():
        fields = required(schema)
        rows.append(f"| `{files}` | {', '.join(f'`{f}`' for f in fields) or 'none (every field has a default)'} |")
    return "\n".join(rows) + "\n"


def rendered() -> dict[str, str]:
    """File name -> its text."""
    return {f"{name}.schema.json": json.dumps(schema, indent=2, ensure_ascii=False) + "\n" for name, (schema, _) in SCHEMAS.items()}


def write(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, content in rendered().items():
        path = folder / name
        path.write_text(content, encoding="utf-8")
        out.append(path)
    return out


if __name__ == "__main__":
    for written in write(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/schema")):
        print(written)
