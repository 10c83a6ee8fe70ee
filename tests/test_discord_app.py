"""The Discord adapter driven through fake interactions (AsyncMock based; never the network).

The fakes stand in for exactly what the bot touches: ``interaction.response.defer`` /
``send_message`` / ``is_done``, ``interaction.followup.send``,
``interaction.delete_original_response``, ``interaction.channel.send`` and the DM channel the
bot opens with ``create_dm``. Commands run through the real command tree callbacks; buttons go
through the real ``DynamicItem`` templates and ``from_custom_id`` as discord.py dispatches them.
"""

from __future__ import annotations

import itertools
import logging
import random
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock

import discord
import pytest

from bot.discord.app import TableBot, create_bot
from bot.discord.pace import Pace
from bot.discord.settings import Settings
from bot.discord.specs import option_group, parse_id
from bot.discord.views import VzButton, VzSelect, dynamic_item_for
from bot.table.outputs import Code, DecisionInfo, Outcome
from bot.table.render import PlaceholderRenderer
from engine.core import Option

CHANNEL = 5550001
GUILD = 4440001
ALICE, BOB, CARLA, DAVE = "101", "102", "103", "104"
NAMES = {ALICE: "Alice", BOB: "Bob", CARLA: "Carla", DAVE: "Dave"}

REQUIRED_COMMANDS = (
    *("join", "leave", "start", "abort", "addbot", "removebot"),
    *("play", "place", "drain", "draw", "swap", "exchange", "discard", "flip", "done"),
    *("build", "score", "hand", "board", "status", "log", "rules", "help"),
)

_ids = itertools.count(900_000_000)


# --------------------------------------------------------------------------------------------
# Fakes
# --------------------------------------------------------------------------------------------


def forbidden(code: int = 50007, message: str = "Cannot send messages to this user") -> Exception:
    return discord.Forbidden(
        SimpleNamespace(status=403, reason="Forbidden"), {"code": code, "message": message}
    )


class FakeResponse:
    def __init__(self) -> None:
        self.done = False
        self.defer = AsyncMock(side_effect=self._respond)
        self.send_message = AsyncMock(side_effect=self._respond)

    def is_done(self) -> bool:
        return self.done

    async def _respond(self, *args: Any, **kwargs: Any) -> None:
        assert not self.done, "an interaction can be answered only once"
        self.done = True


class FakeChannel:
    """A channel: ``sent`` holds every message as last shown (edits replace its kwargs)."""

    def __init__(self, channel_id: int) -> None:
        self.id = channel_id
        self.sent: list[dict[str, Any]] = []
        self.ids: list[int] = []
        self.edits = 0
        self.send = AsyncMock(side_effect=self._send)

    async def _send(self, **kwargs: Any) -> SimpleNamespace:
        self.sent.append(kwargs)
        self.ids.append(next(_ids))
        return SimpleNamespace(id=self.ids[-1])

    def get_partial_message(self, message_id: int) -> SimpleNamespace:
        async def edit(**kwargs: Any) -> None:
            if message_id not in self.ids:  # posted by an earlier bot's channel object
                raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "gone")
            i = self.ids.index(message_id)
            self.sent[i] = {**self.sent[i], **kwargs}
            self.edits += 1

        async def delete() -> None:
            i = self.ids.index(message_id)
            del self.sent[i], self.ids[i]

        return SimpleNamespace(
            edit=AsyncMock(side_effect=edit), delete=AsyncMock(side_effect=delete)
        )


def layout_items(view: Any) -> list[Any]:
    """Every item of a view, nested ones (containers, action rows) included."""
    out: list[Any] = []
    for item in getattr(view, "children", []):
        out.append(item)
        out += layout_items(item)
    return out


def message_text(kwargs: dict[str, Any]) -> str:
    """What a posted message shows in words (content and layout texts)."""
    view = kwargs.get("view")
    return "\n".join([kwargs.get("content") or "", layout_text(view) if view is not None else ""])


def layout_text(view: Any) -> str:
    return "\n".join(i.content for i in layout_items(view) if isinstance(i, discord.ui.TextDisplay))


def layout_ids(view: Any) -> list[str]:
    return [i.custom_id for i in layout_items(view) if getattr(i, "custom_id", None)]


class FakeInteraction:
    """What the bot reads from a ``discord.Interaction``."""

    def __init__(
        self,
        client: TableBot,
        channel: FakeChannel,
        user_id: str,
        *,
        manage: bool = False,
        data: dict[str, Any] | None = None,
        interaction_id: int | None = None,
    ) -> None:
        self.id = interaction_id if interaction_id is not None else next(_ids)
        self.client = client
        self.channel = channel
        self.channel_id = channel.id
        self.guild_id = GUILD
        self.user = SimpleNamespace(
            id=int(user_id),
            display_name=NAMES.get(user_id, f"user{user_id}"),
            mention=f"<@{user_id}>",
        )
        self.permissions = discord.Permissions(manage_channels=manage)
        self.app_permissions = discord.Permissions.all()
        self.response = FakeResponse()
        self.followup = SimpleNamespace(send=AsyncMock())
        self.delete_original_response = AsyncMock()
        self.data = data or {}
        self.message = None

    # -- what the bot answered privately ------------------------------------------------------

    def answers(self) -> list[dict[str, Any]]:
        calls = [c.kwargs for c in self.response.send_message.await_args_list]
        return calls + [c.kwargs for c in self.followup.send.await_args_list]

    def texts(self) -> list[str]:
        out = []
        for a in self.answers():
            if a.get("content"):
                out.append(a["content"])
            if a.get("embed") is not None and a["embed"].description:
                out.append(a["embed"].description)
        return out

    def text(self) -> str:
        return "\n".join(self.texts())

    @property
    def quiet_success(self) -> bool:
        """Accepted: deferred (privately for a command, as an update for a click) and answered
        at most with one short private confirmation; no "thinking…" note left to vanish."""
        texts = self.texts()
        return (
            self.response.defer.await_count == 1
            and len(texts) <= 1
            and all(t.startswith("✅") for t in texts)
            and self.delete_original_response.await_count == 0
        )


SLASH_PARAMS = {  # play and place are shared with other games: their option is the neutral args
    "play": "args",
    "place": "args",
    "drain": "hexes",
    "draw": "source",
    "swap": "card",
    "exchange": "tokens",
    "discard": "type",
    "build": "building",
    "score": "district",
}


class Table:
    """One channel with its bot, fake channel and fake DM channels."""

    def __init__(self, app: TableBot, channel_id: int = CHANNEL) -> None:
        self.app = app
        self.channel = FakeChannel(channel_id)
        self.dms: dict[str, list[dict[str, Any]]] = {}
        self.closed_dms: set[str] = set()
        app.create_dm = AsyncMock(side_effect=self._create_dm)  # type: ignore[method-assign]
        # Real time here: no pacing of bursts (SimCord tests check it on a virtual clock).
        app.table.pace = Pace(limit=1_000_000)

    async def _create_dm(self, user: Any) -> SimpleNamespace:
        uid = str(user.id)

        async def send(**kwargs: Any) -> None:
            if uid in self.closed_dms:
                raise forbidden()
            self.dms.setdefault(uid, []).append(kwargs)

        return SimpleNamespace(send=AsyncMock(side_effect=send))

    @property
    def cid(self) -> str:
        return str(self.channel.id)

    def interaction(self, user: str, **kwargs: Any) -> FakeInteraction:
        return FakeInteraction(self.app, self.channel, user, **kwargs)

    async def slash(
        self, name: str, user: str, *, manage: bool = False, iid: int | None = None, **params: Any
    ) -> FakeInteraction:
        command = self.app.tree.get_command(name)
        assert isinstance(command, discord.app_commands.Command), name
        it = self.interaction(user, manage=manage, interaction_id=iid)
        await command.callback(it, **params)  # type: ignore[arg-type]
        return it

    async def slash_command_text(self, user: str, command: str) -> FakeInteraction:
        """A move text sent as its slash command (``drain C3`` -> ``/drain hexes:C3``, ``place C3``
        -> ``/place args:C3``)."""
        verb, _, arg = command.partition(" ")
        param = SLASH_PARAMS.get(verb)
        if param is None or (verb == "play" and not arg):
            return await self.slash(verb, user)
        return await self.slash(verb, user, **{param: arg})

    async def autocomplete(self, name: str, param: str, user: str, current: str) -> list[Any]:
        command = self.app.tree.get_command(name)
        assert isinstance(command, discord.app_commands.Command)
        callback = command._params[param].autocomplete
        assert callback is not None, f"/{name} {param}: no autocomplete"
        result: list[Any] = await callback(self.interaction(user), current)  # type: ignore[operator]
        return result

    async def click(
        self, custom_id: str, user: str, values: list[str] | None = None, **kwargs: Any
    ) -> FakeInteraction:
        """Dispatch a component interaction as discord.py does for dynamic items."""
        cls = dynamic_item_for(custom_id)
        assert cls is not None, custom_id
        match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
        assert match is not None
        base: discord.ui.Item[Any]
        if cls is VzButton:
            base = discord.ui.Button(custom_id=custom_id, label="x")
        else:
            base = discord.ui.Select(
                custom_id=custom_id,
                options=[discord.SelectOption(label=v, value=v) for v in values or ["-"]],
            )
        data = {"custom_id": custom_id, "values": list(values or [])}
        it = self.interaction(user, data=data, **kwargs)
        item = await cls.from_custom_id(it, base, match)  # type: ignore[arg-type]
        await item.callback(it)  # type: ignore[arg-type]
        return it

    # -- what the channel shows ---------------------------------------------------------------

    def last_view_message(self) -> dict[str, Any]:
        for kwargs in reversed(self.channel.sent):
            if kwargs.get("view") is not None:
                return kwargs
        raise AssertionError("no message with components")

    def components(self, message: dict[str, Any] | None = None) -> list[Any]:
        msg = message if message is not None else self.last_view_message()
        return [i for i in layout_items(msg["view"]) if getattr(i, "custom_id", None)]

    def custom_ids(self, message: dict[str, Any] | None = None) -> list[str]:
        return [c.custom_id for c in self.components(message)]

    def channel_texts(self) -> list[str]:
        out = []
        for kwargs in self.channel.sent:
            if kwargs.get("content"):
                out.append(kwargs["content"])
            if kwargs.get("embed") is not None:
                out.append(kwargs["embed"].description or "")
            if kwargs.get("view") is not None:
                out.append(layout_text(kwargs["view"]))
        return out


def view_ids(kwargs: dict[str, Any]) -> list[str]:
    view = kwargs.get("view")
    return [] if view is None else layout_ids(view)


def select_values(item: Any) -> list[str]:
    return [o.value for o in item.item.options]


# --------------------------------------------------------------------------------------------
# Fixtures
# --------------------------------------------------------------------------------------------


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        token=None, db_path=tmp_path / "venezia.sqlite3", renderer="placeholder", render_processes=0
    )


@pytest.fixture
async def app(settings: Settings) -> AsyncIterator[TableBot]:
    bot = create_bot(settings, renderer=PlaceholderRenderer())
    yield bot
    await bot.close()


@pytest.fixture
def table(app: TableBot) -> Table:
    return Table(app)


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games start with a fixed seed (the service draws one with secrets.randbits)."""
    import bot.table.lobby

    monkeypatch.setattr(bot.table.lobby.secrets, "randbits", lambda bits: 20240611)


async def seat(table: Table, *users: str) -> None:
    for user in users:
        it = await table.slash("join", user)
        assert it.quiet_success, it.text()


async def started(table: Table, *users: str) -> DecisionInfo:
    await seat(table, *users)
    it = await table.slash("start", users[0])
    assert it.quiet_success, it.text()
    d = await table.app.service.play.decision(table.cid)
    assert d is not None
    return d


async def decision(table: Table) -> DecisionInfo:
    d = await table.app.service.play.decision(table.cid)
    assert d is not None
    return d


def choose(options: list[str], rng: random.Random, kind: str) -> str:
    """A policy that finishes games: play cards when possible, drain sometimes."""
    plain = [o for o in options if not o.startswith("exchange")]
    plays = [o for o in plain if o.startswith("play ")]
    if kind == "drain" and "done" in plain and rng.random() < 0.5:
        return "done"
    return rng.choice(plays or plain)


async def step(table: Table, rng: random.Random, command: str | None = None) -> str:
    """One move by whoever must decide, through a plain slash command."""
    d = await decision(table)
    assert d.user_id is not None
    options = await table.app.service.play.options_for(table.cid, d.user_id, "", None)
    command = command or choose(options, rng, d.kind)
    it = await table.slash_command_text(d.user_id, command)
    assert it.quiet_success, (command, it.text())
    return command


async def advance_to(
    table: Table, rng: random.Random, kinds: set[str], limit: int = 400
) -> DecisionInfo:
    """Play until a decision of one of ``kinds`` is pending."""
    for _ in range(limit):
        d = await decision(table)
        if d.kind in kinds:
            return d
        await step(table, rng)
    raise AssertionError(f"no {kinds} decision within {limit} moves")


# --------------------------------------------------------------------------------------------
# The bot as built
# --------------------------------------------------------------------------------------------


async def test_create_bot_takes_the_database_sync_setting(tmp_path: Path) -> None:
    """CANALSIDE_DB_SYNC reaches the database the bot opens (FULL unless relaxed, issue #10)."""
    for mode, expected in (("full", 2), ("normal", 1)):
        settings = Settings(
            token=None,
            db_path=tmp_path / f"{mode}.sqlite3",
            renderer="placeholder",
            render_processes=0,
            db_synchronous=mode,
        )
        bot = create_bot(settings, renderer=PlaceholderRenderer())
        try:
            conn = bot.service.storage.connection._require_open()
            assert conn.execute("PRAGMA synchronous").fetchone()[0] == expected
        finally:
            await bot.close()


def test_create_bot_needs_no_network(app: TableBot, settings: Settings) -> None:
    names = {c.name for c in app.tree.get_commands()}
    assert set(REQUIRED_COMMANDS) <= names
    assert app.intents.value == discord.Intents(guilds=True).value
    assert not app.intents.message_content
    for command in app.tree.get_commands():
        payload = command.to_dict(app.tree)
        assert payload["contexts"] == [0], f"/{command.name} must be guild-only"
        assert 1 <= len(payload["description"]) <= 100
        for option in payload.get("options", []):
            assert option["description"], f"/{command.name} {option['name']} needs a description"
    assert settings.db_path.exists()


async def test_setup_hook_registers_dynamic_items(app: TableBot) -> None:
    await app.setup_hook()
    registered = set(app._connection._view_store._dynamic_items.values())
    assert {VzButton, VzSelect} <= registered


# --------------------------------------------------------------------------------------------
# A whole game
# --------------------------------------------------------------------------------------------


async def act_by_ui(table: Table, d: DecisionInfo, command: str) -> FakeInteraction:
    """Send ``command`` by clicking: a button, a select, a district select then a select, or a
    private "Choose…" button then its select."""
    user = d.user_id
    assert user is not None
    comps = table.components()
    for c in comps:
        cid = parse_id(c.custom_id)
        assert cid is not None
        assert (cid.game, cid.seq) == (d.game_id, d.seq), "components belong to this decision"
    for c in comps:
        cid = parse_id(c.custom_id)
        assert cid is not None
        if cid.action == "do" and cid.arg == command:
            return await table.click(c.custom_id, user)
    for c in comps:
        cid = parse_id(c.custom_id)
        assert cid is not None
        if cid.action == "pick" and command in select_values(c):
            return await table.click(c.custom_id, user, [command])
    for c in comps:
        cid = parse_id(c.custom_id)
        assert cid is not None
        if cid.action == "grp":
            group = option_group(Option.of(command), "venezia")
            opened = await table.click(c.custom_id, user, [group])
            return await pick_from(table, opened, user, command)
    wanted = {"play": "play", "flip": "play", "draw": "draw", "swap": "draw"}
    flt = "exchange" if command.startswith("exchange") else wanted.get(command.split()[0], "all")
    for c in comps:
        cid = parse_id(c.custom_id)
        assert cid is not None
        if cid.action == "opt" and cid.arg == flt:
            opened = await table.click(c.custom_id, user)
            return await pick_from(table, opened, user, command)
    raise AssertionError(f"no component sends {command!r}: {[c.custom_id for c in comps]}")


async def pick_from(
    table: Table, opened: FakeInteraction, user: str, command: str
) -> FakeInteraction:
    """The private message ``opened`` lists selects; choose ``command`` in one of them."""
    assert opened.response.defer.await_args.kwargs == {"ephemeral": True, "thinking": True}
    (answer,) = opened.answers()
    assert answer.get("ephemeral") is True
    for item in answer["view"].children:
        if command in select_values(item):
            return await table.click(item.custom_id, user, [command])
    raise AssertionError(f"{command!r} not offered privately: {answer}")


async def test_whole_game_from_join_to_ranking(table: Table) -> None:
    rng = random.Random(7)
    d = await started(table, ALICE, BOB, CARLA)
    start = table.channel.sent[-1]
    text = layout_text(start["view"])
    assert "starts Venezia" in text and "turn 1" in text
    assert start["file"].filename.endswith(".png")
    gallery = [i for i in layout_items(start["view"]) if isinstance(i, discord.ui.MediaGallery)]
    assert gallery[0].items[0].media.url == f"attachment://{start['file'].filename}"
    assert start["allowed_mentions"].everyone is False
    assert [u.id for u in start["allowed_mentions"].users] == [int(d.user_id or 0)]
    assert f"<@{d.user_id}>" in text
    # Everyone but the player to act got his hand by DM at the start: image and text (the
    # player to act gets his once his decisions of the turn are done).
    for user in (ALICE, BOB, CARLA):
        if user == d.user_id:
            assert user not in table.dms
            continue
        (dm,) = table.dms[user]
        assert "your hand" in dm["content"]
        assert dm["file"].filename == "hand.png"
        assert "view" not in dm, "DMs carry information only"

    kinds_by_ui: set[str] = set()
    kinds_by_slash: set[str] = set()
    moves = 0
    game_over = False
    for moves in range(1, 800):
        d = await decision(table)
        assert d.user_id is not None
        options = await table.app.service.play.options_for(table.cid, d.user_id, "", None)
        command = choose(options, rng, d.kind)
        before = len(table.channel.sent)
        if moves % 3 == 0:
            it = await table.slash_command_text(d.user_id, command)
            kinds_by_slash.add(d.kind)
        else:
            it = await act_by_ui(table, d, command)
            kinds_by_ui.add(d.kind)
        assert it.quiet_success, (command, it.text())
        assert len(table.channel.sent) <= before + 2, "at most a turn's message and an AI's"
        live = [
            m for m in table.channel.sent if any(":do" in i or ":opt:" in i for i in view_ids(m))
        ]
        assert len(live) <= 1, "only the current message carries decision controls"
        if "game over" in message_text(table.channel.sent[-1]):
            game_over = True
            break
    assert game_over, "the game ended"
    final = table.channel.sent[-1]
    assert "game over: 1." in layout_text(final["view"])
    assert final["file"].filename == "ranking.png"
    assert [parse_id(i).action for i in view_ids(final)] == ["join", "start"]  # type: ignore[union-attr]
    assert await table.app.service.play.decision(table.cid) is None
    assert {"play", "drain", "draw"} <= kinds_by_ui
    assert {"play", "drain"} <= kinds_by_slash
    status = await table.slash("status", ALICE)
    assert "game over" in status.text()
    assert moves > 50


# --------------------------------------------------------------------------------------------
# Lobby
# --------------------------------------------------------------------------------------------


async def test_lobby_buttons(table: Table) -> None:
    await seat(table, ALICE)
    lobby = table.channel.sent[-1]
    ids = view_ids(lobby)
    actions = [parse_id(i).action for i in ids]  # type: ignore[union-attr]
    assert actions[:5] == ["join", "leave", "addbot", "removebot", "start"]
    assert actions[5] == "game" and actions[-2:] == ["addai", "timer"]  # bot.discord.lobby
    join_id = ids[0]
    it = await table.click(join_id, BOB)
    assert it.quiet_success
    assert "Bob joins" in table.channel_texts()[-1]
    it = await table.click(join_id, BOB)
    assert "already seated" in it.text().lower()
    it = await table.click(ids[2], BOB)  # add AI
    assert it.quiet_success
    it = await table.click(ids[3], BOB)  # remove AI
    assert it.quiet_success
    it = await table.click(ids[1], BOB)  # leave
    assert it.quiet_success and "Bob leaves" in table.channel_texts()[-1]
    it = await table.click(ids[4], ALICE)  # start with one player: refused
    assert "needs" in it.text().lower() and it.answers()[0]["ephemeral"] is True
    await seat(table, BOB, CARLA)
    it = await table.click(ids[4], ALICE)
    assert it.quiet_success
    assert "starts Venezia" in layout_text(table.channel.sent[-1]["view"])


async def test_join_with_unknown_game_is_refused(table: Table) -> None:
    it = await table.slash("join", ALICE, game="chess")
    assert "unknown game" in it.text().lower()
    assert it.answers()[0]["ephemeral"] is True
    assert table.channel.sent == []
    choices = await table.autocomplete("join", "game", ALICE, "ven")
    assert [c.value for c in choices] == ["venezia"]


async def test_addbot_levels_autocomplete_and_unknown_level(table: Table) -> None:
    await seat(table, ALICE)
    choices = await table.autocomplete("addbot", "level", ALICE, "")
    assert "random" in [c.value for c in choices]
    it = await table.slash("addbot", ALICE, level="genius")
    assert "unknown ai level" in it.text().lower()


# --------------------------------------------------------------------------------------------
# Autocomplete
# --------------------------------------------------------------------------------------------


async def test_play_autocomplete_lists_the_users_own_plays(table: Table) -> None:
    d = await started(table, ALICE, BOB, CARLA)
    assert d.kind == "play" and d.user_id is not None
    mine = await table.app.service.play.options_for(table.cid, d.user_id, "", None)
    choices = await table.autocomplete("play", "args", d.user_id, "")
    plays = [o for o in mine if o.startswith("play")]
    assert len(choices) == min(25, len(plays))
    assert choices[0].name == "no cards" and choices[0].value == "nothing"
    assert {f"play {c.value}".replace("play nothing", "play") for c in choices} <= set(plays)
    # Filtered by what he typed.
    some = next(o for o in plays if o != "play")
    word = some.split()[-1]
    typed = await table.autocomplete("play", "args", d.user_id, word[:3])
    assert typed and all(word[:3] in c.name for c in typed)
    # Someone else gets nothing to play; a stranger too.
    other = next(u for u in (ALICE, BOB, CARLA) if u != d.user_id)
    assert await table.autocomplete("play", "args", other, "") == []
    assert await table.autocomplete("play", "args", DAVE, "") == []
    # The value is what /play accepts.
    it = await table.slash("play", d.user_id, args=choices[-1].value)
    assert it.quiet_success, it.text()


async def test_drain_autocomplete_at_most_25_and_filtered(table: Table) -> None:
    rng = random.Random(1)
    await started(table, ALICE, BOB, CARLA)
    d = await advance_to(table, rng, {"drain"})
    assert d.options is not None and len(d.options) > 25
    user = d.user_id
    assert user is not None
    choices = await table.autocomplete("drain", "hexes", user, "")
    assert len(choices) == 25
    k = await table.autocomplete("drain", "hexes", user, "k1")
    assert k and all(c.value.upper().startswith("K1") for c in k)
    full = await table.autocomplete("drain", "hexes", user, "drain K1")
    assert [c.value for c in full] == [c.value for c in k]
    it = await table.slash("drain", user, hexes=k[0].value)
    assert it.quiet_success


async def test_place_build_score_exchange_autocomplete(table: Table) -> None:
    rng = random.Random(11)
    await started(table, ALICE, BOB, CARLA)
    seen: dict[str, list[Any]] = {}
    for _ in range(600):
        d = await decision(table)
        assert d.user_id is not None
        options = await table.app.service.play.options_for(table.cid, d.user_id, "", None)
        for verb, name, param in (
            ("place", "place", "args"),
            ("build", "build", "building"),
            ("score", "score", "district"),
            ("exchange", "exchange", "tokens"),
            ("discard", "discard", "type"),
            ("draw", "draw", "source"),
            ("swap", "swap", "card"),
        ):
            legal = [o for o in options if o.split()[0] == verb]
            if legal and verb not in seen:
                choices = await table.autocomplete(name, param, d.user_id, "")
                assert choices and len(choices) <= 25
                assert {f"{verb} {c.value}" for c in choices} <= set(legal)
                seen[verb] = choices
        if len(seen) == 7:
            break
        await step(table, rng)
    assert {"place", "build", "exchange", "draw", "swap"} <= set(seen)
    assert all("step" in c.name for c in seen["exchange"])
    if "score" in seen:
        assert all(" — " in c.name for c in seen["score"])


# --------------------------------------------------------------------------------------------
# Private information
# --------------------------------------------------------------------------------------------


async def test_dm_failure_falls_back_once_per_game(table: Table) -> None:
    table.closed_dms.add(BOB)
    await started(table, ALICE, BOB, CARLA)
    rng = random.Random(5)

    def hint_texts() -> list[str]:
        return [t for t in table.channel_texts() if "<@102>" in t and "My hand" in t]

    for _ in range(200):  # until Bob's hand had to go out once (the seed is random)
        await step(table, rng)
        if hint_texts():
            break
    for _ in range(15):
        await step(table, rng)
    hints = hint_texts()
    assert len(hints) == 1, "one note per game, however often his hand changed"
    hint_msg = next(m for m in table.channel.sent if m.get("content") == hints[0])
    assert [u.id for u in hint_msg["allowed_mentions"].users] == [102]
    assert BOB not in table.dms and ALICE in table.dms
    record = await table.app.service.play.decision(table.cid)
    assert record is not None
    assert await table.app.mail.dms_closed_in(BOB) == record.game_id
    # /hand and "My hand" answer privately with image and text.
    it = await table.slash("hand", BOB)
    (answer,) = it.answers()
    assert answer["ephemeral"] is True
    assert "your hand" in answer["embed"].description
    assert answer["file"].filename == "hand.png"
    hand_button = next(i for i in table.custom_ids() if i.endswith(":hand"))
    it = await table.click(hand_button, BOB)
    assert it.answers()[0]["ephemeral"] is True and "your hand" in it.text()


async def test_hand_changes_are_dmed(table: Table) -> None:
    await started(table, ALICE, BOB, CARLA)
    rng = random.Random(2)
    counts = {u: len(v) for u, v in table.dms.items()}
    for _ in range(12):
        await step(table, rng)
    assert sum(len(v) for v in table.dms.values()) > sum(counts.values())


async def test_hand_for_a_stranger_and_without_game(table: Table) -> None:
    it = await table.slash("hand", ALICE)
    assert it.answers()[0]["ephemeral"] is True
    assert "no game" in it.text().lower()
    await started(table, ALICE, BOB, CARLA)
    it = await table.slash("hand", DAVE)
    assert "not playing" in it.text().lower()


# --------------------------------------------------------------------------------------------
# Stale buttons, permissions, defer, errors
# --------------------------------------------------------------------------------------------


async def test_stale_button_answers_privately(table: Table) -> None:
    rng = random.Random(4)
    await started(table, ALICE, BOB, CARLA)
    d = await advance_to(table, rng, {"drain"})
    old_ids = table.custom_ids()
    done_old = next(i for i in old_ids if i.endswith(":do:done"))
    user = d.user_id
    assert user is not None
    it = await table.click(done_old, user)  # a current button works...
    assert it.quiet_success
    after = await decision(table)
    it = await table.click(done_old, user)  # ...once; later it is stale
    assert it.answers()[0]["ephemeral"] is True
    assert "earlier turn" in it.text()
    assert (await decision(table)).seq == after.seq, "nothing changed"
    hand_old = next(i for i in old_ids if i.endswith(":hand"))
    it = await table.click(hand_old, user)
    assert "your hand" in it.text(), "'My hand' is never stale"


async def test_permissions(table: Table) -> None:
    d = await started(table, ALICE, BOB, CARLA)
    assert d.user_id is not None
    other = next(u for u in (ALICE, BOB, CARLA) if u != d.user_id)
    it = await table.slash("play", DAVE)
    assert "not playing" in it.text().lower() and it.answers()[0]["ephemeral"] is True
    it = await table.slash("play", other)
    assert "not your decision" in it.text().lower()
    # Buttons: only the player asked may decide.
    play_none = next(i for i in table.custom_ids() if i.endswith(":do:play"))
    it = await table.click(play_none, other)
    assert "not your decision" in it.text().lower()
    opt = next(i for i in table.custom_ids() if ":opt:play" in i)
    it = await table.click(opt, other)
    assert "not your decision" in it.text().lower()
    it = await table.click(opt, DAVE)
    assert "not playing" in it.text().lower()
    # Everyone may look.
    for name in ("board", "status", "log", "rules"):
        it = await table.slash(name, DAVE)
        assert it.answers() and "not" not in it.text()[:12].lower(), name
    # /abort: not by a seated non-host, yes by a channel manager.
    it = await table.slash("abort", BOB)
    assert "only the host" in it.text().lower()
    it = await table.slash("abort", DAVE, manage=True)
    assert it.quiet_success
    assert "aborted" in table.channel_texts()[-1]
    assert await table.app.service.play.decision(table.cid) is None


async def test_abort_by_host(table: Table) -> None:
    await started(table, ALICE, BOB, CARLA)
    it = await table.slash("abort", ALICE)
    assert it.quiet_success


async def test_actions_defer_before_the_service_works(table: Table) -> None:
    d = await started(table, ALICE, BOB, CARLA)
    assert d.user_id is not None
    seen: list[bool] = []
    real = table.app.service.play.command
    it = table.interaction(d.user_id)

    async def spy(*args: Any, **kwargs: Any) -> Outcome:
        seen.append(it.response.is_done())
        return await real(*args, **kwargs)

    table.app.service.play.command = spy  # type: ignore[method-assign]
    command = table.app.tree.get_command("play")
    assert isinstance(command, discord.app_commands.Command)
    await command.callback(it)  # type: ignore[call-arg]
    assert seen == [True]
    it.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    it.response.send_message.assert_not_awaited()
    it.delete_original_response.assert_not_awaited()  # answered: a private confirmation


async def test_board_public_and_private(table: Table) -> None:
    it = await table.slash("board", ALICE, public=True)
    # No game: the refusal stays private even after a public defer.
    it.response.defer.assert_awaited_once_with(ephemeral=False, thinking=True)
    it.delete_original_response.assert_awaited_once()
    assert it.answers()[0]["ephemeral"] is True and "no game" in it.text().lower()
    await started(table, ALICE, BOB, CARLA)
    it = await table.slash("board", DAVE)
    (answer,) = it.answers()
    assert answer["ephemeral"] is True and answer["file"].filename == "board.png"
    assert "view" not in answer
    it = await table.slash("board", DAVE, public=True)
    (answer,) = it.answers()
    assert "ephemeral" not in answer and "view" not in answer, "only the table message has controls"
    it = await table.slash("status", DAVE, public=True)
    assert "turn" in it.text()
    it = await table.slash("log", DAVE, count=5)
    assert "no moves yet" in it.text()
    await step(table, random.Random(1))
    it = await table.slash("log", DAVE, count=5)
    assert "#1" in it.text()


async def test_rules_and_help(table: Table) -> None:
    it = await table.slash("rules", ALICE)
    assert "Topics" in it.text()
    it = await table.slash("rules", ALICE, topic="drain")
    assert "V-2.1" in it.text()
    it = await table.slash("rules", ALICE, topic="nonsense")
    assert "no rules topic" in it.text().lower()
    choices = await table.autocomplete("rules", "topic", ALICE, "dr")
    assert {c.value for c in choices} == {"drain", "draw"}
    it = await table.slash("help", ALICE)
    assert "/play" in it.text() and "/join" in it.text() and "/sync" not in it.text()
    it.response.send_message.assert_awaited_once()


async def test_unexpected_exception_apologizes_with_reference(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    d = await started(table, ALICE, BOB, CARLA)
    assert d.user_id is not None
    table.app.service.play.command = AsyncMock(side_effect=RuntimeError("boom"))  # type: ignore[method-assign]
    with caplog.at_level(logging.ERROR, logger="bot.discord"):
        it = await table.slash("play", d.user_id)
    text = it.text()
    assert "Sorry" in text and "reference" in text
    ref = text.split("`")[1]
    assert any(ref in r.getMessage() and r.exc_info for r in caplog.records)
    assert it.answers()[0]["ephemeral"] is True
    # The game is intact.
    assert (await decision(table)).seq == d.seq


async def test_internal_refusal_carries_a_reference(table: Table) -> None:
    await started(table, ALICE, BOB, CARLA)
    table.app.service.play.command = AsyncMock(  # type: ignore[method-assign]
        return_value=Outcome(False, error="internal error: nothing was changed", code=Code.INTERNAL)
    )
    it = await table.slash("done", ALICE)
    assert "internal error" in it.text().lower() and "reference" in it.text()


async def test_duplicate_delivery_is_answered_once(table: Table) -> None:
    d = await started(table, ALICE, BOB, CARLA)
    assert d.user_id is not None
    it = await table.slash("play", d.user_id, iid=424242)
    assert it.quiet_success
    sent = len(table.channel.sent)
    again = await table.slash("play", d.user_id, iid=424242)
    assert "Already done" in again.text()
    assert len(table.channel.sent) == sent


async def test_missing_channel_permissions_are_explained(table: Table) -> None:
    await seat(table, ALICE)
    it = table.interaction(BOB)
    it.app_permissions = discord.Permissions(view_channel=True, send_messages=True)
    command = table.app.tree.get_command("join")
    assert isinstance(command, discord.app_commands.Command)
    await command.callback(it, game=None)  # type: ignore[call-arg]
    assert "missing the permission **Attach Files**" in it.text()
    assert "nothing was changed" in it.text()
    seats = table.app.service.storage.lobby.list_seats(table.cid)
    assert [s.user_id for s in seats] == [ALICE]


async def test_unknown_and_malformed_commands(table: Table) -> None:
    d = await started(table, ALICE, BOB, CARLA)
    assert d.user_id is not None
    it = await table.slash("place", d.user_id, args="Z99")
    assert it.answers()[0]["ephemeral"] is True
    assert "Z99" in it.text()
    it = await table.slash("draw", d.user_id, source="deck")
    assert "not your decision yet" in it.text().lower() or "illegal" in it.text().lower()


async def test_leave_during_game_hands_seat_to_ai(table: Table) -> None:
    await started(table, ALICE, BOB, CARLA)
    it = await table.slash("leave", CARLA)
    assert it.quiet_success
    assert any("an AI" in t for t in table.channel_texts())
    it = await table.slash("replace", ALICE, player=SimpleNamespace(id=int(BOB)), level="random")
    assert it.quiet_success
    it = await table.slash("replace", BOB, player=SimpleNamespace(id=int(ALICE)))
    assert "only the player himself" in it.text().lower()


# --------------------------------------------------------------------------------------------
# Restart
# --------------------------------------------------------------------------------------------


async def test_restart_old_buttons_still_work(settings: Settings) -> None:
    rng = random.Random(9)
    app1 = create_bot(settings, renderer=PlaceholderRenderer())
    t1 = Table(app1)
    await started(t1, ALICE, BOB, CARLA)
    d = await advance_to(t1, rng, {"drain"})
    current_ids = t1.custom_ids()
    await app1.close()

    app2 = create_bot(settings, renderer=PlaceholderRenderer())
    try:
        t2 = Table(app2)
        # The same channel: its old messages are still there.
        t2.channel.sent, t2.channel.ids = t1.channel.sent, t1.channel.ids
        assert app2.service.tables.loaded_channels() == []
        user = d.user_id
        assert user is not None and d.options is not None
        drain = next(o for o in d.options if o.startswith("drain"))
        assert t2.custom_ids() == current_ids
        it = await act_by_ui(t2, d, drain)  # district select, then the private select
        assert it.quiet_success, it.text()
        assert "drains" in t2.channel_texts()[-1]
        assert (await decision(t2)).seq == d.seq + 1
        live = [m for m in t2.channel.sent if any(":do" in i or ":opt:" in i for i in view_ids(m))]
        assert len(live) == 1, "only the current message has decision controls"
        it = await t2.click(current_ids[0], user)
        assert "earlier turn" in it.text()
        assert (await decision(t2)).seq == d.seq + 1
    finally:
        await app2.close()


# --------------------------------------------------------------------------------------------
# Component routing details
# --------------------------------------------------------------------------------------------


async def test_district_select_opens_a_private_list(table: Table) -> None:
    rng = random.Random(6)
    await started(table, ALICE, BOB, CARLA)
    d = await advance_to(table, rng, {"drain"})
    assert d.options is not None and len(d.options) > 25
    grp = next(c for c in table.components() if ":grp:" in c.custom_id)
    groups = select_values(grp)
    assert 1 < len(groups) <= 25
    user = d.user_id
    assert user is not None
    other = next(u for u in (ALICE, BOB, CARLA) if u != user)
    it = await table.click(grp.custom_id, other, [groups[0]])
    assert "not your decision" in it.text().lower()
    it = await table.click(grp.custom_id, user, [groups[0]])
    (answer,) = it.answers()
    assert answer["ephemeral"] is True
    selects = answer["view"].children
    offered = [v for s in selects for v in select_values(s)]
    assert offered == [
        o for o in d.options if o != "done" and option_group(Option.of(o), "venezia") == groups[0]
    ]
    assert all(len(select_values(s)) <= 25 for s in selects)


async def test_exchange_button_without_gold(table: Table) -> None:
    d = await started(table, ALICE, BOB, CARLA)
    assert d.user_id is not None
    # Nobody holds gold at the start: no button offers an exchange that is not open.
    assert not [i for i in table.custom_ids() if i.endswith(":opt:exchange")]


async def test_button_of_another_channel(table: Table) -> None:
    await started(table, ALICE, BOB, CARLA)
    foreign = table.custom_ids()[0].replace(f"vz:{CHANNEL}:", "vz:777:")
    it = await table.click(foreign, ALICE)
    assert "another channel" in it.text()


async def test_two_quick_clicks_on_one_button(table: Table) -> None:
    """Both clicks pass the first stale check; the second is re-checked under the lock."""
    import asyncio

    rng = random.Random(4)
    await started(table, ALICE, BOB, CARLA)
    d = await advance_to(table, rng, {"drain"})
    assert d.user_id is not None
    done = next(i for i in table.custom_ids() if i.endswith(":do:done"))
    first, second = await asyncio.gather(table.click(done, d.user_id), table.click(done, d.user_id))
    results = sorted([first.quiet_success, second.quiet_success])
    assert results == [False, True]
    loser = first if not first.quiet_success else second
    assert "earlier turn" in loser.text()
    assert (await decision(table)).seq == d.seq + 1


async def test_real_renderer_start(settings: Settings) -> None:
    """With the real renderer (if the render package is there): the start posts a real PNG."""
    from bot.discord.app import make_renderer
    from bot.table.render import RendererUnavailable

    try:
        renderer = make_renderer("real")
    except RendererUnavailable:
        pytest.skip("render package not available")
    app = create_bot(settings, renderer=renderer)
    try:
        table = Table(app)
        await started(table, ALICE, BOB, CARLA)
        start = table.channel.sent[-1]
        png = start["file"].fp.getvalue()
        assert png.startswith(b"\x89PNG") and len(png) > 10_000
        assert table.dms[ALICE][0]["file"].fp.getvalue().startswith(b"\x89PNG")
    finally:
        await app.close()


async def test_channel_manager_sets_up_an_ai_table_without_a_seat(table: Table) -> None:
    it = await table.slash("addbot", DAVE, level=None)
    assert "join the table first" in it.text().lower()
    for _ in range(3):
        it = await table.slash("addbot", DAVE, manage=True, level=None)
        assert it.quiet_success, it.text()
    it = await table.slash("start", DAVE, game=None)
    assert "only a seated player" in it.text().lower()
    it = await table.slash("start", DAVE, manage=True, game=None)
    assert it.quiet_success, it.text()
    assert any("game over" in t for t in table.channel_texts())
