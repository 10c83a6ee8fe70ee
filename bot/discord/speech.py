"""Who reads a message, in which language: the table's (public messages) or a person's (what
only he reads), from the service's record (:class:`bot.table.languages.Languages`).

A service without that record (a test's stand-in) leaves the language in force as it is.
"""

from __future__ import annotations

from contextlib import AbstractContextManager

from engine.i18n import speaking

__all__ = ["person_language", "speaking_to_person", "speaking_to_table", "table_language"]


def table_language(service: object, channel: str | int) -> str | None:
    """The language of the channel's table (``None``: the service does not say)."""
    languages = getattr(service, "languages", None)
    return None if languages is None else str(languages.table(channel))


def person_language(service: object, user: str | int, channel: str | int) -> str | None:
    """The language of a person (his client's locale), else his table's."""
    languages = getattr(service, "languages", None)
    if languages is None:
        return None
    return str(languages.person(user, languages.table(channel)))


def speaking_to_table(service: object, channel: str | int) -> AbstractContextManager[str]:
    """The table's language in force: for what the channel reads."""
    return speaking(table_language(service, channel))


def speaking_to_person(
    service: object, user: str | int, channel: str | int
) -> AbstractContextManager[str]:
    """A person's language in force: for what only he reads (a DM, a private answer)."""
    return speaking(person_language(service, user, channel))
