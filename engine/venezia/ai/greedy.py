"""The ``greedy`` level: one-ply heuristics on one imagined world.

The AI rebuilds a full state from its own view (:func:`~engine.venezia.determinize.determinize`,
so it never reads hidden information), then scores each option, mostly by applying it to a copy
of that state, letting the completed buildings resolve (every placer places greedily) and
evaluating the result:

    value(seat) = position + gold / 5 + what the cards in hand and in front may still score
                  (a construction the hand can complete counts once, as that completion)
                  − a penalty for an empty hand (no card to put into the pool and take three)
                    or a full one (no draw)

and the option's worth is the seat's value minus a mix of the best and the average opponent's
(an opponent's hand counts by its size). A finished game counts by its result.
Token values the seat cannot know are counted at their expectation (swamp 1, treasure 79/18),
so the imagined values do not bias the choice. Placement, ponte districts, draining and drawing
use direct formulas (no copy), which keeps a decision within a few milliseconds.

:class:`GreedyPlayer` works on a full state and is also the rollout policy of the ``strong``
level (there every seat of the imagined world is played by it).
"""

from __future__ import annotations

import random
from collections import Counter

from engine.core import JSON, Decision
from engine.venezia import commands as cmd
from engine.venezia import decisions
from engine.venezia.ai.greedy_direct import DirectScores
from engine.venezia.ai.greedy_eval import (
    DEFAULT_WEIGHTS,
    FALLBACK_POINTS,
    RESOLUTION_PHASES,
    SWAMP_MEAN,
    TREASURE_MEAN,
    BoardInfo,
    BoardStats,
    Evaluator,
    Weights,
    board_info,
    board_stats,
    expected_gold,
)
from engine.venezia.ai.options import GameMemory, legal_options, split_options
from engine.venezia.determinize import determinize
from engine.venezia.state import VeneziaState
from engine.venezia.state_basics import _build_label


# ---------------------------------------------------------------------------- the player
def best_of(scored: list[tuple[float, str]]) -> str:
    """The first option with the highest score."""
    best_value, best = scored[0]
    for value, option in scored[1:]:
        if value > best_value:
            best_value, best = value, option
    return best


def no_stall(state: VeneziaState, seat: int, choices: list[str]) -> list[str]:
    """With no swamp left (no drain) and no draw possible (a full hand, or no card anywhere to
    draw), playing nothing changes nothing: players passing like that could pass forever, so
    then some card must be played."""
    if state.phase != "play" or state.swamp or "play" not in choices:
        return choices
    hand_full = len(state.hands[seat]) >= state.comp.hand_limit
    if hand_full or not (state.deck or state.discard or state.pool):
        rest = [c for c in choices if c not in ("play", "flip")]
        if rest:
            return rest
    return choices


def pick(scored: list[tuple[float, str]], rng: random.Random) -> str:
    """The option with the highest score; ties broken at random."""
    top = scored[0][0]
    for v, _ in scored:
        if v > top:
            top = v
    top -= 1e-9
    best = [o for v, o in scored if v >= top]
    return best[0] if len(best) == 1 else rng.choice(best)


class GreedyPlayer(DirectScores):
    """Greedy decisions on a full state (a determinized one, or an imagined world in search)."""

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS, flip_samples: int | None = None) -> None:
        self.w = weights
        #: a flip's worth over this many card types drawn by their odds instead of over every
        #: type (a play-out's policy: the expectation costs a copy and a play per type)
        self.flip_samples = flip_samples
        self.place_memo = {}

    # -- entry point -----------------------------------------------------------------------
    def decide(
        self,
        state: VeneziaState,
        seat: int,
        rng: random.Random,
        options: list[str] | None = None,
    ) -> str:
        return self._decide(state, seat, rng, options)

    def _decide(
        self,
        state: VeneziaState,
        seat: int,
        rng: random.Random,
        options: list[str] | None,
    ) -> str:
        d = state.pending()
        assert d is not None
        if options is None:
            options = state.legal_commands(seat)
        choices, exchanges = split_options(options)
        if exchanges and seat == state.active:
            ex = self.exchange_choice(state, seat, exchanges)
            if ex is not None:
                return ex
        if not choices:
            return exchanges[0]
        choices = no_stall(state, seat, choices)
        if len(choices) == 1:
            return choices[0]
        return pick(self.scores(state, seat, choices, d.kind), rng)

    def scores(
        self, state: VeneziaState, seat: int, choices: list[str], kind: str
    ) -> list[tuple[float, str]]:
        """Every choice with its heuristic worth for ``seat`` (higher is better)."""
        if kind == "place":
            return self.place_scores(state, choices)
        if kind == "district":
            return self.district_scores(state, choices)
        if kind == "drain":
            return self.drain_scores(state, seat, choices)
        if kind in ("draw", "take"):
            return self.draw_scores(state, seat, choices)
        if kind == "exchange_window":
            return [(1.0 if c == "done" else 0.0, c) for c in choices]
        # play, build, discard, flip_end: try each option on a copy
        return self.simulation_scores(state, seat, choices)

    # -- simulation of action 1 -------------------------------------------------------------
    def resolve(self, state: VeneziaState, limit: int = 60) -> None:
        """Let the pending buildings resolve, every placer placing greedily."""
        # (placing and building need no decision: the placer's best site, the first building
        # waiting - what the decision's options would give)
        active = state.active
        for _ in range(limit):
            phase = state.phase
            if state.over or phase not in RESOLUTION_PHASES or state.active != active:
                return
            if phase == "place":
                res = state.res
                assert res is not None
                state.play_option(res["placer"], self.best_place(state))
                continue
            if phase == "build":
                state.play_option(active, "build " + _build_label(state.pending_builds[0]))
                continue
            d = state.pending()
            assert d is not None
            kind = d.kind
            if kind == "district":
                cmd = best_of(self.district_scores(state, list(d.options)))
            elif kind == "exchange_window":
                cmd = "done"
            elif kind == "discard":
                cmd = self.cheapest_discard(state, d.seat, list(d.options))
            else:
                cmd = d.options[0]
            state.play_option(d.seat, cmd)

    def simulation_scores(
        self, state: VeneziaState, seat: int, choices: list[str]
    ) -> list[tuple[float, str]]:
        ev = Evaluator(state, seat, self.w)
        out = []
        for option in choices:
            if option == "flip":
                value = self.flip_value(state, seat, ev)
            elif option == "done" and state.phase == "flip_end":
                # no flip ends the turn: nothing the evaluation reads changes (positions, gold,
                # hands, constructions, board), so the state's own value, without a copy
                value = ev.value(state)
            elif (value_or_none := self.quiet_play_value(state, seat, option, ev)) is not None:
                value = value_or_none
            else:
                sim = state.clone()
                sim.play_option(seat, option)
                self.resolve(sim)
                value = ev.value(sim)
            out.append((value, option))
        return out

    def flip_value(self, state: VeneziaState, seat: int, ev: Evaluator) -> float:
        """Expected value of flipping, over the card types the flip could reveal."""
        unseen = Counter(state.deck)
        for s in range(state.n):
            if s != seat:
                unseen.update(state.hands[s])
        if not state.deck:
            unseen = Counter(state.discard)
        total = sum(unseen.values())
        if total == 0:
            return float("-inf")
        value = 0.0
        kinds = list(unseen.items())
        if self.flip_samples is not None and len(kinds) > self.flip_samples:
            # the types drawn by their odds (seeded by the world: play-outs stay reproducible)
            draw = random.Random(total * 7919 + len(state.history))
            picked = draw.choices(kinds, weights=[k for _, k in kinds], k=self.flip_samples)
            kinds = [(t, 1) for t, _ in picked]
            total = len(kinds)
        quiet = self.flip_samples is not None or state.phase != "play"  # no play to judge
        for t, k in kinds:
            if quiet and (flipped := self.quiet_flip_value(state, t, ev)) is not None:
                value += k / total * flipped
                continue
            sim = state.clone()
            if sim.deck and t in sim.deck:  # that type on top of the deck
                i = sim.deck.index(t)
                sim.deck[i], sim.deck[-1] = sim.deck[-1], sim.deck[i]
            elif sim.deck:
                sim.deck[-1] = t
            sim.play_option(seat, "flip")
            self.resolve(sim)
            if (
                self.flip_samples is None
                and sim.phase == "play"
                and sim.active == seat
                and not sim.over
            ):
                # flipped before action 1: the play decision still comes; judge its best
                sim.play_option(seat, self._quick_play(sim, seat, ev))
                self.resolve(sim)
            value += k / total * ev.value(sim)
        return value

    def quiet_flip_value(self, state: VeneziaState, t: str, ev: Evaluator) -> float | None:
        """The value after flipping a ``t`` from the deck when it completes nothing, found
        without a copy; otherwise (a casa, a completed construction, an empty deck) None.

        Such a card is discarded (a third type for the imaginary player) or joins his
        construction, and the turn goes on: nothing else the evaluation reads changes, so that
        construction's list is set on the state itself as ``turns._flip`` leaves it for the
        valuation, then put back (the value of the state after the flip, the same float)."""
        if not state.deck or t == "casa":
            return None
        imag = state.imag
        front = state.front(imag)
        if t not in front and len(front) >= 2:
            return ev.value(state)  # discarded
        cons = state.cons
        entries = [e[:] for e in cons[t]]
        seq = state.seq + 1
        for e in entries:
            if e[0] == imag:
                e[1] += 1
                e[2] = seq
                break
        else:
            entries.append([imag, 1, seq])
        if sum(e[1] for e in entries) == state.comp.needed[t]:
            return None  # built at once
        before = cons[t]
        try:
            cons[t] = entries
            return ev.value(state)
        finally:
            cons[t] = before

    def _quick_play(self, state: VeneziaState, seat: int, ev: Evaluator) -> str:
        best_value = float("-inf")
        best = "play"
        d = state.pending()
        assert d is not None
        for option in d.options:
            if option == "flip":
                continue
            sim = state.clone()
            sim.play_option(seat, option)
            self.resolve(sim)
            value = ev.value(sim)
            if value > best_value:
                best_value, best = value, option
        return best

    def quiet_play_value(
        self, state: VeneziaState, seat: int, option: str, ev: Evaluator
    ) -> float | None:
        """The value after the play ``option`` when it completes no building and leaves at
        most two types in front of the seat, found without a copy; otherwise None.

        Such a play only moves cards from the hand into the constructions and goes on to
        draining or drawing: nothing else the evaluation reads changes (positions, gold,
        board). So the hand and the constructions it touches are set on the state itself for
        the valuation (new lists, the joined entries as ``turns._join`` leaves them) and put
        back: the value is the one of the state after the play, the same float."""
        if state.phase != "play" or not option.startswith("play"):
            return None
        counts = cmd.parse(option, state.board).cards
        if decisions.completions(state, seat, counts):
            return None
        cons = state.cons
        seq = state.seq + 1
        joined: dict[str, list[list[int]]] = {}
        for t, k in counts.items():
            if not k:
                continue
            entries = [e[:] for e in cons[t]]
            for e in entries:
                if e[0] == seat:
                    e[1] += k
                    e[2] = seq
                    break
            else:
                entries.append([seat, k, seq])
            joined[t] = entries
        front = 0
        for t, entries in cons.items():
            for e in joined.get(t, entries):
                if e[0] == seat:
                    front += 1
                    break
        if front > 2:
            return None  # a type must be discarded first
        hands = state.hands
        hand = hands[seat]
        rest = list(hand)
        for t, k in counts.items():
            for _i in range(k):
                rest.remove(t)
        before = {t: cons[t] for t in joined}
        try:
            hands[seat] = rest
            cons.update(joined)
            return ev.value(state)
        finally:
            hands[seat] = hand
            cons.update(before)

    def cheapest_discard(self, state: VeneziaState, seat: int, choices: list[str]) -> str:
        """The ``discard …`` option worth most to ``seat`` afterwards (one leaving still three
        types in front is worth nothing). A discard only takes the seat's cards of a type out
        of the constructions and goes on to draining or drawing: nothing else the evaluation
        reads changes, so each is valued on the state itself with that construction's list
        replaced, then put back (the value of the state after the discard, without a copy)."""
        ev = Evaluator(state, seat, self.w)
        best_value = float("-inf")
        best = choices[0]
        cons = state.cons
        front = state.front(seat)
        for option in choices:
            t = option.split()[1]
            entries = cons[t]
            left = len(front) - (t in front)  # types still in front of the seat after it
            if left > 2:
                value = float("-inf")
            else:
                try:
                    cons[t] = [e for e in entries if e[0] != seat]
                    value = ev.value(state)
                finally:
                    cons[t] = entries
            if value > best_value:
                best_value, best = value, option
        return best


# ---------------------------------------------------------------------------- the AI seat
class GreedyAi:
    """The ``greedy`` AI level: one imagined world, one-ply heuristics."""

    level = "greedy"

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.player = GreedyPlayer(weights)
        self.memory = GameMemory()

    def choose(self, view: JSON, decision: Decision, rng: random.Random) -> str:
        return self._choose(view, decision, rng)

    def _choose(self, view: JSON, decision: Decision, rng: random.Random) -> str:
        options = legal_options(view, decision)
        self.memory.observe(view)
        choices, exchanges = split_options(options)
        if len(choices) == 1 and not exchanges:
            return choices[0]
        state = determinize(view, rng, self.memory.spent)
        command = self.player.decide(state, decision.seat, rng, options)
        if command not in options:  # defensive: never answer something illegal
            command = choices[0] if choices else options[0]
        self.memory.record(command)
        return command


__all__ = [
    "DEFAULT_WEIGHTS",
    "FALLBACK_POINTS",
    "RESOLUTION_PHASES",
    "SWAMP_MEAN",
    "TREASURE_MEAN",
    "BoardInfo",
    "BoardStats",
    "Evaluator",
    "GreedyAi",
    "GreedyPlayer",
    "Weights",
    "best_of",
    "board_info",
    "board_stats",
    "expected_gold",
    "no_stall",
    "pick",
]
