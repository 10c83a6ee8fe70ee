"""The archive commands and the terminal on the bot's database setting (#27 item 1): ``--db``
and ``CANALSIDE_DB`` take a SQLite file or a ``postgresql://…`` address, opened by one function
(:func:`bot.archive.open_db`) that says in one line what is wrong with a bad address or an
unreachable server. Run against a real PostgreSQL server (``pg_url``; skipped as the other
PostgreSQL tests are when its programs are missing)."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.cli import main
from bot.devtools.pg_server import PgServer
from bot.devtools.stored_games import store_selfplay_game
from bot.storage.store import Storage, open_database
from bot.table.render import PlaceholderRenderer
from bot.terminal import play as terminal
from bot.terminal.process import ServerLock
from engine.registry import GameRegistration, registered
from tests.fourth_game.registration import REGISTRATION
from tests.test_archive_cli import shell
from tests.test_terminal import ScriptIn, game_channel


def moves_of(file: Path) -> list[object]:
    data = json.loads(file.read_text(encoding="utf-8"))
    return [data["game"], data["seed"], data["moves"], data["results"]]


def test_export_from_postgresql_import_into_sqlite_and_back(
    pg_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """#27 item 1: a game finished on PostgreSQL exports with ``--db postgresql://…``,
    imports into a SQLite file and exports from there the same; a SQLite game imports into
    PostgreSQL, is listed there as imported and exports back the same; the PostgreSQL game
    imported back into its own database is recognised as already there."""
    with open_database(pg_url) as pg:
        on_pg = store_selfplay_game(pg, "1234", "venezia", seed=4)
    from_pg = tmp_path / "from-pg.json"
    assert main(["export", str(on_pg), "--db", pg_url, "--out", str(from_pg)]) == 0
    lite = tmp_path / "lite.sqlite3"
    assert main(["import", str(from_pg), "--db", str(lite)]) == 0
    assert "imported as game #1" in capsys.readouterr().out
    again = tmp_path / "from-lite.json"
    assert main(["export", "1", "--db", str(lite), "--out", str(again)]) == 0
    assert moves_of(again) == moves_of(from_pg)
    capsys.readouterr()
    assert main(["import", str(again), "--db", pg_url]) == 1
    err = capsys.readouterr().err
    assert f"this game is in {pg_url} already, as game #{on_pg}" in err, err

    other_db = tmp_path / "other.sqlite3"
    with Storage.open(other_db) as storage:
        on_lite = store_selfplay_game(storage, "99", "canal_grande", seed=5)
    from_lite = tmp_path / "cg.json"
    assert main(["export", str(on_lite), "--db", str(other_db), "--out", str(from_lite)]) == 0
    capsys.readouterr()
    assert main(["import", str(from_lite), "--db", pg_url]) == 0
    (number,) = re.findall(r"imported as game #(\d+)", capsys.readouterr().out)
    assert main(["history", "--db", pg_url]) == 0
    listing = capsys.readouterr().out
    assert re.search(rf"^#{number} · .*Canal Grande.* · imported$", listing, re.M), listing
    assert re.search(rf"^#{on_pg} · .*Venezia", listing, re.M), listing
    back = tmp_path / "cg-back.json"
    assert main(["export", number, "--db", pg_url, "--out", str(back)]) == 0
    assert moves_of(back) == moves_of(from_lite)


def test_history_and_ratings_read_canalside_db_as_the_bot_does(
    pg_url: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """#27 item 1: with ``CANALSIDE_DB=postgresql://…`` (the bot's setting) and no ``--db``,
    ``canalside history`` lists the server's games and prints an export command that works as
    printed (without ``--db``: the setting names the database); ``ratings`` reads it too."""
    with open_database(pg_url) as pg:
        first = store_selfplay_game(pg, "7", "venezia", seed=4)
        newest = store_selfplay_game(pg, "8", "venezia", seed=5)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CANALSIDE_DB", pg_url)
    code, text, err = shell("uv run canalside history", capsys)
    assert code == 0 and err == "", err
    assert f"Finished games in {pg_url} (newest first):" in text
    assert [int(n) for n in re.findall(r"^#(\d+) · ", text, re.M)] == [newest, first]
    (export,) = re.findall(rf"'(uv run canalside export [^']*)' writes game #{newest}", text)
    assert export == f"uv run canalside export {newest}"
    code, text, err = shell(export, capsys)
    assert code == 0 and f"wrote game-{newest}.json" in text, err
    assert main(["ratings", "rebuild"]) == 0
    assert capsys.readouterr().out.startswith("2 games rated in ")


@pytest.mark.parametrize(
    ("target", "said"),
    [
        (
            "postgresql://canalside:secret@127.0.0.1:1/canalside",
            "cannot reach the PostgreSQL server of "
            "postgresql://canalside:***@127.0.0.1:1/canalside",
        ),
        ("postgresql://host:port/db", "the address does not read"),
        ("mysql://host/db", "neither a file nor a PostgreSQL address"),
    ],
    ids=["unreachable", "bad-address", "other-scheme"],
)
@pytest.mark.parametrize(
    "command",
    [["export", "1"], ["history"], ["ratings", "show"], ["import", "{file}"]],
    ids=["export", "history", "ratings", "import"],
)
def test_a_bad_address_or_an_unreachable_server_is_one_line(
    command: list[str],
    target: str,
    said: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """#27 item 1: an address that does not read, another scheme, a server that does not
    answer: one line that says what is wrong (the password hidden) and what is allowed, exit
    1, nothing created."""
    game = tmp_path / "g.json"
    with Storage.open(tmp_path / "src.sqlite3") as storage:
        game_id = store_selfplay_game(storage, "1", "venezia", seed=4)
    assert (
        main(["export", str(game_id), "--db", str(tmp_path / "src.sqlite3"), "--out", str(game)])
        == 0
    )
    before = sorted(p.name for p in tmp_path.rglob("*"))
    capsys.readouterr()
    argv = [w.replace("{file}", str(game)) for w in command]
    assert main([*argv, "--db", target]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert said in err and "secret" not in err, err
    if "reach" not in said:
        assert "postgresql://user:password@host:port/database" in err, err
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


@pytest.fixture
def high_card() -> Iterator[GameRegistration]:
    """High Card (test-only), registered for the test's duration: 13 short rounds."""
    with registered(REGISTRATION) as reg:
        yield reg


def typed(
    tmp_path: Path, db: str, lines: list[str], *, env: dict[str, str] | None = None
) -> tuple[int, str]:
    """``canalside play`` of High Card against a random AI, a person typing ``lines``."""
    out = io.StringIO()
    args = ["--game", "high_card", "--players", "2", "--ai", "random", "--seed", "3"]
    args += ["--out", str(tmp_path / "out")]
    if env is None:
        args += ["--db", db]
    code = terminal.main(
        args,
        stdin=ScriptIn("".join(f"{line}\n" for line in lines)),
        stdout=out,
        renderer=PlaceholderRenderer(),
        environ=env,
    )
    return code, out.getvalue()


def test_a_terminal_game_played_on_postgresql(
    high_card: GameRegistration,
    pg_server: PgServer,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """#27 item 1: ``canalside play --db postgresql://…`` plays a game stored on the server:
    quit halfway and the next session (``CANALSIDE_DB`` this time) resumes it there; a second
    terminal on the same database is refused while one plays (naming its process); the
    finished game is in the prompt's ``history`` and in ``canalside history``."""
    away = "postgresql://canalside:secret@127.0.0.1:1/canalside"
    code, text = typed(tmp_path, away, ["1", "q"])
    assert (
        code == 2 and "✗ cannot reach the PostgreSQL server of postgresql://canalside:***@" in text
    )
    assert "secret" not in text and "Traceback" not in text, text
    url = pg_server.new_database()
    try:
        code, text = typed(tmp_path, url, ["1"] * 4 + ["q"])
        assert code == 0, text[-2000:]
        assert f"in {url}. Continue with '" in text, text[-1500:]
        with open_database(url) as pg:
            record = pg.games.active_game(game_channel("high_card"))
            assert record is not None and record.last_seq > 0
            halfway = record.last_seq
        assert list((tmp_path / "out").glob("*.sqlite3")) == [], "nothing stored in a file"

        held = ServerLock(url)
        assert held.acquire() is None
        try:
            code, text = typed(tmp_path, url, ["1", "q"])
            assert code == 2
            assert "another terminal is playing with" in text and "Nothing was changed" in text
        finally:
            held.release()

        code, text = typed(tmp_path, url, ["1"] * 20, env={"CANALSIDE_DB": url})
        assert code == 0, text[-2000:]
        assert f"Resuming High Card game #{record.id} from {url}" in text, text[:1500]
        assert "Final ranking" in text, text[-1500:]
        with open_database(url) as pg:
            assert pg.games.active_game(game_channel("high_card")) is None
            (done,) = pg.history.closed_games(game_channel("high_card"), 5)
            assert done.record.id == record.id and done.record.last_seq > halfway

        code, text = typed(tmp_path, url, ["history", "q"])
        assert code == 0, text[-2000:]
        assert re.search(rf"^#{record.id} · .*High Card", text, re.M), text[-2000:]
        capsys.readouterr()
        assert main(["history", "--db", url]) == 0
        assert re.search(rf"^#{record.id} · .*High Card", capsys.readouterr().out, re.M)
    finally:
        pg_server.drop_database(url)
