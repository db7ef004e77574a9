"""Auction decisions (T-X3..T-X5): what each revealed tile is worth, how much to bid, which tile
to choose.

A tile's worth is what the seat's placement value says after choosing it (a volcano: the scoring
round it starts with the chooser first, T-X7). Winning the auction is worth the best tile over
what is likely left later (the mean of the other tiles) plus a small tempo; the bot raises by the
minimum while the price stays below a share of that gain, else passes. Bids are paid in points
(T-X1), so the share stays below one.
"""
from __future__ import annotations

from ...tikal.analysis import ACTIONS, CHOOSE, PLACE
from .search import placed, with_reserve

TEMPO = 1.0
SHARE = 0.6
NEVER = -1e9


def as_chooser(g, me: int):
    """A private copy of ``g`` in which ``me`` has won the auction (for free) and chooses."""
    s = g.s.copy()
    s.auction = None
    s.phase, s.seat, s.ap, s.drawn = CHOOSE, me, 0, None
    return type(g)(s)


def tile_values(g, me: int, place_value) -> dict:
    """{tile: worth to ``me`` of choosing it now}; ``place_value(reserve clone, hex)`` values
    the position at the start of the AP phase (``hex``: where the tile went, or None)."""
    base = as_chooser(g, me)
    out = {}
    for t in sorted(set(g.s.revealed)):
        c = base.clone()
        c.apply({"type": "choose_tile", "tile": t})
        s = c.s
        if s.seat != me:
            out[t] = NEVER
        elif s.phase == PLACE:
            out[t] = max(place_value(placed(c, a), (a["hex"][0], a["hex"][1]))
                         for a in c.legal_actions())
        elif s.phase == ACTIONS:                     # a volcano: my scoring turn comes first
            out[t] = place_value(with_reserve(c), None)
        else:                                        # removed (T-P4): another choice follows
            out[t] = NEVER
    return out


def max_bid(values: dict, score: int) -> int:
    vals = sorted((v for v in values.values() if v > NEVER), reverse=True)
    if not vals:
        return 0
    rest = vals[1:] or vals
    gain = vals[0] - sum(rest) / len(rest) + TEMPO
    return max(0, min(score, int(gain * SHARE)))


def bid_or_pass(view: dict, legal: list, limit: int) -> dict:
    """Raise by the minimum while the price is at most ``limit``, else pass."""
    bids = [a for a in legal if a["type"] == "bid"]
    if bids and bids[0]["amount"] <= limit:
        return bids[0]
    return next(a for a in legal if a["type"] == "pass")


def choose(values: dict, legal: list) -> dict:
    best = max(values.values())
    for a in legal:
        if a["type"] == "choose_tile" and values.get(a["tile"], NEVER) >= best:
            return a
    return legal[0]
