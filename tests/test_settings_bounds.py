"""#24 item 3: every number /settings reads has a stated range, digits are read one way
everywhere (ASCII and the full-width digits of an East Asian input method; superscripts,
circled digits and other number characters are refused), and every refusal says what is
allowed and changes nothing. Through the table service, as Discord and the terminal call it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage.store import TimerSettings
from bot.table.outputs import Code
from bot.table.service import TableService
from bot.table.settings import describe_settings, parse_settings
from tests.test_service_support import open_service, uid

ARCHIVE_RULE = "archive takes whole days from 1 to 365"
TIMER_RULE = "The turn timer takes a time from 1 min to 7 days"
REMIND_RULE = "remind takes half, off or a time from 1 min"


async def lobby(tmp_path: Path) -> TableService:
    svc = open_service(tmp_path / "t.db")
    assert (await svc.lobby.join("c", uid(0), "Alice")).accepted
    out = await svc.settings.change("c", uid(0), "evening archive 20")
    assert out.accepted, out.error
    return svc


@pytest.mark.parametrize(
    ("text", "rule", "problem"),
    [
        ("archive 9223372036854775808", ARCHIVE_RULE, "out of range"),
        ("archive 999999", ARCHIVE_RULE, "out of range"),
        ("archive 366", ARCHIVE_RULE, "out of range"),
        ("archive 0", ARCHIVE_RULE, "out of range"),
        ("archive 36h", ARCHIVE_RULE, "not a whole number of days"),
        ("archive ³", ARCHIVE_RULE, "digits 0–9"),
        ("archive ①", ARCHIVE_RULE, "digits 0–9"),
        ("archive ٣", ARCHIVE_RULE, "digits 0–9"),
        ("archive 三", ARCHIVE_RULE, "digits 0–9"),
        ("archive " + "9" * 5000, ARCHIVE_RULE, "out of range"),
        ("timer ³m", TIMER_RULE, "digits 0–9"),
        ("timer ①", TIMER_RULE, "digits 0–9"),
        ("timer 8d", TIMER_RULE, "out of range"),
        ("timer 30s", TIMER_RULE, "out of range"),
        ("timer " + "9" * 5000 + "m", TIMER_RULE, "out of range"),
        ("timer soon", TIMER_RULE, "not a time"),
        ("remind 999999d", REMIND_RULE, "out of range"),
        ("remind ²m", REMIND_RULE, "digits 0–9"),
        ("remind 0", REMIND_RULE, "out of range"),
        ("remind 15m", REMIND_RULE, "comes when the time has run out"),
        ("remind 15m timer 10m", REMIND_RULE, "comes when the time has run out"),
        ("timer 10m remind 10m", REMIND_RULE, "comes when the time has run out"),
    ],
)
async def test_out_of_range_and_odd_digits_are_refused_saying_what_is_allowed(
    tmp_path: Path, text: str, rule: str, problem: str
) -> None:
    """#24 item 3: an internal error (SQLite overflow), Python's int() messages, values stored
    as they are and a reminder that never fires: now each a refusal that names the range."""
    svc = await lobby(tmp_path)
    try:
        before = svc.storage.timer_settings.get_timer_settings("c")
        out = await svc.settings.change("c", uid(0), text)
        assert not out.accepted and out.code == Code.MALFORMED, out
        said = out.error or ""
        assert rule in said and problem in said, said
        assert len(said) < 400, "a 5,000-digit value is quoted short"
        for python_words in ("invalid literal", "int()", "Exceeds the limit", "4300"):
            assert python_words not in said
        assert svc.storage.timer_settings.get_timer_settings("c") == before, (
            "a refusal changes nothing"
        )
    finally:
        svc.close()


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("archive 14", "archive_days", 14),
        ("archive 365", "archive_days", 365),
        ("archive 14d", "archive_days", 14),
        ("archive 48h", "archive_days", 2),
        ("archive １４", "archive_days", 14),  # full-width digits, as a Japanese IME types them
        ("archive 0014", "archive_days", 14),
        ("timer １０ｍ", "turn_seconds", 600),
        ("timer １０分", "turn_seconds", 600),
        ("timer 7d", "turn_seconds", 7 * 86400),
        ("timer 1m", "turn_seconds", 60),
        ("timer 10", "turn_seconds", 600),
        ("remind 14m", "remind_seconds", 14 * 60),
        ("remind ５", "remind_seconds", 300),
        ("remind off", "remind_seconds", 0),
        ("remind half", "remind_seconds", None),
        ("level ２", "ai_level", "strong"),
    ],
)
async def test_values_in_range_are_stored(
    tmp_path: Path, text: str, field: str, value: object
) -> None:
    """#24 item 3: ASCII and full-width digits are read alike; the ends of each range hold."""
    svc = await lobby(tmp_path)
    try:
        out = await svc.settings.change("c", uid(0), text)
        assert out.accepted, out.error
        assert getattr(svc.storage.timer_settings.get_timer_settings("c"), field) == value
    finally:
        svc.close()


def test_a_reminder_is_always_before_the_timeout() -> None:
    """#24 item 3: a reminder at or after the timeout is refused (it would never fire), and a
    stored one from before the check is described as no reminder (it never fires either)."""
    s = parse_settings("timer 10m remind 9m", TimerSettings())
    assert s.remind_after == 540 and "reminder after 9 min" in describe_settings(s)
    with pytest.raises(ValueError, match="comes when the time has run out"):
        parse_settings("timer 5m", s)  # the stored reminder (9 min) would come too late
    assert parse_settings("live", s).remind_after == 60  # a preset reminds at half time
    legacy = TimerSettings(turn_seconds=600, remind_seconds=600)
    assert legacy.remind_after is None and "no reminder" in describe_settings(legacy)


def test_the_terminal_timer_refusal_names_the_range(tmp_path: Path) -> None:
    """#24 item 3 at the terminal (``--timer``, typed as on Discord): ``archive ③`` said
    Python's "invalid literal for int() with base 10"; now what is wrong and what is allowed."""
    import io

    from bot.table.render import PlaceholderRenderer
    from bot.terminal import play as terminal

    out = io.StringIO()
    argv = [
        *("--game", "venezia", "--players", "2", "--ai", "random", "--seed", "5"),
        *("--timer", "live archive ③", "--out", str(tmp_path / "out")),
        *("--db", str(tmp_path / "t.db")),
    ]
    rc = terminal.main(
        argv,
        stdin=io.StringIO("quit\n"),
        stdout=out,
        renderer=PlaceholderRenderer(),
    )
    text = out.getvalue()
    # refused before any game is created (#24 item 14): the program ends with the refusal
    assert rc == 2, text[-2000:]
    db = tmp_path / "t.db"
    if db.exists():  # the folder's database may be opened, but no game is stored in it
        with sqlite3.connect(db) as conn:
            assert conn.execute("SELECT count(*) FROM games").fetchone() == (0,)
    assert "'③' is not written with the digits 0–9." in text
    assert ARCHIVE_RULE in text and "invalid literal" not in text
