"""The terminal's screen: what the service answers, printed (public and private updates, the
compact summary, a refusal, the end and its ranking, leaving) and the pictures it writes."""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path

from bot.archive import Target, shell_command, shown
from bot.table.outputs import Code, DecisionInfo, Outcome, PrivateUpdate, PublicUpdate, Reply
from bot.table.service import TableService
from bot.terminal.followed import Followed
from bot.terminal.io import Console, ImageFolder
from bot.terminal.view import header_of, ranking_lines, summary_lines, terminal_width
from engine.core import JSON
from engine.i18n import SOURCE, say
from engine.i18n.shared import _, _n
from engine.registry import table_game

#: How many public lines a hot-seat player is shown of what happened since his last look.
RECAP_LINES = 60


class Screen:
    """Printing to the ``console`` and writing pictures to ``images`` for the ``followed``
    game (the ``service`` draws its board at the end; ``args`` and ``db_path`` name the
    command that continues it)."""

    def __init__(
        self,
        service: TableService,
        followed: Followed,
        console: Console,
        images: ImageFolder,
        args: argparse.Namespace,
        db_path: Target,
    ) -> None:
        self.service = service
        self.followed = followed
        self.console = console
        self.images = images
        self.args = args
        self.db_path = db_path
        self.width = terminal_width()
        self.shown: tuple[int, str] | None = None  # (turn, user) of the last full summary
        self.header_turn: int | None = None
        self.standings: str | None = None
        self.fresh_image: Path | None = None  # a board image written since the last prompt
        self.board_moves = -1  # the move count the board images show
        self.hand_moves: dict[str, int] = {}  # user id -> the move count his hand image shows

    def say(self, text: str = "", style: str | None = None) -> None:
        self.console.say(text, style)

    def path(self, path: Target) -> str:
        """A file as the working directory sees it, a PostgreSQL address without its
        password."""
        if isinstance(path, str):
            return shown(path)
        return self.images.show(path)

    def refused(self, error: str | None, code: str | None = None) -> None:
        if code == Code.HELP:
            self.say(error or "")
            return
        self.say(f"✗ {error or _('refused')}", "red")

    def reply(self, reply: Reply) -> bool:
        """Print a read's answer (a refusal in red); True if it was not refused."""
        if reply.error is not None:
            self.refused(reply.error, reply.code)
            return False
        self.say(reply.text)
        return True

    # -- the game's updates --------------------------------------------------------------------

    def show_public(
        self, update: PublicUpdate, before: JSON | None, after: JSON, quiet: bool = False
    ) -> None:
        """One channel message: its lines (minus the service's "➡ next decision" line, which
        the prompt repeats), a turn header when a new turn starts, the standings when
        they changed; its image goes to the output folder. ``before``/``after`` are the
        public views before and after the outcome (``before`` is ``None`` at the start)."""
        followed = self.followed
        if update.image is not None:
            if update.image_kind == "end":
                self.images.end(update.image)
            elif not quiet:  # --quiet: only the end's pictures (:meth:`finish`)
                moves = update.seq + 1 if update.seq is not None else followed.seq
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
            standings = followed.texts.standings_line(after)
            if standings is not None and standings != self.standings:
                self.standings = standings
                lines.append(standings)
        for user, recap in followed.recap.items():
            # Before the first handover everybody looks at the same (public) screen.
            if followed.viewer is not None and user != followed.viewer:
                recap.extend(lines)
                del recap[:-RECAP_LINES]
        if quiet:
            return
        if header is not None:
            self.say(header, "dim")
        for line in lines:
            self.say("  " + line, "dim" if line == self.standings else None)

    def show_private(self, update: PrivateUpdate) -> None:
        name = self.followed.humans.get(update.user_id) or _("you")
        if update.image is not None:
            self.images.hand(name, update.image)
        for line in update.text.splitlines():
            # The hand itself is printed with the next decision; keep the news only.
            if line.strip() and not line.startswith(self.followed.texts.hand_prefixes):
                self.say(_("  (to {name}) {line}", name=name, line=line), "yellow")

    async def show(self, outcome: Outcome, quiet: bool = False) -> None:
        """Print an outcome. The terminal lets the service play one move per call (AI moves
        are stepped with ``advance``), so the view after the call is the view after each of
        its updates."""
        followed = self.followed
        before = followed.view
        after = await followed.refresh() if outcome.public else (followed.view or {})
        for update in outcome.public:
            self.show_public(update, before, after, quiet)
        for news in outcome.private:
            if not followed.hot_seat or news.user_id == followed.viewer:
                self.show_private(news)
            else:
                followed.private.setdefault(news.user_id, []).append(news)

    def summary(self, info: DecisionInfo) -> None:
        """The compact summary of the game as last read, for ``info``'s decision."""
        followed = self.followed
        assert followed.record is not None
        title = table_game(followed.record.game_type).title
        self.say()
        lines = summary_lines(followed.view or {}, title, followed.texts)
        self.say(lines[0], "bold")
        for line in lines[1:]:
            self.say(line, "cyan" if line.startswith("➡") else None)
        self.shown = (followed.turn, info.user_id or "")
        self.header_turn = followed.turn

    # -- the end, and leaving -----------------------------------------------------------------

    async def finish(self) -> int:
        """The game is over: its final board, the ranking, where its pictures are."""
        followed = self.followed
        assert followed.record is not None
        self.hide_hands()
        await followed.refresh()
        closed = await self.service.saves.closed(followed.record.id)
        reply = await self.service.play.board(followed.channel)
        board_path = None
        if reply.image is not None:
            board_path = self.images.board(followed.seq, reply.image)
        self.say()
        if closed is None or closed.record.status != "finished":
            self.say(_("The game ended without a result."), "red")
            return 1
        self.say(self.game_over(), "bold")
        self.console.lines(ranking_lines(closed.results), "bold")
        end = self.images.end_path
        if end.exists():
            self.say(_("End screen: {path}", path=self.path(end)))
        if board_path is not None:
            board = self.path(self.images.latest)
            self.say(_("Final board: {path}", path=board))
        return 0

    def game_over(self) -> str:
        """``Game over after 12 turns and 48 moves. Final ranking:`` (the game's counter)."""
        key = self.followed.counter
        moves = self.followed.seq
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
                rounds=self.followed.turn,
            )
        if say(key, SOURCE) == "turn":
            return _n(
                "Game over after {turns} turns and {n} move. Final ranking:",
                "Game over after {turns} turns and {n} moves. Final ranking:",
                moves,
                turns=self.followed.turn,
            )
        header = header_of(self.followed.view)
        return _n(
            "Game over after {n} move ({position}). Final ranking:",
            "Game over after {n} moves ({position}). Final ranking:",
            moves,
            position=header.counter_text if header is not None else "",
        )

    def hide_hands(self) -> None:
        """At a hot seat every file in the output folder is open to every player there, so a
        hand image (with a sealed answer in it) lives only while its owner holds the keyboard:
        all are deleted at each handover, on leaving and at the end."""
        if self.followed.hot_seat:
            for name in self.followed.humans.values():
                self.images.remove_hand(name)
            self.hand_moves.clear()

    def quit(self) -> int:
        """Leave (the game is saved): say how to continue it; the exit code."""
        self.hide_hands()
        if not self.followed.humans:
            self.say(_("Interrupted."), "yellow")
            return 130
        self.say(
            _(
                "Saved at {where} in {path}. Continue with '{command}'.",
                where=self.followed.where(),
                path=self.path(self.db_path),
                command=self.continue_command(self.followed.game_name),
            ),
            "bold",
        )
        return 0

    def continue_command(self, game: str) -> str:
        """The command that continues ``game``'s save: never ``--new`` (which would close
        it), with the folders of this run when they are not the defaults."""
        words = [shell_command("play"), "--game", game]  # not for players (#24 item 16)
        out = Path(self.args.out)
        if out != Path("out"):
            words += ["--out", shlex.quote(str(out))]
        if self.args.db is not None:
            words += ["--db", shlex.quote(str(self.args.db))]
        return " ".join(words)
