"""The terminal's ``history``, ``game N`` and ``replay [N]`` (issue #19: history and replays for
Discord and the terminal alike), driven by piped input after a short finished game."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.storage.store import Storage
from engine.registry import GameRegistration, registered
from render.common.replay import FRAME_MS, LAST_FRAME_MS
from tests.fourth_game.registration import REGISTRATION
from tests.test_history import timeline
from tests.test_service_support import PNG_MAGIC
from tests.test_terminal import game_channel, run

#: A tiny finished game with scores: the test-only High Card, two AI seats.
SHORT = ["--game", "high_card", "--humans", "0", "--players", "2", "--ai", "random", "--quiet"]


@pytest.fixture
def high_card() -> Iterator[GameRegistration]:
    """High Card (test-only), registered for the test's duration."""
    with registered(REGISTRATION) as reg:
        yield reg


def finished_ids(db: Path, channel: str) -> list[int]:
    with Storage.open(db) as store:
        return [e.record.id for e in store.history.closed_games(channel, 10)]


def test_history_game_and_replay_at_the_prompt(high_card: GameRegistration, tmp_path: Path) -> None:
    rc, text = run(tmp_path, SHORT)
    assert rc == 0 and "Final ranking" in text, text[-1500:]
    (done,) = finished_ids(tmp_path / "t.sqlite3", game_channel("high_card"))
    # another channel's finished game (another terminal, same database): never shown here
    rc, text = run(tmp_path, [*SHORT, "--channel", "elsewhere"])
    assert rc == 0, text[-1500:]
    (other,) = finished_ids(
        tmp_path / "t.sqlite3", game_channel("high_card").replace("terminal", "elsewhere", 1)
    )
    out = tmp_path / "out"
    before = sorted(p.name for p in out.iterdir())
    # the next session is a Venezia game (the base channel): it lists the High Card game
    # kept in its own channel, and every bad input is refused without writing anything
    bad = ["game", "game abc", "game 999", f"game {other}", "replay 999", f"replay {other}"]
    rc, text = run(tmp_path, ["--players", "2", "--seed", "1", "--ai", "random"], [*bad, "q"])
    assert rc == 0, text[-2000:]
    assert text.count("✗ 'game' takes a game number from 'history'") == 2, text[-2000:]
    assert "✗ no finished game #999 at this terminal" in text
    assert text.count(f"✗ no finished game #{other} at this terminal") == 2, text[-2000:]
    written = {p.name for p in out.iterdir()} - set(before)
    assert not [n for n in written if n.startswith(("game-", "replay-"))], written
    lines = ["history", f"game {done}", "replay", f"replay #{done}", "help", "q"]
    rc, text = run(tmp_path, ["--seed", "2"], lines)
    assert rc == 0, text[-2000:]
    listed = re.findall(r"^#(\d+) · .*High Card.*$", text, re.M)
    assert listed and int(listed[0]) == done, text[-3000:]
    assert f"#{other} ·" not in text
    # game N: the card's lines, its final board and score graph written out
    assert re.search(r"^\d+ rounds?, \d+ moves$", text, re.M), text[-3000:]
    for name in (f"game-{done}-board.png", f"game-{done}-scores.png"):
        assert (out / name).read_bytes()[:8] == PNG_MAGIC
        assert name in text
    # replay: an animated WebP (#24 item 10: Discord animates it), one board per turn as
    # printed: the frames show that many boards' time
    data = (out / f"replay-{done}.webp").read_bytes()
    assert data[:4] == b"RIFF" and data[8:12] == b"WEBP"
    shown = timeline(data)
    said = re.findall(
        rf"replay-{done}\.webp \(an animated WebP: (\d+) frames of (\d+) × (\d+) px, .*; "
        r"([\d,]+) bytes\)",
        text,
    )
    frames = int(said[0][0]) if said else 0
    width, height = shown[-1][1].size
    assert said == [(str(frames), str(width), str(height), f"{len(data):,}")] * 2, text[-2000:]
    assert frames >= 3 and sum(ms for ms, _ in shown) == (frames - 1) * FRAME_MS + LAST_FRAME_MS
    assert "history" in text.split("help", 1)[1] and "replay [N]" in text


def test_replay_without_a_finished_game_is_refused(tmp_path: Path) -> None:
    rc, text = run(
        tmp_path, ["--players", "2", "--seed", "1"], ["history", "replay", "game 1", "q"]
    )
    assert rc == 0
    assert "No finished games at this terminal yet." in text
    assert "✗ no finished game at this terminal yet: nothing to replay" in text
    assert "✗ no finished game #1 at this terminal" in text  # game 1 is the one running
    assert not list((tmp_path / "out").glob("replay-*")), text[-1500:]
