"""``canalside ladder``: every AI level of a game against every other, seats rotated, fixed
seeds; prints openskill ratings (mu +- sigma, ordinal = mu - 3 sigma) and the win rates behind
them. ``--playouts K`` runs the search levels on K play-outs per decision (reproducible: the
same command prints the same table), ``--budget S`` on S seconds per decision (as in play)."""

from __future__ import annotations

import argparse
import json
import sys

from bot.devtools.progress import Progress
from bot.devtools.selfplay_cmd import _game, _options
from engine.ai import game_levels
from engine.ai.base import SEARCH_LEVELS
from engine.ai.ladder import LadderResult, run_ladder
from engine.core import IllegalMove
from engine.registry import first_registered, registration, registrations
from engine.selfplay import selfplay_game


def with_budget(levels: list[str], playouts: int | None, budget: float | None) -> list[str]:
    """The search levels with the budget the command names (a level's own ``@`` stays)."""
    out = []
    for level in levels:
        name = level.partition("@")[0]
        if name in SEARCH_LEVELS and "@" not in level:
            if playouts is not None:
                level = f"{name}@{playouts}p"
            elif budget is not None:
                level = f"{name}@{budget:g}"
        out.append(level)
    return out


def seating(result: LadderResult) -> str:
    if result.alone and result.players > 2:
        return "the first of a pair alone against the other, in every seat in turn"
    return "seats swapped every other game"


def table(result: LadderResult) -> list[str]:
    """The ratings (best first) and the win rates behind them, as printed."""
    lines = [
        f"{result.game}: {result.players} players, {result.games_per_pair} games per pair "
        f"({seating(result)}), seed {result.seed}",
        "",
        f"{'level':<16}{'mu':>7}{'sigma':>7}{'ordinal':>9}{'games':>7}{'win rate':>10}",
    ]
    order = sorted(result.levels, key=lambda lv: -result.ratings[lv].ordinal)
    for level in order:
        r = result.ratings[level]
        games = result.games_of(level)
        rate = result.wins_of(level) / games if games else 0.0
        lines.append(
            f"{level:<16}{r.mu:>7.2f}{r.sigma:>7.2f}{r.ordinal:>9.2f}{games:>7}{rate:>10.1%}"
        )
    lines += ["", "row beats column (wins/games):", " " * 16 + "".join(f"{c:>16}" for c in order)]
    for row in order:
        cells = []
        for col in order:
            if row == col:
                cells.append(f"{'-':>16}")
                continue
            wins, games = result.pair(row, col)
            cells.append(f"{f'{wins:g}/{games} {wins / max(games, 1):.0%}':>16}")
        lines.append(f"{row:<16}" + "".join(cells))
    return lines


def timings(result: LadderResult) -> str:
    parts = [f"{lv} {result.p95(lv):.3f}" for lv in result.levels]
    return "seconds per decision (p95): " + ", ".join(parts)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="canalside ladder", description=(__doc__ or "").replace("``", "'")
    )
    parser.add_argument(
        "--game",
        default=first_registered(),
        type=_game,
        help=f"{', '.join(r.name for r in registrations())} (default {first_registered()})",
    )
    parser.add_argument("--levels", help="comma-separated (default: every level of the game)")
    parser.add_argument("--players", type=int, default=None, help="default the game's minimum")
    parser.add_argument("--games", type=int, default=10, help="games per pair of levels")
    parser.add_argument("--seed", type=int, default=1)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--playouts", type=int, help="play-outs per decision of a search level")
    budget.add_argument("--budget", type=float, help="seconds per decision of a search level")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--variant", help="shorthand for --option variant=VALUE")
    parser.add_argument(
        "--alone",
        action="store_true",
        help="with more players: the first level of a pair in one seat (each in turn), "
        "the second in the others",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="games played side by side (the table does not change; on a play-out budget "
        "use up to one a core)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    options = _options(args.option, args.variant)
    try:
        registration(args.game).check_options(options)
    except IllegalMove as exc:
        parser.error(str(exc))
    if args.playouts is not None and args.playouts < 1:
        parser.error("--playouts takes a number of play-outs of 1 or more")
    if args.budget is not None and not args.budget > 0:
        parser.error("--budget takes seconds above 0")
    if args.games < 1:
        parser.error("--games takes 1 or more")
    if args.processes < 1:
        parser.error("--processes takes 1 or more")
    low, high = selfplay_game(args.game).players
    players = args.players if args.players is not None else low
    if not low <= players <= high:
        parser.error(f"{args.game} is for {low} to {high} players, not {players}")
    names = (
        [s.strip() for s in args.levels.split(",") if s.strip()]
        if args.levels
        else list(game_levels(args.game))
    )
    levels = with_budget(names, args.playouts, args.budget)
    total = args.games * len(levels) * (len(levels) - 1) // 2
    bar = Progress(total, sys.stderr, enabled=not args.no_progress)
    try:
        result = run_ladder(
            args.game,
            levels,
            args.games,
            players=players,
            seed=args.seed,
            options=options,
            progress=bar.update,
            alone=args.alone,
            processes=args.processes,
        )
    except ValueError as exc:
        parser.error(str(exc))
    finally:
        bar.close()
    if args.json:
        print(
            json.dumps(
                {
                    "game": result.game,
                    "options": options,
                    "players": players,
                    "alone": args.alone,
                    "games_per_pair": args.games,
                    "seed": args.seed,
                    "ratings": {
                        lv: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal}
                        for lv, r in result.ratings.items()
                    },
                    "pairs": [
                        {"a": p.a, "b": p.b, "games": p.games, "wins_a": p.wins_a}
                        for p in result.pairs
                    ],
                    "decision_s_p95": {lv: result.p95(lv) for lv in result.levels},
                }
            )
        )
        return 0
    chosen = "".join(f", {k}={v}" for k, v in options.items())
    if chosen:
        print(f"options{chosen}")
    print("\n".join(table(result)))
    print()
    print(timings(result))
    return 0
