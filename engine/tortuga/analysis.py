"""La Tortuga's analysis API: what bots, the client and tools may read beyond the contract's
``Game`` methods. Bots and the client import La Tortuga only from here and from ``engine`` itself
(tests/test_engine_purity.py holds them to it).

- ``RAFT``, ``BEACH`` (track spaces, L-C1), ``destination(start, steps) -> (space, passed_beach)``
  (L-R: where a group lands), ``BEACH_EGGS`` (the beach's 7, L-C3), ``complement(*groups)`` (the
  cards not in the given groups: what is left to draw, L-C2).
- ``MAX_SUM`` (the 7 of L-T1, L-T3, L-E2), ``MAX_DICE`` (L-T1), ``CARD_SPAN`` (L-E2 per rules
  version: "turn" or "movement", the span in which at most one card may be played; a view's
  ``turn_card`` is the card played in the current span).
- phases ``CHOOSE_TURTLE, ROLL, DECIDE, OVER``.
"""
from __future__ import annotations

from .cards import BEACH_EGGS, complement
from .flow import CARD_SPAN, MAX_DICE, MAX_SUM
from .state import CHOOSE_TURTLE, DECIDE, OVER, ROLL
from .track import BEACH, RAFT, destination

__all__ = ["RAFT", "BEACH", "destination", "BEACH_EGGS", "complement", "MAX_SUM", "MAX_DICE",
           "CARD_SPAN", "CHOOSE_TURTLE", "ROLL", "DECIDE", "OVER"]
