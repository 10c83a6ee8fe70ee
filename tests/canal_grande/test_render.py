"""Canal Grande images: every phase renders, odd names keep the layout, images read views only.

Rule IDs: CG-G6 (what is public), CG-10.1 (why a game is won), CG-8.2 (round end and bonus).
"""

from __future__ import annotations

import copy
import io
import json
import random
from typing import Any

import pytest
from PIL import Image

from engine.canal_grande import CanalGrandeState
from render import bench
from render.canal_grande import board as B
from render.canal_grande import end as E
from render.canal_grande import hand as H
from render.canal_grande import theme as C
from render.canal_grande.regions import palette

View = dict[str, Any]
MAX_BYTES = 150_000


def _decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def _phase_views(seed: int, names: list[str]) -> dict[str, tuple[View, View]]:
    """(public view, deciding player's view) at the first moment of each phase of a seeded
    random game, plus the first turn after a round end and the finished game."""
    state = CanalGrandeState.new(names, seed=seed)
    rng = random.Random(seed)
    seen: dict[str, tuple[View, View]] = {}
    last_round = None
    for _ in range(5000):
        view = state.public_view()
        d = state.pending()
        if state.is_over or d is None:
            break
        phase = view["phase"]
        if phase == "place" and min(view["vote"]["votes"]) > 0:
            phase = "place-both"
        if view["last_round"] != last_round:
            last_round = view["last_round"]
            seen.setdefault("round-end", (view, state.player_view(d.seat)))
        seen.setdefault(phase, (view, state.player_view(d.seat)))
        state.apply(d.seat, rng.choice(d.options))
    assert state.is_over
    seen["over"] = (state.public_view(), state.player_view(0))
    return seen


@pytest.fixture(scope="module")
def phases() -> dict[str, tuple[View, View]]:
    views: dict[str, tuple[View, View]] = {}
    for seed in (2, 4, 11):
        for k, v in _phase_views(seed, ["Anna", "Béla"]).items():
            views.setdefault(k, v)
    return views


def test_every_phase_of_a_random_game_renders(phases: dict[str, tuple[View, View]]) -> None:
    assert {"divide", "choose", "district", "place", "place-both", "round-end", "over"} <= set(
        phases
    )
    for name, (public, private) in phases.items():
        board = _decode(B.render_board(public))
        assert board.size == B.board_size(public), name
        assert board.mode == "P"
        hand = _decode(H.render_hand(private))
        assert hand.width == H.W, name
        for png in (B.render_board(public), H.render_hand(private)):
            assert len(png) <= MAX_BYTES, name
    end = _decode(E.render_end(phases["over"][0]))
    assert end.size == (E.W, E.HEIGHT)


def test_status_line_names_who_decides_what(phases: dict[str, tuple[View, View]]) -> None:
    divide, _ = phases["divide"]
    text, hot = B.status_line(divide)
    who = divide["pending"]["name"]
    assert hot and who in text and "offers A and B" in text
    choose, _ = phases["choose"]
    assert "takes offer A or offer B" in B.status_line(choose)[0]
    place, _ = phases["place"]
    district = {d["id"]: d["name"] for d in place["districts"]}[place["vote"]["district"]]
    assert district in B.status_line(place)[0]
    over, _ = phases["over"]
    text, hot = B.status_line(over)
    assert not hot and over["players"][over["winner"]]["name"] in text


def _districts(view: View) -> list[str]:
    return [d["id"] for d in view["districts"]]


def test_win_reason_six_districts_or_four_of_one(phases: dict[str, tuple[View, View]]) -> None:
    """CG-10.1: one victory card of each of the 6 districts, or 4 of one."""
    over = copy.deepcopy(phases["over"][0])
    ids = _districts(over)
    winner = over["winner"]
    over["players"][winner]["victory_counts"] = {d: 1 for d in ids}
    assert "each of the six districts" in B.win_reason(over)
    over["players"][winner]["victory_counts"] = {ids[2]: 4, ids[0]: 1}
    name = over["districts"][2]["name"]
    assert B.win_reason(over) == f"four victory cards of {name}"
    assert name in E.regions(over)[0].key[-1]  # the header's line under the title


def test_end_image_of_a_draw_renders(phases: dict[str, tuple[View, View]]) -> None:
    """CG-G20: the engine's safety cap ends a game as a draw (not a rule)."""
    over = copy.deepcopy(phases["over"][0])
    over["winner"] = None
    over["draw"] = True
    over["ranking"] = [[0, 1]]
    title = E.regions(over)[0].key[2]
    assert "a draw" in title
    assert _decode(E.render_end(over)).size == (E.W, E.HEIGHT)


# --------------------------------------------------------------------------- views only


def test_public_image_reads_only_public_keys(phases: dict[str, tuple[View, View]]) -> None:
    """CG-G6: a player view draws the same table as the public view; its hand is never read."""
    for name, (public, private) in phases.items():
        if name == "over":
            continue
        seat = private["me"]["seat"]
        player_view = private
        assert B.render_board(player_view) == B.render_board(public), name
        stripped = {k: v for k, v in player_view.items() if k != "me"}
        assert B.render_board(stripped) == B.render_board(public), name
        other = copy.deepcopy(player_view)
        other["me"]["hand"] = ["doge"] * 9
        other["me"]["hand_counts"] = {"gondola": 9}
        assert B.render_board(other) == B.render_board(public), (name, seat)


def test_hand_image_shows_the_hand_and_changes_with_it(
    phases: dict[str, tuple[View, View]],
) -> None:
    _, private = phases["choose"]
    groups = H._groups(private)
    counts = private["me"]["hand_counts"]
    assert {c: n for c, _, n in groups} == counts
    order = [*_districts(private), "gondola"]
    assert [c for c, _, _ in groups] == [c for c in order if c in counts]
    more = copy.deepcopy(private)
    more["me"]["hand_counts"] = {**counts, "gondola": counts.get("gondola", 0) + 2}
    assert H.render_hand(more) != H.render_hand(private)


def test_option_lines_summarise_hundreds_of_spellings(
    phases: dict[str, tuple[View, View]],
) -> None:
    _, divide = phases["divide"]
    assert len(divide["me"]["options"]) > 100
    lines = H.option_lines(divide, 800)
    assert len(lines) == 1 and lines[0][0] == "divide" and "ways" in lines[0][1]
    _, choose = phases["choose"]
    assert H.option_lines(choose, 800) == [("take", "take A  ·  take B")]
    waiting = copy.deepcopy(choose)
    waiting["me"]["options"] = []
    assert "not your decision" in H.option_lines(waiting, 800)[0][1]
    many = copy.deepcopy(choose)
    many["me"]["options"] = [f"place {i} sanmarco" for i in range(1, 40)] + ["pass"]
    lines = H.option_lines(many, 800)
    assert len(lines) <= H.MAX_OPTION_LINES
    assert any("39 ways" in text for _, text in lines)
    assert ("pass", H.BARE_VERBS["pass"]) in lines


# --------------------------------------------------------------------------- odd names

ODD_NAMES = [
    "Maximilian-Alexander von Habsburg-Lothringen der Allerlängste",
    "青熊さくら東京都新宿区西新宿二丁目八番一号",
    "🦁🐉🌸 emoji 👩‍👩‍👧‍👦 🇮🇹",
    "\u202eevil\u202c\u200b",
]


@pytest.mark.parametrize("name", ODD_NAMES)
def test_odd_names_keep_the_layout(phases: dict[str, tuple[View, View]], name: str) -> None:
    public, private = phases["place-both"]
    odd = copy.deepcopy(public)
    odd["players"][0]["name"] = name
    if odd["pending"] and odd["pending"]["seat"] == 0:
        odd["pending"]["name"] = name
    plain = _decode(B.render_board(public)).convert("RGB")
    img = _decode(B.render_board(odd)).convert("RGB")
    assert img.size == plain.size
    # seat 1's panel and the piles are not touched by seat 0's name
    pw = (B.INNER - 12) // 2
    other = (C.MARGIN + pw + 12, B.PLAYERS_TOP, C.WIDTH - C.MARGIN, B.PLAYERS_TOP + B.PLAYER_H)
    assert img.crop(other).tobytes() == plain.crop(other).tobytes()
    piles = (C.MARGIN + B.VOTE_W + 12, B.BOTTOM_TOP, C.WIDTH - C.MARGIN, B.BOTTOM_TOP + 30)
    assert img.crop(piles).tobytes() == plain.crop(piles).tobytes()
    # the role tags at the right of seat 0's panel stay where they were
    tags = (C.MARGIN + pw - 120, B.PLAYERS_TOP + 14, C.MARGIN + pw - 12, B.PLAYERS_TOP + 42)
    assert img.crop(tags).tobytes() == plain.crop(tags).tobytes()
    hand = copy.deepcopy(private)
    hand["me"]["name"] = name
    hand["players"][0]["name"] = name
    assert _decode(H.render_hand(hand)).width == H.W
    over = copy.deepcopy(phases["over"][0])
    over["players"][0]["name"] = name
    assert _decode(E.render_end(over)).size == (E.W, E.HEIGHT)


# --------------------------------------------------------------------------- plumbing


def test_registration_names_resolve() -> None:
    from engine.registry import IMAGE_KINDS, registration

    images = registration("canal_grande").renderers()
    for kind in IMAGE_KINDS:
        func = images.of(kind)
        assert (
            func.__module__ == f"render.canal_grande.{kind}" and func.__name__ == f"render_{kind}"
        )


def test_palette_holds_the_district_colours_exactly() -> None:
    colours = palette().getpalette() or []
    rgb = {tuple(colours[i : i + 3]) for i in range(0, len(colours), 3)}
    for colour in C.DISTRICT.values():
        assert colour in rgb


def test_renders_are_deterministic_and_cached(phases: dict[str, tuple[View, View]]) -> None:
    public, private = phases["place-both"]
    assert B.render_board(public) == B.render_board(json.loads(json.dumps(public)))
    assert H.render_hand(private) == H.render_hand(copy.deepcopy(private))


def test_bench_render_canal_grande(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--game", "canal_grande", "--json", "-n", "2"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.strip().splitlines()]
    assert [r["kind"] for r in lines] == ["board", "hand", "end"]
    for r in lines:
        assert r["game"] == "canal_grande" and r["png_bytes"] > 5_000
        # the hand is 960 px wide like the other games' (#24 item 12: its text shows at 10 px)
        assert r["width"] >= (960 if r["kind"] == "hand" else 1000)
    assert bench.main(["--game", "canal_grande", "--kind", "hand", "-n", "1"]) == 0
    out = capsys.readouterr().out
    assert "hand image" in out and "p50" in out
