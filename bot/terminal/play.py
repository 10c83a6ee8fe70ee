"""``canalside play``: a table in the terminal, through the same table service and command
grammar as Discord.

You plus AI seats (``--players N``, ``--ai LEVEL``), or hot-seat play for several people at one
keyboard (``--humans K``: hands stay hidden behind a "pass the terminal" prompt), or AI seats
only (``--humans 0``: watch a whole game). The terminal is one channel of the service (id
``terminal``, or ``--channel``); humans are the users ``human1`` … ``humanK``.

Each turn the board PNG is written to the game's own folder in the output folder (``--out``,
default ``./out``; ``<out>/<game>/``, so two games never overwrite each other's pictures):
``board-NNNN.png`` after NNNN moves and ``board.png`` (the latest), ``hand-<name>.png`` (at a
hot seat only while its owner holds the keyboard: everyone there can open the folder) and
``end.png``; a compact text summary is printed. Type a command (``take A``,
``place C3 C4`` …, the same as on Discord) or the number of an option, or ``help``, ``board``,
``hand``, ``status``, ``log [n]``, ``rules [topic]``, ``stats``, ``history``, ``game N``
(a finished game's card; its board and score graph written to the folder), ``replay [N]``
(its animated replay), ``quit``. Everything is stored in SQLite
(``--db``, default ``<out>/venezia.sqlite3``) move by move, one save per game (its own channel,
:func:`bot.terminal.setup.home_channel`): quit, run again with the same ``--db`` and ``--game``,
and the game continues.

Input may be piped (a script of commands): then there are no prompts and no colours, and every
line read is echoed.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import TextIO

from bot.storage.records import utcnow
from bot.storage.store import TimerSettings
from bot.table.ai_driving import check_level
from bot.table.ai_seat import ai_level, labelled
from bot.table.languages import parse_language
from bot.table.outputs import DecisionInfo, Outcome, Reply
from bot.table.records import Refused, why
from bot.table.render import Renderer
from bot.table.service import TableService
from bot.table.settings import describe_settings, duration_text, parse_settings, preset_name
from bot.terminal.args import (
    CHANNEL,
    DEFAULT_MAX_TURNS,
    best_renderer,
    build_parser,
    choose_language,
    default_level,
    unknown_language,
)
from bot.terminal.base import WATCHER
from bot.terminal.history import TerminalHistory
from bot.terminal.io import Console, ImageFolder
from bot.terminal.output import TerminalOutput
from bot.terminal.process import DatabaseLock, ServiceLog, plain_ctrl_c
from bot.terminal.setup import TerminalSetup
from bot.terminal.takeover import (
    TAKEOVER_PACE,
    Plan,
    background_read,
    forget_plans,
    next_ai_seat,
    plan_move,
)
from bot.terminal.view import numbered_options, private_lines, summary_lines
from engine.core import IllegalMove, Option
from engine.i18n import (
    NATIVE_NAMES,
    SOURCE,
    Text,
    either,
    listed,
    negotiate,
    say,
    speaking,
    table_messages,
)
from engine.i18n.shared import N_, _, _p, asked
from engine.registry import registration, table_game
from engine.text import excerpt, is_number

__all__ = ["CHANNEL", "DEFAULT_MAX_TURNS", "TerminalTable", "build_parser", "main"]

#: The terminal's own commands (said with ``_(LOCAL_HELP, topic=...)``; a translation keeps
#: the command words English, as they are typed, and aligns its columns by display width).
LOCAL_HELP = N_("""\
At the prompt type a move as on Discord (the game's commands follow; Tab completes) or the
number of an option ('#6' is always option 6; when a number is also a listed option's argument,
e.g. card 6 in 'play 6', the bare '6' is refused as ambiguous). Also:
  help           this list                 options [all]  the numbered options again
  board          write the board image      hand           your private view (+ image)
  status         the table in words        summary        the compact summary again
  log [n]        the last n moves          rules [topic]  rules help, e.g. 'rules {topic}'
  stats          your games, wins and average rank here, and this game's leaderboard
  history        the finished games here    game N         one: result, board, score graph
  replay [N]     game N's animated replay (default: the newest), written to the out folder
  resume         after a timeout: take your seat back from the AI (or just type your move)
  finish         let the AI that plays your seat make the game's last decision too
  quit           save and leave (it prints the command that continues the game)""")
#: What leaves the table (saved), also typed at a hot seat's "press Enter" prompt.
QUIT_WORDS = ("quit", "exit", "q", "save")
LOCAL_WORDS = (
    "help",
    "options",
    "board",
    "hand",
    "status",
    "summary",
    "log",
    "rules",
    "stats",
    "history",
    "game",
    "replay",
    "resume",
    "finish",
    "quit",
)

#: What may be typed while an AI plays the person's seat without taking it back.
READING_WORDS = (
    "help",
    "board",
    "hand",
    "status",
    "summary",
    "log",
    "rules",
    "stats",
    "history",
    "game",
    "replay",
)

log = logging.getLogger("bot.terminal")

#: The context of the terminal's command words in the catalogs.
COMMAND = "terminal command"  # not for players


def _command_words() -> list[Text]:
    """The terminal's own command words said in the language in force (their English is the
    command; a translation is accepted too, at any terminal: :func:`command_word`)."""
    # Translators: a command typed at the terminal's prompt: one short word, no spaces
    return [
        _p("terminal command", "help"),
        _p("terminal command", "options"),
        _p("terminal command", "board"),
        _p("terminal command", "hand"),
        _p("terminal command", "status"),
        _p("terminal command", "summary"),
        _p("terminal command", "log"),
        _p("terminal command", "rules"),
        _p("terminal command", "stats"),
        _p("terminal command", "history"),
        _p("terminal command", "game"),
        _p("terminal command", "replay"),
        _p("terminal command", "quit"),
        _p("terminal command", "resume"),
        _p("terminal command", "finish"),
    ]


@cache
def _command_aliases() -> dict[str, str]:
    """Every translation of a terminal command word (case folded) -> the English word."""
    out: dict[str, str] = {}
    for word in _command_words():
        english = say(word, SOURCE)
        for text in table_messages.every_language(english, COMMAND).values():
            out.setdefault(text.strip().casefold(), english)
    return out


def command_word(word: str) -> str:
    """A typed terminal command word in any of our languages as its English word
    (``súgó``, ``ヘルプ`` -> ``help``); any other word unchanged."""
    folded = word.strip().casefold()
    return _command_aliases().get(folded, folded)


class TimedOut:
    """The deciding human's time ran out: an AI took his seat."""


TIMED_OUT = TimedOut()


class TerminalTable(TerminalSetup, TerminalOutput, TerminalHistory):
    """One terminal session at one channel of the table service: setup
    (:mod:`bot.terminal.setup`), outputs (:mod:`bot.terminal.output`), the finished games'
    history (:mod:`bot.terminal.history`) and, here, the humans' game."""

    #: a keyboard read still running in its thread (a turn timer fired while it waited)
    pending: asyncio.Future[str | None] | None = None
    #: the user whose seat an AI took over at a timeout (at this keyboard), and that seat
    taken: str | None = None
    taken_seat: int | None = None
    #: he typed 'finish': the AI may make the game's last decision for him
    let_finish: bool = False
    #: when (the service's clock, epoch seconds) the AI last moved for him, or took his seat
    paced_at: float = 0.0
    #: seconds of the terminal's clock between the decisions of the AI that holds his seat
    takeover_pace: float = TAKEOVER_PACE
    #: a line typed while an AI held his seat, for his next prompt
    carried: str | None = None
    #: seconds between looks at the table's deadlines while waiting for the keyboard
    timer_poll: float = 1.0

    # -- the human game -----------------------------------------------------------------------

    def _completions(self) -> list[str]:
        topics = self.texts.topics(self._options)
        words = [*(o.command for o in self.options), *LOCAL_WORDS, *(f"rules {t}" for t in topics)]
        words += [str(word) for word in _command_words()]  # the language in force's words too
        return list(dict.fromkeys(words))

    async def _handover(self, user: str) -> bool:
        """Hot seat: hide the screen, let the next human take the terminal, show his news."""
        name = self.humans[user]
        if self.console.interactive and self.viewer is not None:
            prev = self.humans.get(self.viewer, "")
            typed = self.console.read(_("{name}: press Enter to hide your hand ", name=prev))
            if typed is None or command_word(typed) in QUIT_WORDS:
                return False
        self._hide_hands()
        self.console.clear()
        self.say(_("Pass the terminal to {name} and press Enter.", name=name), "bold")
        typed = self.console.read(_("{name}, press Enter ", name=name))
        if typed is None or command_word(typed) in QUIT_WORDS:
            return False
        self.console.clear()
        self.viewer = user
        recap = self.recap.get(user) or []
        if recap:
            self.say(_("Since your last look, {name}:", name=name), "bold")
            for line in recap:
                self.say("  " + line, "dim" if line == self.standings else None)
            recap.clear()
        for update in self.private.pop(user, []):
            self._show_private(update)
        self.shown = None
        return True

    def _summary(self, info: DecisionInfo) -> None:
        assert self.record is not None
        title = table_game(self.record.game_type).title
        self.say()
        lines = summary_lines(self.view or {}, title, self.texts)
        self.say(lines[0], "bold")
        for line in lines[1:]:
            self.say(line, "cyan" if line.startswith("➡") else None)
        self.shown = (self.turn, info.user_id or "")
        self.header_turn = self.turn

    async def _current_images(self, user: str) -> None:
        """The board and the deciding human's hand pictures as the game is now: a move
        without a picture (a sealed choice: "... has chosen") or other players' moves (the
        deck shrank) would otherwise leave older ones in the folder when he is asked."""
        if self.board_moves != self.seq:
            reply = await self.service.play.board(self.channel)
            if reply.error is None and reply.image is not None:
                self.fresh_image = self.images.board(self.seq, reply.image)
                self.board_moves = self.seq
        if user in self.humans and self.hand_moves.get(user) != self.seq:
            reply = await self.service.play.hand(self.channel, user)
            if reply.error is None and reply.image is not None:
                self.images.hand(self.humans[user], reply.image)
                self.hand_moves[user] = self.seq

    async def _prompt(self, info: DecisionInfo) -> None:
        await self._refresh()
        await self._current_images(info.user_id or "")
        if self.shown != (self.turn, info.user_id or ""):
            self._summary(info)
        else:
            self.say("➡ " + asked(info.name, info.prompt), "cyan")
        if self.fresh_image is not None:
            self.say(
                _(
                    "board: {path} (latest: {latest})",
                    path=self._path(self.fresh_image),
                    latest=self._path(self.images.latest),
                ),
                "dim",
            )
            self.fresh_image = None
        mine = await self.service.play.view(self.channel, info.user_id or "")
        if mine is not None:
            self.console.lines(private_lines(mine, self.texts))
        await self._show_options(info)

    async def _show_options(self, info: DecisionInfo, everything: bool = False) -> None:
        self.options = await self.service.play.choices_for(
            self.channel, info.user_id or "", "", limit=None
        )
        self.say(_("Options (type a number or a command; 'help' lists more):"), "dim")
        hints = registration(self.game_name).parts().grammar.help
        self.console.lines(
            numbered_options(
                self.options, self.width, self.texts, hints=hints, everything=everything
            )
        )

    def _reply(self, reply: Reply) -> bool:
        """Print a read's answer (a refusal in red); True if it was not refused."""
        if reply.error is not None:
            self._refused(reply.error, reply.code)
            return False
        self.say(reply.text)
        return True

    async def _local(self, word: str, rest: str, info: DecisionInfo) -> bool:
        """Terminal commands; True if ``word`` was one."""
        user = info.user_id or ""
        if word in ("help", "?", "commands"):
            self.say(_(LOCAL_HELP, topic=next(iter(self.texts.rule_topics), "turn")))
            self._reply(await self.service.play.rules("commands", self.game_name))
        elif word in ("options", "o"):
            await self._show_options(info, everything=rest.casefold() == "all")
        elif word in ("summary", "table", "t"):
            self._summary(info)
        elif word == "board":
            reply = await self.service.play.board(self.channel)
            if self._reply(reply) and reply.image is not None:
                moves = int((await self._refresh()).get("seq") or 0)
                path = self.images.board(moves, reply.image)
                self.board_moves = moves
                self.say(_("  [board image: {path}]", path=self._path(path)), "dim")
        elif word == "hand":
            reply = await self.service.play.hand(self.channel, user)
            if self._reply(reply) and reply.image is not None:
                path = self.images.hand(self.humans.get(user, "player"), reply.image)
                self.hand_moves[user] = self.seq
                self.say(_("  [hand image: {path}]", path=self._path(path)), "dim")
        elif word == "status":
            reply = await self.service.play.status(self.channel)
            if reply.error is None:  # the timer as it works here, set with --timer
                service_line = describe_settings(
                    self.storage.timers.get_timer_settings(self.channel)
                )
                given = reply.lines or tuple(reply.text.split("\n"))
                lines = [self._timer_line() if x == service_line else x for x in given]
                reply = replace(reply, text="\n".join(lines), lines=tuple(lines))
            self._reply(reply)
        elif word == "log":
            count = _small(rest.strip()) if rest.strip() else 10
            if not count:
                self.say(_("✗ 'log' takes a number of moves, 1 to 999999 (e.g. 'log 20')"), "red")
            else:
                self._reply(await self.service.play.log(self.channel, count))
        elif word == "rules":
            self._reply(
                await self.service.play.rules(rest or None, self.game_name, options=self._options)
            )
        elif word == "stats":  # the terminal's tables have no server: guild ''
            mine = await self.service.stats.lines(None, user)
            board = await self.service.stats.leaderboard(None, self.game_name)
            self.say("\n".join(mine or [_("no finished games yet")]))
            if board.value is None:
                self._refused(board.error, board.code)
            else:
                lines = [line.replace("**", "") for line in board.value]
                self.say("\n".join(lines) or _("no ratings yet"))
        elif word == "resume":  # back at a game paused for him at a timeout
            out = await self.service.seats.resume(self.channel, user)
            if out.accepted:
                for update in out.public:
                    self.say(update.text, "bold")
            else:
                self._refused(out.error, out.code)
        elif word == "finish":
            self.say(
                _(
                    "✗ 'finish' lets an AI that plays your seat after a timeout make the game's "
                    "last decision; no AI plays your seat now"
                ),
                "red",
            )
        elif word == "history":
            await self._history()
        elif word == "game":
            await self._game(rest)
        elif word == "replay":
            await self._replay(rest)
        else:
            return False
        return True

    def _pick(self, text: str) -> str | None:
        """What a typed line means: ``#N`` is option N; a bare number N is option N, unless N
        is also the one argument of a listed option (a card ``play 6`` while option 6 is
        ``pass``): then the terminal asks (``None``, after saying why). A number beyond the
        options that is such an argument of exactly one option means that option. Any other
        line is a command, returned as typed."""
        explicit = text.startswith("#")
        digits = text[1:].strip() if explicit else text
        if not is_number(digits):  # ASCII digits only: int("²") fails, 5,000 digits too
            if explicit:
                self.say(
                    _(
                        "✗ '#' takes an option number, 1–{last} (e.g. '#1')",
                        last=len(self.options),
                    ),
                    "red",
                )
                return None
            return text
        n = _small(digits) or 0
        on_list = 1 <= n <= len(self.options)
        meant = [] if explicit else _taking(self.options, digits)
        if on_list and (not meant or self.options[n - 1] in meant):
            return self.options[n - 1].command
        if meant and on_list:
            option = self.options[n - 1].command
            # Translators: joins the commands a number could mean: 'play 6' or 'take 6'
            also = _(" or ").join(f"'{m.command}'" for m in meant)
            self.say(
                _(
                    "✗ '{number}' is ambiguous: option {number} is '{option}', and {number} is "
                    "also in {commands}; type '#{number}' for the option or {commands}",
                    number=digits,
                    option=option,
                    commands=also,
                ),
                "red",
            )
            return None
        if len(meant) == 1:
            return meant[0].command
        if meant:
            also = either(f"'{m.command}'" for m in meant)
            self.say(
                _(
                    "✗ '{number}' could be {commands}: type the one you mean",
                    number=digits,
                    commands=also,
                ),
                "red",
            )
            return None
        shown = excerpt(digits, limit=12)
        self.say(
            _(
                "✗ no option {number}: the options are 1–{last}",
                number=shown,
                last=len(self.options),
            ),
            "red",
        )
        return None

    # -- the turn timer (the real clock, or a test's) --------------------------------------------

    def _timer_refusal(self) -> str | None:
        """What is wrong with ``--timer`` (``None``: nothing, or not given), checked before
        any game is opened or created, so a refusal changes nothing."""
        text = self.args.timer
        if not text:
            return None
        tag, rest = parse_language(text)
        try:
            if tag is not None and negotiate(tag) is None:
                names = either(NATIVE_NAMES.values())
                raise ValueError(
                    _(
                        "unknown language '{name}': this table speaks {names}",
                        name=tag,
                        names=names,
                    )
                )
            asked = parse_settings(rest, TimerSettings())
            if asked.ai_level and self.args.game is not None:
                check_level(table_game(self.args.game).name, asked.ai_level, _("the timeout AI"))
        except ValueError as exc:
            problem = why(exc)
        except Refused as exc:  # a level the game lacks
            problem = exc.message
        except IllegalMove:  # an unknown --game: refused with the list of games when opening
            return None
        else:
            return None
        return _(
            "✗ --timer '{settings}': {problem}",
            settings=excerpt(text, limit=40),
            problem=problem.removeprefix("✗ "),
        )

    def _timer_line(self, settings: TimerSettings | None = None) -> str:
        """The turn timer as it works at this keyboard (set with ``--timer``): at a timeout
        the game pauses, or an AI plays the person's seat at a human pace until he takes it
        back, and leaves the game's last decision to him."""
        s = settings or self.storage.timers.get_timer_settings(self.channel)
        if s.turn_seconds is None:
            return _(
                "Turn timer: off ('--timer live', evening or correspondence when you start "
                "'canalside play' sets one)."
            )
        if s.on_timeout == "pause":
            return describe_settings(s)
        preset = preset_name(s.turn_seconds)
        timer = duration_text(s.turn_seconds) + (f" ({preset})" if preset else "")
        remind = s.remind_after
        reminder = (
            _("no reminder")
            if remind is None
            else _("reminder after {duration}", duration=duration_text(remind))
        )
        return _(
            "Turn timer: {timer} per decision; {reminder}; then an AI ({level}) plays your "
            "seat, one decision every {seconds} seconds, until you type 'resume' or your move; "
            "the game's last decision waits for you ('finish' lets the AI make it).",
            timer=timer,
            reminder=reminder,
            level=ai_level(s.ai_level).name,
            seconds=round(self.takeover_pace),
        )

    def _table_level(self) -> str:
        """The table's AI level: its AI seats' (the first one's), else ``--ai``'s or the
        default one."""
        if self.record is not None:
            for p in self.record.players:
                if p.is_ai and p.ai_level is not None:
                    return ai_level(p.ai_level).name
        return str(self.args.ai or default_level())

    async def _apply_timer(self, new: bool) -> None:
        """``--timer``: the table's turn-timer settings, as /settings on Discord (one human
        at the keyboard; a hot seat has no timer: refused before opening). Without it, a
        timer in force is named: a ``new`` game keeps the one an earlier game here set, and
        says so and how to turn it off."""
        if self.hot_seat:
            return
        if not self.args.timer:
            if self.storage.timers.get_timer_settings(self.channel).turn_seconds is None:
                return
            self._timeout_level(table_level=False)
            if new:
                self.say(
                    _(
                        "{timer} (kept from an earlier game here; '--timer off' turns it off)",
                        timer=self._timer_line(),
                    ),
                    "dim",
                )
            else:
                self.say(self._timer_line(), "dim")
            return
        out = await self.service.settings.change(
            self.channel, WATCHER, self.args.timer, can_manage=True
        )
        if not out.accepted:
            self._refused(out.error, out.code)
            return
        named = parse_settings(parse_language(self.args.timer)[1], TimerSettings()).ai_level
        self._timeout_level(table_level=named is None)
        self.say(self._timer_line(), "dim")

    def _timeout_level(self, table_level: bool) -> None:
        """The AI that takes a seat at a timeout plays at the table's level (its AI seats'),
        unless ``--timer`` named one (``table_level`` False: a level is only set if none
        is)."""
        s = self.storage.timers.get_timer_settings(self.channel)
        level = self._table_level()
        if s.on_timeout == "ai" and s.ai_level != level and (table_level or s.ai_level is None):
            self.storage.timers.set_timer_settings(self.channel, replace(s, ai_level=level))

    async def _read(self, info: DecisionInfo, hidden: bool, name: str) -> str | TimedOut | None:
        """A line from the keyboard; with a turn timer running, the table's deadlines are
        checked while waiting (the read runs in a thread): a reminder is printed, a timeout
        hands the seat to an AI (:data:`TIMED_OUT`; the line still being typed is read while
        the AI plays: 'resume' or a move takes the seat back) or pauses the game."""
        if self.carried is not None:  # typed while an AI held the seat: his move now
            carried, self.carried = self.carried, None
            return carried

        def read() -> str | None:
            if hidden:
                return self.console.read_secret(f"{name}> ")
            return self.console.read(f"{name}> ", self._completions)

        # at a hot seat the keyboard changes hands: no read may be left running there
        if self.hot_seat or (self.pending is None and await self.service.timers.next_due() is None):
            return read()
        if self.pending is None:
            self.pending = background_read(read)
        while True:
            done, _waiting = await asyncio.wait({self.pending}, timeout=self.timer_poll)
            if done:
                line, self.pending = self.pending.result(), None
                return line
            for event in await self.service.timers.tick():
                if event.channel_id != self.channel:
                    continue
                for update in event.outcome.public:
                    self.say(update.text, "yellow")
                if event.kind == "takeover" and event.seat == info.seat:
                    self._taken_over(event.user_id, info.seat)
                    return TIMED_OUT
                if event.kind == "pause" and event.seat == info.seat:
                    self.say(_("(the game waits for you: make your decision)"), "dim")

    def _taken_over(self, user: str | None, seat: int) -> None:
        """An AI plays ``user``'s seat since his time ran out: it is paced from now on."""
        self.taken, self.taken_seat = user, seat
        self.let_finish = False
        self.paced_at = self.service.runner.now()
        self.say(
            _(
                "(the AI makes one decision every {seconds} seconds; type 'resume' or your "
                "move to take your seat back; it leaves the game's last decision to you)",
                seconds=round(self.takeover_pace),
            ),
            "dim",
        )

    def _read_meanwhile(self) -> None:
        """Keep a keyboard read running while AI seats play a seat taken over at a timeout."""
        if self.pending is None and self.taken is not None:
            name = self.humans.get(self.taken, "")
            self.pending = background_read(
                lambda: self.console.read(f"{name}> ", self._completions)
            )

    async def _take_back(self) -> bool:
        """The person takes his seat back from the AI (said); True if he has it."""
        assert self.taken is not None
        out = await self.service.seats.resume(self.channel, self.taken)
        if not out.accepted:
            self._refused(out.error, out.code)
            return False
        self.taken = self.taken_seat = None
        forget_plans(self.service, self.channel)
        for update in out.public:
            self.say(update.text, "bold")
        return True

    async def _typed_meanwhile(self) -> int | None:
        """While AI seats play (a seat taken over at a timeout among them): act on a line
        typed meanwhile. 'resume' or a move takes the seat back (the move is then made at his
        prompt), 'finish' lets the AI make the game's last decision too, the terminal's reading
        commands answer, 'quit' leaves. An exit code to stop, else ``None``."""
        if self.pending is None or not self.pending.done():
            return None
        line, self.pending = self.pending.result(), None
        if line is None:
            return self._quit()
        text = line.strip()
        word, _sep, rest = text.partition(" ")
        word = command_word(word.lstrip("/!"))
        if word in QUIT_WORDS:
            return self._quit()
        if not text:
            return None
        if self.taken is None:  # nobody's seat is held: the line is for his next prompt
            self.carried = text
            return None
        if word == "finish":
            self.let_finish = True
            self.say(
                _(
                    "The AI plays on and makes the game's last decision too; 'resume' still "
                    "takes your seat back."
                ),
                "dim",
            )
        elif word == "resume":
            await self._take_back()
        elif word == "hand":  # his seat's view is the AI's while it plays the seat
            self.say(_("(an AI plays your seat: type 'resume' to take it back)"), "dim")
        elif word in READING_WORDS:
            infos = await self.service.play.decisions(self.channel)
            if infos:
                await self._local(word, rest.strip(), replace(infos[0], user_id=self.taken))
        elif await self._take_back() and not is_number(text.lstrip("#").strip()):
            self.carried = text  # his move, made at his prompt (a number: the options first)
        return None

    async def _taken_turn(self) -> Outcome | int | None:
        """The AIs move while one holds the person's seat: the other AI seats as ever, his
        seat one decision every :attr:`takeover_pace` seconds of the terminal's clock, and no
        AI the move that would end the game unless he typed 'finish' (then the game ends in
        his name: he is seated again for its last move, so the game is his in the records).
        Lines typed meanwhile are acted on. The move's outcome, an exit code, or ``None``
        (look at the table again)."""
        paced = next_ai_seat(self.service, self.channel) == self.taken_seat
        plan_task = asyncio.ensure_future(asyncio.to_thread(plan_move, self.service, self.channel))
        due = self.paced_at + self.takeover_pace if paced else 0.0
        waiting = False
        while True:
            if self.stop.is_set():
                return self._quit()
            if self.pending is not None and self.pending.done():
                stopped = await self._typed_meanwhile()
                if stopped is not None:
                    return stopped
                if self.taken is None:
                    return None
            if plan_task.done() and (not paced or self.service.runner.now() >= due):
                plan = plan_task.result()
                if plan is None:
                    return None
                if not plan.ends:
                    out = await self._step_ai()
                    if paced:
                        self.paced_at = self.service.runner.now()
                    return out
                if self.let_finish:
                    return await self._finish_for(plan)
                if not waiting:
                    waiting = True
                    self._wait_for_the_end(plan)
            self._read_meanwhile()
            assert self.pending is not None
            await asyncio.wait({self.pending}, timeout=self.timer_poll)

    def _wait_for_the_end(self, plan: Plan) -> None:
        """Say that the game waits for the person: the next move would end it."""
        name = self.humans.get(self.taken or "", "")
        if plan.seat == self.taken_seat:
            text = _(
                "Your seat's next decision would end the game: the game waits for you, "
                "{name}, to make its last decision ('resume' takes your seat back; 'finish' "
                "lets the AI make it).",
                name=name,
            )
        else:
            player = (
                labelled(self.record.players[plan.seat].name) if self.record is not None else ""
            )
            text = _(
                "{player}'s next move would end the game: the game waits for you, {name} "
                "('resume' takes your seat back; 'finish' lets the game end with the AI playing "
                "for you).",
                player=player,
                name=name,
            )
        self.say("⌛ " + text, "yellow")

    async def _finish_for(self, plan: Plan) -> Outcome | int:
        """The person let the game end while an AI plays his seat: he is seated again for
        its last move (the game is recorded as his, with its takeover); if the move is his
        seat's, the AI makes it in his name."""
        user = self.taken
        assert user is not None
        name = self.humans.get(user, "")
        mine = plan.seat == self.taken_seat
        out = await self.service.seats.resume(self.channel, user)
        if not out.accepted:
            self._refused(out.error, out.code)
            return 1
        self.taken = self.taken_seat = None
        if not mine:  # an AI seat's move ends the game, with him seated
            for update in out.public:
                self.say(update.text, "bold")
            return await self._step_ai()
        self.say(
            _(
                "As {name} asked, the AI makes the game's last decision for {name}: {command}",
                name=name,
                command=plan.command,
            ),
            "bold",
        )
        made = await self.service.play.command(self.channel, user, plan.command)
        if made.accepted:
            await self._show(made)
        return made

    async def _decide(self, info: DecisionInfo) -> Outcome | TimedOut | None:
        """Prompt the deciding human until a move is accepted (its outcome) or he quits."""
        await self._prompt(info)
        name = self.humans.get(info.user_id or "", info.name)
        # A sealed choice at a hot seat: what is typed is not shown (the next player sits here).
        hidden = info.sealed and self.hot_seat
        if hidden:
            self.say(_("(your choice is secret: what you type is not shown)"), "dim")
        while True:
            line = await self._read(info, hidden, name)
            if isinstance(line, TimedOut):
                return line
            if line is None:
                return None
            text = line.strip()
            if not text:
                if self.console.interactive:
                    await self._show_options(info)
                continue
            word, _sep, rest = text.partition(" ")
            word = command_word(word.lstrip("/!"))
            if word in QUIT_WORDS:
                return None
            if await self._local(word, rest.strip(), info):
                continue
            picked = self._pick(text)
            if picked is None:
                continue
            if picked != text:
                text = picked
                if not hidden:
                    self.say(f"  = {text}", "dim")
            with self._secret(info.sealed):
                out = await self.service.play.command(self.channel, info.user_id or "", text)
            if out.accepted:
                return out
            self._refused(out.error, out.code)

    async def _play(self) -> int:
        limit = int(self.args.max_turns or 0)
        while True:
            info = await self._next_decision()
            if info is None:
                await self._refresh()
                if self.storage.games.active_game(self.channel) is None:
                    return await self._finish()
                self.say(
                    _("✗ the game cannot go on here (move {move}); see 'status'", move=self.seq),
                    "red",
                )
                self.say((await self.service.play.status(self.channel)).text)
                return 1
            if info.is_ai or info.user_id not in self.humans:
                # AI seats move one at a time, so Ctrl-C stops them at once.
                if self.stop.is_set():
                    return self._quit()
                moved: Outcome | int | None
                if self.taken is not None:  # an AI holds his seat: paced, lines read
                    moved = await self._taken_turn()
                elif self.pending is not None and self.pending.done():
                    moved = await self._typed_meanwhile()
                else:
                    moved = await self._step_ai()
                if isinstance(moved, int):
                    return moved
                if moved is None:  # e.g. 'resume': the decision may be a human's again
                    continue
                out = moved
                if not out.accepted or out.seq is None:
                    self._refused(out.error or _("the AI seat could not move"), out.code)
                    return 1
                if out.game_over:
                    return await self._finish()
                continue
            await self._refresh()
            if limit and self.turn > limit:
                self.say(
                    _(
                        "Stopped: --max-turns {limit} reached. The game is saved in "
                        "{path}; run again with a higher --max-turns.",
                        limit=limit,
                        path=self._path(self.db_path),
                    ),
                    "yellow",
                )
                return 1
            if (
                self.hot_seat
                and self.viewer != info.user_id
                and not await self._handover(info.user_id)
            ):
                return self._quit()
            decided = await self._decide(info)
            if isinstance(decided, TimedOut):
                continue
            if decided is None:
                return self._quit()
            await self._show(decided)
            if decided.game_over:
                return await self._finish()

    async def _next_decision(self) -> DecisionInfo | None:
        """The decision to take next: an AI seat's first (AI seats answer as soon as a stage
        opens), else the human at the keyboard's own (no needless handover when several
        decide at once), else the first."""
        infos = await self.service.play.decisions(self.channel)
        if not infos:
            return None
        for info in infos:
            if info.is_ai or info.user_id not in self.humans:
                return info
        return next((i for i in infos if i.user_id == self.viewer), infos[0])

    async def run(self) -> int:
        self._speak_at(self._home_channels(), [WATCHER])
        refusal = self._timer_refusal()
        if refusal is not None:
            self.say(refusal, "red")
            return 2
        opened = await self._open()
        if isinstance(opened, int):
            return opened
        await self._apply_timer(new=opened is not None)
        self._held_seat()
        if not self.humans:
            assert opened is not None
            return await self._watch(opened)
        if opened is not None:
            self.say(self._seat_line())
            await self._show(opened)
            if opened.game_over:
                return await self._finish()
        return await self._play()

    def _held_seat(self) -> None:
        """The person's seat an AI took at a timeout before he quit: it stays his (paced, and
        'resume' takes it back) in this session too."""
        if self.record is None or self.hot_seat or self.record.status != "active":
            return
        held = self.storage.timers.open_takeover(self.record.id, "human1")
        if held is None or held.kind != "timeout":
            return
        self.humans.setdefault(held.user_id, held.name)
        self.recap.setdefault(held.user_id, [])
        self.private.setdefault(held.user_id, [])
        self._taken_over(held.user_id, held.seat)

    def _seat_line(self) -> str:
        assert self.record is not None
        return _("Players: {seats}", seats=listed(self._seat_names(self.record)))


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    renderer: Renderer | None = None,
    clock: Callable[[], datetime] | None = None,
    timer_poll: float | None = None,
    environ: Mapping[str, str] | None = None,
) -> int:
    """``canalside play [options]``; ``stdin``/``stdout``/``renderer``, ``clock`` (the turn
    timer's; default the real one), ``timer_poll`` (seconds) and ``environ`` (the locale
    variables; default the process's) are for tests.

    One keyboard, one language: ``--lang``, else the environment's locale, else English is
    the table's and every seat's, and the whole session (its help too) is said in it."""
    words = list(sys.argv[1:] if argv is None else argv)
    lang, unknown = choose_language(words, os.environ if environ is None else environ)
    with speaking(lang):
        if unknown is not None:
            Console(stdin, stdout).say(unknown_language(unknown), "red")
            return 2
        args = build_parser().parse_args(words)
        args.lang = lang
        return _session(args, stdin, stdout, renderer, clock, timer_poll)


def _session(
    args: argparse.Namespace,
    stdin: TextIO | None,
    stdout: TextIO | None,
    renderer: Renderer | None,
    clock: Callable[[], datetime] | None,
    timer_poll: float | None,
) -> int:
    """One terminal session, in the language in force."""
    out_dir: Path = args.out
    default_db = out_dir / "venezia.sqlite3"  # not for players
    db_path: Path = args.db if args.db is not None else default_db
    console = Console(stdin, stdout)
    placeholders: list[str] = []
    if renderer is None:
        renderer, placeholders = best_renderer(args.game)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        db_path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        console.say(_("✗ cannot create {path}: {reason}", path=exc.filename, reason=exc.strerror))
        return 2
    lock = DatabaseLock(db_path)
    try:
        holder = lock.acquire()
    except OSError as exc:
        console.say(_("✗ cannot create {path}: {reason}", path=lock.path, reason=exc.strerror))
        return 2
    if holder is not None:
        console.say(
            _(
                "✗ another terminal is playing with {path} (process {pid}): quit it there "
                "first, or use another --db (two at once would overwrite each other's moves). "
                "Nothing was changed.",
                path=db_path,
                pid=holder or "?",
            ),
            "red",
        )
        return 2
    try:
        return _locked_session(args, console, db_path, renderer, placeholders, clock, timer_poll)
    finally:
        lock.release()


def _locked_session(
    args: argparse.Namespace,
    console: Console,
    db_path: Path,
    renderer: Renderer,
    placeholders: list[str],
    clock: Callable[[], datetime] | None,
    timer_poll: float | None,
) -> int:
    """The session once it holds the database (:class:`DatabaseLock`)."""
    out_dir: Path = args.out
    stdout = None if console.stdout is sys.stdout else console.stdout
    service_log = ServiceLog(out_dir)
    try:
        # AI seats never move inside another call: the table steps them with advance().
        service = TableService.open(
            db_path, renderer, workers=2, max_ai_moves=0, clock=clock or utcnow
        )
    except Exception as exc:
        service_log.close()
        console.say(_("✗ cannot open the database {path}: {reason}", path=db_path, reason=exc))
        return 2
    table = TerminalTable(
        service, console, ImageFolder(out_dir), args, db_path=db_path, placeholders=placeholders
    )
    table.service_log = service_log
    # At a timeout an AI takes the person's seat although he is the only human here: the
    # terminal paces it, reads 'resume' meanwhile and keeps the game's last decision for him.
    service.timers.keep_a_human = False
    if timer_poll is not None:
        table.timer_poll = timer_poll
    try:
        with plain_ctrl_c():
            return asyncio.run(table.run())
    except KeyboardInterrupt:
        table.stop.set()
        console.progress("")
        console.say()
        return table._quit()
    except BrokenPipeError:  # e.g. 'canalside play --humans 0 | head'
        if stdout is None:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 0
    finally:
        service.close()
        service_log.close()


def _taking(options: Sequence[Option], number: str) -> list[Option]:
    """The options that take ``number`` as their one argument (``play 6``), among the options
    of a verb that always takes one word (a card, not a count among other words)."""
    words: dict[str, set[int]] = {}
    for option in options:
        words.setdefault(option.verb, set()).add(len(option.args))
    return [o for o in options if words[o.verb] == {1} and o.args[0] == number]


def _small(text: str) -> int | None:
    """A typed option or line count: ASCII digits, at most 6 of them; else None."""
    return int(text) if is_number(text) and len(text) <= 6 else None


if __name__ == "__main__":
    sys.exit(main())
