"""Rules-audit checks that a scenario file cannot express: the order of the events of one offer
(CG-5.2, CG-G3), draws that could only cycle replaced cards (CG-G16), and hidden cards that never
reach a public text (CG-G6)."""

from __future__ import annotations

import random

import pytest

from engine.canal_grande import resolve
from engine.canal_grande.cards import card_name
from engine.canal_grande.invariants import violations
from engine.canal_grande.state import CanalGrandeState
from engine.core import Event
from tests.canal_grande.helpers import position


def test_an_offer_resolves_numbers_hand_traitor_spy_then_doge() -> None:
    """CG-5.2, CG-G3, CG-G7: numbers → districts and gondolas → traitors → spies → doges."""
    s = position(
        {
            "divider": "Ben",
            "hands": {"Anna": [], "Ben": ["sanpolo"]},
            "revealed": ["doge", "spy", "traitor", "gondola", "castello", "n2", "n1", "n1"],
            "deck": ["traitor", "cannaregio"],
        }
    )
    s.apply(1, "divide 1 2 3 4 5 6")  # typed doge first: the order of the cards does not matter
    kinds = [e.kind for e in s.apply(0, "take A")]
    order = ["numbers", "to_hand", "steal", "spy", "drawn_traitor", "steal", "draw"]
    assert [k for k in kinds if k in set(order)] == order
    # the spy's traitor found Ben's hand empty: the offer's traitor had stolen first
    assert s.hands[1] == [] and sorted(s.hands[0]) == sorted(
        ["castello", "gondola", "sanpolo", "cannaregio"]
    )
    d = s.pending()
    assert d is not None and d.kind == "district"  # the doge's vote comes last


@pytest.mark.parametrize(
    ("deck", "discard", "bonus"),
    [([], ["spy", "doge", "spy"], True), (["spy"], ["spy"], False), ([], [], True)],
)
def test_draws_that_could_only_cycle_replaced_cards_are_skipped(
    deck: list[str], discard: list[str], bonus: bool
) -> None:
    """CG-G16 with CG-5.8, CG-8.3, CG-9.1: when the draw and discard piles hold nothing but
    cards that are discarded and replaced, the draws cannot be made (no endless reshuffle)."""
    s = CanalGrandeState.new(["Anna", "Ben"], 3)
    s.deck, s.discard = list(deck), list(discard)
    hand = list(s.hands[0])
    events: list[Event] = []
    resolve.draw_resolved(s, 0, 3, events, bonus=bonus)
    assert s.hands[0] == hand and s.doges == [0, 0]
    assert sorted(s.deck + s.discard) == sorted(deck + discard)
    assert events[-1].kind == "no_card"


def test_a_spy_after_replaced_cards_still_draws_what_exists() -> None:
    """CG-5.8, CG-9.1: a replaced spy goes to the discard pile, which is reshuffled when the
    draw pile is empty; the real card beneath is still drawn."""
    s = CanalGrandeState.new(["Anna", "Ben"], 3)
    s.deck, s.discard = ["spy"], ["castello"]
    hand = list(s.hands[0])
    events: list[Event] = []
    resolve.draw_resolved(s, 0, 2, events, bonus=False)
    assert sorted(s.hands[0]) == sorted([*hand, "castello"])
    assert [e.kind for e in events][-1] == "no_card"


@pytest.mark.parametrize("seed", range(6))
def test_no_public_text_names_a_card_that_went_into_a_hand_unseen(seed: int) -> None:
    """CG-G4, CG-G6: a stolen card and a card drawn into hand (spy, bonus) are named only in
    the private texts, never in the public text or data of the event."""
    s = CanalGrandeState.new(["Anna", "Ben"], seed)
    rng = random.Random(seed)
    names = {card_name(c, s.comp) for c in (*s.comp.districts, "gondola")}
    checked = 0
    while not s.over:
        d = s.pending()
        assert d is not None
        for e in s.apply(d.seat, rng.choice(d.options)):
            if e.kind in ("steal", "draw"):
                assert not any(n in e.text for n in names), e.text
                assert not any(n in str(e.data) or c in str(e.data) for c, n in _ids(s)), e
                checked += 1
    assert checked > 0


def _ids(s: CanalGrandeState) -> list[tuple[str, str]]:
    return [(c, card_name(c, s.comp)) for c in (*s.comp.districts, "gondola")]


@pytest.mark.parametrize("seed", range(8))
def test_roles_rounds_and_bonus_over_random_games(seed: int) -> None:
    """CG-2.1, CG-3.1–CG-3.3, CG-7.3, CG-8.1, CG-8.2, CG-8.4, CG-8.5, CG-8.8: two separate
    decks; within a round the divider alternates every turn, a turn ends the round only when a
    total reached 10, then the lower total has the bonus and the higher total divides (equal
    totals: the last chooser divides), and the new round starts at 0."""
    s = CanalGrandeState.new(["Anna", "Ben"], seed)
    assert all(isinstance(v, int) for v in s.num_deck)  # CG-2.1: number cards apart
    assert all(isinstance(c, str) for c in s.deck)
    rng = random.Random(seed)
    rounds = turns = 0
    while not s.over:
        d = s.pending()
        assert d is not None
        turn, round_, divider = s.turn, s.round, s.divider
        s.apply(d.seat, rng.choice(d.options))
        if s.over or s.turn == turn:
            continue
        turns += 1
        assert s.divider != s.chooser  # CG-3.2
        if s.round == round_:
            assert s.divider == 1 - divider  # CG-3.3, CG-7.3
            assert max(s.total(0), s.total(1)) < 10  # CG-8.1: the round goes on
            continue
        rounds += 1
        last = s.last_round
        assert last is not None and s.round == round_ + 1
        totals = last["totals"]
        assert max(totals) >= 10  # CG-8.1
        if totals[0] == totals[1]:
            assert last["bonus"] is None and s.divider == 1 - divider  # CG-8.5
        else:
            low = totals.index(min(totals))
            assert last["bonus"] == low and s.divider == 1 - low  # CG-8.2, CG-8.4
        assert s.total(0) == s.total(1) == 0  # CG-8.8
        assert len(s.num_deck) + sum(1 for c in s.revealed if c[0] == "n") == 14  # CG-8.7
    assert turns > 0 and rounds > 0


def test_victory_cards_are_district_cards_set_aside_face_up() -> None:
    """CG-1.3, CG-6.18: no other material; a victory card is a district card taken out of play
    and shown in the public view (all 52 + 14 cards stay accounted for)."""
    s = CanalGrandeState.new(["Anna", "Ben"], 4)
    rng = random.Random(4)
    while not any(s.victory) and not s.over:
        d = s.pending()
        assert d is not None
        s.apply(d.seat, rng.choice(d.options))
    won = s.victory[0] + s.victory[1]
    assert won and all(c in s.comp.districts for c in won)
    view = s.public_view()
    assert [p["victory"] for p in view["players"]] == s.victory
    assert violations(s) == []  # every card accounted for


def test_the_texts_of_a_spy_do_not_tell_where_the_hidden_card_lay() -> None:
    """CG-G6 with CG-5.10: a spy drawing [traitor, district] or [district, traitor] tells the
    same public texts (the traitor is public, the district card and its place are not)."""
    texts = []
    for deck in (["traitor", "castello"], ["castello", "traitor"]):
        s = position(
            {
                "divider": "Ben",
                "hands": {"Anna": [], "Ben": []},
                "revealed": [
                    "spy",
                    "sanpolo",
                    "sanpolo",
                    "santacroce",
                    "gondola",
                    "n1",
                    "n2",
                    "n3",
                ],
                "deck": deck,
            }
        )
        s.apply(1, "divide 1")
        events = s.apply(0, "take A")
        assert s.hands[0] == ["castello"] and s.discard == ["traitor", "spy"]
        texts.append([(e.kind, e.text) for e in events])
    assert texts[0] == texts[1]
