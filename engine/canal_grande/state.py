"""The Canal Grande rules: one mutable state, validated moves, and who must decide what.

Rule IDs refer to ``shared/rules/canal_grande.md``. Every move is validated completely before
anything changes, so a refused move leaves the state byte-identical. Everything that needs no
choice (revealing, numbers, hands, traitors, spies, the round-end bonus, reshuffles) happens
automatically inside ``apply``; the decisions are: divide, take, vote (district) and place.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engine.canal_grande import checks, decisions, flow, resolve, serialize
from engine.canal_grande import commands as cmd
from engine.canal_grande import events as evt
from engine.canal_grande.cards import (
    HAND_SPECIALS,
    Components,
    _short,
    load_components,
)
from engine.canal_grande.language import _
from engine.canal_grande.resolve import reveal_name
from engine.canal_grande.votes import (
    Placement,
    placement_votes,
)
from engine.core import JSON, Decision, Event, IllegalMove
from engine.i18n import counted, current_language
from engine.rng import Rng

DEFAULT_TURN_LIMIT = 500  # CG-G20: a safety cap, NOT part of the rules (ends as a draw)


class CanalGrandeState:
    """A whole game of Canal Grande: hidden hands and decks, public table, RNG and history."""

    game_name = "canal_grande"

    __slots__ = (
        "_decision",
        "_decision_lang",
        "_option_set",
        "comp",
        "deck",
        "discard",
        "divider",
        "doges",
        "draw",
        "hands",
        "history",
        "last_round",
        "last_vote",
        "n",
        "num_deck",
        "numbers",
        "offer_a",
        "over",
        "phase",
        "players",
        "revealed",
        "rng",
        "round",
        "seed",
        "stage",
        "taken",
        "turn",
        "turn_limit",
        "victory",
        "vote",
        "voted",
        "winner",
    )

    _decision: Decision | None
    _decision_lang: str
    _option_set: frozenset[str] | None
    comp: Components
    deck: list[str]
    discard: list[str]
    divider: int
    doges: list[int]
    draw: bool
    hands: list[list[str]]
    history: list[tuple[int, str]]
    last_round: dict[str, Any] | None
    last_vote: dict[str, Any] | None
    n: int
    num_deck: list[int]
    numbers: list[list[int]]
    offer_a: list[int] | None
    over: bool
    phase: str
    players: list[str]
    revealed: list[str]
    rng: Rng
    round: int
    seed: int
    stage: str
    taken: str | None
    turn: int
    turn_limit: int
    victory: list[list[str]]
    vote: dict[str, Any] | None
    voted: list[str]
    winner: int | None

    # ------------------------------------------------------------------ setup (CG-2)
    @classmethod
    def new(
        cls,
        players: list[str],
        seed: int,
        first_divider: int | None = None,
        turn_limit: int = DEFAULT_TURN_LIMIT,
        comp: Components | None = None,
    ) -> CanalGrandeState:
        if len(players) != 2:
            raise IllegalMove(
                _("Canal Grande is for exactly 2 players, not {count}", count=len(players))
            )
        self = cls.__new__(cls)
        self.comp = comp or load_components()
        c = self.comp
        self.players = list(players)
        self.n = 2
        self.seed = seed
        self.rng = Rng(seed)
        self.turn_limit = int(turn_limit)
        # CG-2.2, CG-2.3: two cards of every district, shuffled, four to each player.
        start = [d for d in c.districts for _ in range(c.start_per_district)]
        rest = [card for card in c.action_cards]
        for card in start:
            rest.remove(card)
        self.rng.shuffle(start)
        self.hands = []
        for _k in range(self.n):
            hand = [start.pop() for _ in range(c.start_hand)]
            self.hands.append(self.sorted_cards(hand))
        rest.extend(start)  # CG-2.4: the leftover start cards go back into the action cards
        self.rng.shuffle(rest)
        self.deck = rest
        self.discard = []
        nums = list(c.numbers)
        self.rng.shuffle(nums)  # CG-2.5
        self.num_deck = nums
        self.numbers = [[], []]
        self.victory = [[], []]
        self.doges = [0, 0]
        # CG-2.6, CG-G18: the starting player is drawn unless the table sets it.
        self.divider = self.rng.below(2) if first_divider is None else int(first_divider)
        if self.divider not in (0, 1):
            raise IllegalMove(
                _("first_divider must be seat 0 or 1, not {value}", value=repr(first_divider))
            )
        self.turn = 0
        self.round = 1
        self.phase = "divide"
        self.revealed = []
        self.offer_a = None
        self.taken = None
        self.stage = "chooser"
        self.voted = []
        self.vote = None
        self.over = False
        self.winner = None
        self.draw = False
        self.last_vote = None
        self.last_round = None
        self.history = []
        self._decision = None
        self._decision_lang = ""
        self._option_set = None
        self._start_turn([])
        return self

    # ------------------------------------------------------------------ basics
    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def chooser(self) -> int:
        return 1 - self.divider

    @property
    def resolver(self) -> int:
        return self.chooser if self.stage == "chooser" else self.divider

    def name(self, seat: int) -> str:
        return self.players[seat]

    def sorted_cards(self, cards: list[str]) -> list[str]:
        order = self.comp.card_order
        return sorted(cards, key=order.__getitem__)

    def total(self, seat: int) -> int:
        return sum(self.numbers[seat])

    def offer_positions(self, letter: str) -> list[int]:
        assert self.offer_a is not None
        if letter == "A":
            return list(self.offer_a)
        return [p for p in range(1, len(self.revealed) + 1) if p not in self.offer_a]

    def table_cards(self) -> list[str]:
        """Revealed cards still on the table: all of them before the pick, then the divider's
        offer until he resolves it (CG-4.5)."""
        if self.phase == "over" and not self.revealed:
            return []
        if self.taken is None:
            return list(self.revealed)
        if self.stage == "chooser":
            other = "B" if self.taken == "A" else "A"
            return [self.revealed[p - 1] for p in self.offer_positions(other)]
        return []

    def eligible_districts(self, seat: int) -> list[str]:
        """Districts ``seat`` could open a vote in: held and not yet voted this turn (CG-6.3)."""
        hand = self.hands[seat]
        return [d for d in self.comp.districts if d in hand and d not in self.voted]

    # ------------------------------------------------------------------ decisions
    def pending_all(self) -> tuple[Decision, ...]:
        """Canal Grande is turn-based: at most one open decision (engine.core contract)."""
        d = self.pending()
        return () if d is None else (d,)

    def pending(self) -> Decision | None:
        if self.over:
            return None
        lang = current_language()
        if self._decision is None or self._decision_lang != lang:
            # the prompt is words: made again when the language in force changes
            self._decision = decisions.make_decision(self)
            self._decision_lang = lang
        return self._decision

    def _offer_text(self, letter: str) -> str:
        cards = [self.revealed[p - 1] for p in self.offer_positions(letter)]
        return counted(reveal_name(c, self.comp) for c in cards)

    def legal_commands(self, seat: int) -> list[str]:
        if self.over:
            return []
        d = self.pending()
        assert d is not None
        return list(d.options) if d.seat == seat else []

    # ------------------------------------------------------------------ apply
    def canonical(self, seat: int, command: str) -> str:
        return self._validate(seat, command)[0]

    def apply(self, seat: int, command: str) -> list[Event]:
        text, payload = self._validate(seat, command)
        ev: list[Event] = []
        verb = text.split(" ", 1)[0]
        if verb == "divide":
            self._divide(payload, ev)
        elif verb == "take":
            self._take(text[-1], ev)
        elif verb == "vote":
            self._choose_district(text.split(" ", 1)[1], ev)
        elif verb == "place":
            self._place(seat, payload, ev)
        else:
            self._pass(seat, ev)
        self.history.append((seat, text))
        self._decision = None
        self._option_set = None
        return ev

    def play_move(self, seat: int, verb: str, arg: Any) -> list[Event]:
        """A move a search play-out took from the rules' own lists, applied without its text
        being parsed and checked (players' commands go through :meth:`apply`): ``divide`` and
        a canonical 'divide …' option, ``take`` and ``A``/``B``, ``vote`` and a district,
        ``place`` and a legal placement or ``None`` (pass). The state ends as :meth:`apply`
        leaves it, history included."""
        ev: list[Event] = []
        if verb == "divide":
            text = arg
            self._divide(_positions(arg), ev)
        elif verb == "take":
            text = f"take {arg}"
            self._take(arg, ev)
        elif verb == "vote":
            text = f"vote {arg}"
            self._choose_district(arg, ev)
        elif arg is None:
            text = "pass"
            self._pass(seat, ev)
        else:
            assert self.vote is not None
            text = cmd.format_place(self.vote["district"], *arg)
            self._place(seat, arg, ev)
        self.history.append((seat, text))
        self._decision = None
        self._option_set = None
        return ev

    def _validate(self, seat: int, command: str) -> tuple[str, Any]:
        if self.over:
            raise IllegalMove(_("the game is over"))
        if not 0 <= seat < self.n:
            raise IllegalMove(_("there is no seat {seat}", seat=seat))
        d = self.pending()
        assert d is not None
        if seat != d.seat:
            raise IllegalMove(
                _(
                    "it is {name}'s decision now ({prompt}), not yours",
                    name=self.name(d.seat),
                    prompt=d.prompt,
                )
            )
        if not isinstance(command, str):
            raise IllegalMove(_("a command is text"))
        if self._option_set is None:
            self._option_set = frozenset(d.options)
        exact = command in self._option_set
        move = cmd.parse(command)
        expected = {"divide": "divide", "choose": "take", "district": "vote", "place": "place"}
        verb = move.verb
        if d.kind == "place" and verb == "pass":
            if "pass" not in self._option_set:
                raise IllegalMove(
                    _(
                        # rule: CG-6.4, CG-6.4a
                        "the challenger must open the vote: place at least one "
                        "card of the chosen district"
                    )
                )
            return "pass", None
        if verb != expected[d.kind]:
            if d.kind == "place":
                raise IllegalMove(
                    _(
                        "'{verb}' is not possible now: {prompt}. Possible: {allowed} or pass",
                        verb=verb,
                        prompt=d.prompt,
                        allowed=expected[d.kind],
                    )
                )
            raise IllegalMove(
                _(
                    "'{verb}' is not possible now: {prompt}. Possible: {allowed}",
                    verb=verb,
                    prompt=d.prompt,
                    allowed=expected[d.kind],
                )
            )
        if verb == "divide":
            positions = _positions(command) if exact else checks.divide_positions(self, move)
            return cmd.format_divide(positions), positions
        if verb == "take":
            return f"take {move.offer}", None
        if verb == "vote":
            if not exact and f"vote {move.district}" not in self._option_set:
                raise IllegalMove(checks.district_reason(self, seat, move.district))
            return f"vote {move.district}", None
        placement = checks.placement(self, seat, move)
        assert self.vote is not None
        text = cmd.format_place(self.vote["district"], *placement)
        if text not in self._option_set:
            raise IllegalMove(
                _("'{command}' is not a legal placement now", command=_short(command, 40))
            )
        return text, placement

    def _revealed_text(self) -> str:
        comp = self.comp
        # Translators: a revealed card and its position, e.g. "3 San Marco"
        return counted(
            _("{pos} {card}", pos=i + 1, card=reveal_name(c, comp))
            for i, c in enumerate(self.revealed)
        )

    # ------------------------------------------------------------------ moves
    def _divide(self, positions: tuple[int, ...], ev: list[Event]) -> None:
        self.offer_a = list(positions)
        self.phase = "choose"
        ev.append(
            evt.Divided(
                seat=self.divider,
                a=list(positions),
                b=self.offer_positions("B"),
                revealed=list(self.revealed),
                names=self.players,
                comp=self.comp,
            )
        )

    def _take(self, letter: str, ev: list[Event]) -> None:
        self.taken = letter
        chooser = self.chooser
        self.stage = "chooser"
        cards = [self.revealed[p - 1] for p in self.offer_positions(letter)]
        ev.append(
            evt.OfferTaken(
                seat=chooser, offer=letter, cards=cards, names=self.players, comp=self.comp
            )
        )
        resolve.resolve_offer(self, chooser, cards, ev)  # CG-5
        self._continue(ev)

    def _choose_district(self, district: str, ev: list[Event]) -> None:
        vote = self.vote
        assert vote is not None
        vote["district"] = district
        vote["to_act"] = vote["challenger"]
        self.voted.append(district)  # CG-6.3
        self.phase = "place"
        ev.append(
            evt.VoteCalled(
                seat=vote["challenger"], district=district, names=self.players, comp=self.comp
            )
        )

    def _place(self, seat: int, placement: Placement, ev: list[Event]) -> None:
        vote = self.vote
        assert vote is not None
        k, groups = placement
        hand = self.hands[seat]
        district = vote["district"]
        for _k in range(k):
            hand.remove(district)
        for d, m in groups:
            hand.remove("gondola")
            for _k in range(m):
                hand.remove(d)
        vote["placed"][seat].append([k, [list(g) for g in groups]])
        vote["votes"][seat] += placement_votes(placement)
        vote["to_act"] = 1 - seat
        ch = vote["challenger"]
        ev.append(
            evt.VotesPlaced(
                seat=seat,
                district=district,
                count=k,
                groups=tuple(groups),
                challenger=ch,
                votes=list(vote["votes"]),
                names=self.players,
                comp=self.comp,
            )
        )

    def _pass(self, seat: int, ev: list[Event]) -> None:
        vote = self.vote
        assert vote is not None
        ev.append(evt.Passed(seat=seat, names=self.players, comp=self.comp))
        resolve.settle_vote(self, 1 - seat, ev)  # CG-6.17: whoever stops is behind (CG-G10)
        self._continue(ev)

    # ---------------------------------------------- flow (functions in engine.canal_grande.flow)
    def _continue(self, ev: list[Event]) -> None:
        flow.continue_play(self, ev)

    def start_vote(self, owner: int, ev: list[Event]) -> None:
        flow.start_vote(self, owner, ev)

    def _end_turn(self, ev: list[Event]) -> None:
        flow.end_turn(self, ev)

    def _start_turn(self, ev: list[Event]) -> None:
        flow.start_turn(self, ev)

    def finish(self, winner: int, ev: list[Event]) -> None:
        flow.finish(self, winner, ev)

    def ranking(self) -> list[list[int]]:
        if self.winner is not None:
            return [[self.winner], [1 - self.winner]]
        a, b = len(self.victory[0]), len(self.victory[1])
        if a == b:
            return [[0, 1]]
        return [[0], [1]] if a > b else [[1], [0]]

    # ------------------------------------------------------------------ serialization
    def to_dict(self) -> JSON:
        return serialize.to_dict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: JSON, comp: Components | None = None) -> CanalGrandeState:
        return serialize.from_dict(cls, data, comp)

    @classmethod
    def from_json(cls, text: str) -> CanalGrandeState:
        return cls.from_dict(json.loads(text))

    def state_hash(self) -> str:
        return hashlib.sha256(self.to_json().encode()).hexdigest()[:16]

    def clone(self) -> CanalGrandeState:
        """A cheap independent copy (no deepcopy): for search and dry runs."""
        return serialize.clone(self)

    def public_view(self) -> JSON:
        from engine.canal_grande.views import public_view

        return public_view(self)

    def player_view(self, seat: int) -> JSON:
        from engine.canal_grande.views import player_view

        return player_view(self, seat)


def _positions(command: str) -> tuple[int, ...]:
    return tuple(int(w) for w in command.split()[1:])


__all__ = ["HAND_SPECIALS", "CanalGrandeState"]
