"""AI turns that follow each other: one channel message, kept up to date while they play.

When an AI seat starts playing and no human turn is open, one message is posted (no picture:
the board right above is the one the AIs start from). Every AI move the bot steps
(:meth:`bot.discord.actions.TableActions.play_ais`) adds its lines; the message is edited at
most once per :data:`CHAIN_EDIT_INTERVAL` seconds, and only while the channel's budget of
5 posts and edits per 5 seconds has room (a skipped edit is caught up by the next one). When
a human must decide (or the game ends) the message is edited to its final form: one line per
AI turn and the board after them. This module writes the chain's texts; posting and editing
its message is the table message's job (:func:`bot.discord.table.show_chain`,
:func:`bot.discord.table.close_chain`).
"""

from __future__ import annotations

from bot.discord.live import LiveMessage, turn_summary
from engine.i18n.shared import _

__all__ = ["CHAIN_EDIT_INTERVAL", "chain_lines", "chain_title"]

#: Seconds between two edits of a running AI chain's message (the final edit always goes).
CHAIN_EDIT_INTERVAL = 1.0


def chain_lines(live: LiveMessage) -> list[str]:
    """One line per finished AI turn, and the running turn's lines so far."""
    lines = list(live.lines)
    if live.partial:
        lines.append(turn_summary(live.partial))
    return lines


def chain_title(game_title: str, live: LiveMessage, final: bool) -> str:
    count = len(live.lines) + (1 if live.partial else 0)
    first = live.turn
    if first is None:
        title = _("{game} — AI turns", game=game_title)
    elif count <= 1:
        title = _("{game} — AI turn {turn}", game=game_title, turn=first)
    else:
        title = _(
            "{game} — AI turns {first}–{last}", game=game_title, first=first, last=first + count - 1
        )
    return title if final else _("{title} (playing…)", title=title)
