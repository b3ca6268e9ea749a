"""JSON Schema for the data files: the building blocks each loader module writes its file's
schema with, and the check that refuses a document's unknown keys with file:line and a did-you-mean.

One definition serves two readers. The loader validates every file it opens with the `jsonschema`
library and acts on the structural findings: an unknown key (every object is
`additionalProperties: false`) and a missing required key. Value checks (types, ranges, choices,
references, hex IDs on the map) stay in the loader, whose messages are more precise (the YAML
quoting hints of nodes._as_text, the valid ids of another file); the schema states them too, for
an editor to flag as the author types (docs/schema/, written by `python -m modgen.load.schemas`).

Only keywords that draft-07 tools also read are used (no prefixItems), so editors whose YAML
support predates draft 2020-12 still validate with them.
"""

from __future__ import annotations

import difflib
from typing import Any, Iterable

from jsonschema import Draft202012Validator

from ..errors import DataError, DataErrors
from ..yamlsrc import LDict, LList, line_of, written_key

DRAFT = "https://json-schema.org/draft/2020-12/schema"


class _Required(dict):
    """A field schema marked as required by must()."""


def must(field: dict) -> dict:
    """The field must be present (the loader refuses the file without it)."""
    return _Required(field)


def obj(description: str, fields: dict[str, dict], extra: dict | bool = False, **more: Any) -> dict:
    """A mapping with these fields only (unless extra is a schema for other keys)."""
    out: dict[str, Any] = {"type": "object", "description": description, "properties": {k: dict(v) for k, v in fields.items()}}
    required = [k for k, v in fields.items() if isinstance(v, _Required)]
    if required:
        out["required"] = required
    out["additionalProperties"] = extra
    out.update(more)
    return out


def by_id(description: str, value: dict) -> dict:
    """A mapping from ids the author chooses to values of one shape."""
    return {"type": "object", "description": description, "additionalProperties": value}


def items(description: str, item: dict, **more: Any) -> dict:
    return {"type": "array", "description": description, "items": item, **more}


def text(description: str) -> dict:
    """Text; a number whose text survives YAML (`name: 12`) is text too."""
    return {"type": ["string", "number"], "description": description}


def texts(description: str) -> dict:
    return items(description, {"type": ["string", "number"]})


def words(description: str) -> dict:
    """A list of plain words (tags, type ids)."""
    return items(description, {"type": "string", "minLength": 1})


def hex_id(description: str) -> dict:
    return {"type": "string", "description": description + ' (a quoted hex ID as printed, "7.09")'}


def hex_ids(description: str) -> dict:
    return items(description, {"type": "string", "description": 'a quoted hex ID as printed ("7.09")'})


def integer(description: str, lo: int | None = None, hi: int | None = None) -> dict:
    out: dict[str, Any] = {"type": "integer", "description": description}
    if lo is not None:
        out["minimum"] = lo
    if hi is not None:
        out["maximum"] = hi
    return out


def number(description: str) -> dict:
    return {"type": "number", "description": description}


def flag(description: str) -> dict:
    return {"type": "boolean", "description": description}


def choice(description: str, options: Iterable[str]) -> dict:
    return {"enum": list(options), "description": description}


def colour(description: str) -> dict:
    return {"type": "string", "pattern": "^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$", "description": description + " (#rrggbb)"}


def provenance(what: str) -> dict[str, dict]:
    """The approximate/source pair (docs/data-format.md, Exactness)."""
    return {
        "approximate": flag(f"{what} is authored, not printed in the rules: needs a one-line 'source'"),
        "source": text("one line: where the data comes from"),
    }


def document(name: str, title: str, schema: dict) -> dict:
    """A schema as a file of its own: docs/schema/<name>.schema.json."""
    return {"$schema": DRAFT, "$id": f"urn:modgen:schema:{name}", "title": title, **schema}


# -- the check -------------------------------------------------------------------------------------


def check(data: Any, schema: dict, file: str) -> None:
    """Refuse every unknown or missing key of a parsed document, in document order."""
    found: list[tuple[int, int, tuple, str]] = []  # (line, 0 unknown / 1 missing, path, message)
    for error in Draft202012Validator(schema).iter_errors(data):
        path = tuple(error.absolute_path)
        if error.validator == "additionalProperties" and error.validator_value is False:
            allowed = list(error.schema.get("properties", {}))
            for key in error.instance:
                if key not in allowed:
                    found.append((line_of(error.instance, key) or 0, 0, path + (key,), _unknown(error.instance, key, allowed)))
        elif error.validator == "required":
            key = next(k for k in error.validator_value if k not in error.instance)
            found.append((_line(data, path) or 0, 1, path, f"missing field '{key}'"))
    # a misspelt key is a missing one too: name the misspelling, its did-you-mean says which was meant
    misspelt = {f[2][:-1] for f in found if f[1] == 0}
    found = [f for f in found if f[1] == 0 or f[2] not in misspelt]
    if found:  # all of them, first in the document first (an author fixes them in one pass)
        found.sort(key=lambda f: f[:2])
        raise DataErrors([DataError(file, line or None, _field(data, path) or None, message) for line, _, path, message in found])


def _unknown(mapping: dict, key: Any, allowed: list[str]) -> str:
    shown = written_key(mapping, key) or str(key)
    line = line_of(mapping, key)
    if mapping[key] is None and any(line_of(mapping, k) == line for k in mapping if k != key):
        # `{name: Anti-tank (JgPz IV, Jagdpanther)}`: the comma ended the name, `Jagdpanther` is a key
        return f"unknown field '{shown}' (in {{ }} a comma ends unquoted text: quote the value before it)"
    listed = f"allowed: {', '.join(sorted(allowed))}"
    if isinstance(key, bool):
        return f"unknown field '{shown}' (YAML reads a bare on/off/yes/no key as true or false: quote it; {listed})"
    absent = [k for k in allowed if k not in mapping]  # a misspelling most likely means a key not given
    close = difflib.get_close_matches(shown, absent, n=1) or difflib.get_close_matches(shown, allowed, n=1)
    return f"unknown field '{shown}' (did you mean '{close[0]}'?)" if close else f"unknown field '{shown}' ({listed})"


def _field(data: Any, path: tuple) -> str:
    """A path as the loader prints it: units[3].size, terrain_types.clear.name."""
    out, node = "", data
    for step in path:
        if isinstance(step, int) and isinstance(node, list):
            out += f"[{step}]"
        else:
            out += ("." if out else "") + (written_key(node, step) or str(step))
        node = node[step]
    return out


def _line(data: Any, path: tuple) -> int | None:
    """The line the loader gives a mapping: its list item's, its key's, or the document's."""
    if not path:
        return line_of(data)
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    return line_of(parent, path[-1]) if isinstance(parent, (LDict, LList)) else line_of(parent)
