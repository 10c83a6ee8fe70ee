"""Amsterdam in a chat: its presentation registration (named by its registration,
``engine/amsterdam/registration.py``), the controls its decisions become (``controls``)."""

from __future__ import annotations

from chat.amsterdam import controls
from chat.registry import Presentation

PRESENTATION = Presentation("amsterdam", controls.controls())
