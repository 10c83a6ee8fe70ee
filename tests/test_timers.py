"""Turn timers with a fake clock: settings and presets, a reminder and a timeout fired once
each, AI takeover and /resume, pause, kick and replace, a restart between reminder and
timeout, a sealed stage with one seat timed out, archiving an untouched game."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.storage.store import TimerSettings
from bot.table.outputs import Code
from bot.table.service import TableService
from bot.table.settings import describe_settings, parse_settings
from tests.test_service_support import open_service, uid


class FakeClock:
    def __init__(self) -> None:
        self.t = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += timedelta(seconds=seconds)


def svc_at(path: Path | str, clock: FakeClock) -> TableService:
    return open_service(path, clock=clock)


async def two_humans(svc: TableService, game: str | None = None, settings: str = "live") -> None:
    assert (await svc.lobby.join("c", uid(0), "Alice", game)).accepted
    assert (await svc.lobby.join("c", uid(1), "Bob")).accepted
    out = await svc.settings.change("c", uid(0), settings)
    assert out.accepted, out.error
    out = await svc.lobby.start("c", uid(0), seed=3)
    assert out.accepted, out.error


def test_parse_settings_presets_and_keys() -> None:
    s = parse_settings("evening", TimerSettings())
    assert s.turn_seconds == 900 and s.remind_after == 450
    s = parse_settings("timer 10m remind 3m timeout pause", s)
    assert (s.turn_seconds, s.remind_after, s.on_timeout) == (600, 180, "pause")
    s = parse_settings("correspondence timeout=ai greedy archive 30", s)
    assert (s.turn_seconds, s.on_timeout, s.ai_level, s.archive_days) == (
        86400,
        "ai",
        "greedy",
        30,
    )
    assert "1 day (correspondence)" in describe_settings(s)
    assert parse_settings("off", s).turn_seconds is None
    for bad in ("timer 30s", "timer 8d", "timeout never", "colour red"):
        with pytest.raises(ValueError):
            parse_settings(bad, TimerSettings())


async def test_settings_are_stored_and_shown_in_status(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = svc_at(tmp_path / "t.db", clock)
    assert (await svc.lobby.join("c", uid(0), "Alice")).accepted
    out = await svc.settings.change("c", uid(0), "evening")
    assert out.accepted and "15 min (evening)" in out.public[0].text
    assert "seated" in out.public[0].text  # the lobby message keeps its seat list
    refused = await svc.settings.change("c", uid(5), "live")
    assert not refused.accepted and refused.code == Code.NOT_SEATED
    status = await svc.play.status("c")
    assert "Turn timer: 15 min (evening)" in status.text
    svc.close()
    again = svc_at(tmp_path / "t.db", clock)
    assert "evening" in (await again.play.status("c")).text
    again.close()


async def test_reminder_then_takeover_then_resume(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = svc_at(tmp_path / "t.db", clock)
    await two_humans(svc)
    first = (await svc.play.decisions("c"))[0]
    assert first.user_id is not None
    clock.advance(59)
    assert await svc.timers.tick() == []
    clock.advance(2)  # 61 s: the reminder (half of 2 min)
    events = await svc.timers.tick()
    assert [e.kind for e in events] == ["reminder"]
    assert events[0].user_id == first.user_id and "left" in events[0].outcome.public[0].text
    assert await svc.timers.tick() == []  # once
    clock.advance(60)  # 121 s: time is up
    events = await svc.timers.tick()
    assert [e.kind for e in events] == ["takeover"]
    text = events[0].outcome.public[0].text
    assert "ran out of time" in text and "/resume" in text
    assert await svc.timers.tick() == []
    assert svc.storage.takeovers.had_takeover((await svc.play.decisions("c"))[0].game_id)
    # the AI played the seat; the player takes it back
    out = await svc.seats.resume("c", first.user_id)
    assert out.accepted, out.error
    assert "is back" in out.public[0].text
    again = await svc.seats.resume("c", first.user_id)
    assert not again.accepted
    seat_of_first = first.seat
    view = await svc.play.view("c", first.user_id)
    assert view is not None  # he is seated again
    assert seat_of_first == first.seat
    svc.close()


async def test_pause_at_timeout(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = svc_at(tmp_path / "t.db", clock)
    await two_humans(svc, settings="live timeout pause")
    before = await svc.play.decisions("c")
    clock.advance(121)
    events = await svc.timers.tick()
    assert [e.kind for e in events] == ["pause"]  # a reminder is skipped when time is up
    assert "paused" in events[0].outcome.public[0].text
    assert await svc.play.decisions("c") == before  # nobody moved
    assert "Paused: waiting for" in (await svc.play.status("c")).text
    svc.close()


async def test_restart_between_reminder_and_timeout(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = svc_at(tmp_path / "t.db", clock)
    await two_humans(svc)
    clock.advance(70)
    assert [e.kind for e in await svc.timers.tick()] == ["reminder"]
    svc.close()
    svc = svc_at(tmp_path / "t.db", clock)  # a restart: nothing is loaded
    assert await svc.timers.tick() == []  # the reminder does not fire again
    assert await svc.timers.next_due() == pytest.approx(
        datetime(2026, 1, 1, tzinfo=UTC).timestamp() + 120
    )
    clock.advance(49)
    assert await svc.timers.tick() == []
    clock.advance(2)
    assert [e.kind for e in await svc.timers.tick()] == ["takeover"]
    assert await svc.timers.tick() == []
    svc.close()


async def test_a_move_restarts_the_timer(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = svc_at(tmp_path / "t.db", clock)
    await two_humans(svc)
    clock.advance(100)
    d = (await svc.play.decisions("c"))[0]
    assert d.user_id is not None
    options = await svc.play.options_for("c", d.user_id)
    out = await svc.play.command("c", d.user_id, options[0])
    assert out.accepted, out.error
    clock.advance(100)  # 200 s since the start, 100 s since the move
    kinds = [e.kind for e in await svc.timers.tick()]
    assert "takeover" not in kinds
    svc.close()


async def test_kick_and_replace(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = svc_at(tmp_path / "t.db", clock)
    assert (await svc.lobby.join("c", uid(0), "Alice")).accepted
    assert (await svc.lobby.join("c", uid(1), "Bob")).accepted
    assert (await svc.lobby.join("c", uid(2), "Cleo")).accepted
    assert (await svc.lobby.start("c", uid(0), seed=5)).accepted
    no = await svc.seats.kick("c", uid(1), 3)
    assert not no.accepted and no.code == Code.NOT_ALLOWED
    out = await svc.seats.kick("c", uid(0), 3)
    assert out.accepted, out.error
    assert "moved to the AI" in out.public[0].text
    again = await svc.seats.resume("c", uid(2))
    assert not again.accepted  # a kicked player does not take the seat back himself
    out = await svc.seats.replace("c", uid(5), uid(7), "Dan", can_manage=True, seat=3)
    assert out.accepted, out.error
    assert "Dan takes over seat 3" in out.public[0].text
    assert await svc.play.view("c", uid(7)) is not None
    assert await svc.play.view("c", uid(2)) is None
    svc.close()


async def test_sealed_stage_one_seat_times_out(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = svc_at(tmp_path / "t.db", clock)
    await two_humans(svc, game="amsterdam")
    open_now = await svc.play.decisions("c")
    assert len(open_now) == 2 and all(d.sealed for d in open_now)
    first, second = open_now
    assert first.user_id is not None and second.user_id is not None
    clock.advance(30)
    options = await svc.play.options_for("c", first.user_id)
    assert (await svc.play.command("c", first.user_id, options[0])).accepted
    clock.advance(95)  # 125 s: only the seat that has not answered times out
    events = await svc.timers.tick()
    takeovers = [e for e in events if e.kind == "takeover"]
    assert [e.seat for e in takeovers] == [second.seat]
    assert [e.seat for e in events if e.kind == "reminder"] == []
    svc.close()


async def test_untouched_game_is_archived(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = svc_at(tmp_path / "t.db", clock)
    await two_humans(svc, settings="off")
    game_id = (await svc.play.decisions("c"))[0].game_id
    clock.advance(13 * 86400)
    assert await svc.timers.tick() == []
    clock.advance(86400 + 1)
    events = await svc.timers.tick()
    assert [e.kind for e in events] == ["archive"]
    assert "archived" in events[0].outcome.public[0].text
    assert await svc.play.decisions("c") == ()
    assert svc.storage.games.get_game(game_id) is not None
    svc.close()


async def test_a_taken_over_game_is_flagged_in_the_stats(tmp_path: Path) -> None:
    """A timeout's takeover marks the game for the stats (``games.takeover``): the seat rows
    written when it finishes carry the mark, so the server's setting decides if it counts."""
    from bot.storage.store import FinalResult

    clock = FakeClock()
    svc = svc_at(tmp_path / "t.db", clock)
    await two_humans(svc)
    d = (await svc.play.decisions("c"))[0]
    clock.advance(121)
    assert [e.kind for e in await svc.timers.tick()] == ["takeover"]
    results = [FinalResult(seat, f"P{seat}", seat + 1) for seat in (0, 1)]
    svc.storage.games.finish_game(d.game_id, results)
    with svc.storage.connection.read() as conn:
        game_flags = conn.execute(
            "SELECT had_takeover, takeover FROM games WHERE id = ?", (d.game_id,)
        ).fetchone()
        seat_flags = {
            int(r[0]): int(r[1])
            for r in conn.execute(
                "SELECT seat, takeover FROM seat_results WHERE game_id = ?", (d.game_id,)
            )
        }
    assert tuple(game_flags) == (1, 1)
    assert seat_flags == {0: 1, 1: 1}
    svc.close()


async def test_sealed_stage_both_seats_time_out(tmp_path: Path) -> None:
    """Both seats of a sealed stage miss the time: the first is taken over by an AI, the
    second (no other human left) pauses the game; each timeout fires once."""
    clock = FakeClock()
    svc = svc_at(tmp_path / "t.db", clock)
    await two_humans(svc, game="amsterdam")
    clock.advance(125)
    first = await svc.timers.tick()
    assert [e.kind for e in first] == ["takeover"]
    second = await svc.timers.tick()
    assert [e.kind for e in second] == ["pause"]
    assert second[0].seat != first[0].seat
    assert await svc.timers.tick() == []
    svc.close()


async def three_paused(svc: TableService, clock: FakeClock) -> tuple[str, list[str]]:
    """Three humans, ``timeout pause``: the first decider runs out of time. Returns his id
    and the two other players' ids."""
    for i, name in enumerate(("Alice", "Bob", "Cleo")):
        assert (await svc.lobby.join("c", uid(i), name)).accepted
    assert (await svc.settings.change("c", uid(0), "live timeout pause")).accepted
    assert (await svc.lobby.start("c", uid(0), seed=5)).accepted
    late = (await svc.play.decisions("c"))[0].user_id
    assert late is not None
    clock.advance(121)
    assert [e.kind for e in await svc.timers.tick()] == ["pause"]
    return late, [uid(i) for i in range(3) if uid(i) != late]


async def test_vote_two_for_ai_hands_the_seat_over(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = svc_at(tmp_path / "t.db", clock)
    late, (a, b) = await three_paused(svc, clock)
    out = await svc.vote.cast("c", a, "ai")
    assert out.accepted and not out.public  # 1 of 2 needed: nothing decided yet
    status = await svc.vote.status("c")
    assert status is not None and "1 vote to let an AI play" in status
    out = await svc.vote.cast("c", b, "ai")
    assert out.accepted, out.error
    assert "voted: an AI" in out.public[0].text and "/resume" in out.public[0].text
    assert await svc.vote.status("c") is None
    assert await svc.play.view("c", late) is None  # an AI plays his seat
    assert (await svc.seats.resume("c", late)).accepted  # as after a takeover
    svc.close()


async def test_vote_without_majority_keeps_waiting(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = svc_at(tmp_path / "t.db", clock)
    _late, (a, b) = await three_paused(svc, clock)
    before = await svc.play.decisions("c")
    assert (await svc.vote.cast("c", a, "ai")).accepted
    out = await svc.vote.cast("c", b, "end")
    assert out.accepted and not out.public
    assert await svc.play.decisions("c") == before  # still waiting for the late player
    # a changed vote counts: now both say end, the game ends as an abort
    out = await svc.vote.cast("c", a, "end")
    assert out.accepted and "aborted" in out.public[0].text
    assert await svc.play.decisions("c") == ()
    game = svc.storage.games.get_game(before[0].game_id)
    assert game is not None and game.status == "aborted"
    svc.close()


async def test_votes_survive_a_restart(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = svc_at(tmp_path / "t.db", clock)
    _late, (a, b) = await three_paused(svc, clock)
    assert (await svc.vote.cast("c", a, "ai")).accepted
    svc.close()
    svc = svc_at(tmp_path / "t.db", clock)
    status = await svc.vote.status("c")
    assert status is not None and "1 vote to let an AI play" in status
    out = await svc.vote.cast("c", b, "ai")
    assert out.accepted and "voted: an AI" in out.public[0].text
    svc.close()


async def test_the_player_deciding_ends_the_vote(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = svc_at(tmp_path / "t.db", clock)
    late, (a, b) = await three_paused(svc, clock)
    assert (await svc.vote.cast("c", a, "ai")).accepted
    mine = await svc.vote.cast("c", late, "wait")
    assert not mine.accepted  # the paused player decides, he does not vote
    options = await svc.play.options_for("c", late)
    assert (await svc.play.command("c", late, options[0])).accepted
    assert await svc.vote.status("c") is None
    refused = await svc.vote.cast("c", b, "ai")
    assert not refused.accepted and refused.code == Code.NOT_ALLOWED
    assert await svc.play.view("c", late) is not None  # still his seat
    svc.close()


async def test_resume_during_the_pause_ends_the_vote(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = svc_at(tmp_path / "t.db", clock)
    late, (a, _b) = await three_paused(svc, clock)
    assert (await svc.vote.cast("c", a, "end")).accepted
    out = await svc.seats.resume("c", late)
    assert out.accepted and "goes on" in out.public[0].text
    assert await svc.vote.status("c") is None
    clock.advance(100)
    assert [e.kind for e in await svc.timers.tick()] != ["pause"]  # his decision is timed afresh
    svc.close()


async def test_a_non_players_vote_is_refused(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = svc_at(tmp_path / "t.db", clock)
    await three_paused(svc, clock)
    out = await svc.vote.cast("c", uid(9), "end")
    assert not out.accepted and out.code == Code.NOT_SEATED
    bad = await svc.vote.cast("c", uid(1), "maybe")
    assert not bad.accepted and bad.code == Code.MALFORMED
    status = await svc.vote.status("c")
    assert status is not None and "0 votes to end the game" in status
    svc.close()
