"""AM-G23 (issue #17): a card revealed and then taken back into the hand (AM-5.2) is public
until it is played. Red (Anna) has 0 gulden, Black (Ben) 1: Anna plays 27, Ben 24 (both gulden
cards); Anna cannot pay Ben's tax, so 27 goes back to her hand (AM-5.2, AM-5.6 d). From then on
both players see that Anna holds 27 - views, texts, the harbour image - until she plays it.
Before, only the AI remembered it, and the next reveal erased it from every view."""

from __future__ import annotations

import io
import random

from PIL import Image, ImageChops

from engine.amsterdam import GAME, AmsterdamState
from engine.amsterdam.determinize import determinize
from engine.amsterdam.invariants import violations
from engine.amsterdam.presentation.texts import hand_text, status_lines
from engine.amsterdam.scenario import apply_setup


def _withdrawn() -> AmsterdamState:
    st = GAME.new_state(["Anna", "Ben"], 8, {"variant": "base"})
    setup = {
        "gulden": {"Anna": 0, "Ben": 1},
        "hands": {"Anna": [27, 43, 44, 2, 3], "Ben": [24, 48, 5, 8, 9]},
    }
    apply_setup(st, setup, "AM-5.2")
    st.apply(0, "play 27")
    events = st.apply(1, "play 24")
    assert any("Anna takes red 27" in e.text and "AM-5.2" not in e.text for e in events)
    return st


def _finish_round(st: AmsterdamState) -> None:
    rnd = st.round
    while st.round == rnd and not st.is_over:
        d = st.pending_all()[0]
        st.apply(d.seat, d.options[0] if d.kind != "ship" else "ship stay")


def _back(view: dict[str, object], seat: int) -> list[str]:
    return [c["label"] for c in view["players"][seat]["taken_back"]]  # type: ignore[index]


def test_a_card_taken_back_is_public_in_every_view_and_text() -> None:
    st = _withdrawn()
    assert st.taken_back == [[st.cs.by_number[27]], []]
    assert 27 in [st.cs.cards[i].number for i in st.hands[0]]
    for view in (st.public_view(), st.player_view(0), st.player_view(1)):
        assert _back(view, 0) == ["27"] and _back(view, 1) == []
    assert any(
        "Anna (red)" in line and "holds 27 (taken back)" in line
        for line in status_lines(st.public_view())
    )
    assert "Anna holds 27 (taken back)" in hand_text(st.player_view(1))
    assert "both players know you hold 27 (taken back)" in hand_text(st.player_view(0))
    assert violations(st) == []


def test_the_next_reveal_does_not_erase_it_and_playing_it_does() -> None:
    st = _withdrawn()
    _finish_round(st)
    # the next round's reveal: Anna keeps 27, plays another card
    other = next(o for o in st.legal_commands(0) if o not in ("play 27", "pass"))
    st.apply(0, other)
    st.apply(1, "pass")
    assert _back(st.public_view(), 0) == ["27"], "the next reveal erased the taken-back card"
    _finish_round(st)
    st.apply(0, "play 27")
    st.apply(1, "pass")
    assert _back(st.public_view(), 0) == []
    assert "taken back" not in " ".join(status_lines(st.public_view()))
    assert violations(st) == []


def test_it_survives_json_and_clone_and_old_states_load() -> None:
    st = _withdrawn()
    again = AmsterdamState.from_json(st.to_json())
    assert again.taken_back == st.taken_back and again.state_hash() == st.state_hash()
    assert st.clone().taken_back == st.taken_back
    old = st.to_dict()
    del old["taken_back"]  # a state stored before the field existed
    assert AmsterdamState.from_dict(old).taken_back == [[], []]
    # a state without taken-back cards serializes as before (its hash is unchanged)
    fresh = GAME.new_state(["Anna", "Ben"], 8, {"variant": "base"})
    assert "taken_back" not in fresh.to_dict()


def test_replay_reproduces_taken_back_cards() -> None:
    """Random games until one has a taken-back card: replaying the moves from the seed gives
    the same state (and hash), taken-back cards included."""
    for seed in range(60):
        st = GAME.new_state(["Anna", "Ben"], seed, {"variant": "penniless"})
        rng = random.Random(seed)
        while not st.is_over and not any(st.taken_back):
            d = rng.choice(st.pending_all())
            st.apply(d.seat, rng.choice(d.options))
        if any(st.taken_back):
            break
    else:
        raise AssertionError("no game had a card taken back")
    replay = GAME.new_state(["Anna", "Ben"], seed, {"variant": "penniless"})
    for seat, command in st.history:
        replay.apply(seat, command)
    assert replay.taken_back == st.taken_back and replay.state_hash() == st.state_hash()


def test_the_ai_world_keeps_the_public_card_in_the_other_hand() -> None:
    """The determinized worlds of Ben's AI always put 27 in Anna's hand (public, not guessed),
    and Ben's view of every world equals his real view."""
    st = _withdrawn()
    view = st.player_view(1)
    for k in range(20):
        world = determinize(view, random.Random(k))
        assert st.cs.by_number[27] in world.hands[0]
        assert world.taken_back == st.taken_back
        assert world.player_view(1) == view


def test_the_harbour_image_draws_it_in_the_player_panel() -> None:
    from render.amsterdam.board import render_board

    st = _withdrawn()
    view = st.public_view()
    bare = {**view, "players": [{**p, "taken_back": []} for p in view["players"]]}
    with_card = Image.open(io.BytesIO(render_board(view))).convert("RGB")
    without = Image.open(io.BytesIO(render_board(bare))).convert("RGB")
    box = ImageChops.difference(with_card, without).getbbox()
    assert box is not None, "the taken-back card is not drawn"
    # only in Anna's (left) player panel
    assert box[2] < with_card.width // 2
