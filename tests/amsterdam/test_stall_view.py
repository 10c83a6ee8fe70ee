"""AM-G24 is visible: the public view carries the no-growth count and its limit, the status
lines warn once a round ended without the port growing, and the strong AI's imagined worlds
start from the real count (a public fact), not from 0."""

from __future__ import annotations

import random

from engine.amsterdam import GAME, AmsterdamState
from engine.amsterdam.determinize import determinize
from engine.amsterdam.presentation.texts import stall_warning, status_lines
from engine.amsterdam.turns import STALL_ROUNDS


def _state(stall: int) -> AmsterdamState:
    st = GAME.new_state(["Anna", "Ben"], 3, {"variant": "gomoku"})
    st.stall = stall
    st.peak = len(st.top)
    return st


def test_the_public_view_carries_the_count_and_the_limit() -> None:
    st = _state(4)
    stall = st.public_view()["stall"]
    assert stall == {"rounds": 4, "limit": STALL_ROUNDS, "peak": len(st.top)}
    for seat in (0, 1):  # the same public fact in every player view
        assert st.player_view(seat)["stall"] == stall


def test_the_status_lines_warn_once_a_round_did_not_grow_the_port() -> None:
    assert stall_warning(_state(0).public_view()) is None
    assert not any("port growth" in line for line in status_lines(_state(0).public_view()))
    lines = status_lines(_state(4).public_view())
    assert lines[-1] == (
        f"no port growth for 4 of {STALL_ROUNDS} rounds: the game ends after "
        f"{STALL_ROUNDS - 4} more such rounds"
    )
    last = stall_warning(_state(STALL_ROUNDS - 1).public_view())
    assert last is not None and last.endswith("after 1 more such round")


def test_a_view_without_the_count_reads_as_before() -> None:
    view = _state(3).public_view()
    del view["stall"]  # a view from before AM-G24 was shown
    assert stall_warning(view) is None


def test_the_count_grows_with_real_rounds_and_resets_on_growth() -> None:
    st = GAME.new_state(["Anna", "Ben"], 5, {"variant": "base"})
    rng = random.Random(5)
    seen: set[int] = set()
    while not st.is_over and len(st.history) < 400:
        d = st.pending_all()[0]
        st.apply(d.seat, rng.choice(d.options))
        view = st.public_view()
        assert view["stall"]["rounds"] == st.stall
        assert view["stall"]["peak"] == st.peak >= 1
        seen.add(st.stall)
    assert 0 in seen


def test_imagined_worlds_start_from_the_real_count() -> None:
    st = _state(5)
    st.peak = len(st.top) + 2  # a port that once held more cards (the ship removed some)
    for seat in (0, 1):
        world = determinize(st.player_view(seat), random.Random(seat))
        assert (world.stall, world.peak) == (5, st.peak)
        assert world.player_view(seat) == st.player_view(seat)
