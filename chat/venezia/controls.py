"""Venezia's controls for an adapter's buttons and menus: hex options grouped by district,
private choices for cards and draws, the gold exchange as a side action, special labels."""

from __future__ import annotations

import re
from functools import cache

from chat.controls import Controls, SlashCommand
from engine.core import JSON, Option
from engine.i18n import Joined, counted
from engine.venezia.language import N_, _, _n, _p
from engine.venezia.presentation.words import (
    SaidLabel,
    building_label,
    building_name,
    said_buttons,
    said_pairs,
    said_texts,
)

_HEX = re.compile(r"([A-Za-z]+)\d+")


@cache
def district_names() -> dict[str, str]:
    """District id -> name of the board (empty if the board cannot be loaded: decoration)."""
    try:
        from engine.venezia.board import load_board

        return dict(load_board().districts)
    except Exception:
        return {}


def option_group(option: Option) -> str:
    """The district a hex option belongs to (its first hex's letters), e.g. ``C`` for
    ``place C3 C4``; otherwise the first letter of the argument."""
    first = option.args[0] if option.args else option.verb
    m = _HEX.fullmatch(first)
    if m is not None:
        return m.group(1).upper()
    return first[:1].upper() or "?"


def _cards(words: tuple[str, ...]) -> str:
    """``2 basilica ponte`` -> ``2 × Basilica, Ponte`` (the cards as the board names them)."""
    out, count = [], ""
    for word in words:
        if word.isdigit():
            count = word
            continue
        name = building_label(word)
        out.append(Joined([count, " × ", name]) if count else name)
        count = ""
    return counted(out)


def option_label(option: Option) -> str | None:
    """A choice as people read it (a button's or a menu's label), never the command."""
    if option.command == "done":
        # Translators: a button (at most 80 characters)
        return _p("button", "Done")
    if option.command == "flip":
        # Translators: a button (at most 80 characters)
        return _("Flip for Klaus-Jürgen")
    if option.command == "play":
        # Translators: a button (at most 80 characters)
        return _("Play no cards")
    verb, args, arg = option.verb, option.args, option.arg
    if verb == "play":
        # Translators: a button; {cards} is a list such as "2 × Basilica, Ponte"
        return _("Play: {cards}", cards=_cards(args))
    if verb == "draw":
        if arg == "deck":
            return _("Draw from the deck")
        return _("Take {cards} from the pool", cards=_cards(args))
    if verb == "swap":
        return _("Swap: {cards} into the pool", cards=_cards(args))
    if verb == "discard":
        return _("Discard every {cards}", cards=_cards(args))
    if verb == "build":
        kind, solo = (args[0] if args else ""), args[1:]
        shown = building_label(kind)
        # Translators: a building built alone by one player (a solo set)
        return _("{building} (solo)", building=shown) if solo else shown
    if verb == "score":
        name = district_names().get(arg.upper())
        return f"{arg.upper()} — {name}" if name else arg.upper()
    if verb == "place":
        # Translators: a button; keep the hexes at the end
        return _("Place: {hexes}", hexes=arg)
    if verb == "drain":
        # Translators: a button; keep the hexes at the end
        return _("Drain: {hexes}", hexes=arg)
    if verb == "exchange":
        # Translators: a button; {tokens} are gold token values such as "6 2 2"
        return _("Exchange: {tokens}", tokens=arg)
    return None


def option_description(option: Option) -> str | None:
    verb = option.verb
    names = district_names()
    if verb == "exchange":
        values = [int(v) for v in option.args if v.isdigit()]
        if values:
            gold = sum(values)
            return _n("{gold} gold → {n} step", "{gold} gold → {n} steps", gold // 5, gold=gold)
        return None
    if verb == "score":
        return names.get(option.arg.upper())
    if verb in ("place", "drain"):
        return names.get(option_group(option))
    return None


def typed_choice(option: Option) -> tuple[str, str] | None:
    """How an option reads in a typed command's autocomplete: (shown name, argument typed)."""
    verb, arg = option.verb, option.arg
    if verb == "play":
        return (arg or _("no cards"), arg or "nothing")
    if verb == "exchange":
        gold = sum(int(v) for v in option.args if v.isdigit())
        steps = gold // 5
        shown = _n(
            "{tokens} → {n} step ({gold} gold)",
            "{tokens} → {n} steps ({gold} gold)",
            steps,
            tokens=arg,
            gold=gold,
        )
        return (shown, arg)
    if verb == "score":
        name = district_names().get(arg.upper())
        return (f"{arg} — {name}" if name else arg, arg)
    if verb == "draw":
        if arg == "deck":
            return (_("the deck"), arg)
        return (_("{card} (from the pool)", card=building_name(arg)), arg)
    return None


#: Venezia's slash commands as players know them (names and option names must not change); the
#: descriptions are English message ids of the ``venezia`` domain (an adapter says them with
#: ``engine.venezia.language.messages``, or offers ``messages.every_language`` as localizations).
SLASH_COMMANDS: tuple[SlashCommand, ...] = (
    SlashCommand(
        "play",
        N_("Play cards from your hand (or none)"),
        "cards",
        N_("The cards, e.g. '2 ponte casa'; empty or 'nothing' plays none"),
        # Translators: the /play and /place of several games list each game's part;
        # keep each part short (the whole list must fit Discord's 100 characters)
        shared=N_("Venezia: play cards from your hand"),
        shared_param=N_("Venezia: the cards, e.g. '2 ponte casa'"),
        required=False,
    ),
    SlashCommand(
        "place",
        N_("Place the building being resolved"),
        "hexes",
        N_("Hex labels as printed on the board, e.g. 'C3 C4'"),
        shared=N_("Venezia: place the building"),
        shared_param=N_("Venezia: hexes, e.g. 'C3 C4'"),
    ),
    SlashCommand(
        "drain",
        N_("Drain a swamp (up to two per turn)"),
        "hexes",
        N_("One or more swamp hexes, e.g. 'C3' or 'C3 D5'"),
    ),
    SlashCommand(
        "draw",
        N_("Take the top card of the deck or a card of the pool"),
        "source",
        N_("'deck' or a building type in the pool"),
    ),
    SlashCommand(
        "swap",
        N_("Put a card into the pool, then take three"),
        "card",
        N_("The building type to put into the pool"),
    ),
    SlashCommand(
        "exchange",
        N_("Hand in gold tokens: 5 gold per step"),
        "tokens",
        N_("Token values, e.g. '6 2 2', or '2 steps' for the best choice"),
    ),
    SlashCommand(
        "discard",
        N_("Throw away all your cards of one type in front of you"),
        "type",
        N_("The building type to discard"),
    ),
    SlashCommand(
        "build",
        N_("Choose the completed building to resolve next"),
        "building",
        N_("The building type, e.g. 'palazzo' or 'ponte solo'"),
    ),
    SlashCommand(
        "score",
        N_("Name the district the ponte scores"),
        "district",
        N_("The district letter or name, e.g. 'C' or 'Cannaregio'"),
    ),
    SlashCommand("flip", N_("Two players: flip the top card for Klaus-Jürgen")),
    SlashCommand("done", N_("Stop draining, skip the flip, or continue")),
)


def exchange_open(view: JSON, seat: int) -> bool:
    """Whether ``seat`` may exchange gold now as far as everybody can tell (the public view):
    his own turn, the end not triggered, at least one token in front of him. How many tokens
    he holds is public, their values are not (V-C4, V-U5): whether they reach 5 gold must not
    decide what the table shows (V-G1)."""
    if view.get("game_over") or view.get("end_triggered") or view.get("active") != seat:
        return False
    players = view.get("players") or []
    if not 0 <= seat < len(players):
        return False
    me = players[seat]
    return int(me.get("swamp_tokens", 0)) + int(me.get("treasure_tokens", 0)) > 0


def nothing_to_choose(flt: str, view: JSON) -> str | None:
    """Why the player's own list of exchanges is empty, for his eyes only (his view)."""
    if flt != "exchange":
        return None
    me = view.get("me") or {}
    if view.get("end_triggered"):
        return _("No more exchanges: the end of the game is triggered.")
    if not me.get("tokens"):
        return _("You hold no gold tokens to exchange.")
    if view.get("active") != me.get("seat"):
        return _("You may exchange gold only during your own turn.")
    gold = int(me.get("gold", 0))
    if gold < 5:
        return _("Your gold ({gold}) is less than 5: an exchange needs 5 gold.", gold=gold)
    return None


def controls() -> Controls:
    return Controls(
        grouped_verbs=frozenset({"place", "drain"}),
        short_label_verbs=frozenset({"place", "drain"}),
        private_choices=said_pairs(
            {
                "play": (N_("Choose cards…"), "play"),
                "draw": (N_("Draw or swap…"), "draw"),
                "take": (N_("Take a card…"), "draw"),
                "exchange_window": (N_("Exchange gold…"), "exchange"),
            }
        ),
        option_filters={
            "play": ("play", "flip"),
            "draw": ("draw", "swap"),
            "exchange": ("exchange",),
            "all": (),
        },
        filter_titles=said_texts(
            {
                "play": N_("Your plays"),
                "draw": N_("Your draws"),
                "exchange": N_("Your exchanges"),
            }
        ),
        # Translators: what the hexes of the drain menu are grouped by (Cannaregio, Castello…)
        group_noun=_p("group of hexes", "district"),
        side_action=SaidLabel(N_("Exchange gold…"), "exchange"),
        side_action_open=exchange_open,
        nothing_to_choose=nothing_to_choose,
        special_options=frozenset({"done", "flip"}),
        private_buttons=said_buttons(
            {
                "play": (("play", N_("Play no cards")),),
                "exchange_window": (("done", N_("Continue")),),
            }
        ),
        option_group=option_group,
        option_label=option_label,
        option_description=option_description,
        group_names=district_names,
        typed_choice=typed_choice,
        slash_commands=SLASH_COMMANDS,
    )
