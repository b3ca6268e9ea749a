"""Helpers shared by diff and refresh: trait naming (prototype expansion is modgen.vassal.pieces')."""

from __future__ import annotations

from modgen.vassal.pieces import Trait, expand_prototypes  # noqa: F401  (re-exported)

# Trait prefixes -> what a player calls them (for messages only).
TRAIT_NAMES = {
    "delete;": "Delete", "sendto;": "Send to Location", "obs;": "Mask", "emb2;": "Layer", "emb;": "Layer",
    "calcProp;": "Calculated Property", "mark;": "Marker", "PROP;": "Dynamic Property", "label;": "Text Label",
    "restrict;": "Restricted Access", "report;": "Report Action", "prototype;": "Prototype", "piece;": "BasicPiece",
    "markmoved;": "Mark When Moved", "macro;": "Trigger Action", "immob;": "Does Not Stack",
}


def trait_label(t: Trait) -> str:
    name = TRAIT_NAMES.get(t.prefix, t.prefix.rstrip(";"))
    key = trait_key(t)
    return f"{name} {key!r}" if key else name


def trait_key(t: Trait) -> str:
    """The name a trait is known by, where it has one (Layer name, property name, label description)."""
    f = t.fields
    if t.prefix == "emb2;":
        return f[18] if len(f) > 18 else ""
    if t.prefix == "emb;":
        return f[-1] if f else ""
    if t.prefix in ("PROP;", "calcProp;"):
        return f[0] if f else ""
    if t.prefix == "label;":
        desc = f[16] if len(f) > 16 else ""
        prop = f[15] if len(f) > 15 else ""
        return desc or prop
    if t.prefix == "obs;":
        return f[7] if len(f) > 7 else ""
    if t.prefix == "sendto;":
        return f[0] if f else ""
    return ""


__all__ = ["TRAIT_NAMES", "trait_label", "trait_key", "expand_prototypes"]
