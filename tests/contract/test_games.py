"""The conformance suite: every registered game passes the same checks of the engine contract
(in the spirit of OpenSpiel's one simulation test for every game).

Random games to the end with the game's invariants; JSON round trip and state hash; replay
from seed + moves; clone independence; every refusal changes nothing; hidden information never
in public views or public event texts (twins from the game's twin maker); the decision fields
(public options, optional decisions and their declining command) agree with the views.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from chat.registry import controls_of
from engine.core import GAME_OVER, TURN_END, Decision, GameState, IllegalMove, Option, view_game
from engine.registry import registrations, view_header
from tests.fourth_game.conftest import with_test_games


@dataclass(frozen=True)
class Case:
    """A registered game with one choice of its options (every choice of every option with
    choices, e.g. each Amsterdam variant; the defaults first)."""

    reg: Case
    options: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        return self.reg.name

    def new_state(self, players: list[str], seed: int) -> GameState:
        chosen = dict(self.options)
        engine = self.reg.engine_options(chosen) if self.reg.options else None
        return self.reg.parts().game.new_state(players, seed, engine)


def cases() -> list[Case]:
    out: list[Case] = []
    for reg in registrations():
        out.append(Case(reg))
        for spec in reg.options:
            out += [Case(reg, ((spec.name, c),)) for c in spec.choices if c != spec.default]
    return out


REGS = with_test_games(cases)  # the built-in games and the tests' fourth game


def case_id(case: Case) -> str:
    return case.name + "".join(f"-{k}={v}" for k, v in case.options)


SEEDS = (1, 2)
MAX_DECISIONS = 3000


def players_for(reg: Case) -> list[str]:
    game = reg.reg.parts().game
    n = min(max(game.min_players, 3), game.max_players)
    return [f"P{i + 1}" for i in range(n)]


def play(
    reg: Case,
    seed: int,
    each: Callable[[GameState, Decision, str], None] | None = None,
    kinds: list[str] | None = None,
) -> GameState:
    """A random game to the end with the game's random policy; ``each`` sees every step,
    ``kinds`` collects the event kinds."""
    state = reg.new_state(players_for(reg), seed)
    policy = reg.reg.parts().random_policy(random.Random(seed))
    seat_of = reg.reg.parts().command_seat
    for _ in range(MAX_DECISIONS):
        if state.is_over:
            break
        decision = state.pending()
        assert decision is not None
        assert state.pending_all() == (decision,) or decision in state.pending_all()
        command = policy(state, decision)
        if each is not None:
            each(state, decision, command)
        events = state.apply(seat_of(state, decision, command), command)
        if kinds is not None:
            kinds.extend(e.kind for e in events)
    assert state.is_over, f"{reg.name} seed {seed}: no end after {MAX_DECISIONS} decisions"
    return state


@pytest.mark.parametrize("reg", REGS, ids=case_id)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_end_with_the_invariants_holding(reg: Case, seed: int) -> None:
    check = reg.reg.parts().invariants
    seen = {"moves": 0}

    def each(state: GameState, decision: Decision, command: str) -> None:
        seen["moves"] += 1
        if seen["moves"] % 7 == 0:
            assert check(state) == [], (reg.name, seed, seen["moves"])

    kinds: list[str] = []
    end = play(reg, seed, each, kinds)
    assert check(end) == []
    # the reserved event kinds the table relies on (engine.core)
    assert kinds.count(GAME_OVER) == 1
    assert TURN_END in kinds
    assert end.pending() is None and end.pending_all() == ()
    ranking = end.ranking()
    assert sorted(s for group in ranking for s in group) == list(range(len(end.players)))
    scores = reg.reg.parts().scores(end)
    assert len(scores) == len(end.players)
    # /game's graph (#19): every game measures each seat's progress, under its own label
    progress = reg.reg.parts().progress_at(end)
    assert len(progress) == len(end.players)
    assert all(isinstance(v, float) for v in progress)
    assert reg.reg.parts().progress is not None and reg.reg.parts().progress_label(end).strip()


@pytest.mark.parametrize("reg", REGS, ids=case_id)
def test_json_round_trip_hash_and_replay(reg: Case) -> None:
    game = reg.reg.parts().game
    end = play(reg, 3)
    text = end.to_json()
    again = game.from_json(text)
    assert again.to_json() == text and again.state_hash() == end.state_hash()
    replay = reg.new_state(list(end.players), 3)
    for seat, command in end.history:
        replay.apply(seat, command)
    assert replay.state_hash() == end.state_hash()


def mid_game(reg: Case, seed: int, moves: int) -> GameState:
    state = reg.new_state(players_for(reg), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        d = state.pending()
        if d is None:
            break
        state.apply(d.seat, rng.choice(d.options))
    return state


@pytest.mark.parametrize("reg", REGS, ids=case_id)
def test_clones_are_independent(reg: Case) -> None:
    state = mid_game(reg, 4, 15)
    before = state.to_json()
    twin = state.clone()
    d = twin.pending()
    assert d is not None
    twin.apply(d.seat, d.options[-1])
    assert state.to_json() == before and twin.to_json() != before


BAD_COMMANDS = ("", "   ", "xyzzy", "take", "place nowhere at all", "vote 99", "9" * 40)


@pytest.mark.parametrize("reg", REGS, ids=case_id)
@pytest.mark.parametrize("moves", (0, 9, 23))
def test_every_refusal_changes_nothing(reg: Case, moves: int) -> None:
    state = mid_game(reg, 5, moves)
    d = state.pending()
    assert d is not None
    before, digest = state.to_json(), state.state_hash()
    others = [s for s in range(len(state.players)) if s != d.seat]
    tries: list[tuple[int, str]] = [(d.seat, bad) for bad in BAD_COMMANDS]
    tries += [(s, option) for s in others for option in d.options[:3]]
    tries += [(-1, d.options[0]), (len(state.players), d.options[0])]
    for seat, command in tries:
        seated = 0 <= seat < len(state.players)
        if seated and command in state.legal_commands(seat):
            continue  # a command that seat may really send (e.g. an action at any time)
        with pytest.raises(IllegalMove) as refused:
            state.apply(seat, command)
        assert str(refused.value), (seat, command)
        assert state.to_json() == before and state.state_hash() == digest, (seat, command)


@pytest.mark.parametrize("reg", REGS, ids=case_id)
@pytest.mark.parametrize("seed", (6, 7))
def test_hidden_information_never_reaches_public_views_or_texts(reg: Case, seed: int) -> None:
    """Twins differ only in what one seat and the public cannot see (which identical copy lies
    where included, #29): their public views (and that seat's view) are equal, and after the
    same move, as long as the public views still agree, so do the public events (texts and
    data)."""
    make_twin = reg.reg.parts().twin
    for moves in (0, 5, 17, 31):
        state = mid_game(reg, seed, moves)
        d = state.pending()
        if d is None:
            continue
        for k in range(2):
            twin = make_twin(state, d.seat, random.Random(k))
            assert twin.public_view() == state.public_view(), (reg.name, moves)
            assert twin.player_view(d.seat) == state.player_view(d.seat), (reg.name, moves)
            for command in d.options[:4]:
                a, b = state.clone(), twin.clone()
                ea, eb = a.apply(d.seat, command), b.apply(d.seat, command)
                if a.public_view() == b.public_view():
                    # the events' data too: a reveal's data named the copy of a card (#29)
                    assert public_events(ea) == public_events(eb), (reg.name, moves, command)


def public_events(events: list[Any]) -> list[Any]:
    return [(e.kind, e.text, e.seat, e.data) for e in events]


def decisions_of(reg: Case, seed: int) -> list[tuple[Decision, dict[str, Any]]]:
    out: list[tuple[Decision, dict[str, Any]]] = []
    play(reg, seed, lambda state, d, c: out.append((d, state.public_view())))
    return out


@pytest.mark.parametrize("reg", REGS, ids=case_id)
def test_decision_fields_agree_with_the_views(reg: Case) -> None:
    for d, view in decisions_of(reg, 8)[:400]:
        shown = view.get("public_options")
        assert (list(d.options) if d.public_options else None) == (
            None if shown is None else list(shown)
        ), d.kind
        if d.optional:
            decline = d.decline if d.decline is not None else d.options[-1]
            assert decline in d.options, d
        else:
            assert d.decline is None, d


def check_header(state: GameState, reg: Case) -> None:
    """The typed header of every view (public and each seat's) states what the state says."""
    counter = {"turn", "round"}
    deciding = tuple(sorted({d.seat for d in state.pending_all()}))
    first = state.pending()
    views = [state.public_view(), *(state.player_view(s) for s in range(len(state.players)))]
    for view in views:
        header = view_header(view)
        assert header == reg.reg.parts().header(view)
        assert header.game == reg.name == view_game(view)
        assert header.counter in counter, header.counter
        assert header.number == state.turn
        assert header.players == tuple(state.players)
        assert header.over == state.is_over
        assert header.deciding == deciding
        assert header.prompt == (first.prompt if first is not None else None)
        if state.is_over:
            assert header.active is None
            ranking = tuple(tuple(group) for group in state.ranking())
            assert header.ranking == ranking
        else:
            assert header.ranking is None
            assert header.active is None or 0 <= header.active < len(state.players)


@pytest.mark.parametrize("reg", REGS, ids=case_id)
def test_view_headers_agree_with_the_state(reg: Case) -> None:
    """Layers above the engine read a view only through its typed header (ViewHeader)."""
    steps = {"n": 0}

    def each(state: GameState, decision: Decision, command: str) -> None:
        steps["n"] += 1
        if steps["n"] <= 60 or steps["n"] % 25 == 0:
            check_header(state, reg)

    check_header(play(reg, 3, each), reg)


@pytest.mark.parametrize("reg", REGS, ids=case_id)
def test_controls_cover_every_decision(reg: Case) -> None:
    """The adapter's controls: every private choice names a known filter, and every option
    of a random game has a group and a label."""
    controls = controls_of(reg.reg)
    for _label, flt in controls.private_choices.values():
        assert flt in controls.option_filters, flt
    if controls.side_action is not None:
        assert controls.side_action[1] in controls.option_filters
    for d, _view in decisions_of(reg, 9)[:300]:
        for option in d.choices[:30]:
            assert controls.option_group(option)
            label = controls.option_label(option)
            assert label is None or label.strip()
            assert controls.label(option).strip() and controls.label(option, short=False).strip()
            controls.option_description(option)


@pytest.mark.parametrize("reg", REGS, ids=case_id)
@pytest.mark.parametrize("seed", SEEDS)
def test_options_round_trip_as_typed_values(reg: Case, seed: int) -> None:
    """Every option of every open decision of a random game is a typed Option whose verb and
    arguments spell its canonical command again (command -> Option -> command), and the
    legal commands the table lists are the same options."""
    seen = {"n": 0}

    def each(state: GameState, decision: Decision, command: str) -> None:
        seen["n"] += 1
        for d in state.pending_all():
            assert len(d.choices) == len(d.options)
            assert d.choices is d.choices  # built once
            for text, option in zip(d.options, d.choices, strict=True):
                assert isinstance(option, Option)
                assert option.command == text
                assert " ".join((option.verb, *option.args)) == text, text
                assert option.verb and option.verb == option.verb.casefold(), text
                assert all(a and not a.isspace() for a in option.args), text
                assert Option.of(option.command) == option
                assert option.arg == text.partition(" ")[2]
        if seen["n"] % 11 == 0:
            for d in state.pending_all():
                assert {o.command for o in d.choices} <= set(state.legal_commands(d.seat))

    play(reg, seed, each)
    assert seen["n"] > 0


def test_option_of_splits_a_command_once() -> None:
    option = Option.of("play 2 ponte")
    assert (option.verb, option.args, option.command) == ("play", ("2", "ponte"), "play 2 ponte")
    assert option.arg == "2 ponte" and str(option) == "play 2 ponte"
    assert Option.of("pass") == Option("pass", (), "pass") and Option.of("pass").arg == ""
    with pytest.raises(ValueError):
        Option.of("  ")


def sealed_positions(reg: Case, seed: int, want: int) -> list[GameState]:
    """Positions of a random game with several open decisions where one seat has already
    answered (a simultaneous, sealed stage), up to ``want`` of them."""
    game_state = reg.new_state(players_for(reg), seed)
    rng = random.Random(seed)
    out: list[GameState] = []
    for _ in range(MAX_DECISIONS):
        if game_state.is_over or len(out) >= want:
            break
        open_now = game_state.pending_all()
        if len(open_now) > 1:
            first = open_now[-1]
            game_state.apply(first.seat, rng.choice(first.options))
            if len(game_state.pending_all()) >= 1 and not game_state.is_over:
                out.append(game_state.clone())
            continue
        d = game_state.pending()
        assert d is not None
        game_state.apply(d.seat, rng.choice(d.options))
    return out


@pytest.mark.parametrize("reg", REGS, ids=case_id)
def test_twins_reimagine_sealed_answers_without_leaking_them(reg: Case) -> None:
    """A seat still to answer a sealed stage sees the other's answer only as "answered": its
    twins (which imagine that answer) keep the public view and its own view, and once it answers
    the public event texts agree whenever the public views do."""
    positions = sealed_positions(reg, 10, 6)
    if not positions:
        pytest.skip(f"{reg.name} has no simultaneous sealed stage")
    make_twin = reg.reg.parts().twin
    for state in positions:
        d = state.pending()
        assert d is not None
        for k in range(2):
            twin = make_twin(state, d.seat, random.Random(k))
            assert twin.public_view() == state.public_view(), reg.name
            assert twin.player_view(d.seat) == state.player_view(d.seat), reg.name
            for command in d.options[:3]:
                a, b = state.clone(), twin.clone()
                ea, eb = a.apply(d.seat, command), b.apply(d.seat, command)
                if a.public_view() == b.public_view():
                    assert public_events(ea) == public_events(eb)


@pytest.mark.parametrize("reg", with_test_games(registrations), ids=lambda r: r.name)
def test_image_and_hand_decisions_name_real_decision_kinds(reg: Any) -> None:
    """A registration's ``image_decisions`` and ``hand_decisions`` are decision *kinds* the
    engine asks for (a command's verb there, e.g. a "take" whose decision is "choose", would
    silently never give the decider his picture)."""
    wanted = set(reg.image_decisions | reg.hand_decisions)
    seen: set[str] = set()
    for case in [c for c in REGS if c.reg is reg]:
        for seed in range(1, 9):

            def each(state: GameState, decision: Decision, command: str) -> None:
                seen.update(d.kind for d in state.pending_all())

            play(case, seed, each)
            if wanted <= seen:
                return
    assert wanted <= seen, f"{reg.name}: never asked for {sorted(wanted - seen)}"


def test_parts_load_lazily_and_once_and_never_pillow() -> None:
    """Every game's parts come through its typed loader, built once; Pillow and ``render``
    load only when a game's ``renderers()`` is called (``engine/`` must not need them)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from engine.registry import register, registrations\n"
        "from tests.fourth_game.registration import REGISTRATION\n"
        "register(REGISTRATION)\n"
        "for r in registrations():\n"
        "    assert r.parts() is r.parts()\n"
        "    r.parts().make_ai('random', None)\n"
        "assert 'PIL' not in sys.modules, 'PIL'\n"
        "assert not [m for m in sys.modules if m.startswith('render')], 'render'\n"
        "for r in registrations():\n"
        "    assert r.renderers().of('board') is r.renderers().board\n"
        "assert 'PIL' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("reg", REGS, ids=case_id)
def test_a_game_is_the_same_game_in_every_language(reg: Case) -> None:
    """#20: the language in force changes only words. The same seed and policy give the same
    moves and the same final state (hash) in every language, every event's text is a string
    in that language's catalog (no format error), and the views' texts can be said."""
    from engine.i18n import LANGUAGES, speaking

    ends: dict[str, str] = {}
    for lang in LANGUAGES:
        with speaking(lang):
            texts: list[str] = []
            end = play(reg, 3, lambda _s, d, _c, seen=texts: seen.append(str(d.prompt)))
            words = reg.reg.parts().texts
            view = end.public_view()
            texts += list(words.status_lines(view))
            texts.append(words.hand_text(end.player_view(0)))
        assert all(isinstance(t, str) and t for t in texts)
        ends[lang] = end.state_hash()
    assert len(set(ends.values())) == 1, ends
