"""Texts composed in the language's own way (#25 "Structural defects"): lists joined by the
language's list pattern, no case change or surgery on a translated text, counts as plural
messages, the Hungarian article computed, no empty or raw-id fillers."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.i18n import Listed, counted, either, listed, say, speaking

ROOT = Path(__file__).resolve().parents[1]
PLAYER_CODE = ("engine", "bot", "render", "chat")


def _sources() -> list[Path]:
    return sorted(p for top in PLAYER_CODE for p in (ROOT / top).rglob("*.py"))


def _functions(tree: ast.AST) -> dict[ast.AST, str]:
    """Each node's enclosing function name ("" at module level)."""
    owner: dict[ast.AST, str] = {}

    def walk(node: ast.AST, name: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = (
                child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else name
            )
            owner[child] = inner
            walk(child, inner)

    walk(tree, "")
    return owner


# --- lists (#25 "Lists joined by the language's own pattern") -------------------------------


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "A, B, and C"), ("ja", "A、B、C"), ("hu", "A, B és C"), ("it", "A, B e C")],
)
def test_a_list_is_joined_by_the_languages_own_pattern(lang: str, expected: str) -> None:
    """#25 item 3: CLDR's list pattern (Babel's format_list), not a hand-written ", "."""
    with speaking(lang):
        assert listed(["A", "B", "C"]) == expected


def test_two_items_choices_and_amounts() -> None:
    """#25 item 3: "A and B", choices with "or", amounts without a conjunction in English."""
    with speaking("en"):
        assert listed(["A", "B"]) == "A and B"
        assert either(["A", "B", "C"]) == "A, B, or C"
        assert counted(["tower 2", "palazzo 1"]) == "tower 2, palazzo 1"
        assert listed([]) == ""
    with speaking("hu"):
        assert either(["A", "B"]) == "A vagy B"
        assert counted(["A", "B"]) == "A és B"
    with speaking("ja"):
        assert either(["A", "B"]) == "AまたはB"
        assert counted(["A", "B", "C"]) == "A、B、C"


@pytest.mark.parametrize("lang", ["en", "ja", "hu", "it"])
def test_the_list_patterns_are_babels(lang: str) -> None:
    """#25 item 3: the patterns read once give what Babel's ``format_list`` gives."""
    from babel.lists import format_list

    for style, make in (("standard", listed), ("or", either)):
        for n in range(1, 6):
            items = list("ABCDE"[:n])
            with speaking(lang):
                assert make(items) == format_list(items, style=style, locale=lang)


def test_a_list_is_said_again_in_the_readers_language() -> None:
    """#25 item 3: a list made in the table's language is said again item by item (and with
    the reader's pattern) for someone who reads another language."""
    from engine.venezia.presentation.words import building_name

    with speaking("en"):
        names = listed([building_name("campo"), building_name("ponte")])
    assert isinstance(names, Listed)
    assert names == "campo and ponte"
    hu = say(names, "hu")
    assert " és " in hu and "ponte" not in hu
    assert "、" in say(names, "ja")


# Modules and functions whose comma-joined lists no player reads (logs, developer errors).
JOIN_EXEMPT = {
    ("engine/ai/base.py", "level_player"): "a developer's ValueError (# not for players)",
    ("engine/ai/__init__.py", "get_ai"): "a developer's ValueError (# not for players)",
    ("engine/registry.py", "register"): "a developer's ValueError at registration",
    ("engine/registry.py", "of"): "a developer's KeyError (image kinds)",
    ("engine/amsterdam/cards.py", "build_cards"): "a components file's error (developers)",
    ("engine/canal_grande/cards.py", "parse_components"): "a components file's error",
    ("engine/venezia/board_parse.py", "_check_keys"): "a board file's error (developers)",
    ("engine/venezia/board_parse.py", "_parse_hexes"): "a board file's error (developers)",
    ("engine/venezia/board_parse.py", "_neighbors"): "a board file's error (developers)",
    ("engine/venezia/board_parse.py", "_parse_prebuilt"): "a board file's error (developers)",
    ("bot/cli.py", "_main"): "shell syntax {a,b} in a usage line: the comma is typed syntax",
    ("bot/devtools/selfplay_cmd.py", "main"): "a developer tool's --help",
    ("bot/devtools/ladder_cmd.py", "main"): "a developer tool's --help (#28)",
    ("bot/devtools/ladder_cmd.py", "timings"): "a developer tool's figures (#28)",
    ("bot/discord/settings.py", "_choice"): "the operator's settings error",
    ("bot/discord/settings.py", "describe"): "the start-up log line",
    ("bot/discord/sync.py", "main"): "the operator's console output",
    ("bot/discord/app.py", "main"): "the operator's console output",
    ("bot/storage/connection.py", "open"): "the operator's configuration error",
    ("bot/storage/stats.py", "_rate_stored"): "SQL placeholders, not words",
    ("bot/storage/sql.py", "insert"): "SQL column names and placeholders, not words",
    ("render/bench.py", "main"): "the benchmark's command-line error",
    ("render/golden.py", "golden_cases"): "the golden tool's command-line error (developers)",
}


def test_no_hand_written_comma_list_in_player_texts() -> None:
    """#25 item 3: no ``", ".join(...)`` in code that makes player texts (named exemptions)."""
    found: list[str] = []
    used: set[tuple[str, str]] = set()
    for path in _sources():
        rel = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        owner = _functions(tree)
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "join"
                and isinstance(node.func.value, ast.Constant)
                and isinstance(node.func.value.value, str)
                and node.func.value.value.strip() == ","
            ):
                continue
            key = (rel, owner.get(node, ""))
            if key in JOIN_EXEMPT:
                used.add(key)
                continue
            found.append(f"{rel}:{node.lineno} in {key[1] or 'module'}")
    assert not found, "comma-joined lists in player texts (use engine.i18n.listed):\n" + "\n".join(
        found
    )
    assert used == set(JOIN_EXEMPT), f"stale exemptions: {set(JOIN_EXEMPT) - used}"


# --- fillers (#25 "Amsterdam's source text", "Canal Grande's revealed: {cards}") ---------


def test_no_message_has_empty_parentheses() -> None:
    """#25 item 6: "it is nobody's decision now (), not yours" had an empty "()"."""
    from babel.messages.pofile import read_po

    bad = []
    for pot in sorted((ROOT / "data").rglob("*.pot")):
        with pot.open("rb") as fh:
            for message in read_po(fh):
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                bad += [i for i in ids if i and "()" in i]
    assert not bad


@pytest.mark.parametrize("lang", ["en", "ja", "hu", "it"])
def test_canal_grande_revealed_cards_are_named_in_the_readers_language(lang: str) -> None:
    """#25 item 6: ``revealed: {cards}`` was filled with raw ids (doge, n1, traitor)."""
    from engine.canal_grande.presentation import texts
    from engine.canal_grande.state import CanalGrandeState

    state = CanalGrandeState.new(["Anna", "Ben"], 5)
    view = state.public_view()
    view["table"] = ["doge", "n1", "traitor", "sanmarco"]
    with speaking(lang):
        line = texts.status_lines(view)[-1]
    for raw in ("doge", "n1", "traitor", "sanmarco"):
        assert raw not in line.split(), line
    assert "San Marco" in line
    if lang == "en":
        assert "doge, number 1, traitor, and San Marco" in line


# --- case changes (#25 "No .lower() or other case change of a translated text") --------------

CASE_CHANGES = {"lower", "upper", "capitalize", "title", "casefold", "swapcase", "replace"}
#: Functions whose result is a translated text (the catalog calls and the helpers made of them).
TEXT_MAKERS = {
    "_",
    "_n",
    "_p",
    "say",
    "listed",
    "either",
    "counted",
    "building_name",
    "building_label",
    "role_name",
    "role_word",
    "special_name",
    "number_name",
    "card_name",
    "reveal_name",
    "colour_name",
    "hand_text",
    "variant_title",
}
# Where a translated text's case is changed on purpose, and why.
CASE_EXEMPT = {
    ("engine/i18n/text.py", "__new__"): "Sentence: the one, tested, first capital of a message",
    ("engine/amsterdam/commands.py", "_tables"): (
        "parsing: a name without its spaces is also what a player may type"
    ),
}
#: Parameters that carry a translated text into a drawing or a reply helper (a caption's
#: ``text``, a header's ``title``, an end ``reason``): their case is not changed either.
TEXT_PARAMETERS = {"text", "title", "reason", "caption", "label", "prompt"}
CAPITALS = {"upper", "capitalize", "title"}


def _is_text_call(node: ast.AST) -> bool:
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        if name in TEXT_MAKERS:
            return True
        if name == "str" and node.args:
            return _is_text_call(node.args[0])
    if isinstance(node, ast.BoolOp):  # ``view.get("reason") or _("the game is over")``
        return any(_is_text_call(v) for v in node.values)
    return False


def _case_changes(tree: ast.AST) -> list[tuple[ast.Call, str]]:
    """Case changes (and ``replace``) whose receiver is a translated text: a text maker's
    result, a slice of one, or a name assigned one in the same function."""
    out: list[tuple[ast.Call, str]] = []
    scopes = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    for scope in [tree, *scopes]:
        texts: set[str] = set()
        params: set[str] = set()  # a parameter may also be typed input, folded for parsing
        if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef):
            params = {a.arg for a in scope.args.args if a.arg in TEXT_PARAMETERS}
        for node in ast.walk(scope):
            if isinstance(node, ast.Assign) and _is_text_call(node.value):
                texts |= {t.id for t in node.targets if isinstance(t, ast.Name)}
            if (
                isinstance(node, ast.AnnAssign)
                and node.value is not None
                and _is_text_call(node.value)
                and isinstance(node.target, ast.Name)
            ):
                texts.add(node.target.id)

        def held(
            node: ast.AST, how: str, texts: set[str] = texts, params: set[str] = params
        ) -> bool:
            if isinstance(node, ast.Subscript):
                node = node.value
            if isinstance(node, ast.Name) and node.id in params and how in CAPITALS:
                return True
            return _is_text_call(node) or (isinstance(node, ast.Name) and node.id in texts)

        for node in ast.walk(scope):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in CASE_CHANGES
                and held(node.func.value, node.func.attr)
            ):
                out.append((node, node.func.attr))
    return out


def test_the_scan_finds_a_case_change_of_a_translated_text() -> None:
    """#25 item 2: the scan below sees what it must refuse (and leaves typed input alone)."""
    code = (
        "def f(level, typed):\n"
        "    a = _('let an AI play').lower()\n"
        "    prompt = say(d.prompt)\n"
        "    b = prompt[:1].upper() + prompt[1:]\n"
        "    c = building_name(kind).capitalize()\n"
        "    d = _n('{n} card', '{n} cards', 2).replace('card', 'x')\n"
        "    return typed.strip().casefold()\n"
        "def caption(draw, xy, text):\n"
        "    draw_text(draw, xy, text.upper())\n"
        "def end(view):\n"
        "    reason = str(view.get('reason') or _('the game is over'))\n"
        "    return reason[:1].title() + reason[1:]\n"
    )
    found = sorted({id(node): how for node, how in _case_changes(ast.parse(code))}.values())
    assert found == ["capitalize", "lower", "replace", "title", "upper", "upper"]


def test_no_case_change_of_a_translated_text() -> None:
    """#25 item 2: no ``.lower()``/``.upper()``/``.capitalize()``/``.title()``/``.casefold()``
    (or ``.replace()``) of a translated text ("let an **ai** play", Hungarian "játsszon **mi**"
    = "we"); a sentence's first letter is :func:`engine.i18n.sentence`'s, typed input may be
    folded for parsing."""
    found: list[str] = []
    used: set[tuple[str, str]] = set()
    for path in _sources():
        rel = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        owner = _functions(tree)
        seen: set[int] = set()
        for node, how in _case_changes(tree):
            if id(node) in seen:
                continue
            seen.add(id(node))
            key = (rel, owner.get(node, ""))
            if key in CASE_EXEMPT:
                used.add(key)
                continue
            found.append(f"{rel}:{node.lineno} .{how}() in {key[1] or 'module'}")
    assert not found, "case changes of translated texts:\n" + "\n".join(found)
    assert used == set(CASE_EXEMPT), f"stale exemptions: {set(CASE_EXEMPT) - used}"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "Nobody"), ("hu", "Senki"), ("it", "Nessuno"), ("ja", "なし")],
)
def test_a_sentence_begins_with_the_messages_capital(lang: str, expected: str) -> None:
    """#25 item 2: the first letter of a message that starts a reply is capitalised only where
    the message itself begins with a lowercase letter, in the reader's language."""
    from engine.i18n import sentence, table_messages

    with speaking("en"):
        text = sentence(table_messages.text("nobody"))
    assert say(text, lang).startswith(expected[:2])


def test_a_sentence_never_changes_a_players_name() -> None:
    """#25 item 2: a message that begins with a filler (a player's name) keeps it as typed."""
    from engine.i18n import sentence, table_messages

    with speaking("en"):
        text = sentence(table_messages.text("{name} [AI]", name="bob"))
    assert text == "bob [AI]"
    assert sentence("plain words") == "plain words"


def test_venezia_building_labels_are_messages_not_capitalised_names() -> None:
    """#25 item 2: the buttons' building names were ``building_name(...).capitalize()``, a
    plain ``str`` frozen in the table's language; now their own messages, said again."""
    from chat.venezia.controls import option_label
    from engine.core import Option

    with speaking("en"):
        label = option_label(Option.of("play 2 ponte casa"))
    assert label == "Play: 2 × Ponte, Casa"
    assert say(label, "hu").count("Híd") == 1 and "Ház" in say(label, "hu")


# --- the Hungarian article (#25 "Hungarian article computed, not a(z)") -----------------------


@pytest.mark.parametrize(
    ("word", "article"),
    [
        ("F6", "az"),  # ef
        ("B2", "a"),
        ("A", "az"),  # az A-ajánlat
        ("B", "a"),
        ("L4", "az"),  # el
        ("M", "az"),
        ("N2", "az"),
        ("R1", "az"),
        ("S3", "az"),  # es
        ("X", "az"),  # iksz
        ("H2", "a"),  # há
        ("1", "az"),  # egy
        ("5", "az"),  # öt
        ("2", "a"),
        ("10", "a"),  # tíz
        ("15", "a"),  # tizenöt
        ("27", "a"),
        ("50", "az"),  # ötven
        ("100", "a"),  # száz
        ("500", "az"),  # ötszáz
        ("1000", "az"),  # ezer
        ("2000", "a"),  # kétezer
        ("Anna", "az"),
        ("Éva", "az"),
        ("Ödön", "az"),
        ("San Marco", "a"),
        ("Dorsoduro", "a"),
        ("'alma'", "az"),
        ("'venice'", "a"),
        ("", "a"),
    ],
)
def test_the_hungarian_article_is_computed(word: str, article: str) -> None:
    """#25 item 5: "az" before a vowel sound (letters and numbers as read), "a" otherwise."""
    from engine.i18n.articles import hungarian_article

    assert hungarian_article(word) == article


def test_a_message_writes_the_article_with_a_format_spec() -> None:
    """#25 item 5: ``{x:az}`` / ``{x:Az}`` is the article ``x`` takes; nothing else changes."""
    from engine.i18n.articles import fill

    assert fill("{cell:Az} {cell} mező üres", {"cell": "F6"}) == "Az F6 mező üres"
    assert fill("{cell:az} {cell} mezőre", {"cell": "B2"}) == "a B2 mezőre"
    assert fill("{n:az} {n}. forduló", {"n": 5}) == "az 5. forduló"
    assert fill("round {n:>3}", {"n": 5}) == "round   5"
    assert fill("{a} and {b}", {"a": "x", "b": "y"}) == "x and y"


def _hu_catalogs() -> list[Path]:
    return sorted(ROOT.glob("data/**/hu/LC_MESSAGES/*.po"))


def test_no_hungarian_message_says_a_z() -> None:
    """#25 item 5: no "a(z)" left in the Hungarian catalogs: the article is computed."""
    from babel.messages.pofile import read_po

    found = []
    for po in _hu_catalogs():
        with po.open("rb") as fh:
            for message in read_po(fh):
                forms = message.string if isinstance(message.string, tuple) else (message.string,)
                found += [f for f in forms if f and ("a(z)" in f or "A(z)" in f)]
    assert not found, found[:5]


def test_every_hungarian_article_spec_fills() -> None:
    """#25 item 5: each message with ``{x:az}`` fills (and only Hungarian uses the spec)."""
    import re

    from babel.messages.pofile import read_po

    from engine.i18n.articles import fill

    names = re.compile(r"\{(\w+)[^{}]*\}")
    used = 0
    for po in sorted(ROOT.glob("data/**/LC_MESSAGES/*.po")):
        with po.open("rb") as fh:
            catalog = read_po(fh)
        for message in catalog:
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            for form in forms:
                if not form or ":az}" not in form.replace(":Az}", ":az}"):
                    continue
                assert "/hu/" in po.as_posix(), (po, form)
                values = {n: "F6" for n in names.findall(form)}
                said = fill(form, values)
                assert ":az" not in said and said.count("F6") >= 1
                used += 1
    assert used >= 60


def test_a_hungarian_cell_gets_its_article_and_japanese_is_unchanged() -> None:
    """#25 item 5: "a hajó nem mehet a(z) F6 mezőre" is now "… az F6 mezőre"."""
    from engine.amsterdam.language import _

    with speaking("hu"):
        assert _("the ship cannot go to {cell}", cell="F6") == "a hajó nem mehet az F6 mezőre"
        assert _("the ship cannot go to {cell}", cell="B6") == "a hajó nem mehet a B6 mezőre"
    with speaking("ja"):
        assert "F6" in _("the ship cannot go to {cell}", cell="F6")


# --- counts (#25 "Every count is a plural message") ------------------------------------------


def _messages(pattern: str) -> list[tuple[Path, object]]:
    from babel.messages.pofile import read_po

    out: list[tuple[Path, object]] = []
    for po in sorted(ROOT.glob(pattern)):
        with po.open("rb") as fh:
            out += [(po, m) for m in read_po(fh) if m.id]
    return out


def test_no_message_writes_a_plural_in_parentheses() -> None:
    """#25 item 4: "card(s)", "hex(es)", Hungarian "számkártyá(ka)t", "mocsármező(k)",
    Italian "carta/e": a count is a plural message (``_n``), a label says "one or more"."""
    import re

    english = re.compile(r"[a-z]\((s|es)\)")
    translated = re.compile(r"\w\((k|ka|ak|ek|ok|ök|i|e|a|s|es)\)")
    found = []
    for po, message in _messages("data/**/*.pot"):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)  # type: ignore[attr-defined]
        found += [f"{po.name}: {i}" for i in ids if english.search(i)]
    for po, message in _messages("data/**/LC_MESSAGES/*.po"):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)  # type: ignore[attr-defined]
        forms = message.string if isinstance(message.string, tuple) else (message.string,)  # type: ignore[attr-defined]
        found += [f"{po.parent.parent.name}: {f}" for f in forms if f and translated.search(f)]
    assert not found, "\n".join(found)


def test_a_counted_noun_agrees_with_its_number() -> None:
    """#25 item 4: "1 punti", "{seated} seduti", "számkártyá(ka)t" were singular messages."""
    from engine.canal_grande.language import _n as cg_n
    from engine.i18n import table_messages
    from engine.venezia.language import _n as v_n

    def scores(n: int) -> str:
        return v_n(
            "{name} scores {n} point for the {building}: gondola {start} → {end}",
            "{name} scores {n} points for the {building}: gondola {start} → {end}",
            n,
            name="Anna",
            building="ponte",
            start=3,
            end=4,
        )

    with speaking("it"):
        assert "ottiene 1 punto " in scores(1) and "ottiene 2 punti " in scores(2)
    with speaking("en"):
        assert "scores 1 point for" in scores(1)
    seated = (
        "{game} seats at most {most}; {n} is seated",
        "{game} seats at most {most}; {n} are seated",
    )
    with speaking("it"):
        line = table_messages.plural(*seated, 3, game="Venezia", most=2)
        assert "3 giocatori seduti" in line
    with speaking("hu"):
        one = cg_n(
            "{name} lays number card {numbers}: total {total}",
            "{name} lays number cards {numbers}: total {total}",
            1,
            name="Anna",
            numbers="2",
            total=2,
        )
        assert "számkártyát" in one and "(ka)" not in one


# --- prompts and tasks (#25 "No sentence with a sentence inside") ----------------------------

KINDS = {
    "amsterdam": ("buy", "contest", "choose", "order", "ship", "remove", "place"),
    "canal_grande": ("divide", "choose", "district", "place"),
    "venezia": (
        "play",
        "build",
        "place",
        "district",
        "exchange_window",
        "discard",
        "drain",
        "draw",
        "take",
        "flip_end",
    ),
}


@pytest.mark.parametrize("game", sorted(KINDS))
def test_every_decision_has_a_task_the_others_read(game: str) -> None:
    """#25 item 1: a decision's prompt asks the decider ("choose a card"); the others read its
    third-person form, a noun phrase, translated in every language."""
    from engine.registry import registration

    texts = registration(game).parts().texts
    for kind in KINDS[game]:
        with speaking("en"):
            english = texts.task(kind)
        assert english, (game, kind)
        for lang in ("ja", "hu", "it"):
            assert say(english, lang) not in ("", english), (game, kind, lang)


def test_the_status_line_names_what_the_deciders_do_not_their_prompt(tmp_path: Path) -> None:
    """#25 item 1: ``{status}; waiting for {who}`` was filled with "name: prompt" ("…パスして
    ください (秘密)を待っています"; Hungarian "válassz" addressed the reader)."""
    import asyncio

    from bot.table.render import PlaceholderRenderer
    from bot.table.service import TableService

    async def go() -> dict[str, str]:
        svc = TableService.open(tmp_path / "s.sqlite3", PlaceholderRenderer())
        try:
            for i in (1, 2):
                assert (await svc.lobby.join("c", f"u{i}", f"P{i}", game="amsterdam")).accepted
            assert (await svc.lobby.start("c", "u1", seed=1)).accepted
            out = {}
            for lang in ("en", "ja", "hu", "it"):
                with speaking(lang):
                    out[lang] = (await svc.play.status("c")).text.splitlines()[0]
            return out
        finally:
            svc.close()

    heads = asyncio.run(go())
    assert "waiting for P1 and P2 (the secret choice of a card to reveal, or a pass)" in heads["en"]
    assert "P1、P2の公開するカードの秘密の選択（またはパス）を待っています" in heads["ja"]
    assert "várunk rá: P1 és P2 (a felfedendő kártya titkos kiválasztása vagy passz)" in heads["hu"]
    assert (
        "si aspetta P1 e P2 (la scelta segreta di una carta da rivelare, o il passo)" in heads["it"]
    )
    for head in heads.values():
        assert "AM-4.2" not in head and "válassz" not in head and "scegli" not in head


def test_a_refusal_to_a_waiting_player_names_the_deciders_task() -> None:
    """#25 item 1: "it is Anna's decision now (move the ship …), not yours" addressed the
    refused player with Anna's imperative; now the task, as the reader reads it."""
    from engine.amsterdam.state import AmsterdamState
    from engine.amsterdam.variants import get_variant
    from engine.core import IllegalMove

    state = AmsterdamState.new(["Anna", "Ben"], 1, get_variant("base"))
    for d in state.pending_all():  # both reveal a card: then one places it, the other waits
        state.apply(d.seat, d.options[0])
    d = state.pending()
    assert d is not None
    other = 1 - d.seat
    with speaking("hu"), pytest.raises(IllegalMove) as refused:
        state.apply(other, d.options[0])
    text = str(refused.value)
    assert text == f"most {state.players[d.seat]} dönt (a felfedett kártya lerakása), nem te"


def test_slash_command_templates_take_no_article_spec() -> None:
    """#25 item 5: a slash command's generated texts are filled by the table's own formatting
    (which knows ``{x:az}``), so every language says them whole, with no spec left over."""
    from bot.discord.commands import generated_command
    from engine.i18n import say
    from engine.registry import registration

    command = generated_command(
        registration("venezia"), "drain", "drain <hex> [hex] — take up to two swamp tokens"
    )
    for lang in ("ja", "hu", "it"):
        for text in (command.description, command.param_description):
            said = say(text, lang)
            assert "{" not in said and ":az" not in said, (lang, said)
            assert said != say(text, "en"), (lang, said)


# --- rule IDs (#25 "Rule IDs are for the docs and tests, not for players' refusals") ---------

RULE_ID = r"\b(?:AM|CG|V)-(?:[A-Z]?\d|…)"


def _rules_topic_lines() -> dict[str, list[tuple[int, int]]]:
    """Where the rules reader's texts are made (``rules <topic>``: the overview, the topics, a
    variant's topics): each game's ``presentation/texts.py``; topics keep their rule IDs."""
    out: dict[str, list[tuple[int, int]]] = {}
    for path in sorted(ROOT.glob("engine/*/presentation/texts.py")):
        spans: list[tuple[int, int]] = []
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and "topics" in node.name:
                spans.append((node.lineno, node.end_lineno or node.lineno))
            target = (
                node.targets[0]
                if isinstance(node, ast.Assign)
                else node.target
                if isinstance(node, ast.AnnAssign)
                else None
            )
            if isinstance(target, ast.Name) and target.id in (
                "OVERVIEW",
                "OVERVIEW_MSGID",
                "RULE_TOPICS",
            ):
                spans.append((node.lineno, node.end_lineno or node.lineno))
        out[path.relative_to(ROOT).as_posix()] = spans
    return out


def test_no_player_message_names_a_rule_id() -> None:
    """#25 item 1: rule IDs (``(AM-V4.2)``, ``(CG-6.9, CG-6.11, CG-G10)``) are for the docs and
    tests, not for players' refusals, prompts, notes or command descriptions: only the rules
    topics (what ``rules <topic>`` shows) may name them."""
    import re
    import sys

    from babel.messages.extract import extract_from_file

    sys.path.insert(0, str(ROOT / "tools"))
    from catalogs import KEYWORDS, python_files  # the catalogs' own extraction

    pattern = re.compile(RULE_ID)
    topics = _rules_topic_lines()
    found: list[str] = []
    topic_messages = 0
    for path in python_files():
        rel = path.relative_to(ROOT).as_posix()
        for lineno, message, _c, _ctx in extract_from_file("python", str(path), keywords=KEYWORDS):
            ids = (message,) if isinstance(message, str) else tuple(message)
            if not any(i and pattern.search(i) for i in ids):
                continue
            if any(a <= lineno <= b for a, b in topics.get(rel, [])):
                topic_messages += 1
                continue
            found.append(f"{rel}:{lineno}: {ids[0][:90]!r}")
    assert not found, "rule IDs in player messages:\n" + "\n".join(found)
    assert topic_messages > 10  # the rules topics keep theirs


def test_no_translation_names_a_rule_id_its_message_lacks() -> None:
    """#25 item 1: a translation names no rule ID its English message does not name."""
    import re

    pattern = re.compile(RULE_ID)
    found = []
    for po, message in _messages("data/**/LC_MESSAGES/*.po"):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)  # type: ignore[attr-defined]
        if any(pattern.search(i) for i in ids):
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)  # type: ignore[attr-defined]
        found += [f"{po.parent.parent.name}: {f}" for f in forms if f and pattern.search(f)]
    assert not found, "\n".join(found)
