"""Adapter state: small opaque values a transport adapter (Discord, ...) keeps across
restarts, per scope - e.g. the id of a table's current message."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from bot.storage.sql import Backend


@dataclass(frozen=True, slots=True)
class LeaseRound:
    """What one renewal of a process's leases found
    (:meth:`SqlAdapterStateRepository.renew_leases`): the keys of other processes it holds
    now (their holder's lease had run out), and its own keys that another process had
    taken over, with when that one's lease ends."""

    adopted: frozenset[str]
    returned: dict[str, float]


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

    def renew_leases(
        self,
        scope: str,
        home: Collection[str],
        every: Collection[str],
        owner: str,
        now: float,
        until: float,
    ) -> LeaseRound:
        """One process's round of leases over ``every`` key of ``scope`` (#27: Discord's
        shards), in one transaction: it holds its ``home`` keys until ``until`` whoever held
        them (a key another process had adopted is *returned*: that one may still be at work
        until its lease ends), keeps the keys it adopted, and adopts the others whose lease
        ran out by ``now`` (or that nobody ever held). A key is held by one process at a
        time: the round runs under the scope's lock, and an adopter learns that a key went
        home at its next round. Each lease is a value ``"owner until home|adopted"``."""
        with self._c.write("renew_leases", key=f"lease:{scope}") as conn:
            rows = conn.execute(
                "SELECT key, value FROM adapter_state WHERE scope = ?", (scope,)
            ).fetchall()
            held = {str(r[0]): _lease(str(r[1])) for r in rows}
            returned: dict[str, float] = {}
            adopted: set[str] = set()
            for key in every:
                holder, ends, at_home = held.get(key) or ("", 0.0, False)
                if key in home:
                    if holder != owner and not at_home and ends > now:
                        returned[key] = ends
                elif holder == owner or ends <= now:
                    adopted.add(key)
                else:
                    continue
                kind = "home" if key in home else "adopted"
                conn.execute(
                    "INSERT INTO adapter_state (scope, key, value, updated_at) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT (scope, key) DO UPDATE SET "
                    "value = excluded.value, updated_at = excluded.updated_at",
                    (scope, key, f"{owner} {until!r} {kind}", self._c.now()),
                )
        return LeaseRound(frozenset(adopted), returned)


def _lease(value: str) -> tuple[str, float, bool]:
    """A stored lease: ``(owner, until, held at home)``; an unreadable one is expired."""
    parts = value.split()
    try:
        return parts[0], float(parts[1]), parts[2] == "home"
    except (IndexError, ValueError):
        return "", 0.0, False


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
