"""How to play, per game, for a person learning at the party.

Pages the player turns with the mouse (the arrows, the page dots, the wheel; ← → too), each with a
picture drawn from the game's own art and a text written for players. Every text lives in the
translation catalogs (``howto.<game>.<page>.title`` / ``.body``, rows ``howto.tikal.act.<action>``),
so a new language is still one ``.po`` file. The rule-id reference (``RulesScene``) is one click
deeper, for settling disputes.

Entry point: ``open_howto(app, game)`` pushes the scene (the in-game menu, the lobby and the host
browser call it); ``HowToScene`` is the scene, ``PAGES`` the pages of each game.
"""
from __future__ import annotations

from .pages import PAGES, Page  # noqa: F401
from .scene import HowToScene, fit_text  # noqa: F401


def open_howto(app, game: str = "tikal") -> HowToScene:
    """Open the how-to-play pages of ``game`` over the current scene (Back returns to it)."""
    return app.push(HowToScene(app, game if game in PAGES else "tikal"))
