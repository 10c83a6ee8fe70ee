"""Saving and copying a Canal Grande state: JSON-safe dicts and cheap clones.

Functions of the state; ``CanalGrandeState.to_dict``/``from_dict``/``clone`` call them.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from engine.canal_grande.cards import Components, load_components
from engine.canal_grande.state_fields import CanalGrandeFields
from engine.core import JSON
from engine.rng import Rng

S = TypeVar("S", bound=CanalGrandeFields)


def to_dict(self: CanalGrandeFields) -> JSON:
    return {
        "game": self.game_name,
        "version": 1,
        "players": self.players,
        "seed": self.seed,
        "rng": self.rng.state,
        "turn_limit": self.turn_limit,
        "hands": self.hands,
        "deck": self.deck,
        "discard": self.discard,
        "num_deck": self.num_deck,
        "numbers": self.numbers,
        "victory": self.victory,
        "doges": self.doges,
        "divider": self.divider,
        "turn": self.turn,
        "round": self.round,
        "phase": self.phase,
        "revealed": self.revealed,
        "offer_a": self.offer_a,
        "taken": self.taken,
        "stage": self.stage,
        "voted": self.voted,
        "vote": self.vote,
        "over": self.over,
        "winner": self.winner,
        "draw": self.draw,
        "last_vote": self.last_vote,
        "last_round": self.last_round,
        "history": [list(h) for h in self.history],
    }


def from_dict(cls: type[S], data: JSON, comp: Components | None = None) -> S:
    if data.get("game") != "canal_grande":
        raise ValueError(f"not a Canal Grande state: {data.get('game')!r}")  # not for players
    self = cls.__new__(cls)
    self.comp = comp or load_components()
    self.players = list(data["players"])
    self.n = 2
    self.seed = int(data["seed"])
    self.rng = Rng(int(data["rng"]))
    self.turn_limit = int(data["turn_limit"])
    self.hands = [list(h) for h in data["hands"]]
    self.deck = list(data["deck"])
    self.discard = list(data["discard"])
    self.num_deck = [int(v) for v in data["num_deck"]]
    self.numbers = [[int(v) for v in f] for f in data["numbers"]]
    self.victory = [list(v) for v in data["victory"]]
    self.doges = [int(x) for x in data["doges"]]
    self.divider = int(data["divider"])
    self.turn = int(data["turn"])
    self.round = int(data["round"])
    self.phase = str(data["phase"])
    self.revealed = list(data["revealed"])
    self.offer_a = None if data["offer_a"] is None else [int(p) for p in data["offer_a"]]
    self.taken = data["taken"]
    self.stage = str(data["stage"])
    self.voted = list(data["voted"])
    self.vote = copy_vote(data["vote"])
    self.over = bool(data["over"])
    self.winner = data["winner"]
    self.draw = bool(data["draw"])
    self.last_vote = json.loads(json.dumps(data["last_vote"]))
    self.last_round = json.loads(json.dumps(data["last_round"]))
    self.history = [(int(s), str(c)) for s, c in data["history"]]
    self._decision = None
    self._decision_lang = ""
    self._option_set = None
    return self


def clone(self: S) -> S:
    c = type(self).__new__(type(self))
    c.comp = self.comp
    c.players = self.players
    c.n = 2
    c.seed = self.seed
    c.rng = self.rng.copy()
    c.turn_limit = self.turn_limit
    c.hands = [list(h) for h in self.hands]
    c.deck = list(self.deck)
    c.discard = list(self.discard)
    c.num_deck = list(self.num_deck)
    c.numbers = [list(f) for f in self.numbers]
    c.victory = [list(v) for v in self.victory]
    c.doges = list(self.doges)
    c.divider = self.divider
    c.turn = self.turn
    c.round = self.round
    c.phase = self.phase
    c.revealed = list(self.revealed)
    c.offer_a = None if self.offer_a is None else list(self.offer_a)
    c.taken = self.taken
    c.stage = self.stage
    c.voted = list(self.voted)
    c.vote = copy_vote(self.vote)
    c.over = self.over
    c.winner = self.winner
    c.draw = self.draw
    c.last_vote = self.last_vote  # replaced, never mutated
    c.last_round = self.last_round
    c.history = list(self.history)
    c._decision = self._decision
    c._decision_lang = self._decision_lang
    c._option_set = self._option_set
    return c


def copy_vote(vote: dict[str, Any] | None) -> dict[str, Any] | None:
    if vote is None:
        return None
    return {
        **vote,
        "placed": [[[p[0], [list(g) for g in p[1]]] for p in side] for side in vote["placed"]],
        "votes": list(vote["votes"]),
    }
