"""High Card's parts for its registration: grammar, texts, controls, AI levels, twin maker,
invariants, scores and a (minimal) scenario runner."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.ai.base import AiPlayer, level_player
from engine.core import JSON, Decision, GameState, ViewHeader, ranking_part
from engine.registration_parts import own_state
from engine.registry import GameTexts, Grammar
from engine.scenario_base import Expectations, ScenarioResult, play_steps, player_seat
from tests.fourth_game.rules import ALIASES, GAME, TITLE, VERB, HighCardState, deck, parse

# ---------------------------------------------------------------- grammar


def _parse(text: str, state: GameState) -> object:
    return parse(text)


HELP = {VERB: "bid 3 — pick a card of your hand in secret; the higher card wins the round"}


def grammar() -> Grammar:
    return Grammar(
        verbs=frozenset({VERB}),
        aliases={k: v for k, v in ALIASES.items() if k != v},
        parse=_parse,
        help=dict(HELP),
    )


# ---------------------------------------------------------------- texts

OVERVIEW = (
    f"{TITLE}: two players, a hand of cards each. Every round both pick a card in secret; "
    "both are revealed together and the higher card wins the round (a tie: nobody). "
    "Most rounds won wins."
)
RULE_TOPICS = {
    "rounds": "Each round both players pick a card in secret ('bid 3'); the higher wins it.",
    "cards": "Two copies of 1…rounds+1 are shuffled; each player gets one card a round, two "
    "cards stay unseen.",
}
RULE_ALIASES = {"round": "rounds", "card": "cards", "deck": "cards"}


def status_lines(view: JSON) -> list[str]:
    lines = []
    for p in view["players"]:
        chosen = " (has chosen)" if p["answered"] else ""
        lines.append(f"{p['name']}: {p['won']} won, {p['hand_size']} cards{chosen}")
    if view["reveals"]:
        a, b, _ = view["reveals"][-1]
        names = [p["name"] for p in view["players"]]
        lines.append(f"last round: {names[0]} {a}, {names[1]} {b}")
    return lines


def hand_text(view: JSON) -> str:
    me = view.get("me") or {}
    text = "your hand: " + (" ".join(str(c) for c in me.get("hand", [])) or "empty")
    if me.get("sealed_answer"):
        text += f" (your secret answer: {me['sealed_answer']})"
    return text


def secret_part(view: JSON) -> object:
    me = view.get("me") or {}
    return (me.get("hand"), me.get("sealed_answer"))


def texts() -> GameTexts:
    return GameTexts(
        overview=OVERVIEW,
        rule_topics=RULE_TOPICS,
        rule_aliases=RULE_ALIASES,
        status_lines=status_lines,
        hand_text=hand_text,
        secret_part=secret_part,
    )


# ---------------------------------------------------------------- AI


class RandomAi:
    level = "random"

    def choose(self, view: JSON, decision: Decision, rng: random.Random) -> str:
        return rng.choice(decision.options)


class GreedyAi:
    """Bids its highest card (the options are sorted)."""

    level = "greedy"

    def choose(self, view: JSON, decision: Decision, rng: random.Random) -> str:
        return decision.options[-1]


def make_ai(level: str, budget_s: float | None = None) -> AiPlayer:
    return level_player(level, budget_s, TITLE, {"random": RandomAi, "greedy": GreedyAi})


# ---------------------------------------------------------------- twin, invariants, scores


def twin(game_state: GameState, seat: int, rng: random.Random) -> HighCardState:
    """The other hand, the unseen cards and the other's sealed answer re-imagined from
    ``seat``'s view: what ``seat`` sees (own hand and answer, every public count) is kept."""
    state = own_state(HighCardState, game_state).clone()
    other = 1 - seat
    pool = state.hands[other] + state.aside
    rng.shuffle(pool)
    n = len(state.hands[other])
    state.hands[other], state.aside = sorted(pool[:n]), sorted(pool[n:])
    if state.sealed[other] is not None:
        state.sealed[other] = rng.choice(state.hands[other])
    return state


def violations(game_state: GameState) -> list[str]:
    st = own_state(HighCardState, game_state)
    out = []
    played = [int(c) for r in st.reveals for c in r[:2] if c is not None]
    if Counter(st.hands[0] + st.hands[1] + st.aside + played) != Counter(deck(st.rounds)):
        out.append("the cards are not the deck")
    for s in (0, 1):
        if len(st.hands[s]) != st.rounds - len(st.reveals):
            out.append(f"seat {s} holds {len(st.hands[s])} cards")
        if st.sealed[s] is not None and st.sealed[s] not in st.hands[s]:
            out.append(f"seat {s} answered a card it does not hold")
    if sum(st.won) > len(st.reveals):
        out.append("more rounds won than played")
    if st.is_over and any(s is not None for s in st.sealed):
        out.append("a sealed answer after the end")
    return out


def header(view: JSON) -> ViewHeader:
    """The typed header of a view: High Card counts rounds; nobody "has the turn"."""
    pending = [p for p in view.get("pending") or [] if p]
    return ViewHeader(
        game=str(view["game"]),
        counter="round",
        number=int(view["round"]),
        players=tuple(str(p["name"]) for p in view["players"]),
        active=None,
        deciding=tuple(int(p["seat"]) for p in pending),
        prompt=str(pending[0]["prompt"]) if pending else None,
        over=bool(view.get("game_over")),
        ranking=ranking_part(view.get("ranking")),
    )


def scores(game_state: GameState) -> list[int | None]:
    return [int(w) for w in own_state(HighCardState, game_state).won]


def rounds_won(game_state: GameState) -> list[float]:
    """The rounds each seat has won so far (``/game``'s graph)."""
    return [float(w) for w in own_state(HighCardState, game_state).won]


# ---------------------------------------------------------------- scenarios


def run_scenario(spec: JSON, name: str = "scenario") -> ScenarioResult:
    """``setup``: players, seed, rounds; ``steps`` as every game's; ``expect``: pending,
    options (the first open decision's), game_over, ranking, won."""
    setup: dict[str, Any] = spec.get("setup", {})
    players = list(setup.get("players", ["A", "B"]))
    state = GAME.new_state(players, int(setup.get("seed", 1)), {"rounds": setup.get("rounds", 13)})

    def check(expect: dict[str, Any]) -> list[str]:
        allowed = {"pending", "options", "options_count", "game_over", "ranking", "won"}
        ex = Expectations(expect, allowed)
        d = state.pending()
        ex.pending(d, players)
        ex.options(list(d.options) if d else [])
        ex.game_over(state.is_over)
        ex.ranking(state.ranking, players)
        if "won" in expect:
            ex.check("won", state.won, list(expect["won"]))
        return ex.fails

    def seat_of(who: Any, where: str) -> int:
        return player_seat(players, who, where)

    return play_steps(state, spec, name, seat_of, check)
