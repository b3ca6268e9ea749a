"""Finding a game's rules plugin: modgen's own, and any installed through entry points.

modgen's own plugins are the modules of the package modgen.rules that name their game and
plugin as module attributes, `GAME_ID = "mygame"` and `PLUGIN = MyGameRules`; nothing else in
modgen names a game. A package ships a game's rules by declaring, in its pyproject.toml,

    [project.entry-points."modgen.games"]
    mygame = "mygame_rules:MyGameRules"

where the name is the game id (the `id:` of counters/<game>/game.yaml) and the value a class
(or any callable) that returns a plugin (modgen.plugin_api.RulesPlugin). Every source is read:
registering or installing one plugin never hides another. A game with two plugins is an error
rather than a silent choice.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from importlib.metadata import entry_points
from typing import Callable, Optional

from .errors import ModgenError
from .model import Game
from .plugin_api import RulesPlugin
from .rules.declared import DeclaredRules

ENTRY_POINT_GROUP = "modgen.games"
RULES_PACKAGE = "modgen.rules"


@lru_cache(maxsize=1)
def builtin() -> dict[str, str]:
    """modgen's own plugins, game id -> "module:attribute": the modules of modgen.rules with a
    GAME_ID and a PLUGIN (shared helpers such as rules.common have neither)."""
    out: dict[str, str] = {}
    package = importlib.import_module(RULES_PACKAGE)
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{RULES_PACKAGE}.{info.name}")
        game_id, plugin = getattr(module, "GAME_ID", None), getattr(module, "PLUGIN", None)
        if game_id is None or plugin is None:
            continue
        if game_id in out:
            raise ModgenError(game_id, f"two of modgen's rules modules are for game {game_id!r}: {out[game_id]} and {module.__name__}")
        out[game_id] = f"{module.__name__}:{plugin.__name__}"
    return out


Factory = Callable[[], RulesPlugin]
_registered: dict[str, Factory] = {}


def register(game_id: str, factory: Factory) -> None:
    """Add a plugin at run time (tests, scripts); it joins the built-ins and entry points."""
    _registered[game_id] = factory


def unregister(game_id: str) -> None:
    _registered.pop(game_id, None)


def _load(spec: str) -> Factory:
    module, _, attr = spec.partition(":")
    return getattr(importlib.import_module(module), attr)


def available() -> dict[str, str]:
    """Every game id with a plugin, and where it comes from (for messages and --help)."""
    out = {gid: f"modgen ({spec})" for gid, spec in builtin().items()}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        out.setdefault(ep.name, f"{ep.dist.name if ep.dist else '?'} ({ep.value})")
    out.update({gid: "registered" for gid in _registered})
    return out


def plugin_for(game_id: str) -> Optional[RulesPlugin]:
    """The rules plugin of a game, or None if no plugin knows it."""
    if game_id in _registered:
        return _registered[game_id]()
    found = [ep for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.name == game_id]
    own = builtin().get(game_id)
    if own is not None:
        if found and any(ep.value != own for ep in found):
            raise ModgenError(game_id, f"two rules plugins for game {game_id!r}: modgen's own and "
                                       f"{found[0].value} (entry point group {ENTRY_POINT_GROUP})")
        return _load(own)()
    if len({ep.value for ep in found}) > 1:
        raise ModgenError(game_id, f"two rules plugins for game {game_id!r}: {', '.join(ep.value for ep in found)}")
    return found[0].load()() if found else None


def rules_for(game: Game) -> RulesPlugin:
    """The game's own plugin, or else the rules its game.yaml declares (`checks:`): a game is
    checked from its first build, and a plugin, once installed, takes over."""
    return plugin_for(game.id) or DeclaredRules(game)
