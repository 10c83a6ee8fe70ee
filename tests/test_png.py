"""The PNG encoder with its band cache (render.common.png): valid files, same bytes hit or miss."""

from __future__ import annotations

import io
import random
import zlib

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from render.common import png as P


def _palette_image(w: int, h: int, seed: int) -> Image.Image:
    rng = random.Random(seed)
    img = Image.new("P", (w, h), 0)
    img.putpalette([rng.randrange(256) for _ in range(768)])
    for _ in range(20):
        x0, y0 = rng.randrange(w), rng.randrange(h)
        img.paste(rng.randrange(256), (x0, y0, min(w, x0 + 40), min(h, y0 + 9)))
    return img


def _decoded(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def test_png_decodes_to_the_same_pixels_and_palette() -> None:
    img = _palette_image(300, 75, 1)  # 75 rows: the last band is short
    out = _decoded(P.png_bytes(img))
    assert out.mode == "P" and out.size == img.size
    assert out.tobytes() == img.tobytes()
    assert out.getpalette()[:30] == img.getpalette()[:30]


def test_cached_bands_give_the_same_bytes_as_a_cold_cache() -> None:
    a = _palette_image(200, 100, 2)
    b = a.copy()
    b.paste(7, (10, 40, 50, 45))  # one band differs
    P.clear_cache()
    cold_b = P.png_bytes(b)
    P.clear_cache()
    P.png_bytes(a)
    before = P.cache_info()
    warm_b = P.png_bytes(b)
    after = P.cache_info()
    assert warm_b == cold_b
    assert after["misses"] - before["misses"] == 1  # only the changed band was deflated
    assert after["hits"] - before["hits"] == -(-100 // P.BAND_ROWS) - 1
    assert _decoded(warm_b).tobytes() == b.tobytes()


def test_a_full_hit_deflates_nothing_and_is_byte_identical() -> None:
    img = _palette_image(120, 64, 3)
    first = P.png_bytes(img)
    before = P.cache_info()["misses"]
    assert P.png_bytes(img.copy()) == first
    assert P.cache_info()["misses"] == before


def test_same_pixels_with_another_palette_keep_their_palette() -> None:
    a = _palette_image(64, 20, 4)
    b = a.copy()
    b.putpalette([255 - v for v in a.getpalette()])
    assert _decoded(P.png_bytes(b)).getpalette()[:9] == b.getpalette()[:9]


def test_the_cache_stays_within_its_byte_budget() -> None:
    cache = P._BandCache(max_bytes=5_000)
    for i in range(100):
        cache.put((1, i, 1, i, i), (bytes(400), 1))
    info = cache.info()
    assert info["bytes"] <= 5_000
    assert cache.get((1, 99, 1, 99, 99)) is not None  # newest kept
    assert cache.get((1, 0, 1, 0, 0)) is None  # oldest dropped


@settings(max_examples=200)
@given(st.binary(max_size=300), st.binary(max_size=300))
def test_adler32_combine_matches_zlib(a: bytes, b: bytes) -> None:
    assert P.adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)
