"""A guest's churn of tables limited by what it costs everyone else (docs/protocol.md section 4).

Each ``create`` and ``leave`` changes the list of tables, and the list goes to every connection
in the lobby: what one change costs the others is (those lobby connections) x (the list's bytes).
Each address may make changes that cost the others up to ``RATE`` bytes a second, in bursts of
``BURST``; past that, ``create`` and ``leave`` are refused with ``rate`` until the bucket fills
again. A change nobody else hears of (an empty lobby, a short list) is almost free, so a player
making and leaving a few tables never meets the limit; one guest churning fifty tables in front
of a full lobby does. (The lists themselves are also coalesced per connection: net/host.py.)

    guard = ChurnGuard(time.monotonic, cost=lambda conn: listeners * list_bytes)
    guard.check(conn)        # TableError("rate") while the connection's address is over its share
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .table import TableError

RATE = 256 << 10       # bytes a second an address's changes may cost the lobby ...
BURST = 2 << 20        # ... in bursts of this many


class ChurnGuard:
    def __init__(self, clock: Callable[[], float], cost: Callable[[Any], int],
                 rate: float = RATE, burst: float = BURST):
        self.clock, self.cost = clock, cost
        self.rate, self.burst = rate, burst
        self._buckets: dict[str, list[float]] = {}     # address -> [level, at]
        self.refused = 0

    def check(self, conn: Any) -> None:
        """Charge one change of the lobby to ``conn``'s address, or refuse it (``rate``)."""
        now = self.clock()
        b = self._buckets.get(conn.addr)
        if b is None:
            b = self._buckets[conn.addr] = [self.burst, now]
        b[0] = min(self.burst, b[0] + (now - b[1]) * self.rate)
        b[1] = now
        cost = self.cost(conn)
        if cost > b[0]:
            self.refused += 1
            wait = (cost - b[0]) / self.rate
            raise TableError("rate", "tables made and left too fast for the lobby (each change goes to "
                                     f"everyone in it): try again in {max(1, round(wait))} s")
        b[0] -= cost
        if len(self._buckets) > 1024:       # the full ones are forgotten (the guard stays small)
            self._buckets = {a: v for a, v in self._buckets.items()
                             if v[0] + (now - v[1]) * self.rate < self.burst}
