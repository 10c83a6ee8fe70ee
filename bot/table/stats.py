"""Stats and leaderboards as lines of text, for every registered game alike.

The figures come from :mod:`bot.storage.stats` (indexed rows written when a game closes); this
module only names things: a person by the name he last played under, an AI seat by its level
("Strong AI": every AI of a level is one rated player of the server), a game by its
registration's title. A server is its guild id (``''``: a table without one, e.g. the
terminal).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.repositories import StatsRepository
from bot.storage.stats import LeaderRow, StatsRow, StatsSettings
from bot.storage.store import FinalResult, PlayerInfo
from bot.table import guard
from bot.table.ai_seat import UnknownAiLevel, ai_level
from bot.table.outputs import Answer, Code
from bot.table.records import Refused, Table, why
from bot.table.restore import results
from bot.table.runner import ChannelRunner
from engine.core import IllegalMove
from engine.i18n import counted
from engine.i18n.shared import _, _n, _p
from engine.registry import registration, registrations

__all__ = ["Stats", "StatsCommands", "abort_standings", "player_key"]


def player_key(user_id: str) -> str:
    """The stats key of a person (AI seats are ``ai:<level code>``)."""
    return f"u:{user_id}"


def player_label(player: str, name: str) -> str:
    """How a rated player reads: his name, or the AI level ("Strong AI")."""
    if player.startswith("ai:"):
        try:
            return _(ai_level(int(player[3:])).label)
        except (UnknownAiLevel, ValueError):
            return name or player
    return name


def game_title(game_type: str) -> str:
    try:
        return registration(game_type).title
    except IllegalMove:  # a game no longer registered (e.g. a plug-in removed)
        return game_type


def abort_standings(table: Table) -> list[FinalResult]:
    """The places of the table's game at an abort (kept, marked aborted, in the stats), or
    none if the game cannot rank its state."""
    if table.state is None:
        return []
    players: Sequence[PlayerInfo] = table.players
    try:
        return results(table.state, players)
    except Exception:  # a ranking mid-game is a nicety; an abort must never fail on it
        return []


def _stats_line(row: StatsRow) -> str:
    average = "-" if row.average_rank is None else f"{row.average_rank:.2f}"
    wins = _n("{n} win", "{n} wins", row.wins)
    games = _n("{n} game", "{n} games", row.games)
    marks = []
    if row.aborted:
        marks.append(_n("{n} aborted", "{n} aborted", row.aborted))
    if row.takeover:
        marks.append(_n("{n} with an AI takeover", "{n} with an AI takeover", row.takeover))
    tail = f" ({counted(marks)})" if marks else ""
    rating = ""
    if row.rating is not None:
        rating = ", " + _("rating {rating}", rating=format(row.rating, ".1f"))
    line = _(
        "{game}: {games}, {wins}, average rank {average}",
        game=game_title(row.game_type),
        games=games,
        wins=wins,
        average=average,
    )
    return f"{line}{rating}{tail}"


def _leader_line(place: int, row: LeaderRow) -> str:
    games = _n("{n} game", "{n} games", row.games)
    label = player_label(row.player, row.name)
    return f"{place}. {label}: {row.ordinal:.1f} (mu {row.mu:.1f}, sigma {row.sigma:.1f}), {games}"


class Stats:
    """Reads ``/stats`` and ``/leaderboard`` answer with, and the server's counting setting."""

    def __init__(self, stats: StatsRepository) -> None:
        self.stats = stats

    def player_lines(self, guild_id: str, user_id: str) -> list[str]:
        """One line per game the person played in the server (most played first)."""
        return [_stats_line(row) for row in self.stats.stats(guild_id, player_key(user_id))]

    def leaderboard_lines(self, guild_id: str, game: str | None, limit: int = 10) -> list[str]:
        """The best rated players of ``game`` (``None``: of every game rated in the
        server), a title line per game. Raises :class:`Refused` for an unknown game."""
        if game:
            try:
                games = [registration(game).name]
            except IllegalMove as exc:
                raise Refused(Code.UNKNOWN_GAME, why(exc)) from exc
        else:
            rated = self.stats.rated_games(guild_id)
            order = {r.name: i for i, r in enumerate(registrations())}
            games = sorted(rated, key=lambda g: (order.get(g, len(order)), g))
        lines: list[str] = []
        for name in games:
            rows = self.stats.leaderboard(guild_id, name, limit)
            if not rows:
                continue
            lines.append(f"**{game_title(name)}**")
            lines += [_leader_line(i + 1, row) for i, row in enumerate(rows)]
        return lines

    def settings(self, guild_id: str) -> StatsSettings:
        return self.stats.stats_settings(guild_id)

    def set_settings(self, guild_id: str, new: StatsSettings) -> None:
        self.stats.set_stats_settings(guild_id, new)

    def setting_line(
        self, guild_id: str, count_aborted: bool | None, count_takeover: bool | None
    ) -> str:
        """Apply the given changes (``None``: keep) and describe the setting."""
        now = self.settings(guild_id)
        new = StatsSettings(
            now.count_aborted if count_aborted is None else count_aborted,
            now.count_takeover if count_takeover is None else count_takeover,
        )
        if new != now:
            self.set_settings(guild_id, new)
        aborted = _p("stats", "count") if new.count_aborted else _p("stats", "do not count")
        takeover = (
            _p("stats", "count (marked)") if new.count_takeover else _p("stats", "do not count")
        )
        return _(
            "Stats and ratings here: aborted games {aborted}; "
            "games where an AI took over a seat {takeover}.",
            aborted=aborted,
            takeover=takeover,
        )


class StatsCommands:
    """``/stats``, ``/leaderboard`` and the server's stats setting as adapters call them
    (``service.stats``): the work is ``stats``', run in the worker pool by ``runner``. A
    server is its guild id (``None``: tables without one)."""

    def __init__(self, runner: ChannelRunner, stats: Stats) -> None:
        self.runner = runner
        self.stats = stats

    async def lines(self, guild_id: str | int | None, user_id: str | int) -> list[str]:
        """A person's games, wins and average rank per game in a server, as the server's
        stats setting counts them."""
        return await self.runner.run(self.stats.player_lines, str(guild_id or ""), str(user_id))

    async def leaderboard(self, guild_id: str | int | None, game: str | None) -> Answer[list[str]]:
        """The server's rating leaderboard of ``game`` (``None``: every rated game); refused
        with :attr:`Code.UNKNOWN_GAME` for an unknown game."""
        lines = self.runner.run(self.stats.leaderboard_lines, str(guild_id or ""), game)
        return await guard.guarded_answer("leaderboard", guild_id or "", lines)

    async def setting(
        self,
        guild_id: str | int | None,
        *,
        count_aborted: bool | None = None,
        count_takeover: bool | None = None,
    ) -> str:
        """Change (``None``: keep) whether the server's stats count aborted games and games
        with an AI takeover - its ratings are recomputed - and say what it counts now."""
        guild = str(guild_id or "")
        return await self.runner.run(self.stats.setting_line, guild, count_aborted, count_takeover)
