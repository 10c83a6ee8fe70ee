"""Executing a validated Venezia move: the turn's actions and the resolution of buildings.

The three actions - play (V-1), drain (V-2), draw (V-3) - gold exchanges (V-G), the imaginary
player's flips (V-T) and the change of turn; resolving a completed building (V-1.10: placement,
treasure, scoring and gondola movement, the discard of the used cards, then the next pending
building or the rest of the turn) and the game end (V-E). Each function mutates the state's data
(:class:`~engine.venezia.state_basics.StateBasics`) for an already validated move and appends
its events. Actions and resolution call each other (a play completes buildings, a resolution
continues the turn), so they share this module.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.venezia import commands as cmd
from engine.venezia import decisions
from engine.venezia import events as evt
from engine.venezia.cards import TYPE_ORDER, TYPES
from engine.venezia.state_basics import StateBasics, _build_label, _fresh_recent

# Events are data (engine.venezia.events): applying a move, also one the AI simulates, makes
# no text; engine.venezia.event_texts says them when someone reads them.


def begin_turn(self: StateBasics) -> None:
    self.phase = "play"
    self.flipped = False
    self.drained = 0
    self.swapped = None
    self.take_left = 0
    self.after_res = "after_play"
    self._decision = None


# ------------------------------------------------------------------ execution
def execute(self: StateBasics, seat: int, move: cmd.Move, ev: list[Event]) -> None:
    verb = move.verb
    if verb == "exchange":
        _exchange(self, seat, list(move.values), ev)
    elif verb == "play":
        _play(self, seat, move.cards, ev)
    elif verb == "flip":
        _flip(self, ev)
    elif verb == "build":
        _choose_build(self, move.label, ev)
    elif verb == "place":
        _place(self, move.hexes, ev)
    elif verb == "score":
        assert move.district is not None
        _score(self, move.district, ev)
    elif verb == "done":
        _done(self, ev)
    elif verb == "discard":
        assert move.card is not None
        _discard_type(self, seat, move.card, ev)
    elif verb == "drain":
        _drain(self, seat, move.hexes, ev)
    elif verb == "draw":
        _draw(self, seat, move.card, ev)
    elif verb == "swap":
        assert move.card is not None
        _swap(self, seat, move.card, ev)
    else:  # pragma: no cover - the validator refuses everything else
        raise AssertionError(verb)


def _done(self: StateBasics, ev: list[Event]) -> None:
    if self.phase == "exchange_window":
        _continue_moves(self, ev)
    elif self.phase == "drain":
        ev.append(evt.DrainDone(seat=self.active, names=self.players))
        _start_draw(self, ev)
    elif self.phase == "flip_end":
        _end_turn(self, ev)


# -- action 1 ------------------------------------------------------------
def _play(self: StateBasics, seat: int, counts: dict[str, int], ev: list[Event]) -> None:
    hand = self.hands[seat]
    for t, k in counts.items():
        for _i in range(k):
            hand.remove(t)
    self.seq += 1
    ev.append(evt.Played(seat=seat, cards=dict(counts), names=self.players))
    builds: list[dict[str, Any]] = []
    for t in TYPES:
        k = counts.get(t, 0)
        if not k:
            continue
        if t == "casa":
            builds.extend({"type": "casa", "kind": "casa", "seat": seat} for _i in range(k))
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
            _join(self, seat, t, j, ev)
            if sum(e[1] for e in entries) == n:
                builds.append({"type": t, "kind": "construction", "seat": None})
    self.pending_builds = builds
    self.after_res = "after_play"
    if builds:
        self.phase = "build"
    else:
        _end_action1(self, ev)


def _join(self: StateBasics, seat: int, building: str, k: int, ev: list[Event]) -> None:
    before = self.architect(building)
    entries = self.cons[building]
    for e in entries:
        if e[0] == seat:
            e[1] += k
            e[2] = self.seq
            break
    else:
        entries.append([seat, k, self.seq])
    _note_architect(self, building, before, ev)


def _note_architect(self: StateBasics, building: str, before: int | None, ev: list[Event]) -> None:
    """An event when the pawn changed hands (V-1.4) or went back to its space."""
    after = self.architect(building)
    if after == before:
        return
    ev.append(evt.ArchitectMoved(seat=after, building=building, names=self.players))


def _end_action1(self: StateBasics, ev: list[Event]) -> None:
    if len(self.front(self.active)) > 2:
        self.phase = "discard"  # V-1.12
    else:
        _start_drain(self, ev)


def _discard_type(self: StateBasics, seat: int, building: str, ev: list[Event]) -> None:
    entries = self.cons[building]
    before = self.architect(building)
    for e in entries:
        if e[0] == seat:
            entries.remove(e)
            self.discard.extend([building] * e[1])
            break
    ev.append(evt.Discarded(seat=seat, building=building, names=self.players))
    _note_architect(self, building, before, ev)
    if len(self.front(seat)) <= 2:
        _start_drain(self, ev)


# -- two players: the imaginary player (V-T) --------------------------------
def _take_card(self: StateBasics) -> str | None:
    """Top of the deck; the discard pile is reshuffled only when the deck is empty (V-3.3)."""
    if not self.deck:
        if not self.discard:
            return None
        self.deck = self.discard
        self.discard = []
        self.rng.shuffle(self.deck)
    return self.deck.pop()


def _flip(self: StateBasics, ev: list[Event]) -> None:
    at_start = self.phase == "play"
    self.flipped = True
    card = _take_card(self)
    assert card is not None
    imag = self.imag
    ev.append(evt.Flipped(seat=imag, flipper=self.active, building=card, names=self.players))
    self.after_res = "play" if at_start else "end_turn"
    if card == "casa":  # V-T5: built at once by the V-1.10 procedure, scores nothing
        self.pending_builds = [{"type": "casa", "kind": "casa", "seat": None}]
        self.phase = "build"
        return
    types = self.front(imag)
    if card not in types and len(types) >= 2:  # V-T3
        self.discard.append(card)
        ev.append(evt.FlipDiscarded(seat=imag, names=self.players))
    else:
        self.seq += 1
        _join(self, imag, card, 1, ev)
        if sum(e[1] for e in self.cons[card]) == self.comp.needed[card]:
            self.pending_builds = [{"type": card, "kind": "construction", "seat": None}]
            self.phase = "build"  # V-T5: resolved at once, by V-1.10
            return
    if at_start:
        self.phase = "play"
        self.after_res = "after_play"
    else:
        _end_turn(self, ev)


# -- action 2: drain (V-2) ---------------------------------------------------
def _start_drain(self: StateBasics, ev: list[Event]) -> None:
    self.after_res = "after_play"
    if self.swamp:
        self.phase = "drain"
    else:
        _start_draw(self, ev)


def _drain(self: StateBasics, seat: int, hexes: tuple[str, ...], ev: list[Event]) -> None:
    for h in hexes:
        # a new dict, never changed in place: an open decision's notes read the old one
        old = self.swamp
        swamp = dict(old)
        value = swamp.pop(h)
        self.swamp = swamp
        self.fp.derive_mask(swamp, old, (), h)
        self.tokens[seat].append(value)
        self.drained += 1
        self.recent["drained"].append(h)
        ev.append(evt.Drained(seat=seat, hex=h, value=value, names=self.players))
    if self.drained >= 2 or not self.swamp:
        _start_draw(self, ev)


# -- action 3: draw (V-3) ----------------------------------------------------
def _start_draw(self: StateBasics, ev: list[Event]) -> None:
    self.phase = "draw"
    self._decision = None
    if not decisions.draw_options(self, self.active):
        _after_draw(self, ev)


def _draw(self: StateBasics, seat: int, card: str | None, ev: list[Event]) -> None:
    taking = self.phase == "take"
    if card is None:
        count = self.take_left if taking else 1
        got = []
        for _i in range(count):
            c = _take_card(self)
            if c is None:
                break
            got.append(c)
        _add_to_hand(self, seat, got)
        ev.append(evt.DrewFromDeck(seat=seat, cards=got, names=self.players))
        self.take_left = 0
    else:
        self.pool.remove(card)
        _add_to_hand(self, seat, [card])
        ev.append(evt.TookFromPool(seat=seat, building=card, names=self.players))
        self.take_left = self.take_left - 1 if taking else 0
    if self.take_left > 0:
        if not any(t != self.swapped for t in self.pool) and not self._cards_available():
            self.take_left = 0  # V-3.3 Decision: take what exists
        else:
            return
    _after_draw(self, ev)


def _swap(self: StateBasics, seat: int, card: str, ev: list[Event]) -> None:
    self.hands[seat].remove(card)
    self.pool.append(card)
    self.swapped = card
    self.take_left = 3
    self.phase = "take"
    ev.append(evt.Swapped(seat=seat, building=card, names=self.players))
    if not any(t != card for t in self.pool) and not self._cards_available():
        self.take_left = 0
        _after_draw(self, ev)


def _add_to_hand(self: StateBasics, seat: int, cards: list[str]) -> None:
    hand = self.hands[seat]
    hand.extend(cards)
    hand.sort(key=TYPE_ORDER.__getitem__)


def _after_draw(self: StateBasics, ev: list[Event]) -> None:
    self.swapped = None
    self.take_left = 0
    if self._can_flip():
        self.phase = "flip_end"
        self._decision = None
    else:
        _end_turn(self, ev)


def _end_turn(self: StateBasics, ev: list[Event]) -> None:
    if len(self.pool) >= 4:  # V-3.4
        self.discard.extend(self.pool)
        self.pool = []
        ev.append(evt.PoolCleared(names=self.players))
    self.track_history.append(list(self.pos))
    self.active = (self.active + 1) % self.n
    self.turn += 1
    self.last_turn = self.recent  # what the board shows as "last turn"
    self.recent = _fresh_recent(self.active)
    ev.append(evt.TurnBegins(seat=self.active, names=self.players))
    begin_turn(self)


# -- gold (V-G) ---------------------------------------------------------------
def _exchange(self: StateBasics, seat: int, values: list[int], ev: list[Event]) -> None:
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
    _move(self, seat, steps, ev, "exchange", tokens=len(values))
    if self.end_triggered and self.res is None:
        _finish(self, ev)  # a trigger outside a building's resolution ends the turn at once
    elif self.phase == "exchange_window" and (self.end_triggered or not self.tokens[seat]):
        _continue_moves(self, ev)  # the pause lasts while he holds tokens (V-G1 Decision)


# -- building resolution (V-1.10) ----------------------------------------
def _choose_build(self: StateBasics, label: str, ev: list[Event]) -> None:
    index = next(i for i, pb in enumerate(self.pending_builds) if _build_label(pb) == label)
    pb = self.pending_builds.pop(index)
    _start_resolution(self, pb, ev)


def _start_resolution(self: StateBasics, pb: dict[str, Any], ev: list[Event]) -> None:
    self._places = None
    t = pb["type"]
    kind = pb["kind"]
    if kind == "construction":
        arch = self.architect(t)
        assert arch is not None
        holders = set()
        cards = 0
        for e in self.cons[t]:
            holders.add(e[0])
            cards += e[1]
        participants = [s for s in self.seats_clockwise_from(arch) if s in holders]
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
    ev.append(evt.Completed(seat=arch, building=t, how=kind, names=self.players))
    if not decisions.legal_places(self):
        ev.append(evt.NoRoom(seat=arch, building=t, names=self.players))
        _cleanup(self, ev)
        return
    self.phase = "place"
    self._decision = None


def _place(self: StateBasics, hexes: tuple[str, ...], ev: list[Event]) -> None:
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
        evt.Placed(seat=res["placer"], building=t, hexes=key, index=index, names=self.players)
    )
    if self.supply[t] == 0:  # V-1.11 / V-E1
        self.end_triggered = True
        ev.append(evt.LastBuilt(building=t, names=self.players))
    if t == "ponte":
        self.phase = "district"
        self._decision = None
        return
    _score(self, None, ev)


def building_points(
    self: StateBasics, building: str, hexes: list[str], district: str | None
) -> int:
    """V-C scoring table, computed right after placement."""
    if building == "casa":
        return 1
    if building == "basilica":
        return 7
    if building == "ponte":
        assert district is not None
        return sum(1 for b in self.buildings if b["type"] == "casa" and district in b["districts"])
    around: set[str] = set()
    for h in hexes:
        around.update(self.board.neighbors[h])
    around.difference_update(hexes)
    developed = sum(1 for h in around if h in self.building_at)
    return developed if building == "campo" else len(around) - developed


def _score(self: StateBasics, district: str | None, ev: list[Event]) -> None:
    res = self.res
    assert res is not None
    t = res["type"]
    if district is not None:
        res["score_district"] = district
        ev.append(
            evt.DistrictScored(
                seat=res["placer"],
                district=district,
                district_name=self.board.districts[district],
                names=self.players,
            )
        )
    # Treasure before movement (V-1.10.2).
    districts = res["districts"]
    track = self.board.track
    for s in res["participants"]:
        if s == self.imag:
            continue
        if not track[self.pos[s]].borders.isdisjoint(districts):
            if self.treasure:
                value = self.treasure.pop()
                self.tokens[s].append(value)
                ev.append(evt.TreasureTaken(seat=s, value=value, names=self.players))
            else:
                ev.append(evt.NoTreasure(seat=s, names=self.players))
    full = building_points(self, t, res["hexes"], district)
    movers = []
    for s in res["participants"]:
        if s == self.imag:
            continue
        points = full if s == res["architect"] else full // 2
        movers.append([s, points])
    res["movers"] = movers
    res["points"] = full
    _continue_moves(self, ev)


def _continue_moves(self: StateBasics, ev: list[Event]) -> None:
    res = self.res
    assert res is not None
    movers = res["movers"]
    while movers:
        s, points = movers.pop(0)
        _move(self, s, points, ev, "score", building=res["type"])
        if (
            s == self.active
            and any(p > 0 for _, p in movers)
            and not self.end_triggered
            and self.tokens[s]  # public (V-C4): how many he holds, never their value
        ):
            self.phase = "exchange_window"
            self._decision = None
            return
    _cleanup(self, ev)


def _move(self: StateBasics, seat: int, steps: int, ev: list[Event], why: str, **args: Any) -> None:
    start = self.pos[seat]
    end = self.destination(seat, steps) if steps > 0 else start
    self.pos[seat] = end
    moved = self.recent["moved"]
    if str(seat) not in moved:
        moved[str(seat)] = [start, end]
    else:
        moved[str(seat)][1] = end
    ev.append(
        evt.Moved(seat=seat, why=why, steps=steps, start=start, end=end, **args, names=self.players)
    )
    if end >= self.comp.track_end and not self.end_triggered:
        self.end_triggered = True  # V-E1
        ev.append(evt.TrackEndReached(seat=seat, end=end, names=self.players))


def _cleanup(self: StateBasics, ev: list[Event]) -> None:
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
        _finish(self, ev)
        return
    _next_build(self, ev)


def _next_build(self: StateBasics, ev: list[Event]) -> None:
    if self.pending_builds:
        self.phase = "build"  # V-1.10: chosen even when only one remains
        self._decision = None
        return
    if self.after_res == "after_play":
        _end_action1(self, ev)
    elif self.after_res == "play":
        self.phase = "play"
        self.after_res = "after_play"
    else:
        _end_turn(self, ev)


# -- game end (V-E) -------------------------------------------------------------
def _finish(self: StateBasics, ev: list[Event]) -> None:
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
        _move(self, s, total // 5, ev, "convert", gold=total)
    self.track_history.append(list(self.pos))
    self.over = True
    self.phase = "over"
    self._decision = None
    ranking = self.ranking()
    ev.append(evt.GameOver(ranking=ranking, scores=list(self.pos), names=self.players))
