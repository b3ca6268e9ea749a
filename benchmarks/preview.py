"""`modgen preview` after one edit, for each shipped game: a counter's value, a hex's terrain.

Target (2-core machine): each preview under 1 s. The game's data is copied to a temporary tree,
built once (the cache filled, as an author's is after the first build), then edited and previewed.
Run: .venv/bin/python benchmarks/preview.py
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from modgen.loader import discover_games, load_game  # noqa: E402
from modgen.preview import preview  # noqa: E402

TARGET = 1.0


def copy_game(game_id: str, root: Path) -> None:
    for part in ("counters", "maps"):
        shutil.copytree(REPO / part / game_id, root / part / game_id)


def edit_a_counter(root: Path, game_id: str) -> str:
    """The first unit's attack value, one more (its counter redrawn)."""
    path = root / "counters" / game_id / "units.yaml"
    text = path.read_text()
    m = re.search(r"attack: (\d+)", text)
    path.write_text(text[:m.start()] + f"attack: {int(m.group(1)) % 9 + 1}" + text[m.end():])
    return "one counter's attack"


def edit_a_hex(root: Path, game_id: str) -> str:
    """A hex of the default terrain, a third of the way through the map, added to the first other
    terrain listed in terrain.yaml (one that units may enter)."""
    game = load_game(root, game_id)
    path = root / "maps" / game_id / "terrain.yaml"
    text = path.read_text()
    default = re.search(r"^default: *(\w+)", text, re.M).group(1)
    plain = sorted(h for h, t in game.map.terrain.items() if t == default)
    hex_id = plain[len(plain) // 3]
    listed = re.finditer(r"^  (\w+): *\[", text, re.M)
    m = next(m for m in listed if m.group(1) != default and not game.map.terrain_types[m.group(1)].prohibited)
    path.write_text(text[:m.end()] + f'"{hex_id}", ' + text[m.end():])
    return f"hex {hex_id} to {m.group(1)}"


def main() -> None:
    print(f"modgen preview after one edit (target < {TARGET:.0f} s each), seconds:")
    worst = 0.0
    for game_id in discover_games(REPO):
        with tempfile.TemporaryDirectory() as tmp:
            root, out = Path(tmp), Path(tmp) / "build"
            copy_game(game_id, root)
            first = preview(root, game_id, out)
            assert not first.errors, first.errors
            for edit in (edit_a_counter, edit_a_hex):
                what = edit(root, game_id)
                got = preview(root, game_id, out)
                assert not got.errors, got.errors
                worst = max(worst, got.seconds)
                print(f"  {game_id:12} {what:32} {got.seconds:5.2f}")
    print(f"worst {worst:.2f} s: target {'met' if worst < TARGET else 'NOT met'}")


if __name__ == "__main__":
    main()
