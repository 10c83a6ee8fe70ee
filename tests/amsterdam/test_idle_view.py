"""AM-G22 is visible: the public view carries the idle-round count (rounds with no card placed
and no money moved), its limit and whether the current round was active; the status lines and
the harbour image warn once such a round ended, and the strong AI's imagined worlds keep the
real count (a public fact) instead of starting it from 0."""

from __future__ import annotations

import random

from engine.amsterdam import GAME, AmsterdamState
from engine.amsterdam.determinize import determinize
from engine.amsterdam.invariants import violations
from engine.amsterdam.presentation.texts import idle_warning, status_lines
from engine.amsterdam.turns import IDLE_ROUNDS
from render.amsterdam.panels import stall_note


def _state(idle: int, stall: int = 0) -> AmsterdamState:
    st = GAME.new_state(["Anna", "Ben"], 3, {"variant": "base"})
    st.idle, st.stall = idle, stall
    return st


def test_the_public_view_carries_the_count_and_the_limit() -> None:
    st = _state(2)
    idle = st.public_view()["idle"]
    assert idle == {"rounds": 2, "limit": IDLE_ROUNDS, "active": st.activity}
    for seat in (0, 1):  # the same public fact in every player view
        assert st.player_view(seat)["idle"] == idle


def test_the_status_lines_warn_once_an_idle_round_ended() -> None:
    assert idle_warning(_state(0).public_view()) is None
    assert not any("no money moved" in line for line in status_lines(_state(0).public_view()))
    lines = status_lines(_state(2).public_view())
    assert (
        "no card placed and no money moved for 2 of 3 rounds: the game ends after 1 more such round"
    ) in lines
    view = _state(1).public_view()
    del view["idle"]  # a view from before the count was shown
    assert idle_warning(view) is None


def test_the_image_note_shows_the_nearer_end() -> None:
    note = stall_note(_state(1, stall=1).public_view())
    # AM-G22
    assert note is not None and note[1] and all("1/3" in t or "1 of 3" in t for t in note[0])
    assert "1 of 3 rounds" in note[0][0]
    later = stall_note(_state(1, stall=5).public_view())  # AM-G24's end is nearer: 1 round left
    assert later is not None and all("5/6" in t or "5 of 6" in t for t in later[0])  # AM-G24
    assert stall_note(_state(0).public_view()) is None


def test_the_count_follows_real_rounds_and_worlds_keep_it() -> None:
    st = GAME.new_state(["Anna", "Ben"], 11, {"variant": "penniless"})
    rng = random.Random(11)
    seen: set[int] = set()
    while not st.is_over and len(st.history) < 600:
        d = st.pending_all()[0]
        st.apply(d.seat, rng.choice(d.options))
        view = st.public_view()
        assert view["idle"]["rounds"] == st.idle < IDLE_ROUNDS or st.is_over
        assert view["idle"]["active"] == st.activity
        assert not violations(st)
        if not st.is_over:
            for seat in (0, 1):
                world = determinize(st.player_view(seat), random.Random(1))
                assert (world.idle, world.activity) == (st.idle, st.activity)
        seen.add(st.idle)
    assert 0 in seen


def test_an_idle_count_at_the_limit_in_a_running_game_is_a_broken_invariant() -> None:
    st = _state(IDLE_ROUNDS)
    assert any("AM-G22" in p for p in violations(st))


def test_a_world_keeps_a_running_count() -> None:
    st = _state(2)
    st.activity = True
    for seat in (0, 1):
        world = determinize(st.player_view(seat), random.Random(seat))
        assert (world.idle, world.activity) == (2, True)
