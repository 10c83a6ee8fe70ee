"""discord.py glue for the Discord layer's specs (:mod:`bot.discord.specs`).

:func:`build_view` turns component specs into a persistent ``discord.ui.View`` made of
:class:`VzButton` / :class:`VzSelect`, two ``DynamicItem`` classes whose templates parse the
custom id, so a click works after a restart. Their callbacks hand the parsed id to the bot
(``interaction.client.components.route``). :func:`send_kwargs` turns a
:class:`~bot.discord.specs.MessageSpec` into the keyword arguments of a send.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from typing import Protocol, TypeAlias, TypedDict

import discord
from discord.ui.view import BaseView

from bot.discord.kinds import Interaction
from bot.discord.specs import (
    BUTTON_TEMPLATE,
    SELECT_TEMPLATE,
    ButtonSpec,
    Component,
    ComponentId,
    MessageSpec,
    OptionSpec,
    SelectSpec,
    clip,
    parse_id,
)

__all__ = [
    "DYNAMIC_ITEMS",
    "ComponentHandler",
    "VzButton",
    "VzSelect",
    "build_view",
    "dynamic_item_for",
    "send_kwargs",
]


class ComponentHandler(Protocol):
    async def route(
        self, interaction: Interaction, cid: ComponentId, values: list[str]
    ) -> None: ...


_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


async def _dispatch(interaction: Interaction, custom_id: str, values: list[str]) -> None:
    cid = parse_id(custom_id)
    router: ComponentHandler | None = getattr(interaction.client, "components", None)
    if cid is None or router is None:
        return
    await router.route(interaction, cid, values)


#: The items are shown in classic views (private menus) and in layouts (the table's cards).
Button: TypeAlias = discord.ui.Button[BaseView]
Select: TypeAlias = discord.ui.Select[BaseView]


class VzButton(discord.ui.DynamicItem[Button], template=BUTTON_TEMPLATE):
    """A persistent button; everything it needs is in its custom id."""

    def __init__(self, spec: ButtonSpec) -> None:
        super().__init__(
            discord.ui.Button(
                label=spec.label,
                style=_STYLES[spec.style],
                custom_id=spec.custom_id,
                row=spec.row,
            )
        )
        self.spec = spec

    @classmethod
    async def from_custom_id(
        cls,
        interaction: Interaction,
        item: discord.ui.Item[BaseView],
        match: re.Match[str],
        /,
    ) -> VzButton:
        label = getattr(item, "label", None) or match["action"]
        return cls(ButtonSpec(match.string, label))

    async def callback(self, interaction: Interaction) -> None:
        await _dispatch(interaction, self.spec.custom_id, [])


class VzSelect(discord.ui.DynamicItem[Select], template=SELECT_TEMPLATE):
    """A persistent select menu; the chosen value is a command (or a group of options)."""

    def __init__(self, spec: SelectSpec) -> None:
        options = [
            discord.SelectOption(
                label=o.label, value=o.value, description=o.description, default=o.default
            )
            for o in spec.options
        ] or [discord.SelectOption(label="—", value="-")]
        super().__init__(
            discord.ui.Select(
                custom_id=spec.custom_id,
                placeholder=spec.placeholder,
                options=options,
                min_values=spec.min_values,
                max_values=spec.max_values,
                row=spec.row,
            )
        )
        self.spec = spec

    @classmethod
    async def from_custom_id(
        cls,
        interaction: Interaction,
        item: discord.ui.Item[BaseView],
        match: re.Match[str],
        /,
    ) -> VzSelect:
        options = tuple(
            OptionSpec(o.label, o.value, o.description, o.default)
            for o in getattr(item, "options", [])
        )
        placeholder = getattr(item, "placeholder", None) or ""
        low = int(getattr(item, "min_values", 1) or 1)
        high = max(low, int(getattr(item, "max_values", 1) or 1), 1)
        return cls(SelectSpec(match.string, placeholder, options, None, low, high))

    async def callback(self, interaction: Interaction) -> None:
        data: dict[str, object] = dict(interaction.data or {})
        chosen = data.get("values")
        raw = list(chosen) if isinstance(chosen, list) and chosen else list(self.item.values)
        values = [str(v) for v in raw]
        await _dispatch(interaction, self.spec.custom_id, values)


DYNAMIC_ITEMS: tuple[type[VzButton], type[VzSelect]] = (VzButton, VzSelect)


def dynamic_item_for(custom_id: str) -> type[VzButton] | type[VzSelect] | None:
    """Which DynamicItem class a custom id dispatches to (as discord.py does by template)."""
    if VzButton.__discord_ui_compiled_template__.fullmatch(custom_id):
        return VzButton
    if VzSelect.__discord_ui_compiled_template__.fullmatch(custom_id):
        return VzSelect
    return None


def build_view(components: Sequence[Component]) -> discord.ui.View | None:
    """A persistent view (``timeout=None``) of dynamic items, or ``None`` for no components."""
    if not components:
        return None
    view = discord.ui.View(timeout=None)
    for c in components:
        if isinstance(c, ButtonSpec):
            view.add_item(VzButton(c))
        else:
            view.add_item(VzSelect(c))
    return view


class SendKwargs(TypedDict, total=False):
    """What :func:`send_kwargs` sets (only what a message has)."""

    content: str
    embed: discord.Embed
    file: discord.File
    view: discord.ui.View
    allowed_mentions: discord.AllowedMentions
    ephemeral: bool


def send_kwargs(spec: MessageSpec, *, ephemeral_ok: bool = False) -> SendKwargs:
    """Keyword arguments for ``Messageable.send`` / ``followup.send`` (only what is set: the
    webhook methods do not accept ``None`` for a file or a view)."""
    kwargs: SendKwargs = {}
    file = None
    if spec.image is not None:
        file = discord.File(
            io.BytesIO(spec.image),
            filename=spec.filename or "image.png",  # not for players
        )
    if spec.title is not None:
        embed = discord.Embed(
            title=clip(spec.title, 256),
            description=spec.description,
            color=spec.color,
        )
        if file is not None:
            embed.set_image(url=f"attachment://{file.filename}")
        if spec.footer:
            embed.set_footer(text=spec.footer)
        kwargs["embed"] = embed
    elif spec.description and not spec.content:
        kwargs["content"] = spec.description
    if spec.content:
        kwargs["content"] = spec.content
    if file is not None:
        kwargs["file"] = file
    view = build_view(spec.components)
    if view is not None:
        kwargs["view"] = view
    kwargs["allowed_mentions"] = discord.AllowedMentions(
        everyone=False,
        roles=False,
        users=[discord.Object(id=int(u)) for u in spec.mentions if u.isdigit()],
        replied_user=False,
    )
    if ephemeral_ok and spec.ephemeral:
        kwargs["ephemeral"] = True
    return kwargs
