"""One terminal session at one channel of the table service: its parts composed (each with
what it needs) and the humans' game loop - the next decision, the prompt, a line read, a move
made.

The parts: :class:`~bot.terminal.followed.Followed` (the game followed and the people here),
:class:`~bot.terminal.output.Screen` (printing, pictures), :class:`~bot.terminal.setup.Opening`
(resume or start), :class:`~bot.terminal.timer.TurnTimer` (``--timer``),
:class:`~bot.terminal.history.HistoryCommands`, :class:`~bot.terminal.prompt.Prompt`,
:class:`~bot.terminal.commands.Commands` (the terminal's own words, a number picking an
option), :class:`~bot.terminal.keyboard.Keyboard` (reads, with the turn timer's ticks),
:class:`~bot.terminal.watch.AiMoves` (AI seats stepped; the watch mode) and
:class:`~bot.terminal.pacing.SeatTakeover` (a seat an AI holds after a timeout, paced).
Every one talks to the table service only.
"""

from __future__ import annotations

import argparse
import contextlib
import threading
from collections.abc import Sequence

from bot.archive import Target
from bot.table.outputs import DecisionInfo, Outcome
from bot.table.service import TableService
from bot.terminal.commands import Commands
from bot.terminal.followed import WATCHER, Followed
from bot.terminal.history import HistoryCommands
from bot.terminal.io import Console, ImageFolder
from bot.terminal.keyboard import Keyboard, TimedOut
from bot.terminal.output import Screen
from bot.terminal.pacing import TAKEOVER_PACE, SeatTakeover
from bot.terminal.process import ServiceLog
from bot.terminal.prompt import Prompt
from bot.terminal.setup import Opening
from bot.terminal.timer import TurnTimer
from bot.terminal.watch import AiMoves
from bot.terminal.words import QUIT_WORDS, command_word
from engine.i18n import listed
from engine.i18n.shared import _


class TerminalTable:
    """One terminal session: the parts (see the module docstring) and the humans' game."""

    #: seconds of the terminal's clock between the decisions of the AI that holds his seat
    takeover_pace: float = TAKEOVER_PACE

    def __init__(
        self,
        service: TableService,
        console: Console,
        images: ImageFolder,
        args: argparse.Namespace,
        *,
        db_path: Target,
        placeholders: Sequence[str] = (),
        service_log: ServiceLog | None = None,
        timer_poll: float = 1.0,
    ) -> None:
        self.service = service
        self.args = args
        self.db_path = db_path
        #: the service's log file (a secret input's refusal is kept out of it)
        self.service_log = service_log
        self.stop = threading.Event()  # set on Ctrl-C: AI seats stop moving
        self.followed = Followed(service, args)
        self.screen = Screen(service, self.followed, console, images, args, db_path)
        self.opening = Opening(
            service, self.followed, self.screen, args, db_path=db_path, placeholders=placeholders
        )
        self.timer = TurnTimer(service, self.followed, self.screen, args, self.takeover_pace)
        self.history = HistoryCommands(service, self.followed, self.screen, db_path)
        self.prompt = Prompt(service, self.followed, self.screen)
        self.commands = Commands(
            service, self.followed, self.screen, self.prompt, self.history, self.timer
        )
        self.keyboard = Keyboard(
            service, self.followed, self.screen, self.prompt.completions, timer_poll
        )
        self.moves = AiMoves(service, self.followed, self.screen, args, self.stop)
        self.takeover = SeatTakeover(
            service,
            self.followed,
            self.screen,
            self.keyboard,
            self.commands,
            self.moves,
            self.stop,
            self.takeover_pace,
        )

    async def run(self) -> int:
        """The session: the timer checked, the game opened, then played or watched."""
        self.followed.speak_at(self.history.home_channels(), [WATCHER])
        refusal = self.timer.refusal()
        if refusal is not None:
            self.screen.say(refusal, "red")
            return 2
        opened = await self.opening.open()
        if isinstance(opened, int):
            return opened
        await self.timer.apply(new=opened is not None)
        await self.takeover.held_seat()
        if not self.followed.humans:
            assert opened is not None
            return await self.moves.watch(opened)
        if opened is not None:
            self.screen.say(self._seat_line())
            await self.screen.show(opened)
            if opened.game_over:
                return await self.screen.finish()
        return await self._play()

    def _seat_line(self) -> str:
        assert self.followed.record is not None
        return _("Players: {seats}", seats=listed(self.followed.seat_names(self.followed.record)))

    def _secret(self, hidden: bool) -> contextlib.AbstractContextManager[None]:
        """While a secret input is handled: its refusal is not written to the log file."""
        if hidden and self.service_log is not None:
            return self.service_log.secret()
        return contextlib.nullcontext()

    async def _play(self) -> int:
        followed, screen = self.followed, self.screen
        limit = int(self.args.max_turns or 0)
        while True:
            info = await self._next_decision()
            if info is None:
                await followed.refresh()
                if await self.service.saves.open_game(followed.channel) is None:
                    return await screen.finish()
                screen.say(
                    _(
                        "✗ the game cannot go on here (move {move}); see 'status'",
                        move=followed.seq,
                    ),
                    "red",
                )
                screen.say((await self.service.play.status(followed.channel)).text)
                return 1
            if info.is_ai or info.user_id not in followed.humans:
                # AI seats move one at a time, so Ctrl-C stops them at once.
                if self.stop.is_set():
                    return screen.quit()
                moved: Outcome | int | None
                if self.takeover.taken is not None:  # an AI holds his seat: paced, lines read
                    moved = await self.takeover.taken_turn()
                elif self.keyboard.typed():
                    moved = await self.takeover.typed_meanwhile()
                else:
                    moved = await self.moves.step()
                if isinstance(moved, int):
                    return moved
                if moved is None:  # e.g. 'resume': the decision may be a human's again
                    continue
                out = moved
                if not out.accepted or out.seq is None:
                    screen.refused(out.error or _("the AI seat could not move"), out.code)
                    return 1
                if out.game_over:
                    return await screen.finish()
                continue
            await followed.refresh()  # the one read of the game's view for this prompt
            if limit and followed.turn > limit:
                screen.say(
                    _(
                        "Stopped: --max-turns {limit} reached. The game is saved in "
                        "{path}; run again with a higher --max-turns.",
                        limit=limit,
                        path=screen.path(self.db_path),
                    ),
                    "yellow",
                )
                return 1
            if (
                followed.hot_seat
                and followed.viewer != info.user_id
                and not await self.prompt.handover(info.user_id)
            ):
                return screen.quit()
            decided = await self._decide(info)
            if isinstance(decided, TimedOut):
                continue
            if decided is None:
                return screen.quit()
            await screen.show(decided)
            if decided.game_over:
                return await screen.finish()

    async def _decide(self, info: DecisionInfo) -> Outcome | TimedOut | None:
        """Prompt the deciding human until a move is accepted (its outcome) or he quits."""
        followed, screen = self.followed, self.screen
        await self.prompt.ask(info)
        name = followed.humans.get(info.user_id or "", info.name)
        # A sealed choice at a hot seat: what is typed is not shown (the next player sits here).
        hidden = info.sealed and followed.hot_seat
        if hidden:
            screen.say(_("(your choice is secret: what you type is not shown)"), "dim")
        while True:
            line = await self.keyboard.read(info, hidden, name)
            if isinstance(line, TimedOut):
                self.takeover.taken_over(line.user, line.seat)
                return line
            if line is None:
                return None
            text = line.strip()
            if not text:
                if screen.console.interactive:
                    await self.prompt.show_options(info)
                continue
            word, _sep, rest = text.partition(" ")
            word = command_word(word.lstrip("/!"))
            if word in QUIT_WORDS:
                return None
            if await self.commands.local(word, rest.strip(), info):
                continue
            picked = self.commands.pick(text)
            if picked is None:
                continue
            if picked != text:
                text = picked
                if not hidden:
                    screen.say(f"  = {text}", "dim")
            with self._secret(info.sealed):
                out = await self.service.play.command(followed.channel, info.user_id or "", text)
            if out.accepted:
                return out
            screen.refused(out.error, out.code)

    async def _next_decision(self) -> DecisionInfo | None:
        """The decision to take next: an AI seat's first (AI seats answer as soon as a stage
        opens), else the human at the keyboard's own (no needless handover when several
        decide at once), else the first."""
        infos = await self.service.play.decisions(self.followed.channel)
        if not infos:
            return None
        for info in infos:
            if info.is_ai or info.user_id not in self.followed.humans:
                return info
        return next((i for i in infos if i.user_id == self.followed.viewer), infos[0])
