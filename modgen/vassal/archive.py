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
    The bytes are the ones zipfile.ZipFile.writestr writes for them (zip_bytes_by_zipfile; a test
    compares the two), put together here because zipfile's bookkeeping for each of a module's
    3,000 images took longer than the rest of the zip."""
    out: list[bytes] = []
    central: list[bytes] = []
    offset = 0
    for name, data in entries:
        raw = name.encode("utf-8")
        flags = 0 if name.isascii() else _UTF8_NAME
        if name.endswith(".png"):
            method, body = zipfile.ZIP_STORED, data
        else:
            z = zlib.compressobj(6, zlib.DEFLATED, -15)
            method, body = zipfile.ZIP_DEFLATED, z.compress(data) + z.flush()
        if max(len(body), len(data), offset) >= _ZIP64_AT:
            return zip_bytes_by_zipfile(entries)  # zip64: zipfile's
        crc = zlib.crc32(data)
        out += [_LOCAL.pack(b"PK\x03\x04", _VERSION, 0, flags, method, _DOS_TIME, _DOS_DATE, crc, len(body), len(data), len(raw), 0),
                raw, body]
        central += [_CENTRAL.pack(b"PK\x01\x02", _VERSION, 0, _VERSION, 0, flags, method, _DOS_TIME, _DOS_DATE, crc, len(body),
                                  len(data), len(raw), 0, 0, 0, 0, _ATTRIBUTES, offset), raw]
        offset += _LOCAL.size + len(raw) + len(body)
    directory = b"".join(central)
    if len(entries) >= 0xFFFF or offset + len(directory) >= _ZIP64_AT:
        return zip_bytes_by_zipfile(entries)
    end = struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, len(entries), len(entries), len(directory), offset, 0)
    return b"".join(out) + directory + end


_LOCAL = struct.Struct("<4s2B4HL2L2H")  # zipfile.structFileHeader
_CENTRAL = struct.Struct("<4s4B4HL2L5H2L")  # zipfile.structCentralDir
_VERSION = 20  # zipfile's DEFAULT_VERSION: made by, and needed to extract
_UTF8_NAME = 0x800
_DOS_DATE = ((ZIP_TIME[0] - 1980) << 9) | (ZIP_TIME[1] << 5) | ZIP_TIME[2]
_DOS_TIME = (ZIP_TIME[3] << 11) | (ZIP_TIME[4] << 5) | (ZIP_TIME[5] // 2)
_ATTRIBUTES = 0o644 << 16
_ZIP64_AT = 0x7FFFFFFF  # past 2 GB zipfile writes zip64 records (no module comes near)


def zip_bytes_by_zipfile(entries: list[tuple[str, bytes]]) -> bytes:
    """zip_bytes through zipfile: the reference it matches, and what a zip64 archive needs."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in entries:
            method = zipfile.ZIP_STORED if name.endswith(".png") else zipfile.ZIP_DEFLATED
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = method
            info.external_attr = _ATTRIBUTES
            info.create_system = 0
            zf.writestr(info, data, compress_type=method, compresslevel=6 if method == zipfile.ZIP_DEFLATED else None)
    return buf.getvalue()