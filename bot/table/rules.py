"""Rules help per topic (``/rules``), from the game's registration (its texts cite the
specification's rule IDs)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from bot.table.grammar import commands_help, registration_of
from bot.table.outputs import Code, Reply
from engine.i18n import Messages, either, listed, table_messages
from engine.i18n.shared import _, _p
from engine.text import excerpt

#: The catalogs' context of a rules topic's name (every game names its topics under it).
TOPIC = "rules topic"  # not for players


def rules_help(topic: str | None, game: str, options: Mapping[str, str] | None = None) -> Reply:
    """The rules text of ``game`` for ``topic`` (``None``: an overview and the topic list),
    as they read at a table with ``options`` (a variant)."""
    texts = registration_of(game).parts().texts
    rule_topics = texts.topics(options)
    # Each topic as the reader names it: the game's own word for it (its catalog's "rules
    # topic" message), or the key as the game gives it (already said, or English).
    words = Messages(game)
    topics = [str(words.particular(TOPIC, t)) for t in rule_topics]
    # Translators: the rules topic listing the commands (typed after /rules)
    topics.append(str(_p("rules topic", "commands")))
    if topic is None or not topic.strip():
        return Reply(texts.overview.format(topics=listed(topics)))
    key = " ".join(topic.casefold().split())
    key = texts.rule_aliases.get(key, key)
    if key == "commands" or key in _commands_words():
        return Reply(commands_help(game))
    found = rule_topics.get(key)
    if found is None:
        return Reply.refuse(
            Code.UNKNOWN_TOPIC,
            _(
                "no rules topic '{topic}'; topics: {topics}",
                topic=excerpt(topic),
                topics=either(topics),
            ),
        )
    return Reply(found)


@cache
def _commands_words() -> frozenset[str]:
    """The commands topic's name in every language, folded (what the listing shows)."""
    said = table_messages.every_language("commands", TOPIC).values()
    return frozenset(" ".join(word.casefold().split()) for word in said)
