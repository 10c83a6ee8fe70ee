"""History and replays (#19) for every registered game: a replay has ``turns + 1`` frames and
ends on the final board; export -> import round trips; a tampered file is refused and changes
nothing; a game stored by an older schema replays."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from bot.archive.portable import check_file, digest, dumps, export_game
from bot.archive.untrusted_json import FileRefused, parse
from bot.devtools.stored_games import store_selfplay_game
from bot.storage.history import ARCHIVE_CHANNEL
from bot.storage.store import MIGRATIONS, Storage, open_database
from bot.table.history import History, track
from bot.table.render import ModuleRenderer
from bot.table.restore import fresh_state, replay_stored
from engine.canal_grande.state import CanalGrandeState
from engine.core import GAME_OVER, TURN_END
from engine.registration_parts import own_state
from engine.registry import registration, registrations
from render.common.replay import (
    DISCORD_UPLOAD_LIMIT,
    FRAME_MS,
    LAST_FRAME_MS,
    animate,
    score_graph,
)
from tests.fourth_game.conftest import with_test_games
from tests.fourth_game.registration import REGISTRATION as HIGH_CARD

GAMES = with_test_games(lambda: [reg.name for reg in registrations()])


@pytest.fixture
def with_fourth() -> Iterator[None]:
    from engine.registry import registered

    with registered(HIGH_CARD):
        yield


@pytest.fixture
def storage(db_target: Path | str) -> Iterator[Storage]:
    """A fresh database of each backend (SQLite, PostgreSQL - #27)."""
    with open_database(db_target) as s:
        yield s  # type: ignore[misc]


def _frames(data: bytes) -> list[Image.Image]:
    """The boards an animation shows, one per board given (a stored frame that shows for
    several boards' time, being equal to them, counts that many times)."""
    shown = timeline(data)
    out = []
    for n, (ms, image) in enumerate(shown):
        boards = ms // FRAME_MS if n < len(shown) - 1 else 1 + (ms - LAST_FRAME_MS) // FRAME_MS
        out += [image] * boards
    return out


def timeline(data: bytes) -> list[tuple[int, Image.Image]]:
    """An animation's stored frames, decoded (RGB), with how long each shows (ms)."""
    image = Image.open(io.BytesIO(data))
    out = []
    count = getattr(image, "n_frames", 1)
    for n in range(count):
        image.seek(n)
        image.load()
        ms = int(image.info.get("duration", FRAME_MS))
        out.append((ms, image.convert("RGB")))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_replay_has_a_frame_per_turn_and_ends_on_the_final_board(
    game: str, storage: Storage, with_fourth: None
) -> None:
    renderer = ModuleRenderer()
    game_id = store_selfplay_game(storage, "5", game, seed=11)
    stored = storage.games.load_game(game_id, all_moves=True)
    assert stored is not None
    # turns counted independently: moves whose events end a turn (or the game)
    state = replay_stored(stored)
    fresh = History(storage.history, storage.games, renderer.board)
    turns = 0
    replayed = fresh_state(stored.record)
    for move in stored.moves:
        events = replayed.apply(move.seat, move.command)
        turns += any(e.kind in (TURN_END, GAME_OVER) for e in events)
    replay = fresh.replay("5", game_id)
    assert replay.turns == turns
    frames = _frames(replay.data)
    assert replay.frames == len(frames) == turns + 1
    assert len(replay.data) <= DISCORD_UPLOAD_LIMIT
    final = Image.open(io.BytesIO(renderer.board(state.public_view()))).convert("RGB")
    last = frames[-1].crop((0, 0, *final.size))
    assert replay.scale == 1.0 and replay.lossless
    assert last.tobytes() == final.tobytes()


@pytest.mark.parametrize("game", GAMES)
def test_progress_has_a_point_per_turn_and_ends_on_the_final_measure(
    game: str, storage: Storage, with_fourth: None
) -> None:
    """The graph's series (#19): ``turns + 1`` points per seat (the start and every turn's
    end), the last one the game's measure of the final state, all numbers (every game has a
    progress measure, also one that ranks by places only)."""
    game_id = store_selfplay_game(storage, "5", game, seed=13)
    stored = storage.games.load_game(game_id, all_moves=True)
    assert stored is not None
    tracked = track(stored)
    parts = registration(game).parts()
    seats = len(stored.record.players)
    assert len(tracked.progress) == tracked.turns + 1 == len(tracked.views)
    assert all(len(row) == seats for row in tracked.progress)
    assert all(v is not None for row in tracked.progress for v in row)
    assert tracked.progress[-1] == parts.progress_at(tracked.state)
    assert tracked.progress[0] == parts.progress_at(fresh_state(stored.record))
    assert tracked.label == parts.progress_label(tracked.state) != ""


def test_canal_grande_card_draws_the_victory_cards() -> None:
    """Canal Grande has no scores (CG-10.2: places only), yet its /game card has a graph: the
    victory cards each seat holds, ending on the cards held at the end."""
    with Storage.open(":memory:") as storage:
        game_id = store_selfplay_game(storage, "5", "canal_grande", seed=4)
        stored = storage.games.load_game(game_id, all_moves=True)
        assert stored is not None
        tracked = track(stored)
        state = tracked.state
        assert state.is_over
        assert registration("canal_grande").parts().scores(state) == [None, None]
        held = [float(len(cards)) for cards in own_state(CanalGrandeState, state).victory]
        assert tracked.progress[-1] == held
        assert tracked.label == "victory cards"
        card = History(storage.history, storage.games, ModuleRenderer().board).card("5", game_id)
        assert card.graph is not None and card.board is not None
        assert Image.open(io.BytesIO(card.graph)).format == "PNG"
        assert "victory cards" in card.text and "No scores" not in card.text


def test_the_graph_writes_its_axis_label() -> None:
    series = [[0.0, 0.0], [1.0, 2.0], [3.0, 2.0]]
    plain = score_graph(["A", "B"], series)
    labelled = score_graph(["A", "B"], series, label="rounds won")
    assert plain != labelled
    top = (0, 0, 200, 20)
    a = Image.open(io.BytesIO(plain)).convert("RGB").crop(top)
    b = Image.open(io.BytesIO(labelled)).convert("RGB").crop(top)
    assert a.tobytes() != b.tobytes()


def test_frames_are_lossless_and_equal_boards_keep_their_time() -> None:
    """Equal consecutive boards may share a stored frame, which then shows for both; every
    board comes back pixel for pixel, the last one longest."""
    boards = []
    for colour in ((10, 20, 30), (10, 20, 30), (200, 0, 0)):
        buf = io.BytesIO()
        Image.new("RGB", (40, 30), colour).save(buf, format="PNG")
        boards.append(buf.getvalue())
    animation = animate(boards)
    assert animation.lossless and animation.frames == 3
    shown = timeline(animation.data)
    assert sum(ms for ms, _ in shown) == 2 * FRAME_MS + LAST_FRAME_MS
    assert shown[-1][0] == LAST_FRAME_MS
    frames = _frames(animation.data)
    assert [f.getpixel((5, 5)) for f in frames] == [(10, 20, 30), (10, 20, 30), (200, 0, 0)]


def test_animation_shrinks_under_the_limit() -> None:
    import random

    rng = random.Random(3)
    boards = []
    for _ in range(4):
        image = Image.frombytes("RGB", (300, 300), rng.randbytes(300 * 300 * 3))
        buf = io.BytesIO()
        image.save(buf, format="PNG")
        boards.append(buf.getvalue())
    lossy = animate(boards, limit=200_000)  # lossless is ~1 MB: lossy at full size
    assert len(lossy.data) <= 200_000
    assert lossy.scale == 1.0 and not lossy.lossless and lossy.frames == 4
    animation = animate(boards, limit=60_000)  # then smaller
    assert len(animation.data) <= 60_000
    assert animation.scale < 1.0 and animation.frames == 4
    assert Image.open(io.BytesIO(animation.data)).size == animation.size


def _no_game(game_id: int) -> str:
    return f"no game {game_id}"  # not for players


@pytest.mark.parametrize("game", GAMES)
def test_export_import_round_trip(
    game: str, tmp_path: Path, db_target: Path | str, with_fourth: None
) -> None:
    """The file a SQLite database exports imports exactly into either backend (#27)."""
    with Storage.open(tmp_path / "a.sqlite3") as a, open_database(db_target) as b:
        game_id = store_selfplay_game(a, "5", game, seed=5)
        data = export_game(a, game_id, _no_game)
        checked = check_file(parse(dumps(data).encode("utf-8")))
        record = b.history.import_game(checked.imported())
        assert record.channel_id == ARCHIVE_CHANNEL and record.status == "finished"
        assert record.final_hash == data["final_hash"]
        assert export_game(b, record.id, _no_game) == data  # exactly what was exported
        entry = b.history.closed_game(record.id)
        assert entry is not None and [r.name for r in entry.results] == [
            r["name"] for r in data["results"]
        ]


def test_tampered_file_is_refused_and_changes_nothing(storage: Storage, tmp_path: Path) -> None:
    game = registrations()[0].name
    game_id = store_selfplay_game(storage, "5", game, seed=5)
    data = export_game(storage, game_id, _no_game)
    moves = list(data["moves"])
    tampered = [
        {**data, "final_hash": "0" * len(data["final_hash"])},
        {**data, "seed": str(int(data["seed"]) + 1)},
        {**data, "moves": moves[:-1]},
        {**data, "moves": [*moves[:3], [moves[3][0], "nonsense"], *moves[4:]]},
        {**data, "format": 99},
        {**data, "game": "chess"},
    ]
    for bad in tampered:
        for sealed in (bad, {**bad, "sha256": digest(bad)}):
            with pytest.raises(FileRefused):
                check_file(sealed)


def test_aborted_game_is_marked_and_replays(storage: Storage) -> None:
    game = registrations()[0].name
    game_id = store_selfplay_game(storage, "5", game, seed=3, stop_after=40)
    history = History(storage.history, storage.games, lambda v: b"")
    (line,) = history.listing("5")
    assert line.startswith(f"#{game_id} ") and line.endswith("aborted")
    stored = storage.games.load_game(game_id, all_moves=True)
    assert stored is not None
    tracked = track(stored)
    assert len(tracked.views) == tracked.turns + 1
    assert tracked.views[-1] == tracked.state.public_view()


def test_a_game_stored_by_an_older_schema_replays(tmp_path: Path) -> None:
    """A game finished in a file of an older schema (v3: before the lobby's stored choice)
    is migrated on opening, and its history, card and replay work."""
    path = tmp_path / "old.sqlite3"
    game = registrations()[0].name
    with Storage.open(path, migrations=MIGRATIONS[:3]) as old:
        game_id = store_selfplay_game(old, "5", game, seed=9)
    with Storage.open(path) as new:
        history = History(new.history, new.games, ModuleRenderer().board)
        assert len(history.listing("5")) == 1
        card = history.card("5", game_id)
        assert card.board is not None and card.graph is not None
        assert "/replay" not in card.text  # the service's card names no adapter's command
        replay = history.replay("5", game_id)
        assert replay.frames == replay.turns + 1


def test_card_of_another_channel_is_refused(storage: Storage) -> None:
    from bot.table.records import Refused

    game_id = store_selfplay_game(storage, "5", registrations()[0].name, seed=2, stop_after=5)
    with pytest.raises(Refused):
        History(storage.history, storage.games, lambda v: b"").card("6", game_id)


def test_cli_export_import_replay(tmp_path: Path) -> None:
    from bot.cli import main

    db = tmp_path / "v.sqlite3"
    game = registrations()[-1].name
    with Storage.open(db) as storage:
        game_id = store_selfplay_game(storage, "5", game, seed=8)
    out = tmp_path / "g.json"
    assert main(["export", str(game_id), "--db", str(db), "--out", str(out)]) == 0
    other = tmp_path / "w.sqlite3"
    assert main(["import", str(out), "--db", str(other)]) == 0
    assert main(["replay", str(out), "--out", str(tmp_path / "r")]) == 0
    assert (tmp_path / "r" / "replay.webp").stat().st_size > 0
    assert (tmp_path / "r" / "board.png").stat().st_size > 0
    data = json.loads(out.read_text())
    data["moves"] = data["moves"][:-1]
    out.write_text(json.dumps(data))
    assert main(["import", str(out), "--db", str(other)]) == 1
    with Storage.open(other) as storage:
        assert len(storage.history.closed_games(ARCHIVE_CHANNEL)) == 1


def test_a_90_turn_venezia_replay_is_an_animated_webp_as_wide_as_the_live_board() -> None:
    """#24 item 10: Discord animates an animated WebP (an APNG shows as its first frame only).
    A 90-turn, 5-seat Venezia replay (the boards of consecutive seeded games: random games end
    sooner) fits the upload limit losslessly at the boards' own size - at least as wide as
    Discord shows the live board - and its last frame is the final board, pixel for pixel.
    (It was an APNG shrunk to 473 x 495 px.)"""
    from bot.table.history import draw_replay
    from render.common.display import MAX_DISPLAY_W, display_scale

    renderer = ModuleRenderer()
    views: list[dict] = []  # type: ignore[type-arg]
    with Storage.open(":memory:") as storage:
        seed = 1
        while len(views) < 91:
            game_id = store_selfplay_game(storage, "5", "venezia", seed=seed, players=5)
            stored = storage.games.load_game(game_id, all_moves=True)
            assert stored is not None
            views += track(stored).views[(1 if views else 0) :]
            seed += 1
    views = views[:91]
    replay = draw_replay(views, renderer.board, 90)
    assert replay.extension == "webp" and replay.frames == 91
    assert len(replay.data) <= DISCORD_UPLOAD_LIMIT
    image = Image.open(io.BytesIO(replay.data))
    assert image.format == "WEBP" and image.is_animated
    final = Image.open(io.BytesIO(renderer.board(views[-1]))).convert("RGB")
    live_width = final.width * display_scale(*final.size)
    assert live_width == pytest.approx(MAX_DISPLAY_W, abs=1)
    assert image.size == final.size and image.width >= live_width
    shown = timeline(replay.data)
    assert sum(ms for ms, _ in shown) == 90 * FRAME_MS + LAST_FRAME_MS
    assert shown[-1][1].tobytes() == final.tobytes()
