"""Information Set Monte-Carlo Tree Search (Cowling, Powley & Whitehouse 2012) with common
random numbers at the root: the ``expert`` level's search, shared by every game.

SO-ISMCTS from the deciding seat's point of view: an iteration imagines a world from the seat's
own view (the game's determinization: it never reads hidden information), walks a tree whose
nodes are the seat's own decisions (an edge is a command), and plays the world on with the
game's heuristic play-out to a horizon, valued by the game's evaluation. Only the commands legal
in the iteration's world are available; a child is picked by UCB1 over its *availability* count
(how often it could have been picked), as SO-ISMCTS does. The other seats move by the game's
heuristic policy inside the world, each reading only its own part of it; a simultaneous sealed
choice (Amsterdam's cards) is made without seeing the searching seat's sealed answer, as
MO-ISMCTS keeps the other's move nodes ignorant of it.

The heuristics rank a node's commands when it is first reached: they are its prior (only the
best few are searched, more as the node is visited: progressive widening), and the best-ranked
unvisited command is tried first.

**The root** (:class:`ExpertMixin`): at the small budgets of a decision (a few hundred
iterations) UCB over freshly imagined worlds separates the root's commands worse than a paired
comparison does. So the root's commands (the strong level's candidates) are raced as the strong
level races them (:func:`~engine.ai.racing.race_on_worlds`): every live command is tried on the
*same* imagined worlds with the same random numbers, the clearly worse ones are dropped, the best
mean on the shared worlds wins. Below every root command grows its own SO-ISMCTS tree over the
seat's later decisions (the rest of its turn, its next turn): one iteration of it per world, so
the play-out does not make the seat's own follow-ups by the one-ply heuristics alone.

:func:`ismcts` is the plain SO-ISMCTS (UCB at the root too). The budget is wall-clock seconds
(play) or a fixed number of iterations (reproducible: no clock is read).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

W = TypeVar("W")

#: UCB exploration constant, times the spread of the values seen below the node
EXPLORATION = 0.5
#: seconds past the deadline after which the search stops (keeps the expert's p95 under 2 s)
HARD_MARGIN = 0.3
#: at most this many seconds of the budget are kept back for the last play-out
SLACK_MAX = 0.4
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
    lo: float = math.inf  # the values seen through this node (UCB's scale)
    hi: float = -math.inf
    ranked: list[str] | None = None
    children: dict[str, Node] = field(default_factory=dict)


@dataclass
class SearchResult:
    best: str
    iterations: int
    visits: dict[str, int]
    means: dict[str, float]


def next_own_options(
    game: TreeGame[W], world: W, seat: int, rng: random.Random, max_steps: int
) -> list[str] | None:
    """The other seats play by the policy until the seat decides again: its commands (best
    first), or ``None`` (the game is over, or not after ``max_steps`` decisions of others)."""
    for step in range(max_steps + 1):
        if game.is_over(world):
            return None
        options = game.tree_options(world, seat)
        if options is not None:
            return options
        if step < max_steps:
            game.policy_step(world, rng)
    return None


def pick(node: Node, options: list[str]) -> tuple[str, bool]:
    """The command to try at ``node`` among ``options`` (legal in this world), and whether it
    was never tried: the best-ranked untried one of the widened set, else UCB1 over the
    availability counts."""
    if node.ranked is None:
        node.ranked = options
    legal = set(options)
    width = WIDEN_BASE + int(math.sqrt(node.visits))
    avail = [c for c in node.ranked[:width] if c in legal]
    if not avail:  # this world's commands are none of the ranked ones: its best is
        avail = [options[0]]
        if options[0] not in node.ranked:
            node.ranked.append(options[0])
    for c in avail:
        node.children.setdefault(c, Node()).avail += 1
    fresh = [c for c in avail if node.children[c].visits == 0]
    if fresh:
        return fresh[0], True
    spread = max(node.hi - node.lo, 1e-6)

    def ucb(c: str) -> float:
        child = node.children[c]
        return child.total / child.visits + EXPLORATION * spread * math.sqrt(
            math.log(child.avail) / child.visits
        )

    return max(avail, key=ucb), False


def descend(
    game: TreeGame[W],
    node: Node,
    world: W,
    root: W,
    seat: int,
    options: list[str],
    rng: random.Random,
    *,
    max_depth: int,
    max_steps: int = 40,
) -> float:
    """One SO-ISMCTS iteration from ``node`` (the seat decides in ``world`` among
    ``options``): select and expand down to ``max_depth`` of the seat's decisions, play the
    leaf on (the horizon counted from ``root``), back the value up; the value."""
    path = [node]
    depth = 0
    while True:
        command, fresh = pick(node, options)
        game.apply_own(world, seat, command)
        node = node.children[command]
        path.append(node)
        depth += 1
        if fresh or depth >= max_depth:
            break
        nxt = next_own_options(game, world, seat, rng, max_steps)
        if nxt is None:
            break
        options = nxt
    value = game.leaf_value(world, root, seat, rng)
    for n in path:
        n.visits += 1
        n.total += value
        n.lo, n.hi = min(n.lo, value), max(n.hi, value)
    return value


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
    """Plain SO-ISMCTS from the seat's information set; ``root_options`` (best first) are the
    root's commands. Stops at ``deadline`` (after one iteration per root command), at
    ``hard_deadline`` (after one iteration) or after ``iterations``; the most visited root
    command wins (the better mean on a tie, then the heuristics' order)."""
    root = Node(ranked=list(root_options))
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
        descend(
            game, root, world, start, seat, root_options, rng, max_depth=max_depth,
            max_steps=max_steps,
        )  # fmt: skip
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
    """Turns a strong level (a :class:`~engine.ai.racing.WorldSearchAi`) into the expert: the
    strong level's race over its candidates on shared worlds stays (which decisions are
    searched, exchanges, the candidates, the budget's shares), but a candidate's play-out
    grows that candidate's SO-ISMCTS tree over the seat's later decisions (:func:`descend`)
    instead of letting the heuristics make them. A game's expert class mixes this in before
    its strong class and supplies the :class:`TreeGame` hooks and :meth:`reseed`."""

    level = "expert"
    budget_s: float
    playouts: int | None
    last_stats: dict[str, object]
    #: the seat's own decisions searched per play-out, the root's included (1: flat)
    max_depth: int = 3
    #: the expert's deadline is budget × share (its hard stop is its own margin after it)
    start_within: float = 1.0
    #: decisions of the other seats walked through to reach the seat's next one
    max_steps: int = 40

    def reseed(self, world: W, seed: int) -> None:
        """Give ``world`` the play-out's seed (a game whose state draws with its own RNG sets
        it, as its strong level's play-out does): every candidate meets the same luck."""

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
        self._trees: dict[str, Node] = {c: Node() for c in cands}
        hard = deadline + HARD_MARGIN
        if hard_deadline is not None:
            hard = min(hard, hard_deadline)
        # the clock is read before a play-out: stop when the next one would end past the time
        # (twice a play-out's average seconds, the tail's margin: at most SLACK_MAX)
        slack = min(2.0 * getattr(self, "_playout_s", 0.0), SLACK_MAX)
        deadline, hard = deadline - slack, hard - slack
        outcome = super().search(  # type: ignore[misc]
            view, first, seat, cands, rng, deadline, hard
        )
        self.last_stats["depth"] = max(
            (_depth(t) for t in self._trees.values()), default=0
        )  # fmt: skip
        return outcome

    def playout(self, world: W, seat: int, command: str, seed: int) -> float:
        """``command`` on a copy of ``world`` (seeded with ``seed``), then one iteration of
        the command's tree over the seat's later decisions, valued for ``seat``."""
        start = time.perf_counter()
        try:
            return self._playout(world, seat, command, seed)
        finally:  # a moving average of the play-out's seconds (read by the clock only)
            spent = time.perf_counter() - start
            self._playout_s: float = 0.9 * getattr(self, "_playout_s", spent) + 0.1 * spent

    def _playout(self, world: W, seat: int, command: str, seed: int) -> float:
        game: TreeGame[W] = self  # type: ignore[assignment]
        sim = game.copy(world)
        self.reseed(sim, seed)
        rng = random.Random(seed)
        game.apply_own(sim, seat, command)
        node = self._trees.setdefault(command, Node())
        options = None
        if self.max_depth > 1:
            options = next_own_options(game, sim, seat, rng, self.max_steps)
        if options is None:
            value = game.leaf_value(sim, world, seat, rng)
            node.visits += 1
            node.total += value
            return value
        return descend(
            game, node, sim, world, seat, options, rng, max_depth=self.max_depth - 1,
            max_steps=self.max_steps,
        )  # fmt: skip


def _depth(node: Node) -> int:
    """How deep the tree below ``node`` grew (visited nodes only)."""
    kids = [c for c in node.children.values() if c.visits]
    return 1 + max((_depth(c) for c in kids), default=0) if kids else 0
