"""The rules of Tikal (base and auction) and La Tortuga behind one small API.

Pure rules: no pygame, no sockets, no asyncio, no clock, no module-level random. Randomness comes
only from each game's seeded ``engine.rng.Rng``. See ``../shared/spec/contract.md`` sections 1–3
and ``docs/architecture.md``.
"""
from __future__ import annotations

from .base import Game
from .errors import IllegalAction, MalformedAction
from .rng import Rng

__all__ = [
    "Game",
    "IllegalAction",
    "MalformedAction",
    "Rng",
    "GAMES",
    "new_game",
    "from_scenario",
    "restore",
    "sample_state",
    "rules_version",
]


def _registry() -> dict:
    # Imported lazily so that ``engine.rng`` / ``engine.errors`` stay importable on their own and
    # the two games never import each other.
    from . import tikal, tortuga

    return {"tikal": tikal, "tortuga": tortuga}


#: Names of the games this engine knows.
GAMES = ("tikal", "tortuga")


def _module(game: str):
    mods = _registry()
    if game not in mods:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(GAMES)}")
    return mods[game]


def new_game(game: str, seats: int, seed: int, options: dict | None = None) -> Game:
    """A new game at its first decision. ``options``: Tikal ``{"variant": "base"|"auction",
    "first": int|"random"}``; La Tortuga ``{"cards_as_dice": bool, "first": int|"random"}``."""
    return _module(game).new_game(seats=seats, seed=seed, options=dict(options or {}))


def from_scenario(scenario: dict) -> Game:
    """A game starting from a position described by a scenario dict (contract section 3)."""
    if not isinstance(scenario, dict) or "game" not in scenario:
        raise ValueError("a scenario is a dict with a 'game' key")
    return _module(scenario["game"]).from_scenario(scenario)


def restore(snapshot: dict) -> Game:
    """An equal game from ``Game.snapshot()``: same legal actions, same future."""
    if not isinstance(snapshot, dict) or "game" not in snapshot:
        raise ValueError("a snapshot is a dict with a 'game' key")
    return _module(snapshot["game"]).restore(snapshot)


def sample_state(view: dict, rng: Rng) -> Game:
    """A full game consistent with ``view`` (a ``Game.view(seat)``), its hidden information drawn
    from ``rng`` (determinization, for bots). Two views that are equal give the same game for the
    same ``rng`` state."""
    return _module(view["game"]).sample_state(view, rng)


def rules_version(game: str) -> int:
    """The version of ``game``'s rules in this engine (its package's ``RULES_VERSION``): a saved
    game replays faithfully only under the rules it was played with, so a rule change that makes
    a recorded game go another way bumps it (net/journal.py refuses the older journals loudly)."""
    return _module(game).RULES_VERSION
