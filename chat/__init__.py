"""How each game is shown in a chat (Discord's buttons, menus and slash commands; the
terminal's option lists): the adapters' side of a game, kept out of the engine's contract.

``chat/controls.py`` and ``chat/registry.py`` are shared by every game and name none; each
game has its package beside them (``chat/<game>/``) exporting ``PRESENTATION``, which the
game's one registration names (:attr:`engine.registry.GameRegistration.presentation`). The
engine never imports this package; the adapters (``bot/``) read it through
:func:`chat.registry.controls_of`.
"""
