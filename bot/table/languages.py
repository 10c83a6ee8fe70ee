"""Who reads which language: each table's (public messages, board images) and each person's
(what only he reads: private answers, DMs, hand images).

A table speaks what ``/settings language`` chose, else its server's preferred locale, else
English; a person reads the locale his client last reported (Discord sends it with every
interaction), else the table's language. ``TableService`` stores every change (the
``languages`` table of the database) and loads them all at start.

How adapters use it:

* note what a client reports: ``service.languages.note_person(user_id, locale)`` and
  ``service.languages.note_server(channel_id, guild_locale)`` (cheap: stored only on change);
* call the service with the sender's language in force, ``with speaking(lang): await
  service.play.command(...)`` (``lang = service.languages.person(user_id, fallback=
  service.languages.table(channel_id))``): a refusal's ``error`` and the ``Reply`` of a read
  (/hand, /status, /rules, /log, /board, /history, /stats ...) are said in it. A read shown
  publicly (a /board posted in the channel) is asked under the table's language instead;
* everything an action posts publicly (``Outcome.public``, timer events, lobby lines, board
  and end images) comes said in the table's language, each ``PrivateUpdate`` (texts, summary,
  echo, hand image) in its reader's: the service switches itself;
* ``DecisionInfo.prompt`` is said in the table's language; to ask the decider privately, say
  it again in his: ``info.prompt_in(lang)`` (``engine.i18n.say(info.prompt, lang)``).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.i18n import SOURCE, negotiate

Persist = Callable[[str, str, str], None]


class Languages:
    """The languages in force; ``persist(kind, key, lang)`` stores a change (``kind`` is
    ``table``, ``server`` or ``person``)."""

    def __init__(self, persist: Persist | None = None) -> None:
        self.persist = persist
        self.tables: dict[str, str] = {}
        self.servers: dict[str, str] = {}
        self.people: dict[str, str] = {}

    def load(self, kind: str, key: str, lang: str) -> None:
        {"table": self.tables, "server": self.servers, "person": self.people}[kind][key] = lang

    def _set(self, kind: str, store: dict[str, str], key: str, tag: str | None) -> str | None:
        lang = negotiate(tag)
        if lang is None or store.get(key) == lang:
            return lang
        store[key] = lang
        if self.persist is not None:
            self.persist(kind, key, lang)
        return lang

    def table(self, channel_id: str | int) -> str:
        key = str(channel_id)
        return self.tables.get(key) or self.servers.get(key) or SOURCE

    def person(self, user_id: str | int | None, fallback: str | None = None) -> str:
        if user_id is not None and str(user_id) in self.people:
            return self.people[str(user_id)]
        return fallback or SOURCE

    def set_table(self, channel_id: str | int, tag: str) -> str | None:
        """``/settings language``: the language's code, or ``None`` if we do not speak it."""
        return self._set("table", self.tables, str(channel_id), tag)

    def note_server(self, channel_id: str | int, tag: str | None) -> None:
        """The server's preferred locale: the table's language until one is chosen."""
        self._set("server", self.servers, str(channel_id), tag)

    def note_person(self, user_id: str | int, tag: str | None) -> None:
        self._set("person", self.people, str(user_id), tag)


#: The words that name the table's language in ``/settings`` (in each language we speak).
LANGUAGE_KEYS = ("language", "lang", "nyelv", "lingua", "言語")


def parse_language(text: str) -> tuple[str | None, str]:
    """Take ``language <code or name>`` out of a ``/settings`` text: ``(the name as typed,
    the rest)``; ``(None, text)`` when it names no language. The name is what follows the
    key up to the next setting (``language ja``, ``language Magyar``, ``lingua italiano``,
    ``言語 日本語``); :func:`engine.i18n.negotiate` reads it."""
    words = text.replace("=", " ").replace(",", " ").split()
    for i, word in enumerate(words):
        if word.casefold() in LANGUAGE_KEYS:
            if i + 1 >= len(words):
                return "", " ".join(words[:i])
            return words[i + 1], " ".join(words[:i] + words[i + 2 :])
    return None, text
