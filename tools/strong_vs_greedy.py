"""Search levels against greedy, side by side: every level plays the same seeds against greedy.

Two players: games ``2k`` and ``2k+1`` share a seed with the seats swapped. More players: one
searching seat against greedy in all the others, the searching seat moving round the table
(seat ``g mod players`` in game ``g``). A level wins a game when it alone is first (a shared
first place counts a half). Play-out budgets (``strong@60p``) read no clock, so the games are
the same on every machine; a second budget (``strong``, ``strong@0.3``) plays as in play and
gives the seconds per decision (p95)::

    uv run python tools/strong_vs_greedy.py --game canal_grande --games 40 \\
        --levels strong@600p,strong@600p

It prints one JSON line per level: wins, games, win rate and p95 seconds per decision.
"""  # not for players

from __future__ import annotations

import argparse
import json
import random

from engine.ai import policy_factory
from engine.selfplay import SelfplayGame, SelfplayReport, play_one, selfplay_game


def play(
    kind: SelfplayGame, level: str, players: int, seed: int, g: int
) -> tuple[float, list[float]]:
    """Game ``g`` of ``level`` against greedy on ``seed``: its score (1, a half for a shared
    first place, 0) and its seconds per decision."""
    search = policy_factory(level, game=kind.name)
    greedy = policy_factory("greedy", game=kind.name)
    mine = g % players
    factories = [search if s == mine else greedy for s in range(players)]
    policies = [f(random.Random(seed * 31 + s)) for s, f in enumerate(factories)]
    report = SelfplayReport(players=players, wins_by_seat=[0.0] * players)
    state = play_one(players, seed, policies, report, checks="none", game=kind)
    first = state.ranking()[0]
    score = 1.0 / len(first) if mine in first else 0.0
    return score, [t / 1000 for t in report.decision_ms.get(mine, [])]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--game", default="venezia")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--variant", default=None)
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--seed", type=int, default=28)
    p.add_argument("--levels", required=True, help="comma-separated, e.g. strong@60p,strong@20p")
    p.add_argument("--progress", action="store_true", help="a JSON line after every game")
    a = p.parse_args()
    opts = {"variant": a.variant} if a.variant else {}
    kind = selfplay_game(a.game, opts)
    rng = random.Random(a.seed)
    per_seed = 2 if a.players == 2 else 1
    seeds = [rng.getrandbits(48) for _ in range((a.games + per_seed - 1) // per_seed)]
    levels = a.levels.split(",")
    wins = dict.fromkeys(levels, 0.0)
    times: dict[str, list[float]] = {level: [] for level in levels}
    for g in range(a.games):
        for level in levels:  # side by side: the levels take turns on the same seeds
            score, seconds = play(kind, level, a.players, seeds[g // per_seed], g)
            wins[level] += score
            times[level].extend(seconds)
            if a.progress:
                print(json.dumps({"game": g, "level": level, "score": score}), flush=True)
    for level in levels:
        t = sorted(times[level])
        row = {
            "game": kind.name,
            "players": a.players,
            "level": level,
            "wins": wins[level],
            "games": a.games,
            "win_rate": round(wins[level] / a.games, 3),
            "p95_s": round(t[int(0.95 * (len(t) - 1))], 3) if t else 0.0,
            "decisions": len(t),
        }
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
