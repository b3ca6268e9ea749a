"""A module's images as jobs: what to draw, under which cache key, drawn on every core.

The build lists every image it needs as a Job (its archive name, the key of everything that
decides its pixels, and what to draw). Images found in the art cache are taken from it; the
others are drawn by a pool of worker processes, one per core, each holding the game (forked from
the builder, or handed over once where processes are spawned). The results are put back under
their names, so the archive's order, and its bytes, do not depend on which worker finished first.
"""

from __future__ import annotations

import io
import multiprocessing
import os
import sys
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping

from PIL import Image

from .art.counters import CounterText, marker_face, marker_mask_face, mask_face, unit_face
from .art.mapart import render_board
from .art.sheets import counter_sheet, map_overview, overview_scale, thumbnail
from .art.tables import chart_image, reinforcements_image, render_tracks, tec_image, vp_towns_image
from .layout import tracks_layout
from .model import Game
from .vmod.cache import ArtCache

POOL_FROM = 48  # fewer images than this are drawn in the builder's own process (a pool costs ~0.1 s) ...
SLOW = frozenset({"board", "sheet", "overview"})  # ... unless one of them is slow to draw
QUICK = frozenset({"given"})  # nothing to draw: never sent to a worker
FACES = frozenset({"unit", "marker", "mask", "marker_mask"})  # small: drawn in batches
CHUNK = 64  # counter faces per task: small enough to share out, large enough to pay for the hand-over


MODULE_LEVEL = 6  # zlib level of the module's PNGs (their bytes are the module's: changing it changes every image)
PREVIEW_LEVEL = 1  # the proof-reading pictures beside the module: a third faster to write, 30% larger


def png_bytes(img: Image.Image, level: int = MODULE_LEVEL) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=level)
    return buf.getvalue()


@dataclass(frozen=True)
class Job:
    """One image: its name in the archive, its cache key parts, and what draws it (a kind of
    DRAW and its arguments, all plain values, so a worker process can be sent it)."""

    name: str
    key: tuple
    kind: str
    args: tuple = ()
    extras: tuple[str, ...] = ()  # what else the job draws (cached beside its image under these names)


def _unit(game: Game, unit_id: str, reduced: bool, info: str) -> bytes:
    unit = game.units[unit_id]
    return png_bytes(unit_face(game, unit, unit.back if reduced else unit.front, reduced, CounterText(info)))


def _marker(game: Game, marker_id: str, back: bool) -> bytes:
    marker = game.markers[marker_id]
    return png_bytes(marker_face(marker, marker.back if back else marker.front, game))


def _tracks(game: Game, index: int) -> bytes:
    return png_bytes(render_tracks(game, tracks_layout(game, list(game.scenarios.values())).windows[index]))


def _chart(game: Game, chart_id: str) -> bytes:
    return png_bytes(chart_image(next(c for c in game.charts if c.id == chart_id)))


class _Decoded(Mapping[str, Image.Image]):
    """Faces by name, each decoded when the sheet takes it and not kept: the sheet holds one face
    at a time beside itself, not all of them (3352 decoded faces were 52 MB)."""

    def __init__(self, pngs: dict[str, bytes]) -> None:
        self.pngs = pngs

    def __getitem__(self, name: str) -> Image.Image:
        return Image.open(io.BytesIO(self.pngs[name]))

    def __iter__(self) -> Iterator[str]:
        return iter(self.pngs)

    def __len__(self) -> int:
        return len(self.pngs)


def _sheet(game: Game, faces: dict[str, bytes], page: list | None = None) -> bytes:
    return png_bytes(counter_sheet(game, _Decoded(faces), page=page), PREVIEW_LEVEL)


def _board(game: Game, name: str, overview_as: str = "", thumb_as: str = "") -> bytes | dict[str, bytes]:
    """A board's image; for a map of one board also its overview (named overview_as), for a map
    of several its thumbnail at the overview's scale (thumb_as): made from the image in hand."""
    board = next(b for b in game.map.boards if b.name == name)
    image = render_board(game, board)
    out = {"": png_bytes(image)}
    if overview_as:
        out[overview_as] = png_bytes(map_overview(game.map.boards, {name: image}), PREVIEW_LEVEL)
    if thumb_as:
        out[thumb_as] = png_bytes(thumbnail(image, overview_scale(game.map.boards)), PREVIEW_LEVEL)
    return out if len(out) > 1 else out[""]


def _overview(game: Game, thumbs: dict[str, bytes]) -> bytes:
    """A map of several sheets from their thumbnails (see _board)."""
    arts = {name: Image.open(io.BytesIO(data)) for name, data in thumbs.items()}
    return png_bytes(map_overview(game.map.boards, arts, thumbs=True), PREVIEW_LEVEL)


DRAW: dict[str, Callable[..., bytes]] = {
    "unit": _unit,
    "marker": _marker,
    "mask": lambda game, nat: png_bytes(mask_face(game, game.nationalities[nat])),
    "marker_mask": lambda game: png_bytes(marker_mask_face()),
    "board": _board,
    "tracks": _tracks,
    "chart": _chart,
    "tec": lambda game: png_bytes(tec_image(game)),
    "vp_towns": lambda game: png_bytes(vp_towns_image(game)),
    "reinforcements": lambda game, sc: png_bytes(reinforcements_image(game, game.scenarios[sc])),
    "sheet": _sheet,
    "given": lambda game, data: data,  # drawn already (a one-board map's overview, with its board)
    "overview": _overview,
}

_GAME: Game | None = None  # the game a worker draws


def _hold(game: Game) -> None:
    global _GAME
    _GAME = game


def _draw_many(jobs: list[tuple[str, tuple]]) -> list[bytes | dict[str, bytes]]:
    assert _GAME is not None
    return [DRAW[kind](_GAME, *args) for kind, args in jobs]


def draw(game: Game, job: Job) -> bytes | dict[str, bytes]:
    return DRAW[job.kind](game, *job.args)


def start_method() -> str | None:
    """How to start drawing processes: fork (the workers have the game at once), but not with
    other threads running (a forked child may inherit a lock one of them holds) nor where there is
    no fork; else spawn, from a __main__ a child can import again; else none (not from a script
    read from stdin): the builder draws alone."""
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        return "fork"
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    return "spawn" if getattr(main, "__spec__", None) or (path and os.path.isfile(path)) else None


class Drawer:
    """Draws jobs the cache does not hold, in a pool of processes when there are enough of them."""

    def __init__(self, game: Game, cache: ArtCache, workers: int | None = None) -> None:
        self.game, self.cache = game, cache
        self.workers = workers if workers is not None else max(1, min(os.cpu_count() or 1, 8))
        if start_method() is None:
            self.workers = 1
        self._pool: ProcessPoolExecutor | None = None
        self.extras: dict[str, bytes] = {}  # what jobs drew besides their images (overview, sheet thumbnails)

    def __enter__(self) -> "Drawer":
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            method = start_method() or "spawn"
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context(method),
                                             initializer=_hold, initargs=(self.game,))
        return self._pool

    def start(self, jobs: list[Job]) -> Callable[[], dict[str, bytes]]:
        """Begin drawing the jobs the cache does not hold (in the pool: the largest first, faces in
        batches, each batch sent as soon as its keys are known) while the builder goes on; the
        function returned waits and gives every job's PNG by name. Few jobs to draw, or one core:
        they are drawn in this process when it is called."""
        found: dict[str, bytes] = {}
        ordered = [j for j in jobs if j.kind not in FACES] + [j for j in jobs if j.kind in FACES]
        pooled = self.workers >= 2 and (len(jobs) >= POOL_FROM or any(j.kind in SLOW for j in jobs))
        here: list[tuple[Job, str]] = []
        sent: list[tuple[list[tuple[Job, str]], Any]] = []
        batch: list[tuple[Job, str]] = []

        def send() -> None:
            if batch:
                sent.append((list(batch), self.pool().submit(_draw_many, [(job.kind, job.args) for job, _ in batch])))
                batch.clear()

        for job in ordered:
            key = self.cache.key(job.key)
            data = self.cache.get(key)
            extras = {x: self.cache.get(f"{key}/{x}") for x in job.extras}
            if data is not None and all(v is not None for v in extras.values()):
                found[job.name] = data
                self.extras.update(extras)
            elif not pooled or job.kind in QUICK:
                here.append((job, key))
            else:
                batch.append((job, key))
                if job.kind not in FACES or len(batch) >= CHUNK:
                    send()
        send()

        def keep(job: Job, key: str, data: bytes | dict[str, bytes]) -> None:
            if isinstance(data, dict):
                for extra, value in data.items():
                    if extra:
                        self.extras[extra] = value
                        self.cache.put(f"{key}/{extra}", value, drawn=False)
                data = data[""]
            found[job.name] = data
            self.cache.put(key, data)

        def wait() -> dict[str, bytes]:
            for job, key in here:
                keep(job, key, draw(self.game, job))
            for done, future in sent:
                try:
                    results = future.result()
                except BrokenProcessPool:  # a worker died: draw its share here, as one process would
                    results = [draw(self.game, job) for job, _ in done]
                for (job, key), data in zip(done, results):
                    keep(job, key, data)
            return found

        return wait
