"""``canalside selfplay``: random (or AI) games to the end with every invariant checked."""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Callable

from bot.devtools.progress import Progress
from engine.core import IllegalMove
from engine.registry import Policy, first_registered, registration, registrations
from engine.selfplay import run_selfplay, selfplay_game


def _game(text: str) -> str:
    """A registered game's name (aliases work); argparse's error lists the games."""
    try:
        return registration(text).name
    except IllegalMove as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def _factories(
    spec: str | None, players: int, game: str
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
        return [policy_factory(level, game=game) for level in levels]
    except ValueError as exc:
        raise SystemExit(str(exc)) from None


def _options(pairs: list[str], variant: str | None) -> dict[str, str]:
    """``--option key=value`` pairs (and ``--variant v``) as the game's option texts."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise SystemExit(f"--option takes KEY=VALUE, not {pair!r}")
        out[key.strip()] = value.strip()
    if variant is not None:
        out["variant"] = variant
    return out


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
    parser = argparse.ArgumentParser(
        prog="canalside selfplay", description=(__doc__ or "").replace("``", "'")
    )
    parser.add_argument(
        "--game",
        default=first_registered(),
        type=_game,
        help=f"{', '.join(r.name for r in registrations())} (default {first_registered()})",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        help="default 4, or the game's maximum if it is lower",
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ai", help="levels per seat, e.g. strong,greedy,greedy,greedy")
    parser.add_argument(
        "--checks",
        choices=["all", "end", "none"],
        default="all",
        help="all: invariants + JSON round trip after every move, replay at the end (default)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option passed to every new game (repeatable), e.g. --option variant=base",
    )
    parser.add_argument("--variant", help="shorthand for --option variant=VALUE")
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    parser.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress bar (shown on stderr when it is a terminal, also with --json)",
    )
    args = parser.parse_args(argv)
    options = _options(args.option, args.variant)
    try:
        registration(args.game).check_options(options)
    except IllegalMove as exc:
        parser.error(str(exc))
    low, high = selfplay_game(args.game).players
    players = args.players if args.players is not None else min(4, high)
    if args.ai:
        players = max(players, len([s for s in args.ai.split(",") if s.strip()]))
        if "--players" not in argv and len(args.ai.split(",")) > 1:
            players = len(args.ai.split(","))
    if not low <= players <= high:
        wanted = f"exactly {low}" if low == high else f"{low} to {high}"
        parser.error(f"{args.game} is for {wanted} players, not {players}")
    factories = _factories(args.ai, players, args.game)
    # on a terminal the games' progress is shown on stderr, also with --json (stdout keeps
    # its one JSON line): a strong AI's games run for minutes
    bar = Progress(args.games, sys.stderr, enabled=not args.no_progress)
    try:
        report = run_selfplay(
            players,
            args.games,
            args.seed,
            factories,
            args.checks,
            bar.update,
            game=args.game,
            options=options,
        )
    finally:
        bar.close()
    summary = report.summary()
    levels = [s.strip() for s in (args.ai or "random").split(",")]
    if len(levels) == 1:
        levels = levels * players
    summary["seats"] = levels
    summary["options"] = options
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
        chosen = "".join(f", {k}={v}" for k, v in options.items())
        print(f"games: {summary['games']} ({players} players, seed {args.seed}{chosen})")
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
