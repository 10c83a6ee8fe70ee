"""The private hand image of one player (V-U7), drawn from his private view.

``render_hand(view)`` takes ``state.player_view(seat)`` and draws, for ``view["me"]`` only: his
cards, his own token values and total gold, the cards he has in front of him, and what he can do
now (the pending decision and his legal commands, grouped by verb). Nothing of another player's
hidden information is in that view, so none can be drawn.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.i18n.shared import awaited
from engine.venezia.language import N_, _, _n, _p
from engine.venezia.presentation.tasks import task
from engine.venezia.presentation.words import building_name
from render.common.draw import marker, paste, paste_flat, player_letters, rounded_box, wrap_words
from render.common.png import encode_png
from render.common.text import draw_fitted, draw_text, text_width
from render.venezia import static as S
from render.venezia import theme as T
from render.venezia.board_palette import palette

__all__ = ["compose_hand", "render_hand"]

View = dict[str, Any]

WIDTH = 960
CARD_W, CARD_H = 124, 180
CARD_GAP = 10
HEADER = 72
MARGIN = 24
#: Discord shows a hand ~550 px wide (57 % of this image): the smallest text is 18 px, which
#: shows at ~10 px there (#24 item 12; tests/test_render_hand_display.py).
TEXT = 18
HEAD = 20
TITLE = 26
LINE = 28
TOKEN = 40
VERB_W = 124


def render_hand(view: View) -> bytes:
    """The hand image (PNG bytes) of the player whose private view this is."""
    # The board's fixed palette holds every colour a hand uses: mapping onto it costs ~6 ms
    # where an adaptive palette costs ~60 ms (hands go out more often than boards).
    return encode_png(compose_hand(view), palette=palette())


#: What a command without arguments does (English message ids, said at use).
BARE_VERBS = {
    "done": N_("stop here / continue"),
    "flip": N_("flip the top card for Klaus-Jürgen"),
}


def _group_options(options: list[str]) -> list[tuple[str, list[str]]]:
    """Commands grouped by verb, in first-seen order: ("drain", ["C1", "C3", ...])."""
    groups: dict[str, list[str]] = {}
    for opt in options:
        verb, _sep, rest = opt.partition(" ")
        groups.setdefault(verb, []).append(rest)
    return list(groups.items())


def _option_words(verb: str, args: list[str]) -> list[str]:
    if verb == "play":
        return [a if a else _("(no cards)") for a in args]
    if verb == "exchange":
        return [_exchange_words(a) for a in args]
    return [a if a else verb for a in args]


def _exchange_words(tokens: str) -> str:
    steps = sum(int(v) for v in tokens.split()) // 5
    return _n("{tokens} → {n} step", "{tokens} → {n} steps", steps, tokens=tokens)


def _option_lines(options: list[str], width: int, max_lines: int) -> list[tuple[str, str]]:
    """(verb, text) lines listing the options, wrapped, at most ``max_lines``."""
    lines: list[tuple[str, str]] = []
    for verb, args in _group_options(options):
        words = _option_words(verb, args)
        if args == [""] and verb in BARE_VERBS:
            words = [_(BARE_VERBS[verb])]
        wrapped = wrap_words(words, TEXT, width - VERB_W, sep="  ·  ")
        for i, line in enumerate(wrapped):
            lines.append((verb if i == 0 else "", line))
    if len(lines) > max_lines:
        hidden = len(lines) - max_lines + 1
        more = _n("… {n} more line", "… {n} more lines", hidden)
        lines = [*lines[: max_lines - 1], ("", more)]
    return lines


def compose_hand(view: View) -> Image.Image:
    me: dict[str, Any] = view["me"]
    seat = int(me["seat"])
    letters = player_letters(view)
    hand: list[str] = list(me.get("hand") or [])
    tokens: list[int] = list(me.get("tokens") or [])
    options: list[str] = list(me.get("options") or [])
    inner_w = WIDTH - 2 * MARGIN
    opt_lines = _option_lines(options, inner_w - 28, 12)

    cards_top = HEADER + 66
    gold_top = cards_top + CARD_H + 24
    tok_per_row = 16
    tok_rows = max(1, -(-len(tokens) // tok_per_row))
    gold_h = 66 + tok_rows * (TOKEN + 6)
    opts_top = gold_top + gold_h + 16
    opts_h = 56 + max(1, len(opt_lines)) * LINE
    height = opts_top + opts_h + MARGIN

    img = Image.new("RGB", (WIDTH, height), T.BACKGROUND)
    draw = ImageDraw.Draw(img)

    # header: marker, name, turn
    draw.rectangle((0, 0, WIDTH, HEADER), fill=T.HEADER)
    paste_flat(img, marker(seat, letters[seat], 44), (MARGIN, (HEADER - 44) // 2), T.HEADER)
    turn = _("Turn {turn}", turn=view.get("turn", ""))
    tw = text_width(turn, HEAD, bold=True)
    draw_text(draw, (WIDTH - MARGIN, HEADER / 2), turn, HEAD, T.HEADER_SUB, bold=True, anchor="rm")
    draw_text(
        draw,
        (MARGIN + 58, HEADER / 2),
        _("{name} — your hand", name=me.get("name", "")),
        TITLE,
        T.HEADER_TEXT,
        bold=True,
        anchor="lm",
        max_width=WIDTH - 2 * MARGIN - 78 - tw,
    )

    # what is going on now
    decision = me.get("decision")
    pending = view.get("pending") or {}
    status: str
    if view.get("game_over"):
        status, hot = _("The game is over."), False
    elif decision:
        status, hot = _("Your move: {prompt}", prompt=decision.get("prompt", "")), True
    elif pending:
        name, doing = pending.get("name", ""), task(str(pending.get("kind", "")))
        # what the others read: the decider's task, never his imperative prompt (#25)
        status = (
            _("Waiting for {name}: {task}", name=name, task=doing) if doing else awaited(name, None)
        )
        hot = False
    else:
        status, hot = "", False
    if hot:
        box = rounded_box(inner_w, 46, T.PANEL_ACTIVE, T.PANEL_ACTIVE_EDGE, 10, 2)
        paste_flat(img, box, (MARGIN, HEADER + 10), T.BACKGROUND)
    draw_text(
        draw,
        (MARGIN + 14, HEADER + 33),
        status,
        HEAD,
        T.TEXT,
        bold=hot,
        anchor="lm",
        max_width=inner_w - 28,
    )

    # the cards in hand
    x = MARGIN
    if not hand:
        draw_text(
            draw,
            (x, cards_top + CARD_H / 2),
            _("No cards in hand."),
            HEAD,
            T.TEXT_SOFT,
            anchor="lm",
        )
    for t in hand:
        paste_flat(img, S.big_card(t, CARD_W, CARD_H), (x, cards_top), T.BACKGROUND)
        x += CARD_W + CARD_GAP
    # cards in front of him, right of the hand
    fx = MARGIN + 5 * (CARD_W + CARD_GAP) + 4
    front_w = WIDTH - MARGIN - fx
    draw_fitted(
        draw,
        (fx, cards_top + 2),
        _("IN FRONT OF YOU"),
        TEXT,
        T.TEXT_SOFT,
        front_w,
        bold=True,
        anchor="la",
        smallest=TEXT,
    )
    player = next((p for p in view.get("players", []) if p.get("seat") == seat), None)
    front: dict[str, int] = (player or {}).get("front") or {}
    architects = view.get("architects") or {}
    fy = cards_top + 30
    if not front:
        nothing = _p("in front", "nothing")
        draw_text(draw, (fx, fy + 14), nothing, TEXT, T.TEXT_SOFT, anchor="lm")
    for t in T.TYPES:
        n = front.get(t, 0)
        if not n:
            continue
        paste(img, S.card_icon(t, 20, 28), (fx, fy))
        label = f"{building_name(t)} {n}/{T.CARDS_NEEDED[t]}"
        label_box = draw_text(draw, (fx + 26, fy + 14), label, TEXT, T.TEXT, bold=True, anchor="lm")
        if architects.get(t) == seat:
            paste(img, S.pawn_icon(t, 14, 20), (label_box[2] + 4, fy + 4))
        fy += 30
    deck = int(view.get("deck_size", 0))
    draw_fitted(
        draw,
        (fx, cards_top + CARD_H - 6),
        _n("{n} cards in the deck", "{n} cards in the deck", deck),
        TEXT,
        T.TEXT_SOFT,
        front_w,
        anchor="ls",
        smallest=TEXT,
    )

    # gold: his token values (private) and total
    box = rounded_box(inner_w, gold_h, T.PANEL, T.PANEL_EDGE, 10)
    paste_flat(img, box, (MARGIN, gold_top), T.BACKGROUND)
    gold = int(me.get("gold", sum(tokens)))
    swamp_n = sum(1 for v in tokens if v < 3)
    # Translators: the gold panel's title: total gold and the steps it buys
    head = _n("GOLD  {gold}  =  {n} step", "GOLD  {gold}  =  {n} steps", gold // 5, gold=gold)
    head_box = draw_text(
        draw, (MARGIN + 14, gold_top + 26), head, HEAD, T.TEXT, bold=True, anchor="lm"
    )
    detail = _n(
        "{swamp} swamp, {n} treasure token · 5 gold = 1 step",
        "{swamp} swamp, {n} treasure tokens · 5 gold = 1 step",
        len(tokens) - swamp_n,
        swamp=swamp_n,
    )
    draw_fitted(
        draw,
        (MARGIN + inner_w - 14, gold_top + 26),
        detail,
        TEXT,
        T.TEXT_SOFT,
        MARGIN + inner_w - 14 - head_box[2] - 24,
        anchor="rm",
        smallest=TEXT,
    )
    if not tokens:
        draw_text(
            draw,
            (MARGIN + 14, gold_top + 70),
            _("no tokens yet"),
            TEXT,
            T.TEXT_SOFT,
            anchor="lm",
        )
    for i, v in enumerate(tokens):
        tx = MARGIN + 14 + (i % tok_per_row) * (TOKEN + 6)
        ty = gold_top + 48 + (i // tok_per_row) * (TOKEN + 6)
        paste_flat(img, S.value_token(int(v), TOKEN), (tx, ty), T.PANEL)

    # what he can do now
    box = rounded_box(inner_w, opts_h, T.PANEL, T.PANEL_EDGE, 10)
    paste_flat(img, box, (MARGIN, opts_top), T.BACKGROUND)
    draw_text(
        draw,
        (MARGIN + 14, opts_top + 24),
        _("YOU CAN NOW"),
        TEXT,
        T.TEXT_SOFT,
        bold=True,
        anchor="lm",
    )
    ly = opts_top + 52
    if not opt_lines:
        draw_text(
            draw,
            (MARGIN + 14, ly),
            _("nothing — not your decision right now"),
            TEXT,
            T.TEXT_SOFT,
            anchor="lm",
        )
    for verb, line in opt_lines:
        if verb:
            draw_text(
                draw,
                (MARGIN + 14, ly),
                verb,
                TEXT,
                T.BUILDING["ponte"],
                bold=True,
                anchor="lm",
            )
        draw_text(
            draw,
            (MARGIN + 14 + VERB_W, ly),
            line,
            TEXT,
            T.TEXT,
            anchor="lm",
            max_width=inner_w - 28 - VERB_W,
        )
        ly += LINE
    return img
