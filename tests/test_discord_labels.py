"""The table speaks people's words: every prompt, button and menu label, menu placeholder and
item description the Discord controls show in whole random games of every table game holds no
rule ID (they belong in /rules) and no raw command where a label belongs (``vote santacroce``,
``place A6``); Canal Grande's hand reads as its board and news name the cards."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.discord.controls import (
    decision_components,
    filter_options,
    group_choice_spec,
    private_choice_spec,
)
from bot.discord.live import decision_line
from bot.discord.multi import private_multi_spec
from bot.discord.sealed import private_only
from bot.discord.specs import ButtonSpec, Component, SelectSpec, controls_for
from bot.table.outputs import RULE_ID
from engine.registry import table_registrations
from tests.test_service_support import open_service

CHANNEL = "123456789"


def _shown(comps: tuple[Component, ...]) -> Iterator[tuple[str, str]]:
    for c in comps:
        if isinstance(c, ButtonSpec):
            yield "label", c.label
        elif isinstance(c, SelectSpec):
            yield "placeholder", c.placeholder
            for o in c.options:
                yield "label", o.label
                if o.description:
                    yield "description", o.description


async def _play(tmp_path: Path, game: str, players: int, seed: int) -> tuple[set, set, list]:
    """Texts shown in one random game (kind, text), the verbs its options used, hand texts."""
    svc = open_service(tmp_path / f"{game}.db")
    try:
        for i in range(players):
            out = await svc.lobby.join(CHANNEL, f"u{i}", f"P{i}", game)
            assert out.accepted, out.error
        out = await svc.lobby.start(CHANNEL, "u0", seed=seed)
        assert out.accepted, out.error
        rng = random.Random(seed)
        shown: set[tuple[str, str]] = set()
        verbs: set[str] = set()
        hands: list[str] = []
        for _ in range(3000):
            ds = await svc.play.decisions(CHANNEL)
            if not ds:
                break
            d = ds[0]
            assert d.user_id is not None
            shown |= {("prompt", d.prompt), ("prompt", decision_line(d))}
            shown |= set(_shown(decision_components(private_only(d))))
            mine = await svc.play.choices_for(CHANNEL, d.user_id, limit=None)
            verbs |= {o.verb for o in mine}
            rules = controls_for(d.game)
            public = d.choices
            if public is None or d.sealed:
                flt = rules.private_choices.get(d.kind, ("", "all"))[1]
                own = filter_options(mine, flt, d.game)
                specs = [private_multi_spec(d, own)]
                specs.append(
                    private_choice_spec(CHANNEL, d.game_id, d.seq, own, "Yours", game_name=d.game)
                )
            else:
                groups = {rules.option_group(o) for o in public}
                specs = [
                    group_choice_spec(CHANNEL, d.game_id, d.seq, public, g, "d", d.game)
                    for g in sorted(groups)
                ]
            for spec in specs:
                if spec is not None:
                    shown.add(("note", spec.content or ""))
                    shown |= set(_shown(spec.components))
            hands.append((await svc.play.hand(CHANNEL, d.user_id)).text)
            out = await svc.play.command(CHANNEL, d.user_id, rng.choice(mine).command)
            assert out.accepted, out.error
        return shown, verbs, hands
    finally:
        svc.close()


@pytest.mark.parametrize("game", [r.name for r in table_registrations()])
async def test_controls_speak_peoples_words(tmp_path: Path, game: str) -> None:
    players = 3 if game == "venezia" else 2
    shown, verbs, hands = await _play(tmp_path, game, players, seed=5)
    assert len(shown) > 20 and verbs
    cited = sorted(text for _, text in shown if RULE_ID.search(text))
    assert not cited, cited
    raw = sorted(
        text
        for kind, text in shown
        if kind == "label" and any(text == v or text.startswith(f"{v} ") for v in verbs)
    )
    assert not raw, raw
    if game == "canal_grande":
        ids = ("sanmarco", "santacroce", "sanpolo", "cannaregio", "castello", "dorsoduro")
        named = [h for h in hands if any(i in h for i in ids)]
        assert not named, named[:3]
