"""Ostatnia Wojna Cesarzy (The Emperors' Last War, NOVINA 1997): what one save can show.

Source: Ostatnia Wojna Cesarzy (NOVINA, 1997), the Polish rules (authoritative), through an English
digest; rule numbers are the book's. Which numbered rules a scenario plays is 1.4's layering
(owc1914_lines.rule_in_play): A 1-15, B 1-21, C 1-27, the campaign all; a rule is checked and a
section shown only where the save's scenario plays it. Where the text leaves a reading open the
choice is marked DECISION. Checked here: stacking (5.3), both sides in a hex (5.1.4), enemy
fortresses and bridgeheads (A.3, B.3, 25, 26), Romania (13), hidden units, HQs and patrols (16, 17,
17.1, B.4, 21.2; in A, which plays none of them, 1.4), the Allied limits on entering (37.5, 30.1:
the campaign's), the play area (A.1, B.1, C.1); reported: lines of control (6), encirclement with
the hexes that take a capitulation check (6.3, 8.7) and isolated hexes (8.6), command (21, from B
on), the supply pools (22, from C on, of the fronts in play).

How the data tells what the rules read (counters/owc1914, maps/owc1914):
  hidden         a masked piece (VASSAL's mask by side: the opponent sees the national back)
  BROKEN         a marker of kind `broken` on the unit's stack
  patrol, HQ     unit tags `patrol`, `hq` (an HQ's command range: its `range` value)
  supply pools   the markers supply-<side>-<g|p|w> on the tracks supply_<side> (levels 0-24)
  captured       a fortress or bridgehead hex with a trench marker on its back face (25.3)
"""

from __future__ import annotations

from typing import Optional

from ..gamestate import GameState, UnitState
from ..stacking import BOTH_SIDES, OVERSTACKED
from ..plugin_api import (
    FIXED_IN_PHASE, Finding, MoveLimits, Overlay, PhaseLog, ReportSection, ReportSpec, RuleTiming, SupplyStatus, Timing,
    VPReport, once,
)
from ..regions import flood_fill, hex_distances
from .common import prohibited_terrain
from . import owc1914_attacks, owc1914_hiding, owc1914_log, owc1914_rail, owc1914_reserve, owc1914_victory
from .owc1914_lines import (
    LAST_RULE, ROMANIA, Encirclement, area_hexes, lines_of_control, owner_of, rule_in_play, scenario_letter, territory,
)

GAME_ID = "owc1914"
STACK_LIMIT = 4  # 5.3
# 17: "Sprzymierzeni dysponują ośmioma jednostkami patroli, Rosjanie sześcioma" (the Allies have eight patrol
# units, the Russians six); B.4: "liczba patroli możliwych do wykorzystania jest ograniczona do 6 dla Sprzymierzonych
# i do 4 dla Rosjan" (the patrols that may be used are limited to 6 Allied and 4 Russian): (rule, limits)
PATROL_LIMITS = {"": ("17", {"allies": 8, "russia": 6}), "b": ("B.4", {"allies": 6, "russia": 4})}
LAYERED_PIECES = (("patrol", 17, "a patrol (17)"), ("hq", 21, "an army HQ (21)"))  # unit tag, its rule, what it is
CRISIS = 6  # 22.5: a front at 6 or less is in crisis
LOW_SUPPLY = 7  # C.7.1: "poziomu zaopatrzenia poniżej 7" (a level below 7) at the game's end: 5 VP a front
ZAP_PER_STAGE = 8  # 22: at most 8 ZAP to one front a stage
FRONTS = {"g": "Galician", "p": "Polish", "w": "East Prussian"}
FRONT_AREAS = {"g": "front-galician", "p": "front-polish", "w": "front-east-prussian"}  # the map's area of each front
# the fortress rule of scenarios A and B (B.3: "Obowiązują identyczne reguły ataku na fortyfikacje jak w regule A.3",
# the same rules as A.3 hold; A.3 itself is A's own, "obowiązują tylko w tym scenariuszu"); 25 from C on
HEX_RULES = {"a": "A.3", "b": "B.3"}
# A.1, B.1, C.1 (OBSZAR GRY): the fronts a scenario is played on; A adds the Polish front east of the
# Vistula (the part a fill from Lublin reaches without crossing the Vistula)
PLAY_AREAS = {"a": ("front-galician",), "b": ("front-polish",), "c": ("front-polish", "front-galician")}
SCENARIO_IDS = {"a": "a_galicia", "b": "b_steamroller", "c": "c_hindenburg"}  # counters/owc1914/scenarios
EAST_OF_VISTULA = ("a", "front-polish", "lublin", "Wisła (Vistula)")

# DECISION (5.3): "no unit may voluntarily enter a hex holding 4 units"; an over-stack is legal after
# a retreat that minimises losses (9.6) and must leave at the first chance. One save cannot tell a
# retreat from a move, so the limit is compared right after the owner's Normal movement (its
# Repeat attacks phase: an error), pending during that movement, and at other moments reported as
# information (a retreat may have made it): the rules' "warning".
WARNING = Timing(FIXED_IN_PHASE, "Normal movement")
TIMINGS = (
    RuleTiming("5.3", WARNING, "5.3: a unit may not voluntarily enter a hex already holding 4 units (patrols count, "
               "17.1); after a retreat that minimises losses (9.6) an over-stack must be undone at the first chance.",
               title=OVERSTACKED, name="Stacking limit"),
    RuleTiming("5.1.4", Timing(), "5.1.4: units never enter a hex holding enemy units.", title=BOTH_SIDES),
    RuleTiming("A.3", Timing(), "A.3: enemy fortress and bridgehead hexes cannot be entered.",
               scenarios=("a_galicia",)),
    RuleTiming("B.3", Timing(), "B.3 (as A.3): enemy fortress and bridgehead hexes cannot be entered.",
               scenarios=("b_steamroller",)),
    RuleTiming("25", Timing(), "25, 26: an uncaptured enemy fortress (or bridgehead) is taken only by the fortress "
               "combat of 25.2; until then no unit enters it."),
    RuleTiming("13", Timing(), "13: Romania is never entered."),
    RuleTiming("16", Timing(), "16: only unbroken units not in contact with the enemy turn face down, at the end of the "
               "Normal movement phase (or on entering play); a hidden unit is never broken."),
    RuleTiming("21.2", Timing(), "21.2: Russian army HQs are never hidden."),
    RuleTiming("1.4", Timing(), "1.4: scenario A plays rules 1-15 only: no hidden units (16), patrols (17) or army "
               "HQs (21).", title="Not in the scenario's rules", name="Pieces of rules the scenario does not play",
               scenarios=("a_galicia",)),
    RuleTiming("17.1", Timing(), "17.1: a patrol is in play only face down: a revealed patrol is removed."),
    RuleTiming("17", Timing(), "17: the Allies have eight patrols, the Russians six.", title="Too many patrols",
               name="Number of patrols"),
    RuleTiming("B.4", Timing(), "B.4: in scenario B at most 6 Allied and 4 Russian patrols may be used.",
               title="Too many patrols", name="Number of patrols", scenarios=("b_steamroller",)),
    RuleTiming("37.5", WARNING, "37.5: A-H and Legion units may not voluntarily enter German territory on the East "
               "Prussian front.", name="A-H units in East Prussia", scenarios=("campaign",)),
    RuleTiming("30.1", WARNING, "30.1: in the campaign's first turn A-H units may not cross the Russian border on the "
               "Galician front.", name="A-H units across the border on the first turn", scenarios=("campaign",)),
    RuleTiming("3", Timing(), "3: stages in order, the Allied player-turn, then the Russian."),
    RuleTiming("22", Timing(), "22: in his Supply phase a player assigns the ZAP he receives to the fronts, at most 8 "
               "to one front a stage; a level is at most 24."),
) + tuple(RuleTiming(f"{x.upper()}.1", WARNING, f"{x.upper()}.1 (OBSZAR GRY): units may not leave the play area "
                     "voluntarily; units forced out by a retreat (or, in A and B, set up next to it) must return as soon "
                     "as they can.", name="Play area", scenarios=(sid,)) for x, sid in SCENARIO_IDS.items()) + (
    owc1914_rail.LOG_TIMINGS + owc1914_attacks.LOG_TIMINGS)


class OWCRules:
    game_id = GAME_ID
    report = ReportSpec(supply_states=(), victory_title="Victory (15, 36: the shared VP track)", timings=TIMINGS)

    # ------------------------------------------------------------------ position
    def check(self, state: GameState) -> list[Finding]:
        return (self._stacks(state) + prohibited_terrain(state) + self._forbidden_hexes(state) + self._hidden(state)
                + self._allied_limits(state) + self._play_area(state))

    def _play_area(self, state: GameState) -> list[Finding]:
        """A.1, B.1, C.1: units outside the scenario's play area (a warning: a retreat may have put them there)."""
        area = play_area(state)
        if area is None:
            return []
        rule = f"{scenario_letter(state).upper()}.1"
        return [Finding(rule, "Unit outside the play area", (u.hex or "",), (u.id,),
                        f"{u.id} is in {u.hex}, outside the play area of scenario {scenario_letter(state).upper()}")
                for u in sorted(state.units_on_map(), key=lambda x: x.id) if u.hex not in area]

    def _stacks(self, state: GameState) -> list[Finding]:
        out = []
        for h, units in sorted(state.by_hex().items()):
            ids = tuple(sorted(u.id for u in units))
            if len({u.side for u in units}) > 1:
                out.append(Finding("5.1.4", BOTH_SIDES, (h,), ids, f"Allied and Russian units share {h}"))
            for side in sorted({u.side for u in units}):
                mine = tuple(sorted(u.id for u in units if u.side == side))
                if len(mine) > STACK_LIMIT:
                    out.append(Finding("5.3", OVERSTACKED, (h,), mine,
                                       f"{len(mine)} {state.game.side(side).name} units in {h}, at most {STACK_LIMIT} "
                                       f"(legal only after a retreat, 9.6, until the first chance to leave)"))
        return out

    def _forbidden_hexes(self, state: GameState) -> list[Finding]:
        m = state.game.map
        land = territory(m)
        captured = captured_hexes(state)
        forts = {**area_hexes(m, "fortress-"), **area_hexes(m, "bridgehead-")}
        rule = HEX_RULES.get(scenario_letter(state), "25")
        out = []
        for u in sorted(state.units_on_map(), key=lambda x: x.id):
            h = u.hex or ""
            if land.get(h) == ROMANIA:
                out.append(Finding("13", "Unit in Romania", (h,), (u.id,), f"{u.id} is in {h}, in Romania"))
            owner = land.get(h)
            if h in forts and owner and owner_of(owner) != u.side and h not in captured:
                out.append(Finding(rule, "Unit in an enemy fortress or bridgehead", (h,), (u.id,),
                                   f"{u.id} is in {h} ({forts[h]}), an uncaptured enemy fortress or bridgehead"))
        return out

    def _hidden(self, state: GameState) -> list[Finding]:
        """16, 17, 17.1, B.4, 21.2: hidden units, patrols and Russian HQs; where the scenario plays none of them (1.4:
        16-21 come in together, with B), what stands on the map of them is reported as outside its rules."""
        if not rule_in_play(state, 16):
            return outside_the_rules(state)
        out = []
        patrols: dict[str, list[UnitState]] = {}
        for u in sorted(state.units_on_map(), key=lambda x: x.id):
            broken = any(mk.marker.kind == "broken" for mk in u.markers)
            if u.masked and broken:
                out.append(Finding("16", "Hidden unit is broken", (u.hex or "",), (u.id,),
                                   f"{u.id} is face down with a BROKEN marker: broken units never hide"))
            if u.unit.has("hq") and u.side == "russia" and u.masked:
                out.append(Finding("21.2", "Russian HQ hidden", (u.hex or "",), (u.id,), f"{u.id} is face down"))
            if u.unit.has("patrol"):
                patrols.setdefault(u.side, []).append(u)
                if not u.masked:
                    out.append(Finding("17.1", "Patrol face up", (u.hex or "",), (u.id,),
                                       f"{u.id} is face up: a revealed patrol is removed"))
        return out + patrol_limit(state, patrols)

    def _allied_limits(self, state: GameState) -> list[Finding]:
        """37.5 and 30.1 (warnings: the units may have been forced there), campaign rules (1.4: not in A, B or C)."""
        m = state.game.map
        land = territory(m)
        fronts = {h: a.id for a in m.areas if a.id.startswith("front-") for h in a.hexes}
        out = []
        for u in sorted(state.units_on_map(), key=lambda x: x.id):
            h = u.hex or ""
            if u.unit.nationality not in ("ah", "leg"):
                continue
            prussia = land.get(h) == "territory-germany" and fronts.get(h) == "front-east-prussian"
            if prussia and rule_in_play(state, 37):
                out.append(Finding("37.5", "A-H unit in German East Prussia", (h,), (u.id,),
                                   f"{u.id} is in {h}, German territory on the East Prussian front"))
            if (state.turn == 1 and rule_in_play(state, 30) and land.get(h) == "territory-russia"
                    and fronts.get(h) == "front-galician"):
                out.append(Finding("30.1", "A-H unit across the Russian border on the first turn", (h,), (u.id,),
                                   f"{u.id} is in {h}, Russian territory on the Galician front, in stage 1"))
        return out

    # ------------------------------------------------------------------ logs
    def move_limits(self, state: GameState, u: UnitState) -> MoveLimits:
        """5.1, 6.2, 13, A.3/B.3/25: owc1914_log."""
        rule = HEX_RULES.get(scenario_letter(state), "25")
        return owc1914_log.move_limits(state, u, captured_hexes(state), rule, self.commanded(state))

    def combat(self, ph: PhaseLog) -> tuple[list, list, list]:
        """The attack phases' moves (retreats, pursuits: 9, 10) noted as not judged."""
        return owc1914_log.combat(ph)

    def arrival_elsewhere(self, ph: PhaseLog, u: UnitState) -> bool:
        """17.2: a patrol set on an own hidden unit at the end of Normal movement, off the towns it may also arrive at (19)."""
        return owc1914_rail.patrol_on_hidden(ph, u)

    def log_phases(self, phases: list[PhaseLog]) -> tuple[list, list]:
        """Over the whole log, in play order: each movement phase's transports (owc1914_rail: 18.4, 19, 38) and
        reserve phases (owc1914_reserve: 4.2, 4.2.3), counted from the log's first phase; units hidden in any
        phase (owc1914_hiding: 16), a phase without moves too; pursuers moving in Normal movement (owc1914_attacks: 5)."""
        ledger, reserves, attackers = owc1914_rail.Ledger(), owc1914_reserve.Reserves(), owc1914_attacks.Attackers()
        findings: list = []
        notes: list = []
        for ph in phases:
            findings += owc1914_hiding.hidden_in_phase(ph, captured_hexes(ph.end))
            f, n = attackers.phase(ph, owc1914_log.allowance)
            findings += f
            notes += n
            if ph.phase in owc1914_rail.movement_phases(ph.start):
                f, n = ledger.phase(ph, captured_hexes(ph.start), owc1914_log.allowance)
                findings += f + reserves.phase(ph)
                notes += n
        return findings, notes

    # ------------------------------------------------------------------ reports
    def supply(self, state: GameState) -> dict[str, SupplyStatus]:
        return {}  # 22: supply is a pool per front, not a state of each unit

    def encirclement(self, state: GameState) -> dict[str, tuple[bool, bool]]:
        """Unit id -> (encircled, isolated hex), every unit on the map; computed once per save."""
        def compute() -> dict[str, tuple[bool, bool]]:
            captured = captured_hexes(state)
            out = {}
            for side in (s.id for s in state.game.sides):
                enc = Encirclement(state, side, captured)
                for u in state.units_on_map():
                    if u.side == side:
                        p = enc.pocket(u.hex or "")
                        out[u.id] = (p.encircled, p.isolated)
            return out
        return once(state, "encirclement", compute)

    def commanded(self, state: GameState) -> dict[str, Optional[str]]:
        """Unit id -> the HQ commanding it (21), None when none does. DECISION (21: "within the command
        range of own army HQ"): the units carry no army, so any face-up HQ of the unit's nationality
        commands it (Legions count as A-H, 21.6); a German HQ may command one A-H unit and an A-H HQ
        one German unit, the nearest; encircled units and HQs are not commanded; units in a fortress
        or bridgehead always are (25.4, 26), where the scenario plays 25 (1.4: from C on)."""
        m = state.game.map
        enc = self.encirclement(state)
        forts = {**area_hexes(m, "fortress-"), **area_hexes(m, "bridgehead-")}
        nation = {"leg": "ah"}
        hqs = [u for u in state.units_on_map() if u.unit.has("hq") and not u.masked and not enc[u.id][0]]
        # 21: terrain and enemy units do not block a command range
        reach = {hq.id: hex_distances([hq.hex or ""], m.neighbours, int(hq.unit.front.value("range") or 0)) for hq in hqs}
        out: dict[str, Optional[str]] = {}
        foreign: dict[str, tuple[int, str]] = {}
        for u in sorted(state.units_on_map(), key=lambda x: x.id):
            if u.unit.has("hq") or u.unit.has("patrol"):
                continue
            if u.hex in forts and rule_in_play(state, 25):
                out[u.id] = "fortress"
                continue
            if enc[u.id][0]:
                out[u.id] = None
                continue
            nat = nation.get(u.unit.nationality, u.unit.nationality)
            own = [hq for hq in hqs if hq.side == u.side and nation.get(hq.unit.nationality, hq.unit.nationality) == nat
                   and u.hex in reach[hq.id]]
            out[u.id] = own[0].id if own else None
            if not own:
                for hq in (h for h in hqs if h.side == u.side and u.hex in reach[h.id]):
                    d = reach[hq.id][u.hex or ""]
                    if hq.id not in foreign or d < foreign[hq.id][0]:
                        foreign[hq.id] = (d, u.id)
        for hq_id, (_, uid) in foreign.items():
            out[uid] = hq_id
        return out

    def overlays(self, state: GameState) -> list[Overlay]:
        """Lines of control of each side (6) and the hexes of encircled units (6.3)."""
        colours = {"allies": "#1f5fbf", "russia": "#c0392b"}
        out = []
        for side, edges in sorted(lines_of_control(state).items()):
            if edges:
                out.append(Overlay(f"{state.game.side(side).name} lines of control (6)", colours.get(side, "#444444"),
                                   hexsides=tuple(sorted(tuple(sorted(e)) for e in edges))))  # type: ignore[misc]
        enc = self.encirclement(state)
        pocket = sorted({u.hex or "" for u in state.units_on_map() if enc[u.id][0]})
        if pocket:
            out.append(Overlay("hex of an encircled unit (6.3)", "#8e24aa", hexes=tuple(pocket)))
        return out

    def sections(self, states: list[GameState]) -> list[ReportSection]:
        """Encirclement (6, 1-15: every scenario), command (21: from B on) and the supply pools (22: from C on), each
        only where the save's scenario plays its rule (1.4)."""
        state = states[-1]
        out = [self._encircled_section(state)]
        if rule_in_play(state, 21):
            out.append(self._command_section(state))
        if pool_fronts(state):
            out.append(self._supply_section(state))
        return out

    def _encircled_section(self, state: GameState) -> ReportSection:
        enc = self.encirclement(state)
        by_side: dict[str, list[str]] = {}
        isolated = sorted({u.hex or "" for u in state.units_on_map() if enc[u.id][1]})
        for u in state.units_on_map():
            if enc[u.id][0]:
                by_side.setdefault(u.side, []).append(u.hex or "")
        lines = []
        data = {}
        for s in state.game.sides:
            hexes = sorted(set(by_side.get(s.id, [])))
            data[s.id] = hexes
            lines.append(f"{s.name}: encircled in {', '.join(hexes)}: each hex takes a capitulation check (resilience "
                         f"-4) if still encircled at the end of {s.name}'s player-turn (8.7)" if hexes
                         else f"{s.name}: no unit encircled")
        lines.append(f"Isolated hexes (8.6): {', '.join(isolated)}" if isolated else "No isolated hex (8.6)")
        loc = lines_of_control(state)
        lines.append("Lines of control (6): " + ", ".join(f"{state.game.side(s).name} {len(e)} hexsides" for s, e in sorted(loc.items())))
        return ReportSection("Encirclement (6.3, 8.6, 8.7) and lines of control (6)", tuple(lines),
                             {"encircled": data, "isolated": isolated})

    def _command_section(self, state: GameState) -> ReportSection:
        cmd = self.commanded(state)
        names = {s.id: s.name for s in state.game.sides}
        lines = []
        data: dict[str, list[str]] = {}
        for side in sorted(names):
            ids = sorted(u for u, hq in cmd.items() if hq is None and state.game.units[u].side == side)
            data[side] = ids
            lines.append(f"{names[side]}: not commanded (21.1): {', '.join(ids)}" if ids else f"{names[side]}: every unit commanded")
        return ReportSection("Command (21)", tuple(lines), {"uncommanded": data})

    def _supply_section(self, state: GameState) -> ReportSection:
        """The level of each front in play on each side's track (22)."""
        levels = pool_levels(state)
        lines, data = [], {}
        for s in state.game.sides:
            for f, front in pool_fronts(state).items():
                lv = levels.get((s.id, f))
                data[f"{s.id}-{f}"] = lv
                if lv is None:
                    lines.append(f"{s.name} {front} front: no supply marker on the track")
                else:
                    crisis = " - crisis (22.5: own attacks -2, enemy attacks +1)" if lv <= CRISIS else ""
                    lines.append(f"{s.name} {front} front: level {lv}{crisis}")
        return ReportSection("Supply pools (22)", tuple(lines), data)

    # ------------------------------------------------------------------ victory
    def victory(self, states: list[GameState]) -> VPReport:
        """Location VP at each stage end over the saves, against the shared VP track (modgen.rules.owc1914_victory),
        and the supply each front received between the saves (22)."""
        views = owc1914_victory.Views(self.commanded, self.encirclement, besieged, low_pools)
        report = owc1914_victory.victory(states, views)
        report.findings += pool_income(states) + crossings(states)
        return report


def play_area(state: GameState) -> Optional[set[str]]:
    """The hexes of the scenario's play area (None: the whole map)."""
    sl = scenario_letter(state)
    if sl not in PLAY_AREAS:
        return None
    m = state.game.map
    fronts = {a.id: set(a.hexes) for a in m.areas if a.id.startswith("front-")}
    out = set().union(*(fronts.get(f, set()) for f in PLAY_AREAS[sl]))
    if sl == EAST_OF_VISTULA[0]:
        part = fronts.get(EAST_OF_VISTULA[1], set())
        seed = next((t.hex for t in m.towns if t.id == EAST_OF_VISTULA[2]), None)
        walls = {side for f in m.hexside_features if f.name == EAST_OF_VISTULA[3] for side in f.sides}
        if seed in part:
            out |= flood_fill(seed, lambda h: [n for n in m.neighbours(h) if n in part], walls)
    return out


def outside_the_rules(state: GameState) -> list[Finding]:
    """1.4: in a scenario that plays no hiding (16), patrols (17) or army HQs (21), scenario A, a patrol or an army HQ
    on the map, or a unit face down, is a piece of rules the game does not use."""
    out = []
    for u in sorted(state.units_on_map(), key=lambda x: x.id):
        hidden = "a hidden unit (16)" if u.masked and not rule_in_play(state, 16) else ""
        what = next((name for tag, n, name in LAYERED_PIECES if u.unit.has(tag) and not rule_in_play(state, n)), hidden)
        if what:
            out.append(Finding("1.4", "Not in the scenario's rules", (u.hex or "",), (u.id,),
                               f"{u.id} in {u.hex} is {what}: scenario {scenario_letter(state).upper()} plays rules "
                               f"1-{LAST_RULE[scenario_letter(state)]} only"))
    return out


def patrol_limit(state: GameState, patrols: dict[str, list[UnitState]]) -> list[Finding]:
    """17 (B.4 in scenario B): a side's patrols on the map beyond its number, with the hexes they stand in."""
    rule, limits = PATROL_LIMITS.get(scenario_letter(state), PATROL_LIMITS[""])
    out = []
    for side, units in sorted(patrols.items()):
        if len(units) > limits.get(side, len(units)):
            hexes = tuple(sorted({u.hex or "" for u in units}))
            out.append(Finding(rule, "Too many patrols", hexes, tuple(sorted(u.id for u in units)),
                               f"{state.game.side(side).name}: {len(units)} patrols on the map (in {', '.join(hexes)}), "
                               f"at most {limits[side]} ({rule})"))
    return out


def pool_fronts(state: GameState) -> dict[str, str]:
    """Front letter -> name, for the fronts whose supply pool the save's scenario plays: none before C (1.4: 22 is
    played from C on); in C the two fronts of its play area (C.1: "Gra toczy się na frontach: polskim i galicyjskim",
    the game is played on the Polish and Galician fronts; C.4 gives start levels for those two only); every front in
    the campaign."""
    if not rule_in_play(state, 22):
        return {}
    area = PLAY_AREAS.get(scenario_letter(state))
    return {f: name for f, name in FRONTS.items() if area is None or FRONT_AREAS[f] in area}


def besieged(state: GameState, side: str, hex_id: str) -> bool:
    """Whether the side's pocket at the hex is encircled (6.3), the hex held by it or by none of its units."""
    return Encirclement(state, side, captured_hexes(state)).pocket(hex_id).encircled


def low_pools(state: GameState) -> list[tuple[str, str, int]]:
    """(side, front name, level) of each pool the scenario plays that stands below 7 (C.7.1)."""
    fronts = pool_fronts(state)
    return [(side, fronts[f], level) for (side, f), level in sorted(pool_levels(state).items())
            if f in fronts and level < LOW_SUPPLY]


def captured_hexes(state: GameState) -> set[str]:
    """25.3: a trench marker flipped to its back marks a captured fortress; C.6: in C the Jarosław and
    Halicz bridgeheads count as captured."""
    out = {mk.hex for mk in state.markers if mk.marker.kind == "trench" and mk.back and mk.hex}
    if scenario_letter(state) == "c":
        out |= set(area_hexes(state.game.map, "bridgehead-"))
    return out  # type: ignore[return-value]


def pool_income(states: list[GameState]) -> list[Finding]:
    """22: a player assigns at most 8 ZAP to a front in a stage, in his Supply phase (only the fronts whose pool the
    scenario plays, pool_fronts: a marker moved on a track the scenario does not use breaks no rule). Between two saves
    in play order a front's level may rise by at most 8 for each of its side's Supply phases from the
    first save's moment to the second's (both ends counted: a save in the Supply phase may be taken
    before or after the assignment)."""
    out: list[Finding] = []
    order = list(states[0].game.turns.player_turns)
    for a, b in zip(states, states[1:]):
        before, after = pool_levels(a), pool_levels(b)
        for (side, front), level in sorted(after.items()):
            was = before.get((side, front))
            if was is None or side not in order or front not in pool_fronts(b):
                continue
            phases = sum(1 for stage in range(a.turn_index[0], b.turn_index[0] + 1)
                         if a.turn_index <= (stage, order.index(side), 0) <= b.turn_index)
            if level - was > ZAP_PER_STAGE * phases:
                out.append(Finding("22", "More supply to a front than its Supply phases allow", (), (),
                                   f"{b.game.side(side).name} {FRONTS[front]} front: {was} in {a.save_path} ({a.label}), "
                                   f"{level} in {b.save_path} ({b.label}): +{level - was}, at most {ZAP_PER_STAGE} x "
                                   f"{phases} Supply phase(s)", save=b.save_path))
    return out


def crossings(states: list[GameState]) -> list[Finding]:
    """5.1.4: "units under no circumstances may cross lakes and high-mountain ridges". Between two saves
    a unit that moved one hex across such a hexside (or the Romanian border: any hexside type that
    prohibits every unit) broke it; DECISION: a longer move's path is unknown, so only one-hex moves
    are judged."""
    out: list[Finding] = []
    m = states[0].game.map
    for a, b in zip(states, states[1:]):
        was = {u.id: u.hex for u in a.units_on_map()}
        for u in sorted(b.units_on_map(), key=lambda x: x.id):
            h0, h1 = was.get(u.id), u.hex
            if not h0 or not h1 or h0 == h1 or h1 not in m.neighbours(h0):
                continue
            walls = [t.name for t in m.side_types(h0, h1) if "*" in t.prohibits]
            if walls:
                out.append(Finding("5.1.4", "Moved across a lake or high ridge", (h0, h1), (u.id,),
                                   f"{u.id} moved from {h0} to {h1} across {', '.join(walls)}", save=b.save_path))
    return out


def pool_levels(state: GameState) -> dict[tuple[str, str], int]:
    """(side, front letter) -> the level of the front's supply marker on its side's track (22)."""
    out = {}
    for mk in state.markers:
        parts = mk.marker.id.split("-")
        if mk.marker.kind == "supply" and len(parts) == 3 and mk.part and mk.part[1].isdigit():
            out[(parts[1], parts[2])] = int(mk.part[1])
    return out


PLUGIN = OWCRules  # modgen.plugins finds the built-in plugins by GAME_ID and PLUGIN

__all__ = ["OWCRules", "GAME_ID", "PLUGIN"]
