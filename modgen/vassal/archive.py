"""Zip archives (.vsav, .vlog, .vmod): bounded, error-checked reading and deterministic writing.

Saves and modules come from users, so every failure must become one clear SaveError
naming the file and entry, and no entry may be inflated without a size limit (a small
zip can declare or expand to gigabytes).
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from pathlib import Path
from typing import Optional

from modgen.errors import SaveError

DEFAULT_LIMIT = 64 * 1024 * 1024
_CHUNK = 1024 * 1024


class Archive:
    """A zip opened for reading with bounded entry reads; use as a context manager."""

    def __init__(self, path: str | Path, limit: int = DEFAULT_LIMIT) -> None:
        self.path = str(path)
        self.limit = limit
        try:
            self._zip = zipfile.ZipFile(self.path)
        except FileNotFoundError:
            raise SaveError(self.path, "file not found") from None
        except IsADirectoryError:
            raise SaveError(self.path, "is a directory, not a zip archive") from None
        except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError, NotImplementedError,
                RuntimeError, KeyError, OverflowError, struct.error) as exc:
            # NotImplementedError: a (corrupt) header claiming an unsupported zip version or method
            raise SaveError(self.path, f"not a zip archive ({exc})") from None
        except OSError as exc:
            raise SaveError(self.path, f"cannot read file ({exc.strerror or exc})") from None
        try:
            self._names = {i.filename: i for i in self._zip.infolist()}
        except Exception as exc:  # pragma: no cover - infolist is already parsed
            raise SaveError(self.path, f"bad zip directory ({exc})") from None

    def __enter__(self) -> "Archive":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._zip.close()

    def where(self, entry: str) -> str:
        return f"{self.path}!{entry}"

    def names(self) -> list[str]:
        return list(self._names)

    def has(self, entry: str) -> bool:
        return entry in self._names

    def read(self, entry: str, limit: Optional[int] = None) -> bytes:
        """Read one entry, refusing it if its declared or actual size exceeds the limit."""
        limit = self.limit if limit is None else limit
        where = self.where(entry)
        info = self._names.get(entry)
        if info is None:
            raise SaveError(self.path, f"missing entry {entry!r}")
        if info.file_size > limit:
            raise SaveError(where, f"entry declares {info.file_size} bytes, more than the limit of {limit}")
        chunks: list[bytes] = []
        total = 0
        try:
            with self._zip.open(info) as fh:
                while True:
                    chunk = fh.read(_CHUNK)
                    if not chunk:
                        break
                    total += len(chunk)
                    if total > limit:
                        raise SaveError(where, f"entry expands beyond the limit of {limit} bytes")
                    chunks.append(chunk)
        except SaveError:
            raise
        except (zipfile.BadZipFile, zlib.error, EOFError, ValueError, NotImplementedError,
                RuntimeError, OSError, KeyError, OverflowError) as exc:
            raise SaveError(where, f"corrupt or unreadable entry ({type(exc).__name__}: {exc})") from None
        return b"".join(chunks)

    def read_text(self, entry: str, limit: Optional[int] = None) -> str:
        data = self.read(entry, limit)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveError(self.where(entry), f"not UTF-8 text at byte {exc.start}") from None


ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def zip_bytes(entries: list[tuple[str, bytes]]) -> bytes:
    """A zip of entries in the given order, fixed timestamps and attributes: same entries, same bytes.

    PNGs are stored (they are already compressed); everything else is DEFLATED, as VASSAL writes.
    """
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in entries:
            method = zipfile.ZIP_STORED if name.endswith(".png") else zipfile.ZIP_DEFLATED
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = method
            info.external_attr = 0o644 << 16
            info.create_system = 0
            zf.writestr(info, data, compress_type=method, compresslevel=6 if method == zipfile.ZIP_DEFLATED else None)
    return buf.getvalue()
