"""Issue #20: Amsterdam's engine speaks the players' languages (en, ja, hu, it).

Refusals, decision prompts and event texts are made in the language in force; an event text
made at an English table can be said again in a reader's language; command words, special
cards and variants typed in any of the four languages are understood at any table, while the
canonical commands, the move list and the state stay English (a game replays the same)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.amsterdam import GAME, AmsterdamState
from engine.amsterdam.variants import get_variant
from engine.core import Event, IllegalMove
from engine.i18n import say, speaking


def _reach(variant: str, phase: str, seed_from: int = 0) -> AmsterdamState:
    """A random game of ``variant`` played until a decision of kind ``phase`` is open."""
    for seed in range(seed_from, seed_from + 40):
        st = GAME.new_state(["Anna", "Ben"], seed, {"variant": variant})
        rng = random.Random(seed)
        while not st.is_over:
            if st.phase == phase and st.pending_all():
                return st
            d = rng.choice(st.pending_all())
            st.apply(d.seat, rng.choice(d.options))
    raise AssertionError(f"no {phase} decision reached")


def _refusal(st: AmsterdamState, command: str, lang: str) -> str:
    d = st.pending_all()[0]
    before = st.state_hash()
    with speaking(lang), pytest.raises(IllegalMove) as err:
        st.apply(d.seat, command)
    assert st.state_hash() == before
    return str(err.value)


def _play(seed: int, lang: str, variant: str = "base") -> tuple[AmsterdamState, list[Event]]:
    """A whole random game played with every move applied under ``lang``."""
    st = GAME.new_state(["Anna", "Ben"], seed, {"variant": variant})
    rng = random.Random(seed)
    events: list[Event] = []
    with speaking(lang):
        while not st.is_over:
            d = rng.choice(st.pending_all())
            events.extend(st.apply(d.seat, rng.choice(d.options)))
    return st, events


# ---------------------------------------------------------------- refusals
def test_trailing_word_refusal_in_each_language() -> None:
    """#17's 'pass 12' refusal, said in Japanese, Hungarian and Italian; English unchanged."""
    st = _reach("base", "choose")
    assert _refusal(st, "pass 12", "en") == (
        "'pass' takes no card: to play card 12 type 'play 12'; to pass type 'pass' alone"
    )
    assert _refusal(st, "pass 12", "hu") == (
        "a 'pass' után nem állhat kártya: a 12 kártya kijátszásához írd: 'play 12'; "
        "passzoláshoz csak ennyit: 'pass'"
    )
    assert _refusal(st, "pass 12", "it") == (
        "'pass' non prende carte: per giocare la carta 12 scrivi 'play 12'; "
        "per passare scrivi solo 'pass'"
    )
    assert _refusal(st, "pass 12", "ja") == (
        "'pass' にカードは付けません：カード12を出すなら 'play 12'、"
        "パスするなら 'pass' だけを入力してください"
    )


def test_foreign_pass_with_a_card_is_still_refused() -> None:
    """The Italian / Japanese / Hungarian word for 'pass' followed by a card is no pass."""
    st = _reach("base", "choose")
    for word in ("passa", "パス", "passz", "PASSA"):
        assert "'pass' takes no card" in _refusal(st, f"{word} 12", "en"), word
    assert "'pass' non prende carte" in _refusal(st, "passa 12", "it")


def test_place_refusal_names_the_reason_in_hungarian() -> None:
    st = _reach("base", "place")
    d = st.pending_all()[0]
    occupied = next(iter(st.top))  # a cell that already holds a card
    label = st.layout.label(occupied)
    assert f"place {label}" not in d.options
    text = _refusal(st, f"place {label}", "hu")
    assert text.startswith(f"{label}: azon a mezőn már van kártya; szabályos: ")


def test_unknown_command_and_hint_in_japanese() -> None:
    st = _reach("base", "choose")
    assert _refusal(st, "xyzzy", "ja") == (
        "不明なコマンド'xyzzy'。手札のカードを公開する（'play 12'）か 'pass'"
    )


def test_seat_refusals_in_italian() -> None:
    st = _reach("base", "ship")
    other = 1 - st.pending_all()[0].seat
    with speaking("it"), pytest.raises(IllegalMove) as err:
        st.apply(other, "ship stay")
    assert str(err.value).startswith("ora decide Anna (") or str(err.value).startswith(
        "ora decide Ben ("
    )
    # #25 item 1: the decider's task as the refused player reads it, not the decider's prompt
    assert str(err.value).endswith("(lo spostamento della nave), non tu")
    with speaking("it"), pytest.raises(IllegalMove) as err:
        GAME.new_state(["Anna"], 1)
    assert str(err.value) == "Amsterdam è per esattamente 2 giocatori, non 1"


# ---------------------------------------------------------------- events
def test_events_are_made_in_the_language_in_force() -> None:
    """#26: events are data; their texts are made when read, in the language in force."""
    _st, events = _play(3, "ja")
    with speaking("ja"):
        texts = [e.text for e in events]
        assert any(e.kind == "game_over" and e.text.startswith("ゲーム終了：") for e in events)
    assert any(t.startswith("公開：") for t in texts)
    _st_hu, events_hu = _play(3, "hu")
    with speaking("hu"):
        assert any(e.kind == "place" and " mezőre teszi: " in e.text for e in events_hu)
    assert [e.kind for e in events] == [e.kind for e in events_hu]


def test_an_english_event_is_said_again_in_each_language() -> None:
    _st, events = _play(5, "en")
    ends = [e for e in events if e.kind == "turn_end" or e.text.startswith("round ")]
    first = next(e for e in ends if e.text == "round 1 ends")
    assert say(first.text, "hu") == "az 1. forduló véget ért"  # #25 item 5
    assert say(first.text, "it") == "fine del round 1"
    assert say(first.text, "ja") == "第1ラウンド終了"
    placed = next(e for e in events if e.kind == "place")
    # the card inside the sentence is said in the same language as the sentence
    assert " piazza " in say(placed.text, "it")
    assert say(placed.text, "en") == placed.text
    # a card's symbols inside a sentence are said again too ("water 67 (ship)" -> "水路67（船）",
    # in Japanese brackets: #25 item 2)
    with_ship = next(e for e in events if e.kind == "place" and "ship)" in e.text)
    japanese = say(with_ship.text, "ja")
    assert "（船）" in japanese and "ship" not in japanese and "(" not in japanese


def test_japanese_log_lines_use_japanese_punctuation() -> None:
    """#25 item 2: Amsterdam's Japanese log lines kept the half-width "(船)" and the "; "
    joining the players' answers and warehouse counts: every event of a game said in Japanese
    has none of ``( ) ;``."""
    for seed in (3, 5):
        _st, events = _play(seed, "en")
        for e in events:
            japanese = say(e.text, "ja")
            assert not set("();") & set(japanese), japanese
        assert any(e.kind == "reveal" and "、" in say(e.text, "ja") for e in events)


def test_a_private_text_is_said_in_the_readers_language() -> None:
    """A sealed answer's private echo, made at an English table, read by an Italian."""
    st = _reach("base", "choose")
    seat = st.pending_all()[0].seat
    events = st.apply(seat, "pass")
    private = events[0].private[seat]
    assert private == "your secret answer: pass"
    assert say(private, "it") == "la tua risposta segreta: pass"
    assert say(private, "ja") == "あなたの秘密の答え：pass"
    assert events[0].text == "Anna has chosen" or events[0].text == "Ben has chosen"
    assert say(events[0].text, "hu").endswith(" választott")


def test_card_descriptions_in_each_language() -> None:
    st = _reach("base", "choose")
    cards = st.cs.cards
    harbor = next(c for c in cards if c.kind == "harbor" and c.ship and c.goods_count)
    with speaking("it"):
        text = harbor.describe()
    assert text.startswith(("rosso ", "nero ")) and "nave" in text
    assert " (" in text  # a card's name, then its symbols in brackets
    with speaking("hu"):
        assert cards[st.cs.special[0]].describe() in ("dagály", "híd", "vámház")
        assert cards[st.cs.center].describe() == "a kikötő közepe"


# ---------------------------------------------------------------- input in every language
@pytest.mark.parametrize(
    ("phase", "typed", "canonical"),
    [
        ("choose", "passa", "pass"),
        ("choose", "パス", "pass"),
        ("choose", "passz", "pass"),
        ("choose", "nessuno", "pass"),
        ("ship", "resta", "ship stay"),
        ("ship", "hajó marad", "ship stay"),
        ("ship", "船 留まる", "ship stay"),
        ("ship", "nave E7", "ship E7"),
        ("remove", "rimuovi nessuno", "remove none"),
        ("remove", "eltávolít semmi", "remove none"),
        ("place", "piazza D5", "place D5"),
        ("place", "置く D5", "place D5"),
        ("place", "lerak d5", "place D5"),
    ],
)
def test_foreign_words_parse_to_the_canonical_command(
    phase: str, typed: str, canonical: str
) -> None:
    from engine.amsterdam.commands import parse

    st = _reach("base", phase)
    for lang in ("en", "ja", "hu", "it"):  # understood at any table
        with speaking(lang):
            assert parse(st, phase, typed) == canonical, (lang, typed)


def test_foreign_play_and_special_cards() -> None:
    from engine.amsterdam.commands import parse

    st = _reach("base", "choose")
    for typed in ("gioca 12", "出す 12", "kijátszik 12", "rivela 12", "出す １２"):
        assert parse(st, "choose", typed) == "play 12", typed
    for typed, kind in (("gioca marea", "tide"), ("出す 税関", "customs"), ("ponte", "bridge")):
        assert parse(st, "choose", typed) == f"play {kind}", typed


def test_foreign_buy_answers() -> None:
    from engine.amsterdam.commands import parse

    st = _reach("special_cards", "buy")
    assert parse(st, "buy", "compra") == "buy"
    assert parse(st, "buy", "買う") == "buy"
    assert parse(st, "buy", "vesz nem") == "buy no"
    assert parse(st, "buy", "compra no") == "buy no"
    assert parse(st, "buy", "buy sì") == "buy"


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("Vízijáték", "water_play"),
        ("Gioco d'acqua", "water_play"),
        ("水路ゲーム", "water_play"),
        ("I viaggi di Gulliver", "gulliver"),
        ("ガリバー旅行記 (5×5)", "gulliver"),
        ("Carte speciali", "special_cards"),
        ("特殊カード", "special_cards"),
        ("Squattrinati", "penniless"),
        ("Amőba", "gomoku"),
    ],
)
def test_variants_in_any_language(typed: str, name: str) -> None:
    assert get_variant(typed).name == name
    from engine.amsterdam.registration import variant_alias

    assert variant_alias(typed) == name


def test_variant_titles_in_the_view() -> None:
    st = GAME.new_state(["Anna", "Ben"], 1, {"variant": "gulliver"})
    with speaking("hu"):
        assert st.public_view()["variant"]["title"] == "Gulliver utazása (5×5)"
    with speaking("it"):
        assert st.public_view()["variant"]["title"] == "I viaggi di Gulliver (5×5)"
    assert st.public_view()["variant"]["title"] == "Gulliver's Travels (5×5)"


# ---------------------------------------------------------------- the state stays English
@pytest.mark.parametrize("variant", ["base", "special_cards", "gomoku", "penniless"])
def test_the_state_is_the_same_in_every_language(variant: str) -> None:
    """Words are made when shown: the same moves give the same state (and hash) at a
    Japanese, Hungarian or Italian table as at an English one."""
    hashes = {}
    for lang in ("en", "ja", "hu", "it"):
        st, _events = _play(11, lang, variant)
        hashes[lang] = (st.state_hash(), st.to_json())
    assert len(set(hashes.values())) == 1
    st, _events = _play(11, "ja", variant)
    assert st.end is not None
    reason = st.end["reason"]
    assert reason.isascii()  # stored in English


def test_the_view_says_the_end_in_the_readers_language() -> None:
    st, events = _play(2, "en")
    assert st.end is not None
    english = st.public_view()["end"]["reason"]
    # the state keeps its rule ID (stored games keep their hashes); players read none (#25)
    assert st.end["reason"] == f"{english} (AM-13.1)" and "AM-" not in english
    over = next(e for e in events if e.kind == "game_over")
    assert english in over.text
    for lang in ("ja", "hu", "it"):
        with speaking(lang):
            said = st.public_view()["end"]["reason"]
        assert said != english and said in say(over.text, lang), lang
    assert st.end["reason"] == f"{english} (AM-13.1)"  # the state is untouched


def test_the_view_says_each_areas_tie_break_in_the_readers_language() -> None:
    """AM-G31 ("every area" scoring): each area's why, kept in English in the state."""
    for seed in range(20):
        st, _events = _play(seed, "en", "water_play")
        areas = ((st.end or {}).get("scoring") or {}).get("areas") or []
        if areas:
            break
    else:
        raise AssertionError("no area scored at the end")
    with speaking("it"):
        view = st.public_view()
    for stored, shown in zip(areas, view["end"]["scoring"]["areas"], strict=True):
        assert stored["why"].isascii()
        assert shown["why"] != stored["why"]
        assert any(w in shown["why"] for w in ("contro", "batte", "nessuno segna")), shown


def test_decision_prompts_follow_the_reader() -> None:
    st = _reach("base", "choose")
    st.pending_all()  # cached in English
    with speaking("ja"):
        view = st.public_view()
    assert view["pending"][0]["prompt"] == ("公開するカードを選ぶか、パスしてください（秘密）")
    assert say(st.pending_all()[0].prompt, "hu") == (
        "válassz felfedendő kártyát, vagy passzolj (titkos)"
    )


# ---------------------------------------------------------------- at the table
async def test_the_table_accepts_a_foreign_verb(tmp_path: Path) -> None:
    """The table's first-word check knows the verbs of every language (``passz``, ``パス``):
    the same canonical move is stored as for English ``pass``."""
    from tests.test_service_support import open_service, uid

    svc = open_service(tmp_path / "table.db")
    try:
        for i in range(2):
            assert (await svc.lobby.join("c", uid(i), f"P{i + 1}", game="amsterdam")).accepted
        assert (await svc.lobby.start("c", uid(0), seed=3)).accepted
        for user, typed in ((uid(0), "パス"), (uid(1), "passz")):
            out = await svc.play.command("c", user, typed)
            assert out.accepted, (typed, out.error)
        view = await svc.play.view("c")
        assert view is not None
        assert view["last_reveal"]["passed"] == [True, True]  # both sealed answers were 'pass'
    finally:
        svc.close()
    from engine.amsterdam.registration import grammar

    aliases = grammar().aliases
    for word, verb in (
        ("passa", "pass"),
        ("hajó", "ship"),
        ("置く", "place"),
        ("rimuovi", "remove"),
    ):
        assert aliases[word] == verb
