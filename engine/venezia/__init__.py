"""Venezia (Klaus-Jürgen Wrede, 2007) for 2–5 players."""

from __future__ import annotations

from engine.core import JSON, IllegalMove
from engine.i18n import listed

# how the events are said (registered with engine.venezia.events.SAYS), read only when needed
from engine.venezia import event_texts as _event_texts  # noqa: F401
from engine.venezia.language import N_, _, messages
from engine.venezia.state import VeneziaState


class VeneziaGame:
    name = "venezia"
    #: the name as its readers read it (ヴェネチア, Velence: the seeds 003, 000)
    title: str = messages.later(N_("Venezia"))
    min_players = 2
    max_players = 5

    def new_state(self, players: list[str], seed: int, options: JSON | None = None) -> VeneziaState:
        if options:
            raise IllegalMove(
                # rule: V-U10
                _("Venezia has no options, got: {options}", options=listed(options))
            )
        return VeneziaState.new(players, seed)

    def from_json(self, text: str) -> VeneziaState:
        return VeneziaState.from_json(text)


GAME = VeneziaGame()

__all__ = ["GAME", "VeneziaGame", "VeneziaState"]
