"""The compiled game description: the game model as JSON, carried inside every module.

A play-by-email player has the module and a save, not the data tree the module was built
from. The checker needs the model (map, terrain, hexsides, units, scenarios, version), so the
build writes it into the archive as `modgen/game.json` and the checker reads it back from
there. VASSAL ignores archive entries it does not know.

The codec is generic over the model's dataclasses, driven by their type hints, so a new model
field needs no code here. Lookup tables marked `derived` are left out and recomputed on
load; a board's geometry is stored as its rulebook description and built again, proving the
numbering on load exactly as the loader does. Output is deterministic: sets are sorted,
mappings keep the model's order, and the JSON has no whitespace variation.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from functools import lru_cache
from typing import Any

from .errors import ModgenError
from .geometry import BoardGeometry, BoardSpec, build_geometry
from .model import Game
from .vassal.archive import Archive

ENTRY = "modgen/game.json"
FORMAT = 2  # bumped when the JSON shape changes incompatibly (2: counter marks and VP marker values declared)


def game_json(game: Game) -> bytes:
    """The model as compact, deterministic JSON bytes."""
    doc = {"format": FORMAT, "game": _encode(game)}
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def game_from_json(data: bytes, where: str) -> Game:
    """The model back from `game_json` bytes; a ModgenError naming `where` if they are not one."""
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ModgenError(where, f"not a modgen game description: {exc}") from None
    if not isinstance(doc, dict) or "game" not in doc:
        raise ModgenError(where, "not a modgen game description (no 'game')")
    if doc.get("format") != FORMAT:
        raise ModgenError(where, f"game description format {doc.get('format')!r}; this modgen reads format {FORMAT}: "
                                 "rebuild the module with this modgen, or check it with the modgen that built it")
    try:
        return _decode(Game, doc["game"])
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise ModgenError(where, f"damaged game description: {exc}") from None


# --------------------------------------------------------------------------- encoding


_SCALARS = (str, int, float, bool)


def _encode(obj: Any) -> Any:
    """The JSON form of a model value. The commonest kinds are tested first, by exact type: a game of
    2,000 units encodes some 75,000 values on every build."""
    kind = type(obj)
    if kind in _SCALARS or obj is None:
        return obj
    if kind is tuple or kind is list:
        return [_encode(v) for v in obj]
    if kind is BoardGeometry:
        return _encode(obj.spec)
    fields = _encoded_fields(kind) if hasattr(kind, "__dataclass_fields__") else None
    if fields is not None:
        out = {}
        for name, omit, default in fields:
            value = getattr(obj, name)
            if not (omit and value == default):
                out[name] = _encode(value)
        return out
    if isinstance(obj, dict):
        return [[_encode(k), _encode(v)] for k, v in obj.items()]
    if isinstance(obj, (set, frozenset)):
        return sorted(_encode(v) for v in obj)
    if isinstance(obj, (list, tuple)):
        return [_encode(v) for v in obj]
    if isinstance(obj, _SCALARS):
        return obj
    raise TypeError(f"cannot store {type(obj).__name__} in a game description")


@lru_cache(maxsize=None)
def _encoded_fields(cls: type) -> tuple[tuple[str, bool, Any], ...]:
    """(name, omitted at its default, the default) of each stored field. A field marked
    `omit_default` is left out at its default (decoding gives the default back), so a capability
    most games lack (a map's seams, a scenario's sheets) adds nothing to their JSON."""
    return tuple((f.name, bool(f.metadata.get("omit_default")), _default(f)) for f in _stored_fields(cls))


def _default(f: dataclasses.Field) -> Any:
    if not f.metadata.get("omit_default"):
        return None
    return f.default if f.default is not dataclasses.MISSING else f.default_factory()


# --------------------------------------------------------------------------- decoding


@lru_cache(maxsize=None)
def _stored_fields(cls: type) -> tuple[dataclasses.Field, ...]:
    return tuple(f for f in dataclasses.fields(cls) if f.init and not f.metadata.get("derived"))


@lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _decode(tp: Any, value: Any) -> Any:
    if tp is BoardGeometry:
        return build_geometry(_decode(BoardSpec, value))
    if dataclasses.is_dataclass(tp):
        if not isinstance(value, dict):
            raise TypeError(f"{tp.__name__}: expected an object")
        hints = _hints(tp)
        kwargs = {f.name: _decode(hints[f.name], value[f.name]) for f in _stored_fields(tp) if f.name in value}
        return tp(**kwargs)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        exact = next((a for a in options if type(value) is a), None)  # bool | int | str: the JSON type says which
        return _decode(exact or options[0], value)
    if origin is dict:
        return {_decode(args[0], k): _decode(args[1], v) for k, v in value}
    if origin is list:
        return [_decode(args[0], v) for v in value]
    if origin in (frozenset, set):
        return origin(_decode(args[0], v) for v in value)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v) for v in value)
        return tuple(_decode(a, v) for a, v in zip(args, value, strict=True))
    if tp in (str, int, float, bool):
        if tp is float and isinstance(value, int):
            return float(value)
        if not isinstance(value, tp) or (tp is int and isinstance(value, bool)):
            raise TypeError(f"expected {tp.__name__}, got {value!r}")
        return value
    if tp is Any:
        return value
    raise TypeError(f"cannot read type {tp!r} from a game description")


def read_game_description(module_path: str, name: str, version: str) -> Game:
    """The game a module was built from, read from the module alone.

    A module without the entry is foreign to modgen (or built before modules carried it):
    there are no rules to check its saves with.
    """
    with Archive(module_path) as arc:
        if not arc.has(ENTRY):
            raise ModgenError(module_path, f"module {name!r} {version} is a foreign module: it carries no {ENTRY}, "
                                           "so it was not built by modgen (or by a modgen older than 0.2: rebuild it) "
                                           "and there are no rules to check it")
        return game_from_json(arc.read(ENTRY), arc.where(ENTRY))
