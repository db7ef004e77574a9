"""Tikal, base game and auction variant (``../shared/rules/tikal.md``).

Public API (the registry in ``engine/__init__.py`` calls the first four):

- ``new_game(seats, seed, options)`` — options ``{"variant": "base"|"auction",
  "first": int|"random"}``
- ``from_scenario(d)`` / ``restore(snapshot)`` — contract section 3; a snapshot is a scenario
- ``sample_state(view, rng)`` — a full game consistent with a view (hidden parts drawn)
- ``reachable(view, seat, hex, ap=None)`` — cheapest paths from a view, for clients and bots
- ``breakdown(view, seat)`` — what a seat would score now (T-V3), from a view, for results screens
- ``TikalGame`` — the ``engine.base.Game`` implementation

Modules by rule family: tiles (T-C data), board (geometry), state, placement (T-P), movement (T-M),
actions (T-A, T-L), scoring (T-V), auction (T-X), flow (T-T, T-V1/2, T-E), serial (T-H).
"""
from .game import TikalGame, breakdown, from_scenario, new_game, restore, sample_state
from .movement import reachable
from .serial import ScenarioError

#: Bumped by a rule change that makes a recorded game replay differently (engine.rules_version).
RULES_VERSION = 1

__all__ = ["TikalGame", "new_game", "from_scenario", "restore", "sample_state", "reachable", "breakdown",
           "ScenarioError"]
