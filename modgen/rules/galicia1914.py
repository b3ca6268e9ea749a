"""Battle for Galicia 1914: what a save can show against rules 2.1, 4.1, 4.5, 5.x, 6.1, 11.x,
13.0, 14.0, 14.1, 15.0, 15.1 and the TEC.

Rules: Battle for Galicia 1914, rules of play (English edition). Decisions where the rules are
silent or ambiguous are marked DECISION, with the readings they choose between.
"""

from __future__ import annotations

from typing import Optional

from ..gamestate import GameState, UnitState
from ..model import Game
from ..stacking import BOTH_SIDES, OVERSTACKED
from ..movement import ARRIVED_EARLY, BEFORE_RELEASE, Restriction
from ..plugin_api import (
    END_OF_PHASE, FIXED_IN_PHASE, PHASING, Finding, ReportSection, ReportSpec, RuleTiming, SupplyState, SupplyStatus, Timing,
    TownHold, VPLine, VPReport, once,
)
from . import galicia1914_arrivals, galicia1914_combat, galicia1914_log, galicia1914_vp
from .common import (
    both_sides, neighbour_tables, friend_and_foe, occupied_by_side, prohibited_terrain, rail_network, saves_out_of_order, stack_steps,
    steps_of, trace_to_sources,
    unit_ids, zoc_hexes,
)

GAME_ID = "galicia1914"
IN_SUPPLY, LOW_SUPPLY = 8, 12  # 11.4
X01_OPEN_GT = 6  # 4.5: closed to A-H units "until after GT 5"
ATTACK_VP_LAST_GT = 9  # 15.1(1)
RECORD_PHASE = "Record VPs"
REINFORCEMENT_PHASE = "Reinforcement"
STATE_NAMES = {"in": "In-Supply", "low": "Low-Supply", "out": "Out-of-Supply"}
RELEASE_MARK, ERSATZ_MARK = "release_gt", "ersatz"  # game.yaml counter_marks: the release-turn dot (2.1), the ersatz ring
SUPPLY_PHASE, MOVEMENT_PHASE, COMBAT_PHASE = "Supply", "Movement", "Combat"
MARKER_TITLE = "Supply marker disagrees with the supply path"

# When each rule holds (3.1: Supply, Reinforcement, Movement, Combat, Record VPs in each player
# turn), with the words it rests on. A save in a phase is taken during it (plugin_api.Timing).
TIMINGS = (
    RuleTiming("4.1", Timing(), "4.1: A unit can never enter a hex occupied by an enemy unit.", title=BOTH_SIDES),
    RuleTiming("5.1", Timing(END_OF_PHASE, MOVEMENT_PHASE, opens=REINFORCEMENT_PHASE), title=OVERSTACKED, name="Stacking limit", words=
               "5.1: No more than six STEPS can occupy a hex at the END of any friendly Movement Phase or "
               "retreat/advance after combat. Moving and retreating units can freely enter and pass through "
               "stacks of friendly units. 14.0: Upon arrival, place the unit ON THE MAP in the hex specified."),
    RuleTiming("5.3", Timing(), "5.3: The unit with the largest attack strength (printed on the counter) must always be "
                                "the top-most unit in a stack."),
    RuleTiming("TEC", Timing(), "TEC: Swamp: Prohibited."),
    RuleTiming("13.0", Timing(), "13.0: A Russian unit can never enter hex 3.15."),
    RuleTiming("4.5", Timing(), "4.5: No A-H unit may voluntarily move into the following hexes in hex-row X.01: "
                                "3.01 thru 11.01, until after GT 5."),
    RuleTiming("14.0", Timing(), "3.2: REINFORCEMENT PHASE: The phasing player places any available reinforcements on "
                                 "the map (14.0).", title=ARRIVED_EARLY),
    # Placement is judged only on a position of the owner's Reinforcement Phase of the unit's arrival
    # GT (galicia1914_arrivals): later the unit may have moved and its hex says nothing of where it was
    # placed, so no finding is made there. Where one is made the rule holds: always, not pending.
    RuleTiming("14.0", Timing(), "3.2: 2. REINFORCEMENT PHASE: The phasing player places any available reinforcements "
               "on the map (14.0). 14.0: Upon arrival, place the unit ON THE MAP in the hex specified or choose one of "
               "the hexes specified.", title=galicia1914_arrivals.OFF_SCHEDULE, name="Reinforcement placement"),
    RuleTiming("14.1", Timing(), "14.1: The RR line hex must be a valid supply source "
               "(11.2), and it may not be in an EZOC unless no other qualifying hex exists.", title=galicia1914_arrivals.IN_EZOC,
               name="Rail entry in an EZOC"),
    RuleTiming("2.1", Timing(), "2.1: If a unit bears a Movement Restriction Indicator dot it begins the game immobile. "
                                "The number ... is the GT the unit is released from its movement restriction."),
    RuleTiming("15.0", Timing(), "15.0: The current quantity of VP accumulated by a specific player is recorded on the "
                                 "VP Track."),
    RuleTiming("3.1", Timing(), "3.1: A. Advance the Game Turn Marker ... B. Russian Player Turn ... C. Austro-Hungarian "
                                "Player Turn."),
    RuleTiming("11.1", Timing(END_OF_PHASE, SUPPLY_PHASE), name="One supply marker a unit", words=
               "3.2: SUPPLY PHASE: The phasing player checks the Supply Status of all his units (11.0). Units that are "
               "found to be Out-of-Supply or in Low-Supply are marked as such. 2.3: Low-Supply -1/ Out-of-Supply -2."),
    # DECISION: 11.0 has two readings. "The Supply Status of a player's units is determined during
    # the friendly Supply Phase": the markers show the position of that phase, so they are compared
    # with the supply traced now only while the position is still that one (the Reinforcement
    # Phase: no unit has moved). "... and always lasts until that player's next Supply Phase": one
    # might compare them at every moment (the checker's old reading), but units move away from
    # their lines after the phase and keep their markers, so that reported legal markers as wrong.
    # The first reading is taken; later saves are compared with a save of that phase, if given.
    RuleTiming("11.4", Timing(FIXED_IN_PHASE, SUPPLY_PHASE, until=MOVEMENT_PHASE),
               "11.0: The Supply Status of a player's units is determined during the friendly Supply Phase, and always "
               "lasts until that player's next Supply Phase.", title=MARKER_TITLE, name="Supply markers"),
    # DECISION: town VP are recorded in the Record VPs step, VP for eliminations "as they are earned",
    # mostly in combat: a shortfall may still be made good until the end of the step; attrition
    # (11.5) in the Supply Phase is not given that grace.
    RuleTiming("15.1", Timing(END_OF_PHASE, RECORD_PHASE, whose=PHASING, opens=COMBAT_PHASE),
               "15.1(2): These VPs are recorded at the end of a player's turn. 15.0: During play each player will "
               "add VPs as they are earned.", title="VP recorded below the VP the saves prove"),
    RuleTiming("15.1", Timing(), "15.0: During play each player will add VPs as they are earned (VP are never taken off).",
               title="VP recorded went down"),
    RuleTiming("15.1", Timing(), "15.0: During play each player will add VPs as they are earned according to the VP "
               "Schedule found in 15.1.", title=galicia1914_vp.ABOVE_TITLE),
    RuleTiming("15.1", Timing(), "15.0: During play each player will add VPs as they are earned according to the VP "
               "Schedule found in 15.1.", title=galicia1914_vp.GROWTH_TITLE),
)

def restrictions(game: Game) -> list[Restriction]:
    """2.1, per scenario: each set-up unit with a movement-restriction dot, held on its set-up hex until the
    dot's GT. DECISION: cavalry is exempt, it may react (12.1) before its release (2.1 / 12.1 play note)."""
    out = []
    for sc in game.scenarios.values():
        for p in sc.setup:
            unit = game.units[p.unit]
            release = unit.mark(RELEASE_MARK)
            if release and p.hex and unit.type != "cavalry":
                out.append(Restriction(unit.id, sc.id, p.hex, int(release), "2.1"))
    return out


class GaliciaRules:
    game_id = GAME_ID
    report = ReportSpec(
        supply_states=(
            SupplyState("in", STATE_NAMES["in"], "#1ea03c", "In-Supply, path 0-8 hexes"),
            SupplyState("low", STATE_NAMES["low"], "#ebbe14", "Low-Supply, path 9-12"),
            SupplyState("out", STATE_NAMES["out"], "#d71e1e", "Out-of-Supply, >12 or no path"),
        ),
        supply_length="hexes entered from the unit's hex to the source, source included",
        victory_title="Victory points (15.1)",
        timings=TIMINGS,
        supply_marker_rule="11.4",
    )

    # ------------------------------------------------------------------ position
    # log hooks (modgen.check.logcheck): movement limits, cavalry reaction, combat
    move_limits = staticmethod(galicia1914_log.move_limits)
    off_turn_move = staticmethod(galicia1914_log.off_turn_move)
    off_turn_refusal = staticmethod(galicia1914_log.off_turn_refusal)  # the finding for a reaction 12.1 refuses
    combat = staticmethod(galicia1914_combat.combat)

    @staticmethod
    def restrictions(game: Game) -> list[Restriction]:
        """2.1: a unit with a movement-restriction dot stays on its set-up hex until the dot's GT."""
        return restrictions(game)

    def check(self, state: GameState) -> list[Finding]:
        findings: list[Finding] = []
        findings += self._stacking(state)
        findings += self._terrain_and_areas(state)
        findings += self._arrivals(state)
        findings += galicia1914_arrivals.placement_findings(state)
        findings += self._supply_markers(state, self.supply(state))
        findings += self._tracks(state)
        return findings

    def _stacking(self, state: GameState) -> list[Finding]:
        game = state.game
        out: list[Finding] = []
        for hex_id, units in state.by_hex().items():
            mixed = both_sides(game, hex_id, units, "4.1")  # 4.1: a unit can never enter a hex occupied by an enemy unit
            if mixed:
                out.append(mixed)
            steps = stack_steps(game, units)
            if steps > game.stacking.limit:
                detail = ", ".join(f"{u.unit.id}: {steps_of(game, u)}" for u in units)
                out.append(Finding("5.1", OVERSTACKED, (hex_id,), unit_ids(units),
                                   f"{steps} steps in {hex_id}, limit {game.stacking.limit} ({detail})"))
            out += stack_order(hex_id, units)
        return out

    def _terrain_and_areas(self, state: GameState) -> list[Finding]:
        game = state.game
        m = game.map
        przemysl = set(m.area("przemysl").hexes) if m.area("przemysl") else set()
        restricted = set(m.area("ah_restricted").hexes) if m.area("ah_restricted") else set()
        out: list[Finding] = prohibited_terrain(state)  # the TEC's Swamp (map.yaml, game.yaml movement.prohibited_rule)
        for u in state.units_on_map():
            if u.side == "russian" and u.hex in przemysl:
                out.append(Finding("13.0", "Russian unit in Fortress Przemysl", (u.hex,), (u.unit.id,),
                                   f"{u.unit.id} is in {u.hex}: a Russian unit can never enter Fortress Przemysl"))
            if u.side == "ah" and u.hex in restricted and state.turn is not None and state.turn < X01_OPEN_GT:
                out.append(Finding("4.5", "A-H unit in hex-row X.01 before GT 6", (u.hex,), (u.unit.id,),
                                   f"{u.unit.id} is in {u.hex} on GT {state.turn}: A-H units may not enter "
                                   f"3.01-11.01 until after GT 5"))
        return out

    def _arrivals(self, state: GameState) -> list[Finding]:
        """14.0 and 2.1 read the save's scenario (its arrivals, its set-up hexes): none when it is unknown."""
        game = state.game
        scenario = state.scenario
        if scenario is None:
            return []
        held = {r.unit: r for r in restrictions(game) if r.scenario == scenario.id}
        order = list(game.turns.player_turns)
        phases = list(game.turns.phases)
        reinf_idx = next((i for i, p in enumerate(phases) if p.startswith(REINFORCEMENT_PHASE)), 0)
        out: list[Finding] = []
        for u in state.units_on_map():
            arrival = scenario.arrival_of(u.unit.id)
            if arrival is not None:
                due = (arrival.turn, order.index(u.side), reinf_idx)
                if state.turn_index < due:
                    out.append(Finding("14.0", ARRIVED_EARLY, (u.hex,), (u.unit.id,),
                                       f"{u.unit.id} arrives in the {game.side(u.side).name} Reinforcement Phase of "
                                       f"GT {arrival.turn}, but is on {u.hex} at {state.label}"))
            r = held.get(u.unit.id)
            if r is not None and u.hex != r.home and state.turn is not None and state.turn < r.release:
                out.append(Finding(r.rule, BEFORE_RELEASE, (u.hex, r.home), (u.unit.id,),
                                   f"{u.unit.id} is released on GT {r.release} but is on {u.hex}, not its set-up hex "
                                   f"{r.home}, on GT {state.turn}"))
        return out

    def _tracks(self, state: GameState) -> list[Finding]:
        out: list[Finding] = []
        for side, prop in sorted(state.vp_properties.items()):
            track = state.vp_track.get(side)
            if track is not None and track != prop:
                out.append(Finding("15.0", "VP track and VP property disagree", (), (),
                                   f"{state.game.side(side).name}: VP markers show {track}, property VP_{side} is {prop}"))
        gt_markers = [m for m in state.markers if m.marker.kind == "game_turn" and m.box]
        for m in gt_markers:
            if state.turn is not None and m.box != f"{state.game.turns.label} {state.turn}":
                out.append(Finding("3.1", "GT marker and turn tracker disagree", (), (),
                                   f"the GT marker is in box {m.box!r}, the turn tracker is on {state.label}"))
        return out

    # ------------------------------------------------------------------ supply
    def sections(self, states: list[GameState]) -> list[ReportSection]:
        return []

    def supply(self, state: GameState) -> dict[str, SupplyStatus]:
        """Every on-map unit's supply now (11.2-11.4), traced once per save."""
        return once(state, "supply", lambda: self._trace_supply(state))

    def _trace_supply(self, state: GameState) -> dict[str, SupplyStatus]:
        """Every on-map unit's supply now (11.2-11.4).

        Path length = hexes entered from the unit's hex to the source, the source included
        (a unit on a source has length 0). DECISIONS: a supply path may not enter a prohibited
        (swamp) hex; a friendly-occupied hex never counts as EZOC (11.3); a map-edge supply
        hex is a source unless enemy-occupied and feeds the railroad even if it is itself in
        an EZOC; railroad hexes beyond it are cut by an enemy unit or an EZOC unless
        friendly-occupied (11.2).
        """
        game = state.game
        m = game.map
        on_map = state.units_on_map()
        occupied = occupied_by_side(on_map)
        prohibited = {h for h, t in m.terrain.items() if m.terrain_types.get(t) and m.terrain_types[t].prohibited}
        out: dict[str, SupplyStatus] = {}
        for side in game.sides:
            mine = [u for u in on_map if u.side == side.id]
            if not mine:
                continue
            friendly, enemy = friend_and_foe(occupied, side.id)
            ezoc_all = zoc_hexes(m, enemy)
            ezoc = ezoc_all - friendly
            seeds = [h for h in m.supply_sources.get(side.id, ()) if h not in enemy]
            sources = rail_network(m, seeds, enemy | ezoc)
            traces = trace_to_sources(m, sources, enemy | prohibited, ezoc, max_ezoc=1)
            for u in mine:
                t = traces.get(u.hex)
                length = t.length if t else None
                if length is None or length > LOW_SUPPLY:
                    st = "out"
                elif length > IN_SUPPLY:
                    st = "low"
                else:
                    st = "in"
                out[u.unit.id] = SupplyStatus(u.unit.id, u.side, u.hex, st, length,
                                              t.path[-1] if t else None, t.path if t else (), marker_state(u))
        return out

    def _supply_markers(self, state: GameState, supply: dict[str, SupplyStatus]) -> list[Finding]:
        """11.1 and 11.4 whatever the moment (the checker applies 11.0's timing). DECISION: the
        phasing side's reinforcements of this GT arrived after its Supply Phase, so they have no
        status determined yet (11.0) and are not compared."""
        out: list[Finding] = []
        sc = state.scenario
        arrived = {r.unit for r in sc.reinforcements if r.turn == state.turn} if sc is not None else set()
        for u in state.units_on_map():
            sup = [mk for mk in u.markers if mk.marker.kind == "supply"]
            if len(sup) > 1:
                out.append(Finding("11.1", "More than one supply marker", (u.hex,), (u.unit.id,),
                                   f"{u.unit.id} has {len(sup)} supply markers"))
            s = supply.get(u.unit.id)
            if s is not None and s.marker != s.state and not (u.unit.id in arrived and u.side == state.phasing_side):
                length = "no path" if s.length is None else f"path {s.length}"
                out.append(Finding("11.4", MARKER_TITLE, (u.hex,), (u.unit.id,),
                                   f"{u.unit.id} is {STATE_NAMES[s.state]} ({length}) but marked "
                                   f"{STATE_NAMES[s.marker]}"))
        return out

    # ------------------------------------------------------------------ victory
    def victory(self, states: list[GameState]) -> VPReport:
        """Town and elimination VP (15.1(2), (3)) over saves in play order.

        A Record VPs step (end of each player turn, GT 1 Russian skipped) counts once a save
        is at or past that step; the town position used is the latest save at or before it.
        Steps before the first save cannot be recomputed: the first save's recorded VP is the
        baseline. Town holders carry forward: a town is held by the side that last occupied it.
        """
        first, last = states[0], states[-1]
        game = first.game
        sides = {s.id: s.name for s in game.sides}
        scenario = last.scenario  # the skipped player turns are the scenario's (only those of all, if unknown)
        skips = set(scenario.skip) if scenario else set.intersection(*(set(s.skip) for s in game.scenarios.values()))
        phases = list(game.turns.phases)
        rec_idx = next((i for i, p in enumerate(phases) if p.startswith(RECORD_PHASE)), len(phases) - 1)
        findings: list[Finding] = []
        towns = [t for t in game.map.towns if t.vp]
        other = {s: next(o for o in sides if o != s) for s in sides}

        def occupant(st: GameState, hex_id: str) -> Optional[str]:
            here = st.by_hex().get(hex_id)
            return here[-1].side if here else None

        findings += saves_out_of_order(states, "3.1")
        holders: list[dict[str, str]] = []
        occupants: list[dict[str, Optional[str]]] = []
        held = {t.id: other[t.vp.side] for t in towns}  # at the start each town is its owner's
        for st in states:
            occ = {t.id: occupant(st, t.hex) for t in towns}
            for t in towns:
                if occ[t.id]:
                    held[t.id] = occ[t.id]
            holders.append(dict(held))
            occupants.append(occ)

        # record steps between the first and the last save
        captured: dict[str, int] = {}
        steps = []
        steps_before_first = False
        for gt in range(1, game.turns.count + 1):
            for pi, side in enumerate(game.turns.player_turns):
                if (gt, side) in skips:
                    continue
                key = (gt, pi, rec_idx)
                if first.turn_index < key <= last.turn_index:
                    steps.append((key, gt, side))
                elif key <= first.turn_index:
                    steps_before_first = True
        for t in towns:
            if holders[0][t.id] == t.vp.side and steps_before_first:
                captured[t.id] = 0  # captured before the first save (its capture VP is in the baseline)
        lines_at: list[tuple[tuple[int, int, int], VPLine]] = []
        for key, gt, side in steps:
            j = max(i for i, st in enumerate(states) if st.turn_index <= key)
            for t in towns:
                if t.vp.side != side:
                    continue
                if t.id not in captured and holders[j][t.id] == side:
                    captured[t.id] = gt
                    lines_at.append((key, VPLine(gt, side, f"Capture {t.name} ({t.hex})", t.vp.capture)))
                elif t.id in captured and captured[t.id] != gt and occupants[j][t.id] == side:
                    lines_at.append((key, VPLine(gt, side, f"Occupy {t.name} ({t.hex})", t.vp.occupy)))

        def elim_vp(st: GameState, since: set[str]) -> dict[str, int]:
            vp = {s: 0 for s in sides}
            for uid in st.eliminated:
                u = game.units[uid]
                if uid not in since and not u.mark(ERSATZ_MARK):
                    vp[other[u.side]] += 1
            return vp

        def total_elim(st: GameState) -> dict[str, int]:
            return elim_vp(st, set())

        base_elim = set(first.eliminated)
        prev_recorded: Optional[dict[str, int]] = None
        provable: dict[str, int] = {}
        for j, st in enumerate(states):
            towns_vp = {s: sum(ln.vp for key, ln in lines_at if ln.side == s and key <= st.turn_index) for s in sides}
            new_elim = elim_vp(st, base_elim)
            all_elim = total_elim(st)
            for s in sides:
                low = max(first.vp_recorded.get(s, 0) + towns_vp[s] + new_elim[s],
                          galicia1914_vp.start_vp(st, s) + all_elim[s] + towns_vp[s])
                provable[s] = low
                rec = st.vp_recorded.get(s, 0)
                if rec < low:
                    findings.append(Finding("15.1", "VP recorded below the VP the saves prove", (), (),
                                            f"{st.save_path} ({st.label}): {sides[s]} has {rec} VP recorded, "
                                            f"at least {low} are earned", save=st.save_path))
                if prev_recorded is not None and rec < prev_recorded.get(s, 0):
                    findings.append(Finding("15.1", "VP recorded went down", (), (),
                                            f"{st.save_path}: {sides[s]} VP went from {prev_recorded[s]} to {rec}"))
            prev_recorded = st.vp_recorded
        findings += galicia1914_vp.ceiling_findings(states)
        first_seen: dict[str, GameState] = {}
        for st in states:
            for uid in st.eliminated:
                first_seen.setdefault(uid, st)
        for uid, st in first_seen.items():
            u = game.units[uid]
            if uid not in base_elim:
                lines_at.append((st.turn_index, VPLine(st.turn or 0, other[u.side],
                                                        f"Eliminated {uid}" + (" (Ersatz: 0)" if u.mark(ERSATZ_MARK) else ""),
                                                        0 if u.mark(ERSATZ_MARK) else 1)))
        holds = [TownHold(t.name, t.hex, t.vp.side, holders[-1][t.id], occupants[-1][t.id], captured.get(t.id) or None)
                 for t in towns]
        unknown = [f"attacks by infantry in GT 1-{ATTACK_VP_LAST_GT} (15.1(1), 1 VP each): a save shows no attacks"]
        if steps_before_first:
            unknown.append(f"VP earned before the first save ({first.save_path}, {first.label}): taken as recorded there")
        return VPReport(sides, holds, [ln for _, ln in lines_at], provable, dict(last.vp_recorded),
                        dict(first.vp_recorded), unknown, findings, outcome=[last.scenario_note] if last.scenario_note else [],
                        unprovable="attacks by infantry, 15.1(1)")


def stack_order(hex_id: str, units: list[UnitState]) -> list[Finding]:
    """5.3: "The unit with the largest attack strength (printed on the counter) must always be the
    top-most unit in a stack." DECISION: a stack is one side's units (5.4: the top unit is what the
    opponent sees), so in a hex holding both sides (itself a 4.1 breach) each side's units are
    judged apart, in their order in the hex, never one side's unit against the other's."""
    out: list[Finding] = []
    for side in sorted({u.side for u in units}):
        mine = [u for u in units if u.side == side]
        top, best = mine[-1], max(u.attack for u in mine)
        if top.attack < best:
            strongest = [u for u in mine if u.attack == best][-1]
            out.append(Finding("5.3", "Strongest unit not on top", (hex_id,), (top.unit.id, strongest.unit.id),
                               f"{top.unit.id} (attack {top.attack}) is on top of {hex_id}, "
                               f"but {strongest.unit.id} has attack {best}"))
    return out


def marker_state(u: UnitState) -> str:
    """in / low / out from the unit's supply marker (front Low-Supply, back Out-of-Supply)."""
    sup = [mk for mk in u.markers if mk.marker.kind == "supply"]
    if not sup:
        return "in"
    return "out" if any(mk.back for mk in sup) else "low"


PLUGIN = GaliciaRules  # modgen.plugins finds the built-in plugins by GAME_ID and PLUGIN

__all__ = ["GaliciaRules", "GAME_ID", "PLUGIN", "marker_state", "neighbour_tables"]
