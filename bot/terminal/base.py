"""The terminal table's state and helpers shared by its parts (setup, outputs, the game)."""

from __future__ import annotations

import argparse
import contextlib
import shlex
import threading
from collections.abc import Sequence
from pathlib import Path

from bot.archive import shell_command
from bot.storage.store import GameRecord, Takeover
from bot.table.ai_seat import labelled
from bot.table.outputs import Code, PrivateUpdate
from bot.table.service import TableService
from bot.terminal.io import Console, ImageFolder
from bot.terminal.process import ServiceLog
from bot.terminal.view import header_of, terminal_width
from engine.core import JSON, Option
from engine.i18n import current_language
from engine.i18n.shared import _
from engine.registry import GameTexts, first_registered, registration

#: The user id that manages the table (closes it, and sets up and starts AI-only games).
WATCHER = "terminal-watcher"  # not for players
#: How many public lines a hot-seat player is shown of what happened since his last look.
RECAP_LINES = 60


class TerminalBase:
    """One terminal session's state and small helpers (the other parts build on it)."""

    def __init__(
        self,
        service: TableService,
        console: Console,
        images: ImageFolder,
        args: argparse.Namespace,
        *,
        db_path: Path,
        placeholders: Sequence[str] = (),
    ) -> None:
        self.service = service
        self.storage = service.storage
        self.console = console
        self.images = images
        self.args = args
        self.db_path = db_path
        self.placeholders = list(placeholders)
        self.base_channel = str(args.channel)
        self.channel = self.base_channel  # the followed game's save (chosen on opening)
        self.game_choice: str | None = None  # the game this run continues or starts
        self.width = terminal_width()
        self.record: GameRecord | None = None  # the game followed
        self.view: JSON | None = None  # its public view (plus "seq") as last shown
        self.humans: dict[str, str] = {}  # user id -> name, seat order
        self.viewer: str | None = None  # whose private info is on screen (hot seat)
        self.private: dict[str, list[PrivateUpdate]] = {}
        self.recap: dict[str, list[str]] = {}
        self.shown: tuple[int, str] | None = None  # (turn, user) of the last full summary
        #: the deciding player's options as last listed (``#N`` / a number picks one)
        self.options: list[Option] = []
        self.fresh_image: Path | None = None  # a board image written since the last prompt
        self.board_moves = -1  # the move count the board images show
        self.hand_moves: dict[str, int] = {}  # user id -> the move count his hand image shows
        self.header_turn: int | None = None
        self.standings: str | None = None
        self.stop = threading.Event()  # set on Ctrl-C: AI seats stop moving
        #: the service's log file (``secret()`` keeps a secret input's refusal out of it)
        self.service_log: ServiceLog | None = None
        #: the session's language: one keyboard, so the table's and every seat's
        self.lang: str = getattr(args, "lang", None) or current_language()

    # -- helpers ------------------------------------------------------------------------------

    def _speak_at(self, channels: Sequence[str], users: Sequence[str] = ()) -> None:
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

    def say(self, text: str = "", style: str | None = None) -> None:
        self.console.say(text, style)

    def _path(self, path: Path) -> str:
        return self.images.show(path)

    def _refused(self, error: str | None, code: str | None = None) -> None:
        if code == Code.HELP:
            self.say(error or "")
            return
        self.say(f"✗ {error or _('refused')}", "red")

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

    def _where(self) -> str:
        """``move 28, round 5`` (``move 28`` when the game has no turn counter)."""
        header = header_of(self.view)
        if header is None:
            return _("move {move}", move=self.seq)
        # Translators: where a game stands: 'move 28, round 5' ({position}: the game's
        # counter and its number, 'turn 5' or 'round 5', said by the game)
        return _("move {move}, {position}", move=self.seq, position=header.counter_text)

    async def _refresh(self) -> JSON:
        """The game's public view from the service (kept as ``self.view``)."""
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
    def _options(self) -> dict[str, str] | None:
        """The followed game's options (a variant), ``None`` before one is followed."""
        return dict(self.record.options or {}) if self.record is not None else None

    def _adopt(self, record: GameRecord, view: JSON | None = None) -> None:
        self.record = record
        self.images.game = record.game_type  # each game's pictures in its own subfolder
        self.view = view
        self.humans = self.humans_of(record)
        self._speak_at([record.channel_id or self.channel], list(self.humans))
        self.recap = {u: [] for u in self.humans}
        self.private = {u: [] for u in self.humans}
        self._hide_hands()  # a hand image an earlier session left behind

    def _held(self, record: GameRecord) -> Takeover | None:
        """The seat of the person at this keyboard that an AI plays since his time ran out
        (a turn timer is for one person here: ``human1``), if any."""
        if record.status != "active":
            return None
        held = self.storage.timers.open_takeover(record.id, "human1")
        return held if held is not None and held.kind == "timeout" else None

    def humans_of(self, record: GameRecord) -> dict[str, str]:
        """The people of ``record`` at this keyboard, user id -> name (a seat an AI holds
        for one of them since his time ran out included)."""
        humans = {p.user_id: p.name for p in record.players if not p.is_ai and p.user_id}
        held = self._held(record)
        if held is not None:
            humans.setdefault(held.user_id, held.name)
        return humans

    def _all_ai(self, record: GameRecord) -> bool:
        """Whether only AI seats play ``record`` (a seat held for the person is his)."""
        return all(p.is_ai for p in record.players) and self._held(record) is None

    @staticmethod
    def _seat_names(record: GameRecord) -> list[str]:
        return [
            f"{i + 1}. {labelled(p.name)}" + (_(" [AI]") if p.is_ai else "")
            for i, p in enumerate(record.players)
        ]

    def _record(self, game_id: int | None) -> GameRecord:
        record = None if game_id is None else self.storage.games.get_game(game_id)
        if record is None:
            record = self.storage.games.active_game(self.channel)
        assert record is not None, "the game just started is not stored"
        return record

    def _secret(self, hidden: bool) -> contextlib.AbstractContextManager[None]:
        """While a secret input is handled: its refusal is not written to the log file."""
        if hidden and self.service_log is not None:
            return self.service_log.secret()
        return contextlib.nullcontext()

    def _hide_hands(self) -> None:
        """At a hot seat every file in the output folder is open to every player there, so a
        hand image (with a sealed answer in it) lives only while its owner holds the keyboard:
        all are deleted at each handover, on leaving and at the end."""
        if self.hot_seat:
            for name in self.humans.values():
                self.images.remove_hand(name)
            self.hand_moves.clear()

    def _quit(self) -> int:
        self._hide_hands()
        if not self.humans:
            self.say(_("Interrupted."), "yellow")
            return 130
        self.say(
            _(
                "Saved at {where} in {path}. Continue with '{command}'.",
                where=self._where(),
                path=self._path(self.db_path),
                command=self._continue_command(self.game_name),
            ),
            "bold",
        )
        return 0

    def _continue_command(self, game: str) -> str:
        """The command that continues ``game``'s save: never ``--new`` (which would close
        it), with the folders of this run when they are not the defaults."""
        words = [shell_command("play"), "--game", game]  # not for players (#24 item 16)
        out = Path(self.args.out)
        if out != Path("out"):
            words += ["--out", shlex.quote(str(out))]
        if self.args.db is not None:
            words += ["--db", shlex.quote(str(self.args.db))]
        return " ".join(words)
