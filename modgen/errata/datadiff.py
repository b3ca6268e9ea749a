"""What only the game data holds, compared exactly: terrain per hex, hexsides, railroads, roads,
towns, areas, supply sources and the TEC (a module holds only non-default zones, so two data
trees, or two modules carrying their game description, are compared here)."""

from __future__ import annotations

import re
from typing import Any, Optional

def data_sections(old_game: Any, new_game: Any) -> dict[str, Any]:
    """What only the data holds: exact terrain per hex, hexsides, railroads, roads, towns, areas, supply, TEC."""
    a, b = old_game.map, new_game.map
    out: dict[str, Any] = {}
    hexes = []
    for h in sorted(set(a.terrain) | set(b.terrain) | set(a.board_of) | set(b.board_of), key=_hex_key):
        ta = a.terrain_types[a.terrain[h]].name if h in a.terrain else ("(no hex)" if h not in a.board_of else None)
        tb = b.terrain_types[b.terrain[h]].name if h in b.terrain else ("(no hex)" if h not in b.board_of else None)
        if ta != tb:
            hexes.append({"map": "Main Map", "hex": h, "property": "Terrain", "old": ta, "new": tb})
    out["hexes"] = hexes
    sides = []
    for typ in sorted(set(_sides_by_type(a)) | set(_sides_by_type(b))):
        sa, sb = _sides_by_type(a).get(typ, set()), _sides_by_type(b).get(typ, set())
        for s in sorted(sb - sa, key=_side_key):
            sides.append({"type": typ, "hexes": sorted(s, key=_hex_key), "change": "added"})
        for s in sorted(sa - sb, key=_side_key):
            sides.append({"type": typ, "hexes": sorted(s, key=_hex_key), "change": "removed"})
    out["hexsides"] = sides
    for kind in ("railroads", "roads"):
        la = {frozenset(p) for r in getattr(a, kind) for p in zip(r.hexes, r.hexes[1:])}
        lb = {frozenset(p) for r in getattr(b, kind) for p in zip(r.hexes, r.hexes[1:])}
        items = [{"hexes": sorted(s, key=_hex_key), "change": "added"} for s in sorted(lb - la, key=_side_key)]
        items += [{"hexes": sorted(s, key=_hex_key), "change": "removed"} for s in sorted(la - lb, key=_side_key)]
        out[kind] = items
    towns = []
    ta_, tb_ = {t.id: t for t in a.towns}, {t.id: t for t in b.towns}
    for tid in sorted(set(ta_) | set(tb_)):
        x, y = ta_.get(tid), tb_.get(tid)
        if x is None or y is None:
            t = x or y
            towns.append({"id": tid, "name": t.name, "change": "added" if x is None else "removed", "hex": t.hex})
            continue
        fields = {}
        for f in ("name", "hex", "size"):
            if getattr(x, f) != getattr(y, f):
                fields[f] = [getattr(x, f), getattr(y, f)]
        if x.vp != y.vp:
            fields["vp"] = [_vp(x.vp), _vp(y.vp)]
        if fields:
            towns.append({"id": tid, "name": y.name, "change": "changed", "fields": fields})
    out["towns"] = towns
    areas = []
    aa, ab = {r.id: r for r in a.areas}, {r.id: r for r in b.areas}
    for rid in sorted(set(aa) | set(ab)):
        x, y = aa.get(rid), ab.get(rid)
        if x is None or y is None:
            areas.append({"id": rid, "name": (x or y).name, "change": "added" if x is None else "removed"})
        elif x != y:
            item = {"id": rid, "name": y.name, "change": "changed"}
            if set(x.hexes) != set(y.hexes):
                item["hexes_added"] = sorted(set(y.hexes) - set(x.hexes), key=_hex_key)
                item["hexes_removed"] = sorted(set(x.hexes) - set(y.hexes), key=_hex_key)
            areas.append(item)
    out["areas"] = areas
    supply = []
    for side in sorted(set(a.supply_sources) | set(b.supply_sources)):
        sa, sb = set(a.supply_sources.get(side, ())), set(b.supply_sources.get(side, ()))
        if sa != sb:
            supply.append({"side": side, "added": sorted(sb - sa, key=_hex_key), "removed": sorted(sa - sb, key=_hex_key)})
    out["supply_sources"] = supply
    tec = []
    for kind, da, db in (("terrain", a.terrain_types, b.terrain_types), ("hexside", a.hexside_types, b.hexside_types)):
        for tid in sorted(set(da) | set(db)):
            x, y = da.get(tid), db.get(tid)
            if x != y:
                fields = {} if x is None or y is None else {
                    f: [getattr(x, f), getattr(y, f)] for f in x.__dataclass_fields__ if getattr(x, f) != getattr(y, f)}
                tec.append({"kind": kind, "id": tid, "name": (y or x).name,
                            "change": "added" if x is None else "removed" if y is None else "changed", "fields": fields})
    out["tec"] = tec
    rules = [what for what, x, y in (("stacking", old_game.stacking, new_game.stacking), ("turns", old_game.turns, new_game.turns),
                                      ("dice", old_game.dice, new_game.dice)) if x != y]
    out["rules"] = rules
    return out


def _vp(v: Any) -> Optional[dict[str, Any]]:
    return None if v is None else {"side": v.side, "capture": v.capture, "occupy": v.occupy}


def _sides_by_type(m: Any) -> dict[str, set[frozenset[str]]]:
    out: dict[str, set[frozenset[str]]] = {}
    for f in m.hexside_features:
        out.setdefault(f.type, set()).update(f.sides)
    return out


def _hex_key(h: str) -> tuple:
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", h) if p)


def _side_key(s: frozenset[str]) -> tuple:
    return tuple(_hex_key(h) for h in sorted(s, key=_hex_key))
