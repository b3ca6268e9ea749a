"""Generate counters/ef1914/{units,markers}.yaml and scenarios/tannenberg.yaml (the North section).

Authored from history (Tannenberg, August 1914) where the rulebook lacks the order of battle;
the few values the rules give are marked `exact`. Set-up hexes come from historical positions
through tools/ef1914_geo.py (the grid fitted to the rulebook's named hexes), moved to the nearest
legal hex where a place falls on prohibited terrain. Run from the repository root:
    .venv/bin/python tools/author_ef1914_counters.py
"""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from ef1914_geo import hex_of  # noqa: E402

OUT = str(ROOT / "counters" / "ef1914")

# value schemes: (attack=steps, defense, ma, av, rcp, reduced(attack, defense, av) or None, base CE)
S = {
    "de_inf":  (12, 16, 7, 7, "4", (6, 8, 4), 11),   # 1/1: defense 16, AV 7, CEL 11 (rules' example)
    "de_res":  (10, 12, 7, 3, "4", (5, 6, 2), 10),
    "de_lwd":  (8, 10, 6, 2, "4", (4, 5, 1), 9),
    "de_lwb":  (4, 5, 7, 1, "2", None, 9),           # 20 lw: MA 7, 2 RCP (rules' example)
    "de_cav":  (3, 3, 12, 1, "2", (2, 2, 1), 10),
    "ru_inf":  (10, 12, 7, 5, "5", (5, 6, 3), 10),   # 29/20: 10 steps + AV 5; 25/3 = 15 points, CEL 10
    "ru_gd":   (12, 14, 7, 6, "5", (6, 7, 3), 11),
    "ru_res":  (8, 9, 6, 3, "5", (4, 5, 2), 8),
    "ru_sib":  (10, 12, 7, 4, "5", (5, 6, 2), 10),
    "ru_rfb":  (5, 6, 7, 2, "2", None, 10),
    "ru_cav":  (3, 3, 12, 1, "2", (2, 2, 1), 9),
}

units = []   # dicts
setup = []   # (unit id, hex)
reinf = []   # (unit id, turn, [hexes], note)
attach = []  # (unit id, marker name, CE, grid id, row)

import yaml as _y
_T = _y.safe_load(open(ROOT / "maps" / "ef1914" / "terrain.yaml"))["terrain"]
_MAP = _y.safe_load(open(ROOT / "maps" / "ef1914" / "map.yaml"))
_BAD = {t for t, v in _MAP["terrain_types"].items() if v.get("prohibited")}
_BADHEX = {h for t in _BAD for h in _T.get(t, [])}
MOVED = []

def H(lat, lon):
    h = hex_of(lat, lon)
    if h not in _BADHEX:
        return h
    c, r = map(int, h.split("."))
    best = min(((dc * 0.866) ** 2 + dr ** 2, f"{c + dc}.{r + dr:02d}") for dc in range(-4, 5) for dr in range(-4, 5)
               if f"{c + dc}.{r + dr:02d}" not in _BADHEX)[1]
    MOVED.append((h, best))
    return best

def fmt(uid, name, nat, typ, size, scheme, corps=None, exact=None, src=None, **extra):
    a, d, ma, av, rcp, red, ce = S[scheme]
    u = dict(id=uid, name=name, nationality=nat, type=typ, size=size)
    if corps:
        u["formation"] = corps
    u.update(attack=a, defense=d, ma=ma, av=av)
    if red:
        u["reduced"] = dict(attack=red[0], defense=red[1], av=red[2])
    u["rcp"] = rcp
    u.update(extra)
    if exact:
        u["exact"] = exact
    if src:
        u["source"] = src
    units.append(u)
    return u, ce

def formation(uid, name, nat, typ, size, scheme, corps, grid, row, where=None, turn=None, hexes=None, note=None, **kw):
    u, ce = fmt(uid, name, nat, typ, size, scheme, corps, **kw)
    if "ce_override" in kw:
        pass
    attach.append((uid, name, ce, grid, row))
    if where:
        setup.append((uid, H(*where)))
    else:
        reinf.append((uid, turn, hexes, note))

def asset(uid, name, nat, typ, size, a, d, ma, av, rcp, where=None, turn=None, hexes=None, note=None, corps=None, **extra):
    u = dict(id=uid, name=name, nationality=nat, type=typ, size=size)
    if corps:
        u["formation"] = corps
    u.update(attack=a, defense=d, ma=ma, av=av)
    u["rcp"] = rcp
    u.update(extra)
    units.append(u)
    if where:
        setup.append((uid, H(*where)))
    elif turn:
        reinf.append((uid, turn, hexes, note))

# ---------------- German Eighth Army (Prittwitz; Hindenburg from 23 Aug) ----------------
# positions 17 August 1914 (GT 1)
formation("de-1-1", "1/1", "de", "infantry", "XX", "de_inf", "1", "de8", "I Corps", (54.63, 22.57),
          exact=["defense", "av"], src="rules' combat example: 1/1 defense 16, artillery 7, CEL 11; steps authored; Stalluponen 17 Aug")
formation("de-2-1", "2/1", "de", "infantry", "XX", "de_inf", "1", "de8", "I Corps", (54.52, 22.40), src="Goldap-Gumbinnen road, 17 Aug")
formation("de-35-17", "35/17", "de", "infantry", "XX", "de_inf", "17", "de8", "XVII Corps", (54.31, 22.03), src="Darkehmen, 17-19 Aug")
formation("de-36-17", "36/17", "de", "infantry", "XX", "de_inf", "17", "de8", "XVII Corps", (54.40, 22.20), src="north of Darkehmen, 17-19 Aug")
formation("de-1r-1r", "1 r/1 R", "de", "infantry", "XX", "de_res", "1 R", "de8", "I Reserve Corps", (54.33, 21.80), src="Nordenburg-Angerburg, 17-19 Aug")
formation("de-36r-1r", "36 r/1 R", "de", "infantry", "XX", "de_res", "1 R", "de8", "I Reserve Corps", (54.22, 21.92), src="east of Angerburg, 17-19 Aug")
formation("de-37-20", "37/20", "de", "infantry", "XX", "de_inf", "20", "de8", "XX Corps", (53.40, 20.35), src="Hohenstein-Neidenburg front, 17-20 Aug")
formation("de-41-20", "41/20", "de", "infantry", "XX", "de_inf", "20", "de8", "XX Corps", (53.42, 20.05), src="Gilgenburg, 17-20 Aug")
formation("de-3r", "3 r", "de", "infantry", "XX", "de_res", None, "de8", "Independent", (53.95, 21.55), src="3rd Reserve Division (Morgen), near Rastenburg-Lotzen, 17-20 Aug")
formation("de-70lw", "70 lw", "de", "infantry", "X", "de_lwb", None, "de8", "Independent", (53.26, 19.66), src="70th Landwehr Brigade, Lautenburg")
formation("de-2lw", "2 lw", "de", "infantry", "X", "de_lwb", None, "de8", "Independent", (54.55, 21.10), src="2nd Landwehr Brigade, Insterburg-Tapiau area")
formation("de-1c", "1 c", "de", "cavalry", "XX", "de_cav", None, "de8", "Independent", (54.74, 22.40), src="1st Cavalry Division (Brecht), Pillkallen")
# Konigsberg: fortress complex (2 fortress units) and its main reserve; Lotzen/Boyen, Allenstein
asset("de-kg-main", "Konigsberg", "de", "fortress", "X", 4, 12, 0, 0, "*", (54.71, 20.51), fssm=3,
      source="fortress units: steps 4 x FSSM 3 = defense 12; ma 0 (never moves, 12.1)")
asset("de-kg-east", "Konigsberg", "de", "fortress", "X", 2, 6, 0, 0, "*", (54.71, 20.51), fssm=3, source="second fortress unit of the Konigsberg complex (12.1: 2+ units with one ID); same hex as the map's one-hex fortress area")
formation("de-kg", "KG", "de", "infantry", "XX", "de_lwd", None, "de8", "Independent", (54.71, 20.51),
          release_gt=99, src="Hauptreserve Konigsberg ('Konigsberg Corps', digest 5); garrison dot, never released")
asset("de-lotzen-fort", "Boyen", "de", "fort", "II", 1, 3, 0, 0, "*", (54.03, 21.76), fssm=3, source="Fortress Boyen at Lotzen")
asset("de-lotzen", "Lotzen", "de", "infantry", "X", 3, 4, 6, 1, "1", (54.03, 21.76), release_gt=99, ce=9,
      source="Lotzen garrison (white-triangle unit, 12.x); garrison dot")
asset("de-masurian", "Masurian", "de", "infantry", "III", 2, 2, 7, 0, "*", (53.80, 21.58), ce=8, source="Masurian detachment (white-triangle unit), Nikolaiken")
asset("de-bacmeister", "Bacmeister", "de", "infantry", "III", 2, 2, 7, 0, "*", (54.10, 21.95), ce=8, source="Detachment Bacmeister (white-triangle unit)")
asset("de-allenstein", "Allenstein", "de", "infantry", "II", 1, 1, 7, 0, "*", (53.78, 20.48), release_gt=99, ce=8,
      source="Allenstein city garrison (3.3.5): dot, ID = the city")
asset("de-thorn", "Thorn", "de", "fortress", "X", 4, 12, 0, 0, "*", (53.01, 18.60), fssm=3)
asset("de-graudenz", "Graudenz", "de", "fortress", "III", 2, 6, 0, 0, "*", (53.48, 18.75), fssm=3)
for c, where in (("1", (54.57, 22.25)), ("17", (54.35, 22.00)), ("1 R", (54.28, 21.75)), ("20", (53.55, 20.15))):
    cid = c.replace(" ", "").lower()
    asset(f"de-hv-{cid}", f"hv {c}", "de", "artillery", "II", 1, 0, 7, 4, "1", where, corps=c, source="corps heavy artillery (Fussartillerie) battalion")
    asset(f"de-ct-{cid}", f"{c}", "de", "corps_train", "XXX", 0, 0, 7, 0, "2", where, corps=c, sr=6)
asset("de-dep-kg", "Konigsberg", "de", "major_depot", "XXX", 0, 0, 1, 0, "4", (54.71, 20.51), sr=8)
asset("de-dep-ins", "Insterburg", "de", "minor_depot", "XXX", 0, 0, 1, 0, "2", (54.63, 21.81), sr=7)
asset("de-dep-all", "Allenstein", "de", "minor_depot", "XXX", 0, 0, 1, 0, "2", (53.78, 20.48), sr=7)

# German reinforcements (history): Landwehr Division Goltz from Schleswig (26 Aug); Guard Reserve
# Corps, XI Corps and 8th Cavalry Division from the Western Front (detrained 31 Aug - 4 Sep).
DEY = H(53.61, 19.57)   # Deutsch Eylau
MAR = H(54.04, 19.03)   # Marienburg
ALL = H(53.78, 20.48)
formation("de-goltz", "Goltz lw", "de", "infantry", "XX", "de_lwd", None, "de8", "Independent", None, 5, [H(53.70, 19.97), DEY],
          note="Landwehr Division Goltz detrains at Osterode - Deutsch Eylau, 26 Aug", src="Landwehr Division von der Goltz")
formation("de-3g-gr", "3 g/GR", "de", "infantry", "XX", "de_inf", "GR", "de8", "Gd Res. Corps", None, 9, [MAR, DEY], note="Guard Reserve Corps, by rail", src="3rd Guard Division, Guard Reserve Corps")
formation("de-1gr-gr", "1 gr/GR", "de", "infantry", "XX", "de_res", "GR", "de8", "Gd Res. Corps", None, 9, [MAR, DEY], note="Guard Reserve Corps, by rail", src="1st Guard Reserve Division")
formation("de-22-11", "22/11", "de", "infantry", "XX", "de_inf", "11", "de8", "XI Corps", None, 9, [MAR, ALL], note="XI Corps, by rail", src="22nd Division, XI Corps")
formation("de-38-11", "38/11", "de", "infantry", "XX", "de_inf", "11", "de8", "XI Corps", None, 9, [MAR, ALL], note="XI Corps, by rail", src="38th Division, XI Corps")
formation("de-8c", "8 c", "de", "cavalry", "XX", "de_cav", None, "de8", "Independent", None, 10, [MAR, DEY], note="8th Cavalry Division, by rail", src="8th Cavalry Division")
asset("de-ct-gr", "GR", "de", "corps_train", "XXX", 0, 0, 7, 0, "2", None, 9, [MAR, DEY], "Guard Reserve Corps train", corps="GR", sr=6)
asset("de-ct-11", "11", "de", "corps_train", "XXX", 0, 0, 7, 0, "2", None, 9, [MAR, ALL], "XI Corps train", corps="11", sr=6)

# ---------------- Russian First Army (Rennenkampf) ----------------
formation("ru-25-3", "25/3", "ru", "infantry", "XX", "ru_inf", "3", "ru1", "III Corps", (54.64, 22.80),
          src="rules' GT 1 example: 15 attack points incl. artillery, CEL 10; Wirballen-Eydtkuhnen 17 Aug")
formation("ru-27-3", "27/3", "ru", "infantry", "XX", "ru_inf", "3", "ru1", "III Corps", (54.57, 22.82), src="rules' GT 1 example; Eydtkuhnen 17 Aug")
formation("ru-28-20", "28/20", "ru", "infantry", "XX", "ru_inf", "20", "ru1", "XX Corps", (54.78, 22.90), src="Vladislavov (Naumiestis), 17 Aug")
formation("ru-29-20", "29/20", "ru", "infantry", "XX", "ru_inf", "20", "ru1", "XX Corps", (54.70, 22.92),
          src="rules' example: 3 losses = 7 steps + artillery 5 (so 10 steps, AV 5)")
formation("ru-30-4", "30/4", "ru", "infantry", "XX", "ru_inf", "4", "ru1", "IV Corps", (54.45, 22.88), src="Vystitis - Goldap border, 17 Aug")
formation("ru-40-4", "40/4", "ru", "infantry", "XX", "ru_inf", "4", "ru1", "IV Corps", (54.33, 22.92), src="north of Suwalki, 17 Aug")
formation("ru-5rf-4", "5 rf/4", "ru", "infantry", "X", "ru_rfb", "4", "ru1", "IV Corps", (54.40, 22.95), src="5th Rifle Brigade")
for uid, name, where in (("ru-1gc", "1 gd c", (54.88, 22.85)), ("ru-2gc", "2 gd c", (54.88, 22.85)),
                         ("ru-2c", "2 c", (54.84, 22.95)), ("ru-3c", "3 c", (54.84, 22.95))):
    formation(uid, name, "ru", "cavalry", "XX", "ru_cav", "KN", "ru1", "Cavalry Corps", where, src="Khan Nakhichevanski's cavalry, north flank 17 Aug")
formation("ru-1c", "1 c", "ru", "cavalry", "XX", "ru_cav", None, "ru1", "Independent", (54.12, 22.92), src="1st Cavalry Division (Gurko), Suwalki - Marggrabowa")
formation("ru-56r-26r", "56 r/26 R", "ru", "infantry", "XX", "ru_res", "26 R", "ru10", "Independent", (54.90, 23.90), release_gt=2,
          exact=["release_gt"], src="rules 6.2 example: starts on map, released GT 2; Kovno (hex authored)")
for c, where in (("3", (54.62, 22.95)), ("4", (54.38, 23.00)), ("20", (54.75, 23.00))):
    asset(f"ru-ct-{c}", c, "ru", "corps_train", "XXX", 0, 0, 6, 0, "3", where, corps=c, sr=7)
asset("ru-dep-kov", "Kovno", "ru", "minor_depot", "XXX", 0, 0, 1, 0, "2", (54.90, 23.90), sr=8)
asset("ru-dep-vir", "Virbalis", "ru", "minor_depot", "XXX", 0, 0, 1, 0, "2", (54.63, 22.82), sr=8)

for uid, name, where, st in (("ru-f-kovno", "Kovno", (54.90, 23.90), 4), ("ru-f-grodno", "Grodno", (53.68, 23.83), 3),
                              ("ru-f-osowiec", "Osowiec", (53.47, 22.65), 2), ("ru-f-novo", "Novogeorgievsk", (52.43, 20.72), 4)):
    asset(uid, name, "ru", "fortress", "X" if st > 2 else "III", st, st * 2, 0, 0, "*", where, fssm=2, source="Russian fortress (map area of the same name); steps and FSSM authored")
# ---------------- Russian Second Army (Samsonov) ----------------
formation("ru-22-1", "22/1", "ru", "infantry", "XX", "ru_inf", "1", "ru2", "I Corps", (53.10, 20.25), src="Mlawa - Soldau road, 17-20 Aug")
formation("ru-24-1", "24/1", "ru", "infantry", "XX", "ru_inf", "1", "ru2", "I Corps", (53.05, 20.05), src="west of Mlawa")
formation("ru-1rf-1", "1 rf/1", "ru", "infantry", "X", "ru_rfb", "1", "ru2", "I Corps", (53.00, 20.15), src="1st Rifle Brigade")
formation("ru-4-6", "4/6", "ru", "infantry", "XX", "ru_inf", "6", "ru2", "VI Corps", (53.38, 21.35), src="Myszyniec, 17-20 Aug")
formation("ru-16-6", "16/6", "ru", "infantry", "XX", "ru_inf", "6", "ru2", "VI Corps", (53.22, 21.45), src="north of Ostroleka")
formation("ru-1-13", "1/13", "ru", "infantry", "XX", "ru_inf", "13", "ru2", "XIII Corps", (53.26, 20.92), src="Chorzele")
formation("ru-36-13", "36/13", "ru", "infantry", "XX", "ru_inf", "13", "ru2", "XIII Corps", (53.15, 21.00), src="south of Chorzele")
formation("ru-6-15", "6/15", "ru", "infantry", "XX", "ru_inf", "15", "ru2", "XV Corps", (53.24, 20.67), src="Janow")
formation("ru-8-15", "8/15", "ru", "infantry", "XX", "ru_inf", "15", "ru2", "XV Corps", (53.13, 20.60), src="south-west of Janow")
formation("ru-2-23", "2/23", "ru", "infantry", "XX", "ru_inf", "23", "ru2", "XXIII Corps", (53.12, 20.40), src="2nd Division, Mlawa")
formation("ru-6c", "6 c", "ru", "cavalry", "XX", "ru_cav", None, "ru2", "Independent", (53.05, 19.80), src="6th Cavalry Division, left flank")
formation("ru-15c", "15 c", "ru", "cavalry", "XX", "ru_cav", None, "ru2", "Independent", (52.95, 19.50), src="15th Cavalry Division, Rypin direction")
formation("ru-4c", "4 c", "ru", "cavalry", "XX", "ru_cav", None, "ru2", "Independent", (53.40, 21.80), src="4th Cavalry Division, Kolno, right flank")
for c, where in (("1", (53.05, 20.30)), ("6", (53.25, 21.55)), ("13", (53.18, 20.85)), ("15", (53.15, 20.70)), ("23", (53.07, 20.40))):
    asset(f"ru-ct-{c}", c, "ru", "corps_train", "XXX", 0, 0, 6, 0, "3", where, corps=c, sr=7)
asset("ru-dep-mla", "Mlawa", "ru", "minor_depot", "XXX", 0, 0, 1, 0, "2", (53.11, 20.38), sr=8)
asset("ru-dep-ost", "Ostroleka", "ru", "minor_depot", "XXX", 0, 0, 1, 0, "2", (53.08, 21.57), sr=8)
asset("ru-hv-2a", "hv 2A", "ru", "artillery", "II", 1, 0, 6, 3, "1", (53.10, 20.35), source="Second Army heavy artillery battalion")
NOV = H(52.43, 20.72)   # Novogeorgievsk (Modlin)
formation("ru-3gd-23", "3 gd/23", "ru", "infantry", "XX", "ru_gd", "23", "ru2", "XXIII Corps", None, 3, [NOV, H(52.87, 20.62)],
          note="3rd Guard Division from Warsaw, by rail to Novogeorgievsk - Ciechanow", src="3rd Guard Infantry Division (digest 5)")

# ---------------- Russian Tenth Army: arrives GT 7 (digest: Tannenberg scenario) ----------------
GRO = H(53.68, 23.83)   # Grodno
BIA = H(53.13, 23.16)   # Bialystok
OSO = H(53.47, 22.65)   # Osowiec
for uid, name, scheme, corps, row, src in (
    ("ru-26-2", "26/2", "ru_inf", "2", "II Corps", "26th Division, II Corps"),
    ("ru-43-2", "43/2", "ru_inf", "2", "II Corps", "43rd Division, II Corps"),
    ("ru-1frf-22", "1 frf/22", "ru_rfb", "22", "XXII Corps", "1st Finnish Rifle Brigade"),
    ("ru-2frf-22", "2 frf/22", "ru_rfb", "22", "XXII Corps", "2nd Finnish Rifle Brigade"),
    ("ru-3frf-22", "3 frf/22", "ru_rfb", "22", "XXII Corps", "3rd Finnish Rifle Brigade"),
    ("ru-4frf-22", "4 frf/22", "ru_rfb", "22", "XXII Corps", "4th Finnish Rifle Brigade"),
    ("ru-7s-3s", "7 s/3 S", "ru_sib", "3 S", "III Siberian Corps", "7th Siberian Rifle Division"),
    ("ru-8s-3s", "8 s/3 S", "ru_sib", "3 S", "III Siberian Corps", "8th Siberian Rifle Division"),
    ("ru-53r-26r", "53 r/26 R", "ru_res", "26 R", "XXVI Reserve Corps", "53rd Reserve Division"),
):
    formation(uid, name, "ru", "infantry", "X" if "frf" in name else "XX", scheme, corps, "ru10", row, None, 7, [GRO, BIA, OSO],
              note="Tenth Army arrives GT 7 (6.1 play note); by rail at Grodno, Bialystok or Osowiec", src=src)
for c in ("2", "22", "3 S", "26 R"):
    cid = c.replace(" ", "").lower()
    asset(f"ru-ct-{cid}", c, "ru", "corps_train", "XXX", 0, 0, 6, 0, "3", None, 7, [GRO, BIA, OSO],
          "26 R Corps Train enters GT 7 (6.2 example)" if c == "26 R" else "Tenth Army, GT 7", corps=c, sr=7)

# ---------------- write ----------------
import yaml
def q(v):
    return v

class Q(str):
    pass
def qrep(d, s):
    return d.represent_scalar("tag:yaml.org,2002:str", s, style='"')
yaml.add_representer(Q, qrep)

def deep(o):
    if isinstance(o, dict):
        return {k: deep(v) for k, v in o.items()}
    if isinstance(o, list):
        return [deep(v) for v in o]
    if isinstance(o, str):
        return Q(o)
    return o

def dump(path, header, doc):
    with open(path, "w") as f:
        f.write(header)
        yaml.dump(deep(doc), f, sort_keys=False, allow_unicode=True, width=200, default_flow_style=None)

# units: strip `ce` from formations (it lives on the attachment marker)
dump(f"{OUT}/units.yaml",
     "# yaml-language-server: $schema=../../docs/schema/units.schema.json\n"
     "# North section order of battle (Tannenberg campaign, August - September 1914). Generated by a\n"
     "# tools/author_ef1914_counters.py; edit there. Value scheme (steps-defense MA AV RCP):\n"
     "#   German active division 12-16 7 AV7 4 (1/1's defense 16 and AV 7 are the rules'), reserve 10-12 7 AV3,\n"
     "#   Landwehr division 8-10 6 AV2, Landwehr brigade 4-5 7 AV1 2 RCP (20 lw: MA 7, 2 RCP in the rules),\n"
     "#   cavalry division 3-3 12 AV1 (3-step cavalry: the rules); Russian division 10-12 7 AV5 5 (29/20: 10 steps\n"
     "#   + AV 5 = 25/3's 15 points), Guard 12-14 AV6, reserve 8-9 6 AV3, rifle brigade 5-6 AV2.\n"
     "#   Reduced sides at half steps. Fortress defense = steps x FSSM. Heavy (red) and high-trajectory\n"
     "#   (underlined) artillery values are not drawn.\n",
     {"approximate": True,
      "source": "Order of battle from history (general histories of the 1914 East Prussian campaign); values authored except where `exact:` names the rules' numbers",
      "units": units})

markers = [
    dict(id="step-loss", name="Step Loss 1", text=["Step", "Loss", "1"], back=dict(name="Step Loss 2", text=["Step", "Loss", "2"]), colour="#ffffff", kind="step_loss", count=60),
    dict(id="step-loss-3", name="Step Loss 3", text=["Step", "Loss", "3"], back=dict(name="Step Loss 4", text=["Step", "Loss", "4"]), colour="#ffffff", kind="step_loss", count=40),
    dict(id="step-loss-5", name="Step Loss 5", text=["Step", "Loss", "5"], back=dict(name="Step Loss 6", text=["Step", "Loss", "6"]), colour="#ffffff", kind="step_loss", count=30),
    dict(id="rail-mode", name="Rail Mode", text=["Rail", "Mode"], back=dict(name="Destination", text=["Desti-", "nation"]), colour="#d9d9d9", kind="rail_mode", count=30),
    dict(id="mp-cel", name="MPs Expended: CEL recovery", text=["MP", "CEL"], colour="#ffffff", kind="mp_expended", count=20),
    dict(id="mp-disorder", name="MPs Expended: Disorder recovery", text=["MP", "Disorder"], colour="#ffffff", kind="mp_expended", count=10),
    dict(id="mp-ersatz", name="MPs Expended: Ersatz", text=["MP", "Ersatz"], colour="#ffffff", kind="mp_expended", count=10),
    dict(id="mp-ip", name="MPs Expended: IP construction", text=["MP", "IP"], colour="#ffffff", kind="mp_expended", count=20),
    dict(id="mp-train", name="MPs Expended: en/detraining", text=["MP", "Train"], colour="#ffffff", kind="mp_expended", count=20),
    dict(id="cs-half", name="CS 1/2 Initial", text=["CS 1/2", "Initial"], back=dict(name="CS 1/2 Final", text=["CS 1/2", "Final"]), colour="#ffffff", kind="cs_half", count=20),
    dict(id="depot-reloc", name="Depot Relocating", text=["Depot", "Reloc."], back=dict(name="Depot Consolidating", text=["Depot", "Consol."]), colour="#ffffff", kind="depot", count=8),
    dict(id="prepared-attack", name="Prepared Attack", text=["Prep.", "Attack"], colour="#000000", kind="prepared_attack", count=30),
    dict(id="attack", name="Attack", text=["Attack"], colour="#ffffff", kind="attack", count=30),
    dict(id="ap-allocated", name="AP Allocated", text=["AP", "Alloc."], back=dict(name="No More AP", text=["No More", "AP"]), colour="#ffffff", kind="ap", count=30),
    dict(id="art-displaced", name="Artillery Displaced", text=["Art.", "Displ."], colour="#ffffff", kind="artillery_displaced", count=10),
    dict(id="disorder", name="Disordered D1", text=["Disorder", "D1"], back=dict(name="Disordered D2", text=["Disorder", "D2"]), colour="#f2b8b8", kind="disorder", count=20),
    dict(id="low-supply", name="Low Supply", text=["Low", "Supply"], colour="#fff2a8", kind="supply", count=30),
    dict(id="out-of-supply", name="Out of Supply", text=["Out of", "Supply"], colour="#f4c27a", kind="supply", count=30),
]
for nat, nm, col, txt in (("de", "German", "#8f9a82", "#000000"), ("ah", "A-H", "#4f7fc0", "#ffffff"), ("ru", "Russian", "#8b5a2b", "#ffffff")):
    side = "russian" if nat == "ru" else "cp"
    markers.append(dict(id=f"ip-{nat}-1", name=f"{nm} IP Level 1", text=["IP", "1"], back=dict(name=f"{nm} IP Level 2", text=["IP", "2"]), colour=col, kind="ip", side=side, count=30))
    markers.append(dict(id=f"ip-{nat}-3", name=f"{nm} IP Level 3", text=["IP", "3"], back=dict(name=f"{nm} IP Level 4", text=["IP", "4"]), colour=col, kind="ip", side=side, count=20))
    markers.append(dict(id=f"railhead-{nat}", name=f"{nm} Railhead", text=["Rail", "head"], colour=col, kind="railhead", side=side, count=10))
markers += [
    dict(id="ip-ruined", name="IP Ruined", text=["IP", "Ruined"], back=dict(name="Level 3 IP", text=["IP", "3"]), colour="#f39c12", kind="ip", count=10),
    dict(id="rp-german", name="German RP x1", text=["RP", "x1"], back=dict(name="German RP 1/2", text=["RP", "1/2"]), colour="#8f9a82", kind="rail_points", side="cp", count=1),
    dict(id="rp-ah", name="A-H RP x1", text=["RP", "x1"], back=dict(name="A-H RP 1/2", text=["RP", "1/2"]), colour="#4f7fc0", kind="rail_points", side="cp", count=1),
    dict(id="rp-ru-russian", name="Russian RP x1 (Russian gauge)", text=["RP", "x1", "RU"], back=dict(name="Russian RP 1/2 (Russian gauge)", text=["RP", "1/2", "RU"]), colour="#8b5a2b", kind="rail_points", side="russian", count=1),
    dict(id="rp-ru-european", name="Russian RP x1 (European gauge)", text=["RP", "x1", "EU"], back=dict(name="Russian RP 1/2 (European gauge)", text=["RP", "1/2", "EU"]), colour="#8b5a2b", kind="rail_points", side="russian", count=1),
    dict(id="gt", name="Game Turn", text=["GT"], colour="#ffffff", kind="turn", count=1),
    dict(id="player-turn-north", name="Player Turn North: Russian", text=["North", "Russian"], back=dict(name="Player Turn North: Central Powers", text=["North", "CP"]), colour="#ffffff", kind="player_turn", count=1),
    dict(id="player-turn-south", name="Player Turn South: Russian", text=["South", "Russian"], back=dict(name="Player Turn South: Central Powers", text=["South", "CP"]), colour="#ffffff", kind="player_turn", count=1),
    dict(id="vp-cp", name="Central Powers VP", text=["CP", "VP"], colour="#8f9a82", kind="vp", side="cp", value=1, count=1),
    dict(id="vp-cp-10", name="Central Powers VP x10", text=["CP", "VP", "x10"], colour="#8f9a82", kind="vp", side="cp", value=10, count=1),
    dict(id="vp-ru", name="Russian VP", text=["RU", "VP"], colour="#8b5a2b", kind="vp", side="russian", value=1, count=1),
    dict(id="vp-ru-10", name="Russian VP x10", text=["RU", "VP", "x10"], colour="#8b5a2b", kind="vp", side="russian", value=10, count=1),
    dict(id="incomplete-ct", name="Incomplete Corps Train", text=["Incompl.", "Train"], colour="#8b5a2b", kind="incomplete_corps_train", side="russian", count=6),
]
nat_col = {"de": "#8f9a82", "ru": "#8b5a2b"}
# Corps Attachment markers (3.8: ID and Attachment Limit; an underscored limit = cavalry corps, shown as "cav")
for nat, cid, name, lim in (("de", "1", "I", "2"), ("de", "17", "XVII", "2"), ("de", "20", "XX", "2"), ("de", "1r", "I R", "2"),
                            ("de", "gr", "GR", "2"), ("de", "11", "XI", "2"),
                            ("ru", "3", "3", "2"), ("ru", "4", "4", "3"), ("ru", "20", "20", "2"), ("ru", "kn", "KN", "4 cav"),
                            ("ru", "1", "1", "3"), ("ru", "6", "6", "2"), ("ru", "13", "13", "2"), ("ru", "15", "15", "2"), ("ru", "23", "23", "2"),
                            ("ru", "2", "2", "2"), ("ru", "22", "22", "2"), ("ru", "3s", "3 S", "2"), ("ru", "26r", "26 R", "2")):
    markers.append(dict(id=f"corps-{nat}-{cid}", name=f"Corps {name}", text=[f"{name} Corps", f"Limit {lim}"], colour=nat_col[nat],
                        kind="corps_attachment", side="russian" if nat == "ru" else "cp", count=1))
# Army markers (3.8: the army's Attachment Limit, "+C" = a cavalry corps slot) and two boundary markers each
for nat, aid, name, lim in (("de", "8", "Eighth Army", "6"), ("ru", "1", "First Army", "3+C"), ("ru", "2", "Second Army", "5"), ("ru", "10", "Tenth Army", "4")):
    side = "russian" if nat == "ru" else "cp"
    markers.append(dict(id=f"army-{nat}-{aid}", name=f"{name}", text=[name, f"Limit {lim}"], colour=nat_col[nat], kind="army", side=side, count=1))
    markers.append(dict(id=f"boundary-{nat}-{aid}", name=f"{name} boundary", text=[name, "Boundary"], colour=nat_col[nat], kind="army_boundary", side=side, count=2))
for uid, name, ce, grid, row in attach:
    nat = uid[:2]
    u = next(x for x in units if x["id"] == uid)
    markers.append(dict(id=f"att-{uid}", name=f"Attachment {name}", text=[name, u["size"], f"CE {ce}"], colour=nat_col[nat],
                        kind="attachment", side="russian" if nat == "ru" else "cp", count=1))
dump(f"{OUT}/markers.yaml",
     "# yaml-language-server: $schema=../../docs/schema/markers.schema.json\n"
     "# Markers named in the rules (digest 1.6). Two-sided where the rules give two sides; rotation (Prepared\n"
     "# Attack facing, MPs Expended counts, AP Allocated counts) is not modelled. Attachment markers: one per\n"
     "# North formation, printed Base CE authored (1/1 CEL 11 and 25/3 CEL 10 from the rules' examples).\n",
     {"approximate": True,
      "source": "marker types from the rules (3.8, 5.4, 8.x, 13.x, 14.x); counts, colours and base CE values authored",
      "markers": markers})

# scenario
rowsel = {}
scen_markers = [
    {"marker": "gt", "at": {"track": "turn", "box": 1}},
    {"marker": "vp-cp", "at": {"track": "vp", "box": 0}},
    {"marker": "vp-ru", "at": {"track": "vp", "box": 0}},
    {"marker": "rp-german", "at": {"track": "rp_german", "box": "0"}},
    {"marker": "rp-ru-russian", "at": {"track": "rp_russian_gauge", "box": "0"}},
    {"marker": "rp-ru-european", "at": {"track": "rp_european_gauge", "box": "0"}},
]
placed = {u for u, _ in setup}
for uid, name, ce, grid, row in attach:
    if uid in placed and grid != "ru10":
        scen_markers.append({"marker": f"att-{uid}", "at": {"track": grid, "row": row, "box": "0"}})
    elif uid in placed:
        scen_markers.append({"marker": f"att-{uid}", "at": {"track": "ru1", "row": "Independent", "box": "0"}})

# stack order 4.2.5 (no IPs at start): cavalry, infantry, fortress, artillery, supply; the first listed is at the bottom
order = {"cavalry": 0, "infantry": 1, "fortress": 2, "fort": 2, "artillery": 3, "corps_train": 4, "minor_depot": 4, "major_depot": 4}
utype = {u["id"]: u["type"] for u in units}
ustep = {u["id"]: u["attack"] for u in units}
setup_sorted = sorted(setup, key=lambda t: (t[1], -order[utype[t[0]]], ustep[t[0]]))
scen = {
    "id": "tannenberg",
    "name": "Tannenberg Campaign (North, GT 1-14)",
    "approximate": True,
    "source": "set-up from historical positions of 17 Aug 1914 placed with tools/ef1914_geo.py; length and arrivals authored from history (Tenth Army GT 7 is the rules')",
    "turns": 14,
    "first_player_turn": "russian",
    "sheets": ["North-West", "North", "North-East"],
    "description": "The Russian First and Second Armies invade East Prussia against the German Eighth Army, 17 August - mid September 1914: Stalluponen, Gumbinnen, Tannenberg and the First Masurian Lakes. North sheets only. The Play Book's set-up is lost: this one is authored from history.",
    "setup": [{"unit": u, "hex": h} for u, h in setup_sorted],
    "reinforcements": [dict({"unit": u, "turn": t, "hexes": hx}, **({"note": n} if n else {})) for u, t, hx, n in reinf],
    "markers": scen_markers,
}
dump(f"{OUT}/scenarios/tannenberg.yaml",
     "# yaml-language-server: $schema=../../../docs/schema/scenario.schema.json\n"
     "# GT 1 = 17 August 1914 (authored); 2-3 days a GT. Stacks are listed bottom first in the 4.2.5 order.\n",
     scen)
print("moved off prohibited terrain:", MOVED)
print(len(units), "units;", sum(1 for u in units if u["nationality"] != "ru"), "CP;", sum(1 for u in units if u["nationality"] == "ru"), "RU;",
      len(setup), "set up;", len(reinf), "reinforcements;", len(markers), "markers")
