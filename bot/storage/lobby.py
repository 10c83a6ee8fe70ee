"""Tables and their lobbies: the channel's table row, its seats (always numbered ``0..n-1``)
and the game and options its lobby chose - everything that exists before a game starts."""

from __future__ import annotations

import json
from collections.abc import Mapping

from bot.storage.errors import (
    AlreadySeated,
)
from bot.storage.records import (
    SeatRecord,
    SqlValue,
    TableRecord,
    dumps_json,
    seat_from_row,
    table_from_row,
)
from bot.storage.sql import Backend, Conn, insert, rows


def ensure_table(c: Backend, conn: Conn, channel_id: str, guild_id: str | None) -> TableRecord:
    """The channel's table row, created if missing (inside the caller's transaction)."""
    conn.execute(
        "INSERT INTO tables (channel_id, guild_id, created_at) VALUES (?, ?, ?) "
        "ON CONFLICT (channel_id) DO UPDATE SET "
        "guild_id = coalesce(tables.guild_id, excluded.guild_id)",
        (channel_id, guild_id, c.now()),
    )
    row = c.row(conn, "SELECT * FROM tables WHERE channel_id = ?", (channel_id,))
    assert row is not None
    return table_from_row(row)


def seats_of(conn: Conn, channel_id: str) -> list[SeatRecord]:
    """The channel's lobby seats in seat order (inside the caller's transaction)."""
    found = rows(
        conn, "SELECT * FROM seats WHERE channel_id = ? ORDER BY seat_order", (channel_id,)
    )
    return [seat_from_row(r) for r in found]


def lobby_choice_of(conn: Conn, channel_id: str) -> tuple[str | None, dict[str, str]]:
    """The lobby's chosen game and option texts (inside the caller's transaction)."""
    row = conn.execute(
        "SELECT lobby_game, lobby_options FROM tables WHERE channel_id = ?", (channel_id,)
    ).fetchone()
    if row is None or row[0] is None:
        return None, {}
    return str(row[0]), {str(k): str(v) for k, v in json.loads(row[1] or "{}").items()}


class SqlLobbyRepository:
    """Tables, lobby seats and the lobby's choice of game (:class:`LobbyRepository`)."""

    def __init__(self, connection: Backend) -> None:
        self._c = connection

    def get_or_create_table(self, channel_id: str, guild_id: str | None = None) -> TableRecord:
        """The table for a channel, created on first use (fills in ``guild_id`` if unknown)."""
        with self._c.write("get_or_create_table", table=channel_id) as conn:
            return ensure_table(self._c, conn, channel_id, guild_id)

    def get_table(self, channel_id: str) -> TableRecord | None:
        with self._c.read() as conn:
            row = self._c.row(conn, "SELECT * FROM tables WHERE channel_id = ?", (channel_id,))
        return None if row is None else table_from_row(row)

    def list_seats(self, channel_id: str) -> list[SeatRecord]:
        """The lobby in seat order (``seat_order`` is ``0..n-1``)."""
        with self._c.read() as conn:
            return seats_of(conn, channel_id)

    def join_seat(
        self,
        channel_id: str,
        display_name: str,
        user_id: str | None = None,
        *,
        is_ai: bool = False,
        ai_level: int | None = None,
        guild_id: str | None = None,
    ) -> SeatRecord:
        """Add a seat at the end of the lobby. A human must have a ``user_id``; AI seats may
        share ``user_id=None``. Raises :class:`AlreadySeated` if the user is already seated."""
        if not is_ai and user_id is None:
            raise ValueError("a human seat needs a user_id")
        if not is_ai and ai_level is not None:
            raise ValueError("ai_level is only meaningful for AI seats")
        with self._c.write("join_seat", table=channel_id) as conn:
            ensure_table(self._c, conn, channel_id, guild_id)
            if user_id is not None:
                row = self._c.row(
                    conn,
                    "SELECT * FROM seats WHERE channel_id = ? AND user_id = ?",
                    (channel_id, user_id),
                )
                if row is not None:
                    raise AlreadySeated(seat_from_row(row))
            order = conn.execute(
                "SELECT coalesce(max(seat_order), -1) + 1 FROM seats WHERE channel_id = ?",
                (channel_id,),
            ).fetchone()[0]
            insert(
                conn,
                "seats",
                {
                    "channel_id": channel_id,
                    "seat_order": int(order),
                    "user_id": user_id,
                    "display_name": display_name,
                    "is_ai": 1 if is_ai else 0,
                    "ai_level": ai_level,
                    "joined_at": self._c.now(),
                },
            )
            row = self._c.row(
                conn,
                "SELECT * FROM seats WHERE channel_id = ? AND seat_order = ?",
                (channel_id, order),
            )
            assert row is not None
            return seat_from_row(row)

    def _remove_seat(
        self, conn: Conn, channel_id: str, where: str, param: SqlValue
    ) -> SeatRecord | None:
        row = self._c.row(
            conn, f"SELECT * FROM seats WHERE channel_id = ? AND {where}", (channel_id, param)
        )
        if row is None:
            return None
        seat = seat_from_row(row)
        conn.execute(
            "DELETE FROM seats WHERE channel_id = ? AND seat_order = ?",
            (channel_id, seat.seat_order),
        )
        # Close the gap in two steps: SQLite checks the primary key row by row during an
        # UPDATE, so shifting k -> k-1 directly could collide. k -> -k-1 -> k-1 cannot.
        conn.execute(
            "UPDATE seats SET seat_order = -seat_order - 1 WHERE channel_id = ? AND seat_order > ?",
            (channel_id, seat.seat_order),
        )
        conn.execute(
            "UPDATE seats SET seat_order = -seat_order - 2 WHERE channel_id = ? AND seat_order < 0",
            (channel_id,),
        )
        return seat

    def leave_seat(self, channel_id: str, user_id: str) -> SeatRecord | None:
        """Remove the user's seat; later seats move up. Returns the removed seat or ``None``."""
        with self._c.write("leave_seat", table=channel_id) as conn:
            return self._remove_seat(conn, channel_id, "user_id = ?", user_id)

    def remove_seat(self, channel_id: str, seat_order: int) -> SeatRecord | None:
        """Remove the seat at ``seat_order`` (e.g. an AI); later seats move up."""
        with self._c.write("remove_seat", table=channel_id) as conn:
            return self._remove_seat(conn, channel_id, "seat_order = ?", seat_order)

    def lobby_choice(self, channel_id: str) -> tuple[str | None, dict[str, str]]:
        """The game and option texts the channel's lobby chose (``None``: not chosen yet)."""
        with self._c.read() as conn:
            return lobby_choice_of(conn, channel_id)

    def set_lobby_choice(
        self, channel_id: str, game: str | None, options: Mapping[str, str] | None = None
    ) -> None:
        """Remember the lobby's game and option texts (``None``: forget the choice)."""
        with self._c.write("set_lobby_choice", table=channel_id) as conn:
            ensure_table(self._c, conn, channel_id, None)
            conn.execute(
                "UPDATE tables SET lobby_game = ?, lobby_options = ? WHERE channel_id = ?",
                (game, dumps_json(dict(options or {})), channel_id),
            )

    def clear_seats(self, channel_id: str) -> int:
        """Empty the lobby; returns how many seats were removed."""
        with self._c.write("clear_seats", table=channel_id) as conn:
            return conn.execute("DELETE FROM seats WHERE channel_id = ?", (channel_id,)).rowcount
