"""The ESC command tree of a savedGame stream (GameModule.encode/decode).

GameModule.decode splits a string on unescaped ESC; a string that splits into exactly
itself is a leaf command, anything else is decoded token by token, recursively. The
save stream is therefore a tree (the pieces block is one nested level, a log's LOG
entries nest their sub-commands). Readers only need the leaves in order; writers need
the nesting so that escapes match the engine's byte for byte.
"""

from __future__ import annotations

from typing import Iterator, Sequence, Union

from modgen.vassal.sequence import ESC, decode, encode

# A command tree as the encoder sees it: a leaf string, or (own text, sub-commands).
Node = Union[str, tuple[str, Sequence["Node"]]]

MAX_DEPTH = 200


def iter_leaves(text: str, max_depth: int = MAX_DEPTH) -> Iterator[tuple[str, int]]:
    """Yield (leaf command, depth) in stream order, like GameModule.decode then execute.

    Iterative (no Python recursion), and bounded: nesting deeper than max_depth raises
    ValueError so a crafted stream cannot exhaust the stack or run for ever.
    """
    stack: list[tuple[Iterator[str], int]] = [(iter([text]), 0)]
    while stack:
        it, depth = stack[-1]
        token = next(it, None)
        if token is None:
            stack.pop()
            continue
        tokens = decode(token, ESC)
        if len(tokens) == 1 and tokens[0] == token:
            yield token, depth
            continue
        if depth >= max_depth:
            raise ValueError(f"commands nested deeper than {max_depth} levels")
        stack.append((iter(tokens), depth + 1))


def leaves(text: str) -> list[str]:
    """All leaf commands in order (empty leaves are NullCommands and are kept)."""
    return [leaf for leaf, _ in iter_leaves(text)]


def encode_tree(node: Node) -> str:
    """GameModule.encode: a command's own text followed by its sub-commands, ESC-joined."""
    if isinstance(node, str):
        return node
    own, subs = node
    return encode([own] + [encode_tree(s) for s in subs], ESC)
