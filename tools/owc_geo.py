"""Ostatnia Wojna Cesarzy (owc1914): the map's hex grid fitted to the hexes the rulebook names.

The rulebook (Ostatnia Wojna Cesarzy, NOVINA, 1997, 1.1 and its examples) numbers hexes with four zero-padded digits `RRCC`: the first pair is the
row, counted from the north edge southward, the second the position in the row, counted from the
west edge eastward; 25 km between hex centres. The hexes are pointy-topped, in horizontal rows,
and the ODD rows sit half a hex further east (so the neighbours of an odd-row hex RRCC in the rows
above and below are CC and CC+1; of an even-row hex, CC-1 and CC). Every adjacency the text names
needs exactly that: 2206-2106 (bridge), 3713-3714, 3619-3618, 2913-2814, and 1209 and 1309 both
touching Królewiec 1210 (the Pilawa channel blockade, 38). In map.yaml this is `hexes: rows`,
`line_from: top`, `pos_from: left`, `outer_lines: even` (the even rows' first hex is the one half a
hex nearer the west edge).

The text ties six hexes to towns: Warszawa 2411, Kowno 1117, Poznań 2301, Kraków 3409, Lwów 3518
and Królewiec 1210 (18.4.1's rail-transport example and 38). This fits an affine map from a simple
conic-like projection of latitude/longitude (east km = (lon - 20) * 111.32 * cos(lat), north km =
lat * 110.57) to the hex lattice's Cartesian plane (x = column, + 0.5 in odd rows; y = row * sqrt3/2)
by least squares, and says how far (in hexes) each named hex lands from its fitted place.
`hex_of(lat, lon)` then places any town, river bend, ridge or railway station for the authored data.

The other hexes the text names are checks, not fit points (CHECKS below, each with the place that
should be there): they show whether the fitted grid reproduces what the rules' examples say.

Run: python tools/owc_geo.py   (prints the fit, each named hex's residual and the checks)
"""

from __future__ import annotations

import math

from mapauthoring import solve3  # tools/mapauthoring.py (tools/ is on sys.path for every tool)

SQRT3_2 = math.sqrt(3.0) / 2.0

# Map extent (authored; rule 39: Riga and the Dvina in the north, the Danube at Budapest in
# the south, Poznań / Wrocław in the west, an east edge past Brest and Kovel).
ROWS = 48  # rows 01..48, north to south
COLS = 24  # positions 01..24, west to east

# (hex id, place, latitude, longitude): the rulebook's hexes with a place we can locate (fit points).
NAMED = [
    ("2411", "Warszawa", 52.2297, 21.0122),
    ("1117", "Kowno (Kaunas)", 54.8985, 23.9036),
    ("2301", "Poznań", 52.4064, 16.9252),
    ("3409", "Kraków", 50.0647, 19.9450),
    ("3518", "Lwów (Lviv)", 49.8397, 24.0297),
    ("1210", "Królewiec (Königsberg)", 54.7104, 20.4522),
]

# Checks: hexes the rules' examples name, with what they say is there (not fitted).
CHECKS = [
    ("0716", "on the Szawle-Kiejdany railway (18.5): Radviliškis", 55.81, 23.54),
    ("0817", "on the Szawle-Kiejdany railway (18.5): Baisogala", 55.64, 23.72),
    ("1209", "touches Królewiec, blockade hex (38): Pregel mouth / lagoon shore", 54.68, 20.20),
    ("1309", "touches Królewiec, blockade hex (38): Brandenburg (Ushakovo) on the lagoon", 54.62, 20.25),
    ("2106", "north end of the Vistula bridge 2206-2106 (5.1.3): Nieszawa/Ciechocinek bank", 52.85, 18.95),
    ("2104", "[INF] Inowrocław: 2005 lies across the Vistula from it (5.1.3)", 52.80, 18.26),
    ("2713", "[INF] Dęblin, Russian fortress next to 2814 across the Vistula from 2813 (6.2.3)", 51.56, 21.85),
    ("3618", "swamp (6.2.2): the upper Dniestr marshes by Komarno/Mikołajów", 49.60, 23.80),
]
# Hexes the text gives a property but no place (terrain, rivers, ridges, the HQ at 1119): the
# authored map puts them right and tests/test_owc_map.py checks them; their places by the fit:
#   1119 Russian 1st Army HQ, 2 hexes east of Kowno (54.9N 24.9E, Russian Lithuania)
#   3815 mountains behind a mountain ridge, 3816 foothills behind it (Bieszczady, 49.2N 22.5-22.9E)
#   4119 mountains; 4219 mountains across a mountain ridge (Gorgany / the main ridge, 48.4-48.6N 24E)
#   2205 across Lake Gopło; 2005 across the Vistula from Inowrocław; 2913 and 2814 across it from 2813]


def cartesian(hex_id: str) -> tuple[float, float]:
    """Hex centre in lattice units (1 = centre-to-centre distance): x east, y south."""
    r, c = int(hex_id[:2]), int(hex_id[2:])
    return c + (0.5 if r % 2 else 0.0), r * SQRT3_2


def project(lat: float, lon: float) -> tuple[float, float]:
    """km east of 20E (scaled by the parallel) and km north of the equator."""
    return (lon - 20.0) * 111.32 * math.cos(math.radians(lat)), lat * 110.57


def _fit() -> tuple[list[float], list[float]]:
    design = [[1.0, *project(lat, lon)] for _, _, lat, lon in NAMED]
    xs = solve3(design, [cartesian(h)[0] for h, *_ in NAMED])
    ys = solve3(design, [cartesian(h)[1] for h, *_ in NAMED])
    return xs, ys


X, Y = _fit()


def fractional(lat: float, lon: float) -> tuple[float, float]:
    """Lattice (x, y) of a place, as real numbers."""
    e, n = project(lat, lon)
    return X[0] + X[1] * e + X[2] * n, Y[0] + Y[1] * e + Y[2] * n


def hex_at(x: float, y: float) -> str:
    """The hex whose centre is nearest the lattice point (x, y) (may lie off the map)."""
    r0 = round(y / SQRT3_2)
    best = None
    for r in (r0 - 1, r0, r0 + 1):
        off = 0.5 if r % 2 else 0.0
        c = round(x - off)
        for cc in (c - 1, c, c + 1):
            d = math.hypot(cc + off - x, r * SQRT3_2 - y)
            if best is None or d < best[0]:
                best = (d, r, cc)
    _, r, c = best
    return f"{r:02d}{c:02d}"


def hex_of(lat: float, lon: float) -> str:
    """The hex id `RRCC` of a place (the hex whose centre is nearest)."""
    return hex_at(*fractional(lat, lon))


def latlon_of(hex_id: str) -> tuple[float, float]:
    """Inverse of the fit: the latitude and longitude of a hex centre (for terrain by geography)."""
    x, y = cartesian(hex_id)
    # solve the affine map for (e, n), then unproject
    a, b, c = X
    d, e_, f = Y
    det = b * f - c * e_
    east = ((x - a) * f - c * (y - d)) / det
    north = (b * (y - d) - e_ * (x - a)) / det
    lat = north / 110.57
    lon = 20.0 + east / (111.32 * math.cos(math.radians(lat)))
    return lat, lon


def on_map(hex_id: str) -> bool:
    r, c = int(hex_id[:2]), int(hex_id[2:])
    return 1 <= r <= ROWS and 1 <= c <= COLS


def residual(hex_id: str, lat: float, lon: float) -> float:
    """Distance in hexes between a hex's centre and a place's fitted position."""
    x, y = fractional(lat, lon)
    hx, hy = cartesian(hex_id)
    return math.hypot(x - hx, y - hy)


def residuals() -> list[tuple[str, str, str, float]]:
    """(hex, place, fitted hex, residual in hexes) for every fit point and check."""
    return [(h, place, hex_of(lat, lon), residual(h, lat, lon)) for h, place, lat, lon in NAMED + CHECKS]


def report() -> None:
    print(f"x = {X[0]:.3f} + {X[1]:.5f} * east_km + {X[2]:.5f} * north_km")
    print(f"y = {Y[0]:.3f} + {Y[1]:.5f} * east_km + {Y[2]:.5f} * north_km")
    print(f"scale: {1 / math.hypot(X[1], X[2]):.1f} km per hex east-west, {1 / math.hypot(Y[1], Y[2]) * SQRT3_2:.1f} km per hex along rows' normal")
    worst = 0.0
    for h, place, lat, lon in NAMED + CHECKS:
        err = residual(h, lat, lon)
        fit = (h, place, lat, lon) in NAMED
        if fit:
            worst = max(worst, err)
        print(f"  {'fit  ' if fit else 'check'} {h} {place:<75} -> {hex_of(lat, lon)}  residual {err:4.2f} hexes")
    print(f"worst residual of the fit points: {worst:.2f} hexes")
    for name, lat, lon in [("Riga", 56.95, 24.11), ("Budapest", 47.50, 19.04), ("Wrocław", 51.11, 17.03),
                           ("Brześć", 52.10, 23.70), ("Kowel", 51.21, 24.71), ("Dyneburg", 55.87, 26.52),
                           ("Tarnopol", 49.55, 25.59), ("Czerniowce", 48.29, 25.94)]:
        print(f"  extent  {name:<10} {hex_of(lat, lon)}")


if __name__ == "__main__":
    report()
