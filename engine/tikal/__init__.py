"""Tikal, base game and auction variant (``../shared/rules/tikal.md``).

Public API (the registry in ``engine/__init__.py`` calls the factories):

- ``INFO`` — the game's facts (name, seats, options, start scores, rules versions; ``info.py``)
- ``new_game(seats, seed, options, rules=None)`` — options ``{"variant": "base"|"auction",
  "first": int|"random"}``
- ``from_scenario(d)`` / ``restore(snapshot)`` — contract section 3; a snapshot is a scenario
- ``sample_state(view, rng)`` — a full game consistent with a view (hidden parts drawn)
- ``reachable(view, seat, hex, ap=None)`` — cheapest paths from a view, for clients and bots
- ``breakdown(view, seat)`` — what a seat would score now (T-V3), from a view, for results screens
- ``TikalGame`` — the ``engine.base.Game`` of Tikal; ``ScenarioError`` for a bad scenario

The parts every game has (``engine/base.py``): info, state, flow (phases, legal actions, the
dispatch table), scoring, serial, game, analysis. Tikal's rules by family besides: tiles (T-C
data), board (geometry), catalog (the shared action dicts), placement (T-P), movement (T-M),
actions (T-A, T-L), auction (T-X).
"""
from ..errors import ScenarioError
from .game import TikalGame, breakdown, from_scenario, new_game, restore, sample_state
from .info import INFO
from .movement import reachable

__all__ = ["INFO", "TikalGame", "new_game", "from_scenario", "restore", "sample_state",
           "reachable", "breakdown", "ScenarioError"]
