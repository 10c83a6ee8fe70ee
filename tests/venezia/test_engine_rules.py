"""Engine properties: canonical commands, secrecy of views, serialization, replay, self-play."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import IllegalMove
from engine.selfplay import run_selfplay
from engine.venezia import VeneziaState
from engine.venezia.invariants import violations


def _advance(state: VeneziaState, rng: random.Random, moves: int) -> VeneziaState:
    for _ in range(moves):
        d = state.pending()
        if d is None:
            break
        state.apply(d.seat, rng.choice(d.options))
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_selfplay_finds_no_violation(players: int) -> None:
    report = run_selfplay(players, games=4, seed=players, checks="all")
    assert report.violations == []
    assert report.games == 4
    assert report.decisions > 4 * 100


def test_every_option_is_canonical() -> None:
    rng = random.Random(3)
    for seed in range(6):
        state = VeneziaState.new(["A", "B", "C", "D"][: 2 + seed % 3], seed)
        while not state.is_over:
            d = state.pending()
            assert d is not None and d.options, "a decision always offers something"
            for option in d.options[:30]:
                assert state.canonical(d.seat, option) == option
            state.apply(d.seat, rng.choice(d.options))


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("PLAY Ponte ponte casa", "play 2 ponte casa"),
        ("play 2 bridge house", "play 2 ponte casa"),
        ("play 2 híd ház", "play 2 ponte casa"),
        ("play 橋橋家", "play 2 ponte casa"),
        ("play ponte x2 casa", "play 2 ponte casa"),
        ("play templom", "play basilica"),
        ("play 教会 宮殿 広場", "play basilica palazzo campo"),
        ("p palota", "play palazzo"),
        ("play", "play"),
    ],
)
def test_card_names_in_every_language(typed: str, canonical: str) -> None:
    state = VeneziaState.new(["A", "B", "C"], 1)
    from engine.venezia import commands

    assert commands.format_move(commands.parse(typed, state.board)) == canonical


@pytest.mark.parametrize(
    ("typed", "fragment"),
    [
        ("fly away", "unknown command"),
        ("play 2", "not followed by a card"),
        ("play dragon", "not a building card"),
        ("place Z99", "not a hex"),
        ("drain", "needs hex labels"),
        ("exchange 9", "not a token value"),
        ("", "empty command"),
    ],
)
def test_malformed_commands_say_what_is_wrong(typed: str, fragment: str) -> None:
    state = VeneziaState.new(["A", "B", "C"], 1)
    before = state.to_json()
    with pytest.raises(IllegalMove, match=fragment):
        state.apply(state.active, typed)
    assert state.to_json() == before


def test_public_view_hides_hands_tokens_and_deck() -> None:
    state = _advance(VeneziaState.new(["A", "B", "C", "D"], 7), random.Random(1), 120)
    other = state.clone()
    # Change only hidden information: hands of two players (same sizes), token values, deck order.
    other.hands[0], other.hands[1] = (
        sorted(["casa"] * len(state.hands[0])),
        sorted(["basilica"] * len(state.hands[1])),
    )
    other.deck.reverse()
    other.treasure.reverse()
    other.swamp = {h: 2 - v for h, v in state.swamp.items()}
    other._decision = None
    state._decision = None
    a = state.public_view()
    b = other.public_view()
    a.pop("public_options")
    b.pop("public_options")
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    text = json.dumps(a)
    assert '"hand":' not in text and '"tokens":' not in text


def test_player_view_shows_only_own_secrets() -> None:
    state = _advance(VeneziaState.new(["A", "B", "C"], 9), random.Random(2), 150)
    for seat in range(3):
        view = state.player_view(seat)
        assert view["me"]["hand"] == state.hands[seat]
        assert sorted(view["me"]["tokens"]) == sorted(state.tokens[seat])
        others = [p for p in view["players"] if p["seat"] != seat]
        assert all("hand" not in p and "tokens" not in p for p in others)


def test_json_round_trip_and_replay_are_exact() -> None:
    state = _advance(VeneziaState.new(["A", "B", "C", "D", "E"], 21), random.Random(4), 400)
    text = state.to_json()
    assert VeneziaState.from_json(text).to_json() == text
    replay = VeneziaState.new(["A", "B", "C", "D", "E"], 21)
    for seat, command in state.history:
        replay.apply(seat, command)
    assert replay.state_hash() == state.state_hash()


def test_clone_is_independent() -> None:
    state = _advance(VeneziaState.new(["A", "B", "C"], 5), random.Random(5), 50)
    before = state.to_json()
    copy = state.clone()
    _advance(copy, random.Random(6), 60)
    assert state.to_json() == before
    assert copy.to_json() != before


def test_game_end_ranking_and_history() -> None:
    state = _advance(VeneziaState.new(["A", "B", "C"], 8), random.Random(8), 100_000)
    assert state.is_over and state.pending() is None
    ranking = state.ranking()
    flat = [s for group in ranking for s in group]
    assert sorted(flat) == [0, 1, 2]
    positions = [state.pos[group[0]] for group in ranking]
    assert positions == sorted(positions, reverse=True)
    assert max(state.pos) >= 60 or 0 in state.supply.values()
    with pytest.raises(IllegalMove, match="over"):
        state.apply(0, "play")


JUNK = st.sampled_from(
    [
        "play 5 basilica",
        "play 3 palazzo",
        "place C1",
        "place C1 C2 C3",
        "drain C2",
        "drain C1 C1",
        "draw palazzo",
        "swap casa",
        "score Q",
        "discard casa",
        "build palazzo solo",
        "exchange 6 6",
        "exchange 99 steps",
        "flip",
        "done",
        "play ponte ponte ponte ponte ponte ponte",
        "gibberish",
        "place",
        "",
    ]
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 5),
    script=st.lists(st.tuples(st.booleans(), st.integers(0, 10_000), JUNK), max_size=250),
)
def test_rejections_leave_the_state_byte_identical(
    seed: int, players: int, script: list[tuple[bool, int, str]]
) -> None:
    state = VeneziaState.new([f"P{i}" for i in range(players)], seed)
    for legal, pick, junk in script:
        d = state.pending()
        if d is None:
            break
        if legal:
            state.apply(d.seat, d.options[pick % len(d.options)])
            continue
        seat = pick % players
        before = state.to_json()
        try:
            state.apply(seat, junk)
        except IllegalMove as exc:
            assert str(exc), "a refusal always says why"
            assert state.to_json() == before
        assert violations(state) == []


def test_every_listed_command_is_accepted_including_exchanges() -> None:
    """legal_commands() never lists what apply() refuses (e.g. exchanges after the end, V-E1)."""
    rng = random.Random(11)
    for seed in range(12):
        state = VeneziaState.new(["A", "B", "C", "D"], seed)
        while not state.is_over:
            seat = state.active
            for command in state.legal_commands(seat):
                state.clone().apply(seat, command)
            d = state.pending()
            assert d is not None
            for command in d.options:
                state.clone().apply(d.seat, command)
            options = state.legal_commands(d.seat) or list(d.options)
            pick = rng.choice(options)
            state.apply(state.active if pick.startswith("exchange") else d.seat, pick)


def test_view_keeps_the_last_turns_changes_for_highlights() -> None:
    state = VeneziaState.new(["A", "B", "C"], 4)
    rng = random.Random(4)
    while state.turn < 6:
        d = state.pending()
        assert d is not None
        state.apply(d.seat, rng.choice(d.options))
    view = state.public_view()
    assert view["recent"]["active"] == state.active
    last = view["last_turn"]
    assert last is not None and last["active"] == (state.active - 1) % 3
    assert set(last) == {"active", "buildings", "drained", "moved"}
    assert all(b["builder"] in (None, "imaginary", 0, 1, 2) for b in view["buildings"])
