"""``venezia bench discord``: what a channel goes through in a game, per turn, as JSON.

The real bot (discord.py client, command tree, dynamic items) plays against SimCord's simulated
Discord: two humans click only what the bot shows, one AI seat plays along. The figures come
from SimCord's log of the bot's REST calls: channel messages, board pictures posted, pings,
DMs per player, message edits, earlier messages still with controls, the largest burst of new
messages caused by one action. Needs SimCord (a development dependency).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from engine.games import get_game
from engine.registry import default_game

#: The issue's targets per game turn (channel messages, board images posted, pictures uploaded
#: in all - new messages and edits -, pings, DMs per player) and zero earlier messages with
#: live controls.
TARGETS = {
    "channel_messages_per_turn": 1.2,
    "board_images_posted_per_turn": 1.2,
    "images_uploaded_per_turn": 1.2,
    "pings_per_turn": 1.1,
    "dms_per_player_per_turn": 0.5,
    "earlier_messages_with_live_controls": 0,
}


async def play(seed: int, ai_level: str, humans: int = 2, ais: int = 1) -> dict[str, Any]:
    import simcord

    from bot.discord_app import create_bot
    from bot.discord_sim import figures, play_game
    from bot.service import PlaceholderRenderer
    from bot.settings import Settings

    with tempfile.TemporaryDirectory(prefix="venezia-bench-discord-") as tmp:
        settings = Settings(
            token="simcord",
            db_path=Path(tmp) / "bench.sqlite3",
            sync_on_start="global",
            renderer="placeholder",
            render_processes=0,
        )
        bot = create_bot(settings, renderer=PlaceholderRenderer((64, 48)))
        async with simcord.run(bot) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("venezia")
            names = ("alice", "bob", "carla", "dave", "emma")[:humans]
            players = [guild.add_member(env.create_user(n)) for n in names]
            for p in players:
                await p.slash(channel, "join")
            for _ in range(ais):
                await players[0].slash(channel, "addbot", level=ai_level)
            start = len(env.http_requests)
            await players[0].slash(channel, "start")
            decisions = await play_game(
                env, channel, {p.id: p for p in players}, random.Random(seed)
            )
            view = await bot.service.view(str(channel.id))
            f = figures(env, channel, players, start)
            f.turns = int((view or {}).get("turn", 0))
            report: dict[str, Any] = {
                "seed": seed,
                "humans": humans,
                "ais": ais,
                "decisions": decisions,
                **f.per_turn(),
            }
    report["targets"] = TARGETS
    report["targets_met"] = all(report[k] <= v for k, v in TARGETS.items())
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="venezia bench discord", description=__doc__)
    parser.add_argument("--seed", type=int, default=7, help="the players' choices (default 7)")
    parser.add_argument("--ai", default="random", help="the AI seats' level (default random)")
    parser.add_argument("--humans", type=int, default=2, choices=range(1, 6), help="default 2")
    parser.add_argument("--ais", type=int, default=1, choices=range(0, 5), help="default 1")
    args = parser.parse_args(argv)
    game = get_game(default_game())
    if not game.min_players <= args.humans + args.ais <= game.max_players:
        parser.error(
            f"a {game.title} table seats {game.min_players} to {game.max_players} players"
            " (--humans plus --ais)"
        )
    try:
        import simcord  # noqa: F401
    except ImportError:
        print("venezia bench discord needs SimCord: uv sync (dev dependencies)", file=sys.stderr)
        return 2
    report = asyncio.run(play(args.seed, args.ai, args.humans, args.ais))
    print(json.dumps(report))
    return 0 if report["targets_met"] else 1
