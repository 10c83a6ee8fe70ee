"""Canal Grande table image, upper rows: the header, this turn's cards (in their two offers
once divided) and a panel per player.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.canal_grande.language import _, _p
from engine.i18n import sentence
from render.canal_grande import theme as C
from render.canal_grande.board_base import (
    CARDS_H,
    CARDS_TOP,
    View,
    W,
    _tag,
    name_of,
    names_of,
    role_word,
    status_line,
)
from render.canal_grande.cards import card_back, card_face
from render.canal_grande.regions import (
    Region,
    caption,
    fitted,
    header,
    panel,
    player_title,
    say_text,
)
from render.common import theme as T
from render.common.draw import paste_flat, rounded_box
from render.common.text import draw_text, text_width

# --------------------------------------------------------------------------- header


def _header_region(view: View) -> Region:
    status, hot = status_line(view)
    right = _("Round {round} · Turn {turn}", round=view.get("round", 1), turn=view.get("turn", 1))
    title = _("Canal Grande")  # the game's name as the reader reads it (カナル・グランデ, #25)
    key = ("header", W, title, right, status, hot)

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        header(img, draw, title, right, status, hot)

    return Region((0, 0, W, C.HEADER_H), key, paint)


# --------------------------------------------------------------------------- this turn's cards


def _cards_region(view: View) -> Region:
    names = names_of(view)
    cards = tuple(
        (int(c["pos"]), str(c["card"]), names.get(str(c["card"]), ""), c.get("offer"))
        for c in view.get("revealed") or []
    )
    offers = view.get("offers")
    chooser = int(view.get("chooser", 1))
    divider = int(view.get("divider", 0))
    taken = view.get("taken")
    resolving = view.get("resolving")
    labels: dict[str, tuple[tuple[str, ...], int | None]] = {}
    if offers:
        for letter in ("A", "B"):
            offer = _("OFFER {letter}", letter=letter)
            if taken is None:
                labels[letter] = ((offer,), None)
                continue
            owner = chooser if letter == taken else divider
            role = role_word("chooser" if owner == chooser else "divider")
            who = name_of(view, owner)
            resolving_now = resolving == owner and not view.get("game_over")
            now = " · " + _("resolving") if resolving_now else ""
            # the longest that fits the group's width is drawn
            labels[letter] = (
                (
                    f"{offer} · "
                    + _p("player and role", "{name} ({role})", name=who, role=role)
                    + now,
                    f"{offer} · {who}{now}",
                    f"{letter} · {who}{now}",
                    f"{letter} · {who}",
                ),
                owner,
            )
    dividing = view.get("phase") == "divide" and not view.get("game_over")
    groups: list[tuple[str | None, tuple[int, ...]]]
    if offers:
        groups = [(letter, tuple(int(p) for p in offers.get(letter) or [])) for letter in "AB"]
    else:
        groups = [(None, tuple(c[0] for c in cards))]
    key = ("cards", cards, tuple(groups), tuple(sorted(labels.items())), dividing)
    box = (C.MARGIN, CARDS_TOP, W - C.MARGIN, CARDS_TOP + CARDS_H)
    return Region(box, key, _cards_painter(key))


def _cards_painter(key: tuple[Any, ...]) -> Any:
    _kind, cards, groups, labels_items, dividing = key
    labels = dict(labels_items)
    by_pos = {c[0]: c for c in cards}

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h))
        n = len(cards)
        if n == 0:
            caption(draw, (16, 28), _("This turn's cards"), room=w - 32)
            say_text(
                draw,
                (w / 2, h / 2),
                _("No cards on the table."),
                C.FONT_BODY,
                T.TEXT_SOFT,
                anchor="mm",
                room=w - 32,
            )
            return
        gap, group_gap = C.GAP, 52
        ngroups = len(groups)
        avail = w - 40 - (ngroups - 1) * group_gap
        cw = min(C.CARD_W, (avail - (n - ngroups) * gap) // max(1, n))
        ch = round(cw * C.CARD_H / C.CARD_W)
        total = n * cw + (n - ngroups) * gap + (ngroups - 1) * group_gap
        x = (w - total) // 2
        card_y = 50
        if groups[0][0] is None:
            title = _("This turn's cards")
            caption(draw, (16, 28), title, room=w // 3)
            if dividing:
                hint = _("divide = the positions of offer A, e.g. divide 1 4 7")
                room = w - 48 - text_width(title, C.FONT_CAPTION, bold=True)
                say_text(
                    draw, (w - 16, 28), hint, C.FONT_SMALL, T.TEXT_SOFT, anchor="rs", room=room
                )
        for letter, positions in groups:
            gw = len(positions) * cw + max(0, len(positions) - 1) * gap
            if letter is not None:
                texts, owner = labels[letter]
                room = max(40, gw + 14)
                text = next(
                    (t for t in texts if text_width(t, C.FONT_SMALL, bold=True) <= room), texts[-1]
                )
                size = fitted(text, C.FONT_SMALL, room, bold=True)
                tint = T.blend(T.player_color(owner), T.PANEL, 0.8) if owner is not None else T.GRID
                edge = T.player_color(owner) if owner is not None else T.PANEL_EDGE
                frame = rounded_box(gw + 20, h - 40, tint, edge, 10, 2)
                paste_flat(img, frame, (x - 10, 34), T.PANEL)
                draw_text(
                    draw,
                    (x - 6, 26),
                    text,
                    size,
                    T.TEXT,
                    bold=True,
                    anchor="ls",
                    max_width=max(40, gw + 14),
                )
                bg = tint
            else:
                bg = T.PANEL
            for pos in positions:
                c = by_pos.get(pos)
                if c is None:
                    continue
                face = card_face(c[1], cw, ch, c[2])
                paste_flat(img, face, (x, card_y), bg)
                cx, cy = x + cw / 2, card_y + ch + 20
                draw.ellipse((cx - 13, cy - 13, cx + 13, cy + 13), fill=T.HEADER)
                draw_text(
                    draw, (cx, cy), str(pos), C.FONT_SMALL, T.HEADER_TEXT, bold=True, anchor="mm"
                )
                x += cw + gap
            x += group_gap - gap

    return paint


def _player_painter(key: tuple[Any, ...]) -> Any:
    _kind, seat, letter, name, role, hand, numbers, total, doges, to_decide, winner = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h), active=to_decide)
        bg = T.PANEL_ACTIVE if to_decide else T.PANEL
        left = _tag(img, draw, w - 14, 16, sentence(role_word(role)), bg) if role else w - 14
        if to_decide:
            left = _tag(img, draw, left - 8, 16, _("TO DECIDE"), bg)
        if winner:
            left = _tag(img, draw, left - 8, 16, _p("tag", "DOGE"), bg)
        player_title(img, draw, (14, 12), seat, letter, name, left - 24, bg=bg)
        # hand
        caption(draw, (16, 66), _p("caption", "Hand"), room=100)
        paste_flat(img, card_back("A", 40, 56), (16, 74), bg)
        draw_text(draw, (64, 102), str(hand), C.FONT_BIG, T.TEXT, bold=True, anchor="lm")
        # number cards and total
        nx0, nx1 = 120, 372
        caption(draw, (nx0, 66), _p("caption", "Numbers"), room=nx1 - nx0)
        if not numbers:
            say_text(
                draw, (nx0, 102), _("none yet"), C.FONT_SMALL, T.TEXT_SOFT, anchor="lm", room=240
            )
        step = min(46, (nx1 - nx0 - 40) // max(1, len(numbers) - 1)) if len(numbers) > 1 else 46
        for i, v in enumerate(numbers):
            paste_flat(img, card_face(f"n{v}", 40, 56), (nx0 + i * step, 74), bg)
        tcol = T.ALERT if total >= 10 else T.TEXT
        box = draw_text(
            draw, (nx1 + 14, 102), str(total), C.FONT_BIG + 4, tcol, bold=True, anchor="lm"
        )
        draw_text(draw, (box[2] + 4, 108), "/ 10", C.FONT_SMALL, T.TEXT_SOFT, anchor="lm")
        # doges waiting
        dx = w - 104
        caption(draw, (dx, 66), _p("caption", "Doges"), room=96)
        if doges:
            paste_flat(img, card_face("doge", 40, 56), (dx, 74), bg)
            draw_text(draw, (dx + 48, 102), f"×{doges}", C.FONT_BIG, T.TEXT, bold=True, anchor="lm")
        else:
            say_text(draw, (dx, 102), _("none"), C.FONT_SMALL, T.TEXT_SOFT, anchor="lm", room=90)
        # progress towards the round end (a total of 10)
        bx0, bx1, by = 16, w - 16, h - 16
        draw.rounded_rectangle((bx0, by - 5, bx1, by + 5), radius=5, fill=T.GRID)
        frac = min(1.0, total / 10)
        if frac > 0:
            draw.rounded_rectangle(
                (bx0, by - 5, bx0 + (bx1 - bx0) * frac, by + 5), radius=5, fill=T.player_color(seat)
            )

    return paint
