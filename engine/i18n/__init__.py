"""The players' languages: message catalogs (gettext via Babel) and the language in force.

Each module that speaks to players takes its message functions from its domain's messages
(``_ = messages.text``; the game's own ``language`` module binds them), and never builds a
sentence out of English pieces: whole sentences with ``{placeholders}`` go to the catalogs.
"""

from engine.i18n.catalog import TABLE_DOMAIN, Domain, add_domain, domain, domains, translations
from engine.i18n.language import (
    LANGUAGES,
    NATIVE_NAMES,
    SOURCE,
    current_language,
    from_environment,
    negotiate,
    speaking,
)
from engine.i18n.said import SaidMapping
from engine.i18n.text import (
    N_,
    Joined,
    Later,
    Listed,
    Messages,
    SeatName,
    Sentence,
    Text,
    counted,
    either,
    joined,
    listed,
    say,
    say_all,
    sentence,
    table_messages,
)

__all__ = [
    "LANGUAGES",
    "NATIVE_NAMES",
    "N_",
    "SOURCE",
    "TABLE_DOMAIN",
    "Domain",
    "Joined",
    "Later",
    "Listed",
    "Messages",
    "SaidMapping",
    "SeatName",
    "Sentence",
    "Text",
    "add_domain",
    "counted",
    "current_language",
    "domain",
    "domains",
    "either",
    "from_environment",
    "joined",
    "listed",
    "negotiate",
    "say",
    "say_all",
    "sentence",
    "speaking",
    "table_messages",
    "translations",
]
