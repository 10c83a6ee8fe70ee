"""#28 item "strong in a third of the time" (Venezia's play-outs made faster): the AI plays the
same games as before, decision for decision. Recorded on main before the speed-up: the strong
level's choices at a fixed number of play-outs on fixed positions of 2- and 4-player games (with
its play-out decisions counted and a digest of every candidate's mean, the exact floats), and
greedy's self-play at fixed seeds (the final state's hash)."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from engine.ai import get_ai
from engine.ai.positions import greedy_positions
from engine.core import JSON, Decision
from engine.venezia import VeneziaState


def _positions(players: int, count: int, seed: int) -> list[tuple[JSON, Decision]]:
    """Every third decision with a choice of greedy games seeded from ``seed``."""
    return greedy_positions("venezia", players, count, seed)


#: (decision kind, strong@20p's choice, its play-out decisions) per position, and the digest of
#: those with every candidate's mean (repr of the float), recorded on main before the speed-up
STRONG_GOLDEN: dict[int, tuple[list[tuple[str, str, int]], str]] = {
    2: (
        [
            ("drain", "drain K8", 134),
            ("place", "place D15", 375),
            ("drain", "drain C1", 140),
            ("take", "draw deck", 155),
            ("place", "place P2", 230),
            ("drain", "drain D13", 120),
            ("drain", "drain K8", 140),
            ("take", "draw campo", 171),
            ("play", "play basilica campo", 443),
            ("drain", "drain P10", 108),
        ],
        "40d479cb4a81f84f",
    ),
    4: (
        [
            ("drain", "drain K8", 216),
            ("drain", "drain C22", 256),
            ("play", "play ponte", 642),
            ("drain", "drain D5", 242),
            ("play", "play palazzo", 656),
            ("draw", "draw deck", 735),
            ("place", "place D4", 388),
            ("draw", "swap basilica", 576),
            ("place", "place C10 C16 C17", 361),
            ("draw", "draw deck", 601),
        ],
        "34c91afea626fc84",
    ),
}


@pytest.mark.parametrize("players", [2, 4])
def test_strong_at_fixed_playouts_decides_as_before(players: int) -> None:
    record = []
    for i, (view, d) in enumerate(_positions(players, 10, 28 + players)):
        ai = get_ai("strong@20p", game="venezia")
        choice = ai.choose(view, d, random.Random(1000 + i))
        means = (getattr(ai, "last_stats", None) or {}).get("means", {})
        decisions = getattr(ai, "playout_decisions", 0)
        record.append((d.kind, choice, decisions, sorted((c, repr(v)) for c, v in means.items())))
    golden, digest = STRONG_GOLDEN[players]
    assert [(k, c, n) for k, c, n, _means in record] == golden
    assert hashlib.sha256(json.dumps(record).encode()).hexdigest()[:16] == digest


#: players -> (seed, final state hash, moves) of a greedy self-play game, recorded on main
GREEDY_GOLDEN = {
    2: (79, "36ed9741f5863ad2", 206),
    3: (80, "cb42fa065b46b9e3", 286),
    4: (81, "82664bb9e305d1ee", 253),
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_self_play_plays_the_same_game(players: int) -> None:
    seed, digest, moves = GREEDY_GOLDEN[players]
    state = VeneziaState.new([f"P{i + 1}" for i in range(players)], seed)
    ais = [get_ai("greedy", game="venezia") for _ in range(players)]
    rng = random.Random(seed)
    while not state.over:
        d = state.pending()
        assert d is not None
        state.apply(d.seat, ais[d.seat].choose(state.player_view(d.seat), d, rng))
    assert (state.state_hash(), len(state.history)) == (digest, moves)
