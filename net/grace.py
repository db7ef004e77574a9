"""Grace periods: a dropped player's seat is held ``grace`` seconds (docs/protocol.md section 3).

The token takes the seat back at any time (``cancel``); when the time is up, ``on_expire(table,
seat)`` lets a bot play it if the table allows.
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .table import Table


class Grace:
    def __init__(self, seconds: float, on_expire: Callable[[Table, int], None]):
        self.seconds = seconds
        self.on_expire = on_expire
        self.loop: asyncio.AbstractEventLoop | None = None   # set by the host's start()
        self.timers: dict[tuple[int, int], asyncio.TimerHandle | None] = {}

    def start(self, t: Table, seat: int):
        """Hold ``seat`` of ``t`` from now (a seat restored before the host runs: from start)."""
        self.cancel(t, seat)
        self.timers[(t.id, seat)] = self.loop.call_later(self.seconds, self._expire, t, seat) \
            if self.loop is not None else None

    def cancel(self, t: Table, seat: int):
        h = self.timers.pop((t.id, seat), None)
        if h is not None:
            h.cancel()

    def cancel_table(self, t: Table):
        for key in [k for k in self.timers if k[0] == t.id]:
            self.cancel(t, key[1])

    def cancel_all(self):
        for h in self.timers.values():
            if h is not None:
                h.cancel()
        self.timers.clear()

    def _expire(self, t: Table, seat: int):
        self.timers.pop((t.id, seat), None)
        self.on_expire(t, seat)
