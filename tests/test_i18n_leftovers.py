"""#25 leftovers: what a native reader still met after the main #25 work (the end title's
"&", argparse's English, titles cut from translations, imperatives in public texts)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(("lang", "word"), [("hu", " és "), ("it", " e "), ("ja", "、")])
def test_venezia_end_title_lists_winners_in_the_language(lang: str, word: str) -> None:
    """#25 (lists joined by the language's own pattern): Venezia's end picture and its last
    board title joined tied winners with " & " in every language."""
    from engine.i18n import speaking
    from render.common.text import watching
    from render.venezia.end import compose_end
    from tests.test_images_every_language import positions

    _middle, end = positions.__wrapped__("venezia", ())
    view = end.public_view()
    view["ranking"] = [[0, 1], [2]]
    names = [str(p["name"]) for p in view["players"]]
    from engine.registry import registration

    draw = registration("venezia").renderers()
    with speaking(lang), watching() as seen:
        compose_end(view)
        draw.board(view)
    texts = [t for t, _size, _image in seen.drawn]
    assert not any(" & " in t for t in texts), texts
    both = f"{names[0]}{word}{names[1]}"
    assert sum(both in t for t in texts) >= 2, (both, texts)


@pytest.mark.parametrize("lang", ["ja", "hu", "it"])
def test_amsterdam_variant_titles_and_typed_names(lang: str) -> None:
    """#25 (no string surgery on translations): Amsterdam read the name a player types by
    cutting a translated title before " (", so Japanese had to keep the ASCII "(6×6)"; the
    typed name is a message of its own now, and Japanese writes （6×6）."""
    from engine.amsterdam.presentation.words import variant_name, variant_title
    from engine.amsterdam.variants import VARIANTS, variant_of
    from engine.i18n import speaking

    with speaking(lang):
        for name, variant in VARIANTS.items():
            if name == "base":
                continue
            title = variant_title({"name": name, "rows": variant.rows, "cols": variant.cols})
            if lang == "ja":
                assert "(" not in title and " " not in title, title
                if variant.rows != 7 or variant.cols != 7:
                    assert title.endswith(f"（{variant.rows}×{variant.cols}）"), title
            typed = str(variant_name(name))
            assert variant_of(typed) == name, (typed, name)
            assert variant_of(title) == name, (title, name)
            assert title.startswith(typed), (title, typed)  # one name for the variant


@pytest.mark.parametrize("game", ["venezia", "canal_grande", "amsterdam"])
@pytest.mark.parametrize("lang", ["hu", "it"])
def test_public_texts_say_the_deciders_task_not_his_imperative(lang: str, game: str) -> None:
    """#25 (no imperative addressed to the wrong person): the board image's header, Venezia's
    text board and the table's public status line said "{name}: {prompt}" with the decider's
    imperative ("Anna: játssz ki kártyákat" — *you* play cards, to everybody); they say whom
    everybody waits for and his task now."""
    from engine.i18n import speaking
    from engine.registry import registration
    from render.common.text import watching
    from tests.test_images_every_language import positions

    reg = registration(game)
    with speaking(lang):
        middle, _end = positions.__wrapped__(game, ())
        decision = middle.pending()
        assert decision is not None
        prompt = str(decision.prompt)
    view = middle.public_view()
    draw = reg.renderers()
    draw.board(view)
    with speaking(lang), watching() as seen:
        draw.board(view)
    texts = [t for t, _size, _image in seen.drawn]
    assert not any(prompt in t for t in texts), (prompt, texts)
    if game == "venezia":
        from engine.venezia.presentation.summary import summary_lines

        with speaking(lang):
            lines = [str(x) for x in summary_lines(view, "")]
        assert not any(prompt in line for line in lines), (prompt, lines)


def test_discord_texts_for_others_say_the_task() -> None:
    """#25: a button pressed by somebody else ("Not your decision: it is Ann's turn to decide
    (játssz ki kártyákat)") and the public decision line of a seat without a user told the
    reader the decider's imperative; they say the decider's task now."""
    from bot.discord.components import not_yours
    from bot.discord.live import decision_line
    from bot.table.outputs import DecisionInfo
    from engine.i18n import speaking
    from engine.venezia.presentation.tasks import task

    with speaking("hu"):
        info = DecisionInfo("c", 1, 0, 0, "1", "Ann", "play", "játssz ki kártyákat", game="venezia")
        doing = str(task("play"))
        refusal = not_yours(info)
        public = decision_line(DecisionInfo("c", 1, 0, 0, None, "Ann", "play", "x", game="venezia"))
    assert doing in refusal and "játssz" not in refusal, refusal
    assert doing in public and "Ann" in public, public


def _canalside(lang: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``canalside`` run as a person runs it, in a fresh process with ``LANG`` set."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env["LANG"] = {"ja": "ja_JP.UTF-8", "hu": "hu_HU.UTF-8", "it": "it_IT.UTF-8"}[lang]
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


ARGPARSE_ENGLISH = (
    "usage:",
    "options",
    "positional arguments",
    "show this help",
    "error:",
    "argument ",
    "invalid int value",
    "unrecognized arguments",
    "expected one argument",
)


@pytest.mark.parametrize("lang", ["ja", "hu", "it"])
def test_canalside_help_and_errors_speak_the_language(lang: str) -> None:
    """#25: ``canalside play --help`` in Japanese showed argparse's ASCII colon
    (「オプション:」) and its errors stayed English ("argument --players: invalid int value")."""
    shown = _canalside(lang, "play", "--help")
    assert shown.returncode == 0, shown.stderr
    errors = [
        _canalside(lang, "play", "--players", "x").stderr,
        _canalside(lang, "play", "--bogus").stderr,
        _canalside(lang, "play", "--ai").stderr,
    ]
    for text in [shown.stdout, *errors]:
        assert text.strip()
        found = [w for w in ARGPARSE_ENGLISH if w in text]
        assert not found, (found, text)
    if lang == "ja":
        for text in [shown.stdout, *errors]:
            assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]:", text), text
        assert "オプション：" in shown.stdout and shown.stdout.startswith("使い方：canalside")


def test_italian_tasks_read_as_what_the_player_is_doing() -> None:
    """#25 (item 7 review): the tasks are now in every public header; Italian "in attesa di
    Anna (il gioco delle carte)" read "the card game", and "il giro di una carta" a card's
    tour. Hungarian and Italian read the decider's action."""
    from engine.i18n import speaking
    from engine.venezia.presentation.tasks import task

    with speaking("it"):
        assert task("play") == "la giocata delle carte"
        assert "giro" not in str(task("flip_end"))
    with speaking("hu"):
        assert task("play") == "kártyák kijátszása"
