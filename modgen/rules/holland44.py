"""Holland '44: what a save can show against rules 5.7, 6.x, 7.4, 8.6, 18.x, 19.4, 22.2.3, 26.x, 27.3.

Source: Holland '44: Operation Market-Garden, 2nd edition (GMT Games, 2024), read through an OCR
of its Japanese translation and an English digest of it. Where the digest marks a rule as
reconstructed, the reading used here is marked DECISION; the map and counter data are approximate.
"""

from __future__ import annotations

from typing import Optional

from ..gamestate import GameState, UnitState
from ..model import Unit
from ..stacking import BOTH_SIDES, FREE_STACKING, OVERSTACKED
from ..plugin_api import (
    DURING_PHASE, END_OF_PHASE, END_OF_TURN, FIXED_IN_PHASE, Finding, MoveLimits, ReportSection, ReportSpec, RuleTiming, SupplyState, SupplyStatus,
    Timing, TownHold, VPLine, VPReport, once,
)
from . import holland44_log, holland44_supply, holland44_zoc
from .common import both_sides, prohibited_terrain, saves_out_of_order, steps_of, unit_ids
from .holland44_supply import PART1_MAX, marked_oos  # noqa: F401 (importable from here, as before the split)
from .holland44_zoc import Bond, cohesion

GAME_ID = "holland44"
ALLIED, GERMAN = "allied", "german"
ALLIED_AUTO_VP, GERMAN_AUTO_VP = 10, 12  # 26.2, 26.3
SHORT_GAME, SHORT_GAME_STEPS = "short", 4  # S1.3: the scenario id; steps north of the Waal
PLAY_BALANCE_LAST_TURN = 2  # 27.3.1: Segler and Richter are removed at the start of Turn 3
LANDING_MAX_STEPS = 9  # 22.2.3: at most 9 steps may land in one hex
AIRLANDING, BRIDGE_PHASE = "Airlanding", "Bridge"  # 3.0 phases: 22.1, 5.1
NOT_BLOWN_TURN_1, NOT_BLOWN_TURN = "not_blown_allied_turn_1", 1  # 5.7.2: the Grave bridge's tag, and its turn
OOS_TITLE = "OOS marker disagrees with the supply path"
# When each rule holds (3.0: Artillery Resupply, Bridge, Airlanding, Movement, Combat, Recovery,
# Supply, Traffic Marker in each player turn); a save in a phase is taken during it.
# DECISION (6.1): the digest reads "Any overstack must be fixed by the end of the Movement Phase"
# (airlanding, 22.2.3) and "a hex may never hold more than 9 steps. Check this at the end of each
# Movement Phase and after retreats"; 6.4 gives an overstacked hex effects in combat, which could
# mean 2 + 1 may be exceeded. Taken: both limits hold at the end of the owner's Movement Phase
# (and after retreats, 13.1.4), open from its Airlanding Phase (airlanded units may land over them).
STACK = Timing(END_OF_PHASE, "Movement", opens="Airlanding")
STEP_LIMIT = "More than 9 steps in a hex"
TIMINGS = (
    RuleTiming("6.5", Timing(), "6.5: US, British and Polish units may stack together; any German units may stack together.", title=BOTH_SIDES),
    RuleTiming("6.1", STACK, title=OVERSTACKED, name="Stacking limits", words="6.1: 2 units plus 1 free-stacking unit per hex; 9-step limit: check at the end of each "
                             "Movement Phase and after retreats. 22.2.3: any overstack must be fixed by the end of the "
                             "Movement Phase."),
    RuleTiming("6.1", STACK, title=STEP_LIMIT, name="Step limit", words="6.1: never more than 9 steps in a hex; check at the end "
                                                                       "of each Movement Phase and after retreats."),
    RuleTiming("25.2", STACK, name="One unknown unit a hex", words="25.2: unknown units do not count for stacking but are limited to 1 per hex (6.1)."),
    RuleTiming("18.2.2", STACK, name="One supply head a hex", words="18.2.2: airborne supply heads are free-stacking, limited to 1 per hex (6.1)."),
    # 22.2.3 (the OCR, translated: "STACKING: up to 9 steps may land in each hex; landing on friendly units over the
    # stacking limit (6.4), the overstack must be fixed by the end of the Movement Phase"): the
    # limit holds as each unit lands, in the Allied Airlanding Phase; later the landed units may
    # have moved and 6.1's 9 steps (at the end of the Movement Phase) takes over: information.
    RuleTiming("22.2.3", Timing(DURING_PHASE, AIRLANDING), name="At most 9 steps land in a hex", words=
               "22.2.3: at most 9 steps may land in one hex; an overstack made by landing must be fixed by the end "
               "of the Movement Phase."),
    RuleTiming("TEC", Timing(), "TEC: terrain a unit may not enter."),
    RuleTiming("8.6.2", Timing(), "8.6.2: vehicles can enter polder, woods and marsh only along roads."),
    RuleTiming("19.4", Timing(), "19.4: units may not enter enemy entry areas."),
    RuleTiming("5.2", Timing(), "5.2: if blown, place a Blown marker (on the bridge hexside)."),
    RuleTiming("5.3", Timing(), "5.3: a failed attempt puts an Intact marker on the bridge."),
    RuleTiming("5.7.1", Timing(), "5.7.1: never blown: Arnhem, Nijmegen and Westervoort bridges."),
    RuleTiming("5.7.2", Timing(), "5.7.2: the Grave bridge (4816/4817) cannot be blown during the Turn 1 Allied "
               "player-turn."),
    RuleTiming("27.3.1", Timing(END_OF_TURN, turn=PLAY_BALANCE_LAST_TURN), name="Segler and Richter leave", words=
               "27.3.1: Segler and Richter may act only on Turns 1-2 and are removed at the start of Turn 3."),
    # DECISION (18.1): "at the end of each player-turn, check every friendly unit: units that cannot
    # trace supply get an OOS marker, units that can have it removed". Read as: the markers show the
    # position of the owner's Supply Phase and stand until its next one, so they are compared only
    # in a save after that phase in the same player turn (before: the old reading also compared them
    # during the phase, while the markers are being set); other saves against a save of the phase.
    RuleTiming("18.1", Timing(FIXED_IN_PHASE, "Supply"), "18.1: at the end of each player-turn, check every friendly "
               "unit: units that cannot trace supply get an OOS marker; units that can have it removed.", title=OOS_TITLE,
               name="OOS markers"),
    RuleTiming("3.0", Timing(), "3.0: the sequence of play: turns, player turns and phases in order."),
)
NORTH_OF_LOWER_RHINE, NORTH_OF_WAAL = "north-of-lower-rhine", "north-of-waal"


def counts_for_stacking(unit: Unit) -> bool:
    """6.1, 18.2.2, 25.2: unknown units and supply heads do not count (one of each per hex)."""
    return not (unit.has("unknown") or unit.has("supply_head"))


class Holland44Rules:
    game_id = GAME_ID
    report = ReportSpec(
        supply_states=(
            SupplyState("in", "In supply", "#1ea03c", "In supply: at most 4 hexes to a road, then roads to a source (18.3)"),
            SupplyState("out", "Out of supply", "#d71e1e", "Out of supply: no such path"),
        ),
        supply_length="hexes from the unit to the road of part 2 (18.3 part 1, at most 4)",
        victory_title="Victory (26)",
        timings=TIMINGS,
        supply_marker_rule="18.1",
    )

    # ------------------------------------------------------------------ logs (modgen.check.logcheck)
    def move_limits(self, state: GameState, u: UnitState) -> MoveLimits:
        return holland44_log.move_limits(state, u, self.bonds_against(state, u), cohesion)

    # ------------------------------------------------------------------ position
    def check(self, state: GameState) -> list[Finding]:
        findings: list[Finding] = []
        findings += self._stacking(state)
        findings += self._landing(state)
        findings += self._terrain(state)
        findings += self._entry_areas(state)
        findings += self._bridges(state)
        findings += self._play_balance(state)
        findings += self._supply_markers(state, self.supply(state))
        return findings

    def _stacking(self, state: GameState) -> list[Finding]:
        """6.1, 6.5, 18.2.2, 25.2 in every map hex. 19.4: "entry areas have no stacking limit": units in
        an entry-area box are on no hex, so no limit is counted there (see _entry_areas for why the
        map-edge hexes beside an area are map hexes, under the limit)."""
        game = state.game
        st = game.stacking
        out: list[Finding] = []
        for hex_id, units in state.by_hex().items():
            mixed = both_sides(game, hex_id, units, "6.5")
            if mixed:
                out.append(mixed)
            counted = [u for u in units if counts_for_stacking(u.unit)]
            free = [u for u in counted if u.unit.has(FREE_STACKING)]
            n = len(counted) - min(len(free), st.free_units)
            if st.units is not None and n > st.units:
                out.append(Finding("6.1", OVERSTACKED, (hex_id,), unit_ids(counted),
                                   f"{len(counted)} units in {hex_id} ({len(free)} free-stacking): "
                                   f"the limit is {st.units} units plus {st.free_units} free-stacking unit"))
            for tag, rule, what in (("unknown", "25.2", "unknown units"), ("supply_head", "18.2.2", "airborne supply heads")):
                many = [u for u in units if u.unit.has(tag)]
                if len(many) > 1:
                    out.append(Finding(rule, f"More than one of the {what} in a hex", (hex_id,), unit_ids(many),
                                       f"{len(many)} {what} in {hex_id}: one per hex"))
            steps = sum(steps_of(game, u) for u in units if not u.unit.has("dummy"))
            if st.max_steps is not None and steps > st.max_steps:
                out.append(Finding("6.1", STEP_LIMIT, (hex_id,), unit_ids(units),
                                   f"{steps} steps in {hex_id}: never more than {st.max_steps}"))
        return out

    def _landing(self, state: GameState) -> list[Finding]:
        """22.2.3: the steps that land in a hex this turn, at most 9 (the checker applies it in the
        Airlanding Phase, TIMINGS). DECISION: the units landing this turn are the airborne units
        the scenario drops on this turn (a drop code and this arrival turn); a landing delayed
        from an earlier turn (22.2.2) is not seen, so its steps are not counted."""
        landed: dict[str, list[UnitState]] = {}
        for u in self._landing_now(state):
            landed.setdefault(u.hex or "", []).append(u)
        out: list[Finding] = []
        for hex_id, here in sorted(landed.items()):
            steps = sum(steps_of(state.game, u) for u in here)
            if steps > LANDING_MAX_STEPS:
                out.append(Finding("22.2.3", "More than 9 steps landed in a hex", (hex_id,), unit_ids(here),
                                   f"{steps} steps landed in {hex_id} on Turn {state.turn}: at most "
                                   f"{LANDING_MAX_STEPS} may land in one hex"))
        return out

    @staticmethod
    def _landing_now(state: GameState) -> list[UnitState]:
        """Units on the map that the scenario lands by air on the save's turn (none when the scenario is unknown)."""
        sc = state.scenario
        if sc is None or state.turn is None:
            return []
        out = []
        for u in state.units_on_map():
            arrival = sc.arrival_of(u.unit.id)
            if arrival is not None and arrival.drop and arrival.turn == state.turn:
                out.append(u)
        return out

    def _terrain(self, state: GameState) -> list[Finding]:
        """8.6.2: units may be in road-only terrain only on a road hex."""
        m = state.game.map
        roads = m.road_hexes()
        out: list[Finding] = prohibited_terrain(state)  # the TEC (map.yaml, game.yaml movement.prohibited_rule)
        for u in state.units_on_map():
            t = m.terrain_types[m.terrain[u.hex]]
            if t.closed_to(u.unit.tags):
                continue
            elif u.unit.tags & set(t.road_only) and u.hex not in roads:
                out.append(Finding("8.6.2", f"Vehicle in {t.name} off the road", (u.hex,), (u.unit.id,),
                                   f"{u.unit.id} ({', '.join(sorted(u.unit.tags & set(t.road_only)))}) is in {t.name} hex "
                                   f"{u.hex} with no road: it may enter {t.name} only along a road"))
        return out

    def _entry_areas(self, state: GameState) -> list[Finding]:
        """19.4: units may not be in an enemy entry area; its owner is the data's for the save's turn
        (19.2.1-19.2.2: A and L are German on Turns 1-6 and Allied from Turn 7).

        DECISION, what is "in" an entry area. Reading 1 (issue 23): the map-edge hexes of an area
        (EntryArea.hexes) are part of it, so a unit standing on one of an enemy area is in it.
        Reading 2, taken: the areas are off-map boxes and their hexes are ordinary map hexes
        beside them. The rules say so: 19.1, reinforcements are placed in the area and enter the
        map paying the first hex's cost; 19.7, units in an entry area may attack the adjacent map
        hexes and advance onto the map; 19.8, artillery in an entry area counts its range from
        the adjacent map-edge hex; 7.4.5, units form hexside bonds with the edge of a friendly
        entry area. And 26.5.1 scores 's-Hertogenbosch (4301), a map-edge hex of German area C,
        for the Allies, who could never hold it under reading 1. So only units in the area's box
        (UnitState.area) are in it; the map-edge hexes keep the map's rules (6.1 stacking too)."""
        out: list[Finding] = []
        for u in state.units:
            if u.area is None:
                continue
            area = state.game.map.entry_area(u.area)
            owner = area.owner_on(state.turn) if area else None
            if owner is not None and owner != u.side:
                out.append(Finding("19.4", "Unit in an enemy entry area", (), (u.unit.id,),
                                   f"{u.unit.id} is in entry area {u.area}, which belongs to "
                                   f"{state.game.side(owner).name} on Turn {state.turn}"))
        return out

    def _bridges(self, state: GameState) -> list[Finding]:
        """5.2 and 5.7: bridge markers lie on bridges; never-blown bridges carry no Blown marker."""
        m = state.game.map
        out: list[Finding] = []
        bridges = {s: ft for ft in m.hexside_features if m.hexside_types[ft.type].on for s in ft.sides}
        marks: dict[frozenset[str], set[str]] = {}
        for mk in state.markers:
            if mk.marker.kind not in ("bridge_blown", "bridge_intact") or mk.map is None or mk.box is not None:
                continue
            side = mk.hexside
            where = "/".join(sorted(side)) if side else (mk.hex or "?")
            if side is None or side not in bridges:
                out.append(Finding("5.2", "Bridge marker not on a bridge", tuple(sorted(side)) if side else (mk.hex,), (),
                                   f"{mk.face} marker at {where} is not on a bridge hexside"))
                continue
            marks.setdefault(side, set()).add(mk.marker.kind)
            if mk.marker.kind == "bridge_blown" and "never_blown" in bridges[side].tags:
                out.append(Finding("5.7.1", "Never-blown bridge marked Blown", tuple(sorted(side)), (),
                                   f"{bridges[side].name} ({where}) can never be blown"))
            elif mk.marker.kind == "bridge_blown" and NOT_BLOWN_TURN_1 in bridges[side].tags and _before_german_bridge_phase(state):
                out.append(Finding("5.7.2", "Bridge blown on Turn 1 in the Allied player-turn", tuple(sorted(side)), (),
                                   f"{bridges[side].name} ({where}) is marked Blown on Turn {state.turn} before the German "
                                   f"Bridge Phase: it cannot be blown during the Turn {NOT_BLOWN_TURN} Allied player-turn"))
        for side, kinds in marks.items():
            if len(kinds) > 1:
                out.append(Finding("5.3", "Bridge marked both Blown and Intact", tuple(sorted(side)), (),
                                   f"{bridges[side].name} ({'/'.join(sorted(side))}) has Blown and Intact markers"))
        return out

    def _play_balance(self, state: GameState) -> list[Finding]:
        """27.3.1 at any turn: the checker makes it pending until the end of Turn 2."""
        return [Finding("27.3.1", "Play-balance unit still on the map", (u.hex,), (u.unit.id,),
                        f"{u.unit.id} is on {u.hex} on Turn {state.turn}: it is removed at the start of "
                        f"Turn {PLAY_BALANCE_LAST_TURN + 1}")
                for u in state.units_on_map() if u.unit.has("play_balance")]

    def _supply_markers(self, state: GameState, supply: dict[str, SupplyStatus]) -> list[Finding]:
        """18.1 for every unit whatever the moment: the checker applies its timing (TIMINGS)."""
        out: list[Finding] = []
        for u in state.units_on_map():
            s = supply.get(u.unit.id)
            if s is not None and s.marker != s.state:
                why = f"traces to {s.source} ({len(s.path) - 1} hexes)" if s.state == "in" else "has no supply path"
                out.append(Finding("18.1", OOS_TITLE, (u.hex,), (u.unit.id,),
                                   f"{u.unit.id} {why} but is {'marked' if s.marker == 'out' else 'not marked'} Out of Supply"))
        return out

    # ------------------------------------------------------------------ ZOC bonds (holland44_zoc)
    def bonds(self, state: GameState) -> list[Bond]:
        """Every ZOC bond of the position, worked out once per state (holland44_zoc.bonds)."""
        return holland44_zoc.bonds(state)

    def bonds_against(self, state: GameState, mover: UnitState) -> list[Bond]:
        """The bonds a moving unit meets, 7.4.3 (holland44_zoc.bonds_against: the DECISION)."""
        return holland44_zoc.bonds_against(state, mover)

    # ------------------------------------------------------------------ supply
    def sections(self, states: list[GameState]) -> list[ReportSection]:
        return []

    def supply(self, state: GameState) -> dict[str, SupplyStatus]:
        """18.3 for every unit on the map, traced once per save (see holland44_supply.trace_supply)."""
        return once(state, "supply", lambda: holland44_supply.trace_supply(state, self.bonds(state)))

    # ------------------------------------------------------------------ victory
    def victory(self, states: list[GameState]) -> VPReport:
        """26.x over saves in play order: VP hexes held (occupied, or last passed through: the
        last side seen in the hex over the saves; every VP hex starts German), Allied ground
        units north of the Lower Rhine tracing supply to an Allied entry area, German VP for
        eliminated Allied units (1 for a 3-step unit, 1/2 for any other; none for supply heads
        and remnants), automatic victory (26.2, 26.3) and the winner at the end of the last save's
        scenario (S1.3 for S1, 26.4 for S2; neither when the scenario is unknown).
        DECISION: automatic victory holds in every scenario (the Victory Check Phase, 26.1, is in
        every turn; S1 keeps the VP markers); S1.3 replaces only the end of the game."""
        first, last = states[0], states[-1]
        game = first.game
        sides = {s.id: s.name for s in game.sides}
        findings = saves_out_of_order(states, "3.0")
        towns = [t for t in game.map.towns if t.vp]
        held = {t.id: GERMAN for t in towns}
        occupied: dict[str, Optional[str]] = {}
        for st in states:
            by_hex = st.by_hex()
            for t in towns:
                here = [u for u in by_hex.get(t.hex, []) if not u.unit.has("dummy")]
                occupied[t.id] = here[-1].side if here else None
                if occupied[t.id]:
                    held[t.id] = occupied[t.id]
        lines: list[VPLine] = []
        turn = last.turn or 0
        for t in towns:
            if held[t.id] == t.vp.side:
                lines.append(VPLine(turn, t.vp.side, f"Hold {t.name} ({t.hex})", t.vp.hold))
        supply = self.supply(last)
        north = set(game.map.area(NORTH_OF_LOWER_RHINE).hexes) if game.map.area(NORTH_OF_LOWER_RHINE) else set()
        ground_north = [u for u in last.units_on_map() if u.side == ALLIED and u.hex in north and _ground(u.unit)
                        and _entry_supplied(supply.get(u.unit.id))]
        for u in ground_north:
            lines.append(VPLine(turn, ALLIED, f"Supplied ground unit north of the Lower Rhine: {u.unit.id} ({u.hex})", 1))
        for uid in last.eliminated:
            u = game.units[uid]
            if u.side != ALLIED or u.has("supply_head") or u.has("remnant"):
                continue
            vp = 1 if (game.unit_steps(u, False) or 0) >= 3 else 0.5
            lines.append(VPLine(turn, GERMAN, f"Eliminated {uid}", vp))
        total = {s: sum(ln.vp for ln in lines if ln.side == s) for s in sides}
        outcome = [f"VP now: {sides[ALLIED]} {total[ALLIED]:g}, {sides[GERMAN]} {total[GERMAN]:g}"]
        if total[ALLIED] >= ALLIED_AUTO_VP and ground_north:
            outcome.append(f"26.3: {sides[ALLIED]} automatic victory at the Victory Check ({total[ALLIED]:g} VP and "
                           f"{len(ground_north)} supplied ground unit(s) north of the Lower Rhine)")
        if total[GERMAN] >= GERMAN_AUTO_VP:
            outcome.append(f"26.2: {sides[GERMAN]} automatic victory at the Victory Check ({total[GERMAN]:g} VP)")
        sc = last.scenario
        if sc is None:
            outcome.append(last.scenario_note or "")
        elif sc.id == SHORT_GAME:
            waal = set(game.map.area(NORTH_OF_WAAL).hexes) if game.map.area(NORTH_OF_WAAL) else set()
            steps = sum(steps_of(game, u) for u in last.units_on_map() if u.side == ALLIED and u.hex in waal
                        and _ground(u.unit) and _entry_supplied(supply.get(u.unit.id)))
            what = f"{steps} steps of supplied Allied ground units north of the Waal"
            if turn >= sc.turns:
                winner = ALLIED if steps >= SHORT_GAME_STEPS else GERMAN
                outcome.append(f"{sc.name}: at the Turn {sc.turns} Victory Check (S1.3), {what} "
                               f"(needs {SHORT_GAME_STEPS}): {sides[winner]} win")
            else:
                outcome.append(f"{sc.name}: Turn {turn} of {sc.turns}; {what} now (S1.3: {sides[ALLIED]} "
                               f"need {SHORT_GAME_STEPS} at the Turn {sc.turns} Victory Check)")
        elif turn >= sc.turns:
            winner = ALLIED if total[ALLIED] > total[GERMAN] else GERMAN  # 26.4: a tie goes to the German player
            outcome.append(f"{sc.name} at its end (26.4): {sides[winner]} win")
        else:
            outcome.append(f"{sc.name}: Turn {turn} of {sc.turns}; after Turn {sc.turns} the side with more VP "
                           f"wins, a tie goes to {sides[GERMAN]} (26.4)")
        holds = [TownHold(t.name, t.hex, t.vp.side, held[t.id], occupied.get(t.id), None) for t in towns]
        unknown = ["VP hexes passed through between two saves (26.5.1): only the saves' occupants are seen"]
        recorded = dict(last.vp_recorded)
        for s in sides:  # DECISION: the track is updated at the Victory Check only, so a difference is a note
            if last.vp_track and recorded.get(s, 0) != int(total[s]):
                outcome.append(f"{sides[s]} VP track shows {recorded.get(s, 0)}; the position gives {total[s]:g} "
                               f"(the track is updated in the Victory Check Phase, 26.1)")
        return VPReport(sides, holds, lines, {s: total[s] for s in sides}, recorded, dict(first.vp_recorded), unknown,
                        findings, outcome)


def _before_german_bridge_phase(state: GameState) -> bool:
    """5.7.2: the save is of Turn 1 before the German player's first Bridge Phase (5.5), so a Blown
    marker there was placed in the Allied player-turn (5.4). DECISION: the German Artillery Resupply
    Phase of Turn 1 comes before any German chance to blow it, so it counts too; in the German
    Bridge Phase and after, the bridge may have been blown legally (5.5)."""
    if state.turn != NOT_BLOWN_TURN or state.phasing_side is None:
        return False
    if state.phasing_side == ALLIED:
        return True
    phases = list(state.game.turns.phases)
    return state.phase in phases and BRIDGE_PHASE in phases and phases.index(state.phase) < phases.index(BRIDGE_PHASE)


def _ground(unit: Unit) -> bool:
    """Ground units for 26.3 and S1: combat units that did not arrive by air. DECISION."""
    return not (unit.has("airborne") or unit.has("supply_head") or unit.has("unknown"))


def _entry_supplied(s: Optional[SupplyStatus]) -> bool:
    return s is not None and s.state == "in" and (s.source or "").startswith("entry area")


PLUGIN = Holland44Rules  # modgen.plugins finds the built-in plugins by GAME_ID and PLUGIN

__all__ = ["Holland44Rules", "GAME_ID", "PLUGIN", "Bond", "cohesion"]
