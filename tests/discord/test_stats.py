"""/stats and /leaderboard through SimCord: a member's figures from games finished in the
server, the leaderboard with people by name and AI seats by level, an unknown game refused."""

from __future__ import annotations

from pathlib import Path

import discord
from simcord import Env

from bot.storage.store import FinalResult, PlayerInfo, Storage
from engine.registry import registrations


def _text(result: object) -> str:
    followups = getattr(result, "followups", None)
    message = followups[-1] if followups else getattr(result, "response", None)
    return getattr(message, "content", "") or ""


async def test_stats_and_leaderboard(simcord_env: Env, db_path: Path) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("tables")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    await alice.slash(channel, "help")  # the bot is up and its database exists
    reg = registrations()[0]
    a, b = str(alice.id), str(bob.id)
    with Storage.open(db_path) as storage:
        for places in ((1, 2, 3), (2, 1, 3), (1, 1, 3)):
            players = [
                PlayerInfo("Alice", a),
                PlayerInfo("Bob", b),
                PlayerInfo("AI3", None, True, 2),
            ]
            record = storage.games.create_game(
                str(channel.id), reg.name, seed=1, players=players, guild_id=str(guild.id)
            )
            storage.games.finish_game(
                record.id,
                [
                    FinalResult(seat, p.name, place, None, p.user_id)
                    for seat, (p, place) in enumerate(zip(players, places, strict=True))
                ],
            )

    mine = _text(await alice.slash(channel, "stats"))
    assert "in this server" in mine
    assert f"{reg.title}: 3 games, 2 wins, average rank 1.33, rating " in mine

    bobs = _text(await alice.slash(channel, "stats", user=bob))
    assert f"{reg.title}: 3 games, 2 wins, average rank 1.33" in bobs

    board = _text(await alice.slash(channel, "leaderboard"))
    assert f"**{reg.title}**" in board
    lines = [line for line in board.splitlines() if line[:2] in ("1.", "2.", "3.")]
    assert len(lines) == 3
    assert lines[-1].startswith("3. Strong AI: ") and lines[-1].endswith("3 games")
    assert {line.split(":")[0][3:] for line in lines[:2]} == {"Alice", "Bob"}

    one = _text(await alice.slash(channel, "leaderboard", game=reg.name))
    assert one == board

    unknown = _text(await alice.slash(channel, "leaderboard", game="no such game"))
    assert "unknown game" in unknown


async def test_statsettings_needs_manage_server(simcord_env: Env, db_path: Path) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("tables")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    member = guild.add_member(simcord_env.create_user("member"))

    shown = _text(await member.slash(channel, "statsettings"))
    assert "aborted games do not count" in shown and "took over a seat count" in shown
    refused = _text(await member.slash(channel, "statsettings", aborted=True))
    assert "manage the server" in refused
    changed = _text(await admin.slash(channel, "statsettings", aborted=True))
    assert "aborted games count;" in changed
    with Storage.open(db_path) as storage:
        assert storage.stats.stats_settings(str(guild.id)).count_aborted
