"""The board image's panel regions (header, strip, side panels, builds box): each drawn from a
key of what it shows and cached quantized by that key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.i18n import counted, current_language, listed
from engine.i18n.shared import awaited
from engine.venezia.language import _, _n
from engine.venezia.presentation.tasks import task
from engine.venezia.presentation.words import building_name
from render.common.draw import RegionCache, marker, paste
from render.common.text import draw_fitted, draw_text, text_width
from render.venezia import static as S
from render.venezia import theme as T
from render.venezia.board_base import (
    IMAGINARY_LETTER,
    STRIP_ROW_Y,
    STRIP_STEP,
    Box,
    Painter,
    View,
    _base,
    _Plan,
    _recent,
    _seat_name,
    _seat_ref,
    _strip_box,
    _strip_slots,
    panel_origin,
    panel_width,
)
from render.venezia.board_panels import (
    _builds_lines,
    _builds_painter,
    _imaginary_painter,
    _player_painter,
)


@dataclass(frozen=True)
class _Region:
    """A rectangle of the image drawn from ``key`` alone (``paint`` draws it in local
    coordinates on the static background), so its palette version can be cached by key."""

    box: Box
    key: tuple[Any, ...]
    paint: Painter

    def rgb(self) -> Image.Image:
        img = _base().crop(self.box)
        self.paint(img, ImageDraw.Draw(img))
        return img

    def quantized(self, quantize: Callable[[Image.Image], Image.Image]) -> Image.Image:
        """The region on the board's palette (``quantize``: ``board_palette._quantize``; passed
        in because the palette is made from a drawing of these regions), cached by key."""
        key = (self.box, current_language(), *self.key)
        return _REGION_CACHE.get(key, lambda: quantize(self.rgb()))


#: Pixels (bytes) of quantized panels kept: the last board's panels of ~100 live tables (a
#: render process' share of 200), so unchanged panels are pasted, not drawn again.
REGION_CACHE_BYTES = 64 * 1024 * 1024
_REGION_CACHE = RegionCache(REGION_CACHE_BYTES)


def clear_region_cache() -> None:
    """Forget the cached panels (``bench render --cold-panels``)."""
    _REGION_CACHE.clear()


def _regions(view: View, plan: _Plan) -> list[_Region]:
    """The header, the strip under the board, a panel per player (and the imaginary player)
    and the builds box, each with the key of everything it shows."""
    lay = S.layout()
    regions = [_header_region(view, plan), _strip_region(view, plan.letters)]
    w = panel_width()
    index = 0
    architects = {t: _seat_ref(view, s) for t, s in (view.get("architects") or {}).items()}
    for p in view["players"]:
        seat = int(p["seat"])
        held = tuple(t for t, s in architects.items() if s == seat)
        key: tuple[Any, ...] = (
            "player",
            seat,
            plan.letters[seat],
            str(p["name"]),
            p["position"],
            tuple(sorted((p.get("front") or {}).items())),
            held,
            p.get("hand_size", 0),
            p.get("swamp_tokens", 0),
            p.get("treasure_tokens", 0),
            bool(p.get("active")),
            bool(p.get("to_decide")),
        )
        x0, y = panel_origin(index)
        regions.append(_Region((x0, y, x0 + w, y + T.PLAYER_PANEL_H), key, _player_painter(key)))
        index += 1
    imag = view.get("imaginary")
    if imag is not None:
        held = tuple(t for t, s in architects.items() if s == "imaginary")
        ikey: tuple[Any, ...] = (
            "imaginary",
            str(imag.get("name", "Klaus-Jürgen")),
            tuple(sorted((imag.get("front") or {}).items())),
            held,
        )
        x0, y = panel_origin(index)
        box = (x0, y, x0 + w, y + T.PLAYER_PANEL_H)
        regions.append(_Region(box, ikey, _imaginary_painter(ikey)))
        index += 1
    # the builds box: the rest of the last row, or the whole next row, down to the bottom
    x0, y = panel_origin(index)
    x1 = x0 + w if index % T.PANEL_COLS else lay.width - T.PAD
    bottom = lay.height - T.PAD
    if bottom - y < T.BUILDS_MIN_H:  # no free cell (six panels): beside nothing, skip
        return regions
    lines = tuple(_builds_lines(view))
    regions.append(_Region((x0, y, x1, bottom), ("builds", lines), _builds_painter(lines)))
    return regions


# --------------------------------------------------------------------------- header


def _header_region(view: View, plan: _Plan) -> _Region:
    """What happens now (V-U8) and what this turn changed."""
    letters = plan.letters
    markers: list[tuple[int, str]] = []
    pending = view.get("pending")
    title: str
    if view.get("game_over"):
        ranking = view.get("ranking") or []
        first = ranking[0] if ranking else []
        winners = [_seat_name(view, s) for s in first]
        title = _n(
            "Game over — {names} wins",
            "Game over — {names} win",
            max(1, len(winners)),
            names=listed(winners),
        )
        markers = [(s, letters[s]) for s in first if isinstance(s, int) and s < len(letters)]
    elif pending:
        seat = pending.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(letters):
            markers = [(seat, letters[seat])]
        title = awaited(pending.get("name", ""), task(str(pending.get("kind", ""))))
    else:
        title = ""
    key = ("header", title, tuple(markers), _changes_line(view, plan.moved), view.get("turn", ""))
    return _Region((0, 0, S.layout().width, T.HEADER_H), key, _header_painter(key))


def _header_painter(key: tuple[Any, ...]) -> Painter:
    _kind, title, markers, sub, turn_no = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        W = img.width
        x = T.PAD + 2
        y1 = 25
        turn = _("Turn {turn}", turn=turn_no)
        sub_font = T.BOARD_FONT_SUB
        tw = text_width(turn, sub_font, bold=True)
        draw_text(draw, (W - T.PAD - 4, y1), turn, sub_font, T.HEADER_SUB, bold=True, anchor="rm")
        for seat, letter in markers:
            paste(img, marker(seat, letter, 36), (x, y1 - 18))
            x += 40
        if markers:
            x += 4
        draw_text(
            draw,
            (x, y1),
            title,
            T.BOARD_FONT_TITLE,
            T.HEADER_TEXT,
            bold=True,
            anchor="lm",
            max_width=W - x - tw - 40,
        )
        draw_text(
            draw,
            (T.PAD + 2, 62),
            sub,
            sub_font,
            T.HEADER_SUB,
            anchor="lm",
            max_width=W - 2 * T.PAD,
            may_cut=True,  # this turn's changes, as many as happened: the message has them all
        )

    return paint


def _changes_line(view: View, moved: dict[str, tuple[int, int]]) -> str:
    recent = _recent(view)
    parts: list[str] = []
    by_index = {b["index"]: b for b in view["buildings"]}
    for i in recent.get("buildings", []):
        b = by_index.get(i)
        if b is not None:
            who = _seat_name(view, _seat_ref(view, b["builder"]))
            parts.append(
                _(
                    "{name} built {building} {hexes}",
                    name=who,
                    building=building_name(str(b["type"])),
                    hexes="-".join(b["hexes"]),
                )
            )
    drained = recent.get("drained", [])
    if drained:
        who = _seat_name(view, recent.get("active"))
        parts.append(_("{name} drained {hexes}", name=who, hexes=counted(drained)))
    moves = [
        f"{_seat_name(view, int(s))} {a}→{b}"
        for s, (a, b) in sorted(moved.items(), key=lambda kv: int(kv[0]))
    ]
    if moves:
        parts.append(_("gondolas {moves}", moves=counted(moves)))
    current: dict[str, Any] = view.get("recent") or {}
    this_turn = bool(current.get("buildings") or current.get("drained") or current.get("moved"))
    if not parts:
        return _("Nothing changed yet this turn.") if not view.get("game_over") else ""
    changes = " · ".join(parts)
    if view.get("game_over"):
        return _("Last moves: {changes}", changes=changes)
    if this_turn:
        return _("This turn: {changes}", changes=changes)
    return _("Last turn: {changes}", changes=changes)


def _strip_region(view: View, letters: list[str]) -> _Region:
    """The changing parts of the strip: architect holders (V-U2), deck and discard sizes and
    the pool (V-U4), remaining pieces and treasure tokens (V-U9)."""
    holders: list[tuple[int | str, str] | None] = []
    for t in T.ARCHITECT_TYPES:
        holder = _seat_ref(view, (view.get("architects") or {}).get(t))
        if holder is None:
            holders.append(None)
        else:
            holders.append(
                (holder, letters[holder] if isinstance(holder, int) else IMAGINARY_LETTER)
            )
    supply = view.get("supply") or {}
    key = (
        "strip",
        tuple(holders),
        view.get("deck_size", 0),
        view.get("discard_size", 0),
        tuple(view.get("pool") or []),
        tuple(supply.get(t, 0) for t in T.SUPPLY_ORDER),
        view.get("treasure_left", 0),
    )
    return _Region(_strip_box(), key, _strip_painter(key))


def _strip_painter(key: tuple[Any, ...]) -> Painter:
    _kind, holders, deck, discard, pool, supply, treasure = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        row_y = STRIP_ROW_Y
        slots = _strip_slots()
        big = T.BOARD_FONT_NAME
        small = T.BOARD_FONT_CAPTION
        x = slots["architects"]
        for holder in holders:
            if holder is None:
                # Translators: an architect pawn nobody holds (a short word, under 8 letters)
                free = _("free")
                draw_fitted(
                    draw,
                    (x + 46, row_y + 19),
                    free,
                    small,
                    T.TEXT_SOFT,
                    40,
                    anchor="mm",
                    smallest=11,
                )
            else:
                paste(img, marker(holder[0], holder[1], 30), (x + 30, row_y + 4))
            x += STRIP_STEP
        x = slots["deck"]
        draw_text(draw, (x + 32, row_y + 19), str(deck), big, T.TEXT, bold=True, anchor="lm")
        draw_text(draw, (x + 116, row_y + 19), str(discard), big, T.TEXT, bold=True, anchor="lm")
        x = slots["pool"]
        room = slots["supply"] - x - 20
        if not pool:
            draw_fitted(draw, (x, row_y + 19), _("empty"), small, T.TEXT_SOFT, room, anchor="lm")
        for i, t in enumerate(pool[: max(1, room // 31)]):
            paste(img, S.card_icon(t, 26, 36), (x + i * 31, row_y))
        x = slots["supply"]
        for n in (*supply, treasure):
            ink = T.TEXT if n else T.ALERT
            draw_text(draw, (x + 34, row_y + 19), str(n), big, ink, bold=True, anchor="lm")
            x += STRIP_STEP

    return paint
