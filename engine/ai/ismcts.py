"""Information Set Monte-Carlo Tree Search (Cowling, Powley & Whitehouse 2012): the ``expert``
level's search, shared by every game.

SO-ISMCTS from the deciding seat's point of view: every iteration imagines a new world from the
seat's own view (the game's determinization: it never reads hidden information), walks one tree
whose nodes are the seat's own decisions (an edge is a command), and plays the world on with the
game's heuristic play-out to a horizon, valued by the game's evaluation. Only the commands legal
in the iteration's world are available; a child is picked by UCB1 over its *availability* count
(how often it could have been picked), as SO-ISMCTS does. The other seats move by the game's
heuristic policy inside the world, each reading only its own part of it; a simultaneous sealed
choice (Amsterdam's cards) is made without seeing the searching seat's sealed answer, as
MO-ISMCTS keeps the other's move nodes ignorant of it.

The heuristics rank a node's commands when it is first reached: they are its prior (only the
best few are searched, more as the node is visited: progressive widening), and the best-ranked
unvisited command is tried first. At the root the candidates are the game's strong level's.

A game supplies the hooks of :class:`TreeGame`. The budget is wall-clock seconds (play) or a
fixed number of iterations (reproducible: no clock is read).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar, cast

W = TypeVar("W")

#: UCB exploration constant, times the spread of the values seen so far
EXPLORATION = 0.7
#: seconds past the deadline after which the search stops even before every root command
#: was tried once (keeps the expert's p95 under 2 s)
HARD_MARGIN = 0.3
#: searched commands of a node: ``WIDEN_BASE + sqrt(visits)``, at most the ranked ones
WIDEN_BASE = 2


class TreeGame(Protocol[W]):
    """What the search needs of a game (its strong level's parts)."""

    def tree_options(self, world: W, seat: int) -> list[str] | None:
        """The seat's commands, best first by the heuristics, when ``world`` waits for the
        seat's decision; ``None`` when another seat (or nobody: the game is over) decides."""

    def policy_step(self, world: W, rng: random.Random) -> None:
        """One decision of another seat, made by the heuristic policy, applied to ``world``."""

    def apply_own(self, world: W, seat: int, command: str) -> None:
        """The seat's ``command`` applied to ``world``."""

    def leaf_value(self, world: W, root: W, seat: int, rng: random.Random) -> float:
        """``world`` played on by the policy to the horizon (counted from ``root``), valued
        for ``seat``."""

    def is_over(self, world: W) -> bool: ...

    def copy(self, world: W) -> W: ...


@dataclass
class Node:
    visits: int = 0
    total: float = 0.0
    avail: int = 0
    ranked: list[str] | None = None
    children: dict[str, Node] = field(default_factory=dict)


@dataclass
class SearchResult:
    best: str
    iterations: int
    visits: dict[str, int]
    means: dict[str, float]


def ismcts(
    game: TreeGame[W],
    imagine: Callable[[], W],
    seat: int,
    root_options: list[str],
    rng: random.Random,
    *,
    deadline: float = math.inf,
    hard_deadline: float = math.inf,
    iterations: int | None = None,
    max_depth: int = 3,
    max_steps: int = 40,
) -> SearchResult:
    """Search from the seat's information set; ``root_options`` (best first) are the root's
    commands. Stops at ``deadline`` (after one iteration per root command), at
    ``hard_deadline`` (after one iteration) or after ``iterations``; the most visited root
    command wins (the better mean on a tie, then the heuristics' order)."""
    root = Node(ranked=list(root_options))
    lo, hi = math.inf, -math.inf
    done = 0
    clock = time.perf_counter
    while True:
        if iterations is not None:
            if done >= max(iterations, len(root_options)):
                break
        elif done and (
            clock() > hard_deadline or (done >= len(root_options) and clock() > deadline)
        ):
            break
        world = imagine()
        start = game.copy(world)
        node = root
        path = [node]
        depth = 0
        options: list[str] | None = root_options
        while True:
            assert options is not None
            if node.ranked is None:
                node.ranked = options
            legal = set(options)
            width = WIDEN_BASE + int(math.sqrt(node.visits))
            avail = [c for c in node.ranked[:width] if c in legal] or [options[0]]
            for c in avail:
                node.children.setdefault(c, Node()).avail += 1
            fresh = [c for c in avail if node.children[c].visits == 0]
            if fresh:
                command = fresh[0]
            else:
                spread = max(hi - lo, 1e-6)
                command = max(
                    avail,
                    key=lambda c: (
                        node.children[c].total / node.children[c].visits
                        + EXPLORATION
                        * spread
                        * math.sqrt(math.log(node.children[c].avail) / node.children[c].visits)
                    ),
                )
            game.apply_own(world, seat, command)
            node = node.children[command]
            path.append(node)
            depth += 1
            if fresh or depth >= max_depth:
                break
            options = None
            for _ in range(max_steps):
                if game.is_over(world):
                    break
                options = game.tree_options(world, seat)
                if options is not None:
                    break
                game.policy_step(world, rng)
            if options is None:
                break
        value = game.leaf_value(world, start, seat, rng)
        lo, hi = min(lo, value), max(hi, value)
        for n in path:
            n.visits += 1
            n.total += value
        done += 1
    visits = {c: n.visits for c, n in root.children.items()}
    means = {c: n.total / n.visits for c, n in root.children.items() if n.visits}
    order = {c: i for i, c in enumerate(root_options)}
    best = max(
        (c for c in root_options if c in means),
        key=lambda c: (visits[c], means[c], -order[c]),
        default=root_options[0],
    )
    return SearchResult(best, done, visits, means)


class ExpertMixin(Generic[W]):
    """Turns a strong level (a :class:`~engine.ai.racing.WorldSearchAi`) into the expert:
    its ``search`` (the race over candidates) is replaced by :func:`ismcts` over the same
    candidates; everything around it (which decisions are searched, exchanges, the root
    candidates) stays the strong level's. A game's expert class mixes this in before its
    strong class and supplies the :class:`TreeGame` hooks."""

    level = "expert"
    budget_s: float
    playouts: int | None
    share: float
    last_stats: dict[str, object]
    max_depth: int = 3
    #: the expert's deadline is budget × share (its hard stop is its own margin after it)
    start_within: float = 1.0

    def search(  # type: ignore[no-untyped-def]
        self,
        view,
        first,
        seat: int,
        cands: list[str],
        rng: random.Random,
        deadline: float,
        hard_deadline: float | None = None,
    ):
        from engine.ai.racing import RaceOutcome

        worlds: list[W] = [self.copy(first)]  # type: ignore[attr-defined]

        def imagine() -> W:
            if worlds:
                return worlds.pop()
            return cast(W, self.imagine(view, rng))  # type: ignore[attr-defined]

        iterations = None
        hard = deadline + HARD_MARGIN
        if self.playouts is not None:
            iterations = max(len(cands), round(self.playouts * self.share))
            deadline = math.inf
        result = ismcts(
            self,  # type: ignore[arg-type]
            imagine,
            seat,
            cands,
            rng,
            deadline=deadline,
            hard_deadline=hard,
            iterations=iterations,
            max_depth=self.max_depth,
        )
        self.last_stats = {
            "iterations": result.iterations,
            "rollouts": result.iterations,
            "visits": result.visits,
            "means": result.means,
        }
        results = {c: [m] for c, m in result.means.items()}
        return RaceOutcome(result.best, results, self.last_stats)
