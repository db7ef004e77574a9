"""The requests that cost the host more than a message (docs/protocol.md sections 14 and 15): a
finished game's replay, the scores of a saved game, read from files and replayed.

One guest asking for them a hundred times a second once pushed every other player's pings to
4-8 s (each request replayed a journal in the shared thread pool, uncached). Now:

- **cached**: a finished game's replay never changes, it is read once and kept (the newest
  ``REPLAYS_KEPT``); the saved games' list and tonight's finished games come from the data dir's
  index (net/saves.py), kept as games are saved, so they change only when a game ends or is
  continued; the list of tables is encoded once while no table changes (``Host.tables_reply``);
- **one in flight per connection**: an ``OffLoop`` effect asked by a connection (net/effects.py,
  ``asker``) is refused (``rate``) while that connection still waits for an earlier one;
- **under a budget**: what must be read runs on one thread of its own, one read at a time for the
  whole host, so that reads never crowd out the loop, the bots or the journal's syncs; the same
  thing asked by several at once (``OffLoop.share``) is read once.

The host carries ``OffLoop`` effects out through ``Reads.run`` (net/host.py).
"""
from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

#: Finished games' replays kept in memory (a long Tikal game's: some 60 KiB).
REPLAYS_KEPT = 32


class Reads:
    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="tikal-reads")
        self.in_flight: set[int] = set()            # connections waiting for an answer
        self.replays: OrderedDict[int, dict] = OrderedDict()
        self._reading: dict[Hashable, asyncio.Future] = {}   # what is being read -> its result
        self.reads = 0                                  # reads done on the thread (tests, bench)

    async def run(self, work: Callable[[], Any], share: Hashable | None = None) -> Any:
        """``work()`` on the reads' own thread (one read at a time for the whole host); with
        ``share``, read once for everyone who asks for it while it is being read."""
        if share is None:
            return await self._read(work)
        fut = self._reading.get(share)
        if fut is None:
            fut = asyncio.ensure_future(self._read(work))
            self._reading[share] = fut
            fut.add_done_callback(lambda _f: self._reading.pop(share, None))
        return await asyncio.shield(fut)

    async def _read(self, work: Callable[[], Any]) -> Any:
        self.reads += 1
        return await asyncio.get_running_loop().run_in_executor(self._pool, work)

    def replay(self, tid: int) -> dict | None:
        """The replay of finished game ``tid`` if it is kept."""
        got = self.replays.get(tid)
        if got is not None:
            self.replays.move_to_end(tid)
        return got

    def keep_replay(self, tid: int, replay: dict) -> None:
        self.replays[tid] = replay
        while len(self.replays) > REPLAYS_KEPT:
            self.replays.popitem(last=False)

    def gone(self, conn_id: int) -> None:
        self.in_flight.discard(conn_id)

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
