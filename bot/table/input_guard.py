"""First checks on what an adapter hands the table service: ids, typed commands.

Ids (channel, user, guild, idempotency key) are keys in SQLite: a lone surrogate cannot even be
encoded there, and a 10 kB id is no id. A typed command longer than any real command, or holding
control characters or lone surrogates, is refused before the engine sees it. Each check returns
the refusal's text (specific: what was wrong, what is allowed) or ``None``.
"""

from __future__ import annotations

import unicodedata

from engine.i18n.shared import _

#: Longest id accepted (Discord snowflakes have 20 digits; terminal and test ids are short).
MAX_ID = 100
#: Longest command accepted; the longest real one (a move naming a few cards or cells) is far less.
MAX_COMMAND = 300


def _is_surrogate(ch: str) -> bool:
    return "\ud800" <= ch <= "\udfff"


def _is_control(ch: str) -> bool:
    """A control or format character (NUL, ESC, bidi overrides, ...), whitespace excepted."""
    return not ch.isspace() and unicodedata.category(ch) in ("Cc", "Cf", "Cs")


def id_problem(value: object, what: str) -> str | None:
    """Why ``value`` cannot be a ``what`` id (e.g. "channel id"), or ``None``."""
    text = str(value)
    if not text:
        # not for players below: ids come from the adapter, nobody types them
        return f"the {what} is empty"  # not for players
    if len(text) > MAX_ID:
        most = f"ids have at most {MAX_ID}"  # not for players
        return f"the {what} is {len(text)} characters long; {most}"  # not for players
    if any(ch.isspace() or _is_control(ch) for ch in text):
        problem = "holds spaces, control characters or invalid text"  # not for players
        return f"the {what} {problem}; ids are printable"  # not for players
    return None


def normal_command(text: str) -> str:
    """What was typed, as the games' grammars read it: NFKC turns the fullwidth letters, digits
    and ideographic spaces of an East Asian input method into plain ones ("ｐａｓｓ" is "pass"),
    and runs of whitespace become one space."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def command_problem(text: object) -> str | None:
    """Why a typed command is refused before it is read, or ``None``."""
    if not isinstance(text, str):
        return _("a command is text, e.g. 'help' (it lists the game's commands)")
    if len(text) > MAX_COMMAND:
        return _(
            "the command is {length} characters long; commands have at most {most} "
            "('help' lists the game's commands)",
            length=len(text),
            most=MAX_COMMAND,
        )
    if any(_is_surrogate(ch) for ch in text):
        return _("the command holds a character that is not valid text (a lone surrogate)")
    if any(_is_control(ch) for ch in text):
        return _(
            "the command holds control characters; type plain text ('help' lists the commands)"
        )
    return None
