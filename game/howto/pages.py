"""The pages of each game: which texts (catalog keys) and which picture.

A text page has ``<key>.title`` and ``<key>.body`` (paragraphs split by a newline; a paragraph
starting with "• " is a bullet); with ``touch``, ``<key>.body_touch`` too: its words for a finger
(the browser on a touch screen), where the window's speak of the mouse or keys. A rows page (a
list of actions, say) has a title and one row per item: ``<key>.<item>.name`` (with its cost) and
``<key>.<item>.text``, each with its own little picture.

A picture is data (``game/howto/items.py``), so that the browser draws the same one
(``tools/web_data.py`` writes it for the page): a page's ``picture`` and each row's
``row_pictures[item]`` are tuples of items, drawn by the shared painters and the game's
``painters``. A game only the window shows may give drawing functions instead (``picture(app,
surface, rect)``, ``row_picture(app, surface, rect, item)``): the browser then shows no picture.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Callable

from .items import texts_of
from .scene import SCENE_KEYS


@dataclass(frozen=True)
class Page:
    game: str                                  # the game's name
    id: str                                    # "goal": its keys are howto.<game>.goal.*
    picture: Callable | tuple | list | None = None   # items (game/howto/items.py), or (app, surface, rect) -> None
    rows: tuple[str, ...] = ()                 # a rows page: its items
    row_picture: Callable | None = None        # (app, surface, rect, item) -> None (a window-only game)
    row_pictures: Mapping = field(default_factory=dict)   # item -> its picture's items
    painters: Mapping = field(default_factory=dict)       # kind -> how the window draws the game's own items
    touch: bool = False                        # the body has words for a finger (``body_touch``)

    @property
    def key(self) -> str:
        return f"howto.{self.game}.{self.id}"

    @property
    def title(self) -> str:
        return self.key + ".title"

    @property
    def body(self) -> str | None:
        return None if self.rows else self.key + ".body"

    @property
    def body_touch(self) -> str | None:
        """The body's words for a finger (the browser on a touch screen), if the page has them."""
        return self.key + ".body_touch" if self.touch and not self.rows else None

    @property
    def declared(self) -> bool:
        """Its pictures are data (both clients draw them), not the window's own drawing."""
        return not callable(self.picture) and self.row_picture is None

    def row_keys(self, item: str) -> tuple[str, str]:
        return f"{self.key}.{item}.name", f"{self.key}.{item}.text"

    def keys(self) -> list[str]:
        """Every catalog key the page shows."""
        out = [self.title]
        if self.body:
            out.append(self.body)
        if self.body_touch:
            out.append(self.body_touch)
        for item in self.rows:
            out.extend(self.row_keys(item))
        return out


def all_keys(games) -> set[str]:
    """Every key the how-to-play pages of ``games`` (a ``GameClients``) use (the catalog test
    checks them in every language)."""
    keys = set(SCENE_KEYS)
    for game in games:
        keys.update(game.page_keys)
        for page in game.pages:
            keys.update(page.keys())
            if page.declared:
                pictures = [page.picture or (), *page.row_pictures.values()]
                keys.update(k for items in pictures for item in items for k in texts_of(item))
    return keys
