"""A running game's seats changed by people: a player takes his seat back from the AI that
took it over (``/resume``), the host or a channel manager hands a seat to an AI (``/kick``)
or seats a waiting person at it (``/replace``). Every handover to an AI goes through
:class:`bot.table.handover.Handover`. Generic: nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.storage.store import PlayerInfo, Storage
from bot.table.ai_driving import check_level
from bot.table.ai_seat import ai_level
from bot.table.handover import Handover, reclaim_of
from bot.table.outputs import Code, Outcome
from bot.table.presentation import Presenter
from bot.table.records import Refused, Table
from bot.table.restore import Restore
from bot.table.vote import PauseVote
from engine.i18n.shared import _


class Seats:
    """``/resume``, ``/kick``, ``/replace`` (see the module docstring); ``save_players``
    stores a running game's changed seat list."""

    def __init__(
        self,
        storage: Storage,
        restore: Restore,
        presenter: Presenter,
        handover: Handover,
        vote: PauseVote,
        save_players: Callable[[int, Sequence[PlayerInfo]], None],
    ) -> None:
        self.storage = storage
        self.restore = restore
        self.presenter = presenter
        self.handover = handover
        self.vote = vote
        self.save_players = save_players

    def resume(self, table: Table, user_id: str, now: float) -> Outcome:
        """The player takes back his seat from the AI that took it over at a timeout."""
        self.restore.ensure_loaded(table)
        if table.state is None or table.record is None:
            raise Refused(Code.NO_GAME, _("no game is running here"))
        t = self.storage.open_takeover(table.record.id, user_id)
        d = self.vote.paused(table)
        if t is None and d is not None and d.user_id == user_id:
            # back during the pause: the vote is over, his decision is timed afresh
            self.storage.clear_timeout_votes(table.record.id, d.seat)
            self.storage.drop_deadline(table.record.id, d.seat)
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
        self.storage.end_takeover(table.record.id, t.seat, now)
        table.reseat(t.seat, players)
        name = table.state.players[t.seat]
        back = _("{name} is back and plays seat {seat} again.", name=name, seat=t.seat + 1)
        return self.presenter.announce(table, back)

    def _check_manager(self, table: Table, user_id: str, can_manage: bool, what: str) -> None:
        host = table.host()
        if not can_manage and (host is None or host.user_id != user_id):
            raise Refused(
                Code.NOT_ALLOWED,
                _(
                    "only the host ({name}) or a channel manager can {what}",
                    name=host.name if host else _("nobody"),
                    what=what,
                ),
            )

    def _seat(self, table: Table, seat: int) -> int:
        if not 1 <= seat <= len(table.players):
            raise Refused(Code.MALFORMED, _("seat must be 1 to {last}", last=len(table.players)))
        return seat - 1

    def kick(
        self,
        table: Table,
        user_id: str,
        seat: int,
        level: str | None,
        can_manage: bool,
        now: float,
    ) -> Outcome:
        """The host or a channel manager hands a human's seat (1-based) to an AI."""
        self.restore.ensure_loaded(table)
        if table.state is None or table.record is None:
            raise Refused(Code.NO_GAME, _("no game is running here"))
        # Translators: completes "only the host (…) or a channel manager can …"
        self._check_manager(table, user_id, can_manage, _("kick a seat to the AI"))
        s = self._seat(table, seat)
        if table.players[s].is_ai:
            raise Refused(Code.NOT_ALLOWED, _("seat {seat} is an AI already", seat=seat))
        if not any(not p.is_ai for i, p in enumerate(table.players) if i != s):
            raise Refused(Code.NOT_ALLOWED, _("no human would be left: /abort the game instead"))
        level = level or self.storage.get_timer_settings(table.channel_id).ai_level
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

    def replace_seat(
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
        self.restore.ensure_loaded(table)
        if table.state is None or table.record is None:
            raise Refused(Code.NO_GAME, _("no game is running here"))
        # Translators: completes "only the host (…) or a channel manager can …"
        self._check_manager(table, user_id, can_manage, _("replace a player"))
        s = self._seat(table, seat)
        if table.seat_of(new_user_id) is not None:
            raise Refused(
                Code.ALREADY_SEATED, _("{name} plays in this game already", name=new_name)
            )
        old = table.players[s]
        self.storage.end_takeover(table.record.id, s, now)  # an AI's: nobody resumes it now
        if old.user_id is not None and not old.is_ai:
            self.storage.add_takeover(table.record.id, s, old.user_id, old.name, "kick", now)
        players = list(table.players)
        players[s] = PlayerInfo(old.name, new_user_id, False, None)
        self.save_players(table.record.id, players)
        table.reseat(s, players)
        seat_name = table.state.players[s]
        taken = _(
            "{name} takes over seat {seat} ({player}).", name=new_name, seat=seat, player=seat_name
        )
        return self.presenter.announce(table, taken)

    def replace_seat_of(
        self,
        table: Table,
        user_id: str,
        target_user_id: str,
        new_user_id: str,
        new_name: str,
        can_manage: bool,
        now: float,
    ) -> Outcome:
        """:meth:`replace_seat` with the seat named by its player (or by the user the AI
        took it over from)."""
        self.restore.ensure_loaded(table)
        if table.state is None or table.record is None:
            raise Refused(Code.NO_GAME, _("no game is running here"))
        seat = table.seat_of(target_user_id)
        if seat is None:
            t = self.storage.open_takeover(table.record.id, target_user_id)
            if t is None:
                raise Refused(Code.NOT_SEATED, _("that user is not playing in this game"))
            seat = t.seat
        return self.replace_seat(table, user_id, seat + 1, new_user_id, new_name, can_manage, now)
