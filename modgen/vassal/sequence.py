"""VASSAL's SequenceEncoder (VASSAL/tools/SequenceEncoder.java), reimplemented exactly.

Every VASSAL string format (trait fields, TAB trait chains, `/` AddPiece, ESC command
trees) is built from this one encoder, including its quirks: only the delimiter is
escaped (never the backslash), a token ending in `\\` or wrapped in single quotes gets
an extra pair of quotes, empty tokens vanish into adjacent delimiters, and a trailing
delimiter decodes to a final empty token. Matching those quirks is what makes our
strings byte-identical to the engine's.
"""

from __future__ import annotations

from typing import Iterable, Optional

ESC = "\x1b"
TAB = "\t"


def encode_token(token: Optional[str], delim: str) -> str:
    """One token as SequenceEncoder.append writes it (None and "" write nothing)."""
    if not token:
        return ""
    escaped = token.replace(delim, "\\" + delim) if delim in token else token
    if token[-1] == "\\" or (token[0] == "'" and token[-1] == "'"):
        return "'" + escaped + "'"
    return escaped


def encode(tokens: Iterable[Optional[str]], delim: str) -> str:
    """Join tokens as SequenceEncoder does. No tokens gives "" (Java gives null).

    A token ending in a backslash, or starting and ending with a quote, is wrapped in
    quotes (SequenceEncoder.append); only the delimiter is escaped.
    """
    if len(delim) != 1:
        raise ValueError("delimiter must be one character")
    toks = [t or "" for t in tokens]
    joined = delim.join(toks)
    if joined.count(delim) == len(toks) - 1 and "\\" not in joined and "'" not in joined:
        return joined  # no token holds the delimiter, a backslash or a quote: nothing to escape or wrap
    esc = "\\" + delim
    out = []
    for t in toks:
        if not t:
            out.append("")
            continue
        e = t.replace(delim, esc) if delim in t else t
        if t[-1] == "\\" or (t[0] == "'" and t[-1] == "'"):
            e = "'" + e + "'"
        out.append(e)
    return delim.join(out)


def _unquote(value: str) -> str:
    if len(value) > 1 and value[0] == "'" and value[-1] == "'":
        return value[1:-1]
    return value


def decode(text: Optional[str], delim: str) -> list[str]:
    """Split text as SequenceEncoder.Decoder does, token by token until exhausted.

    A delimiter directly preceded by a backslash is literal (the backslash is dropped);
    any other delimiter ends a token; "" yields [""]; None yields [] (no tokens).
    Implemented with one str.split and a merge pass, so it is linear in len(text)
    (the Java original re-slices the string per token).
    """
    if text is None:
        return []
    if len(delim) != 1:
        raise ValueError("delimiter must be one character")
    if delim not in text:
        return [_unquote(text)]
    parts = text.split(delim)
    out: list[str] = []
    current: list[str] = []
    last = len(parts) - 1
    for i, part in enumerate(parts):
        if i < last and part.endswith("\\"):
            # escaped delimiter: drop the backslash, keep the delimiter, keep going
            current.append(part[:-1])
            current.append(delim)
            continue
        current.append(part)
        out.append(_unquote("".join(current)))
        current = []
    return out


class Decoder:
    """SequenceEncoder.Decoder with VASSAL's next*(default) helpers.

    Traits read their fields with defaults for missing trailing tokens; this mirrors
    that so short (old) and long (new) type strings both parse.
    """

    def __init__(self, text: Optional[str], delim: str) -> None:
        self._tokens = decode(text, delim)
        self._pos = 0

    def has_more(self) -> bool:
        return self._pos < len(self._tokens)

    def next(self, default: Optional[str] = None) -> Optional[str]:
        if self._pos >= len(self._tokens):
            return default
        tok = self._tokens[self._pos]
        self._pos += 1
        return tok

    def next_int(self, default: int) -> int:
        """nextInt: a non-integer token is consumed and the default returned."""
        tok = self.next()
        if tok is None:
            return default
        try:
            return java_parse_int(tok)
        except ValueError:
            return default

    def next_bool(self, default: bool) -> bool:
        tok = self.next()
        return default if tok is None else tok == "true"

    def rest(self) -> list[str]:
        out = self._tokens[self._pos:]
        self._pos = len(self._tokens)
        return out


def java_parse_int(text: str) -> int:
    """Integer.parseInt: optional sign then ASCII digits only, 32-bit range."""
    body = text[1:] if text[:1] in ("-", "+") else text
    if not body or not body.isascii() or not body.isdigit():
        raise ValueError(f"not an integer: {text!r}")
    value = int(text)
    if not -(2**31) <= value < 2**31:
        raise ValueError(f"integer out of range: {text!r}")
    return value


def _token_end(text: str, start: int, delim: str) -> int:
    """Index of the first unescaped delimiter at or after start (len(text) if none)."""
    j = text.find(delim, start)
    while j > start and text[j - 1] == "\\":
        j = text.find(delim, j + 1)
    return len(text) if j < 0 else j


def decode_two(text: str, delim: str) -> list[str]:
    """The first two tokens only (one if the text has a single token), as Decorator/createPiece read them.

    Avoids splitting the deeply nested rest of a TAB chain at every level.
    """
    j = _token_end(text, 0, delim)
    first = text[:j]
    if "\\" + delim in first:
        first = first.replace("\\" + delim, delim)
    if j >= len(text):
        return [_unquote(first)]
    k = _token_end(text, j + 1, delim)
    second = text[j + 1:k]
    if "\\" + delim in second:
        second = second.replace("\\" + delim, delim)
    return [_unquote(first), _unquote(second)]
