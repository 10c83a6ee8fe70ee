"""The terminal table's outputs: public and private updates, the end, the AI-only watch mode."""

from __future__ import annotations

from bot.table.outputs import Outcome, PrivateUpdate, PublicUpdate
from bot.terminal.base import RECAP_LINES, WATCHER, TerminalBase
from bot.terminal.view import header_of, ranking_lines
from engine.core import JSON
from engine.i18n import SOURCE, say
from engine.i18n.shared import _, _n


class TerminalOutput(TerminalBase):
    """Showing what the service answers (see :class:`bot.terminal.play.TerminalTable`)."""

    # -- outputs ------------------------------------------------------------------------------

    def _show_public(
        self, update: PublicUpdate, before: JSON | None, after: JSON, quiet: bool = False
    ) -> None:
        """One channel message: its lines (minus the service's "➡ next decision" line, which
        the prompt repeats), a turn header when a new turn starts, the standings when
        they changed; its image goes to the output folder. ``before``/``after`` are the
        public views before and after the outcome (``before`` is ``None`` at the start)."""
        if update.image is not None:
            if update.image_kind == "end":
                self.images.end(update.image)
            elif not quiet:  # --quiet: only the end's pictures (:meth:`_finish`)
                moves = update.seq + 1 if update.seq is not None else self.seq
                self.fresh_image = self.images.board(moves, update.image)
                self.board_moves = moves
        lines = [x for x in update.text.splitlines() if x.strip() and not x.startswith("➡")]
        header = None
        if update.seq is not None:
            shown = before if before is not None else after
            head = header_of(shown)
            # (before the first view there is no counter: no turn header)
            if head is not None and head.number != self.header_turn:
                header = f"— {head.counter_text} —"
                self.header_turn = head.number
            standings = self.texts.standings_line(after)
            if standings is not None and standings != self.standings:
                self.standings = standings
                lines.append(standings)
        for user, recap in self.recap.items():
            # Before the first handover everybody looks at the same (public) screen.
            if self.viewer is not None and user != self.viewer:
                recap.extend(lines)
                del recap[:-RECAP_LINES]
        if quiet:
            return
        if header is not None:
            self.say(header, "dim")
        for line in lines:
            self.say("  " + line, "dim" if line == self.standings else None)

    def _show_private(self, update: PrivateUpdate) -> None:
        name = self.humans.get(update.user_id) or _("you")
        if update.image is not None:
            self.images.hand(name, update.image)
        for line in update.text.splitlines():
            # The hand itself is printed with the next decision; keep the news only.
            if line.strip() and not line.startswith(self.texts.hand_prefixes):
                self.say(_("  (to {name}) {line}", name=name, line=line), "yellow")

    async def _show(self, outcome: Outcome, quiet: bool = False) -> None:
        """Print an outcome. The terminal lets the service play one move per call (AI moves
        are stepped with ``advance``), so the view after the call is the view after each of
        its updates."""
        before = self.view
        after = await self._refresh() if outcome.public else (self.view or {})
        for update in outcome.public:
            self._show_public(update, before, after, quiet)
        for news in outcome.private:
            if not self.hot_seat or news.user_id == self.viewer:
                self._show_private(news)
            else:
                self.private.setdefault(news.user_id, []).append(news)

    async def _finish(self) -> int:
        assert self.record is not None
        self._hide_hands()
        await self._refresh()
        record = self.storage.games.get_game(self.record.id)
        reply = await self.service.play.board(self.channel)
        board_path = None
        if reply.image is not None:
            board_path = self.images.board(self.seq, reply.image)
        self.say()
        if record is None or record.status != "finished":
            self.say(_("The game ended without a result."), "red")
            return 1
        self.say(self._game_over(), "bold")
        self.console.lines(ranking_lines(self.storage.games.results(record.id)), "bold")
        end = self.images.end_path
        if end.exists():
            self.say(_("End screen: {path}", path=self._path(end)))
        if board_path is not None:
            board = self._path(self.images.latest)
            self.say(_("Final board: {path}", path=board))
        return 0

    def _game_over(self) -> str:
        """``Game over after 12 turns and 48 moves. Final ranking:`` (the game's counter)."""
        key = self.counter
        moves = self.seq
        if key is None:
            return _n(
                "Game over after {n} move. Final ranking:",
                "Game over after {n} moves. Final ranking:",
                moves,
            )
        if say(key, SOURCE) == "round":
            return _n(
                "Game over after {rounds} rounds and {n} move. Final ranking:",
                "Game over after {rounds} rounds and {n} moves. Final ranking:",
                moves,
                rounds=self.turn,
            )
        if say(key, SOURCE) == "turn":
            return _n(
                "Game over after {turns} turns and {n} move. Final ranking:",
                "Game over after {turns} turns and {n} moves. Final ranking:",
                moves,
                turns=self.turn,
            )
        header = header_of(self.view)
        return _n(
            "Game over after {n} move ({position}). Final ranking:",
            "Game over after {n} moves ({position}). Final ranking:",
            moves,
            position=header.counter_text if header is not None else "",
        )

    # -- the watch mode -----------------------------------------------------------------------

    async def _step_ai(self, quiet: bool = False) -> Outcome:
        """Let the service play one pending AI move, and show it."""
        out = await self.service.play.advance(self.channel, 1)
        if out.accepted:
            await self._show(out, quiet)
        return out

    async def _watch(self, start: Outcome) -> int:
        """An AI-only game, stepped move by move: stopped at ``--max-turns`` or Ctrl-C."""
        quiet = bool(self.args.quiet)
        await self._show(start, quiet)
        limit = int(self.args.max_turns or 0)
        why = _(
            "an AI seat failed (see {path})",
            path=self._path(self.images.root / "terminal.log"),  # not for players
        )
        out = start
        while not out.game_over:
            if self.stop.is_set():
                return self._quit()
            if limit and self.turn > limit:
                why = _("--max-turns {limit} reached", limit=limit)
                break
            self.console.progress(_("AI seats playing: {where}…", where=self._where()))
            out = await self._step_ai(quiet)
            if not out.accepted or out.seq is None:
                break
        self.console.progress("")
        if out.game_over:
            return await self._finish()
        await self.service.lobby.abort(self.channel, WATCHER, can_manage=True)
        self.say(
            _(
                "Stopped at {where}: {why}. An AI-only game cannot be continued, so it was closed.",
                where=self._where(),
                why=why,
            ),
            "yellow",
        )
        return 1
