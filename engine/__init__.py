"""The rules of Tikal (base and auction) and La Tortuga behind one small API.

Pure rules: no pygame, no sockets, no asyncio, no clock, no module-level random. Randomness comes
only from each game's seeded ``engine.rng.Rng``. See ``../shared/spec/contract.md`` sections 1–3
and ``docs/architecture.md``. ``GAMES`` maps each game's name to its facts (``engine/info.py``),
declared once by its package.
"""
from __future__ import annotations

from . import tikal, tortuga
from .base import Game
from .errors import IllegalAction, MalformedAction, ScenarioError
from .info import GameInfo, Option
from .rng import Rng

__all__ = [
    "Game",
    "GameInfo",
    "Option",
    "IllegalAction",
    "MalformedAction",
    "ScenarioError",
    "Rng",
    "GAMES",
    "rules_version",
    "new_game",
    "from_scenario",
    "restore",
    "sample_state",
]

_PACKAGES = {p.INFO.name: p for p in (tikal, tortuga)}

#: Each game this engine knows: name -> its ``GameInfo`` (seat range, options, start score,
#: rules versions).
GAMES: dict[str, GameInfo] = {name: p.INFO for name, p in _PACKAGES.items()}


def rules_version(game: str) -> int:
    """The rules version new games of ``game`` are played under (``GAMES[game].rules``). The
    engine also plays every older one of ``GAMES[game].rules_versions``: a journal records the
    version of its game and replays under it (``new_game(..., rules=n)``)."""
    return _package(game).INFO.rules


def _package(game):
    if game not in _PACKAGES:
        raise ScenarioError(f"unknown game {game!r}; known: {', '.join(GAMES)}")
    return _PACKAGES[game]


def new_game(game: str, seats: int, seed: int, options: dict | None = None,
             rules: int | None = None) -> Game:
    """A new game at its first decision. ``options``: Tikal ``{"variant": "base"|"auction",
    "first": int|"random"}``; La Tortuga ``{"cards_as_dice": bool, "first": int|"random"}``.
    ``rules``: the rules version (default the game's current one, ``GAMES[game].rules``; a
    journal of an older game replays under the version it was played with)."""
    return _package(game).new_game(seats=seats, seed=seed, options=dict(options or {}),
                                   rules=rules)


def from_scenario(scenario: dict) -> Game:
    """A game starting from a position described by a scenario dict (contract section 3)."""
    if not isinstance(scenario, dict) or "game" not in scenario:
        raise ScenarioError("a scenario is a dict with a 'game' key")
    return _package(scenario["game"]).from_scenario(scenario)


def restore(snapshot: dict) -> Game:
    """An equal game from ``Game.snapshot()``: same legal actions, same future."""
    if not isinstance(snapshot, dict) or "game" not in snapshot:
        raise ScenarioError("a snapshot is a dict with a 'game' key")
    return _package(snapshot["game"]).restore(snapshot)


def sample_state(view: dict, rng: Rng) -> Game:
    """A full game consistent with ``view`` (a ``Game.view(seat)``), its hidden information drawn
    from ``rng`` (determinization, for bots). Two views that are equal give the same game for the
    same ``rng`` state."""
    return _package(view["game"]).sample_state(view, rng)
