"""Pure parts of the table message: clipping, pacing, the remembered current message."""

from __future__ import annotations

import asyncio

from bot.discord_layout import clip_end, clip_start, escape
from bot.discord_table import LiveMessage, Pace


def test_clip_start_keeps_the_newest_lines() -> None:
    lines = [f"move {i} " + "x" * 90 for i in range(100)]
    kept = clip_start(lines, 2000)
    assert kept[0] == "…" and kept[-1] == lines[-1]
    assert len("\n".join(kept)) <= 2000
    assert clip_start(["a", "b"], 2000) == ["a", "b"]


def test_clip_end_and_escape() -> None:
    assert clip_end("x" * 3000, 2000) == "x" * 1999 + "…"
    shown = escape("**Boss** @everyone <@123456789012345678> _x_")
    assert "**" not in shown.replace("\\*", "")
    assert "@everyone" not in shown and "<@123456789012345678>" not in shown


def test_live_message_round_trips_and_survives_garbage() -> None:
    live = LiveMessage(42, "turn", game=3, turn=7, title="t", lines=["a"], pinged=["9"])
    assert LiveMessage.from_json(live.to_json()) == live
    assert LiveMessage.from_json("not json") is None
    assert LiveMessage.from_json('{"unknown": 1}') is None


async def test_pace_waits_once_the_channel_had_five_messages_in_five_seconds() -> None:
    pace = Pace(limit=5, window=5.0)
    loop = asyncio.get_running_loop()
    sleeps: list[float] = []
    real_sleep = asyncio.sleep

    async def fake_sleep(delay: float) -> None:
        sleeps.append(delay)
        await real_sleep(0)

    asyncio.sleep = fake_sleep  # type: ignore[assignment]
    try:
        start = loop.time()
        for _ in range(5):
            await pace.wait("c")
        assert sleeps == []
        await pace.wait("c")
        assert len(sleeps) == 1 and 4.0 < sleeps[0] <= 5.0 + (loop.time() - start)
        await pace.wait("other")  # another channel has its own budget
        assert len(sleeps) == 1
    finally:
        asyncio.sleep = real_sleep  # type: ignore[assignment]
