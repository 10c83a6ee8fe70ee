"""Service outputs (:mod:`bot.table.outputs`) as message specs: public updates, read replies and
private updates by DM. Pure functions; :mod:`bot.discord.views` sends them."""

from __future__ import annotations

from collections.abc import Sequence

from bot.discord.controls import decision_components, lobby_components
from bot.discord.layout import channel_mention
from bot.discord.live import waiting_text
from bot.discord.sealed import private_only
from bot.discord.specs import (
    COLORS,
    CONTENT_MAX,
    DESCRIPTION_MAX,
    Component,
    MessageSpec,
    clip,
)
from bot.table.outputs import DecisionInfo, PrivateUpdate, PublicUpdate, Reply
from engine.i18n.shared import _

__all__ = ["dm_spec", "public_specs", "reply_spec"]


def _title(update: PublicUpdate, game_title: str) -> str:
    if update.image_kind == "end":
        return _("{game} — game over", game=game_title)
    if update.seq is not None and update.seq < 0:
        return _("{game} — the game begins", game=game_title)
    if update.seq is not None:
        return _("{game} — move {move}", game=game_title, move=update.seq + 1)
    return game_title


def _decision_line(d: DecisionInfo | None) -> tuple[str | None, tuple[str, ...]]:
    if d is None or d.is_ai:
        return None, ()
    if d.user_id:
        mention = f"<@{d.user_id}>"
        line = _("{mention}, your decision: **{prompt}**", mention=mention, prompt=d.prompt)
        return line, (d.user_id,)
    return waiting_text(d), ()


def public_specs(
    updates: Sequence[PublicUpdate],
    decision: DecisionInfo | None,
    channel: str | int,
    *,
    game_over: bool = False,
    game_title: str,
) -> list[MessageSpec]:
    """One channel message per public update; the last carries the components for what
    comes next (the decision's buttons, the lobby buttons, or rematch buttons) and mentions
    the player who must decide."""
    specs: list[MessageSpec] = []
    for n, u in enumerate(updates):
        last = n == len(updates) - 1
        components: tuple[Component, ...] = ()
        content: str | None = None
        mentions: tuple[str, ...] = ()
        if last:
            if decision is not None:
                components = decision_components(private_only(decision))
                content, mentions = _decision_line(decision)
            elif game_over:
                components = lobby_components(channel, rematch=True)
            elif u.seq is None:
                components = lobby_components(channel)
        in_game = u.seq is not None or u.image is not None or decision is not None or game_over
        if not in_game:
            specs.append(MessageSpec(content=clip(u.text, CONTENT_MAX), components=components))
            continue
        kind = u.image_kind or "board"
        specs.append(
            MessageSpec(
                content=content,
                title=_title(u, game_title),
                description=clip(u.text, DESCRIPTION_MAX),
                image=u.image,
                filename=None if u.image is None else f"{kind}-{max(u.seq or 0, -1) + 1}.png",
                color=COLORS.get(kind),
                components=components,
                mentions=mentions,
            )
        )
    return specs


def reply_spec(
    reply: Reply,
    *,
    title: str,
    ephemeral: bool = True,
    with_components: bool = False,
) -> MessageSpec:
    """A read command's answer (board, status, log, rules, hand). Public board/status replies
    may carry the pending decision's components so play can go on from them."""
    if reply.error is not None:
        return MessageSpec(content=clip(reply.error, CONTENT_MAX), ephemeral=True)
    components: tuple[Component, ...] = ()
    if with_components and reply.decision is not None:
        components = decision_components(private_only(reply.decision))
    if reply.image is not None:
        kind = reply.image_kind or "board"
        return MessageSpec(
            title=title,
            description=clip(reply.text, DESCRIPTION_MAX),
            image=reply.image,
            filename=f"{kind}.png",  # not for players
            color=COLORS.get(kind),
            components=components,
            ephemeral=ephemeral,
        )
    return MessageSpec(
        content=clip(reply.text, CONTENT_MAX), components=components, ephemeral=ephemeral
    )


def dm_spec(update: PrivateUpdate, channel: str | int, game_title: str) -> MessageSpec:
    """A private update as a DM: information only, never buttons."""
    return MessageSpec(
        title=_("{game} — your hand", game=game_title),
        description=clip(update.text or _("your private view"), DESCRIPTION_MAX),
        image=update.image,
        filename=None if update.image is None else "hand.png",  # not for players
        color=COLORS["hand"],
        content=_(
            "Your private update from the table in {channel}:", channel=channel_mention(channel)
        ),
    )


# --------------------------------------------------------------------------------------------
# discord.py glue
# --------------------------------------------------------------------------------------------
