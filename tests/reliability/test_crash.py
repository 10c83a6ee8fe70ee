"""Crash test: the table service is SIGKILLed at random moments while it plays; nothing it
acknowledged may be lost or doubled (idempotency keys, one transaction per move,
synchronous=FULL), the file stays intact and every game replays from its seed to the stored
state, and in the end every game plays on to its end. The same machinery as ``canalside soak``
(:mod:`bot.devtools.soak`), shorter."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.devtools.soak import SoakConfig, SoakReport, _Checked, check, run_soak
from bot.devtools.soak_driver import read_log

KILLS = 6
CHANNELS = 3


@pytest.fixture(scope="module")
def soaked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[SoakReport, Path]]:
    db = tmp_path_factory.mktemp("crash") / "crash.db"
    config = SoakConfig(
        db=db, channels=CHANNELS, players=4, humans=2, seed=7, kills=KILLS, max_run_s=0.5
    )
    yield run_soak(config), db


def test_kills_lose_and_double_nothing(soaked: tuple[SoakReport, Path]) -> None:
    report, _ = soaked
    print(report)
    assert report.kills == KILLS
    assert report.acknowledged > 50 and report.acknowledged_moves >= report.acknowledged
    # Lost replies were retried with their keys, acknowledged presses repeated: all harmless.
    assert report.retried > 0 and report.repeated_presses > 0
    assert report.lost == 0 and report.duplicated == 0, report.ack_problems
    assert report.integrity == "ok"
    assert report.replay_mismatches == 0, report.problems
    assert report.problems == [] and report.ack_problems == []
    assert report.ok


def test_every_game_played_on_to_its_end(soaked: tuple[SoakReport, Path]) -> None:
    report, db = soaked
    assert report.games_unfinished == 0
    assert report.games_finished >= CHANNELS
    conn = sqlite3.connect(db)
    try:
        statuses = {s for (s,) in conn.execute("SELECT status FROM games")}
        # Finished games are compacted: no snapshots and no move rows left, a final hash each.
        assert statuses == {"finished"}
        assert conn.execute("SELECT count(*) FROM snapshots").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM moves").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM games WHERE final_hash IS NULL").fetchone() == (
            0,
        )
    finally:
        conn.close()


def test_the_checker_notices_a_lost_move_and_a_wrong_hash(
    soaked: tuple[SoakReport, Path], tmp_path: Path
) -> None:
    """The figures above mean something only if a loss or a mismatch would show."""
    _, db = soaked
    copy = tmp_path / "tampered.db"
    src = sqlite3.connect(db)
    dst = sqlite3.connect(copy)
    src.backup(dst)
    src.close()
    ack_log = db.with_name(db.name + ".acks.jsonl")
    acked = next(r for r in read_log(ack_log) if r["e"] == "ack")
    dst.execute("DELETE FROM archived_keys WHERE idempotency_key = ?", (acked["key"],))
    dst.execute("UPDATE games SET final_hash = '0000000000000000' WHERE id = 1")
    dst.commit()
    dst.close()
    report = SoakReport()
    check(copy, ack_log, report, _Checked())
    assert report.lost == 1 and not report.ok
    assert report.replay_mismatches == 1
    assert any("final hash" in p for p in report.problems)
