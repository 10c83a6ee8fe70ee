"""#26 events as data: applying a move makes no text (self-play and the AI's play-outs apply
thousands of moves nobody reads); the engine returns structured events (one small dataclass
per kind, its parameters as fields) whose texts are made when someone reads them, in the
reader's language. Over every registered game and every choice of its options."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import fields, is_dataclass
from typing import Any

import pytest

from engine.core import Event, GameState
from engine.i18n import SOURCE, speaking
from engine.i18n import text as i18n_text
from tests.contract.test_games import MAX_DECISIONS, REGS, Case, case_id, players_for


class TextMade(AssertionError):
    """A text was made where none may be."""


@contextmanager
def no_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every way the engine makes a player's text raises inside: a message (``_``, ``_n``,
    ``_p``), a message said again, a list joined in a language."""

    def refuse(*args: object, **kwargs: object) -> Any:
        raise TextMade("a text was made while applying a move")  # not for players

    with monkeypatch.context() as patched:
        patched.setattr(i18n_text.Messages, "_make", refuse)
        patched.setattr(i18n_text._Message, "render", refuse)
        patched.setattr(i18n_text._Message, "pattern", refuse)
        patched.setattr(i18n_text, "format_list", refuse)
        yield


def _warm_card_faces(state: GameState) -> None:
    """A game whose state keeps its cards' faces in English (Amsterdam's last reveal, data the
    state hashes) describes each card once per process and keeps it on the card: described
    here first, so the test sees what applying a move itself makes."""
    cs = getattr(state, "cs", None)
    if cs is not None:
        for card in cs.cards.values() if isinstance(cs.cards, dict) else cs.cards:
            card.said(SOURCE)


def _random_game(reg: Case, seed: int, monkeypatch: pytest.MonkeyPatch) -> list[Event]:
    state = reg.new_state(players_for(reg), seed)
    _warm_card_faces(state)
    policy = reg.reg.parts().random_policy(random.Random(seed))
    seat_of = reg.reg.parts().command_seat
    events: list[Event] = []
    for _ in range(MAX_DECISIONS):
        if state.is_over:
            break
        decision = state.pending()
        assert decision is not None
        command = policy(state, decision)
        seat = seat_of(state, decision, command)
        with no_texts(monkeypatch):
            events.extend(state.apply(seat, command))
    assert state.is_over
    return events


@pytest.mark.parametrize("reg", REGS, ids=case_id)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_applying_moves_makes_no_text(
    reg: Case, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#26: a whole random game's moves are applied with every text function refusing to
    run; the events' texts are made afterwards, when read."""
    with speaking(lang):
        events = _random_game(reg, 5, monkeypatch)
        assert events
        assert all(isinstance(e.text, str) for e in events)  # said now, when read


def _values(value: object) -> Iterator[object]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _values(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _values(v)
    else:
        yield value


@pytest.mark.parametrize("reg", REGS, ids=case_id)
def test_events_are_data(reg: Case, monkeypatch: pytest.MonkeyPatch) -> None:
    """#26: every event is an instance of one of the game's event types (a dataclass per
    kind, listed in its module's ``EVENT_TYPES``), serialisable as plain JSON, and holds no
    text: no ``Text``, no prose (a parameter is a seat, a number, a card, a cell, a command)."""
    events = _random_game(reg, 7, monkeypatch)
    kinds: set[str] = set()
    for e in events:
        assert is_dataclass(e) and not isinstance(e, type), e
        module = sys.modules[type(e).__module__]
        assert type(e) in getattr(module, "EVENT_TYPES", ()), type(e)
        assert e.kind, type(e)
        kinds.add(e.kind)
        facts = e.facts()
        assert json.loads(json.dumps(facts)) == facts, facts
        assert set(facts) == {"kind"} | {f.name for f in fields(e) if not f.metadata.get("context")}
        for value in _values(facts):
            assert not isinstance(value, i18n_text.Text), (type(e).__name__, value)
            if isinstance(value, str):
                assert len(value.split()) <= 2 and not any(p in value for p in ":;,!?"), (
                    type(e).__name__,
                    value,
                )
        json.dumps(e.data)  # the public facts too
    assert len(kinds) > 2
