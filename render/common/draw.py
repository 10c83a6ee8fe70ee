"""Drawing helpers every game's images share (every registered game).

Nothing here knows a game: antialiased rounded panels, sprite pasting over a plain background,
a player's round marker with his letter, greedy word wrapping, the players' letters, a fixed
palette made from a theme's colours plus a median cut of sample images, and a thread-safe cache
of quantized image regions keyed by what they show (an unchanged panel is pasted, not redrawn).
Sprites are drawn :data:`SS` times larger and scaled down, which antialiases them.
"""

from __future__ import annotations

import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from PIL import Image, ImageDraw

from engine.i18n import sentence
from render.common import theme as T
from render.common.breaks import break_chunks, is_wide
from render.common.text import REPLACEMENT, _runs, draw_text, text_width

__all__ = [
    "SS",
    "Region",
    "RegionCache",
    "build_palette",
    "caption",
    "compose_regions",
    "downscale",
    "flattened",
    "header_band",
    "marker",
    "panel",
    "paste",
    "paste_flat",
    "player_letters",
    "player_title",
    "rounded_box",
    "theme_colours",
    "wrap_words",
]

RGB = tuple[int, int, int]
#: Sprites are drawn this much larger, then scaled down.
SS: Final = T.SUPERSAMPLE


def downscale(img: Image.Image, size: tuple[int, int]) -> Image.Image:
    return img.resize(size, Image.Resampling.LANCZOS)


@lru_cache(maxsize=256)
def rounded_box(w: int, h: int, fill: RGB, edge: RGB, radius: int, edge_w: int = 1) -> Image.Image:
    """An antialiased rounded rectangle (panel backgrounds)."""
    k = SS
    img = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle(
        (0, 0, w * k - 1, h * k - 1), radius=radius * k, fill=fill, outline=edge, width=edge_w * k
    )
    return downscale(img, (w, h))


def paste(canvas: Image.Image, sprite: Image.Image, xy: tuple[float, float]) -> None:
    """Paste an RGBA sprite with its alpha at (rounded) ``xy``."""
    canvas.paste(sprite, (round(xy[0]), round(xy[1])), sprite)


_FLAT: dict[tuple[int, RGB], tuple[Image.Image, Image.Image]] = {}
_FLAT_SIZE: Final = 512
_FLAT_LOCK = threading.Lock()


def flattened(sprite: Image.Image, bg: RGB) -> Image.Image:
    """``sprite`` (RGBA) composited over the plain colour ``bg``, as RGB: pasting it opaque on
    a ``bg`` area gives the same pixels as pasting the sprite with its alpha, several times
    faster (hand images paste cards and panels on a plain background at every render).

    Cached by the sprite object (held, so its id stays unique) - sprites come from caches."""
    key = (id(sprite), bg)
    hit = _FLAT.get(key)
    if hit is not None and hit[0] is sprite:
        return hit[1]
    flat = Image.new("RGB", sprite.size, bg)
    flat.paste(sprite, (0, 0), sprite)
    with _FLAT_LOCK:  # renders may run in several threads
        if len(_FLAT) >= _FLAT_SIZE:
            _FLAT.pop(next(iter(_FLAT)))
        _FLAT[key] = (sprite, flat)
    return flat


def paste_flat(canvas: Image.Image, sprite: Image.Image, xy: tuple[int, int], bg: RGB) -> None:
    """:func:`paste` for a spot of ``canvas`` known to be plain ``bg``."""
    canvas.paste(flattened(sprite, bg), xy)


def wrap_words(
    words: Sequence[str], size: int, width: int, sep: str = "  ", bold: bool = False
) -> list[str]:
    """Greedy line breaking of ``words`` (kept whole) to ``width`` pixels. A word wider than
    ``width`` with Japanese in it (no spaces between its words) is broken where Japanese
    allows (:func:`render.common.breaks.break_chunks`); an English word is never broken."""
    lines: list[str] = []
    line = ""
    for w in words:
        for i, piece in enumerate(_pieces(w, size, width, bold)):
            cand = piece if not line else line + (sep if i == 0 else "") + piece
            if line and text_width(cand, size, bold) > width:
                lines.append(line)
                line = piece
            else:
                line = cand
    if line:
        lines.append(line)
    return lines


def _pieces(word: str, size: int, width: int, bold: bool) -> list[str]:
    """``word`` as one piece, or - wider than ``width`` and Japanese - as the pieces of one
    line each that Japanese line breaking allows."""
    if not is_wide(word) or text_width(word, size, bold) <= width:
        return [word]
    pieces: list[str] = []
    current = ""
    for chunk in break_chunks(word):
        if current and text_width(current + chunk, size, bold) > width:
            pieces.append(current.rstrip())
            current = chunk.lstrip()
        else:
            current += chunk
    if current:
        pieces.append(current)
    return pieces


@lru_cache(maxsize=512)
def marker(
    seat: int | str,
    letter: str,
    d_px: int,
    colour: RGB | None = None,
    ink: RGB | None = None,
) -> Image.Image:
    """A player's round marker (gondola on the track, and beside the name): colour + letter.

    ``colour`` / ``ink`` override the seat's theme colours (a game with its own player
    colours, such as Amsterdam's red and black)."""
    k = SS
    n = d_px * k
    img = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill = colour or T.player_color(seat)
    d.ellipse((0, 0, n - 1, n - 1), fill=(255, 255, 255, 255))
    d.ellipse((k * 1.2, k * 1.2, n - 1 - k * 1.2, n - 1 - k * 1.2), fill=T.MARKER_EDGE)
    e = max(k * 2.6, n * 0.09)
    d.ellipse((e, e, n - 1 - e, n - 1 - e), fill=fill)
    out = downscale(img, (d_px, d_px))
    od = ImageDraw.Draw(out)
    size = max(8, round(d_px * 0.5))
    draw_text(
        od, (d_px / 2, d_px / 2), letter, size, ink or T.player_ink(seat), bold=True, anchor="mm"
    )
    return out


def _drawable(ch: str) -> bool:
    return ch.strip() != "" and REPLACEMENT not in "".join(r for _, r in _runs(ch, True))


def player_letters(view: dict[str, Any]) -> list[str]:
    """One letter per player for the markers: the first letter of each name (the first one a
    bundled font can draw) when they are all different, else A, B, C, ..."""
    firsts: list[str] = []
    for p in view["players"]:
        name = unicodedata.normalize("NFC", str(p["name"]))
        # the first letter or digit a bundled font has (skips emoji, spaces, punctuation)
        first = next((c for c in name if c.isalnum() and _drawable(c)), "")
        firsts.append(first.upper() if len(first.upper()) == 1 else first)
    if all(firsts) and len(set(firsts)) == len(firsts):
        return firsts
    return [chr(ord("A") + i) for i in range(len(firsts))]


# --------------------------------------------------------------------------- palettes


def build_palette(keys: Sequence[RGB], samples: Iterable[Image.Image]) -> Image.Image:
    """A fixed 256-colour palette ("P" image): ``keys`` exactly, plus a median cut of the
    ``samples`` (RGB images of what the images look like) for the antialiased in-betweens.

    Mapping onto a fixed palette costs a few milliseconds where an adaptive one costs tens."""
    keys = list(dict.fromkeys(keys))[:255]
    imgs = [s.convert("RGB") for s in samples]
    width = max(i.width for i in imgs)
    sheet = Image.new("RGB", (width, sum(i.height for i in imgs)))
    y = 0
    for i in imgs:
        sheet.paste(i, (0, y))
        y += i.height
    cut = sheet.quantize(256 - len(keys), method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    colours = (cut.getpalette() or [])[: 3 * (256 - len(keys))]
    colours += [v for c in keys for v in c]
    colours += [0] * (768 - len(colours))
    pal = Image.new("P", (1, 1))
    pal.putpalette(colours)
    return pal


def theme_colours(*modules: Any) -> list[RGB]:
    """Every RGB constant (upper-case name: a colour, a dict or tuple of colours) of the given
    theme modules, in order, without repeats."""
    found: list[RGB] = []

    def add(c: object) -> None:
        if (
            isinstance(c, tuple)
            and len(c) == 3
            and all(isinstance(v, int) for v in c)
            and c not in found
        ):
            found.append(c)

    for module in modules:
        for name in dir(module):
            value = getattr(module, name)
            if not name.isupper():
                continue
            if isinstance(value, dict):
                for v in value.values():
                    add(v)
            elif isinstance(value, tuple) and value and isinstance(value[0], tuple):
                for v in value:
                    add(v)
            else:
                add(value)
    return found


# --------------------------------------------------------------------------- region cache


class RegionCache:
    """Quantized ("P") images of regions by key, least recently used first out, bounded by
    their pixels (bytes). Thread-safe: renders may run in several threads.

    ``get(key, make)`` returns the cached image or calls ``make()`` (outside the lock) and
    keeps its result."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._entries: OrderedDict[tuple[Any, ...], Image.Image] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: tuple[Any, ...], make: Callable[[], Image.Image]) -> Image.Image:
        with self._lock:
            hit = self._entries.get(key)
            if hit is not None:
                self._entries.move_to_end(key)
                return hit
        made = make()
        with self._lock:
            old = self._entries.pop(key, None)  # another thread may have drawn it too
            if old is not None:
                self._bytes -= old.width * old.height
            self._entries[key] = made
            self._bytes += made.width * made.height
            while len(self._entries) > 1 and self._bytes > self.max_bytes:
                _, dropped = self._entries.popitem(last=False)
                self._bytes -= dropped.width * dropped.height
        return made

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._bytes = 0

    def __len__(self) -> int:
        return len(self._entries)


# --------------------------------------------------------------------------- regions


Painter = Callable[[Image.Image, ImageDraw.ImageDraw], None]


@dataclass(frozen=True)
class Region:
    """A rectangle of an image drawn from ``key`` alone by ``paint`` (local coordinates, on the
    plain ``background``). A game's images are lists of regions; each is drawn in RGB, mapped
    onto the game's fixed palette once and kept in a :class:`RegionCache`, so a panel that did
    not change since an earlier image costs one paste."""

    box: tuple[int, int, int, int]
    key: tuple[Any, ...]
    paint: Painter
    background: RGB = T.BACKGROUND

    def rgb(self) -> Image.Image:
        x0, y0, x1, y1 = self.box
        img = Image.new("RGB", (x1 - x0, y1 - y0), self.background)
        self.paint(img, ImageDraw.Draw(img))
        return img

    def quantized(self, palette: Image.Image, cache: RegionCache) -> Image.Image:
        x0, y0, x1, y1 = self.box
        return cache.get(
            (x1 - x0, y1 - y0, self.background, *self.key),
            lambda: self.rgb().quantize(palette=palette, dither=Image.Dither.NONE),
        )


_CANVASES: dict[tuple[int, int, RGB, int], Image.Image] = {}


def compose_regions(
    size: tuple[int, int],
    regions: Sequence[Region],
    palette: Image.Image,
    cache: RegionCache,
    background: RGB = T.BACKGROUND,
) -> Image.Image:
    """The image ("P", on ``palette``) with every region pasted at its place."""
    ckey = (size[0], size[1], background, id(palette))
    canvas = _CANVASES.get(ckey)
    if canvas is None:
        plain = Image.new("RGB", size, background)
        canvas = plain.quantize(palette=palette, dither=Image.Dither.NONE)
        if len(_CANVASES) > 64:
            _CANVASES.clear()
        _CANVASES[ckey] = canvas
    out = canvas.copy()
    for r in regions:
        out.paste(r.quantized(palette, cache), r.box[:2])
    return out


# --------------------------------------------------------------------------- panels


def panel(
    img: Image.Image,
    box: tuple[int, int, int, int],
    active: bool = False,
    fill: RGB | None = None,
    background: RGB = T.BACKGROUND,
) -> None:
    """A rounded panel (highlighted when it is someone's turn) on the plain background."""
    x0, y0, x1, y1 = box
    face = fill or (T.PANEL_ACTIVE if active else T.PANEL)
    edge = T.PANEL_ACTIVE_EDGE if active else T.PANEL_EDGE
    paste_flat(
        img,
        rounded_box(x1 - x0, y1 - y0, face, edge, 12, 2 if active else 1),
        (x0, y0),
        background,
    )


def caption(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int = 13) -> None:
    """A small panel caption, its message as written (a capital start where the message has
    none, :func:`engine.i18n.sentence`): no case change of a translated text (#25 item 2)."""
    draw_text(draw, xy, sentence(text), size, T.TEXT_SOFT, bold=True, anchor="ls")


@dataclass(frozen=True)
class PlayerTitles:
    """A game's ``player_title`` with its name size and seat colours bound once
    (``colours``/``inks`` by seat; ``None``: the shared seat colours)."""

    size: int = 21
    colours: Sequence[RGB] | None = None
    inks: Sequence[RGB] | None = None

    def __call__(
        self,
        img: Image.Image,
        draw: ImageDraw.ImageDraw,
        xy: tuple[int, int],
        seat: int,
        letter: str,
        name: str,
        max_width: int,
        size: int | None = None,
        bg: RGB = T.PANEL,
    ) -> tuple[int, int, int, int]:
        """The seat's marker and name, left-aligned at ``xy`` (the marker's top-left)."""
        size = self.size if size is None else size
        d = size + 14
        colour = None if self.colours is None else self.colours[seat]
        ink = None if self.inks is None else self.inks[seat]
        paste_flat(img, marker(seat, letter, d, colour, ink), xy, bg)
        return draw_text(
            draw,
            (xy[0] + d + 10, xy[1] + d / 2),
            name,
            size,
            T.TEXT,
            bold=True,
            anchor="lm",
            max_width=max_width - d - 10,
        )


#: A player's marker and name in the shared seat colours.
player_title = PlayerTitles()


def header_band(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    title: str,
    right: str,
    status: str,
    hot: bool,
    height: int = 92,
    margin: int = 20,
    title_size: int = 26,
    status_size: int = 19,
) -> None:
    """The dark band on top: title and round/turn, and the status line under them."""
    w = img.width
    draw.rectangle((0, 0, w, height), fill=T.HEADER)
    rw = text_width(right, status_size, bold=True)
    top = round(height * 30 / 92)
    draw_text(draw, (w - margin, top), right, status_size, T.HEADER_SUB, bold=True, anchor="rm")
    draw_text(
        draw,
        (margin, top),
        title,
        title_size,
        T.HEADER_TEXT,
        bold=True,
        anchor="lm",
        max_width=w - 2 * margin - rw - 20,
    )
    draw_text(
        draw,
        (margin, round(height * 70 / 92)),
        status,
        status_size,
        T.HIGHLIGHT if hot else T.HEADER_SUB,
        bold=hot,
        anchor="lm",
        max_width=w - 2 * margin,
    )
