"""Typed commands are read as the games' grammars expect whatever keyboard typed them: the
fullwidth letters, digits and ideographic spaces of an East Asian input method (the seeds'
chat table was Japanese) play the same move as plain text, in commands and autocomplete."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.table.input_guard import MAX_COMMAND, normal_command
from bot.table.outputs import Code
from bot.table.service import TableService
from tests.test_service_support import open_service, start


def _fullwidth(text: str) -> str:
    """``text`` as a Japanese IME types it: fullwidth ASCII, ideographic spaces."""
    return "".join("\u3000" if ch == " " else chr(ord(ch) + 0xFEE0) for ch in text)


@pytest.fixture
async def svc(tmp_path: Path) -> AsyncIterator[TableService]:
    service = open_service(tmp_path / "table.db")
    yield service
    service.close()


def test_normal_command() -> None:
    assert normal_command(_fullwidth("play 2 ponte")) == "play 2 ponte"
    assert normal_command("  place \t C4   C5 ") == "place C4 C5"
    assert normal_command("pass") == "pass"


async def test_a_fullwidth_command_plays_the_same_move(svc: TableService, tmp_path: Path) -> None:
    await start(svc, "c", 3, seed=5)
    d = await svc.play.decision("c")
    assert d is not None and d.user_id is not None
    options = await svc.play.options_for("c", d.user_id, "", None)
    chosen = options[-1]
    assert " " in chosen  # a command with an argument: the ideographic space matters
    typed = await svc.play.options_for("c", d.user_id, _fullwidth(chosen.split()[0]), None)
    assert chosen in typed, "autocomplete reads the fullwidth prefix too"
    out = await svc.play.command("c", d.user_id, _fullwidth(chosen))
    assert out.accepted, out.error
    twin = open_service(tmp_path / "twin.db")  # the same game, the move typed in plain text
    try:
        await start(twin, "c", 3, seed=5)
        assert (await twin.play.command("c", d.user_id, chosen)).accepted
        assert await twin.play.view("c") == await svc.play.view("c")
    finally:
        twin.close()


async def test_a_command_that_nfkc_makes_too_long_is_refused(svc: TableService) -> None:
    await start(svc, "c", 3, seed=5)
    d = await svc.play.decision("c")
    assert d is not None and d.user_id is not None
    before = await svc.play.view("c")
    ligature = "\ufdfa"  # one character, 18 after NFKC
    out = await svc.play.command("c", d.user_id, ligature * (MAX_COMMAND // 18 + 2))
    assert not out.accepted and out.code == Code.MALFORMED
    assert f"at most {MAX_COMMAND}" in (out.error or "")
    assert await svc.play.view("c") == before
