"""Where things go on the off-map "Tracks" board: turn track, VP track, reinforcements, entry areas, eliminated units.

One layout feeds the board art, the named zones VASSAL uses for location names, the
setup save (reinforcements wait in the box of their GT) and the Eliminate command, so
the four can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .conventions import eliminated_box_name, entry_box_name, vp_box_name
from .model import Game, Scenario

PITCH = 78  # one counter slot
PAD = 14
LABEL = 24
MAX_COLS = 6
LABEL_EXTRA = 8  # space below the last row of counter slots
CAPTION = 14  # a box's second text line (turn name, entry-area owners)
WRAP = 1900  # boxes flow left to right and wrap past this width
VP_BOXES = 60


@dataclass(frozen=True)
class Box:
    name: str  # the zone name VASSAL reports as the location
    kind: str  # turn | vp | reinforcements | entry | eliminated
    x: int
    y: int
    w: int
    h: int
    cols: int
    side: str | None = None
    turn: int | None = None
    caption: str = ""  # a second line: the turn's name, the entry area's owners
    dark: bool = False  # a night turn
    area: str | None = None  # entry area id

    def slot(self, i: int) -> tuple[int, int]:
        """Centre of the i-th counter slot, row by row; a box smaller than one slot holds it at its centre."""
        if self.h < LABEL + PITCH or self.w < PITCH + PAD:
            return self.x + self.w // 2, self.y + self.h // 2
        col, row = i % self.cols, i // self.cols
        top = LABEL + (CAPTION if self.caption else 0)
        return self.x + PAD // 2 + PITCH // 2 + col * PITCH, self.y + top + PITCH // 2 + row * PITCH

    def path(self) -> str:
        """Zone polygon in VASSAL's `x1,y1;x2,y2;...` form."""
        x0, y0, x1, y1 = self.x, self.y, self.x + self.w, self.y + self.h
        return f"{x0},{y0};{x1},{y0};{x1},{y1};{x0},{y1}"


@dataclass
class TracksLayout:
    width: int
    height: int
    boxes: list[Box] = field(default_factory=list)
    headings: list[tuple[int, int, str]] = field(default_factory=list)

    def box(self, name: str) -> Box:
        return next(b for b in self.boxes if b.name == name)

    def turn_box(self, turn: int) -> Box:
        return next(b for b in self.boxes if b.kind == "turn" and b.turn == turn)

    def vp_box(self, vp: int) -> Box:
        return self.box(vp_box_name(vp))

    def reinforcement_box(self, side: str, turn: int) -> Box:
        return next(b for b in self.boxes if b.kind == "reinforcements" and b.side == side and b.turn == turn)

    def entry_box(self, area: str) -> Box:
        return next(b for b in self.boxes if b.kind == "entry" and b.area == area)

    def eliminated_box(self, side: str) -> Box:
        return next(b for b in self.boxes if b.kind == "eliminated" and b.side == side)




def side_short(game: Game, side: str) -> str:
    return game.side(side).name


def _flow(layout: TracksLayout, margin: int, y: int, specs: list) -> tuple[int, int]:
    """Lay boxes left to right, wrapping past WRAP px. Each spec: (counters to hold, extra height,
    box factory(x, y, w, h, cols)). Returns the y below the boxes and their right edge."""
    x, row_h, right = margin, 0, 0
    for n, extra, make in specs:
        cols = min(MAX_COLS, max(n, 2))
        rows = -(-n // cols)
        w, h = cols * PITCH + PAD, rows * PITCH + LABEL + extra
        if x + w > margin + WRAP and x > margin:
            x, y = margin, y + row_h + 12
            row_h = 0
        layout.boxes.append(make(x, y, w, h, cols))
        x += w + 12
        row_h = max(row_h, h)
        right = max(right, x)
    return y + row_h + 24, right


def tracks_layout(game: Game, scenarios: list[Scenario]) -> TracksLayout:
    """Boxes for every scenario's reinforcements (a box holds the most any scenario needs)."""
    margin = 30
    layout = TracksLayout(0, 0)
    y = margin

    # turn track: one row of boxes
    layout.headings.append((margin, y, f"{game.turns.label} Track"))
    y += 30
    box_w = PITCH + PAD
    turn_h = PITCH + LABEL + 6 + (CAPTION if game.turns.names else 0)
    for t in range(1, game.turns.count + 1):
        layout.boxes.append(Box(f"{game.turns.label} {t}", "turn", margin + (t - 1) * box_w, y, box_w, turn_h, 1,
                                turn=t, caption=game.turns.name_of(t), dark=game.turns.is_night(t)))
    row_width = margin + game.turns.count * box_w
    y += turn_h + 24

    # VP track: 0..59, ten to a row
    layout.headings.append((margin, y, "Victory Point Track"))
    y += 30
    vp_w, vp_h = 70, 54
    for v in range(VP_BOXES):
        layout.boxes.append(Box(vp_box_name(v), "vp", margin + (v % 10) * vp_w, y + (v // 10) * vp_h, vp_w, vp_h, 1))
    row_width = max(row_width, margin + 10 * vp_w)
    y += (VP_BOXES // 10) * vp_h + 24

    # reinforcements: per side, one box per GT with arrivals
    for side in game.sides:
        by_turn: dict[int, int] = {}
        for scenario in scenarios:
            counts: dict[int, int] = {}
            for r in scenario.reinforcements:
                if game.units[r.unit].side == side.id:
                    counts[r.turn] = counts.get(r.turn, 0) + 1
            for turn, n in counts.items():
                by_turn[turn] = max(by_turn.get(turn, 0), n)
        if not by_turn:
            continue
        layout.headings.append((margin, y, f"{side.name} reinforcements"))
        y += 30
        y, right = _flow(layout, margin, y, [
            (by_turn[turn], LABEL_EXTRA, lambda x, y, w, h, cols, turn=turn, side=side:
             Box(f"{side.name} {game.turns.label} {turn}", "reinforcements", x, y, w, h, cols, side.id, turn))
            for turn in sorted(by_turn)
        ])
        row_width = max(row_width, right)

    # entry areas: one box each, big enough for the units any scenario sets up there
    if game.map.entry_areas:
        layout.headings.append((margin, y, "Entry areas"))
        y += 30
        specs = []
        for area in game.map.entry_areas:
            n = max([sum(1 for p in sc.setup if p.area == area.id) for sc in scenarios] + [1])
            owners = ", ".join(f"{side_short(game, o.side)} {o.first}" + (f"-{o.last}" if o.last else "+") for o in area.owners)
            specs.append((n, LABEL_EXTRA + CAPTION, lambda x, y, w, h, cols, area=area, owners=owners:
                          Box(entry_box_name(area.id), "entry", x, y, w, h, cols, area.owners[0].side, caption=owners, area=area.id)))
        y, right = _flow(layout, margin, y, specs)
        row_width = max(row_width, right)

    # eliminated units: one box per side
    layout.headings.append((margin, y, "Eliminated units"))
    y += 30
    x = margin
    for side in game.sides:
        cols, rows = 8, 4
        w, h = cols * PITCH + PAD, rows * PITCH + LABEL + 8
        layout.boxes.append(Box(eliminated_box_name(side.name), "eliminated", x, y, w, h, cols, side.id))
        x += w + 12
    row_width = max(row_width, x)
    y += 4 * PITCH + LABEL + 8
    layout.width = row_width + margin
    layout.height = y + margin
    return layout
