"""Tikal's analysis API: what bots, the client and tools may read beyond the contract's ``Game``
methods.

Bots (``engine/bots/``) and the client (``game/``) import Tikal only from here and from ``engine``
itself; tests/test_engine_purity.py holds them to it. Everything here is read-only or acts on the
caller's private copy:

- ``TikalGame.s``: the game's ``State`` (``engine/tikal/state.py``; its fields are documented
  there). Read it; change a game only through ``apply``. A bot reads the ``State`` of a game it
  built itself from its view (``engine.sample_state``), never the host's.
- ``with_extra_ap(game, n)``: a private copy whose current AP phase holds ``n`` more AP (a
  planner's what-if: walks it could afford on a later turn).
- read from a view (for clients: what a player sees on the table), each tolerant of a view caught
  half-way through an animation: ``temple_holders(view)`` (who holds each temple and everyone's
  strength there, T-L1/T-V3), ``scoring_now(view)`` (what a scoring would give each seat this
  instant, T-V3), ``stack_outlook(view)`` (tiles left per letter and the volcanoes still in the
  stack, T-S2/T-C1: public knowledge).
- phases ``PLACE, ACTIONS, BID, CHOOSE, OVER``; ``AP_PER_TURN`` (T-T1); ``COST`` (AP per action,
  T-A); ``SET_POINTS`` (T-V3); ``STRENGTH`` (a worker's and the leader's, T-L1); ``distance`` and
  ``BASE_HEX`` (board geometry); ``cheapest_paths(crossings, start, ap)``
  (T-M: the movement rule itself); tile data ``SPECS``, ``ROTATED`` (stones per direction by tile
  and rotation), ``VOLCANO``, ``TREASURE_KINDS``, ``TREASURE_COPIES`` (``tikal-tiles.md``); the
  board's ``HEXES`` in board order and their ``INDEX``.
- ``reachable(view, seat, hex, ap=None)`` (cheapest paths from a view) and ``breakdown(view,
  seat)`` (what a seat would score now, T-V3): for the client's table and results.
"""
from __future__ import annotations

from . import scoring
from .actions import COST
from .board import BASE_HEX, HEXES, INDEX, distance
from .game import breakdown
from .movement import cheapest_paths, reachable
from .scoring import SET_POINTS, majority, temple_owner
from .state import ACTIONS, AP_PER_TURN, BID, CHOOSE, OVER, PLACE
from .tiles import LETTERS, ROTATED, SPECS, STRENGTH, TILE_LIST, TREASURE_COPIES, TREASURE_KINDS, VOLCANO


def with_extra_ap(game, n: int):
    """A private copy of ``game`` whose current AP phase holds ``n`` more AP."""
    s = game.s.copy()
    s.ap += n
    return type(game)(s)


def temple_holders(view: dict) -> list[dict]:
    """Every temple on the board (board order) with who holds it now (T-V3: the guard's owner,
    else the strict majority, T-L1) and each seat's strength there: ``{"hex", "value", "guard"
    (seat or None), "strengths" (per seat), "holder" (seat or None), "tied" (the strongest are
    level, so nobody holds it)}``."""
    s = scoring.scoring_state(view)
    out = []
    for h in sorted(s.level):
        strengths = [scoring.strength(s, seat, h) for seat in range(s.n)]
        guard = s.guards.get(h)
        holder = temple_owner(s, h)
        out.append({"hex": list(h), "value": s.level[h], "guard": guard[0] if guard else None,
                    "strengths": strengths, "holder": holder,
                    "tied": guard is None and majority(s, h) is None and max(strengths) > 0})
    return out


def scoring_now(view: dict) -> list[dict]:
    """What a scoring would give each seat this instant (T-V3): per seat the dict of a ``scored``
    event (temples, treasure sets, totals), from the view alone."""
    s = scoring.scoring_state(view)
    return [scoring.breakdown(s, seat) for seat in range(s.n)]


def stack_outlook(view: dict) -> dict:
    """The tile stack as every player can work it out (T-S2: A tiles on top ... G at the bottom;
    T-C1: which tiles exist): ``{"letters": [(letter, tiles left)...] A..G, "volcanoes": [the
    letter of each volcano still in the stack]}``."""
    out_of_stack = _out_of_stack(view)
    left = [t for t in TILE_LIST if t.id not in out_of_stack]
    return {"letters": [(letter, sum(1 for t in left if t.letter == letter)) for letter in LETTERS],
            "volcanoes": [t.letter for t in left if t.kind == VOLCANO]}


def _out_of_stack(view: dict) -> set:
    """The tiles a view shows outside the stack: on the board, removed, revealed, drawn, the
    volcano set aside."""
    out_of_stack = {t["id"] for t in view.get("tiles", [])}
    out_of_stack |= set(view.get("removed") or []) | set(view.get("revealed") or [])
    if view.get("drawn"):
        out_of_stack.add(view["drawn"])
    if view.get("volcano"):
        out_of_stack.add(view["volcano"]["tile"])
    return out_of_stack


__all__ = ["temple_holders", "scoring_now", "stack_outlook", "with_extra_ap", "PLACE", "ACTIONS",
           "BID", "CHOOSE", "OVER", "AP_PER_TURN", "COST", "SET_POINTS", "STRENGTH", "distance", "BASE_HEX",
           "HEXES", "INDEX",
           "cheapest_paths", "reachable", "breakdown", "SPECS", "ROTATED", "VOLCANO",
           "TREASURE_KINDS", "TREASURE_COPIES"]
