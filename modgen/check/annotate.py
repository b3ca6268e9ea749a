"""A checked save that opens in VASSAL (`modgen check SAVE --annotate OUT.vsav`): a copy of the save with
a finding marker on each finding's hex and the report in the chat when the game opens.

Why: the opponent of a play-by-e-mail turn wants to see what the checker found where it is, in VASSAL,
not in a separate picture. The copy keeps every command of the original save as VASSAL wrote it and
adds, inside its restore command, one piece per finding (the module's finding marker, its rule number
and words in the marker's Text Label and properties, stacked per hex in the Findings layer above the
units, which the map's Findings button hides), then one chat command per report line (Chatter's
`CHAT` command, executed as the save is read: the lines show in the chat, nothing of them is kept in
the game's state). The reader skips finding markers, so an annotated save checks as the original, and
refreshing it keeps them (the module's palette holds their definition).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from ..atomic import write_atomic
from ..conventions import FINDING_KIND, MAIN_MAP
from ..errors import ModgenError
from ..gamestate import GameState, unit_names
from ..plugin_api import Finding
from ..vassal.archive import Archive, zip_bytes
from ..vassal.obfuscation import deobfuscate, obfuscate
from ..vassal.pieces import BasicState, Piece, Trait, add_piece_command
from ..vassal.logsteps import read_log
from ..vassal.savefile import MODULEDATA, SAVED_GAME, SaveContent, StackSpec, encode_game_text, save_bytes
from ..vassal.sequence import ESC, TAB, decode, encode
from .logcheck import LogReport
from .report import CheckReport, Names, report_names, rule_sort_key

FINDINGS_LAYER_INDEX = 1  # Units, Findings (modgen.vmod.navigation.findings_layer)
CHAT = "CHAT"  # Chatter's command: the text after it is shown in the chat as the command executes
ANNOTATE_KEY = 0x2A  # any key reads back (deobfuscate takes it from the file); a fixed one keeps the bytes the same


def marked(findings: list[Finding], hexes: frozenset[str]) -> list[tuple[str, Finding]]:
    """(hex, finding) for each finding with a hex on the map, by hex then rule: the first hex a finding
    names is where the checker's report and picture put it."""
    out = [(f.hexes[0], f) for f in findings if f.hexes and f.hexes[0] in hexes]
    return sorted(out, key=lambda hf: (hf[0], rule_sort_key(hf[1].rule), hf[1].title))


def finding_text(f: Finding) -> str:
    return f"{f.rule} {f.title}"


def finding_piece(template: Piece, f: Finding, x: int, y: int, gpid: str) -> Piece:
    """The module's finding marker on (x, y) of the main map, its label and properties set to `f`."""
    traits: list[Trait] = []
    for t in template.traits[:-1]:
        if t.prefix == "label;":
            t = Trait(t.type, finding_text(f))
        elif t.prefix == "mark;":
            names = decode(t.type[len("mark;"):], ",")
            values = dict(zip(names, decode(t.state, ",")))
            values.update(Kind=FINDING_KIND, Rule=f.rule, Finding=f.title)
            t = Trait(t.type, encode([values[n] for n in names], ","))
        traits.append(t)
    return Piece(traits + [template.traits[-1]]).with_basic_state(BasicState(MAIN_MAP, x, y, gpid, {}))


def _piece_id(seed: str) -> str:
    """A piece id no engine gives (they count from the epoch's milliseconds): the same finding, the same id."""
    digest = hashlib.sha256(seed.encode()).digest()
    return "8" + str(int.from_bytes(digest[:8], "big") % 10**12).zfill(12)


def _head(what: str, count: int) -> str:
    """The report's first chat line (ReportState's `* ` prefix): `what` the count of findings says."""
    return f"* modgen check: {what}" + (" (the red rings on the map; the Findings button hides them)" if count else ": none")


def _finding_line(f: Finding, names: Names, step: int | None = None) -> str:
    """A finding as a chat line, units named as printed on their counters, as in the text report."""
    return (f"* {'' if step is None else f'step {step} '}[{f.rule}] {f.title}" + (f" ({', '.join(f.hexes)})" if f.hexes else "")
            + (f": {names.in_text(f.message)}" if f.message else ""))


def chat_lines(state: GameState, findings: list[Finding], notes: list[Finding], names: Names) -> list[str]:
    """The report as chat lines: a head line, a line per finding by rule, then the notes."""
    lines = [_head(f"{len(findings)} finding(s) in {Path(state.save_path).name}", len(findings))]
    lines += [_finding_line(f, names) for f in sorted(findings, key=lambda f: (rule_sort_key(f.rule), f.hexes))]
    lines += [f"* note [{f.rule}] {f.title}: {names.in_text(f.when or f.message)}" for f in notes]
    return lines


def annotate_save(report: CheckReport, out: Path) -> int:
    """Write the last checked save with its findings drawn (see the module's docstring); the number of
    markers. Refuses to write over the save itself, and a module without the finding marker."""
    res = report.saves[-1]
    state = res.state
    source = _source(state, out)
    with Archive(source) as arc:
        entries = [(name, arc.read(name)) for name in arc.names()]
    text = deobfuscate(dict(entries)[SAVED_GAME], f"{source}!{SAVED_GAME}")
    notes = [n for n in report.notes if n.save in ("", state.save_path)]
    chat = chat_lines(state, res.findings, notes, Names(report_names(report)))
    text, n = _with_findings(text, f"{source}!{SAVED_GAME}", state, res.findings, chat)
    write_atomic(out, zip_bytes([(name, obfuscate(text, ANNOTATE_KEY) if name == SAVED_GAME else data) for name, data in entries]))
    return n


def annotate_log(report: LogReport, out: Path) -> int:
    """A save (.vsav) of a log's final position, as VASSAL has it after the last step, with a marker on
    the hex of each step that broke a rule and the log's findings in the chat; the number of markers."""
    state = report.phases[-1].end
    source = _source(state, out)
    end = report.final if report.final is not None else read_log(source).end
    with Archive(source) as arc:
        moduledata = arc.read(MODULEDATA) if arc.has(MODULEDATA) else None
    content = SaveContent(
        pieces=[(r.id, r.piece) for r in end.pieces],
        stacks=[StackSpec(st.id, st.piece_ids, st.layer) for st in end.stacks if st.piece_ids],
        boards=dict(end.boards), turns={tid: t.raw for tid, t in end.turns.items()},
        global_properties=list(end.global_properties.values()),
        module_name=end.module_name, module_version=end.module_version, vassal_version=end.vassal_version or "3.7.0",
        description=f"{Path(source).name} after its last step ({report.steps}), checked by modgen",
        moduledata=moduledata, extra_commands=[encode(["PLAYER", p.id, p.name, p.side], TAB) for p in end.players])
    names = Names(unit_names(report.game))
    chat = [_head(f"{len(report.findings)} step(s) of {source.name} break a rule", len(report.findings))]
    chat += [_finding_line(sf.finding, names, sf.step) for sf in report.findings]
    text, n = _with_findings(encode_game_text(content), str(out), state, [sf.finding for sf in report.findings], chat)
    write_atomic(out, save_bytes(content, ANNOTATE_KEY, text))
    return n


def _source(state: GameState, out: Path) -> Path:
    """The checked file; refuses an output that is the file itself, and a module without the finding marker."""
    source = Path(state.save_path)
    if out.resolve() == source.resolve():
        raise ModgenError(str(out), "--annotate must name a new file: the checked save is never overwritten")
    if state.game.gpid(FINDING_KIND, FINDING_KIND) not in state.module.slots:
        raise ModgenError(state.module.path, "the module has no finding marker (built before `--annotate` existed): "
                                             "rebuild it with modgen build, refresh the save onto it, then annotate")
    return source


def _with_findings(text: str, where: str, state: GameState, findings: list[Finding], chat: list[str]) -> tuple[str, int]:
    """The restore command `text` with a finding marker per finding with a hex on the map (stacked per hex)
    and the chat lines; the number of markers."""
    gpid = state.game.gpid(FINDING_KIND, FINDING_KIND)
    template = state.module.slots[gpid].piece
    tokens = decode(text, ESC)
    if len(tokens) < 4 or tokens[0] != "begin_save" or tokens[-1] != "end_save":
        raise ModgenError(where, "not a saved game's restore command (begin_save ... end_save)")
    adds = decode(tokens[2], ESC) if tokens[2] else [""]
    at = marked(findings, frozenset(state.game.map.hex_ids()))
    by_hex: dict[str, list[str]] = {}
    for i, (hex_id, f) in enumerate(at):
        _board, x, y = state.game.map.centre(hex_id)
        pid = _piece_id(f"finding/{i}/{hex_id}/{f.rule}/{f.title}")
        adds.append(add_piece_command(pid, finding_piece(template, f, x, y, gpid)))
        by_hex.setdefault(hex_id, []).append(pid)
    layer = f"@@{FINDINGS_LAYER_INDEX}"  # Stack.setState reads the layer index after "@@"
    for hex_id, ids in by_hex.items():
        _board, x, y = state.game.map.centre(hex_id)
        adds.append(add_piece_command(_piece_id(f"stack/{hex_id}"), ("stack", encode([MAIN_MAP, str(x), str(y), *ids, layer], ";"))))
    tokens[2] = encode(adds, ESC)
    tokens[-1:-1] = [CHAT + line for line in chat]
    return encode(tokens, ESC), len(at)
