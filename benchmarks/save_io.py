"""Time writing and reading a 2000-piece save (targets: write < 0.1 s, read < 0.2 s).

Run: python3 benchmarks/save_io.py [N]. Uses the kitchen unit definition from the
fixtures, so every piece has the real 9-trait chain (about 2 KB of type+state each).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from modgen.vassal.pieces import BasicState  # noqa: E402
from modgen.vassal.savefile import BoardPick, SaveContent, StackSpec, read_game, write_game  # noqa: E402

FIX = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "vassal-3.8"


def build(n: int) -> SaveContent:
    proto = read_game(FIX / "kitchen_start.vsav").pieces[0].piece
    pieces, stacks = [], []
    for i in range(n):
        pid = str(1700000000000 + 2 * i)
        bs = BasicState("Main Map", 42 + (i % 19) * 62, 36 + (i // 19 % 12) * 72, "10", {"UniqueID": pid})
        pieces.append((pid, proto.with_basic_state(bs)))
    by_point: dict[tuple[int, int], list[str]] = {}
    for pid, p in pieces:
        bs = p.basic_state
        by_point.setdefault((bs.x, bs.y), []).append(pid)
    for k, ids in enumerate(by_point.values()):
        stacks.append(StackSpec(str(1800000000000 + k), ids))
    return SaveContent(pieces=pieces, stacks=stacks, boards={"Main Map": [BoardPick("Galicia")]},
                       turns={"TurnTracker0": "0|1;0;true;12;0\\;0\\;0\\;true,true"},
                       module_name="KitchenSink", module_version="1.2")


def best(fn, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    content = build(n)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.vsav"
        tw = best(lambda: write_game(path, content))
        tr = best(lambda: read_game(path))
        game = read_game(path)
        assert len(game.pieces) == n
        print(f"pieces={n} file={path.stat().st_size} bytes  write={tw * 1000:.1f} ms  read={tr * 1000:.1f} ms "
              f"(best of 5; targets 100 / 200 ms)")


if __name__ == "__main__":
    main()
