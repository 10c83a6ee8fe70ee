"""Canal Grande in every language (#20): refusals, events, status lines, rules topics and images
are said in the language in force; words typed in any language are understood; the stored
commands stay English."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import render.common.text as rtext
from chat.registry import controls_of
from engine.canal_grande import commands as cmd
from engine.canal_grande.cards import card_id
from engine.canal_grande.presentation import texts
from engine.canal_grande.registration import REGISTRATION
from engine.canal_grande.state import CanalGrandeState
from engine.core import IllegalMove
from engine.i18n import LANGUAGES, say, speaking
from tests.canal_grande.helpers import position, random_game

FOREIGN = ("ja", "hu", "it")

#: A refusal, an event, a status line and a rules topic in each language: a word each must hold.
REFUSAL = {"ja": "地区ではありません", "hu": "nem kerület", "it": "non è un sestiere"}
EVENT = {"ja": "分けました", "hu": "oszt:", "it": "divide:"}
STATUS = {"ja": "手札", "hu": "győzelmi kártyák", "it": "carte vittoria"}
TOPIC = {"ja": "分配者", "hu": "osztó", "it": "chi divide"}


def _divide(state: CanalGrandeState) -> list[Any]:
    d = state.pending()
    assert d is not None and d.kind == "divide"
    return state.apply(d.seat, "divide 1 2 3")


@pytest.mark.parametrize("lang", FOREIGN)
def test_a_refusal_in_each_language(lang: str) -> None:
    with speaking(lang), pytest.raises(IllegalMove) as refused:
        cmd.parse("vote gondola")
    assert REFUSAL[lang] in str(refused.value)
    with pytest.raises(IllegalMove) as english:
        cmd.parse("vote gondola")
    assert "is not a district" in str(english.value)


@pytest.mark.parametrize("lang", FOREIGN)
def test_an_event_in_each_language_and_said_again_in_english(lang: str) -> None:
    state = CanalGrandeState.new(["Anna", "Ben"], 5)
    with speaking(lang):
        events = _divide(state)
        text = events[0].text  # #26: made when read, in the language in force
    assert EVENT[lang] in text and "Anna" in text
    assert say(text, "en").startswith("Anna divides: offer A = ")
    assert state.history[-1][1] == "divide 1 2 3"  # the stored command stays English


@pytest.mark.parametrize("lang", FOREIGN)
def test_a_private_text_said_in_the_readers_language(lang: str) -> None:
    state = position({"hands": {"Anna": [], "Ben": ["sanmarco"]}}, seed=3)
    events: list[Any] = []
    with speaking("en"):
        from engine.canal_grande import resolve

        resolve.steal(state, 0, events)
    private = events[0].private
    assert private[0] == "you stole San Marco from Ben"
    assert say(private[0], lang) != private[0]
    assert "San Marco" in say(private[0], lang)


@pytest.mark.parametrize("lang", FOREIGN)
def test_a_status_line_and_the_hand_line_in_each_language(lang: str) -> None:
    state = CanalGrandeState.new(["Anna", "Ben"], 5)
    with speaking(lang):
        lines = texts.status_lines(state.public_view())
        hand = texts.hand_text(state.player_view(0))
    assert STATUS[lang] in lines[0] + lines[1]
    prefixes = texts.hand_prefixes()
    assert prefixes[0] == "your hand:" and len(prefixes) == len(LANGUAGES)
    assert hand.startswith(prefixes) and not hand.startswith("your hand:")
    english = texts.status_lines(state.public_view())
    assert "hand" in english[0] and "victory cards:" in english[0]


@pytest.mark.parametrize("lang", FOREIGN)
def test_a_rules_topic_in_each_language_found_by_a_name_in_any_language(lang: str) -> None:
    parts = REGISTRATION.parts().texts
    with speaking(lang):
        names = list(parts.rule_topics)
        turn = parts.rule_topics.get(names[0])
        overview = parts.overview.format(topics=", ".join(names))
    assert turn is not None and TOPIC[lang] in turn and "CG-4.1" in turn
    assert names[0] != "turn" and names[0] in overview
    # a topic's name in another language is found too, and the aliases lead to its key
    with speaking("en"):
        for typed in ("kör", "手番", "turno", "turn", "TURN"):
            assert parts.rule_aliases.get(typed.casefold(), typed) == "turn"
            assert parts.rule_topics.get(typed) == parts.rule_topics["turn"]
        assert parts.rule_aliases.get("parancsok") == "commands"
        assert parts.rule_aliases.get("ヘルプ") == "commands"
        assert parts.rule_aliases.get("dózse") == "cards"
        assert parts.rule_aliases.get("nonsense", "nonsense") == "nonsense"
        assert list(parts.rule_topics) == ["turn", "cards", "vote", "round", "end"]


def test_the_help_lines_and_controls_are_said_at_use() -> None:
    parts = REGISTRATION.parts()
    assert parts.grammar.help["pass"] == "pass — place nothing more in this vote"
    assert controls_of(REGISTRATION).private_choices["district"] == ("Choose the district…", "vote")
    with speaking("hu"):
        assert "—" in parts.grammar.help["pass"] and "szavazás" in parts.grammar.help["pass"]
        assert controls_of(REGISTRATION).private_choices["district"] == (
            "Kerület választása…",
            "vote",
        )
        assert f"{controls_of(REGISTRATION).group_noun}" == "első kártya"
        assert str(parts.progress.label if parts.progress else "") == "győzelmi kártyák"
        state = CanalGrandeState.new(["Anna", "Ben"], 5)
        assert parts.progress_label(state) == "győzelmi kártyák"
        # no rule ID in an option's help (#25 item 5)
        assert REGISTRATION.options[1].help.format() == "biztonsági korlát a körök számára"
    assert parts.progress_label(CanalGrandeState.new(["Anna", "Ben"], 5)) == "victory cards"


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("分ける 1 2 3", "divide"),
        ("oszt 1 2 3", "divide"),
        ("dividi 1 2 3", "divide"),
        ("取る A", "take"),
        ("választ B", "take"),
        ("prendi A", "take"),
        ("投票 サンマルコ", "vote"),
        ("szavaz castello", "vote"),
        ("vota dorsoduro", "vote"),
        ("置く ゴンドラ castello", "place"),
        ("tesz gondola castello", "place"),
        ("metti gondola castello", "place"),
        ("パス", "pass"),
        ("passz", "pass"),
        ("passa", "pass"),
    ],
)
def test_foreign_words_are_understood_at_any_table(typed: str, canonical: str) -> None:
    for lang in LANGUAGES:
        with speaking(lang):
            assert cmd.parse(typed).verb == canonical
    grammar = REGISTRATION.parts().grammar
    word = typed.split()[0].casefold()
    assert grammar.aliases.get(word, word) == canonical
    assert word in set(grammar.aliases)


def test_foreign_card_names_are_understood() -> None:
    for word, card in (
        ("ゴンドラ", "gondola"),
        ("ドージェ", "doge"),
        ("裏切り者", "traitor"),
        ("スパイ", "spy"),
        ("dózse", "doge"),
        ("áruló", "traitor"),
        ("kém", "spy"),
        ("traditore", "traitor"),
        ("spia", "spy"),
        ("サンマルコ", "sanmarco"),
    ):
        assert card_id(word) == card
    assert cmd.parse("divide ドージェ 数字2").picks == ("doge", "n2")


def test_a_foreign_command_is_stored_in_english() -> None:
    state = CanalGrandeState.new(["Anna", "Ben"], 5)
    d = state.pending()
    assert d is not None
    with speaking("ja"):
        state.apply(d.seat, "分ける 3 1")
    assert state.history[-1][1] == "divide 1 3"
    d = state.pending()
    assert d is not None
    assert state.canonical(d.seat, "válassz a") == "take A"
    assert state.canonical(d.seat, "取る オファー B") == "take B"


def test_the_pending_prompt_follows_the_language_in_force() -> None:
    state = CanalGrandeState.new(["Anna", "Ben"], 5)
    english = state.pending()
    assert english is not None and english.prompt.startswith("split the 8 revealed cards")
    with speaking("it"):
        italian = state.pending()
        # #26: a prompt is said when read, in the language in force
        assert italian is not None and italian.prompt.startswith("dividi le 8 carte")
    again = state.pending()
    assert again is not None and again.prompt == english.prompt
    assert again.options == italian.options


# --------------------------------------------------------------------------- images


@pytest.fixture
def cuts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, str]]]:
    """Every text :func:`render.common.text.draw_text` cut to fit while inside."""
    seen: list[tuple[str, str]] = []
    original = rtext.fit_text

    def watched(text: str, size: int, max_width: int, bold: bool = False) -> str:
        shown = original(text, size, max_width, bold)
        if shown != text:
            seen.append((text, shown))
        return shown

    monkeypatch.setattr(rtext, "fit_text", watched)
    yield seen


def _states() -> list[CanalGrandeState]:
    """A divide, a choice, a vote in progress and an end."""
    out: list[CanalGrandeState] = []
    state = CanalGrandeState.new(["Anna", "Ben"], 11)
    rng = random.Random(11)
    kinds: set[str] = set()
    while not state.over:
        d = state.pending()
        assert d is not None
        if d.kind not in kinds:
            kinds.add(d.kind)
            out.append(state.clone())
        state.apply(d.seat, rng.choice(d.options))
    out.append(state)
    out.append(random_game(2))
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_image_is_drawn_in_each_language(lang: str, cuts: list[tuple[str, str]]) -> None:
    draw = REGISTRATION.renderers()
    states = _states()
    english = [draw.board(s.public_view()) for s in states]
    with speaking(lang):
        images = [draw.board(s.public_view()) for s in states]
        images += [draw.hand(s.player_view(seat)) for s in states for seat in (0, 1)]
        images += [draw.end(s.public_view()) for s in states if s.over]
    assert all(image.startswith(b"\x89PNG") for image in images)
    assert not cuts, f"{lang}: texts cut to fit: {cuts[:10]}"
    if lang != "en":
        assert all(a != b for a, b in zip(english, images, strict=False))
    # English again after another language: the same bytes (no panel of another language kept)
    assert [draw.board(s.public_view()) for s in states] == english
