"""The lobby: seats, the chosen game, AI seats, start, abort, leaving a running game."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.storage.repositories import GameRepository, LobbyRepository
from bot.storage.store import (
    AlreadySeated,
    GameInProgress,
    PlayerInfo,
    SeatRecord,
)
from bot.table import lobby_options
from bot.table.ai_driving import AiDriver, check_level
from bot.table.ai_seat import UnknownAiLevel, ai_level, ai_seat_name, labelled_seats
from bot.table.input_guard import id_problem
from bot.table.lobby_texts import (
    ai_label,
    ai_name,
    and_names,
    joins,
    leaves,
    lobby_host,
    lobby_text,
    player_count,
    running_refusal,
    table_full,
)
from bot.table.outputs import Code, Outcome, PublicUpdate
from bot.table.presentation import Presenter
from bot.table.records import Refused, Table, clean_name, join_names, unique_names, why
from bot.table.restore import Restore, snapshot
from bot.table.runner import ChannelRunner
from bot.table.seats import Seats, require_host_or_manager
from bot.table.session import Session
from bot.table.teardown import Teardown
from engine.core import Game, IllegalMove
from engine.i18n import counted, joined
from engine.i18n.shared import _, _n, _p
from engine.registry import first_registered, registration, table_game

log = logging.getLogger("bot.service")


def lobby_game(table: Table, seats: list[SeatRecord]) -> Game:
    # a fresh lobby (nobody has chosen a game yet) offers the first registered game; its
    # menu says another can be picked
    name = table.lobby_game if seats and table.lobby_game else first_registered()
    return table_game(name)


@dataclass(eq=False)
class Lobby:
    """A channel's lobby in ``lobby``: seats, the chosen game and its options, AI seats;
    starting, aborting, and handing a running game's seat to an AI (driven by ``ai``).
    Adapters call the coroutines (run by the channel ``runner``); the work below them runs in
    the worker thread under the channel's lock."""

    runner: ChannelRunner
    lobby: LobbyRepository
    games: GameRepository
    restore: Restore
    session: Session
    ai: AiDriver
    presenter: Presenter
    #: a running game's seats (a player who leaves it: an AI takes his seat)
    seats: Seats
    #: the one end of a game (shared with the vote, archiving and the last move)
    teardown: Teardown

    # -- what adapters call (run by the channel runner) -----------------------------------

    async def join(
        self,
        channel_id: str | int,
        user_id: str | int,
        name: str,
        game: str | None = None,
        guild_id: str | int | None = None,
    ) -> Outcome:
        """Sit down at the channel's table (opening it); ``game`` chooses what to play."""
        uid, guild = str(user_id), None if guild_id is None else str(guild_id)
        return await self.runner.guarded(
            "join", channel_id, user_id, self.sit, uid, name, game, guild
        )

    async def leave(
        self, channel_id: str | int, user_id: str | int, ai_level: str | None = None
    ) -> Outcome:
        """Leave the lobby; during a game, an AI (``ai_level``, default random) takes the
        seat over (if no human would be left, the game is aborted)."""
        uid, now = str(user_id), self.runner.now()
        return await self.runner.guarded(
            "leave", channel_id, user_id, self.stand_up, uid, ai_level, now
        )

    async def start(
        self,
        channel_id: str | int,
        user_id: str | int,
        seed: int | None = None,
        game: str | None = None,
        can_manage: bool = False,
        options: Mapping[str, str] | None = None,
    ) -> Outcome:
        """Start the game with everybody seated (a seated player may start it, or a channel
        manager - ``can_manage``, decided by the adapter - e.g. a table of AI seats only).
        ``options`` (name -> text, declared by the game's registration) override the lobby's."""
        start = (str(user_id), seed, game, can_manage, options)
        return await self.runner.guarded("start", channel_id, user_id, self.begin, *start)

    async def set_options(
        self, channel_id: str | int, user_id: str | int, options: Mapping[str, str]
    ) -> Outcome:
        """A seated player sets the lobby's game options (``{}``: list them); they are stored
        (a restart keeps them), shown in the lobby and /status, and passed to ``new_state``."""
        uid = str(user_id)
        return await self.runner.guarded(
            "set_options", channel_id, user_id, self.apply_options, uid, options
        )

    async def choose_game(self, channel_id: str | int, user_id: str | int, game: str) -> Outcome:
        """A seated player switches the lobby to ``game`` (the seats must fit it); its options
        start from their defaults."""
        uid = str(user_id)
        return await self.runner.guarded(
            "choose_game", channel_id, user_id, self.switch_game, uid, game
        )

    async def abort(
        self, channel_id: str | int, user_id: str | int, can_manage: bool = False
    ) -> Outcome:
        """Abort the running game (or close the lobby): the host or a channel manager
        (``can_manage``, decided by the adapter) may do it."""
        uid = str(user_id)
        return await self.runner.guarded("abort", channel_id, user_id, self.close, uid, can_manage)

    async def add_ai(
        self,
        channel_id: str | int,
        user_id: str | int,
        level: str | None = None,
        can_manage: bool = False,
    ) -> Outcome:
        """Add an AI seat to the lobby (``level`` from :func:`bot.table.ai_seat.ai_levels`): a
        seated player may, or a channel manager (``can_manage``) without being seated."""
        uid = str(user_id)
        return await self.runner.guarded(
            "add_ai", channel_id, user_id, self.seat_ai, uid, level, can_manage
        )

    async def remove_ai(
        self, channel_id: str | int, user_id: str | int, seat: int | None = None
    ) -> Outcome:
        """Remove the last AI seat (or the AI at 1-based ``seat``) from the lobby."""
        uid = str(user_id)
        return await self.runner.guarded(
            "remove_ai", channel_id, user_id, self.unseat_ai, uid, seat
        )

    async def choice(self, channel_id: str | int) -> tuple[str, dict[str, str]]:
        """The lobby's game and option texts (the lobby message's menus show them); a fresh
        lobby's game and no option texts if the table cannot be read."""
        try:
            return await self.runner.read(channel_id, self.choice_of)
        except Refused:
            return first_registered(), {}
        except Exception:
            log.exception("lobby choice failed in channel %s", channel_id)
            return first_registered(), {}

    # -- the work (in the worker thread, under the channel's lock) --------------------------

    def seated(
        self, table: Table, user_id: str | None, running: str, not_seated: str
    ) -> list[SeatRecord]:
        """The lobby's seats, once the table is sure to be gathering (``running``: what
        the refusal says while a game runs) and ``user_id`` sits at it (``not_seated``: the
        refusal if not; ``None``: anybody may, e.g. a channel manager)."""
        self.restore.ensure_loaded(table)
        if table.state is not None:
            raise running_refusal(table, Code.GAME_RUNNING, running)
        seats = self.lobby.list_seats(table.channel_id)
        if user_id is not None and not any(s.user_id == user_id for s in seats):
            raise Refused(Code.NOT_SEATED, not_seated)
        return seats

    def choice_of(self, table: Table) -> tuple[str, dict[str, str]]:
        """The lobby's game and its option texts (the default game's without seats)."""
        self.restore.ensure_loaded(table)
        seats = self.lobby.list_seats(table.channel_id)
        game = lobby_game(table, seats).name
        return game, lobby_options.current_options(table, game)

    def sit(
        self, table: Table, user_id: str, name: str, game: str | None, guild_id: str | None
    ) -> Outcome:
        problem = None if guild_id is None else id_problem(guild_id, "guild id")  # not for players
        if problem is not None:
            raise Refused(Code.MALFORMED, problem)
        self.restore.ensure_loaded(table)
        if table.state is not None:
            raise running_refusal(table, Code.GAME_RUNNING, _("you cannot join now"))
        seats = self.lobby.list_seats(table.channel_id)
        current = lobby_game(table, seats)
        chosen = current
        if game is not None:
            try:
                chosen = table_game(game)
            except IllegalMove as exc:
                raise Refused(Code.UNKNOWN_GAME, why(exc)) from exc
            if seats and chosen.name != current.name:
                raise Refused(
                    Code.WRONG_GAME,
                    _(
                        "this table is gathering for {game}, not {other}; join without naming "
                        "a game, or /start game:{name} to switch (or pick it in the lobby "
                        "message's game menu)",
                        game=current.title,
                        other=chosen.title,
                        name=chosen.name,
                    ),
                )
        for s in seats:
            if s.user_id == user_id:
                raise Refused(
                    Code.ALREADY_SEATED,
                    _(
                        "you are already seated (seat {seat} of {seats})",
                        seat=s.seat_order + 1,
                        seats=len(seats),
                    ),
                )
        if len(seats) >= chosen.max_players:
            raise table_full(chosen)
        try:
            self.lobby.join_seat(table.channel_id, clean_name(name), user_id, guild_id=guild_id)
        except AlreadySeated as exc:
            raise Refused(Code.ALREADY_SEATED, _("you are already seated")) from exc
        if len(seats) == 0 or table.lobby_game != chosen.name:
            lobby_options.remember(
                self.lobby, table, chosen.name, lobby_options.current_options(table, chosen.name)
            )
        table.finished = None
        seats = self.lobby.list_seats(table.channel_id)
        text = joins(clean_name(name), lobby_text(chosen, seats, table))
        return Outcome(True, public=(PublicUpdate(text),))

    def switch_game(self, table: Table, user_id: str, game: str) -> Outcome:
        """A seated player switches the lobby to another game: the seats must fit it (AI levels
        too), and its options start from their defaults."""
        seats = self.seated(
            table,
            user_id,
            _("the game is chosen in the lobby"),
            _("join the table first; then you can choose its game"),
        )
        try:
            chosen = table_game(game)
        except IllegalMove as exc:
            raise Refused(Code.UNKNOWN_GAME, why(exc)) from exc
        current = lobby_game(table, seats)
        if chosen.name == current.name:
            raise Refused(
                Code.WRONG_GAME, _("this table is already set for {game}", game=chosen.title)
            )
        if len(seats) > chosen.max_players:
            raise Refused(
                Code.TABLE_FULL,
                _n(
                    "{game} seats at most {most}; {n} is seated (/removebot or /leave first)",
                    "{game} seats at most {most}; {n} are seated (/removebot or /leave first)",
                    len(seats),
                    game=chosen.title,
                    most=chosen.max_players,
                ),
            )
        for s in seats:
            if s.is_ai and s.ai_level is not None:
                check_level(chosen.name, s.ai_level, s.display_name)
        reg = registration(chosen.name)
        lobby_options.remember(self.lobby, table, chosen.name, reg.check_options({}))
        who = self.display(table, user_id, seats)
        if reg.options:
            switch = _(
                "{name} switches the table to {game}; its options are at their defaults.",
                name=who,
                game=chosen.title,
            )
        else:
            switch = _("{name} switches the table to {game}.", name=who, game=chosen.title)
        text = joined(" ", (switch, lobby_text(chosen, seats, table)))
        return Outcome(True, public=(PublicUpdate(text),))

    def stand_up(self, table: Table, user_id: str, level: str | None, now: float = 0.0) -> Outcome:
        self.restore.ensure_loaded(table)
        if table.state is not None:
            return self.seats.hand_to_ai(table, user_id, user_id, level, False, now)
        seats = self.lobby.list_seats(table.channel_id)
        if not any(s.user_id == user_id for s in seats):
            if not seats:
                raise self.session.no_game(table)
            raise Refused(Code.NOT_SEATED, _("you are not seated at this table"))
        removed = self.lobby.leave_seat(table.channel_id, user_id)
        assert removed is not None
        seats = self.lobby.list_seats(table.channel_id)
        if not any(not s.is_ai for s in seats):
            if seats:
                self.lobby.clear_seats(table.channel_id)
            return Outcome(
                True,
                public=(
                    PublicUpdate(
                        _("{name} leaves; the table is empty now.", name=removed.display_name)
                    ),
                ),
            )
        game = lobby_game(table, seats)
        text = leaves(removed.display_name, lobby_text(game, seats, table))
        return Outcome(True, public=(PublicUpdate(text),))

    def begin(
        self,
        table: Table,
        user_id: str,
        seed: int | None,
        game: str | None,
        can_manage: bool = False,
        options: Mapping[str, str] | None = None,
    ) -> Outcome:
        self.restore.ensure_loaded(table)
        if table.state is not None:
            raise running_refusal(table, Code.ALREADY_STARTED, _("cannot start a second game"))
        if table.broken is not None:
            raise self.session.no_game(table)
        seats = self.lobby.list_seats(table.channel_id)
        if not seats:
            raise Refused(Code.NO_GAME, _("nobody has joined yet: /join first, then /start"))
        if not can_manage and not any(s.user_id == user_id for s in seats):
            raise Refused(
                Code.NOT_SEATED,
                _("only a seated player or a channel manager can start: /join first"),
            )
        try:
            chosen = table_game(game) if game is not None else lobby_game(table, seats)
        except IllegalMove as exc:
            raise Refused(Code.UNKNOWN_GAME, why(exc)) from exc
        n = len(seats)
        if n < chosen.min_players:
            raise Refused(
                Code.NOT_ENOUGH_PLAYERS,
                _n(
                    "{game} needs {count}; {n} seated ({names}). /join or /addbot",
                    "{game} needs {count}; {n} seated ({names}). /join or /addbot",
                    n,
                    game=chosen.title,
                    count=player_count(chosen.min_players, chosen.max_players),
                    names=join_names([s.display_name for s in seats]),
                ),
            )
        if n > chosen.max_players:
            raise Refused(
                Code.TABLE_FULL,
                _n(
                    "{game} seats at most {most}; {n} is seated",
                    "{game} seats at most {most}; {n} are seated",
                    n,
                    game=chosen.title,
                    most=chosen.max_players,
                ),
            )
        reg = registration(chosen.name)
        chosen_options = lobby_options.checked(
            chosen.name, options or {}, lobby_options.current_options(table, chosen.name)
        )
        for s in seats:
            if s.is_ai and s.ai_level is not None:
                check_level(reg.name, s.ai_level, s.display_name)
        reserved = reg.parts().texts.reserved_names(n)
        names = unique_names([s.display_name for s in seats], reserved)
        players = [
            PlayerInfo(name, s.user_id, s.is_ai, s.ai_level)
            for name, s in zip(names, seats, strict=True)
        ]
        if seed is None:
            seed = secrets.randbits(48)
        elif not 0 <= seed < 2**63:  # stored as an SQLite integer
            raise Refused(Code.MALFORMED, _("a seed is a whole number from 0 to 2^63 - 1"))
        try:
            engine_options = reg.engine_options(chosen_options) if reg.options else None
            state = labelled_seats(chosen.new_state(names, seed, engine_options))
        except IllegalMove as exc:
            raise Refused(Code.NOT_ENOUGH_PLAYERS, why(exc)) from exc
        try:
            record = self.games.create_game(
                table.channel_id,
                chosen.name,
                seed=seed,
                options=chosen_options if reg.options else None,
                players=players,
                snapshot=snapshot(state),
            )
        except GameInProgress as exc:
            table.loaded = False
            raise Refused(Code.ALREADY_STARTED, _("a game is already running here")) from exc
        table.reset_game()
        table.hand_dirty.clear()
        table.finished = None
        lobby_options.remember(self.lobby, table, chosen.name, chosen_options)
        table.record = record
        table.players = players
        table.state = state
        starter = next((s.display_name for s in seats if s.user_id == user_id), None)
        shown = {p.name: ai_seat_name(p.name, p.ai_level) for p in players if p.is_ai}
        deciders = [shown.get(n, n) for n in (state.players[d.seat] for d in state.pending_all())]
        if len(deciders) > 1:  # a simultaneous first stage: nobody goes first
            # Translators: {names} are players' names joined by the message "and"
            begins = _("{names} choose at the same time.", names=and_names(deciders))
        else:
            begins = _("{name} begins.", name=deciders[0] if deciders else "?")
        listed = counted(
            joined("", (f"{i + 1}. ", ai_label(shown[p.name]) if p.is_ai else p.name))
            for i, p in enumerate(players)
        )
        header: str
        if starter is None:
            header = _(
                "A channel manager starts {game}! Seats: {seats}. {begins}",
                game=chosen.title,
                seats=listed,
                begins=begins,
            )
        else:
            header = _(
                "{name} starts {game}! Seats: {seats}. {begins}",
                name=starter,
                game=chosen.title,
                seats=listed,
                begins=begins,
            )
        header = joined("", (header, lobby_options.describe(chosen.name, chosen_options)))
        moves = self.ai.ai_chain(table)
        return self.presenter.outcome(table, state, moves, players, record.id, header=header)

    def close(self, table: Table, user_id: str, can_manage: bool) -> Outcome:
        self.restore.ensure_loaded(table)
        if table.record is not None:
            require_host_or_manager(
                table,
                user_id,
                can_manage,
                lambda host: _(
                    "only the host ({name}) or a channel manager can abort the game", name=host
                ),
            )
            who = next((p.name for p in table.players if p.user_id == user_id), None)
            who = who or _("a channel manager")  # not seated: a manager
            aborted = _("The game was aborted by {name}. /join to start over.", name=who)
            return self.teardown.aborted(table, aborted)
        seats = self.lobby.list_seats(table.channel_id)
        if not seats:
            raise self.session.no_game(table)
        host_seat = lobby_host(seats)
        if not can_manage and (host_seat is None or host_seat.user_id != user_id):
            raise Refused(
                Code.NOT_ALLOWED,
                _(
                    "only the host ({name}) or a channel manager can close the table",
                    name=host_seat.display_name if host_seat else _("nobody"),
                ),
            )
        self.lobby.clear_seats(table.channel_id)
        who = self.display(table, user_id, seats)
        return Outcome(True, public=(PublicUpdate(_("The table was closed by {name}.", name=who)),))

    def display(self, table: Table, user_id: str, seats: Sequence[SeatRecord] | None = None) -> str:
        for p in table.players:
            if p.user_id == user_id:
                return p.name
        for s in seats or self.lobby.list_seats(table.channel_id):
            if s.user_id == user_id:
                return s.display_name
        return _("a channel manager")

    def seat_ai(
        self, table: Table, user_id: str, level: str | None, can_manage: bool = False
    ) -> Outcome:
        running = _("AI seats are added in the lobby")
        first = _("join the table first; then you can add AI seats")
        seats = self.seated(table, None if can_manage else user_id, running, first)
        try:
            lv = ai_level(level)
        except UnknownAiLevel as exc:
            raise Refused(Code.UNKNOWN_AI, why(exc)) from exc
        game = lobby_game(table, seats)
        check_level(game.name, lv.name, _("the new AI"))
        try:
            lv.create(game.name)
        except Exception as exc:
            log.exception("AI level %s cannot be created", lv.name)
            raise Refused(
                Code.UNKNOWN_AI,
                _("the {level} AI is not available ({problem})", level=lv.name, problem=why(exc)),
            ) from exc
        if len(seats) >= game.max_players:
            raise table_full(game)
        # the stored name is the level's English label (a fact of the game, like any name):
        # readers see it in their language (ai_seat_name)
        name = ai_name(lv.label, [s.display_name for s in seats])
        self.lobby.join_seat(table.channel_id, name, None, is_ai=True, ai_level=lv.code)
        seats = self.lobby.list_seats(table.channel_id)
        said = ai_seat_name(name, lv.code)  # the level's label in the reader's language (#25)
        return Outcome(True, public=(PublicUpdate(joins(said, lobby_text(game, seats, table))),))

    def unseat_ai(self, table: Table, user_id: str, seat: int | None) -> Outcome:
        seats = self.seated(
            table, user_id, _("AI seats are removed in the lobby"), _("join the table first")
        )
        ais = [s for s in seats if s.is_ai]
        if seat is not None:
            ais = [s for s in ais if s.seat_order == seat - 1]
        if not ais:
            raise Refused(
                Code.NO_AI,
                _("there is no AI seat at this table")
                if seat is None
                else _("seat {seat} is no AI", seat=seat)
                if 0 < seat <= len(seats)
                else _("there is no such seat; the only seat is 1")
                if len(seats) == 1
                else _("there is no such seat; seats are 1–{last}", last=len(seats)),
            )
        target = ais[-1]
        self.lobby.remove_seat(table.channel_id, target.seat_order)
        seats = self.lobby.list_seats(table.channel_id)
        game = lobby_game(table, seats)
        return Outcome(
            True,
            public=(PublicUpdate(leaves(target.display_name, lobby_text(game, seats, table))),),
        )

    def apply_options(self, table: Table, user_id: str, options: Mapping[str, str]) -> Outcome:
        """A seated player sets lobby options (``{}``: show them and what is allowed)."""
        seats = self.seated(
            table,
            user_id,
            _("options are set in the lobby"),
            _("join the table first; then you can set its options"),
        )
        game = lobby_game(table, seats)
        if not options:
            current = lobby_options.current_options(table, game.name)
            text = joined(
                "",
                (
                    lobby_options.options_help(game.name),
                    # Translators: the full stop after a sentence made elsewhere
                    _p("end of sentence", "."),
                    lobby_options.describe(game.name, current),
                ),
            )
            return Outcome(True, public=(PublicUpdate(text),))
        if not registration(game.name).options:
            raise Refused(Code.MALFORMED, lobby_options.options_help(game.name))
        chosen = lobby_options.checked(
            game.name, options, lobby_options.current_options(table, game.name)
        )
        lobby_options.remember(self.lobby, table, game.name, chosen)
        return Outcome(True, public=(PublicUpdate(lobby_text(game, seats, table)),))
