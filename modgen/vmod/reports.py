"""The chat lines a piece's key commands print, and its moved marker.

Why: in play by e-mail the log is all the opponent sees, and VASSAL prints nothing for a flip, a mask
or a Send to Location unless the piece carries a Report Action. A Report Action runs the traits inside
it first and then reports (ReportState.keyEvent), so each report sits outside the trait it reports.
Where the wording depends on the piece's state after the command (reduced or restored, hidden or
revealed), a Trigger Action inside the trait that changed watches the same key and, by a property
match on the new state, fires one of the private keys the Report Actions answer.

The texts are the game's (game.yaml `texts:`, modgen.presentation.ModuleTexts) with placeholders
(REPORT_PLACEHOLDERS) turned into VASSAL's report properties here; a hidden unit is named only by
`$newPieceName$`, which ReportState works out with every mask closed (PieceAccess.GlobalAccess.hideAll),
so the opponent reads the mask's name, never the unit's.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from ..conventions import MOVED_IMAGE, moved_offset
from ..presentation import ModuleTexts
from ..unitstates import STATE_LEVELS
from ..vassal import pieces as vp
from ..vassal.pieces import beanshell_string

FIRST_PRIVATE_KEY = 61440  # VK_F13: keys no keyboard menu offers, fired only by the triggers and commands below
LAST_REPORT_KEY = FIRST_PRIVATE_KEY + 8  # F13-F21 for the reports of one piece
TRAILS_KEY = f"{FIRST_PRIVATE_KEY + 9},0"  # VK_F22: sent to every piece when a game opens (the trail preference)
TRAIL_ON_KEY = f"{FIRST_PRIVATE_KEY + 10},0"  # VK_F23: shows the piece's movement trail
CLEAR_MOVED_KEY = f"{FIRST_PRIVATE_KEY + 11},0"  # VK_F24: the moved marker's toggle, sent only to moved pieces
TRAILS_PREFERENCE = "MovementTrails"  # the module's Boolean preference (a global property true/false)
VISIBLE, HIDDEN = "{ObscuredToOthers==false}", "{ObscuredToOthers==true}"

_PLACEHOLDER = re.compile(r"\{(unit|hex|from|side)\}")
_PROPERTY = {"unit": "$newPieceName$", "hex": "$location$", "from": "$oldLocation$", "side": "$PlayerSide$"}


def report_format(text: str, unit: str = "$newPieceName$") -> str:
    """A game's report text as a ReportState format: each placeholder becomes the property VASSAL
    fills in when the command is given. `unit` is what {unit} names (the printed name of a unit the
    opponent sees, else the masked name)."""
    return _PLACEHOLDER.sub(lambda m: unit if m.group(1) == "unit" else _PROPERTY[m.group(1)], text)


@dataclass(frozen=True)
class Reported:
    """The traits that report a piece's commands: `outer` go outside every other trait (the Delete
    trait among them), `inner` (the triggers) inside the traits whose new state they test."""

    outer: list[vp.Trait]
    inner: list[vp.Trait]


class _Keys:
    """Hands out the private keys of one piece, in order, so a rebuild writes the same bytes."""

    def __init__(self) -> None:
        self.next = FIRST_PRIVATE_KEY

    def __call__(self) -> str:
        key, self.next = f"{self.next},0", self.next + 1
        assert self.next <= LAST_REPORT_KEY + 1, "more private keys than F13-F21"
        return key


def _chosen(keys: _Keys, watch: str, cases: list[tuple[str, str, str]]) -> tuple[list[vp.Trait], list[vp.Trait]]:
    """One Report Action per (match, format, description), each on a private key, and the Trigger
    Actions that fire it when `watch` leaves the piece in the state `match` says."""
    outer, inner = [], []
    for match, fmt, description in cases:
        key = keys()
        outer.append(vp.report_action([key], fmt, description=description))
        inner.append(vp.trigger_action([watch], [key], match, name=description))
    return outer, inner


def deletion(texts: ModuleTexts, delete: str, keys: _Keys) -> list[vp.Trait]:
    """The Delete command, reported: a Report Action runs after the traits inside it, and a deleted
    piece has no location left to report, so the menu's Delete is a Trigger Action that first fires
    the report, then the Delete trait (on a private key, no menu item of its own)."""
    report, remove = keys(), keys()
    return [
        vp.trigger_action([], [report, remove], name="Delete", command="Delete", key=delete),
        vp.report_action([report], report_format(texts.report_removed), description="Report deletion"),
        vp.delete(remove, command=""),
    ]


REPORT_NAME = "ReportName"  # a unit's name as the opponent may read it: the mask's name while hidden


def _step_reports(texts: ModuleTexts, flip: str, step_level: str, mask_name: str) -> Reported | None:
    """The flip's chat line as one Report Action on the flip key, reading the words for the side the
    flip left from a Calculated Property of the Step level, and the unit's name from another: the
    printed name (BasicName: without the layer's "(reduced)") while the opponent sees the unit, the
    mask's name (what ReportState's $newPieceName$ gives, every mask closed) while hidden.
    Four Report Actions and four Trigger Actions did this before (see state_reports for why fewer
    traits). None when the game's reduced and restored texts differ in more than their words."""
    unit = f"${REPORT_NAME}$"
    lines = [report_format(texts.report_restored, unit), report_format(texts.report_reduced, unit)]
    one = _level_report(flip, step_level, lines, "Report reduced / restored")
    if one is None:
        return None
    report, words = one
    return Reported([report], [vp.calculated_property(REPORT_NAME, f"{{{HIDDEN[1:-1]} ? {beanshell_string(mask_name)} : BasicName}}"),
                               words])


def unit_reports(texts: ModuleTexts, *, flip: str | None, mask: str, eliminate: str, delete: str,
                 step_level: str, mask_name: str, label: str | None = None) -> Reported:
    """Reports of a unit's flip (when it has a reduced side), mask, elimination, deletion and text label
    (when it has one). `step_level` is the Step layer's level property (`Step_Level`: 2 on the reduced side);
    `mask_name` the name its mask shows (the flip's report then takes one trait, not eight)."""
    keys = _Keys()
    outer = [
        *deletion(texts, delete, keys),
        vp.report_action([eliminate], report_format(texts.report_eliminated), description="Report elimination"),
    ]
    if label is not None:  # after the label's prompt: $newPieceName$ carries the new label, unless masked
        outer.append(vp.report_action([label], report_format(texts.report_labelled), description="Report the label"))
    cases = [(HIDDEN, report_format(texts.report_hidden), "Report hiding"),
             (VISIBLE, report_format(texts.report_revealed), "Report revealing")]
    more_outer, inner = _chosen(keys, mask, cases)
    outer += more_outer
    if flip is not None:
        compact = _step_reports(texts, flip, step_level, mask_name)
        if compact is not None:
            return Reported(outer + compact.outer, inner + compact.inner)
    if flip is not None:
        level = {"reduced": f"{step_level}==2", "restored": f"{step_level}==1"}
        flips = [
            (f"{{{level[state]} && ObscuredToOthers=={hidden}}}",
             report_format(text, "$newPieceName$" if hidden == "true" else "$BasicName$"),
             f"Report {state}{' (hidden)' if hidden == 'true' else ''}")
            for state, text in (("reduced", texts.report_reduced), ("restored", texts.report_restored))
            for hidden in ("false", "true")
        ]
        flip_outer, flip_inner = _chosen(keys, flip, flips)
        outer += flip_outer
        inner += flip_inner
    return Reported(outer, inner)


def marker_reports(texts: ModuleTexts, *, flip: str | None, mask: str, delete: str) -> Reported:
    """Reports of a marker's flip (two-sided markers), mask and deletion."""
    keys = _Keys()
    outer = deletion(texts, delete, keys)
    if flip is not None:
        outer.append(vp.report_action([flip], report_format(texts.report_marker_flipped), description="Report turning over"))
    cases = [(HIDDEN, report_format(texts.report_marker_hidden), "Report hiding"),
             (VISIBLE, report_format(texts.report_revealed), "Report revealing")]
    more_outer, inner = _chosen(keys, mask, cases)
    return Reported(outer + more_outer, inner)


def moved_marker(counter: int) -> vp.Trait:
    """Mark When Moved, its marker over the counter's top right corner (offsets from the piece's
    centre); it has no menu command: the turn tracker and the toolbar clear it (buildfile)."""
    return vp.mark_moved(MOVED_IMAGE, *moved_offset(counter), key=CLEAR_MOVED_KEY, description="Moved this player turn")


def movement_trail() -> list[vp.Trait]:
    """The unit's movement trail, hidden unless the player's preference shows it: VASSAL keeps a trail's
    visibility per player (not in the game state), so each player's own engine turns it on, when a game
    opens (a Startup Global Key Command sends TRAILS_KEY, buildfile) and the preference is set. The key
    that clears the moved marker clears the trail too: it shows the moves of this player turn."""
    return [
        vp.footprint(on_key=TRAIL_ON_KEY, clear_key=CLEAR_MOVED_KEY, fill="255,200,0", line="200,0,0",
                     line_width=2.0, description="Movement trail (preference)"),
        vp.trigger_action([TRAILS_KEY], [TRAIL_ON_KEY], f"{{{TRAILS_PREFERENCE}==true}}", name="Movement trail preference"),
    ]


STATE_KEYS = STATE_LEVELS  # private keys of a unit's state reports: F13-F24 with Shift, apart from the keys above
SHIFT = 65  # the modifiers VASSAL writes for Shift (old and new masks)


_PROPERTY_HEAD = re.compile(r"^.*\$\W*", re.S)  # up to the last $property$ and the spaces and marks after it
_PROPERTY_TAIL = re.compile(r"\W*\$.*$", re.S)  # from the first $property$ and the spaces and marks before it


def _common_frame(texts: list[str]) -> tuple[str, list[str], str] | None:
    """Split report formats into (prefix, middles, suffix): the prefix and suffix are the `$property$`
    parts all share, so each middle is a whole phrase ("Low Supply", "no longer Out of Supply").
    None when the formats differ in a property: a middle would need VASSAL's report properties,
    which a Calculated Property cannot read."""
    head = _PROPERTY_HEAD.match(os.path.commonprefix(texts))
    prefix = head.group(0) if head else ""
    rest = [t[len(prefix):] for t in texts]
    tail = _PROPERTY_TAIL.search(os.path.commonprefix([r[::-1] for r in rest])[::-1])
    suffix = tail.group(0) if tail else ""
    middles = [r[:len(r) - len(suffix)] for r in rest]
    return None if any("$" in m for m in middles) else (prefix, middles, suffix)


def _level_report(key: str, level: str, lines: list[str], description: str) -> tuple[vp.Trait, vp.Trait] | None:
    """One Report Action on `key` printing lines[L - 1] when the layer's `level` property is L after the
    press, and the Calculated Property it reads the differing words from; None when the lines differ in a
    property (_common_frame). Shared by a unit's flip and its state layers."""
    frame = _common_frame(lines)
    if frame is None:
        return None
    prefix, middles, suffix = frame
    name = level.removesuffix("_Level") + "_Report"
    expression = beanshell_string(middles[0])  # level 1 (none, the full side), the last branch
    for i in range(len(middles) - 1, 0, -1):
        expression = f"{level}=={i + 1} ? {beanshell_string(middles[i])} : {expression}"
    return (vp.report_action([key], f"{prefix}${name}${suffix}", description=description),
            vp.calculated_property(name, "{" + expression + "}"))


def state_reports(texts: ModuleTexts, states: list[tuple[str, str, list[str]]]) -> Reported:
    """Reports of a unit's state layers (modgen.unitstates): for each (key, level property, face
    names), a chat line naming the face each press sets, and the last face when a press clears it
    (the layer steps none, front, back, none).

    One Report Action per state, on the layer's own key: its format keeps what the lines share and
    reads the rest from a Calculated Property of the level the press left. Why: a unit carries every
    trait into each save and VASSAL decodes them all when a game opens; a Trigger Action and a Report
    Action per level made a unit of four states 20 traits, this makes it 8. A game whose set and
    cleared texts differ in a property (`{unit}` in one only) keeps a trigger and a report per level.
    The Report Actions go outside every trait, the rest inside the layers whose level they read."""
    outer: list[vp.Trait] = []
    inner: list[vp.Trait] = []
    n = 0
    for key, level, faces in states:
        lines = [report_format(texts.report_state_cleared.replace("{state}", faces[-1]))]
        lines += [report_format(texts.report_state_set.replace("{state}", face)) for face in faces]
        one = _level_report(key, level, lines, f"Report {' / '.join(faces)}")
        if one is not None:
            outer.append(one[0])
            inner.append(one[1])
            continue
        cases = [(f"{{{level}=={i + 2}}}", lines[i + 1], f"Report {face}") for i, face in enumerate(faces)]
        cases.append((f"{{{level}==1}}", lines[0], f"Report no longer {faces[-1]}"))
        for match, fmt, what in cases:
            private = f"{FIRST_PRIVATE_KEY + n},{SHIFT}"
            n += 1
            assert n <= STATE_KEYS, "more unit state levels than private state keys"
            outer.append(vp.report_action([private], fmt, description=what))
            inner.append(vp.trigger_action([key], [private], match, name=what))
    return Reported(outer, inner)
