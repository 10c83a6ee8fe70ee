"""Screenshots of a game in a simulated Discord channel (SimCord's preview), for looking at
what players see: the channel mid-game and at the end, and a player's DMs.

Development only. Needs the screenshot extra and a Chromium, neither in the lock file::

    uv pip install 'simcord[screenshot]'     # Playwright and the preview's renderers
    apt-get install -y chromium              # or: playwright install chromium

    uv run python tools/discord_shots.py OUT_DIR [--chromium PATH] [--game amsterdam --bots 0]
        [--lang ja]

``--lang`` makes the server's preferred locale and every player's Discord client that
language (SimCord itself reports ``en-US`` for all), so the table and the DMs speak it.

The bot is the real one (discord.py client, real board renderer) on a fresh database in
OUT_DIR; two humans (and ``--bots`` AIs) play the chosen game by clicking what the bot shows.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import simcord
from simcord import interactions as simcord_interactions
from simcord.preview._capture import ManagedCapture

from bot.devtools.discord_sim import play_one
from bot.discord.app import create_bot
from bot.discord.settings import Settings
from bot.table.render import default_renderer

BROWSER_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def use_chromium(path: str) -> None:
    """Make the preview launch this Chromium (Playwright's own download is not needed)."""

    async def ensure_browser(self: ManagedCapture) -> Any:
        if self._browser is None:
            from playwright.async_api import async_playwright

            self._playwright = await async_playwright().start()
            self._browser = await self._playwright.chromium.launch(
                executable_path=path, args=BROWSER_ARGS
            )
        return self._browser

    ManagedCapture._ensure_browser = ensure_browser  # type: ignore[method-assign]


def speak(locale: str) -> None:
    """Every interaction comes from a client in ``locale``, in a server that prefers it."""
    real = simcord_interactions.base_payload

    def base_payload(backend: Any, **kw: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = real(backend, **kw)
        payload["locale"] = locale
        if kw.get("guild_id") is not None:
            payload["guild_locale"] = locale
        return record, payload

    simcord_interactions.base_payload = base_payload  # type: ignore[assignment]


async def shoot(env: simcord.Env, channel: Any, viewer: Any, path: Path, height: int) -> None:
    async with env.preview(
        channel, viewers=[viewer], layout="channel", display="fixed", width=900, height=height
    ) as preview:
        report = await preview.screenshot(path, mode="viewport", allow_incomplete=True)
        print(f"{path}: ready={report.ready} complete={report.complete}")


async def main(out: Path, seed: int, mid: int, game: str, bots: int, locale: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    db = out / "shots.sqlite3"
    db.unlink(missing_ok=True)
    settings = Settings(token="simcord", db_path=db, sync_on_start="global", render_processes=0)
    bot = create_bot(settings, renderer=default_renderer())
    async with simcord.run(bot) as env:
        guild = env.create_guild("Venezia club", preferred_locale=locale)
        channel = guild.create_text_channel("venezia")
        names = ("Alice", "Bob")
        players = [guild.add_member(env.create_user(n.lower(), global_name=n)) for n in names]
        for p in players:
            await p.slash(channel, "join", game=game)
        for _ in range(bots):
            await players[0].slash(channel, "addbot", level="greedy")
        await shoot(env, channel, players[0], out / "lobby.png", 700)
        await players[0].slash(channel, "start")
        actors = {p.id: p for p in players}
        rng = random.Random(seed)
        for _ in range(mid):
            await env.advance_time(200)
            await play_one(env, channel, actors, rng)
        await shoot(env, channel, players[0], out / "mid-game.png", 1400)
        await shoot(env, players[1].user.dm_channel, players[1].user, out / "dm.png", 900)
        while await play_one(env, channel, actors, rng):
            await env.advance_time(200)
        await shoot(env, channel, players[0], out / "end.png", 1400)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--mid", type=int, default=25, help="decisions before the mid-game shot")
    parser.add_argument("--game", default="venezia")
    parser.add_argument("--bots", type=int, default=1)
    parser.add_argument("--lang", default="en-US", help="a Discord locale: ja, hu, it, en-US")
    args = parser.parse_args()
    use_chromium(args.chromium)
    speak(args.lang)
    asyncio.run(main(args.out, args.seed, args.mid, args.game, args.bots, args.lang))
