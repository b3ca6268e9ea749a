"""Game data -> .vmod: loads the data, draws the art, writes buildFile, setups and metadata.

The archive is assembled in memory in a fixed order and written atomically, so the same
data always gives the same bytes and a failed build leaves no half-written module.
"""

from __future__ import annotations

import io
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from PIL import Image

from .art.counters import COUNTER, CounterText, marker_face, marker_mask_face, mask_face, unit_face
from .art.mapart import render_board
from .art.sheets import counter_sheet, overview
from .art.tables import chart_image, reinforcements_image, render_tracks, tec_image, vp_towns_image
from .loader import load_game
from .model import Game
from .vassal.savefile import _data_xml, encode_game_text
from .vassal.obfuscation import obfuscate
from .vmod.archive import write_atomic, zip_bytes
from .vmod.buildfile import VASSAL_VERSION, ChartRef, render_buildfile
from .vmod.layout import tracks_layout
from .vmod.piecedefs import MARKER_MASK_IMAGE, PieceDef, marker_def, marker_image, mask_image, setup_text, unit_def, unit_image
from .vmod.setup import scenario_save

Progress = Callable[[str], None]
SETUP_KEY = 0x2A  # fixed obfuscation key: same setup, same bytes


def png_bytes(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=6)
    return buf.getvalue()


def setup_file_name(scenario_id: str) -> str:
    return f"setup_{scenario_id}.vsav"


@dataclass
class BuildResult:
    game: Game
    path: Path
    size: int
    entries: int
    seconds: float


def module_metadata(game: Game) -> bytes:
    return _data_xml(
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


def module_entries(game: Game, progress: Progress, previews: dict[str, Image.Image] | None = None) -> list[tuple[str, bytes]]:
    """Every archive entry of the module, in a fixed order; previews (if given) receive the sheet and map."""
    scenarios = list(game.scenarios.values())
    first = scenarios[0]
    layout = tracks_layout(game, scenarios)
    images: dict[str, bytes] = {}

    progress(f"counters: {len(game.units)} units, {len(game.markers)} markers")
    for unit in game.units.values():
        info = CounterText(setup_text(game, first, unit))
        images[unit_image(unit, False)] = png_bytes(unit_face(game, unit, unit.front, False, info))
        if unit.back is not None:
            images[unit_image(unit, True)] = png_bytes(unit_face(game, unit, unit.back, True, info))
    for marker in game.markers.values():
        images[marker_image(marker, False)] = png_bytes(marker_face(marker, marker.front, game))
        if marker.back is not None:
            images[marker_image(marker, True)] = png_bytes(marker_face(marker, marker.back, game))
    for nat in game.nationalities.values():
        images[mask_image(nat.id)] = png_bytes(mask_face(game, nat))
    images[MARKER_MASK_IMAGE] = png_bytes(marker_mask_face())

    progress(f"map: {len(game.map.hex_ids())} hexes")
    board = game.map.boards[0]
    board_image = f"map_{board.name.lower().replace(' ', '_')}.png"
    board_art = render_board(game, board)
    images[board_image] = png_bytes(board_art)
    if previews is not None:
        faces = {name: Image.open(io.BytesIO(data)) for name, data in images.items() if name.startswith(("unit_", "marker_"))}
        previews["counters"] = counter_sheet(game, faces)
        previews["map"] = overview(board_art)
    images["tracks.png"] = png_bytes(render_tracks(game, layout))

    progress("charts")
    charts: list[ChartRef] = []
    for chart in game.charts:
        name = f"chart_{chart.id}.png"
        images[name] = png_bytes(chart_image(chart))
        charts.append(ChartRef(chart.name, name))
    images["chart_tec.png"] = png_bytes(tec_image(game))
    charts.append(ChartRef("Terrain Effects Chart", "chart_tec.png"))
    if any(t.vp for t in game.map.towns):
        images["chart_vp_towns.png"] = png_bytes(vp_towns_image(game))
        charts.append(ChartRef("VP Towns", "chart_vp_towns.png"))
    for sc in scenarios:
        name = f"chart_reinforcements_{sc.id}.png"
        images[name] = png_bytes(reinforcements_image(game, sc))
        charts.append(ChartRef(f"Reinforcements ({sc.name})" if len(scenarios) > 1 else "Reinforcements", name))

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
        game, game.title, defs, layout, {"board": board_image, "tracks": "tracks.png"}, charts, setups, COUNTER
    )
    entries = [("buildFile.xml", buildfile.encode("utf-8")), ("moduledata", module_metadata(game))]
    entries += [(f"images/{name}", data) for name, data in sorted(images.items())]
    entries += setup_entries
    return entries


def build_game(root: Path, game_id: str, out_dir: Path, progress: Progress | None = None) -> BuildResult:
    """Build one game's module into out_dir/<game_id>.vmod."""
    started = time.perf_counter()
    say = progress or (lambda _msg: None)
    say("loading data")
    game = load_game(root, game_id)
    previews: dict[str, Image.Image] = {}
    entries = module_entries(game, say, previews)
    data = zip_bytes(entries)
    path = out_dir / f"{game_id}.vmod"
    write_atomic(path, data)
    for kind, img in previews.items():  # proof-reading pictures beside the module
        write_atomic(out_dir / f"{game_id}-{kind}.png", png_bytes(img))
    return BuildResult(game, path, len(data), len(entries), time.perf_counter() - started)


def stderr_progress(game_id: str) -> Progress:
    def report(message: str) -> None:
        print(f"[{game_id}] {message}", file=sys.stderr, flush=True)

    return report
