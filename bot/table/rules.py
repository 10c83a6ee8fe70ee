"""Rules help per topic (``/rules``), from the game's registration (its texts cite the
specification's rule IDs)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.table.grammar import commands_help, registration_of
from bot.table.outputs import Code, Reply
from engine.i18n.shared import _
from engine.text import excerpt


def rules_help(topic: str | None, game: str, options: Mapping[str, str] | None = None) -> Reply:
    """The rules text of ``game`` for ``topic`` (``None``: an overview and the topic list),
    as they read at a table with ``options`` (a variant)."""
    texts = registration_of(game).parts().texts
    rule_topics = texts.topics(options)
    topics = [*rule_topics, "commands"]
    if topic is None or not topic.strip():
        return Reply(texts.overview.format(topics=", ".join(topics)))
    key = " ".join(topic.casefold().split())
    key = texts.rule_aliases.get(key, key)
    if key == "commands":
        return Reply(commands_help(game))
    found = rule_topics.get(key)
    if found is None:
        return Reply.refuse(
            Code.UNKNOWN_TOPIC,
            _(
                "no rules topic '{topic}'; topics: {topics}",
                topic=excerpt(topic),
                topics=", ".join(topics),
            ),
        )
    return Reply(found)
