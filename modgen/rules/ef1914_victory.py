"""The Eastern Front in WW1: victory points as far as the surviving text and the data allow.

The victory rules (27.0: VP sources, VP towns, victory levels) are lost with the end of the text
(it stops inside 14.7). The schedule is therefore data a publisher can add without code: a town in
maps/ef1914/features.yaml with `vp: {side, capture, occupy, hold}` earns its `side`, at the last save
of a sequence,
  capture  once it is held by that side and was not at the start (its home country is the other's),
  hold     while that side holds it (occupied, or last passed through, in the saves given),
  occupy   while a unit of that side stands on it.
Until then no VP is provable: the report shows the VP markers as they stand, which towns the data
would score, and the units each side has lost (the events a save can show).
"""

from __future__ import annotations

from typing import Optional

from ..gamestate import GameState
from ..plugin_api import Finding, TownHold, VPLine, VPReport
from .common import saves_out_of_order
from .ef1914_lines import home_countries

VICTORY_NOTE = ("The victory rules (27.0: VP sources, VP towns, victory levels) are not in the rules text "
                "(it stops inside 14.7): the schedule is data (town `vp:` in maps/ef1914/features.yaml), and "
                "the VP markers are shown as they stand.")
NO_SCHEDULE = ("no town carries VP in the data: the victory schedule (27.0) is lost; a publisher adds it as "
               "`vp: {side, capture, occupy, hold}` on towns in maps/ef1914/features.yaml")


def victory(states: list[GameState]) -> VPReport:
    first, last = states[0], states[-1]
    game = last.game
    sides = {s.id: s.name for s in game.sides}
    findings: list[Finding] = saves_out_of_order(states, "5.0")
    towns = [t for t in game.map.towns if t.vp]
    home = home_countries(game.map)
    other = {s: next(o for o in sides if o != s) for s in sides}
    holder: dict[str, str] = {t.id: home.get(t.hex) or other[t.vp.side] for t in towns}  # type: ignore[union-attr]
    start = dict(holder)
    occupied: dict[str, Optional[str]] = {}
    for st in states:
        by_hex = st.by_hex()
        for t in towns:
            here = by_hex.get(t.hex)
            occupied[t.id] = here[-1].side if here else None
            if here:
                holder[t.id] = here[-1].side
    holds, lines = [], []
    provable = {s: 0 for s in sides}
    gt = last.turn or 0
    for t in towns:
        vp = t.vp
        assert vp is not None
        holds.append(TownHold(t.name, t.hex, vp.side, holder[t.id], occupied.get(t.id), None))
        if holder[t.id] != vp.side:
            continue
        earned = [("Hold", vp.hold)]
        if start[t.id] != vp.side:
            earned.append(("Capture", vp.capture))
        if occupied.get(t.id) == vp.side:
            earned.append(("Occupy", vp.occupy))
        for what, n in earned:
            if n:
                lines.append(VPLine(gt, vp.side, f"{what} {t.name} ({t.hex})", n))
                provable[vp.side] += n
    unknown = [] if towns else [NO_SCHEDULE]
    unknown.append("VP for eliminated units, exits and other events: the schedule (27.0) is lost")
    outcome = [VICTORY_NOTE] + _losses(last) + _vp_marker_lines(last)
    return VPReport(sides, holds, lines, provable, dict(last.vp_recorded), dict(first.vp_recorded), unknown,
                    findings, outcome, unprovable="the victory schedule (27.0) is not in the rules text")


def _losses(state: GameState) -> list[str]:
    out = []
    for s in state.game.sides:
        gone = sorted(u for u in state.eliminated if state.game.units[u].side == s.id)
        out.append(f"{s.name}: {len(gone)} unit(s) eliminated" + (f" ({', '.join(gone)})" if gone else ""))
    return out


def _vp_marker_lines(state: GameState) -> list[str]:
    lines = []
    for mk in sorted((m for m in state.markers if m.marker.kind == "vp"), key=lambda m: m.marker.id):
        where = f"box {mk.box}" if mk.box is not None else (f"hex {mk.hex}" if mk.hex else "off the track")
        lines.append(f"VP marker {mk.marker.front.name} (x{mk.marker.value}): {where}")
    if not lines:
        lines.append("no VP marker is on the map")
    lines += [f"{state.game.side(s).name}: VP track shows {v}" for s, v in sorted(state.vp_recorded.items())]
    return lines
