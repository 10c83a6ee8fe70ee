"""High Card, the tests' own fourth game, through every layer that claims to know no game: the
registry (run-time registration), its scenario runner, the table service, the terminal and the
Discord adapter under SimCord (clicks only, the sealed stage included). The conformance suite
(tests/contract) runs over it too."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from simcord import Env

from bot.devtools.discord_sim import play_game, raw_messages, texts
from bot.discord.app import TableBot
from bot.storage.store import Storage
from engine.core import IllegalMove
from engine.registry import (
    GameRegistration,
    register,
    registered,
    registration,
    registrations,
    unregister,
)
from tests.discord.conftest import make_bot
from tests.fourth_game.registration import REGISTRATION
from tests.test_service_support import open_service, uid
from tests.test_terminal import ReaderIn, _random_option, game_channel, ranking, run

# ---------------------------------------------------------------- the registry


def test_registered_only_inside_the_block() -> None:
    assert REGISTRATION not in registrations()
    default = registrations()[0]
    with registered(REGISTRATION) as reg:
        assert registration("hc") is reg and registrations()[-1] is reg
        assert registrations()[0] is default  # the default game stays the default
        with registered(REGISTRATION):  # nested: a no-op
            assert registrations().count(reg) == 1
        assert reg in registrations()
    assert REGISTRATION not in registrations()
    with pytest.raises(IllegalMove, match="unknown game"):
        registration("high_card")


def test_a_name_or_alias_already_taken_is_refused() -> None:
    from dataclasses import replace

    clash = replace(REGISTRATION, aliases=(registrations()[0].name,))
    with pytest.raises(ValueError, match="already names"):
        register(clash)
    assert clash not in registrations()
    with pytest.raises(KeyError):
        unregister(registrations()[0].name)  # a built-in game cannot be removed


def test_a_scenario_of_the_fourth_game(high_card: GameRegistration) -> None:
    state = high_card.parts().game.new_state(["A", "B"], 1, {"rounds": 13})
    a, b = state.player_view(0)["me"]["hand"], state.player_view(1)["me"]["hand"]
    spec = {
        "setup": {"players": ["A", "B"], "seed": 1},
        "steps": [
            {"player": "A", "command": f"bid {a[-1]}", "then": {"pending": {"player": "B"}}},
            {"player": "A", "command": f"bid {a[0]}", "expect": "reject"},
            {"player": "B", "command": "bid 99", "expect": "reject", "reject_contains": "no 99"},
            {"player": "B", "command": str(b[0])},
        ],
        "expect": {"won": [1, 0] if a[-1] > b[0] else [0, int(a[-1] < b[0])]},
    }
    result = high_card.parts().run_scenario(spec)
    assert result.ok, result.failures
    assert result.steps_run == 4


# ---------------------------------------------------------------- the table service


async def test_a_whole_game_through_the_table_service(
    high_card: GameRegistration, tmp_path: Path
) -> None:
    """Two humans: join, start with game=high_card, both answer every sealed stage (the first
    answer stays hidden), the results carry the rounds won."""
    svc = open_service(tmp_path / "t.sqlite3")
    try:
        assert (await svc.lobby.join("c", uid(0), "Ann")).accepted
        assert (await svc.lobby.join("c", uid(1), "Bob")).accepted
        out = await svc.lobby.start("c", uid(0), seed=5, game="high_card")
        assert out.accepted, out.error
        rng = random.Random(5)
        rounds = 0
        while ds := await svc.play.decisions("c"):
            assert len(ds) == 2 and all(d.sealed for d in ds)
            first, second = rng.sample(list(ds), 2)
            mine = await svc.play.options_for("c", first.user_id or "", limit=None)
            sent = rng.choice(mine)
            move = await svc.play.command("c", first.user_id or "", sent, expect_seq=first.seq)
            assert move.accepted, move.error
            public = "\n".join(u.text for u in move.public)
            assert f"{first.name} has chosen" in public and sent not in public
            theirs = await svc.play.options_for("c", second.user_id or "", limit=None)
            move = await svc.play.command(
                "c", second.user_id or "", rng.choice(theirs), expect_seq=second.seq
            )
            assert move.accepted, move.error
            assert "revealed:" in "\n".join(u.text for u in move.public)
            rounds += 1
        assert rounds == 13
        record = svc.storage.games.game_history("c", 1)[0]
        assert record.status == "finished" and record.game_type == "high_card"
        state = high_card.parts().game.new_state(record.player_names, record.seed, None)
        for m in svc.storage.games.moves(record.id):
            state.apply(m.seat, m.command)
        results = {r.seat: r.score for r in svc.storage.games.results(record.id)}
        won = high_card.parts().scores(state)
        assert results == dict(enumerate(won)) and sum(w or 0 for w in won) <= 13
        assert "High Card" in (await svc.play.status("c")).text
    finally:
        await svc.aclose()


# ---------------------------------------------------------------- the terminal


def test_a_whole_game_at_the_terminal_against_an_ai(
    high_card: GameRegistration, tmp_path: Path
) -> None:
    out = io.StringIO()
    args = ["--game", "high_card", "--ai", "greedy", "--seed", "6"]
    rc, text = run(tmp_path, args, stdin=ReaderIn(out, _random_option(random.Random(6))), out=out)
    assert rc == 0, text[-3000:]
    assert "✗" not in text and len(ranking(text)) == 2
    assert text.count("revealed:") == 13
    with Storage.open(tmp_path / "t.sqlite3") as store:
        record = store.games.game_history(game_channel("high_card"), 1)[0]
        assert record.game_type == "high_card" and record.status == "finished"


def test_a_hot_seat_hides_the_first_sealed_answer(
    high_card: GameRegistration, tmp_path: Path
) -> None:
    args = ["--game", "high_card", "--humans", "2", "--seed", "7"]
    names = ["--name", "Anna", "--name", "Bruno"]
    rc, text = run(tmp_path, [*args, *names], ["", "1", "", "1", "quit"])
    assert rc == 0, text[-3000:]
    anna = re.search(r"your secret answer: (bid \d+)", text)
    assert anna is not None
    handover = text.index("Pass the terminal to Bruno")
    bruno_sees = text[handover : text.index("revealed:")]
    assert "Anna has chosen" in bruno_sees and anna.group(1) not in bruno_sees


# ---------------------------------------------------------------- Discord (SimCord)


@pytest.fixture
def simcord_bot(high_card: GameRegistration, tmp_path: Path) -> TableBot:
    """The real bot, created while High Card is registered (its slash commands are built from
    the registry when the bot is created)."""
    return make_bot(tmp_path / "discord.sqlite3")


async def test_a_whole_game_in_discord_by_clicks(simcord_env: Env) -> None:
    """Two humans: /join game=high_card, /start, then every sealed stage is answered by
    clicking the table's button and the private menu; the first answer stays hidden."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("high-card")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await alice.slash(channel, "join", game="high_card")
    await bob.slash(channel, "join")
    await alice.slash(channel, "start")
    decisions = await play_game(env, channel, {alice.id: alice, bob.id: bob}, random.Random(8))
    assert decisions >= 13
    bot = env.bot
    assert isinstance(bot, TableBot)
    view = await bot.service.play.view(str(channel.id))
    assert view is not None and view["game"] == "high_card" and view["game_over"]
    messages = [texts(m) for m in raw_messages(env, channel)]
    shown = "\n".join(messages)
    assert "High Card — table" in messages[0] and "High Card — game over" in messages[-1]
    assert "alice and bob choose at the same time." in messages[0]  # nobody "begins"
    assert "alice has chosen" in shown and "bob has chosen" in shown
    rounds = set(re.findall(r"revealed: [^;\n]* round (\d+)", shown))
    assert rounds == {str(n) for n in range(1, 14)}
    assert "your secret answer" not in shown  # the sealed answers went to their senders only
