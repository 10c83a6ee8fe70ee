"""Hostile input through the table service (issue #10 defects 2-4).

Thousands (2,500) of random, malformed, out-of-turn and hostile commands per position - numbers of
5,000 digits, 10 kB strings, NUL and control characters, lone surrogates, confusables,
markdown, mention syntax, SQL-looking text - from the deciding player, the other seated
players and strangers, at several positions of real games (reached by random legal moves from
a seed). Never an internal error; a refusal changes nothing (same state hash, same move count)
and says why in a bounded message without control characters.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.table.outputs import Code, Outcome, Reply
from bot.table.service import TableService
from tests.test_service_support import open_service, start, uid

CH = "hostile-table"
#: Longest refusal of the engine or the service (the help text, Code.HELP, is separate).
MAX_REFUSAL = 400

BIG = "9" * 5000
KB10 = "ponte " * 1800
FIXED: tuple[str, ...] = (
    f"exchange {BIG}",
    f"exchange {BIG} steps",
    f"exchange +{BIG}",
    f"exchange best {BIG}",
    f"play {BIG} ponte",
    f"play ponte x{BIG}",
    f"play {BIG}",
    f"x {BIG}",
    "exchange 4301 steps",
    "exchange " + "0" * 5000 + "5",
    "play " + KB10,
    "place " + "C3 " * 3500,
    "a" * 11_000,
    "\x00",
    "play\x00ponte",
    "done\x00",
    "\x1b[31mdone\x1b[0m",
    "\u202eecnop yalp",
    "play\u200b ponte",
    "play 2 ponte\u202e",
    "\ud800",
    "play \udfff ponte",
    "exchange \ud83d",
    "plаy ponte",  # Cyrillic a
    "ＰＬＡＹ ponte",  # fullwidth
    "pl\u0430y 2 p\u043ente",
    "exchange ²",
    "exchange ٣",
    "play ١ ponte",
    "play ² ponte",
    "exchange 5 steps",
    "exchange 0",
    "place C３",
    "drain Ｃ3",
    "**play** `ponte`",
    "||done||",
    "[done](https://example.com)",
    "> play _ponte_",
    "<@123456789012345678>",
    "@everyone",
    "@here play ponte",
    "<#123456789012345678> done",
    "<@&1> draw deck",
    "'; DROP TABLE moves; --",
    "play ponte' OR '1'='1",
    '" OR 1=1 --',
    "build ponte solo solo",
    "build ' OR 1=1",
    "score ' OR 1=1",
    "discard \x00",
    "draw " + "deck " * 2000,
    "swap \ud800",
    "help",
    "?",
    "",
    "   ",
    "/",
    "!!!",
    "place",
    "drain",
    "score",
    "build",
    "flip now",
    "done done",
    "play -1 ponte",
    "play 0 ponte",
    "play ponte x0",
    "play ponte x-1",
    "exchange -5",
    "exchange 7",
    "exchange 6 6 6 6 6 6 6 6 6",
    "exchange 1 steps",
    "exchange 999 steps",
)

WORDS = (
    "play",
    "flip",
    "build",
    "place",
    "score",
    "done",
    "discard",
    "drain",
    "draw",
    "swap",
    "exchange",
    "ponte",
    "casa",
    "palazzo",
    "campo",
    "basilica",
    "solo",
    "deck",
    "steps",
    "橋",
    "家",
    "C3",
    "K1",
    "M2",
    "P10",
    "D4",
    "x2",
    "2",
    "0",
    "6",
    "+1",
    "C",
    "K",
    "-",
    BIG[:4400],
    "\x00",
    "\x1b",
    "\u202e",
    "\u200b",
    "\ud800",
    "\udfff",
    "'",
    '"',
    ";",
    "--",
    "<@1>",
    "@everyone",
    "**",
    "`",
    "||",
    "\n",
    "\t",
    "ａ",
    "Ｃ３",
    "²",
    "٣",
)


def random_command(rng: random.Random) -> str:
    """A random command: word salad from WORDS, random code points, or a fixed hostile one."""
    roll = rng.random()
    if roll < 0.25:
        return rng.choice(FIXED)
    if roll < 0.75:
        count = rng.choice((1, 2, 2, 3, 3, 4, 6, 12))
        words = [rng.choice(WORDS) for _ in range(count)]
        if rng.random() < 0.6:  # most start with a real verb, so the engine sees them
            words[0] = rng.choice(WORDS[:11])
        return " ".join(words)
    length = rng.choice((1, 3, 8, 30, 300, 2000))
    return "".join(_random_char(rng) for _ in range(length))


def mutate(option: str, rng: random.Random) -> str:
    """A legal command with one word added, doubled, replaced or dropped."""
    words = option.split()
    at = rng.randrange(len(words) + 1)
    how = rng.randrange(4)
    if how == 0:
        words.insert(at, rng.choice(WORDS))
    elif how == 1 and at < len(words):
        words.insert(at, words[at])
    elif how == 2 and at < len(words):
        words[at] = rng.choice(WORDS)
    elif len(words) > 1:
        del words[-1]
    return " ".join(words)


def _random_char(rng: random.Random) -> str:
    band = rng.random()
    if band < 0.3:
        return chr(rng.randrange(0x20, 0x7F))
    if band < 0.45:
        return chr(rng.randrange(0, 0x20))
    if band < 0.55:
        return chr(rng.randrange(0xD800, 0xE000))  # lone surrogates
    if band < 0.65:
        return rng.choice("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200b\ufeff")
    return chr(rng.randrange(0x80, 0x110000))


HOSTILE_IDS = (
    "\ud800",
    "x" * 10_000,
    "",
    "a\x00b",
    "<@everyone>",
    "'; DROP TABLE seats; --",
    "id with spaces",
    "\u202eevil",
)


def assert_clean(out: Outcome | Reply, *, what: str) -> None:
    """No internal error; a refusal is bounded and free of control characters."""
    code, error = out.code, out.error
    assert code != Code.INTERNAL, f"{what}: internal error"
    if error is None:
        return
    assert error.strip(), what
    if code == Code.HELP:
        bad = [c for c in error if c != "\n" and unicodedata.category(c).startswith("C")]
    else:
        assert len(error) <= MAX_REFUSAL, f"{what}: {len(error)} characters: {error[:200]!r}"
        bad = [c for c in error if unicodedata.category(c).startswith("C")]
    assert not bad, f"{what}: control characters {bad!r} in {error[:200]!r}"


def table_hash(svc: TableService) -> tuple[int, str]:
    """Move count and state hash of the channel's game, as the service holds it (a test may
    peek: the hash is the one the service checks at restore)."""
    state = svc.tables.get(CH).state
    assert state is not None
    return len(state.history), state.state_hash()


async def reach(svc: TableService, moves: int, rng: random.Random) -> None:
    """Play ``moves`` random legal moves through the service (fewer if the game ends)."""
    for _ in range(moves):
        d = await svc.play.decision(CH)
        if d is None:
            return
        assert d.user_id is not None
        options = await svc.play.options_for(CH, d.user_id, limit=None)
        out = await svc.play.command(CH, d.user_id, rng.choice(options))
        assert out.accepted, out.error


@pytest.fixture
async def svc(db_target: Path | str) -> AsyncIterator[TableService]:
    service = open_service(db_target, images=False, hand_images=False)
    yield service
    service.close()


POSITIONS = [(2, 4, 0), (2, 4, 35), (3, 9, 12), (3, 9, 70), (4, 21, 50), (5, 17, 25)]


@pytest.mark.parametrize(("players", "seed", "moves"), POSITIONS)
async def test_thousands_of_hostile_commands_change_nothing(
    svc: TableService, players: int, seed: int, moves: int
) -> None:
    rng = random.Random(seed * 1000 + moves)
    await start(svc, CH, players, seed)
    await reach(svc, moves, rng)
    seated = [uid(i) for i in range(players)]
    strangers = ["stranger", "user99", *HOSTILE_IDS]
    before = table_hash(svc)
    refusals = accepted = 0
    for i in range(2500):
        d = await svc.play.decision(CH)
        if d is None:
            break
        assert d.user_id is not None
        who = rng.random()
        sender = d.user_id if who < 0.5 else rng.choice(seated if who < 0.8 else strangers)
        text = random_command(rng)
        if rng.random() < 0.15:  # a real option of the decider, bent a little
            options = await svc.play.options_for(CH, d.user_id, limit=None)
            text = mutate(rng.choice(options), rng) if options else text
        kwargs: dict[str, Any] = {}
        if rng.random() < 0.1:
            kwargs["idempotency_key"] = rng.choice((*HOSTILE_IDS, f"key-{i}"))
        if rng.random() < 0.05:
            kwargs["expect_seq"] = rng.choice((-1, 10**5000, -(10**5000), before[0], 2**70))
        out = await svc.play.command(CH, sender, text, **kwargs)
        assert_clean(out, what=f"{sender[:20]!r} sent {text[:60]!r}")
        if out.accepted:  # a random command may be legal now and then
            accepted += 1
            for text_out in out.texts:
                assert not [c for c in text_out if c != "\n" and unicodedata.category(c)[0] == "C"]
            before = table_hash(svc)
            continue
        refusals += 1
        assert table_hash(svc) == before, f"refused {text[:60]!r} changed the game"
        assert out.public == () and out.private == ()
    assert refusals > 2000
    assert accepted < refusals // 20


async def test_hostile_ids_names_and_arguments_on_every_call(svc: TableService) -> None:
    """Every public call with hostile channel ids, user ids, names, game names, AI levels,
    seeds, seats and topics: a specific refusal or a clean success, never an internal error."""
    calls: list[tuple[str, Callable[[], Any]]] = []
    for bad in HOSTILE_IDS:
        calls += [
            ("join channel", lambda b=bad: svc.lobby.join(b, "u1", "Name")),
            ("join user", lambda b=bad: svc.lobby.join(CH, b, "Name")),
            ("join guild", lambda b=bad: svc.lobby.join(CH, "u9", "Name", guild_id=b)),
            ("join game", lambda b=bad: svc.lobby.join(CH, "u9", "Name", game=b)),
            ("leave", lambda b=bad: svc.lobby.leave(b, b, ai_level=b)),
            ("start", lambda b=bad: svc.lobby.start(b, b, game=b)),
            ("start game", lambda b=bad: svc.lobby.start(CH, "u1", game=b)),
            ("command user", lambda b=bad: svc.play.command(CH, b, "done")),
            ("command key", lambda b=bad: svc.play.command(CH, "u1", "done", idempotency_key=b)),
            ("abort", lambda b=bad: svc.lobby.abort(b, b)),
            ("add_ai", lambda b=bad: svc.lobby.add_ai(CH, "u1", level=b)),
            ("remove_ai", lambda b=bad: svc.lobby.remove_ai(b, b)),
            ("replace", lambda b=bad: svc.seats.replace_with_ai(CH, "u1", b, level=b)),
            ("command channel", lambda b=bad: svc.play.command(b, "u1", "done")),
            ("board", lambda b=bad: svc.play.board(b)),
            ("hand", lambda b=bad: svc.play.hand(CH, b)),
            ("status", lambda b=bad: svc.play.status(b)),
            ("log", lambda b=bad: svc.play.log(b)),
            ("rules", lambda b=bad: svc.play.rules(b)),
        ]
    for number in (10**5000, -(10**5000), 2**64, -1):
        calls += [
            ("start seed", lambda n=number: svc.lobby.start(CH, "u1", seed=n)),
            ("remove_ai seat", lambda n=number: svc.lobby.remove_ai(CH, "u1", seat=n)),
            ("log limit", lambda n=number: svc.play.log(CH, limit=n)),
        ]
    for digits in (BIG, "-" + BIG, "²", "٣", "0" * 5000 + "1"):
        calls.append(("add_ai level", lambda d=digits: svc.lobby.add_ai(CH, "u1", level=d)))
    assert (await svc.lobby.join(CH, "u1", "Host")).accepted
    for what, call in calls:
        result = await call()
        assert_clean(result, what=what)
    # the reads that answer plain data never raise either
    for bad in HOSTILE_IDS:
        assert await svc.play.view(bad) is None
        assert await svc.play.options_for(bad, bad) == []
        assert await svc.play.options_reason(bad, bad) != Code.INTERNAL
        assert await svc.play.decision(bad) is None


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Al\x00ice\x1b[31m", "Alice[31m"),
        ("\u202eevil\u202c  twin\n", "evil twin"),
        ("\ud800", "player"),
        ("x" * 5000, "x" * 32),
        ("Bob\u200b", "Bob"),
    ],
)
async def test_names_are_normalized_before_any_text_sees_them(
    svc: TableService, raw: str, shown: str
) -> None:
    out = await svc.lobby.join(CH, "u1", raw)
    assert out.accepted, out.error
    assert out.public[0].text.startswith(f"{shown} joins")
    assert (await svc.lobby.join(CH, "u2", "Second")).accepted
    started = await svc.lobby.start(CH, "u1", seed=1)
    assert started.accepted, started.error
    view = await svc.play.view(CH)
    assert view is not None
    assert view["players"][0]["name"] == shown
    for text in [*started.texts, (await svc.play.status(CH)).text]:
        assert not any(unicodedata.category(c) in ("Cc", "Cf", "Cs") and c != "\n" for c in text)


async def test_the_issue_examples_get_specific_refusals(svc: TableService) -> None:
    await start(svc, CH, 3, seed=5)
    d = await svc.play.decision(CH)
    assert d is not None and d.user_id is not None
    examples = {
        f"exchange {BIG}": "at most 300",
        f"play {BIG} ponte": "at most 300",
        f"exchange {BIG[:290]}": "not a token value",
        f"play {BIG[:280]} ponte": "far too large",
        f"exchange {BIG[:280]} steps": "far too large",
        "play \ud800 ponte": "lone surrogate",
        "play ponte\x00": "control characters",
        "a" * 11_000: "at most 300",
        "\u202eplay ponte": "control characters",
    }
    before = table_hash(svc)
    for text, reason in examples.items():
        out = await svc.play.command(CH, d.user_id, text)
        assert not out.accepted and out.code in (Code.MALFORMED, Code.ILLEGAL), out
        assert out.error is not None and reason in out.error, out.error
        assert_clean(out, what=text[:30])
    quoted = await svc.play.command(CH, d.user_id, "play " + "zz\x1b" * 3000)
    assert quoted.error is not None and "\x1b" not in quoted.error and len(quoted.error) < 200
    assert table_hash(svc) == before


@settings(
    max_examples=150,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(text=st.text(max_size=60) | st.from_regex(r"(exchange|play|x|place) [0-9²٣]{1,6000}"))
def test_generated_text_through_the_engine_parser(text: str) -> None:
    """The engine alone (no service guard in front): any text gives a legal move or an
    IllegalMove with a bounded, clean message - never another exception."""
    from engine.core import IllegalMove
    from engine.venezia import VeneziaState

    state = _ENGINE_STATE
    before = state.state_hash()
    d = state.pending()
    assert d is not None
    try:
        state.canonical(d.seat, text)
    except IllegalMove as exc:
        message = str(exc)
        assert len(message) <= MAX_REFUSAL
        assert not any(unicodedata.category(c).startswith("C") for c in message), message
    assert state.state_hash() == before
    assert isinstance(state, VeneziaState)


def _engine_state() -> Any:
    from engine.venezia import VeneziaState

    return VeneziaState.new(["A", "B", "C"], 3)


_ENGINE_STATE = _engine_state()


def test_the_terminal_reads_huge_and_unicode_numbers_without_crashing(tmp_path: Path) -> None:
    """At the terminal prompt a number picks an option and 'log N' counts lines: 5,000 digits
    and digits that int() cannot read (superscripts) get a refusal, not a traceback."""
    import io

    from bot.table.render import PlaceholderRenderer
    from bot.terminal import play as terminal

    class Piped(io.StringIO):
        def isatty(self) -> bool:
            return False

    lines = [BIG, "²", "٣", f"log {BIG}", "log ²", "0" * 5000 + "1", "quit"]
    out = io.StringIO()
    argv = ["--ai", "random", "--seed", "5", "--name", "Anna"]
    argv += ["--out", str(tmp_path / "out"), "--db", str(tmp_path / "t.sqlite3")]
    feed = Piped("".join(f"{x}\n" for x in lines))
    rc = terminal.main(argv, stdin=feed, stdout=out, renderer=PlaceholderRenderer())  # type: ignore[arg-type]
    text = out.getvalue()
    assert rc == 0, text[-2000:]
    assert "✗ no option 99999999999…" in text
    assert "Traceback" not in text and "internal error" not in text
