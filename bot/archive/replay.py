"""``venezia replay FILE --out DIR``: the animated replay (one frame per turn, an animated WebP)
and the final board (PNG) of a portable game file, drawn with the game's own board renderer."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bot.parsing import Parser
from bot.table.history import ImportRefused, build_replay, replay_portable
from bot.table.render import default_renderer
from engine.i18n.shared import _, _n


def main(argv: list[str]) -> int:
    parser = Parser(
        prog="venezia replay",  # not for players
        description=_(
            "venezia replay FILE --out DIR: the animated replay (one frame per turn, an "
            "animated WebP) and the final board (PNG) of a portable game file, drawn with the "
            "game's own board renderer."
        ),
    )
    parser.add_argument("file", help=_("a file written by 'venezia export'"))
    parser.add_argument("--out", required=True, help=_("the folder for replay.webp and board.png"))
    args = parser.parse_args(argv)
    try:
        data = json.loads(Path(args.file).read_text(encoding="utf-8"))
        stored, _hash = replay_portable(data)
    except (OSError, ValueError) as exc:
        if isinstance(exc, ImportRefused):
            refusal = _("refused {path}: {reason}", path=args.file, reason=exc)
        else:
            refusal = _("cannot read {path}: {reason}", path=args.file, reason=exc)
        print(refusal, file=sys.stderr)
        return 1
    replay = build_replay(stored, default_renderer().board)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    animated = out / f"replay.{replay.extension}"
    animated.write_bytes(replay.data)
    board = out / "board.png"  # not for players
    board.write_bytes(replay.final_board)
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
