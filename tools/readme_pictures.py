"""Redraw the README's pictures from a build's proof-reading pictures (`make pictures`).

The README shows each game's map overview and the top of its counter sheet. Taking them from
the build, never editing them by hand, keeps the pictures true to the current data and art.

Usage: python tools/readme_pictures.py BUILD_DIR IMAGES_DIR
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

MAX_WIDTH = 1400
COUNTER_ROWS_HEIGHT = 420  # the top of a counter sheet: its first rows of counters, enough to read


def main(build: Path, images: Path) -> int:
    maps = sorted(build.glob("*-map.png"))
    if not maps:
        print(f"readme_pictures: no *-map.png in {build}; run `make build` first", file=sys.stderr)
        return 2
    images.mkdir(parents=True, exist_ok=True)
    for path in maps:
        game = path.name[: -len("-map.png")]
        picture = Image.open(path)
        if picture.width > MAX_WIDTH:  # a map of several sheets is drawn larger: a README needs less
            picture = picture.resize((MAX_WIDTH, round(picture.height * MAX_WIDTH / picture.width)), Image.LANCZOS)
        if picture.width * picture.height > MAX_WIDTH * MAX_WIDTH:  # a tall or many-sheet map
            picture = picture.convert("RGB").quantize(256)  # a palette keeps a large map small in the repository
        picture.save(images / path.name, optimize=True)
        sheet = Image.open(build / f"{game}-counters.png")
        top = sheet.crop((0, 0, sheet.width, min(sheet.height, COUNTER_ROWS_HEIGHT)))
        top.save(images / f"{game}-counters.png", optimize=True)
        print(f"wrote {images / path.name} and {images / f'{game}-counters.png'}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
