"""The Eastern Front in WW1: the map's hex grid fitted to the hexes the rulebook names.

The rulebook numbers hexes `column.row` over all five sheets, columns growing westward and rows
southward, 5 miles a hex (the rules' scale). Its surviving hex IDs are fixed points with known places;
this fits a map projection to them (least squares, columns and rows as linear functions of
longitude and latitude) and says how well each named hex fits. `hex_of(lat, lon)` then places
any town, river bend or railway station for the authored data.

Run: python tools/ef1914_geo.py   (prints the fit and each named hex's residual, in hexes)
"""

from __future__ import annotations

import math

from mapauthoring import solve3  # tools/mapauthoring.py (tools/ is on sys.path for every tool)

# (hex id, place, latitude, longitude): the rulebook's hexes with a place we can locate.
NAMED = [
    ("72.63", "Piotrkow", 51.405, 19.703),
    ("12.91", "Tarnopol", 49.553, 25.594),
    ("49.24", "Angerburg (Wegorzewo)", 54.208, 21.743),
    ("52.27", "Rastenburg (Ketrzyn)", 54.083, 21.375),
    ("86.38", "Bromberg (Bydgoszcz)", 53.123, 18.008),
    ("31.55", "Brest-Litowsk", 52.097, 23.734),
    ("11.103", "Zaleszczyki", 48.650, 25.740),
]
# 53.12 is the end of the northern map edge "by Tilsit", not Tilsit itself: a check, not a fit point.
CHECKS = [("53.12", "northern edge by Tilsit (Sovetsk 55.08N 21.88E)", 55.00, 21.88)]


def _id(h: str) -> tuple[int, int]:
    c, r = h.split(".")
    return int(c), int(r)


def _fit() -> tuple[list[float], list[float]]:
    design = [[1.0, lon, lat] for _, _, lat, lon in NAMED]
    col = solve3(design, [float(_id(h)[0]) for h, *_ in NAMED])
    row = solve3(design, [float(_id(h)[1]) for h, *_ in NAMED])
    return col, row


COL, ROW = _fit()


def fractional(lat: float, lon: float) -> tuple[float, float]:
    """(column, row) as real numbers for a place."""
    return COL[0] + COL[1] * lon + COL[2] * lat, ROW[0] + ROW[1] * lon + ROW[2] * lat


def hex_of(lat: float, lon: float) -> str:
    """The hex id `column.row` of a place (nearest column, then nearest row in it)."""
    c, r = fractional(lat, lon)
    return f"{round(c)}.{round(r):02d}"


def report() -> None:
    print(f"column = {COL[0]:.2f} + {COL[1]:.3f} * lon + {COL[2]:.3f} * lat")
    print(f"row    = {ROW[0]:.2f} + {ROW[1]:.3f} * lon + {ROW[2]:.3f} * lat")
    worst = 0.0
    for h, place, lat, lon in NAMED + CHECKS:
        c, r = fractional(lat, lon)
        hc, hr = _id(h)
        err = math.hypot(c - hc, r - hr)
        worst = max(worst, err) if (h, place, lat, lon) in NAMED else worst
        print(f"  {h:>7} {place:<45} fitted {c:6.1f}.{r:5.1f}  residual {err:4.1f} hexes")
    print(f"worst residual of the fit points: {worst:.1f} hexes")


if __name__ == "__main__":
    report()
