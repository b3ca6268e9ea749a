"""Counter art drawn from unit data, laid out like the printed counters.

Layout (the same slots for every game): set-up hex, entry area or arrival turn top left, size
above the type symbol, top right a `corner_dot` mark (a dot with a turn in it), left of it a
`corner_square` mark and `corner` values (a range); a `box` value (an artillery value, an armor
rating) left of the symbol (red, underlined, in parentheses for `box_colour`, `box_underline`,
`box_parentheses` marks), a `symbol_right_text` mark (a drop code) right of it, the symbol on a
white or coloured field (`white_symbol`, `symbol_field`), unit ID with the formation in a coloured
box, attack-defense-MA along the bottom with a `ring_attack` mark's ring around the attack. Which
marks a game prints is game.yaml's `counter_marks`; this module knows only the styles. Morale is a coloured
bar down the left edge; units of more than two steps show pips for the steps of the side up, in
a row below the factors. The reduced side carries a thin light band. Everything is drawn at 4x
and reduced, so edges are crisp.

Faces are laid out on a 72-unit design grid and drawn at the game's counter size (game.counter_size,
sized for its hexes). Nothing is clipped or squeezed: a text too wide for its slot goes condensed,
then smaller down to its floor in real pixels (canvas.FLOORS: factors 12, IDs and names 8, the rest
7), the ID and its formation box together, a long ID on two lines, else the unit's short name. Each face's Canvas records what it drew as
named rectangles (Element, with a text's exact ink), so tests/test_counter_art.py can prove
for every counter of every game that texts stay on the counter and off each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from ..model import CounterMark, Game, Marker, MarkerFace, Nationality, Unit, Values
from .canvas import COUNTER, Canvas, best_split, contrast_ink, darken, draw_symbol, font_steps, hex_rgb, lighten

BORDER = 1  # the counter's outline, drawn inside its edge
MORALE_W = 3.5  # the morale bar down the left edge
ID_Y = 45  # centre of the ID row (formation box 38.5-51.5, between the symbol and the factors)
FACTOR_Y = 60  # centre of the factor row: digits' ink about 54.6-64.8
PIP_Y = 68  # step pips, below the factors' ink


def draw_id_row(c: Canvas, name: str, formation: str | None, left: float, right: float, ink, box_fill) -> bool:
    """The unit ID and its formation box, centred in one row between left and right; False, and
    nothing drawn, if the ID does not fit at a legible size (the unit's short name is tried next).

    ID and formation shrink together (the formation a size below; condensed first) down to their
    floors (NAME_FLOOR, TEXT_FLOOR in real pixels); an ID of several words that still does not fit
    goes on two lines beside the box.
    """
    width = right - left
    least, box_least = c.least("name"), c.least("text")
    if not formation:  # centred under the symbol
        room = 2 * min(COUNTER / 2 - left, right - COUNTER / 2)
        split = best_split(name)
        if not c.fits(name, 10, room, "name") and (split is None or not all(c.fits(t, 7.5, room, "name") for t in split)):
            return False
        c.lines(COUNTER / 2, ID_Y, name, 10, ink, room, 7, 7.5, "ID")
        return True
    box_ink = contrast_ink(box_fill)

    def box_width(px: float, cond: bool) -> float:  # tighter padding once the row has to go condensed
        return max(c.text_width(formation, px, condensed=cond) + (3.5 if cond else 5), 13)

    def place(total: float) -> float:  # left x of the row: centred on the counter, kept inside left-right
        return max(left, min(COUNTER / 2 - total / 2, right - total))

    def box(bx: float, bw: float, px: float, cond: bool) -> None:
        c.rect(bx, ID_Y - 6.5, bx + bw, ID_Y + 6.5, fill=box_fill, outline=(20, 20, 20), width=0.6, kind="box", name="formation box")
        c.text(bx + bw / 2, ID_Y + 0.3, formation, px, box_ink, max_width=bw - 2, name="formation", inside="formation box", condensed=cond)

    for px, cond in font_steps(max(10, least), least=least):
        gap = 3 if px == 10 and not cond else 2
        fpx = max(px - 1, box_least)
        nw, bw = c.text_width(name, px, condensed=cond), box_width(fpx, cond)
        if nw + gap + bw <= width:
            x = place(nw + gap + bw)
            c.text(x, ID_Y, name, px, ink, anchor="lm", name="ID", condensed=cond, role="name")
            box(x + nw + gap, bw, fpx, cond)
            return True
    split = best_split(name)
    if split is None:
        return False
    for px, _ in font_steps(max(7.5, least), True, least):  # two lines beside the box
        lw, bw = max(c.text_width(t, px, condensed=True) for t in split), box_width(max(px - 1, box_least), True)
        step = c.real(px) / c.k + 0.6
        if lw + 2 + bw <= width:
            x = place(lw + 2 + bw)
            for i, line in enumerate(split):
                c.text(x + lw / 2, ID_Y + (i - 0.5) * step, line, px, ink, name=f"ID {i + 1}", condensed=True, role="name")
            box(x + lw + 2, bw, max(px - 1, box_least), True)
            return True
    return False


def printed_name(game: Game, unit: Unit, left: float) -> str | None:
    """What the counter prints as the unit's ID: its name, or its `short` where the name does not fit
    at a legible size; None if neither does (modgen.validate names the unit)."""
    return _printed_name(game.counter_size, unit.name, unit.short, unit.formation, left)


@lru_cache(maxsize=4096)
def _printed_name(pixels: int, name: str, short: str | None, formation: str | None, left: float) -> str | None:
    for shown in (name, short):
        if shown and draw_id_row(Canvas(COUNTER, pixels=pixels), shown, formation, left, COUNTER - BORDER - 1, (0, 0, 0), (0, 0, 0)):
            return shown
    return None


def id_left(game: Game, unit: Unit) -> float:
    """Where the ID row begins: right of the morale bar, else of the border."""
    return (MORALE_W + 1) if unit.morale and game.morale[unit.morale].colour else BORDER + 1


def draw_factors(c: Canvas, values: Values, ink, ring_mark: CounterMark | None = None,
                 factors: tuple[str, ...] = ("attack", "defense", "ma")) -> None:
    """The factor row (attack-defense-MA, or the values game.yaml counter_factors names) centred along
    the bottom, smaller if wide; a ring_attack mark's ring round the attack, with the first dash moved
    clear of the ring."""
    ringed = ring_mark is not None and factors[0] == "attack"
    ring_name = f"{ring_mark.id} ring" if ring_mark else ""
    label = {"attack": "attack", "defense": "defense", "ma": "MA"}
    parts, names = [], []
    for i, f in enumerate(factors):
        if i:
            parts.append("-")
            names.append(f"dash {i}")
        parts.append(str(getattr(values, f)))
        names.append(label[f])
    room = COUNTER - 2 * (BORDER + 1)
    least = c.least("factor")
    size = max(14.0, least)
    while True:
        widths = [c.text_width(p, size) for p in parts]
        ring = max(widths[0] / 2 + size / 4, size * 4 / 7)  # 3.5 px round the digit, 8 px at least, at 14 px
        gaps = [2.0] * (len(parts) - 1)
        if ringed:
            gaps[0] = max(2.0, ring - widths[0] / 2 + 1)
        total = sum(widths) + sum(gaps)
        if total + (ring - widths[0] / 2 if ringed else 0) <= room or size - 0.5 < least:
            break
        size -= 0.5
    x = (COUNTER - total) / 2
    if ringed:  # the ring sticks out left of the attack strength: keep it on the counter
        x = max(x, BORDER + 1 + ring - widths[0] / 2)
    for i, (p, w) in enumerate(zip(parts, widths)):
        c.text(x + w / 2, FACTOR_Y, p, size, ink, name=names[i], inside=ring_name if i == 0 and ringed else None,
               role="factor" if p != "-" else "text")
        if i == 0 and ringed and ring_mark is not None:
            outline = hex_rgb(ring_mark.colour) if ring_mark.colour else ink
            c.ellipse(x + w / 2, FACTOR_Y + 0.5, ring, outline=outline, width=1.1, kind="box", name=ring_name)
        x += w + (gaps[i] if i < len(gaps) else 0)


@dataclass(frozen=True)
class CounterText:
    """What a unit counter prints besides its values (from the scenario)."""

    setup: str  # "7.09" or "GT 4"


def unit_canvas(game: Game, unit: Unit, values: Values, reduced: bool, info: CounterText) -> Canvas:
    """One side of a unit counter, drawn, with its layout: unit_face's image comes from this."""
    nat: Nationality = game.nationalities[unit.nationality]
    base = hex_rgb(nat.colour)
    utype = game.unit_types[unit.type]
    c = Canvas(COUNTER, base, game.counter_size)
    ink = hex_rgb(nat.text)
    if utype.two_colour:  # cavalry: top half national colour, lower half a lighter shade
        c.rect(0, COUNTER / 2, COUNTER, COUNTER, fill=lighten(base, 0.55), kind="area", name="lower half")
    lower_ink = contrast_ink(lighten(base, 0.55)) if utype.two_colour else ink
    if reduced:  # thin light band
        c.rect(0, 14.5, COUNTER, 17.5, fill=lighten(base, 0.75), kind="mark", name="reduced band")

    # the game's counter marks this unit carries, by style (game.yaml counter_marks: one mark a style)
    marks = {m.style: (m, unit.mark(m.id)) for m in game.counter_marks.values() if unit.mark(m.id) is not None}

    # top row: set-up info, size, corner dot or corner value
    setup_room = 22.0
    if info.setup and c.fit(info.setup, 8, setup_room)[0] < 7.5:  # a long hex id ("11.103"): the room up to the size
        setup_room = max(setup_room, COUNTER / 2 + 2 - c.text_width(unit.size, 8.5) / 2 - 5)
    c.text(3, 7.5, info.setup, 8, ink, anchor="lm", max_width=setup_room, name="setup")
    c.text(COUNTER / 2 + 2, 8, unit.size, 8.5, ink, name="size")
    if "corner_dot" in marks:  # above the reduced side's band (14.5)
        mark, shown = marks["corner_dot"]
        dot = hex_rgb(mark.colour) if mark.colour else (200, 20, 20)
        c.ellipse(COUNTER - 9, 8, 6, fill=dot, outline=(255, 255, 255), width=0.8, kind="box", name=f"{mark.id} dot")
        c.text(COUNTER - 9, 8.2, str(shown), 8, contrast_ink(dot), max_width=9, name=mark.id, inside=f"{mark.id} dot")
    right = COUNTER - 16 if "corner_dot" in marks else COUNTER - 4  # a square and corner values stand left of a dot
    if "corner_square" in marks:  # a square with the value (a withdrawal turn) left of the dot
        mark, shown = marks["corner_square"]
        fill, sw = hex_rgb(mark.colour) if mark.colour else (255, 255, 255), max(11.0, c.text_width(str(shown), 8) + 3)
        c.rect(right - sw, 2.5, right, 13.5, fill=fill, outline=(20, 20, 20), width=0.8, kind="box", name=f"{mark.id} square")
        c.text(right - sw / 2, 8.2, str(shown), 8, contrast_ink(fill), max_width=sw - 2, name=mark.id, inside=f"{mark.id} square")
        right -= sw + 2
    for v in game.unit_values.values():
        shown = values.value(v.id)
        if v.show == "corner" and shown:
            room = right - (COUNTER / 2 + 8)  # clear of the size above the symbol
            right -= c.text(right, 8, f"{v.prefix}{shown}", 8, ink, anchor="rm", name=v.id, max_width=room) + 2

    # symbol row: boxed value, type symbol (on a white field: a white_symbol mark), text right of it
    sx0, sy0, sx1, sy1 = 23, 19, 49, 36
    white, tinted = marks.get("white_symbol"), marks.get("symbol_field")  # white_symbol first: one field a symbol
    field = hex_rgb(white[0].colour or "#ffffff") if white else hex_rgb(tinted[0].colour_of(tinted[1]) or "#ffffff") if tinted else base
    draw_symbol(c, utype.symbol, sx0, sy0, sx1, sy1, field, contrast_ink(field) if white or tinted else ink)
    left = id_left(game, unit)
    draw_box_value(c, game, values, marks, left)
    if "symbol_right_text" in marks:
        mark, shown = marks["symbol_right_text"]
        c.text(60.5, 27.8, str(shown), 8, hex_rgb(mark.colour) if mark.colour else ink, max_width=20, name=mark.id)
    if unit.morale and game.morale[unit.morale].colour:
        c.rect(0, 18, MORALE_W, 54, fill=hex_rgb(game.morale[unit.morale].colour), kind="mark", name="morale bar")
    steps = game.unit_steps(unit, reduced) or 0
    if (unit.steps or 0) > 2:  # a row under the factors, from the right: clear of the MA above it
        for i in range(steps):
            c.ellipse(COUNTER - 5 - i * 4.5, PIP_Y, 1.5, fill=ink, kind="mark", name=f"pip {i + 1}")

    # ID and formation box, between the morale bar and the right edge
    if not draw_id_row(c, printed_name(game, unit, left) or unit.name, unit.formation, left, COUNTER - BORDER - 1, lower_ink,
                       darken(base, 0.25)):  # refused by validate (give it a `short`); drawn at its floor, running over
        c.text(COUNTER / 2, ID_Y, unit.name, c.least("name"), lower_ink, name="ID", role="name")

    # factors: attack-defense-MA, a ring_attack mark round the attack strength
    draw_factors(c, values, lower_ink, marks["ring_attack"][0] if "ring_attack" in marks else None, game.counter_factors)
    c.rect(0, 0, COUNTER, COUNTER, outline=darken(base, 0.5), width=1, kind="area", name="border")
    return c


def draw_box_value(c: Canvas, game: Game, values: Values, marks: dict, left: float) -> None:
    """The first `show: box` unit value that prints (not a hidden 0), styled by the box_* marks; a label
    too wide for the box (x 5-18) widens it toward the edge and the symbol, then shrinks."""
    shown = next(((v, n) for v in game.unit_values.values() if v.show == "box"
                  for n in (values.value(v.id),) if n is not None and (n or not v.hide_zero)), None)
    if shown is None:
        return
    value, number = shown
    label = f"({value.prefix}{number})" if "box_parentheses" in marks else f"{value.prefix}{number}"
    coloured = marks.get("box_colour")
    text_ink = hex_rgb(coloured[0].colour or "#c81414") if coloured else (20, 20, 20)
    x0, x1, room = 5.0, 18.0, None
    width = c.text_width(label, 10)
    if width > x1 - x0:
        bw = min(width + 3, 21.5 - left)
        x0 = min(max(left, 11.5 - bw / 2), 21.5 - bw)
        x1, room = x0 + bw, bw - 2
    c.rect(x0, 20, x1, 35, fill=(255, 255, 255), outline=(20, 20, 20), width=0.8, kind="box", name=f"{value.id} box")
    c.text((x0 + x1) / 2, 27.8, label, 10, text_ink, max_width=room, name=value.id, inside=f"{value.id} box")
    if "box_underline" in marks:  # under the text's ink, inside the box
        ink, k = c.layout[-1].box, c.k  # real pixels; the line on whole ones: crisp, one pixel high
        y = min(int(ink[3] + 1.4), int(33 * k))
        c.rect(int(ink[0]) / k, y / k, -int(-ink[2]) / k, (y + 1) / k, fill=text_ink)


def unit_face(game: Game, unit: Unit, values: Values, reduced: bool, info: CounterText) -> Image.Image:
    """One side of a unit counter."""
    return unit_canvas(game, unit, values, reduced, info).finish()


def marker_canvas(marker: Marker, face: MarkerFace, game: Game) -> Canvas:
    """One face of a marker, drawn, with its layout: marker_face's image comes from this."""
    rgb = hex_rgb(marker.colour)
    c = Canvas(COUNTER, rgb, game.counter_size)
    ink = contrast_ink(rgb)
    if marker.side:
        band = next((hex_rgb(n.colour) for n in game.nationalities.values() if n.side == marker.side), None)
        if band:
            c.rect(0, 0, COUNTER, 12, fill=band, kind="box", name="side band")
            c.text(COUNTER / 2, 6.5, game.side(marker.side).name, 7.5, contrast_ink(band), max_width=COUNTER - 4, name="side", inside="side band")
    lines = list(face.text) or [face.name]
    size = 15 if len(lines) <= 2 else 11
    top = 14 if marker.side else 0
    step = size + 3
    y = top + (COUNTER - top) / 2 - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        c.text(COUNTER / 2, y, line, size, ink, max_width=COUNTER - 6, name=f"line {i + 1}", role="name")
        y += step
    c.rect(0, 0, COUNTER, COUNTER, outline=(90, 90, 90), width=1, kind="area", name="border")
    return c


def marker_face(marker: Marker, face: MarkerFace, game: Game) -> Image.Image:
    """A marker face: its colour with centred text, and its side's band if it has one."""
    return marker_canvas(marker, face, game).finish()


def mask_canvas(game: Game, nationality: Nationality) -> Canvas:
    """A hidden unit's face, drawn, with its layout."""
    base = hex_rgb(nationality.colour)
    c = Canvas(COUNTER, base, game.counter_size)
    ink = hex_rgb(nationality.text)
    c.text(COUNTER / 2, COUNTER / 2 - 4, "?", 34, ink, name="?")
    c.lines(COUNTER / 2, COUNTER - 10, nationality.name, 8, ink, COUNTER - 6, 7, 7.5, "nationality")
    c.rect(0, 0, COUNTER, COUNTER, outline=darken(base, 0.5), width=1, kind="area", name="border")
    return c


def mask_face(game: Game, nationality: Nationality) -> Image.Image:
    """What an opponent sees of a hidden unit: colour and nationality only."""
    return mask_canvas(game, nationality).finish()


def marker_mask_face(pixels: int = COUNTER) -> Image.Image:
    c = Canvas(COUNTER, (225, 225, 225), pixels)
    c.text(COUNTER / 2, COUNTER / 2, "?", 30, (90, 90, 90))
    c.rect(0, 0, COUNTER, COUNTER, outline=(90, 90, 90), width=1)
    return c.finish()


def moved_face(size: int) -> Image.Image:
    """The moved marker VASSAL draws over a counter's corner once it has moved this player turn:
    an amber square with a dark arrow, legible on every nationality's colour."""
    c = Canvas(size, (245, 176, 38))
    c.rect(0, 0, size, size, outline=(60, 40, 0), width=1)
    mid, tip = size / 2, size - 3
    c.line([(3, mid), (tip, mid)], (60, 40, 0), width=2)
    c.line([(tip - 5, mid - 5), (tip, mid), (tip - 5, mid + 5)], (60, 40, 0), width=2)
    return c.finish()


def finding_ring(size: int) -> Image.Image:
    """The checker's finding marker (`modgen check --annotate`): a red ring round a counter's stack,
    clear inside so the units under it stay readable, drawn above them on the map."""
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse([2, 2, size - 3, size - 3], outline=(255, 255, 255, 230), width=8)
    d.ellipse([3, 3, size - 4, size - 4], outline=(220, 0, 0, 255), width=5)
    return img


def state_badge(marker: Marker, label: str, width: int, height: int) -> Image.Image:
    """A unit state's badge (modgen.unitstates): the marker's colour and border with its label,
    shrunk to fit, small enough to sit on a counter's edge; drawn on a square canvas and cut to size."""
    rgb = hex_rgb(marker.colour)
    c = Canvas(width, rgb)
    c.rect(0, 0, width, height, outline=(40, 40, 40), width=1)
    c.text(width / 2, height / 2 + 0.5, label, 8, contrast_ink(rgb), max_width=width - 3, name="label")
    return c.finish().crop((0, 0, width, height))
