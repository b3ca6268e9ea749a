"""`modgen new GAME`: every file a game needs, with comments, that builds at once.

A new module author starts from a game that works (an empty map of the size asked for, clear
terrain, two sides with one unit each set up on it, a turn marker) and changes it file by file,
rebuilding as they go, instead of assembling seven files from the format description. The
comments say what each field is and which are required; docs/data-format.md says the rest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .atomic import write_atomic
from .errors import ModgenError

NUMBERINGS = ("0101", "7.09")  # CCRR (two digits each, no separator) | L.PP (line, dot, two-digit position)
ID = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class Shape:
    """The map asked for: hexes in rows or columns, columns x rows, and the hex ID style."""

    hexes: str = "columns"
    columns: int = 14
    rows: int = 10
    numbering: str = "0101"

    @property
    def lines(self) -> int:
        return self.columns if self.hexes == "columns" else self.rows

    @property
    def per_line(self) -> int:
        return self.rows if self.hexes == "columns" else self.columns

    def hex_id(self, line: int, pos: int) -> str:
        """The printed ID of the pos-th hex of the line-th line (0101: the column number first)."""
        if self.numbering == "0101":
            return f"{line:02d}{pos:02d}" if self.hexes == "columns" else f"{pos:02d}{line:02d}"
        return f"{line}.{pos:02d}"

    def numbering_yaml(self) -> str:
        ends = "line_from: left, pos_from: top" if self.hexes == "columns" else "line_from: top, pos_from: left"
        if self.numbering == "0101":
            first = "true" if self.hexes == "columns" else "false"  # the column number first either way
            return "{" + ends + f', line_first: {first}, sep: "", line_digits: 2, pos_digits: 2' + "}"
        return "{" + ends + ', line_first: true, sep: ".", line_digits: 1, pos_digits: 2' + "}"


def parse_size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d+)x(\d+)", text.strip().lower())
    if not m or not (2 <= int(m.group(1)) <= 99 and 2 <= int(m.group(2)) <= 99):
        raise ModgenError(text, "--size is COLUMNSxROWS, each 2 to 99 (e.g. 14x10)")
    return int(m.group(1)), int(m.group(2))


def files(game_id: str, shape: Shape) -> dict[str, str]:
    """Relative path -> text of every file of the new game."""
    first = shape.hex_id(2, 2)
    last = shape.hex_id(shape.lines - 1, shape.per_line - 1)
    numbering = shape.numbering_yaml()
    title = game_id.replace("_", " ").title()
    return {
        f"maps/{game_id}/map.yaml": f"""# {title}: the map. Required: boards (name, hexes, hex_size, lines, per_line, numbering) and
# terrain_types. See docs/data-format.md, "maps/<game>/map.yaml".
boards:
  - name: {title}
    hexes: {shape.hexes}{' ' * (8 - len(shape.hexes))}# columns: flat-top hexes in vertical columns; rows: pointy-top in horizontal rows
    hex_size: 96               # pixels between neighbouring hex centres
    lines: {shape.lines:<19}# {'columns' if shape.hexes == 'columns' else 'rows'}
    per_line: {shape.per_line:<16}# hexes in each {'column' if shape.hexes == 'columns' else 'row'}
    margin: 30
    outer_lines: odd           # which lines sit half a hex nearer the edge the numbering starts from
    numbering: {numbering}
terrain_types:                 # the TEC in the rulebook's words; move is read as a cost by the log checker
  clear: {{name: Clear, move: "1", combat: None, colour: "#ebe5c8"}}
  woods: {{name: Woods, move: "2", combat: None, colour: "#a3c28a", texture: trees}}
  lake: {{name: Lake, move: Prohibited, combat: NA, prohibited: true, colour: "#8fb8d8"}}
hexside_types:
  river: {{name: River, move: "+2", combat: "halved", blocks_zoc: true, style: water}}
""",
        f"maps/{game_id}/terrain.yaml": """# The terrain of every hex: a default, then the hexes of each other type.
approximate: true              # authored, not printed in the rules: replace with the printed map
source: "placeholder terrain from modgen new"
default: clear
terrain:
  woods: []                    # e.g. ["0305", "0306"] (always quoted)
  lake: []
""",
        f"maps/{game_id}/features.yaml": """# Hexsides, railroads, roads, towns, areas, supply sources: all optional.
approximate: true
source: "placeholder features from modgen new"
hexsides: []                   # e.g. - {type: river, name: Big River, sides: [["0303", "0403"]]}
towns: []                      # e.g. - {id: capital, name: Capital, hex: "0505", vp: {side: blue, capture: 3, occupy: 1}}
""",
        f"counters/{game_id}/game.yaml": f"""# {title}: sides, nationalities, unit types, stacking, the turn track, charts, dice.
# Required: id, title, version, sides, nationalities, unit_types, sizes, stacking, turns.
id: {game_id}
title: {title}
version: "0.1"                 # quoted; bump it with every errata build
description: "A new game made with modgen new"
scale: ""
sides:                         # in VASSAL's roster order
  - {{id: red, name: Red}}
  - {{id: blue, name: Blue}}
nationalities:                 # a unit's side follows from its nationality
  - {{id: rd, side: red, name: Redland, colour: "#a04030", text: "#ffffff"}}
  - {{id: bl, side: blue, name: Blueland, colour: "#4060a0", text: "#ffffff"}}
unit_types:
  infantry: {{name: Infantry, symbol: infantry}}
sizes: {{XX: division}}
stacking:
  limit: 4                     # steps per hex, with the steps table
  steps:
    - {{type: infantry, size: XX, full: 2, reduced: 1}}
turns: {{count: 6, label: Turn, player_turns: [red, blue], phases: [Movement, Combat]}}
checks:                        # what modgen check reports until the game has a rules plugin of its own;
                               # write your rulebook's numbers and words (holds: always | end_of_phase | end_of_turn)
  stacking: {{rule: "5.1", holds: end_of_phase, phase: Movement, words: "at most 4 steps in a hex at the end of a Movement Phase"}}
  enemies: {{rule: "5.2", words: "a unit never enters a hex holding an enemy unit"}}
  prohibited: {{rule: "TEC", words: "Lake: prohibited"}}
  arrivals: {{rule: "8.1", words: "reinforcements enter in their own turn"}}
movement:                      # for checking a turn's log (modgen check TURN.vlog); costs are map.yaml's move
  phases: [Movement]
  rule: "4.1"                  # a unit spends at most its MA
  who_rule: "3.0"              # only the phasing side moves
dice: [{{name: 1d6, n: 1, sides: 6}}]
""",
        f"counters/{game_id}/units.yaml": """# Every combat unit. Required per unit: id (lower-case, never reused), name, nationality, type,
# size, attack, defense, ma. A two-step unit gives its back: reduced: {attack, defense}.
approximate: true
source: "placeholder units from modgen new"
units:
  - {id: rd-1, name: "1", nationality: rd, type: infantry, size: XX, attack: 4, defense: 4, ma: 4, reduced: {attack: 2, defense: 2}}
  - {id: bl-1, name: "1", nationality: bl, type: infantry, size: XX, attack: 4, defense: 4, ma: 4, reduced: {attack: 2, defense: 2}}
""",
        f"counters/{game_id}/markers.yaml": """# Markers. Required per marker: id, name. kind: turn (the turn marker), vp (a side's VP marker)...
markers:
  - {id: turn, name: Turn, text: ["Turn"], colour: "#dddddd", kind: turn}
""",
        f"counters/{game_id}/scenarios/s1.yaml": f"""# A scenario: required id, name, turns, first_player_turn; set-up hexes quoted.
id: s1
name: "Scenario 1"
turns: 6
first_player_turn: red
setup:
  - {{unit: rd-1, hex: "{first}"}}
  - {{unit: bl-1, hex: "{last}"}}
reinforcements: []             # e.g. - {{unit: rd-2, turn: 2, hexes: ["{first}"]}}
markers:
  - {{marker: turn, at: {{track: turn, box: 1}}}}
""",
    }


def new_game(root: Path, game_id: str, shape: Shape) -> list[Path]:
    """Write the new game's files under root; refuse (writing nothing) an id that is not a lower-case
    word or a game that exists already."""
    if not ID.match(game_id):
        raise ModgenError(game_id, "a game id is a lower-case word (letters, digits, _), starting with a letter: it names the folders")
    for folder in (root / "counters" / game_id, root / "maps" / game_id):
        if folder.exists():
            raise ModgenError(str(folder), "exists already: modgen new writes a game only where there is none")
    written = []
    for rel, text in files(game_id, shape).items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text.encode("utf-8"))
        written.append(path)
    return written
