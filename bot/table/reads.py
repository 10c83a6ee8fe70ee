"""Reads: board, hand, status, log, options and views; they never change a table."""

from __future__ import annotations

from collections import deque

from bot.storage.repositories import GameRepository, LobbyRepository, TakeoverRepository
from bot.storage.store import PlayerInfo
from bot.table import stages
from bot.table.dispatch import RenderDispatch
from bot.table.handover import taken_over
from bot.table.input_guard import normal_command
from bot.table.lobby import lobby_game
from bot.table.lobby_texts import lobby_text
from bot.table.outputs import Code, DecisionInfo, ImageKind, Reply
from bot.table.presentation import decision_info, decisions_info
from bot.table.records import LOG_KEEP, LogEntry, Refused, Table
from bot.table.restore import Restore, fresh_state, log_entry
from bot.table.session import Session
from engine.core import JSON, GameState, Option, options_of
from engine.i18n import say
from engine.i18n.shared import _
from engine.view_parts import own_decision_of


def status_lines(table: Table, state: GameState) -> list[str]:
    view = state.public_view()
    reg = table.game
    title = reg.title
    lines: list[str] = []
    if state.is_over:
        summary = table.finished.summary if table.finished else _("the game is over")
        lines.append(f"{title} — {summary}")
    else:
        d = state.pending()
        header = table.parts.header(view)
        head = f"{title} — {header.counter_text}"
        if header.active is not None:
            head = _("{status}, {name}'s turn", status=head, name=header.name(header.active))
        if d is not None:
            names, task = stages.waiting_for(state)
            head = (
                # Translators: {task} is what they are doing, a noun phrase ("drawing cards")
                _("{status}; waiting for {names} ({task})", status=head, names=names, task=task)
                if task
                else _("{status}; waiting for {names}", status=head, names=names)
            )
        lines.append(head)
    lines.extend(table.parts.texts.status_lines(view))
    options = table_options(table, state)
    if reg.options:
        lines.append(_("options: {options}", options=reg.describe_options(options)))
    return lines


def table_options(table: Table, state: GameState) -> dict[str, str]:
    """The option texts of the game shown (running or last finished)."""
    if table.record is not None and state is table.state:
        return dict(table.record.options or {})
    if table.finished is not None:
        return dict(table.finished.options)
    return {}


class Reads:
    """The reads of a channel's table (board, hand, status, log, options, views), loaded
    through ``restore``; images through ``draw``'s per-table cache."""

    def __init__(
        self,
        games: GameRepository,
        lobby: LobbyRepository,
        takeovers: TakeoverRepository,
        restore: Restore,
        session: Session,
        draw: RenderDispatch,
    ) -> None:
        self.games = games
        self.lobby = lobby
        self.takeovers = takeovers
        self.restore = restore
        self.session = session
        self.draw = draw

    def remember_last_game(self, table: Table) -> None:
        """After a restart: the channel's last finished game (replayed) for board/hand/log."""
        if table.state is None and table.finished is None and table.broken is None:
            self.session.no_game(table)

    def shown_state(self, table: Table) -> tuple[GameState, list[PlayerInfo]]:
        self.restore.ensure_loaded(table)
        self.remember_last_game(table)
        if table.state is not None:
            return table.state, table.players
        if table.finished is not None and table.finished.state is not None:
            return table.finished.state, table.finished.players
        raise self.session.no_game(table)

    def board(self, table: Table) -> Reply:
        state = self.shown_state(table)[0]
        view = state.public_view()
        kind: ImageKind = "board"
        image = self.draw.cached_image(table, state, kind, -1, view)
        return Reply(
            status_lines(table, state)[0],
            image=image,
            image_kind=kind if image is not None else None,
            decision=decision_info(table, table.state),
        )

    def hand(self, table: Table, user_id: str) -> Reply:
        state, players = self.shown_state(table)
        seat = next(
            (i for i, p in enumerate(players) if not p.is_ai and p.user_id == user_id), None
        )
        if seat is None:
            raise Refused(Code.NOT_SEATED, _("you are not playing in this game"))
        view = state.player_view(seat)
        image = self.draw.cached_image(table, state, "hand", seat, view)
        lines = [table.parts.texts.hand_text(view)]
        mine = own_decision_of(view)
        if mine is not None:
            lines.append(_("your decision: {prompt}", prompt=mine["prompt"]))
        return Reply(
            "\n".join(lines),
            image=image,
            image_kind="hand" if image is not None else None,
            private=True,
        )

    def game_of(self, table: Table) -> str | None:
        """The game of the channel's table: running, else the lobby's choice, else the last one."""
        self.restore.ensure_loaded(table)
        if table.record is not None:
            return table.record.game_type
        if table.lobby_game is not None:
            return table.lobby_game
        return table.finished.game_type if table.finished is not None else None

    def options_of(self, table: Table) -> dict[str, str] | None:
        """The options of the channel's table as :func:`game_of` finds its game (``None``: no
        table)."""
        self.restore.ensure_loaded(table)
        if table.record is not None:
            return dict(table.record.options or {})
        if table.lobby_game is not None:
            return dict(table.lobby_options)
        if table.finished is not None:
            return dict(table.finished.options)
        return None

    def status(self, table: Table) -> Reply:
        self.restore.ensure_loaded(table)
        if table.state is None:
            if table.broken is not None:
                raise self.session.no_game(table)
            seats = self.lobby.list_seats(table.channel_id)
            if seats:
                text = lobby_text(lobby_game(table, seats), seats, table)
                if table.finished is not None:
                    last = _("Last game: {results}", results=table.finished.summary)
                    text = f"{last}\n{text}"
                return Reply(text)
            if table.finished is not None and table.finished.state is not None:
                lines = status_lines(table, table.finished.state)
                return Reply("\n".join(lines), lines=tuple(lines))
            raise self.session.no_game(table)
        lines = status_lines(table, table.state)
        return Reply(
            "\n".join(lines),
            lines=tuple(lines),
            decision=decision_info(table, table.state),
        )

    def log(self, table: Table, limit: int) -> Reply:
        self.restore.ensure_loaded(table)
        self.remember_last_game(table)
        limit = max(1, min(limit, LOG_KEEP))
        if table.state is not None and table.record is not None:
            total = len(table.state.history)
            entries = list(table.log)
            want = min(limit, total)
            if len(entries) < want:
                entries = self.rebuild_log(table)
            entries = entries[-limit:]
        elif table.finished is not None and table.finished.log:
            entries = table.finished.log[-limit:]
        elif table.finished is not None or table.broken is not None:
            raise self.session.no_game(table)
        else:
            raise self.session.no_game(table)
        if not entries:
            return Reply(_("no moves yet"))
        lines = tuple(f"#{e.seq + 1} {say(e.text)}" for e in entries)
        return Reply("\n".join(lines), lines=lines)

    def rebuild_log(self, table: Table) -> list[LogEntry]:
        """Replay the whole game from the seed to put every move back into words."""
        record = table.record
        assert record is not None
        state = fresh_state(record)
        entries: deque[LogEntry] = deque(maxlen=LOG_KEEP)
        for move in self.games.moves(record.id):
            events = state.apply(move.seat, move.command)
            entries.append(log_entry(state, move.seq, move.seat, events))
        table.log = entries
        return list(entries)

    def choices(self, table: Table, user_id: str, prefix: str, limit: int | None) -> list[Option]:
        """That user's legal options now as typed values (see :meth:`options`), with the notes
        their decision gives them (:attr:`engine.core.Option.note`: what choosing one would
        bring about that he may not expect, said before he chooses it)."""
        choices = options_of(self.options(table, user_id, prefix, limit))
        state, seat = table.state, table.seat_of(user_id)
        if state is None or seat is None:
            return list(choices)
        noted = {
            o.command: o for d in state.pending_all() if d.seat == seat for o in d.choices if o.note
        }
        return [noted.get(o.command, o) for o in choices]

    def options(self, table: Table, user_id: str, prefix: str, limit: int | None) -> list[str]:
        """That user's legal commands now: those starting with ``prefix`` first, then those
        containing it; at most ``limit``."""
        self.restore.ensure_loaded(table)
        state = table.state
        if state is None:
            return []
        seat = table.seat_of(user_id)
        if seat is None:
            return []
        options = state.legal_commands(seat)
        p = normal_command(prefix).casefold()
        if p:
            starts = [o for o in options if o.casefold().startswith(p)]
            inside = [o for o in options if p in o.casefold() and o not in starts]
            options = starts + inside
        return options if limit is None else options[:limit]

    def options_reason(self, table: Table, user_id: str) -> str | None:
        self.restore.ensure_loaded(table)
        state = table.state
        if state is None:
            return Code.GAME_OVER if table.finished is not None else Code.NO_GAME
        seat = table.seat_of(user_id)
        if seat is None:
            return taken_over(self.takeovers, table, user_id) or Code.NOT_SEATED
        if state.is_over or state.pending() is None:
            return Code.GAME_OVER
        if stages.has_answered(state, seat):
            return Code.ALREADY_CHOSEN
        return None if state.legal_commands(seat) else Code.NOT_YOUR_DECISION

    def choosing(
        self, table: Table, user_id: str
    ) -> tuple[tuple[DecisionInfo, ...], tuple[Option, ...], str | None]:
        """The open decisions, that user's options and why he has none (see
        :meth:`options_reason`), read together."""
        self.restore.ensure_loaded(table)
        decisions = decisions_info(table, table.state)
        choices = tuple(self.choices(table, user_id, "", None))
        try:
            reason = self.options_reason(table, user_id)
        except Refused as refused:
            reason = refused.code
        return decisions, choices, reason

    def view(self, table: Table, user_id: str | None) -> JSON | None:
        self.restore.ensure_loaded(table)
        self.remember_last_game(table)
        if table.state is not None:
            state, players = table.state, table.players
        elif table.finished is not None and table.finished.state is not None:
            state, players = table.finished.state, table.finished.players
        else:
            return None
        if user_id is None:
            view = state.public_view()
        else:
            seat = next(
                (i for i, p in enumerate(players) if not p.is_ai and p.user_id == user_id), None
            )
            if seat is None:
                return None
            view = state.player_view(seat)
        return {**view, "seq": len(state.history)}

    def decision(self, table: Table) -> DecisionInfo | None:
        self.restore.ensure_loaded(table)
        return decision_info(table, table.state)

    def decisions(self, table: Table) -> tuple[DecisionInfo, ...]:
        self.restore.ensure_loaded(table)
        return decisions_info(table, table.state)
