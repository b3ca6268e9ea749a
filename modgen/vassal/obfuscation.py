"""The `!VCSK` obfuscation of savedGame entries (ObfuscatingOutputStream / DeobfuscatingInputStream).

VASSAL writes `!VCSK`, a one-byte key as two lower-case hex digits, then every UTF-8
byte XOR key as two lower-case hex digits. Reading accepts either case and passes data
without the header through unchanged, so plain text saves are valid too.
"""

from __future__ import annotations

import binascii
import lzma

from modgen.errors import SaveError

HEADER = b"!VCSK"
XZ_MAGIC = b"\xfd7zXZ\x00"
_XOR_TABLES: dict[int, bytes] = {}


def _table(key: int) -> bytes:
    table = _XOR_TABLES.get(key)
    if table is None:
        table = bytes(b ^ key for b in range(256))
        _XOR_TABLES[key] = table
    return table


def obfuscate(text: str, key: int) -> bytes:
    """Encode text as VASSAL does with a given key (0-255); a fixed key gives byte-identical output."""
    if not 0 <= key <= 255:
        raise ValueError("key must be 0..255")
    data = text.encode("utf-8").translate(_table(key))
    return HEADER + b"%02x" % key + binascii.hexlify(data)


def deobfuscate(data: bytes, where: str = "savedGame", limit: int | None = None) -> str:
    """Decode a savedGame entry: `!VCSK` hex, XZ (tolerated), or plain UTF-8.

    Raises SaveError (naming `where`) on an odd length, a bad hex digit, a missing key
    or text that is not UTF-8. `limit` bounds the size of XZ output.
    """
    if data.startswith(XZ_MAGIC):
        raw = _unxz(data, where, limit)
    elif data.startswith(HEADER):
        body = data[len(HEADER):]
        if len(body) < 2:
            raise SaveError(where, "obfuscation header !VCSK without a key")
        if len(body) % 2:
            raise SaveError(where, f"obfuscated data has an odd number of hex digits ({len(body) - 2})")
        if not _is_hex(body[:2]):
            raise SaveError(where, "obfuscation key is not two hex digits")
        try:
            key = int(body[:2].decode("ascii"), 16)
            raw = binascii.unhexlify(body[2:])
        except (ValueError, UnicodeDecodeError, binascii.Error) as exc:
            raise SaveError(where, f"obfuscated data is not hexadecimal ({exc})") from None
        raw = raw.translate(_table(key))
    else:
        raw = data
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(where, f"not UTF-8 text at byte {exc.start}") from None


def _is_hex(b: bytes) -> bool:
    return all(c in b"0123456789abcdefABCDEF" for c in b)


def _unxz(data: bytes, where: str, limit: int | None) -> bytes:
    """The XZ form some 3.8 development builds read; bounded so a bomb cannot exhaust memory."""
    dec = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
    max_len = -1 if limit is None else limit + 1
    try:
        out = dec.decompress(data, max_length=max_len)
    except lzma.LZMAError as exc:
        raise SaveError(where, f"bad XZ data ({exc})") from None
    if limit is not None and len(out) > limit:
        raise SaveError(where, f"XZ data expands beyond {limit} bytes")
    if not dec.eof:
        raise SaveError(where, "truncated XZ data")
    return out
