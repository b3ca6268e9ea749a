"""Deterministic zip writing: same entries in, same bytes out."""

from __future__ import annotations

import io
import zipfile

ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def zip_bytes(entries: list[tuple[str, bytes]]) -> bytes:
    """A zip of entries in the given order, DEFLATED, fixed timestamps and attributes."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 0
            # PNGs are already compressed: storing them deflated again costs time for ~nothing.
            method = zipfile.ZIP_STORED if name.endswith(".png") else zipfile.ZIP_DEFLATED
            info.compress_type = method
            zf.writestr(info, data, compress_type=method, compresslevel=6 if method == zipfile.ZIP_DEFLATED else None)
    return buf.getvalue()
