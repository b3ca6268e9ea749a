"""Helpers the map-authoring scripts share: segment crossings (rivers over hexsides) and
straightening a railway drawn through station hexes."""

from __future__ import annotations

from typing import Callable, Iterable


def straighten(chain: list[str], pinned: set[str], neighbours: Callable[[str], Iterable[str]]) -> list[str]:
    """Drop out-and-back steps (a, b, a) and needless zig-zags (a hex whose neighbours on the
    chain touch each other), never a pinned (station) hex. Edits chain in place and returns it."""
    changed = True
    while changed:
        changed = False
        for i in range(1, len(chain) - 1):
            a, b, c = chain[i - 1], chain[i], chain[i + 1]
            if a == c:
                del chain[i:i + 2]
                changed = True
                break
            if b not in pinned and c in neighbours(a):
                del chain[i]
                changed = True
                break
    return chain


def _cross(o, a, b) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def seg_intersect(p1, p2, q1, q2) -> bool:
    """The segments p1-p2 and q1-q2 cross (touching does not count)."""
    d1, d2 = _cross(q1, q2, p1), _cross(q1, q2, p2)
    d3, d4 = _cross(p1, p2, q1), _cross(p1, p2, q2)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


def solve3(rows: list[list[float]], rhs: list[float]) -> list[float]:
    """Least squares for three unknowns (normal equations, Cramer's rule): the affine fits of the
    map grids to the rulebooks' named hexes."""
    ata = [[sum(r[i] * r[j] for r in rows) for j in range(3)] for i in range(3)]
    atb = [sum(r[i] * b for r, b in zip(rows, rhs)) for i in range(3)]

    def det(m: list[list[float]]) -> float:
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))

    d = det(ata)
    out = []
    for k in range(3):
        m = [row[:] for row in ata]
        for i in range(3):
            m[i][k] = atb[i]
        out.append(det(m) / d)
    return out
