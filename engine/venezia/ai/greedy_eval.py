"""The ``greedy`` level's evaluation of a position: what a seat's gondola, gold, hand and
cards in front are worth, with the board facts that evaluation needs (cached per board).

Token values the seat cannot know are counted at their expectation; see
:mod:`engine.venezia.ai.greedy` for the formula and how the player uses it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from engine.venezia.cards import ARCHITECT_TYPES
from engine.venezia.state import VeneziaState

SWAMP_MEAN = 1.0  # 26×0, 34×1, 26×2 (V-C4)
TREASURE_MEAN = 79 / 18  # 5×3, 5×4, 4×5, 4×6
RESOLUTION_PHASES = frozenset({"build", "place", "district", "exchange_window", "discard"})
# Typical points of a building when no site is free right now (sites open as swamps drain).
FALLBACK_POINTS = {"basilica": 5.0, "palazzo": 3.0, "campo": 2.0, "ponte": 2.0, "casa": 1.0}


@dataclass(frozen=True, slots=True)
class Weights:
    """The knobs of the evaluation (tuned by self-play)."""

    others_max: float = 0.5  # opponents: weight of the best one (rest: their average)
    others: float = 1.0  # how much opponents' gains count against one's own
    hand_card: float = 0.7  # an opponent's card in hand
    treasure: float = TREASURE_MEAN / 5
    front_arch: tuple[float, float] = (0.35, 0.45)  # architect: pts × (a + b × filled)
    front_part: tuple[float, float] = (0.3, 0.4)  # participant: pts/2 × (a + b × filled)
    hand_complete: float = 0.8
    hand_solo: float = 0.85
    hand_partial: float = 0.7
    hand_casa: float = 0.9
    win_bonus: float = 8.0
    full_hand: float = 0.6  # a full hand cannot draw
    empty_hand: float = 2.0  # an empty hand cannot swap (take three)
    four_cards: float = 0.0  # four cards: cannot swap either
    place_others: float = 1.5  # placement: weight of what the other participants get
    swap_gift: float = 0.3  # a card put into the pool may help the next player


DEFAULT_WEIGHTS = Weights()


# ---------------------------------------------------------------------------- board geometry
class BoardInfo:
    """Bit masks of the board, computed once per board."""

    def __init__(self, state: VeneziaState) -> None:
        board = state.board
        fp = state.fp
        bit = fp.bit
        self.bit = bit
        self.district_of = {label: h.district for label, h in board.hexes.items()}
        self.district_mask = {
            d: sum(bit[h] for h in board.district_hexes(d)) for d in board.districts
        }
        self.borders = [space.borders for space in board.track]
        self.neighbors = board.neighbors
        self.all_mask = sum(bit.values())
        self.neighbor_mask = {
            label: sum(bit[n] for n in board.neighbors[label]) for label in board.hexes
        }
        # For every footprint of every type: (mask, around mask, hexes, districts)
        self.sites: dict[str, list[tuple[int, int, tuple[str, ...], frozenset[str]]]] = {}
        for t, entries in fp.masks.items():
            rows = []
            for mask, hexes in entries:
                around = 0
                for h in hexes:
                    around |= self.neighbor_mask[h]
                around &= ~mask
                districts = frozenset(self.district_of[h] for h in hexes)
                rows.append((mask, around, hexes, districts))
            self.sites[t] = rows
        self.place_text = fp.place_text
        #: per type: each site's (mask, around mask), and its masks alone
        self.site_pairs = {t: [(row[0], row[1]) for row in rows] for t, rows in self.sites.items()}
        self.site_masks = {t: [row[0] for row in rows] for t, rows in self.sites.items()}
        # "place …" text -> (mask, around mask, hexes, districts), per type
        self.site_by_text: dict[str, dict[str, tuple[int, int, tuple[str, ...], frozenset[str]]]]
        self.site_by_text = {
            t: {fp.place_text[row[2]]: row for row in rows} for t, rows in self.sites.items()
        }
        #: footprint -> (mask, around mask, hexes, districts), per type
        self.site_by_fp = {t: {row[2]: row for row in rows} for t, rows in self.sites.items()}
        #: "drain …" text -> (its district, its neighbours' mask)
        self.drain_site = {
            fp.drain_text[label]: (self.district_of[label], self.neighbor_mask[label])
            for label in board.hexes
        }
        self._ahead: dict[int, set[str]] = {}

    def ahead(self, pos: int) -> set[str]:
        """The districts bordering the 7 track spaces after ``pos`` (the set is shared)."""
        found = self._ahead.get(pos)
        if found is None:
            found = set()
            for space in range(pos + 1, min(pos + 8, len(self.borders))):
                found.update(self.borders[space])
            self._ahead[pos] = found
        return found


_BOARD_INFO: dict[int, tuple[object, BoardInfo]] = {}


def board_info(state: VeneziaState) -> BoardInfo:
    hit = _BOARD_INFO.get(id(state.board))
    if hit is not None and hit[0] is state.board:
        return hit[1]
    info = BoardInfo(state)
    _BOARD_INFO[id(state.board)] = (state.board, info)
    return info


class BoardStats:
    """What the board offers now: best points per type, casas per district, empty hexes."""

    __slots__ = ("best", "blocked", "casas", "developed", "empty_by_district")

    def __init__(
        self,
        state: VeneziaState,
        info: BoardInfo,
        masks: tuple[int, int] | None = None,
    ) -> None:
        if masks is None:
            fp = state.fp
            developed = fp.labels_mask(state.building_at)
            blocked = developed | fp.labels_mask(state.swamp)
        else:
            developed, blocked = masks  # the built hexes, and those with the swamps
        self.developed = developed
        self.blocked = blocked
        casas: dict[str, int] = dict.fromkeys(info.district_mask, 0)
        for b in state.buildings:
            if b["type"] == "casa":
                for d in b["districts"]:
                    casas[d] += 1
        self.casas = casas
        free = info.all_mask & ~blocked
        self.empty_by_district = {d: (free & m).bit_count() for d, m in info.district_mask.items()}
        best: dict[str, float] = {"casa": 1.0}
        free_triangle = False
        for m in info.site_masks["basilica"]:
            if not m & blocked:
                free_triangle = True
                break
        best["basilica"] = 7.0 if free_triangle else FALLBACK_POINTS["basilica"]
        undeveloped = ~developed
        pal = [
            (a & undeveloped).bit_count() for m, a in info.site_pairs["palazzo"] if not m & blocked
        ]
        best["palazzo"] = float(max(pal)) if pal else FALLBACK_POINTS["palazzo"]
        cam = [(a & developed).bit_count() for m, a in info.site_pairs["campo"] if not m & blocked]
        best["campo"] = float(max(cam)) if cam else FALLBACK_POINTS["campo"]
        pon = [max(casas[d] for d in ds) for m, _, _, ds in info.sites["ponte"] if not m & blocked]
        best["ponte"] = float(max(pon)) if pon else FALLBACK_POINTS["ponte"]
        self.best = best


_STATS: dict[tuple[int, int, int], BoardStats] = {}


def board_stats(state: VeneziaState, info: BoardInfo) -> BoardStats:
    """Cached per board situation (buildings and swamps)."""
    fp = state.fp
    developed = fp.labels_mask(state.building_at)
    blocked = developed | fp.labels_mask(state.swamp)
    key = (id(info), developed, blocked)
    stats = _STATS.get(key)
    if stats is None:
        stats = BoardStats(state, info, (developed, blocked))
        if len(_STATS) > 20_000:
            _STATS.clear()
        _STATS[key] = stats
    return stats


# ---------------------------------------------------------------------------- evaluation
def expected_gold(state: VeneziaState, seat: int) -> float:
    swamp = treasure = 0
    for v in state.tokens[seat]:
        if v >= 3:
            treasure += 1
        else:
            swamp += 1
    return swamp * SWAMP_MEAN + treasure * TREASURE_MEAN


class Evaluator:
    """Scores states from one seat's point of view."""

    def __init__(self, state: VeneziaState, me: int, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.me = me
        self.w = weights
        self.info = board_info(state)
        # own token values known when deciding (a plain dict: copied per valuation)
        self.known: dict[int, int] = dict(Counter(state.tokens[me]))
        self.held = list(state.tokens[me])  # the tokens as held then, in order
        self.held_total = float(sum(self.held))
        self.needed = state.comp.needed

    # -- gold ---------------------------------------------------------------------------
    def gold(self, state: VeneziaState, seat: int) -> float:
        if seat != self.me:
            return expected_gold(state, seat)
        tokens = state.tokens[seat]
        if not tokens:
            return 0.0
        if tokens == self.held:  # every one known: the loop below would add exactly these
            return self.held_total
        left = dict(self.known)
        total = 0.0
        for v in tokens:
            if left.get(v, 0) > 0:
                left[v] -= 1
                total += v
            else:
                total += TREASURE_MEAN if v >= 3 else SWAMP_MEAN
        return total

    # -- potentials -----------------------------------------------------------------------
    def front_value(self, state: VeneziaState, seat: int, best: dict[str, float]) -> float:
        w = self.w
        v = 0.0
        cons = state.cons
        for t in ARCHITECT_TYPES:
            entries = cons[t]
            if not entries:
                continue
            mine = 0
            total = 0
            a = entries[0]  # the architect (V-1.4), as StateBasics.architect finds him
            for e in entries:
                total += e[1]
                if e[0] == seat:
                    mine = e[1]
                if e[1] > a[1] or (e[1] == a[1] and e[2] < a[2]):
                    a = e
            if not mine:
                continue
            filled = total / self.needed[t]
            if a[0] == seat:
                v += best[t] * (w.front_arch[0] + w.front_arch[1] * filled)
            else:
                v += best[t] / 2 * (w.front_part[0] + w.front_part[1] * filled)
        return v

    def hand_value(
        self,
        state: VeneziaState,
        seat: int,
        hand: Mapping[str, int],
        stats: BoardStats,
        terms: dict[tuple[str, int], float] | None = None,
    ) -> float:
        """Cards in hand and in front together: what they may still score for ``seat``.

        A construction the hand can complete is worth the completion (not the completion on
        top of the cards' potential in front), so completing now beats waiting.

        ``terms``: each type's part by its count in hand, remembered across calls on one state
        (a draw decision values many hands on one state; the parts add up in the same order).
        """
        # (the same arithmetic in the same order as ever: a play-out's choices compare these
        # floats; the architect is found inline, as StateBasics.architect finds it)
        w = self.w
        best = stats.best
        v = 0.0
        casa = hand.get("casa", 0)
        if casa > 0:
            term = terms.get(("casa", casa)) if terms is not None else None
            if term is None:
                empty = stats.empty_by_district
                site = False
                for d in self.info.borders[state.pos[seat]]:
                    if empty.get(d, 0):
                        site = True
                        break
                term = casa * (w.hand_casa + (0.25 if site and state.treasure else 0.0))
                if terms is not None:
                    terms[("casa", casa)] = term
            v += term
        cons = state.cons
        needed = self.needed
        for t in ARCHITECT_TYPES:
            h = hand.get(t, 0)
            entries = cons[t]
            if h <= 0 and not entries:
                continue
            if terms is not None:
                term = terms.get((t, h))
                if term is not None:
                    v += term
                    continue
            n = needed[t]
            pts = best[t]
            total = mine = top_other = 0
            for e in entries:
                total += e[1]
                if e[0] == seat:
                    mine = e[1]
                elif e[1] > top_other:
                    top_other = e[1]
            front = 0.0
            arch = False
            if mine:
                a = entries[0]
                for e in entries:
                    if e[1] > a[1] or (e[1] == a[1] and e[2] < a[2]):
                        a = e
                arch = a[0] == seat
                filled = total / n
                if arch:
                    front = pts * (w.front_arch[0] + w.front_arch[1] * filled)
                else:
                    front = pts / 2 * (w.front_part[0] + w.front_part[1] * filled)
            if h <= 0:
                value = front
            elif total > 0:
                need = n - total
                if h >= need:
                    share = pts if arch or mine + need > top_other else pts / 2
                    value = max(front + h * 0.2, w.hand_complete * share + (h - need) * 0.2)
                else:
                    share = pts if arch or mine + h > top_other else pts / 2
                    value = front + h / max(need, 1) * share * 0.5 * w.hand_partial
                if mine == 0 and h >= n:
                    value = max(value, w.hand_solo * pts + (h - n) * 0.2)
            elif h >= n:
                value = w.hand_solo * pts + (h - n) * 0.2
            else:
                value = h / n * pts * w.hand_partial
            if terms is not None:
                terms[(t, h)] = value
            v += value
        size = sum(hand.values())
        limit = state.comp.hand_limit
        if size >= limit:
            v -= w.full_hand
        elif size == 0:
            v -= w.empty_hand  # cannot put a card into the pool to take three
        elif size == limit - 1:
            v -= w.four_cards  # can only draw one
        return v

    def seat_value(self, state: VeneziaState, seat: int, stats: BoardStats) -> float:
        if state.over:
            return float(state.pos[seat])
        gold = self.gold(state, seat) if seat == self.me else expected_gold(state, seat)
        if state.end_triggered:
            return state.pos[seat] + gold // 5
        v = state.pos[seat] + gold / 5
        if seat == self.me:
            hand: dict[str, int] = {}
            for card in state.hands[seat]:
                hand[card] = hand.get(card, 0) + 1
            v += self.hand_value(state, seat, hand, stats)
        else:
            v += self.front_value(state, seat, stats.best)
            v += self.w.hand_card * len(state.hands[seat])
        return v

    def value(self, state: VeneziaState) -> float:
        stats = board_stats(state, self.info)
        me = self.me
        seat_value = self.seat_value
        mine = seat_value(state, me, stats)
        w = self.w
        if state.over or state.end_triggered:
            others = [seat_value(state, s, stats) for s in range(state.n) if s != me]
        else:  # seat_value's own sums for an opponent, without a call per seat
            pos = state.pos
            hands = state.hands
            tokens = state.tokens
            best = stats.best
            front_value = self.front_value
            hand_card = w.hand_card
            others = []
            for s in range(state.n):
                if s == me:
                    continue
                swamp = treasure = 0
                for t in tokens[s]:
                    if t >= 3:
                        treasure += 1
                    else:
                        swamp += 1
                v = pos[s] + (swamp * SWAMP_MEAN + treasure * TREASURE_MEAN) / 5
                v += front_value(state, s, best)
                v += hand_card * len(hands[s])
                others.append(v)
        rel = mine - w.others * (
            w.others_max * max(others) + (1 - w.others_max) * sum(others) / len(others)
        )
        if state.over and self.me in state.ranking()[0]:
            rel += w.win_bonus
        return rel
