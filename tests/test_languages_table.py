"""The table service speaks each reader's language (#20): public outputs in the table's,
private ones in their reader's, refusals in the sender's; ``/settings language``; the choice
survives a restart; images are drawn and cached per language."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.table import presentation
from bot.table.outputs import Code, question
from bot.table.render_procs import RenderProcess
from bot.table.service import TableService
from engine.core import JSON
from engine.i18n import current_language, say, speaking
from engine.i18n.shared import _
from engine.registry import GameRegistration
from tests.test_service_support import open_service, uid


class LanguageRenderer:
    """Draws "the language in force" as the image, and counts its calls per language."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str]] = []

    def _png(self, kind: str) -> bytes:
        lang = current_language()
        self.calls.append((kind, lang))
        return f"{kind}:{lang}".encode()

    def board(self, public_view: JSON) -> bytes:
        return self._png("board")

    def hand(self, player_view: JSON) -> bytes:
        return self._png("hand")

    def end(self, public_view: JSON) -> bytes:
        return self._png("end")


class SpyRegistration:
    """A game's registration whose hand text records the language it was made in."""

    def __init__(self, real: GameRegistration, seen: list[str]) -> None:
        self.real = real
        self.seen = seen

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def parts(self) -> Any:
        parts = self.real.parts()
        hand_text: Callable[[JSON], str] = parts.texts.hand_text

        def spy(view: JSON) -> str:
            self.seen.append(current_language())
            return hand_text(view)

        return replace(parts, texts=replace(parts.texts, hand_text=spy))


async def two_seated(svc: TableService) -> None:
    assert (await svc.lobby.join("c", uid(0), "Alice")).accepted
    assert (await svc.lobby.join("c", uid(1), "Bob")).accepted


async def test_public_in_the_table_language_private_in_the_readers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    renderer = LanguageRenderer()
    svc = open_service(tmp_path / "t.db", renderer)
    seen: list[str] = []
    real = presentation.registration_of
    monkeypatch.setattr(presentation, "registration_of", lambda g: SpyRegistration(real(g), seen))
    try:
        await two_seated(svc)
        assert (await svc.settings.change("c", uid(0), "language Magyar")).accepted
        svc.languages.note_person(uid(0), "ja")  # Alice's client reads Japanese
        with speaking("it"):  # the sender's language: it does not make the public texts
            out = await svc.lobby.start("c", uid(1), seed=3)
        assert out.accepted, out.error
        assert "elindítja" in out.public[0].text  # Hungarian: "Bob elindítja: ..."
        assert "Helyek:" in out.public[0].text
        assert out.public[0].image == b"board:hu"
        alice = out.private_for(uid(0))
        bob = out.private_for(uid(1))
        assert alice and bob
        assert alice[0].image == b"hand:ja"  # her hand image in her language
        assert bob[0].image == b"hand:hu"  # Bob has no language of his own: the table's
        assert sorted(seen) == ["hu", "ja"]  # each hand text made in its reader's language
    finally:
        svc.close()


def test_a_private_text_made_in_the_table_language_is_said_in_the_readers() -> None:
    with speaking("hu"):
        prompt = _("illegal move: {problem}", problem="x (V-1.8)")
        asked = question(prompt)
    assert asked == "szabálytalan lépés: x"  # the rule citation belongs in /rules
    assert say(asked, "ja") == "不正な手です：x"
    assert say(asked, "en") == "illegal move: x"


async def test_a_refusal_is_said_in_the_senders_language(tmp_path: Path) -> None:
    svc = open_service(tmp_path / "t.db")
    try:
        await two_seated(svc)
        assert (await svc.settings.change("c", uid(0), "language hu")).accepted
        assert (await svc.lobby.start("c", uid(0), seed=3)).accepted
        with speaking("ja"):
            out = await svc.play.command("c", uid(7), "pass")
        assert not out.accepted and out.code == Code.NOT_SEATED
        assert out.error is not None
        assert out.error.startswith("あなたはこのゲームに参加していません")
        with speaking("it"):
            out = await svc.lobby.join("c", uid(7), "Carol")
        assert out.error is not None and out.error.startswith("ora non puoi sederti")
        out = await svc.play.command("c", uid(7), "pass")  # no language set: English
        assert out.error is not None and out.error.startswith("you are not playing")
        reply = await svc.play.hand("c", uid(7))
        assert reply.error == "you are not playing in this game"
    finally:
        svc.close()


async def test_settings_language_round_trip_and_refusal(tmp_path: Path) -> None:
    svc = open_service(tmp_path / "t.db")
    try:
        await two_seated(svc)
        out = await svc.settings.change("c", uid(0), "language ja")
        assert out.accepted and svc.languages.table("c") == "ja"
        assert "卓の言語：日本語" in out.public[0].text  # the answer in the new language
        assert "Alice" in out.public[0].text  # with the lobby's seat list
        out = await svc.settings.change("c", uid(1), "lingua italiano")
        assert out.accepted and svc.languages.table("c") == "it"
        assert "Lingua del tavolo: Italiano" in out.public[0].text
        out = await svc.settings.change("c", uid(1), "evening language=Magyar")
        assert out.accepted and svc.languages.table("c") == "hu"
        assert "15 perc (evening)" in out.public[0].text  # the timer is set too
        assert "Az asztal nyelve: Magyar" in await svc.settings.line("c")  # the lobby line
        out = await svc.settings.change("c", uid(0), "language english")
        assert out.accepted and "Table language: English." in out.public[0].text
        refused = await svc.settings.change("c", uid(0), "language klingon")
        assert not refused.accepted and refused.code == Code.MALFORMED
        assert refused.error is not None
        for name in ("English", "日本語", "Magyar", "Italiano"):
            assert name in refused.error
        stranger = await svc.settings.change("c", uid(9), "language ja")
        assert not stranger.accepted and stranger.code == Code.NOT_SEATED
        assert svc.languages.table("c") == "en"
    finally:
        svc.close()


async def test_languages_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    svc = open_service(path)
    try:
        await two_seated(svc)
        assert (await svc.settings.change("c", uid(0), "language hu")).accepted
        svc.languages.note_person(uid(1), "ja-JP")
        svc.languages.note_server("d", "it")
    finally:
        svc.close()
    again = open_service(path)
    try:
        assert again.languages.table("c") == "hu"
        assert again.languages.person(uid(1)) == "ja"
        assert again.languages.person(uid(0), fallback="hu") == "hu"
        assert again.languages.table("d") == "it"
        out = await again.lobby.join("c", uid(2), "Carol")
        assert out.accepted and "Carol leül az asztalhoz." in out.public[0].text
    finally:
        again.close()


async def test_images_are_cached_per_language(tmp_path: Path) -> None:
    renderer = LanguageRenderer()
    svc = open_service(tmp_path / "t.db", renderer)
    try:
        await two_seated(svc)
        assert (await svc.settings.change("c", uid(0), "language ja")).accepted
        assert (await svc.lobby.start("c", uid(0), seed=3)).accepted
        boards = [c for c in renderer.calls if c[0] == "board"]
        assert boards == [("board", "ja")]
        with speaking("ja"):
            reply = await svc.play.board("c")
        assert reply.image == b"board:ja"
        assert [c for c in renderer.calls if c[0] == "board"] == boards  # reused
        reply = await svc.play.board("c")  # asked in English: not the Japanese picture
        assert reply.image == b"board:en"
        assert [c for c in renderer.calls if c[0] == "board"] == [*boards, ("board", "en")]
        reply = await svc.play.board("c")
        assert len([c for c in renderer.calls if c[0] == "board"]) == 2  # now cached too
    finally:
        svc.close()


def test_a_render_process_draws_in_the_language_it_is_given() -> None:
    proc = RenderProcess(LanguageRenderer(), name="test-render")  # not for players
    try:
        assert proc.render("board", {"game": "venezia"}, lang="hu") == b"board:hu"
        with speaking("ja"):
            assert proc.render("hand", {"game": "venezia"}) == b"hand:ja"
        assert proc.render("end", {"game": "venezia"}) == b"end:en"
    finally:
        proc.close()


async def test_a_refused_settings_text_changes_no_language(tmp_path: Path) -> None:
    svc = open_service(tmp_path / "t.db")
    try:
        await two_seated(svc)
        out = await svc.settings.change("c", uid(0), "language ja timer 5s")
        assert not out.accepted and out.code == Code.MALFORMED
        assert svc.languages.table("c") == "en"
    finally:
        svc.close()


def test_durations_and_votes_are_understood_in_every_language() -> None:
    from bot.table.settings import duration_text, parse_duration
    from bot.table.vote import parse_vote

    assert parse_duration("15分") == parse_duration("15perc") == parse_duration("15min") == 900
    assert parse_duration("2óra") == parse_duration("2ore") == parse_duration("2時間") == 7200
    assert parse_duration("1giorno") == parse_duration("1nap") == 86400
    assert parse_vote("待つ") == parse_vote("vár") == parse_vote("aspetta") == "wait"
    assert parse_vote("vége") == parse_vote("fine") == "end"
    with speaking("ja"):
        assert duration_text(5400) == "1時間 30分"
    with speaking("hu"):
        assert duration_text(2 * 86400) == "2 nap"
    assert duration_text(90) == "1 min 30 s"


def test_the_rules_topics_are_listed_in_the_readers_words_and_found_by_them() -> None:
    """/rules without a topic lists every game's topics in the reader's language (Venezia's
    listed its English keys), and each listed word finds its topic, 'commands' too."""
    from bot.table.rules import rules_help
    from engine.i18n import speaking

    for game in ("venezia", "canal_grande", "amsterdam"):
        with speaking("ja"):
            overview = rules_help(None, game).text
            assert "コマンド" in overview
            assert rules_help("コマンド", game).error is None
            listed = overview.rsplit("：", 1)[-1] if "トピック：" in overview else overview
            assert "turn," not in listed and "round," not in listed
    with speaking("ja"):
        assert "手番" in rules_help(None, "venezia").text
        assert rules_help("手番", "venezia").text.startswith("手番")
