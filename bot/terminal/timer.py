"""The terminal's turn timer (``--timer``, as ``/settings`` on Discord): checked before any game
is opened, set through the service's settings, and said as it works at one keyboard (at a
timeout an AI plays the person's seat at a human pace until he takes it back)."""

from __future__ import annotations

import argparse

from bot.table.ai_driving import check_level
from bot.table.ai_seat import ai_level
from bot.table.languages import parse_language
from bot.table.records import Refused, why
from bot.table.saves import TimerSettings
from bot.table.service import TableService
from bot.table.settings import describe_settings, duration_text, parse_settings, preset_name
from bot.terminal.args import default_level
from bot.terminal.followed import WATCHER, Followed
from bot.terminal.output import Screen
from engine.core import IllegalMove
from engine.i18n import NATIVE_NAMES, either, negotiate
from engine.i18n.shared import _
from engine.registry import table_game
from engine.text import excerpt


class TurnTimer:
    """``--timer`` (``args``) at the ``followed`` game's table; ``pace``: the seconds between
    the decisions of the AI that plays a person's seat after a timeout."""

    def __init__(
        self,
        service: TableService,
        followed: Followed,
        screen: Screen,
        args: argparse.Namespace,
        pace: float,
    ) -> None:
        self.service = service
        self.followed = followed
        self.screen = screen
        self.args = args
        self.pace = pace

    def refusal(self) -> str | None:
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

    async def line(self, settings: TimerSettings | None = None) -> str:
        """The turn timer as it works at this keyboard (set with ``--timer``): at a timeout
        the game pauses, or an AI plays the person's seat at a human pace until he takes it
        back, and leaves the game's last decision to him."""
        s = settings or await self.service.settings.timer(self.followed.channel)
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
            seconds=round(self.pace),
        )

    def _table_level(self) -> str:
        """The table's AI level: its AI seats' (the first one's), else ``--ai``'s or the
        default one."""
        record = self.followed.record
        if record is not None:
            for p in record.players:
                if p.is_ai and p.ai_level is not None:
                    return ai_level(p.ai_level).name
        return str(self.args.ai or default_level())

    async def apply(self, new: bool) -> None:
        """``--timer``: the table's turn-timer settings, as /settings on Discord (one human
        at the keyboard; a hot seat has no timer: refused before opening). Without it, a
        timer in force is named: a ``new`` game keeps the one an earlier game here set, and
        says so and how to turn it off."""
        if self.followed.hot_seat:
            return
        channel = self.followed.channel
        if not self.args.timer:
            if (await self.service.settings.timer(channel)).turn_seconds is None:
                return
            await self.service.settings.default_level(channel, self._table_level(), False)
            if new:
                self.screen.say(
                    _(
                        "{timer} (kept from an earlier game here; '--timer off' turns it off)",
                        timer=await self.line(),
                    ),
                    "dim",
                )
            else:
                self.screen.say(await self.line(), "dim")
            return
        out = await self.service.settings.change(channel, WATCHER, self.args.timer, can_manage=True)
        if not out.accepted:
            self.screen.refused(out.error, out.code)
            return
        named = parse_settings(parse_language(self.args.timer)[1], TimerSettings()).ai_level
        # the AI that takes a seat at a timeout plays at the table's level, unless --timer
        # named one
        await self.service.settings.default_level(channel, self._table_level(), named is None)
        self.screen.say(await self.line(), "dim")
