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
    # Import every bots module once so that their @register lines run.
    from . import random_bot  # noqa: F401
    try:
        from . import tikal_bots  # noqa: F401
    except ImportError:  # pragma: no cover - while the Tikal bots are being written
        pass
    try:
        from . import tortuga_bots  # noqa: F401
    except ImportError:  # pragma: no cover
        pass


_load_all()
