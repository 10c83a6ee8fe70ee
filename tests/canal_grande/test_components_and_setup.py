"""CG-1, CG-2: the component list (validated on load) and the set-up."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from engine.canal_grande import GAME
from engine.canal_grande.cards import ComponentError, data_path, load_components, parse_components
from engine.canal_grande.state import CanalGrandeState
from engine.core import IllegalMove


def _data() -> dict[str, object]:
    with data_path().open(encoding="utf-8") as f:
        data: dict[str, object] = json.load(f)
    return data


def test_components_match_the_source() -> None:
    c = load_components()
    cards = Counter(c.action_cards)
    assert len(c.action_cards) == 52  # CG-1.1
    assert all(cards[d] == 5 for d in c.districts) and len(c.districts) == 6  # CG-1.1a
    assert (cards["spy"], cards["traitor"], cards["gondola"], cards["doge"]) == (3, 7, 6, 6)
    assert len(c.numbers) == 14 and set(c.numbers) == {1, 2, 3}  # CG-1.2
    assert Counter(c.numbers) == {1: 5, 2: 5, 3: 4}  # CG-G1
    assert c.names["sanmarco"] == "San Marco"  # CG-G2


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        (lambda d: d["specials"].update(traitor=6), "CG-1.1c"),
        (lambda d: d["specials"].update(spy=4), "CG-1.1b"),
        (lambda d: d["specials"].update(gondola=5), "CG-1.1d"),
        (lambda d: d["specials"].update(doge=7), "CG-1.1e"),
        (lambda d: d["districts"][0].update(cards=4), "CG-1.1a"),
        (lambda d: d["districts"].pop(), "CG-1.1a"),
        (lambda d: d["number_cards"].update({"4": 1}), "CG-1.2"),
        (lambda d: d["number_cards"].update({"1": 6}), "CG-1.2"),
        (lambda d: d.update(extra=1), "CG-1"),
        (lambda d: d.pop("start_hand"), "CG-1"),
    ],
)
def test_bad_component_data_is_refused_citing_the_rule(change: object, rule: str) -> None:
    data = copy.deepcopy(_data())
    change(data)  # type: ignore[operator]
    with pytest.raises(ComponentError, match=rule):
        parse_components(data)


def test_setup() -> None:
    s = CanalGrandeState.new(["Anna", "Ben"], 5)
    for hand in s.hands:  # CG-2.2, CG-2.3: four district cards each
        assert len(hand) == 4 and all(c in s.comp.per_district for c in hand)
    start = Counter(s.hands[0] + s.hands[1])
    assert all(k <= 2 for k in start.values())
    # CG-2.4: 44 cards in the draw pile, 5 of them revealed for the first turn (CG-4.1)
    assert len(s.deck) + 5 == 44 and len(s.revealed) == 8
    assert len(s.num_deck) == 11  # CG-2.5: 14 number cards, 3 revealed
    assert s.discard == [] and s.numbers == [[], []] and s.victory == [[], []]  # CG-2.7
    assert s.phase == "divide" and s.pending() is not None
    assert s.pending().seat == s.divider  # type: ignore[union-attr]  # CG-2.6


def test_start_player_is_drawn_or_set() -> None:
    dividers = {CanalGrandeState.new(["A", "B"], seed).divider for seed in range(20)}
    assert dividers == {0, 1}  # CG-G18: drawn from the seed
    assert GAME.new_state(["A", "B"], 3, {"first_divider": 1}).divider == 1
    assert GAME.new_state(["A", "B"], 3, {"first_divider": 0}).divider == 0


def test_game_options_are_checked() -> None:
    with pytest.raises(IllegalMove, match="exactly 2 players"):
        GAME.new_state(["A", "B", "C"], 1)
    with pytest.raises(IllegalMove, match="unknown Canal Grande option"):
        GAME.new_state(["A", "B"], 1, {"variant": 1})
    with pytest.raises(IllegalMove, match="first_divider is seat 0 or 1"):
        GAME.new_state(["A", "B"], 1, {"first_divider": 2})
    with pytest.raises(IllegalMove, match="turn_limit is a positive number"):
        GAME.new_state(["A", "B"], 1, {"turn_limit": 0})
