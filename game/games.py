"""The games this window plays: ONE explicit list of the client game packages' declarations
(``game/<game>/client.py``, ``CLIENT = GameClient(...)``). Nothing registers itself on import;
the App takes this registry (``App(games=...)`` for another one, as the tests of a new game do)
and the shared scenes read only ``app.games``.

A new game: its engine package (``engine.GAMES``), its client package with its ``client.py``,
and one line here."""
from __future__ import annotations

from .client import GameClients, Ref
from .tikal.client import CLIENT as TIKAL
from .tortuga.client import CLIENT as TORTUGA

#: The window's title, and its icon (``draw_icon(size) -> Surface``; game/icon.py writes its files).
TITLE = "Tikal & La Tortuga"
ICON = Ref("game.tikal.icon:draw_icon")

#: In the order the window offers them (the how-to's and the rules' tabs, the quick games);
#: the default is the game the lobby proposes first and the quick game sits at.
CLIENTS = GameClients([TIKAL, TORTUGA], default="tortuga")
