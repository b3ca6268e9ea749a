"""Bounded, error-checked reading of zip archives (.vsav, .vlog, .vmod).

Saves and modules come from users, so every failure must become one clear SaveError
naming the file and entry, and no entry may be inflated without a size limit (a small
zip can declare or expand to gigabytes).
"""

from __future__ import annotations

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
