"""An argument parser that speaks the language in force: argparse's own words (``usage:``,
``options``, ``-h``, ``error:``) come from the catalogs; the flags stay English."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import Any, NoReturn

from engine.i18n.shared import N_, _

__all__ = ["Parser"]

#: argparse's own sentences (its module calls gettext's ``_`` on them): one catalog message
#: each, said in the language in force when argparse asks (#25).
ARGPARSE_MESSAGES = frozenset(
    {
        # Translators: argparse's words; keep the %(…)s / %s / %r placeholders as they are
        N_("argument %(argument_name)s: %(message)s"),
        N_("unrecognized arguments: %s"),
        N_("not allowed with argument %s"),
        N_("ignored explicit argument %r"),
        N_("the following arguments are required: %s"),
        N_("one of the arguments %s is required"),
        N_("expected one argument"),
        N_("expected at most one argument"),
        N_("expected at least one argument"),
        N_("ambiguous option: %(option)s could match %(matches)s"),
        N_("unexpected option string: %s"),
        N_("invalid %(type)s value: %(value)r"),
        N_("invalid choice: %(value)r (choose from %(choices)s)"),
    }
)


def _argparse_gettext(message: str) -> str:
    """argparse's ``_``: its sentence from the catalogs in the language in force."""
    if message in ARGPARSE_MESSAGES:
        return str(_(message))
    return message


argparse._ = _argparse_gettext  # type: ignore[attr-defined]  # argparse looks it up when it speaks


class _Section(argparse.HelpFormatter._Section):
    """A help section whose heading ends as the language ends it (Japanese 「オプション：」),
    not with argparse's ASCII colon (#25)."""

    def format_help(self) -> str:
        heading = self.heading
        if heading is argparse.SUPPRESS or heading is None:
            return str(super().format_help())
        self.heading = None
        try:
            body = str(super().format_help())
        finally:
            self.heading = heading
        if not body:
            return ""
        indent = " " * self.formatter._current_indent
        # Translators: a help section's heading ("options:"); Japanese ends it with ：
        return "\n" + indent + _("{heading}:", heading=heading) + "\n" + body.removeprefix("\n")


class _Formatter(argparse.HelpFormatter):
    """argparse's usage line and section headings in the language in force."""

    _Section = _Section  # type: ignore[assignment]

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
