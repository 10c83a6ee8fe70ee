"""Amsterdam (Michael Schacht, Tilsit 2007) for 2 players, with the six variants AM-V1…V6."""

from __future__ import annotations

# how the events are said (registered with engine.amsterdam.events.SAYS), read only when needed
from engine.amsterdam import event_texts as _event_texts  # noqa: F401
from engine.amsterdam.language import N_, _n, messages
from engine.amsterdam.state import AmsterdamState
from engine.amsterdam.variants import VARIANTS, allowed, get_variant
from engine.core import JSON, IllegalMove
from engine.i18n import listed


class AmsterdamGame:
    """Options: ``{"variant": name}`` with a name of :data:`VARIANTS` (default ``base``)."""

    name = "amsterdam"
    #: the name as its readers read it (アムステルダム, Amszterdam: the seed 001)
    title: str = messages.later(N_("Amsterdam"))
    min_players = 2
    max_players = 2

    def new_state(
        self, players: list[str], seed: int, options: JSON | None = None
    ) -> AmsterdamState:
        options = dict(options or {})
        unknown = sorted(k for k in options if k != "variant")
        if unknown:
            raise IllegalMove(
                _n(
                    "unknown Amsterdam option {options}; the only option is 'variant' ({variants})",
                    "unknown Amsterdam options {options}; the only option is 'variant' "
                    "({variants})",
                    len(unknown),
                    options=listed(unknown),
                    variants=allowed(),
                )
            )
        variant = get_variant(options.get("variant", "base"))
        return AmsterdamState.new(players, seed, variant)

    def from_json(self, text: str) -> AmsterdamState:
        return AmsterdamState.from_json(text)


GAME = AmsterdamGame()

__all__ = ["GAME", "VARIANTS", "AmsterdamGame", "AmsterdamState"]
