"""``venezia play``: a table in the terminal, through the same table service and command
grammar as Discord.

You plus AI seats (``--players N``, ``--ai LEVEL``), or hot-seat play for several people at one
keyboard (``--humans K``: hands stay hidden behind a "pass the terminal" prompt), or AI seats
only (``--humans 0``: watch a whole game). The terminal is one channel of the service (id
``terminal``, or ``--channel``); humans are the users ``human1`` … ``humanK``.

Each turn the board PNG is written to the output folder (``--out``, default ``./out``):
``board-NNNN.png`` after NNNN moves and ``board.png`` (the latest), ``hand-<name>.png`` and
``end.png``; a compact text summary is printed. Type a command (``play 2 ponte casa``,
``place C3 C4`` …, the same as on Discord) or the number of an option, or ``help``, ``board``,
``hand``, ``status``, ``log [n]``, ``rules [topic]``, ``quit``. Everything is stored in SQLite
(``--db``, default ``<out>/venezia.sqlite3``) move by move: quit, run again with the same
``--db``, and the game continues.

Input may be piped (a script of commands): then there are no prompts and no colours, and every
line read is echoed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import logging
import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TextIO

from bot.ai_seat import UnknownAiLevel, ai_level, ai_levels
from bot.outputs import Code, DecisionInfo, Outcome, PrivateUpdate, PublicUpdate, Reply
from bot.service import ModuleRenderer, PlaceholderRenderer, Renderer, TableService
from bot.storage import GameRecord
from bot.terminal_io import Console, ImageFolder
from bot.terminal_view import (
    numbered_options,
    private_lines,
    ranking_lines,
    summary_lines,
    terminal_width,
)
from engine.core import JSON, IllegalMove
from engine.games import GAMES, get_game
from engine.registry import GameTexts, default_game, registration
from engine.text import excerpt, is_number

__all__ = ["CHANNEL", "TerminalTable", "build_parser", "main"]

CHANNEL = "terminal"
#: The user id that manages the table (closes it, and sets up and starts AI-only games).
WATCHER = "terminal-watcher"
DEFAULT_MAX_TURNS = 500
#: How many public lines a hot-seat player is shown of what happened since his last look.
RECAP_LINES = 60

LOCAL_HELP = """\
At the prompt type a move as on Discord (the game's commands follow; Tab completes) or the
number of an option. Also:
  help           this list                 options [all]  the numbered options again
  board          write the board image      hand           your private view (+ image)
  status         the table in words        summary        the compact summary again
  log [n]        the last n moves          rules [topic]  rules help, e.g. 'rules {topic}'
  quit           save and leave (the same command continues the game later)"""
LOCAL_WORDS = ("help", "options", "board", "hand", "status", "summary", "log", "rules", "quit")

log = logging.getLogger("bot.terminal")


def _default_level() -> str:
    levels = ai_levels()
    return "greedy" if "greedy" in levels else "random"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="venezia play",
        description="Play a board game in the terminal: you plus AI seats, hot seat, or watch AIs.",
        epilog=(
            "At the prompt type a command or an option's number; 'help' lists everything. "
            "Quit any time: the game is saved in the database and continues on the next run "
            "with the same --db (--new starts over)."
        ),
    )
    add = parser.add_argument
    add(
        "--players",
        type=int,
        metavar="N",
        help="seats at the table (default 3 if the game allows, or K if more)",
    )
    add(
        "--humans",
        type=int,
        metavar="K",
        help="human seats (default 1; 2 or more: hot seat, hands hidden; 0: watch AIs play)",
    )
    add(
        "--ai",
        metavar="LEVEL",
        help=f"AI level: {', '.join(ai_levels())} (default greedy if available, else random)",
    )
    add("--seed", type=int, help="game seed (default: a fresh one, printed)")
    add("--game", help=f"which game: {', '.join(GAMES)} (default {default_game()})")
    add(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="a game option (repeatable), e.g. --option first_divider=2 for canal_grande",
    )
    add(
        "--name",
        action="append",
        metavar="NAME",
        help="a human's name (repeat for hot seat: --name Anna --name Bruno)",
    )
    add("--out", type=Path, default=Path("out"), metavar="DIR", help="image folder (./out)")
    add("--db", type=Path, metavar="PATH", help="SQLite database (default DIR/venezia.sqlite3)")
    add("--channel", default=CHANNEL, help=argparse.SUPPRESS)
    add("--new", action="store_true", help="abort an unfinished game in the database, start anew")
    add(
        "--quiet",
        "--fast",
        action="store_true",
        help="with --humans 0: print only the end (ranking and images)",
    )
    add(
        "--max-turns",
        type=int,
        default=DEFAULT_MAX_TURNS,
        metavar="N",
        help=f"safety: stop after N turns (default {DEFAULT_MAX_TURNS}; 0: no limit)",
    )
    return parser


def best_renderer(game: str | None) -> tuple[Renderer, list[str]]:
    """The game's real renderer (its registration's image functions) for every kind that can
    be imported, the service's placeholder for the others; and the kinds drawn as
    placeholders."""
    renderer = ModuleRenderer(fallback=PlaceholderRenderer(size=(96, 64)))
    try:
        return renderer, renderer.missing(game)
    except IllegalMove:  # an unknown game: the table refuses it with the list of games
        return renderer, []


def _login_name() -> str:
    try:
        name = getpass.getuser()
    except Exception:
        return "Player"
    name = name.strip()
    return name.capitalize() if name and name != "root" else "Player"


class TerminalTable:
    """One terminal session at one channel of the table service."""

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
        self.channel = str(args.channel)
        self.width = terminal_width()
        self.record: GameRecord | None = None  # the game followed
        self.view: JSON | None = None  # its public view (plus "seq") as last shown
        self.humans: dict[str, str] = {}  # user id -> name, seat order
        self.viewer: str | None = None  # whose private info is on screen (hot seat)
        self.private: dict[str, list[PrivateUpdate]] = {}
        self.recap: dict[str, list[str]] = {}
        self.shown: tuple[int, str] | None = None  # (turn, user) of the last full summary
        self.options: list[str] = []
        self.fresh_image: Path | None = None  # a board image written since the last prompt
        self.header_turn: int | None = None
        self.standings: str | None = None
        self.stop = threading.Event()  # set on Ctrl-C: AI seats stop moving

    # -- helpers ------------------------------------------------------------------------------

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
        self.say(f"✗ {error or 'refused'}", "red")

    @property
    def seq(self) -> int:
        """How many moves the game has (as last seen)."""
        return int((self.view or {}).get("seq") or 0)

    @property
    def turn(self) -> int:
        return int((self.view or {}).get("turn") or 0)

    async def _refresh(self) -> JSON:
        """The game's public view from the service (kept as ``self.view``)."""
        view = await self.service.view(self.channel)
        if view is not None:
            self.view = view
        return self.view or {}

    @property
    def game_name(self) -> str:
        """The followed game's registered name (the default game before one is followed)."""
        return self.record.game_type if self.record is not None else default_game()

    @property
    def texts(self) -> GameTexts:
        """The followed game's texts (summary, standings, rules topics) from its registration."""
        return registration(self.game_name).load_texts()

    def _adopt(self, record: GameRecord, view: JSON | None = None) -> None:
        self.record = record
        self.view = view
        self.humans = {
            p.user_id: p.name for p in record.players if not p.is_ai and p.user_id is not None
        }
        self.recap = {u: [] for u in self.humans}
        self.private = {u: [] for u in self.humans}

    # -- setting the table --------------------------------------------------------------------

    def _setup_given(self) -> list[str]:
        a = self.args
        given = [
            ("--players", a.players),
            ("--humans", a.humans),
            ("--ai", a.ai),
            ("--seed", a.seed),
            ("--game", a.game),
            ("--option", a.option),
            ("--name", a.name),
        ]
        return [flag for flag, value in given if value is not None]

    async def _close_lobby(self) -> None:
        if self.storage.list_seats(self.channel):
            await self.service.abort(self.channel, WATCHER, can_manage=True)

    async def _open(self) -> Outcome | int | None:
        """Resume the channel's unfinished game, or start a new one. Returns the start outcome
        (new game), ``None`` (resumed) or an exit code (refused)."""
        record = self.storage.active_game(self.channel)
        if record is not None and record.status == "active":
            all_ai = all(p.is_ai for p in record.players)
            if self.args.new or all_ai:
                await self.service.abort(self.channel, WATCHER, can_manage=True)
                why = (
                    "an AI-only game cannot be continued"
                    if all_ai and not self.args.new
                    else "--new"
                )
                self.say(f"The unfinished game #{record.id} was closed ({why}).", "yellow")
            else:
                self._adopt(record)
                await self._refresh()
                self.say(
                    f"Resuming {get_game(record.game_type).title} game #{record.id} from "
                    f"{self._path(self.db_path)}: move {self.seq}, turn {self.turn}, "
                    f"seed {record.seed}.",
                    "bold",
                )
                self.say("Players: " + ", ".join(self._seat_names(record)))
                ignored = self._setup_given()
                if ignored:
                    self.say(
                        f"({', '.join(ignored)} ignored: this game's setup is stored; "
                        "--new starts a new game.)",
                        "dim",
                    )
                return None
        return await self._start()

    @staticmethod
    def _seat_names(record: GameRecord) -> list[str]:
        return [
            f"{i + 1}. {p.name}" + (" [AI]" if p.is_ai else "")
            for i, p in enumerate(record.players)
        ]

    async def _start(self) -> Outcome | int:
        a = self.args
        try:
            game = get_game(a.game or default_game())
        except IllegalMove as exc:
            self.say(f"✗ {exc}", "red")
            return 2
        humans = 1 if a.humans is None else a.humans
        default = max(min(3, game.max_players), game.min_players, humans)
        players = default if a.players is None else a.players
        level = a.ai or _default_level()
        if not game.min_players <= players <= game.max_players:
            self.say(
                f"✗ {game.title} seats {game.min_players}–{game.max_players} players "
                f"(--players {players})",
                "red",
            )
            return 2
        if not 0 <= humans <= players:
            self.say(f"✗ --humans must be between 0 and --players ({players})", "red")
            return 2
        try:
            lv = ai_level(level)
        except UnknownAiLevel as exc:
            self.say(f"✗ {exc}", "red")
            return 2
        names = list(a.name or [])
        if len(names) > humans:
            self.say(f"✗ {len(names)} names for {humans} human seat(s)", "red")
            return 2
        while len(names) < humans:
            names.append(_login_name() if humans == 1 else f"Player {len(names) + 1}")
        await self._close_lobby()
        # The watcher manages the table: an AI-only table needs nobody seated to set it up.
        host = "human1" if humans else WATCHER
        for i, name in enumerate(names, 1):
            out = await self.service.join(self.channel, f"human{i}", name, game=game.name)
            if not out.accepted:
                self._refused(out.error)
                return 2
        for _ in range(players - humans):
            out = await self.service.add_ai(self.channel, host, lv.name, can_manage=not humans)
            if not out.accepted:
                self._refused(out.error)
                return 2
        if not humans and not a.quiet:
            self.say(f"{players} AI seats ({lv.name}) play; printing every turn…", "dim")
        options = dict(o.partition("=")[::2] for o in a.option or [])
        start = await self.service.start(
            self.channel, host, seed=a.seed, game=game.name, can_manage=not humans, options=options
        )
        if not start.accepted:
            self._refused(start.error, start.code)
            return 2
        record = self._record(start.game_id)
        self._adopt(record)  # follows the start's updates from move 0
        where = f"saved in {self._path(self.db_path)}"
        if humans:
            where += "; 'quit' any time, run again to continue"
        self.say(f"New {game.title} game #{record.id}, seed {record.seed} ({where}).", "bold")
        if self.placeholders:
            self.say(
                f"({' and '.join(self.placeholders)} images are plain placeholders: that part "
                "of the renderer is not installed yet)",
                "dim",
            )
        return start

    def _record(self, game_id: int | None) -> GameRecord:
        record = None if game_id is None else self.storage.get_game(game_id)
        if record is None:
            record = self.storage.active_game(self.channel)
        assert record is not None, "the game just started is not stored"
        return record

    # -- outputs ------------------------------------------------------------------------------

    def _show_public(
        self, update: PublicUpdate, before: JSON | None, after: JSON, quiet: bool = False
    ) -> None:
        """One channel message: its lines (minus the service's "➡ next decision" line, which
        the prompt repeats), a turn header when a new turn starts, the canal standings when a
        gondola moved; its image goes to the output folder. ``before``/``after`` are the
        public views before and after the outcome (``before`` is ``None`` at the start)."""
        if update.image is not None:
            if update.image_kind == "end":
                self.images.end(update.image)
            else:
                moves = update.seq + 1 if update.seq is not None else self.seq
                self.fresh_image = self.images.board(moves, update.image)
        lines = [x for x in update.text.splitlines() if x.strip() and not x.startswith("➡")]
        header = None
        if update.seq is not None:
            turn = int((before if before is not None else after).get("turn") or 0)
            if turn != self.header_turn:
                header = f"— turn {turn} —"
                self.header_turn = turn
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
        name = self.humans.get(update.user_id, "you")
        if update.image is not None:
            self.images.hand(name, update.image)
        for line in update.text.splitlines():
            # The hand itself is printed with the next decision; keep the news only.
            if line.strip() and not line.startswith(self.texts.hand_prefixes):
                self.say(f"  (to {name}) {line}", "yellow")

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
        await self._refresh()
        record = self.storage.get_game(self.record.id)
        reply = await self.service.board(self.channel)
        board_path = None
        if reply.image is not None:
            board_path = self.images.board(self.seq, reply.image)
        self.say()
        if record is None or record.status != "finished":
            self.say("The game ended without a result.", "red")
            return 1
        self.say(f"Game over after {self.turn} turns and {self.seq} moves. Final ranking:", "bold")
        self.console.lines(ranking_lines(self.storage.results(record.id)), "bold")
        end = self.images.root / "end.png"
        if end.exists():
            self.say(f"End screen: {self._path(end)}")
        if board_path is not None:
            self.say(f"Final board: {self._path(self.images.root / 'board.png')}")
        return 0

    # -- the watch mode -----------------------------------------------------------------------

    async def _step_ai(self, quiet: bool = False) -> Outcome:
        """Let the service play one pending AI move, and show it."""
        out = await self.service.advance(self.channel, 1)
        if out.accepted:
            await self._show(out, quiet)
        return out

    async def _watch(self, start: Outcome) -> int:
        """An AI-only game, stepped move by move: stopped at ``--max-turns`` or Ctrl-C."""
        quiet = bool(self.args.quiet)
        await self._show(start, quiet)
        limit = int(self.args.max_turns or 0)
        why = f"an AI seat failed (see {self._path(self.images.root / 'terminal.log')})"
        out = start
        while not out.game_over:
            if self.stop.is_set():
                return self._quit()
            if limit and self.turn > limit:
                why = f"--max-turns {limit} reached"
                break
            self.console.progress(f"AI seats playing: turn {self.turn}, move {self.seq + 1}…")
            out = await self._step_ai(quiet)
            if not out.accepted or out.seq is None:
                break
        self.console.progress("")
        if out.game_over:
            return await self._finish()
        await self.service.abort(self.channel, WATCHER, can_manage=True)
        self.say(
            f"Stopped at turn {self.turn} ({self.seq} moves): {why}. An AI-only game "
            "cannot be continued, so it was closed.",
            "yellow",
        )
        return 1

    # -- the human game -----------------------------------------------------------------------

    def _completions(self) -> list[str]:
        topics = self.texts.rule_topics
        words = [*self.options, *LOCAL_WORDS, *(f"rules {t}" for t in topics)]
        return list(dict.fromkeys(words))

    async def _handover(self, user: str) -> bool:
        """Hot seat: hide the screen, let the next human take the terminal, show his news."""
        name = self.humans[user]
        if self.console.interactive and self.viewer is not None:
            prev = self.humans.get(self.viewer, "")
            if self.console.read(f"{prev}: press Enter to hide your hand ") is None:
                return False
        self.console.clear()
        self.say(f"Pass the terminal to {name} and press Enter.", "bold")
        if self.console.read(f"{name}, press Enter ") is None:
            return False
        self.console.clear()
        self.viewer = user
        recap = self.recap.get(user) or []
        if recap:
            self.say(f"Since your last look, {name}:", "bold")
            for line in recap:
                self.say("  " + line, "dim" if line == self.standings else None)
            recap.clear()
        for update in self.private.pop(user, []):
            self._show_private(update)
        self.shown = None
        return True

    def _summary(self, info: DecisionInfo) -> None:
        assert self.record is not None
        title = get_game(self.record.game_type).title
        self.say()
        lines = summary_lines(self.view or {}, title, self.texts)
        self.say(lines[0], "bold")
        for line in lines[1:]:
            self.say(line, "cyan" if line.startswith("➡") else None)
        self.shown = (self.turn, info.user_id or "")
        self.header_turn = self.turn

    async def _prompt(self, info: DecisionInfo) -> None:
        await self._refresh()
        if self.shown != (self.turn, info.user_id or ""):
            self._summary(info)
        else:
            self.say(f"➡ {info.name}: {info.prompt}", "cyan")
        if self.fresh_image is not None:
            self.say(
                f"board: {self._path(self.fresh_image)} (latest: "
                f"{self._path(self.images.root / 'board.png')})",
                "dim",
            )
            self.fresh_image = None
        mine = await self.service.view(self.channel, info.user_id or "")
        if mine is not None:
            self.console.lines(private_lines(mine, self.texts))
        await self._show_options(info)

    async def _show_options(self, info: DecisionInfo, everything: bool = False) -> None:
        self.options = await self.service.options_for(
            self.channel, info.user_id or "", "", limit=None
        )
        self.say("Options (type a number or a command; 'help' lists more):", "dim")
        hints = registration(self.game_name).load_grammar().help
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
            self.say(LOCAL_HELP.format(topic=next(iter(self.texts.rule_topics), "turn")))
            self._reply(await self.service.rules("commands", self.game_name))
        elif word in ("options", "o"):
            await self._show_options(info, everything=rest.casefold() == "all")
        elif word in ("summary", "table", "t"):
            self._summary(info)
        elif word == "board":
            reply = await self.service.board(self.channel)
            if self._reply(reply) and reply.image is not None:
                path = self.images.board((await self._refresh()).get("seq") or 0, reply.image)
                self.say(f"  [board image: {self._path(path)}]", "dim")
        elif word == "hand":
            reply = await self.service.hand(self.channel, user)
            if self._reply(reply) and reply.image is not None:
                path = self.images.hand(self.humans.get(user, "player"), reply.image)
                self.say(f"  [hand image: {self._path(path)}]", "dim")
        elif word == "status":
            self._reply(await self.service.status(self.channel))
        elif word == "log":
            self._reply(await self.service.log(self.channel, _small(rest) or 10))
        elif word == "rules":
            self._reply(await self.service.rules(rest or None, self.game_name))
        else:
            return False
        return True

    async def _decide(self, info: DecisionInfo) -> Outcome | None:
        """Prompt the deciding human until a move is accepted (its outcome) or he quits."""
        await self._prompt(info)
        name = self.humans.get(info.user_id or "", info.name)
        while True:
            line = self.console.read(f"{name}> ", self._completions)
            if line is None:
                return None
            text = line.strip()
            if not text:
                if self.console.interactive:
                    await self._show_options(info)
                continue
            word, _, rest = text.partition(" ")
            word = word.casefold().lstrip("/!")
            if word in ("quit", "exit", "q", "save"):
                return None
            if await self._local(word, rest.strip(), info):
                continue
            if is_number(text):  # ASCII digits only: int("²") fails, 5,000 digits too
                n = _small(text) or 0
                if not 1 <= n <= len(self.options):
                    shown = excerpt(text, limit=12)
                    self.say(f"✗ no option {shown}: the options are 1–{len(self.options)}", "red")
                    continue
                text = self.options[n - 1]
                self.say(f"  = {text}", "dim")
            out = await self.service.command(self.channel, info.user_id or "", text)
            if out.accepted:
                return out
            self._refused(out.error, out.code)

    async def _play(self) -> int:
        limit = int(self.args.max_turns or 0)
        while True:
            info = await self.service.decision(self.channel)
            if info is None:
                await self._refresh()
                if self.storage.active_game(self.channel) is None:
                    return await self._finish()
                self.say(f"✗ the game cannot go on here (move {self.seq}); see 'status'", "red")
                self.say((await self.service.status(self.channel)).text)
                return 1
            if info.is_ai or info.user_id not in self.humans:
                # AI seats move one at a time, so Ctrl-C stops them at once.
                if self.stop.is_set():
                    return self._quit()
                out = await self._step_ai()
                if not out.accepted or out.seq is None:
                    self._refused(out.error or "the AI seat could not move", out.code)
                    return 1
                if out.game_over:
                    return await self._finish()
                continue
            await self._refresh()
            if limit and self.turn > limit:
                self.say(
                    f"Stopped: --max-turns {limit} reached. The game is saved in "
                    f"{self._path(self.db_path)}; run again with a higher --max-turns.",
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
            if decided is None:
                return self._quit()
            await self._show(decided)
            if decided.game_over:
                return await self._finish()

    def _quit(self) -> int:
        if not self.humans:
            self.say("Interrupted.", "yellow")
            return 130
        self.say(
            f"Saved at move {self.seq} (turn {self.turn}) in {self._path(self.db_path)}. "
            "Run the same command again to continue.",
            "bold",
        )
        return 0

    async def run(self) -> int:
        opened = await self._open()
        if isinstance(opened, int):
            return opened
        if not self.humans:
            assert opened is not None
            return await self._watch(opened)
        if opened is not None:
            self.say(self._seat_line())
            await self._show(opened)
            if opened.game_over:
                return await self._finish()
        return await self._play()

    def _seat_line(self) -> str:
        assert self.record is not None
        return "Players: " + ", ".join(self._seat_names(self.record))


class _ServiceLog:
    """While a session runs, the service's logs (refusals, AI trouble) go to
    ``<out>/terminal.log`` instead of the screen; the ``bot`` logger is restored after."""

    def __init__(self, out: Path) -> None:
        self.logger = logging.getLogger("bot")
        self.saved = (self.logger.level, self.logger.propagate)
        try:
            self.handler: logging.Handler = logging.FileHandler(
                out / "terminal.log", encoding="utf-8"
            )
        except OSError:
            self.handler = logging.NullHandler()
        self.handler.setFormatter(
            logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
        )
        self.logger.addHandler(self.handler)
        self.logger.setLevel(logging.INFO)
        self.logger.propagate = False

    def close(self) -> None:
        self.logger.removeHandler(self.handler)
        self.handler.close()
        self.logger.setLevel(self.saved[0])
        self.logger.propagate = self.saved[1]


@contextlib.contextmanager
def _plain_ctrl_c() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt at once, also inside a blocking ``input()``.

    ``asyncio.run`` would otherwise install its own handler that only cancels the main task,
    which a coroutine blocked in ``input()`` notices after the next Enter. It keeps a handler
    that is not Python's default one, so this one stays in place while the game runs.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    renderer: Renderer | None = None,
) -> int:
    """``venezia play [options]``; ``stdin``/``stdout``/``renderer`` are for tests."""
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    out_dir: Path = args.out
    db_path: Path = args.db if args.db is not None else out_dir / "venezia.sqlite3"
    console = Console(stdin, stdout)
    placeholders: list[str] = []
    if renderer is None:
        renderer, placeholders = best_renderer(args.game)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        db_path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        console.say(f"✗ cannot create {exc.filename}: {exc.strerror}")
        return 2
    service_log = _ServiceLog(out_dir)
    try:
        # AI seats never move inside another call: the table steps them with advance().
        service = TableService.open(db_path, renderer, workers=2, max_ai_moves=0)
    except Exception as exc:
        service_log.close()
        console.say(f"✗ cannot open the database {db_path}: {exc}")
        return 2
    table = TerminalTable(
        service, console, ImageFolder(out_dir), args, db_path=db_path, placeholders=placeholders
    )
    try:
        with _plain_ctrl_c():
            return asyncio.run(table.run())
    except KeyboardInterrupt:
        table.stop.set()
        console.progress("")
        console.say()
        return table._quit()
    except BrokenPipeError:  # e.g. 'venezia play --humans 0 | head'
        if stdout is None:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 0
    finally:
        service.close()
        service_log.close()


if __name__ == "__main__":
    sys.exit(main())


def _small(text: str) -> int | None:
    """A typed option or line count: ASCII digits, at most 6 of them; else None."""
    return int(text) if is_number(text) and len(text) <= 6 else None
