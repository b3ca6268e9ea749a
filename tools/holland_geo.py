"""Holland '44 geography check: real places against the rulebook's hexes, plus map-data checks.

The rules give hex numbers for the VP towns, the special bridges, the A1/A2 drop hexes and
the Pannerden ferry; the grid itself (58 columns x 30 rows, flat-top, column CC counted
south to north, row RR west to east) is fixed in maps/holland44/map.yaml. This script:

1. fits the grid to real geography by least squares (pure Python): a similarity transform
   (origin, scale, rotation) from local kilometres to board pixels, on the towns and bridges
   whose hexes the rules print; it prints every named hex's residual in hexes and exits 1
   if any rule hex lands more than 2 hexes from its real place;
2. with --data, checks maps/holland44/*.yaml: hexside pairs adjacent, roads continuous,
   bridges and ferries on water hexsides, Hell's Highway through its bridges in order, VP
   hexes on town/city terrain, drop codes and entry areas complete, and that the two
   regions (north of the Lower Rhine, north of the Waal) are closed by their rivers.

The projection (pixel_of, hex_of, latlon_of) is also what tools/author_holland_map.py uses
to author the approximate terrain, rivers, roads and towns.

    .venv/bin/python tools/holland_geo.py          # fit and residual table
    .venv/bin/python tools/holland_geo.py --data   # ... and the map-data checks
"""

from __future__ import annotations

import cmath
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from modgen.geometry import BoardSpec, build_geometry  # noqa: E402

SPEC = BoardSpec(name="Holland", hexes="columns", hex_size=96, lines=58, per_line=30, margin=40,
                 outer_lines="even", line_from="left", pos_from="top", line_first=True, sep="",
                 line_digits=2, pos_digits=2, line_start=10, pos_start=1)
GEOMETRY = build_geometry(SPEC)
HEX_PX = float(SPEC.hex_size)  # pixels between neighbouring hex centres
KM_PER_HEX = 2.0  # the rules' scale (2.1: about 2 km a hex)

LAT0, LON0 = 51.6, 5.7  # local tangent plane origin (km)

# --------------------------------------------------------------------------------------
# Real places (lat, lon), WGS84, to about 0.005 deg. Bridges are the 1944 crossing sites.
# --------------------------------------------------------------------------------------
PLACES: dict[str, tuple[float, float]] = {
    # rule towns
    "Eindhoven": (51.4390, 5.4785), "Helmond": (51.4800, 5.6590), "'s-Hertogenbosch": (51.6890, 5.3040),
    "Nijmegen": (51.8450, 5.8620), "Tiel": (51.8870, 5.4290), "Arnhem": (51.9810, 5.9090),
    "Overloon": (51.5720, 5.9450), "Venray": (51.5260, 5.9750),
    # rule bridges, drop hexes, ferry
    "Arnhem road bridge": (51.9768, 5.9115), "Nijmegen road bridge": (51.8530, 5.8665),
    "Westervoort bridge": (51.9590, 5.9650), "Grave bridge": (51.7670, 5.7460),
    "Joe's Bridge": (51.2320, 5.4030), "Pannerden": (51.8930, 6.0400),
    "DZ A1 (NW of Veghel)": (51.6280, 5.5150), "DZ A2 (Kasteren, Heeswijk)": (51.6420, 5.4800),
    # other towns
    "Veghel": (51.6170, 5.5490), "Uden": (51.6610, 5.6190), "Grave": (51.7590, 5.7380),
    "Son": (51.5110, 5.4930), "Best": (51.5080, 5.3920), "St-Oedenrode": (51.5680, 5.4600),
    "Valkenswaard": (51.3510, 5.4600), "Oss": (51.7650, 5.5180), "Zaltbommel": (51.8100, 5.2460),
    "Elst": (51.9190, 5.8480), "Oosterbeek": (51.9870, 5.8450), "Wageningen": (51.9690, 5.6650),
    "Renkum": (51.9770, 5.7330), "Ede": (52.0410, 5.6650), "Zevenaar": (51.9300, 6.0710),
    "Emmerich": (51.8330, 6.2450), "Kleve": (51.7900, 6.1390), "Gennep": (51.6980, 5.9740),
    "Boxmeer": (51.6470, 5.9470), "Cuijk": (51.7280, 5.8790), "Heumen": (51.7670, 5.8300),
    "Groesbeek": (51.7770, 5.9360), "Driel": (51.9600, 5.8170), "Bemmel": (51.8920, 5.8970),
    "Weert": (51.2520, 5.7070), "Deurne": (51.4620, 5.7960), "Mill": (51.6880, 5.7810),
    "Schijndel": (51.6230, 5.4320), "Boxtel": (51.5910, 5.3290), "Lommel": (51.2310, 5.3130),
    "Neerpelt": (51.2280, 5.4220), "Geldrop": (51.4220, 5.5600), "Nuenen": (51.4700, 5.5530),
    "Hamont": (51.2510, 5.5460), "Achel": (51.2540, 5.4800), "Budel": (51.2730, 5.5750),
    "Leende": (51.3500, 5.5530), "Heeze": (51.3830, 5.5710), "Bergeijk": (51.3190, 5.3590),
    "Eersel": (51.3570, 5.3180), "Veldhoven": (51.4190, 5.4050), "Oirschot": (51.5050, 5.3130),
    "Vught": (51.6550, 5.2940), "Rosmalen": (51.7160, 5.3650), "Heesch": (51.7330, 5.5270),
    "Nistelrode": (51.7030, 5.5630), "Ravenstein": (51.7960, 5.6510), "Megen": (51.8220, 5.5620),
    "Lith": (51.8050, 5.4380), "Wijchen": (51.8090, 5.7250), "Beuningen": (51.8610, 5.7670),
    "Druten": (51.8890, 5.6050), "Kesteren": (51.9350, 5.5690), "Zetten": (51.9280, 5.7140),
    "Huissen": (51.9370, 5.9400), "Lent": (51.8620, 5.8640), "Gendt": (51.8760, 5.9710),
    "Doornenburg": (51.8930, 6.0050), "Millingen": (51.8640, 6.0470), "Mook": (51.7530, 5.8800),
    "Velp": (51.9950, 5.9780), "Rheden": (52.0100, 6.0300), "Dieren": (52.0530, 6.1000),
    "Doesburg": (52.0130, 6.1400), "Duiven": (51.9470, 6.0210), "Wolfheze": (52.0010, 5.7920),
    "Bennekom": (52.0020, 5.6780), "Rhenen": (51.9590, 5.5700), "Veenendaal": (52.0280, 5.5590),
    "Deelen": (52.0600, 5.8700), "Heteren": (51.9560, 5.7520), "Opheusden": (51.9320, 5.6330),
    "Asten": (51.4040, 5.7500), "Someren": (51.3850, 5.7110), "Nederweert": (51.2860, 5.7480),
    "Meijel": (51.3440, 5.8830), "Horst": (51.4540, 6.0510), "Venlo": (51.3700, 6.1720),
    "Roermond": (51.1940, 5.9870), "Gemert": (51.5560, 5.6900), "Boekel": (51.6030, 5.6750),
    "Erp": (51.6000, 5.6070), "Beek en Donk": (51.5350, 5.6300), "Aarle-Rixtel": (51.5080, 5.6380),
    "St Anthonis": (51.6270, 5.8810), "Vierlingsbeek": (51.5960, 6.0100), "Wanssum": (51.5340, 6.0740),
    "Goch": (51.6770, 6.1620), "Kranenburg": (51.7880, 6.0070), "Wyler": (51.8130, 5.9800),
    "Beek": (51.8290, 5.9310), "Overasselt": (51.7600, 5.7890), "Zeeland": (51.6960, 5.6740),
    "Schaijk": (51.7460, 5.6330), "Dinther": (51.6440, 5.4800), "Berlicum": (51.6790, 5.4000),
    "Eerde": (51.6020, 5.5090), "Liempde": (51.5690, 5.3730), "Peer": (51.1320, 5.4580),
    "Hechtel": (51.1270, 5.3670), "Bocholt": (51.1730, 5.5780), "Lozen": (51.2180, 5.6160),
    "Maarheeze": (51.3130, 5.6180), "Mierlo": (51.4400, 5.6200), "Lieshout": (51.5180, 5.5960),
    "Westervoort": (51.9580, 5.9720), "Oosterhout": (51.8780, 5.8240), "Randwijk": (51.9380, 5.7080),
    "Culemborg": (51.9550, 5.2270), "Geldermalsen": (51.8820, 5.2890), "Wamel": (51.8780, 5.4650),
    "Ewijk": (51.8770, 5.7420), "Hatert": (51.8170, 5.8260), "Malden": (51.7800, 5.8550),
    "Lobith": (51.8620, 6.1190), "Babberich": (51.9080, 6.1140), "Elten": (51.8700, 6.1600),
    "Sevenum": (51.4120, 6.0370), "America": (51.4380, 5.9790), "Ysselsteyn": (51.4910, 5.9040),
    "Oploo": (51.6050, 5.8650), "Haps": (51.6880, 5.8630), "Escharen": (51.7390, 5.7330),
    "Heelsum": (51.9840, 5.7580), "Doorwerth": (51.9730, 5.7900), "Arnhem north": (52.0050, 5.9000),
}

# --------------------------------------------------------------------------------------
# What the rules fix: (label, hexes, place, fitted). A hexside is two hexes; its point is
# the hexside midpoint. Multi-hex towns are fitted at the mean of their hexes.
# --------------------------------------------------------------------------------------
RULE_POINTS: list[tuple[str, tuple[str, ...], str, bool]] = [
    ("Eindhoven (26.5.1)", ("2608", "2707", "2708"), "Eindhoven", True),
    ("Helmond (26.5.1)", ("2914",), "Helmond", True),
    ("'s-Hertogenbosch (26.5.1)", ("4301",), "'s-Hertogenbosch", True),
    ("Nijmegen (26.5.1)", ("5320", "5321"), "Nijmegen", True),
    ("Tiel (26.5.1)", ("5606",), "Tiel", True),
    ("Arnhem (26.5.1)", ("6122", "6222", "6223"), "Arnhem", True),
    ("Overloon (26.5.1)", ("3524",), "Overloon", True),
    ("Venray (26.5.1)", ("3225",), "Venray", True),
    ("Arnhem bridge 6122/6022 (5.7.1)", ("6122", "6022"), "Arnhem road bridge", True),
    ("Nijmegen bridge 5321/5421 (5.7.1)", ("5321", "5421"), "Nijmegen road bridge", True),
    ("Westervoort bridge 6123/6124 (5.7.1)", ("6123", "6124"), "Westervoort bridge", True),
    ("Grave bridge 4816/4817 (5.7.2)", ("4816", "4817"), "Grave bridge", True),
    ("Joe's Bridge 1303/1404 (S1.2)", ("1303", "1404"), "Joe's Bridge", True),
    ("Pannerden ferry 5626 (19.3.2)", ("5626",), "Pannerden", False),
    ("Drop hex A1 3909 (22.2.4)", ("3909",), "DZ A1 (NW of Veghel)", False),
    ("Drop hex A2 4008 (22.2.4)", ("4008",), "DZ A2 (Kasteren, Heeswijk)", False),
]
TOLERANCE_HEXES = 2.0


def km(lat: float, lon: float) -> tuple[float, float]:
    """(east, north) km from the local origin (equirectangular, fine over 100 km)."""
    return (lon - LON0) * 111.32 * math.cos(math.radians(LAT0)), (lat - LAT0) * 110.57


def _w(lat: float, lon: float) -> complex:
    """A place as a complex number north + i*east: the board's x runs north, y runs east."""
    e, n = km(lat, lon)
    return complex(n, e)


def _target(hexes: tuple[str, ...]) -> complex:
    pts = [GEOMETRY.centre(h) for h in hexes]
    return complex(sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def fit_similarity() -> tuple[complex, complex]:
    """Least squares z = a*w + b (complex a: scale and rotation; b: origin)."""
    obs = [(_w(*PLACES[p]), _target(h)) for _, h, p, used in RULE_POINTS if used]
    wbar = sum(w for w, _ in obs) / len(obs)
    zbar = sum(z for _, z in obs) / len(obs)
    num = sum((z - zbar) * (w - wbar).conjugate() for w, z in obs)
    den = sum(abs(w - wbar) ** 2 for w, _ in obs)
    a = num / den
    return a, zbar - a * wbar


def fit_origin_only() -> tuple[complex, complex]:
    """Least squares origin with the rules' nominal scale (2 km a hex) and no rotation."""
    a = complex(HEX_PX / KM_PER_HEX, 0.0)
    obs = [(_w(*PLACES[p]), _target(h)) for _, h, p, used in RULE_POINTS if used]
    return a, sum(z - a * w for w, z in obs) / len(obs)


A, B = fit_similarity()


def pixel_of(lat: float, lon: float) -> tuple[float, float]:
    z = A * _w(lat, lon) + B
    return z.real, z.imag


def hex_of(lat: float, lon: float) -> str | None:
    """The hex a real place falls in, or None off the map."""
    x, y = pixel_of(lat, lon)
    return GEOMETRY.hex_at(round(x), round(y))


def latlon_of_pixel(x: float, y: float) -> tuple[float, float]:
    w = (complex(x, y) - B) / A
    n, e = w.real, w.imag
    return LAT0 + n / 110.57, LON0 + e / (111.32 * math.cos(math.radians(LAT0)))


def latlon_of(hex_id: str) -> tuple[float, float]:
    return latlon_of_pixel(*GEOMETRY.centre(hex_id))


def residuals(a: complex, b: complex) -> list[tuple[str, str, float, str | None]]:
    """(label, hex, residual in hexes, hex the real place falls in) for every rule hex."""
    out = []
    for label, hexes, place, _ in RULE_POINTS:
        z = a * _w(*PLACES[place]) + b
        real_hex = GEOMETRY.hex_at(round(z.real), round(z.imag))
        if len(hexes) == 2 and hexes[1] in GEOMETRY.neighbours(hexes[0]) and "bridge" in label.lower():
            items = [("/".join(hexes), _target(hexes))]  # a hexside: its midpoint
        else:
            items = [(h, _target((h,))) for h in hexes]
        for name, t in items:
            out.append((label, name, abs(z - t) / HEX_PX, real_hex))
    return out


def geo_report() -> bool:
    scale_km = HEX_PX / abs(A)
    rot = math.degrees(cmath.phase(A))
    print(f"Similarity fit on {sum(1 for r in RULE_POINTS if r[3])} rule places: "
          f"{scale_km:.3f} km per hex (rules: about {KM_PER_HEX:g}), rotation {rot:+.2f} deg "
          f"(north toward +x / sheet right, east toward +y / sheet bottom)")
    a0, b0 = fit_origin_only()
    res = residuals(A, B)
    res0 = {(lbl, h): r for lbl, h, r, _ in residuals(a0, b0)}
    print(f"{'rule item':40} {'hex(es)':10} {'resid':>6} {'orig-only':>9}  real place falls in")
    worst = 0.0
    for label, h, r, real_hex in res:
        print(f"{label:40} {h:10} {r:6.2f} {res0[(label, h)]:9.2f}  {real_hex}")
        worst = max(worst, r)
    rms = math.sqrt(sum(r * r for *_, r, _ in res) / len(res))
    print(f"worst residual {worst:.2f} hexes, rms {rms:.2f} (limit {TOLERANCE_HEXES:g}); "
          f"origin-only fit worst {max(res0.values()):.2f}")
    corners = ["1001", "1030", "6701", "6730"]
    print("corners: " + ", ".join(f"{c} {latlon_of(c)[0]:.3f}N {latlon_of(c)[1]:.3f}E" for c in corners))
    return worst <= TOLERANCE_HEXES


# --------------------------------------------------------------------------------------
# Map-data checks (--data)
# --------------------------------------------------------------------------------------
RULE_BRIDGES = [  # Hell's Highway order
    ("Joe's Bridge", ("1303", "1404")),
    ("Grave bridge", ("4816", "4817")),
    ("Nijmegen road bridge", ("5321", "5421")),
    ("Arnhem road bridge", ("6022", "6122")),
]
VP_HEXES = ["2608", "2707", "2708", "2914", "4301", "5320", "5321", "5606", "6122", "6222", "6223", "3524", "3225"]
DROP_CODES = ["A1", "A2", "B", "C", "W", "N", "O", "T", "L", "S", "X", "Y", "Z", "K"]


def flood(seed: str, walls: set[frozenset]) -> set[str]:
    seen, todo = {seed}, [seed]
    while todo:
        h = todo.pop()
        for nb in GEOMETRY.neighbours(h):
            if nb not in seen and frozenset((h, nb)) not in walls:
                seen.add(nb)
                todo.append(nb)
    return seen


def data_checks() -> list[str]:
    import yaml

    folder = ROOT / "maps" / "holland44"
    mp = yaml.safe_load((folder / "map.yaml").read_text())
    tr = yaml.safe_load((folder / "terrain.yaml").read_text())
    ft = yaml.safe_load((folder / "features.yaml").read_text())
    errors: list[str] = []
    G = GEOMETRY
    hexes = set(G.raw_of)
    nb = {h: set(G.neighbours(h)) for h in hexes}

    terrain = {h: tr["default"] for h in hexes}
    for t, hs in tr["terrain"].items():
        if t not in mp["terrain_types"]:
            errors.append(f"terrain type {t} not in map.yaml")
        for h in hs:
            if h not in hexes:
                errors.append(f"terrain {t}: unknown hex {h}")
            terrain[h] = t
    if terrain.get("6325") != "polder_woods":
        errors.append("6325 must be polder_woods (8.6.3)")

    types_on: dict[frozenset, set[str]] = {}
    by_name: dict[str, list[frozenset]] = {}
    for f in ft["hexsides"]:
        if f["type"] not in mp["hexside_types"]:
            errors.append(f"{f['name']}: unknown hexside type {f['type']}")
        for a, b in f["sides"]:
            if a not in hexes or b not in hexes or b not in nb[a]:
                errors.append(f"{f['name']}: {a}/{b} is not a pair of adjacent hexes")
                continue
            s = frozenset((a, b))
            types_on.setdefault(s, set()).add(f["type"])
            by_name.setdefault(f["name"], []).append(s)
    for f in ft["hexsides"]:
        on = mp["hexside_types"][f["type"]].get("on")
        for a, b in f["sides"] if on else ():
            if not types_on.get(frozenset((a, b)), set()) & set(on):
                errors.append(f"{f['type']} {f['name']} at {a}/{b} is not on a {'/'.join(on)} hexside")
    for name, (a, b) in RULE_BRIDGES + [("Westervoort bridge", ("6123", "6124"))]:
        if "bridge" not in types_on.get(frozenset((a, b)), set()):
            errors.append(f"rule bridge {name} {a}/{b} missing")
    for a, b in [("1402", "1502"), ("1306", "1407"), ("1307", "1408"), ("1109", "1210"), ("1303", "1404")]:
        t = types_on.get(frozenset((a, b)), set())
        if not {"bridge", "canal"} <= t:
            errors.append(f"canal bridge {a}/{b}: has {sorted(t)}")
    if not any("5626" in s and "ferry" in t for s, t in types_on.items()):
        errors.append("no ferry hexside at 5626")

    # roads: continuous, and every road step across water is a bridge
    water = {"major_river", "canal", "river"}
    for r in ft["roads"]:
        hs = r["hexes"]
        for p, q in zip(hs, hs[1:]):
            if q not in nb.get(p, ()):
                errors.append(f"road {r['name']}: {q} not adjacent to {p}")
                continue
            t = types_on.get(frozenset((p, q)), set())
            if t & water and "bridge" not in t and "ferry" not in t:
                errors.append(f"road {r['name']}: {p}->{q} crosses {sorted(t & water)} without a bridge")
        if r.get("kind") not in mp.get("road_types", {}):
            errors.append(f"road {r['name']}: unknown kind {r.get('kind')}")
    hh = next((r for r in ft["roads"] if r["name"] == "Hell's Highway"), None)
    if hh is None:
        errors.append("no Hell's Highway")
    else:
        steps = [frozenset(p) for p in zip(hh["hexes"], hh["hexes"][1:])]
        idx = []
        for name, pair in RULE_BRIDGES:
            s = frozenset(pair)
            if s not in steps:
                errors.append(f"Hell's Highway does not cross {name} {'/'.join(pair)}")
            else:
                idx.append(steps.index(s))
        if idx != sorted(idx):
            errors.append(f"Hell's Highway crosses the rule bridges out of order: {idx}")
        if hh.get("kind") != "main":
            errors.append("Hell's Highway must be kind main")

    # towns
    vp = {}
    for t in ft["towns"]:
        if "vp" in t:
            vp[t["hex"]] = t
        size = t.get("size", "town")
        if terrain[t["hex"]] not in ("town", "city"):
            errors.append(f"town {t['id']} at {t['hex']} is on {terrain[t['hex']]}")
        elif terrain[t["hex"]] != size:
            errors.append(f"town {t['id']} size {size} but terrain {terrain[t['hex']]}")
    if sorted(vp) != sorted(VP_HEXES):
        errors.append(f"VP hexes {sorted(vp)} != rules {sorted(VP_HEXES)}")
    for h, t in vp.items():
        if t["vp"] != {"side": "allied", "hold": 1}:
            errors.append(f"VP hex {h}: {t['vp']}")

    # areas: drop codes, unknown start, regions
    areas = {a["id"]: a for a in ft["areas"]}
    for code in DROP_CODES:
        a = areas.get(f"drop-{code.lower()}")
        if a is None or a.get("label") != code:
            errors.append(f"drop area {code} missing")
            continue
        for h in a["hexes"]:
            if terrain[h] in ("city", "woods", "polder", "polder_woods"):
                errors.append(f"drop {code} hex {h} is {terrain[h]} (no landing, 22.2.3)")
    if areas.get("drop-a1", {}).get("hexes") != ["3909"] or areas.get("drop-a2", {}).get("hexes") != ["4008"]:
        errors.append("A1 must be 3909 and A2 4008")
    if len(areas.get("drop-k", {}).get("hexes", [])) != 3:
        errors.append("Polish drop K needs 3 hexes")
    unk = areas.get("unknown-start", {})
    if unk.get("label") != "?" or "6314" not in unk.get("hexes", []):
        errors.append("unknown-start area must be labelled ? and hold 6314")
    edge = {h for h in hexes if G.is_edge(h)}
    for aid, a in areas.items():
        if "region" not in a:
            continue
        walls = {s for n in a["region"]["bounded_by"] for s in by_name.get(n, [])}
        region = flood(a["region"]["seed"], walls)
        rest = hexes - region
        print(f"region {aid}: {len(region)} hexes from {a['region']['seed']}, {len(rest)} outside")
        if not rest or len(rest) < 200:
            errors.append(f"region {aid} leaks ({len(region)} hexes)")
        # closed: the complement is one piece touching the map edge too
        if rest and not (rest & edge):
            errors.append(f"region {aid}: outside part does not reach the edge")
    # the named regions' sanity: which rule places lie inside
    inside_checks = {
        "north-of-lower-rhine": (["6122", "6222", "6223", "6516", "6314"], ["6022", "5421", "5320", "6124"]),
        "north-of-waal": (["5421", "6022", "6122", "5606"], ["5321", "5320", "4817", "4301"]),
    }
    for aid, (ins, outs) in inside_checks.items():
        a = areas.get(aid)
        if not a:
            errors.append(f"region {aid} missing")
            continue
        walls = {s for n in a["region"]["bounded_by"] for s in by_name.get(n, [])}
        region = flood(a["region"]["seed"], walls)
        errors += [f"{aid}: {h} should be inside" for h in ins if h not in region]
        errors += [f"{aid}: {h} should be outside" for h in outs if h in region]

    # entry areas: A..O, edge hexes, each edge hex at most once, M/N/O allied, B..K german
    seen: dict[str, str] = {}
    ids = [e["id"] for e in ft["entry_areas"]]
    if ids != list("ABCDEFGHIJKLMNO"):
        errors.append(f"entry areas {ids}")
    major = {s for s, t in types_on.items() if "major_river" in t}
    for e in ft["entry_areas"]:
        for h in e["hexes"]:
            if h not in edge:
                errors.append(f"entry area {e['id']}: {h} not an edge hex")
            if h in seen:
                errors.append(f"entry area {e['id']}: {h} already in {seen[h]}")
            seen[h] = e["id"]
        # one bank of every major river, except H (which spans one)
        pieces = _components(set(e["hexes"]), nb, major)
        if e["id"] == "H" and pieces < 2:
            errors.append("entry area H should span a major river")
        if e["id"] != "H" and pieces > 1:
            errors.append(f"entry area {e['id']} spans a major river")
        owners = [(o["side"], o["from"], o.get("to")) for o in e["owners"]]
        want = ([("german", 1, 6), ("allied", 7, None)] if e["id"] in "AL"
                else [("allied", 1, None)] if e["id"] in "MNO" else [("german", 1, None)])
        if owners != want:
            errors.append(f"entry area {e['id']} owners {owners}")
    return errors


def _components(hs: set[str], nb: dict[str, set[str]], walls: set[frozenset]) -> int:
    """Pieces of an edge-hex list: consecutive edge hexes joined unless a major river parts them."""
    left, n = set(hs), 0
    while left:
        n += 1
        todo = [left.pop()]
        while todo:
            h = todo.pop()
            for x in nb[h] & left:
                if frozenset((h, x)) not in walls:
                    left.discard(x)
                    todo.append(x)
    return n


def main() -> int:
    ok = geo_report()
    if "--data" in sys.argv:
        errors = data_checks()
        for e in errors:
            print("DATA:", e)
        print(f"map data: {len(errors)} problem(s)")
        ok = ok and not errors
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
