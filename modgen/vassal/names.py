"""The name the engine shows for a piece, as the Decorator chain computes getName().

Names depend on trait state and on who looks: a Layer level may replace, prefix or
append to the inner name (Embellishment.getName), a Text Label wraps it in its format
(Labeler.getName, only when the label is non-empty), and a Mask shows its mask name to
players without access and `name(maskName)` to its owner (Obscurable.getName with
SideAccess/PlayerAccess). Other traits pass the inner name through.
"""

from __future__ import annotations

import re
from typing import Optional

from modgen.vassal.pieces import Piece, Trait, basic_name
from modgen.vassal.sequence import Decoder, decode

_PROP = re.compile(r"\$([^$]*)\$")


def display_name(piece: Piece, viewer_side: Optional[str] = None, viewer_id: Optional[str] = None) -> str:
    """getName() of the outermost trait for a user on `viewer_side` (None = observer).

    `viewer_id` is the user's player id (password) for masks using `player:` access.
    """
    props = _properties(piece)
    name = basic_name(piece.basic)
    for trait in reversed(piece.traits[:-1]):
        name = _trait_name(trait, name, viewer_side, viewer_id, props)
    return name


def _trait_name(t: Trait, inner: str, side: Optional[str], pid: Optional[str], props: dict[str, str]) -> str:
    if t.prefix == "emb2;":
        return _layer_name(t, inner, props)
    if t.prefix == "label;":
        return _label_name(t, inner, props)
    if t.prefix == "obs;":
        return _mask_name(t, inner, side, pid)
    return inner


def _layer_name(t: Trait, inner: str, props: dict[str, str]) -> str:
    f = t.fields
    images = decode(f[15], ",") if len(f) > 15 and f[15] else []
    names = decode(f[16], ",") if len(f) > 16 and f[16] else []
    follow = len(f) > 21 and f[21] == "true"
    value = Decoder(t.state, ";").next_int(-1)
    if follow and len(f) > 22 and f[22]:
        try:
            first = int(f[23]) if len(f) > 23 and f[23] else 1
            raw = props.get(f[22], "") or str(first)
            v = max(1, min(int(raw) - first + 1, len(images)))
            value = v if value > 0 else -v
        except ValueError:
            pass
    if not (0 < value and value - 1 < len(names)):
        return inner
    cname = names[value - 1]
    if not cname:
        return inner
    d = Decoder(cname, "+")
    first_tok = d.next("") or ""
    if d.has_more():
        second = d.next("") or ""
        return inner + second if first_tok == "" else first_tok + inner
    return first_tok


def _label_name(t: Trait, inner: str, props: dict[str, str]) -> str:
    label = t.state.strip()  # Labeler.mySetState trims
    f = t.fields
    always = len(f) > 17 and f[17] == "true"
    if not label and not always:
        return inner
    fmt = f[11] if len(f) > 11 else "$pieceName$ ($label$)"
    fmt = fmt.replace("$PieceName$", "$pieceName$")
    values = dict(props)
    values["pieceName"] = inner
    values["label"] = _substitute(label, props)
    return _substitute(fmt, values)


def _substitute(fmt: str, values: dict[str, str]) -> str:
    """FormattedString: `$name$` becomes the property's value; unknown names stay as written."""
    return _PROP.sub(lambda m: values.get(m.group(1), m.group(0)), fmt)


def _mask_name(t: Trait, inner: str, side: Optional[str], pid: Optional[str]) -> str:
    f = t.fields
    mask = f[4] if len(f) > 4 and f[4] else "?"
    access = f[5] if len(f) > 5 else "player:"
    owner = Decoder(t.state, ";").next("null")
    if owner in (None, "null"):
        return inner
    if access.startswith("player:") or access == "":
        has_access = pid is not None and owner == pid
    elif access.startswith("sides:"):
        # SpecifiedSideAccess: any listed side may see it, else like side access
        allowed = decode(access[len("sides:"):], ":")
        has_access = side is not None and (owner == side or side in allowed)
    else:
        has_access = side is not None and owner == side
    return inner + "(" + mask + ")" if has_access else mask


def _properties(piece: Piece) -> dict[str, str]:
    """Marker and Dynamic Property values plus persistent properties, for $...$ and followed layers."""
    props: dict[str, str] = {}
    for t in piece.traits:
        if t.prefix == "mark;":
            keys = decode(t.type[len("mark;"):], ",")
            vals = decode(t.state, ",")
            for i, k in enumerate(keys):
                props.setdefault(k, vals[i] if i < len(vals) else "")
        elif t.prefix == "PROP;":
            f = t.fields
            if f:
                props.setdefault(f[0], t.state)
    props.setdefault("BasicName", basic_name(piece.basic))
    return props
