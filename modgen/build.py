"""Game data -> .vmod: loads the data, draws the art, writes buildFile, setups and metadata.

The archive is assembled in memory in a fixed order and written atomically, so the same
data always gives the same bytes and a failed build leaves no half-written module.
"""

from __future__ import annotations

import hashlib
import io
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from PIL import Image

from .art.counters import COUNTER, CounterText, marker_face, marker_mask_face, mask_face, unit_face
from .art.mapart import render_board
from .art.sheets import counter_sheet, map_overview
from .art.tables import chart_image, reinforcements_image, render_tracks, tec_image, vp_towns_image
from .gamefile import ENTRY as GAME_ENTRY, game_json
from .loader import load_game
from .model import DATA_CHARTS, Game
from .vassal.archive import zip_bytes
from .vassal.savefile import encode_game_text, metadata_xml
from .vassal.obfuscation import obfuscate
from .atomic import write_atomic
from .vmod.cache import ArtCache, digest, input_stamp
from .vmod.buildfile import VASSAL_VERSION, ChartRef, render_buildfile
from .layout import TracksLayout, WindowLayout, tracks_layout
from .vmod.piecedefs import MARKER_MASK_IMAGE, PieceDef, marker_def, marker_image, mask_image, setup_text, unit_def, unit_image
from .vmod.setup import scenario_save

Progress = Callable[[str], None]
SETUP_KEY = 0x2A  # fixed obfuscation key: same setup, same bytes


def png_bytes(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=6)
    return buf.getvalue()


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


def module_entries(
    game: Game, progress: Progress, previews: dict[str, bytes] | None = None, cache: ArtCache | None = None
) -> list[tuple[str, bytes]]:
    """Every archive entry of the module, in a fixed order; previews (if given) receive the sheet and map."""
    cache = cache or ArtCache(None)
    scenarios = list(game.scenarios.values())
    first = game.primary_scenario
    layout = tracks_layout(game, scenarios)
    images: dict[str, bytes] = {}
    def nat_and_type(unit):
        return game.nationalities[unit.nationality], game.unit_types[unit.type]

    unit_context = (game.morale, game.unit_values, game.stacking)  # what unit_face reads besides the unit
    progress(f"counters: {len(game.units)} units, {len(game.markers)} markers")
    for unit in game.units.values():
        info = CounterText(setup_text(game, first, unit))
        for reduced, values in ((False, unit.front), (True, unit.back)):
            if values is None:
                continue
            images[unit_image(unit, reduced)] = cache.image(
                ("unit", unit, *nat_and_type(unit), info, reduced, unit_context),
                lambda u=unit, v=values, r=reduced, i=info: png_bytes(unit_face(game, u, v, r, i)),
            )
    side_colours = (game.sides, game.nationalities)
    for marker in game.markers.values():
        for back, face in ((False, marker.front), (True, marker.back)):
            if face is None:
                continue
            images[marker_image(marker, back)] = cache.image(
                ("marker", marker, face, side_colours), lambda m=marker, f=face: png_bytes(marker_face(m, f, game))
            )
    for nat in game.nationalities.values():
        images[mask_image(nat.id)] = cache.image(("mask", nat), lambda n=nat: png_bytes(mask_face(game, n)))
    images[MARKER_MASK_IMAGE] = cache.image(("marker-mask",), lambda: png_bytes(marker_mask_face()))

    progress(f"map: {len(game.map.hex_ids())} hexes")
    board_images: dict[str, str] = {}
    board_art: dict[str, Image.Image] = {}
    map_key = digest(game.map)  # one hash of the map for every board's key
    for board in game.map.boards:
        board_images[board.name] = f"map_{board.name.lower().replace(' ', '_')}.png"

        def draw_board(board=board) -> bytes:
            board_art[board.name] = render_board(game, board)
            return png_bytes(board_art[board.name])

        images[board_images[board.name]] = cache.image(("board", game.id, board.name, map_key, side_colours), draw_board)
    first_board = game.map.boards[0]
    board_key = ("board", game.id, first_board.name, map_key, side_colours)
    display_images: dict[str, str] = {}
    for window in layout.windows:
        name = display_image(layout, window)
        images[name] = cache.image(("tracks", window, side_colours, game.turns), lambda w=window: png_bytes(render_tracks(game, w)))
        display_images[window.name] = name

    progress("charts")
    charts: list[ChartRef] = []
    for chart in game.charts:
        name = f"chart_{chart.id}.png"
        images[name] = cache.image(("chart", chart), lambda c=chart: png_bytes(chart_image(c)))
        charts.append(ChartRef(chart.name, name))
    replaced = {kind for chart in game.charts for kind in chart.replaces}  # the game prints its own
    drawn_from_data = [kind for kind in DATA_CHARTS if kind not in replaced]
    if "tec" in drawn_from_data:
        images["chart_tec.png"] = cache.image(("tec", game.map.terrain_types, game.map.hexside_types, game.map.road_types, game.map.tec_provenance), lambda: png_bytes(tec_image(game)))
        charts.append(ChartRef("Terrain Effects Chart", "chart_tec.png"))
    if "vp_towns" in drawn_from_data and any(t.vp for t in game.map.towns):
        images["chart_vp_towns.png"] = cache.image(("vp", game.map.towns, game.sides), lambda: png_bytes(vp_towns_image(game)))
        charts.append(ChartRef("VP Towns", "chart_vp_towns.png"))
    for sc in scenarios if "reinforcements" in drawn_from_data else ():
        name = f"chart_reinforcements_{sc.id}.png"
        images[name] = cache.image(("reinforcements", sc, game.units, game.sides, game.turns), lambda s=sc: png_bytes(reinforcements_image(game, s)))
        charts.append(ChartRef(f"Reinforcements ({sc.name})" if len(scenarios) > 1 else "Reinforcements", name))

    if previews is not None:
        faces_key = hashlib.sha256(b"".join(hashlib.sha256(images[n]).digest() for n in sorted(images) if n.startswith(("unit_", "marker_")))).hexdigest()

        def sheet() -> bytes:
            faces = {n: Image.open(io.BytesIO(d)) for n, d in images.items() if n.startswith(("unit_", "marker_"))}
            return png_bytes(counter_sheet(game, faces))

        def preview_map() -> bytes:
            arts = {b.name: board_art.get(b.name) or Image.open(io.BytesIO(images[board_images[b.name]])) for b in game.map.boards}
            return png_bytes(map_overview(game.map.boards, arts))

        previews["counters"] = cache.image(("sheet", faces_key, game.sides, list(game.units), list(game.markers)), sheet)
        previews["map"] = cache.image(("overview",) + board_key, preview_map)

    defs: dict[tuple[str, str], PieceDef] = {}
    for unit in game.units.values():
        d = unit_def(game, first, unit, layout)
        defs[(d.kind, d.item_id)] = d
    for marker in game.markers.values():
        d = marker_def(game, marker)
        defs[(d.kind, d.item_id)] = d

    progress("buildFile and setups")
    setups: list[tuple[str, str]] = []
    setup_entries: list[tuple[str, bytes]] = []
    for sc in scenarios:
        content = scenario_save(game, sc, defs, layout, game.title)
        text = encode_game_text(content)
        setup_entries.append((setup_file_name(sc.id), zip_bytes([("savedGame", obfuscate(text, SETUP_KEY))])))
        setups.append((sc.name, setup_file_name(sc.id)))
    buildfile = render_buildfile(
        game, game.title, defs, layout, {"boards": board_images, "displays": display_images}, charts, setups, COUNTER
    )
    entries = [("buildFile.xml", buildfile.encode("utf-8")), ("moduledata", module_metadata(game)),
               (GAME_ENTRY, game_json(game))]
    entries += [(f"images/{name}", data) for name, data in sorted(images.items())]
    entries += setup_entries
    return entries


def build_game(root: Path, game_id: str, out_dir: Path, progress: Progress | None = None, use_cache: bool = True) -> BuildResult:
    """Build one game's module into out_dir/<game_id>.vmod, redrawing only what changed.

    With no change to the data or to modgen since the last build, nothing is written.
    """
    started = time.perf_counter()
    say = progress or (lambda _msg: None)
    path = out_dir / f"{game_id}.vmod"
    preview_paths = [out_dir / f"{game_id}-{kind}.png" for kind in ("counters", "map")]
    stamp_path = out_dir / ".cache" / f"{game_id}.stamp"
    stamp = input_stamp(root, game_id) if use_cache else ""
    if use_cache and path.is_file() and all(p.is_file() for p in preview_paths) and stamp_path.is_file():
        data = path.read_bytes()
        if stamp_path.read_text() == f"{stamp} {hashlib.sha256(data).hexdigest()}":
            say("up to date")
            return BuildResult(None, path, len(data), None, time.perf_counter() - started, up_to_date=True)
    say("loading data")
    game = load_game(root, game_id)
    cache = ArtCache(out_dir / ".cache" / "art" if use_cache else None)
    previews: dict[str, bytes] = {}
    entries = module_entries(game, say, previews, cache)
    data = zip_bytes(entries)
    write_atomic(path, data)
    written = [path]
    for kind, png in previews.items():  # proof-reading pictures beside the module
        written.append(out_dir / f"{game_id}-{kind}.png")
        write_atomic(written[-1], png)
    if use_cache:
        write_atomic(stamp_path, f"{stamp} {hashlib.sha256(data).hexdigest()}".encode())
    return BuildResult(game, path, len(data), len(entries), time.perf_counter() - started, drawn=cache.misses, reused=cache.hits,
                       written=tuple(written))


def stderr_progress(game_id: str) -> Progress:
    def report(message: str) -> None:
        print(f"[{game_id}] {message}", file=sys.stderr, flush=True)

    return report
