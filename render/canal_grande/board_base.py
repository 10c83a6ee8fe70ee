"""Canal Grande table image, shared parts: the frame's geometry (rows and their heights), the
players' names and letters, and the texts of the header (who decides what) and the winner.
"""

from __future__ import annotations

from typing import Any, Final

from PIL import Image, ImageDraw

from engine.canal_grande.language import _, _p
from engine.canal_grande.presentation.tasks import task
from engine.i18n.shared import awaited
from render.canal_grande import theme as C
from render.canal_grande.regions import fitted
from render.common import theme as T
from render.common.draw import paste_flat, rounded_box
from render.common.text import draw_text, text_width

View = dict[str, Any]
Box = tuple[int, int, int, int]

W: Final = C.WIDTH
INNER: Final = W - 2 * C.MARGIN
CARDS_TOP: Final = C.HEADER_H + 12
CARDS_H: Final = 250
PLAYERS_TOP: Final = CARDS_TOP + CARDS_H + 12
PLAYER_H: Final = 156
GRID_TOP: Final = PLAYERS_TOP + PLAYER_H + 12
GRID_H: Final = 214
BOTTOM_TOP: Final = GRID_TOP + GRID_H + 12
BOTTOM_H: Final = 206
HEIGHT: Final = BOTTOM_TOP + BOTTOM_H + C.MARGIN
VOTE_W: Final = 770
MINI_W, MINI_H = 30, 42


def board_size(view: View) -> tuple[int, int]:
    return (W, HEIGHT)


def names_of(view: View) -> dict[str, str]:
    return {str(d["id"]): str(d["name"]) for d in view.get("districts") or []}


def name_of(view: View, seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(view["players"]):
        return "—"
    return str(view["players"][seat]["name"])


def status_line(view: View) -> tuple[str, bool]:
    """What the table waits for, in words, and whether someone must act (for the header)."""
    if view.get("game_over"):
        winner = view.get("winner")
        if winner is None:
            return _("The game is over: a draw (the safety turn limit, not a rule)."), False
        return (
            _(
                "The game is over: {name} is the new Doge ({reason}).",
                name=name_of(view, winner),
                reason=win_reason(view),
            ),
            False,
        )
    pending = view.get("pending") or None
    if pending is None:
        return "", False
    who = str(pending.get("name", ""))
    kind = pending.get("kind")
    vote = view.get("vote") or {}
    names = names_of(view)
    if kind == "divide":
        return "▶ " + _("{name} (divider) splits the cards into offers A and B", name=who), True
    if kind == "choose":
        return "▶ " + _("{name} (chooser) takes offer A or offer B", name=who), True
    if kind == "district":
        return "▶ " + _("{name} chooses the district of the vote", name=who), True
    if kind == "place":
        district = names.get(str(vote.get("district")))
        if district is None:
            return "▶ " + _("{name} places cards in the vote or passes", name=who), True
        return "▶ " + _(
            "{name} places cards in {district} or passes", name=who, district=district
        ), True
    return "▶ " + awaited(who, task(str(kind))), True


def win_reason(view: View) -> str:
    """Why the winner won, from his victory cards (CG-10.1): six districts, or four of one."""
    winner = view.get("winner")
    if winner is None:
        return _("no winner")
    counts: dict[str, int] = view["players"][int(winner)].get("victory_counts") or {}
    names = names_of(view)
    four = [d for d, n in counts.items() if n >= 4]
    if four:
        return _("four victory cards of {district}", district=names.get(four[0], four[0]))
    if len(counts) >= max(1, len(names)):
        return _("a victory card from each of the six districts")
    return _("victory cards")


def role_word(role: str) -> str:
    """A player's role in a turn or a vote, in words (a tag, a caption)."""
    roles = {
        "divider": _p("role", "divider"),
        "chooser": _p("role", "chooser"),
        "challenger": _p("role", "challenger"),
        "defender": _p("role", "defender"),
    }
    return roles.get(role, role)


# --------------------------------------------------------------------------- players


def _tag(
    img: Image.Image, draw: ImageDraw.ImageDraw, right: int, y: int, text: str, bg: T.RGB
) -> int:
    size = fitted(text, C.FONT_CAPTION, 150, bold=True)
    tw = text_width(text, size, bold=True) + 18
    paste_flat(img, rounded_box(tw, 24, T.TAG, T.TAG, 12), (right - tw, y), bg)
    draw_text(draw, (right - tw / 2, y + 12), text, size, T.TAG_TEXT, bold=True, anchor="mm")
    return right - tw


def _pname(players: tuple[Any, ...], seat: Any) -> str:
    for s, _letter, name in players:
        if s == seat:
            return str(name)
    return "—"


def _pletter(players: tuple[Any, ...], seat: int) -> str:
    for s, letter, _name in players:
        if s == seat:
            return str(letter)
    return "?"
