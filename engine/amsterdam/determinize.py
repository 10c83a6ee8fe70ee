"""Determinization: a full Amsterdam state imagined from one seat's player view.

An AI never reads hidden information; it may *imagine* it. Everything the view shows is kept
exactly (the port, money, the bank, VP, guards, decks' sizes and visible tops, revealed cards,
the stage, the order); what it does not show is sampled among the possibilities consistent
with it:

* the other player's hand (its size is public). The cards nobody can locate are split by
  elimination: the water deck holds ``size - 1`` unseen water cards below its top, the other's
  harbor deck ``size - 1`` of his unseen harbor cards, the special pile ``size`` unseen special
  cards; the rest is his hand, so how many of each kind he holds is forced and only *which*
  ones is sampled (a card he owes, AM-V4.3, is one of his special cards);
* the order of every deck below its visible top (my own harbor deck too);
* the other seat's sealed answer when he has already answered (``guess`` picks it from his
  options in the imagined world; by default uniformly). It is sampled, never read;
* the RNG. The AM-G22 idle-round count (and whether this round had a placement or money
  moved), the AM-G24 no-growth count and the port's peak are public and come from the view.

The other's cards taken back into his hand (``players[].taken_back``, public by AM-G23) are
always in his imagined hand. ``known`` are further cards the seat *saw* go into the other's
hand (a visible deck top he drew; :class:`HandMemory` follows them from view to view, as a
player with a good memory would): they are put into his hand first, the rest is sampled.

A view names the identical copies of a special card by one public id (AM-1.6, AM-G35); the
world gives every mention its own copy again, the lowest free one in the view's order, so
which copy lies where never depends on more than the view.

Two real states that differ only in what the seat cannot see give the same worlds for the same
``rng``. The seat's own ``player_view`` of a world equals its real view (tests check this).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.amsterdam import board as bd
from engine.amsterdam.ai.greedy import shadow
from engine.amsterdam.rounds import seat_options
from engine.amsterdam.state import AmsterdamState
from engine.amsterdam.state_fields import SEALED_PHASES
from engine.core import JSON
from engine.rng import Rng

#: ``guess(world, seat, options, rng)``: the other seat's already given sealed answer
Guess = Callable[[AmsterdamState, int, list[str], random.Random], str]


_BAD = "the view is inconsistent"  # not for players


def uniform_guess(world: AmsterdamState, seat: int, options: list[str], rng: random.Random) -> str:
    return rng.choice(options)


class HandMemory:
    """Cards a seat has seen going into the other player's hand, from its successive views.

    Every card once seen (a deck top, a revealed card) that later is nowhere in the view went
    into a hand (cards leave the port only under their owner's deck, and those are not
    followed); not in mine, so in the other's. A card seen again (played) is forgotten. A new
    game (the history length going back) clears the memory.
    """

    def __init__(self) -> None:
        self.seen: set[int] = set()
        self.known: set[int] = set()
        self._history = -1

    def observe(self, view: JSON) -> set[int]:
        """Update from ``view``; the cards now believed in the other's hand."""
        length = int(view["history_length"])
        if length < self._history:
            self.seen, self.known = set(), set()
        self._history = length
        located = visible_cards(view)
        self.known |= self.seen - located
        self.known -= located
        decks = view["decks"]
        tops = [decks["water"]["top"], *(d["top"] for d in decks["harbor"])]
        revealed = [p["revealed"] for p in view["players"]]
        self.seen = {int(c["id"]) for c in (*tops, *revealed) if c is not None}
        return set(self.known)


def visible_cards(view: JSON) -> set[int]:
    """Every card the view shows: the port (covered cards too), my hand, revealed cards and
    the visible deck tops."""
    out: set[int] = set()
    for c in view["grid"]["cells"]:
        out.add(int(c["card"]["id"]))
        out.update(int(u["id"]) for u in c["covered"])
    out.update(int(c["id"]) for c in view["me"]["hand"])
    decks = view["decks"]
    tops = [decks["water"]["top"], *(d["top"] for d in decks["harbor"])]
    revealed = [p["revealed"] for p in view["players"]]
    out.update(int(c["id"]) for c in (*tops, *revealed) if c is not None)
    return out


def determinize(
    view: JSON,
    rng: random.Random,
    guess: Guess | None = None,
    known: set[int] | frozenset[int] = frozenset(),
) -> AmsterdamState:
    """A world consistent with ``view`` (a ``player_view``), hidden parts drawn from ``rng``;
    ``known``: cards the seat saw go into the other's hand (placed there first when they fit)."""
    # The view names identical copies by one public id (AM-1.6): every card it shows gets its
    # own copy again, the lowest free one, in the view's order (so equal views, equal worlds).
    taken: set[int] = set()
    st = shadow(view, taken)
    cards = st.cs.cards
    copy_for = st.cs.copy_for
    me = int(view["me"]["seat"])
    opp = 1 - me
    players = view["players"]
    decks = view["decks"]
    revealed: list[int | None] = []
    for p in players:
        rev = p["revealed"]
        revealed.append(None if rev is None else copy_for(int(rev["id"]), taken))
    my_hand = [copy_for(int(c["id"]), taken) for c in view["me"]["hand"]]
    tops: dict[str, int | None] = {"water": _top_id(decks["water"])}
    for s in (0, 1):
        tops[f"harbor{s}"] = _top_id(decks["harbor"][s])

    located: set[int] = set(st.top.values())
    for under in st.under.values():
        located.update(under)
    located.update(st.boxed)
    located.update(my_hand)
    located.update(r for r in revealed if r is not None)
    located.update(t for t in tops.values() if t is not None)

    # AM-G23: cards revealed and taken back are public and in the hand until played (views
    # saved before they were shown have none): mine are copies in my hand, the other's (and
    # the ``known`` cards) copies nobody can locate, which go to his hand
    back = [[int(c["id"]) for c in p.get("taken_back") or []] for p in players]
    taken_back: list[list[int]] = [[], []]
    unnamed = list(my_hand)
    for i in back[me]:
        copy = next((c for c in unnamed if cards[c].public == i), i)
        if copy in unnamed:
            unnamed.remove(copy)
        taken_back[me].append(copy)
    claimed = set(located)
    taken_back[opp] = [copy_for(i, claimed) for i in back[opp]]
    known = {copy_for(i, claimed) for i in sorted(known)}
    held = set(taken_back[opp])  # in his hand for sure; ``known`` only where room is left

    def unseen(ids: tuple[int, ...] | list[int]) -> list[int]:
        return sorted(i for i in ids if i not in located)

    water_pool = unseen(st.cs.water)
    harbor_pool = [unseen(st.cs.harbor[s]) for s in (0, 1)]
    special_pool = unseen(st.cs.special)
    for pool in (water_pool, *harbor_pool, special_pool):
        rng.shuffle(pool)

    def split(pool: list[int], deck_rest: int, what: str) -> tuple[list[int], list[int]]:
        """(the deck below its top, the rest: the other's hand; known cards go to the hand)."""
        if deck_rest > len(pool) or deck_rest < 0:
            msg = f"{_BAD}: the {what} does not fit the unseen cards"  # not for players
            raise ValueError(msg)
        if known or held:
            # stable: the shuffled order otherwise; the hand (the end) takes the taken-back
            # cards first, then the remembered ones (a memory that no longer fits the counts
            # must not push a taken-back card out of his hand)
            pool.sort(key=lambda i: (i in held, i in known))
        return pool[:deck_rest], pool[deck_rest:]

    water = "water deck"  # not for players
    water_rest, opp_water = split(water_pool, _rest(decks["water"]), water)
    harbor_decks: list[list[int]] = [[], []]
    opp_harbor: list[int] = []
    for s in (0, 1):
        what = f"harbor deck {s}"  # not for players
        rest, extra = split(harbor_pool[s], _rest(decks["harbor"][s]), what)
        if s == me and extra:
            msg = "the view is inconsistent: own harbor cards are missing"  # not for players
            raise ValueError(msg)
        if s == opp:
            opp_harbor = extra
        top = tops[f"harbor{s}"]
        harbor_decks[s] = rest + ([] if top is None else [top])
    pile = "special pile"  # not for players
    special_pile, opp_special = split(special_pool, int(decks["special"]["size"]), pile)
    opp_hand = opp_water + opp_harbor + opp_special
    if len(opp_hand) != int(players[opp]["hand_size"]):
        size = players[opp]["hand_size"]
        msg = f"{_BAD}: {len(opp_hand)} unseen cards for a hand of {size}"  # not for players
        raise ValueError(msg)
    water_top = tops["water"]
    st.water_deck = water_rest + ([] if water_top is None else [water_top])
    st.harbor_decks = harbor_decks
    st.special_pile = special_pile
    st.hands = [[], []]
    st.hands[me] = list(my_hand)
    st.hands[opp] = opp_hand
    st.sort_hand(st.hands[opp])
    if not set(taken_back[opp]) <= set(opp_hand):
        msg = f"{_BAD}: a taken-back card is not in the other hand"  # not for players
        raise ValueError(msg)
    st.taken_back = taken_back

    must_play: list[int | None] = [None, None]
    for s in (0, 1):
        if players[s]["owes_special"]:
            owed = [i for i in [*st.hands[s], revealed[s]] if i is not None and cards[i].special]
            if not owed:
                msg = f"the view is inconsistent: seat {s} owes a special card"  # not for players
                raise ValueError(msg)
            must_play[s] = owed[0]
    st.must_play = must_play
    st.depots = {
        st.top[st.layout.parse(c["cell"]) or 0]
        for c in view["grid"]["cells"]
        if c["depot"] is not None
    }
    for entry in st.scored:
        entry["counts"] = bd.warehouses(st, entry["cells"])
    st.won = [int(p["areas_won"]) for p in players]
    st.guards = [int(p["guards_left"]) for p in players]
    st.bank = int(view["bank"])
    st.round = int(view["round"])
    st.phase = str(view["stage"])
    st.revealed = revealed
    st.passed = [bool(p["passed"]) for p in players]
    st.order = [int(s) for s in view["order"]]
    st.last_reveal = view["last_reveal"]
    st.over = bool(view["over"])
    st.end = view["end"]
    st.winner = None
    idle = view.get("idle")  # AM-G22: public; views saved before it had no count
    st.idle = int(idle["rounds"]) if idle else 0
    stall = view.get("stall") or {}  # AM-G24: public, so the imagined game keeps the count
    st.peak = int(stall.get("peak", len(st.top)))
    st.stall = int(stall.get("rounds", 0))
    st.activity = bool(idle["active"]) if idle else st.phase not in ("buy", "choose")
    st.history = [(0, "")] * int(view["history_length"])  # only its length is public
    st.rng = Rng(rng.getrandbits(64))
    st.players = [str(p["name"]) for p in players]
    st.asked = [p["answered"] is not None for p in players]
    st.sealed = [None, None]
    st.removable = bd.removable(st, st.ship) if st.phase == "remove" else []
    st._areas = None
    st._decisions = None
    st._place_cells = None
    if st.phase in SEALED_PHASES:
        st.sealed[me] = view["me"]["sealed_answer"]
        if players[opp]["answered"]:
            options = seat_options(st, opp, st.phase)
            st.sealed[opp] = (guess or uniform_guess)(st, opp, options, rng)
        elif st.asked[opp] is False and st.phase == "choose":
            st.sealed[opp] = "pass"  # AM-G21: an empty hand passes without being asked
    if st.phase == "choose" and not st.asked[me]:
        st.sealed[me] = "pass"
    st._decisions = None
    return st


def _top_id(deck: JSON) -> int | None:
    top = deck["top"]
    return None if top is None else int(top["id"])


def _rest(deck: JSON) -> int:
    """Cards of a deck below its visible top."""
    return max(int(deck["size"]) - 1, 0)
