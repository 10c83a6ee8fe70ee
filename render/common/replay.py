"""A game's replay as one animated image, and a graph of the players' progress over its turns -
generic: frames are PNG bytes from a game's own board renderer, the graph's series are numbers
per seat and turn (a game's progress measure or its scores) under the game's own axis label.
No game knowledge here.

:func:`animate` writes an animated WebP (Pillow's ``save_all``), which Discord animates in a
message (an APNG shows there as a still picture of its first frame): one frame per board it
is given, in order, each shown :data:`FRAME_MS`, the last (the final board) :data:`LAST_FRAME_MS`.
The encoder stores only the rectangle that changed since the previous frame, and a board equal
to the one before is not stored again: the one before shows for both turns (the timeline is the
same). It must fit an upload ``limit`` (Discord's 8 MiB for bots): first lossless at the boards'
own size (a 90-turn Venezia game: ~2 MB), so the last frame is the final board pixel for pixel
and the frames are as sharp as the live boards; if that does not fit, lossy at falling
quality, then scaled down step by step; a :class:`ValueError` if even a thumbnail does not fit.
Frames of different sizes (a harbour that grows) are padded at the right and bottom with their
own corner's colour.

The encoder's settings (:data:`LOSSLESS_METHOD`, :data:`LOSSY_METHOD`): libwebp's ``method``
0-6 trades time for bytes and ``quality`` is, in lossless mode, its effort. Measured on 91
Venezia boards (1122 x 1174, one core): lossless ``method=2, quality=0`` 2.2 MB in ~2.3 s;
``method=0`` 9.3 MB (its fastest mode hardly compresses these boards); ``quality=30`` and up
-15 % bytes for twice the time; lossy ``method=4`` 5.2 MB in 7.3 s, ``method=0`` 6.6 MB in 2.8 s.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.i18n.shared import _, _p
from render.common.text import draw_text, fit_text, text_width
from render.common.theme import PLAYER

__all__ = [
    "DISCORD_UPLOAD_LIMIT",
    "Animation",
    "GraphLayout",
    "animate",
    "graph_layout",
    "nice_ticks",
    "score_graph",
]

#: Discord's upload limit for a bot's message without boosts (8 MiB).
DISCORD_UPLOAD_LIMIT = 8 * 1024 * 1024
#: How long each frame shows, and the last one (the final board).
FRAME_MS = 800
LAST_FRAME_MS = 4000
#: libwebp's effort (see the module docstring): lossless, and lossy when that does not fit.
LOSSLESS_METHOD = 2
LOSSLESS_EFFORT = 0
LOSSY_METHOD = 0
#: The lossy qualities tried in turn (at each size) before the frames are scaled down.
LOSSY_QUALITIES = (85, 70, 50)
#: Each shrinking step scales the frames by this much; below ``MIN_SIDE`` pixels it gives up.
SHRINK = 0.75
MIN_SIDE = 96
#: More seats than the shared player colours: these follow.
_EXTRA = ((90, 90, 96), (160, 60, 40), (60, 60, 160), (40, 120, 40), (150, 110, 20))


@dataclass(frozen=True, slots=True)
class Animation:
    """An animated image: its bytes, ``format`` (``"webp"``), the number of boards it shows
    (one per board given, also when two equal ones share a stored frame), pixel size, the
    scale applied to the boards (1.0: as drawn) and whether it is lossless."""

    data: bytes
    format: str
    frames: int
    size: tuple[int, int]
    scale: float
    lossless: bool

    @property
    def extension(self) -> str:
        return self.format


def _pad(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    """``image`` on a canvas of ``size`` (top left), the rest in its bottom-left pixel's colour;
    a palette image stays one (a board is one, and so it takes a quarter of the memory)."""
    if image.size == size:
        return image
    if image.mode not in ("P", "L", "RGB", "RGBA"):
        image = image.convert("RGBA")
    canvas = Image.new(image.mode, size, image.getpixel((0, image.height - 1)))
    if image.mode == "P":
        canvas.putpalette(image.getpalette() or [])
        if "transparency" in image.info:
            canvas.info["transparency"] = image.info["transparency"]
    canvas.paste(image, (0, 0))
    return canvas


def _boards(frames: Sequence[bytes]) -> list[Image.Image]:
    """The frames decoded (in their own mode) and padded to one size."""
    images = [Image.open(io.BytesIO(b)) for b in frames]
    size = (max(im.width for im in images), max(im.height for im in images))
    out = []
    for im in images:
        im.load()
        out.append(_pad(im, size))
    return out


def _webp(
    images: Sequence[Image.Image], durations: list[int], *, lossless: bool, quality: int
) -> bytes:
    buf = io.BytesIO()
    method = LOSSLESS_METHOD if lossless else LOSSY_METHOD
    if len(images) == 1:
        images[0].save(buf, format="WEBP", lossless=lossless, quality=quality, method=method)
        return buf.getvalue()
    images[0].save(
        buf,
        format="WEBP",
        save_all=True,
        append_images=list(images[1:]),
        duration=durations,
        loop=0,
        lossless=lossless,
        quality=quality,
        method=method,
    )
    return buf.getvalue()


def animate(
    frames: Sequence[bytes],
    *,
    limit: int = DISCORD_UPLOAD_LIMIT,
    frame_ms: int = FRAME_MS,
    last_ms: int = LAST_FRAME_MS,
) -> Animation:
    """``frames`` (PNG bytes, in order) as one animated WebP of at most ``limit`` bytes (see
    the module docstring). One frame is a still WebP."""
    if not frames:
        raise ValueError("a replay needs at least one frame")  # not for players
    images = _boards(frames)
    durations = [frame_ms] * (len(images) - 1) + [last_ms]
    width, height = images[0].size
    scale = 1.0
    while True:
        if scale == 1.0:
            sized = images
        else:
            size = (max(1, round(width * scale)), max(1, round(height * scale)))
            sized = [
                im.convert("RGB").resize(size, Image.Resampling.LANCZOS, reducing_gap=2.0)
                for im in images
            ]
        tries = [(True, LOSSLESS_EFFORT)] if scale == 1.0 else []
        tries += [(False, q) for q in LOSSY_QUALITIES]
        for lossless, quality in tries:
            data = _webp(sized, durations, lossless=lossless, quality=quality)
            if len(data) <= limit:
                return Animation(data, "webp", len(frames), sized[0].size, scale, lossless)
        scale *= SHRINK
        if min(width, height) * scale < MIN_SIDE:
            n, side = len(frames), MIN_SIDE
            why = f"{n} frames do not fit {limit} bytes even at {side} pixels"  # not for players
            raise ValueError(why)


def _colour(seat: int) -> tuple[int, int, int]:
    palette = (*PLAYER, *_EXTRA)
    return palette[seat % len(palette)]


def _nice(x: float, *, rounded: bool) -> tuple[int, int]:
    """Heckbert's "nice number" near ``x`` (> 0) as ``(fraction, exponent)``: 1, 2, 5 or 10
    times a power of ten, rounded to the nearest (``rounded``) or the next one up."""
    exponent = math.floor(math.log10(x))
    fraction = x / 10.0**exponent
    if rounded:
        nice = 1 if fraction < 1.5 else 2 if fraction < 3 else 5 if fraction < 7 else 10
    else:
        nice = 1 if fraction <= 1 else 2 if fraction <= 2 else 5 if fraction <= 5 else 10
    return nice, exponent


def nice_ticks(
    low: float, high: float, *, count: int = 5, integer: bool = False
) -> tuple[list[float], int]:
    """Axis ticks a plotting library would choose for data from ``low`` to ``high``: about
    ``count`` of them, ``step`` apart where ``step`` is 1, 2 or 5 times a power of ten, the
    first at or below ``low`` and the last at or above ``high`` (Heckbert's "loose labeling",
    Graphics Gems, 1990). ``integer``: the step is a whole number (a count has no ticks
    between its values). Returns the ticks and the decimals their labels need."""
    if not high > low:
        high = low + 1
    nice, exponent = _nice(high - low, rounded=False)
    span = nice * 10.0**exponent
    nice, exponent = _nice(span / max(1, count - 1), rounded=True)
    if integer and exponent < 0:
        nice, exponent = 1, 0
    step = nice * 10.0**exponent
    decimals = max(0, -exponent)
    first = math.floor(low / step + 1e-9)
    last = math.ceil(high / step - 1e-9)
    ticks = [round(k * step, decimals) for k in range(first, last + 1)]
    return ticks, decimals


@dataclass(frozen=True, slots=True)
class GraphLayout:
    """Where :func:`score_graph` draws: the plot box (``left``, ``top``, ``width``,
    ``height``), the y axis from ``low`` to ``high`` (its first and last tick), the ``ticks``
    as (value, label), the x axis's turns and their ticks, and whether the numbers are counts
    (whole numbers: drawn as steps, each value held until the turn that changes it)."""

    left: int
    top: int
    width: int
    height: int
    low: float
    high: float
    ticks: tuple[tuple[float, str], ...]
    turns: int
    turn_ticks: tuple[int, ...]
    counts: bool

    def y(self, value: float) -> int:
        """The pixel row of ``value`` (a tick's gridline is drawn at its value's row)."""
        span = self.high - self.low
        return round(self.top + self.height - self.height * (value - self.low) / span)

    def x(self, turn: float) -> int:
        """The pixel column of the end of ``turn`` (0: the start)."""
        return round(self.left + self.width * turn / self.turns)


#: The plot's margins (left, right, top, bottom) and the least room between two y ticks.
_MARGINS = (44, 16, 24, 58)
_TICK_ROOM = 22
#: The graph's words and numbers: 12 px show at ~10 px where Discord shrinks it to 550 px.
GRAPH_FONT = 12
_TURN_TICK_ROOM = 56


def graph_layout(
    series: Sequence[Sequence[float | None]], size: tuple[int, int] = (640, 300)
) -> GraphLayout:
    """The layout :func:`score_graph` draws ``series`` in (see there): nice ticks
    (:func:`nice_ticks`, whole steps for counts) spanning 0 and every value."""
    width, height = size
    left, right, top, bottom = _MARGINS
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [v for row in series for v in row if v is not None]
    counts = all(float(v).is_integer() for v in values)
    low = min([0.0, *values])
    high = max([1.0, *values])
    values_ticks, decimals = nice_ticks(
        low, high, count=max(2, plot_h // _TICK_ROOM), integer=counts
    )
    ticks = tuple((v, f"{v:.{decimals}f}") for v in values_ticks)
    turns = max(1, len(series) - 1)
    steps, _decimals = nice_ticks(0, turns, count=max(2, plot_w // _TURN_TICK_ROOM), integer=True)
    turn_ticks = tuple(int(t) for t in steps if 0 < t < turns)
    return GraphLayout(
        left, top, plot_w, plot_h, ticks[0][0], ticks[-1][0], ticks, turns, turn_ticks, counts
    )


def score_graph(
    names: Sequence[str],
    series: Sequence[Sequence[float | None]],
    *,
    counter: str | None = None,
    label: str | None = None,
    size: tuple[int, int] = (640, 300),
) -> bytes:
    """A small line chart, PNG: ``series[t][seat]`` is each seat's number after turn ``t``
    (``t = 0``: the start), one line per seat in the players' colours, a legend of
    ``names``; ``label`` says what the numbers are (the y axis, written above it) and
    ``counter`` what a step of the x axis is. ``None`` is a gap (a seat without a number
    then). The y axis's ticks are nice numbers (:func:`nice_ticks`), each gridline exactly at
    the value it labels (:func:`graph_layout`); whole numbers (counts) are drawn as steps -
    a value holds until the turn that changes it - others as lines between the turns. The
    words are said in the language in force (``counter``: ``turn``, ``label``: ``score`` by
    default)."""
    label = label if label is not None else _p("graph", "score")
    width, height = size
    lay = graph_layout(series, size)
    image = Image.new("RGB", size, (250, 248, 242))
    draw = ImageDraw.Draw(image)
    left, top, plot_w, plot_h = lay.left, lay.top, lay.width, lay.height
    ink = (60, 60, 66)
    grid = (225, 221, 212)
    draw_text(draw, (6, 4), fit_text(label, GRAPH_FONT, width - 12), GRAPH_FONT, ink, anchor="la")
    for value, text in lay.ticks:  # horizontal grid and labels, each at its value
        y = lay.y(value)
        draw.line((left, y, left + plot_w, y), fill=grid)
        draw_text(draw, (left - 6, y), text, GRAPH_FONT, ink, anchor="rm")
    if counter is None:
        # Translators: the x axis's end: the last turn ('turn 12')
        end = _("turn {number}", number=lay.turns)
    else:
        # Translators: the x axis's end: the game's counter word and the last one ('round 12')
        end = _("{counter} {number}", counter=counter, number=lay.turns)
    end_w = text_width(end, GRAPH_FONT)
    draw_text(draw, (left, top + plot_h + 4), "0", GRAPH_FONT, ink, anchor="la")
    for turn in lay.turn_ticks:  # vertical grid at nice turn numbers, labelled where room
        x = lay.x(turn)
        draw.line((x, top, x, top + plot_h), fill=grid)
        text = str(turn)
        if x + text_width(text, GRAPH_FONT) / 2 + 8 < left + plot_w - end_w:
            draw_text(draw, (x, top + plot_h + 4), text, GRAPH_FONT, ink, anchor="ma")
    draw.rectangle((left, top, left + plot_w, top + plot_h), outline=(190, 186, 176))
    draw_text(draw, (left + plot_w, top + plot_h + 4), end, GRAPH_FONT, ink, anchor="ra")
    seats = max((len(row) for row in series), default=0)
    for seat in range(seats):
        runs: list[list[tuple[int, int]]] = [[]]
        for t, row in enumerate(series):
            v = row[seat] if seat < len(row) else None
            if v is None:
                runs.append([])
                continue
            point = (lay.x(t), lay.y(v))
            run = runs[-1]
            if lay.counts and run:  # a step: the old value up to this turn, then the new
                run.append((point[0], run[-1][1]))
            run.append(point)
        for run in runs:
            if len(run) > 1:
                draw.line(run, fill=_colour(seat), width=2)
            elif run:
                x, y = run[0]
                draw.ellipse((x - 2, y - 2, x + 2, y + 2), fill=_colour(seat))
    # legend: one swatch and name per seat, in rows under the plot
    x, y = left, height - 26
    column = max(80, plot_w // max(1, min(seats, 5)))
    for seat in range(seats):
        name = names[seat] if seat < len(names) else _("seat {number}", number=seat + 1)
        draw.rectangle((x, y + 4, x + 14, y + 10), fill=_colour(seat))
        draw_text(draw, (x + 20, y + 7), fit_text(name, 12, column - 28), 12, ink, anchor="lm")
        x += column
        if x + column > width:
            x, y = left, y + 14
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=True)
    return buf.getvalue()
