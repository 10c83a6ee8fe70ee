"""Venezia state, part 5: the turn's actions - play (V-1), drain (V-2), draw (V-3), gold (V-G).

Each handler mutates an already validated move and appends its events; the imaginary player's
flips (V-T) and the end of a turn live here too.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.venezia import commands as cmd
from engine.venezia.cards import TYPE_ORDER, TYPES, count_cards, format_cards
from engine.venezia.state_basics import IMAGINARY_NAME, _fresh_recent
from engine.venezia.state_resolution import StateResolution


class StateActions(StateResolution):
    """Executing validated moves: the three actions, flips, exchanges and turn changes."""

    __slots__ = ()

    def _begin_turn(self) -> None:
        self.phase = "play"
        self.flipped = False
        self.drained = 0
        self.swapped = None
        self.take_left = 0
        self.after_res = "after_play"
        self._decision = None

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
