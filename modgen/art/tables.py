"""The Tracks board and the chart images, drawn from the same data as everything else.

Charts are images rather than HTML because VASSAL's HTML viewer renders tables
unreliably across versions; an image looks the same in 3.6, 3.7 and 3.8.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..model import Chart, Game, Scenario
from ..layout import WindowLayout
from .canvas import font, hex_rgb, lighten

INK = (25, 25, 25)
PAPER = (250, 247, 238)
HEAD = (70, 70, 90)


def render_tracks(game: Game, layout: WindowLayout) -> Image.Image:
    """One display window: headings, labels, and every box with its name (or short text)."""
    img = Image.new("RGB", (layout.width, layout.height), (226, 220, 200))
    d = ImageDraw.Draw(img)
    side_colour = {n.side: hex_rgb(n.colour) for n in reversed(list(game.nationalities.values()))}
    for x, y, text in layout.headings:
        d.text((x, y), text, font=font(20), fill=INK)
    for x, y, text in layout.labels:
        d.text((x, y), text, font=font(14), fill=INK)
    for box in layout.boxes:
        fill = PAPER
        if box.side:
            fill = lighten(side_colour.get(box.side, (200, 200, 200)), 0.78)
        if box.dark:
            fill = (92, 98, 122)
        ink = (245, 245, 245) if box.dark else INK
        d.rectangle([box.x, box.y, box.x + box.w - 1, box.y + box.h - 1], fill=fill, outline=INK, width=2)
        size = 13 if box.kind != "vp" else 12
        d.text((box.x + 6, box.y + 4), box.text or box.name, font=font(size), fill=ink)
        if box.caption:
            d.text((box.x + 6, box.y + 20), box.caption, font=font(10, bold=False), fill=ink)
    return img


def render_table(title: str, columns: list[str], rows: list[list[str]], notes: list[str] = (), width_hint: int = 0) -> Image.Image:
    """A ruled table with a title and notes, sized to its content."""
    f_title, f_head, f_cell, f_note = font(20), font(14), font(14, bold=False), font(12, bold=False)
    cols = len(columns)
    widths = [0] * cols
    for row in [columns, *rows]:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], int(f_head.getlength(str(cell))) + 18)
    row_h = 26
    table_w = sum(widths)
    note_lines = []
    max_w = max(table_w, width_hint, 500)
    for note in notes:
        words, line = str(note).split(), ""
        for w in words:
            trial = (line + " " + w).strip()
            if f_note.getlength(trial) > max_w:
                note_lines.append(line)
                line = w
            else:
                line = trial
        note_lines.append(line)
    w = max_w + 40
    h = 60 + row_h * (len(rows) + 1) + 18 * len(note_lines) + 30
    img = Image.new("RGB", (w, h), PAPER)
    d = ImageDraw.Draw(img)
    d.text((20, 16), title, font=f_title, fill=INK)
    y0, x0 = 56, 20
    d.rectangle([x0, y0, x0 + table_w, y0 + row_h], fill=HEAD)
    x = x0
    for i, c in enumerate(columns):
        d.text((x + widths[i] / 2, y0 + row_h / 2), str(c), font=f_head, fill=(255, 255, 255), anchor="mm")
        x += widths[i]
    for r, row in enumerate(rows):
        y = y0 + row_h * (r + 1)
        if r % 2:
            d.rectangle([x0, y, x0 + table_w, y + row_h], fill=(236, 232, 220))
        x = x0
        for i, cell in enumerate(row):
            d.text((x + widths[i] / 2, y + row_h / 2), str(cell), font=f_head if i == 0 else f_cell, fill=INK, anchor="mm")
            x += widths[i]
    d.rectangle([x0, y0, x0 + table_w, y0 + row_h * (len(rows) + 1)], outline=INK, width=1)
    y = y0 + row_h * (len(rows) + 1) + 12
    for line in note_lines:
        d.text((20, y), line, font=f_note, fill=INK)
        y += 18
    return img


def chart_image(chart: Chart) -> Image.Image:
    notes = list(chart.notes)
    if chart.provenance.approximate:
        notes.append(f"Approximate (authored, not the printed table): {chart.provenance.source}")
    return render_table(chart.name, list(chart.columns), [list(r) for r in chart.rows], notes)


def tec_image(game: Game) -> Image.Image:
    rows = [[t.name, t.move, t.combat] for t in game.map.terrain_types.values()]
    rows += [[h.name, h.move, h.combat] for h in game.map.hexside_types.values()]
    rows += [[r.name, r.move, "-"] for r in game.map.road_types.values()]
    notes = [f"{h.name}: {h.note}" for h in game.map.hexside_types.values() if h.note]
    notes += [f"{t.name}: {', '.join(t.road_only)} units enter only along a road" for t in game.map.terrain_types.values() if t.road_only]
    if game.map.tec_provenance.approximate:
        notes.append(f"Approximate (authored, not the printed TEC): {game.map.tec_provenance.source}")
    return render_table("Terrain Effects Chart (TEC)", ["Terrain", "MP Cost", "Combat Effect"], rows, notes)


def vp_towns_image(game: Game) -> Image.Image:
    towns = [t for t in game.map.towns if t.vp]
    if all(t.vp.hold and not (t.vp.capture or t.vp.occupy) for t in towns):
        rows = [[game.side(t.vp.side).name, f"{t.name} ({t.hex})", str(t.vp.hold)] for t in towns]
        return render_table("Victory Point Hexes", ["Earned by", "Hex", "VP while held"], rows,
                            ["Held: occupied, or last passed through, by the side."])
    rows = [[game.side(t.vp.side).name, f"{t.name} ({t.hex})", str(t.vp.capture), str(t.vp.occupy)] for t in towns]
    return render_table("Victory Point Towns", ["Earned by", "Town (hex)", "Capture", "Occupy / GT"], rows)


def reinforcements_image(game: Game, scenario: Scenario) -> Image.Image:
    rows = []
    for r in sorted(scenario.reinforcements, key=lambda r: (r.turn, game.units[r.unit].side, r.unit)):
        unit = game.units[r.unit]
        where = " or ".join(r.hexes) if r.hexes else ""
        if r.railroad_between:
            rr = f"any contiguous RR line hex between {r.railroad_between[0]} & {r.railroad_between[1]}"
            where = f"{where}; {rr}" if where else rr
        if r.area:
            where = f"{where}; entry area {r.area}" if where else f"entry area {r.area}"
        if r.drop:
            where = f"{where}; drop {r.drop}" if where else f"drop hexes {r.drop}"
        if r.note:
            where += f" ({r.note})"
        rows.append([str(r.turn), game.side(unit.side).name, unit.name, where])
    return render_table(f"Reinforcement Schedule: {scenario.name}", [game.turns.label, "Side", "Unit", "Entry"], rows)
