"""``canalside replay FILE --out DIR``: the animated replay (one frame per turn, an animated
WebP) and the final board (PNG) of a portable game file, drawn with the game's own board
renderer; the file is read and checked as ``canalside import`` checks it
(:mod:`bot.archive.portable`)."""

from __future__ import annotations

import sys
from pathlib import Path

from bot.archive.portable import load
from bot.archive.untrusted_json import FileRefused
from bot.parsing import Parser
from bot.table.history import build_replay
from bot.table.render import default_renderer
from engine.i18n.shared import _, _n


def main(argv: list[str]) -> int:
    parser = Parser(
        prog="canalside replay",  # not for players
        description=_(
            "canalside replay FILE --out DIR: the animated replay (one frame per turn, an "
            "animated WebP) and the final board (PNG) of a portable game file, drawn with the "
            "game's own board renderer."
        ),
    )
    parser.add_argument("file", help=_("a file written by 'canalside export'"))
    parser.add_argument("--out", required=True, help=_("the folder for replay.webp and board.png"))
    args = parser.parse_args(argv)
    try:
        game = load(Path(args.file))
    except FileRefused as refused:
        print(_("refused {path}: {reason}", path=args.file, reason=refused), file=sys.stderr)
        return 1
    replay = build_replay(game.stored, default_renderer().board)
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        animated = out / f"replay.{replay.extension}"
        animated.write_bytes(replay.data)
        board = out / "board.png"  # not for players
        board.write_bytes(replay.final_board)
    except OSError as exc:
        print(_("cannot write {path}: {reason}", path=out, reason=exc.strerror), file=sys.stderr)
        return 1
    seconds = f"{replay.seconds:.1f}"
    width, height = replay.size
    print(
        _n(
            "wrote {path} ({n} frame of {width} × {height} px, {size} bytes, {seconds} s) "
            "and {board}",
            "wrote {path} ({n} frames of {width} × {height} px, {size} bytes, {seconds} s) "
            "and {board}",
            replay.frames,
            path=animated,
            width=width,
            height=height,
            size=len(replay.data),
            seconds=seconds,
            board=board,
        )
    )
    return 0
