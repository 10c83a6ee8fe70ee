"""A placement in a vote chosen as cards in one multi-select (CG-6.7b): every legal placement is
reachable, every item belongs to some legal placement, the command is the engine's own, and a
combination the engine refuses says why and changes nothing."""

from __future__ import annotations

import itertools
import random

import pytest

from chat.canal_grande.controls import controls
from chat.canal_grande.vote_select import (
    EXTRA_PREFIX,
    GONDOLA_PREFIX,
    MAX_ITEMS,
    placement_command,
    placement_items,
)
from engine.canal_grande import commands as cmd
from engine.canal_grande.state import CanalGrandeState
from engine.core import IllegalMove, options_of
from tests.canal_grande.helpers import position


def _loads(option: str) -> tuple[tuple[tuple[str, int], ...], dict[str, int], dict[str, int]]:
    """A placement as the rules see it: chosen-district cards, cards and gondolas per other
    district (how one district's cards are split between its gondolas changes nothing)."""
    move = cmd.parse(option)
    cards: dict[str, int] = {}
    boats: dict[str, int] = {}
    for group in move.groups:
        for d, m in group:
            cards[d] = cards.get(d, 0) + m
            boats[d] = boats.get(d, 0) + 1
    return move.plain, cards, boats


def values_for(option: str) -> list[str]:
    """The items a player picks for one legal placement."""
    plain, cards, boats = _loads(option)
    values = [f"{d}.{i}" for d, k in plain for i in range(1, k + 1)]
    for d, m in cards.items():
        values += [f"{GONDOLA_PREFIX}{d}.{i}" for i in range(1, m + 1)]
        values += [f"{EXTRA_PREFIX}{d}.{j}" for j in range(2, boats[d] + 1)]
    return values


def place_decisions(games: int, seed: int = 0) -> list[CanalGrandeState]:
    """States at a placement decision from random games (copies, the game goes on)."""
    found: list[CanalGrandeState] = []
    for g in range(games):
        state = CanalGrandeState.new(["Anna", "Ben"], seed + g)
        rng = random.Random(seed + g)
        while not state.over:
            d = state.pending()
            assert d is not None
            if d.kind == "place":
                found.append(state.clone())
            state.apply(d.seat, rng.choice(d.options))
    return found


STATES = place_decisions(40)


def test_random_games_reach_many_placements_some_with_long_option_lists() -> None:
    assert len(STATES) > 500
    longest = max(len(s.pending().options) for s in STATES)  # type: ignore[union-attr]
    assert longest > 125  # more than the private option lists could show


def test_every_legal_placement_is_reachable_through_the_cards_and_accepted() -> None:
    """CG-6.7b, CG-6.10, CG-6.12, CG-6.14: each legal placement is a set of items whose command
    the engine reads as that placement (two gondolas of one district: the same cards on the
    same number of gondolas)."""
    checked = wasteful = 0
    for state in STATES:
        d = state.pending()
        assert d is not None
        items, low, high = placement_items(d.choices)
        offered = {value for value, _, _ in items}
        assert len(items) <= MAX_ITEMS and low == min(1, len(items)) and high == len(items)
        for option in d.options:
            if option == "pass":
                continue
            values = values_for(option)
            if not set(values) <= offered:
                assert len(offered) == MAX_ITEMS, (option, sorted(offered))  # cut to fit
                continue
            command = placement_command(list(reversed(values)))
            canonical = state.canonical(d.seat, command)
            assert canonical in d.options
            if any(v.startswith(EXTRA_PREFIX) for v in values):
                assert _loads(canonical) == _loads(option)
                wasteful += 1
            else:
                assert canonical == option
            checked += 1
    assert checked > 5000 and wasteful > 100


def test_every_item_belongs_to_some_legal_placement() -> None:
    """Nothing illegal is offered as a card: no district without a gondola to carry it
    (CG-6.10), no more copies than a legal placement uses."""
    for state in STATES:
        d = state.pending()
        assert d is not None
        items, _, _ = placement_items(d.choices)
        used: set[str] = set()
        for option in d.options:
            if option != "pass":
                used |= set(values_for(option))
        offered = {value for value, _, _ in items}
        assert offered <= used
        if offered != used:  # only a full list drops the last extra gondolas
            assert len(items) == MAX_ITEMS
            assert all(v.startswith(EXTRA_PREFIX) for v in used - offered)


def test_the_mapped_command_is_applied_as_the_typed_one() -> None:
    state = next(s for s in STATES if len(s.pending().options) > 20).clone()  # type: ignore[union-attr]
    d = state.pending()
    assert d is not None
    option = d.options[len(d.options) // 2]
    assert option != "pass"
    twin = state.clone()
    state.apply(d.seat, placement_command(values_for(option)))
    twin.apply(d.seat, option)
    assert state.state_hash() == twin.state_hash()


def test_refused_combinations_say_why_and_change_nothing() -> None:
    """Random card choices that are no legal placement: the engine refuses them with a reason
    and the state is unchanged (CG-6.9, CG-6.9a, CG-6.11, CG-G10)."""
    rng = random.Random(7)
    refused = 0
    for state in STATES[::5]:
        d = state.pending()
        assert d is not None
        items, low, high = placement_items(d.choices)
        values = [value for value, _, _ in items]
        legal = set(d.options)
        before = state.state_hash()
        for _ in range(10):
            chosen = rng.sample(values, rng.randint(low, min(high, len(values))))
            command = placement_command(chosen)
            try:
                canonical = state.canonical(d.seat, command)
            except IllegalMove as exc:
                with pytest.raises(IllegalMove):
                    state.apply(d.seat, command)
                assert str(exc)
                assert state.state_hash() == before
                refused += 1
                continue
            assert canonical in legal
    assert refused > 50


def _vote_position() -> CanalGrandeState:
    """Anna opens a vote in San Marco with 2 San Marco, 1 gondola, 2 Castello, 1 San Polo."""
    s = position(
        {
            "divider": "Ben",
            "hands": {
                "Anna": ["sanmarco", "sanmarco", "gondola", "castello", "castello", "sanpolo"],
                "Ben": ["sanmarco", "sanmarco", "sanmarco"],
            },
            "revealed": ["doge", "cannaregio", "cannaregio", "spy", "spy", "n1", "n1", "n2"],
        }
    )
    s.apply(1, "divide 1")
    s.apply(0, "take A")
    s.apply(0, "vote sanmarco")
    return s


def test_the_opening_offers_the_hand_cards_with_gondola_reinforcement() -> None:
    s = _vote_position()
    d = s.pending()
    assert d is not None and d.kind == "place" and not d.public_options
    items, low, high = placement_items(d.choices)
    assert [v for v, _, _ in items] == [
        "sanmarco.1",
        "sanmarco.2",
        "gondola.sanpolo.1",
        "gondola.castello.1",
        "gondola.castello.2",
    ]
    labels = [label for _, label, _ in items]
    assert labels[0] == "San Marco #1" and labels[3] == "Castello #1 by gondola"
    assert (low, high) == (1, 5)
    assert controls().multi_select["place"].from_options is placement_items
    assert controls().multi_select["place"].items is None  # never on the public message


def test_cards_and_a_gondola_become_one_placement() -> None:
    """CG-6.4, CG-6.10 (the example of CG-T1: San Marco + gondola + Castello)."""
    s = _vote_position()
    command = placement_command(["gondola.castello.2", "sanmarco.1", "gondola.castello.1"])
    assert command == "place sanmarco gondola 2 castello"
    s.apply(0, command)
    assert s.vote is not None and s.vote["votes"] == [3, 0]


@pytest.mark.parametrize(
    ("values", "reason"),
    [
        # no chosen-district card in the first placement (CG-6.9a, CG-6.10)
        (["gondola.castello.1"], "must include a San Marco card"),
        # two districts need two gondolas; Anna holds one (CG-6.12)
        (["sanmarco.1", "gondola.castello.1", "gondola.sanpolo.1"], "need 2 gondola"),
        # a value that is no item (a forged choice)
        (["sanmarco.1", "doge.1"], "not"),
        (["bogus"], "not a Canal Grande card"),
    ],
)
def test_a_refused_choice_names_the_reason_and_changes_nothing(
    values: list[str], reason: str
) -> None:
    s = _vote_position()
    before = s.state_hash()
    with pytest.raises(IllegalMove, match=reason):
        s.apply(0, placement_command(values))
    assert s.state_hash() == before


def test_a_defender_who_cannot_overtake_is_offered_no_cards() -> None:
    """CG-T6 (CG-6.9, CG-G10): 2 vs 0, the defender's Dorsoduro + gondola + Castello only ties;
    his only option is to pass, so the select has no items."""
    s = position(
        {
            "divider": "Ben",
            "hands": {
                "Anna": ["dorsoduro", "dorsoduro"],
                "Ben": ["dorsoduro", "gondola", "castello"],
            },
            "revealed": [
                "doge",
                "cannaregio",
                "cannaregio",
                "santacroce",
                "santacroce",
                "n1",
                "n1",
                "n2",
            ],
        }
    )
    s.apply(1, "divide 1")
    s.apply(0, "take A")
    s.apply(0, "vote dorsoduro")
    s.apply(0, "place 2 dorsoduro")
    d = s.pending()
    assert d is not None and d.options == ("pass",)
    assert placement_items(d.choices)[0] == []


def test_long_hands_are_cut_to_the_item_limit_keeping_the_chosen_district() -> None:
    """Reinforcement copies are trimmed from the district offering most; the chosen district's
    cards stay (a typed command still reaches every placement)."""
    districts = ("cannaregio", "santacroce", "sanpolo", "dorsoduro", "castello")
    options = ["place 5 sanmarco"] + [cmd.format_place("sanmarco", 1, ((d, 5),)) for d in districts]
    items, _, high = placement_items(options_of(options))
    assert len(items) == MAX_ITEMS == high
    assert sum(v.startswith("sanmarco.") for v, _, _ in items) == 5
    counts = {d: sum(v.startswith(f"gondola.{d}.") for v, _, _ in items) for d in districts}
    assert sorted(counts.values()) == [4, 4, 4, 4, 4]


def test_item_texts_fit_a_select() -> None:
    for state in itertools.islice(STATES, 0, None, 7):
        d = state.pending()
        assert d is not None
        for value, label, description in placement_items(d.choices)[0]:
            assert len(value) <= 100 and len(label) <= 100
            assert description is None or len(description) <= 100
