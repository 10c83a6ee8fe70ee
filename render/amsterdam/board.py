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

from engine.amsterdam.language import N_, _, _n, _p
from engine.amsterdam.presentation.tasks import task
from engine.amsterdam.presentation.words import card_symbol, good_name, variant_title
from engine.i18n import counted
from engine.i18n.shared import awaited
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
from render.common.draw import panel, paste_flat, player_letters
from render.common.png import png_bytes
from render.common.text import draw_text, text_width

__all__ = [
    "card_by_label",
    "compose_board",
    "layout",
    "render_board",
    "stage_name",
    "stage_words",
    "status_line",
]

View = dict[str, Any]
LEGEND_H: Final = 44
PLAYER_H: Final = 178
BOTTOM_H: Final = 210
GAP: Final = 12
#: What a stage asks for (said with :func:`stage_words`).
STAGE_WORDS: Final = {
    "buy": N_("buy a special card? (secret)"),
    "contest": N_("last special card: show a card (secret)"),
    "choose": N_("choose a card or pass (secret)"),
    "order": N_("two specials: show a card for the start (secret)"),
    "ship": N_("move the ship"),
    "remove": N_("remove a card"),
    "place": N_("place the card"),
    "over": N_("game over"),
}
#: The sealed stages in the header, where "Secret:" already says so.
SEALED_WORDS: Final = {
    "buy": N_("buy a special card?"),
    "contest": N_("last special card: show a card"),
    "choose": N_("choose a card or pass"),
    "order": N_("two specials: show a card for the start"),
}


def stage_name(stage: str) -> str:
    """A stage's short name (the header's "Round 3 · choose"), in the language in force."""
    names = {
        "buy": _p("stage", "buy"),
        "contest": _p("stage", "contest"),
        "choose": _p("stage", "choose"),
        "order": _p("stage", "order"),
        "ship": _p("stage", "ship"),
        "remove": _p("stage", "remove"),
        "place": _p("stage", "place"),
        "over": _p("stage", "over"),
    }
    return names.get(stage) or stage


def stage_words(kind: str, sealed: bool = False) -> str:
    """What a stage asks for, in the language in force (the kind itself if unknown)."""
    table = SEALED_WORDS if sealed and kind in SEALED_WORDS else STAGE_WORDS
    return _(table[kind]) if kind in table else kind


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
            return _("Game over: a draw."), False
        winner = name_of(view, ranking[0][0] if ranking else None)
        return _("Game over: {name} wins.", name=winner), False
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
                _("{name} has chosen", name=p["name"])
                if p["answered"]
                else _("{name} is choosing…", name=p["name"])
            )
        what = stage_words(kind, sealed=True)
        # Translators: the header of a sealed stage; {who} lists who has chosen (joined by ·)
        return _("Secret: {what} — {who}", what=what, who=" · ".join(parts)), True
    d = pending[0]
    who = name_of(view, d.get("seat"))
    kind = str(d.get("kind", ""))
    _kind, cells = legal_cells(view)
    if kind == "place":
        card = (view["players"][int(d["seat"])].get("revealed") or {}).get("label", "")
        if cells:
            text = _n(
                "{name} places card {card} ({n} cell marked)",
                "{name} places card {card} ({n} cells marked)",
                len(cells),
                name=who,
                card=card,
            )
        else:
            text = _("{name} places card {card}", name=who, card=card)
        return f"▶ {text}", True
    if kind == "ship":
        if cells:
            text = _n(
                "{name} moves the ship or stays ({n} cell marked)",
                "{name} moves the ship or stays ({n} cells marked)",
                len(cells),
                name=who,
            )
        else:
            text = _("{name} moves the ship or stays", name=who)
        return f"▶ {text}", True
    if kind == "remove":
        if cells:
            text = _n(
                "{name} may remove a ship-symbol card next to the ship ({n} cell marked)",
                "{name} may remove a ship-symbol card next to the ship ({n} cells marked)",
                len(cells),
                name=who,
            )
        else:
            text = _("{name} may remove a ship-symbol card next to the ship", name=who)
        return f"▶ {text}", True
    return "▶ " + awaited(who, task(str(kind))), True


def _header_region(view: View, w: int) -> Region:
    status, hot = status_line(view)
    variant = view.get("variant") or {}
    game = _("Amsterdam")  # the game's name as the reader reads it (アムステルダム, Amszterdam)
    title = game if variant.get("name", "base") == "base" else f"{game} · {variant_title(variant)}"
    stage = stage_name(str(view.get("stage", "")))
    rnd = _("Round {n}", n=view.get("round", 1))
    right = f"{rnd} · {stage}" if stage else rnd
    key = ("header", w, title, right, status, hot)

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        header(img, draw, title, right, status, hot)

    return Region((0, 0, w, A.HEADER_H), key, paint)


# --------------------------------------------------------------------------- legend


def _legend_region(view: View, box: tuple[int, int, int, int]) -> Region:
    kind, _cells = legal_cells(view)
    key = ("legend", kind)

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        d = 26
        y = (h - d) // 2
        x = 6
        items: list[tuple[Image.Image | None, str]] = [
            (goods_icon("tea", d), good_name("tea")),
            (goods_icon("wine", d), good_name("wine")),
            (goods_icon("spice", d), good_name("spice")),
            (ship_symbol(d), _("ship symbol")),
            (coin(d), card_symbol("gulden")),
            (ship_piece(d + 6), _p("piece", "ship")),
            (guard(0, d), _p("piece", "guard")),
        ]
        area = _p("legend", "area")
        # Translators: a legend entry for the marked cells; {what} is the stage
        here = _("{what} here", what=_cell_kind(kind)) if kind else ""
        size = _legend_size(items, area, here, w)
        for sprite, text in items:
            if sprite is not None:
                paste_flat(img, sprite, (x, y + (d - sprite.height) // 2), T.BACKGROUND)
                x += sprite.width + 5
            box_ = draw_text(draw, (x, h / 2), text, size, T.TEXT, anchor="lm")
            x = box_[2] + 16
        draw.rectangle((x, y + 4, x + 30, y + d - 4), outline=A.AREA_LINE, width=4)
        x = draw_text(draw, (x + 36, h / 2), area, size, T.TEXT, anchor="lm")[2] + 16
        if kind:
            draw.rectangle((x, y + 2, x + 26, y + d - 2), fill=A.LEGAL, outline=A.LEGAL_EDGE)
            draw_fit(draw, (x + 32, h / 2), here, size, T.TEXT, w - x - 36, anchor="lm")

    return Region(box, key, paint)


def _legend_size(items: list[tuple[Image.Image | None, str]], area: str, here: str, w: int) -> int:
    """The legend's font size: ``FONT_SMALL``, or smaller when a language's words would not
    fit on the line (never below 12 px)."""
    sprites = sum(sprite.width + 5 for sprite, _text in items if sprite is not None)
    words = [text for _sprite, text in items] + [area] + ([here] if here else [])
    # as the painter lays it out: 16 px after each item, the area's box (36 px), the marked
    # cell's box (32 px) and 4 px before the edge
    fixed = 6 + sprites + 16 * len(items) + 36 + 16 + (36 if here else 0)
    for size in range(A.FONT_SMALL, 11, -1):
        if fixed + sum(text_width(t, size) for t in words) <= w:
            return size
    return 12


def _cell_kind(kind: str) -> str:
    """The verb of a cell decision, as the legend's "… here" says it."""
    words = {
        "place": _p("cell decision", "place"),
        "ship": _p("cell decision", "ship"),
        "remove": _p("cell decision", "remove"),
    }
    return words.get(kind) or kind


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
        _key,
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
            right = _tag(img, draw, right, 14, _p("tag", "CHOSEN"), bg, (40, 120, 60))
        elif answered is False:
            right = _tag(img, draw, right, 14, _p("tag", "CHOOSING…"), bg)
        elif to_decide:
            right = _tag(img, draw, right, 14, _p("tag", "TO DECIDE"), bg)
        if passed:
            right = _tag(img, draw, right - 6, 14, _p("tag", "PASSED"), bg, T.TEXT_SOFT)
        player_title(img, draw, (12, 10), seat, letter, name, right - 24, bg=bg)
        # money and points
        cw = 74  # revealed card
        x = w - cw - 14
        paste_flat(img, coin(30), (14, 62), bg)
        draw_text(draw, (52, 77), str(gulden), A.FONT_BIG, T.TEXT, bold=True, anchor="lm")
        unit = card_symbol("gulden")
        draw_fit(draw, (14, 114), unit, A.FONT_SMALL, T.TEXT_SOFT, 100, anchor="ls")
        draw_text(draw, (118, 77), str(vp), A.FONT_BIG, T.TEXT, bold=True, anchor="lm")
        draw_fit(draw, (118, 114), _("VP"), A.FONT_SMALL, T.TEXT_SOFT, 56, anchor="ls")
        draw_text(draw, (178, 77), str(won), A.FONT_BIG, T.TEXT, bold=True, anchor="lm")
        won_room = x - 178 - 8
        draw_fit(draw, (178, 114), _("areas won"), A.FONT_SMALL, T.TEXT_SOFT, won_room, anchor="ls")
        # hand and guards
        paste_flat(img, card_back(22, 30), (14, 128), bg)
        gx = 150
        in_hand = _("{n} in hand", n=hand)
        draw_fit(draw, (44, 144), in_hand, A.FONT_SMALL, T.TEXT, gx - 50, anchor="lm")
        paste_flat(img, guard(seat, 30), (gx, 128), bg)
        draw_fit(
            draw,
            (gx + 32, 144),
            _n("{n} guard left", "{n} guards left", guards),
            A.FONT_SMALL,
            T.TEXT,
            w - gx - cw - 60,
            anchor="lm",
        )
        # the revealed card
        caption(draw, (x, 72), _p("caption", "revealed"), cw + 10)
        if revealed is not None:
            face = card_face(revealed, cw, cw)
            paste_flat(img, face, (x, 80), bg)
        else:
            draw.rounded_rectangle(
                (x, 80, x + cw - 1, 80 + cw - 1), radius=6, outline=A.EMPTY_EDGE, width=2
            )
            word = _p("revealed nothing", "pass") if passed else "—"
            draw_text(draw, (x + cw / 2, 80 + cw / 2), word, A.FONT_SMALL, T.TEXT_SOFT, anchor="mm")
        back_room = (x - 30) // 2 if owes else x - 30
        left = 14
        if taken_back:
            box = draw_fit(
                draw,
                (14, h - 7),
                _("holds {cards} (taken back, public)", cards=counted(taken_back)),
                A.FONT_CAPTION,
                T.TEXT,
                back_room,
                bold=True,
                anchor="ls",
            )
            left = box[2] + 8
        if owes:
            draw_fit(
                draw,
                (x - 8, h - 10),
                _("must play his special card"),
                A.FONT_CAPTION,
                A.PLAYER[0],
                x - 8 - left,
                anchor="rs",
            )

    return paint
