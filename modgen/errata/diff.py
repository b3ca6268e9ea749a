"""`modgen diff OLD NEW`: a player's changelog of what errata changed between two modules.

Both sides are read as a player's VASSAL would see them: counters are the palette piece
slots, matched by gpid (identity, so a new display name is a rename); their values are the
Marker properties and the calculated properties (`{Step_Level==2 ? R : F}` reads as a full and
a reduced value); hex terrain is the Terrain property of the hex zones over the map's own
default; set-up and reinforcements are the piece locations in the predefined setups; charts
and boards are compared by image bytes. Two data trees are built in memory and compared the
same way, plus what only the data holds (hexsides, railroads, roads, towns, areas, supply).
"""

from __future__ import annotations

import hashlib
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from modgen.conventions import MARKER_ID_PROPERTY, UNIT_ID_PROPERTY
from modgen.errors import ModgenError, SaveError
from modgen.gamefile import ENTRY as GAME_ENTRY, game_from_json
from modgen.vmod.help import HELP_DIR
from modgen.vassal.archive import Archive
from modgen.vassal.module import ModuleInfo, hex_zones, map_location, read_module
from modgen.vassal.pieces import Piece, Trait, basic_image
from modgen.vassal.savefile import parse_xml, read_game_data
from modgen.vassal.sequence import decode

from .common import trait_label
from .datadiff import data_sections

P = "VASSAL.build."
ARROW = " -> "
# Marker properties that restate the set-up (printed on the counter): reported with the set-up.
SETUP_PROPERTIES = ("SetupInfo",)
_STEP_EXPR = re.compile(r"^\{(\w+)_Level\s*==\s*(\d+)\s*\?\s*(.*?)\s*:\s*(.*?)\s*\}$")


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --------------------------------------------------------------------------- module views


@dataclass
class PieceView:
    gpid: str
    name: str  # BasicPiece name
    entry: str  # palette entry name
    ident: str  # UnitId / MarkerId, when the piece has one
    values: dict[str, str]
    images: dict[str, Optional[str]]  # image entry -> sha (None: missing from the archive)
    traits: list[str]  # types of the traits not read as values (the rest of the definition)


@dataclass
class ModuleView:
    label: str
    name: str
    version: str
    pieces: dict[str, PieceView]
    zone_props: dict[tuple[str, str], dict[str, str]]  # (map, zone) -> effective properties
    setups: dict[str, dict[str, list[tuple[str, str]]]]  # setup -> gpid -> sorted (map, location)
    charts: dict[str, Optional[str]]  # chart name -> image sha
    chart_files: dict[str, str]  # chart name -> image entry
    boards: dict[str, tuple[str, Optional[str], int, int]]  # "Board (Map)" -> image, sha, w, h
    entries: dict[str, str]  # archive entry -> sha
    counter_images: set[str] = field(default_factory=set)


def piece_values(piece: Piece) -> tuple[dict[str, str], list[str], list[str]]:
    """(values, image names, other trait types) of a palette piece."""
    values: dict[str, str] = {}
    images: list[str] = []
    other: list[str] = []
    for t in piece.traits:
        f = t.fields
        if t.prefix == "mark;":
            names = decode(t.type[len("mark;"):], ",") if len(t.type) > len("mark;") else []
            vals = decode(t.state, ",") if t.state else []
            for i, n in enumerate(names):
                values[n] = vals[i] if i < len(vals) else ""
        elif t.prefix == "calcProp;":
            name, expr = (f + ["", ""])[:2]
            m = _STEP_EXPR.match(expr)
            if m:
                values[name] = m.group(4)
                values[f"{name} reduced"] = m.group(3)
            else:
                values[name] = expr
        elif t.prefix == "PROP;":
            values[f[0] if f else "?"] = t.state
        elif t.prefix == "label;":
            values[f"label {(f[16] if len(f) > 16 else '') or (f[15] if len(f) > 15 else '')}".strip()] = t.state
        elif t.is_basic:
            img = basic_image(t)
            if img:
                images.append(img)
        else:
            if t.prefix in ("emb2;", "emb;"):
                idx = 15 if t.prefix == "emb2;" else None
                if idx is not None and len(f) > idx and f[idx]:
                    images.extend(i for i in decode(f[idx], ",") if i)
            elif t.prefix == "obs;" and len(f) > 1 and f[1]:
                images.append(f[1])
            other.append(t.type)
    return values, images, other


def read_view(path: str | Path, label: Optional[str] = None) -> ModuleView:
    """Everything diff compares, read from a .vmod."""
    spath = str(path)
    module = read_module(spath)
    try:
        with Archive(spath) as arc:
            return _view(arc, module, label or spath)
    except ModgenError:
        raise
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        raise SaveError(spath, f"unreadable module ({type(exc).__name__}: {exc})") from None


def _view(arc: Archive, module: ModuleInfo, label: str) -> ModuleView:
    entries = {n: _sha(arc.read(n)) for n in arc.names() if not n.endswith("/")}

    pieces: dict[str, PieceView] = {}
    counter_images: set[str] = set()
    for gpid, slot in module.slots.items():
        piece = slot.piece  # prototypes expanded by read_module, as placing the piece does
        values, images, other = piece_values(piece)
        ident = values.get(UNIT_ID_PROPERTY) or values.get(MARKER_ID_PROPERTY) or ""
        imgs = {i: entries.get("images/" + i) for i in images}
        counter_images.update("images/" + i for i in images)
        pieces[gpid] = PieceView(gpid, piece.basic_name, slot.entry_name, ident, values, imgs, other)

    # map-level properties are the default of every zone of that map (VASSAL: zone, then map, then module)
    build_entry = "buildFile.xml" if arc.has("buildFile.xml") else "buildFile"
    root = parse_xml(arc.read(build_entry), arc.where(build_entry))
    map_props: dict[str, dict[str, str]] = {}
    for el in root.iter(P + "module.Map", P + "module.PrivateMap", P + "module.PlayerHand"):
        props: dict[str, str] = {}
        for gp_container in el:
            if gp_container.tag == P + "module.properties.GlobalProperties":
                for gp in gp_container:
                    if gp.tag == P + "module.properties.GlobalProperty":
                        props[gp.get("name", "")] = gp.get("initialValue", "")
        map_props[el.get("mapName", "Main Map")] = props
    zone_props: dict[tuple[str, str], dict[str, str]] = {}
    boards: dict[str, tuple[str, Optional[str], int, int]] = {}
    for m in module.maps:
        for b in m.boards:
            boards[f"{b.name} ({m.name})"] = (b.image, entries.get("images/" + b.image) if b.image else None, b.width, b.height)
            for z in b.zones:  # boxes: by their name
                if z.properties and not z.use_parent_grid:
                    zone_props[(m.name, z.name)] = {**map_props.get(m.name, {}), **z.properties}
            for hex_name, z in hex_zones(b).items():  # hexes: by the hex, one zone per hex or per group
                if z.properties:
                    zone_props[(m.name, hex_name)] = {**map_props.get(m.name, {}), **z.properties}
        if map_props.get(m.name):
            zone_props[(m.name, "*")] = dict(map_props[m.name])  # everything outside a zone

    charts: dict[str, Optional[str]] = {}
    chart_files: dict[str, str] = {}
    for el in root.iter(P + "widget.Chart", P + "widget.HtmlChart"):
        name = el.get("chartName") or el.get("name") or el.get("fileName", "")
        fname = el.get("fileName", "")
        entry = "images/" + fname if arc.has("images/" + fname) else fname
        charts[name] = entries.get(entry)
        chart_files[name] = entry

    setups: dict[str, dict[str, list[tuple[str, str]]]] = {}
    for name, fname in module.setups.items():
        if not fname or not arc.has(fname):
            setups[name] = {}
            continue
        sg = read_game_data(arc.read(fname), arc.where(fname))
        where: dict[str, list[tuple[str, str]]] = {}
        for rec in sg.pieces:
            if not rec.gpid:
                continue
            loc = ""
            if rec.map is not None:
                try:
                    loc = map_location(module, rec.map, rec.x, rec.y, sg.boards.get(rec.map))
                except (ModgenError, KeyError):
                    loc = f"{rec.x},{rec.y}"
            where.setdefault(rec.gpid, []).append((rec.map or "", loc))
        setups[name] = {g: sorted(v) for g, v in where.items()}

    return ModuleView(label, module.name, module.version, pieces, zone_props, setups, charts, chart_files,
                      boards, entries, counter_images)


# --------------------------------------------------------------------------- comparing


def _piece_ref(p: PieceView) -> dict[str, str]:
    return {"gpid": p.gpid, "id": p.ident, "name": p.name}


def diff_views(old: ModuleView, new: ModuleView) -> dict[str, Any]:
    out: dict[str, Any] = {"old": old.label, "new": new.label, "module": old.name if old.name == new.name else [old.name, new.name],
                           "version": {"old": old.version, "new": new.version} if old.version != new.version else None}

    # set-up first: counter changes it explains are not repeated
    setups: list[dict[str, Any]] = []
    for sname in sorted(set(old.setups) | set(new.setups)):
        if sname not in new.setups or sname not in old.setups:
            setups.append({"setup": sname, "change": "added" if sname in new.setups else "removed"})
            continue
        a, b = old.setups[sname], new.setups[sname]
        for gpid in sorted(set(a) | set(b), key=lambda g: _name_of(g, old, new)):
            la, lb = a.get(gpid, []), b.get(gpid, [])
            if la != lb:
                setups.append({"setup": sname, "gpid": gpid, "name": _name_of(gpid, old, new),
                               "id": _ident_of(gpid, old, new),
                               "old": [loc for _, loc in la], "new": [loc for _, loc in lb],
                               "old_maps": [m for m, _ in la], "new_maps": [m for m, _ in lb]})
    moved = {s["gpid"] for s in setups if "gpid" in s}

    added = [_piece_ref(new.pieces[g]) for g in new.pieces if g not in old.pieces]
    removed = [_piece_ref(old.pieces[g]) for g in old.pieces if g not in new.pieces]
    changed: list[dict[str, Any]] = []
    renamed: list[dict[str, Any]] = []
    for gpid, a in old.pieces.items():
        b = new.pieces.get(gpid)
        if b is None:
            continue
        if (a.name, a.entry) != (b.name, b.entry):
            renamed.append({**_piece_ref(b), "old_name": a.name, "old_entry": a.entry, "entry": b.entry})
        values = {k: [a.values.get(k), b.values.get(k)] for k in list(a.values) + [k for k in b.values if k not in a.values]
                  if a.values.get(k) != b.values.get(k)}
        images = sorted({i for i in set(a.images) | set(b.images) if a.images.get(i) != b.images.get(i)})
        traits = []
        if a.traits != b.traits:
            ta = {t for t in a.traits}
            tb = {t for t in b.traits}
            traits = sorted({trait_label(Trait(t)) for t in ta ^ tb})
        # new artwork explained by a new set-up hex (printed on the counter) or a new name is not repeated
        renamed_only = (a.name, a.entry) != (b.name, b.entry) and not values and not traits
        explained = renamed_only or (gpid in moved and set(values) <= set(SETUP_PROPERTIES) and not traits)
        if explained or not (values or images or traits):
            continue
        if gpid in moved:
            values = {k: v for k, v in values.items() if k not in SETUP_PROPERTIES}
        changed.append({**_piece_ref(b), "values": values, "images": images, "traits": traits})
    out["counters"] = {"added": added, "removed": removed, "renamed": renamed, "changed": changed}

    hexes: list[dict[str, Any]] = []
    maps = sorted({m for m, _ in old.zone_props} | {m for m, _ in new.zone_props})
    for m in maps:
        da, db = old.zone_props.get((m, "*"), {}), new.zone_props.get((m, "*"), {})
        zones = sorted({z for mm, z in old.zone_props if mm == m and z != "*"} | {z for mm, z in new.zone_props if mm == m and z != "*"})
        for z in zones:
            pa, pb = old.zone_props.get((m, z), da), new.zone_props.get((m, z), db)
            for k in sorted(set(pa) | set(pb)):
                if pa.get(k) != pb.get(k):
                    hexes.append({"map": m, "hex": z, "property": k, "old": pa.get(k), "new": pb.get(k)})
        for k in sorted(set(da) | set(db)):
            if da.get(k) != db.get(k):
                hexes.append({"map": m, "hex": "*", "property": k, "old": da.get(k), "new": db.get(k)})
    out["hexes"] = hexes
    out["setups"] = setups

    charts = []
    for c in sorted(set(old.charts) | set(new.charts)):
        if c not in old.charts:
            charts.append({"name": c, "change": "added"})
        elif c not in new.charts:
            charts.append({"name": c, "change": "removed"})
        elif old.charts[c] != new.charts[c]:
            charts.append({"name": c, "change": "changed"})
    out["charts"] = charts
    boards = []
    for bname in sorted(set(old.boards) | set(new.boards)):
        a, b = old.boards.get(bname), new.boards.get(bname)
        if a is None or b is None:
            boards.append({"board": bname, "change": "added" if a is None else "removed"})
        elif a[1] != b[1] or a[2:] != b[2:]:
            item: dict[str, Any] = {"board": bname, "change": "image changed"}
            if a[2:] != b[2:]:
                item["size"] = {"old": list(a[2:]), "new": list(b[2:])}
            boards.append(item)
    out["boards"] = boards

    explained_entries = {"buildFile.xml", "buildFile", "moduledata"} | old.counter_images | new.counter_images
    explained_entries |= set(old.chart_files.values()) | set(new.chart_files.values())
    explained_entries |= {"images/" + b[0] for b in list(old.boards.values()) + list(new.boards.values()) if b[0]}
    # the Help pages are written from the data the other sections compare (version, units, charts)
    explained_entries |= {e for e in set(old.entries) | set(new.entries) if e.startswith(f"{HELP_DIR}/") and e.endswith(".html")}
    setup_files = {f for f in _setup_files(old) | _setup_files(new)}
    explained_entries |= setup_files
    other = []
    for e in sorted(set(old.entries) | set(new.entries)):
        if e in explained_entries or old.entries.get(e) == new.entries.get(e):
            continue
        other.append({"entry": e, "change": "added" if e not in old.entries else "removed" if e not in new.entries else "changed"})
    found = any(out[k] for k in ("hexes", "setups", "charts", "boards")) or any(out["counters"].values()) or out["version"] or other
    if not found and old.entries != new.entries:
        other.append({"entry": "buildFile.xml", "change": "changed"} if old.entries.get("buildFile.xml") != new.entries.get("buildFile.xml")
                     else {"entry": "(archive)", "change": "changed"})
    out["other"] = other
    return out


def _setup_files(v: ModuleView) -> set[str]:
    # predefined setups are any .vsav entry; their content is compared above
    return {e for e in v.entries if e.endswith(".vsav")}


def _name_of(gpid: str, old: ModuleView, new: ModuleView) -> str:
    p = new.pieces.get(gpid) or old.pieces.get(gpid)
    return p.name if p else f"gpid {gpid}"


def _ident_of(gpid: str, old: ModuleView, new: ModuleView) -> str:
    p = new.pieces.get(gpid) or old.pieces.get(gpid)
    return p.ident if p else ""


def _build_view(root: Path, game_id: str, tmp: Path, label: str) -> tuple[ModuleView, Any]:
    from modgen.build import module_entries
    from modgen.loader import load_game
    from modgen.vassal.archive import zip_bytes

    game = load_game(root, game_id)
    path = tmp / f"{label.replace('/', '_')}.vmod"
    path.write_bytes(zip_bytes(module_entries(game, lambda _m: None)))
    return read_view(path, label), game


def _same_game(old_where: str, old_game: str, new_where: str, new_game: str) -> None:
    """A changelog compares two versions of one game; two games would give a page of noise."""
    if old_game != new_game:
        raise ModgenError(f"{old_where} / {new_where}", f"different games ({old_game!r} and {new_game!r}): "
                                                        "diff compares two versions of one game")


def _carried_game(path: Path) -> Any:
    """The game description a modgen module carries, or None for a module without one."""
    with Archive(str(path)) as arc:
        return game_from_json(arc.read(GAME_ENTRY), arc.where(GAME_ENTRY)) if arc.has(GAME_ENTRY) else None


def _game_of(root: Path, game_id: Optional[str]) -> str:
    from modgen.loader import discover_games

    if game_id:
        return game_id
    games = discover_games(root)
    if len(games) != 1:
        raise ModgenError(str(root), f"holds {len(games)} games ({', '.join(games) or 'none'}); name one with --game")
    return games[0]


def diff_paths(old: str | Path, new: str | Path, game_id: Optional[str] = None) -> dict[str, Any]:
    """Diff two .vmod files, or two data trees (directories holding counters/ and maps/)."""
    po, pn = Path(old), Path(new)
    for p in (po, pn):
        if not p.exists():
            raise ModgenError(str(p), "no such file or directory")
    if po.is_dir() != pn.is_dir():
        raise ModgenError(f"{po} / {pn}", "compare two modules (.vmod) or two data trees, not one of each")
    if not po.is_dir():
        vo, vn = read_view(po, str(po)), read_view(pn, str(pn))
        _same_game(str(po), vo.name, str(pn), vn.name)
        out = diff_views(vo, vn)
        games = [_carried_game(p) for p in (po, pn)]
        if games[0] is not None and games[1] is not None:  # both carry modgen/game.json: compare exactly
            data = data_sections(games[0], games[1])
            out["hexes"] = data.pop("hexes")
            out.update(data)
            out["other"] = [o for o in out["other"] if o["entry"] != GAME_ENTRY]  # explained by the data sections
        return out
    for p in (po, pn):
        if not ((p / "counters").is_dir() and (p / "maps").is_dir()):
            raise ModgenError(str(p), "not a data tree (expected counters/ and maps/)")
    go, gn = _game_of(po, game_id), _game_of(pn, game_id)
    _same_game(str(po), go, str(pn), gn)
    with tempfile.TemporaryDirectory(prefix="modgen-diff-") as tmp:
        vo, game_o = _build_view(po, go, Path(tmp), "old")
        vn, game_n = _build_view(pn, gn, Path(tmp), "new")
    vo.label, vn.label = str(po), str(pn)
    out = diff_views(vo, vn)
    out["game"] = go if go == gn else [go, gn]
    data = data_sections(game_o, game_n)
    out["hexes"] = data.pop("hexes")  # exact, per hex (the module only holds non-default zones)
    out.update(data)
    return out
