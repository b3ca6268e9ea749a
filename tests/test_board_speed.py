"""The board's faster drawing and writing give the same pictures (no timing here: the speed is
printed by benchmarks/build.py).

- png_bytes writes unfiltered PNGs, a large one deflated in pieces on several threads: they must
  decode to the very pixels, with a valid zlib stream (checksum), and the same bytes every time.
- draw_number draws a hex ID from cached halves: the same pixels as ImageDraw.text.
- A board is recorded and played band by band: the same pixels as painting it whole.
"""

from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from PIL import Image, ImageDraw

from modgen.art.canvas import Recording, draw_number, font
from modgen.art.mapart import BACKGROUND, SS, MapPainter, render_board
from modgen.art.sheets import map_overview
from modgen.images import PIECE, _adler32_combine, _halved, _zlib_header, png_bytes
from modgen.loader import load_game

from .conftest import MINI, REPO


def idat(png: bytes) -> bytes:
    """The zlib stream of a PNG (its IDAT chunks joined)."""
    out, i = b"", 8
    while i < len(png):
        (n,) = struct.unpack(">I", png[i:i + 4])
        if png[i + 4:i + 8] == b"IDAT":
            out += png[i + 8:i + 8 + n]
        i += 12 + n
    return out


def art(mode: str, size: tuple[int, int]) -> Image.Image:
    """Flat shapes, thin lines and a band of noise: what map and counter art is made of."""
    rng = random.Random(f"{mode}{size}")
    img = Image.new(mode, size, "white")
    d = ImageDraw.Draw(img)
    for _ in range(60):
        x, y = rng.randrange(size[0]), rng.randrange(size[1])
        colour = tuple(rng.randrange(256) for _ in range(len(mode)))
        d.ellipse([x, y, x + rng.randrange(1, 300), y + rng.randrange(1, 300)], fill=colour if len(mode) > 1 else colour[0])
        d.line([x, y, rng.randrange(size[0]), rng.randrange(size[1])], fill=0, width=rng.randrange(1, 5))
    noise = Image.frombytes(mode, (size[0], min(40, size[1])), rng.randbytes(size[0] * min(40, size[1]) * len(mode)))
    img.paste(noise, (0, size[1] // 2))
    return img


@pytest.mark.parametrize("mode, size", [("RGB", (72, 72)), ("RGB", (1500, 2100)), ("L", (3000, 1500)),
                                        ("RGBA", (900, 1300)), ("RGB", (1, 1))])
def test_png_bytes_decode_to_the_same_pixels(mode: str, size: tuple[int, int]) -> None:
    img = art(mode, size)
    data = png_bytes(img)
    assert data == png_bytes(img)
    depth = len(mode)
    raw = zlib.decompress(idat(data))  # fails on a broken stream or a wrong Adler-32
    assert len(raw) == (size[0] * depth + 1) * size[1]
    assert set(raw[:: size[0] * depth + 1]) == {0}  # every row unfiltered
    back = Image.open(io.BytesIO(data))
    assert back.mode == mode and back.tobytes() == img.tobytes()


def test_a_large_png_is_deflated_in_pieces_and_a_small_one_as_zlib_does() -> None:
    large, small = art("RGB", (1500, 2100)), art("RGB", (72, 72))
    assert len(zlib.decompress(idat(png_bytes(large)))) > 2 * PIECE  # several pieces, joined
    raw = b"".join(b"\x00" + small.tobytes()[y * 216:(y + 1) * 216] for y in range(72))
    assert idat(png_bytes(small)) == zlib.compress(raw, 6)
    assert idat(png_bytes(small, 1)) == zlib.compress(raw, 1)


def test_adler32_combine_and_zlib_header() -> None:
    rng = random.Random(5)
    for _ in range(100):
        a, b = rng.randbytes(rng.randrange(0, 3000)), rng.randbytes(rng.choice([0, 1, 65521, 70000, rng.randrange(5000)]))
        assert _adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)
    for level in range(10):
        assert _zlib_header(level) == zlib.compress(b"modgen", level)[:2]


def number_pixels(text: str, px: int, bold: bool, at: tuple[float, float], fast: bool) -> bytes:
    img = Image.new("RGB", (160, 60), (214, 206, 180))
    d = ImageDraw.Draw(img)
    if fast:
        draw_number(d, at, text, px, bold, (70, 60, 40))
    else:
        d.text(at, text, fill=(70, 60, 40), font=font(px, bold), anchor="mm")
    return img.tobytes()


def test_draw_number_draws_every_hex_id_as_draw_text_does() -> None:
    """Every four-digit ID at Holland's size and position in the hex, every Eastern Front ID (two
    numbers and a dot) at its size, then other lengths, sizes and sub-pixel positions; IDs that are
    neither go to draw.text."""
    for n in range(10000):
        text = f"{n:04d}"
        assert number_pixels(text, 20, False, (80, 30.8), True) == number_pixels(text, 20, False, (80, 30.8), False), text
    for text in (f"{line}.{pos:02d}" for line in range(1, 101) for pos in range(1, 112, 3)):
        assert number_pixels(text, 20, False, (80.4, 30.6), True) == number_pixels(text, 20, False, (80.4, 30.6), False), text
    rng = random.Random(11)
    for _ in range(400):
        text = "".join(rng.choice("0123456789") for _ in range(rng.randrange(1, 7)))
        if rng.random() < 0.3:
            text = f"{rng.randrange(1, 120)}.{rng.randrange(0, 120):02d}"
        if rng.random() < 0.1:
            text = rng.choice(["A1.01", "12a", "1 2", "", "٣٤"])
        px, bold = rng.choice([12, 20, 21, 26, 32]), rng.random() < 0.5
        at = (rng.uniform(60, 100), rng.uniform(20, 40))
        assert number_pixels(text, px, bold, at, True) == number_pixels(text, px, bold, at, False), (text, px, bold, at)


def painted_whole(game, board) -> Image.Image:
    """The board painted as it was before bands: on one supersampled canvas, then reduced."""
    painter = MapPainter(game, board)
    canvas = Image.new("RGB", (board.geometry.width * SS, board.geometry.height * SS), BACKGROUND)
    painter.draw = ImageDraw.Draw(canvas)
    painter.layers()
    return canvas.reduce(SS)


@pytest.mark.parametrize("root, game_id, sheet", [(MINI, "mini", 0), (REPO, "galicia1914", 0), (REPO, "ef1914", 1)])
def test_a_board_played_in_bands_is_the_board_painted_whole(root, game_id: str, sheet: int) -> None:
    """Galicia has a fortress (a polygon with a wide outline: drawn through a mask); the Eastern
    Front's sheets have seams (half hexes of the next sheet)."""
    game = load_game(root, game_id)
    board = game.map.boards[sheet]
    assert render_board(game, board).tobytes() == painted_whole(game, board).tobytes()


def test_the_recording_knows_what_it_plays() -> None:
    game = load_game(REPO, "galicia1914")
    painter = MapPainter(game, game.map.boards[0])
    painter.layers()
    names = {call[0] for call in painter.recording.calls}
    assert {"draw_polygon", "masked_polygon", "draw_lines", "draw_ellipse", "draw_bitmap", "draw_rectangle"} <= names
    assert not hasattr(Recording(None), "draw_points")  # a call it does not know fails, never is dropped


def test_the_overview_is_made_from_the_board_halved_only_where_the_size_is_kept() -> None:
    board = art("RGB", (3000, 1800))
    half = _halved(board, 1400 / 3000)
    assert half is not None and half.size == (1500, 900)
    assert _halved(art("RGB", (3001, 1800)), 0.3) is None and _halved(board, 0.6) is None
    game = load_game(REPO, "holland44")
    holland = Image.new("RGB", (game.map.boards[0].geometry.width, game.map.boards[0].geometry.height))
    halved = _halved(holland, 1400 / holland.width)
    assert halved is not None
    name = game.map.boards[0].name
    assert map_overview(game.map.boards, {name: halved}).size == map_overview(game.map.boards, {name: holland}).size
