"""The ``venezia`` console script: one entry point, one module per subcommand.

Each subcommand lives in its own module exposing ``main(argv) -> int`` with its own argparse, so
the modules stay small and are imported only when used (``venezia play`` never loads discord.py).
"""

from __future__ import annotations

import importlib
import sys

COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("bot.terminal.play", "play at a table in the terminal (you plus AI seats)"),
    "selfplay": (
        "bot.devtools.selfplay_cmd",
        "play many games automatically and check every invariant",
    ),
    "scenario": ("bot.devtools.scenario_cmd", "run rule scenario files (TOML)"),
    "bot": ("bot.discord.app", "run the Discord bot (needs DISCORD_TOKEN)"),
    "sync": ("bot.discord.sync", "register the slash commands with Discord (global or one guild)"),
    "export": ("bot.archive.export", "write a finished game as a portable JSON file"),
    "import": ("bot.archive.importing", "store a portable game file (checked by replay)"),
    "replay": ("bot.archive.replay", "draw a game file's animated replay and final board"),
    "ratings": (
        "bot.devtools.ratings_cmd",
        "rebuild or show the ratings; a server's stats setting",
    ),
    "soak": (
        "bot.devtools.soak",
        "SIGKILL the table service while it plays; check no move is lost",
    ),
}
BENCHMARKS: dict[str, tuple[str, str]] = {
    "render": ("render.bench", "time state -> PNG for a mid-game board (--game canal_grande)"),
    "turns": (
        "bot.devtools.bench_turns",
        "drive random games through the table service with SQLite",
    ),
    "replay": ("bot.devtools.bench_replay", "bytes and time of a long game's replay per title"),
    "stats": (
        "bot.devtools.bench_stats",
        "/stats and /leaderboard queries over many stored finished games",
    ),
    "discord": (
        "bot.devtools.bench_discord",
        "a game in a simulated Discord channel: figures per turn",
    ),
}


def _usage() -> str:
    lines = ["usage: venezia <command> [options]", "", "commands:"]
    lines += [f"  {name:<10} {text}" for name, (_, text) in COMMANDS.items()]
    lines += [f"  bench {name:<4} {text}" for name, (_, text) in BENCHMARKS.items()]
    lines += ["", "'venezia <command> --help' tells more."]
    return "\n".join(lines)


def _run(module_name: str, argv: list[str]) -> int:
    module = importlib.import_module(module_name)
    result = module.main(argv)
    return int(result or 0)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        print(_usage())
        return 0
    name, rest = args[0], args[1:]
    if name == "bench":
        if not rest or rest[0] not in BENCHMARKS:
            print("usage: venezia bench {" + ",".join(BENCHMARKS) + "} [options]", file=sys.stderr)
            return 2
        return _run(BENCHMARKS[rest[0]][0], rest[1:])
    if name not in COMMANDS:
        print(f"unknown command '{name}'\n\n{_usage()}", file=sys.stderr)
        return 2
    return _run(COMMANDS[name][0], rest)


if __name__ == "__main__":
    sys.exit(main())
