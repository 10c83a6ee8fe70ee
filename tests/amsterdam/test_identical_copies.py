"""#29: the special cards come in identical pairs (2 tide, 2 bridge, 2 customs house; AM-1.6,
AM-G35). Nothing a player may know tells the two copies apart, so nothing shown may say which
copy a player held: views, event data and texts name a copy by the public id of its kind (the
lowest id of the pair), while the engine keeps its own id per copy (the state, its JSON and
hash are as before, so stored games and exports still load and replay)."""

from __future__ import annotations

import json
import random
from typing import Any

from engine.amsterdam import GAME, AmsterdamState
from engine.amsterdam.copies import swap_copies
from engine.amsterdam.determinize import HandMemory, determinize
from engine.amsterdam.scenario import apply_setup
from engine.core import Event
from engine.registry import registrations

TIDES = (86, 87)  # the engine's ids of the two tide cards (data/amsterdam/special.json)


def _other_copies(st: AmsterdamState) -> AmsterdamState:
    """``st`` with every pair of special cards exchanged where it lies."""
    for k in range(100):
        twin = swap_copies(st, random.Random(k))
        if _tides(twin) != _tides(st):
            return twin
    raise AssertionError("no swap of the tides found")


def _tides(st: AmsterdamState) -> list[list[int]]:
    return [[i for i in hand if i in TIDES] for hand in st.hands] + [
        [i for i in st.special_pile if i in TIDES]
    ]


def _shown(events: list[Event]) -> list[Any]:
    return [(e.kind, str(e.text), e.seat, e.data, dict(e.private)) for e in events]


def _issue_game() -> tuple[AmsterdamState, list[tuple[int, str]]]:
    """The game of the issue (special_cards, seed 9466226765) just before Red's ``play tide``
    (its 21st move) and the moves that follow: the reveal, both placements."""
    parts = next(r for r in registrations() if r.name == "amsterdam").parts()
    policy = parts.random_policy(random.Random(9466226765))
    st = GAME.new_state(["Anna", "Ben"], 9466226765, {"variant": "special_cards"})
    moves: list[tuple[int, str]] = []
    replay = st.clone()
    for _ in range(25):
        d = replay.pending()
        assert d is not None
        command = policy(replay, d)
        seat = parts.command_seat(replay, d, command)
        moves.append((seat, command))
        replay.apply(seat, command)
    for seat, command in moves[:21]:
        st.apply(seat, command)
    assert moves[21] == (0, "play tide"), moves[21]
    return st, moves[21:]


def test_a_revealed_and_placed_tide_is_the_same_whichever_copy_red_held() -> None:
    """#29 item 1 (the issue's world): Red holds one tide, the other lies in the pile; after
    the reveal and the placement the public views, both seats' views and every event are the
    same in both worlds, and the tide is shown by the pair's public id."""
    real, moves = _issue_game()
    twin = _other_copies(real)
    assert {real.hands[0][-1], twin.hands[0][-1]} == set(TIDES)  # the copies differ
    for seat, command in moves:
        events, twin_events = real.apply(seat, command), twin.apply(seat, command)
        assert _shown(twin_events) == _shown(events), command
        assert twin.public_view() == real.public_view(), command
        for s in (0, 1):
            assert twin.player_view(s) == real.player_view(s), (command, s)
        reveal = [e for e in events if e.kind == "reveal"]
        if reveal:
            assert reveal[0].data["faces"][0]["id"] == TIDES[0]
    view = real.public_view()
    assert view["last_reveal"]["faces"][0]["id"] == TIDES[0]
    placed = [c["card"] for c in view["grid"]["cells"] if c["card"]["kind"] == "tide"]
    assert [c["id"] for c in placed] == [TIDES[0]]


def _withdrawn_tide(copy: int) -> AmsterdamState:
    """Anna (0 gulden) reveals a tide, Ben a gulden card: she cannot pay his tax, so the tide
    goes back to her hand, public until played (AM-5.2, AM-G23). ``copy``: which tide."""
    st = GAME.new_state(["Anna", "Ben"], 8, {"variant": "special_cards"})
    setup = {
        "gulden": {"Anna": 0, "Ben": 1},
        "hands": {"Anna": ["tide", 43, 44, 2, 3], "Ben": [24, 48, 5, 8, 9]},
    }
    apply_setup(st, setup, "#29")
    if st.hands[0][-1] != copy:
        st = _other_copies(st)
    st.apply(0, "play tide")
    events = st.apply(1, "play 24")
    assert any(e.kind == "withdraw" for e in events)
    return st


def test_a_tide_taken_back_is_named_by_its_kind_not_by_its_copy() -> None:
    """#29 item 1: ``players[0].taken_back`` and ``last_reveal.faces`` were 86 in one world and
    87 in the other; now both show the pair's public id, and the strong AI's imagined worlds
    still put the taken-back tide into Anna's hand."""
    worlds = [_withdrawn_tide(copy) for copy in TIDES]
    assert [w.taken_back[0] for w in worlds] == [[t] for t in TIDES]  # the engine's own ids
    views = [w.public_view() for w in worlds]
    assert views[0] == views[1]
    assert views[0]["players"][0]["taken_back"][0]["id"] == TIDES[0]
    assert views[0]["last_reveal"]["faces"][0]["id"] == TIDES[0]
    assert worlds[0].player_view(0) == worlds[1].player_view(0)
    for w in worlds:
        for seed in range(5):
            ben = determinize(w.player_view(1), random.Random(seed))
            assert [ben.cs.cards[i].kind for i in ben.taken_back[0]] == ["tide"]
            assert set(ben.taken_back[0]) <= set(ben.hands[0])
            assert ben.player_view(1) == w.player_view(1)
            anna = determinize(w.player_view(0), random.Random(seed))
            assert anna.player_view(0) == w.player_view(0)


def test_the_state_keeps_the_engines_own_ids() -> None:
    """#29 item 3: the state (its JSON, hence stored games, replays and hashes) still names the
    copy it holds; only what is shown changed."""
    worlds = [_withdrawn_tide(copy) for copy in TIDES]
    for w, copy in zip(worlds, TIDES, strict=True):
        data = json.loads(w.to_json())
        assert data["taken_back"] == [[copy], []]
        assert data["last_reveal"]["faces"][0]["id"] == copy
        again = AmsterdamState.from_json(w.to_json())
        assert again.state_hash() == w.state_hash()
    assert worlds[0].state_hash() != worlds[1].state_hash()


def test_commands_name_a_special_card_by_its_kind() -> None:
    """#29: what a player types or clicks names the kind (``play tide``); it plays the copy he
    holds, whichever it is."""
    for copy in TIDES:
        st = GAME.new_state(["Anna", "Ben"], 8, {"variant": "special_cards"})
        setup = {"gulden": {"Anna": 1, "Ben": 1}, "hands": {"Anna": ["tide", 43, 44, 2, 3]}}
        apply_setup(st, setup, "#29")
        if st.hands[0][-1] != copy:
            st = _other_copies(st)
        assert st.hands[0][-1] == copy
        view = st.player_view(0)
        assert "play tide" in view["me"]["options"]
        assert [c["id"] for c in view["me"]["hand"] if c["kind"] == "tide"] == [TIDES[0]]
        for typed in ("play tide", "tide", "dagály"):
            assert st.canonical(0, typed) == "play tide"
        st.apply(0, "play tide")
        st.apply(1, "pass")
        assert st.last_reveal is not None and st.last_reveal["faces"][0]["id"] == copy


#: final state hashes of random special_cards games, computed with the engine before #29
HASHES_BEFORE = {1: "180d163d915106dc", 9466226765: "643754152616e25c"}


def test_games_from_before_replay_to_the_same_hash() -> None:
    """#29 item 3: the engine's ids, the state JSON and its hash did not change, so a stored
    game (seed and moves) replays to the hash it was stored with, and its JSON loads."""
    for seed, digest in HASHES_BEFORE.items():
        st = GAME.new_state(["Anna", "Ben"], seed, {"variant": "special_cards"})
        rng = random.Random(seed)
        while not st.is_over:
            d = st.pending()
            assert d is not None
            st.apply(d.seat, rng.choice(d.options))
        assert st.state_hash() == digest, seed
        assert AmsterdamState.from_json(st.to_json()).state_hash() == digest


def test_imagined_worlds_keep_taken_back_cards_when_the_memory_no_longer_fits() -> None:
    """#29 (found while checking the worlds read from views): in this game seat 0's memory of
    cards gone into Ben's hand (HandMemory) holds more than his hand can take, and the world
    pushed his taken-back card out of it ("the view is inconsistent"). Taken-back cards now go
    into his imagined hand first; every world still shows seat 0 its real view."""
    st = GAME.new_state(["A", "B"], 25, {"variant": "special_cards"})
    rng = random.Random(25)
    memory = HandMemory()
    while len(st.history) < 59:
        memory.observe(st.player_view(0))
        d = st.pending()
        assert d is not None
        st.apply(d.seat, rng.choice(d.options))
    view = st.player_view(0)
    known = memory.observe(view)
    assert view["players"][1]["taken_back"]
    for seed in range(5):
        world = determinize(view, random.Random(seed), known=known)
        assert world.player_view(0) == view
        assert set(world.taken_back[1]) <= set(world.hands[1])
