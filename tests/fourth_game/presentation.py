"""High Card in a chat: its presentation registration (``chat.registry``), named by its
registration like the real games' ``chat/<game>`` packages."""

from __future__ import annotations

from chat.controls import Controls
from chat.registry import Presentation
from engine.core import Option
from tests.fourth_game.rules import KIND, NAME, VERB


def option_label(option: Option) -> str | None:
    return f"Card {option.arg}" if option.verb == VERB and option.args else None


def controls() -> Controls:
    return Controls(
        private_choices={KIND: ("Choose a card…", VERB)},
        option_filters={VERB: (VERB,)},
        filter_titles={VERB: "Your cards"},
        option_label=option_label,
        option_description=lambda option: f"bid this card ({option.command})",
    )


PRESENTATION = Presentation(NAME, controls())
