"""The board and hand images are readable where Discord shows them (issue #17, item 7; #24
item 12).

Discord draws an attached image inside a 550 x 576 px box (SimCord's preview models it), so a
picture is shrunk by :func:`render.common.display.display_scale`; the text that a decision names
(Venezia's hex labels, the panels, Canal Grande's victory rows, Amsterdam's names) must still
show at :data:`render.common.display.MIN_DISPLAY_FONT_PX` or more on screen, and no name is cut.

Hands (#24 item 12): the reader's own words on his hand ("templom", "28 lap a pakliban", "MOST
EZT TEHETED", Canal Grande's panel captions) were ~5 px in a DM. Every text drawn on a hand -
each game, each seat of a mid-game position, each language - must show at
:data:`MIN_HAND_DISPLAY_PX` or more. The cached sprites (cards, tokens) are drawn afresh so
their texts are measured too (they are pasted at their own size). Venezia's five district names
are all on the board ("San Polo · P" was missing).
"""

from __future__ import annotations

import io
import re
import sys
from importlib import resources
from pathlib import Path

import pytest
from PIL import Image

from engine.i18n import LANGUAGES, speaking
from engine.registry import registrations
from render import golden as G
from render.amsterdam.cases import play as play_amsterdam
from render.common import display as D
from render.common.text import text_width, watching
from render.venezia import theme as T
from tests.test_images_every_language import positions


def size_of(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as img:
        return img.size


def golden_view(game: str, name: str) -> tuple[str, dict]:  # type: ignore[type-arg]
    kind, view, _ = G.read_golden(G.golden_path(game, name))
    return kind, view


def test_display_box_is_simcords() -> None:
    """The numbers come from SimCord's preview stylesheet (skipped if SimCord is missing)."""
    try:
        css_file = resources.files("simcord.preview") / "static" / "preview.css"
        css = Path(str(css_file)).read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        pytest.skip("SimCord's preview is not installed")
    inline = re.search(r"\.attachment-inline\s*\{[^}]*width:\s*min\(100%,\s*(\d+)px\)", css)
    assert inline is not None and int(inline.group(1)) == D.MAX_DISPLAY_W
    image = re.search(
        r"\.attachment-image\s*\{[^}]*max-height:\s*min\(calc\(var\(--preview-height\)\s*\*\s*"
        r"\.(\d+)\),\s*(\d+)px\)",
        css,
    )
    height = re.search(r"--preview-height:\s*(\d+)px", css)
    assert image is not None and height is not None
    factor = int(image.group(1)) / 10 ** len(image.group(1))
    assert min(round(int(height.group(1)) * factor), int(image.group(2))) == D.MAX_DISPLAY_H


def test_display_scale() -> None:
    assert D.display_scale(1551, 784) == pytest.approx(550 / 1551)  # the old Venezia board
    assert D.display_scale(500, 400) == 1.0
    assert D.display_scale(960, 1440) == pytest.approx(576 / 1440)


# --------------------------------------------------------------------------- Venezia

VENEZIA_FONTS = {
    "hex labels": T.FONT_HEX,
    "track numbers": T.FONT_TRACK,
    "district names": T.FONT_DISTRICT,
    "header title": T.BOARD_FONT_TITLE,
    "header line": T.BOARD_FONT_SUB,
    "player names": T.BOARD_FONT_NAME,
    "panel text": T.BOARD_FONT_TEXT,
    "captions": T.BOARD_FONT_CAPTION,
}


@pytest.mark.parametrize("name", ["board_5p_mid", "board_2p"])
def test_venezia_board_text_shows_at_9px(name: str) -> None:
    from render.venezia.board import render_board

    _, view = golden_view("venezia", name)
    w, h = size_of(render_board(view))
    scale = D.display_scale(w, h)
    assert scale >= 0.48  # was 0.35 for the 1551 x 784 board
    for what, font in VENEZIA_FONTS.items():
        shown = font * scale
        assert shown >= D.MIN_DISPLAY_FONT_PX, f"{what}: {font} px shows at {shown:.1f} px"


def test_venezia_hex_labels_fit_their_hexes() -> None:
    from render.venezia import static as S

    lay = S.layout()
    for label in lay.board.hexes:
        assert text_width(label, T.FONT_HEX, bold=True) <= lay.unit - 4, label


def test_venezia_player_names_are_whole() -> None:
    """Names of 16 characters (and the turn tag) fit the panels under the board."""
    from render.venezia.board_base import NAME_X, panel_width

    name = "Maximilian-Alexa"
    tag = text_width("▶ TO ACT", T.BOARD_FONT_CAPTION, bold=True) + 16
    score = text_width("120", T.BOARD_FONT_SCORE, bold=True) + text_width("pts", T.BOARD_FONT_TEXT)
    room = panel_width() - NAME_X - score - 36 - tag - 10
    assert text_width(name, T.BOARD_FONT_NAME, bold=True) <= room


def test_gondolas_on_the_start_space_are_inside_the_image() -> None:
    from engine.venezia import VeneziaState
    from render.venezia import static as S
    from render.venezia.board_base import gondola_point

    view = VeneziaState.new(["A", "B", "C", "D", "E"], seed=1).public_view()
    lay = S.layout()
    half = round(0.72 * lay.unit * 1.56) / 2  # the gondola sprite (render.venezia.board_plan)
    for seat in range(5):
        x, _ = gondola_point(view, seat)
        assert x - half >= 4


# --------------------------------------------------------------------------- Canal Grande


@pytest.mark.parametrize("name", ["board_vote", "board_odd_names"])
def test_canal_grande_victory_rows_show_at_9px(name: str) -> None:
    from render.canal_grande.board_grid import GRID_FONT

    kind, view = golden_view("canal_grande", name)
    w, h = size_of(G.renderer(kind)(view))
    scale = D.display_scale(w, h)
    assert GRID_FONT * scale >= D.MIN_DISPLAY_FONT_PX
    assert text_width("6/6 districts · best 4/4", GRID_FONT) <= 250 - 20  # the name column


# --------------------------------------------------------------------------- Amsterdam


@pytest.mark.parametrize("name", ["board_place", "board_sealed", "board_gomoku", "board_canale"])
def test_amsterdam_names_show_at_9px(name: str) -> None:
    from render.amsterdam import theme as A
    from render.amsterdam.panels import OWNER_FONT

    kind, view = golden_view("amsterdam", name)
    w, h = size_of(G.renderer(kind)(view))
    scale = D.display_scale(w, h)
    for font in (A.FONT_NAME, OWNER_FONT):
        assert font * scale >= D.MIN_DISPLAY_FONT_PX, f"{font} px at scale {scale:.3f}"


def test_amsterdam_gomoku_at_its_start_shows_at_9px() -> None:
    """The tallest harbour: Gomoku's first rounds draw 11 rows the port may still grow into."""
    from render.amsterdam import theme as A
    from render.amsterdam.board import render_board

    state = play_amsterdam(["amsterdam_player_long", "Sára"], 6, "gomoku", lambda s: s.round >= 2)
    w, h = size_of(render_board(state.public_view()))
    assert A.FONT_NAME * D.display_scale(w, h) >= D.MIN_DISPLAY_FONT_PX


def test_amsterdam_owner_names_are_never_cut() -> None:
    from render.amsterdam.panels import owner_label

    assert owner_label("Sára", 120) == "Sára"
    assert owner_label("amsterdam_player_long", 120) is None  # the marker alone, not "amsterda…"
    for name in ("Zoë", "Kōji", "amsterdam", "Maximilian-Alexander"):
        shown = owner_label(name, 200)
        assert shown in (name, None)


def test_amsterdam_gomoku_grid_agrees_with_its_title() -> None:
    """AM-V6.1: the port is 8 x 8. While its place floats the grid draws every cell it may
    still grow into (11 rows at the start) and says the port's real size under it; once it
    spans 8 x 8, the grid is those 8 x 8 cells."""
    from render.amsterdam.board import _header_region
    from render.amsterdam.grid import geometry

    start = play_amsterdam(["Émile", "Sára"], 6, "gomoku", lambda s: s.round >= 2).public_view()
    g = geometry(start, 100)
    assert len(g.rows) > 8
    assert "8 × 8" in g.note
    assert "8×8" in _header_region(start, 960).key[2]
    _, late = golden_view("amsterdam", "board_gomoku")
    g = geometry(late, 100)
    assert (len(g.rows), len(g.cols)) == (8, 8) and g.note == ""


# --------------------------------------------------------------------------- hands (#24 item 12)

#: The least a text a player needs shows at on screen (px).
MIN_HAND_DISPLAY_PX = 10.0

HAND_GAMES = [reg.name for reg in registrations()]


def _clear_render_caches() -> None:
    """Forget the cached sprites, so their texts are drawn (and seen) again; a palette made
    from a sample board is kept (its texts are not on the hand)."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("render.") or module is None:
            continue
        for key, value in vars(module).items():
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and "palette" not in key:
                clear()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", HAND_GAMES)
def test_every_text_on_a_hand_shows_at_10px(game: str, lang: str) -> None:
    reg = next(r for r in registrations() if r.name == game)
    middle, _end = positions(game, ())
    draw = reg.renderers()
    small: list[str] = []
    draw.hand(middle.player_view(0))  # warm the palettes
    for seat in range(len(middle.players)):
        _clear_render_caches()
        with speaking(lang), watching() as seen:
            png = draw.hand(middle.player_view(seat))
        with Image.open(io.BytesIO(png)) as image:
            width, height = image.size
        scale = D.display_scale(width, height)
        small += [
            f"{text!r} {size} px -> {size * scale:.1f} px"
            for text, size, _canvas in seen.drawn
            if text.strip() and size * scale < MIN_HAND_DISPLAY_PX
        ]
    assert not small, (
        f"{game} {lang}: {len(small)} texts under 10 px, e.g. {sorted(set(small))[:25]}"
    )


def test_every_venezia_district_is_named_on_the_board() -> None:
    """#24 item 12: "San Polo · P" was missing on every board (no free spot nearer to San
    Polo than to its neighbours); all five names are drawn, legible at display size."""
    from engine.venezia import VeneziaState
    from render.venezia import static as S
    from render.venezia.board import render_board
    from render.venezia.static_labels import district_name_spots

    lay = S.layout()
    spots = district_name_spots(lay)
    assert set(spots) == set(lay.board.districts)
    from render.venezia import static_board

    view = VeneziaState.new(["A", "B", "C", "D", "E"], seed=1).public_view()
    _clear_render_caches()
    static_board._STATIC.clear()  # its names are drawn once per board (and its key per language)
    static_board._AREAS.clear()
    with watching() as seen:
        png = render_board(view)
    w, h = size_of(png)
    drawn = {text: size for text, size, _canvas in seen.drawn}
    for did, name in lay.board.districts.items():
        label = f"{name} · {did}"
        assert label in drawn, label
        assert drawn[label] * D.display_scale(w, h) >= D.MIN_DISPLAY_FONT_PX
