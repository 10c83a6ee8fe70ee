"""The shared domain's message functions, under the names the catalog tool extracts."""

from engine.i18n.text import N_, Text, table_messages

_ = table_messages.text
_n = table_messages.plural
_p = table_messages.particular


def asked(name: object, prompt: object) -> Text:
    """Who decides and what ("Anna: drain up to 2 swamp tiles"), in the language's own
    punctuation (Japanese 「Anna：…」), never an f-string's ASCII colon (#25)."""
    # Translators: a player and what he is asked to decide ("Anna: drain up to 2 swamp tiles")
    return _("{name}: {prompt}", name=name, prompt=prompt)


def awaited(names: object, task: object | None) -> Text:
    """Whom everybody waits for and what they are doing, in the third person ("waiting for
    Anna (drawing cards)"): what a public text says, never the decider's imperative prompt,
    which addresses the reader in Hungarian and Italian ("Anna: játssz ki kártyákat") (#25)."""
    if task:
        # Translators: {task} is what they are doing, a noun phrase ("drawing cards")
        return _("waiting for {names} ({task})", names=names, task=task)
    return _("waiting for {names}", names=names)


__all__ = ["N_", "_", "_n", "_p", "asked", "awaited"]
