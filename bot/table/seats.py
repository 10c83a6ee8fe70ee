"""A running game's seats changed by people: a player takes his seat back from the AI that
took it over (``/resume``), the host or a channel manager hands a seat to an AI (``/kick``)
or seats a waiting person at it (``/replace``), a player leaves the game or is handed to an
AI (``/leave``, the host's ``/replace`` with an AI; the last human leaving ends the game
through the one :class:`bot.table.teardown.Teardown`). Every handover to an AI goes through
:class:`bot.table.handover.Handover`. Generic: nothing here knows a game.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.storage.repositories import Database
from bot.storage.store import PlayerInfo, Takeover
from bot.table import guard
from bot.table.ai_driving import check_level
from bot.table.ai_seat import UnknownAiLevel, ai_level
from bot.table.handover import Handover, Reclaim, reclaim_of, timeout_level
from bot.table.outputs import Code, Outcome
from bot.table.presentation import Presenter
from bot.table.records import Refused, Table, why
from bot.table.restore import Restore
from bot.table.runner import ChannelRunner
from bot.table.teardown import Teardown
from bot.table.vote import PauseVote
from engine.i18n.shared import _

log = logging.getLogger("bot.service")


def require_host_or_manager(
    table: Table, user_id: str, can_manage: bool, refusal: Callable[[str], str]
) -> None:
    """:class:`Refused` (``refusal`` of the host's name) unless ``user_id`` is the table's host
    or ``can_manage`` (a channel manager): the one check of who may abort, kick or replace."""
    host = table.host()
    if not can_manage and (host is None or host.user_id != user_id):
        raise Refused(Code.NOT_ALLOWED, refusal(host.name if host else _("nobody")))


def _host_or_manager_may(what: str) -> Callable[[str], str]:
    """The refusal of a seat change only the host or a manager may make (``what``)."""
    return lambda host: _(
        "only the host ({name}) or a channel manager can {what}", name=host, what=what
    )


@dataclass(eq=False)
class Seats:
    """``/resume``, ``/kick``, ``/replace``, a player leaving a running game (see the module
    docstring)."""

    storage: Database
    restore: Restore
    presenter: Presenter
    handover: Handover
    vote: PauseVote
    #: the one end of a game: the last human leaves
    teardown: Teardown
    #: the refusal when no game runs (bot.table.session.Session.no_game)
    no_game: Callable[[Table], Refused]
    runner: ChannelRunner

    # -- what adapters call (run by the channel runner) -----------------------------------

    async def resume(self, channel_id: str | int, user_id: str | int) -> Outcome:
        """Take back one's seat from the AI that took it over at a timeout (see
        :meth:`take_back`)."""
        uid, now = str(user_id), self.runner.now()
        return await self.runner.guarded(
            "resume_seat", channel_id, user_id, self.take_back, uid, now
        )

    async def standing(self, channel_id: str | int, user_id: str | int) -> str:
        """Where the user stands after an AI took his seat over: ``held`` (an AI plays it and
        ``/resume`` gives it back), ``back`` (he plays in the game again) or ``none`` (no
        game, or he is out of it; also if the table cannot be read). An adapter keeps a
        "take my seat back" control only while it is ``held``."""
        try:
            return await self.runner.locked(channel_id, self.where, str(user_id))
        except Refused:
            return "none"
        except Exception:
            guard.failure("seat standing", channel_id)  # not for players
            return "none"

    async def held(self, game_id: int, user_id: str | int) -> Takeover | None:
        """The open takeover of ``user_id``'s seat in game ``game_id`` (an AI plays it since his
        time ran out, or since he was handed over), if any (``None`` too if the storage cannot
        be read, logged)."""
        read = self.runner.run(self.storage.takeovers.open_takeover, game_id, str(user_id))
        return await guard.neutral("held", f"game {game_id}", read, None)

    async def kick(
        self,
        channel_id: str | int,
        user_id: str | int,
        seat: int,
        level: str | None = None,
        can_manage: bool = False,
    ) -> Outcome:
        """The host or a channel manager hands seat ``seat`` (1-based) to an AI (see
        :meth:`move_out`)."""
        args = (str(user_id), seat, level, can_manage, self.runner.now())
        return await self.runner.guarded("kick", channel_id, user_id, self.move_out, *args)

    async def replace(
        self,
        channel_id: str | int,
        user_id: str | int,
        new_user_id: str | int,
        new_name: str,
        can_manage: bool = False,
        *,
        seat: int | None = None,
        player: str | int | None = None,
    ) -> Outcome:
        """The host or a channel manager gives a seat to a waiting person: the seat ``seat``
        (1-based, :meth:`seat_person`) or ``player``'s (:meth:`seat_person_of`)."""
        uid, new, now = str(user_id), str(new_user_id), self.runner.now()
        if player is None:  # no seat named: seat 0, which the work refuses as no seat
            args = (uid, seat or 0, new, new_name, can_manage, now)
            return await self.runner.guarded(
                "replace_seat", channel_id, user_id, self.seat_person, *args
            )
        args_of = (uid, str(player), new, new_name, can_manage, now)
        return await self.runner.guarded(
            "replace_seat", channel_id, user_id, self.seat_person_of, *args_of
        )

    async def replace_with_ai(
        self,
        channel_id: str | int,
        user_id: str | int,
        target_user_id: str | int,
        level: str | None = None,
        can_manage: bool = False,
    ) -> Outcome:
        """Hand ``target_user_id``'s seat in the running game to an AI (the host, a manager or
        the player himself may do this, e.g. for a player who went away; see
        :meth:`hand_to_ai`)."""
        uid, target = str(user_id), str(target_user_id)
        args = (uid, target, level, can_manage, self.runner.now())
        return await self.runner.guarded(
            "replace_with_ai", channel_id, user_id, self.hand_to_ai, *args
        )

    # -- the work (in the worker thread, under the channel's lock) --------------------------

    def hand_to_ai(
        self,
        table: Table,
        user_id: str,
        target_user_id: str,
        level: str | None,
        can_manage: bool,
        now: float = 0.0,
    ) -> Outcome:
        """Give a running game's seat to an AI (the player left, or was replaced; ``now``:
        the timers' clock)."""
        self.restore.ensure_loaded(table)
        if table.state is None or table.record is None:
            raise self.no_game(table)
        seat = table.seat_of(target_user_id)
        if seat is None:
            raise Refused(
                Code.NOT_SEATED,
                _("you are not playing in this game")
                if user_id == target_user_id
                else _("that user is not playing in this game"),
            )
        host = table.host()
        if (
            user_id != target_user_id
            and not can_manage
            and (host is None or host.user_id != user_id)
        ):
            raise Refused(
                Code.NOT_ALLOWED,
                _(
                    "only the player himself, the host or a channel manager can hand a seat "
                    "to an AI"
                ),
            )
        try:
            settings = self.storage.timer_settings.get_timer_settings(table.channel_id)
            lv = ai_level(level) if level else timeout_level(table, settings)
        except UnknownAiLevel as exc:
            raise Refused(Code.UNKNOWN_AI, why(exc)) from exc
        check_level(table.record.game_type, lv.name, _("the new AI"))
        name = table.state.players[seat]
        humans = [p for i, p in enumerate(table.players) if not p.is_ai and i != seat]
        self.storage.lobby.leave_seat(table.channel_id, target_user_id)
        if not humans:
            left = _("{name} leaves; no human player is left: the game is aborted.", name=name)
            return self.teardown.aborted(table, left)
        header = _(
            "{name} leaves the game; an AI ({level}) plays seat {seat} from now on.",
            name=name,
            level=lv.name,
            seat=seat + 1,
        )
        # the game is marked for the stats (its seat rows say an AI took a seat over); a
        # player moved out by someone else is remembered (the host may /replace him back)
        old = table.players[seat]
        moved = user_id != target_user_id and old.user_id is not None
        reclaim = Reclaim(target_user_id, old.name, "kick") if moved else None
        out = self.handover.to_ai(table, seat, lv, header, now, reclaim=reclaim)
        assert out is not None  # only a timeout's handover can find it done already
        return out

    def save_players(self, game_id: int, players: Sequence[PlayerInfo]) -> None:
        """Persist a changed seat list of a running game (:class:`GameNotActive` if it is
        not running)."""
        self.storage.games.update_players(game_id, list(players))

    def where(self, table: Table, user_id: str) -> str:
        self.restore.ensure_loaded(table)
        if table.state is None or table.record is None:
            return "none"
        if table.seat_of(user_id) is not None:
            return "back"
        taken = self.storage.takeovers.open_takeover(table.record.id, user_id)
        return "held" if taken is not None and taken.kind != "kick" else "none"

    def take_back(self, table: Table, user_id: str, now: float) -> Outcome:
        """The player takes back his seat from the AI that took it over at a timeout."""
        self.restore.ensure_loaded(table)
        if table.state is None or table.record is None:
            raise Refused(Code.NO_GAME, _("no game is running here"))
        t = self.storage.takeovers.open_takeover(table.record.id, user_id)
        d = self.vote.paused(table)
        if t is None and d is not None and d.user_id == user_id:
            # back during the pause: the vote is over, his decision is timed afresh
            self.storage.timeout_votes.clear_timeout_votes(table.record.id, d.seat)
            self.storage.deadlines.drop_deadline(table.record.id, d.seat)
            name = table.state.players[d.seat]
            return self.presenter.announce(
                table, _("{name} is back: the game goes on, {name} decides.", name=name)
            )
        if t is None:
            if table.seat_of(user_id) is not None:
                raise Refused(Code.NOT_ALLOWED, _("your seat is yours already: just play"))
            raise Refused(Code.NOT_SEATED, _("no seat of yours was taken over in this game"))
        if t.kind == "kick":
            raise Refused(
                Code.NOT_ALLOWED,
                _("you were moved out of this game by the host; ask them to /replace the seat"),
            )
        players = list(table.players)
        players[t.seat] = PlayerInfo(t.name, user_id, False, None)
        self.save_players(table.record.id, players)
        self.storage.takeovers.end_takeover(table.record.id, t.seat, now)
        table.reseat(t.seat, players)
        name = table.state.players[t.seat]
        back = _("{name} is back and plays seat {seat} again.", name=name, seat=t.seat + 1)
        return self.presenter.announce(table, back)

    def _seat(self, table: Table, seat: int) -> int:
        if not 1 <= seat <= len(table.players):
            raise Refused(Code.MALFORMED, _("seat must be 1 to {last}", last=len(table.players)))
        return seat - 1

    def move_out(
        self,
        table: Table,
        user_id: str,
        seat: int,
        level: str | None,
        can_manage: bool,
        now: float,
    ) -> Outcome:
        """The host or a channel manager hands a human's seat (1-based) to an AI."""
        # Translators: completes "only the host (…) or a channel manager can …"
        self._managed_game(table, user_id, can_manage, _("kick a seat to the AI"))
        assert table.state is not None and table.record is not None  # checked just above
        s = self._seat(table, seat)
        if table.players[s].is_ai:
            raise Refused(Code.NOT_ALLOWED, _("seat {seat} is an AI already", seat=seat))
        if not any(not p.is_ai for i, p in enumerate(table.players) if i != s):
            raise Refused(Code.NOT_ALLOWED, _("no human would be left: /abort the game instead"))
        settings = self.storage.timer_settings.get_timer_settings(table.channel_id)
        level = level or timeout_level(table, settings).name
        check_level(table.record.game_type, level, _("the new AI"))
        name = table.state.players[s]
        header = _(
            "{name} was moved to the AI: an AI ({level}) plays seat {seat}.",
            name=name,
            level=ai_level(level).name,
            seat=seat,
        )
        out = self.handover.to_ai(
            table, s, ai_level(level), header, now, reclaim=reclaim_of(table, s, "kick")
        )
        assert out is not None  # only a timeout's handover can find it done already
        return out

    def _managed_game(self, table: Table, user_id: str, can_manage: bool, what: str) -> None:
        """:class:`Refused` unless a game runs and the host or a manager asks ``what``."""
        self.restore.ensure_loaded(table)
        if table.state is None or table.record is None:
            raise Refused(Code.NO_GAME, _("no game is running here"))
        require_host_or_manager(table, user_id, can_manage, _host_or_manager_may(what))

    def seat_person(
        self,
        table: Table,
        user_id: str,
        seat: int,
        new_user_id: str,
        new_name: str,
        can_manage: bool,
        now: float,
    ) -> Outcome:
        """The host or a channel manager seats a waiting person (``new_user_id``) at a seat
        (1-based; a human's or an AI's) of the running game."""
        # Translators: completes "only the host (…) or a channel manager can …"
        self._managed_game(table, user_id, can_manage, _("replace a player"))
        assert table.state is not None and table.record is not None  # checked just above
        s = self._seat(table, seat)
        if table.seat_of(new_user_id) is not None:
            raise Refused(
                Code.ALREADY_SEATED, _("{name} plays in this game already", name=new_name)
            )
        old = table.players[s]
        self.storage.takeovers.end_takeover(
            table.record.id, s, now
        )  # an AI's: nobody resumes it now
        if old.user_id is not None and not old.is_ai:
            self.storage.takeovers.add_takeover(
                table.record.id, s, old.user_id, old.name, "kick", now
            )
        players = list(table.players)
        players[s] = PlayerInfo(old.name, new_user_id, False, None)
        self.save_players(table.record.id, players)
        table.reseat(s, players)
        seat_name = table.state.players[s]
        taken = _(
            "{name} takes over seat {seat} ({player}).", name=new_name, seat=seat, player=seat_name
        )
        return self.presenter.announce(table, taken)

    def seat_person_of(
        self,
        table: Table,
        user_id: str,
        target_user_id: str,
        new_user_id: str,
        new_name: str,
        can_manage: bool,
        now: float,
    ) -> Outcome:
        """:meth:`seat_person` with the seat named by its player (or by the user the AI
        took it over from)."""
        self.restore.ensure_loaded(table)
        if table.state is None or table.record is None:
            raise Refused(Code.NO_GAME, _("no game is running here"))
        seat = table.seat_of(target_user_id)
        if seat is None:
            t = self.storage.takeovers.open_takeover(table.record.id, target_user_id)
            if t is None:
                raise Refused(Code.NOT_SEATED, _("that user is not playing in this game"))
            seat = t.seat
        return self.seat_person(table, user_id, seat + 1, new_user_id, new_name, can_manage, now)
