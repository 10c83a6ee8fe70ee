"""Handing a running game's seat to an AI: the one path every way there goes through (a
turn timer's timeout, the other players' vote at a pause, ``/kick``, ``/leave``,
``/replace``).

The seat's change is stored in one transaction (with the timeout's fired-mark and notice when
a timeout is its cause, so the timeout and its effect happen exactly once, also across a
crash; and with the record by which the player gets the seat back: ``/resume`` after a
timeout or a vote, the host's ``/replace`` after ``/kick`` or a host's ``/replace`` with an
AI; a player who leaves himself gets none); then
the AI seats play what they must, which may end the game: the answer is then the takeover,
the AI's moves and the game's end, as any move's. Generic: nothing here knows a game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.storage.repositories import TakeoverRepository, UnitOfWork
from bot.storage.store import PlayerInfo, TimerSettings
from bot.table.ai_driving import AiDriver, check_level
from bot.table.ai_seat import AiLevel, UnknownAiLevel, ai_level
from bot.table.outputs import Code, Outcome
from bot.table.presentation import Presenter
from bot.table.records import Refused, Table
from engine.i18n.shared import _


@dataclass(frozen=True, slots=True)
class Reclaim:
    """How the player gets the seat back: ``kind`` ``timeout`` (``/resume``) or ``kick``
    (the host ``/replace``s him in)."""

    user_id: str
    name: str
    kind: str


def taken_over(takeovers: TakeoverRepository, table: Table, user_id: str) -> Code | None:
    """Why ``user_id`` holds no seat of the running game although he played in it:
    :attr:`Code.TAKEN_OVER` (an AI plays his seat since a timeout: ``/resume`` takes it
    back) or :attr:`Code.MOVED_OUT` (the host handed it to an AI); ``None`` otherwise."""
    if table.record is None or table.state is None:
        return None
    t = takeovers.open_takeover(table.record.id, user_id)
    if t is None:
        return None
    return Code.MOVED_OUT if t.kind == "kick" else Code.TAKEN_OVER


class Handover:
    """See the module docstring."""

    def __init__(self, storage: UnitOfWork, ai: AiDriver, presenter: Presenter) -> None:
        self.storage = storage
        self.ai = ai
        self.presenter = presenter

    def to_ai(
        self,
        table: Table,
        seat: int,
        level: AiLevel,
        header: str,
        now: float,
        *,
        reclaim: Reclaim | None = None,
        timed_out: bool = False,
    ) -> Outcome | None:
        """An AI at ``level`` plays ``seat`` from now on and moves if it must; ``header``
        announces it. ``reclaim``: the player may get the seat back; ``timed_out``: the
        seat's timeout is the cause (marked fired with the change; ``None`` is returned and
        nothing changes if it had fired already)."""
        record, before = table.record, table.state
        assert record is not None and before is not None
        old = table.players[seat]
        players = list(table.players)
        players[seat] = PlayerInfo(old.name, None, True, level.code)
        if not self._store(record.id, seat, players, now, reclaim, timed_out):
            return None
        table.reseat(seat, players)
        moves = self.ai.ai_chain(table)  # may end the game: the table then has none
        out = self.presenter.reseated(table, before, moves, header, players, record.id)
        return out if old.user_id is None else replace(out, released=(old.user_id,))

    def _store(
        self,
        game_id: int,
        seat: int,
        players: list[PlayerInfo],
        now: float,
        reclaim: Reclaim | None,
        timed_out: bool,
    ) -> bool:
        """The seat's change in ONE transaction over the game and its timers: the timeout's
        fired mark and notice (``timed_out``), the game's new players with its takeover mark,
        the record to reclaim the seat by, the votes of a pause on it forgotten. False (and
        nothing changed) if the timeout had fired already; :class:`GameNotActive` (nothing
        changed) if the game is not running."""
        with self.storage.transaction("hand_seat_to_ai", game=game_id) as tx:
            if timed_out and not tx.deadlines.fire_timeout(game_id, seat, "takeover"):
                return False
            tx.games.update_players(game_id, players, takeover=True)
            if reclaim is not None:
                tx.takeovers.add_takeover(
                    game_id, seat, reclaim.user_id, reclaim.name, reclaim.kind, now
                )
            tx.timeout_votes.clear_timeout_votes(game_id, seat)
            return True


def reclaim_of(table: Table, seat: int, kind: str) -> Reclaim | None:
    """Who may get ``seat`` back after an AI took it (``kind``: how, see :class:`Reclaim`)."""
    old = table.players[seat]
    return None if old.user_id is None else Reclaim(old.user_id, old.name, kind)


def table_level(table: Table) -> str | None:
    """The level the table's AI seats play (the strongest of them if they differ; #28), or
    ``None`` at a table without an AI seat."""
    codes = [p.ai_level for p in table.players if p.is_ai and p.ai_level is not None]
    return ai_level(max(codes)).name if codes else None


def timeout_level(table: Table, settings: TimerSettings) -> AiLevel:
    """The AI level that takes a seat (at a timeout, a vote, a kick or a leave without a
    level named): the one ``settings`` name, else the table's (:func:`table_level`), if the
    game has it; else the default level."""
    assert table.record is not None
    codes = [p.ai_level for p in table.players if p.is_ai and p.ai_level is not None]
    return takeover_level(table.record.game_type, settings, codes)


def takeover_level(game: str | None, settings: TimerSettings, ai_codes: list[int]) -> AiLevel:
    """The AI level that takes a seat of ``game`` (``None``: not known yet) at a table whose AI
    seats play ``ai_codes`` (:func:`timeout_level`; a lobby says it before the game starts)."""
    level: str | None = settings.ai_level or (ai_level(max(ai_codes)).name if ai_codes else None)
    try:
        if game is not None:
            check_level(game, level, _("the timeout AI"))
        else:
            ai_level(level)
    except (Refused, UnknownAiLevel):  # a level no game has any more: the default one
        level = None
    return ai_level(level)
