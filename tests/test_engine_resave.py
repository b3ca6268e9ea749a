"""Many saves through one engine start (the harness's --resave-list) are each loaded and saved as a
player's File > Load Game and File > Save As would: every unit and marker, the turn and the scenario
come back as the save had them, whatever save the engine loaded before (the rules tests rely on it:
tests/engine_saves.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

from modgen.check.reader import read_state

from .conftest import REPO
from .engine_saves import engine_written

SAMPLES = REPO / "samples" / "galicia1914"


def _seen(path: Path, module: Path) -> tuple:
    st = read_state(path, module)
    return (sorted((u.id, u.hex, u.box, u.reduced, u.masked) for u in st.units),
            sorted((m.marker.id, m.hex, m.box, m.back) for m in st.markers),
            (st.turn, st.phasing_side, st.phase), st.scenario.id if st.scenario else None, st.vp_recorded)


def test_each_save_of_one_engine_run_comes_back_as_it_was(galicia_module: Path, tmp_path: Path) -> None:
    names = ["illegal", "start", "reinforcements", "illegal"]  # the last: the first again, after two others
    saves = []
    for i, name in enumerate(names):
        saves.append(shutil.copy(SAMPLES / f"{name}.vsav", tmp_path / f"{i}-{name}.vsav"))
    written = engine_written(galicia_module, [Path(s) for s in saves])
    seen = [_seen(written[Path(s)], galicia_module) for s in saves]
    for s, got in zip(saves, seen):
        assert got == _seen(Path(s), galicia_module), s
    assert seen[0] == seen[3] and seen[0] != seen[1] and seen[1] != seen[2]
