"""La Tortuga (Alex Randolph): the rules of ``../shared/rules/la-tortuga.md`` (L-…).

Modules by rule family: ``cards`` (L-C2 distribution), ``track`` (L-C1, L-R), ``movement`` (L-R,
L-E, L-X1), ``turn`` (L-T, L-E2, phases), ``end`` (L-X), ``serial`` (scenario ⇄ snapshot ⇄ view,
L-H), ``game`` (the ``TortugaGame`` class).
"""
from __future__ import annotations

from .game import TortugaGame
from .serial import from_scenario, new_game, sample_state


def restore(snapshot: dict) -> TortugaGame:
    """A snapshot is a scenario dict with every bit of state: restoring is reading it."""
    return from_scenario(snapshot)


#: Bumped by a rule change that makes a recorded game replay differently (engine.rules_version).
RULES_VERSION = 1

__all__ = ["TortugaGame", "new_game", "from_scenario", "restore", "sample_state"]
