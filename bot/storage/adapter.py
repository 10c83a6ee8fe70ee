"""Adapter state: small opaque values a transport adapter (Discord, ...) keeps across
restarts, per scope - e.g. the id of a table's current message."""

from __future__ import annotations

from bot.storage.sql import Backend


class SqlAdapterStateRepository:
    """``(scope, key) -> value`` text, opaque to everybody but the adapter that wrote it
    (:class:`AdapterStateRepository`)."""

    def __init__(self, connection: Backend) -> None:
        self._c = connection

    def get_adapter_state(self, scope: str, key: str) -> str | None:
        """The value an adapter stored under ``(scope, key)``, or ``None``."""
        with self._c.read() as conn:
            row = conn.execute(
                "SELECT value FROM adapter_state WHERE scope = ? AND key = ?", (scope, key)
            ).fetchone()
        return None if row is None else str(row[0])

    def set_adapter_state(self, scope: str, key: str, value: str | None) -> None:
        """Store (``None``: forget) an adapter's value under ``(scope, key)``."""
        # one value: its own lock (the upsert needs no other writer to wait)
        with self._c.write("set_adapter_state", key=f"adapter:{scope}:{key}") as conn:
            if value is None:
                conn.execute("DELETE FROM adapter_state WHERE scope = ? AND key = ?", (scope, key))
            else:
                conn.execute(
                    "INSERT INTO adapter_state (scope, key, value, updated_at) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT (scope, key) DO UPDATE SET "
                    "value = excluded.value, updated_at = excluded.updated_at",
                    (scope, key, value, self._c.now()),
                )


class SqlLanguageRepository:
    """Who reads which language (:mod:`bot.table.languages`): ``(kind, key) -> language``,
    ``kind`` ``table`` (a channel's chosen language), ``server`` (the locale its server
    prefers) or ``person`` (a user's client locale) (:class:`LanguageRepository`)."""

    def __init__(self, connection: Backend) -> None:
        self._c = connection

    def languages(self) -> list[tuple[str, str, str]]:
        """Every stored ``(kind, key, language)``."""
        with self._c.read() as conn:
            rows = conn.execute("SELECT kind, key, language FROM languages").fetchall()
        return [(str(k), str(key), str(lang)) for k, key, lang in rows]

    def set_language(self, kind: str, key: str, language: str) -> None:
        """Store one language choice (replacing the earlier one)."""
        with self._c.write("set_language", key=f"language:{kind}:{key}") as conn:
            conn.execute(
                "INSERT INTO languages (kind, key, language, updated_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (kind, key) DO UPDATE SET "
                "language = excluded.language, updated_at = excluded.updated_at",
                (kind, key, language, self._c.now()),
            )
