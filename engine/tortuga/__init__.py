"""La Tortuga (Alex Randolph): the rules of ``../shared/rules/la-tortuga.md`` (L-…).

Public API (the registry in ``engine/__init__.py`` calls the factories):

- ``INFO`` — the game's facts (name, seats, options, rules versions; ``info.py``)
- ``new_game(seats, seed, options, rules=None)`` — options ``{"cards_as_dice": bool,
  "first": int|"random"}``
- ``from_scenario(d)`` / ``restore(snapshot)`` — contract section 3; a snapshot is a scenario
- ``sample_state(view, rng)`` — a full game consistent with a view (hidden parts drawn)
- ``TortugaGame`` — the ``engine.base.Game`` of La Tortuga; ``ScenarioError`` for a bad scenario

The parts every game has (``engine/base.py``): info, state, flow (phases, legal actions, the
dispatch table), scoring, serial, game, analysis. La Tortuga's rules by family besides: cards (L-C2
data), track (L-C1, L-R geometry), catalog (the shared action dicts), movement (L-R, L-E1, L-X1).
"""
from ..errors import ScenarioError
from .game import TortugaGame, from_scenario, new_game, restore, sample_state
from .info import INFO

__all__ = ["INFO", "TortugaGame", "new_game", "from_scenario", "restore", "sample_state",
           "ScenarioError"]
