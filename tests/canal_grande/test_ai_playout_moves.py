"""#28 item "strong in a third of the time": Canal Grande's play-outs apply the heuristic
policy's choice as a move (no option texts built, parsed and checked) - the same game as the
policy answering a text through ``apply``, move by move, history included."""

from __future__ import annotations

import random

import pytest

from engine.canal_grande import GAME
from engine.canal_grande.ai.heuristics import (
    DEFAULT,
    HeuristicPolicy,
    divide_scores,
    placement_of,
)
from engine.canal_grande.state import CanalGrandeState


def _reference_divide_scores(
    state: CanalGrandeState, seat: int, options: list[str]
) -> list[tuple[float, str]]:
    """The split scores as they were computed split by split before #28."""
    from engine.canal_grande.ai.heuristics import card_value

    cards = state.revealed
    mine_v = {i + 1: card_value(state, seat, c, DEFAULT) for i, c in enumerate(cards)}
    theirs_v = {i + 1: card_value(state, 1 - seat, c, DEFAULT) for i, c in enumerate(cards)}
    total_mine = sum(mine_v.values())
    total_theirs = sum(theirs_v.values())
    doge_pos = {i + 1 for i, c in enumerate(cards) if c == "doge"}
    out = []
    for opt in options:
        a = [int(x) for x in opt.split()[1:]]
        ma = sum(mine_v[p] for p in a)
        ta = sum(theirs_v[p] for p in a)
        da = sum(1 for p in a if p in doge_pos)
        db = len(doge_pos) - da
        pen_a = 0.25 * max(0, da - 1)
        pen_b = 0.25 * max(0, db - 1)
        net_a = (ta - pen_a) - (total_mine - ma - pen_b)
        net_b = (total_theirs - ta - pen_b) - (ma - pen_a)
        out.append((-max(net_a, net_b), opt))
    return out


@pytest.mark.parametrize("seed", range(8))
def test_policy_moves_play_the_same_game_as_its_texts(seed: int) -> None:
    policy = HeuristicPolicy()
    state = GAME.new_state(["A", "B"], 1000 + seed)
    rng = random.Random(seed)
    steps = 0
    kinds = set()
    while not state.over and steps < 400:
        d = state.pending()
        assert d is not None
        kinds.add(d.kind)
        if d.kind == "divide":
            assert divide_scores(state, d.seat, list(d.options)) == _reference_divide_scores(
                state, d.seat, list(d.options)
            )
        if d.kind == "place":
            for option in d.options:  # the typed placements are the texts' own
                if option != "pass":
                    assert state.canonical(d.seat, option) == option
                    assert placement_of(option) == state._validate(d.seat, option)[1]
        by_text = state.clone()
        by_text.apply(d.seat, policy.decide(by_text, d.seat, list(d.options)))
        by_move = state.clone()
        policy.step(by_move)
        assert by_move.to_json() == by_text.to_json()
        # go on by another route now and then, so the states differ from the policy's own
        if rng.random() < 0.3:
            state.apply(d.seat, rng.choice(list(d.options)))
        else:
            state = by_move
        steps += 1
    assert {"divide", "choose", "district", "place"} <= kinds
