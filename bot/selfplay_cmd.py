"""``venezia selfplay``: random (or AI) games to the end with every invariant checked."""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Callable

from engine.selfplay import SELFPLAY_GAMES, Policy, run_selfplay, selfplay_game

GAME_NAMES = {
    "venezia": "venezia",
    "canal_grande": "canal_grande",
    "canal": "canal_grande",
    "canalgrande": "canal_grande",
    "canal-grande": "canal_grande",
}


def _game(text: str) -> str:
    key = text.strip().casefold()
    if key in SELFPLAY_GAMES:
        return key
    if key not in GAME_NAMES:
        raise argparse.ArgumentTypeError(
            f"unknown game {text[:30]!r}; games: {', '.join(SELFPLAY_GAMES)}"
        )
    return GAME_NAMES[key]


def _option(text: str) -> tuple[str, str]:
    """``--option key=value``: a game option passed through to the game unchanged."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"a game option is key=value, not {text[:40]!r}")
    return key.strip(), value.strip()


def _factories(
    spec: str | None, players: int, game: str = "venezia", budget_s: float | None = None
) -> list[Callable[[random.Random], Policy]]:
    if not spec:
        return [selfplay_game(game).random_policy] * players
    from engine.ai import policy_factory  # AI levels are optional for plain self-play

    levels = [s.strip() for s in spec.split(",") if s.strip()]
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise SystemExit(f"--ai names {len(levels)} levels for {players} players")
    try:
        return [policy_factory(level, budget_s, game=game) for level in levels]
    except ValueError as exc:
        raise SystemExit(str(exc)) from None


def _ci95(wins: float, games: int) -> list[float]:
    """Wilson score interval for a win rate."""
    if games == 0:
        return [0.0, 0.0]
    z = 1.96
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return [round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="venezia selfplay", description=__doc__)
    parser.add_argument(
        "--game", default="venezia", type=_game, help=f"one of {', '.join(SELFPLAY_GAMES)}"
    )
    parser.add_argument(
        "--option",
        action="append",
        type=_option,
        default=[],
        metavar="KEY=VALUE",
        help="a game option, e.g. --option variant=gomoku (repeatable)",
    )
    parser.add_argument("--variant", help="shorthand for --option variant=VALUE")
    parser.add_argument(
        "--budget", type=float, default=None, help="seconds per decision of a strong AI"
    )
    parser.add_argument("--players", type=int, default=None, help="default 4 (Canal Grande: 2)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ai", help="levels per seat, e.g. strong,greedy,greedy,greedy")
    parser.add_argument(
        "--checks",
        choices=["all", "end", "none"],
        default="all",
        help="all: invariants + JSON round trip after every move, replay at the end (default)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    args = parser.parse_args(argv)
    low, high = selfplay_game(args.game).players
    players = args.players if args.players is not None else min(4, high)
    if args.ai:
        players = max(players, len([s for s in args.ai.split(",") if s.strip()]))
        if "--players" not in argv and len(args.ai.split(",")) > 1:
            players = len(args.ai.split(","))
    if not low <= players <= high:
        parser.error(f"{args.game} is for {low} to {high} players")
    options = dict(args.option)
    if args.variant:
        options["variant"] = args.variant
    try:  # refuse a bad option before any game is played
        if options:
            selfplay_game(args.game).start([f"P{i + 1}" for i in range(players)], 0, options)
    except ValueError as exc:  # IllegalMove too: an unknown option or value, said by the game
        parser.error(str(exc))
    factories = _factories(args.ai, players, args.game, args.budget)
    show_progress = sys.stderr.isatty() and not args.json

    def progress(done: int) -> None:
        if show_progress:
            width = 30
            filled = width * done // args.games
            bar = "#" * filled + "." * (width - filled)
            print(f"\r[{bar}] {done}/{args.games}", end="", file=sys.stderr, flush=True)

    report = run_selfplay(
        players,
        args.games,
        args.seed,
        factories,
        args.checks,
        progress,
        game=args.game,
        options=options or None,
    )
    if show_progress:
        print(file=sys.stderr)
    summary = report.summary()
    levels = [s.strip() for s in (args.ai or "random").split(",")]
    if len(levels) == 1:
        levels = levels * players
    summary["seats"] = levels
    summary["win_rate"] = [round(w / max(report.games, 1), 3) for w in report.wins_by_seat]
    summary["ci95"] = [_ci95(w, report.games) for w in report.wins_by_seat]
    p95 = []
    for seat in range(players):
        times = sorted(report.decision_ms.get(seat, []))
        p95.append(round(times[int(0.95 * (len(times) - 1))], 3) if times else 0.0)
    summary["decision_ms_p95"] = p95
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"games: {summary['games']} ({players} players, seed {args.seed})")
        print(f"violations: {summary['violations']}")
        print(f"mean turns: {summary['mean_turns']}  mean decisions: {summary['mean_decisions']}")
        print(
            f"engine speed: {summary['games_per_s']} games/s, "
            f"{summary['decisions_per_s']} decisions/s"
        )
        print(
            f"wall time: {summary['wall_seconds']} s ({summary['wall_games_per_s']} games/s "
            f"including {summary['check_seconds']} s of checks)"
        )
        for seat in range(players):
            lo, hi = summary["ci95"][seat]  # type: ignore[index]
            print(
                f"seat {seat + 1} ({levels[seat]}): wins {report.wins_by_seat[seat]:.1f} "
                f"= {summary['win_rate'][seat]:.1%} (95% CI {lo:.1%}–{hi:.1%}), "  # type: ignore[index]
                f"decision p95 {p95[seat]} ms"
            )
    for v in report.violations[:20]:
        print("VIOLATION:", v, file=sys.stderr)
    return 1 if report.violations else 0
