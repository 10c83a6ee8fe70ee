"""The terminal table speaks the players' language (#20): ``--lang`` (a code or a name), else
the locale of the environment, else English; its help too; Japanese lines wrap by the width a
terminal shows them (two columns a character)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot import cli
from bot.table.render import PlaceholderRenderer
from bot.terminal import play as terminal
from bot.terminal.args import choose_language
from bot.terminal.io import Console
from bot.terminal.view import numbered_options
from bot.terminal.width import clip, display_width, ljust, wrap_text
from engine.core import Option
from engine.i18n import speaking
from engine.i18n.shared import _, _p
from engine.registry import registration
from render.common.replay import score_graph


class ScriptIn(io.StringIO):
    def isatty(self) -> bool:
        return False


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def run(
    tmp_path: Path,
    args: list[str],
    lines: list[str],
    environ: dict[str, str] | None = None,
) -> tuple[int, str]:
    out = io.StringIO()
    feed = ScriptIn("".join(f"{x}\n" for x in lines))
    argv = [*args, "--out", str(tmp_path / "out"), "--db", str(tmp_path / "t.sqlite3")]
    rc = terminal.main(
        argv,
        stdin=feed,
        stdout=out,
        renderer=PlaceholderRenderer(),
        environ={} if environ is None else environ,
    )
    return rc, out.getvalue()


def test_lang_hu_shows_hungarian_prompts(tmp_path: Path) -> None:
    rc, text = run(tmp_path, ["--lang", "hu", "--seed", "7"], ["help", "log x", "quit"])
    assert rc == 0, text[-2000:]
    assert "Lehetőségek (írj be egy számot vagy parancsot" in text
    assert "Új Velence játszma" in text
    assert "ez a lista" in text  # the terminal's own help
    assert "✗ a 'log' után a lépések száma jön" in text
    assert "Mentve (" in text and "Folytatás: 'uv run canalside play --game venezia" in text
    assert "Options (type a number" not in text


def test_a_language_name_is_understood(tmp_path: Path) -> None:
    rc, text = run(tmp_path, ["--lang", "Italiano", "--seed", "7"], ["quit"])
    assert rc == 0 and "Nuova partita di Venezia" in text and "Salvata alla mossa" in text


def test_the_locale_chooses_without_lang(tmp_path: Path) -> None:
    rc, text = run(tmp_path, ["--seed", "7"], ["quit"], environ={"LANG": "ja_JP.UTF-8"})
    assert rc == 0, text[-2000:]
    assert "選択肢（番号かコマンドを入力" in text
    assert "に保存しました。続けるには 'uv run canalside play --game venezia" in text
    # --lang wins over the locale
    rc, text = run(tmp_path, ["--lang", "en"], ["quit"], environ={"LANG": "ja_JP.UTF-8"})
    assert rc == 0 and "Options (type a number or a command" in text and "選択肢" not in text


def test_english_without_lang_or_locale(tmp_path: Path) -> None:
    rc, text = run(tmp_path, ["--seed", "7"], ["quit"], environ={"LANG": "C.UTF-8"})
    assert rc == 0 and "Options (type a number or a command; 'help' lists more):" in text
    assert "Saved at move 0" in text


def test_unknown_lang_lists_the_four(tmp_path: Path) -> None:
    rc, text = run(tmp_path, ["--lang", "klingon"], [])
    assert rc == 2
    assert "unknown language 'klingon' for --lang" in text
    assert "en (English), ja (日本語), hu (Magyar), it (Italiano)" in text
    assert not (tmp_path / "t.sqlite3").exists()  # nothing was opened
    # said in the locale's language when the locale is one we speak
    rc, text = run(tmp_path, ["--lang", "xx"], [], environ={"LANG": "hu_HU.UTF-8"})
    assert rc == 2 and "ismeretlen nyelv a --lang után: 'xx'" in text


def test_choose_language() -> None:
    assert choose_language(["--lang", "Magyar"], {}) == ("hu", None)
    assert choose_language(["--lang=ja"], {"LANG": "it_IT.UTF-8"}) == ("ja", None)
    assert choose_language([], {"LANGUAGE": "it:en", "LANG": "ja_JP"}) == ("it", None)
    assert choose_language(["--lang", "de"], {"LANG": "ja_JP"}) == ("ja", "de")
    assert choose_language([], {}) == ("en", None)


def test_help_in_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        terminal.main(["--lang", "hu", "--help"], environ={})
    assert exit_.value.code == 0
    shown = capsys.readouterr().out
    assert shown.startswith("használat: canalside play")
    assert "az asztal nyelve: en (English), ja (日本語)," in " ".join(shown.split())
    assert "kapcsolók:" in shown and "ez a súgó, majd kilépés" in shown
    with pytest.raises(SystemExit):
        terminal.main(["--help"], environ={})
    english = capsys.readouterr().out
    assert english.startswith("usage: canalside play") and "show this help message" in english
    with pytest.raises(SystemExit) as exit_:
        terminal.main(["--lang", "ja", "--players", "many"], environ={})
    assert exit_.value.code == 2 and "canalside play：エラー：" in capsys.readouterr().err
    with pytest.raises(SystemExit):  # '--lang' without a value: said once, by the real parser
        terminal.main(["--lang"], environ={})
    said = capsys.readouterr().err
    assert said.count("error:") == 1 and "--lang: expected one argument" in said


def test_cli_usage_in_the_locale(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert cli.main(["--help"]) == 0
    shown = capsys.readouterr().out
    assert "uso: canalside <command> [options]" in shown
    assert "gioca a un tavolo nel terminale" in shown


# -- display width ------------------------------------------------------------------------------


def test_display_width_counts_wide_characters_twice() -> None:
    assert display_width("abc") == 3
    assert display_width("得点") == 4
    assert display_width("ｐｌａｙ") == 8  # fullwidth letters
    assert display_width("e\u0301") == 1  # a combining accent takes no column
    assert ljust("得点", 6) == "得点  " and display_width(ljust("手札", 7)) == 7
    assert clip("あいうえお", 7) == "あいう…" and display_width(clip("あいうえお", 7)) <= 7


def test_japanese_lines_wrap_by_display_width(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    line = (
        "  ゲーム終了（12 手番、48 手）。最終順位はこちらです。"
        "得点の多いプレイヤーから順に並べ、同点なら同じ順位になります。"
    )
    screen = Tty()
    Console(ScriptIn(""), screen, color=False).say(line)
    shown = screen.getvalue().splitlines()
    assert len(shown) > 2
    assert all(display_width(x) < 40 for x in shown)  # len() would allow 39 wide characters
    assert all(display_width(x) >= 30 for x in shown[:-1])  # each line is filled
    assert all(x.startswith("    ") for x in shown[1:])
    assert "".join(x.strip() for x in shown).replace(" ", "") == line.replace(" ", "")
    # no line starts with a closing mark
    assert not any(x.strip()[:1] in "、。）」" for x in shown)


def test_wrap_keeps_words_and_breaks_between_wide_characters() -> None:
    assert wrap_text("aaa bbb ccc", 7) == ["aaa bbb", "ccc"]
    assert wrap_text("あいうえおかきくけこ", 8, "  ") == ["あいうえ", "  おかき", "  くけこ"]
    assert wrap_text("「あいう」えお", 6) == ["「あい", "う」え", "お"]


def test_numbered_options_pad_by_display_width() -> None:
    texts = registration("venezia").parts().texts
    options = [Option.of("pass"), Option.of("play 6")]
    with speaking("ja"):
        lines = numbered_options(options, 60, texts)
    assert lines and all(display_width(line) <= 60 for line in lines)


def test_score_graph_in_japanese() -> None:
    with speaking("ja"):
        graph = score_graph(["A", "B"], [[0, 0], [3, 5]])
    assert graph.startswith(b"\x89PNG")
    assert graph != score_graph(["A", "B"], [[0, 0], [3, 5]])  # English axis words differ
    from render.common.text import _coverage

    cjk = _coverage()["NotoSansCJKjp-Regular.subset.otf"]
    with speaking("ja"):
        words = "".join(
            [_p("graph", "score"), _("turn {number}", number=1), _("seat {number}", number=2)]
        )
    assert all(ord(c) in cjk for c in words if not c.isascii())  # the bundled font draws them


def test_terminal_words_in_any_language_at_any_table(tmp_path: Path) -> None:
    """A Hungarian or Japanese command word works at an English table (and the reverse)."""
    assert terminal.command_word("Súgó") == "help" and terminal.command_word("やめる") == "quit"
    assert terminal.command_word("napló") == "log" and terminal.command_word("play") == "play"
    rc, text = run(tmp_path, ["--seed", "7"], ["súgó", "ログ x", "esci"])
    assert rc == 0, text[-2000:]
    assert "this list" in text  # the English help
    assert "✗ 'log' takes a number of moves" in text
    assert "Saved at move" in text
    rc, text = run(tmp_path, ["--lang", "ja"], ["help", "quit"])
    assert rc == 0 and "この一覧" in text and "に保存しました" in text


def test_image_text_breaks_japanese_words() -> None:
    """A Japanese prompt has no spaces: the images break it between characters, never an
    English word."""
    from render.common.draw import wrap_words
    from render.common.text import text_width

    prompt = "あなたの手番です：カードを出すか、何も出さずにパスしてください。"
    lines = wrap_words(prompt.split(), 20, 200, " ")
    assert len(lines) > 1 and "".join(lines) == prompt
    assert all(text_width(line, 20) <= 200 for line in lines)
    assert not any(line[:1] in "、。：" for line in lines)
    english = ["Greedy", "AI", "plays", "basilica", "ponte"]
    assert wrap_words(english, 20, 60, " ") == english  # each word kept whole
