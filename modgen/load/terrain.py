"""maps/<game>/terrain.yaml: the terrain of each hex."""

from __future__ import annotations

from ..errors import DataError
from ..model import Provenance
from .mapfile import MapTypes
from .nodes import Node, _list_items
from .schema import by_id, document, hex_ids, must, obj, provenance, text

SCHEMA = document("terrain", "modgen maps/<game>/terrain.yaml", obj("The terrain of each hex.", {
    "default": must(text("the terrain id (map.yaml terrain_types) of every hex not listed")),
    "terrain": by_id("terrain id -> the hexes of that terrain", hex_ids("hexes of this terrain")),
    **provenance("the terrain"),
}))


def read_terrain(t: Node, types: MapTypes) -> tuple[dict[str, str], Provenance]:
    terrain_types, board_of = types.terrain_types, types.board_of
    t_prov = t.provenance()
    default = t.choice("default", terrain_types)
    terrain = {h: default for h in board_of}
    seen: dict[str, tuple[str, int | None]] = {}
    for tid, hexes, tline, _ in t.entries("terrain", {}):
        if tid not in terrain_types:
            t.fail(f"terrain.{tid}", f"unknown terrain {tid!r} (map.yaml defines: {', '.join(terrain_types)})", tline)
        for line, value, path, written in _list_items(t, hexes, f"terrain.{tid}", tline):
            h = types.hex_ref(t, value, line, path, written)
            if h in seen:
                raise DataError(t.file, line, path, f"hex {h} already has terrain {seen[h][0]} (line {seen[h][1]})")
            seen[h] = (tid, line)
            terrain[h] = tid
    return terrain, t_prov
