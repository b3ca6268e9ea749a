"""A checked log on the map: every move of the log as a grey arrow from where the unit began
its phase to where it ended it, and each move that breaks a rule in red with the cheapest path
found, numbered by its step, so a player sees at once which move to question."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageDraw

from ..art.canvas import font
from ..atomic import write_atomic
from .logcheck import LogReport
from .picture import FADE, RING, whole_map

MOVE = (90, 90, 90)


def draw_log_picture(report: LogReport) -> Image.Image:
    game = report.game
    base, at = whole_map(game)
    img = Image.blend(base, Image.new("RGB", base.size, (255, 255, 255)), FADE)
    d = ImageDraw.Draw(img)
    size = game.map.boards[0].geometry.spec.hex_size
    label = font(max(16, size // 5))
    hexes = set(game.map.hex_ids())
    for ph in report.phases:
        start = {u.id: u.hex for u in ph.start.units}
        end = {u.id: u.hex for u in ph.end.units}
        for unit in dict.fromkeys(m.unit for m in ph.moves):
            a, b = start.get(unit), end.get(unit)
            if a in hexes and b in hexes and a != b:
                d.line([at(a), at(b)], fill=MOVE, width=3)
                x, y = at(b)
                d.ellipse([x - 6, y - 6, x + 6, y + 6], fill=MOVE)
    for f in report.findings:
        pts = [at(h) for h in f.path if h in hexes] or [at(h) for h in f.finding.hexes if h in hexes]
        if len(pts) > 1:
            d.line(pts, fill=RING, width=5)
        if pts:
            x, y = pts[-1]
            r = size * 0.45
            d.ellipse([x - r, y - r, x + r, y + r], outline=RING, width=5)
            d.text((x + r, y - r), f"step {f.step}: {f.finding.rule}", fill=RING, font=label)
    return img


def write_log_picture(report: LogReport, path: Path) -> None:
    buf = io.BytesIO()
    draw_log_picture(report).save(buf, "PNG", compress_level=6)
    write_atomic(path, buf.getvalue())
