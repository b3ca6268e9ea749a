"""Counter sheets and a map overview: what a designer proof-reads before publishing."""

from __future__ import annotations

from typing import Mapping, Sequence

from PIL import Image, ImageDraw

from ..model import Board, Game
from ..sheets import map_size
from .canvas import font

GAP = 6


PAGE_ROWS = 20  # rows of counters on one sheet page: a screen or a printed page to proof-read


def sheet_sections(game: Game) -> list[tuple[str, list[str]]]:
    """The sheet's sections in order, each a title and its faces' image names: each side's units
    (front, then back), then the markers."""
    out: list[tuple[str, list[str]]] = []
    for side in game.sides:
        names: list[str] = []
        for unit in game.units.values():
            if unit.side == side.id:
                names.append(f"unit_{unit.id}_f.png")
                if unit.back is not None:
                    names.append(f"unit_{unit.id}_b.png")
        out.append((f"{side.name}: {sum(1 for u in game.units.values() if u.side == side.id)} units (front, then back)", names))
    markers: list[str] = []
    for m in game.markers.values():
        markers.append(f"marker_{m.id}_f.png")
        if m.back is not None:
            markers.append(f"marker_{m.id}_b.png")
    out.append((f"Markers: {len(game.markers)} kinds", markers))
    return out


def sheet_pages(game: Game, columns: int = 14, rows: int = PAGE_ROWS) -> list[list[tuple[str, list[str]]]]:
    """The sections cut into pages of at most `rows` rows of counters; a section that goes on to
    the next page says so in its title there. A game of a few hundred counters has one page."""
    pages: list[list[tuple[str, list[str]]]] = [[]]
    used = 0
    for title, names in sheet_sections(game):
        chunks = [names[i:i + columns] for i in range(0, len(names), columns)] or [[]]
        first = True
        while chunks:
            room = rows - used
            if room <= 0:
                pages.append([])
                used, room = 0, rows
            take, chunks = chunks[:room], chunks[room:]
            pages[-1].append((title if first else f"{title} (continued)", [n for row in take for n in row]))
            used += len(take)
            first = False
    return pages


def counter_sheet(game: Game, faces: Mapping[str, Image.Image], columns: int = 14,
                  page: list[tuple[str, list[str]]] | None = None) -> Image.Image:
    """One page of the proof-reading sheet (default: every section on one page), on a light card;
    each face is taken from `faces` only when pasted."""
    rows = page if page is not None else sheet_sections(game)
    pitch = game.counter_size + GAP
    height = 20
    for _, names in rows:
        height += 34 + -(-len(names) // columns) * pitch
    sheet = Image.new("RGB", (columns * pitch + GAP + 20, height + 10), (238, 236, 228))
    d = ImageDraw.Draw(sheet)
    y = 14
    for title, names in rows:
        d.text((12, y), title, font=font(16), fill=(30, 30, 30))
        y += 28
        for i, name in enumerate(names):
            sheet.paste(faces[name], (12 + (i % columns) * pitch, y + (i // columns) * pitch))
        y += -(-len(names) // columns) * pitch + 6
    return sheet


def overview(board_image: Image.Image, width: int = 1400) -> Image.Image:
    scale = width / board_image.width
    return board_image.resize((width, round(board_image.height * scale)), Image.LANCZOS)


def overview_scale(boards: Sequence[Board], width: int = 1400) -> float:
    """The overview's scale: 1400 px wide, or up to 2000 for a map of several sheets."""
    w = map_size(boards)[2] if len(boards) > 1 else boards[0].geometry.width
    return (min(2000, max(width, w)) if len(boards) > 1 else width) / w


def thumbnail(board_image: Image.Image, scale: float) -> Image.Image:
    """A sheet at the overview's scale (drawn where the sheet is drawn, so an erratum on another
    sheet does not make the overview read this one again)."""
    return board_image.resize((max(1, round(board_image.width * scale)), max(1, round(board_image.height * scale))), Image.LANCZOS)


def map_overview(boards: Sequence[Board], arts: Mapping[str, Image.Image], width: int = 1400,
                 thumbs: bool = False) -> Image.Image:
    """The whole map to proof-read: every sheet in its place (as VASSAL lays them with all sheets),
    scaled to 1400 px wide, or up to 2000 for a map of several sheets; each sheet outlined and its
    name written faintly across its middle (over the hexes, never hiding them). `thumbs`: the
    arts of several sheets are already at the overview's scale (thumbnail)."""
    if len(boards) == 1:
        return overview(arts[boards[0].name], width)
    left, top, w, h = map_size(boards)
    scale = overview_scale(boards, width)
    if thumbs:
        img = Image.new("RGB", (round(w * scale), round(h * scale)), (255, 255, 255))
        for b in boards:
            img.paste(arts[b.name].convert("RGB"), (round((b.origin[0] - left) * scale), round((b.origin[1] - top) * scale)))
    else:
        whole = Image.new("RGB", (w, h), (255, 255, 255))
        for b in boards:
            whole.paste(arts[b.name].convert("RGB"), (b.origin[0] - left, b.origin[1] - top))
        img = overview(whole, round(w * scale))
    names = Image.new("RGBA", img.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(names)
    for b in boards:
        x, y = (b.origin[0] - left) * scale, (b.origin[1] - top) * scale
        w_b, h_b = b.geometry.width * scale, b.geometry.height * scale
        d.rectangle([x, y, x + w_b - 1, y + h_b - 1], outline=(60, 60, 60, 255), width=2)
        label = font(max(14, round(min(w_b / max(len(b.name), 1), h_b / 9))))
        d.text((x + w_b / 2, y + h_b / 2), b.name, font=label, fill=(40, 40, 40, 50), anchor="mm")
    return Image.alpha_composite(img.convert("RGBA"), names).convert("RGB")
