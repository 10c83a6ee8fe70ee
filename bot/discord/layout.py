"""The table's channel messages as Components V2 layouts (``discord.ui.LayoutView``).

One card per message: a coloured container with a heading, the board picture (a media gallery
pointing at the message's own attachment, so an edit keeps the picture without uploading it
again), what happened, the decision line with its mention, and the controls. Text that came
from players (names inside the service's event texts) is escaped here: markdown and mention
syntax never reach Discord as markup, and every text stays within Discord's limits.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypedDict

import discord

from bot.discord.specs import ButtonSpec, Component, SelectSpec
from bot.discord.views import VzButton, VzSelect

__all__ = [
    "CONTENT_MAX",
    "TEXT_BUDGET",
    "Card",
    "card_edit_kwargs",
    "card_send_kwargs",
    "card_view",
    "clip_end",
    "clip_start",
    "escape",
    "mentions",
]

#: Discord's limit for a message's content (and our cap for every plain reply).
CONTENT_MAX = 2000
#: Characters of event lines kept in a card (Components V2 allow 4000 in all text displays).
TEXT_BUDGET = 1500
#: One line of a turn summary.
SUMMARY_MAX = 300


def escape(text: str) -> str:
    """Player-supplied text made inert: no markdown, no mentions (``@everyone``, ``<@id>``)."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def clip_end(text: str, limit: int) -> str:
    """At most ``limit`` characters, keeping the start (an ellipsis marks the cut)."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


def clip_start(lines: Sequence[str], limit: int) -> list[str]:
    """The newest lines that fit in ``limit`` characters (an ellipsis line marks the cut)."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        line = clip_end(line, limit)
        if size + len(line) + 1 > limit - 2:
            kept.append("…")
            break
        kept.append(line)
        size += len(line) + 1
    return list(reversed(kept))


@dataclass(slots=True)
class Card:
    """What one table message shows (plain data; :func:`card_view` builds the layout).

    ``lines`` are already escaped. ``image_name`` is the attachment the picture shows (kept
    on the message between edits); ``prompt`` the decision line (it holds the mention);
    ``components`` the controls (only the table's current message has any).
    """

    title: str
    lines: list[str] = field(default_factory=list)
    image_name: str | None = None
    prompt: str | None = None
    color: int | None = None
    components: tuple[Component, ...] = ()
    ping: tuple[str, ...] = ()


def mentions(user_ids: Iterable[str]) -> discord.AllowedMentions:
    """Allowed mentions pinging exactly these users (never roles, never everyone)."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        users=[discord.Object(id=int(u)) for u in user_ids if u.isdigit()],
        replied_user=False,
    )


def _rows(components: Sequence[Component]) -> list[list[Component]]:
    """Components grouped into action rows (by their ``row``; selects get a row each)."""
    rows: dict[int, list[Component]] = {}
    order: list[int] = []
    free = 100
    for c in components:
        row = c.row
        if isinstance(c, SelectSpec) or row is None:
            row, free = free, free + 1
        if row not in rows:
            rows[row] = []
            order.append(row)
        rows[row].append(c)
    return [rows[r][:5] if not isinstance(rows[r][0], SelectSpec) else rows[r][:1] for r in order]


def card_view(card: Card) -> discord.ui.LayoutView:
    """The layout of one card (a persistent view: the controls are dynamic items)."""
    view = discord.ui.LayoutView(timeout=None)
    box: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
        accent_colour=card.color
    )
    box.add_item(discord.ui.TextDisplay(clip_end(f"### {card.title}", 300)))
    if card.image_name is not None:
        box.add_item(
            discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{card.image_name}"))
        )
    body = "\n".join(clip_start(card.lines, TEXT_BUDGET))
    if body:
        box.add_item(discord.ui.TextDisplay(body))
    if card.prompt:
        box.add_item(discord.ui.Separator(visible=False))
        box.add_item(discord.ui.TextDisplay(clip_end(card.prompt, 600)))
    for row in _rows(card.components):
        action_row: discord.ui.ActionRow[discord.ui.LayoutView] = discord.ui.ActionRow()
        for c in row:
            if isinstance(c, ButtonSpec):
                action_row.add_item(VzButton(ButtonSpec(c.custom_id, c.label, c.style)))
            else:
                action_row.add_item(
                    VzSelect(
                        SelectSpec(
                            c.custom_id, c.placeholder, c.options, None, c.min_values, c.max_values
                        )
                    )
                )
        box.add_item(action_row)
    view.add_item(box)
    return view


def _file(image: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(image), filename=name)


class CardSend(TypedDict, total=False):
    """Keyword arguments of a new card's ``send``."""

    view: discord.ui.LayoutView
    allowed_mentions: discord.AllowedMentions
    file: discord.File


class CardEdit(TypedDict, total=False):
    """Keyword arguments of a card's ``edit``."""

    view: discord.ui.LayoutView
    allowed_mentions: discord.AllowedMentions
    attachments: list[discord.File]


def card_send_kwargs(card: Card, image: bytes | None) -> CardSend:
    """Keyword arguments for ``Messageable.send`` of a new card (with its picture)."""
    kwargs: CardSend = {"view": card_view(card), "allowed_mentions": mentions(card.ping)}
    if image is not None and card.image_name is not None:
        kwargs["file"] = _file(image, card.image_name)
    return kwargs


def card_edit_kwargs(card: Card, image: bytes | None) -> CardEdit:
    """Keyword arguments for ``PartialMessage.edit``: a new picture replaces the old
    attachment; without one the message keeps its attachment (no upload)."""
    kwargs: CardEdit = {"view": card_view(card), "allowed_mentions": mentions(())}
    if image is not None and card.image_name is not None:
        kwargs["attachments"] = [_file(image, card.image_name)]
    return kwargs


def user_mention(user_id: str | int) -> str:
    """A Discord mention of a user (a placeholder's value, never a message of its own)."""
    return f"<@{user_id}>"


def channel_mention(channel_id: str | int) -> str:
    """A Discord mention of a channel."""
    return f"<#{channel_id}>"
