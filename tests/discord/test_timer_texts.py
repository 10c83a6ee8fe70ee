"""What players read of the turn timers in SimCord (#24): /settings refusals that name the
range (item 3), the reminder's one sentence (item 5), the "Take my seat back" button that
goes once the seat is back (item 6), and the pause vote's tally as a sentence (item 9)."""

from __future__ import annotations

from pathlib import Path

from simcord import ChannelHandle, Env, MemberActor, ResponseMessage

from bot.devtools.discord_sim import action_of, controls, raw_messages, texts
from tests.discord.conftest import make_bot
from tests.discord.test_sealed import shown
from tests.discord.test_turn_timer import all_text, deciding, three_player_table, two_player_table


def said(result: object) -> str:
    return "\n".join(texts(m) for m in shown(result))


async def test_settings_refusals_name_the_range(simcord_env: Env) -> None:
    """#24 item 3: `archive 9223372036854775808` was an internal error, `archive ³` Python's
    int() message, `remind 999999d` stored as typed; each is now refused privately with what
    is allowed, and the table's settings stay as they were."""
    env = simcord_env
    channel = env.create_guild().create_text_channel("settings-bounds")
    alice = env.guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "join")
    await alice.slash(channel, "settings", settings="evening archive 20")
    storage = env.bot.service.storage  # type: ignore[attr-defined]
    before = storage.timer_settings.get_timer_settings(str(channel.id))
    cases = {
        "archive 9223372036854775808": ("out of range", "archive takes whole days from 1 to 365"),
        "archive ³": ("digits 0–9", "archive takes whole days from 1 to 365"),
        "archive ①": ("digits 0–9", "archive takes whole days from 1 to 365"),
        "archive 999999": ("out of range", "archive takes whole days from 1 to 365"),
        "timer ³m": ("digits 0–9", "The turn timer takes a time from 1 min to 7 days"),
        "remind 999999d": ("out of range", "remind takes half, off or a time from 1 min"),
        "remind 15m": ("comes when the time has run out", "shorter than the turn timer"),
        "archive " + "9" * 150: ("out of range", "archive takes whole days from 1 to 365"),
    }
    for text, (problem, rule) in cases.items():
        answer = said(await alice.slash(channel, "settings", settings=text))
        assert problem in answer and rule in answer, (text, answer)
        assert "went wrong" not in answer and "invalid literal" not in answer
        assert storage.timer_settings.get_timer_settings(str(channel.id)) == before, text
    answer = said(await alice.slash(channel, "settings", settings="archive １００"))
    assert storage.timer_settings.get_timer_settings(str(channel.id)).archive_days == 100, answer


async def test_the_reminder_is_one_sentence(simcord_env: Env) -> None:
    """#24 item 5: the reminder read "@ann ⏰ ⏰ ann, it is your decision — 1 min left": one
    ⏰, the player named once (by the ping), one sentence."""
    env = simcord_env
    channel, alice, _bob = await two_player_table(env, "timer-reminder-text")
    late = deciding(env, channel)
    assert late is not None
    name = "alice" if str(alice.id) == late else "bob"
    await env.advance_time(70)
    reminders = [texts(m) for m in raw_messages(env, channel) if "⏰" in texts(m)]
    assert len(reminders) == 1
    note = reminders[0]
    assert note.count("⏰") == 1, note
    assert note.startswith(f"⏰ <@{late}>, it is your decision — "), note
    assert name not in note, "the ping names the player; his name is not said again"
    assert " left. Answer with the buttons" in note, note


def resume_buttons(env: Env, channel: ChannelHandle) -> list[tuple[ResponseMessage, str]]:
    return [
        (ResponseMessage(env, m), c["custom_id"])
        for m in raw_messages(env, channel)
        for c in controls(m)
        if action_of(c["custom_id"]) == "resume" and not c.get("disabled")
    ]


async def taken_over(env: Env, name: str) -> tuple[ChannelHandle, MemberActor]:
    channel, alice, bob = await two_player_table(env, name)
    late = deciding(env, channel)
    assert late is not None
    await env.advance_time(130)  # past the 2 min timeout: an AI plays the seat
    assert "ran out of time" in all_text(env, channel)
    assert len(resume_buttons(env, channel)) == 1
    return channel, alice if str(alice.id) == late else bob


async def test_the_take_my_seat_back_button_goes_once_the_seat_is_back(simcord_env: Env) -> None:
    """#24 item 6: the button stayed live after the seat was back (a second press said
    "already yours"): once pressed, the note keeps no live control and says the seat is back."""
    env = simcord_env
    channel, actor = await taken_over(env, "timer-resume-button")
    [(note, button)] = resume_buttons(env, channel)
    await actor.click(note, custom_id=button)
    assert "is back" in all_text(env, channel)
    assert resume_buttons(env, channel) == [], "no live 'Take my seat back' button is left"
    notes = [texts(m) for m in raw_messages(env, channel) if f"<@{actor.id}>" in texts(m)]
    assert any("has the seat back" in n for n in notes), notes


async def test_resume_also_retires_the_button(simcord_env: Env) -> None:
    """#24 item 6: taking the seat back with /resume retires the button as well."""
    env = simcord_env
    channel, actor = await taken_over(env, "timer-resume-slash")
    await actor.slash(channel, "resume")
    assert "is back" in all_text(env, channel)
    assert resume_buttons(env, channel) == []


async def test_the_vote_tally_is_a_sentence(simcord_env: Env) -> None:
    """#24 item 9: the tally read "(let an ai play the seat 0, keep waiting 0, end the game 0;
    2 of 2 decide)"; now a sentence with the counts that matter."""
    env = simcord_env
    channel, players = await three_player_table(env, "timer-tally", "live timeout pause")
    late = deciding(env, channel)
    assert late is not None
    voters = [p for p in players if str(p.id) != late]
    await env.advance_time(130)

    def tally() -> str:
        return next(texts(m) for m in raw_messages(env, channel) if "🗳️" in texts(m))

    first = tally()
    assert (
        "Votes so far: 0 votes to let an AI play, 0 votes to keep waiting, 0 votes to end the "
        "game." in first
    ), first
    await voters[0].slash(channel, "pausevote", choice="wait")
    shown_now = tally()
    assert (
        "Votes so far: 0 votes to let an AI play, 1 vote to keep waiting, 0 votes to end the "
        "game." in shown_now
    ), shown_now
    assert "The other 2 players vote: 2 votes decide." in shown_now, shown_now
    assert "let an ai" not in shown_now, "no lower-cased translation"


async def test_the_button_is_retired_also_after_a_restart(simcord_env: Env, db_path: Path) -> None:
    """#24 item 6: the live note is remembered in the database: after a restart, /resume
    still retires its button."""
    env = simcord_env
    channel, actor = await taken_over(env, "timer-resume-restart")
    await env.restart_bot(make_bot(db_path))
    await env.bot.tables_resumed.wait()  # type: ignore[attr-defined]
    await actor.slash(channel, "resume")
    assert "is back" in all_text(env, channel)
    assert resume_buttons(env, channel) == []
