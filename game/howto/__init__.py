"""How to play, per game, for a person learning at the party.

Pages the player turns with the mouse (the arrows, the page dots, the wheel; ← → too), each with a
picture drawn from the game's own art and a text written for players. Every text lives in the
translation catalogs (``howto.<game>.<page>.title`` / ``.body``, rows ``howto.<game>.<page>.<item>.*``),
so a new language is still one ``.po`` file. The rule-id reference (``RulesScene``) is one click
deeper, for settling disputes.

``HowToScene`` is the scene (the App opens it by name: ``app.open("howto", game)``; the in-game
menu, the lobby and the host browser do); each game's pages are its ``GameClient.howto``.
"""
from __future__ import annotations

from .pages import Page, all_keys  # noqa: F401
from .scene import HowToScene, fit_text, fits_everywhere  # noqa: F401


def sample(game: str, page: int = 0):
    """A ``--screenshot`` sample: ``game``'s how-to at ``page``."""
    return lambda app, names: HowToScene(app, game, page)
