"""The private hand image of one Amsterdam player, drawn from his player view.

``render_hand(view)`` takes ``player_view(seat)`` and draws ``view["me"]``: his cards (each with
its number, goods and symbols, and in words under it), his own sealed answer when he has one
(marked as such: only he receives this image), his money, points and revealed card, and what he
can do now, summarised by verb. Only ``me`` and public keys are read, so nothing of the other
hand or of the other seat's sealed answer can be drawn.
"""

from __future__ import annotations

from typing import Any, Final

from PIL import Image, ImageDraw

from engine.amsterdam.language import N_, _, _n, _p
from engine.amsterdam.presentation.words import (
    card_symbol,
    colour_name,
    good_name,
    special_name,
    water_word,
)
from engine.i18n import counted
from render.amsterdam import theme as A
from render.amsterdam.board import stage_words
from render.amsterdam.cards import card_face, card_key, coin
from render.amsterdam.regions import Region, caption, compose, draw_fit, header, name_of
from render.common import theme as T
from render.common.draw import panel, paste_flat, wrap_words
from render.common.png import png_bytes
from render.common.text import draw_text, text_width

__all__ = ["W", "compose_hand", "option_lines", "render_hand"]

View = dict[str, Any]
W: Final = 960
INNER: Final = W - 2 * A.MARGIN
CARD: Final = 136
CARD_GAP: Final = 14
HAND_H: Final = 40 + CARD + 114
#: Discord shows a hand ~550 px wide (57 % of this image): its smallest text is 18 px, which
#: shows at ~10 px there (#24 item 12; tests/test_render_hand_display.py).
TEXT: Final = 18
#: The card revealed this round, in front of the player: as large as a hand card, so its
#: goods' and gulden's letters are as legible.
REVEALED: Final = CARD
FRONT_H: Final = REVEALED + 34
MAX_OPTION_LINES: Final = 6
SEALED: Final = (40, 120, 60)
#: What a verb without an argument does (``pass``, ``buy``).
BARE_VERBS: Final = {
    # rule: AM-4.4
    "pass": N_("reveal no card this round, take 1 gulden"),
    # rule: AM-V4.2
    "buy": N_("buy the top special card for 2 gulden"),
}


def render_hand(view: View) -> bytes:
    size, regions = _layout(view)
    return png_bytes(compose(size, regions))


def compose_hand(view: View) -> Image.Image:
    size, regions = _layout(view)
    return compose(size, regions).convert("RGB")


def option_lines(view: View, width: int) -> list[tuple[str, str]]:
    """(verb, what follows it) per verb of the options, wrapped to ``width`` pixels."""
    me = view["me"]
    options = [str(o) for o in me.get("options") or []]
    if not options:
        waiting = [name_of(view, d.get("seat")) for d in view.get("pending") or []]
        if view.get("over"):
            return [("", _("the game is over"))]
        if me.get("sealed_answer") is not None:
            return [("", _("you have chosen; waiting for the other player"))]
        who = counted(waiting) or _("nobody")
        return [("", _("not your decision now; waiting for {who}", who=who))]
    groups: dict[str, list[str]] = {}
    for o in options:
        verb, _sep, rest = o.partition(" ")
        groups.setdefault(verb, []).append(rest)
    lines: list[tuple[str, str]] = []
    for verb, rests in groups.items():
        words = [r for r in rests if r] or [_(BARE_VERBS[verb]) if verb in BARE_VERBS else ""]
        if len(words) > 40:
            words = [*words[:38], _("… {n} in all", n=len(words))]
        wrapped = wrap_words(words, A.FONT_BODY, width, " · ")
        for i, text in enumerate(wrapped):
            lines.append((verb if i == 0 else "", text))
    return lines[:MAX_OPTION_LINES]


def card_words(key: Any) -> tuple[str, ...]:
    """A card in words under its face, line by line: what it is (``red 19``, ``water 61``,
    a special card's name), then its goods (``tea+wine``, a crane first) and each symbol
    (``ship``, ``gulden``): the public words of the card, in the language in force."""
    kind, label, owner, tea, wine, spice, ship, gulden, crane = key
    if kind in ("tide", "bridge", "customs"):
        return (special_name(kind),)
    if kind == "center":
        return (_("the harbor center"),)
    what = colour_name(("red", "black")[owner]) if owner in (0, 1) else water_word()
    # Translators: a card's name under its face: {kind} is its colour (red, black) or water
    head = _("{kind} {number}", kind=what, number=label)
    things = [card_symbol("crane")] if crane else []
    things += [
        good_name(g) for g, n in (("tea", tea), ("wine", wine), ("spice", spice)) for _i in range(n)
    ]
    symbols = [card_symbol(s) for s, on in (("ship", ship), ("gulden", gulden)) if on]
    inner = [x for x in ("+".join(things), *symbols) if x]
    return (head, *inner)


def _sealed_label(me: View) -> str | None:
    """The hand card his sealed answer names (``play 12`` / ``show 12``), if any."""
    answer = me.get("sealed_answer")
    if not answer:
        return None
    verb, _sep, rest = str(answer).partition(" ")
    return rest if verb in ("play", "show") and rest else None


def _layout(view: View) -> tuple[tuple[int, int], list[Region]]:
    me = view["me"]
    seat = int(me["seat"])
    y = A.HEADER_H + 12
    regions: list[Region] = [_header_region(view)]
    hand = tuple(card_key(c) for c in me.get("hand") or [])
    texts = tuple(card_words(card_key(c)) for c in me.get("hand") or [])
    key = ("hand", seat, hand, texts, _sealed_label(me), me.get("sealed_answer"))
    regions.append(Region((A.MARGIN, y, W - A.MARGIN, y + HAND_H), key, _hand_painter(key)))
    y += HAND_H + 12
    p = view["players"][seat]
    rev = p.get("revealed")
    front = (
        "front",
        seat,
        int(p.get("gulden", 0)),
        int(p.get("vp", 0)),
        int(p.get("areas_won", 0)),
        card_key(rev) if rev else None,
        bool(p.get("passed")),
        int(view.get("round", 1)),
    )
    regions.append(Region((A.MARGIN, y, W - A.MARGIN, y + FRONT_H), front, _front_painter(front)))
    y += FRONT_H + 12
    lines = tuple(option_lines(view, INNER - 190))
    prompt = ""
    for d in view.get("pending") or []:
        if d.get("seat") == seat:
            prompt = str(d.get("prompt", ""))
    wrapped = (
        tuple(wrap_words(prompt.split(), A.FONT_BODY, INNER - 32, " ", bold=True)) if prompt else ()
    )
    opts_h = 48 + len(wrapped) * 28 + len(lines) * 30 + 12
    okey = ("options", wrapped, lines)
    regions.append(Region((A.MARGIN, y, W - A.MARGIN, y + opts_h), okey, _options_painter(okey)))
    y += opts_h + A.MARGIN
    return (W, y), regions


def _header_region(view: View) -> Region:
    me = view["me"]
    seat = int(me["seat"])
    kind = me.get("decision_kind")
    status: str
    if view.get("over"):
        status, hot = _("The game is over."), False
    elif me.get("sealed_answer") is not None:
        status, hot = _("You have chosen (sealed); waiting for the other player."), False
    elif kind:
        decision = _("Your decision: {what}", what=stage_words(str(kind)))
        status, hot = f"▶ {decision}", True
    else:
        waiting = [name_of(view, d.get("seat")) for d in view.get("pending") or []]
        status, hot = _("Waiting for {who}", who=counted(waiting) or _("nobody")), False
    title = _(
        "{name} ({colour}) — your hand",
        name=name_of(view, seat),
        colour=colour_name(me.get("color", "")),
    )
    right = _("Round {n}", n=view.get("round", 1))
    key = ("hand-header", title, right, status, hot)  # not for players

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        header(img, draw, title, right, status, hot)

    return Region((0, 0, W, A.HEADER_H), key, paint)


def _hand_painter(key: tuple[Any, ...]) -> Any:
    _key, _seat, hand, texts, sealed_label, answer = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h))
        caption(draw, (16, 28), _("Your cards · {n}", n=len(hand)), 240, TEXT)
        if answer is not None:
            note = _("your sealed answer: {answer} (only you see it)", answer=answer)
            draw_fit(
                draw, (w - 16, 28), note, A.FONT_SMALL, SEALED, w - 240, bold=True, anchor="rs"
            )
        if not hand:
            empty = _("No cards in hand.")
            draw_fit(draw, (16, h / 2), empty, A.FONT_NAME, T.TEXT_SOFT, w - 32, anchor="lm")
            return
        n = len(hand)
        cw = min(CARD, (w - 32 - (n - 1) * CARD_GAP) // n)
        total = n * cw + (n - 1) * CARD_GAP
        x = (w - total) // 2
        marked = False
        for card, text in zip(hand, texts, strict=True):
            top = 44
            if sealed_label is not None and card[1] == sealed_label and not marked:
                marked = True
                draw.rounded_rectangle(
                    (x - 7, top - 7, x + cw + 6, top + cw + 6), radius=12, outline=SEALED, width=5
                )
                draw_fit(
                    draw,
                    (x + cw / 2, top + cw + 26),
                    _p("tag", "SEALED"),
                    TEXT,
                    SEALED,
                    cw + CARD_GAP - 2,
                    bold=True,
                    anchor="ms",
                )
            paste_flat(img, card_face(card, cw, cw), (x, top), T.PANEL)
            for i, line in enumerate(text):
                draw_text(
                    draw,
                    (x + cw / 2, top + cw + 52 + i * 24),
                    line,
                    TEXT,
                    T.TEXT if i == 0 else T.TEXT_SOFT,
                    bold=i == 0,
                    anchor="ms",
                    max_width=cw + CARD_GAP - 2,
                )
            x += cw + CARD_GAP

    return paint


def _front_painter(key: tuple[Any, ...]) -> Any:
    _key, seat, gulden, vp, won, revealed, passed, _rnd = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h))
        caption(draw, (16, 28), _("In front of you (public)"), w - 32, TEXT)
        paste_flat(img, coin(34), (16, 48), T.PANEL)
        big = A.FONT_BIG - 6
        money = _n("{n} gulden", "{n} gulden", gulden)
        draw_fit(draw, (58, 66), money, big, T.TEXT, 270 - 58 - 10, bold=True, anchor="lm")
        points = _("{n} VP", n=vp)
        draw_fit(draw, (270, 66), points, big, T.TEXT, 400 - 270 - 10, bold=True, anchor="lm")
        x = w - 16 - REVEALED
        shown = _p("front", "revealed:")
        shown_w = min(text_width(shown, A.FONT_SMALL), 160)
        areas = _n("{n} area won", "{n} areas won", won)
        room = x - 12 - shown_w - 12 - 400
        draw_fit(draw, (400, 66), areas, big, T.TEXT, room, bold=True, anchor="lm")
        draw_fit(draw, (x - 12, 66), shown, A.FONT_SMALL, T.TEXT_SOFT, 160, anchor="rm")
        if revealed is not None:
            paste_flat(img, card_face(revealed, REVEALED, REVEALED), (x, 17), T.PANEL)
        else:
            word = _p("revealed nothing", "pass") if passed else _p("revealed nothing", "none")
            draw_fit(draw, (x, 66), word, A.FONT_BODY, T.TEXT_SOFT, w - x - 8, anchor="lm")
        draw_text(
            draw,
            (16, h - 14),
            _("colour {colour}", colour=colour_name(A_COLOUR[seat])),
            TEXT,
            A.PLAYER[seat],
            bold=True,
            anchor="ls",
        )

    return paint


A_COLOUR: Final = ("red", "black")


def _options_painter(key: tuple[Any, ...]) -> Any:
    _key, prompt, lines = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h))
        caption(draw, (16, 28), _("What you can do"), w - 32, TEXT)
        y = 56
        for line in prompt:
            draw_text(draw, (16, y), line, A.FONT_BODY, T.TEXT, bold=True, anchor="lm")
            y += 28
        for verb, text in lines:
            if verb:
                draw.rounded_rectangle((16, y - 13, 140, y + 13), radius=8, fill=T.TAG)
                draw_text(
                    draw,
                    (78, y),
                    verb,
                    A.FONT_SMALL,
                    T.TAG_TEXT,
                    bold=True,
                    anchor="mm",
                    max_width=120,
                )
            x = 156 if verb or any(v for v, _ in lines) else 16
            draw_text(draw, (x, y), text, A.FONT_BODY, T.TEXT, anchor="lm", max_width=w - x - 16)
            y += 30

    return paint
