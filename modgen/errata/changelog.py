"""The errata changelog as text and JSON, from what diff.py compared."""

from __future__ import annotations

import json
from typing import Any, Optional

from .diff import ARROW

SECTIONS = ("counters", "hexes", "hexsides", "railroads", "roads", "towns", "areas", "supply_sources", "tec", "rules",
            "setups", "charts", "boards", "other")


def is_identical(d: dict[str, Any]) -> bool:
    if d.get("version") or isinstance(d.get("module"), list):
        return False
    for k in SECTIONS:
        v = d.get(k)
        if isinstance(v, dict):
            if any(v.values()):
                return False
        elif v:
            return False
    return True


def json_report(d: dict[str, Any]) -> str:
    return json.dumps({**d, "identical": is_identical(d)}, indent=2, ensure_ascii=False) + "\n"


def _who(item: dict[str, Any]) -> str:
    return f"{item['name']} [{item['id']}]" if item.get("id") else item["name"]


def _val(v: Optional[str]) -> str:
    return "(none)" if v is None else (v if v != "" else '""')


def _hexes_text(hs: list[str]) -> str:
    return "|".join(hs)


def text_report(d: dict[str, Any]) -> str:
    name = d["module"] if isinstance(d["module"], str) else f"{d['module'][0]}{ARROW}{d['module'][1]}"
    lines: list[str] = []
    if is_identical(d):
        return f"{name}: no differences ({d['old']} = {d['new']})\n"
    v = d.get("version")
    lines.append(f"{name}: version {v['old']}{ARROW}{v['new']}" if v else f"{name}: changed, but the version is not (bump it on errata)")
    c = d["counters"]

    def group(title: str, items: list[str]) -> None:
        if items:
            lines.append(f"{title} ({len(items)}):")
            lines.extend(f"  {i}" for i in items)

    items = []
    for ch in c["changed"]:
        parts = []
        if ch["values"]:
            parts.append(", ".join(f"{k} {_val(o)}{ARROW}{_val(n)}" for k, (o, n) in ch["values"].items()))
        if ch["images"]:
            parts.append("new artwork" if ch["values"] else "artwork changed: " + ", ".join(i.rsplit("/", 1)[-1] for i in ch["images"]))
        if ch["traits"]:
            parts.append("definition changed: " + ", ".join(ch["traits"]))
        items.append(f"{_who(ch)}: " + "; ".join(parts))
    group("Counters changed", items)
    group("Counters renamed", [f"{r['old_name']}{ARROW}{r['name']}" + (f" [{r['id']}]" if r.get("id") else "")
                               + (f" (palette entry {r['old_entry']!r}{ARROW}{r['entry']!r})" if r["old_entry"] != r["entry"] and r["old_name"] == r["name"] else "")
                               for r in c["renamed"]])
    group("Counters added", [_who(a) for a in c["added"]])
    group("Counters removed", [_who(a) for a in c["removed"]])
    hex_items = []
    for h in d.get("hexes", []):
        where = "hexes outside any zone" if h["hex"] == "*" else h["hex"]
        prop = "" if h["property"] == "Terrain" else f"{h['property']} "
        hex_items.append(f"{where}: {prop}{_val(h['old'])}{ARROW}{_val(h['new'])}")
    group("Terrain", hex_items)
    sides: dict[tuple[str, str], list[str]] = {}
    for s in d.get("hexsides", []):
        sides.setdefault((s["type"], s["change"]), []).append(_hexes_text(s["hexes"]))
    group("Hexsides", [f"{t} {ch}: {', '.join(v)}" for (t, ch), v in sides.items()])
    for kind in ("railroads", "roads"):
        by: dict[str, list[str]] = {}
        for r in d.get(kind, []):
            by.setdefault(r["change"], []).append("-".join(r["hexes"]))
        group(kind.capitalize(), [f"{ch}: {', '.join(v)}" for ch, v in by.items()])
    town_items = []
    for t in d.get("towns", []):
        if t["change"] == "changed":
            town_items.append(f"{t['name']}: " + ", ".join(f"{k} {o}{ARROW}{n}" for k, (o, n) in t["fields"].items()))
        else:
            town_items.append(f"{t['name']} ({t['hex']}) {t['change']}")
    group("Towns", town_items)
    area_items = []
    for a in d.get("areas", []):
        extra = ""
        if a.get("hexes_added") or a.get("hexes_removed"):
            extra = ": " + "; ".join(x for x in (
                ("hexes added " + ", ".join(a["hexes_added"])) if a.get("hexes_added") else "",
                ("hexes removed " + ", ".join(a["hexes_removed"])) if a.get("hexes_removed") else "") if x)
        area_items.append(f"{a['name']} {a['change']}{extra}")
    group("Areas", area_items)
    group("Supply sources", [f"{s['side']}: " + "; ".join(x for x in (
        ("added " + ", ".join(s["added"])) if s["added"] else "", ("removed " + ", ".join(s["removed"])) if s["removed"] else "") if x)
        for s in d.get("supply_sources", [])])
    group("Terrain Effects Chart", [f"{t['kind']} {t['name']} {t['change']}" + (
        ": " + ", ".join(f"{k} {o}{ARROW}{n}" for k, (o, n) in t["fields"].items()) if t.get("fields") else "")
        for t in d.get("tec", [])])
    group("Rules data changed", list(d.get("rules", [])))
    by_setup: dict[str, list[str]] = {}
    for s in d.get("setups", []):
        if "change" in s:
            by_setup.setdefault(s["setup"], []).append(f"predefined setup {s['change']}")
            continue
        old = ", ".join(s["old"]) or "(not set up)"
        new = ", ".join(s["new"]) or "(not set up)"
        by_setup.setdefault(s["setup"], []).append(f"{_who(s)}: {old}{ARROW}{new}")
    for sname, items in by_setup.items():
        group(f"Set-up and reinforcements, {sname}", items)
    group("Charts", [f"{ch['name']} {ch['change']}" for ch in d.get("charts", [])])
    group("Boards", [f"{b['board']}: {b['change']}" + (
        f" ({b['size']['old'][0]}x{b['size']['old'][1]}{ARROW}{b['size']['new'][0]}x{b['size']['new'][1]})" if "size" in b else "")
        for b in d.get("boards", [])])
    group("Other files", [f"{o['entry']} {o['change']}" for o in d.get("other", [])])
    return "\n".join(lines) + "\n"
