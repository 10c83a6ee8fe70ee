"""The game a terminal session follows and the people at its keyboard: the game's record, its
public view as last read from the service (read once per prompt), and who sits here."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from bot.table.ai_seat import labelled
from bot.table.outputs import PrivateUpdate
from bot.table.saves import GameRecord, Takeover
from bot.table.service import TableService
from bot.terminal.view import header_of
from engine.core import JSON
from engine.i18n import current_language
from engine.i18n.shared import _
from engine.registry import GameTexts, first_registered, registration

#: The user id that manages the table (closes it, and sets up and starts AI-only games).
WATCHER = "terminal-watcher"  # not for players
#: The person at this keyboard whose seat a turn timer hands to an AI (one person here).
KEYBOARD_USER = "human1"  # not for players


class Followed:
    """The followed game (its record and view, through the table ``service``) and the people
    at the keyboard (user id -> name, seat order; a hot seat when several)."""

    def __init__(self, service: TableService, args: argparse.Namespace) -> None:
        self.service = service
        self.base_channel = str(args.channel)
        self.channel = self.base_channel  # the followed game's save (chosen on opening)
        self.game_choice: str | None = None  # the game this run continues or starts
        self.record: GameRecord | None = None  # the game followed
        self.view: JSON | None = None  # its public view (plus "seq") as last read
        self.humans: dict[str, str] = {}  # user id -> name, seat order
        self.viewer: str | None = None  # whose private info is on screen (hot seat)
        #: a hot seat's news kept for each person until he holds the keyboard again
        self.private: dict[str, list[PrivateUpdate]] = {}
        self.recap: dict[str, list[str]] = {}
        #: the session's language: one keyboard, so the table's and every seat's
        self.lang: str = getattr(args, "lang", None) or current_language()

    def speak_at(self, channels: Sequence[str], users: Sequence[str] = ()) -> None:
        """The session's language is the table's at ``channels`` and each of ``users``' (at
        one keyboard everybody reads the same screen)."""
        languages = self.service.languages
        for channel in channels:
            languages.set_table(channel, self.lang)
        for user in users:
            languages.note_person(user, self.lang)

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) >= 2

    @property
    def seq(self) -> int:
        """How many moves the game has (as last seen)."""
        return int((self.view or {}).get("seq") or 0)

    @property
    def counter(self) -> str | None:
        """The game's word for its counter (``turn``, ``round``; its view's typed header),
        ``None`` before there is a view."""
        header = header_of(self.view)
        return header.counter if header is not None else None

    @property
    def turn(self) -> int:
        """The game's turn (or round) counter, 0 when it has none."""
        header = header_of(self.view)
        return header.number if header is not None else 0

    def where(self) -> str:
        """``move 28, round 5`` (``move 28`` when the game has no turn counter)."""
        header = header_of(self.view)
        if header is None:
            return _("move {move}", move=self.seq)
        # Translators: where a game stands: 'move 28, round 5' ({position}: the game's
        # counter and its number, 'turn 5' or 'round 5', said by the game)
        return _("move {move}, {position}", move=self.seq, position=header.counter_text)

    async def refresh(self) -> JSON:
        """The game's public view from the service (kept as :attr:`view`)."""
        view = await self.service.play.view(self.channel)
        if view is not None:
            self.view = view
        return self.view or {}

    @property
    def game_name(self) -> str:
        """The followed game's registered name (before one is followed: the game this run
        chose, else - nothing chosen yet - the first registered one)."""
        if self.record is not None:
            return self.record.game_type
        return self.game_choice or first_registered()

    @property
    def texts(self) -> GameTexts:
        """The followed game's texts (summary, standings, rules topics) from its registration."""
        return registration(self.game_name).parts().texts

    @property
    def options(self) -> dict[str, str] | None:
        """The followed game's options (a variant), ``None`` before one is followed."""
        return dict(self.record.options or {}) if self.record is not None else None

    async def adopt(self, record: GameRecord, view: JSON | None = None) -> None:
        """Follow ``record`` (its people at this keyboard, in the session's language)."""
        self.record = record
        self.view = view
        self.humans = await self.humans_of(record)
        self.speak_at([record.channel_id or self.channel], list(self.humans))
        self.recap = {u: [] for u in self.humans}
        self.private = {u: [] for u in self.humans}

    async def held(self, record: GameRecord) -> Takeover | None:
        """The seat of the person at this keyboard that an AI plays since his time ran out
        (a turn timer is for one person here: :data:`KEYBOARD_USER`), if any."""
        if record.status != "active":
            return None
        held = await self.service.seats.held(record.id, KEYBOARD_USER)
        return held if held is not None and held.kind == "timeout" else None

    async def humans_of(self, record: GameRecord) -> dict[str, str]:
        """The people of ``record`` at this keyboard, user id -> name (a seat an AI holds
        for one of them since his time ran out included)."""
        humans = {p.user_id: p.name for p in record.players if not p.is_ai and p.user_id}
        held = await self.held(record)
        if held is not None:
            humans.setdefault(held.user_id, held.name)
        return humans

    async def all_ai(self, record: GameRecord) -> bool:
        """Whether only AI seats play ``record`` (a seat held for the person is his)."""
        return all(p.is_ai for p in record.players) and await self.held(record) is None

    @staticmethod
    def seat_names(record: GameRecord) -> list[str]:
        return [
            f"{i + 1}. {labelled(p.name)}" + (_(" [AI]") if p.is_ai else "")
            for i, p in enumerate(record.players)
        ]
