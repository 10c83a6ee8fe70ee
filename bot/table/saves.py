"""The stored games of a channel, read outside a loaded table: which game a channel keeps
open (a terminal keeps one save per game, each in its own channel), one game by its number,
a closed game with its results (its end screen, and when each game of a history ended), and
whether a lobby has seats. Adapters call ``service.saves``; every read runs in the service's
worker pool (:class:`bot.table.runner.ChannelRunner`), so no adapter reaches the storage past
the service. The records it answers are the storage's own (re-exported here, so an adapter
names the service's vocabulary, not the storage's). Generic: nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.history import ARCHIVE_CHANNEL, HistoryEntry
from bot.storage.records import GameRecord, ResultRecord
from bot.storage.repositories import GameRepository, HistoryRepository, LobbyRepository
from bot.storage.store import Takeover, TimerSettings
from bot.table import guard
from bot.table.runner import ChannelRunner

__all__ = [
    "ARCHIVE_CHANNEL",
    "GameRecord",
    "HistoryEntry",
    "ResultRecord",
    "Saves",
    "Takeover",
    "TimerSettings",
]


class Saves:
    """Reads of stored games by channel or number (see the module docstring). Each answers
    its neutral value (``None``, empty, ``False``) if the channel is unusable or the storage
    cannot be read (logged): the service's error contract."""

    def __init__(
        self,
        games: GameRepository,
        history: HistoryRepository,
        lobby: LobbyRepository,
        runner: ChannelRunner,
    ) -> None:
        self.games = games
        self.history = history
        self.lobby = lobby
        self.runner = runner

    async def open_game(self, channel_id: str | int) -> GameRecord | None:
        """The channel's open game (running, or waiting for its first move), if any."""
        read = self.runner.run(self.games.active_game, str(channel_id))
        return await guard.neutral("open_game", channel_id, read, None)

    async def open_games(self, channels: Sequence[str]) -> dict[str, GameRecord]:
        """The open game of each of ``channels`` that has one (one trip to the pool)."""
        read = self.runner.run(self._open_games, list(channels))
        return await guard.neutral("open_games", repr(list(channels)), read, {})

    def _open_games(self, channels: list[str]) -> dict[str, GameRecord]:
        found = {channel: self.games.active_game(channel) for channel in channels}
        return {channel: record for channel, record in found.items() if record is not None}

    async def game(self, game_id: int) -> GameRecord | None:
        """Game ``game_id`` in any state (``None``: no such game)."""
        read = self.runner.run(self.games.get_game, game_id)
        return await guard.neutral("game", f"game {game_id}", read, None)

    async def closed(self, game_id: int) -> HistoryEntry | None:
        """Game ``game_id`` with its results by place if it is finished or aborted (``None``:
        no such closed game)."""
        read = self.runner.run(self.history.closed_game, game_id)
        return await guard.neutral("closed", f"game {game_id}", read, None)

    async def closed_games(self, channels: Sequence[str], limit: int) -> list[HistoryEntry]:
        """The ``limit`` newest finished and aborted games of each of ``channels``, with their
        results (one trip to the pool)."""
        read = self.runner.run(self._closed_games, list(channels), limit)
        return await guard.neutral("closed_games", repr(list(channels)), read, [])

    def _closed_games(self, channels: list[str], limit: int) -> list[HistoryEntry]:
        return [e for channel in channels for e in self.history.closed_games(channel, limit)]

    async def lobby_open(self, channel_id: str | int) -> bool:
        """Whether somebody is seated in the channel's lobby (a table waiting to start)."""
        read = self.runner.run(self.lobby.list_seats, str(channel_id))
        return bool(await guard.neutral("lobby_open", channel_id, read, []))
