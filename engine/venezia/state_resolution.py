"""Venezia state, part 4: resolving a completed building (V-1.10) and the game end (V-E).

Placement, treasure, scoring and gondola movement, the discard of the used cards, then the
next pending building or the rest of the turn; the final gold conversion and ranking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import Event
from engine.venezia.state_basics import _build_label
from engine.venezia.state_validation import StateValidation


class StateResolution(StateValidation):
    """Building resolution, movement along the track and the end of the game."""

    __slots__ = ()

    if TYPE_CHECKING:  # defined in a later part; named here so this part may call it

        def _end_action1(self, ev: list[Event]) -> None: ...

        def _end_turn(self, ev: list[Event]) -> None: ...

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
