"""The drawing surface of counter art: fonts, colours, the supersampled Canvas that records what
it drew (Element), and the unit-type symbols. modgen.art.counters lays counters out on it.
For the map art (modgen.art.mapart): hex IDs drawn from cached halves (draw_number), and the
Recording that paints a large supersampled board a band at a time."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Iterator, Literal, Sequence

from PIL import Image, ImageDraw, ImageFont

COUNTER = 72  # the counter art's design grid: every face is laid out on 72 units, drawn at the game's size
SS = 4  # supersampling factor
# The smallest font, in real pixels at 100% zoom, a text may shrink to (issue 24: legible counters)
FACTOR_FLOOR = 12.0  # combat factors
NAME_FLOOR = 8.0  # unit IDs, formations, marker and nationality names
TEXT_FLOOR = 7.0  # every other text
Role = Literal["factor", "name", "text"]
FLOORS: dict[str, float] = {"factor": FACTOR_FLOOR, "name": NAME_FLOOR, "text": TEXT_FLOOR}


@lru_cache(maxsize=None)
def font(size: int, bold: bool = True, condensed: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSansCondensed-Bold.ttf" if condensed else ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    return ImageFont.truetype(io.BytesIO(font_bytes(name)), size)


@lru_cache(maxsize=None)
def font_bytes(name: str) -> bytes:
    """A shipped font, read as package data so an installed wheel (even a zipped one) draws the same."""
    return resources.files("modgen.art").joinpath("fonts", name).read_bytes()


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def lighten(rgb: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    return tuple(round(c + (255 - c) * amount) for c in rgb)  # type: ignore[return-value]


def darken(rgb: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    return tuple(round(c * (1 - amount)) for c in rgb)  # type: ignore[return-value]


Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in 1x pixels, x1 and y1 exclusive
Kind = Literal["text", "mark", "box", "area"]


@dataclass(frozen=True)
class Element:
    """One thing drawn on a face, as a named rectangle, so a test can prove that every text fits.

    kind says what may overlap it: a "text" (its exact ink) must stay off every other text and
    every "mark" (symbol, pip, band, morale bar); a "box" (formation box, value box, a mark's dot or
    ring, side band) is made to hold the texts that name it as `inside` and no others;
    an "area" is background colour that anything may lie on.
    """

    kind: Kind
    name: str
    box: Box
    inside: str | None = None  # a text: the box drawn to hold it
    size: float = 0.0  # a text: the font size it was drawn at, after shrinking to fit (real pixels)
    role: str = "text"  # a text: factor, name or text, whose floor (FLOORS) it may not shrink below


@lru_cache(maxsize=4096)
def _ink(text: str, px: int, bold: bool, condensed: bool, anchor: str) -> tuple[int, int, int, int]:
    """Ink bounding box of text drawn at the origin, in supersampled pixels (cached: labels repeat)."""
    mask, (dx, dy) = font(px, bold, condensed).getmask2(text, "L", anchor=anchor)
    bbox = mask.getbbox()
    if bbox is None:  # blank text: an empty box at the anchor
        return (dx, dy, dx, dy)
    return (dx + bbox[0], dy + bbox[1], dx + bbox[2], dy + bbox[3])


@lru_cache(maxsize=8192)
def _glyphs(text: str, px: int, bold: bool, condensed: bool, anchor: str, ink: int, mode: str) -> tuple:
    """The text's mask and offset, as ImageDraw.text renders them at an integer point (cached:
    counters repeat the same numbers and names, and FreeType rendering was most of their time)."""
    return font(px, bold, condensed).getmask2(text, mode, anchor=anchor, ink=ink, start=(0.0, 0.0), stroke_filled=True)


FIGURE_SPACE = "\u2007"  # a blank as wide as a digit: DejaVu's digits are all one width (tabular)


@lru_cache(maxsize=4096)
def _figures(shown: str, px: int, bold: bool, start: tuple[float, float]) -> tuple:
    """The mask and offset of a number centred ("mm") with some of its digits blanked by figure
    spaces: every digit keeps its place, and its pixels, in the number (cached: hex IDs repeat
    their halves)."""
    return font(px, bold).getmask2(shown, "L", anchor="mm", start=start)


def draw_number(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, px: int, bold: bool,
                fill: tuple[int, int, int]) -> None:
    """draw.text(xy, text, fill, font(px, bold), anchor="mm"), the same pixels, for a number of
    2 or more digits (a hex ID), or two numbers joined by one separator ("20.80"): FreeType renders
    each half once for all the numbers sharing it, and the halves are overlaid (lighter), as FreeType
    lays out the digits. Else: draw.text."""
    halves = _halves(text) if draw.fontmode == "L" else None
    if halves is None:
        draw.text(xy, text, fill=fill, font=font(px, bold), anchor="mm")
        return
    ink, fill_ink = draw._getink(fill)
    ink = fill_ink if ink is None else ink
    start = (math.modf(xy[0])[0], math.modf(xy[1])[0])
    left, (dx, dy) = _figures(halves[0], px, bold, start)
    right, _ = _figures(halves[1], px, bold, start)
    draw.draw.draw_bitmap((int(xy[0]) + dx, int(xy[1]) + dy), left.chop_lighter(right), ink)


def _halves(text: str) -> tuple[str, str] | None:
    """The number's two halves, the other's digits blanked by figure spaces; a separator between two
    numbers stays in both halves (drawn twice at one place, the same pixels: the layout of the digits
    after it keeps its narrower advance). None: not such a number."""
    if len(text) < 2 or not text.isascii():
        return None
    if text.isdigit():
        half = len(text) // 2
        return text[:half] + FIGURE_SPACE * (len(text) - half), FIGURE_SPACE * half + text[half:]
    cut = next((i for i, ch in enumerate(text) if not ch.isdigit()), -1)
    if not 0 < cut < len(text) - 1 or text[cut] != "." or not text[cut + 1:].isdigit():
        return None
    return text[:cut + 1] + FIGURE_SPACE * (len(text) - cut - 1), FIGURE_SPACE * cut + text[cut:]


@lru_cache(maxsize=8192)
def _length(text: str, px: int, bold: bool, condensed: bool) -> float:
    return font(px, bold, condensed).getlength(text)


def font_steps(size: float, condensed: bool = False, least: float = 1.0) -> Iterator[tuple[float, bool]]:
    """The sizes a text tries, largest first: as given, condensed, then condensed and half a unit
    smaller each step, down to `least` (a text's floor in the canvas's units; always the first)."""
    if not condensed:
        yield size, False
    px = size
    while px > least + 1e-9:
        yield px, True
        px -= 0.5
    yield least, True


def best_split(text: str) -> tuple[str, str] | None:
    """Two lines for text, the most even by characters, broken at a space or after a "/" or "-"
    ("Art/" "Walther"); None if it has no such break."""
    splits = []
    for i, ch in enumerate(text[:-1]):
        if ch == " " and i > 0:
            splits.append((text[:i], text[i + 1 :]))
        elif ch in "/-" and i > 0:
            splits.append((text[: i + 1], text[i + 1 :]))
    if not splits:
        return None
    return min(splits, key=lambda pair: (max(len(pair[0]), len(pair[1])), -len(pair[0])))


class Canvas:
    """A supersampled square drawing surface with text helpers in design units.

    A face is laid out on a grid of `design` units (COUNTER for counters) and drawn `pixels` wide:
    a game's counters are sized for its hexes, and the layout scales with them. Text sizes are in
    design units too; a text never shrinks below its floor in real pixels (FLOORS, by role).
    Every text, and every shape drawn with a `kind`, is also recorded in `layout` in real 1x
    pixels, so tests can check a face's layout without reading its pixels; recording never changes
    a pixel.
    """

    def __init__(self, size: int = COUNTER, background: tuple[int, int, int] = (255, 255, 255), pixels: int | None = None) -> None:
        self.design = size
        self.size = pixels or size  # real pixels
        self.k = self.size / size  # real pixels per design unit
        self.image = Image.new("RGB", (self.size * SS, self.size * SS), background)
        self.draw = ImageDraw.Draw(self.image)
        self.layout: list[Element] = []

    def s(self, v: float) -> int:
        return round(v * SS * self.k)

    def ss(self, size: float) -> int:
        """A font size in design units as the supersampled pixels it is drawn at."""
        return round(size * SS * self.k)

    def real(self, size: float) -> float:
        """A font size in design units as the real pixels it is drawn at."""
        return self.ss(size) / SS

    def least(self, role: str) -> float:
        """The smallest font size in design units whose real size meets the role's floor."""
        floor = FLOORS[role]
        size = math.ceil(floor * SS / self.k) / SS
        while self.real(size) < floor:
            size += 1 / SS
        return size

    def record(self, kind: Kind, name: str, box: Box, inside: str | None = None, size: float = 0.0, role: str = "text") -> None:
        self.layout.append(Element(kind, name, box, inside, size, role))

    def rect(
        self, x0: float, y0: float, x1: float, y1: float, fill=None, outline=None, width: float = 1, kind: Kind | None = None, name: str = ""
    ) -> None:
        box = [self.s(x0), self.s(y0), self.s(x1) - 1, self.s(y1) - 1]
        self.draw.rectangle(box, fill=fill, outline=outline, width=self.s(width))
        if kind:
            self.record(kind, name, (box[0] / SS, box[1] / SS, (box[2] + 1) / SS, (box[3] + 1) / SS))

    def line(self, pts: list[tuple[float, float]], fill, width: float = 1, kind: Kind | None = None, name: str = "") -> None:
        self.draw.line([(self.s(x), self.s(y)) for x, y in pts], fill=fill, width=self.s(width))
        if kind:
            h = width / 2
            xs, ys = [x for x, _ in pts], [y for _, y in pts]
            k = self.k
            self.record(kind, name, ((min(xs) - h) * k, (min(ys) - h) * k, (max(xs) + h) * k, (max(ys) + h) * k))

    def ellipse(
        self, cx: float, cy: float, r: float, fill=None, outline=None, width: float = 1, kind: Kind | None = None, name: str = ""
    ) -> None:
        box = [self.s(cx - r), self.s(cy - r), self.s(cx + r), self.s(cy + r)]
        self.draw.ellipse(box, fill=fill, outline=outline, width=self.s(width))
        if kind:
            self.record(kind, name, (box[0] / SS, box[1] / SS, (box[2] + 1) / SS, (box[3] + 1) / SS))

    def text(
        self,
        cx: float,
        cy: float,
        text: str,
        size: float,
        fill,
        bold: bool = True,
        max_width: float | None = None,
        anchor: str = "mm",
        name: str = "text",
        inside: str | None = None,
        condensed: bool = False,
        role: str = "text",
    ) -> float:
        """Draw text centred (by default) at (cx, cy), shrinking it to fit max_width; returns its width.

        A text too wide goes condensed, then smaller by half units, down to its role's floor and no
        further (a text that does not fit there is the layout's to solve: a short name, two lines;
        the layout tests flag one that runs over). Never below the floor: a squeezed text is illegible.
        """
        px, condensed = self.fit(text, max(size, self.least(role)), max_width, bold, condensed, role)
        x, y = self.s(cx), self.s(cy)
        # ImageDraw.text at an integer point, with the rendered glyphs reused: the same pixels
        colour, fill_ink = self.draw._getink(fill)
        colour = fill_ink if colour is None else colour
        mask, (dx, dy) = _glyphs(text, self.ss(px), bold, condensed, anchor, colour, self.draw.fontmode)
        self.draw.draw.draw_bitmap((x + dx, y + dy), mask, colour)
        ink = _ink(text, self.ss(px), bold, condensed, anchor)
        box = ((x + ink[0]) / SS, (y + ink[1]) / SS, (x + ink[2]) / SS, (y + ink[3]) / SS)
        self.record("text", name, box, inside, self.real(px), role)
        return self.text_width(text, px, bold, condensed)

    def fit(self, text: str, size: float, max_width: float | None, bold: bool = True, condensed: bool = False,
            role: str = "text") -> tuple[float, bool]:
        """The font size and face (condensed or not) at which text fits max_width, or its floor: see text()."""
        for px, cond in font_steps(size, condensed, self.least(role)):
            if max_width is None or self.text_width(text, px, bold, cond) <= max_width:
                return px, cond
        return px, cond

    def fits(self, text: str, size: float, max_width: float, role: str = "text") -> bool:
        """Whether text fits max_width at its role's floor or larger."""
        px, cond = self.fit(text, size, max_width, role=role)
        return self.text_width(text, px, condensed=cond) <= max_width

    def text_width(self, text: str, size: float, bold: bool = True, condensed: bool = False) -> float:
        """The text's advance width in design units."""
        return _length(text, self.ss(size), bold, condensed) / SS / self.k

    def lines(
        self,
        cx: float,
        cy: float,
        text: str,
        size: float,
        fill,
        max_width: float,
        min_size: float,
        wrap_size: float,
        name: str,
        inside: str | None = None,
        role: str = "name",
    ) -> None:
        """Text centred at (cx, cy) on one line if it fits at min_size or more, else on two lines of
        wrap_size, split between words, shrunk further only if need be (see text()).

        The lines are named `name` (one line) or `name 1` and `name 2`.
        """
        px, cond = self.fit(text, size, max_width, role=role)
        split = best_split(text)
        if (px >= min_size and self.fits(text, size, max_width, role)) or split is None:
            self.text(cx, cy, text, size, fill, max_width=max_width, name=name, inside=inside, role=role)
            return
        wrap = max(wrap_size, self.least(role))
        px, cond = self.fit(max(split, key=lambda t: self.text_width(t, wrap)), wrap, max_width, role=role)
        step = self.real(px) / self.k + 0.6
        for i, line in enumerate(split):
            self.text(cx, cy + (i - 0.5) * step, line, px, fill, max_width=max_width, name=f"{name} {i + 1}", inside=inside,
                      condensed=cond, role=role)

    def finish(self) -> Image.Image:
        # Box-average the exact 4x supersample: as crisp as LANCZOS here, and several times faster.
        return self.image.reduce(SS)


def contrast_ink(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    luminance = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return (20, 20, 20) if luminance > 150 else (255, 255, 255)


def draw_symbol(c: Canvas, kind: str, x0: float, y0: float, x1: float, y1: float, field, ink) -> None:
    """NATO unit-type symbol in the box (x0, y0)-(x1, y1)."""
    c.rect(x0, y0, x1, y1, fill=field, outline=ink, width=1.2, kind="mark", name="symbol")
    if kind in ("infantry", "airborne", "glider", "marines"):
        c.line([(x0, y0), (x1, y1)], ink, 1.2)
        c.line([(x0, y1), (x1, y0)], ink, 1.2)
    if kind in ("cavalry", "recon", "armour", "mechanized"):
        c.line([(x0, y1), (x1, y0)], ink, 1.2)
    if kind in ("armour", "mechanized"):
        w, h = x1 - x0, y1 - y0
        c.draw.rounded_rectangle(
            [c.s(x0 + w * 0.2), c.s(y0 + h * 0.28), c.s(x1 - w * 0.2), c.s(y1 - h * 0.28)], radius=c.s(h * 0.22), outline=ink, width=c.s(1.2)
        )
    if kind == "artillery":
        c.ellipse((x0 + x1) / 2, (y0 + y1) / 2, (y1 - y0) * 0.18, fill=ink)
    if kind == "airborne":
        cx, cy = (x0 + x1) / 2, y1 - 2.5
        c.draw.arc([c.s(cx - 6), c.s(cy - 4), c.s(cx), c.s(cy + 2)], 180, 360, fill=ink, width=c.s(1.2))
        c.draw.arc([c.s(cx), c.s(cy - 4), c.s(cx + 6), c.s(cy + 2)], 180, 360, fill=ink, width=c.s(1.2))
    if kind == "headquarters":
        c.line([(x0, y0), (x0, y1 + 4)], ink, 1.2)  # the staff is part of the symbol, clear of the ID row below
    if kind == "engineer":
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        c.line([(cx - 6, cy + 2), (cx - 6, cy - 3), (cx + 6, cy - 3), (cx + 6, cy + 2)], ink, 1.2)
        c.line([(cx, cy - 3), (cx, cy + 2)], ink, 1.2)


BAND = 256  # rows of a supersampled board painted at a time (even: mapart supersamples 2x); 128-256 were fastest
Points = list[tuple[int, int]]
Call = tuple[str, Points, tuple, int, int]  # C method, points, its other arguments, first and last row reached


class Recording:
    """Stands in for Pillow's C drawing object (ImageDraw.Draw.draw) while a board is painted.

    ImageDraw works out every shape (line joints, text masks) and hands the C object whole-pixel
    work: the recording keeps each call with its points truncated as the C code truncates them
    (int), so that `play` can paint the board a band at a time, each call shifted by whole pixels
    into the bands it reaches: the same pixels as painting the board whole, without a 237 MB
    supersampled canvas for a 4930 x 3008 board (touching its fresh memory alone took 0.09 s).
    A call it does not know (an arc, a point) fails loudly: add it here.
    """

    def __init__(self, real: Any) -> None:
        self.real = real  # a drawing object of the same mode: inks are worked out by it
        self.calls: list[Call] = []

    def draw_ink(self, *args: Any) -> int:
        return self.real.draw_ink(*args)

    def _keep(self, name: str, xy: Sequence, args: tuple, reach: int, below: int = 0) -> None:
        """Keep a call; reach: how far its pixels may lie above and below its points (line width)."""
        flat = isinstance(xy[0], (int, float))
        pts = [(int(x), int(y)) for x, y in (zip(xy[0::2], xy[1::2]) if flat else xy)]
        ys = [y for _, y in pts]
        self.calls.append((name, pts, args, min(ys) - reach, max(ys) + reach + below))

    def draw_lines(self, xy: Sequence, ink: int, width: int = 0) -> None:
        self._keep("draw_lines", xy, (ink, width), width + 2)

    def draw_polygon(self, xy: Sequence, ink: int, fill: int = 0, width: int = 0, mask: Any = None) -> None:
        """With a mask (a wide outline kept inside the fill), the mask is made again for each band."""
        self._keep("draw_polygon" if mask is None else "masked_polygon", xy, (ink, fill, width), width + 2)

    def draw_ellipse(self, xy: Sequence, ink: int, fill: int = 0, width: int = 0) -> None:
        self._keep("draw_ellipse", xy, (ink, fill, width), 2)

    def draw_rectangle(self, xy: Sequence, ink: int, fill: int = 0, width: int = 0) -> None:
        self._keep("draw_rectangle", xy, (ink, fill, width), 2)

    def draw_pieslice(self, xy: Sequence, start: float, end: float, ink: int, fill: int = 0, width: int = 0) -> None:
        self._keep("draw_pieslice", xy, (start, end, ink, fill, width), 2)

    def draw_bitmap(self, xy: Sequence, bitmap: Any, ink: int) -> None:
        self._keep("draw_bitmap", xy, (bitmap, ink), 0, bitmap.size[1])

    def play(self, size: tuple[int, int], background: tuple[int, int, int], factor: int) -> Image.Image:
        """The picture of `size` reduced by `factor` (box average), painted in bands of BAND rows,
        one after the other on one band canvas, each call in the order it was made."""
        width, height = size
        out = Image.new("RGB", (width // factor, height // factor))
        band = Image.new("RGB", (width, min(BAND, height)), background)
        for index, calls in enumerate(self.by_band(height)):
            top = index * BAND
            if index:
                band.paste(background, (0, 0, band.width, band.height))
            draw = ImageDraw.Draw(band)
            for name, pts, args, _, _ in calls:
                moved = [(x, y - top) for x, y in pts]
                if name == "masked_polygon":
                    masked_polygon(band, draw, moved, *args)
                else:
                    getattr(draw.draw, name)(moved, *args)
            out.paste(band.reduce(factor, (0, 0, width, min(BAND, height - top))), (0, top // factor))
        return out

    def by_band(self, height: int) -> list[list[Call]]:
        """The calls reaching into each band, in the order they were made."""
        bands: list[list[Call]] = [[] for _ in range(-(-height // BAND))]
        for call in self.calls:
            for i in range(max(0, call[3] // BAND), min(len(bands) - 1, call[4] // BAND) + 1):
                bands[i].append(call)
        return bands


def masked_polygon(band: Image.Image, draw: ImageDraw.ImageDraw, pts: Points, ink: int, fill: int, width: int) -> None:
    """ImageDraw.polygon's wide outline, drawn through a mask of the polygon's fill as it draws it."""
    mask = Image.new("1", band.size)
    ImageDraw.Draw(mask).draw.draw_polygon(pts, draw._getink(1)[0], 1)
    draw.draw.draw_polygon(pts, ink, fill, width, mask.im)
