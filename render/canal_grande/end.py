"""The end-of-game image of Canal Grande, drawn from the public view of a finished game.

``render_end(view)`` shows the result: the new Doge and why (a victory card of each of the six
districts, or four of one, CG-10.1), or a draw by the engine's safety turn limit (CG-G20, not a
rule); the ranking with both players' victory cards (the same district grid as the table image,
in ranking order, the winner's cards in the order he won them) and the vote that decided it.
"""

from __future__ import annotations

from typing import Any, Final

from PIL import Image, ImageDraw

from engine.canal_grande.language import _, _n, _p
from engine.i18n import counted
from render.canal_grande import theme as C
from render.canal_grande.board import grid_painter, name_of, names_of, win_reason
from render.canal_grande.cards import card_face
from render.canal_grande.regions import (
    Region,
    caption,
    compose,
    header,
    lead_lines,
    panel,
    say_text,
)
from render.common import theme as T
from render.common.draw import marker, paste_flat, player_letters
from render.common.png import png_bytes
from render.common.text import draw_text, text_width

__all__ = ["compose_end", "render_end"]

View = dict[str, Any]

W: Final = C.WIDTH
INNER: Final = W - 2 * C.MARGIN
RESULT_TOP: Final = C.HEADER_H + 12
ROW_H: Final = 96
RESULT_H: Final = 40 + 2 * ROW_H + 12
GRID_TOP: Final = RESULT_TOP + RESULT_H + 12
GRID_H: Final = 214
FACTS_TOP: Final = GRID_TOP + GRID_H + 12
FACTS_H: Final = 84
HEIGHT: Final = FACTS_TOP + FACTS_H + C.MARGIN


def render_end(view: View) -> bytes:
    """The end-of-game image (PNG bytes) of a finished game's public view."""
    return png_bytes(compose((W, HEIGHT), regions(view)))


def compose_end(view: View) -> Image.Image:
    return compose((W, HEIGHT), regions(view)).convert("RGB")


def ranking(view: View) -> list[list[int]]:
    """Seats from first place down, ties together (the view's, else by victory cards)."""
    given = view.get("ranking")
    if given:
        return [[int(s) for s in group] for group in given]
    players = view["players"]
    order = sorted(players, key=lambda p: -len(p.get("victory") or []))
    return [[int(p["seat"])] for p in order]


def _detail(view: View, seat: int) -> str:
    p = view["players"][seat]
    counts: dict[str, int] = p.get("victory_counts") or {}
    total = sum(int(n) for n in counts.values())
    best = max((int(n) for n in counts.values()), default=0)
    nd = len(view.get("districts") or []) or 6
    return _n(
        "{n} victory card · {held} of {all} districts · best {best} of 4",
        "{n} victory cards · {held} of {all} districts · best {best} of 4",
        total,
        held=len(counts),
        all=nd,
        best=best,
    )


def regions(view: View) -> list[Region]:
    letters = player_letters(view)
    rank = ranking(view)
    raw_winner = view.get("winner")
    winner = int(raw_winner) if raw_winner is not None else -1
    draw_game = raw_winner is None
    if draw_game:
        title = _("Canal Grande — a draw")
        limit = view.get("turn_limit")
        if limit:
            why = _("The safety limit of {limit} turns (not a rule)", limit=limit)
        else:
            why = _("The safety limit of turns (not a rule)")
    else:
        title = _("Canal Grande — {name} is the new Doge!", name=name_of(view, winner))
        why = _("{name} wins with {reason}.", name=name_of(view, winner), reason=win_reason(view))
    right = _(
        "{rounds} · {turns}",
        rounds=_n("{n} round", "{n} rounds", int(view.get("round", 1))),
        turns=_n("{n} turn", "{n} turns", int(view.get("turn", 1))),
    )
    hkey = ("end-header", W, title, right, why)  # not for players

    def paint_header(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        header(img, draw, title, right, why, not draw_game)

    out = [Region((0, 0, W, C.HEADER_H), hkey, paint_header)]
    names = names_of(view)
    rows: list[tuple[Any, ...]] = []
    place = 1
    for group in rank:
        for seat in group:
            p = view["players"][seat]
            won = tuple(str(d) for d in p.get("victory") or [])
            rows.append((place, seat, letters[seat], str(p["name"]), _detail(view, seat), won))
        place += len(group)
    last = view.get("last_vote") or {}
    decided = ""
    if not draw_game and last.get("winner") == winner and last.get("district"):
        votes = [int(v) for v in last.get("votes") or [0, 0]]
        w_votes = votes[winner] if winner < len(votes) else 0
        o_votes = votes[1 - winner] if len(votes) > 1 else 0
        dname = names.get(str(last["district"]), str(last["district"]))
        decided = _(
            "decided by the vote in {district}, won {won} : {lost}",
            district=dname,
            won=w_votes,
            lost=o_votes,
        )
    rkey = ("result", tuple(rows), decided, tuple(names.items()), draw_game)
    box = (C.MARGIN, RESULT_TOP, W - C.MARGIN, RESULT_TOP + RESULT_H)
    out.append(Region(box, rkey, _result_painter(rkey)))
    districts = tuple((str(d["id"]), str(d["name"])) for d in view.get("districts") or [])
    grid_rows = tuple(
        (
            seat,
            letters[seat],
            str(view["players"][seat]["name"]),
            tuple(
                int((view["players"][seat].get("victory_counts") or {}).get(d, 0))
                for d, _ in districts
            ),
        )
        for group in rank
        for seat in group
    )
    gkey = ("grid", districts, grid_rows, winner)
    out.append(
        Region((C.MARGIN, GRID_TOP, W - C.MARGIN, GRID_TOP + GRID_H), gkey, grid_painter(gkey))
    )
    facts = _facts(view)
    fkey = ("facts", facts)
    out.append(
        Region((C.MARGIN, FACTS_TOP, W - C.MARGIN, FACTS_TOP + FACTS_H), fkey, _facts_painter(fkey))
    )
    return out


def _facts(view: View) -> tuple[str, ...]:
    players = view["players"]
    hands = counted(f"{p['name']} {p.get('hand_size', 0)}" for p in players)
    totals = counted(f"{p['name']} {p.get('number_total', 0)}" for p in players)
    return (
        _(
            "Played {turns} in {rounds}.",
            turns=_n("{n} turn", "{n} turns", int(view.get("turn", 1))),
            rounds=_n("{n} round", "{n} rounds", int(view.get("round", 1))),
        ),
        _(
            "Cards left in hand: {hands} · number totals this round: {totals} · draw pile "
            "{deck}, discard pile {discard}.",
            hands=hands,
            totals=totals,
            deck=view.get("deck_size", 0),
            discard=view.get("discard_size", 0),
        ),
    )


def _result_painter(key: tuple[Any, ...]) -> Any:
    _kind, rows, decided, names_items, draw_game = key
    names = dict(names_items)

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h))
        title = _("Final ranking")
        caption(draw, (16, 26), title, room=w // 3)
        if decided:
            room = w - 48 - text_width(title, C.FONT_CAPTION, bold=True)
            say_text(draw, (w - 16, 26), decided, C.FONT_SMALL, T.TEXT_SOFT, anchor="rs", room=room)
        y = 38
        for place, seat, letter, name, detail, won in rows:
            first = place == 1 and not draw_game
            if first:
                panel(img, (8, y, w - 8, y + ROW_H - 8), active=True)
            bg = T.PANEL_ACTIVE if first else T.PANEL
            draw_text(
                draw, (44, y + 44), f"{place}.", C.FONT_BIG + 6, T.TEXT, bold=True, anchor="mm"
            )
            paste_flat(img, marker(seat, letter, 44), (76, y + 22), bg)
            draw_text(
                draw,
                (132, y + 34),
                name,
                C.FONT_TITLE,
                T.TEXT,
                bold=True,
                anchor="lm",
                max_width=400,
            )
            sub = detail
            say_text(
                draw, (132, y + 64), sub, C.FONT_SMALL, T.TEXT_SOFT, anchor="lm", max_width=400
            )
            # the victory cards in the order won
            x = 560
            say_text(
                draw,
                (x, y + 14),
                _("victory cards in the order won"),
                C.FONT_CAPTION,
                T.TEXT_SOFT,
                anchor="ls",
                room=w - 16 - x,
            )
            if not won:
                say_text(
                    draw,
                    (x, y + 48),
                    _p("victory cards", "none"),
                    C.FONT_BODY,
                    T.TEXT_SOFT,
                    anchor="lm",
                    room=300,
                )
            step = min(44, (w - 24 - x - 40) // max(1, len(won) - 1)) if len(won) > 1 else 44
            for i, d in enumerate(won):
                face = card_face(d, 40, 56, names.get(d, d))
                if i == 0:
                    paste_flat(img, face, (x, y + 22), bg)
                else:
                    img.paste(face, (x + i * step, y + 22), face)
            y += ROW_H

    return paint


def _facts_painter(key: tuple[Any, ...]) -> Any:
    _kind, lines = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h))
        lead_lines(draw, (16, 28), 30, lines, max_width=w - 32)

    return paint
