"""`modgen preview GAME [--watch]`: the map and counter pictures again after each edit.

An author tuning terrain or counter art wants to look, not to read: the preview is the build
(module and proof-reading pictures, with its cache, so one edit redraws only what it touched),
and with --watch it runs again whenever a file of the game's data changes, printing every error
in the data instead of stopping. The pictures are the build's own: build/<game>-map.png and
build/<game>-counters.png (more pages: -counters-2.png ...).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .build import BuildResult, build_game
from .errors import DataError
from .vmod.cache import game_files

Stamp = dict[Path, tuple[int, int]]


@dataclass
class Preview:
    """One preview: the pictures written (none if the data has errors), the errors, the time."""

    pictures: tuple[Path, ...]
    errors: tuple[str, ...]
    seconds: float
    up_to_date: bool = False

    def lines(self) -> list[str]:
        if self.errors:
            return [*self.errors, f"{len(self.errors)} error(s) in the data: pictures not redrawn ({self.seconds:.2f} s)"]
        if self.up_to_date:
            return [f"pictures up to date ({self.seconds:.2f} s)"]
        return [f"{p}" for p in self.pictures] + [f"pictures redrawn in {self.seconds:.2f} s"]


def stamp(root: Path, game_id: str) -> Stamp:
    """Each data file's modification time and size: a change to either is an edit."""
    out: Stamp = {}
    for path in game_files(root, game_id):
        try:
            st = path.stat()
        except OSError:  # removed between listing and stat: the next look sees it gone
            continue
        out[path] = (st.st_mtime_ns, st.st_size)
    return out


def preview(root: Path, game_id: str, out: Path) -> Preview:
    """Build once; bad data gives its errors, not an exception (the watcher goes on)."""
    started = time.perf_counter()
    try:
        result: BuildResult = build_game(root, game_id, out)
    except DataError as exc:
        return Preview((), tuple(exc.lines()), time.perf_counter() - started)
    pictures = tuple(p for p in result.written if p.suffix == ".png")
    if result.up_to_date:
        pictures = tuple(sorted(out.glob(f"{game_id}-*.png")))
    return Preview(pictures, (), time.perf_counter() - started, result.up_to_date)


def watch(root: Path, game_id: str, out: Path, report: Callable[[Preview], None],
          stop: Callable[[], bool] = lambda: False, poll: float = 0.25, settle: float = 0.1) -> int:
    """Preview now, then after each edit until stop() is true (Ctrl-C in the command); returns how
    many previews ran. An edit counts once the files have stopped changing for `settle` seconds
    (an editor's save may write a file in several steps)."""
    seen = stamp(root, game_id)
    report(preview(root, game_id, out))
    runs = 1
    while not stop():
        time.sleep(poll)
        now = stamp(root, game_id)
        if now == seen:
            continue
        now = _settled(root, game_id, now, settle)
        seen = now
        report(preview(root, game_id, out))
        runs += 1
    return runs


def _settled(root: Path, game_id: str, now: Stamp, settle: float) -> Stamp:
    while True:
        time.sleep(settle)
        later = stamp(root, game_id)
        if later == now:
            return now
        now = later

