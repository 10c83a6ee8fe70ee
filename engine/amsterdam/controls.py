"""Amsterdam's controls: placements and ship moves grouped by row, plays listed privately
(the options show one's hand)."""

from __future__ import annotations

from engine.registry import Controls


def _arg(option: str) -> str:
    parts = option.split(" ", 1)
    return parts[1] if len(parts) > 1 else ""


def option_group(option: str) -> str:
    """``place D5`` -> ``D`` (the row); ``play 12`` -> ``play``; ``pass`` -> ``pass``."""
    verb = option.split(" ", 1)[0]
    arg = _arg(option)
    if verb in ("place", "ship", "remove") and arg[:1].isalpha() and arg not in ("stay", "none"):
        return arg[:1].upper()
    return verb or option


def option_label(option: str) -> str | None:
    labels = {
        "pass": "Pass",
        "buy": "Buy",
        "buy no": "Do not buy",
        "ship stay": "Ship stays",
        "remove none": "Remove nothing",
    }
    if option in labels:
        return labels[option]
    verb, arg = option.split(" ", 1)[0], _arg(option)
    words = {"place": "Place: ", "ship": "Ship to ", "remove": "Remove: ", "play": "Reveal: "}
    words |= {"show": "Show: ", "buy": "Buy: "}
    if verb in words and arg:
        return words[verb] + arg
    return None


def controls() -> Controls:
    return Controls(
        grouped_verbs=frozenset({"place", "ship", "remove"}),
        short_label_verbs=frozenset({"place", "ship", "remove"}),
        private_choices={
            "choose": ("Reveal a card…", "play"),
            "contest": ("Show a card…", "show"),
            "order": ("Show a card…", "show"),
        },
        option_filters={"play": ("play", "pass"), "show": ("show",), "all": ()},
        filter_titles={"play": "Your cards", "show": "Cards to show"},
        option_group=option_group,
        group_noun="row",
        option_label=option_label,
    )
