"""The pages of each game: which texts (catalog keys) and which picture.

A text page has ``<key>.title`` and ``<key>.body`` (paragraphs split by a newline; a paragraph
starting with "• " is a bullet). A rows page (Tikal's actions) has a title and one row per item:
``<key>.<item>.name`` (with its cost) and ``<key>.<item>.text``, each with its own little picture.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import tikal_pictures as tp
from . import tortuga_pictures as lp


@dataclass(frozen=True)
class Page:
    game: str                                  # "tikal"
    id: str                                    # "goal": its keys are howto.tikal.goal.*
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


PAGES: dict[str, list[Page]] = {
    "tikal": [
        Page("tikal", "goal", tp.goal),
        Page("tikal", "turn", tp.turn),
        Page("tikal", "act", rows=tp.ACTIONS, row_picture=tp.action_icon),
        Page("tikal", "moving", tp.moving),
        Page("tikal", "majority", tp.majority),
        Page("tikal", "volcano", tp.volcano),
        Page("tikal", "end", tp.end),
    ],
    "tortuga": [
        Page("tortuga", "goal", lp.goal),
        Page("tortuga", "roll", lp.roll),
        Page("tortuga", "ride", lp.ride),
        Page("tortuga", "beach", lp.beach),
        Page("tortuga", "options", lp.options),
    ],
}


def all_keys() -> set[str]:
    """Every key the how-to-play pages use (the catalog test checks them in every language)."""
    from .scene import SCENE_KEYS

    keys = set(SCENE_KEYS) | set(tp.KEYS) | set(lp.KEYS)
    for pages in PAGES.values():
        for page in pages:
            keys.update(page.keys())
    return keys
