"""Seeded games played to the end by the game's random self-play policy and stored as the
table stores them (a move per transaction, finished and compacted at the end): for the
history's tests and its bench."""

from __future__ import annotations

import random
from collections.abc import Mapping

from bot.storage.repositories import Repositories
from bot.storage.store import PlayerInfo, SnapshotData
from bot.table.ai_seat import ai_level
from bot.table.restore import results
from engine.registry import registration


def store_selfplay_game(
    storage: Repositories,
    channel_id: str,
    game: str,
    *,
    seed: int = 7,
    players: int | None = None,
    options: Mapping[str, str] | None = None,
    stop_after: int | None = None,
) -> int:
    """Play ``game`` (seat 0 a person, the others random AIs) and store it in ``channel_id``;
    with ``stop_after`` moves it is aborted there instead. Returns the game id."""
    reg = registration(game)
    parts = reg.parts()
    count = players or parts.game.min_players
    people = [
        PlayerInfo(f"P{i + 1}", f"{1000 + i}", False, None)
        if i == 0
        else PlayerInfo(f"AI{i + 1}", None, True, ai_level("random").code)
        for i in range(count)
    ]
    texts = reg.check_options(dict(options or {})) if reg.options else {}
    engine_options = reg.engine_options(texts) if reg.options else None
    state = parts.game.new_state([p.name for p in people], seed, engine_options)
    record = storage.games.create_game(
        channel_id, reg.name, seed=seed, options=texts, players=people, guild_id="1"
    )
    policy = parts.random_policy(random.Random(seed))
    seq = 0
    while not state.is_over and (stop_after is None or seq < stop_after):
        decision = state.pending()
        assert decision is not None
        command = policy(state, decision)
        seat = parts.command_seat(state, decision, command)
        state.apply(seat, command)
        canonical = state.history[-1][1]
        finish = results(state, people) if state.is_over else None
        snap = SnapshotData(state.to_json(), state.state_hash()) if finish else None
        storage.games.append_move(
            record.id, seq, seat, people[seat].user_id, canonical, snapshot=snap, finish=finish
        )
        seq += 1
    if not state.is_over:
        storage.games.abort_game(record.id)
    return record.id
