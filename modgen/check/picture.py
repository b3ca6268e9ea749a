"""The map with the check drawn on it: red rings and rule numbers at findings, a dot per unit
(coloured by its supply state where the game has one, else by its side), and a legend in a strip
below the map, so it hides no hex. Written via a temp file and a rename, so a failed run never
leaves half a PNG.
"""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import Callable

from PIL import Image, ImageDraw

from ..art.canvas import font, hex_rgb
from ..atomic import write_atomic
from ..art.mapart import render_board
from ..sheets import map_size
from .report import CheckReport

RING = (220, 0, 0)
FADE = 0.35  # blend the map toward white so the overlay reads
MAX_SIDE = 8000  # a map of several sheets larger than this (px) is drawn smaller


def draw_picture(report: CheckReport) -> Image.Image:
    """The last save's position (several saves: the last one) with its findings and supply."""
    res = report.saves[-1]
    st = res.state
    game = st.game
    base, at = whole_map(game)
    img = Image.blend(base, Image.new("RGB", base.size, (255, 255, 255)), FADE)
    size = round(game.map.boards[0].geometry.spec.hex_size * base.width / _map_width(game))
    pointy = game.map.boards[0].geometry.spec.hexes == "rows"  # hexes in rows stand on a point
    img = _draw_overlays(img, res.overlays, at, size, 30 if pointy else 0)
    d = ImageDraw.Draw(img)
    side_rgb = {n.side: hex_rgb(n.colour) for n in reversed(list(game.nationalities.values()))}

    # a dot per unit, in a row under the hex centre: filled by its supply state (a game without
    # per-unit supply: by its side), outlined in the side colour
    r = max(7, size // 8)
    for hex_id, units in st.by_hex().items():
        cx, cy = at(hex_id)
        n = len(units)
        for i, u in enumerate(sorted(units, key=lambda u: u.id)):
            x = cx + (i - (n - 1) / 2) * (2 * r + 3)
            y = cy + size * 0.18
            status = res.supply.get(u.id)
            side = side_rgb.get(u.side, (0, 0, 0))
            fill = hex_rgb(report.spec.supply_state(status.state).colour) if status else side
            d.ellipse([x - r, y - r, x + r, y + r], fill=fill, outline=side if status else (255, 255, 255), width=3)

    # findings: a red ring per hex, the rule numbers beside it
    rules_at: dict[str, list[str]] = {}
    for f in res.findings:
        for h in f.hexes[:1]:
            if f.rule not in rules_at.setdefault(h, []):
                rules_at[h].append(f.rule)
    label_font = font(max(16, size // 5))
    for h, rules in rules_at.items():
        cx, cy = at(h)
        rr = size * 0.56
        # thicker and wider than the map's thin red VP-town circles, so the two never read alike
        d.ellipse([cx - rr, cy - rr, cx + rr, cy + rr], outline=RING, width=10)
        text = " ".join(rules)
        tx, ty = cx + rr * 0.55, cy - rr - label_font.size * 0.6
        box = d.textbbox((tx, ty), text, font=label_font)
        d.rectangle([box[0] - 4, box[1] - 3, box[2] + 4, box[3] + 3], fill=RING)
        d.text((tx, ty), text, font=label_font, fill=(255, 255, 255))

    strip = _legend(report, img.width)  # below the map, so map pixels keep their coordinates
    out = Image.new("RGB", (max(img.width, strip.width), img.height + strip.height), (255, 255, 255))
    out.paste(img, (0, 0))
    out.paste(strip, (0, img.height))
    return out


def _draw_overlays(img: Image.Image, overlays, at: Callable[[str], tuple[float, float]], size: int,
                   rotation: int) -> Image.Image:
    """The plugin's overlays under the dots and rings: hexes shaded in translucent colour, hexsides
    drawn as thick lines along the edge two hex centres share (its ends lie at a third of the
    centres' distance times sqrt(3)/2 from its middle, for any regular hex grid)."""
    if not overlays:
        return img
    shade = Image.new("RGBA", img.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(shade)
    for ov in overlays:
        rgb = hex_rgb(ov.colour)
        for h in ov.hexes:
            cx, cy = at(h)
            rr = size * 0.5
            d.regular_polygon((cx, cy, rr), 6, rotation=rotation, fill=rgb + (110,))
        for a, b in ov.hexsides:
            (ax, ay), (bx, by) = at(a), at(b)
            mx, my, vx, vy = (ax + bx) / 2, (ay + by) / 2, bx - ax, by - ay
            half = 1 / (2 * math.sqrt(3))  # half an edge, over the centres' distance
            d.line([(mx - vy * half, my + vx * half), (mx + vy * half, my - vx * half)], fill=rgb + (255,),
                   width=max(4, size // 10))
    return Image.alpha_composite(img.convert("RGBA"), shade).convert("RGB")


def _count(n: int, one: str, many: str) -> str:
    return "" if not n else f"1 {one}" if n == 1 else f"{n} {many}"


def _map_width(game) -> int:
    return map_size(game.map.boards)[2]


def whole_map(game) -> tuple[Image.Image, Callable[[str], tuple[float, float]]]:
    """Every sheet in play drawn in its place (one board: its own image), scaled down when the map
    is larger than MAX_SIDE px, and where each hex centre falls on that picture."""
    boards = game.map.boards
    if len(boards) == 1:
        base = render_board(game, boards[0]).convert("RGB")
        return base, boards[0].geometry.centre
    left, top, w, h = map_size(boards)
    base = Image.new("RGB", (w, h), (255, 255, 255))
    for b in boards:
        base.paste(render_board(game, b).convert("RGB"), (b.origin[0] - left, b.origin[1] - top))
    k = min(1.0, MAX_SIDE / max(w, h))
    if k < 1.0:
        base = base.resize((round(w * k), round(h * k)), Image.LANCZOS)

    def at(hex_id: str) -> tuple[float, float]:
        _, x, y = game.map.centre(hex_id)
        return (x - left) * k, (y - top) * k

    return base, at


def _legend(report: CheckReport, width: int) -> Image.Image:
    """The legend as a strip as wide as the map (or as its longest line)."""
    res = report.saves[-1]
    st = res.state
    title_font, body = font(26), font(20, bold=False)
    lines: list[tuple[str, tuple[int, int, int] | None]] = [(f"{Path(st.save_path).name}: {st.label}", None)]
    for state in report.spec.supply_states:
        count = sum(1 for s in res.supply.values() if s.state == state.id)
        lines.append((f"{state.legend} ({count})", hex_rgb(state.colour)))
    for ov in res.overlays:
        what = ", ".join(x for x in (_count(len(ov.hexes), "hex", "hexes"),
                                     _count(len(ov.hexsides), "hexside", "hexsides")) if x) or "none"
        lines.append((f"{ov.legend} ({what})", hex_rgb(ov.colour)))
    lines.append((f"thick red ring + rule no.: finding on the map ({sum(1 for f in res.findings if f.hexes)})", RING))
    if not report.spec.supply_states:
        lines.append(("a dot per unit, in its side's colour", None))
    for f in report.extra[:4]:
        lines.append((f"[{f.rule}] {f.title}", None))
    if res.notes:
        lines.append((f"{len(res.notes)} pending or information note(s), not ringed: see the report", None))
    x0, y0, pad, lh = 20, 20, 14, 30
    measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    text_w = max(measure.textlength(t, font=title_font if i == 0 else body) for i, (t, _) in enumerate(lines)) + 60
    height = pad * 2 + lh * len(lines) + 6
    img = Image.new("RGB", (max(width, int(text_w) + 2 * x0), height + 2 * y0), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.rectangle([x0, y0, x0 + text_w, y0 + height], fill=(255, 255, 255), outline=(40, 40, 40), width=2)
    y = y0 + pad
    for i, (text, colour) in enumerate(lines):
        if i == 0:
            d.text((x0 + pad, y), text, font=title_font, fill=(0, 0, 0))
            y += lh + 6
            continue
        if colour == RING:
            d.ellipse([x0 + pad, y + 1, x0 + pad + 22, y + 23], outline=RING, width=5)
        elif colour is not None:
            d.ellipse([x0 + pad + 2, y + 4, x0 + pad + 18, y + 20], fill=colour, outline=(60, 60, 60))
        d.text((x0 + pad + 32, y), text, font=body, fill=(0, 0, 0))
        y += lh
    return img


def write_picture(report: CheckReport, path: Path) -> None:
    """Render, then write atomically (temp file in the target folder, then rename)."""
    img = draw_picture(report)
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=6)
    write_atomic(path, buf.getvalue())
