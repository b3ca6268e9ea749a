"""The typed view of a parsed YAML file every loader module reads through: Node (a mapping with
its file and field path) and the one place a YAML value becomes text (_as_text), so every refusal
names the file, line and field."""

from __future__ import annotations

from typing import Any

from ..errors import DataError
from ..model import Provenance
from ..yamlsrc import LDict, LList, line_of, written_key, written_of

_MISSING = object()


class Node:
    """A YAML mapping with its file and path, for typed field access with precise errors."""

    def __init__(self, file: str, data: Any, path: str, line: int | None = None) -> None:
        self.file, self.data, self.path = file, data, path
        self.line = line if line is not None else line_of(data)
        if not isinstance(data, dict):
            self.fail(None, f"expected a mapping, got {_kind(data)}")

    def fail(self, key: str | None, message: str, line: int | None = None) -> DataError:
        field = f"{self.path}.{key}" if key and self.path else (key or self.path or None)
        raise DataError(self.file, line or (line_of(self.data, key) if key else self.line), field, message)

    def line_of(self, key: str) -> int | None:
        return line_of(self.data, key)

    def has(self, key: str) -> bool:
        return key in self.data and self.data[key] is not None

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = _MISSING) -> Any:
        if key not in self.data or self.data[key] is None:
            if default is _MISSING:
                self.fail(None, f"missing field '{key}'")
            return default
        value = self.data[key]
        if kind is int and isinstance(value, bool):
            self.fail(key, f"expected a whole number, got {value!r}")
        if not isinstance(value, kind):
            want = " or ".join(k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,)))
            self.fail(key, f"expected {want}, got {_kind(value)} {value!r}")
        return value

    def text(self, key: str, default: Any = _MISSING, hex_id: bool = False) -> str:
        """A text field (id, name, version, reference): see _as_text."""
        value = self.data.get(key)
        if type(value) is str:  # the commonest: kept as it is (_as_text), nothing to look up for an error
            return value
        written = written_of(self.data, key)
        if value is None and not (written and default is _MISSING):
            return self.get(key, str, default)  # absent or empty: the default, or 'missing field'
        if isinstance(value, (list, dict)):
            self.get(key, (str, int, float))  # refused as before: expected str or int or float
        return _as_text(value, written, self.file, self.line_of(key), self._sub(key), hex_id)

    def hex_text(self, key: str) -> str:
        return self.text(key, hex_id=True)

    def integer(self, key: str, default: Any = _MISSING, lo: int | None = None, hi: int | None = None) -> Any:
        value = self.get(key, int, default)
        if value is not None and value is not default:
            if lo is not None and value < lo:
                self.fail(key, f"{value} is below the minimum {lo}")
            if hi is not None and value > hi:
                self.fail(key, f"{value} is above the maximum {hi}")
        return value

    def flag(self, key: str, default: bool = False) -> bool:
        return self.get(key, bool, default)

    def choice(self, key: str, options: tuple[str, ...] | list[str] | dict, default: Any = _MISSING) -> Any:
        value = self.text(key, default)
        if value is not default and value not in options:
            self.fail(key, f"unknown value {value!r} (expected one of: {', '.join(sorted(options))})")
        return value

    def child(self, key: str, default: Any = _MISSING) -> "Node | None":
        value = self.get(key, dict, default)
        return None if value is None or value is default else Node(self.file, value, self._sub(key), self.line_of(key))

    def items(self, key: str, default: Any = _MISSING) -> list[tuple[int | None, Any, str, str | None]]:
        """(line, value, path, written) of each item of a list field; written: see written_of."""
        value = self.get(key, list, default)
        if value is None or value is default:
            return []
        return _list_items(self, value, self._sub(key), self.line_of(key))

    def texts(self, key: str, default: Any = _MISSING, hex_id: bool = False) -> list[tuple[int | None, str, str]]:
        """(line, text, path) of each item of a list of texts: see _as_text."""
        return [(ln, _as_text(v, w, self.file, ln, p, hex_id), p) for ln, v, p, w in self.items(key, default)]

    def nodes(self, key: str, default: Any = _MISSING) -> list["Node"]:
        return [Node(self.file, v, p, ln) for ln, v, p, _ in self.items(key, default)]

    def mapping(self, key: str, default: Any = _MISSING) -> list[tuple[str, "Node"]]:
        return [(k, Node(self.file, v, self._sub(f"{key}.{k}"), ln)) for k, v, ln, _ in self.entries(key, default)]

    def entries(self, key: str, default: Any = _MISSING) -> list[tuple[str, Any, int | None, str | None]]:
        """(key as text, raw value, line, written) of each entry of a mapping field; written: see written_of."""
        value = self.get(key, dict, default)
        if value is None or value is default:
            return []
        out = []
        for k, v in value.items():
            line, shown = line_of(value, k), written_key(value, k) or str(k)
            out.append((_as_text(k, written_key(value, k), self.file, line, self._sub(f"{key}.{shown}")), v, line, written_of(value, k)))
        return out

    def provenance(self, parent: Provenance | None = None) -> Provenance:
        approx = self.flag("approximate", parent.approximate if parent else False)
        source = self.text("source", parent.source if parent else "")
        if approx and not source:
            self.fail("approximate", "approximate data needs a one-line 'source' note")
        return Provenance(approx, source)

    def _sub(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key


def _kind(value: Any) -> str:
    return {dict: "a mapping", LDict: "a mapping", list: "a list", LList: "a list"}.get(type(value), type(value).__name__)


def _misread(value: Any, written: str | None) -> str | None:
    """The quoting hint when YAML read unquoted text as something else, changing it
    (`1.10` -> 1.1, `no` -> false, `0507` -> 327, `2:1` -> 121, `~` -> null, dates); else None."""
    if written is None or isinstance(value, str):
        return None
    if isinstance(value, (int, float)) and str(value) == written:
        return None  # `12` reads back as 12: nothing lost
    if isinstance(value, bool):
        reading = f"the boolean {str(value).lower()}"
    elif isinstance(value, (int, float)):
        reading = f"the number {value!r}"
    elif value is None:
        reading = "null (no value)"
    else:
        reading = f"a {type(value).__name__}"
    return f'YAML reads the unquoted {written} as {reading}; write "{written}"'


def _as_text(value: Any, written: str | None, file: str, line: int | None, field: str, hex_id: bool = False) -> str:
    """The one place a YAML value becomes text (ids, names, version, references, hex IDs).

    A string is kept. Unquoted text that YAML read as something else is refused with a hint
    quoting what was written (written: see yamlsrc.written_of): `version: 1.10` would be 1.1,
    a unit `no` would be False, a hex `0507` would be 327. A number whose text survives
    (`name: 12`) becomes that text, except as a hex ID, which must always be quoted."""
    if isinstance(value, str):
        return value
    hint = _misread(value, written)
    if hint:
        raise DataError(file, line, field, hint)
    if isinstance(value, (int, float)):
        if hex_id:
            raise DataError(file, line, field, f'hex IDs must be quoted strings (got {value!r}; write "{written or value}")')
        return str(value)
    if value is None:
        raise DataError(file, line, field, "empty value: expected text")
    raise DataError(file, line, field, f"expected text, got {_kind(value)} {value!r}")


def _words(n: Node, key: str) -> tuple[str, ...]:
    """A list of plain words (tags, type ids)."""
    out = []
    for line, value, path, written in n.items(key, []):
        if not isinstance(value, str) or not value:
            raise DataError(n.file, line, path, _misread(value, written) or f"expected a word, got {value!r}")
        out.append(value)
    return tuple(out)


def _number(n: Node, key: str) -> float | None:
    value = n.get(key, (int, float), None)
    return None if value is None else float(value)


def _colour(n: Node, key: str, default: Any = _MISSING) -> str:
    value = n.text(key, default)
    if value is default:
        return value
    if not (isinstance(value, str) and value.startswith("#") and len(value) in (7, 9)):
        n.fail(key, f"colour must be #rrggbb, got {value!r}")
    try:
        int(value[1:], 16)
    except ValueError:
        n.fail(key, f"colour must be #rrggbb, got {value!r}")
    return value


def _list_items(n: Node, value: Any, path: str, line: int | None) -> list[tuple[int | None, Any, str, str | None]]:
    """(line, value, path, written) of each item; written: see yamlsrc.written_of."""
    if not isinstance(value, list):
        raise DataError(n.file, line, path, f"expected a list, got {_kind(value)}")
    lines = value.item_lines if isinstance(value, LList) else [line] * len(value)
    return [(lines[i], v, f"{path}[{i}]", written_of(value, i)) for i, v in enumerate(value)]
