"""Every error in a game's data at once, not only the first.

An author who fixes one error, rebuilds and meets the next wastes an afternoon; `modgen
validate` and `modgen build` report them all. The loader still reads value by value and raises
DataError where a value is wrong; what changes is where the error stops:

- `stage(read)` runs one step of loading (one file, or one file's reading) and records its error;
  a later step that needs what a failed one gives is not run (the terrain needs the map's types).
- `with item(node, "id")` around the reading of one entry of a list (a unit, a town, a set-up line)
  records its error and goes on with the next entry. The entry is left out, and its id is noted:
  a later reference to it ("unit 'x' is set up ...") is not reported again as unknown (`Skipped`).

GameLoader.load collects; a reader called on its own (no collector) raises its first error.
A file with an unknown or missing key is still read value by value, so its values' errors are
found in the same pass.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable, Iterator, Optional, TypeVar

from ..errors import DataError, DataErrors
from .nodes import Node

T = TypeVar("T")

_current: ContextVar[Optional["Collector"]] = ContextVar("modgen_load_collector", default=None)


class Skipped(Exception):
    """An entry refers to one refused before: its error is that one's, already reported."""


class Collector:
    """The errors found so far, in the order the loader met them, and the ids of refused entries."""

    def __init__(self) -> None:
        self.errors: list[DataError] = []
        self.refused: set[tuple[str, str]] = set()  # (kind, id)

    def add(self, error: DataError) -> None:
        for e in error.errors if isinstance(error, DataErrors) else (error,):
            if str(e) in {str(x) for x in self.errors} or self._repeats_a_misspelling(e):
                continue
            self.errors.append(e)

    def _repeats_a_misspelling(self, e: DataError) -> bool:
        """A field found missing where its file's line already has an unknown key: the schema's
        did-you-mean said it (`mo: 4` for `ma: 4`), the reading only repeats it."""
        return "missing field" in e.message and any(x.file == e.file and x.line == e.line and "unknown field" in x.message
                                                    for x in self.errors)

    def stage(self, read: Callable[[], T]) -> Optional[T]:
        """What `read` gives, or None when it failed (its errors recorded)."""
        try:
            return read()
        except Skipped:
            return None
        except DataError as exc:
            self.add(exc)
            return None

    def raise_if_any(self) -> None:
        if self.errors:
            raise DataErrors(self.errors)


@contextmanager
def collecting() -> Iterator[Collector]:
    """Collect the errors of the loading done inside; the caller raises them (raise_if_any)."""
    collector = Collector()
    token = _current.set(collector)
    try:
        yield collector
    finally:
        _current.reset(token)


@contextmanager
def item(node: Node, id_key: str | None = None, kind: str = "", ident: str | None = None) -> Iterator[None]:
    """One entry of a list, read inside the block: with a collector, its error is recorded, the
    entry left out and its id (`ident`, or `node[id_key]` if readable) remembered as refused under
    `kind`."""
    collector = _current.get()
    try:
        yield
    except (Skipped, DataError) as exc:  # Skipped: it names a refused entry, so it is refused too
        if collector is None:
            raise
        if isinstance(exc, DataError):
            collector.add(exc)
        if ident is None and id_key and isinstance(node.data, dict):
            ident = node.data.get(id_key)
        if isinstance(ident, (str, int)) and not isinstance(ident, bool):
            collector.refused.add((kind, str(ident)))


def record(error: DataError) -> None:
    """An error the reading can go on after (an unknown key): recorded when collecting, else raised."""
    collector = _current.get()
    if collector is None:
        raise error
    collector.add(error)


def skip_if_refused(kind: str, ident: str) -> None:
    """Stop reading an entry that names a refused one: its error is reported already."""
    collector = _current.get()
    if collector is not None and (kind, ident) in collector.refused:
        raise Skipped(ident)


def failed_before() -> bool:
    """Whether errors were recorded already (a check such as "no units" would only repeat them)."""
    collector = _current.get()
    return collector is not None and bool(collector.errors)
