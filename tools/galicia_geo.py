"""Projection between real geography (lat, lon) and Battle for Galicia hexes.

Fitted by least squares on the nine towns whose hexes the rulebook gives, so that
terrain, rivers and railroads can be authored from real geography (approximate data).
Used only for authoring; the module is built from the YAML it helped write.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from modgen.geometry import BoardSpec, build_geometry  # noqa: E402

TOWNS = {  # rulebook hex: (name, lat, lon)
    "16.22": ("Lublin", 51.2465, 22.5684),
    "16.18": ("Krasnostaw", 50.9847, 23.1740),
    "18.17": ("Chelm", 51.1431, 23.4712),
    "16.13": ("Hrubieszow", 50.8049, 23.8921),
    "7.09": ("Lemberg", 49.8397, 24.0297),
    "6.10": ("Grodek", 49.7858, 23.6486),
    "2.11": ("Sambor", 49.5183, 23.1972),
    "6.12": ("Jaworow", 49.9386, 23.3833),
    "3.15": ("Przemysl", 49.7838, 22.7678),
}

SPEC = BoardSpec(name="Galicia", hexes="rows", hex_size=104, lines=19, per_line=26, margin=36,
                 outer_lines="odd", line_from="bottom", pos_from="right")
GEOMETRY = build_geometry(SPEC)


def _km(lat: float, lon: float) -> tuple[float, float]:
    return (lon - 23.5) * 111.32 * math.cos(math.radians(50.0)), (lat - 50.3) * 110.57


def _fit() -> tuple[np.ndarray, np.ndarray]:
    src = np.array([[*_km(lat, lon), 1.0] for _, lat, lon in TOWNS.values()])
    dst = np.array([GEOMETRY.centre(h) for h in TOWNS], dtype=float)
    to_px, *_ = np.linalg.lstsq(src, dst, rcond=None)
    back, *_ = np.linalg.lstsq(np.c_[dst, np.ones(len(dst))], src[:, :2], rcond=None)
    return to_px, back


TO_PX, TO_KM = _fit()


def pixel_of(lat: float, lon: float) -> tuple[float, float]:
    x, y = np.array([*_km(lat, lon), 1.0]) @ TO_PX
    return float(x), float(y)


def hex_of(lat: float, lon: float) -> str | None:
    """The hex a real place falls in, or None when it is off the map."""
    x, y = pixel_of(lat, lon)
    return GEOMETRY.hex_at(round(x), round(y))


def latlon_of(hex_id: str) -> tuple[float, float]:
    x, y = GEOMETRY.centre(hex_id)
    kx, ky = np.array([x, y, 1.0]) @ TO_KM
    return 50.3 + ky / 110.57, 23.5 + kx / (111.32 * math.cos(math.radians(50.0)))


if __name__ == "__main__":
    for h, (name, lat, lon) in TOWNS.items():
        print(f"{name:12} rule {h:6} fitted {hex_of(lat, lon)}")
    for corner in ("1.01", "1.26", "19.01", "19.26"):
        print(corner, "lat/lon %.2f %.2f" % latlon_of(corner))
    print("km per hex along a row:", np.hypot(*(TO_KM[0] * 104)))
