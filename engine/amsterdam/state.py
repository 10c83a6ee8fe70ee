"""The Amsterdam state: every component, the round in progress, serialization and copies.

Seat 0 plays red, seat 1 black (AM-2.7). The rules that move the game on live in ``rounds.py``
(round flow), ``board.py`` (the grid) and ``scoring.py``; this module holds the data, answers
"who must decide what" (:meth:`pending_all`) and validates every command completely before
``rounds`` changes anything, so a refused command leaves the state byte-identical.

Secret simultaneous choices (AM-3.2, AM-4.2/4.3, AM-V4.2/4.4, AM-G35): in a *sealed* stage every
seat that must answer has its own :class:`~engine.core.Decision` (``sealed=True``). Each answer is
its own ``apply`` (its own move in the history); it is stored in ``sealed`` and kept out of every
view and public event until the stage's last answer arrives, and that ``apply`` reveals all.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engine.amsterdam import commands as cmd
from engine.amsterdam import views
from engine.amsterdam.board import put
from engine.amsterdam.cards import CardSet, load_cards
from engine.amsterdam.grid import Layout, key
from engine.amsterdam.language import _
from engine.amsterdam.presentation.tasks import task
from engine.amsterdam.rounds import execute, open_decisions
from engine.amsterdam.state_fields import SEALED_PHASES
from engine.amsterdam.turns import start_round
from engine.amsterdam.variants import VARIANTS, Variant
from engine.core import JSON, Decision, Event, IllegalMove
from engine.i18n import listed
from engine.rng import Rng


class AmsterdamState:
    """A whole game of Amsterdam for two players."""

    game_name = "amsterdam"

    __slots__ = (
        "_areas",
        "_decisions",
        "_place_cells",
        "activity",
        "asked",
        "bank",
        "boxed",
        "center_cell",
        "cs",
        "cs_harbor_type",
        "cs_water_type",
        "depots",
        "end",
        "guards",
        "gulden",
        "hands",
        "harbor_decks",
        "history",
        "idle",
        "last_reveal",
        "layout",
        "must_play",
        "order",
        "over",
        "passed",
        "peak",
        "phase",
        "players",
        "removable",
        "revealed",
        "rng",
        "round",
        "scored",
        "scored_cells",
        "sealed",
        "seed",
        "ship",
        "span",
        "special_pile",
        "stall",
        "taken_back",
        "top",
        "under",
        "variant",
        "vp",
        "water_deck",
        "winner",
        "won",
    )

    _areas: tuple[list[list[int]], dict[int, int]] | None
    _decisions: tuple[Decision, ...] | None
    _place_cells: list[int] | None  # step 5 cells, cached while the place decision is open
    activity: bool
    asked: list[bool]
    bank: int
    boxed: list[int]
    center_cell: int
    cs: CardSet
    cs_harbor_type: list[bool]
    cs_water_type: list[bool]
    depots: set[int]
    end: dict[str, Any] | None
    guards: list[int]
    gulden: list[int]
    hands: list[list[int]]
    harbor_decks: list[list[int]]
    history: list[tuple[int, str]]
    idle: int
    last_reveal: dict[str, Any] | None
    layout: Layout
    must_play: list[int | None]
    order: list[int]
    over: bool
    passed: list[bool]
    peak: int  # the most cards the port has held at a round's end (AM-G24)
    phase: str
    players: list[str]
    removable: list[int]
    revealed: list[int | None]
    rng: Rng
    round: int
    scored: list[dict[str, Any]]
    scored_cells: set[int]
    sealed: list[str | None]
    seed: int
    ship: int
    span: list[int]
    special_pile: list[int]
    stall: int  # rounds in a row ended without the port growing past its peak (AM-G24)
    # per seat: cards revealed (or shown) and taken back into his hand, public until played
    # (AM-5.2, AM-5.4, AM-V4.4, AM-G35; AM-G23)
    taken_back: list[list[int]]
    top: dict[int, int]
    under: dict[int, list[int]]
    variant: Variant
    vp: list[int]
    water_deck: list[int]
    winner: int | None
    won: list[int]

    # ------------------------------------------------------------------ setup (AM-2)
    @classmethod
    def _blank(cls, players: list[str], seed: int, variant: Variant, cs: CardSet) -> AmsterdamState:
        self = cls.__new__(cls)
        self.players = list(players)
        self.seed = seed
        self.variant = variant
        self.cs = cs
        self.cs_harbor_type = [c.harbor_type for c in cs.cards]
        self.cs_water_type = [c.water_type for c in cs.cards]
        self.layout = Layout.of(variant)
        self.center_cell = key(0, 0)
        self._areas = None
        self._decisions = None
        self._place_cells = None
        return self

    @classmethod
    def new(
        cls, players: list[str], seed: int, variant: Variant, cs: CardSet | None = None
    ) -> AmsterdamState:
        if len(players) != 2:
            raise IllegalMove(_("Amsterdam is for exactly 2 players, not {n}", n=len(players)))
        cs = cs or load_cards()
        self = cls._blank(players, seed, variant, cs)
        self.rng = Rng(seed)
        self.top = {self.center_cell: cs.center}  # AM-2.2
        self.under = {}
        self.ship = self.center_cell
        self.span = [0, 0, 0, 0]
        water = list(cs.water)
        self.rng.shuffle(water)  # AM-2.3
        for r, c in variant.start:  # AM-2.4 (AM-G30, AM-V2.1)
            put(self, key(r, c), water.pop())
        self.hands = [[water.pop(), water.pop()], [water.pop(), water.pop()]]  # AM-2.5
        self.water_deck = water  # AM-2.6: face up, top = last
        self.boxed = []
        self.harbor_decks = []
        for seat in (0, 1):
            deck: list[int] = []
            for i in cs.harbor[seat]:
                card = cs.cards[i]
                drop = (variant.drop_cranes == "all" and card.crane) or (
                    variant.drop_cranes == "no_ship" and card.crane and not card.ship
                )  # AM-V2.3, AM-V6.2
                (self.boxed if drop else deck).append(i)
            self.rng.shuffle(deck)  # AM-2.8
            self.hands[seat].extend(deck.pop() for _ in range(3))
            self.harbor_decks.append(deck)  # AM-2.9: face up, top = last
        if variant.specials:  # AM-V4.1
            self.special_pile = list(cs.special)
            self.rng.shuffle(self.special_pile)
        else:  # AM-2.12
            self.special_pile = []
            self.boxed.extend(cs.special)
        self.boxed.sort()
        for hand in self.hands:
            self.sort_hand(hand)
        self.gulden = [3, 3]  # AM-2.10
        self.bank = variant.money_total - 6  # AM-2.11, AM-V3.2
        self.vp = [0, 0]
        self.won = [0, 0]
        self.guards = [5, 5]
        self.scored = []
        self.scored_cells = set()
        self.depots = set()
        self.round = 0
        self.phase = "choose"
        self.sealed = [None, None]
        self.asked = [False, False]
        self.revealed = [None, None]
        self.passed = [False, False]
        self.order = []
        self.must_play = [None, None]
        self.taken_back = [[], []]
        self.removable = []
        self.idle = 0
        self.activity = False
        self.peak = len(self.top)
        self.stall = 0
        self.last_reveal = None
        self.over = False
        self.winner = None
        self.end = None
        self.history = []
        start_round(self, [])
        return self

    def sort_hand(self, hand: list[int]) -> None:
        cards = self.cs.cards
        hand.sort(key=lambda i: cards[i].number or 1000 + i)

    # ------------------------------------------------------------------ decisions
    @property
    def turn(self) -> int:
        """The GameState protocol's turn count: Amsterdam's rounds (AM-3)."""
        return self.round

    @property
    def is_over(self) -> bool:
        return self.over

    def pending_all(self) -> tuple[Decision, ...]:
        if self._decisions is None:
            self._decisions = tuple(open_decisions(self))
        return self._decisions

    def pending(self) -> Decision | None:
        ds = self.pending_all()
        return ds[0] if ds else None

    def decision_for(self, seat: int) -> Decision | None:
        for d in self.pending_all():
            if d.seat == seat:
                return d
        return None

    def legal_commands(self, seat: int) -> list[str]:
        d = self.decision_for(seat)
        return list(d.options) if d else []

    # ------------------------------------------------------------------ commands
    def canonical(self, seat: int, command: str) -> str:
        return self._validate(seat, command)

    def _validate(self, seat: int, command: str) -> str:
        if self.over:
            raise IllegalMove(_("the game is over"))
        if seat not in (0, 1):
            raise IllegalMove(
                _("there is no seat {seat}; Amsterdam has seats 0 (red) and 1 (black)", seat=seat)
            )
        d = self.decision_for(seat)
        if d is None:
            if self.phase in SEALED_PHASES and self.sealed[seat] is not None:
                names = [self.players[x.seat] for x in self.pending_all()]
                raise IllegalMove(_("you have chosen; waiting for {names}", names=listed(names)))
            first = self.pending()
            if first is None:
                raise IllegalMove(_("it is nobody's decision now, not yours"))
            # the decider's task as the reader (not the decider) reads it, never his prompt
            raise IllegalMove(
                # Translators: {name} decides now; {task} is what he is doing, a noun phrase
                _(
                    "it is {name}'s decision now ({task}), not yours",
                    name=self.players[first.seat],
                    task=task(first.kind) or "…",
                )
            )
        if command in d.options:
            return command
        return cmd.validate(self, seat, d, command)

    def apply(self, seat: int, command: str) -> list[Event]:
        text = self._validate(seat, command)
        events: list[Event] = []
        execute(self, seat, text, events)
        self.history.append((seat, text))
        self._decisions = None
        return events

    # ------------------------------------------------------------------ results
    def ranking(self) -> list[list[int]]:
        """AM-13.8 (VP, then gulden, else a draw); AM-V3.3 and AM-V6 winners first; AM-G43."""
        if self.winner is not None:
            return [[self.winner], [1 - self.winner]]
        if self.variant.gomoku:
            key_of = [(self.won[s], self.gulden[s]) for s in (0, 1)]
        else:
            key_of = [(self.vp[s], self.gulden[s]) for s in (0, 1)]
        if key_of[0] == key_of[1]:
            return [[0, 1]]
        best = 0 if key_of[0] > key_of[1] else 1
        return [[best], [1 - best]]

    # ------------------------------------------------------------------ serialization
    def to_dict(self) -> JSON:
        data: JSON = {
            "game": self.game_name,
            "version": 1,
            "variant": self.variant.name,
            "players": self.players,
            "seed": self.seed,
            "rng": self.rng.state,
            "board": [[c, self.top[c], self.under.get(c, [])] for c in sorted(self.top)],
            "ship": self.ship,
            "span": self.span,
            "hands": self.hands,
            "water_deck": self.water_deck,
            "harbor_decks": self.harbor_decks,
            "special_pile": self.special_pile,
            "boxed": self.boxed,
            "gulden": self.gulden,
            "bank": self.bank,
            "vp": self.vp,
            "won": self.won,
            "guards": self.guards,
            "scored": self.scored,
            "depots": sorted(self.depots),
            "round": self.round,
            "phase": self.phase,
            "sealed": self.sealed,
            "asked": self.asked,
            "revealed": self.revealed,
            "passed": self.passed,
            "order": self.order,
            "must_play": self.must_play,
            "removable": self.removable,
            "idle": self.idle,
            "activity": self.activity,
            "peak": self.peak,
            "stall": self.stall,
            "last_reveal": self.last_reveal,
            "over": self.over,
            "winner": self.winner,
            "end": self.end,
            "history": [list(h) for h in self.history],
        }
        if self.taken_back[0] or self.taken_back[1]:
            # only when there is one: states without keep their JSON (and hash) as before
            data["taken_back"] = self.taken_back
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: JSON, cs: CardSet | None = None) -> AmsterdamState:
        if data.get("game") != "amsterdam":
            raise ValueError(f"not an Amsterdam state: {data.get('game')!r}")  # not for players
        variant = VARIANTS[data["variant"]]
        self = cls._blank(data["players"], data["seed"], variant, cs or load_cards())
        self.rng = Rng(data["rng"])
        self.top = {c: t for c, t, _ in data["board"]}
        self.under = {c: list(u) for c, _, u in data["board"] if u}
        self.ship = data["ship"]
        self.span = list(data["span"])
        self.hands = [list(h) for h in data["hands"]]
        self.water_deck = list(data["water_deck"])
        self.harbor_decks = [list(d) for d in data["harbor_decks"]]
        self.special_pile = list(data["special_pile"])
        self.boxed = list(data["boxed"])
        self.gulden = list(data["gulden"])
        self.bank = data["bank"]
        self.vp = list(data["vp"])
        self.won = list(data["won"])
        self.guards = list(data["guards"])
        self.scored = json.loads(json.dumps(data["scored"]))
        self.scored_cells = {c for e in self.scored for c in e["cells"]}
        self.depots = set(data["depots"])
        self.round = data["round"]
        self.phase = data["phase"]
        self.sealed = list(data["sealed"])
        self.asked = list(data["asked"])
        self.revealed = list(data["revealed"])
        self.passed = list(data["passed"])
        self.order = list(data["order"])
        self.must_play = list(data["must_play"])
        # states saved before AM-G23's taken-back cards were public have none
        self.taken_back = [list(t) for t in data.get("taken_back", [[], []])]
        self.removable = list(data["removable"])
        self.idle = data["idle"]
        self.activity = data["activity"]
        # states saved before AM-G24 have no counter: start counting from the present port
        self.peak = int(data.get("peak", len(self.top)))
        self.stall = int(data.get("stall", 0))
        self.last_reveal = json.loads(json.dumps(data["last_reveal"]))
        self.over = data["over"]
        self.winner = data["winner"]
        self.end = json.loads(json.dumps(data["end"]))
        self.history = [(int(s), str(c)) for s, c in data["history"]]
        return self

    @classmethod
    def from_json(cls, text: str, cs: CardSet | None = None) -> AmsterdamState:
        return cls.from_dict(json.loads(text), cs)

    def state_hash(self) -> str:
        return hashlib.sha256(self.to_json().encode()).hexdigest()[:16]

    def clone(self) -> AmsterdamState:
        """An independent copy without JSON (search, dry runs)."""
        c = AmsterdamState._blank(self.players, self.seed, self.variant, self.cs)
        c.rng = self.rng.copy()
        c.top = dict(self.top)
        c.under = {k: list(v) for k, v in self.under.items()}
        c.ship = self.ship
        c.span = list(self.span)
        c.hands = [list(h) for h in self.hands]
        c.water_deck = list(self.water_deck)
        c.harbor_decks = [list(d) for d in self.harbor_decks]
        c.special_pile = list(self.special_pile)
        c.boxed = list(self.boxed)
        c.gulden = list(self.gulden)
        c.bank = self.bank
        c.vp = list(self.vp)
        c.won = list(self.won)
        c.guards = list(self.guards)
        c.scored = list(self.scored)  # entries are never changed after scoring
        c.scored_cells = set(self.scored_cells)
        c.depots = set(self.depots)
        c.round = self.round
        c.phase = self.phase
        c.sealed = list(self.sealed)
        c.asked = list(self.asked)
        c.revealed = list(self.revealed)
        c.passed = list(self.passed)
        c.order = list(self.order)
        c.must_play = list(self.must_play)
        c.taken_back = [list(t) for t in self.taken_back]
        c.removable = list(self.removable)
        c.idle = self.idle
        c.activity = self.activity
        c.peak = self.peak
        c.stall = self.stall
        c.last_reveal = self.last_reveal  # replaced, never mutated
        c.over = self.over
        c.winner = self.winner
        c.end = self.end
        c.history = list(self.history)
        c._areas = self._areas  # replaced on every board change, never mutated
        c._decisions = self._decisions
        c._place_cells = self._place_cells  # replaced, never mutated
        return c

    # ------------------------------------------------------------------ views
    def public_view(self) -> JSON:
        return views.public_view(self)

    def player_view(self, seat: int) -> JSON:
        return views.player_view(self, seat)
