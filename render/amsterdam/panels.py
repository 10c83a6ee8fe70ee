"""The bottom panels of the Amsterdam harbour image: the face-up decks with the bank, and the
last reveal (both chosen cards side by side, AM-4.3).

The reveal carries both faces (``last_reveal.faces``), so both chosen cards are drawn as cards
even after one went back into a hand (AM-5.2) or under a tide. Games saved before the faces were
recorded name the cards by label only (``last_reveal.cards``); :func:`card_by_label` then finds
their public data (a revealed card, the grid, a deck top), else the label is drawn.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.amsterdam.language import _, _p
from render.amsterdam import theme as A
from render.amsterdam.cards import card_back, card_face, card_key, coin
from render.amsterdam.regions import Region, caption, draw_fit
from render.common import theme as T
from render.common.draw import marker, panel, paste_flat, player_letters
from render.common.text import draw_text, text_width

__all__ = ["card_by_label", "decks_region", "owner_label", "reveal_region", "stall_note"]

#: Owner names under the decks and the reveal: the size the player panels use, so they show
#: at 9 px or more in Discord (tests/test_render_display.py).
OWNER_FONT = A.FONT_NAME
OWNER_MARK = 30


def owner_label(name: str, room: int) -> str | None:
    """The owner's name if it fits whole in ``room`` pixels (beside his marker), else None:
    a name is never cut ("amsterda…"); the marker alone then says whose it is, as in his
    panel."""
    return name if text_width(name, OWNER_FONT, bold=True) <= room - OWNER_MARK - 8 else None


def _owner(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    owner: tuple[Any, ...],
    room: int,
    centre: bool = False,
) -> None:
    """The owner's marker and (if it fits whole) name, on one line; ``xy`` is the line's left
    end (or its centre) at the middle of the line."""
    seat, letter, name = owner
    shown = owner_label(name, room)
    width = OWNER_MARK + (8 + text_width(shown, OWNER_FONT, bold=True) if shown else 0)
    x = xy[0] - width / 2 if centre else xy[0]
    y = xy[1]
    mark = marker(seat, letter, OWNER_MARK, A.PLAYER[seat], A.PLAYER_INK[seat])
    paste_flat(img, mark, (round(x), round(y - OWNER_MARK / 2)), T.PANEL)
    if shown:
        draw_text(
            draw,
            (x + OWNER_MARK + 8, y),
            shown,
            OWNER_FONT,
            A.PLAYER[seat],
            bold=True,
            anchor="lm",
        )


View = dict[str, Any]


# --------------------------------------------------------------------------- decks and reveal


def decks_region(view: View, box: tuple[int, int, int, int]) -> Region:
    decks = view.get("decks") or {}
    water = decks.get("water") or {}
    harbor = decks.get("harbor") or [{}, {}]
    special = int((decks.get("special") or {}).get("size", 0))
    uses_special = (view.get("variant") or {}).get("name") == "special_cards"
    key = (
        "decks",
        (int(water.get("size", 0)), card_key(water["top"]) if water.get("top") else None),
        tuple(
            (int(d.get("size", 0)), card_key(d["top"]) if d.get("top") else None)
            for d in harbor[:2]
        ),
        special if uses_special else None,
        int(view.get("bank", 0)),
        tuple(
            (int(p["seat"]), letter, str(p["name"]))
            for p, letter in zip(view["players"][:2], player_letters(view), strict=False)
        ),
        stall_note(view),
    )
    return Region(box, key, _decks_painter(key))


def _count(view: View, key: str) -> tuple[int, int, int] | None:
    """(rounds, limit, rounds left) of an end counter of the view once it started, else None."""
    counter = view.get(key) or {}
    rounds, limit = int(counter.get("rounds", 0)), int(counter.get("limit", 0))
    if rounds < 1 or limit < 1 or view.get("over"):
        return None
    return rounds, limit, max(limit - rounds, 0)


def stall_note(view: View) -> tuple[tuple[str, ...], bool] | None:
    """The nearer of the two safeguard ends for the decks panel: AM-G22's count once a round
    ended with no card placed and no money moved, AM-G24's once a round ended without the port
    growing (and whether the end is near: two such rounds or fewer left), else None. The texts
    go from the longest to the shortest: the painter draws the first that fits."""
    idle, stall = _count(view, "idle"), _count(view, "stall")
    if idle is not None and (stall is None or idle[2] <= stall[2]):
        rounds, limit, left = idle
        return (
            (
                _(
                    # rule: AM-G22
                    "No card placed, no money moved for {rounds} of {limit} "
                    "rounds: the game ends after {left} more",
                    rounds=rounds,
                    limit=limit,
                    left=left,
                ),
                _(
                    # rule: AM-G22
                    "Idle rounds {rounds}/{limit}: ends after {left} more",
                    rounds=rounds,
                    limit=limit,
                    left=left,
                ),
                # rule: AM-G22
                _("Idle rounds {rounds}/{limit}", rounds=rounds, limit=limit),
            ),
            left <= 2,
        )
    if stall is None:
        return None
    rounds, limit, left = stall
    long = _(
        # rule: AM-G24
        "No port growth for {rounds} of {limit} rounds: the game ends after {left} more",
        rounds=rounds,
        limit=limit,
        left=left,
    )
    short = _(
        # rule: AM-G24
        "No port growth {rounds}/{limit}: ends after {left} more",
        rounds=rounds,
        limit=limit,
        left=left,
    )
    # rule: AM-G24
    shortest = _("No port growth {rounds}/{limit}", rounds=rounds, limit=limit)
    return (long, short, shortest), left <= 2


def _decks_painter(key: tuple[Any, ...]) -> Any:
    _key, water, harbor, special, bank, names, note = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h))
        caption(draw, (14, 26), _("Decks (face up) · bank"), w - 28)
        cw = 84
        piles = [(water, _p("deck", "water")), (harbor[0], names[0]), (harbor[1], names[1])]
        slot = (w - 28) // 4
        for i, ((size, top), label) in enumerate(piles):
            x = 14 + i * slot
            if top is not None:
                paste_flat(img, card_face(top, cw, cw), (x, 40), T.PANEL)
            else:
                draw.rounded_rectangle(
                    (x, 40, x + cw - 1, 40 + cw - 1), radius=6, outline=A.EMPTY_EDGE, width=2
                )
            draw_fit(
                draw,
                (x, 40 + cw + 26),
                _("{n} left", n=size),
                A.FONT_BODY,
                T.TEXT,
                slot - 4,
                bold=True,
                anchor="ls",
            )
            if i == 0:
                draw_fit(
                    draw, (x, 40 + cw + 50), label, A.FONT_SMALL, T.TEXT_SOFT, slot - 4, anchor="ls"
                )
            else:
                _owner(img, draw, (x, 40 + cw + 44), label, slot - 4)
        x = 14 + 3 * slot
        paste_flat(img, coin(40), (x, 44), T.PANEL)
        draw_text(draw, (x + 48, 64), str(bank), A.FONT_BIG, T.TEXT, bold=True, anchor="lm")
        draw_fit(draw, (x, 108), _("in the bank"), A.FONT_SMALL, T.TEXT_SOFT, slot - 4, anchor="ls")
        if special is not None:
            paste_flat(img, card_back(30, 40), (x, 124), T.PANEL)
            draw_text(
                draw, (x + 38, 144), str(special), A.FONT_BODY, T.TEXT, bold=True, anchor="lm"
            )
            draw_fit(
                draw,
                (x, 186),
                _p("deck", "specials"),
                A.FONT_SMALL,
                T.TEXT_SOFT,
                slot - 4,
                anchor="ls",
            )
        if note is not None:
            texts, near = note
            room = (3 * slot if special is not None else w) - 28
            fits = [t for t in texts if text_width(t, A.FONT_SMALL, near) <= room]
            text = fits[0] if fits else texts[-1]
            draw_fit(
                draw,
                (14, h - 10),
                text,
                A.FONT_SMALL,
                T.ALERT if near else T.TEXT_SOFT,
                room,
                bold=near,
                anchor="ls",
            )

    return paint


def card_by_label(view: View, label: str) -> View | None:
    """The public card data of a label: a revealed card, a card on the grid (or under one), a
    deck top; None when it is nowhere public (a card taken back into hand)."""
    for p in view["players"]:
        rev = p.get("revealed")
        if rev and str(rev.get("label")) == label:
            return dict(rev)
    for c in view["grid"]["cells"]:
        for card in (c["card"], *(c.get("covered") or [])):
            if str(card.get("label")) == label:
                return dict(card)
    decks = view.get("decks") or {}
    for d in [decks.get("water") or {}, *(decks.get("harbor") or [])]:
        top = d.get("top")
        if top and str(top.get("label")) == label:
            return dict(top)
    return None


def reveal_region(view: View, letters: list[str], box: tuple[int, int, int, int]) -> Region:
    last = view.get("last_reveal")
    data: tuple[Any, ...] = ()
    if last:
        cards = []
        for s in (0, 1):
            label = (last.get("cards") or [None, None])[s]
            passed = bool((last.get("passed") or [False, False])[s])
            faces = last.get("faces") or [None, None]
            card = faces[s] if s < len(faces) and faces[s] else None
            if card is None and label is not None:
                card = card_by_label(view, str(label))
            cards.append((label, card_key(card) if card else None, passed))
        data = (int(last.get("round", 0)), tuple(cards))
    names = tuple(
        (int(p["seat"]), letters[int(p["seat"])], str(p["name"])) for p in view["players"][:2]
    )
    key = ("reveal", data, names)
    return Region(box, key, _reveal_painter(key))


def _reveal_painter(key: tuple[Any, ...]) -> Any:
    _key, data, names = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h))
        if not data:
            caption(draw, (14, 26), _("Last reveal"), w - 28)
            draw_fit(
                draw,
                (14, h / 2),
                _("No cards revealed yet."),
                A.FONT_BODY,
                T.TEXT_SOFT,
                w - 28,
                anchor="lm",
            )
            return
        rnd, cards = data
        caption(draw, (14, 26), _("Reveal of round {n}", n=rnd), w - 28)
        cw = 96
        slot = (w - 28) // 2
        for s, (label, card, passed) in enumerate(cards):
            x = 14 + s * slot + (slot - cw) // 2
            if card is not None:
                paste_flat(img, card_face(card, cw, cw), (x, 38), T.PANEL)
            else:
                draw.rounded_rectangle(
                    (x, 38, x + cw - 1, 38 + cw - 1), radius=8, outline=A.EMPTY_EDGE, width=2
                )
                word = _p("revealed nothing", "PASS") if passed or label is None else str(label)
                draw_fit(
                    draw,
                    (x + cw / 2, 38 + cw / 2),
                    word,
                    A.FONT_BODY,
                    T.TEXT_SOFT,
                    cw - 8,
                    bold=True,
                    anchor="mm",
                )
            _owner(img, draw, (14 + s * slot + slot / 2, 38 + cw + 24), names[s], slot - 10, True)
        draw_text(
            draw, (w / 2, 38 + cw / 2), _("vs"), A.FONT_BODY, T.TEXT_SOFT, bold=True, anchor="mm"
        )

    return paint
