"""The harbour grid of an Amsterdam view: one region per cell, coordinates around the edge.

Only the cells the growing frame (AM-G8) can still reach are drawn: that is a rectangle of the
view's grid, which shrinks to the frame itself once the port spans it (rows and columns out of
reach are left out, their labels too; the cell size stays the one of the whole grid, so cards
keep their size all game). Fewer pixels make the image cheaper to encode.

Everything comes from the public view's ``grid``, ``areas`` and ``pending``: the reach of the
frame, the cards with their ship/depot/guard, the outlines of
the harbour areas (AM-0.5; scored ones tinted with their winner, AM-10.8) and the cells the
pending decision may name (``place``/``ship``/``remove``, when its options are public).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from PIL import Image, ImageDraw

from engine.amsterdam.cards import special_name
from engine.amsterdam.language import _, _p
from render.amsterdam import theme as A
from render.amsterdam.cards import card_face, card_key, goods_icon, guard, ship_piece
from render.amsterdam.regions import Region, draw_fit, fit_size
from render.common import theme as T
from render.common.draw import panel
from render.common.text import draw_text

__all__ = [
    "GridGeometry",
    "cell_regions",
    "geometry",
    "grid_panel_region",
    "legal_cells",
    "reach",
]

View = dict[str, Any]
CELL_KINDS: Final = ("place", "ship", "remove")


@dataclass(frozen=True)
class GridGeometry:
    rows: tuple[str, ...]  # the labels of the rows drawn (the reachable ones)
    cols: tuple[int, ...]
    cell: int
    x0: int  # top-left of cell A1
    y0: int
    box: tuple[int, int, int, int]  # the grid panel
    row0: int = 0  # index in the view's grid of the first row drawn
    col0: int = 0
    note: str = ""  # under the grid: the port's size while its place is not fixed yet

    @property
    def height(self) -> int:
        return self.box[3] - self.box[1]


def geometry(
    view: View, top: int, width: int | None = None, cell: int | None = None
) -> GridGeometry:
    """Where the grid goes: the cell size fits the whole grid into the image width (between
    CELL_MIN and CELL_MAX); only the rows and columns the frame can reach are drawn."""
    all_rows = tuple(str(r) for r in view["grid"]["rows"])
    all_cols = tuple(int(c) for c in view["grid"]["cols"])
    band = A.LABEL_BAND
    if cell is None:
        avail = A.MIN_WIDTH - 2 * A.MARGIN - 2 * band - 24
        fit = min(avail // len(all_cols), ROWS_BUDGET // len(all_rows))
        cell = max(A.CELL_MIN, min(A.CELL_MAX, fit))
    (r_lo, r_hi), (c_lo, c_hi) = reach(view)
    rows, cols = all_rows[r_lo : r_hi + 1], all_cols[c_lo : c_hi + 1]
    grid_w = len(cols) * cell + 2 * band + 24
    w = width if width is not None else max(A.MIN_WIDTH, grid_w + 2 * A.MARGIN)
    x0 = (w - len(cols) * cell) // 2
    y0 = top + 12 + band
    note = port_note(view, len(rows), len(cols))
    bottom = y0 + len(rows) * cell + band + 12 + (NOTE_H if note else 0)
    box = (A.MARGIN, top, w - A.MARGIN, bottom)
    return GridGeometry(rows, cols, cell, x0, y0, box, r_lo, c_lo, note)


#: Pixels for the grid's rows: a tall harbour gets smaller cells, so that the image is not so
#: tall that Discord shrinks its names below 9 px (render.common.display).
ROWS_BUDGET: Final = 760
#: Height of the line under the grid that gives the port's size (:func:`port_note`).
NOTE_H: Final = 30


def port_note(view: View, drawn_rows: int, drawn_cols: int) -> str:
    """While the port can still shift (AM-G8: its frame has a size, not a place), more cells
    are drawn than the port will have, e.g. 11 x 10 for Gomoku's 8 x 8 port (AM-V6.1): say
    its real size and how much of it is used, so the grid agrees with the title."""
    grid = view["grid"]
    frame_r, frame_c = (int(v) for v in grid["frame"])
    if drawn_rows <= frame_r and drawn_cols <= frame_c:
        return ""
    rows = tuple(grid["rows"])
    span_r, span_c = grid["span"]["rows"], grid["span"]["cols"]
    used_r = rows.index(span_r[1]) - rows.index(span_r[0]) + 1
    used_c = int(span_c[1]) - int(span_c[0]) + 1
    return _(
        "The port is {rows} × {cols} at most: {used_rows} rows × {used_cols} columns so far, "
        "growing into the cells shown",
        rows=frame_r,
        cols=frame_c,
        used_rows=used_r,
        used_cols=used_c,
    )


def reach(view: View) -> tuple[tuple[int, int], tuple[int, int]]:
    """The first and last row and column indexes (of the view's grid) the frame can reach."""
    grid = view["grid"]
    rows, cols = tuple(grid["rows"]), tuple(grid["cols"])
    frame_r, frame_c = (int(v) for v in grid["frame"])
    r_lo, r_hi = _reach(grid["span"]["rows"], rows, frame_r, False)
    c_lo, c_hi = _reach(grid["span"]["cols"], cols, frame_c, True)
    return (max(0, r_lo), min(len(rows) - 1, r_hi)), (max(0, c_lo), min(len(cols) - 1, c_hi))


def legal_cells(view: View) -> tuple[str | None, frozenset[str]]:
    """The kind of the pending cell decision and the cells its public options name."""
    for d in view.get("pending") or []:
        if d.get("kind") in CELL_KINDS and d.get("options"):
            cells = frozenset(
                str(o).split()[1] for o in d["options"] if len(str(o).split()) == 2
            ) - {"stay", "none"}
            return str(d["kind"]), cells
    return None, frozenset()


def _reach(
    span: list[Any], labels: tuple[Any, ...], frame: int, one_based: bool
) -> tuple[int, int]:
    if one_based:
        first, last = int(span[0]) - 1, int(span[1]) - 1
    else:
        first, last = labels.index(span[0]), labels.index(span[1])
    return last - (frame - 1), first + (frame - 1)


def grid_panel_region(g: GridGeometry) -> Region:
    """The static layer of the grid: the panel, the coordinates and every cell drawn empty with
    the frame around them. It changes only with the geometry, so it is drawn once per variant
    and reach; the cells that show something are separate regions pasted over it."""
    key = (
        "grid-panel",  # not for players
        g.rows,
        g.cols,
        g.cell,
        g.x0 - g.box[0],
        g.y0 - g.box[1],
        g.box[2] - g.box[0],
        g.note,
    )

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h))
        if g.note:
            draw_fit(
                draw,
                (w / 2, h - NOTE_H / 2 - 6),
                g.note,
                A.FONT_SMALL,
                T.TEXT,
                w - 24,
                bold=True,
                anchor="mm",
            )
        gx, gy = g.x0 - g.box[0], g.y0 - g.box[1]
        n_r, n_c = len(g.rows), len(g.cols)
        half = A.LABEL_BAND // 2 + 2
        for i, r in enumerate(g.rows):
            cy = gy + i * g.cell + g.cell / 2
            for x in (gx - half, gx + n_c * g.cell + half):
                draw_text(draw, (x, cy), r, A.FONT_LABEL, T.TEXT, bold=True, anchor="mm")
        for j, c in enumerate(g.cols):
            cx = gx + j * g.cell + g.cell / 2
            for y in (gy - half, gy + n_r * g.cell + half):
                draw_text(draw, (cx, y), str(c), A.FONT_LABEL, T.TEXT, bold=True, anchor="mm")
        s = g.cell
        for i in range(n_r):
            for j in range(n_c):
                frame = (i == 0, j == n_c - 1, i == n_r - 1, j == 0)  # the reach's border
                cell = Image.new("RGB", (s, s), T.PANEL)
                _cell_painter(("cell", s, True, frame, False, (), False))(
                    cell, ImageDraw.Draw(cell)
                )
                img.paste(cell, (gx + j * s, gy + i * s))

    return Region(g.box, key, paint)


def cell_regions(view: View, g: GridGeometry, marked: frozenset[str] = frozenset()) -> list[Region]:
    """One region per cell that shows something (a card, a legal target, a ``marked`` cell of
    Gomoku's winning row on the end image, with its thick highlight border); empty cells are
    part of the static layer."""
    grid = view["grid"]
    (r_lo, r_hi), (c_lo, c_hi) = reach(view)
    areas = view.get("areas") or []
    by_pos = {(int(c["row"]), int(c["col"])): c for c in grid["cells"]}
    area_of = {pos: c.get("area") for pos, c in by_pos.items()}
    _key, legal = legal_cells(view)

    def reachable(r: int, c: int) -> bool:
        return r_lo <= r <= r_hi and c_lo <= c <= c_hi

    out: list[Region] = []
    sides = ((-1, 0), (0, 1), (1, 0), (0, -1))  # top, right, bottom, left
    for i, row in enumerate(g.rows):
        for j, col in enumerate(g.cols):
            r, c = g.row0 + i, g.col0 + j  # indexes in the view's grid
            label = f"{row}{col}"
            inside = reachable(r, c)
            frame = tuple(inside and not reachable(r + dr, c + dc) for dr, dc in sides)
            data = by_pos.get((r, c))
            content: tuple[Any, ...] = ()
            if data is not None:
                a = data.get("area")
                edges = tuple(
                    a is not None and area_of.get((r + dr, c + dc)) != a for dr, dc in sides
                )
                scored: tuple[Any, ...] = ()
                if a is not None and 0 <= a < len(areas) and areas[a].get("scored"):
                    scored = (areas[a].get("winner"),)
                dep = data.get("depot")
                depot = (
                    (int(dep), *(int(v) for v in data.get("warehouses") or [0, 0, 0]))
                    if dep is not None
                    else None
                )
                content = (
                    card_key(data["card"]),
                    tuple(covered_label(u) for u in data.get("covered") or []),
                    bool(data.get("ship")),
                    depot,
                    data.get("guard"),
                    edges,
                    scored,
                )
            if inside and not content and label not in legal and label not in marked:
                continue  # drawn empty by the static layer (grid_panel_region)
            key = ("cell", g.cell, inside, frame, label in legal, content, label in marked)
            x, y = g.x0 + j * g.cell, g.y0 + i * g.cell
            out.append(Region((x, y, x + g.cell, y + g.cell), key, _cell_painter(key), T.PANEL))
    return out


def _cell_painter(key: tuple[Any, ...]) -> Any:
    _key, size, inside, frame, legal, content, marked = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        s = size
        inset = max(2, s // 30)
        if not inside:
            draw.rectangle((0, 0, s, s), fill=A.OUT)
            for k in range(-s, s, max(6, s // 6)):
                draw.line((k, s, k + s, 0), fill=A.OUT_HATCH, width=2)
        elif not content:
            fill = A.LEGAL if legal else A.EMPTY
            edge = A.LEGAL_EDGE if legal else A.EMPTY_EDGE
            draw.rectangle(
                (inset, inset, s - 1 - inset, s - 1 - inset),
                fill=fill,
                outline=edge,
                width=2 if legal else 1,
            )
        else:
            card, covered, ship, depot, guard_seat, edges, scored = content
            face = card_face(card, s - 2 * inset, s - 2 * inset)
            img.paste(face, (inset, inset), face)
            if scored:
                tint = Image.new("RGB", (s, s), A.player_colour(scored[0]))
                img.paste(Image.blend(img, tint, 0.28))
            if covered:
                # Translators: on a cell: the cards under the one shown (12+tide)
                tag = _("on {cards}", cards="+".join(covered))
                fs = fit_size(tag, max(10, s // 7), s - 10, bold=True, smallest=7)
                box = draw_text(
                    draw,
                    (inset + 4, s - inset - 3),
                    tag,
                    fs,
                    T.TEXT,
                    bold=True,
                    anchor="ls",
                    max_width=s - 10,
                )
                draw.rectangle(
                    (box[0] - 2, box[1] - 1, box[2] + 2, box[3] + 1), fill=(255, 255, 255)
                )
                draw_text(
                    draw,
                    (inset + 4, s - inset - 3),
                    tag,
                    fs,
                    T.TEXT,
                    bold=True,
                    anchor="ls",
                    max_width=s - 10,
                )
            if depot is not None:
                _depot(img, draw, s, depot)
            if ship:
                d = round(s * 0.5)
                sp = ship_piece(d)
                img.paste(sp, (s - d - inset, s - d - inset), sp)
            if guard_seat is not None:
                d = round(s * 0.46)
                gp = guard(guard_seat, d)
                img.paste(gp, ((s - d) // 2, s - d - inset - 1), gp)
            lw = max(3, s // 16)
            for side, on in enumerate(edges):
                if on:
                    _side(draw, side, s, lw, A.AREA_LINE, 0)
            if legal:
                lw2 = max(4, s // 12)
                draw.rectangle((0, 0, s - 1, s - 1), outline=A.LEGAL, width=lw2)
                draw.rectangle((0, 0, s - 1, s - 1), outline=A.LEGAL_EDGE, width=1)
        if marked:
            mw = max(4, s // 10)
            draw.rectangle((0, 0, s - 1, s - 1), outline=T.HIGHLIGHT, width=mw)
            draw.rectangle((0, 0, s - 1, s - 1), outline=T.HIGHLIGHT_DARK, width=1)
        fw = max(3, s // 20)
        for side, on in enumerate(frame):
            if on:
                _side(draw, side, s, fw, A.FRAME, 0)

    return paint


def _side(draw: ImageDraw.ImageDraw, side: int, s: int, w: int, colour: T.RGB, off: int) -> None:
    if side == 0:
        draw.rectangle((0, off, s - 1, off + w - 1), fill=colour)
    elif side == 1:
        draw.rectangle((s - w - off, 0, s - 1 - off, s - 1), fill=colour)
    elif side == 2:
        draw.rectangle((0, s - w - off, s - 1, s - 1 - off), fill=colour)
    else:
        draw.rectangle((off, 0, off + w - 1, s - 1), fill=colour)


def _depot(img: Image.Image, draw: ImageDraw.ImageDraw, s: int, depot: tuple[int, ...]) -> None:
    """A central depot: a white band in its owner's colour holding the warehouse counts."""
    seat, *counts = depot
    goods = [(g, n) for g, n in zip(("tea", "wine", "spice"), counts, strict=True) if n]
    top = round(s * 0.68)
    inset = max(2, s // 30) + 2
    draw.rounded_rectangle(
        (inset, top, s - 1 - inset, s - 1 - inset),
        radius=4,
        fill=(255, 255, 255),
        outline=A.player_colour(seat),
        width=2,
    )
    if not goods:
        return
    d = min(round(s * 0.25), (s - 2 * inset - 6) // 3)
    total = len(goods) * d + (len(goods) - 1) * 2
    x = (s - total) // 2
    y = top + (s - inset - top - d) // 2
    for g, n in goods:
        icon = goods_icon(g, d, str(n))
        img.paste(icon, (x, y), icon)
        x += d + 2


def covered_label(card: dict[str, Any]) -> str:
    """A covered card as its cell's tag names it: its number, or a special card's name in the
    language in force (the view's label is the English token)."""
    label = str(card.get("label", ""))
    if label in ("tide", "bridge", "customs"):
        return str(special_name(label))
    if label == "anchor":
        # Translators: the centre card (an anchor), named under a bridge built on it (AM-G38)
        return str(_p("card", "anchor"))
    return label
