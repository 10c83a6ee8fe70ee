"""The end-of-game image of Amsterdam, drawn from the public view of a finished game.

``render_end(view)`` shows the result and why (``end.reason``: the port is full, bankruptcy in
Penniless, three areas in a row in Gomoku, ...), the ranking (AM-13.8: VP, then gulden; Gomoku:
areas won, AM-G43) with each player's VP, gulden and areas won, the end scoring as the view
gives it (the five largest open areas with their size, distance to the center and who scored,
AM-13.4-13.7; every area scored at the end with its winner and tie-break, AM-G31; Gomoku's
winning row, AM-V6.4, or the areas won, AM-G43) and the final harbour with the counted areas
numbered (and Gomoku's winning row highlighted).
"""

from __future__ import annotations

from typing import Any, Final

from PIL import Image, ImageDraw

from engine.amsterdam.language import _, _n, _p
from engine.amsterdam.presentation.words import variant_title
from engine.i18n import counted, listed
from render.amsterdam import theme as A
from render.amsterdam.grid import cell_regions, geometry, grid_panel_region
from render.amsterdam.regions import (
    Region,
    caption,
    compose,
    draw_fit,
    header,
    name_of,
    player_title,
)
from render.common import theme as T
from render.common.draw import panel, player_letters
from render.common.png import png_bytes
from render.common.text import draw_text

__all__ = ["W", "compose_end", "counted_areas", "marked_cells", "render_end", "scoring_lines"]

View = dict[str, Any]
W: Final = 960
ROW_H: Final = 84
RESULT_H: Final = 44 + 2 * ROW_H + 8
LINE_H: Final = 30
MAX_LINES: Final = 10


def render_end(view: View) -> bytes:
    size, regions = layout(view)
    return png_bytes(compose(size, regions))


def compose_end(view: View) -> Image.Image:
    size, regions = layout(view)
    return compose(size, regions).convert("RGB")


def _ranking(view: View) -> list[list[int]]:
    given = view.get("ranking")
    if given:
        return [[int(s) for s in group] for group in given]
    order = sorted(view["players"], key=lambda p: (-int(p["vp"]), -int(p["gulden"])))
    return [[int(p["seat"])] for p in order]


def _place(place: int) -> str:
    """A rank in the result: first or second (AM-13.8)."""
    return _p("rank", "1st") if place == 0 else _p("rank", "2nd")


def _names(view: View, seats: list[int]) -> str:
    names = [name_of(view, s) for s in seats]
    if not names:
        return _("nobody")
    if len(names) == 1:
        return names[0]
    return listed(names)


def _where(cells: list[Any]) -> str:
    return " ".join(str(c) for c in cells[:6]) + (" …" if len(cells) > 6 else "")


def _cards(n: Any) -> str:
    return _n("{n} card", "{n} cards", int(n or 0))


def scoring_lines(view: View) -> tuple[str, list[tuple[str, str]]]:
    """The end scoring as (title, [(badge, text)]) from ``end.scoring`` (and ``end.row``)."""
    end = view.get("end") or {}
    scoring = end.get("scoring") or {}
    mode = scoring.get("mode")
    if mode == "largest5":
        rows: list[tuple[str, str]] = []
        for i, a in enumerate(scoring.get("areas") or []):
            # Translators: {cards} is "5 cards", {cells} the area's cells, {names} who scores
            text = _n(
                "{cards}, {n} step from the center ({cells}): {names} +{vp} VP",
                "{cards}, {n} steps from the center ({cells}): {names} +{vp} VP",
                int(a.get("distance") or 0),
                cards=_cards(a.get("size")),
                cells=_where(list(a.get("cells") or [])),
                names=_names(view, list(a.get("scorers") or [])),
                vp=a.get("vp"),
            )
            rows.append((str(i + 1), text))
        if not rows:
            rows = [("", _("no open area with warehouses: nobody scored at the end"))]
        return (
            # rule: AM-13.4
            _("The five largest open areas: 1 VP each to every player with a warehouse"),
            rows,
        )
    if mode == "all":
        return _every_area_lines(view, list(scoring.get("areas") or []))
    if end.get("row"):
        return _row_lines(view, end["row"])
    scored = [a for a in view.get("areas") or [] if a.get("scored")]
    rows = []
    for a in scored:
        winner = a.get("winner")
        who = f"{name_of(view, winner)}" if winner is not None else _("nobody (a tie)")
        rows.append(("", _area_line(a.get("size"), list(a.get("cells") or []), who)))
    if mode == "gomoku":
        # rule: AM-G43
        title = _("No three in a row: more areas won wins; {won}", won=_won_text(view))
    else:
        title = _("Areas scored during the game")
    return title, rows or [("", _("no area was scored"))]


def _area_line(size: Any, cells: list[Any], who: str) -> str:
    """``5 cards at D4 D5 …: alice`` (an area, where it is, who won or scores it)."""
    # Translators: {cards} is "5 cards", {cells} the area's cells, {who} its winner
    return _("{cards} at {cells}: {who}", cards=_cards(size), cells=_where(cells), who=who)


def _won_text(view: View) -> str:
    return counted(f"{p['name']} {p['areas_won']}" for p in view["players"][:2])


def _every_area_lines(view: View, at_end: list[View]) -> tuple[str, list[tuple[str, str]]]:
    """AM-G31: each area scored at the end, numbered as on the harbour, with who won it and why
    (AM-10.2-10.6); then the areas scored during play in one line."""
    rows: list[tuple[str, str]] = []
    for i, a in enumerate(at_end):
        winner = a.get("winner")
        who = (
            _("{name} +{vp} VP", name=name_of(view, winner), vp=a.get("vp"))
            if winner is not None
            else _("nobody scores")
        )
        why = str(a.get("why") or "")
        line = _area_line(a.get("size"), list(a.get("cells") or []), who)
        rows.append((str(i + 1), line + (f" — {why}" if why else "")))
    if len(rows) > MAX_LINES - 1:
        rest = len(rows) - (MAX_LINES - 2)
        more = _n(
            "… and {n} more area (numbered on the port)",
            "… and {n} more areas (numbered on the port)",
            rest,
        )
        rows = [*rows[: MAX_LINES - 2], ("", more)]
    end_cells = {str(a["cells"][0]) for a in at_end if a.get("cells")}
    during = [
        a
        for a in view.get("areas") or []
        if a.get("scored") and a.get("cells") and str(a["cells"][0]) not in end_cells
    ]
    won = [sum(1 for a in during if a.get("winner") == s) for s in (0, 1)]
    wins = counted(_("{name} won {n}", name=name_of(view, s), n=won[s]) for s in (0, 1))
    closed = _n(
        "Closed during play: {n} area — {wins}",
        "Closed during play: {n} areas — {wins}",
        len(during),
        wins=wins,
    )
    rows.append(("", closed))
    if not at_end:
        rows.insert(0, ("", _("no open area with warehouses was left: nobody scored at the end")))
    return (
        # rule: AM-G31
        _("Every area left open is scored at the end: its winner takes 1 VP (+ customs)"),
        rows,
    )


def _row_lines(view: View, row: View) -> tuple[str, list[tuple[str, str]]]:
    """AM-V6.4, AM-G42: the three areas of the winning row, numbered as on the harbour."""
    seat = row.get("seat")
    winner = name_of(view, seat)
    rows: list[tuple[str, str]] = [
        (
            str(i + 1),
            _(
                "{cards} at {cells}: won by {name}",
                cards=_cards(len(cells)),
                cells=_where(list(cells)),
                name=winner,
            ),
        )
        for i, cells in enumerate(row.get("areas") or [])
    ]
    rows.append(("", _("Areas won: {won}", won=_won_text(view))))
    # rule: AM-V6.4
    title = _("Three areas in a row for {name}: highlighted on the port", name=winner)
    return title, rows


def counted_areas(view: View) -> list[list[str]]:
    """The areas numbered on the final harbour: the five largest (AM-13.4), every area scored
    at the end (AM-G31), or the three of Gomoku's winning row (AM-V6.4)."""
    end = view.get("end") or {}
    scoring = end.get("scoring") or {}
    if scoring.get("areas"):
        return [list(map(str, a.get("cells") or [])) for a in scoring["areas"]]
    row = end.get("row") or {}
    return [list(map(str, cells)) for cells in row.get("areas") or []]


def marked_cells(view: View) -> frozenset[str]:
    """Gomoku's winning row (AM-G42): the three areas and the water cells between them."""
    row = (view.get("end") or {}).get("row") or {}
    cells = {str(c) for c in row.get("line") or []}
    for area in row.get("areas") or []:
        cells.update(str(c) for c in area)
    return frozenset(cells)


def layout(view: View) -> tuple[tuple[int, int], list[Region]]:
    letters = player_letters(view)
    rank = _ranking(view)
    draw_game = len(rank) == 1
    title = (
        _("Amsterdam — a draw")
        if draw_game
        else _("Amsterdam — {name} wins!", name=name_of(view, rank[0][0]))
    )
    end = view.get("end") or {}
    reason = str(end.get("reason") or _("the game is over"))
    variant = variant_title(view.get("variant") or {}) if view.get("variant") else ""
    regions: list[Region] = []
    hkey = ("end-header", title, variant, reason)  # not for players

    def paint_header(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        header(img, draw, title, variant, reason, False)

    regions.append(Region((0, 0, W, A.HEADER_H), hkey, paint_header))
    y = A.HEADER_H + 12
    gomoku = (view.get("variant") or {}).get("name") == "gomoku"
    rows = []
    for place, group in enumerate(rank):
        for seat in group:
            p = view["players"][seat]
            label = "=" if draw_game else _place(min(place, 1))
            rows.append(
                (
                    label,
                    seat,
                    letters[seat],
                    str(p["name"]),
                    int(p["vp"]),
                    int(p["gulden"]),
                    int(p["areas_won"]),
                )
            )
    rkey = ("result", tuple(rows), draw_game, gomoku)
    regions.append(Region((A.MARGIN, y, W - A.MARGIN, y + RESULT_H), rkey, _result_painter(rkey)))
    y += RESULT_H + 12
    stitle, lines = scoring_lines(view)
    lines = lines[:MAX_LINES]
    sh = 44 + len(lines) * LINE_H + 10
    skey = ("scoring", stitle, tuple(lines))
    regions.append(Region((A.MARGIN, y, W - A.MARGIN, y + sh), skey, _scoring_painter(skey)))
    y += sh + 12
    ncols = len(view["grid"]["cols"])
    cell = max(40, min(70, (W - 2 * A.MARGIN - 2 * A.LABEL_BAND - 24) // ncols))
    g = geometry(view, y, W, cell)
    regions.append(grid_panel_region(g))
    regions += cell_regions(view, g, marked_cells(view))
    regions += _badges(counted_areas(view), g)
    y = g.box[3] + A.MARGIN
    return (W, y), regions


def _badges(counted: list[list[str]], g: Any) -> list[Region]:
    """Numbered squares on the first cell of each counted area, as the scoring lines number
    them."""
    out = []
    d = max(18, g.cell // 3)
    for i, cells in enumerate(counted):
        if not cells:
            continue
        label = str(cells[0])
        row, col = label[0], int(label[1:])
        if row not in g.rows or col not in g.cols:
            continue
        x = g.x0 + g.cols.index(col) * g.cell + g.cell - d - 3
        y = g.y0 + g.rows.index(row) * g.cell + g.cell - d - 3
        key = ("badge", d, i + 1)
        out.append(Region((x, y, x + d, y + d), key, _badge_painter(key), T.HEADER))
    return out


def _badge_painter(key: tuple[Any, ...]) -> Any:
    _key, d, n = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        draw.rectangle((0, 0, d - 1, d - 1), fill=T.HEADER, outline=(255, 255, 255), width=2)
        draw_text(
            draw,
            (d / 2, d / 2),
            str(n),
            max(10, round(d * 0.7)),
            T.HEADER_TEXT,
            bold=True,
            anchor="mm",
        )

    return paint


def _result_painter(key: tuple[Any, ...]) -> Any:
    _key, rows, draw_game, gomoku = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h))
        # rule: AM-13.8
        rule = _("areas won, then gulden") if gomoku else _("VP, then gulden")
        caption(draw, (16, 28), _("Ranking · {rule}", rule=rule), w - 32)
        units = (_("VP"), _p("card symbol", "gulden"), _("areas won"))
        for i, (label, seat, letter, name, vp, gulden, won) in enumerate(rows):
            y = 40 + i * ROW_H
            if i == 0 and not draw_game:
                draw.rounded_rectangle(
                    (8, y, w - 8, y + ROW_H - 6), radius=10, outline=T.PANEL_ACTIVE_EDGE, width=3
                )
            draw_text(
                draw, (22, y + ROW_H / 2 - 3), label, A.FONT_BIG - 4, T.TEXT, bold=True, anchor="lm"
            )
            player_title(img, draw, (86, y + 20), seat, letter, name, 330, bg=T.PANEL)
            for j, (value, unit) in enumerate(zip((vp, gulden, won), units, strict=True)):
                x = 450 + j * 150
                box = draw_text(
                    draw,
                    (x, y + ROW_H / 2 - 3),
                    str(value),
                    A.FONT_BIG,
                    T.TEXT,
                    bold=True,
                    anchor="lm",
                )
                room = (x + 150 - 12 if j < 2 else w - 12) - (box[2] + 8)
                draw_fit(
                    draw,
                    (box[2] + 8, y + ROW_H / 2 + 4),
                    unit,
                    A.FONT_SMALL,
                    T.TEXT_SOFT,
                    room,
                    anchor="lm",
                )

    return paint


def _scoring_painter(key: tuple[Any, ...]) -> Any:
    _key, title, lines = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h))
        draw_fit(draw, (16, 28), title, A.FONT_SMALL, T.TEXT_SOFT, w - 32, bold=True, anchor="ls")
        for i, (badge, text) in enumerate(lines):
            y = 44 + i * LINE_H + LINE_H / 2
            x = 16
            if badge:
                draw.rectangle((16, y - 12, 40, y + 12), fill=T.HEADER)
                draw_text(draw, (28, y), badge, A.FONT_SMALL, T.HEADER_TEXT, bold=True, anchor="mm")
                x = 50
            draw_fit(draw, (x, y), text, A.FONT_BODY, T.TEXT, w - x - 16, anchor="lm", smallest=13)

    return paint
