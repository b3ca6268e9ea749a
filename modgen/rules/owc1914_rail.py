"""Ostatnia Wojna Cesarzy: rail transports (18, 19) and sea transport (38) in a log's movement phases.

Source: Ostatnia Wojna Cesarzy (NOVINA, 1997), the Polish rules (authoritative); English glosses in brackets.
  18    "Jednostki, które w fazie ruchu lub ruchu odwodów nie wykonują normalnego ruchu, mogą być przerzucane za
        pomocą kolei" (units that make no normal move in a movement or reserve movement phase may be railed).
  18.1  "Przerzut odbywać się może tylko pomiędzy dwiema miejscowościami mającymi połączenie kolejowe. Żadna z nich
        ani żaden heks na trasie przerzutu nie mogą być w kontakcie z przeciwnikiem" (only between two towns linked
        by rail; neither of them nor any hex of the route may be in contact with the enemy).
  18.3.1 "Na terytorium przeciwnika magistrale kolejowe są traktowane jak linie zwykłe, natomiast po liniach zwykłych
        nie można dokonywać przerzutów" (in enemy territory main lines count as ordinary lines, and ordinary lines
        carry no transports).
  18.4  "Jednostka wykorzystuje jeden TRANSPORT, jeśli jest przerzucana w obrębie jednego frontu. Jednostka
        wykorzystuje kolejny transport na każdy kolejny front, na którym w trakcie przerzutu pokonuje więcej niż 1
        heks" (one transport within one front; one more for each further front on which the route covers more than
        one hex). Its examples: Warszawa (2411) - Kowno (1117) 2, Poznań (2301) - Kraków (3409) 1 ("na froncie
        galicyjskim pokonuje tylko 1 heks", on the Galician front it covers 1 hex only), Lwów (3518) - Królewiec
        (1210) 3.
  18.4.1 Russians: "w każdej fazie ruchu (zarówno zwykłej, jak i ruchu odwodów) 3 transporty, lub ... 6 transportów,
        ale nie może wtedy wykonywać przerzutów kolejowych w najbliższej fazie ruchu" (3 transports in each movement
        phase, normal or reserve, or 6, but then no rail transports in the next movement phase); 18.4.2 the Allies
        5, or 10 with the same loss.
  19    "Wprowadzenie każdej jednostki (także patrolu) wymaga jednego transportu" (each arrival, a patrol too, takes
        one transport), save a patrol set on an own hidden unit at the end of Normal movement (17.2); only the scenario's
        arrivals (scenarios/*.yaml `reinforcements`) count: 33.2.1 reinforcements called from the west do not reduce the limit; 30 (the campaign's first
        stage): "Nie obowiązują limity przerzutów" (no transport limits).
  38    "Jednostki niemieckie mogą być przerzucane pomiędzy portami na Bałtyku. ... W jednym etapie można przerzucić
        morzem jedną jednostkę. Jednostka nie może być przerzucana do portu sąsiadującego z jednostkami przeciwnika"
        (German units may be shipped between Baltic ports, for all their MP; one unit a stage; never to a port next
        to enemy units); "Jednostka przerzucana z takiego portu jest automatycznie rozbita, jeśli port ten nie jest
        twierdzą" (one shipped from such a port is broken at once unless the port is a fortress: judged by its BROKEN
        marker at the phase's end); 38.2 the blockades of Królewiec and Elbląg.

How the data tells it: stations are the towns (features.yaml `towns`) on a railway hex; rail links join
consecutive hexes of a `railroads` route, of kind main or ordinary; fronts are the areas front-*; ports port-*.

DECISIONS (each the reading that never reports a legal move):
- "w kontakcie z przeciwnikiem" (in contact with the enemy), as 16 words it: "(jednostką, twierdzą lub
  przyczółkiem mostowym)" (a unit, fortress or bridgehead): a hex holding or next to an enemy unit or an uncaptured
  enemy fortress or bridgehead; hexes apart across a lake, sea or high ridge are not next to each other (4.1.1).
- 18.3.1: a rail link lies in enemy territory when both its hexes do; a station of enemy territory is reached by a
  main line only.
- 18.4: the log shows a unit's ends, not its route: the route taken is the one using the fewest transports.
  "pokonuje więcej niż 1 heks" (covers more than 1 hex) on a front: reading A, the route has more than one hex in
  that front; reading B, more than one of its links lies inside that front (both ends in it). Taken: B, with the
  start's front counted once at least (transports = the fronts with 2+ links inside them, at least 1). B gives all
  three examples on this map; A gives Poznań - Kraków 2 (the authored front boundary puts 3408, the hex before
  Kraków, on the Galician front), against the example's 1.
- A move is a rail transport when no march explains it: its ends lie further apart than the unit's MP (every hex
  costs at least 1 MP, 5.1.2). A move a march of that length could explain is read as a march (the core judges it;
  no transport counted).
- A German move between two ports that both a rail transport and a sea transport explain is read as the sea
  transport while the stage has none yet, else as the rail transport.
- "najbliższa faza ruchu" (the next movement phase): the side's next movement phase, normal or reserve (18.4.1
  names both).
- 18.3 "Na stacji, do której nie prowadzi żadna magistrala, można wylądować albo załadować tylko jedną jednostkę. Na
  stacji, do której prowadzi choć jedna magistrala, wolno wylądować albo załadować dwie jednostki" (a station no main
  line leads to unloads or loads one unit, one a main line leads to two): reading A, loads and unloads share that
  number; reading B, each has it. Taken: B (A would report a station loading one unit and unloading another).
18.3's line segments: owc1914_segments counts a transport on the segments every route it may have taken passes. Not
judged (the log cannot show them): a segment some route avoids (18.3: the route is not in the log), town
control (18.2: who held a town last is not in a position; a town in enemy territory with no own unit in it is
noted), the secret concentration's box (20).
"""

from __future__ import annotations

from collections import deque
from typing import Optional

from ..gamestate import GameState, UnitState
from ..plugin_api import INFO, Finding, PhaseLog, RuleTiming, StepFinding, Timing, once
from ..regions import hex_distances
from .common import neighbour_tables
from .owc1914_lines import OWN_LANDS, area_hexes, owner_of, rule_in_play, territory
from .owc1914_segments import SegmentLoad

LIMITS = {"russia": ("18.4.1", 3, 6), "allies": ("18.4.2", 5, 10)}  # (rule, transports a phase, or with the next phase's loss)
RAIL_TITLE = "Rail transport"
SEA_NATIONALITY = "de"  # 38: "Jednostki niemieckie"
SEA_PER_STAGE = 1  # 38: "W jednym etapie można przerzucić morzem jedną jednostkę"
BLOCKADES = {"port-krolewiec": ("blockade-krolewiec", all), "port-elblag": ("blockade-elblag", any),
             "port-pilawa": ("", any)}  # 38.2: Królewiec blocked by Pilawa or both 1209 and 1309, Elbląg by Pilawa or 1408 or 1308
PILAWA = "port-pilawa"


def stations(state: GameState) -> dict[str, str]:
    """Hex -> town name, for the towns on a railway (18.1's "miejscowości mające połączenie kolejowe")."""
    m = state.game.map
    rail = m.rail_hexes()
    return {t.hex: t.name for t in m.towns if t.hex in rail}


def walls(state: GameState) -> set[frozenset[str]]:
    """Hexsides across which units are not next to each other (4.1.1: lake, sea, high ridge): every-unit prohibited."""
    m = state.game.map
    return {k for k, types in m.hexsides.items()
            if any(t in m.hexside_types and m.hexside_types[t].prohibits == ("*",) for t in types)}


def contact(state: GameState, side: str, captured: set[str]) -> dict[str, str]:
    """Hex -> why it is in contact with the enemy of `side` (see the DECISION)."""
    def compute() -> dict[str, str]:
        m = state.game.map
        nbrs, _ = neighbour_tables(m)
        cut = walls(state)
        land = territory(m)
        out: dict[str, str] = {}
        sources = [(e.hex, f"the enemy unit in {e.hex}") for e in sorted(state.units_on_map(), key=lambda x: x.id)
                   if e.side != side and e.hex]
        forts = {**area_hexes(m, "fortress-"), **area_hexes(m, "bridgehead-")}
        sources += [(h, f"the enemy fortress or bridgehead {h}") for h in sorted(forts)
                    if owner_of(land.get(h)) not in (None, side) and h not in captured]
        for h, why in sources:
            out.setdefault(h, why)
            for n in nbrs.get(h, ()):
                if frozenset((h, n)) not in cut:
                    out.setdefault(n, why)
        return out
    return once(state, f"owc1914:contact:{side}:{','.join(sorted(captured))}", compute)


def rail_links(state: GameState, side: str) -> dict[str, list[str]]:
    """Hex -> the hexes one rail link away that `side` may use (18.3.1)."""
    def compute() -> dict[str, list[str]]:
        m = state.game.map
        land = territory(m)
        own = set(OWN_LANDS.get(side, ()))
        out: dict[str, list[str]] = {}
        for route in m.railroads:
            for a, b in zip(route.hexes, route.hexes[1:]):
                hostile = all(land.get(h) not in own for h in (a, b))
                if hostile and route.kind != "main":
                    continue
                out.setdefault(a, []).append(b)
                out.setdefault(b, []).append(a)
        return out
    return once(state, f"owc1914:rail-links:{side}", compute)


def fronts(state: GameState) -> dict[str, str]:
    return area_hexes(state.game.map, "front-")


def transports_to(state: GameState, side: str, start: str, avoid: set[str]) -> dict[str, int]:
    """Hex -> the fewest transports (18.4) a rail route from `start` there takes, never through `avoid`."""
    links = rail_links(state, side)
    front = fronts(state)
    names = sorted(set(front.values()))

    def bump(counts: tuple[int, ...], a: str, b: str) -> tuple[int, ...]:
        f = front.get(b)
        if f is None or front.get(a) != f:
            return counts  # a link across a front boundary covers no hex of either front (see the DECISION)
        i = names.index(f)
        return counts[:i] + (min(2, counts[i] + 1),) + counts[i + 1:]
    first = tuple(0 for _ in names)
    seen = {(start, first)}
    todo = deque([(start, first)])
    best: dict[str, int] = {}
    while todo:
        h, counts = todo.popleft()
        used = max(1, sum(1 for c in counts if c >= 2))
        best[h] = min(best.get(h, used), used)
        for n in links.get(h, ()):
            if n in avoid:
                continue
            nxt = (n, bump(counts, h, n))
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return best


def rail_goals(state: GameState, u: UnitState, captured: set[str]) -> dict[str, tuple[str, str, str]]:
    """The stations a unit standing on a station may be railed to this phase: rule "" for a legal transport, else
    (18.1, title, why) for a station the rail net reaches only through or into contact with the enemy. None where
    the scenario does not play 18 (1.4: A plays 1-15)."""
    if u.hex is None or not rule_in_play(state, 18):
        return {}
    st = stations(state)
    if u.hex not in st:
        return {}
    near = contact(state, u.side, captured)
    out: dict[str, tuple[str, str, str]] = {}
    anyway = transports_to(state, u.side, u.hex, set())
    clear = {} if u.hex in near else transports_to(state, u.side, u.hex, set(near))
    for h in sorted(set(anyway) & set(st) - {u.hex}):
        if h in clear and h not in near:
            out[h] = ("", "", "")
            continue
        where = next((x for x in (u.hex, h) if x in near), "")
        why = (f"{where} ({st[where]}) is in contact with the enemy ({near[where]})" if where else
               f"every rail route from {u.hex} to {h} passes a hex in contact with the enemy")
        out[h] = ("18.1", RAIL_TITLE, f"read as a rail transport (no march within the MP reaches it): {why}; 18.1: "
                  "\"Żadna z nich ani żaden heks na trasie przerzutu nie mogą być w kontakcie z przeciwnikiem\" (neither "
                  "town nor any hex of the route may be in contact with the enemy)")
    return out


def sea_goals(state: GameState, u: UnitState) -> dict[str, tuple[str, str, str]]:
    """38: a German unit in a Baltic port may be shipped to another port, not one next to enemy units (38) nor a
    blockaded one (38.2). Where the scenario plays 38 (the campaign: 1.4 gives A-C their rules up to 27)."""
    if u.hex is None or u.unit.nationality != SEA_NATIONALITY or not rule_in_play(state, 38):
        return {}
    m = state.game.map
    ports = area_hexes(m, "port-")
    if u.hex not in ports:
        return {}
    enemy = {e.hex for e in state.units_on_map() if e.side != u.side}
    nbrs, _ = neighbour_tables(m)
    blocked = {p for p in ports.values() if _blockaded(state, p, enemy)}
    out: dict[str, tuple[str, str, str]] = {}
    for h, port in sorted(ports.items()):
        if h == u.hex:
            continue
        if port in blocked or ports[u.hex] in blocked:
            out[h] = ("38.2", "Sea transport", f"read as a sea transport: {ports[u.hex] if ports[u.hex] in blocked else port}"
                      " is blockaded (38.2)")
        elif enemy & set(nbrs.get(h, ())):
            out[h] = ("38", "Sea transport", f"read as a sea transport: the port {h} is next to enemy units (38: \"nie może "
                      "być przerzucana do portu sąsiadującego z jednostkami przeciwnika\")")
        else:
            out[h] = ("", "", "")
    return out


def _blockaded(state: GameState, port: str, enemy: set[Optional[str]]) -> bool:
    """38.2: "Porty w Królewcu i Elblągu nie mogą być używane, jeśli Rosjanie zajmują Pilawę. Port w Królewcu jest
    blokowany również w przypadku zajmowania przez Rosjan heksów 1209 i 1309, a port w Elblągu w przypadku zajmowania
    heksów 1408 lub 1308" (Królewiec and Elbląg are unusable while the Russians hold Pilawa; Królewiec also when they
    hold 1209 and 1309, Elbląg when they hold 1408 or 1308)."""
    m = state.game.map
    pilawa = set(area_hexes(m, PILAWA))
    area, how = BLOCKADES.get(port, ("", any))
    if port != PILAWA and pilawa & enemy:
        return True
    hexes = m.area(area).hexes if area and m.area(area) else ()
    return bool(hexes) and how(h in enemy for h in hexes)


def hex_gap(state: GameState, a: str, b: str) -> int:
    """Hexes between a and b on the grid (the fewest steps, whatever the terrain)."""
    return hex_distances([a], state.game.map.neighbours).get(b, 10 ** 6)


class Ledger:
    """The transports of one log, phase by phase (the rules plugin keeps one while a log is checked; the checker
    hands it the phases in play order). `allowance(state, unit)` is the unit's MP this phase (owc1914_log)."""

    def __init__(self) -> None:
        self.heavy: dict[str, Optional[tuple[int, int, int]]] = {}  # side -> its last movement phase, if it used more than the base number
        self.seen: set[str] = set()  # sides whose movement phases the log has shown
        self.noted: set[str] = set()  # sides whose first transport is noted as not checkable (the phase before the log)
        self.sea: dict[int, str] = {}  # stage -> the unit shipped in it (38)

    def phase(self, ph: PhaseLog, captured: set[str], allowance) -> tuple[list[StepFinding], list[StepFinding]]:
        """The findings and notes of one movement phase's transports (18.4, 19, 38)."""
        findings: list[StepFinding] = []
        notes: list[StepFinding] = []
        state = ph.start
        if not rule_in_play(state, 18):
            return findings, notes
        used: dict[str, int] = {}
        loads: dict[tuple[str, str], int] = {}  # (station, "loaded" / "unloaded") -> units
        segs = SegmentLoad()  # 18.3: the units along each line segment the log shows used
        start = {u.id: u for u in state.units}
        end = {u.id: u for u in ph.end.units}
        last: dict[str, int] = {}
        for mv in ph.moves:
            last[mv.unit] = mv.step
        sides_moved: set[str] = set()
        for uid, step in sorted(last.items(), key=lambda kv: (kv[1], kv[0])):
            before, after = start.get(uid), end.get(uid)
            if before is None or after is None or after.hex is None or before.hex == after.hex:
                continue
            side = before.side
            sides_moved.add(side)
            n, how = self._transports(state, before, after, captured, allowance)
            if how == "arrival" and patrol_on_hidden(ph, after):
                continue  # 17.2: a patrol set on an own hidden unit at the end of Normal movement, no transport
            if n == 0:
                continue
            if how == "sea":
                self._sea(ph, before, after, step, findings)
                continue
            rule, base, most = LIMITS[side]
            if how == "rail" and self.heavy.get(side) is not None and self._next_after(state, side, self.heavy[side], ph):
                findings.append(StepFinding(step, Finding(rule, "Rail transport in the phase after a double allotment",
                    (before.hex or "", after.hex), (uid,), f"{uid} railed {before.hex} -> {after.hex} in {ph.label()}: the "
                    f"side's previous movement phase used more than {base} transports, and then \"nie może wykonywać "
                    f"przerzutów kolejowych w najbliższej fazie ruchu\" (no rail transports in the next movement phase, {rule})")))
            elif how == "rail" and side not in self.seen and side not in self.noted:
                self.noted.add(side)  # once a side: its first rail transport of the log
                notes.append(StepFinding(step, Finding(rule, "Rail transport not checkable", (before.hex or "", after.hex),
                    (uid,), f"{uid} railed {before.hex} -> {after.hex} in {ph.label()}: whether the side's previous movement "
                    f"phase used more than {base} transports (barring rail transports in this one, {rule}) is before the log",
                    status=INFO)))
            if how == "rail":
                self._stations(ph, before, after, step, loads, findings)
                findings += _segments(ph, before, after, step, segs, captured)
            was = used.get(side, 0)
            used[side] = was + n
            if was + n > most:
                what = "arrived by rail (19: one transport)" if how == "arrival" else f"railed {before.hex} -> {after.hex} ({n} transport(s), 18.4)"
                findings.append(StepFinding(step, Finding(rule, "Rail transports beyond the phase's limit",
                    (after.hex,) if how == "arrival" else (before.hex or "", after.hex), (uid,),
                    f"{uid} {what} in {ph.label()}: {was + n} transports this phase, more than {most} ({rule}: {base} a "
                    f"movement phase, or {most} with no rail transports in the next one)")))
            if how == "rail" and owner_of(territory(state.game.map).get(after.hex)) != side and not any(
                    x.hex == after.hex and x.side == side for x in state.units_on_map()):
                notes.append(StepFinding(step, Finding("18.2", "Rail transport not checkable", (after.hex,), (uid,),
                    f"{uid} railed to {after.hex} in enemy territory: whether the town was under the enemy's control at the "
                    "start of the phase (18.2: whose units held it last) is not in the log", status=INFO)))
        for side in sides_moved:
            self.seen.add(side)
            base = LIMITS[side][1]
            self.heavy[side] = state.turn_index if used.get(side, 0) > base else None
        return findings, notes

    def _transports(self, state: GameState, before: UnitState, after: UnitState, captured: set[str], allowance) -> tuple[int, str]:
        """(transports, "rail" / "arrival" / "sea") the move takes; 0 for a march (or a move the core refuses)."""
        if before.hex is None:
            if after.hex is None or not rule_in_play(state, 19) or (state.turn == 1 and rule_in_play(state, 30)):
                return 0, ""  # 30: the campaign's first stage, "Nie obowiązują limity przerzutów"
            if state.scenario is None or state.scenario.arrival_of(before.id) is None:
                return 0, ""  # not a scenario arrival: a campaign pool's (33.2.1: no transport) or a formation's
            return 1, "arrival"
        goal = after.hex or ""
        if hex_gap(state, before.hex, goal) <= allowance(state, before):
            return 0, ""  # a march may explain it (see the DECISION)
        by_sea = sea_goals(state, before).get(goal, ("x",))[0] == ""
        by_rail = rail_goals(state, before, captured).get(goal, ("x",))[0] == ""
        if by_sea and (state.turn_index[0] not in self.sea or not by_rail):
            return 1, "sea"  # DECISION: a move both explain is read as the one that breaks nothing
        if not by_rail:
            return 0, ""  # refused (18.1) or no rail link: the core reports it
        near = contact(state, before.side, captured)
        return transports_to(state, before.side, before.hex, set(near)).get(goal, 0), "rail"

    def _sea(self, ph: PhaseLog, before: UnitState, after: UnitState, step: int, findings: list[StepFinding]) -> None:
        stage = ph.start.turn_index[0]
        first = self.sea.setdefault(stage, before.id)
        if first != before.id:
            findings.append(StepFinding(step, Finding("38", "More than one sea transport in a stage",
                (before.hex or "", after.hex or ""), (before.id,), f"{before.id} shipped {before.hex} -> {after.hex} in "
                f"{ph.label()}: {first} was shipped in this stage already (38: \"W jednym etapie można przerzucić morzem "
                "jedną jednostkę\", one unit a stage)")))
        m = ph.start.game.map
        enemy = {e.hex for e in ph.start.units_on_map() if e.side != before.side}
        fortress = before.hex in area_hexes(m, "fortress-")
        if enemy & set(m.neighbours(before.hex or "")) and not fortress and not any(
                mk.marker.kind == "broken" for mk in after.markers):
            findings.append(StepFinding(step, Finding("38", "Shipped from a port next to the enemy, not broken",
                (before.hex or "", after.hex or ""), (before.id,), f"{before.id} shipped {before.hex} -> {after.hex} in "
                f"{ph.label()} from a port next to enemy units and no fortress, and carries no BROKEN marker when the "
                "phase ends (38: \"Jednostka przerzucana z takiego portu jest automatycznie rozbita, jeśli port ten nie "
                "jest twierdzą\", a unit shipped from such a port is broken at once unless the port is a fortress)")))

    @staticmethod
    def _stations(ph: PhaseLog, before: UnitState, after: UnitState, step: int, loads: dict[tuple[str, str], int],
                  findings: list[StepFinding]) -> None:
        """18.3: the units loaded and unloaded at each station this phase, against what it takes."""
        for h, what in ((before.hex or "", "loaded"), (after.hex or "", "unloaded")):
            loads[(h, what)] = loads.get((h, what), 0) + 1
            most = station_capacity(ph.start, before.side, h)
            if loads[(h, what)] > most:
                findings.append(StepFinding(step, Finding("18.3", f"More units {what} at a station than it takes", (h,),
                    (before.id,), f"{before.id} railed {before.hex} -> {after.hex} in {ph.label()}: unit {loads[(h, what)]} "
                    f"{what} at {h} this phase, which takes {most} (18.3: \"na stacji, do której nie prowadzi żadna "
                    "magistrala, można wylądować albo załadować tylko jedną jednostkę. Na stacji, do której prowadzi choć "
                    "jedna magistrala, wolno wylądować albo załadować dwie jednostki\"; 18.3.1 in enemy territory a main "
                    "line counts as an ordinary one)")))

    @staticmethod
    def _next_after(state: GameState, side: str, heavy: tuple[int, int, int], ph: PhaseLog) -> bool:
        """Whether `ph` comes no later than the side's first Normal movement after the heavy phase (a reserve phase
        of the side between them would have been the next one: it resets the ledger)."""
        game = state.game
        order = list(game.turns.player_turns)
        normal = [i for i, p in enumerate(game.turns.phases) if p in movement_phases(state) and not reserve_phase(p)]
        if side not in order or not normal:
            return False
        own = (heavy[0], order.index(side), normal[0])
        if own <= heavy:
            own = (heavy[0] + 1, order.index(side), normal[0])
        return heavy < state.turn_index <= own


def _segments(ph: PhaseLog, before: UnitState, after: UnitState, step: int, segs: SegmentLoad,
              captured: set[str]) -> list[StepFinding]:
    """18.3: a segment every route of this transport passes, railed along by more units this phase than it takes
    (owc1914_segments); one finding a transport, at its step."""
    state, side = ph.start, before.side
    over = segs.add(state, side, before.id, rail_links(state, side), before.hex or "", after.hex or "",
                    set(contact(state, side, captured)))
    if not over:
        return []
    (k, most, units), more = over[0], len(over) - 1
    a, b = sorted(k)
    return [StepFinding(step, Finding("18.3", "More units railed along a line segment than it takes", (a, b), (before.id,),
        f"{before.id} railed {before.hex} -> {after.hex} in {ph.label()}: every rail route clear of the enemy between them "
        f"passes {a}/{b}, which takes {most} a phase, and {len(units)} units were railed along it ({', '.join(units)})"
        + (f" (and {more} more such segment(s) on its way)" if more else "") + ": 18.3 \"Po odcinku magistrali mogą być "
        "w danej fazie przerzucane dwie jednostki, po odcinku linii zwykłej jedna jednostka\" (two units a phase along a "
        "main line's segment, one along an ordinary line's; 18.3.1 in enemy territory a main line counts as ordinary)"))]


def station_capacity(state: GameState, side: str, h: str) -> int:
    """18.3: units a station loads (or unloads) in a phase: 2 where a main line leads to it, else 1; 18.3.1: in
    enemy territory a main line counts as an ordinary one."""
    m = state.game.map
    own = set(OWN_LANDS.get(side, ()))
    main = any(route.kind == "main" and h in route.hexes for route in m.railroads)
    return 2 if main and territory(m).get(h) in own else 1


def patrol_on_hidden(ph: PhaseLog, u: UnitState) -> bool:
    """17.2 "Na koniec fazy ruchów zwykłych obaj gracze mogą ustawiać patrole na każdej ze swych utajnionych jednostek"
    (at the end of the Normal movement phase both players may set patrols on their hidden units): a patrol entering
    then onto a hex where another own unit stands face down at the phase's end."""
    return (u.unit.has("patrol") and not reserve_phase(ph.phase)
            and any(x.hex == u.hex and x.side == u.side and x.id != u.id and x.masked for x in ph.end.units_on_map()))


def reserve_phase(phase: Optional[str]) -> bool:
    """A reserve movement phase of the tracker (game.yaml turns.phases: "Own/Enemy reserves after ...")."""
    return "reserves" in (phase or "").lower()


def movement_phases(state: GameState) -> tuple[str, ...]:
    """The phases in which units move by their MP: normal and reserve movement (game.yaml movement:)."""
    mv = state.game.movement
    return (*mv.phases, *mv.counter_phases) if mv else ()


# when the log's rules hold (owc1914.TIMINGS): at the step of the move, every moment
LOG_TIMINGS = (
    RuleTiming("18.1", Timing(), "18.1: a rail transport runs between two towns linked by rail, neither of them nor any "
               "hex of its route in contact with the enemy."),
    RuleTiming("18.3", Timing(), "18.3: a station loads or unloads one unit a phase, two where a main line leads to "
               "it, and a line segment carries two a phase on a main line, one on an ordinary line (in enemy territory "
               "main lines count as ordinary, 18.3.1)."),
    RuleTiming("18.2", Timing(), "18.2: no rail transport to a town under the enemy's control at the start of the phase."),
    RuleTiming("18.4.1", Timing(), "18.4.1: the Russians use 3 transports a movement phase (normal or reserve), or 6 "
               "and none in the next movement phase."),
    RuleTiming("18.4.2", Timing(), "18.4.2: the Allies use 5 transports a movement phase (normal or reserve), or 10 "
               "and none in the next movement phase."),
    RuleTiming("38", Timing(), "38: German units are shipped between Baltic ports for all their MP, one unit a stage, "
               "never to a port next to enemy units."),
    RuleTiming("38.2", Timing(), "38.2: Królewiec and Elbląg are blockaded while the Russians hold Pilawa or their "
               "blockade hexes."),
    RuleTiming("4.1", Timing(), "4.1, 5: in a reserve movement phase only the units that were reserves at its start "
               "move (next to no enemy unit, fortress or bridgehead, or hidden)."),
    RuleTiming("4.2", Timing(), "4.2: one reserve movement phase a player-turn; one made in the opponent's player-turn "
               "bars it in the player's next own."),
    RuleTiming("4.2.3", Timing(), "4.2.3: no reserve movement phase directly after the opponent's."),
)
