"""Every image of every game in every language: nothing cut to fit, nothing past the edge (#20).

Each built-in game (each Amsterdam variant too) is played at random with a fixed seed; its
board in the middle of the game, each seat's hand there and the end screen are drawn under
each language, watching every text drawn (:func:`render.common.text.watching`). A translation
longer than its box would be cut with '…' or leave the image, a character no bundled font has
would be drawn as □: all three fail here. Player names are short and plain, so a fault can only
come from the game's own words.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from engine.core import GameState
from engine.i18n import LANGUAGES, speaking
from engine.registry import GameRegistration, registrations
from render.common.text import watching

SEED = 7
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]


def cases() -> list[tuple[GameRegistration, tuple[tuple[str, str], ...]]]:
    out: list[tuple[GameRegistration, tuple[tuple[str, str], ...]]] = []
    for reg in registrations():
        out.append((reg, ()))
        for spec in reg.options:
            out += [(reg, ((spec.name, c),)) for c in spec.choices if c != spec.default]
    return out


CASES = cases()


def case_id(case: tuple[GameRegistration, tuple[tuple[str, str], ...]]) -> str:
    reg, options = case
    return reg.name + "".join(f"-{k}={v}" for k, v in options)


@cache
def positions(name: str, options: tuple[tuple[str, str], ...]) -> tuple[GameState, GameState]:
    """A position in the middle of a random game, and its end."""
    reg = next(r for r in registrations() if r.name == name)
    game = reg.parts().game
    players = NAMES[: min(max(game.min_players, 3), game.max_players)]
    engine = reg.engine_options(dict(options)) if reg.options else None
    state = game.new_state(players, SEED, engine)
    policy = reg.parts().random_policy(random.Random(SEED))
    seat_of = reg.parts().command_seat
    states = []
    for _ in range(3000):
        if state.is_over:
            break
        decision = state.pending()
        assert decision is not None
        states.append(state.clone())
        command = policy(state, decision)
        state.apply(seat_of(state, decision, command), command)
    assert state.is_over
    return states[len(states) // 2], state


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_image_fits_in_every_language(
    case: tuple[GameRegistration, tuple[tuple[str, str], ...]], lang: str
) -> None:
    reg, options = case
    middle, end = positions(reg.name, options)
    draw = reg.renderers()
    draw.board(middle.public_view())  # warm the caches (a palette drawn from a sample board)
    with speaking(lang), watching() as seen:
        images = [draw.board(middle.public_view()), draw.end(end.public_view())]
        images += [draw.hand(middle.player_view(s)) for s in range(len(middle.players))]
    assert all(image.startswith(b"\x89PNG") for image in images)
    assert not seen.cut, f"{lang}: texts cut to fit: {seen.cut[:10]}"
    assert not seen.outside, f"{lang}: texts past the image's edge: {seen.outside[:10]}"
    assert not seen.tofu, f"{lang}: characters no bundled font has: {seen.tofu[:10]}"
