"""A throw-away PostgreSQL server (#27) for the test run - the storage, table-service,
reliability and stats suites run against it as well as against SQLite - and for
``canalside bench turns --db postgres``.

:func:`start_server` initialises a cluster in a temporary directory and starts ``postgres``
on a Unix socket there (no TCP port, nothing shared with a server the machine may run), with
durability off (``fsync``, ``synchronous_commit``: a test database is thrown away). As root
(a container, a CI machine) it runs the server as the ``postgres`` user, or ``nobody``:
``initdb`` refuses to run as root. The schema is migrated once into a template database;
each test gets a fresh copy (:meth:`PgServer.new_database`) that is dropped afterwards.

``CANALSIDE_TEST_PG`` overrides this: ``off`` skips the PostgreSQL cases, a
``postgresql://…`` address uses that (running) server instead. Without the server programs
(``initdb``, ``pg_ctl``, ``postgres``: Debian's ``postgresql`` package) the PostgreSQL cases
are skipped with a message naming what to install (:data:`MISSING`); ``.ci/run`` installs
them and sets ``CANALSIDE_TEST_PG_REQUIRED``, which turns that skip into a failure.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

from bot.storage.postgres import PgDatabase

ENV = "CANALSIDE_TEST_PG"
#: Children before parents (rows of a table nobody listed yet are deleted first).
_DELETE_ORDER = (
    "timer_notices",
    "timeout_votes",
    "takeovers",
    "deadlines",
    "seat_results",
    "archived_keys",
    "move_archives",
    "results",
    "snapshots",
    "moves",
    "seats",
    "games",
    "tables",
    "ratings",
    "stats_settings",
    "table_settings",
    "adapter_state",
    "languages",
)
TEMPLATE = "canalside_template"
MISSING = (
    "PostgreSQL server programs (initdb, pg_ctl, postgres) not found: install them "
    "(Debian/Ubuntu: apt-get install postgresql; .ci/run does) or set "
    f"{ENV}=postgresql://... to use a running server"
)


def _bindir() -> Path | None:
    """The directory of ``initdb`` and ``pg_ctl``: on ``PATH``, else Debian's versioned one."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).resolve().parent
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(candidate) / "initdb").exists() and (Path(candidate) / "pg_ctl").exists():
            return Path(candidate)
    return None


@dataclass
class PgServer:
    """A running server: ``admin_url`` reaches its ``postgres`` database."""

    admin_url: str
    base: str  # the address without a database name (``…/{name}`` is appended)
    stop: list[list[str]] = field(default_factory=list)  # commands that stop it
    start: list[str] = field(default_factory=list)  # the command that starts it (again)
    tmp: Path | None = None
    _names: itertools.count[int] = field(default_factory=itertools.count)
    _shared: str | None = None

    def url(self, database: str) -> str:
        return self.base.format(name=database)

    def new_database(self) -> str:
        """A fresh, migrated, empty database (a copy of the template); its address."""
        name = f"t{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE {TEMPLATE}')
        return self.url(name)

    def drop_database(self, url: str) -> None:
        name = url.rsplit("/", 1)[1].split("?", 1)[0]
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def clean_database(self) -> str:
        """The run's test database, emptied (every row deleted, ids from 1 again): much
        faster than a new database per test (~10 ms instead of ~500 ms)."""
        if self._shared is None:
            self._shared = self.new_database()
        with psycopg.connect(self._shared, autocommit=True) as conn, conn.transaction():
            tables = [
                str(r[0])
                for r in conn.execute(
                    "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
                    "AND tablename <> 'canalside_schema'"
                )
            ]
            known = [t for t in _DELETE_ORDER if t in tables]
            conn.execute("UPDATE tables SET current_game_id = NULL")
            for table in [*(t for t in tables if t not in known), *known]:
                conn.execute(f"DELETE FROM {table}")
            for table in ("games", "moves"):
                conn.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), 1, false)")
        return self._shared

    def shutdown(self) -> None:
        for command in self.stop:
            subprocess.run(command, capture_output=True, check=False, timeout=60)
        if self.tmp is not None:
            shutil.rmtree(self.tmp, ignore_errors=True)


def _prepare_template(server: PgServer) -> None:
    with psycopg.connect(server.admin_url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {TEMPLATE} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {TEMPLATE} TEMPLATE template0 ENCODING 'UTF8'")
    PgDatabase.open(server.url(TEMPLATE)).close()


def start_server(*, durable: bool = False) -> PgServer | str:
    """Start (or reach) the server; a reason to skip instead when there is none.
    ``durable``: keep PostgreSQL's defaults (``fsync``, ``synchronous_commit`` on: every
    commit flushed, as a production server and SQLite's ``synchronous=full``) - for
    benchmarks; tests throw their data away and run without."""
    given = os.environ.get(ENV, "").strip()
    if given.lower() in ("off", "0", "no"):
        return f"{ENV}={given}: PostgreSQL cases switched off"
    if given:
        base, _, _db = given.rpartition("/")
        query = ""
        if "?" in _db:
            query = "?" + _db.split("?", 1)[1]
        server = PgServer(admin_url=given, base=base + "/{name}" + query)
        _prepare_template(server)
        return server
    bindir = _bindir()
    if bindir is None:
        return MISSING
    tmp = Path(tempfile.mkdtemp(prefix="canalside-pg-"))
    prefix: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root: run the server as an unprivileged user
        user = "postgres"
        try:
            pwd.getpwnam(user)
        except KeyError:
            user = "nobody"
        runuser = shutil.which("runuser")
        if runuser is None:
            return f"running as root and no runuser to start PostgreSQL as {user}"
        shutil.chown(tmp, user=user)
        prefix = [runuser, "-u", user, "--"]
    data = tmp / "data"
    log = tmp / "server.log"
    initdb = [
        str(bindir / "initdb"),
        "-D",
        str(data),
        "-A",
        "trust",
        "-U",
        "postgres",
        "-E",
        "UTF8",
        "--locale=C",
        "--no-sync",
    ]
    done = subprocess.run([*prefix, *initdb], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        shutil.rmtree(tmp, ignore_errors=True)
        return f"initdb failed: {done.stderr.strip()[-500:]}"
    options = f"-k {tmp} -c listen_addresses='' -c max_connections=200 -c shared_buffers=128MB"
    if not durable:
        options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    pg_ctl = str(bindir / "pg_ctl")
    start = [pg_ctl, "-D", str(data), "-l", str(log), "-o", options, "-w", "-t", "60", "start"]
    done = subprocess.run([*prefix, *start], capture_output=True, text=True, check=False)
    stop = [*prefix, pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"]
    if done.returncode != 0:
        text = log.read_text(errors="replace")[-500:] if log.exists() else done.stderr
        subprocess.run(stop, capture_output=True, check=False)
        shutil.rmtree(tmp, ignore_errors=True)
        return f"PostgreSQL did not start: {text.strip()}"
    server = PgServer(
        admin_url=f"postgresql://postgres@/postgres?host={tmp}",
        base="postgresql://postgres@/{name}" + f"?host={tmp}",
        stop=[stop],
        start=[*prefix, *start],
        tmp=tmp,
    )
    try:
        _prepare_template(server)
    except BaseException:
        server.shutdown()
        raise
    return server


@contextlib.contextmanager
def database(server: PgServer) -> Iterator[str]:
    """An empty database of ``server`` for the block (the run's one test database)."""
    yield server.clean_database()
