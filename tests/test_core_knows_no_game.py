"""The core knows no game: outside a game's own rules plugin (modgen/rules/<game>.py), no code or
template of modgen names a game, its places, its unit kinds or its rule numbers. What a game
prints and shows (counter marks, terrain textures, rule texts, set-up stack order, VP marker
values) is declared in its data; the core draws and writes by the declarations."""

from __future__ import annotations

import re
from pathlib import Path

from .conftest import REPO

PACKAGE = REPO / "modgen"
GAME_WORDS = re.compile(r"galicia|holland|przemysl|ersatz|landwehr|5\.4|15\.1", re.IGNORECASE)
GAMES = ("galicia1914", "holland44", "ef1914", "owc1914")
# a game's own plugin names it: modgen/rules/<game>.py and the modules it is split into, <game>_<part>.py
PLUGINS = {p for p in (PACKAGE / "rules").glob("*.py") if p.stem.split("_")[0] in GAMES}


def core_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*") if p.suffix in (".py", ".j2") and p not in PLUGINS)


def hits(paths: list[Path]) -> list[str]:
    """file:line: text of every line naming a game."""
    out = []
    for path in paths:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if GAME_WORDS.search(line):
                out.append(f"{path.relative_to(REPO)}:{n}: {line.strip()}")
    return out


def test_the_core_names_no_game():
    found = hits(core_files())
    assert found == [], "the core names a game (declare it in the game's data instead):\n" + "\n".join(found)


def test_the_check_reads_every_core_file_and_would_fail():
    files = core_files()
    assert PACKAGE / "model.py" in files and PACKAGE / "templates" / "buildFile.xml.j2" in files
    assert not PLUGINS & set(files) and all(p.exists() for p in PLUGINS)
    assert hits(sorted(PLUGINS)), "the plugins name their games, so the pattern matches what it should"
