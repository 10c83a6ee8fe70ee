"""Canal Grande's controls: the divide's many options grouped by their first position, votes and
placements in private lists (they show the hand)."""

from __future__ import annotations

from engine.registry import Controls


def _arg(option: str) -> str:
    parts = option.split(" ", 1)
    return parts[1] if len(parts) > 1 else ""


def option_group(option: str) -> str:
    """``divide 1 4 7`` -> ``1``; ``place sanmarco …`` -> the chosen district."""
    words = _arg(option).split()
    return words[0] if words else option


def option_label(option: str) -> str | None:
    if option == "pass":
        return "Pass"
    if option.startswith("divide "):
        return "offer A: " + _arg(option)
    return None


def controls() -> Controls:
    return Controls(
        grouped_verbs=frozenset({"divide"}),
        short_label_verbs=frozenset({"take"}),
        private_choices={
            "district": ("Choose the district…", "vote"),
            "place": ("Place cards…", "place"),
        },
        option_filters={"vote": ("vote",), "place": ("place", "pass"), "all": ()},
        option_group=option_group,
        option_label=option_label,
    )
