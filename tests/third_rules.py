"""Rules of "Pocket War", a made-up third game that proves the core knows no game.

It is not shipped: tests register it at run time (modgen.plugins.register), as an installed
package would through the `modgen.games` entry points. Its rules, written here before the
checker ran, are deliberately unlike the seed games':

- 4.1 Stacking: at most `stacking.units` units (2) in a hex, at all times.
- 6.2 Losses: a unit has one side only; a step loss puts a Loss marker on it, a second loss
  eliminates it, so a unit never carries two Loss markers.
- 8.1 Supply pools: each side has one supply pool, a marker on its own track of the Supply
  display (0-10). There is no per-unit supply: the report shows the pools instead.
- 8.2 Each unit on the map draws 1 from its side's pool in the Supply Phase; the report says
  how many supply points each pool has left over (or lacks).
- 9.1 Victory: a tug-of-war VP track from -10 (Blue wins) to +10 (Red wins).
"""

from __future__ import annotations

from modgen.gamestate import GameState
from modgen.plugin_api import Finding, ReportSection, ReportSpec, VPReport

GAME_ID = "third"
POOL_PART = "supply_{side}"


class ThirdRules:
    game_id = GAME_ID
    report = ReportSpec(supply_states=(), victory_title="Victory (9.1)")

    def check(self, state: GameState) -> list[Finding]:
        out: list[Finding] = []
        limit = state.game.stacking.units or 0
        for hex_id, units in state.by_hex().items():
            if len(units) > limit:
                out.append(Finding("4.1", "Over-stacked", (hex_id,), tuple(u.id for u in units),
                                   f"{len(units)} units in {hex_id}, at most {limit}"))
        for u in state.units_on_map():
            losses = [m for m in u.markers if m.marker.kind == "loss"]
            if len(losses) > 1:
                out.append(Finding("6.2", "Two Loss markers on one unit", (u.hex,), (u.id,),
                                   f"{u.id} carries {len(losses)} Loss markers: the second loss eliminates it"))
        for side in state.game.sides:
            if len(self._pool_markers(state, side.id)) != 1:
                out.append(Finding("8.1", "Supply pool marker missing or doubled", (), (),
                                   f"{side.name} has {len(self._pool_markers(state, side.id))} markers on its supply track, not 1"))
        return out

    def supply(self, state: GameState) -> dict:
        return {}  # supply is a pool per side (8.1), not a state of each unit

    def victory(self, states: list[GameState]) -> VPReport:
        last = states[-1]
        sides = {s.id: s.name for s in last.game.sides}
        return VPReport(sides, [], [], {}, dict(last.vp_recorded), dict(states[0].vp_recorded), [])

    def sections(self, states: list[GameState]) -> list[ReportSection]:
        state = states[-1]
        lines, data = [], {}
        for side in state.game.sides:
            markers = self._pool_markers(state, side.id)
            pool = int(markers[0].part[1]) if len(markers) == 1 else None
            drawing = sum(1 for u in state.units_on_map() if u.side == side.id)
            data[side.id] = {"pool": pool, "drawing": drawing}
            if pool is None:
                lines.append(f"{side.name}: no single pool marker on its track (8.1)")
            else:
                left = pool - drawing
                lines.append(f"{side.name}: pool {pool}, {drawing} units on the map draw 1 each (8.2): "
                             + (f"{left} left" if left >= 0 else f"{-left} short"))
        return [ReportSection("Supply pools (8.1-8.2)", tuple(lines), data)]

    @staticmethod
    def _pool_markers(state: GameState, side: str) -> list:
        return [m for m in state.markers if m.part and m.part[0] == POOL_PART.format(side=side)]
