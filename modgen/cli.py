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
        result = build_game(root, game_id, out, None if args.quiet else stderr_progress(game_id))
        print(f"{result.path}: {result.size / 1e6:.1f} MB, {result.entries} entries, "
              f"{len(result.game.units)} units, {len(result.game.map.hex_ids())} hexes, {result.seconds:.1f} s")
    return EXIT_OK


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="modgen", description="Compile hex-and-counter game data into VASSAL modules, and check saved games.")
    sub = p.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build game modules into build/", description="Build VASSAL modules (.vmod) from game data.")
    b.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game under counters/ and maps/)")
    b.add_argument("--out", default="build", help="output folder (default: build)")
    b.add_argument("--root", default=None, help="data root holding counters/ and maps/ (default: this checkout)")
    b.add_argument("--quiet", action="store_true", help="no progress lines")
    b.set_defaults(func=cmd_build)
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
