"""The archive at the command line and the prompt, as a person types it: imported games are
listed by ``canalside history`` and by the terminal's ``history`` (#24 item 17), a ``--db`` that
cannot be opened is one clear line (#24 item 17), and the commands the programs print work as
printed when pasted into a shell (#24 item 16)."""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.archive import RUN
from bot.cli import main
from bot.devtools.stored_games import store_selfplay_game
from bot.storage.store import Storage
from tests.test_terminal import run as play


def shell(command: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run a printed ``uv run canalside …`` command as a shell would split it."""
    words = shlex.split(command)
    assert tuple(words[: len(RUN)]) == RUN, command
    capsys.readouterr()
    code = main(words[len(RUN) :])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def game_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Iterator[Path]:
    """A finished Venezia game exported from a Discord bot's database."""
    db = tmp_path / "bot.sqlite3"
    with Storage.open(db) as storage:
        game_id = store_selfplay_game(storage, "1234", "venezia", seed=4)
    out = tmp_path / "venezia.json"
    assert main(["export", str(game_id), "--db", str(db), "--out", str(out)]) == 0
    capsys.readouterr()
    yield out


def test_imported_games_are_listed_by_venezia_history(
    game_file: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """#24 item 17: 'canalside history --db …' lists every closed game, the imported ones
    marked, and prints the export command of the newest as it works."""
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "mine.sqlite3"
    assert main(["import", str(game_file), "--db", str(db)]) == 0
    out = capsys.readouterr().out
    (listing,) = re.findall(r"'(uv run canalside history[^']*)' lists it", out)
    code, text, err = shell(listing, capsys)
    assert code == 0 and err == "", err
    assert re.search(r"^#1 · .* · Venezia · .* · imported$", text, re.M), text
    (export,) = re.findall(r"'(uv run canalside export [^']*)' writes game #1", text)
    code, text, err = shell(export, capsys)
    assert code == 0 and "wrote game-1.json" in text, err
    assert (tmp_path / "game-1.json").stat().st_size > 0
    empty = tmp_path / "empty.sqlite3"
    Storage.open(empty).close()
    assert main(["history", "--db", str(empty)]) == 0
    assert "No finished games in" in capsys.readouterr().out


def test_imported_games_are_listed_at_the_terminal(
    game_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """#24 item 17: a game imported into the terminal's database is in its 'history', and
    'game N' and 'replay N' show it; #24 item 16: the export command the card prints and
    the continue command printed on quitting work as printed (with --db, with uv run)."""
    db = tmp_path / "t.sqlite3"
    assert main(["import", str(game_file), "--db", str(db)]) == 0
    capsys.readouterr()
    rc, text = play(tmp_path, ["--players", "2", "--seed", "1"], ["history", "game 1", "q"])
    assert rc == 0, text[-2000:]
    assert "No finished games" not in text
    assert re.search(r"^#1 · .* · Venezia · ", text, re.M), text[-2000:]
    (export,) = re.findall(r"\(or `([^`]*)`\)", text)
    assert export == f"uv run canalside export 1 --db {db}"
    code, out, err = shell(f"{export} --out {tmp_path / 'again.json'}", capsys)
    assert code == 0 and "wrote" in out, err
    (again,) = re.findall(r"Continue with '([^']*)'", text)
    assert again.startswith("uv run canalside play --game venezia "), again
    saved = re.findall(r"Saved at ([^.]*) in", text)
    words = shlex.split(again)[len(RUN) + 1 :]
    rc, text = play(tmp_path, words, ["q"])  # its --out and --db, the same as before
    assert rc == 0 and re.findall(r"Saved at ([^.]*) in", text) == saved, text[-1500:]


@pytest.mark.parametrize(
    "command",
    [["import", "{file}"], ["export", "1"], ["history"], ["ratings", "show"]],
    ids=["import", "export", "history", "ratings"],
)
def test_a_database_that_cannot_be_opened_is_one_line(
    command: list[str], game_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """#24 item 17: '--db /nonexistent/x.sqlite3' (a folder that is not there), a folder,
    a file that is not a database: one line that says so, exit 1, nothing created or
    changed."""
    not_a_db = tmp_path / "notes.txt"
    not_a_db.write_text("my notes\n" * 100)
    folder = tmp_path / "folder"
    folder.mkdir()
    for db, words in (
        (tmp_path / "nonexistent" / "x.sqlite3", ("nonexistent",)),
        (folder, ("folder",)),
        (not_a_db, ("notes.txt",)),
    ):
        before = sorted(p.name for p in tmp_path.rglob("*"))
        argv = [w.replace("{file}", str(game_file)) for w in command]
        capsys.readouterr()
        assert main([*argv, "--db", str(db)]) == 1
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
        assert all(w in err for w in words), err
        assert sorted(p.name for p in tmp_path.rglob("*")) == before
        assert not_a_db.read_text() == "my notes\n" * 100
