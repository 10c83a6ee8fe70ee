"""The terminal's ``history``, ``game N`` and ``replay [N]``: the finished games of this
terminal's saves (each game keeps its own channel, :func:`bot.terminal.setup.home_channel`),
one of them (its card's lines, the final board and score graph written to the out folder) and
its animated replay - the same table-service reads as Discord's ``/history``, ``/game`` and
``/replay`` (:mod:`bot.table.history`)."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.archive import Target, db_words, shell_command
from bot.table.history import HISTORY_LIMIT
from bot.table.outputs import Code
from bot.table.saves import ARCHIVE_CHANNEL
from bot.table.service import TableService
from bot.terminal.followed import Followed
from bot.terminal.output import Screen
from bot.terminal.setup import home_channel
from engine.i18n.shared import _, _n
from engine.registry import table_registrations
from engine.text import excerpt, is_number

#: How many finished games ``history`` lists (the newest).
HISTORY_SHOWN = 20


def _game_id(text: str) -> int | None:
    """A typed game number (``12`` or ``#12``): ASCII digits, at most 15; else None."""
    digits = text.strip().removeprefix("#").strip()
    if not is_number(digits) or len(digits) > 15 or int(digits) < 1:
        return None
    return int(digits)


def _listed_id(line: str) -> int:
    """The game number a history line starts with (``#12 · …``)."""
    head = line.removeprefix("#").partition(" ")[0]
    return int(head) if head.isdigit() else 0


class HistoryCommands:
    """``history``, ``game N`` and ``replay [N]`` at the prompt: the ``service``'s reads of
    the closed games of the ``followed`` table's saves, printed on the ``screen`` (pictures
    written there; ``db_path`` names the database in the export command)."""

    def __init__(
        self, service: TableService, followed: Followed, screen: Screen, db_path: Target
    ) -> None:
        self.service = service
        self.followed = followed
        self.screen = screen
        self.images = screen.images
        self.db_path = db_path

    def home_channels(self) -> list[str]:
        """Every channel this terminal keeps a save in: its base channel and each game's;
        and the database's archive (the games ``canalside import`` stored, #24 item 17)."""
        base = self.followed.base_channel
        saves = [base, *(home_channel(base, r.name) for r in table_registrations())]
        return list(dict.fromkeys([*saves, ARCHIVE_CHANNEL]))

    async def _closed_channel(self, game_id: int) -> str | None:
        """The terminal channel of the finished (or aborted) game ``game_id``; ``None`` if
        there is no such game here (unknown, still running, or another channel's)."""
        closed = await self.service.saves.closed(game_id)
        if closed is None:
            return None
        channel = closed.record.channel_id
        return channel if channel in self.home_channels() else None

    def _no_game(self, game_id: int) -> None:
        self.screen.say(
            _("✗ no finished game #{game} at this terminal ('history' lists them)", game=game_id),
            "red",
        )

    async def history(self) -> None:
        """``history``: the finished games of every save of this terminal, newest first."""
        lines: list[str] = []
        for channel in self.home_channels():
            lines += await self.service.history.lines(channel)
        if not lines:
            self.screen.say(_("No finished games at this terminal yet."))
            return
        # newest first by when each game ended (a game started earlier may end later: each
        # game keeps its own save here), then by number
        closed = await self.service.saves.closed_games(self.home_channels(), HISTORY_LIMIT)
        ended = {e.record.id: e.record.finished_at or e.record.created_at for e in closed}
        oldest = datetime.min.replace(tzinfo=UTC)
        lines.sort(
            key=lambda line: (ended.get(_listed_id(line), oldest), _listed_id(line)), reverse=True
        )
        self.screen.say(_("Finished games (newest first):"), "bold")
        self.screen.console.lines(lines[:HISTORY_SHOWN])
        if len(lines) > HISTORY_SHOWN:
            older = len(lines) - HISTORY_SHOWN
            self.screen.say(_n("(and {n} older)", "(and {n} older)", older), "dim")
        self.screen.say(
            _("'game N' shows one (board and score graph), 'replay N' replays it."), "dim"
        )

    async def game(self, rest: str) -> None:
        """``game N``: the card's lines; its final board and score graph written out."""
        game_id = _game_id(rest)
        if game_id is None:
            shown = f" ('{excerpt(rest, limit=12)}')" if rest else ""
            self.screen.say(
                _("✗ 'game' takes a game number from 'history', e.g. 'game 3'") + shown, "red"
            )
            return
        channel = await self._closed_channel(game_id)
        if channel is None:
            self._no_game(game_id)
            return
        answer = await self.service.history.card(channel, game_id)
        card = answer.value
        if card is None:
            self._refused_read(game_id, answer.error or "", answer.code)
            return
        self.screen.say(card.text)
        export = shell_command("export", str(game_id), *db_words(self.db_path))
        self.screen.say(
            _("Replay: 'replay {game}' (or `{command}`).", game=game_id, command=export)
        )
        if card.board is not None:
            path = self.images.save(f"game-{game_id}-board.png", card.board)  # not for players
            self.screen.say(_("  [final board: {path}]", path=self.screen.path(path)), "dim")
        if card.graph is not None:
            path = self.images.save(f"game-{game_id}-scores.png", card.graph)  # not for players
            self.screen.say(_("  [score graph: {path}]", path=self.screen.path(path)), "dim")

    async def replay(self, rest: str) -> None:
        """``replay [N]``: the animated replay of game N (default: the newest finished game
        here) written to the out folder."""
        if rest:
            game_id = _game_id(rest)
            if game_id is None:
                self.screen.say(
                    _(
                        "✗ 'replay' takes a game number from 'history', e.g. 'replay 3' "
                        "('{typed}')",
                        typed=excerpt(rest, limit=12),
                    ),
                    "red",
                )
                return
            channel = await self._closed_channel(game_id)
            if channel is None:
                self._no_game(game_id)
                return
        else:
            newest = [
                (entry.record.id, entry.record.channel_id)
                for entry in await self.service.saves.closed_games(self.home_channels(), 1)
            ]
            if not newest:
                self.screen.say(
                    _("✗ no finished game at this terminal yet: nothing to replay"), "red"
                )
                return
            game_id, channel = max(newest)
        self.screen.say(_("Drawing the replay of game #{game}…", game=game_id), "dim")
        answer = await self.service.history.replay(channel, game_id)
        replay = answer.value
        if replay is None:
            self._refused_read(game_id, answer.error or "", answer.code)
            return
        path = self.images.save(f"replay-{game_id}.{replay.extension}", replay.data)
        size = f"{len(replay.data):,}"
        width, height = replay.size
        self.screen.say(
            _n(
                "Replay of game #{game}: {path} (an animated WebP: {n} frame of {width} × "
                "{height} px, one per turn, then the final board; {size} bytes)",
                "Replay of game #{game}: {path} (an animated WebP: {n} frames of {width} × "
                "{height} px, one per turn, then the final board; {size} bytes)",
                replay.frames,
                game=game_id,
                path=self.screen.path(path),
                width=width,
                height=height,
                size=size,
            )
        )

    def _refused_read(self, game_id: int, error: str, code: str | None) -> None:
        if code == Code.NO_GAME:
            self._no_game(game_id)
        else:
            self.screen.refused(error, code)
