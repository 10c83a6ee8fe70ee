"""Painters of the side column: a panel per player, the imaginary player's panel and the box
of buildings being completed, each drawn from its key alone.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.i18n import counted
from engine.venezia.language import _, _n, _p
from engine.venezia.presentation.words import building_name
from render.common.draw import marker, paste, rounded_box
from render.common.text import draw_fitted, draw_text, fitted_size, text_width
from render.venezia import static as S
from render.venezia import theme as T
from render.venezia.board_base import (
    IMAGINARY_LETTER,
    NAME_X,
    Painter,
    View,
    _caption,
    _seat_name,
    _seat_ref,
)

TEXT = T.BOARD_FONT_TEXT
CAPTION = T.BOARD_FONT_CAPTION

# --------------------------------------------------------------------------- side column


def _player_painter(key: tuple[Any, ...]) -> Painter:
    _kind, seat, letter, name, position, front, held, hand, swamp, treasure, active, deciding = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        hot = active or deciding
        fill = T.PANEL_ACTIVE if hot else T.PANEL
        edge = T.PANEL_ACTIVE_EDGE if hot else T.PANEL_EDGE
        paste(img, rounded_box(w, h, fill, edge, 10, 3 if hot else 1), (0, 0))
        bar = T.player_color(seat)
        paste(img, rounded_box(7, h - 16, bar, bar, 3), (6, 8))
        paste(img, marker(seat, letter, 38), (22, 9))
        # score (track position), right
        score = str(position)
        draw_text(draw, (w - 14, 29), score, T.BOARD_FONT_SCORE, T.TEXT, bold=True, anchor="rm")
        sw = text_width(score, T.BOARD_FONT_SCORE, bold=True)
        # Translators: after a player's track position (points), very short
        pts = _("pts")
        draw_text(draw, (w - 20 - sw, 33), pts, TEXT, T.TEXT_SOFT, anchor="rm")
        sw += text_width(pts, TEXT) + 6
        # name and turn marker (V-U1, V-U8)
        # Translators: a tag beside the name of the player who decides now / whose turn it is
        tag = _("▶ TO ACT") if deciding else (_("▶ TURN") if active else "")
        tag_size = fitted_size(tag, CAPTION, 130, bold=True)
        tag_w = text_width(tag, tag_size, bold=True) + 16 if tag else 0
        name_max = w - NAME_X - sw - 30 - (tag_w + 10 if tag else 0)
        box = draw_text(
            draw,
            (NAME_X, 28),
            name,
            T.BOARD_FONT_NAME,
            T.TEXT,
            bold=True,
            anchor="lm",
            max_width=name_max,
        )
        if tag:
            tx = max(box[2], NAME_X) + 10
            paste(img, rounded_box(tag_w, 26, T.TAG, T.TAG, 12), (tx, 15))
            draw_text(draw, (tx + tag_w / 2, 28), tag, tag_size, T.TAG_TEXT, bold=True, anchor="mm")
        # cards in front (open constructions), with the architect pawns he holds
        _front_cards(img, draw, (22, 50), dict(front), list(held))
        # hand size and tokens (V-U5: how many of each kind, never their values)
        by = h - 17
        bx = w - 14
        # the bottom row: each label gets a share of the panel's width (a translation may be
        # longer than the English the panel was made for: it is drawn smaller)
        share = (w - 40) / 3 - 44
        for kind, n in (("treasure", treasure), ("swamp", swamp)):
            label = _token_count(kind, n)
            size = fitted_size(label, TEXT, share, bold=True)
            lw = text_width(label, size, bold=True)
            ink = T.TEXT if n else T.TEXT_SOFT
            draw_text(draw, (bx, by), label, size, ink, bold=True, anchor="rm")
            paste(img, S.token_icon(kind, 22), (bx - lw - 27, by - 11))
            bx -= lw + 44
        # Translators: how many cards a player holds (short)
        label = _("{n} in hand", n=hand)
        size = fitted_size(label, TEXT, share, bold=True)
        lw = text_width(label, size, bold=True)
        draw_text(draw, (bx, by), label, size, T.TEXT, bold=True, anchor="rm")
        paste(img, S.card_back(16, 22), (bx - lw - 22, by - 11))

    return paint


def _token_count(kind: str, n: int) -> str:
    """``3 treasure`` / ``2 swamp``: how many tokens of a kind a player has (V-U5)."""
    if kind == "treasure":
        # Translators: a number of treasure tokens (short, a panel's bottom row; English keeps
        # the kind's name: "2 treasure"), a plural message (#25: Italian "4 tesori")
        return _n("{n} treasure", "{n} treasure", n)
    # Translators: a number of swamp tokens (short, a panel's bottom row; English keeps the
    # kind's name: "2 swamp"), a plural message (#25: Italian "8 paludi")
    return _n("{n} swamp", "{n} swamp", n)


def _front_cards(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    front: dict[str, int],
    held: list[str],
) -> int:
    """The cards lying in front of a player, grouped by type; returns the x after them."""
    x, y = xy
    if not front:
        text = _("no cards in front")
        draw_fitted(draw, (x, y + 16), text, TEXT, T.TEXT_SOFT, 300, anchor="lm")
        return x + 170
    named = sum(1 for t in T.TYPES if front.get(t)) <= 2  # room for the type names
    for t in T.TYPES:
        n = front.get(t, 0)
        if not n:
            continue
        for i in range(min(n, 4)):
            paste(img, S.card_icon(t, 23, 31), (x + i * 6, y))
        x += 23 + 6 * (min(n, 4) - 1) + 5
        need = T.CARDS_NEEDED[t]
        label = f"{building_name(t)} {n}/{need}" if named else f"{n}/{need}"
        box = draw_text(draw, (x, y + 16), label, TEXT, T.TEXT, bold=True, anchor="lm")
        x = box[2] + 4
        if t in held:
            paste(img, S.pawn_icon(t, 18, 25), (x, y + 3))
            x += 20
        x += 14
    return x


def _imaginary_painter(key: tuple[Any, ...]) -> Painter:
    """V-T1: the imaginary third player's cards, in 2-player games."""
    _kind, name, front, held = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        paste(img, rounded_box(w, h, T.PANEL_IMAGINARY, T.PANEL_EDGE, 10), (0, 0))
        paste(img, rounded_box(7, h - 16, T.IMAGINARY, T.IMAGINARY, 3), (6, 8))
        paste(img, marker("imaginary", IMAGINARY_LETTER, 38), (22, 9))
        box = draw_text(draw, (NAME_X, 28), name, T.BOARD_FONT_NAME, T.TEXT, bold=True, anchor="lm")
        note = _("imaginary player · no gondola")
        draw_text(
            draw,
            (w - 14, 29),
            note,
            CAPTION,
            T.TEXT_SOFT,
            anchor="rm",
            max_width=max(40, w - 14 - box[2] - 16),
        )
        _front_cards(img, draw, (22, 50), dict(front), list(held))

    return paint


def _builds_lines(view: View) -> list[tuple[str, str, bool]]:
    """V-U8: (type, text, now) for the building being resolved and the completed ones waiting,
    with their builder and participants."""
    items: list[tuple[bool, dict[str, Any]]] = []
    if view.get("resolving"):
        items.append((True, view["resolving"]))
    items += [(False, b) for b in view.get("waiting_builds") or []]
    lines: list[tuple[str, str, bool]] = []
    for now, b in items:
        t = str(b["type"])
        architect = _seat_ref(view, b.get("architect"))
        others = [
            _seat_name(view, _seat_ref(view, s))
            for s in b.get("participants") or []
            if _seat_ref(view, s) != architect
        ]
        name = building_name(t)
        if b.get("kind") == "solo":
            name = _("{building} (solo)", building=name)
        who = _seat_name(view, architect)
        text: str
        if others:
            # Translators: a building being completed: its architect and the other participants
            text = _(
                "{building}: {architect} with {others}",
                building=name,
                architect=who,
                others=counted(others),
            )
        else:
            # Translators: a building and its architect ("basilica: Anna")
            text = _("{building}: {architect}", building=name, architect=who)
        lines.append((t, ("▶ " if now else "") + text, now))
    return lines


def _builds_painter(lines: tuple[tuple[str, str, bool], ...]) -> Painter:
    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        paste(img, rounded_box(w, h, T.PANEL, T.PANEL_EDGE, 10), (0, 0))
        _caption(draw, (14, 26), _("Buildings to complete"), w - 28)
        ly = 48
        if not lines:
            draw_text(draw, (14, ly), _p("builds", "none"), TEXT, T.TEXT_SOFT, anchor="lm")
        for t, text, now in lines:
            if ly > h - 14:
                break
            paste(img, S.card_icon(t, 20, 27), (14, ly - 14))
            draw_text(draw, (42, ly), text, TEXT, T.TEXT, bold=now, anchor="lm", max_width=w - 56)
            ly += 28

    return paint
