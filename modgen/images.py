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
import struct
import sys
import threading
import zlib
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping, TypeVar

from PIL import Image

from .art.counters import CounterText, finding_ring, marker_face, marker_mask_face, mask_face, moved_face, state_badge, unit_face
from .conventions import MOVED_SIZE
from .unitstates import BADGE_H, BADGE_W
from .art.mapart import render_board
from .art.sheets import counter_sheet, map_overview, overview_scale, thumbnail
from .art.tables import chart_image, reinforcements_image, render_tracks, tec_image, vp_towns_image
from .layout import tracks_layout
from .model import Game
from .vmod.cache import ArtCache, art_fingerprint

T = TypeVar("T")

POOL_FROM = 48  # fewer images than this are drawn in the builder's own process (a pool costs ~0.1 s) ...
SLOW = frozenset({"board", "sheet", "overview"})  # ... unless one of them is slow to draw
QUICK = frozenset({"given"})  # nothing to draw: never sent to a worker
FACES = frozenset({"unit", "marker", "mask", "marker_mask", "moved", "state", "finding"})  # small: drawn in batches
CHUNK = 64  # counter faces per task: small enough to share out, large enough to pay for the hand-over


MODULE_LEVEL = 6  # zlib level of the module's PNGs (their bytes are the module's: changing it changes every image)
PREVIEW_LEVEL = 1  # the proof-reading pictures beside the module: faster to write, larger
PNG_TYPES = {"L": (0, 1), "RGB": (2, 3), "RGBA": (6, 4)}  # mode: PNG colour type, bytes per pixel
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_bytes(img: Image.Image, level: int = MODULE_LEVEL) -> bytes:
    """The image as a PNG whose rows are not filtered (filter type None), deflated at `level`.

    Pillow tries every PNG filter on every row; on this flat-coloured art that was most of the
    time and made larger files: a 4930 x 3008 board took 0.32 s and 1.59 MB, unfiltered
    it takes 0.20 s (0.10 s on two cores, see _deflate_rows) and 1.21 MB; counter faces are 30%
    smaller. Other modes: Pillow's writer."""
    if img.mode not in PNG_TYPES:
        buf = io.BytesIO()
        img.save(buf, "PNG", compress_level=level)
        return buf.getvalue()
    img.load()  # before the threads read it
    colour_type, depth = PNG_TYPES[img.mode]
    header = struct.pack(">IIBBBBB", img.width, img.height, 8, colour_type, 0, 0, 0)
    return PNG_SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", _deflate_rows(img, depth, level)) + _chunk(b"IEND", b"")


PIECE = 1 << 22  # raw bytes deflated as one piece: a fixed split, so the bytes never depend on the cores
WINDOW = 1 << 15  # deflate's window: what a piece may refer back to


def _deflate_rows(img: Image.Image, depth: int, level: int) -> bytes:
    """The zlib stream of the image's rows, each after its filter-type byte 0.

    A large image is deflated in pieces of whole rows on every core (zlib lets other threads run),
    as pigz does: each piece primed with the 32 KB before it and ended on a byte boundary, so the
    pieces join into one stream; the Adler-32 checksums are combined."""
    stride = img.width * depth
    rows = max(1, PIECE // (stride + 1))
    spans = [(y, min(y + rows, img.height)) for y in range(0, img.height, rows)]

    def piece(span: tuple[int, int]) -> tuple[bytes, int, int]:
        return _deflate_piece(img, stride, span, level, span[1] == img.height)

    if len(spans) == 1:
        pieces = [piece(spans[0])]
    else:
        with ThreadPoolExecutor(min(len(spans), os.cpu_count() or 1)) as threads:
            pieces = list(threads.map(piece, spans))
    adler = 1
    for _, piece_adler, length in pieces:
        adler = _adler32_combine(adler, piece_adler, length)
    return _zlib_header(level) + b"".join(p for p, _, _ in pieces) + struct.pack(">I", adler)


def _raw_rows(img: Image.Image, stride: int, first: int, last: int) -> bytes:
    """Rows first..last-1 of the PNG's raw stream, each after its filter-type byte 0 (read a piece
    at a time: a copy of the whole image was as slow again, in fresh memory)."""
    if last <= first:
        return b""
    data = memoryview(img.crop((0, first, img.width, last)).tobytes())
    return b"\x00" + b"\x00".join(data[i:i + stride] for i in range(0, len(data), stride))


def _deflate_piece(img: Image.Image, stride: int, span: tuple[int, int], level: int, final: bool) -> tuple[bytes, int, int]:
    """Raw deflate of the rows in span, primed with the raw stream before them; with the rows'
    Adler-32 and length."""
    first, last = span
    before = _raw_rows(img, stride, max(0, first - WINDOW // (stride + 1) - 1), first)[-WINDOW:]
    z = zlib.compressobj(level, zlib.DEFLATED, -15, zdict=before) if before else zlib.compressobj(level, zlib.DEFLATED, -15)
    raw = _raw_rows(img, stride, first, last)
    body = z.compress(raw) + z.flush(zlib.Z_FINISH if final else zlib.Z_SYNC_FLUSH)
    return body, zlib.adler32(raw), len(raw)


def _zlib_header(level: int) -> bytes:
    """The two bytes zlib writes before a stream deflated at level (32 KB window)."""
    flags = (0 if level < 2 else 1 if level < 6 else 2 if level == 6 else 3) << 6
    return bytes([0x78, flags + 31 - (0x7800 + flags) % 31])


def _adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings joined, from theirs (zlib's adler32_combine)."""
    base = 65521
    rem = second_length % base
    s1 = ((first & 0xFFFF) + (second & 0xFFFF) + base - 1) % base
    s2 = (rem * (first & 0xFFFF) + (first >> 16) + (second >> 16) + base - rem) % base
    return (s2 << 16) | s1


def _chunk(tag: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(body, zlib.crc32(tag)))


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


def _state(game: Game, marker_id: str, back: bool) -> bytes:
    marker = game.markers[marker_id]
    assert marker.on_unit is not None
    return png_bytes(state_badge(marker, marker.on_unit.back_label if back else marker.on_unit.label, BADGE_W, BADGE_H))


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
        half = _halved(image, OVERVIEW_WIDTH / image.width)
        out[overview_as] = png_bytes(map_overview(game.map.boards, {name: half or image}, OVERVIEW_WIDTH), PREVIEW_LEVEL)
    if thumb_as:
        scale = overview_scale(game.map.boards, OVERVIEW_WIDTH)
        half = _halved(image, scale)
        out[thumb_as] = png_bytes(thumbnail(half, scale * 2) if half else thumbnail(image, scale), PREVIEW_LEVEL)
    return out if len(out) > 1 else out[""]


OVERVIEW_WIDTH = 1400  # the map overview's width in pixels (modgen.art.sheets.map_overview)


def _halved(image: Image.Image, scale: float) -> Image.Image | None:
    """The board box-averaged to half size, to be scaled down by `scale` from there with LANCZOS:
    a 4930 x 3008 board's overview took a third of the time, for a picture no one tells apart at
    its size. None where halving would not keep the size exact (odd) or would undershoot `scale`."""
    if image.width % 2 or image.height % 2 or scale > 0.5:
        return None
    return image.reduce(2)


def _overview(game: Game, thumbs: dict[str, bytes]) -> bytes:
    """A map of several sheets from their thumbnails (see _board)."""
    arts = {name: Image.open(io.BytesIO(data)) for name, data in thumbs.items()}
    return png_bytes(map_overview(game.map.boards, arts, thumbs=True), PREVIEW_LEVEL)


DRAW: dict[str, Callable[..., bytes]] = {
    "unit": _unit,
    "marker": _marker,
    "mask": lambda game, nat: png_bytes(mask_face(game, game.nationalities[nat])),
    "marker_mask": lambda game: png_bytes(marker_mask_face(game.counter_size)),
    "moved": lambda game: png_bytes(moved_face(MOVED_SIZE)),
    "finding": lambda game, size: png_bytes(finding_ring(size)),
    "state": _state,
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
_JOBS: list[Job] = []  # the jobs a forked worker works out the keys of (Drawer._keys_in_workers)


def _hold(game: Game) -> None:
    global _GAME
    _GAME = game


def _draw_many(jobs: list[tuple[str, tuple]]) -> list[bytes | dict[str, bytes]]:
    assert _GAME is not None
    return [DRAW[kind](_GAME, *args) for kind, args in jobs]


def _aside(work: Callable[..., Any], args: tuple) -> Any:
    assert _GAME is not None
    return work(_GAME, *args)


def _keys_of(lo: int, hi: int) -> list[str]:
    """The cache keys of jobs lo..hi-1 of the jobs this worker was forked with."""
    cache = ArtCache(None)
    return [cache.key(job.key) for job in _JOBS[lo:hi]]


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
        self._asides: list[tuple[Callable[..., Any], tuple, dict[str, Any]]] = []  # work for the next start (see aside)

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

    def aside(self, work: Callable[..., T], *args: Any) -> Callable[[], T]:
        """work(game, *args), done in a drawing process, sent ahead of the next start's images, while
        the builder goes on (the buildFile and set-ups of 2,000 units took the builder 0.17 s); the
        function returned waits for its result. Without a pool, work is done here when waited for.
        work must be a module-level function (a worker is sent it by name) returning plain data."""
        box: dict[str, Any] = {}
        self._asides.append((work, args, box))

        def wait() -> T:
            future = box.pop("future", None)
            if future is not None:
                try:
                    return future.result()
                except BrokenProcessPool:  # a worker died: do it here, as one process would
                    pass
            return work(self.game, *args)

        return wait

    def _send_asides(self) -> None:
        for work, args, box in self._asides:
            box["future"] = self.pool().submit(_aside, work, args)
        self._asides.clear()

    def start(self, jobs: list[Job]) -> Callable[[], dict[str, bytes]]:
        """Begin drawing the jobs the cache does not hold (in the pool: the largest first, faces in
        batches, each batch sent as soon as its keys are known) while the builder goes on; the
        function returned waits and gives every job's PNG by name. Few jobs to draw, or one core:
        they are drawn in this process when it is called.

        A job's cache key hashes everything that decides its pixels: for 2,000 units that took the
        builder 0.1 s before it could go on. Where the pool is about to be forked, the workers work
        the keys out instead (they have the jobs from the fork), and a thread of the builder's
        takes them in, looks them up and sends what is missing, while the builder goes on."""
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

        def take(job: Job, key: str) -> None:
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

        feeder = self._keys_in_workers(ordered, take, send) if pooled and self._pool is None and start_method() == "fork" else None
        if feeder is None:
            if pooled:
                self._send_asides()
            self._asides.clear()  # without a pool: each is done when waited for
            for job in ordered:
                take(job, self.cache.key(job.key))
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
            if feeder is not None:
                feeder()
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

    def _keys_in_workers(self, ordered: list[Job], take: Callable[[Job, str], None], send: Callable[[], None]
                         ) -> Callable[[], None]:
        """Fork the pool with the jobs, have it work out their keys a slice each, and take them in
        order on a thread (take, then send what is left); the function returned waits for that
        thread (and raises what it raised). A slice whose worker failed is keyed here."""
        global _JOBS
        _JOBS = ordered
        art_fingerprint()  # worked out once, before the fork: the workers inherit it
        pool = self.pool()
        self._send_asides()  # first: a worker starts on it while the other works out keys
        size = -(-len(ordered) // (self.workers * 4))
        slices = [(lo, min(lo + size, len(ordered))) for lo in range(0, len(ordered), size)]
        futures = [pool.submit(_keys_of, lo, hi) for lo, hi in slices]
        failed: list[BaseException] = []

        def feed() -> None:
            try:
                for (lo, hi), future in zip(slices, futures):
                    try:
                        keys = future.result()
                    except BrokenProcessPool:
                        keys = [self.cache.key(job.key) for job in ordered[lo:hi]]
                    for job, key in zip(ordered[lo:hi], keys):
                        take(job, key)
                send()
            except BaseException as exc:  # handed to the builder by wait
                failed.append(exc)

        thread = threading.Thread(target=feed, name="modgen-keys", daemon=True)
        thread.start()

        def join() -> None:
            global _JOBS
            thread.join()
            _JOBS = []
            if failed:
                raise failed[0]

        return join
