"""The Tikal table (``scene.py``) and its parts, one job per module: the board on screen
(``board_view``), the tile column (``column``), the side panel (``panels``), the buttons and AP
meter (``controls``), the choice popup (``chooser``), the player's input (``selection``), the host's
events as animations (``animations``) and as log lines (``log_lines``); below them the hex geometry
(``geometry``, ``layout``), the art (``art``), view helpers (``viewops``), words (``words``) and the
sample positions for screenshots and tests (``positions``, ``samples``)."""
