"""Game model -> VASSAL piece definitions (trait chains) for units and markers.

Trait order, outermost first: the menu's Delete and the Report Actions of the key commands
(modgen.vmod.reports), the Delete itself, Eliminate (Send to Location), the moved marker and the
movement trail, Mask by side (the opponent sees a masked unit as a nationality-coloured "?"), the
unit state layers with their report triggers (markers.yaml `on_unit`, unit_state_traits), the
Text Label (Ctrl+L), the Step layer (Ctrl+F flips to the reduced side), calculated properties that follow the side up, the
Trigger Actions choosing each report's wording by the state the traits above leave, a Marker with
the unit's fixed properties, and the BasicPiece. Properties (Side, Type, Attack, Defense, MA, Factors, Steps, the
formation, the game's unit_values and counter_marks properties, ...) are readable by module
expressions.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..conventions import (FACE_LAYER, FACTORS_PROPERTY, FINDING_IMAGE, FINDING_KIND, FINDING_PROPERTIES, FINDINGS_LAYER,
                           MAP_LAYER_PROPERTY, MARKER_ID_PROPERTY, STEP_LAYER, UNIT_ID_PROPERTY, UNITS_LAYER)
from ..layout import TracksLayout
from ..model import Game, Marker, Scenario, Unit, Values
from ..unitstates import badge_offset, state_image, state_layer_name
from ..vassal import pieces as vp
from .dropline import check_line, drop_line
from .warnings import marker_properties, unit_properties, unit_warnings
from .reports import Reported, marker_reports, moved_marker, movement_trail, state_reports, unit_reports

FLIP_KEY = "70,130"  # Ctrl+F
MASK_KEY = "77,130"  # Ctrl+M
ELIMINATE_KEY = "69,130"  # Ctrl+E
DELETE_KEY = "68,130"  # Ctrl+D
LABEL_KEY = "76,130"  # Ctrl+L


def unit_image(unit: Unit, reduced: bool) -> str:
    return f"unit_{unit.id}_{'b' if reduced else 'f'}.png"


def marker_image(marker: Marker, back: bool) -> str:
    return f"marker_{marker.id}_{'b' if back else 'f'}.png"


def mask_image(nationality: str) -> str:
    return f"mask_{nationality}.png"


MARKER_MASK_IMAGE = "mask_marker.png"


def unit_piece_name(game: Game, unit: Unit) -> str:
    """The name VASSAL reports: nationality code, printed ID and formation, e.g. `RU 18 (XIV)`."""
    text = f"{unit.nationality.upper()} {unit.name}"
    return f"{text} ({unit.formation})" if unit.formation else text


def setup_text(game: Game, scenario: Scenario, unit: Unit) -> str:
    """Set-up information printed on the counter: the set-up hex, entry area or arrival turn."""
    placed = scenario.setup_hex(unit.id) or scenario.setup_area(unit.id)
    if placed:
        return placed
    arrival = scenario.arrival_of(unit.id)
    if arrival is None:
        return ""
    label = game.turns.label if len(game.turns.label) <= 3 else game.turns.label[0]  # "GT 4", "T 4" (a counter is small)
    return f"{label} {arrival.turn}"


@dataclass(frozen=True)
class PieceDef:
    """A palette piece: its slot name, gpid and trait chain (BasicPiece in palette form)."""

    entry_name: str
    gpid: str
    piece: vp.Piece
    kind: str  # unit | marker
    item_id: str


def factor_row(game: Game, values: Values) -> str:
    """The factor row as the counter prints it ("4-5-6"): the stack viewer's line under a unit."""
    return "-".join(str(getattr(values, f)) for f in game.counter_factors)


def _step_expression(full: int | str, reduced: int | str) -> str:
    return f"{{{STEP_LAYER}_Level==2 ? {reduced} : {full}}}"


def unit_def(game: Game, scenario: Scenario, unit: Unit, layout: TracksLayout) -> PieceDef:
    nat = game.nationalities[unit.nationality]
    side = game.side(unit.side)
    gpid = game.gpid("unit", unit.id)
    elim = layout.eliminated_box(unit.side)
    ex, ey = elim.x + elim.w // 2, elim.y + elim.h // 2
    reported = unit_reports(game.texts, flip=FLIP_KEY if unit.back is not None else None, mask=MASK_KEY,
                            eliminate=ELIMINATE_KEY, delete=DELETE_KEY, step_level=f"{STEP_LAYER}_Level",
                            mask_name=f"{nat.name} unit", label=LABEL_KEY)
    states = unit_state_traits(game)
    hook = drop_line(game, unit)
    traits: list[vp.Trait] = [
        *drop_answers(),
        *reported.outer,
        *states.outer,
        *check_line(hook),  # Report Actions (and the stacking's Trigger Action): outside every trait, as the reports
        *unit_warnings(game, unit),
        vp.send_to_location("Eliminate", ELIMINATE_KEY, elim.window, elim.window, ex, ey, description="Send to the Eliminated box"),
        moved_marker(game.counter_size),
        *movement_trail(),
        *hook,  # its warnings after its name, in the move's chat line: outside the mask, as a check's
        vp.mask(MASK_KEY, mask_image(nat.id), f"{nat.name} unit", command="Hide from opponent", access="side", description=game.texts.mask),
        *states.inner,
        unit_label(),
    ]
    full_steps = game.unit_steps(unit, False) or 0
    fixed: dict[str, str] = {
        "Side": side.name,
        "SideId": side.id,
        "Nationality": nat.name,
        "Type": game.unit_types[unit.type].name,
        "Size": unit.size,
        UNIT_ID_PROPERTY: unit.id,
        game.formation_label: unit.formation or "",
        **{m.property: m.property_value(unit.mark(m.id)) for m in game.counter_marks.values()},
        "SetupInfo": setup_text(game, scenario, unit),
        **unit_properties(game, unit),  # how it counts for the stacking warning, its side for the both-sides one
    }
    if game.morale:
        fixed["Morale"] = game.morale[unit.morale].name if unit.morale else ""
    if unit.tags:
        fixed["Tags"] = ",".join(sorted(unit.tags))
    values = [(v.property, v.id) for v in game.unit_values.values()]
    if unit.back is not None:
        traits.append(
            vp.layer(STEP_LAYER, [unit_image(unit, False), unit_image(unit, True)], ["", "+ (reduced)"], increase_key=FLIP_KEY, up_command="Flip", description="Full / reduced side")
        )
        reduced_steps = game.unit_steps(unit, True) or 0
        for prop, full, red in (
            ("Attack", unit.front.attack, unit.back.attack),
            ("Defense", unit.front.defense, unit.back.defense),
            ("MA", unit.front.ma, unit.back.ma),
            *((p, unit.front.value(k), unit.back.value(k)) for p, k in values),
            ("Steps", full_steps, reduced_steps),
        ):
            if full == red:  # the same on both sides: a Marker property, no BeanShell to build or run
                fixed[prop] = str(full)
            else:
                traits.append(vp.calculated_property(prop, _step_expression(full, red)))
        factors = f'"{factor_row(game, unit.front)}"', f'"{factor_row(game, unit.back)}"'
        traits.append(vp.calculated_property(FACTORS_PROPERTY, _step_expression(*factors)))
        image = ""
    else:
        fixed.update(Attack=str(unit.front.attack), Defense=str(unit.front.defense), MA=str(unit.front.ma))
        fixed.update({p: str(unit.front.value(k)) for p, k in values}, Steps=str(full_steps))
        fixed[FACTORS_PROPERTY] = factor_row(game, unit.front)
        image = unit_image(unit, False)
    traits += reported.inner  # inside the mask and the Step layer: they test the state those leave
    traits.append(vp.marker(list(fixed), list(fixed.values())))
    traits.append(vp.basic_piece(unit_piece_name(game, unit), image, gpid=gpid))
    return PieceDef(unit_piece_name(game, unit), gpid, vp.piece_from(traits), "unit", unit.id)


def unit_label() -> vp.Trait:
    """A Text Label the player sets with Ctrl+L (a note on the counter: "attack 0512", "out of supply"),
    shown under the counter and after its name ("RU 18 (XIV) (attack 0512)"), so the chat's move
    lines carry it. Inside the Mask: the opponent sees neither the label nor the name of a hidden unit."""
    return vp.text_label(key=LABEL_KEY, menu="Change label", font_size=9, background="255,255,200", foreground="0,0,0",
                         v_pos="b", h_pos="c", v_just="t", description="Label (Ctrl+L): a note on the counter")


def finding_def(game: Game) -> PieceDef:
    """The checker's finding marker (`modgen check --annotate`): a red ring on the finding's hex in the
    Findings layer above the units, its rule number and words in a Text Label under it and in its
    Marker (Rule, Finding), which the annotated save sets per finding. In the palette too, so that
    Refresh Counters and `modgen refresh` find its definition, and a referee may place one by hand."""
    gpid = game.gpid(FINDING_KIND, FINDING_KIND)
    traits = [
        vp.delete(DELETE_KEY, command="Delete", description="Remove the finding"),
        vp.text_label(key=LABEL_KEY, menu="Change text", font_size=11, background="255,235,235", foreground="150,0,0",
                      v_pos="b", v_just="t", description="The finding: rule number and words"),
        vp.marker([MAP_LAYER_PROPERTY, *FINDING_PROPERTIES], [FINDINGS_LAYER, FINDING_KIND, "", ""]),
        vp.basic_piece("Finding", FINDING_IMAGE, gpid=gpid),
    ]
    return PieceDef("Finding (modgen check)", gpid, vp.piece_from(traits), FINDING_KIND, FINDING_KIND)


def drop_answers() -> list[vp.Trait]:
    """The two outermost traits of a unit or marker, answering what VASSAL 3.6 asks of every stack on the map
    when it chooses the stack a dropped piece joins (CompoundPieceCollection.canPiecesMerge, Stack.topPiece,
    PieceMover's drop target selector, LayeredPieceCollection): `NoStack` and `IgnoreGrid` (a Does Not
    Stack trait whose options are all normal answers both, and the move and select event filters, without
    asking further); `Invisible` ("false") and MAP_LAYER_PROPERTY (the Game Piece Layer the main map's
    layers compare: UNITS_LAYER, under the checker's findings, navigation.findings_layer) in a Marker.
    Why: each ask of a property no trait has walks every trait of the piece and then the map's and the
    module's properties. Answered at the top, a drop costs about half (JFR: IgnoreGrid's walks were 40% of
    a drop's samples in one game, NoStack and Invisible's 44-63% before). VASSAL reads the first three as
    Boolean.TRUE.equals(value) (IgnoreGrid is also cast to Boolean: hence a trait that answers a Boolean,
    not a Marker's text): false means what no answer meant. Our pieces carry no trait that gives them
    another value (Invisible, a Does Not Stack of other options)."""
    answers = {"Invisible": "false", MAP_LAYER_PROPERTY: UNITS_LAYER}
    return [vp.stacks_normally("Answers NoStack and IgnoreGrid on top (drops)"), vp.marker(list(answers), list(answers.values()))]


DROP_ANSWERS_TYPE = drop_answers()[1].type  # tells that Marker from a piece's own (its fixed properties)


def marker_def(game: Game, marker: Marker) -> PieceDef:
    gpid = game.gpid("marker", marker.id)
    reported = marker_reports(game.texts, flip=FLIP_KEY if marker.back is not None else None, mask=MASK_KEY, delete=DELETE_KEY)
    traits: list[vp.Trait] = [
        *drop_answers(),
        *reported.outer,
        vp.mask(MASK_KEY, MARKER_MASK_IMAGE, "Marker", command="Hide from opponent", access="side", description=game.texts.marker_mask),
    ]
    image = marker_image(marker, False)
    if marker.back is not None:
        traits.append(
            vp.layer(FACE_LAYER, [marker_image(marker, False), marker_image(marker, True)], [marker.front.name, marker.back.name], increase_key=FLIP_KEY, up_command="Flip", description="Marker sides")
        )
        image = ""
    traits += reported.inner
    props = {"Kind": marker.kind, MARKER_ID_PROPERTY: marker.id, **marker_properties(game, marker.kind)}
    traits.append(vp.marker(list(props), list(props.values())))
    traits.append(vp.basic_piece(marker.front.name, image, gpid=gpid))
    return PieceDef(marker.front.name if marker.back is None else f"{marker.front.name} / {marker.back.name}", gpid, vp.piece_from(traits), "marker", marker.id)


def state_markers(game: Game) -> list[Marker]:
    """The markers a unit may carry as a state layer (markers.yaml `on_unit`), in the file's order."""
    return [m for m in game.markers.values() if m.on_unit is not None]


def unit_state_traits(game: Game) -> Reported:
    """Every unit's state layers (modgen.unitstates), inside the mask: a hidden unit's state is hidden
    with it, as a marker counter under a hidden unit is (the owner still sets it): per state, a Layer
    stepped by the marker's key (none, front, back), its badge down the counter's left edge, then
    the Trigger Actions that report each step (inside the layers: they test the level left).
    `outer`: the Report Actions; `inner`: the layers and their triggers."""
    markers = state_markers(game)
    layers: list[vp.Trait] = []
    for slot, m in enumerate(markers):
        assert m.on_unit is not None
        faces = [m.front] + ([m.back] if m.back is not None else [])
        x, y = badge_offset(slot, game.counter_size)
        layers.append(vp.layer(state_layer_name(m.id), ["", *(state_image(m.id, f is m.back) for f in faces)],
                               up_command=" / ".join(f.name for f in faces), increase_key=m.on_unit.keystroke,
                               x_off=x, y_off=y, description=f"Unit state: {m.front.name}"))
    reported = state_reports(game.texts, [(m.on_unit.keystroke, f"{state_layer_name(m.id)}_Level",
                                           [f.name for f in (m.front, m.back) if f is not None])
                                          for m in markers if m.on_unit is not None])
    return Reported(reported.outer, [*layers, *reported.inner])
