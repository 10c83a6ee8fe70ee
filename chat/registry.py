"""A game's presentation registration: how its decisions become chat controls.

A game's one registration (:class:`engine.registry.GameRegistration`) names the module of its
presentation (``presentation="chat.<game>"``, a dotted path: the engine imports nothing of
this package); that module exports ``PRESENTATION``, a :class:`Presentation`. The adapters
ask :func:`presentation_of` / :func:`controls_of`; a game that names none is shown with plain
option lists (:data:`PLAIN`). The module is imported on the first look-up and kept.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cache

from chat.controls import Controls
from engine.registry import GameRegistration


@dataclass(frozen=True, slots=True)
class Presentation:
    """One game's chat presentation: ``game`` is its registration's name (checked at look-up,
    so a registration cannot name another game's module by mistake); ``controls`` how its
    decisions become buttons, menus, multi-selects and slash commands."""

    game: str
    controls: Controls = field(default_factory=Controls)


#: The presentation of a game that declares none: plain option lists, generated commands.
PLAIN = Controls()


@cache
def _loaded(module: str) -> Presentation:
    """``module``'s ``PRESENTATION`` (imported once)."""
    found = getattr(importlib.import_module(module), "PRESENTATION", None)
    if not isinstance(found, Presentation):
        raise TypeError(f"{module}.PRESENTATION is not a Presentation")  # not for players
    return found


def presentation_of(reg: GameRegistration) -> Presentation:
    """The presentation the game's registration names (:data:`PLAIN` controls if none).
    TypeError if the module exports none or one registered for another game."""
    if reg.presentation is None:
        return Presentation(reg.name, PLAIN)
    found = _loaded(reg.presentation)
    if found.game != reg.name:
        raise TypeError(
            f"{reg.presentation} presents {found.game}, not {reg.name}"  # not for players
        )
    return found


def controls_of(reg: GameRegistration) -> Controls:
    """How the game's decisions become buttons, menus and commands."""
    return presentation_of(reg).controls


__all__ = ["PLAIN", "Presentation", "controls_of", "presentation_of"]
