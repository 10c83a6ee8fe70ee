"""The private hand image of one Canal Grande player, drawn from his player view.

``render_hand(view)`` takes ``player_view(seat)`` and draws ``view["me"]``: his cards grouped by
district and kind (a fanned stack per group with its count), what he has in front of him (number
total, doges waiting, victory cards: public anyway) and what he can do now, summarised (a divide
or a placement has hundreds of spellings: the count and a few examples). Only ``me`` and public
keys are read, so nothing of the opponent's hand can be drawn.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

from PIL import Image, ImageDraw

from engine.canal_grande.language import N_, _, _n, _p
from engine.i18n import SOURCE, current_language
from render.canal_grande import theme as C
from render.canal_grande.board import name_of, names_of
from render.canal_grande.board_base import role_word
from render.canal_grande.cards import card_face, special_label
from render.canal_grande.regions import Region, caption, compose, header, panel, say_text
from render.common import theme as T
from render.common.draw import paste_flat, rounded_box, wrap_words
from render.common.png import png_bytes
from render.common.text import draw_text, text_width

__all__ = ["compose_hand", "option_lines", "render_hand"]

View = dict[str, Any]

W: Final = 960
INNER: Final = W - 2 * C.MARGIN
HCARD_W, HCARD_H = 96, 134
FANS: Final = (20, 12, 6)  # offsets between the cards of one stack, widest first
MAX_FAN: Final = 5  # cards drawn per stack (the count says the rest)
GROUP_GAP: Final = 29
GROUP_H: Final = HCARD_H + 58
FRONT_H: Final = 112
MAX_OPTION_LINES: Final = 8
#: Discord shows a hand ~550 px wide (57 % of this image): its smallest text is 18 px, which
#: shows at ~10 px there (#24 item 12; tests/test_render_hand_display.py).
TEXT: Final = 18
OPTION_SIZE: Final = TEXT
VERB_W: Final = 124
#: The cards in front of the player: a number's and a doge's, and a victory card's (its
#: district's mark is large enough to read only on a wider chip).
CHIP_W, CHIP_H = 34, 48
VICTORY_W, VICTORY_H = 44, 60


def render_hand(view: View) -> bytes:
    """The hand image (PNG bytes) of the player whose private view this is."""
    size, regions = _layout(view)
    return png_bytes(compose(size, regions))


def compose_hand(view: View) -> Image.Image:
    size, regions = _layout(view)
    return compose(size, regions).convert("RGB")


def _groups(view: View) -> list[tuple[str, str, int]]:
    """(card, label, count) per district then gondola, in the districts' order."""
    me = view["me"]
    counts: dict[str, int] = dict(me.get("hand_counts") or {})
    if not counts:
        for c in me.get("hand") or []:
            counts[str(c)] = counts.get(str(c), 0) + 1
    names = names_of(view)
    order = [*names, "gondola"]
    order += sorted(c for c in counts if c not in order)
    labels = {**names, "gondola": _p("hand label", "Gondola")}
    return [(c, labels.get(c, c), int(counts[c])) for c in order if counts.get(c)]


def _group_width(n: int, fan: int) -> int:
    return HCARD_W + (min(n, MAX_FAN) - 1) * fan


def _fan(groups: list[tuple[str, str, int]]) -> int:
    """The widest fan with which every group fits in one row (else the widest, wrapped)."""
    for fan in FANS:
        if sum(_group_width(g[2], fan) + GROUP_GAP for g in groups) <= INNER - 32:
            return fan
    return FANS[0]


def _rows(groups: list[tuple[str, str, int]], fan: int) -> list[list[tuple[str, str, int]]]:
    rows: list[list[tuple[str, str, int]]] = [[]]
    used = 0
    for g in groups:
        w = _group_width(g[2], fan) + GROUP_GAP
        if rows[-1] and used + w > INNER - 32:
            rows.append([])
            used = 0
        rows[-1].append(g)
        used += w
    return rows


def _layout(view: View) -> tuple[tuple[int, int], list[Region]]:
    me = view["me"]
    seat = int(me["seat"])
    groups = _groups(view)
    fan = _fan(groups)
    rows = _rows(groups, fan)
    hand_h = 40 + len(rows) * GROUP_H + 8
    lines = option_lines(view, INNER - VERB_W - 30)
    decision = me.get("decision") or {}
    words = str(decision.get("prompt", "")).split()
    prompt = tuple(wrap(words, OPTION_SIZE, INNER - 40, " ", bold=True))
    opts_h = 50 + (len(prompt) * 28 + 10 if prompt else 0) + max(1, len(lines)) * 28 + 8
    y = C.HEADER_H + 12
    regions: list[Region] = [_header_region(view)]
    vote = view.get("vote") or {}
    focus = str(vote.get("district")) if vote.get("district") and me.get("decision") else None
    key: tuple[Any, ...] = (
        "hand",
        tuple(tuple(r) for r in rows),
        focus,
        len(me.get("hand") or []),
        fan,
    )
    regions.append(Region((C.MARGIN, y, W - C.MARGIN, y + hand_h), key, _hand_painter(key)))
    y += hand_h + 12
    p = view["players"][seat]
    names = names_of(view)
    front = (
        "front",
        tuple(int(n) for n in p.get("numbers") or []),
        int(p.get("number_total", 0)),
        int(p.get("doges_waiting", 0)),
        tuple((names.get(d, d), d, int(n)) for d, n in (p.get("victory_counts") or {}).items()),
        str(p.get("role", "")),
    )
    regions.append(Region((C.MARGIN, y, W - C.MARGIN, y + FRONT_H), front, _front_painter(front)))
    y += FRONT_H + 12
    okey = ("options", prompt, tuple(lines))
    regions.append(Region((C.MARGIN, y, W - C.MARGIN, y + opts_h), okey, _options_painter(okey)))
    y += opts_h + C.MARGIN
    return (W, y), regions


def _header_region(view: View) -> Region:
    me = view["me"]
    decision = me.get("decision")
    pending = view.get("pending") or {}
    status: str
    if view.get("game_over"):
        status, hot = _("The game is over."), False
    elif decision:
        status = "▶ " + _("Your move: {what}", what=_short(view, str(decision.get("kind", ""))))
        hot = True
    elif pending:
        status = _(
            "Waiting for {name}: {kind}",
            name=pending.get("name", ""),
            kind=kind_word(str(pending.get("kind", ""))),
        )
        hot = False
    else:
        status, hot = "", False
    title = _("{name} — your hand", name=me.get("name", ""))
    right = _("Round {round} · Turn {turn}", round=view.get("round", 1), turn=view.get("turn", 1))
    key = ("hand-header", W, title, right, status, hot)  # not for players

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        header(img, draw, title, right, status, hot)

    return Region((0, 0, W, C.HEADER_H), key, paint)


def _short(view: View, kind: str) -> str:
    """The decision in a few words (the full prompt is in the options panel)."""
    vote = view.get("vote") or {}
    where = names_of(view).get(str(vote.get("district")))
    if kind == "divide":
        return _("split the cards into offers A and B")
    if kind == "choose":
        return _("take offer A or offer B")
    if kind == "district":
        return _("choose the district of the vote")
    if kind == "place":
        if where is None:
            return _("place cards in the vote, or pass")
        return _("place cards in {district}, or pass", district=where)
    return kind


def kind_word(kind: str) -> str:
    """A decision's kind in a word (what the other player is deciding)."""
    kinds = {
        "divide": _p("decision", "divide"),
        "choose": _p("decision", "choose"),
        "district": _p("decision", "district"),
        "place": _p("decision", "place"),
    }
    return kinds.get(kind, kind)


#: a Japanese (or Chinese) character, a word with the spaces after it, or spaces
_WIDE = "\u3000-\u30ff\u3400-\u9fff\uff00-\uffef"
_TOKEN = re.compile(rf"[{_WIDE}]|[^\s{_WIDE}]+\s*|\s+")


def wrap(items: Sequence[str], size: int, width: int, sep: str, bold: bool = False) -> list[str]:
    """``wrap_words`` in English; in a translation an item too wide for a line is broken at its
    spaces, or between characters (Japanese writes no spaces), rather than cut."""
    if current_language() == SOURCE:
        return wrap_words(items, size, width, sep, bold=bold)

    def fits(text: str) -> bool:
        return text_width(text, size, bold) <= width

    lines: list[str] = []
    line = ""
    for item in items:
        cand = item if not line else line + sep + item
        if fits(cand):
            line = cand
            continue
        if line:
            lines.append(line)
            line = ""
        if fits(item):
            line = item
            continue
        for token in _TOKEN.findall(item):
            if line and not fits(line + token.rstrip()):
                lines.append(line.rstrip())
                line = token.lstrip()
            else:
                line += token
    if line:
        lines.append(line.rstrip())
    return lines


def _hand_painter(key: tuple[Any, ...]) -> Any:
    _kind, rows, focus, size, fan = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h))
        caption(draw, (16, 30), _("Your cards · {count}", count=size), TEXT, room=w // 3)
        if focus and any(card == focus for row in rows for card, *_rest in row):
            say_text(
                draw,
                (w - 16, 30),
                _("framed: the district of the vote"),
                TEXT,
                T.TEXT_SOFT,
                anchor="rs",
                room=w // 2,
            )
        if size == 0 or not rows or not rows[0]:
            say_text(
                draw,
                (16, 40 + GROUP_H / 2),
                _("No cards in hand."),
                C.FONT_NAME,
                T.TEXT_SOFT,
                anchor="lm",
                room=w - 32,
            )
            return
        y = 48
        for row in rows:
            x = 16
            for card, label, n in row:
                gw = _group_width(n, fan)
                if card == focus:
                    frame = rounded_box(gw + 16, GROUP_H - 6, T.PANEL_ACTIVE, C.WIN, 12, 3)
                    paste_flat(img, frame, (x - 8, y - 8), T.PANEL)
                bg = T.PANEL_ACTIVE if card == focus else T.PANEL
                face = card_face(card, HCARD_W, HCARD_H, label, printed=False)
                paste_flat(img, face, (x, y), bg)
                for i in range(1, min(n, MAX_FAN)):
                    img.paste(face, (x + i * fan, y), face)
                say_text(
                    draw,
                    (x, y + HCARD_H + 24),
                    special_label(card) or label,
                    TEXT,
                    T.TEXT,
                    bold=True,
                    anchor="ls",
                    max_width=gw + GROUP_GAP - 4,
                )
                badge = f"×{n}"
                bx, by = x + gw - 8, y + HCARD_H - 8
                draw.ellipse((bx - 19, by - 19, bx + 19, by + 19), fill=T.HEADER)
                draw_text(draw, (bx, by), badge, TEXT, T.HEADER_TEXT, bold=True, anchor="mm")
                x += gw + GROUP_GAP
            y += GROUP_H

    return paint


def _front_painter(key: tuple[Any, ...]) -> Any:
    _kind, numbers, total, doges, victory, role = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h))
        if role:
            title = _("In front of you · you are the {role}", role=role_word(role))
        else:
            title = _("In front of you")
        caption(draw, (16, 28), title, TEXT, room=w - 32)
        x = 16
        x = _label(draw, x, _p("front", "numbers"), 66)
        for v in numbers:
            paste_flat(img, card_face(f"n{v}", CHIP_W, CHIP_H), (x, MID - CHIP_H // 2), T.PANEL)
            x += CHIP_W + 4
        colour = T.ALERT if total >= 10 else T.TEXT
        box = draw_text(
            draw, (x + 6, MID), f"= {total}", C.FONT_NAME, colour, bold=True, anchor="lm"
        )
        x = box[2] + 24
        x = _label(draw, x, _p("front", "doges"), 50)
        paste_flat(img, card_face("doge", CHIP_W, CHIP_H), (x, MID - CHIP_H // 2), T.PANEL)
        box = draw_text(
            draw, (x + CHIP_W + 6, MID), f"×{doges}", C.FONT_NAME, T.TEXT, bold=True, anchor="lm"
        )
        x = box[2] + 24
        x = _label(draw, x, _p("front", "victory"), 58)
        if not victory:
            say_text(
                draw,
                (x, MID),
                _p("victory cards", "none yet"),
                TEXT,
                T.TEXT_SOFT,
                anchor="lm",
                room=w - x,
            )
        for _seat, d, n in victory:
            if x + VICTORY_W > w - 16:
                break
            paste_flat(img, card_face(d, VICTORY_W, VICTORY_H), (x, MID - VICTORY_H // 2), T.PANEL)
            if n > 1:
                draw_text(
                    draw, (x + VICTORY_W + 4, MID), f"×{n}", TEXT, T.TEXT, bold=True, anchor="lm"
                )
                x += 30
            x += VICTORY_W + 6

    return paint


#: The middle of the row of cards in front of the player (in its panel).
MID: Final = 76


def _label(draw: ImageDraw.ImageDraw, x: int, text: str, step: int) -> int:
    """A small label at ``x``; where the next thing starts (``step`` on, or after a longer
    translation)."""
    box = draw_text(draw, (x, MID), text, TEXT, T.TEXT_SOFT, anchor="lm")
    return max(x + step, box[2] + 10)


# --------------------------------------------------------------------------- options

#: What a command without arguments does (said at use).
BARE_VERBS: Final = {"pass": N_("stop placing: the vote goes to whoever leads")}
#: A verb with more spellings than this is summarised: the count and a few examples.
LIST_ALL: Final = 6


def option_lines(view: View, width: int) -> list[tuple[str, str]]:
    """(verb, text) lines summarising the legal commands of ``view["me"]``, wrapped."""
    options = [str(o) for o in view["me"].get("options") or []]
    groups: dict[str, list[str]] = {}
    for opt in options:
        verb, _sep, rest = opt.partition(" ")
        groups.setdefault(verb, []).append(rest)
    names = names_of(view)
    lines: list[tuple[str, str]] = []
    for verb, args in groups.items():
        words: list[str]
        if verb == "divide":
            words = [
                _n(
                    "the positions of offer A ({n} way), e.g. divide 1 4 7 — the other "
                    "cards form offer B",
                    "the positions of offer A ({n} ways), e.g. divide 1 4 7 — the other "
                    "cards form offer B",
                    len(args),
                )
            ]
        elif verb == "take":
            words = [f"take {a}" for a in args]
        elif verb == "vote":
            words = [f"{names.get(a, a)} (vote {a})" for a in args]
        elif args == [""] and verb in BARE_VERBS:
            words = [_(BARE_VERBS[verb])]
        elif len(args) > LIST_ALL:
            shown = [f"{verb} {a}" for a in args[:3]]
            words = [_n("{n} way, e.g.", "{n} ways, e.g.", len(args)), *shown, "…"]
        else:
            words = [f"{verb} {a}".strip() for a in args]
        for i, line in enumerate(wrap(words, OPTION_SIZE, width, sep="  ·  ")):
            lines.append((verb if i == 0 else "", line))
    if len(lines) > MAX_OPTION_LINES:
        hidden = len(lines) - MAX_OPTION_LINES + 1
        lines = [
            *lines[: MAX_OPTION_LINES - 1],
            ("", "… " + _n("{n} more line", "{n} more lines", hidden)),
        ]
    if not lines:
        pending = view.get("pending") or {}
        who = name_of(view, pending.get("seat")) if pending else ""
        if who and who != "—":
            nothing = _("nothing: not your decision right now — {name} decides", name=who)
        else:
            nothing = _("nothing: not your decision right now")
        lines = [("", nothing)]
    return lines


def _options_painter(key: tuple[Any, ...]) -> Any:
    _kind, prompt, lines = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h), active=bool(prompt))
        caption(draw, (16, 28), _("You can now"), TEXT, room=w - 32)
        y = 62
        for line in prompt:
            say_text(draw, (16, y), line, OPTION_SIZE, T.TEXT, bold=True, anchor="lm", room=w - 32)
            y += 28
        if prompt:
            y += 10
        for verb, text in lines:
            if verb:
                draw_text(draw, (16, y), verb, OPTION_SIZE, T.HEADER, bold=True, anchor="lm")
            say_text(
                draw,
                (VERB_W, y),
                text,
                OPTION_SIZE,
                T.TEXT if verb else T.TEXT_SOFT,
                anchor="lm",
                max_width=w - VERB_W - 16,
            )
            y += 28

    return paint
