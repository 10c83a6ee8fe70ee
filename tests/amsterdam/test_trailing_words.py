"""Issue #17: words after a complete Amsterdam answer are refused, never dropped.

``pass 12`` was read as a pass, ``pass E7`` as ``ship stay`` and ``pass @here`` as a sealed
pass: an irreversible answer with extra words must be refused with what was understood and
what is allowed, and change nothing (AM-4.2, AM-4.4, AM-7.1, AM-7.4, AM-V4.2)."""

from __future__ import annotations

import random

import pytest

from engine.amsterdam import GAME, AmsterdamState
from engine.core import IllegalMove


def _reach(variant: str, phase: str) -> AmsterdamState:
    """A random game of ``variant`` played until a decision of kind ``phase`` is open."""
    for seed in range(40):
        st = GAME.new_state(["Anna", "Ben"], seed, {"variant": variant})
        rng = random.Random(seed)
        while not st.is_over:
            if st.phase == phase and st.pending_all():
                return st
            d = rng.choice(st.pending_all())
            st.apply(d.seat, rng.choice(d.options))
    raise AssertionError(f"no {phase} decision reached")


def _refused(st: AmsterdamState, command: str, *needles: str) -> None:
    d = st.pending_all()[0]
    before, h = st.to_json(), st.state_hash()
    with pytest.raises(IllegalMove) as err:
        st.apply(d.seat, command)
    assert st.to_json() == before and st.state_hash() == h, command
    for needle in needles:
        assert needle in str(err.value), (command, str(err.value))


def test_pass_with_a_card_is_refused_in_the_secret_choice() -> None:
    """AM-4.2/AM-4.4: 'pass 12' is neither a pass nor 'play 12'; both are said to be typed."""
    st = _reach("base", "choose")
    _refused(
        st,
        "pass 12",
        "'pass' takes no card: to play card 12 type 'play 12'; to pass type 'pass' alone",
    )
    _refused(st, "pass @here", "'pass' takes nothing after it", "'@here'", "'pass' alone")
    _refused(st, "passz 12", "'pass' takes no card")
    _refused(st, "skip 12", "'skip' means 'pass'", "'12'")
    _refused(st, "play no 12", "'no' means 'pass'")
    card = st.cs.cards[st.hands[0][0]].label
    _refused(st, f"play {card} now", f"'play {card}' takes nothing after the card, not 'now'")
    _refused(st, f"{card} please", f"'play {card}' takes nothing after the card")
    assert st.canonical(0, "pass") == "pass"  # 'pass' alone still passes
    assert st.canonical(0, f"play {card}") == f"play {card}"


def test_pass_with_a_cell_is_not_ship_stay() -> None:
    """AM-7.1: 'pass E7' in the ship step was read as 'ship stay'."""
    st = _reach("base", "ship")
    _refused(
        st,
        "pass E7",
        "'pass' takes no cell: to move the ship to E7 type 'ship E7'",
        "'ship stay' (or 'pass' alone)",
    )
    _refused(st, "pass now", "'pass' takes nothing after it, not 'now'")
    _refused(st, "ship stay now", "'stay' means 'ship stay' and takes nothing after it, not 'now'")
    _refused(st, "stay now", "'ship stay'")
    target = next(o for o in st.legal_commands(st.order[0]) if o != "ship stay").split()[1]
    _refused(st, f"ship {target} now", f"'ship {target}' takes one cell and nothing after it")
    assert st.canonical(st.order[0], "pass") == "ship stay"


def test_remove_and_place_with_extra_words_are_refused() -> None:
    """AM-7.4, AM-8.1."""
    st = _reach("base", "remove")
    _refused(st, "remove none x", "'none' means 'remove none' and takes nothing after it")
    _refused(st, "pass F7", "'pass' takes no cell: to remove the card at F7 type 'remove F7'")
    assert st.canonical(st.order[0], "remove none") == "remove none"
    st = _reach("base", "place")
    cell = st.legal_commands(st.order[0])[0].split()[1]
    _refused(st, f"place {cell} please", f"'place {cell}' takes one cell and nothing after it")
    _refused(st, f"{cell[0]} {cell[1:]} x", f"'place {cell}' takes one cell")
    _refused(st, "pass", "you must place your revealed card")


def test_buy_with_extra_words_is_refused() -> None:
    """AM-V4.2 (AM-G34): the secret purchase."""
    st = _reach("special_cards", "buy")
    _refused(st, "buy no extra", "'buy' takes at most one word")
    _refused(st, "pass x", "'pass' takes nothing after it, not 'x'", "'buy no'")
    _refused(st, "no thanks", "'no' means 'buy no'")
    seat = st.pending_all()[0].seat
    assert st.canonical(seat, "buy no") == "buy no"
    assert st.canonical(seat, "pass") == "buy no"
