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
