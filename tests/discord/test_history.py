"""/history, /game and /replay through SimCord: a finished game of the channel is listed, shown
with its board and score graph, and replayed as one animated image under the upload limit."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image
from simcord import Env

from bot.devtools.stored_games import store_selfplay_game
from bot.storage.store import Storage
from engine.registry import registrations
from render.common.replay import DISCORD_UPLOAD_LIMIT


def _answer(result: object) -> object:
    followups = getattr(result, "followups", None)
    return followups[-1] if followups else getattr(result, "response", None)


async def test_history_game_and_replay(simcord_env: Env, db_path: Path) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("tables")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "help")  # the bot is up and its database exists
    game = registrations()[0].name
    with Storage.open(db_path) as storage:
        finished = store_selfplay_game(storage, str(channel.id), game, seed=4)
        aborted = store_selfplay_game(storage, str(channel.id), game, seed=5, stop_after=12)

    listing = _answer(await alice.slash(channel, "history"))
    text = getattr(listing, "content", "") or ""
    assert f"#{finished} " in text and f"#{aborted} " in text
    assert "aborted" in text and "(Random AI)" in text

    card = _answer(await alice.slash(channel, "game", id=finished))
    assert "Replay: /replay" in (getattr(card, "content", "") or "")
    names = [getattr(a, "filename", None) for a in getattr(card, "attachments", [])]
    assert names == ["board.png", "scores.png"]

    missing = _answer(await alice.slash(channel, "game", id=finished + 99))
    assert "No finished game" in (getattr(missing, "content", "") or "")

    replay = _answer(await alice.slash(channel, "replay", game=finished))
    (attachment,) = getattr(replay, "attachments", [])
    # #24 item 10: an animated WebP (Discord shows an APNG as its first frame only)
    assert attachment.filename == "replay.webp"
    data = await attachment.read()
    assert 0 < len(data) <= DISCORD_UPLOAD_LIMIT
    image = Image.open(io.BytesIO(data))
    assert image.format == "WEBP" and getattr(image, "is_animated", False)
    assert getattr(image, "n_frames", 1) > 2
