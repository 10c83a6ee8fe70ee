"""Issue #17 at the terminal: what the table says matches the game as it is (its round
counter, its variant's rules, fresh pictures), AI names read well, numbers that are cards,
one save per game, and nothing secret on disk at a hot seat."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.service import PlaceholderRenderer, TableService
from tests.test_terminal import run


def test_quit_names_the_round_of_a_game_that_counts_rounds(tmp_path: Path) -> None:
    rc, text = run(tmp_path, ["--game", "amsterdam", "--seed", "3"], ["quit"])
    assert rc == 0, text[-2000:]
    assert "Saved at move 1, round 1 in" in text
    assert "turn 0" not in text


def test_rules_follow_the_variant_at_the_terminal(tmp_path: Path) -> None:
    args = ["--game", "amsterdam", "--variant", "gomoku", "--seed", "3"]
    rc, text = run(tmp_path, args, ["rules end", "rules place", "quit"])
    assert rc == 0, text[-2000:]
    end = text.split("> rules end", 1)[1].split("> rules place", 1)[0]
    assert "8×8" in end and "7×7" not in end and "three areas in a row" in end


def test_new_without_a_variant_is_the_base_game(tmp_path: Path) -> None:
    args = ["--game", "amsterdam", "--seed", "3"]
    rc, text = run(tmp_path, [*args, "--variant", "gomoku"], ["quit"])
    assert rc == 0 and "variant=gomoku" in text
    rc, text = run(tmp_path, [*args, "--new"], ["rules end", "quit"])
    assert rc == 0, text[-2000:]
    assert "variant=base" in text and "variant=gomoku" not in text
    assert "7×7" in text.split("> rules end", 1)[1]  # the base game's rules, too


def test_rules_of_a_channel_follow_its_variant(tmp_path: Path) -> None:
    async def go() -> tuple[str, str]:
        svc = TableService.open(tmp_path / "s.sqlite3", PlaceholderRenderer())
        try:
            for i in (1, 2):
                assert (await svc.join("c", f"u{i}", f"P{i}", game="amsterdam")).accepted
            start = await svc.start("c", "u1", seed=1, options={"variant": "gulliver"})
            assert start.accepted, start.error
            table = (await svc.rules("end", channel_id="c")).text
            default = (await svc.rules("end", "amsterdam")).text
            return table, default
        finally:
            svc.close()

    table, default = asyncio.run(go())
    assert "5×5" in table and "every open area" in table
    assert "7×7" in default
