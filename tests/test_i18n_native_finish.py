"""What a native reader of Japanese, Hungarian or Italian still met in English or in a foreign
notation after #25's first pass (#25 items left: "AI seats", "Japanese punctuation", "AIの手番10",
the board images' game titles, the Hungarian terminal's "seed")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]


def japanese_strings() -> list[tuple[str, str]]:
    """(msgid, translation) of every Japanese message of every catalog."""
    out: list[tuple[str, str]] = []
    for po in sorted(ROOT.glob("data/**/locale/ja/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalog = read_po(f)
        for m in catalog:
            if not m.id:
                continue
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            out += [(str(ids[0]), str(s)) for s in strings if s]
    return out


def test_japanese_turn_numbers_have_one_notation() -> None:
    """#25 (「AIの手番10」): a turn number reads "{n}手番目" (the table's "turn {n}") and a
    range "{a}〜{b}", never "手番{turn}" or "{first}–{last}" in Japanese."""
    found = [
        (mid, s)
        for mid, s in japanese_strings()
        if re.search(r"手番\{", s) or re.search(r"\}[–-]\{", s)  # a score "{a} – {b}" is no range
    ]
    assert not found, found


def test_no_english_seed_in_hungarian_or_italian() -> None:
    """#25: the Hungarian terminal's start line said "seed": a game's seed is *kezdőérték* in
    Hungarian and *seme* in Italian in every message that names it."""
    for lang, word in (("hu", "kezdőérték"), ("it", "seme")):
        for po in sorted(ROOT.glob(f"data/**/locale/{lang}/LC_MESSAGES/*.po")):
            with po.open("rb") as f:
                catalog = read_po(f)
            for m in catalog:
                ids = m.id if isinstance(m.id, tuple) else (m.id,)
                if not m.id or not re.search(r"\bseed\b", str(ids[0])):
                    continue
                strings = m.string if isinstance(m.string, tuple) else (m.string,)
                for s in strings:
                    words = re.sub(r"\{[^}]*\}|--seed", " ", s).casefold()
                    assert "seed" not in words, (lang, m.id, s)
                    assert word in words, (lang, m.id, s)


def terminal_game(tmp_path: Path, lang: str, game: str) -> str:
    """A terminal game as a person types it: the first option a dozen times, then what a
    player reads on asking (status, log, hand), then quit."""
    import io

    from bot.table.render import PlaceholderRenderer
    from bot.terminal import play as terminal

    class Typed(io.StringIO):
        def isatty(self) -> bool:
            return False

    lines = ["status", *["1"] * 14, "status", "log", "hand", "quit"]
    out = io.StringIO()
    argv = ["--lang", lang, "--game", game, "--seed", "7", "--players", "2", "--ai", "greedy"]
    argv += ["--out", str(tmp_path / "out"), "--db", str(tmp_path / "t.sqlite3")]
    rc = terminal.main(
        argv,
        stdin=Typed("".join(f"{x}\n" for x in lines)),
        stdout=out,
        renderer=PlaceholderRenderer(),
        environ={},
    )
    assert rc == 0, out.getvalue()[-2000:]
    return out.getvalue()


@pytest.mark.parametrize("game", ["venezia", "canal_grande", "amsterdam"])
@pytest.mark.parametrize("lang", ["ja", "hu", "it"])
def test_a_terminal_game_shows_no_english_word(tmp_path: Path, lang: str, game: str) -> None:
    """#25 (the terminal in each language): a terminal game typed in ja, hu or it shows no
    English word beyond what the native channels allow (its AI seat by its translated label:
    "Players: 1. Player and 2. Greedy AI [AI]" was the stored English name)."""
    from bot.discord.commands import move_commands
    from tests.discord.test_native_channels import english_in

    verbs = {spec.verb for spec in move_commands()}
    text = terminal_game(tmp_path, lang, game)
    if lang == "ja":  # "➡ プレイヤー: 公開する…" was an f-string's ASCII colon
        assert not [x for x in text.splitlines() if x.startswith("➡") and ": " in x], text
    shown = []
    for line in text.splitlines():
        if re.match(r"^\S+> |^\s+= ", line):  # what the player typed, the command it made
            continue
        line = re.sub(
            re.escape(str(tmp_path))
            + r"\S*?\.(?:png|webp|sqlite3)|"
            + re.escape(str(tmp_path))
            + r"[A-Za-z0-9_./-]*",
            " ",
            line,
        )  # a path
        # a secret answer echoed as typed ("your secret answer: play 2")
        line = re.sub(r"([:：]\s*)(\w+)( \S+)*$", lambda m: m[1] if m[2] in verbs else m[0], line)
        # a command's form as typed: "divide <positions>"
        line = re.sub(r"\b(\w+) <", lambda m: " <" if m.group(1) in verbs else m[0], line)
        option_list = re.match(r"^\s+(\w+)\s+\d+\) ", line)
        if option_list and option_list.group(1) in verbs:  # the commands one may type
            line = line.replace(option_list.group(1), " ", 1)
            line = re.sub(r"\d+\) (\w+)", lambda m: " " if m.group(1) in verbs else m[0], line)
        shown.append(line)
    left = english_in(shown, lang)
    assert not left, "\n".join(f"{w!r} in {t!r}" for w, t in sorted(left.items()))


@pytest.mark.parametrize("game", ["venezia", "canal_grande", "amsterdam"])
@pytest.mark.parametrize("lang", ["ja", "hu", "it"])
def test_every_picture_shows_no_english_word(lang: str, game: str) -> None:
    """#25 (the board images' titles): every text drawn on a game's board, hands and end
    screen in ja, hu or it is in that language — Canal Grande's board header drew the Latin
    "Canal Grande" under the message's カナル・グランデ; Venezia's end screen without a
    ranking drew "Venezia"."""
    from engine.i18n import speaking
    from engine.registry import registration
    from render.common.text import watching
    from tests.discord.test_native_channels import english_in
    from tests.test_images_every_language import positions

    with speaking(lang):  # the table plays in its language: its prompts are made in it
        middle, end = positions.__wrapped__(game, ())
    draw = registration(game).renderers()
    draw.board(middle.public_view())  # warm the caches (a palette drawn from a sample board)
    with speaking(lang), watching() as seen:
        draw.board(middle.public_view())
        draw.end(end.public_view())
        for seat in range(len(middle.players)):
            draw.hand(middle.player_view(seat))
    from bot.discord.commands import move_commands

    texts = [text for text, _size, _image in seen.drawn]
    assert texts
    names = {"Ann", "Bo", "Cy", "Di", "Ed"}
    verbs = {spec.verb for spec in move_commands()}  # a hand's "what you may type" column
    if lang == "ja":  # "Ann: 沼タイルを…" was an f-string's ASCII colon
        assert not [t for t in texts if re.search(r"[:;] ", t)], texts
    left = english_in([t for t in texts if t not in names and t not in verbs], lang)
    assert not left, "\n".join(f"{w!r} in {t!r}" for w, t in sorted(left.items()))


def test_a_players_token_counts_are_plural_messages() -> None:
    """#25 (every count a plural message): Venezia's player panels drew "8 palude", "4 tesoro"
    in Italian."""
    from engine.i18n import speaking
    from render.venezia.board_panels import _token_count

    with speaking("it"):
        assert _token_count("swamp", 8) == "8 paludi"
        assert _token_count("swamp", 1) == "1 palude"
        assert _token_count("treasure", 4) == "4 tesori"
    with speaking("en"):
        assert _token_count("swamp", 2) == "2 swamp"  # the English panel as before


def test_a_hand_waiting_for_another_says_his_task_not_his_imperative() -> None:
    """#25 (no imperative addressed to the wrong person): Venezia's hand image read "Mohó gép
    következik: játssz ki kártyákat" (Greedy AI's turn: *you* play cards) in Hungarian; the
    others read the decider's task ("kártyák kijátszása")."""
    from engine.i18n import speaking
    from engine.registry import table_game
    from render.common.text import watching
    from render.venezia.hand import render_hand

    with speaking("hu"):
        state = table_game("venezia").new_state(["Ann", "Bo", "Cy"], 3)
        waiting = next(s for s in range(3) if s != state.public_view()["pending"]["seat"])
        with watching() as seen:
            render_hand(state.player_view(waiting))
    texts = [t for t, _size, _image in seen.drawn]
    assert any("következik: kártyák kijátszása" in t for t in texts), texts
    assert not any("játssz ki" in t for t in texts), texts


def test_japanese_question_and_exclamation_marks_are_full_width() -> None:
    """#25 (Japanese punctuation): 「特殊カードを買う?」 and 「{name}の勝ち!」 kept ASCII marks
    after Japanese text; Japanese writes ？ and ！."""
    found = [
        (mid, s)
        for mid, s in japanese_strings()
        if re.search(r"[\u3040-\u30ff\u4e00-\u9fff）][?!]", s)
    ]
    assert not found, found
