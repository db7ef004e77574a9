"""The host command (run_host.py) in a process of its own whose clock the test sets: its time is
read from a file the test writes (``ClockFile``), so a test that kills the host with SIGKILL and
starts it again on the same data dir says "20 s later" across both processes as
tests/fake_clock.py does in one: the turn clocks (net/turns.py) run on that time and nothing else
of the host changes (its sockets, grace periods and pings keep the loop's own time).

    python tests/clock_host.py CLOCK_FILE --headless --port ... (run_host.py's options)
"""
from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: how often the host's process looks at the file for a new time (its timers fire then)
POLL = 0.02


class ClockFile:
    """A test's time for a host in another process: ``now()`` is the number in ``path`` (which
    the test writes with ``set``); the timers of ``call_at`` fire, in order, once the file has
    reached them (looked at every ``POLL`` s on the host's loop)."""

    def __init__(self, path: Path):
        from fake_clock import FakeTimer

        self.path = Path(path)
        self.timer = FakeTimer
        self.timers: list = []
        self.t = 0.0
        self.t = self._read()
        self.polling = False

    def _read(self) -> float:
        try:
            return float(self.path.read_text())
        except (OSError, ValueError):   # (never half written: ``set`` renames a whole file)
            return self.t

    def now(self) -> float:
        self.t = max(self.t, self._read())
        return self.t

    def call_at(self, when: float, fn):
        timer = self.timer(when, fn)
        self.timers.append(timer)
        if not self.polling:
            self.polling = True
            asyncio.get_running_loop().call_soon(self._poll)
        return timer

    def _poll(self) -> None:
        now = self.now()
        while True:
            due = [h for h in self.timers if not h.cancelled and h.when <= now]
            if not due:
                break
            first = min(due, key=lambda h: h.when)
            self.timers.remove(first)
            first.fn()
        self.timers = [h for h in self.timers if not h.cancelled]
        asyncio.get_running_loop().call_later(POLL, self._poll)

    @staticmethod
    def set(path: Path, t: float) -> None:
        """The test's side: the host's time is ``t`` from now on (a whole file, renamed over)."""
        tmp = Path(f"{path}.tmp")
        tmp.write_text(repr(float(t)))
        os.replace(tmp, path)


def main(argv: list[str]) -> int:
    sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
    import net.host
    from tikal_lan.host import main as host_main

    clock = ClockFile(Path(argv[0]))
    made = net.host.Host.__init__

    def with_the_tests_clock(self, config=None, **kw):
        made(self, config, **{**kw, "clock": clock})

    net.host.Host.__init__ = with_the_tests_clock   # type: ignore[method-assign]
    return host_main(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
