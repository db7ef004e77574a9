"""A host clock a test sets by hand (net/turns.py ``Clock``): ``now()`` stays where the test put
it, and ``advance(seconds)`` runs the timers that come due, in order, on the test's own loop (the
host's, in the same process), so a test says "60 s later" instead of waiting for them."""
from __future__ import annotations


class FakeTimer:
    def __init__(self, when: float, fn):
        self.when, self.fn, self.cancelled = when, fn, False

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    def __init__(self, now: float = 1_700_000_000.0):
        self.t = now
        self.timers: list[FakeTimer] = []

    def now(self) -> float:
        return self.t

    def call_at(self, when: float, fn) -> FakeTimer:
        timer = FakeTimer(when, fn)
        self.timers.append(timer)
        return timer

    def advance(self, seconds: float) -> None:
        self.t += seconds
        while True:
            due = [h for h in self.timers if not h.cancelled and h.when <= self.t]
            if not due:
                return
            first = min(due, key=lambda h: h.when)
            self.timers.remove(first)
            first.fn()
