"""The terminal's own command words (``help``, ``board``, ``resume`` ...): what each means,
which may be typed while an AI holds the person's seat, and a typed word in any of our
languages as its English command."""

from __future__ import annotations

from functools import cache

from engine.i18n import SOURCE, Text, say, table_messages
from engine.i18n.shared import N_, _p

#: The terminal's own commands (said with ``_(LOCAL_HELP, topic=...)``; a translation keeps
#: the command words English, as they are typed, and aligns its columns by display width).
LOCAL_HELP = N_("""\
At the prompt type a move as on Discord (the game's commands follow; Tab completes) or the
number of an option ('#6' is always option 6; when a number is also a listed option's argument,
e.g. card 6 in 'play 6', the bare '6' is refused as ambiguous). Also:
  help           this list                 options [all]  the numbered options again
  board          write the board image      hand           your private view (+ image)
  status         the table in words        summary        the compact summary again
  log [n]        the last n moves          rules [topic]  rules help, e.g. 'rules {topic}'
  stats          your games, wins and average rank here, and this game's leaderboard
  history        the finished games here    game N         one: result, board, score graph
  replay [N]     game N's animated replay (default: the newest), written to the out folder
  resume         after a timeout: take your seat back from the AI (or just type your move)
  finish         let the AI that plays your seat make the game's last decision too
  quit           save and leave (it prints the command that continues the game)""")
#: What leaves the table (saved), also typed at a hot seat's "press Enter" prompt.
QUIT_WORDS = ("quit", "exit", "q", "save")
LOCAL_WORDS = (
    "help",
    "options",
    "board",
    "hand",
    "status",
    "summary",
    "log",
    "rules",
    "stats",
    "history",
    "game",
    "replay",
    "resume",
    "finish",
    "quit",
)

#: What may be typed while an AI plays the person's seat without taking it back.
READING_WORDS = (
    "help",
    "board",
    "hand",
    "status",
    "summary",
    "log",
    "rules",
    "stats",
    "history",
    "game",
    "replay",
)

#: The context of the terminal's command words in the catalogs.
COMMAND = "terminal command"  # not for players


def command_words() -> list[Text]:
    """The terminal's own command words said in the language in force (their English is the
    command; a translation is accepted too, at any terminal: :func:`command_word`)."""
    # Translators: a command typed at the terminal's prompt: one short word, no spaces
    return [
        _p("terminal command", "help"),
        _p("terminal command", "options"),
        _p("terminal command", "board"),
        _p("terminal command", "hand"),
        _p("terminal command", "status"),
        _p("terminal command", "summary"),
        _p("terminal command", "log"),
        _p("terminal command", "rules"),
        _p("terminal command", "stats"),
        _p("terminal command", "history"),
        _p("terminal command", "game"),
        _p("terminal command", "replay"),
        _p("terminal command", "quit"),
        _p("terminal command", "resume"),
        _p("terminal command", "finish"),
    ]


@cache
def _command_aliases() -> dict[str, str]:
    """Every translation of a terminal command word (case folded) -> the English word."""
    out: dict[str, str] = {}
    for word in command_words():
        english = say(word, SOURCE)
        for text in table_messages.every_language(english, COMMAND).values():
            out.setdefault(text.strip().casefold(), english)
    return out


def command_word(word: str) -> str:
    """A typed terminal command word in any of our languages as its English word
    (``súgó``, ``ヘルプ`` -> ``help``); any other word unchanged."""
    folded = word.strip().casefold()
    return _command_aliases().get(folded, folded)
