"""The public board image of Venezia (spec V-U), drawn from the public view only.

``render_board(view)`` turns ``state.public_view()`` into PNG bytes:

* header: who must do what now, and what this turn changed so far;
* the board: districts as hex islands, swamps / stone sites / empty hexes, the buildings as
  pieces, free bridge sites dashed, the canal track 0..60 and the mooring posts, gondolas with
  their players' letters, highlights of what changed;
* under the board: the architects and who holds them, deck and discard, the face-up pool, the
  remaining pieces and treasure tokens;
* right: a panel per player (name, score, cards in front, hand size, tokens), the imaginary
  player's cards in 2-player games, and the buildings being completed.

Speed: the static layer (water, islands, labels, track, legend) is drawn once per board,
supersampled, and kept as a palette image. A render copies it and pastes palette tiles cached
per piece (a drained hex, a building on its hexes, a ring), each already composited over the
static layer at its fixed place; only the gondolas are composited in RGB and quantized. The
panels (header, strip, one per player, builds box) are regions drawn from a key of what they show
and cached quantized by that key. The PNG is written by :func:`render.png.png_bytes`.

Helpers for tests: :func:`hex_center`, :func:`track_point`, :func:`gondola_point`,
:func:`player_letters`, :func:`panel_origin`, :func:`player_name_box`; :func:`compose_board`
gives the decoded image.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import static as S
from render import theme as T
from render.common import RegionCache, build_palette, player_letters, theme_colours
from render.png import png_bytes
from render.text import draw_text, text_width

__all__ = [
    "clear_region_cache",
    "compose_board",
    "gondola_point",
    "hex_center",
    "palette",
    "panel_origin",
    "player_letters",
    "player_name_box",
    "render_board",
    "track_point",
    "warm_up",
]

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


def panel_origin(index: int) -> tuple[int, int]:
    """Top-left corner of the ``index``-th panel of the side column (players in seat order,
    then the imaginary player)."""
    lay = S.layout()
    return lay.side_x, T.HEADER_H + T.PAD + index * (T.PLAYER_PANEL_H + T.PANEL_GAP)


def player_name_box(seat: int) -> tuple[int, int, int, int]:
    """The box where ``seat``'s name is written in his panel (for tests)."""
    x, y = panel_origin(seat)
    return (x + 62, y + 12, x + T.SIDE_W - T.PAD - 90, y + 42)


def _seat_name(view: View, seat: int | str | None) -> str:
    if seat is None:
        return "—"
    if seat == "imaginary" or not isinstance(seat, int) or seat >= len(view["players"]):
        imag = view.get("imaginary") or {}
        return str(imag.get("name", "Klaus-Jürgen"))
    if seat < 0:
        return "the board"
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


# =========================================================================== the image


def warm_up() -> None:
    """Build the cached static layer and palette now (about a second), so the first board
    image of a game is as fast as the others. Optional: the first render does it anyway."""
    _base_p()


def render_board(view: View) -> bytes:
    """The public board image (PNG bytes) of a public view."""
    return png_bytes(_compose_p(view))


def compose_board(view: View) -> Image.Image:
    """The public board image as an RGB Pillow image (the decoded PNG of :func:`render_board`)."""
    return _compose_p(view).convert("RGB")


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


def _plan(view: View) -> _Plan:
    lay = S.layout()
    sb = S.static_board()
    hexes: dict[str, dict[str, Any]] = view["hexes"]
    letters = player_letters(view)
    drained = [x for x in sb.drained if x in hexes and not hexes[x]["swamp"]]
    recent = _recent(view)
    new_buildings = set(recent.get("buildings", []))
    candidates: set[str] = set()
    pending = view.get("pending") or {}
    if pending.get("kind") == "place" and view.get("public_options"):
        for opt in view["public_options"]:
            candidates.update(x for x in opt.split()[1:] if x in lay.hex_px)
    buildings = [
        (str(b["type"]), tuple(b["hexes"]), b["index"] in new_buildings)
        for b in view["buildings"]
        if b["hexes"] and all(x in lay.hex_px for x in b["hexes"])
    ]
    drained_now = [x for x in recent.get("drained", []) if x in lay.hex_px]
    moved = _moves(view)
    order = sorted(range(len(view["players"])), key=lambda s: view["players"][s]["position"])
    gondolas = [(s, letters[s], *gondola_point(view, s), str(s) in moved) for s in order]
    return _Plan(drained, sorted(candidates), buildings, drained_now, gondolas, moved, letters)


def _gondola_sprites(
    lay: S.Layout, g: tuple[int, str, float, float, bool]
) -> list[tuple[Image.Image, tuple[int, int]]]:
    """The gondola (and its ring when it moved) as RGBA sprites with their top-left corners."""
    seat, letter, x, y, moved = g
    d_px = round(0.72 * lay.unit)
    out: list[tuple[Image.Image, tuple[int, int]]] = []
    if moved:
        ring = S.ring_sprite(round(0.98 * lay.unit), T.HIGHLIGHT, 0.09 * lay.unit)
        out.append((ring, (round(x - ring.width / 2), round(y - ring.height / 2))))
    sprite = S.gondola(seat, letter, d_px)
    out.append((sprite, (round(x - sprite.width / 2), round(y - d_px / 2))))
    return out


def _compose_rgb(view: View) -> Image.Image:
    """The whole image drawn in RGB (used to make the palette; the reference for tests)."""
    sb = S.static_board()
    lay = sb.layout
    plan = _plan(view)
    img = _base().copy()
    for label in plan.drained:
        tile = sb.drained[label]
        img.paste(tile.tile, tile.box[:2], tile.mask)
    for label in plan.candidates:
        S.hex_ring(label, T.CANDIDATE, False).paste_on(img)
    for btype, hx, hot in plan.buildings:
        S.building_sprite(btype, hx, hot).paste_on(img)
    for label in plan.drained_now:
        S.hex_ring(label, T.HIGHLIGHT, True).paste_on(img)
    for g in plan.gondolas:
        for sprite, xy in _gondola_sprites(lay, g):
            img.paste(sprite, xy, sprite)
    for region in _regions(view, plan):
        img.paste(region.rgb(), region.box[:2])
    return img


# --------------------------------------------------------------------------- palette pipeline
#
# The fast path works on the palette image directly: the static layer is quantized once, and
# every board piece (drained tile, building, ring) is cached as a palette tile already
# composited over the static layer at its fixed place, pasted with a 1-bit mask. Only the
# gondolas and the panels are drawn in RGB and quantized per render (small regions).


@dataclass(frozen=True)
class _PTile:
    image: Image.Image  # "P", palette()
    mask: Image.Image  # "1"
    xy: tuple[int, int]

    def paste_on(self, out: Image.Image) -> None:
        """Paste with the 1-bit mask (``out`` must be a loaded, writable "P" image).

        Calls the core paste directly: ~100 of these per render, and ``Image.paste``'s checks
        cost more than the copying itself."""
        x, y = self.xy
        box = (x, y, x + self.image.width, y + self.image.height)
        out.im.paste(self.image.im, box, self.mask.im)


def _quantize(img: Image.Image) -> Image.Image:
    return img.quantize(palette=palette(), dither=Image.Dither.NONE)


@lru_cache(maxsize=1)
def _base_p() -> Image.Image:
    return _quantize(_base())


def _tile_over(
    background: Image.Image, sprite: Image.Image, xy: tuple[int, int], threshold: int = 0
) -> _PTile:
    """``sprite`` (RGBA) composited over ``background`` (RGB, image coordinates) at ``xy``."""
    x, y = xy
    patch = background.crop((x, y, x + sprite.width, y + sprite.height))
    patch.paste(sprite, (0, 0), sprite)
    mask = sprite.getchannel("A").point(lambda v: 255 if v > threshold else 0).convert("1")
    return _PTile(_quantize(patch), mask, xy)


@lru_cache(maxsize=256)
def _drained_p(label: str) -> _PTile:
    tile = S.static_board().drained[label]
    patch = tile.tile.convert("RGB")
    mask = tile.mask.point(lambda v: 255 if v >= 128 else 0).convert("1")
    return _PTile(_quantize(patch), mask, tile.box[:2])


@lru_cache(maxsize=2048)
def _building_p(btype: str, hexes: tuple[str, ...], hot: bool) -> _PTile:
    sp = S.building_sprite(btype, hexes, hot)
    return _tile_over(_base(), sp.image, (sp.x, sp.y), threshold=96)


@lru_cache(maxsize=1024)
def _ring_p(label: str, candidate: bool) -> _PTile:
    sp = S.hex_ring(label, T.CANDIDATE if candidate else T.HIGHLIGHT, not candidate)
    return _tile_over(S.static_board().empty, sp.image, (sp.x, sp.y))


def _compose_p(view: View) -> Image.Image:
    lay = S.layout()
    plan = _plan(view)
    out = _base_p().copy()
    out.load()
    for label in plan.drained:
        _drained_p(label).paste_on(out)
    for label in plan.candidates:
        _ring_p(label, True).paste_on(out)
    for btype, hx, hot in plan.buildings:
        _building_p(btype, hx, hot).paste_on(out)
    for label in plan.drained_now:
        _ring_p(label, False).paste_on(out)
    # gondolas may overlap each other and pieces: drawn in RGB over the current pixels
    for g in plan.gondolas:
        sprites = _gondola_sprites(lay, g)
        x0 = min(xy[0] for _, xy in sprites)
        y0 = min(xy[1] for _, xy in sprites)
        x1 = max(xy[0] + sp.width for sp, xy in sprites)
        y1 = max(xy[1] + sp.height for sp, xy in sprites)
        patch = out.crop((x0, y0, x1, y1)).convert("RGB")
        for sp, (x, y) in sprites:
            patch.paste(sp, (x - x0, y - y0), sp)
        out.paste(_quantize(patch), (x0, y0))
    # the panels: each drawn in RGB and quantized once per content (a panel that did not
    # change since an earlier render is pasted from the cache)
    for region in _regions(view, plan):
        out.paste(region.quantized(), region.box[:2])
    return out


# --------------------------------------------------------------------------- panel regions

Box = tuple[int, int, int, int]
Painter = Callable[[Image.Image, ImageDraw.ImageDraw], None]


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

    def quantized(self) -> Image.Image:
        return _REGION_CACHE.get((self.box, *self.key), lambda: _quantize(self.rgb()))


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
    x0, y = panel_origin(0)
    w = T.SIDE_W - T.PAD
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
        regions.append(_Region((x0, y, x0 + w, y + T.PLAYER_PANEL_H), key, _player_painter(key)))
        y += T.PLAYER_PANEL_H + T.PANEL_GAP
    imag = view.get("imaginary")
    if imag is not None:
        held = tuple(t for t, s in architects.items() if s == "imaginary")
        ikey: tuple[Any, ...] = (
            "imaginary",
            str(imag.get("name", "Klaus-Jürgen")),
            tuple(sorted((imag.get("front") or {}).items())),
            held,
        )
        box = (x0, y, x0 + w, y + T.PLAYER_PANEL_H)
        regions.append(_Region(box, ikey, _imaginary_painter(ikey)))
        y += T.PLAYER_PANEL_H + T.PANEL_GAP
    h = min(T.BUILDS_H, lay.height - y - T.PAD)
    if h >= 40:
        lines = tuple(_builds_lines(view))
        regions.append(_Region((x0, y, x0 + w, y + h), ("builds", lines), _builds_painter(lines)))
    return regions


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


# --------------------------------------------------------------------------- header


def _header_region(view: View, plan: _Plan) -> _Region:
    """What happens now (V-U8) and what this turn changed."""
    letters = plan.letters
    markers: list[tuple[int, str]] = []
    pending = view.get("pending")
    if view.get("game_over"):
        ranking = view.get("ranking") or []
        first = ranking[0] if ranking else []
        winners = [_seat_name(view, s) for s in first]
        title = "Game over — " + (" & ".join(winners) + (" win" if len(winners) > 1 else " wins"))
        markers = [(s, letters[s]) for s in first if isinstance(s, int) and s < len(letters)]
    elif pending:
        seat = pending.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(letters):
            markers = [(seat, letters[seat])]
        title = f"{pending.get('name', '')}: {pending.get('prompt', '')}"
    else:
        title = ""
    key = ("header", title, tuple(markers), _changes_line(view, plan.moved), view.get("turn", ""))
    return _Region((0, 0, S.layout().width, T.HEADER_H), key, _header_painter(key))


def _header_painter(key: tuple[Any, ...]) -> Painter:
    _, title, markers, sub, turn_no = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        W = img.width
        x = T.PAD + 2
        y1 = 22
        turn = f"Turn {turn_no}"
        tw = text_width(turn, T.FONT_SUB, bold=True)
        draw_text(draw, (W - T.PAD - 4, y1), turn, T.FONT_SUB, T.HEADER_SUB, bold=True, anchor="rm")
        for seat, letter in markers:
            S.paste(img, S.marker(seat, letter, 32), (x, y1 - 16))
            x += 36
        if markers:
            x += 4
        draw_text(
            draw,
            (x, y1),
            title,
            T.FONT_TITLE,
            T.HEADER_TEXT,
            bold=True,
            anchor="lm",
            max_width=W - x - tw - 40,
        )
        draw_text(
            draw,
            (T.PAD + 2, 50),
            sub,
            T.FONT_SUB,
            T.HEADER_SUB,
            anchor="lm",
            max_width=W - 2 * T.PAD,
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
            parts.append(f"{who} built {b['type']} {'-'.join(b['hexes'])}")
    drained = recent.get("drained", [])
    if drained:
        who = _seat_name(view, recent.get("active"))
        parts.append(f"{who} drained {', '.join(drained)}")
    moves = [
        f"{_seat_name(view, int(s))} {a}→{b}"
        for s, (a, b) in sorted(moved.items(), key=lambda kv: int(kv[0]))
    ]
    if moves:
        parts.append("gondolas " + ", ".join(moves))
    current: dict[str, Any] = view.get("recent") or {}
    this_turn = bool(current.get("buildings") or current.get("drained") or current.get("moved"))
    if not parts:
        return "Nothing changed yet this turn." if not view.get("game_over") else ""
    prefix = "This turn: " if this_turn else "Last turn: "
    if view.get("game_over"):
        prefix = "Last moves: "
    return prefix + " · ".join(parts)


# --------------------------------------------------------------------------- under the board


def _caption(draw: ImageDraw.ImageDraw, xy: Point, text: str) -> None:
    draw_text(draw, xy, text.upper(), T.FONT_TINY, T.TEXT_SOFT, bold=True, anchor="ls")


def _strip_slots() -> dict[str, int]:
    """x of each section of the strip under the board."""
    x = T.PAD + 14
    slots = {"architects": x}
    x += 4 * 72 + 16
    slots["deck"] = x
    x += 150
    slots["pool"] = x
    x += 4 * 31 + 22
    slots["supply"] = x
    return slots


#: Caption baseline and row top in the strip, relative to the strip's top.
STRIP_CAPTION_Y = T.PAD + 18
STRIP_ROW_Y = T.PAD + 30


def _strip_box() -> Box:
    lay = S.layout()
    return (0, T.HEADER_H + lay.board_h, lay.board_w, lay.height)


@lru_cache(maxsize=1)
def _base() -> Image.Image:
    """The static layer plus the fixed parts of the strip under the board."""
    lay = S.layout()
    img = S.static_board().base.copy()
    draw = ImageDraw.Draw(img)
    top = _strip_box()[1]
    box = S.rounded_box(
        lay.board_w - 2 * T.PAD, T.STRIP_H - 2 * T.PAD + 4, T.PANEL, T.PANEL_EDGE, 10
    )
    S.paste(img, box, (T.PAD, top + T.PAD - 2))
    cap_y, row_y = top + STRIP_CAPTION_Y, top + STRIP_ROW_Y
    slots = _strip_slots()
    x = slots["architects"]
    _caption(draw, (x, cap_y), "Architects")
    for t in T.ARCHITECT_TYPES:
        S.paste(img, S.pawn_icon(t, 26, 34), (x, row_y))
        draw_text(draw, (x + 28, row_y + 50), t, T.FONT_TINY, T.TEXT_SOFT, anchor="mm")
        x += 72
    x = slots["deck"]
    _caption(draw, (x, cap_y), "Deck · discard")
    S.paste(img, S.card_back(26, 36), (x, row_y))
    S.paste(img, S.rounded_box(26, 36, T.DISCARD, T.PANEL_EDGE, 4), (x + 74, row_y))
    draw_text(draw, (x + 13, row_y + 50), "deck", T.FONT_TINY, T.TEXT_SOFT, anchor="mm")
    draw_text(draw, (x + 87, row_y + 50), "discard", T.FONT_TINY, T.TEXT_SOFT, anchor="mm")
    _caption(draw, (slots["pool"], cap_y), "Pool")
    x = slots["supply"]
    _caption(draw, (x, cap_y), "Pieces left · treasure")
    for t in T.SUPPLY_ORDER:
        S.paste(img, S.piece_icon(t, 30), (x, row_y + 2))
        draw_text(draw, (x + 15, row_y + 50), t, T.FONT_TINY, T.TEXT_SOFT, anchor="mm")
        x += 62
    S.paste(img, S.token_icon("treasure", 28), (x, row_y + 3))
    draw_text(draw, (x + 14, row_y + 50), "treasure", T.FONT_TINY, T.TEXT_SOFT, anchor="mm")
    return img


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
    _, holders, deck, discard, pool, supply, treasure = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        row_y = STRIP_ROW_Y
        slots = _strip_slots()
        big = T.FONT_NAME
        x = slots["architects"]
        for holder in holders:
            if holder is None:
                draw_text(
                    draw, (x + 43, row_y + 17), "free", T.FONT_SMALL, T.TEXT_SOFT, anchor="mm"
                )
            else:
                S.paste(img, S.marker(holder[0], holder[1], 28), (x + 29, row_y + 3))
            x += 72
        x = slots["deck"]
        draw_text(draw, (x + 32, row_y + 18), str(deck), big, T.TEXT, bold=True, anchor="lm")
        draw_text(draw, (x + 106, row_y + 18), str(discard), big, T.TEXT, bold=True, anchor="lm")
        x = slots["pool"]
        if not pool:
            draw_text(draw, (x, row_y + 18), "empty", T.FONT_SMALL, T.TEXT_SOFT, anchor="lm")
        for i, t in enumerate(pool[:6]):
            S.paste(img, S.card_icon(t, 26, 36), (x + i * 31, row_y))
        x = slots["supply"]
        for n in (*supply, treasure):
            ink = T.TEXT if n else T.ALERT
            draw_text(draw, (x + 34, row_y + 17), str(n), big, ink, bold=True, anchor="lm")
            x += 62

    return paint


# --------------------------------------------------------------------------- side column


def _player_painter(key: tuple[Any, ...]) -> Painter:
    _, seat, letter, name, position, front, held, hand, swamp, treasure, active, deciding = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        hot = active or deciding
        fill = T.PANEL_ACTIVE if hot else T.PANEL
        edge = T.PANEL_ACTIVE_EDGE if hot else T.PANEL_EDGE
        S.paste(img, S.rounded_box(w, h, fill, edge, 10, 3 if hot else 1), (0, 0))
        bar = T.player_color(seat)
        S.paste(img, S.rounded_box(7, h - 16, bar, bar, 3), (6, 8))
        S.paste(img, S.marker(seat, letter, 34), (20, 9))
        # score (track position), right
        score = str(position)
        draw_text(draw, (w - 14, 27), score, T.FONT_SCORE, T.TEXT, bold=True, anchor="rm")
        sw = text_width(score, T.FONT_SCORE, bold=True)
        draw_text(draw, (w - 18 - sw, 31), "pts", T.FONT_TINY, T.TEXT_SOFT, anchor="rm")
        # name and turn marker (V-U1, V-U8)
        tag = "▶ TO ACT" if deciding else ("▶ TURN" if active else "")
        tag_w = text_width(tag, T.FONT_TINY, bold=True) + 14 if tag else 0
        name_max = w - 62 - sw - 40 - tag_w
        box = draw_text(
            draw, (62, 26), name, T.FONT_NAME, T.TEXT, bold=True, anchor="lm", max_width=name_max
        )
        if tag:
            tx = max(box[2], 62) + 10
            S.paste(img, S.rounded_box(tag_w, 20, T.TAG, T.TAG, 10), (tx, 16))
            draw_text(
                draw, (tx + tag_w / 2, 26), tag, T.FONT_TINY, T.TAG_TEXT, bold=True, anchor="mm"
            )
        # cards in front (open constructions), with the architect pawns he holds
        _front_cards(img, draw, (20, 46), dict(front), list(held))
        # hand size and tokens (V-U5: how many of each kind, never their values)
        by = h - 15
        bx = w - 14
        for kind, n in (("treasure", treasure), ("swamp", swamp)):
            label = f"{n} {kind}"
            lw = text_width(label, T.FONT_SMALL, bold=True)
            ink = T.TEXT if n else T.TEXT_SOFT
            draw_text(draw, (bx, by), label, T.FONT_SMALL, ink, bold=True, anchor="rm")
            S.paste(img, S.token_icon(kind, 18), (bx - lw - 22, by - 9))
            bx -= lw + 36
        label = f"{hand} in hand"
        lw = text_width(label, T.FONT_SMALL, bold=True)
        draw_text(draw, (bx, by), label, T.FONT_SMALL, T.TEXT, bold=True, anchor="rm")
        S.paste(img, S.card_back(14, 19), (bx - lw - 19, by - 10))

    return paint


def _front_cards(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    front: dict[str, int],
    held: list[str],
) -> int:
    """The cards lying in front of a player, grouped by type; returns the x after them."""
    x, y = xy
    if not front:
        draw_text(draw, (x, y + 15), "no cards in front", T.FONT_SMALL, T.TEXT_SOFT, anchor="lm")
        return x + 120
    named = sum(1 for t in T.TYPES if front.get(t)) <= 2  # room for the type names
    for t in T.TYPES:
        n = front.get(t, 0)
        if not n:
            continue
        for i in range(min(n, 4)):
            S.paste(img, S.card_icon(t, 20, 27), (x + i * 6, y))
        x += 20 + 6 * (min(n, 4) - 1) + 4
        label = f"{t} {n}/{T.CARDS_NEEDED[t]}" if named else f"{n}/{T.CARDS_NEEDED[t]}"
        box = draw_text(draw, (x, y + 14), label, T.FONT_SMALL, T.TEXT, bold=True, anchor="lm")
        x = box[2] + 4
        if t in held:
            S.paste(img, S.pawn_icon(t, 16, 22), (x, y + 3))
            x += 18
        x += 12
    return x


def _imaginary_painter(key: tuple[Any, ...]) -> Painter:
    """V-T1: the imaginary third player's cards, in 2-player games."""
    _, name, front, held = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        S.paste(img, S.rounded_box(w, h, T.PANEL_IMAGINARY, T.PANEL_EDGE, 10), (0, 0))
        S.paste(img, S.rounded_box(7, h - 16, T.IMAGINARY, T.IMAGINARY, 3), (6, 8))
        S.paste(img, S.marker("imaginary", IMAGINARY_LETTER, 34), (20, 9))
        draw_text(draw, (62, 26), name, T.FONT_NAME, T.TEXT, bold=True, anchor="lm")
        note = "imaginary player · no gondola"
        draw_text(draw, (w - 14, 26), note, T.FONT_TINY, T.TEXT_SOFT, anchor="rm")
        _front_cards(img, draw, (20, 46), dict(front), list(held))

    return paint


def _builds_lines(view: View) -> list[tuple[str, str, bool]]:
    """V-U8: (type, text, now) for the building being resolved and the completed ones waiting,
    with their builder and participants."""
    items: list[tuple[bool, dict[str, Any]]] = []
    if view.get("resolving"):
        items.append((True, view["resolving"]))
    items += [(False, b) for b in view.get("waiting_builds") or []]
    lines: list[tuple[str, str, bool]] = []
    for now, b in items:
        t = str(b["type"])
        architect = _seat_ref(view, b.get("architect"))
        others = [
            _seat_name(view, _seat_ref(view, s))
            for s in b.get("participants") or []
            if _seat_ref(view, s) != architect
        ]
        kind = " (solo)" if b.get("kind") == "solo" else ""
        text = f"{t}{kind}: {_seat_name(view, architect)}"
        text += f" with {', '.join(others)}" if others else ""
        lines.append((t, ("▶ " if now else "") + text, now))
    return lines


def _builds_painter(lines: tuple[tuple[str, str, bool], ...]) -> Painter:
    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        S.paste(img, S.rounded_box(w, h, T.PANEL, T.PANEL_EDGE, 10), (0, 0))
        _caption(draw, (14, 20), "Buildings to complete")
        ly = 42
        if not lines:
            draw_text(draw, (14, ly), "none", T.FONT_SMALL, T.TEXT_SOFT, anchor="lm")
        for t, text, now in lines:
            if ly > h - 14:
                break
            S.paste(img, S.card_icon(t, 18, 24), (14, ly - 12))
            draw_text(
                draw, (40, ly), text, T.FONT_SMALL, T.TEXT, bold=now, anchor="lm", max_width=w - 54
            )
            ly += 26

    return paint


# =========================================================================== palette


def _sample_view() -> View:
    """A synthetic view using every colour the board image can show (for the palette)."""
    lay = S.layout()
    board = lay.board
    labels = list(board.hexes)
    plain = [x for x in labels if board.hexes[x].kind == "plain"]
    drained = set(plain[::3])
    buildings: list[dict[str, Any]] = [
        {"index": i, "type": pb.type, "hexes": list(pb.hexes), "builder": -1}
        for i, pb in enumerate(board.prebuilt)
    ]
    used = {x for b in buildings for x in b["hexes"]}
    for i, label in enumerate(x for x in plain if x not in drained):
        if i % 9 or label in used:
            continue
        t = T.TYPES[(i // 9) % len(T.TYPES)]
        hx = [label]
        if t in ("palazzo", "basilica"):
            nb = [n for n in board.neighbors[label] if n not in used]
            if not nb:
                continue
            hx.append(nb[0])
            if t == "basilica":
                common = [n for n in board.neighbors[nb[0]] if n in board.neighbors[label]]
                common = [n for n in common if n not in used]
                if not common:
                    continue
                hx.append(common[0])
        elif t == "ponte":
            continue
        used.update(hx)
        buildings.append({"index": len(buildings), "type": t, "hexes": hx, "builder": 0})
    hexes = {
        x: {"building": None, "building_index": None, "swamp": x in plain and x not in drained}
        for x in labels
    }
    for b in buildings:
        for x in b["hexes"]:
            hexes[x]["building"] = b["type"]
            hexes[x]["building_index"] = b["index"]
    names = ["Anna", "Béla", "青熊", "Gergő", "Niccolò"]
    front_sets: list[dict[str, int]] = [
        {"basilica": 2, "palazzo": 1},
        {"campo": 2},
        {"ponte": 1, "basilica": 1},
        {},
        {"palazzo": 2},
    ]
    players = [
        {
            "seat": s,
            "name": names[s],
            "position": [12, 0, 47, 61, 30][s],
            "hand_size": 3,
            "front": front_sets[s],
            "swamp_tokens": 2,
            "treasure_tokens": 1,
            "active": s == 0,
            "to_decide": s == 1,
        }
        for s in range(5)
    ]
    return {
        "turn": 9,
        "players": players,
        "imaginary": None,
        "architects": {"basilica": 0, "palazzo": 4, "campo": 1, "ponte": None},
        "deck_size": 20,
        "discard_size": 3,
        "pool": ["basilica", "palazzo", "campo", "casa"],
        "supply": {"basilica": 4, "palazzo": 0, "campo": 5, "ponte": 5, "casa": 18},
        "treasure_left": 18,
        "hexes": hexes,
        "buildings": buildings,
        "resolving": {
            "type": "palazzo",
            "kind": "construction",
            "architect": 1,
            "participants": [1, 0],
            "hexes": [],
        },
        "waiting_builds": [{"type": "casa", "kind": "casa", "architect": 0, "participants": [0]}],
        "pending": {"seat": 1, "kind": "place", "prompt": "place the palazzo", "name": "Béla"},
        "public_options": [f"place {plain[0]} {plain[1]}", f"place {plain[5]} {plain[6]}"],
        "recent": {
            "active": 0,
            "buildings": [0, 2, len(buildings) - 1],
            "drained": sorted(drained)[:2],
            "moved": {"0": [5, 12], "2": [40, 47]},
        },
        "track_history": [[0] * 5],
        "game_over": False,
        "ranking": None,
    }


def key_colours() -> list[T.RGB]:
    """Every colour of the theme (and the piece rims), kept exactly in the palette."""
    found = theme_colours(T)
    for t in T.TYPES:
        for c in (
            T.blend(T.BUILDING[t], T.BUILDING_EDGE[t], 0.4),
            T.blend(T.BUILDING[t], T.BUILDING_EDGE[t], 0.5),
        ):
            if c not in found:
                found.append(c)
    return found


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The fixed 256-colour palette of the board image ("P" image), made once per process:
    the theme's colours exactly, plus a median cut of a sample render and the static layer."""
    return build_palette(key_colours(), [_compose_rgb(_sample_view()), S.static_board().base])
