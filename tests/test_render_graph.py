"""The score graph tells the truth (#24 item 11): its y ticks are nice numbers (1, 2 or 5 times
a power of ten, whole steps for counts), each label is the value its gridline is drawn at, a
plateau sits on its value's gridline, and counts are drawn as steps (held until the turn that
changes them), never as slopes between turns. (It labelled quarter steps rounded: 0, 2, 3, 4,
6, so a plateau at 2 sat above the "2" line.)"""

from __future__ import annotations

import io
import itertools
import math

import pytest
from PIL import Image

from bot.devtools.stored_games import store_selfplay_game
from bot.storage.store import Storage
from bot.table.history import track
from render.common.replay import _colour, graph_layout, nice_ticks, score_graph

#: Victory cards held after each round (Canal Grande): ann reaches 6, bob stays at 3.
CARDS = [[0, 0], [0, 1], [1, 1], [2, 1], [2, 2], [2, 2], [2, 3], [3, 3], [4, 3], [5, 3], [6, 3]]
GRID = (225, 221, 212)


def _is_nice(step: float) -> bool:
    exponent = math.floor(math.log10(step))
    return round(step / 10**exponent, 9) in (1, 2, 5)


@pytest.mark.parametrize(
    ("low", "high", "integer"),
    [(0, 6, True), (0, 1, True), (0, 43, True), (-3, 17, True), (0, 123, True), (0, 0.7, False)],
)
def test_nice_ticks_cover_the_data_in_nice_steps(low: float, high: float, integer: bool) -> None:
    ticks, decimals = nice_ticks(low, high, count=9, integer=integer)
    assert ticks[0] <= low and ticks[-1] >= high
    steps = {round(b - a, 9) for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1
    (step,) = steps
    assert _is_nice(step)
    if integer:
        assert step >= 1 and all(t == int(t) for t in ticks) and decimals == 0
    assert len({f"{t:.{decimals}f}" for t in ticks}) == len(ticks)  # no two labels alike


def test_each_label_is_the_value_its_gridline_is_drawn_at() -> None:
    lay = graph_layout(CARDS)
    labels = [text for _value, text in lay.ticks]
    assert labels == ["0", "1", "2", "3", "4", "5", "6"]
    for value, text in lay.ticks:
        assert float(text) == value  # the label says the value, not a rounding of it
    assert lay.counts
    # read the drawn gridlines back: the rows in a column no line crosses
    image = Image.open(io.BytesIO(score_graph(["ann", "bob"], CARDS))).convert("RGB")
    x = round(lay.x(0.5))
    rows = [y for y in range(lay.top + 1, lay.top + lay.height) if image.getpixel((x, y)) == GRID]
    ticked = [lay.y(value) for value, _ in lay.ticks]
    assert rows == sorted(y for y in ticked if lay.top < y < lay.top + lay.height)
    assert sorted(ticked, reverse=True) == ticked  # higher values higher up, evenly spaced
    gaps = {b - a for a, b in itertools.pairwise(ticked)}
    assert max(gaps) - min(gaps) <= 1


def test_a_plateau_sits_on_its_gridline_and_counts_step() -> None:
    image = Image.open(io.BytesIO(score_graph(["ann", "bob"], CARDS))).convert("RGB")
    lay = graph_layout(CARDS)
    ann = _colour(0)

    def column(turn: float) -> list[int]:
        x = round(lay.x(turn))
        return [y for y in range(image.height) if image.getpixel((x, y)) == ann]

    # ann holds 2 from round 3 to round 7: on the "2" gridline, exactly
    two = lay.y(2)
    for turn in (3.5, 6.5):  # (bob holds 2 from 4 to 6: drawn over hers)
        ys = column(turn)
        assert ys and all(abs(y - two) <= 1 for y in ys), (turn, ys, two)
    # between rounds 8 (4 cards) and 9 (5 cards) she holds 4: a step, not a slope to 5
    ys = column(8.5)
    assert ys and all(abs(y - lay.y(4)) <= 1 for y in ys), ys


def test_a_real_games_graph_has_integer_ticks() -> None:
    with Storage.open(":memory:") as storage:
        game_id = store_selfplay_game(storage, "5", "venezia", seed=3, players=4)
        stored = storage.games.load_game(game_id, all_moves=True)
        assert stored is not None
        progress = track(stored).progress
    lay = graph_layout(progress)
    assert lay.counts
    values = [v for row in progress for v in row if v is not None]
    assert lay.low <= min(values) and lay.high >= max(values)
    for value, text in lay.ticks:
        assert text == str(int(value))
    assert 4 <= len(lay.ticks) <= 12
