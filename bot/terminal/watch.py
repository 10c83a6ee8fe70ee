"""AI seats moving at the terminal: one pending AI move at a time (so Ctrl-C stops them at
once), shown; and the watch mode, an AI-only game stepped to its end."""

from __future__ import annotations

import argparse
import threading

from bot.table.outputs import Outcome
from bot.table.service import TableService
from bot.terminal.followed import WATCHER, Followed
from bot.terminal.output import Screen
from engine.i18n.shared import _


class AiMoves:
    """The ``service``'s AI seats of the ``followed`` game, stepped and shown on the
    ``screen``; ``stop`` is set on Ctrl-C."""

    def __init__(
        self,
        service: TableService,
        followed: Followed,
        screen: Screen,
        args: argparse.Namespace,
        stop: threading.Event,
    ) -> None:
        self.service = service
        self.followed = followed
        self.screen = screen
        self.args = args
        self.stop = stop

    async def step(self, quiet: bool = False) -> Outcome:
        """Let the service play one pending AI move, and show it."""
        out = await self.service.play.advance(self.followed.channel, 1)
        if out.accepted:
            await self.screen.show(out, quiet)
        return out

    async def watch(self, start: Outcome) -> int:
        """An AI-only game, stepped move by move: stopped at ``--max-turns`` or Ctrl-C."""
        screen, followed = self.screen, self.followed
        quiet = bool(self.args.quiet)
        await screen.show(start, quiet)
        limit = int(self.args.max_turns or 0)
        why = _(
            "an AI seat failed (see {path})",
            path=screen.path(screen.images.root / "terminal.log"),  # not for players
        )
        out = start
        while not out.game_over:
            if self.stop.is_set():
                return screen.quit()
            if limit and followed.turn > limit:
                why = _("--max-turns {limit} reached", limit=limit)
                break
            screen.console.progress(_("AI seats playing: {where}…", where=followed.where()))
            out = await self.step(quiet)
            if not out.accepted or out.seq is None:
                break
        screen.console.progress("")
        if out.game_over:
            return await screen.finish()
        await self.service.lobby.abort(followed.channel, WATCHER, can_manage=True)
        screen.say(
            _(
                "Stopped at {where}: {why}. An AI-only game cannot be continued, so it was closed.",
                where=followed.where(),
                why=why,
            ),
            "yellow",
        )
        return 1
