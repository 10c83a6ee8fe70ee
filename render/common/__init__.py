"""What every game's images share: the drawing helpers (``draw``), the shared colours
(``theme``), text in the bundled fonts (``text``, ``fonts/``), the PNG encoder (``png``) and
Discord's display size (``display``). Nothing here names a game."""
