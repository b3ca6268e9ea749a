"""The check report as a player reads it in an e-mail: findings first and alone (the supply
table only on request), units named as printed on their counters (ids in the JSON), columns
aligned whatever the names' lengths, and units no scenario brings not reported as missing.

Every test reads real saves (the shipped samples, or positions written as real saves) through
modules built in the session."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from modgen.vmod.compose import Composer, Position
from modgen.check.report import Names, json_report, text_report
from modgen.check.run import check_saves
from modgen.gamestate import printed_name, scenario_units, unit_names

REPO = Path(__file__).resolve().parents[1]
GALICIA = REPO / "samples" / "galicia1914"
HOLLAND = REPO / "samples" / "holland44"
REMNANTS = ["de-9ss-19-rm", "de-9ss-20-rm", "de-fj-6-rm", "de-fj-hoffmann-rm", "de-kg-chill-rm", "us-501-rm",
            "us-502-rm", "us-504-rm", "us-505-rm", "us-506-rm", "us-508-rm"]
WIDTH = 100  # an e-mail line
TAG = re.compile(r"^(\s*\[[^\]]+\]) (\S+)( +)(\S)")  # a finding row's first line: [rule] hexes  what


@pytest.fixture(scope="module")
def galicia_illegal(galicia_module):
    return check_saves([GALICIA / "illegal.vsav"], galicia_module)


@pytest.fixture(scope="module")
def holland_start(holland_module):
    return check_saves([HOLLAND / "start.vsav"], holland_module)


def supply_table(text: str) -> tuple[str, list[str]]:
    """The supply table's header line and its rows (the lines after it, up to the next section)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(r"^\s+unit\s+hex\s+supply\s+path$", line))
    rows = []
    for line in lines[start + 1:]:
        if line.startswith("==") or not line.startswith("     "):
            break
        rows.append(line)
    return lines[start], rows


def finding_lines(text: str) -> list[str]:
    """The findings of the first save: rows and their continuation lines (no group titles)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(r"^   \d+ finding\(s\):$", line))
    out = []
    for line in lines[start + 1:]:
        if line.startswith("   supply:") or line.startswith("=="):
            break
        if re.match(r"^ {3}\S", line):  # a group title: `5.1 Over-stacked`
            continue
        out.append(line)
    return out


def assert_finding_columns_aligned(text: str) -> tuple[int, int]:
    """Every finding row has its hexes and its third column at one offset; continuation lines
    start at the third column; no line passes WIDTH. Returns (hexes offset, third offset)."""
    lines = finding_lines(text)
    firsts = [TAG.match(line) for line in lines]
    assert any(firsts)
    hex_offsets = {m.start(2) for m in firsts if m}
    what_offsets = {m.start(4) for m in firsts if m}
    assert len(hex_offsets) == 1 and len(what_offsets) == 1, lines
    third = what_offsets.pop()
    for line, m in zip(lines, firsts):
        if m is None:
            assert len(line) - len(line.lstrip()) == third, line
        assert len(line) <= WIDTH, line
    return hex_offsets.pop(), third


def assert_supply_columns_aligned(header: str, rows: list[str]) -> None:
    """Each column of the supply table starts at the header's offset in every row."""
    offsets = [m.start() for m in re.finditer(r"\S+", header)]
    assert len(offsets) == 4  # unit, hex, supply, path
    for row in rows:
        for i, off in enumerate(offsets):
            assert row[off] != " ", (row, off)
            if i:
                assert row[off - 2:off] == "  ", (row, off)


# ---------------------------------------------------------------- findings first and alone


def test_default_text_is_findings_without_the_supply_table(galicia_illegal):
    text = text_report(galicia_illegal)
    res = galicia_illegal.saves[0]
    for f in res.findings:
        assert f"[{f.rule}] {','.join(f.hexes)}" in text, f
    assert "[13.0] 3.15" in text and "[5.1] 8.14" in text
    assert not re.search(r"\bpath \d+ to\b", text)  # no supply row ("path 2 to 9.03")
    assert not re.search(r"^\s+unit\s+hex\s+supply\s+path$", text, re.M)
    assert len(text.splitlines()) < len(res.supply)  # far shorter than one line per unit
    assert "   supply: In-Supply 80, Low-Supply 0, Out-of-Supply 1" in text.splitlines()
    # findings, then VP, then the total. The save is in Russia's Movement Phase: 11.4 compares the
    # markers only where the position is still that of the Supply Phase (11.0), so ru-inf-42's
    # marker is a note, not one of the errors
    assert text.index("[13.0] 3.15") < text.index("== Victory points") < text.index("== 8 finding(s) in 1 save(s)")
    assert "[11.4] 15.03" in text and text.index("1 note(s)") < text.index("[11.4] 15.03")


def test_supply_table_on_request_has_every_unit_on_the_map(galicia_illegal, holland_start):
    for report in (galicia_illegal, holland_start):
        res = report.saves[0]
        names = unit_names(res.state.game)
        header, rows = supply_table(text_report(report, supply=True))
        on_map = {u.id: u.hex for u in res.state.units_on_map()}
        assert len(rows) == len(on_map) == len(res.supply)
        for uid, hex_id in on_map.items():
            assert sum(1 for r in rows if re.match(rf"^\s+{re.escape(names[uid])}\s+{re.escape(hex_id)}\s", r)) == 1, uid
        assert_supply_columns_aligned(header, rows)
    text = text_report(galicia_illegal, supply=True)
    assert re.search(r"^\s+42 \[9\]\s+15\.03\s+In-Supply\s+path 0 to 15\.03\s+<- marker says Out-of-Supply$", text, re.M)


# ---------------------------------------------------------------- printed names, ids in the JSON


def test_printed_names_in_the_text_ids_in_the_json(galicia_illegal):
    game = galicia_illegal.saves[0].state.game
    assert printed_name(game.units["ru-inf-3"]) == "3 [17]" and printed_name(game.units["ah-ls-105"]) == "105 ls"
    text = text_report(galicia_illegal)
    assert "[13.0] 3.15" in text and "3 [17] is in 3.15: a Russian unit can never enter Fortress Przemysl" in text
    assert "105 ls is released on GT 4" in text
    ids = [u for u in game.units if re.search(rf"(?<![\w-]){re.escape(u)}(?![\w-])", text)]
    assert ids == []  # no unit id left in the e-mail text
    data = json.loads(json_report(galicia_illegal))
    finding = next(f for f in data["saves"][0]["findings"] if f["rule"] == "13.0")
    assert finding["units"] == ["ru-inf-3"] and finding["message"].startswith("ru-inf-3 is in 3.15")
    assert data["names"]["ru-inf-3"] == "3 [17]" and set(data["names"]) == set(game.units)
    assert "ru-inf-42" in data["saves"][0]["supply"]
    for key in ("save", "module", "turn", "phasing_side", "phase", "findings", "supply", "vp_recorded",
                "eliminated", "waiting", "missing"):
        assert key in data["saves"][0]
    assert {"saves", "victory", "vp_findings", "finding_count"} <= set(data)


def test_shared_printed_names_carry_the_id(galicia_illegal):
    names = unit_names(galicia_illegal.saves[0].state.game)
    assert names["ru-inf-11"] == "11 [11] (ru-inf-11)" and names["ah-inf-11"] == "11 [11] (ah-inf-11)"
    assert names["ru-inf-3"] == "3 [17]"  # same ID as ah-inf-3, but another corps box: no id needed
    assert len(set(names.values())) == len(names)
    _, rows = supply_table(text_report(galicia_illegal, supply=True))
    assert any(r.lstrip().startswith("11 [11] (ru-inf-11)  ") for r in rows)


def test_ids_in_messages_replaced_only_as_whole_tokens():
    names = Names({"ru-inf-3": "3 [17]", "ru-inf-3gn": "3 gn [25]", "ru-cav-9": "9 c", "ru-cav-9-10": "9+10 c"})
    got = names.in_text("ru-inf-3gn and ru-inf-3. ru-cav-9-10 (ru-cav-9 2), saves/ru-inf-3.vsav xru-inf-3 ru-inf-3x")
    assert got == "3 gn [25] and 3 [17]. 9+10 c (9 c 2), saves/ru-inf-3.vsav xru-inf-3 ru-inf-3x"
    assert names.ids_in("ru-inf-3gn is on ru-inf-3.vsav") == {"ru-inf-3gn"}
    assert Names({"guards": "Guards"}).in_text("the guards") == "the guards"  # a plain word is never replaced


# ---------------------------------------------------------------- aligned columns


def open_hexes(game, n: int) -> list[str]:
    """n interior clear hexes without hexside features, at least 6 hexes apart."""
    m = game.map
    out: list[str] = []
    for h in sorted(m.hex_ids()):
        if m.terrain[h] != "clear" or m.board_of[h].geometry.is_edge(h):
            continue
        if any(m.side_features(h, x) for x in m.neighbours(h)):
            continue
        if any(m.board_of[h].geometry.distance(h, o) < 6 for o in out):
            continue
        out.append(h)
        if len(out) == n:
            return out
    raise AssertionError("not enough open hexes")


def write(game, pos: Position, path: Path) -> Path:
    Composer(game).write(pos, path)
    return path


def test_columns_aligned_with_long_names(holland, holland_module, tmp_path):
    names = unit_names(holland)
    long_ones = ["gb-sstaffs-2a", "gb-sstaffs-2b", "gb-para-156"]
    short = ["us-501-1", "us-501-2", "us-501-3"]
    assert len(names["gb-sstaffs-2a"]) >= 30 and len(names["us-501-1"]) <= 12
    assert not any(holland.units[u].has("free_stacking") for u in long_ones + short)
    a, b = open_hexes(holland, 2)
    pos = Position(holland).set_turn(3, "allied", "Combat")  # after the Allied Movement Phase: 6.1 holds (errors)
    for s in holland.sides:
        pos.set_vp(s.id, 0)
    for u in long_ones:
        pos.unit(u, a)
    for u in short:
        pos.unit(u, b)
    report = check_saves([write(holland, pos, tmp_path / "long.vsav")], holland_module)
    over = [f for f in report.saves[0].findings if f.rule == "6.1"]
    assert sorted(f.hexes for f in over) == sorted([(a,), (b,)])
    text = text_report(report, supply=True)
    hex_offset, third = assert_finding_columns_aligned(text)
    lines = finding_lines(text)
    # the long names are listed (in the third column, wrapped there) and did not push the columns
    listed = "\n".join(lines)
    assert all(names[u] in listed for u in long_ones + short)
    widest_hexes = max(len(",".join(f.hexes) or "-") for f in report.saves[0].findings)
    assert third - hex_offset == widest_hexes + 2  # set by the hexes, whatever the names
    header, rows = supply_table(text)
    assert len(rows) == 6
    assert_supply_columns_aligned(header, rows)
    assert header.index("hex") > len("     " + names["gb-sstaffs-2a"])
    # the same checks hold for the shipped illegal saves of both games
    assert_finding_columns_aligned(text_report(check_saves([HOLLAND / "illegal.vsav"], holland_module)))


def test_galicia_findings_aligned(galicia_illegal):
    hex_offset, third = assert_finding_columns_aligned(text_report(galicia_illegal))
    assert third - hex_offset == len("7.08,7.09  ")  # the widest hexes cell sets the third column


# ---------------------------------------------------------------- missing units


def test_holland_start_misses_nothing_remnants_not_in_play(holland_start):
    st = holland_start.saves[0].state
    assert st.missing == REMNANTS  # the reader's raw list: not in the save at all
    assert st.reported_missing == [] and st.not_in_play == REMNANTS
    assert not set(REMNANTS) & scenario_units(st.game)
    data = json.loads(json_report(holland_start))
    assert data["saves"][0]["missing"] == [] and data["saves"][0]["not_in_play"] == REMNANTS
    text = text_report(holland_start)
    assert "missing" not in text and "rmnts" not in text and "-rm" not in text


def test_scenario_units_absent_are_missing(holland, holland_module, tmp_path):
    a, = open_hexes(holland, 1)
    pos = Position(holland).set_turn(3, "allied", "Movement").unit("us-501-1", a)
    for s in holland.sides:
        pos.set_vp(s.id, 0)
    report = check_saves([write(holland, pos, tmp_path / "one.vsav")], holland_module)
    st = report.saves[0].state
    expected = sorted(scenario_units(holland) - {"us-501-1"})
    assert st.reported_missing == expected and st.not_in_play == REMNANTS
    assert "us-502-1" in expected
    data = json.loads(json_report(report))
    assert data["saves"][0]["missing"] == expected and data["saves"][0]["not_in_play"] == REMNANTS
    text = text_report(report)
    assert f"{len(expected)} missing from the save (" in text
    assert "2/502 [101]" in text and "rmnts" not in text
    assert all(len(line) <= WIDTH for line in text.splitlines() if not line.startswith("=="))
