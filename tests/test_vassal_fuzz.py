"""Seeded mutations of the real fixture saves: read_game returns or raises ModgenError, nothing else."""

import io
import random
import time
import zipfile

from modgen.errors import ModgenError
from modgen.vassal.obfuscation import deobfuscate, obfuscate
from modgen.vassal.savefile import read_game

from .conftest import FIXTURES as FIX
SOURCES = ["kitchen_start.vsav", "kitchen_moves.vlog", "tiny_placed.vsav"]
TOKENS = ["\x1b", "\\", "\t", "/", ";", "'", "+/", "M/", "D/", "-/", "stack", "null", "@@1", "LOG\t", "UNDO\t", "9" * 12]


def _mutate_text(rng: random.Random, text: str) -> str:
    for _ in range(rng.randint(1, 6)):
        i = rng.randrange(len(text) + 1)
        op = rng.random()
        if op < 0.4:
            text = text[:i] + rng.choice(TOKENS) + text[i:]
        elif op < 0.7:
            text = text[:i] + text[i + rng.randint(1, 40):]
        elif op < 0.85:
            j = rng.randrange(len(text) + 1)
            text = text[:i] + text[j:j + rng.randint(1, 200)] + text[i:]
        else:
            text = text[:i] + chr(rng.randint(0, 0x2FF)) + text[i + 1:]
    return text


def _mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if not b:
            break
        i = rng.randrange(len(b))
        r = rng.random()
        if r < 0.6:
            b[i] = rng.randrange(256)
        elif r < 0.8:
            del b[i:i + rng.randint(1, 50)]
        else:
            b[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    return bytes(b)


def _zip(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for k, v in entries.items():
            z.writestr(k, v)
    return buf.getvalue()


def test_mutated_saves_only_raise_modgen_errors(tmp_path):
    rng = random.Random(20240601)
    originals = {}
    for name in SOURCES:
        z = zipfile.ZipFile(FIX / name)
        originals[name] = {n: z.read(n) for n in z.namelist()}
    deadline = time.monotonic() + 4.0
    target = tmp_path / "m.vsav"
    runs = outcomes = 0
    while time.monotonic() < deadline:
        name = rng.choice(SOURCES)
        entries = dict(originals[name])
        mode = rng.random()
        if mode < 0.6:
            text = _mutate_text(rng, deobfuscate(entries["savedGame"]))
            entries["savedGame"] = obfuscate(text, 0x33) if rng.random() < 0.5 else text.encode("utf-8", "surrogatepass")
            data = _zip(entries)
        elif mode < 0.8:
            entries["savedGame"] = _mutate_bytes(rng, entries["savedGame"])
            if rng.random() < 0.3:
                entries["savedata"] = _mutate_bytes(rng, entries.get("savedata", b""))
            data = _zip(entries)
        else:
            data = _mutate_bytes(rng, (FIX / name).read_bytes())
        target.write_bytes(data)
        try:
            read_game(target)
            outcomes += 1
        except ModgenError as exc:
            assert str(exc) and "\n" not in exc.message
        runs += 1
    assert runs > 50 and outcomes > 0
