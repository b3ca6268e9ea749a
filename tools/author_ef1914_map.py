"""Author the Eastern Front 1914 map data (terrain.yaml, features.yaml) from geography.

The rulebook text keeps only a handful of hex IDs (in its examples and special rules) and no terrain, rivers, railways or
towns. Everything here is authored from 1914 geography and placed on the map's grid with
tools/ef1914_geo.py (the least-squares fit to the named hexes); the seven named hexes are exact.
The YAML this writes is the data; this script is kept for provenance and re-authoring.

    .venv/bin/python tools/author_ef1914_map.py    # writes maps/ef1914/{map,terrain,features}.yaml

map.yaml (the sheet layout and the TEC) is kept here as MAP_YAML and written first, then read back
through modgen's loader for the grid.

Method (as tools/author_galicia_map.py)
- The grid itself comes from map.yaml through modgen's loader (hex centres in map pixels, neighbours
  across seams); a place (lat, lon) goes to fit space (column, row) with ef1914_geo.fractional and
  then to map pixels by an affine map fitted over every hex (ID -> centre), which absorbs the
  half-hex shift of odd columns.
- Rivers, ridges, lake chains and borders are (lat, lon) polylines: a hexside is marked when the
  segment joining the two hex centres crosses the polyline an odd number of times.
- Railways are station lists ((lat, lon) places or exact rule hexes), sampled along straight
  lines into chains of adjacent hexes, each with its track class and gauge (map.yaml rail_types).
  Roads (primary, secondary) likewise, going round lakes and the sea by the shortest land path.
- Borders are closed (they run off the map or end on another border, and are kept over water), so a
  flood fill that never crosses a border hexside gives each hex its 1914 country; supply edges follow it.
- Escarpments are polylines with the high ground on their right; the hexes on that side become
  escarpment hexes. Causeways are the lake hexsides of the Lötzen hex; ferries the river hexside nearest
  each historical ferry place; printed IPs are areas (`printed-ip-*`, symbol entrenchment).
- Terrain: polygons (sea, lagoons, lakes, marshes, forests, uplands) and, for the Carpathians,
  bands measured from a crest line and a mountain-foot line; a hex takes the terrain at its centre.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
from ef1914_geo import fractional, hex_of  # noqa: E402

from modgen.load import GameLoader  # noqa: E402
from modgen.load import mapfile  # noqa: E402
from modgen.regions import flood_fill, hex_distances  # noqa: E402
from mapauthoring import seg_intersect, solve3, straighten  # noqa: E402  (tools/mapauthoring.py)

OUT = ROOT / "maps" / "ef1914"

# The sheet layout and the TEC: map.yaml is written from this text (edit it here).
MAP_YAML = r"""# 1914, Twilight in the East: five sheets (three 22"x34", one 8"x34", one 14"x34") forming one map,
# 1 hex = 5 miles (scale: "Each hex represents an area five miles across"). Hex IDs column.row over the whole map: columns counted from the east
# edge and growing westward, rows from the north edge growing southward, two or three digits
# (53.12, 72.63, 11.103). Fitted to the rule hexes by tools/ef1914_geo.py (worst residual 1.2 hexes).
# Written by tools/author_ef1914_map.py (which keeps this text): edit it there.
#
# Sheet layout (authored, the rulebook does not give it): the grid must cover columns 1-100
# (26.5E to Posen 16.7E) and rows 1-111 (55.9N to the Dniester 48.1N). All sheets stand upright
# (34" tall, ~56 rows of 0.6" hexes), so the map is two rows of sheets, 44" wide each
# (22+22 = 22+14+8): a North trio (rows 1-56: East Prussia, northern Poland, Lithuania) over a
# South pair (rows 57-111: southern Poland, Silesia, Galicia). The trio is on top because VASSAL
# packs each column of sheets from the top: a sheet under nothing would jump to the top.
# Columns per sheet follow the widths: 22" -> 50 columns, 14" -> 32, 8" -> 18.
#   North-West 22"  columns 51-100 rows 1-56     South-West 22"  columns 51-100 rows 57-111
#   North      14"  columns 19-50  rows 1-56     South-East 22"  columns 1-50   rows 57-111
#   North-East  8"  columns 1-18   rows 1-56
# A North scenario uses the three North sheets, a South scenario the two South sheets (whole rows
# of sheets left out, as VASSAL needs).
# outer_lines: even (even columns sit half a hex higher): the rules' single-track line Rastenburg 52.27 -
# Angerburg 49.24 is 4 hexes long (8.2's rail movement example), which needs 52.27 and 49.24 4 hexes apart; with odd they are 5.
approximate: true
source: "Sheet extents, TEC, road and rail types authored from the rules' surviving fragments (6.0, 8.2: purple Russian gauge, black European) and 1914 geography; costs are stand-ins"
boards:
  - name: North-West
    hexes: columns
    hex_size: 96
    lines: 50
    per_line: 56
    margin: 48
    outer_lines: even
    numbering: {line_from: right, pos_from: top, sep: ".", line_digits: 1, pos_digits: 2, line_start: 51, pos_start: 1}
    column: 0
    row: 0
    seams: [right, bottom]
  - name: North
    hexes: columns
    hex_size: 96
    lines: 32
    per_line: 56
    margin: 48
    outer_lines: even
    numbering: {line_from: right, pos_from: top, sep: ".", line_digits: 1, pos_digits: 2, line_start: 19, pos_start: 1}
    column: 1
    row: 0
    seams: [left, right, bottom]
  - name: North-East
    hexes: columns
    hex_size: 96
    lines: 18
    per_line: 56
    margin: 48
    outer_lines: even
    numbering: {line_from: right, pos_from: top, sep: ".", line_digits: 1, pos_digits: 2, line_start: 1, pos_start: 1}
    column: 2
    row: 0
    seams: [left, bottom]
  - name: South-West
    hexes: columns
    hex_size: 96
    lines: 50
    per_line: 55
    margin: 48
    outer_lines: even
    numbering: {line_from: right, pos_from: top, sep: ".", line_digits: 1, pos_digits: 2, line_start: 51, pos_start: 57}
    column: 0
    row: 1
    seams: [right, top]
  - name: South-East
    hexes: columns
    hex_size: 96
    lines: 50
    per_line: 55
    margin: 48
    outer_lines: even
    numbering: {line_from: right, pos_from: top, sep: ".", line_digits: 1, pos_digits: 2, line_start: 1, pos_start: 57}
    column: 1
    row: 1
    seams: [left, top]
# The TEC. Every cost here is one the log checker reads (a number, "+1", "Prohibited"); the printed
# Summer/Autumn TEC is lost, so each entry says whether the rules give its number (approximate: false,
# quoting them) or it is authored (approximate: true, source); `note` keeps what the surviving text says
# of the printed entry. Rules: The Eastern Front in WW1: 1914, Twilight in the East, Living Rules (June 2014).
# Costs are MP to enter a hex (terrain) or to cross a hexside (added). Weather (Freeze, 20.0) and the
# Autumn TEC (19.0) are not read: the Summer costs apply throughout.
terrain_types:
  clear:
    {name: Clear, move: "2", combat: None, colour: "#ebe5c8", approximate: false,
     source: "4.1 EXAMPLE 1: \"The MP cost would be 8 (2 MPs for clear terrain, +6 MPs for EZOC to EZOC)\""}
  rough:
    {name: Rough, move: "3", combat: "shift [lost]", colour: "#d6c79a", note: "movement cost [lost]",
     approximate: true, source: "scaled from the supply path cost (14.1: rough 1 1/2 hexes, clear 1) at clear's 2 MP (4.1)"}
  forest:
    {name: Forest, move: "3", combat: "shift [lost]", colour: "#a3c28a", texture: trees, note: "movement cost [lost]",
     approximate: true, source: "authored as rough (the surviving text never names forest; the era's TECs price woods as rough)"}
  wetlands:
    {name: Wetlands, move: "4", combat: "shift [lost]", colour: "#a9c8b8", texture: marsh,
     note: "movement cost [lost]; clear in Freeze (14.1 PLAY NOTE: \"Wetlands terrain is treated as Clear terrain during Freeze weather\")",
     approximate: true, source: "scaled from the supply path cost (14.1: wetlands 2 hexes, clear 1) at clear's 2 MP (4.1)"}
  mountain:
    {name: Mountain, move: "4", combat: "shift [lost]; artillery retreating in/out eliminated", colour: "#c2a27a",
     note: "movement cost [lost]", approximate: true,
     source: "scaled from the supply path cost (14.1: mountain 2 hexes, clear 1) at clear's 2 MP (4.1)"}
  high_mountain:
    {name: High Mountain, move: "6", combat: "shift [lost]; no supply tracing", colour: "#a07e5a", prohibited_for: [artillery],
     note: "movement cost [lost]; no supply tracing (14.1)", approximate: true,
     source: "authored: three times clear, above mountain (the era's TECs)"}
  lake:
    {name: Lake, move: Prohibited, combat: NA, prohibited: true, colour: "#9cc3e0", approximate: true,
     source: "authored: 14.1 forbids tracing supply across a lake hexside; no unit enters a lake"}
  sea:
    {name: Baltic Sea, move: Prohibited, combat: NA, prohibited: true, colour: "#7fb0d8", approximate: true,
     source: "authored: 14.1 forbids tracing supply through a Baltic Sea hex; no unit enters the sea"}
  escarpment:
    {name: Escarpment, move: "2", combat: "[lost]", colour: "#e3c98f",
     note: "escarpment cost [lost] when entered across an escarpment hexside (8.1.2), else clear: the extra is on the escarpment hexside",
     approximate: true, source: "clear's 2 MP (4.1); 8.1.2 \"A unit must pay the MP cost of an escarpment if entering a hex containing escarpment terrain after crossing an escarpment hexside\""}
hexside_types:
  lesser_river:
    {name: Lesser river, move: "+1", combat: "[lost]", style: water, width: 3, note: "movement cost [lost]",
     approximate: true, source: "authored: the least of the three river costs (the era's TECs)"}
  major_river:
    {name: Major river, move: "+2", combat: "attacker strength and artillery halved", blocks_zoc: true, blocks_supply: true, style: water, width: 6,
     note: "movement cost [lost]", approximate: true, source: "authored: between lesser and grand rivers (the era's TECs)"}
  grand_river:
    {name: Grand river, move: "+3", combat: "attacker strength and artillery halved; attack only at bridge/ferry", blocks_zoc: true, blocks_supply: true, style: water, width: 10,
     note: "movement cost [lost]", approximate: true, source: "authored: the dearest river (the era's TECs)"}
  lake_side:
    {name: Lake hexside, move: Prohibited, combat: Prohibited, blocks_zoc: true, blocks_supply: true, style: water, width: 6, prohibits: ["*"],
     approximate: true, source: "authored: 4.1 \"ZOCs do not extend across Lake and Sea hexsides\", 14.1 no supply across a lake hexside; crossed only by the causeways (8.1.6)"}
  escarpment:
    {name: Escarpment, move: "+1", combat: "[lost]", style: ridge,
     note: "escarpment cost [lost] (8.1.2: paid entering an escarpment hex across this hexside; charged here in both directions; road movement ignores it, 8.1.4)",
     approximate: true, source: "authored: one MP over the clear cost of the escarpment hex"}
  ridge:
    {name: Mountain ridge, move: "+2", combat: "artillery may not retreat across except by road/RR; supply +1", style: ridge,
     note: "movement cost [lost]; road movement ignores it (8.1.4)",
     approximate: true, source: "scaled from the supply path cost (14.1: Mountain Ridge hexside +1 hex) at clear's 2 MP (4.1)"}
  bridge:
    {name: Bridge, move: "+0", combat: "see river", style: bridge, over: [lesser_river, major_river, grand_river],
     note: "2.2: wherever a roadway or RR line crosses a river hexside (every railway and road crossing is one); supply crosses Grand/Major rivers only at bridges, ferries, pontoons; 8.1.3: a unit \"disregards the river hexside's MP cost, and pays only the Bridge or Ferry's MP cost\" (bridge cost [lost])",
     approximate: true, source: "authored: a bridge adds nothing to the cost of the hex entered (the era's TECs)"}
  ferry:
    {name: Ferry, move: "+1", combat: "attack across a Grand River allowed", style: ferry, over: [major_river, grand_river],
     note: "authored at historical river ferries without a bridge; 8.1.3: the Ferry's MP cost replaces the river's (ferry cost [lost]); a road spur connects the road (the ferries with one: features.yaml tag road_spur)",
     approximate: true, source: "authored: as a lesser river (the era's TECs)"}
  causeway:
    {name: Causeway, move: "+0", combat: "[lost]", style: bridge, over: [lake_side],
     note: "the three causeways into Lotzen (8.1.6): both ends friendly-controlled; per movement phase 4 Asset Units, or 1 brigade + 2 assets, or 1 division + 1 asset (a log checks the limit on the moves no way round explains; control is not in a log)",
     approximate: true, source: "authored: the causeway carries the unit at the cost of the hex entered, like a bridge"}
  border: {name: National border, move: "-", combat: "-", style: boundary, colour: "#7a1f1f"}
road_types:
  primary:
    {name: Primary road, move: "3/2", colour: "#b5452f", width: 7,
     note: "ignores other hex and hexside costs except rivers; units moving alone (8.1.4); +1 MP per full infantry division, +1/2 per brigade, reduced division, cavalry, supply or artillery unit in the hex entered (8.1.4a)",
     approximate: true, source: "derived: 4.1 EXAMPLE 2 \"2-1/2 MPs to enter a hex via a primary road containing a division-sized friendly unit\" less 8.1.4a's \"+1 MP for every division-sized infantry unit\""}
  secondary:
    {name: Secondary road, move: "2", colour: "#c98a4b", width: 4, note: "movement cost [lost]",
     approximate: true, source: "authored: clear's 2 MP, so it saves the cost of rough, forest, mountain and wetlands only (supply counts it as a primary road, 14.1)"}
rail_types:
  double_european: {name: "Double/multi-track railway, European gauge (black)", move: "rail 1 hex per rate; supply 1/4", colour: "#1e1e1e", width: 5}
  single_european: {name: "Single-track railway, European gauge (black)", move: "rail 2 hexes per rate; supply 1/2", colour: "#1e1e1e", width: 2.5}
  double_russian: {name: "Double/multi-track railway, Russian gauge (purple)", move: "rail 1 hex per rate; supply 1/4", colour: "#7a2a9a", width: 5}
  single_russian: {name: "Single-track railway, Russian gauge (purple)", move: "rail 2 hexes per rate; supply 1/2", colour: "#7a2a9a", width: 2.5}
  narrow: {name: Narrow-track railway, move: "no rail movement", colour: "#3a3a3a", width: 2, dashed: true}
"""
(OUT / "map.yaml").write_text(MAP_YAML)  # the sheet layout and TEC live here

# --------------------------------------------------------------------------------------------
# The grid
# --------------------------------------------------------------------------------------------
_loader = GameLoader(ROOT, "ef1914")
_loader.maps = OUT
TYPES = mapfile.read_map(_loader._open(OUT / "map.yaml", mapfile.SCHEMA))
CENTRE: dict[str, tuple[float, float]] = {}
for _b in TYPES.boards:
    for _h in _b.geometry.raw_of:
        _x, _y = _b.geometry.centre(_h)
        CENTRE[_h] = (_b.origin[0] + _x, _b.origin[1] + _y)
HEXES = list(CENTRE)


def cr(h: str) -> tuple[int, int]:
    c, r = h.split(".")
    return int(c), int(r)


BY_CR = {cr(h): h for h in HEXES}
_design = [[1.0, float(cr(h)[0]), float(cr(h)[1])] for h in HEXES]
AX = solve3(_design, [CENTRE[h][0] for h in HEXES])
AY = solve3(_design, [CENTRE[h][1] for h in HEXES])
_det = AX[1] * AY[2] - AX[2] * AY[1]


def px_of(lat: float, lon: float) -> tuple[float, float]:
    c, r = fractional(lat, lon)
    return AX[0] + AX[1] * c + AX[2] * r, AY[0] + AY[1] * c + AY[2] * r


def cr_of_px(x: float, y: float) -> tuple[float, float]:
    x, y = x - AX[0], y - AY[0]
    return (AY[2] * x - AX[2] * y) / _det, (-AY[1] * x + AX[1] * y) / _det


# fit space (column, row) -> (lat, lon): invert ef1914_geo's linear fit
from ef1914_geo import COL, ROW  # noqa: E402

_d2 = COL[1] * ROW[2] - COL[2] * ROW[1]


def latlon_of_hex(h: str) -> tuple[float, float]:
    c, r = cr_of_px(*CENTRE[h])
    c, r = c - COL[0], r - ROW[0]
    lon = (ROW[2] * c - COL[2] * r) / _d2
    lat = (-ROW[1] * c + COL[1] * r) / _d2
    return lat, lon


def hex_at_px(x: float, y: float) -> str | None:
    c, r = cr_of_px(x, y)
    best, bd = None, 1e18
    for dc in range(-2, 3):
        for dr in range(-2, 3):
            h = BY_CR.get((round(c) + dc, round(r) + dr))
            if h:
                hx, hy = CENTRE[h]
                d = (hx - x) ** 2 + (hy - y) ** 2
                if d < bd:
                    best, bd = h, d
    size = 56
    return best if bd <= (size * 0.75) ** 2 else None


def hex_at(lat: float, lon: float) -> str | None:
    return hex_at_px(*px_of(lat, lon))


# --------------------------------------------------------------------------------------------
# Places (lat, lon); exact rule hexes are given as strings
# --------------------------------------------------------------------------------------------
EXACT = {"angerburg": "49.24", "rastenburg": "52.27", "bromberg": "86.38", "piotrkow": "72.63",
         "tarnopol": "12.91", "brest": "31.55", "zaleszczyki": "11.103"}
PLACES = {
    # East Prussia, West Prussia, Posen, Silesia
    "konigsberg": (54.71, 20.51), "pillau": (54.64, 19.90), "tilsit": (55.08, 21.88), "insterburg": (54.63, 21.81),
    "gumbinnen": (54.60, 22.20), "stalluponen": (54.63, 22.57), "eydtkuhnen": (54.63, 22.88), "wehlau": (54.61, 21.23),
    "allenstein": (53.78, 20.49), "osterode": (53.70, 19.97), "deutsch-eylau": (53.63, 19.57), "thorn": (53.01, 18.60),
    "graudenz": (53.48, 18.75), "marienburg": (54.04, 19.03), "elbing": (54.16, 19.40), "danzig": (54.35, 18.65),
    "dirschau": (54.09, 18.78), "posen": (52.41, 16.93), "schneidemuhl": (53.15, 16.74), "gnesen": (52.54, 17.60),
    "inowrazlaw": (52.80, 18.26), "lotzen": (54.03, 21.76), "lyck": (53.83, 22.36), "johannisburg": (53.62, 21.80),
    "ortelsburg": (53.57, 20.99), "neidenburg": (53.36, 20.43), "soldau": (53.20, 20.24), "goldap": (54.31, 22.30),
    "heilsberg": (54.12, 20.58), "bartenstein": (54.26, 20.81), "korschen": (54.15, 21.11), "gerdauen": (54.36, 21.32),
    "braunsberg": (54.38, 19.82), "jablonowo": (53.39, 19.17), "prostken": (53.70, 22.43), "ostrowo": (51.65, 17.81),
    "kreuzburg": (50.97, 18.22), "oppeln": (50.67, 17.93), "breslau": (51.11, 17.03), "kattowitz": (50.26, 19.02),
    "marggrabowa": (54.03, 22.50), "labiau": (54.86, 21.10), "memel": (55.71, 21.13),
    # Russian Poland, Lithuania, Volhynia
    "kovno": (54.90, 23.90), "vilna": (54.69, 25.28), "virballen": (54.63, 22.95), "kazlu-ruda": (54.75, 23.49),
    "landwarow": (54.64, 25.05), "mlawa": (53.11, 20.38), "pultusk": (52.70, 21.08), "rozan": (52.88, 21.40),
    "ostroleka": (53.08, 21.57), "lomza": (53.18, 22.07), "osowiec": (53.48, 22.65), "grajewo": (53.65, 22.45),
    "bialystok": (53.13, 23.16), "grodno": (53.68, 23.83), "suwalki": (54.10, 22.93), "augustow": (53.84, 22.98),
    "mariampol": (54.56, 23.35), "olita": (54.40, 24.05), "novogeorgievsk": (52.43, 20.72), "warsaw": (52.23, 21.01),
    "ivangorod": (51.56, 21.85), "siedlce": (52.17, 22.29), "lukow": (51.93, 22.38), "radom": (51.40, 21.15),
    "kielce": (50.87, 20.63), "lublin": (51.25, 22.57), "chelm": (51.14, 23.47), "kovel": (51.21, 24.71),
    "lutsk": (50.75, 25.33), "dubno": (50.42, 25.75), "rovno": (50.62, 26.25), "vladimir-volynsky": (50.85, 24.32),
    "zamosc": (50.72, 23.25), "krasnik": (50.92, 22.22), "lodz": (51.77, 19.46), "kalisz": (51.76, 18.09),
    "czestochowa": (50.81, 19.12), "kutno": (52.23, 19.36), "skierniewice": (51.96, 20.15), "lowicz": (52.11, 19.94),
    "plock": (52.55, 19.70), "wloclawek": (52.65, 19.07), "aleksandrow": (52.88, 18.70), "koluszki": (51.74, 19.82),
    "radomsko": (51.07, 19.45), "zawiercie": (50.49, 19.42), "sosnowiec": (50.29, 19.13), "sieradz": (51.60, 18.73),
    "malkinia": (52.70, 22.03), "lapy": (52.99, 22.88), "sokolka": (53.40, 23.50), "porechye": (53.88, 24.13),
    "orany": (54.22, 24.57), "miedzyrzec": (51.98, 22.78), "biala": (52.03, 23.12), "otwock": (52.10, 21.26),
    "pilawa": (51.96, 21.53), "naleczow": (51.28, 22.22), "lyuboml": (51.22, 24.03), "nasielsk": (52.59, 20.80),
    "ciechanow": (52.88, 20.62), "bielsk": (52.77, 23.19), "czeremcha": (52.52, 23.35), "kobrin": (52.21, 24.36),
    "tomaszow": (50.45, 23.42), "ostrog": (50.33, 26.52),
    # Galicia, Bukovina, Hungary
    "krakow": (50.06, 19.94), "tarnow": (50.01, 20.99), "rzeszow": (50.04, 22.00), "jaroslau": (50.02, 22.68),
    "przemysl": (49.78, 22.77), "sanok": (49.56, 22.20), "gorlice": (49.65, 21.16), "neu-sandez": (49.62, 20.70),
    "jaslo": (49.75, 21.47), "lemberg": (49.84, 24.03), "stryj": (49.26, 23.85), "sambor": (49.52, 23.20),
    "drohobycz": (49.35, 23.50), "halicz": (49.12, 24.73), "stanislau": (48.92, 24.71), "kolomea": (48.53, 25.04),
    "czernowitz": (48.29, 25.93), "brody": (50.08, 25.15), "zloczow": (49.81, 24.90), "rawa-ruska": (50.23, 23.62),
    "sokal": (50.48, 24.28), "ungvar": (48.62, 22.30), "munkacs": (48.44, 22.72), "skole": (49.04, 23.51),
    "lawoczne": (48.87, 23.43), "trzebinia": (50.16, 19.47), "chyrow": (49.53, 22.85), "podwoloczyska": (49.53, 26.15),
    "krasne": (49.92, 24.62), "bochnia": (49.97, 20.43), "mikolajow": (49.52, 23.98),
    # railway junctions on the Thorn - Insterburg line (the rules' Bromberg - Rastenburg route), a narrow-gauge line
    "schulitz": (53.05, 18.25), "kowalewo": (53.15, 18.90), "rothfliess": (53.97, 20.96), "grojec": (51.87, 20.87),
    "briesen": (53.28, 18.95), "bischofswerder": (53.50, 19.36), "wartenburg": (53.83, 20.69), "samulewo": (54.14, 21.035),
    # the line's bends (authored): down the Brda valley to the Vistula, north by Bergfriede
    "brda-valley": (53.02, 18.10), "bergfriede": (53.745, 19.77),
    # road towns (the 1914 chaussees)
    "wyszkow": (52.59, 21.46), "ostrow-maz": (52.80, 21.90), "zambrow": (52.98, 22.24), "kalwaria": (54.41, 23.23),
    "garwolin": (51.90, 21.62), "ryki": (51.62, 21.93), "bialobrzegi": (51.65, 20.95), "jedrzejow": (50.64, 20.30),
    "miechow": (50.36, 20.03), "krasnystaw": (50.98, 23.17), "sochaczew": (52.23, 20.24), "wreschen": (52.33, 17.53),
    "slupca": (52.29, 18.10), "kolo": (52.20, 18.64), "plonsk": (52.62, 20.37), "hohenstein": (53.59, 20.28),
    "bischofsburg": (53.87, 21.02), "darkehmen": (54.31, 21.93), "radziwillow": (50.13, 25.25), "tapiau": (54.65, 21.13),
    "nowe-miasto": (51.62, 20.58), "rawa-maz": (51.76, 20.25), "kremenets": (50.10, 25.73), "przeworsk": (50.06, 22.49),
    "kalwarja-przemysl": (49.62, 22.55), "opatow": (50.80, 21.42), "sandomierz": (50.68, 21.75), "annopol": (50.89, 21.86),
    "zawichost": (50.81, 21.86), "pulawy": (51.42, 21.97), "gora-kalwaria": (51.98, 21.21), "wyszogrod": (52.39, 20.19),
    "niznow": (48.96, 25.10), "olita-ferry": (54.40, 24.03), "preny": (54.53, 23.98), "nisko": (50.52, 22.13),
    "labiau-deime": (54.86, 21.12), "myszyniec": (53.38, 21.35),
    "debica": (50.05, 21.41), "mielec": (50.29, 21.42), "tarnobrzeg": (50.57, 21.68), "rozwadow": (50.59, 22.05),
    "lezajsk": (50.26, 22.42),
    # Russian lines running off the east edge (to Minsk, Kiev, Proskurov): their last map hex joins the network to
    # the friendly edge (14.4's line of communication)
    "volkovysk": (53.16, 24.45), "baranovichi": (53.13, 26.01), "pinsk": (52.11, 26.10), "sarny": (51.34, 26.45),
    "zdolbunov": (50.52, 26.25), "east-minsk": (54.35, 26.47), "east-baranovichi": (53.15, 26.47),
    "east-pinsk": (52.10, 26.47), "east-kiev": (50.35, 26.50), "east-proskurov": (49.48, 26.50), "volochysk": (49.53, 26.20),
    # edge points of the lines that leave the map westward and southward (the A-H and Silesian networks reach a
    # friendly map edge through them: 14.2.1a LOCs)
    "gleiwitz": (50.29, 18.67), "west-breslau": (51.11, 16.85), "south-munkacs": (48.00, 22.75),
    "south-czernowitz": (48.12, 25.95),
}


def place_hex(key: str) -> str | None:
    """A place's hex: the rule hex if the rules give one, else ef1914_geo.hex_of (the function the
    counters' set-ups use, so a fortress unit and its fortress hex agree), else the nearest centre."""
    if key in EXACT:
        return EXACT[key]
    if key.startswith("east-"):  # where a line leaves the map: the east-edge hex (column 1) of its row
        return BY_CR[(1, round(fractional(*PLACES[key])[1]))]
    h = hex_of(*PLACES[key])
    return h if h in CENTRE else hex_at(*PLACES[key])


def place_px(key: str) -> tuple[float, float]:
    h = place_hex(key)
    return CENTRE[h] if h else px_of(*PLACES[key])


# name, id-key, size
TOWNS = [
    ("Königsberg", "konigsberg", "city"), ("Pillau", "pillau", "town"), ("Tilsit", "tilsit", "town"),
    ("Insterburg", "insterburg", "town"), ("Gumbinnen", "gumbinnen", "town"), ("Stallupönen", "stalluponen", "town"),
    ("Eydtkuhnen", "eydtkuhnen", "town"), ("Wehlau", "wehlau", "town"), ("Allenstein", "allenstein", "town"),
    ("Osterode", "osterode", "town"), ("Deutsch-Eylau", "deutsch-eylau", "town"), ("Thorn", "thorn", "city"),
    ("Graudenz", "graudenz", "town"), ("Marienburg", "marienburg", "town"), ("Elbing", "elbing", "town"),
    ("Danzig", "danzig", "city"), ("Posen", "posen", "city"), ("Schneidemühl", "schneidemuhl", "town"),
    ("Gnesen", "gnesen", "town"), ("Inowrazlaw", "inowrazlaw", "town"), ("Lötzen", "lotzen", "town"),
    ("Lyck", "lyck", "town"), ("Johannisburg", "johannisburg", "town"), ("Ortelsburg", "ortelsburg", "town"),
    ("Neidenburg", "neidenburg", "town"), ("Soldau", "soldau", "town"), ("Goldap", "goldap", "town"),
    ("Heilsberg", "heilsberg", "town"), ("Bartenstein", "bartenstein", "town"), ("Angerburg", "angerburg", "town"),
    ("Rastenburg", "rastenburg", "town"), ("Bromberg", "bromberg", "city"), ("Ostrowo", "ostrowo", "town"),
    ("Kreuzburg", "kreuzburg", "town"), ("Breslau", "breslau", "city"), ("Kattowitz", "kattowitz", "town"),
    ("Memel", "memel", "town"),
    ("Kovno", "kovno", "city"), ("Vilna", "vilna", "city"), ("Mlawa", "mlawa", "town"), ("Pultusk", "pultusk", "town"),
    ("Rozan", "rozan", "town"), ("Ostroleka", "ostroleka", "town"), ("Lomza", "lomza", "town"),
    ("Osowiec", "osowiec", "town"), ("Grajewo", "grajewo", "town"), ("Bialystok", "bialystok", "city"),
    ("Grodno", "grodno", "city"), ("Suwalki", "suwalki", "town"), ("Augustow", "augustow", "town"),
    ("Mariampol", "mariampol", "town"), ("Olita", "olita", "town"), ("Novogeorgievsk", "novogeorgievsk", "town"),
    ("Warsaw", "warsaw", "city"), ("Ivangorod", "ivangorod", "town"), ("Brest-Litowsk", "brest", "city"),
    ("Siedlce", "siedlce", "town"), ("Lukow", "lukow", "town"), ("Radom", "radom", "town"), ("Kielce", "kielce", "town"),
    ("Lublin", "lublin", "city"), ("Chelm", "chelm", "town"), ("Kovel", "kovel", "town"), ("Lutsk", "lutsk", "town"),
    ("Dubno", "dubno", "town"), ("Rovno", "rovno", "town"), ("Vladimir-Volynsky", "vladimir-volynsky", "town"),
    ("Zamosc", "zamosc", "town"), ("Krasnik", "krasnik", "town"), ("Lodz", "lodz", "city"), ("Kalisz", "kalisz", "town"),
    ("Czestochowa", "czestochowa", "town"), ("Kutno", "kutno", "town"), ("Skierniewice", "skierniewice", "town"),
    ("Lowicz", "lowicz", "town"), ("Plock", "plock", "town"), ("Wloclawek", "wloclawek", "town"),
    ("Piotrkow", "piotrkow", "town"),
    ("Krakow", "krakow", "city"), ("Tarnow", "tarnow", "town"), ("Rzeszow", "rzeszow", "town"),
    ("Jaroslau", "jaroslau", "town"), ("Przemysl", "przemysl", "city"), ("Sanok", "sanok", "town"),
    ("Gorlice", "gorlice", "town"), ("Neu Sandez", "neu-sandez", "town"), ("Lemberg", "lemberg", "city"),
    ("Stryj", "stryj", "town"), ("Sambor", "sambor", "town"), ("Drohobycz", "drohobycz", "town"),
    ("Halicz", "halicz", "town"), ("Stanislau", "stanislau", "town"), ("Kolomea", "kolomea", "town"),
    ("Czernowitz", "czernowitz", "city"), ("Brody", "brody", "town"), ("Zloczow", "zloczow", "town"),
    ("Tarnopol", "tarnopol", "city"), ("Rawa Ruska", "rawa-ruska", "town"), ("Sokal", "sokal", "town"),
    ("Zaleszczyki", "zaleszczyki", "town"), ("Ungvar", "ungvar", "town"), ("Munkacs", "munkacs", "town"),
    ("Tomaszow", "tomaszow", "town"),
]
FORTRESSES = ["konigsberg", "thorn", "posen", "graudenz", "lotzen", "novogeorgievsk", "warsaw", "ivangorod", "brest",
              "kovno", "grodno", "osowiec", "krakow", "przemysl"]

# (name, kind, stations): kind is the track class and gauge (map.yaml rail_types): lines inside Russia are Russian
# gauge (purple) but the Warsaw - Vienna line (Warsaw - Skierniewice - Piotrkow - Czestochowa - the border) and its
# branches (Skierniewice - Lowicz, Koluszki - Lodz, the Kalisz line) are European (black), as German and A-H lines are;
# so is the Warsaw - Bromberg railway (Lowicz - Kutno - Aleksandrow - Thorn), built and run by the Warsaw - Vienna
# company and joined to the Russian-gauge network nowhere (in Russian gauge it would be an island);
# main lines double, branches single (authored). A line crossing the Russian border is split at the border station,
# where the gauge changes. The rules fix two: Rastenburg 52.27 - Angerburg 49.24 single-track, 4 hexes, and Bromberg
# 86.38 - Rastenburg 52.27 double-track via Thorn, Deutsch-Eylau and Allenstein, 43 hexes (8.2's rail movement example): the Thorn -
# Insterburg line (double track Thorn - Korschen) runs by its real stations (Schulitz, Schönsee/Kowalewo, Briesen,
# Bischofswerder, Bergfriede, Wartenburg, Rothfliess, Samulewo) and bends so that the distance along the rails is the
# rules' 43 hexes (straight runs between the stations would give 40 on this grid).
NOT_STATIONS = ("east-", "west-", "south-", "shortest", "brda-valley")  # route points that are no station
RAILWAYS = [
    ("Königsberg - Insterburg - Eydtkuhnen", "double_european",
     ["konigsberg", "wehlau", "insterburg", "gumbinnen", "stalluponen", "eydtkuhnen"]),
    ("Eydtkuhnen - Virballen - Kovno - Vilna", "double_russian",
     ["eydtkuhnen", "virballen", "kazlu-ruda", "kovno", "landwarow", "vilna"]),
    ("Bromberg - Thorn - Allenstein - Insterburg", "double_european",
     ["bromberg", "brda-valley", "schulitz", "thorn", "kowalewo", "briesen", "jablonowo", "bischofswerder", "deutsch-eylau",
      "bergfriede", "osterode", "allenstein", "wartenburg", "rothfliess", "samulewo", "korschen", "gerdauen", "insterburg"]),
    ("Königsberg - Korschen - Rastenburg - Lyck - Prostken", "double_european",
     ["konigsberg", "bartenstein", "korschen", "rastenburg", "lotzen", "lyck", "prostken"]),
    ("Prostken - Grajewo - Bialystok", "single_russian", ["prostken", "grajewo", "osowiec", "bialystok"]),
    ("Rastenburg - Angerburg (single track)", "single_european", ["shortest", "rastenburg", "angerburg"]),
    ("Warsaw - Bialystok - Grodno - Vilna", "double_russian",
     ["warsaw", "malkinia", "lapy", "bialystok", "sokolka", "grodno", "porechye", "orany", "landwarow"]),
    ("Warsaw - Brest-Litowsk", "double_russian", ["warsaw", "siedlce", "lukow", "miedzyrzec", "biala", "brest"]),
    ("Bialystok - Brest-Litowsk", "single_russian", ["bialystok", "bielsk", "czeremcha", "brest"]),
    ("Lapy - Ostroleka", "single_russian", ["lapy", "ostroleka"]),
    # the Ivangorod - Dombrowa railway (1885, Russian gauge) west of the Vistula, to Kielce (its run on to Dombrowa,
    # where it meets the European-gauge Warsaw - Vienna line, is not authored)
    ("Ivangorod - Radom - Kielce", "single_russian", ["ivangorod", "radom", "kielce"]),
    ("Brest-Litowsk - Kovel - Rovno", "double_russian", ["brest", "kovel", "lutsk", "rovno"]),
    ("Warsaw - Ivangorod - Lublin - Kovel", "double_russian",
     ["warsaw", "otwock", "pilawa", "ivangorod", "naleczow", "lublin", "chelm", "lyuboml", "kovel"]),
    ("Warsaw - Mlawa", "single_russian", ["warsaw", "novogeorgievsk", "nasielsk", "ciechanow", "mlawa"]),
    ("Mlawa - Soldau - Deutsch-Eylau", "single_european", ["mlawa", "soldau", "deutsch-eylau"]),
    ("Thorn - Aleksandrow - Wloclawek - Kutno - Lowicz (Warsaw - Bromberg railway)", "single_european",
     ["thorn", "aleksandrow", "wloclawek", "kutno", "lowicz"]),
    ("Lowicz - Skierniewice (Warsaw - Vienna branch)", "single_european", ["lowicz", "skierniewice"]),
    ("Warsaw - Vienna railway: Warsaw - Piotrkow - Czestochowa - Kattowitz", "double_european",
     ["warsaw", "skierniewice", "koluszki", "piotrkow", "radomsko", "czestochowa", "zawiercie", "sosnowiec", "kattowitz"]),
    ("Koluszki - Lodz", "single_european", ["koluszki", "lodz"]),
    ("Kalisz railway: Lodz - Kalisz - Ostrowo", "single_european", ["lodz", "sieradz", "kalisz", "ostrowo"]),
    ("Warsaw - Grojec (narrow gauge)", "narrow", ["warsaw", "grojec", "nowe-miasto"]),
    ("Posen - Ostrowo - Kreuzburg", "single_european", ["posen", "ostrowo", "kreuzburg"]),
    ("Posen - Gnesen - Inowrazlaw - Thorn", "double_european", ["posen", "gnesen", "inowrazlaw", "thorn"]),
    ("Bromberg - Schneidemühl", "double_european", ["bromberg", "schneidemuhl"]),
    ("Ostbahn: Bromberg - Dirschau - Königsberg", "double_european",
     ["bromberg", "graudenz", "marienburg", "elbing", "braunsberg", "konigsberg"]),
    ("Dirschau - Danzig", "double_european", ["marienburg", "dirschau", "danzig"]),
    ("Königsberg - Pillau", "single_european", ["konigsberg", "pillau"]),
    ("Insterburg - Tilsit", "single_european", ["insterburg", "tilsit"]),
    ("Allenstein - Ortelsburg - Johannisburg - Lyck", "single_european", ["allenstein", "ortelsburg", "johannisburg", "lyck"]),
    ("Krakow - Tarnow - Przemysl - Lemberg - Tarnopol", "double_european",
     ["kattowitz", "trzebinia", "krakow", "bochnia", "tarnow", "debica", "rzeszow", "przeworsk", "jaroslau", "przemysl",
      "lemberg", "krasne",
      "zloczow", "tarnopol", "podwoloczyska"]),
    ("Lemberg - Stryj - Munkacs", "single_european", ["lemberg", "mikolajow", "stryj", "skole", "lawoczne", "munkacs",
                                                      "south-munkacs"]),
    ("Upper Silesia: Kattowitz - Gleiwitz - Oppeln - Breslau", "double_european",
     ["kattowitz", "gleiwitz", "oppeln", "breslau", "west-breslau"]),
    ("Przemysl - Chyrow - Sambor - Stryj", "single_european", ["przemysl", "chyrow", "sambor", "drohobycz", "stryj"]),
    ("Lemberg - Halicz - Stanislau - Czernowitz", "double_european", ["lemberg", "halicz", "stanislau", "kolomea", "czernowitz",
                                                                            "south-czernowitz"]),
    ("Tarnow - Neu Sandez", "single_european", ["tarnow", "neu-sandez"]),
    # the A-H First Army's deployment lines between the Vistula and the San (its August 1914 railheads at
    # Tarnobrzeg, Rozwadow and Lezajsk): Debica - Mielec - Tarnobrzeg - Rozwadow (1887) and Rozwadow - Lezajsk -
    # Przeworsk (1900)
    ("Debica - Tarnobrzeg - Rozwadow", "single_european", ["debica", "mielec", "tarnobrzeg", "rozwadow"]),
    ("Rozwadow - Lezajsk - Przeworsk", "single_european", ["rozwadow", "lezajsk", "przeworsk"]),
    ("Lemberg - Rawa Ruska", "single_european", ["lemberg", "rawa-ruska"]),
    ("Krasne - Brody", "single_european", ["krasne", "brody"]),
    ("Vilna - Molodechno (to Minsk)", "double_russian", ["vilna", "east-minsk"]),
    ("Brest-Litowsk - Baranovichi (to Minsk and Moscow)", "double_russian", ["brest", "kobrin", "east-baranovichi"]),
    ("Bialystok - Volkovysk - Baranovichi", "single_russian", ["bialystok", "volkovysk", "baranovichi"]),
    ("Polesie line: Kobrin - Pinsk", "single_russian", ["kobrin", "pinsk", "east-pinsk"]),
    ("Kovel - Sarny", "single_russian", ["kovel", "sarny"]),
    ("Rovno - Zdolbunov (to Kiev)", "double_russian", ["rovno", "zdolbunov", "east-kiev"]),
    ("Radziwillow - Dubno - Zdolbunov", "single_russian", ["brody", "radziwillow", "dubno", "zdolbunov"]),
    ("Volochysk - Proskurov", "single_russian", ["podwoloczyska", "volochysk", "east-proskurov"]),
]

# (name, kind, towns on the way): the main 1914 chaussees (Reichsstrassen, Russian shosse, A-H Reichsstrassen)
# between towns on the map, authored from 1914 road maps as straight runs between the towns they pass.
ROADS = [
    ("Berlin - Königsberg road: Dirschau - Elbing - Königsberg", "primary", ["dirschau", "marienburg", "elbing", "braunsberg", "konigsberg"]),
    ("Königsberg - Insterburg - Eydtkuhnen - Kovno", "primary",
     ["konigsberg", "tapiau", "wehlau", "insterburg", "gumbinnen", "stalluponen", "eydtkuhnen", "mariampol", "kovno"]),
    ("Kovno - Vilna", "primary", ["kovno", "landwarow", "vilna"]),
    ("Petersburg road: Warsaw - Lomza - Augustow - Kovno", "primary",
     ["warsaw", "wyszkow", "ostrow-maz", "zambrow", "lomza", "grajewo", "augustow", "suwalki", "kalwaria", "mariampol"]),
    ("Warsaw - Brest-Litowsk road", "primary", ["warsaw", "siedlce", "miedzyrzec", "biala", "brest"]),
    ("Berlin - Warsaw road: Posen - Kutno - Warsaw", "primary",
     ["posen", "wreschen", "slupca", "kolo", "kutno", "lowicz", "sochaczew", "warsaw"]),
    ("Warsaw - Radom - Krakow road", "primary", ["warsaw", "grojec", "bialobrzegi", "radom", "kielce", "jedrzejow", "miechow", "krakow"]),
    ("Warsaw - Lublin road", "primary", ["warsaw", "garwolin", "ryki", "lublin"]),
    ("Lublin - Zamosc - Lemberg road", "primary", ["lublin", "krasnystaw", "zamosc", "tomaszow", "rawa-ruska", "lemberg"]),
    ("Kaiserstrasse: Krakow - Tarnow - Przemysl - Lemberg", "primary",
     ["krakow", "bochnia", "tarnow", "rzeszow", "przeworsk", "jaroslau", "przemysl", "lemberg"]),
    ("Lemberg - Brody - Dubno - Rovno road", "primary", ["lemberg", "zloczow", "brody", "radziwillow", "dubno", "rovno"]),
    ("Lemberg - Stanislau - Czernowitz road", "primary", ["lemberg", "halicz", "stanislau", "kolomea", "czernowitz",
                                                                            "south-czernowitz"]),
    ("Warsaw - Mlawa - Allenstein", "secondary", ["warsaw", "novogeorgievsk", "plonsk", "mlawa", "neidenburg", "hohenstein", "allenstein"]),
    ("Thorn - Osterode - Allenstein - Rastenburg - Lyck", "secondary",
     ["thorn", "jablonowo", "deutsch-eylau", "osterode", "allenstein", "bischofsburg", "rastenburg", "lotzen", "lyck", "grajewo"]),
    ("Königsberg - Bartenstein - Rastenburg", "secondary", ["konigsberg", "bartenstein", "rastenburg"]),
    ("Insterburg - Darkehmen - Angerburg - Lötzen", "secondary", ["insterburg", "darkehmen", "angerburg", "lotzen"]),
    ("Gumbinnen - Goldap - Lyck", "secondary", ["gumbinnen", "goldap", "marggrabowa", "lyck"]),
    ("Warsaw - Pultusk - Ostroleka - Lomza", "secondary", ["warsaw", "pultusk", "rozan", "ostroleka", "lomza"]),
    # the Russian VI Corps' road north from its Ostroleka depot across the Narew (August 1914: Ostroleka - Myszyniec -
    # Ortelsburg); its Narew crossing at Ostroleka is a bridge (2.2)
    ("Ostroleka - Myszyniec - Ortelsburg", "secondary", ["ostroleka", "myszyniec", "ortelsburg"]),
    ("Grodno - Bialystok - Brest-Litowsk", "secondary", ["grodno", "sokolka", "bialystok", "bielsk", "brest"]),
    ("Grodno - Olita - Kovno", "secondary", ["grodno", "olita", "kovno"]),
    ("Thorn - Wloclawek - Kutno", "secondary", ["thorn", "aleksandrow", "wloclawek", "kutno"]),
    ("Kalisz - Lodz - Warsaw", "secondary", ["ostrowo", "kalisz", "sieradz", "lodz", "rawa-maz", "grojec"]),
    ("Lodz - Piotrkow - Czestochowa", "secondary", ["lodz", "piotrkow", "radomsko", "czestochowa"]),
    ("Radom - Ivangorod - Lublin - Chelm - Kovel", "secondary", ["radom", "ivangorod", "lublin", "chelm", "lyuboml", "kovel"]),
    ("Kovel - Lutsk - Dubno", "secondary", ["kovel", "lutsk", "dubno"]),
    ("Lemberg - Zloczow - Tarnopol", "secondary", ["zloczow", "tarnopol"]),
    ("Przemysl - Sambor - Stryj", "secondary", ["przemysl", "sambor", "drohobycz", "stryj", "lemberg"]),
    ("Kielce - Opatow - Sandomierz - Rzeszow", "secondary", ["kielce", "opatow", "sandomierz", "nisko", "rzeszow"]),
]

# --------------------------------------------------------------------------------------------
# Hexside polylines (lat, lon)
# --------------------------------------------------------------------------------------------
RIVERS = [
    ("grand_river", "Vistula", [(50.03, 19.20), (50.05, 19.95), (50.13, 20.38), (50.24, 20.72), (50.30, 21.07),
                                (50.43, 21.28), (50.68, 21.75), (50.88, 21.85), (51.05, 21.83), (51.32, 21.95),
                                (51.42, 21.97), (51.56, 21.85), (51.69, 21.56), (51.98, 21.20), (52.23, 21.05),
                                (52.43, 20.72), (52.39, 20.19), (52.55, 19.70), (52.65, 19.07), (52.84, 18.90),
                                (53.01, 18.60), (53.15, 18.17), (53.35, 18.43), (53.48, 18.75), (53.87, 18.80),
                                (54.09, 18.78), (54.40, 18.95)]),
    ("grand_river", "Niemen", [(53.75, 26.05), (53.50, 25.00), (53.41, 24.54), (53.68, 23.83), (54.02, 23.97),
                               (54.16, 24.18), (54.40, 24.05), (54.63, 23.95), (54.90, 23.90), (55.08, 22.77),
                               (55.08, 21.88), (55.30, 21.37)]),
    ("grand_river", "Dniester", [(49.40, 22.95), (49.52, 23.20), (49.65, 23.48), (49.52, 23.98), (49.38, 24.14),
                                 (49.12, 24.73), (48.96, 25.10), (48.80, 25.45), (48.65, 25.74), (48.55, 26.10),
                                 (48.50, 26.50), (48.45, 26.90)]),
    ("major_river", "Narew", [(52.91, 23.52), (52.95, 22.95), (53.20, 22.77), (53.20, 22.38), (53.18, 22.07),
                              (53.23, 21.88), (53.08, 21.57), (52.88, 21.40), (52.70, 21.08), (52.51, 21.06),
                              (52.43, 20.72)]),
    ("major_river", "Bug", [(49.97, 24.60), (50.10, 24.35), (50.48, 24.28), (50.86, 24.15), (51.17, 23.80),
                            (51.55, 23.55), (52.08, 23.66), (52.40, 22.66), (52.70, 21.86), (52.60, 21.46),
                            (52.51, 21.06)]),
    # Jaroslau stands on the San's right (east) bank; the Krakow - Lemberg railway and the Kaiserstrasse cross the
    # river just west of it (17.4 "The RR Bridge at Jaroslau"): the line passes west of the town's point
    ("major_river", "San", [(49.47, 22.33), (49.56, 22.20), (49.82, 22.23), (49.78, 22.77), (49.95, 22.82),
                            (50.03, 22.62), (50.26, 22.42), (50.57, 22.10), (50.68, 21.84)]),
    ("major_river", "Warta", [(50.81, 19.12), (51.12, 18.87), (51.60, 18.72), (51.97, 18.79), (52.20, 18.64),
                              (52.22, 18.26), (52.17, 17.69), (52.09, 17.01), (52.41, 16.93), (52.65, 16.81)]),
    # the Pregel is drawn ~5 km north of its course so the Königsberg - Insterburg railway keeps to its south bank
    ("major_river", "Pregel", [(54.70, 21.80), (54.69, 21.23), (54.74, 21.08), (54.75, 20.50), (54.69, 20.32)]),
    ("lesser_river", "Angerapp", [(54.21, 21.74), (54.37, 22.07), (54.63, 21.80)]),
    ("lesser_river", "Alle", [(53.70, 20.45), (53.78, 20.49), (54.12, 20.58), (54.26, 20.80), (54.44, 21.02),
                              (54.61, 21.23)]),
    ("lesser_river", "Pilica", [(50.50, 19.60), (51.00, 19.90), (51.50, 20.15), (51.55, 20.60), (51.85, 21.27)]),
    ("lesser_river", "Wieprz", [(50.55, 23.10), (50.95, 22.95), (51.20, 22.75), (51.40, 22.45), (51.56, 21.87)]),
    ("lesser_river", "Dunajec", [(49.45, 20.40), (49.62, 20.70), (49.90, 20.85), (50.10, 20.85), (50.24, 20.75)]),
    ("lesser_river", "Bzura", [(51.90, 19.55), (52.10, 19.90), (52.30, 20.10), (52.37, 20.19)]),
    ("lesser_river", "Wkra", [(53.20, 20.10), (52.90, 20.40), (52.60, 20.55), (52.43, 20.70)]),
    ("lesser_river", "Biebrza", [(53.75, 23.25), (53.48, 22.65), (53.20, 22.38)]),
    ("lesser_river", "Drewenz", [(53.65, 19.90), (53.40, 19.55), (53.25, 19.40), (53.05, 18.75)]),
    ("lesser_river", "Gnila Lipa / Zlota Lipa", [(49.75, 24.70), (49.30, 24.60), (49.05, 24.80)]),
]
RIDGES = [("ridge", "Carpathian main ridge",
           [(49.55, 18.80), (49.45, 19.20), (49.30, 19.60), (49.22, 20.00), (49.35, 20.50), (49.40, 21.00),
            (49.43, 21.50), (49.33, 22.00), (49.08, 22.50), (49.00, 22.85), (48.85, 23.20), (48.65, 23.60),
            (48.40, 24.00), (48.15, 24.45), (47.95, 24.85), (47.80, 25.30)])]
CREST = RIDGES[0][2]
FOOT = [(49.80, 18.80), (49.80, 19.50), (49.78, 20.00), (49.70, 20.50), (49.65, 21.10), (49.68, 21.70),
        (49.55, 22.20), (49.55, 22.80), (49.40, 23.10), (49.25, 23.55), (49.05, 23.95), (48.75, 24.40),
        (48.50, 24.80), (48.25, 25.20), (48.05, 25.50)]
LAKE_CHAINS = [("lake_side", "Masurian lake line",
                [(54.22, 21.70), (54.05, 21.72), (53.97, 21.77), (53.85, 21.68), (53.70, 21.70)])]
RUSSIAN_BORDER = [
    (55.87, 21.07), (55.68, 21.67), (55.58, 22.00), (55.30, 22.20), (55.20, 22.45), (55.07, 22.60), (54.95, 22.75),
    (54.63, 22.91), (54.42, 22.78), (54.25, 22.75), (54.10, 22.62), (53.95, 22.60), (53.75, 22.50), (53.68, 22.44),
    (53.55, 22.15), (53.48, 21.95), (53.45, 21.55), (53.35, 21.20), (53.25, 20.85), (53.18, 20.55), (53.18, 20.30),
    (53.25, 20.05), (53.24, 19.75), (53.20, 19.50), (53.10, 19.20), (53.00, 19.00), (52.90, 18.80), (52.80, 18.62),
    (52.60, 18.45), (52.45, 18.30), (52.30, 17.95), (52.10, 17.92), (51.85, 18.00), (51.70, 18.00), (51.50, 18.05),
    (51.30, 18.20), (51.10, 18.45), (50.90, 18.75), (50.75, 18.95), (50.50, 19.20), (50.25, 19.17),
    (50.17, 19.50), (50.15, 19.90), (50.20, 20.30), (50.28, 20.70), (50.32, 21.00), (50.45, 21.30), (50.65, 21.70),
    (50.77, 21.85), (50.68, 22.00), (50.60, 22.35), (50.45, 22.70), (50.38, 23.10), (50.35, 23.45), (50.30, 23.80),
    (50.45, 24.10), (50.40, 24.50), (50.25, 24.80), (50.10, 25.20), (49.85, 25.60), (49.50, 26.15), (49.10, 26.20),
    (48.60, 26.30), (48.50, 26.60)]
GERMAN_AH_BORDER = [(50.25, 19.17), (50.05, 19.00), (49.95, 18.60), (49.92, 18.30), (49.95, 17.90), (50.10, 17.70),
                    (50.30, 17.40), (50.40, 16.90)]
# The borders as drawn: closed, so that a flood fill over the hexes that never crosses a border hexside gives each
# hex its 1914 country (Germany, Russia, Austria-Hungary, and Romania's tip at Herta in the south-east corner).
# Each line runs off the map at both ends (into the Baltic at the north edge, past the west and south edges), or
# ends on another border line; border hexsides are kept over water too, so the fill cannot go round by sea or lake.
# In the south-east the Russian border follows the Zbruch to the Dniester, the Dniester west to Onut, then the
# Bukovina - Bessarabia line south to the Prut at Mamornita (the tripoint with Romania).
RU_BORDER = ([(56.40, 20.95)] + RUSSIAN_BORDER[:-2]
             + [(48.51, 26.37), (48.55, 26.10), (48.61, 25.90), (48.45, 25.98), (48.30, 26.18), (48.22, 26.10)])
RO_RU_BORDER = [(48.22, 26.10), (48.20, 26.35), (48.05, 26.60), (47.70, 26.80)]
RO_AH_BORDER = [(48.22, 26.10), (48.10, 25.98), (47.70, 25.92)]
GERMAN_AH_BORDER = GERMAN_AH_BORDER + [(50.45, 16.30)]
BORDERS = [("border", "Russian border", RU_BORDER), ("border", "German - Austro-Hungarian border", GERMAN_AH_BORDER),
           ("border", "Romanian - Russian border", RO_RU_BORDER), ("border", "Romanian - Austro-Hungarian border", RO_AH_BORDER)]
COUNTRY_SEEDS = {"Germany": "61.17", "Russia": "57.52", "Austria-Hungary": "12.91"}  # Konigsberg, Warsaw, Tarnopol

# Escarpments (name, line): the high ground lies to the RIGHT walking along the line (north up). The hexes on the high
# side of each escarpment hexside are escarpment hexes (the TEC's "escarpment (hex + hexside)": the hex cost applies
# entering across the hexside), unless a unit sets up there or the hex is not clear.
ESCARPMENTS = [
    ("Podolian escarpment (Gologory - Woroniaki - Kremenets hills)",
     [(49.86, 24.15), (49.82, 24.55), (49.90, 24.85), (49.98, 25.15), (49.97, 25.40), (50.05, 25.60), (50.10, 25.80),
      (50.17, 26.05), (50.25, 26.35), (50.30, 26.75)]),
    ("Dniester escarpment (rim of the Podolian plateau)",
     [(48.58, 26.70), (48.63, 26.20), (48.72, 25.78), (48.88, 25.45), (49.04, 25.12), (49.20, 24.80)]),
    ("Vistula bluffs (Kulm heights)", [(53.22, 18.38), (53.38, 18.60), (53.52, 18.90), (53.72, 18.93)]),
    ("Vistula bluffs (Sandomierz upland)", [(51.05, 21.72), (50.86, 21.72), (50.66, 21.58), (50.38, 21.15)]),
]
# Ferries (river, place): historical 1914 ferry crossings of the major and grand rivers without a railway bridge;
# the ferry is the river hexside nearest the place.
FERRIES = [("Vistula", "zawichost"), ("Vistula", "pulawy"), ("Vistula", "gora-kalwaria"), ("Vistula", "wyszogrod"),
           ("Vistula", "plock"), ("Dniester", "niznow"), ("Niemen", "olita-ferry"), ("Niemen", "preny"), ("San", "nisko")]
# Printed IPs (13.5: Level 3 until GT 20, then 4): German field fortifications prepared before the war.
# Each: (id, name, how): "left of" a river's hexsides (the hexes on that side), "around" a town, "chain" between places.
PRINTED_IPS = [
    ("printed-ip-angerapp", "Angerapp line (printed IP)", ("left of", "Angerapp")),
    ("printed-ip-lotzen", "Lötzen position, Feste Boyen (printed IP)", ("around", "lotzen")),
    ("printed-ip-deime", "Deime line, Labiau - Tapiau (printed IP)", ("chain", "labiau-deime", "tapiau")),
]
LOTZEN = "lotzen"  # the three causeways are the lake hexsides of the Lotzen hex (8.1 PLAY NOTE: "all three enter hex ... (near Lötzen)")

# --------------------------------------------------------------------------------------------
# Terrain polygons (lat, lon)
# --------------------------------------------------------------------------------------------
BALTIC = [(57.0, 15.0), (57.0, 21.05), (55.92, 21.05), (55.71, 21.10), (55.30, 20.95), (54.96, 20.50), (54.96, 20.00),
          (54.65, 19.88), (54.45, 19.60), (54.37, 19.20), (54.36, 18.95), (54.40, 18.68), (54.52, 18.56),
          (54.78, 18.42), (54.83, 18.33), (54.76, 17.55), (54.58, 17.00), (54.50, 16.30), (54.50, 15.0)]
LAKES = [
    ("Frisches Haff", [(54.36, 19.15), (54.45, 19.50), (54.58, 19.78), (54.64, 19.90), (54.68, 20.10), (54.66, 20.35),
                       (54.60, 20.20), (54.50, 19.95), (54.42, 19.78), (54.35, 19.55), (54.28, 19.35)]),
    ("Kurisches Haff", [(54.96, 20.55), (55.10, 20.75), (55.30, 20.98), (55.55, 21.10), (55.68, 21.12), (55.45, 21.24),
                        (55.35, 21.22), (55.28, 21.35), (55.10, 21.25), (54.95, 21.10), (54.88, 20.85)]),
    ("Mauersee", [(54.20, 21.60), (54.20, 21.80), (54.06, 21.80), (54.06, 21.60)]),
    ("Spirdingsee", [(53.79, 21.58), (53.79, 21.88), (53.68, 21.88), (53.68, 21.58)]),
]
WETLANDS = [
    ("Biebrza marshes", [(53.75, 23.25), (53.62, 23.35), (53.45, 22.85), (53.30, 22.60), (53.18, 22.35), (53.25, 22.22),
                         (53.40, 22.45), (53.55, 22.70), (53.70, 23.00)]),
    ("Narew marshes", [(53.27, 22.45), (53.17, 23.00), (53.03, 23.00), (53.12, 22.45)]),
    ("Pripet marshes", [(52.35, 24.30), (52.30, 26.70), (51.10, 26.70), (51.30, 25.40), (51.55, 24.50), (51.90, 24.05)]),
    ("Polesie Lubelskie", [(51.65, 23.00), (51.70, 23.55), (51.35, 23.65), (51.30, 23.10)]),
]
FORESTS = [
    ("Johannisburger Heide", [(53.75, 21.20), (53.66, 21.95), (53.45, 21.95), (53.42, 21.20)]),
    ("Rominter Heide", [(54.45, 22.10), (54.45, 22.55), (54.32, 22.55), (54.32, 22.10)]),
    ("Augustow forest", [(54.00, 22.95), (53.95, 23.60), (53.70, 23.60), (53.72, 23.05)]),
    ("Bialowieza forest", [(52.85, 23.50), (52.85, 24.10), (52.55, 24.10), (52.55, 23.55)]),
    ("Tucheler Heide", [(53.90, 17.60), (53.85, 18.30), (53.55, 18.30), (53.55, 17.60)]),
    ("Kurpie forest", [(53.42, 21.10), (53.38, 21.75), (53.22, 21.75), (53.26, 21.10)]),
    ("Sandomierz forest", [(50.55, 21.90), (50.55, 22.35), (50.30, 22.35), (50.30, 21.90)]),
    ("Janow forests", [(50.78, 22.15), (50.78, 22.60), (50.55, 22.60), (50.55, 22.15)]),
]
ROUGH = [
    ("Holy Cross mountains", [(51.00, 20.45), (51.00, 21.30), (50.78, 21.30), (50.78, 20.45)]),
    ("Cracow-Czestochowa upland", [(50.75, 19.25), (50.75, 19.60), (50.20, 19.85), (50.20, 19.45)]),
    ("Roztocze", [(50.75, 22.85), (50.55, 23.40), (50.30, 23.70), (50.20, 23.55), (50.45, 23.10), (50.65, 22.75)]),
    ("Bukovina hills", [(48.45, 25.30), (48.45, 26.70), (47.90, 26.70), (47.90, 25.30)]),
]
HIGH = [("Tatra", 49.10, 49.32, 19.70, 20.30), ("Gorgany", 48.30, 48.58, 23.90, 24.40),
        ("Chornohora", 47.95, 48.25, 24.20, 24.75)]


# --------------------------------------------------------------------------------------------
# Geometry helpers
# --------------------------------------------------------------------------------------------
def inside(pt, poly) -> bool:
    y, x = pt
    res = False
    for (y1, x1), (y2, x2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            res = not res
    return res


SIDES = sorted({tuple(sorted((a, b))) for a in HEXES for b in TYPES.neighbours(a)})


def hexsides_of(polyline) -> list[tuple[str, str]]:
    pts = [px_of(*p) for p in polyline]
    segs = list(zip(pts, pts[1:]))
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    lo_x, hi_x, lo_y, hi_y = min(xs) - 60, max(xs) + 60, min(ys) - 60, max(ys) + 60
    out = []
    for a, b in SIDES:
        pa, pb = CENTRE[a], CENTRE[b]
        if not (lo_x <= pa[0] <= hi_x and lo_y <= pa[1] <= hi_y):
            continue
        n = sum(1 for q1, q2 in segs if seg_intersect(pa, pb, q1, q2))
        if n % 2:
            out.append((a, b))
    return out


def interp_lat(line, lon: float) -> float | None:
    for (la1, lo1), (la2, lo2) in zip(line, line[1:]):
        if lo1 <= lon <= lo2:
            t = (lon - lo1) / (lo2 - lo1)
            return la1 + t * (la2 - la1)
    return None


def shortest(a: str, b: str, step=None) -> list[str]:
    """A shortest chain of adjacent hexes from a to b (breadth first; ties toward the straight line); step(h, n)
    says whether the chain may go from h to its neighbour n (default: always)."""
    prev = {a: None}
    todo = [a]
    bx, by = CENTRE[b]
    while todo and b not in prev:
        nxt = []
        for h in todo:
            for n in sorted(TYPES.neighbours(h), key=lambda n: math.hypot(CENTRE[n][0] - bx, CENTRE[n][1] - by)):
                if n not in prev and (step is None or step(h, n)):
                    prev[n] = h
                    nxt.append(n)
        todo = nxt
    out = [b]
    while prev[out[-1]] is not None:
        out.append(prev[out[-1]])
    return out[::-1]


def rail_hexes(stations: list[str]) -> list[str]:
    if stations[0] == "shortest":
        return shortest(place_hex(stations[1]), place_hex(stations[2]))
    pinned = {place_hex(s) for s in stations}
    chain: list[str] = []
    pts = [place_px(s) for s in stations]
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        n = max(2, int(math.hypot(x2 - x1, y2 - y1) / 4))
        for i in range(n + 1):
            t = i / n
            h = hex_at_px(x1 + t * (x2 - x1), y1 + t * (y2 - y1))
            if h is None or (chain and chain[-1] == h):
                continue
            if chain and h not in TYPES.neighbours(chain[-1]):
                common = [c for c in TYPES.neighbours(chain[-1]) if c in TYPES.neighbours(h)]
                if not common:
                    raise ValueError(f"rail gap {chain[-1]} -> {h} ({stations})")
                chain.append(common[0])
            chain.append(h)
    straighten(chain, pinned, TYPES.neighbours)
    # a hex visited twice (a loop): cut the loop out
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
def terrain_of(lat: float, lon: float) -> str:
    if inside((lat, lon), BALTIC):
        return "sea"
    for _, poly in LAKES:
        if inside((lat, lon), poly):
            return "lake"
    for _, la0, la1, lo0, lo1 in HIGH:
        if la0 <= lat <= la1 and lo0 <= lon <= lo1:
            return "high_mountain"
    if 18.8 <= lon <= 25.5:
        crest = interp_lat(CREST, lon)
        foot = interp_lat(FOOT, lon)
        if crest is not None and foot is not None:
            if crest - 0.45 <= lat <= foot:
                return "mountain"
            if foot < lat <= foot + 0.25 or crest - 0.70 <= lat < crest - 0.45:
                return "rough"
    for _, poly in WETLANDS:
        if inside((lat, lon), poly):
            return "wetlands"
    for _, poly in FORESTS:
        if inside((lat, lon), poly):
            return "forest"
    for _, poly in ROUGH:
        if inside((lat, lon), poly):
            return "rough"
    return "clear"


def unit_hexes() -> set[str]:
    """Hexes where a scenario sets a unit up: their terrain is never changed here."""
    import yaml

    out: set[str] = set()
    for f in sorted((ROOT / "counters" / "ef1914" / "scenarios").glob("*.yaml")):
        for item in yaml.safe_load(f.read_text()).get("setup", []) or []:
            if isinstance(item, dict) and item.get("hex"):
                out.add(str(item["hex"]))
    return out


def side_of(polyline, a: str, b: str) -> dict[str, float]:
    """For the hexside a/b crossed by polyline: each hex's side of the crossed segment (> 0: right of the
    direction of travel on the north-up map; pixel y grows southward)."""
    pts = [px_of(*p) for p in polyline]
    pa, pb = CENTRE[a], CENTRE[b]
    for q1, q2 in zip(pts, pts[1:]):
        if seg_intersect(pa, pb, q1, q2):
            return {h: (q2[0] - q1[0]) * (CENTRE[h][1] - q1[1]) - (q2[1] - q1[1]) * (CENTRE[h][0] - q1[0]) for h in (a, b)}
    raise ValueError(f"{a}/{b} does not cross the line")


def regions(walls: set[frozenset[str]]) -> dict[str, set[str]]:
    """COUNTRY_SEEDS' flood fills over hex neighbours that never cross a wall hexside."""
    out = {}
    for country, seed in COUNTRY_SEEDS.items():
        out[country] = flood_fill(seed, TYPES.neighbours, walls)
    return out


def rail_distance(rails, a: str, b: str) -> int | None:
    """Rail hexes from a to b along the railways' links (breadth first)."""
    links: dict[str, set[str]] = {}
    for _, _, chain in rails:
        for x, y in zip(chain, chain[1:]):
            links.setdefault(x, set()).add(y)
            links.setdefault(y, set()).add(x)
    return hex_distances([a], lambda h: sorted(links.get(h, ()))).get(b)


def lay_roads(terrain: dict[str, str], hexsides: list) -> list:
    """The Lotzen causeways (the lake hexsides of the Lotzen hex) added to `hexsides`, then the roads:
    straight runs between their towns, round lakes and the sea where a run would cross water."""
    def water(h):
        return terrain[h] in ("sea", "lake")

    lotzen = place_hex(LOTZEN)
    lake_sides = [sd for kind, _, sides in hexsides if kind == "lake_side" for sd in sides]
    causeways = [sd for sd in lake_sides if lotzen in sd]
    hexsides.append(("causeway", "Lötzen causeways", causeways))
    lake_set = {frozenset(sd) for sd in lake_sides} - {frozenset(sd) for sd in causeways}
    roads = []
    for name, kind, stations in ROADS:
        chain: list[str] = []
        for s1, s2 in zip(stations, stations[1:]):
            run = rail_hexes([s1, s2])
            if any(water(h) for h in run) or any(frozenset(x) in lake_set for x in zip(run, run[1:])):
                run = shortest(place_hex(s1), place_hex(s2), lambda a, b: not water(b) and frozenset((a, b)) not in lake_set)
            chain.extend(run if not chain else run[1:])
        straighten(chain, {place_hex(x) for x in stations}, TYPES.neighbours)
        roads.append((name, kind, chain))
    return roads


def build():
    terrain = {h: terrain_of(*latlon_of_hex(h)) for h in HEXES}
    # every named lake gets at least the hex at its middle
    for _, poly in LAKES[2:]:
        la = sum(p[0] for p in poly) / len(poly)
        lo = sum(p[1] for p in poly) / len(poly)
        h = hex_at(la, lo)
        if h:
            terrain[h] = "lake"

    towns = []
    used: set[str] = set()
    for name, key, size in TOWNS:
        h = place_hex(key)
        if h is None or h in used:
            print(f"  town {name}: hex {h} off map or taken, skipped")
            continue
        used.add(h)
        towns.append((key, name, h, size))
        if terrain[h] in ("sea", "lake"):
            terrain[h] = "clear"

    # 14.2.1 (a depot "must be stacked in a RR station hex"; 2.2: a RR Station is a RR Platform, City, Town or
    # Village symbol connected to a RR line): every named station of a line that is no town above is drawn as a village
    town_keys = {k for _, k, _ in TOWNS}
    for _, _, stations in RAILWAYS:
        for key in stations:
            if key in town_keys or key.startswith(NOT_STATIONS) or key in NOT_STATIONS:
                continue
            h = place_hex(key)
            town_keys.add(key)
            if h is None or h in used:
                continue
            used.add(h)
            towns.append((key, key.replace("-", " ").title(), h, "village"))

    rails = []
    for name, kind, stations in RAILWAYS:
        chain = rail_hexes(stations)
        for h in chain:
            if terrain[h] in ("sea", "lake"):
                terrain[h] = "clear"
        rails.append((name, kind, chain))

    def water(h):
        return terrain[h] in ("sea", "lake")

    hexsides = []
    for kind, name, line in RIVERS + RIDGES + LAKE_CHAINS:
        sides = [s for s in hexsides_of(line) if not (water(s[0]) or water(s[1]))]
        if sides:
            hexsides.append((kind, name, sides))
    for kind, name, line in BORDERS:  # over water too: the borders stay closed
        hexsides.append((kind, name, hexsides_of(line)))

    # escarpment hexsides, and the hexes on their high side
    standing = unit_hexes()
    for name, line in ESCARPMENTS:
        sides = [s for s in hexsides_of(line) if not (water(s[0]) or water(s[1]))]
        hexsides.append(("escarpment", name, sides))
        for a, b in sides:
            sd = side_of(line, a, b)
            high = a if sd[a] > 0 else b
            if terrain[high] == "clear" and high not in standing:
                terrain[high] = "escarpment"

    # 2.2: "Bridges exist wherever a roadway or RR line crosses a river hexside": a railway bridge wherever a
    # railway crosses a river, a road bridge wherever a road does (roads are laid out below, before the bridges)
    roads = lay_roads(terrain, hexsides)
    river_of = {}
    for kind, name, sides in hexsides:
        if kind.endswith("_river"):
            for a, b in sides:
                river_of[frozenset((a, b))] = name
    bridges: dict[str, list[tuple[str, str]]] = {}
    road_bridges: dict[str, list[tuple[str, str]]] = {}
    for routes, found in ((rails, bridges), (roads, road_bridges)):
        for rname, _, chain in routes:
            for a, b in zip(chain, chain[1:]):
                r = river_of.get(frozenset((a, b)))
                if r and frozenset((a, b)) not in {frozenset(sd) for lst in (bridges, road_bridges)
                                                   for sd in lst.get(r, [])}:
                    found.setdefault(r, []).append((a, b))
    # the Zaleszczyki bridgehead (12.5) guards a Dniester bridge
    for kind, name, sides in list(hexsides):
        if name == "Dniester":
            zal = [sd for sd in sides if "11.103" in sd]
            if zal:
                hexsides.append(("bridge", "Zaleszczyki bridge", zal[:1]))
    for r, sides in bridges.items():
        hexsides.append(("bridge", f"{r} railway bridges", sides))
    for r, sides in road_bridges.items():
        hexsides.append(("bridge", f"{r} road bridges", sides))

    # ferries: the river hexside nearest each ferry place that carries no bridge
    bridged = {frozenset(sd) for kind, _, sides in hexsides if kind == "bridge" for sd in sides}
    river_sides = {name: sides for kind, name, sides in hexsides if kind in ("major_river", "grand_river")}
    by_road = {frozenset(sd) for sides in road_bridges.values() for sd in sides}
    ferries = []
    for river, key in FERRIES:
        x, y = px_of(*PLACES[key])
        free = [sd for sd in river_sides[river] if frozenset(sd) not in bridged - by_road]
        best = min(free, key=lambda sd: math.hypot((CENTRE[sd[0]][0] + CENTRE[sd[1]][0]) / 2 - x,
                                                   (CENTRE[sd[0]][1] + CENTRE[sd[1]][1]) / 2 - y))
        if frozenset(best) in bridged:
            continue  # the place's road crosses on a bridge there (2.2): no ferry of its own
        ferries.append(best)
        bridged.add(frozenset(best))
    hexsides.append(("ferry", "River ferries", ferries))

    causeways = [sd for kind, _, sides in hexsides if kind == "causeway" for sd in sides]
    lake_sides = [sd for kind, _, sides in hexsides if kind == "lake_side" for sd in sides]
    lake_set = {frozenset(sd) for sd in lake_sides} - {frozenset(sd) for sd in causeways}

    # railways and roads crossing a lake hexside must do it on a causeway
    for name, _, chain in rails + roads:
        for a, b in zip(chain, chain[1:]):
            if frozenset((a, b)) in lake_set:
                print(f"  WARNING {name} crosses a lake hexside {a}/{b}")

    # printed IPs
    ips = []
    for aid, name, how in PRINTED_IPS:
        if how[0] == "left of":
            line = next(ln for _, n, ln in RIVERS if n == how[1])
            sides = next(sd for _, n, sd in hexsides if n == how[1])
            hexes = []
            for a, b in sides:
                sd = side_of(line, a, b)
                left = a if sd[a] < 0 else b
                if left not in hexes and not water(left):
                    hexes.append(left)
        elif how[0] == "around":
            centre = place_hex(how[1])
            walls = {frozenset(sd) for kind, _, sides in hexsides if kind == "lake_side" for sd in sides}
            hexes = [n for n in TYPES.neighbours(centre) if not water(n) and frozenset((centre, n)) not in walls]
        else:
            hexes = [h for h in shortest(place_hex(how[1]), place_hex(how[2])) if not water(h)]
        ips.append((aid, name, sorted(hexes, key=_hexsort)))

    # supply sources: friendly map-edge hexes (1.2.1), by the country the closed borders give each hex;
    # Romania's edge is friendly to neither
    walls = {frozenset(sd) for kind, _, sides in hexsides if kind == "border" for sd in sides}
    country = regions(walls)
    sources = {"cp": [], "russian": []}
    for h in HEXES:
        if not TYPES.is_edge(h) or terrain[h] in ("sea", "lake", "high_mountain"):
            continue
        c, r = cr(h)
        if r == 1 and c >= 40:
            continue  # the northern edge by Tilsit: friendly to neither (1.2.1)
        if h in country["Russia"]:
            sources["russian"].append(h)
        elif h in country["Germany"] or h in country["Austria-Hungary"]:
            sources["cp"].append(h)

    # the Bukowina Holding Box (14.7, 23.4): five southern-edge half hexes (14.7 lists five, IDs lost), the easternmost
    # A-H ones, south and south-east of Czernowitz up to the Romanian border at Herta
    ah = country["Austria-Hungary"]
    bukowina = sorted((h for h in HEXES if TYPES.is_edge(h) and cr(h)[1] == 111 and h in ah
                       and not water(h) and terrain[h] != "high_mountain"), key=_hexsort)[:5]
    return terrain, towns, rails, roads, hexsides, ips, bukowina, sources


def _q(h: str) -> str:
    return f'"{h}"'


def _hexsort(h: str):
    c, r = cr(h)
    return (c, r)


def _wrap(items: list[str], indent: str, per_line: int = 12) -> str:
    lines = [", ".join(items[i:i + per_line]) for i in range(0, len(items), per_line)]
    return ("[\n" + ",\n".join(indent + "  " + x for x in lines) + "\n" + indent + "]") if lines else "[]"


def game_has_entry_box() -> bool:
    """counters/ef1914/game.yaml shows entry areas (a display part of kind entry_areas): modgen needs one to build a
    map with entry_areas, so the Bukowina box is written only then."""
    import yaml

    game = yaml.safe_load((ROOT / "counters" / "ef1914" / "game.yaml").read_text())
    return any(part.get("kind") == "entry_areas" for d in game.get("displays", []) for part in d.get("parts", []))


def write(terrain, towns, rails, roads, hexsides, ips, bukowina, sources) -> None:
    by_type: dict[str, list[str]] = {}
    for h, t in terrain.items():
        if t != "clear":
            by_type.setdefault(t, []).append(h)
    out = ["# 1914, Twilight in the East: terrain of every hex. Written by tools/author_ef1914_map.py.",
           "approximate: true",
           'source: "Authored from 1914 geography (coast, Haffs, Masurian lakes, marshes, forests, Carpathians, Podolian and Vistula escarpments) placed with tools/ef1914_geo.py; the rules print no terrain"',
           "default: clear", "terrain:"]
    for t in sorted(by_type):
        out.append(f"  {t}: " + _wrap([_q(h) for h in sorted(by_type[t], key=_hexsort)], "  "))
    (OUT / "terrain.yaml").write_text("\n".join(out) + "\n")

    f = ["# 1914, Twilight in the East: hexsides, railways, roads, towns, fortresses, printed IPs and supply sources.",
         "# Written by tools/author_ef1914_map.py (polylines and station lists live there).",
         "# Exact from the rules: the hexes of Angerburg 49.24, Rastenburg 52.27, Bromberg 86.38, Piotrkow 72.63,",
         "# Tarnopol 12.91, Brest-Litowsk 31.55 (printed supply symbol) and Zaleszczyki 11.103; the single-track",
         "# Rastenburg - Angerburg line (4 hexes) and the 43 rail hexes Bromberg - Rastenburg. Everything else is approximate.",
         "# Bridges: 2.2 \"Bridges exist wherever a roadway or RR line crosses a river hexside\": one on every railway and road",
         "# crossing. Authored so that the scenarios' set-ups trace In Supply (a set-up is legal; 14.1: supply crosses a",
         "# Grand or Major river only at a bridge, pontoon or ferry): the Ostroleka - Myszyniec - Ortelsburg road (its Narew",
         "# bridge), Jaroslau on the San's right bank (17.4 \"The RR Bridge at Jaroslau\"), the Debica - Tarnobrzeg - Rozwadow,",
         "# Rozwadow - Przeworsk and Ivangorod - Radom - Kielce railways (1914 lines).",
         "approximate: true",
         'source: "Rivers, escarpments, causeways, ferries, closed national borders, 1914 railways by track and gauge, main chaussees, towns, fortresses, printed IPs and friendly edges authored from real geography and history (tools/ef1914_geo.py fit); the rules do not print them; bridges wherever a road or railway crosses a river (2.2)"',
         "hexsides:"]
    for kind, name, sides in hexsides:
        f.append(f"  - type: {kind}")
        f.append(f'    name: "{name}"')
        f.append("    sides: " + _wrap([f"[{_q(a)}, {_q(b)}]" for a, b in sides], "    ", 6))
    f.append("railroads:")
    for name, kind, chain in rails:
        f.append(f'  - name: "{name}"')
        f.append(f"    kind: {kind}")
        f.append("    hexes: " + _wrap([_q(h) for h in chain], "    ", 14))
    f.append("roads:")
    for name, kind, chain in roads:
        f.append(f'  - name: "{name}"')
        f.append(f"    kind: {kind}")
        f.append("    hexes: " + _wrap([_q(h) for h in chain], "    ", 14))
    f.append("towns:")
    for key, name, h, size in towns:
        f.append(f'  - {{id: {key}, name: "{name}", hex: {_q(h)}, size: {size}}}')
    f.append("areas:")
    town_hex = {k: h for k, _, h, _ in towns}
    for key in FORTRESSES:
        name = next(n for n, k, _ in TOWNS if k == key)
        f.append(f'  - {{id: fortress-{key}, name: "Fortress {name}", hexes: [{_q(town_hex[key])}], symbol: fortress}}')
    f.append('  - {id: brest-magazine, name: "Brest-Litowsk fortress magazine (printed supply symbol, 12.3)", '
             'hexes: ["31.55"], label: "S"}')
    for aid, name, hexes in ips:
        f.append(f'  - {{id: {aid}, name: "{name}", symbol: entrenchment, hexes: {_wrap([_q(h) for h in hexes], "    ", 14)}}}')
    if game_has_entry_box():
        f.append("entry_areas:")
        f.append('  - {id: BK, name: "Bukowina Holding Box (14.7)", owners: [{side: cp, from: 1}], hexes: '
                 + _wrap([_q(h) for h in bukowina], "    ", 14) + "}")
    else:
        print(f"  NOTE the Bukowina Holding Box ({', '.join(bukowina)}) is not written: counters/ef1914/game.yaml has "
              "no display part of kind entry_areas, which modgen needs for a map with entry_areas")
    f.append("supply_sources:")
    for side in ("cp", "russian"):
        f.append(f"  {side}: " + _wrap([_q(h) for h in sorted(sources[side], key=_hexsort)], "  ", 14))
    (OUT / "features.yaml").write_text("\n".join(f) + "\n")


def main() -> None:
    terrain, towns, rails, roads, hexsides, ips, bukowina, sources = build()
    write(terrain, towns, rails, roads, hexsides, ips, bukowina, sources)
    counts: dict[str, int] = {}
    for t in terrain.values():
        counts[t] = counts.get(t, 0) + 1
    print("terrain:", counts)
    print(f"towns {len(towns)}, railways {len(rails)}, roads {len(roads)}, hexside features {len(hexsides)}, "
          f"supply cp {len(sources['cp'])} russian {len(sources['russian'])}")
    per_kind: dict[str, list[int]] = {}
    for _, kind, chain in rails:
        per_kind.setdefault(kind, []).append(len(chain))
    print("railways:", {k: (len(v), sum(v)) for k, v in per_kind.items()}, "(lines, hexes)")
    road_kind: dict[str, set[str]] = {}
    for _, kind, chain in roads:
        road_kind.setdefault(kind, set()).update(chain)
    print("road hexes:", {k: len(v) for k, v in road_kind.items()})
    by_kind: dict[str, int] = {}
    for kind, _, sides in hexsides:
        by_kind[kind] = by_kind.get(kind, 0) + len(sides)
    print("hexsides:", by_kind)
    print("printed IPs:", {a: len(h) for a, _, h in ips}, "Bukowina box:", bukowina)
    print("rail distance Bromberg 86.38 - Rastenburg 52.27:", rail_distance(rails, "86.38", "52.27"),
          "Rastenburg - Angerburg:", rail_distance(rails, "52.27", "49.24"))
    walls = {frozenset(sd) for kind, _, sides in hexsides if kind == "border" for sd in sides}
    reg = regions(walls)
    print("countries:", {c: len(r) for c, r in reg.items()})


if __name__ == "__main__":
    main()
