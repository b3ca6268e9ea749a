"""Game data -> .vmod: loads the data, draws the art, writes buildFile, setups and metadata.

The images are drawn by a pool of processes, one per core (modgen.images), while this process
writes the buildFile and the set-ups; each image is cached under the key of what it is drawn from
(a sheet's picture under what that sheet shows), so an erratum redraws only what it changed. The
module is written before the proof-reading pictures are finished. The archive is assembled in
memory in a fixed order and written atomically, so the same data always gives the same bytes
(whichever process drew what) and a failed build leaves no half-written module.
"""

from __future__ import annotations

import gc
import hashlib
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from .art.counters import CounterText
from .art.sheets import sheet_pages
from .images import Drawer, Job
from .gamefile import ENTRY as GAME_ENTRY, game_json
from .loader import ParsedFiles, load_game
from .sheets import overlapping
from .errors import DataError
from .model import DATA_CHARTS, Game
from .conventions import FINDING_IMAGE, MOVED_IMAGE, MOVED_SIZE, finding_size
from .unitstates import state_image
from .vassal.archive import zip_bytes
from .vassal.savefile import encode_game_text, metadata_xml
from .vassal.obfuscation import obfuscate
from .atomic import write_atomic
from .vmod.cache import ArtCache, code_fingerprint, digest, input_stamp
from .vmod.buildfile import VASSAL_VERSION, ChartRef, module_keys, render_buildfile
from .vmod.help import PDF_ENTRY, help_pages
from .layout import TracksLayout, WindowLayout, tracks_layout
from .vmod.piecedefs import MARKER_MASK_IMAGE, PieceDef, finding_def, marker_def, marker_image, mask_image, setup_text, unit_def, unit_image
from .vmod.setup import scenario_save

Progress = Callable[[str], None]
SETUP_KEY = 0x2A  # fixed obfuscation key: same setup, same bytes


def display_image(layout: TracksLayout, window: WindowLayout) -> str:
    """The first display window keeps the name modules always had for it."""
    return "tracks.png" if window is layout.windows[0] else f"display_{window.display.id}.png"


def setup_file_name(scenario_id: str) -> str:
    return f"setup_{scenario_id}.vsav"


@dataclass
class BuildResult:
    game: Game | None  # None when the module was already up to date
    path: Path
    size: int
    entries: int | None
    seconds: float
    up_to_date: bool = False
    drawn: int = 0
    reused: int = 0
    written: tuple[Path, ...] = ()  # the module first, then the proof-reading pictures


def module_metadata(game: Game) -> bytes:
    return metadata_xml(
        [
            ("version", game.version),
            ("extra1", ""),
            ("extra2", ""),
            ("VassalVersion", VASSAL_VERSION),
            ("dateSaved", "0"),
            ("description", game.description),
            ("name", game.title),
        ]
    )


def image_jobs(game: Game, layout: TracksLayout) -> tuple[list[Job], list[ChartRef], dict[str, str], dict[str, str]]:
    """Every image of the module as a Job (name, cache key, what draws it), with the charts in
    their order and the board and display image names."""
    first = game.primary_scenario
    scenarios = list(game.scenarios.values())
    jobs: list[Job] = []
    unit_context = digest(game.morale, game.unit_values, game.stacking, game.counter_size)  # what unit_face reads besides the unit (hashed once)
    for unit in game.units.values():
        info = CounterText(setup_text(game, first, unit))
        nat_type = (game.nationalities[unit.nationality], game.unit_types[unit.type])
        for reduced, values in ((False, unit.front), (True, unit.back)):
            if values is not None:
                jobs.append(Job(unit_image(unit, reduced), ("unit", unit, *nat_type, info, reduced, unit_context),
                                "unit", (unit.id, reduced, info.setup)))
    side_colours = (game.sides, game.nationalities)
    for marker in game.markers.values():
        for back, face in ((False, marker.front), (True, marker.back)):
            if face is not None:
                jobs.append(Job(marker_image(marker, back), ("marker", marker, face, side_colours, game.counter_size), "marker", (marker.id, back)))
        if marker.on_unit is not None:  # its badge on a unit (modgen.unitstates), front and back
            jobs += [Job(state_image(marker.id, back), ("state", marker, face, marker.on_unit), "state", (marker.id, back))
                     for back, face in ((False, marker.front), (True, marker.back)) if face is not None]
    for nat in game.nationalities.values():
        jobs.append(Job(mask_image(nat.id), ("mask", nat, game.counter_size), "mask", (nat.id,)))
    jobs.append(Job(MARKER_MASK_IMAGE, ("marker-mask", game.counter_size), "marker_mask"))
    jobs.append(Job(MOVED_IMAGE, ("moved", MOVED_SIZE), "moved"))
    ring = finding_size(game.counter_size)
    jobs.append(Job(FINDING_IMAGE, ("finding", ring), "finding", (ring,)))
    board_images: dict[str, str] = {}
    for board in game.map.boards:
        map_key = board_key(game, board)
        board_images[board.name] = f"map_{board.name.lower().replace(' ', '_')}.png"
        # a board's job draws the map's overview too (one board) or the board's part of it (several)
        overview, thumb = ("map", "") if len(game.map.boards) == 1 else ("", f"thumb:{board.name}")
        jobs.append(Job(board_images[board.name], ("board", game.id, board.name, map_key, side_colours), "board",
                        (board.name, overview, thumb), (overview or thumb,)))
    display_images: dict[str, str] = {}
    for i, window in enumerate(layout.windows):
        display_images[window.name] = display_image(layout, window)
        jobs.append(Job(display_images[window.name], ("tracks", window, side_colours, game.turns), "tracks", (i,)))
    charts: list[ChartRef] = []
    for chart in game.charts:
        jobs.append(Job(f"chart_{chart.id}.png", ("chart", chart), "chart", (chart.id,)))
        charts.append(ChartRef(chart.name, f"chart_{chart.id}.png"))
    replaced = {kind for chart in game.charts for kind in chart.replaces}  # the game prints its own
    drawn_from_data = [kind for kind in DATA_CHARTS if kind not in replaced]
    if "tec" in drawn_from_data:
        jobs.append(Job("chart_tec.png", ("tec", game.map.terrain_types, game.map.hexside_types, game.map.road_types,
                                          game.map.tec_provenance), "tec"))
        charts.append(ChartRef("Terrain Effects Chart", "chart_tec.png"))
    if "vp_towns" in drawn_from_data and any(t.vp for t in game.map.towns):
        jobs.append(Job("chart_vp_towns.png", ("vp", game.map.towns, game.sides), "vp_towns"))
        charts.append(ChartRef("VP Towns", "chart_vp_towns.png"))
    for sc in scenarios if "reinforcements" in drawn_from_data else ():
        name = f"chart_reinforcements_{sc.id}.png"
        jobs.append(Job(name, ("reinforcements", sc, game.units, game.sides, game.turns), "reinforcements", (sc.id,)))
        charts.append(ChartRef(f"Reinforcements ({sc.name})" if len(scenarios) > 1 else "Reinforcements", name))
    return jobs, charts, board_images, display_images


def board_key(game: Game, board) -> str:
    """What a board's picture is drawn from (modgen.art.mapart reads no more): every sheet's
    placement and the map's types, then only what lies on the hexes it shows (its own and those
    beyond a seam): terrain, and the hexside features, routes, towns, areas, supply sources and
    entry areas touching them. A one-hex erratum redraws only the sheets that show the hex."""
    m = game.map
    shown = set(board.geometry.raw_of) | set(overlapping(m, board))

    def touching(items, hexes_of):
        return [item for item in items if shown.intersection(hexes_of(item))]

    return digest([(b.name, b.geometry.spec, b.column, b.row, b.origin) for b in m.boards], board.name,
                  m.terrain_types, m.hexside_types, m.road_types, m.rail_types,
                  sorted((h, m.terrain[h]) for h in shown),
                  touching(m.hexside_features, lambda f: {h for side in f.sides for h in side}),
                  touching(m.roads, lambda r: r.hexes), touching(m.railroads, lambda r: r.hexes),
                  touching(m.towns, lambda t: (t.hex,)), touching(m.areas, lambda a: a.hexes),
                  sorted((h, v) for h, v in m.supply_sources.items() if h in shown),
                  touching(m.entry_areas, lambda a: a.hexes), sorted((h, m.across.get(h, ())) for h in shown))


def preview_jobs(game: Game, images: dict[str, bytes], board_images: dict[str, str], drawn: dict[str, bytes]) -> list[Job]:
    """The proof-reading pictures: the counter sheet, a page per PAGE_ROWS rows, each keyed by its
    faces' bytes (an erratum redraws the page showing the counter), and the map (a one-board map's
    overview comes with its board when the board was drawn: `drawn`). Named `counters`,
    `counters-2`... and `map`."""
    jobs: list[Job] = []
    pages = sheet_pages(game)
    for i, page in enumerate(pages):
        names = [n for _, section in page for n in section]
        faces = {n: images[n] for n in names}
        faces_key = hashlib.sha256(b"".join(hashlib.sha256(faces[n]).digest() for n in names)).hexdigest()
        titles = [t for t, _ in page]
        jobs.append(Job("counters" if i == 0 else f"counters-{i + 1}", ("sheet", faces_key, titles), "sheet", (faces, page)))
    if len(game.map.boards) == 1:
        return jobs + [Job("map", ("overview", hashlib.sha256(drawn["map"]).hexdigest()), "given", (drawn["map"],))]
    thumbs = {b.name: drawn[f"thumb:{b.name}"] for b in game.map.boards}
    thumbs_key = hashlib.sha256(b"".join(hashlib.sha256(thumbs[b]).digest() for b in sorted(thumbs))).hexdigest()
    return jobs + [Job("map", ("overview", thumbs_key), "overview", (thumbs,))]


def module_entries(
    game: Game, progress: Progress, previews: dict[str, bytes] | None = None, cache: ArtCache | None = None
) -> list[tuple[str, bytes]]:
    """Every archive entry of the module, in a fixed order; previews (if given) receive the sheet and map."""
    cache = cache or ArtCache(None)
    with Drawer(game, cache) as drawer:
        entries, wait_previews = start_module(game, progress, drawer, previews is not None)
        if previews is not None:
            previews.update(wait_previews())
    return entries


def piece_defs(game: Game, layout: TracksLayout) -> dict[tuple[str, str], PieceDef]:
    """Every unit's and marker's piece definition, by (kind, id)."""
    first = game.primary_scenario
    defs: dict[tuple[str, str], PieceDef] = {}
    for unit in game.units.values():
        d = unit_def(game, first, unit, layout)
        defs[(d.kind, d.item_id)] = d
    for marker in game.markers.values():
        d = marker_def(game, marker)
        defs[(d.kind, d.item_id)] = d
    d = finding_def(game)
    defs[(d.kind, d.item_id)] = d
    return defs


def module_texts(game: Game, layout: TracksLayout, charts: list[ChartRef], board_images: dict[str, str],
                 display_images: dict[str, str], prototypes: bool = True) -> tuple[bytes, list[tuple[str, bytes]]]:
    """buildFile.xml and each scenario's set-up save (as archive entries): what the module says
    besides its images. Done in a drawing process when there are some (Drawer.aside): for 2,000
    units it took the builder 0.17 s."""
    defs = piece_defs(game, layout)
    setups: list[tuple[str, str]] = []
    entries: list[tuple[str, bytes]] = []
    for sc in game.scenarios.values():
        text = encode_game_text(scenario_save(game, sc, defs, layout, game.title))
        entries.append((setup_file_name(sc.id), zip_bytes([("savedGame", obfuscate(text, SETUP_KEY))])))
        setups.append((sc.name, setup_file_name(sc.id)))
    pages = help_pages(game, defs, [c.name for c in charts], module_keys(game, layout))
    entries += [(p.file, p.html.encode("utf-8")) for p in pages]
    buildfile = render_buildfile(game, game.title, defs, layout, {"boards": board_images, "displays": display_images},
                                 charts, setups, game.counter_size, pages, prototypes)
    return buildfile.encode("utf-8"), entries


def start_module(game: Game, progress: Progress, drawer: Drawer, previews: bool
                 ) -> tuple[list[tuple[str, bytes]], Callable[[], dict[str, bytes]]]:
    """The module's entries, and a function that waits for the proof-reading pictures, which are
    still being drawn (they must not hold up the module). The drawer's processes write the buildFile
    and the set-ups, work out the images' cache keys and draw what the cache lacks, while this one
    writes game.json and takes the images in."""
    layout = tracks_layout(game, list(game.scenarios.values()))
    jobs, charts, board_images, display_images = image_jobs(game, layout)
    progress(f"images: {len(game.units)} units, {len(game.markers)} markers, {len(game.map.hex_ids())} hexes, "
             f"{len(charts)} charts ({drawer.workers} processes)")
    progress("buildFile and setups")
    wait_texts = drawer.aside(module_texts, layout, charts, board_images, display_images)
    wait_images = drawer.start(jobs)
    module_json = game_json(game)
    buildfile, setups = wait_texts()
    images = wait_images()
    wait_previews = drawer.start(preview_jobs(game, images, board_images, drawer.extras)) if previews else dict
    entries = [("buildFile.xml", buildfile), ("moduledata", module_metadata(game)), (GAME_ENTRY, module_json)]
    entries += [(f"images/{name}", data) for name, data in sorted(images.items())]
    entries += setups
    return entries, wait_previews


def rules_pdf_entry(root: Path, game: Game) -> list[tuple[str, bytes]]:
    """The publisher's rules PDF game.yaml names as a file beside it, as the module's entry (Help menu)."""
    if not game.rules_pdf or game.rules_pdf.startswith(("http://", "https://")):
        return []
    path = root / "counters" / game.id / game.rules_pdf
    if not path.is_file():
        raise DataError(f"counters/{game.id}/game.yaml", None, "rules_pdf", f"no file {game.rules_pdf!r} beside game.yaml")
    return [(PDF_ENTRY, path.read_bytes())]


def build_game(root: Path, game_id: str, out_dir: Path, progress: Progress | None = None, use_cache: bool = True,
               workers: int | None = None) -> BuildResult:
    """Build one game's module into out_dir/<game_id>.vmod, redrawing only what changed.

    With no change to the data or to modgen since the last build, nothing is written.
    """
    with _collection_paused():
        return _build_game(root, game_id, out_dir, progress, use_cache, workers)


@contextmanager
def _collection_paused() -> Iterator[None]:
    """Python's cycle collector off while a build runs: a build makes some 300,000 objects that live
    until it ends (the model, keys, piece definitions), and the collector walked them again and
    again (0.05-0.09 s of a 0.7 s erratum build of 2,000 units). It runs again afterwards; a
    build's objects hold no cycles worth collecting earlier."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _build_game(root: Path, game_id: str, out_dir: Path, progress: Progress | None, use_cache: bool,
                workers: int | None) -> BuildResult:
    started = time.perf_counter()
    say = progress or (lambda _msg: None)
    path = out_dir / f"{game_id}.vmod"
    preview_paths = [out_dir / f"{game_id}-{kind}.png" for kind in ("counters", "map")]  # the first page at least
    stamp_path = out_dir / ".cache" / f"{game_id}.stamp"
    stamp = input_stamp(root, game_id) if use_cache else ""
    if use_cache and path.is_file() and all(p.is_file() for p in preview_paths) and stamp_path.is_file():
        data = path.read_bytes()
        if stamp_path.read_text() == f"{stamp} {hashlib.sha256(data).hexdigest()}":
            say("up to date")
            return BuildResult(None, path, len(data), None, time.perf_counter() - started, up_to_date=True)
    say("loading data")
    game = load_game(root, game_id, ParsedFiles(out_dir / ".cache" / "parsed", code_fingerprint()) if use_cache else None)
    cache = ArtCache(out_dir / ".cache" / "art" if use_cache else None, game_id)
    with Drawer(game, cache, workers) as drawer:  # workers: processes that draw (default one per core)
        entries, wait_previews = start_module(game, say, drawer, True)
        data = zip_bytes(entries + rules_pdf_entry(root, game))
        write_atomic(path, data)  # the module first: the pictures are still being drawn
        previews = wait_previews()
    cache.save()
    written = [path]
    for kind, png in previews.items():  # proof-reading pictures beside the module
        written.append(out_dir / f"{game_id}-{kind}.png")
        write_atomic(written[-1], png)
    for stale in out_dir.glob(f"{game_id}-counters-*.png"):  # pages a larger game had before
        if stale not in written:
            stale.unlink()
    if use_cache:
        write_atomic(stamp_path, f"{stamp} {hashlib.sha256(data).hexdigest()}".encode())
    return BuildResult(game, path, len(data), len(entries), time.perf_counter() - started, drawn=cache.misses, reused=cache.hits,
                       written=tuple(written))


def stderr_progress(game_id: str) -> Progress:
    def report(message: str) -> None:
        print(f"[{game_id}] {message}", file=sys.stderr, flush=True)

    return report
