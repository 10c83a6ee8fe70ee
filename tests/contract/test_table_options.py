"""Every registered game at the table: its lobby choice and typed options survive a restart
(TableService + SQLite), show in the lobby and /status, and reach ``new_state``; a game without
options refuses them with a clear message; an AI level the game lacks is refused."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.table.outputs import Code
from bot.table.service import TableService
from engine.registry import GameRegistration, registration, table_registrations
from tests.fourth_game.conftest import with_test_games
from tests.test_service_support import open_service, uid

REGS = list(with_test_games(table_registrations))  # the games the table hosts (+ the tests')


def non_default(reg: GameRegistration) -> dict[str, str]:
    """A choice other than the default for every option."""
    out = {}
    for spec in reg.options:
        others = [c for c in spec.choices if c != spec.default]
        out[spec.name] = others[-1] if others else str(int(spec.default) + 7)
    return out


async def seat_humans(svc: TableService, reg: GameRegistration, channel: str) -> int:
    game = reg.parts().game
    n = game.min_players
    for i in range(n):
        out = await svc.lobby.join(channel, uid(i), f"P{i + 1}", game=reg.name)
        assert out.accepted, out.error
    return n


@pytest.mark.parametrize("reg", REGS, ids=lambda r: r.name)
async def test_lobby_game_and_options_survive_a_restart(
    reg: GameRegistration, tmp_path: Path
) -> None:
    db = tmp_path / "t.sqlite3"
    svc = open_service(db)
    try:
        await seat_humans(svc, reg, "c")
        chosen = non_default(reg) or {"colour": "red"}
        out = await svc.lobby.set_options("c", uid(0), chosen)
        if not reg.options:
            assert not out.accepted and "has no options" in (out.error or "")
        else:
            assert out.accepted, out.error
            assert all(f"{k}={v}" in out.texts[0] for k, v in chosen.items())
            bad = await svc.lobby.set_options("c", uid(0), {reg.options[0].name: "nonsense!"})
            assert not bad.accepted and bad.code == Code.MALFORMED
            assert reg.options[0].name in (bad.error or "")
            unknown = await svc.lobby.set_options("c", uid(0), {"colour": "red"})
            assert not unknown.accepted and "no option 'colour'" in (unknown.error or "")
    finally:
        await svc.aclose()
    svc = open_service(db)  # a restart: nothing in memory
    try:
        status = await svc.play.status("c")
        assert status.error is None and reg.title in status.text
        for k, v in non_default(reg).items():
            assert f"{k}={v}" in status.text
        start = await svc.lobby.start("c", uid(0), seed=11)
        assert start.accepted, start.error
        record = svc.storage.games.active_game("c")
        assert record is not None and record.game_type == reg.name
        assert record.options == (non_default(reg) if reg.options else {})
        running = await svc.play.status("c")
        for k, v in non_default(reg).items():
            assert "options: " in running.text and f"{k}={v}" in running.text
    finally:
        await svc.aclose()
    svc = open_service(db)  # the running game restores with its options
    try:
        view = await svc.play.view("c")
        assert view is not None and view["game"] == reg.name
        expected = reg.parts().game.new_state(
            record.player_names, 11, reg.engine_options(non_default(reg)) if reg.options else None
        )
        assert view == {**expected.public_view(), "seq": 0}
        assert svc.restore.verify(record.id) == expected.state_hash()
    finally:
        await svc.aclose()


async def test_options_reach_new_state(tmp_path: Path) -> None:
    """Canal Grande's first divider (CG-G18) chosen in the lobby decides who divides first."""
    reg = registration("canal_grande")
    for choice, seat in (("1", 0), ("2", 1)):
        svc = open_service(tmp_path / f"o{choice}.sqlite3")
        try:
            await seat_humans(svc, reg, "c")
            assert (await svc.lobby.set_options("c", uid(0), {"first_divider": choice})).accepted
            assert (await svc.lobby.start("c", uid(0), seed=3)).accepted
            d = await svc.play.decision("c")
            assert d is not None and d.kind == "divide" and d.seat == seat
        finally:
            await svc.aclose()


@pytest.mark.parametrize("reg", REGS, ids=lambda r: r.name)
async def test_rules_help_per_game(reg: GameRegistration, tmp_path: Path) -> None:
    svc = open_service(tmp_path / "r.sqlite3")
    try:
        overview = await svc.play.rules(None, reg.name)
        assert reg.title.split()[0] in overview.text
        for topic in reg.parts().texts.rule_topics:
            assert (await svc.play.rules(topic, reg.name)).error is None
        commands = await svc.play.rules("commands", reg.name)
        assert all(text in commands.text for text in reg.parts().grammar.help.values())
        assert (await svc.play.rules("nonsense", reg.name)).code == Code.UNKNOWN_TOPIC
        assert (await svc.play.rules(None, "chess")).code == Code.UNKNOWN_GAME
    finally:
        await svc.aclose()


@pytest.mark.parametrize("reg", REGS, ids=lambda r: r.name)
async def test_a_whole_game_through_the_table(reg: GameRegistration, tmp_path: Path) -> None:
    """One human and AI seats play the game to its end through the service: every offered
    option is accepted, results carry the game's scores, a missing AI level is refused."""
    svc = open_service(tmp_path / "w.sqlite3")
    try:
        assert (await svc.lobby.join("c", uid(0), "P1", game=reg.name)).accepted
        for _ in range(reg.parts().game.min_players - 1):
            assert (await svc.lobby.add_ai("c", uid(0), "random")).accepted, reg.name
        out = await svc.lobby.start("c", uid(0), seed=21)
        assert out.accepted, out.error
        rng = random.Random(21)
        for _ in range(3000):
            d = await svc.play.decision("c")
            if d is None:
                break
            assert d.user_id == uid(0)
            options = await svc.play.options_for("c", uid(0), limit=None)
            move = await svc.play.command("c", uid(0), rng.choice(options), expect_seq=d.seq)
            assert move.accepted, move.error
            for private in move.private:
                assert private.user_id == uid(0)
        assert await svc.play.decision("c") is None
        record = svc.storage.games.game_history("c", 1)[0]
        assert record.status == "finished" and record.game_type == reg.name
        results = svc.storage.games.results(record.id)
        assert sorted(r.seat for r in results) == list(range(len(record.players)))
        state = reg.parts().game.new_state(record.player_names, record.seed, None)
        for move in svc.storage.games.moves(record.id):
            state.apply(move.seat, move.command)
        scores = reg.parts().scores(state)
        assert all(r.score == scores[r.seat] for r in results)
        status = await svc.play.status("c")
        assert reg.title in status.text
    finally:
        await svc.aclose()


async def test_a_level_the_game_lacks_is_refused_never_random(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.table.ai_seat

    monkeypatch.setattr(bot.table.ai_seat, "game_levels", lambda game: ("random",))
    svc = open_service(tmp_path / "l.sqlite3")
    try:
        assert (await svc.lobby.join("c", uid(0), "P1")).accepted
        out = await svc.lobby.add_ai("c", uid(0), "strong")
        assert not out.accepted and out.code == Code.UNKNOWN_AI
        assert "no strong AI" in (out.error or "") and "random" in (out.error or "")
        assert len(svc.storage.lobby.list_seats("c")) == 1
    finally:
        await svc.aclose()


async def test_rules_follow_the_channel_s_game(tmp_path: Path) -> None:
    svc = open_service(tmp_path / "g.sqlite3")
    try:
        assert (await svc.lobby.join("c", uid(0), "P1", game="canal_grande")).accepted
        reply = await svc.play.rules(None, channel_id="c")
        assert reply.text.startswith("Canal Grande")
        assert (await svc.play.rules(None, channel_id="empty")).text.startswith(
            registration(REGS[0].name).title
        )
        assert (await svc.play.rules(None, channel_id="bad\nid")).text.startswith(REGS[0].title)
    finally:
        await svc.aclose()


@pytest.mark.parametrize("reg", REGS, ids=lambda r: r.name)
async def test_table_refusals_are_specific_and_change_nothing(
    reg: GameRegistration, tmp_path: Path
) -> None:
    svc = open_service(tmp_path / "x.sqlite3")
    try:
        n = await seat_humans(svc, reg, "c")
        assert (await svc.lobby.start("c", uid(0), seed=13)).accepted
        d = await svc.play.decision("c")
        assert d is not None
        other = next(uid(i) for i in range(n) if uid(i) != d.user_id)
        before = await svc.play.view("c")
        verb = sorted(reg.parts().grammar.verbs)[0]
        # an option of the decider that ``other`` may not send (in a simultaneous stage the
        # other decides too, and may hold the same card)
        theirs = set(await svc.play.options_for("c", other, limit=None))
        mine = await svc.play.options_for("c", d.user_id or "", limit=None)
        not_theirs = next(o for o in mine if o not in theirs)
        cases = [
            (d.user_id, "xyzzy 1 2", Code.UNKNOWN_COMMAND),
            (d.user_id, "", Code.MALFORMED),
            (other, not_theirs, None),
            ("stranger", verb, Code.NOT_SEATED),
        ]
        for user, text, code in cases:
            out = await svc.play.command("c", user or "", text)
            assert not out.accepted and out.error, (user, text)
            if code is not None:
                assert out.code == code, (text, out.code, out.error)
            else:
                assert out.code in (Code.NOT_YOUR_DECISION, Code.ILLEGAL), out.error
            assert await svc.play.view("c") == before
        stale = await svc.play.command("c", d.user_id or "", verb, expect_seq=d.seq + 5)
        assert stale.code == Code.STALE and await svc.play.view("c") == before
    finally:
        await svc.aclose()
