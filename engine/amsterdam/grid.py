"""Cells of the port: integer keys, the labels people type, and the growing frame (AM-0.1, AM-G8).

A cell ``(row, col)`` has the harbor center at ``(0, 0)``; rows grow downward, columns to the
right. Internally a cell is one integer (``key``) so that neighbours are ``key ± 1`` and
``key ± WIDTH``. For people a cell is a **row letter** and a **column number**, ``E5``, over the
rectangle the frame can ever reach from the starting layout: for the base game rows ``A``–``I``
and columns ``1``–``9`` with the center at ``E5``. The view lists the row letters and column
numbers so a renderer can print them along the edges.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from engine.amsterdam.language import _
from engine.amsterdam.variants import Variant
from engine.i18n import Text

OFFSET = 32
WIDTH = 64
NEIGHBOURS: tuple[int, int, int, int] = (-WIDTH, WIDTH, -1, 1)
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_CELL_RE = re.compile(r"^([A-Z])\s*0*([0-9]+)$|^0*([0-9]+)\s*([A-Z])$")


def key(row: int, col: int) -> int:
    return (row + OFFSET) * WIDTH + col + OFFSET


def row_col(cell: int) -> tuple[int, int]:
    r, c = divmod(cell, WIDTH)
    return r - OFFSET, c - OFFSET


@dataclass(frozen=True)
class Layout:
    """The labelled rectangle of one variant: every cell the frame can ever include."""

    row_min: int
    row_max: int
    col_min: int
    col_max: int

    @classmethod
    def of(cls, variant: Variant) -> Layout:
        rows = [r for r, _ in variant.start] + [0]
        cols = [c for _, c in variant.start] + [0]
        return cls(
            max(rows) - (variant.rows - 1),
            min(rows) + (variant.rows - 1),
            max(cols) - (variant.cols - 1),
            min(cols) + (variant.cols - 1),
        )

    @property
    def row_letters(self) -> list[str]:
        return [LETTERS[i] for i in range(self.row_max - self.row_min + 1)]

    @property
    def col_numbers(self) -> list[int]:
        return list(range(1, self.col_max - self.col_min + 2))

    @cached_property
    def labels(self) -> dict[int, str]:
        return {
            key(r, c): f"{LETTERS[r - self.row_min]}{c - self.col_min + 1}"
            for r in range(self.row_min, self.row_max + 1)
            for c in range(self.col_min, self.col_max + 1)
        }

    def label(self, cell: int) -> str:
        text = self.labels.get(cell)
        if text is None:
            r, c = row_col(cell)
            return f"{LETTERS[r - self.row_min]}{c - self.col_min + 1}"
        return text

    def inside(self, cell: int) -> bool:
        r, c = row_col(cell)
        return self.row_min <= r <= self.row_max and self.col_min <= c <= self.col_max

    def parse(self, text: str) -> int | None:
        """``E5``, ``e5``, ``E 05``, ``5E`` -> the cell, or None if not a cell of this layout."""
        m = _CELL_RE.match(text.strip().upper())
        if not m:
            return None
        letter, number = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        r = LETTERS.index(letter) + self.row_min
        c = int(number) - 1 + self.col_min
        if not (self.row_min <= r <= self.row_max and self.col_min <= c <= self.col_max):
            return None
        return key(r, c)

    def describe(self) -> Text:
        last = LETTERS[self.row_max - self.row_min]
        return _(
            "a row letter A–{last} and a column number 1–{cols}",
            last=last,
            cols=self.col_max - self.col_min + 1,
        )


def span_allows(span: list[int], cell: int, rows: int, cols: int) -> bool:
    """AM-G8: the occupied rows and columns, including ``cell``, span at most rows × cols."""
    r, c = row_col(cell)
    return max(span[1], r) - min(span[0], r) < rows and max(span[3], c) - min(span[2], c) < cols
