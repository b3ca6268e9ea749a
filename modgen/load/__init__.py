"""Data files -> game model, refusing anything wrong with its file, line and field.

Nothing downstream re-checks the data: if the loader accepts it, every hex ID exists,
every reference resolves, every value is in range, and the numbering is one VASSAL
can name exactly.

One module a data file, each with the file's JSON Schema (schema.py): every file is checked
against its schema as it is opened (unknown keys, missing keys), then read value by value.
The order files are read in: map.yaml, terrain.yaml, features.yaml (game.yaml's sides when
the towns need them), game.yaml, units.yaml, markers.yaml, scenarios/*.yaml.
"""

from __future__ import annotations

import hashlib
import json
import pickle
from pathlib import Path
from typing import Any

from ..atomic import write_atomic
from ..errors import DataError
from ..model import Game, MapData
from ..yamlsrc import load_yaml
from . import displays, features, game, mapfile, markers, scenarios, terrain, units
from .nodes import Node
from .schema import check

__all__ = ["GameLoader", "Node", "ParsedFiles", "discover_games", "load_game"]


class ParsedFiles:
    """Data files already parsed and checked against their schema, by the hash of their bytes, the
    schema and the loader's code (`salt`): a rebuild after an erratum to one file reads only that
    one. A pickle per file in `folder` (a build's own cache; an unreadable entry is parsed again)."""

    def __init__(self, folder: Path, salt: str) -> None:
        self.folder, self.salt = folder, salt
        self.pending: dict[str, Any] = {}  # written by flush, once the whole game has loaded

    def key(self, text: bytes, schema: dict) -> str:
        return hashlib.sha256(self.salt.encode() + json.dumps(schema, sort_keys=True).encode() + text).hexdigest()

    def get(self, key: str) -> Any:
        try:
            return pickle.loads((self.folder / f"{key}.pickle").read_bytes())
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError, TypeError):
            return None

    def put(self, key: str, data: Any) -> None:
        self.pending[key] = pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)  # now: later stages may not alter it

    def flush(self) -> None:
        """Write what was parsed: only after the game loaded, so bad data leaves nothing behind."""
        if self.pending:
            self.folder.mkdir(parents=True, exist_ok=True)
        for key, blob in self.pending.items():
            write_atomic(self.folder / f"{key}.pickle", blob)
        self.pending.clear()


class GameLoader:
    """Loads one game from counters/<id>/ and maps/<id>/ under a data root."""

    def __init__(self, root: Path, game_id: str, parsed: ParsedFiles | None = None) -> None:
        self.root = root
        self.game_id = game_id
        self.counters = root / "counters" / game_id
        self.maps = root / "maps" / game_id
        self.parsed = parsed

    def _open(self, path: Path, schema: dict) -> Node:
        shown = str(path.relative_to(self.root)) if path.is_relative_to(self.root) else str(path)
        key = self.parsed.key(path.read_bytes(), schema) if self.parsed is not None and path.is_file() else None
        data = self.parsed.get(key) if key is not None else None
        if data is None:
            data = load_yaml(path, shown)
            if data is None:
                raise DataError(shown, None, None, "file is empty")
            check(data, schema, shown)
            if key is not None:
                self.parsed.put(key, data)
        return Node(shown, data, "")

    def load_map(self) -> MapData:
        types = mapfile.read_map(self._open(self.maps / "map.yaml", mapfile.SCHEMA))
        hexes, t_prov = terrain.read_terrain(self._open(self.maps / "terrain.yaml", terrain.SCHEMA), types)
        return features.read_features(self._open(self.maps / "features.yaml", features.SCHEMA), types, hexes, t_prov, self._side_ids)

    def _game_file(self) -> Node:
        """game.yaml, parsed once: the map needs its side ids, the game everything else."""
        if not hasattr(self, "_game_node"):
            self._game_node = self._open(self.counters / "game.yaml", game.SCHEMA)
        return self._game_node

    def _side_ids(self) -> tuple[str, ...]:
        return tuple(n.text("id") for n in self._game_file().nodes("sides"))

    def load(self) -> Game:
        game_map = self.load_map()
        g = self._game_file()
        head = game.read_head(g, self.game_id)
        u = self._open(self.counters / "units.yaml", units.schema(head.unit_values, {k: m.value for k, m in head.counter_marks.items()}))
        unit_list = units.read_units(u, head.nationalities, head.unit_types, head.sizes, head.morale, head.unit_values, head.counter_marks)
        marker_list = markers.read_markers(self._open(self.counters / "markers.yaml", markers.SCHEMA), head.side_ids)
        folder = self.counters / "scenarios"
        files = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
        if not files:
            raise DataError(str(folder.relative_to(self.root)), None, None, "no scenario files (*.yaml)")
        opened = (self._open(path, scenarios.SCHEMA) for path in files)
        windows = displays.read_displays(g, head.side_ids, bool(game_map.entry_areas))
        scenario_list = scenarios.read_scenarios(opened, unit_list, marker_list, game_map, head.side_ids, head.turns, windows)
        return game.make_game(g, head, unit_list, marker_list, scenario_list, game_map, windows)


def load_game(root: Path, game_id: str, parsed: ParsedFiles | None = None) -> Game:
    """Load and validate one game's data; raises DataError on the first problem. `parsed`: files
    parsed before (a build's cache) are not parsed again."""
    if not (root / "counters" / game_id).is_dir():
        raise DataError(f"counters/{game_id}", None, None, f"no such game {game_id!r}")
    game = GameLoader(root, game_id, parsed).load()
    if parsed is not None:
        parsed.flush()
    return game


def discover_games(root: Path) -> list[str]:
    """Every game with both a counters/ and a maps/ folder, sorted."""
    counters = root / "counters"
    return sorted(p.name for p in counters.iterdir() if p.is_dir() and (root / "maps" / p.name).is_dir()) if counters.is_dir() else []
