"""Counter sheets and a map overview: what a designer proof-reads before publishing."""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..model import Game
from .counters import COUNTER, font

GAP = 6


def counter_sheet(game: Game, faces: dict[str, Image.Image], columns: int = 14) -> Image.Image:
    """Front and (beside it) back of every unit, by side, then the markers, on a light card."""
    rows: list[tuple[str, list[Image.Image]]] = []
    for side in game.sides:
        imgs: list[Image.Image] = []
        for unit in game.units.values():
            if unit.side == side.id:
                imgs.append(faces[f"unit_{unit.id}_f.png"])
                if unit.back is not None:
                    imgs.append(faces[f"unit_{unit.id}_b.png"])
        rows.append((f"{side.name}: {sum(1 for u in game.units.values() if u.side == side.id)} units (front, then back)", imgs))
    markers = []
    for m in game.markers.values():
        markers.append(faces[f"marker_{m.id}_f.png"])
        if m.back is not None:
            markers.append(faces[f"marker_{m.id}_b.png"])
    rows.append((f"Markers: {len(game.markers)} kinds", markers))

    pitch = COUNTER + GAP
    height = 20
    for _, imgs in rows:
        height += 34 + -(-len(imgs) // columns) * pitch
    sheet = Image.new("RGB", (columns * pitch + GAP + 20, height + 10), (238, 236, 228))
    d = ImageDraw.Draw(sheet)
    y = 14
    for title, imgs in rows:
        d.text((12, y), title, font=font(16), fill=(30, 30, 30))
        y += 28
        for i, img in enumerate(imgs):
            sheet.paste(img, (12 + (i % columns) * pitch, y + (i // columns) * pitch))
        y += -(-len(imgs) // columns) * pitch + 6
    return sheet


def overview(board_image: Image.Image, width: int = 1400) -> Image.Image:
    scale = width / board_image.width
    return board_image.resize((width, round(board_image.height * scale)), Image.LANCZOS)
