#!/usr/bin/env python3
"""Stand-alone check of the Battle for Galicia 1914 counter data.

Validates counters/galicia1914/{game,units,markers}.yaml and scenarios/campaign.yaml on their
own (the modgen loader re-validates everything with file:line errors):

- ids unique (units, markers); every unit field present and of the right kind;
- every hex ID named anywhere exists on the board described by maps/galicia1914/map.yaml;
- each unit is set up or arrives exactly once, and every unit does one or the other;
- the reinforcement entries match the rules' schedule (14.0, typed in below from the rulebook)
  unit for unit, GT for GT and hex for hex;
- stacking at set-up is at most the game's limit (6 steps) per hex, by the game.yaml steps table;
- no A-H unit set up in 3.01-11.01 (4.5), no Russian unit in Przemysl 3.15 (13.0), and no unit
  on prohibited terrain if maps/galicia1914/terrain.yaml exists;
- the numbers the rules give in examples (2 gd defense 8 AV 5; A-H 4, 25, 20) and the worked
  combat example (13:8 -> 1.5:1) hold.

Run from the repository root:  python tools/check_galicia_counters.py
Exit status 0 when everything passes, 1 otherwise.
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from modgen.geometry import BoardSpec, build_geometry  # noqa: E402

GAME = ROOT / "counters" / "galicia1914"
MAP = ROOT / "maps" / "galicia1914"

# The rules' reinforcement schedule (14.0, last page of the rulebook), by printed name:
# name -> (GT, entry). Entry is a tuple of hexes, or ("RR", a, b[, extra hexes...]).
RR_W = ("RR", "16.26", "19.23")
RUSSIAN_SCHEDULE = {
    "9+10 c": (2, ("10.01",)), "12 c+3 cn": (2, ("9.01",)),
    "13": (3, ("8.01", "7.01")), "34": (3, ("8.01", "7.01")), "65 r": (3, ("7.01", "6.01")),
    "12": (3, ("7.01", "6.01")), "19": (3, ("7.01", "6.01")), "14": (3, ("5.01",)), "15": (3, ("5.01",)),
    "23": (4, RR_W), "37": (4, RR_W), "80 r": (4, RR_W), "4+5 d cs": (4, ("RR", "19.17", "19.16")),
    "48": (4, ("3.01", "4.01")), "3 rf": (4, ("3.01", "4.01")),
    "1 gd": (5, RR_W), "82 r": (5, RR_W), "49": (5, ("3.01", "4.01")),
    "gd rf": (6, RR_W), "83 r": (6, RR_W), "21": (6, ("RR", "19.23", "19.16", "19.17")), "4 rf": (6, ("3.01",)),
    "2 gd": (7, RR_W),
    "52": (8, ("RR", "19.23", "19.16", "19.17")), "Pavlov": (8, ("1.01", "2.01")),
}
AH_SCHEDULE = {
    "1 ls": (2, ("8.24",)), "36 ls": (2, ("8.22",)), "26": (2, ("5.16",)), "comb": (2, ("4.15",)),
    "19": (2, ("5.15",)), "10 c": (2, ("7.15",)), "97 ls": (2, ("3.15",)), "23": (2, ("5.12",)),
    "20": (2, ("3.03",)), "12 m+": (2, ("1.01",)),
    "6 m+": (3, ("4.14",)), "23 m": (3, ("2.11",)), "108 ls": (3, ("6.10",)), "17": (3, ("3.06", "1.07")),
    "43": (3, ("1.01",)), "103 ls": (3, ("1.01",)),
    "95 ls": (4, ("11.25", "12.25")), "100 ls": (4, ("11.25", "12.25")), "4 m": (4, ("2.11",)),
    "14 m": (4, ("6.10",)), "34": (4, ("3.06", "1.07")),
    "106 ls": (5, ("11.25", "12.25", "13.26")), "3 m": (5, ("6.10", "5.12")),
    "40 ls": (6, ("1.01",)),  # or GT 7 at 1.03, 1.05 or 1.07: a note on the entry
    "3 lw": (7, ("11.25", "12.25", "13.26")), "4 lw": (7, ("11.25", "12.25", "13.26")), "31": (7, ("2.11", "1.14")),
    "20 m": (8, ("3.15",)), "32": (8, ("2.11", "1.14")),
    "102 ls": (9, ("2.11", "1.14")), "7 m": (9, ("2.11", "1.14")),
}
CRT_COLUMNS = ["1:3", "1:2", "1.5:2", "1:1", "1.5:1", "2:1", "2.5:1", "3:1", "4:1"]
CRT_VALUES = [1 / 3, 1 / 2, 1.5 / 2, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0]

UNIT_FIELDS = {"id", "name", "nationality", "type", "size", "formation", "attack", "defense", "ma", "av", "reduced",
               "ersatz", "white_symbol", "release_gt", "approximate", "source", "exact"}
EXACT_FIELDS = {"name", "formation", "attack", "defense", "ma", "av", "arrival", "type", "size", "ersatz"}

errors: list[str] = []


def err(msg: str) -> None:
    errors.append(msg)


def load(path: Path):
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


def board():
    m = load(MAP / "map.yaml")["boards"][0]
    n = m["numbering"]
    spec = BoardSpec(name=m["name"], hexes=m["hexes"], hex_size=m["hex_size"], lines=m["lines"],
                     per_line=m["per_line"], margin=m["margin"], outer_lines=m["outer_lines"],
                     line_from=n["line_from"], pos_from=n["pos_from"], line_first=n.get("line_first", True),
                     sep=n.get("sep", "."), line_digits=n.get("line_digits", 1), pos_digits=n.get("pos_digits", 2))
    return build_geometry(spec)


def odds_column(att: float, dfn: float) -> str | None:
    ratio = att / dfn
    best = None
    for col, val in zip(CRT_COLUMNS, CRT_VALUES):
        if ratio + 1e-9 >= val:
            best = col
    return best


def main() -> int:
    geo = board()
    valid = set(geo.raw_of)
    game = load(GAME / "game.yaml")
    units = load(GAME / "units.yaml")["units"]
    markers = load(GAME / "markers.yaml")["markers"]
    scen = load(GAME / "scenarios" / "campaign.yaml")

    def check_hex(h, where):
        if not isinstance(h, str):
            err(f"{where}: hex {h!r} is not a quoted string")
        elif h not in valid:
            err(f"{where}: hex {h} does not exist on the board")

    # ---- game.yaml
    nat_side = {n["id"]: n["side"] for n in game["nationalities"]}
    sides = [s["id"] for s in game["sides"]]
    for n in game["nationalities"]:
        if n["side"] not in sides:
            err(f"game.yaml: nationality {n['id']} has unknown side {n['side']}")
    steps_tab = {(s["type"], s["size"]): (s["full"], s.get("reduced")) for s in game["stacking"]["steps"]}
    limit = game["stacking"]["limit"]
    crt = next(c for c in game["charts"] if c["id"] == "crt")
    if crt["columns"][1:] != CRT_COLUMNS or len(crt["rows"]) != 11:
        err("game.yaml: CRT is not 9 columns x rows 2-12")
    for i, row in enumerate(crt["rows"]):
        if row[0] != str(i + 2) or len(row) != 10:
            err(f"game.yaml: CRT row {i + 2} malformed")

    # ---- units
    ids = Counter(u.get("id") for u in units)
    for i, n in ids.items():
        if n > 1:
            err(f"units.yaml: id {i} used {n} times")
    by_id = {u["id"]: u for u in units}
    names = Counter((nat_side.get(u["nationality"]), u["name"]) for u in units)
    for (side, name), n in names.items():
        if n > 1:
            err(f"units.yaml: {side} has {n} units printed {name!r}")
    for u in units:
        w = f"units.yaml: {u.get('id')}"
        extra = set(u) - UNIT_FIELDS
        if extra:
            err(f"{w}: unknown fields {sorted(extra)}")
        for f in ("id", "name", "nationality", "type", "size", "attack", "defense", "ma", "av"):
            if f not in u:
                err(f"{w}: missing {f}")
        if u["id"] != u["id"].lower():
            err(f"{w}: id not lower-case")
        if u["nationality"] not in nat_side:
            err(f"{w}: unknown nationality {u['nationality']}")
        if u["type"] not in game["unit_types"]:
            err(f"{w}: unknown type {u['type']}")
        if u["size"] not in game["sizes"]:
            err(f"{w}: unknown size {u['size']}")
        key = (u["type"], u["size"])
        if key not in steps_tab:
            err(f"{w}: no stacking steps for {key}")
        else:
            two_step = steps_tab[key][1] is not None
            if two_step != ("reduced" in u):
                err(f"{w}: reduced side {'missing' if two_step else 'present'} for a {'two' if two_step else 'one'}-step unit")
        if "formation" in u and not isinstance(u["formation"], str):
            err(f"{w}: corps must be a quoted string")
        for f in ("attack", "defense", "ma", "av"):
            if not isinstance(u.get(f), int) or u[f] < 0:
                err(f"{w}: {f} must be a non-negative integer")
        if u.get("approximate") is not True or not u.get("source"):
            err(f"{w}: approximate: true and a source are required")
        if not set(u.get("exact", [])) <= EXACT_FIELDS:
            err(f"{w}: exact lists unknown fields {sorted(set(u['exact']) - EXACT_FIELDS)}")
        if u["nationality"] == "ah" and u["name"].endswith((" m", " m+")) and not u.get("ersatz"):
            err(f"{w}: all Marsch units are Ersatz (10.3.2)")
        if u.get("white_symbol") and u["nationality"] != "ah":
            err(f"{w}: white symbol is an A-H feature (10.2)")
        if "release_gt" in u and not (isinstance(u["release_gt"], int) and 2 <= u["release_gt"] <= 12):
            err(f"{w}: release_gt must be a GT 2-12")

    # ---- markers
    mids = Counter(m["id"] for m in markers)
    for i, n in mids.items():
        if n > 1:
            err(f"markers.yaml: id {i} used {n} times")

    # ---- scenario: each unit exactly once
    placed = Counter()
    for s in scen["setup"]:
        placed[s["unit"]] += 1
        check_hex(s["hex"], f"campaign.yaml setup {s['unit']}")
    for r in scen["reinforcements"]:
        placed[r["unit"]] += 1
        for h in r.get("hexes", []) + r.get("railroad_between", []):
            check_hex(h, f"campaign.yaml reinforcement {r['unit']}")
        if not (1 <= r["turn"] <= scen["turns"]):
            err(f"campaign.yaml: {r['unit']} arrives on GT {r['turn']}")
    for uid in placed:
        if uid not in by_id:
            err(f"campaign.yaml: unknown unit {uid}")
    for uid in by_id:
        if placed[uid] != 1:
            err(f"campaign.yaml: unit {uid} is set up / arrives {placed[uid]} times (must be exactly once)")
    for m in scen.get("markers", []):
        if m["marker"] not in mids:
            err(f"campaign.yaml: unknown marker {m['marker']}")

    # ---- reinforcements against the rules' schedule
    reinf = {r["unit"]: r for r in scen["reinforcements"]}
    for side, sched in (("russian", RUSSIAN_SCHEDULE), ("ah", AH_SCHEDULE)):
        for name, (gt, entry) in sched.items():
            cand = [u for u in units if u["name"] == name and nat_side[u["nationality"]] == side]
            if len(cand) != 1:
                err(f"schedule: {side} unit {name!r} matches {len(cand)} counters")
                continue
            u = cand[0]
            r = reinf.get(u["id"])
            if r is None:
                err(f"schedule: {name!r} ({u['id']}) is not a reinforcement")
                continue
            if r["turn"] != gt:
                err(f"schedule: {name!r} arrives GT {r['turn']}, rules say GT {gt}")
            if entry[0] == "RR":
                if r.get("railroad_between") != list(entry[1:3]) or r.get("hexes", []) != list(entry[3:]):
                    err(f"schedule: {name!r} entry {r.get('railroad_between')} + {r.get('hexes')} != rules {entry}")
            elif r.get("hexes") != list(entry) or "railroad_between" in r:
                err(f"schedule: {name!r} entry {r.get('hexes')} != rules {list(entry)}")
            if "arrival" not in u.get("exact", []):
                err(f"schedule: {u['id']} should list arrival in exact")
    sched_names = {("russian", n) for n in RUSSIAN_SCHEDULE} | {("ah", n) for n in AH_SCHEDULE}
    for uid in reinf:
        u = by_id.get(uid)
        if u and (nat_side[u["nationality"]], u["name"]) not in sched_names:
            err(f"schedule: {uid} arrives but is not in the rules' schedule")

    # ---- set-up stacking and placement
    def steps(u):
        return steps_tab[(u["type"], u["size"])][0]

    stacks = defaultdict(list)
    for s in scen["setup"]:
        stacks[s["hex"]].append(by_id[s["unit"]])
    restricted = {f"{row}.01" for row in range(3, 12)}
    prohibited: set[str] = set()
    terrain_file = MAP / "terrain.yaml"
    if terrain_file.exists():
        ter = load(terrain_file) or {}
        mtypes = load(MAP / "map.yaml")["terrain_types"]
        for t, hexes in (ter.get("terrain") or {}).items():
            if mtypes.get(t, {}).get("prohibited"):
                prohibited |= set(hexes)
    for h, us in stacks.items():
        total = sum(steps(u) for u in us)
        if total > limit:
            err(f"setup: {h} holds {total} steps ({', '.join(u['id'] for u in us)}) > {limit}")
        sides_here = {nat_side[u["nationality"]] for u in us}
        if len(sides_here) > 1:
            err(f"setup: {h} holds units of both sides")
        if "ah" in sides_here and h in restricted:
            err(f"setup: A-H unit in restricted hex {h} (4.5)")
        if "russian" in sides_here and h == "3.15":
            err("setup: Russian unit in Fortress Przemysl 3.15 (13.0)")
        if h in prohibited:
            err(f"setup: {h} is prohibited terrain")
    contacts = []
    for h, us in stacks.items():
        side = nat_side[us[0]["nationality"]]
        for n in geo.neighbours(h):
            if n in stacks and nat_side[stacks[n][0]["nationality"]] != side and side == "ah":
                contacts.append((h, n))

    # ---- numbers the rules give
    def val(uid, f):
        return by_id[uid][f]

    if (val("ru-inf-2gd", "defense"), val("ru-inf-2gd", "av")) != (8, 5):
        err("rules 9.4.2: Russian 2 gd must have defense 8, AV 5")
    for uid, att, av in (("ah-inf-4", 4, 4), ("ah-inf-25", 5, 4), ("ah-inf-20", 4, 2)):
        if (val(uid, "attack"), val(uid, "av")) != (att, av):
            err(f"rules 9.4.2: {uid} must have attack {att}, AV {av}")
    if val("ah-inf-4", "formation") != val("ah-inf-25", "formation") or "formation" in by_id["ah-inf-20"]:
        err("rules 9.4.2: A-H 4 and 25 share a corps, 20 is independent")
    if by_id["ru-inf-18"].get("formation") != "14" or by_id["ru-inf-1gd"].get("formation") != "GD" or "formation" in by_id["ru-inf-82r"]:
        err("rules 7.3: 18 in 14 Corps, 1 gd in GD Corps, 82 r independent")
    att = sum(val(u, "attack") for u in ("ah-inf-4", "ah-inf-25", "ah-inf-20"))
    if odds_column(att, val("ru-inf-2gd", "defense")) != "1.5:1" or crt["rows"][9 - 2][5] != "+2/-1":
        err("rules 9.4.2: worked example no longer gives 13:8 -> 1.5:1, roll 9 -> +2/-1")

    # ---- report
    print("Battle for Galicia 1914 counters")
    by = Counter((u["nationality"], u["type"], u["size"]) for u in units)
    for key in sorted(by):
        print(f"  {key[0]:3} {key[1]:9} {key[2]:4} {by[key]:4}")
    for nat in sorted(nat_side):
        n = sum(1 for u in units if u["nationality"] == nat)
        print(f"  {nat}: {n} units")
    print(f"  units {len(units)}, markers {sum(m.get('count', 1) for m in markers)} counters"
          f" ({len(markers)} kinds), total {len(units) + sum(m.get('count', 1) for m in markers)}")
    su = Counter(nat_side[by_id[s['unit']]['nationality']] for s in scen["setup"])
    rs = Counter(nat_side[by_id[r['unit']]['nationality']] for r in scen["reinforcements"])
    print(f"  set up: {dict(su)}; reinforcements: {dict(rs)}")
    print(f"  set-up hexes {len(stacks)}, max steps in a hex {max(sum(steps(u) for u in us) for us in stacks.values())}")
    print(f"  ersatz {sum(1 for u in units if u.get('ersatz'))}, white symbol {sum(1 for u in units if u.get('white_symbol'))},"
          f" movement-restricted {sum(1 for u in units if 'release_gt' in u)}")
    if contacts:
        print(f"  note: {len(contacts)} A-H/Russian adjacencies at set-up: {contacts}")
    if not prohibited:
        print("  note: no terrain.yaml (or no prohibited hexes) yet: prohibited-terrain check skipped")
    if errors:
        print(f"\n{len(errors)} error(s):")
        for e in errors:
            print("  " + e)
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
