"""Settings of the Discord bot, from the environment or a ``.env`` file.

Every setting is an environment variable; a ``.env`` file in the working directory (or the
file named by ``CANALSIDE_ENV_FILE``) fills in what the environment does not set. The process
environment always wins over the file. Each variable's old name (``VENEZIA_DB`` for
``CANALSIDE_DB`` …, from when the product was named after one game) is still read when the new
one is not set (:mod:`bot.product`); the default database keeps its old file name, so an
existing install finds its saves.

===========================  =====================  ===============================================
variable                     default                meaning
===========================  =====================  ===============================================
``DISCORD_TOKEN``            (none: required)       the bot token (Developer Portal → Bot → Token)
``CANALSIDE_DB``             ``./venezia.sqlite3``  the SQLite file with tables, games and moves,
                                                    or a PostgreSQL server: ``postgresql://user:
                                                    password@host/database`` (several processes)
``CANALSIDE_OWNER_IDS``      (none)                 user ids (comma separated) allowed to ``/sync``
``CANALSIDE_DEV_GUILD``      (none)                 a guild id for fast development command sync
``CANALSIDE_SYNC_ON_START``  ``off``                ``off``, ``guild`` (the dev guild) or ``global``
``CANALSIDE_LOG_LEVEL``      ``INFO``               ``DEBUG``, ``INFO``, ``WARNING``, ``ERROR``
``CANALSIDE_RENDERER``       ``auto``               ``auto``, ``real``, ``placeholder`` (see below)
``CANALSIDE_WORKERS``        ``8``                  threads for engine, storage and rendering work
``CANALSIDE_RENDER_PROCS``   ``auto``               processes for rendering (``auto``: one per core,
                                                    at most 4, none on one core; 0: threads only)
``CANALSIDE_DM_HANDS``       ``on``                 DM players their hand (at most once a turn)
``CANALSIDE_HAND_IMAGES``    ``settled``            hand picture in those DMs: ``settled`` (once a
                                                    player's run of decisions or the turn ends,
                                                    or before he picks cards), ``always`` (every
                                                    change), ``off``
``CANALSIDE_DB_SYNC``        ``full``               SQLite ``synchronous``: ``full`` (an
                                                    acknowledged move survives a power loss)
                                                    or ``normal`` (faster; a power loss may
                                                    drop the last moves)
``CANALSIDE_LOG_FORMAT``     ``text``               ``text`` (readable lines) or ``json`` (one JSON
                                                    object a line; the container's default)
``CANALSIDE_HTTP_PORT``      (none: off)            serve ``/healthz``, ``/readyz`` and ``/metrics``
                                                    on this port (0: any free port)
``CANALSIDE_HTTP_HOST``      ``127.0.0.1``          the address that HTTP server listens on
                                                    (``0.0.0.0`` in the container)
``CANALSIDE_SHUTDOWN_GRACE`` ``30``                 seconds SIGTERM waits for commands in flight
``CANALSIDE_SHARD_COUNT``    (none: one connection) Discord shards of the whole bot (several
                                                    processes on one PostgreSQL database; see
                                                    docs/scaling.md)
``CANALSIDE_SHARD_IDS``      (none: every shard)    the shards this process runs: ``0-3``,
                                                    ``0,1,2`` or ``0-3,8``; needs the count
===========================  =====================  ===============================================

``CANALSIDE_RENDERER``: ``real`` requires the ``render`` package and refuses to start without it;
``placeholder`` posts tiny stand-in images (for trying the bot out); ``auto`` uses the real
renderer when it can be imported and falls back to placeholders with a warning.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bot.archive import db_setting
from bot.product import with_old_names
from bot.table.dispatch import HandImages
from bot.table.render_procs import auto_render_processes

__all__ = [
    "DEFAULT_DB",
    "ENV_FILE",
    "Settings",
    "SettingsError",
    "read_env_file",
]

DEFAULT_DB = "./venezia.sqlite3"  # not for players
ENV_FILE = ".env"
LOG_LEVELS = ("debug", "info", "warning", "error", "critical")
SYNC_MODES = ("off", "guild", "global")
RENDERERS = ("auto", "real", "placeholder")
HAND_IMAGES: tuple[str, ...] = tuple(HandImages)
DB_SYNC_MODES = ("full", "normal")
LOG_FORMATS = ("text", "json")

TOKEN_HELP = """\
DISCORD_TOKEN is not set, so the bot cannot log in.

How to get a token:
  1. Open https://discord.com/developers/applications and create an application ("New
     Application"), or pick an existing one.
  2. Open "Bot" in the left menu, press "Reset Token" and copy the token (keep it secret).
  3. Put it into the environment (export DISCORD_TOKEN=...) or into a file named .env in the
     directory you start the bot from:  DISCORD_TOKEN=your-token
Then invite the bot (scopes "bot" and "applications.commands") and register the slash
commands once with 'canalside sync' (or 'canalside sync --guild ID' while developing).
See docs/discord.md for the whole setup."""  # not for players


class SettingsError(ValueError):
    """A setting has a value that cannot be used; the message names the variable."""


def read_env_file(path: str | Path) -> dict[str, str]:
    """``KEY=VALUE`` lines of a ``.env`` file (``#`` comments, optional ``export`` and quotes).

    A missing file gives ``{}``. Values in single quotes are taken literally; in double quotes
    ``\\n`` and ``\\"`` are unescaped; unquoted values lose a trailing `` # comment``.
    """
    p = Path(path)
    if not p.is_file():
        return {}
    values: dict[str, str] = {}
    for raw in p.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export ") :].lstrip()
        key, sep, value = line.partition("=")
        key = key.strip()
        if not sep or not key.replace("_", "").isalnum():
            continue
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            quote, value = value[0], value[1:-1]
            if quote == '"':
                value = value.replace("\\n", "\n").replace('\\"', '"')
        else:
            value = value.split(" #", 1)[0].rstrip()
        values[key] = value
    return values


def shown_db(db: Path | str) -> str:
    """The database setting fit for a log line: a PostgreSQL address without its password."""
    return re.sub(r"(://[^:/@]*):.*@", r"\1:***@", str(db))


def _ids(text: str, name: str) -> frozenset[int]:
    out: set[int] = set()
    for part in text.replace(";", ",").replace(" ", ",").split(","):
        part = part.strip()
        if not part:
            continue
        if not part.isdigit():
            raise SettingsError(
                f"{name}: '{part}' is not a Discord id (digits only)"  # not for players
            )
        out.add(int(part))
    return frozenset(out)


#: Discord's limit would be reached long before: a typo guard, not a rule.
MAX_SHARDS = 100_000


def _shard_count(text: str) -> int | None:
    if not text:
        return None
    count = _int(text, "CANALSIDE_SHARD_COUNT", 1)
    if count > MAX_SHARDS:
        raise SettingsError(
            f"CANALSIDE_SHARD_COUNT: {count} shards is more than {MAX_SHARDS}"  # not for players
        )
    return count


def _shard_ids(text: str, count: int | None) -> tuple[int, ...] | None:
    """The shards one process runs: ids and ranges (``0-3,8``), each below the shard count."""
    name = "CANALSIDE_SHARD_IDS"
    if not text:
        return None
    if count is None:
        raise SettingsError(
            f"{name} needs CANALSIDE_SHARD_COUNT "  # not for players
            "(how many shards the whole bot has)"  # not for players
        )
    ids: list[int] = []
    for part in text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise SettingsError(
                f"{name}: '{part}' is not a shard id or a range like 0-3"  # not for players
            )
        low, high = int(first), int(last) if dash else int(first)
        if low > high:
            raise SettingsError(
                f"{name}: the range '{part}' runs backwards (write {high}-{low})"  # not for players
            )
        if high >= count:
            raise SettingsError(
                f"{name}: shard {high} does not exist: with "  # not for players
                f"CANALSIDE_SHARD_COUNT={count} the shards are 0 to {count - 1}"  # not for players
            )
        for shard in range(low, high + 1):
            if shard in ids:
                raise SettingsError(f"{name}: shard {shard} is named twice")  # not for players
            ids.append(shard)
    return tuple(sorted(ids))


def _processes(text: str) -> int:
    if text.strip().lower() == "auto":
        return auto_render_processes()
    return _int(text, "CANALSIDE_RENDER_PROCS", 0)


def _int(text: str, name: str, minimum: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise SettingsError(f"{name}: '{text}' is not a whole number") from None  # not for players
    if value < minimum:
        raise SettingsError(f"{name}: must be at least {minimum}, not {value}")  # not for players
    return value


def _port(text: str) -> int:
    value = _int(text, "CANALSIDE_HTTP_PORT", 0)
    if value > 65535:
        raise SettingsError(
            f"CANALSIDE_HTTP_PORT: {value} is not a port (0 to 65535)"  # not for players
        )
    return value


def _choice(text: str, name: str, choices: tuple[str, ...]) -> str:
    value = text.strip().lower()
    if value not in choices:
        raise SettingsError(
            f"{name}: '{text}' is not one of {', '.join(choices)}"  # not for players
        )
    return value


def _flag(text: str, name: str) -> bool:
    value = text.strip().lower()
    if value in ("1", "on", "yes", "true"):
        return True
    if value in ("0", "off", "no", "false"):
        return False
    raise SettingsError(f"{name}: '{text}' is not on/off")  # not for players


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the bot needs to run; see the module docstring for the variables."""

    token: str | None = None
    #: A SQLite file, or a PostgreSQL server's ``postgresql://…`` address (kept as text).
    db_path: Path | str = field(default_factory=lambda: Path(DEFAULT_DB))
    owner_ids: frozenset[int] = frozenset()
    dev_guild_id: int | None = None
    sync_on_start: str = "off"
    log_level: str = "INFO"
    renderer: str = "auto"
    workers: int = 8
    render_processes: int = field(default_factory=auto_render_processes)
    dm_hands: bool = True
    hand_images: HandImages = HandImages.SETTLED
    #: SQLite ``synchronous``; give it to ``TableService.open(..., synchronous=...)``.
    db_synchronous: str = "full"
    #: ``text`` or ``json`` (bot/logs.py)
    log_format: str = "text"
    #: The operators' HTTP server (bot/discord/ops.py): off when ``None``.
    http_port: int | None = None
    http_host: str = "127.0.0.1"
    #: Seconds a graceful shutdown (SIGTERM) waits for the work in flight.
    shutdown_grace: int = 30
    #: Discord shards of the whole bot (``None``: one gateway connection, not sharded); with
    #: it, the bot is an :class:`discord.AutoShardedClient` (#27).
    shard_count: int | None = None
    #: The shards this process runs (``None``: all of ``shard_count``).
    shard_ids: tuple[int, ...] | None = None

    @property
    def sharded(self) -> bool:
        """Whether the bot runs Discord shards (a shard count is set)."""
        return self.shard_count is not None

    @classmethod
    def from_env(
        cls,
        environ: Mapping[str, str] | None = None,
        env_file: str | Path | None = None,
    ) -> Settings:
        """Read the settings: ``environ`` (default ``os.environ``) over the ``.env`` file."""
        env = with_old_names(os.environ if environ is None else environ)
        path = env_file if env_file is not None else env.get("CANALSIDE_ENV_FILE", ENV_FILE)
        merged = {**with_old_names(read_env_file(path)), **env}

        def get(name: str, default: str = "") -> str:
            return merged.get(name, default).strip()

        guild = get("CANALSIDE_DEV_GUILD")
        port = get("CANALSIDE_HTTP_PORT")
        shard_count = _shard_count(get("CANALSIDE_SHARD_COUNT"))
        return cls(
            token=get("DISCORD_TOKEN") or None,
            db_path=db_setting(get("CANALSIDE_DB", DEFAULT_DB)),
            owner_ids=_ids(get("CANALSIDE_OWNER_IDS"), "CANALSIDE_OWNER_IDS"),
            dev_guild_id=_int(guild, "CANALSIDE_DEV_GUILD", 1) if guild else None,
            sync_on_start=_choice(
                get("CANALSIDE_SYNC_ON_START", "off"), "CANALSIDE_SYNC_ON_START", SYNC_MODES
            ),
            log_level=_choice(
                get("CANALSIDE_LOG_LEVEL", "info"), "CANALSIDE_LOG_LEVEL", LOG_LEVELS
            ).upper(),
            renderer=_choice(get("CANALSIDE_RENDERER", "auto"), "CANALSIDE_RENDERER", RENDERERS),
            workers=_int(get("CANALSIDE_WORKERS", "8"), "CANALSIDE_WORKERS", 1),
            render_processes=_processes(get("CANALSIDE_RENDER_PROCS", "auto")),
            dm_hands=_flag(get("CANALSIDE_DM_HANDS", "on"), "CANALSIDE_DM_HANDS"),
            hand_images=HandImages(
                _choice(
                    get("CANALSIDE_HAND_IMAGES", "settled"), "CANALSIDE_HAND_IMAGES", HAND_IMAGES
                )
            ),
            db_synchronous=_choice(
                get("CANALSIDE_DB_SYNC", "full"), "CANALSIDE_DB_SYNC", DB_SYNC_MODES
            ),
            log_format=_choice(
                get("CANALSIDE_LOG_FORMAT", "text"), "CANALSIDE_LOG_FORMAT", LOG_FORMATS
            ),
            http_port=_port(port) if port else None,
            http_host=get("CANALSIDE_HTTP_HOST", "127.0.0.1") or "127.0.0.1",
            shutdown_grace=_int(
                get("CANALSIDE_SHUTDOWN_GRACE", "30"), "CANALSIDE_SHUTDOWN_GRACE", 0
            ),
            shard_count=shard_count,
            shard_ids=_shard_ids(get("CANALSIDE_SHARD_IDS"), shard_count),
        )

    def require_token(self) -> str:
        """The token, or :class:`SettingsError` with the how-to-get-one text."""
        if not self.token:
            raise SettingsError(TOKEN_HELP)
        return self.token

    def _http(self) -> str:
        if self.http_port is None:
            return "off"
        return f"{self.http_host}:{self.http_port}"

    def describe(self) -> str:
        """The settings in words, with the token hidden (for the start-up log)."""
        token = "set" if self.token else "missing"
        owners = ", ".join(str(i) for i in sorted(self.owner_ids)) or "none"
        return (
            f"token {token}; database {shown_db(self.db_path)}; owners {owners}; dev guild "
            f"{self.dev_guild_id or 'none'}; sync on start {self.sync_on_start}; log level "
            f"{self.log_level}; renderer {self.renderer}; workers {self.workers}; render "
            f"processes {self.render_processes}; DM hands {'on' if self.dm_hands else 'off'}; "
            f"hand images {self.hand_images}; "
            f"database sync {self.db_synchronous}; log format {self.log_format}; HTTP "
            f"{self._http()}; shutdown grace {self.shutdown_grace} s; "
            f"shards {self.shards_text()}"  # not for players
        )

    def shards_text(self) -> str:
        """The shards in words, for the log."""
        if self.shard_count is None:
            return "off"
        ids = self.shard_ids
        mine = "all" if ids is None else " ".join(str(i) for i in ids)  # not for players
        return f"{mine} of {self.shard_count}"  # not for players
