"""Issue #17 (item 10), AM-4.2: Amsterdam's "Reveal a card…" menu names each card as the hand
image does (colour, goods, crane, ship, gulden), not just "play 19"."""

from __future__ import annotations

from simcord import Env, ResponseMessage

from bot.devtools.discord_sim import controls, decision_message
from engine.amsterdam.presentation.controls import card_words
from tests.discord.test_sealed import amsterdam_table, choose_button, shown


async def test_the_reveal_menu_names_colour_goods_and_symbols(simcord_env: Env) -> None:
    env = simcord_env
    channel, alice, _bob = await amsterdam_table(env, "amsterdam-menu")
    stored = decision_message(env, channel)
    assert stored is not None
    opened = await alice.click(
        ResponseMessage(env, stored), custom_id=choose_button(stored)["custom_id"]
    )
    menus = [m for m in shown(opened) if any(c.get("type") == 3 for c in controls(m))]
    menu = next(c for c in controls(menus[-1]) if c.get("type") == 3)
    view = await env.bot.service.play.view(str(channel.id), alice.id)
    assert view is not None
    hand = view["me"]["hand"]
    labels = [o["label"] for o in menu["options"]]
    for card in hand:
        # e.g. "19 · red · tea+wine · gulden": the words under the card in the hand image
        words = card_words(card["label"])
        assert words is not None and words in labels, (words, labels)
        head, _, inner = card["text"].partition(" (")
        assert head.split()[0] in words  # the colour (or "water")
        for part in inner.rstrip(")").split(", ") if inner else []:
            assert part in words
    described = {o["label"]: o.get("description") for o in menu["options"]}
    first = hand[0]["label"]
    assert described[card_words(first)] == f"reveal this card (play {first})"
    assert "Pass" in labels


def test_card_words_follow_the_hand_image() -> None:
    assert card_words("27") == "27 · red · wine+spice · gulden"
    assert card_words("40") == "40 · black · crane · ship"
    assert card_words("customs") == "customs house"
    assert card_words("999") is None
