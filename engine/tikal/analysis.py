"""Tikal's analysis API: what bots and tools may read beyond the contract's ``Game`` methods.

Bots (``engine/bots/``) import Tikal only from here and from ``engine`` itself; a test holds them
to it. Everything here is read-only or acts on the caller's private copy:

- ``TikalGame.s``: the game's ``State`` (``engine/tikal/state.py``; its fields are documented
  there). Read it; change a game only through ``apply``. A bot reads the ``State`` of a game it
  built itself from its view (``engine.sample_state``), never the host's.
- ``with_extra_ap(game, n)``: a private copy whose current AP phase holds ``n`` more AP (a
  planner's what-if: walks it could afford on a later turn).
- phases ``PLACE, ACTIONS, BID, CHOOSE, OVER``; ``COST`` (AP per action, T-A); ``SET_POINTS``
  (T-V3); ``distance`` and ``BASE_HEX`` (board geometry); ``cheapest_paths(crossings, start, ap)``
  (T-M: the movement rule itself); tile data ``SPECS``, ``VOLCANO``, ``TREASURE_KINDS``,
  ``TREASURE_COPIES`` (``tikal-tiles.md``).
"""
from __future__ import annotations

from .actions import COST
from .board import BASE_HEX, distance
from .movement import cheapest_paths
from .scoring import SET_POINTS
from .state import ACTIONS, BID, CHOOSE, OVER, PLACE
from .tiles import SPECS, TREASURE_COPIES, TREASURE_KINDS, VOLCANO


def with_extra_ap(game, n: int):
    """A private copy of ``game`` whose current AP phase holds ``n`` more AP."""
    s = game.s.copy()
    s.ap += n
    return type(game)(s)


__all__ = ["with_extra_ap", "PLACE", "ACTIONS", "BID", "CHOOSE", "OVER", "COST", "SET_POINTS",
           "distance", "BASE_HEX", "cheapest_paths", "SPECS", "VOLCANO", "TREASURE_KINDS",
           "TREASURE_COPIES"]
