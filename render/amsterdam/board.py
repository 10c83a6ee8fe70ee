"""The public harbour image of Amsterdam, drawn from the public view only (AM-G23).

``render_board(view)`` turns ``public_view()`` (or a player view: only public keys are read, so
it draws the same bytes) into PNG bytes:

* header: variant, round and stage, who must decide what now - in a sealed stage only who has
  chosen (``players[].answered``), never what;
* the grid with its row letters and column numbers on every side (what ``place``/``ship``/
  ``remove`` take), the frame the port can still grow into (only the cells it can reach; its
  edges drawn), cards with goods and symbols, the ship, central depots with their warehouse
  counts, area outlines, scored areas tinted with their winner and his guard, and the cells the
  pending decision may name;
* a legend of the symbols; a panel per player (gulden, VP, areas won, guards, hand size, his
  revealed card, the cards he revealed and took back (public until played, AM-G23), his state
  in a sealed stage);
* the decks (face-up tops and sizes, special pile, bank) and the last reveal, both cards side by
  side.
"""

from __future__ import annotations

from typing import Any, Final

from PIL import Image, ImageDraw

from render.amsterdam import theme as A
from render.amsterdam.cards import (
    card_back,
    card_face,
    card_key,
    coin,
    goods_icon,
    guard,
    ship_piece,
    ship_symbol,
)
from render.amsterdam.grid import (
    cell_regions,
    geometry,
    grid_panel_region,
    legal_cells,
)
from render.amsterdam.panels import card_by_label, decks_region, reveal_region
from render.amsterdam.regions import Region, caption, compose, header, name_of, player_title
from render.common import theme as T
from render.common.draw import panel, paste_flat, player_letters
from render.common.png import png_bytes
from render.common.text import draw_text, text_width

__all__ = ["card_by_label", "compose_board", "layout", "render_board", "status_line"]

View = dict[str, Any]
LEGEND_H: Final = 44
PLAYER_H: Final = 178
BOTTOM_H: Final = 210
GAP: Final = 12
STAGE_WORDS: Final = {
    "buy": "buy a special card? (secret)",
    "contest": "last special card: show a card (secret)",
    "choose": "choose a card or pass (secret)",
    "order": "two specials: show a card for the start (secret)",
    "ship": "move the ship",
    "remove": "remove a card",
    "place": "place the card",
    "over": "game over",
}


def render_board(view: View) -> bytes:
    """The harbour image (PNG bytes) of an Amsterdam public view."""
    size, regions = layout(view)
    return png_bytes(compose(size, regions))


def compose_board(view: View) -> Image.Image:
    size, regions = layout(view)
    return compose(size, regions).convert("RGB")


def layout(view: View) -> tuple[tuple[int, int], list[Region]]:
    g = geometry(view, A.HEADER_H + GAP)
    w = g.box[2] + A.MARGIN
    regions: list[Region] = [_header_region(view, w), grid_panel_region(g), *cell_regions(view, g)]
    y = g.box[3] + 8
    regions.append(_legend_region(view, (A.MARGIN, y, w - A.MARGIN, y + LEGEND_H)))
    y += LEGEND_H + GAP
    letters = player_letters(view)
    pw = (w - 2 * A.MARGIN - GAP) // 2
    for i, p in enumerate(view["players"][:2]):
        x = A.MARGIN + i * (pw + GAP)
        regions.append(_player_region(view, p, letters, (x, y, x + pw, y + PLAYER_H)))
    y += PLAYER_H + GAP
    dw = (w - 2 * A.MARGIN - GAP) * 11 // 20
    regions.append(decks_region(view, (A.MARGIN, y, A.MARGIN + dw, y + BOTTOM_H)))
    regions.append(
        reveal_region(view, letters, (A.MARGIN + dw + GAP, y, w - A.MARGIN, y + BOTTOM_H))
    )
    y += BOTTOM_H + A.MARGIN
    return (w, y), regions


# --------------------------------------------------------------------------- header


def status_line(view: View) -> tuple[str, bool]:
    """What the table waits for, in words, and whether someone must act."""
    if view.get("over"):
        ranking = view.get("ranking") or []
        if len(ranking) == 1:
            return "Game over: a draw.", False
        return f"Game over: {name_of(view, ranking[0][0] if ranking else None)} wins.", False
    pending = view.get("pending") or []
    if not pending:
        return "", False
    if any(d.get("sealed") for d in pending):
        kind = str(pending[0].get("kind", ""))
        parts = []
        for p in view["players"]:
            if p.get("answered") is None:
                continue
            parts.append(
                f"{p['name']} has chosen" if p["answered"] else f"{p['name']} is choosing…"
            )
        what = STAGE_WORDS.get(kind, kind).replace(" (secret)", "")
        return f"Secret: {what} — " + " · ".join(parts), True
    d = pending[0]
    who = name_of(view, d.get("seat"))
    kind = str(d.get("kind", ""))
    _, cells = legal_cells(view)
    marked = f" ({len(cells)} cells marked)" if cells else ""
    if kind == "place":
        card = (view["players"][int(d["seat"])].get("revealed") or {}).get("label", "")
        return f"▶ {who} places card {card}{marked}", True
    if kind == "ship":
        return f"▶ {who} moves the ship or stays{marked}", True
    if kind == "remove":
        return f"▶ {who} may remove a ship-symbol card next to the ship{marked}", True
    return f"▶ {who}: {d.get('prompt', kind)}", True


def _header_region(view: View, w: int) -> Region:
    status, hot = status_line(view)
    variant = view.get("variant") or {}
    title = (
        "Amsterdam"
        if variant.get("name", "base") == "base"
        else f"Amsterdam · {variant.get('title', '')}"
    )
    stage = str(view.get("stage", ""))
    right = f"Round {view.get('round', 1)} · {stage}" if stage else f"Round {view.get('round', 1)}"
    key = ("header", w, title, right, status, hot)

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        header(img, draw, title, right, status, hot)

    return Region((0, 0, w, A.HEADER_H), key, paint)


# --------------------------------------------------------------------------- legend


def _legend_region(view: View, box: tuple[int, int, int, int]) -> Region:
    kind, _ = legal_cells(view)
    key = ("legend", kind)

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        d = 26
        y = (h - d) // 2
        x = 6
        items: list[tuple[Image.Image | None, str]] = [
            (goods_icon("tea", d), "tea"),
            (goods_icon("wine", d), "wine"),
            (goods_icon("spice", d), "spice"),
            (ship_symbol(d), "ship symbol"),
            (coin(d), "gulden"),
            (ship_piece(d + 6), "ship"),
            (guard(0, d), "guard"),
        ]
        for sprite, text in items:
            if sprite is not None:
                paste_flat(img, sprite, (x, y + (d - sprite.height) // 2), T.BACKGROUND)
                x += sprite.width + 5
            box_ = draw_text(draw, (x, h / 2), text, A.FONT_SMALL, T.TEXT, anchor="lm")
            x = box_[2] + 16
        draw.rectangle((x, y + 4, x + 30, y + d - 4), outline=A.AREA_LINE, width=4)
        x = draw_text(draw, (x + 36, h / 2), "area", A.FONT_SMALL, T.TEXT, anchor="lm")[2] + 16
        if kind:
            draw.rectangle((x, y + 2, x + 26, y + d - 2), fill=A.LEGAL, outline=A.LEGAL_EDGE)
            draw_text(
                draw,
                (x + 32, h / 2),
                f"{kind} here",
                A.FONT_SMALL,
                T.TEXT,
                anchor="lm",
                max_width=w - x - 36,
            )

    return Region(box, key, paint)


# --------------------------------------------------------------------------- players


def _tag(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    right: int,
    y: int,
    text: str,
    bg: T.RGB,
    fill: T.RGB = T.TAG,
) -> int:
    tw = text_width(text, A.FONT_CAPTION, bold=True) + 20
    draw.rounded_rectangle((right - tw, y, right, y + 28), radius=14, fill=fill)
    draw_text(
        draw, (right - tw / 2, y + 14), text, A.FONT_CAPTION, T.TAG_TEXT, bold=True, anchor="mm"
    )
    return right - tw


def _player_region(
    view: View, p: View, letters: list[str], box: tuple[int, int, int, int]
) -> Region:
    seat = int(p["seat"])
    revealed = p.get("revealed")
    key = (
        "player",
        seat,
        letters[seat],
        str(p["name"]),
        int(p.get("gulden", 0)),
        int(p.get("vp", 0)),
        int(p.get("areas_won", 0)),
        int(p.get("guards_left", 0)),
        int(p.get("hand_size", 0)),
        p.get("answered"),
        bool(p.get("to_decide")),
        card_key(revealed) if revealed else None,
        bool(p.get("passed")),
        bool(p.get("owes_special")),
        bool((view.get("variant") or {}).get("name") == "gomoku"),
        # AM-G23: cards he revealed and took back are public until played
        tuple(str(c.get("label")) for c in p.get("taken_back") or []),
    )
    return Region(box, key, _player_painter(key))


def _player_painter(key: tuple[Any, ...]) -> Any:
    (
        _,
        seat,
        letter,
        name,
        gulden,
        vp,
        won,
        guards,
        hand,
        answered,
        to_decide,
        revealed,
        passed,
        owes,
        _gomoku,
        taken_back,
    ) = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h), active=to_decide)
        bg = T.PANEL_ACTIVE if to_decide else T.PANEL
        right = w - 12
        if answered is True:
            right = _tag(img, draw, right, 14, "CHOSEN", bg, (40, 120, 60))
        elif answered is False:
            right = _tag(img, draw, right, 14, "CHOOSING…", bg)
        elif to_decide:
            right = _tag(img, draw, right, 14, "TO DECIDE", bg)
        if passed:
            right = _tag(img, draw, right - 6, 14, "PASSED", bg, T.TEXT_SOFT)
        player_title(img, draw, (12, 10), seat, letter, name, right - 24, bg=bg)
        # money and points
        cw = 74  # revealed card
        paste_flat(img, coin(30), (14, 62), bg)
        draw_text(draw, (52, 77), str(gulden), A.FONT_BIG, T.TEXT, bold=True, anchor="lm")
        draw_text(draw, (14, 114), "gulden", A.FONT_SMALL, T.TEXT_SOFT, anchor="ls")
        draw_text(draw, (118, 77), str(vp), A.FONT_BIG, T.TEXT, bold=True, anchor="lm")
        draw_text(draw, (118, 114), "VP", A.FONT_SMALL, T.TEXT_SOFT, anchor="ls")
        draw_text(draw, (178, 77), str(won), A.FONT_BIG, T.TEXT, bold=True, anchor="lm")
        draw_text(draw, (178, 114), "areas won", A.FONT_SMALL, T.TEXT_SOFT, anchor="ls")
        # hand and guards
        paste_flat(img, card_back(22, 30), (14, 128), bg)
        draw_text(draw, (44, 144), f"{hand} in hand", A.FONT_SMALL, T.TEXT, anchor="lm")
        gx = 150
        paste_flat(img, guard(seat, 30), (gx, 128), bg)
        draw_text(
            draw,
            (gx + 32, 144),
            f"{guards} guards left",
            A.FONT_SMALL,
            T.TEXT,
            anchor="lm",
            max_width=w - gx - cw - 60,
        )
        # the revealed card
        x = w - cw - 14
        caption(draw, (x, 72), "revealed")
        if revealed is not None:
            face = card_face(revealed, cw, cw)
            paste_flat(img, face, (x, 80), bg)
        else:
            draw.rounded_rectangle(
                (x, 80, x + cw - 1, 80 + cw - 1), radius=6, outline=A.EMPTY_EDGE, width=2
            )
            word = "pass" if passed else "—"
            draw_text(draw, (x + cw / 2, 80 + cw / 2), word, A.FONT_SMALL, T.TEXT_SOFT, anchor="mm")
        if owes:
            draw_text(
                draw,
                (x - 8, h - 10),
                "must play his special card",
                A.FONT_CAPTION,
                A.PLAYER[0],
                anchor="rs",
            )
        if taken_back:
            draw_text(
                draw,
                (14, h - 7),
                f"holds {', '.join(taken_back)} (taken back, public)",
                A.FONT_CAPTION,
                T.TEXT,
                bold=True,
                anchor="ls",
                max_width=(x - 30) // 2 if owes else x - 30,
            )

    return paint
