"""Pictures of each game's map window as the real VASSAL engine draws it in play (`make engine-pictures`).

For each built module the engine opens its largest predefined setup, sets 100% zoom, centres the main
map on its most crowded screenful and paints the window (conformance harness `--screenshot`): the
README shows what a player sees, not modgen's own proof sheet.

Usage: python tools/engine_pictures.py BUILD_DIR IMAGES_DIR [GAME...]
"""

from __future__ import annotations

import sys
import tempfile
import zipfile
from pathlib import Path

from modgen.conventions import MAIN_MAP
from modgen.engine import engine_available, run_engine
from modgen.vassal.module import read_module
from modgen.vassal.savefile import PieceRecord, read_game

WINDOW = (1600, 1000)  # the window painted, in pixels
VIEW = (1560, 760)  # about the part of it the map view takes (toolbar, chat and borders off)


def largest_setup(module: Path) -> tuple[str, str, list[PieceRecord]]:
    """(menu name, save entry, its pieces on the main map) of the predefined setup with the most pieces
    there (the module's setups as read_module gives them: name -> entry)."""
    best: tuple[str, str, list[PieceRecord]] = ("", "", [])
    with zipfile.ZipFile(module) as z, tempfile.TemporaryDirectory() as tmp:
        for name, entry in sorted(read_module(module).setups.items(), key=lambda kv: kv[1] or ""):
            if not entry:
                continue
            path = Path(tmp) / entry
            path.write_bytes(z.read(entry))
            pieces = [p for p in read_game(path).pieces if p.map == MAIN_MAP]
            if len(pieces) > len(best[2]):
                best = (name, entry, pieces)
    return best


def crowded_centre(points: list[tuple[int, int]]) -> tuple[int, int]:
    """The centre of the view-sized rectangle holding the most pieces (each piece's point tried as a centre)."""
    w, h = VIEW

    def count(cx: int, cy: int) -> int:
        return sum(1 for x, y in points if abs(x - cx) <= w / 2 and abs(y - cy) <= h / 2)

    return max(sorted(points), key=lambda p: count(*p))


def main(build: Path, images: Path, games: list[str]) -> int:
    reason = engine_available()
    if reason is not None:
        print(f"engine_pictures: {reason}", file=sys.stderr)
        return 2
    modules = [build / f"{g}.vmod" for g in games] if games else sorted(build.glob("*.vmod"))
    images.mkdir(parents=True, exist_ok=True)
    for module in modules:
        name, entry, pieces = largest_setup(module)
        points = [(p.x, p.y) for p in pieces]
        if not points:
            print(f"engine_pictures: {module.name}: no setup with pieces on the map; skipped")
            continue
        x, y = crowded_centre(points)
        out = (images / f"{module.stem}-vassal.png").resolve()
        result = run_engine(module, setup=name, timeout=240, harness_args=[
            "--screenshot", str(out), "--screenshot-map", MAIN_MAP,
            "--screenshot-size", f"{WINDOW[0]}x{WINDOW[1]}", "--screenshot-at", f"{x},{y}"])
        shots = [r for r in result.records if r.get("kind") == "screenshot"]
        if not shots or result.problems:
            print(f"engine_pictures: {module.name}: {result.describe()}", file=sys.stderr)
            return 1
        print(f"wrote {out} ({entry}, centred on {x},{y})")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3:]))
