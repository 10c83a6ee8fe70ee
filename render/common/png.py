"""PNG encoding of palette images that reuses the compressed bytes of unchanged row bands.

Deflate and checksums come from ISA-L (the ``isal`` package): its level 1 deflates a board about
three times as fast as zlib's level 1, into fewer bytes, and its CRC-32 / Adler-32 run at
several GB/s. Two boards of one game a move apart differ in a few places (a panel, a piece, a
gondola), so even that is mostly saved: the rows are cut into bands of
:data:`BAND_ROWS`; each band is deflated on its own and ends on a full flush (no back-reference
crosses it), which makes its compressed bytes valid wherever the band appears. They are kept
in a size-bounded LRU keyed by the band's place and two checksums of its pixels (CRC-32 and
Adler-32: 64 bits), and a band seen before costs only those checksums. The zlib stream's own
Adler-32 is combined from the cached per-band sums, so a full hit deflates nothing at all.

No row filters (best for palette images), ISA-L level :data:`DEFLATE_LEVEL`.
The bytes depend only on the pixels and the palette, never on what the cache holds.
"""

from __future__ import annotations

import struct
import threading
from collections import OrderedDict
from typing import Final

from isal import isal_zlib
from PIL import Image

__all__ = ["BAND_ROWS", "cache_info", "clear_cache", "encode_png", "png_bytes"]

#: Rows per independently deflated band: finer bands are reused more often, coarser ones
#: compress a little better (16 rows: ~3% larger than one stream for the board).
BAND_ROWS: Final = 16
#: ISA-L's levels are 0-3; 1 is its fast one (zlib level 1's speed x3, ~2% smaller output).
DEFLATE_LEVEL: Final = 1
#: Compressed bytes the band cache keeps at most (the boards of a few hundred live games).
CACHE_BYTES: Final = 48 * 1024 * 1024

_ADLER_BASE: Final = 65521
_FINAL_EMPTY_BLOCK: Final = b"\x03\x00"  # a final, empty fixed-Huffman block: ends the stream
_ZLIB_HEADER: Final = b"\x78\x01"

_Key = tuple[int, int, int, int, int]  # width, first row, rows, crc32, adler32 of the pixels


class _BandCache:
    """Thread-safe LRU of compressed bands, bounded by their total size in bytes."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._entries: OrderedDict[_Key, tuple[bytes, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: _Key) -> tuple[bytes, int] | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return entry

    def put(self, key: _Key, entry: tuple[bytes, int]) -> None:
        size = len(entry[0]) + 100  # the key and the tuples cost about that much
        if size > self.max_bytes:
            return
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._bytes -= len(old[0]) + 100
            self._entries[key] = entry
            self._bytes += size
            while self._bytes > self.max_bytes:
                _, dropped = self._entries.popitem(last=False)
                self._bytes -= len(dropped[0]) + 100

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._bytes = 0
            self.hits = self.misses = 0

    def info(self) -> dict[str, int]:
        with self._lock:
            return {
                "entries": len(self._entries),
                "bytes": self._bytes,
                "hits": self.hits,
                "misses": self.misses,
            }


_CACHE = _BandCache(CACHE_BYTES)


def cache_info() -> dict[str, int]:
    """Entries, bytes, hits and misses of the band cache (for benchmarks and tests)."""
    return _CACHE.info()


def clear_cache() -> None:
    _CACHE.clear()


def adler32_combine(adler1: int, adler2: int, len2: int) -> int:
    """The Adler-32 of A+B from adler32(A), adler32(B) and len(B) (zlib's adler32_combine)."""
    rem = len2 % _ADLER_BASE
    sum1 = adler1 & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_BASE
    sum1 += (adler2 & 0xFFFF) + _ADLER_BASE - 1
    sum2 += ((adler1 >> 16) & 0xFFFF) + ((adler2 >> 16) & 0xFFFF) + _ADLER_BASE - rem
    return (sum1 % _ADLER_BASE) | ((sum2 % _ADLER_BASE) << 16)


def _chunk(tag: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data))
        + tag
        + data
        + struct.pack(">I", isal_zlib.crc32(data, isal_zlib.crc32(tag)))
    )


def _compress_band(data: memoryview) -> bytes:
    """The band's rows (each already after its filter byte 0) deflated and fully flushed."""
    c = isal_zlib.compressobj(DEFLATE_LEVEL, isal_zlib.DEFLATED, -15, 9)
    return c.compress(data) + c.flush(isal_zlib.Z_FULL_FLUSH)


def _filtered_rows(img: Image.Image) -> memoryview:
    """The image's rows each after its filter byte 0, in one buffer: the image pasted one
    column to the right of a zero column (one C paste instead of joining row by row)."""
    w, h = img.size
    padded = Image.new("P", (w + 1, h), 0)
    padded.paste(img, (1, 0))
    return memoryview(padded.tobytes())


def png_bytes(img: Image.Image) -> bytes:
    """Encode a "P" image as an 8-bit palette PNG (see the module docstring)."""
    if img.mode != "P":
        raise ValueError(f"png_bytes needs a 'P' image, got {img.mode!r}")  # not for players
    w, h = img.size
    stride = w + 1
    mv = _filtered_rows(img)
    bands: list[tuple[_Key, memoryview]] = []
    for r0 in range(0, h, BAND_ROWS):
        rows = min(BAND_ROWS, h - r0)
        data = mv[r0 * stride : (r0 + rows) * stride]
        bands.append(((w, r0, rows, isal_zlib.crc32(data), isal_zlib.adler32(data)), data))
    parts: list[tuple[bytes, int] | None] = [_CACHE.get(key) for key, _ in bands]
    missing = [i for i, part in enumerate(parts) if part is None]
    # Sequential: the table service renders in several processes or threads already.
    for i in missing:
        key, data = bands[i]
        entry = (_compress_band(data), key[4])  # the key's Adler-32 is the band's own
        parts[i] = entry
        _CACHE.put(key, entry)
    adler = 1
    chunks = [_ZLIB_HEADER]
    for (_, data), part in zip(bands, parts, strict=True):
        assert part is not None
        compressed, band_adler = part
        adler = adler32_combine(adler, band_adler, len(data))
        chunks.append(compressed)
    chunks.append(_FINAL_EMPTY_BLOCK)
    chunks.append(struct.pack(">I", adler))
    pal = bytes((img.getpalette() or [0, 0, 0])[: 3 * 256])
    header = struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"PLTE", pal)
        + _chunk(b"IDAT", b"".join(chunks))
        + _chunk(b"IEND", b"")
    )


def encode_png(img: Image.Image, palette: Image.Image | None = None) -> bytes:
    """PNG bytes of ``img``: quantized to ``palette`` (a "P" image) without dithering, or to an
    adaptive 256-colour palette."""
    if img.mode != "P":
        if palette is not None:
            img = img.quantize(palette=palette, dither=Image.Dither.NONE)
        else:
            img = img.convert("RGB").quantize(
                256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
            )
    return png_bytes(img)
