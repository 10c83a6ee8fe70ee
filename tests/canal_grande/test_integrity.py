"""Whole-game properties: invariants, refusals change nothing, hidden information stays hidden,
JSON round trip, replay from seed + moves, clone independence (CG-G6 and the engine contract)."""

from __future__ import annotations

import json
import random

import pytest

from engine.canal_grande import GAME
from engine.canal_grande.cards import card_name
from engine.canal_grande.invariants import violations
from engine.canal_grande.state import CanalGrandeState
from engine.core import IllegalMove
from tests.canal_grande.helpers import random_game

BAD_COMMANDS = [
    "",
    "divide 1 2 3 4 5 6 7 8",
    "divide 9",
    "take C",
    "vote venice",
    "vote gondola",
    "place 9 sanmarco",
    "place castello gondola castello",
    "place gondola",
    "pass now",
    "hello",
    "place sanmarco doge",
]


@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_every_invariant(seed: int) -> None:
    s = CanalGrandeState.new(["Anna", "Ben"], seed)
    replay = CanalGrandeState.new(["Anna", "Ben"], seed)
    rng = random.Random(seed)
    moves = 0
    while not s.over:
        d = s.pending()
        assert d is not None and d.options
        assert s.legal_commands(d.seat) == list(d.options)
        assert s.legal_commands(1 - d.seat) == []
        if moves % 7 == 0:  # refusals change nothing
            before = s.to_json()
            for bad in rng.sample(BAD_COMMANDS, 3):
                with pytest.raises(IllegalMove):
                    s.apply(d.seat, bad)
            with pytest.raises(IllegalMove):
                s.apply(1 - d.seat, d.options[0])
            assert s.to_json() == before
        command = rng.choice(d.options)
        assert s.canonical(d.seat, command) == command
        s.apply(d.seat, command)
        moves += 1
        assert violations(s) == [], (seed, moves, command)
        replay.apply(*s.history[-1])
        text = s.to_json()
        assert replay.to_json() == text
        assert CanalGrandeState.from_json(text).to_json() == text
    assert s.winner is not None or s.draw
    assert s.pending() is None and s.legal_commands(0) == []
    with pytest.raises(IllegalMove, match="over"):
        s.apply(0, "pass")


def test_replay_from_seed_and_moves() -> None:
    s = random_game(41)
    r = GAME.new_state(["Anna", "Ben"], 41)
    for seat, command in s.history:
        r.apply(seat, command)
    assert r.to_json() == s.to_json() and r.state_hash() == s.state_hash()


def test_clone_is_independent() -> None:
    s = random_game(7, moves=30)
    c = s.clone()
    assert c.to_json() == s.to_json()
    rng = random.Random(1)
    while not c.over:
        d = c.pending()
        assert d is not None
        c.apply(d.seat, rng.choice(d.options))
    assert s.to_json() != c.to_json()
    assert s.clone().to_json() == s.to_json()
    assert violations(s) == []


def test_json_round_trip_mid_vote() -> None:
    for seed in range(40):
        s = random_game(seed, moves=12)
        if s.vote is not None:
            text = s.to_json()
            t = CanalGrandeState.from_json(text)
            assert t.to_json() == text and t.pending() == s.pending()
            return
    pytest.fail("no game was in a vote after 12 moves")


def test_from_json_refuses_another_game() -> None:
    with pytest.raises(ValueError, match="not a Canal Grande state"):
        CanalGrandeState.from_json(json.dumps({"game": "venezia"}))


def _twin(s: CanalGrandeState, seat: int) -> CanalGrandeState:
    """The same game with everything ``seat`` cannot see changed: the other hand's contents
    swapped with draw-pile cards, both piles' orders shuffled, a new RNG."""
    t = s.clone()
    other = 1 - seat
    rng = random.Random(5)
    pool = t.hands[other] + t.deck
    hand_like = [i for i, c in enumerate(pool) if c in t.comp.per_district or c == "gondola"]
    rng.shuffle(hand_like)
    keep = sorted(hand_like[: len(t.hands[other])])
    t.hands[other] = t.sorted_cards([pool[i] for i in keep])
    t.deck = [c for i, c in enumerate(pool) if i not in set(keep)]
    rng.shuffle(t.deck)
    rng.shuffle(t.num_deck)
    t.rng.state ^= 0x5555
    t._decision = None
    t._option_set = None
    return t


@pytest.mark.parametrize("seed", range(8))
def test_hidden_cards_never_reach_the_public_view(seed: int) -> None:
    s = random_game(seed, moves=3 + seed * 5)
    if s.over:
        pytest.skip("game over already")
    for seat in (0, 1):
        t = _twin(s, seat)
        assert t.to_json() != s.to_json()
        assert t.public_view() == s.public_view()
        assert t.player_view(seat) == s.player_view(seat)
    view = s.public_view()
    text = json.dumps(view)
    assert '"hand"' not in text and '"hands"' not in text and '"deck"' not in text
    assert "me" not in view


def test_event_texts_keep_drawn_and_stolen_cards_private() -> None:
    checked = 0
    for seed in range(30):
        s = CanalGrandeState.new(["Anna", "Ben"], seed)
        rng = random.Random(seed)
        while not s.over:
            d = s.pending()
            assert d is not None
            for e in s.apply(d.seat, rng.choice(d.options)):
                if e.kind in ("draw", "steal") and e.private:
                    checked += 1
                    for private in e.private.values():
                        assert private not in e.text
                    names = [card_name(c, s.comp) for c in (*s.comp.districts, "gondola")]
                    assert not any(n in e.text for n in names), e.text
                    assert set(e.private) <= {0, 1}
                    data = json.dumps(e.data)
                    assert not any(c in data for c in (*s.comp.districts, "gondola"))
    assert checked > 50


def test_player_view_holds_own_hand_and_options() -> None:
    s = random_game(3, moves=5)
    d = s.pending()
    assert d is not None
    me = s.player_view(d.seat)["me"]
    assert me["hand"] == s.hands[d.seat] and me["options"] == list(d.options)
    assert me["decision"]["kind"] == d.kind
    other = s.player_view(1 - d.seat)["me"]
    assert other["options"] == [] and other["decision"] is None


def test_view_describes_the_divide_multiselect() -> None:
    s = CanalGrandeState.new(["Anna", "Ben"], 2)
    v = s.public_view()
    assert v["divide"] == {
        "select": "offer_a",
        "min": 1,
        "max": 7,
        "command": "divide",
        "example": "divide 1 4 7",
    }
    assert [c["pos"] for c in v["revealed"]] == list(range(1, 9))
    assert v["public_options"] is not None and len(v["public_options"]) == 254
    s.apply(s.divider, "divide 1 2")
    v = s.public_view()
    assert v["divide"] is None and v["offers"] == {"A": [1, 2], "B": [3, 4, 5, 6, 7, 8]}
    assert [c["offer"] for c in v["revealed"]] == ["A", "A"] + ["B"] * 6
    assert v["public_options"] == ["take A", "take B"]


def test_pending_all_is_the_one_open_decision() -> None:
    """engine.core contract: a turn-based game opens at most one decision at a time."""
    import random

    from engine.canal_grande import GAME

    state = GAME.new_state(["A", "B"], seed=3)
    rng = random.Random(3)
    for _ in range(200):
        d = state.pending()
        if d is None:
            assert state.pending_all() == ()
            break
        assert state.pending_all() == (d,)
        state.apply(d.seat, rng.choice(d.options))


def test_view_keys_are_the_documented_ones() -> None:
    """engine/canal_grande/views.py documents the view for renderer authors: keep them in step."""
    from engine.canal_grande import views

    doc = views.__doc__ or ""
    s = random_game(4, moves=10)
    view = s.player_view(0)
    for key in view:
        assert f'"{key}"' in doc, key
    for key in view["players"][0]:
        assert f'"{key}"' in doc, key
    for key in view["me"]:
        assert f'"{key}"' in doc, key


def test_doges_waiting_leaves_out_the_doge_being_voted() -> None:
    """CG-6.1, CG-6.19: during a vote its doge is in play, not waiting; it is discarded when
    the vote settles. Determinization still counts it in front of its owner."""
    from engine.canal_grande.determinize import determinize

    for seed in range(40):
        state = CanalGrandeState.new(["Anna", "Ben"], seed)
        rng = random.Random(seed)
        while not state.over:
            if state.vote is not None:
                owner = state.vote["owner"]
                view = state.player_view(owner)
                assert view["players"][owner]["doges_waiting"] == state.doges[owner] - 1
                world = determinize(view, random.Random(seed))
                assert world.doges == state.doges
                assert world.player_view(owner)["players"] == view["players"]
                return
            d = state.pending()
            assert d is not None
            state.apply(d.seat, rng.choice(d.options))
    pytest.fail("no seed reached a vote")


def test_last_vote_names_the_doge_owner() -> None:
    for seed in range(40):
        state = random_game(seed)
        if state.last_vote is not None:
            assert state.last_vote["owner"] in (0, 1)
            return
    pytest.fail("no game held a vote")
