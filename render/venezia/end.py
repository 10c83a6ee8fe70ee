"""The end-of-game image: the ranking and every gondola's position over the turns.

``render_end(view)`` takes the public view of a finished game (``view["ranking"]``: lists of seats
from first place down, ties together; ``view["track_history"]``: every gondola's position at the
start and after each turn, the last entry after the final gold conversion, V-E2).
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from engine.i18n import listed
from engine.venezia.language import _, _n, _p
from render.common.draw import SS, marker, paste, player_letters, rounded_box
from render.common.png import encode_png
from render.common.text import draw_fitted, draw_text, text_width
from render.venezia import static as S
from render.venezia import theme as T
from render.venezia.board_palette import palette

__all__ = ["chart_point", "compose_end", "render_end"]

View = dict[str, Any]
Point = tuple[float, float]

WIDTH, HEIGHT = 1400, 760
HEADER = 70
RANK_W = 420
CHART = (RANK_W + 70, HEADER + 50, WIDTH - 40, HEIGHT - 70)  # plot area: left, top, right, bottom
#: A mark shape per seat along the lines, so lines differ without colour too.
MARKS = ("circle", "square", "triangle", "diamond", "hexagon")


def render_end(view: View) -> bytes:
    """The end-of-game image (PNG bytes) of a finished game's public view."""
    return encode_png(compose_end(view), palette=palette())


def _ranking(view: View) -> list[list[int]]:
    ranking = view.get("ranking")
    if ranking:
        return [[int(s) for s in group] for group in ranking]
    # not finished (or an older view): order by position, ties together
    players = view["players"]
    by_pos: dict[int, list[int]] = {}
    for p in players:
        by_pos.setdefault(int(p["position"]), []).append(int(p["seat"]))
    return [by_pos[k] for k in sorted(by_pos, reverse=True)]


def _scale(view: View) -> tuple[int, int]:
    """(last turn index, top of the y axis)."""
    hist = view.get("track_history") or [[p["position"] for p in view["players"]]]
    top = max([60, *(max(row) for row in hist if row)])
    top = int(math.ceil(top / 10) * 10)
    return max(1, len(hist) - 1), top


def chart_point(
    view: View, index: int, position: float, scale: tuple[int, int] | None = None
) -> Point:
    """Pixel of (history index, track position) in the chart; ``scale`` is ``_scale(view)``
    when the caller has it (it scans the whole history)."""
    n, top = scale if scale is not None else _scale(view)
    left, ctop, right, bottom = CHART
    return (
        left + (right - left) * index / n,
        bottom - (bottom - ctop) * position / top,
    )


def _detail(view: View, seat: int) -> str:
    """ "space 38 · 7 buildings (3 casas)" from the public view."""
    built = [b for b in view.get("buildings", []) if b.get("builder") == seat]
    casas = sum(1 for b in built if b.get("type") == "casa")
    pos = view["players"][seat]["position"]
    if not casas:
        # Translators: a player's line of the final ranking: track space, buildings built
        return _("space {space} · built {built}", space=pos, built=len(built))
    return _n(
        "space {space} · built {built} ({n} casa)",
        "space {space} · built {built} ({n} casas)",
        casas,
        space=pos,
        built=len(built),
    )


def _mark(d: ImageDraw.ImageDraw, shape: str, c: Point, r: float, fill: T.RGB) -> None:
    x, y = c
    edge = (255, 255, 255)
    if shape == "circle":
        d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=edge, width=2)
    elif shape == "square":
        d.rectangle(
            (x - r * 0.85, y - r * 0.85, x + r * 0.85, y + r * 0.85),
            fill=fill,
            outline=edge,
            width=2,
        )
    elif shape == "triangle":
        d.polygon(
            [(x, y - r * 1.1), (x + r, y + r * 0.75), (x - r, y + r * 0.75)],
            fill=fill,
            outline=edge,
            width=2,
        )
    elif shape == "diamond":
        d.polygon(
            [(x, y - r * 1.15), (x + r * 1.15, y), (x, y + r * 1.15), (x - r * 1.15, y)],
            fill=fill,
            outline=edge,
            width=2,
        )
    else:
        d.polygon(S.hex_corners(x, y, r * 1.1), fill=fill, outline=edge, width=2)


def compose_end(view: View) -> Image.Image:
    k = SS
    letters = player_letters(view)
    players = view["players"]
    img = Image.new("RGB", (WIDTH, HEIGHT), T.BACKGROUND)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, WIDTH, HEADER), fill=T.HEADER)
    ranking = _ranking(view)
    winners = listed(players[s]["name"] for s in (ranking[0] if ranking else []))
    title: str
    if ranking:
        title = _n(
            "Venezia — {names} wins!",
            "Venezia — {names} win!",
            max(1, len(ranking[0])),
            names=winners,
        )
    else:
        title = _("Venezia")  # the game's name as the reader reads it (ヴェネチア, Velence)
    turns = view.get("turn")
    turn = _n("{n} turns", "{n} turns", int(turns)) if turns else ""
    tw = text_width(turn, T.FONT_SUB, bold=True)
    draw_text(
        draw, (WIDTH - 28, HEADER / 2), turn, T.FONT_SUB, T.HEADER_SUB, bold=True, anchor="rm"
    )
    draw_text(
        draw,
        (28, HEADER / 2),
        title,
        T.FONT_TITLE + 4,
        T.HEADER_TEXT,
        bold=True,
        anchor="lm",
        max_width=WIDTH - 80 - tw,
    )

    # --- ranking
    x0, y = 24, HEADER + 24
    draw_text(
        draw, (x0 + 4, y + 6), _("FINAL RANKING"), T.FONT_TINY, T.TEXT_SOFT, bold=True, anchor="ls"
    )
    y += 18
    place = 1
    row_h = 86
    for group in ranking:
        for seat in group:
            p = players[seat]
            hot = place == 1
            fill = T.PANEL_ACTIVE if hot else T.PANEL
            edge = T.PANEL_ACTIVE_EDGE if hot else T.PANEL_EDGE
            paste(
                img,
                rounded_box(RANK_W - 24, row_h - 10, fill, edge, 10, 2 if hot else 1),
                (x0, y),
            )
            draw_text(
                draw, (x0 + 30, y + 38), f"{place}.", T.FONT_SCORE, T.TEXT, bold=True, anchor="mm"
            )
            paste(img, marker(seat, letters[seat], 40), (x0 + 58, y + 18))
            draw_text(
                draw,
                (x0 + 110, y + 30),
                str(p["name"]),
                T.FONT_NAME + 2,
                T.TEXT,
                bold=True,
                anchor="lm",
                max_width=RANK_W - 24 - 110 - 90,
            )
            draw_fitted(
                draw,
                (x0 + 110, y + 54),
                _detail(view, seat),
                T.FONT_SMALL,
                T.TEXT_SOFT,
                RANK_W - 24 - 110 - 80,
                anchor="lm",
            )
            draw_text(
                draw,
                (x0 + RANK_W - 40, y + 38),
                str(p["position"]),
                T.FONT_SCORE + 6,
                T.TEXT,
                bold=True,
                anchor="rm",
            )
            y += row_h
        place += len(group)

    # --- chart of the gondolas over the turns
    hist: list[list[int]] = [list(r) for r in (view.get("track_history") or [])]
    if not hist:
        hist = [[int(p["position"]) for p in players]]
    scale = _scale(view)
    n, top = scale
    left, ctop, right, bottom = CHART
    paste(
        img,
        rounded_box(right - left + 70, bottom - ctop + 100, T.PANEL, T.PANEL_EDGE, 12),
        (left - 50, ctop - 34),
    )
    draw_text(
        draw,
        (left - 36, ctop - 12),
        _("GONDOLAS OVER THE TURNS"),
        T.FONT_TINY,
        T.TEXT_SOFT,
        bold=True,
        anchor="ls",
    )
    big = Image.new("RGBA", ((right - left + 40) * k, (bottom - ctop + 40) * k), (0, 0, 0, 0))
    bd = ImageDraw.Draw(big)

    def P(i: float, pos: float) -> Point:
        x, y2 = chart_point(view, int(i), pos, scale) if float(i).is_integer() else (0.0, 0.0)
        return ((x - left + 20) * k, (y2 - ctop + 20) * k)

    for v in range(0, top + 1, 10):
        gy = (bottom - (bottom - ctop) * v / top - ctop + 20) * k
        col = T.TRACK_TEN if v == 60 else T.GRID
        bd.line(
            (20 * k, gy, (right - left + 20) * k, gy),
            fill=col,
            width=(2 if v in (0, 60) else 1) * k,
        )
    step = max(1, round(n / 12))
    for i in range(0, n + 1, step):
        gx = (chart_point(view, i, 0, scale)[0] - left + 20) * k
        bd.line((gx, 20 * k, gx, (bottom - ctop + 20) * k), fill=T.GRID, width=k)
    if view.get("game_over") and n >= 2:  # the last entry includes the final gold conversion
        gx0 = (chart_point(view, n - 1, 0, scale)[0] - left + 20) * k
        gx1 = (chart_point(view, n, 0, scale)[0] - left + 20) * k
        bd.rectangle((gx0, 20 * k, gx1, (bottom - ctop + 20) * k), fill=(*T.GOLD_BAND, 255))
    order = [s for group in reversed(ranking) for s in group]
    for seat in order:
        pts = [P(i, row[seat]) for i, row in enumerate(hist) if seat < len(row)]
        colour = T.player_color(seat)
        if len(pts) > 1:
            bd.line(pts, fill=(255, 255, 255), width=7 * k, joint="curve")
            bd.line(pts, fill=colour, width=4 * k, joint="curve")
        every = max(1, len(pts) // 8)
        for j, c in enumerate(pts):
            if j % every == 0 or j == len(pts) - 1:
                _mark(bd, MARKS[seat % len(MARKS)], c, 5.5 * k, colour)
    # A box filter (each output pixel the mean of its k x k samples): the supersampling
    # average, ~20x cheaper than Lanczos on a chart this big (~7 Mpx at k=3).
    small = big.reduce(k)
    img.paste(small, (left - 20, ctop - 20), small)
    for v in range(0, top + 1, 10):
        gy = bottom - (bottom - ctop) * v / top
        draw_text(draw, (left - 28, gy), str(v), T.FONT_SMALL, T.TEXT_SOFT, anchor="rm")
    for i in range(0, n + 1, step):
        gx = chart_point(view, i, 0, scale)[0]
        draw_text(draw, (gx, bottom + 22), str(i), T.FONT_SMALL, T.TEXT_SOFT, anchor="mm")
    if view.get("game_over") and n >= 2:
        gx = chart_point(view, n, 0, scale)[0]
        draw_text(
            draw, (gx - 4, ctop - 12), _("last turn + gold"), T.FONT_TINY, T.TEXT_SOFT, anchor="rs"
        )
    draw_text(
        draw,
        ((left + right) / 2, bottom + 46),
        _p("chart axis", "turns"),
        T.FONT_SMALL,
        T.TEXT_SOFT,
        anchor="mm",
    )
    # the letters at the lines' ends, nudged apart when they collide
    ends: list[tuple[float, int]] = []
    for seat in range(len(players)):
        last = hist[-1][seat] if seat < len(hist[-1]) else players[seat]["position"]
        ends.append((chart_point(view, n, last, scale)[1], seat))
    ends.sort()
    placed: list[float] = []
    for ey, seat in ends:
        yy = ey if not placed else max(ey, placed[-1] + 24)
        placed.append(yy)
        paste(img, marker(seat, letters[seat], 24), (right + 8, yy - 12))
    return img
