"""Check maps/galicia1914/{terrain,features}.yaml on their own and draw a debug PNG.

    .venv/bin/python tools/check_galicia_map.py     # needs PyYAML and Pillow (not numpy)

Checks: hex IDs exist and are quoted strings; hexside pairs and railroad steps are adjacent;
bridges lie on river hexsides; no hexside is claimed twice; every river and ridge is one
continuous chain of hexsides (a tributary may meet its river's chain at a vertex); no swamp
under towns, railroads, rule setup/entry hexes or supply sources; supply sources are on the
side's friendly edge (11.2); the rule towns, Przemysl and the restricted range are as the
rules give; the RR entry ranges of 14.1 are joined by railroad. Exit status 1 on any error.
Draws build/debug/galicia_map_debug.png (terrain, rivers, ridges, bridges, rails, towns).
"""

from __future__ import annotations

import math
import sys
from collections import defaultdict
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from modgen.geometry import BoardSpec, build_geometry  # noqa: E402

MAPS = ROOT / "maps" / "galicia1914"
PNG = ROOT / "build" / "debug" / "galicia_map_debug.png"

RULE_TOWNS = {  # 15.1 (Chelm occupy: 1, as both player aid cards print it)
    "16.22": ("ah", 10, 2), "16.18": ("ah", 3, 1), "18.17": ("ah", 6, 1), "16.13": ("ah", 3, 1),
    "7.09": ("russian", 10, 1), "6.10": ("russian", 3, 1), "2.11": ("russian", 6, 2), "6.12": ("russian", 3, 2),
}
RULE_HEXES = {  # entry hexes named in the rules (14.0, 14.1, the schedules) and the rule towns
    "10.01", "9.01", "8.01", "7.01", "6.01", "5.01", "3.01", "4.01", "1.01", "2.01", "16.26", "19.23",
    "19.17", "19.16", "8.24", "8.22", "5.16", "4.15", "5.15", "7.15", "3.15", "5.12", "3.03", "4.14",
    "2.11", "6.10", "3.06", "1.07", "11.25", "12.25", "13.26", "1.03", "1.05", "1.14", *RULE_TOWNS,
}
RR_ENTRY = [("16.26", "19.23"), ("19.23", "19.16"), ("19.17", "19.16")]

errors: list[str] = []


def err(msg: str) -> None:
    errors.append(msg)


def geometry():
    m = yaml.safe_load((MAPS / "map.yaml").read_text())
    b = m["boards"][0]
    n = b["numbering"]
    spec = BoardSpec(name=b["name"], hexes=b["hexes"], hex_size=b["hex_size"], lines=b["lines"],
                     per_line=b["per_line"], margin=b["margin"], outer_lines=b["outer_lines"],
                     line_from=n["line_from"], pos_from=n["pos_from"], line_first=n.get("line_first", True),
                     sep=n.get("sep", "."), line_digits=n.get("line_digits", 1), pos_digits=n.get("pos_digits", 2))
    return build_geometry(spec), m


G, MAP = geometry()
R = G.spec.hex_size / math.sqrt(3)  # hex corner radius


def hexid(v, where: str) -> str | None:
    if not isinstance(v, str):
        err(f"{where}: hex ID {v!r} is not a quoted string")
        return None
    if v not in G.raw_of:
        err(f"{where}: unknown hex {v}")
        return None
    return v


def side_ends(a: str, b: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two corners of the hexside between adjacent hexes a and b (rounded pixels)."""
    (x1, y1), (x2, y2) = G.centre(a), G.centre(b)
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    d = math.hypot(x2 - x1, y2 - y1)
    px, py = -(y2 - y1) / d * R / 2, (x2 - x1) / d * R / 2
    return (round(mx + px), round(my + py)), (round(mx - px), round(my - py))


def corner_keys(s: frozenset) -> list:
    """The hexside's two corners, each named by the three hexes meeting there (exact, unlike
    rounded pixels); a corner on the map edge with no third hex gets a key of its own."""
    a, b = sorted(s)
    keys = [frozenset((a, b, c)) for c in G.neighbours(a) if c in G.neighbours(b)]
    return keys + [("edge", a, b, i) for i in range(2 - len(keys))]


def components(sides: list[frozenset]) -> list[list[frozenset]]:
    by_corner = defaultdict(list)
    for s in sides:
        for c in corner_keys(s):
            by_corner[c].append(s)
    seen, comps = set(), []
    for s in sides:
        if s in seen:
            continue
        stack, comp = [s], []
        seen.add(s)
        while stack:
            t = stack.pop()
            comp.append(t)
            for c in corner_keys(t):
                for u in by_corner[c]:
                    if u not in seen:
                        seen.add(u)
                        stack.append(u)
        comps.append(comp)
    return comps


def corners_of(sides) -> set:
    return {c for s in sides for c in corner_keys(s)}


def rr_path(rails_adj, a, b):
    """Shortest railroad path between a and b (BFS over railroad steps), or None."""
    prev, frontier = {a: None}, [a]
    while frontier:
        nxt = []
        for h in frontier:
            for n in rails_adj[h]:
                if n not in prev:
                    prev[n] = h
                    nxt.append(n)
        frontier = nxt
    if b not in prev:
        return None
    out, h = [], b
    while h is not None:
        out.append(h)
        h = prev[h]
    return out[::-1]


def main() -> int:
    terrain_doc = yaml.safe_load((MAPS / "terrain.yaml").read_text())
    feat = yaml.safe_load((MAPS / "features.yaml").read_text())
    for doc, name in ((terrain_doc, "terrain.yaml"), (feat, "features.yaml")):
        if doc.get("approximate") and not doc.get("source"):
            err(f"{name}: approximate without source")

    # terrain
    terrain = {h: terrain_doc.get("default", "clear") for h in G.raw_of}
    for tid, hexes in (terrain_doc.get("terrain") or {}).items():
        if tid not in MAP["terrain_types"]:
            err(f"terrain.yaml: unknown terrain {tid}")
        for v in hexes:
            h = hexid(v, f"terrain.{tid}")
            if h:
                if terrain[h] != terrain_doc.get("default", "clear"):
                    err(f"terrain.yaml: {h} listed twice")
                terrain[h] = tid

    # hexsides
    by_type = defaultdict(list)  # type -> [(name, [sides])]
    claimed: dict[frozenset, str] = {}
    for i, ft in enumerate(feat.get("hexsides") or []):
        ftype, fname = ft.get("type"), ft.get("name", ft.get("type"))
        if ftype not in MAP["hexside_types"]:
            err(f"hexsides[{i}]: unknown type {ftype}")
        sides = []
        for pair in ft.get("sides") or []:
            if not isinstance(pair, list) or len(pair) != 2:
                err(f"{fname}: bad hexside {pair!r}")
                continue
            a, b = hexid(pair[0], fname), hexid(pair[1], fname)
            if not (a and b):
                continue
            if b not in G.neighbours(a):
                err(f"{fname}: {a} and {b} are not adjacent")
                continue
            k = frozenset((a, b))
            if ftype != "bridge":
                if k in claimed:
                    err(f"{fname}: hexside {a}/{b} also in {claimed[k]}")
                claimed[k] = fname
            sides.append(k)
        by_type[ftype].append((fname, sides))
    rivers = {s for _, ss in by_type["river"] for s in ss}
    for fname, ss in by_type["bridge"]:
        for s in ss:
            if s not in rivers:
                err(f"bridge {fname} at {'/'.join(sorted(s))} is not on a river hexside")
    all_river_corners = {}
    for fname, ss in by_type["river"]:
        all_river_corners[fname] = corners_of(ss)
    for kind in ("river", "ridge"):
        for fname, ss in by_type[kind]:
            comps = components(ss)
            if len(comps) > 1:
                sizes = sorted((len(c) for c in comps), reverse=True)
                # a tributary piece may touch another river instead of its own chain
                others = set().union(*(c for n, c in all_river_corners.items() if n != fname))
                # ... and a river may leave the map and come back
                loose = [c for c in comps if kind == "river" and not (corners_of(c) & others)
                         and not any(isinstance(k, tuple) for k in corners_of(c))
                         and not any(all(G.is_edge(h) for h in s) for s in c)]
                if kind == "river" and len(loose) == len(comps):
                    loose = loose[1:]
                msg = f"{kind} {fname}: {len(comps)} separate pieces {sizes}"
                if kind == "river" and loose:
                    err(msg + " (" + ", ".join("/".join(sorted(next(iter(c)))) for c in loose) + ")")
                else:
                    print("note:", msg)

    # railroads
    rails_adj = defaultdict(set)
    rail_hexes = set()
    for line in feat.get("railroads") or []:
        hs = [hexid(v, line.get("name")) for v in line.get("hexes") or []]
        if len(hs) < 2:
            err(f"railroad {line.get('name')}: fewer than two hexes")
        for a, b in zip(hs, hs[1:]):
            if a and b:
                if b not in G.neighbours(a):
                    err(f"railroad {line.get('name')}: {a} -> {b} not adjacent")
                rails_adj[a].add(b)
                rails_adj[b].add(a)
        rail_hexes |= {h for h in hs if h}
        for a, b in zip(hs, hs[1:]):
            if a and b and frozenset((a, b)) in rivers:
                if not any(frozenset((a, b)) in ss for _, ss in by_type["bridge"]):
                    err(f"railroad {line.get('name')} crosses a river at {a}/{b} without a bridge")
    for a, b in RR_ENTRY:
        p = rr_path(rails_adj, a, b)
        if p is None:
            err(f"no railroad joins {a} and {b} (14.1)")
        else:
            print(f"RR entry {a}..{b}: {len(p)} hexes {' '.join(p)}")

    # towns
    towns = feat.get("towns") or []
    town_hex = {}
    for t in towns:
        h = hexid(t.get("hex"), f"town {t.get('id')}")
        if h in town_hex:
            err(f"towns {t.get('id')} and {town_hex[h]} share hex {h}")
        town_hex[h] = t.get("id")
        vp = t.get("vp")
        if h in RULE_TOWNS:
            want = RULE_TOWNS[h]
            got = (vp or {}).get("side"), (vp or {}).get("capture"), (vp or {}).get("occupy")
            if got != want:
                err(f"town at {h}: VP {got} but the rules give {want}")
        elif vp:
            err(f"town {t.get('id')} at {h} has VP but is not a rule VP town")
    for h in RULE_TOWNS:
        if h not in town_hex:
            err(f"rule town at {h} missing")
    if town_hex.get("3.15") is None:
        err("no town at Przemysl 3.15")

    # areas
    areas = {a.get("id"): a for a in feat.get("areas") or []}
    if areas.get("przemysl", {}).get("hexes") != ["3.15"] or areas["przemysl"].get("symbol") != "fortress":
        err("area przemysl must be 3.15 with a fortress symbol")
    if areas.get("ah_restricted", {}).get("hexes") != [{"from": "3.01", "to": "11.01"}]:
        err("area ah_restricted must be 3.01 to 11.01")

    # supply sources on friendly edges (11.2)
    lines, per = G.spec.lines, G.spec.per_line
    supply = feat.get("supply_sources") or {}
    for side, hexes in supply.items():
        for v in hexes:
            h = hexid(v, f"supply {side}")
            if not h:
                continue
            line, pos = G.lattice[h]
            west = pos >= per - 1 and G.is_edge(h)
            if side == "russian":
                ok = line == lines or pos == 1 or (west and line > 15)
            else:
                ok = line == 1 or (west and line < 6)
            if not (G.is_edge(h) and ok):
                err(f"supply source {h} is not on a {side} friendly map edge (11.2)")
            if h in supply.get("ah" if side == "russian" else "russian", []):
                print(f"note: {h} is a supply source for both sides")

    # no swamp where it cannot be
    protected = {**{h: "town" for h in town_hex}, **{h: "railroad" for h in rail_hexes},
                 **{h: "rule hex" for h in RULE_HEXES},
                 **{h: "supply source" for hs in supply.values() for h in hs}}
    for h, why in protected.items():
        if h in terrain and MAP["terrain_types"][terrain[h]].get("prohibited"):
            err(f"{why} {h} is {terrain[h]}")

    counts = defaultdict(int)
    for v in terrain.values():
        counts[v] += 1
    print("terrain:", dict(counts), f"woods {100 * counts['woods'] / len(terrain):.0f}%")
    for kind in ("river", "ridge", "bridge"):
        print(f"{kind}:", ", ".join(f"{n} {len(s)}" for n, s in by_type[kind]) if kind != "bridge"
              else f"{len(by_type[kind])} bridges")
    print(f"railroads: {len(feat.get('railroads') or [])} lines, {len(rail_hexes)} hexes; towns {len(towns)}; "
          f"supply russian {len(supply.get('russian', []))}, ah {len(supply.get('ah', []))}")

    draw(terrain, by_type, feat, town_hex, towns, supply)
    for e in errors:
        print("ERROR:", e)
    print("OK" if not errors else f"{len(errors)} error(s)")
    return 1 if errors else 0


def draw(terrain, by_type, feat, town_hex, towns, supply) -> None:
    from PIL import Image, ImageDraw, ImageFont

    img = Image.new("RGB", (G.width, G.height), "white")
    d = ImageDraw.Draw(img)
    try:
        font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 15)
        small = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 11)
    except OSError:
        font = small = ImageFont.load_default()
    colours = {tid: t["colour"] for tid, t in MAP["terrain_types"].items()}
    restricted = {f"{i}.01" for i in range(3, 12)}
    for h in G.raw_of:
        x, y = G.centre(h)
        pts = [(x + R * math.cos(math.radians(90 + 60 * k)), y + R * math.sin(math.radians(90 + 60 * k)))
               for k in range(6)]
        fill = colours[terrain[h]]
        if h in restricted:
            fill = "#f2b8b8" if terrain[h] == "clear" else fill
        d.polygon(pts, fill=fill, outline="#b0a890")
        d.text((x, y - R * 0.72), h, fill="#777777", font=small, anchor="mm")
    for h in supply.get("russian", []):
        x, y = G.centre(h)
        d.ellipse((x - 14, y + 14, x + 14, y + 42), outline="#8a5a2b", width=4)
    for h in supply.get("ah", []):
        x, y = G.centre(h)
        d.ellipse((x - 14, y + 14, x + 14, y + 42), outline="#2b4f9a", width=4)
    for kind, colour, width in (("ridge", "#8b5a2b", 7), ("river", "#1f6fd0", 6), ("bridge", "#d02020", 10)):
        for fname, ss in by_type[kind]:
            for s in ss:
                a, b = side_ends(*sorted(s))
                if kind == "bridge":
                    (x1, y1), (x2, y2) = a, b
                    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
                    d.line([(mx + (x1 - mx) * 0.45, my + (y1 - my) * 0.45), (mx + (x2 - mx) * 0.45, my + (y2 - my) * 0.45)],
                           fill=colour, width=width)
                else:
                    d.line([a, b], fill=colour, width=width)
    # river labels at the middle of each chain
    for fname, ss in by_type["river"]:
        if ss:
            s = sorted(ss, key=lambda k: sorted(k))[len(ss) // 2]
            (x1, y1), (x2, y2) = side_ends(*sorted(s))
            d.text(((x1 + x2) / 2 + 8, (y1 + y2) / 2), fname, fill="#0b3d91", font=font)
    for line in feat.get("railroads") or []:
        pts = [G.centre(h) for h in line["hexes"]]
        d.line(pts, fill="#202020", width=5)
        d.line(pts, fill="#ffffff", width=1)
    for t in towns:
        x, y = G.centre(t["hex"])
        r = {"city": 14, "town": 10, "village": 6}.get(t.get("size", "town"), 8)
        d.ellipse((x - r, y - r, x + r, y + r), fill="#c00000" if t.get("vp") else "#303030",
                  outline="#ff0000" if t.get("vp") else None, width=3)
        d.text((x, y + r + 2), t["name"], fill="#000000", font=font, anchor="ma")
    x, y = G.centre("3.15")
    d.rectangle((x - 20, y - 20, x + 20, y + 20), outline="#000000", width=4)
    PNG.parent.mkdir(parents=True, exist_ok=True)
    img.save(PNG)
    print("wrote", PNG.relative_to(ROOT))


if __name__ == "__main__":
    sys.exit(main())
