"""The terminal table's opening: resume the chosen game's unfinished save or seat a new one."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from bot.archive import Target
from bot.table.ai_seat import UnknownAiLevel, ai_level
from bot.table.outputs import Outcome
from bot.table.saves import GameRecord
from bot.table.service import TableService
from bot.terminal.args import default_level, login_name
from bot.terminal.followed import WATCHER, Followed
from bot.terminal.io import ImageFolder
from bot.terminal.output import Screen
from engine.core import IllegalMove
from engine.i18n import listed
from engine.i18n.shared import _, _n
from engine.registry import first_registered, registration, table_game, table_registrations


def home_channel(base: str, game: str) -> str:
    """The channel that keeps ``game``'s save at a terminal whose channel is ``base``: the
    first registered game keeps ``base`` (where every game was saved before), every other
    game its own ``base-<game>``; so switching games never resumes or closes another game's
    save."""
    return base if game == first_registered() else f"{base}-{game}"


class Opening:
    """Choosing the save this run continues, or seating and starting a new game (``args``),
    through the ``service``; the game chosen becomes the ``followed`` one."""

    def __init__(
        self,
        service: TableService,
        followed: Followed,
        screen: Screen,
        args: argparse.Namespace,
        *,
        db_path: Target,
        placeholders: Sequence[str] = (),
    ) -> None:
        self.service = service
        self.followed = followed
        self.screen = screen
        self.images: ImageFolder = screen.images
        self.args = args
        self.db_path = db_path
        self.placeholders = list(placeholders)

    def _setup_given(self) -> list[str]:
        a = self.args
        given = [
            ("--players", a.players),
            ("--humans", a.humans),
            ("--ai", a.ai),
            ("--seed", a.seed),
            ("--game", a.game),
            ("--option", a.option),
            ("--variant", a.variant),
            ("--name", a.name),
        ]
        return [flag for flag, value in given if value is not None]

    async def _close_lobby(self) -> None:
        if await self.service.saves.lobby_open(self.followed.channel):
            await self.service.lobby.abort(self.followed.channel, WATCHER, can_manage=True)

    async def _saves(self) -> list[tuple[str, GameRecord]]:
        """The unfinished games of this terminal, newest first: ``(channel, record)``. Each
        game keeps its own save (:func:`home_channel`); an older database kept one save of any
        game in the base channel, which is still read."""
        base = self.followed.base_channel
        channels = dict.fromkeys(
            [base, *(home_channel(base, r.name) for r in table_registrations())]
        )
        found = await self.service.saves.open_games(list(channels))
        saves = [(channel, r) for channel, r in found.items() if r.status == "active"]
        return sorted(saves, key=lambda item: -item[1].id)

    async def _choose_channel(self) -> str | int:
        """Pick the save this run continues (or the channel a new game goes to): the asked
        game's save (``--game``), else the newest save with a human seat (the one a plain
        ``canalside play`` continues, and the one ``--new`` starts over: never another game's),
        else a new game of the first registered game (nobody chose one). An exit code if the
        game is unknown."""
        saves = await self._saves()
        humans = [(c, r) for c, r in saves if not await self.followed.all_ai(r)]
        if self.args.game is not None:
            try:
                game = table_game(self.args.game).name
            except IllegalMove as exc:
                self.screen.say(f"✗ {exc}", "red")
                return 2
        elif humans:  # the newest save is what this run continues, or --new starts over
            self.followed.game_choice = humans[0][1].game_type
            return humans[0][0]
        else:
            game = first_registered()  # no --game and no save: nobody chose a game
        self.followed.game_choice = game
        own = [channel for channel, record in saves if record.game_type == game]
        if own:
            return own[0]
        home = home_channel(self.followed.base_channel, game)
        if any(channel == home for channel, _ in saves):  # an old save of another game
            return f"{self.followed.base_channel}-{game}"
        return home

    async def open(self) -> Outcome | int | None:
        """Resume the chosen game's unfinished save, or start a new one. Returns the start
        outcome (new game), ``None`` (resumed) or an exit code (refused)."""
        channel = await self._choose_channel()
        if isinstance(channel, int):
            return channel
        followed = self.followed
        followed.channel = channel
        others = [r for c, r in await self._saves() if c != channel]
        record = await self.service.saves.open_game(channel)
        if record is not None and record.status == "active":
            all_ai = await followed.all_ai(record)
            resumed = not self.args.new and not all_ai
            humans = len(await followed.humans_of(record)) if resumed else self._new_humans()
            if self._hot_seat_timer(humans):
                return 2
            if self.args.new or all_ai:
                await self.service.lobby.abort(self.followed.channel, WATCHER, can_manage=True)
                why = (
                    _("an AI-only game cannot be continued")
                    if all_ai and not self.args.new
                    else "--new"
                )
                self.screen.say(
                    _("The unfinished game #{game} was closed ({why}).", game=record.id, why=why),
                    "yellow",
                )
            else:
                await self._adopt(record)
                await followed.refresh()
                self.screen.say(
                    _(
                        "Resuming {title} game #{game} from {path}: {where}, seed {seed}.",
                        title=table_game(record.game_type).title,
                        game=record.id,
                        path=self.screen.path(self.db_path),
                        where=followed.where(),
                        seed=record.seed,
                    ),
                    "bold",
                )
                self.screen.say(_("Players: {seats}", seats=listed(followed.seat_names(record))))
                self._other_saves(others)
                ignored = [f for f in self._setup_given() if f != "--game"]
                if ignored:
                    self.screen.say(
                        _(
                            "({flags} ignored: this game's setup is stored; --new starts a new "
                            "game.)",
                            flags=listed(ignored),
                        ),
                        "dim",
                    )
                return None
        if self._hot_seat_timer(self._new_humans()):
            return 2
        start = await self._start()
        if not isinstance(start, int):
            self._other_saves(others)
        return start

    def _new_humans(self) -> int:
        """How many people a new game seats at this keyboard (``--humans``, default 1)."""
        return 1 if self.args.humans is None else int(self.args.humans)

    def _hot_seat_timer(self, humans: int) -> bool:
        """``--timer`` at a table of ``humans`` people at this keyboard: refused (said) at a
        hot seat, before anything is changed; True if refused."""
        if not self.args.timer or humans < 2:
            return False
        self.screen.say(
            _(
                "✗ --timer is for one player at the keyboard: a hot seat ({n} players here) has "
                "no turn timer. Nothing was changed.",
                n=humans,
            ),
            "red",
        )
        return True

    def _other_saves(self, others: list[GameRecord]) -> None:
        """Name the other games saved here and how to continue each (nothing is lost by
        switching games)."""
        for record in others:
            if all(p.is_ai for p in record.players):
                continue
            title = table_game(record.game_type).title
            self.screen.say(
                _(
                    "(Also saved: {title} game #{game}; continue it with '{command}'.)",
                    title=title,
                    game=record.id,
                    command=self.screen.continue_command(record.game_type),
                ),
                "dim",
            )

    async def _start(self) -> Outcome | int:
        a = self.args
        game = table_game(self.followed.game_choice or a.game or first_registered())
        humans = 1 if a.humans is None else a.humans
        default = max(min(3, game.max_players), game.min_players, humans)
        players = default if a.players is None else a.players
        level = a.ai or default_level()
        if not game.min_players <= players <= game.max_players:
            low, high = game.min_players, game.max_players
            asked = f"--players {players}" if a.players is not None else f"--humans {humans}"
            if low == high:
                refusal = _n(
                    "✗ {title} seats exactly {n} player ({asked})",
                    "✗ {title} seats exactly {n} players ({asked})",
                    low,
                    title=game.title,
                    asked=asked,
                )
            else:
                refusal = _(
                    "✗ {title} seats {low}–{high} players ({asked})",
                    title=game.title,
                    low=low,
                    high=high,
                    asked=asked,
                )
            self.screen.say(refusal, "red")
            return 2
        if not 0 <= humans <= players:
            self.screen.say(
                _("✗ --humans must be between 0 and --players ({players})", players=players), "red"
            )
            return 2
        try:
            lv = ai_level(level)
        except UnknownAiLevel as exc:
            self.screen.say(f"✗ {exc}", "red")
            return 2
        names = list(a.name or [])
        if len(names) > humans:
            self.screen.say(
                _n(
                    "✗ {names} names for {n} human seat",
                    "✗ {names} names for {n} human seats",
                    humans,
                    names=len(names),
                ),
                "red",
            )
            return 2
        while len(names) < humans:
            default = str(_("Player {number}", number=len(names) + 1))
            names.append(login_name() if humans == 1 else default)
        await self._close_lobby()
        # The watcher manages the table: an AI-only table needs nobody seated to set it up.
        host = "human1" if humans else WATCHER
        channel = self.followed.channel
        self.followed.speak_at([channel], [f"human{i}" for i in range(1, humans + 1)])
        for i, name in enumerate(names, 1):
            out = await self.service.lobby.join(channel, f"human{i}", name, game=game.name)
            if not out.accepted:
                self.screen.refused(out.error)
                return 2
        for _seat in range(players - humans):
            out = await self.service.lobby.add_ai(channel, host, lv.name, can_manage=not humans)
            if not out.accepted:
                self.screen.refused(out.error)
                return 2
        if not humans and not a.quiet:
            self.screen.say(
                _n(
                    "{n} AI seat ({level}) plays; printing every turn…",
                    "{n} AI seats ({level}) play; printing every turn…",
                    players,
                    level=lv.name,
                ),
                "dim",
            )
        # Every option not given is the game's default: a new game never inherits the
        # previous game's options (the table's lobby remembers them, e.g. a variant).
        options = {spec.name: spec.default for spec in registration(game.name).options}
        options.update(o.partition("=")[::2] for o in a.option or [])
        if a.variant is not None:
            options["variant"] = a.variant
        start = await self.service.lobby.start(
            channel, host, seed=a.seed, game=game.name, can_manage=not humans, options=options
        )
        if not start.accepted:
            self.screen.refused(start.error, start.code)
            return 2
        record = await self._record(start.game_id)
        await self._adopt(record)  # follows the start's updates from move 0
        path = self.screen.path(self.db_path)
        if humans:
            where = _(
                "saved in {path}; 'quit' any time, '{command}' continues it",
                path=path,
                command=self.screen.continue_command(game.name),
            )
        else:
            where = _("saved in {path}", path=path)
        self.screen.say(
            _(
                "New {title} game #{game}, seed {seed} ({where}).",
                title=game.title,
                game=record.id,
                seed=record.seed,
                where=where,
            ),
            "bold",
        )
        if self.placeholders:
            self.screen.say(
                _(
                    "({kinds} images are plain placeholders: that part of the renderer is not "
                    "installed yet)",
                    # Translators: joins image kinds: 'board, hand'
                    kinds=_(" and ").join(self.placeholders),
                ),
                "dim",
            )
        return start

    async def _adopt(self, record: GameRecord) -> None:
        """Follow ``record``: its pictures in its game's own subfolder, no hand image an
        earlier session left behind."""
        await self.followed.adopt(record)
        self.images.game = record.game_type
        self.screen.hide_hands()

    async def _record(self, game_id: int | None) -> GameRecord:
        record = None if game_id is None else await self.service.saves.game(game_id)
        if record is None:
            record = await self.service.saves.open_game(self.followed.channel)
        assert record is not None, "the game just started is not stored"
        return record
