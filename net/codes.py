"""Guessing a private table's code (docs/protocol.md section 14): wrong codes are limited per
address and per connection, and logged.

A code is 5 letters of 23 (6.4 million codes); without a limit one address tried 1,453 a second,
the whole space in some 4 minutes from 16 addresses. Each address may get ``PER_ADDRESS`` codes
wrong, then one more every ``WINDOW / PER_ADDRESS`` seconds, and so may each connection (a
reconnection is a new one, its address's allowance is not). Past either, joining with a code is
refused (``code_wait``) until the bucket fills again: with 16 addresses guessing, a code holds
for weeks. Never per table: guesses from elsewhere would then lock the right code out (four
guessing addresses kept a friend out 14 times of 14). A right code never counts; those already
at the table stay; coming back to one's own seat (its token, one's key) needs no code.

    guard = CodeGuard(time.monotonic)
    guard.check(addr, conn_id)          # TableError("code_wait") while over a limit
    guard.failed(addr, conn_id, table_id, name)  # a wrong code: counted and logged
"""
from __future__ import annotations

import logging
from collections.abc import Callable

from .table import TableError

log = logging.getLogger("tikal.host")

PER_ADDRESS = 5        # wrong codes an address may send at once ...
PER_CONNECTION = 5     # ... and a connection
WINDOW = 60.0          # ... each bucket fills again over this many seconds


class _Bucket:
    __slots__ = ("level", "at")

    def __init__(self, level: float, at: float):
        self.level, self.at = level, at


class CodeGuard:
    def __init__(self, clock: Callable[[], float], per_address: int = PER_ADDRESS,
                 per_connection: int = PER_CONNECTION, window: float = WINDOW):
        self.clock = clock
        self.sizes = {"addr": per_address, "conn": per_connection}
        self.window = window
        self._buckets: dict[tuple, _Bucket] = {}
        self.refused = 0        # attempts refused while over a limit
        self.wrong = 0          # wrong codes counted

    def _level(self, key: tuple, now: float) -> _Bucket:
        size = self.sizes[key[0]]
        b = self._buckets.get(key)
        if b is None:
            b = self._buckets[key] = _Bucket(float(size), now)
        b.level = min(size, b.level + (now - b.at) * size / self.window)
        b.at = now
        return b

    def check(self, addr: str, conn: int) -> None:
        """Refuse (``code_wait``) a code from connection ``conn`` at ``addr`` while either has
        used up its wrong codes (whatever the table: a guesser learns nothing from an answer)."""
        now = self.clock()
        for key, who in ((("addr", addr), "your address"), (("conn", conn), "this connection")):
            if self._level(key, now).level < 1.0:
                self.refused += 1
                wait = (1.0 - self._level(key, now).level) * self.window / self.sizes[key[0]]
                raise TableError("code_wait", f"too many wrong codes from {who}: try again in "
                                              f"{max(1, round(wait))} s")
        self._forget_full(now)

    def failed(self, addr: str, conn: int, table: int, name: str | None) -> None:
        """A wrong code for ``table`` from connection ``conn`` at ``addr`` (said by ``name``):
        counted against the address and the connection, logged."""
        now = self.clock()
        self.wrong += 1
        for key in (("addr", addr), ("conn", conn)):
            self._level(key, now).level -= 1.0
        log.warning("a wrong code for private table %s from %s (%s)", table, addr, name or "?")

    def _forget_full(self, now: float) -> None:
        """Buckets that filled again are forgotten (the guard stays small)."""
        if len(self._buckets) > 1024:
            for key in [k for k, b in self._buckets.items()
                        if b.level + (now - b.at) * self.sizes[k[0]] / self.window >= self.sizes[k[0]]]:
                del self._buckets[key]
