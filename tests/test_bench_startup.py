"""The bot's start-up does not grow with the finished games stored (#27 item 3: start-up with
100,000 stored games). ``canalside bench startup`` measures the seconds and memory; these
tests count what SQLite does instead of timing it: the query plans of every statement the
start-up runs (no table of finished games read whole), and the virtual machine's steps with
ten times the finished games (the same)."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.devtools.bench_startup import fill, main, start_up
from bot.storage.store import SqliteDatabase
from bot.table.render import PlaceholderRenderer
from bot.table.service import TableService

#: Tables that grow with the finished games (and their channels): read only by index.
GROWING = {
    "games",
    "moves",
    "snapshots",
    "results",
    "seat_results",
    "move_archives",
    "archived_keys",
    "ratings",
    "tables",
    "seats",
    "adapter_state",
    "table_settings",
}
# Not here: ``languages`` (who reads which language), read whole into memory at start-up by
# design: it grows with the people and servers, not with the games.
#: An index over the open games only (its ``WHERE status IN ('lobby', 'active')``).
OPEN_GAMES = "games_one_open_per_channel"


def filled(path: Path, games: int, live: int = 3) -> Path:
    with SqliteDatabase.open(path, synchronous="normal") as storage:
        fill(storage, games, live)
    return path


def run_start_up(path: Path, watch: Callable[[sqlite3.Connection], None]) -> int:
    storage = SqliteDatabase.open(path)
    with storage.connection.read() as conn:
        watch(conn)
    service = TableService(storage, PlaceholderRenderer(), owns_storage=True, max_ai_moves=0)
    try:
        return asyncio.run(start_up(service))
    finally:
        with storage.connection.read() as conn:
            conn.set_trace_callback(None)
            conn.set_progress_handler(None, 0)
        service.close()


def scans(conn: sqlite3.Connection, statement: str) -> list[str]:
    """The plan lines of ``statement`` that read a growing table whole."""
    if not re.match(r"\s*(SELECT|UPDATE|DELETE|INSERT|WITH)\b", statement, re.I):
        return []
    aliases = {
        alias: table
        for table, alias in re.findall(r"\b(?:FROM|JOIN)\s+(\w+)(?:\s+(?:AS\s+)?(\w+))?", statement)
        if alias
    }
    found = []
    for *_ids, detail in conn.execute("EXPLAIN QUERY PLAN " + statement):
        match = re.match(r"SCAN (\w+)", detail)
        if match is None or OPEN_GAMES in detail:
            continue
        table = aliases.get(match.group(1), match.group(1))
        if table in GROWING:
            found.append(f"{detail}: {statement}")
    return found


def test_start_up_reads_no_table_of_finished_games_whole(tmp_path: Path) -> None:
    """#27 item 3: every statement of the start-up (live tables resumed, the timers' first
    tick with its stale-game sweep) finds its rows by an index: none reads the games, moves,
    results or tables whole, which would grow with every finished game."""
    path = filled(tmp_path / "s.sqlite3", games=200)
    statements: list[str] = []
    assert run_start_up(path, lambda conn: conn.set_trace_callback(statements.append)) == 3
    assert statements, "the start-up was watched"
    plans = SqliteDatabase.open(path)
    try:
        with plans.connection.read() as conn:
            found = [line for s in statements for line in scans(conn, s)]
    finally:
        plans.close()
    assert not found, "\n".join(found)


def steps(path: Path) -> int:
    counted = [0]

    def count() -> int:
        counted[0] += 1
        return 0

    run_start_up(path, lambda conn: conn.set_progress_handler(count, 100))
    return counted[0]


def test_start_up_work_does_not_grow_with_finished_games(tmp_path: Path) -> None:
    """#27 item 3: the same live tables with 100 and with 3,000 finished games: SQLite does
    the same work at start-up (its virtual machine's steps, counted, not timed)."""
    few = steps(filled(tmp_path / "few.sqlite3", games=100))
    many = steps(filled(tmp_path / "many.sqlite3", games=3_000))
    assert few > 0
    assert many <= few * 1.1 + 50, f"{few} steps with 100 finished games, {many} with 3,000"


def test_bench_startup_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """#27 item 3: ``canalside bench startup`` fills the database (finished and live games),
    measures a fresh process's start-up and prints the seconds and peak memory."""
    assert main(["--games", "50", "--live", "4", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (figures["finished_games"], figures["live_games"], figures["resumed"]) == (50, 4, 4)
    assert figures["backend"] == "sqlite" and figures["total_s"] > 0
    assert figures["peak_rss_mib"] >= figures["rss_after_imports_mib"] > 0
