"""The Eastern Front in WW1 ("1914, Twilight in the East"): what one save can show against
rules 4.2 (stacking), 9.5, 9.8, 9.9 (artillery, corps trains and depots near the enemy),
12.1 and 12.4 (fortress units and their garrisons) and 3.3.5 (movement restrictions).

Source: The Eastern Front in WW1: 1914, Twilight in the East, Rule Book, Living Rules (June 2014). The text we
have stops inside 14.7: supply (14.0-14.4.1, 14.7) is traced in modgen.rules.ef1914_supply, and the
victory rules (27.0) are not in the text at all. Where the text leaves a reading open, the choice is marked DECISION.

How the data encodes what these rules read (counters/ef1914/units.yaml, game.yaml):
  unit type  infantry, cavalry, artillery, fortress, fort, corps_train, minor_depot, major_depot
             (the last three carry the tag supply_unit, the depots also depot; fortress and fort
             carry fortress, forts also fort)
  size       XX division, X brigade, III regiment, II battalion (supply units XXX)
  reduced    the Step layer (UnitState.reduced): a division on its half-strength side
  release_gt the Movement Restriction / Fortress Garrison dot (99: a dot without a number)
  Rail Mode  a `rail_mode` marker on the unit's stack, front side up (8.2.4)
"""

from __future__ import annotations

from typing import Optional

from ..gamestate import GameState, UnitState
from ..model import Game
from ..movement import BEFORE_RELEASE, Restriction
from ..stacking import BOTH_SIDES, OVERSTACKED
from ..plugin_api import (
    END_OF_PHASE, FIXED_IN_PHASE, Finding, Overlay, ReportSection, ReportSpec, RuleTiming, SupplyState, SupplyStatus, Timing,
    VPReport, once,
)
from . import (
    ef1914_attachment, ef1914_causeway, ef1914_log, ef1914_pontoon, ef1914_positions, ef1914_rail, ef1914_reaction, ef1914_supply,
    ef1914_victory,
)
from .ef1914_units import enemy_zoc, is_artillery, is_combat, projects_zoc, rail_mode
from .common import neighbour_tables, prohibited_terrain, unit_ids

GAME_ID = "ef1914"
NEVER = 99  # game.yaml: a dot without a number, never released
DIVISIONS_LIMIT_HALVES = 6  # 4.2: three division-sized infantry units, counted in halves
ARTILLERY_LIMIT = 2  # 4.2: plus two artillery units

SUPPLY_TITLE = "Supply marker disagrees with the supply traced"
STACK_WORDS = ("4.2: No more than THREE division-sized infantry units plus TWO artillery units can occupy a hex "
               "at the END of any friendly movement phase. Reduced division-sized infantry units, supply units and "
               "division-sized cavalry units count as half; infantry regiments and battalions, cavalry brigades, "
               "fortress units and all game markers do not affect stacking; entrained units bearing a Rail Mode "
               "marker do not count. An over-stack made by a retreat (or a cavalry reaction) must be corrected "
               "during the next friendly movement phase.")
# DECISION (4.2): the limit holds from the end of the owner's Movement Phase on; it is open during
# that phase (units pass through stacks freely). An over-stack that a retreat after combat or a
# cavalry reaction made after that phase is legal until the owner's next Movement Phase: one save
# cannot tell it from a stack that moved in, so the finding's message names that exception.
STACK = Timing(END_OF_PHASE, "Movement")
TIMINGS = (
    RuleTiming("4.2", STACK, STACK_WORDS, title=OVERSTACKED, name="Stacking limit"),
    RuleTiming("4.2", STACK, STACK_WORDS, title="More than two artillery units in a hex", name="Artillery stacking limit"),
    # DECISION: the text has no sentence of its own for it; units attack enemy-occupied hexes and only
    # friendly stacks may be entered (4.2: "Moving and retreating units can freely enter and pass through
    # stacks of friendly units"), so the two sides never share a hex, at any moment.
    RuleTiming("4.2", Timing(), "4.2: moving and retreating units can freely enter and pass through stacks of "
               "FRIENDLY units; enemy-occupied hexes are attacked, never entered.",
               title=BOTH_SIDES),
    RuleTiming("9.5", Timing(), "9.5: an artillery unit may never be in an EZOC unless the hex is occupied by a "
               "friendly combat unit or it is moving with a friendly combat unit (4.1: only combat units and "
               "Fortresses project a ZOC; not across lake, sea, Major or Grand River hexsides, even at bridges)."),
    RuleTiming("9.8", Timing(), "9.8: the instant a Corps Train unit that is not stacked with a friendly combat unit "
               "is in an EZOC it must retreat three hexes (or be eliminated)."),
    RuleTiming("9.9", Timing(), "9.9: a Depot unit may never be adjacent to an enemy unit; if an enemy unit moves "
               "adjacent it must displace."),
    RuleTiming("12.1", Timing(), "12.1: a fortress unit may never move (3.7: its set-up hex is printed on its back)."),
    RuleTiming("12.4", Timing(), "3.3.5, 12.4: a unit with the dot that begins stacked on a fortress unit is a "
               "fortress garrison: it may not leave the fortress unit or complex (it may move within a multi-hex "
               "complex) until the GT in the dot; without a number, never; released if retreated outside it."),
    RuleTiming("3.3.5", Timing(), "3.3.5: a unit bearing the Movement Restriction dot begins the scenario immobile "
               "(or as a city garrison) until the GT in the dot; without a number it is never released."),
    RuleTiming("5.0", Timing(), "5.0: the sequence of play: game turns, player turns and phases in order."),
    RuleTiming("8.2", Timing(), "8.2.6: the number of RCPs that can en/detrain in one station during a Movement Phase "
               "is limited to 8; during a Counter Movement Phase it is limited to 4 (a log's rail moves).",
               title="RR Station capacity exceeded"),
    RuleTiming("8.1.6", Timing(), "8.1.6: a player may move across a causeway only if both hexes on each side of the "
               "causeway are friendly controlled; the maximum number of units that may move across a causeway in each "
               "movement phase: four Asset Units, or one Brigade Formation + 2 Asset Units, or one Division Formation + 1 "
               "Asset Unit (a log's moves that no way round the causeways explains).", name="Causeway limit"),
    RuleTiming("18.0", Timing(), "2.2: bridges exist wherever a roadway or RR line crosses a river hexside and "
               "wherever a Pontoon bridge has been laid; 5.4: Pontoon Bridge Phase: place pontoon bridges (18.0, lost: "
               "where, when and by whom one may be laid is not checkable; a log's pontoon laid or taken up is noted).",
               title=ef1914_pontoon.NOTE_TITLE, name="Pontoon bridges"),
    RuleTiming("8.4", Timing(), "8.4: during the Movement Phase a unit may expend three MPs and place a Prepared Attack "
               "marker (not during the Counter Movement Phase); only non-demoralized infantry and artillery units can "
               "place Prepared Attack markers (a log's unit that took one on).", name="Prepared Attack"),
    RuleTiming("9.1", Timing(), "9.1: during an enemy movement phase a cavalry unit may move one hex when an enemy unit "
               "moves adjacent to it (Trigger 1) or from one hex adjacent to it into another (Trigger 2); cavalry units "
               "both Demoralized and Out of Supply cannot exercise Cavalry Reaction (a log's one-hex cavalry move).",
               name="Cavalry Reaction"),
    RuleTiming("8.5", Timing(), "8.5: a successful Repulse causes the entire defending stack to retreat two hexes; a "
               "player with a friendly combat unit adjacent to an enemy-occupied hex may Repulse it, never a hex with an "
               "enemy fortress unit nor over a Major or Grand River (a log's two-hex move of the side not moving).",
               title="Two-hex retreat without a Repulse"),
    # 14.0: "The supply state of a player's units is determined once per GT during the friendly Supply Phase;
    # once a unit is determined to be in Low Supply or Out of Supply, it remains so until its status is checked
    # anew during the next friendly Supply Phase" (14.5: "Units that are in Low Supply or Out of Supply suffer
    # these effects until the next Supply Phase"). The markers state the supply of the position of the Supply
    # Phase; units move after it (Movement, Counter Movement, retreats), so a later position is no test of them.
    # DECISION (the RR Engineering Phase, between Supply and Movement): reading 1, compare there too: no unit moves
    # in it, the position is the Supply Phase's; reading 2, do not: a Railhead advanced in it (17.x, lost) may
    # make a line friendly operational that was not at the Supply Phase. Reading 1: the Railhead is a marker the
    # player moves for the next GT's supply, and a marker check that holds in no phase after Supply could never
    # be an error in a single save. Compared up to (not including) the Movement Phase; info after it.
    RuleTiming("14.4", Timing(FIXED_IN_PHASE, "Supply", until="Movement"), "14.0: the supply state of a player's "
               "units is determined once per GT during the friendly Supply Phase; once a unit is determined to be in "
               "Low Supply or Out of Supply, it remains so until its status is checked anew during the next friendly "
               "Supply Phase. 14.4 (1)-(4): place an Out of Supply marker on any depot "
               "unit without a valid LOC and on any Corps Train unit with no valid supply line; place a Low Supply "
               "marker on all combat and artillery units that trace supply from a Corps Train unit on its extended "
               "mode side, or that trace to a RR line hex at ranges between 4 and 6 hexes; place an Out of Supply "
               "marker on all combat and artillery units that cannot trace a valid supply line.",
               title=SUPPLY_TITLE, name="Supply markers"),
) + ef1914_positions.TIMINGS + ef1914_attachment.TIMINGS
SUPPLY_STATES = (
    SupplyState("in", "In Supply", "#1ea03c", "In Supply: a depot of its army, its corps' train, a RR line within 3 hexes"),
    SupplyState("low", "Low Supply", "#e0a800", "Low Supply: an Extended corps train, or a RR line 4-6 hexes away"),
    SupplyState("out", "Out of Supply", "#d71e1e", "Out of Supply: no supply line (Isolated ones named in the report)"),
)
SUPPLY_NOTES = (
    "14.1-14.4 traced for every unit on the map: depots need a LOC along friendly operational RR to a friendly map "
    "edge, Corps Trains a depot of their army in range or a RR line joined to an edge, combat and artillery units "
    "their army's depots, their corps' train (two guest cavalry formations per train), a RR line within 6 hexes or "
    "a fortress magazine. Path costs in hexes: double-track RR 1/4, single 1/2, rough 1 1/2, mountain and wetlands "
    "2 (1 along a road), mountain ridge +1, Grand/Major river crossings +1 in Autumn. A supply line crosses a "
    "Grand or Major River only at a bridge, pontoon or ferry; a bridge exists wherever a road or RR line crosses "
    "a river hexside (2.2); a Pontoon Bridge marker bridges the river hexside it lies on, or every river hexside of "
    "the hex it stands in (18.0 is lost: where one may be laid is not checked). A corps is its nationality's: the German and A-H XVII Corps are two corps.",
    "Read from the save as the rules' lost parts force (DECISIONs in modgen/rules/ef1914_supply.py): friendly "
    "operational RR = the side's home-country lines free of enemy units, plus lines in enemy country up to a "
    "friendly Railhead marker (17.1 is lost); weather (20.0) is lost: wetlands always count 2; control (4.3) "
    "is read as home country for isolation.",
)

def ids_of(units: list[UnitState]) -> tuple[str, ...]:
    """Unit ids sorted: a finding names a stack's units the same way whatever their order in it."""
    return tuple(sorted(unit_ids(units)))


def stacking_halves(u: UnitState) -> int:
    """4.2 in half division-equivalents: full infantry division 2; infantry brigade, reduced
    division, supply unit, cavalry division 1; anything else (regiments, battalions, cavalry
    brigades, artillery, fortress units) and any unit in Rail Mode 0."""
    if rail_mode(u):
        return 0
    t, size = u.unit.type, u.unit.size
    if t == "infantry":
        return (1 if u.reduced else 2) if size == "XX" else (1 if size == "X" else 0)
    if t == "cavalry":
        return 1 if size == "XX" else 0
    if u.unit.has("supply_unit"):
        return 1
    return 0


def setup_hexes_of(state: GameState) -> Optional[dict[str, str]]:
    """Each set-up unit's hex in the save's scenario; None when the scenario is unknown."""
    sc = state.scenario
    if sc is None:
        return None
    return {p.unit: p.hex for p in sc.setup if p.hex}


class EF1914Rules:
    game_id = GAME_ID
    report = ReportSpec(supply_states=SUPPLY_STATES, supply_length="hexes entered from the unit to its supply source",
                        victory_title="Victory (27.0: not in the rules text)", timings=TIMINGS, supply_marker_rule="14.4")

    # log hooks (modgen.check.logcheck): movement limits (8.0, 8.1, 4.1, 3.3), the other side's moves in a movement phase
    move_limits = staticmethod(ef1914_log.move_limits)
    off_turn_move = staticmethod(ef1914_reaction.off_turn_move)  # 9.1 (ef1914_reaction) over ef1914_log's
    off_turn_refusal = staticmethod(ef1914_reaction.off_turn_refusal)  # 9.1: a reaction no trigger explains; 8.5: a two-hex retreat no Repulse explains
    other_mode_moves = staticmethod(ef1914_rail.other_mode_moves)  # 8.2.6: a station's capacity, over the phase's rail moves
    counted_crossings = staticmethod(ef1914_causeway.counted_crossings)  # 8.1.6: the causeways' limit, over the phase's moves
    log_phases = staticmethod(ef1914_log.log_phases)  # 8.4: a Prepared Attack marker on a unit that did not move

    # ------------------------------------------------------------------ position
    def check(self, state: GameState) -> list[Finding]:
        findings: list[Finding] = []
        findings += self._stacking(state)
        findings += prohibited_terrain(state)  # the authored TEC's Lake, Baltic Sea, High Mountain for artillery
        findings += self._near_the_enemy(state)
        findings += self._set_up_hexes(state)
        findings += ef1914_positions.findings(state)
        findings += ef1914_attachment.findings(state)
        findings += self._supply_markers(state)
        return findings

    def _supply_markers(self, state: GameState) -> list[Finding]:
        """14.4: the Low Supply / Out of Supply markers against the supply traced now, whatever the
        moment (the checker applies the rule's timing: compared in the owner's Supply Phase and after it)."""
        out: list[Finding] = []
        names = {s.id: s.name for s in SUPPLY_STATES}
        for uid, s in sorted(self.supply(state).items()):
            if s.marker != s.state:
                out.append(Finding("14.4", SUPPLY_TITLE, (s.hex,), (uid,),
                                   f"{uid} is {names[s.state]} ({s.source}) but marked {names[s.marker]}"))
        return out

    def _stacking(self, state: GameState) -> list[Finding]:
        game = state.game
        out: list[Finding] = []
        for hex_id, units in sorted(state.by_hex().items()):
            sides = sorted({u.side for u in units})
            if len(sides) > 1:
                out.append(Finding("4.2", "Units of both sides in one hex", (hex_id,), ids_of(units),
                                   f"{', '.join(game.side(s).name for s in sides)} units share {hex_id}"))
            for side in sides:
                mine = [u for u in units if u.side == side]
                halves = sum(stacking_halves(u) for u in mine)
                if halves > DIVISIONS_LIMIT_HALVES:
                    counted = [u for u in mine if stacking_halves(u)]
                    out.append(Finding("4.2", OVERSTACKED, (hex_id,), ids_of(counted),
                                       f"{halves / 2:g} division-equivalents of {game.side(side).name} in {hex_id}: at "
                                       f"most 3 at the end of a friendly movement phase (legal only if a retreat after "
                                       f"combat or a cavalry reaction made it, until the next friendly movement phase)"))
                guns = [u for u in mine if is_artillery(u) and not rail_mode(u)]
                if len(guns) > ARTILLERY_LIMIT:
                    out.append(Finding("4.2", "More than two artillery units in a hex", (hex_id,), ids_of(guns),
                                       f"{len(guns)} {game.side(side).name} artillery units in {hex_id}: at most "
                                       f"{ARTILLERY_LIMIT} at the end of a friendly movement phase"))
        return out

    def _near_the_enemy(self, state: GameState) -> list[Finding]:
        """9.5 artillery and 9.8 corps trains in an EZOC without a friendly combat unit; 9.9 depots
        adjacent to any enemy unit."""
        m = state.game.map
        nbrs, _ = neighbour_tables(m)
        by_hex = state.by_hex()
        zocs = {s.id: enemy_zoc(state, s.id) for s in state.game.sides}
        out: list[Finding] = []
        for u in sorted(state.units_on_map(), key=lambda x: (x.hex, x.unit.id)):
            here = by_hex.get(u.hex, [])
            covered = any(v.side == u.side and is_combat(v) for v in here)
            ezoc = zocs[u.side].get(u.hex, [])
            if ezoc and not covered and is_artillery(u):
                out.append(Finding("9.5", "Artillery in an EZOC without a friendly combat unit", (u.hex,), (u.unit.id,),
                                   f"{u.unit.id} is in {u.hex}, in the ZOC of enemy units in {', '.join(sorted(ezoc))}, "
                                   f"with no friendly combat unit in its hex: it must displace (9.5.1)"))
            if ezoc and not covered and u.unit.type == "corps_train":
                out.append(Finding("9.8", "Corps Train in an EZOC without a friendly combat unit", (u.hex,), (u.unit.id,),
                                   f"{u.unit.id} is in {u.hex}, in the ZOC of enemy units in {', '.join(sorted(ezoc))}, "
                                   f"with no friendly combat unit in its hex: it must retreat three hexes (9.8.1)"))
            if u.unit.has("depot"):
                near = sorted(n for n in nbrs.get(u.hex, ()) if any(v.side != u.side for v in by_hex.get(n, [])))
                if near:
                    out.append(Finding("9.9", "Depot adjacent to an enemy unit", (u.hex,), (u.unit.id,),
                                       f"{u.unit.id} is in {u.hex}, adjacent to enemy units in {', '.join(near)}: "
                                       f"it must displace along a friendly RR line"))
        return out

    def _set_up_hexes(self, state: GameState) -> list[Finding]:
        """12.1 fortress units on their set-up hex; 12.4 fortress garrisons in their complex and
        3.3.5 movement-restricted units on their set-up hex before their release GT. The set-up
        hex is the save's scenario's (the counter's back for fortresses); unknown scenario: none."""
        setup = setup_hexes_of(state)
        if setup is None:
            return []
        out: list[Finding] = []
        fortress_hexes = self._complexes(state.game, setup)
        assert state.scenario is not None
        held = {r.unit: r for r in self.restrictions(state.game) if r.scenario == state.scenario.id}  # 3.3.5
        for u in sorted(state.units_on_map(), key=lambda x: x.unit.id):
            home = setup.get(u.unit.id)
            if home is None:
                continue  # not in the set-up (a reinforcement): its set-up hex is not known here
            if u.unit.has("fortress"):
                if u.hex != home:
                    out.append(Finding("12.1", "Fortress unit off its set-up hex", (u.hex,), (u.unit.id,),
                                       f"{u.unit.id} ({u.unit.name}) is in {u.hex}; its set-up hex is {home}: "
                                       f"a fortress unit may never move"))
                continue
            release = u.unit.mark("release_gt")
            if not isinstance(release, int) or isinstance(release, bool) or state.turn is None or state.turn >= release:
                continue
            until = "never released" if release >= NEVER else f"released on GT {release}"
            complex_ = next((hexes for hexes in fortress_hexes.values() if home in hexes), None)
            if complex_ is not None:
                if u.hex not in complex_:
                    out.append(Finding("12.4", "Fortress garrison outside its fortress complex", (u.hex,), (u.unit.id,),
                                       f"{u.unit.id} began on the fortress in {home} and is in {u.hex}, outside the "
                                       f"complex ({', '.join(sorted(complex_))}) on GT {state.turn} ({until}; legal "
                                       f"only if a retreat put it there, which releases it)"))
            elif u.unit.id in held and u.hex != held[u.unit.id].home:
                out.append(Finding(held[u.unit.id].rule, BEFORE_RELEASE, (u.hex,), (u.unit.id,),
                                   f"{u.unit.id} is in {u.hex}, not its set-up hex {home}, on GT {state.turn} "
                                   f"({until})"))
        return out

    @staticmethod
    def restrictions(game: Game) -> list[Restriction]:
        """3.3.5, per scenario: a set-up unit with a Movement Restriction dot (no fortress, not a garrison of a
        fortress complex: 12.4 holds those) stays on its set-up hex until the dot's GT (99: never), as
        _set_up_hexes reads it."""
        out = []
        for sc in game.scenarios.values():
            setup = {p.unit: p.hex for p in sc.setup if p.hex}
            complexes = EF1914Rules._complexes(game, setup)
            for uid, home in sorted(setup.items()):
                unit = game.units[uid]
                release = unit.mark("release_gt")
                if unit.has("fortress") or not isinstance(release, int) or isinstance(release, bool):
                    continue
                if not any(home in hexes for hexes in complexes.values()):
                    out.append(Restriction(uid, sc.id, home, release, "3.3.5"))
        return out

    @staticmethod
    def _complexes(game: Game, setup: dict[str, str]) -> dict[str, set[str]]:
        """Fortress ID (the printed name) -> the set-up hexes of its fortress units (12.1: a complex
        is two or more fortress units bearing the same ID; one unit makes a one-hex 'complex')."""
        out: dict[str, set[str]] = {}
        for uid, h in setup.items():
            unit = game.units.get(uid)
            if unit is not None and unit.has("fortress"):
                out.setdefault(unit.name, set()).add(h)
        return out

    # ------------------------------------------------------------------ supply, victory, sections
    def supply(self, state: GameState) -> dict[str, SupplyStatus]:
        """14.4 for every unit on the map, traced once per save (modgen.rules.ef1914_supply)."""
        return once(state, "supply", lambda: ef1914_supply.trace(state))

    def victory(self, states: list[GameState]) -> VPReport:
        """VP as the data's schedule gives them (modgen.rules.ef1914_victory: 27.0 is lost)."""
        return ef1914_victory.victory(states)

    def overlays(self, state: GameState) -> list[Overlay]:
        """The picture shades the hexes of Isolated units (14.4.1): the pockets to watch."""
        iso = sorted({s.hex for s in self.supply(state).values() if ef1914_supply.isolated(s)})
        return [Overlay("hex of an Isolated unit (14.4.1)", "#8e24aa", hexes=tuple(iso))] if iso else []

    def sections(self, states: list[GameState]) -> list[ReportSection]:
        last = states[-1]
        supply = self.supply(last)
        iso = sorted(uid for uid, s in supply.items() if ef1914_supply.isolated(s))
        lines = SUPPLY_NOTES + ((f"Isolated (14.4.1): {', '.join(iso)}" if iso else "No unit is Isolated (14.4.1)"),)
        out = [ReportSection("Supply (14.0)", lines, {"isolated": iso})]
        if last.scenario is None:
            out.append(ReportSection("Set-up hexes (3.3.5, 12.1, 12.4)", (
                "The save names no scenario: the set-up hexes of fortress units and of movement-restricted units "
                "are unknown, so 3.3.5, 12.1 and 12.4 are not checked.",), {"checked": False}))
        return out


PLUGIN = EF1914Rules  # modgen.plugins finds the built-in plugins by GAME_ID and PLUGIN

__all__ = ["EF1914Rules", "GAME_ID", "PLUGIN", "stacking_halves", "rail_mode", "projects_zoc"]
