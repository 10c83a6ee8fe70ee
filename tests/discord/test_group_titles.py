"""#25: a "choose a row first" menu never shows a verb as a group's name. Amsterdam groups a
ship decision's cells by row and puts "ship stay" in a group of its own, named by its verb:
a Japanese channel read "ship" in the menu (the native-channel scan caught it in some games)."""

from __future__ import annotations

import random

import pytest

from bot.discord.controls import group_select
from engine.amsterdam.registration import VARIANT_NAMES
from engine.core import options_of
from engine.i18n import speaking
from engine.registry import table_game

VERBS = {"ship", "remove", "pass", "place", "play", "show", "buy", "stay", "none"}


@pytest.mark.parametrize("lang", ["ja", "hu", "it"])
@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_no_group_is_named_by_a_verb(lang: str, variant: str) -> None:
    game = table_game("amsterdam")
    seen_groups = 0
    for seed in range(6):
        state = game.new_state(["Ann", "Bo"], seed, {"variant": variant})
        rng = random.Random(seed)
        for _ in range(400):
            d = state.pending()
            if d is None:
                break
            options = options_of(d.options)
            if len({o.verb for o in options} & {"ship", "remove", "place"}) and len(options) > 1:
                with speaking(lang):
                    select = group_select("123", 1, 1, options, game_name="amsterdam")
                for opt in select.options:
                    seen_groups += 1
                    assert opt.label.strip().lower() not in VERBS, (lang, d.kind, opt.label)
            state.apply(d.seat, rng.choice(d.options))
    assert seen_groups > 0
