"""The public table image of Canal Grande, drawn from the public view only (CG-G6).

``render_board(view)`` turns ``public_view()`` (or a player view: only public keys are read, so
it draws the same) into PNG bytes:

* header: round and turn, who must decide what now;
* this turn's cards, in their two offers once divided (who took which), position numbers for
  ``divide``;
* a panel per player: role, hand size, number cards and total (towards 10), doges waiting;
* the victory cards: a grid of the six districts by player (four slots each: four of one
  district wins, so does one of each);
* the vote in progress (district, votes, every placement as small cards) or the last vote's
  result; the piles (draw pile, number deck, discard top and size) and the last round's end.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from PIL import Image, ImageDraw

from render import theme as T
from render.canal_grande import theme as C
from render.canal_grande.cards import card_back, card_face
from render.canal_grande.regions import (
    Region,
    caption,
    compose,
    header,
    lead_lines,
    panel,
    player_title,
)
from render.common import paste_flat, player_letters, rounded_box
from render.png import png_bytes
from render.text import draw_text, text_width

__all__ = ["compose_board", "render_board", "status_line", "win_reason"]

View = dict[str, Any]
Box = tuple[int, int, int, int]

W: Final = C.WIDTH
INNER: Final = W - 2 * C.MARGIN
CARDS_TOP: Final = C.HEADER_H + 12
CARDS_H: Final = 250
PLAYERS_TOP: Final = CARDS_TOP + CARDS_H + 12
PLAYER_H: Final = 156
GRID_TOP: Final = PLAYERS_TOP + PLAYER_H + 12
GRID_H: Final = 214
BOTTOM_TOP: Final = GRID_TOP + GRID_H + 12
BOTTOM_H: Final = 206
HEIGHT: Final = BOTTOM_TOP + BOTTOM_H + C.MARGIN
VOTE_W: Final = 770
MINI_W, MINI_H = 30, 42


def render_board(view: View) -> bytes:
    """The public table image (PNG bytes) of a Canal Grande public view."""
    return png_bytes(compose(board_size(view), regions(view)))


def compose_board(view: View) -> Image.Image:
    """The table image as an RGB Pillow image (the decoded PNG of :func:`render_board`)."""
    return compose(board_size(view), regions(view)).convert("RGB")


def board_size(view: View) -> tuple[int, int]:
    return (W, HEIGHT)


def names_of(view: View) -> dict[str, str]:
    return {str(d["id"]): str(d["name"]) for d in view.get("districts") or []}


def name_of(view: View, seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(view["players"]):
        return "—"
    return str(view["players"][seat]["name"])


def status_line(view: View) -> tuple[str, bool]:
    """What the table waits for, in words, and whether someone must act (for the header)."""
    if view.get("game_over"):
        winner = view.get("winner")
        if winner is None:
            return "The game is over: a draw (the safety turn limit, not a rule).", False
        return (
            f"The game is over: {name_of(view, winner)} is the new Doge ({win_reason(view)}).",
            False,
        )
    pending = view.get("pending") or None
    if pending is None:
        return "", False
    who = str(pending.get("name", ""))
    kind = pending.get("kind")
    vote = view.get("vote") or {}
    names = names_of(view)
    if kind == "divide":
        return f"▶ {who} (divider) splits the cards into offers A and B", True
    if kind == "choose":
        return f"▶ {who} (chooser) takes offer A or offer B", True
    if kind == "district":
        return f"▶ {who} chooses the district of the vote", True
    if kind == "place":
        where = names.get(str(vote.get("district")), "the vote")
        return f"▶ {who} places cards in {where} or passes", True
    return f"▶ {who}: {pending.get('prompt', '')}", True


def win_reason(view: View) -> str:
    """Why the winner won, from his victory cards (CG-10.1): six districts, or four of one."""
    winner = view.get("winner")
    if winner is None:
        return "no winner"
    counts: dict[str, int] = view["players"][int(winner)].get("victory_counts") or {}
    names = names_of(view)
    four = [d for d, n in counts.items() if n >= 4]
    if four:
        return f"four victory cards of {names.get(four[0], four[0])}"
    if len(counts) >= max(1, len(names)):
        return "a victory card from each of the six districts"
    return "victory cards"


def regions(view: View) -> list[Region]:
    letters = player_letters(view)
    out = [_header_region(view), _cards_region(view)]
    pw = (INNER - 12) // 2
    for i, p in enumerate(view["players"][:2]):
        x = C.MARGIN + i * (pw + 12)
        key: tuple[Any, ...] = (
            "player",
            int(p["seat"]),
            letters[int(p["seat"])],
            str(p["name"]),
            str(p.get("role", "")),
            int(p.get("hand_size", 0)),
            tuple(int(n) for n in p.get("numbers") or []),
            int(p.get("number_total", 0)),
            int(p.get("doges_waiting", 0)),
            bool(p.get("to_decide")),
            view.get("winner") == p["seat"] and bool(view.get("game_over")),
        )
        out.append(
            Region((x, PLAYERS_TOP, x + pw, PLAYERS_TOP + PLAYER_H), key, _player_painter(key))
        )
    out.append(_grid_region(view, letters, (C.MARGIN, GRID_TOP, W - C.MARGIN, GRID_TOP + GRID_H)))
    out.append(_vote_region(view, letters))
    out.append(_piles_region(view))
    return out


# --------------------------------------------------------------------------- header


def _header_region(view: View) -> Region:
    status, hot = status_line(view)
    right = f"Round {view.get('round', 1)} · Turn {view.get('turn', 1)}"
    key = ("header", W, right, status, hot)

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        header(img, draw, "Canal Grande", right, status, hot)

    return Region((0, 0, W, C.HEADER_H), key, paint)


# --------------------------------------------------------------------------- this turn's cards


def _cards_region(view: View) -> Region:
    names = names_of(view)
    cards = tuple(
        (int(c["pos"]), str(c["card"]), names.get(str(c["card"]), ""), c.get("offer"))
        for c in view.get("revealed") or []
    )
    offers = view.get("offers")
    chooser = int(view.get("chooser", 1))
    divider = int(view.get("divider", 0))
    taken = view.get("taken")
    resolving = view.get("resolving")
    labels: dict[str, tuple[tuple[str, ...], int | None]] = {}
    if offers:
        for letter in ("A", "B"):
            if taken is None:
                labels[letter] = ((f"OFFER {letter}",), None)
                continue
            owner = chooser if letter == taken else divider
            role = "chooser" if owner == chooser else "divider"
            who = name_of(view, owner)
            now = " · resolving" if resolving == owner and not view.get("game_over") else ""
            # the longest that fits the group's width is drawn
            labels[letter] = (
                (
                    f"OFFER {letter} · {who} ({role}){now}",
                    f"OFFER {letter} · {who}{now}",
                    f"{letter} · {who}{now}",
                    f"{letter} · {who}",
                ),
                owner,
            )
    dividing = view.get("phase") == "divide" and not view.get("game_over")
    groups: list[tuple[str | None, tuple[int, ...]]]
    if offers:
        groups = [(letter, tuple(int(p) for p in offers.get(letter) or [])) for letter in "AB"]
    else:
        groups = [(None, tuple(c[0] for c in cards))]
    key = ("cards", cards, tuple(groups), tuple(sorted(labels.items())), dividing)
    box = (C.MARGIN, CARDS_TOP, W - C.MARGIN, CARDS_TOP + CARDS_H)
    return Region(box, key, _cards_painter(key))


def _cards_painter(key: tuple[Any, ...]) -> Any:
    _, cards, groups, labels_items, dividing = key
    labels = dict(labels_items)
    by_pos = {c[0]: c for c in cards}

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h))
        n = len(cards)
        if n == 0:
            caption(draw, (16, 28), "This turn's cards")
            draw_text(
                draw,
                (w / 2, h / 2),
                "No cards on the table.",
                C.FONT_BODY,
                T.TEXT_SOFT,
                anchor="mm",
            )
            return
        gap, group_gap = C.GAP, 52
        ngroups = len(groups)
        avail = w - 40 - (ngroups - 1) * group_gap
        cw = min(C.CARD_W, (avail - (n - ngroups) * gap) // max(1, n))
        ch = round(cw * C.CARD_H / C.CARD_W)
        total = n * cw + (n - ngroups) * gap + (ngroups - 1) * group_gap
        x = (w - total) // 2
        card_y = 50
        if groups[0][0] is None:
            caption(draw, (16, 28), "This turn's cards")
            if dividing:
                hint = "divide = the positions of offer A, e.g. divide 1 4 7"
                draw_text(draw, (w - 16, 28), hint, C.FONT_SMALL, T.TEXT_SOFT, anchor="rs")
        for letter, positions in groups:
            gw = len(positions) * cw + max(0, len(positions) - 1) * gap
            if letter is not None:
                texts, owner = labels[letter]
                room = max(40, gw + 14)
                text = next(
                    (t for t in texts if text_width(t, C.FONT_SMALL, bold=True) <= room), texts[-1]
                )
                tint = T.blend(T.player_color(owner), T.PANEL, 0.8) if owner is not None else T.GRID
                edge = T.player_color(owner) if owner is not None else T.PANEL_EDGE
                frame = rounded_box(gw + 20, h - 40, tint, edge, 10, 2)
                paste_flat(img, frame, (x - 10, 34), T.PANEL)
                draw_text(
                    draw,
                    (x - 6, 26),
                    text,
                    C.FONT_SMALL,
                    T.TEXT,
                    bold=True,
                    anchor="ls",
                    max_width=max(40, gw + 14),
                )
                bg = tint
            else:
                bg = T.PANEL
            for pos in positions:
                c = by_pos.get(pos)
                if c is None:
                    continue
                face = card_face(c[1], cw, ch, c[2])
                paste_flat(img, face, (x, card_y), bg)
                cx, cy = x + cw / 2, card_y + ch + 20
                draw.ellipse((cx - 13, cy - 13, cx + 13, cy + 13), fill=T.HEADER)
                draw_text(
                    draw, (cx, cy), str(pos), C.FONT_SMALL, T.HEADER_TEXT, bold=True, anchor="mm"
                )
                x += cw + gap
            x += group_gap - gap

    return paint


# --------------------------------------------------------------------------- players


def _tag(
    img: Image.Image, draw: ImageDraw.ImageDraw, right: int, y: int, text: str, bg: T.RGB
) -> int:
    tw = text_width(text, C.FONT_CAPTION, bold=True) + 18
    paste_flat(img, rounded_box(tw, 24, T.TAG, T.TAG, 12), (right - tw, y), bg)
    draw_text(
        draw, (right - tw / 2, y + 12), text, C.FONT_CAPTION, T.TAG_TEXT, bold=True, anchor="mm"
    )
    return right - tw


def _player_painter(key: tuple[Any, ...]) -> Any:
    _, seat, letter, name, role, hand, numbers, total, doges, to_decide, winner = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h), active=to_decide)
        bg = T.PANEL_ACTIVE if to_decide else T.PANEL
        left = _tag(img, draw, w - 14, 16, role.upper(), bg) if role else w - 14
        if to_decide:
            left = _tag(img, draw, left - 8, 16, "TO DECIDE", bg)
        if winner:
            left = _tag(img, draw, left - 8, 16, "DOGE", bg)
        player_title(img, draw, (14, 12), seat, letter, name, left - 24, bg=bg)
        # hand
        caption(draw, (16, 66), "Hand")
        paste_flat(img, card_back("A", 40, 56), (16, 74), bg)
        draw_text(draw, (64, 102), str(hand), C.FONT_BIG, T.TEXT, bold=True, anchor="lm")
        # number cards and total
        nx0, nx1 = 120, 372
        caption(draw, (nx0, 66), "Numbers")
        if not numbers:
            draw_text(draw, (nx0, 102), "none yet", C.FONT_SMALL, T.TEXT_SOFT, anchor="lm")
        step = min(46, (nx1 - nx0 - 40) // max(1, len(numbers) - 1)) if len(numbers) > 1 else 46
        for i, v in enumerate(numbers):
            paste_flat(img, card_face(f"n{v}", 40, 56), (nx0 + i * step, 74), bg)
        tcol = T.ALERT if total >= 10 else T.TEXT
        box = draw_text(
            draw, (nx1 + 14, 102), str(total), C.FONT_BIG + 4, tcol, bold=True, anchor="lm"
        )
        draw_text(draw, (box[2] + 4, 108), "/ 10", C.FONT_SMALL, T.TEXT_SOFT, anchor="lm")
        # doges waiting
        dx = w - 104
        caption(draw, (dx, 66), "Doges")
        if doges:
            paste_flat(img, card_face("doge", 40, 56), (dx, 74), bg)
            draw_text(draw, (dx + 48, 102), f"×{doges}", C.FONT_BIG, T.TEXT, bold=True, anchor="lm")
        else:
            draw_text(draw, (dx, 102), "none", C.FONT_SMALL, T.TEXT_SOFT, anchor="lm")
        # progress towards the round end (a total of 10)
        bx0, bx1, by = 16, w - 16, h - 16
        draw.rounded_rectangle((bx0, by - 5, bx1, by + 5), radius=5, fill=T.GRID)
        frac = min(1.0, total / 10)
        if frac > 0:
            draw.rounded_rectangle(
                (bx0, by - 5, bx0 + (bx1 - bx0) * frac, by + 5), radius=5, fill=T.player_color(seat)
            )

    return paint


# --------------------------------------------------------------------------- victory grid


def _grid_region(view: View, letters: list[str], box: Box) -> Region:
    districts = tuple((str(d["id"]), str(d["name"])) for d in view.get("districts") or [])
    rows = tuple(
        (
            int(p["seat"]),
            letters[int(p["seat"])],
            str(p["name"]),
            tuple(int((p.get("victory_counts") or {}).get(d, 0)) for d, _ in districts),
        )
        for p in view["players"][:2]
    )
    key = ("grid", districts, rows, view.get("winner") if view.get("game_over") else None)
    return Region(box, key, grid_painter(key))


@lru_cache(maxsize=8)
def _empty_slot(w: int, h: int) -> Image.Image:
    """Where a victory card may come: a faint outline of a card."""
    return rounded_box(w, h, T.PANEL, C.EMPTY_SLOT, 4, 2)


def grid_painter(key: tuple[Any, ...]) -> Any:
    """The victory-card grid: districts across, players down, four slots per cell."""
    _, districts, rows, _winner = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h))
        caption(draw, (16, 26), "Victory cards")
        draw_text(
            draw,
            (w - 16, 26),
            "wins: one of each of the 6 districts, or 4 of one",
            C.FONT_SMALL,
            T.TEXT_SOFT,
            anchor="rs",
        )
        name_w = 250
        nd = max(1, len(districts))
        col = (w - name_w - 16) // nd
        for i, (d, dname) in enumerate(districts):
            x = name_w + i * col
            colour = C.DISTRICT.get(d, C.DISTRICT_FALLBACK)
            paste_flat(img, rounded_box(col - 8, 32, colour, colour, 8), (x, 38), T.PANEL)
            draw_text(
                draw,
                (x + (col - 8) / 2, 54),
                dname,
                C.FONT_SMALL,
                C.CARD_INK,
                bold=True,
                anchor="mm",
                max_width=col - 16,
            )
        row_h = (h - 82) // max(1, len(rows))
        for r, (seat, letter, name, counts) in enumerate(rows):
            y = 78 + r * row_h
            if r:
                draw.line((14, y - 2, w - 14, y - 2), fill=T.GRID, width=1)
            bg = T.PANEL
            player_title(img, draw, (14, y + 6), seat, letter, name, name_w - 24, size=19, bg=bg)
            held = sum(1 for c in counts if c)
            best = max(counts) if counts else 0
            total = sum(counts)
            plural = "s" if total != 1 else ""
            detail = f"{total} card{plural} · {held} of {nd} districts · best {best} of 4"
            draw_text(draw, (16, y + row_h - 12), detail, C.FONT_CAPTION, T.TEXT_SOFT, anchor="ls")
            for i, (d, _) in enumerate(districts):
                x = name_w + i * col
                n = counts[i]
                slot_w, slot_h, step = 30, 42, 34
                sx = x + (col - 8 - (3 * step + slot_w)) // 2
                sy = y + (row_h - slot_h) // 2 - 2
                if n >= 4:
                    draw.rounded_rectangle(
                        (sx - 6, sy - 5, sx + 3 * step + slot_w + 6, sy + slot_h + 5),
                        radius=8,
                        outline=C.WIN,
                        width=3,
                    )
                for j in range(4):
                    if j < n:
                        paste_flat(img, card_face(d, slot_w, slot_h), (sx + j * step, sy), bg)
                    else:
                        paste_flat(img, _empty_slot(slot_w, slot_h), (sx + j * step, sy), bg)
            if held == nd and nd:
                draw.rounded_rectangle(
                    (name_w - 6, y + 2, w - 10, y + row_h - 8), radius=10, outline=C.WIN, width=3
                )

    return paint


# --------------------------------------------------------------------------- votes


def placement_sprites(district: str, placement: Any) -> list[list[str]]:
    """The cards of one placement as groups: the chosen-district cards, then each gondola
    with the cards it carries."""
    k, gondolas = int(placement[0]), placement[1] or []
    groups: list[list[str]] = []
    if k:
        groups.append([district] * k)
    for g in gondolas:
        groups.append(["gondola", *[str(g[0])] * int(g[1])])
    return groups


def _vote_region(view: View, letters: list[str]) -> Region:
    names = names_of(view)
    vote = view.get("vote")
    last = view.get("last_vote")
    src = vote if vote is not None else last
    live = vote is not None
    players = tuple(
        (int(p["seat"]), letters[int(p["seat"])], str(p["name"])) for p in view["players"][:2]
    )
    voted = tuple(names.get(str(d), str(d)) for d in view.get("voted_districts") or [])
    data: tuple[Any, ...] = ()
    if src is not None:
        district = src.get("district")
        placed = src.get("placed") or [[], []]
        data = (
            district,
            names.get(str(district), str(district)) if district else None,
            int(src.get("challenger", 0)),
            tuple(int(v) for v in src.get("votes") or [0, 0]),
            tuple(
                tuple(tuple(tuple(g) for g in placement_sprites(str(district), pl)) for pl in side)
                for side in placed
            ),
            src.get("to_act") if live else src.get("winner"),
            src.get("owner"),
            len(src.get("back_to_hand") or []),
            len(src.get("discarded") or []),
        )
    key = ("vote", live, data, players, voted)
    box = (C.MARGIN, BOTTOM_TOP, C.MARGIN + VOTE_W, BOTTOM_TOP + BOTTOM_H)
    return Region(box, key, _vote_painter(key))


def _vote_painter(key: tuple[Any, ...]) -> Any:
    _, live, data, players, voted = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h), active=live)
        bg = T.PANEL_ACTIVE if live else T.PANEL
        caption(draw, (16, 26), "Vote in progress" if live else "Last vote")
        if voted:
            draw_text(
                draw,
                (w - 16, 26),
                "voted this turn: " + ", ".join(voted),
                C.FONT_SMALL,
                T.TEXT_SOFT,
                anchor="rs",
                max_width=w - 200,
            )
        if not data:
            lines = [
                "No vote yet.",
                "A doge starts a vote in a district: each district card placed is one vote,",
                "a gondola brings cards of another district. The winner takes a victory card.",
            ]
            lead_lines(draw, (16, 62), 28, lines)
            return
        district, dname, challenger, votes, placed, who, owner, back, discarded = data
        defender = 1 - challenger
        if district is None:
            title = f"{_pname(players, challenger)} chooses the district"
        elif live:
            title = f"{dname} · doge of {_pname(players, owner)}"
        else:
            a, b = votes[who], votes[1 - who] if len(votes) > 1 else 0
            title = f"{dname} · won by {_pname(players, who)}, {a} : {b}"
        if district is not None:
            colour = C.DISTRICT.get(district, C.DISTRICT_FALLBACK)
            draw.rounded_rectangle((16, 40, 24, 64), radius=3, fill=colour)
        draw_text(
            draw, (32, 52), title, C.FONT_NAME, T.TEXT, bold=True, anchor="lm", max_width=w - 48
        )
        for r, seat in enumerate((challenger, defender)):
            y = 74 + r * 54
            act = live and who == seat
            if act:
                paste_flat(
                    img,
                    rounded_box(w - 20, 50, T.PANEL, T.PANEL_ACTIVE_EDGE, 10, 2),
                    (10, y - 2),
                    bg,
                )
            rbg = T.PANEL if act else bg
            letter, name = _pletter(players, seat), _pname(players, seat)
            role = "challenger" if seat == challenger else "defender"
            player_title(img, draw, (18, y + 4), seat, letter, name, 190, size=17, bg=rbg)
            draw_text(
                draw,
                (56, y + 42),
                role + (" · to act" if act else ""),
                C.FONT_CAPTION,
                T.TEXT_SOFT,
                anchor="ls",
            )
            v = votes[seat] if seat < len(votes) else 0
            draw_text(draw, (250, y + 23), str(v), C.FONT_BIG, T.TEXT, bold=True, anchor="mm")
            x = 286
            side = placed[seat] if seat < len(placed) else ()
            if not side:
                draw_text(
                    draw,
                    (x, y + 23),
                    "nothing placed" if live else "did not place",
                    C.FONT_SMALL,
                    T.TEXT_SOFT,
                    anchor="lm",
                )
            x = _draw_placements(img, draw, side, x, y + 2, w - 16, rbg)
        if not live:
            foot = f"placed cards: {back} back to hand, {discarded} discarded (doge included)"
            draw_text(draw, (16, h - 12), foot, C.FONT_CAPTION, T.TEXT_SOFT, anchor="ls")

    return paint


def _draw_placements(
    img: Image.Image, draw: ImageDraw.ImageDraw, side: Any, x: int, y: int, right: int, bg: T.RGB
) -> int:
    """Placements left to right, each a row of small cards (overlapping when they would not
    fit side by side); '…' when out of room even so."""
    count = sum(len(g) for placement in side for g in placement)
    groups = sum(len(placement) for placement in side)
    room = right - 20 - x - groups * 8 - len(side) * 10
    overlap = MINI_W + 2 if count * (MINI_W + 2) <= room else 20
    for p_i, placement in enumerate(side):
        if p_i:
            draw.line((x - 7, y + 4, x - 7, y + MINI_H - 4), fill=T.PANEL_EDGE, width=2)
        for group in placement:
            for c_i, card in enumerate(group):
                if x + MINI_W > right - 20:
                    draw_text(
                        draw, (x + 2, y + MINI_H / 2), "…", C.FONT_BODY, T.TEXT_SOFT, anchor="lm"
                    )
                    return x
                paste_flat(img, card_face(card, MINI_W, MINI_H), (x, y), bg)
                x += overlap if c_i < len(group) - 1 else MINI_W + 4
            x += 4
        x += 10
    return x


def _pname(players: tuple[Any, ...], seat: Any) -> str:
    for s, _, name in players:
        if s == seat:
            return str(name)
    return "—"


def _pletter(players: tuple[Any, ...], seat: int) -> str:
    for s, letter, _ in players:
        if s == seat:
            return str(letter)
    return "?"


# --------------------------------------------------------------------------- piles


def _piles_region(view: View) -> Region:
    discard = view.get("discard") or []
    top = str(discard[-1]) if discard else None
    last_round = view.get("last_round")
    lr: tuple[Any, ...] = ()
    if last_round:
        bonus = last_round.get("bonus")
        lr = (
            int(last_round.get("round", 0)),
            tuple(int(t) for t in last_round.get("totals") or []),
            name_of(view, bonus) if bonus is not None else None,
            name_of(view, last_round.get("next_divider")),
        )
    key = (
        "piles",
        int(view.get("deck_size", 0)),
        int(view.get("number_deck_size", 0)),
        top,
        int(view.get("discard_size", len(discard))),
        lr,
    )
    box = (C.MARGIN + VOTE_W + 12, BOTTOM_TOP, W - C.MARGIN, BOTTOM_TOP + BOTTOM_H)
    return Region(box, key, _piles_painter(key))


def _piles_painter(key: tuple[Any, ...]) -> Any:
    _, deck, numbers, top, discard_size, lr = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h))
        caption(draw, (16, 26), "Piles")
        cw, ch = 56, 78
        slot = (w - 32) // 3
        items = [
            (card_back("A", cw, ch), f"{deck}", "draw pile"),
            (card_back("Z", cw, ch), f"{numbers}", "number deck"),
            (card_face(top, cw, ch) if top else None, f"{discard_size}", "discard"),
        ]
        for i, (sprite, count, label) in enumerate(items):
            x = 16 + i * slot
            if sprite is None:
                draw.rounded_rectangle(
                    (x, 40, x + cw - 1, 40 + ch - 1), radius=6, outline=C.EMPTY_SLOT, width=2
                )
            else:
                paste_flat(img, sprite, (x, 40), T.PANEL)
            draw_text(draw, (x + cw + 8, 66), count, C.FONT_BIG - 4, T.TEXT, bold=True, anchor="lm")
            draw_text(draw, (x, 40 + ch + 18), label, C.FONT_SMALL, T.TEXT_SOFT, anchor="ls")
        if lr:
            rnd, totals, bonus, nxt = lr
            t = " : ".join(str(v) for v in totals)
            text = f"Round {rnd} ended {t}; " + (f"bonus: {bonus}" if bonus else "no bonus")
            draw_text(draw, (16, h - 36), text, C.FONT_SMALL, T.TEXT, anchor="ls", max_width=w - 32)
            draw_text(
                draw,
                (16, h - 14),
                f"then {nxt} divided",
                C.FONT_SMALL,
                T.TEXT_SOFT,
                anchor="ls",
                max_width=w - 32,
            )
        else:
            draw_text(
                draw,
                (16, h - 14),
                "a round ends when a total reaches 10",
                C.FONT_SMALL,
                T.TEXT_SOFT,
                anchor="ls",
                max_width=w - 32,
            )

    return paint
