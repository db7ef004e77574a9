"""The auction variant's rounds and bidding (T-X1..T-X8, "professional" rules).

``flow`` decides when these run; this module owns the round's revealed tiles, who has moved, and
the bidding. The bidding state (``s.auction``) is a plain dict::

    {"opener": seat, "bidders": [seats in the auction, clockwise from the opener],
     "active": [seats still in], "passed": [seats in the order they passed],
     "bid": current highest bid (0: none yet), "high": seat of that bid or None}

and ``s.seat`` is the bidder whose decision it is.
"""
from __future__ import annotations

from .state import BID, State


def reveal(s: State, opener: int, events: list) -> None:
    """T-X2: a new round: as many tiles as players are revealed (fewer if the stack runs short);
    nobody has moved yet (markers face up)."""
    k = min(s.n, len(s.stack))
    s.revealed = s.stack[:k]
    del s.stack[:k]
    s.moved = []
    events.append({"type": "round_started", "opener": opener, "revealed": list(s.revealed),
                   "stack_left": len(s.stack), "next_letter": s.stack[0][0] if s.stack else None,
                   "reveal": True})


def unmoved_from(s: State, start: int) -> list:
    """The seats that have not moved this round, clockwise from ``start`` (T-X4)."""
    return [seat for seat in ((start + i) % s.n for i in range(s.n)) if seat not in s.moved]


def next_mover(s: State, start: int):
    """Who moves next in this round, starting the search at ``start`` (T-X4, T-X5):
    ``("free", seat)`` — the last player who has not moved takes the last tile, no auction;
    ``("auction", bidders)`` — an auction among the players who have not moved;
    ``("round_over", None)`` — the revealed tiles ran out (or everybody moved)."""
    bidders = unmoved_from(s, start)
    if not s.revealed or not bidders:
        return "round_over", None
    if len(bidders) == 1:
        return "free", bidders[0]
    return "auction", bidders


def open_auction(s: State, bidders: list, events: list) -> None:
    """T-X3: bidding starts with the opener and goes clockwise."""
    s.auction = {"opener": bidders[0], "bidders": list(bidders), "active": list(bidders),
                 "passed": [], "bid": 0, "high": None}
    s.phase, s.seat, s.ap = BID, bidders[0], 0
    events.append({"type": "auction_started", "opener": bidders[0], "bidders": list(bidders),
                   "revealed": list(s.revealed)})


def _auction(s: State) -> dict:
    """The auction under way (only bid-phase code calls it)."""
    a = s.auction
    assert a is not None, "no auction under way"
    return a


def bid_refusal(s: State, seat: int, amount: int):
    a = _auction(s)
    if amount <= a["bid"]:
        return (f"bid more than the current bid of {a['bid']}", "T-X3")
    if amount < 1 or amount > s.scores[seat]:
        return (f"a bid is a whole number from 1 up to your score "
                             f"({s.scores[seat]})", "T-X3")
    return None


def bid_amounts(s: State, seat: int) -> range:
    """T-X3: every legal bid."""
    return range(_auction(s)["bid"] + 1, s.scores[seat] + 1)


def _next_active(s: State, seat: int) -> int:
    active = _auction(s)["active"]
    for i in range(1, s.n + 1):
        c = (seat + i) % s.n
        if c in active:
            return c
    raise AssertionError("no active bidder")      # unreachable: callers check len(active)


def bid(s: State, seat: int, amount: int, events: list):
    """Returns ``(winner, price)`` when the auction is decided, else None."""
    a = _auction(s)
    a["bid"], a["high"] = amount, seat
    events.append({"type": "bid", "seat": seat, "amount": amount})
    if len(a["active"]) == 1:       # the last one left bid after all others passed
        return seat, amount
    s.seat = _next_active(s, seat)
    return None


def pass_(s: State, seat: int, events: list):
    """Returns ``(winner, price)`` when the auction is decided, else None."""
    a = _auction(s)
    a["active"].remove(seat)
    a["passed"].append(seat)
    events.append({"type": "pass", "seat": seat})
    if not a["active"]:
        # T-X4: every bidder passed without a bid: the first of them to pass moves for free.
        return a["passed"][0], 0
    if len(a["active"]) == 1 and a["high"] is not None:
        return a["high"], a["bid"]                   # T-X3: one bidder left pays the bid
    # Otherwise bidding goes on; with no bid yet, the last one left may still bid or pass.
    s.seat = _next_active(s, seat)
    return None


def win(s: State, seat: int, price: int, events: list) -> None:
    """T-X3: the winner pays the bid (their score goes down by it)."""
    s.scores[seat] -= price
    s.auction = None
    events.append({"type": "auction_won", "seat": seat, "amount": price})


def final_order(s: State) -> list:
    """T-X8: ascending score (fixed at the start of the final round); ties go to the player
    nearest clockwise to the one who placed the last tile (their left first, they last)."""
    lp = s.last_placer if s.last_placer is not None else s.seat
    return sorted(range(s.n), key=lambda seat: (s.scores[seat], (seat - lp - 1) % s.n))
