"""The terminal session's process plumbing: service logs to a file, a plain Ctrl-C, one
session per database (a lock file)."""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

if sys.platform != "win32":  # POSIX; elsewhere no lock is taken (nothing is refused)
    import fcntl

#: What the log file says instead of a record made while a secret input was handled (the log
#: is a developer's file: it stays English).
SECRET_LOGGED = "(a secret input was handled; its details are not logged)"  # not for players


class ServiceLog:
    """While a session runs, the service's logs (refusals, AI trouble) go to
    ``<out>/terminal.log`` instead of the screen; the ``bot`` logger is restored after.

    The file sits in the output folder, which every player at a hot seat can open: while a
    secret input is handled (:meth:`secret`) each record keeps only its level and logger, never
    its message (a refusal quotes what was typed)."""

    def __init__(self, out: Path) -> None:
        self.hiding = False
        self.logger = logging.getLogger("bot")
        self.saved = (self.logger.level, self.logger.propagate)
        try:
            self.handler: logging.Handler = logging.FileHandler(
                out / "terminal.log", encoding="utf-8"
            )
        except OSError:
            self.handler = logging.NullHandler()
        self.handler.setFormatter(
            logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
        )
        self.handler.addFilter(self._withhold)
        self.logger.addHandler(self.handler)
        self.logger.setLevel(logging.INFO)
        self.logger.propagate = False

    def _withhold(self, record: logging.LogRecord) -> bool:
        if self.hiding:
            record.msg = SECRET_LOGGED
            record.args = None
            record.exc_info = None
            record.exc_text = None
            record.stack_info = None
        return True

    @contextlib.contextmanager
    def secret(self) -> Iterator[None]:
        """Nothing logged meanwhile says what a secret input was."""
        self.hiding = True
        try:
            yield
        finally:
            self.hiding = False

    def close(self) -> None:
        self.logger.removeHandler(self.handler)
        self.handler.close()
        self.logger.setLevel(self.saved[0])
        self.logger.propagate = self.saved[1]


@contextlib.contextmanager
def plain_ctrl_c() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt at once, also inside a blocking ``input()``.

    ``asyncio.run`` would otherwise install its own handler that only cancels the main task,
    which a coroutine blocked in ``input()`` notices after the next Enter. It keeps a handler
    that is not Python's default one, so this one stays in place while the game runs.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class DatabaseLock:
    """One terminal session per database: an advisory lock on ``<db>.lock`` (the file holds
    the owner's process id, for the refusal's message). The operating system releases it when
    the process ends, also when it is killed, so a stale file never blocks a new session."""

    def __init__(self, db: Path) -> None:
        self.path = db.with_name(db.name + ".lock")
        self.handle: IO[str] | None = None

    def acquire(self) -> str | None:
        """Take the lock: ``None`` if taken, else what the file says of its holder (its
        process id, ``""`` if unknown)."""
        if sys.platform == "win32":  # pragma: no cover
            return None
        handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held until release
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            holder = handle.read().strip()
            handle.close()
            return holder
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        self.handle = handle
        return None

    def release(self) -> None:
        if self.handle is not None:
            with contextlib.suppress(OSError):
                self.handle.seek(0)
                self.handle.truncate()
            self.handle.close()  # closing the file releases the lock
            self.handle = None


#: The advisory lock key (``pg_try_advisory_lock``) of a terminal session on a PostgreSQL
#: database ("VENP"; the storage's write locks use other keys).
SESSION_LOCK = 0x56454E50
#: How a session's connection names itself, so a refused one can name the process holding it.
SESSION_NAME = "canalside play {pid}"  # not for players
TRY_LOCK = "SELECT pg_try_advisory_lock(%s)"  # not for players
#: The session holding the lock in this database (a one-number key: ``objsubid`` 1).
HOLDER = (
    "SELECT a.application_name FROM pg_locks l"  # not for players
    " JOIN pg_stat_activity a ON a.pid = l.pid"  # not for players
    " WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1"  # not for players
    " AND l.database ="  # not for players
    " (SELECT oid FROM pg_database WHERE datname = current_database())"  # not for players
    " AND ((l.classid::bigint << 32) | l.objid::bigint) = %s"  # not for players
)


class ServerLock:
    """One terminal session per PostgreSQL database, as :class:`DatabaseLock` is per file: a
    session-level advisory lock held by a connection of its own while the session runs. The
    server releases it when that connection ends, also when the process is killed."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.connection: Any = None

    def acquire(self) -> str | None:
        """Take the lock: ``None`` if taken, else the holder's process id (``""`` if unknown).
        Raises ``psycopg.Error`` when the server cannot be reached."""
        import psycopg

        name = SESSION_NAME.format(pid=os.getpid())
        connection = psycopg.connect(self.url, autocommit=True, application_name=name)
        row = connection.execute(TRY_LOCK, (SESSION_LOCK,)).fetchone()
        if row is not None and row[0]:
            self.connection = connection
            return None
        holder = connection.execute(HOLDER, (SESSION_LOCK,)).fetchone()
        connection.close()
        words = str(holder[0]).split() if holder else []
        return words[-1] if words and words[-1].isdigit() else ""

    def release(self) -> None:
        connection, self.connection = self.connection, None
        if connection is not None:
            with contextlib.suppress(Exception):
                connection.close()  # closing the connection releases the lock
