"""The ``greedy`` level: one-ply heuristics on one imagined world.

The AI rebuilds a full state from its own view (:func:`~engine.venezia.determinize.determinize`,
so it never reads hidden information), then scores each option, mostly by applying it to a copy
of that state, letting the completed buildings resolve (every placer places greedily) and
evaluating the result:

    value(seat) = position + gold / 5 + what the cards in hand and in front may still score
                  (a construction the hand can complete counts once, as that completion)
                  − a penalty for an empty hand (no card to put into the pool and take three)
                    or a full one (no draw)

and the option's worth is the seat's value minus a mix of the best and the average opponent's
(an opponent's hand counts by its size). A finished game counts by its result.
Token values the seat cannot know are counted at their expectation (swamp 1, treasure 79/18),
so the imagined values do not bias the choice. Placement, ponte districts, draining and drawing
use direct formulas (no copy), which keeps a decision within a few milliseconds.

:class:`GreedyPlayer` works on a full state and is also the rollout policy of the ``strong``
level (there every seat of the imagined world is played by it).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from engine.ai.base import GameMemory, legal_options, split_options
from engine.core import JSON, Decision
from engine.venezia.cards import ARCHITECT_TYPES
from engine.venezia.determinize import determinize
from engine.venezia.gold import best_exchange
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
        # "place …" text -> (mask, around mask, hexes, districts), per type
        self.site_by_text: dict[str, dict[str, tuple[int, int, tuple[str, ...], frozenset[str]]]]
        self.site_by_text = {
            t: {fp.place_text[row[2]]: row for row in rows} for t, rows in self.sites.items()
        }


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

    def __init__(self, state: VeneziaState, info: BoardInfo) -> None:
        bit = info.bit
        developed = 0
        for label in state.building_at:
            developed |= bit[label]
        blocked = developed
        for label in state.swamp:
            blocked |= bit[label]
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
        free_triangle = any(not m & blocked for m, _, _, _ in info.sites["basilica"])
        best["basilica"] = 7.0 if free_triangle else FALLBACK_POINTS["basilica"]
        pal = [
            (a & ~developed).bit_count() for m, a, _, _ in info.sites["palazzo"] if not m & blocked
        ]
        best["palazzo"] = float(max(pal)) if pal else FALLBACK_POINTS["palazzo"]
        cam = [(a & developed).bit_count() for m, a, _, _ in info.sites["campo"] if not m & blocked]
        best["campo"] = float(max(cam)) if cam else FALLBACK_POINTS["campo"]
        pon = [max(casas[d] for d in ds) for m, _, _, ds in info.sites["ponte"] if not m & blocked]
        best["ponte"] = float(max(pon)) if pon else FALLBACK_POINTS["ponte"]
        self.best = best


_STATS: dict[tuple[int, int, int], BoardStats] = {}


def board_stats(state: VeneziaState, info: BoardInfo) -> BoardStats:
    """Cached per board situation (buildings and swamps)."""
    bit = info.bit
    developed = 0
    for label in state.building_at:
        developed |= bit[label]
    blocked = developed
    for label in state.swamp:
        blocked |= bit[label]
    key = (id(info), developed, blocked)
    stats = _STATS.get(key)
    if stats is None:
        stats = BoardStats(state, info)
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
        self.known = Counter(state.tokens[me])  # own token values known when deciding
        self.needed = state.comp.needed

    # -- gold ---------------------------------------------------------------------------
    def gold(self, state: VeneziaState, seat: int) -> float:
        if seat != self.me:
            return expected_gold(state, seat)
        left = Counter(self.known)
        total = 0.0
        for v in state.tokens[seat]:
            if left[v] > 0:
                left[v] -= 1
                total += v
            else:
                total += TREASURE_MEAN if v >= 3 else SWAMP_MEAN
        return total

    # -- potentials -----------------------------------------------------------------------
    def front_value(self, state: VeneziaState, seat: int, best: dict[str, float]) -> float:
        w = self.w
        v = 0.0
        for t in ARCHITECT_TYPES:
            entries = state.cons[t]
            if not entries:
                continue
            mine = 0
            total = 0
            for e in entries:
                total += e[1]
                if e[0] == seat:
                    mine = e[1]
            if not mine:
                continue
            filled = total / self.needed[t]
            if state.architect(t) == seat:
                v += best[t] * (w.front_arch[0] + w.front_arch[1] * filled)
            else:
                v += best[t] / 2 * (w.front_part[0] + w.front_part[1] * filled)
        return v

    def hand_value(
        self, state: VeneziaState, seat: int, hand: dict[str, int], stats: BoardStats
    ) -> float:
        """Cards in hand and in front together: what they may still score for ``seat``.

        A construction the hand can complete is worth the completion (not the completion on
        top of the cards' potential in front), so completing now beats waiting.
        """
        w = self.w
        best = stats.best
        v = 0.0
        borders = self.info.borders[state.pos[seat]]
        casa = hand.get("casa", 0)
        if casa > 0:
            site = any(stats.empty_by_district.get(d, 0) for d in borders)
            v += casa * (w.hand_casa + (0.25 if site and state.treasure else 0.0))
        for t in ARCHITECT_TYPES:
            h = hand.get(t, 0)
            entries = state.cons[t]
            if h <= 0 and not entries:
                continue
            n = self.needed[t]
            pts = best[t]
            total = mine = top_other = 0
            for e in entries:
                total += e[1]
                if e[0] == seat:
                    mine = e[1]
                elif e[1] > top_other:
                    top_other = e[1]
            arch = mine > 0 and state.architect(t) == seat
            front = 0.0
            if mine:
                filled = total / n
                if arch:
                    front = pts * (w.front_arch[0] + w.front_arch[1] * filled)
                else:
                    front = pts / 2 * (w.front_part[0] + w.front_part[1] * filled)
            if h <= 0:
                v += front
                continue
            if total > 0:
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
            v += value
        size = sum(hand.values())
        if size >= state.comp.hand_limit:
            v -= w.full_hand
        elif size == 0:
            v -= w.empty_hand  # cannot put a card into the pool to take three
        elif size == state.comp.hand_limit - 1:
            v -= w.four_cards  # can only draw one
        return v

    def seat_value(self, state: VeneziaState, seat: int, stats: BoardStats) -> float:
        if state.over:
            return float(state.pos[seat])
        gold = self.gold(state, seat)
        if state.end_triggered:
            return state.pos[seat] + gold // 5
        v = state.pos[seat] + gold / 5
        if seat == self.me:
            v += self.hand_value(state, seat, Counter(state.hands[seat]), stats)
        else:
            v += self.front_value(state, seat, stats.best)
            v += self.w.hand_card * len(state.hands[seat])
        return v

    def value(self, state: VeneziaState) -> float:
        stats = board_stats(state, self.info)
        mine = self.seat_value(state, self.me, stats)
        others = [self.seat_value(state, s, stats) for s in range(state.n) if s != self.me]
        w = self.w
        rel = mine - w.others * (
            w.others_max * max(others) + (1 - w.others_max) * sum(others) / len(others)
        )
        if state.over and self.me in state.ranking()[0]:
            rel += w.win_bonus
        return rel


# ---------------------------------------------------------------------------- the player
def best_of(scored: list[tuple[float, str]]) -> str:
    """The first option with the highest score."""
    best_value, best = scored[0]
    for value, option in scored[1:]:
        if value > best_value:
            best_value, best = value, option
    return best


def no_stall(state: VeneziaState, seat: int, choices: list[str]) -> list[str]:
    """With no swamp left (no drain) and no draw possible (a full hand, or no card anywhere to
    draw), playing nothing changes nothing: players passing like that could pass forever, so
    then some card must be played."""
    if state.phase != "play" or state.swamp or "play" not in choices:
        return choices
    hand_full = len(state.hands[seat]) >= state.comp.hand_limit
    if hand_full or not (state.deck or state.discard or state.pool):
        rest = [c for c in choices if c not in ("play", "flip")]
        if rest:
            return rest
    return choices


def pick(scored: list[tuple[float, str]], rng: random.Random) -> str:
    """The option with the highest score; ties broken at random."""
    top = max(v for v, _ in scored)
    best = [o for v, o in scored if v >= top - 1e-9]
    return best[0] if len(best) == 1 else rng.choice(best)


class GreedyPlayer:
    """Greedy decisions on a full state (a determinized one, or an imagined world in search)."""

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.w = weights

    # -- entry point -----------------------------------------------------------------------
    def decide(
        self,
        state: VeneziaState,
        seat: int,
        rng: random.Random,
        options: list[str] | None = None,
    ) -> str:
        d = state.pending()
        assert d is not None
        if options is None:
            options = state.legal_commands(seat)
        choices, exchanges = split_options(options)
        if exchanges and seat == state.active:
            ex = self.exchange_choice(state, seat, exchanges)
            if ex is not None:
                return ex
        if not choices:
            return exchanges[0]
        choices = no_stall(state, seat, choices)
        if len(choices) == 1:
            return choices[0]
        return pick(self.scores(state, seat, choices, d.kind), rng)

    def scores(
        self, state: VeneziaState, seat: int, choices: list[str], kind: str
    ) -> list[tuple[float, str]]:
        """Every choice with its heuristic worth for ``seat`` (higher is better)."""
        if kind == "place":
            return self.place_scores(state, choices)
        if kind == "district":
            return self.district_scores(state, choices)
        if kind == "drain":
            return self.drain_scores(state, seat, choices)
        if kind in ("draw", "take"):
            return self.draw_scores(state, seat, choices)
        if kind == "exchange_window":
            return [(1.0 if c == "done" else 0.0, c) for c in choices]
        # play, build, discard, flip_end: try each option on a copy
        return self.simulation_scores(state, seat, choices)

    # -- simulation of action 1 -------------------------------------------------------------
    def resolve(self, state: VeneziaState, limit: int = 60) -> None:
        """Let the pending buildings resolve, every placer placing greedily."""
        active = state.active
        for _ in range(limit):
            if state.over or state.phase not in RESOLUTION_PHASES or state.active != active:
                return
            d = state.pending()
            assert d is not None
            kind = d.kind
            if kind == "place":
                cmd = best_of(self.place_scores(state, list(d.options)))
            elif kind == "district":
                cmd = best_of(self.district_scores(state, list(d.options)))
            elif kind == "exchange_window":
                cmd = "done"
            elif kind == "discard":
                cmd = self.cheapest_discard(state, d.seat, list(d.options))
            else:
                cmd = d.options[0]
            state.apply(d.seat, cmd)

    def simulation_scores(
        self, state: VeneziaState, seat: int, choices: list[str]
    ) -> list[tuple[float, str]]:
        ev = Evaluator(state, seat, self.w)
        out = []
        for option in choices:
            if option == "flip":
                value = self.flip_value(state, seat, ev)
            else:
                sim = state.clone()
                sim.apply(seat, option)
                self.resolve(sim)
                value = ev.value(sim)
            out.append((value, option))
        return out

    def flip_value(self, state: VeneziaState, seat: int, ev: Evaluator) -> float:
        """Expected value of flipping, over the card types the flip could reveal."""
        unseen = Counter(state.deck)
        for s in range(state.n):
            if s != seat:
                unseen.update(state.hands[s])
        if not state.deck:
            unseen = Counter(state.discard)
        total = sum(unseen.values())
        if total == 0:
            return float("-inf")
        value = 0.0
        for t, k in unseen.items():
            sim = state.clone()
            if sim.deck and t in sim.deck:  # that type on top of the deck
                i = sim.deck.index(t)
                sim.deck[i], sim.deck[-1] = sim.deck[-1], sim.deck[i]
            elif sim.deck:
                sim.deck[-1] = t
            sim.apply(seat, "flip")
            self.resolve(sim)
            if sim.phase == "play" and sim.active == seat and not sim.over:
                # flipped before action 1: the play decision still comes; judge its best
                sim.apply(seat, self._quick_play(sim, seat, ev))
                self.resolve(sim)
            value += k / total * ev.value(sim)
        return value

    def _quick_play(self, state: VeneziaState, seat: int, ev: Evaluator) -> str:
        best_value = float("-inf")
        best = "play"
        d = state.pending()
        assert d is not None
        for option in d.options:
            if option == "flip":
                continue
            sim = state.clone()
            sim.apply(seat, option)
            self.resolve(sim)
            value = ev.value(sim)
            if value > best_value:
                best_value, best = value, option
        return best

    def cheapest_discard(self, state: VeneziaState, seat: int, choices: list[str]) -> str:
        ev = Evaluator(state, seat, self.w)
        best_value = float("-inf")
        best = choices[0]
        for option in choices:
            sim = state.clone()
            sim.apply(seat, option)
            value = ev.value(sim) if sim.phase != "discard" else float("-inf")
            if value > best_value:
                best_value, best = value, option
        return best

    # -- placement --------------------------------------------------------------------------
    def place_scores(self, state: VeneziaState, choices: list[str]) -> list[tuple[float, str]]:
        res = state.res
        assert res is not None
        info = board_info(state)
        t = res["type"]
        placer = res["placer"]
        arch = res["architect"]
        participants = [s for s in res["participants"] if s != state.imag]
        stats = board_stats(state, info)
        developed = stats.developed
        blocked = stats.blocked
        w = self.w
        treasure_left = len(state.treasure)
        against = -w.others / max(1, state.n - 1) * w.place_others
        # (architect?, weight of the participant's gain for the placer, his gondola's borders)
        people = [
            (s == arch, 1.0 if s == placer else against, info.borders[state.pos[s]])
            for s in participants
        ]
        treasure = w.treasure
        out = []
        sites = info.site_by_text[t]
        fixed = {"basilica": 7, "casa": 1}.get(t, 0)
        for text in choices:
            _, around, _, districts = sites[text]
            if t == "palazzo":
                pts = (around & ~developed).bit_count()
            elif t == "campo":
                pts = (around & developed).bit_count()
            elif t == "ponte":
                pts = max(stats.casas[d] for d in districts)
            else:
                pts = fixed
            value = 0.0
            left = treasure_left
            for is_arch, weight, near in people:
                gain = float(pts if is_arch else pts // 2)
                if left > 0 and not districts.isdisjoint(near):
                    gain += treasure
                    left -= 1
                value += gain * weight
            # keep large empty areas for palazzi and basiliche; casas beside buildings
            empties = (around & ~blocked).bit_count()
            if t == "casa":
                value -= 0.03 * empties
                value += 0.02 * (around & developed).bit_count()
            elif t == "campo":
                value -= 0.01 * empties
            out.append((value, text))
        return out

    def district_scores(self, state: VeneziaState, choices: list[str]) -> list[tuple[float, str]]:
        stats = board_stats(state, board_info(state))
        return [(float(stats.casas.get(c.split()[-1], 0)), c) for c in choices]

    # -- drain ------------------------------------------------------------------------------
    def drain_scores(
        self, state: VeneziaState, seat: int, choices: list[str]
    ) -> list[tuple[float, str]]:
        info = board_info(state)
        stats = board_stats(state, info)
        blocked = stats.blocked
        my_borders = info.borders[state.pos[seat]]
        ahead: set[str] = set()
        for space in range(state.pos[seat] + 1, min(state.pos[seat] + 8, len(info.borders))):
            ahead.update(info.borders[space])
        hand = Counter(state.hands[seat])
        front = state.front(seat)
        big = hand.get("palazzo", 0) + hand.get("basilica", 0) + front.get("palazzo", 0) * 2
        big += front.get("basilica", 0) * 2
        out = []
        for option in choices:
            if option == "done":
                out.append((-1.0, option))  # a swamp token is worth a gold on average
                continue
            label = option[6:]
            d = info.district_of[label]
            value = 0.0
            if d in my_borders:
                value += 1.0 / (1 + stats.empty_by_district.get(d, 0))
            elif d in ahead:
                value += 0.3 / (1 + stats.empty_by_district.get(d, 0))
            free_nb = (info.neighbor_mask[label] & ~blocked).bit_count()
            value += 0.05 * free_nb * min(big, 3)
            value += 0.01 * (info.neighbor_mask[label] & stats.developed).bit_count()
            out.append((value, option))
        return out

    # -- draw -------------------------------------------------------------------------------
    def draw_scores(
        self, state: VeneziaState, seat: int, choices: list[str]
    ) -> list[tuple[float, str]]:
        ev = Evaluator(state, seat, self.w)
        stats = board_stats(state, ev.info)
        hand = Counter(state.hands[seat])
        unseen = Counter(state.deck)
        for s in range(state.n):
            if s != seat:
                unseen.update(state.hands[s])
        total = sum(unseen.values())

        def hv(h: Counter[str]) -> float:
            return ev.hand_value(state, seat, h, stats)

        def deck_gain(h: Counter[str]) -> float:
            if total == 0:
                return 0.0
            base = hv(h)
            gain = 0.0
            for t, k in unseen.items():
                h[t] += 1
                gain += k / total * (hv(h) - base)
                h[t] -= 1
            return gain

        def pool_gain(h: Counter[str], t: str) -> float:
            base = hv(h)
            h[t] += 1
            g = hv(h) - base
            h[t] -= 1
            return g

        def takes(h: Counter[str], pool: list[str], banned: str | None, count: int) -> float:
            gained = 0.0
            pool = list(pool)
            for _ in range(count):
                best_t: str | None = None
                best_g = deck_gain(h) if (total or state.discard) else float("-inf")
                for t in set(pool):
                    if t == banned:
                        continue
                    g = pool_gain(h, t)
                    if g > best_g + 1e-9:
                        best_g, best_t = g, t
                if best_g == float("-inf"):
                    break
                gained += best_g
                if best_t is not None:
                    h[best_t] += 1
                    pool.remove(best_t)
            return gained

        out = []
        base = hv(hand)
        for option in choices:
            verb, arg = option.split()
            if verb == "draw" and arg == "deck":
                value = deck_gain(Counter(hand))
            elif verb == "draw":
                value = pool_gain(Counter(hand), arg)
            else:  # swap: one card into the pool, then take three
                h = Counter(hand)
                h[arg] -= 1
                value = hv(h) - base + takes(h, [*state.pool, arg], arg, 3) - self.w.swap_gift
            if state.phase == "take" and verb == "draw" and arg == "deck":
                value += 0.01  # equal worth: keep the pool for later
            out.append((value, option))
        return out

    # -- gold -------------------------------------------------------------------------------
    def exchange_choice(self, state: VeneziaState, seat: int, exchanges: list[str]) -> str | None:
        """Exchange only to end the game while surely ahead (gold converts at the end anyway)."""
        if state.end_triggered or state.phase in ("place", "district"):
            return None
        gold = state.gold(seat)
        steps = gold // 5
        if steps < 1:
            return None
        target = state.comp.track_end
        if state.destination(seat, steps) < target:
            return None
        # the smallest exchange that reaches the end
        for k in range(1, steps + 1):
            if state.destination(seat, k) >= target:
                break
        values = best_exchange(state.tokens[seat], k)
        if values is None:
            return None
        rest = gold - sum(values)
        mine = state.destination(seat, k) + rest // 5
        for s in range(state.n):
            if s != seat and state.pos[s] + expected_gold(state, s) / 5 + 1.5 >= mine:
                return None
        return "exchange " + " ".join(str(v) for v in values)


# ---------------------------------------------------------------------------- the AI seat
class GreedyAi:
    """The ``greedy`` AI level: one imagined world, one-ply heuristics."""

    level = "greedy"

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.player = GreedyPlayer(weights)
        self.memory = GameMemory()

    def choose(self, view: JSON, decision: Decision, rng: random.Random) -> str:
        options = legal_options(view, decision)
        self.memory.observe(view)
        choices, exchanges = split_options(options)
        if len(choices) == 1 and not exchanges:
            return choices[0]
        state = determinize(view, rng, self.memory.spent)
        command = self.player.decide(state, decision.seat, rng, options)
        if command not in options:  # defensive: never answer something illegal
            command = choices[0] if choices else options[0]
        self.memory.record(command)
        return command


__all__ = ["DEFAULT_WEIGHTS", "Evaluator", "GreedyAi", "GreedyPlayer", "Weights"]
