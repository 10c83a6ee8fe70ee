"""#28 item "strong in a third of the time": Venezia's play-outs and greedy's simulations play an
option as a move (``VeneziaState.play_option``: no check of a text taken from the decision's
own options, no events) and resolve buildings without the decisions' option texts - the same
game as the texts through ``apply``, move by move, history included."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core import IllegalMove
from engine.venezia import VeneziaState
from engine.venezia.ai.greedy import GreedyPlayer, best_of
from engine.venezia.ai.greedy_eval import RESOLUTION_PHASES, Evaluator


def _reference_resolve(player: GreedyPlayer, state: VeneziaState, limit: int = 60) -> None:
    """``GreedyPlayer.resolve`` as it was before #28: every step through the pending decision's
    options and ``apply``."""
    active = state.active
    for _ in range(limit):
        if state.over or state.phase not in RESOLUTION_PHASES or state.active != active:
            return
        d = state.pending()
        assert d is not None
        if d.kind == "place":
            command = best_of(player.place_scores(state, list(d.options)))
        elif d.kind == "district":
            command = best_of(player.district_scores(state, list(d.options)))
        elif d.kind == "exchange_window":
            command = "done"
        elif d.kind == "discard":
            command = _reference_cheapest_discard(player, state, d.seat, list(d.options))
        else:
            command = d.options[0]
        state.apply(d.seat, command)


def _reference_cheapest_discard(
    player: GreedyPlayer, state: VeneziaState, seat: int, choices: list[str]
) -> str:
    """``GreedyPlayer.cheapest_discard`` as it was before #28: each discard on a copy."""
    ev = Evaluator(state, seat, player.w)
    best_value = float("-inf")
    best = choices[0]
    for option in choices:
        sim = state.clone()
        sim.apply(seat, option)
        value = ev.value(sim) if sim.phase != "discard" else float("-inf")
        if value > best_value:
            best_value, best = value, option
    return best


def _reference_flip_value(
    player: GreedyPlayer, state: VeneziaState, seat: int, ev: Evaluator
) -> float:
    """``GreedyPlayer.flip_value`` as it was before #28: every card type on a copy."""
    unseen = Counter(state.deck)
    for s in range(state.n):
        if s != seat:
            unseen.update(state.hands[s])
    if not state.deck:
        unseen = Counter(state.discard)
    total = sum(unseen.values())
    if total == 0:
        return float("-inf")
    value = 0.0
    kinds = list(unseen.items())
    if player.flip_samples is not None and len(kinds) > player.flip_samples:
        draw = random.Random(total * 7919 + len(state.history))
        picked = draw.choices(kinds, weights=[k for _, k in kinds], k=player.flip_samples)
        kinds = [(t, 1) for t, _ in picked]
        total = len(kinds)
    for t, k in kinds:
        sim = state.clone()
        if sim.deck and t in sim.deck:
            i = sim.deck.index(t)
            sim.deck[i], sim.deck[-1] = sim.deck[-1], sim.deck[i]
        elif sim.deck:
            sim.deck[-1] = t
        sim.apply(seat, "flip")
        _reference_resolve(player, sim)
        if player.flip_samples is None and sim.phase == "play" and sim.active == seat:
            assert not sim.over  # a game ends only after a building: never in "play"
            sim.apply(seat, player._quick_play(sim, seat, ev))
            _reference_resolve(player, sim)
        value += k / total * ev.value(sim)
    return value


def _reference_simulation_scores(
    player: GreedyPlayer, state: VeneziaState, seat: int, choices: list[str]
) -> list[tuple[float, str]]:
    """``GreedyPlayer.simulation_scores`` as it was before #28 (flips aside): every option
    applied to a copy, the buildings resolved, the copy valued."""
    ev = Evaluator(state, seat, player.w)
    out = []
    for option in choices:
        if option == "flip":
            value = _reference_flip_value(player, state, seat, ev)
        else:
            sim = state.clone()
            sim.apply(seat, option)
            _reference_resolve(player, sim)
            value = ev.value(sim)
        out.append((value, option))
    return out


@pytest.mark.parametrize(
    ("players", "seed", "flips"), [(2, 1, None), (2, 2, 1), (2, 6, 1), (3, 3, None), (4, 4, None)]
)
def test_options_played_as_moves_leave_the_states_apply_leaves(
    players: int, seed: int, flips: int | None
) -> None:
    player = GreedyPlayer(flip_samples=flips)  # greedy's own flips, or a play-out's
    state = VeneziaState.new([f"P{i + 1}" for i in range(players)], 2800 + seed)
    rng = random.Random(seed)
    kinds: set[str] = set()
    resolved = 0
    simulated = 0
    for _ in range(600):
        if state.over:
            break
        d = state.pending()
        assert d is not None
        kinds.add(d.kind)
        for option in state.legal_commands(d.seat):
            seat = state.active if option.startswith("exchange") else d.seat
            by_text = state.clone()
            by_text.apply(seat, option)
            by_move = state.clone()
            by_move.play_option(seat, option)
            assert by_move.to_json() == by_text.to_json(), option
            if by_text.phase in RESOLUTION_PHASES and not by_text.over:
                _reference_resolve(player, by_text)
                player.resolve(by_move)
                assert by_move.to_json() == by_text.to_json(), option
                resolved += 1
        if d.kind == "place":
            assert player.best_place(state) == best_of(player.place_scores(state, list(d.options)))
        if d.kind in ("play", "build", "discard", "flip_end"):  # the same floats, exactly
            options = list(d.options)
            assert player.simulation_scores(state, d.seat, options) == (
                _reference_simulation_scores(player, state, d.seat, options)
            )
            simulated += 1
        if d.kind == "discard":
            assert player.cheapest_discard(state, d.seat, list(d.options)) == (
                _reference_cheapest_discard(player, state, d.seat, list(d.options))
            )
        if rng.random() < 0.5:
            command = rng.choice(list(d.options))
        else:
            command = player.decide(state.clone(), d.seat, random.Random(seed), list(d.options))
        state.apply(d.seat, command)
    assert {"play", "build", "place", "drain", "draw"} <= kinds
    assert resolved > 0 and simulated > 0


def test_a_players_command_still_goes_through_every_check() -> None:
    state = VeneziaState.new(["A", "B"], 28)
    d = state.pending()
    assert d is not None
    with pytest.raises(IllegalMove):
        state.apply(d.seat, "play 9 basilica")
    with pytest.raises(IllegalMove):
        state.apply(1 - d.seat, d.options[0])
