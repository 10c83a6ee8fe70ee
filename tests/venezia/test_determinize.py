"""Determinization: a full state rebuilt from one seat's view, hidden parts sampled."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine.venezia import VeneziaState
from engine.venezia.determinize import determinize, unseen_cards
from engine.venezia.invariants import violations


def random_state(players: int, seed: int, moves: int) -> VeneziaState:
    """A game after up to ``moves`` random moves (with some random gold exchanges)."""
    state = VeneziaState.new([f"P{i + 1}" for i in range(players)], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.over:
            break
        d = state.pending()
        assert d is not None
        if state.gold(state.active) >= 5 and rng.random() < 0.1:
            exchanges = [c for c in state.legal_commands(state.active) if c.startswith("exch")]
            if exchanges:
                state.apply(state.active, rng.choice(exchanges))
                continue
        state.apply(d.seat, rng.choice(d.options))
    return state


def mid_game_states(count: int) -> list[VeneziaState]:
    states = []
    seed = 0
    while len(states) < count:
        seed += 1
        players = 2 + seed % 4
        state = random_state(players, seed, random.Random(seed).randrange(0, 450))
        if not state.over:
            states.append(state)
    return states


STATES = mid_game_states(40)


def reshuffle_hidden(state: VeneziaState, viewer: int, seed: int) -> VeneziaState:
    """Another real state the viewer cannot tell apart: other hands, deck order, the values
    of swamps on the board and of the others' tokens, treasure pile order all redrawn."""
    other = state.clone()
    rng = random.Random(seed)
    others = [s for s in range(other.n) if s != viewer]
    cards = [c for s in others for c in other.hands[s]] + other.deck
    rng.shuffle(cards)
    for s in others:
        k = len(other.hands[s])
        other.hands[s] = sorted(
            cards[:k], key=["basilica", "palazzo", "campo", "ponte", "casa"].index
        )
        del cards[:k]
    other.deck = cards
    swamps = list(other.swamp.values()) + [v for s in others for v in other.tokens[s] if v <= 2]
    treasures = list(other.treasure) + [v for s in others for v in other.tokens[s] if v >= 3]
    rng.shuffle(swamps)
    rng.shuffle(treasures)
    other.swamp = dict(other.swamp)  # a copy shares the dict (a state never changes it in place)
    for h in other.swamp:
        other.swamp[h] = swamps.pop()
    for s in others:
        kinds = [v >= 3 for v in other.tokens[s]]
        other.tokens[s] = [treasures.pop() if t else swamps.pop() for t in kinds]
    other.treasure = treasures
    other.rng.state ^= 0x5DEECE66D
    return other


@pytest.mark.parametrize("index", range(len(STATES)))
def test_determinized_state_is_sound_and_looks_the_same(index: int) -> None:
    state = STATES[index]
    for seat in range(state.n):
        view = state.player_view(seat)
        det = determinize(view, random.Random(index * 10 + seat))
        assert violations(det) == []
        assert det.public_view() == state.public_view()
        assert det.player_view(seat) == view
        assert det.legal_commands(seat) == state.legal_commands(seat)
        d, e = det.pending(), state.pending()
        assert d is not None and e is not None
        assert (d.seat, d.kind) == (e.seat, e.kind)
        if d.seat == seat:
            assert d.options == e.options
        # the sampled world is playable: its options apply on a copy
        for option in d.options[:5]:
            det.clone().apply(d.seat, option)


@pytest.mark.parametrize("index", range(0, len(STATES), 2))
def test_determinization_never_depends_on_hidden_information(index: int) -> None:
    state = STATES[index]
    for seat in range(state.n):
        twin = reshuffle_hidden(state, seat, index)
        view = state.player_view(seat)
        assert twin.player_view(seat) == view  # the viewer cannot tell them apart
        a = determinize(view, random.Random(99)).to_json()
        b = determinize(twin.player_view(seat), random.Random(99)).to_json()
        assert a == b


def test_hidden_parts_are_sampled_from_the_unseen() -> None:
    state = STATES[5]
    seat = 0
    view = state.player_view(seat)
    unseen = Counter(unseen_cards(view))
    truth = Counter(state.deck)
    for s in range(state.n):
        if s != seat:
            truth.update(state.hands[s])
    assert unseen == truth
    dets = [determinize(view, random.Random(i)) for i in range(30)]
    for det in dets:
        pool = Counter(det.deck)
        for s in range(det.n):
            if s != seat:
                pool.update(det.hands[s])
                assert len(det.hands[s]) == len(state.hands[s])
        assert pool == truth
        assert det.hands[seat] == state.hands[seat]
        assert sorted(det.tokens[seat]) == sorted(state.tokens[seat])
        assert list(det.swamp) == list(state.swamp)
    # different seeds give different worlds (the deck order at least)
    assert len({json.dumps(d.deck) for d in dets}) > 1


def test_own_spent_tokens_are_taken_out_of_the_swamp_sample() -> None:
    state = random_state(3, 7, 0)
    rng = random.Random(3)
    spent: list[int] = []
    for _ in range(400):
        if state.over:
            break
        d = state.pending()
        assert d is not None
        if state.active == 0 and state.gold(0) >= 5:
            ex = next(c for c in state.legal_commands(0) if c.startswith("exchange"))
            spent.extend(int(v) for v in ex.split()[1:])
            state.apply(0, ex)
            continue
        state.apply(d.seat, rng.choice(d.options))
        if state.over:
            break
        det = determinize(state.player_view(0), random.Random(1), spent)
        assert violations(det) == []
    assert spent, "the game should have seen an exchange by seat 0"
    # a wrong memory (more than ever left the game) still gives a sound state
    det = determinize(state.player_view(0), random.Random(1), [0, 1, 2] * 40)
    assert violations(det) == []
