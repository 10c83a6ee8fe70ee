"""Venezia's AI players: legal moves only, only their own seat's view, and greedy beats random."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.ai import LEVELS, get_ai, policy_factory
from engine.ai.base import AiPlayer
from engine.core import JSON, Decision
from engine.selfplay import run_selfplay
from engine.venezia import VeneziaState
from engine.venezia.ai.expert import ExpertAi
from engine.venezia.ai.greedy import GreedyAi
from engine.venezia.ai.options import legal_options
from engine.venezia.ai.random_ai import RandomAi
from engine.venezia.ai.strong import StrongAi
from tests.venezia.test_determinize import STATES, reshuffle_hidden


def play_game(players: int, seed: int, ais: list[AiPlayer]) -> VeneziaState:
    """One game where every decision goes to an AI; each answer must be a listed option."""
    state = VeneziaState.new([f"P{i + 1}" for i in range(players)], seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if state.over:
            break
        d = state.pending()
        assert d is not None
        view = state.player_view(d.seat)
        command = ais[d.seat].choose(view, d, rng)
        assert command in view["me"]["options"], command
        if command.startswith("exchange"):
            assert d.seat == state.active
        state.apply(d.seat, command)  # raises IllegalMove on an illegal answer
    assert state.over
    return state


def test_registry() -> None:
    assert LEVELS == ("random", "greedy", "strong", "expert")
    assert isinstance(get_ai("random"), RandomAi)
    assert isinstance(get_ai("greedy"), GreedyAi)
    strong = get_ai("strong", budget_s=0.25)
    assert isinstance(strong, StrongAi) and strong.budget_s == 0.25
    assert isinstance(get_ai("strong@0.1"), StrongAi)
    for level in LEVELS:
        ai = get_ai(level)
        assert isinstance(ai, AiPlayer)
        assert ai.level == level
    with pytest.raises(ValueError):
        get_ai("grandmaster")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_level_finishes_many_games(players: int) -> None:
    factories = [policy_factory("random")] * players
    report = run_selfplay(players, 20, players * 101, factories, checks="end")
    assert report.games == 20
    assert report.violations == []


@pytest.mark.parametrize("players", [2, 3, 5])
def test_greedy_level_finishes_games(players: int) -> None:
    # greedy against random and itself; every answer goes through the engine's validation
    factories = [policy_factory("greedy" if i % 2 == 0 else "random") for i in range(players)]
    factories[-1] = policy_factory("greedy")
    report = run_selfplay(players, 4, players * 7, factories, checks="end")
    assert report.games == 4
    assert report.violations == []


def test_greedy_beats_random() -> None:
    factories = [policy_factory("greedy")] + [policy_factory("random")] * 3
    report = run_selfplay(4, 20, 2024, factories, checks="end")
    assert report.violations == []
    assert report.wins_by_seat[0] / report.games >= 0.6, report.wins_by_seat


@pytest.mark.parametrize("players", [2, 4])
def test_strong_level_finishes_games_with_a_tiny_budget(players: int) -> None:
    ais: list[AiPlayer] = [StrongAi(budget_s=0.0, min_worlds=1, max_candidates=2, horizon=0)]
    ais += [GreedyAi() if i % 2 else RandomAi() for i in range(players - 1)]
    state = play_game(players, 31 + players, ais)
    assert state.over


class Spy:
    """Wraps an AI and checks everything it is given."""

    def __init__(self, ai: AiPlayer, secrets: dict[int, Any]) -> None:
        self.ai = ai
        self.level = ai.level
        self.secrets = secrets
        self.calls = 0

    def choose(self, view: JSON, decision: Decision, rng: random.Random) -> str:
        self.calls += 1
        for arg in (view, decision, rng):
            assert not isinstance(arg, VeneziaState)
        assert isinstance(view, dict)
        assert isinstance(decision, Decision)
        me = view["me"]
        assert me["seat"] == decision.seat
        state: VeneziaState = self.secrets["state"]
        assert view == state.player_view(decision.seat)  # exactly what a human there sees
        # no private data of another seat anywhere: 'hand' and 'tokens' exist only in "me",
        # and swamp values / deck order are nowhere
        keys = _keys(view)
        assert keys.count("hand") == 1 and keys.count("tokens") == 1
        for forbidden in ("hands", "deck", "treasure", "swamp_values", "rng", "seed"):
            assert forbidden not in keys
        text = json.dumps(view["engine"]) + json.dumps(view["players"])
        assert '"hand"' not in text and '"tokens"' not in text
        for h, value in state.swamp.items():
            assert view["hexes"][h] == {"building": None, "building_index": None, "swamp": True}
            del value
        return self.ai.choose(view, decision, rng)


def _keys(obj: Any) -> list[str]:
    out: list[str] = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.append(str(k))
            out.extend(_keys(v))
    elif isinstance(obj, list):
        for v in obj:
            out.extend(_keys(v))
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_ai_only_ever_sees_its_own_player_view(level: str) -> None:
    players = 3
    secrets: dict[int, Any] = {}
    make = {
        "random": RandomAi,
        "greedy": GreedyAi,
        "strong": lambda: StrongAi(budget_s=0.0, min_worlds=1, max_candidates=2, horizon=0),
        "expert": lambda: ExpertAi(playouts=3),  # #28 item 4
    }[level]
    spies = [Spy(make(), secrets) for _ in range(players)]
    state = VeneziaState.new([f"P{i + 1}" for i in range(players)], 5)
    secrets["state"] = state
    rng = random.Random(5)
    limit = 150 if level in ("strong", "expert") else 2000
    for _ in range(limit):
        if state.over:
            break
        d = state.pending()
        assert d is not None
        command = spies[d.seat].choose(state.player_view(d.seat), d, rng)
        state.apply(d.seat, command)
    assert all(spy.calls > 0 for spy in spies)


@pytest.mark.parametrize("index", range(0, 40, 4))
def test_ai_answers_do_not_depend_on_hidden_information(index: int) -> None:
    """Two real states the deciding seat cannot tell apart get the same answer."""
    state = STATES[index]
    d = state.pending()
    assert d is not None
    twin = reshuffle_hidden(state, d.seat, index + 1)
    assert twin.public_view() == state.public_view()

    def strong() -> StrongAi:
        return StrongAi(budget_s=10.0, min_worlds=2, max_worlds=2, max_candidates=3)

    def expert() -> ExpertAi:  # #28 item 4: ISMCTS imagines every world from the view
        return ExpertAi(playouts=8)

    for make in (GreedyAi, strong, expert):
        a = make().choose(state.player_view(d.seat), d, random.Random(index))
        b = make().choose(twin.player_view(d.seat), d, random.Random(index))
        assert a == b


def test_exchanges_only_for_the_active_player() -> None:
    state = STATES[3]
    d = state.pending()
    assert d is not None
    view = state.player_view(d.seat)
    opts = legal_options(view, d)
    if d.seat != state.active:
        assert not any(o.startswith("exchange") for o in opts)
    other = (d.seat + 1) % state.n
    with pytest.raises(ValueError):
        legal_options(state.player_view(other), d)


def test_no_endless_passing_with_a_full_hand_and_no_swamps() -> None:
    """Nothing to drain, no draw possible: passing would change nothing, so a card is played."""
    state = VeneziaState.new(["A", "B"], 173353928826229)
    seat = state.active
    while len(state.hands[seat]) < 5:
        state.hands[seat].append(state.deck.pop())
    state.swamp_removed += len(state.swamp)
    state.swamp = {}
    state._decision = None
    d = state.pending()
    assert d is not None and d.kind == "play" and "play" in d.options
    for ai in (GreedyAi(), StrongAi(budget_s=0.0, min_worlds=1, max_candidates=3)):
        command = ai.choose(state.player_view(seat), d, random.Random(1))
        assert command not in ("play", "flip")
