"""Multilingual text drawing with the fonts bundled in ``render/common/fonts/``.

Player names come from Discord and may mix Latin with diacritics, Japanese and emoji.
Every label goes through :func:`draw_text`, which

* splits the string into runs by which bundled font has each character (Noto Sans for
  Latin/Greek/Cyrillic first, the Noto Sans CJK JP subset for kana, kanji, arrows, shapes
  and anything else the Latin font lacks),
* draws a visible tofu box (□, from the CJK font) for each character no bundled font has
  -- emoji, private-use and unassigned code points -- so a render never crashes and never
  comes out empty,
* puts all runs on one baseline and honours a Pillow-style anchor for the whole line,
* optionally ellipsizes to a maximum width.

Only the bundled fonts are used (never system fonts) and Pillow's BASIC layout engine is
forced (libraqm is optional and machine-dependent), so the same call gives the same pixels
on every machine with the same Pillow version.  Which font covers which code point is
read from ``fonts/coverage.json``, written by ``tools/subset_fonts.py`` with fontTools;
fontTools is not needed at run time.

The only module state is caches (fonts, coverage, run splits, widths and rendered line
masks): a label drawn again costs one bitmap blit.
"""

from __future__ import annotations

import json
import math
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Final

from PIL import Image, ImageDraw, ImageFont

__all__ = [
    "ELLIPSIS",
    "FONT_DIR",
    "REPLACEMENT",
    "Ink",
    "draw_fitted",
    "draw_text",
    "fit_text",
    "fitted_size",
    "font",
    "font_path",
    "text_width",
    "watching",
]

FONT_DIR: Final[Path] = Path(__file__).resolve().parent / "fonts"

_FILES: Final[dict[tuple[bool, bool], str]] = {
    # (bold, cjk) -> file name in FONT_DIR
    (False, False): "NotoSans-Regular.ttf",  # not for players
    (True, False): "NotoSans-Bold.ttf",  # not for players
    (False, True): "NotoSansCJKjp-Regular.subset.otf",  # not for players
    (True, True): "NotoSansCJKjp-Bold.subset.otf",  # not for players
}

ELLIPSIS: Final = "\u2026"  # …
REPLACEMENT: Final = "\u25a1"  # □ WHITE SQUARE, drawn in the CJK font for missing glyphs

#: Anything Pillow accepts as a colour for ``ImageDraw.text``.
Ink = str | int | float | tuple[int, ...]

_LATIN: Final = 0
_CJK: Final = 1
_HORIZONTAL: Final = frozenset("lmr")
_VERTICAL: Final = frozenset("atmsbd")
_ZWJ: Final = 0x200D
_RI_FIRST: Final = 0x1F1E6  # regional indicator symbols: pairs of them are flags
_RI_LAST: Final = 0x1F1FF


@lru_cache(maxsize=1)
def _coverage() -> dict[str, frozenset[int]]:
    """file name -> code points its cmap maps (from coverage.json)."""
    data = json.loads((FONT_DIR / "coverage.json").read_text(encoding="utf-8"))  # not for players
    out: dict[str, frozenset[int]] = {}
    for name, spec in data["cmap"].items():
        cps: set[int] = set()
        for item in spec.split():
            lo, _, hi = item.partition("-")
            cps.update(range(int(lo, 16), int(hi or lo, 16) + 1))
        out[name] = frozenset(cps)
    return out


def _covers(bold: bool) -> tuple[frozenset[int], frozenset[int]]:
    cov = _coverage()
    return cov[_FILES[bold, False]], cov[_FILES[bold, True]]


def font_path(bold: bool = False, cjk: bool = False) -> Path:
    """Path of the bundled font file for this weight/script."""
    return FONT_DIR / _FILES[bold, cjk]


@lru_cache(maxsize=256)
def font(size: int, bold: bool = False, cjk: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled Latin (Noto Sans) or CJK (Noto Sans CJK JP subset) font at ``size`` px.

    Cached per ``(size, bold, cjk)``; always Pillow's BASIC layout engine.
    """
    if size <= 0:
        raise ValueError(f"font size must be positive, got {size}")  # not for players
    return ImageFont.truetype(str(font_path(bold, cjk)), size, layout_engine=ImageFont.Layout.BASIC)


@dataclass
class Watch:
    """What :func:`watching` saw: texts cut to fit their box (``(text, shown)``), texts
    whose ink left the image (``(text, box, image size)``) and texts with characters no
    bundled font has, drawn as □ (``(text, missing)``), and every text drawn with its font
    size and the size of the image it is drawn on (``(text, size, (width, height))``: the
    legibility checks scale it to the size it is shown at)."""

    cut: list[tuple[str, str]] = field(default_factory=list)
    drawn: list[tuple[str, int, tuple[int, int]]] = field(default_factory=list)
    tofu: list[tuple[str, str]] = field(default_factory=list)
    outside: list[tuple[str, tuple[int, int, int, int], tuple[int, int]]] = field(
        default_factory=list
    )


_watch: ContextVar[Watch | None] = ContextVar("text_watch", default=None)


@contextmanager
def watching() -> Iterator[Watch]:
    """Record every cut and every text drawn past the image's edge while inside (the layout
    checks render each image in each language under it)."""
    seen = Watch()
    token = _watch.set(seen)
    try:
        yield seen
    finally:
        _watch.reset(token)


# --------------------------------------------------------------------------- splitting


def _is_extender(cp: int) -> bool:
    """Code points that continue the previous cluster (emoji modifiers, joiners, marks)."""
    return (
        cp == _ZWJ
        or 0xFE00 <= cp <= 0xFE0F  # variation selectors
        or 0xE0100 <= cp <= 0xE01EF  # variation selectors supplement
        or 0x1F3FB <= cp <= 0x1F3FF  # skin-tone modifiers
        or 0xE0020 <= cp <= 0xE007F  # tag characters (subdivision flags)
        or unicodedata.category(chr(cp)) in ("Mn", "Me", "Mc")
    )


def _clean(text: str) -> str:
    """NFC-normalise; tabs/newlines become spaces, other control characters go."""
    if text.isascii() and text.isprintable():
        return text
    text = unicodedata.normalize("NFC", text)
    return "".join(
        (" " if ch in "\t\n\r\v\f\x85" else "") if unicodedata.category(ch) == "Cc" else ch
        for ch in text
    )


@lru_cache(maxsize=4096)
def _runs(text: str, bold: bool) -> tuple[tuple[int, str], ...]:
    """Split ``text`` into ``(slot, run)`` pairs, slot ``_LATIN`` or ``_CJK``.

    Characters no font has become one ``REPLACEMENT`` per cluster (a missing base plus any
    joiners, variation selectors, skin tones, marks and ZWJ-joined code points after it;
    a pair of regional indicators, i.e. a flag) in a CJK run.  Invisible format characters
    (ZWJ, ZWNJ, bidi marks, variation selectors, soft hyphen, ...) that are not part of
    such a cluster are dropped.
    """
    text = _clean(text)
    if not text:
        return ()
    latin, cjk = _covers(bold)
    if text.isascii() or set(text) <= _plain_latin(bold):
        return ((_LATIN, text),)

    slots: list[int] = []
    chars: list[str] = []
    in_missing = False  # the last cluster emitted was a replacement box
    joined = False  # ... and it ended with a ZWJ, so the next code point belongs to it
    flag_open = False  # ... and it is a lone regional indicator (half a flag)
    for ch in text:
        cp = ord(ch)
        is_ri = _RI_FIRST <= cp <= _RI_LAST
        if in_missing and (joined or _is_extender(cp) or (flag_open and is_ri)):
            joined = cp == _ZWJ
            flag_open = False
            continue
        joined = False
        cat = unicodedata.category(ch)
        prev = slots[-1] if slots else -1
        if cat[0] == "M" and prev >= 0:
            # A mark stays with its base's font if that font has it, else it is dropped
            # rather than shown as a box of its own.
            if cp in (cjk if prev == _CJK else latin):
                slot = prev
            elif cp in latin:
                slot = _LATIN
            elif cp in cjk:
                slot = _CJK
            else:
                continue
        elif cat == "Zs" and prev >= 0 and cp in (cjk if prev == _CJK else latin):
            slot = prev  # spaces don't break a run
        elif cat == "Cf" or 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF:
            continue  # invisible format characters / stray variation selectors
        elif cp in latin:
            slot = _LATIN
        elif cp in cjk:
            slot = _CJK
        else:
            slots.append(_CJK)
            chars.append(REPLACEMENT)
            in_missing = True
            flag_open = is_ri
            continue
        in_missing = False
        slots.append(slot)
        chars.append(ch)

    runs: list[tuple[int, str]] = []
    start = 0
    for i in range(1, len(slots) + 1):
        if i == len(slots) or slots[i] != slots[start]:
            runs.append((slots[start], "".join(chars[start:i])))
            start = i
    return tuple(runs)


@lru_cache(maxsize=2)
def _plain_latin(bold: bool) -> frozenset[str]:
    """Characters that :func:`_runs` always puts in a Latin run: the Latin font has them and
    they are not invisible format characters or variation selectors (which it drops)."""
    latin = _covers(bold)[0]
    return frozenset(
        chr(cp)
        for cp in latin
        if unicodedata.category(chr(cp)) not in ("Cf", "Cc")
        and not 0xFE00 <= cp <= 0xFE0F
        and not 0xE0100 <= cp <= 0xE01EF
    )


@lru_cache(maxsize=65536)
def _char_advance(ch: str, size: int, bold: bool, cjk: bool) -> float:
    return font(size, bold, cjk).getlength(ch)


def _run_advance(run: str, size: int, bold: bool, cjk: bool) -> float:
    """A run's advance as the sum of its characters' advances: the BASIC layout engine
    applies no kerning, so this equals ``getlength(run)`` (a test checks it) at a fraction
    of its cost - width measuring (wrapping, ellipsizing) asks for many new strings."""
    return sum(_char_advance(ch, size, bold, cjk) for ch in run)


@lru_cache(maxsize=8192)
def _layout(text: str, size: int, bold: bool) -> tuple[tuple[int, str, float], ...]:
    """``(slot, run, advance)`` for each run, advances in (fractional) pixels."""
    return tuple(
        (slot, run, _run_advance(run, size, bold, slot == _CJK)) for slot, run in _runs(text, bold)
    )


def _advance(text: str, size: int, bold: bool) -> float:
    return sum(width for _, _, width in _layout(text, size, bold))


# --------------------------------------------------------------------------- public API


def text_width(text: str, size: int, bold: bool = False) -> int:
    """Advance width in pixels of ``text`` as :func:`draw_text` draws it (rounded up)."""
    return math.ceil(_advance(text, size, bold) - 1e-6)


def _cut_points(text: str) -> list[int]:
    """Indices where ``text`` may be cut without splitting a character cluster."""
    points: list[int] = []
    after_zwj = False
    for i, ch in enumerate(text):
        cp = ord(ch)
        if i > 0 and not after_zwj and not _is_extender(cp):
            points.append(i)
        after_zwj = cp == _ZWJ
    return points


def fit_text(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """``text`` unchanged if it fits in ``max_width`` px, else its longest prefix (cut
    between characters, trailing spaces removed) followed by '…' that fits.  Returns
    '…' alone if no character fits and '' if not even the ellipsis does."""
    if _advance(text, size, bold) <= max_width:
        return text
    seen = _watch.get()
    if seen is not None:
        seen.cut.append((text, _fit(text, size, max_width, bold)))
    return _fit(text, size, max_width, bold)


def _fit(text: str, size: int, max_width: int, bold: bool) -> str:
    if _advance(ELLIPSIS, size, bold) > max_width:
        return ""
    cuts = _cut_points(text)
    lo, hi = 0, len(cuts)  # number of cut points usable; invariant: lo fits
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _advance(text[: cuts[mid - 1]].rstrip() + ELLIPSIS, size, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return (text[: cuts[lo - 1]].rstrip() if lo else "") + ELLIPSIS


@dataclass(frozen=True, slots=True)
class _Line:
    """A rendered line: its ink as a cropped mask, placed relative to the pen origin
    (left end of the baseline, a whole pixel) -- ``None`` if it has no ink."""

    mask: Image.Image | None
    dx: int  # ink box left/top relative to the origin
    dy: int
    advance: float


@lru_cache(maxsize=2048)
def _render_line(text: str, size: int, bold: bool, fontmode: str) -> _Line:
    """Rasterise ``text`` once: each run at its fractional pen position on one baseline.

    Cached, so a label drawn again (every board re-render) costs one bitmap blit.
    """
    layout = _layout(text, size, bold)
    advance = sum(width for _, _, width in layout)
    if not layout:
        return _Line(None, 0, 0, advance)
    boxes: list[tuple[float, float, float, float]] = []
    pen = 0.0
    for slot, run, width in layout:
        left, top, right, bottom = font(size, bold, slot == _CJK).getbbox(run, anchor="ls")
        boxes.append((left + pen, top, right + pen, bottom))
        pen += width
    pad = 2
    ox = pad - math.floor(min(b[0] for b in boxes))
    oy = pad - math.floor(min(b[1] for b in boxes))
    canvas = Image.new(
        "L",
        (
            ox + math.ceil(max(b[2] for b in boxes)) + pad + 1,
            oy + math.ceil(max(b[3] for b in boxes)) + pad + 1,
        ),
        0,
    )
    draw = ImageDraw.Draw(canvas)
    draw.fontmode = fontmode
    pen = 0.0
    for slot, run, width in layout:
        draw.text((ox + pen, oy), run, fill=255, font=font(size, bold, slot == _CJK), anchor="ls")
        pen += width
    ink = canvas.getbbox()
    if ink is None:
        return _Line(None, 0, 0, advance)
    return _Line(canvas.crop(ink), ink[0] - ox, ink[1] - oy, advance)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: Ink,
    bold: bool = False,
    anchor: str = "la",
    max_width: int | None = None,
    may_cut: bool = False,
) -> tuple[int, int, int, int]:
    """Draw one line of mixed-script ``text`` at ``xy`` and return its ink bounding box.

    ``anchor`` is a Pillow text anchor for the whole line: horizontal ``l``/``m``/``r``
    (left, middle, right of the advance width) and vertical ``a`` (ascender), ``m``
    (middle of ascender and descender), ``s`` (baseline), ``d`` (descender), ``t``/``b``
    (top/bottom of the ink).  ``a``/``m``/``d`` use the Latin font's metrics whatever the
    script, so Latin and Japanese names line up.  The line's origin is snapped to whole
    pixels (glyphs after the first keep their fractional advances).  With ``max_width``
    the text is first ellipsized by :func:`fit_text`.  Tabs and newlines are drawn as
    spaces.  ``may_cut``: the text is a summary of unbounded length said whole elsewhere
    (the channel's message), so its cut is its design, not a layout fault (:func:`watching`
    does not record it).

    Returns the exact box ``(left, top, right, bottom)`` of the pixels drawn (right and
    bottom exclusive, like ``Image.getbbox``); if nothing visible is drawn (empty or
    all-space text) it is the empty box at ``xy``.
    """
    if len(anchor) != 2 or anchor[0] not in _HORIZONTAL or anchor[1] not in _VERTICAL:
        raise ValueError(f"unsupported anchor {anchor!r}")  # not for players
    if max_width is not None:
        if not may_cut:
            text = fit_text(text, size, max_width, bold)
        elif _advance(text, size, bold) > max_width:
            text = _fit(text, size, max_width, bold)
    x, y = xy
    line = _render_line(text, size, bold, draw.fontmode)
    if line.mask is None:
        return (math.floor(x), math.floor(y), math.floor(x), math.floor(y))

    h, v = anchor[0], anchor[1]
    left = x - (0.0 if h == "l" else line.advance / 2 if h == "m" else line.advance)
    if v == "s":
        baseline = y
    elif v == "t":
        baseline = y - line.dy
    elif v == "b":
        baseline = y - (line.dy + line.mask.height)
    else:
        ascent, descent = font(size, bold).getmetrics()
        baseline = (
            y + ascent if v == "a" else y - descent if v == "d" else y + (ascent - descent) / 2
        )
    x0 = math.floor(left + 0.5) + line.dx
    y0 = math.floor(baseline + 0.5) + line.dy
    draw.bitmap((x0, y0), line.mask, fill=fill)
    box = (x0, y0, x0 + line.mask.width, y0 + line.mask.height)
    seen = _watch.get()
    if seen is not None:
        seen.drawn.append((text, size, draw.im.size))
        if REPLACEMENT in "".join(run for _, run in _runs(text, bold)) and REPLACEMENT not in text:
            covered = _covers(bold)
            missing = "".join(
                ch for ch in _clean(text) if ord(ch) not in covered[0] and ord(ch) not in covered[1]
            )
            seen.tofu.append((text, missing))
        width, height = draw.im.size
        if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height:
            seen.outside.append((text, box, (width, height)))
    return box


def fitted_size(
    text: str, size: int, max_width: float, bold: bool = False, smallest: int | None = None
) -> int:
    """The largest font size, at most ``size`` and at least ``smallest`` (default: three
    quarters of ``size``, at least 8 px), at which ``text`` is at most ``max_width`` pixels
    wide: a translation longer than the English a layout was made for is drawn smaller before
    it would be cut; a text that fits keeps ``size``."""
    floor = smallest if smallest is not None else max(8, round(size * 0.75))
    s = size
    while s > floor and text_width(text, s, bold) > max_width:
        s -= 1
    return s


def draw_fitted(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: Ink,
    max_width: float,
    *,
    bold: bool = False,
    anchor: str = "la",
    smallest: int | None = None,
) -> tuple[int, int, int, int]:
    """:func:`draw_text` with ``text`` shrunk to fit ``max_width`` (:func:`fitted_size`), and
    only then ellipsized; returns the drawn box."""
    width = max(1, int(max_width))
    s = fitted_size(text, size, width, bold, smallest)
    return draw_text(draw, xy, text, s, fill, bold=bold, anchor=anchor, max_width=width)
