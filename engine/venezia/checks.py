"""Validating a Venezia command completely before anything changes, and the refusal messages.

``validate`` returns the canonical text and the parsed move, or raises IllegalMove with a
specific reason; :meth:`VeneziaState.apply <engine.venezia.state.VeneziaState.apply>` then
executes the move with :func:`engine.venezia.turns.execute`. Nothing here mutates the state.
"""

from __future__ import annotations

from engine.core import Decision, IllegalMove
from engine.i18n import either, listed
from engine.venezia import commands as cmd
from engine.venezia import decisions
from engine.venezia.cards import building_name, count_cards
from engine.venezia.gold import best_exchange
from engine.venezia.language import _, _n
from engine.venezia.state_basics import StateBasics


def _wrong_verb(verb: str, d: Decision) -> IllegalMove:
    verbs = sorted({o.split()[0] for o in d.options})
    return IllegalMove(
        _(
            "'{verb}' is not possible now: {prompt}. Possible: {verbs}",
            verb=verb,
            prompt=d.prompt,
            verbs=either(verbs),
        )
    )


def validate(self: StateBasics, seat: int, command: str) -> tuple[str, cmd.Move]:
    if self.over:
        raise IllegalMove(_("the game is over"))
    if not 0 <= seat < self.n:
        raise IllegalMove(_("there is no seat {seat}", seat=seat))
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
            _(
                "it is {name}'s decision now ({prompt}), not yours",
                name=self.name(d.seat),
                prompt=d.prompt,
            )
            if seat != self.active
            else _("{name} must decide first: {prompt}", name=self.name(d.seat), prompt=d.prompt)
        )
    text = _check(self, seat, move, d)
    return text, move


def _validate_exchange(self: StateBasics, seat: int, move: cmd.Move) -> tuple[str, cmd.Move]:
    if seat != self.active:
        raise IllegalMove(
            _(
                "gold can only be exchanged during your own turn; it is {name}'s",
                name=self.name(self.active),
            )
        )
    if self.end_triggered:
        # rule: V-E2
        raise IllegalMove(_("the game is ending: gold is converted automatically"))
    tokens = self.tokens[seat]
    if move.steps is not None:
        values = best_exchange(tokens, move.steps)
        if values is None:
            raise IllegalMove(
                _n(
                    "your {n} token is worth {gold} gold: at most {most}, not {asked} "
                    "(5 gold a step)",
                    "your {n} tokens are worth {gold} gold: at most {most}, not {asked} "
                    "(5 gold a step)",
                    len(tokens),
                    gold=sum(tokens),
                    most=_n("{n} step", "{n} steps", sum(tokens) // 5),
                    asked=move.steps,
                )
            )
        move = cmd.Move("exchange", values=tuple(values))
    values = list(move.values)
    have = count_cards([str(v) for v in tokens])
    want = count_cards([str(v) for v in values])
    for v, k in want.items():
        if have.get(v, 0) < k:
            held = " ".join(str(x) for x in sorted(tokens, reverse=True))
            raise IllegalMove(
                _n(
                    "you hold {n} token worth {value}, not {wanted}; your tokens: {tokens}",
                    "you hold {n} tokens worth {value}, not {wanted}; your tokens: {tokens}",
                    have.get(v, 0),
                    value=v,
                    wanted=k,
                    tokens=held or _("none"),
                )
            )
    if sum(values) < 5:
        raise IllegalMove(
            _(
                "those tokens are worth {gold} gold: a step costs 5 and there is no change",
                gold=sum(values),
            )
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
        raise IllegalMove(err or _("{command} is not a legal placement", command=text))
    if phase == "drain" and verb == "drain":
        if len(move.hexes) > 2 - self.drained:
            left = 2 - self.drained
            raise IllegalMove(
                _n(
                    "you may drain {n} more swamp this turn, not {asked}",
                    "you may drain {n} more swamps this turn, not {asked}",
                    left,
                    asked=len(move.hexes),
                )
            )
        if len(set(move.hexes)) != len(move.hexes):
            raise IllegalMove(_("a hex is named twice"))
        for h in move.hexes:
            if h not in self.swamp:
                raise IllegalMove(_("{hex} holds no swamp token: choose a hex with a swamp", hex=h))
        return text
    if verb == "build" and phase == "build":
        labels = either(o.removeprefix("build ") for o in d.options)
        raise IllegalMove(
            _(
                "no completed {building} is waiting; choose one of: {labels}",
                building=_build_name(move.label),
                labels=labels,
            )
        )
    if verb == "score" and phase == "district":
        assert self.res is not None
        first, second = self.res["districts"]
        raise IllegalMove(
            _(
                "the ponte connects {first} and {second}: name one of them",
                first=first,
                second=second,
            )
        )
    if verb == "discard" and phase == "discard":
        assert move.card is not None
        raise IllegalMove(
            _(
                "you have no {building} cards in front of you; discard one of: {types}",
                building=building_name(move.card),
                types=listed([building_name(t) for t in self.front(seat)]),
            )
        )
    if verb in ("draw", "swap") and phase in ("draw", "take"):
        raise IllegalMove(_draw_reason(self, seat, move))
    raise _wrong_verb(verb, d)


def _build_name(label: str) -> str:
    """A ``build`` label (``ponte`` or ``ponte solo``) in the language in force."""
    if label.endswith(" solo"):
        # Translators: a building built alone by one player (the command word 'solo').
        return _("{building} solo", building=building_name(label.removesuffix(" solo")))
    return building_name(label)


def _no_flip_reason(self: StateBasics) -> str:
    if self.imag < 0:
        # rule: V-T2
        return _("flipping a card for Klaus-Jürgen is only for 2-player games")
    if self.flipped:
        # rule: V-T2
        return _("you already flipped a card this turn")
    return _("no card is left to flip")


def _draw_reason(self: StateBasics, seat: int, move: cmd.Move) -> str:
    h = len(self.hands[seat])
    if self.phase == "take":
        if move.verb == "swap":
            return _("you already put a card into the pool; now take cards (draw ...)")
        if move.card == self.swapped:
            # rule: V-3.1
            return _("you cannot take back the card you just put into the pool")
        if move.card is not None and move.card not in self.pool:
            return _not_in_pool(self, move.card)
        return _("no card is left to take")
    if move.verb == "swap":
        assert move.card is not None
        if h > self.comp.hand_limit - 2:
            return _n(
                # rule: V-3.2
                "you hold {n} card: putting one and taking 3 needs at most 3",
                # rule: V-3.2
                "you hold {n} cards: putting one and taking 3 needs at most 3",
                h,
            )
        if move.card not in self.hands[seat]:
            return _("you have no {building} in hand", building=building_name(move.card))
        return _(
            # rule: V-3.1
            "the pool already holds a {building}: put a type it does not have",
            building=building_name(move.card),
        )
    if h > self.comp.hand_limit - 1:
        return _n(
            # rule: V-3.2
            "you hold {n} card: drawing one needs at most 4",
            # rule: V-3.2
            "you hold {n} cards: drawing one needs at most 4",
            h,
        )
    if move.card is not None and move.card not in self.pool:
        return _not_in_pool(self, move.card)
    return _("the deck and the discard pile are empty")


def _not_in_pool(self: StateBasics, card: str) -> str:
    return _(
        "no {building} in the pool; the pool holds: {pool}",
        building=building_name(card),
        pool=listed([building_name(t) for t in self.pool]) if self.pool else _("nothing"),
    )
