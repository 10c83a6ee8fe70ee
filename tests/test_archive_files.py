"""Hostile game files (#24 item 4): ``canalside import`` and ``canalside replay`` read a file from
anywhere. Every case of the issue is tried through the command line as an operator types it:
a refused file says why in words, changes nothing (not even creating the database) and never
ends in a traceback; an accepted file is exactly what was exported; the same game is never
imported twice; a file exported before the digest (format 1) still imports."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.archive.portable import FORMAT, digest, dumps
from bot.archive.untrusted_json import MAX_FILE_BYTES, parse
from bot.cli import main
from bot.devtools.stored_games import store_selfplay_game
from bot.storage.history import ARCHIVE_CHANNEL
from bot.storage.store import Storage

GAMES = ("venezia", "canal_grande", "amsterdam")  # not for players


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """One finished game of each title, exported by ``canalside export`` from a database."""
    folder = tmp_path_factory.mktemp("exported")
    db = folder / "played.sqlite3"
    with Storage.open(db) as storage:
        ids = {game: store_selfplay_game(storage, "5", game, seed=11) for game in GAMES}
    files = {}
    for game, game_id in ids.items():
        out = folder / f"{game}.json"
        assert main(["export", str(game_id), "--db", str(db), "--out", str(out)]) == 0
        files[game] = json.loads(out.read_text(encoding="utf-8"))
    return files


@pytest.fixture
def venezia(exported: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return json.loads(json.dumps(exported["venezia"]))


def sealed(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with its digest made again (a forger's file: each field's own check)."""
    return {**data, "sha256": digest(data)}


def legacy(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as export wrote it before the digest (format 1)."""
    return {**{k: v for k, v in data.items() if k != "sha256"}, "format": 1}


def state_of(path: Path) -> str | None:
    """The database file's bytes (hashed), ``None`` when there is none."""
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None


class Run:
    """``canalside import`` / ``replay`` of one file into a database, as typed."""

    def __init__(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.tmp = tmp_path
        self.capsys = capsys
        self.db = tmp_path / "archive.sqlite3"
        self.count = 0

    def file(self, content: bytes | str | dict[str, Any]) -> Path:
        self.count += 1
        path = self.tmp / f"file-{self.count}.json"
        if isinstance(content, dict):
            content = dumps(content)
        if isinstance(content, str):
            content = content.encode("utf-8", "surrogatepass")
        path.write_bytes(content)
        return path

    def __call__(self, *argv: str) -> tuple[int, str, str]:
        self.capsys.readouterr()
        code = main(list(argv))
        out, err = self.capsys.readouterr()
        return code, out, err

    def refused(
        self, content: bytes | str | dict[str, Any], *words: str, replay: bool = False
    ) -> str:
        """Import ``content``: refused with ``words`` in the message, nothing changed (no
        new database), and ``replay`` refuses it too (unless the file is a good one,
        ``replay``: only stored already)."""
        path = self.file(content)
        before = state_of(self.db)
        code, out, err = self("import", str(path), "--db", str(self.db))
        assert code == 1 and out == "", (out, err)
        assert err.startswith("refused, nothing imported: ") and err.count("\n") == 1, err
        assert "Traceback" not in err and "utf-8" not in err, err
        for word in words:
            assert word in err, (word, err)
        assert state_of(self.db) == before
        if replay:
            return err
        code, out, err2 = self("replay", str(path), "--out", str(self.tmp / "replay"))
        assert code == 1 and err2.startswith(f"refused {path}: ") and not out, err2
        assert not (self.tmp / "replay").exists()
        return err

    def imported(self, content: bytes | str | dict[str, Any]) -> int:
        code, out, err = self("import", str(self.file(content)), "--db", str(self.db))
        assert code == 0 and err == "", err
        assert out.startswith("imported as game #"), out
        return int(out.removeprefix("imported as game #").split()[0])

    def export(self, game_id: int) -> dict[str, Any]:
        out = self.tmp / f"again-{game_id}.json"
        code, _out, err = self("export", str(game_id), "--db", str(self.db), "--out", str(out))
        assert code == 0, err
        data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
        return data


@pytest.fixture
def run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Iterator[Run]:
    yield Run(tmp_path, capsys)


@pytest.mark.parametrize("game", GAMES)
def test_an_accepted_file_is_exactly_what_was_exported(
    game: str, exported: dict[str, dict[str, Any]], run: Run
) -> None:
    """#24 item 4: imported, then exported again, a file is the same file, byte for byte
    the same fields (its digest covers all of them)."""
    data = exported[game]
    assert data["format"] == FORMAT and data["sha256"] == digest(data)
    game_id = run.imported(data)
    assert run.export(game_id) == data


def test_a_file_exported_before_the_digest_still_imports(
    exported: dict[str, dict[str, Any]], run: Run
) -> None:
    """#24 item 4: format 1 (no sha256) is read, and checked as strictly."""
    for game in GAMES:
        old = legacy(exported[game])
        game_id = run.imported(old)
        again = run.export(game_id)
        assert legacy(again) == old


def test_a_byte_order_mark_is_skipped(venezia: dict[str, Any], run: Run) -> None:
    """#24 item 4: a UTF-8 BOM (an editor on Windows) is not a reason to refuse."""
    run.imported(b"\xef\xbb\xbf" + dumps(venezia).encode("utf-8"))


def test_the_same_game_twice_is_refused_naming_the_stored_one(
    venezia: dict[str, Any], run: Run
) -> None:
    """#24 item 4: the second import of a file (or of the same game exported again, or
    written before the digest) is refused, naming the game already stored."""
    first = run.imported(venezia)
    for again in (venezia, legacy(venezia), run.export(first)):
        run.refused(again, f"as game #{first}", "already", replay=True)
    with Storage.open(run.db) as storage:
        assert len(storage.history.closed_games(ARCHIVE_CHANNEL)) == 1


def test_a_game_imported_back_into_its_own_database_is_refused(
    venezia: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """#24 item 4: the table's own game, exported and imported into the same database."""
    db = tmp_path / "played.sqlite3"
    with Storage.open(db) as storage:
        game_id = store_selfplay_game(storage, "5", "venezia", seed=11)
    run = Run(tmp_path, capsys)
    run.db = db
    run.refused(venezia, f"as game #{game_id}", replay=True)


def test_crashes_of_the_issue_are_refusals(venezia: dict[str, Any], run: Run) -> None:
    """#24 item 4: JSON nested 100,000 deep; a date that overflows in UTC; a lone
    surrogate (said in words, not "… final hash: utf-8")."""
    run.refused("[" * 100_000 + "]" * 100_000, "nests", "deep")
    run.refused('{"format": 2, "x": ' + "[" * 50 + "]" * 50 + "}", "nests")
    for where in ("started_at", "finished_at"):
        run.refused(legacy({**venezia, where: "0001-01-01T00:00:00+14:00"}), where, "UTC")
        run.refused(sealed({**venezia, where: "9999-12-31T23:59:59-14:00"}), where)
    lone = dumps(venezia).replace('"P1"', '"P\\ud800"', 1)
    run.refused(lone, "players[0].name", "surrogate")
    run.refused(dumps(venezia).encode("utf-8") + b"\xff", "UTF-8", "byte")


def test_the_size_is_limited_before_parsing(venezia: dict[str, Any], run: Run) -> None:
    """#24 item 4: a 13 MB file and a 20 MB player name are refused by their size, unread;
    a short name the table would not keep (control and bidi characters, 33 characters) is
    refused by its check."""
    assert MAX_FILE_BYTES == 2 * 1024 * 1024
    huge = {**venezia, "moves": venezia["moves"] * 2000}
    run.refused(dumps(huge), "bytes", f"{MAX_FILE_BYTES:,}")
    players = [{"name": "x" * 20_000_000, "ai": None}, venezia["players"][1]]
    run.refused(legacy({**venezia, "players": players}), "bytes")
    for name in ("\u202e@everyone\x00\x1b[31m", "x" * 33, ""):
        players = [{"name": name, "ai": None}, venezia["players"][1]]
        run.refused(sealed({**venezia, "players": players}), "players[0].name", "32")


RELABELLED: list[tuple[str, Callable[[dict[str, Any]], dict[str, Any]], tuple[str, ...]]] = [
    (
        "a human seat relabelled as an AI",
        lambda d: {**d, "players": [{**d["players"][0], "ai": "strong"}, *d["players"][1:]]},
        (),
    ),
    ("a finished game relabelled as aborted", lambda d: {**d, "status": "aborted"}, ("aborted",)),
    ("format: true", lambda d: {**d, "format": True}, ("format", "true")),
    ("format: 2.0", lambda d: {**d, "format": 2.0}, ("format",)),
    ("the game spelled VENEZIA", lambda d: {**d, "game": "VENEZIA"}, ("game", "VENEZIA")),
    ("another result", lambda d: {**d, "results": d["results"][::-1]}, ("results",)),
    ("a field too many", lambda d: {**d, "comment": "hi"}, ("comment",)),
    ("a field too few", lambda d: {k: v for k, v in d.items() if k != "results"}, ("results",)),
    ("a seat as true", lambda d: {**d, "moves": [[True, d["moves"][0][1]]]}, ("moves[0][0]",)),
    ("a seed with a sign", lambda d: {**d, "seed": "+" + d["seed"]}, ("seed",)),
    (
        "an AI level unknown",
        lambda d: {**d, "players": [d["players"][0], {"name": "AI2", "ai": "god"}]},
        ("players[1].ai", "god"),
    ),
    ("a player too many", lambda d: {**d, "players": d["players"] * 3}, ("players",)),
    ("a finish before the start", lambda d: {**d, "started_at": "2099-01-01T00:00:00+00:00"}, ()),
    ("an option of another game", lambda d: {**d, "options": {"variant": "gomoku"}}, ("options",)),
    ("another final hash", lambda d: {**d, "final_hash": "0" * 16}, ("final_hash",)),
    ("an illegal move", lambda d: {**d, "moves": [[0, "fly away"]]}, ("move 0", "fly away")),
    ("a move after the end", lambda d: {**d, "moves": [*d["moves"], [0, "pass"]]}, ("move",)),
]


@pytest.mark.parametrize(
    ("change", "words"), [(c, w) for _name, c, w in RELABELLED], ids=[n for n, *_ in RELABELLED]
)
def test_what_the_final_hash_does_not_cover_is_refused_when_changed(
    venezia: dict[str, Any],
    run: Run,
    change: Callable[[dict[str, Any]], dict[str, Any]],
    words: tuple[str, ...],
) -> None:
    """#24 item 4: a changed field is refused: by the digest, and (a digest made again, or a
    file of format 1) by the field's own check wherever the moves or the schema decide it."""
    changed = change(venezia)
    digested = type(changed.get("format")) is int and changed["format"] == FORMAT
    if digested:  # the digest, or a check before it (the fields a file has)
        err = run.refused(changed)
        assert "changed after export" in err or all(w in err for w in words), err
    seated_again = change(legacy(venezia))
    if seated_again.get("players") == [{"name": "P1", "ai": "strong"}, venezia["players"][1]]:
        return  # who sat where is the digest's alone: a file of format 1 cannot tell
    run.refused(sealed(changed) if digested else changed, *words)
    run.refused(seated_again, *words)


def test_another_first_divider_is_refused(exported: dict[str, dict[str, Any]], run: Run) -> None:
    """#24 item 4: Canal Grande's ``first_divider`` is covered by the digest; a value not
    as the game writes it is refused by the options' check."""
    data = exported["canal_grande"]
    for divider in ("0", "1"):
        changed = {**data, "options": {**data["options"], "first_divider": divider}}
        run.refused(changed, "changed after export")
    changed = {**data, "options": {**data["options"], "first_divider": "RANDOM"}}
    run.refused(sealed(changed), "options")
    run.refused({**data, "options": {"turn_limit": "500"}}, "changed after export")
    run.refused(legacy({**data, "options": {"turn_limit": "500"}}), "options", "first_divider")


def test_a_game_name_in_capitals_is_refused(exported: dict[str, dict[str, Any]], run: Run) -> None:
    """#24 item 4: ``"game": "AMSTERDAM"`` names no registered game (the registry's lookup
    forgives case; a file is exact)."""
    data = exported["amsterdam"]
    run.refused({**data, "game": "AMSTERDAM"}, "changed after export")
    run.refused(sealed({**data, "game": "AMSTERDAM"}), "game", "AMSTERDAM", "amsterdam")
    run.refused(legacy({**data, "game": "AMSTERDAM"}), "game", "AMSTERDAM")
    run.imported(legacy(data))


def test_json_tricks_are_refused(venezia: dict[str, Any], run: Run) -> None:
    """#24 item 4: a repeated key, NaN, a 5,000-digit number, not an object, not JSON."""
    text = dumps(venezia)
    run.refused(text.replace('"status"', '"status": "aborted", "status"', 1), "repeats", "status")
    run.refused(text.replace('"format": 2', '"format": NaN', 1), "NaN")
    run.refused(text.replace('"format": 2', '"format": ' + "9" * 5000, 1), "number")
    run.refused(text.replace('"format": 2', '"format": 1e400', 1), "number")
    run.refused('"' + '\\"' * 1_000_000, "not JSON")  # one pass, whatever the quotes
    brackets = text.replace('"P1"', '"[[[[[\\"{{{{"', 2)  # brackets in a name nest nothing
    run.refused(brackets, "changed after export")
    assert parse(b'{"a": "[[[[[\\"{{{{\\\\", "b": [[["]]]]"]]]}')["b"] == [[["]]]]"]]]
    run.refused("[]", "not a JSON object")
    run.refused("", "not JSON")
    run.refused(text[:-10], "not JSON", "line")


def test_a_refused_file_creates_no_database(venezia: dict[str, Any], run: Run) -> None:
    """#24 item 4: ``--db`` naming a file that is not there stays not there."""
    assert not run.db.exists()
    run.refused({**venezia, "status": "aborted"}, "changed after export")
    assert not run.db.exists() and list(run.tmp.glob("archive.sqlite3*")) == []


def test_a_huge_game_number_is_refused_in_words(run: Run) -> None:
    """#24 item 4: ``canalside export 1180591620717411303424`` (and ``³``, ``0``) say what a
    game number is; no traceback."""
    with Storage.open(run.db):
        pass
    for typed in ("1180591620717411303424", "³", "0", "-1", "١٢"):
        with pytest.raises(SystemExit) as exit_:
            run("export", typed, "--db", str(run.db))
        assert exit_.value.code == 2
        err = run.capsys.readouterr().err
        assert "a game number is a whole number from 1 to" in err and "Traceback" not in err
    code, _out, err = run("export", "99", "--db", str(run.db))
    assert code == 1 and "no finished game #99" in err
    assert "'uv run canalside history --db " in err


def test_an_aborted_game_round_trips_and_cannot_be_relabelled_finished(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """#24 item 4: an aborted game is exported and imported as aborted, exactly; relabelled
    as finished it is refused (its moves do not finish it)."""
    db = tmp_path / "played.sqlite3"
    with Storage.open(db) as storage:
        game_id = store_selfplay_game(storage, "5", "amsterdam", seed=3, stop_after=30)
    out = tmp_path / "aborted.json"
    assert main(["export", str(game_id), "--db", str(db), "--out", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["status"] == "aborted" and data["results"] == []
    run = Run(tmp_path, capsys)
    assert run.export(run.imported(data)) == data
    run.db = tmp_path / "other.sqlite3"
    finished = {**data, "status": "finished"}
    run.refused(sealed(finished), "finished", "do not finish")
    run.refused(legacy(finished), "do not finish")
