"""Every table game with simultaneous sealed stages, through the table service (TableService +
SQLite): all deciders are asked at once, each answer is its own move, a second answer is refused
and changes nothing, stale guards are per seat, a restart between the answers keeps the first
sealed, AI seats answer as soon as the stage opens, and - for any two different sealed answers of
one seat - the public view, the other seat's view, every public text and image, /status, /log
and who is asked are identical until the reveal."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.table.outputs import Code, DecisionInfo, Outcome
from bot.table.service import TableService
from engine.registry import GameRegistration, table_registrations
from tests.fourth_game.conftest import with_test_games
from tests.test_service_support import make_renderer, open_service, uid


def has_sealed_stage(reg: GameRegistration) -> bool:
    """A random game of the engine reaches a stage with several open sealed decisions."""
    game = reg.parts().game
    state = game.new_state([f"P{i + 1}" for i in range(game.min_players)], 1, None)
    policy = reg.parts().random_policy(random.Random(1))
    for _ in range(400):
        if state.is_over:
            return False
        open_now = state.pending_all()
        if len(open_now) > 1 and all(d.sealed for d in open_now):
            return True
        d = open_now[0]
        state.apply(d.seat, policy(state, d))
    return False


SEALED = [r for r in with_test_games(table_registrations) if has_sealed_stage(r)]
#: every game with sealed stages with each choice of its options (e.g. each variant)
SEALED_CASES = [
    (r, {spec.name: choice}) for r in SEALED for spec in r.options for choice in spec.choices
] + [(r, {}) for r in SEALED if not any(spec.choices for spec in r.options)]


def test_some_table_game_has_a_sealed_stage() -> None:
    """The checks below must run for at least one game the table hosts."""
    assert SEALED


async def humans_at_table(
    svc: TableService, reg: GameRegistration, seed: int, options: dict[str, str] | None = None
) -> None:
    for i in range(reg.parts().game.min_players):
        assert (await svc.lobby.join("c", uid(i), f"P{i + 1}", game=reg.name)).accepted
    if options:
        assert (await svc.lobby.set_options("c", uid(0), options)).accepted
    out = await svc.lobby.start("c", uid(0), seed=seed)
    assert out.accepted, out.error


async def to_sealed_stage(svc: TableService, seed: int) -> tuple[DecisionInfo, ...]:
    """Play the first open decision (seeded choices) until several sealed ones are open."""
    rng = random.Random(seed)
    for _ in range(400):
        ds = await svc.play.decisions("c")
        assert ds, "the game ended before a sealed stage"
        if len(ds) > 1 and all(d.sealed for d in ds):
            return ds
        d = ds[0]
        options = await svc.play.options_for("c", d.user_id or "", limit=None)
        out = await svc.play.command("c", d.user_id or "", rng.choice(options), expect_seq=d.seq)
        assert out.accepted, out.error
    raise AssertionError("no sealed stage reached")


async def public_picture(svc: TableService, other: str) -> dict[str, Any]:
    """Everything the public and ``other`` can see of the table."""
    board = await svc.play.board("c")
    status = await svc.play.status("c")
    log = await svc.play.log("c", 50)
    hand = await svc.play.hand("c", other)
    return {
        "view": await svc.play.view("c"),
        "other_view": await svc.play.view("c", other),
        "board": (board.text, board.image),
        "status": status.text,
        "log": log.text,
        "hand": (hand.text, hand.image),
        "decisions": await svc.play.decisions("c"),
        "other_options": await svc.play.options_for("c", other, limit=None),
    }


def seen_by(out: Outcome, other: str) -> dict[str, Any]:
    """The parts of an outcome the public and ``other`` receive."""
    return {
        "public": [(u.text, u.image, u.image_kind, u.seq, u.turn_over) for u in out.public],
        "private": [(p.text, p.image) for p in out.private_for(other)],
        "decisions": out.decisions,
        "seq": out.seq,
    }


@pytest.mark.parametrize(
    ("reg", "options"),
    SEALED_CASES,
    ids=[r.name + "".join(f"-{v}" for v in o.values()) for r, o in SEALED_CASES],
)
async def test_two_different_sealed_answers_look_the_same_until_the_reveal(
    reg: GameRegistration, options: dict[str, str], tmp_path: Path
) -> None:
    pictures = []
    for k in range(2):
        # the real renderer when available: the images must not tell the answers apart
        svc = open_service(tmp_path / f"s{k}.sqlite3", make_renderer())
        try:
            await humans_at_table(svc, reg, 31, options)
            ds = await to_sealed_stage(svc, 31)
            first, second = ds[0], ds[1]
            other = second.user_id or ""
            answers = await svc.play.options_for("c", first.user_id or "", limit=None)
            assert len(answers) >= 2
            out = await svc.play.command("c", first.user_id or "", answers[k], expect_seq=first.seq)
            assert out.accepted, out.error
            assert out.private_for(first.user_id or ""), "the answer is confirmed privately"
            after = await public_picture(svc, other)
            pictures.append((seen_by(out, other), after, answers[k]))
        finally:
            await svc.aclose()
    (seen_a, after_a, answer_a), (seen_b, after_b, answer_b) = pictures
    assert answer_a != answer_b
    assert seen_a == seen_b
    assert after_a == after_b
    # (equal outputs for two different answers: nothing in them can tell which was given)


@pytest.mark.parametrize("reg", SEALED, ids=lambda r: r.name)
async def test_both_are_asked_at_once_and_a_second_answer_is_refused(
    reg: GameRegistration, tmp_path: Path
) -> None:
    svc = open_service(tmp_path / "a.sqlite3")
    try:
        await humans_at_table(svc, reg, 32)
        ds = await to_sealed_stage(svc, 32)
        first, second = ds[0], ds[1]
        assert first.user_id != second.user_id and first.seq == second.seq
        mine = await svc.play.options_for("c", first.user_id or "", limit=None)
        out = await svc.play.command(
            "c", first.user_id or "", mine[0], "key-a", expect_seq=first.seq
        )
        assert out.accepted, out.error
        assert [d.user_id for d in out.decisions] == [second.user_id]
        assert out.decisions[0].seq == second.seq  # the other's control is not stale
        assert await svc.play.options_reason("c", first.user_id or "") == Code.ALREADY_CHOSEN
        view = await svc.play.view("c")
        for attempt in (mine[-1], mine[0]):
            again = await svc.play.command("c", first.user_id or "", attempt, expect_seq=first.seq)
            assert not again.accepted and again.code == Code.ALREADY_CHOSEN
            assert again.error == f"You have already chosen; waiting for {second.name}."
            assert await svc.play.view("c") == view
        theirs = await svc.play.options_for("c", second.user_id or "", limit=None)
        last = await svc.play.command(
            "c", second.user_id or "", theirs[0], "key-b", expect_seq=second.seq
        )
        assert last.accepted, last.error
        # the reveal: the stage closed, the next decision has a new guard
        assert all(d.seq > first.seq for d in last.decisions)
        stale = await svc.play.command("c", first.user_id or "", mine[0], expect_seq=first.seq)
        assert not stale.accepted and stale.code in (Code.STALE, Code.NOT_YOUR_DECISION)
        record = svc.storage.games.active_game("c")
        assert record is not None
        moves = svc.storage.games.moves(record.id)
        keyed = [(m.user_id, m.idempotency_key) for m in moves if m.idempotency_key]
        assert (first.user_id, "key-a") in keyed and (second.user_id, "key-b") in keyed
    finally:
        await svc.aclose()


@pytest.mark.parametrize("reg", SEALED, ids=lambda r: r.name)
async def test_a_restart_between_the_answers_keeps_the_first_sealed(
    reg: GameRegistration, tmp_path: Path
) -> None:
    db = tmp_path / "r.sqlite3"
    svc = open_service(db)
    try:
        await humans_at_table(svc, reg, 33)
        ds = await to_sealed_stage(svc, 33)
        first, second = ds[0], ds[1]
        mine = await svc.play.options_for("c", first.user_id or "", limit=None)
        assert (
            await svc.play.command("c", first.user_id or "", mine[0], expect_seq=first.seq)
        ).accepted
        view = await svc.play.view("c")
    finally:
        await svc.aclose()
    svc = open_service(db)  # a restart: nothing in memory
    try:
        assert await svc.play.view("c") == view
        now = await svc.play.decisions("c")
        assert [(d.user_id, d.seq) for d in now] == [(second.user_id, second.seq)]
        again = await svc.play.command("c", first.user_id or "", mine[-1])
        assert again.code == Code.ALREADY_CHOSEN
        theirs = await svc.play.options_for("c", second.user_id or "", limit=None)
        last = await svc.play.command("c", second.user_id or "", theirs[0], expect_seq=second.seq)
        assert last.accepted, last.error
        record = svc.storage.games.active_game("c")
        assert record is not None
        moves = svc.storage.games.moves(record.id)
        assert (first.seat, mine[0]) in [(m.seat, m.command) for m in moves]
    finally:
        await svc.aclose()


@pytest.mark.parametrize("reg", SEALED, ids=lambda r: r.name)
async def test_ai_seats_answer_as_soon_as_the_stage_opens(
    reg: GameRegistration, tmp_path: Path
) -> None:
    svc = open_service(tmp_path / "ai.sqlite3")
    try:
        assert (await svc.lobby.join("c", uid(0), "P1", game=reg.name)).accepted
        for _ in range(reg.parts().game.min_players - 1):
            assert (await svc.lobby.add_ai("c", uid(0), "greedy")).accepted
        assert (await svc.lobby.start("c", uid(0), seed=34)).accepted
        rng = random.Random(34)
        for _ in range(400):
            ds = await svc.play.decisions("c")
            assert ds and all(d.user_id == uid(0) and not d.is_ai for d in ds)
            if ds[0].sealed:
                # the AI seats of this stage have answered already (their moves are stored)
                record = svc.storage.games.active_game("c")
                assert record is not None
                since = [m for m in svc.storage.games.moves(record.id) if m.seq >= ds[0].seq]
                assert since and all(m.user_id is None for m in since)
                return
            options = await svc.play.options_for("c", uid(0), limit=None)
            out = await svc.play.command("c", uid(0), rng.choice(options), expect_seq=ds[0].seq)
            assert out.accepted, out.error
        raise AssertionError("no sealed stage reached")
    finally:
        await svc.aclose()
