"""Venezia's engine in the players' languages (#20): refusals, events and prompts come from the
catalogs in the language in force and can be said again in another; the parser understands
verbs and building names typed in Japanese, Hungarian or Italian at any table, and the command
it stores stays the canonical English one."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.core import IllegalMove
from engine.i18n import say, speaking
from engine.venezia import commands as cmd
from engine.venezia.ai.greedy import GreedyPlayer
from engine.venezia.board import load_board
from engine.venezia.cards import building_name, card_type
from engine.venezia.state import VeneziaState


def _state() -> VeneziaState:
    # Seed 7: Anna holds basilica, ponte, casa; nobody has played yet.
    return VeneziaState.new(["Anna", "Bela", "Carla"], 7)


def _refusal(state: VeneziaState, seat: int, command: str, lang: str) -> str:
    with speaking(lang), pytest.raises(IllegalMove) as info:
        state.apply(seat, command)
    return str(info.value)


def test_a_refusal_is_said_in_hungarian_and_japanese() -> None:
    state = _state()
    assert _refusal(state, 0, "play 2 palazzo", "en") == (
        "you have 0 palazzo in hand, not 2 (your hand: basilica ponte casa)"
    )
    assert _refusal(state, 0, "play 2 palazzo", "hu") == (
        "0 palota van a kezedben, nem 2 (a kezed: templom, híd, ház)"
    )
    assert _refusal(state, 0, "play 2 palazzo", "ja") == (
        "手札の宮殿は2枚ではなく0枚です（手札：教会、橋、家）"
    )
    # The prompt inside was made in English (the decision is cached) and is said in Japanese.
    assert _refusal(state, 1, "play", "ja") == (
        "今はAnnaが決める番です（カードを出す（出さなくてもよい））。あなたではありません"
    )
    assert _refusal(state, 0, "fly", "hu").startswith("ismeretlen parancs: 'fly'")


def test_a_refusal_keeps_the_english_commands_it_quotes() -> None:
    text = _refusal(_state(), 0, "build", "it")
    assert text == "indica l'edificio: 'build palazzo', 'build casa', 'build ponte solo'"


def test_an_event_text_is_said_again_in_another_language() -> None:
    state = _state()
    events = state.apply(0, "play ponte casa")  # English table
    play = next(e for e in events if e.kind == "play")
    assert play.text == "Anna plays ponte casa"
    assert say(play.text, "ja") == "Annaは橋、家を出しました"
    assert say(play.text, "hu") == "Anna kijátssza: híd, ház"
    assert say(play.text, "it") == "Anna gioca ponte, casa"
    architect = next(e for e in events if e.kind == "architect")
    assert say(architect.text, "hu") == "Anna megkapja a híd építészét"


def test_a_private_text_made_at_a_japanese_table_is_said_in_the_readers_italian() -> None:
    state = _state()
    with speaking("ja"):
        state.apply(0, "play")
        for _ in range(3):
            d = state.pending()
            assert d is not None
            if d.kind != "drain":
                break
            events = state.apply(d.seat, d.options[0])
            drains = [e for e in events if e.kind == "drain"]
            if drains:
                break
        # #26: an event is data; its texts are made when read, in the language in force
        private = drains[0].private[0]
    assert private.startswith(f"{drains[0].data['hex']}の沼タイルは")
    assert say(private, "it").startswith(f"il gettone palude di {drains[0].data['hex']} vale ")
    assert say(private, "en").startswith(f"the swamp token from {drains[0].data['hex']} is worth ")


def test_a_prompt_is_made_in_the_language_in_force_and_said_again() -> None:
    state = _state()
    with speaking("hu"):
        state._decision = None
        d = state.pending()
        assert d is not None
        # #26: a prompt is said when read, in the language in force
        prompt = d.prompt
    assert prompt == "játssz ki kártyákat (vagy egyet sem)"
    assert say(prompt, "en") == "play cards (or none)"
    assert d.prompt == "play cards (or none)"  # read at an English table
    assert d.options[0] == "play"  # the options stay canonical


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("出す 橋 橋 家", "play 2 ponte casa"),
        ("kijátszik 2 híd ház", "play 2 ponte casa"),
        ("KIJATSZIK hid hid haz", "play 2 ponte casa"),
        ("gioca 2 ponte casa", "play 2 ponte casa"),
        ("建設 宮殿", "build palazzo"),
        ("épít palota", "build palazzo"),
        ("costruisci palazzo", "build palazzo"),
        ("建設 橋 単独", "build ponte solo"),
        ("épít híd egyedül", "build ponte solo"),
        ("引く 山札", "draw deck"),
        ("húz pakli", "draw deck"),
        ("pesca mazzo", "draw deck"),
        ("引く 教会", "draw basilica"),
        ("húz templom", "draw basilica"),
        ("入替 公園", "swap campo"),
        ("cserél tér", "swap campo"),
        ("scambia campo", "swap campo"),
        ("破棄 家", "discard casa"),
        ("eldob ház", "discard casa"),
        ("scarta casa", "discard casa"),
        ("撤去 C3", "drain C3"),
        ("lecsapol C3", "drain C3"),
        ("bonifica C3", "drain C3"),
        ("変換 2 マス", "exchange 2 steps"),
        ("bevált 2 lépés", "exchange 2 steps"),
        ("converti 2 spazi", "exchange 2 steps"),
        ("完了", "done"),
        ("kész", "done"),
        ("fatto", "done"),
        ("めくる", "flip"),
        ("felcsap", "flip"),
        ("gira", "flip"),
        ("出す なし", "play"),
        ("gioca niente", "play"),
        ("scarta piazza", "discard campo"),
        ("eldob templomot", "discard basilica"),
        ("kijátszik 2 hidat", "play 2 ponte"),
    ],
)
def test_words_typed_in_any_language_give_the_canonical_command(typed: str, canonical: str) -> None:
    board = load_board()
    for lang in ("en", "ja", "hu", "it"):  # whatever the table's language
        with speaking(lang):
            assert cmd.format_move(cmd.parse(typed, board)) == canonical


def test_building_names_of_every_catalog_are_understood() -> None:
    for t in ("basilica", "palazzo", "campo", "ponte", "casa"):
        for lang in ("en", "ja", "hu", "it"):
            assert card_type(say(building_name(t), lang)) == t


def test_a_japanese_command_at_an_english_table_is_stored_in_english() -> None:
    state = _state()
    with speaking("en"):
        state.apply(0, "出す 橋 家")
    assert state.history[-1] == (0, "play ponte casa")


def test_the_ai_makes_no_event_texts_while_it_simulates() -> None:
    state = _state()
    d = state.pending()
    assert d is not None
    command = GreedyPlayer().decide(state, d.seat, random.Random(1))
    events = state.apply(d.seat, command)  # outside the AI: texts again
    assert all(e.text for e in events)


def test_the_tables_grammar_knows_every_languages_command_words() -> None:
    # The table checks the first word against the grammar before the parser reads the command.
    from engine.venezia.registration import grammar

    g = grammar()
    for typed, verb in (("出す", "play"), ("kész", "done"), ("kesz", "done"), ("pesca", "draw")):
        assert g.aliases.get(typed, typed) == verb
        assert g.aliases.get(typed, typed) in g.verbs
    assert g.aliases["p"] == "play"  # the English aliases stay


async def test_a_japanese_command_is_accepted_at_the_table(tmp_path: Path) -> None:
    from tests.test_service_support import open_service, start

    svc = open_service(tmp_path / "table.db")
    try:
        await start(svc, "c", 3, seed=5)
        d = await svc.play.decision("c")
        assert d is not None and d.user_id is not None
        out = await svc.play.command("c", d.user_id, "出す")  # play no cards
        assert out.accepted, out.error
        assert "plays no cards" in out.public[0].text
    finally:
        svc.close()


@pytest.mark.parametrize("lang", ["ja", "hu", "it"])
def test_whole_games_speak_the_language_without_a_gap(lang: str) -> None:
    """Random two- and four-player games under each language: every event, private text,
    prompt and refusal is made from the catalog (a broken placeholder would raise)."""
    wrong = ["play 9 palazzo", "draw palazzo", "swap casa", "place C1 C2 C3", "score Z", "flip"]
    wrong += ["discard ponte", "build basilica", "exchange 1", "exchange 9 steps", "drain C1 C1"]
    for players, seed in ((2, 3), (4, 11)):
        with speaking(lang):
            state = VeneziaState.new([f"P{i}" for i in range(players)], seed)
            english = 0
            rng = random.Random(seed)
            while not state.over:
                d = state.pending()
                assert d is not None
                assert say(d.prompt, lang) == d.prompt
                for command in rng.sample(wrong, 2):
                    try:
                        state.canonical(d.seat, command)
                    except IllegalMove as refusal:
                        assert str(refusal)
                for event in state.apply(d.seat, rng.choice(d.options)):
                    assert event.text
                    english += say(event.text, "en") == event.text
                    for text in event.private.values():
                        assert say(text, "en") != text or text.isascii()
        assert english < 5  # only texts without words (a lone ranking line) read the same
