"""#27: no module of the bot grows past 600 lines; the PostgreSQL backend is split by job."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOT = ROOT / "bot"


def test_no_module_in_bot_is_over_600_lines() -> None:
    """#27 item 1 (the storage split): every ``bot/`` module stays within 600 lines."""
    too_long = {
        str(path.relative_to(BOT)): n
        for path in BOT.rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > 600
    }
    assert too_long == {}


def test_the_postgres_backend_has_one_module_per_job() -> None:
    """#27 item 1: connection/pool, migrations and database are separate modules."""
    from bot.storage import pg_connection, pg_schema, postgres

    assert hasattr(pg_connection, "PgConnection") and not hasattr(pg_connection, "PgDatabase")
    assert hasattr(pg_schema, "PG_MIGRATIONS") and not hasattr(pg_schema, "PgConnection")
    assert hasattr(postgres, "PgDatabase") and not hasattr(postgres, "_V1")


def test_no_module_of_the_program_is_over_600_lines() -> None:
    """#26 (done when: none over 600 lines in bot/, engine/, render/, nor chat/)."""
    too_long = {
        str(path.relative_to(ROOT)): n
        for top in ("bot", "engine", "render", "chat")
        for path in (ROOT / top).rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > 600
    }
    assert too_long == {}
