"""The `modgen` command line: build modules, check saves, diff and refresh after errata.

Every bad input ends in one line on stderr naming the file, line and field (or archive
entry) and exit status 2; never a traceback, and nothing written. Paths are resolved here
and only here: the commands below receive folders and files that exist or may be created.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Sequence

from . import __version__
from .errors import DataError, ModgenError

EXIT_OK, EXIT_FINDINGS, EXIT_BAD_INPUT = 0, 1, 2


# --------------------------------------------------------------------------- paths


def data_root(arg: str | None) -> Path:
    """The folder holding counters/ and maps/: --root, or the current folder."""
    root = Path(arg) if arg else Path.cwd()
    if not ((root / "counters").is_dir() and (root / "maps").is_dir()):
        named = f"--root {arg}" if arg else f"the current folder ({root})"
        raise ModgenError(str(root), f"no game data here: {named} holds no counters/ and maps/ folders; "
                                     "run modgen in a data tree or name one with --root DIR")
    return root


def output_folder(arg: str, option: str) -> Path:
    """A folder to write into: it may be created, but only inside a folder that exists."""
    out = Path(arg)
    if out.exists() and not out.is_dir():
        raise ModgenError(str(out), f"{option} names a file; it must be a folder (modules are written as <game>.vmod in it)")
    if not out.exists() and not out.absolute().parent.is_dir():
        raise ModgenError(str(out), f"{option}: the folder {out.absolute().parent} does not exist; create it first")
    return out


def output_file(arg: str, option: str, suffix: str) -> Path:
    """A file to write: its folder must exist, and its name must say what it holds."""
    out = Path(arg)
    if out.is_dir():
        raise ModgenError(str(out), f"{option} names a folder; it must be a {suffix} file")
    if out.suffix.lower() != suffix:
        raise ModgenError(str(out), f"{option} must name a {suffix} file")
    if not out.absolute().parent.is_dir():
        raise ModgenError(str(out), f"{option}: the folder {out.absolute().parent} does not exist")
    return out


def module_folders(saves: Sequence[str], extra: Sequence[str]) -> list[Path]:
    """Where a save's module is looked for: the saves' folders, the current folder, its build/,
    then the folders given; each once, in that order, those that exist."""
    out: list[Path] = []
    for folder in (*(Path(s).parent for s in saves), Path.cwd(), Path.cwd() / "build", *map(Path, extra)):
        resolved = folder.resolve()
        if resolved.is_dir() and resolved not in out:
            out.append(resolved)
    return out


def wrote(path: Path, what: str = "") -> None:
    """Every command names each file it wrote; on stderr, so stdout stays the report (or JSON)."""
    print(f"wrote {path}" + (f": {what}" if what else ""), file=sys.stderr)


# --------------------------------------------------------------------------- commands


def games_named(root: Path, wanted: Sequence[str]) -> list[str]:
    """The games asked for, or every game of the data tree; a game not there is refused."""
    from .loader import discover_games

    known = discover_games(root)
    if not known:
        raise ModgenError(str(root), "no games found (expected counters/<game>/ and maps/<game>/)")
    unknown = [g for g in wanted if g not in known]
    if unknown:
        raise ModgenError(str(root), f"no game {', '.join(unknown)} here; games: {', '.join(known)}")
    return list(wanted) or known


def cmd_build(args: argparse.Namespace) -> int:
    from .build import build_game, stderr_progress

    root = data_root(args.root)
    out = output_folder(args.out, "--out")
    for game_id in games_named(root, args.games):
        result = build_game(root, game_id, out, None if args.quiet else stderr_progress(game_id), use_cache=not args.no_cache)
        if result.up_to_date:
            print(f"{result.path}: up to date ({result.seconds:.2f} s)")
            continue
        print(f"{result.path}: {result.size / 1e6:.1f} MB, {result.entries} entries, "
              f"{len(result.game.units)} units, {len(result.game.map.hex_ids())} hexes, "
              f"{result.drawn} images drawn, {result.reused} reused, {result.seconds:.2f} s")
        for path in result.written[1:]:
            print(f"{path}: proof-reading picture")
        from .validate import setup_warnings, warnings

        # legal, but likely not meant (modgen validate)
        for w in warnings(root, result.game) + setup_warnings(root, result.game, result.path):
            print(w, file=sys.stderr)
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    """Check saves: findings by rule, VP, supply on request; exit 0 clean, 1 findings, 2 bad input."""
    from .check.report import json_report, text_report
    from .check.run import check_saves

    picture = output_file(args.picture, "--picture", ".png") if args.picture else None
    annotated = output_file(args.annotate, "--annotate", ".vsav") if args.annotate else None
    module = Path(args.module) if args.module else None
    if any(s.lower().endswith(".vlog") for s in args.saves):
        return _check_log(args, module, picture, annotated)
    report = check_saves(args.saves, module, module_folders(args.saves, args.modules))
    if args.pin:
        return _pin(args, report)
    if picture is not None:
        from .check.picture import write_picture

        write_picture(report, picture)
        wrote(picture)
    if annotated is not None:
        from .check.annotate import annotate_save

        n = annotate_save(report, annotated)
        wrote(annotated, f"the last save with {n} finding marker(s) on the map and the report in the chat")
    sys.stdout.write(json_report(report) if args.json else text_report(report, supply=args.supply))
    return EXIT_FINDINGS if report.findings else EXIT_OK


def _pin(args: argparse.Namespace, report) -> int:
    """--pin: each finding shown, pinned into SAVE.expected.json only if the author answers y."""
    from .check.pin import pin

    if len(args.saves) != 1:
        raise ModgenError(args.saves[0], "--pin writes one save's expectation: give one save")
    wrote(pin(report, Path(args.saves[0]), lambda prompt: (sys.stdout.write(prompt), sys.stdout.flush(), sys.stdin.readline())[2],
              sys.stdout, force=args.force))
    return EXIT_OK


def _check_log(args: argparse.Namespace, module: Path | None, picture: Path | None, annotated: Path | None = None) -> int:
    """A turn's log, step by step: exit 0 when no step breaks a rule, 1 otherwise."""
    from .check.logcheck import check_log
    from .check.logreport import log_json, log_text

    if len(args.saves) != 1:
        raise ModgenError(args.saves[0], "check one log at a time (a log holds its own sequence of steps)")
    report = check_log(args.saves[0], module, module_folders(args.saves, args.modules))
    if picture is not None:
        from .check.logpicture import write_log_picture

        write_log_picture(report, picture)
        wrote(picture)
    if annotated is not None:
        from .check.annotate import annotate_log

        n = annotate_log(report, annotated)
        wrote(annotated, f"the log's final position with {n} finding marker(s) on the map and its findings in the chat")
    sys.stdout.write(log_json(report) if args.json else log_text(report))
    return EXIT_FINDINGS if report.findings else EXIT_OK


def cmd_validate(args: argparse.Namespace) -> int:
    """Load each game and print every error in its data (exit 2 if any game has one), then, for a
    game without errors, what is legal but likely a mistake."""
    from .build import build_game
    from .loader import load_game
    from .validate import setup_warnings, warnings

    root = data_root(args.root)
    failed = 0
    for game_id in games_named(root, args.games):
        try:
            game = load_game(root, game_id)
        except DataError as exc:
            for line in exc.lines():
                print(line, file=sys.stderr)
            print(f"{game_id}: {len(exc.lines())} error(s) in the data", file=sys.stderr)
            failed += 1
            continue
        found = warnings(root, game)
        with tempfile.TemporaryDirectory(prefix="modgen-validate-") as folder:  # the set-ups are read as saves
            found += setup_warnings(root, game, build_game(root, game_id, Path(folder), workers=1).path)
        for w in found:
            print(w)
        print(f"{game_id}: data valid, {len(found)} warning(s)")
    return EXIT_BAD_INPUT if failed else EXIT_OK


def cmd_sample(args: argparse.Namespace) -> int:
    """A save from the command line: a scenario's set-up at a moment, with moves."""
    from .sample import SampleSpec, read_position, write_sample

    root = data_root(args.root)
    out = output_file(args.out, "-o", ".vsav")
    spec = SampleSpec(args.scenario or "", args.at or "", tuple(args.move), tuple(args.marker))
    if args.position:
        if not Path(args.position).is_file():
            raise ModgenError(args.position, "--position: no such file")
        spec = read_position(Path(args.position)).plus(spec)  # the command line's moves after the file's
    wrote(write_sample(root, args.game, spec, out))
    return EXIT_OK


def cmd_preview(args: argparse.Namespace) -> int:
    """The map and counter pictures, built now and (--watch) again after each edit of the data."""
    from .preview import preview, watch

    root = data_root(args.root)
    out = output_folder(args.out, "--out")
    games_named(root, [args.game])

    def show(result) -> None:
        for line in result.lines():
            print(line, flush=True)

    if not args.watch:
        result = preview(root, args.game, out)
        show(result)
        return EXIT_BAD_INPUT if result.errors else EXIT_OK
    print(f"watching counters/{args.game}/ and maps/{args.game}/ (Ctrl-C to stop)", flush=True)
    try:
        watch(root, args.game, out, show)
    except KeyboardInterrupt:
        pass
    return EXIT_OK


def cmd_engine(args: argparse.Namespace) -> int:
    """The real VASSAL engine loads the module, its set-ups and the saves given: exit 0 when each
    loads with no problem and every piece stands where modgen reads it, 1 otherwise."""
    from .enginecheck import check_in_engine

    module = Path(args.module)
    if not module.is_file():
        raise ModgenError(args.module, "no such module (.vmod): build it first (modgen build)")
    for save in args.saves:
        if not Path(save).is_file():
            raise ModgenError(save, "no such save")
    runs = check_in_engine(module, [Path(s) for s in args.saves], workers=args.jobs)
    for run in runs:
        print("\n".join(run.lines()))
    bad = [r for r in runs if not r.ok]
    print(f"{len(runs) - len(bad)} of {len(runs)} engine run(s) clean")
    return EXIT_FINDINGS if bad else EXIT_OK


def cmd_new(args: argparse.Namespace) -> int:
    """A new game's files, ready to build: an empty map, two sides, one unit each."""
    from .scaffold import Shape, new_game, parse_size

    root = Path(args.root) if args.root else Path.cwd()
    if not root.is_dir():
        raise ModgenError(str(root), "--root must be a folder that exists")
    columns, rows = parse_size(args.size)
    for path in new_game(root, args.game, Shape(args.hexes, columns, rows, args.numbering)):
        wrote(path)
    print(f"next: modgen build {args.game}" + (f" --root {args.root}" if args.root else "")
          + "; then edit the files (docs/data-format.md) and build again")
    return EXIT_OK


def cmd_check_samples(args: argparse.Namespace) -> int:
    """Every save under samples/ against its module: clean, or exactly its pinned findings."""
    from .check.run import check_samples

    samples = Path(args.samples) if args.samples else data_root(args.root) / "samples"
    outcomes = check_samples(samples, module_folders([], args.modules))
    if not outcomes:
        raise ModgenError(str(samples), "no sample saves (*.vsav) found")
    for o in outcomes:
        print(f"{'ok  ' if o.ok else 'FAIL'} {o.path}: {o.message}")
    return EXIT_OK if all(o.ok for o in outcomes) else EXIT_FINDINGS


def cmd_diff(args: argparse.Namespace) -> int:
    """What errata changed between two modules (or data trees); exit 0 identical, 1 different, 2 unreadable."""
    from .errata.changelog import is_identical, json_report, text_report
    from .errata.diff import diff_paths

    d = diff_paths(args.old, args.new, args.game)
    sys.stdout.write(json_report(d) if args.json else text_report(d))
    return EXIT_OK if is_identical(d) else EXIT_FINDINGS


def cmd_refresh(args: argparse.Namespace) -> int:
    """A save carried over to a rebuilt module; exit 0, 1 when some pieces are not in the new module, 2 bad input."""
    from .errata.refresh import refresh_save, text_report

    out = output_file(args.out, "-o", Path(args.save).suffix.lower() or ".vsav")
    if out.absolute() == Path(args.save).absolute():
        raise ModgenError(str(out), "-o names the input save; refresh never overwrites it")
    result = refresh_save(Path(args.save), Path(args.module), out, Path(args.old_module) if args.old_module else None)
    if args.json:
        sys.stdout.write(result.to_json())
    else:
        text, notes = text_report(result)
        sys.stdout.write(text)
        sys.stderr.write(notes)  # the summary line names the file written; the JSON has it as "out"
    return EXIT_FINDINGS if result.missing else EXIT_OK


# --------------------------------------------------------------------------- parser


def _games_epilog(argv: Sequence[str]) -> str:
    """`build --help` lists the games of the data root the command line names (or the current folder)."""
    from .loader import discover_games

    root = Path.cwd()
    for i, a in enumerate(argv):
        if a == "--root" and i + 1 < len(argv):
            root = Path(argv[i + 1])
        elif a.startswith("--root="):
            root = Path(a.split("=", 1)[1])
    games = discover_games(root) if (root / "counters").is_dir() and (root / "maps").is_dir() else []
    if not games:
        return f"No games found in {root} (a data root holds counters/<game>/ and maps/<game>/)."
    return f"Games found in {root}: {', '.join(games)}."


def parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="modgen", description="Compile hex-and-counter game data into VASSAL modules, and check saved games.")
    p.add_argument("--version", action="version", version=f"modgen {__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build game modules into build/", description="Build VASSAL modules (.vmod) from game data.",
                       epilog=_games_epilog(argv) if "build" in argv and ("-h" in argv or "--help" in argv) else None)
    b.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game under counters/ and maps/)")
    b.add_argument("--out", default="build", metavar="DIR", help="output folder (default: build)")
    b.add_argument("--root", default=None, metavar="DIR", help="data root holding counters/ and maps/ (default: the current folder)")
    b.add_argument("--quiet", action="store_true", help="no progress lines")
    b.add_argument("--no-cache", action="store_true", help="draw everything again (the output is the same bytes)")
    b.set_defaults(func=cmd_build)
    c = sub.add_parser("check", help="check saved games (.vsav) against the rules",
                       description="Check PBEM saves: legality by rule and VP (supply of every unit with --supply). "
                                   "Several saves of one game, in play order, carry town holders and VP forward. "
                                   "Only the module is needed: it carries the game description. "
                                   "Exit 0 clean, 1 findings, 2 unreadable or foreign input.")
    c.add_argument("saves", nargs="+", metavar="SAVE", help="saved games in play order")
    c.add_argument("--module", default=None, metavar="VMOD",
                   help="the module (.vmod); default: the one whose name and version match the save, looked for in "
                        "the save's folder, the current folder, ./build and --modules")
    c.add_argument("--modules", "--build", action="append", default=[], metavar="DIR", help="also look for the module here (repeatable)")
    c.add_argument("--json", action="store_true", help="JSON instead of text")
    c.add_argument("--supply", action="store_true", help="also list every unit's supply state")
    c.add_argument("--picture", default=None, metavar="FILE.png", help="also draw the map with findings and supply")
    c.add_argument("--annotate", default=None, metavar="OUT.vsav",
                   help="also write a copy of the (last) save, or a save of a log's final position, with a marker on each "
                        "finding's hex and the report in the chat")
    c.add_argument("--pin", action="store_true", help="write SAVE.expected.json (docs/samples.md) of the findings you confirm, "
                                                     "one by one (answer y on standard input)")
    c.add_argument("--force", action="store_true", help="with --pin: replace an existing SAVE.expected.json")
    c.set_defaults(func=cmd_check)
    m = sub.add_parser("sample", help="write a save from the command line (sample saves, bug reports)",
                       description="A scenario's set-up as a save, moved to a moment of the game (--at) and changed by "
                                   "moves (--move, --marker), or all of these from a position file (--position), written with the module's piece definitions: modgen check "
                                   "and VASSAL read it as a player's save. The module is the one built from the same data.")
    m.add_argument("game", metavar="GAME")
    m.add_argument("--scenario", default=None, metavar="ID", help="the scenario whose set-up it starts from")
    m.add_argument("--position", default=None, metavar="FILE.yaml",
                   help="scenario, moment, moves and markers from a YAML file (docs/samples.md); the options add to it")
    m.add_argument("--at", default=None, metavar="TURN,SIDE,PHASE", help="the moment: e.g. 3,russian,Movement")
    m.add_argument("--move", action="append", default=[], metavar="UNIT=HEX", help="put a unit on a hex (repeatable)")
    m.add_argument("--marker", action="append", default=[], metavar="MARKER=HEX", help="put a marker on a hex (repeatable)")
    m.add_argument("-o", "--out", required=True, metavar="OUT.vsav")
    _root_option(m)
    m.set_defaults(func=cmd_sample)
    v = sub.add_parser("validate", help="check a game's data: every error, then what is legal but likely a mistake",
                       description="Load each game as build does and list every error in its data (one line each, exit 2), "
                                   "then, for a game without errors, warnings: units "
                                   "no scenario sets up or brings in, set-up hexes over the stacking limit, ids with capitals.")
    v.add_argument("games", nargs="*", metavar="GAME", help="games to check (default: all)")
    _root_option(v)
    v.set_defaults(func=cmd_validate)
    pv = sub.add_parser("preview", help="draw a game's map and counter pictures; --watch: again after each edit",
                        description="Build GAME (module and proof-reading pictures, from the cache: one edit redraws only "
                                    "what it touched) and name the pictures; with --watch, again whenever a file under "
                                    "counters/GAME/ or maps/GAME/ changes, printing every error in the data instead of stopping.")
    pv.add_argument("game", metavar="GAME")
    pv.add_argument("--watch", action="store_true", help="rebuild after each edit until Ctrl-C")
    pv.add_argument("--out", default="build", metavar="DIR", help="where the pictures go (default: build)")
    _root_option(pv)
    pv.set_defaults(func=cmd_preview)
    e = sub.add_parser("engine", help="load a module, its set-ups and saves in the real VASSAL engine",
                       description="The real VASSAL engine (make engine installs it) loads the module, each scenario's "
                                   "set-up and each save given; each run is ok when the engine reports no error, no "
                                   "warning and no missing image, and places every piece where modgen reads it. "
                                   "Exit 0 all clean, 1 otherwise, 2 bad input or no engine.")
    e.add_argument("module", metavar="MODULE.vmod")
    e.add_argument("saves", nargs="*", metavar="SAVE.vsav")
    e.add_argument("-j", "--jobs", type=int, default=2, metavar="N", help="engine runs at once (default 2)")
    e.set_defaults(func=cmd_engine)
    n = sub.add_parser("new", help="write a new game's data files, ready to build",
                       description="Write counters/GAME/ and maps/GAME/: every required file, with comments, for a map "
                                   "of the size asked for, two sides with one unit each, a turn marker. It builds at once.")
    n.add_argument("game", metavar="GAME", help="the game id: a lower-case word naming its folders")
    n.add_argument("--root", default=None, metavar="DIR", help="the data tree to write into (default: the current folder)")
    n.add_argument("--hexes", choices=("columns", "rows"), default="columns", help="flat-top hexes in columns (default) or pointy-top in rows")
    n.add_argument("--size", default="14x10", metavar="COLSxROWS", help="hexes across and down (default 14x10)")
    n.add_argument("--numbering", choices=("0101", "7.09"), default="0101", help="hex IDs: 0101 (column, row) or 7.09 (line.position)")
    n.set_defaults(func=cmd_new)
    s = sub.add_parser("check-samples", help="check the sample saves under samples/ against their modules",
                       description="Check every samples/**/*.vsav: clean, or exactly the findings pinned in <name>.expected.json.")
    s.add_argument("--samples", default=None, metavar="DIR", help="samples folder (default: samples/ of the data root)")
    s.add_argument("--modules", "--build", action="append", default=[], metavar="DIR", help="also look for modules here (default: ./build)")
    s.add_argument("--root", default=None, metavar="DIR", help="data root holding samples/ (default: the current folder)")
    s.set_defaults(func=cmd_check_samples)
    e = sub.add_parser("diff", help="what errata changed between two modules (or data trees)",
                       description="A changelog of two modules (.vmod) of one game, or of two data trees (directories holding "
                                   "counters/ and maps/): version, counters (matched by gpid), hex terrain, set-up and "
                                   "reinforcements, charts, boards. Exit 0 identical, 1 different, 2 unreadable input or two games.")
    e.add_argument("old", metavar="OLD", help="the module (or data tree) before the errata")
    e.add_argument("new", metavar="NEW", help="the module (or data tree) after the errata")
    e.add_argument("--game", default=None, metavar="ID", help="game id, when comparing data trees holding several games")
    e.add_argument("--json", action="store_true", help="JSON instead of text")
    e.set_defaults(func=cmd_diff)
    r = sub.add_parser("refresh", help="carry a saved game over to a rebuilt module (offline Refresh Counters)",
                       description="Rewrite a save so every piece uses the new module's definitions, keeping its position, "
                                   "stack, side, mask, labels and properties. Pieces missing from the new module are kept "
                                   "and listed. Exit 0, 1 when pieces are missing from the new module, 2 bad input.")
    r.add_argument("save", metavar="SAVE", help="the saved game (.vsav); never overwritten")
    r.add_argument("--module", required=True, metavar="NEW.vmod", help="the rebuilt module")
    r.add_argument("--old-module", default=None, metavar="OLD.vmod",
                   help="the module the save was written with: when the new module's hexes, margins or boxes changed "
                        "size, every piece goes to the same hex or box (a save off the new grid is refused without it)")
    r.add_argument("-o", "--out", required=True, metavar="OUT.vsav", help="where to write the refreshed save (its folder must exist)")
    r.add_argument("--json", action="store_true", help="JSON report on stdout instead of the summary line")
    r.set_defaults(func=cmd_refresh)
    return p


def _root_option(p: argparse.ArgumentParser, help: str = "data tree (default: the current folder)") -> None:
    p.add_argument("--root", default=None, metavar="DIR", help=help)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parser(argv).parse_args(argv)
    try:
        return args.func(args)
    except DataError as exc:  # every error in the data, one line each, then how many
        lines = exc.lines()
        for line in lines:
            print(f"modgen: {line}", file=sys.stderr)
        if len(lines) > 1:
            print(f"modgen: {len(lines)} errors in the data", file=sys.stderr)
        return EXIT_BAD_INPUT
    except ModgenError as exc:
        print(f"modgen: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
