"""The Venezia rules: one mutable state, validated moves, and who must decide what.

Rule IDs refer to the project's specification (``shared/rules/venezia.md``). Every public method
that changes the state validates the whole move first and only then mutates, so a refused move
leaves the state exactly as it was.
``VeneziaState`` is the game's data (:class:`~engine.venezia.state_basics.StateBasics`) plus
setup, serialization and the engine interface; the rules are plain functions of that data in
:mod:`engine.venezia.decisions` (who decides what, legal options), :mod:`engine.venezia.checks`
(validating a command) and :mod:`engine.venezia.turns` (executing it).
"""

from __future__ import annotations

import hashlib
import json

from engine.core import JSON, Decision, Event, IllegalMove
from engine.rng import Rng
from engine.venezia import checks, decisions, turns, views
from engine.venezia import commands as cmd
from engine.venezia.board import Board, load_board
from engine.venezia.cards import ARCHITECT_TYPES, TYPE_ORDER, TYPES
from engine.venezia.language import _
from engine.venezia.shapes import footprints
from engine.venezia.state_basics import StateBasics, _fresh_recent, components


class VeneziaState(StateBasics):
    """A whole game of Venezia: public board, hidden hands and tokens, RNG and history."""

    game_name = "venezia"

    __slots__ = ()

    # ------------------------------------------------------------------ setup (V-S)
    @classmethod
    def new(cls, players: list[str], seed: int, board: Board | None = None) -> VeneziaState:
        if not 2 <= len(players) <= 5:
            raise IllegalMove(_("Venezia needs 2 to 5 players, not {n}", n=len(players)))
        self = cls.__new__(cls)
        self.board = board or load_board()
        self.fp = footprints(self.board)
        self.comp = components()
        self.players = list(players)
        self.n = len(players)
        self.imag = 2 if self.n == 2 else -1
        self.seed = seed
        self.rng = Rng(seed)
        self.supply = dict(self.comp.pieces)
        self.building_at = {}
        self.buildings = []
        for pre in self.board.prebuilt:  # V-S1
            self._put_building(pre.type, tuple(pre.hexes), -1)
        cards = [t for t in TYPES for _i in range(self.comp.cards[t])]
        self.rng.shuffle(cards)  # V-S2
        self.hands = []
        for _i in range(self.n):
            hand = [cards.pop() for _i in range(self.comp.hand_start)]
            hand.sort(key=TYPE_ORDER.__getitem__)
            self.hands.append(hand)
        self.deck = cards
        self.discard = []
        self.pool = []
        swamps = list(self.comp.swamp_values)
        self.rng.shuffle(swamps)  # V-S3
        plain = [h.label for h in self.board.hexes.values() if h.kind == "plain"]
        self.swamp = dict(zip(plain, swamps, strict=True))
        self.swamp_removed = 0
        self.treasure = list(self.comp.treasure_values)
        self.rng.shuffle(self.treasure)
        self.tokens = [[] for _i in range(self.n)]
        self.pos = [0] * self.n  # V-S4
        self.cons = {t: [] for t in ARCHITECT_TYPES}
        self.seq = 0
        self.active = self.rng.below(self.n)
        self.turn = 1
        self.history = []
        self.track_history = [[0] * self.n]
        self.over = False
        self.end_triggered = False
        self.pending_builds = []
        self.res = None
        self.after_res = "after_play"
        self.recent = _fresh_recent(self.active)
        self.last_turn = None
        self._places = None
        turns.begin_turn(self)
        return self

    # ------------------------------------------------------------------ decisions
    def pending(self) -> Decision | None:
        return decisions.pending(self)

    def pending_all(self) -> tuple[Decision, ...]:
        """Venezia is turn-based: at most one open decision (engine.core contract)."""
        return decisions.pending_all(self)

    def decider(self) -> int:
        return decisions.decider(self)

    def legal_commands(self, seat: int) -> list[str]:
        """Everything ``seat`` may send now: see :func:`decisions.legal_commands`."""
        return decisions.legal_commands(self, seat)

    def play_error(self, seat: int, counts: dict[str, int]) -> str | None:
        return decisions.play_error(self, seat, counts)

    def legal_counts(self, seat: int, building: str) -> list[int]:
        return decisions.legal_counts(self, seat, building)

    def place_error(self, hexes: tuple[str, ...]) -> str | None:
        return decisions.place_error(self, hexes)

    def building_points(self, building: str, hexes: list[str], district: str | None) -> int:
        return turns.building_points(self, building, hexes, district)

    # ------------------------------------------------------------------ apply
    def canonical(self, seat: int, command: str) -> str:
        """The canonical text of a command, validated against the current state."""
        return checks.validate(self, seat, command)[0]

    def apply(self, seat: int, command: str) -> list[Event]:
        if self.over:
            raise IllegalMove(_("the game is over"))
        text, move = checks.validate(self, seat, command)
        events: list[Event] = []
        self._places = None
        turns.execute(self, seat, move, events)
        self.history.append((seat, text))
        self._decision = None
        return events

    def play_option(self, seat: int, option: str) -> None:
        """Play ``option``, one of the pending decision's own options exactly as listed, for
        ``seat``, the seat that decides it: the state :meth:`apply` leaves, without checking
        the option again and without the events. For the AI's simulations only (its choice
        among the listed options); a player's command goes through :meth:`apply` and all its
        checks. A gold exchange goes through :meth:`apply` (it is made canonical there)."""
        if option.startswith("exchange"):
            self.apply(seat, option)
            return
        move = cmd.parse(option, self.board)
        self._places = None
        turns.execute(self, seat, move, [])
        self.history.append((seat, option))
        self._decision = None

    # ------------------------------------------------------------------ serialization
    def to_dict(self) -> JSON:
        return {
            "game": self.game_name,
            "version": 1,
            "players": self.players,
            "seed": self.seed,
            "rng": self.rng.state,
            "hands": self.hands,
            "deck": self.deck,
            "discard": self.discard,
            "pool": self.pool,
            "cons": self.cons,
            "seq": self.seq,
            "buildings": self.buildings,
            "swamp": self.swamp,
            "swamp_removed": self.swamp_removed,
            "treasure": self.treasure,
            "tokens": self.tokens,
            "pos": self.pos,
            "supply": self.supply,
            "active": self.active,
            "turn": self.turn,
            "phase": self.phase,
            "flipped": self.flipped,
            "drained": self.drained,
            "swapped": self.swapped,
            "take_left": self.take_left,
            "pending_builds": self.pending_builds,
            "res": self.res,
            "after_res": self.after_res,
            "end_triggered": self.end_triggered,
            "over": self.over,
            "recent": self.recent,
            "last_turn": self.last_turn,
            "track_history": self.track_history,
            "history": [list(h) for h in self.history],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: JSON, board: Board | None = None) -> VeneziaState:
        if data.get("game") != "venezia":
            raise ValueError(f"not a Venezia state: {data.get('game')!r}")  # not for players
        self = cls.__new__(cls)
        self.board = board or load_board()
        self.fp = footprints(self.board)
        self.comp = components()
        self.players = list(data["players"])
        self.n = len(self.players)
        self.imag = 2 if self.n == 2 else -1
        self.seed = data["seed"]
        self.rng = Rng(data["rng"])
        self.hands = [list(h) for h in data["hands"]]
        self.deck = list(data["deck"])
        self.discard = list(data["discard"])
        self.pool = list(data["pool"])
        self.cons = {t: [list(e) for e in data["cons"][t]] for t in ARCHITECT_TYPES}
        self.seq = data["seq"]
        self.buildings = [
            {**b, "hexes": list(b["hexes"]), "districts": list(b["districts"])}
            for b in data["buildings"]
        ]
        self.building_at = {h: i for i, b in enumerate(self.buildings) for h in b["hexes"]}
        self.swamp = dict(data["swamp"])
        self.swamp_removed = data["swamp_removed"]
        self.treasure = list(data["treasure"])
        self.tokens = [list(t) for t in data["tokens"]]
        self.pos = list(data["pos"])
        self.supply = dict(data["supply"])
        self.active = data["active"]
        self.turn = data["turn"]
        self.phase = data["phase"]
        self.flipped = data["flipped"]
        self.drained = data["drained"]
        self.swapped = data["swapped"]
        self.take_left = data["take_left"]
        self.pending_builds = [dict(pb) for pb in data["pending_builds"]]
        self.res = json.loads(json.dumps(data["res"])) if data["res"] is not None else None
        self.after_res = data["after_res"]
        self.end_triggered = data["end_triggered"]
        self.over = data["over"]
        self.recent = json.loads(json.dumps(data["recent"]))
        self.last_turn = json.loads(json.dumps(data.get("last_turn")))
        self.track_history = [list(p) for p in data["track_history"]]
        self.history = [(int(s), str(c)) for s, c in data["history"]]
        self._decision = None
        self._places = None
        return self

    @classmethod
    def from_json(cls, text: str, board: Board | None = None) -> VeneziaState:
        return cls.from_dict(json.loads(text), board)

    def state_hash(self) -> str:
        return hashlib.sha256(self.to_json().encode()).hexdigest()[:16]

    def clone(self) -> VeneziaState:
        """A cheap independent copy (no deepcopy): for search and for dry runs."""
        c = VeneziaState.__new__(VeneziaState)
        c.board = self.board
        c.fp = self.fp
        c.comp = self.comp
        c.players = self.players
        c.n = self.n
        c.imag = self.imag
        c.seed = self.seed
        c.rng = self.rng.copy()
        c.hands = [list(h) for h in self.hands]
        c.deck = list(self.deck)
        c.discard = list(self.discard)
        c.pool = list(self.pool)
        c.cons = {t: [e[:] for e in v] if v else [] for t, v in self.cons.items()}
        c.seq = self.seq
        c.buildings = list(self.buildings)  # entries are never mutated after creation
        # shared: the state replaces these dicts, never changes them in place (so the AI may
        # remember what it computed of them by their identity)
        c.building_at = self.building_at
        c.swamp = self.swamp
        c.swamp_removed = self.swamp_removed
        c.treasure = list(self.treasure)
        c.tokens = [list(t) for t in self.tokens]
        c.pos = list(self.pos)
        c.supply = dict(self.supply)
        c.active = self.active
        c.turn = self.turn
        c.phase = self.phase
        c.flipped = self.flipped
        c.drained = self.drained
        c.swapped = self.swapped
        c.take_left = self.take_left
        c.pending_builds = [dict(pb) for pb in self.pending_builds] if self.pending_builds else []
        c.res = (
            {**self.res, "movers": [list(m) for m in self.res["movers"]]}
            if self.res is not None
            else None
        )
        c.after_res = self.after_res
        c.end_triggered = self.end_triggered
        c.over = self.over
        recent = self.recent
        c.recent = {
            "active": recent["active"],
            "buildings": recent["buildings"][:],
            "drained": recent["drained"][:],
            "moved": {k: v[:] for k, v in recent["moved"].items()},
        }
        c.last_turn = self.last_turn  # never mutated once the turn is over
        c.track_history = list(self.track_history)  # inner lists are never mutated
        c.history = list(self.history)
        c._decision = self._decision
        c._places = None
        return c

    def public_view(self) -> JSON:
        return views.public_view(self)

    def player_view(self, seat: int) -> JSON:
        return views.player_view(self, seat)
