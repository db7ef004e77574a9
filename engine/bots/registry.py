"""Which class plays which (game, level). Each bots module registers itself here."""
from __future__ import annotations

FACTORIES: dict = {}


def register(game: str, level: str):
    def deco(cls):
        cls.game, cls.level = game, level
        FACTORIES[(game, level)] = cls
        return cls

    return deco


def _load_all() -> None:
    # Import every bots module once so that their @register lines run; a broken one fails here.
    from . import random_bot, tikal_bots, tortuga_bots  # noqa: F401


_load_all()
