"""The board picture a Discord channel sees depends on the board only.

The game renderers draw the pending decision into the board's header (and, for a placement,
its legal cells). In a channel the decision line and its controls are the message's own text,
so the picture is drawn from the public view without the decision: equal boards give equal
bytes, and the table message replaces its picture only when the board changed
(:mod:`bot.discord.table`). Hands (private) are drawn as the renderer draws them.
"""

from __future__ import annotations

from bot.table.render import Renderer
from engine.core import JSON

__all__ = ["DECISION_KEYS", "BoardOnlyRenderer", "board_only"]

#: Keys of a public view that describe the pending decision, not the board.
DECISION_KEYS = frozenset({"pending", "public_options"})


def board_only(public_view: JSON) -> JSON:
    """The public view without the pending decision (what the board picture may show)."""
    return {k: v for k, v in public_view.items() if k not in DECISION_KEYS}


class BoardOnlyRenderer:
    """Wraps a renderer: board pictures drawn from :func:`board_only` views. Picklable (the
    service may run it in render processes) when the wrapped renderer is."""

    def __init__(self, inner: Renderer) -> None:
        self.inner = inner

    def board(self, public_view: JSON) -> bytes:
        return self.inner.board(board_only(public_view))

    def hand(self, player_view: JSON) -> bytes:
        return self.inner.hand(player_view)

    def end(self, public_view: JSON) -> bytes:
        return self.inner.end(public_view)
