"""Amsterdam's AI levels (AM-G…): every level answers from the seat's own view; a level the
game does not have is an error. (They join ``engine.ai.get_ai`` with the game's registration.)"""

from __future__ import annotations

import random

import pytest

from engine.amsterdam import GAME, VARIANTS
from engine.amsterdam.ai import get_ai
from engine.amsterdam.ai.greedy import GreedyAi, RandomAi
from engine.amsterdam.ai.strong import AmStrongAi
from engine.amsterdam.invariants import violations


def test_levels_and_an_unknown_one() -> None:
    assert isinstance(get_ai("random"), RandomAi)
    assert isinstance(get_ai("greedy"), GreedyAi)
    strong = get_ai("strong", 0.3)
    assert isinstance(strong, AmStrongAi) and strong.budget_s == 0.3
    with pytest.raises(ValueError, match="genius"):
        get_ai("genius")


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_greedy_against_random_keeps_every_invariant(variant: str) -> None:
    state = GAME.new_state(["A", "B"], 5, {"variant": variant})
    players = [get_ai("greedy"), get_ai("random")]
    rng = random.Random(5)
    for _ in range(3000):
        if state.is_over:
            break
        d = state.pending_all()[0]
        answer = players[d.seat].choose(state.player_view(d.seat), d, rng)
        assert answer in d.options
        state.apply(d.seat, answer)
        assert violations(state) == []
    assert state.is_over or variant == "gomoku"  # Gomoku may loop (noted in docs/amsterdam.md)
