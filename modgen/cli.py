"""The `modgen` command line: build modules (and, as they land, check and diff saves).

Every bad input ends in one line on stderr naming the file, line and field (or archive
entry) and exit status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .errors import ModgenError

EXIT_OK, EXIT_FINDINGS, EXIT_BAD_INPUT = 0, 1, 2


def project_root() -> Path:
    """The data root: the current directory if it holds game data, else the checkout."""
    cwd = Path.cwd()
    if (cwd / "counters").is_dir() and (cwd / "maps").is_dir():
        return cwd
    return Path(__file__).resolve().parents[1]


def cmd_build(args: argparse.Namespace) -> int:
    from .build import build_game, stderr_progress
    from .loader import discover_games

    root = Path(args.root) if args.root else project_root()
    games = args.games or discover_games(root)
    if not games:
        raise ModgenError(str(root), "no games found (expected counters/<game>/ and maps/<game>/)")
    out = Path(args.out)
    for game_id in games:
        result = build_game(root, game_id, out, None if args.quiet else stderr_progress(game_id), use_cache=not args.no_cache)
        if result.up_to_date:
            print(f"{result.path}: up to date ({result.seconds:.2f} s)")
            continue
        print(f"{result.path}: {result.size / 1e6:.1f} MB, {result.entries} entries, "
              f"{len(result.game.units)} units, {len(result.game.map.hex_ids())} hexes, "
              f"{result.drawn} images drawn, {result.reused} reused, {result.seconds:.2f} s")
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    """Check saves: findings by rule, supply of every unit, VP; exit 0 clean, 1 findings, 2 bad input."""
    from .check.run import check_saves
    from .check.report import json_report, text_report

    root = Path(args.root) if args.root else project_root()
    report = check_saves(args.saves, Path(args.module) if args.module else None, Path(args.build), root)
    if args.picture:
        from .check.picture import write_picture

        write_picture(report, Path(args.picture))
    sys.stdout.write(json_report(report) if args.json else text_report(report))
    return EXIT_FINDINGS if report.findings else EXIT_OK


def cmd_check_samples(args: argparse.Namespace) -> int:
    """Every save under samples/ against its module in build/: clean, or exactly its pinned findings."""
    from .check.run import check_samples

    root = Path(args.root) if args.root else project_root()
    samples = Path(args.samples) if args.samples else root / "samples"
    outcomes = check_samples(samples, Path(args.build), root)
    if not outcomes:
        raise ModgenError(str(samples), "no sample saves (*.vsav) found")
    for o in outcomes:
        print(f"{'ok  ' if o.ok else 'FAIL'} {o.path}: {o.message}")
    return EXIT_OK if all(o.ok for o in outcomes) else EXIT_FINDINGS


def cmd_diff(args: argparse.Namespace) -> int:
    """What errata changed between two modules (or data trees); exit 0 identical, 1 different, 2 unreadable."""
    from .errata.diff import diff_paths, is_identical, json_report, text_report

    d = diff_paths(args.old, args.new, args.game)
    sys.stdout.write(json_report(d) if args.json else text_report(d))
    return EXIT_OK if is_identical(d) else EXIT_FINDINGS


def cmd_refresh(args: argparse.Namespace) -> int:
    """A save carried over to a rebuilt module; exit 0, 1 when some pieces are not in the new module, 2 bad input."""
    from .errata.refresh import refresh_save, text_report

    result = refresh_save(Path(args.save), Path(args.module), Path(args.out))
    if args.json:
        sys.stdout.write(result.to_json())
    else:
        out, err = text_report(result)
        sys.stdout.write(out)
        sys.stderr.write(err)
    return EXIT_FINDINGS if result.missing else EXIT_OK


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="modgen", description="Compile hex-and-counter game data into VASSAL modules, and check saved games.")
    sub = p.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build game modules into build/", description="Build VASSAL modules (.vmod) from game data.")
    b.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game under counters/ and maps/)")
    b.add_argument("--out", default="build", help="output folder (default: build)")
    b.add_argument("--root", default=None, help="data root holding counters/ and maps/ (default: this checkout)")
    b.add_argument("--quiet", action="store_true", help="no progress lines")
    b.add_argument("--no-cache", action="store_true", help="draw everything again (the output is the same bytes)")
    b.set_defaults(func=cmd_build)
    c = sub.add_parser("check", help="check saved games (.vsav) against the rules",
                       description="Check PBEM saves: legality by rule, supply of every unit, VP. "
                                   "Several saves of one game, in play order, carry town holders and VP forward. "
                                   "Exit 0 clean, 1 findings, 2 unreadable or foreign input.")
    c.add_argument("saves", nargs="+", metavar="SAVE", help="saved games in play order")
    c.add_argument("--module", default=None, help="the module (.vmod); default: the one in --build whose name and version match the save")
    c.add_argument("--build", default="build", help="folder with built modules (default: build)")
    c.add_argument("--root", default=None, help="data root holding counters/ and maps/ (default: this checkout)")
    c.add_argument("--json", action="store_true", help="JSON instead of text")
    c.add_argument("--picture", default=None, metavar="FILE.png", help="also draw the map with findings and supply")
    c.set_defaults(func=cmd_check)
    s = sub.add_parser("check-samples", help="check the sample saves under samples/ against build/",
                       description="Check every samples/**/*.vsav: clean, or exactly the findings pinned in <name>.expected.json.")
    s.add_argument("--samples", default=None, help="samples folder (default: samples/ of the data root)")
    s.add_argument("--build", default="build", help="folder with built modules (default: build)")
    s.add_argument("--root", default=None, help="data root holding counters/ and maps/ (default: this checkout)")
    s.set_defaults(func=cmd_check_samples)
    e = sub.add_parser("diff", help="what errata changed between two modules (or data trees)",
                       description="A changelog of two modules (.vmod), or of two data trees (directories holding counters/ "
                                   "and maps/): version, counters (matched by gpid), hex terrain, set-up and reinforcements, "
                                   "charts, boards. Exit 0 identical, 1 different, 2 unreadable input.")
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
    r.add_argument("-o", "--out", required=True, metavar="OUT.vsav", help="where to write the refreshed save")
    r.add_argument("--json", action="store_true", help="JSON report on stdout instead of the summary line")
    r.set_defaults(func=cmd_refresh)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.func(args)
    except ModgenError as exc:
        print(f"modgen: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
