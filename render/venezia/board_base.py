"""Venezia board image, the fixed parts: pixel positions (hexes, track, gondolas, panels), what
a render highlights (this turn's changes), and the base image with the strip's fixed captions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.i18n import current_language, sentence, speaking
from engine.venezia.language import _, _p
from engine.venezia.presentation.words import building_name
from render.common.draw import paste, rounded_box
from render.common.text import draw_fitted
from render.venezia import static as S
from render.venezia import theme as T

View = dict[str, Any]
Point = tuple[float, float]
#: The imaginary player's mark (two letters, so it never clashes with a real player's initial).
IMAGINARY_LETTER = "KJ"


# =========================================================================== helpers for tests


def hex_center(label: str) -> Point:
    """Centre of a hex in board-image pixels."""
    return S.layout().hex_center(label)


def track_point(space: int) -> Point:
    """Centre of a track space in board-image pixels (10 and 45 are the same point)."""
    return S.layout().track_point(space)


def gondola_point(view: View, seat: int) -> Point:
    """Centre of ``seat``'s gondola marker: its track space, or its place in the start queue."""
    lay = S.layout()
    pos = view["players"][seat]["position"]
    x, y = lay.track_point(pos)
    if pos != 0:
        return (x, y)
    at_start = [p["seat"] for p in view["players"] if p["position"] == 0]
    i = at_start.index(seat)
    step = S.START_STEP * lay.unit
    return (x, y + (i - (len(at_start) - 1) / 2) * step)


def panel_width() -> int:
    """Width of a player panel (the grid under the strip has ``T.PANEL_COLS`` columns)."""
    lay = S.layout()
    return (lay.width - (T.PANEL_COLS + 1) * T.PAD) // T.PANEL_COLS


def panel_origin(index: int) -> tuple[int, int]:
    """Top-left corner of the ``index``-th panel of the grid under the strip (players in seat
    order, then the imaginary player), row by row."""
    lay = S.layout()
    row, col = divmod(index, T.PANEL_COLS)
    x = T.PAD + col * (panel_width() + T.PAD)
    return x, lay.panels_y + row * (T.PLAYER_PANEL_H + T.PANEL_GAP)


def player_name_box(seat: int) -> tuple[int, int, int, int]:
    """The box where ``seat``'s name is written in his panel (for tests)."""
    x, y = panel_origin(seat)
    return (x + NAME_X, y + 12, x + panel_width() - 100, y + 48)


#: Where a player panel's name starts (after the colour bar and the marker).
NAME_X = 68


def _seat_name(view: View, seat: int | str | None) -> str:
    if seat is None:
        return "—"
    if seat == "imaginary" or not isinstance(seat, int) or seat >= len(view["players"]):
        imag = view.get("imaginary") or {}
        return str(imag.get("name", "Klaus-Jürgen"))
    if seat < 0:
        # Translators: who built a building that was on the board from the start
        return _("the board")
    return str(view["players"][seat]["name"])


def _seat_ref(view: View, seat: Any) -> int | str | None:
    """A builder / architect reference as the panels use it: a seat int, "imaginary" or None."""
    if seat is None or seat == "imaginary":
        return seat  # type: ignore[no-any-return]
    if isinstance(seat, int) and 0 <= seat < len(view["players"]):
        return seat
    if isinstance(seat, int) and seat < 0:
        return None  # a pre-placed building
    return "imaginary"


@dataclass(frozen=True)
class _Plan:
    """What a render draws on the board, in drawing order (from the view only)."""

    drained: list[str]  # plain hexes without their swamp token
    candidates: list[str]  # legal places of the building being placed
    buildings: list[tuple[str, tuple[str, ...], bool]]  # type, hexes, built this turn
    drained_now: list[str]  # drained this turn
    gondolas: list[tuple[int, str, float, float, bool]]  # seat, letter, x, y, moved
    moved: dict[str, tuple[int, int]]
    letters: list[str]


# --------------------------------------------------------------------------- panel regions

Box = tuple[int, int, int, int]
Painter = Callable[[Image.Image, ImageDraw.ImageDraw], None]


def _recent(view: View) -> dict[str, Any]:
    """The changes to highlight: this turn's so far, else the whole last turn's."""
    recent: dict[str, Any] = view.get("recent") or {}
    if recent.get("moved") or recent.get("buildings") or recent.get("drained"):
        return recent
    last: dict[str, Any] = view.get("last_turn") or {}
    return last or recent


def _moves(view: View) -> dict[str, tuple[int, int]]:
    """Gondola moves to highlight: this turn's so far, else the last turn's."""
    recent = _recent(view)
    moved = {
        k: (int(v[0]), int(v[1])) for k, v in (recent.get("moved") or {}).items() if v[0] != v[1]
    }
    if moved or recent.get("buildings") or recent.get("drained") or "last_turn" in view:
        return moved
    hist = view.get("track_history") or []
    if len(hist) >= 2:
        a, b = hist[-2], hist[-1]
        return {str(s): (a[s], b[s]) for s in range(min(len(a), len(b))) if a[s] != b[s]}
    return {}


# --------------------------------------------------------------------------- under the board


def _caption(draw: ImageDraw.ImageDraw, xy: Point, text: str, width: float = 1000) -> None:
    """A section's caption as its message is written, shrunk to ``width`` pixels if it is
    longer (no case change of a translated text, #25 item 2)."""
    size = T.BOARD_FONT_CAPTION
    draw_fitted(draw, xy, sentence(text), size, T.TEXT_SOFT, width, bold=True, anchor="ls")


def _label(draw: ImageDraw.ImageDraw, xy: Point, text: str, width: float | None = None) -> None:
    """A label under an icon of the strip, centred, shrunk to ``width`` pixels."""
    room = STRIP_LABEL_W if width is None else width
    draw_fitted(draw, xy, text, T.BOARD_FONT_CAPTION, T.TEXT_SOFT, room, anchor="mm")


#: Spacing of the architects' and the supply's columns in the strip (a label under each).
STRIP_STEP = 74
#: The widest a label under a strip icon may be.
STRIP_LABEL_W = STRIP_STEP - 2


def _strip_slots() -> dict[str, int]:
    """x of each section of the strip under the board (the supply ends at the right edge)."""
    x = T.PAD + 14
    slots = {"architects": x}
    x += 4 * STRIP_STEP + 8
    slots["deck"] = x
    x += 170
    slots["pool"] = x
    slots["supply"] = S.layout().board_w - T.PAD - 6 - 6 * STRIP_STEP
    return slots


#: Caption baseline and row top in the strip, relative to the strip's top.
STRIP_CAPTION_Y = T.PAD + 20
STRIP_ROW_Y = T.PAD + 28
#: The labels under the strip's icons, below the row top.
STRIP_LABEL_DY = 56


def _strip_box() -> Box:
    lay = S.layout()
    return (0, T.HEADER_H + lay.board_h, lay.board_w, lay.panels_y)


def _base(lang: str | None = None) -> Image.Image:
    """The static layer plus the fixed parts of the strip under the board, with its captions in
    ``lang`` (default: the language in force)."""
    return _base_in(lang or current_language())


@lru_cache(maxsize=4)
def _base_in(lang: str) -> Image.Image:
    with speaking(lang):
        return _draw_base(lang)


def _draw_base(lang: str) -> Image.Image:
    lay = S.layout()
    img = S.static_board(lang=lang).base.copy()
    draw = ImageDraw.Draw(img)
    top = _strip_box()[1]
    box = rounded_box(lay.board_w - 2 * T.PAD, T.STRIP_H - T.PAD, T.PANEL, T.PANEL_EDGE, 10)
    paste(img, box, (T.PAD, top + T.PAD - 2))
    cap_y, row_y = top + STRIP_CAPTION_Y, top + STRIP_ROW_Y
    label_y = row_y + STRIP_LABEL_DY
    small, soft = T.BOARD_FONT_CAPTION, T.TEXT_SOFT
    slots = _strip_slots()
    x = slots["architects"]
    _caption(draw, (x, cap_y), _("Architects"), slots["deck"] - x - 12)
    for t in T.ARCHITECT_TYPES:
        paste(img, S.pawn_icon(t, 26, 34), (x, row_y + 2))
        _label(draw, (x + 30, label_y), building_name(t))
        x += STRIP_STEP
    x = slots["deck"]
    _caption(draw, (x, cap_y), _("Deck · discard"), slots["pool"] - x - 12)
    paste(img, S.card_back(26, 36), (x, row_y))
    paste(img, rounded_box(26, 36, T.DISCARD, T.PANEL_EDGE, 4), (x + 84, row_y))
    # Translators: short labels under the icons of the strip under the board (about 9 letters)
    _label(draw, (x + 13, label_y), _p("strip", "deck"), 80)
    _label(draw, (x + 97, label_y), _p("strip", "discard"), 80)
    _caption(draw, (slots["pool"], cap_y), _("Pool"), slots["supply"] - slots["pool"] - 12)
    x = slots["supply"]
    _caption(draw, (x, cap_y), _("Pieces left · treasure"), lay.board_w - T.PAD - 12 - x)
    for t in T.SUPPLY_ORDER:
        paste(img, S.piece_icon(t, 30), (x, row_y + 2))
        _label(draw, (x + 26, label_y), building_name(t))
        x += STRIP_STEP
    paste(img, S.token_icon("treasure", 28), (x, row_y + 3))
    _label(draw, (x + 26, label_y), _p("strip", "treasure"), 84)
    del small, soft
    return img
