"""The Venezia rules: one mutable state, validated moves, and who must decide what.

Rule IDs refer to the project's specification (``shared/rules/venezia.md``). Every public method
that changes the state validates the whole move first and only then mutates, so a refused move
leaves the state exactly as it was.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engine.core import JSON, Decision, Event, IllegalMove
from engine.rng import Rng
from engine.venezia import commands as cmd
from engine.venezia.board import Board, load_board, load_components
from engine.venezia.cards import ARCHITECT_TYPES, TYPE_ORDER, TYPES, count_cards, format_cards
from engine.venezia.gold import best_exchange, exchange_options
from engine.venezia.shapes import Footprints, footprints
from engine.venezia.views import PUBLIC_OPTION_KINDS

IMAGINARY_NAME = "Klaus-Jürgen"

PHASE_PROMPTS = {
    "play": "play cards (or none)",
    "build": "choose the next building to complete",
    "place": "place the {building}",
    "district": "name the district the ponte scores",
    "exchange_window": "exchange gold before the others move, or continue",
    "discard": "discard a whole type (at most two types may stay in front of you)",
    "drain": "drain up to {left} swamp(s), or done",
    "draw": "draw cards",
    "take": "take {left} more card(s): pool cards first, then the deck",
    "flip_end": "flip a card for Klaus-Jürgen, or done",
}

#: Decisions a player may decline with ``done`` (the gold pause, V-G1; draining, V-2.1; the
#: flip after drawing, V-T1).
OPTIONAL_PHASES = frozenset({"exchange_window", "drain", "flip_end"})

SHAPE_WORDS = {
    "basilica": "3 hexes in a triangle",
    "palazzo": "2 adjacent hexes",
    "campo": "1 hex",
    "ponte": "a bridge site",
    "casa": "1 hex",
}


# "", "ponte", "2 ponte", … per type and count: card words of canonical play commands.
_CARD_WORDS = {t: ["", t, *(f"{k} {t}" for k in range(2, 11))] for t in TYPES}
_DRAW_TEXT = {t: f"draw {t}" for t in TYPES}
_SWAP_TEXT = {t: f"swap {t}" for t in TYPES}


class _Components:
    """Component counts read once from data (V-C)."""

    def __init__(self, data: JSON) -> None:
        self.cards: dict[str, int] = dict(data["cards"])
        self.needed: dict[str, int] = dict(data["cards_needed"])
        self.pieces: dict[str, int] = dict(data["pieces"])
        self.swamp_values: list[int] = [
            int(v) for v, k in sorted(data["swamp_tokens"].items()) for _ in range(k)
        ]
        self.treasure_values: list[int] = [
            int(v) for v, k in sorted(data["treasure_tokens"].items()) for _ in range(k)
        ]
        self.hand_start: int = int(data["hand_size_start"])
        self.hand_limit: int = int(data["hand_limit"])
        self.track_end: int = int(data["track_end"])
        self.last_space: int = self.track_end + int(data["mooring_posts"])


_COMPONENTS: _Components | None = None


def components() -> _Components:
    global _COMPONENTS
    if _COMPONENTS is None:
        _COMPONENTS = _Components(load_components())
    return _COMPONENTS


class VeneziaState:
    """A whole game of Venezia: public board, hidden hands and tokens, RNG and history."""

    game_name = "venezia"

    __slots__ = (
        "_decision",
        "_places",
        "active",
        "after_res",
        "board",
        "building_at",
        "buildings",
        "comp",
        "cons",
        "deck",
        "discard",
        "drained",
        "end_triggered",
        "flipped",
        "fp",
        "hands",
        "history",
        "imag",
        "last_turn",
        "n",
        "over",
        "pending_builds",
        "phase",
        "players",
        "pool",
        "pos",
        "recent",
        "res",
        "rng",
        "seed",
        "seq",
        "supply",
        "swamp",
        "swamp_removed",
        "swapped",
        "take_left",
        "tokens",
        "track_history",
        "treasure",
        "turn",
    )

    _decision: Decision | None
    _places: list[tuple[str, ...]] | None
    active: int
    after_res: str
    board: Board
    building_at: dict[str, int]
    buildings: list[dict[str, Any]]
    comp: _Components
    cons: dict[str, list[list[int]]]
    deck: list[str]
    discard: list[str]
    drained: int
    end_triggered: bool
    flipped: bool
    fp: Footprints
    hands: list[list[str]]
    history: list[tuple[int, str]]
    imag: int
    last_turn: dict[str, Any] | None
    n: int
    over: bool
    pending_builds: list[dict[str, Any]]
    phase: str
    players: list[str]
    pool: list[str]
    pos: list[int]
    recent: dict[str, Any]
    res: dict[str, Any] | None
    rng: Rng
    seed: int
    seq: int
    supply: dict[str, int]
    swamp: dict[str, int]
    swamp_removed: int
    swapped: str | None
    take_left: int
    tokens: list[list[int]]
    track_history: list[list[int]]
    treasure: list[int]
    turn: int

    # ------------------------------------------------------------------ setup (V-S)
    @classmethod
    def new(cls, players: list[str], seed: int, board: Board | None = None) -> VeneziaState:
        if not 2 <= len(players) <= 5:
            raise IllegalMove(f"Venezia needs 2 to 5 players, not {len(players)}")
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
        cards = [t for t in TYPES for _ in range(self.comp.cards[t])]
        self.rng.shuffle(cards)  # V-S2
        self.hands = []
        for _ in range(self.n):
            hand = [cards.pop() for _ in range(self.comp.hand_start)]
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
        self.tokens = [[] for _ in range(self.n)]
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
        self._begin_turn()
        return self

    def _begin_turn(self) -> None:
        self.phase = "play"
        self.flipped = False
        self.drained = 0
        self.swapped = None
        self.take_left = 0
        self.after_res = "after_play"
        self._decision = None

    # ------------------------------------------------------------------ basics
    @property
    def is_over(self) -> bool:
        return self.over

    def name(self, seat: int) -> str:
        return IMAGINARY_NAME if seat == self.imag else self.players[seat]

    def seats_clockwise_from(self, start: int) -> list[int]:
        """Seats in turn order starting at ``start``; the imaginary player sits last (V-S5)."""
        count = self.n + (1 if self.imag >= 0 else 0)
        return [(start + i) % count for i in range(count)]

    def architect(self, building: str) -> int | None:
        """V-1.4: most cards; among ties, whoever reached that count first."""
        entries = self.cons.get(building)
        if not entries:
            return None
        best = entries[0]
        for e in entries[1:]:
            if e[1] > best[1] or (e[1] == best[1] and e[2] < best[2]):
                best = e
        return best[0]

    def front(self, seat: int) -> dict[str, int]:
        """Cards of each type lying in front of a seat (its open constructions)."""
        result = {}
        for t in ARCHITECT_TYPES:
            for e in self.cons[t]:
                if e[0] == seat:
                    result[t] = e[1]
        return result

    def gold(self, seat: int) -> int:
        return sum(self.tokens[seat])

    def is_empty(self, label: str) -> bool:
        """V-B6: no building and no swamp token."""
        return label not in self.building_at and label not in self.swamp

    def _occupied(self, space: int, mover: int) -> bool:
        if space == 0:
            return False
        twin = 45 if space == 10 else 10 if space == 45 else space
        return any(s != mover and p in (space, twin) for s, p in enumerate(self.pos))

    def destination(self, seat: int, steps: int) -> int:
        """V-1.10.4: the k-th free space ahead; occupied spaces are skipped, not counted.

        Beyond the last mooring post the gondola stops on the last free post (V-C5).
        """
        here = self.pos[seat]
        last_free = here
        left = steps
        space = here
        while left > 0 and space < self.comp.last_space:
            space += 1
            if not self._occupied(space, seat):
                last_free = space
                left -= 1
        return last_free

    # ------------------------------------------------------------------ decisions
    def pending(self) -> Decision | None:
        if self.over:
            return None
        if self._decision is None:
            self._decision = self._make_decision()
        return self._decision

    def pending_all(self) -> tuple[Decision, ...]:
        """Venezia is turn-based: at most one open decision (engine.core contract)."""
        d = self.pending()
        return () if d is None else (d,)

    def decider(self) -> int:
        if self.phase in ("place", "district") and self.res is not None:
            return int(self.res["placer"])
        return self.active

    def _make_decision(self) -> Decision:
        seat = self.decider()
        phase = self.phase
        prompt = PHASE_PROMPTS[phase]
        if phase == "place" and self.res is not None:
            b = self.res["type"]
            prompt = prompt.format(building=f"{b} ({SHAPE_WORDS[b]})")
        elif phase == "drain":
            prompt = prompt.format(left=2 - self.drained)
        elif phase == "take":
            prompt = prompt.format(left=self.take_left)
        optional = phase in OPTIONAL_PHASES
        return Decision(
            seat,
            phase,
            prompt,
            tuple(self._options(phase, seat)),
            optional=optional,
            public_options=phase in PUBLIC_OPTION_KINDS,
            decline="done" if optional else None,
        )

    def _options(self, phase: str, seat: int) -> list[str]:
        if phase == "play":
            opts = self._legal_plays(seat)
            if self._can_flip():
                opts.append("flip")
            return opts
        if phase == "build":
            seen: list[str] = []
            for pb in self.pending_builds:
                label = _build_label(pb)
                if label not in seen:
                    seen.append(label)
            return [f"build {label}" for label in seen]
        if phase == "place":
            text = self.fp.place_text
            return [text[fp] for fp in self._legal_places()]
        if phase == "district":
            assert self.res is not None
            return [f"score {d}" for d in self.res["districts"]]
        if phase == "exchange_window":
            return ["done", *exchange_options(self.tokens[seat])]
        if phase == "discard":
            return [f"discard {t}" for t in self.front(seat)]
        if phase == "drain":
            drain_text = self.fp.drain_text
            return [drain_text[label] for label in self.swamp] + ["done"]
        if phase == "draw":
            return self._draw_options(seat)
        if phase == "take":
            opts = [f"draw {t}" for t in self.pool if t != self.swapped]
            if self.deck or self.discard:
                opts.append("draw deck")
            return opts
        if phase == "flip_end":
            return ["flip", "done"]
        raise AssertionError(phase)

    def legal_commands(self, seat: int) -> list[str]:
        """Everything ``seat`` may send now: the pending decision's options, and for the
        active player gold exchanges at any moment of his own turn (V-G1)."""
        if self.over:
            return []
        d = self.pending()
        assert d is not None
        opts = list(d.options) if d.seat == seat else []
        if seat == self.active and d.kind != "exchange_window" and not self.end_triggered:
            opts.extend(exchange_options(self.tokens[seat]))  # none once the end is triggered
        return opts

    # ------------------------------------------------------------------ play legality (V-1.8)
    def play_error(self, seat: int, counts: dict[str, int]) -> str | None:
        """Why this card submission is illegal, or None. Judged on the whole submission."""
        hand = count_cards(self.hands[seat])
        for t, k in counts.items():
            if k > hand.get(t, 0):
                have = hand.get(t, 0)
                return f"you have {have} {t} in hand, not {k}" + (
                    f" (your hand: {format_cards(hand) or 'empty'})"
                )
        for t, k in counts.items():
            if t == "casa" or k == 0:
                continue
            legal = self.legal_counts(seat, t)
            if k not in legal:
                return self._count_reason(seat, t, k, legal)
        return None

    def legal_counts(self, seat: int, building: str) -> list[int]:
        """All legal numbers of ``building`` cards to play now, whatever the hand holds."""
        n = self.comp.needed[building]
        c = s = 0
        for e in self.cons[building]:
            c += e[1]
            if e[0] == seat:
                s = e[1]
        top = n - c if c > 0 else n - 1
        joins = list(range(top + 1))
        # A way-2 solo set (n more) only with none of one's own cards in it; n > top always.
        return joins + [n + j for j in joins] if s == 0 else joins

    def _count_reason(self, seat: int, t: str, k: int, legal: list[int]) -> str:
        n = self.comp.needed[t]
        entries = self.cons[t]
        c = sum(e[1] for e in entries)
        s = sum(e[1] for e in entries if e[0] == seat)
        allowed = ", ".join(str(x) for x in legal)
        if c == 0:
            why = f"no {t} cards lie in front of anyone; {n} build it alone"
        elif s > 0:
            why = f"the {t} construction holds {c} of {n} cards, {s} of them yours"
        else:
            why = (
                f"the {t} construction holds {c} of {n} cards (none yours); "
                f"{n} more build one alone"
            )
        return f"you cannot play {k} {t}: {why}. Allowed now: {allowed} (V-1.8)"

    def _legal_plays(self, seat: int) -> list[str]:
        """Every legal card submission, as canonical ``play …`` commands."""
        hand = self.hands[seat]
        texts: list[str] = [""]
        for t in TYPES:
            have = hand.count(t)
            if not have:
                continue
            if t == "casa":
                counts: list[int] | range = range(have + 1)
            else:
                counts = [k for k in self.legal_counts(seat, t) if k <= have]
            words = [_CARD_WORDS[t][k] for k in counts]
            texts = [f"{p} {w}" if w and p else p or w for p in texts for w in words]
        return [f"play {p}" if p else "play" for p in texts]

    # ------------------------------------------------------------------ placement
    def _legal_places(self) -> list[tuple[str, ...]]:
        """Empty footprints for the building being resolved (cached within one move)."""
        assert self.res is not None
        if self._places is not None:
            return self._places
        blocked = self.fp.blocked_mask(self.swamp, self.building_at)
        places = [fp for mask, fp in self.fp.masks[self.res["type"]] if not mask & blocked]
        self._places = places
        return places

    def place_error(self, hexes: tuple[str, ...]) -> str | None:
        assert self.res is not None
        building = self.res["type"]
        need = self.comp_hexes(building)
        if len(hexes) != need:
            return f"the {building} needs {SHAPE_WORDS[building]}; you named {len(hexes)} hex(es)"
        if len(set(hexes)) != len(hexes):
            return "a hex is named twice"
        for h in hexes:
            if h in self.building_at:
                b = self.buildings[self.building_at[h]]
                return f"{h} is already built on (a {b['type']})"
            if h in self.swamp:
                return f"{h} is still a swamp: only empty hexes can be built on (V-1.10)"
        key = tuple(sorted(hexes, key=self.fp.order.__getitem__))
        if key not in self.fp.for_type(building):
            districts = {self.board.hexes[h].district for h in hexes}
            if building == "ponte":
                return f"{' '.join(key)} is not a bridge site; a ponte needs the two hexes of one"
            if len(districts) > 1:
                return "all hexes of a building must lie in one district"
            return f"{' '.join(key)} is not {SHAPE_WORDS[building]}"
        return None

    @staticmethod
    def comp_hexes(building: str) -> int:
        return {"basilica": 3, "palazzo": 2, "ponte": 2}.get(building, 1)

    # ------------------------------------------------------------------ draw options (V-3)
    def _cards_available(self) -> int:
        return len(self.deck) + len(self.discard)

    def _draw_options(self, seat: int) -> list[str]:
        h = len(self.hands[seat])
        opts: list[str] = []
        if h <= self.comp.hand_limit - 1:
            if self._cards_available():
                opts.append("draw deck")
            opts.extend([_DRAW_TEXT[t] for t in self.pool])
        if 1 <= h <= self.comp.hand_limit - 2 and (self.pool or self._cards_available()):
            hand = self.hands[seat]  # kept sorted in rulebook order
            pool = self.pool
            opts.extend(
                [
                    _SWAP_TEXT[t]
                    for i, t in enumerate(hand)
                    if t not in pool and (i == 0 or hand[i - 1] != t)
                ]
            )
        return opts

    def _can_flip(self) -> bool:
        return self.imag >= 0 and not self.flipped and self._cards_available() > 0

    # ------------------------------------------------------------------ apply
    def canonical(self, seat: int, command: str) -> str:
        """The canonical text of a command, validated against the current state."""
        return self._validate(seat, command)[0]

    def apply(self, seat: int, command: str) -> list[Event]:
        if self.over:
            raise IllegalMove("the game is over")
        text, move = self._validate(seat, command)
        events: list[Event] = []
        self._places = None
        self._execute(seat, move, events)
        self.history.append((seat, text))
        self._decision = None
        return events

    def _validate(self, seat: int, command: str) -> tuple[str, cmd.Move]:
        if self.over:
            raise IllegalMove("the game is over")
        if not 0 <= seat < self.n:
            raise IllegalMove(f"there is no seat {seat}")
        d = self.pending()
        assert d is not None
        if seat == d.seat and command in d.options:
            # Options are complete and canonical: an exact match is legal as it stands.
            return command, cmd.parse(command, self.board)
        move = cmd.parse(command, self.board)
        if move.verb == "exchange":
            return self._validate_exchange(seat, move)
        if seat != d.seat:
            raise IllegalMove(
                f"it is {self.name(d.seat)}'s decision now ({d.prompt}), not yours"
                if seat != self.active
                else f"{self.name(d.seat)} must decide first: {d.prompt}"
            )
        text = self._check(seat, move, d)
        return text, move

    def _validate_exchange(self, seat: int, move: cmd.Move) -> tuple[str, cmd.Move]:
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

    def _check(self, seat: int, move: cmd.Move, d: Decision) -> str:
        phase = self.phase
        verb = move.verb
        text = cmd.format_move(move)
        if phase == "play":
            if verb == "flip":
                if not self._can_flip():
                    raise IllegalMove(self._no_flip_reason())
                return text
            if verb != "play":
                raise _wrong_verb(verb, d)
            err = self.play_error(seat, move.cards)
            if err:
                raise IllegalMove(err)
            return text
        if text in d.options:
            return text
        if phase == "place" and verb == "place":
            err = self.place_error(move.hexes)
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
            raise IllegalMove(self._draw_reason(seat, move))
        raise _wrong_verb(verb, d)

    def _no_flip_reason(self) -> str:
        if self.imag < 0:
            return "flipping a card for Klaus-Jürgen is only for 2-player games (V-T2)"
        if self.flipped:
            return "you already flipped a card this turn (V-T2)"
        return "no card is left to flip"

    def _draw_reason(self, seat: int, move: cmd.Move) -> str:
        h = len(self.hands[seat])
        if self.phase == "take":
            if move.verb == "swap":
                return "you already put a card into the pool; now take cards (draw ...)"
            if move.card == self.swapped:
                return "you cannot take back the card you just put into the pool (V-3.1)"
            if move.card is not None and move.card not in self.pool:
                return self._not_in_pool(move.card)
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
            return self._not_in_pool(move.card)
        return "the deck and the discard pile are empty"

    def _not_in_pool(self, card: str) -> str:
        return f"no {card} in the pool; the pool holds: {', '.join(self.pool) or 'nothing'}"

    # ------------------------------------------------------------------ execution
    def _execute(self, seat: int, move: cmd.Move, ev: list[Event]) -> None:
        verb = move.verb
        if verb == "exchange":
            self._exchange(seat, list(move.values), ev)
        elif verb == "play":
            self._play(seat, move.cards, ev)
        elif verb == "flip":
            self._flip(ev)
        elif verb == "build":
            self._choose_build(move.label, ev)
        elif verb == "place":
            self._place(move.hexes, ev)
        elif verb == "score":
            assert move.district is not None
            self._score(move.district, ev)
        elif verb == "done":
            self._done(ev)
        elif verb == "discard":
            assert move.card is not None
            self._discard_type(seat, move.card, ev)
        elif verb == "drain":
            self._drain(seat, move.hexes, ev)
        elif verb == "draw":
            self._draw(seat, move.card, ev)
        elif verb == "swap":
            assert move.card is not None
            self._swap(seat, move.card, ev)
        else:  # pragma: no cover - the validator refuses everything else
            raise AssertionError(verb)

    def _done(self, ev: list[Event]) -> None:
        if self.phase == "exchange_window":
            self._continue_moves(ev)
        elif self.phase == "drain":
            ev.append(Event("drain_done", f"{self.name(self.active)} drains no more", self.active))
            self._start_draw(ev)
        elif self.phase == "flip_end":
            self._end_turn(ev)

    # -- action 1 ------------------------------------------------------------
    def _play(self, seat: int, counts: dict[str, int], ev: list[Event]) -> None:
        hand = self.hands[seat]
        for t, k in counts.items():
            for _ in range(k):
                hand.remove(t)
        self.seq += 1
        played = format_cards(counts)
        ev.append(
            Event(
                "play",
                f"{self.name(seat)} plays {played}"
                if played
                else f"{self.name(seat)} plays no cards",
                seat,
                {"cards": dict(counts)},
            )
        )
        builds: list[dict[str, Any]] = []
        for t in TYPES:
            k = counts.get(t, 0)
            if not k:
                continue
            if t == "casa":
                builds.extend({"type": "casa", "kind": "casa", "seat": seat} for _ in range(k))
                continue
            n = self.comp.needed[t]
            entries = self.cons[t]
            s = sum(e[1] for e in entries if e[0] == seat)
            c = sum(e[1] for e in entries)
            j = k
            if s == 0 and k >= n and (k - n) <= (n - c if c > 0 else n - 1):
                builds.append({"type": t, "kind": "solo", "seat": seat})  # V-1.7
                j = k - n
            if j:
                self._join(seat, t, j, ev)
                if sum(e[1] for e in entries) == n:
                    builds.append({"type": t, "kind": "construction", "seat": None})
        self.pending_builds = builds
        self.after_res = "after_play"
        if builds:
            self.phase = "build"
        else:
            self._end_action1(ev)

    def _join(self, seat: int, building: str, k: int, ev: list[Event]) -> None:
        before = self.architect(building)
        entries = self.cons[building]
        for e in entries:
            if e[0] == seat:
                e[1] += k
                e[2] = self.seq
                break
        else:
            entries.append([seat, k, self.seq])
        self._note_architect(building, before, ev)

    def _note_architect(self, building: str, before: int | None, ev: list[Event]) -> None:
        """An event when the pawn changed hands (V-1.4) or went back to its space."""
        after = self.architect(building)
        if after == before:
            return
        text = (
            f"{self.name(after)} takes the {building} architect"
            if after is not None
            else f"the {building} architect returns to its space"
        )
        ev.append(Event("architect", text, after, {"building": building}))

    def _end_action1(self, ev: list[Event]) -> None:
        if len(self.front(self.active)) > 2:
            self.phase = "discard"  # V-1.12
        else:
            self._start_drain(ev)

    def _discard_type(self, seat: int, building: str, ev: list[Event]) -> None:
        entries = self.cons[building]
        before = self.architect(building)
        for e in entries:
            if e[0] == seat:
                entries.remove(e)
                self.discard.extend([building] * e[1])
                break
        ev.append(Event("discard", f"{self.name(seat)} discards their {building} cards", seat))
        self._note_architect(building, before, ev)
        if len(self.front(seat)) <= 2:
            self._start_drain(ev)

    # -- building resolution (V-1.10) ------------------------------------------
    def _choose_build(self, label: str, ev: list[Event]) -> None:
        index = next(i for i, pb in enumerate(self.pending_builds) if _build_label(pb) == label)
        pb = self.pending_builds.pop(index)
        self._start_resolution(pb, ev)

    def _start_resolution(self, pb: dict[str, Any], ev: list[Event]) -> None:
        self._places = None
        t = pb["type"]
        kind = pb["kind"]
        if kind == "construction":
            arch = self.architect(t)
            assert arch is not None
            participants = [s for s in self.seats_clockwise_from(arch) if self._has_cards(s, t)]
            cards = sum(e[1] for e in self.cons[t])
        elif kind == "solo":
            arch = pb["seat"]
            participants = [arch]
            cards = self.comp.needed[t]
        else:  # casa (a flipped casa has no builder: V-T5)
            arch = pb["seat"] if pb["seat"] is not None else self.imag
            participants = [arch] if pb["seat"] is not None else []
            cards = 1
        placer = self.active if arch == self.imag else arch
        self.res = {
            "type": t,
            "kind": kind,
            "architect": arch,
            "placer": placer,
            "participants": participants,
            "cards": cards,
            "hexes": [],
            "districts": [],
            "movers": [],
        }
        who = self.name(arch)
        ev.append(Event("resolve", f"{who}'s {t} is complete", arch, {"building": t, "kind": kind}))
        if not self._legal_places():
            ev.append(
                Event(
                    "no_room",
                    f"there is no room for the {t}: nothing is built, the cards are discarded",
                    arch,
                    {"building": t},
                )
            )
            self._cleanup(ev)
            return
        self.phase = "place"
        self._decision = None

    def _has_cards(self, seat: int, building: str) -> bool:
        return any(e[0] == seat for e in self.cons[building])

    def _put_building(self, building: str, hexes: tuple[str, ...], builder: int) -> int:
        self._places = None
        index = len(self.buildings)
        districts = sorted({self.board.hexes[h].district for h in hexes})
        self.buildings.append(
            {"type": building, "hexes": list(hexes), "districts": districts, "builder": builder}
        )
        for h in hexes:
            self.building_at[h] = index
        self.supply[building] -= 1
        return index

    def _place(self, hexes: tuple[str, ...], ev: list[Event]) -> None:
        res = self.res
        assert res is not None
        t = res["type"]
        key = tuple(sorted(hexes, key=self.fp.order.__getitem__))
        index = self._put_building(t, key, res["architect"])
        self.recent["buildings"].append(index)
        res["hexes"] = list(key)
        districts = self.buildings[index]["districts"]
        res["districts"] = districts
        ev.append(
            Event(
                "place",
                f"{self.name(res['placer'])} places the {t} on {' '.join(key)}",
                res["placer"],
                {"building": t, "hexes": list(key), "index": index},
            )
        )
        if self.supply[t] == 0:  # V-1.11 / V-E1
            self.end_triggered = True
            ev.append(Event("end_trigger", f"the last {t} is built: the game ends (V-E1)", None))
        if t == "ponte":
            self.phase = "district"
            self._decision = None
            return
        self._score(None, ev)

    def building_points(self, building: str, hexes: list[str], district: str | None) -> int:
        """V-C scoring table, computed right after placement."""
        if building == "casa":
            return 1
        if building == "basilica":
            return 7
        if building == "ponte":
            assert district is not None
            return sum(
                1 for b in self.buildings if b["type"] == "casa" and district in b["districts"]
            )
        around: set[str] = set()
        for h in hexes:
            around.update(self.board.neighbors[h])
        around.difference_update(hexes)
        developed = sum(1 for h in around if h in self.building_at)
        return developed if building == "campo" else len(around) - developed

    def _score(self, district: str | None, ev: list[Event]) -> None:
        res = self.res
        assert res is not None
        t = res["type"]
        if district is not None:
            res["score_district"] = district
            ev.append(
                Event(
                    "score_district",
                    f"{self.name(res['placer'])} scores the ponte on "
                    f"{self.board.districts[district]}",
                    res["placer"],
                    {"district": district},
                )
            )
        # Treasure before movement (V-1.10.2).
        districts = set(res["districts"])
        for s in res["participants"]:
            if s == self.imag:
                continue
            if districts & self.board.track[self.pos[s]].borders:
                if self.treasure:
                    value = self.treasure.pop()
                    self.tokens[s].append(value)
                    ev.append(
                        Event(
                            "treasure",
                            f"{self.name(s)} takes a treasure token",
                            s,
                            private={s: f"your treasure token is worth {value} gold"},
                        )
                    )
                else:
                    ev.append(Event("treasure", f"no treasure left for {self.name(s)}", s))
        full = self.building_points(t, res["hexes"], district)
        movers = []
        for s in res["participants"]:
            if s == self.imag:
                continue
            points = full if s == res["architect"] else full // 2
            movers.append([s, points])
        res["movers"] = movers
        res["points"] = full
        self._continue_moves(ev)

    def _continue_moves(self, ev: list[Event]) -> None:
        res = self.res
        assert res is not None
        movers = res["movers"]
        while movers:
            s, points = movers.pop(0)
            self._move(s, points, ev, f"scores {points} for the {res['type']}")
            if (
                s == self.active
                and any(p > 0 for _, p in movers)
                and not self.end_triggered
                and self.tokens[s]  # public (V-C4): how many he holds, never their value
            ):
                self.phase = "exchange_window"
                self._decision = None
                return
        self._cleanup(ev)

    def _move(self, seat: int, steps: int, ev: list[Event], why: str) -> None:
        start = self.pos[seat]
        end = self.destination(seat, steps) if steps > 0 else start
        self.pos[seat] = end
        moved = self.recent["moved"]
        if str(seat) not in moved:
            moved[str(seat)] = [start, end]
        else:
            moved[str(seat)][1] = end
        ev.append(
            Event(
                "move",
                f"{self.name(seat)} {why}: gondola {start} → {end}",
                seat,
                {"from": start, "to": end, "steps": steps},
            )
        )
        if end >= self.comp.track_end and not self.end_triggered:
            self.end_triggered = True  # V-E1
            ev.append(
                Event("end_trigger", f"{self.name(seat)} reaches {end}: the game ends (V-E1)", seat)
            )

    def _cleanup(self, ev: list[Event]) -> None:
        res = self.res
        assert res is not None
        t = res["type"]
        if res["kind"] == "construction":
            for e in self.cons[t]:
                self.discard.extend([t] * e[1])
            self.cons[t] = []
        else:
            self.discard.extend([t] * res["cards"])
        self.res = None
        self._decision = None
        if self.end_triggered:
            self._finish(ev)
            return
        self._next_build(ev)

    def _next_build(self, ev: list[Event]) -> None:
        if self.pending_builds:
            self.phase = "build"  # V-1.10: chosen even when only one remains
            self._decision = None
            return
        if self.after_res == "after_play":
            self._end_action1(ev)
        elif self.after_res == "play":
            self.phase = "play"
            self.after_res = "after_play"
        else:
            self._end_turn(ev)

    # -- two players: the imaginary player (V-T) --------------------------------
    def _take_card(self) -> str | None:
        """Top of the deck; the discard pile is reshuffled only when the deck is empty (V-3.3)."""
        if not self.deck:
            if not self.discard:
                return None
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
        return self.deck.pop()

    def _flip(self, ev: list[Event]) -> None:
        at_start = self.phase == "play"
        self.flipped = True
        card = self._take_card()
        assert card is not None
        imag = self.imag
        ev.append(
            Event("flip", f"{self.name(self.active)} flips a {card} for {IMAGINARY_NAME}", imag)
        )
        self.after_res = "play" if at_start else "end_turn"
        if card == "casa":  # V-T5: built at once by the V-1.10 procedure, scores nothing
            self.pending_builds = [{"type": "casa", "kind": "casa", "seat": None}]
            self.phase = "build"
            return
        types = self.front(imag)
        if card not in types and len(types) >= 2:  # V-T3
            self.discard.append(card)
            ev.append(Event("flip_discard", f"a third type for {IMAGINARY_NAME}: discarded", imag))
        else:
            self.seq += 1
            self._join(imag, card, 1, ev)
            if sum(e[1] for e in self.cons[card]) == self.comp.needed[card]:
                self.pending_builds = [{"type": card, "kind": "construction", "seat": None}]
                self.phase = "build"  # V-T5: resolved at once, by V-1.10
                return
        if at_start:
            self.phase = "play"
            self.after_res = "after_play"
        else:
            self._end_turn(ev)

    # -- action 2: drain (V-2) ---------------------------------------------------
    def _start_drain(self, ev: list[Event]) -> None:
        self.after_res = "after_play"
        if self.swamp:
            self.phase = "drain"
        else:
            self._start_draw(ev)

    def _drain(self, seat: int, hexes: tuple[str, ...], ev: list[Event]) -> None:
        for h in hexes:
            value = self.swamp.pop(h)
            self.tokens[seat].append(value)
            self.drained += 1
            self.recent["drained"].append(h)
            ev.append(
                Event(
                    "drain",
                    f"{self.name(seat)} drains {h}",
                    seat,
                    {"hex": h},
                    private={seat: f"the swamp token from {h} is worth {value} gold"},
                )
            )
        if self.drained >= 2 or not self.swamp:
            self._start_draw(ev)

    # -- action 3: draw (V-3) ----------------------------------------------------
    def _start_draw(self, ev: list[Event]) -> None:
        self.phase = "draw"
        self._decision = None
        if not self._draw_options(self.active):
            self._after_draw(ev)

    def _draw(self, seat: int, card: str | None, ev: list[Event]) -> None:
        taking = self.phase == "take"
        if card is None:
            count = self.take_left if taking else 1
            got = []
            for _ in range(count):
                c = self._take_card()
                if c is None:
                    break
                got.append(c)
            self._add_to_hand(seat, got)
            ev.append(
                Event(
                    "draw",
                    f"{self.name(seat)} draws {len(got)} card(s) from the deck",
                    seat,
                    {"deck": len(got)},
                    private={seat: "you drew: " + (format_cards(count_cards(got)) or "nothing")},
                )
            )
            self.take_left = 0
        else:
            self.pool.remove(card)
            self._add_to_hand(seat, [card])
            ev.append(
                Event(
                    "draw", f"{self.name(seat)} takes a {card} from the pool", seat, {"pool": card}
                )
            )
            self.take_left = self.take_left - 1 if taking else 0
        if self.take_left > 0:
            if not any(t != self.swapped for t in self.pool) and not self._cards_available():
                self.take_left = 0  # V-3.3 Decision: take what exists
            else:
                return
        self._after_draw(ev)

    def _swap(self, seat: int, card: str, ev: list[Event]) -> None:
        self.hands[seat].remove(card)
        self.pool.append(card)
        self.swapped = card
        self.take_left = 3
        self.phase = "take"
        ev.append(Event("swap", f"{self.name(seat)} puts a {card} into the pool", seat))
        if not any(t != card for t in self.pool) and not self._cards_available():
            self.take_left = 0
            self._after_draw(ev)

    def _add_to_hand(self, seat: int, cards: list[str]) -> None:
        hand = self.hands[seat]
        hand.extend(cards)
        hand.sort(key=TYPE_ORDER.__getitem__)

    def _after_draw(self, ev: list[Event]) -> None:
        self.swapped = None
        self.take_left = 0
        if self._can_flip():
            self.phase = "flip_end"
            self._decision = None
        else:
            self._end_turn(ev)

    def _end_turn(self, ev: list[Event]) -> None:
        if len(self.pool) >= 4:  # V-3.4
            self.discard.extend(self.pool)
            self.pool = []
            ev.append(Event("pool_cleared", "four cards in the pool: all are discarded", None))
        self.track_history.append(list(self.pos))
        self.active = (self.active + 1) % self.n
        self.turn += 1
        self.last_turn = self.recent  # what the board shows as "last turn"
        self.recent = _fresh_recent(self.active)
        ev.append(Event("turn", f"{self.name(self.active)}'s turn", self.active))
        self._begin_turn()

    # -- gold (V-G) ---------------------------------------------------------------
    def _exchange(self, seat: int, values: list[int], ev: list[Event]) -> None:
        tokens = self.tokens[seat]
        treasure_back = 0
        for v in values:
            tokens.remove(v)
            if v >= 3:
                self.treasure.append(v)
                treasure_back += 1
            else:
                self.swamp_removed += 1
        if treasure_back:
            self.rng.shuffle(self.treasure)  # V-G2
        steps = sum(values) // 5
        self._move(seat, steps, ev, f"exchanges {len(values)} token(s) for {steps} step(s)")
        if self.end_triggered and self.res is None:
            self._finish(ev)  # a trigger outside a building's resolution ends the turn at once
        elif self.phase == "exchange_window" and (self.end_triggered or not self.tokens[seat]):
            self._continue_moves(ev)  # the pause lasts while he holds tokens (V-G1 Decision)

    # -- game end (V-E) -------------------------------------------------------------
    def _finish(self, ev: list[Event]) -> None:
        for pb in self.pending_builds:  # completed but never resolved: the cards are discarded
            if pb["kind"] != "construction":
                k = 1 if pb["kind"] == "casa" else self.comp.needed[pb["type"]]
                self.discard.extend([pb["type"]] * k)
        self.pending_builds = []
        self.res = None
        order = [(self.active + i) % self.n for i in range(1, self.n + 1)]
        for s in order:
            values = self.tokens[s]
            if not values:
                continue
            total = sum(values)
            for v in values:
                if v >= 3:
                    self.treasure.append(v)
                else:
                    self.swamp_removed += 1
            self.tokens[s] = []
            self._move(s, total // 5, ev, f"converts {total} gold into {total // 5} step(s)")
        self.track_history.append(list(self.pos))
        self.over = True
        self.phase = "over"
        self._decision = None
        ranking = self.ranking()
        ev.append(
            Event(
                "game_over",
                "game over: "
                + ", ".join(
                    f"{i + 1}. " + " & ".join(f"{self.name(s)} ({self.pos[s]})" for s in group)
                    for i, group in enumerate(ranking)
                ),
                None,
                {"ranking": ranking},
            )
        )

    def ranking(self) -> list[list[int]]:
        """V-E3: farthest first; only gondolas still on 0 can share a place."""
        groups: dict[int, list[int]] = {}
        for s, p in enumerate(self.pos):
            groups.setdefault(p, []).append(s)
        return [groups[p] for p in sorted(groups, reverse=True)]

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
            raise ValueError(f"not a Venezia state: {data.get('game')!r}")
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
        c.cons = {t: [list(e) for e in v] for t, v in self.cons.items()}
        c.seq = self.seq
        c.buildings = list(self.buildings)  # entries are never mutated after creation
        c.building_at = dict(self.building_at)
        c.swamp = dict(self.swamp)
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
        c.pending_builds = [dict(pb) for pb in self.pending_builds]
        c.res = (
            {**self.res, "movers": [list(m) for m in self.res["movers"]]}
            if self.res is not None
            else None
        )
        c.after_res = self.after_res
        c.end_triggered = self.end_triggered
        c.over = self.over
        c.recent = {
            "active": self.recent["active"],
            "buildings": list(self.recent["buildings"]),
            "drained": list(self.recent["drained"]),
            "moved": {k: list(v) for k, v in self.recent["moved"].items()},
        }
        c.last_turn = self.last_turn  # never mutated once the turn is over
        c.track_history = list(self.track_history)  # inner lists are never mutated
        c.history = list(self.history)
        c._decision = self._decision
        c._places = None
        return c

    # views live in engine.venezia.views to keep this module about rules
    def public_view(self) -> JSON:
        from engine.venezia.views import public_view

        return public_view(self)

    def player_view(self, seat: int) -> JSON:
        from engine.venezia.views import player_view

        return player_view(self, seat)


def _fresh_recent(active: int) -> dict[str, Any]:
    return {"active": active, "buildings": [], "drained": [], "moved": {}}


def _build_label(pb: dict[str, Any]) -> str:
    return f"{pb['type']} solo" if pb["kind"] == "solo" else str(pb["type"])


def _wrong_verb(verb: str, d: Decision) -> IllegalMove:
    verbs = sorted({o.split()[0] for o in d.options})
    return IllegalMove(f"'{verb}' is not possible now: {d.prompt}. Possible: {', '.join(verbs)}")
