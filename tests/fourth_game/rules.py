"""High Card's rules: the state (engine.core's GameState protocol), the game (Game protocol)
and the views. Every round is one sealed stage: both seats answer ``bid N`` in secret."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from engine.core import (
    CONTEXT,
    GAME_OVER,
    JSON,
    REVEAL,
    TURN_END,
    Decision,
    Event,
    IllegalMove,
    Said,
    UnknownCommand,
    event_facts,
)
from engine.rng import Rng
from engine.text import excerpt, is_number, small_number

NAME = "high_card"
TITLE = "High Card"
VERB = "bid"
KIND = "bid"  # the decision kind (the same word as the verb)
PROMPT = "pick a card in secret"
ALIASES = {"bid": VERB, "b": VERB, "card": VERB}


# ---------------------------------------------------------------- events: data, said when read
@dataclass(slots=True, kw_only=True)
class HighCardEvent:
    """High Card's event base: implements :class:`engine.core.Event` (a protocol, not a base
    class); each kind says itself; the players' names are there for its texts (made when read)."""

    kind: ClassVar[str] = ""
    echo: ClassVar[bool] = False
    seat: int | None = None
    names: Sequence[str] = field(default=(), repr=False, compare=False, metadata=CONTEXT)

    def said(self) -> Said:
        raise NotImplementedError(type(self).__name__)  # not for players

    @property
    def text(self) -> str:
        return self.said().text

    @property
    def private(self) -> Mapping[int, str]:
        return self.said().private

    @property
    def data(self) -> JSON:
        return {}

    def facts(self) -> JSON:
        return event_facts(self, self.kind)


@dataclass(slots=True, kw_only=True)
class Bid(HighCardEvent):
    """``seat`` bids in secret; hidden: ``value``."""

    kind: ClassVar[str] = "sealed"
    echo: ClassVar[bool] = True
    value: int

    @property
    def data(self) -> JSON:
        return {"stage": KIND}

    def said(self) -> Said:
        return Said(
            f"{self.names[self.seat or 0]} has chosen",
            {self.seat or 0: f"your secret answer: {VERB} {self.value}"},
        )


@dataclass(slots=True, kw_only=True)
class Revealed(HighCardEvent):
    """Round ``round``: the bids ``a`` and ``b``; ``winner`` (``None``: nobody)."""

    kind: ClassVar[str] = REVEAL
    round: int
    a: int
    b: int
    winner: int | None

    def said(self) -> Said:
        who = "nobody" if self.winner is None else self.names[self.winner]
        p0, p1 = self.names
        return Said(f"revealed: {p0} {self.a}, {p1} {self.b} — {who} wins round {self.round}")


@dataclass(slots=True, kw_only=True)
class RoundOver(HighCardEvent):
    kind: ClassVar[str] = TURN_END
    round: int

    @property
    def data(self) -> JSON:
        return {"round": self.round}

    def said(self) -> Said:
        return Said(f"round {self.round} is over")


@dataclass(slots=True, kw_only=True)
class Over(HighCardEvent):
    kind: ClassVar[str] = GAME_OVER
    won: list[int]

    @property
    def data(self) -> JSON:
        return {"won": list(self.won)}

    def said(self) -> Said:
        return Said(summary(self.names, self.won))


EVENT_TYPES = (Bid, Revealed, RoundOver, Over)


def ranking_of(won: list[int]) -> list[list[int]]:
    if won[0] == won[1]:
        return [[0, 1]]
    best = 0 if won[0] > won[1] else 1
    return [[best], [1 - best]]


def summary(players: Sequence[str], won: list[int]) -> str:
    (best, *_), *rest = ranking_of(won)
    score = f"{won[0]}:{won[1]}"
    if not rest:
        return f"a draw, {score} in rounds"
    return f"{players[best]} wins, {score} in rounds"


def deck(rounds: int) -> list[int]:
    """Two copies of 1…rounds+1: each seat is dealt ``rounds``, two cards stay unseen."""
    return sorted([v for v in range(1, rounds + 2) for _ in range(2)])


def parse(text: str) -> int:
    """``bid 4`` / ``card 4`` / ``4`` -> 4; :class:`IllegalMove` for anything else."""
    words = str(text).split()
    if len(words) == 1 and is_number(words[0]):
        return small_number(words[0], "a card")
    if len(words) == 2 and words[0].casefold() in ALIASES:
        return small_number(words[1], "a card")
    if not words:
        raise IllegalMove("type a card to bid, e.g. 'bid 3'")
    if words[0].casefold() not in ALIASES and not is_number(words[0]):
        raise UnknownCommand(f"'{excerpt(words[0])}' is no command; type e.g. 'bid 3'")
    raise IllegalMove(f"'{excerpt(text)}' is not a bid; type e.g. 'bid 3'")


class HighCardState:
    """The whole game: hands, the unseen cards, the sealed answers, the rounds played."""

    game_name = NAME

    def __init__(self, players: list[str], seed: int, rounds: int) -> None:
        self.players = list(players)
        self.seed = seed
        self.rng = Rng(seed)
        self.rounds = rounds
        self.hands: list[list[int]] = [[], []]
        self.aside: list[int] = []
        self.sealed: list[int | None] = [None, None]
        self.won = [0, 0]
        self.reveals: list[list[int | None]] = []  # [card of seat 0, card of seat 1, winner]
        self.history: list[tuple[int, str]] = []

    # ------------------------------------------------------------------ the protocol
    @property
    def is_over(self) -> bool:
        return len(self.reveals) >= self.rounds

    @property
    def turn(self) -> int:
        return min(len(self.reveals) + 1, self.rounds)

    def pending_all(self) -> tuple[Decision, ...]:
        if self.is_over:
            return ()
        answered = sum(1 for s in self.sealed if s is not None)
        return tuple(
            Decision(
                s,
                KIND,
                PROMPT,
                tuple(f"{VERB} {v}" for v in sorted(set(self.hands[s]))),
                sealed=True,
                public_options=False,  # the options are one's hand
                opened_at=len(self.history) - answered,
            )
            for s in (0, 1)
            if self.sealed[s] is None
        )

    def pending(self) -> Decision | None:
        ds = self.pending_all()
        return ds[0] if ds else None

    def legal_commands(self, seat: int) -> list[str]:
        return [o for d in self.pending_all() if d.seat == seat for o in d.options]

    def canonical(self, seat: int, command: str) -> str:
        if self.is_over:
            raise IllegalMove("the game is over")
        if seat not in (0, 1):
            raise IllegalMove(f"there is no seat {seat}; {TITLE} has seats 0 and 1")
        if self.sealed[seat] is not None:
            raise IllegalMove(f"you have chosen; waiting for {self.players[1 - seat]}")
        value = parse(command)
        if value not in self.hands[seat]:
            raise IllegalMove(f"you hold no {value}; your cards: {self.hands[seat]}")
        return f"{VERB} {value}"

    def apply(self, seat: int, command: str) -> list[Event]:
        text = self.canonical(seat, command)
        self.sealed[seat] = int(text.split()[1])
        self.history.append((seat, text))
        events: list[Event] = [Bid(seat=seat, value=int(text.split()[1]), names=self.players)]
        if all(s is not None for s in self.sealed):
            self._reveal(events)
        return events

    def _reveal(self, events: list[Event]) -> None:
        a, b = (int(s or 0) for s in self.sealed)
        self.hands[0].remove(a)
        self.hands[1].remove(b)
        self.sealed = [None, None]
        winner = None if a == b else (0 if a > b else 1)
        if winner is not None:
            self.won[winner] += 1
        self.reveals.append([a, b, winner])
        n = len(self.reveals)
        names = self.players
        events.append(Revealed(round=n, a=a, b=b, winner=winner, names=names))
        events.append(RoundOver(round=n, names=names))
        if self.is_over:
            events.append(Over(won=list(self.won), names=names))

    def summary(self) -> str:
        return summary(self.players, self.won)

    def ranking(self) -> list[list[int]]:
        return ranking_of(self.won)

    # ------------------------------------------------------------------ views
    def public_view(self) -> JSON:
        pending = self.pending_all()
        return {
            "game": NAME,
            "round": self.turn,
            "rounds": self.rounds,
            "players": [
                {
                    "seat": s,
                    "name": self.players[s],
                    "hand_size": len(self.hands[s]),
                    "won": self.won[s],
                    "answered": None if self.is_over else self.sealed[s] is not None,
                }
                for s in (0, 1)
            ],
            "unseen": len(self.aside),
            "reveals": [list(r) for r in self.reveals],
            "pending": [
                {"seat": d.seat, "kind": d.kind, "prompt": d.prompt, "sealed": True}
                for d in pending
            ],
            "public_options": None,
            "game_over": self.is_over,
            "ranking": self.ranking() if self.is_over else None,
        }

    def player_view(self, seat: int) -> JSON:
        if seat not in (0, 1):
            raise ValueError(f"there is no seat {seat}")
        view = self.public_view()
        mine = [d for d in self.pending_all() if d.seat == seat]
        sealed = self.sealed[seat]
        view["me"] = {
            "seat": seat,
            "hand": sorted(self.hands[seat]),
            "sealed_answer": None if sealed is None else f"{VERB} {sealed}",
            "options": list(mine[0].options) if mine else [],
            "decision": {"kind": KIND, "prompt": PROMPT} if mine else None,
        }
        return view

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> JSON:
        return {
            "game": NAME,
            "players": self.players,
            "seed": self.seed,
            "rng": self.rng.state,
            "rounds": self.rounds,
            "hands": self.hands,
            "aside": self.aside,
            "sealed": self.sealed,
            "won": self.won,
            "reveals": self.reveals,
            "history": [list(h) for h in self.history],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: JSON) -> HighCardState:
        if data.get("game") != NAME:
            raise ValueError(f"not a {TITLE} state: {data.get('game')!r}")
        st = cls(list(data["players"]), int(data["seed"]), int(data["rounds"]))
        st.rng = Rng(int(data["rng"]))
        st.hands = [list(h) for h in data["hands"]]
        st.aside = list(data["aside"])
        st.sealed = list(data["sealed"])
        st.won = list(data["won"])
        st.reveals = [list(r) for r in data["reveals"]]
        st.history = [(int(s), str(c)) for s, c in data["history"]]
        return st

    def state_hash(self) -> str:
        return hashlib.sha256(self.to_json().encode()).hexdigest()

    def clone(self) -> HighCardState:
        return HighCardState.from_dict(json.loads(self.to_json()))


class HighCardGame:
    """The Game protocol: new states (seeded deal) and saved ones."""

    name = NAME
    title = TITLE
    min_players = 2
    max_players = 2

    def new_state(
        self, players: list[str], seed: int, options: JSON | None = None
    ) -> HighCardState:
        if len(players) != 2:
            raise IllegalMove(f"{TITLE} is for exactly 2 players, not {len(players)}")
        rounds = int((options or {}).get("rounds", 13))
        st = HighCardState(players, seed, rounds)
        cards = deck(rounds)
        st.rng.shuffle(cards)
        st.hands = [sorted(cards[:rounds]), sorted(cards[rounds : 2 * rounds])]
        st.aside = sorted(cards[2 * rounds :])
        return st

    def from_json(self, text: str) -> HighCardState:
        return HighCardState.from_dict(json.loads(text))


GAME = HighCardGame()
