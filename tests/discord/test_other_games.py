"""Canal Grande in a SimCord channel: the buttons and menus come from its registration's
controls, and a whole game is played by clicking only what the bot shows."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest
from simcord import Env, ResponseMessage

from bot.devtools.discord_sim import (
    action_of,
    controls,
    decision_message,
    play_game,
    raw_messages,
    texts,
)
from bot.discord.commands import MOVE_TEXT_MAX
from bot.table import lobby
from engine.canal_grande.vote_select import GONDOLA_PREFIX, placement_command, placement_items
from engine.registry import registration, table_registrations


async def test_canal_grande_plays_to_its_end_by_clicking(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canal")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "join", game="canal_grande")
    await alice.slash(channel, "addbot")
    await alice.slash(channel, "start")
    decisions = await play_game(simcord_env, channel, {alice.id: alice}, random.Random(3))
    assert decisions > 5
    view = await simcord_env.bot.service.play.view(str(channel.id))
    assert view is not None and view["game"] == "canal_grande" and view["game_over"]
    messages = raw_messages(simcord_env, channel)
    assert "Canal Grande — table" in texts(messages[0])
    assert "Canal Grande — game over" in texts(messages[-1])
    assert not [texts(m) for m in messages if "Venezia" in texts(m)]


async def test_options_are_set_in_the_lobby_and_shown(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canal-options")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "join", game="canal_grande")
    await alice.slash(channel, "options", settings="first_divider=2 turn_limit=300")
    status = await simcord_env.bot.service.play.status(str(channel.id))
    assert "first_divider=2" in status.text and "turn_limit=300" in status.text
    refused = await alice.slash(channel, "options", settings="colour=red")
    shown = [refused.response, *refused.followups]
    assert any("no option 'colour'" in (m.content or "") for m in shown if m is not None)
    assert "first_divider=2" in (await simcord_env.bot.service.play.status(str(channel.id))).text


def _shown(result: Any) -> str:
    """Every text a slash command's answer shows (response and follow-ups)."""
    messages = [result.response, *result.followups]
    return "\n".join(m.content or "" for m in messages if m is not None)


def test_the_command_tree_covers_every_table_games_verbs(simcord_env: Env) -> None:
    commands = {c.name: c for c in simcord_env.bot.tree.get_commands()}
    games_of: dict[str, list[str]] = {}
    for reg in table_registrations():
        for verb in reg.parts().grammar.verbs:
            games_of.setdefault(verb, []).append(reg.title)
    for reg in table_registrations():
        missing = set(reg.parts().grammar.verbs) - set(commands)
        assert not missing, f"{reg.name} has no slash command for {sorted(missing)}"
        for declared in reg.parts().controls.slash_commands:
            payload = commands[declared.verb].to_dict(simcord_env.bot.tree)
            names = [o["name"] for o in payload.get("options", [])]
            shared = len(games_of[declared.verb]) > 1
            # a verb of one game keeps its declared option; a shared one whose games name it
            # differently gets the neutral args (no /place hexes: at an Amsterdam table)
            expected = "args" if shared else declared.param
            assert names == ([expected] if declared.param else []), declared.verb
            if shared:  # one command for several games: it says what it does in each
                assert all(f"{t}: " in payload["description"] for t in games_of[declared.verb])
            else:
                assert payload["description"] == declared.description
            for option in payload.get("options", []):
                assert len(option["description"]) <= 100
                if not shared:
                    assert option["description"] == declared.param_description
                    assert option["required"] == declared.required
                assert option["max_length"] == MOVE_TEXT_MAX
    assert "move" in commands


async def _canal_grande_with_ai_dividing(simcord_env: Env, name: str) -> tuple[Any, Any]:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel(name)
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "join", game="canal_grande")
    await alice.slash(channel, "options", settings="first_divider=2")
    await alice.slash(channel, "addbot")
    await alice.slash(channel, "start")
    return channel, alice


async def test_take_typed_as_a_slash_command_plays_in_a_canal_grande_channel(
    simcord_env: Env,
) -> None:
    """CG: the divider splits the cards into offers A and B, the chooser takes one."""
    channel, alice = await _canal_grande_with_ai_dividing(simcord_env, "canal-take")
    service = simcord_env.bot.service
    before = await service.play.view(str(channel.id))
    assert before is not None and before["game"] == "canal_grande"
    assert "take A" in await service.play.options_for(str(channel.id), str(alice.id))
    result = await alice.slash(channel, "take", args="A")
    assert "✅ alice takes offer A" in _shown(result)
    after = await service.play.view(str(channel.id))
    assert after is not None and after != before
    assert "take A" not in await service.play.options_for(str(channel.id), str(alice.id))
    assert "Canal Grande" in texts(raw_messages(simcord_env, channel)[-1])


async def test_a_verb_of_another_game_is_refused_with_this_games_verbs(simcord_env: Env) -> None:
    channel, alice = await _canal_grande_with_ai_dividing(simcord_env, "canal-refuse")
    service = simcord_env.bot.service
    before = await service.play.view(str(channel.id))
    result = await alice.slash(channel, "drain", hexes="C3")
    shown = _shown(result)
    assert "/drain is not a Canal Grande command" in shown
    for verb in ("/divide", "/take", "/vote", "/place", "/pass"):
        assert verb in shown
    assert await service.play.view(str(channel.id)) == before


async def test_the_generic_move_command_sends_the_text_as_typed(simcord_env: Env) -> None:
    channel, alice = await _canal_grande_with_ai_dividing(simcord_env, "canal-move")
    service = simcord_env.bot.service
    await alice.slash(channel, "move", text="take B")
    assert "take B" not in await service.play.options_for(str(channel.id), str(alice.id))


async def test_autocomplete_comes_from_the_channels_game(simcord_env: Env) -> None:
    channel, alice = await _canal_grande_with_ai_dividing(simcord_env, "canal-complete")
    takes = await alice.autocomplete(channel, "take", "args", "")
    assert sorted(c["value"] for c in takes) == ["A", "B"]
    moves = await alice.autocomplete(channel, "move", "text", "take")
    assert sorted(c["value"] for c in moves) == ["take A", "take B"]
    assert await alice.autocomplete(channel, "drain", "hexes", "") == []


async def test_help_lists_only_the_channels_games_moves(simcord_env: Env) -> None:
    channel, alice = await _canal_grande_with_ai_dividing(simcord_env, "canal-help")
    shown = _shown(await alice.slash(channel, "help"))
    assert "**Canal Grande at this channel's table**" in shown
    assert "`/take`" in shown and "`/move`" in shown and "`/join`" in shown
    assert "`/drain`" not in shown and "`/flip`" not in shown


async def test_the_divider_picks_offer_a_in_one_multi_select(simcord_env: Env) -> None:
    """CG: the divider splits the revealed cards into offers A and B by choosing offer A's
    cards in one menu (not among 254 splits); the split applied is exactly that choice."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canal-multi")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "join", game="canal_grande")
    await alice.slash(channel, "options", settings="first_divider=1")
    await alice.slash(channel, "addbot")
    await alice.slash(channel, "start")
    stored = decision_message(simcord_env, channel)
    assert stored is not None
    menus = [c for c in controls(stored) if c.get("type") == 3]
    assert len(menus) == 1 and action_of(menus[0]["custom_id"]) == "multi"
    menu = menus[0]
    assert len(menu["options"]) == 8
    assert (menu.get("min_values"), menu.get("max_values")) == (1, 7)
    service = simcord_env.bot.service
    before = await service.play.view(str(channel.id))
    assert before is not None and before["phase"] == "divide"
    message = ResponseMessage(simcord_env, stored)
    result = await alice.select(message, ["5", "2"], custom_id=menu["custom_id"])
    assert not result.followups, [m.content for m in result.followups]
    names = {c["pos"]: c["name"] for c in before["revealed"]}
    rest = ", ".join(names[p] for p in sorted(names) if p not in (2, 5))
    posted = "\n".join(texts(m) for m in raw_messages(simcord_env, channel))
    assert f"alice divides: offer A = {names[2]}, {names[5]}; offer B = {rest}" in posted
    after = await service.play.view(str(channel.id))
    assert after is not None and after != before


async def test_a_multi_select_by_someone_else_is_refused_and_changes_nothing(
    simcord_env: Env,
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canal-multi-refused")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    await alice.slash(channel, "join", game="canal_grande")
    await alice.slash(channel, "options", settings="first_divider=1")
    await alice.slash(channel, "addbot")
    await alice.slash(channel, "start")
    stored = decision_message(simcord_env, channel)
    assert stored is not None
    menu = next(c for c in controls(stored) if action_of(c["custom_id"]) == "multi")
    before = await simcord_env.bot.service.play.view(str(channel.id))
    result = await bob.select(
        ResponseMessage(simcord_env, stored), ["1", "2"], custom_id=menu["custom_id"]
    )
    answers = [m for m in [result.response, *result.followups] if m is not None and m.content]
    assert answers and all(m.ephemeral for m in answers), answers
    answer = answers[-1].content or ""
    assert "not playing" in answer or "Not your decision" in answer, answer
    assert not any((m.content or "").startswith("✅") for m in answers)
    assert await simcord_env.bot.service.play.view(str(channel.id)) == before


VOTE_SEED = 1  # a game whose third move lets alice open a vote with a gondola


async def _alice_opens_a_vote(simcord_env: Env, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Two people, a known seed: the moves before the vote are typed (``/move``), found by
    playing the same game in the engine until alice must open a vote and may use a gondola."""
    return await _alice_places(
        simcord_env,
        monkeypatch,
        VOTE_SEED,
        lambda options: any(_with_gondola(o) for o in options),
    )


async def _alice_places(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch, seed: int, stop: Any
) -> Any:
    """The game of ``seed`` typed (``/move``) until alice must place in a vote and ``stop``
    holds for her options (found by playing the same game in the engine)."""
    monkeypatch.setattr(lobby, "secrets", SimpleNamespace(randbits=lambda bits: seed))
    reg = registration("canal_grande")
    state = reg.parts().game.new_state(
        ["alice", "bob"], seed, reg.engine_options({"first_divider": "1"})
    )
    rng = random.Random(seed)
    moves: list[tuple[int, str]] = []
    while True:
        d = state.pending()
        assert d is not None and len(moves) < 100
        if d.kind == "place" and d.seat == 0 and stop(list(d.options)):
            break
        command = rng.choice(d.options)
        moves.append((d.seat, command))
        state.apply(d.seat, command)
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canal-vote")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    await alice.slash(channel, "join", game="canal_grande")
    await bob.slash(channel, "join")
    await alice.slash(channel, "options", settings="first_divider=1")
    await alice.slash(channel, "start")
    for seat, command in moves:
        await simcord_env.advance_time(30)
        result = await (alice, bob)[seat].slash(channel, "move", text=command)
        assert "✅" in _shown(result), _shown(result)
    await simcord_env.advance_time(30)
    return channel, alice, bob, state


def _with_gondola(option: str) -> bool:
    """A placement with chosen-district cards and a gondola's reinforcement."""
    return " gondola " in option and not option.startswith("place gondola")


async def test_a_vote_is_placed_with_cards_and_a_gondola_by_the_controls_alone(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CG-6.4, CG-6.10: alice opens the vote with a card of the chosen district and a gondola
    carrying another district's card, choosing the cards in one private menu. A choice the
    engine refuses (no chosen-district card first, CG-6.9a) is explained and changes nothing."""
    channel, alice, bob, state = await _alice_opens_a_vote(simcord_env, monkeypatch)
    service = simcord_env.bot.service
    d = state.pending()
    assert d is not None and not d.public_options
    stored = decision_message(simcord_env, channel)
    assert stored is not None
    public = controls(stored)
    assert not [c for c in public if c.get("type") == 3], "hand cards on the table message"
    opener = next(c for c in public if action_of(c["custom_id"]) == "opt")
    table = ResponseMessage(simcord_env, stored)

    # Bob may not open alice's cards.
    peek = await bob.click(table, custom_id=opener["custom_id"])
    shown = [m for m in [peek.response, *peek.followups] if m is not None]
    assert not [m for m in shown if any(c.get("type") == 3 for c in controls(m))]

    opened = await alice.click(table, custom_id=opener["custom_id"])
    private = [m for m in [opened.response, *opened.followups] if m is not None and controls(m)]
    assert len(private) == 1 and private[0].ephemeral
    menu = next(c for c in controls(private[0]) if c.get("type") == 3)
    assert action_of(menu["custom_id"]) == "multi"
    items, low, high = placement_items(d.choices)
    assert [o["value"] for o in menu["options"]] == [v for v, _, _ in items]
    assert (menu.get("min_values"), menu.get("max_values")) == (low, high)
    carried = next(v for v, _, _ in items if v.startswith(GONDOLA_PREFIX))
    chosen = next(v for v, _, _ in items if not v.startswith(GONDOLA_PREFIX))

    before = await service.play.view(str(channel.id))
    await alice.select(private[0], [carried], custom_id=menu["custom_id"])
    refused = simcord_env.backend.get_message(private[0].channel_id, private[0].id)
    assert "must include a" in (refused.content or ""), refused.content
    assert await service.play.view(str(channel.id)) == before
    # the menu stays, offered again under the reason: alice corrects her choice in place
    menu = next(c for c in controls(refused) if c.get("type") == 3)
    assert [o["value"] for o in menu["options"]] == [v for v, _, _ in items]
    again = ResponseMessage(simcord_env, refused)
    await alice.select(again, [carried, chosen], custom_id=menu["custom_id"])
    # accepted: the table message shows the vote, the private menu is gone
    assert simcord_env.backend.messages[private[0].channel_id].get(private[0].id) is None
    command = placement_command([carried, chosen])
    state.apply(0, command)
    after = await service.play.view(str(channel.id))
    assert after is not None and after["vote"] == state.public_view()["vote"]
    assert after["vote"]["votes"] == [2, 0]
    posted = "\n".join(texts(m) for m in raw_messages(simcord_env, channel))
    assert "gondola" in posted.split("alice places", 1)[1].split("\n", 1)[0]


async def test_nothing_to_place_is_explained_privately_with_pass(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice cannot outbid bob's vote with her hand. Her hand is hidden, so the table message
    shows "Place cards…" as always (its absence would tell bob); her click is answered to her
    alone with the reason and a Pass button, and that Pass plays."""
    channel, alice, bob, state = await _alice_places(
        simcord_env, monkeypatch, 2, lambda options: options == ["pass"]
    )
    stored = decision_message(simcord_env, channel)
    assert stored is not None
    labels = [c.get("label") for c in controls(stored) if c.get("type") == 2]
    assert "Place cards…" in labels and "Pass" in labels, labels
    table = ResponseMessage(simcord_env, stored)
    opener = next(c for c in controls(stored) if c.get("label") == "Place cards…")
    before = await simcord_env.bot.service.play.view(str(channel.id))

    # bob clicking it learns nothing about alice's hand
    peek = await bob.click(table, custom_id=opener["custom_id"])
    assert "Not your decision" in _shown(peek), _shown(peek)
    assert not [m for m in [peek.response, *peek.followups] if m is not None and controls(m)]

    opened = await alice.click(table, custom_id=opener["custom_id"])
    answers = [m for m in [opened.response, *opened.followups] if m is not None]
    assert answers and all(m.ephemeral for m in answers)
    district = state.comp.names[state.vote["district"]]
    assert (
        f"Nothing in your hand can be placed in {district} now: your only choice is to pass"
        in _shown(opened)
    ), _shown(opened)
    private = next(m for m in answers if controls(m))
    assert [c.get("label") for c in controls(private)] == ["Pass"]
    assert await simcord_env.bot.service.play.view(str(channel.id)) == before

    # Pass is the answer, and the game goes on; the private answer goes with it
    result = await alice.click(private, custom_id=controls(private)[0]["custom_id"])
    assert not result.followups, [m.content for m in result.followups]
    assert simcord_env.backend.messages[private.channel_id].get(private.id) is None
    state.apply(0, "pass")
    assert (await simcord_env.bot.service.play.view(str(channel.id)))[
        "vote"
    ] == state.public_view()["vote"]
