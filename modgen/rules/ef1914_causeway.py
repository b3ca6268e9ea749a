"""The Eastern Front in WW1: the causeways' limits (8.1.6) as a log shows them.

Source: The Eastern Front in WW1: 1914, Twilight in the East, Living Rules (June 2014), 8.1.6 Special Terrain
Feature Causeway: "A player may move across a causeway only if both hexes on each side of the causeway are friendly
controlled (4.3). The maximum number of units that may move across a causeway in each movement phase is the
following: Four Asset Units; or One Brigade Formation + 2 Asset Units; or One Division Formation + 1 Asset Unit.
PLAY NOTE: There are three causeways on the map; all three enter hex [lost] (near Lötzen)." The causeways are the
map's `causeway` hexsides (maps/ef1914/features.yaml, authored: the Lötzen hex's lake hexsides).

A log shows where a unit was set down, not the way it went. The core (modgen.check.paths.forced_crossings) names the
moves no legal way clear of the causeways explains, with the causeways each may have used; this module counts them
per phase (counted_crossings).
- DECISION (which moves count): 8.1 "Units move by tracing a path through adjacent hexes"; a move some legal path
  round the causeways explains may have taken it, so it is not counted (never guessed); an illegal move is reported
  for what it breaks and not counted either, nor a move by rail (8.2: the log shows no route, and the limit does not
  say a train counts).
- DECISION (per causeway or all three together): "The maximum number of units that may move across a causeway"
  reads per causeway; the PLAY NOTE's "all three enter hex ..." could make the three one crossing into Lötzen. Read
  per causeway: a phase's crossings break 8.1.6 only when no way of sharing them out over the causeways each move
  may have used keeps every causeway within the limit; such a breach breaks the other reading too.
- DECISION (the limit's words): only the three listed loads are allowed: no more than one formation, and with a
  brigade-sized formation at most 2 Asset Units, with a division-sized one at most 1 (two brigades are not listed).
- Formations and Asset Units: 7.0 Formation Definition: "If a combat unit has a corresponding Attachment marker, it is termed a formation;
  if it does not, it is an Asset Unit"; 6.4 "All artillery units and all detachment units are Asset Units ... Supply
  units are not asset units." A formation's size is printed (3.3.2: XX Division, X Brigade). A supply unit, neither
  formation nor Asset Unit, is not in the limit's words: its crossing is noted as not checkable, not counted.
- "in each movement phase": the Movement and the Counter Movement Phase (5.4: in it the non-phasing player "may now
  perform all activities with his units that were allowed in the preceding phasing player's Movement Phase"), each
  counted on its own; one side moves by its MA in each, so the count is per side too.
- Control (4.3: "Any hex that was last occupied by troops of a specific player is defined as being controlled by that
  specific player"): a log does not carry it, so each counted crossing is noted as not checkable. A causeway's far
  hex holding an enemy unit is never crossed into (8.0: "Friendly units can NEVER enter hexes containing enemy
  units"): such a move has no legal path and is reported so.
The step that takes the phase's crossings over the limit is reported; that unit is then left out of the count.
"""

from __future__ import annotations

from ..gamestate import GameState, UnitState
from ..plugin_api import INFO, Finding, PhaseLog, StepFinding, once

TITLE = "Causeway crossings over the limit"
NOTE_TITLE = "Move not checkable"  # the core's title for a legal move's note
CAUSEWAY = "causeway"  # map.yaml hexside type
DIVISION, BRIGADE, ASSET = "division formation", "brigade formation", "Asset Unit"
SIZES = {"XX": DIVISION, "X": BRIGADE}  # 3.3.2 Unit Size Indicator: "XX Division; X Brigade"
ASSET_TYPES = ("infantry", "cavalry", "artillery")  # 2.1 combat units; 3.5 "Artillery units are Asset Units"
MOST_ASSETS = 4  # "Four Asset Units"
ASSETS_WITH = {BRIGADE: 2, DIVISION: 1}  # "One Brigade Formation + 2 Asset Units; or One Division Formation + 1 Asset Unit"
LIMIT_WORDS = ("8.1.6: \"The maximum number of units that may move across a causeway in each movement phase is the "
               "following: Four Asset Units; or One Brigade Formation + 2 Asset Units; or One Division Formation + 1 Asset Unit\"")

Way = frozenset  # a set of causeway hexsides (each a frozenset of its two hexes) a move may have crossed


def causeway_sides(state: GameState) -> frozenset[frozenset[str]]:
    """The map's causeway hexsides (MoveLimits.counted_sides), once per state."""
    return once(state, "ef1914:causeways", lambda: frozenset(
        s for f in state.game.map.hexside_features if f.type == CAUSEWAY for s in f.sides))


def kind_of(state: GameState, u: UnitState) -> str:
    """What the unit counts as under 8.1.6: a division or brigade formation (a combat unit with an Attachment marker,
    counters/ef1914/markers.yaml "att-<unit id>"), an Asset Unit (a combat or artillery unit without one), or ''
    (a supply unit, or a formation of another size: not in the limit's words)."""
    if u.unit.type in ("infantry", "cavalry") and f"att-{u.unit.id}" in state.game.markers:
        return SIZES.get(u.unit.size, "")
    return ASSET if u.unit.type in ASSET_TYPES else ""


def fits(load: list[str]) -> bool:
    """Whether the units across one causeway in a phase are one of 8.1.6's three loads."""
    formations = [k for k in load if k != ASSET]
    assets = len(load) - len(formations)
    if not formations:
        return assets <= MOST_ASSETS
    return len(formations) == 1 and assets <= ASSETS_WITH[formations[0]]


def shared_out(moves: list[tuple[str, tuple[Way, ...]]]) -> bool:
    """Whether each move (its kind, the ways it may have gone) can be given one of its ways so that every causeway's
    load fits (a load that does not fit never fits with more units: the search prunes there)."""
    load: dict[frozenset[str], list[str]] = {}

    def place(i: int) -> bool:
        if i == len(moves):
            return True
        kind, ways = moves[i]
        for way in ways:
            for side in way:
                load.setdefault(side, []).append(kind)
            ok = all(fits(load[side]) for side in way) and place(i + 1)
            for side in way:
                load[side].pop()
            if ok:
                return True
        return False
    return place(0)


def _named(ways: tuple[Way, ...]) -> str:
    return " or ".join(" and ".join("/".join(sorted(side)) for side in sorted(way, key=sorted)) for way in ways)


def counted_crossings(ph: PhaseLog, crossed: list[tuple[int, UnitState, UnitState, tuple[Way, ...]]]) -> list[StepFinding]:
    """The phase's moves that must have crossed a causeway, in step order: each counted (with a note: control is not
    in the log), unless it takes the phase's crossings past 8.1.6's limit (reported at its step, then not counted) or
    the unit is not in the limit's words (noted)."""
    out: list[StepFinding] = []
    counted: list[tuple[str, tuple[Way, ...]]] = []
    across: list[str] = []
    for step, before, after, ways in sorted(crossed, key=lambda c: c[0]):
        where, what = (before.hex or "", after.hex or ""), f"{before.id} {before.hex} -> {after.hex} in {ph.label()}"
        kind = kind_of(ph.start, before)
        went = f"no legal way clear of the causeways fits its allowance, so it crossed {_named(ways)}"
        if not kind:
            unlisted = (f"a formation of size {before.unit.size}, which the limit does not name" if before.unit.type in
                        ASSET_TYPES else f"a {before.unit.type.replace('_', ' ')} is neither a formation nor an Asset Unit "
                        "(6.4: \"Supply units are not asset units\"), which the limit counts")
            out.append(StepFinding(step=step, finding=Finding("8.1.6", NOTE_TITLE, where, (before.id,),
                                   f"{what}: {went}; {unlisted}: not checkable", status=INFO)))
            continue
        if not shared_out(counted + [(kind, ways)]):
            out.append(StepFinding(step=step, finding=Finding("8.1.6", TITLE, where, (before.id,), f"{what}: {went}, a {kind}; with "
                                   f"{', '.join(across)} already across in this phase no causeway stays within the "
                                   f"limit ({LIMIT_WORDS})")))
            continue
        counted.append((kind, ways))
        across.append(f"{before.id} ({kind})")
        out.append(StepFinding(step=step, finding=Finding("8.1.6", NOTE_TITLE, where, (before.id,), f"{what}: {went} (8.1.6: \"only if "
                               "both hexes on each side of the causeway are friendly controlled\"); control (4.3) is not "
                               "in the log: not checkable", status=INFO)))
    return out
