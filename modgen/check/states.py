"""Rules on game states: each finding an error, pending or information at its state's moment,
and VP over the states (saves of one game, in play order; or a log's phase ends)."""

from __future__ import annotations

from typing import Sequence

from ..errors import SaveError
from ..gamestate import OFF_GRID, GameState
from ..plugin_api import ERROR, Finding, overlays_of
from ..plugins import rules_for
from .report import CheckReport, SaveResult
from .timing import classify, not_applied, timed_findings


def check_states(states: Sequence[GameState]) -> CheckReport:
    """Rules on each state, then VP over all of them (they must be saves of one game)."""
    if not states:
        raise SaveError("", "no saves given")
    first = states[0]
    for st in states[1:]:
        if st.game.id != first.game.id or st.module.version != first.module.version:
            raise SaveError(st.save_path, f"is a save of {st.module.name} {st.module.version}, "
                                          f"but {first.save_path} is of {first.module.name} {first.module.version}")
    plugin = rules_for(first.game)
    spec = plugin.report
    raw = [plugin.check(st) + piece_findings(st) for st in states]
    supplies = [plugin.supply(st) for st in states]
    results = []
    for j, st in enumerate(states):  # each finding an error, pending or information at its save's moment
        timed, compared = timed_findings(spec, states, raw, supplies, j)
        results.append(SaveResult(st, [f for f in timed if f.status == ERROR], supplies[j],
                                  [f for f in timed if f.status != ERROR], not_applied(spec, st, compared),
                                  overlays_of(plugin, st)))
    vp = plugin.victory(list(states))
    by_path = {st.save_path: st for st in states}
    extra = [classify(f, spec, by_path.get(f.save, states[-1])) for f in vp.findings]
    return CheckReport(results, vp, [f for f in extra if f.status == ERROR], spec, plugin.sections(list(states)),
                       [f for f in extra if f.status != ERROR])


SAVE_RULE = "Save"  # what the findings of a save's own faults cite: no rule of the game, the save itself


def piece_findings(state: GameState) -> list[Finding]:
    """What the reader read around (a unit's second piece, a piece off the hexes), as findings of
    every moment: the position is still checked, these say what the checker could not place."""
    titles = {OFF_GRID: "Piece off the map's hexes"}
    return [Finding(SAVE_RULE, titles.get(p.kind, "Unit in the save twice"), p.hexes, (p.item,), p.message)
            for p in state.problems]
