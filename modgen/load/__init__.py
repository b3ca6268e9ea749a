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
from typing import Any, Optional

from ..atomic import write_atomic
from ..errors import DataError
from ..model import Game, MapData
from ..yamlsrc import load_yaml
from . import collect, displays, features, fragments, game, mapfile, markers, scenarios, terrain, units
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
        self.pending_entries: dict[str, fragments.EntryCache] = {}  # long list files' entries, by file

    def key(self, text: bytes, schema: dict) -> str:
        return hashlib.sha256(self.salt.encode() + json.dumps(schema, sort_keys=True).encode() + text).hexdigest()

    def get(self, key: str) -> Any:
        try:
            return pickle.loads((self.folder / f"{key}.pickle").read_bytes())
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError, TypeError):
            return None

    def put(self, key: str, data: Any) -> None:
        self.pending[key] = pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)  # now: later stages may not alter it

    def entries(self, name: str, schema: dict) -> fragments.EntryCache:
        """The entries of a long list file read before (fragments.py), for a file whose bytes changed."""
        path = self._entries_path(name)
        try:
            stored = pickle.loads(path.read_bytes())
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError, TypeError):
            stored = None
        cache = fragments.EntryCache(stored if isinstance(stored, dict) else None,
                                     self.salt + json.dumps(schema, sort_keys=True))
        self.pending_entries[name] = cache
        return cache

    def _entries_path(self, name: str) -> Path:
        return self.folder / f"entries-{hashlib.sha256(name.encode()).hexdigest()[:16]}.pickle"

    def flush(self) -> None:
        """Write what was parsed: only after the game loaded, so bad data leaves nothing behind."""
        if self.pending:
            self.folder.mkdir(parents=True, exist_ok=True)
        for key, blob in self.pending.items():
            write_atomic(self.folder / f"{key}.pickle", blob)
        self.pending.clear()
        for name, cache in self.pending_entries.items():
            if cache.used:
                self.folder.mkdir(parents=True, exist_ok=True)
                write_atomic(self._entries_path(name), pickle.dumps(cache.used, protocol=pickle.HIGHEST_PROTOCOL))
        self.pending_entries.clear()


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
        raw = path.read_bytes() if self.parsed is not None and path.is_file() else None
        key = self.parsed.key(raw, schema) if raw is not None else None
        data = self.parsed.get(key) if key is not None else None
        if data is None and key is not None:  # changed since the last build: its unchanged entries are not read again
            data = self._by_entries(raw, shown, schema)
            if data is not None:
                self.parsed.put(key, data)
                return Node(shown, data, "")
        if data is None:
            data = load_yaml(path, shown)
            if data is None:
                raise DataError(shown, None, None, "file is empty")
            try:
                check(data, schema, shown)
            except DataError as exc:  # collecting: read on, so the values' errors are found too
                collect.record(exc)
                return Node(shown, data, "")
            if key is not None:
                self.parsed.put(key, data)
        return Node(shown, data, "")

    def _by_entries(self, raw: bytes, shown: str, schema: dict) -> Any:
        """fragments.read of the file's text; None (the whole-file parse, which reports it) for text
        that is not UTF-8."""
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            return None
        return fragments.read(text, shown, schema, self.parsed.entries(shown, schema))

    def load_map(self) -> MapData:
        """The map: map.yaml, then terrain.yaml and features.yaml, which need its hexes and types."""
        with collect.collecting() as c:
            game_map = self._map(c)
            c.raise_if_any()
            return game_map

    def _map(self, c: collect.Collector) -> Optional[MapData]:
        map_node, terrain_node, features_node = (c.stage(lambda p=p, s=s: self._open(p, s)) for p, s in (
            (self.maps / "map.yaml", mapfile.SCHEMA), (self.maps / "terrain.yaml", terrain.SCHEMA),
            (self.maps / "features.yaml", features.SCHEMA)))
        types = c.stage(lambda: mapfile.read_map(map_node)) if map_node else None
        if types is None or terrain_node is None:
            return None
        read = c.stage(lambda: terrain.read_terrain(terrain_node, types))
        if read is None or features_node is None:
            return None
        hexes, t_prov = read
        return c.stage(lambda: features.read_features(features_node, types, hexes, t_prov, self._side_ids))

    def _game_file(self) -> Node:
        """game.yaml, parsed once: the map needs its side ids, the game everything else."""
        if not hasattr(self, "_game_node"):
            self._game_node = self._open(self.counters / "game.yaml", game.SCHEMA)
        return self._game_node

    def _side_ids(self) -> tuple[str, ...]:
        return tuple(n.text("id") for n in self._game_file().nodes("sides"))

    def load(self) -> Game:
        """The game, or DataErrors with every error found: each file is read as far as the files it
        needs were read without error (units need game.yaml; scenarios need all the others)."""
        with collect.collecting() as c:
            game_map = self._map(c)
            g = c.stage(self._game_file)
            head = c.stage(lambda: game.read_head(g, self.game_id)) if g else None
            unit_list = marker_list = windows = None
            if head is not None:
                u = c.stage(lambda: self._open(self.counters / "units.yaml", units.schema(
                    head.unit_values, {k: m.value for k, m in head.counter_marks.items()})))
                unit_list = c.stage(lambda: units.read_units(u, head.nationalities, head.unit_types, head.sizes, head.morale,
                                                             head.unit_values, head.counter_marks)) if u else None
                m = c.stage(lambda: self._open(self.counters / "markers.yaml", markers.SCHEMA))
                marker_list = c.stage(lambda: markers.read_markers(m, head.side_ids)) if m else None
                if game_map is not None:
                    windows = c.stage(lambda: displays.read_displays(g, head.side_ids, bool(game_map.entry_areas)))
                if unit_list is not None and marker_list is not None:
                    c.stage(lambda: game.check_unwarned(g, unit_list, marker_list))
            folder = self.counters / "scenarios"
            files = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
            if not files:
                c.add(DataError(str(folder.relative_to(self.root)), None, None, "no scenario files (*.yaml)"))
            opened = [n for n in (c.stage(lambda p=p: self._open(p, scenarios.SCHEMA)) for p in files) if n is not None]
            scenario_list = None
            if None not in (head, unit_list, marker_list, game_map, windows):
                scenario_list = c.stage(lambda: scenarios.read_scenarios(opened, unit_list, marker_list, game_map, head.side_ids,
                                                                         head.turns, windows))
            c.raise_if_any()
            made = game.make_game(g, head, unit_list, marker_list, scenario_list, game_map, windows)
            c.stage(lambda: units.check_printed_names(u, made))
            c.raise_if_any()
            return made


def load_game(root: Path, game_id: str, parsed: ParsedFiles | None = None) -> Game:
    """Load and validate one game's data; raises DataErrors with every problem found (read as the
    first, it is where loading used to stop). `parsed`: files
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
