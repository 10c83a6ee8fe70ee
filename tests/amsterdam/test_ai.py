"""Amsterdam AI levels: legal answers from the view alone, blind to sealed answers, and greedy
clearly stronger than random (the full measurement is tools/amsterdam_ai_bench.py)."""

from __future__ import annotations

import random

import pytest

from engine.amsterdam import GAME, VARIANTS
from engine.amsterdam.ai import get_ai
from engine.amsterdam.ai.greedy import GreedyAi, RandomAi
from engine.amsterdam.invariants import violations


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_ai_games_finish_with_legal_moves(variant: str) -> None:
    st = GAME.new_state(["A", "B"], 3, {"variant": variant})
    ais = [GreedyAi(), RandomAi()]
    rng = random.Random(3)
    while not st.is_over:
        for d in st.pending_all():
            answer = ais[d.seat].choose(st.player_view(d.seat), d, rng)
            assert answer in d.options
            st.apply(d.seat, answer)
            break
    assert not violations(st)


def test_greedy_is_blind_to_the_other_sealed_answer() -> None:
    st = GAME.new_state(["A", "B"], 8)
    d0 = st.decision_for(0)
    assert d0 is not None
    picks = set()
    for option in d0.options:
        twin = st.clone()
        twin.apply(0, option)
        d1 = twin.decision_for(1)
        assert d1 is not None
        picks.add(GreedyAi().choose(twin.player_view(1), d1, random.Random(1)))
    assert len(picks) == 1


def test_greedy_beats_random() -> None:
    wins = 0
    for g in range(10):
        seat = g % 2
        ais = {seat: get_ai("greedy"), 1 - seat: get_ai("random")}
        st = GAME.new_state(["A", "B"], 500 + g)
        rng = random.Random(g)
        while not st.is_over:
            d = st.pending_all()[0]
            st.apply(d.seat, ais[d.seat].choose(st.player_view(d.seat), d, rng))
        wins += st.ranking()[0] == [seat]
    assert wins >= 8
    with pytest.raises(ValueError, match="levels: random, greedy"):
        get_ai("genius")
