"""What a typed line means at the prompt: the terminal's own commands (``help``, ``board``,
``status``, ``log``, ``rules``, ``stats``, ``resume``, ``history`` ...) answered through the
service, and a number picking a listed option."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.table.ai_seat import ai_levels
from bot.table.outputs import DecisionInfo
from bot.table.service import TableService
from bot.table.settings import describe_settings
from bot.terminal.followed import Followed
from bot.terminal.history import HistoryCommands
from bot.terminal.output import Screen
from bot.terminal.prompt import Prompt
from bot.terminal.timer import TurnTimer
from bot.terminal.words import LOCAL_HELP
from engine.core import Option
from engine.i18n import either
from engine.i18n.shared import _
from engine.text import excerpt, is_number


class Commands:
    """The terminal's commands at the ``followed`` game: reads of the ``service`` shown on
    the ``screen``, the ``prompt``'s options again, the ``history`` of closed games, the
    ``timer`` as it works here."""

    def __init__(
        self,
        service: TableService,
        followed: Followed,
        screen: Screen,
        prompt: Prompt,
        history: HistoryCommands,
        timer: TurnTimer,
    ) -> None:
        self.service = service
        self.followed = followed
        self.screen = screen
        self.prompt = prompt
        self.history = history
        self.timer = timer

    async def local(self, word: str, rest: str, info: DecisionInfo) -> bool:
        """Terminal commands; True if ``word`` was one."""
        followed, screen = self.followed, self.screen
        user = info.user_id or ""
        if word in ("help", "?", "commands"):
            topic = next(iter(followed.texts.rule_topics), "turn")
            screen.say(_(LOCAL_HELP, topic=topic))
            screen.reply(await self.service.play.rules("commands", followed.game_name))
        elif word in ("options", "o"):
            await self.prompt.show_options(info, everything=rest.casefold() == "all")
        elif word in ("summary", "table", "t"):
            screen.summary(info)
        elif word == "board":
            reply = await self.service.play.board(followed.channel)
            if screen.reply(reply) and reply.image is not None:
                moves = int((await followed.refresh()).get("seq") or 0)
                path = screen.images.board(moves, reply.image)
                screen.board_moves = moves
                screen.say(_("  [board image: {path}]", path=screen.path(path)), "dim")
        elif word == "hand":
            reply = await self.service.play.hand(followed.channel, user)
            if screen.reply(reply) and reply.image is not None:
                path = screen.images.hand(followed.humans.get(user, "player"), reply.image)
                screen.hand_moves[user] = followed.seq
                screen.say(_("  [hand image: {path}]", path=screen.path(path)), "dim")
        elif word == "status":
            reply = await self.service.play.status(followed.channel)
            if reply.error is None:  # the timer as it works here, set with --timer
                settings = await self.service.settings.timer(followed.channel)
                # the service names the level that would take a seat
                service_lines = {describe_settings(settings, lv) for lv in ai_levels()}
                here = await self.timer.line(settings)
                given = reply.lines or tuple(reply.text.split("\n"))
                lines = [here if x in service_lines else x for x in given]
                reply = replace(reply, text="\n".join(lines), lines=tuple(lines))
            screen.reply(reply)
        elif word == "log":
            count = _small(rest.strip()) if rest.strip() else 10
            if not count:
                screen.say(_("✗ 'log' takes a number of moves, 1 to 999999 (e.g. 'log 20')"), "red")
            else:
                screen.reply(await self.service.play.log(followed.channel, count))
        elif word == "rules":
            screen.reply(
                await self.service.play.rules(
                    rest or None, followed.game_name, options=followed.options
                )
            )
        elif word == "stats":  # the terminal's tables have no server: guild ''
            mine = await self.service.stats.lines(None, user)
            board = await self.service.stats.leaderboard(None, followed.game_name)
            screen.say("\n".join(mine or [_("no finished games yet")]))
            if board.value is None:
                screen.refused(board.error, board.code)
            else:
                lines = [line.replace("**", "") for line in board.value]
                screen.say("\n".join(lines) or _("no ratings yet"))
        elif word == "resume":  # back at a game paused for him at a timeout
            out = await self.service.seats.resume(followed.channel, user)
            if out.accepted:
                for update in out.public:
                    screen.say(update.text, "bold")
            else:
                screen.refused(out.error, out.code)
        elif word == "finish":
            screen.say(
                _(
                    "✗ 'finish' lets an AI that plays your seat after a timeout make the game's "
                    "last decision; no AI plays your seat now"
                ),
                "red",
            )
        elif word == "history":
            await self.history.history()
        elif word == "game":
            await self.history.game(rest)
        elif word == "replay":
            await self.history.replay(rest)
        else:
            return False
        return True

    def pick(self, text: str) -> str | None:
        """What a typed line means: ``#N`` is option N; a bare number N is option N, unless N
        is also the one argument of a listed option (a card ``play 6`` while option 6 is
        ``pass``): then the terminal asks (``None``, after saying why). A number beyond the
        options that is such an argument of exactly one option means that option. Any other
        line is a command, returned as typed."""
        screen = self.screen
        explicit = text.startswith("#")
        digits = text[1:].strip() if explicit else text
        if not is_number(digits):  # ASCII digits only: int("²") fails, 5,000 digits too
            if explicit:
                screen.say(
                    _(
                        "✗ '#' takes an option number, 1–{last} (e.g. '#1')",
                        last=len(self.prompt.options),
                    ),
                    "red",
                )
                return None
            return text
        n = _small(digits) or 0
        on_list = 1 <= n <= len(self.prompt.options)
        meant = [] if explicit else _taking(self.prompt.options, digits)
        if on_list and (not meant or self.prompt.options[n - 1] in meant):
            return self.prompt.options[n - 1].command
        if meant and on_list:
            option = self.prompt.options[n - 1].command
            # Translators: joins the commands a number could mean: 'play 6' or 'take 6'
            also = _(" or ").join(f"'{m.command}'" for m in meant)
            screen.say(
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
            screen.say(
                _(
                    "✗ '{number}' could be {commands}: type the one you mean",
                    number=digits,
                    commands=also,
                ),
                "red",
            )
            return None
        shown = excerpt(digits, limit=12)
        screen.say(
            _(
                "✗ no option {number}: the options are 1–{last}",
                number=shown,
                last=len(self.prompt.options),
            ),
            "red",
        )
        return None


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
