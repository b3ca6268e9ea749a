"""Ostatnia Wojna Cesarzy (owc1914): write maps/owc1914/{map,terrain,features}.yaml.

The rulebook (Ostatnia Wojna Cesarzy, NOVINA, 1997) prints no map data: only ~40 hex IDs, six of
them tied to towns, a few terrain facts from its examples, Kowno's fortress strength 2 and the
fortified regions of Warszawa and Lwów (2). Everything else is authored here from 1914 geography, placed on the hex grid fitted in
tools/owc_geo.py. What the text does fix is pinned and checked below (EXACT): the six town hexes,
the Vistula bridge 2206-2106, the lake beside 2205, the Vistula between 2005 and Inowrocław and
between 2813 and 2814/2913, the upper Dniestr a small river by 3718 (6.2.2's example), swamp in 3618, mountains in 3815/4119/4219, foothills in 3816, a ridge
into 3815 and 3816, the Szawle-Kiejdany railway through 0716 and 0817, the ports Królewiec, Elbląg
and Pilawa and the blockade hexes 1209/1309 (touching Królewiec) and 1308/1408.

Method: every hex gets its terrain and nation from polygons of real geography at its centre
(owc_geo.latlon_of); every river, ridge and lake shore is a polyline, and a hexside carries it when
the segment between the two hex centres crosses the polyline; borders, the coast and the front
boundaries are the hexsides between hexes of different nation / sea / front, so they are closed by
construction and a flood fill separates the countries; railways are station lists joined hex by hex.

Run: .venv/bin/python tools/author_owc_map.py   (writes the three files and prints counts and checks)
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))

import owc_geo as geo  # noqa: E402
from mapauthoring import seg_intersect, straighten  # noqa: E402
from owc_geo import cartesian, fractional, hex_at, latlon_of  # noqa: E402

OUT = ROOT / "maps" / "owc1914"
ROWS, COLS = geo.ROWS, geo.COLS
HEXES = [f"{r:02d}{c:02d}" for r in range(1, ROWS + 1) for c in range(1, COLS + 1)]
HEXSET = set(HEXES)


def neighbours(h: str) -> list[str]:
    r, c = int(h[:2]), int(h[2:])
    cand = [(r, c - 1), (r, c + 1)]
    if r % 2:  # odd rows sit half a hex east
        cand += [(r - 1, c), (r - 1, c + 1), (r + 1, c), (r + 1, c + 1)]
    else:
        cand += [(r - 1, c - 1), (r - 1, c), (r + 1, c - 1), (r + 1, c)]
    return [f"{a:02d}{b:02d}" for a, b in cand if 1 <= a <= ROWS and 1 <= b <= COLS]


SIDES = sorted({tuple(sorted((a, b))) for a in HEXES for b in neighbours(a)})
CENTRE = {h: cartesian(h) for h in HEXES}
LATLON = {h: latlon_of(h) for h in HEXES}

# --------------------------------------------------------------------------------------------
# Geography (lat, lon), 1914
# --------------------------------------------------------------------------------------------
BALTIC = [(58.0, 14.0), (58.0, 21.6), (57.39, 21.56), (56.51, 21.0), (55.92, 21.05), (55.71, 21.1), (55.30, 20.98),
          (54.96, 20.5), (54.96, 19.97), (54.64, 19.88), (54.40, 19.0), (54.38, 18.75), (54.52, 18.55), (54.83, 18.34),
          (54.76, 17.55), (54.58, 16.86), (54.42, 16.3), (54.3, 14.0)]
GULF_OF_RIGA = [(58.0, 23.3), (57.02, 23.35), (56.98, 23.6), (57.0, 24.0), (57.08, 24.25), (58.0, 24.4)]
CURONIAN_LAGOON = [(55.70, 21.12), (55.45, 21.25), (55.30, 21.35), (55.20, 21.28), (55.00, 21.10), (54.95, 20.95),
                   (54.90, 20.55), (55.00, 20.50), (55.20, 20.95), (55.50, 21.05)]
VISTULA_LAGOON = [(54.68, 20.32), (54.64, 19.92), (54.45, 19.58), (54.28, 19.38), (54.24, 19.45), (54.36, 19.70),
                  (54.52, 20.00), (54.60, 20.30)]
SEAS = [BALTIC, GULF_OF_RIGA, CURONIAN_LAGOON, VISTULA_LAGOON]

# Nations (tested in this order: Romania, Germany, Austria-Hungary, else Russia)
GERMANY = [(56.0, 14.0), (56.0, 20.9), (55.87, 21.06), (55.70, 21.45), (55.35, 21.80), (55.08, 22.40), (54.90, 22.80),
           (54.63, 22.78), (54.35, 22.80), (54.15, 22.75), (53.95, 22.55), (53.72, 22.46), (53.55, 22.20), (53.45, 21.95),
           (53.40, 21.45), (53.30, 20.95), (53.25, 20.60), (53.15, 20.35), (53.23, 19.85), (53.15, 19.30), (53.10, 19.00),
           (52.97, 18.78), (52.90, 18.60), (52.75, 18.40), (52.60, 18.38), (52.45, 18.15), (52.30, 17.85), (52.00, 17.90),
           (51.75, 18.05), (51.29, 18.07), (51.05, 18.42), (50.95, 18.65), (50.75, 18.88), (50.55, 19.05), (50.35, 19.08),
           (50.24, 19.15), (50.05, 19.05), (49.93, 18.75), (49.92, 18.35), (50.02, 18.10), (50.05, 17.85), (50.20, 17.65),
           (50.30, 17.40), (50.38, 17.10), (50.10, 16.80), (50.30, 16.30), (50.40, 14.0)]
AH_RU_BORDER = [(50.24, 19.15), (50.18, 19.50), (50.17, 19.95), (50.15, 20.30), (50.20, 20.60), (50.30, 21.00),
                (50.45, 21.40), (50.62, 21.65), (50.79, 21.87), (50.72, 22.05), (50.55, 22.35), (50.40, 22.65),
                (50.30, 23.00), (50.35, 23.40), (50.33, 23.70), (50.45, 24.00), (50.58, 24.15), (50.50, 24.45),
                (50.30, 24.80), (50.12, 25.15), (49.95, 25.45), (49.65, 25.85), (49.45, 26.15), (48.95, 26.20),
                (48.60, 26.35), (48.30, 26.60)]
AUSTRIA_HUNGARY = AH_RU_BORDER + [(46.0, 28.0), (46.0, 14.0), (50.40, 14.0), (50.40, 16.30)]
ROMANIA = [(48.25, 26.50), (48.00, 26.15), (47.75, 26.20), (47.50, 25.90), (47.30, 25.65), (47.15, 25.40),
           (46.90, 25.80), (46.50, 26.00), (46.00, 26.20), (46.00, 28.0), (48.5, 28.0)]

# Fronts (14): the East Prussian front north of W_P, the Galician front south of P_G (the A-H border, then
# Volhynia south of Łuck), the Polish front between. Kraków is one hex inside the Galician front (18.4.1).
W_P = [(53.45, 15.0), (53.35, 18.3), (53.13, 19.0), (53.23, 19.6), (53.20, 20.3), (53.35, 21.0), (53.40, 21.9),
       (53.25, 22.5), (53.10, 23.2), (53.00, 24.0), (53.00, 28.0)]
P_G = [(50.40, 14.0), (50.40, 16.30)] + AH_RU_BORDER[:17] + [(50.70, 24.60), (50.75, 28.0)]

# Hex terrain
LAKE_DISTRICTS = [
    ("Masurian lake district", [(54.35, 19.40), (54.35, 22.60), (53.85, 22.55), (53.55, 22.10), (53.45, 21.30),
                                (53.40, 19.40)]),
    ("Suwałki lakes", [(54.35, 22.60), (54.35, 23.30), (54.00, 23.30), (53.90, 22.60)]),
    ("Kashubian / Pomeranian lakes", [(54.40, 17.20), (54.40, 18.30), (53.95, 18.30), (53.95, 17.20)]),
    ("Chełmno-Dobrzyń lakes", [(53.40, 18.90), (53.45, 19.40), (53.10, 19.40), (53.10, 18.95)]),
    ("Gniezno lakes", [(52.75, 17.40), (52.75, 18.20), (52.45, 18.20), (52.45, 17.40)]),
    ("Aukštaitija lakes", [(55.70, 25.20), (55.70, 26.80), (55.05, 26.80), (55.05, 25.30)]),
]
PRIMEVAL = [
    ("Puszcza Białowieska", [(52.90, 23.45), (52.90, 24.20), (52.50, 24.20), (52.50, 23.50)]),
    ("Puszcza Augustowska", [(54.02, 22.95), (53.98, 23.70), (53.68, 23.65), (53.72, 23.00)]),
    ("Puszcza Kurpiowska", [(53.45, 21.05), (53.40, 21.85), (53.15, 21.80), (53.22, 21.05)]),
    ("Puszcza Piska (Johannisburger Heide)", [(53.65, 21.20), (53.60, 21.75), (53.42, 21.70), (53.45, 21.15)]),
    ("Puszcza Romincka", [(54.45, 22.15), (54.45, 22.65), (54.28, 22.65), (54.28, 22.15)]),
    ("Bory Tucholskie", [(53.90, 17.60), (53.85, 18.30), (53.50, 18.30), (53.50, 17.60)]),
    ("Puszcza Sandomierska", [(50.55, 21.85), (50.55, 22.40), (50.25, 22.40), (50.25, 21.85)]),
    ("Puszcza Solska", [(50.55, 22.55), (50.55, 23.15), (50.35, 23.15), (50.35, 22.55)]),
    ("Puszcza Knyszyńska", [(53.40, 23.00), (53.40, 23.45), (53.15, 23.45), (53.15, 23.00)]),
    ("Puszcza Rudnicka (Dainava)", [(54.55, 24.15), (54.55, 25.10), (54.05, 25.10), (54.05, 24.15)]),
]
SWAMPS = [
    ("Biebrza marshes", [(53.75, 22.40), (53.75, 23.15), (53.30, 22.80), (53.20, 22.30)]),
    ("Polesie (Pripet marshes)", [(52.45, 24.30), (52.50, 28.0), (51.30, 28.0), (51.50, 25.20), (51.75, 24.45)]),
    ("Upper Dniestr marshes", [(49.72, 23.45), (49.72, 24.05), (49.50, 24.05), (49.50, 23.45)]),
    ("Niemen delta", [(55.45, 21.15), (55.45, 21.55), (55.15, 21.55), (55.15, 21.15)]),
    ("Netze marshes (Netzebruch)", [(53.10, 16.30), (53.15, 17.60), (52.98, 17.60), (52.95, 16.30)]),
    ("Polesie Lubelskie", [(51.60, 22.95), (51.60, 23.55), (51.30, 23.55), (51.30, 22.95)]),
]
FORESTS = [
    ("Courland forests", [(57.00, 21.40), (57.00, 22.90), (56.35, 22.90), (56.35, 21.40)]),
    ("Samogitian forests", [(55.70, 21.80), (55.70, 22.60), (55.25, 22.60), (55.25, 21.80)]),
    ("Jurbarkas forests", [(55.25, 22.50), (55.25, 23.30), (55.00, 23.30), (55.00, 22.50)]),
    ("Latvian forests by Ogre", [(56.80, 24.80), (56.80, 25.80), (56.35, 25.80), (56.35, 24.80)]),
    ("Tapiau forests", [(54.85, 21.20), (54.85, 21.90), (54.70, 21.90), (54.70, 21.20)]),
    ("Puszcza Kozienicka", [(51.75, 21.25), (51.70, 21.75), (51.40, 21.70), (51.45, 21.25)]),
    ("Puszcza Kampinoska", [(52.45, 20.25), (52.45, 20.85), (52.28, 20.85), (52.28, 20.25)]),
    ("Puszcza Pilicka", [(51.45, 20.10), (51.40, 20.70), (51.15, 20.70), (51.20, 20.10)]),
    ("Lasy Janowskie", [(50.80, 22.10), (50.80, 22.60), (50.55, 22.60), (50.55, 22.10)]),
    ("Silesian forests (Lubliniec, Stobrawa)", [(51.00, 17.50), (51.00, 18.70), (50.55, 18.70), (50.55, 17.50)]),
    ("Podlasie forests", [(52.40, 22.60), (52.40, 23.40), (52.10, 23.40), (52.10, 22.60)]),
    ("Volhynian forests", [(51.10, 24.90), (51.10, 26.20), (50.75, 26.20), (50.75, 24.90)]),
    ("Niepołomice and Radłów forests", [(50.15, 20.20), (50.15, 20.90), (50.05, 20.90), (50.05, 20.20)]),
    ("Grodno forests", [(53.90, 24.00), (53.90, 24.90), (53.50, 24.90), (53.50, 24.00)]),
    ("Knyszyn and Sokółka forests", [(53.55, 23.35), (53.55, 23.85), (53.35, 23.85), (53.35, 23.35)]),
]
HILLS = [  # foothills (pogórza) away from the Carpathians
    ("Góry Świętokrzyskie", [(51.05, 20.35), (51.05, 21.40), (50.75, 21.40), (50.75, 20.35)]),
    ("Jura Krakowsko-Częstochowska", [(50.85, 19.10), (50.85, 19.55), (50.20, 19.95), (50.20, 19.50)]),
    ("Roztocze", [(50.80, 22.80), (50.55, 23.45), (50.25, 23.80), (50.15, 23.60), (50.45, 23.05), (50.70, 22.70)]),
    ("Sudetes and Jeseníky", [(50.60, 14.0), (50.60, 16.80), (50.00, 17.60), (49.80, 17.20), (50.10, 14.0)]),
    ("Bukovina hills", [(48.45, 25.10), (48.45, 26.70), (47.90, 26.70), (47.90, 25.10)]),
    ("Mátra and Bükk", [(48.15, 19.55), (48.15, 20.80), (47.80, 20.80), (47.80, 19.55)]),
    ("Zemplén hills", [(48.60, 21.20), (48.60, 21.70), (48.20, 21.70), (48.20, 21.20)]),
    ("Börzsöny and Cserhát", [(48.05, 18.85), (48.05, 19.55), (47.80, 19.55), (47.80, 18.85)]),
    ("Little and White Carpathians", [(49.20, 17.30), (49.20, 18.20), (48.35, 17.60), (48.35, 17.10)]),
    ("Podolian Toltry", [(49.80, 25.75), (49.80, 26.30), (48.90, 26.30), (48.90, 25.90)]),
]
# The Carpathians by longitude: the main ridge (watershed, the Galician-Hungarian border), the northern
# foot of the mountains and their southern foot toward the Hungarian Plain (latitudes).
CREST = [(49.52, 18.3), (49.55, 18.8), (49.42, 19.5), (49.22, 20.0), (49.40, 20.5), (49.42, 21.0), (49.42, 21.5),
         (49.28, 22.0), (49.12, 22.5), (49.00, 22.9), (48.86, 23.3), (48.72, 23.6), (48.50, 24.0), (48.30, 24.45),
         (48.05, 24.8), (47.80, 25.2), (47.60, 25.6), (47.45, 26.0), (47.30, 26.4)]
NORTH_FOOT = [(49.72, 18.3), (49.75, 18.8), (49.72, 19.5), (49.60, 20.0), (49.62, 20.5), (49.65, 21.0), (49.58, 21.5),
              (49.55, 22.0), (49.45, 22.5), (49.35, 23.0), (49.20, 23.5), (49.00, 24.0), (48.75, 24.5), (48.45, 25.0),
              (48.10, 25.5), (47.90, 26.0), (47.75, 26.4)]
SOUTH_FOOT = [(48.40, 17.6), (48.30, 19.0), (48.35, 19.5), (48.50, 20.0), (48.60, 20.5), (48.80, 21.0), (48.90, 21.5),
              (48.80, 22.0), (48.55, 22.5), (48.30, 23.0), (48.10, 23.5), (47.90, 24.0), (47.60, 24.5), (47.30, 25.0),
              (47.00, 26.0)]
CARPATHIAN_WEST, CARPATHIAN_EAST = 17.6, 26.4

# Hexside lines
LARGE_RIVERS = [
    ("Wisła (Vistula)", [(49.65, 18.85), (49.95, 19.05), (50.02, 19.22), (50.05, 19.60), (50.05, 19.94), (50.04, 20.22),
                         (50.20, 20.60), (50.31, 21.07), (50.50, 21.45), (50.68, 21.75), (50.81, 21.86), (51.05, 21.83),
                         (51.32, 21.95), (51.42, 21.97), (51.52, 21.72), (51.70, 21.56), (51.98, 21.21), (52.24, 21.03),
                         (52.44, 20.72), (52.39, 20.20), (52.55, 19.70), (52.66, 19.07), (52.75, 18.93), (52.92, 18.75),
                         (53.01, 18.60), (52.96, 18.30), (53.15, 18.16), (53.35, 18.43), (53.48, 18.75), (53.84, 18.82),
                         (54.09, 18.79), (54.36, 18.95)]),
    ("Narew", [(52.95, 23.90), (53.10, 23.30), (53.20, 22.77), (53.19, 22.38), (53.18, 22.07), (53.23, 21.88),
               (53.08, 21.57), (52.89, 21.41), (52.70, 21.08), (52.51, 21.06), (52.44, 20.72)]),
    ("Bug", [(50.48, 24.28), (50.85, 24.05), (51.18, 23.82), (51.55, 23.55), (52.08, 23.66), (52.33, 23.30),
             (52.40, 22.66), (52.62, 22.10), (52.60, 21.46), (52.51, 21.06)]),
    ("San", [(49.78, 22.77), (49.95, 22.80), (50.02, 22.68), (50.26, 22.42), (50.45, 22.25), (50.58, 22.05), (50.79, 21.88)]),
    # the Dniestr a large river from the Stryj's mouth (Żydaczów) down; above it "Dniestr (upper)", a small river:
    # 6.2.2's example (Ostatnia Wojna Cesarzy, NOVINA, 1997) puts the A-H III Corps' line of control on 3618/3619 and
    # 3818/3819, which a large river between 3718 and 3618/3619 would cut off (6.2.3)
    ("Dniestr", [(49.38, 24.14), (49.12, 24.72), (49.06, 24.82),
                 (48.95, 25.10), (48.80, 25.45), (48.65, 25.74), (48.50, 26.50), (48.45, 27.5)]),
    ("Niemen", [(53.40, 24.60), (53.68, 23.83), (54.02, 23.97), (54.40, 24.05), (54.63, 23.95), (54.90, 23.90),
                (55.08, 22.77), (55.07, 22.58), (55.08, 21.88), (55.30, 21.30)]),
    ("Dźwina (Daugava)", [(55.87, 26.52), (56.50, 25.86), (56.62, 25.72), (56.60, 25.25), (56.82, 24.60), (56.95, 24.10),
                          (57.05, 24.03)]),
    ("Dunaj (Danube)", [(48.20, 16.00), (48.14, 17.10), (47.76, 18.13), (47.79, 18.74), (47.78, 19.13), (47.50, 19.05),
                        (46.80, 18.90)]),
    ("Odra (Oder)", [(50.09, 18.22), (50.33, 18.15), (50.67, 17.93), (50.86, 17.47), (51.11, 17.03), (51.41, 16.43),
                     (51.60, 16.00)]),
    ("Cisa (Tisza)", [(48.00, 24.00), (48.17, 23.29), (48.10, 22.85), (48.30, 22.20), (48.12, 21.40), (47.62, 20.76),
                      (47.17, 20.19), (46.60, 20.10)]),
    ("Prut", [(48.53, 25.04), (48.45, 25.57), (48.29, 25.94), (48.10, 26.90)]),
]
SMALL_RIVERS = [
    ("Warta", [(50.50, 19.42), (50.81, 19.12), (51.12, 18.87), (51.60, 18.73), (52.05, 18.80), (52.20, 18.63),
               (52.22, 18.26), (52.17, 17.68), (52.09, 17.00), (52.40, 16.93), (52.64, 16.80), (52.70, 16.0)]),
    ("Pilica", [(50.50, 19.60), (50.63, 19.82), (51.09, 19.88), (51.36, 19.88), (51.53, 20.00), (51.62, 20.58),
                (51.78, 21.19), (51.85, 21.25)]),
    ("Bzura", [(51.85, 19.45), (52.06, 19.20), (52.10, 19.94), (52.23, 20.24), (52.38, 20.38)]),
    ("Wieprz", [(50.55, 23.20), (50.98, 23.17), (51.30, 22.88), (51.46, 22.60), (51.64, 22.45), (51.56, 21.85)]),
    ("Nida", [(50.90, 20.10), (50.60, 20.50), (50.30, 20.75)]),
    ("Kamienna", [(51.10, 20.80), (50.93, 21.38), (51.00, 21.80)]),
    ("Dunajec", [(49.48, 20.03), (49.62, 20.70), (49.86, 20.80), (50.25, 20.85)]),
    ("Wisłoka", [(49.50, 21.40), (49.75, 21.47), (50.05, 21.40), (50.29, 21.42), (50.45, 21.45)]),
    ("Wisłok", [(49.45, 21.90), (49.69, 21.77), (50.04, 22.00), (50.23, 22.50)]),
    ("Dniestr (upper)", [(49.52, 23.20), (49.60, 23.60), (49.52, 23.98), (49.38, 24.14)]),
    ("San (upper)", [(49.00, 22.88), (49.20, 22.65), (49.47, 22.33), (49.56, 22.20), (49.82, 22.23), (49.78, 22.77)]),
    ("Bug (upper)", [(49.80, 24.90), (49.97, 24.60), (50.10, 24.35), (50.48, 24.28)]),
    ("Stryj", [(49.00, 23.20), (49.26, 23.85), (49.38, 24.14)]),
    ("Świca", [(48.75, 23.60), (49.00, 24.00), (49.20, 24.33), (49.33, 24.27)]),
    ("Łomnica", [(48.55, 24.05), (48.90, 24.45), (49.12, 24.70)]),
    ("Gniła Lipa", [(49.75, 24.50), (49.40, 24.55), (49.10, 24.62)]),
    ("Złota Lipa", [(49.70, 24.90), (49.30, 25.00), (48.95, 25.12)]),
    ("Strypa", [(49.75, 25.25), (49.30, 25.40), (48.87, 25.45)]),
    ("Seret", [(49.80, 25.55), (49.55, 25.62), (49.00, 25.78), (48.60, 25.85)]),
    ("Zbrucz", [(49.75, 26.05), (49.45, 26.15), (48.95, 26.20), (48.55, 26.30)]),
    ("Noteć", [(52.72, 18.33), (52.80, 18.08), (53.14, 17.60), (52.95, 16.50), (52.85, 15.8)]),
    ("Drwęca", [(53.70, 19.96), (53.42, 19.58), (53.26, 19.40), (53.12, 19.05), (53.01, 18.72)]),
    ("Brda", [(53.90, 17.50), (53.60, 17.85), (53.12, 18.00)]),
    ("Pregoła (Pregel)", [(54.63, 21.80), (54.61, 21.20), (54.70, 20.50), (54.68, 20.35)]),
    ("Węgorapa (Angerapp)", [(54.21, 21.75), (54.36, 21.95), (54.63, 21.80)]),
    ("Łyna (Alle)", [(53.60, 20.40), (53.78, 20.49), (54.12, 20.58), (54.25, 20.80), (54.44, 21.02), (54.61, 21.22)]),
    ("Pasłęka (Passarge)", [(53.85, 20.15), (54.10, 20.00), (54.40, 19.85)]),
    ("Biebrza", [(53.80, 23.35), (53.49, 22.74), (53.19, 22.38)]),
    ("Wilia (Neris)", [(54.69, 25.28), (54.88, 24.85), (55.08, 24.28), (54.90, 23.92)]),
    ("Niewiaża (Nevėžis)", [(55.73, 24.36), (55.29, 23.97), (54.94, 23.78)]),
    ("Dubissa", [(55.90, 23.00), (55.33, 23.27), (55.08, 23.42)]),
    ("Szeszupa", [(54.45, 22.95), (54.77, 22.86), (55.05, 22.30)]),
    ("Lelupa (Lielupe)", [(56.40, 24.20), (56.65, 23.72), (57.00, 23.90)]),
    ("Prosna", [(50.95, 18.45), (51.29, 18.07), (51.76, 18.09), (52.17, 17.68)]),
    ("Vág (Váh)", [(49.22, 18.74), (48.90, 18.04), (48.59, 17.83), (47.76, 18.13)]),
    ("Hernád", [(48.95, 20.90), (48.72, 21.26), (48.00, 21.10)]),
    ("Morawa (Morava)", [(49.50, 17.30), (48.85, 17.13), (48.17, 16.98)]),
]
LAKES = [  # lake shores crossing the land: hexsides no unit crosses (5.1.4)
    ("Mamry and Kisajno (Masurian lakes)", [(54.24, 21.70), (54.06, 21.74)]),
    ("Niegocin, Tałty and Śniardwy (Masurian lakes)", [(53.99, 21.78), (53.85, 21.70), (53.75, 21.65), (53.62, 21.92)]),
    ("Gopło", [(52.74, 18.32), (52.45, 18.36)]),
    ("Wigry and the Suwałki lakes", [(54.12, 23.00), (54.02, 23.20)]),
    ("Drawsko and Wdzydze lakes", [(54.05, 17.85), (53.90, 17.95)]),
]
MOUNTAIN_RIDGES = [("Main Carpathian ridge", CREST)]
HIGH_RIDGES = [("Tatry (Tatra)", [(49.25, 19.65), (49.18, 19.95), (49.20, 20.25)]),
               ("Czarnohora", [(48.25, 24.30), (48.15, 24.55), (47.95, 24.90)])]

# Towns: (id, printed name, lat, lon, size, stars: War Objective stars (36), nation scoring side).
# Hex pinned where the text gives it.
PINNED = {"warszawa": "2411", "kowno": "1117", "poznan": "2301", "krakow": "3409", "lwow": "3518", "krolewiec": "1210",
          # [INF] 38.2: Królewiec's port is blocked by Pilawa or by both 1209 and 1309, Elbląg's by 1308 or 1408: the
          # sea lane Pilawa - 1209 / 1309 - Królewiec and Pilawa - 1308 - 1408 - Elbląg puts Pilawa in 1208
          "pilawa": "1208"}
TOWNS = [
    # German
    ("krolewiec", "Królewiec", 54.71, 20.45, "city", 2),
    ("pilawa", "Pilawa", 54.64, 19.90, "town", 0),
    ("elblag", "Elbląg", 54.16, 19.40, "town", 0),
    ("gdansk", "Gdańsk", 54.35, 18.65, "city", 1),
    ("tczew", "Tczew", 54.09, 18.78, "town", 0),
    ("malbork", "Malbork", 54.04, 19.03, "town", 0),
    ("kwidzyn", "Kwidzyn", 53.73, 18.93, "town", 0),
    ("grudziadz", "Grudziądz", 53.48, 18.75, "town", 0),
    ("torun", "Toruń", 53.01, 18.60, "city", 1),
    ("bydgoszcz", "Bydgoszcz", 53.12, 18.00, "city", 0),
    ("pila", "Piła", 53.15, 16.74, "town", 0),
    ("inowroclaw", "Inowrocław", 52.80, 18.26, "town", 0),
    ("gniezno", "Gniezno", 52.53, 17.60, "town", 0),
    ("poznan", "Poznań", 52.41, 16.93, "city", 2),
    ("leszno", "Leszno", 51.84, 16.57, "town", 0),
    ("ostrow", "Ostrów", 51.65, 17.81, "town", 0),
    ("wroclaw", "Wrocław", 51.11, 17.03, "city", 2),
    ("opole", "Opole", 50.67, 17.93, "town", 0),
    ("gliwice", "Gliwice", 50.29, 18.67, "town", 1),
    ("katowice", "Katowice", 50.26, 19.02, "town", 1),
    ("olsztyn", "Olsztyn", 53.78, 20.49, "town", 0),
    ("ostroda", "Ostróda", 53.70, 19.96, "town", 0),
    ("ilawa", "Iława", 53.60, 19.57, "town", 0),
    ("dzialdowo", "Działdowo", 53.23, 20.18, "town", 0),
    ("nidzica", "Nidzica", 53.36, 20.43, "town", 0),
    ("gizycko", "Giżycko", 54.04, 21.77, "town", 0),
    ("elk", "Ełk", 53.83, 22.36, "town", 0),
    ("korsze", "Korsze", 54.17, 21.13, "town", 0),
    ("wystruc", "Wystruć", 54.63, 21.80, "town", 1),
    ("gabin", "Gąbin", 54.59, 22.20, "town", 0),
    ("tylza", "Tylża", 55.08, 21.88, "town", 0),
    ("klajpeda", "Kłajpeda", 55.71, 21.13, "town", 0),
    # Austria-Hungary
    ("krakow", "Kraków", 50.06, 19.94, "city", 2),
    ("oswiecim", "Oświęcim", 50.04, 19.22, "town", 0),
    ("bielsko", "Bielsko", 49.82, 19.04, "town", 0),
    ("cieszyn", "Cieszyn", 49.75, 18.63, "town", 0),
    ("bochnia", "Bochnia", 49.97, 20.43, "town", 0),
    ("nowy-sacz", "Nowy Sącz", 49.62, 20.70, "town", 1),
    ("nowy-targ", "Nowy Targ", 49.48, 20.03, "town", 0),
    ("tarnow", "Tarnów", 50.01, 20.99, "town", 1),
    ("gorlice", "Gorlice", 49.66, 21.16, "town", 0),
    ("jaslo", "Jasło", 49.75, 21.47, "town", 0),
    ("debica", "Dębica", 50.05, 21.41, "town", 0),
    ("rzeszow", "Rzeszów", 50.04, 22.00, "town", 0),
    ("sanok", "Sanok", 49.56, 22.20, "town", 0),
    ("jaroslaw", "Jarosław", 50.02, 22.68, "town", 0),
    ("przemysl", "Przemyśl", 49.78, 22.77, "city", 2),
    ("chyrow", "Chyrów", 49.53, 22.85, "town", 0),
    ("sambor", "Sambor", 49.52, 23.20, "town", 0),
    ("grodek", "Gródek", 49.79, 23.65, "town", 0),
    ("rawa-ruska", "Rawa Ruska", 50.23, 23.62, "town", 0),
    ("lwow", "Lwów", 49.84, 24.03, "city", 3),
    ("stryj", "Stryj", 49.26, 23.85, "town", 0),
    ("zolkiew", "Żółkiew", 50.06, 23.97, "town", 0),
    ("sokal", "Sokal", 50.48, 24.28, "town", 0),
    ("brody", "Brody", 50.08, 25.15, "town", 0),
    ("zloczow", "Złoczów", 49.81, 24.90, "town", 0),
    ("tarnopol", "Tarnopol", 49.55, 25.59, "town", 0),
    ("halicz", "Halicz", 49.12, 24.72, "town", 0),
    ("stanislawow", "Stanisławów", 48.92, 24.71, "town", 1),
    ("kolomyja", "Kołomyja", 48.53, 25.04, "town", 0),
    ("czortkow", "Czortków", 49.02, 25.80, "town", 0),
    ("czerniowce", "Czerniowce", 48.29, 25.94, "city", 1),
    ("mukaczewo", "Munkacz", 48.44, 22.72, "town", 0),
    ("uzhorod", "Użhorod", 48.62, 22.30, "town", 0),
    ("koszyce", "Koszyce", 48.72, 21.26, "city", 1),
    ("preszow", "Preszów", 49.00, 21.24, "town", 0),
    ("miszkolc", "Miszkolc", 48.10, 20.78, "city", 0),
    ("zylina", "Żylina", 49.22, 18.74, "town", 0),
    ("bratyslawa", "Bratysława", 48.15, 17.11, "city", 0),
    ("budapeszt", "Budapeszt", 47.50, 19.04, "city", 3),
    ("ostrawa", "Ostrawa", 49.84, 18.29, "town", 0),
    ("opawa", "Opawa", 49.94, 17.90, "town", 0),
    ("przerow", "Przerów", 49.45, 17.45, "town", 0),
    ("syhot", "Syhot", 47.93, 23.89, "town", 0),
    ("satoraljaujhely", "Ujhely", 48.40, 21.66, "town", 0),
    ("humenne", "Humenne", 48.93, 21.90, "town", 0),
    # Russian
    ("warszawa", "Warszawa", 52.23, 21.01, "city", 3),
    ("modlin", "Modlin", 52.44, 20.72, "town", 0),
    ("lodz", "Łódź", 51.76, 19.46, "city", 1),
    ("kalisz", "Kalisz", 51.76, 18.09, "town", 0),
    ("kutno", "Kutno", 52.23, 19.36, "town", 0),
    ("wloclawek", "Włocławek", 52.66, 19.07, "town", 0),
    ("plock", "Płock", 52.55, 19.70, "town", 0),
    ("mlawa", "Mława", 53.11, 20.38, "town", 0),
    ("pultusk", "Pułtusk", 52.70, 21.08, "town", 0),
    ("ostroleka", "Ostrołęka", 53.08, 21.57, "town", 0),
    ("lomza", "Łomża", 53.18, 22.07, "town", 0),
    ("osowiec", "Osowiec", 53.48, 22.65, "town", 0),
    ("grajewo", "Grajewo", 53.65, 22.45, "town", 0),
    ("suwalki", "Suwałki", 54.10, 22.93, "town", 0),
    ("bialystok", "Białystok", 53.13, 23.16, "city", 1),
    ("grodno", "Grodno", 53.68, 23.83, "city", 1),
    ("wilno", "Wilno", 54.69, 25.28, "city", 2),
    ("kowno", "Kowno", 54.90, 23.90, "city", 1),
    ("olita", "Olita", 54.40, 24.05, "town", 0),
    ("mariampol", "Mariampol", 54.56, 23.35, "town", 0),
    ("wierzbolow", "Wierzbołów", 54.63, 22.78, "town", 0),
    ("koszedary", "Koszedary", 54.86, 24.45, "town", 0),
    ("kiejdany", "Kiejdany", 55.29, 23.97, "town", 0),
    ("szawle", "Szawle", 55.93, 23.31, "town", 0),
    ("libawa", "Libawa", 56.51, 21.01, "town", 0),
    ("poniewiez", "Poniewież", 55.73, 24.36, "town", 0),
    ("mitawa", "Mitawa", 56.65, 23.72, "town", 0),
    ("ryga", "Ryga", 56.95, 24.11, "city", 2),
    ("dyneburg", "Dyneburg", 55.87, 26.52, "city", 0),
    ("brzesc", "Brześć", 52.10, 23.70, "city", 1),
    ("siedlce", "Siedlce", 52.17, 22.29, "town", 0),
    ("lukow", "Łuków", 51.93, 22.38, "town", 0),
    ("deblin", "Dęblin", 51.56, 21.85, "town", 1),
    ("radom", "Radom", 51.40, 21.15, "town", 0),
    ("kielce", "Kielce", 50.87, 20.63, "town", 1),
    ("piotrkow", "Piotrków", 51.40, 19.70, "town", 0),
    ("czestochowa", "Częstochowa", 50.81, 19.12, "town", 0),
    ("sosnowiec", "Sosnowiec", 50.28, 19.12, "town", 0),
    ("miechow", "Miechów", 50.36, 20.03, "town", 0),
    ("sandomierz", "Sandomierz", 50.68, 21.75, "town", 0),
    ("lublin", "Lublin", 51.25, 22.57, "city", 1),
    ("krasnik", "Kraśnik", 50.92, 22.22, "town", 0),
    ("zamosc", "Zamość", 50.72, 23.25, "town", 0),
    ("tomaszow", "Tomaszów", 50.45, 23.42, "town", 0),
    ("chelm", "Chełm", 51.14, 23.47, "town", 1),
    ("hrubieszow", "Hrubieszów", 50.81, 23.89, "town", 0),
    ("wlodzimierz", "Włodzimierz", 50.85, 24.32, "town", 0),
    ("kowel", "Kowel", 51.21, 24.71, "town", 1),
    ("luck", "Łuck", 50.75, 25.33, "town", 0),
    ("dubno", "Dubno", 50.42, 25.75, "town", 0),
    ("rowne", "Równe", 50.62, 26.25, "town", 0),
    ("kamieniec", "Kamieniec Podolski", 48.68, 26.58, "town", 0),
    ("wolkowysk", "Wołkowysk", 53.15, 24.45, "town", 0),
    ("kobryn", "Kobryń", 52.21, 24.36, "town", 0),
]
PORTS = ["krolewiec", "elblag", "pilawa"]
BLOCKADE_HEXES = ["1209", "1309", "1308", "1408"]  # 38.2: hexes the Russians can hold, so land  # 38: the Baltic ports the text names
# Fortresses (25) with strength (exact: Kowno 2, 25.2 example; the rest authored), bridgeheads (26) and
# fortified regions (24.1, exact: Warszawa 2, Lwów 2).
FORTRESSES = {"kowno": 2, "krolewiec": 3, "torun": 3, "grudziadz": 2, "poznan": 2, "gizycko": 1, "krakow": 3,
              "przemysl": 3, "deblin": 2, "brzesc": 2, "modlin": 3, "osowiec": 1, "grodno": 2}
EXACT_STRENGTH = {"kowno"}
BRIDGEHEADS = {"jaroslaw": (1, "San"), "halicz": (1, "Dniestr")}
FORTIFIED_REGIONS = {"warszawa": 2, "lwow": 2}

# Railways: (name, kind, stations as (lat, lon) or town ids). main = magistrala, ordinary = linia zwykła (18.3).
EDGE = {  # points beyond the map edge the lines run off to
    "w_berlin": (52.35, 15.9), "w_stettin": (53.15, 15.9), "w_vienna": (48.75, 16.2), "w_pressburg": (48.15, 16.0),
    "e_moscow": (52.90, 27.2), "e_kiev": (50.62, 27.2), "e_proskurov": (49.50, 27.2), "e_petersburg": (56.20, 27.5),
    "s_szolnok": (46.90, 20.30), "e_minsk": (53.30, 26.8), "s_jassy": (47.20, 26.60),
}
RAILWAYS = [
    ("Ostbahn: Piła - Bydgoszcz - Tczew - Królewiec - Wierzbołów", "main",
     ["w_stettin", "pila", "bydgoszcz", "tczew", "malbork", "elblag", "krolewiec", "wystruc", "gabin", "wierzbolow"]),
    ("Petersburg - Warsaw: Wierzbołów - Kowno - Wilno - Dyneburg", "main",
     ["wierzbolow", "kowno", "koszedary", (54.65, 25.05), "wilno", "dyneburg", "e_petersburg"]),
    ("Petersburg - Warsaw: Wilno - Grodno - Białystok - Warszawa", "main",
     [(54.65, 25.05), (54.22, 24.57), "grodno", "bialystok", (52.99, 22.88), (52.70, 22.03), "warszawa"]),
    ("Berlin - Poznań - Toruń", "main", ["w_berlin", "poznan", "gniezno", "inowroclaw", "torun"]),
    ("Toruń - Iława - Olsztyn - Korsze - Wystruć", "main", ["torun", (53.30, 19.20), "ilawa", "ostroda", "olsztyn", "korsze", "wystruc"]),
    ("Poznań - Leszno - Wrocław", "main", ["poznan", "leszno", "wroclaw"]),
    ("Wrocław - Opole - Gliwice - Katowice", "main", ["wroclaw", (50.86, 17.47), "opole", "gliwice", "katowice"]),
    ("Warsaw - Vienna: Warszawa - Piotrków - Częstochowa - Sosnowiec", "main",
     ["warszawa", (51.95, 20.15), (51.74, 19.82), "piotrkow", "czestochowa", "sosnowiec"]),
    ("Sosnowiec - Katowice", "ordinary", ["sosnowiec", "katowice"]),
    ("Sosnowiec - Kraków (Szczakowa)", "main", ["sosnowiec", (50.23, 19.40), "krakow"]),
    ("Moscow - Brest: Warszawa - Siedlce - Brześć", "main", ["warszawa", "siedlce", "lukow", "brzesc"]),
    ("Moscow - Brest: Brześć - Baranowicze", "main", ["brzesc", (52.45, 24.80), (52.70, 25.34), "e_moscow"]),
    ("Kiev - Brest: Brześć - Kowel - Równe", "main", ["brzesc", "kowel", (50.95, 25.50), "rowne", "e_kiev"]),
    ("Nordbahn: Kraków - Oświęcim - Ostrawa - Przerów", "main", ["krakow", "oswiecim", (49.90, 18.97), "ostrawa", "przerow", "w_vienna"]),
    ("Karl-Ludwig-Bahn: Kraków - Tarnów - Przemyśl - Lwów", "main",
     ["krakow", "bochnia", "tarnow", "debica", "rzeszow", (50.06, 22.49), "jaroslaw", "przemysl", "grodek", "lwow"]),
    ("Lwów - Tarnopol - Podwołoczyska", "main", ["lwow", (49.92, 24.60), "zloczow", "tarnopol", (49.53, 26.14), "e_proskurov"]),
    ("Lwów - Halicz - Stanisławów - Czerniowce", "main",
     ["lwow", (49.40, 24.30), "halicz", "stanislawow", "kolomyja", (48.45, 25.57), "czerniowce", "s_jassy"]),
    ("Kaschau-Oderberg: Ostrawa - Żylina - Koszyce", "main",
     ["ostrawa", "cieszyn", (49.44, 18.79), "zylina", (49.06, 20.30), (48.95, 21.10), "koszyce"]),
    ("Koszyce - Miszkolc - Budapeszt", "main", ["koszyce", "miszkolc", (47.67, 19.67), "budapeszt"]),
    ("Budapeszt - Bratysława - Vienna", "main", ["budapeszt", (47.78, 19.13), (47.99, 18.16), "bratyslawa", "w_pressburg"]),
    ("Budapeszt - Szolnok", "ordinary", ["budapeszt", (47.17, 20.19), "s_szolnok"]),
    # ordinary lines
    ("Libau - Romny: Libawa - Szawle - Kiejdany - Koszedary", "ordinary",
     ["libawa", (56.31, 22.33), "szawle", (55.81, 23.54), (55.64, 23.72), "kiejdany", "koszedary"]),
    ("Ryga - Mitawa - Szawle", "ordinary", ["ryga", "mitawa", "szawle"]),
    ("Ryga - Dyneburg", "ordinary", ["ryga", (56.82, 24.60), (56.50, 25.86), "dyneburg"]),
    ("Tylża - Wystruć", "ordinary", ["tylza", "wystruc"]),
    ("Królewiec - Tylża - Kłajpeda", "ordinary", ["krolewiec", (54.95, 21.25), "tylza", "klajpeda"]),
    ("Królewiec - Pilawa", "ordinary", ["krolewiec", "pilawa"]),
    ("Tczew - Gdańsk", "ordinary", ["tczew", "gdansk"]),
    ("Toruń - Grudziądz - Malbork", "ordinary", ["torun", "grudziadz", "kwidzyn", "malbork"]),
    ("Korsze - Giżycko - Ełk - Grajewo - Białystok", "ordinary",
     ["korsze", "gizycko", "elk", "grajewo", "osowiec", "bialystok"]),
    ("Iława - Działdowo - Mława - Warszawa", "ordinary", ["ilawa", "dzialdowo", "mlawa", (52.59, 20.80), "modlin", "warszawa"]),
    ("Warsaw - Bydgoszcz: Warszawa - Kutno - Toruń", "ordinary",
     ["warszawa", (52.10, 19.94), "kutno", "wloclawek", (52.88, 18.69), "torun"]),
    ("Koluszki - Łódź - Kalisz - Ostrów", "ordinary", [(51.74, 19.82), "lodz", "kalisz", "ostrow", "leszno"]),
    ("Vistula railway: Warszawa - Dęblin - Lublin - Chełm - Kowel", "ordinary",
     ["warszawa", (51.90, 21.45), "deblin", "lublin", "chelm", "kowel"]),
    ("Dęblin - Radom - Kielce - Sosnowiec", "ordinary", ["deblin", "radom", "kielce", (50.50, 20.10), (50.33, 19.19), "sosnowiec"]),
    ("Brześć - Białystok", "ordinary", ["brzesc", (52.77, 23.20), "bialystok"]),
    ("Białystok - Wołkowysk - Baranowicze", "ordinary", ["bialystok", "wolkowysk", "e_minsk"]),
    ("Lwów - Żółkiew - Sokal", "ordinary", ["lwow", "zolkiew", "sokal"]),
    ("Lwów - Rawa Ruska", "ordinary", ["lwow", "rawa-ruska"]),
    ("Jarosław - Rawa Ruska - Sokal", "ordinary", ["jaroslaw", (50.13, 23.10), "rawa-ruska", "sokal"]),
    ("Równe - Radziwiłłów - Brody - Lwów", "ordinary", ["rowne", "dubno", (50.13, 25.25), "brody", (49.92, 24.60)]),
    ("Przemyśl - Chyrów - Łupków - Humenne", "ordinary",
     ["przemysl", "chyrow", (49.43, 22.60), (49.52, 22.27), (49.25, 22.07), "humenne", "satoraljaujhely", "miszkolc"]),
    ("Sambor - Uzhok - Użhorod", "ordinary", ["chyrow", "sambor", (49.15, 23.03), (49.00, 22.86), "uzhorod"]),
    ("Lwów - Stryj - Ławoczne - Munkacz", "ordinary", ["lwow", "stryj", (48.90, 23.45), "mukaczewo", "uzhorod", (48.43, 22.20), "satoraljaujhely"]),
    ("Sambor - Stryj - Stanisławów", "ordinary", ["sambor", (49.35, 23.50), "stryj", (49.03, 24.35), "stanislawow"]),
    ("Stanisławów - Delatyn - Syhot - Szatmár", "ordinary", ["stanislawow", (48.52, 24.63), (48.27, 24.37), "syhot", (47.60, 23.10), (46.90, 22.70)]),
    ("Tarnów - Nowy Sącz - Preszów - Koszyce", "ordinary", ["tarnow", (49.65, 20.95), "nowy-sacz", (49.27, 20.85), "preszow", "koszyce"]),
    ("Kraków - Chabówka - Nowy Sącz", "ordinary", ["krakow", (49.70, 19.95), "nowy-sacz"]),
    ("Dębica - Rozwadów - Przeworsk", "ordinary", ["debica", (50.29, 21.42), (50.58, 22.05), (50.26, 22.42), (50.06, 22.49)]),
    ("Stróże - Jasło - Rzeszów", "ordinary", [(49.65, 20.95), "gorlice", "jaslo", (49.69, 21.77), "rzeszow"]),
    ("Tarnopol - Czortków - Zaleszczyki - Czerniowce", "ordinary", ["tarnopol", "czortkow", (48.65, 25.74), "czerniowce"]),
    ("Wrocław - Ostrów - Kalisz", "ordinary", ["wroclaw", "ostrow"]),
    ("Opole - Lubliniec - Katowice", "ordinary", ["opole", (50.67, 18.68), (50.44, 18.86), "katowice"]),
    ("Katowice - Bielsko - Żylina", "ordinary", ["katowice", (49.98, 18.95), "bielsko", "zylina"]),
    ("Gdańsk - Stolp", "ordinary", ["gdansk", (54.52, 18.40), (54.46, 17.02), (54.42, 16.0)]),
    ("Krnov - Opava - Ostrawa", "ordinary", [(50.15, 16.0), "opawa", "ostrawa"]),
]

# --------------------------------------------------------------------------------------------
# Geometry
# --------------------------------------------------------------------------------------------
def inside(pt, poly) -> bool:
    y, x = pt
    res = False
    for (y1, x1), (y2, x2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            res = not res
    return res


def interp(line, lon: float) -> float | None:
    """The latitude of a west-to-east line at a longitude."""
    for (la1, lo1), (la2, lo2) in zip(line, line[1:]):
        if lo1 <= lon <= lo2:
            return la1 + (lon - lo1) / (lo2 - lo1) * (la2 - la1)
    return None


def crossings(polyline) -> list[tuple[str, str]]:
    """Hexsides whose centre-to-centre segment crosses the polyline an odd number of times."""
    pts = [fractional(*p) for p in polyline]
    segs = list(zip(pts, pts[1:]))
    out = []
    for a, b in SIDES:
        n = sum(1 for q1, q2 in segs if seg_intersect(CENTRE[a], CENTRE[b], q1, q2))
        if n % 2:
            out.append((a, b))
    return out


def polygon_edges(poly) -> list[tuple[str, str]]:
    """Hexsides across which one centre is inside the polygon and the other is not, or whose segment crosses it."""
    return crossings(poly + poly[:1])


# --------------------------------------------------------------------------------------------
# Hex classification
# --------------------------------------------------------------------------------------------
def is_sea(lat: float, lon: float) -> bool:
    return any(inside((lat, lon), p) for p in (BALTIC, GULF_OF_RIGA, CURONIAN_LAGOON))


def nation_of(lat: float, lon: float) -> str:
    if inside((lat, lon), ROMANIA):
        return "ro"
    if inside((lat, lon), GERMANY):
        return "de"
    if inside((lat, lon), AUSTRIA_HUNGARY):
        return "ah"
    return "ru"


def front_of(lat: float, lon: float) -> str:
    wp = interp(W_P, lon)
    if wp is not None and lat > wp:
        return "W"
    pg = interp(P_G, lon)
    if pg is not None and lat < pg:
        return "G"
    return "P"


def terrain_of(lat: float, lon: float) -> str:
    if is_sea(lat, lon):
        return "sea"
    if CARPATHIAN_WEST <= lon <= CARPATHIAN_EAST:
        crest, foot, south = interp(CREST, lon), interp(NORTH_FOOT, lon), interp(SOUTH_FOOT, lon)
        if None not in (crest, foot, south):
            if south <= lat <= foot:
                return "mountains"
            if foot < lat <= foot + 0.28 or south - 0.22 <= lat < south:
                return "foothills"
    for kind, polys in (("swamp", SWAMPS), ("primeval_forest", PRIMEVAL), ("lake_district", LAKE_DISTRICTS),
                        ("forest", FORESTS), ("foothills", HILLS)):
        for _, poly in polys:
            if inside((lat, lon), poly):
                return kind
    return "clear"


# What the rules' examples fix (5.1.2, 6.2.2, 9.3): never changed by the geography above.
EXACT_TERRAIN = {"3618": "swamp", "3815": "mountains", "3816": "foothills", "4119": "mountains", "4219": "mountains",
                 "3714": "mountains"}


def merge_enclaves(label: dict[str, str]) -> dict[str, str]:
    """Hexes cut off from the rest of their nation (or front) by the hex grid's coarseness join the
    neighbour that surrounds them, so every nation and front is one connected piece of land."""
    label = dict(label)
    changed = True
    while changed:
        changed = False
        comps: list[set[str]] = []
        seen: set[str] = set()
        for h in label:
            if h in seen:
                continue
            comp, todo = {h}, [h]
            while todo:
                x = todo.pop()
                for n in neighbours(x):
                    if n in label and n not in comp and label[n] == label[h]:
                        comp.add(n)
                        todo.append(n)
            seen |= comp
            comps.append(comp)
        biggest: dict[str, int] = {}
        for c in comps:
            k = label[next(iter(c))]
            biggest[k] = max(biggest.get(k, 0), len(c))
        for c in comps:
            k = label[next(iter(c))]
            if len(c) < biggest[k]:
                around = [label[n] for x in c for n in neighbours(x) if n in label and n not in c]
                if around:
                    new = max(set(around), key=around.count)
                    for x in c:
                        label[x] = new
                    changed = True
                    break
    return label


# --------------------------------------------------------------------------------------------
# Railways
# --------------------------------------------------------------------------------------------
def place(key) -> tuple[float, float]:
    if isinstance(key, tuple):
        return key
    if key in EDGE:
        return EDGE[key]
    for tid, _, lat, lon, *_ in TOWNS:
        if tid == key:
            return lat, lon
    raise KeyError(key)


def clamp_hex(x: float, y: float) -> str | None:
    h = hex_at(x, y)
    return h if h in HEXSET else None


UNBRIDGED = {("2005", "2104")}  # 5.1.3 example: no bridge between Inowrocław and 2005


def rail_chain(stations, town_hex) -> list[str]:
    pinned = {town_hex[s] for s in stations if isinstance(s, str) and s in town_hex}
    pts = []
    for s in stations:
        if isinstance(s, str) and s in town_hex:
            pts.append(CENTRE[town_hex[s]])
        else:
            pts.append(fractional(*place(s)))
    chain: list[str] = []
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        n = max(4, int(math.hypot(x2 - x1, y2 - y1) * 8))
        for i in range(n + 1):
            t = i / n
            h = clamp_hex(x1 + t * (x2 - x1), y1 + t * (y2 - y1))
            if h is None or (chain and chain[-1] == h):
                continue
            if chain and h not in neighbours(chain[-1]):
                common = [c for c in neighbours(chain[-1]) if c in neighbours(h)]
                if not common:  # left the map and came back: keep the part seen so far
                    break
                chain.append(common[0])
            chain.append(h)
    if chain:
        pinned |= {chain[0], chain[-1]}  # the ends stay where the line joins another or leaves the map
        pinned |= {h for h in (clamp_hex(*p) for p in pts) if h}  # every station, junctions too
    straighten(chain, pinned, neighbours)
    seen: dict[str, int] = {}
    i = 0
    while i < len(chain):
        h = chain[i]
        if h in seen:
            del chain[seen[h] + 1:i + 1]
            i = seen[h] + 1
            seen = {x: k for k, x in enumerate(chain[:i])}
            continue
        seen[h] = i
        i += 1
    return chain


# --------------------------------------------------------------------------------------------
# Build
# --------------------------------------------------------------------------------------------
def build():
    terrain = {h: terrain_of(*LATLON[h]) for h in HEXES}
    terrain.update(EXACT_TERRAIN)
    for h in list(PINNED.values()) + BLOCKADE_HEXES:  # pinned town hexes and the blockade hexes (38.2) are land
        if terrain[h] == "sea":
            terrain[h] = "clear"
    sea = {h for h in HEXES if terrain[h] == "sea"}
    nation = merge_enclaves({h: nation_of(*LATLON[h]) for h in HEXES if h not in sea})
    front = merge_enclaves({h: front_of(*LATLON[h]) for h in HEXES if h not in sea and nation[h] != "ro"})

    # towns
    towns = []
    town_hex: dict[str, str] = {}
    used: dict[str, str] = {}
    for tid, name, lat, lon, size, stars in TOWNS:
        h = PINNED.get(tid) or geo.hex_of(lat, lon)
        if h not in HEXSET:
            continue
        if h in sea:  # a coastal town whose hex centre is at sea: the nearest land hex
            h = min((n for n in neighbours(h) if n not in sea), key=lambda n: math.dist(CENTRE[n], fractional(lat, lon)))
        if h in used:
            # two towns in one hex: the smaller one moves to the nearest free land hex (or is left out)
            free = [n for n in neighbours(h) if n not in used and n not in sea]
            if not free or tid in PINNED:
                print(f"  town {tid} shares hex {h} with {used[h]}: left out")
                continue
            h = min(free, key=lambda n: math.dist(CENTRE[n], fractional(lat, lon)))
        used[h] = tid
        town_hex[tid] = h
        towns.append((tid, name, h, size, stars))
    for tid in list(FORTRESSES) + list(BRIDGEHEADS):
        terrain_town = town_hex[tid]
        if tid in FORTRESSES:
            terrain[terrain_town] = "fortress"

    # hexsides
    hexsides: list[tuple[str, str, list[tuple[str, str]]]] = []
    coast = sorted({tuple(sorted((a, b))) for a, b in SIDES if (a in sea) != (b in sea)}
                   )  # the Vistula Lagoon is narrower than a hex: its shores stay land (the sea lanes of 38.2 cross it)
    hexsides.append(("sea", "Baltic coast and lagoons", coast))
    pairs = {("de", "ru"): ("border", "German-Russian border"), ("ah", "ru"): ("border", "Austro-Hungarian-Russian border"),
             ("ah", "de"): ("border", "German-Austro-Hungarian border"), ("ah", "ro"): ("romanian_border", "Romanian border"),
             ("ro", "ru"): ("romanian_border", "Romanian border")}
    by_name: dict[str, tuple[str, list]] = {}
    for a, b in SIDES:
        if a in nation and b in nation and nation[a] != nation[b]:
            kind, name = pairs[tuple(sorted((nation[a], nation[b])))]
            by_name.setdefault(name, (kind, []))[1].append((a, b))
    for name, (kind, sides) in by_name.items():
        hexsides.append((kind, name, sides))
    fronts_names = {("P", "W"): "East Prussian / Polish front boundary", ("G", "P"): "Polish / Galician front boundary",
                    ("G", "W"): "East Prussian / Galician front boundary"}
    fb: dict[str, list] = {}
    for a, b in SIDES:
        if a in front and b in front and front[a] != front[b]:
            fb.setdefault(fronts_names[tuple(sorted((front[a], front[b])))], []).append((a, b))
    for name, sides in fb.items():
        hexsides.append(("front", name, sides))

    def land(sides):
        return [s for s in sides if s[0] not in sea and s[1] not in sea]

    river_sides: set[tuple[str, str]] = set()
    for kind, lines in (("large_river", LARGE_RIVERS), ("small_river", SMALL_RIVERS)):
        for name, line in lines:
            sides = [s for s in land(crossings(line)) if s not in river_sides]
            if name.startswith("Wisła"):
                sides = [s for s in sides if s != ("2712", "2813")]
                for s in (("2005", "2104"), ("2106", "2206"), ("2813", "2814"), ("2813", "2913")):
                    if s not in sides:
                        print(f"  NOTE forcing Vistula hexside {s}")
                        sides.append(s)
            river_sides.update(sides)
            if sides:
                hexsides.append((kind, name, sorted(sides)))
    large = {s for k, _, ss in hexsides if k == "large_river" for s in ss}
    for name, line in LAKES:
        sides = land(crossings(line))
        if name == "Gopło" and not any("2205" in s for s in sides):
            sides.append(("2204", "2205"))
        hexsides.append(("lake", name, sorted(sides)))
    for name, line in MOUNTAIN_RIDGES:
        sides = land(crossings(line))
        for h in ("3815", "3816", "4219"):  # 5.1.2, 9.3: a ridge is crossed into these hexes
            if not any(h in x for x in sides):
                raise SystemExit(f"no mountain ridge by {h}: move the crest")
        hexsides.append(("mountain_ridge", name, sorted(sides)))
    for name, line in HIGH_RIDGES:
        hexsides.append(("high_ridge", name, sorted(land(crossings(line)))))
    # fortified regions: the ring of hexsides round Warszawa and Lwów (24.1); the Narew line: the Narew's hexsides
    for tid, strength in FORTIFIED_REGIONS.items():
        h = town_hex[tid]
        hexsides.append(("fortified_region", f"{dict((t[0], t[1]) for t in TOWNS)[tid]} fortified region ({strength})",
                         sorted(tuple(sorted((h, n))) for n in neighbours(h))))
    narew = next(ss for k, n, ss in hexsides if n == "Narew")
    hexsides.append(("fortified_region", "Narew line", [s for s in narew if min(LATLON[s[0]][1], LATLON[s[1]][1]) < 22.3]))
    # bridgeheads: the bridgehead town's hexsides on its river (the front, 26)
    for tid, (strength, river) in BRIDGEHEADS.items():
        h = town_hex[tid]
        rs = next(ss for k, n, ss in hexsides if n == river)
        front_sides = [s for s in rs if h in s] or [tuple(sorted((h, n))) for n in neighbours(h)
                                                     if LATLON[n][1] > LATLON[h][1]]
        hexsides.append(("bridgehead", f"{dict((t[0], t[1]) for t in TOWNS)[tid]} bridgehead ({strength})", sorted(front_sides)))

    # railways
    rails = []
    for name, kind, stations in RAILWAYS:
        chain = rail_chain(stations, town_hex)
        if len(chain) >= 2:
            rails.append((name, kind, chain))
    # bridges: the exact one (5.1.3) and one wherever a railway crosses a large river, but where 5.1.3 says the river
    # is paid: "Przejście na heks 2005 wymaga wydania 2PM, gdyż wiąże się z przekroczeniem dużej rzeki" (entering
    # 2005 from Inowrocław 2104 costs 2 MP, for crossing a large river)
    bridges = {("2106", "2206")}
    for _, _, chain in rails:
        for a, b in zip(chain, chain[1:]):
            s = tuple(sorted((a, b)))
            if s in large and s not in UNBRIDGED:
                bridges.add(s)
    hexsides.append(("bridge", "Bridges", sorted(bridges)))
    return terrain, sea, nation, front, towns, town_hex, hexsides, rails


def _q(h: str) -> str:
    return f'"{h}"'


def _wrap(items: list[str], indent: str, per_line: int = 14) -> str:
    lines = [", ".join(items[i:i + per_line]) for i in range(0, len(items), per_line)]
    return ("[\n" + ",\n".join(indent + "  " + x for x in lines) + "\n" + indent + "]") if lines else "[]"


FIT_LINES = "\n".join(f"#   {h} {place:<28} residual {err:.2f} hexes" for h, place, _, err in geo.residuals()[:len(geo.NAMED)])
CHECK_LINES = "\n".join(f"#   {h} {place[:78]:<78} fitted {fit}" for h, place, fit, _ in geo.residuals()[len(geo.NAMED):])

MAP_YAML = f"""# Ostatnia Wojna Cesarzy (NOVINA 1997): one board, 25 km hexes (1.1). Written by tools/author_owc_map.py.
# Hex IDs RRCC, four zero-padded digits: RR the row counted from the north edge, CC the position in the row
# counted from the west edge. Pointy-top hexes in rows, the odd rows half a hex further east (outer_lines: even,
# the even rows' first hex is the one nearer the west edge): every adjacency the text names needs it
# (2206-2106, 3713-3714, 3619-3618, 2913-2814, and 1209 and 1309 both touching Królewiec 1210).
# Extent (authored, rule 39 and 1.1): rows 01-48 from north of the Dvina at Riga to south of the Danube bend at
# Budapest, positions 01-24 from Poznań / Wrocław to past Brest and Kowel (Dyneburg 0623, Tarnopol 3623).
# Grid fitted by tools/owc_geo.py to the six hexes the text ties to towns (residual, in hexes):
{FIT_LINES}
# and checked against the other hexes the examples name:
{CHECK_LINES}
approximate: true
source: "Board extent and colours authored; numbering exact from the rule hexes (tools/owc_geo.py fit, worst residual {max(e for *_, e in geo.residuals()[:6]):.2f} hex); TEC from rules 5.1, 6.2, 7.4.1, 9.3, 24-26"
boards:
  - name: Mapa
    hexes: rows
    hex_size: 96
    lines: {ROWS}
    per_line: {COLS}
    margin: 48
    outer_lines: even
    numbering: {{line_from: top, pos_from: left, sep: "", line_digits: 2, pos_digits: 2}}
terrain_types:
  clear: {{name: "Teren czysty (clear)", move: "1", combat: "none; +1 MP across an enemy line of control (6.2)", colour: "#ece6c6"}}
  forest: {{name: "Lasy (forest)", move: "1", combat: "difficult: attack on it -1 (7.4.1); +1 MP across an enemy line of control", colour: "#b9d39a", texture: trees}}
  lake_district: {{name: "Pojezierza (lake district)", move: "1", combat: "difficult: attack on it -1 (7.4.1); +1 MP across an enemy line of control", colour: "#c4e0d6"}}
  foothills: {{name: "Pogórza (foothills)", move: "1", combat: "difficult: attack on it -1 (7.4.1); +1 MP across an enemy line of control", colour: "#e0cc98"}}
  primeval_forest: {{name: "Puszcze (primeval forest)", move: "2", combat: "very difficult: attack on it -2, attack from it -1 (7.4.1); retreat into it -1 resilience (9.3); no entry across an enemy line of control (6.2.2)", colour: "#7faa68", texture: trees}}
  swamp: {{name: "Błota (swamp)", move: "2", combat: "very difficult: attack on it -2, attack from it -1 (7.4.1); retreat into it -1 resilience (9.3); no entry across an enemy line of control (6.2.2)", colour: "#a3c2b4", texture: marsh}}
  mountains: {{name: "Góry (mountains)", move: "2", combat: "very difficult: attack on it -2, attack from it -1 (7.4.1); retreat into it -1 resilience (9.3); no entry across an enemy line of control (6.2.2)", colour: "#bf9f74"}}
  fortress: {{name: "Twierdza (fortress; the whole hex, 1.1.1)", move: "1", combat: "move 1 [INF: 5.1.5, no cost listed: the hex's own terrain is not in the text, clear assumed]; no entry into an enemy fortress (A.3, 25). A/B: attack -4, never taken (A.3); from C: defender SP + fortress strength, artillery the only modifier (25.2)", colour: "#d9c3c3"}}
  sea: {{name: "Morze (sea; no game hex)", move: Prohibited, combat: "no attack across the coast (7.1)", colour: "#a9cce6", prohibited: true}}
hexside_types:
  small_river: {{name: "Mała rzeka (small river)", move: "+0", note: "5.1.3: crossing a small river costs no MP", combat: "attack across -1 (7.4.1); +1 MP across an enemy line of control", style: water, colour: "#4f8fd0", width: 2.5}}
  large_river: {{name: "Duża rzeka (large river)", move: "+1", note: "5.1.2: crossing a large river +1 MP (+0 on a bridge, 5.1.3)", combat: "attack across -2, a bridge does not help (7.4.1-2); retreat across -1 resilience (9.3); no crossing an enemy line of control with it (6.2.2); cuts lines of control (6.2.3)", blocks_zoc: true, style: water, colour: "#2f6fb8", width: 5}}
  bridge: {{name: "Most (bridge)", move: "+0", note: "5.1.3: the large river costs nothing here", combat: "as the large river (7.4.2)", style: bridge, over: [large_river]}}
  lake: {{name: "Jezioro (lake)", move: Prohibited, combat: "no attack across (7.1); cuts lines of control (6.2.3); counts as an enemy line of control for encirclement (6.3)", blocks_zoc: true, style: water, colour: "#5fa0d8", width: 6, prohibits: ["*"]}}
  sea: {{name: "Wybrzeże (sea coast)", move: Prohibited, combat: "no attack across (7.1); counts as an enemy line of control for encirclement (6.3)", blocks_zoc: true, style: water, colour: "#5f9fd6", width: 3, prohibits: ["*"]}}
  mountain_ridge: {{name: "Grzbiet górski (mountain ridge)", move: "+1", note: "5.1.2: crossing a mountain ridge +1 MP", combat: "attack across -2 (7.4.1); retreat across -1 resilience (9.3); no crossing an enemy line of control with it (6.2.2)", style: ridge, colour: "#7a5a36", width: 4}}
  high_ridge: {{name: "Grzbiet wysokogórski (high-mountain ridge)", move: Prohibited, combat: "no attack across (7.1); cuts lines of control (6.2.3); counts as an enemy line of control for encirclement (6.3)", blocks_zoc: true, style: ridge, colour: "#4a2c14", width: 6, prohibits: ["*"]}}
  fortified_region: {{name: "Rejon umocniony / linia umocnień (fortified region or line)", move: "+0", note: "5.1.5: other lines cost no MP", combat: "attack across -2 (A.3) or its strength (Warszawa, Lwów 2: 24.1); a permanent trench line", style: boundary, colour: "#8b1a1a", width: 4}}
  bridgehead: {{name: "Przyczółek mostowy (bridgehead front)", move: "+0", note: "5.1.5: other lines cost no MP; no entry into an enemy bridgehead (A.3)", combat: "a frontal attack across it is an attack on a fortress of the bridgehead's strength; none from the rear (26)", style: boundary, colour: "#b03060", width: 4}}
  border: {{name: "Granica państwa (state border)", move: "+0", note: "5.1.5: other lines cost no MP", combat: "none", style: boundary, colour: "#303030", width: 3}}
  romanian_border: {{name: "Granica Rumunii (Romanian border)", move: Prohibited, combat: "Romania is never entered (13); counts as an enemy line of control for encirclement (6.3)", blocks_zoc: true, style: boundary, colour: "#d04040", width: 4, prohibits: ["*"]}}
  front: {{name: "Granica frontów (front boundary)", move: "+0", note: "5.1.5: other lines cost no MP", combat: "none; an attack on a hex next to it uses the attacker's choice of front for supply (22.2.1)", style: boundary, colour: "#e08a00", width: 2.5}}
rail_types:
  main: {{name: "Magistrala (main line)", move: "2 units per segment per phase; stations 2; ordinary in enemy territory (18.3)", colour: "#1e1e1e", width: 4.5}}
  ordinary: {{name: "Linia zwykła (ordinary line)", move: "1 unit per segment per phase; not usable in enemy territory (18.3)", colour: "#1e1e1e", width: 2}}
"""


def write(terrain, sea, nation, front, towns, town_hex, hexsides, rails) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "map.yaml").write_text(MAP_YAML)
    by_type: dict[str, list[str]] = {}
    for h in HEXES:
        if terrain[h] != "clear":
            by_type.setdefault(terrain[h], []).append(h)
    t = ["# Ostatnia Wojna Cesarzy: the terrain of every hex. Written by tools/author_owc_map.py.",
         "# Exact from the rules' examples: swamp 3618 (6.2.2), mountains 3815, 3714 (5.1.2 example: 3714 costs 2 MP),",
         "# 4119 and 4219 (9.3), foothills 3816 (5.1.2); fortress hexes where the text names fortresses (25, A.3).",
         "approximate: true",
         'source: "Authored from 1914 geography (Baltic and lagoons, lake districts, puszcze, marshes, Carpathians) placed with tools/owc_geo.py; the rules print no terrain"',
         "default: clear", "terrain:"]
    for k in sorted(by_type):
        t.append(f"  {k}: " + _wrap([_q(h) for h in by_type[k]], "  "))
    (OUT / "terrain.yaml").write_text("\n".join(t) + "\n")

    f = ["# Ostatnia Wojna Cesarzy: hexsides, railways, towns, War Objectives, fortresses, ports, territory and fronts.",
         "# Written by tools/author_owc_map.py (polylines, polygons and station lists live there).",
         "# Exact from the rules: the hexes of Warszawa 2411, Kowno 1117, Poznań 2301, Kraków 3409, Lwów 3518, Królewiec",
         "# 1210 (18.4.1); the Vistula bridge 2206-2106 and the Vistula between Inowrocław and 2005 and between 2813 and",
         "# 2814/2913 (5.1.3, 6.2.3); a lake beside 2205; mountain ridges into 3815 and 3816 (5.1.2) and 4219 (9.3); no",
         "# large river between 3718 and 3618/3619, a small one on 3818/3819 (6.2.2's example: the upper Dniestr, Stryj);",
         "# the Szawle-Kiejdany railway through 0716 and 0817 (18.5); the ports Królewiec, Elbląg, Pilawa (38); Kowno",
         "# fortress strength 2 (25.2); the fortified regions of Warszawa and Lwów, strength 2 (24.1); Jarosław and Halicz",
         "# bridgeheads and the Narew line (named, strengths authored); Lwów + Stanisławów = 4 War Objective stars and",
         "# Łódź = 1 (36.1; split 3 + 1 after A.6's 6 and 2 VP). Everything else is approximate.",
         "# War Objectives (36): a town's `vp.hold` is its stars, scored by the side that holds it on enemy soil",
         "# (Russia for objectives in Germany and Austria-Hungary, the Allies for those in Russia); the net on the shared",
         "# VP track is then the difference 36 scores.",
         "approximate: true",
         'source: "Rivers, ridges, lakes, coast, closed state borders, front boundaries, 1914 railways (main/ordinary), towns, objectives, fortresses authored from geography and history on the tools/owc_geo.py grid; the rules print no map"',
         "hexsides:"]
    for kind, name, sides in hexsides:
        if not sides:
            continue
        f.append(f"  - type: {kind}")
        f.append(f'    name: "{name}"')
        f.append("    sides: " + _wrap([f"[{_q(a)}, {_q(b)}]" for a, b in sides], "    ", 6))
    f.append("railroads:")
    for name, kind, chain in rails:
        f.append(f'  - name: "{name}"')
        f.append(f"    kind: {kind}")
        f.append("    hexes: " + _wrap([_q(h) for h in chain], "    "))
    f.append("towns:")
    for tid, name, h, size, stars in towns:
        vp = ""
        if stars:
            side = "allies" if nation[h] == "ru" else "russia"
            vp = f", vp: {{side: {side}, hold: {stars}}}"
        f.append(f'  - {{id: {tid}, name: "{name}", hex: {_q(h)}, size: {size}{vp}}}')
    f.append("areas:")
    names = {t[0]: t[1] for t in TOWNS}
    for tid, strength in FORTRESSES.items():
        note = "" if tid in EXACT_STRENGTH else " [strength authored]"
        f.append(f'  - {{id: fortress-{tid}, name: "Twierdza {names[tid]}: strength {strength} (25){note}", '
                 f'hexes: [{_q(town_hex[tid])}], symbol: fortress, label: "{strength}"}}')
    for tid, (strength, _) in BRIDGEHEADS.items():
        f.append(f'  - {{id: bridgehead-{tid}, name: "Przyczółek mostowy {names[tid]}: strength {strength} (26) [strength authored]", '
                 f'hexes: [{_q(town_hex[tid])}], symbol: entrenchment, label: "{strength}"}}')
    for tid, strength in FORTIFIED_REGIONS.items():
        f.append(f'  - {{id: fortified-{tid}, name: "Rejon umocniony {names[tid]}: strength {strength} (24.1)", '
                 f'hexes: [{_q(town_hex[tid])}], label: "{strength}"}}')
    for tid in PORTS:
        f.append(f'  - {{id: port-{tid}, name: "Port {names[tid]} (38)", hexes: [{_q(town_hex[tid])}], label: "P"}}')
    f.append('  - {id: blockade-krolewiec, name: "Królewiec port blocked while Russians hold both (38.2)", hexes: ["1209", "1309"]}')
    f.append('  - {id: blockade-elblag, name: "Elbląg port blocked while Russians hold either (38.2)", hexes: ["1308", "1408"]}')
    seeds = {"de": ("territory-germany", "German territory", town_hex["poznan"]),
             "ah": ("territory-austria-hungary", "Austro-Hungarian territory", town_hex["krakow"]),
             "ru": ("territory-russia", "Russian territory", town_hex["warszawa"])}
    borders = ['"German-Russian border"', '"Austro-Hungarian-Russian border"', '"German-Austro-Hungarian border"',
               '"Romanian border"', '"Baltic coast and lagoons"']
    for nat, (aid, name, seed) in seeds.items():
        f.append(f'  - {{id: {aid}, name: "{name}", region: {{seed: {_q(seed)}, bounded_by: [{", ".join(borders)}]}}}}')
    ro = sorted(h for h in HEXES if nation.get(h) == "ro")
    if ro:
        f.append(f'  - {{id: territory-romania, name: "Romania: never entered (13)", shade: "#e6a0a0", hexes: {_wrap([_q(h) for h in ro], "    ")}}}')
    fb = ['"East Prussian / Polish front boundary"', '"Polish / Galician front boundary"', '"Romanian border"',
          '"Baltic coast and lagoons"']
    if any(n == "East Prussian / Galician front boundary" for _, n, _ in hexsides):
        fb.insert(2, '"East Prussian / Galician front boundary"')
    for aid, name, seed in (("front-east-prussian", "Front wschodniopruski (East Prussian front, W)", town_hex["krolewiec"]),
                            ("front-polish", "Front polski (Polish front, P)", town_hex["warszawa"]),
                            ("front-galician", "Front galicyjski (Galician front, G)", town_hex["lwow"])):
        f.append(f'  - {{id: {aid}, name: "{name}", region: {{seed: {_q(seed)}, bounded_by: [{", ".join(fb)}]}}}}')
    plain = sorted(h for h in HEXES if nation.get(h) == "ah" and terrain[h] in ("clear", "fortress")
                   and (lambda la, lo: (interp(SOUTH_FOOT, lo) or 0) > la)(*LATLON[h]))
    f.append(f'  - {{id: hungarian-plain, name: "Nizina Węgierska (Hungarian Plain: clear terrain south of the Carpathians, 31, C.7)", '
             f'hexes: {_wrap([_q(h) for h in plain], "    ")}}}')
    san = next(line for n, line in LARGE_RIVERS if n == "San") + []
    upper = next(line for n, line in SMALL_RIVERS if n == "San (upper)")
    san_line = sorted(upper + san)

    def west_of_san(h):
        la, lo = LATLON[h]
        if front.get(h) != "G" or nation.get(h) not in ("ah", "ru"):
            return False
        pts = sorted(san_line)
        for (la1, lo1), (la2, lo2) in zip(pts, pts[1:]):
            if la1 <= la <= la2:
                return lo < lo1 + (la - la1) / (la2 - la1 or 1) * (lo2 - lo1)
        return la < pts[0][0] and lo < 22.9 or (la > pts[-1][0] and lo < 21.9)
    ws = sorted(h for h in HEXES if west_of_san(h) and terrain[h] != "sea")
    f.append(f'  - {{id: west-of-san, name: "West of the San (A.6: 1 VP per Russian unit)", hexes: {_wrap([_q(h) for h in ws], "    ")}}}')
    (OUT / "features.yaml").write_text("\n".join(f) + "\n")


def main() -> None:
    terrain, sea, nation, front, towns, town_hex, hexsides, rails = build()
    write(terrain, sea, nation, front, towns, town_hex, hexsides, rails)
    counts: dict[str, int] = {}
    for t in terrain.values():
        counts[t] = counts.get(t, 0) + 1
    print("terrain:", dict(sorted(counts.items())))
    by_kind: dict[str, tuple[int, int]] = {}
    for kind, _, sides in hexsides:
        n, s = by_kind.get(kind, (0, 0))
        by_kind[kind] = (n + 1, s + len(sides))
    print("hexside features (features, sides):", by_kind)
    print("railways:", {k: sum(1 for _, kk, _ in rails if kk == k) for k in ("main", "ordinary")},
          "rail hexes", len({h for *_, c in rails for h in c}))
    print(f"towns {len(towns)}, objectives {sum(1 for *_, s in towns if s)} ({sum(s for *_, s in towns)} stars), "
          f"fortresses {len(FORTRESSES)}, bridgeheads {len(BRIDGEHEADS)}, fortified regions {len(FORTIFIED_REGIONS)}")
    print("nations:", {n: sum(1 for v in nation.values() if v == n) for n in ("de", "ah", "ru", "ro")},
          "fronts:", {n: sum(1 for v in front.values() if v == n) for n in "WPG"})
    for tid in ("pilawa", "elblag", "deblin", "inowroclaw", "torun", "szawle", "kiejdany", "lodz", "stanislawow"):
        print(f"  {tid} -> {town_hex.get(tid)}")


if __name__ == "__main__":
    main()
