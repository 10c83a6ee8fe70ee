"""Canal Grande (Alan R. Moon and Aaron Weissblum, Adlung Spiele) for exactly 2 players."""

from __future__ import annotations

# how the events are said (registered with engine.canal_grande.events.SAYS), read only when needed
from engine.canal_grande import event_texts as _event_texts  # noqa: F401
from engine.canal_grande.language import N_, _, _n, later
from engine.canal_grande.state import DEFAULT_TURN_LIMIT, CanalGrandeState
from engine.core import JSON, IllegalMove
from engine.i18n import either, listed

OPTIONS = ("first_divider", "turn_limit")


class CanalGrandeGame:
    name = "canal_grande"
    #: the name as its readers read it (カナル・グランデ; Canal Grande: the seed 002)
    title: str = later(N_("Canal Grande"))
    min_players = 2
    max_players = 2

    def new_state(
        self, players: list[str], seed: int, options: JSON | None = None
    ) -> CanalGrandeState:
        """Options (none are rules): ``first_divider`` (seat 0 or 1; default drawn from the
        seed, CG-G18) and ``turn_limit`` (the safety cap of CG-G20, default 500 turns)."""
        opts = dict(options or {})
        unknown = sorted(set(opts) - set(OPTIONS))
        if unknown:
            raise IllegalMove(
                _n(
                    "unknown Canal Grande option: {unknown}; options: {options}",
                    "unknown Canal Grande options: {unknown}; options: {options}",
                    len(unknown),
                    unknown=listed(unknown),
                    options=either(OPTIONS),
                )
            )
        first = opts.get("first_divider")
        if first is not None and first not in (0, 1):
            raise IllegalMove(
                # rule: CG-G18
                _("first_divider is seat 0 or 1, not {value}", value=repr(first))
            )
        limit = opts.get("turn_limit", DEFAULT_TURN_LIMIT)
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise IllegalMove(
                _(
                    # rule: CG-G20
                    "turn_limit is a positive number of turns, not {value}",
                    value=repr(limit),
                )
            )
        return CanalGrandeState.new(players, seed, first_divider=first, turn_limit=limit)

    def from_json(self, text: str) -> CanalGrandeState:
        return CanalGrandeState.from_json(text)


GAME = CanalGrandeGame()

__all__ = ["GAME", "CanalGrandeGame", "CanalGrandeState"]
