"""Venezia in a chat: its presentation registration (named by its registration,
``engine/venezia/registration.py``), the controls its decisions become (``controls``)."""

from __future__ import annotations

from chat.registry import Presentation
from chat.venezia import controls

PRESENTATION = Presentation("venezia", controls.controls())
