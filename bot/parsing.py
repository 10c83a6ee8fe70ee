"""An argument parser that speaks the language in force: argparse's own words (``usage:``,
``options``, ``-h``, ``error:``) come from the catalogs; the flags stay English."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import Any, NoReturn

from engine.i18n.shared import _

__all__ = ["Parser"]


class _Formatter(argparse.HelpFormatter):
    """argparse's usage line in the language in force."""

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        if prefix is None:
            # Translators: argparse's usage line starts with this (keep the space at the end)
            prefix = _("usage: ")
        super().add_usage(usage, actions, groups, prefix)


class Parser(argparse.ArgumentParser):
    """An argument parser that says its own words (usage, options, -h, errors) in the
    language in force; the flags stay English."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(formatter_class=_Formatter, add_help=False, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        self.add_argument("-h", "--help", action="help", help=_("show this help message and exit"))

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, _("{prog}: error: {message}", prog=self.prog, message=message) + "\n")
