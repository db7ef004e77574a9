"""The pages of each game: which texts (catalog keys) and which picture.

A text page has ``<key>.title`` and ``<key>.body`` (paragraphs split by a newline; a paragraph
starting with "• " is a bullet). A rows page (a list of actions, say) has a title and one row per item:
``<key>.<item>.name`` (with its cost) and ``<key>.<item>.text``, each with its own little picture.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .scene import SCENE_KEYS


@dataclass(frozen=True)
class Page:
    game: str                                  # the game's name
    id: str                                    # "goal": its keys are howto.<game>.goal.*
    picture: Callable | None = None            # (app, surface, rect) -> None
    rows: tuple[str, ...] = ()                 # a rows page: its items
    row_picture: Callable | None = None        # (app, surface, rect, item) -> None

    @property
    def key(self) -> str:
        return f"howto.{self.game}.{self.id}"

    @property
    def title(self) -> str:
        return self.key + ".title"

    @property
    def body(self) -> str | None:
        return None if self.rows else self.key + ".body"

    def row_keys(self, item: str) -> tuple[str, str]:
        return f"{self.key}.{item}.name", f"{self.key}.{item}.text"

    def keys(self) -> list[str]:
        """Every catalog key the page shows."""
        out = [self.title]
        if self.body:
            out.append(self.body)
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
    return keys
