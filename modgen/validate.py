"""What is legal data but likely a mistake, with file, line and field: the warnings of
`modgen validate` (and of `modgen build`, after the module is written).

The loader refuses what is wrong; these pass it but rarely mean what the author meant: a unit no
scenario sets up or brings in (it never reaches the table), a set-up hex holding more than the
game's own stacking limit, an id with capitals (ids are the stable names saves keep; the
convention is lower case, and two ids differing only in case are easy to confuse). With the built
module at hand, a scenario whose own set-up breaks a rule of the game (modgen.check.setups).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from .model import Game, Scenario
from .stacking import FREE_STACKING, breach, limit_words
from .yamlsrc import line_of, load_yaml


BY_RULE = "by_rule"  # a unit tag: a rule brings the unit into play, no scenario does


@dataclass(frozen=True)
class DataWarning:
    file: str
    line: Optional[int]
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.field}: warning: {self.message}"


def warnings(root: Path, game: Game) -> list[DataWarning]:
    units_rel, markers_rel = f"counters/{game.id}/units.yaml", f"counters/{game.id}/markers.yaml"
    unit_lines = _id_lines(root, units_rel, "units")  # read once: two checks name lines of units.yaml
    out = (_unplaced(game, units_rel, unit_lines) + _overstacked(root, game)
           + _ids("unit", units_rel, "units", game.units, unit_lines)
           + _ids("marker", markers_rel, "markers", game.markers, _id_lines(root, markers_rel, "markers")))
    return sorted(out, key=lambda w: (w.file, w.line or 0, w.field))


def setup_warnings(root: Path, game: Game, module: Path) -> list[DataWarning]:
    """Each rule a scenario's untouched set-up breaks during its first game turn, on the scenario's file."""
    from .setups import scenario_setups

    files = _scenario_files(root, game)
    return [DataWarning(files.get(sf.scenario, f"counters/{game.id}/scenarios"), None, "setup", str(sf))
            for sf in scenario_setups(game, module)]


def _scenario_files(root: Path, game: Game) -> dict[str, str]:
    """Scenario id -> its file, relative to the data root."""
    return {scenario.id: rel for rel, _data, scenario in _scenario_docs(root, game)}


def _scenario_docs(root: Path, game: Game) -> list[tuple[str, dict, Scenario]]:
    """(file relative to the data root, its YAML, the scenario it loaded as) for each scenario file."""
    out = []
    folder = root / "counters" / game.id / "scenarios"
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        rel = str(path.relative_to(root))
        try:
            data = load_yaml(path, rel)
        except Exception:
            continue
        scenario = game.scenarios.get(str(data.get("id"))) if isinstance(data, dict) else None
        if scenario is not None:
            out.append((rel, data, scenario))
    return out


def _unplaced(game: Game, rel: str, lines: dict[str, Optional[int]]) -> list[DataWarning]:
    used = {p.unit for s in game.scenarios.values() for p in s.setup} | \
           {r.unit for s in game.scenarios.values() for r in s.reinforcements}
    return [DataWarning(rel, lines.get(uid), f"units[{i}].id",
                        f"unit {uid} is neither set up nor arriving in any scenario: add it to a scenario's setup or "
                        f"reinforcements, tag it `{BY_RULE}` if a rule brings it into play (a remnant, a pool), or remove it")
            for i, (uid, unit) in enumerate(game.units.items()) if uid not in used and not unit.has(BY_RULE)]


def _id_lines(root: Path, rel: str, key: str) -> dict[str, Optional[int]]:
    try:
        data = load_yaml(root / rel, rel)
    except Exception:
        return {}
    items = data.get(key) if isinstance(data, dict) else None
    if not isinstance(items, list):
        return {}
    return {str(item.get("id")): line_of(items, i) for i, item in enumerate(items) if isinstance(item, dict)}


def _overstacked(root: Path, game: Game) -> list[DataWarning]:
    out: list[DataWarning] = []
    for rel, data, _scenario in _scenario_docs(root, game):
        setup = data.get("setup")
        if not isinstance(setup, list):
            continue
        by_hex: dict[str, list[tuple[int, str]]] = {}
        for i, p in enumerate(setup):
            if isinstance(p, dict) and p.get("hex") and p.get("unit") in game.units:
                by_hex.setdefault(str(p["hex"]), []).append((i, str(p["unit"])))
        for hex_id, placed in by_hex.items():
            units = [game.units[u] for _, u in placed]
            steps = sum(game.unit_steps(u, False) or 1 for u in units)
            if breach(game.stacking, steps, len(units), sum(1 for u in units if u.has(FREE_STACKING))):
                i = placed[-1][0]
                out.append(DataWarning(rel, line_of(setup, i), f"setup[{i}].hex",
                                       f"{len(units)} units ({steps} steps) set up in {hex_id}, over the game's stacking "
                                       f"limit ({_limit_text(game)}): check the hexes, or the limit in game.yaml"))
    return out


def _limit_text(game: Game) -> str:
    return limit_words(game.stacking)


def _ids(kind: str, rel: str, key: str, ids, lines: dict[str, Optional[int]]) -> list[DataWarning]:
    return [DataWarning(rel, lines.get(item), f"{key}[{i}].id",
                        f"{kind} id {item!r} has capitals: ids are lower case by convention "
                        f"(saves keep them; rename before the first release)")
            for i, item in enumerate(ids) if item != item.lower()]
