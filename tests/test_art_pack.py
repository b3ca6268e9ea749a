"""The art cache's pack (modgen.vmod.cache.ArtCache): an erratum's new images are appended; a pack
mostly unused is written anew with only what the build used; a damaged one is a cold cache."""

from __future__ import annotations

import zipfile
from pathlib import Path

from modgen.vmod.cache import ArtCache


def _build(folder: Path, images: dict[str, bytes]) -> ArtCache:
    """One build's use of the cache: each image found or put."""
    cache = ArtCache(folder, "g")
    for key, data in images.items():
        if cache.get(key) is None:
            cache.put(key, data)
    cache.save()
    return cache


def _keys(folder: Path) -> set[str]:
    with zipfile.ZipFile(folder / "g.pack") as z:
        assert z.testzip() is None
        return set(z.namelist())


def test_an_erratum_appends_its_images_and_the_rest_stays(tmp_path: Path) -> None:
    images = {f"k{i:03d}": bytes([i]) * 100 for i in range(100)}
    _build(tmp_path, images)
    before = (tmp_path / "g.pack").read_bytes()
    del images["k007"]  # an erratum: one image no longer used, one new
    images["new"] = b"an erratum's image"
    second = _build(tmp_path, images)
    assert second.hits == 99 and second.misses == 1
    after = (tmp_path / "g.pack").read_bytes()
    entries_end = before.index(b"PK\x01\x02")  # where the old pack's central directory began
    assert after[:entries_end] == before[:entries_end]  # its entries were not written again
    assert _keys(tmp_path) == set(images) | {"k007"}  # k007 unused, kept until the pack is half unused
    third = ArtCache(tmp_path, "g")
    assert all(third.get(k) == v for k, v in images.items())


def test_a_pack_more_than_half_unused_is_written_anew(tmp_path: Path) -> None:
    _build(tmp_path, {f"old{i}": b"x" for i in range(10)})
    _build(tmp_path, {**{f"old{i}": b"x" for i in range(4)}, "new": b"y"})  # 6 of 10 unused
    assert _keys(tmp_path) == {"old0", "old1", "old2", "old3", "new"}


def test_a_damaged_pack_is_a_cold_cache(tmp_path: Path) -> None:
    _build(tmp_path, {"a": b"1", "b": b"2"})
    pack = tmp_path / "g.pack"
    pack.write_bytes(pack.read_bytes()[:-30])  # an append cut short
    cache = _build(tmp_path, {"a": b"1", "b": b"2"})
    assert cache.hits == 0 and cache.misses == 2 and _keys(tmp_path) == {"a", "b"}


def test_an_image_whose_bytes_do_not_match_their_crc_is_drawn_again(tmp_path: Path) -> None:
    _build(tmp_path, {"a": b"first image bytes", "b": b"second image bytes"})
    pack = tmp_path / "g.pack"
    pack.write_bytes(pack.read_bytes().replace(b"second image", b"SECOND image"))  # a flipped byte in b
    cache = ArtCache(tmp_path, "g")
    assert cache.get("a") == b"first image bytes" and cache.get("b") is None
