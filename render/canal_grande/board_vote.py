"""Canal Grande table image, bottom row: the vote in progress (district, votes, placements)
or the last vote's result, and the piles (draw pile, number deck, discard).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.canal_grande.language import _, _p
from engine.i18n import counted
from render.canal_grande import theme as C
from render.canal_grande.board_base import (
    BOTTOM_H,
    BOTTOM_TOP,
    MINI_H,
    MINI_W,
    VOTE_W,
    View,
    W,
    _pletter,
    _pname,
    name_of,
    names_of,
    role_word,
)
from render.canal_grande.board_grid import (
    placement_sprites,
)
from render.canal_grande.cards import card_back, card_face
from render.canal_grande.regions import (
    Region,
    caption,
    lead_lines,
    panel,
    player_title,
    say_text,
)
from render.common import theme as T
from render.common.draw import paste_flat, rounded_box
from render.common.text import draw_text


def _vote_region(view: View, letters: list[str]) -> Region:
    names = names_of(view)
    vote = view.get("vote")
    last = view.get("last_vote")
    src = vote if vote is not None else last
    live = vote is not None
    players = tuple(
        (int(p["seat"]), letters[int(p["seat"])], str(p["name"])) for p in view["players"][:2]
    )
    voted = tuple(names.get(str(d), str(d)) for d in view.get("voted_districts") or [])
    data: tuple[Any, ...] = ()
    if src is not None:
        district = src.get("district")
        placed = src.get("placed") or [[], []]
        data = (
            district,
            names.get(str(district), str(district)) if district else None,
            int(src.get("challenger", 0)),
            tuple(int(v) for v in src.get("votes") or [0, 0]),
            tuple(
                tuple(tuple(tuple(g) for g in placement_sprites(str(district), pl)) for pl in side)
                for side in placed
            ),
            src.get("to_act") if live else src.get("winner"),
            src.get("owner"),
            len(src.get("back_to_hand") or []),
            len(src.get("discarded") or []),
        )
    key = ("vote", live, data, players, voted)
    box = (C.MARGIN, BOTTOM_TOP, C.MARGIN + VOTE_W, BOTTOM_TOP + BOTTOM_H)
    return Region(box, key, _vote_painter(key))


def _vote_painter(key: tuple[Any, ...]) -> Any:
    _kind, live, data, players, voted = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h), active=live)
        bg = T.PANEL_ACTIVE if live else T.PANEL
        caption(draw, (16, 26), _("Vote in progress") if live else _("Last vote"), room=180)
        if voted:
            say_text(
                draw,
                (w - 16, 26),
                _("voted this turn: {districts}", districts=counted(voted)),
                C.FONT_SMALL,
                T.TEXT_SOFT,
                anchor="rs",
                max_width=w - 200,
            )
        if not data:
            lines = [
                _("No vote yet."),
                _("A doge starts a vote in a district: each district card placed is one vote,"),
                _("a gondola brings cards of another district. The winner takes a victory card."),
            ]
            lead_lines(draw, (16, 62), 28, lines, max_width=w - 32)
            return
        district, dname, challenger, votes, placed, who, owner, back, discarded = data
        defender = 1 - challenger
        if district is None:
            title = _("{name} chooses the district", name=_pname(players, challenger))
        elif live:
            title = _("{district} · doge of {name}", district=dname, name=_pname(players, owner))
        else:
            a, b = votes[who], votes[1 - who] if len(votes) > 1 else 0
            title = _(
                "{district} · won by {name}, {a} : {b}",
                district=dname,
                name=_pname(players, who),
                a=a,
                b=b,
            )
        if district is not None:
            colour = C.DISTRICT.get(district, C.DISTRICT_FALLBACK)
            draw.rounded_rectangle((16, 40, 24, 64), radius=3, fill=colour)
        say_text(
            draw, (32, 52), title, C.FONT_NAME, T.TEXT, bold=True, anchor="lm", max_width=w - 48
        )
        for r, seat in enumerate((challenger, defender)):
            y = 74 + r * 54
            act = live and who == seat
            if act:
                paste_flat(
                    img,
                    rounded_box(w - 20, 50, T.PANEL, T.PANEL_ACTIVE_EDGE, 10, 2),
                    (10, y - 2),
                    bg,
                )
            rbg = T.PANEL if act else bg
            letter, name = _pletter(players, seat), _pname(players, seat)
            role = role_word("challenger" if seat == challenger else "defender")
            player_title(img, draw, (18, y + 4), seat, letter, name, 190, size=17, bg=rbg)
            say_text(
                draw,
                (56, y + 42),
                role + (" · " + _("to act") if act else ""),
                C.FONT_CAPTION,
                T.TEXT_SOFT,
                anchor="ls",
                room=180,
            )
            v = votes[seat] if seat < len(votes) else 0
            draw_text(draw, (250, y + 23), str(v), C.FONT_BIG, T.TEXT, bold=True, anchor="mm")
            x = 286
            side = placed[seat] if seat < len(placed) else ()
            if not side:
                say_text(
                    draw,
                    (x, y + 23),
                    _("nothing placed") if live else _("did not place"),
                    C.FONT_SMALL,
                    T.TEXT_SOFT,
                    anchor="lm",
                    room=w - 16 - x,
                )
            x = _draw_placements(img, draw, side, x, y + 2, w - 16, rbg)
        if not live:
            foot = _(
                "placed cards: {back} back to hand, {discarded} discarded (doge included)",
                back=back,
                discarded=discarded,
            )
            say_text(
                draw, (16, h - 12), foot, C.FONT_CAPTION, T.TEXT_SOFT, anchor="ls", room=w - 32
            )

    return paint


def _draw_placements(
    img: Image.Image, draw: ImageDraw.ImageDraw, side: Any, x: int, y: int, right: int, bg: T.RGB
) -> int:
    """Placements left to right, each a row of small cards (overlapping when they would not
    fit side by side); '…' when out of room even so."""
    count = sum(len(g) for placement in side for g in placement)
    groups = sum(len(placement) for placement in side)
    room = right - 20 - x - groups * 8 - len(side) * 10
    overlap = MINI_W + 2 if count * (MINI_W + 2) <= room else 20
    for p_i, placement in enumerate(side):
        if p_i:
            draw.line((x - 7, y + 4, x - 7, y + MINI_H - 4), fill=T.PANEL_EDGE, width=2)
        for group in placement:
            for c_i, card in enumerate(group):
                if x + MINI_W > right - 20:
                    draw_text(
                        draw, (x + 2, y + MINI_H / 2), "…", C.FONT_BODY, T.TEXT_SOFT, anchor="lm"
                    )
                    return x
                paste_flat(img, card_face(card, MINI_W, MINI_H), (x, y), bg)
                x += overlap if c_i < len(group) - 1 else MINI_W + 4
            x += 4
        x += 10
    return x


# --------------------------------------------------------------------------- piles


def _piles_region(view: View) -> Region:
    discard = view.get("discard") or []
    top = str(discard[-1]) if discard else None
    last_round = view.get("last_round")
    lr: tuple[Any, ...] = ()
    if last_round:
        bonus = last_round.get("bonus")
        lr = (
            int(last_round.get("round", 0)),
            tuple(int(t) for t in last_round.get("totals") or []),
            name_of(view, bonus) if bonus is not None else None,
            name_of(view, last_round.get("next_divider")),
        )
    key = (
        "piles",
        int(view.get("deck_size", 0)),
        int(view.get("number_deck_size", 0)),
        top,
        int(view.get("discard_size", len(discard))),
        lr,
    )
    box = (C.MARGIN + VOTE_W + 12, BOTTOM_TOP, W - C.MARGIN, BOTTOM_TOP + BOTTOM_H)
    return Region(box, key, _piles_painter(key))


def _piles_painter(key: tuple[Any, ...]) -> Any:
    _kind, deck, numbers, top, discard_size, lr = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h))
        caption(draw, (16, 26), _p("caption", "Piles"), room=w - 32)
        cw, ch = 56, 78
        slot = (w - 32) // 3
        items = [
            (card_back("A", cw, ch), f"{deck}", _("draw pile")),
            (card_back("Z", cw, ch), f"{numbers}", _("number deck")),
            (card_face(top, cw, ch) if top else None, f"{discard_size}", _p("pile", "discard")),
        ]
        for i, (sprite, count, label) in enumerate(items):
            x = 16 + i * slot
            if sprite is None:
                draw.rounded_rectangle(
                    (x, 40, x + cw - 1, 40 + ch - 1), radius=6, outline=C.EMPTY_SLOT, width=2
                )
            else:
                paste_flat(img, sprite, (x, 40), T.PANEL)
            draw_text(draw, (x + cw + 8, 66), count, C.FONT_BIG - 4, T.TEXT, bold=True, anchor="lm")
            say_text(
                draw,
                (x, 40 + ch + 18),
                label,
                C.FONT_SMALL,
                T.TEXT_SOFT,
                anchor="ls",
                room=slot - 4,
            )
        if lr:
            rnd, totals, bonus, nxt = lr
            # Translators: the two players' totals of a round, first seat first ("12 : 9")
            t = (
                _p("totals", "{first} : {second}", first=totals[0], second=totals[1])
                if len(totals) == 2
                else counted(totals)
            )
            if bonus:
                text = _(
                    "Round {round} ended {totals}; bonus: {name}", round=rnd, totals=t, name=bonus
                )
            else:
                text = _("Round {round} ended {totals}; no bonus", round=rnd, totals=t)
            say_text(draw, (16, h - 36), text, C.FONT_SMALL, T.TEXT, anchor="ls", max_width=w - 32)
            say_text(
                draw,
                (16, h - 14),
                _("then {name} divided", name=nxt),
                C.FONT_SMALL,
                T.TEXT_SOFT,
                anchor="ls",
                max_width=w - 32,
            )
        else:
            say_text(
                draw,
                (16, h - 14),
                _("a round ends when a total reaches 10"),
                C.FONT_SMALL,
                T.TEXT_SOFT,
                anchor="ls",
                max_width=w - 32,
            )

    return paint
