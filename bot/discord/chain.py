"""AI turns that follow each other: one channel message, kept up to date while they play.

When an AI seat starts playing and no human turn is open, one message is posted (no picture:
the board right above is the one the AIs start from). Every AI move the bot steps
(:meth:`bot.discord.client.TableClient.play_ais`) adds its lines; the message is edited at
most once per :data:`CHAIN_EDIT_INTERVAL` seconds, and only while the channel's budget of
5 posts and edits per 5 seconds has room (a skipped edit is caught up by the next one). When
a human must decide (or the game ends) the message is edited to its final form: one line per
AI turn and the board after them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.discord.layout import SUMMARY_MAX, Card, clip_end
from bot.discord.live import LiveMessage, event_lines
from bot.discord.specs import COLORS
from bot.table.outputs import DecisionInfo, PublicUpdate

if TYPE_CHECKING:
    from bot.discord.table import TableMessages

__all__ = ["CHAIN_EDIT_INTERVAL", "chain_lines", "chain_title", "close_chain", "show_chain"]

#: Seconds between two edits of a running AI chain's message (the final edit always goes).
CHAIN_EDIT_INTERVAL = 1.0


def chain_lines(live: LiveMessage) -> list[str]:
    """One line per finished AI turn, and the running turn's lines so far."""
    lines = list(live.lines)
    if live.partial:
        lines.append(clip_end("; ".join(live.partial), SUMMARY_MAX))
    return lines


def chain_title(game_title: str, live: LiveMessage, final: bool) -> str:
    count = len(live.lines) + (1 if live.partial else 0)
    first = live.turn
    if first is None:
        what = "AI turns"
    elif count <= 1:
        what = f"AI turn {first}"
    else:
        what = f"AI turns {first}–{first + count - 1}"
    return f"{game_title} — {what}" + ("" if final else " (playing…)")


def _add(live: LiveMessage, updates: list[PublicUpdate], lines_of: Any) -> None:
    for u in updates:
        live.partial += lines_of(u.text)
        if u.turn_over:
            live.lines.append(clip_end("; ".join(live.partial), SUMMARY_MAX))
            live.partial = []


async def show_chain(
    tm: TableMessages,
    dest: Any,
    channel: str,
    chain: LiveMessage | None,
    previous: LiveMessage | None,
    updates: list[PublicUpdate],
    d: DecisionInfo | None,
    game: int | None,
) -> LiveMessage:
    """Add AI moves to the chain's message: post it when the chain starts (finishing the
    previous current message), else edit it (throttled; see the module's docstring)."""
    title = await tm.title(channel)
    if chain is None:
        if previous is not None and previous.controls:
            await tm.finish(dest, previous)
        turn = d.turn if d is not None else None
        if turn is not None and updates and updates[0].turn_over:
            turn -= 1
        chain = LiveMessage(0, "chain", game=game, turn=turn)
        _add(chain, updates, event_lines)
        chain.title = chain_title(title, chain, final=False)
        card = Card(chain.title, chain_lines(chain), color=COLORS["board"])
        message = await tm._post(dest, channel, card, None)
        chain.id = message.id
        tm.chain_edited[channel] = tm.pace.clock()
        return chain
    _add(chain, updates, event_lines)
    now = tm.pace.clock()
    due = now - tm.chain_edited.get(channel, float("-inf")) >= tm.chain_interval
    if due and tm.pace.try_take(channel):
        chain.title = chain_title(title, chain, final=False)
        card = Card(chain.title, chain_lines(chain), color=COLORS["board"])
        await tm._edit(dest, chain.id, card, None, paced=False)
        tm.chain_edited[channel] = now
    return chain


async def close_chain(
    tm: TableMessages, dest: Any, channel: str, chain: LiveMessage, image: bytes | None
) -> int | None:
    """The chain's final form: a line per AI turn and the board after them. Returns the crc
    of the picture it shows."""
    if image is None:
        reply = await tm.service.board(channel)
        image = reply.image if reply.ok else None
    chain.lines = chain_lines(chain)
    chain.partial = []
    chain.title = chain_title(await tm.title(channel), chain, final=True)
    await tm.finish(dest, chain, image, "board-chain.png")
    tm.chain_edited.pop(channel, None)
    return chain.crc
