"""Bots beside the engine; they use only its public API (views, legal actions, sample_state)."""
from __future__ import annotations

from .base import Bot

__all__ = ["Bot", "LEVELS", "make_bot"]

#: Bot levels offered by the host, weakest first.
LEVELS = ("random", "easy", "normal", "hard")


def _factories() -> dict:
    # Filled in by each game's bots module: {(game, level): BotClass}.
    from . import registry

    return registry.FACTORIES


def make_bot(game: str, level: str, seat: int, seed: int = 0, **kwargs) -> Bot:
    """A bot for ``game`` at ``level`` in ``seat`` with its own seed."""
    factories = _factories()
    try:
        cls = factories[(game, level)]
    except KeyError:
        known = sorted(lvl for g, lvl in factories if g == game)
        raise ValueError(f"no {level!r} bot for {game!r}; known levels: {known}") from None
    return cls(seat, seed, **kwargs)
