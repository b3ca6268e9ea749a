"""The buildFile.xml of a module, rendered from the game model through a Jinja2 template."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import jinja2

from ..model import NEXT_PIECE_SLOT_ID, Dice, Game
from ..vassal.pieces import add_piece_command, beanshell_string
from ..vassal.sequence import encode
from ..conventions import FACTORS_PROPERTY, FINDING_KIND, MAIN_MAP, MAP_LAYER_PROPERTY, SCENARIO_PROPERTY, UNITS_LAYER, turn_property
from ..layout import TracksLayout
from .help import PDF_ENTRY, HelpPage
from .warnsweep import CHECK_BUTTON_KEY, CHECK_TEXT, module_checks
from .navigation import findings_layer, flare, inventory, notes, overview, toolbar_keys, toolbar_menus
from .piecedefs import PieceDef
from .prototypes import Group, factor
from .reports import CLEAR_MOVED_KEY, TRAILS_KEY, TRAILS_PREFERENCE
from .terrainzones import terrain_zones
from .dropline import terrain_notes
from .warnings import WARNINGS_PREFERENCE

CLEAR_MOVED_BUTTON = "77,195"  # Ctrl+Shift+M: the Clear moved button

VASSAL_VERSION = "3.7.0"


@dataclass(frozen=True)
class ChartRef:
    name: str
    image: str


def _env() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("modgen", "templates"),  # package data: works from a wheel too
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )


def _bool(v: bool) -> str:
    return "true" if v else "false"


def _palette(game: Game, defs: dict[tuple[str, str], PieceDef]) -> list[dict]:
    """One tab per side, one panel per formation (a corps, a division), then independents, then markers."""
    tabs = []
    for side in game.sides:
        groups: dict[str, list[PieceDef]] = {}
        for unit in game.units.values():
            if unit.side != side.id:
                continue
            nat = game.nationalities[unit.nationality].name
            group = f"{nat}: {unit.formation} {game.formation_label}" if unit.formation else f"{nat}: independent"
            groups.setdefault(group, []).append(defs[("unit", unit.id)])
        ordered = sorted(groups.items(), key=lambda kv: (kv[0].endswith("independent"), kv[0]))
        tabs.append({"name": side.name, "groups": [{"name": k, "columns": 6, "slots": v} for k, v in ordered]})
    markers = [defs[("marker", m)] for m in game.markers]
    groups = [{"name": "Markers", "columns": 6, "slots": markers}]
    finding = [d for (kind, _), d in defs.items() if kind == FINDING_KIND]
    if finding:  # what `modgen check --annotate` puts on the map
        groups.append({"name": "Checker findings", "columns": 6, "slots": finding})
    tabs.append({"name": "Markers", "groups": groups})
    return tabs


STACK_ZOOM = 1.5  # the mouse-over stack viewer's magnification: counters legible at any map zoom


def stack_viewer(game: Game) -> dict[str, str]:
    """The mouse-over stack viewer: the stack magnified, one line under each piece with its name
    (a unit's with its side up, "(reduced)") and a unit's factors as its counter prints them (a
    marker has none; a hidden unit shows only its mask's name: VASSAL hides the properties)."""
    return {"zoom": f"{STACK_ZOOM:g}", "font": "11", "counter": f"$PieceName$ ${FACTORS_PROPERTY}$"}


def prototype_groups(game: Game, defs: dict[tuple[str, str], PieceDef]) -> list[Group]:
    """The groups whose shared traits become prototypes, narrowest first: a nationality's units ("Red
    units"), a unit type's ("Infantry"), all units, all markers. Whatever traits a piece carries, the
    runs its group shares are found in the chains themselves (modgen.vmod.prototypes)."""
    units = [("unit", u.id) for u in game.units.values() if ("unit", u.id) in defs]
    groups = [Group(f"{nat.name} units", tuple(k for k in units if game.units[k[1]].nationality == nat.id))
              for nat in game.nationalities.values()]
    groups += [Group(t.name, tuple(k for k in units if game.units[k[1]].type == tid)) for tid, t in game.unit_types.items()]
    groups.append(Group("all units", tuple(units)))
    groups.append(Group("all markers", tuple(("marker", m) for m in game.markers if ("marker", m) in defs)))
    return groups


def render_buildfile(
    game: Game,
    module_name: str,
    defs: dict[tuple[str, str], PieceDef],
    layout: TracksLayout,
    images: dict[str, str],
    charts: list[ChartRef],
    setups: list[tuple[str, str]],
    counter_size: int,
    help_pages: Sequence[HelpPage] = (),
    prototypes: bool = True,
) -> str:
    """The buildFile. prototypes=False writes every palette piece's traits out in full (the buildFile of
    modules built before prototypes: the pieces placed from either are the same)."""
    default_terrain = _default_terrain(game)
    prohibited_or_marked = {h: t for h, t in game.map.terrain.items() if t != default_terrain}
    terrain_names = {t: tt.name for t, tt in game.map.terrain_types.items()}
    map_notes = terrain_notes(game, terrain_names[default_terrain])  # a drop's warning words where no zone is (dropline)
    boards = []
    for board in game.map.boards:
        grid = board.geometry.grid
        n = grid.numbering
        zones = [{"name": z.name, "location_format": "$gridLocation$", "path": z.path_text(), "use_parent_grid": "true",
                  "properties": [{"name": "Terrain", "value": terrain_names[z.terrain]}, *_zone_notes(game, terrain_names[z.terrain], map_notes)]}
                 for z in terrain_zones(board.geometry, prohibited_or_marked, terrain_names)]
        boards.append({
            "name": board.name, "image": images["boards"][board.name],
            "grid": {
                "dx": repr(grid.dx), "dy": repr(float(grid.dy)), "x0": grid.x0, "y0": grid.y0, "sideways": _bool(grid.sideways),
                "first": n.first, "sep": n.sep, "h_type": n.h_type, "v_type": n.v_type, "h_leading": n.h_leading, "v_leading": n.v_leading,
                "h_off": n.h_off, "v_off": n.v_off, "h_descend": _bool(n.h_descend), "v_descend": _bool(n.v_descend),
                "stagger": _bool(n.stagger), "location_format": n.location_format,
            },
            "zones": zones,
        })
    main = {
        "overview": overview(game), "flare": flare(),
        "mark_moved": "Always",
        "name": MAIN_MAP, "button": "", "hotkey": "", "launch": "false", "tooltip": "", "background": "255,255,255", "private": None,
        "boards": boards,
        "properties": [{"name": "Terrain", "value": game.map.terrain_types[default_terrain].name, "description": "Terrain of hexes with no zone of their own"},
                       {"name": MAP_LAYER_PROPERTY, "value": UNITS_LAYER, "description": "The piece layer of every piece with none of its own"},
                       *({"name": k, "value": v, "description": "A drop's warning words where no terrain zone is"} for k, v in map_notes.items())],
        "layers": findings_layer(),
    }
    windows = [
        {
            "overview": None, "flare": None,
            "mark_moved": "Never", "name": w.name, "button": w.name, "hotkey": w.display.hotkey, "launch": "true", "background": "255,255,255",
            "tooltip": w.display.tooltip or w.name,
            "private": game.side(w.display.private_to).name if w.display.private_to else None,
            "boards": [{
                "name": w.name, "image": images["displays"][w.name], "grid": None,
                "zones": [{"name": b.name, "location_format": "$name$", "path": b.path(), "use_parent_grid": "false", "properties": []}
                          for b in w.boxes],
            }],
            "properties": [], "layers": None,
        }
        for w in layout.windows
    ]
    dice = [
        {"name": d.name, "n": d.n, "sides": d.sides, "hotkey": _dice_key(d), "report_total": _bool(d.n > 1)}
        for d in game.dice
    ]
    turn = {
        "label": game.turns.label,
        "property": turn_property(game.turns.label),
        # ListTurnLevel's list is a StringArrayConfigurer value: SequenceEncoder(','), a comma in a name escaped
        "player_turns": encode((game.side(s).name for s in game.turns.player_turns), ","),
        "phases": encode(game.turns.phases, ","),
    }
    global_properties = [
        {"name": f"VP_{side.id}", "initial": 0, "numeric": "true", "min": 0, "max": 999, "description": f"Victory points of {side.name}"}
        for side in game.sides
    ]
    # the scenario a game started from: empty in a new game, set by each predefined setup (setup.py)
    global_properties.append({"name": SCENARIO_PROPERTY, "initial": "", "numeric": "false", "min": 0, "max": 100,
                              "description": "The scenario this game started from (set by its predefined setup)"})
    protos, pieces = factor({key: d.piece for key, d in defs.items()}, prototype_groups(game, defs) if prototypes else [])
    slots = {key: {"entry_name": d.entry_name, "gpid": d.gpid, "text": add_piece_command(None, pieces[key])} for key, d in defs.items()}
    palette = [
        {"name": tab["name"], "groups": [{**g, "slots": [slots[(d.kind, d.item_id)] for d in g["slots"]]} for g in tab["groups"]]}
        for tab in _palette(game, defs)
    ]
    return _env().get_template("buildFile.xml.j2").render(
        game=game,
        module_name=module_name,
        vassal_version=VASSAL_VERSION,
        next_piece_slot_id=NEXT_PIECE_SLOT_ID,
        global_properties=global_properties,
        prototypes=[{"name": p.name, "text": p.text} for p in protos],
        palette=palette,
        counter_size=counter_size,
        stack_viewer=stack_viewer(game),
        maps=[main, *windows],
        dice=dice,
        turn=turn,
        clear_moved=[clear_moved(game)],
        checks=module_checks(game),
        # the filter, not each piece's trigger, tests the preference: a Global Key Command reads every
        # property of each piece it accepts (its Calculated Properties too), about 2 s for the Eastern
        # Front's 517 pieces at every game start when it accepted them all
        trails={"preference": TRAILS_PREFERENCE, "key": TRAILS_KEY, "filter": f"{{{TRAILS_PREFERENCE}==true}}",
                "description": "Show movement trails (in games opened after the change)"},
        warnings={"preference": WARNINGS_PREFERENCE, "description": "Warn in the chat when a move breaks a rule the module checks"},
        charts=charts,
        setups=[{"name": name, "file": file} for name, file in setups],
        help=_help_entries(game, help_pages),
        toolbar_menus=toolbar_menus([w["button"] for w in windows], [c.name for c in charts], game.texts.charts),
        inventory=inventory(game),
        notes=notes(),
    )


def _help_entries(game: Game, pages: Sequence[HelpPage]) -> dict:
    """The Help menu: one HelpFile per generated page, and the publisher's rules PDF when it is in the module."""
    pdf = game.rules_pdf if game.rules_pdf and not game.rules_pdf.startswith(("http://", "https://")) else ""
    return {"pages": [{"title": p.title, "file": p.file} for p in pages],
            "pdf": {"title": "Rules (PDF)", "file": PDF_ENTRY} if pdf else None}


def _dice_key(d: Dice) -> str:
    """Alt+<number of dice>: Alt+1 rolls 1d6, Alt+2 2d6."""
    return f"{48 + min(d.n, 9)},520"


def module_keys(game: Game, layout: TracksLayout) -> list[dict[str, str]]:
    """The keys of the module's toolbar buttons and windows, for the Help key card."""
    return toolbar_keys(
        game, [(w.name, w.display.hotkey) for w in layout.windows],
        [(f"Roll {d.name}", _dice_key(d)) for d in game.dice]
        + ([(f"{CHECK_TEXT}: every warning over the map", CHECK_BUTTON_KEY)] if module_checks(game) else []),
        (game.texts.clear_moved, CLEAR_MOVED_BUTTON), overview(game) is not None)


def clear_moved(game: Game) -> dict[str, str]:
    """The toolbar button clearing the moved markers of the phasing side (the turn tracker's player turn
    holds its name, the units' `Side` theirs), and the turn tracker pressing it when a player turn
    begins (its first phase), so each side sees what moved in its own turn and then a clean map."""
    first_phase = game.turns.phases[0]
    return {
        "text": game.texts.clear_moved,
        "tooltip": "Clear the moved markers of the side whose player turn it is",
        "button_key": CLEAR_MOVED_BUTTON,
        "key": CLEAR_MOVED_KEY,  # the moved marker's toggle: sent only to pieces that moved
        "filter": "{Moved==true && Side==PlayerTurn}",
        "turn_match": "{Phase==" + beanshell_string(first_phase) + "}",
    }


def _zone_notes(game: Game, terrain_name: str, map_notes: dict[str, str]) -> list[dict[str, str]]:
    """A terrain zone's drop-warning words (dropline.terrain_notes) where they differ from the map's."""
    return [{"name": k, "value": v} for k, v in terrain_notes(game, terrain_name).items() if v != map_notes.get(k)]


def _default_terrain(game: Game) -> str:
    counts: dict[str, int] = {}
    for t in game.map.terrain.values():
        counts[t] = counts.get(t, 0) + 1
    return max(sorted(counts), key=lambda t: counts[t])


