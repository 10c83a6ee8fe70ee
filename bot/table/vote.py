"""The vote at a pause: while a game waits for a player whose time ran out, the other human
players vote to let an AI play the seat, to keep waiting, or to end the game; a strict
majority of them decides at once, and the paused player's own decision (or ``/resume``)
ends the vote. Votes are stored (a restart keeps them). Generic: nothing here knows a game.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from bot.storage.repositories import Database
from bot.storage.store import Deadline
from bot.table import guard
from bot.table.handover import Handover, reclaim_of, timeout_level
from bot.table.outputs import Code, Outcome
from bot.table.presentation import decisions_info
from bot.table.records import Refused, Table, why
from bot.table.restore import Restore
from bot.table.runner import ChannelRunner
from bot.table.teardown import Teardown
from engine.i18n.shared import N_, _, _n

log = logging.getLogger("bot.service")


def open_human_seats(table: Table) -> dict[int, str | None]:
    """The open decisions of human seats: seat -> its player's user id."""
    return {
        d.seat: d.user_id
        for d in decisions_info(table, table.state)
        if not d.is_ai and d.user_id is not None
    }


#: What the other players may vote for while a game is paused at a timeout.
#: (labels marked for the catalogs: say them with ``_(label)`` at use)
VOTE_CHOICES: dict[str, str] = {
    "ai": N_("Let an AI play the seat"),
    "wait": N_("Keep waiting"),
    "end": N_("End the game"),
}
_VOTE_WORDS = {
    "ai": "ai",
    "wait": "wait",
    "keep": "wait",
    "end": "end",
    "abort": "end",
    # in the other languages the table speaks
    "mi": "ai",
    "ia": "ai",
    "待つ": "wait",
    "終了": "end",
    "vár": "wait",
    "várunk": "wait",
    "vége": "end",
    "aspetta": "wait",
    "aspettare": "wait",
    "fine": "end",
    "termina": "end",
}


def parse_vote(text: str) -> str:
    """``ai``, ``wait`` or ``end`` (``ValueError`` otherwise)."""
    choice = _VOTE_WORDS.get(text.strip().casefold())
    if choice is None:
        raise ValueError(_("vote ai, wait or end"))
    return choice


@dataclass(frozen=True, slots=True)
class VoteTally:
    """The running vote on a seat paused at a timeout: ``votes`` counts each choice of the
    ``voters`` (the other human players); ``needed`` is a strict majority of them."""

    seat: int
    name: str
    user_id: str | None
    voters: tuple[str, ...]
    votes: dict[str, str]
    needed: int

    def count(self, choice: str) -> int:
        return sum(1 for v in self.votes.values() if v == choice)

    @property
    def winner(self) -> str | None:
        return next((c for c in VOTE_CHOICES if self.count(c) >= self.needed), None)

    def text(self) -> str:
        """The tally as a person would say it: who ran out of time, the votes so far for
        each choice, how many votes decide."""
        ai, wait, end = (self.count(c) for c in VOTE_CHOICES)
        voters = len(self.voters)
        # Translators: who votes and how many votes decide a pause vote; {n} is the number
        # of players who vote (1: just the one other player), {needed} a strict majority
        majority = _n(
            "The other player's vote decides.",
            "The other {n} players vote: {needed} votes decide.",
            voters,
            needed=self.needed,
        )
        return "🗳️ " + _(
            "{name} ran out of time. Votes so far: {ai}, {wait}, {end}. {majority} Until "
            "then, {name} can still decide.",
            name=self.name,
            ai=_n("{n} vote to let an AI play", "{n} votes to let an AI play", ai),
            wait=_n("{n} vote to keep waiting", "{n} votes to keep waiting", wait),
            end=_n("{n} vote to end the game", "{n} votes to end the game", end),
            majority=majority,
        )


class PauseVote:
    """The vote at a pause (see the module docstring): a win for the AI hands the seat over
    (``handover``), a win for the end ends the game (``teardown``). Adapters call
    :meth:`cast` and :meth:`status` (run by the channel ``runner``); the timers and the
    seats read :meth:`paused` and :meth:`tally` in the worker thread."""

    def __init__(
        self,
        storage: Database,
        restore: Restore,
        handover: Handover,
        teardown: Teardown,
        runner: ChannelRunner,
    ) -> None:
        self.storage = storage
        self.restore = restore
        self.handover = handover
        self.teardown = teardown
        self.runner = runner

    async def cast(self, channel_id: str | int, user_id: str | int, choice: str) -> Outcome:
        """One of the other human players votes (``ai``, ``wait`` or ``end``, in any language
        the table speaks) on the game paused at a timeout: see :meth:`decide`."""
        now = self.runner.now()
        decide = self.decide
        return await self.runner.guarded(
            "vote", channel_id, user_id, decide, str(user_id), choice, now
        )

    async def status(self, channel_id: str | int) -> str | None:
        """The running vote's tally in one line, in the table's language (``None``: no vote
        is open, or the table cannot be read)."""
        try:
            return await self.runner.locked(
                channel_id, self.runner.in_table_language(self.tally_text)
            )
        except Refused:
            return None
        except Exception:
            guard.failure("vote status", channel_id)  # not for players
            return None

    def paused(self, table: Table) -> Deadline | None:
        """The first human seat whose time ran out and whose game waits for it."""
        if table.state is None or table.record is None:
            return None
        open_seats = open_human_seats(table)
        return next(
            (
                d
                for d in self.storage.deadlines.deadlines(table.record.id)
                if d.timed_out and d.seat in open_seats
            ),
            None,
        )

    def tally(self, table: Table) -> VoteTally | None:
        """The running vote of a game paused at a timeout (``None``: no vote, e.g. nobody
        else is there to vote)."""
        d = self.paused(table)
        if d is None or table.state is None or table.record is None:
            return None
        voters = tuple(
            dict.fromkeys(
                p.user_id
                for i, p in enumerate(table.players)
                if not p.is_ai and p.user_id and i != d.seat and p.user_id != d.user_id
            )
        )
        if not voters:
            return None
        votes = self.storage.timeout_votes.timeout_votes(table.record.id, d.seat)
        votes = {v: c for v, c in votes.items() if v in voters}
        name = table.state.players[d.seat]
        return VoteTally(d.seat, name, d.user_id, voters, votes, len(voters) // 2 + 1)

    def tally_text(self, table: Table) -> str | None:
        self.restore.ensure_loaded(table)
        tally = self.tally(table)
        return None if tally is None else tally.text()

    def decide(self, table: Table, user_id: str, text: str, now: float) -> Outcome:
        """One of the other human players votes (or changes his vote) on the seat paused at
        a timeout; a strict majority decides at once: an AI takes the seat (at the table's
        level; ``/resume`` takes it back), or the game ends as aborted. Until then the
        outcome carries no public update (see :meth:`tally_text` for the tally)."""
        self.restore.ensure_loaded(table)
        if table.state is None or table.record is None:
            raise Refused(Code.NO_GAME, _("no game is running here"))
        try:
            choice = parse_vote(text)
        except ValueError as exc:
            raise Refused(Code.MALFORMED, why(exc)) from exc
        d = self.paused(table)
        if d is None:
            raise Refused(Code.NOT_ALLOWED, _("no game is paused for a vote here"))
        if d.user_id == user_id:
            raise Refused(Code.NOT_ALLOWED, _("the others vote: make your decision (or /resume)"))
        tally = self.tally(table)
        if tally is None or user_id not in tally.voters:
            raise Refused(Code.NOT_SEATED, _("only the other players of this game vote"))
        self.storage.timeout_votes.set_timeout_vote(table.record.id, d.seat, user_id, choice, now)
        tally = replace(tally, votes={**tally.votes, user_id: choice})
        winner = tally.winner
        if winner == "ai":  # the handover forgets the votes in its transaction
            lv = timeout_level(
                table, self.storage.timer_settings.get_timer_settings(table.channel_id)
            )
            header = "🗳️ " + _(
                "The players voted: an AI ({level}) plays {name}'s seat "
                "{seat} for now. {name} takes it back with /resume.",
                level=lv.name,
                name=tally.name,
                seat=d.seat + 1,
            )
            out = self.handover.to_ai(
                table, d.seat, lv, header, now, reclaim=reclaim_of(table, d.seat, "timeout")
            )
            assert out is not None  # only a timeout's handover can find it done already
            return out
        if winner == "end":
            text = "🗳️ " + _(
                "The players voted to end the game while waiting for {name}: it is "
                "aborted (its record is kept). /join to start over.",
                name=tally.name,
            )
            released = () if d.user_id is None else (d.user_id,)
            return self.teardown.aborted(table, text, released=released)
        return Outcome(True, game_id=table.record.id)
