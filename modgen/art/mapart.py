"""Map art drawn from the hex data: the board image VASSAL shows.

Hexes are drawn at VASSAL's own centres (so the art and the grid agree to the pixel),
terrain by colour and texture, hexside features by their style (water, ridge, bridge,
ferry, boundary), roads by kind and railroads between hex centres, towns with names, VP
towns ringed in red, area labels (drop codes), entry areas in the margin, hex IDs.
"""

from __future__ import annotations

import math
import random

from PIL import Image, ImageDraw

from ..model import Board, Game, MapData
from ..sheets import overlapping
from .canvas import Recording, darken, draw_number, font, hex_rgb

SS = 2  # supersampling
RIVER = (52, 104, 186)
RIDGE = (120, 82, 48)
RAIL = (30, 30, 30)
ROAD = (150, 60, 40)
VP_RED = (205, 30, 30)
SIDE_COLOURS = [(138, 90, 43), (91, 127, 181), (120, 120, 120), (60, 130, 60)]


BACKGROUND = (214, 206, 180)


class MapPainter:
    """Draws one board; coordinates are board pixels, scaled internally for supersampling."""

    def __init__(self, game: Game, board: Board) -> None:
        self.game, self.board, self.map = game, board, game.map
        self.draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))  # ImageDraw works out the shapes ...
        self.recording = Recording(self.draw.draw)  # ... and the recording keeps them (see paint)
        self.draw.draw = self.recording
        self.hexes = [h for h in board.geometry.raw_of]
        self.beyond = overlapping(game.map, board)  # other sheets' hexes reaching into this one at a seam
        self.shown = set(self.hexes) | set(self.beyond)
        self.rng = random.Random(f"{game.id}/{board.name}")  # textures: same data, same pixels

    def p(self, pt: tuple[float, float]) -> tuple[float, float]:
        return pt[0] * SS, pt[1] * SS

    def at(self, hex_id: str) -> tuple[int, int]:
        """A hex centre in this board's pixels, also for a hex of the sheet beyond a seam."""
        if self.map.board_of[hex_id] is self.board:
            return self.board.geometry.centre(hex_id)
        _, x, y = self.map.centre(hex_id)
        return x - self.board.origin[0], y - self.board.origin[1]

    def corners(self, hex_id: str) -> list[tuple[float, float]]:
        owner = self.map.board_of[hex_id].geometry
        (x, y), (ox, oy) = self.at(hex_id), owner.centre(hex_id)
        return [(cx + x - ox, cy + y - oy) for cx, cy in owner.corners(hex_id)]

    def segment(self, a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
        """The hexside a/b in this board's pixels (a seam hexside too)."""
        if self.map.board_of[a] is self.board and self.map.board_of[b] is self.board:
            return self.board.geometry.side_segment(a, b)
        (ax, ay), (bx, by) = self.at(a), self.at(b)
        mx, my, length = (ax + bx) / 2, (ay + by) / 2, math.hypot(bx - ax, by - ay)
        px, py = -(by - ay) / length, (bx - ax) / length
        half = self.board.geometry.spec.hex_size / math.sqrt(3) / 2
        return (mx + px * half, my + py * half), (mx - px * half, my - py * half)

    def runs(self, hexes) -> list[list[str]]:
        """A route's stretches on this image: consecutive hexes shown here."""
        out: list[list[str]] = [[]]
        for h in hexes:
            if h in self.shown:
                out[-1].append(h)
            elif out[-1]:
                out.append([])
        return [r for r in out if r]

    def beyond_seams(self) -> None:
        """The half hexes of the sheets beyond a seam: colour and outline, completed on their own sheet."""
        for h in self.beyond:
            pts = [self.p(c) for c in self.corners(h)]
            self.draw.polygon(pts, fill=hex_rgb(self.map.terrain_types[self.map.terrain[h]].colour))
            self.draw.line(pts + [pts[0]], fill=(95, 90, 75), width=SS)

    def paint(self) -> Image.Image:
        """The board: its layers recorded, then played band by band and reduced (see Recording)."""
        self.layers()
        # Box-average the exact 2x supersample (as the counters do): LANCZOS took more than half a
        # board's drawing time for no difference a player sees at 100% zoom
        geo = self.board.geometry
        return self.recording.play((geo.width * SS, geo.height * SS), BACKGROUND, SS)

    def layers(self) -> None:
        """Everything on the board, bottom to top, drawn with self.draw."""
        self.beyond_seams()
        self.terrain()
        self.areas()
        self.grid_lines()
        self.routes()
        self.hexsides()
        self.supply()
        self.towns()
        self.area_labels()
        self.hex_ids()
        self.frame()
        self.entry_areas()

    def terrain(self) -> None:
        m: MapData = self.map
        for h in self.hexes:
            t = m.terrain_types[m.terrain[h]]
            rgb = hex_rgb(t.colour)
            self.draw.polygon([self.p(c) for c in self.board.geometry.corners(h)], fill=rgb)
            x, y = self.board.geometry.centre(h)
            if t.texture == "trees":  # the texture the TEC declares (map.yaml terrain_types)
                self.trees(x, y, darken(rgb, 0.35))
            elif t.texture == "marsh":
                self.marsh(x, y, darken(rgb, 0.4))
            elif t.texture == "polder":
                self.polder(x, y, darken(rgb, 0.25))

    def polder(self, x: float, y: float, ink) -> None:
        size = self.board.geometry.spec.hex_size
        for k in (-0.22, 0.0, 0.22):
            w = size * (0.3 - abs(k) * 0.5)
            self.draw.line([self.p((x - w, y + k * size)), self.p((x + w, y + k * size))], fill=ink, width=SS)

    def trees(self, x: float, y: float, ink) -> None:
        size = self.board.geometry.spec.hex_size
        for _ in range(9):
            dx, dy = self.rng.uniform(-0.3, 0.3) * size, self.rng.uniform(-0.22, 0.3) * size
            r = size * 0.05
            cx, cy = x + dx, y + dy
            self.draw.ellipse([self.p((cx - r, cy - r)), self.p((cx + r, cy + r))], fill=ink)
            self.draw.line([self.p((cx, cy + r)), self.p((cx, cy + 1.8 * r))], fill=ink, width=SS)

    def marsh(self, x: float, y: float, ink) -> None:
        size = self.board.geometry.spec.hex_size
        for _ in range(7):
            cx, cy = x + self.rng.uniform(-0.3, 0.3) * size, y + self.rng.uniform(-0.2, 0.3) * size
            w = size * 0.08
            self.draw.line([self.p((cx - w, cy)), self.p((cx + w, cy))], fill=ink, width=SS)
            for k in (-0.6, 0, 0.6):
                self.draw.line([self.p((cx + k * w, cy)), self.p((cx + k * w * 1.4, cy - w * 0.9))], fill=ink, width=SS)

    def areas(self) -> None:
        for area in self.map.areas:
            if not area.shade:
                continue
            rgb = hex_rgb(area.shade)
            for h in area.hexes:
                if h in self.shown:
                    base = hex_rgb(self.map.terrain_types[self.map.terrain[h]].colour)
                    mix = tuple(round(a * 0.45 + b * 0.55) for a, b in zip(base, rgb))
                    self.draw.polygon([self.p(c) for c in self.corners(h)], fill=mix)

    def grid_lines(self) -> None:
        for h in self.hexes:
            pts = [self.p(c) for c in self.board.geometry.corners(h)]
            self.draw.line(pts + [pts[0]], fill=(95, 90, 75), width=SS)

    def routes(self) -> None:
        kinds = self.map.road_types
        for road in sorted(self.map.roads, key=lambda r: -(kinds[r.kind].width if r.kind in kinds else 3)):
            kind = kinds.get(road.kind)
            colour, width = (hex_rgb(kind.colour), kind.width) if kind else (ROAD, 3)
            for run in self.runs(road.hexes):
                pts = [self.p(self.at(h)) for h in run]
                if len(pts) > 1 and kind and kind.dashed:
                    self.dashed_path([self.at(h) for h in run], colour, width)
                elif len(pts) > 1:
                    self.draw.line(pts, fill=colour, width=round(width * SS), joint="curve")
        rails = self.map.rail_types  # kinds of railroads (track, gauge): each drawn in its colour and width, widest first
        for rail in sorted(self.map.railroads, key=lambda r: -(rails[r.kind].width if r.kind in rails else 3)):
            kind = rails.get(rail.kind)
            colour, width, tie = (hex_rgb(kind.colour), kind.width, 5 + max(0.0, kind.width - 3)) if kind else (RAIL, 3, 5)
            for pts in ([self.at(h) for h in run] for run in self.runs(rail.hexes)):
                if len(pts) < 2:
                    continue
                if kind and kind.dashed:
                    self.dashed_path(pts, colour, width)
                    continue
                self.draw.line([self.p(q) for q in pts], fill=colour, width=round(width * SS), joint="curve")
                for (ax, ay), (bx, by) in zip(pts, pts[1:]):  # cross-ties
                    length = math.hypot(bx - ax, by - ay)
                    ux, uy = (bx - ax) / length, (by - ay) / length
                    for k in range(1, 8):
                        tx, ty = ax + ux * length * k / 8, ay + uy * length * k / 8
                        self.draw.line([self.p((tx - uy * tie, ty + ux * tie)), self.p((tx + uy * tie, ty - ux * tie))], fill=colour, width=SS)

    def dashed_path(self, pts, colour, width: float) -> None:
        """A polyline drawn in dashes (a narrow-gauge railway, a track)."""
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            for k in range(0, 8, 2):
                a, b = k / 8 + 1 / 16, (k + 1) / 8 + 1 / 16
                self.draw.line([self.p((ax + (bx - ax) * a, ay + (by - ay) * a)), self.p((ax + (bx - ax) * b, ay + (by - ay) * b))],
                               fill=colour, width=round(width * SS))

    def hexsides(self) -> None:
        order = {"water": 0, "ridge": 1, "boundary": 2, "bridge": 3, "ferry": 4}
        types = self.map.hexside_types

        def draw_order(f) -> tuple[int, float]:
            t = types[f.type]
            return order.get(t.style, 5), -(t.width or 0)

        for feature in sorted(self.map.hexside_features, key=draw_order):
            kind = types[feature.type]
            for side in feature.sides:
                a, b = sorted(side)
                if a not in self.shown or b not in self.shown:
                    continue
                (x0, y0), (x1, y1) = self.segment(a, b)
                colour = hex_rgb(kind.colour) if kind.colour else None
                if kind.style == "water":
                    width = kind.width or 6
                    self.draw.line([self.p((x0, y0)), self.p((x1, y1))], fill=colour or RIVER, width=round(width * SS))
                    for pt in ((x0, y0), (x1, y1)):
                        r = width / 2
                        self.draw.ellipse([self.p((pt[0] - r, pt[1] - r)), self.p((pt[0] + r, pt[1] + r))], fill=colour or RIVER)
                elif kind.style == "ridge":
                    self.ridge(x0, y0, x1, y1, a, b)
                elif kind.style == "bridge":
                    self.bridge(x0, y0, x1, y1)
                elif kind.style == "ferry":
                    self.ferry(x0, y0, x1, y1)
                elif kind.style == "boundary":
                    self.dashed(x0, y0, x1, y1, colour or (120, 30, 30), kind.width or 3)
                else:
                    self.draw.line([self.p((x0, y0)), self.p((x1, y1))], fill=colour or (80, 80, 80), width=round((kind.width or 4) * SS))

    def dashed(self, x0, y0, x1, y1, colour, width: float) -> None:
        for k in range(0, 6, 2):
            a, b = k / 6, (k + 1) / 6
            self.draw.line([self.p((x0 + (x1 - x0) * a, y0 + (y1 - y0) * a)), self.p((x0 + (x1 - x0) * b, y0 + (y1 - y0) * b))],
                           fill=colour, width=round(width * SS))

    def ferry(self, x0, y0, x1, y1) -> None:
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        r = 9
        self.draw.ellipse([self.p((mx - r, my - r)), self.p((mx + r, my + r))], fill=(255, 255, 255), outline=(25, 25, 25), width=2 * SS)
        self.draw.text(self.p((mx, my + 0.5)), "F", font=font(12 * SS), fill=(25, 25, 25), anchor="mm")

    def ridge(self, x0, y0, x1, y1, a, b) -> None:
        self.draw.line([self.p((x0, y0)), self.p((x1, y1))], fill=RIDGE, width=4 * SS)
        ax, ay = self.at(a)
        length = math.hypot(x1 - x0, y1 - y0)
        nx, ny = -(y1 - y0) / length, (x1 - x0) / length
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        if (ax - mx) * nx + (ay - my) * ny < 0:
            nx, ny = -nx, -ny
        for k in range(1, 6):  # hachures toward one side
            tx, ty = x0 + (x1 - x0) * k / 6, y0 + (y1 - y0) * k / 6
            self.draw.line([self.p((tx, ty)), self.p((tx + nx * 7, ty + ny * 7))], fill=RIDGE, width=2 * SS)

    def bridge(self, x0, y0, x1, y1) -> None:
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        ux, uy = (x1 - x0), (y1 - y0)
        length = math.hypot(ux, uy)
        ux, uy = ux / length, uy / length
        nx, ny = -uy, ux
        for s in (-1, 1):
            pts = [(mx + s * nx * 5 - ux * 12, my + s * ny * 5 - uy * 12), (mx + s * nx * 5 + ux * 12, my + s * ny * 5 + uy * 12)]
            self.draw.line([self.p(q) for q in pts], fill=(25, 25, 25), width=3 * SS)
        self.draw.polygon(
            [self.p((mx + nx * 4 - ux * 11, my + ny * 4 - uy * 11)), self.p((mx + nx * 4 + ux * 11, my + ny * 4 + uy * 11)),
             self.p((mx - nx * 4 + ux * 11, my - ny * 4 + uy * 11)), self.p((mx - nx * 4 - ux * 11, my - ny * 4 - uy * 11))],
            fill=(235, 225, 200),
        )

    def supply(self) -> None:
        side_index = {s.id: i for i, s in enumerate(self.game.sides)}
        for side, hexes in self.map.supply_sources.items():
            colour = next((hex_rgb(n.colour) for n in self.game.nationalities.values() if n.side == side), SIDE_COLOURS[side_index[side] % 4])
            for h in hexes:
                if h not in self.shown:
                    continue
                x, y = self.edge_point(h, 0.36, turn_degrees=-55)
                r = 10
                self.draw.ellipse([self.p((x - r, y - r)), self.p((x + r, y + r))], fill=(255, 255, 255), outline=colour, width=3 * SS)
                self.draw.text(self.p((x, y + 0.5)), "S", font=font(13 * SS), fill=colour, anchor="mm")

    def edge_point(self, hex_id: str, fraction: float, turn_degrees: float = 0.0) -> tuple[float, float]:
        """A point inside hex_id pushed toward the map edge it lies on, turned to clear town labels."""
        geo = self.board.geometry
        x, y = self.at(hex_id)
        nx = sum(self.at(n)[0] - x for n in self.map.neighbours(hex_id))
        ny = sum(self.at(n)[1] - y for n in self.map.neighbours(hex_id))
        length = math.hypot(nx, ny) or 1.0
        a = math.radians(turn_degrees)
        dx, dy = -nx / length, -ny / length
        dx, dy = dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)
        size = geo.spec.hex_size
        return x + dx * size * fraction, y + dy * size * fraction

    def towns(self) -> None:
        fortresses = {h for a in self.map.areas if a.symbol == "fortress" for h in a.hexes}
        for h in fortresses:
            if h in self.shown:
                self.fortress(*self.at(h))
        for h in sorted({h for a in self.map.areas if a.symbol == "entrenchment" for h in a.hexes}):
            if h in self.shown:
                self.entrenchment(*self.at(h))
        for town in self.map.towns:
            if town.hex not in self.shown:
                continue
            x, y = self.at(town.hex)
            size = self.board.geometry.spec.hex_size
            r = {"city": 9, "town": 6.5, "village": 4.5}.get(town.size, 6)
            if town.vp:
                self.draw.ellipse([self.p((x - size * 0.36, y - size * 0.36)), self.p((x + size * 0.36, y + size * 0.36))], outline=VP_RED, width=4 * SS)
            self.draw.rectangle([self.p((x - r, y - r)), self.p((x + r, y + r))], fill=(40, 40, 40))
            label_y = y + size * 0.22
            f = font(13 * SS)
            w = f.getlength(town.name) / SS
            self.draw.rectangle([self.p((x - w / 2 - 3, label_y - 8)), self.p((x + w / 2 + 3, label_y + 8))], fill=(255, 252, 240))
            self.draw.text(self.p((x, label_y)), town.name, font=f, fill=(20, 20, 20), anchor="mm")
            if town.vp:
                vp = str(town.vp.hold) if town.vp.hold else f"{town.vp.capture}/{town.vp.occupy}"
                f_vp = font(11 * SS)
                vx, vy = x + size * 0.2, y - size * 0.17
                half = f_vp.getlength(vp) / SS / 2 + 3
                self.draw.rectangle([self.p((vx - half, vy - 7)), self.p((vx + half, vy + 7))], fill=(255, 255, 255), outline=VP_RED, width=SS)
                self.draw.text(self.p((vx, vy + 0.5)), vp, font=f_vp, fill=VP_RED, anchor="mm")

    def area_labels(self) -> None:
        """Codes printed in hexes: drop hexes, unknown-unit start hexes."""
        size = self.board.geometry.spec.hex_size
        for area in self.map.areas:
            if not area.label:
                continue
            f = font(round(size * 0.15) * SS)
            for h in area.hexes:
                if h not in self.shown:
                    continue
                x, y = self.at(h)
                x, y = x - size * 0.22, y - size * 0.12
                r = size * 0.13
                self.draw.ellipse([self.p((x - r, y - r)), self.p((x + r, y + r))], fill=(255, 255, 255), outline=(30, 30, 30), width=SS)
                self.draw.text(self.p((x, y + 0.5)), area.label, font=f, fill=(30, 30, 30), anchor="mm")

    def entry_areas(self) -> None:
        """Each entry area as a band in the margin beside its edge hexes, lettered, in its owners' colours."""
        geo = self.board.geometry
        for area in self.map.entry_areas:
            hexes = [h for h in area.hexes if h in self.shown]
            if not hexes:
                continue
            colours = [self.side_colour(o.side) for o in area.owners]
            pts = [self.edge_point(h, 0.62) for h in hexes]
            for i, (x, y) in enumerate(pts):
                colour = colours[i % len(colours)] if len(colours) > 1 else colours[0]
                r = geo.spec.hex_size * 0.16
                self.draw.ellipse([self.p((x - r, y - r)), self.p((x + r, y + r))], fill=colour)
            x, y = pts[len(pts) // 2]
            r = geo.spec.hex_size * 0.2
            self.draw.ellipse([self.p((x - r, y - r)), self.p((x + r, y + r))], fill=(255, 255, 255), outline=colours[0], width=3 * SS)
            self.draw.text(self.p((x, y + 0.5)), area.id, font=font(round(r * 1.2) * SS), fill=(20, 20, 20), anchor="mm")

    def side_colour(self, side: str) -> tuple[int, int, int]:
        index = next(i for i, s in enumerate(self.game.sides) if s.id == side)
        return next((hex_rgb(n.colour) for n in self.game.nationalities.values() if n.side == side), SIDE_COLOURS[index % 4])

    def fortress(self, x: float, y: float) -> None:
        r = self.board.geometry.spec.hex_size * 0.34
        pts = []
        for k in range(10):
            rr = r if k % 2 == 0 else r * 0.62
            ang = math.radians(-90 + 36 * k)
            pts.append(self.p((x + rr * math.cos(ang), y + rr * math.sin(ang))))
        self.draw.polygon(pts, fill=(120, 120, 120), outline=(30, 30, 30), width=2 * SS)

    def entrenchment(self, x: float, y: float) -> None:
        """A printed field fortification: a trench line with teeth toward the enemy, above the hex centre."""
        size = self.board.geometry.spec.hex_size
        w, ty, tooth = size * 0.3, y - size * 0.2, size * 0.09
        ink = (150, 30, 30)
        self.draw.line([self.p((x - w, ty)), self.p((x + w, ty))], fill=ink, width=3 * SS)
        for k in range(4):
            cx = x - w + (k + 0.5) * (2 * w / 4)
            self.draw.polygon([self.p((cx - tooth / 2, ty)), self.p((cx, ty - tooth)), self.p((cx + tooth / 2, ty))], fill=ink)

    def hex_ids(self) -> None:
        size = self.board.geometry.spec.hex_size
        px = round(size * 0.1) * SS
        for h in self.hexes + self.beyond:  # beyond a seam: the part of its ID this sheet shows
            x, y = self.at(h)
            rgb = hex_rgb(self.map.terrain_types[self.map.terrain[h]].colour)
            draw_number(self.draw, self.p((x, y - size * 0.4)), h, px, False, darken(rgb, 0.6))

    def frame(self) -> None:
        geo = self.board.geometry
        if not geo.spec.seams:
            self.draw.rectangle([0, 0, geo.width * SS - 1, geo.height * SS - 1], outline=(60, 55, 45), width=4 * SS)
            return
        w, h, t = geo.width * SS - 1, geo.height * SS - 1, 4 * SS - 1  # no frame along a seam
        edges = {"top": [0, 0, w, t], "bottom": [0, h - t, w, h], "left": [0, 0, t, h], "right": [w - t, 0, w, h]}
        for side, box in edges.items():
            if side not in geo.spec.seams:
                self.draw.rectangle(box, fill=(60, 55, 45))


def render_board(game: Game, board: Board) -> Image.Image:
    return MapPainter(game, board).paint()

