"""Save (+ module) -> GameState: which module, which pieces, which hex, which turn.

The module is chosen by the save's own moduledata (name and version); a save of another
module or version is refused rather than guessed. Pixels become hexes with the module's
grid (VASSAL's formulas, modgen.vassal.module.map_location), so the checker names the
hex VASSAL shows. Pieces are identified by gpid, which modgen derives from identity.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Optional, Sequence

from ..errors import ModgenError, SaveError
from ..gamefile import read_game_description
from ..sheets import in_play as sheets_in_play
from ..model import Game, Scenario
from ..vassal.archive import Archive
from ..vassal.module import ModuleInfo, board_point, map_location, read_module
from ..vassal.pieces import Piece
from ..vassal.position import PieceRecord
from ..vassal.savefile import SavedGame, read_game
from ..vassal.sequence import decode, java_parse_int
from ..conventions import (
    FACE_LAYER, FINDING_KIND, LAYER_NAME_FIELD, MAIN_MAP, SCENARIO_PROPERTY, STEP_LAYER, VP_BOX, eliminated_box_name,
    entry_box_name,
)
from ..gamestate import OFF_GRID, TWICE, GameState, MarkerState, PieceProblem, UnitState
from ..layout import tracks_layout
from ..unitstates import state_layer_name



@dataclass
class Context:
    """A module with the game data it was built from, and gpid -> (kind, item id)."""

    module: ModuleInfo
    game: Game
    pieces: dict[str, tuple[str, str]]
    eliminated_boxes: dict[str, str]  # box name -> side id
    hex_names: frozenset[str]
    entry_boxes: dict[str, str]  # box name -> entry area id
    part_boxes: dict[str, tuple[str, str]]  # box name -> (part id, label) of the game's declared display parts


# --------------------------------------------------------------------------- modules


def module_identity(path: Path) -> tuple[str, str]:
    """(name, version) from a .vmod's moduledata, without parsing the buildFile."""
    from ..vassal.savefile import parse_xml

    with Archive(str(path)) as arc:
        if not arc.has("moduledata"):
            return "", ""
        root = parse_xml(arc.read("moduledata", 1024 * 1024), arc.where("moduledata"))
    data = {c.tag: (c.text or "").strip() for c in root if isinstance(c.tag, str) and not c.get("lang")}
    return data.get("name", ""), data.get("version", "")


def find_module(saved: SavedGame, folders: Sequence[Path]) -> Path:
    """The first .vmod in folders whose name and version equal the save's; else a SaveError naming both."""
    if not saved.module_name:
        raise SaveError(saved.path, "the save names no module (no moduledata entry); pass --module")
    found: list[str] = []
    for folder in folders:
        for vmod in sorted(folder.glob("*.vmod")):
            try:
                name, version = module_identity(vmod)
            except ModgenError:
                continue
            if (name, version) == (saved.module_name, saved.module_version):
                return vmod
            if name == saved.module_name:
                found.append(f"version {version} ({vmod})")
    where = ", ".join(str(f) for f in folders) or "no folder"
    have = f"only {'; '.join(found)}" if found else f"no module of that name in {where}"
    raise SaveError(saved.path, f"save of module {saved.module_name!r} version {saved.module_version}, "
                                f"but there is {have}; pass --module or --modules DIR")


@lru_cache(maxsize=8)
def _context(module_path: str, mtime: float) -> Context:
    module = read_module(module_path)
    game = read_game_description(module_path, module.name, module.version)
    if (game.title, game.version) != (module.name, module.version):
        raise SaveError(module_path, f"module {module.name!r} {module.version} carries the game description of "
                                     f"{game.title!r} {game.version}: the module was altered after modgen built it")
    pieces = {game.gpid("unit", u): ("unit", u) for u in game.units}
    pieces.update({game.gpid("marker", m): ("marker", m) for m in game.markers})
    pieces[game.gpid(FINDING_KIND, FINDING_KIND)] = (FINDING_KIND, FINDING_KIND)  # an annotated save's: not the game's
    elim = {eliminated_box_name(s.name): s.id for s in game.sides}
    entry = {entry_box_name(a.id): a.id for a in game.map.entry_areas}
    parts = {b.name: (b.part, b.label) for b in tracks_layout(game, list(game.scenarios.values())).boxes if b.part}
    return Context(module, game, pieces, elim, frozenset(game.map.hex_ids()), entry, parts)


def load_context(module_path: Path) -> Context:
    """The module and the game description it carries (cached while the file is unchanged)."""
    p = Path(module_path)
    try:
        mtime = p.stat().st_mtime
    except OSError:
        raise SaveError(str(p), "module not found") from None
    return _context(str(p.resolve()), mtime)


# --------------------------------------------------------------------------- pieces


def layer_level(piece: Piece, layer_name: str) -> int:
    """Current level (1-based) of the named Layer trait; 1 if the piece has none."""
    return layer_levels(piece).get(layer_name, 1)


def layer_levels(piece: Piece) -> dict[str, int]:
    """Current level (1-based) of each named Layer trait of the piece (the first of a name)."""
    out: dict[str, int] = {}
    for t in piece.find("emb2;"):
        f = t.fields
        if len(f) > LAYER_NAME_FIELD and f[LAYER_NAME_FIELD] not in out:
            out[f[LAYER_NAME_FIELD]] = _level(t.state)
    return out


def _level(state: str) -> int:
    """A Layer's state as its level: 1 for none or an unreadable one."""
    try:
        return abs(java_parse_int(state or "1")) or 1
    except ValueError:
        return 1


def is_masked(piece: Piece) -> bool:
    """Mask state `null;` is unmasked; `<Side>;…` masked by that side."""
    for t in piece.find("obs;"):
        owner = t.state_fields[0] if t.state_fields else "null"
        if owner not in ("", "null"):
            return True
    return False


def _describe(rec: PieceRecord) -> str:
    name = rec.basic_name or "(unnamed)"
    return f"piece {rec.id} {name!r}"


# --------------------------------------------------------------------------- state


def read_state(save_path: str | Path, module: Optional[Path] = None, module_dirs: Sequence[Path] = ()) -> GameState:
    """Read one save into a GameState (SaveError for anything unreadable or foreign); the module
    is `module`, or the one in module_dirs (in order) whose name and version are the save's.

    The game comes from the module alone (its modgen/game.json): no data tree is needed.
    """
    saved = read_game(save_path)
    if not saved.text.startswith("begin_save"):
        head = saved.text[:20].encode("unicode_escape").decode("ascii")
        raise SaveError(saved.path, f"savedGame does not start with begin_save (starts {head!r}): not a VASSAL save")
    module_path = Path(module) if module is not None else find_module(saved, module_dirs)
    ctx = load_context(module_path)
    if saved.module_name and (saved.module_name, saved.module_version) != (ctx.module.name, ctx.module.version):
        raise SaveError(saved.path, f"save of module {saved.module_name!r} version {saved.module_version}, "
                                    f"not of {ctx.module.name!r} version {ctx.module.version} ({module_path})")
    return state_from_save(saved, ctx)


def in_play(saved: SavedGame, game: Game) -> Game:
    """The game on the sheets the save lays out on its main map (a scenario may leave sheets out):
    the rules then see only those hexes."""
    picks = saved.boards.get(MAIN_MAP)
    m = sheets_in_play(game.map, [p.board for p in picks]) if picks else game.map
    return game if m is game.map else replace(game, map=m)


def state_from_save(saved: SavedGame, ctx: Context) -> GameState:
    game, module = in_play(saved, ctx.game), ctx.module
    map_names = {m.name for m in module.maps}
    display_zones = {z.name for m in module.maps if m.name != MAIN_MAP for b in m.boards for z in b.zones}  # off-map boxes
    main_boxes = {z.name for m in module.maps if m.name == MAIN_MAP for b in m.boards for z in b.zones
                  if not z.use_parent_grid} - ctx.hex_names  # a zone naming its points by the grid holds hexes
    where_cache: dict[tuple[str, int, int], Optional[str]] = {}
    problems: list[PieceProblem] = []

    def locate(rec: PieceRecord, item: str) -> tuple[Optional[str], Optional[str]]:
        """(hex, box) of a piece. A main-map piece off the printed hexes (and off any box the map
        has there by design) is on no hex: a problem the checker reports, the rest is read on."""
        if rec.map is None:
            return None, None
        if rec.map not in map_names:
            raise SaveError(saved.path, f"{_describe(rec)} is on map {rec.map!r}, which the module does not have")
        key = (rec.map, rec.x, rec.y)
        if key not in where_cache:
            where_cache[key] = map_location(module, rec.map, rec.x, rec.y, saved.boards.get(rec.map))
        name = where_cache[key]
        if rec.map == MAIN_MAP:
            if name in ctx.hex_names:
                return name, None
            if name in main_boxes:
                return None, name
            problems.append(PieceProblem(OFF_GRID, item, (), f"{_describe(rec)} at {rec.map} ({rec.x},{rec.y}) is off "
                                                             f"the map's hexes (VASSAL names the point {name!r})"))
            return None, None
        return None, (name if name in display_zones else None)

    def place(hex_id: Optional[str], box: Optional[str], rec: PieceRecord) -> str:
        return hex_id or box or (f"{rec.map} ({rec.x},{rec.y})" if rec.map else "no map")

    units: list[UnitState] = []
    markers: list[MarkerState] = []
    seen_units: dict[str, UnitState] = {}
    for order, rec in enumerate(saved.pieces):
        ident = ctx.pieces.get(rec.gpid)
        if ident is None:
            raise SaveError(saved.path, f"{_describe(rec)} has gpid {rec.gpid!r}, which is no piece of "
                                        f"{game.title} {game.version}")
        kind, item = ident
        if kind == FINDING_KIND:  # `modgen check --annotate` drew it: a checked save reads as the original
            continue
        hex_id, box = locate(rec, item)
        if kind == "unit":
            first = seen_units.get(item)
            if first is not None:  # the first piece (drawn first) stands for the unit; the second is reported
                places = (place(first.hex, first.box, rec), place(hex_id, box, rec))
                problems.append(PieceProblem(TWICE, item, tuple(h for h in (first.hex, hex_id) if h),
                                             f"unit {item} is in the save twice: in {places[0]} and in {places[1]}"))
                continue
            units.append(UnitState(game.units[item], rec.id, rec.map, hex_id, box,
                                   layer_level(rec.piece, STEP_LAYER) == 2, is_masked(rec.piece),
                                   rec.stack, rec.stack_pos, order, area=ctx.entry_boxes.get(box or ""),
                                   part=ctx.part_boxes.get(box or "")))
            seen_units[item] = units[-1]
            markers += state_layers(game, rec, units[-1])
        else:
            side = _hexside_at(ctx, saved, rec, hex_id) if hex_id else None
            markers.append(MarkerState(game.markers[item], rec.id, rec.map, hex_id, box,
                                       layer_level(rec.piece, FACE_LAYER) == 2, is_masked(rec.piece),
                                       rec.stack, rec.stack_pos, order, hexside=side, area=ctx.entry_boxes.get(box or ""),
                                       part=ctx.part_boxes.get(box or "")))
    _attach_markers(units, markers)

    eliminated = [u.unit.id for u in units if u.box in ctx.eliminated_boxes]
    off_map = {u.unit.id: (u.box or u.map or "not on any map") for u in units
               if u.hex is None and u.box not in ctx.eliminated_boxes and u.area is None}
    missing = sorted(set(game.units) - set(seen_units))
    gt, side, phase, index = turn_of(saved, ctx)
    vp_props = _vp_properties(saved, game)
    vp_track = _vp_track(markers)
    recorded = {s.id: vp_track.get(s.id, vp_props.get(s.id, 0)) for s in game.sides}
    scenario, scenario_recorded = scenario_of(saved, game)
    return GameState(game, module, saved.path, gt, side, phase, index, units, markers, recorded, vp_props,
                     vp_track, eliminated, off_map, missing, scenario, scenario_recorded, problems)


def scenario_of(saved: SavedGame, game: Game) -> tuple[Optional[Scenario], str]:
    """The scenario the save records in the module's Scenario property (its id, or its name as the
    New Game menu shows it), and the value recorded. A save recording none (an old save, a game
    begun without a predefined setup) is of the game's only scenario, if it has one; else unknown."""
    prop = saved.global_properties.get(SCENARIO_PROPERTY)
    recorded = prop.value.strip() if prop is not None else ""
    if recorded:
        found = game.scenarios.get(recorded) or next((s for s in game.scenarios.values() if s.name == recorded), None)
        return found, recorded
    only = list(game.scenarios.values())
    return (only[0] if len(only) == 1 else None), ""


HEXSIDE_REACH = 0.3  # a marker this far from its hex centre (in hex sizes) sits on a hexside


def _hexside_at(ctx: Context, saved: SavedGame, rec: PieceRecord, hex_id: str) -> Optional[frozenset[str]]:
    """The hexside a main-map marker sits on: the nearest hexside midpoint, if it is off the centre."""
    found = board_point(ctx.module, rec.map, rec.x, rec.y, saved.boards.get(rec.map))
    m = ctx.game.map
    under = next((b for b in m.boards if found is not None and b.name == found[0].name), None)
    if under is None:
        return None
    # in pixels of the whole map (a save may leave sheets out; the hexside may lie on a seam)
    x, y = found[1] + under.origin[0], found[2] + under.origin[1]
    _, cx, cy = m.centre(hex_id)
    size = m.board_of[hex_id].geometry.spec.hex_size
    if (x - cx) ** 2 + (y - cy) ** 2 < (HEXSIDE_REACH * size) ** 2:
        return None

    def gap(n: str) -> float:
        _, nx, ny = m.centre(n)
        return (x - (cx + nx) / 2) ** 2 + (y - (cy + ny) / 2) ** 2

    return frozenset((hex_id, min(m.neighbours(hex_id), key=gap)))


def state_layers(game: Game, rec: PieceRecord, unit: UnitState) -> list[MarkerState]:
    """The unit states a unit's layers show (markers.yaml `on_unit`), each read as that marker on that
    unit, where the unit is: the rules then judge a layer as they judge the marker counter
    (level 2 the marker's front, 3 its back; an old save without the layer shows none). Attached to
    the unit here, so _attach_markers never gives them to another."""
    out: list[MarkerState] = []
    levels = layer_levels(rec.piece)  # one pass over the piece's layers for every marker
    for marker in game.markers.values():
        if marker.on_unit is None:
            continue
        level = levels.get(state_layer_name(marker.id), 1)
        if level < 2 or (level > 2 and marker.back is None):
            continue
        out.append(MarkerState(marker, rec.id, rec.map, unit.hex, unit.box, level == 3, unit.masked, None, None,
                               unit.order, unit=unit.unit.id, area=unit.area, part=unit.part, layer=True))
        unit.markers.append(out[-1])
    return out


def _attach_markers(units: list[UnitState], markers: list[MarkerState]) -> None:
    """A marker belongs to the unit just above it in its stack (2.3: markers go under the unit),
    or, if no unit is above it, to the nearest unit below."""
    by_stack: dict[str, list[UnitState | MarkerState]] = {}
    for item in [*units, *markers]:
        if item.stack is not None:
            by_stack.setdefault(item.stack, []).append(item)
    for items in by_stack.values():
        items.sort(key=lambda i: i.stack_pos if i.stack_pos is not None else 0)
        for i, item in enumerate(items):
            if not isinstance(item, MarkerState):
                continue
            above = next((u for u in items[i + 1:] if isinstance(u, UnitState)), None)
            below = next((u for u in reversed(items[:i]) if isinstance(u, UnitState)), None)
            owner = above or below
            if owner is not None:
                item.unit = owner.unit.id
                owner.markers.append(item)


def turn_of(saved: SavedGame, ctx: Context) -> tuple[Optional[int], Optional[str], Optional[str], tuple[int, int, int]]:
    """GT, phasing side id, phase name from the module's first turn tracker.

    Levels are GT (counter) > Player Turn (list of side names) > Phase (list); a save
    without tracker state is at the tracker's start, as VASSAL would show it.
    """
    game = ctx.game
    tracker = ctx.module.turn_trackers[0] if ctx.module.turn_trackers else None
    if tracker is None or not tracker.levels:
        return None, None, None, (0, 0, 0)
    gt_level = tracker.levels[0]
    start = int(gt_level.attributes.get("start", "1") or 1)
    state = saved.turns.get(tracker.id)
    values = state.active_values() if state is not None else []
    gt = values[0] if values else start
    players = gt_level.children[0] if gt_level.children else None
    names = decode(players.attributes.get("list", "") if players else "", ",")
    pidx = values[1] if len(values) > 1 else 0
    side = None
    if 0 <= pidx < len(names):
        side = next((s.id for s in game.sides if s.name == names[pidx]), None)
    phases = players.children[0] if players and players.children else None
    phase_names = decode(phases.attributes.get("list", "") if phases else "", ",")
    phidx = values[2] if len(values) > 2 else 0
    phase = phase_names[phidx] if 0 <= phidx < len(phase_names) and phase_names[phidx] else None
    # order key by the game's player-turn order, so saves of one game sort in play order
    porder = list(game.turns.player_turns).index(side) if side in game.turns.player_turns else pidx
    return gt, side, phase, (gt, porder, phidx)


def _vp_properties(saved: SavedGame, game: Game) -> dict[str, int]:
    out: dict[str, int] = {}
    for s in game.sides:
        g = saved.global_properties.get(f"VP_{s.id}")
        if g is not None:
            try:
                out[s.id] = int(g.value)
            except ValueError:
                raise SaveError(saved.path, f"global property VP_{s.id}={g.value!r} is not a number") from None
    return out


def _vp_track(markers: Sequence[MarkerState]) -> dict[str, int]:
    """VP per side from its VP markers' boxes, each box times the marker's declared value
    (markers.yaml `value`: 10 for a tens marker, 1 by default)."""
    out: dict[str, int] = {}
    for m in markers:
        if m.marker.kind != "vp" or not m.marker.side or m.box is None:
            continue
        box = VP_BOX.match(m.box)
        if not box:
            continue
        out[m.marker.side] = out.get(m.marker.side, 0) + m.marker.value * int(box.group(1))
    return out
