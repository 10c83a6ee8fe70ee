"""#28 item 4 (an expert level): every game offers ``expert`` - ISMCTS over imagined worlds
with the game's heuristics as priors and play-out policy - stored as level code 3. It sees only
the seat's view (answers are the same in worlds the seat cannot tell apart), answers legal
commands, and on a fixed number of iterations it is reproducible."""

from __future__ import annotations

import random

import pytest

from engine.ai import game_levels, get_ai
from engine.ai.ismcts import ismcts
from engine.canal_grande import CanalGrandeState
from engine.canal_grande.ai.expert import CgExpertAi
from engine.registry import registration, registrations


@pytest.mark.parametrize("game", [r.name for r in registrations()])
def test_every_game_offers_the_expert_level(game: str) -> None:
    """#28 item 4: registered as a level of each game, with a budget of play-outs or seconds."""
    assert game_levels(game)[-1] == "expert"
    assert [lv.code for lv in registration(game).ai_levels if lv.name == "expert"] == [3]
    expert = get_ai("expert", game=game)
    assert expert.level == "expert"
    assert expert.budget_s <= 1.5  # type: ignore[attr-defined]  # a hard stop 0.3 s later
    assert get_ai("expert@7p", game=game).playouts == 7  # type: ignore[attr-defined]
    assert get_ai("expert@0.4", game=game).budget_s == 0.4  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", [r.name for r in registrations()])
def test_the_expert_answers_legal_commands_from_views_only(game: str) -> None:
    """#28 item 4: a few decisions of a real game; the AI gets the seat's view, never the state."""
    g = registration(game).parts().game
    players = 4 if game == "venezia" else 2
    st = g.new_state([f"P{i}" for i in range(players)], 21, None)
    ais = [get_ai("expert@4p", game=game)] + [
        get_ai("greedy", game=game) for _ in range(players - 1)
    ]
    rng = random.Random(21)
    searched = 0
    for _ in range(40):
        if st.is_over:
            break
        d = st.pending()
        assert d is not None
        command = ais[d.seat].choose(st.player_view(d.seat), d, rng)
        assert command in st.legal_commands(d.seat)
        searched += d.seat == 0
        st.apply(d.seat, command)
    assert searched > 0


def _canal_twin(seed: int) -> tuple[CanalGrandeState, CanalGrandeState, int]:
    """A Canal Grande position and a twin whose other hand and deck differ: the deciding seat
    cannot tell them apart."""
    st = CanalGrandeState.new(["A", "B"], seed)
    rng = random.Random(seed)
    for _ in range(6):
        d = st.pending()
        assert d is not None
        st.apply(d.seat, rng.choice(list(d.options)))
    d = st.pending()
    assert d is not None
    other = 1 - d.seat
    twin = st.clone()
    hand, deck = twin.hands[other], twin.deck
    k = next(i for i, c in enumerate(hand) if any(x != c for x in deck))
    j = next(i for i, x in enumerate(deck) if x != hand[k])
    hand[k], deck[j] = deck[j], hand[k]
    assert twin.hands[other] != st.hands[other]
    return st, twin, d.seat


@pytest.mark.parametrize("seed", [3, 8])
def test_the_canal_grande_expert_never_reads_the_other_hand(seed: int) -> None:
    """#28 item 4: the same answer in two worlds that differ only in what the seat cannot see."""
    st, twin, seat = _canal_twin(seed)
    views = [s.player_view(seat) for s in (st, twin)]
    assert views[0] == views[1]
    d = st.pending()
    assert d is not None
    picks = {CgExpertAi(playouts=10).choose(v, d, random.Random(5)) for v in views}
    assert len(picks) == 1 and picks <= set(d.options)


def test_ismcts_on_fixed_iterations_is_reproducible_and_visits_the_better_command() -> None:
    """#28 item 4: a toy game where 'b' is worth more in every world; no clock is read."""

    class Toy:
        def tree_options(self, world: list[str], seat: int) -> list[str] | None:
            return None if len(world) >= 2 else ["a", "b", "c"]

        def policy_step(self, world: list[str], rng: random.Random) -> None:
            world.append("x")

        def apply_own(self, world: list[str], seat: int, command: str) -> None:
            world.append(command)

        def leaf_value(
            self, world: list[str], root: list[str], seat: int, rng: random.Random
        ) -> float:
            return world.count("b") + rng.random() * 0.5

        def is_over(self, world: list[str]) -> bool:
            return len(world) >= 4

        def copy(self, world: list[str]) -> list[str]:
            return list(world)

    runs = [
        ismcts(Toy(), list, 0, ["a", "b", "c"], random.Random(1), iterations=60) for _ in range(2)
    ]
    assert runs[0] == runs[1]
    assert runs[0].best == "b" and runs[0].iterations == 60
    assert runs[0].visits["b"] > runs[0].visits["a"]
