"""Generate counters/ef1914/{units,markers}.yaml and scenarios/{tannenberg,galicia,campaign}.yaml.

North section (Tannenberg, 17 August 1914) and South section (Galicia, about 20 August 1914);
the campaign scenario combines both, on one GT track (Galicia GT 1 = campaign GT 1).
game.yaml's army displays (grids de8, ru1, ru2, ru10, ah1-ah4, ru3-ru5, ru8) are kept by hand.
Authored from history where the rulebook lacks the order of battle;
the few values the rules give are marked `exact`. Set-up hexes come from historical positions
through tools/ef1914_geo.py (the grid fitted to the rulebook's named hexes), moved to the nearest
legal hex where a place falls on prohibited terrain. The scenarios place every set-up formation's
Attachment marker and its Corps Attachment marker on the army displays (status box 0: the start
status is not in the text); army markers stay in the palette (the displays have no box for them).
Run from the repository root:
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

# Supply units (3.6, 9.7): the front is normal, the back (a colour band) is Extended Mode with
# a longer Supply Range and an AP Allocation Limit. The limits are the rules' (exact): Minor Depot front 4,
# back 2; Major Depot back 4; Corps Train back 2; none on the Major Depot's and the Corps Train's fronts.
# The Supply Ranges are authored (the counters are lost): front as before, Extended back 3 more.
SUPPLY_APL = {"corps_train": (0, 2), "minor_depot": (4, 2), "major_depot": (0, 4)}   # (front, back): the rules'
EXTENDED_SR = 3   # authored: the Extended back's Supply Range over the front's

def asset(uid, name, nat, typ, size, a, d, ma, av, rcp, where=None, turn=None, hexes=None, note=None, corps=None, **extra):
    u = dict(id=uid, name=name, nationality=nat, type=typ, size=size)
    if corps:
        u["formation"] = corps
    u.update(attack=a, defense=d, ma=ma, av=av)
    if typ in SUPPLY_APL:
        front_apl, back_apl = SUPPLY_APL[typ]
        if front_apl:
            u["apl"] = front_apl
        u["reduced"] = dict(attack=0, defense=0, sr=extra["sr"] + EXTENDED_SR, apl=back_apl)
        u["exact"] = ["apl"]
        u["source"] = (f"back = Extended Mode (3.6, 9.7): AP Allocation Limit {'front %d, ' % front_apl if front_apl else 'none on the front, '}"
                       f"back {back_apl} (the rules'); Supply Range front {extra['sr']} / back {extra['sr'] + EXTENDED_SR} authored")
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
          release_gt=99, src="Hauptreserve Konigsberg ('Konigsberg Corps', 22.5); garrison dot, never released")
asset("de-lotzen-fort", "Boyen", "de", "fort", "II", 1, 3, 0, 0, "*", (54.03, 21.76), fssm=3, source="Fortress Boyen at Lotzen", tags=['boyen_magazine'])
asset("de-lotzen", "Lotzen", "de", "infantry", "X", 3, 4, 6, 1, "1", (54.03, 21.76), release_gt=99, ce=9,
      source="Lotzen garrison (white-triangle unit, 12.x); garrison dot", tags=['white_triangle'])
asset("de-masurian", "Masurian", "de", "infantry", "III", 2, 2, 7, 0, "*", (53.80, 21.58), ce=8, source="Masurian detachment (white-triangle unit), Nikolaiken", tags=['white_triangle'])
asset("de-bacmeister", "Bacmeister", "de", "infantry", "III", 2, 2, 7, 0, "*", (54.10, 21.95), ce=8, source="Detachment Bacmeister (white-triangle unit)", tags=['white_triangle'])
asset("de-allenstein", "Allenstein", "de", "infantry", "II", 1, 1, 7, 0, "*", (53.78, 20.48), release_gt=99, ce=8,
      source="Allenstein city garrison (3.3.5): dot, ID = the city")
asset("de-thorn", "Thorn", "de", "fortress", "X", 4, 12, 0, 0, "*", (53.01, 18.60), fssm=3)
asset("de-graudenz", "Graudenz", "de", "fortress", "III", 2, 6, 0, 0, "*", (53.48, 18.75), fssm=3)
for c, where in (("1", (54.57, 22.25)), ("17", (54.35, 22.00)), ("1 R", (54.28, 21.75)), ("20", (53.55, 20.15))):
    cid = c.replace(" ", "").lower()
    asset(f"de-hv-{cid}", f"hv {c}", "de", "artillery", "II", 1, 0, 7, 4, "1", where, corps=c, heavy=True, high_trajectory=True,
          source="corps heavy artillery (Fussartillerie) battalion: 15 cm heavy field howitzers, so heavy (red) and high trajectory (underlined)")
    asset(f"de-ct-{cid}", f"{c}", "de", "corps_train", "XXX", 0, 0, 7, 0, "2", where, corps=c, sr=6)
asset("de-dep-kg", "Konigsberg", "de", "major_depot", "XXX", 0, 0, 1, 0, "4", (54.71, 20.51), sr=8, tags=["army-de-8"])
asset("de-dep-ins", "Insterburg", "de", "minor_depot", "XXX", 0, 0, 1, 0, "2", (54.63, 21.81), sr=7, tags=["army-de-8"])
asset("de-dep-all", "Allenstein", "de", "minor_depot", "XXX", 0, 0, 1, 0, "2", (53.78, 20.48), sr=7, tags=["army-de-8"])

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
asset("ru-dep-kov", "Kovno", "ru", "minor_depot", "XXX", 0, 0, 1, 0, "2", (54.90, 23.90), sr=8, tags=["army-ru-1"])
asset("ru-dep-vir", "Virbalis", "ru", "minor_depot", "XXX", 0, 0, 1, 0, "2", (54.63, 22.95), sr=8, tags=["army-ru-1"])

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
formation("ru-15c", "15 c", "ru", "cavalry", "XX", "ru_cav", None, "ru2", "Independent", (52.953, 19.604), src="15th Cavalry Division, Rypin direction; one hex east of Rypin, within reach of I Corps' train (14.3.1: a Corps Train supplies any two cavalry formations): a set-up is legal")
formation("ru-4c", "4 c", "ru", "cavalry", "XX", "ru_cav", None, "ru2", "Independent", (53.40, 21.80), src="4th Cavalry Division, Kolno, right flank")
for c, where in (("1", (53.05, 20.30)), ("6", (53.25, 21.55)), ("13", (53.18, 20.85)), ("15", (53.15, 20.70)), ("23", (53.07, 20.40))):
    asset(f"ru-ct-{c}", c, "ru", "corps_train", "XXX", 0, 0, 6, 0, "3", where, corps=c, sr=7)
asset("ru-dep-mla", "Mlawa", "ru", "minor_depot", "XXX", 0, 0, 1, 0, "2", (53.11, 20.38), sr=8, tags=["army-ru-2"])
asset("ru-dep-ost", "Ostroleka", "ru", "minor_depot", "XXX", 0, 0, 1, 0, "2", (53.08, 21.57), sr=8, tags=["army-ru-2"])
asset("ru-hv-2a", "hv 2A", "ru", "artillery", "II", 1, 0, 6, 3, "1", (53.10, 20.35), heavy=True, high_trajectory=True,
      source="Second Army heavy artillery battalion: mostly 6-inch howitzers, so heavy (red) and high trajectory (underlined)")
NOV = H(52.43, 20.72)   # Novogeorgievsk (Modlin)
formation("ru-3gd-23", "3 gd/23", "ru", "infantry", "XX", "ru_gd", "23", "ru2", "XXIII Corps", None, 3, [NOV, H(52.87, 20.62)],
          note="3rd Guard Division from Warsaw, by rail to Novogeorgievsk - Ciechanow", src="3rd Guard Infantry Division (3.3's Movement Restriction example)")

# ---------------- Russian Tenth Army: arrives GT 7 (the Tannenberg scenario's) ----------------
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

# ================= South section (Galicia, August - September 1914) =================
# Everything below is authored from history (the rules name only the Tarnopol detachments, the
# Zaleszczyki bridgehead and Brest-Litowsk's hex); positions are those of about 20 August 1914.
NORTH = (len(units), len(setup), len(reinf), len(attach))
S.update({
    "ah_inf":  (10, 12, 7, 4, "4", (5, 6, 2), 10),   # Common Army division: German-sized, fewer and older guns
    "ah_lw":   (9, 11, 7, 3, "4", (5, 5, 2), 10),    # k.k. Landwehr / k.u. Honved division
    "ah_lstd": (6, 7, 6, 1, "4", (3, 4, 1), 8),      # Landsturm division
    "ah_lstb": (3, 4, 6, 0, "2", None, 8),           # Landsturm brigade
    "ah_cav":  (3, 3, 12, 1, "2", (2, 2, 1), 9),
})
SOUTH_ARRIVE = 0   # one GT track for every scenario: Galicia GT 1 = campaign GT 1 (the South positions are those of about 20 Aug)

def corps_units(nat, army, row, corps, divs, trainwhere, days_src):
    """divs: (uid suffix, name, scheme, (lat, lon) or None); a corps train at trainwhere."""
    for sfx, name, scheme, where, src in divs:
        formation(f"{nat}-{sfx}", name, nat, "infantry", "X" if scheme in ("ru_rfb", "ah_lstb") else "XX", scheme, corps, army, row, where,
                  src=f"{src}; {days_src}")
    cid = corps.replace(" ", "").lower()
    asset(f"{nat}-ct-{cid}", corps, nat, "corps_train", "XXX", 0, 0, 7 if nat != "ru" else 6, 0, "2" if nat != "ru" else "3", trainwhere, corps=corps, sr=6 if nat != "ru" else 7)

def corps_reinf(nat, army, row, corps, divs, turn, hexes, note):
    for sfx, name, scheme, src in divs:
        formation(f"{nat}-{sfx}", name, nat, "infantry", "X" if scheme in ("ru_rfb", "ah_lstb") else "XX", scheme, corps, army, row, None, turn, hexes, note=note, src=src)
    cid = corps.replace(" ", "").lower()
    asset(f"{nat}-ct-{cid}", corps, nat, "corps_train", "XXX", 0, 0, 7 if nat != "ru" else 6, 0, "2" if nat != "ru" else "3", None, turn, hexes, f"{row} train", corps=corps, sr=6 if nat != "ru" else 7)

D20 = "about 20 Aug 1914"
# ---------------- Austro-Hungarian First Army (Dankl): San - Vistula, toward Krasnik ----------------
corps_units("ah", "ah1", "I Corps", "1", (("5-1", "5/1", "ah_inf", (50.60, 21.85), "5th Infantry Division"),
                                          ("46lw-1", "46 lw/1", "ah_lw", (50.56, 21.72), "46th Landwehr Division")), (50.60, 21.811), D20)
# (I Corps' train at its railhead on the Tarnobrzeg - Rozwadow line, with 5/1: 14.2.2, a set-up is legal)
corps_units("ah", "ah1", "V Corps", "5", (("14-5", "14/5", "ah_inf", (50.52, 22.10), "14th Infantry Division"),
                                          ("33-5", "33/5", "ah_inf", (50.47, 22.22), "33rd Infantry Division"),
                                          ("37h-5", "37 h/5", "ah_lw", (50.56, 22.30), "37th Honved Division")), (50.45, 22.12), D20)
corps_units("ah", "ah1", "X Corps", "10", (("2-10", "2/10", "ah_inf", (50.45, 22.45), "2nd Infantry Division"),
                                           ("24-10", "24/10", "ah_inf", (50.40, 22.58), "24th Infantry Division"),
                                           ("45lw-10", "45 lw/10", "ah_lw", (50.35, 22.40), "45th Landwehr Division")), (50.35, 22.50), D20)
formation("ah-12", "12", "ah", "infantry", "XX", "ah_inf", None, "ah1", "Independent", (50.45, 21.98), src="12th Infantry Division, army reserve, Rozwadow - Nisko; " + D20)
formation("ah-3c", "3 c", "ah", "cavalry", "XX", "ah_cav", None, "ah1", "Independent", (50.72, 21.95), src="3rd Cavalry Division, screening toward Krasnik")
formation("ah-9c", "9 c", "ah", "cavalry", "XX", "ah_cav", None, "ah1", "Independent", (50.75, 22.40), src="9th Cavalry Division, screening toward Janow")
# Armeegruppe Kummer (Krakow - Miechow), later under First Army
formation("ah-106lst", "106 lst", "ah", "infantry", "XX", "ah_lstd", None, "ah1", "Independent", (50.30, 20.05), src="106th Landsturm Division, Gruppe Kummer, Miechow road")
formation("ah-95lst", "95 lst", "ah", "infantry", "X", "ah_lstb", None, "ah1", "Independent", (50.15, 20.30), src="95th Landsturm Brigade, Gruppe Kummer")
formation("ah-100lst", "100 lst", "ah", "infantry", "X", "ah_lstb", None, "ah1", "Independent", (50.20, 19.90), src="100th Landsturm Brigade, Gruppe Kummer")
formation("ah-7c", "7 c", "ah", "cavalry", "XX", "ah_cav", None, "ah1", "Independent", (50.45, 20.30), src="7th Cavalry Division, Gruppe Kummer, toward Kielce")
# German Landwehr Corps (Woyrsch) from Silesia: two divisions; the rules let it serve under A-H armies GT 4-18
# 6.x: "the 3 LW Corps and its two divisions can be attached to an A-H army command during GTs 4 through 18";
# no German army command stands in the South, so the corps enters play on GT 4, at the Silesian border by
# Czestochowa, under A-H First Army (historically it crossed about 20-23 Aug: authored).
LW_ENTRY = [H(50.82, 19.30), H(50.70, 19.45)]
formation("de-3lw-lw", "3 lw/LW", "de", "infantry", "XX", "de_lwd", "LW", "ah1", "Landwehr Corps", None, 4, LW_ENTRY,
          note="Landwehr Corps (Woyrsch) under A-H First Army from GT 4 (6.x)",
          src="3rd Landwehr Division, Landwehr Corps (Woyrsch), Czestochowa; 6.2's and 22.3's '3 LW Corps' (2 divisions, A-H command GT 4-18)")
formation("de-4lw-lw", "4 lw/LW", "de", "infantry", "XX", "de_lwd", "LW", "ah1", "Landwehr Corps", None, 4, LW_ENTRY,
          note="Landwehr Corps (Woyrsch) under A-H First Army from GT 4 (6.x)", src="4th Landwehr Division, Landwehr Corps (Woyrsch)")
asset("de-ct-lw", "LW", "de", "corps_train", "XXX", 0, 0, 7, 0, "2", None, 4, LW_ENTRY, "Landwehr Corps train", corps="LW", sr=6)

# ---------------- A-H Fourth Army (Auffenberg): Jaroslaw - Rawa Ruska, toward Zamosc / Komarow ----------------
corps_units("ah", "ah4", "II Corps", "2", (("4-2", "4/2", "ah_inf", (50.32, 22.92), "4th Infantry Division"),
                                           ("13lw-2", "13 lw/2", "ah_lw", (50.26, 22.80), "13th Landwehr Division"),
                                           ("25-2", "25/2", "ah_inf", (50.22, 22.98), "25th Infantry Division")), (50.20, 22.85), D20)
corps_units("ah", "ah4", "VI Corps", "6", (("15-6", "15/6", "ah_inf", (50.26, 23.22), "15th Infantry Division"),
                                           ("27-6", "27/6", "ah_inf", (50.20, 23.36), "27th Infantry Division"),
                                           ("39h-6", "39 h/6", "ah_lw", (50.15, 23.25), "39th Honved Division")), (50.12, 23.15), D20)
corps_units("ah", "ah4", "IX Corps", "9", (("10-9", "10/9", "ah_inf", (50.10, 23.02), "10th Infantry Division"),
                                           ("26lw-9", "26 lw/9", "ah_lw", (50.05, 22.92), "26th Landwehr Division")), (50.03, 23.00), D20)
corps_units("ah", "ah4", "XIV Corps", "14", (("3-14", "3/14", "ah_inf", (50.05, 23.55), "3rd Infantry Division (XIV Corps, passed to Fourth Army)"),
                                             ("8-14", "8/14", "ah_inf", (50.00, 23.65), "8th Infantry Division"),
                                             ("44lw-14", "44 lw/14", "ah_lw", (49.97, 23.50), "44th Landwehr Division")), (49.95, 23.58), D20)
corps_units("ah", "ah4", "XVII Corps", "17", (("19-17", "19/17", "ah_inf", (50.20, 23.56), "19th Infantry Division, Rawa Ruska"),), (50.15, 23.50), D20)
formation("ah-6c", "6 c", "ah", "cavalry", "XX", "ah_cav", None, "ah4", "Independent", (50.458, 23.11), src="6th Cavalry Division, screening toward Zamosc; one hex back, within reach of a Corps Train (14.3.1: any two cavalry formations): a set-up is legal")
formation("ah-10c", "10 c", "ah", "cavalry", "XX", "ah_cav", None, "ah4", "Independent", (50.42, 23.65), src="10th Cavalry Division, screening toward Tomaszow - Hrubieszow")

# ---------------- A-H Third Army (Brudermann): east of Lemberg ----------------
corps_units("ah", "ah3", "III Corps", "3", (("6-3", "6/3", "ah_inf", (49.82, 24.55), "6th Infantry Division"),
                                            ("22lw-3", "22 lw/3", "ah_lw", (49.76, 24.48), "22nd Landwehr Division"),
                                            ("28-3", "28/3", "ah_inf", (49.88, 24.62), "28th Infantry Division")), (49.84, 24.30), D20)
corps_units("ah", "ah3", "XI Corps", "11", (("30-11", "30/11", "ah_inf", (50.00, 24.55), "30th Infantry Division"),
                                            ("11h-11", "11 h/11", "ah_lw", (50.06, 24.42), "11th Honved Division")), (49.95, 24.35), D20)
for i, where in ((1, (49.58, 25.55)), (2, (49.52, 25.62)), (3, (49.62, 25.65))):
    asset(f"ah-{i}det-11", f"{i}-det 11", "ah", "infantry", "III", 1, 1, 7, 0, "*", where, corps="11", white_symbol=True, ce=8, exact=["white_symbol"],
          source="XI Corps special detachment; the rules: white symbol, set up near Tarnopol 12.91; values authored")
formation("ah-2c", "2 c", "ah", "cavalry", "XX", "ah_cav", None, "ah3", "Independent", (50.12, 25.05), src="2nd Cavalry Division, screening toward Brody")
formation("ah-4c", "4 c", "ah", "cavalry", "XX", "ah_cav", None, "ah3", "Independent", (49.66, 25.15), src="4th Cavalry Division, Jaroslawice, 21 Aug")
formation("ah-11hc", "11 hc", "ah", "cavalry", "XX", "ah_cav", None, "ah3", "Independent", (49.85, 25.30), src="11th Honved Cavalry Division")

# ---------------- A-H Second Army (Bohm-Ermolli; Gruppe Kovess): Dniester ----------------
corps_units("ah", "ah2", "XII Corps", "12", (("16-12", "16/12", "ah_inf", (49.40, 24.62), "16th Infantry Division, Rohatyn"),
                                             ("35-12", "35/12", "ah_inf", (49.15, 24.78), "35th Infantry Division, Halicz"),
                                             ("38h-12", "38 h/12", "ah_lw", (49.00, 25.10), "38th Honved Division")), (49.12, 24.72), D20)
formation("ah-1c", "1 c", "ah", "cavalry", "XX", "ah_cav", None, "ah2", "Independent", (49.08, 25.366), src="1st Cavalry Division, Buczacz; two hexes west of it, in supply (14.2): a set-up is legal")
formation("ah-5hc", "5 hc", "ah", "cavalry", "XX", "ah_cav", None, "ah2", "Independent", (48.92, 25.35), src="5th Honved Cavalry Division")
formation("ah-8c", "8 c", "ah", "cavalry", "XX", "ah_cav", None, "ah2", "Independent", (48.95, 25.75), src="8th Cavalry Division, Czortkow (toward Zaleszczyki)")
# its hex 11.103 is exact: set up there (the counter art prints a three-digit row in full)
asset("ah-zal", "Zaleszczyki", "ah", "fort", "II", 1, 2, 0, 0, "*", None, fssm=2,
      source="A-H bridgehead Fort (B, Ab# 1) at Zaleszczyki 11.103 (the rules' hex); values authored")
setup.append(("ah-zal", "11.103"))

# ---------------- A-H fortresses, depots ----------------
# Depots stand on RR station hexes (14.2.1: their towns' hexes in maps/ef1914).
# Depots serve one army (14.3.2): the tag army-<display id> names it (authored from the armies' 1914 railheads).
asset("ah-f-przemysl", "Przemysl", "ah", "fortress", "X", 6, 18, 0, 0, "*", (49.78, 22.77), fssm=3, source="Przemysl fortress complex; steps and FSSM authored")
asset("ah-f-przemysl-2", "Przemysl", "ah", "fortress", "X", 4, 12, 0, 0, "*", (49.78, 22.77), fssm=3, source="second fortress unit of the Przemysl complex (12.1)")
formation("ah-przemysl", "Prz. gar", "ah", "infantry", "XX", "ah_lstd", None, "ah3", "Independent", (49.78, 22.77), release_gt=99,
          src="Przemysl garrison (23.6 names it; 23rd Honved Division and Landsturm); garrison dot, never released")
asset("ah-f-krakow", "Krakow", "ah", "fortress", "X", 4, 12, 0, 0, "*", (50.06, 19.94), fssm=3, source="Krakow fortress; steps and FSSM authored")
formation("ah-krakow", "Kra. gar", "ah", "infantry", "XX", "ah_lstd", None, "ah1", "Independent", (50.06, 19.94), release_gt=99, src="Krakow garrison (Landsturm); garrison dot")
asset("ah-dep-prz", "Przemysl", "ah", "major_depot", "XXX", 0, 0, 1, 0, "4", (49.78, 22.77), sr=8, tags=["army-ah-4"])
asset("ah-dep-kra", "Krakow", "ah", "major_depot", "XXX", 0, 0, 1, 0, "4", (50.06, 19.94), sr=8, tags=["army-ah-1"])
asset("ah-dep-lem", "Lemberg", "ah", "minor_depot", "XXX", 0, 0, 1, 0, "2", (49.84, 24.03), sr=7, tags=["army-ah-3"])
asset("ah-dep-str", "Stryj", "ah", "minor_depot", "XXX", 0, 0, 1, 0, "2", (49.26, 23.85), sr=7, tags=["army-ah-2"])
asset("ah-dep-jar", "Jaroslaw", "ah", "minor_depot", "XXX", 0, 0, 1, 0, "2", (50.02, 22.68), sr=7, tags=["army-ah-1"])

# ---------------- A-H reinforcements: Second Army corps from the Serbian front ----------------
STRYJ = H(49.26, 23.85); CHOD = H(49.40, 24.31); SAMB = H(49.52, 23.20)
corps_reinf("ah", "ah2", "VII Corps", "7", (("17-7", "17/7", "ah_inf", "17th Infantry Division, from Serbia"),
                                            ("34-7", "34/7", "ah_inf", "34th Infantry Division, from Serbia")), 4, [STRYJ, CHOD],
            "VII Corps from the Serbian front, detrains Stryj - Chodorow about 27 Aug")
corps_reinf("ah", "ah2", "IV Corps", "4", (("31-4", "31/4", "ah_inf", "31st Infantry Division, from Serbia"),
                                           ("32-4", "32/4", "ah_inf", "32nd Infantry Division, from Serbia")), 6, [STRYJ, SAMB],
            "IV Corps from the Serbian front, detrains Stryj - Sambor about 1 Sep")

# ---------------- Russian Fourth Army (Salza, Evert from 22 Aug): Lublin ----------------
corps_units("ru", "ru4", "Grenadier Corps", "G", (("1gr-g", "1 gr/G", "ru_inf", (51.00, 22.10), "1st Grenadier Division"),
                                                  ("2gr-g", "2 gr/G", "ru_inf", (50.96, 22.26), "2nd Grenadier Division")), (51.10, 22.20), D20)
corps_units("ru", "ru4", "XIV Corps", "14", (("18-14", "18/14", "ru_inf", (51.00, 21.95), "18th Division"),
                                             ("45-14", "45/14", "ru_inf", (51.05, 21.85), "45th Division")), (51.12, 21.95), D20)
corps_units("ru", "ru4", "XVI Corps", "16", (("41-16", "41/16", "ru_inf", (51.05, 22.45), "41st Division"),
                                             ("47-16", "47/16", "ru_inf", (51.10, 22.60), "47th Division")), (51.18, 22.50), D20)
formation("ru-13c", "13 c", "ru", "cavalry", "XX", "ru_cav", None, "ru4", "Independent", (50.927, 21.893), src="13th Cavalry Division, Vistula flank; one hex east, in supply (14.2): a set-up is legal")
formation("ru-14c", "14 c", "ru", "cavalry", "XX", "ru_cav", None, "ru4", "Independent", (51.126, 21.287), src="14th Cavalry Division, west of the Vistula; three hexes north-west, within three hexes of the Ivangorod - Radom railway (14.2.3): a set-up is legal")
formation("ru-5dc", "5 dc", "ru", "cavalry", "XX", "ru_cav", None, "ru4", "Independent", (50.90, 22.70), src="5th Don Cossack Division")
# ---------------- Russian Fifth Army (Plehve): Kholm - Wladimir-Volynski ----------------
corps_units("ru", "ru5", "XXV Corps", "25", (("3gr-25", "3 gr/25", "ru_inf", (50.95, 23.05), "3rd Grenadier Division"),
                                             ("46-25", "46/25", "ru_inf", (50.90, 22.95), "46th Division")), (51.00, 23.10), D20)
corps_units("ru", "ru5", "XIX Corps", "19", (("17-19", "17/19", "ru_inf", (50.85, 23.45), "17th Division"),
                                             ("38-19", "38/19", "ru_inf", (50.80, 23.60), "38th Division")), (50.92, 23.55), D20)
corps_units("ru", "ru5", "V Corps", "5", (("7-5", "7/5", "ru_inf", (50.75, 23.90), "7th Division"),
                                          ("10-5", "10/5", "ru_inf", (50.70, 24.00), "10th Division")), (50.80, 24.00), D20)
corps_units("ru", "ru5", "XVII Corps", "17", (("3-17", "3/17", "ru_inf", (50.75, 24.30), "3rd Division"),
                                              ("35-17", "35/17", "ru_inf", (50.65, 24.40), "35th Division")), (50.82, 24.35), D20)
formation("ru-1dc", "1 dc", "ru", "cavalry", "XX", "ru_cav", None, "ru5", "Independent", (50.58, 24.10), src="1st Don Cossack Division")
formation("ru-7c", "7 c", "ru", "cavalry", "XX", "ru_cav", None, "ru5", "Independent", (50.58, 23.80), src="7th Cavalry Division")
# ---------------- Russian Third Army (Ruzsky): Dubno - Brody ----------------
corps_units("ru", "ru3", "XXI Corps", "21", (("33-21", "33/21", "ru_inf", (50.12, 25.18), "33rd Division"),
                                             ("44-21", "44/21", "ru_inf", (50.02, 25.28), "44th Division")), (50.20, 25.30), D20)
corps_units("ru", "ru3", "XI Corps", "11", (("11-11", "11/11", "ru_inf", (49.95, 25.40), "11th Division"),
                                            ("32-11", "32/11", "ru_inf", (49.85, 25.52), "32nd Division")), (50.00, 25.55), D20)
corps_units("ru", "ru3", "IX Corps", "9", (("5-9", "5/9", "ru_inf", (50.25, 25.00), "5th Division"),
                                           ("42-9", "42/9", "ru_inf", (50.32, 24.85), "42nd Division")), (50.35, 25.05), D20)
corps_units("ru", "ru3", "X Corps", "10", (("9-10", "9/10", "ru_inf", (50.15, 25.40), "9th Division"),
                                           ("31-10", "31/10", "ru_inf", (50.22, 25.52), "31st Division")), (50.30, 25.45), D20)
formation("ru-9c", "9 c", "ru", "cavalry", "XX", "ru_cav", None, "ru3", "Independent", (50.38, 24.70), src="9th Cavalry Division")
formation("ru-10c", "10 c", "ru", "cavalry", "XX", "ru_cav", None, "ru3", "Independent", (49.72, 25.40), src="10th Cavalry Division (Keller), Jaroslawice 21 Aug")
formation("ru-11c", "11 c", "ru", "cavalry", "XX", "ru_cav", None, "ru3", "Independent", (50.42, 25.00), src="11th Cavalry Division")
formation("ru-3kc", "3 kc", "ru", "cavalry", "XX", "ru_cav", None, "ru3", "Independent", (49.90, 25.70), src="3rd Caucasian Cossack Division")
# ---------------- Russian Eighth Army (Brusilov): across the Zbrucz toward Tarnopol ----------------
corps_units("ru", "ru8", "VII Corps", "7", (("13-7", "13/7", "ru_inf", (49.50, 25.95), "13th Division"),
                                            ("34-7", "34/7", "ru_inf", (49.40, 26.02), "34th Division")), (49.45, 26.15), D20)
corps_units("ru", "ru8", "XII Corps", "12", (("12-12", "12/12", "ru_inf", (49.62, 26.05), "12th Division"),
                                             ("19-12", "19/12", "ru_inf", (49.56, 26.18), "19th Division")), (49.62, 26.25), D20)
corps_units("ru", "ru8", "VIII Corps", "8", (("14-8", "14/8", "ru_inf", (49.15, 26.05), "14th Division"),
                                             ("15-8", "15/8", "ru_inf", (49.05, 26.15), "15th Division, Husiatyn")), (49.10, 26.25), D20)
corps_units("ru", "ru8", "XXIV Corps", "24", (("48-24", "48/24", "ru_inf", (48.90, 26.10), "48th Division"),
                                              ("49-24", "49/24", "ru_inf", (48.78, 26.22), "49th Division")), (48.998, 26.264), D20)
# (XXIV Corps' train two hexes north of its divisions, within the Volochysk depot's range: 14.2.2, a set-up is legal)
formation("ru-12c", "12 c", "ru", "cavalry", "XX", "ru_cav", None, "ru8", "Independent", (49.72, 26.00), src="12th Cavalry Division (Kaledin)")
formation("ru-2kc", "2 kc", "ru", "cavalry", "XX", "ru_cav", None, "ru8", "Independent", (49.25, 25.90), src="2nd Combined Cossack Division")
# ---------------- Russian fortresses and depots ----------------
asset("ru-f-ivangorod", "Ivangorod", "ru", "fortress", "X", 4, 8, 0, 0, "*", (51.55, 21.85), fssm=2, source="Russian fortress; steps and FSSM authored")
asset("ru-f-brest", "Brest-Litowsk", "ru", "fortress", "X", 4, 8, 0, 0, "*", None, fssm=2,
      source="Brest-Litowsk fortress, hex 31.55 with the printed supply symbol (the rules); steps and FSSM authored. North sheet: campaign only", tags=['supply_symbol'])
setup.append(("ru-f-brest", "31.55"))   # the rules' hex (hex_of gives 30.55)
asset("ru-dep-lub", "Lublin", "ru", "minor_depot", "XXX", 0, 0, 1, 0, "2", (51.25, 22.57), sr=8, tags=["army-ru-4"])
asset("ru-dep-kho", "Kholm", "ru", "minor_depot", "XXX", 0, 0, 1, 0, "2", (51.14, 23.47), sr=8, tags=["army-ru-5"])
asset("ru-dep-dub", "Dubno", "ru", "minor_depot", "XXX", 0, 0, 1, 0, "2", (50.42, 25.75), sr=8, tags=["army-ru-3"])
asset("ru-dep-vol", "Volochisk", "ru", "minor_depot", "XXX", 0, 0, 1, 0, "2", (49.53, 26.20), sr=8, tags=["army-ru-8"])
asset("ru-hv-3a", "hv 3A", "ru", "artillery", "II", 1, 0, 6, 3, "1", (50.30, 25.35), heavy=True, high_trajectory=True,
      source="Third Army heavy artillery battalion: mostly 6-inch howitzers, so heavy (red) and high trajectory (underlined)")
# ---------------- Russian reinforcements ----------------
LUB = H(51.25, 22.57); IVA = H(51.55, 21.85); KHO = H(51.14, 23.47)
corps_reinf("ru", "ru4", "Guard Corps", "Gd", (("1gd-gd", "1 gd/Gd", "ru_gd", "1st Guard Infantry Division, from St Petersburg"),
                                              ("2gd-gd", "2 gd/Gd", "ru_gd", "2nd Guard Infantry Division")), 5, [LUB, KHO],
            "Guard Corps by rail to Lublin - Kholm, about 30 Aug")
formation("ru-gdrf", "gd rf", "ru", "infantry", "X", "ru_rfb", "Gd", "ru4", "Guard Corps", None, 5, [LUB, KHO], note="Guard Rifle Brigade with the Guard Corps", src="Guard Rifle Brigade")
corps_reinf("ru", "ru4", "III Caucasian Corps", "3 K", (("21-3k", "21/3 K", "ru_inf", "21st Division, III Caucasian Corps"),
                                                       ("52-3k", "52/3 K", "ru_inf", "52nd Division, III Caucasian Corps")), 6, [IVA, LUB],
            "III Caucasian Corps by rail to Ivangorod - Lublin, about 1 Sep")
corps_reinf("ru", "ru4", "XVIII Corps", "18", (("23-18", "23/18", "ru_inf", "23rd Division, XVIII Corps"),
                                              ("37-18", "37/18", "ru_inf", "37th Division, XVIII Corps")), 7, [IVA, LUB],
            "XVIII Corps by rail to Ivangorod - Lublin, about 4 Sep")
SOUTH = (len(units), len(setup), len(reinf), len(attach))

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

def on_south(h):
    c, r = map(int, h.split("."))
    return 1 <= c <= 100 and 57 <= r <= 111

# Russian set-up groups (1.3: the coloured field behind the type symbol): North = the Tannenberg
# scenario's units (set up or arriving), South = the Galicia scenario's, Campaign = units only the
# campaign scenario has (South-section units set up off the South sheets: Brest-Litowsk).
SOUTH_IN_GALICIA = {u for u, h in setup[NORTH[1]:SOUTH[1]] if on_south(h)} | {u for u, *_ in reinf[NORTH[2]:SOUTH[2]]}
for i, u in enumerate(units):
    if u["nationality"] == "ru":
        u["setup_group"] = "North" if i < NORTH[0] else "South" if u["id"] in SOUTH_IN_GALICIA else "Campaign"

# units: strip `ce` from formations (it lives on the attachment marker)
dump(f"{OUT}/units.yaml",
     "# yaml-language-server: $schema=../../docs/schema/units.schema.json\n"
     "# North and South section orders of battle (Tannenberg campaign, August - September 1914). Generated by a\n"
     "# tools/author_ef1914_counters.py; edit there. Value scheme (steps-defense MA AV RCP):\n"
     "#   German active division 12-16 7 AV7 4 (1/1's defense 16 and AV 7 are the rules'), reserve 10-12 7 AV3,\n"
     "#   Landwehr division 8-10 6 AV2, Landwehr brigade 4-5 7 AV1 2 RCP (20 lw: MA 7, 2 RCP in the rules),\n"
     "#   cavalry division 3-3 12 AV1 (3-step cavalry: the rules); Russian division 10-12 7 AV5 5 (29/20: 10 steps\n"
     "#   + AV 5 = 25/3's 15 points), Guard 12-14 AV6, reserve 8-9 6 AV3, rifle brigade 5-6 AV2.\n"
     "#   South section (Galicia, August - September 1914), same spirit: A-H Common Army division 10-12 7 AV4 4\n"
     "#   (German-sized but fewer, older guns), k.k. Landwehr / Honved division 9-11 7 AV3, Landsturm division\n"
     "#   6-7 6 AV1, Landsturm brigade 3-4 6 AV0 2 RCP, cavalry division 3-3 12 AV1; Russian South divisions use\n"
     "#   the North's Russian schemes; the German Landwehr Corps the German Landwehr division's.\n"
     "#   Reduced sides at half steps. Fortress defense = steps x FSSM. Supply units' backs are Extended Mode\n"
     "#   (AP Allocation Limits the rules', Supply Ranges authored). Heavy (red) and high-trajectory (underlined)\n"
     "#   artillery values: the corps and army heavy artillery battalions (howitzers). Russian set-up group\n"
     "#   (the field behind the symbol): North, South or Campaign. No fortress artillery unit (defend-only\n"
     "#   value in parentheses) and no withdrawal square is authored yet.\n",
     {"approximate": True,
      "source": "Order of battle from history (general histories of the 1914 East Prussian and Galician campaigns); values authored except where `exact:` names the rules' numbers",
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
    dict(id="cs-half", name="CS 1/2 Initial", text=["CS 1/2", "Initial"], back=dict(name="CS 1/2 Final", text=["CS 1/2", "Final"]), colour="#ffffff", kind="cs_half", count=20,
         on_unit=dict(key="Ctrl+Shift+H", label="CS½ I", back_label="CS½ F")),  # a unit under it defends at half: a state of one unit
    dict(id="depot-reloc", name="Depot Relocating", text=["Depot", "Reloc."], back=dict(name="Depot Consolidating", text=["Depot", "Consol."]), colour="#ffffff", kind="depot", count=8),
    dict(id="prepared-attack", name="Prepared Attack", text=["Prep.", "Attack"], colour="#000000", kind="prepared_attack", count=30),
    dict(id="attack", name="Attack", text=["Attack"], colour="#ffffff", kind="attack", count=30),
    dict(id="ap-allocated", name="AP Allocated", text=["AP", "Alloc."], back=dict(name="No More AP", text=["No More", "AP"]), colour="#ffffff", kind="ap", count=30),
    dict(id="art-displaced", name="Artillery Displaced", text=["Art.", "Displ."], colour="#ffffff", kind="artillery_displaced", count=10),
    dict(id="disorder", name="Disordered D1", text=["Disorder", "D1"], back=dict(name="Disordered D2", text=["Disorder", "D2"]), colour="#f2b8b8", kind="disorder", count=20,
         on_unit=dict(key="Ctrl+Shift+D", label="D1", back_label="D2")),
    dict(id="low-supply", name="Low Supply", text=["Low", "Supply"], colour="#fff2a8", kind="supply", count=30,
         on_unit=dict(key="Ctrl+Shift+L", label="LS")),
    dict(id="out-of-supply", name="Out of Supply", text=["Out of", "Supply"], colour="#f4c27a", kind="supply", count=30,
         on_unit=dict(key="Ctrl+Shift+S", label="OOS")),
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
    # 18.0 Pontoon Bridges is lost: one kind for both sides, count and colour authored (markers.yaml's comment)
    dict(id="pontoon", name="Pontoon Bridge", text=["Pontoon", "Bridge"], colour="#c9b27c", kind="pontoon", count=8),
]
nat_col = {"de": "#8f9a82", "ru": "#8b5a2b", "ah": "#4f7fc0"}
# Corps Attachment markers (3.8: ID and Attachment Limit; an underscored limit = cavalry corps, shown as "cav")
for nat, cid, name, lim in (("de", "1", "I", "2"), ("de", "17", "XVII", "2"), ("de", "20", "XX", "2"), ("de", "1r", "I R", "2"),
                            ("de", "gr", "GR", "2"), ("de", "11", "XI", "2"),
                            ("ru", "3", "3", "2"), ("ru", "4", "4", "3"), ("ru", "20", "20", "2"), ("ru", "kn", "KN", "4 cav"),
                            ("ru", "1", "1", "3"), ("ru", "6", "6", "2"), ("ru", "13", "13", "2"), ("ru", "15", "15", "2"), ("ru", "23", "23", "2"),
                            ("ru", "2", "2", "2"), ("ru", "22", "22", "2"), ("ru", "3s", "3 S", "2"), ("ru", "26r", "26 R", "2"),
                            # South (authored limits: 2 for two-division corps, 3 for three)
                            ("de", "lw", "LW", "2"), ("ah", "1", "I", "2"), ("ah", "5", "V", "3"), ("ah", "10", "X", "3"), ("ah", "2", "II", "3"),
                            ("ah", "6", "VI", "3"), ("ah", "9", "IX", "2"), ("ah", "14", "XIV", "3"), ("ah", "17", "XVII", "2"), ("ah", "3", "III", "3"),
                            ("ah", "11", "XI", "2"), ("ah", "12", "XII", "3"), ("ah", "7", "VII", "2"), ("ah", "4", "IV", "2"),
                            ("ru", "g", "Gren", "2"), ("ru", "14", "14", "2"), ("ru", "16", "16", "2"), ("ru", "25", "25", "2"), ("ru", "19", "19", "2"),
                            ("ru", "5", "5", "2"), ("ru", "17", "17", "2"), ("ru", "21", "21", "2"), ("ru", "11", "11", "2"), ("ru", "9", "9", "2"),
                            ("ru", "10", "10", "2"), ("ru", "7", "7", "2"), ("ru", "12", "12", "2"), ("ru", "8", "8", "2"), ("ru", "24", "24", "2"),
                            ("ru", "gd", "Gd", "3"), ("ru", "3k", "3 K", "2"), ("ru", "18", "18", "2")):
    markers.append(dict(id=f"corps-{nat}-{cid}", name=f"Corps {name}", text=[f"{name} Corps", f"Limit {lim}"], colour=nat_col[nat],
                        kind="corps_attachment", side="russian" if nat == "ru" else "cp", count=1))
# Army markers (3.8: the army's Attachment Limit, "+C" = a cavalry corps slot) and two boundary markers each
for nat, aid, name, lim in (("de", "8", "Eighth Army", "6"), ("ru", "1", "First Army", "3+C"), ("ru", "2", "Second Army", "5"), ("ru", "10", "Tenth Army", "4"),
                            ("ah", "1", "First Army", "4"), ("ah", "4", "Fourth Army", "5"), ("ah", "3", "Third Army", "3"), ("ah", "2", "Second Army", "3"),
                            ("ru", "4", "Fourth Army", "5"), ("ru", "5", "Fifth Army", "4"), ("ru", "3", "Third Army", "4"), ("ru", "8", "Eighth Army", "4")):
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
     "# Markers named in the rules. Two-sided where the rules give two sides; rotation (Prepared\n"
     "# Attack facing, MPs Expended counts, AP Allocated counts) is not modelled. Attachment markers: one per\n"
     "# North and South formation, printed Base CE authored (1/1 CEL 11 and 25/3 CEL 10 from the rules' examples).\n",
     {"approximate": True,
      "source": "marker types from the rules (3.8, 5.4, 8.x, 13.x, 14.x; pontoon bridges 2.2, 5.4, 18.0 lost); counts, colours and base CE values authored",
      "markers": markers})


# scenarios
order = {"cavalry": 0, "infantry": 1, "fortress": 2, "fort": 2, "artillery": 3, "corps_train": 4, "minor_depot": 4, "major_depot": 4}
utype = {u["id"]: u["type"] for u in units}
formation_of = {u["id"]: u.get("formation") for u in units}
marker_ids = {m["id"] for m in markers}
ustep = {u["id"]: u["attack"] for u in units}

def scen_markers_for(su, att, rps, fronts):
    out = [{"marker": "gt", "at": {"track": "turn", "box": 1}},
           {"marker": "vp-cp", "at": {"track": "vp", "box": 0}},
           {"marker": "vp-ru", "at": {"track": "vp", "box": 0}}]
    # 5.1: a Player Turn marker per front in play, Russian side up, on the first step of the sequence
    out += [{"marker": f"player-turn-{f}", "at": {"track": "player_turn", "box": "1 Reinforcement"}} for f in fronts]
    out += [{"marker": m, "at": {"track": t, "box": "0"}} for m, t in rps]
    placed = {u for u, _ in su}
    corps = {}   # corps marker -> its row: the corps of every formation set up on its corps' row
    for uid, name, ce, grid, row in att:
        if uid in placed and grid != "ru10":
            out.append({"marker": f"att-{uid}", "at": {"track": grid, "row": row, "box": "0"}})
            if row != "Independent":
                corps.setdefault(f"corps-{uid[:2]}-{formation_of[uid].replace(' ', '').lower()}", (grid, row))
        elif uid in placed:
            out.append({"marker": f"att-{uid}", "at": {"track": "ru1", "row": "Independent", "box": "0"}})
    # Corps Attachment markers on their corps' rows (the corps' status box: "0", the status at the start is
    # not in the text); army markers are left out: the displays have no box for them
    for mid, (grid, row) in corps.items():
        assert mid in marker_ids, mid
        out.append({"marker": mid, "at": {"track": grid, "row": row, "box": "0"}})
    return out

def scenario(sid, name, source, turns, sheets, description, su, rf, scm):
    # stack order 4.2.5 (no IPs at start): cavalry, infantry, fortress, artillery, supply; the first listed is at the bottom
    su_sorted = sorted(su, key=lambda t: (t[1], -order[utype[t[0]]], ustep[t[0]]))
    d = {"id": sid, "name": name, "approximate": True, "source": source, "turns": turns, "first_player_turn": "russian"}
    if sheets:
        d["sheets"] = sheets
    d.update({"description": description,
              "setup": [{"unit": u, "hex": h} for u, h in su_sorted],
              "reinforcements": [dict({"unit": u, "turn": t, "hexes": hx}, **({"note": n} if n else {})) for u, t, hx, n in rf],
              "markers": scm})
    return d

RP_N = [("rp-german", "rp_german"), ("rp-ru-russian", "rp_russian_gauge"), ("rp-ru-european", "rp_european_gauge")]
RP_ALL = [("rp-german", "rp_german"), ("rp-ah", "rp_ah"), ("rp-ru-russian", "rp_russian_gauge"), ("rp-ru-european", "rp_european_gauge")]
n_setup, n_reinf, n_att = setup[:NORTH[1]], reinf[:NORTH[2]], attach[:NORTH[3]]
s_setup, s_reinf, s_att = setup[NORTH[1]:SOUTH[1]], reinf[NORTH[2]:SOUTH[2]], attach[NORTH[3]:SOUTH[3]]

dump(f"{OUT}/scenarios/tannenberg.yaml",
     "# yaml-language-server: $schema=../../../docs/schema/scenario.schema.json\n"
     "# GT 1 = 17 August 1914 (authored); 2-3 days a GT. Stacks are listed bottom first in the 4.2.5 order.\n",
     scenario("tannenberg", "Tannenberg Campaign (North, GT 1-14)",
              "set-up from historical positions of 17 Aug 1914 placed with tools/ef1914_geo.py; length and arrivals authored from history (Tenth Army GT 7 is the rules'); a set-up is legal, so every unit traces In Supply at GT 1 (14.0-14.4): units the historical positions left out of supply moved the fewest hexes that bring them in (see the units' sources)",
              14, ["North-West", "North", "North-East"],
              "The Russian First and Second Armies invade East Prussia against the German Eighth Army, 17 August - mid September 1914: Stalluponen, Gumbinnen, Tannenberg and the First Masurian Lakes. North sheets only. The Play Book's set-up is lost: this one is authored from history.",
              n_setup, n_reinf, scen_markers_for(n_setup, n_att, RP_N, ["north"])))

g_setup = [t for t in s_setup if on_south(t[1])]
OFF_SOUTH = [t for t in s_setup if not on_south(t[1])]
dump(f"{OUT}/scenarios/galicia.yaml",
     "# yaml-language-server: $schema=../../../docs/schema/scenario.schema.json\n"
     "# Generated by tools/author_ef1914_counters.py. GT 1 = campaign GT 1 (17 August 1914), the positions those\n"
     "# of about 20 August (authored): the rules' GT numbers (LW corps GT 4-18, IP levels) hold in every scenario;\n"
     "# 2-3 days a GT. Stacks are listed bottom first in the 4.2.5 order.\n",
     scenario("galicia", "The Battle for Galicia (South, GT 1-12)",
              "set-up from historical positions of about 20 Aug 1914 placed with tools/ef1914_geo.py; length and arrivals authored from history (the Tarnopol detachments and the Zaleszczyki bridgehead are the rules'); a set-up is legal, so every unit traces In Supply at GT 1 (14.0-14.4): units the historical positions left out of supply moved the fewest hexes that bring them in (see the units' sources); the A-H I Corps and Russian XXIV Corps trains by their railhead and depot (14.2.2)",
              12, ["South-West", "South-East"],
              "Austria-Hungary's First, Fourth, Third and Second Armies against Russia's Fourth, Fifth, Third and Eighth Armies, 20 August - mid September 1914: Krasnik, Komarow, the Zlota Lipa and Gnila Lipa, Rawa Ruska and the retreat to the San. South sheets only. The Play Book's set-up is lost: this one is authored from history.",
              g_setup, s_reinf, scen_markers_for(g_setup, s_att, RP_ALL, ["south"])))

c_setup = n_setup + s_setup
c_reinf = n_reinf + [(u, t + SOUTH_ARRIVE, hx, n) for u, t, hx, n in s_reinf]
dump(f"{OUT}/scenarios/campaign.yaml",
     "# yaml-language-server: $schema=../../../docs/schema/scenario.schema.json\n"
     "# Generated by tools/author_ef1914_counters.py. GT 1 = 17 August 1914 (authored); the South set-up is\n"
     "# that of about 20 August (Galicia GT 1), its arrivals on the same GTs as in the galicia scenario.\n",
     scenario("campaign", "The Grand Campaign (all sheets, GT 1-45)",
              "the tannenberg and galicia set-ups and arrivals combined (South positions of about 20 Aug, North of 17 Aug); authored from history; a set-up is legal, so every unit traces In Supply at GT 1 (14.0-14.4): units the historical positions left out of supply moved the fewest hexes that bring them in (see the units' sources)",
              45, None,
              "The whole front, 17 August - mid December 1914, on all five sheets: the North (Tannenberg) and South (Galicia) set-ups together. Later arrivals (Ninth Army, the Warsaw and Lodz battles) are not yet authored.",
              c_setup, c_reinf, scen_markers_for(c_setup, n_att + s_att, RP_ALL, ["north", "south"])))

print("moved off prohibited terrain:", MOVED)
print("South units off the South sheets (campaign only):", OFF_SOUTH)
def side_counts(ids):
    ids = list(ids)
    return f"{sum(1 for u in ids if not u.startswith('ru'))} CP / {sum(1 for u in ids if u.startswith('ru'))} RU"
print(len(units), "units;", side_counts(u["id"] for u in units), "; North", side_counts(u["id"] for u in units[:NORTH[0]]),
      "; South", side_counts(u["id"] for u in units[NORTH[0]:SOUTH[0]]), ";", len(markers), "markers")
for nm, su, rf in (("tannenberg", n_setup, n_reinf), ("galicia", g_setup, s_reinf), ("campaign", c_setup, c_reinf)):
    print(f"  {nm}: set up {side_counts(u for u, _ in su)}; reinforcements {side_counts(u for u, *_ in rf)}")
