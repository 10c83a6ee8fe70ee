"""Rules the scenarios do not reach easily: enumerations, reshuffles, empty piles, the cap."""

from __future__ import annotations

from engine.canal_grande import resolve
from engine.canal_grande.decisions import divide_options
from engine.canal_grande.invariants import violations
from engine.canal_grande.state import CanalGrandeState
from engine.canal_grande.votes import legal_placements
from tests.canal_grande.helpers import position

DISTRICTS = ("cannaregio", "santacroce", "sanpolo", "sanmarco", "dorsoduro", "castello")


def test_every_split_is_offered_once() -> None:
    """CG-4.2, CG-4.3: 2^8 − 2 named splits; each offer non-empty."""
    opts = divide_options(8)
    assert len(opts) == 254 == len(set(opts))
    assert "divide 1 2 3 4 5 6 7 8" not in opts and "divide 8" in opts
    assert len(divide_options(3)) == 6


def test_placements_must_overtake_and_open_with_the_chosen_district() -> None:
    hand = {"sanmarco": 2, "gondola": 1, "castello": 2}
    # the opening needs a San Marco card (CG-6.4, CG-6.9a)
    opening = legal_placements(hand, DISTRICTS, "sanmarco", False, 1)
    assert all(k >= 1 for k, _ in opening)
    assert (1, ()) in opening and (1, (("castello", 2),)) in opening
    # behind 0 to 3: four votes needed (CG-G10) - 2 San Marco + gondola with 2 Castello
    assert legal_placements(hand, DISTRICTS, "sanmarco", False, 4) == [(2, (("castello", 2),))]
    assert legal_placements(hand, DISTRICTS, "sanmarco", False, 5) == []
    # without a San Marco card a first placement is impossible (CG-6.9a)
    assert legal_placements({"gondola": 1, "castello": 3}, DISTRICTS, "sanmarco", False, 1) == []
    # after one San Marco card, gondolas alone may follow (CG-6.13)
    later = legal_placements(
        {"gondola": 2, "castello": 1, "sanpolo": 1}, DISTRICTS, "sanmarco", True, 2
    )
    assert later == [(0, (("sanpolo", 1), ("castello", 1)))]


def test_a_district_reinforced_before_needs_a_new_gondola() -> None:
    """CG-6.14: a later placement may bring the same district again with another gondola."""
    s = position(
        {
            "divider": "Ben",
            "hands": {
                "Anna": ["sanmarco", "gondola", "gondola", "castello", "castello", "castello"],
                "Ben": ["sanmarco", "sanmarco", "sanmarco"],
            },
            "revealed": ["doge", "cannaregio", "cannaregio", "spy", "spy", "n1", "n1", "n2"],
        }
    )
    s.apply(1, "divide 1")
    s.apply(0, "take A")
    s.apply(0, "vote sanmarco")
    s.apply(0, "place sanmarco gondola castello")
    s.apply(1, "place 3 sanmarco")
    assert s.pending().options == ("place gondola 2 castello", "pass")  # type: ignore[union-attr]
    s.apply(0, "place gondola 2 castello")
    assert s.vote is not None and s.vote["votes"] == [4, 3]


def test_empty_draw_pile_takes_the_discard_pile() -> None:
    """CG-9.1: a spy's draw from an empty pile reshuffles the discard pile first."""
    s = position(
        {
            "divider": "Ben",
            "hands": {"Anna": [], "Ben": []},
            "revealed": [
                "spy",
                "cannaregio",
                "cannaregio",
                "santacroce",
                "santacroce",
                "n1",
                "n1",
                "n2",
            ],
            "deck": ["castello"],
            "rest": "discard",
        }
    )
    assert len(s.deck) == 1
    s.apply(1, "divide 1")
    events = s.apply(0, "take A")
    assert any(e.kind == "reshuffle" for e in events)
    assert "castello" in s.hands[0] and len(s.hands[0]) == 2
    assert violations(s) == []


def test_draws_from_two_empty_piles_are_skipped() -> None:
    """CG-G16: with draw and discard piles both empty the draw is skipped (not reachable with
    the source's card counts, so the piles are emptied by hand here)."""
    s = CanalGrandeState.new(["Anna", "Ben"], 3)
    s.deck, s.discard = [], []
    hand = list(s.hands[0])
    events: list = []
    resolve.draw_resolved(s, 0, 2, events, bonus=False)
    assert s.hands[0] == hand
    assert any(e.kind == "no_card" for e in events)


def test_reveal_with_a_short_draw_pile() -> None:
    """CG-G17: the rest of the draw pile, then the reshuffled discard pile."""
    s = CanalGrandeState.new(["Anna", "Ben"], 3)
    s.discard = s.deck[:-2]
    s.deck = s.deck[-2:]
    events: list = []
    cards = resolve.reveal(s, events)
    assert len(cards) == 8 and any(e.kind == "reshuffle" for e in events)


def test_safety_cap_ends_in_a_draw() -> None:
    """CG-G20: not a rule - a configurable cap ends the game as a draw."""
    s = CanalGrandeState.new(["Anna", "Ben"], 3, turn_limit=1)
    s.hands = [[], []]
    # make the turn quiet: no doges, nothing to vote with
    s.revealed = ["gondola", "gondola", "gondola", "gondola", "gondola", "n1", "n1", "n1"]
    s._decision = None
    s.apply(s.divider, "divide 1")
    events = s.apply(s.chooser, "take A")
    assert s.over and s.draw and s.winner is None and s.ranking() == [[0, 1]]
    assert "not part of the rules" in events[-1].text


def test_hands_only_hold_districts_and_gondolas() -> None:
    """CG-G21 over random games (checked by the invariants after every move)."""
    import random

    for seed in range(5):
        s = CanalGrandeState.new(["A", "B"], seed)
        rng = random.Random(seed)
        while not s.over:
            d = s.pending()
            assert d is not None
            s.apply(d.seat, rng.choice(d.options))
            for hand in s.hands:
                assert all(c in DISTRICTS or c == "gondola" for c in hand)
