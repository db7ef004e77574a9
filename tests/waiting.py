"""How a test waits (issue 29): for the program's own progress (a frame, a move, a message),
never for a span of real time. A busy machine (the suite twice at once beside twelve busy
processes on two cores) makes everything several times slower, so a wait that gives the program
"20 seconds" fails there however right the program is. The only clock here is a guard against a
hang: ``HANG`` seconds in all, or ``HANG`` seconds without progress (``Stall``); and the check in
``tests/test_deadlines.py`` fails when a test sets a shorter one."""
from __future__ import annotations

import asyncio
import os
import time
from typing import Callable

#: seconds: a wait that lasts this long is a hang (never a measure of speed); TIKAL_TEST_HANG sets
#: another while one looks into a hang (a shorter one fails test_deadlines, on purpose)
HANG = float(os.environ.get("TIKAL_TEST_HANG", 180.0))


class Stall:
    """A limit on time *without progress*: ``stalled()`` is True once ``measure()`` (the program's
    progress: a state counter, the number of moves or messages) has not changed for ``idle``
    seconds. A long game on a slow machine never stalls; a stuck one does."""

    def __init__(self, measure: Callable[[], object] = lambda: None, idle: float = HANG):
        self.measure, self.idle = measure, idle
        self.last = measure()
        self.since = time.monotonic()

    def stalled(self) -> bool:
        now, value = time.monotonic(), self.measure()
        if value != self.last:
            self.last, self.since = value, now
        return now - self.since > self.idle

    def check(self, what: str = "it") -> None:
        if self.stalled():
            raise AssertionError(f"no progress towards {what} in {self.idle:g} s: a hang")

    def met(self, cond: Callable[[], object], what: str = "it"):
        """``cond()``'s value; while it is false, a hang (no progress for ``idle`` s) fails."""
        value = cond()
        if not value:
            self.check(what)
        return value


def until(cond: Callable[[], object], what: str = "it", poll: float = 0.01,
          progress: Callable[[], object] = lambda: None, idle: float = HANG):
    """Poll ``cond()`` (in this thread) until it is true, its value returned; a hang (no change
    of ``progress()`` for ``idle`` s) fails."""
    stall = Stall(progress, idle)
    while not (value := stall.met(cond, what)):
        time.sleep(poll)
    return value


async def until_async(cond: Callable[[], object], what: str = "it", poll: float = 0.01,
                      progress: Callable[[], object] = lambda: None, idle: float = HANG):
    """``until`` in a coroutine: the event loop runs (the host, the clients) while it polls."""
    stall = Stall(progress, idle)
    while not (value := stall.met(cond, what)):
        await asyncio.sleep(poll)
    return value
