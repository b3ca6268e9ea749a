"""Ostatnia Wojna Cesarzy: victory points scored at the end of each stage (15, 36, A.6, B.5, C.7),
recomputed over a sequence of saves and compared with the shared VP track.

The track (15.1) is one tug-of-war: a Russian VP moves the marker right, an Allied VP left, so the
marker shows the net balance, Russian minus Allied (VP markers of side `russia`: box -25..25).
Location VP are scored at the end of every stage (read as every stage, cumulatively), by who
holds each place then: the last side to occupy it (18.2), its own side before anyone has.
DECISION (36: "hidden units cannot capture War Objectives"): a face-down unit does not take a
place from the enemy in the campaign; in scenarios A-C, which name no such limit, it does.
In the campaign the East Prussian commitments (37.2-37.4) score at the stage end beside the places
(stage_end): one save shows them in the "if the stage ended now" line, a sequence at each stage end
it spans. B.5.1/B.5.2 (the strategic victories of scenario B) are decided on the last save, B.5.2
by the plugin's command (21). What a save cannot show is listed, by the scenario's VP rules
(UNSEEN): breaks, eliminations and failed attacks (A.6, B.5.3, C.7.1, 28), supply trades (29), the
reinforcement track's VP (33.3), the Russian aspirations (36.1: only 15.X = 4 is known).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from ..gamestate import GameState
from ..plugin_api import Finding, TownHold, VPLine, VPReport
from .common import saves_out_of_order
from .owc1914_lines import area_hexes, owner_of, rule_in_play, scenario_letter, territory

# (town id, side scoring, VP) per scenario, from the rules' words
LOCATIONS = {
    "a": (("lwow", "russia", 6), ("stanislawow", "russia", 2), ("lublin", "allies", 2), ("kowel", "allies", 2),
          ("chelm", "allies", 1)),  # A.6
    "b": (("katowice", "russia", 10), ("gliwice", "russia", 6), ("lodz", "allies", 2)),  # B.5 (+2 any other town)
    "c": (("warszawa", "allies", 6), ("lwow", "allies", 6), ("stanislawow", "allies", 2), ("lublin", "allies", 2),
          ("deblin", "allies", 2), ("przemysl", "russia", 8), ("katowice", "russia", 8), ("gliwice", "russia", 8),
          ("lodz", "russia", 2), ("nowy-sacz", "russia", 2), ("tarnow", "russia", 2)),  # C.7
}
LAST_PHASE_OF_STAGE = (1, -1)  # the Russian player-turn's last phase ends a stage (3)
# What a save cannot show, by the scenario's own VP rules (1.4: 28-40 are the campaign's)
UNSEEN = {
    "a": ("breaks, eliminations in encirclement and failed enemy attacks (A.6)",),
    "b": ("breaks, eliminations in encirclement and failed enemy attacks (B.5.3)",),
    "c": ("eliminations by a second break or in encirclement (C.7.1)",),  # its pools and Przemyśl: scenario_c_extras
    "campaign": ("eliminations (28)", "supply trades (29)",
                 "the reinforcement track (33.3) and the Russian aspirations (36.1)"),
}
Commanded = Callable[[GameState], dict[str, Optional[str]]]  # the plugin's command (21): unit id -> its HQ, or None
OTHER = {"allies": "russia", "russia": "allies"}
C71_VP = 5  # C.7.1: 5 VP a front of the enemy's below 7 at the game's end


@dataclass(frozen=True)
class Views:
    """What the VP rules ask of a save that the plugin works out: command (21), each unit's encirclement (6.3),
    whether a side's pocket at a hex is encircled, and the pools in play below 7 (side, front name, level)."""

    commanded: Commanded
    encircled: Callable[[GameState], dict[str, tuple[bool, bool]]]
    besieged: Callable[[GameState, str, str], bool]
    low_pools: Callable[[GameState], list[tuple[str, str, int]]]


class Holders:
    """Who holds each hex of interest, save after save: its last occupier (18.2), else its owner."""

    def __init__(self, hexes: set[str], land: dict[str, str], hidden_capture: bool) -> None:
        self.held = {h: owner_of(land.get(h)) for h in hexes}
        self.hidden_capture = hidden_capture

    def see(self, state: GameState) -> dict[str, Optional[str]]:
        for h, units in state.by_hex().items():
            if h in self.held:
                seen = [u for u in units if self.hidden_capture or not u.masked]
                if seen:
                    self.held[h] = seen[-1].side
        return dict(self.held)


def stage_scores(state: GameState, held: dict[str, Optional[str]], towns: dict[str, tuple[str, str]]) -> list[tuple[str, str, int]]:
    """(side, source, VP) the position scores at the end of its stage."""
    m = state.game.map
    land = territory(m)
    out: list[tuple[str, str, int]] = []
    sl = scenario_letter(state)
    if sl in LOCATIONS:
        named = set()
        for tid, side, vp in LOCATIONS[sl]:
            if tid in towns:
                hx, name = towns[tid]
                named.add(hx)
                if held.get(hx) == side:
                    out.append((side, f"{name} ({hx})", vp))
        units = [u for u in state.units_on_map() if u.side == "russia"]
        if sl == "a":
            west = set(area_hexes(m, "west-of-san"))
            out += [("russia", f"{u.id} west of the San ({u.hex})", 1) for u in units if u.hex in west]
        if sl == "b":
            out += [("russia", f"{t.name} ({t.hex}), a town of Allied territory", 2) for t in m.towns
                    if t.hex not in named and owner_of(land.get(t.hex)) == "allies" and held.get(t.hex) == "russia"]
        if sl == "c":
            plain = set(area_hexes(m, "hungarian-plain"))
            out += [("russia", f"{u.id} in Germany or on the Hungarian Plain ({u.hex})", 1) for u in units
                    if land.get(u.hex or "") == "territory-germany" or u.hex in plain]
    elif sl == "campaign":
        stars = {"allies": 0, "russia": 0}
        for t in m.towns:
            if t.vp is None or t.hex not in held:
                continue
            owner = owner_of(land.get(t.hex))
            holder = held.get(t.hex)
            if holder and owner and holder != owner:
                stars[holder] += t.vp.hold
        diff = stars["russia"] - stars["allies"]
        if diff:
            side = "russia" if diff > 0 else "allies"
            out.append((side, f"War Objectives on enemy soil: Russia {stars['russia']}, Allies {stars['allies']} (36)", abs(diff)))
    return out


def stage_end(state: GameState, held: dict[str, Optional[str]], towns: dict[str, tuple[str, str]], stage: int,
              views: Views, once: set[str], first: GameState) -> list[tuple[str, str, int]]:
    """Every VP the position scores at the end of its stage: the places held (stage_scores), in C besieged Przemyśl
    and the low pools at the game's end (C.7, C.7.1), and, where the scenario plays rule 37 (1.4: the campaign),
    the East Prussian commitments (37.2-37.4)."""
    out = stage_scores(state, held, towns)
    if scenario_letter(state) == "c":
        out += scenario_c_extras(state, held, towns, stage, views)
    if rule_in_play(state, 37):
        out += east_prussia(state, stage, views.commanded(state), once, first)
    return out


def scenario_c_extras(state: GameState, held: dict[str, Optional[str]], towns: dict[str, tuple[str, str]], stage: int,
                      views: Views) -> list[tuple[str, str, int]]:
    """C.7: "Przemyśl w okrążeniu 1PZ" (Przemyśl encircled, 1 Russian VP), scored at each stage end as the other
    places; C.7.1: "posiadanie przez przeciwnika na końcu gry poziomu zaopatrzenia poniżej 7 - 5PZ za front" (the
    enemy holding supply below 7 at the end of the game: 5 VP a front), at the end of C's last stage.
    DECISION (C.7 "Przemyśl w okrążeniu"): reading 1, an A-H garrison in Przemyśl is encircled; reading 2, the
    fortress itself, held by the Allies, is enclosed as 6.3 says (its example: "Przemyśl i Jarosław są austro-węgierskimi
    twierdzami, traktowanymi tak jak wojska", the fortresses count as troops), garrisoned or not. Taken: reading 2, the
    hex as an Allied pocket (an empty fortress is besieged too)."""
    out: list[tuple[str, str, int]] = []
    hx = towns.get("przemysl", ("", ""))[0]
    if hx and held.get(hx) == "allies" and views.besieged(state, "allies", hx):
        out.append(("russia", f"Przemyśl ({hx}) encircled (C.7)", 1))
    if state.scenario is not None and stage == state.scenario.turns:
        out += [(OTHER[side], f"{state.game.side(side).name} supply {level} on the {front} front at the game's end, "
                              f"below 7 (C.7.1)", C71_VP) for side, front, level in views.low_pools(state)]
    return out


def victory(states: list[GameState], views: Views) -> VPReport:
    first, last = states[0], states[-1]
    game = last.game
    m = game.map
    land = territory(m)
    sides = {s.id: s.name for s in game.sides}
    findings: list[Finding] = saves_out_of_order(states, "3")
    sl = scenario_letter(last)
    towns = {t.id: (t.hex, t.name) for t in m.towns}
    watched = {t.hex for t in m.towns}
    holders = Holders(watched, land, hidden_capture=sl != "campaign")
    held_at = [holders.see(st) for st in states]
    nphases = len(game.turns.phases)
    lines: list[VPLine] = []
    once: set[str] = set()
    for stage in range(1, game.turns.count + 1):
        end = (stage, LAST_PHASE_OF_STAGE[0], nphases - 1)  # the stage ends after this phase (3)
        if not (first.turn_index <= end < last.turn_index):  # a save in that phase is taken during it, before the end
            continue
        j = max(i for i, st in enumerate(states) if st.turn_index <= end)
        lines += [VPLine(stage, side, source, vp)
                  for side, source, vp in stage_end(states[j], held_at[j], towns, stage, views, once, first)]
    net = sum(ln.vp if ln.side == "russia" else -ln.vp for ln in lines)
    base = first.vp_recorded.get("russia", 0)
    recorded = last.vp_recorded.get("russia", 0)
    provable = {"russia": sum(int(ln.vp) for ln in lines if ln.side == "russia"),
                "allies": sum(int(ln.vp) for ln in lines if ln.side == "allies")}
    outcome = [f"VP track (15.1, Russian minus Allied): {recorded} now, {base} in the first save; the stage ends "
               f"between them score {net:+d} by the stage-end VP the saves show"]
    now = stage_end(last, held_at[-1], towns, last.turn_index[0], views, set(once), first)
    if now:
        outcome.append("if the stage ended now: " + "; ".join(f"{sides[s]} {src} {vp:+d}" for s, src, vp in now))
    outcome += automatic_wins(last, held_at[-1], towns, views.commanded(last))
    if sl == "campaign":
        outcome += crushing(last, held_at[-1], towns, views.commanded(last), views.encircled(last))
    holds = [TownHold(name, hx, "russia" if owner_of(land.get(hx)) == "allies" else "allies",
                      held_at[-1].get(hx) or "", None, None)
             for tid, (hx, name) in sorted(towns.items()) if any(tid == t for t, *_ in LOCATIONS.get(sl, ()))]
    unknown = list(UNSEEN.get(sl, UNSEEN["campaign"]))
    return VPReport(sides, [h for h in holds if h.holder], lines, provable, {"russia": recorded}, {"russia": base},
                    unknown, findings, outcome, unprovable="VP a save cannot show")


def east_prussia(state: GameState, stage: int, cmd: dict[str, Optional[str]], once: set[str],
                 first: GameState) -> list[tuple[str, str, int]]:
    """37.2-37.4 at a stage end of the campaign. 37.3 ("if at the end of a stage no Russian army HQ is
    on German territory, the Allies receive 3 VP"); 37.4 ("if commanded Russian units occupy Katowice
    and Gliwice, the Russian player receives 10 VP once"); 37.2 (a commanded Russian unit takes a War
    Objective on German territory: 10 VP if before the 21.IX stage, once). DECISION: "once" counts from
    the first save on: if the first save already shows it, it was scored before and is not again."""
    m = state.game.map
    land = territory(m)
    out: list[tuple[str, str, int]] = []
    russians = [u for u in state.units_on_map() if u.side == "russia"]
    if not any(u.unit.has("hq") and land.get(u.hex or "") == "territory-germany" for u in russians):
        out.append(("allies", "no Russian army HQ on German territory (37.3)", 3))
    towns = {t.id: t for t in m.towns}
    held = {u.hex for u in russians if cmd.get(u.id)}
    first_held = {u.hex for u in first.units_on_map() if u.side == "russia"}
    silesia = [towns[t].hex for t in ("katowice", "gliwice") if t in towns]
    if "37.4" not in once and silesia and all(h in held for h in silesia):
        once.add("37.4")
        if not all(h in first_held for h in silesia):
            out.append(("russia", "commanded Russian units in Katowice and Gliwice (37.4, once)", 10))
    objectives = [t for t in m.towns if t.vp and land.get(t.hex) == "territory-germany"]
    taken = [t for t in objectives if t.hex in held]
    if "37.2" not in once and taken:
        once.add("37.2")
        if stage < state.game.turns.names.index("21.IX") + 1 and not any(t.hex in first_held for t in taken):
            out.append(("russia", f"a commanded Russian unit takes {taken[0].name}, a War Objective of Germany, "
                                  f"before 21.IX (37.2)", 10))
    return out


def crushing(state: GameState, held: dict[str, Optional[str]], towns: dict[str, tuple[str, str]],
             cmd: dict[str, Optional[str]], enc: dict[str, tuple[bool, bool]]) -> list[str]:
    """39, checked at the start of a player's own turn: the Allies win crushingly with 4 commanded
    infantry corps or an unencircled HQ in the last 2 hex columns at the east edge, or by taking Riga;
    the Russians with the same at the west edge, or by taking Budapest, Poznań or Wrocław. The Dvina and
    the Danube lines are not areas of the map data: those cases are not checked."""
    out = []
    cols = sorted({int(h[2:]) for h in state.game.map.hex_ids()})
    edge = {"allies": set(cols[-2:]), "russia": set(cols[:2])}
    places = {"allies": ("ryga",), "russia": ("budapeszt", "poznan", "wroclaw")}
    for side, name in (("allies", "the Allies"), ("russia", "the Russians")):
        taken = [towns[t][1] for t in places[side] if t in towns and held.get(towns[t][0]) == side]
        mine = [u for u in state.units_on_map() if u.side == side and int((u.hex or "0000")[2:]) in edge[side]]
        corps = [u for u in mine if u.unit.has("infantry") and u.unit.size == "XXX" and cmd.get(u.id)]
        hq = [u for u in mine if u.unit.has("hq") and not enc.get(u.id, (False, False))[0]]
        if taken or len(corps) >= 4 or hq:
            why = (f"hold {', '.join(taken)}" if taken else f"{len(corps)} commanded infantry corps" if len(corps) >= 4
                   else f"an unencircled HQ ({hq[0].id})") + " at the edge" * (not taken)
            out.append(f"39: {name} {why}: a crushing victory, checked at the start of their own turn")
    return out


def automatic_wins(state: GameState, held: dict[str, Optional[str]], towns: dict[str, tuple[str, str]],
                   cmd: dict[str, Optional[str]]) -> list[str]:
    """B.5.1: the Allies take Warszawa (an Allied strategic victory); B.5.2: "Gra kończy się rosyjskim zwycięstwem
    strategicznym, jeśli przynajmniej jedna dowodzona rosyjska jednostka dojdzie do zachodniego brzegu mapy" (the game
    ends in a Russian strategic victory if at least one commanded Russian unit reaches the west map edge), decided
    by the plugin's command (21.1: in range of an own army HQ, neither encircled).
    DECISION (B.5.2 "dowodzona rosyjska jednostka"): reading 1, any Russian counter, HQs and patrols too (17.1: "Utajnione
    patrole traktowane są identycznie jak utajnione normalne jednostki", hidden patrols are treated exactly as hidden
    normal units); reading 2, only the units an HQ commands. Taken: reading 2. An HQ gives command, it is not given it
    (39 calls an HQ "nie okrążony", unencircled, where it calls corps "dowodzone", commanded), and a patrol, with no
    combat strength, serves only to deceive (17: "służących natomiast do akcji pozoracyjnych"): 17.1 says how the
    enemy treats it, and neither wins the game at the edge."""
    if scenario_letter(state) != "b":
        return []
    out = []
    hx = towns.get("warszawa", ("", ""))[0]
    if held.get(hx) == "allies":
        out.append(f"B.5.1: the Allies hold Warszawa ({hx}): an Allied strategic victory, the game stops")
    m = state.game.map
    west = sorted((u for u in state.units_on_map() if u.side == "russia" and u.hex and len(m.neighbours(u.hex)) < 6
                   and int(u.hex[2:]) == 1), key=lambda u: u.id)
    won = [f"{u.id} ({u.hex})" for u in west if cmd.get(u.id)]
    idle = [f"{u.id} ({u.hex})" for u in west if not cmd.get(u.id)]
    if won:
        out.append(f"B.5.2: commanded Russian units on the west map edge: {', '.join(won)}: a Russian strategic "
                   f"victory, the game ends")
    if idle:
        out.append(f"B.5.2: Russian units on the west map edge not commanded (21.1; an HQ or patrol is never "
                   f"commanded): {', '.join(idle)}: no strategic victory by them")
    return out
