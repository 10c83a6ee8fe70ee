"""A game's replay as one animated image, and a graph of the players' progress over its turns -
generic: frames are PNG bytes from a game's own board renderer, the graph's series are numbers
per seat and turn (a game's progress measure or its scores) under the game's own axis label.
No game knowledge here.

:func:`animate` writes an APNG (Pillow's ``save_all``): one frame per board it is given, in
order, never merged (consecutive equal boards alternate the frame's blend operation, which
Pillow would otherwise fold into one frame; on opaque frames both operations draw the same).
It must fit an upload ``limit`` (Discord's 8 MiB for bots): the frames go first losslessly
(in one palette of the colours they use when those are at most 256 - the boards are palette
images - else as RGB), then with one palette of 256 colours made from the first and last
frame (lossy), then scaled down step by step; a :class:`ValueError` if even a thumbnail does
not fit.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.i18n.shared import _, _p
from render.common.text import draw_text, fit_text
from render.common.theme import PLAYER

__all__ = ["DISCORD_UPLOAD_LIMIT", "Animation", "animate", "score_graph"]

#: Discord's upload limit for a bot's message without boosts (8 MiB).
DISCORD_UPLOAD_LIMIT = 8 * 1024 * 1024
#: How long each frame shows, and the last one (the final board).
FRAME_MS = 800
LAST_FRAME_MS = 4000
#: Each shrinking step scales the frames by this much; below ``MIN_SIDE`` pixels it gives up.
SHRINK = 0.75
MIN_SIDE = 96
#: More seats than the shared player colours: these follow.
_EXTRA = ((90, 90, 96), (160, 60, 40), (60, 60, 160), (40, 120, 40), (150, 110, 20))


@dataclass(frozen=True, slots=True)
class Animation:
    """An animated image: its bytes, ``format`` (``"png"``: APNG), frame count, pixel size,
    the scale applied to the boards (1.0: as drawn) and whether one shared palette was used."""

    data: bytes
    format: str
    frames: int
    size: tuple[int, int]
    scale: float
    palette: bool

    @property
    def extension(self) -> str:
        return self.format


def _canvas(frames: Sequence[bytes]) -> list[Image.Image]:
    """The frames as RGB images of one size (a smaller one on a white canvas, top left)."""
    images = [Image.open(io.BytesIO(b)).convert("RGB") for b in frames]
    width = max(im.width for im in images)
    height = max(im.height for im in images)
    out: list[Image.Image] = []
    for im in images:
        if im.size != (width, height):
            canvas = Image.new("RGB", (width, height), (255, 255, 255))
            canvas.paste(im, (0, 0))
            im = canvas
        out.append(im)
    return out


def _exact_palette(frames: Sequence[bytes]) -> list[Image.Image] | None:
    """Every frame in one palette of the colours they use, if they are palette images of one
    size using at most 256 colours in all (the boards usually are): lossless and small. Each
    frame's indices are mapped to the shared palette's (``point``), never matched by nearest
    colour. ``None`` if not."""
    images = [Image.open(io.BytesIO(b)) for b in frames]
    if any(
        im.mode != "P" or im.size != images[0].size or "transparency" in im.info for im in images
    ):
        return None
    index: dict[tuple[int, int, int], int] = {}
    luts: list[list[int]] = []
    for im in images:
        flat = im.getpalette() or []
        lut = [0] * 256
        for _count, i in im.getcolors(256) or []:
            colour = (flat[3 * i], flat[3 * i + 1], flat[3 * i + 2])
            if colour not in index:
                if len(index) == 256:
                    return None
                index[colour] = len(index)
            lut[i] = index[colour]
        luts.append(lut)
    shared = [v for c in index for v in c]
    shared += shared[:3] * (256 - len(index))
    out: list[Image.Image] = []
    for im, lut in zip(images, luts, strict=True):
        mapped = Image.frombytes("L", im.size, im.tobytes()).point(lut)
        frame = Image.frombytes("P", im.size, mapped.tobytes())
        frame.putpalette(shared)
        out.append(frame)
    return out


def _shared_palette(images: Sequence[Image.Image]) -> list[Image.Image]:
    """Every frame in one 256-colour palette made from the first and the last frame."""
    first, last = images[0], images[-1]
    sample = Image.new("RGB", (first.width, first.height * 2))
    sample.paste(first, (0, 0))
    sample.paste(last, (0, first.height))
    palette = sample.quantize(256, method=Image.Quantize.MEDIANCUT)
    return [im.quantize(palette=palette, dither=Image.Dither.NONE) for im in images]


def _apng(images: Sequence[Image.Image], frame_ms: int, last_ms: int) -> bytes:
    n = len(images)
    durations = [frame_ms] * (n - 1) + [last_ms]
    blends = [i % 2 for i in range(n)]  # never fold two equal boards into one frame
    buf = io.BytesIO()
    images[0].save(
        buf,
        format="PNG",
        save_all=True,
        append_images=list(images[1:]),
        duration=durations,
        loop=0,
        disposal=0,
        blend=blends,
    )
    return buf.getvalue()


def animate(
    frames: Sequence[bytes],
    *,
    limit: int = DISCORD_UPLOAD_LIMIT,
    frame_ms: int = FRAME_MS,
    last_ms: int = LAST_FRAME_MS,
) -> Animation:
    """``frames`` (PNG bytes, in order) as one APNG of at most ``limit`` bytes (see the module
    docstring). One frame is a still PNG."""
    if not frames:
        raise ValueError("a replay needs at least one frame")  # not for players
    images = _canvas(frames)
    scale = 1.0
    while True:
        if scale == 1.0:
            sized = images
        else:
            size = (max(1, round(images[0].width * scale)), max(1, round(images[0].height * scale)))
            sized = [im.resize(size, Image.Resampling.LANCZOS) for im in images]
        exact = _exact_palette(frames) if scale == 1.0 else None
        tries = [(exact, True)] if exact is not None else [(list(sized), False)]
        tries.append((None, True))  # one palette of 256 colours for all: lossy, smaller
        for drawn, shared in tries:
            if drawn is None:
                drawn = _shared_palette(sized)
            data = _apng(drawn, frame_ms, last_ms) if len(drawn) > 1 else _still(drawn[0])
            if len(data) <= limit:
                return Animation(data, "png", len(frames), sized[0].size, scale, shared)
        scale *= SHRINK
        if min(images[0].size) * scale < MIN_SIDE:
            n, side = len(frames), MIN_SIDE
            why = f"{n} frames do not fit {limit} bytes even at {side} pixels"  # not for players
            raise ValueError(why)


def _still(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()


def _colour(seat: int) -> tuple[int, int, int]:
    palette = (*PLAYER, *_EXTRA)
    return palette[seat % len(palette)]


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
    then). The words are said in the language in force (``counter``: ``turn``, ``label``:
    ``score`` by default)."""
    label = label if label is not None else _p("graph", "score")
    width, height = size
    image = Image.new("RGB", size, (250, 248, 242))
    draw = ImageDraw.Draw(image)
    left, right, top, bottom = 44, 16, 24, 58
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [v for row in series for v in row if v is not None]
    low = min([0.0, *values])
    high = max([1.0, *values])
    span = high - low or 1.0
    turns = max(1, len(series) - 1)
    ink = (60, 60, 66)
    draw.rectangle((left, top, left + plot_w, top + plot_h), outline=(190, 186, 176))
    draw_text(draw, (6, 4), fit_text(label, 11, width - 12), 11, ink, anchor="la")
    for k in range(5):  # horizontal grid and labels
        value = low + span * k / 4
        y = top + plot_h - plot_h * k / 4
        draw.line((left, y, left + plot_w, y), fill=(225, 221, 212))
        draw_text(draw, (left - 6, y), f"{value:.0f}", 11, ink, anchor="rm")
    draw_text(draw, (left, top + plot_h + 4), "0", 11, ink, anchor="la")
    if counter is None:
        # Translators: the x axis's end: the last turn ('turn 12')
        end = _("turn {number}", number=turns)
    else:
        # Translators: the x axis's end: the game's counter word and the last one ('round 12')
        end = _("{counter} {number}", counter=counter, number=turns)
    draw_text(draw, (left + plot_w, top + plot_h + 4), end, 11, ink, anchor="ra")
    seats = max((len(row) for row in series), default=0)
    for seat in range(seats):
        points: list[tuple[float, float]] = []
        for t, row in enumerate(series):
            v = row[seat] if seat < len(row) else None
            if v is None:
                if len(points) > 1:
                    draw.line(points, fill=_colour(seat), width=2)
                points = []
                continue
            x = left + plot_w * t / turns
            y = top + plot_h - plot_h * (v - low) / span
            points.append((x, y))
        if len(points) > 1:
            draw.line(points, fill=_colour(seat), width=2)
        elif points:
            x, y = points[0]
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
