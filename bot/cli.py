"""The ``canalside`` console script (``venezia``, the old name, stays an alias of the same entry
point): one entry point, one module per subcommand.

Each subcommand lives in its own module exposing ``main(argv) -> int`` with its own argparse, so
the modules stay small and are imported only when used (``canalside play`` never loads discord.py).
"""

from __future__ import annotations

import importlib
import os
import sys

from engine.i18n import from_environment, speaking
from engine.i18n.shared import N_, _

COMMANDS: dict[str, tuple[str, str]] = {
    "play": (
        "bot.terminal.play",  # not for players
        N_("play at a table in the terminal (you plus AI seats)"),
    ),
    "selfplay": (
        "bot.devtools.selfplay_cmd",  # not for players
        N_("play many games automatically and check every invariant"),
    ),
    "ladder": (
        "bot.devtools.ladder_cmd",  # not for players
        N_("rate every AI level of a game against every other (openskill)"),
    ),
    "scenario": (
        "bot.devtools.scenario_cmd",  # not for players
        N_("run rule scenario files (TOML)"),
    ),
    "bot": (
        "bot.discord.app",  # not for players
        N_("run the Discord bot (needs DISCORD_TOKEN)"),
    ),
    "sync": (
        "bot.discord.sync",  # not for players
        N_("register the slash commands with Discord (global or one guild)"),
    ),
    "export": (
        "bot.archive.export",  # not for players
        N_("write a finished game as a portable JSON file"),
    ),
    "import": (
        "bot.archive.importing",  # not for players
        N_("store a portable game file (checked by replay)"),
    ),
    "replay": (
        "bot.archive.replay",  # not for players
        N_("draw a game file's animated replay and final board"),
    ),
    "history": (
        "bot.archive.history",  # not for players
        N_("list a database's finished games, the imported ones too"),
    ),
    "ratings": (
        "bot.devtools.ratings_cmd",  # not for players
        N_("rebuild or show the ratings; a server's stats setting"),
    ),
    "soak": (
        "bot.devtools.soak",  # not for players
        N_("SIGKILL the table service while it plays; check no move is lost"),
    ),
}
BENCHMARKS: dict[str, tuple[str, str]] = {
    "render": (
        "render.bench",  # not for players
        N_("time state -> PNG for a mid-game board (--game canal_grande)"),
    ),
    "turns": (
        "bot.devtools.bench_turns",  # not for players
        N_("drive random games through the table service with SQLite"),
    ),
    "replay": (
        "bot.devtools.bench_replay",  # not for players
        N_("bytes and time of a long game's replay per title"),
    ),
    "stats": (
        "bot.devtools.bench_stats",  # not for players
        N_("/stats and /leaderboard queries over many stored finished games"),
    ),
    "startup": (
        "bot.devtools.bench_startup",  # not for players
        N_("the bot's start-up with 100,000 stored games: seconds and peak memory"),
    ),
    "discord": (
        "bot.devtools.bench_discord",  # not for players
        N_("a game in a simulated Discord channel: figures per turn"),
    ),
}


def _usage() -> str:
    lines = [_("usage: canalside <command> [options]"), "", _("commands:")]
    lines += [f"  {name:<10} {_(text)}" for name, (_module, text) in COMMANDS.items()]
    lines += [f"  bench {name:<4} {_(text)}" for name, (_module, text) in BENCHMARKS.items()]
    lines += ["", _("'canalside <command> --help' tells more.")]
    return "\n".join(lines)


def _run(module_name: str, argv: list[str]) -> int:
    module = importlib.import_module(module_name)
    result = module.main(argv)
    return int(result or 0)


def main(argv: list[str] | None = None) -> int:
    """Run a subcommand in the environment's language (``LANG``; ``canalside play --lang``
    chooses its own)."""
    with speaking(from_environment(os.environ)):
        return _main(list(sys.argv[1:] if argv is None else argv))


def _main(args: list[str]) -> int:
    if not args or args[0] in ("-h", "--help", "help"):
        print(_usage())
        return 0
    name, rest = args[0], args[1:]
    if name == "bench":
        if not rest or rest[0] not in BENCHMARKS:
            usage = _("usage: canalside bench {{{names}}} [options]", names=",".join(BENCHMARKS))
            print(usage, file=sys.stderr)
            return 2
        return _run(BENCHMARKS[rest[0]][0], rest[1:])
    if name not in COMMANDS:
        print(_("unknown command '{name}'", name=name) + f"\n\n{_usage()}", file=sys.stderr)
        return 2
    return _run(COMMANDS[name][0], rest)


if __name__ == "__main__":
    sys.exit(main())
