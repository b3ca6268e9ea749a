"""Where things go in the off-map display windows: every box of every part, in window pixels.

One layout feeds the window art, the named zones VASSAL uses for location names, the setup
save (reinforcements wait in the box of their turn, markers start in their boxes), the
Eliminate command and the save reader, so none of them can disagree. The windows and their
parts are the game's declaration (modgen.displays); each part is laid out below the last.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .conventions import eliminated_box_name, entry_box_name, vp_box_name
from .displays import Display, DisplayPart
from .model import Game, Scenario

SLOT_GAP = 6  # between two counters in a box: a slot is the game's counter size plus this
PAD = 14
LABEL = 24
MAX_COLS = 6
LABEL_EXTRA = 8  # space below the last row of counter slots
CAPTION = 14  # a box's second text line (turn name, entry-area owners)
WRAP = 1900  # boxes flow left to right and wrap past this width
MARGIN = 30
HEADING = 30  # a part's heading line
GAP = 24  # between parts
ROW_LABEL_W = 150  # a grid's row labels


@dataclass(frozen=True)
class Box:
    name: str  # the zone name VASSAL reports as the location
    kind: str  # turn | vp | reinforcements | entry | eliminated | track | box | grid
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
    window: str = ""  # the display window (VASSAL map) holding the box
    part: str = ""  # declared parts: the part id
    label: str = ""  # declared parts: the box's label (a grid's: "row/column")
    text: str = ""  # what the box prints, when not its name
    pitch: int = 78  # one counter slot: the game's counter size and SLOT_GAP (pitch_of)

    def slot(self, i: int) -> tuple[int, int]:
        """Centre of the i-th counter slot, row by row; a box smaller than one slot holds it at its centre."""
        pitch = self.pitch
        if self.h < LABEL + pitch or self.w < pitch + PAD:
            return self.x + self.w // 2, self.y + self.h // 2
        col, row = i % self.cols, i // self.cols
        top = LABEL + (CAPTION if self.caption else 0)
        return self.x + PAD // 2 + pitch // 2 + col * pitch, self.y + top + pitch // 2 + row * pitch

    def path(self) -> str:
        """Zone polygon in VASSAL's `x1,y1;x2,y2;...` form."""
        x0, y0, x1, y1 = self.x, self.y, self.x + self.w, self.y + self.h
        return f"{x0},{y0};{x1},{y0};{x1},{y1};{x0},{y1}"


@dataclass
class WindowLayout:
    """One display window: its declaration, size, headings and boxes."""

    display: Display
    width: int
    height: int
    boxes: list[Box] = field(default_factory=list)
    headings: list[tuple[int, int, str]] = field(default_factory=list)
    labels: list[tuple[int, int, str]] = field(default_factory=list)  # free text (a grid's row labels)

    @property
    def name(self) -> str:
        return self.display.name


@dataclass
class TracksLayout:
    """Every display window; the box lookups search them all."""

    windows: list[WindowLayout]

    @property
    def boxes(self) -> list[Box]:
        return [b for w in self.windows for b in w.boxes]

    def window(self, name: str) -> WindowLayout:
        return next(w for w in self.windows if w.name == name)

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

    def part_box(self, part: str, label: str) -> Box:
        return next(b for b in self.boxes if b.part == part and b.label == label)


def side_short(game: Game, side: str) -> str:
    return game.side(side).name


def part_box_name(part: DisplayPart, *labels: str) -> str:
    """A declared part's box: its title (or id) and its label(s), e.g. `Supply Germany 12`."""
    return " ".join([part.title or part.id, *labels])


def pitch_of(game: Game) -> int:
    """One counter slot of a box: the counter and a gap, so counters in a box never overlap."""
    return game.counter_size + SLOT_GAP


def _flow(game: Game, window: WindowLayout, y: int, specs: list) -> tuple[int, int]:
    """Lay boxes left to right, wrapping past WRAP px. Each spec: (counters to hold, extra height,
    box factory(x, y, w, h, cols)). Returns the y below the boxes and their right edge."""
    x, row_h, right, pitch = MARGIN, 0, 0, pitch_of(game)
    for n, extra, make in specs:
        cols = min(MAX_COLS, max(n, 2))
        rows = -(-n // cols)
        w, h = cols * pitch + PAD, rows * pitch + LABEL + extra
        if x + w > MARGIN + WRAP and x > MARGIN:
            x, y = MARGIN, y + row_h + 12
            row_h = 0
        window.boxes.append(make(x, y, w, h, cols))
        x += w + 12
        row_h = max(row_h, h)
        right = max(right, x)
    return y + row_h + GAP, right


def tracks_layout(game: Game, scenarios: list[Scenario]) -> TracksLayout:
    """Every window of the game's displays (reinforcement boxes hold the most any scenario needs)."""
    windows = []
    for display in game.displays:
        window = WindowLayout(display, 0, 0)
        y, width = MARGIN, 0
        for part in display.parts:
            y, right = PARTS[part.kind](game, scenarios, window, part, y)
            width = max(width, right)
        window.width, window.height = width + MARGIN, (y - GAP if display.parts else y) + MARGIN
        window.boxes = [replace(b, window=display.name, pitch=pitch_of(game)) for b in window.boxes]
        windows.append(window)
    return TracksLayout(windows)


def _turn_track(game: Game, scenarios: list[Scenario], window: WindowLayout, part: DisplayPart, y: int) -> tuple[int, int]:
    """One row of boxes, a box per turn, night turns dark."""
    pitch = pitch_of(game)
    window.headings.append((MARGIN, y, part.title or f"{game.turns.label} Track"))
    y += HEADING
    box_w = pitch + PAD
    turn_h = pitch + LABEL + 6 + (CAPTION if game.turns.names else 0)
    for t in range(1, game.turns.count + 1):
        window.boxes.append(Box(f"{game.turns.label} {t}", "turn", MARGIN + (t - 1) * box_w, y, box_w, turn_h, 1,
                                turn=t, caption=game.turns.name_of(t), dark=game.turns.is_night(t)))
    return y + turn_h + GAP, MARGIN + game.turns.count * box_w


def _vp_track(game: Game, scenarios: list[Scenario], window: WindowLayout, part: DisplayPart, y: int) -> tuple[int, int]:
    """Boxes first..last, ten to a row (a tug-of-war track starts below zero)."""
    window.headings.append((MARGIN, y, part.title or "Victory Point Track"))
    y += HEADING
    vp_w = vp_h = max(70, pitch_of(game))  # a marker in a box covers no neighbour's number
    per_row = part.per_row
    count = part.last - part.first + 1
    for i, v in enumerate(range(part.first, part.last + 1)):
        window.boxes.append(Box(vp_box_name(v), "vp", MARGIN + (i % per_row) * vp_w, y + (i // per_row) * vp_h, vp_w, vp_h, 1,
                                text=str(v)))
    return y + (-(-count // per_row)) * vp_h + GAP, MARGIN + per_row * vp_w


def _reinforcements(game: Game, scenarios: list[Scenario], window: WindowLayout, part: DisplayPart, y: int) -> tuple[int, int]:
    """Per side, one box per turn with arrivals."""
    width = 0
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
        window.headings.append((MARGIN, y, f"{side.name} reinforcements"))
        y += HEADING
        y, right = _flow(game, window, y, [
            (by_turn[turn], LABEL_EXTRA, lambda x, y, w, h, cols, turn=turn, side=side:
             Box(f"{side.name} {game.turns.label} {turn}", "reinforcements", x, y, w, h, cols, side.id, turn))
            for turn in sorted(by_turn)
        ])
        width = max(width, right)
    return y, width


def _entry_areas(game: Game, scenarios: list[Scenario], window: WindowLayout, part: DisplayPart, y: int) -> tuple[int, int]:
    """One box per entry area, big enough for the units any scenario sets up there."""
    if not game.map.entry_areas:
        return y, 0
    window.headings.append((MARGIN, y, part.title or "Entry areas"))
    y += HEADING
    specs = []
    for area in game.map.entry_areas:
        n = max([sum(1 for p in sc.setup if p.area == area.id) for sc in scenarios] + [1])
        owners = ", ".join(f"{side_short(game, o.side)} {o.first}" + (f"-{o.last}" if o.last else "+") for o in area.owners)
        specs.append((n, LABEL_EXTRA + CAPTION, lambda x, y, w, h, cols, area=area, owners=owners:
                      Box(entry_box_name(area.id), "entry", x, y, w, h, cols, area.owners[0].side, caption=owners, area=area.id)))
    return _flow(game, window, y, specs)


def _eliminated(game: Game, scenarios: list[Scenario], window: WindowLayout, part: DisplayPart, y: int) -> tuple[int, int]:
    """One box per side."""
    pitch = pitch_of(game)
    window.headings.append((MARGIN, y, part.title or "Eliminated units"))
    y += HEADING
    x = MARGIN
    cols, rows = 8, 4
    w, h = cols * pitch + PAD, rows * pitch + LABEL + 8
    for side in game.sides:
        window.boxes.append(Box(eliminated_box_name(side.name), "eliminated", x, y, w, h, cols, side.id))
        x += w + 12
    return y + h + GAP, x


def _track(game: Game, scenarios: list[Scenario], window: WindowLayout, part: DisplayPart, y: int) -> tuple[int, int]:
    """A box per label, per_row to a row; each holds `slots` counters."""
    pitch = pitch_of(game)
    window.headings.append((MARGIN, y, part.title or part.id))
    y += HEADING
    cols = max(1, min(MAX_COLS, part.slots))
    w, h = cols * pitch + PAD, -(-part.slots // cols) * pitch + LABEL + 6
    for i, label in enumerate(part.labels):
        window.boxes.append(Box(part_box_name(part, label), "track", MARGIN + (i % part.per_row) * w, y + (i // part.per_row) * h,
                                w, h, cols, part.side, part=part.id, label=label, text=label))
    rows = -(-len(part.labels) // part.per_row)
    return y + rows * h + GAP, MARGIN + min(len(part.labels), part.per_row) * w


def _boxes(game: Game, scenarios: list[Scenario], window: WindowLayout, part: DisplayPart, y: int) -> tuple[int, int]:
    """A named box per label, flowing left to right."""
    window.headings.append((MARGIN, y, part.title or part.id))
    y += HEADING
    return _flow(game, window, y, [
        (part.slots, LABEL_EXTRA, lambda x, y, w, h, cols, label=label:
         Box(part_box_name(part, label), "box", x, y, w, h, cols, part.side, part=part.id, label=label, text=label))
        for label in part.labels
    ])


def _grid(game: Game, scenarios: list[Scenario], window: WindowLayout, part: DisplayPart, y: int) -> tuple[int, int]:
    """Rows by columns of boxes, the column labels above, the row labels at the left."""
    pitch = pitch_of(game)
    window.headings.append((MARGIN, y, part.title or part.id))
    y += HEADING
    cols = max(1, min(MAX_COLS, part.slots))
    w, h = cols * pitch + PAD, -(-part.slots // cols) * pitch + LABEL + 6
    x0 = MARGIN + ROW_LABEL_W
    for j, column in enumerate(part.labels):
        window.labels.append((x0 + j * w + 6, y, column))
    y += 22
    for i, row in enumerate(part.rows):
        window.labels.append((MARGIN, y + i * h + h // 2 - 8, row))
        for j, column in enumerate(part.labels):
            window.boxes.append(Box(part_box_name(part, row, column), "grid", x0 + j * w, y + i * h, w, h, cols, part.side,
                                    part=part.id, label=f"{row}/{column}", text=column))
    return y + len(part.rows) * h + GAP, x0 + len(part.labels) * w


PARTS = {"turn_track": _turn_track, "vp_track": _vp_track, "reinforcements": _reinforcements, "entry_areas": _entry_areas,
         "eliminated": _eliminated, "track": _track, "boxes": _boxes, "grid": _grid}
