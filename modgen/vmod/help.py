"""The module's Help menu: HTML pages generated from the game model, shown by VASSAL's HelpFile
(a window inside VASSAL, no external browser), and the publisher's rules PDF where game.yaml names one.

Why generated: a player opening the module has no other documentation at hand. The About page
says what the module is and how far to trust it (which data is authored, not printed); the key
card lists what the counters' right-click menus do, read from the very traits the pieces carry
(so it cannot drift from them); the rules reference lists the sequence of play, stacking, the
charts and every rule `modgen check` holds the game to.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import jinja2

from ..model import Chart, Game, Provenance
from ..vassal.pieces import Piece, Trait
from ..vassal.sequence import decode
from .piecedefs import PieceDef
from .warnings import declared_timings, warned_rules

HELP_DIR = "help"
MAX_SOURCES = 5  # source notes the About page lists for one kind of data
PDF_ENTRY = f"{HELP_DIR}/rules.pdf"

# InputEvent modifiers as VASSAL writes them: the old masks (SHIFT 1, CTRL 2, META 4, ALT 8) and the new ones
_MODIFIERS = (("Ctrl", 128 | 2), ("Alt", 512 | 8), ("Shift", 64 | 1), ("Meta", 256 | 4))
_KEY_NAMES = {10: "Enter", 27: "Esc", 32: "Space", 127: "Delete", 8: "Backspace", 37: "Left", 38: "Up", 39: "Right", 40: "Down"}


@dataclass(frozen=True)
class HelpPage:
    """One Help menu entry: its menu text, its archive entry and the page."""

    title: str
    file: str
    html: str


@dataclass(frozen=True)
class KeyCommand:
    """A right-click menu command of a piece: its menu text, key and what it does."""

    command: str
    key: str
    does: str


def key_name(stroke: str) -> str:
    """VASSAL's "keycode,modifiers" as a player reads it ("70,130" -> "Ctrl+F"); "" for no key."""
    try:
        code, mods = (int(x) for x in stroke.split(","))
    except ValueError:
        return ""
    if code == 0:
        return ""
    names = [name for name, mask in _MODIFIERS if mods & mask]
    if 112 <= code <= 123 or 0xF000 <= code <= 0xF00B:  # VK_F1-F12, VK_F13-F24
        key = f"F{code - 111}" if code <= 123 else f"F{code - 0xF000 + 13}"
    else:
        key = _KEY_NAMES.get(code) or (chr(code) if 32 < code < 127 else f"key {code}")
    return "+".join([*names, key])


def _field(fields: list[str], i: int) -> str:
    return fields[i] if len(fields) > i else ""


def _dynamic_commands(t: Trait) -> list[tuple[str, str, str]]:
    """A Dynamic Property's commands: `menu:key:changer` items of a `,` list (field 3)."""
    out = []
    for cmd in decode(_field(t.fields, 2), ",") if _field(t.fields, 2) else []:
        parts = decode(cmd, ":")
        if len(parts) >= 2:
            out.append((parts[0], parts[1], f"changes {_field(t.fields, 0)}"))
    return out


# Traits adding one command: their type's fields of (menu text, key, description), and what the command
# does when the trait has no description.
ONE_COMMAND: dict[str, tuple[int, int, int, str]] = {
    "obs;": (2, 0, 7, "hides the piece from the opponent"),
    "sendto;": (0, 1, 12, "sends the piece to its box"),
    "delete;": (0, 1, 2, "removes the piece"),
    "label;": (1, 0, 16, "sets a text label shown on the counter"),
    "markmoved;": (3, 4, 5, "marks the piece moved"),
    "footprint;": (1, 0, 15, "shows the movement trail"),
}


def trait_commands(t: Trait) -> list[tuple[str, str, str]]:
    """(menu text, key, what it does) of each menu command the trait adds, by its type's fields as
    each trait's myGetType writes them (modgen.vassal.pieces). A trait with a key but no menu text
    adds no menu item (the private keys of the reports and triggers) and is left out."""
    f, p = t.fields, t.prefix
    found: list[tuple[str, str, str]] = []
    if p == "emb2;":
        desc = _field(f, 29) or _field(f, 18)
        found += [(_field(f, 3), _field(f, 27), f"{desc}: next side"), (_field(f, 6), _field(f, 28), f"{desc}: previous side"),
                  (_field(f, 0), _field(f, 26), desc), (_field(f, 9), _field(f, 10), f"{desc}: reset")]
    elif p in ONE_COMMAND:
        menu, key, desc, default = ONE_COMMAND[p]
        found.append((_field(f, menu), _field(f, key), _field(f, desc) or default))
    elif p == "macro;":
        found.append((_field(f, 1), _field(f, 2), "removes the piece, reported in the chat" if _field(f, 1) == "Delete" else _field(f, 0)))
    elif p == "PROP;":
        found += _dynamic_commands(t)
    return [(c, k, d) for c, k, d in found if c and key_name(k)]


def piece_commands(piece: Piece) -> list[KeyCommand]:
    """Every menu command of a piece, outermost trait first (the menu's order)."""
    out: list[KeyCommand] = []
    for t in piece.traits:
        for command, key, does in trait_commands(t):
            out.append(KeyCommand(command, key_name(key), does))
    return out


def key_card(game: Game, defs: dict[tuple[str, str], PieceDef]) -> list[dict]:
    """The key-command card: for each kind of piece, each command with its key, what it does and
    how many of the kind carry it."""
    kinds = {"unit": "Units", "marker": "Markers"}
    card = []
    for kind, title in kinds.items():
        pieces = [d for d in defs.values() if d.kind == kind]
        counts: dict[KeyCommand, int] = {}
        for d in pieces:
            for kc in dict.fromkeys(piece_commands(d.piece)):
                counts[kc] = counts.get(kc, 0) + 1
        rows = [{"command": kc.command, "key": kc.key, "does": kc.does,
                 "carried": "all" if n == len(pieces) else f"{n} of {len(pieces)}"} for kc, n in counts.items()]
        card.append({"title": f"{title} ({len(pieces)})", "rows": rows})
    return card


def approximate_data(game: Game) -> list[dict]:
    """What data is authored rather than printed (approximate: true), with counts and source notes."""
    groups: list[tuple[str, list[Provenance]]] = [
        ("Units", [u.provenance for u in game.units.values()]),
        ("Towns", [t.provenance for t in game.map.towns]),
        ("Charts", [c.provenance for c in game.charts]),
        ("Map terrain", [game.map.terrain_provenance]),
        ("Map features (roads, rivers, railroads, towns)", [game.map.features_provenance]),
        ("Terrain Effects Chart", [game.map.tec_provenance]),
    ]
    out = []
    for what, provs in groups:
        approx = [p for p in provs if p.approximate]
        if approx:
            sources = sorted({p.source for p in approx if p.source})
            more = [f"... and {len(sources) - MAX_SOURCES} more notes"] if len(sources) > MAX_SOURCES else []
            out.append({"what": what, "count": f"{len(approx)} of {len(provs)}", "sources": sources[:MAX_SOURCES] + more})
    return out


def _charts(game: Game, chart_names: Iterable[str]) -> list[dict]:
    given: dict[str, Chart] = {c.name: c for c in game.charts}
    return [{"name": n, "notes": list(given[n].notes) if n in given else [],
             "approximate": given[n].provenance.approximate if n in given else False} for n in chart_names]


def checked_rules(game: Game) -> list[dict]:
    """What `modgen check` holds a save or log of this game to: the rules plugin's rules (its
    report's rule list, with the rulebook's words), else the rules game.yaml declares."""
    timings = declared_timings(game)
    rules = [{"rule": t.label, "words": t.words, "when": _when(t.timing)} for t in timings]
    if not rules and game.checks is not None:
        rules = [{"rule": r.rule, "words": r.words or what, "when": r.holds.replace("_", " ")}
                 for what, r in game.checks.declared().items()]
    return rules


def _when(timing: object) -> str:
    kind = getattr(timing, "kind", "always")
    phase = getattr(timing, "phase", "")
    return f"{kind.replace('_', ' ')} ({phase})" if phase else kind.replace("_", " ")


def _env() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.PackageLoader("modgen", "templates"), autoescape=True,
                              undefined=jinja2.StrictUndefined, keep_trailing_newline=True)


def help_pages(game: Game, defs: dict[tuple[str, str], PieceDef], chart_names: list[str],
               toolbar: list[dict[str, str]]) -> list[HelpPage]:
    """The About page, the key-command card and the rules reference, as archive entries; `toolbar`
    the module's window and button keys (modgen.vmod.buildfile.module_keys)."""
    env = _env()
    pdf = game.rules_pdf
    context = {"game": game, "pdf_url": pdf if pdf.startswith(("http://", "https://")) else "",
               "pdf_in_module": bool(pdf) and not pdf.startswith(("http://", "https://"))}
    about = env.get_template("help_about.html.j2").render(
        **context, credits=game.credits, approximate=approximate_data(game),
        counts={"units": len(game.units), "markers": len(game.markers), "scenarios": len(game.scenarios),
                "hexes": len(game.map.hex_ids())})
    keys = env.get_template("help_keys.html.j2").render(**context, card=key_card(game, defs), toolbar=toolbar)
    rules = env.get_template("help_rules.html.j2").render(
        **context, sides={s.id: s.name for s in game.sides}, charts=_charts(game, chart_names), checked=checked_rules(game),
        warned=warned_rules(game))
    return [
        HelpPage(f"About {game.title}", f"{HELP_DIR}/about.html", about),
        HelpPage("Key commands", f"{HELP_DIR}/keys.html", keys),
        HelpPage("Rules reference", f"{HELP_DIR}/rules.html", rules),
    ]
