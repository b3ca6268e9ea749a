"""One error type for every bad input, so the CLI can print one line and exit 2."""

from __future__ import annotations


class ModgenError(Exception):
    """A user-facing error: where (file:line, field or archive entry) and what is wrong."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.message = message


class DataError(ModgenError):
    """Bad game data in a YAML file."""

    def __init__(self, file: str, line: int | None, field: str | None, message: str) -> None:
        where = str(file) + (f":{line}" if line else "")
        text = f"{field}: {message}" if field else message
        super().__init__(where, text)
        self.file, self.line, self.field = str(file), line, field

    def lines(self) -> list[str]:
        """The error as the lines a command prints (DataErrors: one a problem)."""
        return [str(self)]


class SaveError(ModgenError):
    """An unreadable or foreign saved game (.vsav / .vlog)."""


class DataErrors(DataError):
    """Every error found in a game's data (modgen.load.collect): reads as the first, which is
    where the loader stopped before; `errors` holds them all, in the order they were met."""

    def __init__(self, errors: list[DataError]) -> None:
        first = errors[0]
        ModgenError.__init__(self, first.where, first.message)
        self.file, self.line, self.field = first.file, first.line, first.field
        self.errors = list(errors)

    def lines(self) -> list[str]:
        return [str(e) for e in self.errors]
