"""Texts that can be said again in another language.

``Messages(domain)`` gives a module its ``_`` (a message), ``_n`` (a message with plural forms)
and ``_p`` (a message with a context, for short words that mean two things). Each returns a
:class:`Text`: a ``str`` in the language in force when it was made, which remembers its message
and arguments, so :func:`say` can say it again in someone else's language (an event's private
line made in the table's language, sent to a player who reads Japanese).

Placeholders are named, ``{name}``; an argument that is itself a :class:`Text` (a district, a
card) is said in the same language as the message around it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final, cast

from babel import Locale

from engine.i18n.articles import fill
from engine.i18n.catalog import TABLE_DOMAIN, translations
from engine.i18n.language import LANGUAGES, current_language, speaking

Argument = object


@dataclass(frozen=True, slots=True)
class _Message:
    domain: str
    msgid: str
    plural: str | None
    count: int | None
    context: str | None
    args: tuple[tuple[str, Argument], ...]

    def pattern(self, lang: str) -> str:
        """The message in ``lang`` before its placeholders are filled."""
        table = translations(self.domain, lang)
        if self.plural is not None:
            assert self.count is not None
            if self.context is not None:
                return str(table.npgettext(self.context, self.msgid, self.plural, self.count))
            return str(table.ngettext(self.msgid, self.plural, self.count))
        if self.context is not None:
            return str(table.pgettext(self.context, self.msgid))
        return str(table.gettext(self.msgid))

    def render(self, lang: str) -> str:
        table = translations(self.domain, lang)
        if self.plural is not None:
            assert self.count is not None
            if self.context is not None:
                pattern = table.npgettext(self.context, self.msgid, self.plural, self.count)
            else:
                pattern = table.ngettext(self.msgid, self.plural, self.count)
        elif self.context is not None:
            pattern = table.pgettext(self.context, self.msgid)
        else:
            pattern = table.gettext(self.msgid)
        if not self.args:
            return pattern
        values = {key: say(value, lang) for key, value in self.args}
        return fill(pattern, values)


class Text(str):
    """A message said in one language that can be said in another (:meth:`in_language`)."""

    _message: _Message | None
    #: the language it was said in (``None``: unknown, say it again to be sure)
    _lang: str | None

    def __new__(cls, value: str, message: _Message | None = None, lang: str | None = None) -> Text:
        text = super().__new__(cls, value)
        text._message = message
        text._lang = lang
        return text

    def in_language(self, lang: str) -> str:
        if self._message is None or self._lang == lang:
            return self if self._message is not None else str(self)
        return Text(self._message.render(lang), self._message, lang)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Text, (str(self), self._message, self._lang))


class Joined(Text):
    """Texts joined by a separator (``tea+wine``, ``a · b · c``, a list with the language's
    comma) that is said again part by part, the separator too when it is a :class:`Text`:
    ``", ".join(texts)`` would give a plain ``str``, frozen in one language."""

    _parts: tuple[object, ...]
    _sep: object

    def __new__(cls, parts: Iterable[object], sep: object = "", lang: str | None = None) -> Joined:
        items = tuple(parts)
        if lang is None:
            value = str(sep).join(str(p) for p in items)
        else:
            value = say(sep, lang).join(say(p, lang) for p in items)
        text = cast(Joined, super().__new__(cls, value))
        text._parts = items
        text._sep = sep
        return text

    def in_language(self, lang: str) -> str:
        return Joined(self._parts, self._sep, lang)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Joined, (self._parts, self._sep))


#: The list patterns :class:`Listed` knows (CLDR's): ``standard`` "A, B, and C" /
#: 「A、B、C」 / "A, B és C" / "A, B e C"; ``or`` "A, B, or C" (choices); ``unit`` "A, B, C" in
#: English (counts and amounts: "basilica 2, tower 1"), the standard pattern elsewhere.
LIST_STYLES: Final = ("standard", "or", "unit")


@cache
def _list_patterns(lang: str, style: str) -> Mapping[str, str]:
    """CLDR's list patterns of ``lang`` (``2``, ``start``, ``middle``, ``end``), read once."""
    return dict(Locale.parse(lang).list_patterns[style])


def format_list(words: list[str], style: str, lang: str) -> str:
    """Babel's ``format_list`` with the patterns read once per language (a list is said on
    every decision the AI simulates)."""
    if len(words) < 2:
        return "".join(words)
    patterns = _list_patterns(lang, style)
    if len(words) == 2:
        return patterns["2"].format(*words)
    said = patterns["start"].format(words[0], words[1])
    for word in words[2:-1]:
        said = patterns["middle"].format(said, word)
    return patterns["end"].format(said, words[-1])


class Listed(Text):
    """A list of texts joined by the language's own pattern (Babel's ``format_list``, CLDR's
    list patterns), said again item by item in another language: what ``", ".join(texts)``
    did by hand, in English punctuation, frozen in one language."""

    _parts: tuple[object, ...]
    _style: str

    def __new__(
        cls, parts: Iterable[object], style: str = "standard", lang: str | None = None
    ) -> Listed:
        items = tuple(parts)
        if style not in LIST_STYLES:
            raise ValueError(
                f"unknown list style {style!r}, known: {LIST_STYLES}"
            )  # not for players
        said_in = lang or current_language()
        words = [say(p, said_in) for p in items]
        pattern = "or" if style == "or" else "standard"
        if style == "unit":
            # CLDR's unit pattern in Japanese is spaces ("A B C"); an item list reads with 、
            pattern = "unit" if said_in == "en" else "standard"
        value = format_list(words, pattern, said_in)
        text = cast(Listed, super().__new__(cls, value, None, said_in))
        text._parts = items
        text._style = style
        return text

    def in_language(self, lang: str) -> str:
        if lang == self._lang:
            return self
        return Listed(self._parts, self._style, lang)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Listed, (self._parts, self._style, self._lang))


def listed(parts: Iterable[object], style: str = "standard") -> Listed:
    """``parts`` as one list in the language in force (:class:`Listed`)."""
    return Listed(parts, style)


def either(parts: Iterable[object]) -> Listed:
    """Choices as one list in the language in force: "A, B, or C" (:class:`Listed`)."""
    return Listed(parts, "or")


def counted(parts: Iterable[object]) -> Listed:
    """Amounts ("basilica 2", "27") as one list in the language in force (:class:`Listed`)."""
    return Listed(parts, "unit")


def joined(sep: object, parts: Iterable[object]) -> Joined:
    """``sep.join(parts)`` that :func:`say` can say again in another language."""
    return Joined(parts, sep)


class SeatName(Text):
    """A seat's name that is a message: an AI seat the table named after its level's label
    ("Greedy AI", or that and a letter, "Greedy AI B"). Its value - what is stored, hashed,
    compared, written to JSON - stays the stored name, so stored games load and replay as
    before; said (:func:`say`, a message's placeholder), printed (``str``) or formatted (an
    f-string) it is the label in the reader's language, the letter kept: "貪欲AI B" (#25).
    Anything that reads a seat's name (texts, pictures, the terminal) reads it so, with no
    list of places to translate it in."""

    _label: str
    _rest: str
    _domain: str

    def __new__(cls, stored: str, label: str, rest: str, domain: str = TABLE_DOMAIN) -> SeatName:
        text = cast(SeatName, super().__new__(cls, stored, None, None))
        text._label = label
        text._rest = rest
        text._domain = domain
        return text

    @property
    def stored(self) -> str:
        """The name as the table stores it (the level's English label)."""
        return str.__str__(self)

    def in_language(self, lang: str) -> str:
        return str(translations(self._domain, lang).gettext(self._label)) + self._rest

    def __str__(self) -> str:
        return self.in_language(current_language())

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[Any, ...]:
        return (SeatName, (self.stored, self._label, self._rest, self._domain))


class Sentence(Text):
    """A message that begins a sentence (an error shown as a reply, a prompt as a menu's
    title): its first letter capitalised where the language's message itself begins with a
    lowercase letter, in the language it is said in. Never a filler's value (a player's name
    ``bob`` stays ``bob``), never a letter inside the message, nothing in a language without
    case: the one case change of a translated text the code makes (#25)."""

    _inner: Text

    def __new__(cls, inner: Text, lang: str | None = None) -> Sentence:
        said_in = lang or inner._lang or current_language()
        value = say(inner, said_in)
        lead: object = inner
        while isinstance(lead, Joined | Listed) and lead._parts:
            lead = lead._parts[0]  # a list or a joined line begins with its first part
        message = lead._message if isinstance(lead, Text) else None
        if message is not None and value[:1].islower():
            first = message.pattern(said_in)[:1]
            if first.islower() and first == value[:1]:
                value = value[:1].upper() + value[1:]
        text = cast(Sentence, super().__new__(cls, value, inner._message, said_in))
        text._inner = inner
        return text

    def in_language(self, lang: str) -> str:
        return self if lang == self._lang else Sentence(self._inner, lang)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Sentence, (self._inner, self._lang))


def sentence(value: object) -> str:
    """``value`` beginning a sentence (:class:`Sentence`); a plain ``str`` (a name, a text of
    unknown make) is left as it is."""
    if isinstance(value, Text) and not isinstance(value, Later):
        return Sentence(value)
    return value if isinstance(value, str) else str(value)


def say(value: object, lang: str | None = None) -> str:
    """``value`` as text in ``lang`` (default: the language in force): a :class:`Text` is said
    again, any other value is ``str()``-ed as it is (names, numbers)."""
    if isinstance(value, Text):
        return value.in_language(lang or current_language())
    if isinstance(value, str):
        return value
    return str(value)


def say_all(values: Iterable[object], lang: str | None = None) -> list[str]:
    return [say(v, lang) for v in values]


def N_(msgid: str) -> str:
    """Mark a message for the catalogs without saying it (a module-level table of labels is
    made at import, before anybody's language is known: say it with ``_(label)`` at use)."""
    return msgid


class Messages:
    """The message functions of one catalog domain (a game's name, or ``table``)."""

    def __init__(self, domain: str) -> None:
        self.domain: Final = domain

    def _make(
        self,
        msgid: str,
        plural: str | None,
        count: int | None,
        context: str | None,
        args: Mapping[str, Argument],
    ) -> Text:
        message = _Message(self.domain, msgid, plural, count, context, tuple(args.items()))
        lang = current_language()
        return Text(message.render(lang), message, lang)

    def text(self, msgid: str, /, **args: Argument) -> Text:
        """``_``: a message, its ``{placeholders}`` filled from ``args``."""
        return self._make(msgid, None, None, None, args)

    def plural(self, singular: str, plural: str, n: int, /, **args: Argument) -> Text:
        """``_n``: the form for ``n`` (``{n}`` is filled with it too)."""
        return self._make(singular, plural, n, None, {"n": n, **args})

    def particular(self, context: str, msgid: str, /, **args: Argument) -> Text:
        """``_p``: a message whose English is ambiguous (``_p("verb", "pass")``)."""
        return self._make(msgid, None, None, context, args)

    def later(self, msgid: str, context: str | None = None) -> Text:
        """A marked message said whenever it is used (:class:`Later`)."""
        return Later(self.domain, msgid, context)

    def every_language(self, msgid: str, context: str | None = None) -> dict[str, str]:
        """The message in each language (what a parser accepts from any table)."""
        out: dict[str, str] = {}
        for lang in LANGUAGES:
            table = translations(self.domain, lang)
            out[lang] = (
                table.pgettext(context, msgid) if context is not None else table.gettext(msgid)
            )
        return out

    def leads(self, msgid: str, placeholder: str) -> tuple[str, ...]:
        """How the message starts before ``{placeholder}`` in each language, English first,
        without repeats (to recognise its lines whatever language they are in)."""
        out: list[str] = []
        for said in self.every_language(msgid).values():
            lead = said.split("{" + placeholder + "}", 1)[0].strip()
            if lead and lead not in out:
                out.append(lead)
        return tuple(out)


class Later(Text):
    """A marked message (its ``str`` value is the English id) said when used (a registration's
    fixed text made at import: an overview, an option's help, a label): ``str(x)``,
    ``f"{x}"``, ``x.format(...)`` and :func:`~engine.i18n.say` give it in the language in
    force (or the one asked for); the table fills an overview's ``{topics}`` with ``format``."""

    _domain: str
    _context: str | None

    def __new__(cls, domain: str, msgid: str, context: str | None = None) -> Later:
        text = super().__new__(cls, msgid)
        assert isinstance(text, Later)
        text._domain = domain
        text._context = context
        return text

    @property
    def msgid(self) -> str:
        return str.__str__(self)

    def said(self, **args: object) -> Text:
        messages = Messages(self._domain)
        if self._context is not None:
            return messages.particular(self._context, self.msgid, **args)
        return messages.text(self.msgid, **args)

    def __str__(self) -> str:
        return str.__str__(self.said())

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def format(self, *args: object, **kwargs: object) -> str:
        return self.said(**kwargs)

    def in_language(self, lang: str) -> str:
        with speaking(lang):
            return self.said()

    def __reduce__(self) -> tuple[Any, ...]:
        return (Later, (self._domain, self.msgid, self._context))


#: The shared words: the table, the adapters, the shared renderers.
table_messages: Final = Messages(TABLE_DOMAIN)
