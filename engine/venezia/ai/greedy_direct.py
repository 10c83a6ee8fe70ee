"""The ``greedy`` level's direct formulas: placement, ponte districts, draining, drawing and
gold exchanges are scored without copying the state, which keeps a decision within a few
milliseconds. :class:`~engine.venezia.ai.greedy.GreedyPlayer` inherits them.
"""

from __future__ import annotations

from collections import Counter

from engine.venezia.ai.greedy_eval import (
    Evaluator,
    Weights,
    board_info,
    board_stats,
    expected_gold,
)
from engine.venezia.decisions import legal_places
from engine.venezia.gold import best_exchange
from engine.venezia.state import VeneziaState


class DirectScores:
    """Options scored by formula (no copy of the state), with the player's weights."""

    w: Weights
    #: best_place's answers by what they depend on (see best_place)
    place_memo: dict[tuple[object, ...], str]

    # -- placement --------------------------------------------------------------------------
    def place_scores(self, state: VeneziaState, choices: list[str]) -> list[tuple[float, str]]:
        res = state.res
        assert res is not None
        sites = board_info(state).site_by_text[res["type"]]
        values = self.place_values(state, [sites[text] for text in choices])
        return list(zip(values, choices, strict=True))

    def best_place(self, state: VeneziaState) -> str:
        """The placement ``best_of(place_scores(…))`` picks among every legal one (the first of
        the best, in the decision's order), found without the decision's option texts."""
        res = state.res
        assert res is not None
        info = board_info(state)
        stats = board_stats(state, info)  # looked up as place_values looks it up
        t = res["type"]
        participants = res["participants"]
        pos = state.pos
        # everything place_values reads (the statistics object stands for the board)
        key = (
            t,
            res["placer"],
            res["architect"],
            tuple(participants),
            tuple([pos[s] if s != state.imag else -1 for s in participants]),
            state.n,
            len(state.treasure),
            stats,
            stats.blocked,
        )
        memo = self.place_memo
        found = memo.get(key)
        if found is not None:
            return found
        places = legal_places(state)
        sites = info.site_by_fp[t]
        values = self.place_values(state, [sites[fp] for fp in places])
        best_value = values[0]
        best = 0
        for i in range(1, len(values)):
            if values[i] > best_value:
                best_value, best = values[i], i
        found = info.place_text[places[best]]
        if len(memo) > 4096:
            memo.clear()
        memo[key] = found
        return found

    def place_values(
        self, state: VeneziaState, rows: list[tuple[int, int, tuple[str, ...], frozenset[str]]]
    ) -> list[float]:
        """Each site's worth for the placer (``rows``: :attr:`BoardInfo.sites` entries)."""
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
        fixed = {"basilica": 7, "casa": 1}.get(t, 0)
        undeveloped = ~developed
        free = ~blocked
        casas = stats.casas
        for _mask, around, _hexes, districts in rows:
            if t == "palazzo":
                pts = (around & undeveloped).bit_count()
            elif t == "campo":
                pts = (around & developed).bit_count()
            elif t == "ponte":
                pts = max([casas[d] for d in districts])
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
            if t == "casa":
                value -= 0.03 * (around & free).bit_count()
                value += 0.02 * (around & developed).bit_count()
            elif t == "campo":
                value -= 0.01 * (around & free).bit_count()
            out.append(value)
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
        pos = state.pos[seat]
        my_borders = info.borders[pos]
        ahead = info.ahead(pos)
        hand = state.hands[seat]
        front = state.front(seat)
        big = hand.count("palazzo") + hand.count("basilica") + front.get("palazzo", 0) * 2
        big += front.get("basilica", 0) * 2
        big3 = min(big, 3)
        free = ~stats.blocked
        developed = stats.developed
        empty = stats.empty_by_district
        drain_site = info.drain_site
        # a district's part of the worth: bordering the gondola, or a little ahead of it
        near: dict[str, float] = {}
        out = []
        for option in choices:
            if option == "done":
                out.append((-1.0, option))  # a swamp token is worth a gold on average
                continue
            d, neighbors = drain_site[option]
            value = 0.0
            part = near.get(d)
            if part is None:
                if d in my_borders:
                    part = 1.0 / (1 + empty.get(d, 0))
                elif d in ahead:
                    part = 0.3 / (1 + empty.get(d, 0))
                else:
                    part = -1.0
                near[d] = part
            if part >= 0.0:
                value += part
            if big3:  # (else it adds 0.0 to a value that is never -0.0: nothing)
                value += 0.05 * (neighbors & free).bit_count() * big3
            value += 0.01 * (neighbors & developed).bit_count()
            out.append((value, option))
        return out

    # -- draw -------------------------------------------------------------------------------
    def draw_scores(
        self, state: VeneziaState, seat: int, choices: list[str]
    ) -> list[tuple[float, str]]:
        ev = Evaluator(state, seat, self.w)
        stats = board_stats(state, ev.info)
        # hands as plain counts (a Counter's missing keys cost a call each)
        hand: dict[str, int] = {}
        for card in state.hands[seat]:
            hand[card] = hand.get(card, 0) + 1
        unseen = Counter(state.deck)
        for s in range(state.n):
            if s != seat:
                unseen.update(state.hands[s])
        total = sum(unseen.values())

        # a hand's value depends on its counts only: each hand once per decision
        known: dict[tuple[int, ...], float] = {}
        terms: dict[tuple[str, int], float] = {}

        def hv(h: dict[str, int]) -> float:
            g = h.get
            key = (g("basilica", 0), g("palazzo", 0), g("campo", 0), g("ponte", 0), g("casa", 0))
            value = known.get(key)
            if value is None:
                value = known[key] = ev.hand_value(state, seat, h, stats, terms)
            return value

        gains: dict[tuple[int, ...], float] = {}

        def deck_gain(h: dict[str, int]) -> float:
            if total == 0:
                return 0.0
            g = h.get
            key = (g("basilica", 0), g("palazzo", 0), g("campo", 0), g("ponte", 0), g("casa", 0))
            gain = gains.get(key)
            if gain is not None:
                return gain
            base = hv(h)
            gain = 0.0
            for t, k in unseen.items():
                h[t] = h.get(t, 0) + 1
                gain += k / total * (hv(h) - base)
                h[t] -= 1
            gains[key] = gain
            return gain

        def pool_gain(h: dict[str, int], t: str) -> float:
            base = hv(h)
            h[t] = h.get(t, 0) + 1
            g = hv(h) - base
            h[t] -= 1
            return g

        def takes(h: dict[str, int], pool: list[str], banned: str | None, count: int) -> float:
            gained = 0.0
            pool = list(pool)
            for _ in range(count):
                best_t: str | None = None
                best_g = deck_gain(h) if (total or state.discard) else float("-inf")
                for t in dict.fromkeys(pool):  # pool order: no tie broken by string hashing
                    if t == banned:
                        continue
                    g = pool_gain(h, t)
                    if g > best_g + 1e-9:
                        best_g, best_t = g, t
                if best_g == float("-inf"):
                    break
                gained += best_g
                if best_t is not None:
                    h[best_t] = h.get(best_t, 0) + 1
                    pool.remove(best_t)
            return gained

        out = []
        base = hv(hand)
        for option in choices:
            verb, arg = option.split()
            if verb == "draw" and arg == "deck":
                value = deck_gain(dict(hand))
            elif verb == "draw":
                value = pool_gain(dict(hand), arg)
            else:  # swap: one card into the pool, then take three
                h = dict(hand)
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
