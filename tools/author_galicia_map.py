"""Author the Battle for Galicia 1914 map data (terrain.yaml, features.yaml) from geography.

The rules give only the nine town hexes, Fortress Przemysl, the restricted hex row, the
friendly map edges (11.2) and the reinforcement entry hexes. Everything else (terrain,
rivers, ridges, railroads, other towns, which edge hexes carry a supply symbol) is authored
here from real 1914 geography and projected onto the hex grid with tools/galicia_geo.py.
The YAML this writes is the data; this script is kept for provenance and re-authoring.

    python tools/author_galicia_map.py          # needs numpy; writes maps/galicia1914/{terrain,features}.yaml
    .venv/bin/python tools/check_galicia_map.py # then check it and look at build/debug/galicia_map_debug.png

Method
- Rivers and ridges are (lat, lon) polylines. A hexside is marked when the segment joining
  the two hex centres crosses the polyline an odd number of times, i.e. the two hexes lie on
  opposite banks. The marked hexsides are then the boundary between the banks, so each river
  is a continuous chain of hexsides, and a tributary that ends on its main river's polyline
  meets that river's chain at a hex vertex.
- Railroads are lists of stations ((lat, lon) places or rule hex IDs). Between stations the
  straight line is sampled every few pixels and turned into hexes; needless zig-zags are
  smoothed out, stations are kept.
- Woods and swamp are (lat, lon) polygons; a hex takes the terrain its centre lies in.
  Swamp never goes on a town, railroad, rule entry/setup hex or supply source.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tools.galicia_geo import GEOMETRY, hex_of, latlon_of, pixel_of  # noqa: E402
from mapauthoring import seg_intersect, straighten  # noqa: E402  (tools/mapauthoring.py)

G = GEOMETRY
OUT = ROOT / "maps" / "galicia1914"

# --------------------------------------------------------------------------------------
# Places (lat, lon), used by railroads and towns
# --------------------------------------------------------------------------------------
PLACES = {
    "Lublin": (51.2465, 22.5684), "Krasnostaw": (50.9847, 23.1740), "Chelm": (51.1431, 23.4712),
    "Hrubieszow": (50.8049, 23.8921), "Lemberg": (49.8397, 24.0297), "Grodek": (49.7858, 23.6486),
    "Sambor": (49.5183, 23.1972), "Jaworow": (49.9386, 23.3833), "Przemysl": (49.7838, 22.7678),
    "Pulawy": (51.416, 21.969), "Naleczow": (51.284, 22.216), "Lubartow": (51.460, 22.608),
    "Trawniki": (51.137, 22.993), "Rejowiec": (51.100, 23.280), "Dorohusk": (51.166, 23.800),
    "Wlodzimierz": (50.848, 24.320), "Sokal": (50.481, 24.281), "Krystynopol": (50.385, 24.229),
    "Belz": (50.383, 24.014), "Rawa Ruska": (50.230, 23.623), "Belzec": (50.384, 23.437),
    "Tomaszow": (50.448, 23.417), "Zamosc": (50.717, 23.252), "Lubaczow": (50.157, 23.123),
    "Oleszyce": (50.167, 23.035), "Jaroslau": (50.016, 22.678), "Radymno": (49.950, 22.815),
    "Przeworsk": (50.059, 22.494), "Lancut": (50.069, 22.230), "Rzeszow": (50.041, 21.999),
    "Ropczyce": (50.052, 21.609), "Debica": (50.051, 21.411), "Tarnow": (50.013, 20.986),
    "Mielec": (50.287, 21.424), "Tarnobrzeg": (50.573, 21.679), "Nadbrzezie": (50.660, 21.800),
    "Rozwadow": (50.585, 22.045), "Nisko": (50.521, 22.139), "Rudnik": (50.443, 22.245),
    "Lezajsk": (50.262, 22.419), "Strzyzow": (49.870, 21.795), "Mosciska": (49.729, 23.145),
    "Sadowa Wisznia": (49.786, 23.459), "Zolkiew": (50.058, 23.972), "Krasne": (49.917, 24.620),
    "Olesko": (49.965, 24.900), "Brody": (50.082, 25.150), "Radziwillow": (50.130, 25.250),
    "Dubno": (50.417, 25.734), "Zdolbunow": (50.520, 26.250), "Zloczow": (49.806, 24.903),
    "Jezierna": (49.680, 25.150), "Tarnopol": (49.553, 25.594), "Bobrka": (49.638, 24.278),
    "Chodorow": (49.401, 24.308), "Halicz": (49.127, 24.724), "Stanislau": (48.922, 24.710),
    "Mikolajow": (49.524, 23.978), "Stryj": (49.258, 23.852), "Drohobycz": (49.349, 23.505),
    "Komarno": (49.627, 23.697), "Rudki": (49.653, 23.487), "Chyrow": (49.533, 22.842),
    "Dobromil": (49.570, 22.789), "Nizankowice": (49.660, 22.800), "Stary Sambor": (49.440, 23.000),
    "Kowel": (51.214, 24.713), "Wlodawa": (51.548, 23.550), "Deblin": (51.562, 21.848),
    "Lukow": (51.930, 22.380), "Sandomierz": (50.682, 21.749), "Krasnik": (50.924, 22.220),
    "Janow": (50.707, 22.410), "Bilgoraj": (50.541, 22.722), "Szczebrzeszyn": (50.693, 22.978),
    "Kamionka": (50.100, 24.350), "Busk": (49.967, 24.617), "Przemyslany": (49.670, 24.560),
    "Rohatyn": (49.409, 24.609), "Brzezany": (49.452, 24.944), "Zydaczow": (49.380, 24.140),
    "Radziechow": (50.283, 24.640), "Uscilug": (50.860, 24.150), "Leczna": (51.302, 22.881),
    "Kazimierz": (51.323, 21.946), "Jozefow": (51.050, 21.830), "Annopol": (50.886, 21.857),
    "Zawichost": (50.808, 21.857), "Opatow": (50.800, 21.425), "Kolbuszowa": (50.244, 21.776),
    "Sieniawa": (50.178, 22.610), "Cieszanow": (50.249, 23.125), "Narol": (50.351, 23.324),
    "Uhnow": (50.368, 23.754), "Tyszowce": (50.617, 23.700), "Dubienka": (51.050, 23.883),
    "Berestechko": (50.360, 25.110), "Bychawa": (51.014, 22.531), "Turobin": (50.827, 22.744),
    "Zolkiewka": (50.906, 22.830), "Opole": (51.148, 21.969), "Belzyce": (51.174, 22.280),
    "Kalusz": (49.026, 24.370), "Sanok": (49.557, 22.205), "Lesko": (49.470, 22.330),
    "Ustrzyki": (49.431, 22.590), "Jaslo": (49.745, 21.472), "Komarow": (50.630, 23.480),
}


def P(name: str) -> tuple[float, float]:
    return PLACES[name]


# --------------------------------------------------------------------------------------
# Rivers: (lat, lon) polylines, upstream first. Points off the map are fine (they carry
# the river cleanly to the edge). A tributary ends exactly on a point of its main river.
# --------------------------------------------------------------------------------------
VISTULA_SAN = (50.700, 21.800)
VISTULA_WISLOKA = (50.450, 21.390)
SAN_WISLOK = (50.165, 22.545)
SAN_TANEW = (50.410, 22.220)
DNIESTER_WERESZYCA = (49.540, 23.800)
DNIESTER_GNILA = (49.160, 24.680)
BUG_HUCZWA = (50.835, 24.030)

RIVERS: dict[str, tuple[str, list[tuple[float, float]]]] = {
    "Vistula": ("Vistula (Wisla): Tarnow - Polaniec - Sandomierz - Annopol - Pulawy - Deblin, the west side", [
        (50.20, 20.60), (50.28, 20.95), (50.35, 21.15), (50.41, 21.30), VISTULA_WISLOKA, (50.50, 21.54),
        (50.565, 21.63), (50.66, 21.765), VISTULA_SAN, (50.80, 21.89), (50.87, 21.78), (50.95, 21.76),
        (51.05, 21.74), (51.20, 21.74), (51.30, 21.84), (51.40, 21.90), (51.47, 21.88), (51.56, 21.83),
        (51.75, 21.70),
    ]),
    "San": ("San: Sanok - Dynow - Przemysl - Radymno - Jaroslau - Lezajsk - Nisko - Vistula", [
        (49.30, 22.45), (49.47, 22.32), (49.56, 22.19), (49.66, 22.16), (49.76, 22.19), (49.81, 22.25),
        (49.835, 22.39), (49.80, 22.55), (49.775, 22.66), (49.785, 22.76), (49.83, 22.80), (49.90, 22.83),
        (49.955, 22.80), (50.00, 22.73), (50.03, 22.66), (50.10, 22.61), SAN_WISLOK, (50.24, 22.50),
        (50.30, 22.47), (50.36, 22.36), SAN_TANEW, (50.46, 22.07), (50.53, 21.93), (50.61, 21.90), (50.66, 21.88),
        VISTULA_SAN,
    ]),
    "Wislok": ("Wislok: Krosno - Strzyzow - Rzeszow - Lancut - San", [
        (49.55, 21.75), (49.69, 21.77), (49.87, 21.81), (49.97, 21.93), (50.045, 22.015), (50.09, 22.17),
        (50.13, 22.33), (50.15, 22.46), SAN_WISLOK,
    ]),
    "Wisloka": ("Wisloka: Jaslo - Pilzno - Debica - Mielec - Vistula", [
        (49.60, 21.45), (49.75, 21.47), (49.90, 21.34), (50.00, 21.32), (50.08, 21.34), (50.17, 21.35),
        (50.29, 21.35), (50.38, 21.37), VISTULA_WISLOKA,
    ]),
    "Tanew": ("Tanew: Roztocze near Narol - Ksiezpol - Harasiuki - San at Ulanow", [
        (50.40, 23.38), (50.42, 23.20), (50.44, 23.00), (50.45, 22.82), (50.44, 22.62), (50.45, 22.42),
        (50.41, 22.28), SAN_TANEW,
    ]),
    "Dniester": ("Dniester: Stary Sambor - Sambor - the marshes - Rozdol - Zydaczow - Halicz, ESE", [
        (49.25, 22.85), (49.44, 23.01), (49.50, 23.16), (49.55, 23.30), (49.585, 23.45), (49.575, 23.65),
        DNIESTER_WERESZYCA, (49.49, 23.95), (49.44, 24.06), (49.37, 24.16), (49.30, 24.33), (49.22, 24.50),
        DNIESTER_GNILA, (49.14, 24.74), (49.05, 24.88), (48.96, 25.03), (48.90, 25.30),
    ]),
    "Wereszyca": ("Wereszyca (Vereshchytsia): Janow ponds - Grodek - Komarno - Dniester", [
        (50.00, 23.66), (49.93, 23.71), (49.85, 23.70), (49.79, 23.68), (49.71, 23.68), (49.63, 23.72),
        DNIESTER_WERESZYCA,
    ]),
    "Gnila Lipa": ("Gnila Lipa: Przemyslany - Rohatyn - Bolszowce - Dniester", [
        (49.82, 24.50), (49.67, 24.54), (49.55, 24.57), (49.41, 24.62), (49.28, 24.65), DNIESTER_GNILA,
    ]),
    "Zlota Lipa": ("Zlota Lipa: Gologory - Brzezany - Podhajce - Dniester", [
        (49.72, 24.92), (49.58, 24.93), (49.45, 24.96), (49.35, 25.03), (49.26, 25.12), (49.05, 25.20),
        (48.95, 25.10),
    ]),
    "Strypa": ("Strypa: Zborow - Kozowa - Buczacz", [
        (49.75, 25.20), (49.62, 25.18), (49.45, 25.20), (49.30, 25.30), (49.06, 25.39),
    ]),
    "Bug": ("Bug: Olesko - Busk - Kamionka - Krystynopol - Sokal - Uscilug - Dubienka - Dorohusk, N", [
        (49.90, 24.98), (49.95, 24.75), (49.98, 24.58), (50.10, 24.36), (50.21, 24.38), (50.33, 24.27),
        (50.39, 24.255), (50.48, 24.31), (50.60, 24.20), (50.72, 24.10), BUG_HUCZWA, (50.92, 24.02),
        (51.05, 23.90), (51.17, 23.84), (51.35, 23.66), (51.55, 23.57), (51.75, 23.55),
    ]),
    "Huczwa": ("Huczwa: Roztocze - Tyszowce - Werbkowice - Hrubieszow - Bug", [
        (50.47, 23.50), (50.54, 23.62), (50.62, 23.70), (50.74, 23.77), (50.81, 23.87), BUG_HUCZWA,
    ]),
    "Wieprz": ("Wieprz: Roztocze - Zwierzyniec - Szczebrzeszyn - Krasnostaw - Leczna - Lubartow - Kock", [
        (50.52, 23.40), (50.56, 23.22), (50.61, 22.99), (50.70, 22.98), (50.80, 23.06), (50.90, 23.13),
        (50.99, 23.15), (51.08, 23.08), (51.20, 22.95), (51.30, 22.87), (51.38, 22.74), (51.455, 22.62),
        (51.55, 22.52), (51.64, 22.45), (51.70, 22.30),
    ]),
    "Styr": ("Styr: Brody uplands - Leszniow - Berestechko - Lutsk, N", [
        (49.97, 25.08), (50.08, 25.08), (50.20, 25.10), (50.36, 25.11), (50.52, 25.17), (50.75, 25.33),
    ]),
}

# Ridges (hexsides not already river). Kept modest, as the brief asks.
RIDGES: dict[str, tuple[str, list[tuple[float, float]]]] = {
    "Roztocze": ("Roztocze escarpment (SW face): Krasnik - Zwierzyniec - Tomaszow - Rawa Ruska", [
        (50.97, 22.05), (50.86, 22.30), (50.75, 22.60), (50.64, 22.90), (50.53, 23.12), (50.41, 23.33),
        (50.27, 23.55), (50.13, 23.76), (50.03, 23.92),
    ]),
    "Carpathian foothills": ("Carpathian foothill edge (Pogorze): Strzyzow - Kanczuga, and Przemysl heights - Dobromil", [
        (49.90, 21.62), (49.93, 21.90), (49.95, 22.15), (49.96, 22.40), (49.92, 22.62), None,
        (49.73, 22.60), (49.67, 22.74), (49.59, 22.90), (49.50, 23.05),
    ]),
    "Gologory": ("Gologory and Woronyaki: the north edge of the Podolian upland east of Lemberg", [
        (49.86, 24.12), (49.80, 24.35), (49.77, 24.58), (49.79, 24.82), (49.86, 25.05), (49.93, 25.30),
    ]),
}

# --------------------------------------------------------------------------------------
# Railroads in service in August 1914: stations in order (place names or rule hex IDs).
# --------------------------------------------------------------------------------------
RAILROADS: list[tuple[str, str, list[str]]] = [
    ("Krakau - Tarnow - Rzeszow - Jaroslau - Przemysl", "Carl Ludwig-Bahn / Galician main line (1856-60)",
     ["Tarnow", "Debica", "Ropczyce", "Rzeszow", "Lancut", "Przeworsk", "Jaroslau", "Radymno", "4.14", "3.15"]),
    ("Przemysl - Grodek - Lemberg", "Carl Ludwig-Bahn (1861)",
     ["3.15", "Mosciska", "Sadowa Wisznia", "6.10", "7.09"]),
    ("Lemberg - Krasne - Brody - Radziwillow - Dubno - Rovno", "Carl Ludwig-Bahn (1869) and the Russian Radziwillow - Zdolbunow line (1873)",
     ["7.09", "Krasne", "Olesko", "Brody", "Radziwillow", "Dubno", "Zdolbunow"]),
    ("Krasne - Zloczow - Tarnopol", "Carl Ludwig-Bahn (1871) toward Podwoloczyska",
     ["Krasne", "Zloczow", "Jezierna", "Tarnopol"]),
    ("Lemberg - Chodorow - Halicz - Stanislau", "Lemberg-Czernowitz-Jassy railway (1866)",
     ["7.09", "Bobrka", "Chodorow", "Halicz", "Stanislau"]),
    ("Lemberg - Mikolajow - Stryj", "Erzherzog Albrecht-Bahn (1873)",
     ["7.09", "Mikolajow", "Stryj"]),
    ("Stryj - Kalusz - Stanislau", "Stryj - Stanislau line (1875), running just inside the south edge",
     ["Stryj", "1.06", "1.05", "1.04", "Kalusz", "1.02", "Stanislau"]),
    ("Lemberg - Komarno - Rudki - Sambor", "Lemberg - Sambor line (1903)",
     ["7.09", "Komarno", "Rudki", "2.11"]),
    ("Stryj - Drohobycz - Sambor - Chyrow - Przemysl", "Dniester railway (1872), First Hungarian-Galician railway (1872); the Uzsok (1.12) and Lupkow (1.13) lines leave the south edge",
     ["Stryj", "Drohobycz", "2.11", "Chyrow", "Dobromil", "Nizankowice", "3.15"]),
    ("Rzeszow - Strzyzow (to Jaslo)", "Rzeszow - Jaslo line (1890)",
     ["Rzeszow", "Strzyzow", "Jaslo"]),
    ("Debica - Mielec - Tarnobrzeg - Rozwadow", "Debica - Rozwadow local railway (1887-88)",
     ["Debica", "Mielec", "Tarnobrzeg", "Nadbrzezie", "Rozwadow"]),
    ("Przeworsk - Lezajsk - Nisko - Rozwadow", "Przeworsk - Rozwadow local railway (1900)",
     ["Przeworsk", "Lezajsk", "Rudnik", "Nisko", "Rozwadow"]),
    ("Jaroslau - Lubaczow - Rawa Ruska - Sokal", "Jaroslau - Sokal local railway (1884)",
     ["Jaroslau", "Oleszyce", "Lubaczow", "Rawa Ruska", "Belz", "Krystynopol", "Sokal"]),
    ("Lemberg - Zolkiew - Rawa Ruska - Belzec", "Lemberg - Belzec local railway (1887), ending at the frontier",
     ["7.09", "Zolkiew", "Rawa Ruska", "Belzec"]),
    ("Iwangorod - Pulawy - Lublin - Chelm - Kowel", "Vistula railway (Nadwislanska, 1877); enters at 16.26 (rules 14.1)",
     ["Deblin", "16.26", "Naleczow", "16.22", "Trawniki", "Rejowiec", "18.17", "18.16", "19.16", "Kowel"]),
    ("Lublin - Lubartow - Lukow", "Lublin - Lukow line; the rules' RR entry 16.26-19.23 and 19.23-19.16 (14.1) need it",
     ["16.22", "Lubartow", "19.23", "Lukow"]),
    ("Chelm - Wlodawa - Brest", "Chelm - Brest line (1887); the rules' RR entry 19.17 (14.1)",
     ["18.17", "19.17", "Wlodawa"]),
    ("Wlodzimierz - Kowel", "Kowel - Wladimir-Wolynsk branch (1908)",
     ["Wlodzimierz", "19.11", "Kowel"]),
]

# --------------------------------------------------------------------------------------
# Towns. Rule towns carry their rule hex exactly; the rest sit where hex_of puts them.
# --------------------------------------------------------------------------------------
RULE_TOWNS = [  # id, name, hex, size, vp side, capture, occupy
    ("lublin", "Lublin", "16.22", "city", "ah", 10, 2),
    ("krasnostaw", "Krasnostaw", "16.18", "town", "ah", 3, 1),
    ("chelm", "Chelm", "18.17", "town", "ah", 6, 1),
    ("hrubieszow", "Hrubieszow", "16.13", "town", "ah", 3, 1),
    ("lemberg", "Lemberg", "7.09", "city", "russian", 10, 1),
    ("grodek", "Grodek", "6.10", "town", "russian", 3, 1),
    ("sambor", "Sambor", "2.11", "town", "russian", 6, 2),
    ("jaworow", "Jaworow", "6.12", "town", "russian", 3, 2),
]
OTHER_TOWNS = [  # id, name, place (or hex), size
    ("przemysl", "Przemysl", "3.15", "city"),
    ("jaroslau", "Jaroslau", "Jaroslau", "town"),
    ("rzeszow", "Rzeszow", "Rzeszow", "town"),
    ("debica", "Debica", "Debica", "town"),
    ("przeworsk", "Przeworsk", "Przeworsk", "town"),
    ("radymno", "Radymno", "Radymno", "town"),
    ("mosciska", "Mosciska", "Mosciska", "town"),
    ("rudki", "Rudki", "Rudki", "town"),
    ("komarno", "Komarno", "Komarno", "town"),
    ("chyrow", "Chyrow", "Chyrow", "town"),
    ("drohobycz", "Drohobycz", "Drohobycz", "town"),
    ("stryj", "Stryj", "Stryj", "town"),
    ("mikolajow", "Mikolajow", "Mikolajow", "town"),
    ("zydaczow", "Zydaczow", "Zydaczow", "town"),
    ("halicz", "Halicz", "Halicz", "town"),
    ("stanislau", "Stanislau", "Stanislau", "city"),
    ("chodorow", "Chodorow", "Chodorow", "town"),
    ("bobrka", "Bobrka", "Bobrka", "town"),
    ("rohatyn", "Rohatyn", "Rohatyn", "town"),
    ("przemyslany", "Przemyslany", "Przemyslany", "town"),
    ("brzezany", "Brzezany", "Brzezany", "town"),
    ("zloczow", "Zloczow", "Zloczow", "town"),
    ("krasne", "Krasne", "Krasne", "town"),
    ("brody", "Brody", "Brody", "town"),
    ("radziwillow", "Radziwillow", "Radziwillow", "town"),
    ("dubno", "Dubno", "Dubno", "town"),
    ("kamionka", "Kamionka Strumilowa", "Kamionka", "town"),
    ("zolkiew", "Zolkiew", "Zolkiew", "town"),
    ("rawa_ruska", "Rawa Ruska", "Rawa Ruska", "town"),
    ("lubaczow", "Lubaczow", "Lubaczow", "town"),
    ("belz", "Belz", "Belz", "town"),
    ("sokal", "Sokal", "Sokal", "town"),
    ("krystynopol", "Krystynopol", "Krystynopol", "town"),
    ("wlodzimierz", "Wlodzimierz Wolynski", "Wlodzimierz", "town"),
    ("uscilug", "Uscilug", "Uscilug", "town"),
    ("tomaszow", "Tomaszow", "Tomaszow", "town"),
    ("komarow", "Komarow", "Komarow", "town"),
    ("belzec", "Belzec", "Belzec", "town"),
    ("zamosc", "Zamosc", "Zamosc", "town"),
    ("szczebrzeszyn", "Szczebrzeszyn", "Szczebrzeszyn", "town"),
    ("bilgoraj", "Bilgoraj", "Bilgoraj", "town"),
    ("janow", "Janow", "Janow", "town"),
    ("krasnik", "Krasnik", "Krasnik", "town"),
    ("turobin", "Turobin", "Turobin", "town"),
    ("rejowiec", "Rejowiec", "Rejowiec", "town"),
    ("trawniki", "Trawniki", "Trawniki", "town"),
    ("leczna", "Leczna", "Leczna", "town"),
    ("lubartow", "Lubartow", "Lubartow", "town"),
    ("pulawy", "Nowo-Aleksandria (Pulawy)", "16.26", "town"),
    ("jozefow", "Jozefow", "Jozefow", "town"),
    ("annopol", "Annopol", "Annopol", "town"),
    ("zawichost", "Zawichost", "Zawichost", "town"),
    ("sandomierz", "Sandomierz", "Sandomierz", "town"),
    ("tarnobrzeg", "Tarnobrzeg", "Tarnobrzeg", "town"),
    ("rozwadow", "Rozwadow", "Rozwadow", "town"),
    ("nisko", "Nisko", "Nisko", "town"),
    ("lezajsk", "Lezajsk", "Lezajsk", "town"),
    ("mielec", "Mielec", "Mielec", "town"),
    ("dorohusk", "Dorohusk", "Dorohusk", "town"),
    ("dubienka", "Dubienka", "Dubienka", "town"),
    ("berestechko", "Berestechko", "Berestechko", "town"),
    ("kalusz", "Kalusz", "Kalusz", "town"),
]

# Bridges at towns on rivers (besides every rail-river crossing): town, river. None on the Vistula:
# from the Wisloka to the San it was the 1914 frontier, and below it there was no crossing on the map.
TOWN_BRIDGES = [
    ("Jaroslau", "San"), ("Przemysl", "San"), ("Radymno", "San"), ("Nisko", "San"), ("Lezajsk", "San"),
    ("Halicz", "Dniester"), ("Sambor", "Dniester"), ("Zydaczow", "Dniester"), ("Mikolajow", "Dniester"),
    ("Sokal", "Bug"), ("Kamionka Strumilowa", "Bug"), ("Dubienka", "Bug"), ("Uscilug", "Bug"),
    ("Krasnostaw", "Wieprz"), ("Leczna", "Wieprz"), ("Lubartow", "Wieprz"), ("Szczebrzeszyn", "Wieprz"),
    ("Hrubieszow", "Huczwa"), ("Grodek", "Wereszyca"), ("Komarno", "Wereszyca"),
    ("Rohatyn", "Gnila Lipa"), ("Przemyslany", "Gnila Lipa"), ("Brzezany", "Zlota Lipa"),
    ("Rzeszow", "Wislok"),
    ("Berestechko", "Styr"),
]

# --------------------------------------------------------------------------------------
# Terrain polygons (lat, lon). Order matters only between swamp and woods (swamp wins).
# --------------------------------------------------------------------------------------
WOODS = {
    "Puszcza Sandomierska (San-Vistula forests)": [
        (50.56, 21.70), (50.52, 22.05), (50.42, 22.22), (50.30, 22.36), (50.18, 22.20), (50.16, 21.85),
        (50.22, 21.62), (50.40, 21.55)],
    "Janow forests and Puszcza Solska": [
        (50.78, 22.25), (50.72, 22.55), (50.62, 22.90), (50.48, 23.20), (50.34, 23.30), (50.34, 22.95),
        (50.40, 22.60), (50.52, 22.32), (50.64, 22.20)],
    "Roztocze (Zwierzyniec - Tomaszow - Rawa Ruska belt)": [
        (50.68, 22.95), (50.62, 23.30), (50.46, 23.52), (50.30, 23.72), (50.12, 23.92), (50.02, 24.02),
        (49.98, 23.88), (50.12, 23.66), (50.28, 23.42), (50.44, 23.15), (50.58, 22.92)],
    "Janow - Jaworow forests (Roztocze of Lemberg)": [
        (50.05, 23.45), (50.00, 23.80), (49.90, 23.90), (49.86, 23.75), (49.92, 23.45)],
    "Gologory, Woronyaki and Przemyslany woods (Podolian edge)": [
        (49.84, 24.25), (49.82, 24.95), (49.66, 25.05), (49.55, 24.80), (49.60, 24.35)],
    "Carpathian foothill forests (Strzyzow, Dynow, Bircza, Dobromil)": [
        (49.93, 21.60), (49.88, 22.05), (49.80, 22.45), (49.70, 22.70), (49.62, 22.95), (49.45, 23.05),
        (49.35, 21.60)],
    "Carpathian foothill forests (Borislaw - Bolechow)": [
        (49.26, 23.55), (49.14, 23.90), (49.00, 24.25), (48.80, 24.25), (48.80, 23.50)],
    "Radziechow - Stojanow forests (upper Bug, Styr)": [
        (50.42, 24.45), (50.40, 24.95), (50.20, 24.95), (50.18, 24.50)],
    "Brody forests": [
        (50.25, 25.05), (50.22, 25.40), (50.02, 25.40), (50.00, 25.02)],
    "Volhynian woods west of Wlodzimierz": [
        (51.12, 24.10), (51.10, 24.50), (50.95, 24.50), (50.98, 24.10)],
    "Parczew and Sobibor forests (Polesie edge)": [
        (51.50, 22.95), (51.45, 23.55), (51.28, 23.60), (51.33, 23.05)],
    "Kozlowka forests north of Lublin": [
        (51.55, 22.45), (51.48, 22.75), (51.38, 22.70), (51.42, 22.45)],
    "Lipsk and Krasnobrod woods south of Zamosc": [
        (50.70, 23.30), (50.68, 23.55), (50.56, 23.55), (50.58, 23.30)],
    "Halicz - Kalusz forests south of the Dniester": [
        (49.20, 24.20), (49.10, 24.65), (48.95, 24.65), (49.00, 24.20)],
}
SWAMP = {
    "Polesie lakeland (Leczna - Wlodawa) marshes": [
        (51.42, 22.95), (51.44, 23.40), (51.28, 23.40), (51.30, 22.98)],
    "Bug marshes east of Chelm": [
        (51.12, 23.68), (51.10, 23.85), (50.98, 23.85), (51.00, 23.70)],
    "Turia marshes (Polesie edge toward Kowel)": [
        (51.25, 23.95), (51.25, 24.50), (51.08, 24.50), (51.10, 23.95)],
    "Wieprz marshes below Krasnostaw": [
        (51.15, 23.00), (51.15, 23.12), (51.05, 23.12), (51.05, 23.00)],
    "Dniester marshes (Rudki - Komarno - Mikolajow)": [
        (49.62, 23.40), (49.60, 23.95), (49.48, 23.95), (49.50, 23.35)],
    "Dniester marshes (Zydaczow - Halicz)": [
        (49.36, 24.20), (49.22, 24.62), (49.15, 24.60), (49.30, 24.20)],
    "Solska Forest bogs (Tanew swamps)": [
        (50.50, 22.80), (50.48, 23.10), (50.40, 23.10), (50.42, 22.80)],
    "Upper Bug marshes (Busk - Kamionka)": [
        (50.05, 24.40), (50.02, 24.70), (49.95, 24.70), (49.98, 24.40)],
    "Styr marshes north of Brody": [
        (50.30, 25.00), (50.28, 25.20), (50.18, 25.20), (50.20, 25.00)],
}

# Supply symbols on friendly map edges (11.2). Which edge hexes carry one is not in the
# rules; these are where railroads and the main roads leave the map.
SUPPLY = {
    "russian": [
        ("16.26", "Iwangorod railway (rules 14.1 RR entry 16.26)"),
        ("19.23", "Lukow railway (rules 14.1 RR entry 19.23)"),
        ("19.17", "Brest railway (rules 14.1 RR entry 19.17)"),
        ("19.16", "Kowel railway (rules 14.1 RR entry 19.16)"),
        ("19.11", "Kowel - Wlodzimierz railway"),
        ("19.06", "Lutsk road"),
        ("19.02", "Rovno railway"),
        ("13.01", "Kremenets road"),
        ("9.01", "Tarnopol railway"),
        ("5.01", "Podhajce - Buczacz road"),
    ],
    "ah": [
        ("1.01", "Stanislau - Kolomea railway"),
        ("1.03", "Stryj - Stanislau railway at Kalusz (rules: 40 ls entry 1.03)"),
        ("1.05", "Stryj - Stanislau railway toward Dolina (rules: 40 ls entry 1.05)"),
        ("1.07", "Stryj - Lawoczne railway"),
        ("1.12", "Uzsok railway"),
        ("1.14", "Chyrow - Lupkow railway"),
        ("1.20", "Jaslo railway"),
        ("1.23", "Krakau railway"),
        ("2.26", "Krakau - Tarnow road"),
    ],
}

# Hexes the rules name for entry (14.0, 14.1 and the reinforcement schedules): never swamp.
RULE_HEXES = {
    "10.01", "9.01", "8.01", "7.01", "6.01", "5.01", "3.01", "4.01", "1.01", "2.01", "16.26", "19.23",
    "19.17", "19.16", "8.24", "8.22", "5.16", "4.15", "5.15", "7.15", "3.15", "5.12", "3.03", "4.14",
    "2.11", "6.10", "3.06", "1.07", "11.25", "12.25", "13.26", "1.03", "1.05", "1.14",
    "16.22", "16.18", "18.17", "16.13", "7.09", "6.12",
}


# --------------------------------------------------------------------------------------
# Geometry helpers
# --------------------------------------------------------------------------------------
def all_hexsides() -> list[tuple[str, str]]:
    out = []
    for h in G.raw_of:
        for n in G.neighbours(h):
            if h < n:
                out.append((h, n))
    return out


def hexsides_of(polyline) -> list[tuple[str, str]]:
    """Hexsides crossed an odd number of times; None in the polyline starts a new piece."""
    segs = []
    pts = [pixel_of(*p) if p else None for p in polyline]
    for p, q in zip(pts, pts[1:]):
        if p and q:
            segs.append((p, q))
    out = []
    for a, b in all_hexsides():
        ca, cb = G.centre(a), G.centre(b)
        n = sum(seg_intersect(ca, cb, q1, q2) for q1, q2 in segs)
        if n % 2:
            out.append((a, b))
    return out


def inside(pt, poly) -> bool:
    x, y = pt
    res = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            res = not res
    return res


def place_hex(key: str) -> str:
    if key in G.raw_of:
        return key
    h = hex_of(*PLACES[key])
    if h is None:
        raise ValueError(f"{key} is off the map")
    return h


def place_px(key: str) -> tuple[float, float]:
    if key in G.raw_of:
        return tuple(map(float, G.centre(key)))
    return pixel_of(*PLACES[key])


def rail_hexes(stations: list[str]) -> list[str]:
    pinned = {s for s in stations if s in G.raw_of or hex_of(*PLACES[s])}
    pinned_hexes = {place_hex(s) for s in pinned}
    chain: list[str] = []
    pts = [place_px(s) for s in stations]
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        n = max(2, int(math.hypot(x2 - x1, y2 - y1) / 2))
        for i in range(n + 1):
            t = i / n
            h = G.hex_at(round(x1 + t * (x2 - x1)), round(y1 + t * (y2 - y1)))
            if h is None or (chain and chain[-1] == h):
                continue
            if chain and h not in G.neighbours(chain[-1]):
                common = [c for c in G.neighbours(chain[-1]) if c in G.neighbours(h)]
                if not common:
                    # left the map and came back (a line that runs just off the edge)
                    raise ValueError(f"rail gap {chain[-1]} -> {h}")
                chain.append(common[0])
            chain.append(h)
    # a line that runs on off the map ends at the edge hex where it leaves
    if hex_of(*PLACES[stations[-1]]) is None if stations[-1] in PLACES else False:
        while len(chain) > 2 and G.is_edge(chain[-2]):
            chain.pop()
    if hex_of(*PLACES[stations[0]]) is None if stations[0] in PLACES else False:
        while len(chain) > 2 and G.is_edge(chain[1]):
            chain.pop(0)
    # drop repeats (loops) and needless zig-zags
    straighten(chain, pinned_hexes, G.neighbours)
    return chain


def hexside_key(a: str, b: str) -> frozenset:
    return frozenset((a, b))


# --------------------------------------------------------------------------------------
# Build
# --------------------------------------------------------------------------------------
def build():
    town_list = []
    used_hexes: dict[str, str] = {}
    for tid, name, h, size, side, cap, occ in RULE_TOWNS:
        town_list.append(dict(id=tid, name=name, hex=h, size=size, vp=(side, cap, occ), rule=True))
        used_hexes[h] = name
    for tid, name, key, size in OTHER_TOWNS:
        h = place_hex(key)
        if h in used_hexes:
            raise ValueError(f"town {name} falls in {h} with {used_hexes[h]}")
        used_hexes[h] = name
        town_list.append(dict(id=tid, name=name, hex=h, size=size, rule=(tid == "przemysl")))
    town_hex = {t["name"]: t["hex"] for t in town_list}

    rails = []
    for name, src, stations in RAILROADS:
        rails.append((name, src, rail_hexes(stations)))
    rail_set = {h for _, _, hs in rails for h in hs}

    # rivers (a hexside belongs to the first river that claims it)
    claimed: set[frozenset] = set()
    rivers = []
    for name, (src, line) in RIVERS.items():
        sides = [s for s in hexsides_of(line) if hexside_key(*s) not in claimed]
        claimed |= {hexside_key(*s) for s in sides}
        if sides:
            rivers.append((name, src, sides))
    river_of = {hexside_key(*s): name for name, _, sides in rivers for s in sides}

    ridges = []
    for name, (src, line) in RIDGES.items():
        sides = [s for s in hexsides_of(line) if hexside_key(*s) not in claimed]
        claimed |= {hexside_key(*s) for s in sides}
        if sides:
            ridges.append((name, src, sides))

    # bridges: every rail step across a river, then the town bridges
    bridges: dict[frozenset, str] = {}
    for name, _, hs in rails:
        for a, b in zip(hs, hs[1:]):
            k = hexside_key(a, b)
            if k in river_of and k not in bridges:
                bridges[k] = f"rail bridge, {river_of[k]} ({name})"
    for town, river in TOWN_BRIDGES:
        h = town_hex[town]
        cands = [hexside_key(h, n) for n in G.neighbours(h) if river_of.get(hexside_key(h, n)) == river]
        if not cands:
            print(f"note: no {river} hexside at {town} ({h}); no town bridge", file=sys.stderr)
            continue
        if any(c in bridges for c in cands):
            continue
        # prefer the side facing the river's opposite bank toward the nearest other town
        bridges[sorted(cands, key=lambda k: sorted(k))[0]] = f"{town} bridge ({river})"

    # terrain
    protected = set(rail_set) | set(used_hexes) | RULE_HEXES | {h for v in SUPPLY.values() for h, _ in v}
    terrain: dict[str, str] = {}
    ll = {h: latlon_of(h) for h in G.raw_of}
    for region, poly in SWAMP.items():
        for h in G.raw_of:
            if h not in terrain and h not in protected and inside(ll[h], poly):
                terrain[h] = "swamp"
    for region, poly in WOODS.items():
        for h in G.raw_of:
            if h not in terrain and inside(ll[h], poly):
                terrain[h] = "woods"
    return town_list, rails, rivers, ridges, bridges, terrain


# --------------------------------------------------------------------------------------
# YAML writing (by hand: flow lists, comments, stable order)
# --------------------------------------------------------------------------------------
def _q(h: str) -> str:
    return f'"{h}"'


def _wrap(items: list[str], indent: str, per_line: int) -> str:
    lines = []
    for i in range(0, len(items), per_line):
        lines.append(indent + ", ".join(items[i:i + per_line]) + ("," if i + per_line < len(items) else ""))
    return "\n".join(lines)


def _hexsort(h: str):
    a, b = h.split(".")
    return (int(a), int(b))


def write(town_list, rails, rivers, ridges, bridges, terrain) -> None:
    woods = sorted((h for h, t in terrain.items() if t == "woods"), key=_hexsort)
    swamp = sorted((h for h, t in terrain.items() if t == "swamp"), key=_hexsort)
    t = [
        "# Battle for Galicia 1914: terrain of every hex. Written by tools/author_galicia_map.py;",
        "# edit the polygons there and re-run rather than editing this file by hand.",
        "# Woods and swamp are authored from 1914 geography (the rules print no terrain list).",
        "approximate: true",
        'source: "Authored from 1914 geography (Roztocze, Puszcza Sandomierska and Solska, Carpathian foothills, '
        'Gologory, Polesie, Bug/Wieprz/Dniester marshes) projected with tools/galicia_geo.py"',
        "default: clear",
        "terrain:",
        f"  # {len(woods)} hexes",
        "  woods: [",
        _wrap([_q(h) for h in woods], "    ", 12),
        "  ]",
        f"  # {len(swamp)} hexes; swamp is prohibited terrain, kept off towns, railroads, rule hexes and supply sources",
        "  swamp: [",
        _wrap([_q(h) for h in swamp], "    ", 12),
        "  ]",
    ]
    (OUT / "terrain.yaml").write_text("\n".join(t) + "\n")

    f = [
        "# Battle for Galicia 1914: hexsides, railroads, towns, areas and supply sources.",
        "# Written by tools/author_galicia_map.py (polylines, station lists and polygons live there).",
        "# Exact from the rules: the nine rule towns and VP values (15.1), Fortress Przemysl 3.15 (13.0),",
        "# the A-H restricted hexes 3.01-11.01 (4.5), the friendly map edges (11.2) and the RR entry",
        "# hexes 16.26, 19.23, 19.17, 19.16 (14.1). Everything else is approximate.",
        "approximate: true",
        'source: "Rivers, ridges, 1914 railroads, other towns and supply-symbol hexes authored from real geography '
        '(projected with tools/galicia_geo.py); the rules do not print them"',
        "hexsides:",
    ]

    def sides_block(kind, name, src, sides):
        pairs = [f"[{_q(a)}, {_q(b)}]" for a, b in sides]
        return [f"  - type: {kind}", f"    name: {name}", f"    # {src}",
                "    sides: [", _wrap(pairs, "      ", 6), "    ]"]

    def ordered(sides):  # each pair low hex first, pairs in hex order
        pairs = [tuple(sorted(s, key=_hexsort)) for s in sides]
        return sorted(pairs, key=lambda s: (_hexsort(s[0]), _hexsort(s[1])))

    for name, src, sides in rivers:
        f += sides_block("river", name, src, ordered(sides))
    for name, src, sides in ridges:
        f += sides_block("ridge", name, src, ordered(sides))
    for k, name in sorted(bridges.items(), key=lambda kv: kv[1]):
        a, b = sorted(k, key=_hexsort)
        f.append(f'  - {{type: bridge, name: "{name}", sides: [[{_q(a)}, {_q(b)}]]}}')

    f.append("railroads:  # lines in service in August 1914")
    for name, src, hs in rails:
        f.append(f"  # {src}")
        f.append(f'  - name: "{name}"')
        f.append("    hexes: [")
        f.append(_wrap([_q(h) for h in hs], "      ", 12))
        f.append("    ]")
    f.append("roads: []")

    f.append("towns:")
    f.append("  # VP towns (15.1), exact. Chelm occupy: the sources conflict (1 on both aid cards, 2 in the")
    f.append("  # Japanese rules text); 1 is used, two sources against one (15.1 and the player aid card).")
    for tw in town_list:
        if "vp" in tw:
            side, cap, occ = tw["vp"]
            f.append(f'  - {{id: {tw["id"]}, name: {tw["name"]}, hex: {_q(tw["hex"])}, size: {tw["size"]}, '
                     f'vp: {{side: {side}, capture: {cap}, occupy: {occ}}}, approximate: false, source: "rules 15.1"}}')
    f.append("  # Fortress Przemysl (13.0), exact hex; not a VP town.")
    for tw in town_list:
        if tw["id"] == "przemysl":
            f.append('  - {id: przemysl, name: Przemysl, hex: "3.15", size: city, approximate: false, source: "rules 13.0"}')
    f.append("  # Other towns, placed from their real position with hex_of() (approximate, file-level source).")
    for tw in town_list:
        if "vp" not in tw and tw["id"] != "przemysl":
            f.append(f'  - {{id: {tw["id"]}, name: "{tw["name"]}", hex: {_q(tw["hex"])}, size: {tw["size"]}}}')

    f += [
        "areas:",
        "  - id: przemysl",
        "    name: Fortress Przemysl",
        '    hexes: ["3.15"]',
        "    symbol: fortress",
        "  - id: ah_restricted",
        '    name: "No A-H unit may enter until after GT 5 (4.5)"',
        '    hexes: [{from: "3.01", to: "11.01"}]',
        '    shade: "#f2b8b8"',
        "supply_sources:",
        "  # Friendly edges are exact (11.2): Russian = top (row 19), right (.01) and left above 15.26",
        "  # (16.26-19.26); A-H = bottom (row 1) and left below 6.25 (rows 1-5). WHICH edge hexes print a",
        "  # supply symbol is not in the rules: approximate, placed where railroads and main roads leave the map.",
    ]
    for side, items in SUPPLY.items():
        f.append(f"  {side}:")
        for h, why in items:
            f.append(f"    - {_q(h)}  # {why}")
    (OUT / "features.yaml").write_text("\n".join(f) + "\n")


def main() -> None:
    data = build()
    write(*data)
    town_list, rails, rivers, ridges, bridges, terrain = data
    print(f"woods {sum(v == 'woods' for v in terrain.values())}, swamp {sum(v == 'swamp' for v in terrain.values())}")
    for name, _, sides in rivers:
        print(f"river {name}: {len(sides)}")
    for name, _, sides in ridges:
        print(f"ridge {name}: {len(sides)}")
    print(f"bridges {len(bridges)}; railroads {len(rails)} lines, {sum(len(h) for _, _, h in rails)} hex entries, "
          f"{len({x for _, _, h in rails for x in h})} distinct hexes; towns {len(town_list)}")


if __name__ == "__main__":
    main()
