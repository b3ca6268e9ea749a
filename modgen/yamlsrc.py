"""YAML reading that remembers where every value came from.

Designers fix data by line number, so every mapping and list keeps the line of each of
its entries, and duplicate keys (which plain YAML silently overwrites) are errors.
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


class LList(list):
    """A sequence that knows its own line and the line of each item."""

    line: int
    item_lines: list[int]


# libyaml's parser when PyYAML has it (about 10x faster); nodes still carry their marks.
_BASE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_BASE):  # type: ignore[misc, valid-type]
    pass


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LDict:
    loader.flatten_mapping(node)
    out = LDict()
    out.line = node.start_mark.line + 1
    out.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in out:
            raise DataError(loader.name, key_node.start_mark.line + 1, str(key), "duplicate key")
        out[key] = loader.construct_object(value_node, deep=True)
        out.key_lines[key] = key_node.start_mark.line + 1
    return out


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LList:
    out = LList(loader.construct_object(child, deep=True) for child in node.value)
    out.line = node.start_mark.line + 1
    out.item_lines = [child.start_mark.line + 1 for child in node.value]
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


def line_of(container: Any, key: Any = None) -> int | None:
    """The line of container[key] (or of the container itself)."""
    if key is not None:
        if isinstance(container, LDict):
            return container.key_lines.get(key, container.line)
        if isinstance(container, LList) and isinstance(key, int) and 0 <= key < len(container.item_lines):
            return container.item_lines[key]
    return getattr(container, "line", None)
