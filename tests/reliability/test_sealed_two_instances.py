"""Two table services on one SQLite database (issue #17 item 4), an Amsterdam game: the two
players' sealed answers of one stage (AM-4.2) arrive through different services. The second
service's in-memory game is behind, so its commit loses the race and it reloads; then the
answer is checked once more against the fresh state and taken, because the decision it
answers is still open. Only an answer whose decision really is gone is refused."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.table.outputs import Code, DecisionInfo
from bot.table.service import TableService
from tests.test_service_support import open_service, uid

CH = "sealed-race"


async def _amsterdam(svc: TableService, seed: int) -> None:
    for i in range(2):
        out = await svc.lobby.join(CH, uid(i), f"P{i + 1}", game="amsterdam")
        assert out.accepted, out.error
    out = await svc.lobby.start(CH, uid(0), seed=seed)
    assert out.accepted, out.error


async def _to_sealed_stage(svc: TableService, seed: int) -> tuple[DecisionInfo, ...]:
    """Play the first open decision (seeded choices) until several sealed ones are open."""
    rng = random.Random(seed)
    for _ in range(400):
        ds = await svc.play.decisions(CH)
        assert ds, "the game ended before a sealed stage"
        if len(ds) > 1 and all(d.sealed for d in ds):
            return ds
        d = ds[0]
        options = await svc.play.options_for(CH, d.user_id or "", limit=None)
        out = await svc.play.command(CH, d.user_id or "", rng.choice(options), expect_seq=d.seq)
        assert out.accepted, out.error
    raise AssertionError("no sealed stage reached")


async def _answer(svc: TableService, d: DecisionInfo) -> str:
    options = await svc.play.options_for(CH, d.user_id or "", limit=None)
    assert options, d
    return options[0]


async def _two_services_at_a_sealed_stage(
    db_target: Path | str, seed: int
) -> tuple[TableService, TableService, DecisionInfo, DecisionInfo]:
    db = db_target
    a, b = open_service(db), open_service(db)
    await _amsterdam(a, seed)
    first, second = (await _to_sealed_stage(a, seed))[:2]
    # Both services hold the game at the sealed stage.
    assert (await b.play.decisions(CH)) == (await a.play.decisions(CH))
    assert first.user_id != second.user_id
    return a, b, first, second


async def test_sealed_answers_through_two_services_are_both_taken(db_target: Path | str) -> None:
    a, b, first, second = await _two_services_at_a_sealed_stage(db_target, 31)
    try:
        opened = (await a.play.view(CH) or {})["seq"]
        one = await a.play.command(
            CH, first.user_id or "", await _answer(a, first), "key-1", first.seq
        )
        assert one.accepted, (one.code, one.error)
        # b still believes nobody answered; seat 2's answer is still open: taken.
        answer = await _answer(b, second)
        two = await b.play.command(CH, second.user_id or "", answer, "key-2", second.seq)
        assert two.accepted, (two.code, two.error)
        assert two.seq == opened + 1  # stored right after seat 1's answer
        # The round resolved: both cards are revealed and the stage both answered is closed.
        assert "revealed" in two.public[0].text
        after = await b.play.decisions(CH)
        assert after and all(not d.sealed for d in after)
        # Both services agree after a's reload (a fresh service reads the file as a restart).
        fresh = open_service(db_target)
        try:
            assert (await fresh.play.view(CH)) == (await b.play.view(CH))
            game_id = second.game_id
            assert fresh.restore.verify(game_id) == b.restore.verify(game_id)
            moves = fresh.storage.games.moves(game_id)
            # Each answer stored exactly once, under its own key.
            keys = [m.idempotency_key for m in moves]
            assert keys.count("key-1") == 1 and keys.count("key-2") == 1
            # a catches up with its next command: a retried delivery of seat 1's answer...
            again = await a.play.command(CH, first.user_id or "", "anything", "key-1", first.seq)
            assert again.duplicate and again.code == Code.DUPLICATE
            for svc in (a, b):  # seat 2's answer delivered again, to either service
                retried = await svc.play.command(
                    CH, second.user_id or "", answer, "key-2", second.seq
                )
                assert retried.duplicate and retried.seq == two.seq
            # ...and the reload a lost race makes.
            stale = await a.play.command(CH, second.user_id or "", answer, None, second.seq)
            assert not stale.accepted and stale.code == Code.STALE, (stale.code, stale.error)
            assert (await a.play.view(CH)) == (await fresh.play.view(CH))
            assert [m.seq for m in fresh.storage.games.moves(game_id)] == [m.seq for m in moves]
        finally:
            fresh.close()
    finally:
        a.close()
        b.close()


async def test_a_second_answer_through_the_other_service_is_refused(db_target: Path | str) -> None:
    """Seat 1 answers through a, then again through b (b still shows his decision open): b
    reloads, sees he has chosen, refuses clearly and stores nothing; seat 2 then answers
    through b."""
    a, b, first, second = await _two_services_at_a_sealed_stage(db_target, 31)
    try:
        mine = await _answer(a, first)
        assert (await a.play.command(CH, first.user_id or "", mine, "k-a", first.seq)).accepted
        moves = len(b.storage.games.moves(first.game_id))
        twice = await b.play.command(CH, first.user_id or "", mine, "k-b", first.seq)
        assert not twice.accepted
        assert twice.code == Code.ALREADY_CHOSEN, (twice.code, twice.error)
        assert twice.error is not None and "already chosen" in twice.error
        assert twice.public == () and twice.private == ()
        assert len(b.storage.games.moves(first.game_id)) == moves
        assert b.storage.games.has_idempotency_key("k-b") is None
        two = await b.play.command(
            CH, second.user_id or "", await _answer(b, second), "k-c", second.seq
        )
        assert two.accepted, (two.code, two.error)
    finally:
        a.close()
        b.close()


@pytest.mark.parametrize("button", [True, False], ids=["button", "typed"])
async def test_an_answer_to_a_closed_stage_is_refused_as_stale(
    button: bool, db_target: Path | str
) -> None:
    """Both answers go through a and the round resolves; a late answer of seat 2 through b
    (whose game still shows the stage open) answers a decision that no longer exists: refused
    as stale, with the move numbers, and nothing is stored - from a button (with the move
    number it was made for) or typed (the decision b showed him is the one he answered)."""
    a, b, first, second = await _two_services_at_a_sealed_stage(db_target, 31)
    try:
        assert (await a.play.command(CH, first.user_id or "", await _answer(a, first))).accepted
        theirs = await _answer(a, second)
        assert (await a.play.command(CH, second.user_id or "", theirs, None, second.seq)).accepted
        moves = len(a.storage.games.moves(first.game_id))
        expect = second.seq if button else None
        late = await b.play.command(CH, second.user_id or "", theirs, None, expect)
        assert not late.accepted
        if not button:
            # #27: b catches up with a's moves before it checks a command, so a typed late
            # answer gets exactly the answer the service that ran the round gives.
            same = await a.play.command(CH, second.user_id or "", theirs)
            assert (late.code, late.error) == (same.code, same.error)
            assert late.public == () and late.private == ()
            assert len(a.storage.games.moves(first.game_id)) == moves
            assert (await b.play.view(CH)) == (await a.play.view(CH))
            return
        assert late.code == Code.STALE, (late.code, late.error)
        assert late.error is not None and "earlier turn" in late.error
        assert f"(move {second.seq + 1})" in late.error
        assert late.public == () and late.private == ()
        assert len(a.storage.games.moves(first.game_id)) == moves
        assert (await b.play.view(CH)) == (await a.play.view(CH))
    finally:
        a.close()
        b.close()


async def test_a_whole_game_through_two_services_at_random(db_target: Path | str) -> None:
    """Every decision of an Amsterdam game goes through one of the two services, chosen at
    random - often the one whose game in memory is behind. Every answer to an open decision is
    taken (never a false "stale"), each exactly once, and both services end with the game the
    file holds."""
    db = db_target
    a, b = open_service(db), open_service(db)
    rng = random.Random(7)
    try:
        await _amsterdam(a, 13)
        current = a  # the service that wrote last knows the game
        keys: list[str] = []
        switches = 0
        game_id = None
        for n in range(600):
            ds = await current.play.decisions(CH)
            if not ds:
                break
            game_id = ds[0].game_id
            d = rng.choice(ds)
            options = await current.play.options_for(CH, d.user_id or "", limit=None)
            via = rng.choice((a, b))
            key = f"move-{n}"
            out = await via.play.command(CH, d.user_id or "", rng.choice(options), key, d.seq)
            assert out.accepted, (n, out.code, out.error)
            keys.append(key)
            switches += via is not current
            current = via
        else:
            raise AssertionError("the game did not end")
        assert game_id is not None and len(keys) > 40
        assert switches > 10  # answers through the service that was behind
        fresh = open_service(db)
        try:
            stored = fresh.storage.games.moves(game_id)
            assert sorted(m.idempotency_key or "" for m in stored) == sorted(keys)
            assert fresh.restore.verify(game_id)
            final = await fresh.play.view(CH)
            assert final is not None and final["seq"] == len(stored)
            assert (await current.play.view(CH)) == final
            other = b if current is a else a
            other.tables.get(CH).loaded = False  # its next use reads the file again
            assert (await other.play.view(CH)) == final
        finally:
            fresh.close()
    finally:
        a.close()
        b.close()
