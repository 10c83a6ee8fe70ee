"""Amsterdam ``strong``: imagined worlds agree with the seat's view (AM-G23), and the search
depends on nothing the seat cannot see: not the other hand, not the other's sealed answer
(AM-4.2), nor the deck order below the visible tops (AM-2.6, AM-2.9)."""

from __future__ import annotations

import random

import pytest

from engine.amsterdam import GAME, VARIANTS, AmsterdamState
from engine.amsterdam.ai import get_ai
from engine.amsterdam.ai.expert import AmExpertAi
from engine.amsterdam.ai.strong import AmStrongAi, clearly_better
from engine.amsterdam.determinize import HandMemory, determinize
from engine.amsterdam.invariants import violations


def _random_moves(st: AmsterdamState, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        if st.is_over:
            return
        d = st.pending_all()[0]
        st.apply(d.seat, rng.choice(d.options))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_seat_sees_the_imagined_world_as_it_sees_the_real_one(variant: str) -> None:
    st = GAME.new_state(["A", "B"], 11, {"variant": variant})
    rng = random.Random(11)
    checked = 0
    while not st.is_over and checked < 80:
        for seat in (0, 1):
            view = st.player_view(seat)
            world = determinize(view, random.Random(checked))
            assert world.player_view(seat) == view
            assert violations(world) == []
            checked += 1
        _random_moves(st, 3, rng)  # through most of the game
    assert checked >= 40


def _choose_stage(seed: int) -> AmsterdamState:
    """A position in round 3 or later where both seats still have to choose a card."""
    st = GAME.new_state(["A", "B"], seed, {"variant": "special_cards"})
    rng = random.Random(seed)
    while True:
        _random_moves(st, 1, rng)
        assert not st.is_over, "the game ended before a usable choose stage"
        if (
            st.phase == "choose"
            and st.round >= 3
            and all(len(st.legal_commands(s)) >= 2 for s in (0, 1))
            and len(st.harbor_decks[1]) >= 3
            and len(st.hands[1]) >= 2
        ):
            return st


def _strong() -> AmStrongAi:
    """Reproducible: a fixed number of worlds, far within a budget that never runs out."""
    return AmStrongAi(budget_s=1000.0, min_worlds=2, max_worlds=2)


def _expert() -> AmExpertAi:
    """#28 item 4: the expert on a fixed number of iterations (reproducible)."""
    return AmExpertAi(playouts=12)


def test_the_other_sealed_answer_changes_nothing() -> None:
    st = _choose_stage(5)
    options = st.legal_commands(1)
    assert len(options) >= 2
    twins = []
    for answer in (options[0], options[-1]):
        twin = st.clone()
        twin.apply(1, answer)  # seat 1 has answered, secretly (AM-4.2)
        twins.append(twin)
    assert twins[0].sealed[1] != twins[1].sealed[1]
    views = [t.player_view(0) for t in twins]
    assert views[0] == views[1]
    worlds = [determinize(v, random.Random(3)).to_json() for v in views]
    assert worlds[0] == worlds[1]
    d = twins[0].decision_for(0)
    assert d is not None
    for make in (_strong, _expert):  # the expert too (#28 item 4)
        picks = {make().choose(v, d, random.Random(9)) for v in views}
        assert len(picks) == 1
    assert picks <= set(d.options)


def test_the_other_hand_and_deck_order_change_nothing() -> None:
    st = _choose_stage(6)
    twin = st.clone()
    hand, deck = twin.hands[1], twin.harbor_decks[1]
    k = next(i for i, c in enumerate(hand) if twin.cs.cards[c].kind == "harbor")
    hand[k], deck[0] = deck[0], hand[k]  # deck[0] is the bottom card, never visible
    twin.sort_hand(hand)
    deck[0], deck[1] = deck[1], deck[0]
    assert twin.hands[1] != st.hands[1]
    assert violations(twin) == []
    views = [s.player_view(0) for s in (st, twin)]
    assert views[0] == views[1]
    d = st.decision_for(0)
    assert d is not None
    for make in (_strong, _expert):  # the expert too (#28 item 4)
        picks = {make().choose(v, d, random.Random(4)) for v in views}
        assert len(picks) == 1


def test_an_imagined_other_hand_is_drawn_from_what_the_seat_cannot_locate() -> None:
    st = _choose_stage(7)
    view = st.player_view(0)
    public = set(st.top.values()) | {c for u in st.under.values() for c in u} | set(st.hands[0])
    seen_hands = set()
    for k in range(8):
        world = determinize(view, random.Random(k))
        assert len(world.hands[1]) == len(st.hands[1])
        assert not set(world.hands[1]) & public
        assert world.hands[0] == st.hands[0]
        seen_hands.add(tuple(world.hands[1]))
    assert len(seen_hands) > 1  # sampled, not read


def test_strong_plays_legal_moves_from_the_view() -> None:
    st = GAME.new_state(["A", "B"], 2, {"variant": "gulliver"})
    ais = [AmStrongAi(budget_s=1000.0, min_worlds=1, max_worlds=1), get_ai("greedy")]
    rng = random.Random(2)
    for _ in range(30):
        if st.is_over:
            break
        d = st.pending_all()[0]
        answer = ais[d.seat].choose(st.player_view(d.seat), d, rng)
        assert answer in d.options
        st.apply(d.seat, answer)
    assert violations(st) == []


def test_levels_and_their_errors() -> None:
    assert isinstance(get_ai("strong@0.2"), AmStrongAi)
    assert get_ai("strong@0.2").budget_s == 0.2  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="levels: random, greedy, strong"):
        get_ai("genius")
    with pytest.raises(ValueError, match=r"strong@0\.5"):
        get_ai("strong@fast")


@pytest.mark.parametrize("variant", ["base", "special_cards", "gomoku"])
def test_remembered_cards_are_really_in_the_other_hand(variant: str) -> None:
    """HandMemory only follows public views (AM-2.6, AM-2.9: visible deck tops), and what it
    believes is true: every remembered card is in the other's hand, and the worlds keep it."""
    st = GAME.new_state(["A", "B"], 21, {"variant": variant})
    rng = random.Random(21)
    memory = HandMemory()
    remembered = 0
    while not st.is_over:
        view = st.player_view(0)
        known = memory.observe(view)
        assert known <= set(st.hands[1])
        remembered = max(remembered, len(known))
        if known and len(known) == len(st.hands[1]) - 1:
            world = determinize(view, random.Random(1), known=known)
            assert known <= set(world.hands[1])
            assert world.player_view(0) == view
        d = st.pending_all()[0]
        st.apply(d.seat, rng.choice(d.options))
    assert remembered >= 2


def test_noise_does_not_overrule_the_heuristics() -> None:
    results = {"fav": [1.0, 2.0, 3.0, 4.0], "noisy": [5.0, -2.0, 6.0, 2.0], "sure": [2, 3, 4, 5.0]}
    assert not clearly_better("noisy", "fav", results)  # +0.25, standard error near 2
    assert clearly_better("sure", "fav", results)
    assert clearly_better("fav", "fav", results)
