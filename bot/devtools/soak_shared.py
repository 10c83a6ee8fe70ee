"""What both soaks (one SQLite process, several PostgreSQL processes) check and report alike:
the restart path of a game, a driver's start-up wait and the end of its error log."""

from __future__ import annotations

from pathlib import Path

from bot.storage.repositories import Repositories
from engine.registry import table_game

#: How long a driver may take to open the database and say "ready".
READY_TIMEOUT_S = 60.0


def snapshot_path_matches(storage: Repositories, game_id: int, full_hash: str) -> bool:
    """Latest snapshot + later moves (the restart path) ends where the full replay does."""
    snap = storage.games.latest_snapshot(game_id)
    record = storage.games.get_game(game_id)
    if snap is None or record is None:
        return True
    state = table_game(record.game_type).from_json(snap.state_json)
    if state.state_hash() != snap.state_hash:
        return False
    for move in storage.games.moves(game_id, after_seq=snap.seq):
        state.apply(move.seat, move.command)
    return state.state_hash() == full_hash


def tail(path: Path, chars: int = 400) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")[-chars:].strip()
    except OSError:
        return ""
