"""The lobby set up by its controls alone: the game, an option with choices and the level of an
AI are chosen in the lobby message's menus (issue #17 item 11), through the same service calls
and permissions as the typed commands."""

from __future__ import annotations

from typing import Any

from simcord import ChannelHandle, Env, MemberActor, ResponseMessage

from bot.devtools.discord_sim import action_of, controls, raw_messages, texts
from engine.registry import registration


def _lobby(env: Env, channel: ChannelHandle) -> Any:
    """The lobby message (the channel's only message before a game)."""
    return ResponseMessage(env, raw_messages(env, channel)[-1])


def _menu(env: Env, channel: ChannelHandle, action: str, arg: str = "") -> dict[str, Any]:
    found = [
        c
        for c in controls(_lobby(env, channel))
        if c.get("type") == 3
        and action_of(c["custom_id"]) == action
        and c["custom_id"].endswith(f":{action}" + (f":{arg}" if arg else ""))
    ]
    assert len(found) == 1, [c["custom_id"] for c in controls(_lobby(env, channel))]
    return found[0]


async def _pick(
    env: Env, actor: MemberActor, channel: ChannelHandle, action: str, value: str, arg: str = ""
) -> Any:
    menu = _menu(env, channel, action, arg)
    assert value in [o["value"] for o in menu["options"]], menu["options"]
    return await actor.select(_lobby(env, channel), [value], custom_id=menu["custom_id"])


def _said(result: Any) -> str:
    return "\n".join(m.content or "" for m in [result.response, *result.followups] if m)


def _selected(menu: dict[str, Any]) -> list[str]:
    return [o["value"] for o in menu["options"] if o.get("default")]


async def test_game_variant_and_ai_level_are_chosen_by_clicking(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("lobby-menus")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "join")  # the default game
    service = simcord_env.bot.service
    assert (await service.lobby.choice(str(channel.id)))[0] != "amsterdam"

    assert not _said(await _pick(simcord_env, alice, channel, "game", "amsterdam"))
    assert _selected(_menu(simcord_env, channel, "game")) == ["amsterdam"]
    lobby = texts(raw_messages(simcord_env, channel)[-1]).replace("\\_", "_")
    assert "Amsterdam — table" in lobby and "switches the table to Amsterdam" in lobby, lobby
    assert "options are at their defaults" in lobby and "variant=base" in lobby, lobby

    variant = _menu(simcord_env, channel, "setopt", "variant")
    assert _selected(variant) == ["base"]
    assert {o["value"] for o in variant["options"]} == set(
        registration("amsterdam").option("variant").choices
    )
    assert not _said(await _pick(simcord_env, alice, channel, "setopt", "gomoku", "variant"))
    assert _selected(_menu(simcord_env, channel, "setopt", "variant")) == ["gomoku"]

    assert not _said(await _pick(simcord_env, alice, channel, "addai", "strong"))
    lobby = texts(raw_messages(simcord_env, channel)[-1]).replace("\\_", "_")
    assert "Strong AI" in lobby and "variant=gomoku" in lobby, lobby

    await alice.click(_lobby(simcord_env, channel), label="Start")
    view = await service.play.view(str(channel.id))
    assert view is not None and view["game"] == "amsterdam"
    table = service.tables.get(str(channel.id))
    assert table.record is not None and dict(table.record.options or {}) == {"variant": "gomoku"}
    ais = [(p.name, p.ai_level) for p in table.players if p.is_ai]
    assert ais == [("Strong AI", 2)], ais  # stored level code 2: strong
    status = (await service.play.status(str(channel.id))).text
    assert "Strong AI" in status, status


async def test_a_non_seated_click_is_refused_and_changes_nothing(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("lobby-strangers")
    alice = guild.add_member(simcord_env.create_user("alice"))
    mallory = guild.add_member(simcord_env.create_user("mallory"))
    await alice.slash(channel, "join", game="amsterdam")
    service = simcord_env.bot.service
    before = (await service.lobby.choice(str(channel.id)), texts(_lobby(simcord_env, channel)))
    for action, value, arg in (
        ("game", "canal_grande", ""),
        ("setopt", "gomoku", "variant"),
        ("addai", "strong", ""),
    ):
        result = await _pick(simcord_env, mallory, channel, action, value, arg)
        shown = [m for m in [result.response, *result.followups] if m and m.content]
        assert shown and all(m.ephemeral for m in shown), action
        assert "join the table first" in shown[-1].content.casefold(), shown[-1].content
    after = (await service.lobby.choice(str(channel.id)), texts(_lobby(simcord_env, channel)))
    assert after == before
    assert len(raw_messages(simcord_env, channel)) == 1


async def test_switching_game_rechecks_the_seats_and_resets_the_options(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("lobby-switch")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "join", game="venezia")
    await alice.slash(channel, "addbot")
    await alice.slash(channel, "addbot")  # 3 seats: more than Canal Grande's 2
    before = texts(_lobby(simcord_env, channel))
    result = await _pick(simcord_env, alice, channel, "game", "canal_grande")
    assert "Canal Grande seats at most 2; 3 are seated" in _said(result), _said(result)
    service = simcord_env.bot.service
    assert (await service.lobby.choice(str(channel.id)))[0] == "venezia"
    assert texts(_lobby(simcord_env, channel)) == before
    await alice.slash(channel, "removebot")
    await _pick(simcord_env, alice, channel, "game", "canal_grande")
    await alice.slash(channel, "options", settings="first_divider=2 turn_limit=300")
    assert _selected(_menu(simcord_env, channel, "setopt", "first_divider")) == ["2"]
    await _pick(simcord_env, alice, channel, "game", "amsterdam")
    await _pick(simcord_env, alice, channel, "game", "canal_grande")
    game, options = await service.lobby.choice(str(channel.id))
    assert game == "canal_grande"
    assert options["first_divider"] == "random" and options["turn_limit"] == "500"
    assert _selected(_menu(simcord_env, channel, "setopt", "first_divider")) == ["random"]
    # an option without choices (a number) has no menu: it stays typed
    assert not [
        c for c in controls(_lobby(simcord_env, channel)) if c["custom_id"].endswith("turn_limit")
    ]
    # the same table's game again: refused privately, nothing changes
    result = await _pick(simcord_env, alice, channel, "game", "canal_grande")
    assert "already set for Canal Grande" in _said(result), _said(result)


async def test_the_lobby_stays_within_discords_limits(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("lobby-limits")
    alice = guild.add_member(simcord_env.create_user("alice"))
    for game in ("venezia", "canal_grande", "amsterdam"):
        await alice.slash(channel, "leave")
        await alice.slash(channel, "join", game=game)
        message = _lobby(simcord_env, channel)
        rows = [c for c in _walk_rows(message.components)]
        assert 1 < len(rows) <= 5, game
        menus = [c for c in controls(message) if c.get("type") == 3]
        assert all(len(m["options"]) <= 25 for m in menus)
        assert {action_of(m["custom_id"]) for m in menus} >= {"game", "addai"}


def _walk_rows(components: Any) -> list[dict[str, Any]]:
    from bot.devtools.discord_sim import walk

    return [c for c in walk(components) if c.get("type") == 1]
