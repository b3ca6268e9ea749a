"""Content-addressed build cache, so an errata rebuild redraws only what changed.

Every image is stored under the hash of everything that determines its pixels: the
model objects it is drawn from and the drawing code itself. A rebuild looks each image
up before drawing it, and the output stays byte-identical to a clean build because the
cached bytes are the bytes a clean build would write. A whole-build stamp (hash of all
inputs and of the module written) lets a rebuild with no change write nothing at all.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import os
import struct
import zipfile
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

import PIL

PACKAGE = Path(__file__).resolve().parents[1]  # modgen/, in a checkout or installed


_FIELDS: dict[type, tuple[str, ...]] = {}  # a dataclass's stored field names, looked up once per class
_PLAIN = (str, int, float, bool)


def _stored_fields(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls) if not f.metadata.get("derived"))
    return names


def canonical(obj: Any) -> Any:
    """A JSON-able form of model objects that does not depend on set order or hash seeds.

    Dataclass fields marked `derived` (lookup tables computed from other fields) are left out.
    The commonest kinds are tested first, by exact type: a build hashes some 250,000 values.
    """
    kind = type(obj)
    if kind in _PLAIN or obj is None:
        return obj
    if kind is tuple or kind is list:
        return [canonical(v) for v in obj]
    if hasattr(kind, "__dataclass_fields__"):
        return {"@": kind.__name__, **{name: canonical(getattr(obj, name)) for name in _stored_fields(kind)}}
    if isinstance(obj, dict):
        items = [(canonical(k), canonical(v)) for k, v in obj.items()]
        return [[k, v] for k, v in sorted(items, key=lambda kv: _sort_key(kv[0]))]
    if isinstance(obj, (set, frozenset)):
        return sorted((canonical(v) for v in obj), key=_sort_key)
    if isinstance(obj, (list, tuple)):
        return [canonical(v) for v in obj]
    if isinstance(obj, _PLAIN):
        return obj
    return repr(obj)


def _sort_key(v: Any) -> str:
    return json.dumps(v, sort_keys=True)


def digest(*parts: Any) -> str:
    text = json.dumps([canonical(p) for p in parts], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def files_digest(paths: Iterable[Path], base: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(paths):
        h.update(str(path.relative_to(base)).encode() + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


ART_CODE = ("art", "model.py", "mapmodel.py", "movement.py", "declared_rules.py", "presentation.py", "geometry.py", "sheets.py", "hexgrid.py", "layout.py", "conventions.py", "displays.py", "unitstates.py")  # all that art/ imports
BUILD_CODE = ART_CODE + ("vmod", "vassal", "templates", "load", "loader.py", "yamlsrc.py", "gamefile.py", "build.py", "errors.py", "atomic.py", "regions.py", "images.py",
                           "rules", "plugins.py", "plugin_api.py", "gamestate.py", "stacking.py")  # the Help rules page lists the plugin's rules


def _code_files(parts: tuple[str, ...]) -> list[Path]:
    out: list[Path] = []
    for part in parts:
        path = PACKAGE / part
        out += [p for p in path.rglob("*") if p.suffix in (".py", ".ttf", ".j2")] if path.is_dir() else [path]
    return out


@lru_cache(maxsize=1)
def art_fingerprint() -> str:
    """Hash of the code and fonts that draw images: new drawing code, new image keys."""
    return files_digest(_code_files(ART_CODE), PACKAGE) + "/pillow-" + PIL.__version__


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """Hash of all the code that writes a module (drawing, buildFile template, setups, archive)."""
    return files_digest(_code_files(BUILD_CODE), PACKAGE) + "/" + art_fingerprint()


class ArtCache:
    """Rendered images by content key, in one pack per game (<out>/.cache/art/<game>.pack, a zip
    of stored PNGs named by key): one file to open and one to write per build, where a file per
    image cost more to write than some of the images cost to draw. The pack holds the images this
    build used, and at most as many again that earlier builds used (see save)."""

    def __init__(self, folder: Path | None, name: str = "art") -> None:
        self.path = folder / f"{name}.pack" if folder is not None else None
        self.hits = 0
        self.misses = 0
        self.used: dict[str, bytes] = {}
        self._texts: dict[int, tuple[Any, str]] = {}  # id -> (part, its canonical JSON)
        self._pack, self._where = b"", {}  # the old pack's bytes; key -> (start, end, crc) of its image in them
        if self.path is not None and self.path.is_file():
            try:
                self._pack, self._where = _read_pack(self.path)
            except (zipfile.BadZipFile, OSError, struct.error, ValueError):
                self._pack, self._where = b"", {}  # a damaged pack is a cold cache, never an error

    def key(self, key_parts: tuple) -> str:
        """digest(art_fingerprint(), *key_parts), with each part's JSON made once per build: the
        2,000 units of a game share a handful of nationalities, types and contexts."""
        texts = [self._json(art_fingerprint())] + [self._json(p) for p in key_parts]
        return hashlib.sha256(("[" + ",".join(texts) + "]").encode()).hexdigest()

    def _json(self, part: Any) -> str:
        if isinstance(part, (str, int, float, bool)) or part is None:
            return json.dumps(part, separators=(",", ":"))
        known = self._texts.get(id(part))
        if known is None or known[0] is not part:
            known = self._texts[id(part)] = (part, json.dumps(canonical(part), sort_keys=True, separators=(",", ":")))
        return known[1]  # the part is kept with its text, so its id is not reused during the build

    def get(self, key: str) -> bytes | None:
        """The cached image, or None; what is found is kept for the next pack. An image whose bytes
        do not match the CRC the pack recorded is not found (drawn again)."""
        if key in self.used:
            self.hits += 1
            return self.used[key]
        where = self._where.get(key)
        if where is None:
            return None
        data = self._pack[where[0]:where[1]]
        if zlib.crc32(data) != where[2]:
            return None
        self.used[key] = data
        self.hits += 1
        return data

    def put(self, key: str, data: bytes, drawn: bool = True) -> None:
        """Keep a new image (drawn: it counts as one drawn; not for what a job drew besides it)."""
        self.misses += drawn
        self.used[key] = data

    def save(self) -> None:
        """Write the pack of this build's images (nothing without a folder). When the old pack holds
        them all but a few, those few are appended to it (an erratum's two images, not 8 MB written
        again); when more than half of what it holds went unused, it is written anew, atomically.
        An append cut short leaves a damaged pack, which the next build reads as a cold cache."""
        old = self._where  # what the pack holds (nothing if it was missing or damaged)
        self._pack, self._where = b"", {}
        if self.path is None:
            return
        new = sorted(k for k in self.used if k not in old)
        unused = len(old) - (len(self.used) - len(new))
        if old and unused * 2 <= len(old):
            try:
                with zipfile.ZipFile(self.path, "a", zipfile.ZIP_STORED) as z:
                    for key in new:
                        z.writestr(key, self.used[key])
                return
            except (zipfile.BadZipFile, OSError):
                pass  # written anew below
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(f".{os.getpid()}.tmp")
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as z:
            for key in sorted(self.used):
                z.writestr(key, self.used[key])
        os.replace(tmp, self.path)


def _read_pack(path: Path) -> tuple[bytes, dict[str, tuple[int, int, int]]]:
    """A pack's bytes, and where each stored image lies in them: read at once and sliced, where
    zipfile's read of each of 3,000 entries cost 0.045 s of a 0.5 s rebuild."""
    data = path.read_bytes()
    where: dict[str, tuple[int, int, int]] = {}
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        for info in z.infolist():
            if info.compress_type != zipfile.ZIP_STORED or info.flag_bits & 0x1:
                raise zipfile.BadZipFile(f"{info.filename}: not a stored image")
            at = info.header_offset
            if data[at:at + 4] != b"PK\x03\x04":
                raise zipfile.BadZipFile(f"{info.filename}: no local header")
            name_length, extra_length = struct.unpack_from("<HH", data, at + 26)
            start = at + 30 + name_length + extra_length
            where[info.filename] = (start, start + info.compress_size, info.CRC)
    return data, where


def game_files(root: Path, game_id: str) -> list[Path]:
    """Every file of a game's data (counters/<game>/, maps/<game>/): what an edit can change."""
    return sorted(p for d in (root / "counters" / game_id, root / "maps" / game_id) if d.is_dir()
                  for p in d.rglob("*") if p.is_file())


def input_stamp(root: Path, game_id: str) -> str:
    """Hash of every input of a game's build: its data files and modgen's code."""
    return files_digest(game_files(root, game_id), root) + "/" + code_fingerprint()
