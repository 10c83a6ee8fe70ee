"""The person's seat held by an AI after his turn timer ran out, paced: the AI makes one
decision every few seconds of the terminal's clock, lines typed meanwhile are acted on
(``resume`` or a move takes the seat back, ``finish`` lets the AI end the game, the reading
commands answer), and no AI makes the game's last decision unless he lets it. What the AI
would play is worked out beforehand by the service (``service.plans``,
:mod:`bot.table.ai_plan`)."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import replace

from bot.table.ai_plan import Plan
from bot.table.ai_seat import labelled
from bot.table.outputs import Outcome
from bot.table.service import TableService
from bot.terminal.commands import Commands
from bot.terminal.followed import KEYBOARD_USER, Followed
from bot.terminal.keyboard import Keyboard
from bot.terminal.output import Screen
from bot.terminal.watch import AiMoves
from bot.terminal.words import QUIT_WORDS, READING_WORDS, command_word
from engine.i18n.shared import _
from engine.text import is_number

#: Seconds of the terminal's clock between two decisions of the AI playing a person's seat
#: after a timeout: a human pace, so the person can follow it and take the seat back.
TAKEOVER_PACE = 8.0


class SeatTakeover:
    """The seat of the person at the ``keyboard`` that an AI holds at the ``followed`` game
    (``moves`` steps the AI seats; ``commands`` answers reading commands; ``stop`` is set on
    Ctrl-C); ``pace``: seconds of the service's clock between the AI's decisions for him."""

    def __init__(
        self,
        service: TableService,
        followed: Followed,
        screen: Screen,
        keyboard: Keyboard,
        commands: Commands,
        moves: AiMoves,
        stop: threading.Event,
        pace: float,
    ) -> None:
        self.service = service
        self.followed = followed
        self.screen = screen
        self.keyboard = keyboard
        self.commands = commands
        self.moves = moves
        self.stop = stop
        self.pace = pace
        #: the user whose seat an AI took over at a timeout (at this keyboard), and that seat
        self.taken: str | None = None
        self.taken_seat: int | None = None
        #: he typed 'finish': the AI may make the game's last decision for him
        self.let_finish = False
        #: when (the service's clock, epoch seconds) the AI last moved for him, or took his seat
        self.paced_at = 0.0

    def taken_over(self, user: str | None, seat: int) -> None:
        """An AI plays ``user``'s seat since his time ran out: it is paced from now on."""
        self.taken, self.taken_seat = user, seat
        self.let_finish = False
        self.paced_at = self.service.runner.now()
        self.screen.say(
            _(
                "(the AI makes one decision every {seconds} seconds; type 'resume' or your "
                "move to take your seat back; it leaves the game's last decision to you)",
                seconds=round(self.pace),
            ),
            "dim",
        )

    async def held_seat(self) -> None:
        """The person's seat an AI took at a timeout before he quit: it stays his (paced, and
        'resume' takes it back) in this session too."""
        followed = self.followed
        record = followed.record
        if record is None or followed.hot_seat or record.status != "active":
            return
        held = await self.service.seats.held(record.id, KEYBOARD_USER)
        if held is None or held.kind != "timeout":
            return
        followed.humans.setdefault(held.user_id, held.name)
        followed.recap.setdefault(held.user_id, [])
        followed.private.setdefault(held.user_id, [])
        self.taken_over(held.user_id, held.seat)

    def _read_meanwhile(self) -> None:
        """Keep a keyboard read running while AI seats play a seat taken over at a timeout."""
        if self.taken is not None:
            self.keyboard.read_meanwhile(self.followed.humans.get(self.taken, ""))

    async def _take_back(self) -> bool:
        """The person takes his seat back from the AI (said); True if he has it."""
        assert self.taken is not None
        channel = self.followed.channel
        out = await self.service.seats.resume(channel, self.taken)
        if not out.accepted:
            self.screen.refused(out.error, out.code)
            return False
        self.taken = self.taken_seat = None
        await self.service.plans.forget(channel)
        for update in out.public:
            self.screen.say(update.text, "bold")
        return True

    async def typed_meanwhile(self) -> int | None:
        """While AI seats play (a seat taken over at a timeout among them): act on a line
        typed meanwhile. 'resume' or a move takes the seat back (the move is then made at his
        prompt), 'finish' lets the AI make the game's last decision too, the terminal's reading
        commands answer, 'quit' leaves. An exit code to stop, else ``None``."""
        if not self.keyboard.typed():
            return None
        line = self.keyboard.take()
        if line is None:
            return self.screen.quit()
        text = line.strip()
        word, _sep, rest = text.partition(" ")
        word = command_word(word.lstrip("/!"))
        if word in QUIT_WORDS:
            return self.screen.quit()
        if not text:
            return None
        if self.taken is None:  # nobody's seat is held: the line is for his next prompt
            self.keyboard.carried = text
            return None
        if word == "finish":
            self.let_finish = True
            self.screen.say(
                _(
                    "The AI plays on and makes the game's last decision too; 'resume' still "
                    "takes your seat back."
                ),
                "dim",
            )
        elif word == "resume":
            await self._take_back()
        elif word == "hand":  # his seat's view is the AI's while it plays the seat
            self.screen.say(_("(an AI plays your seat: type 'resume' to take it back)"), "dim")
        elif word in READING_WORDS:
            infos = await self.service.play.decisions(self.followed.channel)
            if infos:
                await self.commands.local(word, rest.strip(), replace(infos[0], user_id=self.taken))
        elif await self._take_back() and not is_number(text.lstrip("#").strip()):
            self.keyboard.carried = text  # his move, made at his prompt (a number: options first)
        return None

    async def taken_turn(self) -> Outcome | int | None:
        """The AIs move while one holds the person's seat: the other AI seats as ever, his
        seat one decision every :attr:`pace` seconds of the terminal's clock, and no AI the
        move that would end the game unless he typed 'finish' (then the game ends in his
        name: he is seated again for its last move, so the game is his in the records).
        Lines typed meanwhile are acted on. The move's outcome, an exit code, or ``None``
        (look at the table again)."""
        channel = self.followed.channel
        paced = await self.service.plans.next_seat(channel) == self.taken_seat
        plan_task = asyncio.ensure_future(self.service.plans.plan(channel))
        due = self.paced_at + self.pace if paced else 0.0
        waiting = False
        while True:
            if self.stop.is_set():
                return self.screen.quit()
            if self.keyboard.typed():
                stopped = await self.typed_meanwhile()
                if stopped is not None:
                    return stopped
                if self.taken is None:
                    return None
            if plan_task.done() and (not paced or self.service.runner.now() >= due):
                plan = plan_task.result()
                if plan is None:
                    return None
                if not plan.ends:
                    out = await self.moves.step()
                    if paced:
                        self.paced_at = self.service.runner.now()
                    return out
                if self.let_finish:
                    return await self._finish_for(plan)
                if not waiting:
                    waiting = True
                    self._wait_for_the_end(plan)
            self._read_meanwhile()
            await self.keyboard.wait()

    def _wait_for_the_end(self, plan: Plan) -> None:
        """Say that the game waits for the person: the next move would end it."""
        name = self.followed.humans.get(self.taken or "", "")
        if plan.seat == self.taken_seat:
            text = _(
                "Your seat's next decision would end the game: the game waits for you, "
                "{name}, to make its last decision ('resume' takes your seat back; 'finish' "
                "lets the AI make it).",
                name=name,
            )
        else:
            record = self.followed.record
            player = labelled(record.players[plan.seat].name) if record is not None else ""
            text = _(
                "{player}'s next move would end the game: the game waits for you, {name} "
                "('resume' takes your seat back; 'finish' lets the game end with the AI playing "
                "for you).",
                player=player,
                name=name,
            )
        self.screen.say("⌛ " + text, "yellow")

    async def _finish_for(self, plan: Plan) -> Outcome | int:
        """The person let the game end while an AI plays his seat: he is seated again for
        its last move (the game is recorded as his, with its takeover); if the move is his
        seat's, the AI makes it in his name."""
        user = self.taken
        assert user is not None
        channel = self.followed.channel
        name = self.followed.humans.get(user, "")
        mine = plan.seat == self.taken_seat
        out = await self.service.seats.resume(channel, user)
        if not out.accepted:
            self.screen.refused(out.error, out.code)
            return 1
        self.taken = self.taken_seat = None
        if not mine:  # an AI seat's move ends the game, with him seated
            for update in out.public:
                self.screen.say(update.text, "bold")
            return await self.moves.step()
        self.screen.say(
            _(
                "As {name} asked, the AI makes the game's last decision for {name}: {command}",
                name=name,
                command=plan.command,
            ),
            "bold",
        )
        made = await self.service.play.command(channel, user, plan.command)
        if made.accepted:
            await self.screen.show(made)
        return made
