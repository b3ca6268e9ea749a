"""Author the Holland '44 map data (map.yaml, terrain.yaml, features.yaml). Deterministic.

Exact from the rules (Holland '44, 2nd edition, section 2): VP town hexes, the named bridges, the Pannerden ferry
hex, drop hexes A1/A2, 6325 polder+woods, 6314 unknown-start hex, the board grid. Everything
else (terrain, rivers, roads, other towns, drop zones B..Z/K, entry-area extents, corps
boundaries) is authored from real geography projected with tools/holland_geo.py.

Method: rivers/canals are polylines of (lat, lon) points, rule-hexside passes and pixel points;
a hexside is marked when the segment joining the two hex centres crosses the polyline an odd
number of times (so edge-to-edge rivers are leak-proof walls). Roads are waypoint lists turned
into chains of adjacent hexes; where a road crosses a canal/river a road bridge is added.

    .venv/bin/python tools/author_holland_map.py
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import holland_geo as hg  # noqa: E402

G = hg.GEOMETRY
OUT = ROOT / "maps" / "holland44"
HEXES = sorted(G.raw_of)
NB = {h: set(G.neighbours(h)) for h in HEXES}
PX = hg.HEX_PX


def col(h): return int(h[:2])
def row(h): return int(h[2:])


def P(item):
    """A waypoint -> list of pixel points."""
    if isinstance(item, str) and item in hg.PLACES:
        return [hg.pixel_of(*hg.PLACES[item])]
    if isinstance(item, str):  # hex id
        return [tuple(map(float, G.centre(item)))]
    if item[0] == "side":  # pass along the hexside between two hexes
        (ax, ay), (bx, by) = G.centre(item[1]), G.centre(item[2])
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = bx - ax, by - ay
        n = math.hypot(dx, dy)
        px, py = -dy / n * 14, dx / n * 14
        pts = [(mx - px, my - py), (mx + px, my + py)]
        return pts if not item[3:] else pts[::-1]
    if item[0] == "off":  # hex centre + offset in hexes (dx north, dy east)
        x, y = G.centre(item[1])
        return [(x + item[2] * PX, y + item[3] * PX)]
    return [hg.pixel_of(*item)]


def poly(items):
    pts = []
    for it in items:
        pts += P(it)
    return pts


def _cross(p, q, a, b):
    def o(u, v, w): return (v[0] - u[0]) * (w[1] - u[1]) - (v[1] - u[1]) * (w[0] - u[0])
    return (o(p, q, a) > 0) != (o(p, q, b) > 0) and (o(a, b, p) > 0) != (o(a, b, q) > 0)


def sides_of(pts):
    out = []
    for h in HEXES:
        for n in NB[h]:
            if n <= h:
                continue
            p, q = G.centre(h), G.centre(n)
            k = sum(_cross(p, q, pts[i], pts[i + 1]) for i in range(len(pts) - 1))
            if k % 2:
                out.append((h, n))
    return sorted(out)


FAR = 0.4
# ------------------------------------------------------------------ rivers
SPLIT = ("off", "5626", -0.7, 0.45)      # Pannerden: Rhine splits into Waal and Pannerdens Kanaal
FORK = ("off", "6123", -0.45, 0.05)  # IJsselkop, just south of Westervoort bridge
RIVERS = {
    "Waal": ("major_river", [(51.80, 5.0), (51.82, 5.25), (51.865, 5.40), ("off", "5606", -0.55, 0), (51.885, 5.47),
                             (51.905, 5.57), (51.900, 5.66), (51.885, 5.74), (51.860, 5.80),
                             ("side", "5321", "5421"), (51.862, 5.92), (51.875, 6.00), SPLIT]),
    "Rhine": ("major_river", [SPLIT, (51.862, 6.10), (51.85, 6.20), (51.82, 6.5)]),
    "Lower Rhine": ("major_river", [SPLIT, ("side", "5626", "5627"), (51.905, 6.050), (51.935, 6.010), FORK, ("off", "6023", 0.45, 0.1),
                                    ("side", "6022", "6122"), (51.970, 5.86), (51.965, 5.80), (51.958, 5.74),
                                    (51.950, 5.665), (51.945, 5.57), (51.950, 5.40), (51.95, 5.0)]),
    "IJssel": ("major_river", [FORK, ("side", "6123", "6124"), (51.99, 6.05), (52.02, 6.09), (52.05, 6.115),
                               (52.10, 6.14), (52.3, 6.2)]),
    "Maas": ("major_river", [(51.30, 6.5), (51.40, 6.17), (51.53, 6.085), (51.60, 6.02), (51.655, 5.965),
                             (51.70, 5.952), (51.735, 5.89), (51.757, 5.862), ("side", "4816", "4817", 1),
                             (51.772, 5.70), (51.805, 5.65), (51.830, 5.56), (51.815, 5.43), (51.76, 5.33),
                             (51.745, 5.25), (51.74, 5.0)]),
    "Meuse-Escaut canal": ("canal", [("off", "1401", 0.5, -1.5), ("side", "1402", "1502"), ("side", "1303", "1404"),
                                     ("side", "1306", "1407"), ("side", "1307", "1408"), ("side", "1109", "1210"),
                                     ("off", "1011", -1.5, 0.5)]),
    "Zuid-Willemsvaart": ("canal", [("off", "1211", 0.05, 0.3), (51.255, 5.72), (51.30, 5.742), (51.385, 5.695),
                                    (51.48, 5.652), (51.505, 5.64), (51.535, 5.623), (51.58, 5.585), (51.617, 5.543),
                                    (51.645, 5.49), (51.675, 5.41), (51.695, 5.33), (51.70, 5.0)]),
    "Wilhelmina canal": ("canal", [(51.56, 5.0), (51.515, 5.31), (51.497, 5.40), (51.500, 5.49), (51.49, 5.55),
                                   (51.505, 5.641)]),
    "Maas-Waal canal": ("canal", [(51.757, 5.855), (51.767, 5.833), (51.79, 5.82), (51.82, 5.815), (51.845, 5.80),
                                  (51.872, 5.795)]),
    "Dommel": ("river", [(51.10, 5.44), (51.25, 5.44), (51.35, 5.475), (51.42, 5.47), (51.46, 5.475), (51.50, 5.47),
                         (51.568, 5.455), (51.60, 5.35), (51.65, 5.31), (51.69, 5.305)]),
}

# ------------------------------------------------------------------ towns
VP_TOWNS = [("Eindhoven", ["2608", "2707", "2708"], "city"), ("Helmond", ["2914"], "town"),
            ("'s-Hertogenbosch", ["4301"], "town"), ("Nijmegen", ["5320", "5321"], "city"), ("Tiel", ["5606"], "town"),
            ("Arnhem", ["6122", "6222", "6223"], "city"), ("Overloon", ["3524"], "town"), ("Venray", ["3225"], "town")]
OTHER_TOWNS = ["Valkenswaard", "Son", "Best", "St-Oedenrode", "Veghel", "Uden", "Grave", "Elst", "Oosterbeek",
               "Wageningen", "Ede", "Zevenaar", "Kleve", "Gennep", "Boxmeer", "Cuijk", "Groesbeek", "Oss", "Schijndel",
               "Boxtel", "Deurne", "Weert", "Geldrop", "Horst", "Mook", "Renkum", "Velp", "Rhenen", "Veenendaal",
               "Hamont", "Neerpelt", "Lommel", "Westervoort", "Vught", "Rosmalen", "Heesch", "Wijchen", "Druten",
               "Bemmel", "Huissen", "Zetten", "Kesteren", "Lobith", "Asten", "Someren", "Gemert", "Schaijk",
               "Oirschot", "Bergeijk", "Heeze", "Budel", "Wanssum", "Dieren", "Rheden", "Beuningen", "Ravenstein",
               "Zaltbommel"]

# ------------------------------------------------------------------ drops / areas
DROPS = {"A1": ["3909"], "A2": ["4008"], "B": ["3306", "3406"], "C": ["3206", "3205"], "W": ["3208", "3308"],
         "N": ["4823", "4824"], "O": ["4718", "4719"], "T": ["5024", "5124"],
         "L": ["6419", "6420"], "S": ["6418", "6518"], "X": ["6216", "6217"], "Y": ["6515", "6615"],
         "Z": ["6316", "6317"], "K": ["5919", "5920", "6020"]}
UNKNOWN = ["6314", "6313", "6315", "6214", "6215", "6414", "6413", "6213", "6514", "6513",
           "4121", "4418", "4527", "4623", "4709", "4711", "5009", "5119", "5816", "6609", "6611"]  # 25.4: 21 unknown units

ROADS = [
    ("Hell's Highway", "main", ["1003", "1303", "1404", "Valkenswaard", "2608", "2708", "Son", "St-Oedenrode", "Veghel",
                                "Uden", "4716", "4816", "4817", "5220", "5321", "5421", "Elst", "6022", "6122"]),
    ("Lommel - Bergeijk - Eindhoven", "secondary", ["1002", "Lommel", "1402", "1502", "Bergeijk", "2608"]),
    ("Hamont - Budel - Heeze - Geldrop - Helmond", "secondary", ["1006", "1307", "1408", "Hamont", "Budel", "Heeze",
                                                                  "Geldrop", "2914"]),
    ("Bocholt - Weert - Someren - Asten - Helmond", "secondary", ["1009", "1109", "1210", "Weert", "Someren", "Asten",
                                                                   "2914"]),
    ("Weert - Meijel - Venray", "secondary", ["Weert", "Meijel", "America", "3225"]),
    ("Helmond - Deurne - Venray - Horst", "secondary", ["2914", "Deurne", "3225", "Horst", "2830"]),
    ("Venray - Overloon - Boxmeer - Cuijk - Mook - Nijmegen", "secondary", ["3225", "3524", "Boxmeer", "Cuijk", "4716"]),
    ("Nijmegen - Groesbeek - Gennep - Goch", "secondary", ["5320", "Groesbeek", "Gennep", "4230"]),
    ("Nijmegen - Groesbeek - Kleve", "secondary", ["5320", "Groesbeek", "Kranenburg", "4930"]),
    ("Eindhoven - Oirschot - Tilburg", "secondary", ["2608", "Oirschot", "3001"]),
    ("Eindhoven - Best - Boxtel - Vught - 's-Hertogenbosch", "secondary", ["2608", "Best", "Boxtel", "Vught", "4301"]),
    ("Veghel - Schijndel - 's-Hertogenbosch", "secondary", ["Veghel", "Schijndel", "4301"]),
    ("'s-Hertogenbosch - Oss - Grave", "secondary", ["4301", "Rosmalen", "Oss", "Schaijk", "4716"]),
    ("Uden - Boxmeer", "secondary", ["Uden", "St Anthonis", "Boxmeer"]),
    ("Helmond - Gemert - Uden", "secondary", ["2914", "Gemert", "Uden"]),
    ("Nijmegen - Wijchen - Druten", "secondary", ["5320", "Wijchen", "Druten", "5201"]),
    ("Elst - Zetten - Tiel", "secondary", ["Elst", "Zetten", "Kesteren", "5606", "5701"]),
    ("Arnhem - Oosterbeek - Wageningen - Rhenen", "secondary", ["6122", (51.995, 5.84), (51.99, 5.74), (51.978, 5.665), (51.968, 5.57),
                                                                "6101"]),
    ("Arnhem - Ede - Veenendaal", "secondary", ["6222", "Wolfheze", "Ede", "Veenendaal", "6601"]),
    ("Arnhem - Deelen - Apeldoorn", "secondary", ["6222", "Deelen", "6720"]),
    ("Arnhem - Velp - Dieren", "secondary", ["6223", "Velp", "Rheden", "6727"]),
    ("Arnhem - Westervoort - Zevenaar - Emmerich", "secondary", ["6223", "6123", "6124", "Zevenaar", "Babberich", "5830"]),
    ("Eindhoven - Veldhoven - Eersel", "secondary", ["2608", "Veldhoven", "Eersel", "2001"]),
    ("Weert - Roermond", "secondary", ["Weert", "Nederweert", "Roermond", "1025"]),
    ("Elst - Bemmel - Gendt", "secondary", ["Elst", "Bemmel", "Gendt"]),
]


def hexline(a, b):
    (ax, ay), (bx, by) = a, b
    n = max(2, int(math.hypot(bx - ax, by - ay) / 8))
    out = []
    for i in range(n + 1):
        t = i / n
        h = G.hex_at(round(ax + (bx - ax) * t), round(ay + (by - ay) * t))
        if h and (not out or out[-1] != h):
            out.append(h)
    return out


def road_hexes(items):
    wps = []
    for it in items:
        h = it if isinstance(it, str) and it not in hg.PLACES else hg.hex_of(*(hg.PLACES[it] if isinstance(it, str) else it))
        assert h, it
        if not wps or wps[-1] != h:
            wps.append(h)
    path = [wps[0]]
    for a, b in zip(wps, wps[1:]):
        seg = hexline(G.centre(a), G.centre(b))
        for h in seg[1:] + [b]:
            if h == path[-1]:
                continue
            if h not in NB[path[-1]]:
                common = sorted(NB[path[-1]] & NB[h])
                if not common:  # walk greedily
                    while h not in NB[path[-1]]:
                        path.append(min(NB[path[-1]], key=lambda x: G.distance(x, h)))
                else:
                    path.append(common[0])
            path.append(h)
    # drop immediate back-and-forth
    out = []
    for h in path:
        if len(out) >= 2 and out[-2] == h:
            out.pop()
            continue
        if not out or out[-1] != h:
            out.append(h)
    return out


def flood(seed, walls):
    return hg.flood(seed, walls)


def main():
    rivers = {name: (kind, sides_of(poly(items))) for name, (kind, items) in RIVERS.items()}
    types_on = {}
    for name, (kind, ss) in rivers.items():
        for s in ss:
            types_on.setdefault(frozenset(s), set()).add(kind)
    wall = lambda *names: {frozenset(s) for n in names for s in rivers[n][1]}
    major = wall("Waal", "Rhine", "Lower Rhine", "IJssel", "Maas")
    NL = flood("6516", wall("Lower Rhine", "IJssel"))
    NW = flood("5806", wall("Waal", "Rhine"))
    E = flood(hg.hex_of(*hg.PLACES["Zevenaar"]), major)
    MW = flood("5020", major)  # between Maas and Waal
    B = NW - NL - E
    print("regions NL", len(NL), "NW", len(NW), "E", len(E), "MW", len(MW), "B", len(B))

    # ---- towns
    towns, town_hex = [], {}
    for name, hs, size in VP_TOWNS:
        for h in hs:
            tid = name.lower().replace("'", "").replace(" ", "-") + "-" + h
            towns.append({"id": tid, "name": name, "hex": h, "size": size, "vp": "{side: allied, hold: 1}"})
            town_hex[h] = size
    drop_hexes = {h for hs in DROPS.values() for h in hs}
    for name in OTHER_TOWNS:
        h = hg.hex_of(*hg.PLACES[name])
        if h is None or h in town_hex or h in drop_hexes or h == "6325":
            continue
        tid = name.lower().replace("'", "").replace(" ", "-") + "-" + h
        towns.append({"id": tid, "name": name, "hex": h, "size": "town"})
        town_hex[h] = "town"

    # ---- terrain
    terr = {}
    for h in HEXES:
        lat, lon = hg.latlon_of(h)
        c, r = col(h), row(h)
        t = "clear"
        if h in B or h in E:
            t = "polder"
        elif h in MW and lon < 5.80 and lat > 51.76:
            t = "polder"
        elif h in MW and lat > 51.84 and lon > 5.88:
            t = "polder"
        elif h in NL:
            near = any(frozenset((h, n)) in major for n in NB[h])
            if near:
                t = "polder"
            elif lat > 51.985 and 5.64 < lon < 6.03:
                t = "woods"
        if t == "clear" and h not in NW and h not in MW and lat > 51.70 and any(
                frozenset((h, n)) in major for n in NB[h]):
            t = "polder"
        if h in MW and 50 <= c <= 54 and 22 <= r <= 28 and (c + r) % 4 != 0:
            t = "woods"
        if ((c - 32) / 4.5) ** 2 + ((r - 19.5) / 5) ** 2 <= 1 and (c * 3 + r) % 5 != 0:
            t = "marsh"
        if ((c - 30.5) / 2) ** 2 + ((r - 5) / 2.2) ** 2 <= 1:
            t = "woods"
        if 11 <= c <= 19 and 3 <= r <= 14 and (c * 7 + r * 3) % 4 == 0 and h not in NB.get("1303", ()):
            t = "woods"
        if 34 <= c <= 38 and 21 <= r <= 26 and (c + 2 * r) % 3 == 0:
            t = "woods"
        terr[h] = t
    for h in drop_hexes:
        terr[h] = "clear"
    for h, s in town_hex.items():
        terr[h] = s
    terr["6325"] = "polder_woods"

    # ---- roads + auto bridges
    roads, road_bridges = [], []
    majorish = {frozenset(s) for s in major}
    rule_pairs = {frozenset(p) for p in [("6122", "6022"), ("5321", "5421"), ("6123", "6124"), ("4816", "4817")]}
    for name, kind, items in ROADS:
        hs = road_hexes(items)
        for p, q in zip(hs, hs[1:]):
            s = frozenset((p, q))
            if s in majorish and s not in rule_pairs:
                print(f"WARNING road {name}: {p}->{q} crosses a major river")
            elif types_on.get(s, set()) & {"canal", "river"} and (p, q) not in road_bridges and (q, p) not in road_bridges:
                road_bridges.append(tuple(sorted((p, q))))
        roads.append((name, kind, hs))
    canal_rule = [("1402", "1502"), ("1306", "1407"), ("1307", "1408"), ("1109", "1210")]
    road_bridges = sorted(set(road_bridges) - {tuple(sorted(p)) for p in canal_rule + [("1303", "1404")]})

    # ---- ferry
    ferry = None
    for n in sorted(NB["5626"]):
        if frozenset(("5626", n)) in wall("Rhine", "Waal", "Lower Rhine"):
            ferry = ("5626", n)
            break
    print("ferry", ferry)

    # ---- corps boundaries
    cb1 = sides_of(poly([("off", "1001", -1, 0.55), ("off", "1501", 0, 0.6), ("off", "2001", 0, 0.55)]))
    cb2 = sides_of(poly([("off", "1008", -1, 0.5), ("off", "1508", 0, 0.45), ("off", "2008", 0, 0.5)]))

    # ---- entry areas
    edge = sorted(h for h in HEXES if G.is_edge(h))
    south = sorted([h for h in edge if col(h) == 10], key=row)
    west = sorted([h for h in edge if row(h) == 1 and col(h) > 10], key=col)
    north = sorted([h for h in edge if col(h) == 67 and row(h) > 1], key=row)
    east = sorted([h for h in edge if row(h) == 30 and 10 < col(h) < 67], key=col)
    others = [h for h in edge if h not in set(south + west + north + east)]
    if others:
        print("edge hexes not on a side:", others)

    def crossings(seq):
        return [i for i in range(len(seq) - 1) if frozenset(seq[i:i + 2]) in majorish]
    print("west crossings", [west[i] for i in crossings(west)], "north", [north[i] for i in crossings(north)],
          "east", [east[i] for i in crossings(east)], "south", [south[i] for i in crossings(south)])
    wc = [col(west[i]) for i in crossings(west)]  # Maas, Waal, Lower Rhine
    ec = [col(east[i]) for i in crossings(east)]
    nc = [row(north[i]) for i in crossings(north)]
    areas = {}
    areas["M"] = [h for h in south if row(h) <= 2] + [h for h in west if col(h) <= 13]
    areas["A"] = [h for h in west if 14 <= col(h) <= 24]
    areas["B"] = [h for h in west if 25 <= col(h) <= 36]
    areas["C"] = [h for h in west if 37 <= col(h) <= wc[0]]
    areas["D"] = [h for h in west if wc[0] < col(h) <= wc[1]]
    areas["E"] = [h for h in west if wc[1] < col(h) <= wc[2]]
    areas["F"] = [h for h in west if col(h) > wc[2]]
    ij_n = nc[-1] if nc else 30
    ij_e = [c for c in ec if c > 58]
    areas["G"] = [h for h in north if row(h) <= 18]
    if ij_e:  # IJssel leaves by the east edge
        areas["H"] = [h for h in north if row(h) > 18] + [h for h in east if col(h) > ij_e[0] - 3]
        low = ij_e[0] - 3
    else:
        areas["H"] = [h for h in north if row(h) > 18]
        low = 66
    rh = [c for c in ec if c < low and c > 45]
    mz = [c for c in ec if c <= 45]
    rh_c = max(rh) if rh else 54
    areas["I"] = [h for h in east if rh_c < col(h) <= low]
    maas_c = max(mz) if mz else 24
    areas["J"] = [h for h in east if maas_c < col(h) <= rh_c]
    areas["K"] = [h for h in east if col(h) <= maas_c]
    areas["L"] = [h for h in south if row(h) >= 16]
    areas["N"] = [h for h in south if 9 <= row(h) <= 15]
    areas["O"] = [h for h in south if 3 <= row(h) <= 8]
    owners = {k: ("[{side: german, from: 1, to: 6}, {side: allied, from: 7}]" if k in "AL" else
                  "[{side: allied, from: 1}]" if k in "MNO" else "[{side: german, from: 1}]") for k in areas}
    write(rivers, terr, towns, roads, road_bridges, ferry, cb1, cb2, areas, owners)


def q(h): return f'"{h}"'


def fl(xs, per=12, ind="    "):
    lines = []
    for i in range(0, len(xs), per):
        lines.append(ind + ", ".join(xs[i:i + per]))
    return "[\n" + ",\n".join(lines) + "\n  ]"


def sides_yaml(ss):
    return fl([f'["{a}", "{b}"]' for a, b in ss], per=6, ind="      ").replace("\n  ]", "\n    ]")


def write(rivers, terr, towns, roads, road_bridges, ferry, cb1, cb2, areas, owners):
    m = '''# Holland '44: one map, 2 km a hex. Hex CCRR: CC counted from the south (left) edge, RR from the
# west (top) edge; north is to the sheet's right. Written by tools/author_holland_map.py.
approximate: true
source: "TEC authored from the rules' surviving text (terrain effects approximate); grid exact (rules 2.x)"
boards:
  - name: Holland
    hexes: columns
    hex_size: 96
    lines: 58
    per_line: 30
    margin: 40
    outer_lines: even
    numbering:
      line_from: left
      pos_from: top
      line_first: true
      sep: ""
      line_digits: 2
      pos_digits: 2
      line_start: 10
      pos_start: 1
terrain_types:
  clear: {name: Clear, move: "1", combat: None, colour: "#ebe5c8"}
  polder: {name: Polder, move: "2", combat: "Defender +1 column shift", colour: "#c9dcb0", road_only: [vehicle]}
  woods: {name: Woods, move: "2", combat: "Defender +1 column shift", colour: "#8fb573", road_only: [vehicle]}
  polder_woods: {name: Polder and woods, move: "2", combat: "Defender +1 column shift", colour: "#9fc08a", road_only: [vehicle]}
  marsh: {name: Marsh, move: "3", combat: "Defender +1 column shift", colour: "#a9c9bf", road_only: [vehicle]}
  town: {name: Town, move: "1", combat: "Defender +1 column shift", colour: "#d9b99b"}
  city: {name: City, move: "1", combat: "Defender +2 column shifts", colour: "#c49a7a"}
hexside_types:
  river: {name: Minor river, move: "+1", combat: "halved", style: water, width: 3}
  canal: {name: Canal, move: "+2, stop", combat: "halved", style: water, colour: "#4f8fd0", width: 5, prohibits: [vehicle]}
  major_river: {name: Major river, move: Prohibited, combat: Prohibited, style: water, width: 11, prohibits: ["*"], blocks_supply: true}
  bridge: {name: Bridge, move: "road", combat: "halved", style: bridge, over: [river, canal, major_river]}
  ferry: {name: Ferry, move: "see 19.3.2", combat: "-", style: ferry, over: [major_river]}
  corps_boundary: {name: Corps boundary, move: "-", combat: "-", style: boundary, colour: "#8b1a1a"}
road_types:
  main: {name: Main road, move: "1/2", colour: "#b03a2e", width: 7}
  secondary: {name: Secondary road, move: "1", colour: "#6e2c00", width: 4}
  minor: {name: Minor road, move: "1", colour: "#7f6a4f", width: 2.5}
'''
    (OUT / "map.yaml").write_text(m)
    t = ["# Holland '44 terrain. Written by tools/author_holland_map.py; re-run it rather than editing.",
         "approximate: true",
         'source: "Authored coarsely from geography (Betuwe/Liemers polder, Veluwe, Reichswald, Peel, Kempen) via tools/holland_geo.py"',
         "default: clear", "terrain:"]
    for k in ["polder", "woods", "polder_woods", "marsh", "town", "city"]:
        hs = sorted(h for h, v in terr.items() if v == k)
        if hs:
            t.append(f"  # {len(hs)} hexes")
            t.append(f"  {k}: " + fl([q(h) for h in hs]))
    (OUT / "terrain.yaml").write_text("\n".join(t) + "\n")

    f = ["# Holland '44 hexsides, roads, towns, areas and entry areas. Written by tools/author_holland_map.py.",
         "# Exact from the rules: VP hexes, named bridges, Pannerden ferry hex, A1/A2, 6314. The rest is authored.",
         "approximate: true",
         'source: "Rivers, canals, roads, other towns, drop zones and entry-area extents authored from geography"',
         "hexsides:"]
    for name, (kind, ss) in rivers.items():
        f.append(f"  - type: {kind}\n    name: \"{name}\"\n    sides: {sides_yaml(ss)}")
    rule_br = [("Arnhem road bridge", "6122", "6022", "tags: [never_blown], note: \"5.7.1\""),
               ("Nijmegen road bridge", "5321", "5421", "tags: [never_blown], note: \"5.7.1\""),
               ("Westervoort bridge", "6123", "6124", "tags: [never_blown], note: \"5.7.1\""),
               ("Grave bridge", "4816", "4817", "tags: [not_blown_allied_turn_1], note: \"5.7.2\""),
               ("Joe's Bridge", "1303", "1404", "note: \"S1.2, intact at start\""),
               ("Lommel bridge", "1402", "1502", "note: \"S1.2\""),
               ("Lozen bridge", "1306", "1407", "note: \"S1.2\""),
               ("Hamont bridge", "1307", "1408", "note: \"S1.2\""),
               ("Bocholt bridge", "1109", "1210", "note: \"S1.2\"")]
    for name, a, b, extra in rule_br:
        f.append(f'  - {{type: bridge, name: "{name}", sides: [["{a}", "{b}"]], {extra}}}')
    if road_bridges:
        f.append(f"  - type: bridge\n    name: \"Road bridges\"\n    sides: {sides_yaml(road_bridges)}")
    if ferry:
        f.append(f'  - {{type: ferry, name: "Pannerden ferry", sides: [["{ferry[0]}", "{ferry[1]}"]], note: "19.3.2"}}')
    f.append(f"  - type: corps_boundary\n    name: \"XII/XXX Corps boundary\"\n    sides: {sides_yaml(cb1)}")
    f.append(f"  - type: corps_boundary\n    name: \"XXX/VIII Corps boundary\"\n    sides: {sides_yaml(cb2)}")
    f.append("roads:")
    for name, kind, hs in roads:
        f.append(f'  - name: "{name}"\n    kind: {kind}\n    hexes: ' + fl([q(h) for h in hs]).replace("\n  ]", "\n    ]").replace("\n    \"", "\n      \""))
    f.append("towns:")
    for tw in towns:
        vp = f", vp: {tw['vp']}" if "vp" in tw else ""
        nm = tw["name"].replace('"', '')
        f.append(f'  - {{id: {tw["id"]}, name: "{nm}", hex: "{tw["hex"]}", size: {tw["size"]}{vp}}}')
    f.append("areas:")
    for code, hs in DROPS.items():
        f.append(f'  - {{id: drop-{code.lower()}, name: "Drop zone {code}", hexes: [{", ".join(q(h) for h in hs)}], label: "{code}"}}')
    f.append(f'  - {{id: unknown-start, name: "Unknown German units (25.4)", hexes: [{", ".join(q(h) for h in UNKNOWN)}], label: "?"}}')
    f.append('  - id: north-of-lower-rhine\n    name: "North of the Lower Rhine"\n'
             '    region: {seed: "6516", bounded_by: ["Lower Rhine", "IJssel"]}')
    f.append('  - id: north-of-waal\n    name: "North of the Waal"\n'
             '    region: {seed: "5806", bounded_by: ["Waal", "Rhine"]}')
    f.append("entry_areas:")
    for k in "ABCDEFGHIJKLMNO":
        f.append(f"  - id: {k}\n    name: \"Entry area {k}\"\n    hexes: [{', '.join(q(h) for h in areas[k])}]\n    owners: {owners[k]}")
    (OUT / "features.yaml").write_text("\n".join(f) + "\n")


if __name__ == "__main__":
    main()
