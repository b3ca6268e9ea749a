"""Generate counters/owc1914/{units,markers}.yaml and scenarios/{a_galicia,b_steamroller,c_hindenburg,campaign}.yaml.

Ostatnia Wojna Cesarzy (NOVINA 1997) prints no order of battle, no set-ups and no campaign card in
the surviving rulebook (Ostatnia Wojna Cesarzy, NOVINA, 1997, Polish rules). Everything here is
authored from the history of August - December 1914 on the Eastern Front (corps level), except the
values, names and hexes the rules give, which are entered exactly and listed in `exact:`:
  SP:  German I Corps 3 (7.3: I Corps + 1 DK = 4 SP), 1 DK 1, XI Corps 3 (33.3.1), 35 DPRez 1 (7.4.3),
       Toruń Corps 2 + 3 DPRez 1 (8.6.1: 3 SP); A-H XVII Corps 2, XI Corps + Hauer 3 (7.4.4);
       Russian XX Corps 2 (7.3, 25.2), XXI Corps 3 (7.4.4), I and XIII Corps 2 each (7.4.3: 4 SP, half XIII's);
       Russian 1st Army HQ command range 2 (21.3) at hex 1119 (25.2)
  resilience: German 3 DPRez 10 > Toruń Corps 7 (8.6.1), XI Corps 10 (9.5.1: 10 - 7 = 3), XX Corps 10
       (8.3: higher than 9); A-H 43 DP 9 (9.3: 9 - 4 = 5), 51 DP second line (8.4); Russian III Corps 9 and
       XXVI Corps 7 (21.3), IV Corps 9 and 72 DP 7 (8.3), XVII Corps 9 and 81 DP 7 (8.4), XXIII Corps and
       II Caucasian Corps 9 (9.4: 9 - 3 = 6), XX Corps 9 (25.2: 9 + 2 - 4 = 7)
  C.5: XXIII Corps' 2 DP -> 1 BStrz, V Siberian Corps' 12 Siberian Rifle Division -> 79 DP, Kummer Corps'
       95 Landsturm Division -> Nikić Division (the substitutes carry the same values, 27)
  17: 8 Allied and 6 Russian patrols (B.4: 6 and 4 in scenario B)
Set-up hexes come from historical positions through tools/owc_geo.py (the grid fitted to the
rulebook's named hexes), moved to the nearest land hex of the unit's own side (its own or allied
territory in the campaign and scenario A; any hex not held by the enemy in B and C, where the
front lies in enemy territory) when the place falls on water, off the map or on the wrong side.
Run from the repository root:
    .venv/bin/python tools/author_owc_counters.py
"""
from __future__ import annotations

import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from owc_geo import hex_of, on_map, cartesian, latlon_of  # noqa: E402

OUT = ROOT / "counters" / "owc1914"
MAPDIR = ROOT / "maps" / "owc1914"

# ---------------------------------------------------------------- places (lat, lon)
P = {
    # East Prussia / Baltic (German)
    "Königsberg": (54.71, 20.45), "Insterburg": (54.63, 21.81), "Gumbinnen": (54.60, 22.20), "Stallupönen": (54.63, 22.57),
    "Goldap": (54.31, 22.30), "Angerburg": (54.22, 21.93), "Lötzen": (54.03, 21.76), "Lyck": (53.82, 22.36),
    "Johannisburg": (53.62, 21.80), "Allenstein": (53.78, 20.48), "Ortelsburg": (53.58, 20.99), "Osterode": (53.70, 19.97),
    "Soldau": (53.27, 20.10), "Neidenburg": (53.36, 20.43), "Gilgenburg": (53.44, 20.05), "Deutsch Eylau": (53.61, 19.57),
    "Marienburg": (54.04, 19.03), "Elbing": (54.16, 19.40), "Graudenz": (53.48, 18.75), "Thorn": (53.01, 18.60),
    "Bischofsburg": (53.86, 21.07), "Rastenburg": (54.08, 21.38), "Tilsit": (55.08, 21.88), "Pillau": (54.64, 19.90),
    "Bromberg": (53.12, 18.00), "Darkehmen": (54.31, 22.03), "Wehlau": (54.61, 21.22), "Heilsberg": (54.12, 20.58),
    # Germany west / Silesia
    "Posen": (52.41, 16.93), "Gnesen": (52.53, 17.60), "Inowrocław": (52.80, 18.26), "Hohensalza": (52.80, 18.26),
    "Ostrowo": (51.65, 17.81), "Kempen": (51.29, 17.99), "Kreuzburg": (50.97, 18.17), "Oppeln": (50.67, 17.93),
    "Breslau": (51.11, 17.03), "Gleiwitz": (50.30, 18.68), "Kattowitz": (50.26, 19.02), "Beuthen": (50.35, 18.92),
    "Lublinitz": (50.67, 18.69), "Rosenberg": (50.89, 18.43), "Lissa": (51.84, 16.57), "Jarotschin": (51.97, 17.50),
    "Strelno": (52.63, 18.15), "Gollub": (53.11, 19.05), "Strasburg": (53.24, 19.40), "Lautenburg": (53.24, 19.66),
    "Mlawa-border": (53.25, 20.25),
    # Russian Poland / Lithuania
    "Kowno": (54.90, 23.90), "Wilno": (54.68, 25.28), "Olita": (54.40, 24.05), "Grodno": (53.68, 23.83),
    "Wirballen": (54.63, 22.80), "Wylkowyszki": (54.64, 23.03), "Mariampol": (54.56, 23.35), "Suwałki": (54.10, 22.93),
    "Augustów": (53.84, 22.98), "Osowiec": (53.47, 22.65), "Białystok": (53.13, 23.16), "Łomża": (53.18, 22.07),
    "Ostrołęka": (53.08, 21.57), "Różan": (52.88, 21.40), "Pułtusk": (52.70, 21.08), "Mława": (53.11, 20.38),
    "Ciechanów": (52.88, 20.62), "Przasnysz": (53.02, 20.88), "Płock": (52.55, 19.70), "Włocławek": (52.65, 19.07),
    "Kutno": (52.23, 19.36), "Łowicz": (52.11, 19.94), "Łódź": (51.77, 19.46), "Piotrków": (51.41, 19.70),
    "Kalisz": (51.76, 18.09), "Sieradz": (51.60, 18.73), "Wieluń": (51.22, 18.57), "Częstochowa": (50.81, 19.12),
    "Radomsko": (51.07, 19.44), "Kielce": (50.87, 20.63), "Radom": (51.40, 21.15), "Dęblin": (51.56, 21.85),
    "Ivangorod": (51.56, 21.85), "Kozienice": (51.58, 21.55), "Warszawa": (52.23, 21.01), "Modlin": (52.43, 20.72),
    "Nowogeorgiewsk": (52.43, 20.72), "Siedlce": (52.17, 22.29), "Brześć": (52.10, 23.70), "Lublin": (51.25, 22.57),
    "Kraśnik": (50.92, 22.22), "Zamość": (50.72, 23.25), "Chełm": (51.14, 23.47), "Kowel": (51.21, 24.71),
    "Włodawa": (51.55, 23.55), "Hrubieszów": (50.81, 23.89), "Tomaszów Lubelski": (50.45, 23.42), "Krasnystaw": (50.98, 23.17),
    "Opole Lubelskie": (51.15, 21.97), "Sandomierz": (50.68, 21.75), "Opatów": (50.80, 21.43), "Miechów": (50.36, 20.03),
    "Sosnowiec": (50.29, 19.13), "Ostrowiec": (50.93, 21.39), "Skierniewice": (51.96, 20.15), "Sochaczew": (52.23, 20.24),
    "Grójec": (51.87, 20.87), "Garwolin": (51.90, 21.61), "Łuków": (51.93, 22.38), "Biała": (52.03, 23.12),
    "Włodzimierz": (50.85, 24.32), "Łuck": (50.75, 25.33), "Dubno": (50.42, 25.73), "Brody-east": (50.10, 25.20),
    "Rawa Mazowiecka": (51.76, 20.25), "Tomaszów Mazowiecki": (51.53, 20.01), "Szawle": (55.93, 23.32),
    "Kiejdany": (55.29, 23.97), "Ryga": (56.95, 24.11), "Janów": (50.71, 22.41), "Tarnogród": (50.36, 22.74),
    "Bełżec": (50.38, 23.44), "Uściług": (50.86, 24.15), "Kamionka-Russian": (50.30, 24.60),
    "Wołoczyska": (49.53, 26.17), "Proskurów-edge": (49.50, 25.95), "Zbaraż": (49.66, 25.78), "Krzemieniec": (50.10, 25.73),
    "Kamieniec-edge": (48.70, 25.95), "Nowosielica": (48.22, 26.27), "Brody": (50.08, 25.15),
    # Galicia / Hungary (A-H)
    "Kraków": (50.06, 19.94), "Tarnów": (50.01, 20.99), "Rzeszów": (50.04, 22.00), "Jarosław": (50.02, 22.68),
    "Przemyśl": (49.78, 22.77), "Lwów": (49.84, 24.03), "Gródek": (49.79, 23.65), "Rawa Ruska": (50.23, 23.63),
    "Żółkiew": (50.06, 23.97), "Kamionka Strumiłowa": (50.10, 24.35), "Złoczów": (49.81, 24.90), "Tarnopol": (49.55, 25.59),
    "Brzeżany": (49.45, 24.94), "Halicz": (49.12, 24.72), "Stanisławów": (48.92, 24.71), "Stryj": (49.26, 23.85),
    "Sambor": (49.52, 23.20), "Chyrów": (49.53, 22.85), "Sanok": (49.56, 22.21), "Krosno": (49.69, 21.77),
    "Jasło": (49.75, 21.47), "Gorlice": (49.66, 21.16), "Nowy Sącz": (49.62, 20.69), "Limanowa": (49.71, 20.42),
    "Bochnia": (49.97, 20.43), "Wieliczka": (49.99, 20.06), "Dębica": (50.05, 21.41), "Mielec": (50.29, 21.42),
    "Nisko": (50.52, 22.14), "Rozwadów": (50.59, 22.05), "Tarnobrzeg": (50.57, 21.68), "Łańcut": (50.07, 22.23),
    "Leżajsk": (50.26, 22.42), "Lubaczów": (50.16, 23.12), "Mościska": (49.73, 23.12), "Drohobycz": (49.35, 23.51),
    "Kołomyja": (48.53, 25.04), "Nadwórna": (48.63, 24.58), "Delatyn": (48.52, 24.63), "Buczacz": (49.06, 25.39),
    "Czortków": (49.02, 25.80), "Zaleszczyki": (48.65, 25.73), "Mikołajów": (49.52, 23.98), "Bóbrka": (49.64, 24.29),
    "Przemyślany": (49.67, 24.56), "Busk": (49.97, 24.61), "Sokal": (50.48, 24.28), "Bełz": (50.38, 23.93),
    "Niemirów": (50.11, 23.48), "Cieszanów": (50.25, 23.14), "Sieniawa": (50.18, 22.61), "Dynów": (49.81, 22.23),
    "Bircza": (49.69, 22.48), "Dobromil": (49.57, 22.79), "Lisko": (49.44, 22.33), "Turka": (49.15, 23.03),
    "Skole": (49.04, 23.51), "Dolina": (48.97, 24.01), "Czerniowce": (48.29, 25.94), "Kosów": (48.31, 25.09),
    "Munkács": (48.44, 22.72), "Ungvár": (48.62, 22.30), "Homonna": (48.94, 21.91), "Eperjes": (49.00, 21.24),
    "Kassa": (48.72, 21.26), "Bártfa": (49.29, 21.28), "Uzsok": (48.99, 22.86), "Nowy Targ": (49.48, 20.03),
    "Chabówka": (49.58, 19.93), "Oświęcim": (50.04, 19.22), "Chrzanów": (50.14, 19.40), "Biała-Bielsko": (49.82, 19.04),
    "Żywiec": (49.69, 19.19), "Miskolc": (48.10, 20.78), "Budapest": (47.50, 19.04), "Sátoraljaújhely": (48.40, 21.66),
    "Nagybánya": (47.66, 23.57), "Máramarossziget": (47.93, 23.89), "Wolbrom": (50.38, 19.76), "Końskie": (51.19, 20.41),
    "Kolbuszowa": (50.24, 21.78), "Annopol": (50.88, 21.85), "Huszt": (48.17, 23.30), "Ökörmező": (48.48, 23.13),
}

# ---------------------------------------------------------------- the map (when it exists)
MAP = {}
try:
    _m = yaml.safe_load(open(MAPDIR / "map.yaml"))
    _t = yaml.safe_load(open(MAPDIR / "terrain.yaml"))
    _f = yaml.safe_load(open(MAPDIR / "features.yaml"))
    MAP = {"map": _m, "terrain": _t, "features": _f}
except FileNotFoundError:
    pass


def _area_hexes(a):
    out = set()
    for h in a.get("hexes", []) or []:
        if isinstance(h, str):
            out.add(h)
    return out


def land_hexes():
    """Hexes a unit may stand on: on the map, not water, not prohibited terrain."""
    if not MAP:
        return None
    tt = MAP["map"].get("terrain_types", {})
    bad_types = {t for t, v in tt.items() if v.get("prohibited")}   # the sea
    terrain = MAP["terrain"]
    default = terrain.get("default")
    per = {}
    for t, hexes in (terrain.get("terrain") or {}).items():
        for h in hexes:
            per[h] = t
    out = set()
    for b in MAP["map"]["boards"]:
        for r in range(1, 99):
            for c in range(1, 99):
                h = f"{r:02d}{c:02d}"
                if on_map(h) and per.get(h, default) not in bad_types:
                    out.add(h)
    return out


LAND = land_hexes()


def territory():
    """Side of each hex from the map's territory areas (features.yaml `territory-*`, regions the loader computes)."""
    if not MAP:
        return {}
    try:
        sys.path.insert(0, str(ROOT))
        from modgen.loader import load_game
        areas = load_game(ROOT, "owc1914").map.areas
    except Exception as e:  # counters not loadable yet: the geographic border below
        print("map areas not read:", str(e)[:200])
        return {}
    side = {}
    for a in areas:
        aid = a.id.lower()
        if not aid.startswith("territory-"):
            continue
        tag = "russia" if "russia" in aid else "romania" if "romania" in aid else "allies"
        for h in a.hexes:
            side[h] = tag
    return side


# The 1914 border of the Russian Empire across the map (lat, lon), north to south: the East Prussian border
# from Nimmersatt, the Posen and Silesian borders to the Three Emperors' Corner at Mysłowice, the Galician
# border along the Vistula, north of the San, the Bug at Sokal, east of Brody and down the Zbrucz. Used where
# the map does not say whose a hex is (authored from period maps; good to a hex).
RU_BORDER = [(58.5, 21.05), (55.87, 21.07), (55.68, 21.55), (55.33, 22.05), (55.08, 22.55), (54.90, 22.83), (54.64, 22.80),
             (54.35, 22.75), (54.10, 22.68), (53.72, 22.45), (53.50, 22.05), (53.40, 21.45), (53.26, 20.90), (53.20, 20.30),
             (53.18, 19.75), (53.08, 19.05), (52.90, 18.72), (52.62, 18.42), (52.30, 17.95), (51.95, 18.00), (51.70, 17.95),
             (51.35, 18.15), (51.05, 18.55), (50.80, 18.92), (50.45, 19.12), (50.24, 19.17), (50.05, 19.30), (50.17, 19.95),
             (50.22, 20.55), (50.30, 21.00), (50.52, 21.50), (50.70, 21.85), (50.56, 22.05), (50.52, 22.45), (50.42, 22.95),
             (50.42, 23.50), (50.42, 23.95), (50.45, 24.20), (50.30, 24.55), (50.15, 24.95), (50.05, 25.30), (49.75, 25.85),
             (49.40, 26.05), (48.55, 26.35), (48.20, 26.40), (48.20, 31.0), (58.5, 31.0)]


def _inside(lat, lon, poly):
    n, c = len(poly), False
    for i in range(n):
        (y1, x1), (y2, x2) = poly[i], poly[(i + 1) % n]
        if (y1 > lat) != (y2 > lat) and lon < x1 + (lat - y1) * (x2 - x1) / (y2 - y1):
            c = not c
    return c


def geo_side(h):
    lat, lon = latlon_of(h)
    if _inside(lat, lon, RU_BORDER):
        return "russia"
    if lat < 47.95 and lon > 25.2:
        return "romania"
    return "allies"


TERR = territory()
if not TERR:  # no map territory yet: the geographic border
    TERR = {f"{_r:02d}{_c:02d}": geo_side(f"{_r:02d}{_c:02d}") for _r in range(1, 49) for _c in range(1, 25)}
MOVED = []


def dist(a, b):
    ax, ay = cartesian(a)
    bx, by = cartesian(b)
    return ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5


def legal(h, side, own_only):
    if not on_map(h):
        return False
    if LAND is not None and h not in LAND:
        return False
    t = TERR.get(h)
    if t == "romania":
        return False
    if own_only and TERR and t != side:   # a hex of no nation's territory is no one's own
        return False
    return True


def H(where, side, own_only=True):
    """The set-up hex of a place (a name in P, a (lat, lon) pair or an exact hex id)."""
    if isinstance(where, str) and where.isdigit():
        return where
    lat, lon = P[where] if isinstance(where, str) else where
    h = hex_of(lat, lon)
    if legal(h, side, own_only):
        return h
    cands = [f"{r:02d}{c:02d}" for r in range(1, 49) for c in range(1, 25)]
    best = min((dist(h, x), x) for x in cands if legal(x, side, own_only))[1]
    MOVED.append((where, h, best))
    return best


# ---------------------------------------------------------------- units
units = []
U = {}

LOC = "▶◀"
STAR = "★"
# Divisions that enter play only by a rule, not in a scenario's set-up or arrivals: a corps split into
# its divisions (27), or a division standing in for another (C.5). Tagged `by_rule`, so `modgen
# validate` does not warn that no scenario places them.
BY_RULE = {
    "de-35-17", "de-36-17", "de-37-20", "de-41-20", "de-1r-1r", "de-36r-1r", "ah-95lst", "ah-106lst", "ah-nikic",
    "ru-22-1", "ru-24-1", "ru-1-13", "ru-36-13", "ru-6-15", "ru-8-15", "ru-3g-23", "ru-2-23", "ru-1bs", "ru-12s-5s",
    "ru-50-5s", "ru-79",
}


def unit(uid, name, nat, typ, size, sp, res, ma=None, formation=None, loc=False, star=False, second=False, rng=0,
         exact=None, src=None, tags=None):
    u = {"id": uid, "name": name, "nationality": nat, "type": typ, "size": size}
    if formation:
        u["formation"] = formation
    if ma is None:
        ma = 4 if typ == "cavalry" else (rng if typ == "hq" else 3)
    u.update(attack=sp, defense=res, ma=ma)
    if rng:
        u["range"] = rng
    if loc:
        u["loc"] = LOC
    if star:
        u["star"] = STAR
    if second:
        u["second_line"] = True
    if uid in BY_RULE:
        tags = [*(tags or []), "by_rule"]
    if tags:
        u["tags"] = tags
    if exact:
        u["exact"] = exact
    u["source"] = src or "authored from history"
    assert uid not in U, uid
    units.append(u)
    U[uid] = u
    return uid


def corps(uid, name, nat, sp, res, src, **kw):
    return unit(uid, name, nat, kw.pop("typ", "infantry"), "XXX", sp, res, loc=kw.pop("loc", True), src=src, **kw)


def div(uid, name, nat, sp, res, src, **kw):
    return unit(uid, name, nat, kw.pop("typ", "infantry"), kw.pop("size", "XX"), sp, res, src=src, **kw)


# ---- German (green). Corps 2-3 SP, resilience 10 (active), 9 (reserve), 7 (fortress garrisons, second line)
corps("de-1", "I", "de", 3, 10, "I Corps (Königsberg); SP: 7.3, I Corps + 1 DK = 4 SP", exact=["attack"])
corps("de-17", "XVII", "de", 2, 10, "XVII Corps (Danzig): 35 and 36 Divisions", star=True)
div("de-35-17", "35", "de", 1, 10, "35 Division of XVII Corps (27: split division)", formation="XVII", star=True)
div("de-36-17", "36", "de", 1, 10, "36 Division of XVII Corps (27: split division)", formation="XVII", star=True)
corps("de-20", "XX", "de", 2, 10, "XX Corps (Allenstein); resilience above 9 (8.3 example)", star=True, exact=["defense"])
div("de-37-20", "37", "de", 1, 10, "37 Division of XX Corps (27)", formation="XX", star=True)
div("de-41-20", "41", "de", 1, 10, "41 Division of XX Corps (27)", formation="XX", star=True)
corps("de-1r", "I R", "de", 2, 9, "I Reserve Corps (Below): 1 and 36 Reserve Divisions; 'IKR' in 21.3", star=True)
div("de-1r-1r", "1 R", "de", 1, 9, "1 Reserve Division of I Reserve Corps (27)", formation="I R", star=True)
div("de-36r-1r", "36 R", "de", 1, 9, "36 Reserve Division of I Reserve Corps (27)", formation="I R", star=True)
div("de-3r", "3 DPRez", "de", 1, 10, "3 Reserve Division (Morgen); 8.6.1: resilience 10, with Toruń Corps 3 SP", exact=["attack", "defense"])
div("de-35r", "35 DPRez", "de", 1, 9, "35 Reserve Division (Thorn - Mława front); 1 SP in 7.4.3", exact=["attack"])
div("de-1dk", "1 DK", "de", 1, 10, "1 Cavalry Division (Brecht), Gumbinnen; 7.3: with I Corps 4 SP", typ="cavalry", exact=["attack"])
corps("de-kg", "Królewiec", "de", 2, 7, "Korpus 'Królewiec': Hauptreserve Königsberg (fortress troops, second line)", typ="fortress", second=True)
corps("de-thorn", "Toruń", "de", 2, 7, "Korpus 'Toruń': Thorn fortress corps; 8.6.1 resilience 7, with 3 DPRez 3 SP", typ="fortress", second=True, exact=["attack", "defense"])
corps("de-graudenz", "Grudziądz", "de", 1, 7, "Korpus 'Grudziądz': Graudenz fortress corps (10 example)", typ="fortress", second=True)
div("de-goltz", "Goltz", "de", 1, 9, "Landwehr Division von der Goltz (5.1.3 example at Inowrocław)")
corps("de-woyrsch", "Woyrsch", "de", 2, 9, "Landwehr Corps Woyrsch (Silesia; 3 and 4 Landwehr Divisions); 9.5.1 example")
corps("de-11", "XI", "de", 3, 10, "XI Corps from the West (33.3.1: 3 SP; 9.5.1: resilience 10 - 7 = 3)", exact=["attack", "defense"])
corps("de-gr", "GR", "de", 2, 10, "Guard Reserve Corps from the West (end of August 1914)")
div("de-8dk", "8 DK", "de", 1, 10, "8 Cavalry Division from the West (September 1914)", typ="cavalry")
corps("de-25r", "XXV R", "de", 2, 9, "XXV Reserve Corps (Scheffer), new corps, east in November 1914 (9.x examples)")
corps("de-2", "II", "de", 3, 10, "II Corps from the West (Łódź, December 1914)")
corps("de-13", "XIII", "de", 2, 10, "XIII Corps from the West (December 1914)")
corps("de-3r-c", "III R", "de", 2, 9, "III Reserve Corps from the West (December 1914)")
corps("de-24r", "XXIV R", "de", 2, 9, "XXIV Reserve Corps from the West (December 1914)")
corps("de-hkk", "KK Richthofen", "de", 2, 10, "Higher Cavalry Command 1 (Richthofen), the one cavalry corps sent east in November 1914 (history, ROSYJSKI WALEC)", typ="cavalry")
div("de-47r", "47 DPRez", "de", 1, 9, "47 Reserve Division, sent to the A-H at Limanowa, December 1914 (history, OSTATNIE ZRYWY)")
corps("de-zastrow", "Zastrow", "de", 2, 7, "Korps Zastrow (Landwehr and Landsturm, Thorn - Soldau line, autumn 1914)", second=True)
corps("de-posen", "Poznań", "de", 1, 7, "Landsturm corps Posen (31: formed in German territory)", typ="landsturm", second=True)
corps("de-breslau", "Wrocław", "de", 1, 7, "Landsturm corps Breslau (31)", typ="landsturm", second=True)
div("de-lst-bredow", "Bredow", "de", 1, 7, "Landwehr/Landsturm Division Bredow (31)", typ="landsturm", second=True)
unit("de-hq-8", "8", "de", "hq", "XXXX", 0, 10, rng=3, src="8th Army HQ (Prittwitz, then Hindenburg); range authored")
unit("de-hq-9", "9", "de", "hq", "XXXX", 0, 10, rng=3, src="9th Army HQ (Hindenburg, then Mackensen), formed mid-September 1914 (31: HQ formation)")

# ---- Austria-Hungary (blue)
corps("ah-1", "I", "ah", 2, 9, "I Corps (Kraków), 1st Army (Dankl)")
corps("ah-5", "V", "ah", 2, 9, "V Corps (Pozsony), 1st Army; 6.2.3 example west of the Vistula")
corps("ah-10", "X", "ah", 3, 9, "X Corps (Przemyśl), 1st Army")
corps("ah-2", "II", "ah", 3, 9, "II Corps (Vienna), 4th Army (Auffenberg); 5.1 example")
corps("ah-6", "VI", "ah", 3, 9, "VI Corps (Kassa), 4th Army; 6.3, 8.4 examples")
corps("ah-9", "IX", "ah", 2, 9, "IX Corps (Leitmeritz), 4th Army")
corps("ah-14", "XIV", "ah", 3, 10, "XIV Corps (Innsbruck, Tyroleans), 4th Army; 6.3 example")
corps("ah-17", "XVII", "ah", 2, 9, "XVII Corps; 2 SP: 7.4.4 (5 SP with XI and Hauer)", exact=["attack"])
corps("ah-3", "III", "ah", 3, 10, "III Corps (Graz), 3rd Army (Brudermann); 6.2.2 example")
corps("ah-11", "XI", "ah", 2, 9, "XI Corps (Lemberg), 3rd Army; 7.4.4: XI + Hauer = 3 SP (split authored 2 + 1)", exact=["attack"])
unit("ah-hauer", "KK Hauer", "ah", "cavalry", "XXX", 1, 9, loc=True, src="Cavalry Corps Hauer; 7.4.4: XI + Hauer = 3 SP (split authored 2 + 1)", exact=["attack"])
unit("ah-herberstein", "KK Herberstein", "ah", "cavalry", "XXX", 1, 9, loc=True, src="A-H cavalry corps of the 4th Army (35: concentration), authored")
corps("ah-12", "XII", "ah", 3, 9, "XII Corps (Hermannstadt), Group Kövess")
corps("ah-4", "IV", "ah", 3, 9, "IV Corps (Budapest), 2nd Army from Serbia")
corps("ah-7", "VII", "ah", 2, 9, "VII Corps (Temesvár), 2nd Army from Serbia (September 1914)")
div("ah-43", "43 DP", "ah", 1, 9, "43 Landwehr Division; 9.3: resilience 9 - 4 = 5", exact=["defense"])
div("ah-51", "51 DP", "ah", 1, 7, "51 Honvéd Division, second line (8.4 example)", second=True, exact=["second_line"])
div("ah-52", "52 DP", "ah", 1, 9, "52 Division (21.5 example, Carpathians), authored as a k.u.k. march-formation division")
corps("ah-hofmann", "Hofmann", "ah", 2, 9, "Korps Hofmann (Carpathians, autumn 1914); 21.5 example")
corps("ah-kummer", "Kummer", "ah", 2, 7, "Group Kummer (Kraków, Landsturm: 95 and 106 Landsturm Divisions); C.5", star=True, second=True)
div("ah-95lst", "95 Lst", "ah", 1, 7, "95 Landsturm Division of Group Kummer (C.5: replaced by the Nikić Division in C)", formation="Kummer", star=True, second=True)
div("ah-106lst", "106 Lst", "ah", 1, 7, "106 Landsturm Division of Group Kummer", formation="Kummer", star=True, second=True)
div("ah-nikic", "Nikić", "ah", 1, 7, "Division Nikić (C.5: stands for 95 Lst in Group Kummer)", formation="Kummer", star=True, second=True, exact=["name"])
div("ah-lst-35", "35 Lst", "ah", 1, 5, "35 Landsturm Brigade (31: formed on the Hungarian Plain); resilience 5 = march unit (28.4)", size="X", typ="landsturm", second=True)
div("ah-lst-pb", "Pflanzer", "ah", 1, 5, "Landsturm of the Pflanzer-Baltin group (31, Hungarian Plain)", typ="landsturm", second=True)
div("ah-lst-110", "110 Lst", "ah", 1, 5, "110 Landsturm Brigade (31: Hungarian Plain)", size="X", typ="landsturm", second=True)
corps("ah-8", "VIII", "ah", 2, 9, "VIII Corps from the Balkans (33: pool 6)")
corps("ah-13", "XIII", "ah", 2, 9, "XIII Corps from the Balkans (33: pool 6)")
corps("ah-15", "XV", "ah", 2, 9, "XV Corps from the Balkans (33: pool 7)")
corps("ah-16", "XVI", "ah", 2, 9, "XVI Corps from the Balkans (33: pool 7)")
for n, r, s in (("1", 2, "1st Army HQ (Dankl)"), ("2", 2, "2nd Army HQ (Böhm-Ermolli); 21.5 example"), ("3", 2, "3rd Army HQ (Brudermann, then Boroević)"),
                ("4", 2, "4th Army HQ (Auffenberg, then Archduke Joseph Ferdinand)")):
    unit(f"ah-hq-{n}", n, "ah", "hq", "XXXX", 0, 9, rng=r, src=s + "; range authored")
unit("ah-hq-pb", "PB", "ah", "hq", "XXXX", 0, 8, rng=1, src="Army Group Pflanzer-Baltin HQ (October 1914; 31: HQ formation)")
# ---- Polish Legions (grey): 32, formed in number order from 3.IX
for n, s in (("I", "I Brigade (Piłsudski)"), ("II", "II Brigade (Carpathians, autumn 1914)"), ("III", "III Brigade (formed winter 1914/15)")):
    unit(f"leg-{n.lower()}", n, "leg", "legion", "X", 1, 9, src=f"Legion {s}; values and count authored (32)")

# ---- Russia (red). Corps 2-3 SP, resilience 9 (10 Guard, Siberian, Caucasian), 7 second line
R = {}
for cid, name, sp, res, src, extra in (
    ("1", "I", 2, 9, "I Corps, 2nd Army; 7.4.3: with XIII 4 SP", dict(star=True, exact=["attack"])),
    ("2", "II", 2, 9, "II Corps, 2nd then 1st Army; 5.1.3, 8.6.1 examples", {}),
    ("3", "III", 3, 9, "III Corps, 1st Army; 21.3: resilience 9 (7 after the HQ's range 2)", dict(exact=["defense"])),
    ("4", "IV", 2, 9, "IV Corps, 1st Army; 8.3: resilience 9", dict(exact=["defense"])),
    ("5", "V", 2, 9, "V Corps, 5th Army (Plehve)", {}),
    ("6", "VI", 2, 9, "VI Corps, 2nd Army", {}),
    ("7", "VII", 2, 9, "VII Corps, 8th Army (Brusilov)", {}),
    ("8", "VIII", 2, 9, "VIII Corps, 8th Army", {}),
    ("9", "IX", 2, 9, "IX Corps, 3rd Army (Ruzsky)", {}),
    ("10", "X", 2, 9, "X Corps, 3rd Army", {}),
    ("11", "XI", 2, 9, "XI Corps, 3rd Army", {}),
    ("12", "XII", 3, 9, "XII Corps, 8th Army; 5.1, 9.3 examples", {}),
    ("13", "XIII", 2, 9, "XIII Corps, 2nd Army; 7.4.3: half of 4 SP", dict(star=True, exact=["attack"])),
    ("14", "XIV", 2, 9, "XIV Corps, 4th Army (Evert)", {}),
    ("15", "XV", 2, 9, "XV Corps, 2nd Army; 10 example", dict(star=True)),
    ("16", "XVI", 2, 9, "XVI Corps, 4th Army", {}),
    ("17", "XVII", 2, 9, "XVII Corps, 5th Army; 8.4: resilience 9 (10 with a second-line attacker)", dict(exact=["defense"])),
    ("18", "XVIII", 2, 9, "XVIII Corps, 9th Army; 21.4 example", {}),
    ("19", "XIX", 3, 9, "XIX Corps, 5th Army; 21.4 example", {}),
    ("20", "XX", 2, 9, "XX Corps, 1st Army; 7.3 and 25.2: 2 SP, resilience 9", dict(exact=["attack", "defense"])),
    ("21", "XXI", 3, 9, "XXI Corps, 3rd Army; 7.4.4: 3 SP", dict(exact=["attack"])),
    ("22", "XXII", 2, 9, "XXII Corps (Finnish rifles), 10th Army", {}),
    ("23", "XXIII", 2, 9, "XXIII Corps (3 Guard Division, 2 DP), 2nd Army; 9.4: resilience 9; C.5", dict(star=True, exact=["defense"])),
    ("24", "XXIV", 2, 9, "XXIV Corps, 8th Army; 6.2.2 example", {}),
    ("25", "XXV", 2, 9, "XXV Corps, 5th Army; 21.4 example", {}),
    ("26", "XXVI", 2, 7, "XXVI Corps (reserve), 1st Army; 21.3: resilience 7 (5 after the range)", dict(second=True, exact=["defense", "second_line"])),
    ("g", "Gw", 3, 10, "Guard Corps, 9th Army; 9.6 example", {}),
    ("gren", "Gren", 2, 9, "Grenadier Corps, 4th Army; 6.3, 9.7 examples", {}),
    ("1s", "I Syb", 2, 10, "I Siberian Corps (October 1914)", {}),
    ("2s", "II Syb", 2, 10, "II Siberian Corps (October 1914)", {}),
    ("3s", "III Syb", 2, 10, "III Siberian Corps, 10th Army; 8.6.1 example", {}),
    ("5s", "V Syb", 2, 9, "V Siberian Corps; C.5", dict(star=True)),
    ("2k", "II Kauk", 3, 9, "II Caucasian Corps; 9.4: resilience 9; 21.3 example", dict(exact=["defense"])),
    ("3k", "III Kauk", 3, 10, "III Caucasian Corps (September 1914)", {}),
    ("1t", "I Turk", 2, 9, "I Turkestan Corps (autumn 1914)", {}),
):
    R[cid] = corps(f"ru-{cid}", name, "ru", sp, res, src, **extra)
for uid, name, f, s in (("ru-22-1", "22", "I", "22 Division of I Corps (27)"), ("ru-24-1", "24", "I", "24 Division of I Corps (27)"),
                        ("ru-1-13", "1", "XIII", "1 Division of XIII Corps (27)"), ("ru-36-13", "36", "XIII", "36 Division of XIII Corps (27)"),
                        ("ru-6-15", "6", "XV", "6 Division of XV Corps (27)"), ("ru-8-15", "8", "XV", "8 Division of XV Corps (27)"),
                        ("ru-3g-23", "3 Gw", "XXIII", "3 Guard Division of XXIII Corps (27)"), ("ru-2-23", "2 DP", "XXIII", "2 Division of XXIII Corps; C.5: eliminated, replaced by 1 BStrz"),
                        ("ru-1bs", "1 BStrz", "XXIII", "1 Rifle Brigade (C.5: stands for 2 DP in XXIII Corps)"),
                        ("ru-12s-5s", "12 DSS", "V Syb", "12 Siberian Rifle Division of V Siberian Corps (C.5: replaced by 79 DP)"),
                        ("ru-50-5s", "50", "V Syb", "50 Division of V Siberian Corps (27)"),
                        ("ru-79", "79 DP", "V Syb", "79 Division (C.5: stands for 12 DSS in V Siberian Corps)")):
    ex = ["name"] if uid in ("ru-2-23", "ru-1bs", "ru-12s-5s", "ru-79") else None
    div(uid, name, "ru", 1, 9, s, formation=f, star=True, exact=ex, size="X" if uid == "ru-1bs" else "XX")
for n, s in (("72", "72 Reserve Division (8.3: resilience 7)"), ("81", "81 Reserve Division (8.4: resilience 7)"),
             ("58", "58 Reserve Division (Novogeorgievsk, later Przemyśl siege)"), ("65", "65 Reserve Division (11th Army, Przemyśl)"),
             ("69", "69 Reserve Division (11th Army, Przemyśl)"), ("82", "82 Reserve Division (11th Army, Przemyśl)"),
             ("53", "53 Reserve Division (Osowiec - Narew)"), ("54", "54 Reserve Division (Grodno)"), ("76", "76 Reserve Division (10th Army)"),
             ("63", "63 Reserve Division (1st Army, Narew)")):
    ex = ["defense", "second_line"] if n in ("72", "81") else None
    div(f"ru-{n}", f"{n} DP", "ru", 1, 7, s, second=True, exact=ex)
for cid, name, s in (("kkg", "KK Gw", "Guard Cavalry Corps (Khan Nakhichevan), 1st Army; 21.3 example"),
                     ("kk1", "I KK", "I Cavalry Corps, 2nd Army (8.6.1, 10 examples)"),
                     ("kkn", "KK Nowikow", "Cavalry Corps Novikov, 4th / 9th Army (6.2.3 example)"),
                     ("kkp", "KK Pawłow", "Cavalry Corps Pavlov, 3rd Army (6.2.2 example)")):
    unit(f"ru-{cid}", name, "ru", "cavalry", "XXX", 2, 9, loc=True, src=s + "; 35: concentration from 3.IX")
for n in ("1", "2", "3", "4", "5", "8", "9", "10", "11"):
    ex, s = (["range"], "1st Army HQ (Rennenkampf): range 2 (21.3), at 1119 (25.2)") if n == "1" else (None, f"{n}th Army HQ; range authored")
    unit(f"ru-hq-{n}", n, "ru", "hq", "XXXX", 0, 9, rng=2, exact=ex, src=s.replace("2th", "2nd").replace("3th", "3rd"))

# ---- patrols (17): 8 Allied, 6 Russian; no strength; in play only hidden
for i in range(1, 9):
    unit(f"al-pat-{i}", f"Patrol {i}", "de" if i <= 4 else "ah", "patrol", "-", 0, 0, ma=3, tags=["hidden"], exact=["count"],
         src="17: the Allies have 8 patrols (4 German, 4 A-H here: the split is authored)")
for i in range(1, 7):
    unit(f"ru-pat-{i}", f"Patrol {i}", "ru", "patrol", "-", 0, 0, ma=3, tags=["hidden"], exact=["count"], src="17: the Russians have 6 patrols")


def side_of(uid):
    return "russia" if U[uid]["nationality"] == "ru" else "allies"


# ---------------------------------------------------------------- scenarios
T = {d: i + 1 for i, d in enumerate(["16.VIII", "22.VIII", "28.VIII", "3.IX", "9.IX", "15.IX", "21.IX", "27.IX", "3.X", "9.X", "15.X", "21.X",
                                      "27.X", "2.XI", "8.XI", "14.XI", "20.XI", "26.XI", "2.XII", "8.XII", "14.XII", "20.XII", "26.XII"])}


class Scen:
    def __init__(self, own_only):
        self.setup, self.reinf, self.own_only = [], [], own_only

    def put(self, uid, where):
        assert uid in U, uid
        self.setup.append((uid, H(where, side_of(uid), self.own_only)))

    def arrive(self, uid, stage, places, note=None, own_only=None):
        assert uid in U, uid
        hexes = []
        for p in places:
            h = H(p, side_of(uid), self.own_only if own_only is None else own_only)
            if h not in hexes:
                hexes.append(h)
        self.reinf.append((uid, T[stage], hexes, note))


# ===== Campaign: 16.VIII (40; positions of about 16-17 August 1914)
camp = Scen(own_only=True)
for uid, w in (("de-hq-8", (54.26, 20.81)), ("de-1", "Gumbinnen"), ("de-1dk", "Stallupönen"), ("de-17", "Darkehmen"),
               ("de-1r", "Angerburg"), ("de-3r", "Lötzen"), ("de-20", "Gilgenburg"), ("de-kg", "Königsberg"), ("de-graudenz", "Graudenz"),
               ("de-thorn", "Thorn"), ("de-35r", "Lautenburg"), ("de-woyrsch", "Kreuzburg"), ("de-zastrow", "Soldau"),
               ("ah-hq-1", "Rozwadów"), ("ah-1", "Tarnobrzeg"), ("ah-5", "Nisko"), ("ah-10", "Leżajsk"),
               ("ah-hq-4", "Jarosław"), ("ah-2", "Sieniawa"), ("ah-6", "Lubaczów"), ("ah-9", "Łańcut"), ("ah-14", "Przemyśl"), ("ah-17", "Cieszanów"),
               ("ah-hq-3", "Lwów"), ("ah-3", "Gródek"), ("ah-11", "Kamionka Strumiłowa"), ("ah-43", "Złoczów"),
               ("ah-12", "Stanisławów"), ("ah-kummer", "Kraków"), ("ah-51", "Halicz"),
               ("ru-hq-1", "1119"), ("ru-3", "Wylkowyszki"), ("ru-20", "Wirballen"), ("ru-4", "Suwałki"),
               ("ru-hq-2", "Białystok"), ("ru-6", "Łomża"), ("ru-13", "Ostrołęka"), ("ru-15", "Przasnysz"), ("ru-1", "Mława"), ("ru-23", "Pułtusk"),
               ("ru-2", "Grodno"), ("ru-54", "Osowiec"), ("ru-63", "Nowogeorgiewsk"),
               ("ru-hq-4", "Lublin"), ("ru-gren", "Lublin"), ("ru-14", "Opole Lubelskie"), ("ru-16", "Krasnystaw"),
               ("ru-hq-5", "Chełm"), ("ru-25", "Zamość"), ("ru-19", "Hrubieszów"), ("ru-5", "Włodzimierz"), ("ru-17", "Łuck"),
               ("ru-hq-3", "Dubno"), ("ru-21", "Brody-east"), ("ru-11", "Krzemieniec"), ("ru-9", "Dubno"), ("ru-10", "Łuck"),
               ("ru-hq-8", "Wołoczyska"), ("ru-12", "Proskurów-edge"), ("ru-7", "Kamieniec-edge"), ("ru-8", "Wołoczyska"), ("ru-24", "Proskurów-edge"),
               ("ru-72", "Warszawa"), ("ru-81", "Dęblin")):
    camp.put(uid, w)
# Campaign arrivals. Scheduled (history): A-H 2nd Army from Serbia, Russian mobilisation and Siberian, Caucasian
# and Turkestan corps; German reinforcement pools (33, called at will: the earliest stage, 22.VIII, is given).
RU_EAST = ["Kowno", "Grodno", "Brześć", "Kowel", "Dubno", "Wołoczyska"]
AH_HUN = ["Munkács", "Ungvár", "Kassa", "Stryj", "Sambor"]
DE_WEST = ["Posen", "Breslau", "Thorn", "Königsberg", "Kattowitz"]
for uid, st, pl, note in (
    ("ru-hq-9", "22.VIII", ["Warszawa"], "9th Army HQ concentrating at Warsaw"), ("ru-g", "22.VIII", ["Warszawa"], "Guard Corps (30: rails to its planned town)"),
    ("ru-18", "22.VIII", ["Warszawa"], "XVIII Corps (30)"), ("ru-22", "22.VIII", ["Grodno", "Kowno"], "XXII Corps (30)"),
    ("ru-hq-10", "15.IX", ["Grodno"], "10th Army HQ formed (September 1914)"),
    ("ru-3s", "28.VIII", RU_EAST[:3], "III Siberian Corps"), ("ru-26", "28.VIII", RU_EAST[:3], "XXVI Corps"),
    ("ru-3k", "3.IX", RU_EAST, "III Caucasian Corps"), ("ru-2k", "15.IX", RU_EAST, "II Caucasian Corps"),
    ("ru-1s", "27.IX", RU_EAST, "I Siberian Corps"), ("ru-2s", "27.IX", RU_EAST, "II Siberian Corps"),
    ("ru-5s", "3.X", RU_EAST, "V Siberian Corps"), ("ru-1t", "9.X", RU_EAST, "I Turkestan Corps"),
    ("ru-hq-11", "21.IX", ["Dubno", "Kowel"], "11th Army HQ (siege of Przemyśl)"),
    ("ru-58", "3.IX", RU_EAST, "58 Reserve Division"), ("ru-65", "15.IX", RU_EAST, "65 Reserve Division"),
    ("ru-69", "15.IX", RU_EAST, "69 Reserve Division"), ("ru-82", "15.IX", RU_EAST, "82 Reserve Division"),
    ("ru-53", "28.VIII", ["Osowiec", "Grodno"], "53 Reserve Division"), ("ru-76", "21.IX", ["Grodno", "Kowno"], "76 Reserve Division"),
    ("ru-22-1", "16.VIII", ["Mława"], "27: I Corps may start split (its divisions replace the corps)"),
    ("ah-hq-2", "28.VIII", AH_HUN, "2nd Army HQ from Serbia"), ("ah-4", "28.VIII", AH_HUN, "IV Corps from Serbia"),
    ("ah-7", "9.IX", AH_HUN, "VII Corps from Serbia"), ("ah-hofmann", "27.X", AH_HUN, "Korps Hofmann (Carpathians)"),
    ("ah-52", "21.X", AH_HUN, "52 Division"),
):
    if uid == "ru-22-1":
        continue
    camp.arrive(uid, st, pl, note)
for uid, st, note in (("de-hq-9", "3.IX", "31: HQ formed in German territory (cost: its range)"), ("de-posen", "3.IX", "31: landsturm, Poznań"),
                      ("de-breslau", "3.IX", "31: landsturm, Wrocław"), ("de-lst-bredow", "3.IX", "31: landsturm, German territory")):
    camp.arrive(uid, st, ["Posen", "Breslau", "Thorn", "Kattowitz"], note)
for uid, st, note in (("ah-hq-pb", "3.IX", "31: HQ, Hungarian Plain"), ("ah-lst-35", "3.IX", "31: landsturm, Hungarian Plain"),
                      ("ah-lst-pb", "3.IX", "31: landsturm, Hungarian Plain"), ("ah-lst-110", "3.IX", "31: landsturm, Hungarian Plain")):
    camp.arrive(uid, st, ["Munkács", "Ungvár", "Kassa", "Miskolc"], note)
for uid in ("leg-i", "leg-ii", "leg-iii"):
    camp.arrive(uid, "3.IX", ["Kraków", "Lwów", "Kielce", "Warszawa"], "32: formed on d12 at or below 7 (modified), in number order, one a stage", own_only=False)
for uid in ("ah-hauer", "ah-herberstein", "ru-kkg", "ru-kk1", "ru-kkn", "ru-kkp"):
    camp.arrive(uid, "3.IX", ["Lwów", "Jarosław", "Kraków"] if uid.startswith("ah") else ["Kowno", "Białystok", "Lublin", "Dubno"],
                "35: concentrates on its army's HQ (d12 1-6 at 3.IX, +2 a later stage)")
POOLS = [("de-11", 1), ("de-gr", 1), ("de-25r", 2), ("de-8dk", 2), ("de-2", 3), ("de-13", 3), ("de-3r-c", 4), ("de-24r", 4),
         ("de-hkk", 5), ("de-47r", 5), ("ah-8", 6), ("ah-13", 6), ("ah-15", 7), ("ah-16", 7)]
for uid, pool in POOLS:
    camp.arrive(uid, "22.VIII", DE_WEST if pool <= 5 else AH_HUN,
                f"33: reinforcement pool {pool} (called at will, at the end of an Allied turn; secret concentration next turn)")
for i in range(1, 9):
    camp.arrive(f"al-pat-{i}", "16.VIII", ["Königsberg", "Thorn", "Kraków", "Przemyśl"], "17.2: patrols enter on own hidden units or as arrivals (19)")
for i in range(1, 7):
    camp.arrive(f"ru-pat-{i}", "16.VIII", ["Kowno", "Warszawa", "Lublin", "Dubno"], "17.2: patrols enter on own hidden units or as arrivals (19)")

# ===== A: Galician Battle, 22.VIII - 9.IX (4 stages; the Galician front and the Polish front east of the Vistula)
# 1.4: "W scenariuszu „Bitwa Galicyjska” obowiązują tylko reguły 1-15" (A plays rules 1-15 only): no army HQs (21)
# and no patrols (17) in A, so A sets up and brings in neither.
sa = Scen(own_only=True)
for uid, w in (("ah-1", "Janów"), ("ah-5", "Kraśnik"), ("ah-10", "Tarnogród"),
               ("ah-2", "Cieszanów"), ("ah-6", "Lubaczów"), ("ah-9", "Tarnogród"), ("ah-14", "Bełżec"), ("ah-17", "Rawa Ruska"),
               ("ah-3", "Złoczów"), ("ah-11", "Kamionka Strumiłowa"), ("ah-43", "Brzeżany"), ("ah-hauer", "Busk"),
               ("ah-12", "Halicz"), ("ah-51", "Stanisławów"), ("ah-herberstein", "Sokal"),
               ("ru-gren", "Kraśnik"), ("ru-14", "Opole Lubelskie"), ("ru-16", "Krasnystaw"),
               ("ru-25", "Zamość"), ("ru-19", "Hrubieszów"), ("ru-5", "Uściług"), ("ru-17", "Włodzimierz"),
               ("ru-21", "Brody"), ("ru-11", "Krzemieniec"), ("ru-9", "Zbaraż"), ("ru-10", "Krzemieniec"),
               ("ru-12", "Tarnopol"), ("ru-7", "Czortków"), ("ru-8", "Buczacz"), ("ru-24", "Zaleszczyki"),
               ("ru-81", "Lublin")):
    sa.put(uid, w)
for uid, st, pl, note in (("ru-18", "28.VIII", ["Lublin", "Dęblin"], "A.2: from Warsaw (9th Army)"), ("ru-g", "3.IX", ["Lublin", "Dęblin"], "A.2: Guard Corps"),
                          ("ru-3k", "3.IX", ["Kowel", "Chełm"], "A.2: III Caucasian Corps"),
                          ("ah-4", "28.VIII", ["Stryj", "Sambor"], "A.2: IV Corps from Serbia"),
                          ("ah-7", "3.IX", ["Sambor", "Stryj"], "A.2: VII Corps from Serbia"), ("ah-kummer", "28.VIII", ["Kraków"], "A.2: Group Kummer")):
    sa.arrive(uid, st, pl, note)

# ===== B: Russian Steamroller, 2.XI - 20.XI (4 stages; the Polish front)
sb = Scen(own_only=False)
for uid, w in (("de-hq-9", "Thorn"), ("de-1r", "Thorn"), ("de-17", "Gollub"), ("de-20", "Strelno"), ("de-25r", "Hohensalza"), ("de-thorn", "Thorn"),
               ("de-hkk", "Kalisz"), ("de-3r", "Hohensalza"), ("de-woyrsch", "Częstochowa"), ("de-gr", "Wieluń"),
               ("de-11", "Sieradz"), ("de-goltz", "Kalisz"), ("de-35r", "Hohensalza"),
               # B.1: the Polish front only (Grudziądz's fortress corps stays out; Kraków's corps stand north of it)
               ("ah-hq-1", "Miechów"), ("ah-1", "Miechów"), ("ah-5", "Wolbrom"), ("ah-10", (50.24, 20.08)), ("ah-kummer", (50.19, 20.29)),
               ("ru-hq-1", "Płock"), ("ru-6", "Płock"), ("ru-kk1", "Włocławek"), ("ru-5s", "Sochaczew"),
               ("ru-hq-2", "Łowicz"), ("ru-2", "Łódź"), ("ru-4", "Łowicz"), ("ru-23", "Kutno"), ("ru-2k", "Skierniewice"),
               ("ru-hq-5", "Piotrków"), ("ru-19", "Piotrków"), ("ru-5", "Tomaszów Mazowiecki"), ("ru-1s", "Rawa Mazowiecka"),
               ("ru-hq-4", "Radom"), ("ru-gren", "Radomsko"), ("ru-16", "Radom"), ("ru-3k", "Końskie"),
               ("ru-hq-9", "Ostrowiec"), ("ru-g", "Kielce"), ("ru-18", "Opatów"), ("ru-25", "Opatów"), ("ru-kkn", "Piotrków"),
               ("ru-2s", "Warszawa"), ("ru-72", "Nowogeorgiewsk")):
    sb.put(uid, w)
for uid, st, pl, note in (("de-1", "8.XI", ["Thorn"], "B.2.3 secret concentration (from East Prussia)"), ("de-8dk", "8.XI", ["Thorn", "Hohensalza"], "B.2.3 secret concentration"),
                          ("ah-hq-2", "14.XI", ["Kattowitz", "Breslau"], "B.2.4 'kolej' (rule 19): 2nd Army by rail to Silesia"), ("ah-4", "14.XI", ["Kattowitz", "Breslau"], "B.2.4 'kolej'"),
                          ("ah-12", "14.XI", ["Kattowitz", "Breslau"], "B.2.4 'kolej'"), ("de-breslau", "8.XI", ["Breslau"], "B.2.4 'kolej'"),
                          ("ru-1t", "8.XI", ["Warszawa"], "B.2.2 'Dolna Wisła' (Toruń - Modlin)"), ("ru-6", "8.XI", ["Nowogeorgiewsk"], None),
                          ("ru-14", "8.XI", ["Sandomierz", "Dęblin"], "B.2.1 'Górna Wisła' (Kraków - Dęblin)"), ("ru-17", "14.XI", ["Sandomierz", "Dęblin"], "B.2.1 'Górna Wisła'"),
                          ("ru-21", "14.XI", ["Sandomierz", "Dęblin"], "B.2.1 'Górna Wisła'")):
    if uid == "ru-6":
        continue
    sb.arrive(uid, st, pl, note)
for i in range(1, 7):
    sb.arrive(f"al-pat-{i}", "2.XI", ["Thorn", "Kalisz", "Kraków"], "B.4: 6 Allied patrols")
for i in range(1, 5):
    sb.arrive(f"ru-pat-{i}", "2.XI", ["Warszawa", "Łódź", "Radom"], "B.4: 4 Russian patrols")

# ===== C: Hindenburg's Offensive, 27.IX - 27.X (6 stages; the Polish and Galician fronts)
sc = Scen(own_only=False)
for uid, w in (("de-hq-9", "Beuthen"), ("de-gr", "Kreuzburg"), ("de-11", "Lublinitz"), ("de-17", "Kempen"), ("de-20", "Rosenberg"),
               ("de-woyrsch", "Kattowitz"), ("de-35r", "Ostrowo"), ("de-8dk", "Kempen"),
               ("ah-hq-1", "Kraków"), ("ah-kummer", "Kraków"), ("ah-1", "Chrzanów"), ("ah-5", "Wieliczka"), ("ah-10", "Bochnia"),
               ("ah-hq-4", "Tarnów"), ("ah-2", "Tarnów"), ("ah-6", "Tarnów"), ("ah-9", "Gorlice"), ("ah-14", "Nowy Sącz"), ("ah-17", "Limanowa"),
               ("ah-hq-3", "Bártfa"), ("ah-3", "Bártfa"), ("ah-11", "Homonna"), ("ah-7", "Uzsok"), ("ah-43", "Ökörmező"),
               ("ah-hq-2", "Munkács"), ("ah-4", "Munkács"), ("ah-12", "Huszt"), ("ah-51", "Máramarossziget"),
               ("ru-hq-4", "Lublin"), ("ru-gren", "Annopol"), ("ru-16", "Sandomierz"), ("ru-3k", "Opatów"),
               ("ru-hq-9", "Nisko"), ("ru-g", "Tarnobrzeg"), ("ru-18", "Rozwadów"), ("ru-14", "Janów"),
               ("ru-hq-5", "Leżajsk"), ("ru-5", "Leżajsk"), ("ru-17", "Mielec"), ("ru-25", "Kolbuszowa"),
               ("ru-hq-3", "Rzeszów"), ("ru-9", "Dębica"), ("ru-10", "Jasło"), ("ru-11", "Krosno"), ("ru-21", "Sanok"),
               ("ru-hq-11", "Mościska"), ("ru-58", "Jarosław"), ("ru-69", "Mościska"), ("ru-82", "Dobromil"), ("ru-65", "Bircza"), ("ru-19", "Dynów"),
               ("ru-hq-8", "Sambor"), ("ru-7", "Sambor"), ("ru-12", "Stryj"), ("ru-24", "Turka"), ("ru-8", "Stanisławów"),
               ("ru-hq-2", "Warszawa"), ("ru-2", "Warszawa"), ("ru-23", "Warszawa"), ("ru-2k", "Nowogeorgiewsk"), ("ru-kkn", "Kielce"),
               ("ru-72", "Nowogeorgiewsk"), ("ru-81", "Dęblin")):
    sc.put(uid, w)
for uid, st, pl, note in (("ru-1s", "3.X", ["Warszawa"], "C.3 secret concentration"), ("ru-2s", "3.X", ["Warszawa"], "C.3 secret concentration"),
                          ("ru-4", "9.X", ["Warszawa"], "C.3 secret concentration (from the Niemen)"), ("ru-5s", "9.X", ["Warszawa", "Dęblin"], "C.3 secret concentration; C.5: 79 DP in it"),
                          ("ru-1t", "15.X", ["Warszawa"], "C.3 secret concentration"), ("ru-kk1", "3.X", ["Warszawa", "Łódź"], "C.2 'ekran': cavalry screen"),
                          ("ru-kkp", "27.IX", ["Rzeszów", "Jarosław"], "C.2 'ekran': cavalry screen"),
                          ("de-1r", "3.X", ["Kattowitz", "Breslau"], "rail from East Prussia"), ("de-3r", "3.X", ["Kattowitz", "Breslau"], "rail from East Prussia")):
    sc.arrive(uid, st, pl, note)
for i in range(1, 9):
    sc.arrive(f"al-pat-{i}", "27.IX", ["Kraków", "Częstochowa", "Jasło"], "17: patrols")
for i in range(1, 7):
    sc.arrive(f"ru-pat-{i}", "27.IX", ["Warszawa", "Sandomierz", "Jarosław"], "17: patrols; C.2 may stand on the screen hexes")

# ---------------------------------------------------------------- markers
side_col = {"allies": "#86ad6b", "russia": "#db6a5a"}
markers = [
    dict(id="broken", name="BROKEN (ROZBITA)", text=["ROZBITA", "broken"], colour="#ffffff", kind="broken", count=60,
         on_unit=dict(key="Ctrl+Shift+B", label="Broken")),
    dict(id="vp-1", name="VP x1", text=["VP", "x1"], colour="#ffffff", kind="vp", side="russia", value=1, count=1),
    dict(id="vp-10", name="VP x10", text=["VP", "x10"], colour="#ffffff", kind="vp", side="russia", value=10, count=1),
    dict(id="stage", name="Stage", text=["ETAP", "stage"], colour="#ffffff", kind="turn", count=1),
    dict(id="trench", name="Trench line", text=["OKOPY", "trench"], back=dict(name="Captured fortress", text=["Zdobyta", "twierdza"]),
         colour="#c9b48a", kind="trench", count=30),
]
for side, nm in (("allies", "Allied"), ("russia", "Russian")):
    for f, fn in (("g", "Galician"), ("p", "Polish"), ("w", "East Prussian")):
        markers.append(dict(id=f"supply-{side}-{f}", name=f"{nm} supply {f.upper()} ({fn} front)", text=[f.upper(), "supply"],
                            colour=side_col[side], kind="supply", side=side, count=1))
markers.append(dict(id="reinf-track", name="Reinforcement track marker (33.3)", text=["33.3", "posiłki"], colour="#eeeeee",
                    kind="reinforcement_track", side="allies", count=10))
for side, nm in (("allies", "Allied"), ("russia", "Russian")):
    markers.append(dict(id=f"reserve-{side}", name=f"{nm} reserve movement used in the enemy turn (4.2)", text=["Odwody", "used"],
                        colour=side_col[side], kind="reserve_used", side=side, count=1))
markers.append(dict(id="encircled", name="Encircled (6.3)", text=["Okrążenie", "encircled"], colour="#f4c27a", kind="encircled", count=20))

# ---------------------------------------------------------------- write


def dump(path, header, doc):
    with open(path, "w") as f:
        f.write(header)
        yaml.dump(doc, f, sort_keys=False, allow_unicode=True, width=200, default_flow_style=None)


def supply_markers(levels):
    out = []
    for side, (g, p, w) in levels.items():
        for f, v in (("g", g), ("p", p), ("w", w)):
            if v is not None:
                out.append({"marker": f"supply-{side}-{f}", "at": {"track": f"supply_{side}", "box": str(v)}})
    return out


def scenario(sid, name, desc, source, first, last, s, extra_markers):
    su = sorted(s.setup, key=lambda t: t[1])
    d = {"id": sid, "name": name, "approximate": True, "source": source, "turns": last, "first_player_turn": "allies",
         "description": desc}
    if first > 1:
        d["skip"] = [{"turn": t, "side": sd} for t in range(1, first) for sd in ("allies", "russia")]
    d["setup"] = [{"unit": u, "hex": h} for u, h in su]
    d["reinforcements"] = [dict({"unit": u, "turn": t, "hexes": hx}, **({"note": n} if n else {})) for u, t, hx, n in s.reinf]
    d["markers"] = [{"marker": "stage", "at": {"track": "turn", "box": first}},
                    {"marker": "vp-1", "at": {"track": "vp", "box": 0}}] + extra_markers
    return d


def check_stacks(s, name):
    from collections import Counter
    sides = {}
    for u, h in s.setup:
        sides.setdefault(h, set()).add(side_of(u))
    both = {h: [u for u, x in s.setup if x == h] for h, v in sides.items() if len(v) > 1}
    if both:
        print(f"  {name}: both sides in {both}")
    c = Counter(h for _, h in s.setup)
    over = {h: n for h, n in c.items() if n > 4}
    if over:
        print(f"  {name}: over-stacked hexes {over}")


HEAD = "# yaml-language-server: $schema=../../../docs/schema/scenario.schema.json\n# Generated by tools/author_owc_counters.py; edit there.\n"
if __name__ == "__main__":
    (OUT / "scenarios").mkdir(parents=True, exist_ok=True)
    dump(OUT / "units.yaml",
         "# yaml-language-server: $schema=../../docs/schema/units.schema.json\n"
         "# Ostatnia Wojna Cesarzy: every counter (one-sided, 2.1). Generated by tools/author_owc_counters.py; edit there.\n"
         "# attack = SP, defense = resilience, ma = MP (infantry 3, cavalry 4, HQ = range: 5.1.1, 21.2; not printed on the\n"
         "# real counters). The rulebook has no OOB: every unit is authored from history (approximate) except the fields\n"
         "# listed in `exact:` (the rules' examples). Corps 2-3 SP; resilience 10 German active and Guard/Siberian,\n"
         "# 9 line, 7 second line (white print: Russian reserve divisions, Allied fortress and landsturm troops), 5 A-H\n"
         "# march units (28.4).\n",
         {"approximate": True, "source": "August-December 1914 Eastern Front orders of battle (general histories), corps level; the rules' examples exact",
          "units": units})
    dump(OUT / "markers.yaml",
         "# yaml-language-server: $schema=../../docs/schema/markers.schema.json\n"
         "# Markers named in the rules (2.2, 8.1, 15.1, 3.2, 22, 24, 25.3, 33.3). Generated by tools/author_owc_counters.py.\n",
         {"approximate": True, "source": "marker kinds from the rules; counts of BROKEN, trench and encircled markers and all colours authored (10 reinforcement-track markers: 33.3)",
          "markers": markers})
    rt = []
    for label, n in (("22.VIII", 1), ("21.IX", 7), ("27.IX", 1), ("3.X", 1)):
        rt += [{"marker": "reinf-track", "at": {"track": "reinf_track", "box": label}} for _ in range(n)]
    dump(OUT / "scenarios" / "campaign.yaml", HEAD + "# Stage 1 = 16.VIII (40). Set-up: positions of about 16-17 August 1914.\n",
         scenario("campaign", "Kampania 1914 (The 1914 Campaign, 16.VIII - 26.XII)",
                  "The whole front from 16 August 1914 (40), at most 23 stages, ending from 2.XII when the player not winning declares no offensive (40.2). Rules 1-40. Start supply Allies G12 P7 W12, Russians G12 P7 W16 (29.1); income 20 / 15 ZAP (29). The OdB card and campaign card are lost: set-up, arrivals, reinforcement pools (33), landsturm and HQ list (31), Legions (32) and cavalry corps (35) are authored from history; the 10 reinforcement-track markers are the rules' (33.3.1).",
                  "set-up from positions of 16-17 Aug 1914 through tools/owc_geo.py; the Russian 1st Army HQ at 1119 (25.2); arrivals, pools and formations authored from history",
                  1, 23, camp, supply_markers({"allies": (12, 7, 12), "russia": (12, 7, 16)}) + rt))
    dump(OUT / "scenarios" / "a_galicia.yaml", HEAD + "# Stages 2-5 (22.VIII - 9.IX): the stage track is the campaign's; stage 1 is skipped.\n",
         scenario("a_galicia", "A. Bitwa Galicyjska (Galician Battle, 22.VIII - 9.IX, 4 stages)",
                  "The last decade of August: the A-H armies attack toward Lublin and Chełm, the Russians toward Lwów (A). 4 stages, rules 1-15 and A.1-A.6. Play area (A.1): the Galician front and the part of the Polish front east of the Vistula; units may not leave it voluntarily. Arrivals are placed at the named towns (A.2). Enemy fortresses and bridgeheads may not be entered, attacks on them -4 (A.3). Victory (A.6): Russians Lwów 6, Stanisławów 2, each Russian unit west of the San 1; Allies Lublin 2, Kowel 2, Chełm 1; breaks SP, encircled eliminations 2x SP, failed enemy attacks 1. The start stage is not in the text: 22.VIII (the last decade of August). No supply (rule 22 is not in play), no army HQs (21) and no patrols (17): A plays rules 1-15 only (1.4).",
                  "the scenario card is lost: set-up from positions of about 20-22 Aug 1914 through tools/owc_geo.py; arrivals authored from history",
                  T["22.VIII"], T["9.IX"], sa, []))
    dump(OUT / "scenarios" / "b_steamroller.yaml", HEAD + "# Stages 14-17 (2.XI - 20.XI): stages 1-13 are skipped.\n",
         scenario("b_steamroller", "B. Rosyjski Walec (Russian Steamroller, 2.XI - 20.XI, 4 stages)",
                  "Early November: the Russian steamroller rolls west; the Allies seek a counterstroke (B). 4 stages, rules 1-21 and B.1-B.5. Play area (B.1): the Polish front only. Special arrivals (B.2): with a hex number at the start of the first movement phase; 'Górna Wisła' across the Vistula Kraków - Dęblin, 'Dolna Wisła' across it Toruń - Modlin, on a stretch free of enemy lines of control within own HQ range; German 'tajna koncentracja' by secret concentration (20); 'kolej' by rule 19. Fortresses as A.3 (B.3). Patrols 6 Allied, 4 Russian (B.4). Victory (B.5): Russians Katowice 10, Gliwice 6, other towns in Allied territory 2; Allies Łódź 2; Warszawa taken: Allied strategic victory; a commanded Russian unit at the west edge: Russian strategic victory. The start stage is not in the text: 2.XI (early November). No supply (rule 22 is not in play).",
                  "the scenario card is lost: set-up from positions of about 1-3 Nov 1914 through tools/owc_geo.py; arrivals authored from history (Mackensen's shift to Thorn, the A-H 2nd Army to Silesia)",
                  T["2.XI"], T["20.XI"], sb, []))
    dump(OUT / "scenarios" / "c_hindenburg.yaml", HEAD + "# Stages 8-13 (27.IX - 27.X): stages 1-7 are skipped.\n",
         scenario("c_hindenburg", "C. Ofensywa Hindenburga (Hindenburg's Offensive, 27.IX - 27.X, 6 stages)",
                  "After Tannenberg and the Masurian Lakes the Germans move the new 9th Army to Silesia to help their ally; the Russians must choose between Galicia and the Germans west of the Vistula (C). 6 stages, rules 1-27 and C.1-C.7. Play area (C.1): the Polish and Galician fronts. C.2: Russian cavalry corps marked 'ekran' set up freely on the card's screen hexes (with Russian patrols). C.3: Russian 'tajna koncentracja' arrivals by secret concentration (20). C.4: income Allies 16, Russians 12 ZAP; start supply Allies G8 P16, Russians G14 P8. C.5: XXIII Corps' 2 DP replaced by 1 BStrz, V Siberian Corps' 12 Siberian Rifle Division by 79 DP, Kummer Corps' 95 Landsturm Division by the Nikić Division. C.6: the Jarosław and Halicz bridgeheads are already captured (fortified regions). Victory (C.7): Allies Warszawa 6, Lwów 6, Stanisławów 2, Lublin 2, Dęblin 2; Russians Przemyśl, Katowice, Gliwice 8 each, Łódź, Nowy Sącz, Tarnów 2 each, each Russian unit in Germany or on the Hungarian Plain 1, Przemyśl encircled 1; eliminations by a second break SP or range (encircled 2x); enemy supply below 7 on a front at the end 5 a front. The start stage is not in the text: 27.IX (scenario D starts then with C.2, C.5, C.6 and the same G/P levels).",
                  "the scenario card is lost: set-up from positions of about 27 Sep 1914 through tools/owc_geo.py; start supply the rules' (C.4); arrivals authored from history",
                  T["27.IX"], T["27.X"], sc, supply_markers({"allies": (8, 16, None), "russia": (14, 8, None)})))
    for nm, s in (("campaign", camp), ("a", sa), ("b", sb), ("c", sc)):
        check_stacks(s, nm)
    print("moved:", len(MOVED))
    for m in MOVED:
        print("  ", m)
    from collections import Counter
    print(len(units), "units", Counter(u["nationality"] for u in units), Counter(u["type"] for u in units))
    for nm, s in (("campaign", camp), ("a", sa), ("b", sb), ("c", sc)):
        print(f"  {nm}: set-up {Counter(side_of(u) for u, _ in s.setup)}; arrivals {Counter(side_of(u) for u, *_ in s.reinf)}")
