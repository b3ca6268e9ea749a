"""A long list file read entry by entry, each entry's parse and schema check cached by its text.

A publisher's units.yaml holds thousands of units; an erratum changes one. Parsing the whole file
again (YAML, then the JSON Schema over every unit) was most of a rebuild's time. Here the file's
longest top-level list is cut into its entries by their lines; an entry whose text was read
before is taken from the cache (its lines moved to where it now stands), only the others are
parsed and checked. The result is the value a whole-file parse gives, lines included.

The cut is made only for the plain shape data files have (`key:` at the start of a line, then
entries each starting `- ` at one indentation). Anything else, and any entry or head that does
not parse or pass the schema on its own, falls back to the whole-file parse, whose errors are
the ones reported: this path never decides that data is wrong, it only skips re-reading data
read before.
"""

from __future__ import annotations

import hashlib
import pickle
import re
from dataclasses import dataclass
from typing import Any, Optional

from jsonschema import Draft202012Validator

from ..errors import DataError
from ..yamlsrc import LList, parse_yaml, shift_lines

MIN_ENTRIES = 50  # a shorter list is parsed whole: the cache would cost more than it saves
_KEY = re.compile(r"^([A-Za-z_][\w-]*):[ \t]*(#.*)?$")
_ENTRY = re.compile(r"^( *)- ")


@dataclass
class Split:
    key: str  # the list's key
    head: str  # the file with the list's entries blanked (line numbers kept) and `key: []`
    entries: list[tuple[int, str]]  # (0-based first line, the entry's lines as text)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _content(line: str) -> bool:
    """A line YAML reads (not blank, not only a comment)."""
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def split(text: str) -> Optional[Split]:
    """The file's longest top-level block list, cut into entries; None if it has none long enough."""
    if "\t" in text or "\n---" in text or text.startswith(("%", "---")):
        return None
    lines = text.split("\n")
    best: Optional[tuple[str, int, int, list[int]]] = None  # (key, its line, end, entry starts)
    i = 0
    while i < len(lines):
        m = _KEY.match(lines[i])
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and not _content(lines[j]):
            j += 1
        first = _ENTRY.match(lines[j]) if j < len(lines) else None
        if first is None:
            i += 1
            continue
        indent, starts, k = len(first.group(1)), [j], j + 1
        while k < len(lines):
            line = lines[k]
            if _content(line):
                depth = _indent(line)
                if depth < indent or (depth == indent and not _ENTRY.match(line)):
                    break
                if depth == indent:
                    starts.append(k)
            k += 1
        while k > starts[-1] + 1 and not _content(lines[k - 1]):
            k -= 1  # trailing blank and comment lines stay with the head
        if best is None or len(starts) > len(best[3]):
            best = (m.group(1), i, k, starts)
        i = k
    if best is None or len(best[3]) < MIN_ENTRIES:
        return None
    key, key_line, end, starts = best
    bounds = starts + [end]
    entries = [(a, "\n".join(lines[a:b])) for a, b in zip(bounds, bounds[1:])]
    head_lines = lines[:]
    head_lines[key_line] = f"{key}: []"
    for n in range(starts[0], end):
        head_lines[n] = ""
    return Split(key, "\n".join(head_lines), entries)


class EntryCache:
    """Parsed and checked entries of one file, by the hash of their text (and the schema's)."""

    def __init__(self, stored: Optional[dict[str, bytes]], salt: str) -> None:
        self.stored = stored or {}
        self.salt = salt
        self.used: dict[str, bytes] = {}  # what this read used: the cache written back
        self.parsed = 0  # entries parsed this time (for tests and benchmarks)

    def key(self, text: str) -> str:
        return hashlib.sha256(self.salt.encode() + text.encode()).hexdigest()


def read(text: str, name: str, schema: dict, cache: EntryCache) -> Optional[Any]:
    """The file's value read entry by entry, or None when the whole-file parse must decide."""
    cut = split(text)
    if cut is None:
        return None
    item_schema = schema.get("properties", {}).get(cut.key, {}).get("items")
    if item_schema is None:
        return None
    try:
        head = parse_yaml(cut.head, name)
        if not isinstance(head, dict) or head.get(cut.key) != [] or _errors(head, _without_items(schema, cut.key)):
            return None
        items = LList()
        items.item_lines, items.written = [], {}
        validator = Draft202012Validator(item_schema)
        for first, entry in cut.entries:
            key = cache.key(entry)
            blob = cache.stored.get(key)
            if blob is None:
                parsed = parse_yaml(entry, name)
                if not isinstance(parsed, LList) or len(parsed) != 1 or parsed.written:
                    return None
                value = parsed[0]
                if next(validator.iter_errors(value), None) is not None:
                    return None
                blob = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
                cache.parsed += 1
            cache.used[key] = blob
            value = shift_lines(pickle.loads(blob), first)
            items.append(value)
            items.item_lines.append(first + 1)
        items.line = cut.entries[0][0] + 1
    except DataError:
        return None
    head[cut.key] = items
    return head


def _without_items(schema: dict, key: str) -> dict:
    out = dict(schema)
    out["properties"] = {**schema["properties"], key: {k: v for k, v in schema["properties"][key].items() if k != "items"}}
    return out


def _errors(data: Any, schema: dict) -> bool:
    return next(Draft202012Validator(schema).iter_errors(data), None) is not None
