"""Canal Grande in a chat: its presentation registration (named by its registration,
``engine/canal_grande/registration.py``), the controls its decisions become (``controls``)
and the multi-select of a vote's placement (``vote_select``)."""

from __future__ import annotations

from chat.canal_grande import controls
from chat.registry import Presentation

PRESENTATION = Presentation("canal_grande", controls.controls())
