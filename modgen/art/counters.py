"""Counter art drawn from unit data, laid out like the printed counters.

Layout (Galicia's rule 2.1, and the same slots for other games): set-up hex, entry area or
arrival turn top left, size above the type symbol, release dot or a `corner` value (range)
top right, a `box` value (AV, armor rating) left of the symbol, drop code right of it,
unit ID with the formation in a coloured box, and attack-defense-MA along the bottom with
the ersatz ring around the attack strength. Morale is a coloured bar down the left edge;
units of more than two steps show pips for the steps of the side up. The reduced side
carries a thin light band. Everything is drawn at 4x and reduced, so edges are crisp.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from ..model import Game, Marker, MarkerFace, Nationality, Unit, Values

FONTS = Path(__file__).with_name("fonts")
COUNTER = 72  # pixels at 100% zoom (5/8" counters on a 104 px hex)
SS = 4  # supersampling factor


@lru_cache(maxsize=None)
def font(size: int, bold: bool = True, condensed: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSansCondensed-Bold.ttf" if condensed else ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    return ImageFont.truetype(str(FONTS / name), size)


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def lighten(rgb: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    return tuple(round(c + (255 - c) * amount) for c in rgb)  # type: ignore[return-value]


def darken(rgb: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    return tuple(round(c * (1 - amount)) for c in rgb)  # type: ignore[return-value]


class Canvas:
    """A supersampled square drawing surface with text helpers in 1x coordinates."""

    def __init__(self, size: int = COUNTER, background: tuple[int, int, int] = (255, 255, 255)) -> None:
        self.size = size
        self.image = Image.new("RGB", (size * SS, size * SS), background)
        self.draw = ImageDraw.Draw(self.image)

    def s(self, v: float) -> int:
        return round(v * SS)

    def rect(self, x0: float, y0: float, x1: float, y1: float, fill=None, outline=None, width: float = 1) -> None:
        self.draw.rectangle([self.s(x0), self.s(y0), self.s(x1) - 1, self.s(y1) - 1], fill=fill, outline=outline, width=self.s(width))

    def line(self, pts: list[tuple[float, float]], fill, width: float = 1) -> None:
        self.draw.line([(self.s(x), self.s(y)) for x, y in pts], fill=fill, width=self.s(width))

    def ellipse(self, cx: float, cy: float, r: float, fill=None, outline=None, width: float = 1) -> None:
        self.draw.ellipse([self.s(cx - r), self.s(cy - r), self.s(cx + r), self.s(cy + r)], fill=fill, outline=outline, width=self.s(width))

    def text(self, cx: float, cy: float, text: str, size: float, fill, bold: bool = True, max_width: float | None = None, anchor: str = "mm") -> float:
        """Draw text centred (by default) at (cx, cy), shrinking it to fit max_width; returns its width."""
        px = size
        while True:
            f = font(round(px * SS), bold, condensed=px < size)
            width = f.getlength(text) / SS
            if max_width is None or width <= max_width or px <= 5:
                break
            px -= 0.5
        self.draw.text((self.s(cx), self.s(cy)), text, font=f, fill=fill, anchor=anchor)
        return width

    def text_width(self, text: str, size: float, bold: bool = True) -> float:
        return font(round(size * SS), bold).getlength(text) / SS

    def finish(self) -> Image.Image:
        # Box-average the exact 4x supersample: as crisp as LANCZOS here, and several times faster.
        return self.image.reduce(SS)


def contrast_ink(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    luminance = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return (20, 20, 20) if luminance > 150 else (255, 255, 255)


def draw_symbol(c: Canvas, kind: str, x0: float, y0: float, x1: float, y1: float, field, ink) -> None:
    """NATO unit-type symbol in the box (x0, y0)-(x1, y1)."""
    c.rect(x0, y0, x1, y1, fill=field, outline=ink, width=1.2)
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
        c.line([(x0, y0), (x0, y1 + 8)], ink, 1.2)
    if kind == "engineer":
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        c.line([(cx - 6, cy + 2), (cx - 6, cy - 3), (cx + 6, cy - 3), (cx + 6, cy + 2)], ink, 1.2)
        c.line([(cx, cy - 3), (cx, cy + 2)], ink, 1.2)


@dataclass(frozen=True)
class CounterText:
    """What a unit counter prints besides its values (from the scenario)."""

    setup: str  # "7.09" or "GT 4"


def unit_face(game: Game, unit: Unit, values: Values, reduced: bool, info: CounterText) -> Image.Image:
    """One side of a unit counter."""
    nat: Nationality = game.nationalities[unit.nationality]
    base = hex_rgb(nat.colour)
    utype = game.unit_types[unit.type]
    c = Canvas(COUNTER, base)
    ink = hex_rgb(nat.text)
    if utype.two_colour:  # cavalry: top half national colour, lower half a lighter shade
        c.rect(0, COUNTER / 2, COUNTER, COUNTER, fill=lighten(base, 0.55))
    lower_ink = contrast_ink(lighten(base, 0.55)) if utype.two_colour else ink
    if reduced:  # thin light band (2.1)
        c.rect(0, 14.5, COUNTER, 17.5, fill=lighten(base, 0.75))

    # top row: set-up info, size, release dot
    c.text(3, 7.5, info.setup, 8, ink, anchor="lm", max_width=22)
    c.text(COUNTER / 2 + 2, 8, unit.size, 8.5, ink)
    if unit.release_gt is not None:
        c.ellipse(COUNTER - 9, 8.5, 6.5, fill=(200, 20, 20), outline=(255, 255, 255), width=0.8)
        c.text(COUNTER - 9, 8.7, str(unit.release_gt), 8, (255, 255, 255))
    for v in game.unit_values.values():
        shown = values.value(v.id)
        if v.show == "corner" and shown:
            c.text(COUNTER - 4, 8, f"R{shown}" if v.property == "Range" else str(shown), 8, ink, anchor="rm")

    # symbol row: boxed value, type symbol, drop code
    sx0, sy0, sx1, sy1 = 23, 19, 49, 36
    field = (255, 255, 255) if unit.white_symbol else base
    draw_symbol(c, utype.symbol, sx0, sy0, sx1, sy1, field, (20, 20, 20) if unit.white_symbol else ink)
    boxed = next((values.value(v.id) for v in game.unit_values.values() if v.show == "box"), None)
    box_value = next((v for v in game.unit_values.values() if v.show == "box"), None)
    if boxed is not None and (boxed or not box_value.hide_zero):
        c.rect(5, 20, 18, 35, fill=(255, 255, 255), outline=(20, 20, 20), width=0.8)
        c.text(11.5, 27.8, str(boxed), 10, (20, 20, 20))
    if unit.drop:
        c.text(60.5, 27.8, unit.drop, 8, ink, max_width=20)
    if unit.morale and game.morale[unit.morale].colour:
        c.rect(0, 18, 3.5, 54, fill=hex_rgb(game.morale[unit.morale].colour))
    steps = game.unit_steps(unit, reduced) or 0
    if (unit.steps or 0) > 2:
        for i in range(steps):
            c.ellipse(COUNTER - 5 - i * 5, COUNTER - 4.5, 1.7, fill=ink)

    # ID and formation box
    id_y = 45
    if unit.formation:
        id_w = min(c.text_width(unit.name, 10), 38)
        box_w = max(c.text_width(unit.formation, 9) + 5, 13)
        total = id_w + 3 + box_w
        x = (COUNTER - total) / 2
        c.text(x, id_y, unit.name, 10, lower_ink, anchor="lm", max_width=38)
        bx = x + id_w + 3
        c.rect(bx, id_y - 6.5, bx + box_w, id_y + 6.5, fill=darken(base, 0.25), outline=(20, 20, 20), width=0.6)
        c.text(bx + box_w / 2, id_y + 0.3, unit.formation, 9, contrast_ink(darken(base, 0.25)), max_width=box_w - 2)
    else:
        c.text(COUNTER / 2, id_y, unit.name, 10, lower_ink, max_width=COUNTER - 6)

    # factors: attack-defense-MA, ersatz ring round the attack strength
    fy = 61
    parts = [str(values.attack), "-", str(values.defense), "-", str(values.ma)]
    widths = [c.text_width(p, 14) for p in parts]
    gap = 2.0
    x = (COUNTER - sum(widths) - gap * 4) / 2
    for i, (p, w) in enumerate(zip(parts, widths)):
        c.text(x + w / 2, fy, p, 14, lower_ink)
        if i == 0 and unit.ersatz:
            c.ellipse(x + w / 2, fy + 0.5, max(w / 2 + 3.5, 8), outline=lower_ink, width=1.1)
        x += w + gap
    c.rect(0, 0, COUNTER, COUNTER, outline=darken(base, 0.5), width=1)
    return c.finish()


def marker_face(marker: Marker, face: MarkerFace, game: Game) -> Image.Image:
    """Informational markers: white or light grey with centred text (2.3)."""
    rgb = hex_rgb(marker.colour)
    c = Canvas(COUNTER, rgb)
    ink = contrast_ink(rgb)
    if marker.side:
        band = next((hex_rgb(n.colour) for n in game.nationalities.values() if n.side == marker.side), None)
        if band:
            c.rect(0, 0, COUNTER, 12, fill=band)
            c.text(COUNTER / 2, 6.5, game.side(marker.side).name, 7.5, contrast_ink(band), max_width=COUNTER - 4)
    lines = list(face.text) or [face.name]
    size = 15 if len(lines) <= 2 else 11
    top = 14 if marker.side else 0
    step = size + 3
    y = top + (COUNTER - top) / 2 - step * (len(lines) - 1) / 2
    for line in lines:
        c.text(COUNTER / 2, y, line, size, ink, max_width=COUNTER - 6)
        y += step
    c.rect(0, 0, COUNTER, COUNTER, outline=(90, 90, 90), width=1)
    return c.finish()


def mask_face(game: Game, nationality: Nationality) -> Image.Image:
    """What an opponent sees of a hidden unit (5.4): colour and nationality only."""
    base = hex_rgb(nationality.colour)
    c = Canvas(COUNTER, base)
    ink = hex_rgb(nationality.text)
    c.text(COUNTER / 2, COUNTER / 2 - 4, "?", 34, ink)
    c.text(COUNTER / 2, COUNTER - 10, nationality.name, 8, ink, max_width=COUNTER - 6)
    c.rect(0, 0, COUNTER, COUNTER, outline=darken(base, 0.5), width=1)
    return c.finish()


def marker_mask_face() -> Image.Image:
    c = Canvas(COUNTER, (225, 225, 225))
    c.text(COUNTER / 2, COUNTER / 2, "?", 30, (90, 90, 90))
    c.rect(0, 0, COUNTER, COUNTER, outline=(90, 90, 90), width=1)
    return c.finish()
