"""The harbour image shows AM-G24's count in the decks panel once a round ended without the
port growing (and only then), in the alert colour when two such rounds or fewer are left."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from engine.amsterdam import GAME
from render.amsterdam import board as B
from render.amsterdam.panels import stall_note
from render.common import theme as T


def _view(variant: str, stall: int) -> dict[str, Any]:
    st = GAME.new_state(["Anna", "Ben"], 3, {"variant": variant})
    st.stall = stall
    return st.public_view()


def _decks_box(view: dict[str, Any]) -> tuple[int, int, int, int]:
    _size, regions = B.layout(view)
    return next(r.box for r in regions if r.key[0] == "decks")


def _alert_pixels(png: bytes, box: tuple[int, int, int, int]) -> int:
    img = Image.open(io.BytesIO(png)).convert("RGB").crop(box)
    colours = img.getcolors(maxcolors=img.width * img.height) or []
    return sum(n for n, colour in colours if colour == T.ALERT)


def test_the_note_follows_the_count() -> None:
    assert stall_note(_view("base", 0)) is None
    note = stall_note(_view("base", 2))
    assert note is not None and not note[1] and "2 of 6 rounds" in note[0][0]
    near = stall_note(_view("base", 4))
    assert near is not None and near[1] and "after 2 more" in near[0][0]
    assert all("6" in text for text in near[0])  # AM-G24's limit, no rule ID (#25 item 1)


@pytest.mark.parametrize("variant", ["gomoku", "special_cards"])
def test_the_decks_panel_draws_the_note_only_with_a_count(variant: str) -> None:
    quiet, near = _view(variant, 0), _view(variant, 4)
    box = _decks_box(quiet)
    assert box == _decks_box(near)  # the layout does not move
    quiet_png, near_png = B.render_board(quiet), B.render_board(near)
    # the note's line at the panel's foot (above it, player A's red marker under his deck)
    band = (box[0], box[3] - 26, box[2], box[3])
    assert _alert_pixels(quiet_png, band) == 0
    assert _alert_pixels(near_png, band) > 50
    # the rest of the image is the same: only the decks panel changed
    a = Image.open(io.BytesIO(quiet_png)).convert("RGB")
    b = Image.open(io.BytesIO(near_png)).convert("RGB")
    assert a.size == b.size
    a.paste((0, 0, 0), box)
    b.paste((0, 0, 0), box)
    assert a.tobytes() == b.tobytes()
