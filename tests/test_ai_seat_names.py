"""An AI seat's name in the reader's language everywhere a player reads it (#25 item "AI seats").

The table stores an AI seat under its level's English label ("Greedy AI", "Greedy AI B"); the
lobby said it translated, but the game's status lines, events, log and pictures showed the stored
English name in every language. What is stored does not change: the game's hash and JSON keep
the stored name, so games stored before load and replay as they did."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.table.ai_seat import labelled, labelled_seats
from bot.table.service import TableService
from engine.i18n import say, speaking
from engine.registry import registration, table_game
from tests.test_service_support import PNG_MAGIC, make_renderer, open_service, uid

GAMES = ("venezia", "canal_grande", "amsterdam")


@pytest.fixture
async def real_svc(tmp_path: Path) -> AsyncIterator[TableService]:
    service = open_service(tmp_path / "table.db", make_renderer())
    yield service
    service.close()


def label_in(lang: str) -> str:
    with speaking(lang):
        return str(labelled("Greedy AI"))


@pytest.mark.parametrize("lang", ["ja", "hu", "it"])
@pytest.mark.parametrize("game", GAMES)
async def test_an_ai_seat_reads_as_its_label_in_every_text_and_picture(
    real_svc: TableService, game: str, lang: str
) -> None:
    """#25 (AI seats): in a table of ``lang``, the status line, the events of the moves, the
    log and the board picture name the AI seat by its translated label, never "Greedy AI"."""
    svc = real_svc
    label = label_in(lang)
    assert label != "Greedy AI" and label
    svc.languages.set_table("c", lang)
    assert (await svc.lobby.join("c", uid(0), "Alice", game=game)).accepted
    assert (await svc.lobby.add_ai("c", uid(0), "greedy")).accepted
    out = await svc.lobby.start("c", uid(0), seed=5)
    assert out.accepted, out.error
    texts = [u.text for u in out.public] + [p.text for p in out.private]
    rng = random.Random(3)
    for _ in range(12):
        d = out.decision
        if d is None or d.user_id is None:
            break
        options = await svc.play.options_for("c", d.user_id, limit=None)
        out = await svc.play.command("c", d.user_id, rng.choice(options))
        assert out.accepted, (out.code, out.error)
        texts += [u.text for u in out.public] + [p.text for p in out.private]
    with speaking(lang):  # a read answers in its reader's language
        status = await svc.play.status("c")
        log = await svc.play.log("c", limit=50)
    texts += [status.text, *log.lines]
    said = [say(t, lang) for t in texts]
    assert not [t for t in said if "Greedy AI" in t]
    assert any(label in t for t in said), said[:5]
    # the picture: as drawn with the label typed in as the seat's name
    with speaking(lang):
        board = await svc.play.board("c")
    assert board.image is not None and board.image.startswith(PNG_MAGIC)
    state = svc.tables.get("c").state
    assert state is not None
    plain = state.clone()
    plain.players = [say(n, lang) for n in state.players]  # a list of its own (a clone shares)
    assert label in plain.players
    with speaking(lang):
        expected = registration(game).renderers().board(plain.public_view())
    assert board.image == expected


@pytest.mark.parametrize("game", GAMES)
def test_a_labelled_seat_changes_nothing_stored(game: str) -> None:
    """#25 (AI seats): the labelled name is the stored name to JSON, hashes and comparisons:
    a state with its AI seats labelled has the same JSON and hash as before, in any
    language, and survives a pickle (the render processes get views by pipe)."""
    import pickle

    names = ["Alice", "Greedy AI"]
    plain = table_game(game).new_state(list(names), 11)
    named = labelled_seats(table_game(game).new_state(list(names), 11))
    assert type(named.players[1]).__name__ == "SeatName"
    with speaking("ja"):
        assert named.state_hash() == plain.state_hash()
        assert named.to_json() == plain.to_json()
        assert named.players == names
        assert f"{named.players[1]}" == "貪欲AI"
        again = pickle.loads(pickle.dumps(named.public_view()))
    assert "Greedy AI" in json.dumps(again, ensure_ascii=False)
    with speaking("ja"):
        assert str(labelled("Greedy AI B")) == "貪欲AI B"
        assert str(labelled("Bob")) == "Bob" and type(labelled("Bob")) is str


async def test_a_restored_game_reads_its_ai_seat_by_its_label(tmp_path: Path) -> None:
    """#25 (AI seats): after a restart (the game loaded from its snapshot and moves), the AI
    seat still reads as its label, and the stored game replays to the same hash."""
    path = tmp_path / "table.db"
    svc = open_service(path)
    try:
        svc.languages.set_table("c", "ja")
        assert (await svc.lobby.join("c", uid(0), "Alice", game="venezia")).accepted
        assert (await svc.lobby.add_ai("c", uid(0), "greedy")).accepted
        assert (await svc.lobby.start("c", uid(0), seed=5)).accepted
        state = svc.tables.get("c").state
        assert state is not None
        before = state.state_hash()
    finally:
        svc.close()
    again = open_service(path)
    try:
        with speaking("ja"):
            status = await again.play.status("c")
        assert "貪欲AI" in status.text and "Greedy AI" not in status.text, status.text
        restored = again.tables.get("c").state
        assert restored is not None and restored.state_hash() == before
        assert restored.players[1] == "Greedy AI"  # what is stored
    finally:
        again.close()
