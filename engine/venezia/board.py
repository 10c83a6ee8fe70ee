"""The Venezia board as data: loader and validator for ``data/venezia/board.json`` (spec V-B).

No source has the printed map, so the project ships its own (V-B5). This module reads it, checks
every board rule on load and exposes it as immutable objects; a broken file raises
:class:`BoardError` naming the offending hex / site / space and the rule (V-B ids).

Coordinate conventions
----------------------
* Hexes are **pointy-top**, in **axial** coordinates ``(q, r)``: ``r`` is the row and grows
  downward (south), ``q`` grows eastward along a row. The six neighbours of ``(q, r)`` are
  ``(q+1, r)`` E, ``(q+1, r-1)`` NE, ``(q, r-1)`` NW, ``(q-1, r)`` W, ``(q-1, r+1)`` SW and
  ``(q, r+1)`` SE (:data:`AXIAL_DIRECTIONS`).
* Track spaces are points in the same coordinate system, with fractional values allowed:
  ``x`` is the (fractional) ``q`` and ``y`` the (fractional) ``r``. A renderer draws hex centres
  and track spaces with the same axial->pixel transform; :func:`cartesian` is that transform
  with adjacent hex centres exactly 1 unit apart (``x = q + r/2``, ``y = r*sqrt(3)/2``, y down).
* Hex labels are the district id followed by a number ``1..n``, numbered in reading order within
  the district (by row ``r``, then ``q``, i.e. top to bottom, west to east). Lookup from chat
  input is case-insensitive and ignores leading zeros (:meth:`Board.find_hex`).
* A track space *borders* a district (V-B4) iff some hex centre of that district lies within
  :data:`BORDER_DISTANCE` (cartesian units, i.e. hex-centre spacings) of the space's point; the
  loader recomputes this and requires the stored ``borders`` to match exactly. The 4-island
  junction 10/45 sits 1.32 from its four island corners, so the limit is 1.4. A canal space is
  about 1 from the island(s) beside it; a hex across a second water hex is >= 1.5 away.
* Keys starting with ``_`` are comments and ignored; any other unknown key is an error.

The objects and geometry live in ``board_model``, the validation in ``board_parse``; this
module loads the shipped files and re-exports every name.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.venezia.board_model import (
    AXIAL_DIRECTIONS,
    BORDER_DISTANCE,
    DISTRICT_COUNT,
    HEX_KINDS,
    JUNCTION_SPACES,
    MIN_BRIDGE_SITES,
    Board,
    BoardError,
    BridgeSite,
    Hex,
    Prebuilt,
    TrackSpace,
    axial_round,
    cartesian,
    hex_distance,
)
from engine.venezia.board_parse import (
    parse_board,
)

__all__ = [
    "AXIAL_DIRECTIONS",
    "BORDER_DISTANCE",
    "DISTRICT_COUNT",
    "HEX_KINDS",
    "JUNCTION_SPACES",
    "MIN_BRIDGE_SITES",
    "Board",
    "BoardError",
    "BridgeSite",
    "Hex",
    "Prebuilt",
    "TrackSpace",
    "axial_round",
    "cartesian",
    "data_dir",
    "hex_distance",
    "load_board",
    "load_components",
    "parse_board",
]


# --- loading ----------------------------------------------------------------------------------


def data_dir() -> Path:
    """``<repo>/data``, located relative to this file."""
    return Path(__file__).resolve().parents[2] / "data"


def _read_json(path: Path) -> dict[str, Any]:
    with path.open(encoding="utf-8") as f:
        data = json.load(f)
    if not isinstance(data, dict):
        raise BoardError(f"{path}: the top level must be a JSON object")  # not for players
    return data


def load_components(path: str | Path | None = None) -> dict[str, Any]:
    """The component counts (spec V-C), default ``<repo>/data/venezia/components.json``."""
    return _read_json(
        Path(path)
        if path is not None
        else data_dir() / "venezia" / "components.json"  # not for players
    )


def load_board(path: str | Path | None = None) -> Board:
    """Load and validate a board file; the default ``<repo>/data/venezia/board.json`` is cached."""
    if path is None:
        return _default_board()
    return parse_board(_read_json(Path(path)), load_components())


@lru_cache(maxsize=1)
def _default_board() -> Board:
    path = data_dir() / "venezia" / "board.json"  # not for players
    return parse_board(_read_json(path), load_components())
