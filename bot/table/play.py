"""The play part of the table service: what adapters call while a game runs - a player's
command, the AI seats resumed or stepped, and the reads of the game (its view, board, hand,
status, log, rules, the options of a seat and the open decisions).

The work is :class:`bot.table.session.Session`'s (moves) and :class:`bot.table.reads.Reads`'
(reads); each coroutine here runs it through the channel runner (lock, worker pool, language,
refusals as data, timer sync) and keeps the service's error contract
(:mod:`bot.table.service`). Generic: nothing here knows a game.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from bot.storage.repositories import GameRepository
from bot.table import guard
from bot.table.outputs import Code, DecisionInfo, Outcome, Reply
from bot.table.reads import Reads
from bot.table.records import MAX_OPTIONS, Refused, Table
from bot.table.rules import rules_help
from bot.table.runner import ChannelRunner
from bot.table.session import Session
from bot.table.timers import Timers
from engine.core import JSON, IllegalMove, Option
from engine.registry import first_registered

log = logging.getLogger("bot.service")


@dataclass(frozen=True, slots=True)
class Choosing:
    """What one person can choose now, read at once: the open ``decisions``, his own legal
    options (``choices``, as :meth:`Play.choices_for` lists them) and, when he has none,
    why (``reason``, as :meth:`Play.options_reason` says it)."""

    decisions: tuple[DecisionInfo, ...] = ()
    choices: tuple[Option, ...] = ()
    reason: str | None = None

    def own(self, user_id: str) -> DecisionInfo | None:
        """His own open decision (several may be open at once), else the first one."""
        ds = self.decisions
        return next((d for d in ds if d.user_id == user_id), ds[0] if ds else None)


class Play:
    """A running game's commands and reads, as adapters call them (see the module
    docstring)."""

    def __init__(
        self,
        runner: ChannelRunner,
        session: Session,
        reads: Reads,
        timers: Timers,
        games: GameRepository,
    ) -> None:
        self.runner = runner
        self.session = session
        self.reads = reads
        #: the timer lines of /status
        self.timers = timers
        self.games = games

    # -- actions ------------------------------------------------------------------------------

    async def command(
        self,
        channel_id: str | int,
        user_id: str | int,
        text: str,
        idempotency_key: str | int | None = None,
        expect_seq: int | None = None,
        expect_game: int | None = None,
    ) -> Outcome:
        """A player's move for the running game, as typed (e.g. ``take A``).

        ``expect_seq`` (and ``expect_game``): the move number (game id) the sender saw, e.g.
        from a button's :class:`DecisionInfo`; if the game has moved on, the command is
        refused with :attr:`Code.STALE` (checked under the channel's lock)."""
        uid = str(user_id)
        key = None if idempotency_key is None else str(idempotency_key)
        return await self.runner.guarded(
            "command",
            channel_id,
            user_id,
            self.session.command,
            uid,
            text,
            key,
            expect_seq,
            expect_game,
        )

    async def choose(
        self,
        channel_id: str | int,
        user_id: str | int,
        choice: Option | int,
        idempotency_key: str | int | None = None,
        expect_seq: int | None = None,
        expect_game: int | None = None,
    ) -> Outcome:
        """A player's choice of an option his adapter showed him (a button or a menu): the
        :class:`Option` itself, or its place in his list of options (as :meth:`choices_for`
        lists them). It is checked against his open decision and applied as the option's
        canonical command, without reading text again; an option that is not his now is
        refused (:attr:`Code.ILLEGAL`) and changes nothing. ``expect_seq``/``expect_game``
        as for :meth:`command`. A refusal carries the open decisions (``decisions``), so an
        adapter can say why without another call."""
        uid = str(user_id)
        key = None if idempotency_key is None else str(idempotency_key)
        return await self.runner.guarded(
            "choose",
            channel_id,
            user_id,
            self.session.choose,
            uid,
            choice,
            key,
            expect_seq,
            expect_game,
        )

    async def choose_many(
        self,
        channel_id: str | int,
        user_id: str | int,
        verb: str,
        values: Sequence[str],
        idempotency_key: str | int | None = None,
        expect_seq: int | None = None,
        expect_game: int | None = None,
    ) -> Outcome:
        """A player's choice of several values in a multi-select his adapter showed him (the
        ``verb`` it was declared for): composed into one command by the table's game at his
        open decision and checked like a typed move, under the channel's lock; a refused
        combination changes nothing. ``expect_seq``/``expect_game`` as for :meth:`command`.
        A refusal carries the open decisions and his own options of ``verb`` now
        (``choices``), so an adapter can say why and offer the same menu again without
        another call."""
        uid = str(user_id)
        key = None if idempotency_key is None else str(idempotency_key)
        chosen = tuple(str(v) for v in values)
        return await self.runner.guarded(
            "choose_many",
            channel_id,
            user_id,
            self._choose_many,
            uid,
            str(verb),
            chosen,
            key,
            expect_seq,
            expect_game,
        )

    def _choose_many(
        self,
        table: Table,
        user_id: str,
        verb: str,
        values: tuple[str, ...],
        key: str | None,
        expect_seq: int | None,
        expect_game: int | None,
    ) -> Outcome:
        out = self.session.choose_many(table, user_id, verb, values, key, expect_seq, expect_game)
        if out.accepted:
            return out
        try:
            own = tuple(o for o in self.reads.choices(table, user_id, "", None) if o.verb == verb)
        except Refused:
            own = ()
        return replace(out, choices=own)

    async def resume(self, channel_id: str | int) -> Outcome:
        """Let AI seats take decisions left pending (e.g. a restart interrupted an AI chain);
        an adapter may call it for each of :meth:`active_channels` at start-up. Commands do
        this on their own before handling a human's move."""
        limit: int | None = -1  # the service's own limit (max_ai_moves)
        out = await self.runner.guarded("resume", channel_id, None, self.session.resume, limit)
        return self._unless_stalled(channel_id, out)

    async def advance(self, channel_id: str | int, max_moves: int | None = None) -> Outcome:
        """Play pending AI moves: at most ``max_moves`` (``None``: until a human must decide
        or the game ends). With ``max_moves=1`` an adapter can step a game of AI seats only
        (started with the ``max_ai_moves`` option) and stop it whenever it likes. Accepted
        with no updates when no AI must decide."""
        resume = self.session.resume
        out = await self.runner.guarded("advance", channel_id, None, resume, max_moves)
        return self._unless_stalled(channel_id, out)

    def _unless_stalled(self, channel_id: str | int, out: Outcome) -> Outcome:
        """An AI's move refused "try again" (the database away) is the scheduler's to retry."""
        if out.code == Code.UNAVAILABLE:
            self.session.ai.stalled.add(str(channel_id))
        return out

    def stalled(self) -> list[str]:
        """Channels whose AI seats must move but whose chain stopped (#27: the database away,
        a race lost to another process): nobody else would move them on, so an adapter's
        scheduler resumes each (:meth:`resume`) - a channel stays listed until an AI chain of
        it runs to its end."""
        return sorted(self.session.ai.stalled)

    async def active_channels(self) -> list[str]:
        """Channels with an open game in storage (nothing is loaded)."""
        channels = self.games.active_channels
        return await self.runner.run(channels)

    # -- reads with text ----------------------------------------------------------------------

    async def board(self, channel_id: str | int) -> Reply:
        """The board image (and a one-line status) for the channel."""
        board = self.runner.read(channel_id, self.reads.board)
        return await guard.guarded_reply("board", channel_id, board)

    async def hand(self, channel_id: str | int, user_id: str | int) -> Reply:
        """A player's private view: his hand and other secrets (private)."""
        hand = self.runner.read(channel_id, self.reads.hand, str(user_id))
        return await guard.guarded_reply("hand", channel_id, hand, True)

    async def status(self, channel_id: str | int) -> Reply:
        """The lobby or the game in words: who is where, who must decide what."""
        reply = await guard.guarded_reply(
            "status", channel_id, self.runner.read(channel_id, self.reads.status)
        )
        if not reply.ok:
            return reply
        try:
            extra = await self.runner.read(channel_id, self.timers.status_lines, self.runner.now())
        except Exception:
            guard.failure("timer status", channel_id)  # not for players
            return reply
        lines = (reply.lines or tuple(reply.text.split("\n"))) + tuple(extra)
        return replace(reply, text="\n".join(lines), lines=lines)

    async def log(self, channel_id: str | int, limit: int = 10) -> Reply:
        """The last ``limit`` moves in words (public texts only: no secret values)."""
        moves = self.runner.read(channel_id, self.reads.log, limit)
        return await guard.guarded_reply("log", channel_id, moves)

    async def rules(
        self,
        topic: str | None = None,
        game: str | None = None,
        channel_id: str | int | None = None,
        options: Mapping[str, str] | None = None,
    ) -> Reply:
        """Short rules help per topic of ``game`` (else the game of ``channel_id``'s table, else
        - nobody has chosen one - the game a fresh lobby offers), citing rule IDs; as they
        read with ``options`` (else the options of ``channel_id``'s table when it plays that
        game: a variant's rules)."""
        try:
            if channel_id is not None and (game is None or options is None):
                try:
                    table_game = await self.runner.read(channel_id, self.reads.game_of)
                    if game is None or table_game == game:
                        game = table_game
                        if options is None:
                            options = await self.runner.read(channel_id, self.reads.options_of)
                except Refused:  # no usable channel (e.g. a DM): no game chosen there
                    pass
            chosen = game if game is not None else first_registered()
            return rules_help(topic, chosen, options)
        except IllegalMove as exc:
            return Reply.refuse(Code.UNKNOWN_GAME, str(exc))

    # -- reads an adapter decorates with (a neutral value when the table cannot be read) -------

    async def view(self, channel_id: str | int, user_id: str | int | None = None) -> JSON | None:
        """The channel's game as the engine shows it: the public view, or with ``user_id``
        that seated player's own view (``None`` if he is not seated: never another seat's),
        plus ``seq``: the number of moves made. The running game, else the last finished one
        while it is remembered; ``None`` if there is none."""
        uid = None if user_id is None else str(user_id)
        try:
            return await self.runner.read(channel_id, self.reads.view, uid)
        except Refused:
            return None
        except Exception:
            guard.failure("view", channel_id)
            return None

    async def game_of(self, channel_id: str | int) -> str | None:
        """The game of the channel's table: running, else the lobby's choice, else the last one
        (``None``: no table, or no usable channel)."""
        try:
            return await self.runner.read(channel_id, self.reads.game_of)
        except Refused:
            return None

    async def options_for(
        self,
        channel_id: str | int,
        user_id: str | int,
        prefix: str = "",
        limit: int | None = MAX_OPTIONS,
    ) -> list[str]:
        """That user's legal commands now, filtered by the typed prefix (for autocomplete)."""
        try:
            return await self.runner.read(
                channel_id, self.reads.options, str(user_id), prefix, limit
            )
        except Refused:
            return []
        except Exception:
            guard.failure("options_for", channel_id)
            return []

    async def choices_for(
        self,
        channel_id: str | int,
        user_id: str | int,
        prefix: str = "",
        limit: int | None = MAX_OPTIONS,
    ) -> list[Option]:
        """That user's legal options now as typed values (verb, arguments, command): what the
        adapters list and label; empty as :meth:`options_for`."""
        try:
            return await self.runner.read(
                channel_id, self.reads.choices, str(user_id), prefix, limit
            )
        except Refused:
            return []
        except Exception:
            guard.failure("choices_for", channel_id)
            return []

    async def options_reason(self, channel_id: str | int, user_id: str | int) -> str | None:
        """Why :meth:`options_for` has nothing for that user: ``None`` if he has options now,
        else a :class:`Code` - ``NOT_SEATED``, ``NOT_YOUR_DECISION``, ``GAME_OVER`` or
        ``NO_GAME`` (``UNAVAILABLE`` while the database is away, ``INTERNAL`` if the table
        cannot be read)."""
        try:
            return await self.runner.read(channel_id, self.reads.options_reason, str(user_id))
        except Refused as refused:
            return refused.code
        except Exception:
            return guard.failure("options_reason", channel_id)

    async def choosing(self, channel_id: str | int, user_id: str | int) -> Choosing:
        """The open decisions and that user's options (or why he has none), in one read:
        what an adapter needs to answer a click on a decision's control. Nothing open and
        the refusal's code as ``reason`` if the table cannot be read."""
        try:
            decisions, choices, reason = await self.runner.read(
                channel_id, self.reads.choosing, str(user_id)
            )
        except Refused as refused:
            return Choosing(reason=refused.code)
        except Exception:
            return Choosing(reason=guard.failure("choosing", channel_id))
        return Choosing(decisions, choices, reason)

    async def decision(self, channel_id: str | int) -> DecisionInfo | None:
        """Who must decide now in the channel's game (e.g. to rebuild buttons at start-up)."""
        try:
            return await self.runner.read(channel_id, self.reads.decision)
        except Refused:
            return None
        except Exception:
            guard.failure("decision", channel_id)
            return None

    async def decisions(self, channel_id: str | int) -> tuple[DecisionInfo, ...]:
        """Every open decision (several when seats decide at once, e.g. a sealed choice)."""
        try:
            return await self.runner.read(channel_id, self.reads.decisions)
        except Refused:
            return ()
        except Exception:
            guard.failure("decisions", channel_id)
            return ()
