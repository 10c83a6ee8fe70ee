"""The prompt for a human's decision: the summary (or the decision's line), the current
pictures, his private view and the numbered options; at a hot seat, passing the keyboard."""

from __future__ import annotations

from bot.table.outputs import DecisionInfo
from bot.table.service import TableService
from bot.terminal.followed import Followed
from bot.terminal.output import Screen
from bot.terminal.view import numbered_options, private_lines
from bot.terminal.words import LOCAL_WORDS, QUIT_WORDS, command_word, command_words
from engine.core import Option
from engine.i18n.shared import _, asked
from engine.registry import registration


class Prompt:
    """A decision of the ``followed`` game asked at the keyboard, through the ``service``,
    on the ``screen``."""

    def __init__(self, service: TableService, followed: Followed, screen: Screen) -> None:
        self.service = service
        self.followed = followed
        self.screen = screen
        #: the deciding player's options as last listed (``#N`` / a number picks one)
        self.options: list[Option] = []

    def completions(self) -> list[str]:
        """What Tab completes: the options listed, the terminal's words, the rules topics."""
        topics = self.followed.texts.topics(self.followed.options)
        words = [*(o.command for o in self.options), *LOCAL_WORDS, *(f"rules {t}" for t in topics)]
        words += [str(word) for word in command_words()]  # the language in force's words too
        return list(dict.fromkeys(words))

    async def handover(self, user: str) -> bool:
        """Hot seat: hide the screen, let the next human take the terminal, show his news."""
        followed, screen = self.followed, self.screen
        console = screen.console
        name = followed.humans[user]
        if console.interactive and followed.viewer is not None:
            prev = followed.humans.get(followed.viewer, "")
            typed = console.read(_("{name}: press Enter to hide your hand ", name=prev))
            if typed is None or command_word(typed) in QUIT_WORDS:
                return False
        screen.hide_hands()
        console.clear()
        screen.say(_("Pass the terminal to {name} and press Enter.", name=name), "bold")
        typed = console.read(_("{name}, press Enter ", name=name))
        if typed is None or command_word(typed) in QUIT_WORDS:
            return False
        console.clear()
        followed.viewer = user
        recap = followed.recap.get(user) or []
        if recap:
            screen.say(_("Since your last look, {name}:", name=name), "bold")
            for line in recap:
                screen.say("  " + line, "dim" if line == screen.standings else None)
            recap.clear()
        for update in followed.private.pop(user, []):
            screen.show_private(update)
        screen.shown = None
        return True

    async def _current_images(self, user: str) -> None:
        """The board and the deciding human's hand pictures as the game is now: a move
        without a picture (a sealed choice: "... has chosen") or other players' moves (the
        deck shrank) would otherwise leave older ones in the folder when he is asked."""
        followed, screen = self.followed, self.screen
        seq = followed.seq
        if screen.board_moves != seq:
            reply = await self.service.play.board(followed.channel)
            if reply.error is None and reply.image is not None:
                screen.fresh_image = screen.images.board(seq, reply.image)
                screen.board_moves = seq
        if user in followed.humans and screen.hand_moves.get(user) != seq:
            reply = await self.service.play.hand(followed.channel, user)
            if reply.error is None and reply.image is not None:
                screen.images.hand(followed.humans[user], reply.image)
                screen.hand_moves[user] = seq

    async def ask(self, info: DecisionInfo) -> None:
        """Show the decision ``info`` (the game's view as the play loop last read it: one
        read per prompt)."""
        screen = self.screen
        await self._current_images(info.user_id or "")
        if screen.shown != (self.followed.turn, info.user_id or ""):
            screen.summary(info)
        else:
            screen.say("➡ " + asked(info.name, info.prompt), "cyan")
        if screen.fresh_image is not None:
            screen.say(
                _(
                    "board: {path} (latest: {latest})",
                    path=screen.path(screen.fresh_image),
                    latest=screen.path(screen.images.latest),
                ),
                "dim",
            )
            screen.fresh_image = None
        mine = await self.service.play.view(self.followed.channel, info.user_id or "")
        if mine is not None:
            screen.console.lines(private_lines(mine, self.followed.texts))
        await self.show_options(info)

    async def show_options(self, info: DecisionInfo, everything: bool = False) -> None:
        """The deciding player's options, numbered (``everything``: none folded away)."""
        followed, screen = self.followed, self.screen
        self.options = await self.service.play.choices_for(
            followed.channel, info.user_id or "", "", limit=None
        )
        screen.say(_("Options (type a number or a command; 'help' lists more):"), "dim")
        hints = registration(followed.game_name).parts().grammar.help
        screen.console.lines(
            numbered_options(
                self.options, screen.width, followed.texts, hints=hints, everything=everything
            )
        )
