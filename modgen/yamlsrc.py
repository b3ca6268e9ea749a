"""YAML reading that remembers where every value came from.

Designers fix data by line number, so every mapping and list keeps the line of each of
its entries, and duplicate keys (which plain YAML silently overwrites) are errors.

YAML 1.1 turns some unquoted text into other things (`1.10` -> 1.1, `no` -> False,
`0507` -> 327 in octal, `2:1` -> 121), so every mapping and list also keeps the text as
written of each unquoted scalar YAML read as something other than a string: the loader
refuses such a value where it wants text, quoting what the designer wrote.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import DataError


class LDict(dict):
    """A mapping that knows its own line and the line of each key."""

    line: int
    key_lines: dict[Any, int]
    written: dict[Any, str]  # key -> text of its unquoted value, when YAML read that as a non-string
    written_keys: dict[Any, str]  # key -> its own text, when YAML read an unquoted key as a non-string


class LList(list):
    """A sequence that knows its own line and the line of each item."""

    line: int
    item_lines: list[int]
    written: dict[int, str]  # index -> text of an unquoted item YAML read as a non-string


# libyaml's parser when PyYAML has it (about 10x faster); nodes still carry their marks.
_BASE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_BASE):  # type: ignore[misc, valid-type]
    pass


def _misread(node: yaml.Node, value: Any) -> str | None:
    """The text as written of an unquoted scalar that YAML read as something other than a string."""
    if isinstance(node, yaml.ScalarNode) and not node.style and not isinstance(value, str):
        return node.value  # style is None (PyYAML) or '' (libyaml) for a plain scalar
    return None


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LDict:
    loader.flatten_mapping(node)
    out = LDict()
    out.line = node.start_mark.line + 1
    out.key_lines, out.written, out.written_keys = {}, {}, {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        key_text = _misread(key_node, key)
        if key in out:
            raise DataError(loader.name, key_node.start_mark.line + 1, key_text or str(key), "duplicate key")
        out[key] = value = loader.construct_object(value_node, deep=True)
        out.key_lines[key] = key_node.start_mark.line + 1
        if key_text is not None:
            out.written_keys[key] = key_text
        text = _misread(value_node, value)
        if text is not None:
            out.written[key] = text
    return out


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LList:
    out = LList(loader.construct_object(child, deep=True) for child in node.value)
    out.line = node.start_mark.line + 1
    out.item_lines = [child.start_mark.line + 1 for child in node.value]
    out.written = {}
    for i, (child, value) in enumerate(zip(node.value, out)):
        text = _misread(child, value)
        if text is not None:
            out.written[i] = text
    return out


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_yaml(path: Path, display: str | None = None) -> Any:
    """Parse one YAML file; syntax errors become DataError with the file and line."""
    name = display or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(name, None, None, "file not found") from None
    except UnicodeDecodeError as exc:
        raise DataError(name, None, None, f"not UTF-8 text ({exc.reason})") from None
    return parse_yaml(text, name)


def parse_yaml(text: str, name: str) -> Any:
    """Parse YAML text as the file `name`; syntax errors become DataError with the line."""
    loader = _Loader(text)
    loader.name = name
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise DataError(name, line, None, f"YAML syntax: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        raise DataError(name, None, None, f"YAML: {exc}") from None
    finally:
        loader.dispose()


def shift_lines(value: Any, offset: int) -> Any:
    """value with every line it remembers moved down by offset (a fragment parsed on its own)."""
    if isinstance(value, LDict):
        value.line += offset
        value.key_lines = {k: n + offset for k, n in value.key_lines.items()}
        for v in value.values():
            shift_lines(v, offset)
    elif isinstance(value, LList):
        value.line += offset
        value.item_lines = [n + offset for n in value.item_lines]
        for v in value:
            shift_lines(v, offset)
    return value


def line_of(container: Any, key: Any = None) -> int | None:
    """The line of container[key] (or of the container itself)."""
    if key is not None:
        if isinstance(container, LDict):
            return container.key_lines.get(key, container.line)
        if isinstance(container, LList) and isinstance(key, int) and 0 <= key < len(container.item_lines):
            return container.item_lines[key]
    return getattr(container, "line", None)


def written_of(container: Any, key: Any) -> str | None:
    """The text as written of container[key] when YAML read that unquoted text as a non-string
    (`1.10`, `no`, `0507`), else None. key is a mapping key or a list index."""
    written = getattr(container, "written", None)
    return written.get(key) if written is not None else None


def written_key(container: Any, key: Any) -> str | None:
    """The text as written of a mapping key that YAML read as a non-string (`on:`), else None."""
    written = getattr(container, "written_keys", None)
    return written.get(key) if written is not None else None
