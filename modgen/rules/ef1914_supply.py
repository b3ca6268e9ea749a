"""The Eastern Front in WW1: supply (14.0-14.4.1) traced for every unit of a save.

Source: The Eastern Front in WW1: 1914, Twilight in the East, Rule Book, Living Rules (June 2014),
14.1-14.4 (quoted in modgen.rules.ef1914's 14.4 timing). The text
stops inside 14.7 and the RR rules (17.x: which lines are "friendly operational") are lost, so
the one reading this module must supply is marked DECISION below.

The procedure (14.4), per side:
  1. a depot (Major or Minor) is In Supply with a LOC: it is on a RR station hex and contiguous
     friendly operational RR hexes, none in an EZOC unless friendly-occupied, lead from it to a
     friendly map edge; a Relocating/Consolidating depot supplies nothing (8.2.7);
  2. a Corps Train is In Supply within range of an In-Supply depot of its army, or on a friendly
     operational RR hex joined to a friendly map edge; an entrained train supplies nothing;
  3. combat and artillery units trace to their army's depots, their corps' train (14.3), a RR hex
     joined to a friendly edge (In within 3 hexes, Low at 4-6) or a fortress with a printed supply
     symbol (stacked or adjacent: In);
  4. Low Supply: the only supply is a Corps Train on its Extended side, or a RR hex 4-6 away;
     no path: Out of Supply; an Out-of-Supply unit that cannot reach any friendly operational RR
     hex (14.4.1) is Isolated.
A supply line's cost is counted in quarter hexes (double-track RR 1/4, single 1/2), from the
source (not counted) to the unit (counted), and may not be longer than the source's range.

How the data tells what the rules read:
  unit army      the display (game.yaml `displays`) holding the unit's Attachment marker
                 (att-<unit id>); an asset takes its corps' army (the corps' formations' display)
  corps          the unit's nationality and `formation` (a corps is its nationality's); the corps'
                 track: the display row holding most of the attachment markers of that corps' formations
  depot's army   a unit tag `army-<display id>`; without one the depot serves its whole side; a unit
                 whose army the displays do not show draws on its own nationality's depots (serves)
  cavalry corps  a corps whose formations are all cavalry
  extended       a supply unit with its back up; its range is the face's `sr` value
  supply symbol  a fortress unit tagged `supply_symbol`; Fortress Boyen's magazine: tag
                 `boyen_magazine`, serving only units tagged `white_triangle` within 3 hexes
  RR track class railroad `kind` double_* (1/4), single_* and narrow (1/2; DECISION: narrow gauge
                 is not in 14.1; counted as single track)
  home country   the land a flood fill reaches without crossing a `border` hexside, owned by
                 the side whose friendly map edge (features.yaml supply_sources) it touches
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..gamestate import GameState, UnitState
from ..model import Unit
from ..plugin_api import SupplyStatus, once
from .common import neighbour_tables
from .ef1914_lines import (
    BOYEN_RANGE, CAVALRY_GUESTS, IN, LOW, OUT, Q, RANK, RR_IN, RR_LOW, AUTUMN_FROM_GT, Reach, Source, home_countries,
    isolation_counts, rail_component, rail_links_within, spread,
)
from .ef1914_pontoon import pontoon_sides
from .ef1914_units import enemy_zoc, rail_mode, zoc_of

BUKOWINA_AREA, BUKOWINA_NATION = "BK", "ah"  # 14.7: maps/ef1914/features.yaml entry area; the blue A-H units
BUKOWINA_UNITS, BUKOWINA_RANGE = 3, 10 * Q  # 14.7: three units a Supply Phase; "a maximum of 10 hexes in length"

def extended(u: UnitState) -> bool:
    """A supply unit shows its Extended Mode side (14.2: flipped in the Supply Phase)."""
    return u.reduced


def supply_range(u: UnitState) -> int:
    """The printed Supply Range of the face up, in quarters."""
    face = u.unit.back if u.reduced and u.unit.back is not None else u.unit.front
    value = face.value("sr") or u.unit.front.value("sr") or 0
    return value * Q


def is_force(u: UnitState) -> bool:
    """14.4 (3): the units that trace supply: combat (infantry, cavalry) and artillery units."""
    return u.unit.type in ("infantry", "cavalry", "artillery")


def relocating(u: UnitState) -> bool:
    """8.2.7: a Depot Relocating / Consolidating marker on the depot."""
    return any(m.marker.kind == "depot" for m in u.markers)


def marked(u: UnitState) -> str:
    """The state the unit's supply markers show (Low Supply / Out of Supply markers)."""
    ids = {m.marker.id for m in u.markers if m.marker.kind == "supply"}
    return OUT if "out-of-supply" in ids else LOW if "low-supply" in ids else IN


@dataclass
class Organisation:
    """Who is attached where, as the army displays show it (6.0)."""

    army_of_unit: dict[str, str]  # unit id -> display id
    corps_army: dict[str, str]  # corps key (corps_key) -> display id
    corps_row: dict[str, tuple[str, str]]  # corps key -> (part id, row)
    row_of_unit: dict[str, tuple[str, str]]  # formation unit id -> (part id, row)
    cavalry_corps: set[str]

    @classmethod
    def read(cls, state: GameState) -> "Organisation":
        game = state.game
        display_of_part = {p.id: d.id for d in game.displays for p in d.parts if p.id}
        row_of_unit: dict[str, tuple[str, str]] = {}
        for mk in state.markers:
            if mk.marker.kind != "attachment" or mk.part is None:
                continue
            uid = mk.marker.id[len("att-"):]
            part, label = mk.part
            row_of_unit[uid] = (part, label.rsplit("/", 1)[0])  # a grid box's label: "row/column"
        army_of_unit = {uid: display_of_part.get(part, part) for uid, (part, _) in row_of_unit.items()}
        votes: dict[str, dict[tuple[str, str], int]] = {}
        members: dict[str, list[str]] = {}
        for uid, unit in game.units.items():
            if unit.formation and unit.type in ("infantry", "cavalry"):
                members.setdefault(corps_key(unit) or "", []).append(unit.type)
                if uid in row_of_unit:
                    v = votes.setdefault(corps_key(unit) or "", {})
                    v[row_of_unit[uid]] = v.get(row_of_unit[uid], 0) + 1
        corps_row = {f: max(sorted(v), key=lambda k: v[k]) for f, v in votes.items()}
        corps_army = {f: display_of_part.get(part, part) for f, (part, _) in corps_row.items()}
        for uid, unit in game.units.items():
            if uid not in army_of_unit and corps_key(unit) in corps_army:
                army_of_unit[uid] = corps_army[corps_key(unit) or ""]
        cavalry = {f for f, types in members.items() if all(t == "cavalry" for t in types)}
        return cls(army_of_unit, corps_army, corps_row, row_of_unit, cavalry)


def corps_key(unit: Unit) -> Optional[str]:
    """A corps as the game knows it: its nationality and the corps ID. The Central Powers field a
    German and an A-H XVII Corps, two I Corps and two XI Corps (3.8: "Every Corps Train unit ...
    [has] a corresponding Attachment marker bearing the same unique identifier"; the markers are
    national): keyed by side they would be one corps, and A-H units would trace to a German train."""
    return f"{unit.nationality}/{unit.formation}" if unit.formation else None


def depot_army(u: UnitState) -> Optional[str]:
    """The army a depot serves: its `army-<display id>` tag (None: its whole side)."""
    return next((t[len("army-"):] for t in sorted(u.unit.tags) if t.startswith("army-")), None)


def serves(depot: UnitState, u: UnitState, army: Optional[str]) -> bool:
    """14.3.2: "An Army Minor Depot or Major Depot unit can supply any number of units, as long as these
    units are all attached to the depot's army". DECISION (a unit whose army the save does not show: no
    Attachment marker of its own or of its corps on a display): reading 1, no depot supplies it; reading
    2, any depot of its side. Neither: a depot of its own nationality may (an army is its nationality's,
    as a corps is; an A-H unit never draws on a German army's depot by default), so a save without the
    displays is not read as out of supply everywhere."""
    mine = depot_army(depot)
    if mine is None:
        return True
    if army is None:
        return depot.unit.nationality == u.unit.nationality
    return mine == army


def trace(state: GameState) -> dict[str, SupplyStatus]:
    """14.4 steps 1-4 for every unit on the map, with 14.4.1 isolation noted on Out units."""
    out: dict[str, SupplyStatus] = {}
    for side in (s.id for s in state.game.sides):
        out.update(_SideTrace(state, side).run())
    return out


class _SideTrace:
    """One side's supply in one save: the RR net, then depots, trains and forces in 14.4's order."""

    def __init__(self, state: GameState, side: str) -> None:
        self.state, self.side, self.m = state, side, state.game.map
        m = self.m
        mine = [u for u in state.units_on_map() if u.side == side]
        self.mine = sorted(mine, key=lambda u: u.unit.id)
        self.friendly = {u.hex for u in mine}
        self.enemy = {u.hex for u in state.units_on_map() if u.side != side}
        ezoc = set(enemy_zoc(state, side))
        # 14.1: "may not pass through a hex occupied by an enemy unit or an EZOC. Friendly units
        # negate the presence of EZOC in a hex for purposes of tracing a supply line"
        self.blocked = self.enemy | (ezoc - self.friendly)
        # 14.4.1: for isolation an EZOC is negated by a friendly unit or a friendly ZOC (its own too)
        self.blocked_iso = self.enemy | (ezoc - self.friendly - set(zoc_of(state, side)))
        self.autumn = state.turn is not None and state.turn >= AUTUMN_FROM_GT
        # 14.1: "except where a bridge, pontoon bridge, or ferry crossing is located" (modgen.rules.ef1914_pontoon)
        self.laid = frozenset(pontoon_sides(state))
        home = home_countries(m)
        self.enemy_land = {h for h, s in home.items() if s != side} - self.friendly
        self.operational = self._operational(home)
        edge = set(m.supply_sources.get(side, ()))
        # 14.2.1a: a LOC's RR hexes are "not in an EZOC unless occupied by a friendly unit"
        self.loc = rail_component(m, self.operational - (ezoc - self.friendly), edge)
        # 14.2.2 / 14.2.3: a train's RR hex and a RR line source are joined to a friendly edge
        # "by a continuous line of friendly operational RR line hexes (any length)": no EZOC clause.
        self.joined = rail_component(m, self.operational, edge)
        self.stations = {t.hex for t in m.towns} & m.rail_hexes()
        self.org = once(state, "organisation", lambda: Organisation.read(state))  # the same for both sides

    def _operational(self, home: dict[str, str]) -> set[str]:
        """Friendly operational RR hexes. DECISION (17.1 is lost): a RR hex of the side's home
        country is friendly operational unless an enemy unit stands on it; in enemy country only
        the RR hexes from the border along the line to a friendly Railhead marker are (the
        railhead marks how far the line has been converted or repaired, 17.x)."""
        m = self.m
        rails = m.rail_hexes() - self.enemy
        own = {h for h in rails if home.get(h) == self.side}
        heads = {mk.hex for mk in self.state.markers if mk.marker.kind == "railhead" and mk.hex
                 and mk.marker.side in (None, self.side)}
        if not heads:
            return own
        links = rail_links_within(m, rails)
        prev: dict[str, Optional[str]] = {h: None for h in own}
        todo = sorted(own)
        while todo:  # breadth first out of the home network into enemy country
            nxt = []
            for h in todo:
                for n in sorted(links.get(h, ())):
                    if n not in prev:
                        prev[n] = h
                        nxt.append(n)
            todo = nxt
        result = set(own)
        for h in heads:
            while h is not None and h not in result and h in prev:
                result.add(h)
                h = prev[h]
        return result

    def _reach(self, source: Source, limit: int, passable: Optional[set[str]] = None) -> Reach:
        cost, prev = spread(self.m, [source.hex], limit, passable, self.blocked, self.operational, self.autumn, self.laid)
        return Reach(source, cost, prev)

    def status(self, u: UnitState, state_id: str, reach: Optional[Reach], why: str) -> SupplyStatus:
        path = reach.path(u.hex) if reach is not None and u.hex in reach.cost else ()
        length = len(path) - 1 if path else None
        return SupplyStatus(u.unit.id, self.side, u.hex or "", state_id, length, why, path, marked(u))

    def run(self) -> dict[str, SupplyStatus]:
        out: dict[str, SupplyStatus] = {}
        depots = self._depots(out)
        trains = self._trains(out, depots)
        self._forces(out, depots, trains)
        return out

    # 14.4 (1)
    def _depots(self, out: dict[str, SupplyStatus]) -> list[tuple[UnitState, Reach]]:
        sources = []
        for u in (u for u in self.mine if u.unit.has("depot")):
            if rail_mode(u):
                out[u.unit.id] = self.status(u, IN, None, "entrained (8.2.4: in Rail Mode a unit is In Supply)")
                continue
            if u.hex not in self.stations:
                out[u.unit.id] = self.status(u, OUT, None, "no LOC: not on a RR station hex (14.2.1a)")
                continue
            if u.hex not in self.loc:
                out[u.unit.id] = self.status(u, OUT, None, "no LOC: no friendly operational RR line free of EZOC to a "
                                             "friendly map edge (14.2.1a)")
                continue
            out[u.unit.id] = self.status(u, IN, None, "LOC to a friendly map edge (14.2.1a)")
            if not relocating(u):  # 8.2.7: a Relocating or Consolidating depot supplies nothing
                sources.append((u, self._reach(Source("depot", u.hex, u.unit.id, extended(u)), supply_range(u))))
        return sources

    # 14.4 (2)
    def _trains(self, out: dict[str, SupplyStatus], depots: list[tuple[UnitState, Reach]]) -> dict[str, tuple[UnitState, Reach]]:
        sources: dict[str, tuple[UnitState, Reach]] = {}
        for u in (u for u in self.mine if u.unit.type == "corps_train"):
            if rail_mode(u):
                out[u.unit.id] = self.status(u, IN, None, "entrained (8.2.4; an entrained Corps Train supplies nothing)")
                continue
            army = self.org.corps_army.get(corps_key(u.unit) or "")
            via = next(((d, r) for d, r in depots if u.hex in r.cost and serves(d, u, army)), None)
            if via is not None:
                out[u.unit.id] = self.status(u, IN, via[1], f"depot {via[0].unit.id} in {via[0].hex}")
            elif u.hex in self.joined:
                out[u.unit.id] = self.status(u, IN, None, "on a friendly operational RR line joined to a friendly map edge")
            else:
                out[u.unit.id] = self.status(u, OUT, None, "no depot of its army in range and not on a RR line joined "
                                             "to a friendly map edge (14.2.2)")
                continue
            sources[corps_key(u.unit) or u.unit.id] = (u, self._reach(Source("train", u.hex, u.unit.id, extended(u)),
                                                                      supply_range(u)))
        return sources

    # 14.4 (3), (4) and 14.4.1
    def _forces(self, out: dict[str, SupplyStatus], depots: list[tuple[UnitState, Reach]],
                trains: dict[str, tuple[UnitState, Reach]]) -> None:
        m = self.m
        rail = Reach(Source("rail", "", None))
        rail.cost, rail.prev = spread(m, self.joined, RR_LOW, None, self.blocked, self.operational, self.autumn, self.laid)
        nbrs, _ = neighbour_tables(m)
        magazines = {u.hex for u in self.mine if u.unit.has("supply_symbol")}
        boyen = [self._reach(Source("fortress", u.hex, u.unit.id), BOYEN_RANGE)
                 for u in self.mine if u.unit.has("boyen_magazine")]
        lacking: list[UnitState] = []
        for u in self.mine:
            if u.unit.has("fortress"):
                out[u.unit.id] = self.status(u, IN, None, "a fortress unit is always In Supply (12.0)")
                continue
            if not is_force(u):
                continue
            if rail_mode(u):
                out[u.unit.id] = self.status(u, IN, None, "entrained (8.2.4: in Rail Mode a unit is In Supply)")
                continue
            best = self._best(u, depots, trains, rail, magazines, nbrs, boyen)
            out[u.unit.id] = best
            # 2.1: a formation is a unit with a matching Attachment marker in the counter mix
            if best.state != IN and u.unit.type == "cavalry" and f"att-{u.unit.id}" in self.state.game.markers:
                lacking.append(u)
        self._cavalry_guests(out, lacking, trains)
        self._bukowina(out)
        self._isolation(out)

    def _best(self, u: UnitState, depots, trains, rail: Reach, magazines: set[str], nbrs, boyen) -> SupplyStatus:
        army = self.org.army_of_unit.get(u.unit.id)
        options: list[SupplyStatus] = []
        for d, r in depots:  # 14.3.2: units attached to the depot's army
            if u.hex in r.cost and serves(d, u, army):
                options.append(self.status(u, IN, r, f"depot {d.unit.id} in {d.hex}"))
        for corps, (t, r) in trains.items():
            if u.hex in r.cost and self._train_serves(t, corps, u):
                options.append(self.status(u, LOW if extended(t) else IN, r,
                                           f"Corps Train {t.unit.id} in {t.hex}{' (Extended)' if extended(t) else ''}"))
        if u.hex in rail.cost:
            near = rail.cost[u.hex] <= RR_IN
            options.append(self.status(u, IN if near else LOW, rail, f"RR line in {rail.path(u.hex)[-1]} "
                                       f"({rail.cost[u.hex] / Q:g} hexes: In within 3, Low within 6)"))
        if u.hex in magazines or any(n in magazines for n in nbrs.get(u.hex, ())):
            options.append(self.status(u, IN, None, "fortress with a supply symbol on or next to its hex (14.2.4)"))
        if u.unit.has("white_triangle"):
            options += [self.status(u, IN, r, f"Fortress Boyen in {r.source.hex} (14.2.4)") for r in boyen if u.hex in r.cost]
        if not options:
            return self.status(u, OUT, None, "no supply line to a depot of its army, its corps' train, a RR line "
                               "within 6 hexes or a fortress magazine")
        return min(options, key=lambda s: (RANK[s.state], s.length if s.length is not None else 0, s.source or ""))

    def _train_serves(self, train: UnitState, corps: str, u: UnitState) -> bool:
        """14.3.1: a Corps Train supplies its corps' formations and assets (same corps ID) and the
        formations attached to its corps' track; a Cavalry Corps Train only attached cavalry (the
        two guest cavalry formations of other corps are _cavalry_guests')."""
        own = corps_key(u.unit) == corps
        on_track = self.org.row_of_unit.get(u.unit.id) is not None and \
            self.org.row_of_unit.get(u.unit.id) == self.org.corps_row.get(corps)
        if corps in self.org.cavalry_corps:
            return u.unit.type == "cavalry" and (own or on_track)
        return own or on_track

    def _cavalry_guests(self, out: dict[str, SupplyStatus], lacking: list[UnitState],
                        trains: dict[str, tuple[UnitState, Reach]]) -> None:
        """14.3.1: a (non-cavalry) Corps Train may also supply "any two cavalry formations (even if
        not attached to that corps)"; a cavalry formation attached to a cavalry corps may use only
        that corps' train. DECISION: the guests are chosen greedily in unit-id order, each taking
        the train that gives it the best state; a train takes at most two."""
        taken: dict[str, int] = {}
        for u in lacking:
            row = self.org.row_of_unit.get(u.unit.id)
            if row is not None and any(self.org.corps_row.get(c) == row for c in self.org.cavalry_corps):
                continue
            best = out[u.unit.id]
            pick = None
            for corps, (t, r) in sorted(trains.items()):
                if corps in self.org.cavalry_corps or taken.get(corps, 0) >= CAVALRY_GUESTS or u.hex not in r.cost:
                    continue
                cand = self.status(u, LOW if extended(t) else IN, r, f"Corps Train {t.unit.id} in {t.hex} "
                                   f"(one of its two guest cavalry formations, 14.3.1)")
                if RANK[cand.state] < RANK[best.state]:
                    best, pick = cand, corps
            if pick is not None:
                taken[pick] = taken.get(pick, 0) + 1
                out[u.unit.id] = best

    def _bukowina(self, out: dict[str, SupplyStatus]) -> None:
        """14.7: "Only three A-H units (of blue color) plus all Fischer units (dark green) may receive
        Bukowina Supply during a specific Supply Phase", by a supply path of at most 10 hexes to the
        Bukowina Holding Box's map-edge half-hexes. DECISION: the three are the A-H units (tag
        `fischer` aside) still short of In Supply, in unit-id order."""
        box = self.m.entry_area(BUKOWINA_AREA)
        if box is None or not box.hexes or box.owner_on(self.state.turn) != self.side:
            return  # no holding box, its map edge is on a sheet the scenario leaves out, or not this side's
        reach = Reach(Source("bukowina", box.hexes[0], None))
        reach.cost, reach.prev = spread(self.m, box.hexes, BUKOWINA_RANGE, None, self.blocked, self.operational,
                                        self.autumn, self.laid)
        used = 0
        for u in self.mine:
            s = out.get(u.unit.id)
            if s is None or s.state == IN or u.unit.nationality != BUKOWINA_NATION or u.hex not in reach.cost:
                continue
            fischer = u.unit.has("fischer")
            if not fischer and used >= BUKOWINA_UNITS:
                continue
            used += 0 if fischer else 1
            out[u.unit.id] = self.status(u, IN, reach, f"Bukowina Supply from {reach.path(u.hex)[-1]} (14.7)")

    def _isolation(self, out: dict[str, SupplyStatus]) -> None:
        """14.4.1: an Out-of-Supply unit is Isolated if no supply line of any length reaches a
        friendly operational RR hex through at most six enemy-controlled hexes. DECISION (4.3):
        control is who last occupied a hex, which one save cannot show; a hex of the enemy's home
        country without a friendly unit counts as enemy-controlled."""
        pending = [s for s in out.values() if s.state == OUT and s.unit in self.state.game.units]
        if not pending:
            return
        counts = isolation_counts(self.m, self.operational, self.blocked_iso, self.enemy_land, self.laid)
        for s in pending:
            if s.hex not in counts:
                out[s.unit] = SupplyStatus(s.unit, s.side, s.hex, s.state, s.length,
                                           f"{s.source}; Isolated (14.4.1)", s.path, s.marker)


def isolated(s: SupplyStatus) -> bool:
    return s.state == OUT and (s.source or "").endswith("Isolated (14.4.1)")
