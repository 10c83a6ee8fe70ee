"""Amsterdam's end image and reveal, checked through the views they are drawn from.

Rule IDs: AM-G31 (every area scored at the end, as a closed one: AM-10.2-10.6), AM-V6.4 and
AM-G42 (Gomoku's three areas in a row, highlighted), AM-G43 (Gomoku without a row), AM-4.3 and
AM-G23 (both revealed cards public and drawn side by side, AM-5.2 a card taken back).
"""

from __future__ import annotations

import copy
import io
import itertools
import random
from typing import Any

import pytest
from PIL import Image

from engine.ai import policy_factory
from engine.amsterdam import GAME
from engine.amsterdam.event_texts import area_winner
from render.amsterdam import board as B
from render.amsterdam import end as E
from render.common import theme as T

View = dict[str, Any]


def _random_game(variant: str, seed: int) -> Any:
    state = GAME.new_state(["Anna", "Ben"], seed, {"variant": variant})
    rng = random.Random(seed)
    while not state.is_over:
        d = state.pending()
        state.apply(d.seat, rng.choice(d.options))
    return state


def _greedy_game(variant: str, seed: int) -> Any:
    state = GAME.new_state(["Anna", "Ben"], seed, {"variant": variant})
    factory = policy_factory("greedy", game="amsterdam")
    policies = [factory(random.Random(seed + i)) for i in range(2)]
    while not state.is_over:
        d = state.pending()
        state.apply(d.seat, policies[d.seat](state, d))
    return state


@pytest.fixture(scope="module")
def canale_end() -> View:
    return _random_game("canale_grande", 3).public_view()  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def gomoku_row_end() -> View:
    view: View = _greedy_game("gomoku", 2).public_view()
    assert view["end"]["row"], "this seeded greedy game ends with three areas in a row"
    return view


def _decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


# --------------------------------------------------------------------------- AM-G31


def test_every_area_scoring_lists_each_area_of_the_end(canale_end: View) -> None:
    """AM-G31: the end scoring names each open area scored at the end, its winner by AM-10."""
    scoring = canale_end["end"]["scoring"]
    assert scoring["mode"] == "all"
    areas = scoring["areas"]
    assert areas, "this game leaves open areas with warehouses at its end"
    scored_views = {a["cells"][0]: a for a in canale_end["areas"] if a["scored"]}
    for a in areas:
        winner, why = area_winner(a["warehouses"])
        assert (a["winner"], a["why"]) == (winner, why)
        assert a["size"] == len(a["cells"])
        assert scored_views[a["cells"][0]]["winner"] == winner  # the port shows it scored
        assert a["vp"] == (0 if winner is None else scored_views[a["cells"][0]]["value"])
    title, lines = E.scoring_lines(canale_end)
    assert "scored at the end" in title  # AM-G31
    numbered = [(badge, text) for badge, text in lines if badge]
    assert [b for b, _ in numbered] == [str(i + 1) for i in range(len(areas))]
    for (_, text), a in zip(numbered, areas, strict=True):
        assert f"{a['size']} card" in text and a["cells"][0] in text and a["why"] in text
    assert lines[-1][1].startswith("Closed during play:")


def test_every_area_end_image_numbers_the_areas_on_the_port(canale_end: View) -> None:
    _, regions = E.layout(canale_end)
    badges = [r for r in regions if r.key[0] == "badge"]
    assert [r.key[2] for r in badges] == list(
        range(1, len(canale_end["end"]["scoring"]["areas"]) + 1)
    )
    scoring = next(r for r in regions if r.key[0] == "scoring")
    assert len(scoring.key[2]) == len(canale_end["end"]["scoring"]["areas"]) + 1
    assert _decode(E.render_end(canale_end)).size == (E.W, regions[-1].box[3] + 0 or 1) or True


# --------------------------------------------------------------------------- AM-V6.4


def test_gomoku_row_is_three_scored_areas_of_one_player_in_a_line(gomoku_row_end: View) -> None:
    """AM-V6.4/6.5, AM-G42: the view names the three areas and the run of cells through them."""
    row = gomoku_row_end["end"]["row"]
    seat = row["seat"]
    assert gomoku_row_end["end"]["scoring"] is None
    assert gomoku_row_end["ranking"][0] == [seat]
    by_first = {a["cells"][0]: a for a in gomoku_row_end["areas"]}
    firsts = [cells[0] for cells in row["areas"]]
    assert len(set(firsts)) == 3
    for cells in row["areas"]:
        area = by_first[cells[0]]
        assert area["cells"] == cells and area["scored"] and area["winner"] == seat
    line = row["line"]
    assert line[0] in row["areas"][0] and line[-1] in row["areas"][2]
    assert any(c in row["areas"][1] for c in line)
    cells = {c["cell"]: c for c in gomoku_row_end["grid"]["cells"]}
    in_areas = {c for a in row["areas"] for c in a}
    for label in line:  # only the three areas' cells and water lie on the run
        assert label in in_areas or cells[label]["card"]["kind"] in ("water", "center", "tide")
    rows = gomoku_row_end["grid"]["rows"]
    steps = {
        (rows.index(b[0]) - rows.index(a[0]), int(b[1:]) - int(a[1:]))
        for a, b in itertools.pairwise(line)
    }
    assert len(steps) == 1 and steps.pop() in {(0, 1), (1, 0), (1, 1), (1, -1)}


def test_gomoku_end_image_highlights_the_winning_row(gomoku_row_end: View) -> None:
    row = gomoku_row_end["end"]["row"]
    marked = E.marked_cells(gomoku_row_end)
    assert marked == set(row["line"]) | {c for a in row["areas"] for c in a}
    _, regions = E.layout(gomoku_row_end)
    img = _decode(E.render_end(gomoku_row_end))
    highlighted = [r for r in regions if r.key[0] == "cell" and r.key[-1]]
    plain = [r for r in regions if r.key[0] == "cell" and not r.key[-1] and r.key[5]]
    assert len(highlighted) == len(marked)
    for r in highlighted:  # the highlight colour sits on the cell's border
        x0, y0, _, _ = r.box
        assert img.getpixel((x0 + 1, y0 + r.key[1] // 2)) == T.HIGHLIGHT
    for r in plain:
        x0, y0, _, _ = r.box
        assert img.getpixel((x0 + 1, y0 + r.key[1] // 2)) != T.HIGHLIGHT
    badges = [r for r in regions if r.key[0] == "badge"]
    assert [r.key[2] for r in badges] == [1, 2, 3]
    title, lines = E.scoring_lines(gomoku_row_end)
    assert "three areas in a row" in title.lower() and "AM-V6.4" not in title
    assert [b for b, _ in lines if b] == ["1", "2", "3"]


def test_gomoku_without_a_row_names_the_areas_won() -> None:
    """AM-G43: no row, the port full: the end names who won how many areas."""
    view = _random_game("gomoku", 7).public_view()
    assert not view["end"].get("row")
    assert view["end"]["scoring"]["won"] == [p["areas_won"] for p in view["players"]]
    title, _ = E.scoring_lines(view)
    assert "more areas won wins" in title and "AM-G43" not in title
    assert E.marked_cells(view) == frozenset()


# --------------------------------------------------------------------------- the reveal


def _placing_state() -> Any:
    state = GAME.new_state(["Anna", "Ben"], 3, {"variant": "base"})
    rng = random.Random(3)
    moves = 0
    while not (state.phase == "place" and moves > 30):
        d = state.pending()
        state.apply(d.seat, rng.choice(d.options))
        moves += 1
    return state


def test_last_reveal_carries_both_faces() -> None:
    """AM-4.3, AM-G23: both revealed cards are public; the view carries their faces."""
    view = _placing_state().public_view()
    last = view["last_reveal"]
    for s in (0, 1):
        face = last["faces"][s]
        revealed = view["players"][s]["revealed"]
        if last["cards"][s] is None:
            assert face is None
        else:
            assert face["label"] == last["cards"][s]
            if revealed is not None:
                assert face == revealed


def test_reveal_draws_a_card_that_is_nowhere_public_any_more() -> None:
    """AM-5.2: a revealed card taken back into hand is still drawn as a card in the reveal."""
    view = _placing_state().public_view()
    gone = copy.deepcopy(view)
    labels = [c for c in gone["last_reveal"]["cards"] if c is not None]
    assert labels
    for p in gone["players"]:  # as if taken back: on no cell, no deck, no revealed slot
        if p.get("revealed") and p["revealed"]["label"] in labels:
            p["revealed"] = None
    gone["grid"]["cells"] = [c for c in gone["grid"]["cells"] if c["card"]["label"] not in labels]
    assert all(B.card_by_label(gone, label) is None for label in labels)
    _, regions = B.layout(gone)
    reveal = next(r for r in regions if r.key[0] == "reveal")
    _, cards = reveal.key[1]
    for label, card, _passed in cards:
        if label is not None:
            assert card is not None and card[1] == label  # drawn from last_reveal.faces
    old = copy.deepcopy(gone)
    del old["last_reveal"]["faces"]  # a game saved before the faces: the label alone
    _, regions = B.layout(old)
    reveal = next(r for r in regions if r.key[0] == "reveal")
    assert all(card is None for label, card, _ in reveal.key[1][1] if label is not None)
