"""How long the host takes to read a journal before it listens (net/journal.py ``scan``), for the
tails a crash or damage leaves: a 4 MiB tail of zeros (a crash on a file system that extends the
file before the data lands), 4 MiB of random bytes, and a clean journal of a long game.

    python benchmarks/journal_bench.py
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from net import journal as jn  # noqa: E402
from net.table import Table  # noqa: E402


def a_game(path: Path, actions: int) -> bytes:
    j = jn.Journal(path)
    t = Table(1, "tortuga", 2, owner=100, journal=j)
    t.sit(100, "Ana")
    t.sit(101, "Bo")
    t.ask(101, {"t": "ready", "ready": True})
    t.start(100, 3)
    while not t.game.is_over and len(t.history) < actions:
        legal = t.game.legal_actions()
        t.act(100 + t.game.to_act, 0, t.state, legal[len(t.history) % len(legal)])
    j.close()
    return path.read_bytes()


def timed(path: Path) -> tuple[float, jn.Scan]:
    best, s = 1e9, None
    for _ in range(3):
        t0 = time.perf_counter()
        s = jn.scan(path)
        best = min(best, time.perf_counter() - t0)
    return best, s


def main():
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "table-1.journal"
        good = a_game(path, 400)
        print(f"journal scan (format {jn.FORMAT}), best of 3:")
        for what, tail in (("clean", b""), ("4 MiB tail of zeros", bytes(4 << 20)),
                           ("4 MiB tail of random bytes", os.urandom(4 << 20))):
            path.write_bytes(good + tail)
            secs, s = timed(path)
            state = "torn tail" if s.torn else ("damaged" if s.damaged else "whole")
            print(f"    {what:28} {len(good) + len(tail):>9} bytes: {secs * 1000:8.1f} ms "
                  f"({len(s.records)} records, {state})")


if __name__ == "__main__":
    main()
