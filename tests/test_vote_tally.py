"""#24 item 9: the pause vote's tally is a sentence a person would write, in every language:
each count a plural message, the majority said, no translated word case-changed."""

from __future__ import annotations

import re

import pytest

from bot.table.vote import VoteTally
from engine.i18n import speaking


def tally(voters: int, votes: dict[str, str]) -> VoteTally:
    ids = tuple(f"u{i}" for i in range(voters))
    return VoteTally(0, "Ann", "u9", ids, votes, voters // 2 + 1)


def test_the_tally_reads_as_a_sentence() -> None:
    """#24 item 9: it read "(let an ai play the seat 0, keep waiting 0, end the game 0; 2 of
    2 decide)"."""
    text = tally(2, {"u0": "ai"}).text()
    assert text == (
        "🗳️ Ann ran out of time. Votes so far: 1 vote to let an AI play, 0 votes to keep "
        "waiting, 0 votes to end the game. The other 2 players vote: 2 votes decide. Until "
        "then, Ann can still decide."
    )
    alone = tally(1, {}).text()
    assert "The other player's vote decides." in alone
    assert "3 votes decide" in tally(4, {"u0": "end", "u1": "end"}).text()


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "ja",
            ("「AIに任せる」に1票", "「待ち続ける」に2票", "ほかの3人が投票し、2票で決まります。"),
        ),
        ("hu", ("1 szavazat arra, hogy gép játsszon", "2 szavazat a további várakozásra")),
        ("it", ("1 voto per far giocare un'IA", "2 voti per continuare ad aspettare")),
    ],
)
def test_the_tally_in_every_language(lang: str, words: tuple[str, ...]) -> None:
    """#24 item 9: translated whole (no English left, no lower-cased label)."""
    with speaking(lang):
        text = tally(3, {"u0": "ai", "u1": "wait", "u2": "wait"}).text()
    for word in words:
        assert word in text, text
    for english in ("vote", "Votes", "decide", "ran out"):
        assert not re.search(rf"\b{english}\b", text), text
