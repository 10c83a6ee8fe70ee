"""The Venezia renderer (render.venezia.board / .hand / .end): every phase, every player
count, pixel checks of hexes and gondolas, hidden information, multilingual names (V-U)."""

from __future__ import annotations

import copy
import io
import math
import random
from collections import Counter
from typing import Any

import pytest
from PIL import Image

from engine.venezia import VeneziaState
from engine.venezia.board import load_board
from render.common.draw import player_letters
from render.venezia import board as RB
from render.venezia import static as S
from render.venezia import theme as T
from render.venezia.board_base import (
    gondola_point,
    hex_center,
    panel_origin,
    player_name_box,
    track_point,
)
from render.venezia.board_palette import palette
from render.venezia.board_plan import _compose_rgb
from render.venezia.end import chart_point, render_end
from render.venezia.hand import render_hand

NAMES = ["Anna", "Béla", "青熊", "Gergő", "Niccolò"]
PHASES = (
    "play",
    "build",
    "place",
    "district",
    "exchange_window",
    "discard",
    "drain",
    "draw",
    "take",
)


def decode(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def dup(state: VeneziaState) -> VeneziaState:
    return VeneziaState.from_json(state.to_json())


def play_game(players: list[str], seed: int) -> tuple[dict[str, VeneziaState], VeneziaState]:
    """A seeded random game: a copy of the state at the first decision of each kind, and the
    finished state."""
    state = VeneziaState.new(players, seed=seed)
    rng = random.Random(seed)
    firsts: dict[str, VeneziaState] = {}
    while not state.is_over:
        d = state.pending()
        assert d is not None
        if d.kind not in firsts and state.turn > 2:
            firsts[d.kind] = dup(state)
        state.apply(d.seat, rng.choice(d.options))
    return firsts, state


def covering_game(n: int) -> tuple[dict[str, VeneziaState], VeneziaState]:
    """The first seeded game (from seed n + 1) that reaches every kind of decision."""
    expected = set(PHASES) | ({"flip_end"} if n == 2 else set())
    for seed in range(n + 1, n + 200, 7):
        firsts, final = play_game(NAMES[:n], seed=seed)
        if expected <= set(firsts):
            return firsts, final
    raise AssertionError(f"no game of {n} players reached every decision")


@pytest.fixture(scope="module")
def games() -> dict[int, tuple[dict[str, VeneziaState], VeneziaState]]:
    return {n: covering_game(n) for n in (2, 3, 4, 5)}


@pytest.fixture(scope="module")
def mid5() -> VeneziaState:
    state = VeneziaState.new(NAMES, seed=5)
    rng = random.Random(5)
    while state.turn < 24:
        d = state.pending()
        assert d is not None
        state.apply(d.seat, rng.choice(d.options))
    return state


def colour_near(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    return math.dist(a[:3], b[:3])


def dominant(img: Image.Image, centre: tuple[float, float], radius: float) -> tuple[int, ...]:
    """The most common colour in a disc (a hex's fill colour despite labels and icons)."""
    cx, cy = centre
    counts: Counter[tuple[int, ...]] = Counter()
    r = int(radius)
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            if dx * dx + dy * dy <= radius * radius:
                counts[img.getpixel((int(cx + dx), int(cy + dy)))] += 1  # type: ignore[index]
    return counts.most_common(1)[0][0]


# --------------------------------------------------------------------------- every phase / count


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_every_phase_renders(games: dict[int, Any], n: int) -> None:
    firsts, _ = games[n]
    expected = set(PHASES) | ({"flip_end"} if n == 2 else set())
    assert expected <= set(firsts), f"the scripted game misses {expected - set(firsts)}"
    for kind, state in firsts.items():
        view = state.public_view()
        img = decode(RB.render_board(view))
        assert img.width >= 1000
        d = state.pending()
        assert d is not None and d.kind == kind
        hand = decode(render_hand(state.player_view(d.seat)))
        assert hand.width > 0 and hand.height > 0
        # a seat who is not deciding gets a hand image too
        other = (d.seat + 1) % n
        decode(render_hand(state.player_view(other)))


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_end_of_game(games: dict[int, Any], n: int) -> None:
    _, final = games[n]
    view = final.public_view()
    assert view["game_over"]
    board = decode(RB.render_board(view))
    assert board.width >= 1000
    end = decode(render_end(view))
    # the winner's line is drawn last: its colour at its final point of the chart
    winner = view["ranking"][0][0]
    hist = view["track_history"]
    x, y = chart_point(view, len(hist) - 1, hist[-1][winner])
    colour = T.player_color(winner)
    near = [end.getpixel((int(x + dx), int(y + dy))) for dx in range(-3, 4) for dy in range(-3, 4)]
    assert any(colour_near(p, colour) < 40 for p in near)  # type: ignore[arg-type]


def test_two_players_show_the_imaginary_player(games: dict[int, Any]) -> None:
    firsts, _ = games[2]
    state = firsts["flip_end"]
    view = state.public_view()
    assert view["imaginary"] is not None
    img = decode(RB.render_board(view))
    x, y = panel_origin(2)  # the third panel: Klaus-Jürgen
    panel = img.getpixel((x + 40, y + 80))
    assert colour_near(panel, T.PANEL_IMAGINARY) < 20  # type: ignore[arg-type]


# --------------------------------------------------------------------------- pixels


def test_hex_colour_matches_its_state(mid5: VeneziaState) -> None:
    view = mid5.public_view()
    img = decode(RB.render_board(view))
    board = load_board()
    radius = 0.3 * T.UNIT
    seen: Counter[str] = Counter()
    for label, h in view["hexes"].items():
        if h["building"]:
            state = str(h["building"])
        elif h["swamp"]:
            state = "swamp"
        elif board.hexes[label].kind == "stone":
            state = "stone"
        else:
            state = "empty"
        seen[state if state in ("swamp", "stone", "empty") else "building"] += 1
        got = dominant(img, hex_center(label), radius)
        want = T.hex_fill(state)
        assert colour_near(got, want) < 24, f"{label} ({state}): {got} is not {want}"
        others = {"swamp", "stone", "empty", *T.TYPES} - {state}
        closest = min(others, key=lambda o: colour_near(got, T.hex_fill(o)))
        assert colour_near(got, want) < colour_near(got, T.hex_fill(closest))
    assert all(seen[k] > 0 for k in ("swamp", "stone", "empty", "building"))


def test_drained_hex_changes_colour(mid5: VeneziaState) -> None:
    state = dup(mid5)
    view = state.public_view()
    label = next(x for x, h in view["hexes"].items() if h["swamp"])
    before = decode(RB.render_board(view))
    view2 = copy.deepcopy(view)
    view2["hexes"][label]["swamp"] = False
    after = decode(RB.render_board(view2))
    c = hex_center(label)
    assert colour_near(dominant(before, c, 12), T.SWAMP) < 24
    assert colour_near(dominant(after, c, 12), T.SAND) < 24


def test_gondolas_sit_on_their_track_space(games: dict[int, Any], mid5: VeneziaState) -> None:
    views = [mid5.public_view(), *(final.public_view() for _, final in games.values())]
    for view in views:
        img = decode(RB.render_board(view))
        letters = player_letters(view)
        occupied = {p["position"] for p in view["players"]}
        for p in view["players"]:
            seat = p["seat"]
            x, y = gondola_point(view, seat)
            if p["position"] != 0:
                assert (x, y) == track_point(p["position"])
            colour = T.player_color(seat)
            disc = [
                img.getpixel((int(x + dx), int(y + dy)))
                for dx in range(-12, 13)
                for dy in range(-12, 13)
                if dx * dx + dy * dy <= 144
            ]
            share = sum(colour_near(c, colour) < 40 for c in disc) / len(disc)  # type: ignore[arg-type]
            assert share > 0.3, f"{letters[seat]} not at space {p['position']} ({share:.2f})"
        # and no gondola colour on an empty space far from every gondola
        empty = next(
            s for s in range(5, 60) if all(abs(s - o) > 3 for o in occupied) and s not in (10, 45)
        )
        x, y = track_point(empty)
        centre = img.getpixel((int(x), int(y) - 8))
        assert colour_near(centre, T.TRACK_FILL) < 30  # type: ignore[arg-type]


def test_track_points_follow_the_board() -> None:
    board = load_board()
    for t in board.track:
        x, y = track_point(t.space)
        assert 0 <= x < S.layout().board_w
        assert T.HEADER_H <= y < T.HEADER_H + S.layout().board_h
    assert track_point(10) == track_point(45)


# --------------------------------------------------------------------------- hidden information


def test_public_image_ignores_hidden_information(mid5: VeneziaState) -> None:
    a = dup(mid5)
    b = dup(mid5)
    # change everything hidden, keep everything public (hand sizes, token kinds)
    for s, hand in enumerate(b.hands):
        b.hands[s] = ["casa" if c != "casa" else "basilica" for c in hand]
    for s, tokens in enumerate(b.tokens):
        b.tokens[s] = [(1 if v == 0 else 0) if v < 3 else (3 if v != 3 else 6) for v in tokens]
    b.deck.reverse()
    b.swamp = {k: 2 - v for k, v in b.swamp.items()}
    b.treasure.reverse()
    seat = 0
    assert a.player_view(seat)["me"] != b.player_view(seat)["me"]
    assert a.public_view() == b.public_view()
    png = RB.render_board(a.public_view())
    assert png == RB.render_board(b.public_view())
    # a private view given to the board renderer draws nothing more than the public one
    assert png == RB.render_board(a.player_view(seat))
    # the hand images do differ
    assert render_hand(a.player_view(seat)) != render_hand(b.player_view(seat))


# --------------------------------------------------------------------------- text


def ink_pixels(img: Image.Image, box: tuple[int, int, int, int]) -> int:
    crop = img.crop(box)
    return sum(
        1
        for y in range(crop.height)
        for x in range(crop.width)
        if colour_near(crop.getpixel((x, y)), T.TEXT) < 90  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(
    "name",
    ["青熊", "Gergő Ürmössy", "Niccolò", "さくら🌸", "🐻🐻", "\U000f0000", "Zoë\u200d", "x" * 80],
)
def test_names_render(mid5: VeneziaState, name: str) -> None:
    view = copy.deepcopy(mid5.public_view())
    view["players"][2]["name"] = name
    img = decode(RB.render_board(view))
    assert ink_pixels(img, player_name_box(2)) > 20, f"no ink for {name!r}"
    pview = copy.deepcopy(mid5.player_view(2))
    pview["players"][2]["name"] = name
    pview["me"]["name"] = name
    decode(render_hand(pview))
    from render import golden as G

    _, end_view, _ = G.read_golden(G.golden_path("venezia", "end_4p"))
    end_view["players"][1]["name"] = name
    decode(render_end(end_view))


def test_empty_name_box_is_empty(mid5: VeneziaState) -> None:
    view = copy.deepcopy(mid5.public_view())
    view["players"][2]["name"] = ""
    img = decode(RB.render_board(view))
    assert ink_pixels(img, player_name_box(2)) == 0


def test_letters_fall_back_when_initials_clash() -> None:
    view = {"players": [{"name": n} for n in ("Anna", "Andrea", "Béla")]}
    assert player_letters(view) == ["A", "B", "C"]
    view = {"players": [{"name": n} for n in ("anna", "béla", "青熊")]}
    assert player_letters(view) == ["A", "B", "青"]
    view = {"players": [{"name": n} for n in ("🐻", "béla")]}
    assert player_letters(view) == ["A", "B"]
    view = {"players": [{"name": n} for n in ("🐻 sára", "Béla", "ßen")]}
    assert player_letters(view) == ["S", "B", "ß"]


# --------------------------------------------------------------------------- hand & header


def test_hand_image_lists_options(mid5: VeneziaState) -> None:
    d = mid5.pending()
    assert d is not None
    view = copy.deepcopy(mid5.player_view(d.seat))
    img = decode(render_hand(view))
    assert img.width >= 800
    # the options are listed, wrapped over as many lines as they need
    view["me"]["options"] = []
    none = decode(render_hand(view))
    view["me"]["options"] = [f"drain {x}" for x in list(view["hexes"])[:60]] + ["done"]
    many = decode(render_hand(view))
    assert many.height > none.height
    # only "me" is private: another seat's hand image shows his own cards, not these
    other = mid5.player_view((d.seat + 1) % 5)
    assert other["me"]["hand"] != view["me"]["hand"] or other["me"]["seat"] != d.seat


def test_header_says_what_happens_now(mid5: VeneziaState) -> None:
    view = mid5.public_view()
    img = decode(RB.render_board(view))
    # white title text on the dark header
    bright = sum(
        1
        for x in range(60, 700, 2)
        for y in range(8, 38, 2)
        if colour_near(img.getpixel((x, y)), T.HEADER_TEXT) < 60  # type: ignore[arg-type]
    )
    assert bright > 50


def test_fast_palette_path_matches_the_rgb_reference(mid5: VeneziaState) -> None:
    """render_board pastes cached palette tiles; it must look like drawing everything in RGB."""
    from render import golden as G

    view = mid5.public_view()
    reference = _compose_rgb(view)
    fast = decode(RB.render_board(view))
    assert G.ok(G.diff_stats(reference, fast))
    # against the reference in the same palette, only a few edge pixels may differ
    quantized = reference.quantize(palette=palette(), dither=Image.Dither.NONE)
    mean, bad = G.diff_stats(quantized.convert("RGB"), fast)
    assert mean < 0.3 and bad < 0.002, (mean, bad)


def test_the_registration_names_the_venezia_renderer() -> None:
    from engine.registry import registration
    from render.venezia.board import render_board
    from render.venezia.end import render_end
    from render.venezia.hand import render_hand

    images = registration("venezia").renderers()
    assert (images.board, images.hand, images.end) == (render_board, render_hand, render_end)
