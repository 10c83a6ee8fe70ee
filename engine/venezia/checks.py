"""Validating a Venezia command completely before anything changes, and the refusal messages.

``validate`` returns the canonical text and the parsed move, or raises IllegalMove with a
specific reason; :meth:`VeneziaState.apply <engine.venezia.state.VeneziaState.apply>` then
executes the move with :func:`engine.venezia.turns.execute`. Nothing here mutates the state.
"""

from __future__ import annotations

from engine.core import Decision, IllegalMove
from engine.venezia import commands as cmd
from engine.venezia import decisions
from engine.venezia.cards import count_cards
from engine.venezia.gold import best_exchange
from engine.venezia.state_basics import StateBasics


def _wrong_verb(verb: str, d: Decision) -> IllegalMove:
    verbs = sorted({o.split()[0] for o in d.options})
    return IllegalMove(f"'{verb}' is not possible now: {d.prompt}. Possible: {', '.join(verbs)}")


def validate(self: StateBasics, seat: int, command: str) -> tuple[str, cmd.Move]:
    if self.over:
        raise IllegalMove("the game is over")
    if not 0 <= seat < self.n:
        raise IllegalMove(f"there is no seat {seat}")
    d = decisions.pending(self)
    assert d is not None
    if seat == d.seat and command in d.options:
        # Options are complete and canonical: an exact match is legal as it stands.
        return command, cmd.parse(command, self.board)
    move = cmd.parse(command, self.board)
    if move.verb == "exchange":
        return _validate_exchange(self, seat, move)
    if seat != d.seat:
        raise IllegalMove(
            f"it is {self.name(d.seat)}'s decision now ({d.prompt}), not yours"
            if seat != self.active
            else f"{self.name(d.seat)} must decide first: {d.prompt}"
        )
    text = _check(self, seat, move, d)
    return text, move


def _validate_exchange(self: StateBasics, seat: int, move: cmd.Move) -> tuple[str, cmd.Move]:
    if seat != self.active:
        raise IllegalMove(
            f"gold can only be exchanged during your own turn; it is {self.name(self.active)}'s"
        )
    if self.end_triggered:
        raise IllegalMove("the game is ending: gold is converted automatically (V-E2)")
    tokens = self.tokens[seat]
    if move.steps is not None:
        values = best_exchange(tokens, move.steps)
        if values is None:
            raise IllegalMove(
                f"your {len(tokens)} token(s) are worth {sum(tokens)} gold: at most "
                f"{sum(tokens) // 5} step(s), not {move.steps} (5 gold a step)"
            )
        move = cmd.Move("exchange", values=tuple(values))
    values = list(move.values)
    have = count_cards([str(v) for v in tokens])
    want = count_cards([str(v) for v in values])
    for v, k in want.items():
        if have.get(v, 0) < k:
            raise IllegalMove(
                f"you hold {have.get(v, 0)} token(s) worth {v}, not {k}; your tokens: "
                f"{' '.join(str(x) for x in sorted(tokens, reverse=True)) or 'none'}"
            )
    if sum(values) < 5:
        raise IllegalMove(
            f"those tokens are worth {sum(values)} gold: a step costs 5 and there is no change"
        )
    move = cmd.Move("exchange", values=tuple(sorted(values, reverse=True)))
    return cmd.format_move(move), move


def _check(self: StateBasics, seat: int, move: cmd.Move, d: Decision) -> str:
    phase = self.phase
    verb = move.verb
    text = cmd.format_move(move)
    if phase == "play":
        if verb == "flip":
            if not self._can_flip():
                raise IllegalMove(_no_flip_reason(self))
            return text
        if verb != "play":
            raise _wrong_verb(verb, d)
        err = decisions.play_error(self, seat, move.cards)
        if err:
            raise IllegalMove(err)
        return text
    if text in d.options:
        return text
    if phase == "place" and verb == "place":
        err = decisions.place_error(self, move.hexes)
        raise IllegalMove(err or f"{text} is not a legal placement")
    if phase == "drain" and verb == "drain":
        if len(move.hexes) > 2 - self.drained:
            left = 2 - self.drained
            raise IllegalMove(
                f"you may drain {left} more swamp(s) this turn, not {len(move.hexes)}"
            )
        if len(set(move.hexes)) != len(move.hexes):
            raise IllegalMove("a hex is named twice")
        for h in move.hexes:
            if h not in self.swamp:
                raise IllegalMove(f"{h} holds no swamp token: choose a hex with a swamp")
        return text
    if verb == "build" and phase == "build":
        labels = ", ".join(o.removeprefix("build ") for o in d.options)
        raise IllegalMove(f"no completed {move.label} is waiting; choose one of: {labels}")
    if verb == "score" and phase == "district":
        assert self.res is not None
        raise IllegalMove(
            f"the ponte connects {' and '.join(self.res['districts'])}: name one of them"
        )
    if verb == "discard" and phase == "discard":
        raise IllegalMove(
            f"you have no {move.card} cards in front of you; discard one of: "
            + ", ".join(self.front(seat))
        )
    if verb in ("draw", "swap") and phase in ("draw", "take"):
        raise IllegalMove(_draw_reason(self, seat, move))
    raise _wrong_verb(verb, d)


def _no_flip_reason(self: StateBasics) -> str:
    if self.imag < 0:
        return "flipping a card for Klaus-Jürgen is only for 2-player games (V-T2)"
    if self.flipped:
        return "you already flipped a card this turn (V-T2)"
    return "no card is left to flip"


def _draw_reason(self: StateBasics, seat: int, move: cmd.Move) -> str:
    h = len(self.hands[seat])
    if self.phase == "take":
        if move.verb == "swap":
            return "you already put a card into the pool; now take cards (draw ...)"
        if move.card == self.swapped:
            return "you cannot take back the card you just put into the pool (V-3.1)"
        if move.card is not None and move.card not in self.pool:
            return _not_in_pool(self, move.card)
        return "no card is left to take"
    if move.verb == "swap":
        if h > self.comp.hand_limit - 2:
            return f"you hold {h} cards: putting one and taking 3 needs at most 3 (V-3.2)"
        if move.card not in self.hands[seat]:
            return f"you have no {move.card} in hand"
        return f"the pool already holds a {move.card}: put a type it does not have (V-3.1)"
    if h > self.comp.hand_limit - 1:
        return f"you hold {h} cards: drawing one needs at most 4 (V-3.2)"
    if move.card is not None and move.card not in self.pool:
        return _not_in_pool(self, move.card)
    return "the deck and the discard pile are empty"


def _not_in_pool(self: StateBasics, card: str) -> str:
    return f"no {card} in the pool; the pool holds: {', '.join(self.pool) or 'nothing'}"
